"""Option labels that try an option on a copy (speakeasy.games.speakeasy.table.play.option_labels)
read the same, byte for byte, whether the copy replays the whole round from its listed checkpoint
(R-TURN-1: rounds, Lucky Luciano phases, final scoring) or only the current turn from an unlisted
one: copies, undo and the game's listed checkpoints are unchanged by the turn restarts."""

from __future__ import annotations

import random
from collections.abc import Hashable
from typing import Any

import pytest

from speakeasy import Game
from speakeasy.core.context import Context
from speakeasy.games.speakeasy.table.play import PREVIEW_KINDS, option_labels


def _labelled_game(players: int, seed: int) -> tuple[list[str], Game]:
    """Every labelled decision's option labels (those that try options on copies, and every
    fifth other), the game played by seeded random choices."""
    game = Game.new(players=players, seed=seed)
    rng = random.Random(seed)
    seen: list[str] = []
    while not game.is_over:
        decision = game.pending
        assert decision is not None
        if decision.kind in PREVIEW_KINDS or decision.kind == "truck" or len(seen) % 5 == 0:
            seen.append(repr(option_labels(game)))
        else:
            seen.append(decision.kind)
        game.apply(rng.choice(game.legal_actions()))
    return seen, game


@pytest.mark.parametrize(
    ("players", "seed"), [(2, 1), (2, 4), (3, 2), (3, 9), (4, 3), (4, 11), (4, 20)]
)
def test_labels_are_the_same_with_turn_restarts_as_with_round_restarts(
    players: int, seed: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    fast, game = _labelled_game(players, seed)
    original = Context.checkpoint

    def listed_only(self: Any, restart: Hashable, *, listed: bool = True) -> None:
        if listed:  # the engine before turn restarts: copies replay from the round's start
            original(self, restart)

    with monkeypatch.context() as patch:
        patch.setattr(Context, "checkpoint", listed_only)
        slow, reference = _labelled_game(players, seed)
    assert fast == slow
    assert game.to_data() == reference.to_data()
    assert game.checkpoints == reference.checkpoints  # the listed ones only, as before


def test_undo_and_copies_from_a_turn_restart_match_a_full_replay() -> None:
    """Mid-round, mid-turn: a copy and an undo restart at the turn's unlisted checkpoint."""
    game = Game.new(players=4, seed=5)
    game.copy()  # a game takes its unlisted checkpoints once it has been copied
    rng = random.Random(5)
    for _ in range(150):
        game.apply(rng.choice(game.legal_actions()))
    before = game.to_data()
    full = Game.new(players=4, seed=5)
    for action in game.history[:-1]:
        full.apply(action)
    copied = game.copy()
    game.undo()
    assert copied.to_data() == before
    assert game.to_data() == full.to_data()
    assert game.pending == full.pending

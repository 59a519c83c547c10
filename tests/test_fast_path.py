"""The search-grade fast path, ``copy(history=False)`` (issue 27), over every registered game.

A game without history must never disagree with the normal path: the same seeded random games
are played through the normal game and through history-free copies taken at several steps (and
a copy of such a copy), and after every step the legal actions, the position
(``state_data``), every seat's observation, ``is_over`` and the result are compared. Like
``tests/test_conformance.py`` this reaches each game only through the registry and the core
:class:`~speakeasy.core.engine.Engine` API, so a newly registered game is checked unchanged.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

import speakeasy.games
from speakeasy.core import Engine, NoHistoryError
from speakeasy.core.actions import Event

GAMES = speakeasy.games.names()

#: (game, players) for every registered game and each count it allows among 2-5.
COUNTS = [
    (name, players)
    for name in GAMES
    for players in range(2, 6)
    if speakeasy.games.load(name).min_players <= players <= speakeasy.games.load(name).max_players
]

#: Seeds per (game, players): each a whole random game played through both paths.
SEEDS = (1, 2, 3)

#: Steps at which a history-free copy starts following the normal game (and a copy of that
#: copy, at the second one).
COPY_AT = (0, 9, 60)


def agree(game: Engine[Any, Any, Any], fast: Engine[Any, Any, Any], where: str) -> None:
    """``fast`` is at ``game``'s position: the same decision, options, position, every seat's
    observation, end and result."""
    definition = game.definition
    assert fast.legal_actions() == game.legal_actions(), where
    assert fast.current_player == game.current_player, where
    assert fast.is_over == game.is_over, where
    assert definition.state_data(fast.state) == definition.state_data(game.state), where
    for seat in game.players:
        assert fast.observe(seat) == game.observe(seat), f"{where}, seat {seat}"
    if game.is_over:
        assert fast.result() == game.result(), where


@pytest.mark.parametrize(("name", "players"), COUNTS)
@pytest.mark.parametrize("seed", SEEDS)
def test_history_free_copies_follow_the_normal_game_step_by_step(
    name: str, players: int, seed: int
) -> None:
    game = speakeasy.games.load(name).new_game(players, seed=seed)
    rng = random.Random(seed)
    followers: list[tuple[int, Engine[Any, Any, Any]]] = []
    step = 0
    while True:
        if step in COPY_AT:
            fast = game.copy(history=False)
            assert not fast.keeps_history and game.keeps_history
            followers.append((step, fast))
            if step == COPY_AT[1]:
                followers.append((step, fast.copy(history=False)))  # a copy of a copy
        for start, fast in followers:
            agree(game, fast, f"{name} {players}p seed {seed}: step {step} (copied at {start})")
        if game.is_over:
            break
        index = rng.randrange(len(game.legal_actions()))
        game.apply(game.legal_actions()[index])
        for _, fast in followers:
            assert fast.apply(fast.legal_actions()[index]) == []  # no events are kept
        step += 1
    assert len(followers) == len(COPY_AT) + 1, "the game ended before the last copy step"


@pytest.mark.parametrize("name", GAMES)
def test_a_game_played_forward_only_gives_history_free_copies_from_its_start(name: str) -> None:
    """A game made with ``checkpoints=False`` has no checkpoint: its history-free copy is
    replayed from the game's start, and still follows it."""
    descriptor = speakeasy.games.load(name)
    model = descriptor.new_game(descriptor.min_players, seed=5)
    game = type(model)(model.players, 5, model.options, checkpoints=False)
    rng = random.Random(5)
    for _ in range(25):
        game.apply(rng.choice(game.legal_actions()))
    fast = game.copy(history=False)
    while not game.is_over:
        agree(game, fast, f"{name} step {len(game.history)}")
        index = rng.randrange(len(game.legal_actions()))
        game.apply(game.legal_actions()[index])
        fast.apply(fast.legal_actions()[index])
    agree(game, fast, f"{name} at the end")


@pytest.mark.parametrize("name", GAMES)
def test_a_game_without_history_refuses_what_needs_one_clearly(name: str) -> None:
    game = speakeasy.games.load(name).new_game(speakeasy.games.load(name).min_players, seed=8)
    rng = random.Random(8)
    for _ in range(12):
        game.apply(rng.choice(game.legal_actions()))
    fast = game.copy(history=False)
    refused = {
        "undo": fast.undo,
        "redo": fast.redo,
        "go to a step": lambda: fast.goto(0),
        "replay a step event by event": fast.frames,
        "be saved": fast.to_json,
        "give its history": lambda: fast.history,
        "give its steps": lambda: fast.steps,
        "give its events": lambda: fast.events,
        "give its checkpoints": lambda: fast.checkpoints,
        "make a copy with history": fast.copy,
    }
    for what, call in refused.items():
        with pytest.raises(NoHistoryError, match=f"cannot {what};"):
            call()
    # The refusals changed nothing, and the game plays on like the one it came from.
    agree(game, fast, f"{name} after the refusals")
    assert fast == fast and fast != game and game != fast  # nothing to compare but itself
    before = len(game.history)
    action = rng.choice(game.legal_actions())
    assert fast.apply(action) == []
    game.apply(action)
    agree(game, fast, f"{name} after one more step")
    assert len(game.history) == before + 1  # the original keeps its own history
    game.undo()
    assert fast.legal_actions() != [] and game.keeps_history


@pytest.mark.parametrize("name", GAMES)
def test_the_checkpoints_a_first_copy_hands_over_rebuild_the_game_exactly(name: str) -> None:
    """A game takes its unlisted checkpoints only once copied; the first history-free copy's
    replay takes those it passes and hands them to the game: its undos, copies and later
    history-free copies then agree with a game replayed in full, events included."""
    descriptor = speakeasy.games.load(name)
    players = descriptor.max_players
    game = descriptor.new_game(players, seed=4)
    rng = random.Random(4)
    while len(game.history) - max((c.step for c in game.checkpoints), default=0) < 25:
        game.apply(rng.choice(game.legal_actions()))
    listed = game.checkpoints
    fast = game.copy(history=False)
    assert game.checkpoints == listed  # the unlisted ones only were added
    for _ in range(30):
        if game.is_over:
            break
        index = rng.randrange(len(game.legal_actions()))
        game.apply(game.legal_actions()[index])
        fast.apply(fast.legal_actions()[index])
        agree(game, fast, f"{name} step {len(game.history)}")
        agree(game, game.copy(history=False), f"{name} step {len(game.history)}, a new copy")
    for _ in range(3):
        full = descriptor.new_game(players, seed=4)
        for action in game.history:
            full.apply(action)
        copied = game.copy()
        for other in (copied, full):
            assert other.events == game.events and other.to_data() == game.to_data()
            assert other.legal_actions() == game.legal_actions()
        game.undo()


def _mid_phase_names() -> list[str]:
    """The shipped Mafia City positions that start in the middle of phase I (``turn``), of
    phase II (``cubes``) or at phase IV (``end``)."""
    from speakeasy.games.mafia_city.positions import load_position, position_names

    return [
        name
        for name in position_names()
        if (data := load_position(name).data).get("phase") == "end"
        or "turn" in data
        or (data.get("phase") == "location" and data.get("cubes"))
    ]


@pytest.mark.parametrize("name", _mid_phase_names())
def test_a_position_started_mid_phase_rebuilds_and_copies_exactly(name: str) -> None:
    """A Mafia City position that starts in the middle of phase I (its flow resumes at
    ``turn`` with the passes as they are, MC-ACT-2), of phase II (the cubes placed, MC-LOC-9)
    or at phase IV (MC-END), played on at random: history-free copies follow it step by step,
    and after it has been copied (so it keeps the unlisted per-turn and per-cycle checkpoints,
    whose restarts announce no phase again) its copies, its undos and a full replay from the
    position agree with it, events included."""
    from speakeasy.games.mafia_city.positions import load_position

    position = load_position(name)
    for seed in (1, 2):
        game = position.game()
        rng = random.Random(seed)
        followers = [game.copy(history=False)]
        for step in range(90):
            if game.is_over:
                break
            if step == 20:
                followers.append(game.copy(history=False))  # after 20 steps unlisted
            index = rng.randrange(len(game.legal_actions()))
            game.apply(game.legal_actions()[index])
            for fast in followers:
                fast.apply(fast.legal_actions()[index])
                agree(game, fast, f"{name} seed {seed} step {step}")
        for _ in range(4):
            full = position.game()
            for action in game.history[len(full.history) :]:
                full.apply(action)
            copied = game.copy()
            for other in (copied, full):
                assert other.events == game.events, f"{name} seed {seed}"
                assert other.to_data() == game.to_data(), f"{name} seed {seed}"
                assert other.legal_actions() == game.legal_actions()
            agree(game, game.copy(history=False), f"{name} seed {seed}, a new copy")
            for _ in range(7):  # back towards the position's own actions, not past them
                if len(game.history) > len(position.data.get("actions", ())):
                    game.undo()


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("seed", [1, 2])
def test_a_listener_hears_on_a_copy_without_history_the_events_the_game_records(
    name: str, seed: int
) -> None:
    """``listen`` (the coach's ledger): a game without history keeps no events, but tells its
    listener, from the step it starts listening, exactly the events the normal game records
    from that step on, to the end of the game."""
    game_type = speakeasy.games.load(name)
    game = game_type.new_game(game_type.min_players, seed=seed)
    rng = random.Random(seed)
    for _ in range(20):
        game.apply(rng.choice(game.legal_actions()))
    fast, heard = game.copy(history=False), list[Event]()
    fast.listen(heard.append)
    other, own = fast.copy(history=False), list[Event]()  # a copy has no listener of its own
    other.listen(own.append)
    while not own and not other.is_over:
        other.apply(other.legal_actions()[0])
    assert own and heard == []
    start = len(game.events)
    while not game.is_over:
        index = rng.randrange(len(game.legal_actions()))
        game.apply(game.legal_actions()[index])
        assert fast.apply(fast.legal_actions()[index]) == []
    assert heard and heard == list(game.events[start:])

"""Scripting comfort (issue 15 §6): bots or a policy play until a condition, so a script answers
only the decisions it cares about. Rounds, acts and the Lucky Luciano phase: R-ACT-1/2, R-TURN-1,
R-GANGWAR-1."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from speakeasy import Colour, Game
from speakeasy.core.actions import Event
from speakeasy.games.speakeasy.engine.bots import LUCIANO_EVENTS, RandomBot, play_until
from speakeasy.games.speakeasy.model.kinds import EventKind


def test_until_a_seat_stops_before_its_decision() -> None:
    game = Game.new(players=3, seed=4)
    me = Colour.GREEN
    play_until(game, RandomBot(seed=1), me)
    assert game.current_player is me
    before = len(game.history)
    assert play_until(game, RandomBot(seed=1), me) == []  # already my decision: nothing played
    assert len(game.history) == before


def test_until_the_next_round_stops_at_the_first_decision_of_that_round() -> None:
    """R-ACT-1: a ``round`` event opens each round; play stops right after it."""
    game = Game.new(players=2, seed=7)
    start = (game.state.act, game.state.round)
    events = play_until(game, RandomBot(seed=3), "round")
    rounds = [e for e in events if e.kind == EventKind.ROUND]
    assert len(rounds) == 1
    assert (game.state.act, game.state.round) != start
    assert any(e.kind == EventKind.ROUND for e in game.steps[-1].events)  # stopped right after


def test_until_the_lucky_luciano_phase_and_then_the_next_act() -> None:
    """R-ACT-2: acts 1-3 end with the Lucky Luciano phase (R-GANGWAR-1 first)."""
    game = Game.new(players=2, seed=1)
    events = play_until(game, RandomBot(seed=11), "luciano")
    assert any(e.kind in LUCIANO_EVENTS for e in events)
    assert game.state.act == 1
    play_until(game, RandomBot(seed=11), "act")
    assert game.state.act == 2


def test_a_policy_per_seat_and_a_custom_test() -> None:
    game = Game.new(players=2, seed=2)
    bots = {c: RandomBot(seed=n) for n, c in enumerate(game.colours)}

    def three_cards_drawn(_game: Game, events: Sequence[Event]) -> bool:
        return sum(e.kind == EventKind.DRAW for e in events) >= 3

    events = play_until(game, bots, three_cards_drawn)
    assert sum(e.kind == EventKind.DRAW for e in events) >= 3


def test_a_seat_without_a_bot_stops_play_and_limits_hold() -> None:
    game = Game.new(players=2, seed=2)
    human = game.colours[1]
    play_until(game, {game.colours[0]: RandomBot(seed=1)}, "luciano")
    assert game.current_player is human or game.is_over
    other = Game.new(players=2, seed=2)
    play_until(other, RandomBot(seed=1), "luciano", max_decisions=5)
    assert len(other.history) == 5
    with pytest.raises(ValueError, match="play until"):
        play_until(other, RandomBot(seed=1), "forever")  # type: ignore[arg-type]


def test_play_until_is_deterministic() -> None:
    a, b = Game.new(players=4, seed=9), Game.new(players=4, seed=9)
    play_until(a, RandomBot(seed=2), "luciano")
    play_until(b, RandomBot(seed=2), "luciano")
    assert a == b

"""Shared checks of the determinization tests (issue 27): the positions of seeded random games
at which each game's ``determinize`` is tried, and the properties every game's must have."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from typing import Any

from speakeasy.core.bots import RandomBot, decide
from speakeasy.core.engine import Engine

#: A game's ``determinize(observation, rng)``.
Determinize = Callable[[Any, random.Random], Any]


def positions(new: Callable[[int], Engine[Any, Any, Any]], seed: int, every: int) -> Iterator[Any]:
    """Every ``every``-th position of a seeded random game made by ``new(seed)`` (its first
    one too), the game itself at each (it goes on after the caller looks)."""
    game = new(seed)
    bot = RandomBot(seed=seed)
    step = 0
    while not game.is_over:
        if step % every == 0:
            yield game
        game.apply(decide(game, bot))
        step += 1


def leaves(value: Any) -> set[str]:
    """Every text inside ``value`` (dataclasses, dicts, lists, tuples)."""
    found: set[str] = set()
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            found.add(item)
        elif isinstance(item, dict):
            stack.extend(item.keys())
            stack.extend(item.values())
        elif isinstance(item, list | tuple | set | frozenset):
            stack.extend(item)
        elif hasattr(item, "__dataclass_fields__"):
            stack.extend(getattr(item, name) for name in item.__dataclass_fields__)
    return found


def check_determinization(
    game: Engine[Any, Any, Any], seat: Any, determinize: Determinize, seed: int
) -> Engine[Any, Any, Any]:
    """The properties of a determinization of ``game`` seen from ``seat`` (drawn with
    ``seed``): it shows the seat exactly what the game shows (its record of the turn too),
    waits for the same player and, for the seat's own decision, offers the same options, and
    it keeps no history. Returns it."""
    seen = game.observe(seat)
    sampled: Engine[Any, Any, Any] = determinize(seen, random.Random(seed))
    again = sampled.observe(seat)
    assert again == seen
    assert again.recent == seen.recent
    assert sampled.current_player == game.current_player
    if game.current_player == seat:
        assert sampled.legal_actions() == game.legal_actions()
    assert not sampled.keeps_history
    return sampled


def check_blind_to_hidden_facts(
    game: Engine[Any, Any, Any], seat: Any, determinize: Determinize, seed: int
) -> None:
    """Two games that differ only in facts ``seat`` cannot see (``game`` and one drawn from
    its observation) give the same determinization for the same RNG."""
    other = determinize(game.observe(seat), random.Random(seed))
    assert other.observe(seat) == game.observe(seat)
    first = determinize(game.observe(seat), random.Random(seed + 1))
    second = determinize(other.observe(seat), random.Random(seed + 1))
    data = game.definition.state_data
    assert data(first.state) == data(second.state)
    assert first.legal_actions() == second.legal_actions()


def play_out(game: Engine[Any, Any, Any], seed: int) -> None:
    """Play ``game`` to its end with random moves (the rules must never fail)."""
    bot = RandomBot(seed=seed)
    while not game.is_over:
        game.apply(decide(game, bot))

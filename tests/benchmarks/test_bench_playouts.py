"""Benchmark of the search-grade fast path (issue 27): a random playout from a fixed seeded
mid-game position through ``copy(history=False)``, next to the same playout through
``copy()``, for every registered game. The comparison with fff21e8 runs in
``tests/benchmarks/playouts.py`` (two trees side by side); nothing here asserts a time."""

from __future__ import annotations

import random
from typing import Any

import pytest
from pytest_benchmark.fixture import BenchmarkFixture

import speakeasy.games

#: (players, random decisions played to reach the position), as ``playouts.py``.
POSITIONS = {"speakeasy": (4, 140), "mafia-city": (5, 120)}


def position(name: str, seed: int = 1) -> Any:
    players, depth = POSITIONS.get(name, (speakeasy.games.load(name).max_players, 100))
    game = speakeasy.games.load(name).new_game(players, seed=seed)
    rng = random.Random(seed)
    for _ in range(depth):
        game.apply(rng.choice(game.legal_actions()))
    return game


def playout(game: Any, history: bool, seed: int) -> Any:
    copy = game.copy(history=history)
    rng = random.Random(seed)
    while copy.pending is not None:
        copy.apply(rng.choice(copy.legal_actions()))
    return copy


@pytest.mark.parametrize("history", [False, True], ids=["fast", "copy"])
@pytest.mark.parametrize("name", speakeasy.games.names())
def test_bench_playout(benchmark: BenchmarkFixture, name: str, history: bool) -> None:
    game = position(name)
    seeds = iter(range(10**6))
    done = benchmark(lambda: playout(game, history, next(seeds)))
    assert done.is_over and done.keeps_history is history

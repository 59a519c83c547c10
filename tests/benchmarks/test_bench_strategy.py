"""Benchmarks of the heuristic bot (``pytest tests/benchmarks --benchmark-enable``).

Target: a median of at most 2 ms per decision of
:class:`speakeasy.games.speakeasy.studies.strategy.HeuristicBot`. Nothing asserts time; the medians
appear in pytest-benchmark's table. In the normal test run
``--benchmark-disable`` makes each benchmark run once, as a smoke test. The win rate against
random bots is measured by ``tests/benchmarks/winrate.py`` (not a timed test).
"""

from __future__ import annotations

import pytest
from pytest_benchmark.fixture import BenchmarkFixture

from speakeasy import Game
from speakeasy.core.bots import decide
from speakeasy.games.speakeasy.studies.strategy import HeuristicBot


def _after(players: int, seed: int, steps: int, kind: str | None = None) -> Game:
    """A game played by heuristic bots for ``steps`` decisions, then on to a ``kind`` one."""
    game = Game.new(players=players, seed=seed)
    bot = HeuristicBot(seed=seed)
    for _ in range(steps):
        game.apply(decide(game, bot))
    while kind is not None and game.pending is not None and game.pending.kind != kind:
        game.apply(decide(game, bot))
    return game


@pytest.fixture(scope="module")
def capo_decision() -> Game:
    """A 4-player mid-game capo placement: the costliest everyday decision (every person is
    valued, builds included)."""
    return _after(4, 7, 150, "capo")


def test_bench_heuristic_capo_decision(benchmark: BenchmarkFixture, capo_decision: Game) -> None:
    bot = HeuristicBot(seed=1)
    action = benchmark(decide, capo_decision, bot)
    assert action in capo_decision.legal_actions()


def test_bench_heuristic_decisions_of_a_game(benchmark: BenchmarkFixture) -> None:
    """One heuristic decision, cycling over the first 60 positions of a 2-player game."""
    game = Game.new(players=2, seed=3)
    bot = HeuristicBot(seed=3)
    positions = []
    for _ in range(60):
        positions.append(game.copy())
        game.apply(decide(game, bot))
    cycle = iter(positions * 1000)
    action = benchmark(lambda: decide(next(cycle), HeuristicBot(seed=1)))
    assert action is not None

"""Benchmarks of the Mafia City control explorer (issue 16): the flip search over every single
change, target <= 50 ms median; the Mayor's 5040 evaluation orders. The medians are printed;
nothing here asserts a time (``pytest tests/benchmarks --benchmark-enable -s``)."""

from __future__ import annotations

import pytest
from pytest_benchmark.fixture import BenchmarkFixture

from speakeasy.studies.mafia_city_control import (
    mc_control_table,
    mc_flips,
    mc_mayor_orders,
    mc_sample_position,
)


def _report(benchmark: BenchmarkFixture, what: str) -> None:
    stats = getattr(benchmark, "stats", None)
    if stats is not None:
        print(f"\n{what}: median {stats.stats.median * 1000:.1f} ms")


@pytest.mark.benchmark(group="mafia-city-control")
def test_bench_mc_flip_search(benchmark: BenchmarkFixture) -> None:
    """A 5-player position after phase I: control of all seven and every flipping change."""
    st = mc_sample_position(players=5, seed=1)

    def click() -> object:
        return mc_control_table(st), mc_flips(st)

    _, found = benchmark(click)
    assert found
    _report(benchmark, "MC flip search (5 players)")


@pytest.mark.benchmark(group="mafia-city-control")
def test_bench_mc_mayor_orders(benchmark: BenchmarkFixture) -> None:
    """All 5040 orders through the engine's phase II (informative; no target in the issue)."""
    st = mc_sample_position(players=4, seed=1)
    scores = benchmark(lambda: mc_mayor_orders(st, st.players[0]))
    assert len(scores) == 5040
    _report(benchmark, "MC Mayor's 5040 orders (4 players)")

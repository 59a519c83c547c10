"""Benchmarks of the Mafia City control explorer (issue 16): the flip search over every single
change, target <= 50 ms median; the Mayor's 5040 evaluation orders. The medians are printed;
nothing here asserts a time (``pytest tests/benchmarks --benchmark-enable -s``)."""

from __future__ import annotations

import pytest
from pytest_benchmark.fixture import BenchmarkFixture

from speakeasy.games.mafia_city.figures.control_figure import control_map
from speakeasy.games.mafia_city.studies.control import (
    control_table,
    flips,
    mayor_orders,
    sample_position,
)


def _report(benchmark: BenchmarkFixture, what: str) -> None:
    stats = getattr(benchmark, "stats", None)
    if stats is not None:
        print(f"\n{what}: median {stats.stats.median * 1000:.1f} ms")


@pytest.mark.benchmark(group="mafia-city-control")
def test_bench_mc_flip_search(benchmark: BenchmarkFixture) -> None:
    """A 5-player position after phase I: control of all seven and every flipping change."""
    st = sample_position(players=5, seed=1)

    def click() -> object:
        return control_table(st), flips(st)

    _, found = benchmark(click)
    assert found
    _report(benchmark, "MC flip search (5 players)")


@pytest.mark.benchmark(group="mafia-city-control")
def test_bench_mc_mayor_orders(benchmark: BenchmarkFixture) -> None:
    """All 5040 orders through the engine's phase II (informative; no target in the issue)."""
    st = sample_position(players=4, seed=1)
    scores = benchmark(lambda: mayor_orders(st, st.players[0]))
    assert len(scores) == 5040
    _report(benchmark, "MC Mayor's 5040 orders (4 players)")


@pytest.mark.benchmark(group="mafia-city-control")
def test_bench_mc_control_map(benchmark: BenchmarkFixture) -> None:
    """The explorer's map, redrawn at every edit of the position (issue 26 item 12: B's clicks
    while A types into these boxes). Its 30-odd annotations are set in one go: added one by
    one, plotly re-validated all earlier ones each time, about 0.4 s a map on this machine."""
    st = sample_position(players=5, seed=1)
    rows = control_table(st)
    fig = benchmark(lambda: control_map(st, rows, height=520))
    assert len(fig.layout.annotations) >= 7 * 4
    _report(benchmark, "MC control map (5 players)")

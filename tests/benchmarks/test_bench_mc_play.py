"""Benchmark of one click of the Mafia City play notebook, server side
(``pytest tests/benchmarks/test_bench_mc_play.py --benchmark-enable -s``).

One click in ``notebooks/mafia_city_play.py`` costs: a new snapshot (a copy of the cached
table, the person's decision, the bots' moves up to the next person's decision), the option
groups and their labels, the viewer's observation and the map, the explained log and the
frames of the phase step-through opens on (the latest finished phase II or III). Measured over
whole 3-player games (one person choosing at random against a heuristic and a random bot);
p50 and p95 are printed.
Target (issue 16): the same bound as a Speakeasy play click. Nothing here asserts a time.
"""

from __future__ import annotations

import random
import statistics
import time

import pytest
from pytest_benchmark.fixture import BenchmarkFixture

from speakeasy.games.mafia_city.explain.log import log
from speakeasy.games.mafia_city.figures.map import game_figure
from speakeasy.games.mafia_city.table.play import Table, TableSnapshot, advance, table_for

SEEDS = (21, 22, 23)
SEATS = {"red": "human", "blue": "heuristic", "green": "random"}


def _click(snap: TableSnapshot, rng: random.Random) -> TableSnapshot:
    action = rng.choice(table_for(snap).game.legal_actions())
    snap = advance(snap, lambda t: t.choose(action))
    table = table_for(snap)
    for group in table.groups():
        _ = [table.label(a) for a in group.options]
    seen = table.observation()
    game_figure(seen, highlight=table.clickable_locations(), title="t")
    log(table.game, seen.seat)
    shown = table.default_phase()
    if shown is not None:
        table.phase_frames(*shown)
    return snap


def _game(seed: int) -> list[float]:
    rng = random.Random(seed)
    snap = Table.new(SEATS, seed=seed).snapshot()
    times: list[float] = []
    while table_for(snap).game.pending is not None:
        start = time.perf_counter()
        snap = _click(snap, rng)
        times.append(time.perf_counter() - start)
    return times


@pytest.mark.benchmark(group="ui")
def test_bench_mafia_city_play_click(benchmark: BenchmarkFixture) -> None:
    times: list[float] = benchmark.pedantic(  # type: ignore[no-untyped-call]
        lambda: [t for s in SEEDS for t in _game(s)], rounds=1
    )
    assert len(times) >= 30
    cuts = statistics.quantiles(times, n=100, method="inclusive")
    print(
        f"\nMafia City play click (server side): {len(times)} clicks, "
        f"p50 {statistics.median(times) * 1000:.1f} ms, p95 {cuts[94] * 1000:.1f} ms, "
        f"max {max(times) * 1000:.1f} ms"
    )

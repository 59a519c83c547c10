"""Benchmarks of the truck planner (run with ``pytest tests/benchmarks --benchmark-enable``).

Target: a median of at most 20 ms for :func:`speakeasy.games.speakeasy.studies.planner.best_plan` on
a typical mid-game position. Nothing asserts time; the medians are printed (``-s`` shows them) and
appear in pytest-benchmark's table. In the normal test run ``--benchmark-disable`` makes each
benchmark run once, as a smoke test.
"""

from __future__ import annotations

from pytest_benchmark.fixture import BenchmarkFixture

from speakeasy.games.speakeasy.model.state import Building, BuildingType, Colour, Track
from speakeasy.games.speakeasy.rules.context import Ctx
from speakeasy.games.speakeasy.studies.planner import Plan, best_plan, possible_deliveries
from tests.support import clear_map, new_ctx

PURPLE = Colour.PURPLE
BAR, NC, CASINO, DIST = (
    BuildingType.BAR,
    BuildingType.NIGHTCLUB,
    BuildingType.CASINO,
    BuildingType.DISTILLERY,
)


def _build(ctx: Ctx, district: int, space: int, kind: BuildingType) -> None:
    spot = ctx.state.districts[district].spaces[space]
    spot.gangster_bar = False
    spot.building = Building(PURPLE, kind, f"{kind.value}-bench")


def mid_game(truck_b: int | None = None) -> Ctx:
    """Purple at fleet level 4 (2 trucks): truck 1 in district 3 with 1 barrel, truck 2 off
    the map (or in ``truck_b``); the distillery in 8 holds 4 barrels; Rothstein's ship in 7
    and Daisy's in 13 are within reach; 6 targets: bar 4, casino 5, bar 9, nightclub 12,
    bar 10, casino 14; $15 in the pocket and $10 in the safe."""
    ctx = new_ctx(4, 3)
    clear_map(ctx.state)
    purple = ctx.player(PURPLE)
    purple.levels[Track.FLEET] = 4
    purple.levels[Track.STRENGTH] = 3
    purple.pocket, purple.safe = 15, 10
    ports = {"rothstein": 7, "daisy": 13, "st-clair": 1, "smuggler-4": 16}
    for ship in ctx.state.ships:
        ship.port = ports[ship.ship]
    ctx.state.ships[0].removed = 1
    _build(ctx, 8, 0, DIST)
    purple.distillery_barrels = 4
    for district, kind in ((4, BAR), (5, CASINO), (9, BAR), (12, NC), (10, BAR), (14, CASINO)):
        _build(ctx, district, 0, kind)
    purple.trucks[0].district, purple.trucks[0].barrels = 3, 1
    purple.trucks[1].district = truck_b
    return ctx


def hard() -> Ctx:
    """The mid-game position with both trucks on the map, one more target (bar in 15) and
    more money; benchmarked at range 10 (fleet 5 + a "+2" card + the Garage's "+2" + 1)."""
    ctx = mid_game(truck_b=16)
    _build(ctx, 15, 0, BAR)
    ctx.player(PURPLE).pocket = 40
    return ctx


def _report(benchmark: BenchmarkFixture, name: str, plan: Plan) -> None:
    stats = benchmark.stats
    if stats is not None:  # None when benchmarks are disabled
        median_ms = stats.stats.median * 1000
        print(f"\n{name}: median {median_ms:.2f} ms; plan {plan.objective}")


def test_bench_best_plan_typical(benchmark: BenchmarkFixture) -> None:
    """Typical mid-game: 2 trucks (one off the map), range 6. Target: median <= 20 ms."""
    ctx = mid_game()
    plan = benchmark(best_plan, ctx, PURPLE, 6)
    assert plan.delivered >= 4
    _report(benchmark, "best_plan typical (range 6, one truck off the map)", plan)


def test_bench_best_plan_typical_both_on_map(benchmark: BenchmarkFixture) -> None:
    """Typical mid-game with both trucks on the map, range 5."""
    ctx = mid_game(truck_b=14)
    plan = benchmark(best_plan, ctx, PURPLE, 5)
    assert plan.delivered >= 4
    _report(benchmark, "best_plan typical (range 5, both trucks on the map)", plan)


def test_bench_best_plan_hard(benchmark: BenchmarkFixture) -> None:
    """Hard: range 10, 7 targets, both trucks on the map."""
    ctx = hard()
    plan = benchmark(best_plan, ctx, PURPLE, 10)
    assert plan.delivered >= 6
    _report(benchmark, "best_plan hard (range 10, 7 targets)", plan)


def test_bench_possible_deliveries(benchmark: BenchmarkFixture) -> None:
    ctx = mid_game()
    ways = benchmark(possible_deliveries, ctx, PURPLE, 6)
    assert ways
    _report_ways(benchmark, len(ways))


def _report_ways(benchmark: BenchmarkFixture, count: int) -> None:
    stats = benchmark.stats
    if stats is not None:
        print(f"\npossible_deliveries: median {stats.stats.median * 1000:.2f} ms ({count} ways)")

"""Benchmarks of the what-if explorers (``pytest tests/benchmarks --benchmark-enable -s``).

One click in ``notebooks/control.py`` applies an edit, recomputes every district's control,
the tracks and the payouts, searches the selected district's flipping changes and redraws the
map; one choice in ``notebooks/gang_war.py`` studies a building against its act's deck. Target
(the same as a play step): <= 100 ms. The medians are printed; nothing here asserts a time.
"""

from __future__ import annotations

import pytest
from pytest_benchmark.fixture import BenchmarkFixture

from speakeasy.games.speakeasy.figures.control_figure import control_figure
from speakeasy.games.speakeasy.studies.control import Edit, flips, study_control
from speakeasy.games.speakeasy.studies.gang_war import load_war_position, study_building
from speakeasy.games.speakeasy.studies.positions import Position

E4 = "scenario:e04_police_casino_district_12"


def _report(benchmark: BenchmarkFixture, what: str) -> None:
    stats = getattr(benchmark, "stats", None)
    if stats is not None:
        print(f"\n{what}: median {stats.stats.median * 1000:.1f} ms")


@pytest.mark.benchmark(group="explorers")
def test_bench_control_click(benchmark: BenchmarkFixture) -> None:
    """E4: remove the police from district 12, then everything the notebook shows."""
    start = Position.load(E4)

    def click() -> object:
        after = Edit.remove_police(12).apply(start)
        study = study_control(after.state, after.board)
        return study, flips(after, 12), control_figure(after, 12)

    study, found, _ = benchmark(click)
    assert study.control(12).players  # Yellow now controls 12 (R-CONTROL-4)
    assert found
    _report(benchmark, "control click (edit + study + flips + figure, E4)")


@pytest.mark.benchmark(group="explorers")
def test_bench_gang_war_study(benchmark: BenchmarkFixture) -> None:
    """E3: Purple's bar in district 14 against the Act 2 deck."""
    game = load_war_position("scenario:e03_gang_war_district_14")
    study = benchmark(study_building, game, 14, 0)
    assert study.survival == 0  # best defence 7 < war strength 8 (E3)
    _report(benchmark, "gang-war study (one building, E3)")

"""Benchmark of one UI step of the play notebooks (``pytest tests/benchmarks --benchmark-enable``).

One step is what a click costs: apply the human's decision (and the bots' moves after it),
group the new options, explain the greyed-out ones and the new events, and rebuild the figure
with the changes since the previous decision ringed. It is measured over many steps of a
2-player game against a bot, from the middle of the game on; the p50 and p95 are printed (run
with ``-s`` to see them). Target (issue): p95 <= 100 ms. Nothing here asserts a time.

The marimo variant also rebuilds the table from its immutable snapshot (a replay of the whole
history) and replays the position at the previous decision, as ``notebooks/play.py`` does.
"""

from __future__ import annotations

import copy
import random
import statistics
import time
from collections.abc import Callable

import pytest
from pytest_benchmark.fixture import BenchmarkFixture

from speakeasy.core.actions import Action
from speakeasy.games.speakeasy.explain.events import explain_event
from speakeasy.games.speakeasy.explain.refusals import explain_blocked
from speakeasy.games.speakeasy.figures.game_figure import game_figure
from speakeasy.games.speakeasy.table.play import Table, TableSnapshot, advance, table_for

SEEDS = (11, 12, 13)
WARM_UP = 20  # human decisions before the measured ones (act 1 is over: mid-game)
STEPS = 60  # measured UI steps per game (fewer if it ends first)


def _mid_game(seed: int) -> Table:
    table = Table.new({"purple": "human", "blue": "bot"}, seed=seed)
    rng = random.Random(seed)
    for _ in range(WARM_UP):
        table.choose(rng.choice(table.game.legal_actions()))
    assert not table.game.is_over
    return table


def _percentiles(times: list[float]) -> tuple[float, float]:
    cuts = statistics.quantiles(times, n=100, method="inclusive")
    return statistics.median(times), cuts[94]


def _report(what: str, times: list[float]) -> None:
    p50, p95 = _percentiles(times)
    print(
        f"\n{what}: {len(times)} steps, p50 {p50 * 1000:.1f} ms, p95 {p95 * 1000:.1f} ms, "
        f"max {max(times) * 1000:.1f} ms"
    )


def _ui_step(table: Table, action: Action) -> int:
    """Apply, group, explain, draw: what the Jupyter notebook does for one click."""
    previous = copy.deepcopy(table.game.state)
    events = table.choose(action)
    groups = table.groups()
    decision = table.game.pending
    blocked = explain_blocked(decision, table.game.state) if decision else []
    explained = [explain_event(e) for e in events]
    figure = game_figure(
        table.game.state,
        table.game.board,
        previous=previous,
        highlight=table.clickable_districts(),
    )
    return len(groups) + len(blocked) + len(explained) + len(figure.data)


def _measure(step: Callable[[random.Random], bool], seed: int) -> list[float]:
    rng = random.Random(seed + 1)
    times: list[float] = []
    for _ in range(STEPS):
        start = time.perf_counter()
        if not step(rng):
            break
        times.append(time.perf_counter() - start)
    return times


@pytest.mark.benchmark(group="ui")
def test_bench_ui_step_live_table(benchmark: BenchmarkFixture) -> None:
    """One UI step on a live table (the JupyterLab notebook)."""

    def game(seed: int) -> list[float]:
        table = _mid_game(seed)

        def step(rng: random.Random) -> bool:
            if table.game.is_over:
                return False
            return _ui_step(table, rng.choice(table.game.legal_actions())) > 0

        return _measure(step, seed)

    times: list[float] = benchmark.pedantic(  # type: ignore[no-untyped-call]
        lambda: [t for s in SEEDS for t in game(s)], rounds=1
    )
    assert len(times) >= 60
    _report("UI step, live table (apply + options + explanations + figure)", times)


@pytest.mark.benchmark(group="ui")
def test_bench_ui_step_marimo_snapshots(benchmark: BenchmarkFixture) -> None:
    """One UI step through immutable snapshots (the marimo notebook): replay, apply, cache."""

    def game(seed: int) -> list[float]:
        snap: TableSnapshot = _mid_game(seed).snapshot()

        def step(rng: random.Random) -> bool:
            nonlocal snap
            if table_for(snap).game.is_over:
                return False
            action = rng.choice(table_for(snap).game.legal_actions())
            before = snap.step
            snap = advance(snap, lambda t: t.choose(action))
            table = table_for(snap)
            decision = table.game.pending
            table.groups()
            if decision is not None:
                explain_blocked(decision, table.game.state)
            _ = [explain_event(e) for s in table.game.steps[before:] for e in s.events]
            game_figure(
                table.game.state,
                table.game.board,
                previous=table.previous_state(),
                highlight=table.clickable_districts(),
            )
            return True

        return _measure(step, seed)

    times: list[float] = benchmark.pedantic(  # type: ignore[no-untyped-call]
        lambda: [t for s in SEEDS for t in game(s)], rounds=1
    )
    assert len(times) >= 60
    _report("UI step, marimo snapshots (replay + apply + options + explanations + figure)", times)


@pytest.mark.benchmark(group="ui")
def test_bench_play_session_click_early_and_late(benchmark: BenchmarkFixture) -> None:
    """One click on the play table as the marimo notebook handles it now (issue 13): the
    decision panel's request played by :class:`~speakeasy.games.speakeasy.table.PlaySession` (apply,
    the heuristic bot's moves, the panel's data, the map's figure data and its SVG), in the
    first 40 steps and after step 150 of the same games. The work per click must not grow
    with the history: the printed ratio late/early is about 1."""
    from speakeasy.games.speakeasy.table.play_panel import PlaySession

    def game(seed: int) -> tuple[list[float], list[float]]:
        session = PlaySession(
            Table.new({"purple": "human", "blue": "heuristic"}, seed=seed).snapshot()
        )
        rng = random.Random(seed)
        early: list[float] = []
        late: list[float] = []
        while session.panel.data["kind"] is not None:
            view = session.panel.data
            index = rng.randrange(len(view["options"]))
            request = {"n": 1, "step": view["step"], "kind": "choose", "index": index}
            start = time.perf_counter()
            session.panel.request(request)
            elapsed = time.perf_counter() - start
            if view["step"] < 40:
                early.append(elapsed)
            elif view["step"] > 150:
                late.append(elapsed)
        return early, late

    results = benchmark.pedantic(  # type: ignore[no-untyped-call]
        lambda: [game(s) for s in SEEDS], rounds=1
    )
    early = [t for e, _ in results for t in e]
    late = [t for _, lt in results for t in lt]
    assert len(early) >= 30 and len(late) >= 30
    _report("play click, steps < 40", early)
    _report("play click, steps > 150", late)
    print(f"late/early p50: {statistics.median(late) / statistics.median(early):.2f}")

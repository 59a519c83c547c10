"""Benchmarks of the foundation (run with ``pytest tests/benchmarks --benchmark-enable``).

In the normal test run ``--benchmark-disable`` makes each of these run once, as a smoke test.
"""

from __future__ import annotations

import subprocess
import sys

from pytest_benchmark.fixture import BenchmarkFixture

from speakeasy import load_board
from speakeasy.games.speakeasy.figures.board_figure import board_figure
from speakeasy.games.speakeasy.model.board import DEFAULT_BOARD_PATH
from speakeasy.games.speakeasy.model.catalog.loader import DEFAULT_CATALOG_DIR, load_catalog


def test_bench_import_speakeasy(benchmark: BenchmarkFixture) -> None:
    """A fresh interpreter importing the package (includes interpreter start-up)."""
    cmd = [sys.executable, "-c", "import speakeasy"]
    benchmark.pedantic(subprocess.run, args=(cmd,), kwargs={"check": True}, rounds=5)  # type: ignore[no-untyped-call]


def test_bench_python_startup_baseline(benchmark: BenchmarkFixture) -> None:
    """The same interpreter start-up without the import, to subtract from the above."""
    cmd = [sys.executable, "-c", "pass"]
    benchmark.pedantic(subprocess.run, args=(cmd,), kwargs={"check": True}, rounds=5)  # type: ignore[no-untyped-call]


def test_bench_load_board_uncached(benchmark: BenchmarkFixture) -> None:
    """Parse and validate board.toml and build the graph (a user file is never cached)."""
    board = benchmark(load_board, 4, DEFAULT_BOARD_PATH)
    assert board.graph.number_of_nodes() == 16


def test_bench_reachable(benchmark: BenchmarkFixture) -> None:
    board = load_board()
    result = benchmark(board.reachable, 8, 10)
    assert len(result) == 16


def test_bench_shortest_routes(benchmark: BenchmarkFixture) -> None:
    board = load_board()
    assert benchmark(board.shortest_routes, 1, 16)


def test_bench_board_figure_full(benchmark: BenchmarkFixture) -> None:
    """The full figure with every overlay the truck explorer uses."""
    board = load_board()

    def build() -> object:
        return board_figure(
            board,
            reachable=board.reachable(8, 5),
            routes=board.shortest_routes(8, 15),
            highlight=[8, 15],
        )

    fig = benchmark(build)
    assert fig is not None


def test_bench_load_catalog_uncached(benchmark: BenchmarkFixture) -> None:
    """Read and validate every data/catalog file (the default load is cached after this)."""
    catalog = benchmark(load_catalog, DEFAULT_CATALOG_DIR)
    assert len(catalog.operation_cards) == 48

"""Benchmarks of the whole-position figure (``pytest tests/benchmarks --benchmark-enable``).

Target (issue: one UI step <= 100 ms at p95): building the figure of a mid-game 4-player
position <= 40 ms median. The median is printed (run with ``-s`` to see it); nothing here
asserts a time.
"""

from __future__ import annotations

import copy
import random

import pytest
from pytest_benchmark.fixture import BenchmarkFixture

from speakeasy import Game, load_board
from speakeasy.games.speakeasy.figures.game_figure import game_figure, game_repr_mimebundle
from speakeasy.games.speakeasy.model.state import GameState

_PREFER = {"build": 8, "build_space": 8, "protect": 6, "enter": 5, "move": 3, "buy": 5, "ally": 3}


@pytest.fixture(scope="module")
def mid_game() -> tuple[GameState, GameState]:
    """A mid-game 4-player position (act 2-3) and the position 6 decisions earlier."""
    game = Game.new(players=4, seed=5)
    rng = random.Random(5)
    before = game.state
    for step in range(160):
        if step == 154:
            before = copy.deepcopy(game.state)
        actions = game.legal_actions()
        game.apply(rng.choices(actions, [_PREFER.get(a.kind, 1) for a in actions])[0])
    assert not game.is_over
    return game.state, before


def _report(benchmark: BenchmarkFixture, what: str) -> None:
    stats = getattr(benchmark, "stats", None)
    if stats is not None:
        print(f"\n{what}: median {stats.stats.median * 1000:.1f} ms")


def test_bench_game_figure_mid_game_4p(
    benchmark: BenchmarkFixture, mid_game: tuple[GameState, GameState]
) -> None:
    state, _ = mid_game
    board = load_board(4)
    fig = benchmark(game_figure, state, board)
    assert fig.data
    _report(benchmark, "game_figure (4p mid-game)")


def test_bench_game_figure_with_previous(
    benchmark: BenchmarkFixture, mid_game: tuple[GameState, GameState]
) -> None:
    state, before = mid_game
    board = load_board(4)
    fig = benchmark(lambda: game_figure(state, board, previous=before))
    assert fig.data
    _report(benchmark, "game_figure (4p mid-game, previous given)")


def test_bench_game_repr_mimebundle(
    benchmark: BenchmarkFixture, mid_game: tuple[GameState, GameState]
) -> None:
    """The Jupyter rich display: figure, plotly JSON, HTML fallback and text summary."""
    state, _ = mid_game
    board = load_board(4)
    bundle = benchmark(game_repr_mimebundle, state, board)
    assert "application/vnd.plotly.v1+json" in bundle
    _report(benchmark, "game_repr_mimebundle (4p mid-game)")

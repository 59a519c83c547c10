"""Benchmarks of option labels that try each option on a copy of the game
(``pytest tests/benchmarks/test_bench_option_labels.py --benchmark-enable``; ``python
tests/benchmarks/test_bench_option_labels.py 8`` times every such decision of 16 games).

The position: the slowest decision to label found over 16 seeded games (seeds 0-7, 2 and 4
players, random bots): 4 players, seed 1, after 285 actions, a build with 21 spaces to choose
from (R-BUILD-1), each tried on a copy. A copy restarts the rules at the nearest checkpoint and
replays the actions since; unlisted checkpoints before each turn (R-TURN-1) cut that replay
from the round to the turn.

Measured on 2 shared cores (load about 4), before = checkpoints at rounds only, after = also
before each turn: CPU ms of ``option_labels`` at every labelled decision of the 16 games:
median 4.5 -> 2.5, p95 44.3 -> 28.7, worst 78.7 -> 58.9; at this position (benchmark
medians) ``option_labels`` 84-102 -> 57-61 ms and ``copy()`` 1.7-1.8 -> 1.1 ms.
The unlisted checkpoints are kept only once a game has been copied, undone or replayed,
so a batch of bot games pays nothing: a full random 4-player game 41 ms median before
and after (always kept, they cost 20%: 49-51 ms). Nothing here asserts a time.
"""

from __future__ import annotations

import statistics
import sys
import time

import pytest
from pytest_benchmark.fixture import BenchmarkFixture

from speakeasy import Game
from speakeasy.core.bots import decide
from speakeasy.games.speakeasy.engine.bots import RandomBot
from speakeasy.games.speakeasy.table.play import PREVIEW_KINDS, option_labels


def position(players: int, seed: int, step: int | None = None) -> Game:
    """The game of random bots (seeds ``seed * 10 + seat``) after ``step`` actions."""
    game = Game.new(players=players, seed=seed)
    bots = {c: RandomBot(seed=seed * 10 + i) for i, c in enumerate(game.colours)}
    while not game.is_over and (step is None or len(game.history) < step):
        colour = game.current_player
        assert colour is not None
        game.apply(decide(game, bots[colour]))
    return game


@pytest.fixture(scope="module")
def many_build_spaces() -> Game:
    """The ``build_space`` decision with the most options in the seeded 4-player game (found
    by playing it through, so a change of rules that reshapes the game still finds one)."""
    game = position(4, 1)
    best, most = None, 0
    replay = Game.new(players=4, seed=1)
    for step, action in enumerate(game.history):
        pending = replay.pending
        if pending is not None and pending.kind == "build_space" and len(pending.options) > most:
            best, most = step, len(pending.options)
        replay.apply(action)
    assert best is not None, "the seeded game has no build_space decision"
    found = position(4, 1, best)
    assert found.pending is not None and found.pending.kind == "build_space"
    return found


def test_bench_option_labels_many_build_spaces(
    benchmark: BenchmarkFixture, many_build_spaces: Game
) -> None:
    labels = benchmark(option_labels, many_build_spaces)
    assert len(labels) == len(many_build_spaces.legal_actions())


def test_bench_copy_mid_turn(benchmark: BenchmarkFixture, many_build_spaces: Game) -> None:
    copied = benchmark(many_build_spaces.copy)
    assert copied.history == many_build_spaces.history


def label_times(seeds: range, players: tuple[int, ...] = (2, 4)) -> list[float]:
    """CPU seconds of ``option_labels`` at every decision that tries options on copies."""
    times = []
    for seed in seeds:
        for n in players:
            game = Game.new(players=n, seed=seed)
            bots = {c: RandomBot(seed=seed * 10 + i) for i, c in enumerate(game.colours)}
            while not game.is_over:
                decision = game.pending
                assert decision is not None
                if decision.kind in PREVIEW_KINDS or decision.kind == "truck":
                    tick = time.process_time()
                    option_labels(game)
                    times.append(time.process_time() - tick)
                game.apply(decide(game, bots[decision.player]))
    return sorted(times)


if __name__ == "__main__":
    found = label_times(range(int(sys.argv[1]) if len(sys.argv) > 1 else 8))
    print(
        f"{len(found)} decisions: median {statistics.median(found) * 1000:.1f} ms, "
        f"p95 {found[int(len(found) * 0.95)] * 1000:.1f} ms, worst {found[-1] * 1000:.1f} ms"
    )

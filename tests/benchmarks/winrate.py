"""Win rate of the heuristic bot against a random bot (not a timed test; run it by hand)::

    .venv/bin/python tests/benchmarks/winrate.py --games 200

Plays ``--games`` seeded 2-player games (the batch of :mod:`speakeasy.tools.batch`: game seeds
derived from ``--seed``, the bots swapping colours from one game to the next, the first player
drawn from each game's seed, R-PROLOGUE-1) and prints the heuristic bot's win rate with its
95% Wilson interval (a shared win counts half, R-SCORING-6), the final money of both bots
(R-SCORING-1), the time per heuristic decision (median over a sample of games played in this
process, and the mean over the whole batch) and the batch throughput. ``--check`` exits 1 if
the win rate is below 80%. ``--dask`` runs the batch on a local Dask cluster instead of the
process pool (needs the ``distributed`` extra).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Sequence

from speakeasy import Game
from speakeasy.core.bots import decide
from speakeasy.games import load
from speakeasy.games.speakeasy.studies.strategy import HeuristicBot
from speakeasy.tools.batch import (
    GameRecord,
    dask_executor,
    game_specs,
    simulate_many,
    wilson_interval,
)

GAME = load("speakeasy")

TARGET = 0.8


def decision_times(games: int, seed: int) -> list[float]:
    """Seconds of every heuristic decision in ``games`` batch games played in this process."""
    times: list[float] = []
    for spec in game_specs(GAME, games, 2, seed, ("heuristic", "random")):
        game = Game.new(players=2, seed=spec.seed)
        bots = {
            c: GAME.make_bot(kind, c.value, s)
            for c, kind, s in zip(game.colours, spec.bots, spec.bot_seeds, strict=True)
        }
        while not game.is_over:
            colour = game.current_player
            assert colour is not None
            bot = bots[colour]
            start = time.perf_counter()
            action = decide(game, bot)
            if isinstance(bot, HeuristicBot):
                times.append(time.perf_counter() - start)
            game.apply(action)
    return times


def run_batch(games: int, seed: int, workers: int | None, dask: bool) -> list[GameRecord]:
    if not dask:
        return simulate_many(GAME, games, 2, seed, bots=("heuristic", "random"), workers=workers)
    with dask_executor("local", workers) as executor:
        return simulate_many(GAME, games, 2, seed, bots=("heuristic", "random"), executor=executor)


def report(records: Sequence[GameRecord], seconds: float, sample: list[float]) -> list[str]:
    wins = 0.0
    heuristic: list[int] = []
    random_: list[int] = []
    for r in records:
        for s in r.seats:
            (heuristic if s.bot == "heuristic" else random_).append(s.score)
            if s.won and s.bot == "heuristic":
                wins += 1.0 / len(r.winners)
    n = len(records)
    low, high = wilson_interval(wins, n)
    decisions = sum(r.decision_time.get("heuristic", (0, 0.0))[0] for r in records)
    thinking = sum(r.decision_time.get("heuristic", (0, 0.0))[1] for r in records)
    lines = [
        f"heuristic vs random, {n} two-player games",
        f"win rate: {wins / n:.1%} ({wins:g} of {n}), 95% Wilson interval "
        f"{low:.1%}-{high:.1%} (target {TARGET:.0%})",
        f"final money: heuristic mean {statistics.fmean(heuristic):.1f} "
        f"(median {statistics.median(heuristic)}), random mean {statistics.fmean(random_):.1f}",
        f"time per heuristic decision: median {statistics.median(sample) * 1000:.3f} ms "
        f"(p90 {statistics.quantiles(sample, n=10)[-1] * 1000:.2f} ms, {len(sample)} decisions "
        f"in this process); batch mean {thinking / max(decisions, 1) * 1000:.3f} ms over "
        f"{decisions} decisions",
        f"batch: {seconds:.1f} s, {n / seconds:.1f} games/s",
    ]
    return lines


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--workers", type=int, default=None, help="processes (default: all)")
    parser.add_argument("--sample", type=int, default=10, help="games timed in this process")
    parser.add_argument("--dask", action="store_true", help="run on a local Dask cluster")
    parser.add_argument("--check", action="store_true", help=f"exit 1 below {TARGET:.0%}")
    args = parser.parse_args(argv)
    sample = decision_times(max(args.sample, 1), args.seed)
    start = time.perf_counter()
    records = run_batch(args.games, args.seed, args.workers, args.dask)
    seconds = time.perf_counter() - start
    lines = report(records, seconds, sample)
    print("\n".join(lines))
    rate = sum(
        1.0 / len(r.winners) for r in records for s in r.seats if s.won and s.bot == "heuristic"
    ) / len(records)
    return 1 if args.check and rate < TARGET else 0


if __name__ == "__main__":
    sys.exit(main())

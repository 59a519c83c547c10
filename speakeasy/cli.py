"""Command line: ``speakeasy simulate --players 4 --games 100 --seed 1``."""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections import Counter
from collections.abc import Sequence

from tqdm import tqdm

from speakeasy.bots import RandomBot, play_out
from speakeasy.engine import Game


def simulate(players: int, games: int, seed: int, *, progress: bool = True) -> str:
    """Play ``games`` random-bot games and return a printable summary."""
    wins: Counter[str] = Counter()
    scores: list[int] = []
    lengths: list[int] = []
    seconds: list[float] = []
    for i in tqdm(range(games), desc="games", unit="game", disable=not progress, file=sys.stderr):
        start = time.perf_counter()
        game = Game.new(players=players, seed=seed + i)
        bots = {c: RandomBot(seed=(seed + i) * 10 + n) for n, c in enumerate(game.colours)}
        play_out(game, bots)
        seconds.append(time.perf_counter() - start)
        result = game.result()
        for winner in result.winners:
            wins[winner.value] += 1
        scores.extend(s.breakdown.total for s in result.standings)
        lengths.append(len(game.history))
    lines = [
        f"{games} random game(s), {players} player(s), seeds {seed}..{seed + games - 1}",
        "wins: " + ", ".join(f"{c} {n}" for c, n in sorted(wins.items())),
        f"final money: mean {statistics.fmean(scores):.1f}, min {min(scores)}, max {max(scores)}",
        f"decisions per game: mean {statistics.fmean(lengths):.1f}, min {min(lengths)}, "
        f"max {max(lengths)}",
        f"time per game: median {statistics.median(seconds) * 1000:.1f} ms",
    ]
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="speakeasy", description=__doc__)
    sub = parser.add_subparsers(dest="command", required=True)
    sim = sub.add_parser("simulate", help="play whole games with random bots")
    sim.add_argument("--players", type=int, default=4, choices=(1, 2, 3, 4))
    sim.add_argument("--games", type=int, default=10)
    sim.add_argument("--seed", type=int, default=1)
    sim.add_argument("--quiet", action="store_true", help="no progress bar")
    args = parser.parse_args(argv)
    if args.games < 1:
        parser.error("--games must be at least 1")
    print(simulate(args.players, args.games, args.seed, progress=not args.quiet))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

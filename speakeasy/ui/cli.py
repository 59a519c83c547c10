"""Command line: ``speakeasy simulate --players 4 --games 100 --seed 1`` plays bot games;
``speakeasy workshop`` serves every notebook with an index page (:mod:`speakeasy.ui.workshop`)."""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections import Counter
from collections.abc import Sequence

from tqdm import tqdm

from speakeasy.core.seeds import derive_seed
from speakeasy.engine.bots import RandomBot, play_out
from speakeasy.engine.game import Game
from speakeasy.studies.batch import (
    BOT_KINDS,
    SOURCES,
    dask_executor,
    simulate_many,
    wilson_interval,
    win_rates,
)
from speakeasy.ui.workshop import serve

__all__ = [
    "main",
    "simulate",
]


def simulate(
    players: int,
    games: int,
    seed: int,
    *,
    progress: bool = True,
    bots: Sequence[str] | None = None,
    workers: int | None = None,
    dask: str | None = None,
) -> str:
    """Play ``games`` bot games and return a printable summary.

    Without ``bots``: random bots, game ``i`` seeded ``seed + i``, one game after the other.
    With ``bots`` (kinds of :data:`speakeasy.studies.batch.BOT_KINDS`, rotated over the colours): a
    batch of :func:`speakeasy.studies.batch.simulate_many` on ``workers`` processes (default every
    core), or on a Dask cluster when ``dask`` is ``"local"`` or a scheduler address
    (:func:`speakeasy.studies.batch.dask_executor`), summarised per bot kind with a 95% interval of
    its win rate (R-SCORING-5/6).
    """
    if bots:
        return _simulate_batch(
            players, games, seed, bots, workers=workers, progress=progress, dask=dask
        )
    wins: Counter[str] = Counter()
    scores: list[int] = []
    lengths: list[int] = []
    seconds: list[float] = []
    for i in tqdm(range(games), desc="games", unit="game", disable=not progress, file=sys.stderr):
        start = time.perf_counter()
        game = Game.new(players=players, seed=seed + i)
        random_bots = {
            c: RandomBot(seed=derive_seed(game.seed, "bot", c.value)) for c in game.colours
        }
        play_out(game, random_bots)
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


def _simulate_batch(
    players: int,
    games: int,
    seed: int,
    bots: Sequence[str],
    *,
    workers: int | None,
    progress: bool,
    dask: str | None = None,
) -> str:
    """``speakeasy simulate --bots ...``: a :mod:`speakeasy.studies.batch` run, summarised by
    bot."""
    start = time.perf_counter()
    if dask is None:
        records = simulate_many(
            games, players, seed, bots=tuple(bots), workers=workers, progress=progress
        )
    else:
        with dask_executor(dask, workers) as executor:
            records = simulate_many(
                games, players, seed, bots=tuple(bots), executor=executor, progress=progress
            )
    elapsed = time.perf_counter() - start
    lines = [
        f"{games} game(s), {players} player(s), bots {', '.join(bots)}, batch seed {seed}",
    ]
    rates = win_rates(records)
    for kind in dict.fromkeys(bots):
        seats = [s for r in records for s in r.seats if s.bot == kind]
        if not seats:
            continue
        won, played = rates[kind]
        low, high = wilson_interval(won, played)
        money = {src: statistics.fmean(s.money_by_source[src] for s in seats) for src in SOURCES}
        gained = ", ".join(f"{src} {v:.1f}" for src, v in money.items() if v)
        decisions = sum(r.decision_time.get(kind, (0, 0.0))[0] for r in records)
        thinking = sum(r.decision_time.get(kind, (0, 0.0))[1] for r in records)
        per_decision = thinking / decisions * 1000 if decisions else 0.0
        mean = statistics.fmean(s.total for s in seats)
        lines += [
            f"{kind}: won {won:g} of {played} seats ({won / played:.0%}, 95% CI "
            f"{low:.0%}-{high:.0%}); final money mean {mean:.1f}",
            f"  money gained per seat: {gained or 'none'}",
            f"  {per_decision:.2f} ms per decision (mean)",
        ]
    lengths = [r.decisions for r in records]
    lines += [
        f"decisions per game: mean {statistics.fmean(lengths):.1f}, min {min(lengths)}, "
        f"max {max(lengths)}",
        f"throughput: {games / elapsed:.1f} games/s",
    ]
    return "\n".join(lines)


def _bot_kinds(text: str) -> list[str]:
    """``--bots heuristic,random`` -> ``["heuristic", "random"]`` (checked against the kinds)."""
    kinds = [k.strip() for k in text.split(",") if k.strip()]
    unknown = [k for k in kinds if k not in BOT_KINDS]
    if not kinds or unknown:
        raise argparse.ArgumentTypeError(
            f"unknown bot kind(s) {', '.join(unknown) or text!r}; kinds are {', '.join(BOT_KINDS)}"
        )
    return kinds


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="speakeasy", description=__doc__)
    sub = parser.add_subparsers(dest="command", required=True)
    sim = sub.add_parser("simulate", help="play whole games with bots")
    sim.add_argument("--players", type=int, default=4, choices=(1, 2, 3, 4))
    sim.add_argument("--games", type=int, default=10)
    sim.add_argument("--seed", type=int, default=1)
    sim.add_argument("--quiet", action="store_true", help="no progress bar")
    sim.add_argument(
        "--bots",
        type=_bot_kinds,
        default=None,
        help="comma-separated bot kinds rotated over the colours, e.g. heuristic,random "
        "(default: random bots only, one game after the other)",
    )
    sim.add_argument(
        "--workers", type=int, default=None, help="processes for --bots (default: every core)"
    )
    sim.add_argument(
        "--dask",
        metavar="ADDRESS",
        default=None,
        help="with --bots: run the games on a Dask cluster, 'local' (this machine, --workers "
        "processes) or a scheduler address such as tcp://host:8786",
    )
    shop = sub.add_parser("workshop", help="serve every notebook with an index page (Ctrl-C stops)")
    shop.add_argument("--host", default="127.0.0.1")
    shop.add_argument("--port", type=int, default=2718)
    args = parser.parse_args(argv)
    if args.command == "workshop":
        try:
            serve(args.host, args.port)
        except OSError as err:
            print(err, file=sys.stderr)
            return 1
        return 0
    if args.games < 1:
        parser.error("--games must be at least 1")
    if args.dask and not args.bots:
        parser.error("--dask runs a --bots batch; name the bots, e.g. --bots heuristic,random")
    try:
        summary = simulate(
            args.players,
            args.games,
            args.seed,
            progress=not args.quiet,
            bots=args.bots,
            workers=args.workers,
            dask=args.dask,
        )
    except RuntimeError as err:
        print(f"speakeasy simulate: {err}", file=sys.stderr)
        return 1
    print(summary)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

"""Strength of the search bot against the heuristic bot (issue 27; not a test: run it by hand)::

    .venv/bin/python tests/benchmarks/search_strength.py --games 20 --playouts 16

Plays seeded, reproducible batches (:mod:`speakeasy.tools.batch`: game and bot seeds derived
from ``--seed``, the bots rotated over the seats from one game to the next) on every core (a
process per game; ``--workers`` to choose), the search bot's budget fixed in playouts per
decision (reproducible), one search bot against heuristic bots in:

* 2-player Speakeasy (the issue's target: at least 65% of 200 games, the 95% interval's lower
  bound above 55%);
* 3- and 5-player Mafia City (target: a win rate at least 1.5 times a seat's fair share);
* and, where the game allows, 1, 2 and 4 players (``--all``: Speakeasy 1 and 4, Mafia City 4).
  Alone at the table (Speakeasy with 1 player, whose solo rules are not in the text, GAP-23,
  so the game is the ordinary one with a single seat) there is no one to beat: the search bot
  and the heuristic bot each play the same deal alone, and the search "wins" a deal when its
  final money is higher (a tie counts half); the fair share is then 50%.

For each it prints the search bot's win rate (a shared win counts as a split, R-SCORING-6,
MC-WIN-3) with its 95% Wilson interval, the fair share and the ratio to it, the mean score of
each bot (final money R-SCORING-1, VP MC-WIN-1) and the mean time per decision of each bot;
``--json FILE`` writes the raw numbers.

**Accumulating a long run over several sittings.** The issue's 200-game run takes hours; each
game is seeded from ``--seed`` and its index alone, so a run can be played in parts:
``--first K --games N`` plays games ``K`` to ``K+N-1`` of the batch, and ``--record FILE``
appends one line per finished game (its index, the search seat's share of the win and every
seat's score, the settings and the commit played) as soon as it ends, so an interrupted
sitting keeps its games. ``--report FILE`` then reads every part and prints each batch's
totals (a game recorded twice counts once)::

    .venv/bin/python tests/benchmarks/search_strength.py --only speakeasy:2 --games 20 \
        --first 40 --record tests/benchmarks/search_strength_games.jsonl
    .venv/bin/python tests/benchmarks/search_strength.py --report \
        tests/benchmarks/search_strength_games.jsonl

The search bot is the registered one (its game's ``studies/batch.py`` settings) unless
``--rollout`` (``random`` or ``heuristic``), ``--horizon`` (decisions before the static
evaluation; ``0``: to the end), ``--determinizations`` or ``--confidence`` (policy
improvement: standard errors by which an option must beat the rollout policy's choice;
``0``: off, the best mean) say otherwise; they set the batch
module's settings in this process, so they reach a process pool's workers only where it forks
(Linux), and always with ``--workers 1``. The CPU seconds per search decision are the whole
run's CPU (this process and its children) over the search decisions: an upper bound, since the
heuristic bots and the rules of the game itself are counted too.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
import time
from collections.abc import Iterable, Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any

from speakeasy.core.registry import GameType
from speakeasy.games import load
from speakeasy.tools.batch import (
    GameRecord,
    game_specs,
    iter_games,
    wilson_interval,
    win_rates,
)

#: (game, players) of the issue's targets, then the other counts the games allow.
TARGETS = (("speakeasy", 2), ("mafia-city", 3), ("mafia-city", 5))
OTHERS = (("speakeasy", 1), ("speakeasy", 4), ("mafia-city", 4))


def _cpu() -> float:
    """CPU seconds of this process and its waited-for children so far."""
    own = resource.getrusage(resource.RUSAGE_SELF)
    kids = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + kids.ru_utime + kids.ru_stime


def configure(
    game: GameType,
    rollout: str | None,
    horizon: int | None,
    determinizations: int | None,
    confidence: float | None = None,
) -> dict[str, Any]:
    """Set the registered search bot's settings in ``game``'s batch module (those given) and
    return them all: rollout policy, horizon, determinizations, confidence."""
    assert game.play_batch_game is not None
    batch: Any = sys.modules[game.play_batch_game.__module__]
    changes: dict[str, Any] = {}
    if rollout is not None:
        changes["rollout"] = getattr(batch, f"{rollout}_rollout", None) or getattr(
            sys.modules["speakeasy.tools.search"], f"{rollout}_rollout"
        )
    if horizon is not None:
        changes["horizon"] = horizon or None
    if determinizations is not None:
        changes["determinizations"] = determinizations
    if confidence is not None:
        changes["confidence"] = confidence or None
    batch.SEARCH = replace(batch.SEARCH, **changes)
    return {
        "rollout": batch.SEARCH.rollout.__name__,
        "horizon": batch.SEARCH.horizon,
        "determinizations": batch.SEARCH.determinizations,
        "confidence": batch.SEARCH.confidence,
    }


def _commit() -> str:
    """The commit this tree is at (``unknown`` outside a git checkout)."""
    try:
        done = subprocess.run(
            ["git", "rev-parse", "--short", "HEAD"],
            capture_output=True,
            text=True,
            check=True,
            cwd=Path(__file__).parent,
        )
    except (OSError, subprocess.CalledProcessError):
        return "unknown"
    return done.stdout.strip() or "unknown"


def game_line(batch: dict[str, Any], record: GameRecord, commit: str) -> dict[str, Any]:
    """One finished game of a batch as a ``--record`` line: the batch it belongs to, its
    index, the search seat's share of the win (a shared win split, R-SCORING-6, MC-WIN-3)
    and each seat's bot and score."""
    share = 1.0 / max(len(record.winners), 1)
    return {
        "batch": batch,
        "index": record.index,
        "search_share": sum(share for s in record.seats if s.bot == "search" and s.won),
        "seats": [[s.bot, s.score] for s in record.seats],
        "decisions": record.decisions,
        "search_decisions": record.decision_time.get("search", (0, 0.0))[0],
        "search_seconds": round(record.decision_time.get("search", (0, 0.0))[1], 3),
        "commit": commit,
    }


def solo_record(one: GameRecord, other: GameRecord) -> GameRecord:
    """The same deal played alone by the search bot and by the heuristic bot, as one record
    of two seats: the higher final money wins (both on a tie, which counts half)."""
    search, heuristic = (one, other) if one.seats[0].bot == "search" else (other, one)
    a, b = search.seats[0], heuristic.seats[0]
    seats = (replace(a, won=a.score >= b.score), replace(b, won=b.score >= a.score))
    return replace(
        search,
        players=2,
        seats=seats,
        winners=tuple(s.colour for s in seats if s.won),
        decisions=search.decisions + heuristic.decisions,
        decision_time={**heuristic.decision_time, **search.decision_time},
    )


def report(lines: Iterable[dict[str, Any]]) -> list[str]:
    """Each recorded batch's totals over the games recorded (each index once, the first
    recorded): games, the search bot's wins and Wilson interval, the ratio to a fair share,
    the mean scores and the commits played."""
    batches: dict[str, dict[int, dict[str, Any]]] = {}
    for line in lines:
        key = json.dumps(line["batch"], sort_keys=True)
        batches.setdefault(key, {}).setdefault(int(line["index"]), line)
    out = []
    for key, games in batches.items():
        batch = json.loads(key)
        rows = [games[i] for i in sorted(games)]
        won = sum(float(r["search_share"]) for r in rows)
        low, high = wilson_interval(won, len(rows))
        fair = 1 / max(int(batch["players"]), 2)  # alone: against the heuristic's own deal
        scores = {
            kind: statistics.fmean(s for r in rows for b, s in r["seats"] if b == kind)
            for kind in ("search", "heuristic")
            if any(b == kind for r in rows for b, _ in r["seats"])
        }
        commits = ", ".join(sorted({str(r["commit"]) for r in rows}))
        out.append(
            f"{batch['game']} {batch['players']}p, seed {batch['seed']}, "
            f"{batch['playouts']} playouts, {batch['settings']}: {len(rows)} games "
            f"(indices {rows[0]['index']}-{rows[-1]['index']}); search won {won:g} "
            f"({won / len(rows):.0%}, 95% CI {low:.0%}-{high:.0%}; fair share {fair:.0%}, "
            f"x{won / len(rows) / fair:.2f}); mean score "
            + ", ".join(f"{k} {v:.1f}" for k, v in scores.items())
            + f"; commits {commits}"
        )
    return out


def run(
    name: str,
    players: int,
    games: int,
    playouts: int,
    seed: int,
    workers: int,
    settings: dict[str, Any] | None = None,
    first: int = 0,
    record: Path | None = None,
) -> dict[str, Any]:
    """One batch: a search bot and ``players - 1`` heuristic bots, games ``first`` to
    ``first + games - 1`` of the seeded batch; with ``record``, each finished game is
    appended there at once (:func:`game_line`)."""
    game = load(name)
    kinds = ("search", *["heuristic"] * (players - 1)) if players > 1 else ("search",)
    specs = game_specs(game, first + games, players, seed, kinds, playouts)[first:]
    if players == 1:  # each deal played alone by either bot, then compared (solo_record)
        specs += game_specs(game, first + games, 1, seed, ("heuristic",), playouts)[first:]
    batch = {
        "game": name,
        "players": players,
        "playouts": playouts,
        "seed": seed,
        "settings": settings or {},
    }
    commit = _commit()
    began, cpu = time.perf_counter(), _cpu()
    records = []
    alone: dict[int, GameRecord] = {}
    for played in iter_games(game, specs, workers=workers):
        if players == 1:
            other = alone.pop(played.index, None)
            if other is None:
                alone[played.index] = played
                continue
            finished = solo_record(played, other)
        else:
            finished = played
        records.append(finished)
        if record is not None:
            with record.open("a", encoding="utf-8") as out:
                out.write(json.dumps(game_line(batch, finished, commit)) + "\n")
    elapsed, cpu = time.perf_counter() - began, _cpu() - cpu
    rates = win_rates(records)
    won, seats = rates.get("search", (0.0, 0))
    low, high = wilson_interval(won, seats)
    fair = 1 / max(players, 2)
    kinds = ("search", "heuristic") if players == 1 else kinds
    scores = {
        kind: statistics.fmean(s.score for r in records for s in r.seats if s.bot == kind)
        for kind in dict.fromkeys(kinds)
    }
    ms = {}
    for kind in dict.fromkeys(kinds):
        count = sum(r.decision_time.get(kind, (0, 0.0))[0] for r in records)
        spent = sum(r.decision_time.get(kind, (0, 0.0))[1] for r in records)
        ms[kind] = 1000 * spent / count if count else 0.0
    decisions = sum(r.decision_time.get("search", (0, 0.0))[0] for r in records)
    return {
        "game": name,
        "players": players,
        "games": games,
        "playouts": playouts,
        "seed": seed,
        "search_won": won,
        "search_seats": seats,
        "win_rate": won / seats if seats else 0.0,
        "wilson_low": low,
        "wilson_high": high,
        "fair_share": fair,
        "ratio_to_fair": (won / seats) / fair if seats else 0.0,
        "mean_score": scores,
        "ms_per_decision": ms,
        "seconds": elapsed,
        "cpu_seconds": cpu,
        "search_decisions": decisions,
        "cpu_per_search_decision": cpu / decisions if decisions else 0.0,
        "workers": workers,
        "settings": settings or {},
    }


def line(result: dict[str, Any]) -> str:
    ms = ", ".join(f"{k} {v:.1f} ms" for k, v in result["ms_per_decision"].items())
    score = ", ".join(f"{k} {v:.1f}" for k, v in result["mean_score"].items())
    return (
        f"{result['game']} {result['players']}p, {result['games']} games, "
        f"{result['playouts']} playouts: search won {result['search_won']:g} of "
        f"{result['search_seats']} ({result['win_rate']:.0%}, 95% CI "
        f"{result['wilson_low']:.0%}-{result['wilson_high']:.0%}; fair share "
        f"{result['fair_share']:.0%}, x{result['ratio_to_fair']:.2f}); mean score {score}; "
        f"per decision {ms}; {result['seconds']:.0f} s; CPU per search decision "
        f"{result['cpu_per_search_decision']:.2f} s; {result['settings']}"
    )


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--playouts", type=int, default=16)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--all", action="store_true", help="also 1, 2 and 4 players")
    parser.add_argument("--only", default=None, help="one game:players, e.g. speakeasy:2")
    parser.add_argument("--json", default=None, help="write the raw numbers here")
    parser.add_argument("--rollout", choices=("random", "heuristic"), default=None)
    parser.add_argument("--horizon", type=int, default=None, help="0: play rollouts out")
    parser.add_argument("--determinizations", type=int, default=None)
    parser.add_argument("--confidence", type=float, default=None, help="0: plain search")
    parser.add_argument("--first", type=int, default=0, help="the index of the first game")
    parser.add_argument("--record", type=Path, default=None, help="append each game here")
    parser.add_argument("--report", type=Path, default=None, help="totals of a --record file")
    args = parser.parse_args(argv)
    if args.report is not None:
        with args.report.open(encoding="utf-8") as lines:
            print("\n".join(report(json.loads(line) for line in lines if line.strip())))
        return 0
    runs = list(TARGETS) + (list(OTHERS) if args.all else [])
    if args.only:
        name, count = args.only.split(":")
        runs = [(name, int(count))]
    results = []
    for name, players in runs:
        settings = configure(
            load(name), args.rollout, args.horizon, args.determinizations, args.confidence
        )
        result = run(
            name,
            players,
            args.games,
            args.playouts,
            args.seed,
            args.workers,
            settings,
            args.first,
            args.record,
        )
        print(line(result), flush=True)
        results.append(result)
    if args.json:
        with open(args.json, "w", encoding="utf-8") as out:
            json.dump(results, out, indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""Random playouts per CPU-second from fixed mid-game positions, against an earlier revision
(issue 27; not a test, run by hand)::

    .venv/bin/python tests/benchmarks/playouts.py --base fff21e8

From the same seeded mid-game positions (a 4-player Speakeasy game after
:data:`POSITIONS` ``["speakeasy"]`` random decisions, a 5-player Mafia City game after
``["mafia-city"]``, for ``--positions`` seeds) it plays ``--playouts`` random playouts each
(a copy of the position, then uniformly random legal actions to the end, chosen by
``random.Random(position seed * 1000 + playout)``) and counts playouts per CPU-second
(``time.process_time``) in three ways, side by side, and a floor:

* ``base``: the ``--base`` revision's best, ``game.copy()`` and random play;
* ``copy``: this tree's ``game.copy()`` and random play (the normal path, for reference);
* ``fast``: this tree's ``game.copy(history=False)`` and random play (the search-grade path).
* ``floor``: no rules at all: the fast path's own playouts replayed as their bare cost, each
  decision's options made as :class:`~speakeasy.core.actions.Action` values, one chosen by the
  same random draw, a generator resumed (the flow's step). Any pure-Python engine that lists
  its options as actions pays at least this per decision: the most a fast path could reach.

Like ``against_main.py`` it extracts the base revision with ``git archive`` into a temporary
folder, and runs every measurement in a fresh interpreter whose ``PYTHONPATH`` is that tree,
alternating the order each round, so a busy machine slows all alike; the ratios are the
numbers to read. Results: ``tests/benchmarks/playouts_results.md``.
"""

from __future__ import annotations

import argparse
import io
import json
import os
import statistics
import subprocess
import sys
import tarfile
import tempfile
from collections.abc import Sequence
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]

#: Random decisions played from the start to reach each mid-game position (random games last
#: about 280-310 decisions in Speakeasy with 4 players, 270-550 in Mafia City with 5).
POSITIONS = {"speakeasy": (4, 140), "mafia-city": (5, 120)}

#: ``WORKER game mode tree positions playouts``: one JSON line, the CPU seconds and the
#: decisions of each position's playouts.
WORKER = r"""
import json, random, sys, time

name, mode, tree = sys.argv[1], sys.argv[2], sys.argv[3]
players, depth, positions, playouts = (int(a) for a in sys.argv[4:8])
import speakeasy

if not speakeasy.__file__.startswith(tree):
    sys.exit(f"speakeasy came from {speakeasy.__file__}, not {tree}")
try:
    import speakeasy.games as games

    new = games.load(name).new_game
except ImportError:  # an older tree: no registry yet
    if name == "speakeasy":
        from speakeasy import Game

        new = lambda players, seed: Game.new(players=players, seed=seed)
    else:
        from speakeasy.mafia_city.game import MafiaCityGame

        new = lambda players, seed: MafiaCityGame.new(players, seed=seed)


def position(seed):
    game = new(players, seed=seed)
    rng = random.Random(seed)
    for _ in range(depth):
        game.apply(rng.choice(game.legal_actions()))
    return game


def playout(game, seed):
    copy = game.copy(history=False) if mode == "fast" else game.copy()
    rng = random.Random(seed)
    decisions = 0
    while copy.pending is not None:
        copy.apply(rng.choice(copy.legal_actions()))
        decisions += 1
    return decisions


def options_seen(game, seed):
    # The options of every decision of the fast path's playout (kind and args), untimed.
    copy = game.copy(history=False)
    rng = random.Random(seed)
    seen = []
    while copy.pending is not None:
        options = copy.legal_actions()
        seen.append([(a.kind, a.args) for a in options])
        copy.apply(rng.choice(options))
    return seen


def flow():
    while True:
        yield


def floor(seen, seed):
    # No rules at all: each decision's options made as actions, one chosen, a flow resumed.
    rng = random.Random(seed)
    gen = flow()
    next(gen)
    for options in seen:
        gen.send(rng.choice([Action(kind, args) for kind, args in options]))
    return len(seen)


playout(position(10_000), 1)  # warm up: the data, the caches of either tree
out = {"seconds": [], "decisions": []}
for seed in range(1, positions + 1):
    game = position(seed)
    decisions = 0
    if mode == "floor":
        from speakeasy.core.actions import Action

        seen = [options_seen(game, seed * 1000 + i) for i in range(playouts)]
        start = time.process_time()
        for i in range(playouts):
            decisions += floor(seen[i], seed * 1000 + i)
    else:
        start = time.process_time()
        for i in range(playouts):
            decisions += playout(game, seed * 1000 + i)
    out["seconds"].append(time.process_time() - start)
    out["decisions"].append(decisions)
print(json.dumps(out))
"""

#: ``floor`` is no engine: the same playouts' options made as actions and one chosen per
#: decision, a generator resumed, nothing else (the least any pure-Python engine that lists
#: its options as actions does per decision); the ceiling of any fast path on this API.
MODES = ("base", "copy", "fast", "floor")


def extract(base: str, into: Path) -> Path:
    """The tree of revision ``base`` (``git archive``) under ``into`` (as ``against_main.py``)."""
    archive = subprocess.run(
        ["git", "-C", str(ROOT), "archive", "--format=tar", base],
        check=True,
        capture_output=True,
    ).stdout
    tree = into / "base"
    with tarfile.open(fileobj=io.BytesIO(archive)) as tar:
        tar.extractall(tree, filter="data")
    return tree


def run(worker: Path, tree: Path, args: Sequence[str]) -> dict[str, Any]:
    """One measurement in a fresh interpreter on ``tree``."""
    env = {**os.environ, "PYTHONPATH": str(tree), "PYTHONHASHSEED": "0"}
    done = subprocess.run(
        [sys.executable, str(worker), *args],
        check=True,
        capture_output=True,
        text=True,
        env=env,
        cwd=worker.parent,  # neither tree: the import finds only PYTHONPATH's
    )
    result: dict[str, Any] = json.loads(done.stdout.strip().splitlines()[-1])
    return result


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--base", default="fff21e8", help="the revision to compare against")
    parser.add_argument("--positions", type=int, default=4, help="mid-game positions per game")
    parser.add_argument("--playouts", type=int, default=5, help="playouts per position")
    parser.add_argument("--rounds", type=int, default=3, help="alternations of the modes")
    parser.add_argument("--json", type=Path, help="also write the numbers here")
    args = parser.parse_args(argv)

    report: dict[str, Any] = {"base_revision": args.base, **vars(args), "json": None}
    with tempfile.TemporaryDirectory(prefix="playouts-") as tmp:
        worker = Path(tmp) / "worker.py"
        worker.write_text(WORKER)
        base = extract(args.base, Path(tmp))
        trees = {"base": base, "copy": ROOT, "fast": ROOT, "floor": ROOT}
        for name, (players, depth) in POSITIONS.items():
            samples: dict[str, list[dict[str, Any]]] = {mode: [] for mode in MODES}
            for round_ in range(args.rounds):
                order = MODES if round_ % 2 == 0 else tuple(reversed(MODES))
                for mode in order:
                    given = [name, mode, trees[mode], players, depth, args.positions, args.playouts]
                    samples[mode].append(run(worker, trees[mode], [str(a) for a in given]))
                print(f"{name}: round {round_ + 1}/{args.rounds} done", file=sys.stderr)
            rates = {}
            for mode, runs in samples.items():
                # Playouts per CPU-second of each position: the median over the rounds.
                per_position = [
                    args.playouts / statistics.median(r["seconds"][i] for r in runs)
                    for i in range(args.positions)
                ]
                rates[mode] = {
                    "playouts_per_cpu_s": statistics.median(per_position),
                    "decisions_per_playout": runs[0]["decisions"][0] / args.playouts,
                    "decisions": sum(runs[0]["decisions"]),
                }
            rates["fast_over_base"] = (
                rates["fast"]["playouts_per_cpu_s"] / rates["base"]["playouts_per_cpu_s"]
            )
            rates["copy_over_base"] = (
                rates["copy"]["playouts_per_cpu_s"] / rates["base"]["playouts_per_cpu_s"]
            )
            rates["floor_over_base"] = (
                rates["floor"]["playouts_per_cpu_s"] / rates["base"]["playouts_per_cpu_s"]
            )
            report[name] = {"players": players, "depth": depth, **rates}

    head = f"{args.base:>9} {'copy()':>9} {'fast':>9} {'floor':>9} {'fast/base':>10}"
    print(f"{'':34} {head} {'floor/base':>10}")
    for name in POSITIONS:
        row = report[name]
        cells = [row[mode]["playouts_per_cpu_s"] for mode in MODES]
        shown = " ".join(f"{c:9.1f}" for c in cells)
        title = f"{name} {row['players']}p playouts/CPU-s"
        ratios = f"{row['fast_over_base']:9.2f}x {row['floor_over_base']:9.2f}x"
        print(f"{title:34} {shown} {ratios}")
        decisions = ", ".join(f"{mode} {row[mode]['decisions']}" for mode in MODES)
        print(f"  decisions played (first round): {decisions}")
    if args.json:
        args.json.write_text(json.dumps(report, indent=2) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())

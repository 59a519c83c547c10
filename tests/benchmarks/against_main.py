"""This tree against an earlier revision, measured in the same run (not a test; run by hand)::

    .venv/bin/python tests/benchmarks/against_main.py --base fff21e8

Extracts the ``--base`` revision (``git archive``) into a temporary folder and runs the same
workloads in both trees, alternately (base, this, this, base, ...), each in a fresh
interpreter whose ``PYTHONPATH`` is that tree (each tree reads its own ``data/``), so a busy
machine slows both alike. It prints medians and the ratio this/base:

* ``game``: CPU time (``time.process_time``) of a random 4-player Speakeasy game, from
  ``Game.new`` to the end, for ``--seeds`` seeds (the median over the rounds for each seed,
  then the median over the seeds);
* ``undo``: the first ``undo()`` at the end of such a game, against one copy of its state
  (``copy.deepcopy(game.state)``, median of 5): the ratio per seed, then the median;
* ``import``: wall time of ``import speakeasy`` in a fresh interpreter, next to
  ``import networkx``.

The workloads use only what both trees have (``from speakeasy import Game``, ``Game.new``,
``legal_actions``, ``apply``, ``pending``, ``undo``, ``state``) and choose with their own
``random.Random(seed)``. Issue 22's targets: a game at most 0.6x the base's CPU time, and the
undo at most 2x one state copy. Results: ``tests/benchmarks/against_main_results.md``.
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

#: Run in a fresh interpreter with ``PYTHONPATH`` set to one tree: ``WORKER kind seeds...``
#: prints one JSON line.
WORKER = r"""
import copy, json, random, statistics, sys, time

kind, tree, seeds = sys.argv[1], sys.argv[2], [int(s) for s in sys.argv[3:]]
if kind == "import":
    what = seeds and "networkx" or "speakeasy"
    start = time.perf_counter()
    module = __import__(what)
    seconds = time.perf_counter() - start
    if what == "speakeasy" and not module.__file__.startswith(tree):
        sys.exit(f"speakeasy came from {module.__file__}, not {tree}")
    print(json.dumps({"seconds": seconds}))
    sys.exit()

import speakeasy
from speakeasy import Game

if not speakeasy.__file__.startswith(tree):
    sys.exit(f"speakeasy came from {speakeasy.__file__}, not {tree}")


def play(seed):
    game = Game.new(players=4, seed=seed)
    rng = random.Random(seed)
    while game.pending is not None:
        game.apply(rng.choice(game.legal_actions()))
    return game


play(10_000)  # warm up: the catalogue, the board, the caches of either tree
out = {"seconds": {}, "decisions": {}, "undo": {}, "copy": {}}
for seed in seeds:
    if kind == "game":
        start = time.process_time()
        game = play(seed)
        out["seconds"][seed] = time.process_time() - start
        out["decisions"][seed] = len(game.history)
    else:
        game = play(seed)
        copies = []
        for _ in range(5):
            start = time.process_time()
            copy.deepcopy(game.state)
            copies.append(time.process_time() - start)
        start = time.process_time()
        game.undo()
        out["undo"][seed] = time.process_time() - start
        out["copy"][seed] = statistics.median(copies)
print(json.dumps(out))
"""


def extract(base: str, into: Path) -> Path:
    """The tree of revision ``base`` (``git archive``) under ``into``."""
    archive = subprocess.run(
        ["git", "-C", str(ROOT), "archive", "--format=tar", base],
        check=True,
        capture_output=True,
    ).stdout
    tree = into / "base"
    with tarfile.open(fileobj=io.BytesIO(archive)) as tar:
        tar.extractall(tree, filter="data")
    return tree


def run(worker: Path, tree: Path, kind: str, args: Sequence[int]) -> dict[str, Any]:
    """One workload in a fresh interpreter on ``tree``."""
    env = {**os.environ, "PYTHONPATH": str(tree), "PYTHONHASHSEED": "0"}
    done = subprocess.run(
        [sys.executable, str(worker), kind, str(tree), *map(str, args)],
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
    parser.add_argument("--seeds", type=int, default=20, help="games per workload and round")
    parser.add_argument("--rounds", type=int, default=4, help="alternations of the two trees")
    parser.add_argument("--imports", type=int, default=10, help="fresh interpreters per import")
    parser.add_argument("--json", type=Path, help="also write the numbers here")
    args = parser.parse_args(argv)

    seeds = list(range(args.seeds))
    with tempfile.TemporaryDirectory(prefix="against-main-") as tmp:
        worker = Path(tmp) / "worker.py"
        worker.write_text(WORKER)
        trees = {"base": extract(args.base, Path(tmp)), "this": ROOT}
        samples: dict[str, dict[str, list[dict[str, Any]]]] = {
            name: {"game": [], "undo": []} for name in trees
        }
        imports: dict[str, list[float]] = {"base": [], "this": [], "networkx": []}
        for round_ in range(args.rounds):
            order = ["base", "this"] if round_ % 2 == 0 else ["this", "base"]
            for kind in ("game", "undo"):
                for name in order:
                    samples[name][kind].append(run(worker, trees[name], kind, seeds))
            print(f"round {round_ + 1}/{args.rounds} done", file=sys.stderr)
        for i in range(args.imports):
            order = ["base", "this"] if i % 2 == 0 else ["this", "base"]
            for name in order:
                imports[name].append(run(worker, trees[name], "import", [])["seconds"])
            imports["networkx"].append(run(worker, ROOT, "import", [1])["seconds"])

    report: dict[str, Any] = {
        "base_revision": args.base,
        "seeds": args.seeds,
        "rounds": args.rounds,
    }
    for name in trees:
        rounds = samples[name]["game"]
        per_seed = [statistics.median(r["seconds"][str(s)] for r in rounds) for s in seeds]
        undo = samples[name]["undo"]
        ratios = [
            statistics.median(r["undo"][str(s)] / r["copy"][str(s)] for r in undo) for s in seeds
        ]
        report[name] = {
            "game_ms": 1000 * statistics.median(per_seed),
            "decisions": sum(rounds[0]["decisions"].values()),
            "undo_ms": 1000 * statistics.median(r["undo"][str(s)] for r in undo for s in seeds),
            "copy_ms": 1000 * statistics.median(r["copy"][str(s)] for r in undo for s in seeds),
            "undo_over_copy": statistics.median(ratios),
            "import_ms": 1000 * statistics.median(imports[name]),
        }
    report["networkx_import_ms"] = 1000 * statistics.median(imports["networkx"])
    base, this = report["base"], report["this"]
    report["game_ratio"] = this["game_ms"] / base["game_ms"]
    report["undo_ratio"] = this["undo_ms"] / base["undo_ms"]
    report["import_ratio"] = this["import_ms"] / base["import_ms"]

    rows = [
        ("random 4p game, CPU ms (median)", "game_ms", "game_ratio"),
        ("undo at game end, CPU ms", "undo_ms", "undo_ratio"),
        ("one state copy (deepcopy), CPU ms", "copy_ms", None),
        ("undo / one state copy", "undo_over_copy", None),
        ("import speakeasy, wall ms", "import_ms", "import_ratio"),
    ]
    print(f"{'':38} {args.base:>10} {'this':>10} {'this/base':>10}")
    for title, key, ratio in rows:
        shown = f"{report[ratio]:.2f}x" if ratio else ""
        print(f"{title:38} {base[key]:10.2f} {this[key]:10.2f} {shown:>10}")
    print(f"{'import networkx, wall ms':38} {report['networkx_import_ms']:10.2f}")
    decisions = f"base {base['decisions']}, this {this['decisions']}"
    print(f"decisions in the {args.seeds} games: {decisions} (the same games if equal)")
    if args.json:
        args.json.write_text(json.dumps(report, indent=2) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())

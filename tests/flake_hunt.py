"""Hunt flaky browser tests: run every browser test N times with one core kept busy.

    .venv/bin/python tests/flake_hunt.py                 # every @pytest.mark.browser test, 10 runs
    .venv/bin/python tests/flake_hunt.py -n 3            # 3 runs
    .venv/bin/python tests/flake_hunt.py -n 10 tests/test_browser_play.py
    .venv/bin/python tests/flake_hunt.py -k "whole_game"

Each run is one pytest session over the chosen browser tests (so the marimo servers and
Chromium start once a run, as in the suite), while a busy-loop process (the "hog", pinned to
one core where the system allows) takes a core away from them: a test that passes only on an
idle machine shows up here. Nothing is retried and no timeout is raised: a run is the suite
as ``pytest`` runs it. The hog is always stopped (at the end, on Ctrl-C, on SIGTERM, and by
itself should this script die).

Prints each test's pass rate as a table (and the first line of each failure) and exits
non-zero if any test passed fewer than N of N runs. Interrupted (Ctrl-C, SIGTERM), it says how
many runs finished, prints the table of those, and exits 130; the run in progress is dropped.
"""

from __future__ import annotations

import argparse
import os
import signal
import statistics
import subprocess
import sys
import tempfile
import time
import xml.etree.ElementTree as ET
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

#: The hog: a busy loop that ends when its parent (this script) is gone.
HOG_CODE = """
import os
parent = os.getppid()
n = 0
while True:
    n += 1
    if n % 2_000_000 == 0 and os.getppid() != parent:
        break
"""


@dataclass
class Outcome:
    """One test's results over the runs."""

    test: str
    passed: int = 0
    failed: int = 0
    seconds: list[float] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)


@contextmanager
def cpu_hog(enabled: bool = True) -> Iterator[int | None]:
    """A busy-loop process on one core for the duration of the block (its pid; ``None`` when
    not ``enabled``); always stopped on the way out."""
    if not enabled:
        yield None
        return
    hog = subprocess.Popen([sys.executable, "-c", HOG_CODE], stdin=subprocess.DEVNULL)
    try:
        cpus = sorted(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else []
        if len(cpus) > 1:
            os.sched_setaffinity(hog.pid, {cpus[-1]})
        yield hog.pid
    finally:
        hog.terminate()
        try:
            hog.wait(timeout=10)
        except subprocess.TimeoutExpired:
            hog.kill()
            hog.wait(timeout=10)


def _node_id(classname: str, name: str) -> str:
    """A pytest node id from a JUnit test case (``tests.test_x`` + ``name``)."""
    module, _, cls = classname.partition(".Test")
    path = module.replace(".", "/") + ".py"
    return f"{path}::Test{cls}::{name}" if cls else f"{path}::{name}"


def parse_junit(path: Path) -> dict[str, tuple[bool, float, str]]:
    """Each test case of a JUnit XML report: whether it passed, its seconds and the first
    line of its failure, error or skip (a skipped browser test did not pass)."""
    results: dict[str, tuple[bool, float, str]] = {}
    for case in ET.parse(path).getroot().iter("testcase"):
        test = _node_id(case.get("classname", ""), case.get("name", ""))
        seconds = float(case.get("time", "0") or 0)
        problem = next(
            (
                case.find(tag)
                for tag in ("failure", "error", "skipped")
                if case.find(tag) is not None
            ),
            None,
        )
        if problem is None:
            results[test] = (True, seconds, "")
        else:
            message = problem.get("message") or (problem.text or "").strip() or problem.tag
            results[test] = (False, seconds, f"{problem.tag}: {message.splitlines()[0][:160]}")
    return results


def _pytest(args: Sequence[str]) -> list[str]:
    return [sys.executable, "-m", "pytest", "-m", "browser", "-p", "no:randomly", *args]


def collect(selection: Sequence[str]) -> list[str]:
    """The node ids of the browser tests in ``selection``."""
    done = subprocess.run(
        _pytest(["--collect-only", "-q", *selection]),
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    tests = [line.strip() for line in done.stdout.splitlines() if "::" in line]
    if not tests:
        raise SystemExit(f"flake_hunt: no browser test selected\n{done.stdout}{done.stderr}")
    return tests


def run_once(selection: Sequence[str], report: Path, log: Path) -> int:
    """One pytest session over ``selection``; its exit code (its output goes to ``log``)."""
    with log.open("w") as out:
        proc = subprocess.Popen(
            _pytest(["-q", f"--junitxml={report}", *selection]),
            cwd=ROOT,
            stdout=out,
            stderr=subprocess.STDOUT,
            stdin=subprocess.DEVNULL,
            start_new_session=True,  # its servers and browsers are stopped with it
        )
        try:
            return proc.wait()
        finally:
            if proc.poll() is None:
                os.killpg(proc.pid, signal.SIGTERM)
                proc.wait()


def table(outcomes: Sequence[Outcome], runs: int) -> str:
    """The pass rates as a plain-text table, worst first."""
    rows = sorted(outcomes, key=lambda o: (o.passed, o.test))
    width = max(len("test"), *(len(o.test) for o in rows))
    lines = [f"{'test':<{width}}  {'passed':>7}  {'median s':>8}  {'max s':>6}"]
    lines.append("-" * len(lines[0]))
    for o in rows:
        median = f"{statistics.median(o.seconds):.1f}" if o.seconds else "-"
        longest = f"{max(o.seconds):.1f}" if o.seconds else "-"
        mark = "" if o.passed == runs else "  <-- FLAKY" if o.passed else "  <-- FAILS"
        lines.append(
            f"{o.test:<{width}}  {f'{o.passed}/{runs}':>7}  {median:>8}  {longest:>6}{mark}"
        )
    return "\n".join(lines)


def hunt(selection: Sequence[str], runs: int, hog: bool, keep: Path) -> tuple[list[Outcome], int]:
    """Run the browser tests of ``selection`` ``runs`` times (with the hog) and gather; the
    outcomes and how many runs finished. Ctrl-C or SIGTERM ends the run in progress (it is not
    counted) and the hunt with it: fewer runs finished than asked for."""
    tests = collect(selection)
    outcomes = {t: Outcome(t) for t in tests}
    print(f"flake_hunt: {len(tests)} browser tests x {runs} runs, hog {'on' if hog else 'off'}")
    with cpu_hog(hog) as pid:
        if pid is not None:
            print(f"flake_hunt: hog pid {pid}")
        finished = 0
        for run in range(1, runs + 1):
            started = time.monotonic()
            report, log = keep / f"run{run}.xml", keep / f"run{run}.log"
            try:
                code = run_once(selection, report, log)
            except KeyboardInterrupt:
                print(f"flake_hunt: interrupted during run {run}, not counted", flush=True)
                break
            results = parse_junit(report) if report.exists() else {}
            for test, outcome in outcomes.items():
                ok, seconds, problem = results.get(test, (False, 0.0, "no result (see the log)"))
                if ok:
                    outcome.passed += 1
                else:
                    outcome.failed += 1
                    outcome.errors.append(f"run {run}: {problem}")
                if test in results:
                    outcome.seconds.append(seconds)
            failed = [t for t in tests if not results.get(t, (False,))[0]]
            print(
                f"run {run}/{runs}: pytest exit {code}, {len(tests) - len(failed)} passed, "
                f"{len(failed)} failed, {time.monotonic() - started:.0f} s  ({log})",
                flush=True,
            )
            finished = run
    return list(outcomes.values()), finished


def _stop_on_sigterm() -> None:
    def stop(signum: int, frame: object) -> None:
        raise KeyboardInterrupt

    signal.signal(signal.SIGTERM, stop)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("-n", "--runs", type=int, default=10, help="runs of each test (10)")
    parser.add_argument("-k", dest="keyword", help="only the browser tests matching this")
    parser.add_argument("--no-hog", action="store_true", help="leave every core to the tests")
    parser.add_argument("--keep", type=Path, help="where the runs' logs and reports go")
    parser.add_argument("paths", nargs="*", help="test files or node ids (default: tests/)")
    args = parser.parse_args(argv)
    if args.runs < 1:
        parser.error("--runs must be at least 1")
    selection = [*(args.paths or ["tests"]), *(["-k", args.keyword] if args.keyword else [])]
    keep = args.keep or Path(tempfile.mkdtemp(prefix="flake_hunt_"))
    keep.mkdir(parents=True, exist_ok=True)
    _stop_on_sigterm()
    outcomes, finished = hunt(selection, args.runs, not args.no_hog, keep)
    if finished < args.runs:
        print(f"\ninterrupted: {finished} of {args.runs} runs finished")
        if not finished:
            return 130
    print()
    print(table(outcomes, finished))
    for o in outcomes:
        for error in o.errors:
            print(f"{o.test}: {error}")
    flaky = [o for o in outcomes if o.passed < finished]
    print(
        f"\n{len(outcomes) - len(flaky)} of {len(outcomes)} browser tests passed every one of "
        f"{finished} runs."
    )
    return 130 if finished < args.runs else 1 if flaky else 0


if __name__ == "__main__":
    sys.exit(main())

"""``tests/flake_hunt.py``: its report of pass rates, and its CPU hog always stops."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

import tests.flake_hunt as flake_hunt
from tests.flake_hunt import Outcome, cpu_hog, parse_junit, table

JUNIT = """<?xml version="1.0" encoding="utf-8"?>
<testsuites><testsuite name="pytest">
<testcase classname="tests.test_browser_play" name="test_a" time="12.5"/>
<testcase classname="tests.test_browser_play" name="test_b" time="61.0">
  <failure message="TimeoutError: Locator.click: Timeout 30000ms exceeded.&#10;more">x</failure>
</testcase>
<testcase classname="tests.test_browser_learn" name="test_c" time="0.1">
  <skipped message="Chromium is not installed"/>
</testcase>
</testsuite></testsuites>"""


def test_a_report_says_which_tests_passed(tmp_path: Path) -> None:
    report = tmp_path / "run.xml"
    report.write_text(JUNIT, encoding="utf-8")
    results = parse_junit(report)
    assert results["tests/test_browser_play.py::test_a"] == (True, 12.5, "")
    ok, seconds, problem = results["tests/test_browser_play.py::test_b"]
    assert not ok and seconds == 61.0
    assert problem == "failure: TimeoutError: Locator.click: Timeout 30000ms exceeded."
    assert results["tests/test_browser_learn.py::test_c"][0] is False  # a skip is no pass


def test_the_table_puts_the_flaky_tests_first() -> None:
    outcomes = [
        Outcome("tests/a.py::steady", passed=3, seconds=[1.0, 2.0, 3.0]),
        Outcome("tests/b.py::flaky", passed=1, failed=2, seconds=[5.0]),
        Outcome("tests/c.py::broken", failed=3),
    ]
    lines = table(outcomes, 3).splitlines()
    assert lines[2].startswith("tests/c.py::broken") and lines[2].endswith("<-- FAILS")
    assert lines[2].split()[1] == "0/3"
    assert "1/3" in lines[3] and lines[3].endswith("<-- FLAKY")
    assert "3/3" in lines[4] and "2.0" in lines[4] and "FLAKY" not in lines[4]


def test_the_hog_stops_even_when_the_block_fails() -> None:
    pids: list[int] = []

    def failing_run() -> None:
        with cpu_hog() as pid:
            assert pid is not None
            os.kill(pid, 0)  # running
            pids.append(pid)
            raise RuntimeError("a failed run")

    with pytest.raises(RuntimeError):
        failing_run()
    with pytest.raises(ProcessLookupError):
        os.kill(pids[0], 0)


def test_an_interrupted_hunt_reports_the_runs_that_finished(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Ctrl-C (or SIGTERM) during the second run: the first run's results are reported as the
    hunt's, the second is dropped, and the exit status says it was interrupted."""
    tests = ["tests/test_browser_play.py::test_a", "tests/test_browser_play.py::test_b"]
    calls: list[Path] = []

    def run_once(selection: object, report: Path, log: Path) -> int:
        calls.append(report)
        if len(calls) == 2:
            raise KeyboardInterrupt
        report.write_text(JUNIT, encoding="utf-8")
        return 1

    monkeypatch.setattr(flake_hunt, "collect", lambda selection: tests)
    monkeypatch.setattr(flake_hunt, "run_once", run_once)
    monkeypatch.setattr(flake_hunt, "_stop_on_sigterm", lambda: None)  # not this process's
    outcomes, finished = flake_hunt.hunt(["tests"], 10, False, tmp_path)
    assert finished == 1 and len(calls) == 2
    assert [(o.passed, o.failed) for o in outcomes] == [(1, 0), (0, 1)]
    calls.clear()
    status = flake_hunt.main(["-n", "3", "--no-hog", "--keep", str(tmp_path / "again")])
    out = capsys.readouterr().out
    assert status == 130
    assert "interrupted: 1 of 3 runs finished" in out
    assert "1/1" in out and "0/1" in out and "Traceback" not in out

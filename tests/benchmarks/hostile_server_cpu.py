"""The workshop's CPU per hostile input: visitor A alone, the server's CPU time after each answer.

A benchmark run by hand, not a timed test (pytest collects only ``test_*.py``)::

    .venv/bin/python tests/benchmarks/hostile_server_cpu.py            # every page
    .venv/bin/python tests/benchmarks/hostile_server_cpu.py truck-routes/

One ``speakeasy workshop``; visitor A (:class:`tests.hostile_browser.Attacker`, one headless
Chromium) goes once through every input of :data:`~tests.hostile_browser.ATTACKS` (or the pages
named) with every hostile text and file. After each answer the server's CPU time (user and
system, its child processes included) is read from ``/proc`` (Linux): each printed row is the
CPU since A's previous answer, that is the hostile input and, on the play tables, the valid
save loaded back after it; a page's first row also carries its opening. CPU time, unlike wall
time, hardly moves with the machine's other load. Results: ``hostile_browser_latency_results.md``.
"""

from __future__ import annotations

import contextlib
import os
import signal
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from tests.conftest import (  # noqa: E402
    CHROMIUM,
    CHROMIUM_ARGS,
    _free_port,
    _wait_until_served,
    start_workshop,
)
from tests.hostile_browser import Attacker, valid_saves  # noqa: E402


def cpu_seconds(pid: int) -> float:
    """User and system CPU time of process ``pid`` and of its children, live or waited for
    (``/proc/PID/stat``), plus that of its live child processes, recursively."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    ticks = sum(int(f) for f in fields[11:15])  # utime, stime, cutime, cstime
    total = ticks / os.sysconf("SC_CLK_TCK")
    for task in Path(f"/proc/{pid}/task").iterdir():
        for child in (task / "children").read_text().split():
            with contextlib.suppress(FileNotFoundError):  # it ended meanwhile
                total += cpu_seconds(int(child))
    return total


class _Metered(Attacker):
    """Visitor A, printing the server's CPU since its previous answer at each answer."""

    server: int
    rows: list[tuple[str, str, str, float]]
    last: float

    def cpu(self) -> float:
        return cpu_seconds(self.server)

    def note(self, path: str, what: str, text: str, answer: str) -> None:
        now = self.cpu()
        self.rows.append((path, what, text, now - self.last))
        print(f"{path:20} {what:16} {text:16} {now - self.last:6.2f} s  {answer[:48]}", flush=True)
        self.last = now
        super().note(path, what, text, answer)


def main(only: tuple[str, ...] | None) -> list[tuple[str, str, str, float]]:
    from playwright.sync_api import sync_playwright

    port = _free_port()
    proc, _ = start_workshop("--port", str(port))
    url = f"http://127.0.0.1:{port}/"
    try:
        _wait_until_served(url, proc, 60)
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
            try:
                page: Any = browser.new_context(viewport={"width": 1400, "height": 2000}).new_page()
                attacker = _Metered(page, url, valid_saves(), every_text=True)
                attacker.server = proc.pid
                attacker.rows = []
                attacker.last = attacker.cpu()
                started = time.monotonic()
                attacker.run(only)
            finally:
                browser.close()
    finally:
        proc.send_signal(signal.SIGINT)
        proc.communicate(timeout=15)
    by_page: dict[str, list[float]] = {}
    for path, _, _, seconds in attacker.rows:
        by_page.setdefault(path, []).append(seconds)
    print(f"\nA's round: {time.monotonic() - started:.0f} s")
    for path, values in sorted(by_page.items(), key=lambda kv: -sum(kv[1])):
        print(f"{path:20} {len(values):3} inputs {sum(values):6.1f} s of CPU")
    return attacker.rows


if __name__ == "__main__":
    main(tuple(sys.argv[1:]) or None)

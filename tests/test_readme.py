"""The README's two commands stay true: the test command is the one CI runs, and the explorer
command (after its setup part) serves the workshop's ordered index of the notebooks and prints
the URL to open.

The setup part (``bash .ci/setup``) is what this test run itself was set up with, so only the
command after ``&&`` is started here, on a free port instead of the README's.
"""

from __future__ import annotations

import html
import re
import shlex
import subprocess
import time
import urllib.request
from pathlib import Path

from speakeasy.app.workshop import PAGES, STATIONS
from tests.conftest import ROOT, _free_port

README = ROOT / "README.md"


def _two_commands() -> list[str]:
    text = README.read_text(encoding="utf-8")
    section = text.split("## Two commands", 1)[1].split("\n## ", 1)[0]
    return re.findall(r"```bash\n(.+?)\n```", section, flags=re.DOTALL)


def test_the_readme_gives_exactly_two_commands_and_ci_runs_the_test_one() -> None:
    commands = _two_commands()
    assert len(commands) == 2 and all("\n" not in c for c in commands)
    explorer, tests = commands
    assert explorer.startswith("bash .ci/setup && ")
    assert tests.startswith("bash .ci/setup test && ")
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert tests in ci.splitlines()


def test_the_explorer_command_serves_the_ordered_index_and_prints_the_url(tmp_path: Path) -> None:
    """Issue 13 item 10: the explorer is the workshop server on this machine: its index lists
    the notebooks in session order with what each shows and its minutes, then the rules page,
    and links the teacher's index (the one person at this machine is the teacher); every
    notebook answers under its path."""
    explorer = _two_commands()[0].split("&&", 1)[1].strip()
    argv = shlex.split(explorer)
    assert argv[:2] == [".venv/bin/speakeasy", "workshop"] and "--host" not in argv  # loopback
    port = _free_port()
    argv[argv.index("--port") + 1] = str(port)
    log = tmp_path / "explorer.log"
    with log.open("w") as out:
        proc = subprocess.Popen(
            argv, cwd=ROOT, stdout=out, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL
        )
        try:
            deadline = time.monotonic() + 60
            while "Press Ctrl-C" not in log.read_text() and time.monotonic() < deadline:
                assert proc.poll() is None, log.read_text()
                time.sleep(0.2)
            printed = log.read_text()
            assert f"Speakeasy workshop: http://127.0.0.1:{port}/" in printed, printed
            assert "access_token" not in printed
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=20) as page:
                assert page.status == 200
                index = page.read().decode("utf-8")
            titles = re.findall(r'<li><a href="[^"]+">([^<]+)</a>', index)
            assert titles == [s.title for s in PAGES]  # the session order, then the rules
            # one person at this machine: the index links the teacher's index (its code printed)
            code = re.search(r"Teacher \(keep it to yourself\): \S+\?teacher=([\w-]+)", printed)
            assert code and f'href="/?teacher={code.group(1)}"' in index, printed
            for station in STATIONS:
                assert f"{station.minutes} min" in index and html.escape(station.what) in index
            for station in PAGES:  # every marimo notebook, under its own path
                url = f"http://127.0.0.1:{port}{station.path}"
                with urllib.request.urlopen(url, timeout=20) as page:
                    assert page.status == 200
        finally:
            proc.terminate()
            proc.wait(timeout=20)


def test_the_readme_says_jupyterlab_needs_allow_root_as_root() -> None:
    text = README.read_text(encoding="utf-8")
    assert ".venv/bin/jupyter lab notebooks/play.ipynb" in text and "--allow-root" in text

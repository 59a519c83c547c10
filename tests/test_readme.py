"""The README's two commands stay true: the test command is the one CI runs, and the explorer
command (after its setup part) serves the notebooks and prints the URL to open.

The setup part (``bash .ci/setup``) is what this test run itself was set up with, so only the
command after ``&&`` is started here, on a free port instead of the README's.
"""

from __future__ import annotations

import re
import shlex
import subprocess
import time
import urllib.request
from pathlib import Path

from speakeasy.ui.workshop import STATIONS
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


def test_the_explorer_command_serves_the_notebooks_and_prints_the_url(tmp_path: Path) -> None:
    explorer = _two_commands()[0].split("&&", 1)[1].strip()
    argv = shlex.split(explorer)
    port = _free_port()
    argv[argv.index("--port") + 1] = str(port)
    log = tmp_path / "explorer.log"
    with log.open("w") as out:
        proc = subprocess.Popen(
            argv, cwd=ROOT, stdout=out, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL
        )
        try:
            deadline = time.monotonic() + 60
            while f":{port}" not in log.read_text() and time.monotonic() < deadline:
                assert proc.poll() is None, log.read_text()
                time.sleep(0.2)
            assert re.search(rf"URL: http://\S+:{port}", log.read_text()), log.read_text()
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=20) as page:
                assert page.status == 200
            for notebook in (station.file for station in STATIONS):  # every marimo notebook
                url = f"http://127.0.0.1:{port}/?file={notebook}"  # a 404 for a file not served
                with urllib.request.urlopen(url, timeout=20) as page:
                    assert page.status == 200
        finally:
            proc.terminate()
            proc.wait(timeout=20)

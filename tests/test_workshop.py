"""The workshop pack: ``speakeasy workshop`` serves every notebook with an index page.

Checks that every marimo notebook in ``notebooks/`` is a workshop station (and every station's
notebook exists), that the index page links them in session order, that the command prints the
URLs, answers on each of them, and stops cleanly on Ctrl-C, and that a taken port is reported
plainly. The browser test (``test_browser_workshop.py``) follows a link from the index page.
"""

from __future__ import annotations

import re
import signal
import socket
import subprocess
import sys
import urllib.request
from pathlib import Path

from speakeasy.ui.workshop import NOTEBOOK_DIR, STATIONS, index_html, urls
from tests.conftest import Workshop, start_workshop


def _get(url: str) -> tuple[int, str]:
    with urllib.request.urlopen(url, timeout=20) as response:
        return response.status, response.read().decode("utf-8", "replace")


def test_every_notebook_is_a_station_and_every_station_exists() -> None:
    marimo_notebooks = {
        p.name for p in NOTEBOOK_DIR.glob("*.py") if "marimo.App(" in p.read_text("utf-8")
    }
    assert {s.file for s in STATIONS} == marimo_notebooks
    assert len({s.slug for s in STATIONS}) == len(STATIONS)


def test_the_session_plan_takes_90_minutes() -> None:
    assert sum(s.minutes for s in STATIONS) == 90


def test_index_links_every_station_in_session_order() -> None:
    page = index_html("http://host:1")
    links = re.findall(r'<a href="([^"]+)">([^<]+)</a>', page)
    assert links == [(url, s.title) for s, url in urls("http://host:1")]
    assert links[0] == ("http://host:1/learn/", "Learn a turn")


def test_the_command_prints_the_urls_serves_them_and_stops_on_ctrl_c(workshop: Workshop) -> None:
    assert workshop.banner[0] == f"Speakeasy workshop: {workshop.url}"
    printed = [line.split()[-1] for line in workshop.banner[1:-1]]
    assert printed == [url for _, url in urls(workshop.url)]
    status, page = _get(workshop.url)
    assert status == 200 and "Speakeasy workshop" in page
    for url in printed:
        status, app_page = _get(url)
        assert status == 200
        assert "<marimo-mode" in app_page or "marimo" in app_page.lower()


def test_ctrl_c_stops_the_server_without_a_traceback() -> None:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    proc, banner = start_workshop(port)
    assert banner[-1].startswith("Press Ctrl-C")
    proc.send_signal(signal.SIGINT)
    out, err = proc.communicate(timeout=30)
    assert proc.returncode == 0, err
    assert out.strip().endswith("Workshop stopped.")
    assert "Traceback" not in err


def test_a_taken_port_is_reported_plainly(tmp_path: Path) -> None:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        sock.listen()
        port = sock.getsockname()[1]
        result = subprocess.run(
            [sys.executable, "-m", "speakeasy.ui.cli", "workshop", "--port", str(port)],
            capture_output=True,
            text=True,
            timeout=60,
            cwd=tmp_path,
        )
    assert result.returncode == 1
    assert f"cannot serve the workshop on 127.0.0.1:{port}" in result.stderr
    assert "choose another --port" in result.stderr
    assert "Traceback" not in result.stderr


def test_the_teachers_guide_follows_the_stations() -> None:
    """docs/teachers_guide.md runs the stations in the index page's order and times."""
    guide = (NOTEBOOK_DIR.parent / "docs" / "teachers_guide.md").read_text("utf-8")
    sections = re.findall(r"^\*\*(.+?) \((\d+) min\)\.\*\*", guide, flags=re.MULTILINE)
    assert sections == [(s.title, str(s.minutes)) for s in STATIONS]
    rows = re.findall(r"^\| [\d:–]+ \| \*\*(.+?)\*\* \|", guide, flags=re.MULTILINE)
    assert rows == [s.title for s in STATIONS]

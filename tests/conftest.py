"""Browser fixtures: a served marimo app and a headless Chromium page (``@pytest.mark.browser``).

The app is started with the interpreter running pytest (``sys.executable -m marimo run``), on a
free port, without a token. Chromium is Debian's ``/usr/bin/chromium`` driven by playwright;
browser tests are skipped when either is missing, except under CI (``CI`` set), where a missing
browser is a failure: ``.ci/setup test`` installs it.
"""

from __future__ import annotations

import atexit
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parent.parent
CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
]
STARTUP_TIMEOUT_S = 30.0
#: The teacher's code of the notebooks served by ``marimo run`` here (``SPEAKEASY_TEACHER_CODE``,
#: speakeasy.tools.teacher): a page opened with ``?teacher=`` it is the teacher's.
TEACHER_CODE = "t3acher-code-for-tests"


def _missing(reason: str) -> None:
    if os.environ.get("CI"):
        pytest.fail(f"{reason}; CI must run the browser tests (bash .ci/setup test installs it)")
    pytest.skip(reason)


def _free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


def _wait_until_served(url: str, proc: subprocess.Popen[Any], timeout: float) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"marimo exited with code {proc.returncode} before serving {url}")
        try:
            with urllib.request.urlopen(url, timeout=2) as response:
                if response.status == 200:
                    return
        except (urllib.error.URLError, ConnectionError, TimeoutError):
            pass
        time.sleep(0.2)
    raise TimeoutError(f"marimo did not answer at {url} within {timeout:.0f} s")


@dataclass(frozen=True)
class MarimoApp:
    """A notebook served by ``marimo run``: its URL and the server's process id."""

    url: str
    pid: int


def _serve_marimo(notebook: Path) -> Iterator[MarimoApp]:
    port = _free_port()
    url = f"http://127.0.0.1:{port}"
    cmd = [
        sys.executable,
        "-m",
        "marimo",
        "run",
        "--headless",
        "--host",
        "127.0.0.1",
        "--port",
        str(port),
        "--no-token",
        str(notebook),
    ]
    proc = subprocess.Popen(
        cmd,
        cwd=ROOT,
        env={**os.environ, "SPEAKEASY_TEACHER_CODE": TEACHER_CODE},
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        stdin=subprocess.DEVNULL,
    )
    try:
        _wait_until_served(url, proc, STARTUP_TIMEOUT_S)
        yield MarimoApp(url + "/", proc.pid)
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait(timeout=10)


def _notebook_app(name: str) -> Iterator[MarimoApp]:
    if shutil.which("chromium") is None and not CHROMIUM.exists():
        _missing("Chromium is not installed")
    yield from _serve_marimo(ROOT / "notebooks" / name)


def _notebook_url(name: str) -> Iterator[str]:
    for app in _notebook_app(name):
        yield app.url


@pytest.fixture(scope="session")
def truck_routes_url() -> Iterator[str]:
    """URL of ``notebooks/truck_routes.py`` served by ``marimo run`` for this session."""
    yield from _notebook_url("truck_routes.py")


@pytest.fixture(scope="session")
def play_url() -> Iterator[str]:
    """URL of ``notebooks/play.py`` served by ``marimo run`` for this session."""
    yield from _notebook_url("play.py")


@pytest.fixture(scope="session")
def mafia_city_play_url() -> Iterator[str]:
    """URL of ``notebooks/mafia_city_play.py`` served by ``marimo run`` for this session."""
    yield from _notebook_url("mafia_city_play.py")


@pytest.fixture(scope="session")
def mafia_city_learn_url() -> Iterator[str]:
    yield from _notebook_url("mafia_city_learn.py")


@pytest.fixture(scope="session")
def learn_url() -> Iterator[str]:
    """URL of ``notebooks/learn.py`` served by ``marimo run`` for this session."""
    yield from _notebook_url("learn.py")


@pytest.fixture(scope="session")
def control_url() -> Iterator[str]:
    """URL of ``notebooks/control.py`` served by ``marimo run`` for this session."""
    yield from _notebook_url("control.py")


@pytest.fixture(scope="session")
def mafia_city_control_url() -> Iterator[str]:
    """URL of ``notebooks/mafia_city_control.py`` served by ``marimo run`` for this session."""
    yield from _notebook_url("mafia_city_control.py")


@pytest.fixture(scope="session")
def gang_war_url() -> Iterator[str]:
    """URL of ``notebooks/gang_war.py`` served by ``marimo run`` for this session."""
    yield from _notebook_url("gang_war.py")


@pytest.fixture(scope="session")
def strategies_app() -> Iterator[MarimoApp]:
    """``notebooks/strategies.py`` served by ``marimo run`` for this session, with the server's
    process id (its game workers are its children)."""
    yield from _notebook_app("strategies.py")


@dataclass(frozen=True)
class Workshop:
    """A running ``speakeasy workshop``: its index URL and what it printed on start."""

    url: str
    banner: tuple[str, ...]


#: The state folder (``XDG_STATE_HOME``) of the workshops the tests start, where they keep their
#: codes (:mod:`speakeasy.app.room`): this run's own, never the user's.
WORKSHOP_STATE = Path(tempfile.mkdtemp(prefix="speakeasy-test-state-"))
atexit.register(shutil.rmtree, WORKSHOP_STATE, ignore_errors=True)


def start_workshop(
    *args: str, state: Path = WORKSHOP_STATE
) -> tuple[subprocess.Popen[str], list[str]]:
    """Start ``speakeasy workshop ARGS`` (e.g. ``--port 8000``) keeping its codes in the state
    folder ``state``, and read its banner up to "Press Ctrl-C"."""
    proc = subprocess.Popen(
        [sys.executable, "-m", "speakeasy.app.entry", "workshop", *args],
        env={**os.environ, "XDG_STATE_HOME": str(state)},
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        stdin=subprocess.DEVNULL,
        text=True,
    )
    assert proc.stdout is not None
    banner: list[str] = []
    for line in proc.stdout:
        banner.append(line.rstrip("\n"))
        if line.startswith("Press Ctrl-C"):
            break
    return proc, banner


@pytest.fixture(scope="session")
def workshop() -> Iterator[Workshop]:
    """``speakeasy workshop`` serving every notebook on a free port for this session."""
    port = _free_port()
    proc, banner = start_workshop("--port", str(port))
    url = f"http://127.0.0.1:{port}/"
    try:
        _wait_until_served(url, proc, STARTUP_TIMEOUT_S)
        yield Workshop(url, tuple(banner))
    finally:
        proc.send_signal(signal.SIGINT)
        try:
            proc.communicate(timeout=15)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.communicate(timeout=10)


@pytest.fixture(scope="session")
def chromium() -> Iterator[Any]:
    """A headless Chromium browser (playwright, Debian's binary; never `playwright install`)."""
    if not CHROMIUM.exists():
        _missing(f"{CHROMIUM} is not installed")
    sync_api = pytest.importorskip("playwright.sync_api")
    with sync_api.sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        try:
            yield browser
        finally:
            browser.close()


@pytest.fixture
def chromium_page(chromium: Any) -> Iterator[Any]:
    """A fresh page, large enough to show the map, the side panel and the whole table."""
    context = chromium.new_context(viewport={"width": 1400, "height": 2000})
    try:
        yield context.new_page()
    finally:
        context.close()

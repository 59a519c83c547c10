"""The workshop pack: ``speakeasy workshop`` serves every notebook with an index page.

Checks that every marimo notebook in ``notebooks/`` is a workshop station (and every station's
notebook exists), that the index page links them in session order, that the command prints the
URLs, answers on each of them, and stops cleanly on Ctrl-C, and that a taken port is reported
plainly. The browser test (``test_browser_workshop.py``) follows a link from the index page.
"""

from __future__ import annotations

import ast
import asyncio
import builtins
import concurrent.futures
import gc
import os
import re
import signal
import socket
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Coroutine
from pathlib import Path
from typing import Any, TypeVar

import pytest
from marimo._entrypoints import registry as marimo_registry
from starlette.websockets import WebSocketDisconnected

from speakeasy.app import workshop
from speakeasy.app.workshop import (
    NOTEBOOK_DIR,
    PAGES,
    REFERENCE,
    STATIONS,
    TRACKS,
    first_visit,
    index_html,
    quiet_disconnects,
    urls,
)
from speakeasy.games import load
from tests.conftest import Workshop, start_workshop

T = TypeVar("T")


def run_async(coro: Coroutine[Any, Any, T]) -> T:
    """Run ``coro`` on a fresh event loop in its own thread: the browser tests' playwright
    leaves a loop running in this thread when they ran first in the same process."""
    with concurrent.futures.ThreadPoolExecutor(max_workers=1) as pool:
        return pool.submit(asyncio.run, coro).result()


def _get(url: str) -> tuple[int, str]:
    with urllib.request.urlopen(url, timeout=20) as response:
        return response.status, response.read().decode("utf-8", "replace")


def test_every_notebook_is_a_station_and_every_station_exists() -> None:
    """Every marimo notebook is served: a station of the session plan or a reference page (the
    rules page, issue 13 item 13)."""
    marimo_notebooks = {
        p.name for p in NOTEBOOK_DIR.glob("*.py") if "marimo.App(" in p.read_text("utf-8")
    }
    assert {s.file for s in PAGES} == marimo_notebooks
    assert len({s.slug for s in PAGES}) == len(PAGES)
    assert [s.slug for s in REFERENCE] == ["rules"]
    # the stations come from the registry: the session plan is Speakeasy's, then the Mafia City
    # track (issue 16)
    assert STATIONS == load("speakeasy").stations
    assert [game.name for game in TRACKS] == ["mafia-city"]
    assert {s.file for s in TRACKS[0].stations} == {
        "mafia_city_learn.py",
        "mafia_city_play.py",
        "mafia_city_control.py",
    }


def test_the_session_plan_takes_90_minutes() -> None:
    assert sum(s.minutes for s in STATIONS) == 90


def test_index_links_every_station_in_session_order() -> None:
    page = index_html("http://host:1")
    links = re.findall(r'<a href="([^"]+)">([^<]+)</a>', page)
    assert links == [(url, s.title) for s, url in urls("http://host:1", PAGES)]
    assert links[0] == ("http://host:1/learn/", "Learn a turn")
    assert links[-1] == ("http://host:1/rules/", "The rules")
    session = page.split("<ol>", 1)[1].split("</ol>", 1)[0]  # the timed plan, in order
    assert re.findall(r'<a href="[^"]+">([^<]+)</a>', session) == [s.title for s in STATIONS]
    after = page.split("</ol>", 1)[1]
    assert after.index("<h2>Mafia City</h2>") < after.index("<h2>Any time</h2>")
    assert "http://host:1/mafia-city-play/" in after
    assert "http://host:1/mafia-city-learn/" in after
    assert "<h2>Mafia City</h2>\n<p>A second game on the same engine" in after
    assert "For 3&ndash;5 players." in after
    assert "<h2>Mafia City</h2>" not in index_html("http://host:1", tracks=())


def test_the_command_prints_the_urls_serves_them_and_stops_on_ctrl_c(workshop: Workshop) -> None:
    assert workshop.banner[0] == f"Speakeasy workshop: {workshop.url}"
    assert workshop.banner[-2].startswith("Teacher (keep it to yourself): ")
    printed = [line.split()[-1] for line in workshop.banner[1:-2]]
    assert printed == [url for _, url in urls(workshop.url, PAGES)]
    status, page = _get(workshop.url)
    assert status == 200 and "Speakeasy workshop" in page
    for url in printed:
        status, app_page = _get(url)
        assert status == 200
        assert "<marimo-mode" in app_page or "marimo" in app_page.lower()


def test_the_first_visit_while_starting_runs_play_to_the_end(workshop: Workshop) -> None:
    """Issue 13 (the cold first map): the workshop visits play itself while it starts, so
    marimo's first reading of the notebook is not its first visitor's. The visit is a real
    session that runs to the end; nowhere to visit is a plain False, not an exception."""
    play = workshop.url.replace("http://", "ws://") + "play/"
    started = time.monotonic()
    assert first_visit(play)
    assert time.monotonic() - started < 30
    assert not first_visit(f"ws://127.0.0.1:{_free_port()}/play/", timeout=2)
    assert not first_visit(workshop.url.replace("http://", "ws://") + "nowhere/", timeout=5)


def test_ctrl_c_stops_the_server_without_a_traceback() -> None:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    proc, banner = start_workshop("--port", str(port))
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
            [sys.executable, "-m", "speakeasy.app.entry", "workshop", "--port", str(port)],
            capture_output=True,
            text=True,
            timeout=60,
            cwd=tmp_path,
            env={**os.environ, "XDG_STATE_HOME": str(tmp_path)},
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


# ---------------------------------------------------------------- issue 14, item 7: servers
def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def _status(url: str, headers: dict[str, str] | None = None) -> tuple[int, dict[str, str], str]:
    request = urllib.request.Request(url, headers=headers or {})
    try:
        with urllib.request.urlopen(request, timeout=20) as response:
            body = response.read().decode("utf-8", "replace")
            return response.status, dict(response.headers), body
    except urllib.error.HTTPError as err:
        return err.code, dict(err.headers), err.read().decode("utf-8", "replace")


async def _websocket_messages(url: str, seconds: float) -> int:
    """Open a notebook session (the app's websocket) and read its messages for ``seconds``."""
    import websockets

    received = 0
    async with websockets.connect(url) as ws:
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            try:
                await asyncio.wait_for(ws.recv(), deadline - time.monotonic())
            except TimeoutError:
                break
            received += 1
    return received


@pytest.mark.parametrize("sig", [signal.SIGINT, signal.SIGTERM], ids=["SIGINT", "SIGTERM"])
def test_the_workshop_stops_within_2_s_with_a_session_open(sig: signal.Signals) -> None:
    """Issue 14 item 7: with a notebook session open the workshop printed "Workshop stopped."
    and then hung on marimo's leftover kernel thread (only kill -9 ended it)."""
    import websockets

    port = _free_port()
    proc, banner = start_workshop("--port", str(port))
    assert banner[-1].startswith("Press Ctrl-C")

    async def session_then_signal() -> float:
        async with websockets.connect(f"ws://127.0.0.1:{port}/play/ws?session_id=s_hang01") as ws:
            # the session runs the notebook: read until it has been quiet for 3 s
            deadline = time.monotonic() + 60
            while time.monotonic() < deadline:
                try:
                    await asyncio.wait_for(ws.recv(), 3)
                except TimeoutError:
                    break
            start = time.monotonic()
            proc.send_signal(sig)
            while proc.poll() is None and time.monotonic() - start < 10:
                await asyncio.sleep(0.05)
            return time.monotonic() - start

    try:
        elapsed = run_async(session_then_signal())
        assert proc.poll() is not None, f"the workshop did not exit within 10 s ({elapsed:.1f})"
        out, err = proc.communicate(timeout=5)
        assert proc.returncode == 0, err
        assert out.strip().endswith("Workshop stopped.")
        assert "Traceback" not in err
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.communicate()


def test_beyond_loopback_the_workshop_needs_its_token() -> None:
    """Issue 14 item 7: on 0.0.0.0 a token is generated and printed in every URL; a request
    (page or websocket) without it is refused, with it (or the cookie it sets) served."""
    import websockets

    port = _free_port()
    proc, banner = start_workshop("--host", "0.0.0.0", "--port", str(port))
    try:
        match = re.search(r"\?access_token=([\w-]+)$", banner[0])
        assert match, banner
        token = match.group(1)
        assert re.fullmatch(r"[0-9A-HJKMNP-TV-Z]{8}", token), token  # the code for the board
        assert all(line.endswith(f"?access_token={token}") for line in banner[1:-3])
        assert banner[-3].startswith(f"Access code for the board: {token[:4]}-{token[4:]} ")
        teacher = re.search(
            rf"^Teacher .*: http://\S+/\?access_token={token}&teacher=([\w-]+)$", banner[-2]
        )
        assert teacher, banner[-2]
        code = teacher.group(1)
        base = f"http://127.0.0.1:{port}"
        for path in ("/", "/play/", "/strategies/", "/play/api/status"):
            status, _, body = _status(base + path)
            assert status == 401, path
            assert "access token" in body and "marimo" not in body.lower()
        assert _status(base + "/play/?access_token=wrong")[0] == 401
        status, headers, page = _status(f"{base}/?access_token={token}")
        assert status == 200 and f"/play/?access_token={token}" in page
        # the students' index never carries (nor links) the teacher's code: printed only
        assert code not in page and "teacher=" not in page
        assert code not in _status(f"{base}/?access_token={token}&teacher=wrong")[2]
        _, _, teachers = _status(f"{base}/?access_token={token}&teacher={code}")
        assert f"/play/?access_token={token}&amp;teacher={code}" in teachers
        assert f"/mafia-city-play/?access_token={token}&amp;teacher={code}" in teachers
        # the teacher's code is no access token
        assert _status(f"{base}/?teacher={code}")[0] == 401
        cookie = headers["set-cookie"].split(";")[0]
        assert token not in cookie
        status, _, app_page = _status(f"{base}/play/", {"Cookie": cookie})
        assert status == 200 and "marimo" in app_page.lower()
        assert _status(f"{base}/play/", {"Authorization": f"Bearer {token}"})[0] == 200

        async def websocket_refused() -> bool:
            try:
                await _websocket_messages(f"ws://127.0.0.1:{port}/play/ws?session_id=s_x", 2)
            except websockets.exceptions.WebSocketException:
                return True
            return False

        assert run_async(websocket_refused())
        # the workshop's own first visit carries the token (and without it is refused)
        assert first_visit(f"ws://127.0.0.1:{port}/play/", token)
        assert not first_visit(f"ws://127.0.0.1:{port}/play/", "wrong", timeout=5)
    finally:
        proc.send_signal(signal.SIGINT)
        proc.communicate(timeout=10)


def test_no_token_beyond_loopback_is_explicit_and_warned() -> None:
    """Issue 14 item 7: ``--no-token`` serves 0.0.0.0 without a token and says so; on
    loopback there is no token by default (and no warning)."""
    port = _free_port()
    proc, banner = start_workshop("--host", "0.0.0.0", "--port", str(port), "--no-token")
    try:
        assert "access_token" not in "\n".join(banner)
        assert _status(f"http://127.0.0.1:{port}/")[0] == 200
    finally:
        proc.send_signal(signal.SIGINT)
        _, err = proc.communicate(timeout=10)
    assert "warning: --no-token: anyone who can reach 0.0.0.0" in err
    assert "Traceback" not in err


def test_a_bad_host_is_not_blamed_on_the_port(tmp_path: Path) -> None:
    """Issue 14 item 8: a host that is not an address of this machine is named as the
    problem, not the port."""
    for host in ("no-such-host.invalid", "203.0.113.7"):
        result = subprocess.run(
            [sys.executable, "-m", "speakeasy.app.entry", "workshop", "--host", host],
            capture_output=True,
            text=True,
            timeout=60,
            cwd=tmp_path,
            env={**os.environ, "XDG_STATE_HOME": str(tmp_path)},
        )
        assert result.returncode == 1, result.stderr
        assert result.stderr.count("\n") == 1
        assert f"cannot serve the workshop on host {host!r}" in result.stderr
        assert "--port" not in result.stderr and "check --host" in result.stderr


# ---------------------------------------------------------------- one syntax tree at a time
#: A module whose syntax tree is large enough to see garbage collections while it is built.
_LARGE = "\n".join(
    f"def f{i}(a, b):\n    return [a + b * {i} for _ in range(3)]" for i in range(300)
)


def _at_depth(depth: int, fn: Callable[[], object]) -> object:
    return fn() if depth == 0 else _at_depth(depth - 1, fn)


def _parse_while_another_thread_parses(handoff: float) -> list[SystemError]:
    """Build a large syntax tree in this thread and, at the first garbage collection in the
    middle, let another thread build a small one (from a deeper stack) before going on: what
    two marimo sessions compiling at once can do. The errors either raised. ``handoff`` bounds
    this thread's wait for the other (which cannot start while trees are built one at a time)."""
    go, done = threading.Event(), threading.Event()
    errors: list[SystemError] = []
    armed = [False]
    this = threading.get_ident()

    def collecting(phase: str, info: dict[str, int]) -> None:
        if phase == "start" and armed[0] and threading.get_ident() == this:
            armed[0] = False
            go.set()
            done.wait(handoff)

    def other() -> None:
        go.wait()
        try:
            _at_depth(30, lambda: ast.parse("x = [1, (2, {3: 4})]"))
        except SystemError as err:
            errors.append(err)
        done.set()

    thread = threading.Thread(target=other)
    thread.start()
    thresholds = gc.get_threshold()
    gc.callbacks.append(collecting)
    gc.set_threshold(50)
    try:
        armed[0] = True
        ast.parse(_LARGE)
    except SystemError as err:
        errors.append(err)
    finally:
        gc.callbacks.remove(collecting)
        gc.set_threshold(*thresholds)
        go.set()
        thread.join()
    return errors


@pytest.mark.skipif(
    sys.version_info >= (3, 12, 2) or (3, 11, 8) <= sys.version_info < (3, 12),
    reason="fixed in CPython 3.11.8 and 3.12.2 (python/cpython#106905)",
)
def test_two_syntax_trees_built_at_once_break_on_this_python() -> None:
    """Why the workshop builds one syntax tree at a time: on this Python, two threads that
    build syntax trees at once break one of them (issue 26 item 14, python/cpython#106905)."""
    errors = _parse_while_another_thread_parses(handoff=60)
    assert errors and "AST constructor recursion depth mismatch" in str(errors[0])


def test_the_workshop_serves_building_one_syntax_tree_at_a_time(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """While the workshop serves, a syntax tree is never built while another one is (the
    other thread waits), so no session's compile fails; ``compile`` is restored afterwards."""
    original = builtins.compile
    seen: list[list[SystemError]] = []
    monkeypatch.setattr(workshop, "build_app", lambda *a, **k: None)
    monkeypatch.setattr(workshop, "warm_up", lambda: None)
    monkeypatch.setattr(
        workshop._QuietServer,
        "run",
        lambda self, sockets=None: seen.append(_parse_while_another_thread_parses(handoff=1)),
    )
    workshop.serve("127.0.0.1", 0, echo=lambda line: None)
    assert seen == [[]]
    assert builtins.compile is original


def test_the_workshop_reads_the_entry_points_once_while_it_serves(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """marimo looks its cell-executor plugins up among the entry points at every run of cells;
    while the workshop serves, the installed packages' metadata is read once for all of them
    (issue 26 item 12: 12-20 ms a run, holding the interpreter every visitor shares), and the
    registry reads afresh once it stops."""
    original = vars(marimo_registry)["entry_points"]
    reads: list[dict[str, Any]] = []

    def counted(**params: Any) -> Any:
        reads.append(params)
        return original(**params)

    monkeypatch.setattr(marimo_registry, "entry_points", counted)
    found: list[list[str]] = []

    def run(self: Any, sockets: Any = None) -> None:
        for _ in range(3):
            found.append([e.name for e in marimo_registry.get_entry_points("marimo.cell.executor")])

    monkeypatch.setattr(workshop, "build_app", lambda *a, **k: None)
    monkeypatch.setattr(workshop, "warm_up", lambda: None)
    monkeypatch.setattr(workshop._QuietServer, "run", run)
    workshop.serve("127.0.0.1", 0, echo=lambda line: None)
    assert len(found) == 3 and found[0] == found[1] == found[2]
    assert len(reads) == 1
    assert vars(marimo_registry)["entry_points"] is counted
    marimo_registry.get_entry_points("marimo.cell.executor")
    assert len(reads) == 2


def test_the_explorer_run_alone_links_the_teachers_index(workshop: Workshop) -> None:
    """On this machine without a token (the README's explorer: one person, the teacher), the
    index links the teacher's index, whose play links carry the teacher's code (printed too)."""
    line = workshop.banner[-2]
    code = line.rsplit("teacher=", 1)[1]
    assert line.endswith(f"{workshop.url}?teacher={code}")
    _, page = _get(workshop.url)
    assert f'href="/?teacher={code}"' in page and "teacher&rsquo;s index" in page
    assert f"/play/?teacher={code}" not in page
    _, teachers = _get(f"{workshop.url}?teacher={code}")
    assert f'href="/play/?teacher={code}"' in teachers
    assert f'href="/mafia-city-play/?teacher={code}"' in teachers


def test_the_students_index_never_names_the_teachers_code() -> None:
    """A room's index (a token) links no teacher's index; only the teacher's index carries it."""
    students = index_html("", token="abc")
    assert "teacher=" not in students and "Teacher&rsquo;s index" not in students
    teachers = index_html("", token="abc", teacher="t0p")
    assert 'href="/play/?access_token=abc&amp;teacher=t0p"' in teachers
    assert "Teacher&rsquo;s index" in teachers
    local = index_html("", teacher_link="/?teacher=t0p")
    assert 'href="/?teacher=t0p"' in local and "/play/?teacher=" not in local


def test_a_websocket_gone_before_it_was_accepted_is_answered_quietly() -> None:
    """A tab left open on an earlier server at this address retries its websocket with a
    session this server never had; marimo then raises ``WebSocketDisconnected``, which the
    workshop answers quietly (no traceback in the teacher's terminal). The same error on a
    page request, or any other error, is still raised."""

    async def gone(scope: Any, receive: Any, send: Any) -> None:
        raise WebSocketDisconnected('WebSocket is not connected. Need to call "accept" first.')

    async def broken(scope: Any, receive: Any, send: Any) -> None:
        raise KeyError("a real bug")

    async def nothing() -> dict[str, str]:
        return {}

    async def drop(message: Any) -> None:
        return None

    async def call(app: Any, kind: str) -> None:
        await quiet_disconnects(app)({"type": kind}, nothing, drop)

    run_async(call(gone, "websocket"))
    with pytest.raises(WebSocketDisconnected):
        run_async(call(gone, "http"))
    with pytest.raises(KeyError):
        run_async(call(broken, "websocket"))

"""A workshop that survives a room (issue 24 item 11): ``speakeasy workshop`` in a classroom.

Checks the access code for the board (its alphabet, how a student may type it, that it is kept
across restarts in the state folder and renewed by ``--new-code``, and that it stays apart from
the teacher's code), the guard's lockout of an address that keeps guessing, the room's address
printed for ``--host 0.0.0.0`` (found from a mocked socket), the QR code of the students' URL
on the index page and in the terminal, and that a workshop stopped with connections open starts
again at once on the same port (its connections linger in TIME_WAIT).
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import http.client
import ipaddress
import os
import re
import signal
import socket
import stat
import subprocess
import urllib.error
import urllib.request
from collections.abc import MutableMapping
from pathlib import Path
from typing import Any

import pytest
import segno

from speakeasy.app import room, workshop
from speakeasy.app.room import (
    ALPHABET,
    CODE_LENGTH,
    Codes,
    board_code,
    load_codes,
    new_access_code,
    normalise_code,
    qr_svg,
    room_address,
)
from speakeasy.app.workshop import PAGES, WRONG_CODES_PER_MINUTE, guard, index_html
from tests.conftest import start_workshop

CODE = re.compile(r"[0-9A-HJKMNP-TV-Z]{8}")  # Crockford's base 32: no I, L, O, U


# ---------------------------------------------------------------- the code and where it is kept
def test_an_access_code_is_eight_unambiguous_characters() -> None:
    codes = {new_access_code() for _ in range(2000)}
    assert len(codes) == 2000  # 40 bits: no repeats among a few thousand
    assert all(CODE.fullmatch(code) for code in codes)
    assert CODE_LENGTH == 8 and len(ALPHABET) == 32
    assert not set("ILOU") & set(ALPHABET)
    # every character is used (uniform over the alphabet, not only digits or letters)
    assert set("".join(codes)) == set(ALPHABET)
    assert board_code("K7QM3XPA") == "K7QM-3XPA"


@pytest.mark.parametrize(
    "typed", ["K7QM3XPA", "k7qm-3xpa", " K7QM 3XPA ", "k7qm_3xpa", "K7QM.3XPA"]
)
def test_a_code_may_be_typed_as_a_student_writes_it(typed: str) -> None:
    assert normalise_code(typed) == "K7QM3XPA"


def test_letters_read_as_digits_are_the_digits() -> None:
    assert normalise_code("oil-OIL") == "011011"
    assert normalise_code("K7QM3XPB") != "K7QM3XPA"


def test_the_codes_are_kept_across_runs_until_new_ones_are_asked_for(tmp_path: Path) -> None:
    path = tmp_path / "state" / "speakeasy" / "workshop.json"
    first = load_codes(path)
    assert first.note == "" and CODE.fullmatch(first.access)
    assert stat.S_IMODE(path.stat().st_mode) == 0o600  # secrets: the owner's only
    again = load_codes(path)
    assert again == first
    renewed = load_codes(path, new=True)
    assert renewed.access != first.access
    assert renewed.teacher != first.teacher and renewed.key != first.key
    assert load_codes(path) == renewed  # the new ones are kept in turn
    # the student's code and the teacher's are distinct, and of different lengths
    assert renewed.access != renewed.teacher and len(renewed.teacher) >= 16
    assert list(path.parent.iterdir()) == [path]  # no temporary file left behind


def test_the_state_folder_follows_xdg_state_home(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path))
    assert room.state_file() == tmp_path / "speakeasy" / "workshop.json"


@pytest.mark.parametrize(
    ("text", "says"),
    [
        ("{not json", "it is not JSON"),
        ("[1, 2]", "it holds no table of codes"),
        ('{"access_code": "SHORT", "teacher_code": "x", "key": "00"}', "not the workshop's"),
    ],
)
def test_an_unusable_state_file_gives_new_codes_and_says_why(
    tmp_path: Path, text: str, says: str
) -> None:
    path = tmp_path / "workshop.json"
    path.write_text(text, "utf-8")
    codes = load_codes(path)
    assert CODE.fullmatch(codes.access)
    assert says in codes.note and str(path) in codes.note
    assert load_codes(path) == Codes(codes.access, codes.teacher, codes.key)


@pytest.mark.skipif(os.geteuid() == 0, reason="root writes into a read-only folder")
def test_a_state_folder_that_cannot_be_written_leaves_codes_for_this_run(tmp_path: Path) -> None:
    tmp_path.chmod(0o500)
    try:
        codes = load_codes(tmp_path / "speakeasy" / "workshop.json")
    finally:
        tmp_path.chmod(0o700)
    assert CODE.fullmatch(codes.access)
    assert "cannot keep the codes" in codes.note and "until this workshop stops" in codes.note


def test_a_state_path_that_is_a_folder_is_a_note_not_a_traceback(tmp_path: Path) -> None:
    (tmp_path / "workshop.json").mkdir()
    codes = load_codes(tmp_path / "workshop.json")
    assert CODE.fullmatch(codes.access) and "cannot keep the codes" in codes.note


# ---------------------------------------------------------------- the guard and its lockout
def _call(
    app: workshop.ASGIApp, path: str, *, client: str = "10.0.0.5", kind: str = "http", **h: str
) -> tuple[int, dict[str, str], str]:
    """Send one request (or websocket opening) to ``app``: (status or close code, headers,
    body); 200 with body "served" when it reached the app behind the guard."""
    target, _, query = path.partition("?")
    scope: MutableMapping[str, Any] = {
        "type": kind,
        "path": target,
        "query_string": query.encode("latin-1"),
        "headers": [(k.lower().encode(), v.encode()) for k, v in h.items()],
        "client": (client, 50000),
    }
    sent: list[MutableMapping[str, Any]] = []

    async def receive() -> MutableMapping[str, Any]:
        return {"type": "http.request"}

    async def send(message: MutableMapping[str, Any]) -> None:
        sent.append(message)

    async def call() -> None:
        await app(scope, receive, send)

    # on a fresh loop in a thread of its own: a browser test may leave one running in this one
    with concurrent.futures.ThreadPoolExecutor(max_workers=1) as pool:
        pool.submit(asyncio.run, call()).result()
    if sent[0]["type"] == "websocket.close":
        return sent[0]["code"], {}, ""
    headers = {k.decode(): v.decode() for k, v in sent[0]["headers"]}
    return sent[0]["status"], headers, sent[1]["body"].decode()


async def _served(scope: Any, receive: Any, send: Any) -> None:
    if scope["type"] == "websocket":
        await send({"type": "websocket.close", "code": 1000})
        return
    await send({"type": "http.response.start", "status": 200, "headers": []})
    await send({"type": "http.response.body", "body": b"served"})


def test_the_guard_takes_the_code_as_typed_and_asks_for_it_with_a_form() -> None:
    app = guard(_served, "K7QM3XPA", key=b"k" * 32)
    status, headers, body = _call(app, "/play/?access_token=k7qm-3xpa")
    assert (status, body) == (200, "served") and "set-cookie" in headers
    status, headers, page = _call(app, "/")
    assert status == 401 and headers["content-type"].startswith("text/html")
    assert '<input name="access_token"' in page and "not the code" not in page
    status, _, page = _call(app, "/?access_token=K7QM3XPB")
    assert status == 401 and "not the code on the board" in page
    assert _call(app, "/", Authorization="Bearer k7qm 3xpa")[0] == 200


def test_the_cookie_is_signed_with_the_kept_key_and_outlives_a_restart() -> None:
    key = b"k" * 32
    _, headers, _ = _call(guard(_served, "K7QM3XPA", key), "/?access_token=K7QM3XPA")
    cookie = headers["set-cookie"].split(";")[0]
    assert "K7QM3XPA" not in cookie
    # a new guard with the same code and key (the workshop restarted) takes it
    assert _call(guard(_served, "K7QM3XPA", key), "/", Cookie=cookie)[0] == 200
    # a new code (--new-code) or another key does not
    assert _call(guard(_served, "A7QM3XPA", key), "/", Cookie=cookie)[0] == 401
    assert _call(guard(_served, "K7QM3XPA", b"j" * 32), "/", Cookie=cookie)[0] == 401


def test_an_address_that_keeps_guessing_is_locked_out_even_with_the_right_code() -> None:
    app = guard(_served, "K7QM3XPA", key=b"k" * 32)
    for i in range(WRONG_CODES_PER_MINUTE):
        assert _call(app, f"/?access_token=WRONG{i:03d}")[0] == 401
    status, headers, body = _call(app, "/?access_token=K7QM3XPA")
    assert status == 429 and headers["retry-after"] == "60" and "wait a minute" in body
    assert _call(app, "/", Authorization="Bearer K7QM3XPA")[0] == 429
    assert _call(app, "/play/ws?access_token=K7QM3XPA", kind="websocket")[0] == 1008
    # another address (another student's laptop) is not locked out
    assert _call(app, "/?access_token=K7QM3XPA", client="10.0.0.6")[0] == 200


def test_opening_the_bare_address_is_no_guess() -> None:
    app = guard(_served, "K7QM3XPA", key=b"k" * 32)
    for _ in range(3 * WRONG_CODES_PER_MINUTE):
        assert _call(app, "/")[0] == 401
        assert _call(app, "/", Cookie="speakeasy_workshop=stale")[0] == 401
    assert _call(app, "/?access_token=K7QM3XPA")[0] == 200


def test_the_lockout_ends_a_minute_after_the_last_wrong_code() -> None:
    now = [1000.0]
    app = guard(_served, "K7QM3XPA", key=b"k" * 32, timer=lambda: now[0])
    for _ in range(WRONG_CODES_PER_MINUTE):
        _call(app, "/?access_token=WRONGONE")
    assert _call(app, "/?access_token=K7QM3XPA")[0] == 429
    now[0] += 59
    assert _call(app, "/?access_token=K7QM3XPA")[0] == 429
    now[0] += 2
    assert _call(app, "/?access_token=K7QM3XPA")[0] == 200


# ---------------------------------------------------------------- the room's address
class _FakeSocket:
    """A UDP socket whose route leads out by ``address`` (or nowhere: ``OSError``)."""

    calls: list[str]

    def __init__(self, address: str | OSError) -> None:
        self.address = address
        self.calls = []

    def __call__(self, family: int, kind: int) -> _FakeSocket:
        assert (family, kind) == (socket.AF_INET, socket.SOCK_DGRAM)
        return self

    def __enter__(self) -> _FakeSocket:
        return self

    def __exit__(self, *exc: object) -> None:
        self.calls.append("close")

    def connect(self, address: tuple[str, int]) -> None:
        self.calls.append(f"connect {address[0]}")
        if isinstance(self.address, OSError):
            raise self.address

    def getsockname(self) -> tuple[str, int]:
        assert isinstance(self.address, str)
        self.calls.append("getsockname")
        return self.address, 40000


@pytest.mark.parametrize(
    ("route", "expected"),
    [
        ("192.168.1.23", "192.168.1.23"),
        ("10.8.0.4", "10.8.0.4"),
        (OSError(101, "Network is unreachable"), "127.0.0.1"),
        ("0.0.0.0", "127.0.0.1"),
    ],
    ids=["home", "school", "no network", "no address"],
)
def test_the_room_address_is_the_default_routes_interface(
    monkeypatch: pytest.MonkeyPatch, route: str | OSError, expected: str
) -> None:
    fake = _FakeSocket(route)
    monkeypatch.setattr(socket, "socket", fake)  # restored after the test
    assert room_address() == expected
    # a UDP connect to a private address, and nothing sent
    assert fake.calls[0] == f"connect {room.ROUTE_PROBE[0]}"
    assert ipaddress.ip_address(room.ROUTE_PROBE[0]).is_private
    assert set(fake.calls) <= {f"connect {room.ROUTE_PROBE[0]}", "getsockname", "close"}


def test_every_interface_is_printed_as_the_room_address(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(socket, "socket", _FakeSocket("192.168.1.23"))
    assert workshop._reachable_name("0.0.0.0") == "192.168.1.23"
    assert workshop._reachable_name("::") == "192.168.1.23"
    assert workshop._reachable_name("127.0.0.1") == "127.0.0.1"


def test_the_room_address_here_is_an_address_of_this_machine() -> None:
    """Unmocked: whatever this machine's network, the address is one a socket can bind."""
    with socket.socket() as sock:
        sock.bind((room_address(), 0))


# ---------------------------------------------------------------- the QR code
def test_the_index_shows_the_address_the_code_and_a_qr_code_of_both() -> None:
    share = "http://192.168.1.23:2718/"
    page = index_html("", token="K7QM3XPA", share=share)
    box = page.split('<section class="join"', 1)[1].split("</section>", 1)[0]
    assert qr_svg(f"{share}?access_token=K7QM3XPA") in box
    assert "<svg" in box and "<title>" in box
    assert f"<code>{share}</code>" in box and '<b class="code">K7QM-3XPA</b>' in box
    # the teacher's index shows the students' QR code, never one with the teacher's code
    teachers = index_html("", token="K7QM3XPA", teacher="t0p", share=share)
    assert qr_svg(f"{share}?access_token=K7QM3XPA") in teachers
    # no box on this machine alone (a QR code of 127.0.0.1 would open a phone's own)
    assert '<section class="join"' not in index_html("", token="K7QM3XPA")
    # without a token (--no-token) the box has the address and the QR code, no code
    open_box = index_html("", share=share)
    assert qr_svg(share) in open_box and 'class="code"' not in open_box


def test_the_qr_code_encodes_the_students_url() -> None:
    """The SVG is segno's drawing of exactly that URL (a different URL draws differently)."""
    url = "http://192.168.1.23:2718/?access_token=K7QM3XPA"
    modules = re.findall(r'd="([^"]+)"', qr_svg(url))
    expected = segno.make_qr(url, error="m").svg_inline(scale=1, border=2, omitsize=True)
    assert modules and modules == re.findall(r'd="([^"]+)"', expected)
    assert modules != re.findall(r'd="([^"]+)"', qr_svg(url.replace("K7QM", "A7QM")))
    assert segno.make_qr(url, error="m").designator.endswith("M")


# ---------------------------------------------------------------- restart, code, QR end to end
def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def _time_wait_on(port: int) -> bool:
    """Whether a TCP connection of local port ``port`` is in TIME_WAIT (Linux's /proc)."""
    try:
        table = Path("/proc/net/tcp").read_text("ascii").splitlines()[1:]
    except OSError:
        return False
    return any(
        int(line.split()[1].split(":")[1], 16) == port and line.split()[3] == "06" for line in table
    )


def test_a_port_whose_connections_linger_in_time_wait_is_free() -> None:
    """The workshop's port check bound a probe without SO_REUSEADDR: after a stop with
    connections open, their TIME_WAIT made it say "Address already in use" for a minute."""
    with socket.socket() as server:
        server.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        server.bind(("127.0.0.1", 0))
        server.listen()
        port = server.getsockname()[1]
        client = socket.create_connection(("127.0.0.1", port))
        accepted, _ = server.accept()
        accepted.close()  # the server closes first, as a stopping workshop does
        client.recv(1)
        client.close()
    if not _time_wait_on(port):
        pytest.skip("no TIME_WAIT to be seen on this system")
    with socket.socket() as bare, pytest.raises(OSError, match="in use"):
        bare.bind(("127.0.0.1", port))  # what the old probe did
    workshop._check_address("127.0.0.1", port)  # now free
    with socket.socket() as taken:  # a listening port is still refused
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        with pytest.raises(OSError, match="choose another --port"):
            workshop._check_address("127.0.0.1", taken.getsockname()[1])


def _get(url: str) -> tuple[int, str]:
    try:
        with urllib.request.urlopen(url, timeout=30) as response:
            return response.status, response.read().decode("utf-8", "replace")
    except urllib.error.HTTPError as err:
        return err.code, err.read().decode("utf-8", "replace")


def _stop(proc: subprocess.Popen[str]) -> str:
    proc.send_signal(signal.SIGINT)
    out, err = proc.communicate(timeout=30)
    assert proc.returncode == 0, err
    assert out.strip().endswith("Workshop stopped.") and "Traceback" not in err
    return err


def _code(banner: list[str]) -> str:
    match = re.search(r"\?access_token=(\w+)$", banner[0])
    assert match, banner
    return match.group(1)


def test_a_restarted_workshop_keeps_its_code_and_port_and_new_code_renews_it(
    tmp_path: Path,
) -> None:
    """Start on every interface, open pages, stop with Ctrl-C, start again at once on the same
    port: the same access and teacher's codes (the board stays right); ``--new-code`` makes
    others and the old code is refused. The banner names the room's address, prints the code
    for the board and (``--qr``) the QR code."""
    port = _free_port()
    args = ("--host", "0.0.0.0", "--port", str(port))
    proc, banner = start_workshop(*args, "--qr", state=tmp_path)
    try:
        assert banner[-1].startswith("Press Ctrl-C"), banner
        code = _code(banner)
        assert CODE.fullmatch(code)
        assert banner[0].startswith(f"Speakeasy workshop: http://{room_address()}:{port}/")
        board = next(line for line in banner if line.startswith("Access code for the board: "))
        assert f": {board_code(code)} (students open http://{room_address()}:{port}/" in board
        drawn = banner[1 + len(PAGES) : banner.index(board)]  # after the notebooks' URLs
        assert len(drawn) >= 15, banner
        assert all(re.fullmatch(r"(?:[ \u2580\u2584\u2588]|\x1b\[[0-9;]*m)+", x) for x in drawn)
        teacher = banner[-2].rsplit("teacher=", 1)[1]
        base = f"http://127.0.0.1:{port}"
        status, page = _get(f"{base}/?access_token={code.lower()}")
        assert status == 200 and qr_svg(f"{banner[0].split()[-1]}") in page
        assert '<section class="join"' in page and board_code(code) in page
        # as a browser: marimo answers a token in the query with a redirect, the cookie follows
        browser = urllib.request.build_opener(urllib.request.HTTPCookieProcessor())
        with browser.open(f"{base}/play/?access_token={code}", timeout=30) as response:
            assert response.status == 200 and response.url == f"{base}/play/"
        # a browser's connection, kept alive: the stopping workshop closes it first, and its
        # side lingers in TIME_WAIT on the workshop's port
        kept = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        kept.request("GET", f"/?access_token={code}")
        assert kept.getresponse().read()
    finally:
        err = _stop(proc)
    assert kept.sock is not None and kept.sock.recv(1) == b""  # the workshop closed it
    kept.close()
    assert "note:" not in err  # the state folder was written
    assert _time_wait_on(port) or not Path("/proc/net/tcp").exists()
    proc, banner = start_workshop(*args, state=tmp_path)  # at once, same port
    try:
        assert banner[-1].startswith("Press Ctrl-C"), banner
        assert _code(banner) == code and banner[-2].endswith(f"teacher={teacher}")
        assert not any("\u2588" in line for line in banner)  # no --qr, no QR in the terminal
    finally:
        _stop(proc)
    proc, banner = start_workshop(*args, "--new-code", state=tmp_path)
    try:
        new = _code(banner)
        assert new != code and not banner[-2].endswith(f"teacher={teacher}")
        assert _get(f"http://127.0.0.1:{port}/?access_token={code}")[0] == 401
        assert _get(f"http://127.0.0.1:{port}/?access_token={new}")[0] == 200
    finally:
        _stop(proc)
    stored = load_codes(tmp_path / "speakeasy" / "workshop.json")
    assert stored.access == new

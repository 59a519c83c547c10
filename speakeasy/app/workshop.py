"""The workshop pack: every notebook served as a marimo app on localhost, with an index page.

``speakeasy workshop`` (see :func:`serve`) starts one web server that holds each notebook of
the games as a marimo app under its own path (``/learn/``, ``/play/``...) and an index page at
``/``. The stations come from the registry (:mod:`speakeasy.games`): the first game's are the
session plan (:data:`STATIONS`, in the order of ``docs/teachers_guide.md``), every other game's
a track after it (:data:`TRACKS`, e.g. Mafia City's), then the pages of :data:`REFERENCE` to
open at any time (the rules page, ``/rules/``). It prints the URLs and stops cleanly on Ctrl-C.
The README's explorer command is this server.

A notebook app runs code on the server, so a workshop that listens beyond this machine needs an
access token (:func:`needs_token`): every request must carry it (``?access_token=...`` in the
printed URLs, then a cookie), or it is refused with 401 and a form that asks for it
(:func:`guard`). The token is a short access code to write on the board, kept across restarts
(:mod:`speakeasy.app.room`, which says why eight characters suffice; the guard also locks out
an address that keeps guessing). Listening on every interface (``--host 0.0.0.0``) the printed
URLs name this machine's address on the room's network, and the index page shows that address,
the code and a QR code of both.

The teacher's view of a play table (every hand and safe, :mod:`speakeasy.tools.teacher`) is the
teacher's alone: the workshop makes a teacher's code at start and prints the teacher's index URL
(``/?teacher=<code>``) to the console only; that index, and every notebook opened from it,
carries the code, and only a page opened with it shows the teacher-view switch (the notebook
checks the code on the server). The students' index and URLs never carry it. Run by one person
on this machine (loopback, no access token: the README's explorer), the index also links the
teacher's index, since the one person there is the teacher.

>>> [s.path for s in STATIONS][:3]
['/learn/', '/play/', '/control/']
>>> "/learn/" in index_html("http://127.0.0.1:2718")
True
>>> [s.path for s in PAGES][-1]
'/rules/'
"""

from __future__ import annotations

import ast
import builtins
import errno
import functools
import hashlib
import hmac
import html
import ipaddress
import multiprocessing
import os
import secrets
import socket
import sys
import threading
import time
from collections.abc import Awaitable, Callable, Iterator, MutableMapping, Sequence
from contextlib import contextmanager
from http.cookies import SimpleCookie
from pathlib import Path
from types import FrameType
from typing import Any, Final
from urllib.parse import parse_qs, quote

import cachetools
import uvicorn
from starlette.websockets import WebSocketDisconnected
from websockets.exceptions import WebSocketException
from websockets.sync.client import connect

from speakeasy.app.room import board_code, normalise_code, qr_svg, qr_text, room_address
from speakeasy.core.registry import GameType, Station
from speakeasy.games import load, names
from speakeasy.games.speakeasy.table.play import Table
from speakeasy.games.speakeasy.table.play_panel import PlaySession
from speakeasy.tools.batch import stop_processes
from speakeasy.tools.teacher import PARAM as TEACHER_PARAM
from speakeasy.tools.teacher import set_code, teacher_url

__all__ = [
    "NOTEBOOK_DIR",
    "PAGES",
    "REFERENCE",
    "STATIONS",
    "TRACKS",
    "Station",
    "build_app",
    "entry_points_read_once",
    "guard",
    "index_html",
    "is_loopback",
    "needs_token",
    "one_syntax_tree_at_a_time",
    "quiet_disconnects",
    "serve",
    "stop_workers",
    "urls",
]

NOTEBOOK_DIR = Path(__file__).resolve().parents[2] / "notebooks"

Scope = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[MutableMapping[str, Any]]]
Send = Callable[[MutableMapping[str, Any]], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]


#: The session plan: the first registered game's notebooks in session order (the teacher's
#: guide follows this order and these times).
STATIONS: tuple[Station, ...] = load(names()[0]).stations

#: Every other registered game, a track listed on the index page after the session plan.
TRACKS: tuple[GameType, ...] = tuple(load(name) for name in names()[1:])

#: Pages to open at any time, beside the session plan (not timed, not in the teacher's plan).
REFERENCE: tuple[Station, ...] = (
    Station(
        slug="rules",
        file="rules.py",
        title="The rules",
        what="Every rule of the game in one line of this project's own words: search by words or "
        "by ID, browse by area, and see the notebooks and prepared positions that show each one.",
    ),
)


def _pages(
    stations: Sequence[Station], tracks: Sequence[GameType], reference: Sequence[Station]
) -> tuple[Station, ...]:
    return (*stations, *(s for game in tracks for s in game.stations), *reference)


#: Everything the workshop serves, in the index's order: the session plan, the other games'
#: tracks, the reference pages.
PAGES: tuple[Station, ...] = _pages(STATIONS, TRACKS, REFERENCE)


def _with_token(url: str, token: str | None) -> str:
    return f"{url}?access_token={quote(token)}" if token else url


def _with(url: str, token: str | None, teacher: str | None) -> str:
    url = _with_token(url, token)
    return teacher_url(url, teacher) if teacher else url


def urls(
    base: str,
    stations: Sequence[Station] = STATIONS,
    token: str | None = None,
    teacher: str | None = None,
) -> list[tuple[Station, str]]:
    """Every station with its full URL under ``base`` (e.g. ``http://127.0.0.1:2718``), with
    ``?access_token=`` when the workshop has a ``token``, and the ``teacher``'s code for the
    teacher's URLs.

    >>> urls("http://h:1", token="abc")[0][1]
    'http://h:1/learn/?access_token=abc'
    >>> urls("http://h:1", token="abc", teacher="t")[1][1]
    'http://h:1/play/?access_token=abc&teacher=t'
    """
    return [(s, _with(base.rstrip("/") + s.path, token, teacher)) for s in stations]


def _items(
    base: str,
    stations: Sequence[Station],
    token: str | None,
    note: str = "",
    teacher: str | None = None,
) -> str:
    return "\n".join(
        f'<li><a href="{html.escape(url)}">{html.escape(s.title)}</a> '
        f'<span class="min">{note or f"{s.minutes} min"}</span><p>{html.escape(s.what)}</p></li>'
        for s, url in urls(base, stations, token, teacher)
    )


def index_html(
    base: str = "",
    stations: Sequence[Station] = STATIONS,
    token: str | None = None,
    tracks: Sequence[GameType] = TRACKS,
    reference: Sequence[Station] = REFERENCE,
    *,
    teacher: str | None = None,
    teacher_link: str | None = None,
    share: str | None = None,
) -> str:
    """The index page: the stations in session order, each a link with its time and purpose,
    then each other game's track and the reference pages (any time).

    ``share`` (the address the room's laptops open, e.g. ``http://192.168.1.23:2718/``) adds a
    box to project: that address, the access code as written on the board (``token``) and a
    QR code of the address with the code, which a phone or tablet opens at once.

    With ``teacher`` (the teacher's code) it is the teacher's index: every link carries the
    code, so the play tables it opens offer the teacher's view. ``teacher_link`` (a URL) adds
    a line pointing to the teacher's index (on the explorer run by one person only).

    >>> "teacher=" in index_html("", token="abc")
    False
    >>> 'href="/play/?access_token=abc&amp;teacher=t"' in index_html("", token="abc", teacher="t")
    True
    """
    items = _items(base, stations, token, teacher=teacher)
    second = "".join(
        f"<h2>{html.escape(game.title)}</h2>\n<p>{html.escape(game.blurb)} For "
        f"{game.min_players}&ndash;{game.max_players} players.</p>\n"
        f'<ul class="track">\n{_items(base, game.stations, token, teacher=teacher)}\n</ul>\n'
        for game in tracks
        if game.stations
    )
    extra = (
        '<h2>Any time</h2>\n<ul class="reference">\n'
        f"{_items(base, reference, token, 'reference', teacher)}\n</ul>\n"
        if reference
        else ""
    )
    if teacher:
        who = (
            '<p class="teacher"><b>Teacher&rsquo;s index.</b> The play tables opened from here '
            "offer the teacher view (every hand and safe); keep these links to yourself and "
            "give the students the index without <code>teacher=</code>.</p>"
        )
    elif teacher_link:
        who = (
            f'<p class="teacher">Teaching? The <a href="{html.escape(teacher_link)}">'
            "teacher&rsquo;s index</a> opens the same notebooks with the teacher view "
            "(every hand and safe) on the play tables.</p>"
        )
    else:
        who = ""
    total = sum(s.minutes for s in stations)
    join = _join_html(share, token) if share else ""
    return f"""<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<title>Speakeasy workshop</title>
<style>
body {{ font-family: system-ui, sans-serif; max-width: 46rem; margin: 2.5rem auto;
       padding: 0 1rem; color: #222; background: #fbf8f1; }}
h1 {{ font-size: 1.8rem; margin-bottom: .2rem; }}
h2 {{ font-size: 1.35rem; margin: 2rem 0 .2rem; }}
ol, ul {{ padding-left: 1.4rem; }}
li {{ margin: 1rem 0; }}
li a {{ font-size: 1.2rem; font-weight: 600; color: #5b2a86; }}
li p {{ margin: .2rem 0 0; color: #444; }}
.min {{ color: #777; font-size: .9rem; margin-left: .4rem; }}
footer {{ margin-top: 2rem; color: #777; font-size: .85rem; }}
.join {{ display: flex; gap: 1.2rem; align-items: center; margin: 1.2rem 0; padding: .8rem;
        background: #fff; border: 1px solid #ddd3c0; border-radius: .5rem; }}
.join .qr svg {{ width: 9rem; height: 9rem; display: block; }}
.join p {{ margin: .3rem 0; }}
.join .code {{ font-size: 1.6rem; letter-spacing: .12em; font-family: ui-monospace, monospace; }}
</style></head>
<body>
<h1>Speakeasy workshop</h1>
<p>Learn the rules of Speakeasy by playing and by asking &ldquo;what if?&rdquo;. Open the
notebooks in this order ({total} minutes in all); each cites the rule behind every answer.</p>
{join}<ol>
{items}
</ol>
{second}{extra}{who}<footer>Served by <code>speakeasy workshop</code>; stop it with Ctrl-C.</footer>
</body></html>
"""


def _join_html(share: str, token: str | None) -> str:
    """The index's box for the room: the address, the code for the board, the QR code."""
    code = (
        f'<p>Access code: <b class="code">{html.escape(board_code(token))}</b></p>\n'
        if token
        else ""
    )
    return (
        f'<section class="join" aria-label="Join this workshop">\n'
        f'<div class="qr">{qr_svg(_with_token(share, token))}</div>\n'
        f"<div><p><b>Join from your laptop:</b> open <code>{html.escape(share)}</code>"
        f"{' and type the access code' if token else ''}, or scan the QR code.</p>\n"
        f"{code}</div>\n</section>\n"
    )


def build_app(
    notebooks: Path = NOTEBOOK_DIR,
    stations: Sequence[Station] = STATIONS,
    token: str | None = None,
    tracks: Sequence[GameType] = TRACKS,
    reference: Sequence[Station] = REFERENCE,
    *,
    teacher: str | None = None,
    local: bool = False,
    share: str | None = None,
    key: bytes | None = None,
) -> ASGIApp:
    """One ASGI app: the index page at ``/`` and each station's (the other games' tracks' and
    the reference pages') notebook as a marimo app; with a ``token``, wrapped in :func:`guard`
    so that every request must carry it.

    ``teacher`` is the teacher's code, set for the notebooks of this process
    (:func:`speakeasy.tools.teacher.set_code`): ``/?teacher=<code>`` is the teacher's index
    (compared in constant time), any other request to ``/`` the students'. With ``local`` (one
    person on this machine) the students' index links the teacher's. ``share`` (the address the
    room opens) puts the box for the room on both indexes (:func:`index_html`); ``key`` signs the
    access cookie (:func:`guard`)."""
    import marimo  # heavy (0.4 s): only serving needs it, not ``speakeasy simulate``

    builder = marimo.create_asgi_app(quiet=True)
    for station in _pages(stations, tracks, reference):
        root = notebooks / station.file
        if not root.is_file():
            raise FileNotFoundError(f"workshop notebook {root} is missing")
        builder = builder.with_app(path=station.path.rstrip("/"), root=str(root))
    apps = builder.build()
    set_code(teacher)
    link = teacher_url("/", teacher) if teacher and local else None
    page = index_html(
        "", stations, token, tracks, reference, teacher_link=link, share=share
    ).encode("utf-8")
    teachers = (
        index_html("", stations, token, tracks, reference, teacher=teacher, share=share).encode(
            "utf-8"
        )
        if teacher
        else page
    )

    def index_for(scope: Scope) -> bytes:
        if not teacher:
            return page
        query = parse_qs(scope.get("query_string", b"").decode("latin-1"))
        given = [t.encode("utf-8") for t in query.get(TEACHER_PARAM, [])]
        ok = any(hmac.compare_digest(t, teacher.encode("utf-8")) for t in given)
        return teachers if ok else page

    async def app(scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http" and scope["path"] in ("/", "/index.html"):
            await send(
                {
                    "type": "http.response.start",
                    "status": 200,
                    "headers": [(b"content-type", b"text/html; charset=utf-8")],
                }
            )
            await send({"type": "http.response.body", "body": index_for(scope)})
            return
        await apps(scope, receive, send)

    served = quiet_disconnects(app)
    return guard(served, token, key) if token else served


def quiet_disconnects(app: ASGIApp) -> ASGIApp:
    """``app`` answering quietly a websocket that went away before marimo accepted it: a tab
    left open on an earlier server at this address (yesterday's workshop, or another that had
    this port) retries its connection with a session this server never had. That is no fault
    of the room's, and its traceback would bury the teacher's terminal. Any other error is
    raised as before."""

    async def quiet(scope: Scope, receive: Receive, send: Send) -> None:
        try:
            await app(scope, receive, send)
        except WebSocketDisconnected:
            if scope["type"] != "websocket":
                raise

    return quiet


_COOKIE = "speakeasy_workshop"

#: Wrong access codes an address may send in a minute; the next request that carries a code is
#: refused (HTTP 429) until a minute passes without a wrong code from it.
WRONG_CODES_PER_MINUTE: Final = 10
_LOCKOUT_S: Final = 60.0

_REFUSED = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Speakeasy workshop: access code</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>
body {{ font-family: system-ui, sans-serif; max-width: 30rem; margin: 3rem auto; padding: 0 1rem;
       color: #222; background: #fbf8f1; }}
input {{ font-size: 1.6rem; letter-spacing: .15em; width: 10ch; text-transform: uppercase; }}
button {{ font-size: 1.2rem; }}
.wrong {{ color: #a00; }}
</style></head>
<body>
<h1>Speakeasy workshop</h1>
{wrong}<p>This workshop needs its access code: type the code written on the board (or open the
URL that <code>speakeasy workshop</code> printed, which carries the access token).</p>
<form method="get" action="">
<label>Access code <input name="access_token" autocomplete="off" autocapitalize="characters"
 spellcheck="false" required autofocus></label>
<button type="submit">Enter</button>
</form>
</body></html>
"""
_WRONG = '<p class="wrong">That is not the code on the board: check it and type it again.</p>\n'
_LOCKED = (
    b"Too many wrong access codes from this address: wait a minute, then type the code on "
    b"the board again.\n"
)


def _cookie_value(token: str, key: bytes) -> str:
    """The access cookie: the (normalised) code signed with the workshop's key, so that it
    neither shows the code nor can be made without the key."""
    return hmac.new(key, normalise_code(token).encode("utf-8"), hashlib.sha256).hexdigest()


def guard(
    app: ASGIApp,
    token: str,
    key: bytes | None = None,
    *,
    timer: Callable[[], float] = time.monotonic,
) -> ASGIApp:
    """``app`` behind an access token: an HTTP request or websocket is served only if it carries
    ``?access_token=<token>``, an ``Authorization: Bearer <token>`` header, or the cookie set
    when a request carried the token (the token signed with ``key``, never the token itself;
    a key kept across restarts keeps the cookies good); any other is refused (HTTP 401 with a
    form that asks for the code, websocket closed with 1008) before it reaches the notebooks.

    The token is compared as a student types it (:func:`speakeasy.app.room.normalise_code`:
    any case, dashes and spaces ignored). An address that sent
    :data:`WRONG_CODES_PER_MINUTE` wrong tokens is refused (HTTP 429, websocket 1008) whenever
    it sends one more, until a minute has passed without a wrong one: guessing the 40-bit
    access code from one address takes about 10^11 minutes. Requests without any token (the
    bare address, a stale cookie) are not guesses and are never counted. ``timer`` is the
    lockout's clock (seconds)."""
    expected = normalise_code(token)
    key = secrets.token_bytes(32) if key is None else key
    cookie_value = _cookie_value(token, key)
    wrong: cachetools.TTLCache[str, int] = cachetools.TTLCache(4096, _LOCKOUT_S, timer=timer)
    lock = threading.Lock()

    def matches(given: str) -> bool:
        return hmac.compare_digest(normalise_code(given).encode("utf-8"), expected.encode())

    def credentials(scope: Scope) -> tuple[list[str], bool, bool]:
        """(the tokens a request carries, whether one came in the query, whether it carries
        the access cookie)."""
        headers = {k.decode("latin-1").lower(): v.decode("latin-1") for k, v in scope["headers"]}
        query = parse_qs(scope.get("query_string", b"").decode("latin-1"))
        tokens = query.get("access_token", [])
        in_query = bool(tokens)
        scheme, _, bearer = headers.get("authorization", "").partition(" ")
        if scheme.lower() == "bearer":
            tokens = [*tokens, bearer]
        cookies: SimpleCookie = SimpleCookie()
        try:
            cookies.load(headers.get("cookie", ""))
        except Exception:  # a malformed Cookie header is no credential
            cookies = SimpleCookie()
        morsel = cookies.get(_COOKIE)
        has_cookie = morsel is not None and hmac.compare_digest(morsel.value, cookie_value)
        return tokens, in_query, has_cookie

    def client(scope: Scope) -> str:
        peer = scope.get("client")
        return str(peer[0]) if peer else ""

    async def refuse(scope: Scope, send: Send, status: int, body: bytes, kind: bytes) -> None:
        if scope["type"] == "websocket":
            await send({"type": "websocket.close", "code": 1008})
            return
        headers = [(b"content-type", kind + b"; charset=utf-8"), (b"cache-control", b"no-store")]
        if status == 429:
            headers.append((b"retry-after", str(int(_LOCKOUT_S)).encode("ascii")))
        await send({"type": "http.response.start", "status": status, "headers": headers})
        await send({"type": "http.response.body", "body": body})

    async def guarded(scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket"):
            await app(scope, receive, send)
            return
        tokens, in_query, has_cookie = credentials(scope)
        if has_cookie:
            await app(scope, receive, send)
            return
        if not tokens:  # the bare address: ask for the code (no guess, nothing counted)
            await refuse(scope, send, 401, _REFUSED.format(wrong="").encode(), b"text/html")
            return
        address = client(scope)
        with lock:  # a locked-out address is refused before its code is even compared
            locked = wrong.get(address, 0) >= WRONG_CODES_PER_MINUTE
        if locked:
            await refuse(scope, send, 429, _LOCKED, b"text/plain")
            return
        if not any(matches(t) for t in tokens):
            with lock:
                wrong[address] = wrong.get(address, 0) + 1  # the minute starts again
            await refuse(scope, send, 401, _REFUSED.format(wrong=_WRONG).encode(), b"text/html")
            return
        if not in_query or scope["type"] != "http":
            await app(scope, receive, send)
            return
        cookie = f"{_COOKIE}={cookie_value}; Path=/; HttpOnly; SameSite=Lax".encode("latin-1")

        async def send_with_cookie(message: MutableMapping[str, Any]) -> None:
            if message["type"] == "http.response.start":
                message = dict(message)
                message["headers"] = [*message.get("headers", []), (b"set-cookie", cookie)]
            await send(message)

        await app(scope, receive, send_with_cookie)

    return guarded


class _QuietServer(uvicorn.Server):
    """uvicorn's server, except that it calls ``announce`` once it listens (so the banner's
    "Press Ctrl-C" is printed only when Ctrl-C is handled), and that Ctrl-C (or SIGTERM) ends
    :meth:`run` normally after the graceful shutdown instead of re-raising the signal (which
    would print a traceback)."""

    def __init__(self, config: uvicorn.Config, announce: Callable[[], None]) -> None:
        super().__init__(config)
        self._announce = announce

    async def startup(self, sockets: list[socket.socket] | None = None) -> None:
        await super().startup(sockets=sockets)
        if self.started:
            self._announce()

    def handle_exit(self, sig: int, frame: FrameType | None) -> None:
        super().handle_exit(sig, frame)
        self._captured_signals.clear()


def _reachable_name(host: str) -> str:
    """The name to print for ``host``: a wildcard address (every interface, for a room's
    laptops) is printed as this machine's address on the room's network
    (:func:`speakeasy.app.room.room_address`: a host name often resolves nowhere on a
    school's network), any other host as it is.

    >>> _reachable_name("127.0.0.1")
    '127.0.0.1'
    >>> _reachable_name("0.0.0.0") == room_address()
    True
    """
    return room_address() if host in ("0.0.0.0", "::", "") else host


def is_loopback(host: str) -> bool:
    """Whether ``host`` is reachable only from this machine (every address it names is a
    loopback address); a wildcard (``0.0.0.0``) or another machine's address is not.

    >>> is_loopback("127.0.0.1"), is_loopback("localhost"), is_loopback("::1")
    (True, True, True)
    >>> is_loopback("0.0.0.0"), is_loopback("")
    (False, False)
    """
    if not host:
        return False
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        pass
    try:
        infos = socket.getaddrinfo(host, None)
    except (OSError, UnicodeError):
        return False
    return bool(infos) and all(ipaddress.ip_address(i[4][0]).is_loopback for i in infos)


def needs_token(host: str) -> bool:
    """A workshop listening on ``host`` needs an access token unless ``host`` is loopback."""
    return not is_loopback(host)


def _check_address(host: str, port: int) -> None:
    """Refuse a port out of range, a host that names no address of this machine, or a port in
    use, each with one plain sentence (``OSError``). A port whose last workshop just stopped
    (its connections in TIME_WAIT) is free: the probe binds as uvicorn does."""
    if not 0 <= port <= 65535:
        raise OSError(f"cannot serve the workshop on port {port}: a port is 0 to 65535")
    try:
        infos = socket.getaddrinfo(host or None, port, type=socket.SOCK_STREAM)
    except (OSError, UnicodeError) as err:
        raise OSError(
            f"cannot serve the workshop on host {host!r}: not an address of this machine "
            f"({getattr(err, 'strerror', None) or err}); check --host"
        ) from err
    family, kind, proto, _, address = infos[0]
    with socket.socket(family, kind, proto) as sock:
        if os.name == "posix":
            # as uvicorn's own socket (asyncio's reuse_address): the connections a workshop
            # just stopped closed linger in TIME_WAIT for a minute, and a probe without it
            # called the port taken (a listening socket still refuses it)
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            sock.bind(address)
        except OSError as err:
            if err.errno in (errno.EADDRINUSE, errno.EACCES):
                raise OSError(
                    f"cannot serve the workshop on {host}:{port}: {err.strerror}; "
                    "choose another --port"
                ) from err
            raise OSError(
                f"cannot serve the workshop on host {host!r}: {err.strerror}; check --host"
            ) from err


def warm_up() -> None:
    """Do, once, what the first visitor of a notebook would wait for: import the figure
    library, load the catalogues and build a play table's data.

    marimo runs an app's sessions as threads of the server's process, so the first play map
    on a fresh server then costs what every later one costs (``serve`` runs this in the
    background while the server starts listening, then pays marimo's own first reading of
    play with :func:`first_visit`)."""
    import plotly.graph_objects  # noqa: F401 - every figure of the notebooks

    # the table's data, map and panel, without their widgets (those belong to a session)
    PlaySession(Table.new({"purple": "human", "blue": "heuristic"}, seed=1).snapshot())


def first_visit(url: str, token: str | None = None, timeout: float = 30.0) -> bool:
    """Open the notebook served at ``url`` (``ws://…/play/``) as a visitor would, let it run
    to the end and leave; whether it ran. marimo reads, compiles and renders a notebook faster
    for its second visitor (it keeps what the first one cost), so a workshop pays that once,
    while it starts, rather than on its first visitor's map."""
    address = _with_token(url + "ws", token)
    sep = "&" if token else "?"
    deadline = time.monotonic() + timeout
    try:
        with connect(f"{address}{sep}session_id=s_warm_{secrets.token_hex(4)}") as ws:
            while time.monotonic() < deadline:
                message = ws.recv(timeout=max(deadline - time.monotonic(), 0.01))
                if '"completed-run"' in str(message):
                    return True
    except (OSError, TimeoutError, WebSocketException):
        return False
    return False


#: Held while a syntax tree is built (``compile(..., ast.PyCF_ONLY_AST)``, ``ast.parse``).
_SYNTAX_TREES = threading.RLock()


def _serial_compile(compile_: Callable[..., Any]) -> Callable[..., Any]:
    @functools.wraps(compile_)
    def compile(
        source: Any, filename: Any, mode: str, flags: int = 0, *rest: Any, **kw: Any
    ) -> Any:
        if flags & ast.PyCF_ONLY_AST:
            with _SYNTAX_TREES:
                return compile_(source, filename, mode, flags, *rest, **kw)
        return compile_(source, filename, mode, flags, *rest, **kw)

    return compile


@contextmanager
def one_syntax_tree_at_a_time() -> Iterator[None]:
    """While inside, this process builds one syntax tree at a time (``ast.parse`` and every
    ``compile(..., ast.PyCF_ONLY_AST)``, marimo's parse and compile of a cell included).

    In CPython before 3.11.8 and 3.12.2, turning a parsed module into ``ast`` objects keeps its
    recursion depth in state shared by every thread; a collection of garbage in the middle lets
    another thread's parse overwrite it, and one of them fails with ``SystemError: AST
    constructor recursion depth mismatch`` (python/cpython#106905, fixed by #113035). marimo
    runs each visitor's session as a thread of the workshop's process, so a workshop started
    while visitors arrive (and its own first visit) broke a session about one start in seven.
    marimo has no hook around its compile, so the builtin it calls is wrapped (and restored on
    exit): the lock costs nothing beside the compile itself."""
    original = builtins.compile
    vars(builtins)["compile"] = _serial_compile(original)
    try:
        yield
    finally:
        vars(builtins)["compile"] = original


@contextmanager
def entry_points_read_once() -> Iterator[None]:
    """While inside, marimo reads the installed packages' entry points once, not at each run.

    marimo (0.25) looks its cell-executor plugins up among the entry points each time it runs
    cells, that is at every widget value and every click of every visitor, and
    ``importlib.metadata`` reads every installed package's metadata from disk for it: 12-20 ms
    each time (150 packages here), holding the interpreter that all the visitors' sessions
    share. Profiled during the hostile-input browser test (py-spy, samples holding the GIL),
    it was a quarter of the workshop's time, and 38 % of what the play table's clicks cost
    (issue 26 item 12: another visitor's clicks wait for it). No package is installed while a
    workshop serves, so the first answer is kept (and dropped on exit); with a marimo that has
    no such registry nothing changes."""
    try:
        from marimo._entrypoints import registry  # heavy: only serving needs it
    except ImportError:
        yield
        return
    original = vars(registry)["entry_points"]
    vars(registry)["entry_points"] = functools.cache(original)
    try:
        yield
    finally:
        vars(registry)["entry_points"] = original


#: The characters of a QR code drawn with half blocks.
_BLOCKS: Final = "\u2580\u2584\u2588"


def _can_show(text: str) -> bool:
    """Whether this process's stdout can write ``text`` (a terminal in UTF-8, not ``C``)."""
    try:
        text.encode(getattr(sys.stdout, "encoding", None) or "ascii")
    except (LookupError, UnicodeError):
        return False
    return True


def stop_workers() -> None:
    """Stop every worker process this process started (a notebook's batch of games on a
    process pool) before the workshop ends: its sessions are threads that cannot be joined."""
    stop_processes(multiprocessing.active_children())


def serve(
    host: str = "127.0.0.1",
    port: int = 2718,
    *,
    notebooks: Path = NOTEBOOK_DIR,
    stations: Sequence[Station] = STATIONS,
    echo: Callable[[str], None] = print,
    token: str | None = None,
    teacher: str | None = None,
    key: bytes | None = None,
    qr: bool = False,
) -> None:
    """Serve the workshop until Ctrl-C (or SIGTERM); print the index and every notebook URL.

    The URLs and "Press Ctrl-C to stop." are printed once the server listens; a Ctrl-C that
    arrives while it is still starting also stops it without a traceback. Open connections
    (browser sessions) get one second to close, then the server stops anyway. With a
    ``token`` every request must carry it (:func:`guard`) and the printed URLs do. With a
    ``teacher``'s code the teacher's index URL is printed last (to the console only: the
    students' pages never show it, unless one person runs it on this machine, ``local``).
    ``key`` signs the access cookie (:func:`guard`; the stored one keeps cookies good across a
    restart).

    Listening beyond this machine, the URLs name its address on the room's network
    (:func:`_reachable_name`), the token is printed as the access code for the board, and the
    index pages show that address, the code and a QR code (:func:`index_html`); with ``qr``
    the QR code is printed in the terminal too.

    While it serves, syntax trees are built one at a time (:func:`one_syntax_tree_at_a_time`)
    and marimo reads the entry points once (:func:`entry_points_read_once`); once it stops,
    the worker processes a notebook's batch started are stopped too (:func:`stop_workers`).
    """
    _check_address(host, port)
    base = f"http://{_reachable_name(host)}:{port}"

    listening = threading.Event()

    share = None if is_loopback(host) else base + "/"

    def announce() -> None:
        echo(f"Speakeasy workshop: {_with_token(base + '/', token)}")
        for station, url in urls(base, _pages(stations, TRACKS, REFERENCE), token):
            echo(f"  {station.title:<28} {url}")
        if qr:
            for line in qr_text(_with_token(base + "/", token), _can_show(_BLOCKS)):
                echo(line)
        if token:
            echo(
                f"Access code for the board: {board_code(token)} "
                f"(students open {base}/ and type it)"
            )
        if teacher:
            echo(f"Teacher (keep it to yourself): {_with(base + '/', token, teacher)}")
        echo("Press Ctrl-C to stop.")
        listening.set()

    def warm() -> None:
        warm_up()
        if listening.wait(60):
            loopback = {"0.0.0.0": "127.0.0.1", "::": "::1"}.get(host, host)
            name = f"[{loopback}]" if ":" in loopback else loopback  # an IPv6 address
            first_visit(f"ws://{name}:{port}/play/", token)

    try:
        local = token is None and is_loopback(host)
        app = build_app(
            notebooks, stations, token, teacher=teacher, local=local, share=share, key=key
        )
        # the widgets' library, here and not in warm_up's thread: imported beside a running
        # server it breaks the server's shutdown on SIGTERM (test_workshop)
        import anywidget  # noqa: F401

        config = uvicorn.Config(
            app, host=host, port=port, log_level="warning", timeout_graceful_shutdown=1
        )
        with one_syntax_tree_at_a_time(), entry_points_read_once():
            threading.Thread(target=warm, name="speakeasy-warm-up", daemon=True).start()
            _QuietServer(config, announce).run()
    except KeyboardInterrupt:
        pass
    finally:
        stop_workers()
    echo("Workshop stopped.")

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
printed URLs, then a cookie), or it is refused with 401 (:func:`guard`).

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
import secrets
import socket
import threading
import time
from collections.abc import Awaitable, Callable, Iterator, MutableMapping, Sequence
from contextlib import contextmanager
from http.cookies import SimpleCookie
from pathlib import Path
from types import FrameType
from typing import Any
from urllib.parse import parse_qs, quote

import uvicorn
from websockets.exceptions import WebSocketException
from websockets.sync.client import connect

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
    "guard",
    "index_html",
    "is_loopback",
    "needs_token",
    "one_syntax_tree_at_a_time",
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
) -> str:
    """The index page: the stations in session order, each a link with its time and purpose,
    then each other game's track and the reference pages (any time).

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
</style></head>
<body>
<h1>Speakeasy workshop</h1>
<p>Learn the rules of Speakeasy by playing and by asking &ldquo;what if?&rdquo;. Open the
notebooks in this order ({total} minutes in all); each cites the rule behind every answer.</p>
<ol>
{items}
</ol>
{second}{extra}{who}<footer>Served by <code>speakeasy workshop</code>; stop it with Ctrl-C.</footer>
</body></html>
"""


def build_app(
    notebooks: Path = NOTEBOOK_DIR,
    stations: Sequence[Station] = STATIONS,
    token: str | None = None,
    tracks: Sequence[GameType] = TRACKS,
    reference: Sequence[Station] = REFERENCE,
    *,
    teacher: str | None = None,
    local: bool = False,
) -> ASGIApp:
    """One ASGI app: the index page at ``/`` and each station's (the other games' tracks' and
    the reference pages') notebook as a marimo app; with a ``token``, wrapped in :func:`guard`
    so that every request must carry it.

    ``teacher`` is the teacher's code, set for the notebooks of this process
    (:func:`speakeasy.tools.teacher.set_code`): ``/?teacher=<code>`` is the teacher's index
    (compared in constant time), any other request to ``/`` the students'. With ``local`` (one
    person on this machine) the students' index links the teacher's."""
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
    page = index_html("", stations, token, tracks, reference, teacher_link=link).encode("utf-8")
    teachers = (
        index_html("", stations, token, tracks, reference, teacher=teacher).encode("utf-8")
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

    return guard(app, token) if token else app


_COOKIE = "speakeasy_workshop"
_REFUSED = (
    b"This Speakeasy workshop needs its access token: open the URL that "
    b"`speakeasy workshop` printed (it ends in ?access_token=...).\n"
)


def _token_digest(token: str) -> str:
    return hashlib.sha256(b"speakeasy-workshop:" + token.encode("utf-8")).hexdigest()


def guard(app: ASGIApp, token: str) -> ASGIApp:
    """``app`` behind an access token: an HTTP request or websocket is served only if it carries
    ``?access_token=<token>``, an ``Authorization: Bearer <token>`` header, or the cookie set
    when a request carried the token (a keyed hash, never the token itself); any other is
    refused (HTTP 401, websocket closed with 1008) before it reaches the notebooks."""
    digest = _token_digest(token)

    def authorised(scope: Scope) -> tuple[bool, bool]:
        """(allowed, whether to set the cookie)."""
        headers = {k.decode("latin-1").lower(): v.decode("latin-1") for k, v in scope["headers"]}
        query = parse_qs(scope.get("query_string", b"").decode("latin-1"))
        if any(hmac.compare_digest(t, token) for t in query.get("access_token", [])):
            return True, True
        scheme, _, credentials = headers.get("authorization", "").partition(" ")
        if scheme.lower() == "bearer" and hmac.compare_digest(credentials, token):
            return True, False
        cookies: SimpleCookie = SimpleCookie()
        try:
            cookies.load(headers.get("cookie", ""))
        except Exception:  # a malformed Cookie header is no credential
            return False, False
        morsel = cookies.get(_COOKIE)
        return (morsel is not None and hmac.compare_digest(morsel.value, digest)), False

    async def guarded(scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket"):
            await app(scope, receive, send)
            return
        allowed, set_cookie = authorised(scope)
        if not allowed:
            if scope["type"] == "websocket":
                await send({"type": "websocket.close", "code": 1008})
                return
            await send(
                {
                    "type": "http.response.start",
                    "status": 401,
                    "headers": [(b"content-type", b"text/plain; charset=utf-8")],
                }
            )
            await send({"type": "http.response.body", "body": _REFUSED})
            return
        if not set_cookie or scope["type"] != "http":
            await app(scope, receive, send)
            return
        cookie = f"{_COOKIE}={digest}; Path=/; HttpOnly; SameSite=Lax".encode("latin-1")

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
    laptops) is printed as this machine's name, which the others can open.

    >>> _reachable_name("127.0.0.1")
    '127.0.0.1'
    >>> _reachable_name("0.0.0.0") == socket.gethostname()
    True
    """
    return socket.gethostname() if host in ("0.0.0.0", "::", "") else host


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
    use, each with one plain sentence (``OSError``)."""
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
) -> None:
    """Serve the workshop until Ctrl-C (or SIGTERM); print the index and every notebook URL.

    The URLs and "Press Ctrl-C to stop." are printed once the server listens; a Ctrl-C that
    arrives while it is still starting also stops it without a traceback. Open connections
    (browser sessions) get one second to close, then the server stops anyway. With a
    ``token`` every request must carry it (:func:`guard`) and the printed URLs do. With a
    ``teacher``'s code the teacher's index URL is printed last (to the console only: the
    students' pages never show it, unless one person runs it on this machine, ``local``).

    While it serves, syntax trees are built one at a time (:func:`one_syntax_tree_at_a_time`);
    once it stops, the worker processes a notebook's batch started are stopped too
    (:func:`stop_workers`).
    """
    _check_address(host, port)
    base = f"http://{_reachable_name(host)}:{port}"

    listening = threading.Event()

    def announce() -> None:
        echo(f"Speakeasy workshop: {_with_token(base + '/', token)}")
        for station, url in urls(base, _pages(stations, TRACKS, REFERENCE), token):
            echo(f"  {station.title:<28} {url}")
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
        app = build_app(notebooks, stations, token, teacher=teacher, local=local)
        # the widgets' library, here and not in warm_up's thread: imported beside a running
        # server it breaks the server's shutdown on SIGTERM (test_workshop)
        import anywidget  # noqa: F401

        config = uvicorn.Config(
            app, host=host, port=port, log_level="warning", timeout_graceful_shutdown=1
        )
        with one_syntax_tree_at_a_time():
            threading.Thread(target=warm, name="speakeasy-warm-up", daemon=True).start()
            _QuietServer(config, announce).run()
    except KeyboardInterrupt:
        pass
    finally:
        stop_workers()
    echo("Workshop stopped.")

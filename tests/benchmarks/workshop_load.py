"""A room against one workshop: 30 students open Play at once, then play at a human pace.

A benchmark run by hand, not a timed test (pytest collects only ``test_*.py``)::

    .venv/bin/python -m tests.benchmarks.workshop_load --students 30

It starts one ``speakeasy workshop --token`` (the access code's guard in front of every
request, as in a room) and simulates each student with marimo's own protocol, not a browser:
30 Chromium pages on a 2-core machine would measure the browsers' drawing instead of the
server, and in a room every student's browser draws on its own laptop. Each student does what
a browser does on the server:

1. **Opens Play**: fetches the page and the scripts and styles it names (cold caches), opens
   the session's websocket (``/play/ws``) and reads until the map arrives: the first ``frame``
   of the map's widget (the first SVG widget the session opens). All students start at once;
   the number that matters is the *last* one's wait, from the start to its map.
2. **Plays**: after every answer it thinks for a human pause (uniform 3-8 s, seeded), then
   clicks the first option of the decision panel (``set_model_value`` with the panel's
   ``request``, as ``decision_panel.js`` sends it) and times the click until both the panel
   shows the new step and the map sent a new frame (the page's "answered", as
   ``browser_latency.py`` times it in a browser). When the panel asks for it (``ack``), it
   confirms the drawing (``drawn``) as the page does, so the views below the table update too.

The browser's own drawing on the student's laptop comes on top of these times (for Play's map
about 0.1-0.3 s on a laptop, ``browser_latency_results.md``). It also measures how many
refusals a second the guard answers (the bare address, which costs what a wrong code costs):
the guess rate behind the access code's length (:mod:`speakeasy.app.room`).

Printed and written (``--out``, JSON): the open times (p50, p95, last), the click times (p50,
p95, max, lost), the server's CPU and memory, the machine's load average before and after, and
the refusal rate. Results: ``workshop_load_results.md`` next to this script.
"""

from __future__ import annotations

import argparse
import asyncio
import concurrent.futures
import html.parser
import http.client
import json
import math
import os
import random
import re
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import websockets

ROOT = Path(__file__).resolve().parents[2]
ANSWER_TIMEOUT_S = 20.0
OPEN_TIMEOUT_S = 180.0


def percentile(values: list[float], q: float) -> float:
    """The ``q``-th percentile (nearest rank) of ``values``; NaN for none."""
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(q / 100 * len(ordered) + 0.5) - 1))]


class _Assets(html.parser.HTMLParser):
    """The scripts and styles a page names (what a browser fetches before it runs)."""

    def __init__(self) -> None:
        super().__init__()
        self.urls: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = dict(attrs)
        if tag == "script" and found.get("src"):
            self.urls.append(str(found["src"]))
        if (
            tag == "link"
            and found.get("rel") in ("stylesheet", "modulepreload")
            and found.get("href")
        ):
            self.urls.append(str(found["href"]))


@dataclass
class Student:
    """One simulated student: a Play session of its own."""

    number: int
    base: str
    token: str
    rng: random.Random
    session: str = ""
    opened_s: float = float("nan")
    fetched_s: float = float("nan")
    clicks_ms: list[float] = field(default_factory=list)
    lost: int = 0
    bytes_read: int = 0
    panel: str = ""
    maps: list[str] = field(default_factory=list)
    view: dict[str, Any] = field(default_factory=dict)
    _n: int = 0

    def __post_init__(self) -> None:
        self.session = f"s_load{self.number:02d}{self.rng.randrange(16**6):06x}"

    def _get(self, path: str) -> int:
        request = urllib.request.Request(
            f"{self.base}{path}",
            headers={"Authorization": f"Bearer {self.token}", "Accept-Encoding": "gzip"},
        )
        with urllib.request.urlopen(request, timeout=60) as response:
            return len(response.read())

    def _page_and_assets(self) -> None:
        request = urllib.request.Request(
            f"{self.base}/play/", headers={"Authorization": f"Bearer {self.token}"}
        )
        with urllib.request.urlopen(request, timeout=60) as response:
            page = response.read().decode("utf-8", "replace")
        self.bytes_read += len(page)
        assets = _Assets()
        assets.feed(page)
        paths = [
            url if url.startswith("/") else "/play/" + url.removeprefix("./")
            for url in assets.urls
            if not url.startswith("http")
        ]
        # a browser fetches them six at a time
        with concurrent.futures.ThreadPoolExecutor(max_workers=6) as pool:
            self.bytes_read += sum(pool.map(self._get, paths))

    def _post(self, model: str, state: dict[str, Any]) -> None:
        body = json.dumps(
            {
                "modelId": model,
                "message": {"method": "update", "state": state, "bufferPaths": []},
                "buffers": [],
            }
        ).encode()
        request = urllib.request.Request(
            f"{self.base}/play/api/kernel/set_model_value",
            data=body,
            method="POST",
            headers={
                "Content-Type": "application/json",
                "Marimo-Session-Id": self.session,
                "Authorization": f"Bearer {self.token}",
            },
        )
        with urllib.request.urlopen(request, timeout=60) as response:
            response.read()

    def _read(self, message: str | bytes) -> tuple[bool, bool]:
        """Take one websocket message in: (a map frame arrived, the panel's view changed)."""
        if isinstance(message, bytes):
            return False, False
        data = json.loads(message).get("data", {})
        if data.get("op") != "model-lifecycle":
            return False, False
        model, state = data["model_id"], data["message"].get("state", {})
        kind = str(state.get("_anywidget_id", ""))
        if kind.endswith("_Panel"):
            self.panel = model
        elif kind.endswith("_Svg"):
            self.maps.append(model)
        framed = bool(self.maps) and model == self.maps[0] and "frame" in state
        viewed = model == self.panel and "view" in state
        if viewed:
            self.view = state["view"]
        return framed, viewed

    async def run(self, start: float, play_s: float, think: tuple[float, float]) -> None:
        await asyncio.to_thread(self._page_and_assets)
        self.fetched_s = time.monotonic() - start
        url = self.base.replace("http://", "ws://")
        address = f"{url}/play/ws?session_id={self.session}&access_token={self.token}"
        # A browser reads its websocket all the time and answers the server's pings at once,
        # and sends no pings of its own. A student thinking between clicks does not call
        # recv(), so the client must queue every message unread (max_queue=None): with a
        # bounded queue it stops reading the socket, the server's keepalive ping goes
        # unanswered, the server closes the websocket (unseen: the close frame is never
        # read) and marimo refuses the student's next click with 403, as the session has no
        # consumer left (workshop_load_results.md, the first 30-student runs).
        async with websockets.connect(
            address, max_size=None, max_queue=None, open_timeout=120, ping_interval=None
        ) as ws:
            deadline = time.monotonic() + OPEN_TIMEOUT_S
            while time.monotonic() < deadline:
                message = await asyncio.wait_for(ws.recv(), deadline - time.monotonic())
                self.bytes_read += len(message)
                framed, _ = self._read(message)
                if framed and math.isnan(self.opened_s):  # the first map
                    self.opened_s = time.monotonic() - start
                if not math.isnan(self.opened_s) and self.panel and self.view:
                    break
            await self._ack(ws)
            until = time.monotonic() + play_s
            while time.monotonic() < until:
                await asyncio.sleep(self.rng.uniform(*think))
                if time.monotonic() >= until or not self.view.get("options"):
                    continue
                await self._click(ws)

    async def _ack(self, ws: Any) -> None:
        if self.view.get("ack"):
            await asyncio.to_thread(self._post, self.panel, {"drawn": self.view.get("seq")})

    async def _click(self, ws: Any) -> None:
        old = self.view.get("step")
        self._n += 1
        request = {"n": self._n, "step": old, "kind": "choose", "index": 0}
        clicked = time.monotonic()
        try:
            await asyncio.to_thread(self._post, self.panel, {"request": request})
        except urllib.error.HTTPError as error:  # say what became of the session's websocket
            raise RuntimeError(
                f"HTTP {error.code} on a click; the websocket: {ws.state.name}, "
                f"closed with {ws.close_code} {ws.close_reason!r}"
            ) from error
        framed = viewed = False
        deadline = clicked + ANSWER_TIMEOUT_S
        while not (framed and viewed) and time.monotonic() < deadline:
            try:
                message = await asyncio.wait_for(ws.recv(), deadline - time.monotonic())
            except TimeoutError:
                break
            self.bytes_read += len(message)
            frame, view = self._read(message)
            framed |= frame
            viewed |= view and self.view.get("step") != old
        if framed and viewed:
            self.clicks_ms.append((time.monotonic() - clicked) * 1000)
        else:
            self.lost += 1
        await self._ack(ws)


def _cpu_s(pid: int) -> float:
    """CPU seconds (user and system) the process ``pid`` used so far (Linux's /proc)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def _rss_mb(pid: int) -> float:
    """The resident memory of the process ``pid``, MiB."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def _start_workshop(port: int, state: str) -> tuple[subprocess.Popen[str], str]:
    proc = subprocess.Popen(
        [sys.executable, "-m", "speakeasy.app.entry", "workshop", "--port", str(port), "--token"],
        cwd=ROOT,
        env={**os.environ, "XDG_STATE_HOME": state},
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        stdin=subprocess.DEVNULL,
        text=True,
    )
    assert proc.stdout is not None
    token = ""
    for line in proc.stdout:
        found = re.search(r"access_token=(\w+)$", line.strip())
        token = token or (found.group(1) if found else "")
        if line.startswith("Press Ctrl-C"):
            break
    threading.Thread(target=proc.stdout.read, daemon=True).start()  # drain the rest
    if not token:
        raise RuntimeError("the workshop printed no access token")
    return proc, token


def _refusals_per_second(port: int, seconds: float = 4.0, threads: int = 4) -> float:
    """Requests a second the guard refuses (the bare address: 401 and the form), with
    ``threads`` clients on kept-alive connections."""
    counts = [0] * threads
    stop = time.monotonic() + seconds

    def hammer(i: int) -> None:
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        while time.monotonic() < stop:
            conn.request("GET", "/")
            response = conn.getresponse()
            response.read()
            assert response.status == 401
            counts[i] += 1
        conn.close()

    workers = [threading.Thread(target=hammer, args=(i,)) for i in range(threads)]
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join()
    return sum(counts) / seconds


async def _room(
    base: str, token: str, students: int, play_s: float, think: tuple[float, float], seed: int
) -> list[Student]:
    room = [Student(i, base, token, random.Random(seed * 1000 + i)) for i in range(students)]
    start = time.monotonic()
    results = await asyncio.gather(
        *(s.run(start, play_s, think) for s in room), return_exceptions=True
    )
    for student, result in zip(room, results, strict=True):
        if isinstance(result, websockets.ConnectionClosed):
            print(
                f"student {student.number}: websocket closed, received {result.rcvd!r}, "
                f"sent {result.sent!r}",
                file=sys.stderr,
            )
        elif isinstance(result, BaseException):
            print(f"student {student.number}: {result!r}", file=sys.stderr)
    return room


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else "")
    parser.add_argument("--students", type=int, default=30)
    parser.add_argument("--play", type=float, default=90.0, help="seconds of play after opening")
    parser.add_argument("--think", type=float, nargs=2, default=(3.0, 8.0), metavar=("MIN", "MAX"))
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--out", type=Path, default=None, help="write the results as JSON")
    args = parser.parse_args(argv)

    load_before = os.getloadavg()
    port = _free_port()
    with tempfile.TemporaryDirectory(prefix="speakeasy-load-") as state:
        proc, token = _start_workshop(port, state)
        try:
            time.sleep(5)  # the workshop's own first visit (it warms Play up) ends
            cpu_before = _cpu_s(proc.pid)
            begun = time.monotonic()
            room = asyncio.run(
                _room(
                    f"http://127.0.0.1:{port}",
                    token,
                    args.students,
                    args.play,
                    tuple(args.think),
                    args.seed,
                )
            )
            wall = time.monotonic() - begun
            cpu = _cpu_s(proc.pid) - cpu_before
            rss = _rss_mb(proc.pid)
            refusals = _refusals_per_second(port)
        finally:
            proc.send_signal(signal.SIGINT)
            try:
                proc.wait(timeout=30)
            except subprocess.TimeoutExpired:
                proc.kill()
    load_after = os.getloadavg()

    opened = [s.opened_s for s in room if not math.isnan(s.opened_s)]
    fetched = [s.fetched_s for s in room if not math.isnan(s.fetched_s)]
    clicks = [ms for s in room for ms in s.clicks_ms]
    result = {
        "students": args.students,
        "opened": len(opened),
        "open_s": {
            "p50": statistics.median(opened) if opened else None,
            "p95": percentile(opened, 95),
            "last": max(opened) if opened else None,
        },
        "page_and_assets_s": {
            "p50": statistics.median(fetched) if fetched else None,
            "last": max(fetched) if fetched else None,
        },
        "clicks": len(clicks),
        "lost": sum(s.lost for s in room),
        "click_ms": {
            "p50": statistics.median(clicks) if clicks else None,
            "p95": percentile(clicks, 95),
            "max": max(clicks) if clicks else None,
        },
        "server_cpu_s": round(cpu, 1),
        "wall_s": round(wall, 1),
        "server_cores_busy": round(cpu / wall, 2),
        "server_rss_mb": round(rss),
        "mb_read_per_student": round(sum(s.bytes_read for s in room) / len(room) / 2**20, 2),
        "refusals_per_s": round(refusals),
        "load_before": [round(x, 2) for x in load_before],
        "load_after": [round(x, 2) for x in load_after],
        "cpus": os.cpu_count(),
        "open_samples_s": [round(x, 3) for x in sorted(opened)],
        "click_samples_ms": [round(x, 1) for x in clicks],
    }
    summary = {k: v for k, v in result.items() if not k.endswith("_samples_ms")}
    summary.pop("open_samples_s")
    print(json.dumps(summary, indent=2))
    if args.out:
        args.out.write_text(json.dumps(result, indent=1) + "\n", "utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

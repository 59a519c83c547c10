"""Issue 14 item 7: a tampered widget value posted to ``notebooks/strategies.py`` is held to
the form's bounds.

marimo checks nothing on the server: a slider's ``stop`` is only the browser's, and posting
``processes=6`` to the strategies form (slider max: the machine's cores) spawned 6 worker
processes. Here the served app is opened in headless Chromium and the form's value is posted
straight to marimo's HTTP API (``/api/kernel/set_ui_element_value`` with the page's own session
id and server token), bypassing the widgets:

- more processes than cores (with a seed beyond the number field's maximum): the marimo server
  starts at most one game worker per core (its new processes counted from ``/proc`` while the
  batch runs);
- games below the slider's minimum, a negative seed: the page shows exactly the batch the
  bounds give (2 games, seed 0; posted legitimately first as the reference), so neither one
  game nor other results.

Every batch is redrawn with no error (marimo's "An internal error occurred" toast). An unknown
dropdown choice (``players="7"``) is refused by marimo itself before the notebook sees it, so
the dropdowns are posted valid. Tested to fail with any of the notebook's ``checked_int``
calls for games, seed or processes removed.
"""

from __future__ import annotations

import json
import os
import re
import threading
from pathlib import Path
from typing import Any

import pytest

from tests.browser import wait_for
from tests.conftest import MarimoApp

pytestmark = pytest.mark.browser
expect = pytest.importorskip("playwright.sync_api").expect

TIMEOUT_MS = 30_000
MIX = "one heuristic bot, the others random"
# The notebook's ``MAX_PROCESSES``: the server runs on this machine.
MAX_PROCESSES = max(os.cpu_count() or 1, 1)
TOO_MANY_PROCESSES = MAX_PROCESSES + 4
PROC = Path("/proc")


def _summary(games: int, players: int) -> str:
    people = "player" if players == 1 else "players"
    return f"{games} games, {players} {people}, bots rotating over the colours"


def _descendants(pid: int) -> set[int]:
    """Every live process below ``pid`` (read from ``/proc/*/stat``)."""
    children: dict[int, list[int]] = {}
    for entry in PROC.iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
        except OSError:  # it ended while we looked
            continue
        ppid = int(stat.rsplit(")", 1)[1].split()[1])
        children.setdefault(ppid, []).append(int(entry.name))
    found: set[int] = set()
    todo = [pid]
    while todo:
        for child in children.get(todo.pop(), []):
            if child not in found:
                found.add(child)
                todo.append(child)
    return found


class SpawnWatch:
    """Collects the processes started below ``pid`` while it runs (polled every 10 ms)."""

    def __init__(self, pid: int) -> None:
        self.pid = pid
        self.before = _descendants(pid)
        self.started: set[int] = set()
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._poll, daemon=True)

    def _poll(self) -> None:
        while not self._stop.is_set():
            self.started |= _descendants(self.pid) - self.before
            self._stop.wait(0.01)

    def __enter__(self) -> SpawnWatch:
        self._thread.start()
        return self

    def __exit__(self, *_: object) -> None:
        self._stop.set()
        self._thread.join(timeout=5)


def _post_form(page: Any, url: str, session_id: str, form_id: str, value: Any) -> None:
    """Post ``value`` for the form as the page's frontend would, without its widgets."""
    token = re.search(r'"serverToken":\s*"([^"]*)"', page.content())
    assert token, "the page carries no server token"
    response = page.request.post(
        url + "api/kernel/set_ui_element_value",
        headers={
            "Content-Type": "application/json",
            "Marimo-Session-Id": session_id,
            "Marimo-Server-Token": token.group(1),
        },
        data=json.dumps({"objectIds": [form_id], "values": [value]}),
    )
    assert response.ok, f"{response.status} {response.text()}"


def _outputs(page: Any) -> tuple[str, str]:
    """The batch's summary line and its discussion, as the page shows them now."""
    text: str = page.locator("body").inner_text()
    summary = next(
        (line for line in text.splitlines() if "bots rotating over the colours" in line), ""
    )
    discussion = text.partition("What the numbers suggest")[2].partition("For a workshop.")[0]
    return summary.strip(), discussion.strip()


def _next_outputs(page: Any, previous: tuple[str, str]) -> tuple[str, str]:
    """Wait until the summary and the discussion have both been redrawn since ``previous``;
    fail at once on marimo's error toast (an exception in a cell)."""
    error = page.get_by_text("An internal error occurred")

    def redrawn(p: Any) -> bool:
        if error.count():
            return True
        summary, discussion = _outputs(p)
        return bool(summary and discussion) and all(
            now != before for now, before in zip((summary, discussion), previous, strict=True)
        )

    assert wait_for(page, redrawn, TIMEOUT_MS), f"the batch was not replayed: {_outputs(page)}"
    assert not error.count(), "a cell raised: " + " ".join(error.all_inner_texts())
    return _outputs(page)


def test_a_tampered_strategies_form_is_held_to_its_bounds(
    strategies_app: MarimoApp, chromium_page: Any
) -> None:
    page = chromium_page
    url = strategies_app.url
    sockets: list[str] = []
    page.on("websocket", lambda ws: sockets.append(ws.url))
    page.goto(url, wait_until="domcontentloaded")
    # The default batch (10 games, 2 players, 1 process) is played before anything is posted.
    expect(page.get_by_text(_summary(10, 2))).to_be_visible(timeout=TIMEOUT_MS)
    assert wait_for(page, lambda _: _outputs(page)[1], TIMEOUT_MS)
    shown = _outputs(page)
    assert wait_for(page, lambda _: any("session_id=" in s for s in sockets), TIMEOUT_MS)
    session_id = next(s for s in sockets if "session_id=" in s).split("session_id=")[1]
    session_id = session_id.split("&")[0]
    form = page.locator("marimo-ui-element:has(> marimo-form)")
    expect(form).to_have_count(1)
    form_id = form.get_attribute("object-id")
    assert form_id

    # The batch the form's bounds allow: 2 games (the games slider's minimum), seed 0.
    bounded = {"games": 2, "players": ["3"], "mix": [MIX], "seed": 0, "processes": 1}
    _post_form(page, url, session_id, form_id, bounded)
    shown = reference = _next_outputs(page, shown)
    assert reference[0].startswith(_summary(2, 3)), reference

    # More processes than cores (and a seed beyond the number field's maximum), with enough
    # games for a process pool: it gets at most one worker per core (a fork-started pool
    # starts all its workers at once, so the 4 extra would show).
    too_many = {
        "games": 12,
        "players": ["2"],
        "mix": [MIX],
        "seed": 10**12,
        "processes": TOO_MANY_PROCESSES,
    }
    if PROC.is_dir():
        with SpawnWatch(strategies_app.pid) as spawned:
            _post_form(page, url, session_id, form_id, too_many)
            shown = _next_outputs(page, shown)
        assert len(spawned.started) <= MAX_PROCESSES, (
            f"{len(spawned.started)} processes started for a batch allowed {MAX_PROCESSES}"
        )
        if MAX_PROCESSES > 1:  # the watch does see the pool's workers
            assert spawned.started, "no worker process was seen"
    else:  # the workers cannot be counted; the batch must still be played
        _post_form(page, url, session_id, form_id, too_many)
        shown = _next_outputs(page, shown)
    assert shown[0].startswith(_summary(12, 2)), shown

    # Below the games slider's minimum, a negative seed, too many processes: the same batch
    # as the bounded one (one game in-process would show "1 games"; seed -5 other results).
    tampered = {
        "games": 1,
        "players": ["3"],
        "mix": [MIX],
        "seed": -5,
        "processes": TOO_MANY_PROCESSES,
    }
    _post_form(page, url, session_id, form_id, tampered)
    shown = _next_outputs(page, shown)
    assert shown == reference

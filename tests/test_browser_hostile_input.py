"""One visitor pastes and uploads hostile text while another clicks (issue 26, item 12).

With ``speakeasy workshop`` serving every notebook, visitor A (one page) puts each hostile
text of :mod:`tests.hostile_browser` into each text box and text area, and each hostile file
into each file input, of every notebook in :data:`~tests.hostile_browser.ATTACKS`: Play's and
Mafia City Play's "Load a saved game" paste and upload and their "Look up a rule" boxes, the
rules page's search, Mafia City control's stack boxes, every exercise's answer box, and Truck
routes' upload of a saved game or scenario. It checks that each is answered on the page with a
refusal (the panel's note, "No rule matches …", "That answer is … characters long", "Could not
load …"), that no cell shows a traceback, and that the page still works after each (a valid
save loads, a rule's ID finds it). Meanwhile visitor B, in a browser of its own, clicks Undo
and Redo in Play; every click must be answered (the map and the panel show the step it goes
to) during A's attack, and B must have clicked during every notebook's attack. The bounds
catch a hang; speed is measured by ``tests/benchmarks/hostile_browser_latency.py``.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

import pytest

from tests.conftest import Workshop
from tests.hostile_browser import (
    ATTACKS,
    HOSTILE_FILES,
    HOSTILE_TEXTS,
    Attacker,
    Clicker,
    valid_saves,
)

pytestmark = pytest.mark.browser
pytest.importorskip("playwright.sync_api")


@pytest.fixture
def visitor_b(workshop: Workshop) -> Iterator[Clicker]:
    clicker = Clicker(workshop.url + "play/")
    clicker.start()
    try:
        clicker.ready()
        yield clicker
    finally:
        clicker.stop()


def test_hostile_pastes_and_uploads_are_refused_while_another_visitor_plays(
    workshop: Workshop, chromium: Any, visitor_b: Clicker
) -> None:
    context = chromium.new_context(viewport={"width": 1400, "height": 2000})
    try:
        attacker = Attacker(context.new_page(), workshop.url, valid_saves())
        phases: list[tuple[str, float, float]] = []
        for path in ATTACKS:
            began = time.monotonic()
            attacker.run(only=(path,))
            phases.append((path, began, time.monotonic()))
    finally:
        context.close()
    visitor_b.stop()
    assert visitor_b.error is None, f"visitor B failed: {visitor_b.error!r}"

    # every input answered every text (and, for uploads, every file) with a refusal
    answered = {(path, what, text) for path, what, text, _ in attacker.answered}
    texts, files = tuple(HOSTILE_TEXTS), tuple(HOSTILE_FILES)
    expected: list[tuple[str, str, tuple[str, ...]]] = [
        ("play/", "paste", texts),
        ("play/", "file", files),
        ("play/", "look up a rule", texts),
        ("mafia-city-play/", "paste", texts),
        ("mafia-city-play/", "file", files),
        ("mafia-city-play/", "look up a rule", texts),
        ("rules/", "search", texts),
        ("truck-routes/", "file.json", files),
        ("truck-routes/", "file.toml", files),
        *((p, "answer 1", texts) for p in ("control/", "gang-war/", "truck-routes/")),
        *(("mafia-city-control/", f"text box {i}", texts) for i in range(1, 9)),
        ("mafia-city-control/", "answer 1", texts),
    ]
    for path, what, kind in expected:
        missing = [name for name in kind if (path, what, name) not in answered]
        assert not missing, f"{path} {what}: no answer to {missing}"
    refusals = {(p, w, t): a for p, w, t, a in attacker.answered}
    assert "not UTF-8 text" in refusals[("play/", "file", "not UTF-8")]
    assert "the limit is 5,242,880 bytes" in refusals[("play/", "file", "too large")]
    assert "nests more than 64 levels" in refusals[("mafia-city-play/", "paste", "nested brackets")]
    assert "Could not load too-large.toml" in refusals[("truck-routes/", "file.toml", "too large")]

    # every click of visitor B was answered, and B clicked during each notebook's attack
    clicks = list(visitor_b.clicks)
    assert clicks, "visitor B never clicked"
    for path, began, ended in phases:
        during = [c for c in clicks if began <= c[0] < ended]
        assert during, f"visitor B made no click while {path} was attacked"

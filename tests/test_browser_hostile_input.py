"""One visitor pastes and uploads hostile text while another clicks (issue 26, item 12).

With ``speakeasy workshop`` serving every notebook, visitor A (one page) puts hostile texts of
:mod:`tests.hostile_browser` into each text box and text area, and hostile files into each file
input, of every notebook in :data:`~tests.hostile_browser.ATTACKS`: Play's and Mafia City
Play's "Load a saved game" paste and upload and their "Look up a rule" boxes, the rules page's
search, Mafia City control's stack boxes, every exercise's answer box (Mafia City Play's in its
closed "Exercises" panel too), and Truck routes' upload of a saved game or scenario. Which
texts each input gets is :func:`~tests.hostile_browser.coverage`: every reader gets every text
(every file for the scenario reader) through one of its inputs, and each other input of that
reader one text, whose refusal shows that it reached the reader; how the readers hold up
against each kind at every size is unit-tested (``tests/test_saves.py``,
``tests/test_scenario_edges.py``, ``tests/test_mc_positions.py``). The test checks that each
input answers on the page with a refusal (the panel's note, "No rule matches …", "That answer
is … characters long", "Could not load …"), that no cell shows a traceback, and that the page
still works after each (a valid save loads, a rule's ID finds it). Meanwhile visitor B, in a
browser of its own, clicks Undo and Redo in Play; every click must be answered (the map and the
panel show the step it goes to) during A's attack, and B must have clicked during each
notebook's attack.

One test per notebook, so that a failure names its notebook; visitor B clicks through all of
them (one Play page for the module). The bounds catch a hang; speed is measured by
``tests/benchmarks/hostile_browser_latency.py``.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

import pytest

from tests.conftest import Workshop
from tests.hostile_browser import ATTACKS, COVERAGE, Attacker, Clicker, coverage, valid_saves

pytestmark = pytest.mark.browser
pytest.importorskip("playwright.sync_api")

#: What some refusals must say (notebook, input, hostile text -> words of the answer).
REFUSALS = {
    ("play/", "file", "not UTF-8"): "not UTF-8 text",
    ("play/", "file", "too large"): "the limit is 5,242,880 bytes",
    ("mafia-city-play/", "paste", "nested brackets"): "nests more than 64 levels",
    ("truck-routes/", "file.toml", "too large"): "Could not load too-large.toml",
}


@pytest.fixture(scope="module")
def visitor_b(workshop: Workshop) -> Iterator[Clicker]:
    clicker = Clicker(workshop.url + "play/")
    clicker.start()
    try:
        clicker.ready()
        yield clicker
    finally:
        clicker.stop()
    assert clicker.error is None, f"visitor B failed: {clicker.error!r}"


@pytest.fixture(scope="module")
def visitor_a(chromium: Any) -> Iterator[Any]:
    """Visitor A's browser context: one for every notebook, as one visitor's (its cache
    holds marimo's page after the first notebook)."""
    context = chromium.new_context(viewport={"width": 1400, "height": 2000})
    try:
        yield context
    finally:
        context.close()


@pytest.mark.parametrize("path", list(ATTACKS), ids=[p.strip("/") for p in ATTACKS])
def test_hostile_pastes_and_uploads_are_refused_while_another_visitor_plays(
    path: str, workshop: Workshop, visitor_a: Any, visitor_b: Clicker
) -> None:
    page = visitor_a.new_page()
    try:
        attacker = Attacker(page, workshop.url, valid_saves())
        began = time.monotonic()
        attacker.run(only=(path,))
        ended = time.monotonic()
    finally:
        page.close()
    # every click of B made during the attack was answered: B answers one more after it
    visitor_b.wait_for_click(visitor_b.count())

    # every input listed was found, and every input found answered each of its texts (and,
    # for uploads, files) with a refusal
    found = [what for page, what in attacker.inputs if page == path]
    listed = [what for page, what in COVERAGE if page == path]
    assert found, f"{path}: no input found"
    assert not set(listed) - set(found), f"{path}: not found: {set(listed) - set(found)}"
    answered = {(what, text) for _, what, text, _ in attacker.answered}
    for what in found:
        missing = [name for name in coverage(path, what) if (what, name) not in answered]
        assert not missing, f"{path} {what}: no answer to {missing}"
    refusals = {(p, w, t): a for p, w, t, a in attacker.answered}
    for key, words in REFUSALS.items():
        if key[0] == path:
            assert words in refusals[key], (key, refusals[key])

    # visitor B clicked while this notebook was attacked
    with visitor_b.lock:
        during = [c for c in visitor_b.clicks if began <= c[0] < ended]
    assert during, f"visitor B made no click while {path} was attacked"

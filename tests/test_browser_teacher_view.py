"""Hidden hands and the teacher's view of the Mafia City play notebook, in a real browser
(headless Chromium against ``marimo run``, the notebook server of ``tests/conftest.py``, which
holds the teacher's code ``TEACHER_CODE`` as the workshop would).

- Two people at one screen (MC-INFO-1): cover → reveal → a choice → the next person's cover →
  Undo (covered for whoever decides there, never the previous hand open) → reveal → Redo
  (covered again) → the teacher's view (every hand, on the teacher's page only) and off again.
- A student's page (no code, or a wrong one) has no teacher-view switch, and a value posted for
  the teacher's switch (its object id read from the teacher's page, posted straight to marimo's
  ``/api/kernel/set_ui_element_value`` with the student's session, as in
  ``test_browser_tampered_widget.py``) shows no other hand.

Every wait is for a state the page shows (the table's step and note, the cover, a hand's
title), never a fixed delay.
"""

from __future__ import annotations

import json
import re
from typing import Any

import pytest

from tests.browser import TableView, table_view, wait_for, wait_for_cells, wait_for_table
from tests.conftest import TEACHER_CODE

pytestmark = pytest.mark.browser
expect = pytest.importorskip("playwright.sync_api").expect

TIMEOUT_MS = 30_000
OPTION_BUTTONS = ".se-options button.se-option"
PLAY_LIST = ".se-options button.se-play"
MAX_CLICKS = 60


def _opened(page: Any, url: str) -> TableView:
    page.goto(url, wait_until="domcontentloaded")
    now = wait_for_table(page, TIMEOUT_MS)
    wait_for_cells(page, TIMEOUT_MS)
    return now


def _two_people(page: Any) -> TableView:
    """A new game with red and blue people and a random bot (green)."""
    page.get_by_text("New game (seats, seed, target)").click()
    blue = page.locator("marimo-dropdown select").nth(1)
    blue.wait_for(state="visible", timeout=TIMEOUT_MS)
    blue.select_option("human")
    page.get_by_role("button", name="New game", exact=True).click()
    return wait_for_table(page, TIMEOUT_MS, note="New game, seed 1.")


def _covered_for(page: Any, now: TableView) -> str:
    """The screen is covered for the person to decide: no hand, no option; their name."""
    assert now.cover and now.player, now
    expect(page.get_by_role("button", name=f"I am {now.player}: show my cards")).to_be_visible(
        timeout=TIMEOUT_MS
    )
    assert page.locator(".mc-hand").count() == 0 and page.locator(".mc-other-hand").count() == 0
    assert page.locator(OPTION_BUTTONS).count() == 0
    return str(now.player)


def _reveal(page: Any, seat: str) -> TableView:
    page.get_by_role("button", name=f"I am {seat}: show my cards").click()
    expect(page.locator(".mc-hand h4")).to_have_text(
        f"{seat.capitalize()}'s hand", timeout=TIMEOUT_MS
    )
    assert (
        page.locator(".mc-other-hand").count() == 0
        or "Police Officer" in page.locator(".mc-other-hand h4").first.inner_text()
    )
    now = table_view(page)
    assert now is not None and not now.cover
    return now


def _decide(page: Any, now: TableView) -> TableView:
    if now.options:
        page.locator(OPTION_BUTTONS).first.click()
    elif now.lists:
        page.locator(PLAY_LIST).first.click()
    else:
        raise AssertionError(f"nothing to press at step {now.step}: {now.text!r}")
    return wait_for_table(page, TIMEOUT_MS, after=now.step)


def _teacher_switch(page: Any) -> tuple[Any, str]:
    """Open the *Teacher view* accordion: its switch (to click) and the switch's object id."""
    page.get_by_text("Teacher view", exact=True).click()  # its accordion
    switch = page.get_by_text("Teacher view (every hand)")
    expect(switch).to_be_visible(timeout=TIMEOUT_MS)
    element = page.locator("marimo-ui-element:has(> marimo-switch)").first
    return switch, str(element.get_attribute("object-id"))


def test_two_people_cover_reveal_undo_redo_and_the_teachers_view(
    mafia_city_play_url: str, chromium: Any
) -> None:
    context = chromium.new_context(viewport={"width": 1280, "height": 800})
    page = context.new_page()
    try:
        _opened(page, f"{mafia_city_play_url}?teacher={TEACHER_CODE}")
        now = _two_people(page)
        first = _covered_for(page, now)
        now = _reveal(page, first)
        # the first person decides until the screen is covered for the other
        for _ in range(MAX_CLICKS):
            now = _decide(page, now)
            if now.cover and now.player != first:
                break
            if now.cover:
                now = _reveal(page, first)
        second = _covered_for(page, now)
        assert second != first

        # Undo on the second person's covered screen: back to a person's decision, covered
        page.locator(".se-controls button.se-undo").click()
        now = wait_for_table(page, TIMEOUT_MS, note="Undone.")
        back = _covered_for(page, now)
        now = _reveal(page, back)

        # Redo: forward again, covered for whoever decides there
        page.locator(".se-controls button.se-redo").click()
        now = wait_for_table(page, TIMEOUT_MS, note="Redone.")
        assert now.step > 0
        _covered_for(page, now)

        # The teacher's view (this page was opened with the teacher's code): every hand
        switch, _ = _teacher_switch(page)
        switch.click()
        expect(page.locator(".mc-other-hand")).to_have_count(2, timeout=TIMEOUT_MS)
        expect(page.locator(".mc-hand")).to_have_count(1)
        assert page.locator(".se-cover").count() == 0
        switch.click()
        expect(page.locator(".mc-other-hand")).to_have_count(0, timeout=TIMEOUT_MS)
        expect(page.locator(".se-cover")).to_have_count(1)
    finally:
        context.close()


def _session_id(sockets: list[str], page: Any) -> str:
    assert wait_for(page, lambda _: any("session_id=" in s for s in sockets), TIMEOUT_MS)
    url = next(s for s in sockets if "session_id=" in s)
    return url.split("session_id=")[1].split("&")[0]


def test_a_student_page_has_no_switch_and_a_posted_value_changes_nothing(
    mafia_city_play_url: str, chromium: Any
) -> None:
    url = mafia_city_play_url
    teacher = chromium.new_context(viewport={"width": 1280, "height": 800})
    student = chromium.new_context(viewport={"width": 1280, "height": 800})
    try:
        # the teacher's switch, as the teacher's page has it
        tpage = teacher.new_page()
        _opened(tpage, f"{url}?teacher={TEACHER_CODE}")
        switch_id = _teacher_switch(tpage)[1]
        assert switch_id and switch_id != "None"

        page = student.new_page()
        _opened(page, f"{url}?teacher=not-the-code")
        expect(page.get_by_text("Teacher view", exact=True)).to_have_count(0)
        sockets: list[str] = []
        page.on("websocket", lambda ws: sockets.append(ws.url))
        now = _opened(page, url)
        expect(page.get_by_text("Teacher view", exact=True)).to_have_count(0)
        assert page.locator("marimo-switch").count() == 0
        expect(page.locator(".mc-hand h4")).to_have_text("Red's hand", timeout=TIMEOUT_MS)

        # tampering: the teacher's switch turned on, posted with the student's session
        token = re.search(r'"serverToken":\s*"([^"]*)"', page.content())
        assert token, "the page carries no server token"
        response = page.request.post(
            url + "api/kernel/set_ui_element_value",
            headers={
                "Content-Type": "application/json",
                "Marimo-Session-Id": _session_id(sockets, page),
                "Marimo-Server-Token": token.group(1),
            },
            data=json.dumps({"objectIds": [switch_id], "values": [True]}),
        )
        assert response.status < 500, response.text()
        # the next decision is drawn after the posted value reached the kernel
        now = _decide(page, now)
        expect(page.locator(".mc-hand h4")).to_have_text("Red's hand", timeout=TIMEOUT_MS)
        assert page.locator(".mc-other-hand").count() == 0 or "Police Officer" in (
            page.locator(".mc-other-hand h4").first.inner_text()
        )
        assert "teacher view" not in now.text
        assert page.get_by_text("An internal error occurred").count() == 0
    finally:
        teacher.close()
        student.close()

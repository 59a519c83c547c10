"""``notebooks/gang_war.py`` in a real browser: the E3 position opens on Purple's bar with its
outcome hidden until asked for (issue 24 item 12: a class predicts first), then no chance of
surviving Carlo Gambino (E3); a click on a district without a player building says so, and a
typed exercise answer is checked by the engine, written as a person would ("Eight."), its
answer hidden under "Show the answer" until opened. A screenshot is kept under ``tmp_path``
and copied to ``/tmp/gang_war_browser.png``.
"""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import pytest

from speakeasy.games.speakeasy.studies.gang_war import (
    building_label,
    default_building,
    load_war_position,
    war_buildings,
)
from speakeasy.games.speakeasy.studies.positions import linked_start
from tests.browser import click_district, linked_game

pytestmark = pytest.mark.browser
expect = pytest.importorskip("playwright.sync_api").expect

SCREENSHOT_COPY = Path("/tmp/gang_war_browser.png")
TIMEOUT_MS = 60_000


def test_e3_survival_map_click_and_an_exercise(
    gang_war_url: str, chromium_page: Any, tmp_path: Path
) -> None:
    page = chromium_page
    page.goto(gang_war_url)
    reveal = page.get_by_role("button", name="Reveal: will it hold?")
    expect(reveal).to_be_visible(timeout=TIMEOUT_MS)
    expect(page.get_by_text("Purple's bar in district 14").first).to_be_visible()
    assert page.get_by_text("Chance it survives").count() == 0
    chance = page.get_by_text("Chance it survives: 0 (none)")
    for _ in range(4):  # a click landing while marimo re-runs a cell can be lost
        if not reveal.count():  # answered: the button gives way to the outcome
            break
        reveal.click()
        try:
            expect(chance).to_be_visible(timeout=6_000)
            break
        except AssertionError:
            continue
    expect(chance).to_be_visible(timeout=TIMEOUT_MS)
    page.locator("marimo-plotly .js-plotly-plot .scatterlayer .trace").first.wait_for()

    # District 5 has no player building: a click there is answered, the study stays.
    notice = page.get_by_text("District 5 has no player building to study.")
    for _ in range(4):  # a click landing while marimo swaps the plot in can be lost
        click_district(page, page.locator("marimo-plotly").first, 5)
        try:
            expect(notice).to_be_visible(timeout=5_000)
            break
        except AssertionError:
            continue
    expect(notice).to_be_visible()

    # Exercise 1: Gambino's war strength, 7 + 1 (R-GANGWAR-6), its answer hidden until asked.
    shown = page.get_by_text("Correct: 8.")
    assert shown.count() == 0
    expect(page.get_by_text("Show the answer").first).to_be_visible()
    answer = page.get_by_placeholder("your answer").first
    answer.fill("Eight.")
    answer.press("Enter")
    expect(shown.first).to_be_visible(timeout=TIMEOUT_MS)

    shot = tmp_path / "gang_war.png"
    page.screenshot(path=str(shot), full_page=True)
    shutil.copy(shot, SCREENSHOT_COPY)


def test_a_position_linked_from_a_game_opens_first(gang_war_url: str, chromium_page: Any) -> None:
    """Issue 27: the coach's "explore" link (``?at=``) opens the explorer at the game's map as
    the asking seat sees it: it is the chosen position and the building a war reaches first
    is studied, its outcome hidden until asked for; a link that holds no position is refused
    in plain words and the explorer opens at E3, as ever."""
    _, title, link = linked_game()
    start = linked_start(link)
    assert start.key is not None
    linked = load_war_position(start.key)
    first = default_building(linked)
    assert first is not None
    (building,) = [b for d, s, b in war_buildings(linked) if (d, s) == first]
    page = chromium_page
    page.goto(f"{gang_war_url}?at={link}", wait_until="domcontentloaded")
    pickers = page.locator("marimo-dropdown")
    expect(pickers.first).to_contain_text(title, timeout=TIMEOUT_MS)
    expect(pickers.nth(1)).to_contain_text(building_label(*first, building), timeout=TIMEOUT_MS)
    expect(page.get_by_role("button", name="Reveal: will it hold?")).to_be_visible()
    assert page.get_by_text("Chance it survives").count() == 0
    page.screenshot(path="/tmp/gang_war_linked.png", full_page=True)

    page.goto(f"{gang_war_url}?at=not-a-position", wait_until="domcontentloaded")
    expect(page.get_by_text("The linked position cannot be opened")).to_be_visible(
        timeout=TIMEOUT_MS
    )
    expect(page.get_by_text("Purple's bar in district 14").first).to_be_visible(timeout=TIMEOUT_MS)

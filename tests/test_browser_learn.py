"""The learn notebook in a real browser (headless Chromium against ``marimo run``).

Completes the first lesson by clicking: first a legal but wrong choice (the lesson's reason and
its rule are shown), then a greyed-out person (the engine's reason, R-TURN-4), then the right
person; the lesson is then marked done and the next one unlocks and opens. Screenshots are kept
under ``tmp_path`` and copied to ``/tmp/learn_browser.png`` (lesson done) and
``/tmp/learn_browser_refused.png`` (an illegal click answered).
"""

from __future__ import annotations

import re
import shutil
from pathlib import Path
from typing import Any

import pytest

pytestmark = pytest.mark.browser
expect = pytest.importorskip("playwright.sync_api").expect

SCREENSHOT_COPY = Path("/tmp/learn_browser.png")
SCREENSHOT_REFUSED = Path("/tmp/learn_browser_refused.png")
TIMEOUT_MS = 20_000
PLOT_READY = "marimo-plotly .js-plotly-plot .scatterlayer .trace"


def _button(page: Any, text: str) -> Any:
    """The button whose label contains ``text`` (marimo buttons live in shadow roots, which
    playwright's role locators pierce)."""
    return page.get_by_role("button", name=re.compile(re.escape(text))).first


def _heading(page: Any, text: str) -> Any:
    return page.get_by_role("heading", name=text).first


def _feedback(page: Any, kind: str) -> Any:
    """The feedback box of the last attempt, of the given kind."""
    return page.locator(f'.learn-feedback[data-kind="{kind}"]').first


def _click(page: Any, text: str, then_visible: str) -> None:
    """Click the button labelled ``text`` until ``then_visible`` shows.

    marimo re-renders the option buttons after every move; a click landing while a cell is
    being replaced can be lost, so the click is retried a few times.
    """
    target = page.get_by_text(then_visible).first
    for _ in range(4):
        button = _button(page, text)
        expect(button).to_be_visible(timeout=TIMEOUT_MS)
        button.click()
        try:
            expect(target).to_be_visible(timeout=5_000)
            return
        except AssertionError:
            continue
    expect(target).to_be_visible(timeout=TIMEOUT_MS)


def test_complete_the_first_lesson_by_clicking(
    learn_url: str, chromium_page: Any, tmp_path: Path
) -> None:
    page = chromium_page
    page.goto(learn_url, wait_until="domcontentloaded")
    page.wait_for_selector(PLOT_READY, timeout=TIMEOUT_MS)
    expect(_heading(page, "Lesson 1: Capos and persons")).to_be_visible(timeout=TIMEOUT_MS)
    expect(_button(page, "2. Operations and notoriety")).to_be_disabled(timeout=TIMEOUT_MS)

    # A legal move that is not what the lesson asks: the lesson's reason with its rule.
    _click(page, "City Planning Office, person 1", "Not what this lesson asks")
    expect(_feedback(page, "wrong")).to_contain_text("R-LOC-CONTRACTORS-1")
    expect(_feedback(page, "wrong")).to_contain_text("Contractors' Office")

    # A greyed-out person: the engine's own reason and rule.
    _click(page, "Contractors' Office, person 1", "Not allowed")
    expect(_feedback(page, "illegal")).to_contain_text("already talks to this person")
    expect(_feedback(page, "illegal")).to_contain_text("R-TURN-4")
    page.screenshot(path=str(tmp_path / "learn_refused.png"), full_page=True)
    shutil.copyfile(tmp_path / "learn_refused.png", SCREENSHOT_REFUSED)

    # The right person: the goal is reached, lesson 1 is done and lesson 2 unlocks.
    _click(page, "Contractors' Office, person 2", "Goal reached")
    expect(_feedback(page, "goal")).to_contain_text("Contractors' Office, person 2")
    expect(_button(page, "✓ 1. Capos and persons")).to_be_visible(timeout=TIMEOUT_MS)
    expect(_button(page, "2. Operations and notoriety")).to_be_enabled(timeout=TIMEOUT_MS)

    shot = tmp_path / "learn.png"
    page.screenshot(path=str(shot), full_page=True)
    shutil.copyfile(shot, SCREENSHOT_COPY)

    _click(page, "Next lesson", "Use the person's raise on your VIP room")
    expect(_heading(page, "Lesson 2: Operations and notoriety")).to_be_visible()
    expect(_button(page, "Raise vip to 2")).to_be_visible(timeout=TIMEOUT_MS)

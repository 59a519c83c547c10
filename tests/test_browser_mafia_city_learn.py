"""Mafia City's lessons in a real browser (headless Chromium against ``marimo run``), issue 25.

All nine lessons are played by clicking their option buttons at 1280×800 (a click on the map
is covered in-process by tests/test_mafia_city_lessons.py): the first lesson
first takes a legal move it does not want (answered with its rule); after every
move the page has no horizontal overflow and no text that Markdown left broken (stray ``**``,
backslashes, dollar signs, raw tags); a reload keeps the progress, which lives in the page's
address. Screenshots of a lesson at 1280×800 and 1920×1080 are kept under ``tmp_path`` and
copied to ``/work/shots/mclearn_*.png`` when that folder exists.
"""

from __future__ import annotations

import re
import shutil
from pathlib import Path
from typing import Any

import pytest

from speakeasy.games.mafia_city.table.lessons import PLAY_PAGE
from tests.browser import missing_glyphs, set_viewport, wait_for, wait_for_cells

pytestmark = pytest.mark.browser
expect = pytest.importorskip("playwright.sync_api").expect

TIMEOUT_MS = 30_000
PLOT_READY = "marimo-plotly .js-plotly-plot .scatterlayer .trace"
SHOTS = Path("/work/shots")

#: The visible text of the page, shadow roots included (marimo draws Markdown and callouts in
#: them), without style sheets.
_TEXT_JS = """() => {
  const parts = [document.body.innerText];
  const walk = (root) => {
    for (const el of root.querySelectorAll('*')) {
      if (el.shadowRoot) {
        for (const child of el.shadowRoot.children) {
          if (!['STYLE', 'SCRIPT', 'LINK'].includes(child.tagName)) {
            parts.push(child.innerText || '');
          }
        }
        walk(el.shadowRoot);
      }
    }
  };
  walk(document);
  return parts.join('\\n');
}"""
#: Formulas drawn anywhere on the page (a ``\\[...\\]`` or ``$...$`` read as maths).
_MATHS_JS = """() => {
  let count = document.querySelectorAll('.katex, mjx-container').length;
  const walk = (root) => {
    for (const el of root.querySelectorAll('*')) {
      if (el.shadowRoot) {
        count += el.shadowRoot.querySelectorAll('.katex, mjx-container').length;
        walk(el.shadowRoot);
      }
    }
  };
  walk(document);
  return count;
}"""
#: Marks of Markdown gone wrong in what the learner reads.
BROKEN = re.compile(r"\*\*|\\|\$|`|<small|<div|&lt;|&amp;")


def _script() -> list[tuple[str, list[tuple[str, str]]]]:
    """Every lesson with its clicks (the option's button text, the move's text), computed
    in-process on the same deterministic games the server plays."""
    from speakeasy.games.mafia_city.table.play import pretty_text
    from speakeasy.games.mafia_city.table.tutorial import LESSONS, Tutorial
    from speakeasy.tools.text import split_label

    script = []
    for entry in LESSONS:
        tutorial = Tutorial().open(entry.id)
        clicks = []
        for move in entry.solution:
            decision = tutorial.game().pending
            assert decision is not None
            action = next(a for a in decision.options if str(a) == move)
            clicks.append((split_label(pretty_text(action.describe()), 44)[0], move))
            tutorial = tutorial.attempt(action)
        assert tutorial.goal_met, entry.id
        script.append((entry.title, clicks))
    return script


def _button(page: Any, text: str) -> Any:
    return page.get_by_role("button", name=re.compile(rf"^\s*{re.escape(text)}\s*$")).first


def _moves(page: Any) -> int:
    found = re.search(r"[?&]moves=([^&]*)", page.url)
    return len(found.group(1).split("%3B")) if found and found.group(1) else 0


def _more_moves(before: int) -> Any:
    return lambda page: _moves(page) > before


def _check_page(page: Any) -> None:
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= page.viewport_size["width"], (width, page.viewport_size)
    maths = page.evaluate(_MATHS_JS)
    assert maths == 0, "plain text was read as a formula"
    text = page.evaluate(_TEXT_JS)
    broken = BROKEN.search(text)
    assert broken is None, text[max(broken.start() - 80, 0) : broken.end() + 80]
    assert not missing_glyphs(page), "a symbol without a glyph"


def _settled(page: Any) -> None:
    """Wait until marimo has run every cell the last change queued."""
    wait_for_cells(page, TIMEOUT_MS)


def _shoot(page: Any, tmp_path: Path, name: str) -> None:
    shot = tmp_path / name
    page.screenshot(path=str(shot))
    if SHOTS.is_dir():
        shutil.copyfile(shot, SHOTS / name)


def test_all_lessons_by_clicks_with_no_overflow_and_no_broken_text(
    mafia_city_learn_url: str, chromium: Any, tmp_path: Path
) -> None:
    context = chromium.new_context(viewport={"width": 1280, "height": 800})
    page = context.new_page()
    try:
        page.goto(mafia_city_learn_url, wait_until="domcontentloaded")
        page.wait_for_selector(PLOT_READY, timeout=TIMEOUT_MS)
        script = _script()
        heading = page.get_by_role("heading", name="Lesson 1: Placing a token")
        expect(heading.first).to_be_visible(timeout=TIMEOUT_MS)
        _settled(page)
        _check_page(page)

        # a legal move the lesson does not want: its reason and rule, nothing played
        _button(page, "Place a token on City Hall").click()
        wrong = page.locator('.learn-feedback[data-kind="wrong"]').first
        expect(wrong).to_contain_text("MC-CTRL-5", timeout=TIMEOUT_MS)
        assert _moves(page) == 0
        _settled(page)
        _check_page(page)
        _shoot(page, tmp_path, "mclearn_1280x800_wrong.png")

        for number, (title, clicks) in enumerate(script, start=1):
            heading = page.get_by_role("heading", name=f"Lesson {number}: {title}").first
            expect(heading).to_be_visible(timeout=TIMEOUT_MS)
            for button, _move in clicks:
                before = _moves(page)
                _button(page, button).click()
                assert wait_for(page, _more_moves(before), TIMEOUT_MS), page.url
                _settled(page)
                _check_page(page)
            expect(page.get_by_text("Goal reached").first).to_be_visible(timeout=TIMEOUT_MS)
            expect(_button(page, f"✓ {number}. {title}")).to_be_visible(timeout=TIMEOUT_MS)
            if number == 2:
                page.reload(wait_until="domcontentloaded")
                page.wait_for_selector(PLOT_READY, timeout=TIMEOUT_MS)
                expect(heading).to_be_visible(timeout=TIMEOUT_MS)
                expect(page.get_by_text("Progress: 2 of 9").first).to_be_visible()
            if number == 6:
                _shoot(page, tmp_path, "mclearn_1280x800.png")
                set_viewport(page, 1920, 1080)
                _check_page(page)
                _shoot(page, tmp_path, "mclearn_1920x1080.png")
                set_viewport(page, 1280, 800)
            if number < len(script):
                _button(page, "Next lesson →").click()
        expect(page.get_by_text(f"Progress: {len(script)} of {len(script)}").first).to_be_visible(
            timeout=TIMEOUT_MS
        )
        # the last lesson leads into Play, and says that it was the last
        expect(page.locator("a.next-page").first).to_have_attribute("href", PLAY_PAGE)
        expect(page.get_by_text("Lesson done, and the last one").first).to_be_visible()
        _shoot(page, tmp_path, "mclearn_last_1280x800.png")
    finally:
        context.close()

"""A whole 2-player game of the marimo play notebook through clicks, at a laptop's 1280×800.

Purple is a person (this test), Blue the heuristic bot (the default opponent). Every decision
is taken by clicking an option button (when a decision has only a long dropdown, the "let a
bot decide for me" button, a click too). On the way the test reads the player boards (the
hand in words, the opponent's hidden), turns on the teacher view, opens the step through of
a Lucky Luciano phase from "Since your last decision", and checks that no option label
repeats, no catalogue ID or raw action string is shown, and nothing scrolls sideways at
1280×800 and 1920×1080. It ends at the final scores. Screenshots are kept under ``tmp_path``
(``full_1280.png``, ``board_1280.png``, ``luciano_1280.png``, ``final_1280.png``,
``full_1920.png``) and copied to ``/tmp/play_full_*.png``.
"""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path
from typing import Any

import pytest

from tests.browser import wait_for

pytestmark = pytest.mark.browser
expect = pytest.importorskip("playwright.sync_api").expect

TIMEOUT_MS = 30_000
SEED = 11
PLOT_READY = "marimo-plotly .js-plotly-plot .scatterlayer .trace"
OPTION_BUTTONS = ".se-options marimo-button button"
RAW_ID = re.compile(r"\b(?:vip|party|distillery|fleet|city|helper)-\d\d\b")
MAX_CLICKS = 600


def _meta(page: Any) -> dict[str, Any]:
    plots = page.locator("marimo-plotly")
    for i in range(plots.count()):
        raw = plots.nth(i).get_attribute("data-figure")
        if raw:
            meta = json.loads(raw).get("layout", {}).get("meta") or {}
            if "pending" in meta:
                found: dict[str, Any] = meta
                return found
    raise AssertionError("the play map is not on the page")


def _no_sideways_scroll(page: Any) -> None:
    widths = page.evaluate(
        "() => [document.documentElement.scrollWidth, document.documentElement.clientWidth]"
    )
    assert widths[0] <= widths[1], f"the page scrolls sideways: {widths}"


def _over(page: Any) -> bool:
    return bool(page.locator(".se-final").count())


def _new_game(page: Any, url: str) -> None:
    page.goto(url, wait_until="domcontentloaded")
    page.wait_for_selector(PLOT_READY, timeout=TIMEOUT_MS)
    page.locator(OPTION_BUTTONS).first.wait_for(state="visible", timeout=TIMEOUT_MS)
    expect(page.locator("marimo-dropdown").nth(3)).to_contain_text("heuristic bot")
    seed = page.locator("marimo-number input").first
    seed.fill(str(SEED))
    seed.press("Tab")
    expect(seed).to_have_value(str(SEED), timeout=TIMEOUT_MS)
    for _ in range(4):
        page.get_by_role("button", name="New game").click()
        try:
            expect(page.get_by_text(f"New game, seed {SEED}.")).to_be_visible(timeout=5_000)
            return
        except AssertionError:
            continue
    raise AssertionError("the new game did not start")


def _decide(page: Any) -> None:
    """One click that takes the pending decision; waits until the map shows a later step."""
    before = _meta(page)["step"]
    for _ in range(4):
        buttons = page.locator(OPTION_BUTTONS)
        labels = [t.strip() for t in buttons.all_inner_texts()]
        options = [t for t in labels if t and t not in ("▶ Play", "Show every option")]
        assert len(options) == len(set(options)), f"labels repeat: {options}"
        if options:
            buttons.nth(labels.index(options[0])).click()
        else:  # a long list in a dropdown: a bot decides (still a click)
            page.get_by_role("button", name=re.compile("Let a bot decide")).click()
        if wait_for(page, lambda p: _over(p) or _meta(p)["step"] > before, 8_000):
            return
    raise AssertionError(f"no click took the decision at step {before}")


def _check_boards(page: Any, tmp_path: Path) -> None:
    mine = page.locator(".se-board[data-colour='purple']")
    theirs = page.locator(".se-board[data-colour='blue']")
    expect(mine).to_contain_text("your board")
    expect(mine).to_contain_text("Hand (")
    expect(mine).to_contain_text(re.compile(r"(VIP|Party|Distillery|Fleet) card: "))
    expect(mine).to_contain_text("in the safe")
    expect(theirs).to_contain_text("hidden:")
    expect(theirs).to_contain_text("the safe is hidden")
    assert theirs.get_attribute("data-private") == "false"
    page.get_by_text("Teacher view").click()
    expect(page.locator(".se-board[data-colour='blue']")).to_have_attribute(
        "data-private", "true", timeout=TIMEOUT_MS
    )
    expect(page.locator(".se-board[data-colour='blue']")).not_to_contain_text("hidden:")
    page.locator(".se-boards").first.scroll_into_view_if_needed()
    page.screenshot(path=str(tmp_path / "board_1280.png"))
    page.get_by_text("Teacher view").click()
    expect(page.locator(".se-board[data-colour='blue']")).to_have_attribute(
        "data-private", "false", timeout=TIMEOUT_MS
    )


def _open_luciano(page: Any, tmp_path: Path) -> None:
    item = page.locator(".se-since .se-luciano").first
    step = int(item.get_attribute("data-step") or -1)
    expect(item).to_contain_text("Lucky Luciano phase")
    row = page.locator(".se-since marimo-button button", has_text="Step through")
    items = page.locator(".se-since .se-since-item")
    steps = [int(s) for s in items.evaluate_all("es => es.map(e => e.dataset.step)")]
    row.nth(steps.index(step)).click()
    picker = page.locator("marimo-dropdown[data-label*='Step through']").first
    expect(picker).to_contain_text(f"⚔ Step {step} ·", timeout=TIMEOUT_MS)
    changed = page.get_by_text(re.compile(r"^What changed"))
    changed.scroll_into_view_if_needed()
    page.screenshot(path=str(tmp_path / "luciano_1280.png"))


def test_a_whole_game_by_clicks_at_1280x800(play_url: str, chromium: Any, tmp_path: Path) -> None:
    context = chromium.new_context(viewport={"width": 1280, "height": 800})
    page = context.new_page()
    try:
        _new_game(page, play_url)
        _no_sideways_scroll(page)
        page.screenshot(path=str(tmp_path / "full_1280.png"))
        boards_checked = luciano_opened = False
        for _ in range(MAX_CLICKS):
            if _over(page):
                break
            side = page.locator(".se-side").first.inner_text()
            assert not RAW_ID.search(side), f"a catalogue ID is shown: {side}"
            if not boards_checked and _meta(page)["step"] > 12:
                _check_boards(page, tmp_path)
                boards_checked = True
            if not luciano_opened and page.locator(".se-since .se-luciano").count():
                _open_luciano(page, tmp_path)
                luciano_opened = True
                _no_sideways_scroll(page)
            _decide(page)
        expect(page.locator(".se-final")).to_be_visible(timeout=TIMEOUT_MS)
        assert boards_checked and luciano_opened
        expect(page.locator(".se-results")).to_contain_text("Purple")
        expect(page.locator(".se-results")).to_contain_text("Blue")
        _no_sideways_scroll(page)
        page.locator(".se-final").scroll_into_view_if_needed()
        page.screenshot(path=str(tmp_path / "final_1280.png"))
        page.set_viewport_size({"width": 1920, "height": 1080})
        page.wait_for_timeout(500)
        _no_sideways_scroll(page)
        page.screenshot(path=str(tmp_path / "full_1920.png"), full_page=True)
    finally:
        for shot in tmp_path.glob("*.png"):
            shutil.copyfile(shot, Path("/tmp") / f"play_full_{shot.name}")
        context.close()

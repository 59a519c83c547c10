"""The rules page (``notebooks/rules.py``, issue 13 item 13) in a real browser.

A link ``?id=R-TRUCK-7`` opens that rule with the notebooks and scenarios that show it; a search
narrows the list; picking another rule puts its ID into the page's address. The page fits
1280×800 and 1920×1080 without horizontal overflow, and no summary is read as a formula
(summaries hold dollar amounts). Screenshots ``rules_<w>x<h>.png`` under ``tmp_path``, copied
to ``/tmp/``.
"""

from __future__ import annotations

import re
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from speakeasy.app.rules_page import find_rules
from speakeasy.tools.rules_index import load_rules_index
from tests.browser import set_viewport
from tests.conftest import _notebook_url

pytestmark = pytest.mark.browser
expect = pytest.importorskip("playwright.sync_api").expect

TIMEOUT_MS = 30_000


@pytest.fixture(scope="module")
def rules_url() -> Iterator[str]:
    yield from _notebook_url("rules.py")


def _shoot(page: Any, tmp_path: Path, name: str) -> None:
    page.screenshot(path=str(tmp_path / name))
    shutil.copyfile(tmp_path / name, Path("/tmp") / name)


def test_a_link_opens_a_rule_with_what_shows_it(
    rules_url: str, chromium: Any, tmp_path: Path
) -> None:
    context = chromium.new_context(viewport={"width": 1280, "height": 800})
    page = context.new_page()
    try:
        page.goto(rules_url + "?id=R-TRUCK-7", wait_until="domcontentloaded")
        expect(page.get_by_role("heading", name="R-TRUCK-7")).to_be_visible(timeout=TIMEOUT_MS)
        detail = page.locator("marimo-callout-output, .callout, [data-kind]").filter(
            has_text="Shown in"
        )
        expect(detail.first).to_contain_text("Learn a turn", timeout=TIMEOUT_MS)
        expect(page.locator('a[href="/truck-routes/"]').first).to_be_attached()
        expect(page.locator('a[href="/learn/"]').first).to_be_attached()
        scenario = page.get_by_text("How many barrels can Yellow's truck deliver?")
        expect(scenario.first).to_be_visible()
        expect(page.locator('a[href="?id=R-CARD-8"]').first).to_be_attached()  # a cited ID
        # the area of the rule is browsed below it
        in_area = len(find_rules("", area="Trucks: pick up and deliver barrels"))
        expect(page.get_by_text(f"{in_area} entries").first).to_be_visible(timeout=TIMEOUT_MS)
        assert page.locator(".katex, marimo-tex").count() == 0  # no $…$ read as a formula
        assert page.evaluate("document.documentElement.scrollWidth") <= 1280
        _shoot(page, tmp_path, "rules_1280x800.png")

        set_viewport(page, 1920, 1080)
        assert page.evaluate("document.documentElement.scrollWidth") <= 1920
        _shoot(page, tmp_path, "rules_1920x1080.png")
    finally:
        context.close()


def test_search_finds_rules_by_words(rules_url: str, chromium_page: Any) -> None:
    page = chromium_page
    page.goto(rules_url, wait_until="domcontentloaded")
    every = len(find_rules(""))  # both games' entries: Speakeasy and Mafia City
    assert every > len(load_rules_index())
    expect(page.get_by_text(f"{every} entries").first).to_be_visible(timeout=TIMEOUT_MS)
    box = page.get_by_placeholder("R-TRUCK-7, MC-HAT-3, or words: casino income, hitman")
    box.fill("central park truck")
    box.press("Enter")
    expect(page.get_by_role("heading", name="R-TRUCK-8")).to_be_visible(timeout=TIMEOUT_MS)
    page.wait_for_function("location.search.includes('id=R-TRUCK-8')", timeout=TIMEOUT_MS)


def test_a_term_link_opens_the_word_and_a_synonym_finds_it(
    rules_url: str, chromium_page: Any
) -> None:
    """Issues 24 and 25: ``?term=cell`` opens the Cell with its definition and its rules; a
    search by another of its names ("jail") lists it among the glossary's words."""
    page = chromium_page
    page.goto(rules_url + "?term=cell", wait_until="domcontentloaded")
    card = page.locator(".glossary-term").first
    expect(card).to_contain_text("The space beside the Prison", timeout=TIMEOUT_MS)
    expect(card.locator('a[href="?id=MC-PRISON-1"]')).to_be_attached()
    box = page.get_by_placeholder("R-TRUCK-7, MC-HAT-3, or words: casino income, hitman")
    box.fill("jail")
    box.press("Enter")
    expect(page.get_by_text("Glossary: ").first).to_be_visible(timeout=TIMEOUT_MS)
    expect(page.locator('a[href="?term=cell"]').first).to_be_attached()


def test_a_glossary_opened_lists_its_words(rules_url: str, chromium_page: Any) -> None:
    """Issue 24: each game's glossary on the rules page, drawn when it is opened (the page's
    opening no longer draws both glossaries for every visitor): opened, it lists its words
    with links to their entries."""
    page = chromium_page
    page.goto(rules_url, wait_until="domcontentloaded")
    title = page.get_by_text(re.compile(r"^Glossary of Mafia City \(\d+ words\)$"))
    expect(title).to_be_visible(timeout=TIMEOUT_MS)
    expect(page.locator('a[href="?term=cell"]')).to_have_count(0)
    title.click()
    expect(page.locator('a[href="?term=cell"]').first).to_be_visible(timeout=TIMEOUT_MS)

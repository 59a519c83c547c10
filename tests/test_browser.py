"""The marimo truck-route explorer in a real browser (headless Chromium).

Loads ``notebooks/truck_routes.py`` served by ``marimo run``, changes the start district through
the dropdown and then by clicking a district on the map, and checks that the map (the figure
JSON marimo hands to plotly, the shaded markers and the title drawn in the SVG) and the distance
table follow. A screenshot is kept under ``tmp_path`` and copied to
``/tmp/truck_routes_browser.png``.
"""

from __future__ import annotations

import json
import re
import shutil
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from tests.browser import wait_for

pytestmark = pytest.mark.browser
expect = pytest.importorskip("playwright.sync_api").expect

SCREENSHOT_COPY = Path("/tmp/truck_routes_browser.png")
TIMEOUT_MS = 20_000

PLOT = "marimo-plotly"
PLOT_READY = "marimo-plotly .js-plotly-plot .scatterlayer .trace"
TABLE_ROWS = "marimo-table >> nth=0 >> tbody tr"  # the distance table (the first)
START_SELECT = 'marimo-dropdown[data-label*="Start district"] select'


@dataclass(frozen=True)
class Snapshot:
    """What the page shows: the figure's choice and shading, its title and the table."""

    meta: dict[str, int]
    fills: tuple[str, ...]
    title: str
    table: str
    first_row_district: str


def _figure(page: Any) -> dict[str, Any]:
    raw = page.locator(PLOT).first.get_attribute("data-figure")
    assert raw, "marimo-plotly has no data-figure"
    figure: dict[str, Any] = json.loads(raw)
    return figure


def _snapshot(page: Any) -> Snapshot:
    figure = _figure(page)
    districts = next(t for t in figure["data"] if t.get("name") == "districts")
    rows = page.locator(TABLE_ROWS)
    return Snapshot(
        meta=figure["layout"]["meta"],
        fills=tuple(districts["marker"]["color"]),
        title=page.locator(f"{PLOT} .gtitle").first.text_content() or "",
        table="\n".join(rows.all_inner_texts()),
        first_row_district=rows.first.locator("td").first.inner_text().strip(),
    )


def _wait_for_app(page: Any, url: str) -> None:
    page.goto(url, wait_until="domcontentloaded")
    page.wait_for_selector(PLOT_READY, timeout=TIMEOUT_MS)
    expect(page.locator(TABLE_ROWS)).to_have_count(16, timeout=TIMEOUT_MS)


def _wait_for_start(page: Any, district: int) -> None:
    """Wait until the SVG title, the figure JSON and the table all show the new start.

    marimo renders its plugins inside shadow roots, so the waits use playwright locators
    (which pierce them) rather than ``document.querySelector``.
    """
    title = page.locator(f"{PLOT} .gtitle").first
    expect(title).to_have_text(re.compile(rf"^From district {district} "), timeout=TIMEOUT_MS)
    first_cell = page.locator(TABLE_ROWS).first.locator("td").first
    expect(first_cell).to_have_text(str(district), timeout=TIMEOUT_MS)
    assert _wait_for_meta(page, "start", district), f"the figure never showed start {district}"


def _wait_for_meta(page: Any, key: str, district: int, timeout_ms: int = TIMEOUT_MS) -> bool:
    """Wait until the figure marimo hands to plotly has ``meta[key] == district``."""
    return wait_for(
        page, lambda p: _figure(p)["layout"].get("meta", {}).get(key) == district, timeout_ms
    )


def _click_district(page: Any, district: int, sets: str) -> None:
    """Click the marker of ``district`` until the figure's ``meta[sets]`` shows it.

    A click that lands while marimo is still swapping in a re-rendered plot is lost, so the
    click is retried a few times.
    """
    for _ in range(4):
        labels = page.locator(f"{PLOT} .scatterlayer .textpoint text")
        texts = [t.strip() for t in labels.all_text_contents()]
        assert str(district) in texts, f"district {district} is not drawn: {texts}"
        box = labels.nth(texts.index(str(district))).bounding_box()
        assert box is not None, f"district {district} is not drawn"
        page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
        if _wait_for_meta(page, sets, district, timeout_ms=4_000):
            return
    raise AssertionError(f"clicking district {district} did not set the {sets}")


def test_start_district_changes_map_and_table(
    truck_routes_url: str, chromium_page: Any, tmp_path: Path
) -> None:
    page = chromium_page
    _wait_for_app(page, truck_routes_url)
    _wait_for_start(page, 4)
    before = _snapshot(page)
    assert before.meta == {"start": 4, "destination": 12}
    expect(page.get_by_text("To district 12: within reach")).to_be_visible()

    # 1. The dropdown.
    page.locator(START_SELECT).select_option(label="13 · Uptown ⚓")
    _wait_for_start(page, 13)
    after_dropdown = _snapshot(page)
    assert after_dropdown.meta["start"] == 13
    assert after_dropdown.fills != before.fills, "the shading did not change"
    assert after_dropdown.title != before.title
    assert after_dropdown.table != before.table, "the table did not change"
    assert after_dropdown.first_row_district == "13"

    # 2. A click on district 9's marker (the radio says a click sets the start).
    _click_district(page, 9, "start")
    _wait_for_start(page, 9)
    after_click = _snapshot(page)
    assert after_click.fills != after_dropdown.fills
    assert after_click.table != after_dropdown.table
    assert page.locator(START_SELECT).input_value() == "9 · Midtown"

    # 3. Switch the radio and click district 16: it becomes the destination.
    page.get_by_role("radio", name="destination").click()
    expect(page.get_by_role("radio", name="destination")).to_be_checked()
    _click_district(page, 16, "destination")
    expect(page.get_by_text("To district 16: within reach")).to_be_visible(timeout=TIMEOUT_MS)
    assert _snapshot(page).meta == {"start": 9, "destination": 16}

    shot = tmp_path / "truck_routes_browser.png"
    page.screenshot(path=str(shot), full_page=True)
    shutil.copyfile(shot, SCREENSHOT_COPY)

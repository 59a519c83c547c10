"""The workshop index page in a real browser: follow a link to a notebook app.

Opens the page ``speakeasy workshop`` serves at ``/``, checks it lists every station, clicks
"Truck routes" and waits for that marimo app to draw its map. Screenshots are kept under
``tmp_path`` and copied to ``/tmp/workshop_index.png`` and ``/tmp/workshop_truck_routes.png``.
"""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import pytest

from speakeasy.app.workshop import STATIONS
from tests.conftest import Workshop

pytestmark = pytest.mark.browser
expect = pytest.importorskip("playwright.sync_api").expect

TIMEOUT_MS = 30_000
PLOT_READY = "marimo-plotly .js-plotly-plot .scatterlayer .trace"


def test_follow_a_link_from_the_index_page(
    workshop: Workshop, chromium_page: Any, tmp_path: Path
) -> None:
    page = chromium_page
    page.goto(workshop.url, wait_until="domcontentloaded")
    expect(page.get_by_role("heading", name="Speakeasy workshop")).to_be_visible()
    links = page.locator("ol li a")
    expect(links).to_have_count(len(STATIONS))
    assert links.all_inner_texts() == [s.title for s in STATIONS]
    page.screenshot(path=str(tmp_path / "index.png"), full_page=True)
    shutil.copy(tmp_path / "index.png", "/tmp/workshop_index.png")

    page.get_by_role("link", name="Truck routes").click()
    page.wait_for_url(workshop.url + "truck-routes/", timeout=TIMEOUT_MS)
    page.wait_for_selector(PLOT_READY, timeout=TIMEOUT_MS)
    expect(page).to_have_title("Speakeasy · truck routes", timeout=TIMEOUT_MS)
    page.screenshot(path=str(tmp_path / "truck_routes.png"), full_page=True)
    shutil.copy(tmp_path / "truck_routes.png", "/tmp/workshop_truck_routes.png")

"""The truck planner section of ``notebooks/truck_routes.py`` in a real browser.

On the default position (a seeded bot game, opened with the player to move) the planner's best
plan stays hidden until the reader reveals it (issue 24: a class guesses first); the reader
builds a route by clicking districts on the planner's map: a truck off the map enters where
the first click says (R-TRUCK-4), a district that is not next to the last one is refused with
its rule (R-TRUCK-7), the comparison table gains a row for "your route", and the last district
can be taken back. A screenshot is kept under ``tmp_path`` and copied to
``/tmp/truck_planner_browser.png``.
"""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import pytest

from tests.browser import click_district, plot_figure, wait_for

pytestmark = pytest.mark.browser
expect = pytest.importorskip("playwright.sync_api").expect

SCREENSHOT_COPY = Path("/tmp/truck_planner_browser.png")
TIMEOUT_MS = 30_000
PLOT_READY = "marimo-plotly .js-plotly-plot .scatterlayer .trace"


def _planner(page: Any) -> Any:
    return page.locator("marimo-plotly").nth(1)


def _figure(page: Any) -> dict[str, Any]:
    return plot_figure(_planner(page))


def _meta(page: Any) -> dict[str, Any]:
    meta: dict[str, Any] = _figure(page)["layout"].get("meta", {})
    return meta


def _extend(page: Any, district: int, route: list[int]) -> None:
    """Click ``district`` until the planner's map shows ``route`` (a click landing while marimo
    swaps the plot in can be lost, so it is retried)."""
    for _ in range(4):
        click_district(page, _planner(page), district)
        if wait_for(page, lambda p: _meta(p).get("route") == route, 6_000):
            return
    raise AssertionError(f"clicking {district} never gave the route {route}: {_meta(page)}")


def test_build_a_route_by_clicking_and_compare_it_with_the_best_plan(
    truck_routes_url: str, chromium_page: Any, tmp_path: Path
) -> None:
    page = chromium_page
    page.goto(truck_routes_url, wait_until="domcontentloaded")
    page.wait_for_selector(PLOT_READY, timeout=TIMEOUT_MS)
    _planner(page).scroll_into_view_if_needed(timeout=TIMEOUT_MS)
    # hidden until asked for: the map shows no plan, the text names none
    assert wait_for(page, lambda p: _meta(p).get("showing") == "yours", TIMEOUT_MS)
    expect(page.get_by_text("stays hidden until you reveal it: guess first")).to_be_visible(
        timeout=TIMEOUT_MS
    )
    assert page.get_by_text("The best plan:").count() == 0
    reveal = page.get_by_role("button", name="Reveal the planner's best plan")
    for _ in range(4):  # a click landing while marimo re-runs a cell can be lost
        if not reveal.count():  # answered: the button gives way to the plan
            break
        reveal.click()
        if wait_for(page, lambda p: _meta(p).get("showing") == "best", 6_000):
            break
    assert wait_for(page, lambda p: _meta(p).get("showing") == "best", TIMEOUT_MS)
    assert _meta(page).get("showing") == "best", _meta(page)
    expect(page.get_by_text("The best plan:")).to_be_visible(timeout=TIMEOUT_MS)
    plans = page.locator("marimo-table").nth(1).locator("tbody tr")
    expect(plans).to_have_count(1, timeout=TIMEOUT_MS)

    # Truck 1 is still on Purple's board: the first click says where it enters.
    _extend(page, 6, [6])
    assert _meta(page)["showing"] == "yours"
    expect(plans).to_have_count(2, timeout=TIMEOUT_MS)
    expect(plans.nth(1)).to_contain_text("your route")

    # District 13 is not next to district 6: refused, with the rule.
    refused = page.get_by_text("District 13 refused")
    for _ in range(4):
        click_district(page, _planner(page), 13)
        try:
            expect(refused).to_be_visible(timeout=6_000)
            break
        except AssertionError:
            continue
    expect(refused).to_be_visible(timeout=TIMEOUT_MS)
    expect(page.get_by_text("(R-TRUCK-7)").first).to_be_visible()
    assert _meta(page)["route"] == [6]

    # A neighbour is accepted; then take it back.
    _extend(page, 3, [6, 3])
    expect(page.get_by_text("Your route: 6 → 3")).to_be_visible(timeout=TIMEOUT_MS)
    page.screenshot(path=str(tmp_path / "truck_planner.png"), full_page=True)
    shutil.copyfile(tmp_path / "truck_planner.png", SCREENSHOT_COPY)
    page.get_by_role("button", name="Remove the last district").click()
    assert wait_for(page, lambda p: _meta(p).get("route") == [6], TIMEOUT_MS)

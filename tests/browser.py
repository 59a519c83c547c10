"""Helpers shared by the browser tests (headless Chromium driving marimo apps).

marimo draws a plotly figure in a ``marimo-plotly`` element whose ``data-figure`` attribute
holds the figure's JSON; a plotly ``FigureWidget`` (a ``marimo-anywidget``) is read from its
plotly element; the play table's map is the same figure drawn as SVG
(``speakeasy.games.speakeasy.table.SvgBoard``), with the layout's meta in ``data-meta``. The game
figures draw each district's number in a trace named "district numbers", inside the tile where the
clickable ``districts`` trace answers a click.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from typing import Any

__all__ = ["click_district", "click_svg_district", "plot_figure", "svg_meta", "wait_for"]


def plot_figure(plot: Any) -> dict[str, Any]:
    """The figure shown by a ``marimo-plotly`` locator, as plotly JSON; or by a plotly
    ``FigureWidget`` (a ``marimo-anywidget``, the play map): its visible traces and layout,
    read from the plotly element on the page."""
    raw = plot.get_attribute("data-figure")
    if raw is None and plot.locator(".js-plotly-plot").count():
        shown: dict[str, Any] = plot.locator(".js-plotly-plot").first.evaluate(
            "gd => ({data: gd.data.filter(t => t.visible !== false), layout: gd.layout})"
        )
        return shown
    assert raw, "the plot has no data-figure"
    figure: dict[str, Any] = json.loads(raw)
    return figure


def wait_for(page: Any, check: Callable[[Any], Any], timeout_ms: int) -> bool:
    """Poll ``check(page)`` until it is true or time runs out; an exception from ``check``
    (an element being re-rendered) counts as not yet."""
    deadline = time.monotonic() + timeout_ms / 1000
    while time.monotonic() < deadline:
        try:
            if check(page):
                return True
        except (AssertionError, ValueError, KeyError, json.JSONDecodeError):
            pass
        page.wait_for_timeout(100)
    return False


def click_district(page: Any, plot: Any, district: int) -> None:
    """Click ``district``'s number on the map drawn in ``plot`` (one click, not retried)."""
    names = [t.get("name") for t in plot_figure(plot)["data"]]
    numbers = plot.locator(".scatterlayer .trace").nth(names.index("district numbers"))
    _click_number(page, numbers.locator(".textpoint text"), district)


def _click_number(page: Any, labels: Any, district: int) -> None:
    texts = [t.strip() for t in labels.all_text_contents()]
    assert str(district) in texts, f"district {district} is not drawn: {texts}"
    box = labels.nth(texts.index(str(district))).bounding_box()
    assert box is not None
    page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)


def svg_meta(svg: Any) -> dict[str, Any]:
    """The layout ``meta`` of a figure drawn as SVG
    (``speakeasy.games.speakeasy.figures.figure_svg``)."""
    raw = svg.get_attribute("data-meta")
    assert raw, "the SVG map has no data-meta"
    meta: dict[str, Any] = json.loads(raw)
    return meta


def click_svg_district(page: Any, svg: Any, district: int) -> None:
    """Click ``district``'s number on a map drawn as SVG (one click, not retried)."""
    _click_number(page, svg.locator("g.trace[data-name='district numbers'] text"), district)

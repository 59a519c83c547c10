"""The truck-route explorer view, shared by the marimo and the Jupyter notebook.

Both notebooks (``notebooks/truck_routes.py`` and ``notebooks/truck_routes.ipynb``) only collect
widget values into :class:`ExplorerSettings` and show what :func:`build_view` returns: the range
breakdown, the map with reachable districts shaded by distance and every shortest route to the
destination, the distance table and the explanation for the destination. The rules themselves
live in :mod:`speakeasy.games.speakeasy.rules.trucks` and
:mod:`speakeasy.games.speakeasy.model.board` (rules reference §10, R-TRUCK-1..14).

>>> from speakeasy import load_board
>>> view = build_view(load_board(), ExplorerSettings(start=4, destination=12, fleet_level=3))
>>> view.truck_range.total, view.truck_range.trucks, len(view.routes)
(3, 2, 3)
>>> view.explanation.startswith("District 12 is reachable: 3 moves of 3")
True
"""

from __future__ import annotations

import html
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import plotly.graph_objects as go

from speakeasy.games.speakeasy.figures.board_figure import (
    DISTANCE_COLOURS,
    DISTRICT_TRACE,
    UNREACHABLE_COLOUR,
    board_figure,
)
from speakeasy.games.speakeasy.model.board import Board
from speakeasy.games.speakeasy.rules.trucks import (
    TruckRange,
    explain_reach,
    reach_table,
    truck_range,
)

__all__ = [
    "MAX_RANGE_CRATES",
    "TABLE_COLUMNS",
    "ExplorerSettings",
    "TruckView",
    "build_view",
    "clicked_district",
    "distance_key",
    "distance_key_html",
    "district_label",
    "district_options",
    "table_html",
]

#: Column order of the distance table.
TABLE_COLUMNS: tuple[str, ...] = (
    "district",
    "area",
    "moves",
    "reachable",
    "shortest routes",
    "port",
)

#: How many "truck range +1" crate bonuses exist (crates 9 and 10, R-CRATE-9/10).
MAX_RANGE_CRATES = 2


@dataclass(frozen=True, slots=True)
class ExplorerSettings:
    """What the reader picked in the explorer's widgets."""

    start: int
    destination: int
    fleet_level: int = 1
    fleet_card_bonus: bool = False
    garage_left: bool = False
    range_crates: int = 0


@dataclass(frozen=True, slots=True)
class TruckView:
    """Everything the explorer shows for one set of :class:`ExplorerSettings`."""

    settings: ExplorerSettings
    truck_range: TruckRange
    #: ``{district: moves}`` for the districts within range, nearest first (R-TRUCK-7).
    reachable: Mapping[int, int]
    #: Every shortest route from the start to the destination (empty if they are the same).
    routes: tuple[tuple[int, ...], ...]
    #: One row per district, nearest first; columns :data:`TABLE_COLUMNS`.
    rows: tuple[Mapping[str, object], ...]
    #: Why the destination is or is not reachable, citing rule IDs.
    explanation: str
    figure: go.Figure

    @property
    def destination_reachable(self) -> bool:
        return self.settings.destination in self.reachable

    @property
    def range_text(self) -> str:
        """The range breakdown as a sentence (:meth:`TruckRange.explain`)."""
        text = self.truck_range.explain()
        return f"{text[:1].upper()}{text[1:]}."

    @property
    def trucks_text(self) -> str:
        """How many trucks move, and why (R-TRUCK-3, R-TRUCK-5)."""
        level = self.settings.fleet_level
        total = self.truck_range.total
        if self.truck_range.trucks == 1:
            return (
                f"1 truck, with {total} movement point{'s' if total != 1 else ''}. "
                "The second truck joins at fleet level 3 (R-TRUCK-3)."
            )
        return (
            f"{self.truck_range.trucks} trucks, each with its own {total} movement points: "
            f"fleet level {level} brings the second truck (R-TRUCK-3, R-TRUCK-5)."
        )

    @property
    def summary(self) -> str:
        """One line for the figure title and the notebooks' headings."""
        return _summary(self.settings.start, self.truck_range.total, self.reachable)


def district_label(board: Board, district: int) -> str:
    """``"13 · Uptown ⚓"``: the district's number, area and whether it has a port."""
    d = board.district(district)
    return f"{district} · {d.area.title}{' ⚓' if d.has_port else ''}"


def district_options(board: Board) -> dict[str, int]:
    """Dropdown options, label -> district number, in district order."""
    return {district_label(board, n): n for n in sorted(board.districts)}


def build_view(board: Board, settings: ExplorerSettings, *, height: int = 430) -> TruckView:
    """Compute the range, reachable districts, routes, table rows, explanation and figure."""
    board.district(settings.start)
    board.district(settings.destination)
    rng = truck_range(
        settings.fleet_level,
        fleet_card_bonus=settings.fleet_card_bonus,
        garage_left=settings.garage_left,
        range_crates=settings.range_crates,
    )
    reachable = board.reachable(settings.start, rng.total)
    if settings.start == settings.destination:
        routes: tuple[tuple[int, ...], ...] = ()
    else:
        routes = tuple(
            tuple(r) for r in board.shortest_routes(settings.start, settings.destination)
        )
    rows = tuple(
        _display_row(row)
        for row in sorted(
            reach_table(board, settings.start, rng.total),
            key=lambda r: (_as_int(r["moves"]), _as_int(r["district"])),
        )
    )
    explanation = explain_reach(board, settings.start, settings.destination, rng.total)
    if settings.destination in reachable and settings.destination != settings.start:
        spare = rng.total - reachable[settings.destination]
        if spare:
            explanation += (
                f" {spare} movement point{'s' if spare != 1 else ''} would be left; the truck may "
                "stop early and unused points are lost (R-TRUCK-14)."
            )
    figure = board_figure(
        board,
        highlight=(settings.start, settings.destination),
        routes=routes,
        reachable=reachable,
        title=_summary(settings.start, rng.total, reachable),
        height=height,
    )
    figure.update_layout(meta={"start": settings.start, "destination": settings.destination})
    return TruckView(
        settings=settings,
        truck_range=rng,
        reachable=reachable,
        routes=routes,
        rows=rows,
        explanation=explanation,
        figure=figure,
    )


def _summary(start: int, total: int, reachable: Mapping[int, int]) -> str:
    others = len(reachable) - 1
    return (
        f"From district {start} with range {total}: "
        f"{others} other district{'s' if others != 1 else ''} within reach"
    )


def _as_int(value: object) -> int:
    if not isinstance(value, int):
        raise TypeError(f"expected an int, got {value!r}")
    return value


def _display_row(row: Mapping[str, object]) -> dict[str, object]:
    return {
        "district": row["district"],
        "area": row["area"],
        "moves": row["moves"],
        "reachable": "yes" if row["reachable"] else "no",
        "shortest routes": row["shortest routes"],
        "port": "⚓" if row["port"] else "",
    }


def clicked_district(points: Sequence[Mapping[str, Any]], figure: go.Figure) -> int | None:
    """The district a click on ``figure`` picked, or ``None`` (a click beside the markers).

    ``points`` is what marimo's ``mo.ui.plotly`` reports (its ``value``/``points``): dicts with
    ``curveNumber`` and ``pointIndex`` (or ``pointNumber``), and ``x``/``y``. A point counts when
    it belongs to the ``"districts"`` trace; its ``customdata`` gives the district number.
    """
    traces = list(figure.data)
    for point in points:
        curve = point.get("curveNumber")
        index = point.get("pointIndex", point.get("pointNumber"))
        if "customdata" in point and (curve is None or _is_district_trace(traces, curve)):
            return _district_number(point["customdata"])
        if isinstance(curve, int) and isinstance(index, int) and _is_district_trace(traces, curve):
            customdata = traces[curve].customdata
            if customdata is not None and 0 <= index < len(customdata):
                return _district_number(customdata[index])
    return None


def _is_district_trace(traces: Sequence[Any], curve: object) -> bool:
    return (
        isinstance(curve, int)
        and 0 <= curve < len(traces)
        and getattr(traces[curve], "name", None) == DISTRICT_TRACE
    )


def _district_number(value: object) -> int | None:
    if isinstance(value, (list, tuple)) and value:
        value = value[0]
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value
    if isinstance(value, float) and value.is_integer():
        return int(value)
    return None


def distance_key(view: TruckView) -> tuple[tuple[str, str, int], ...]:
    """The map's colour key: (label, fill colour, number of districts), start first."""
    counts: dict[int, int] = {}
    for moves in view.reachable.values():
        counts[moves] = counts.get(moves, 0) + 1
    key = [
        (
            "start" if k == 0 else f"{k} move{'s' if k != 1 else ''}",
            DISTANCE_COLOURS[min(k, len(DISTANCE_COLOURS) - 1)],
            counts[k],
        )
        for k in sorted(counts)
    ]
    out_of_range = len(view.rows) - len(view.reachable)
    if out_of_range:
        key.append(("out of range", UNREACHABLE_COLOUR, out_of_range))
    return tuple(key)


def distance_key_html(view: TruckView) -> str:
    """:func:`distance_key` as a row of colour swatches."""
    items = "".join(
        '<span style="display:inline-flex;align-items:center;gap:4px;margin:0 12px 4px 0">'
        f'<span style="display:inline-block;width:14px;height:14px;border-radius:2px;'
        f'background:{colour};border:1px solid #9a9a9a"></span>'
        f"{html.escape(label)} ({count})</span>"
        for label, colour, count in distance_key(view)
    )
    return f'<div class="truck-distance-key" style="font-size:0.85em">{items}</div>'


def table_html(rows: Sequence[Mapping[str, object]], *, start: int, destination: int) -> str:
    """The distance table as a small HTML table (the Jupyter notebook shows it in a widget).

    The start row is bold, the destination row highlighted and out-of-range rows greyed.
    """
    numeric = {"district", "moves", "shortest routes"}

    def cell(tag: str, column: str, text: str) -> str:
        align = "right" if column in numeric else "left"
        return f'<{tag} style="padding:3px 14px;text-align:{align}">{html.escape(text)}</{tag}>'

    head = "".join(cell("th", c, c) for c in TABLE_COLUMNS)
    body = []
    for row in rows:
        d = row["district"]
        style = ""
        if d == start:
            style = ' style="font-weight:bold"'
        elif d == destination:
            style = ' style="background:#fff3c4"'
        elif row["reachable"] != "yes":
            style = ' style="color:#8c8c8c"'
        cells = "".join(cell("td", c, str(row[c])) for c in TABLE_COLUMNS)
        body.append(f"<tr{style}>{cells}</tr>")
    return (
        f'<table class="truck-distances" data-start="{start}" '
        'style="border-collapse:collapse">'
        f'<thead><tr style="border-bottom:1px solid #999">{head}</tr></thead>'
        f"<tbody>{''.join(body)}</tbody></table>"
    )

"""Plotly figure of the Manhattan board, built from composable layers.

:func:`board_figure` draws the map (areas, districts, adjacency, ports, Central Park) and
optional overlays: highlighted districts, districts reachable within a range shaded by
distance, and truck routes drawn as numbered arrows. Each layer is a small function that adds
traces, shapes or annotations to a figure, so later overlays (buildings, trucks, ships, police,
gangsters) plug in the same way.

The layers write plain dicts to a *canvas*: a :class:`plotly.graph_objects.Figure`, or a
:class:`Layers` collector that builds the figure in one go (plotly validates each
``add_trace``/``add_shape``/``add_annotation`` call separately, so collecting first and
validating once is several times faster; :func:`board_figure` and
:func:`speakeasy.games.speakeasy.figures.game_figure.game_figure` do that).

The district markers form one trace named ``"districts"`` whose ``customdata`` is the district
number, so a click or selection in marimo (``mo.ui.plotly``) or a ``FigureWidget`` callback
reports districts directly.
"""

from __future__ import annotations

import itertools
from collections.abc import Collection, Iterable, Mapping, Sequence
from typing import Any, Protocol

import plotly.graph_objects as go

from speakeasy.games.speakeasy.model.board import Area, Board

__all__ = [
    "AREA_COLOURS",
    "AREA_LINES",
    "CLOSED_COLOUR",
    "DISTANCE_COLOURS",
    "DISTRICT_TRACE",
    "EDGE_COLOUR",
    "HIGHLIGHT_COLOUR",
    "PARK_COLOUR",
    "ROUTE_COLOURS",
    "UNREACHABLE_COLOUR",
    "WATER_COLOUR",
    "Canvas",
    "Layers",
    "add_area_labels",
    "add_central_park",
    "add_districts",
    "add_edges",
    "add_highlight",
    "add_ports",
    "add_route",
    "add_water",
    "board_figure",
    "map_bounds",
    "port_positions",
    "style_layout",
]

#: Fill colours of the three areas (R-BOARD-1) and their outline colours.
AREA_COLOURS: Mapping[Area, str] = {
    Area.DOWNTOWN: "#c9b79c",
    Area.MIDTOWN: "#9fb7c9",
    Area.UPTOWN: "#b9a3c4",
}
AREA_LINES: Mapping[Area, str] = {
    Area.DOWNTOWN: "#7a6446",
    Area.MIDTOWN: "#466a7a",
    Area.UPTOWN: "#654675",
}
PARK_COLOUR = "#7fb069"
WATER_COLOUR = "#dfeaf2"
EDGE_COLOUR = "#8a8a8a"
ROUTE_COLOURS: Sequence[str] = ("#d1495b", "#2e86ab", "#edae49", "#3c763d", "#6a4c93")
#: Sequential colours for "reachable in k moves" (0 = start).
DISTANCE_COLOURS: Sequence[str] = (
    "#081d58",
    "#225ea8",
    "#1d91c0",
    "#41b6c4",
    "#7fcdbb",
    "#c7e9b4",
    "#edf8b1",
    "#ffffd9",
)
UNREACHABLE_COLOUR = "#e6e6e6"
CLOSED_COLOUR = "#c8c8c8"
HIGHLIGHT_COLOUR = "#f2b705"
DISTRICT_TRACE = "districts"
_MARKER_SIZE = 44


def board_figure(
    board: Board,
    *,
    highlight: Iterable[int] | None = None,
    route: Sequence[int] | None = None,
    routes: Iterable[Sequence[int]] | None = None,
    reachable: Mapping[int, int] | None = None,
    closed: Collection[int] = (),
    title: str | None = None,
    height: int = 460,
    width: int | None = None,
) -> go.Figure:
    """Draw ``board`` with optional overlays and return a new :class:`plotly.graph_objects.Figure`.

    * ``highlight`` -- districts outlined in gold (e.g. the start or a selected district).
    * ``route`` / ``routes`` -- one or several truck routes (lists of districts), drawn as
      arrows with the move number at each step (R-TRUCK-7).
    * ``reachable`` -- ``{district: moves}`` as returned by :meth:`Board.reachable`; those
      districts are shaded by distance and the others greyed out.
    * ``closed`` -- closed districts of a 2-player game, drawn hatched (R-CLOSED-1).
    """
    fig = Layers()
    add_water(fig, board)
    add_central_park(fig, board)
    add_edges(fig, board)
    add_ports(fig, board)
    add_districts(fig, board, reachable=reachable, closed=closed)
    all_routes = [list(route)] if route else []
    all_routes.extend(list(r) for r in routes or ())
    for i, r in enumerate(all_routes):
        add_route(fig, board, r, colour=ROUTE_COLOURS[i % len(ROUTE_COLOURS)], index=i)
    if highlight is not None:
        add_highlight(fig, board, highlight)
    add_area_labels(fig, board)
    style_layout(fig, board, title=title, height=height, width=width)
    return fig.figure()


# ---------------------------------------------------------------------- canvas
class Canvas(Protocol):
    """Where layers draw: a plotly ``Figure`` or a :class:`Layers` collector."""

    def add_trace(self, trace: Any) -> Any: ...

    def add_shape(self, shape: Any) -> Any: ...

    def add_annotation(self, annotation: Any) -> Any: ...

    def update_layout(self, layout: Any) -> Any: ...


class Layers:
    """Collects traces, shapes, annotations and layout as plain dicts; :meth:`figure` builds
    (and validates) the plotly figure once."""

    def __init__(self) -> None:
        self.data: list[dict[str, Any]] = []
        self.shapes: list[dict[str, Any]] = []
        self.annotations: list[dict[str, Any]] = []
        self.layout: dict[str, Any] = {}

    def add_trace(self, trace: Mapping[str, Any]) -> None:
        self.data.append(dict(trace))

    def add_traces(self, traces: Iterable[Mapping[str, Any]]) -> None:
        self.data.extend(dict(t) for t in traces)

    def add_shape(self, shape: Mapping[str, Any]) -> None:
        self.shapes.append(dict(shape))

    def add_annotation(self, annotation: Mapping[str, Any]) -> None:
        self.annotations.append(dict(annotation))

    def update_layout(self, layout: Mapping[str, Any]) -> None:
        """Merge ``layout`` into the layout so far (nested dicts are merged, like plotly)."""
        _merge(self.layout, layout)

    def to_dict(self) -> dict[str, Any]:
        layout = dict(self.layout)
        if self.shapes:
            layout["shapes"] = self.shapes
        if self.annotations:
            layout["annotations"] = self.annotations
        return {"data": self.data, "layout": layout}

    def figure(self) -> go.Figure:
        return go.Figure(self.to_dict())


def _merge(target: dict[str, Any], update: Mapping[str, Any]) -> None:
    for key, value in update.items():
        old = target.get(key)
        if isinstance(value, Mapping) and isinstance(old, dict):
            _merge(old, value)
        else:
            target[key] = dict(value) if isinstance(value, Mapping) else value


# ---------------------------------------------------------------------- layers
def map_bounds(board: Board) -> tuple[float, float, float, float]:
    """``(x min, x max, y min, y max)`` of the district centres."""
    xs = [d.x for d in board.districts.values()]
    ys = [d.y for d in board.districts.values()]
    return min(xs), max(xs), min(ys), max(ys)


def add_water(fig: Canvas, board: Board) -> None:
    """The island outline: a rounded land shape behind the districts."""
    x0, x1, y0, y1 = map_bounds(board)
    fig.add_shape(
        {
            "type": "rect",
            "layer": "below",
            "x0": x0 - 0.55,
            "x1": x1 + 0.55,
            "y0": y0 - 0.5,
            "y1": y1 + 0.5,
            "line": {"width": 0},
            "fillcolor": "#f4efe6",
        }
    )


def add_central_park(fig: Canvas, board: Board) -> None:
    """Central Park between its north and south districts (R-BOARD-14, R-TRUCK-8)."""
    park = board.central_park
    members = [board.district(d) for d in (*park.north, *park.south)]
    x0 = min(d.x for d in members) - 0.15
    x1 = max(d.x for d in members) + 0.15
    fig.add_shape(
        {
            "type": "rect",
            "layer": "below",
            "x0": x0,
            "x1": x1,
            "y0": park.y - 0.38,
            "y1": park.y + 0.38,
            "line": {"color": "#4f7a3a", "width": 1},
            "fillcolor": PARK_COLOUR,
            "opacity": 0.85,
        }
    )
    fig.add_annotation(
        {
            "x": (x0 + x1) / 2,
            "y": park.y,
            "text": "<b>Central Park</b><br><i>trucks cannot cross</i>",
            "showarrow": False,
            "font": {"size": 11, "color": "#1f3a12"},
        }
    )


def add_edges(fig: Canvas, board: Board) -> None:
    """Adjacency lines; dashed where the edge is assumed (GAP-1) rather than from the rulebook."""
    for assumed in (True, False):
        xs: list[float | None] = []
        ys: list[float | None] = []
        for a, b, data in board.graph.edges(data=True):
            if data["source"].is_assumed is not assumed:
                continue
            da, db = board.district(a), board.district(b)
            xs += [da.x, db.x, None]
            ys += [da.y, db.y, None]
        fig.add_trace(
            {
                "type": "scatter",
                "x": xs,
                "y": ys,
                "mode": "lines",
                "hoverinfo": "skip",
                "name": "adjacency (assumed, GAP-1)" if assumed else "adjacency (rulebook)",
                "line": {"color": EDGE_COLOUR, "width": 2, "dash": "dot" if assumed else "solid"},
                "showlegend": True,
            }
        )


def port_positions(board: Board, offset: float = 0.42) -> dict[int, tuple[float, float]]:
    """Where each port's anchor is drawn: just off the coast, above or below its district."""
    _, _, y0, y1 = map_bounds(board)
    mid = (y0 + y1) / 2
    positions: dict[int, tuple[float, float]] = {}
    for d in board.port_ring:
        dist = board.district(d)
        positions[d] = (dist.x, dist.y + (offset if dist.y >= mid else -offset))
    return positions


def add_ports(fig: Canvas, board: Board, *, offset: float = 0.42) -> None:
    """Ports as anchors just off the coast of their districts (R-BOARD-6). A port is named by
    its district everywhere, as the lessons and the log name it; the hover tells where it
    comes on the ships' clockwise route (issue 24: a second numbering sent a class to the
    wrong district)."""
    positions = port_positions(board, offset)
    xs, ys, text, hover = [], [], [], []
    ring = board.port_ring
    for i, d in enumerate(ring):
        x, y = positions[d]
        xs.append(x)
        ys.append(y)
        text.append("⚓")
        after = ring[(i + 1) % len(ring)]
        hover.append(f"Port of district {d}<br>ships sail on clockwise to district {after}")
    fig.add_trace(
        {
            "type": "scatter",
            "x": xs,
            "y": ys,
            "mode": "text",
            "text": text,
            "hovertext": hover,
            "hoverinfo": "text",
            "textfont": {"size": 13, "color": "#1d4e89"},
            "name": "⚓ ports (ships sail clockwise)",
        }
    )


def add_districts(
    fig: Canvas,
    board: Board,
    *,
    reachable: Mapping[int, int] | None = None,
    closed: Collection[int] = (),
    size: float = _MARKER_SIZE,
    details: Mapping[int, Sequence[str]] | None = None,
    numbers_inside: bool = True,
    grey_closed: bool = False,
) -> None:
    """The district markers (trace ``"districts"``, ``customdata`` = district number).

    ``size`` is the marker size in pixels; ``details`` adds hover lines per district;
    ``numbers_inside=False`` leaves the number out of the marker (a caller draws it);
    ``grey_closed`` fills closed districts grey instead of their area colour.
    """
    numbers = sorted(board.districts)
    fills, lines, hover, text_colours = [], [], [], []
    for n in numbers:
        d = board.district(n)
        info = [f"<b>District {n}</b> ({d.area.title})", f"{d.spaces} building spaces"]
        if d.has_port:
            info.append("port")
        if n in closed:
            info.append("closed (R-CLOSED-1)")
        if reachable is None:
            fills.append(CLOSED_COLOUR if n in closed and grey_closed else AREA_COLOURS[d.area])
            text_colours.append("#1b1b1b")
        elif n in reachable:
            k = reachable[n]
            fills.append(DISTANCE_COLOURS[min(k, len(DISTANCE_COLOURS) - 1)])
            text_colours.append("#ffffff" if k <= 3 else "#1b1b1b")
            info.append("start" if k == 0 else f"reachable in {k} move{'s' if k != 1 else ''}")
        else:
            fills.append(UNREACHABLE_COLOUR)
            text_colours.append("#8c8c8c")
            info.append("out of range")
        if details:
            info.extend(details.get(n, ()))
        lines.append(AREA_LINES[d.area])
        hover.append("<br>".join(info))
    trace: dict[str, Any] = {
        "type": "scatter",
        "x": [board.district(n).x for n in numbers],
        "y": [board.district(n).y for n in numbers],
        "mode": "markers+text" if numbers_inside else "markers",
        "name": DISTRICT_TRACE,
        "customdata": numbers,
        "hovertext": hover,
        "hoverinfo": "text",
        "marker": {
            "size": size,
            "symbol": ["square-x" if n in closed else "square" for n in numbers],
            "color": fills,
            "line": {"color": lines, "width": 3},
        },
        "showlegend": False,
    }
    if numbers_inside:
        trace["text"] = [str(n) for n in numbers]
        trace["textfont"] = {"size": 15, "color": text_colours, "family": "Georgia, serif"}
    fig.add_trace(trace)


def add_highlight(
    fig: Canvas,
    board: Board,
    districts: Iterable[int],
    *,
    size: float = _MARKER_SIZE + 14,
    colour: str = HIGHLIGHT_COLOUR,
    name: str = "highlight",
    dash: bool = False,
) -> None:
    """Outlines (gold by default) around the given districts."""
    chosen = sorted(set(districts))
    if not chosen:
        return
    marker: dict[str, Any] = {
        "size": size,
        "symbol": "square-open-dot" if dash else "square-open",
        "color": colour,
        "line": {"width": 4, "color": colour},
    }
    fig.add_trace(
        {
            "type": "scatter",
            "x": [board.district(n).x for n in chosen],
            "y": [board.district(n).y for n in chosen],
            "mode": "markers",
            "hoverinfo": "skip",
            "name": name,
            "customdata": chosen,
            "showlegend": False,
            "marker": marker,
        }
    )


def add_route(
    fig: Canvas, board: Board, route: Sequence[int], *, colour: str, index: int = 0
) -> None:
    """One truck route: an arrow per move and the move number beside it (R-TRUCK-7)."""
    if len(route) < 2:
        return
    for a, b in itertools.pairwise(route):
        if not board.graph.has_edge(a, b):
            raise ValueError(f"route {list(route)} moves {a}->{b}, which are not adjacent")
    shift = 0.07 * index
    for step, (a, b) in enumerate(itertools.pairwise(route), start=1):
        da, db = board.district(a), board.district(b)
        fig.add_annotation(
            {
                "x": db.x + shift,
                "y": db.y + shift,
                "ax": da.x + shift,
                "ay": da.y + shift,
                "xref": "x",
                "yref": "y",
                "axref": "x",
                "ayref": "y",
                "showarrow": True,
                "arrowhead": 3,
                "arrowsize": 1.3,
                "arrowwidth": 3,
                "arrowcolor": colour,
                "standoff": 20,
                "startstandoff": 20,
                "text": "",
            }
        )
        fig.add_annotation(
            {
                "x": (da.x + db.x) / 2 + shift,
                "y": (da.y + db.y) / 2 + shift,
                "text": f"<b>{step}</b>",
                "showarrow": False,
                "font": {"size": 12, "color": "#ffffff"},
                "bgcolor": colour,
                "borderpad": 2,
            }
        )
    fig.add_trace(
        {
            "type": "scatter",
            "x": [None],
            "y": [None],
            "mode": "lines",
            "line": {"color": colour, "width": 3},
            "name": "route " + " → ".join(str(d) for d in route),
        }
    )


def add_area_labels(fig: Canvas, board: Board, *, y: float | None = None) -> None:
    """Area names above each area (Downtown left, Uptown right, R-BOARD-1)."""
    _, _, _, y1 = map_bounds(board)
    for area in board.areas:
        members = [board.district(d) for d in board.districts_in(area)]
        x = sum(d.x for d in members) / len(members)
        fig.add_annotation(
            {
                "x": x,
                "y": y1 + 0.75 if y is None else y,
                "text": f"<b>{area.title.upper()}</b>",
                "showarrow": False,
                "font": {"size": 13, "color": AREA_LINES[area]},
            }
        )


def style_layout(
    fig: Canvas, board: Board, *, title: str | None, height: int, width: int | None
) -> None:
    """Equal-aspect axes without ticks, water background, legend below."""
    x0, x1, y0, y1 = map_bounds(board)
    fig.update_layout(
        {
            "title": {"text": title} if title else {},
            "height": height,
            "width": width,
            "margin": {"l": 10, "r": 10, "t": 40 if title else 10, "b": 10},
            "plot_bgcolor": WATER_COLOUR,
            "paper_bgcolor": "#ffffff",
            "hovermode": "closest",
            "clickmode": "event+select",
            "dragmode": False,
            "legend": {"orientation": "h", "y": -0.02, "yanchor": "top", "x": 0},
            "xaxis": {"visible": False, "range": [x0 - 0.8, x1 + 0.8], "fixedrange": True},
            "yaxis": {
                "visible": False,
                "range": [y0 - 0.8, y1 + 1.05],
                "fixedrange": True,
                "scaleanchor": "x",
                "scaleratio": 1,
            },
        }
    )

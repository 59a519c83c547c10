"""Plotly figure of a whole position: the map with everything on it and a side panel of tracks.

:func:`game_figure` draws a :class:`~speakeasy.games.speakeasy.model.state.GameState` on the board
of
:mod:`speakeasy.games.speakeasy.figures.board_figure` (same layers, same clickable ``"districts"``
trace whose
``customdata`` is the district number):

* in each district, its building spaces as small slots: player buildings in the owner's colour
  with a type letter (B bar, D distillery, N nightclub, C casino), a black ring for a
  protecting mafioso, a brown dot for a barrel; gangster bars dark red; empty spaces faint,
  with a beige dot for a city token lying there;
* along the top of each district: the police figure (``P``) or the face-down police token
  (``?``, navy), the face-up gangster strength token (its number) or the face-down gangster
  district token (``?``, red), and alliance markers (stars in the partner's colour);
* trucks (player-coloured arrows, barrels carried beside them) at the bottom of their district,
  ships at their ports with the barrels left on their track, closed districts grey and crossed;
* the three area-control tracks under their areas (players' and gangsters' markers);
* a side panel: act, round, phase and whose turn it is, the turn-order track (top and bottom
  rows), and per player money (pocket and safe), notoriety, the five levels, goons, VIP
  mafiosi, barrels in the distillery area and the partner gangster.

A figure draws what one seat may see when given an
:class:`~speakeasy.games.speakeasy.engine.observe.Observation`: other players' safes read "hidden"
(R-MONEY-1); a teacher's view (:func:`~speakeasy.games.speakeasy.engine.observe.teacher_view`) shows
them all.

Given ``previous`` (the position one step earlier), districts whose content changed get an
orange ring, changed panel values are bold with an orange bar behind them and an arrow, and
moved area-control markers get an orange outline.

Everything is collected as plain dicts in a
:class:`~speakeasy.games.speakeasy.figures.board_figure.Layers` and validated once, so a mid-game
figure builds in a few tens of milliseconds.

:func:`game_repr_mimebundle` is the rich display for Jupyter (the plotly mime type, an HTML
fallback and a text summary), like python-chess showing its board.
"""

from __future__ import annotations

import json
import uuid
from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import plotly.graph_objects as go
import plotly.io as pio
from plotly.offline import get_plotlyjs_version

from speakeasy.games.speakeasy.engine.observe import Observation
from speakeasy.games.speakeasy.figures.board_figure import (
    AREA_LINES,
    DISTRICT_TRACE,
    WATER_COLOUR,
    Layers,
    add_area_labels,
    add_central_park,
    add_districts,
    add_edges,
    add_highlight,
    add_ports,
    add_route,
    map_bounds,
    port_positions,
)
from speakeasy.games.speakeasy.model.board import Area, Board
from speakeasy.games.speakeasy.model.catalog.catalog import Catalog
from speakeasy.games.speakeasy.model.catalog.loader import load_catalog
from speakeasy.games.speakeasy.model.state import (
    Building,
    BuildingType,
    Colour,
    District,
    GameState,
    Phase,
    Player,
    Track,
)
from speakeasy.games.speakeasy.rules.operating import operating

__all__ = [
    "ALLIANCE_TRACE",
    "BARRELS_TRACE",
    "BARREL_COLOUR",
    "BUILDINGS_TRACE",
    "CHANGED_TRACE",
    "CHANGE_COLOUR",
    "CHANGE_FILL",
    "CHANGE_INK",
    "CITY_TOKENS_TRACE",
    "CITY_TOKEN_COLOUR",
    "CONTROL_TRACE",
    "DISTRICT_POINT_TRACES",
    "EMPTY_SPACES_TRACE",
    "FAINT",
    "GANGSTER_BARS_TRACE",
    "GANGSTER_COLOUR",
    "HIDDEN_CELL",
    "INK",
    "LAND_COLOUR",
    "PANEL_BACKGROUND",
    "PANEL_CHANGES_TRACE",
    "PANEL_VALUES_TRACE",
    "PLAYER_COLOURS",
    "PLAYER_INK",
    "POLICE_COLOUR",
    "POLICE_TOKENS_TRACE",
    "POLICE_TRACE",
    "PROTECTION_TRACE",
    "SECRET_ROWS",
    "SHIPS_TRACE",
    "SPACE_TRACES",
    "STRENGTH_TOKENS_TRACE",
    "TRACK_NAMES",
    "TRUCKS_TRACE",
    "TURN_ORDER_TRACE",
    "TYPE_LETTERS",
    "WAR_TOKENS_TRACE",
    "changed_districts",
    "clicked_place",
    "game_figure",
    "game_figure_data",
    "game_repr_mimebundle",
    "game_summary",
]

#: Player colours, readable on the map and as text backgrounds.
PLAYER_COLOURS: Mapping[Colour, str] = {
    Colour.PURPLE: "#7d3c98",
    Colour.YELLOW: "#f1c40f",
    Colour.GREEN: "#27ae60",
    Colour.BLUE: "#2e6fd8",
}
#: Text colour on top of a player colour.
PLAYER_INK: Mapping[Colour, str] = {
    Colour.PURPLE: "#ffffff",
    Colour.YELLOW: "#3b2f00",
    Colour.GREEN: "#ffffff",
    Colour.BLUE: "#ffffff",
}
GANGSTER_COLOUR = "#8e1b1b"
POLICE_COLOUR = "#1c3d6e"
BARREL_COLOUR = "#8b5a2b"
CITY_TOKEN_COLOUR = "#e6d7ae"
CHANGE_COLOUR = "#ff7f0e"
CHANGE_FILL = "#ffd9a8"
CHANGE_INK = "#c25400"
INK = "#1b1b1b"
FAINT = "#8c8c8c"
PANEL_BACKGROUND = "#faf7f0"
LAND_COLOUR = "#f4efe6"

#: Letters drawn on player buildings.
TYPE_LETTERS: Mapping[BuildingType, str] = {
    BuildingType.BAR: "B",
    BuildingType.DISTILLERY: "D",
    BuildingType.NIGHTCLUB: "N",
    BuildingType.CASINO: "C",
}
TRACK_NAMES: Mapping[Track, str] = {
    Track.VIP: "VIP level",
    Track.PARTY: "Party level",
    Track.DISTILLERY: "Distillery level",
    Track.FLEET: "Fleet level",
    Track.STRENGTH: "Strength level",
}

# Trace names (tests and callbacks find layers by name).
BUILDINGS_TRACE = "buildings"
GANGSTER_BARS_TRACE = "gangster bars"
EMPTY_SPACES_TRACE = "empty spaces"
CITY_TOKENS_TRACE = "city tokens"
PROTECTION_TRACE = "protecting mafiosi"
BARRELS_TRACE = "barrels"
POLICE_TRACE = "police"
POLICE_TOKENS_TRACE = "police tokens"
STRENGTH_TOKENS_TRACE = "gangster strength tokens"
WAR_TOKENS_TRACE = "gangster war tokens"
ALLIANCE_TRACE = "alliance markers"
TRUCKS_TRACE = "trucks"
SHIPS_TRACE = "ships"
CHANGED_TRACE = "changed districts"
CONTROL_TRACE = "area control markers"
PANEL_VALUES_TRACE = "panel values"
PANEL_CHANGES_TRACE = "panel changes"
TURN_ORDER_TRACE = "turn order"

# Geometry, in map units (districts are about 1.1 units apart).
_TILE = 0.84  # district marker
_SLOT = 0.21  # building space
_PORT_OFFSET = 0.56
_MAP_FRACTION = 0.68  # of the plot width, the rest is the panel (its labels need ~100 px)
_PANEL_GAP = 0.01
_DEFAULT_WIDTH = 1100  # sizes are computed for this width when ``width`` is None
_MARGIN = 8


# ====================================================================== public API
def game_figure(
    state: GameState | Observation,
    board: Board,
    *,
    previous: GameState | Observation | None = None,
    highlight: Iterable[int] | None = None,
    title: str | None = None,
    height: int = 620,
    width: int | None = None,
    routes: Sequence[tuple[Sequence[int], str]] = (),
    fit_width: int | None = None,
) -> go.Figure:
    """:func:`game_figure_data` as a plotly figure (validated by plotly)."""
    return go.Figure(
        game_figure_data(
            state,
            board,
            previous=previous,
            highlight=highlight,
            title=title,
            height=height,
            width=width,
            routes=routes,
            fit_width=fit_width,
        )
    )


def game_figure_data(
    position: GameState | Observation,
    board: Board,
    *,
    previous: GameState | Observation | None = None,
    highlight: Iterable[int] | None = None,
    title: str | None = None,
    height: int = 620,
    width: int | None = None,
    routes: Sequence[tuple[Sequence[int], str]] = (),
    fit_width: int | None = None,
) -> dict[str, Any]:
    """Draw ``position`` on ``board`` with a side panel of tracks, as plotly figure data
    (``{"data": [...], "layout": {...}}``, not validated: cheap enough for a board redrawn at
    every decision, see :func:`~speakeasy.games.speakeasy.figures.figure_svg`).

    * ``position`` -- what one seat sees (an
    :class:`~speakeasy.games.speakeasy.engine.observe.Observation`:
      the safes it may not see read "hidden", R-MONEY-1), a teacher's view, or a whole
      :class:`~speakeasy.games.speakeasy.model.state.GameState` (drawn as it is: everything shows).

    * ``previous`` -- the position before the last change: changed districts get an orange
      ring, changed panel values and moved area-control markers are marked.
    * ``highlight`` -- districts outlined in gold (e.g. a selected district).
    * ``width`` -- ``None`` lets the figure fill its container (sized for about 1100 px).
    * ``routes`` -- truck routes drawn as numbered arrows, each ``(districts, colour)``.
    * ``fit_width`` -- with ``width`` None, the narrowest width (pixels) the figure must fit
      without tiles spilling over each other or off the map (default about 1100): markers
      are sized in pixels, so a figure drawn narrower than this would clip districts.
    """
    catalog = load_catalog()
    state, hidden = _seen(position)
    before = _seen(previous)[0] if previous is not None else None
    geo = _Geometry.make(board, height=height, width=width or fit_width, title=title)
    layers = Layers()
    changed = changed_districts(before, state) if before is not None else []

    add_central_park(layers, board)
    add_edges(layers, board)  # the layout hides the legend; the panel has a key instead
    add_ports(layers, board, offset=_PORT_OFFSET)
    add_districts(
        layers,
        board,
        closed=[n for n, d in state.districts.items() if d.closed],
        size=geo.px(_TILE),
        details={n: _district_details(state, n, catalog, n in changed) for n in board.districts},
        numbers_inside=False,
        grey_closed=True,
    )
    _add_district_numbers(layers, board, geo)
    _add_spaces(layers, state, board, geo, catalog)
    _add_tokens(layers, state, board, geo, catalog)
    _add_trucks(layers, state, board, geo)
    _add_ships(layers, state, board, geo, catalog)
    for index, (route, colour) in enumerate(routes):
        add_route(layers, board, route, colour=colour, index=index)
    add_highlight(
        layers, board, changed, size=geo.px(_TILE) + 10, colour=CHANGE_COLOUR, name=CHANGED_TRACE
    )
    if highlight is not None:
        add_highlight(layers, board, highlight, size=geo.px(_TILE) + 18)
    add_area_labels(layers, board, y=geo.area_label_y)
    _add_control_tracks(layers, state, board, geo, before)
    _add_panel(layers, state, before, geo, hidden)
    _style(layers, board, geo, title=title, height=height, width=width)
    return layers.to_dict()


#: Traces whose points stand in a district: a click on any of them (a building, an empty
#: building space, a city token, a police or gangster token...) picks that district; on a
#: building space it also names the space.
DISTRICT_POINT_TRACES: frozenset[str] = frozenset(
    {
        DISTRICT_TRACE,
        "district numbers",
        BUILDINGS_TRACE,
        GANGSTER_BARS_TRACE,
        EMPTY_SPACES_TRACE,
        CITY_TOKENS_TRACE,
        PROTECTION_TRACE,
        BARRELS_TRACE,
        POLICE_TRACE,
        POLICE_TOKENS_TRACE,
        STRENGTH_TOKENS_TRACE,
        WAR_TOKENS_TRACE,
        ALLIANCE_TRACE,
        CHANGED_TRACE,
        "highlight",
    }
)
#: Traces whose points are building spaces (their customdata is ``[district, space]``).
SPACE_TRACES: frozenset[str] = frozenset(
    {
        BUILDINGS_TRACE,
        GANGSTER_BARS_TRACE,
        EMPTY_SPACES_TRACE,
        CITY_TOKENS_TRACE,
        PROTECTION_TRACE,
        BARRELS_TRACE,
    }
)


def _seen(position: GameState | Observation) -> tuple[GameState, frozenset[Colour]]:
    """The state to draw and the players whose secrets it hides."""
    if isinstance(position, Observation):
        state = position.state
        return state, frozenset(c for c in state.players if position.hides(c))
    return position, frozenset()


def clicked_place(
    points: Sequence[Mapping[str, Any]], figure: go.Figure | Mapping[str, Any]
) -> tuple[int, int | None] | None:
    """``(district, space)`` a click on a :func:`game_figure` picked (``space`` is ``None``
    unless a building space was hit), or ``None`` for a click beside the districts.

    ``points`` is what marimo's ``mo.ui.plotly`` reports: dicts with ``curveNumber`` and
    ``pointIndex`` (or ``pointNumber``); the first point on a district trace wins.

    >>> from speakeasy import Game
    >>> game = Game.new(players=2, seed=3)
    >>> fig = game_figure(game.state, game.board)
    >>> names = [t.name for t in fig.data]
    >>> curve = names.index("empty spaces")
    >>> clicked_place([{"curveNumber": curve, "pointIndex": 0}], fig)
    (2, 0)
    """
    data = figure["data"] if isinstance(figure, Mapping) else figure.data
    traces = list(data)
    for point in points:
        curve = point.get("curveNumber")
        index = point.get("pointIndex", point.get("pointNumber"))
        if not isinstance(curve, int) or not 0 <= curve < len(traces):
            continue
        trace = traces[curve]
        name = trace.get("name") if isinstance(trace, Mapping) else getattr(trace, "name", None)
        if name not in DISTRICT_POINT_TRACES:
            continue
        custom = point.get("customdata")
        if custom is None and isinstance(index, int):
            column = trace.get("customdata") if isinstance(trace, Mapping) else trace.customdata
            if column is not None and 0 <= index < len(column):
                custom = column[index]
        place = _place(custom, name in SPACE_TRACES)
        if place is not None:
            return place
    return None


def _place(custom: Any, has_space: bool) -> tuple[int, int | None] | None:
    values = list(custom) if isinstance(custom, list | tuple) else [custom]
    numbers = [int(v) for v in values if isinstance(v, int | float) and not isinstance(v, bool)]
    if not numbers:
        return None
    space = numbers[1] if has_space and len(numbers) > 1 else None
    return numbers[0], space


def changed_districts(previous: GameState | None, state: GameState) -> list[int]:
    """Districts whose content differs between ``previous`` and ``state``: spaces, police,
    tokens, gangster, closure, trucks there, a ship at its port or an alliance marker."""
    if previous is None:
        return []
    return [
        n
        for n in sorted(state.districts)
        if _district_signature(state, n) != _district_signature(previous, n)
    ]


def game_summary(state: GameState) -> str:
    """A plain-text summary of the position (the ``text/plain`` of the rich display)."""
    seats = len(state.players)
    lines = [
        f"Speakeasy, {seats} player{'s' if seats != 1 else ''}: {_progress(state)}"
        + (f", {state.turn_player.value} to play" if state.turn_player else "")
    ]
    order = " ".join(c.value for c in state.turn_order.order)
    if order:
        lines.append(f"turn order: {order}")
    for colour, p in state.players.items():
        levels = " ".join(f"{t.value} {p.levels.get(t, 0)}" for t in Track)
        buildings = len(state.buildings(colour))
        lines.append(
            f"{colour.value:>6}: ${p.pocket} pocket, ${p.safe} safe, notoriety {p.notoriety}"
            f" ({levels}), {buildings} building{'s' if buildings != 1 else ''}, "
            f"{p.goons} goons, {p.vip} VIP mafiosi"
        )
    police = sum(d.police for d in state.districts.values())
    bars = sum(sp.gangster_bar for d in state.districts.values() for sp in d.spaces)
    lines.append(f"map: {police} police, {bars} gangster bars")
    return "\n".join(lines)


def game_repr_mimebundle(
    state: GameState,
    board: Board,
    include: Collection[str] | None = None,
    exclude: Collection[str] | None = None,
    *,
    previous: GameState | None = None,
) -> dict[str, Any]:
    """The rich display of a position for Jupyter: the plotly figure as
    ``application/vnd.plotly.v1+json`` (JupyterLab, VS Code), ``text/html`` (other front ends,
    plotly.js from its CDN) and a ``text/plain`` summary. ``include``/``exclude`` are the mime
    types Jupyter asks for, as in ``_repr_mimebundle_``."""

    def wanted(mime: str) -> bool:
        return (include is None or mime in include) and (exclude is None or mime not in exclude)

    bundle: dict[str, Any] = {}
    if wanted("application/vnd.plotly.v1+json") or wanted("text/html"):
        fig = game_figure(state, board, previous=previous)
        text = pio.to_json(fig, validate=False, remove_uids=False)
        if wanted("application/vnd.plotly.v1+json"):
            spec = json.loads(text)
            spec["config"] = _CONFIG
            bundle["application/vnd.plotly.v1+json"] = spec
        if wanted("text/html"):
            bundle["text/html"] = _html(text, fig.layout.height or 620)
    if wanted("text/plain"):
        bundle["text/plain"] = game_summary(state)
    return bundle


_CONFIG = {"displaylogo": False, "responsive": True}


def _html(figure_json: str, height: int) -> str:
    """A div that draws the figure with plotly.js, loaded from its CDN if the page lacks it
    (what ``plotly.io.to_html(include_plotlyjs="cdn")`` does, without serialising twice)."""
    div = f"speakeasy-{uuid.uuid4().hex}"
    cdn = f"https://cdn.plot.ly/plotly-{get_plotlyjs_version()}.min.js"
    safe = figure_json.replace("</", "<\\/")
    return (
        f'<div id="{div}" class="plotly-graph-div" style="height:{height}px; width:100%;"></div>'
        "<script>(function () {"
        f"var fig = {safe}; var config = {json.dumps(_CONFIG)};"
        f"function draw() {{ Plotly.newPlot('{div}', fig.data, fig.layout, config); }}"
        "if (window.Plotly) { draw(); } else {"
        f"var s = document.createElement('script'); s.src = '{cdn}'; s.charset = 'utf-8';"
        "s.onload = draw; document.head.appendChild(s); }"
        "})();</script>"
    )


# ====================================================================== geometry
@dataclass(frozen=True, slots=True)
class _Geometry:
    """Axis ranges of the map and pixel scale (markers are sized in pixels)."""

    x_range: tuple[float, float]
    y_range: tuple[float, float]
    scale: float  # pixels per map unit
    area_label_y: float
    ship_dy: float  # ship label offset from the top ports (bottom ports: negated)
    track_y: float
    map_domain: tuple[float, float]
    panel_domain: tuple[float, float]

    @classmethod
    def make(cls, board: Board, *, height: int, width: int | None, title: str | None) -> _Geometry:
        x0, x1, y0, y1 = map_bounds(board)
        x_range = (x0 - 0.55, x1 + 0.55)
        y_top = y1 + 1.6
        track_y = y0 - 1.78
        y_range = (track_y - 0.42, y_top)
        plot_w = (width or _DEFAULT_WIDTH) - 2 * _MARGIN
        plot_h = height - 2 * _MARGIN - (30 if title else 0)
        scale = min(
            plot_w * _MAP_FRACTION / (x_range[1] - x_range[0]),
            plot_h / (y_range[1] - y_range[0]),
        )
        return cls(
            x_range=x_range,
            y_range=y_range,
            scale=scale,
            area_label_y=y1 + 1.42,
            ship_dy=0.2,
            track_y=track_y,
            map_domain=(0.0, _MAP_FRACTION),
            panel_domain=(_MAP_FRACTION + _PANEL_GAP, 1.0),
        )

    def px(self, units: float) -> float:
        return round(units * self.scale, 1)


@dataclass(frozen=True, slots=True)
class _TopRow:
    """The row along the top of a district tile, laid out in pixels (so that nothing overlaps
    however small the map is drawn): the district number, then the police slot, then the
    gangster slot; alliance stars stand on the tile's top-right corner, outside the row.

    Offsets are in map units from the district's centre.
    """

    y: float
    number: float
    police: float
    gangster: float
    star_x: float
    star_y: float
    star_step: float  # the next star on the same district stands this far below
    number_font: int
    token: float  # token diameter, pixels
    star: float  # star size, pixels

    @classmethod
    def make(cls, geo: _Geometry) -> _TopRow:
        tile = geo.px(_TILE)
        token = max(14.0, geo.px(0.17))
        font = max(12, round(geo.px(0.15)))
        number_w = _NUMBER_EM * font * 2  # two digits, bold serif
        pad = max(1.5, tile * 0.03)
        gap = max(1.0, tile * 0.02)
        left, top = -tile / 2, tile / 2
        number = left + pad + number_w / 2
        police = left + pad + number_w + gap + token / 2
        gangster = police + token + gap
        star = token + 2
        star_x = max(gangster + token / 2 + gap + star / 2, tile / 2 + 2)

        def units(pixels: float) -> float:
            return pixels / geo.scale

        return cls(
            y=units(top - pad - token / 2),
            number=units(number),
            police=units(police),
            gangster=units(gangster),
            star_x=units(star_x),
            star_y=units(top + 2),
            star_step=units(star + 1),
            number_font=font,
            token=token,
            star=star,
        )


# ====================================================================== map layers
_BOLD = "Arial Black, Arial, sans-serif"
#: Width of a bold digit, in em (Georgia bold is about 0.7 em; measured in Chromium).
_NUMBER_EM = 0.7


def _marker(size: float, symbol: Any, fill: Any, line: Any = "#ffffff", lw: Any = 1) -> Any:
    return {"size": size, "symbol": symbol, "color": fill, "line": {"color": line, "width": lw}}


def _add_district_numbers(layers: Layers, board: Board, geo: _Geometry) -> None:
    numbers = sorted(board.districts)
    row = _TopRow.make(geo)
    layers.add_trace(
        {
            "type": "scatter",
            "name": "district numbers",
            "x": [board.district(n).x + row.number for n in numbers],
            "y": [board.district(n).y + row.y for n in numbers],
            "mode": "text",
            "text": [f"<b>{n}</b>" for n in numbers],
            "textfont": {
                "size": row.number_font,
                "color": [AREA_LINES[board.district(n).area] for n in numbers],
                "family": "Georgia, serif",
            },
            "hoverinfo": "skip",
            "showlegend": False,
        }
    )


def _slot_xs(count: int) -> list[float]:
    step = 0.25 if count > 2 else 0.27
    return [(i - (count - 1) / 2) * step for i in range(count)]


def _add_spaces(
    layers: Layers, state: GameState, board: Board, geo: _Geometry, catalog: Catalog
) -> None:
    """Building slots: buildings, gangster bars, empty spaces, city tokens, protection, barrels."""
    buildings, bars, empty, tokens, rings, barrels = (_Points() for _ in range(6))
    for n in sorted(state.districts):
        district = state.districts[n]
        bd = board.district(n)
        offsets = _slot_xs(len(district.spaces))
        for index, space in enumerate(district.spaces):
            x, y = bd.x + offsets[index], bd.y - 0.03
            where = f"district {n}, space {index + 1}"
            data = [n, index]
            b = space.building
            if b is not None:
                whose = f"{b.owner.value}'s {b.type.value} ({where})"
                hover = f"{_building_text(district, b)}<br>{where}"
                buildings.add(x, y, hover, text=TYPE_LETTERS[b.type], colour=b.owner, data=data)
                if b.protected:
                    rings.add(x, y, f"Mafioso protecting {whose}", colour=b.owner, data=data)
                if b.barrel:
                    barrels.add(x + 0.085, y - 0.085, f"Barrel beside {whose}", data=data)
            elif space.gangster_bar:
                under = "<br>a city token beneath" if space.city_token else ""
                bars.add(x, y, f"<b>Gangster bar</b><br>{where}{under}", text="G", data=data)
            else:
                empty.add(x, y, f"Empty building space<br>{where}", data=data)
                if space.city_token:
                    effect = "; ".join(e.label for e in catalog.city_token(space.city_token).effect)
                    tokens.add(x, y, f"City token: {effect}<br>{where}", data=data)
    slot = max(14.0, geo.px(_SLOT))  # legible on a laptop screen
    font = {"size": max(10, round(slot * 0.62)), "family": _BOLD}
    owners = [PLAYER_COLOURS[c] for c in buildings.colours if c is not None]
    inks = [PLAYER_INK[c] for c in buildings.colours if c is not None]
    layers.add_traces(
        [
            empty.trace(
                EMPTY_SPACES_TRACE, _marker(slot, "square", "rgba(255,255,255,0.55)", "#9a9a9a")
            ),
            tokens.trace(
                CITY_TOKENS_TRACE,
                _marker(round(slot * 0.55, 1), "circle", CITY_TOKEN_COLOUR, "#b19f70"),
            ),
            bars.trace(
                GANGSTER_BARS_TRACE,
                _marker(slot, "square", GANGSTER_COLOUR, "#3d0a0a"),
                text_font=font | {"color": "#ffffff"},
            ),
            rings.trace(
                PROTECTION_TRACE, _marker(slot + 7, "square-open", "#111111", "#111111", 2.5)
            ),
            buildings.trace(
                BUILDINGS_TRACE,
                _marker(slot, "square", owners),
                text_font=font | {"color": inks},
            ),
            barrels.trace(BARRELS_TRACE, _marker(round(slot * 0.45, 1), "circle", BARREL_COLOUR)),
        ]
    )


def _add_tokens(
    layers: Layers, state: GameState, board: Board, geo: _Geometry, catalog: Catalog
) -> None:
    """Police figures and tokens, gangster strength and war tokens, alliance markers."""
    police, police_tokens, strength, war, alliances = (_Points() for _ in range(5))
    row = _TopRow.make(geo)
    for n in sorted(state.districts):
        d = state.districts[n]
        bd = board.district(n)
        y = bd.y + row.y
        if d.police:
            hover = f"<b>Police</b> in district {n}: unprotected buildings do not operate"
            police.add(bd.x + row.police, y, hover + " (R-GOLDEN-1)", text="P", data=n)
        elif d.police_token:
            hover = f"Face-down police token in district {n}: police arrive at the next patrol"
            police_tokens.add(bd.x + row.police, y, hover, text="?", data=n)
        if d.strength_token is not None:
            gangster = _gangster_name(catalog, d.gangster)
            hover = f"<b>Gangster strength {d.strength_token}</b> in district {n}"
            hover += f"<br>gangster: {gangster}" if gangster else ""
            strength.add(bd.x + row.gangster, y, hover, text=str(d.strength_token), data=n)
        elif d.war_token:
            hover = f"Face-down gangster district token in district {n}: attacked at the next war"
            war.add(bd.x + row.gangster, y, hover, text="?", data=n)
    allied: dict[int, int] = {}
    for colour, p in state.players.items():
        where = p.partner_district
        if where is None or where not in state.districts:
            continue
        bd = board.district(where)
        k = allied.get(where, 0)
        allied[where] = k + 1
        partner = _gangster_name(catalog, p.partner) or "a gangster"
        hover = f"<b>Alliance</b>: {colour.value} with {partner} (district {where})"
        star_y = bd.y + row.star_y - k * row.star_step
        alliances.add(bd.x + row.star_x, star_y, hover, colour=colour, data=where)
    token = row.token
    font = {"size": max(10, round(token * 0.62)), "family": _BOLD}
    layers.add_traces(
        [
            police.trace(
                POLICE_TRACE,
                _marker(token, "circle", POLICE_COLOUR),
                text_font=font | {"color": "#ffffff"},
            ),
            police_tokens.trace(
                POLICE_TOKENS_TRACE,
                _marker(token, "circle", "#dbe4f0", POLICE_COLOUR, 1.5),
                text_font=font | {"color": POLICE_COLOUR},
            ),
            strength.trace(
                STRENGTH_TOKENS_TRACE,
                _marker(token, "circle", GANGSTER_COLOUR),
                text_font=font | {"color": "#ffffff"},
            ),
            war.trace(
                WAR_TOKENS_TRACE,
                _marker(token, "circle", "#f3dede", GANGSTER_COLOUR, 1.5),
                text_font=font | {"color": GANGSTER_COLOUR},
            ),
            alliances.trace(
                ALLIANCE_TRACE,
                _marker(
                    row.star,
                    "star",
                    [PLAYER_COLOURS[c] for c in alliances.colours if c is not None],
                    "#222222",
                ),
            ),
        ]
    )


def _add_trucks(layers: Layers, state: GameState, board: Board, geo: _Geometry) -> None:
    """Trucks on the map: an arrow in the owner's colour and the barrels it carries."""
    trucks = _Points()
    per_district: dict[int, list[tuple[Colour, int, int]]] = {}
    for colour, p in state.players.items():
        for i, truck in enumerate(p.trucks, start=1):
            if truck.district is not None:
                per_district.setdefault(truck.district, []).append((colour, i, truck.barrels))
    size = max(10.0, geo.px(0.16))
    font = max(9, round(size * 0.75))
    # each truck takes its arrow and its load beside it; four fit a tile at laptop size
    width = (size + _NUMBER_EM * font + 2) / geo.scale
    for n, here in sorted(per_district.items()):
        bd = board.district(n)
        step = max(width, 0.23) if len(here) <= 3 else min(max(width, 0.23), 0.7 / len(here))
        for k, (colour, i, load) in enumerate(here):
            x = bd.x + (k - (len(here) - 1) / 2) * step - 0.03
            hover = (
                f"<b>{colour.value} truck {i}</b> in district {n}<br>"
                f"{load} barrel{'s' if load != 1 else ''} loaded"
            )
            trucks.add(x, bd.y - 0.29, hover, text=str(load), colour=colour, data=[n, i])
    layers.add_trace(
        trucks.trace(
            TRUCKS_TRACE,
            _marker(
                size,
                "triangle-right",
                [PLAYER_COLOURS[c] for c in trucks.colours if c is not None],
                "#222222",
            ),
            text_font={"size": font, "color": BARREL_COLOUR, "family": _BOLD},
            position="middle right",
        )
    )


def _add_ships(
    layers: Layers, state: GameState, board: Board, geo: _Geometry, catalog: Catalog
) -> None:
    """Ships at their ports: the name and the barrels left on the ship's track."""
    ports = port_positions(board, _PORT_OFFSET)
    _, _, y0, y1 = map_bounds(board)
    mid = (y0 + y1) / 2
    ships = _Points()
    positions: list[str] = []
    for ship in state.ships:
        if ship.port not in ports:
            continue
        x, y = ports[ship.port]
        info = catalog.ship(ship.ship)
        left = max(info.barrel_spaces - ship.removed, 0)
        above = board.district(ship.port).y >= mid
        barrels = f"<span style='color:{BARREL_COLOUR}'>{'●' * left}</span>" + "○" * (
            info.barrel_spaces - left
        )
        name = f"<b>{_ship_label(ship.ship)}</b>"
        crate = f"<br>crate {ship.crate} on its crate space" if ship.crate else ""
        defence = info.defence(min(ship.removed, len(info.defences) - 1))
        hover = (
            f"<b>Ship {info.name}</b> at the port of district {ship.port}<br>"
            f"{left} of {info.barrel_spaces} barrels left; "
            f"next barrel ${info.price(ship.removed)}, defence {defence}{crate}"
        )
        label = f"{name}<br>{barrels}" if above else f"{barrels}<br>{name}"
        dy = geo.ship_dy if above else -geo.ship_dy
        ships.add(x, y + dy, hover, text=label, data=ship.port)
        positions.append("top center" if above else "bottom center")
    trace = ships.trace(
        SHIPS_TRACE,
        _marker(max(10.0, geo.px(0.12)), "triangle-down", POLICE_COLOUR, POLICE_COLOUR, 0),
        text_font={"size": max(9, round(geo.px(0.13))), "color": "#1d4e89"},
    )
    trace["textposition"] = positions
    layers.add_trace(trace)


def _add_control_tracks(
    layers: Layers,
    state: GameState,
    board: Board,
    geo: _Geometry,
    previous: GameState | None,
) -> None:
    """The three area-control tracks under their areas (R-CONTROL-8, R-PAYOUT-2)."""
    cells, numbers, markers = _Points(), _Points(), _Points()
    moved: list[bool] = []
    labels: list[tuple[float, str, str]] = []
    width = 0.33
    dot = max(7.0, geo.px(0.085))  # a player's marker: its colour must show on a laptop
    spacing = max(0.09, (dot + 0.5) / geo.scale)
    y = geo.track_y
    for area in board.areas:
        members = [board.district(d) for d in board.districts_in(area)]
        centre = sum(d.x for d in members) / len(members)
        length = len(members) + 1  # spaces 0 (bottom) .. one per district
        start = centre - (length - 1) / 2 * width
        for pos in range(length):
            hover = f"{area.title} control track, space {pos}"
            cells.add(start + pos * width, y, hover, data=[area.value, pos])
            numbers.add(start + pos * width, y - 0.27, "", text=str(pos), data=pos)
        labels.append((centre, f"<b>{area.title} control</b>", AREA_LINES[area]))
        who: list[tuple[Colour | None, int, int | None]] = [
            (c, p.area_control.get(area, 0), _prev_control(previous, c, area))
            for c, p in state.players.items()
        ]
        before = previous.gangster_control.get(area, 0) if previous is not None else None
        who.append((None, state.gangster_control.get(area, 0), before))
        stacks: dict[int, int] = {}
        for colour, pos, was in who:
            shown = max(0, min(pos, length - 1))
            k = stacks.get(shown, 0)
            stacks[shown] = k + 1
            mx = start + shown * width + ((k % 3) - 1) * spacing
            my = y + (0.06 if k < 3 else -0.07)
            name = colour.value if colour else "gangsters"
            change = was is not None and was != pos
            note = f" (was {was})" if change else ""
            hover = f"{area.title} control: <b>{name}</b> at {pos}{note}"
            markers.add(mx, my, hover, colour=colour, data=[area.value, name, pos])
            moved.append(change)
    fills = [PLAYER_COLOURS[c] if c is not None else GANGSTER_COLOUR for c in markers.colours]
    symbols = ["circle" if c is not None else "diamond" for c in markers.colours]
    outlines = [CHANGE_COLOUR if m else "#222222" for m in moved]
    layers.add_traces(
        [
            cells.trace(
                "area control cells",
                _marker(geo.px(width - 0.03), "square", "rgba(255,255,255,0.7)", "#a8a8a8"),
            ),
            numbers.trace(
                "area control numbers",
                {"size": 1, "opacity": 0},
                text_font={"size": 9, "color": FAINT},
            )
            | {"hoverinfo": "skip"},
            markers.trace(
                CONTROL_TRACE,
                _marker(dot, symbols, fills, outlines, [2.5 if m else 1 for m in moved]),
            ),
            {
                "type": "scatter",
                "name": "area control labels",
                "x": [x for x, _, _ in labels],
                "y": [y + 0.31] * len(labels),
                "mode": "text",
                "text": [t for _, t, _ in labels],
                "textfont": {"size": 11, "color": [c for _, _, c in labels]},
                "hoverinfo": "skip",
                "showlegend": False,
            },
        ]
    )


# ====================================================================== panel
@dataclass(frozen=True, slots=True)
class _Row:
    key: str
    label: str
    value: Callable[[GameState, Player], str]
    hover: str


def _placed_capos(state: GameState, p: Player) -> int:
    """Capos standing on persons this act, or waiting at the Restaurant (R-TURN-3, R-CAPO-5)."""
    on_persons = sum(c is p.colour for c in state.persons.values())
    return on_persons + (p.colour in state.restaurant)


def _level(track: Track) -> Callable[[GameState, Player], str]:
    return lambda _s, p: str(p.levels.get(track, 0))


_ROWS: tuple[_Row, ...] = (
    _Row("pocket", "Money (pocket)", lambda _s, p: f"${p.pocket}", "money in front of the screen"),
    _Row("safe", "Money (safe)", lambda _s, p: f"${p.safe}", "money in the safe"),
    _Row("notoriety", "Notoriety", lambda _s, p: str(p.notoriety), "sum of the five levels"),
    *(_Row(track.value, TRACK_NAMES[track], _level(track), TRACK_NAMES[track]) for track in Track),
    _Row("goons", "Goons", lambda _s, p: str(p.goons), "occupied goon spaces"),
    _Row("capos", "Capos left", lambda _s, p: str(p.capos), "capos left on the operations board"),
    _Row(
        "capos-placed",
        "Capos placed",
        lambda s, p: str(_placed_capos(s, p)),
        "capos standing on persons this act or waiting at the Restaurant",
    ),
    _Row("vip-mafiosi", "VIP mafiosi", lambda _s, p: str(p.vip), "mafiosi in the VIP area"),
    _Row(
        "barrels",
        "Barrels stored",
        lambda _s, p: str(p.distillery_barrels),
        "barrels in the distillery area, waiting for a truck",
    ),
    _Row(
        "buildings",
        "Buildings",
        lambda s, p: str(len(s.buildings(p.colour))),
        "buildings on the map",
    ),
    _Row(
        "partner",
        "Partner",
        lambda _s, p: _short_gangster(p.partner),
        "gangster partner (alliance)",
    ),
)

# Panel coordinates: x in [0, 1], one unit per row, row 0 at the top.
_LABEL_X = 0.02
_FIRST_COL = 0.52
_COL_STEP = 0.138


#: Panel rows showing a secret of their player (R-MONEY-1: the safe is behind the screen).
SECRET_ROWS: frozenset[str] = frozenset({"safe"})
#: What a secret cell reads when the figure's viewer may not see it.
HIDDEN_CELL = "hidden"


def _panel_cells(
    state: GameState, hidden: frozenset[Colour] = frozenset()
) -> dict[tuple[str, str], str]:
    """Every value shown in the panel, keyed by (row, column); compared with ``previous``.
    The secret rows of the ``hidden`` players read :data:`HIDDEN_CELL`."""
    cells: dict[tuple[str, str], str] = {("header", "progress"): _progress(state)}
    cells["header", "turn"] = state.turn_player.value if state.turn_player else ""
    for row_name, row in (("top", state.turn_order.top), ("bottom", state.turn_order.bottom)):
        for i, c in enumerate(row):
            cells[f"order-{row_name}", str(i)] = c.value if c else ""
    for colour, p in state.players.items():
        for r in _ROWS:
            secret = r.key in SECRET_ROWS and colour in hidden
            cells[r.key, colour.value] = HIDDEN_CELL if secret else r.value(state, p)
    return cells


def _add_panel(
    layers: Layers,
    state: GameState,
    previous: GameState | None,
    geo: _Geometry,
    hidden: frozenset[Colour] = frozenset(),
) -> None:
    """The side panel (axes x2/y2; one unit per row, row 0 at the top); the secret rows of
    the ``hidden`` players read :data:`HIDDEN_CELL`."""
    cells = _panel_cells(state, hidden)
    before = _panel_cells(previous, hidden) if previous is not None else {}

    def changed(key: tuple[str, str]) -> bool:
        return previous is not None and before.get(key) != cells.get(key)

    def marked(text: str, key: tuple[str, str]) -> str:
        return f"<span style='color:{CHANGE_INK}'>{text} •</span>" if changed(key) else text

    text = _PanelText()
    changes = _Points()
    # header: progress and whose turn
    progress = ("header", "progress")
    text.add(_LABEL_X, 0, marked(f"<b>{cells[progress]}</b>", progress), 14, INK, "", key=progress)
    turn = ("header", "turn")
    if state.turn_player is not None:
        line = f"<b>{state.turn_player.value.capitalize()}</b> to play"
        text.add(_LABEL_X, 1, marked(line, turn), 12, INK, "whose decision it is", key=turn)
    # turn order (R-ORDER-1..7)
    text.add(_LABEL_X, 2.6, "<b>Turn order</b>", 12, INK, "the turn-order track")
    columns = max(len(state.turn_order.top), len(state.turn_order.bottom), 1)
    order = _Points()
    for offset, (row_name, row) in enumerate(
        (("top", state.turn_order.top), ("bottom", state.turn_order.bottom))
    ):
        y = 3.6 + offset
        text.add(_LABEL_X, y, row_name, 11, FAINT, f"{row_name} row of the turn-order track")
        for i in range(columns):
            c = row[i] if i < len(row) else None
            x = _FIRST_COL + i * _COL_STEP
            hover = f"{row_name} row, column {i + 1}: {c.value if c else 'empty'}"
            order.add(x, y, hover, colour=c, data=[row_name, i])
            if changed((f"order-{row_name}", str(i))):
                changes.add(x, y, "", data=[f"order-{row_name}", str(i)])
    for i in range(columns):
        x = _FIRST_COL + i * _COL_STEP
        text.add(x, 2.75, str(i + 1), 9, FAINT, f"column {i + 1}", centre=True)
    # players: one column each, in seating order
    top = 5.9
    text.add(_LABEL_X, top, "<b>Players</b>", 12, INK, "")
    players = list(state.players)
    values = _PanelText()
    for i, item in enumerate(_ROWS):
        y = top + 1.05 + i
        text.add(_LABEL_X, y, item.label, 11, "#444444", item.hover)
        for j, colour in enumerate(players):
            key = (item.key, colour.value)
            value = cells[key]
            x = _FIRST_COL + j * _COL_STEP
            hover = f"{colour.value}: {item.label.lower()} {value}"
            if changed(key):
                old = before.get(key, "")
                hover += f" (was {old})"
                value = f"<b>{value}{_arrow(old, value)}</b>"
                changes.add(x, y, "", data=list(key))
            values.add(x, y, value, 11, INK, hover, centre=True, key=key)
    # symbol key
    key_y = top + 1.05 + len(_ROWS) + 0.5
    for i, line in enumerate(_legend_lines()):
        text.add(_LABEL_X, key_y + i * 0.85, line, 10, "#555555", "")
    rows = key_y + 0.85 * len(_legend_lines()) - 0.2
    layers.add_shape(
        {
            "type": "rect",
            "xref": "x2",
            "yref": "y2",
            "layer": "below",
            "x0": 0,
            "x1": 1,
            "y0": -0.6,
            "y1": rows,
            "fillcolor": PANEL_BACKGROUND,
            "line": {"color": "#d8cfbd", "width": 1},
        }
    )
    on_panel = {"xaxis": "x2", "yaxis": "y2"}
    bar = {"size": 46, "symbol": "line-ew", "line": {"color": CHANGE_FILL, "width": 15}}
    discs = _marker(
        15,
        ["circle" if c else "circle-open" for c in order.colours],
        [PLAYER_COLOURS[c] if c else "#bbbbbb" for c in order.colours],
        ["#222222" if c else "#bbbbbb" for c in order.colours],
    )
    layers.add_traces(
        [
            changes.trace(PANEL_CHANGES_TRACE, bar) | on_panel | {"hoverinfo": "skip"},
            order.trace(TURN_ORDER_TRACE, discs) | on_panel,
            *text.traces("panel labels", "panel header"),
            *values.traces(PANEL_VALUES_TRACE, PANEL_VALUES_TRACE),
        ]
    )
    for j, colour in enumerate(players):  # column headers: a chip of the player's colour
        layers.add_annotation(
            {
                "x": _FIRST_COL + j * _COL_STEP,
                # never cut: sized to the name; with 3-4 players every other one a bit higher,
                # so neighbours cannot overlap on a narrow screen
                "y": top - (0.5 if len(players) > 2 and j % 2 else 0),
                "xref": "x2",
                "yref": "y2",
                "text": f"<b>{colour.value.capitalize()}</b>",
                "showarrow": False,
                "bgcolor": PLAYER_COLOURS[colour],
                "font": {"size": 10 if len(players) <= 2 else 9, "color": PLAYER_INK[colour]},
                "borderpad": 2,
            }
        )
    layers.update_layout(
        {
            "xaxis2": {
                "domain": list(geo.panel_domain),
                "range": [0, 1],
                "visible": False,
                "fixedrange": True,
            },
            "yaxis2": {
                "domain": [0, 1],
                "range": [rows, -0.7],
                "visible": False,
                "fixedrange": True,
                "anchor": "x2",
            },
        }
    )


def _legend_lines() -> list[str]:
    def dot(colour: str, glyph: str = "●") -> str:
        return f"<span style='color:{colour}'>{glyph}</span>"

    # short lines: the key must fit the panel of a map drawn 760 pixels wide
    return [
        f"<b>Key</b>  {dot(PLAYER_COLOURS[Colour.PURPLE], '■')} B bar · D distillery",
        "N nightclub · C casino",
        f"{dot(GANGSTER_COLOUR, '■')} G gangster bar  {dot(BARREL_COLOUR)} barrel",
        "▢ protecting mafioso",
        f"{dot(POLICE_COLOUR)} P police · ? police token",
        f"{dot(GANGSTER_COLOUR)} gangster strength · ? war",
        "★ alliance  ▶ truck + barrels",
        f"▼ ship, {dot(BARREL_COLOUR)} barrels left  {dot(CHANGE_COLOUR, '▢')} changed",
    ]


# ====================================================================== styling
def _style(
    layers: Layers,
    board: Board,
    geo: _Geometry,
    *,
    title: str | None,
    height: int,
    width: int | None,
) -> None:
    x0, x1, y0, y1 = map_bounds(board)
    # land, drawn first (the park and everything else lie on it)
    layers.shapes.insert(
        0,
        {
            "type": "rect",
            "layer": "below",
            "x0": x0 - 0.5,
            "x1": x1 + 0.5,
            "y0": y0 - 0.52,
            "y1": y1 + 0.5,
            "line": {"width": 0},
            "fillcolor": LAND_COLOUR,
        },
    )
    layers.shapes.insert(
        0,
        {
            "type": "rect",
            "layer": "below",
            "x0": geo.x_range[0],
            "x1": geo.x_range[1],
            "y0": geo.y_range[0],
            "y1": geo.y_range[1],
            "line": {"width": 0},
            "fillcolor": WATER_COLOUR,
        },
    )
    layers.update_layout(
        {
            "title": {"text": title, "x": 0.01, "font": {"size": 16}} if title else {},
            "height": height,
            "width": width,
            "autosize": width is None,
            "margin": {
                "l": _MARGIN,
                "r": _MARGIN,
                "t": _MARGIN + (30 if title else 0),
                "b": _MARGIN,
            },
            "plot_bgcolor": "#ffffff",
            "paper_bgcolor": "#ffffff",
            "hovermode": "closest",
            "hoverlabel": {"align": "left"},
            "clickmode": "event+select",
            "dragmode": False,
            "showlegend": False,
            "xaxis": {
                "domain": list(geo.map_domain),
                "visible": False,
                "range": list(geo.x_range),
                "fixedrange": True,
                "constrain": "domain",
            },
            "yaxis": {
                "domain": [0, 1],
                "visible": False,
                "range": list(geo.y_range),
                "fixedrange": True,
                "scaleanchor": "x",
                "scaleratio": 1,
                "constrain": "domain",
                "constraintoward": "top",
            },
        }
    )


# ====================================================================== helpers
class _Points:
    """Columns of one scatter trace, filled point by point."""

    __slots__ = ("colours", "customdata", "hover", "text", "xs", "ys")

    def __init__(self) -> None:
        self.xs: list[float] = []
        self.ys: list[float] = []
        self.hover: list[str] = []
        self.text: list[str] = []
        self.colours: list[Colour | None] = []
        self.customdata: list[Any] = []

    def add(
        self,
        x: float,
        y: float,
        hover: str,
        *,
        text: str = "",
        colour: Colour | None = None,
        data: Any = None,
    ) -> None:
        self.xs.append(round(x, 4))
        self.ys.append(round(y, 4))
        self.hover.append(hover)
        self.text.append(text)
        self.colours.append(colour)
        self.customdata.append(data)

    def __len__(self) -> int:
        return len(self.xs)

    def trace(
        self,
        name: str,
        marker: Mapping[str, Any],
        *,
        text_font: Mapping[str, Any] | None = None,
        position: str = "middle center",
    ) -> dict[str, Any]:
        trace: dict[str, Any] = {
            "type": "scatter",
            "name": name,
            "x": self.xs,
            "y": self.ys,
            "customdata": self.customdata,
            "hovertext": self.hover,
            "hoverinfo": "text",
            "marker": dict(marker),
            "showlegend": False,
            # a click selects a point: nothing may fade (marimo keeps the selection)
            "selected": {"marker": {"opacity": 1}},
            "unselected": {"marker": {"opacity": 1}},
        }
        if text_font is not None:
            trace["mode"] = "markers+text"
            trace["text"] = self.text
            trace["textfont"] = dict(text_font)
            trace["textposition"] = position
        else:
            trace["mode"] = "markers"
        return trace


class _PanelText:
    """Text items of the side panel (left-aligned labels and centred values)."""

    def __init__(self) -> None:
        self.items: list[tuple[float, float, str, int, str, str, bool, Any]] = []

    def add(
        self,
        x: float,
        y: float,
        text: str,
        size: int,
        colour: str,
        hover: str,
        *,
        centre: bool = False,
        key: Any = None,
    ) -> None:
        self.items.append((x, y, text, size, colour, hover, centre, key))

    def traces(self, left_name: str, centre_name: str) -> list[dict[str, Any]]:
        out: list[dict[str, Any]] = []
        for centre, name in ((False, left_name), (True, centre_name)):
            items = [i for i in self.items if i[6] is centre]
            if not items:
                continue
            out.append(
                {
                    "type": "scatter",
                    "name": name,
                    "xaxis": "x2",
                    "yaxis": "y2",
                    "x": [i[0] for i in items],
                    "y": [i[1] for i in items],
                    "mode": "text",
                    "text": [i[2] for i in items],
                    "textposition": "middle center" if centre else "middle right",
                    "textfont": {
                        "size": [i[3] for i in items],
                        "color": [i[4] for i in items],
                    },
                    "hovertext": [i[5] for i in items],
                    "hoverinfo": "text",
                    "customdata": [list(i[7]) if i[7] else None for i in items],
                    "showlegend": False,
                }
            )
        return out


def _district_signature(state: GameState, n: int) -> tuple[Any, ...]:
    d = state.districts.get(n)
    if d is None:
        return ()
    spaces = tuple(
        (
            sp.city_token,
            sp.gangster_bar,
            (sp.building.owner, sp.building.type, sp.building.protected, sp.building.barrel)
            if sp.building
            else None,
        )
        for sp in d.spaces
    )
    trucks = tuple(
        sorted(
            (c.value, i, t.barrels)
            for c, p in state.players.items()
            for i, t in enumerate(p.trucks)
            if t.district == n
        )
    )
    ships = tuple((s.ship, s.removed, s.crate) for s in state.ships if s.port == n)
    allies = tuple(sorted(c.value for c, p in state.players.items() if p.partner_district == n))
    return (
        d.closed,
        d.police,
        d.police_token,
        d.war_token,
        d.strength_token,
        d.gangster,
        spaces,
        trucks,
        ships,
        allies,
    )


def _district_details(state: GameState, n: int, catalog: Catalog, changed: bool) -> list[str]:
    """Hover lines of a district: what stands there and whether it operates."""
    d = state.districts.get(n)
    if d is None:
        return []
    lines: list[str] = []
    if changed:
        lines.append(f"<span style='color:{CHANGE_COLOUR}'><b>changed in the last step</b></span>")
    for index, space in enumerate(d.spaces, start=1):
        if space.building is not None:
            lines.append(f"space {index}: " + _building_text(d, space.building))
        elif space.gangster_bar:
            lines.append(f"space {index}: gangster bar")
        elif space.city_token:
            lines.append(f"space {index}: empty, city token {space.city_token}")
        else:
            lines.append(f"space {index}: empty")
    if d.police:
        lines.append("<b>police</b>: only protected buildings operate (R-GOLDEN-1)")
    elif d.police_token:
        lines.append("face-down police token")
    gangster = _gangster_name(catalog, d.gangster)
    if d.strength_token is not None:
        lines.append(f"gangster strength token {d.strength_token}")
    elif d.war_token:
        lines.append("face-down gangster district token")
    if gangster:
        lines.append(f"gangster: {gangster}")
    for colour, p in state.players.items():
        if p.partner_district == n:
            lines.append(f"alliance marker: {colour.value} ({_gangster_name(catalog, p.partner)})")
        for i, truck in enumerate(p.trucks, start=1):
            if truck.district == n:
                lines.append(f"{colour.value} truck {i} with {truck.barrels} barrel(s)")
    for ship in state.ships:
        if ship.port == n:
            info = catalog.ship(ship.ship)
            lines.append(f"ship {info.name}: {info.barrel_spaces - ship.removed} barrels left")
    return lines


def _building_text(district: District, b: Building) -> str:
    works = operating(district, b)
    status = "operating" if works else "<b>not operating</b> (police, unprotected)"
    extras = []
    if b.protected:
        extras.append("protected by a mafioso")
    if b.barrel:
        extras.append("a barrel beside it")
    extra = ", " + ", ".join(extras) if extras else ""
    return f"<b>{b.owner.value} {b.type.value}</b> ({b.piece}): {status}{extra}"


def _progress(state: GameState) -> str:
    """``Prologue``, ``Act 1 · Round 2``, ``Act 1 · Luciano: gang war``, ``Final scoring``."""
    if state.phase is Phase.OVER:
        return "Game over"
    if state.phase is Phase.FINAL_SCORING:
        return "Final scoring"
    if state.phase in (Phase.SETUP, Phase.PROLOGUE) or state.act == 0:
        return "Prologue"
    if state.phase is Phase.ROUNDS:
        return f"Act {state.act} · Round {state.round}"
    return f"Act {state.act} · Luciano: {state.phase.value}"


def _prev_control(previous: GameState | None, colour: Colour, area: Area) -> int | None:
    if previous is None or colour not in previous.players:
        return None
    return previous.players[colour].area_control.get(area, 0)


def _arrow(old: str, new: str) -> str:
    def number(text: str) -> int | None:
        digits = text.lstrip("$")
        return int(digits) if digits.lstrip("-").isdigit() else None

    a, b = number(old), number(new)
    if a is None or b is None or a == b:
        return " •"
    return " ▲" if b > a else " ▼"


def _gangster_name(catalog: Catalog, tile: str | None) -> str:
    if not tile:
        return ""
    try:
        return catalog.gangster(tile).name
    except KeyError:
        return tile


def _short_gangster(tile: str | None) -> str:
    if not tile:
        return "–"
    return tile.removeprefix("gangster-")


def _ship_label(ship_id: str) -> str:
    return ship_id.replace("-", " ").title().replace("St Clair", "St. Clair")

"""A whole position as one figure (:func:`game_figure`), what a click on it picked
(:func:`clicked_place`), what changed (:func:`changed_districts`), and its rich display for
Jupyter (:func:`game_repr_mimebundle`, with a text summary).
"""

from __future__ import annotations

import json
import uuid
from collections.abc import Collection, Iterable, Mapping, Sequence
from typing import Any

import plotly.graph_objects as go
import plotly.io as pio
from plotly.offline import get_plotlyjs_version

from speakeasy.games.speakeasy.engine.observe import Observation
from speakeasy.games.speakeasy.figures.board_figure import (
    Layers,
    add_area_labels,
    add_central_park,
    add_districts,
    add_edges,
    add_highlight,
    add_ports,
    add_route,
)
from speakeasy.games.speakeasy.figures.game_figure.geometry import (
    _PORT_OFFSET,
    _TILE,
    _Geometry,
    _style,
)
from speakeasy.games.speakeasy.figures.game_figure.map_layers import (
    _add_control_tracks,
    _add_district_numbers,
    _add_ships,
    _add_space_rings,
    _add_spaces,
    _add_tokens,
    _add_trucks,
    _district_details,
)
from speakeasy.games.speakeasy.figures.game_figure.palette import (
    CHANGE_COLOUR,
    CHANGED_TRACE,
    DISTRICT_POINT_TRACES,
    FOCUS_COLOUR,
    FOCUS_TRACE,
    SPACE_TRACES,
)
from speakeasy.games.speakeasy.figures.game_figure.panel import _add_panel, _progress
from speakeasy.games.speakeasy.model.board import Board
from speakeasy.games.speakeasy.model.catalog.catalog import Catalog
from speakeasy.games.speakeasy.model.catalog.loader import load_catalog
from speakeasy.games.speakeasy.model.state import Colour, GameState, Track

__all__ = [
    "changed_districts",
    "clicked_place",
    "game_figure",
    "game_figure_data",
    "game_repr_mimebundle",
    "game_summary",
]


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
    catalog: Catalog | None = None,
    spaces: Iterable[tuple[int, int]] = (),
    focus: Iterable[int] = (),
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
            catalog=catalog,
            spaces=spaces,
            focus=focus,
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
    catalog: Catalog | None = None,
    spaces: Iterable[tuple[int, int]] = (),
    focus: Iterable[int] = (),
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
    * ``catalog`` -- the catalogue of the game the position is from (card, token and ship
      names); without one, the shipped catalogue.
    * ``spaces`` -- building spaces ``(district, space)`` a click can choose: each gets a gold
      frame around it, under the space and a little bigger (a click on the space or on its
      frame picks the space; neighbouring spaces stay on top of each other's frames).
    * ``focus`` -- districts a lesson points at, ringed in teal: distinct from the gold rings
      of where a click chooses and the orange ones of what changed.
    """
    catalog = catalog if catalog is not None else load_catalog()
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
    _add_space_rings(layers, state, board, geo, set(spaces))  # under the spaces it frames
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
    add_highlight(
        layers, board, focus, size=geo.px(_TILE) + 28, colour=FOCUS_COLOUR, name=FOCUS_TRACE
    )
    add_area_labels(layers, board, y=geo.area_label_y)
    _add_control_tracks(layers, state, board, geo, before)
    _add_panel(layers, state, before, geo, hidden)
    _style(layers, board, geo, title=title, height=height, width=width)
    return layers.to_dict()


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
    catalog: Catalog | None = None,
) -> dict[str, Any]:
    """The rich display of a position for Jupyter: the plotly figure as
    ``application/vnd.plotly.v1+json`` (JupyterLab, VS Code), ``text/html`` (other front ends,
    plotly.js from its CDN) and a ``text/plain`` summary. ``include``/``exclude`` are the mime
    types Jupyter asks for, as in ``_repr_mimebundle_``; ``catalog`` is the game's (see
    :func:`game_figure_data`)."""

    def wanted(mime: str) -> bool:
        return (include is None or mime in include) and (exclude is None or mime not in exclude)

    bundle: dict[str, Any] = {}
    if wanted("application/vnd.plotly.v1+json") or wanted("text/html"):
        fig = game_figure(state, board, previous=previous, catalog=catalog)
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

"""Figures of the Mafia City control explorer (plotly): the seven-hex map with every stack,
the Cell, the figures and who controls each location; the Mayor's orders as a bar chart.

The map is drawn from a position and its control table
(:func:`~speakeasy.games.mafia_city.studies.control.control_table`): position 0 of the layout in
the centre, 1-6 clockwise round it from the top (MC-MAP-1, MC-SETUP-4).

>>> from speakeasy.games.mafia_city.studies.control import position
>>> st = position(players=3)
>>> st.stacks[2] = ["red", "blue", "red"]
>>> fig = control_map(st)
>>> fig.layout.meta["control"]["2"], fig.layout.meta["control"]["3"]
('red', None)
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

import plotly.graph_objects as go

from speakeasy.games.mafia_city.figures.map import PLAYER_COLOURS, tile_name_lines
from speakeasy.games.mafia_city.model.state import GameState
from speakeasy.games.mafia_city.studies.control import (
    LocationControl,
    OrderScore,
    control_table,
)

__all__ = ["control_map", "mayor_order_figure"]

_NOBODY = "#eeeeee"
_INK = "#222222"
_R = 1.0  # hex circumradius
#: How the map writes a long "decided by" (the hover and the table say it in full).
_SHORT: dict[str, str] = {
    "a Secret Deal tie (tokens beat bonuses)": "tokens beat Deals",
    "tie at a sole-majority location": "tie: nobody",
    "no count above 0": "no count",
}


def _centre(position: int) -> tuple[float, float]:
    if position == 0:
        return 0.0, 0.0
    angle = math.radians(90 - 60 * (position - 1))
    d = math.sqrt(3) * _R
    return d * math.cos(angle), d * math.sin(angle)


def _hexagon(x: float, y: float, r: float) -> tuple[list[float], list[float]]:
    xs = [x + r * math.cos(math.radians(60 * k)) for k in range(7)]
    ys = [y + r * math.sin(math.radians(60 * k)) for k in range(7)]
    return xs, ys


def _tint(colour: str, keep: float = 0.3) -> str:
    r, g, b = (int(colour[i : i + 2], 16) for i in (1, 3, 5))
    mix = [round(255 - (255 - c) * keep) for c in (r, g, b)]
    return "#{:02x}{:02x}{:02x}".format(*mix)


def control_map(
    state: GameState,
    rows: Sequence[LocationControl] | None = None,
    *,
    selected: int | None = None,
    height: int = 560,
) -> go.Figure:
    """The map of ``state``: each hex tinted in its controller's colour (grey: nobody), with its
    name, the stack as discs bottom (left) to top (right), the deciding rule; the Cell beside
    the Prison; the Hitman (H) on its location, the Police Officer (P) and the Mayor (M) on
    their home tiles or named under the map when a player holds them. ``selected`` is outlined
    in gold. ``layout.meta["control"]`` maps each location to its controller."""
    rows = rows if rows is not None else control_table(state)
    by_loc = {r.location: r for r in rows}
    fig = go.Figure()
    # collected and set once: each add_annotation re-validates all earlier ones (quadratic)
    notes: list[dict[str, Any]] = []
    at = {loc: _centre(pos) for pos, loc in enumerate(state.layout)}
    disc_x: dict[str, list[float]] = {}
    disc_y: dict[str, list[float]] = {}
    disc_text: dict[str, list[str]] = {}
    for loc, (x, y) in at.items():
        row = by_loc[loc]
        fill = (
            _tint(PLAYER_COLOURS.get(row.controller or "", _NOBODY)) if row.controller else _NOBODY
        )
        xs, ys = _hexagon(x, y, _R * 0.97)
        gold = loc == selected
        fig.add_trace(
            go.Scatter(
                x=xs,
                y=ys,
                fill="toself",
                fillcolor=fill,
                mode="lines",
                line={"color": "#c9a227" if gold else "#555555", "width": 5 if gold else 1.5},
                hoverinfo="text",
                hovertext=f"{row.name}: {row.controller or 'nobody'} ({row.decided_by}, "
                f"{row.rule})",
                name=f"location {loc}",
                showlegend=False,
            )
        )
        # the name near the top (a long one on two lines, as on the play map); under the
        # stack: who controls, by what, and the rule, one short line each so that all of it
        # stays inside the narrowing tile (tests/test_mc_play_map_layout.py)
        for line, dy in zip(tile_name_lines(loc, row.name), (0.62, 0.49), strict=False):
            notes.append(
                {
                    "x": x,
                    "y": y + dy,
                    "text": f"<b>{line}</b>",
                    "showarrow": False,
                    "font": {"size": 11, "color": _INK},
                }
            )
        who = row.controller or "nobody"
        how = _SHORT.get(row.decided_by, row.decided_by)
        for text, dy in ((f"<b>{who}</b>", -0.34), (how, -0.47), (row.rule, -0.6)):
            notes.append(
                {
                    "x": x,
                    "y": y + dy,
                    "text": text,
                    "showarrow": False,
                    "font": {"size": 10, "color": _INK},
                }
            )
        n = len(row.stack)
        step = min(0.22, 1.5 / max(n, 1))
        for i, owner in enumerate(row.stack):
            disc_x.setdefault(owner, []).append(x + (i - (n - 1) / 2) * step)
            disc_y.setdefault(owner, []).append(y)
            disc_text.setdefault(owner, []).append(f"{owner}, #{i + 1} from the bottom")
    for owner in disc_x:
        fig.add_trace(
            go.Scatter(
                x=disc_x[owner],
                y=disc_y[owner],
                mode="markers",
                marker={
                    "size": 15,
                    "color": PLAYER_COLOURS.get(owner, "#000000"),
                    "line": {"color": "white", "width": 1.5},
                },
                hoverinfo="text",
                hovertext=disc_text[owner],
                name=owner,
            )
        )
    # the Cell (MC-PRISON-1) in the free corner below the lower left tile, its tokens in rows
    # of six
    cx, cy = -2.45, -2.0
    notes.append(
        {
            "x": cx,
            "y": cy,
            "xanchor": "left",
            "text": "<b>Cell</b> (the Prison's)" + ("" if state.cell else ": empty"),
            "showarrow": False,
            "font": {"size": 11, "color": _INK},
        }
    )
    if state.cell:
        fig.add_trace(
            go.Scatter(
                x=[cx + 0.1 + 0.18 * (i % 6) for i in range(len(state.cell))],
                y=[cy - 0.25 - 0.18 * (i // 6) for i in range(len(state.cell))],
                mode="markers",
                marker={
                    "size": 12,
                    "symbol": "square",
                    "color": [PLAYER_COLOURS.get(o, "#000") for o, _ in state.cell],
                    "line": {"color": _INK, "width": 1},
                },
                hoverinfo="text",
                hovertext=[f"{o}'s token in the Cell" for o, _ in state.cell],
                name="the Cell",
                showlegend=False,
            )
        )
    figures = [("H", "the Hitman", state.hitman)]
    if state.officer is None:
        figures.append(("P", "the Police Officer", 4))
    if state.mayor is None:
        figures.append(("M", "the Mayor", 7))
    for k, (letter, name, loc) in enumerate(figures):
        x, y = at[loc]
        fig.add_trace(
            go.Scatter(
                x=[x - 0.45 + 0.3 * k],
                y=[y + 0.28],
                mode="markers+text",
                marker={"size": 20, "color": "white", "line": {"color": _INK, "width": 1.5}},
                text=[letter],
                textfont={"size": 11, "color": _INK},
                hoverinfo="text",
                hovertext=[f"{name} on {by_loc[loc].name}"],
                showlegend=False,
                name=name,
            )
        )
    held = [
        f"Police Officer: {state.officer}" if state.officer else "",
        f"Mayor: {state.mayor}" if state.mayor else "",
    ]
    note = " · ".join(h for h in held if h)
    if note:
        notes.append(
            {
                "x": 1,
                "y": 1.02,
                "xref": "paper",
                "yref": "paper",
                "xanchor": "right",
                "text": note,
                "showarrow": False,
                "font": {"size": 12, "color": _INK},
            }
        )
    fig.update_layout(
        annotations=notes,
        height=height,
        margin={"l": 10, "r": 10, "t": 28, "b": 30},
        plot_bgcolor="white",
        paper_bgcolor="white",
        xaxis={"visible": False, "range": [-2.55, 2.55]},
        yaxis={"visible": False, "range": [-2.65, 2.65], "scaleanchor": "x"},
        # the key below the map: above it, it ran into the top tile (issue 25 item 4)
        legend={
            "orientation": "h",
            "y": -0.01,
            "yanchor": "top",
            "x": 0,
            "title": {"text": "tokens: "},
        },
        meta={
            "control": {str(r.location): r.controller for r in rows},
            "selected": selected,
        },
    )
    return fig


def mayor_order_figure(scores: Sequence[OrderScore], height: int = 320) -> go.Figure:
    """How many of the orders give each player each number of VP in this phase II (one bar
    group per VP value, one bar per player)."""
    players = list(scores[0].vp) if scores else []
    values = sorted({s.vp[p] for s in scores for p in players})
    fig = go.Figure()
    for p in players:
        counts = [sum(s.vp[p] == v for s in scores) for v in values]
        fig.add_trace(
            go.Bar(
                x=[str(v) for v in values],
                y=counts,
                name=p,
                marker_color=PLAYER_COLOURS.get(p, "#000000"),
                hovertemplate=f"{p}: %{{y}} orders give %{{x}} VP<extra></extra>",
            )
        )
    fig.update_layout(
        barmode="group",
        height=height,
        margin={"l": 50, "r": 10, "t": 30, "b": 45},
        xaxis={"title": {"text": "VP gained in this phase II"}, "type": "category"},
        yaxis={"title": {"text": "orders"}},
        legend={"orientation": "h", "y": 1.12, "x": 0},
        plot_bgcolor="white",
    )
    return fig

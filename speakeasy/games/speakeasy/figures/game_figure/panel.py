"""The side panel of a position figure: act, round, phase and whose turn it is, the turn-order
track, and per player money (pocket and safe), notoriety, the five levels, goons, capos, VIP
mafiosi, barrels, buildings and the partner gangster; changed values are marked, and the secret
rows of the players the viewer may not see read "hidden" (R-MONEY-1).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from speakeasy.games.speakeasy.figures.board_figure import Layers
from speakeasy.games.speakeasy.figures.game_figure.geometry import _Geometry, _marker, _Points
from speakeasy.games.speakeasy.figures.game_figure.palette import (
    BARREL_COLOUR,
    CHANGE_COLOUR,
    CHANGE_FILL,
    CHANGE_INK,
    FAINT,
    GANGSTER_COLOUR,
    HIDDEN_CELL,
    INK,
    PANEL_BACKGROUND,
    PANEL_CHANGES_TRACE,
    PANEL_VALUES_TRACE,
    PLAYER_COLOURS,
    PLAYER_INK,
    POLICE_COLOUR,
    SECRET_ROWS,
    TRACK_NAMES,
    TURN_ORDER_TRACE,
)
from speakeasy.games.speakeasy.model.state import Colour, GameState, Phase, Player, Track


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


def _arrow(old: str, new: str) -> str:
    def number(text: str) -> int | None:
        digits = text.lstrip("$")
        return int(digits) if digits.lstrip("-").isdigit() else None

    a, b = number(old), number(new)
    if a is None or b is None or a == b:
        return " •"
    return " ▲" if b > a else " ▼"


def _short_gangster(tile: str | None) -> str:
    if not tile:
        return "–"
    return tile.removeprefix("gangster-")

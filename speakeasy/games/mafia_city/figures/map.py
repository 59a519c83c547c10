"""The Mafia City map drawn with plotly from one seat's observation (never from the full state,
so a figure cannot show a hidden hand): the seven hex tiles where the layout put them
(MC-SETUP-4, MC-MAP-1), each named, with its stack bottom to top (MC-MAP-3), who would control
it now (MC-CTRL-3, MC-CTRL-5), its marker cube (MC-LOC-9), the Cell (MC-PRISON-1), the three
figures (MC-FIG) and a panel of the players' public facts (MC-INFO-3, MC-INFO-4).

>>> from speakeasy.games.mafia_city.engine.game import Game
>>> game = Game.new(players=3, seed=7)
>>> fig = game_figure(game.observe("red"))
>>> [t.name for t in fig.data][:2]
['tiles', 'tile names']
>>> sorted(fig.layout.meta["locations"])
[1, 2, 3, 4, 5, 6, 7]
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from typing import Any, Final

from speakeasy.games.mafia_city.engine.observe import Observation
from speakeasy.games.mafia_city.model.data import load_data
from speakeasy.games.mafia_city.rules.control import control

__all__ = [
    "CELL_TRACE",
    "FIGURES_TRACE",
    "PLAYER_COLOURS",
    "TILES_TRACE",
    "TOKENS_TRACE",
    "game_figure",
    "hex_centres",
    "map_summary",
    "tile_name_lines",
]

#: Player colours (MC-COMP-2) as drawn; ink is the text colour on them.
PLAYER_COLOURS: Final[Mapping[str, str]] = {
    "red": "#d1352b",
    "blue": "#2f6fd6",
    "green": "#2e9a44",
    "yellow": "#f2c230",
    "grey": "#8a8a8a",
}
_LIGHT: Final[Mapping[str, str]] = {
    "red": "#f7d4d1",
    "blue": "#d5e3fa",
    "green": "#d3eed8",
    "yellow": "#fbf0c6",
    "grey": "#e4e4e4",
}
TILES_TRACE: Final = "tiles"
TOKENS_TRACE: Final = "tokens"
CELL_TRACE: Final = "cell"
FIGURES_TRACE: Final = "figures"
_R: Final = 1.0  # circumradius of a tile
_TILE_FILL: Final = "#f4efe6"
_INK: Final = "#222"
#: Text sizes (px) and where each line sits in a tile (tile units, up from the centre). A
#: flat-topped tile narrows towards its top, so a long name wraps onto two lines
#: (:func:`tile_name_lines`); ``tests/test_mc_map_layout.py`` checks every text fits its tile.
NAME_SIZE: Final = 11
SMALL_SIZE: Final = 10
EFFECT_SIZE: Final = 9
_NAME_Y: Final = (0.62, 0.49)
_NAME_CHARS: Final = 12  # the most characters a name line may hold
_EFFECT_Y: Final = 0.35  # what the tile does when evaluated
_CONTROL_Y: Final = 0.22  # who leads (and, at Fight Club and City Hall, "sole majority")
#: The key's and the held figures' notes, in the map's empty top corners.
KEY_TRACE: Final = "key"
_FIGURE_Y: Final = 0.08  # a figure's marker: the first on the right, a second on the left
_FIGURE_X: Final = 0.6
_STACK_X: Final = -0.1
_COUNTS_X: Final = 0.27
#: Short names on the map (the hover says the whole name).
_FIGURE_LABELS: Final[Mapping[str, str]] = {"Police Officer": "Officer"}


def hex_centres() -> dict[int, tuple[float, float]]:
    """Map position -> tile centre: 0 in the middle, 1-6 clockwise from the top (flat-topped
    hexes sharing an edge with the centre, MC-MAP-1)."""
    d = math.sqrt(3) * _R
    centres = {0: (0.0, 0.0)}
    for i in range(1, 7):
        angle = math.radians(90 - 60 * (i - 1))
        centres[i] = (d * math.cos(angle), d * math.sin(angle))
    return centres


def _hexagon(cx: float, cy: float, r: float) -> tuple[list[float], list[float]]:
    xs = [cx + r * math.cos(math.radians(60 * k)) for k in range(7)]
    ys = [cy + r * math.sin(math.radians(60 * k)) for k in range(7)]
    return xs, ys


def tile_name_lines(number: int, name: str) -> list[str]:
    """A tile's title as the map writes it: ``"4 · Police Station"`` on one line if it is short,
    else wrapped at a space so no line is longer than the narrowing tile allows.

    >>> tile_name_lines(1, "Prison"), tile_name_lines(7, "City Hall")
    (['1 · Prison'], ['7 · City', 'Hall'])
    """
    title = f"{number} · {name}"
    if len(title) <= _NAME_CHARS:
        return [title]
    words = title.split(" ")
    for cut in range(len(words) - 1, 0, -1):
        head = " ".join(words[:cut])
        if len(head) <= _NAME_CHARS:
            return [head, " ".join(words[cut:])]
    return [title]


def map_summary(seen: Observation) -> dict[int, dict[str, Any]]:
    """Per location: its name, stack, who would control it if it were evaluated now (no Secret
    Deals) and the rule that decides, the cube, the figures on it. Public facts only."""
    data = load_data()
    public = seen.public
    out: dict[int, dict[str, Any]] = {}
    for number, loc in data.locations.items():
        stack = list(public["stacks"][number])
        ctl = control(stack, loc.control)
        figures = []
        if public["hitman"] == number:
            figures.append("Hitman")
        if number == 4 and public["officer"] is None:
            figures.append("Police Officer")
        if number == 7 and public["mayor"] is None:
            figures.append("Mayor")
        out[number] = {
            "name": loc.name,
            "stack": stack,
            "controller": ctl.controller,
            "rule": ctl.rule,
            "reason": ctl.reason,
            "cube": number in public["cubes"],
            "figures": figures,
            "sole": loc.control == "sole",
            "effect": loc.effect,
        }
    return out


def held_figures(seen: Observation) -> dict[str, str]:
    """The figures a player holds, each with its holder (MC-POLICE-2, MC-HALL-2).

    >>> from speakeasy.games.mafia_city.engine.game import Game
    >>> held_figures(Game.new(players=3, seed=7).observe("red"))
    {}
    """
    public = seen.public
    held = {"Police Officer": public["officer"], "Mayor": public["mayor"]}
    return {name: str(who) for name, who in held.items() if who is not None}


#: The map's key (the black squares, the diamonds, what a controller gains), plain text.
MAP_KEY: Final = (
    "Key",
    "■ black square: evaluated this round",
    "◆ figure: Hitman, Officer, Mayor",
    "a tile's controller gains 1 VP,",
    "then does what its line says",
)


def game_figure(
    seen: Observation,
    *,
    highlight: Iterable[int] = (),
    title: str | None = None,
    height: int = 600,
    show_panel: bool = False,
) -> Any:
    """The map as a plotly figure, drawn from ``seen`` (one seat's :class:`Observation`).

    ``highlight`` rings the locations the pending decision can name (gold). ``layout.meta``
    holds the facts the figure shows (per location: stack, controller, cube, figures), for tests
    and for clicks (``customdata`` of the ``tiles`` trace is the location number).
    """
    import plotly.graph_objects as go

    data = load_data()
    public = seen.public
    layout: tuple[int, ...] = tuple(public["layout"])
    centres = hex_centres()
    where = {loc: centres[pos] for pos, loc in enumerate(layout)}
    summary = map_summary(seen)
    marked = set(highlight)
    traces: list[dict[str, Any]] = []
    annotations: list[dict[str, Any]] = []
    # Tiles: one filled hexagon each; a location's fill is the light colour of the player who
    # would control it now, its outline that player's colour (thick) or grey.
    shapes: list[dict[str, Any]] = []
    for loc, (cx, cy) in where.items():
        info = summary[loc]
        owner = info["controller"]
        xs, ys = _hexagon(cx, cy, _R * 0.97)
        path = "M " + " L ".join(f"{x:.4f},{y:.4f}" for x, y in zip(xs, ys, strict=True)) + " Z"
        shapes.append(
            {
                "type": "path",
                "path": path,
                "fillcolor": _LIGHT.get(owner, _TILE_FILL) if owner else _TILE_FILL,
                "line": {
                    "color": PLAYER_COLOURS.get(owner, "#999") if owner else "#aaa",
                    "width": 5 if owner else 1.5,
                },
                "layer": "below",
            }
        )
        if loc in marked:
            hx, hy = _hexagon(cx, cy, _R * 0.9)
            hp = "M " + " L ".join(f"{x:.4f},{y:.4f}" for x, y in zip(hx, hy, strict=True)) + " Z"
            shapes.append(
                {
                    "type": "path",
                    "path": hp,
                    "line": {"color": "#e0a400", "width": 4, "dash": "dot"},
                    "layer": "above",
                }
            )
        if public.get("location") == loc:
            hx, hy = _hexagon(cx, cy, _R * 1.0)
            hp = "M " + " L ".join(f"{x:.4f},{y:.4f}" for x, y in zip(hx, hy, strict=True)) + " Z"
            shapes.append(
                {
                    "type": "path",
                    "path": hp,
                    "line": {"color": "#111", "width": 3},
                    "layer": "above",
                }
            )
    # The clickable tiles trace: an invisible marker at each centre carrying the number.
    locs = sorted(where)
    traces.append(
        {
            "type": "scatter",
            "x": [where[n][0] for n in locs],
            "y": [where[n][1] for n in locs],
            "mode": "markers",
            "marker": {"size": 90, "color": "rgba(0,0,0,0)", "symbol": "hexagon"},
            "customdata": locs,
            "hovertext": [_tile_hover(n, summary[n]) for n in locs],
            "hoverinfo": "text",
            "name": TILES_TRACE,
            "showlegend": False,
        }
    )
    # Names: one bold line per text point (a long name on two), near the top of the tile.
    nx: list[float] = []
    ny: list[float] = []
    nt: list[str] = []
    for n in locs:
        for line, y in zip(tile_name_lines(n, summary[n]["name"]), _NAME_Y, strict=False):
            nx.append(where[n][0])
            ny.append(where[n][1] + y * _R)
            nt.append(f"<b>{line}</b>")
    traces.append(
        {
            "type": "scatter",
            "x": nx,
            "y": ny,
            "mode": "text",
            "text": nt,
            "textfont": {"size": NAME_SIZE, "color": _INK},
            "hoverinfo": "skip",
            "name": "tile names",
            "showlegend": False,
        }
    )
    # What the tile does when evaluated (MC-LOC-6), in a few words under the name.
    traces.append(
        {
            "type": "scatter",
            "x": [where[n][0] for n in locs],
            "y": [where[n][1] + _EFFECT_Y * _R for n in locs],
            "mode": "text",
            "text": [f"<i>{summary[n]['effect']}</i>" for n in locs],
            "textfont": {"size": EFFECT_SIZE, "color": "#5a3d00"},
            "hoverinfo": "skip",
            "name": "effects",
            "showlegend": False,
        }
    )
    # Who would control it now (under the effect); Fight Club and City Hall say that they need
    # a sole majority (MC-CTRL-5).
    traces.append(
        {
            "type": "scatter",
            "x": [where[n][0] for n in locs],
            "y": [where[n][1] + _CONTROL_Y * _R for n in locs],
            "mode": "text",
            "text": [_control_line(summary[n]) for n in locs],
            "textfont": {"size": EFFECT_SIZE, "color": "#444"},
            "hoverinfo": "skip",
            "name": "control",
            "showlegend": False,
        }
    )
    # Stacks: a column of squares, bottom token lowest (MC-MAP-3), numbered from the bottom.
    tx: list[float] = []
    ty: list[float] = []
    tc: list[str] = []
    th: list[str] = []
    tt: list[str] = []
    for n in locs:
        stack = summary[n]["stack"]
        cx, cy = where[n]
        # a tall stack overlaps like a fanned deck: its top stays below the cube and figures
        step = min(0.13, 0.54 / max(len(stack) - 1, 1)) * _R
        base = cy - 0.64 * _R
        for i, owner in enumerate(stack):
            tx.append(cx + _STACK_X * _R)
            ty.append(base + step * i)
            tc.append(PLAYER_COLOURS.get(owner, "#777"))
            th.append(f"{summary[n]['name']}: {owner}, #{i + 1} from the bottom")
            tt.append(str(i + 1))
    traces.append(
        {
            "type": "scatter",
            "x": tx,
            "y": ty,
            "mode": "markers",
            "marker": {
                "symbol": "square",
                "size": 13,
                "color": tc,
                "line": {"color": "#222", "width": 1},
            },
            "hovertext": th,
            "hoverinfo": "text",
            "name": TOKENS_TRACE,
            "showlegend": False,
        }
    )
    # Counts per player beside the stack ("red 2", "blue 1", ...), in order of first token,
    # hanging down from just below the tile's centre.
    traces.append(
        {
            "type": "scatter",
            "x": [where[n][0] + _COUNTS_X * _R for n in locs],
            "y": [where[n][1] - 0.02 * _R for n in locs],
            "mode": "text",
            "text": [_counts_text(summary[n]["stack"]) for n in locs],
            "textposition": "bottom center",
            "textfont": {"size": 9, "color": _INK},
            "hoverinfo": "skip",
            "name": "counts",
            "showlegend": False,
        }
    )
    # The Cell beside the Prison tile (MC-PRISON-1).
    px, py = where[1]
    cell = [str(owner) for owner, *_ in public["cell"]]
    # three to a row, under the "Cell" label; a long Cell packs its rows closer
    rows = max(math.ceil(len(cell) / 3), 1)
    row_step = min(0.11, 0.28 / max(rows - 1, 1)) * _R
    cell_x = [px - 0.52 * _R + 0.11 * _R * (i % 3) for i in range(len(cell))]
    cell_y = [py - 0.2 * _R - row_step * (i // 3) for i in range(len(cell))]
    traces.append(
        {
            "type": "scatter",
            "x": cell_x,
            "y": cell_y,
            "mode": "markers",
            "marker": {
                "symbol": "square",
                "size": 10,
                "color": [PLAYER_COLOURS.get(o, "#777") for o in cell],
                "line": {"color": "#000", "width": 1},
            },
            "hovertext": [f"Cell: {o}" for o in cell],
            "hoverinfo": "text",
            "name": CELL_TRACE,
            "showlegend": False,
        }
    )
    annotations.append(
        {
            "x": px - 0.5 * _R,
            "y": py - 0.04 * _R,
            "text": f"Cell ({len(cell)})",
            "showarrow": False,
            "font": {"size": 9, "color": "#000"},
            "bgcolor": "#ddd",
        }
    )
    # Figures on tiles (held figures are named in the players' panel).
    fx: list[float] = []
    fy: list[float] = []
    ft: list[str] = []
    fh: list[str] = []
    fp: list[str] = []
    for n in locs:
        for k, figure in enumerate(summary[n]["figures"]):
            fx.append(where[n][0] + (_FIGURE_X if k == 0 else -_FIGURE_X) * _R)
            fy.append(where[n][1] + _FIGURE_Y * _R)
            ft.append(_FIGURE_LABELS.get(figure, figure))
            fh.append(f"{figure} on {summary[n]['name']}")
            fp.append("middle left" if k == 0 else "middle right")
    traces.append(
        {
            "type": "scatter",
            "x": fx,
            "y": fy,
            "mode": "markers+text",
            "marker": {"symbol": "diamond", "size": 11, "color": "#111"},
            "text": ft,
            "textposition": fp,
            "textfont": {"size": SMALL_SIZE, "color": "#111"},
            "hoverinfo": "text",
            "hovertext": fh,
            "name": FIGURES_TRACE,
            "showlegend": False,
        }
    )
    # Cubes on evaluated locations (MC-LOC-9).
    cubes = [n for n in locs if summary[n]["cube"]]
    traces.append(
        {
            "type": "scatter",
            "x": [where[n][0] for n in cubes],
            "y": [where[n][1] + _FIGURE_Y * _R for n in cubes],
            "mode": "markers",
            "marker": {"symbol": "square", "size": 9, "color": "#000"},
            "hovertext": [f"{summary[n]['name']}: evaluated (cube)" for n in cubes],
            "hoverinfo": "text",
            "name": "cubes",
            "showlegend": False,
        }
    )
    # The key (top left) and the figures players hold (top right): corners no tile reaches.
    held = held_figures(seen)
    annotations.append(_corner_note(-2.58, "left", list(MAP_KEY)))
    held_lines = [f"◆ {_FIGURE_LABELS.get(f, f)}: {who} holds it" for f, who in held.items()]
    annotations.append(_corner_note(2.58, "right", ["Held figures", *held_lines]))
    if show_panel:
        _players_panel(annotations, seen)
    x_max = 4.6 if show_panel else 2.6
    fig_layout: dict[str, Any] = {
        "annotations": annotations,
        "shapes": shapes,
        "height": height,
        "margin": {"l": 4, "r": 4, "t": 40 if title else 8, "b": 4},
        "title": {"text": title, "x": 0.01, "font": {"size": 15}} if title else None,
        "paper_bgcolor": "white",
        "plot_bgcolor": "white",
        "xaxis": {"visible": False, "range": [-2.6, x_max], "fixedrange": True},
        "yaxis": {
            "visible": False,
            "range": [-2.7, 2.7],
            "scaleanchor": "x",
            "scaleratio": 1,
            "fixedrange": True,
        },
        "hovermode": "closest",
        "dragmode": False,
        "meta": {
            "seat": seen.seat,
            "locations": {
                n: {
                    "stack": summary[n]["stack"],
                    "controller": summary[n]["controller"],
                    "cube": summary[n]["cube"],
                    "figures": summary[n]["figures"],
                }
                for n in locs
            },
            "cell": cell,
            "effects": {n: summary[n]["effect"] for n in locs},
            "held": held,
            "key": list(MAP_KEY),
            "highlight": sorted(marked),
            "layout": list(layout),
            "names": {n: data.locations[n].name for n in locs},
        },
    }
    # Built from plain data without plotly's per-property validation (a click redraws the map;
    # validation cost about 25 ms of it); the test suite checks the figure's contents.
    return go.Figure(data=traces, layout=fig_layout, _validate=False)


def _corner_note(x: float, side: str, lines: list[str]) -> dict[str, Any]:
    """A note in a top corner of the map (``name`` :data:`KEY_TRACE`), its first line bold."""
    if len(lines) == 1:
        lines = [*lines, "none"]
    return {
        "name": KEY_TRACE,
        "x": x,
        "y": 2.68,
        "xanchor": side,
        "yanchor": "top",
        "align": side,
        "text": "<br>".join([f"<b>{lines[0]}</b>", *lines[1:]]),
        "showarrow": False,
        "font": {"size": EFFECT_SIZE, "color": _INK},
    }


def _tile_hover(number: int, info: Mapping[str, Any]) -> str:
    stack = ", ".join(info["stack"]) or "empty"
    return (
        f"{number} · {info['name']}: {info['effect']}<br>stack (bottom → top): {stack}"
        f"<br>{info['reason']}"
    )


def _control_line(info: Mapping[str, Any]) -> str:
    owner = info["controller"]
    if info["sole"]:
        return "sole majority: " + (
            f"{owner} leads" if owner else "tie" if info["stack"] else "empty"
        )
    if owner:
        return f"{owner} leads"
    return "tie: nobody leads" if info["stack"] else "empty"


def _counts_text(stack: list[str]) -> str:
    counts: dict[str, int] = {}
    for owner in stack:
        counts[owner] = counts.get(owner, 0) + 1
    return "<br>".join(f"{p} {n}" for p, n in counts.items())


def _players_panel(annotations: list[dict[str, Any]], seen: Observation) -> None:
    """The players' public facts on the right: VP/target, tokens in hand and reserve, cards,
    passed, start player, held figures (MC-INFO-3, MC-INFO-4)."""
    public = seen.public
    target = public["target"]
    y = 2.55
    annotations.append(
        {
            "x": 2.85,
            "y": y,
            "xanchor": "left",
            "text": f"<b>Round {public['round']} · {_phase_name(public['phase'])}</b>",
            "showarrow": False,
            "font": {"size": 13, "color": _INK},
        }
    )
    for player in public["players"]:
        s = public["seats"][player]
        y -= 0.62
        held = []
        if public["officer"] == player:
            held.append("Police Officer")
        if public["mayor"] == player:
            held.append("Mayor")
        flags = []
        if public["start"] == player:
            flags.append("start")
        if s["passed"]:
            flags.append("passed")
        if public.get("turn") == player:
            flags.append("to act")
        you = " (you)" if player == seen.seat else ""
        lines = [
            f"<b>{player}{you}</b> {s['vp']}/{target} VP"
            + (f" · {', '.join(flags)}" if flags else ""),
            f"hand {s['tokens']} · reserve {s['reserve']} · cards {s['cards']}",
        ]
        if held:
            lines.append("holds " + ", ".join(held))
        annotations.append(
            {
                "x": 2.85,
                "y": y,
                "xanchor": "left",
                "yanchor": "top",
                "align": "left",
                "text": "<br>".join(lines),
                "showarrow": False,
                "font": {"size": 12, "color": _INK},
                "bgcolor": _LIGHT.get(player, "#eee"),
                "bordercolor": PLAYER_COLOURS.get(player, "#777"),
                "borderwidth": 2,
                "borderpad": 3,
            }
        )
    annotations.append(
        {
            "x": 2.85,
            "y": -2.55,
            "xanchor": "left",
            "yanchor": "bottom",
            "align": "left",
            "text": f"draw pile {public['draw_count']} · discards {len(public['discard'])}",
            "showarrow": False,
            "font": {"size": 11, "color": "#555"},
        }
    )


def _phase_name(phase: str) -> str:
    return {
        "setup": "setup",
        "action": "phase I (actions)",
        "location": "phase II (locations)",
        "strategic": "phase III (taking back)",
        "end": "phase IV (end of round)",
        "over": "game over",
        "stopped": "stopped",
    }.get(phase, phase)

"""Every text and token of the Mafia City map stays inside its hex tile (a geometry estimate).

The map's size in pixels is fixed by its height (the y range binds: the play map is 560 px
high, the step-through map 520 px; the map column is about 730 px wide at 1280×800 and
1160 px at 1920×1080), so a text's box can be estimated from its font size: each character
at most ``CHAR_WIDTH`` of the size wide (Arial/Helvetica, conservative), each line
``LINE_HEIGHT`` of the size high. A box must lie inside its tile less the outline (5 px for a
controller) and a margin: the names used to run over the tile's edge at 1280×800.
"""

from __future__ import annotations

import copy
import math
import re
from typing import Any

import pytest

from speakeasy.games.mafia_city.engine.game import Game
from speakeasy.games.mafia_city.engine.observe import Observation
from speakeasy.games.mafia_city.figures.map import (
    KEY_TRACE,
    game_figure,
    hex_centres,
    tile_name_lines,
)
from speakeasy.games.mafia_city.model.data import load_data
from speakeasy.games.mafia_city.table.play_panel import MAP_HEIGHT

CHAR_WIDTH = {True: 0.64, False: 0.58}  # bold, regular
LINE_HEIGHT = 1.25
MARGIN_PX = 5.0
TILE_R = 0.97  # the drawn tile's circumradius, in tile units
TEXT_TRACES = ("tile names", "effects", "control", "counts", "figures")
SQUARE_TRACES = ("tokens", "cell", "cubes")
COLOURS = ["red", "blue", "green", "yellow", "grey"]


def _crowded(seed: int) -> Observation:
    """A 5-player position where every tile holds every colour (five lines of counts), tall
    stacks, every cube, the Hitman beside the Police Officer, a full Cell."""
    seen = Game.new(COLOURS, seed=seed).observe("red")
    public = copy.deepcopy(seen.public)
    for n in range(1, 8):
        public["stacks"][n] = [COLOURS[(n + i) % 5] for i in range(5 + n % 4)]
    public["stacks"][3] = ["yellow", "grey", "yellow", "grey"]  # a tie at a sole-majority tile
    public["stacks"][6] = []
    public["cubes"] = list(range(1, 8))
    public["hitman"] = 4  # with the Police Officer on the Police Station
    public["cell"] = [[COLOURS[i % 5], 1] for i in range(14)]
    return Observation(seen.seat, seen.hand, seen.hands, public)


def _scale(fig: Any, width: int) -> float:
    """Pixels per tile unit for a figure drawn ``width`` px wide (plotly keeps x and y equal
    and fits the tighter of the two ranges)."""
    layout = fig.layout
    margin = layout.margin
    x0, x1 = layout.xaxis.range
    y0, y1 = layout.yaxis.range
    w = width - margin.l - margin.r
    h = layout.height - margin.t - margin.b
    return float(min(w / (x1 - x0), h / (y1 - y0)))


def _inside(x: float, y: float, r: float) -> bool:
    """Whether (x, y), relative to a flat-topped hexagon's centre, lies in it (circumradius
    ``r``)."""
    return abs(y) <= r * math.sqrt(3) / 2 and abs(x) <= r - abs(y) / math.sqrt(3)


def _boxes(fig: Any, scale: float) -> list[tuple[str, float, float, float, float]]:
    """``(what, left, bottom, right, top)`` in px from the origin, for every text and square."""
    out: list[tuple[str, float, float, float, float]] = []
    for trace in fig.data:
        if trace.name in TEXT_TRACES:
            size = trace.textfont.size
            positions = trace.textposition or "middle center"
            if isinstance(positions, str):
                positions = [positions] * len(trace.text)
            for x, y, text, position in zip(trace.x, trace.y, trace.text, positions, strict=True):
                lines = [re.sub(r"<[^>]+>", "", t) for t in str(text).split("<br>")]
                bold = "<b>" in str(text)
                w = max(len(t) for t in lines) * size * CHAR_WIDTH[bold]
                h = len(lines) * size * LINE_HEIGHT
                px, py = x * scale, y * scale
                if position == "bottom center":
                    box = (px - w / 2, py - h, px + w / 2, py)
                elif position == "middle left":
                    right = px - trace.marker.size / 2
                    box = (right - w, py - h / 2, right, py + h / 2)
                elif position == "middle right":
                    left = px + trace.marker.size / 2
                    box = (left, py - h / 2, left + w, py + h / 2)
                else:
                    box = (px - w / 2, py - h / 2, px + w / 2, py + h / 2)
                out.append((f"{trace.name}: {lines}", *box))
        if trace.name in SQUARE_TRACES:
            half = trace.marker.size / 2
            for x, y in zip(trace.x, trace.y, strict=True):
                px, py = x * scale, y * scale
                out.append((trace.name, px - half, py - half, px + half, py + half))
    for note in fig.layout.annotations:
        if note.name == KEY_TRACE:
            continue  # the key and the held figures sit in the map's corners, beside the tiles
        text = re.sub(r"<[^>]+>", "", note.text)
        w = len(text) * note.font.size * CHAR_WIDTH[False] + 6  # its background's padding
        h = note.font.size * LINE_HEIGHT + 6
        px, py = note.x * scale, note.y * scale
        out.append((f"annotation {text}", px - w / 2, py - h / 2, px + w / 2, py + h / 2))
    return out


def _misfits(fig: Any, width: int) -> list[str]:
    scale = _scale(fig, width)
    centres = [(x * scale, y * scale) for x, y in hex_centres().values()]
    r = TILE_R * scale - MARGIN_PX / math.cos(math.radians(30))
    bad = []
    for what, left, bottom, right, top in _boxes(fig, scale):
        mid = ((left + right) / 2, (bottom + top) / 2)
        cx, cy = min(centres, key=lambda c: math.dist(c, mid))
        corners = [(left, bottom), (left, top), (right, bottom), (right, top)]
        if not all(_inside(x - cx, y - cy, r) for x, y in corners):
            bad.append(f"{what} at ({mid[0] - cx:.0f}, {mid[1] - cy:.0f}) px from its centre")
    return bad


@pytest.mark.parametrize("height", [MAP_HEIGHT, 520], ids=["play map", "step-through map"])
@pytest.mark.parametrize("width", [730, 1160], ids=["1280x800", "1920x1080"])
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_every_text_and_token_fits_inside_its_tile(seed: int, width: int, height: int) -> None:
    fig = game_figure(_crowded(seed), highlight=range(1, 8), title="Step 9", height=height)
    assert _misfits(fig, width) == []


def test_the_estimate_catches_a_name_over_the_edge() -> None:
    """The check is not vacuous: the old layout (a 14 px name on one line, 0.66 up) fails."""
    fig = game_figure(_crowded(1), height=580)
    names = next(t for t in fig.data if t.name == "tile names")
    names.textfont.size = 14
    names.text = tuple(f"<b>{n}</b>" for n in ["4 · Police Station"] * len(names.text))
    assert any("Police Station" in m for m in _misfits(fig, 730))


def test_long_names_wrap_and_short_ones_do_not() -> None:
    for number, location in load_data().locations.items():
        lines = tile_name_lines(number, location.name)
        assert " ".join(lines) == f"{number} · {location.name}"
        assert 1 <= len(lines) <= 2
    assert tile_name_lines(4, "Police Station") == ["4 · Police", "Station"]
    assert tile_name_lines(1, "Prison") == ["1 · Prison"]


# ------------------------------------------------------------------ the control explorer's map
def _control_misfits(fig: Any, width: int) -> list[str]:
    """As :func:`_misfits` for ``control_map``: its texts are annotations (the Cell's, in
    the corner below the map, and the held figures' note above it are left out) and its
    tokens and figures are markers."""
    scale = _scale(fig, width)
    centres = [(x * scale, y * scale) for x, y in hex_centres().values()]
    r = TILE_R * scale - MARGIN_PX / math.cos(math.radians(30))
    boxes: list[tuple[str, float, float, float, float]] = []
    for note in fig.layout.annotations:
        if note.xref == "paper" or "Cell" in note.text:
            continue
        text = re.sub(r"<[^>]+>", "", note.text)
        w = len(text) * note.font.size * CHAR_WIDTH["<b>" in note.text]
        h = note.font.size * LINE_HEIGHT
        px, py = note.x * scale, note.y * scale
        boxes.append((text, px - w / 2, py - h / 2, px + w / 2, py + h / 2))
    for trace in fig.data:
        if "markers" not in (trace.mode or "") or trace.name == "the Cell":
            continue
        half = trace.marker.size / 2
        for x, y in zip(trace.x, trace.y, strict=True):
            px, py = x * scale, y * scale
            boxes.append((str(trace.name), px - half, py - half, px + half, py + half))
    bad = []
    for what, left, bottom, right, top in boxes:
        mid = ((left + right) / 2, (bottom + top) / 2)
        cx, cy = min(centres, key=lambda c: math.dist(c, mid))
        corners = [(left, bottom), (left, top), (right, bottom), (right, top)]
        if not all(_inside(x - cx, y - cy, r) for x, y in corners):
            bad.append(f"{what} at ({mid[0] - cx:.0f}, {mid[1] - cy:.0f}) px from its centre")
    return bad


@pytest.mark.parametrize("width", [470, 760], ids=["1280x800", "1920x1080"])
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_the_control_maps_texts_fit_inside_their_tiles(seed: int, width: int) -> None:
    """The control explorer's map is half the page wide (its table beside it)."""
    from speakeasy.games.mafia_city.figures.control_figure import control_map
    from speakeasy.games.mafia_city.studies.control import control_table, sample_position

    state = sample_position(players=4, seed=seed)
    for n in range(1, 8):
        state.stacks[n] = [COLOURS[(n + i) % 4] for i in range(4 + n % 5)]
    state.cell = [(COLOURS[i % 4], 1) for i in range(9)]
    fig = control_map(state, control_table(state), height=520)
    assert _control_misfits(fig, width) == []


def test_a_tall_stack_stays_below_the_cube_and_the_figures() -> None:
    """Nine tokens on one tile: the top token stays below the row of the cube and figures."""
    fig = game_figure(_crowded(1), height=580)
    tokens = next(t for t in fig.data if t.name == "tokens")
    cubes = next(t for t in fig.data if t.name == "cubes")
    centres = hex_centres()
    scale = _scale(fig, 730)

    def tile(x: float, y: float) -> tuple[float, float]:
        return min(centres.values(), key=lambda c: math.dist(c, (x, y)))

    for x, y in zip(cubes.x, cubes.y, strict=True):
        mine = [ty for tx, ty in zip(tokens.x, tokens.y, strict=True) if tile(tx, ty) == tile(x, y)]
        top = max(mine, default=y - 1)
        gap = (y - top) * scale - (tokens.marker.size + cubes.marker.size) / 2
        assert gap >= 0, f"the stack touches the cube at ({x:.2f}, {y:.2f})"

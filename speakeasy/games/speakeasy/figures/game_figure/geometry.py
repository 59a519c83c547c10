"""Where a position figure's pieces go: the map and panel geometry, pixel sizes, the layout's axes,
and the point columns every scatter trace is built from.

Markers are sized in pixels, so :class:`_Geometry` computes the scale for the figure's size
(about 1100 pixels wide when the figure fills its container) and :class:`_TopRow` lays out the
row along the top of a district tile so that nothing overlaps however small the map is drawn.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from speakeasy.games.speakeasy.figures.board_figure import WATER_COLOUR, Layers, map_bounds
from speakeasy.games.speakeasy.figures.game_figure.palette import LAND_COLOUR
from speakeasy.games.speakeasy.model.board import Board
from speakeasy.games.speakeasy.model.state import Colour

# Geometry, in map units (districts are about 1.1 units apart).
_TILE = 0.84  # district marker
_SLOT = 0.21  # building space
_PORT_OFFSET = 0.56
_MAP_FRACTION = 0.68  # of the plot width, the rest is the panel (its labels need ~100 px)
_PANEL_GAP = 0.01
_DEFAULT_WIDTH = 1100  # sizes are computed for this width when ``width`` is None
_MARGIN = 8


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


_BOLD = "Arial Black, Arial, sans-serif"
#: Width of a bold digit, in em (Georgia bold is about 0.7 em; measured in Chromium).
_NUMBER_EM = 0.7


def _marker(size: float, symbol: Any, fill: Any, line: Any = "#ffffff", lw: Any = 1) -> Any:
    return {"size": size, "symbol": symbol, "color": fill, "line": {"color": line, "width": lw}}


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

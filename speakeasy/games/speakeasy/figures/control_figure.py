"""The area-control explorer's map: the position with who controls each district.

:func:`control_figure` draws a :class:`~speakeasy.games.speakeasy.studies.positions.Position` with
:func:`~speakeasy.games.speakeasy.figures.game_figure.game_figure` and marks under each district
every controller found by :func:`~speakeasy.games.speakeasy.studies.control.study_control`
(R-CONTROL-3..6).

>>> from speakeasy.games.speakeasy.studies.positions import Position
>>> figure = control_figure(Position.load("scenario:e04_police_casino_district_12"), 12)
>>> figure.layout.meta["selected"], figure.layout.meta["control"]["12"]
(12, 'the gangsters')
"""

from __future__ import annotations

import plotly.graph_objects as go

from speakeasy.games.speakeasy.figures.game_figure import (
    GANGSTER_COLOUR,
    PLAYER_COLOURS,
    game_figure,
)
from speakeasy.games.speakeasy.studies.control import CASE_TEXT, ControlStudy, study_control, who
from speakeasy.games.speakeasy.studies.positions import Position

__all__ = ["DISTRICT_CONTROL_TRACE", "control_figure"]

#: Name of the figure trace that marks who controls each district.
DISTRICT_CONTROL_TRACE = "district control"


def control_figure(
    position: Position,
    selected: int | None = None,
    *,
    previous: Position | None = None,
    study: ControlStudy | None = None,
    height: int = 620,
    fit_width: int | None = None,
) -> go.Figure:
    """The position drawn by :func:`~speakeasy.games.speakeasy.figures.game_figure.game_figure`, the
    selected district outlined in gold, districts changed since ``previous`` ringed in orange, and
    under each district a marker for every controller (a circle in the player's colour, a dark red
    diamond for the gangsters). ``layout.meta`` holds ``selected`` and ``control`` (district ->
    who controls it) for tests and callbacks. ``fit_width`` is :func:`game_figure`'s: the
    narrowest width the map must fit without its tiles spilling over each other."""
    study = study or study_control(position.state, position.board, position.catalog)
    board = position.board
    figure = game_figure(
        position.state,
        board,
        catalog=position.catalog,
        previous=previous.state if previous is not None else None,
        highlight=[selected] if selected is not None else None,
        title=position.title,
        height=height,
        fit_width=fit_width,
    )
    xs: list[float] = []
    ys: list[float] = []
    fills: list[str] = []
    symbols: list[str] = []
    hover: list[str] = []
    data: list[int] = []
    for control in study.controls:
        marks: list[tuple[str, str]] = [(PLAYER_COLOURS[c], "circle") for c in control.players]
        if control.gangsters:
            marks.append((GANGSTER_COLOUR, "diamond"))
        district = board.district(control.district)
        for k, (fill, symbol) in enumerate(marks):
            xs.append(district.x + 0.3 - 0.15 * (len(marks) - 1 - k))
            ys.append(district.y - 0.3)
            fills.append(fill)
            symbols.append(symbol)
            hover.append(
                f"<b>District {control.district}: {who(control)}</b> ({control.rule})<br>"
                + CASE_TEXT[control.case]
            )
            data.append(control.district)
    figure.add_scatter(
        x=xs,
        y=ys,
        mode="markers",
        name=DISTRICT_CONTROL_TRACE,
        customdata=data,
        hovertext=hover,
        hoverinfo="text",
        showlegend=False,
        marker={
            "size": 13,
            "symbol": symbols,
            "color": fills,
            "line": {"color": "#111111", "width": 1.5},
        },
    )
    figure.update_layout(
        meta={
            "selected": selected,
            "control": {str(c.district): who(c) for c in study.controls},
        }
    )
    return figure

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

The package's modules: :mod:`~speakeasy.games.speakeasy.figures.game_figure.palette` (colours,
letters and trace names), :mod:`~speakeasy.games.speakeasy.figures.game_figure.geometry` (sizes,
layout and point columns), :mod:`~speakeasy.games.speakeasy.figures.game_figure.map_layers` (what
stands on the map), :mod:`~speakeasy.games.speakeasy.figures.game_figure.panel` (the side panel)
and :mod:`~speakeasy.games.speakeasy.figures.game_figure.figure` (the figure, clicks, changes and
the rich display).
"""

from __future__ import annotations

from speakeasy.games.speakeasy.figures.game_figure.figure import (
    changed_districts,
    clicked_place,
    game_figure,
    game_figure_data,
    game_repr_mimebundle,
    game_summary,
)
from speakeasy.games.speakeasy.figures.game_figure.palette import (
    ALLIANCE_TRACE,
    BARREL_COLOUR,
    BARRELS_TRACE,
    BUILDINGS_TRACE,
    CHANGE_COLOUR,
    CHANGE_FILL,
    CHANGE_INK,
    CHANGED_TRACE,
    CITY_TOKEN_COLOUR,
    CITY_TOKENS_TRACE,
    CLICKABLE_FILL,
    CLICKABLE_SPACES_TRACE,
    CONTROL_TRACE,
    DISTRICT_POINT_TRACES,
    EMPTY_SPACES_TRACE,
    FAINT,
    FOCUS_COLOUR,
    FOCUS_TRACE,
    GANGSTER_BARS_TRACE,
    GANGSTER_COLOUR,
    HIDDEN_CELL,
    INK,
    LAND_COLOUR,
    PANEL_BACKGROUND,
    PANEL_CHANGES_TRACE,
    PANEL_VALUES_TRACE,
    PLAYER_COLOURS,
    PLAYER_INK,
    POLICE_COLOUR,
    POLICE_TOKENS_TRACE,
    POLICE_TRACE,
    PROTECTION_TRACE,
    SECRET_ROWS,
    SHIPS_TRACE,
    SPACE_TRACES,
    STRENGTH_TOKENS_TRACE,
    TRACK_NAMES,
    TRUCKS_TRACE,
    TURN_ORDER_TRACE,
    TYPE_LETTERS,
    WAR_TOKENS_TRACE,
)

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
    "CLICKABLE_FILL",
    "CLICKABLE_SPACES_TRACE",
    "CONTROL_TRACE",
    "DISTRICT_POINT_TRACES",
    "EMPTY_SPACES_TRACE",
    "FAINT",
    "FOCUS_COLOUR",
    "FOCUS_TRACE",
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

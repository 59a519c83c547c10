"""The look of a position figure: player and piece colours, building letters, track names, and the
names of the figure's traces (tests and click callbacks find layers by name).

The panel's secret rows (R-MONEY-1: the safe is behind the screen) and what a hidden cell reads
are named here too.
"""

from __future__ import annotations

from collections.abc import Mapping

from speakeasy.games.speakeasy.figures.board_figure import DISTRICT_TRACE
from speakeasy.games.speakeasy.model.state import BuildingType, Colour, Track

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
#: Where a lesson points (not a place to click: gold rings say where a click chooses, orange
#: ones what changed).
FOCUS_COLOUR = "#0e8f9c"
#: The fill of a building space a click can choose (gold, as the rings of clickable districts).
CLICKABLE_FILL = "rgba(242, 183, 5, 0.28)"
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
CLICKABLE_SPACES_TRACE = "clickable spaces"
FOCUS_TRACE = "lesson focus"
CONTROL_TRACE = "area control markers"
PANEL_VALUES_TRACE = "panel values"
PANEL_CHANGES_TRACE = "panel changes"
TURN_ORDER_TRACE = "turn order"


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
        CLICKABLE_SPACES_TRACE,
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
        CLICKABLE_SPACES_TRACE,
    }
)


#: Panel rows showing a secret of their player (R-MONEY-1: the safe is behind the screen).
SECRET_ROWS: frozenset[str] = frozenset({"safe"})
#: What a secret cell reads when the figure's viewer may not see it.
HIDDEN_CELL = "hidden"

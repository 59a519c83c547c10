"""Area control (R-CONTROL-1..8, R-GOLDEN-1..3, R-CLOSED-1): step 3.3 of the Lucky Luciano phase.

:func:`district_control` says who controls one district and why (a protected building, the best
building, the gangsters or nobody); :func:`area_control` checks every district of an area;
:func:`score_area_control` moves the control markers. The first two are pure.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from speakeasy.games.speakeasy.model.board import Area, Board
from speakeasy.games.speakeasy.model.kinds import EventKind
from speakeasy.games.speakeasy.model.state import (
    Building,
    BuildingType,
    Colour,
    District,
    GameState,
    Phase,
)
from speakeasy.games.speakeasy.rules.context import Ctx
from speakeasy.games.speakeasy.rules.operating import operating
from speakeasy.games.speakeasy.rules.wording import capital, count, listing, player_name

__all__ = [
    "CONTROL_RANK",
    "AreaControl",
    "Control",
    "ControlCase",
    "PlayerBest",
    "area_control",
    "building_name",
    "district_control",
    "score_area_control",
]

#: R-CONTROL-7: the order of operating buildings for district control (higher wins). A
#: protecting mafioso beats every building type; a gangster bar is below all of them.
CONTROL_RANK: Mapping[BuildingType, int] = {
    BuildingType.DISTILLERY: 1,
    BuildingType.BAR: 2,
    BuildingType.NIGHTCLUB: 3,
    BuildingType.CASINO: 4,
}


def building_name(building: BuildingType) -> str:
    return "nightclub" if building is BuildingType.NIGHTCLUB else building.value


class ControlCase(StrEnum):
    """Which case of R-CONTROL-3..6 decided a district (or that it is closed, R-CLOSED-1)."""

    PROTECTED = "protected"  # R-CONTROL-3
    BEST_BUILDING = "best building"  # R-CONTROL-4
    GANGSTERS = "gangsters"  # R-CONTROL-5
    NOBODY = "nobody"  # R-CONTROL-6
    CLOSED = "closed"  # R-CLOSED-1: a closed district is never controlled

    @property
    def rule(self) -> str:
        return {
            ControlCase.PROTECTED: "R-CONTROL-3",
            ControlCase.BEST_BUILDING: "R-CONTROL-4",
            ControlCase.GANGSTERS: "R-CONTROL-5",
            ControlCase.NOBODY: "R-CONTROL-6",
            ControlCase.CLOSED: "R-CLOSED-1",
        }[self]


@dataclass(frozen=True, slots=True)
class PlayerBest:
    """A player's best *operating* building in a district (R-CONTROL-7, R-GOLDEN-3).

    ``building`` is None when none of the player's buildings there operates.
    """

    colour: Colour
    building: BuildingType | None
    space: int | None
    protected: bool
    buildings: int  # the player's buildings in the district, operating or not
    operating: int

    @property
    def key(self) -> tuple[bool, int]:
        """Comparison key: a mafioso first, then the building type (R-CONTROL-7)."""
        if self.building is None:
            return False, 0
        return self.protected, CONTROL_RANK[self.building]

    def describe(self) -> str:
        if self.building is None:
            return f"{player_name(self.colour)} (no operating building)"
        guarded = "protected " if self.protected else ""
        return f"{player_name(self.colour)}'s {guarded}{building_name(self.building)}"


@dataclass(frozen=True, slots=True)
class Control:
    """Who controls one district and why (R-CONTROL-2..7)."""

    district: int
    case: ControlCase
    players: tuple[Colour, ...]  # controlling players (ties: all of them)
    gangsters: bool
    best: tuple[PlayerBest, ...]  # every player with a building here, in seating order
    gangster_bars: int
    police: bool
    reason: str

    @property
    def rule(self) -> str:
        return self.case.rule

    @property
    def nobody(self) -> bool:
        return not self.players and not self.gangsters

    def to_data(self) -> dict[str, Any]:
        return {
            "district": self.district,
            "case": self.case.value,
            "rule": self.rule,
            "players": [c.value for c in self.players],
            "gangsters": self.gangsters,
            "police": self.police,
            "gangster_bars": self.gangster_bars,
            "best": {
                pb.colour.value: {
                    "building": pb.building.value if pb.building else None,
                    "space": pb.space,
                    "protected": pb.protected,
                    "buildings": pb.buildings,
                    "operating": pb.operating,
                }
                for pb in self.best
            },
        }


def _player_best(district: District, colour: Colour) -> PlayerBest | None:
    mine = [
        (i, s.building)
        for i, s in enumerate(district.spaces)
        if s.building is not None and s.building.owner is colour
    ]
    if not mine:
        return None
    working: list[tuple[int, Building]] = [(i, b) for i, b in mine if operating(district, b)]
    if not working:
        return PlayerBest(colour, None, None, False, len(mine), 0)
    index, top = max(working, key=lambda ib: (ib[1].protected, CONTROL_RANK[ib[1].type], -ib[0]))
    return PlayerBest(colour, top.type, index, top.protected, len(mine), len(working))


def _names(colours: tuple[Colour, ...]) -> str:
    return listing([player_name(c) for c in colours])


def district_control(state: GameState, district: int) -> Control:
    """Who controls ``district`` (R-CONTROL-3..7, R-GOLDEN-1..3, R-CLOSED-1). Pure.

    The first matching case wins: a protected building (R-CONTROL-3); with no police and no
    mafioso, the best building (R-CONTROL-4); with no operating player building, the gangsters
    if a gangster bar is there (R-CONTROL-5); otherwise nobody (R-CONTROL-6). Each player counts
    only their best operating building; ties share control.
    """
    d = state.districts[district]
    bars = sum(s.gangster_bar for s in d.spaces)
    order = state.seating or list(state.players)
    colours = [c for c in order if c in state.players]
    colours += [c for c in state.players if c not in colours]
    best = tuple(pb for c in colours if (pb := _player_best(d, c)) is not None)

    def result(case: ControlCase, players: tuple[Colour, ...], reason: str) -> Control:
        return Control(
            district, case, players, case is ControlCase.GANGSTERS, best, bars, d.police, reason
        )

    def winners(candidates: list[PlayerBest]) -> tuple[Colour, ...]:
        top = max(pb.key for pb in candidates)
        return tuple(pb.colour for pb in candidates if pb.key == top)

    def comparison(candidates: list[PlayerBest], won: tuple[Colour, ...]) -> str:
        top = [pb for pb in candidates if pb.colour in won]
        rest = [pb for pb in candidates if pb.colour not in won]
        text = " and ".join(pb.describe() for pb in top)
        if len(top) > 1:
            text += " tie for the best building (the number of buildings does not matter)"
            if rest:
                text += " and beat " + " and ".join(pb.describe() for pb in rest)
        elif rest:
            text += " beats " + " and ".join(pb.describe() for pb in rest)
        else:
            text += " is the only contender"
        return text

    if d.closed:
        return result(ControlCase.CLOSED, (), "A closed district is never controlled.")
    protected = [pb for pb in best if pb.protected]
    if protected:
        won = winners(protected)
        return result(
            ControlCase.PROTECTED,
            won,
            f"A mafioso protects a building here: {comparison(list(best), won)}; "
            f"{_names(won)} control{'s' if len(won) == 1 else ''} district {district}.",
        )
    working = [pb for pb in best if pb.building is not None]
    if not d.police and working:
        won = winners(working)
        return result(
            ControlCase.BEST_BUILDING,
            won,
            f"No police and no mafioso: {comparison(working, won)}; "
            f"{_names(won)} control{'s' if len(won) == 1 else ''} district {district}.",
        )
    if not working and bars:
        why = (
            "the police stop every unprotected player building"
            if d.police and best
            else "no player has a building here"
        )
        return result(
            ControlCase.GANGSTERS,
            (),
            f"{capital(why)} and {count(bars, 'gangster bar')} "
            f"{'stands' if bars == 1 else 'stand'} here (police do not affect them): the "
            f"gangsters control district {district}.",
        )
    why = "no operating player building" if best else "no player building"
    return result(
        ControlCase.NOBODY,
        (),
        f"There is {why} and no gangster bar: nobody controls district {district}.",
    )


@dataclass(frozen=True, slots=True)
class AreaControl:
    """The control check of one area: each district's result and the marker steps it gives
    (R-CONTROL-2..8)."""

    area: Area
    districts: tuple[Control, ...]
    markers: Mapping[Colour, int]  # steps up for every player (0 included), seating order
    gangsters: int  # steps up for the gangster marker

    def to_data(self) -> dict[str, Any]:
        return {
            "area": self.area.value,
            "districts": [c.to_data() for c in self.districts],
            "markers": {c.value: n for c, n in self.markers.items()},
            "gangsters": self.gangsters,
        }


def area_control(state: GameState, board: Board, area: Area | str) -> AreaControl:
    """Check every district of ``area`` in ascending order (R-CONTROL-2..8). Pure.

    Each controlling player (and the gangsters) gains one marker step per district controlled.
    """
    where = Area(area)
    controls = tuple(
        district_control(state, n)
        for n in sorted(board.districts_in(where))
        if n in state.districts
    )
    markers = dict.fromkeys(state.players, 0)
    gangsters = 0
    for control in controls:
        for colour in control.players:
            markers[colour] += 1
        gangsters += control.gangsters
    return AreaControl(where, controls, markers, gangsters)


def score_area_control(ctx: Ctx) -> None:
    """Step 3.3 (R-CONTROL-1..8): markers to the bottom, then every district in ascending
    order, each controller's marker up one space on that area's track."""
    state = ctx.state
    state.phase = Phase.AREA_CONTROL
    for player in state.players.values():
        player.area_control = dict.fromkeys(Area, 0)
    state.gangster_control = dict.fromkeys(Area, 0)
    ctx.emit(
        EventKind.CONTROL_MARKERS_RESET,
        None,
        ("R-CONTROL-1",),
        "Every area-control marker, the gangsters' included, drops to the bottom of its track.",
    )
    results = [area_control(state, ctx.board, area) for area in ctx.board.areas]
    area_of = {c.district: r.area for r in results for c in r.districts}
    controls = sorted((c for r in results for c in r.districts), key=lambda c: c.district)
    for control in controls:  # R-CONTROL-2: ascending district numbers across the areas
        area = area_of[control.district]
        for colour in control.players:
            state.players[colour].area_control[area] += 1
        if control.gangsters:
            state.gangster_control[area] += 1
        ctx.emit(
            EventKind.DISTRICT_CONTROL,
            control.players[0] if len(control.players) == 1 else None,
            (control.rule, "R-CONTROL-7", "R-CONTROL-8"),
            f"District {control.district} ({area.title}): {control.reason}",
            area=area.value,
            **control.to_data(),
        )
    for area in ctx.board.areas:
        ctx.emit(
            EventKind.CONTROL_TRACK,
            None,
            ("R-CONTROL-8",),
            f"{area.title} control track now: "
            + ", ".join(
                f"{player_name(c)} {p.area_control[area]}" for c, p in state.players.items()
            )
            + f", gangsters {state.gangster_control[area]}.",
            area=area.value,
            positions={c.value: p.area_control[area] for c, p in state.players.items()},
            gangsters=state.gangster_control[area],
        )

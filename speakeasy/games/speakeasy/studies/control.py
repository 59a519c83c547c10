"""The area-control what-if explorer: who controls each district and why, where the control
markers would go, what each area would pay, and which single change would flip a district.

Everything here is pure: a position is a
:class:`~speakeasy.games.speakeasy.studies.positions.Position` (a validated scenario and the state
built from it); an :class:`Edit` (add or remove a police figure, a mafioso, a building or a gangster
bar) makes a *new* scenario, validated again, so an impossible position (a building in a closed
district, more pieces than spaces, a mafioso the owner does not have) is refused with an
:class:`IllegalEdit` that says why and cites the rule. The caller's position is never changed. Its
map is drawn by
:func:`speakeasy.games.speakeasy.figures.control_figure.control_figure`.

The rules come from :mod:`speakeasy.games.speakeasy.rules.luciano` (district control R-CONTROL-2..7,
area control R-CONTROL-8, payout R-PAYOUT-2..5) and :mod:`speakeasy.games.speakeasy.rules.operating`
(police stop unprotected buildings, R-GOLDEN-1); this module only asks them "what if?".

>>> start = Position.load("scenario:e04_police_casino_district_12")
>>> study = study_control(start.state, start.board)
>>> who(study.control(12)), study.control(12).rule
('the gangsters', 'R-CONTROL-5')
>>> after = Edit.remove_police(12).apply(start)
>>> who(study_control(after.state, after.board).control(12))
'Yellow'
>>> for flip in flips(start, 12):
...     print(flip.edit.label, "->", who(flip.after), flip.rule)
Remove the police figure from district 12 -> Yellow R-CONTROL-4
Protect Yellow's casino in district 12 with a mafioso -> Yellow R-CONTROL-3
Remove a gangster bar from district 12 -> nobody R-CONTROL-6
>>> print(flips(start, 12)[0].sentence)
Remove the police figure from district 12: unprotected buildings there operate again
(R-GOLDEN-1), so Yellow would control district 12 (now: the gangsters), because with no
police and no mafioso the best operating building wins (R-CONTROL-4).
>>> Edit.add_gangster_bar(12).apply(start)
Traceback (most recent call last):
...
speakeasy.games.speakeasy.studies.control.IllegalEdit: Add a gangster bar to district 12: district
12 has no empty building space (R-BUILD-1)
>>> start.state.districts[12].police   # the start position is untouched
True
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from enum import StrEnum
from typing import Any

from speakeasy.games.speakeasy.model.board import Area, Board
from speakeasy.games.speakeasy.model.catalog.catalog import Catalog
from speakeasy.games.speakeasy.model.catalog.loader import load_catalog
from speakeasy.games.speakeasy.model.state import BuildingType, Colour, District, GameState
from speakeasy.games.speakeasy.positions.capture import district_spec
from speakeasy.games.speakeasy.positions.errors import ScenarioError
from speakeasy.games.speakeasy.positions.shipped import shipped_scenarios
from speakeasy.games.speakeasy.rules.buildings import distillery_refusal
from speakeasy.games.speakeasy.rules.luciano import (
    CONTROL_RANK,
    Control,
    ControlCase,
    PayoutRank,
    district_control,
    payout_ranking,
)
from speakeasy.games.speakeasy.studies.positions import (
    LinkedStart,
    Position,
    linked_start,
    position_title,
)
from speakeasy.tools.exercises import Exercise
from speakeasy.tools.text import plural

__all__ = [
    "BOT_START",
    "CASE_TEXT",
    "AreaStudy",
    "ControlStudy",
    "Edit",
    "EditKind",
    "EditOutcome",
    "Exploration",
    "Flip",
    "IllegalEdit",
    "LinkedStart",
    "TrackMove",
    "best_rows",
    "control_exercises",
    "district_contents",
    "edit_outcomes",
    "flip_rows",
    "flips",
    "headline",
    "linked_start",
    "single_edits",
    "starting_positions",
    "study_control",
    "who",
]

#: The step of the control hierarchy that decided a district, in plain words (R-CONTROL-3..6).
CASE_TEXT: Mapping[ControlCase, str] = {
    ControlCase.PROTECTED: "a mafioso-protected building decides",
    ControlCase.BEST_BUILDING: "no police and no mafioso: the best operating building decides",
    ControlCase.GANGSTERS: "no player building operates, and gangster bars stand here",
    ControlCase.NOBODY: "no player building operates and no gangster bar stands here",
    ControlCase.CLOSED: "a closed district is never controlled",
}

#: The bot game among the starting positions (:mod:`speakeasy.games.speakeasy.studies.positions`
# key).
BOT_START = "bot:4:3:300"

#: Why the new controller wins after a change, by the case that now decides.
_BECAUSE: Mapping[ControlCase, str] = {
    ControlCase.PROTECTED: "a mafioso-protected building beats every other building",
    ControlCase.BEST_BUILDING: "with no police and no mafioso the best operating building wins",
    ControlCase.GANGSTERS: "no player building operates and a gangster bar stands there",
    ControlCase.NOBODY: "no player building operates and no gangster bar is there",
    ControlCase.CLOSED: "a closed district is never controlled",
}

_RULE = re.compile(r"\b((?:R(?:-[A-Z]+)+|GEO|GAP|MAP)-\d+)\b")


def _name(colour: Colour) -> str:
    return colour.value.capitalize()


def _kind(building: BuildingType) -> str:
    return "nightclub" if building is BuildingType.NIGHTCLUB else building.value


def _names(colours: Sequence[Colour]) -> str:
    names = [_name(c) for c in colours]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def who(control: Control) -> str:
    """Who controls, in words: ``"Yellow"``, ``"Yellow and Blue"``, ``"the gangsters"`` or
    ``"nobody"`` (R-CONTROL-3..6)."""
    if control.players:
        return _names(control.players)
    return "the gangsters" if control.gangsters else "nobody"


def headline(control: Control) -> str:
    """The verdict on one district in a few words, e.g. "the gangsters control district 12".

    >>> start = Position.load("scenario:e04_police_casino_district_12")
    >>> headline(district_control(start.state, 12))
    'the gangsters control district 12'
    """
    verb = "controls" if len(control.players) == 1 or control.nobody else "control"
    return f"{who(control)} {verb} district {control.district}"


def best_rows(control: Control) -> list[dict[str, str | int]]:
    """One row per player with a building in the district: how many they have, how many
    operate (R-GOLDEN-1) and the best operating one that counts for control (R-CONTROL-7)."""
    return [
        {
            "player": _name(pb.colour),
            "buildings here": pb.buildings,
            "operating": pb.operating,
            "best operating": (_kind(pb.building) if pb.building else "none")
            + (" + mafioso" if pb.protected else ""),
        }
        for pb in control.best
    ]


def _controllers(control: Control) -> tuple[frozenset[Colour], bool]:
    return frozenset(control.players), control.gangsters


def district_contents(state: GameState, district: int) -> str:
    """What stands in ``district``, in words (buildings in space order, then the rest).

    >>> district_contents(Position.load("scenario:e04_police_casino_district_12").state, 12)
    "police figure; space 1: Yellow's casino; 1 gangster bar"
    """
    d = state.districts[district]
    parts: list[str] = []
    if d.closed:
        parts.append("closed (R-CLOSED-1)")
    if d.police:
        parts.append("police figure")
    for i, space in enumerate(d.spaces):
        b = space.building
        if b is not None:
            guard = "protected " if b.protected else ""
            parts.append(f"space {i + 1}: {_name(b.owner)}'s {guard}{_kind(b.type)}")
    bars = sum(s.gangster_bar for s in d.spaces)
    if bars:
        parts.append(f"{bars} gangster bar{'s' if bars > 1 else ''}")
    free = sum(s.is_empty for s in d.spaces)
    if not parts:
        return f"empty ({free} free space{'s' if free != 1 else ''})"
    return "; ".join(parts)


# ============================================================================ edits
class EditKind(StrEnum):
    """The single changes the explorer can make to one district."""

    ADD_POLICE = "add police"
    REMOVE_POLICE = "remove police"
    ADD_BUILDING = "add building"
    REMOVE_BUILDING = "remove building"
    PROTECT = "protect"  # add a mafioso to a building
    UNPROTECT = "unprotect"  # remove its mafioso
    ADD_GANGSTER_BAR = "add gangster bar"
    REMOVE_GANGSTER_BAR = "remove gangster bar"


class IllegalEdit(ValueError):
    """An edit that would make an impossible position: ``reason`` and the ``rule`` it breaks."""

    def __init__(self, edit: Edit, reason: str, rule: str = "") -> None:
        self.edit, self.reason, self.rule = edit, reason, rule
        super().__init__(f"{edit.label}: {reason}" + (f" ({rule})" if rule else ""))


def _mechanism(edit: Edit, state: GameState) -> tuple[str, str]:
    """How ``edit`` acts on control in this position, in words, and the rule that says so."""
    d = state.districts[edit.district]
    what = edit.what
    if edit.kind is EditKind.ADD_POLICE:
        return "the police stop every unprotected building there", "R-GOLDEN-1"
    if edit.kind is EditKind.REMOVE_POLICE:
        return "unprotected buildings there operate again", "R-GOLDEN-1"
    if edit.kind is EditKind.PROTECT:
        if d.police:
            return f"a mafioso guards {what}, which then operates despite the police", "R-GOLDEN-1"
        return f"a mafioso guards {what}, and a mafioso outranks any building", "R-CONTROL-7"
    if edit.kind is EditKind.UNPROTECT:
        if d.police:
            return f"without its mafioso {what} stops operating under the police", "R-GOLDEN-1"
        return f"without its mafioso {what} counts as an ordinary building", "R-CONTROL-7"
    if edit.kind is EditKind.ADD_BUILDING:
        return f"{what} joins the comparison of best buildings", "R-CONTROL-7"
    if edit.kind is EditKind.REMOVE_BUILDING:
        return f"{what} leaves the district", "R-CONTROL-7"
    if edit.kind is EditKind.ADD_GANGSTER_BAR:
        if d.police:
            return "a gangster bar now stands there (police do not stop it)", "R-GOLDEN-5"
        return "a gangster bar now stands there, below every operating building", "R-CONTROL-7"
    bars = sum(s.gangster_bar for s in d.spaces) - 1
    left = "the last gangster bar leaves" if bars == 0 else f"{plural(bars, 'gangster bar')} stay"
    return left, "R-CONTROL-5"


#: The rule through which each kind of edit acts on control.
_EDIT_RULE: Mapping[EditKind, str] = {
    EditKind.ADD_POLICE: "R-GOLDEN-1",
    EditKind.REMOVE_POLICE: "R-GOLDEN-1",
    EditKind.ADD_BUILDING: "R-CONTROL-7",
    EditKind.REMOVE_BUILDING: "R-CONTROL-7",
    EditKind.PROTECT: "R-CONTROL-3",
    EditKind.UNPROTECT: "R-CONTROL-3",
    EditKind.ADD_GANGSTER_BAR: "R-CONTROL-5",
    EditKind.REMOVE_GANGSTER_BAR: "R-CONTROL-5",
}


@dataclass(frozen=True, slots=True)
class Edit:
    """One change to one district. Immutable; :meth:`apply` returns a new :class:`Position`.

    ``space`` (0-based) names the building for REMOVE_BUILDING, PROTECT and UNPROTECT; for
    ADD_BUILDING it is the space to build on (None: the first empty space). ``colour`` and
    ``building`` name the building added, or describe (and are checked against) the building
    touched.

    >>> Edit.add_building(13, "green", "casino").label
    "Add Green's casino to district 13"
    >>> Edit.protect(16, 1, "green", "casino").label
    "Protect Green's casino in district 16 with a mafioso"
    """

    kind: EditKind
    district: int
    colour: Colour | None = None
    building: BuildingType | None = None
    space: int | None = None

    def __post_init__(self) -> None:
        if not 1 <= self.district <= 16:
            raise ValueError(f"there is no district {self.district}; districts are 1-16")
        if self.kind is EditKind.ADD_BUILDING and (self.colour is None or self.building is None):
            raise ValueError("adding a building needs its owner and its type")
        if self.kind in _BUILDING_EDITS and self.space is None:
            raise ValueError(f"'{self.kind}' needs the space of the building")

    # ------------------------------------------------------------------ constructors
    @classmethod
    def add_police(cls, district: int) -> Edit:
        return cls(EditKind.ADD_POLICE, district)

    @classmethod
    def remove_police(cls, district: int) -> Edit:
        return cls(EditKind.REMOVE_POLICE, district)

    @classmethod
    def add_building(
        cls,
        district: int,
        colour: Colour | str,
        building: BuildingType | str,
        space: int | None = None,
    ) -> Edit:
        return cls(EditKind.ADD_BUILDING, district, Colour(colour), BuildingType(building), space)

    @classmethod
    def remove_building(
        cls,
        district: int,
        space: int,
        colour: Colour | str | None = None,
        building: BuildingType | str | None = None,
    ) -> Edit:
        return cls(EditKind.REMOVE_BUILDING, district, *_describe(colour, building), space)

    @classmethod
    def protect(
        cls,
        district: int,
        space: int,
        colour: Colour | str | None = None,
        building: BuildingType | str | None = None,
    ) -> Edit:
        return cls(EditKind.PROTECT, district, *_describe(colour, building), space)

    @classmethod
    def unprotect(
        cls,
        district: int,
        space: int,
        colour: Colour | str | None = None,
        building: BuildingType | str | None = None,
    ) -> Edit:
        return cls(EditKind.UNPROTECT, district, *_describe(colour, building), space)

    @classmethod
    def add_gangster_bar(cls, district: int) -> Edit:
        return cls(EditKind.ADD_GANGSTER_BAR, district)

    @classmethod
    def remove_gangster_bar(cls, district: int) -> Edit:
        return cls(EditKind.REMOVE_GANGSTER_BAR, district)

    # ------------------------------------------------------------------ describing
    @property
    def what(self) -> str:
        """The building touched, in words ("Yellow's casino" or "the building on space 2")."""
        if self.colour is not None and self.building is not None:
            return f"{_name(self.colour)}'s {_kind(self.building)}"
        return f"the building on space {(self.space or 0) + 1}"

    @property
    def label(self) -> str:
        """The edit in plain English, e.g. "Remove the police figure from district 12"."""
        n = self.district
        on = f" on space {self.space + 1}" if self.space is not None else ""
        return {
            EditKind.ADD_POLICE: f"Add a police figure to district {n}",
            EditKind.REMOVE_POLICE: f"Remove the police figure from district {n}",
            EditKind.ADD_BUILDING: f"Add {self.what} to district {n}{on}",
            EditKind.REMOVE_BUILDING: f"Remove {self.what} from district {n}",
            EditKind.PROTECT: f"Protect {self.what} in district {n} with a mafioso",
            EditKind.UNPROTECT: f"Take the mafioso off {self.what} in district {n}",
            EditKind.ADD_GANGSTER_BAR: f"Add a gangster bar to district {n}",
            EditKind.REMOVE_GANGSTER_BAR: f"Remove a gangster bar from district {n}",
        }[self.kind]

    @property
    def short(self) -> str:
        """The edit without its district, for a list about one district ("Add a police
        figure", "Protect Yellow's casino (space 1)")."""
        on = f" (space {self.space + 1})" if self.space is not None else ""
        return {
            EditKind.ADD_POLICE: "Add a police figure",
            EditKind.REMOVE_POLICE: "Remove the police figure",
            EditKind.ADD_BUILDING: f"Add {self.what}{on}",
            EditKind.REMOVE_BUILDING: f"Remove {self.what}{on}",
            EditKind.PROTECT: f"Protect {self.what}{on} with a mafioso",
            EditKind.UNPROTECT: f"Take the mafioso off {self.what}{on}",
            EditKind.ADD_GANGSTER_BAR: "Add a gangster bar",
            EditKind.REMOVE_GANGSTER_BAR: "Remove a gangster bar",
        }[self.kind]

    @property
    def rule(self) -> str:
        """The rule through which this kind of edit acts on control."""
        return _EDIT_RULE[self.kind]

    def __str__(self) -> str:
        return self.label

    # ------------------------------------------------------------------ applying
    def apply(self, position: Position) -> Position:
        """The position after this edit, validated as a scenario; ``position`` is unchanged.

        Raises :class:`IllegalEdit` (with the reason and the rule) when the result is not a
        possible position.
        """
        spec = district_spec(position.state, self.district)
        self._change(position.state, spec)
        try:
            scenario = position.scenario.with_value(f"districts.{self.district}", spec)
            return Position.from_scenario(scenario)
        except ScenarioError as err:
            rule = _RULE.search(err.reason)
            reason = _RULE_IN_BRACKETS.sub("", err.reason).strip()
            raise IllegalEdit(self, reason, rule.group(1) if rule else "") from None

    def _fail(self, reason: str, rule: str) -> IllegalEdit:
        return IllegalEdit(self, reason, rule)

    def _change(self, state: GameState, spec: dict[str, Any]) -> None:
        """Change the district's scenario ``spec`` in place.

        Refused here is only what makes the edit itself impossible to make: adding what is
        already there, removing or guarding what is not, no empty space to put a piece on, no
        mafioso left to put beside a building. Whether
        the new position can exist (supplies, pieces left on the operations board, closed
        districts, R-BUILD-5) is for the scenario's validation to say, and a second
        distillery for the rules (R-BUILD-7).
        """
        d = state.districts[self.district]
        n = self.district
        buildings: list[dict[str, Any]] = spec.setdefault("buildings", [])
        if self.kind is EditKind.ADD_POLICE:
            if d.police:
                raise self._fail(f"district {n} already has its police figure", "R-POLICE-3")
            spec["police"] = True
        elif self.kind is EditKind.REMOVE_POLICE:
            if not d.police:
                raise self._fail(f"district {n} has no police figure", "R-GOLDEN-1")
            spec.pop("police", None)
        elif self.kind is EditKind.ADD_GANGSTER_BAR:
            free = self._free_space(d)
            bars = spec.get("gangster_bars", 0)  # a count, or the spaces (district_spec)
            if isinstance(bars, list):
                assert free is not None  # a closed district lists no gangster bars
                spec["gangster_bars"] = sorted([*bars, free + 1])
            else:
                spec["gangster_bars"] = bars + 1
        elif self.kind is EditKind.REMOVE_GANGSTER_BAR:
            bars = spec.get("gangster_bars")
            if not bars:
                raise self._fail(f"district {n} has no gangster bar", "R-CONTROL-5")
            spec["gangster_bars"] = bars[:-1] if isinstance(bars, list) else bars - 1
            if not spec["gangster_bars"]:
                del spec["gangster_bars"]
        elif self.kind is EditKind.ADD_BUILDING:
            buildings.append(self._new_building(state, d))
        else:
            entry = self._touched(d, buildings)
            if self.kind is EditKind.REMOVE_BUILDING:
                buildings.remove(entry)
            elif self.kind is EditKind.PROTECT:
                if entry.get("protected"):
                    raise self._fail(f"{self.what} already has its mafioso", "R-PROTECT-1")
                owner = Colour(entry["owner"])
                if state.players[owner].mafiosi <= 0:
                    raise self._fail(f"{_name(owner)} has no mafioso left to place", "R-PROTECT-1")
                entry["protected"] = True
            else:  # UNPROTECT
                if not entry.get("protected"):
                    raise self._fail(f"{self.what} has no mafioso", "R-PROTECT-1")
                del entry["protected"]
        if not buildings:
            del spec["buildings"]

    def _free_space(self, d: District, wanted: int | None = None) -> int | None:
        """The empty space (0-based) a new piece goes on: ``wanted`` or the first one. None in
        a closed district, which has no spaces: the scenario refuses the piece (R-CLOSED-1/3)."""
        if d.closed:
            return None
        free = [i for i, s in enumerate(d.spaces) if s.is_empty]
        space = wanted if wanted is not None else (free[0] if free else None)
        if space is None:
            raise self._fail(f"district {d.number} has no empty building space", "R-BUILD-1")
        if space not in free:
            raise self._fail(f"space {space + 1} of district {d.number} is not empty", "R-BUILD-1")
        return space

    def _touched(self, d: District, buildings: list[dict[str, Any]]) -> dict[str, Any]:
        assert self.space is not None
        building = d.spaces[self.space].building if 0 <= self.space < len(d.spaces) else None
        if building is None:
            raise self._fail(f"space {self.space + 1} of district {d.number} holds no building", "")
        if (self.colour is not None and building.owner is not self.colour) or (
            self.building is not None and building.type is not self.building
        ):
            raise self._fail(
                f"space {self.space + 1} holds {_name(building.owner)}'s {_kind(building.type)}",
                "",
            )
        return next(b for b in buildings if b["space"] == self.space + 1)

    def _new_building(self, state: GameState, d: District) -> dict[str, Any]:
        """The scenario entry of the building added; its piece is the scenario's to find."""
        assert self.colour is not None and self.building is not None
        space = self._free_space(d, self.space)
        if self.building is BuildingType.DISTILLERY and self.colour in state.players:
            refused = distillery_refusal(state, self.colour)
            if refused is not None:
                raise self._fail(
                    f"{_name(self.colour)} already has a distillery on the map", refused.rule
                )
        entry = {"owner": self.colour.value, "type": self.building.value}
        return entry if space is None else entry | {"space": space + 1}


_BUILDING_EDITS = frozenset({EditKind.REMOVE_BUILDING, EditKind.PROTECT, EditKind.UNPROTECT})
_RULE_IN_BRACKETS = re.compile(r"\s*\((?:R|GEO|GAP|MAP)-[^)]*\)")


def _describe(
    colour: Colour | str | None, building: BuildingType | str | None
) -> tuple[Colour | None, BuildingType | None]:
    return (
        Colour(colour) if colour is not None else None,
        BuildingType(building) if building is not None else None,
    )


def single_edits(position: Position, district: int) -> tuple[Edit, ...]:
    """Every single change to ``district`` worth trying, legal or not: the police figure in or
    out, each building removed and its mafioso added or taken off, a building of every seated
    colour and type on the first empty space (the space chosen does not matter for control),
    and a gangster bar more or fewer."""
    d = position.state.districts[district]
    edits = [Edit.remove_police(district) if d.police else Edit.add_police(district)]
    for i, space in enumerate(d.spaces):
        b = space.building
        if b is None:
            continue
        edits.append(Edit.remove_building(district, i, b.owner, b.type))
        guard = Edit.unprotect if b.protected else Edit.protect
        edits.append(guard(district, i, b.owner, b.type))
    edits += [
        Edit.add_building(district, colour, kind)
        for colour in position.colours
        for kind in sorted(CONTROL_RANK, key=lambda k: -CONTROL_RANK[k])
    ]
    edits.append(Edit.add_gangster_bar(district))
    if any(s.gangster_bar for s in d.spaces):
        edits.append(Edit.remove_gangster_bar(district))
    return tuple(edits)


@dataclass(frozen=True)
class EditOutcome:
    """What one edit would do: the new position and control there, or why it is refused."""

    edit: Edit
    position: Position | None
    control: Control | None
    problem: IllegalEdit | None

    @property
    def legal(self) -> bool:
        return self.problem is None


def edit_outcomes(position: Position, district: int) -> tuple[EditOutcome, ...]:
    """Try every :func:`single_edits` of ``district`` (each validated as a scenario)."""
    outcomes: list[EditOutcome] = []
    for edit in single_edits(position, district):
        try:
            after = edit.apply(position)
        except IllegalEdit as err:
            outcomes.append(EditOutcome(edit, None, None, err))
            continue
        outcomes.append(EditOutcome(edit, after, district_control(after.state, district), None))
    return tuple(outcomes)


@dataclass(frozen=True, slots=True)
class Flip:
    """A single legal edit that changes who controls a district (R-CONTROL-3..6).

    ``mechanism`` says how the edit acts there and ``mechanism_rule`` cites it; ``rule`` is
    the step of the hierarchy that decides after the edit.
    """

    edit: Edit
    before: Control
    after: Control
    mechanism: str
    mechanism_rule: str

    @property
    def rule(self) -> str:
        return self.after.rule

    @property
    def sentence(self) -> str:
        """The flip in one plain-English sentence with its rule IDs."""
        because = (
            f", because {_BECAUSE[self.after.case]}" if self.mechanism_rule != self.rule else ""
        )
        return (
            f"{self.edit.label}: {self.mechanism} ({self.mechanism_rule}), so "
            f"{who(self.after)} would control district {self.edit.district} "
            f"(now: {who(self.before)}){because} ({self.rule})."
        )


def flips(position: Position, district: int) -> tuple[Flip, ...]:
    """Every legal single edit that changes who controls ``district`` (players or gangsters),
    in the order of :func:`single_edits`."""
    before = district_control(position.state, district)
    return tuple(
        Flip(o.edit, before, o.control, *_mechanism(o.edit, position.state))
        for o in edit_outcomes(position, district)
        if o.control is not None and _controllers(o.control) != _controllers(before)
    )


def flip_rows(found: Sequence[Flip]) -> list[dict[str, str]]:
    """Table rows for flips; buildings of one colour that flip the district the same way are
    merged into one row ("Add Purple's casino, nightclub, bar or distillery")."""
    rows: list[dict[str, str]] = []
    merged: dict[tuple[Any, ...], tuple[dict[str, str], list[str]]] = {}
    for flip in found:
        edit = flip.edit
        because = _BECAUSE[flip.after.case]
        row = {
            "change": edit.short,
            "then": who(flip.after),
            "decided by": flip.rule,
            "why": f"{flip.mechanism} ({flip.mechanism_rule}); {because}",
        }
        if edit.kind is EditKind.ADD_BUILDING and edit.colour is not None:
            key = (edit.colour, _controllers(flip.after), flip.after.case, flip.mechanism_rule)
            if key in merged:
                first, kinds = merged[key]
                kinds.append(_kind(edit.building or BuildingType.BAR))
                listed = ", ".join(kinds[:-1]) + " or " + kinds[-1]
                first["change"] = f"Add {_name(edit.colour)}'s {listed}"
                first["why"] = (
                    f"the new building joins the comparison ({flip.mechanism_rule}); {because}"
                )
                continue
            merged[key] = (row, [_kind(edit.building or BuildingType.BAR)])
        rows.append(row)
    return rows


# ============================================================================ the study
@dataclass(frozen=True, slots=True)
class TrackMove:
    """One marker on an area-control track: where it stands now and where a control check on
    this map would put it (R-CONTROL-1: back to the bottom; R-CONTROL-8: one step up per
    district controlled)."""

    area: Area
    colour: Colour | None  # None: the gangster marker
    now: int
    after: int
    districts: tuple[int, ...]

    @property
    def who(self) -> str:
        return _name(self.colour) if self.colour is not None else "Gangsters"

    @property
    def reason(self) -> str:
        if not self.districts:
            return (
                f"{self.who}: back to the bottom space, no district controlled in "
                f"{self.area.title} (R-CONTROL-1)."
            )
        listed = ", ".join(map(str, self.districts))
        return (
            f"{self.who}: {plural(self.after, 'step')} up from the bottom, one per district "
            "controlled "
            f"({listed}) (R-CONTROL-1, R-CONTROL-8)."
        )


@dataclass(frozen=True, slots=True)
class AreaStudy:
    """One area: its districts' control, the projected track and the payout after it."""

    area: Area
    controls: tuple[Control, ...]
    moves: tuple[TrackMove, ...]  # players in seating order, then the gangsters
    payouts: tuple[PayoutRank, ...]  # after the moves, highest marker first (R-PAYOUT-2..5)

    def payout(self, colour: Colour | str) -> int:
        """What ``colour`` would receive from this area's payout (into the safe)."""
        wanted = Colour(colour)
        return next((p.amount for p in self.payouts if p.colour is wanted), 0)

    def move(self, colour: Colour | str | None) -> TrackMove:
        wanted = Colour(colour) if colour is not None else None
        return next(m for m in self.moves if m.colour is wanted)


@dataclass(frozen=True, slots=True)
class ControlStudy:
    """Control of every district, the three tracks and the payouts, for one position."""

    controls: tuple[Control, ...]  # every district, ascending (R-CONTROL-2)
    areas: tuple[AreaStudy, ...]
    colours: tuple[Colour, ...]

    def control(self, district: int) -> Control:
        return next(c for c in self.controls if c.district == district)

    def area(self, area: Area | str) -> AreaStudy:
        wanted = Area(area)
        return next(a for a in self.areas if a.area is wanted)

    def area_of(self, district: int) -> Area:
        return next(a.area for a in self.areas if any(c.district == district for c in a.controls))

    def total(self, colour: Colour | str) -> int:
        """Everything ``colour`` would receive from the three payouts."""
        return sum(a.payout(colour) for a in self.areas)

    # ------------------------------------------------------------------ table rows
    def district_rows(self) -> list[dict[str, str | int]]:
        """One row per district: who controls it and the step of the hierarchy that decided
        (its rule and :class:`ControlCase`)."""
        return [
            {
                "district": c.district,
                "area": self.area_of(c.district).title,
                "controlled by": who(c),
                "decided by": f"{c.rule} ({c.case.value})",
            }
            for c in self.controls
        ]

    def track_rows(self) -> list[dict[str, str | int]]:
        """One row per marker (players, then the gangsters): in each area, where it stands
        now -> where a control check on this map would put it, and the districts that count."""
        rows: list[dict[str, str | int]] = []
        for colour in (*self.colours, None):
            row: dict[str, str | int] = {}
            for a in self.areas:
                m = a.move(colour)
                row["marker"] = m.who
                where = f" ({', '.join(map(str, m.districts))})" if m.districts else ""
                row[a.area.title] = f"{m.now} → {m.after}{where}"
            rows.append(row)
        return rows

    def payout_rows(self) -> list[dict[str, str | int]]:
        """One row per player: rank and payout in each area, and the total."""
        rows: list[dict[str, str | int]] = []
        for colour in self.colours:
            row: dict[str, str | int] = {"player": _name(colour)}
            for a in self.areas:
                rank = next(p for p in a.payouts if p.colour is colour)
                place = f" (rank {rank.rank})" if rank.position > 0 else ""
                row[a.area.title] = f"${rank.amount}{place}"
            row["total"] = f"${self.total(colour)}"
            rows.append(row)
        return rows


def study_control(state: GameState, board: Board, catalog: Catalog | None = None) -> ControlStudy:
    """Control of every district (R-CONTROL-2..7), the area-control markers a check on this map
    would give (R-CONTROL-1/8) and each area's payout after those moves (R-PAYOUT-2..5).

    Pure: ``state`` is not changed; the payout is ranked on a projected copy of the tracks.
    ``catalog`` is the position's (a :class:`~speakeasy.games.speakeasy.studies.positions.Position`
    carries it); without one, the shipped catalogue.
    """
    catalog = catalog if catalog is not None else load_catalog()
    controls = tuple(district_control(state, n) for n in sorted(state.districts))
    seats = [c for c in (state.seating or list(state.players)) if c in state.players]
    colours = tuple(seats + [c for c in state.players if c not in seats])
    moves: dict[Area, list[TrackMove]] = {}
    for area in board.areas:
        here = [c for c in controls if board.area_of(c.district) is area]
        moves[area] = [
            TrackMove(
                area,
                colour,
                state.players[colour].area_control.get(area, 0),
                sum(colour in c.players for c in here),
                tuple(c.district for c in here if colour in c.players),
            )
            for colour in colours
        ]
        moves[area].append(
            TrackMove(
                area,
                None,
                state.gangster_control.get(area, 0),
                sum(c.gangsters for c in here),
                tuple(c.district for c in here if c.gangsters),
            )
        )
    projected = _projected(state, moves)
    areas = tuple(
        AreaStudy(
            area,
            tuple(c for c in controls if board.area_of(c.district) is area),
            tuple(moves[area]),
            tuple(payout_ranking(projected, catalog, area)),
        )
        for area in board.areas
    )
    return ControlStudy(controls, areas, colours)


def _projected(state: GameState, moves: Mapping[Area, Iterable[TrackMove]]) -> GameState:
    """A shallow copy of ``state`` with the markers where the control check puts them (new
    player and track objects; nothing shared is changed)."""
    players = {
        colour: replace(
            player,
            area_control={
                area: next(m.after for m in ms if m.colour is colour)
                for area, ms in ((a, list(m)) for a, m in moves.items())
            },
        )
        for colour, player in state.players.items()
    }
    gangsters = {area: next(m.after for m in ms if m.colour is None) for area, ms in moves.items()}
    return replace(state, players=players, gangster_control=gangsters)


# ============================================================================ history
@dataclass(frozen=True)
class Exploration:
    """A start position and the edits made since, each with its position (for undo).

    >>> ex = Exploration(Position.load("scenario:e04_police_casino_district_12"))
    >>> ex = ex.apply(Edit.remove_police(12))
    >>> [e.label for e in ex.edits], ex.current.state.districts[12].police
    (['Remove the police figure from district 12'], False)
    >>> ex.undo().current == ex.start
    True
    """

    start: Position
    steps: tuple[tuple[Edit, Position], ...] = ()

    @property
    def current(self) -> Position:
        return self.steps[-1][1] if self.steps else self.start

    @property
    def previous(self) -> Position | None:
        """The position before the last edit (None at the start)."""
        if not self.steps:
            return None
        return self.steps[-2][1] if len(self.steps) > 1 else self.start

    @property
    def edits(self) -> tuple[Edit, ...]:
        return tuple(edit for edit, _ in self.steps)

    def apply(self, edit: Edit) -> Exploration:
        """A new exploration with ``edit`` made (raises :class:`IllegalEdit`)."""
        return Exploration(self.start, (*self.steps, (edit, edit.apply(self.current))))

    def undo(self) -> Exploration:
        """A new exploration without the last edit."""
        return Exploration(self.start, self.steps[:-1])


# ============================================================================ starting points
def starting_positions() -> dict[str, str]:
    """Positions to start from, label -> position key
    (:mod:`speakeasy.games.speakeasy.studies.positions`): the shipped scenarios (rulebook examples
    first), all of Uptown from E5 and E6, a game played by bots, an empty map and seeded setups."""
    options = {s.title: f"scenario:{s.name}" for s in shipped_scenarios()}
    for key in ("scenario:uptown_e5_e6", BOT_START, "empty:4", "setup:4:1", "setup:2:1"):
        options[position_title(key)] = key
    return options


# ============================================================================ exercises
def control_exercises() -> tuple[tuple[str, Exercise], ...]:
    """Exercises on area control, each with the start key of its position. Every expected
    answer is computed here by the rules code, never typed by hand."""
    e04 = "scenario:e04_police_casino_district_12"
    uptown_key = "scenario:uptown_e5_e6"
    e4 = Position.load(e04)
    uptown = Position.load(uptown_key)

    police_14 = Edit.add_police(14).apply(uptown)
    control_14 = district_control(police_14.state, 14)
    study = study_control(uptown.state, uptown.board, uptown.catalog)
    green = study.area(Area.UPTOWN).payout(Colour.GREEN)
    green_rank = next(p for p in study.area(Area.UPTOWN).payouts if p.colour is Colour.GREEN)
    found = flips(e4, 12)
    return (
        (
            uptown_key,
            Exercise(
                "police-14",
                "Uptown as in E5 and E6. Police arrive in district 14, where Yellow has a "
                "nightclub and a bar and Blue a nightclub, with no mafioso and no gangster bar. "
                "Who controls district 14 then?",
                who(control_14).removeprefix("the "),
                hint="Police stop every unprotected building; without an operating building, "
                "only a gangster bar could take the district.",
                rules=("R-GOLDEN-1", control_14.rule),
                explanation=control_14.reason,
            ),
        ),
        (
            uptown_key,
            Exercise(
                "uptown-green",
                "Uptown as in E5 and E6. If control were checked and paid now, how many "
                "dollars would Green receive from the Uptown payout?",
                green,
                hint="Your rank is the number of markers on your space or higher, the "
                "gangsters' marker and your own included; tied players take the lowest place.",
                rules=("R-PAYOUT-2", "R-PAYOUT-3"),
                explanation=green_rank.reason,
            ),
        ),
        (
            e04,
            Exercise(
                "e04-flips",
                "E4: district 12 holds a police figure, a gangster bar and Yellow's unprotected "
                "casino. How many different single changes (a police figure, a mafioso, a "
                "building or a gangster bar added or removed) would change who controls it?",
                len(found),
                hint="Ask which step of the hierarchy decides now and what each piece does "
                "there: police stop unprotected buildings, a mafioso beats everything, a "
                "gangster bar only counts when no player building operates.",
                rules=("R-CONTROL-3", "R-CONTROL-4", "R-CONTROL-5", "R-CONTROL-6"),
                explanation=" ".join(f.sentence for f in found),
            ),
        ),
    )

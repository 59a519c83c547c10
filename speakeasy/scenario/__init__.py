"""Scenarios: a position on the board written in a small TOML file, loaded into a :class:`Game`.

A scenario describes only what matters for its question; everything omitted takes a sensible
default: the map is empty (no police, gangster bars, gangsters or tokens; the setup's city
tokens stay), players keep their starting resources (R-PSETUP-*), the game starts at the first
round of Act 1, and seats are the four colours. So a question about one district is a few lines::

    title = "Police close a casino"
    [districts.12]
    police = true
    gangster_bars = 1
    buildings = [{ owner = "yellow", type = "casino" }]

The whole format (JSON Schema: ``data/scenario.schema.json``):

* top level: ``title``, ``description``, ``source`` (``"rulebook: E4"``, ``"teaching"`` or
  ``"saved"``), ``players`` (seats in seating order; default all four), ``seed`` (default 0),
  ``options`` (rules switches, :class:`~speakeasy.model.options.Options`), ``act`` (1-4), ``round``,
  ``phase`` (``"rounds"``: at the start of that round; ``"luciano"``: at that act's Lucky
  Luciano phase; ``"final"``: at final scoring; ``"prologue"``: before Act 1, so the prologue
  of 1920 is played first, R-PROLOGUE), ``map`` (``"empty"`` or ``"setup"``: keep the
  setup's police, gangsters and tokens outside the listed districts), ``closed`` (the closed
  districts of a 2-player game, R-SETUP-2), ``turn_order`` (the top row, left to right),
  ``gangster_deck`` (the tiles left in the act's gangster deck, R-GANGWAR-1),
  ``gangster_control`` (the gangster markers on the area-control tracks), ``[[books]]``
  (``goal``, ``space`` 1-2, ``owner``: books cooked on goals in play, R-BOOKS-2/3);
* ``[districts.N]``: ``buildings`` (``owner``, ``type``, ``protected``, ``barrel``, and
  optionally ``space``, 1-4, and ``piece``, the operations-board piece it came from; buildings
  without a space fill the free spaces in order; at most one nightclub and one casino per
  player in each area, R-BUILD-5), ``gangster_bars`` (how many, on the spaces left in
  order, or a list of their spaces, 1-4), ``police``,
  ``police_token``, ``war_token``, ``strength`` (the face-up gangster strength token),
  ``gangster`` (a tile on the gangster board) and ``had_gangster`` (a gangster has arrived
  here, R-GANGWAR-13, though its tile is gone: a player's partner, R-ALLY-2, or a tile that
  placed no gangster bar, R-GANGWAR-9; ``gangster`` and a partner's ``partner_district``
  imply it); a closed district may hold only police (R-CLOSED-1..3);
* ``[player.COLOUR]``: ``pocket``, ``safe``, ``levels`` (1-5 per track), ``goons``,
  ``leverage_tokens``, ``books`` (on the operations board, R-BOOKS-1), ``vip`` (mafiosi in
  the VIP area), ``partner``, ``partner_district`` (where the alliance marker stands: the
  district the partner left, R-ALLY-1/2; without it the partner has no marker on the map),
  ``partner_free_used`` (the once-per-game free help is spent, R-PARTNER-6), ``crates``,
  ``helpers``, ``helpers_used`` (behind the screen, R-HELPER-3), ``hand``, ``slots`` (every
  listed hand and slot is dealt from the decks after all of them went back, so a card may
  come from another player's setup hand; each card is in one place), ``trucks``
  (``district``, ``barrels``; closed districts too, R-CLOSED-2), ``distillery_barrels``,
  ``area_control`` (track positions), ``lost_pieces`` (operations-board pieces removed from
  the game: upgraded bars, R-UPGRADE-1, and buildings lost in a gang war, R-GANGWAR-8) and
  ``mafiosi_lost`` (protecting mafiosi lost with their building, R-GANGWAR-8);
* ``[[ships]]``: ``ship``, ``port``, ``removed`` (barrels taken), ``crate`` (id, or false);
* ``[docks]``: per area, the mafiosi on the docks spaces, top row first (``false``: an empty
  space; the spaces after the list are empty);
* ``[question]``: ``text``, ``ask`` (a question of :mod:`speakeasy.studies.questions`), its
parameters
  (``district``, ``colour``, ``area``, ``space``, ``building``, ``mode``, ``card``, ``count``,
  ``ship``, ``goal``, ``range_bonus``, ``restaurant``), the stated ``answer`` (the test suite
  checks the engine computes it), ``hint`` and ``rules``.

Every component a scenario puts on the map comes from its supply (buildings from the owner's
operations board, mafiosi from the owner's supply, police figures, gangster bars and barrels
from the general supply), so the components stay conserved. Notoriety rewards are not paid when
a scenario sets levels, but the reserved mafiosi on passed notoriety spaces join the owner's
supply (R-NOTOR-4). A game that starts after the first round of an act (or at its Lucky Luciano
phase) gives each player that act's capos (R-CAPO-1..4); capos already on persons are not part
of a scenario. Mistakes are reported with the file, the line, the field and the reason:

>>> parse_scenario('title = "x"\\n[districts.3]\\npolice = "yes"\\n', "demo.toml")
Traceback (most recent call last):
...
speakeasy.scenario.ScenarioError: demo.toml:3: districts.3.police: 'yes' is not of type 'boolean'

>>> parse_scenario('title = "x"\\n[districts.13]\\nbuildings = [{owner = "blue", type = "casino"}]'
...     '\\n[districts.14]\\nbuildings = [{owner = "blue", type = "casino"}]\\n', "demo.toml")
Traceback (most recent call last):
...
speakeasy.scenario.ScenarioError: demo.toml:5: districts.14.buildings[0].type: blue already
has a casino in Uptown (district 13); ... (R-BUILD-5)

>>> s = parse_scenario('title = "Two bars"\\n[districts.14]\\nbuildings = ['
...     '{owner = "yellow", type = "nightclub"}, {owner = "blue", type = "nightclub"}]\\n')
>>> game = s.game()
>>> [sp.building.owner.value for sp in game.state.districts[14].spaces if sp.building]
['yellow', 'blue']
>>> s.with_value("districts.14.police", True).data["districts"]["14"]["police"]
True
"""

from __future__ import annotations

import copy
import json
import re
import tomllib
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

import jsonschema
import tomlkit

from speakeasy.catalog import load_catalog
from speakeasy.core.actions import Event
from speakeasy.engine.definition import SPEAKEASY
from speakeasy.model.board import Area, load_board
from speakeasy.model.paths import data_path
from speakeasy.model.state import (
    Building,
    BuildingType,
    Colour,
    GameState,
    Phase,
    Player,
    Ship,
    Track,
)
from speakeasy.rules.flow import Start

if TYPE_CHECKING:
    from speakeasy.engine.game import Game
    from speakeasy.rules.context import Ctx

__all__ = [
    "SCENARIO_DIR",
    "Scenario",
    "ScenarioError",
    "district_spec",
    "load_scenario",
    "parse_scenario",
    "scenario_from_game",
    "shipped_scenarios",
]

SCENARIO_DIR = data_path("scenarios")
SCHEMA_PATH = data_path("scenario.schema.json")
ALL_COLOURS = ("purple", "yellow", "green", "blue")
_TOML_LINE = re.compile(r"at line (\d+)")


# ---------------------------------------------------------------------- errors
class ScenarioError(ValueError):
    """A scenario file is malformed or asks for something impossible.

    ``file``, ``line`` (1-based, or None when unknown), ``field`` (a dotted path such as
    ``districts.14.buildings[0].owner``) and ``reason`` say exactly what is wrong.
    """

    def __init__(
        self, reason: str, field: str = "", file: str = "<scenario>", line: int | None = None
    ):
        self.reason, self.field, self.file, self.line = reason, field, file, line
        where = f"{file}:{line}" if line else file
        super().__init__(f"{where}: {field + ': ' if field else ''}{reason}")


def _dotted(path: Sequence[str | int]) -> str:
    out = ""
    for part in path:
        out += f"[{part}]" if isinstance(part, int) else (f".{part}" if out else str(part))
    return out


def locate(text: str, path: Sequence[str | int]) -> int | None:
    """The line of ``text`` that defines the field at ``path`` (best effort, 1-based).

    Walks the keys in order: each is looked for, from the line where the previous one was
    found, as a table header component (``[districts.14]``) or as ``key =``.

    >>> locate('a = 1\\n[districts.14]\\npolice = true\\n', ["districts", "14", "police"])
    3
    """
    lines = text.splitlines()
    found: int | None = None
    start = 0
    for key in (str(p) for p in path if not isinstance(p, int)):
        pattern = re.compile(
            rf'(^\s*\[\[?[^\]]*(^|[.\[\s"]){re.escape(key)}(["\].\s]|$))|((^|[{{,\s"]){re.escape(key)}"?\s*=)'
        )
        for number in range(start, len(lines)):
            if pattern.search(lines[number]):
                found, start = number + 1, number
                break
    return found


#: What a closed district of a 2-player game can never hold, and the rule that says so.
_CLOSED_FORBIDS = {
    "buildings": "R-CLOSED-1",
    "gangster_bars": "R-CLOSED-3",
    "gangster": "R-CLOSED-3",
    "strength": "R-CLOSED-3",
    "war_token": "R-CLOSED-3",
    "had_gangster": "R-CLOSED-3",
}

#: The building types a player may have only one of in each area (R-BUILD-5).
_ONE_PER_AREA = ("nightclub", "casino")


# ---------------------------------------------------------------------- the scenario
@cache
def _validator() -> jsonschema.Draft202012Validator:
    schema = json.loads(SCHEMA_PATH.read_text(encoding="utf-8"))
    jsonschema.Draft202012Validator.check_schema(schema)
    return jsonschema.Draft202012Validator(schema)


def _validate_schema(data: Mapping[str, Any], file: str, text: str | None) -> None:
    errors = sorted(_validator().iter_errors(data), key=lambda e: list(map(str, e.absolute_path)))
    if errors:
        first = errors[0]
        path = list(first.absolute_path)
        raise ScenarioError(
            first.message, _dotted(path), file, locate(text, path) if text is not None else None
        )


@dataclass(frozen=True)
class Scenario:
    """A validated scenario: its data (as in the file) and where it came from."""

    data: Mapping[str, Any]
    file: str = field(default="<scenario>", compare=False)
    text: str | None = field(default=None, compare=False, repr=False)

    def __post_init__(self) -> None:
        _validate_schema(self.data, self.file, self.text)
        _check_semantics(self)

    # ------------------------------------------------------------------ reading
    @property
    def title(self) -> str:
        return str(self.data.get("title", Path(self.file).stem))

    @property
    def name(self) -> str:
        """The file name without ``.toml`` (shipped scenarios are looked up by it)."""
        return Path(self.file).stem

    @property
    def description(self) -> str:
        return str(self.data.get("description", ""))

    @property
    def source(self) -> str:
        return str(self.data.get("source", "teaching"))

    @property
    def players(self) -> tuple[Colour, ...]:
        return tuple(Colour(c) for c in self.data.get("players", ALL_COLOURS))

    @property
    def seed(self) -> int:
        return int(self.data.get("seed", 0))

    @property
    def start(self) -> Start:
        """Where the game resumes after the scenario is set up (``"prologue"`` is the game's
        own start: the 2-player docks placement and the prologue come first)."""
        phase = str(self.data.get("phase", "rounds"))
        if phase == "prologue":
            return Start("setup")
        return Start(phase, self.act, int(self.data.get("round", 1)))

    @property
    def act(self) -> int:
        return int(self.data.get("act", 4 if self.data.get("phase") == "final" else 1))

    @property
    def question(self) -> Mapping[str, Any] | None:
        q = self.data.get("question")
        return q if isinstance(q, Mapping) else None

    def game(self) -> Game:
        """A new game positioned at this scenario (it records the scenario for replays)."""
        from speakeasy.engine.game import Game
        from speakeasy.model.options import Options

        return Game(self.players, self.seed, Options.from_data(self.data.get("options")), self)

    def to_data(self) -> dict[str, Any]:
        """The scenario as plain data (what :meth:`from_data` reads; saved games hold it)."""
        return copy.deepcopy(dict(self.data))

    @classmethod
    def from_data(cls, data: object, file: str = "<scenario>") -> Scenario:
        if not isinstance(data, Mapping):
            raise ScenarioError("a scenario is a table of fields", "", file)
        return cls(copy.deepcopy(dict(data)), file)

    def to_toml(self) -> str:
        """The scenario as a TOML document (round-trips through :func:`parse_scenario`)."""
        return tomlkit.dumps(_tomlable(self.data))

    def save(self, path: str | Path) -> Path:
        path = Path(path)
        path.write_text(self.to_toml(), encoding="utf-8")
        return path

    # ------------------------------------------------------------------ editing
    def with_value(self, dotted: str, value: Any) -> Scenario:
        """A copy with the field at ``dotted`` (e.g. ``districts.14.police``) set to ``value``
        (validated again; missing tables are created)."""
        data = copy.deepcopy(dict(self.data))
        *parents, last = dotted.split(".")
        node = data
        for key in parents:
            node = node.setdefault(key, {})
        node[last] = value
        return Scenario(data, self.file)

    def without(self, dotted: str) -> Scenario:
        """A copy without the field at ``dotted`` (it takes its default again)."""
        data = copy.deepcopy(dict(self.data))
        *parents, last = dotted.split(".")
        node = data
        for key in parents:
            node = node.get(key, {})
        node.pop(last, None)
        return Scenario(data, self.file)

    # ------------------------------------------------------------------ applying
    def apply_to(self, ctx: Ctx) -> None:
        """Turn a fresh setup (``ctx.state``) into this position; called by :class:`Game`."""
        _Builder(self, ctx).build()


def _tomlable(value: Any) -> Any:
    if isinstance(value, Mapping):
        return {str(k): _tomlable(v) for k, v in value.items() if v is not None}
    if isinstance(value, (list, tuple)):
        return [_tomlable(v) for v in value]
    return value


def parse_scenario(text: str, file: str = "<scenario>") -> Scenario:
    """Read a scenario from TOML text; raise :class:`ScenarioError` for any mistake."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        line = _TOML_LINE.search(str(exc))
        raise ScenarioError(
            f"not valid TOML ({exc})", "", file, int(line.group(1)) if line else None
        ) from None
    return Scenario(data, file, text)


def load_scenario(path: str | Path) -> Scenario:
    """Read a scenario file; a bare name (``"e04_police_casino"``) means a shipped scenario."""
    p = Path(path)
    if not p.suffix and not p.exists():
        p = SCENARIO_DIR / f"{p.name}.toml"
    try:
        text = p.read_text(encoding="utf-8")
    except OSError as exc:
        raise ScenarioError(f"cannot read the file ({exc.strerror})", "", str(p)) from None
    return parse_scenario(text, str(p))


def shipped_scenarios() -> list[Scenario]:
    """Every scenario in ``data/scenarios/``, by file name (rulebook examples first)."""
    return [load_scenario(p) for p in sorted(SCENARIO_DIR.glob("*.toml"))]


# ---------------------------------------------------------------------- checks
def _check_semantics(s: Scenario) -> None:
    """What the schema cannot say: colours seated, a consistent start, ids that exist."""
    data = s.data

    def fail(reason: str, *path: str | int) -> None:
        raise ScenarioError(
            reason, _dotted(path), s.file, locate(s.text, path) if s.text is not None else None
        )

    seats = set(data.get("players", ALL_COLOURS))
    for colour in data.get("player", {}):
        if colour not in seats:
            fail(f"{colour} is not seated (players = {sorted(seats)})", "player", colour)
    for number, spec in data.get("districts", {}).items():
        for i, b in enumerate(spec.get("buildings", ())):
            if b["owner"] not in seats:
                fail(f"{b['owner']} is not seated", "districts", number, "buildings", i, "owner")
            if b["type"] == "distillery" and b.get("barrel"):
                fail(
                    "a distillery never holds a barrel beside it (R-BARREL-2)",
                    "districts",
                    number,
                    "buildings",
                    i,
                    "barrel",
                )
        if len(spec.get("buildings", ())) + _bar_count(spec) > 4:
            fail("more buildings and gangster bars than spaces (R-BOARD-3)", "districts", number)
        if spec.get("had_gangster") is False and "gangster" in spec:
            fail(
                "a gangster tile here means a gangster has arrived (R-GANGWAR-3, R-GANGWAR-13)",
                "districts",
                number,
                "had_gangster",
            )
        if spec.get("had_gangster") and spec.get("war_token"):
            fail(
                "a district receives a gangster only once; a war token here means its gangster "
                "is still to come (R-GANGWAR-13)",
                "districts",
                number,
                "had_gangster",
            )
    _check_one_per_area(data.get("districts", {}), fail)
    _check_gangster_tiles(data, fail)
    order = data.get("turn_order")
    if order is not None and set(order) != seats:
        fail("the turn order must list every seated colour once (R-ORDER-1)", "turn_order")
    phase, act = data.get("phase", "rounds"), data.get("act", 1)
    if phase == "prologue" and (act != 1 or "round" in data):
        fail("the prologue comes before round 1 of Act 1 (R-ACT-1)", "phase")
    if phase == "luciano" and act == 4:
        fail("Act 4 ends with final scoring, not a Lucky Luciano phase (R-ACT-2)", "phase")
    if phase == "rounds" and "round" in data:
        rounds = load_catalog().setup.acts.rounds
        if data["round"] > rounds[act - 1]:
            fail(f"Act {act} has {rounds[act - 1]} rounds (R-ACT-1)", "round")
    question = data.get("question")
    if question is not None:
        from speakeasy.studies.questions import QUESTIONS

        if question["ask"] not in QUESTIONS:
            fail(f"unknown question; known: {', '.join(sorted(QUESTIONS))}", "question", "ask")
        for param in QUESTIONS[question["ask"]].params:
            if param not in question:
                fail(f"the {question['ask']!r} question needs '{param}'", "question")


def _bar_count(spec: Mapping[str, Any]) -> int:
    """How many gangster bars a district table holds (a count or a list of spaces)."""
    bars = spec.get("gangster_bars", 0)
    return len(bars) if isinstance(bars, list) else int(bars)


def _check_one_per_area(districts: Mapping[str, Any], fail: Callable[..., None]) -> None:
    """R-BUILD-5: at most one nightclub and one casino per player in each area. Real play never
    breaks it: opening, takeovers and upgrades all obey it (R-BUILD-4, R-TAKEOVER-3/6,
    R-UPGRADE-1, R-LOC-PLANNING-2), and gang wars only remove buildings."""
    board = load_board()
    first: dict[tuple[str, str, Area], int] = {}
    for number in sorted(districts, key=int):
        area = board.area_of(int(number))
        for i, b in enumerate(districts[number].get("buildings", ())):
            if b["type"] not in _ONE_PER_AREA:
                continue
            key = (b["owner"], b["type"], area)
            if key in first:
                fail(
                    f"{b['owner']} already has a {b['type']} in {area.title} (district "
                    f"{first[key]}); at most one nightclub and one casino per player in each "
                    "area (R-BUILD-5)",
                    "districts",
                    number,
                    "buildings",
                    i,
                    "type",
                )
            first[key] = int(number)


def _check_gangster_tiles(data: Mapping[str, Any], fail: Callable[..., None]) -> None:
    """Each gangster tile is in one place: on the gangster board or a partner space (R-ALLY-2,
    R-ALLY-4); one alliance marker per district."""
    where: dict[str, str] = {}
    for number in sorted(data.get("districts", {}), key=int):
        tile = data["districts"][number].get("gangster")
        if tile is not None:
            if tile in where:
                fail(f"gangster tile {tile!r} is already {where[tile]}", "districts", number)
            where[tile] = f"in district {number}"
    markers: dict[int, str] = {}
    for colour, spec in data.get("player", {}).items():
        tile = spec.get("partner")
        if tile is not None:
            if tile in where:
                fail(
                    f"gangster tile {tile!r} is already {where[tile]} (R-ALLY-2, R-ALLY-4)",
                    "player",
                    colour,
                    "partner",
                )
            where[tile] = f"{colour}'s partner"
        district = spec.get("partner_district")
        if district is None:
            continue
        if district in markers:
            fail(
                f"{markers[district]}'s alliance marker already stands in district {district}; "
                "each district has one gangster (R-ALLY-2)",
                "player",
                colour,
                "partner_district",
            )
        markers[district] = colour
        there = data.get("districts", {}).get(str(district), {})
        if "gangster" in there:
            fail(
                f"district {district} holds a gangster tile; the alliance marker stands where "
                "the partner's tile was taken from (R-ALLY-2)",
                "player",
                colour,
                "partner_district",
            )
        if there.get("war_token"):
            fail(
                f"district {district} still waits for its gangster (war token); a district "
                "receives a gangster only once (R-GANGWAR-13)",
                "player",
                colour,
                "partner_district",
            )


class _Builder:
    """Applies a scenario to a fresh setup, taking every component from its supply."""

    def __init__(self, scenario: Scenario, ctx: Ctx) -> None:
        self.s, self.ctx = scenario, ctx
        self.state, self.catalog, self.board = ctx.state, ctx.catalog, ctx.board

    def fail(self, reason: str, *path: str | int) -> None:
        text = self.s.text
        raise ScenarioError(
            reason, _dotted(path), self.s.file, locate(text, path) if text is not None else None
        )

    def build(self) -> None:
        data, state = self.s.data, self.state
        start = self.s.start
        state.act = start.act
        state.round = (
            self.catalog.setup.acts.rounds[start.act - 1] if start.phase == "luciano" else 0
        )
        if start.phase != "setup":  # the prologue sets its own phase (R-PROLOGUE)
            state.phase = Phase.FINAL_SCORING if start.phase == "final" else Phase.ROUNDS
        if "closed" in data:
            self._closed(data["closed"])
        # columns revealed before this act are used up (R-GANGWAR-11, R-POLICE-2)
        used = max(0, start.act - 1)
        del state.war_columns[:used]
        del state.police_columns[:used]
        if data.get("map", "empty") == "empty":
            for number in state.districts:
                self._clear(number)
        players = data.get("player", {})
        for colour, spec in players.items():  # before buildings pick their pieces
            self._lost_pieces(Colour(colour), spec)
        for number, spec in data.get("districts", {}).items():
            self._district(int(number), spec)
        self._return_cards(players)
        for colour, spec in players.items():
            self._player(Colour(colour), spec)
        self._capos(start)
        for i, spec in enumerate(data.get("ships", ())):
            self._ship(i, spec)
        self._docks(data.get("docks", {}))
        for i, spec in enumerate(data.get("books", ())):
            self._book(i, spec)
        if "turn_order" in data:
            n = len(state.turn_order.top)
            state.turn_order.top = [Colour(c) for c in data["turn_order"]] + [None] * (
                n - len(data["turn_order"])
            )
            state.turn_order.bottom = [None] * n
        if "gangster_deck" in data:
            self._gangster_deck(data["gangster_deck"])
        for area, value in data.get("gangster_control", {}).items():
            state.gangster_control[Area(area)] = value
        self.ctx.emit(
            "scenario",
            None,
            ("R-SETUP-1",),
            f"Scenario: {self.s.title}.",
            title=self.s.title,
            source=self.s.source,
        )

    # ------------------------------------------------------------------ the map
    def _closed(self, closed: list[int]) -> None:
        state = self.state
        now = sorted(n for n, d in state.districts.items() if d.closed)

        def per_area(districts: list[int]) -> list[str]:
            return sorted(self.board.area_of(d).value for d in districts)

        if per_area(closed) != per_area(now):
            self.fail(
                f"this game closes {len(now)} district(s) ({', '.join(per_area(now)) or 'none'})"
                " (R-SETUP-2)",
                "closed",
            )
        tokens: list[str] = []
        for number in closed:
            if number in now:
                continue
            self._clear(number)
            district = state.districts[number]
            tokens += [sp.city_token for sp in district.spaces if sp.city_token is not None]
            district.closed, district.spaces = True, []
        for number in now:
            if number in closed:
                continue
            district = state.districts[number]
            district.closed = False
            district.spaces = _spaces(self.board.spaces(number))
            for sp in district.spaces:  # the tokens of the newly closed districts move here
                if tokens:
                    sp.city_token = tokens.pop()
        if tokens:  # any left over join the city offer's face-down stacks (R-COMP)
            if not state.city_offer.left:
                state.city_offer.left.append([])
            state.city_offer.left[0].extend(tokens)

    def _clear(self, number: int) -> None:
        state = self.state
        district = state.districts[number]
        if district.police:
            state.supply_police += 1
        for sp in district.spaces:
            if sp.gangster_bar:
                state.supply_gangster_bars += 1
            sp.gangster_bar = False
            if sp.building is not None:
                self._remove_building(sp.building)
                sp.building = None
        district.police = district.police_token = district.war_token = False
        district.strength_token, district.gangster, district.had_gangster = None, None, False

    def _remove_building(self, b: Building) -> None:
        player = self.state.players[b.owner]
        player.board_pieces.append(b.piece)
        if b.protected:
            player.mafiosi += 1
        if b.barrel:
            self.state.supply_barrels += 1

    def _district(self, number: int, spec: Mapping[str, Any]) -> None:
        state = self.state
        district = state.districts[number]
        path: tuple[str | int, ...] = ("districts", str(number))
        if district.closed:  # police may be there (R-CLOSED-2, R-POLICE-3); nothing else
            for key, rule in _CLOSED_FORBIDS.items():
                if spec.get(key):
                    self.fail(f"this district is closed in this game ({rule})", *path, key)
        self._clear(number)
        count = len(district.spaces)
        if len(spec.get("buildings", ())) + _bar_count(spec) > count:
            self.fail(f"district {number} has only {count} spaces (GEO-2)", *path)
        bars = spec.get("gangster_bars", 0)
        listed = [int(space) - 1 for space in bars] if isinstance(bars, list) else []
        for i, index in enumerate(listed):
            if index >= count:
                self.fail(
                    f"district {number} has only {count} spaces (GEO-2)", *path, "gangster_bars", i
                )
        placed = self._places(number, spec.get("buildings", ()), path, listed)
        for i, b in enumerate(spec.get("buildings", ())):
            self._building(district.spaces[placed[i]], b, (*path, "buildings", i))
        free = [i for i in range(count) if i not in placed]
        for index in listed or free[: _bar_count(spec)]:
            if state.supply_gangster_bars == 0:
                self.fail("no gangster bar left in the supply (R-COMP-6)", *path, "gangster_bars")
            state.supply_gangster_bars -= 1
            district.spaces[index].gangster_bar = True
        if spec.get("police"):
            if state.supply_police == 0:
                self.fail("no police figure left in the supply", *path, "police")
            state.supply_police -= 1
            district.police = True
        district.police_token = bool(spec.get("police_token", False))
        district.war_token = bool(spec.get("war_token", False))
        if "strength" in spec:
            district.strength_token = int(spec["strength"])
        if "gangster" in spec:
            tile = spec["gangster"]
            if tile not in {g.id for g in self.catalog.gangsters}:
                self.fail(f"no gangster tile {tile!r}", *path, "gangster")
            self._take_gangster(tile)
            district.gangster, district.had_gangster = tile, True
            if district.strength_token is None:
                district.strength_token = self.catalog.gangster(tile).strength
        if spec.get("had_gangster"):  # its tile has left since (R-ALLY-2, R-GANGWAR-9)
            district.had_gangster = True

    def _places(
        self,
        number: int,
        buildings: Sequence[Mapping[str, Any]],
        path: tuple[str | int, ...],
        bars: Sequence[int] = (),
    ) -> list[int]:
        """The space (0-based) of each building: its ``space`` (1-based) if given, else the
        first free one in order (``bars``: the spaces listed for gangster bars)."""
        count = len(self.state.districts[number].spaces)
        taken: list[int] = []
        for i, b in enumerate(buildings):
            if "space" in b:
                index = int(b["space"]) - 1
                if index >= count:
                    self.fail(
                        f"district {number} has only {count} spaces (GEO-2)",
                        *path,
                        "buildings",
                        i,
                        "space",
                    )
                if index in taken or index in bars:
                    self.fail(f"space {index + 1} is used twice", *path, "buildings", i, "space")
                taken.append(index)
            else:
                taken.append(next(s for s in range(count) if s not in taken and s not in bars))
        return taken

    def _building(self, space: Any, spec: Mapping[str, Any], path: tuple[str | int, ...]) -> None:
        owner = Colour(spec["owner"])
        kind = BuildingType(spec["type"])
        player = self.state.players[owner]
        wanted = spec.get("piece")
        piece = next(
            (
                p.id
                for p in self.catalog.operations_board.spaces
                if p.building == kind.value
                and p.id in player.board_pieces
                and wanted in (None, p.id)
            ),
            None,
        )
        if piece is None and wanted is not None:
            self.fail(f"{owner} has no {kind.value} {wanted!r} on the operations board", *path)
        if piece is None:
            self.fail(f"{owner} has no {kind.value} left on the operations board", *path)
        assert piece is not None
        player.board_pieces.remove(piece)
        building = Building(owner, kind, piece)
        if spec.get("protected"):
            if player.mafiosi == 0:
                self.fail(f"{owner} has no mafioso left in the supply (R-PROTECT-1)", *path)
            player.mafiosi -= 1
            building.protected = True
        if spec.get("barrel"):
            if self.state.supply_barrels == 0:
                self.fail("no barrel left in the supply", *path, "barrel")
            self.state.supply_barrels -= 1
            building.barrel = True
        if space.city_token is not None:  # the token goes to the builder's board (R-BUILD-2)
            player.city_tokens.append(space.city_token)
            space.city_token = None
        space.building = building

    def _take_gangster(self, tile: str) -> None:
        for deck in self.state.gangster_decks.values():
            if tile in deck:
                deck.remove(tile)

    def _gangster_deck(self, tiles: list[str]) -> None:
        from speakeasy.rules.luciano import deck_letter

        act = self.s.start.act
        if act == 4:
            self.fail("there is no gang war in Act 4 (R-ACT-2)", "gangster_deck")
        letter = deck_letter(self.catalog, act)
        allowed = {t.id for t in self.catalog.gangster_deck(letter)}
        for i, tile in enumerate(tiles):
            if tile not in allowed:
                self.fail(f"{tile!r} is not in the Act {act} deck {letter}", "gangster_deck", i)
        self.state.gangster_decks[letter] = list(tiles)

    # ------------------------------------------------------------------ players
    def _player(self, colour: Colour, spec: Mapping[str, Any]) -> None:
        state, player = self.state, self.state.players[colour]
        path = ("player", colour.value)
        for key in ("pocket", "safe", "distillery_barrels"):
            if key in spec:
                if key == "distillery_barrels":
                    self._supply_barrels(spec[key] - player.distillery_barrels, *path, key)
                setattr(player, key, int(spec[key]))
        if "levels" in spec:
            for track, level in spec["levels"].items():
                player.levels[Track(track)] = int(level)
            for space in list(player.notoriety_mafiosi):  # R-NOTOR-4
                if space <= player.notoriety:
                    player.notoriety_mafiosi.remove(space)
                    player.mafiosi += 1
        if "goons" in spec:
            limit = len(self.catalog.operations_board.goon_costs)
            change = spec["goons"] - player.goons
            if spec["goons"] > limit or change > state.supply_goons:
                self.fail(f"at most {limit} goons, and only from the supply (R-GOON-1)", *path)
            state.supply_goons -= change
            player.goons = spec["goons"]
        if "leverage_tokens" in spec:
            change = spec["leverage_tokens"] - player.leverage_tokens
            if change > state.supply_leverage:
                self.fail("not enough leverage tokens in the supply", *path, "leverage_tokens")
            state.supply_leverage -= change
            player.leverage_tokens = spec["leverage_tokens"]
        if "books" in spec:
            change = spec["books"] - player.books
            if change > player.books_supply:
                self.fail(
                    f"{colour} has only {player.books + player.books_supply} books (R-BOOKS-1)",
                    *path,
                    "books",
                )
            player.books_supply -= change
            player.books = spec["books"]
        if "vip" in spec:
            change = spec["vip"] - player.vip
            if spec["vip"] > self.catalog.operations_board.vip_spaces or change > player.mafiosi:
                self.fail(
                    "the VIP area is too small or the mafiosi supply is empty "
                    "(R-MAFIOSO-1, GAP-21)",
                    *path,
                    "vip",
                )
            player.mafiosi -= change
            player.vip = spec["vip"]
        if "mafiosi_lost" in spec:
            change = spec["mafiosi_lost"] - player.mafiosi_lost
            if change > player.mafiosi:
                self.fail(
                    f"{colour} has only {player.mafiosi} mafiosi in the supply (R-GANGWAR-8)",
                    *path,
                    "mafiosi_lost",
                )
            player.mafiosi -= change
            player.mafiosi_lost = spec["mafiosi_lost"]
        if "partner" in spec:
            self._partner(player, spec, path)
        for i, crate in enumerate(spec.get("crates", ())):
            if not self._take_crate(crate):
                self.fail(f"crate {crate!r} is not in the crate stack", *path, "crates", i)
            player.crates.append(crate)
        for key, held in (("helpers", player.helpers), ("helpers_used", player.helpers_used)):
            for i, helper in enumerate(spec.get(key, ())):
                if not self._take_helper(helper):
                    self.fail(f"helper card {helper!r} is not available", *path, key, i)
                held.append(helper)
        for i, card in enumerate(spec.get("hand", ())):  # every listed hand went back first
            self._take_card(card, *path, "hand", i)
            player.hand.append(card)
        for track, card in spec.get("slots", {}).items():
            self._take_card(card, *path, "slots", track)
            kind = self.catalog.card(card).type
            if kind != track:  # each slot holds a card of its own type (R-CARD-3)
                self.fail(
                    f"{card!r} is a {kind} card, not a {track} card (R-CARD-3)",
                    *path,
                    "slots",
                    track,
                )
            player.slots[Track(track)] = card
        for i, truck_spec in enumerate(spec.get("trucks", ())):
            truck = player.trucks[i]
            if "district" in truck_spec:  # closed districts too (R-CLOSED-2)
                truck.district = truck_spec["district"]
            if "barrels" in truck_spec:
                self._supply_barrels(truck_spec["barrels"] - truck.barrels, *path, "trucks", i)
                truck.barrels = truck_spec["barrels"]
        for area, value in spec.get("area_control", {}).items():
            player.area_control[Area(area)] = value

    def _supply_barrels(self, taken: int, *path: str | int) -> None:
        if taken > self.state.supply_barrels:
            self.fail("not enough barrels in the supply", *path)
        self.state.supply_barrels -= taken

    def _take_crate(self, crate: str) -> bool:
        state = self.state
        if crate in state.crate_stack:
            state.crate_stack.remove(crate)
            return True
        for ship in state.ships:
            if ship.crate == crate:
                ship.crate = state.crate_stack.pop(0) if state.crate_stack else None
                return True
        return False

    def _take_helper(self, helper: str) -> bool:
        state = self.state
        if helper in state.helper_deck:
            state.helper_deck.remove(helper)
            return True
        if helper in state.helper_offer:
            i = state.helper_offer.index(helper)
            if state.helper_deck:
                state.helper_offer[i] = state.helper_deck.pop(0)
            else:
                state.helper_offer.pop(i)
            return True
        return False

    def _return_cards(self, players: Mapping[str, Any]) -> None:
        """Every hand and slot the scenario lists goes back to its deck before any is dealt:
        a card of one player's setup hand may be in another player's hand or slot. Operation
        cards are only ever in the decks, the hands and the slots (R-CARD-3/5/6)."""
        for colour, spec in players.items():
            player = self.state.players[Colour(colour)]
            if "hand" in spec:
                for card in player.hand:
                    self._return_card(card)
                player.hand = []
            for track in spec.get("slots", {}):
                old = player.slots.get(Track(track))
                if old:
                    self._return_card(old)
                player.slots[Track(track)] = None

    def _take_card(self, card: str, *path: str | int) -> None:
        for deck in self.state.operation_decks.values():
            if card in deck:
                deck.remove(card)
                return
        for colour, player in self.state.players.items():
            if card in player.hand:
                self.fail(f"operation card {card!r} is already in {colour}'s hand", *path)
            for track, slotted in player.slots.items():
                if slotted == card:
                    self.fail(
                        f"operation card {card!r} is already in {colour}'s {track} slot", *path
                    )
        self.fail(f"no operation card {card!r}", *path)

    def _return_card(self, card: str) -> None:
        self.state.operation_decks[Track(self.catalog.card(card).type)].append(card)

    def _lost_pieces(self, colour: Colour, spec: Mapping[str, Any]) -> None:
        """Operations-board pieces removed from the game (R-UPGRADE-1, R-GANGWAR-8)."""
        player = self.state.players[colour]
        for i, piece in enumerate(spec.get("lost_pieces", ())):
            if piece not in player.board_pieces:
                self.fail(
                    f"{colour} has no piece {piece!r} on the operations board",
                    "player",
                    colour.value,
                    "lost_pieces",
                    i,
                )
            player.board_pieces.remove(piece)
            player.lost_pieces.append(piece)

    def _partner(self, player: Player, spec: Mapping[str, Any], path: tuple[str, ...]) -> None:
        """The partner tile on the operations board, the alliance marker in the district it
        came from (R-ALLY-2) and whether its once-per-game free help is spent (R-PARTNER-6)."""
        tile = spec["partner"]
        if tile not in {g.id for g in self.catalog.gangsters}:
            self.fail(f"no gangster tile {tile!r}", *path, "partner")
        self._take_gangster(tile)
        districts = self.state.districts
        # with map = "setup" the tile may lie on the gangster board: the alliance takes it
        # from there, and the marker goes to its district unless the scenario says otherwise
        came_from = next((n for n, d in districts.items() if d.gangster == tile), None)
        if came_from is not None:
            districts[came_from].gangster = None
        number = spec.get("partner_district", came_from)
        if number is not None:
            district = districts[number]
            if district.closed:
                self.fail(
                    "no gangster ever arrives in a closed district (R-CLOSED-3)",
                    *path,
                    "partner_district",
                )
            if district.gangster is not None:
                self.fail(
                    f"district {number} holds gangster tile {district.gangster!r}; the alliance "
                    "marker stands where the partner's tile was taken from (R-ALLY-2)",
                    *path,
                    "partner_district",
                )
            district.had_gangster = True
        player.partner, player.partner_district = tile, number
        player.partner_free_used = bool(spec.get("partner_free_used", False))

    def _capos(self, start: Start) -> None:
        """R-CAPO-1..4: a game starting after an act's capo return holds that act's capos (the
        flow returns capos only at the start of an act it plays from its first round)."""
        late = start.phase in ("luciano", "final") or (start.phase == "rounds" and start.round > 1)
        if start.act == 1 or not late:
            return
        keep = self.catalog.setup.acts.capos[start.act - 1]
        total = self.catalog.components.count("capos")
        for player in self.state.players.values():
            player.capos, player.capos_boxed = keep, total - keep

    # ------------------------------------------------------------------ ships and docks
    def _ship(self, i: int, spec: Mapping[str, Any]) -> None:
        state = self.state
        path = ("ships", i)
        ship = next((sh for sh in state.ships if sh.ship == spec["ship"]), None)
        if ship is None:
            known = ", ".join(sh.ship for sh in state.ships)
            self.fail(f"no ship {spec['ship']!r} in this game ({known})", *path, "ship")
        assert ship is not None
        if "port" in spec:
            port = spec["port"]
            if port not in self.board.ports:
                self.fail(f"district {port} has no port (GEO-5)", *path, "port")
            other = next((sh for sh in state.ships if sh.port == port and sh is not ship), None)
            if other is not None:  # swap: two ships never share a port (R-SHIP-1)
                other.port = ship.port
            ship.port = port
        if "removed" in spec:
            spaces = self.catalog.ship(ship.ship).barrel_spaces
            if spec["removed"] > spaces:
                self.fail(f"the ship holds only {spaces} barrels", *path, "removed")
            state.supply_barrels += spec["removed"] - ship.removed
            ship.removed = spec["removed"]
        if "crate" in spec:
            self._ship_crate(ship, spec["crate"], path)

    def _ship_crate(self, ship: Ship, crate: str | bool, path: tuple[str | int, ...]) -> None:
        state = self.state
        if ship.crate is not None:
            state.crate_stack.insert(0, ship.crate)
            ship.crate = None
        if crate is False:
            return
        if crate is True or not self._take_crate(str(crate)):
            self.fail(f"crate {crate!r} is not available", *path, "crate")
        ship.crate = str(crate)

    def _book(self, i: int, spec: Mapping[str, Any]) -> None:
        """A book cooked on a goal: from the owner's book supply onto the goal's space."""
        path = ("books", i)
        goal, owner = str(spec["goal"]), Colour(spec["owner"])
        spaces = self.state.books.get(goal)
        if spaces is None:
            in_play = ", ".join(sorted(self.state.books))
            self.fail(f"goal {goal!r} is not in play in this game ({in_play})", *path, "goal")
        assert spaces is not None
        index = int(spec["space"]) - 1
        if index >= len(spaces):
            self.fail(f"{goal} has {len(spaces)} book spaces", *path, "space")
        if spaces[index] is not None:
            self.fail(f"space {index + 1} of {goal} already holds a book", *path, "space")
        if owner in spaces:
            self.fail(f"{owner} already has a book on {goal} (R-BOOKS-3)", *path, "owner")
        player = self.state.players.get(owner)
        if player is None:
            self.fail(f"{owner} is not seated", *path, "owner")
        assert player is not None
        if player.books_supply == 0:
            self.fail(f"{owner} has no book left in the supply (R-BOOKS-1)", *path, "owner")
        player.books_supply -= 1
        spaces[index] = owner

    def _docks(self, docks: Mapping[str, list[str | bool]]) -> None:
        state = self.state
        for area_name, colours in docks.items():
            area = Area(area_name)
            row = state.docks[area]
            for colour in row:  # mafiosi already there go back to their supply
                if colour is not None:
                    state.players[colour].mafiosi += 1
            if len(colours) > len(row):
                self.fail(f"the {area_name} docks have {len(row)} spaces", "docks", area_name)
            spaces = [None if c is False else Colour(str(c)) for c in colours]  # false: empty
            for i, colour in enumerate(spaces):
                if colour is None:
                    continue
                player = state.players.get(colour)
                if player is None or player.mafiosi == 0:
                    self.fail(f"{colour} has no mafioso to place", "docks", area_name, i)
                assert player is not None
                player.mafiosi -= 1
            state.docks[area] = spaces + [None] * (len(row) - len(spaces))


def _spaces(count: int) -> list[Any]:
    from speakeasy.model.state import BuildingSpace

    return [BuildingSpace() for _ in range(count)]


# ---------------------------------------------------------------------- saving a position
def district_spec(state: GameState, number: int) -> dict[str, Any]:
    """District ``number`` of ``state`` as a scenario's ``[districts.N]`` table (empty when
    there is nothing on it): every building with its space and operations-board piece, the
    gangster bars (a count when they stand on the first free spaces, else their spaces),
    police, tokens, the gangster tile, and whether a gangster has been there (R-GANGWAR-13).
    """
    d = state.districts[number]
    spec: dict[str, Any] = {}
    buildings = [
        {
            "owner": sp.building.owner.value,
            "type": sp.building.type.value,
            **({"protected": True} if sp.building.protected else {}),
            **({"barrel": True} if sp.building.barrel else {}),
            "space": index + 1,
            "piece": sp.building.piece,
        }
        for index, sp in enumerate(d.spaces)
        if sp.building is not None
    ]
    if buildings:
        spec["buildings"] = buildings
    bars = [index for index, sp in enumerate(d.spaces) if sp.gangster_bar]
    free = [index for index, sp in enumerate(d.spaces) if sp.building is None]
    if bars:  # a count when they stand on the first free spaces, as a count places them
        spec["gangster_bars"] = (
            len(bars) if bars == free[: len(bars)] else [index + 1 for index in bars]
        )
    for key in ("police", "police_token", "war_token"):
        if getattr(d, key):
            spec[key] = True
    if d.strength_token is not None:
        spec["strength"] = d.strength_token
    if d.gangster is not None:
        spec["gangster"] = d.gangster
    elif d.had_gangster:  # its tile has left (R-GANGWAR-9) or is a partner (R-ALLY-2)
        spec["had_gangster"] = True
    return spec


def scenario_from_game(game: Game, title: str = "Saved position", **extra: Any) -> Scenario:
    """The position of ``game`` as a scenario at the start of its current round.

    Everything the format describes is kept: reloading the scenario gives the same map, the
    same players' resources, cards, pieces and partners, the same ships, docks, books and
    gangster deck. What a scenario cannot hold is left out: capos on persons (the round restarts
    with the act's capos, R-CAPO), the order of the decks and stacks, the helper and city
    offers, the city tokens on the players' boards (each builder holds its spaces' setup
    tokens instead), and which goals are in play (a scenario restarts the round from its first
    player with the decks shuffled by its seed, which deals the same goals). A game saved
    before its first decision starts with the prologue again; one saved during the prologue
    starts at Act 1 without the prologue turns still to come; one saved during a gang war
    restarts the Lucky Luciano phase with the districts still holding a war token.
    """
    state, catalog = game.state, load_catalog()
    phase = "final" if game.is_over else "rounds"
    if state.phase in (Phase.GANG_WAR, Phase.POLICE, Phase.AREA_CONTROL, Phase.PAYOUT):
        phase = "luciano"
    elif state.phase in (Phase.SETUP, Phase.PROLOGUE) and not game.history:
        phase = "prologue"
    data: dict[str, Any] = {
        "title": title,
        "source": "saved",
        "players": [c.value for c in game.colours],
        "seed": game.seed,
        "act": max(state.act, 1),
        "phase": phase,
    }
    if phase == "rounds":
        data["round"] = max(state.round, 1)
    closed = sorted(n for n, d in state.districts.items() if d.closed)
    if closed:
        data["closed"] = closed
    # a round restarts in the order it began with; after the rounds the track's order stands
    order = list(state.round_players) if phase == "rounds" else []
    if set(order) != set(game.colours):
        order = [c for c in (*state.turn_order.top, *state.turn_order.bottom) if c is not None]
    data["turn_order"] = [c.value for c in order]
    districts: dict[str, Any] = {}
    for number in sorted(state.districts):
        spec = district_spec(state, number)
        if spec:
            districts[str(number)] = spec
    data["districts"] = districts
    players: dict[str, Any] = {}
    for colour, p in state.players.items():
        players[colour.value] = {
            "pocket": p.pocket,
            "safe": p.safe,
            "levels": {t.value: lv for t, lv in p.levels.items()},
            "goons": p.goons,
            "leverage_tokens": p.leverage_tokens,
            "books": p.books,
            "vip": p.vip,
            **({"partner": p.partner} if p.partner else {}),
            **({"partner_district": p.partner_district} if p.partner_district else {}),
            **({"partner_free_used": True} if p.partner and p.partner_free_used else {}),
            **({"crates": list(p.crates)} if p.crates else {}),
            **({"helpers": list(p.helpers)} if p.helpers else {}),
            **({"helpers_used": list(p.helpers_used)} if p.helpers_used else {}),
            "hand": list(p.hand),
            **(
                {"slots": {t.value: c for t, c in p.slots.items() if c}}
                if any(p.slots.values())
                else {}
            ),
            "trucks": [
                {**({"district": t.district} if t.district else {}), "barrels": t.barrels}
                for t in p.trucks
            ],
            "distillery_barrels": p.distillery_barrels,
            "area_control": {a.value: v for a, v in p.area_control.items()},
            **({"lost_pieces": list(p.lost_pieces)} if p.lost_pieces else {}),
            **({"mafiosi_lost": p.mafiosi_lost} if p.mafiosi_lost else {}),
        }
    data["player"] = players
    data["ships"] = [
        {"ship": s.ship, "port": s.port, "removed": s.removed, "crate": s.crate or False}
        for s in state.ships
    ]
    data["docks"] = {  # the spaces top first, up to the last one taken; false: empty
        a.value: [c.value if c is not None else False for c in row][
            : max(i + 1 for i, c in enumerate(row) if c is not None)
        ]
        for a, row in state.docks.items()
        if any(c is not None for c in row)
    }
    if state.act in (1, 2, 3) and phase != "final":
        from speakeasy.rules.luciano import deck_letter

        data["gangster_deck"] = list(
            state.gangster_decks.get(deck_letter(catalog, max(state.act, 1)), [])
        )
    data["gangster_control"] = {a.value: v for a, v in state.gangster_control.items()}
    books = [
        {"goal": goal, "space": index + 1, "owner": owner.value}
        for goal, spaces in sorted(state.books.items())
        for index, owner in enumerate(spaces)
        if owner is not None
    ]
    if books:
        data["books"] = books
    data.update(extra)
    return Scenario(data)


def iter_fields(data: Mapping[str, Any], prefix: str = "") -> Iterator[tuple[str, Any]]:
    """Every leaf field of scenario data as ``(dotted path, value)``."""
    for key, value in data.items():
        path = f"{prefix}.{key}" if prefix else str(key)
        if isinstance(value, Mapping):
            yield from iter_fields(value, path)
        else:
            yield path, value


def scenario_event(events: Sequence[Event]) -> Event | None:
    """The event announcing a scenario among a game's setup events."""
    return next((e for e in events if e.kind == "scenario"), None)


SPEAKEASY.register_start_decoder("scenario", Scenario.from_data)  # saved games read scenarios

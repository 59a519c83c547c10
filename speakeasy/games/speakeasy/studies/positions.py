"""Positions for the explorers: one way to name a position and to obtain it.

The control, gang-war and truck-route explorers offer positions by *key*, one grammar for all:

=====================================  ===============================================
``scenario:<name>``                    a shipped scenario (``data/scenarios/<name>.toml``)
                                       or one of :data:`STUDY_SCENARIOS`
``bot:<players>:<seed>:<decisions>``   a seeded game of heuristic bots, that many
                                       decisions in (:func:`bot_game`)
``bot:<players>:<seed>:war<act>``      the same game at its last decision before the
                                       Act ``<act>`` gang war (:func:`bot_game_before_war`)
``setup:<players>:<seed>``             a setup map: police, gangsters, city tokens (R-SETUP-*)
``empty:<players>``                    an empty map
``{...}``                              a saved game, as :meth:`Game.to_json` writes it
=====================================  ===============================================

:func:`position_game` gives the game at a key's position (explorers that play on from it),
:func:`position_scenario` the position as a scenario (explorers that edit it), and
:class:`Position` the scenario with the state built from it.

>>> position_title("setup:2:1")
'Setup map, 2 players (seed 1)'
>>> game = position_game("scenario:e04_police_casino_district_12")
>>> game.state.districts[12].police
True
>>> position = Position.load("scenario:uptown_e5_e6")
>>> position.title, position.colours
('E5 + E6: all of Uptown before the control check', (<Colour.PURPLE: 'purple'>, ...))
>>> position_game("bot:2:3:40") == bot_game(seed=3, decisions=40)
True
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from speakeasy.core.bots import decide
from speakeasy.core.seeds import derive_seed
from speakeasy.games.speakeasy.engine.bots import Bot
from speakeasy.games.speakeasy.engine.game import Game
from speakeasy.games.speakeasy.engine.observe import Observation
from speakeasy.games.speakeasy.model.board import Board
from speakeasy.games.speakeasy.model.catalog.catalog import Catalog
from speakeasy.games.speakeasy.model.state import Colour, GameState, Phase
from speakeasy.games.speakeasy.positions.capture import scenario_from_game, scenario_from_view
from speakeasy.games.speakeasy.positions.errors import ScenarioError
from speakeasy.games.speakeasy.positions.format import Scenario, parse_scenario
from speakeasy.games.speakeasy.positions.shipped import load_scenario
from speakeasy.games.speakeasy.studies.analysis import analysis_context
from speakeasy.games.speakeasy.studies.strategy import HeuristicBot
from speakeasy.tools.page_address import (
    LINK_KEY,
    MAX_CHARS,
    decode_table,
    encode_table,
    open_link,
)

__all__ = [
    "POSITION_KEY",
    "STUDY_SCENARIOS",
    "UPTOWN_E5_E6",
    "LinkedStart",
    "Position",
    "bot_game",
    "bot_game_before_war",
    "linked_start",
    "position_game",
    "position_query",
    "position_scenario",
    "position_title",
    "subject_colour",
]

#: Rulebook examples E5 and E6 together: the whole of Uptown before its control check. District
#: 13 uses the Polish book's nightclub for Green (DISC-8), so that Green's casino in 16 keeps
#: the one-casino-per-area limit (R-BUILD-5).
UPTOWN_E5_E6 = """
title = "E5 + E6: all of Uptown before the control check"
source = "rulebook: E5, E6"
description = "Districts 13-16 as in the rulebook's Uptown control examples."

[districts.13]
buildings = [{ owner = "yellow", type = "bar" }, { owner = "green", type = "nightclub" }]

[districts.14]
buildings = [
    { owner = "yellow", type = "nightclub" },
    { owner = "yellow", type = "bar" },
    { owner = "blue", type = "nightclub" },
]

[districts.15]
gangster_bars = 2
buildings = [{ owner = "purple", type = "distillery" }]

[districts.16]
police = true
gangster_bars = 1
buildings = [
    { owner = "blue", type = "bar", protected = true },
    { owner = "green", type = "casino" },
]
"""

#: Scenarios the studies add to the shipped ones (``scenario:<name>`` keys), name -> TOML.
STUDY_SCENARIOS: Mapping[str, str] = {"uptown_e5_e6": UPTOWN_E5_E6}

_GRAMMAR = (
    "scenario:NAME, bot:PLAYERS:SEED:DECISIONS, bot:PLAYERS:SEED:warACT, setup:PLAYERS:SEED, "
    "empty:PLAYERS, at:LINK or a saved game's JSON"
)

#: The query parameter of an explorer opened at a position from a game (``?at=LINK``): a
#: seat's view of the map (:func:`position_query`), read by the key ``at:LINK``.
POSITION_KEY = LINK_KEY
#: The kind of data a position link holds (a play table's address is never read as one).
_LINK_KIND = "speakeasy-view"


def position_query(observation: Observation, title: str) -> dict[str, str]:
    """The query that opens an explorer at what ``observation``'s seat sees of the map
    (:func:`~speakeasy.games.speakeasy.positions.capture.scenario_from_view`: nothing hidden
    from that seat), titled ``title``; empty when the view is too large for an address or
    cannot be written as a scenario (``tests/test_control_study.py`` checks that every
    position of many seeded games has one).

    >>> from speakeasy.games.speakeasy.model.state import Colour
    >>> game = Game([Colour.PURPLE, Colour.BLUE], seed=1)
    >>> query = position_query(game.observe(Colour.PURPLE), "Your game, step 0")
    >>> position_title(f"at:{query['at']}")
    'Your game, step 0'
    """
    try:
        view = scenario_from_view(observation, title)
    except ScenarioError:  # a view the format cannot state: the explorer opens at its start
        return {}
    link = encode_table(_LINK_KIND, {"scenario": view.to_data()})
    return {POSITION_KEY: link} if len(link) <= MAX_CHARS else {}


def _linked(link: str) -> Scenario:
    """The scenario a position link holds; ``ValueError`` (the address's or the scenario's
    refusal, in plain words) if it holds none."""
    table = decode_table(link, _LINK_KIND, "the link")
    if set(table) != {"scenario"}:
        raise ValueError("the link holds no position")
    return Scenario.from_data(table["scenario"], "the link's position")


# ============================================================================ bot games
def _bots(game: Game) -> dict[Colour, Bot]:
    """A heuristic bot for each seat, each seeded from the game's seed and its colour."""
    return {c: HeuristicBot(seed=derive_seed(game.seed, "bot", c.value)) for c in game.colours}


def bot_game(seed: int, decisions: int, players: int = 2) -> Game:
    """A seeded game of heuristic bots, ``decisions`` decisions in (or over, if sooner)."""
    game = Game.new(players=players, seed=seed)
    bots = _bots(game)
    for _ in range(decisions):
        player = game.current_player
        if player is None:
            break
        game.apply(decide(game, bots[player]))
    return game


def bot_game_before_war(seed: int, act: int, players: int = 2) -> Game:
    """A seeded game of heuristic bots played up to its last decision before the Act ``act``
    gang war (R-ACT-2): the next decision, whatever it is, ends the act's rounds."""
    if act not in (1, 2, 3):
        raise ValueError(f"there is no gang war in Act {act}: only Acts 1-3 (R-ACT-2)")
    game = Game.new(players=players, seed=seed)
    bots = _bots(game)
    while (player := game.current_player) is not None:
        game.apply(decide(game, bots[player]))
        state = game.state
        if state.act > act or (state.act == act and state.phase is not Phase.ROUNDS):
            game.undo()
            break
    return game


# ============================================================================ keys
@dataclass(frozen=True, slots=True)
class _Key:
    """A parsed key: its kind and its parts (numbers where the grammar has numbers)."""

    kind: str
    name: str = ""
    players: int = 0
    seed: int = 0
    decisions: int | None = None
    war: int | None = None  # the act of the gang war a bot game stops before


def _parse(key: str) -> _Key:
    if key.lstrip().startswith("{"):
        return _Key("save")
    kind, _, rest = key.partition(":")
    parts = rest.split(":")
    try:
        if kind in ("scenario", POSITION_KEY) and rest:
            return _Key(kind, name=rest)
        if kind == "bot" and len(parts) == 3:
            players, seed, when = int(parts[0]), int(parts[1]), parts[2]
            if when.startswith("war"):
                return _Key(kind, players=players, seed=seed, war=int(when.removeprefix("war")))
            return _Key(kind, players=players, seed=seed, decisions=int(when))
        if kind == "setup" and len(parts) == 2:
            return _Key(kind, players=int(parts[0]), seed=int(parts[1]))
        if kind == "empty" and len(parts) == 1:
            return _Key(kind, players=int(parts[0]))
    except ValueError:
        pass
    raise ValueError(f"unknown position {key!r}; a position key is {_GRAMMAR}")


def position_title(key: str) -> str:
    """The position's title, e.g. ``"Bot game, 4 players (seed 3, after 300 decisions)"``."""
    k = _parse(key)
    if k.kind == "scenario":
        return _scenario(k.name).title
    if k.kind == POSITION_KEY:
        return _linked(k.name).title
    if k.kind == "bot":
        when = f"after {k.decisions} decisions"
        if k.war is not None:
            when = f"just before the Act {k.war} gang war"
        return f"Bot game, {k.players} players (seed {k.seed}, {when})"
    if k.kind == "setup":
        return f"Setup map, {k.players} players (seed {k.seed})"
    if k.kind == "empty":
        return f"Empty map, {k.players} players"
    return "Saved game"


def position_game(key: str) -> Game:
    """The game at the position ``key`` names: a bot game or a saved game as played (with its
    history), any other position as a new game set up from its scenario."""
    k = _parse(key)
    if k.kind == "save":
        return Game.from_json(key)
    if k.kind == "bot":
        if k.war is not None:
            return bot_game_before_war(k.seed, k.war, players=k.players)
        assert k.decisions is not None
        return bot_game(k.seed, k.decisions, players=k.players)
    return position_scenario(key).game()


def position_scenario(key: str) -> Scenario:
    """The position ``key`` names, as a scenario. A played game (a bot game, a save) is saved
    as one at the start of its round
    (:func:`~speakeasy.games.speakeasy.positions.scenario_from_game`)."""
    k = _parse(key)
    if k.kind == "scenario":
        return _scenario(k.name)
    if k.kind == POSITION_KEY:
        return _linked(k.name)
    if k.kind in ("bot", "save"):
        return scenario_from_game(position_game(key), title=position_title(key))
    data: dict[str, object] = {
        "title": position_title(key),
        "players": [c.value for c in list(Colour)[: k.players]],
    }
    if k.kind == "setup":
        data |= {"seed": k.seed, "map": "setup"}
    return Scenario.from_data(data)


def subject_colour(game: Game) -> Colour:
    """The player a position is about, whom an explorer opens it with: the player its
    scenario's question names (E17 asks about Yellow), else, in a game under way (a bot game,
    a save), the player whose turn it is; else the first seated player with a truck or a
    building on the map (a scenario without a question); else the first seated player.

    >>> subject_colour(position_game("scenario:e17_truck_from_district_16")).value
    'yellow'
    >>> game = position_game("bot:2:3:120")
    >>> subject_colour(game) == game.current_player
    True
    """
    scenario = game.scenario
    question = scenario.question if isinstance(scenario, Scenario) else None
    if question is not None and question.get("colour") in {c.value for c in game.colours}:
        return Colour(question["colour"])
    if game.history and game.current_player is not None:
        return Colour(game.current_player)
    state = game.state
    on_map = {
        s.building.owner
        for d in state.districts.values()
        for s in d.spaces
        if s.building is not None
    }
    for colour in game.colours:
        player = state.players[colour]
        if colour in on_map or any(t.district is not None for t in player.trucks):
            return colour
    if game.current_player is not None:
        return Colour(game.current_player)
    return game.colours[0]


def _scenario(name: str) -> Scenario:
    if name in STUDY_SCENARIOS:
        return parse_scenario(STUDY_SCENARIOS[name], f"{name}.toml")
    return load_scenario(name)


# ============================================================================ the position
@dataclass(frozen=True)
class Position:
    """A position to study and edit: a validated scenario and the state built from it.

    ``state`` is built once, without starting play (a scenario set at a Lucky Luciano phase is
    shown *before* its gang war,
    :func:`~speakeasy.games.speakeasy.studies.analysis.analysis_context`); treat it as read-only.
    Positions compare by their scenario.
    """

    scenario: Scenario
    state: GameState = field(compare=False, repr=False)
    board: Board = field(compare=False, repr=False)
    #: The catalogue the position was built with (its game's, never a global).
    catalog: Catalog = field(compare=False, repr=False)

    @classmethod
    def from_scenario(cls, scenario: Scenario) -> Position:
        """Build ``scenario``'s position; a :class:`ScenarioError` says what is impossible."""
        ctx = analysis_context(scenario)
        return cls(scenario, ctx.state, ctx.board, ctx.catalog)

    @classmethod
    def load(cls, key: str) -> Position:
        """The position a key names (:func:`position_scenario`)."""
        return cls.from_scenario(position_scenario(key))

    @property
    def title(self) -> str:
        return self.scenario.title

    @property
    def colours(self) -> tuple[Colour, ...]:
        """The seated colours in seating order."""
        order = list(self.state.seating or self.state.players)
        return tuple(order + [c for c in self.state.players if c not in order])


@dataclass(frozen=True)
class LinkedStart:
    """The position a page's address links to (``?at=…``, from the coach at a table): its
    ``label`` and ``key`` for the start picker, or the ``refusal`` that says why it cannot be
    opened (both ``None`` when the address links to none)."""

    label: str | None = None
    key: str | None = None
    refusal: str | None = None


def linked_start(link: object) -> LinkedStart:
    """The start a page's ``at`` parameter links to (anyone can edit an address: any value is
    answered, a position that cannot be read or built with a plain refusal).

    >>> linked_start(None)
    LinkedStart(label=None, key=None, refusal=None)
    >>> linked_start("not a position!").refusal
    'The linked position cannot be opened: the link is not base64url text.'
    """

    def read(found: str) -> str:
        key = f"{POSITION_KEY}:{found}"
        Position.load(key)  # the address's or the scenario's refusal
        return key

    key, refusal = open_link(link, read)
    return LinkedStart(key and position_title(key), key, refusal)

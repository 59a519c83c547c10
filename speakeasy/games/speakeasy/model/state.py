"""The whole game state as plain dataclasses (rules reference §1-§4, §8, §10-§12).

The state is *data only*: no rules live here. It is built by
:mod:`speakeasy.games.speakeasy.engine.setup`, changed only by the engine's rules modules, turned
into a JSON-ready dict by :func:`to_data`, and can be built by hand for the scenario explorers (area
control, payouts, defence, scoring work on any state).

Conventions:

* districts are numbered 1-16; building spaces in a district are indexed from 0;
* persons are keyed ``"<location>:<index>"`` (index 0 = leftmost, R-LOC-GEN-3);
* card, tile, token and crate values are catalogue IDs (``"fleet-07"``, ``"crate-09"``...);
* decks and stacks are lists whose index 0 is the top;
* the classes are plain dataclasses (no ``slots``), pickled and copied as calls with their
  fields' values: the engine pickles the whole state at its checkpoints and unpickles it on
  undo, so both must be quick.
"""

from __future__ import annotations

import dataclasses
import operator
from dataclasses import dataclass, field
from enum import Enum, StrEnum
from typing import Any, SupportsIndex

from speakeasy.games.speakeasy.model.board import Area

#: The metadata key of a field that is derived from the setup and the actions (every replay
#: rebuilds it), so not saved: :func:`to_data` leaves it out.
DERIVED = "derived"


class Colour(StrEnum):
    """Player colours (R-COMP-3), in the order used when no colours are given."""

    PURPLE = "purple"
    YELLOW = "yellow"
    GREEN = "green"
    BLUE = "blue"


class Track(StrEnum):
    """The four operation tracks and the strength track (R-LEVEL-1)."""

    VIP = "vip"
    PARTY = "party"
    DISTILLERY = "distillery"
    FLEET = "fleet"
    STRENGTH = "strength"


OPERATIONS: tuple[Track, ...] = (Track.VIP, Track.PARTY, Track.DISTILLERY, Track.FLEET)


class BuildingType(StrEnum):
    """Player buildings; higher control rank last but one (R-CONTROL-7)."""

    DISTILLERY = "distillery"
    BAR = "bar"
    NIGHTCLUB = "nightclub"
    CASINO = "casino"


class Phase(StrEnum):
    """Where the game is (R-ACT-2)."""

    SETUP = "setup"
    PROLOGUE = "prologue"
    ROUNDS = "rounds"
    GANG_WAR = "gang war"
    POLICE = "police"
    AREA_CONTROL = "area control"
    PAYOUT = "payout"
    FINAL_SCORING = "final scoring"
    OVER = "over"


@dataclass
class Building:
    """A player's building on the map."""

    owner: Colour
    type: BuildingType
    piece: str  # the operations-board space it came from (its reward and group)
    protected: bool = False  # a mafioso on its protection space (R-BOARD-5, R-PROTECT-1)
    barrel: bool = False  # at most one barrel beside it; never for a distillery (R-BARREL-2)


@dataclass
class BuildingSpace:
    """One building space of a district (R-BOARD-3/4)."""

    city_token: str | None = None
    building: Building | None = None
    gangster_bar: bool = False

    @property
    def is_empty(self) -> bool:
        """No player building and no gangster bar; a city token may lie there (R-BUILD-1)."""
        return self.building is None and not self.gangster_bar


@dataclass
class District:
    """A district on the main board and its gangster-board space."""

    number: int
    spaces: list[BuildingSpace]
    closed: bool = False  # 2-player closed district (R-CLOSED-1)
    police: bool = False  # a police figure stands here (R-GOLDEN-1)
    police_token: bool = False  # face-down police token: police arrive at the next patrol
    war_token: bool = False  # face-down gangster district token: attacked at the next war
    strength_token: int | None = None  # face-up gangster strength token (R-SETUP-6)
    gangster: str | None = None  # tile on the gangster board here (None if none or partnered)
    had_gangster: bool = False  # a gangster has arrived here (every district once, R-GANGWAR-13)


@dataclass
class Truck:
    """A truck: off the map (``district`` None) until it enters (R-TRUCK-4)."""

    district: int | None = None
    barrels: int = 0  # at most 2 (R-TRUCK-6)


@dataclass
class Player:
    """Everything in front of, behind the screen of, and belonging to one player."""

    colour: Colour
    pocket: int = 0
    safe: int = 0
    levels: dict[Track, int] = field(default_factory=dict)
    hand: list[str] = field(default_factory=list)
    slots: dict[Track, str | None] = field(default_factory=dict)  # operation -> slotted card
    board_pieces: list[str] = field(default_factory=list)  # building pieces still on the board
    lost_pieces: list[str] = field(default_factory=list)  # pieces removed from the game
    capos: int = 0  # on the operations board
    capos_boxed: int = 0  # put back in the box at capo returns (R-CAPO-2/4)
    mafiosi: int = 0  # personal supply
    vip: int = 0  # mafiosi in the VIP area (R-MAFIOSO-1)
    notoriety_mafiosi: list[int] = field(default_factory=list)  # spaces still holding one
    mafiosi_lost: int = 0  # removed from the game with their building (R-GANGWAR-8)
    goons: int = 0  # occupied goon spaces, filled cheapest first (R-GOON-1)
    leverage_tokens: int = 0
    books: int = 0  # on the book space of the operations board (R-BOOKS-1)
    books_supply: int = 0
    helpers: list[str] = field(default_factory=list)  # face up beside the board
    helpers_used: list[str] = field(default_factory=list)  # behind the screen (R-HELPER-3)
    city_tokens: list[str] = field(default_factory=list)
    played_tokens: list[str] = field(default_factory=list)  # go to the offer at turn end
    crates: list[str] = field(default_factory=list)
    partner: str | None = None  # gangster tile on the partner space (R-ALLY-2)
    partner_district: int | None = None  # where the alliance marker stands
    partner_free_used: bool = False  # this partner's once-only free help is spent (R-PARTNER-6)
    # Partner tiles whose once-only free help this player has spent: allying again with one of
    # them does not give it back (R-PARTNER-6: CZ "Jedenkrát ... tohoto společníka").
    free_help_tiles: list[str] = field(default_factory=list)
    trucks: list[Truck] = field(default_factory=list)
    distillery_barrels: int = 0  # barrels in the distillery area (R-BARREL-1)
    area_control: dict[Area, int] = field(default_factory=dict)  # track positions (0 = bottom)
    #: The safe's public record: what the whole table knows the safe holds (R-MONEY-1..4).
    #: Its content is behind the screen (R-MONEY-1), but every flow through it is announced:
    #: it starts with $30 (R-PSETUP-7); Lucky Luciano payouts and cooked books pay into it
    #: amounts printed on the board (R-MONEY-4, R-PAYOUT-1, R-BOOKS-2); a payment comes from
    #: the pocket, which lies in front of the screen in view, and the rest is laundered out of
    #: the safe at 2:1 (R-MONEY-2; E15, in both rulebooks: "$10 from the pocket, takes $14
    #: from the safe"), so the safe's share of a payment is the public cost less what left the
    #: public pocket. So a player who follows the table knows every safe exactly, though no one
    #: sees it counted, and this is that amount (with no split hidden, no bounds are needed).
    #: Kept by the money functions (:mod:`speakeasy.games.speakeasy.rules.money`) and shown
    #: in every seat's observation; not saved (:data:`DERIVED`): a replay rebuilds it.
    safe_known: int = field(default=0, metadata={DERIVED: True})

    @property
    def notoriety(self) -> int:
        """Always the sum of the five levels (R-NOTOR-1, R-PSETUP-9)."""
        return sum(self.levels.values())

    def level(self, track: Track | str) -> int:
        return self.levels[Track(track)]


@dataclass
class Ship:
    """A smugglers' ship: its docks-board track and where it is docked (R-SHIP-1)."""

    ship: str  # catalogue id
    port: int  # district of its port
    removed: int = 0  # barrels taken from its track, rightmost first (R-SHIP-2)
    crate: str | None = None  # face-up crate on its crate space (R-SETUP-21)


@dataclass
class CityOffer:
    """The city-token offer: three columns (R-BOARD-10, R-SETUP-15, R-CITY-3/5)."""

    left: list[list[str]] = field(default_factory=list)  # face-down stacks
    middle: list[list[str]] = field(default_factory=list)  # face-up stacks; last = visible
    right: list[str | None] = field(default_factory=list)  # face-up spaces


@dataclass
class TurnOrder:
    """The turn-order track: a top and a bottom row of columns (R-BOARD-9, R-ORDER-1..7)."""

    top: list[Colour | None] = field(default_factory=list)
    bottom: list[Colour | None] = field(default_factory=list)

    def column_of(self, colour: Colour) -> int:
        """1-based column of the colour's marker, in either row (R-ORDER-2)."""
        for row in (self.top, self.bottom):
            if colour in row:
                return row.index(colour) + 1
        raise ValueError(f"{colour} has no turn-order marker on the track")

    @property
    def order(self) -> list[Colour]:
        """Playing order of the current round: the top row, left to right (R-TURN-1)."""
        return [c for c in self.top if c is not None]


@dataclass
class GameState:
    """The complete position: board, players, offers, decks, tracks and progress."""

    players: dict[Colour, Player]
    districts: dict[int, District]
    turn_order: TurnOrder = field(default_factory=TurnOrder)
    seating: list[Colour] = field(default_factory=list)  # clockwise from the first player
    # progress
    act: int = 0  # 0 = prologue, then 1-4 (R-ACT-1)
    round: int = 0
    phase: Phase = Phase.SETUP
    turn_player: Colour | None = None
    round_players: list[Colour] = field(default_factory=list)  # order fixed at round start
    # locations (R-TURN-3/4, R-LOC-GEN-2)
    persons: dict[str, Colour] = field(default_factory=dict)  # "docks:0" -> capo owner
    restaurant: list[Colour] = field(default_factory=list)
    compensated: list[Colour] = field(default_factory=list)  # moved to Central Park this turn
    # decks and offers
    operation_decks: dict[Track, list[str]] = field(default_factory=dict)  # face up, [0] = top
    helper_deck: list[str] = field(default_factory=list)
    helper_offer: list[str] = field(default_factory=list)
    city_offer: CityOffer = field(default_factory=CityOffer)
    gangster_decks: dict[str, list[str]] = field(default_factory=dict)  # "B", "C", "D"
    crate_stack: list[str] = field(default_factory=list)
    # time track (R-BOARD-13)
    war_columns: list[list[int]] = field(default_factory=list)  # gangster district tokens
    police_columns: list[list[int]] = field(default_factory=list)
    # docks and ships
    ships: list[Ship] = field(default_factory=list)
    docks: dict[Area, list[Colour | None]] = field(default_factory=dict)  # by row, top first
    # goals (R-BOOKS-2/3): goal id -> its two book spaces
    central_park_goals: list[str] = field(default_factory=list)  # spaces 1-5, left to right
    area_goals: dict[Area, str] = field(default_factory=dict)
    books: dict[str, list[Colour | None]] = field(default_factory=dict)
    # general supply (R-SETUP-23, R-COMP-11)
    supply_barrels: int = 0
    supply_goons: int = 0
    supply_leverage: int = 0
    supply_gangster_bars: int = 0
    supply_police: int = 0
    gangster_control: dict[Area, int] = field(default_factory=dict)  # gangster markers

    def player(self, colour: Colour | str) -> Player:
        return self.players[Colour(colour)]

    def buildings(self, colour: Colour | None = None) -> list[tuple[int, int, Building]]:
        """``(district, space, building)`` for every building on the map (of one colour)."""
        found: list[tuple[int, int, Building]] = []
        for number, district in self.districts.items():
            for index, space in enumerate(district.spaces):
                b = space.building
                if b is not None and (colour is None or b.owner is colour):
                    found.append((number, index, b))
        return found


# ---------------------------------------------------------------------- pickling
def _reduced_to_fields(cls: type[Any]) -> None:
    """Pickle and copy the dataclass ``cls`` as the call ``cls(*fields)``: checkpoints pickle
    the whole state and undo unpickles it, and this is quicker both ways than the generic
    protocol (a new object, then its ``__dict__`` set item by item)."""
    fields = dataclasses.fields(cls)
    if len(fields) < 2 or not all(f.init for f in fields):
        raise TypeError(f"{cls.__name__}: every field, two or more, must be an __init__ argument")
    values = operator.attrgetter(*(f.name for f in fields))

    def __reduce_ex__(self: Any, protocol: SupportsIndex) -> tuple[type[Any], tuple[Any, ...]]:
        return cls, values(self)

    setattr(cls, "__reduce_ex__", __reduce_ex__)  # noqa: B010 (mypy: a method assigned late)


#: The state's dataclasses.
STATE_CLASSES: tuple[type[Any], ...] = (
    Building,
    BuildingSpace,
    District,
    Truck,
    Player,
    Ship,
    CityOffer,
    TurnOrder,
    GameState,
)
for _cls in STATE_CLASSES:
    _reduced_to_fields(_cls)

#: What a state holds that is the same in every state: its classes and enum members (the
#: engine's checkpoint snapshots refer to them instead of pickling them each time).
SNAPSHOT_CONSTANTS: tuple[object, ...] = (
    *STATE_CLASSES,
    *Colour,
    *Track,
    *BuildingType,
    *Phase,
    *Area,
)


# ---------------------------------------------------------------------- serialisation
def to_data(value: Any) -> Any:
    """A JSON-ready copy of a state (or any part of it): dicts, lists, str, int, bool, None.

    Enum members become their values and dict keys become strings; dataclasses become dicts of
    their fields, less the :data:`DERIVED` ones (a replay rebuilds them: a player's
    ``safe_known``). Equal states give equal data, so the result can be hashed for checks.
    """
    if isinstance(value, Enum):
        return value.value
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {
            f.name: to_data(getattr(value, f.name))
            for f in dataclasses.fields(value)
            if not f.metadata.get(DERIVED)
        }
    if isinstance(value, dict):
        return {str(to_data(k)): to_data(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [to_data(v) for v in value]
    return value

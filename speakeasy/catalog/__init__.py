"""The static data of the game: every component, table and track, loaded from ``data/catalog/``.

Each family of components lives in its own TOML file (``operation_cards.toml``,
``crates.toml``, ``locations.toml``...). :func:`load_catalog` reads them all into frozen
dataclasses, validates them and cross-checks the counts against ``components.toml`` (R-COMP-*).
Every malformed value raises :class:`~speakeasy.model.errors.DataError` naming the file, the entry
and the field. Every item carries a :class:`~speakeasy.model.provenance.Provenance` (``source``):
values stated by the rulebooks cite their rule or example ID, all others cite the GAP (or DISC)
entry whose ASSUMED default they take. Rewards, actions, abilities and requirements are
:class:`~speakeasy.model.effects.Effect` / :class:`~speakeasy.model.effects.Bonus` /
:class:`~speakeasy.model.effects.Requirement` terms that the engine interprets.

>>> cat = load_catalog()
>>> len(cat.operation_cards), cat.card("fleet-07").type
(48, 'fleet')
>>> cat.notoriety.price_at(12)
(15, 20)
>>> cat.payouts["midtown"][2], cat.payouts["uptown"][1]
(15, 45)
>>> cat.turn_order.for_players(4).protection_costs
(4, 3, 2, 1)
>>> cat.locations["city_hall"].person_count(2)
1
"""

from __future__ import annotations

import functools
import itertools
import tomllib
from collections.abc import Collection, Iterable, Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Final, TypeVar

from speakeasy.model.effects import (
    AREAS,
    BUILDING_TYPES,
    CRATE_QUANTITIES,
    OPERATIONS,
    TRACKS,
    Bonus,
    Effect,
    Requirement,
    effects_from_data,
)
from speakeasy.model.errors import DataError
from speakeasy.model.paths import data_path
from speakeasy.model.provenance import Provenance

__all__ = [
    "CP_LETTERS",
    "DEFAULT_CATALOG_DIR",
    "GOAL_FAMILIES",
    "Bottle",
    "BuildingGroup",
    "BuildingSpace",
    "Catalog",
    "CityToken",
    "Component",
    "Components",
    "Crate",
    "CrateCash",
    "Docks",
    "DocksRow",
    "FrozenMap",
    "GangsterDeck",
    "GangsterTile",
    "Goal",
    "GoalFamily",
    "HelperCard",
    "LevelTable",
    "Location",
    "LocationRow",
    "NotorietyReward",
    "NotorietyTrack",
    "OperationCard",
    "OperationsBoard",
    "PartnerAbility",
    "Person",
    "PlayerCountSetup",
    "PremiumBuilding",
    "PricePoint",
    "ProvenanceItem",
    "Scoring",
    "Setup",
    "Ship",
    "TurnOrderLayout",
    "TurnOrderTrack",
    "load_catalog",
]

#: The shipped data directory (``<root>/data/catalog`` next to ``<root>/speakeasy``).
DEFAULT_CATALOG_DIR: Final = data_path("catalog")

#: Letters on the backs of the Central Park goal tiles (R-COMP-7).
CP_LETTERS: Final = ("A", "B", "C")
#: The five families of goals with book spaces (R-BOARD-8).
GOAL_FAMILIES: Final = ("docks", "city_hall", "central_park", "notoriety", "area")
#: Letters of the gangster decks (R-COMP-5).
GANGSTER_LETTERS: Final = ("A", "B", "C", "D")

K = TypeVar("K")
V = TypeVar("V")
T = TypeVar("T")


class FrozenMap(Mapping[K, V]):
    """An immutable, hashable mapping that keeps insertion order.

    >>> m = FrozenMap([("bar", 10), ("casino", 20)])
    >>> m["casino"], list(m), len(m)
    (20, ['bar', 'casino'], 2)
    >>> hash(m) == hash(FrozenMap({"bar": 10, "casino": 20}.items()))
    True
    """

    __slots__ = ("_data",)

    def __init__(self, items: Iterable[tuple[K, V]] = ()) -> None:
        self._data: dict[K, V] = dict(items)

    def __getitem__(self, key: K) -> V:
        return self._data[key]

    def __iter__(self) -> Iterator[K]:
        return iter(self._data)

    def __len__(self) -> int:
        return len(self._data)

    def __hash__(self) -> int:
        return hash(tuple(self._data.items()))

    def __repr__(self) -> str:
        return f"FrozenMap({self._data!r})"


#: One provenance record: (file name, entry description, provenance).
ProvenanceItem = tuple[str, str, Provenance]


# --------------------------------------------------------------------------------------------
# Dataclasses, one per family
# --------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Component:
    """A component count from R-COMP-*: ``count`` pieces per ``per`` unit."""

    id: str
    count: int
    per: str  # "game", "colour", "operation type" or "goal letter"
    source: Provenance


@dataclass(frozen=True, slots=True)
class Components:
    """All component limits (R-COMP-1..11), for setup and conservation checks."""

    items: FrozenMap[str, Component]

    def __getitem__(self, component_id: str) -> Component:
        try:
            return self.items[component_id]
        except KeyError:
            raise KeyError(f"no component {component_id!r}") from None

    def count(self, component_id: str) -> int:
        """Pieces per unit (per colour for player pieces).

        >>> load_catalog().components.count("mafiosi")
        12
        """
        return self[component_id].count

    def total(self, component_id: str) -> int:
        """Pieces in the box, all colours / types / letters together.

        >>> load_catalog().components.total("mafiosi"), load_catalog().components.total("goons")
        (48, 24)
        """
        item = self[component_id]
        factor = {
            "game": 1,
            "colour": self.items["player_colours"].count,
            "operation type": len(OPERATIONS),
            "goal letter": len(CP_LETTERS),
        }[item.per]
        return item.count * factor


@dataclass(frozen=True, slots=True)
class StartingResources:
    """What each player starts with (R-PSETUP-*)."""

    pocket: int
    safe: int
    notoriety: int
    operation_level: int
    strength_level: int
    goons: int
    trucks: int
    cards_per_type: int
    source: Provenance


@dataclass(frozen=True, slots=True)
class ActStructure:
    """Rounds and capos per act (R-ACT-1, R-CAPO-1..4)."""

    rounds: tuple[int, ...]
    capos: tuple[int, ...]
    source: Provenance


@dataclass(frozen=True, slots=True)
class GeneralSetup:
    """Offers and police waves laid out in setup (R-SETUP-11..19)."""

    helper_offer: int
    city_offer_right_column: int
    city_token_stacks: int
    police_at_start: int
    police_per_wave: int
    source: Provenance


@dataclass(frozen=True, slots=True)
class PlayerCountSetup:
    """Everything that differs by player count (R-2P-*, R-3P-*, R-SETUP-*)."""

    players: int
    board_side: str
    uptown_building_spaces: int
    closed_districts: FrozenMap[str, int]
    setup_gangsters: int
    war_districts: tuple[int, ...]  # districts hit by the gang war of Acts 1, 2, 3
    casino_income: int
    docks_mafiosi_at_setup: int
    source: Provenance

    @property
    def time_track_columns(self) -> tuple[int, ...]:
        """Face-down gangster district tokens per time-track column (R-SETUP-9)."""
        return self.war_districts[1:]


@dataclass(frozen=True, slots=True)
class Setup:
    """Game and player setup data (§3, §4, §6, §16)."""

    start: StartingResources
    acts: ActStructure
    general: GeneralSetup
    player_counts: FrozenMap[int, PlayerCountSetup]

    def for_players(self, players: int) -> PlayerCountSetup:
        """The setup facts for a player count.

        >>> load_catalog().setup.for_players(2).casino_income
        5
        """
        try:
            return self.player_counts[players]
        except KeyError:
            raise ValueError(
                f"no setup data for {players} player(s); supported: "
                f"{', '.join(map(str, self.player_counts))} (solo rules are GAP-23)"
            ) from None


@dataclass(frozen=True, slots=True)
class OperationCard:
    """One of the 48 operation cards (R-CARD-1, R-COMP-9, GAP-9)."""

    id: str
    type: str  # one of OPERATIONS
    reward: tuple[Effect, ...]  # top-left reward, above the dashed line
    action: Effect  # fixed by type (R-CARD-2)
    leverage: int  # top-right value (R-CARD-7)
    source: Provenance


@dataclass(frozen=True, slots=True)
class Bottle:
    """A bottle type on helper cards and its final-scoring value (R-SCORING-4, GAP-13)."""

    id: str
    value: int
    cards: tuple[str, ...]
    source: Provenance


@dataclass(frozen=True, slots=True)
class HelperCard:
    """One of the 21 helper cards (§14.7): a one-shot reward and a bottle for scoring."""

    id: str
    effect: tuple[Effect, ...]
    bottle: str
    bottle_value: int
    source: Provenance


@dataclass(frozen=True, slots=True)
class GangsterDeck:
    """A gangster deck by letter (R-COMP-5): when it enters and its war-strength range."""

    letter: str
    count: int
    act: int  # 0 = setup; 1..3 = gang war at the end of that act
    war_strength: tuple[int, int] | None  # inclusive range (R-GANGWAR-6); None = never attacks
    source: Provenance


@dataclass(frozen=True, slots=True)
class PartnerAbility:
    """A partner ability (R-PARTNER-1..8): immediate effects and/or lasting bonuses."""

    id: str
    immediate: tuple[Effect, ...]
    lasting: tuple[Bonus, ...]
    source: Provenance


@dataclass(frozen=True, slots=True)
class GangsterTile:
    """A gangster tile (R-COMP-5, §14.8, GAP-15)."""

    id: str
    deck: str
    name: str
    strength: int  # brown box
    war_modifier: int  # red box
    help_cost: int
    ability: str | None  # id of a PartnerAbility; None for D tiles (R-ALLY-3)
    source: Provenance

    @property
    def war_strength(self) -> int:
        """Strength + war modifier (R-GANGWAR-6, E2)."""
        return self.strength + self.war_modifier


@dataclass(frozen=True, slots=True)
class CrateCash:
    """A crate's cash effect: ``rate`` per counted ``quantity``, up to ``cap`` (R-SHIP-7).

    >>> CrateCash("party_level", 5, None, Provenance.parse("rulebook: R-CRATE-2")).amount(3)
    15
    >>> CrateCash("hand_cards", 3, 24, Provenance.parse("rulebook: R-CRATE-8")).amount(9)
    24
    """

    quantity: str  # a key of CRATE_QUANTITIES
    rate: int
    cap: int | None
    source: Provenance

    def amount(self, count: int) -> int:
        """The cash for ``count`` of the quantity, capped."""
        value = self.rate * max(count, 0)
        return value if self.cap is None else min(value, self.cap)


@dataclass(frozen=True, slots=True)
class Crate:
    """One of the 18 crate tokens (§14.1): cash on the front, a lasting bonus on the back."""

    id: str
    number: int
    cash: CrateCash
    bonus: Bonus
    golden_rule_breaker: bool
    source: Provenance


@dataclass(frozen=True, slots=True)
class CityToken:
    """One of the 18 city-token kinds (§14.6) and how many copies are in the game."""

    id: str
    effect: tuple[Effect, ...]
    copies: int
    source: Provenance


@dataclass(frozen=True, slots=True)
class GoalFamily:
    """A family of goals (R-BOARD-8): book spaces, how many are in play, payout."""

    id: str
    book_spaces: int
    in_play: int
    in_play_by_letter: FrozenMap[str, int]  # Central Park only
    payout: int | None  # None = per goal
    source: Provenance


@dataclass(frozen=True, slots=True)
class Goal:
    """A goal with book spaces: a fixed goal or a goal tile (R-BOOKS-2..9, §14.3-14.5)."""

    id: str
    family: str  # one of GOAL_FAMILIES
    letter: str | None  # Central Park back letter
    number: int | None  # printed tile number (setup: all different)
    requirement: Requirement
    payout: int  # into the safe
    reward: tuple[Effect, ...]
    book_spaces: int
    golden_rule_breaker: bool
    source: Provenance


@dataclass(frozen=True, slots=True)
class BuildingGroup:
    """A group of three building pieces on the operations board (R-UPGRADE-3/4)."""

    id: str
    cost: int
    discount: int
    source: Provenance


@dataclass(frozen=True, slots=True)
class BuildingSpace:
    """A printed building space on the operations board and its reward (GAP-3)."""

    id: str
    building: str
    group: str | None
    reward: tuple[Effect, ...]
    source: Provenance


@dataclass(frozen=True, slots=True)
class PremiumBuilding:
    """Cost of a nightclub or casino (R-BUILD-4)."""

    building: str
    cost: int
    discards: int
    source: Provenance


@dataclass(frozen=True, slots=True)
class LevelTable:
    """What a track's level gives, for levels 1-5 (R-LEVEL-7, GAP-4, GAP-26).

    >>> load_catalog().level_table("vip")[5]
    4
    """

    track: str
    meaning: str
    values: tuple[int, ...]
    source: Provenance

    def __getitem__(self, level: int) -> int:
        if not 1 <= level <= len(self.values):
            raise IndexError(f"{self.track} level must be 1..{len(self.values)}, got {level}")
        return self.values[level - 1]


@dataclass(frozen=True, slots=True)
class Slots:
    """A counted area of the operations board (goon spaces, VIP area, city-token spaces...)."""

    id: str
    values: tuple[int, ...]
    source: Provenance


@dataclass(frozen=True, slots=True)
class OperationsBoard:
    """Printed data of a player's operations board."""

    groups: tuple[BuildingGroup, ...]
    spaces: tuple[BuildingSpace, ...]
    premium: FrozenMap[str, PremiumBuilding]
    goon_costs: tuple[int, ...]
    goon_source: Provenance
    vip_spaces: int
    vip_source: Provenance
    city_token_spaces: int
    city_token_limit: int
    city_token_source: Provenance
    trucks_at_start: int
    second_truck_fleet_level: int
    truck_capacity: int
    truck_source: Provenance
    levels: FrozenMap[str, LevelTable]
    operation_raise_discards: tuple[int, ...]
    strength_raise_discards: tuple[int, ...]
    raise_discards_source: Provenance

    def group(self, group_id: str) -> BuildingGroup:
        return _find(self.groups, group_id, "building group")

    def build_cost(self, building: str, group: str | None = None) -> tuple[int, int]:
        """(money, card discards) to open ``building`` (bars need their group).

        >>> b = load_catalog().operations_board
        >>> b.build_cost("bar", "right"), b.build_cost("distillery"), b.build_cost("casino")
        ((8, 0), (5, 0), (17, 1))
        """
        if building in self.premium:
            p = self.premium[building]
            return p.cost, p.discards
        if building == "distillery":
            group = next(s.group for s in self.spaces if s.building == "distillery")
        if group is None:
            raise ValueError(f"a {building}'s cost depends on its group")
        return self.group(group).cost, 0

    def upgrade_discount(self, empty_groups: Iterable[str]) -> int:
        """The discount from the highest-value empty group; discounts do not add (R-UPGRADE-4).

        >>> load_catalog().operations_board.upgrade_discount(["left", "middle"])
        5
        """
        return max((self.group(g).discount for g in empty_groups), default=0)

    def goon_cost(self, occupied: int, hired: int = 1) -> int:
        """Cost of hiring ``hired`` goons when ``occupied`` spaces are full (R-GOON-1, E12).

        >>> load_catalog().operations_board.goon_cost(occupied=1, hired=2)
        3
        """
        if occupied + hired > len(self.goon_costs):
            raise ValueError(f"only {len(self.goon_costs)} goon spaces")
        return sum(self.goon_costs[occupied : occupied + hired])

    def raise_discards(self, track: str, level: int) -> int:
        """Cards to discard to raise ``track`` to ``level`` (R-LEVEL-3, R-LEVEL-4)."""
        table = (
            self.strength_raise_discards if track == "strength" else self.operation_raise_discards
        )
        return table[level - 1]


@dataclass(frozen=True, slots=True)
class PricePoint:
    """A barrel-price space on the notoriety track (R-NOTOR-2)."""

    space: int
    bar: int
    premium: int  # nightclub or casino
    source: Provenance


@dataclass(frozen=True, slots=True)
class NotorietyReward:
    """A one-time reward on the notoriety track (R-NOTOR-3, R-PSETUP-10, GAP-6)."""

    space: int
    effect: tuple[Effect, ...]
    placed_at_setup: bool  # the player's own mafioso placed there in setup
    source: Provenance


@dataclass(frozen=True, slots=True)
class NotorietyTrack:
    """The notoriety track: range, barrel prices and reward spaces."""

    start: int
    maximum: int
    prices: tuple[PricePoint, ...]
    rewards: tuple[NotorietyReward, ...]
    source: Provenance

    def price_at(self, space: int) -> tuple[int, int]:
        """(bar, nightclub/casino) price at a notoriety ``space`` (R-NOTOR-2, E11).

        >>> load_catalog().notoriety.price_at(12), load_catalog().notoriety.price_at(15)
        ((15, 20), (15, 20))
        """
        if not self.start <= space <= self.maximum:
            raise ValueError(f"notoriety must be {self.start}..{self.maximum}, got {space}")
        point = [p for p in self.prices if p.space <= space][-1]
        return point.bar, point.premium

    def price(self, space: int, building: str) -> int:
        """Sale price of one barrel at ``building`` (bars low, NC/casino high)."""
        if building not in ("bar", "nightclub", "casino"):
            raise ValueError(f"barrels cannot be sold at a {building} (R-BARREL-2)")
        bar, premium = self.price_at(space)
        return bar if building == "bar" else premium

    def rewards_passed(self, old: int, new: int) -> tuple[NotorietyReward, ...]:
        """Rewards on spaces ``old`` < space <= ``new``, in track order (R-NOTOR-5)."""
        return tuple(r for r in self.rewards if old < r.space <= new)


@dataclass(frozen=True, slots=True)
class TurnOrderLayout:
    """The turn-order track for one player count (R-ORDER-*, R-LOC-RESTAURANT-2)."""

    players: int
    columns: int
    protection_costs: tuple[int, ...]  # leverage per mafioso, by column (1-based)
    restaurant_discards: int
    extra_discard_spaces: tuple[int, ...]  # bottom-row spaces needing one more discard
    source: Provenance

    def protection_cost(self, column: int) -> int:
        """Leverage per mafioso sent from ``column`` (R-PROTECT-2, E19)."""
        if not 1 <= column <= self.columns:
            raise ValueError(f"column must be 1..{self.columns}, got {column}")
        return self.protection_costs[column - 1]

    def discards_for(self, space: int) -> int:
        """Cards a Restaurant visit costs when taking bottom ``space``."""
        if not 1 <= space <= self.columns:
            raise ValueError(f"space must be 1..{self.columns}, got {space}")
        return self.restaurant_discards + (1 if space in self.extra_discard_spaces else 0)


@dataclass(frozen=True, slots=True)
class TurnOrderTrack:
    layouts: FrozenMap[int, TurnOrderLayout]

    def for_players(self, players: int) -> TurnOrderLayout:
        """The layout used with ``players`` players.

        >>> load_catalog().turn_order.for_players(3).extra_discard_spaces
        (3,)
        """
        try:
            return self.layouts[players]
        except KeyError:
            raise ValueError(f"no turn-order layout for {players} player(s)") from None


@dataclass(frozen=True, slots=True)
class PayoutTable:
    """Lucky Luciano payout of one area by rank (R-PAYOUT-1..5, GAP-11).

    >>> load_catalog().payouts["midtown"][4]
    5
    """

    area: str
    amounts: tuple[int, ...]  # rank 1, 2, ...
    source: Provenance

    def __getitem__(self, rank: int) -> int:
        if not 1 <= rank <= len(self.amounts):
            raise IndexError(f"rank must be 1..{len(self.amounts)}, got {rank}")
        return self.amounts[rank - 1]


@dataclass(frozen=True, slots=True)
class DocksRow:
    """A row of docks spaces and its reward (R-BOARD-7, R-MAFIOSO-3, GAP-7)."""

    row: int
    reward: tuple[Effect, ...]
    source: Provenance


@dataclass(frozen=True, slots=True)
class Docks:
    """The docks on the main board: one area per Manhattan area, rows with rewards."""

    areas: tuple[str, ...]
    spaces_per_row: int
    rows: tuple[DocksRow, ...]
    source: Provenance

    @property
    def spaces(self) -> int:
        """Total docks spaces."""
        return len(self.areas) * len(self.rows) * self.spaces_per_row

    def row(self, number: int) -> DocksRow:
        return _find(self.rows, number, "docks row", key="row")


@dataclass(frozen=True, slots=True)
class Ship:
    """A smugglers' ship and its track on the docks board (R-SHIP-1/2, GAP-8).

    >>> s = load_catalog().ship("daisy")
    >>> s.price(0), s.price(1), s.price(5), s.defence(2)
    (5, 6, 9, 12)
    """

    id: str
    name: str
    prices: tuple[int, ...]  # price of the 1st, 2nd... barrel bought (rightmost first)
    defences: tuple[int, ...]  # defence after 0, 1, ... barrels removed
    source: Provenance

    @property
    def barrel_spaces(self) -> int:
        return len(self.prices)

    def price(self, removed: int) -> int:
        """Price of the next barrel when ``removed`` barrels are gone (R-TRUCK-11)."""
        if removed < 0:
            raise ValueError("removed must be >= 0")
        return self.prices[min(removed, len(self.prices) - 1)]

    def defence(self, removed: int) -> int:
        """Defence with ``removed`` barrels gone (R-SHIP-2)."""
        if not 0 <= removed < len(self.defences):
            raise ValueError(f"removed must be 0..{len(self.defences) - 1}, got {removed}")
        return self.defences[removed]


@dataclass(frozen=True, slots=True)
class Scoring:
    """Final-scoring values (R-SCORING-1..6)."""

    building_values: FrozenMap[str, int]
    building_source: Provenance
    bottle_values: tuple[int, ...]
    bottle_source: Provenance
    tie_breakers: tuple[str, ...]
    tie_breaker_source: Provenance


@dataclass(frozen=True, slots=True)
class LocationRow:
    """One row of a location: a box row (every person) or one action list per person."""

    box: bool
    effects: tuple[tuple[Effect, ...], ...]  # box: one entry; otherwise one per person

    def for_person(self, index: int) -> tuple[Effect, ...]:
        return self.effects[0] if self.box else self.effects[index]


@dataclass(frozen=True, slots=True)
class Person:
    """A person (action space) of a location: its actions, row by row, top to bottom."""

    location: str
    index: int  # 0 = leftmost
    rows: tuple[tuple[Effect, ...], ...]

    @property
    def actions(self) -> tuple[Effect, ...]:
        """All actions in order (R-LOC-GEN-4)."""
        return tuple(e for row in self.rows for e in row)


@dataclass(frozen=True, slots=True)
class Location:
    """A location with persons (R-LOC-GEN-*, §11).

    >>> garage = load_catalog().locations["garage"]
    >>> [str(e) for e in garage.persons(4)[0].actions]
    ['play a fleet operation card']
    >>> garage.persons(4)[0].actions[0]["range_bonus"]
    2
    """

    id: str
    name: str
    unlimited: bool  # Restaurant: any number of capos
    person_counts: FrozenMap[int, int]  # players -> persons (empty if unlimited)
    rows: tuple[LocationRow, ...]
    source: Provenance
    layout_source: Provenance

    def person_count(self, players: int) -> int | None:
        """Persons available with ``players`` players; None = unlimited (R-LOC-GEN-6)."""
        if self.unlimited:
            return None
        try:
            return self.person_counts[players]
        except KeyError:
            raise ValueError(f"no person count for {players} player(s) at {self.id}") from None

    def person(self, index: int) -> Person:
        return Person(self.id, index, tuple(row.for_person(index) for row in self.rows))

    def persons(self, players: int) -> tuple[Person, ...]:
        """The persons in play, leftmost first; the rightmost are removed at 2p (GAP-20).

        The Restaurant returns a single person that any number of capos may use.
        """
        count = self.person_count(players)
        return tuple(self.person(i) for i in range(1 if count is None else count))


# --------------------------------------------------------------------------------------------
# The catalog
# --------------------------------------------------------------------------------------------


def _find(items: Iterable[T], key_value: object, what: str, key: str = "id") -> T:
    for item in items:
        if getattr(item, key) == key_value:
            return item
    raise KeyError(f"no {what} {key_value!r}")


@dataclass(frozen=True, slots=True)
class Catalog:
    """Typed access to every family of game data. Build it with :func:`load_catalog`."""

    root: Path
    components: Components
    setup: Setup
    operation_cards: tuple[OperationCard, ...]
    card_actions: FrozenMap[str, Effect]
    helper_cards: tuple[HelperCard, ...]
    bottles: tuple[Bottle, ...]
    gangster_decks: FrozenMap[str, GangsterDeck]
    partner_abilities: FrozenMap[str, PartnerAbility]
    gangsters: tuple[GangsterTile, ...]
    crates: tuple[Crate, ...]
    city_tokens: tuple[CityToken, ...]
    goal_families: FrozenMap[str, GoalFamily]
    goals: tuple[Goal, ...]
    operations_board: OperationsBoard
    notoriety: NotorietyTrack
    turn_order: TurnOrderTrack
    payouts: FrozenMap[str, PayoutTable]
    docks: Docks
    ships: tuple[Ship, ...]
    scoring: Scoring
    locations: FrozenMap[str, Location]
    provenance: tuple[ProvenanceItem, ...]

    # -- lookups ---------------------------------------------------------------------------

    def card(self, card_id: str) -> OperationCard:
        """An operation card by id, e.g. ``"fleet-07"``."""
        return _find(self.operation_cards, card_id, "operation card")

    def cards_of(self, card_type: str) -> tuple[OperationCard, ...]:
        """The 12 cards of one type (R-SETUP-18 decks).

        >>> len(load_catalog().cards_of("vip"))
        12
        """
        return tuple(c for c in self.operation_cards if c.type == card_type)

    def helper(self, helper_id: str) -> HelperCard:
        return _find(self.helper_cards, helper_id, "helper card")

    def gangster(self, gangster_id: str) -> GangsterTile:
        return _find(self.gangsters, gangster_id, "gangster tile")

    def gangster_deck(self, letter: str) -> tuple[GangsterTile, ...]:
        """The tiles of deck A, B, C or D (R-SETUP-4, R-GANGWAR-1)."""
        return tuple(g for g in self.gangsters if g.deck == letter)

    def ability(self, tile: GangsterTile) -> PartnerAbility | None:
        """The partner ability of a gangster tile (None for D tiles)."""
        return None if tile.ability is None else self.partner_abilities[tile.ability]

    def crate(self, crate: str | int) -> Crate:
        """A crate token by id (``"crate-09"``) or printed number (9)."""
        if isinstance(crate, int):
            return _find(self.crates, crate, "crate number", key="number")
        return _find(self.crates, crate, "crate token")

    def city_token(self, token_id: str) -> CityToken:
        return _find(self.city_tokens, token_id, "city token")

    def city_token_pool(self) -> tuple[str, ...]:
        """One id per physical city token (54), for shuffling in setup (R-SETUP-14)."""
        return tuple(t.id for t in self.city_tokens for _ in range(t.copies))

    def goal(self, goal_id: str) -> Goal:
        return _find(self.goals, goal_id, "goal")

    def goals_of(self, family: str) -> tuple[Goal, ...]:
        """Goals of one family: ``"docks"``, ``"city_hall"``, ``"central_park"``,
        ``"notoriety"`` or ``"area"``."""
        if family not in GOAL_FAMILIES:
            raise KeyError(f"no goal family {family!r}")
        return tuple(g for g in self.goals if g.family == family)

    @property
    def central_park_goals(self) -> tuple[Goal, ...]:
        return self.goals_of("central_park")

    @property
    def area_goals(self) -> tuple[Goal, ...]:
        return self.goals_of("area")

    def ship(self, ship_id: str) -> Ship:
        return _find(self.ships, ship_id, "smugglers' ship")

    def location(self, location_id: str) -> Location:
        try:
            return self.locations[location_id]
        except KeyError:
            raise KeyError(f"no location {location_id!r}") from None

    def level_table(self, track: str) -> LevelTable:
        """Values for levels 1-5 of ``"vip"``, ``"party"``, ``"distillery"``, ``"fleet"`` or
        ``"strength"``.

        >>> load_catalog().level_table("party").values
        (1, 2, 3, 4, 5)
        """
        try:
            return self.operations_board.levels[track]
        except KeyError:
            raise KeyError(f"no level table {track!r}") from None

    def provenance_items(self) -> Iterator[ProvenanceItem]:
        """(file, entry, Provenance) for every data item, in file order."""
        return iter(self.provenance)


# --------------------------------------------------------------------------------------------
# Reading and validating
# --------------------------------------------------------------------------------------------

_MISSING: Final = object()


class _Loader:
    """Opens data files and records every provenance read."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self.records: list[ProvenanceItem] = []

    def open(self, name: str) -> _Entry:
        path = self.root / name
        try:
            with path.open("rb") as fh:
                data = tomllib.load(fh)
        except FileNotFoundError:
            raise DataError(path, "file", "data file is missing") from None
        except tomllib.TOMLDecodeError as exc:
            raise DataError(path, "file", f"not valid TOML: {exc}") from None
        return _Entry(self, path, "file", data)


class _Entry:
    """One table of a data file, read field by field; unknown fields are an error."""

    __slots__ = ("_loader", "_used", "data", "entry", "path")

    def __init__(self, loader: _Loader, path: Path, entry: str, data: object) -> None:
        if not isinstance(data, dict):
            raise DataError(path, entry, f"must be a table, got {data!r}")
        self._loader = loader
        self.path = path
        self.entry = entry
        self.data: dict[str, object] = data
        self._used: set[str] = set()

    def error(self, problem: str) -> DataError:
        return DataError(self.path, self.entry, problem)

    def _take(self, name: str, default: object = _MISSING) -> object:
        self._used.add(name)
        if name in self.data:
            return self.data[name]
        if default is _MISSING:
            raise self.error(f"missing field {name!r}")
        return default

    def integer(self, name: str, *, minimum: int | None = 0, default: object = _MISSING) -> int:
        return self._int(name, self._take(name, default), minimum)

    def optional_integer(self, name: str, *, minimum: int | None = 0) -> int | None:
        value = self._take(name, None)
        return None if value is None else self._int(name, value, minimum)

    def _int(self, name: str, value: object, minimum: int | None) -> int:
        if isinstance(value, bool) or not isinstance(value, int):
            raise self.error(f"field {name!r} must be a whole number, got {value!r}")
        if minimum is not None and value < minimum:
            raise self.error(f"field {name!r} must be at least {minimum}, got {value}")
        return value

    def text(
        self, name: str, choices: Collection[str] | None = None, default: object = _MISSING
    ) -> str:
        value = self._take(name, default)
        if not isinstance(value, str) or not value:
            raise self.error(f"field {name!r} must be non-empty text, got {value!r}")
        if choices is not None and value not in choices:
            raise self.error(f"field {name!r}: {value!r} is not one of {', '.join(choices)}")
        return value

    def optional_text(self, name: str, choices: Collection[str] | None = None) -> str | None:
        if self._take(name, None) is None:
            return None
        return self.text(name, choices)

    def flag(self, name: str, default: object = _MISSING) -> bool:
        value = self._take(name, default)
        if not isinstance(value, bool):
            raise self.error(f"field {name!r} must be true or false, got {value!r}")
        return value

    def integers(
        self, name: str, *, length: int | None = None, minimum: int | None = 0
    ) -> tuple[int, ...]:
        value = self._take(name)
        if not isinstance(value, list):
            raise self.error(f"field {name!r} must be a list of whole numbers, got {value!r}")
        out = tuple(self._int(name, v, minimum) for v in value)
        if length is not None and len(out) != length:
            raise self.error(f"field {name!r} must have {length} values, got {len(out)}")
        return out

    def texts(self, name: str, choices: Collection[str] | None = None) -> tuple[str, ...]:
        value = self._take(name)
        if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
            raise self.error(f"field {name!r} must be a list of text, got {value!r}")
        bad = [v for v in value if choices is not None and v not in choices]
        if bad:
            raise self.error(f"field {name!r}: {bad[0]!r} is not one of {', '.join(choices or ())}")
        return tuple(value)

    def effects(self, name: str, default: object = _MISSING) -> tuple[Effect, ...]:
        value = self._take(name, default)
        try:
            return effects_from_data(value)
        except ValueError as exc:
            raise self.error(f"field {name!r}: {exc}") from None

    def effect(self, name: str) -> Effect:
        try:
            return Effect.from_data(self._take(name))
        except ValueError as exc:
            raise self.error(f"field {name!r}: {exc}") from None

    def bonuses(self, name: str, default: object = _MISSING) -> tuple[Bonus, ...]:
        value = self._take(name, default)
        items = [value] if isinstance(value, dict) else value
        if not isinstance(items, list):
            raise self.error(f"field {name!r} must be a table or a list of tables")
        try:
            return tuple(Bonus.from_data(v) for v in items)
        except ValueError as exc:
            raise self.error(f"field {name!r}: {exc}") from None

    def bonus(self, name: str) -> Bonus:
        try:
            return Bonus.from_data(self._take(name))
        except ValueError as exc:
            raise self.error(f"field {name!r}: {exc}") from None

    def requirement(self, name: str) -> Requirement:
        try:
            return Requirement.from_data(self._take(name))
        except ValueError as exc:
            raise self.error(f"field {name!r}: {exc}") from None

    def source(self, name: str = "source") -> Provenance:
        try:
            prov = Provenance.parse(self._take(name))
        except ValueError as exc:
            raise self.error(f"field {name!r}: {exc}") from None
        label = self.entry if name == "source" else f"{self.entry} ({name})"
        self._loader.records.append((self.path.name, label, prov))
        return prov

    def table(self, name: str, entry: str) -> _Entry:
        value = self._take(name)
        if not isinstance(value, dict):
            raise self.error(f"field {name!r} must be a table, got {value!r}")
        return _Entry(self._loader, self.path, entry, value)

    def int_keyed(self, name: str) -> FrozenMap[int, int]:
        """A table like ``{ 2 = 2, 3 = 3, 4 = 3 }`` (player count -> value)."""
        value = self._take(name)
        if not isinstance(value, dict):
            raise self.error(f"field {name!r} must be a table, got {value!r}")
        out: list[tuple[int, int]] = []
        for key, item in value.items():
            if not key.isdigit():
                raise self.error(f"field {name!r}: key {key!r} must be a player count")
            out.append((int(key), self._int(f"{name}.{key}", item, 0)))
        return FrozenMap(sorted(out))

    def str_keyed(self, name: str, keys: Collection[str]) -> FrozenMap[str, int]:
        value = self._take(name)
        if not isinstance(value, dict):
            raise self.error(f"field {name!r} must be a table, got {value!r}")
        if set(value) != set(keys):
            raise self.error(f"field {name!r} must have exactly the keys {', '.join(keys)}")
        return FrozenMap((k, self._int(f"{name}.{k}", value[k], 0)) for k in keys)

    def tables(self, name: str, what: str, key: str = "id") -> list[_Entry]:
        """An array of tables; each entry is named ``what "key"`` in errors."""
        value = self._take(name, [])
        if not isinstance(value, list):
            raise self.error(f"{name!r} must be an array of tables ([[{name}]])")
        out: list[_Entry] = []
        for i, item in enumerate(value, 1):
            ident = item.get(key) if isinstance(item, dict) else None
            label = f'{what} "{ident}"' if isinstance(ident, str | int) else f"{what} #{i}"
            out.append(_Entry(self._loader, self.path, label, item))
        return out

    def done(self) -> None:
        unknown = sorted(set(self.data) - self._used)
        if unknown:
            raise self.error(f"unknown field(s): {', '.join(unknown)}")


def _unique(entries: Iterable[tuple[_Entry, object]], what: str) -> None:
    seen: set[object] = set()
    for entry, key in entries:
        if key in seen:
            raise entry.error(f"duplicate {what} {key!r}")
        seen.add(key)


def _check_count(root: _Entry, what: str, found: int, expected: int, rule: str) -> None:
    if found != expected:
        raise root.error(f"expected {expected} {what} ({rule}), found {found}")


def _non_decreasing(values: Iterable[int]) -> bool:
    return all(a <= b for a, b in itertools.pairwise(values))


# -- families ---------------------------------------------------------------------------------

_COMPONENT_UNITS: Final = ("game", "colour", "operation type", "goal letter")
_REQUIRED_COMPONENTS: Final = (
    "player_colours",
    "operation_cards",
    "helper_cards",
    "gangster_tiles",
    "crate_tokens",
    "city_tokens",
    "central_park_goal_tiles",
    "area_goal_tiles",
    "smugglers_ships",
    "goons",
    "bars",
    "nightclubs",
    "casinos",
    "distilleries",
    "mafiosi",
    "capos",
)


def _load_components(loader: _Loader) -> Components:
    root = loader.open("components.toml")
    items: list[tuple[str, Component]] = []
    entries = root.tables("component", "component")
    for e in entries:
        cid = e.text("id")
        items.append(
            (
                cid,
                Component(
                    cid, e.integer("count", minimum=1), e.text("per", _COMPONENT_UNITS), e.source()
                ),
            )
        )
        e.done()
    _unique(zip(entries, (i for i, _ in items), strict=True), "component id")
    root.done()
    comps = Components(FrozenMap(items))
    missing = [c for c in _REQUIRED_COMPONENTS if c not in comps.items]
    if missing:
        raise root.error(f"missing component(s): {', '.join(missing)}")
    return comps


def _load_setup(loader: _Loader) -> Setup:
    root = loader.open("setup.toml")
    s = root.table("start", "start")
    start = StartingResources(
        pocket=s.integer("pocket"),
        safe=s.integer("safe"),
        notoriety=s.integer("notoriety", minimum=1),
        operation_level=s.integer("operation_level", minimum=1),
        strength_level=s.integer("strength_level", minimum=1),
        goons=s.integer("goons"),
        trucks=s.integer("trucks"),
        cards_per_type=s.integer("cards_per_type"),
        source=s.source(),
    )
    s.done()
    a = root.table("acts", "acts")
    acts = ActStructure(a.integers("rounds", minimum=1), a.integers("capos", minimum=1), a.source())
    if len(acts.rounds) != len(acts.capos):
        raise a.error("fields 'rounds' and 'capos' must list the same number of acts")
    a.done()
    g = root.table("general", "general")
    general = GeneralSetup(
        helper_offer=g.integer("helper_offer"),
        city_offer_right_column=g.integer("city_offer_right_column"),
        city_token_stacks=g.integer("city_token_stacks"),
        police_at_start=g.integer("police_at_start"),
        police_per_wave=g.integer("police_per_wave"),
        source=g.source(),
    )
    g.done()
    counts: list[tuple[int, PlayerCountSetup]] = []
    entries = root.tables("players", "player count", key="players")
    for e in entries:
        pc = PlayerCountSetup(
            players=e.integer("players", minimum=1),
            board_side=e.text("board_side", ("1-2", "3-4")),
            uptown_building_spaces=e.integer("uptown_building_spaces", minimum=1),
            closed_districts=e.str_keyed("closed_districts", AREAS),
            setup_gangsters=e.integer("setup_gangsters"),
            war_districts=e.integers("war_districts", length=3),
            casino_income=e.integer("casino_income"),
            docks_mafiosi_at_setup=e.integer("docks_mafiosi_at_setup"),
            source=e.source(),
        )
        e.done()
        counts.append((pc.players, pc))
    if not counts:
        raise root.error("no [[players]] entries")
    _unique(zip(entries, (p for p, _ in counts), strict=True), "player count")
    root.done()
    return Setup(start, acts, general, FrozenMap(sorted(counts, key=lambda kv: kv[0])))


def _load_operation_cards(
    loader: _Loader, comps: Components
) -> tuple[tuple[OperationCard, ...], FrozenMap[str, Effect]]:
    root = loader.open("operation_cards.toml")
    a = root.table("actions", "card actions")
    actions = FrozenMap((t, a.effect(t)) for t in OPERATIONS)
    a.source()
    a.done()
    cards: list[OperationCard] = []
    entries = root.tables("card", "operation card")
    for e in entries:
        ctype = e.text("type", OPERATIONS)
        cards.append(
            OperationCard(
                id=e.text("id"),
                type=ctype,
                reward=e.effects("reward"),
                action=actions[ctype],
                leverage=e.integer("leverage"),
                source=e.source(),
            )
        )
        e.done()
    _unique(zip(entries, (c.id for c in cards), strict=True), "card id")
    per_type = comps.count("operation_cards")
    for t in OPERATIONS:
        found = sum(c.type == t for c in cards)
        _check_count(root, f"{t} cards", found, per_type, "R-COMP-9")
    root.done()
    return tuple(cards), actions


def _load_scoring(loader: _Loader) -> Scoring:
    root = loader.open("scoring.toml")
    b = root.table("buildings", "building values")
    values = FrozenMap((t, b.integer(t, minimum=0)) for t in BUILDING_TYPES)
    bsrc = b.source()
    b.done()
    bt = root.table("bottles", "bottle values")
    bottle_values = bt.integers("values", minimum=1)
    btsrc = bt.source()
    bt.done()
    t = root.table("tie_breakers", "tie breakers")
    order = t.texts("order")
    tsrc = t.source()
    t.done()
    root.done()
    return Scoring(values, bsrc, bottle_values, btsrc, order, tsrc)


def _load_helpers(
    loader: _Loader, comps: Components, scoring: Scoring
) -> tuple[tuple[HelperCard, ...], tuple[Bottle, ...]]:
    root = loader.open("helper_cards.toml")
    raw: list[tuple[_Entry, str, tuple[Effect, ...], Provenance]] = []
    entries = root.tables("card", "helper card")
    for e in entries:
        raw.append((e, e.text("id"), e.effects("effect"), e.source()))
        e.done()
    _unique(((e, i) for e, i, _, _ in raw), "helper card id")
    _check_count(root, "helper cards", len(raw), comps.total("helper_cards"), "R-COMP-9")
    ids = {i for _, i, _, _ in raw}
    bottles: list[Bottle] = []
    owner: dict[str, Bottle] = {}
    b_entries = root.tables("bottle", "bottle")
    for e in b_entries:
        bottle = Bottle(
            e.text("id"),
            e.integer("value", minimum=1),
            e.texts("cards"),
            e.source(),
        )
        if bottle.value not in scoring.bottle_values:
            raise e.error(
                f"field 'value': {bottle.value} is not a bottle value "
                f"({', '.join(map(str, scoring.bottle_values))}, R-HELPER-4)"
            )
        for card in bottle.cards:
            if card not in ids:
                raise e.error(f"field 'cards': no helper card {card!r}")
            if card in owner:
                raise e.error(f"field 'cards': {card!r} already has bottle {owner[card].id!r}")
            owner[card] = bottle
        e.done()
        bottles.append(bottle)
    _unique(zip(b_entries, (b.id for b in bottles), strict=True), "bottle id")
    for e, i, _, _ in raw:
        if i not in owner:
            raise e.error("no [[bottle]] lists this card (every helper card has a bottle)")
    root.done()
    helpers = tuple(HelperCard(i, eff, owner[i].id, owner[i].value, src) for _, i, eff, src in raw)
    return helpers, tuple(bottles)


def _load_gangsters(
    loader: _Loader, comps: Components
) -> tuple[FrozenMap[str, GangsterDeck], FrozenMap[str, PartnerAbility], tuple[GangsterTile, ...]]:
    root = loader.open("gangsters.toml")
    decks: list[GangsterDeck] = []
    d_entries = root.tables("deck", "gangster deck", key="letter")
    for e in d_entries:
        ws = e.integers("war_strength", length=2) if "war_strength" in e.data else None
        deck = GangsterDeck(
            e.text("letter", GANGSTER_LETTERS),
            e.integer("count", minimum=1),
            e.integer("act", minimum=0),
            (ws[0], ws[1]) if ws else None,
            e.source(),
        )
        e.done()
        decks.append(deck)
    _unique(zip(d_entries, (d.letter for d in decks), strict=True), "deck letter")
    if {d.letter for d in decks} != set(GANGSTER_LETTERS):
        raise root.error(f"[[deck]] must define decks {', '.join(GANGSTER_LETTERS)} (R-COMP-5)")
    _check_count(
        root,
        "gangster tiles in the decks",
        sum(d.count for d in decks),
        comps.total("gangster_tiles"),
        "R-COMP-5",
    )
    abilities: list[PartnerAbility] = []
    a_entries = root.tables("ability", "partner ability")
    for e in a_entries:
        ab = PartnerAbility(
            e.text("id"), e.effects("immediate", []), e.bonuses("lasting", []), e.source()
        )
        if not ab.immediate and not ab.lasting:
            raise e.error("an ability needs 'immediate' effects or 'lasting' bonuses")
        e.done()
        abilities.append(ab)
    _unique(zip(a_entries, (a.id for a in abilities), strict=True), "ability id")
    ability_ids = {a.id for a in abilities}
    deck_map = {d.letter: d for d in decks}
    tiles: list[GangsterTile] = []
    t_entries = root.tables("tile", "gangster tile")
    for e in t_entries:
        tile = GangsterTile(
            id=e.text("id"),
            deck=e.text("deck", GANGSTER_LETTERS),
            name=e.text("name"),
            strength=e.integer("strength", minimum=1),
            war_modifier=e.integer("war_modifier"),
            help_cost=e.integer("help_cost"),
            ability=e.optional_text("ability", ability_ids),
            source=e.source(),
        )
        if tile.deck == "D" and tile.ability is not None:
            raise e.error("field 'ability': D gangsters have no ability (R-ALLY-3)")
        if tile.deck != "D" and tile.ability is None:
            raise e.error("missing field 'ability' (A-C gangsters have one, R-ALLY-3)")
        ws_range = deck_map[tile.deck].war_strength
        if ws_range and not ws_range[0] <= tile.war_strength <= ws_range[1]:
            raise e.error(
                f"war strength {tile.war_strength} outside deck {tile.deck}'s range "
                f"{ws_range[0]}-{ws_range[1]} (R-GANGWAR-6)"
            )
        e.done()
        tiles.append(tile)
    _unique(zip(t_entries, (t.id for t in tiles), strict=True), "gangster id")
    for d in decks:
        found = sum(t.deck == d.letter for t in tiles)
        _check_count(root, f"deck {d.letter} tiles", found, d.count, "R-COMP-5")
    root.done()
    return (
        FrozenMap((d.letter, d) for d in decks),
        FrozenMap((a.id, a) for a in abilities),
        tuple(tiles),
    )


def _load_crates(loader: _Loader, comps: Components) -> tuple[Crate, ...]:
    root = loader.open("crates.toml")
    crates: list[Crate] = []
    entries = root.tables("crate", "crate token")
    for e in entries:
        c = e.table("cash", f"{e.entry} cash")
        cash = CrateCash(
            c.text("per", tuple(CRATE_QUANTITIES)),
            c.integer("rate", minimum=1),
            c.optional_integer("cap", minimum=1),
            c.source(),
        )
        c.done()
        crates.append(
            Crate(
                id=e.text("id"),
                number=e.integer("number", minimum=1),
                cash=cash,
                bonus=e.bonus("bonus"),
                golden_rule_breaker=e.flag("golden_rule_breaker", False),
                source=e.source(),
            )
        )
        e.done()
    _unique(zip(entries, (c.id for c in crates), strict=True), "crate id")
    _unique(zip(entries, (c.number for c in crates), strict=True), "crate number")
    _check_count(root, "crate tokens", len(crates), comps.total("crate_tokens"), "R-COMP-8")
    root.done()
    return tuple(crates)


def _load_city_tokens(loader: _Loader, comps: Components) -> tuple[CityToken, ...]:
    root = loader.open("city_tokens.toml")
    d = root.table("distribution", "distribution")
    copies = d.integer("copies_each", minimum=1)
    d.source()
    d.done()
    tokens: list[CityToken] = []
    entries = root.tables("token", "city token")
    for e in entries:
        tokens.append(CityToken(e.text("id"), e.effects("effect"), copies, e.source()))
        e.done()
    _unique(zip(entries, (t.id for t in tokens), strict=True), "city token id")
    _check_count(
        root,
        "city tokens (kinds x copies_each)",
        len(tokens) * copies,
        comps.total("city_tokens"),
        "R-COMP-8",
    )
    root.done()
    return tuple(tokens)


def _load_goal_family(e: _Entry, family_id: str) -> GoalFamily:
    by_letter = (
        e.str_keyed("in_play_by_letter", CP_LETTERS)
        if "in_play_by_letter" in e.data
        else FrozenMap[str, int]()
    )
    fam = GoalFamily(
        id=family_id,
        book_spaces=e.integer("book_spaces", minimum=1),
        in_play=e.integer("in_play", minimum=1),
        in_play_by_letter=by_letter,
        payout=e.optional_integer("payout"),
        source=e.source(),
    )
    if by_letter and sum(by_letter.values()) != fam.in_play:
        raise e.error("field 'in_play_by_letter' must add up to 'in_play'")
    e.done()
    return fam


def _load_goals(
    loader: _Loader, comps: Components
) -> tuple[FrozenMap[str, GoalFamily], tuple[Goal, ...]]:
    families: dict[str, GoalFamily] = {}
    goals: list[Goal] = []
    entries: list[_Entry] = []

    # Central Park tiles
    root = loader.open("central_park_goals.toml")
    fam = _load_goal_family(root.table("family", "family"), "central_park")
    if fam.payout is None:
        raise root.error("the Central Park family needs a 'payout' (R-BOOKS-8)")
    families[fam.id] = fam
    cp_entries = root.tables("tile", "Central Park tile")
    for e in cp_entries:
        goals.append(
            Goal(
                id=e.text("id"),
                family="central_park",
                letter=e.text("letter", CP_LETTERS),
                number=e.integer("number", minimum=1),
                requirement=e.requirement("requirement"),
                payout=fam.payout,
                reward=e.effects("reward"),
                book_spaces=fam.book_spaces,
                golden_rule_breaker=e.flag("golden_rule_breaker", False),
                source=e.source(),
            )
        )
        e.done()
    entries += cp_entries
    for letter in CP_LETTERS:
        found = sum(g.letter == letter for g in goals)
        _check_count(
            root,
            f"Central Park tiles with back {letter}",
            found,
            comps.count("central_park_goal_tiles"),
            "R-COMP-7",
        )
        if found < fam.in_play_by_letter[letter]:
            raise root.error(f"fewer {letter} tiles than are put in play (R-SETUP-17)")
    root.done()

    # Area tiles
    root = loader.open("area_goals.toml")
    fam = _load_goal_family(root.table("family", "family"), "area")
    if fam.payout is None:
        raise root.error("the area family needs a 'payout' (R-BOOKS-9)")
    families[fam.id] = fam
    area_entries = root.tables("tile", "area goal tile")
    start = len(goals)
    for e in area_entries:
        goals.append(
            Goal(
                id=e.text("id"),
                family="area",
                letter=None,
                number=e.integer("number", minimum=1),
                requirement=e.requirement("requirement"),
                payout=fam.payout,
                reward=e.effects("reward"),
                book_spaces=fam.book_spaces,
                golden_rule_breaker=False,
                source=e.source(),
            )
        )
        e.done()
    entries += area_entries
    area = goals[start:]
    _check_count(root, "area goal tiles", len(area), comps.total("area_goal_tiles"), "R-COMP-7")
    if len({g.number for g in area}) < fam.in_play:
        raise root.error(
            f"area tiles need at least {fam.in_play} different numbers for setup (R-SETUP-16)"
        )
    root.done()

    # Fixed goals
    root = loader.open("fixed_goals.toml")
    f_entries = root.tables("family", "goal family")
    for e in f_entries:
        fid = e.text("id", ("docks", "city_hall", "notoriety"))
        if fid in families:
            raise e.error(f"duplicate goal family {fid!r}")
        families[fid] = _load_goal_family(e, fid)
    if set(families) != set(GOAL_FAMILIES):
        raise root.error("[[family]] must define docks, city_hall and notoriety (R-BOARD-8)")
    fixed_entries = root.tables("goal", "goal")
    start = len(goals)
    for e in fixed_entries:
        fid = e.text("family", ("docks", "city_hall", "notoriety"))
        fam = families[fid]
        payout = e.optional_integer("payout")
        if payout is None:
            if fam.payout is None:
                raise e.error("missing field 'payout' (the family has no common payout)")
            payout = fam.payout
        goals.append(
            Goal(
                id=e.text("id"),
                family=fid,
                letter=None,
                number=None,
                requirement=e.requirement("requirement"),
                payout=payout,
                reward=e.effects("reward"),
                book_spaces=fam.book_spaces,
                golden_rule_breaker=False,
                source=e.source(),
            )
        )
        e.done()
    entries += fixed_entries
    for fid in ("docks", "city_hall", "notoriety"):
        found = sum(g.family == fid for g in goals[start:])
        _check_count(root, f"{fid} goals", found, families[fid].in_play, "R-BOARD-8")
    root.done()
    _unique(zip(entries, (g.id for g in goals), strict=True), "goal id")
    return FrozenMap((f, families[f]) for f in GOAL_FAMILIES), tuple(goals)


_BOARD_PIECES: Final = {
    "bar": "bars",
    "distillery": "distilleries",
    "nightclub": "nightclubs",
    "casino": "casinos",
}


def _load_operations_board(loader: _Loader, comps: Components) -> OperationsBoard:
    root = loader.open("operations_board.toml")
    groups: list[BuildingGroup] = []
    g_entries = root.tables("group", "building group")
    for e in g_entries:
        groups.append(
            BuildingGroup(e.text("id"), e.integer("cost"), e.integer("discount"), e.source())
        )
        e.done()
    _unique(zip(g_entries, (g.id for g in groups), strict=True), "group id")
    group_ids = [g.id for g in groups]
    spaces: list[BuildingSpace] = []
    s_entries = root.tables("space", "building space")
    for e in s_entries:
        building = e.text("building", BUILDING_TYPES)
        group = e.optional_text("group", group_ids)
        if (group is None) != (building in ("nightclub", "casino")):
            raise e.error("field 'group': bars and the distillery sit in a group, NC/casino not")
        spaces.append(BuildingSpace(e.text("id"), building, group, e.effects("reward"), e.source()))
        e.done()
    _unique(zip(s_entries, (s.id for s in spaces), strict=True), "space id")
    for building, comp in _BOARD_PIECES.items():
        found = sum(s.building == building for s in spaces)
        _check_count(root, f"{building} spaces", found, comps.count(comp), "R-COMP-3")
    premium: list[tuple[str, PremiumBuilding]] = []
    p_entries = root.tables("premium", "premium building", key="building")
    for e in p_entries:
        p = PremiumBuilding(
            e.text("building", ("nightclub", "casino")),
            e.integer("cost"),
            e.integer("discards"),
            e.source(),
        )
        e.done()
        premium.append((p.building, p))
    _unique(zip(p_entries, (b for b, _ in premium), strict=True), "premium building")
    if {b for b, _ in premium} != {"nightclub", "casino"}:
        raise root.error("[[premium]] must give the nightclub and casino costs (R-BUILD-4)")

    g = root.table("goons", "goon spaces")
    goon_costs = g.integers("costs")
    if not goon_costs or goon_costs[0] != 0 or not _non_decreasing(goon_costs):
        raise g.error("field 'costs' must start at $0 and never decrease (R-GOON-1, R-PSETUP-4)")
    goon_src = g.source()
    g.done()
    v = root.table("vip_area", "VIP area")
    vip_spaces = v.integer("spaces", minimum=1)
    vip_src = v.source()
    v.done()
    c = root.table("city_tokens", "city-token spaces")
    ct_spaces, ct_limit, ct_src = c.integer("spaces"), c.integer("limit"), c.source()
    c.done()
    t = root.table("trucks", "trucks")
    trucks = (t.integer("start"), t.integer("second_at_fleet_level"), t.integer("capacity"))
    truck_src = t.source()
    t.done()

    lv = root.table("levels", "levels")
    levels: list[tuple[str, LevelTable]] = []
    for track in TRACKS:
        e = lv.table(track, f'level table "{track}"')
        values = e.integers("values", minimum=0)
        if len(values) != 5:
            raise e.error(f"field 'values' must give levels 1-5 (5 values), got {len(values)}")
        if not _non_decreasing(values):
            raise e.error("field 'values' must never decrease (levels only go up, R-LEVEL-1)")
        levels.append((track, LevelTable(track, e.text("meaning"), values, e.source())))
        e.done()
    lv.done()
    if levels[0][1].values[-1] > vip_spaces:
        raise root.error("VIP capacity exceeds the number of VIP spaces (R-MAFIOSO-2, GAP-21)")
    r = root.table("raise_discards", "raise discards")
    op_d, st_d = r.integers("operation", length=5), r.integers("strength", length=5)
    r_src = r.source()
    r.done()
    root.done()
    return OperationsBoard(
        groups=tuple(groups),
        spaces=tuple(spaces),
        premium=FrozenMap(premium),
        goon_costs=goon_costs,
        goon_source=goon_src,
        vip_spaces=vip_spaces,
        vip_source=vip_src,
        city_token_spaces=ct_spaces,
        city_token_limit=ct_limit,
        city_token_source=ct_src,
        trucks_at_start=trucks[0],
        second_truck_fleet_level=trucks[1],
        truck_capacity=trucks[2],
        truck_source=truck_src,
        levels=FrozenMap(levels),
        operation_raise_discards=op_d,
        strength_raise_discards=st_d,
        raise_discards_source=r_src,
    )


def _load_notoriety(loader: _Loader) -> NotorietyTrack:
    root = loader.open("notoriety_track.toml")
    t = root.table("track", "track")
    start, maximum, src = t.integer("start", minimum=1), t.integer("maximum", minimum=1), t.source()
    t.done()
    prices: list[PricePoint] = []
    p_entries = root.tables("price", "price space", key="space")
    for e in p_entries:
        p = PricePoint(
            e.integer("space"),
            e.integer("bar", minimum=1),
            e.integer("premium", minimum=1),
            e.source(),
        )
        if not start <= p.space <= maximum:
            raise e.error(f"field 'space' must be {start}..{maximum}")
        if p.premium <= p.bar:
            raise e.error("field 'premium' must be above the bar price (R-NOTOR-2)")
        e.done()
        prices.append(p)
    _unique(zip(p_entries, (p.space for p in prices), strict=True), "price space")
    prices.sort(key=lambda p: p.space)
    if not prices or prices[0].space != start:
        raise root.error(f"the first [[price]] must be at the start space {start}")
    if not (_non_decreasing(p.bar for p in prices) and _non_decreasing(p.premium for p in prices)):
        raise root.error("barrel prices must never fall along the track")
    rewards: list[NotorietyReward] = []
    r_entries = root.tables("reward", "reward space", key="space")
    for e in r_entries:
        r = NotorietyReward(
            e.integer("space"), e.effects("effect"), e.flag("placed_at_setup", False), e.source()
        )
        if not start < r.space <= maximum:
            raise e.error(f"field 'space' must be {start + 1}..{maximum}")
        e.done()
        rewards.append(r)
    _unique(zip(r_entries, (r.space for r in rewards), strict=True), "reward space")
    rewards.sort(key=lambda r: r.space)
    root.done()
    return NotorietyTrack(start, maximum, tuple(prices), tuple(rewards), src)


def _load_turn_order(loader: _Loader) -> TurnOrderTrack:
    root = loader.open("turn_order.toml")
    layouts: list[tuple[int, TurnOrderLayout]] = []
    entries = root.tables("layout", "turn-order layout", key="players")
    for e in entries:
        lay = TurnOrderLayout(
            players=e.integer("players", minimum=1),
            columns=e.integer("columns", minimum=1),
            protection_costs=e.integers("protection_costs", minimum=0),
            restaurant_discards=e.integer("restaurant_discards"),
            extra_discard_spaces=e.integers("extra_discard_spaces", minimum=1),
            source=e.source(),
        )
        if len(lay.protection_costs) != lay.columns:
            raise e.error("field 'protection_costs' needs one cost per column")
        if any(s > lay.columns for s in lay.extra_discard_spaces):
            raise e.error("field 'extra_discard_spaces' names a column that does not exist")
        e.done()
        layouts.append((lay.players, lay))
    _unique(zip(entries, (p for p, _ in layouts), strict=True), "player count")
    root.done()
    return TurnOrderTrack(FrozenMap(sorted(layouts, key=lambda kv: kv[0])))


def _load_payouts(loader: _Loader, max_players: int) -> FrozenMap[str, PayoutTable]:
    root = loader.open("payouts.toml")
    tables: list[tuple[str, PayoutTable]] = []
    entries = root.tables("area", "payout table", key="area")
    ranks = max_players + 1  # every player plus the gangster marker (R-PAYOUT-2)
    for e in entries:
        pt = PayoutTable(e.text("area", AREAS), e.integers("amounts", length=ranks), e.source())
        if not _non_decreasing(reversed(pt.amounts)):
            raise e.error("field 'amounts' must not rise with rank")
        e.done()
        tables.append((pt.area, pt))
    _unique(zip(entries, (a for a, _ in tables), strict=True), "area")
    if {a for a, _ in tables} != set(AREAS):
        raise root.error(f"need one payout table per area: {', '.join(AREAS)} (R-BOARD-11)")
    root.done()
    return FrozenMap(sorted(tables, key=lambda kv: AREAS.index(kv[0])))


def _load_docks(loader: _Loader) -> Docks:
    root = loader.open("docks.toml")
    lay = root.table("layout", "layout")
    areas = lay.texts("areas", AREAS)
    per_row = lay.integer("spaces_per_row", minimum=1)
    rows_expected = lay.integer("rows", minimum=1)
    src = lay.source()
    lay.done()
    rows: list[DocksRow] = []
    entries = root.tables("row", "docks row", key="row")
    for e in entries:
        rows.append(DocksRow(e.integer("row", minimum=1), e.effects("reward"), e.source()))
        e.done()
    _unique(zip(entries, (r.row for r in rows), strict=True), "row")
    rows.sort(key=lambda r: r.row)
    _check_count(root, "docks rows", len(rows), rows_expected, "R-BOARD-7, R-CRATE-11")
    if [r.row for r in rows] != list(range(1, len(rows) + 1)):
        raise root.error("docks rows must be numbered 1, 2, 3...")
    if set(areas) != set(AREAS):
        raise root.error("the docks have one area per Manhattan area (R-BOARD-7)")
    root.done()
    return Docks(areas, per_row, tuple(rows), src)


def _load_ships(loader: _Loader, comps: Components) -> tuple[Ship, ...]:
    root = loader.open("ships.toml")
    t = root.table("track", "track")
    barrels = t.integer("barrel_spaces", minimum=1)
    t.source()
    t.done()
    ships: list[Ship] = []
    entries = root.tables("ship", "smugglers' ship")
    for e in entries:
        ship = Ship(
            e.text("id"),
            e.text("name"),
            e.integers("prices", length=barrels, minimum=1),
            e.integers("defences", length=barrels + 1, minimum=0),
            e.source(),
        )
        if not _non_decreasing(ship.defences):
            raise e.error("field 'defences' must rise as barrels are removed (R-SHIP-2)")
        e.done()
        ships.append(ship)
    _unique(zip(entries, (s.id for s in ships), strict=True), "ship id")
    _check_count(root, "smugglers' ships", len(ships), comps.total("smugglers_ships"), "R-COMP-8")
    root.done()
    return tuple(ships)


def _load_locations(loader: _Loader, player_counts: Collection[int]) -> FrozenMap[str, Location]:
    root = loader.open("locations.toml")
    locations: list[Location] = []
    entries = root.tables("location", "location")
    for e in entries:
        lid = e.text("id")
        unlimited = e.flag("unlimited", False)
        counts = FrozenMap[int, int]() if unlimited else e.int_keyed("persons")
        if not unlimited:
            if set(counts) != set(player_counts):
                raise e.error(
                    "field 'persons' must give a count for each player count "
                    f"({', '.join(map(str, player_counts))})"
                )
            if min(counts.values()) < 1:
                raise e.error("field 'persons': every location has at least 1 person (R-LOC-GEN-1)")
        width = 1 if unlimited else max(counts.values())
        rows: list[LocationRow] = []
        for r in e.tables("row", f"{e.entry} row"):
            if ("box" in r.data) == ("persons" in r.data):
                raise r.error("a row has either 'box' actions or per-'persons' actions")
            if "box" in r.data:
                rows.append(LocationRow(True, (r.effects("box"),)))
            else:
                raw = r._take("persons")
                if not isinstance(raw, list) or len(raw) != width:
                    raise r.error(f"field 'persons' must list actions for {width} person(s)")
                per: list[tuple[Effect, ...]] = []
                for p in raw:
                    try:
                        per.append(effects_from_data(p))
                    except ValueError as exc:
                        raise r.error(f"field 'persons': {exc}") from None
                rows.append(LocationRow(False, tuple(per)))
            r.done()
        if not rows:
            raise e.error("missing field 'row' (a location needs at least one row of actions)")
        locations.append(
            Location(
                id=lid,
                name=e.text("name"),
                unlimited=unlimited,
                person_counts=counts,
                rows=tuple(rows),
                source=e.source(),
                layout_source=e.source("layout_source"),
            )
        )
        e.done()
    _unique(zip(entries, (loc.id for loc in locations), strict=True), "location id")
    root.done()
    return FrozenMap((loc.id, loc) for loc in locations)


def _read(root: Path) -> Catalog:
    loader = _Loader(root)
    comps = _load_components(loader)
    setup = _load_setup(loader)
    cards, actions = _load_operation_cards(loader, comps)
    scoring = _load_scoring(loader)
    helpers, bottles = _load_helpers(loader, comps, scoring)
    decks, abilities, gangsters = _load_gangsters(loader, comps)
    crates = _load_crates(loader, comps)
    tokens = _load_city_tokens(loader, comps)
    families, goals = _load_goals(loader, comps)
    board = _load_operations_board(loader, comps)
    notoriety = _load_notoriety(loader)
    turn_order = _load_turn_order(loader)
    if set(turn_order.layouts) != set(setup.player_counts):
        raise DataError(
            root / "turn_order.toml", "file", "needs one [[layout]] per player count of setup.toml"
        )
    payouts = _load_payouts(loader, max(setup.player_counts))
    docks = _load_docks(loader)
    ships = _load_ships(loader, comps)
    locations = _load_locations(loader, tuple(setup.player_counts))
    return Catalog(
        root=root,
        components=comps,
        setup=setup,
        operation_cards=cards,
        card_actions=actions,
        helper_cards=helpers,
        bottles=bottles,
        gangster_decks=decks,
        partner_abilities=abilities,
        gangsters=gangsters,
        crates=crates,
        city_tokens=tokens,
        goal_families=families,
        goals=goals,
        operations_board=board,
        notoriety=notoriety,
        turn_order=turn_order,
        payouts=payouts,
        docks=docks,
        ships=ships,
        scoring=scoring,
        locations=locations,
        provenance=tuple(loader.records),
    )


@functools.cache
def _default_catalog() -> Catalog:
    return _read(DEFAULT_CATALOG_DIR)


def load_catalog(path: str | Path | None = None) -> Catalog:
    """Load and validate every catalog file in ``path`` (default: the shipped data).

    The default catalog is loaded once and cached. Any malformed file raises
    :class:`~speakeasy.model.errors.DataError` naming the file, the entry and the problem.

    >>> load_catalog() is load_catalog()
    True
    >>> load_catalog().crate(9).bonus.label
    'each truck range +1'
    """
    if path is None:
        return _default_catalog()
    return _read(Path(path))

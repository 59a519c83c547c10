"""Printed boards and tracks: the operations board, notoriety and turn-order tracks, payouts,
the docks, the smugglers' ships, final scoring and the locations with their persons."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from speakeasy.games.speakeasy.model.catalog.base import FrozenMap, lookup
from speakeasy.games.speakeasy.model.effects import Effect
from speakeasy.games.speakeasy.model.provenance import Provenance


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

    >>> from speakeasy.games.speakeasy.model.catalog import load_catalog
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
        return lookup(self.groups, group_id, "building group")

    def build_cost(self, building: str, group: str | None = None) -> tuple[int, int]:
        """(money, card discards) to open ``building`` (bars need their group).

        >>> from speakeasy.games.speakeasy.model.catalog import load_catalog
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

        >>> from speakeasy.games.speakeasy.model.catalog import load_catalog
        >>> load_catalog().operations_board.upgrade_discount(["left", "middle"])
        5
        """
        return max((self.group(g).discount for g in empty_groups), default=0)

    def goon_cost(self, occupied: int, hired: int = 1) -> int:
        """Cost of hiring ``hired`` goons when ``occupied`` spaces are full (R-GOON-1, E12).

        >>> from speakeasy.games.speakeasy.model.catalog import load_catalog
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

        >>> from speakeasy.games.speakeasy.model.catalog import load_catalog
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

        >>> from speakeasy.games.speakeasy.model.catalog import load_catalog
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

    >>> from speakeasy.games.speakeasy.model.catalog import load_catalog
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
        return lookup(self.rows, number, "docks row", key="row")


@dataclass(frozen=True, slots=True)
class Ship:
    """A smugglers' ship and its track on the docks board (R-SHIP-1/2, GAP-8).

    >>> from speakeasy.games.speakeasy.model.catalog import load_catalog
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
    #: Left out of the hash (equal persons still have equal locations and indexes), so a
    #: person is a quick key for the rules' caches.
    rows: tuple[tuple[Effect, ...], ...] = field(hash=False)

    @property
    def actions(self) -> tuple[Effect, ...]:
        """All actions in order (R-LOC-GEN-4)."""
        return tuple(e for row in self.rows for e in row)


@dataclass(frozen=True, slots=True)
class Location:
    """A location with persons (R-LOC-GEN-*, §11).

    >>> from speakeasy.games.speakeasy.model.catalog import load_catalog
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
    #: The persons, leftmost first, made once (every capo decision asks for them).
    _people: tuple[Person, ...] = field(init=False, repr=False, compare=False, hash=False)

    def __post_init__(self) -> None:
        people: list[Person] = []
        for index in range(max(self.person_counts.values(), default=1)):
            try:
                people.append(self._make_person(index))
            except IndexError:  # data the loader rejects; person() raises as it always did
                break
        object.__setattr__(self, "_people", tuple(people))

    def _make_person(self, index: int) -> Person:
        return Person(self.id, index, tuple(row.for_person(index) for row in self.rows))

    def person_count(self, players: int) -> int | None:
        """Persons available with ``players`` players; None = unlimited (R-LOC-GEN-6)."""
        if self.unlimited:
            return None
        try:
            return self.person_counts[players]
        except KeyError:
            raise ValueError(f"no person count for {players} player(s) at {self.id}") from None

    def person(self, index: int) -> Person:
        people = self._people
        if 0 <= index < len(people):
            return people[index]
        return self._make_person(index)

    def persons(self, players: int) -> tuple[Person, ...]:
        """The persons in play, leftmost first; the rightmost are removed at 2p (GAP-20).

        The Restaurant returns a single person that any number of capos may use.
        """
        count = self.person_count(players)
        count = 1 if count is None else count
        if count <= len(self._people):
            return self._people[:count]
        return tuple(self.person(i) for i in range(count))

"""The catalog: every family of component data, with lookups by id. Built by the loader."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from speakeasy.games.speakeasy.model.catalog.base import FrozenMap, ProvenanceItem
from speakeasy.games.speakeasy.model.catalog.boards import (
    Docks,
    LevelTable,
    Location,
    NotorietyTrack,
    OperationsBoard,
    PayoutTable,
    Scoring,
    Ship,
    TurnOrderTrack,
)
from speakeasy.games.speakeasy.model.catalog.pieces import (
    GOAL_FAMILIES,
    Bottle,
    CityToken,
    Crate,
    GangsterDeck,
    GangsterTile,
    Goal,
    GoalFamily,
    HelperCard,
    OperationCard,
    PartnerAbility,
)
from speakeasy.games.speakeasy.model.catalog.setup import Components, Setup
from speakeasy.games.speakeasy.model.effects import Effect


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
    #: ``(family, key) -> item`` for the lookups by id below (the first item with a key wins,
    #: as a scan would find it); made with the catalog, so a replaced family is indexed anew.
    _index: FrozenMap[tuple[str, object], Any] = field(
        init=False, repr=False, compare=False, hash=False
    )

    def __post_init__(self) -> None:
        index: dict[tuple[str, object], Any] = {}
        families: tuple[tuple[str, tuple[Any, ...], str], ...] = (
            ("operation card", self.operation_cards, "id"),
            ("helper card", self.helper_cards, "id"),
            ("gangster tile", self.gangsters, "id"),
            ("crate number", self.crates, "number"),
            ("crate token", self.crates, "id"),
            ("city token", self.city_tokens, "id"),
            ("goal", self.goals, "id"),
            ("smugglers' ship", self.ships, "id"),
        )
        for what, items, key in families:
            for item in items:
                index.setdefault((what, getattr(item, key)), item)
        object.__setattr__(self, "_index", FrozenMap(index.items()))

    def _find(self, what: str, key_value: object) -> Any:
        """The item of family ``what`` with the key ``key_value`` (as
        :func:`~speakeasy.games.speakeasy.model.catalog.base.lookup` finds it); ``KeyError`` naming
        ``what``."""
        try:
            return self._index[(what, key_value)]
        except (KeyError, TypeError):  # TypeError: an unhashable key, never an item's
            raise KeyError(f"no {what} {key_value!r}") from None

    # -- lookups ---------------------------------------------------------------------------

    def card(self, card_id: str) -> OperationCard:
        """An operation card by id, e.g. ``"fleet-07"``."""
        found: OperationCard = self._find("operation card", card_id)
        return found

    def cards_of(self, card_type: str) -> tuple[OperationCard, ...]:
        """The 12 cards of one type (R-SETUP-18 decks).

        >>> from speakeasy.games.speakeasy.model.catalog import load_catalog
        >>> len(load_catalog().cards_of("vip"))
        12
        """
        return tuple(c for c in self.operation_cards if c.type == card_type)

    def helper(self, helper_id: str) -> HelperCard:
        found: HelperCard = self._find("helper card", helper_id)
        return found

    def gangster(self, gangster_id: str) -> GangsterTile:
        found: GangsterTile = self._find("gangster tile", gangster_id)
        return found

    def gangster_deck(self, letter: str) -> tuple[GangsterTile, ...]:
        """The tiles of deck A, B, C or D (R-SETUP-4, R-GANGWAR-1)."""
        return tuple(g for g in self.gangsters if g.deck == letter)

    def ability(self, tile: GangsterTile) -> PartnerAbility | None:
        """The partner ability of a gangster tile (None for D tiles)."""
        return None if tile.ability is None else self.partner_abilities[tile.ability]

    def crate(self, crate: str | int) -> Crate:
        """A crate token by id (``"crate-09"``) or printed number (9)."""
        if isinstance(crate, int):
            found: Crate = self._find("crate number", crate)
            return found
        found_token: Crate = self._find("crate token", crate)
        return found_token

    def city_token(self, token_id: str) -> CityToken:
        found: CityToken = self._find("city token", token_id)
        return found

    def city_token_pool(self) -> tuple[str, ...]:
        """One id per physical city token (54), for shuffling in setup (R-SETUP-14)."""
        return tuple(t.id for t in self.city_tokens for _ in range(t.copies))

    def goal(self, goal_id: str) -> Goal:
        found: Goal = self._find("goal", goal_id)
        return found

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
        found: Ship = self._find("smugglers' ship", ship_id)
        return found

    def location(self, location_id: str) -> Location:
        try:
            return self.locations[location_id]
        except KeyError:
            raise KeyError(f"no location {location_id!r}") from None

    def level_table(self, track: str) -> LevelTable:
        """Values for levels 1-5 of ``"vip"``, ``"party"``, ``"distillery"``, ``"fleet"`` or
        ``"strength"``.

        >>> from speakeasy.games.speakeasy.model.catalog import load_catalog
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

"""The catalog: every family of component data, with lookups by id. Built by the loader."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from speakeasy.games.speakeasy.model.catalog.base import FrozenMap, ProvenanceItem, lookup
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

    # -- lookups ---------------------------------------------------------------------------

    def card(self, card_id: str) -> OperationCard:
        """An operation card by id, e.g. ``"fleet-07"``."""
        return lookup(self.operation_cards, card_id, "operation card")

    def cards_of(self, card_type: str) -> tuple[OperationCard, ...]:
        """The 12 cards of one type (R-SETUP-18 decks).

        >>> from speakeasy.games.speakeasy.model.catalog import load_catalog
        >>> len(load_catalog().cards_of("vip"))
        12
        """
        return tuple(c for c in self.operation_cards if c.type == card_type)

    def helper(self, helper_id: str) -> HelperCard:
        return lookup(self.helper_cards, helper_id, "helper card")

    def gangster(self, gangster_id: str) -> GangsterTile:
        return lookup(self.gangsters, gangster_id, "gangster tile")

    def gangster_deck(self, letter: str) -> tuple[GangsterTile, ...]:
        """The tiles of deck A, B, C or D (R-SETUP-4, R-GANGWAR-1)."""
        return tuple(g for g in self.gangsters if g.deck == letter)

    def ability(self, tile: GangsterTile) -> PartnerAbility | None:
        """The partner ability of a gangster tile (None for D tiles)."""
        return None if tile.ability is None else self.partner_abilities[tile.ability]

    def crate(self, crate: str | int) -> Crate:
        """A crate token by id (``"crate-09"``) or printed number (9)."""
        if isinstance(crate, int):
            return lookup(self.crates, crate, "crate number", key="number")
        return lookup(self.crates, crate, "crate token")

    def city_token(self, token_id: str) -> CityToken:
        return lookup(self.city_tokens, token_id, "city token")

    def city_token_pool(self) -> tuple[str, ...]:
        """One id per physical city token (54), for shuffling in setup (R-SETUP-14)."""
        return tuple(t.id for t in self.city_tokens for _ in range(t.copies))

    def goal(self, goal_id: str) -> Goal:
        return lookup(self.goals, goal_id, "goal")

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
        return lookup(self.ships, ship_id, "smugglers' ship")

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

"""The static data of the game: every component, table and track, loaded from ``data/catalog/``.

Each family of components lives in its own TOML file (``operation_cards.toml``,
``crates.toml``, ``locations.toml``...). :func:`load_catalog` reads them all into frozen
dataclasses, validates them and cross-checks the counts against ``components.toml`` (R-COMP-*).
Every malformed value raises :class:`~speakeasy.tools.errors.DataError` naming the file, the entry
and the field. Every item carries a :class:`~speakeasy.games.speakeasy.model.provenance.Provenance`
(``source``): values stated by the rulebooks cite their rule or example ID, all others cite the GAP
(or DISC) entry whose ASSUMED default they take. Rewards, actions, abilities and requirements are
:class:`~speakeasy.games.speakeasy.model.effects.Effect` /
:class:`~speakeasy.games.speakeasy.model.effects.Bonus` /
:class:`~speakeasy.games.speakeasy.model.effects.Requirement` terms that the engine interprets.

The types live in :mod:`~speakeasy.games.speakeasy.model.catalog.setup` (components and setup),
:mod:`~speakeasy.games.speakeasy.model.catalog.pieces` (cards, tiles, tokens, goals),
:mod:`~speakeasy.games.speakeasy.model.catalog.boards` (boards, tracks, ships, locations) and
:mod:`~speakeasy.games.speakeasy.model.catalog.catalog` (the :class:`Catalog` itself);
:mod:`~speakeasy.games.speakeasy.model.catalog.loader` reads and validates the files with the field
reader of :mod:`~speakeasy.games.speakeasy.model.catalog.reader`.

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

from speakeasy.games.speakeasy.model.catalog.base import FrozenMap, ProvenanceItem
from speakeasy.games.speakeasy.model.catalog.boards import (
    BuildingGroup,
    BuildingSpace,
    Docks,
    DocksRow,
    LevelTable,
    Location,
    LocationRow,
    NotorietyReward,
    NotorietyTrack,
    OperationsBoard,
    PayoutTable,
    Person,
    PremiumBuilding,
    PricePoint,
    Scoring,
    Ship,
    TurnOrderLayout,
    TurnOrderTrack,
)
from speakeasy.games.speakeasy.model.catalog.catalog import Catalog
from speakeasy.games.speakeasy.model.catalog.loader import DEFAULT_CATALOG_DIR, load_catalog
from speakeasy.games.speakeasy.model.catalog.pieces import (
    CP_LETTERS,
    GANGSTER_LETTERS,
    GOAL_FAMILIES,
    Bottle,
    CityToken,
    Crate,
    CrateCash,
    GangsterDeck,
    GangsterTile,
    Goal,
    GoalFamily,
    HelperCard,
    OperationCard,
    PartnerAbility,
)
from speakeasy.games.speakeasy.model.catalog.setup import (
    ActStructure,
    Component,
    Components,
    GeneralSetup,
    PlayerCountSetup,
    Setup,
    StartingResources,
)

__all__ = [
    "CP_LETTERS",
    "DEFAULT_CATALOG_DIR",
    "GANGSTER_LETTERS",
    "GOAL_FAMILIES",
    "ActStructure",
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
    "GeneralSetup",
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
    "PayoutTable",
    "Person",
    "PlayerCountSetup",
    "PremiumBuilding",
    "PricePoint",
    "ProvenanceItem",
    "Scoring",
    "Setup",
    "Ship",
    "StartingResources",
    "TurnOrderLayout",
    "TurnOrderTrack",
    "load_catalog",
]

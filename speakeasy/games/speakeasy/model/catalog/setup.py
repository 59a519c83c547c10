"""What is in the box and how the game is set up (R-COMP-*, R-PSETUP-*, R-SETUP-*, R-ACT-*)."""

from __future__ import annotations

from dataclasses import dataclass

from speakeasy.games.speakeasy.model.catalog.base import FrozenMap
from speakeasy.games.speakeasy.model.catalog.pieces import CP_LETTERS
from speakeasy.games.speakeasy.model.effects import OPERATIONS
from speakeasy.games.speakeasy.model.provenance import Provenance


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

        >>> from speakeasy.games.speakeasy.model.catalog import load_catalog
        >>> load_catalog().components.count("mafiosi")
        12
        """
        return self[component_id].count

    def total(self, component_id: str) -> int:
        """Pieces in the box, all colours / types / letters together.

        >>> from speakeasy.games.speakeasy.model.catalog import load_catalog
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
    """Everything that differs by player count (R-2P-*, R-3P-*, R-SETUP-*). The building
    spaces per district are the board's (``data/board.toml``, R-BOARD-3): one source."""

    players: int
    board_side: str
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

        >>> from speakeasy.games.speakeasy.model.catalog import load_catalog
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

"""Cards, tiles and tokens: operation and helper cards, gangsters, crates, city tokens, goals."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from speakeasy.games.speakeasy.model.catalog.base import FrozenMap
from speakeasy.games.speakeasy.model.effects import Bonus, Effect, Requirement
from speakeasy.games.speakeasy.model.provenance import Provenance

#: Letters on the backs of the Central Park goal tiles (R-COMP-7).
CP_LETTERS: Final = ("A", "B", "C")
#: The five families of goals with book spaces (R-BOARD-8).
GOAL_FAMILIES: Final = ("docks", "city_hall", "central_park", "notoriety", "area")
#: Letters of the gangster decks (R-COMP-5).
GANGSTER_LETTERS: Final = ("A", "B", "C", "D")


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

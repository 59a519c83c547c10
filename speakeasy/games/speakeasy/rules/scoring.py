"""Final scoring after Act 4 (rules reference §13, R-SCORING-1..6, example E22).

Final money = pocket + safe at face value (R-MONEY-5) + the value of every *protected*
building (R-SCORING-2/3; a protected building always operates, so the golden rule R-GOLDEN-3
removes nothing more) + the value of each *different* bottle type among all of the player's
helper cards, face up or used (R-SCORING-4). The most money wins; ties are broken by the
catalogue's tie-breakers in order (R-SCORING-6), and players still tied share the win.

:func:`score_breakdown` and :func:`game_result` are pure and work on any hand-built state.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from speakeasy.games.speakeasy.model.catalog.catalog import Catalog
from speakeasy.games.speakeasy.model.kinds import EventKind
from speakeasy.games.speakeasy.model.state import BuildingType, Colour, GameState, Phase
from speakeasy.games.speakeasy.rules.context import Ctx, Flow
from speakeasy.games.speakeasy.rules.wording import count, listing, player_name

__all__ = [
    "GameResult",
    "ScoreBreakdown",
    "ScoredBottle",
    "ScoredBuilding",
    "Standing",
    "final_result",
    "final_scoring",
    "game_result",
    "score_breakdown",
    "tie_breaker_values",
]

_SCORING_RULES = ("R-SCORING-1", "R-SCORING-2", "R-SCORING-3", "R-SCORING-4", "R-MONEY-5")


@dataclass(frozen=True, slots=True)
class ScoredBuilding:
    """A protected building and its final value (R-SCORING-2, GAP-12)."""

    district: int
    space: int
    building: BuildingType
    value: int


@dataclass(frozen=True, slots=True)
class ScoredBottle:
    """A bottle type the player owns, the value it scores once, and the cards showing it."""

    bottle: str
    value: int
    cards: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class ScoreBreakdown:
    """One player's final money, item by item (R-SCORING-1..4)."""

    colour: Colour
    pocket: int
    safe: int
    buildings: tuple[ScoredBuilding, ...]
    unprotected: int  # buildings on the map that score nothing (R-SCORING-3)
    bottles: tuple[ScoredBottle, ...]

    @property
    def money(self) -> int:
        """Pocket and safe at face value (R-MONEY-5)."""
        return self.pocket + self.safe

    @property
    def building_points(self) -> int:
        return sum(b.value for b in self.buildings)

    @property
    def bottle_points(self) -> int:
        return sum(b.value for b in self.bottles)

    @property
    def total(self) -> int:
        return self.money + self.building_points + self.bottle_points

    def to_data(self) -> dict[str, Any]:
        return {
            "colour": self.colour.value,
            "pocket": self.pocket,
            "safe": self.safe,
            "buildings": [
                {
                    "district": b.district,
                    "space": b.space,
                    "building": b.building.value,
                    "value": b.value,
                }
                for b in self.buildings
            ],
            "building_points": self.building_points,
            "unprotected": self.unprotected,
            "bottles": [
                {"bottle": b.bottle, "value": b.value, "cards": list(b.cards)} for b in self.bottles
            ],
            "bottle_points": self.bottle_points,
            "total": self.total,
        }


def score_breakdown(state: GameState, catalog: Catalog) -> dict[Colour, ScoreBreakdown]:
    """Every player's final money with its parts (R-SCORING-1..4, E22). Pure."""
    values = catalog.scoring.building_values
    result: dict[Colour, ScoreBreakdown] = {}
    for colour, player in state.players.items():
        scored: list[ScoredBuilding] = []
        unprotected = 0
        for district, space, building in sorted(state.buildings(colour), key=lambda t: t[:2]):
            if building.protected:
                scored.append(
                    ScoredBuilding(district, space, building.type, values[building.type.value])
                )
            else:
                unprotected += 1
        cards: dict[str, list[str]] = {}
        for card in [*player.helpers, *player.helpers_used]:
            cards.setdefault(catalog.helper(card).bottle, []).append(card)
        bottles = tuple(
            ScoredBottle(bottle, catalog.helper(ids[0]).bottle_value, tuple(sorted(ids)))
            for bottle, ids in sorted(cards.items())
        )
        result[colour] = ScoreBreakdown(
            colour, player.pocket, player.safe, tuple(scored), unprotected, bottles
        )
    return result


def tie_breaker_values(state: GameState, colour: Colour) -> dict[str, int]:
    """The R-SCORING-6 tie-breaker counts of one player, by catalogue name. Pure.

    * ``protected_buildings``: buildings on the map with a mafioso;
    * ``buildings``: buildings on the map, protected or not;
    * ``books_on_goals``: the player's books on goal spaces of the main board;
    * ``mafiosi_in_play``: mafiosi protecting buildings, in the docks and in the VIP area.
    """
    mine = [b for _, _, b in state.buildings(colour)]
    protected = sum(b.protected for b in mine)
    books = sum(1 for spaces in state.books.values() for owner in spaces if owner is colour)
    docks = sum(1 for spaces in state.docks.values() for owner in spaces if owner is colour)
    return {
        "protected_buildings": protected,
        "buildings": len(mine),
        "books_on_goals": books,
        "mafiosi_in_play": protected + docks + state.players[colour].vip,
    }


@dataclass(frozen=True, slots=True)
class Standing:
    """A player's place (1 = best; tied players share a place), money and tie-breakers."""

    place: int
    colour: Colour
    breakdown: ScoreBreakdown
    tie_breakers: tuple[tuple[str, int], ...]  # in R-SCORING-6 order

    @property
    def total(self) -> int:
        return self.breakdown.total

    @property
    def key(self) -> tuple[int, ...]:
        return (self.total, *(v for _, v in self.tie_breakers))


@dataclass(frozen=True, slots=True)
class GameResult:
    """The final standings, best first, and the winner(s) (R-SCORING-5/6)."""

    standings: tuple[Standing, ...]
    winners: tuple[Colour, ...]
    tie_breaker_order: tuple[str, ...]

    @property
    def shared_win(self) -> bool:
        """Still tied after every tie-breaker: the win is shared (R-SCORING-6)."""
        return len(self.winners) > 1

    def standing(self, colour: Colour) -> Standing:
        return next(s for s in self.standings if s.colour is colour)

    def to_data(self) -> dict[str, Any]:
        return {
            "winners": [c.value for c in self.winners],
            "shared_win": self.shared_win,
            "tie_breaker_order": list(self.tie_breaker_order),
            "standings": [
                {
                    "place": s.place,
                    "colour": s.colour.value,
                    "total": s.total,
                    "tie_breakers": dict(s.tie_breakers),
                    "breakdown": s.breakdown.to_data(),
                }
                for s in self.standings
            ],
        }


def game_result(state: GameState, catalog: Catalog) -> GameResult:
    """Rank the players by money, then by each tie-breaker in turn (R-SCORING-5/6). Pure."""
    order = catalog.scoring.tie_breakers
    breakdowns = score_breakdown(state, catalog)
    entries: list[tuple[Colour, tuple[tuple[str, int], ...]]] = []
    for colour in breakdowns:
        values = tie_breaker_values(state, colour)
        unknown = [name for name in order if name not in values]
        if unknown:
            raise ValueError(f"unknown tie-breaker(s) in the scoring data: {unknown}")
        entries.append((colour, tuple((name, values[name]) for name in order)))

    def key(entry: tuple[Colour, tuple[tuple[str, int], ...]]) -> tuple[int, ...]:
        return (breakdowns[entry[0]].total, *(v for _, v in entry[1]))

    seats = list(state.seating) or list(state.players)
    ranked = sorted(
        entries,
        key=lambda e: (tuple(-k for k in key(e)), seats.index(e[0]) if e[0] in seats else 0),
    )
    standings: list[Standing] = []
    for position, (colour, ties) in enumerate(ranked, start=1):
        previous = standings[-1] if standings else None
        place = (
            previous.place
            if previous is not None and previous.key == key((colour, ties))
            else position
        )
        standings.append(Standing(place, colour, breakdowns[colour], ties))
    winners = tuple(s.colour for s in standings if s.place == 1)
    return GameResult(tuple(standings), winners, tuple(order))


def final_result(ctx: Ctx) -> GameResult:
    """The result of the game in ``ctx`` (R-SCORING-1..6)."""
    return game_result(ctx.state, ctx.catalog)


def final_scoring(ctx: Ctx) -> Flow[None]:
    """Final scoring after Act 4 (R-ACT-2, R-SCORING-1..6): one event per player with the
    breakdown, then the winner(s). Asks nothing; ends with ``state.phase`` OVER."""
    state = ctx.state
    state.phase = Phase.FINAL_SCORING
    result = final_result(ctx)
    for s in result.standings:
        b = s.breakdown
        ctx.emit(
            EventKind.FINAL_SCORE,
            s.colour,
            _SCORING_RULES,
            f"{player_name(s.colour)} finishes with ${b.total} (place {s.place}): ${b.pocket} "
            f"pocket + ${b.safe} safe + ${b.building_points} for "
            f"{count(len(b.buildings), 'protected building')} + ${b.bottle_points} for "
            f"{count(len(b.bottles), 'different bottle')}.",
            place=s.place,
            tie_breakers=dict(s.tie_breakers),
            **b.to_data(),
        )
    names = listing([player_name(c) for c in result.winners])
    text = (
        f"{names} wins the game."
        if len(result.winners) == 1
        else f"{names} are still tied after every tie-breaker and share the win."
    )
    ctx.emit(
        EventKind.GAME_OVER,
        None,
        ("R-SCORING-5", "R-SCORING-6"),
        text,
        winners=[c.value for c in result.winners],
        shared_win=result.shared_win,
    )
    state.phase = Phase.OVER
    return
    yield  # a generator that never asks anything

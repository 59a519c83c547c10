"""Truck range and reachability, explained (rules reference §10 "Trucks", R-TRUCK-1..14).

These are the pure questions a player asks before a pick-up-and-deliver action: how far can my
trucks go, where can they get to, by which routes, and why can't they reach a district?

>>> from speakeasy import load_board
>>> truck_range(2, fleet_card_bonus=True).total
4
>>> board = load_board()
>>> print(explain_reach(board, 13, 14, truck_range(2).total))  # doctest: +NORMALIZE_WHITESPACE
District 14 needs 3 moves from district 13, but the range is 2 (R-TRUCK-2).
The straight way crosses Central Park, which trucks cannot cross (R-TRUCK-8, GEO-5):
the route goes around, e.g. 13 → 10 → 11 → 14.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import cache

from speakeasy.games.speakeasy.model.board import Board
from speakeasy.games.speakeasy.model.catalog.catalog import Catalog
from speakeasy.games.speakeasy.model.catalog.loader import load_catalog

__all__ = [
    "RangePart",
    "TruckRange",
    "crosses_central_park",
    "explain_reach",
    "reach_table",
    "truck_range",
]


@dataclass(frozen=True, slots=True)
class _TruckRules:
    """The numbers behind R-TRUCK-2/3, read from the catalogue once."""

    range_by_fleet_level: tuple[int, ...]
    fleet_card_bonus: int
    garage_left_bonus: int
    crate_bonus: int
    second_truck_level: int


@cache
def _shipped_rules() -> _TruckRules:
    return _rules(load_catalog())


def _rules(catalog: Catalog) -> _TruckRules:
    card_bonus = max(
        effect.integer("n")
        for card in catalog.cards_of("fleet")
        for effect in card.reward
        if effect.kind == "range_bonus"
    )
    garage = max(
        effect.integer("range_bonus")
        for person in catalog.location("garage").persons(4)
        for effect in person.actions
        if effect.kind == "play_card"
    )
    crate = max(
        crate.bonus.integer("n") for crate in catalog.crates if crate.bonus.kind == "truck_range"
    )
    board = catalog.operations_board
    return _TruckRules(
        range_by_fleet_level=board.levels["fleet"].values,
        fleet_card_bonus=card_bonus,
        garage_left_bonus=garage,
        crate_bonus=crate,
        second_truck_level=board.second_truck_fleet_level,
    )


@dataclass(frozen=True, slots=True)
class RangePart:
    """One contribution to a truck's range, with the rule that grants it."""

    label: str
    value: int
    rule: str


@dataclass(frozen=True, slots=True)
class TruckRange:
    """The range of each truck for one pick-up-and-deliver action (R-TRUCK-2)."""

    parts: tuple[RangePart, ...]
    trucks: int

    @property
    def total(self) -> int:
        return sum(p.value for p in self.parts)

    def explain(self) -> str:
        """``"range 5 = fleet level 3 (R-LEVEL-7) + Garage left person 2 (R-LOC-GARAGE-2)"``."""
        terms = " + ".join(f"{p.value} from {p.label} ({p.rule})" for p in self.parts if p.value)
        trucks = f"; {self.trucks} truck{'s' if self.trucks != 1 else ''} (R-TRUCK-3)"
        return f"range {self.total} = {terms or '0'}{trucks}"


def truck_range(
    fleet_level: int,
    *,
    fleet_card_bonus: bool = False,
    garage_left: bool = False,
    range_crates: int = 0,
    catalog: Catalog | None = None,
) -> TruckRange:
    """Range of each truck: fleet-level range + card reward + Garage left person + crates.

    ``fleet_card_bonus``: the played fleet card's top-left reward was "+2 range" (R-CARD-8);
    ``garage_left``: the action comes from the Garage's left person (R-LOC-GARAGE-2);
    ``range_crates``: how many "truck range +1" crate bonuses you own (R-CRATE-9/10).
    The values come from ``catalog``, the game's catalogue (default: the shipped one,
    ``data/catalog``).
    """
    rules = _shipped_rules() if catalog is None else _rules(catalog)
    levels = rules.range_by_fleet_level
    if not 1 <= fleet_level <= len(levels):
        raise ValueError(f"fleet level must be 1-{len(levels)} (R-LEVEL-1), got {fleet_level}")
    if range_crates < 0:
        raise ValueError(f"range_crates must be at least 0, got {range_crates}")
    parts = (
        RangePart(f"fleet level {fleet_level}", levels[fleet_level - 1], "R-LEVEL-7"),
        RangePart(
            "fleet card reward", rules.fleet_card_bonus if fleet_card_bonus else 0, "R-CARD-8"
        ),
        RangePart(
            "Garage left person", rules.garage_left_bonus if garage_left else 0, "R-LOC-GARAGE-2"
        ),
        RangePart("range crates", rules.crate_bonus * range_crates, "R-CRATE-9"),
    )
    trucks = 1 + (fleet_level >= rules.second_truck_level)
    return TruckRange(parts, trucks)


def crosses_central_park(board: Board, a: int, b: int) -> bool:
    """Whether a move from ``a`` to ``b`` would cross Central Park (R-TRUCK-8).

    >>> from speakeasy import load_board
    >>> crosses_central_park(load_board(4), 13, 14), crosses_central_park(load_board(4), 13, 15)
    (True, False)
    """
    park = board.central_park
    return (a in park.north and b in park.south) or (a in park.south and b in park.north)


def _looks_adjacent(board: Board, a: int, b: int) -> bool:
    """Close on the drawing but not joined by an edge: a 'diagonal' neighbour."""
    da, db = board.district(a), board.district(b)
    return not board.graph.has_edge(a, b) and math.dist((da.x, da.y), (db.x, db.y)) < 1.9


def explain_reach(board: Board, start: int, destination: int, moves: int) -> str:
    """Plain-English reason why ``destination`` is or is not reachable from ``start``."""
    if start == destination:
        return f"District {start} is where the truck stands: 0 moves (R-TRUCK-9)."
    need = board.distance(start, destination)
    routes = board.shortest_routes(start, destination)
    example = " → ".join(str(d) for d in routes[0])
    count = len(routes)
    way = f"{count} shortest route{'s' if count != 1 else ''}, e.g. {example}"
    notes: list[str] = []
    if crosses_central_park(board, start, destination):
        notes.append(
            "The straight way crosses Central Park, which trucks cannot cross "
            f"(R-TRUCK-8, GEO-5): the route goes around, e.g. {example}."
        )
    elif need > 1 and _looks_adjacent(board, start, destination):
        notes.append(
            f"Districts {start} and {destination} touch only diagonally; trucks move only "
            "between adjacent districts (R-TRUCK-7, GEO-4)."
        )
    if need <= moves:
        head = (
            f"District {destination} is reachable: {need} move{'s' if need != 1 else ''} of "
            f"{moves} (R-TRUCK-7), {way}."
        )
    else:
        head = (
            f"District {destination} needs {need} moves from district {start}, "
            f"but the range is {moves} (R-TRUCK-2)."
        )
        if not notes:
            notes.append(f"{way.capitalize()}.")
    return " ".join([head, *notes])


def reach_table(board: Board, start: int, moves: int) -> list[dict[str, object]]:
    """One row per district: area, moves needed, reachable?, number of shortest routes."""
    rows: list[dict[str, object]] = []
    for d in sorted(board.districts):
        need = board.distance(start, d)
        rows.append(
            {
                "district": d,
                "area": board.area_of(d).title,
                "moves": need,
                "reachable": need <= moves,
                "shortest routes": len(board.shortest_routes(start, d)),
                "port": board.district(d).has_port,
            }
        )
    return rows

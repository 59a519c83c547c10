"""The position as plain values for the truck planner, and the deliveries one barrel could make.

:func:`delivery_problem` reads everything the planner needs from the position once (range and
trucks, R-TRUCK-2/3; capacity, R-TRUCK-6; targets, R-TRUCK-13, R-GOLDEN-3; the operating
distillery, R-TRUCK-10; ship prices, R-TRUCK-11, R-SHIP-2, GAP-8; the port ring, R-BOARD-6;
money, R-MONEY-2/6; distances along board edges, R-TRUCK-7/8), so nothing here changes the game.
:func:`possible_deliveries` lists every building one barrel could reach this action, and how.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from itertools import pairwise

from speakeasy.games.speakeasy.model.state import BuildingType, Colour
from speakeasy.games.speakeasy.rules.barrels import sale_price
from speakeasy.games.speakeasy.rules.context import Ctx
from speakeasy.games.speakeasy.rules.delivery import delivery_range, delivery_targets
from speakeasy.games.speakeasy.rules.dispatch import Source
from speakeasy.games.speakeasy.rules.money import spendable
from speakeasy.games.speakeasy.rules.operating import operating_distillery
from speakeasy.games.speakeasy.studies.planner.plans import Delivery, SourceKind

__all__ = [
    "PLAIN_FLEET",
    "DeliveryProblem",
    "DeliveryTarget",
    "ShipPrices",
    "delivery_problem",
    "possible_deliveries",
]

#: The source of a plain fleet-card action: no "+2 range" of its own (R-TRUCK-2, R-CARD-8).
PLAIN_FLEET = Source("card", "plain-fleet-action", track="fleet")


# ---------------------------------------------------------------------- the position as values
@dataclass(frozen=True, slots=True)
class DeliveryTarget:
    """A building that may receive a barrel (R-TRUCK-13) and the barrel's sale price there."""

    district: int
    space: int
    building: BuildingType
    price: int


@dataclass(frozen=True, slots=True)
class ShipPrices:
    """A ship's barrel prices, read from its track (R-TRUCK-11, R-SHIP-2)."""

    id: str
    prices: tuple[int, ...]  # price of the next barrel with 0, 1, ... barrels removed
    name: str = ""  # the smuggler's name, for people ("Arnold Rothstein")

    @property
    def spaces(self) -> int:
        return len(self.prices)

    def price(self, removed: int) -> int:
        """Rightmost barrel's price, or the leftmost space's if empty (R-TRUCK-11, GAP-8)."""
        return self.prices[min(removed, len(self.prices) - 1)]


@dataclass(frozen=True, slots=True)
class DeliveryProblem:
    """Everything the planner needs, read once from the position (no references into it)."""

    colour: Colour
    truck_range: int
    trucks: tuple[tuple[int | None, int], ...]  # (district or None, barrels) per truck
    capacity: int
    targets: tuple[DeliveryTarget, ...]  # by district, best price first, then space
    distillery: int | None  # district of the operating distillery
    distillery_barrels: int
    ships: tuple[ShipPrices, ...]
    ports: tuple[int, ...]  # per ship
    removed: tuple[int, ...]  # per ship
    ring: tuple[int, ...]  # ports clockwise (R-BOARD-6)
    supply: int
    money: int
    dist: tuple[tuple[int, ...], ...]  # dist[a][b] in moves (R-TRUCK-7/8)
    route: Callable[[int, int], list[int]]


def delivery_problem(ctx: Ctx, colour: Colour, truck_range: int | None) -> DeliveryProblem:
    """``colour``'s delivery this action as plain values (``truck_range`` None: a plain fleet
    action's range, R-TRUCK-2); what :func:`best_plan` and
    :func:`speakeasy.games.speakeasy.studies.route_study.best_along` search."""
    reach = delivery_range(ctx, colour, PLAIN_FLEET)
    total = reach.total if truck_range is None else truck_range
    if total < 0:
        raise ValueError(f"truck range must be at least 0, got {total}")
    player = ctx.player(colour)
    targets = [
        DeliveryTarget(number, space, b.type, sale_price(ctx, colour, b))
        for number in sorted(ctx.state.districts)
        for space, b in delivery_targets(ctx, colour, number)
    ]
    targets.sort(key=lambda t: (t.district, -t.price, t.space))
    found = operating_distillery(ctx.state, colour)
    ships = []
    for s in ctx.state.ships:
        data = ctx.catalog.ship(s.ship)
        ships.append(
            ShipPrices(s.ship, tuple(data.price(r) for r in range(data.barrel_spaces)), data.name)
        )
    board = ctx.board
    size = max(board.districts) + 1
    dist = tuple(
        tuple(
            board.distance(a, b) if a in board.districts and b in board.districts else 0
            for b in range(size)
        )
        for a in range(size)
    )

    def route(a: int, b: int) -> list[int]:
        return board.shortest_routes(a, b)[0]

    return DeliveryProblem(
        colour=colour,
        truck_range=total,
        trucks=tuple((t.district, t.barrels) for t in player.trucks[: reach.trucks]),
        capacity=ctx.catalog.operations_board.truck_capacity,
        targets=tuple(targets),
        distillery=None if found is None else found[0],
        distillery_barrels=0 if found is None else player.distillery_barrels,
        ships=tuple(ships),
        ports=tuple(s.port for s in ctx.state.ships),
        removed=tuple(s.removed for s in ctx.state.ships),
        ring=board.port_ring,
        supply=ctx.state.supply_barrels,
        money=spendable(player),
        dist=dist,
        route=route,
    )


def _expand(p: DeliveryProblem, waypoints: list[int]) -> tuple[int, ...]:
    """The waypoints joined by shortest routes (the first of them in sorted order)."""
    full = waypoints[:1]
    for a, b in pairwise(waypoints):
        if a != b:
            full += p.route(a, b)[1:]
    return tuple(full)


# ---------------------------------------------------------------------- possible deliveries
def possible_deliveries(ctx: Ctx, colour: Colour, truck_range: int | None = None) -> list[Delivery]:
    """Every building of ``colour`` that one barrel could reach this action, and how.

    A building qualifies if it is the player's operating bar, nightclub or casino without a
    barrel (R-TRUCK-13, R-GOLDEN-3, R-BARREL-2). For each available truck (R-TRUCK-3) and each
    source - a barrel already on the truck, the operating distillery with barrels (R-TRUCK-10),
    each docked ship whose next barrel the player can pay for (R-TRUCK-11, R-MONEY-6) - one
    :class:`Delivery` is listed when that truck alone, moving first, can bring a barrel from
    that source to the building within its range, with the fewest movement points. A truck off
    the map enters anywhere for free (R-TRUCK-4). Picking up needs room on the truck
    (R-TRUCK-6); a full truck delivers the barrels it carries. ``truck_range`` ``None`` means
    the range of a plain fleet-card action
    (:func:`speakeasy.games.speakeasy.rules.delivery.delivery_range`).

    Sorted by district, space, truck, then source (truck, distillery, ships in ship order).
    """
    p = delivery_problem(ctx, colour, truck_range)
    out: list[Delivery] = []
    for t in p.targets:
        for index, (start, load) in enumerate(p.trucks):
            ways: list[tuple[SourceKind, int | None, str | None, int]] = []
            if load > 0:
                ways.append(("truck", None, None, 0))
            if load < p.capacity:
                if p.distillery is not None and p.distillery_barrels > 0:
                    ways.append(("distillery", p.distillery, None, 0))
                for ship, port, removed in zip(p.ships, p.ports, p.removed, strict=True):
                    price = ship.price(removed)
                    if price <= p.money and (removed < ship.spaces or p.supply > 0):
                        ways.append(("ship", port, ship.id, price))
            for source, pickup, ship_id, cost in ways:
                waypoints = [d for d in (start, pickup, t.district) if d is not None]
                need = sum(p.dist[a][b] for a, b in pairwise(waypoints))
                if need <= p.truck_range:
                    out.append(
                        Delivery(
                            district=t.district,
                            space=t.space,
                            building=t.building,
                            price=t.price,
                            truck=index,
                            source=source,
                            pickup=pickup,
                            ship=ship_id,
                            cost=cost,
                            distance=need,
                            route=_expand(p, waypoints),
                        )
                    )
    out.sort(key=lambda d: (d.district, d.space, d.truck))
    return out

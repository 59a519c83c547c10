"""The truck planner (``speakeasy.games.speakeasy.studies.planner``): exact best plans and possible
deliveries.

Rules: R-TRUCK-1..14, R-TRUCK-12 (ship moves, E17, E18), R-CLOSED-2, R-MONEY-2/6, R-NOTOR-2.

Every plan is checked by playing its :meth:`~speakeasy.games.speakeasy.studies.planner.Plan.actions`
through the real ``deliver`` flow. Exactness (over sequential plans, one truck finishing before
the next moves, R-TRUCK-5) is checked against :class:`Oracle`, an exhaustive search over every
legal decision the engine offers but ``wait``
(:func:`speakeasy.games.speakeasy.rules.delivery.truck_options`), applying each one the way
:func:`speakeasy.games.speakeasy.rules.delivery.run_truck` does.
"""

from __future__ import annotations

import copy
import random
from collections.abc import Sequence
from dataclasses import dataclass

import pytest

from speakeasy.core.actions import Action
from speakeasy.games.speakeasy.model.effects import Effect
from speakeasy.games.speakeasy.model.state import Building, BuildingType, Colour, Ship, Track
from speakeasy.games.speakeasy.rules.barrels import sale_price
from speakeasy.games.speakeasy.rules.context import Ctx
from speakeasy.games.speakeasy.rules.delivery import (
    barrel_price,
    buy_barrel,
    deliver,
    delivery_range,
    truck_options,
)
from speakeasy.games.speakeasy.rules.dispatch import Source
from speakeasy.games.speakeasy.rules.money import spendable
from speakeasy.games.speakeasy.rules.operating import operating
from speakeasy.games.speakeasy.rules.ships import move_ship
from speakeasy.games.speakeasy.studies.planner import (
    PLAIN_FLEET,
    Delivery,
    Plan,
    best_plan,
    possible_deliveries,
)
from tests.support import barrels_in_game, clear_map, drive, new_ctx

PURPLE, YELLOW, GREEN = Colour.PURPLE, Colour.YELLOW, Colour.GREEN
BAR, NC, CASINO, DIST = (
    BuildingType.BAR,
    BuildingType.NIGHTCLUB,
    BuildingType.CASINO,
    BuildingType.DISTILLERY,
)
DELIVER = Effect.of("deliver")
Objective = tuple[int, int, int]


# ---------------------------------------------------------------------- positions
def make_ctx(players: int = 4, seed: int = 7) -> Ctx:
    """A fresh game with an empty map and no police; callers edit the state."""
    ctx = new_ctx(players, seed)
    clear_map(ctx.state)
    return ctx


def build(
    ctx: Ctx, colour: Colour, district: int, space: int, kind: BuildingType, **flags: bool
) -> Building:
    spot = ctx.state.districts[district].spaces[space]
    spot.gangster_bar = False
    spot.building = Building(colour, kind, f"{kind.value}-test", **flags)
    return spot.building


def dock(ctx: Ctx, **ports: int) -> None:
    """Put every ship at a port: the named ones where given, the others on free ports."""
    used = set(ports.values())
    free = [p for p in ctx.board.port_ring if p not in used]
    for ship in ctx.state.ships:
        ship.port = ports.get(ship.ship.replace("-", "_")) or free.pop(0)


def ship(ctx: Ctx, ship_id: str) -> Ship:
    return next(s for s in ctx.state.ships if s.ship == ship_id)


def clone(ctx: Ctx) -> Ctx:
    """An independent copy of the position (the catalogue and board are shared, immutable)."""
    return Ctx(
        copy.deepcopy(ctx.state), ctx.catalog, ctx.board, random.Random(0), ctx.options, ctx.seats
    )


def source_for(ctx: Ctx, colour: Colour, reach: int) -> Source:
    """An action source that gives exactly ``reach`` range at the player's fleet level."""
    base = delivery_range(ctx, colour, PLAIN_FLEET).total
    return Source("card", "test-fleet", track="fleet", range_bonus=reach - base)


def sale_prices(ctx: Ctx, colour: Colour) -> dict[tuple[int, int], int]:
    """(district, space) -> sale price of each of the player's bars, nightclubs and casinos."""
    return {
        (d, s): sale_price(ctx, colour, b)
        for d, s, b in ctx.state.buildings(colour)
        if b.type is not DIST
    }


@dataclass(frozen=True)
class Played:
    """What the real ``deliver`` flow did with a plan's actions."""

    delivered: list[tuple[int, int]]  # (district, space), in order
    value: int
    spent: int
    paid: int  # the drop in spendable money


def play(ctx: Ctx, colour: Colour, plan: Plan) -> Played:
    """Apply ``plan.actions()`` through the real flow (on ``ctx`` itself) and check it."""
    before_money = spendable(ctx.player(colour))
    before_barrels = barrels_in_game(ctx)
    prices = sale_prices(ctx, colour)
    start = len(ctx.events)
    drive(deliver(ctx, colour, DELIVER, source_for(ctx, colour, plan.truck_range)), plan.actions())
    events = ctx.events[start:]
    delivered = [(e.data["district"], e.data["space"]) for e in events if e.kind == "truck_deliver"]
    spent = sum(e.data["price"] for e in events if e.kind == "truck_buy")
    assert barrels_in_game(ctx) == before_barrels
    player = ctx.player(colour)
    assert all(0 <= t.barrels <= 2 for t in player.trucks)
    for truck in plan.trucks:
        placed = player.trucks[truck.truck]
        assert placed.district == (truck.route[-1] if truck.route else None)
        assert placed.barrels == truck.barrels_left
    return Played(
        delivered,
        sum(prices[d] for d in delivered),
        spent,
        before_money - spendable(player),
    )


def check_plan(ctx: Ctx, colour: Colour, plan: Plan) -> None:
    """The plan's claims hold when played: deliveries, value, money (on a copy of ``ctx``)."""
    work = clone(ctx)
    played = play(work, colour, plan)
    claimed = [(d.district, d.space) for t in plan.trucks for d in t.delivered]
    assert played.delivered == claimed
    assert (len(played.delivered), played.value, -played.spent) == plan.objective
    assert played.paid == plan.spent
    assert sum(len(t.bought) for t in plan.trucks) == sum(
        1 for e in work.events if e.kind == "truck_buy"
    )


# ---------------------------------------------------------------------- the oracle
Snapshot = tuple[object, ...]


class Oracle:
    """Exhaustive search over every decision the engine offers but ``wait`` (memoised on the
    full state): every sequential play, one truck finishing before the next moves, which is the
    planner's plan shape (all plays with ``Options.finish_one_truck_first``; R-TRUCK-5).

    ``run`` mirrors :func:`speakeasy.games.speakeasy.rules.delivery.run_truck`: the legal options
    come from
    :func:`truck_options`, purchases use the engine's own ``buy_barrel``, and the ship bought from
    sails with :func:`move_ship` when the truck moves on or finishes (R-TRUCK-12).
    """

    def __init__(
        self, ctx: Ctx, colour: Colour, reach: int, trucks: Sequence[int] | None = None
    ) -> None:
        self.ctx = clone(ctx)
        self.colour = colour
        self.reach = reach
        available = delivery_range(ctx, colour, PLAIN_FLEET).trucks
        self.trucks = tuple(range(available)) if trucks is None else tuple(trucks)
        self.buildings = [b for _, _, b in self.ctx.state.buildings(colour)]
        self.memo: dict[Snapshot, tuple[Objective, Action | int | None]] = {}
        self.nodes = 0

    def snapshot(self) -> Snapshot:
        state = self.ctx.state
        player = state.players[self.colour]
        return (
            tuple((t.district, t.barrels) for t in player.trucks),
            player.distillery_barrels,
            tuple((s.port, s.removed) for s in state.ships),
            state.supply_barrels,
            player.pocket,
            player.safe,
            tuple(b.barrel for b in self.buildings),
        )

    def restore(self, snap: Snapshot) -> None:
        state = self.ctx.state
        player = state.players[self.colour]
        trucks, dbar, ships, supply, pocket, safe, barrels = snap
        assert isinstance(trucks, tuple) and isinstance(ships, tuple)
        assert isinstance(barrels, tuple)
        for truck, (district, load) in zip(player.trucks, trucks, strict=True):
            truck.district, truck.barrels = district, load
        for s, (port, removed) in zip(state.ships, ships, strict=True):
            s.port, s.removed = port, removed
        for b, barrel in zip(self.buildings, barrels, strict=True):
            b.barrel = barrel
        player.distillery_barrels = int(str(dbar))
        state.supply_barrels = int(str(supply))
        player.pocket, player.safe = int(str(pocket)), int(str(safe))

    def best(self) -> Objective:
        """The best ``(delivered, value, -spent)`` over every legal way to play the action."""
        value, _ = self.choose(self.trucks, top=True)
        return value

    def choose(self, waiting: tuple[int, ...], top: bool = False) -> tuple[Objective, int | None]:
        """Which truck moves next; at the start, ``done`` moves none (R-TRUCK-5)."""
        if not waiting:
            return (0, 0, 0), None
        if not top or len(waiting) == 1:
            return self.run(waiting[0], self.reach, None, waiting[1:]), waiting[0]
        key = ("choose", waiting, self.snapshot())
        hit = self.memo.get(key)
        if hit is not None:
            return hit[0], hit[1] if isinstance(hit[1], int) else None
        best: Objective = (0, 0, 0)
        choice: int | None = None
        for i in waiting:
            value = self.run(i, self.reach, None, tuple(x for x in waiting if x != i))
            if value > best:
                best, choice = value, i
        self.memo[key] = (best, choice)
        return best, choice

    def run(self, i: int, points: int, pending: str | None, rest: tuple[int, ...]) -> Objective:
        """The best from here while truck ``i`` moves with ``points`` left."""
        snap = self.snapshot()
        key = ("run", i, points, pending, rest, snap)
        hit = self.memo.get(key)
        if hit is not None:
            return hit[0]
        self.nodes += 1
        best: Objective | None = None
        choice: Action | None = None
        for option in truck_options(self.ctx, self.colour, i, points):
            gain, value = self.apply(i, points, pending, rest, option)
            total = (gain[0] + value[0], gain[1] + value[1], gain[2] + value[2])
            if best is None or total > best:
                best, choice = total, option
            self.restore(snap)
        assert best is not None
        self.memo[key] = (best, choice)
        return best

    def apply(
        self, i: int, points: int, pending: str | None, rest: tuple[int, ...], option: Action
    ) -> tuple[Objective, Objective]:
        """Carry out ``option`` as run_truck does; return (its gain, the best after it)."""
        ctx, colour = self.ctx, self.colour
        player = ctx.player(colour)
        truck = player.trucks[i]
        if option.kind in ("finish", "move"):
            if pending is not None:
                sailing = next(s for s in ctx.state.ships if s.ship == pending)
                move_ship(ctx, sailing, colour, ("R-TRUCK-12",), "after the purchase")
            if option.kind == "finish":
                return (0, 0, 0), self.choose(rest)[0]
            truck.district = int(option.args[0])
            return (0, 0, 0), self.run(i, points - 1, None, rest)
        if option.kind == "enter":
            truck.district = int(option.args[0])
            return (0, 0, 0), self.run(i, points, pending, rest)
        if option.kind == "load":
            player.distillery_barrels -= 1
            truck.barrels += 1
            return (0, 0, 0), self.run(i, points, pending, rest)
        if option.kind == "buy":
            bought = next(s for s in ctx.state.ships if s.ship == str(option.args[0]))
            price = barrel_price(ctx, bought)
            buy_barrel(ctx, colour, i, bought)
            return (0, 0, -price), self.run(i, points, bought.ship, rest)
        assert option.kind == "deliver"
        building = ctx.state.districts[int(option.args[0])].spaces[int(option.args[1])].building
        assert building is not None
        building.barrel = True
        truck.barrels -= 1
        return (1, sale_price(ctx, colour, building), 0), self.run(i, points, pending, rest)

    def actions(self) -> list[str]:
        """The oracle's own best line of play, as engine actions (replayed from the memo)."""
        start = self.snapshot()
        out: list[str] = []
        _, first = self.choose(self.trucks, top=True)
        if len(self.trucks) >= 2:
            if first is None:
                self.restore(start)
                return ["done"]
            out.append(f"truck {first + 1}")
        order = [first, *(x for x in self.trucks if x != first)]
        for position, i in enumerate(order):
            assert i is not None
            points, pending = self.reach, None
            rest = tuple(order[position + 1 :])
            while True:
                key = ("run", i, points, pending, rest, self.snapshot())
                option = self.memo[key][1]
                assert isinstance(option, Action)
                out.append(str(option))
                if option.kind == "finish":
                    self._step(i, pending, option)
                    break
                if option.kind == "move":
                    self._step(i, pending, option)
                    points, pending = points - 1, None
                else:
                    pending = self._step(i, pending, option)
        self.restore(start)
        return out

    def _step(self, i: int, pending: str | None, option: Action) -> str | None:
        ctx, colour = self.ctx, self.colour
        player = ctx.player(colour)
        truck = player.trucks[i]
        if option.kind in ("finish", "move"):
            if pending is not None:
                sailing = next(s for s in ctx.state.ships if s.ship == pending)
                move_ship(ctx, sailing, colour, ("R-TRUCK-12",), "after the purchase")
            if option.kind == "move":
                truck.district = int(option.args[0])
            return None
        if option.kind == "enter":
            truck.district = int(option.args[0])
        elif option.kind == "load":
            player.distillery_barrels -= 1
            truck.barrels += 1
        elif option.kind == "buy":
            bought = next(s for s in ctx.state.ships if s.ship == str(option.args[0]))
            buy_barrel(ctx, colour, i, bought)
            return bought.ship
        else:
            building = ctx.state.districts[int(option.args[0])].spaces[int(option.args[1])]
            assert building.building is not None
            building.building.barrel = True
            truck.barrels -= 1
        return pending


# ---------------------------------------------------------------------- random positions
def random_position(seed: int) -> tuple[Ctx, int]:
    """A small random position for purple: (context, truck range)."""
    rng = random.Random(seed)
    players = rng.choice([2, 4])
    ctx = make_ctx(players, seed=seed)
    state = ctx.state
    purple = ctx.player(PURPLE)
    two_trucks = rng.random() < 0.45
    purple.levels[Track.FLEET] = rng.choice([3, 4]) if two_trucks else rng.choice([1, 2])
    purple.levels[Track.STRENGTH] = rng.randint(1, 5)  # notoriety, hence prices (R-NOTOR-2)
    reach = rng.randint(1, 4) if two_trucks else rng.randint(1, 6)
    open_districts = [d for d, district in state.districts.items() if not district.closed]
    for d in rng.sample(sorted(state.districts), rng.randint(0, 4)):
        state.districts[d].police = True
    free_spots = [(d, s) for d in open_districts for s in range(len(state.districts[d].spaces))]
    rng.shuffle(free_spots)
    if rng.random() < 0.8:
        d, s = free_spots.pop()
        build(ctx, PURPLE, d, s, DIST, protected=rng.random() < 0.3)
        purple.distillery_barrels = rng.randint(0, 4)
    for _ in range(rng.randint(1, 5)):
        d, s = free_spots.pop()
        build(
            ctx,
            PURPLE,
            d,
            s,
            rng.choice([BAR, BAR, NC, CASINO]),
            protected=rng.random() < 0.3,
            barrel=rng.random() < 0.15,
        )
    for _ in range(rng.randint(0, 2)):
        d, s = free_spots.pop()
        build(ctx, YELLOW, d, s, rng.choice([BAR, NC]))
    ports = rng.sample(list(ctx.board.port_ring), len(state.ships))
    for docked, port in zip(state.ships, ports, strict=True):
        docked.port = port
        docked.removed = rng.choice([0, 0, 1, 2, 3, 4, 5])
    state.supply_barrels = rng.choice([0, 1, 2, 20])
    purple.pocket = rng.choice([0, 4, 5, 11, 18, 30])
    purple.safe = rng.choice([0, 0, 3, 10, 24])
    for truck in purple.trucks:
        truck.district = rng.choice([None, *sorted(state.districts)])
        truck.barrels = 0 if truck.district is None else rng.choice([0, 0, 1, 2])
    return ctx, reach


SEEDS = range(160)


@pytest.mark.parametrize("seed", SEEDS)
def test_best_plan_is_exact_on_random_positions(seed: int) -> None:
    """The planner's objective equals the exhaustive oracle's, and its plan plays as claimed."""
    ctx, reach = random_position(seed)
    plan = best_plan(ctx, PURPLE, reach)
    oracle = Oracle(ctx, PURPLE, reach)
    assert plan.objective == oracle.best()
    check_plan(ctx, PURPLE, plan)


@pytest.mark.parametrize("seed", range(0, 160, 8))
def test_oracle_line_plays_as_it_claims(seed: int) -> None:
    """The oracle's own best line, played through the real flow, reaches its value."""
    ctx, reach = random_position(seed)
    oracle = Oracle(ctx, PURPLE, reach)
    value = oracle.best()
    work = clone(ctx)
    start = len(work.events)
    prices = sale_prices(work, PURPLE)
    drive(deliver(work, PURPLE, DELIVER, source_for(work, PURPLE, reach)), oracle.actions())
    events = work.events[start:]
    delivered = [(e.data["district"], e.data["space"]) for e in events if e.kind == "truck_deliver"]
    spent = sum(e.data["price"] for e in events if e.kind == "truck_buy")
    assert (len(delivered), sum(prices[d] for d in delivered), -spent) == value


# ---------------------------------------------------------------------- possible deliveries
def delivery_actions(ctx: Ctx, colour: Colour, way: Delivery) -> list[str]:
    """Engine actions that carry out one listed delivery with its truck alone."""
    available = delivery_range(ctx, colour, PLAIN_FLEET).trucks
    truck = ctx.player(colour).trucks[way.truck]
    out = [f"truck {way.truck + 1}"] if available >= 2 else []
    route = list(way.route)
    if truck.district is None:
        out.append(f"enter {route[0]}")
    pickup_at = (
        None
        if way.pickup is None
        else (ctx.board.distance(route[0], way.pickup) if truck.district is not None else 0)
    )
    if truck.district is None and way.pickup is not None:
        pickup_at = 0
    for index, district in enumerate(route):
        if index:
            out.append(f"move {district}")
        if index == pickup_at:
            out.append("load" if way.source == "distillery" else f"buy {way.ship}")
    out += [f"deliver {way.district} {way.space}", "finish"]
    if available >= 2:
        out.append("finish")
    return out


@pytest.mark.parametrize("seed", range(60))
def test_possible_deliveries_match_single_barrel_feasibility(seed: int) -> None:
    """A (building, truck) pair is listed exactly when that truck alone can bring it one
    barrel (oracle), and every listed way works when played through the real flow."""
    ctx, reach = random_position(seed)
    ways = possible_deliveries(ctx, PURPLE, reach)
    listed = {(w.district, w.space, w.truck) for w in ways}
    available = delivery_range(ctx, PURPLE, PLAIN_FLEET).trucks
    targets = [
        (d, s, b)
        for d, s, b in ctx.state.buildings(PURPLE)
        if b.type is not DIST and not b.barrel and operating(ctx.state.districts[d], b)
    ]
    for d, s, _ in targets:
        alone = clone(ctx)
        for d2, s2, b2 in alone.state.buildings(PURPLE):
            if (d2, s2) != (d, s) and b2.type is not DIST:
                b2.barrel = True  # only this building may receive a barrel
        for i in range(available):
            feasible = Oracle(alone, PURPLE, reach, trucks=(i,)).best()[0] >= 1
            assert feasible == ((d, s, i) in listed), (d, s, i)
    assert {(w.district, w.space) for w in ways} <= {(d, s) for d, s, _ in targets}
    for way in ways:
        work = clone(ctx)
        assert way.distance == len(way.route) - 1 <= reach
        drive(
            deliver(work, PURPLE, DELIVER, source_for(work, PURPLE, reach)),
            delivery_actions(work, PURPLE, way),
        )
        building = work.state.districts[way.district].spaces[way.space].building
        assert building is not None and building.barrel


# ---------------------------------------------------------------------- worked examples
def e17() -> Ctx:
    """E17: Yellow, truck in 16 with Daisy's ship; operating casino in 16 (police, protected),
    a non-operating NC in 16, a bar in 10; range 4 (fleet 2 + the card's +2)."""
    ctx = make_ctx()
    yellow = ctx.player(YELLOW)
    yellow.levels[Track.FLEET] = 2
    yellow.pocket, yellow.safe = 20, 0
    dock(ctx, daisy=16, st_clair=1, rothstein=2, smuggler_4=7)
    ctx.state.districts[16].police = True
    build(ctx, YELLOW, 16, 0, CASINO, protected=True)
    build(ctx, YELLOW, 16, 1, NC)
    build(ctx, YELLOW, 10, 0, BAR)
    yellow.trucks[0].district = 16
    return ctx


def e18() -> Ctx:
    """E18: Purple, fleet 3 and the Garage's +2 (range 5, 2 trucks); truck A in 8 with the
    distillery (4 barrels); truck B off the map; Rothstein's ship in 7; targets: bar and
    casino in 4, bar in 9, NC in 5, two bars in 15."""
    ctx = make_ctx()
    purple = ctx.player(PURPLE)
    purple.levels[Track.FLEET] = 3
    purple.pocket, purple.safe = 30, 0
    dock(ctx, rothstein=7, daisy=1, st_clair=2, smuggler_4=15)
    build(ctx, PURPLE, 8, 0, DIST)
    purple.distillery_barrels = 4
    build(ctx, PURPLE, 4, 0, BAR)
    build(ctx, PURPLE, 4, 1, CASINO)
    build(ctx, PURPLE, 9, 0, BAR)
    build(ctx, PURPLE, 5, 0, NC)
    build(ctx, PURPLE, 15, 0, BAR)
    build(ctx, PURPLE, 15, 1, BAR)
    purple.trucks[0].district = 8
    return ctx


def test_e17_plan_is_at_least_the_books() -> None:
    """E17: the book delivers 2 (casino in 16, bar in 10) for $11; so does the planner."""
    ctx = e17()
    plan = best_plan(ctx, YELLOW, 4)
    bar, premium = ctx.catalog.notoriety.price_at(ctx.player(YELLOW).notoriety)
    assert plan.objective >= (2, bar + premium, -11)
    assert plan.objective == (2, bar + premium, -11)
    assert [(b.ship, b.district, b.price) for b in plan.trucks[0].bought] == [
        ("daisy", 16, 5),
        ("daisy", 16, 6),
    ]
    check_plan(ctx, YELLOW, plan)
    played = clone(ctx)
    play(played, YELLOW, plan)
    assert ship(played, "daisy").port == 6  # it sailed clockwise to the next free port


def test_e18_plan_is_at_least_the_books() -> None:
    """E18: the book delivers 6 barrels (bar+casino in 4, bar in 9, NC in 5, two bars in 15)
    and spends $26; the planner delivers all 6 too, for less."""
    ctx = e18()
    purple = ctx.player(PURPLE)
    bar, premium = ctx.catalog.notoriety.price_at(purple.notoriety)
    book: Objective = (6, 4 * bar + 2 * premium, -(5 + 6 + 7 + 8))
    plan = best_plan(ctx, PURPLE, 5)
    assert plan.objective >= book
    assert plan.delivered == 6 and plan.value == book[1]
    assert plan.spent == 10  # two $5 barrels from two different ships beat $5 + $6
    check_plan(ctx, PURPLE, plan)
    assert plan.actions()[0] in ("truck 1", "truck 2")
    assert plan.actions().count("finish") == 2


def test_e18_book_line_is_legal_and_worse() -> None:
    """The book's own line through the flow (as in test_delivery) scores below the plan."""
    ctx = e18()
    script = [
        *("truck 1", "load", "load", "move 4", "deliver 4 0", "deliver 4 1", "move 7"),
        *("buy rothstein", "buy rothstein", "move 8", "move 9", "deliver 9 0", "move 5"),
        *("deliver 5 0", "finish", "enter 8", "load", "load", "move 7", "move 10", "move 13"),
        *("move 15", "deliver 15 0", "deliver 15 1", "move 13", "buy rothstein"),
        *("buy rothstein", "finish"),
    ]
    work = clone(ctx)
    drive(deliver(work, PURPLE, DELIVER, source_for(work, PURPLE, 5)), script)
    spent = sum(e.data["price"] for e in work.events if e.kind == "truck_buy")
    assert spent == 26
    assert best_plan(ctx, PURPLE, 5).spent < spent


def test_planner_does_not_change_the_game() -> None:
    ctx = e18()
    before = copy.deepcopy(ctx.state)
    best_plan(ctx, PURPLE, 5)
    possible_deliveries(ctx, PURPLE, 5)
    assert ctx.state == before


# ---------------------------------------------------------------------- edge cases
def test_no_range_still_works_in_place() -> None:
    """Range 0: the truck can only load and deliver where it stands (R-TRUCK-9)."""
    ctx = make_ctx()
    purple = ctx.player(PURPLE)
    build(ctx, PURPLE, 8, 0, DIST)
    build(ctx, PURPLE, 8, 1, BAR)
    build(ctx, PURPLE, 9, 0, CASINO)
    purple.distillery_barrels = 2
    purple.trucks[0].district = 8
    plan = best_plan(ctx, PURPLE, 0)
    assert plan.delivered == 1
    assert plan.actions() == ["load", "deliver 8 1", "finish"]
    assert {(d.district, d.distance) for d in possible_deliveries(ctx, PURPLE, 0)} == {(8, 0)}
    check_plan(ctx, PURPLE, plan)


def test_no_sources_no_plan() -> None:
    """No barrel anywhere within reach: nothing to deliver, and the plan says so."""
    ctx = make_ctx()
    purple = ctx.player(PURPLE)
    purple.levels[Track.FLEET] = 3
    purple.pocket = purple.safe = 0
    build(ctx, PURPLE, 4, 0, BAR)
    plan = best_plan(ctx, PURPLE, 5)
    assert plan.objective == (0, 0, 0)
    assert plan.actions() == ["done"]
    assert possible_deliveries(ctx, PURPLE, 5) == []
    check_plan(ctx, PURPLE, plan)
    one = make_ctx()
    build(one, PURPLE, 4, 0, BAR)
    one.player(PURPLE).pocket = one.player(PURPLE).safe = 0
    assert best_plan(one, PURPLE, 3).actions() == ["finish"]


def test_money_limits_ship_barrels() -> None:
    """R-MONEY-6: $5 buys the first barrel ($5) but not the second ($6)."""
    ctx = make_ctx()
    purple = ctx.player(PURPLE)
    purple.pocket, purple.safe = 5, 1  # $5 spendable: the safe's odd dollar cannot be laundered
    dock(ctx, daisy=16)
    build(ctx, PURPLE, 16, 0, BAR)
    build(ctx, PURPLE, 16, 1, CASINO)
    purple.trucks[0].district = 16
    plan = best_plan(ctx, PURPLE, 2)
    assert plan.objective[0] == 1 and plan.spent == 5
    assert [d.building for d in plan.trucks[0].delivered] == [CASINO]  # the better price
    check_plan(ctx, PURPLE, plan)
    purple.pocket = 4
    assert best_plan(ctx, PURPLE, 2).delivered == 0
    assert possible_deliveries(ctx, PURPLE, 2) == []


def test_laundered_money_counts_at_half() -> None:
    """R-MONEY-2: $0 pocket and $22 safe pay for $11 ($5 + $6) of barrels."""
    ctx = make_ctx()
    purple = ctx.player(PURPLE)
    purple.pocket, purple.safe = 0, 22
    dock(ctx, daisy=16)
    build(ctx, PURPLE, 16, 0, BAR)
    build(ctx, PURPLE, 16, 1, NC)
    purple.trucks[0].district = 16
    plan = best_plan(ctx, PURPLE, 1)
    assert plan.objective[0] == 2 and plan.spent == 11
    check_plan(ctx, PURPLE, plan)


def test_empty_ship_sells_supply_barrels_only_while_the_supply_lasts() -> None:
    """R-TRUCK-11, GAP-22: an empty ship charges its leftmost price; no supply, no barrel."""
    ctx = make_ctx()
    purple = ctx.player(PURPLE)
    purple.pocket = 50
    dock(ctx, daisy=16)
    ship(ctx, "daisy").removed = 5
    build(ctx, PURPLE, 16, 0, BAR)
    build(ctx, PURPLE, 16, 1, NC)
    purple.trucks[0].district = 16
    ctx.state.supply_barrels = 1
    plan = best_plan(ctx, PURPLE, 1)
    assert plan.delivered == 1 and plan.spent == 9
    check_plan(ctx, PURPLE, plan)
    ctx.state.supply_barrels = 0
    assert best_plan(ctx, PURPLE, 1).delivered == 0


def test_closed_districts_are_passable() -> None:
    """R-CLOSED-2: at 2 players the shortest way may run through a closed district."""
    ctx = make_ctx(players=2)
    closed = {d for d, district in ctx.state.districts.items() if district.closed}
    purple = ctx.player(PURPLE)
    # Find a route between two open districts whose only shortest routes cross a closed one.
    board = ctx.board
    start, goal = next(
        (a, b)
        for a in sorted(board.districts)
        for b in sorted(board.districts)
        if a not in closed
        and b not in closed
        and board.distance(a, b) == 2
        and all(set(r[1:-1]) <= closed for r in board.shortest_routes(a, b))
    )
    build(ctx, PURPLE, start, 0, DIST)
    build(ctx, PURPLE, goal, 0, BAR)
    purple.distillery_barrels = 1
    purple.trucks[0].district = start
    plan = best_plan(ctx, PURPLE, 2)
    assert plan.delivered == 1
    assert set(plan.trucks[0].route[1:-1]) <= closed
    check_plan(ctx, PURPLE, plan)


def test_central_park_is_not_crossed() -> None:
    """R-TRUCK-8: 13 to 14 takes 3 moves around the park, so range 2 cannot deliver there."""
    ctx = make_ctx()
    purple = ctx.player(PURPLE)
    build(ctx, PURPLE, 14, 0, CASINO)
    purple.trucks[0].district = 13
    purple.trucks[0].barrels = 1
    assert best_plan(ctx, PURPLE, 2).delivered == 0
    assert possible_deliveries(ctx, PURPLE, 2) == []
    plan = best_plan(ctx, PURPLE, 3)
    assert plan.trucks[0].route == (13, 10, 11, 14)
    check_plan(ctx, PURPLE, plan)


def test_non_operating_buildings_and_distilleries_are_never_targets() -> None:
    """R-TRUCK-13, R-GOLDEN-3: police without protection, a barrel already, a distillery,
    another player's building: none of them receives a barrel."""
    ctx = make_ctx()
    purple = ctx.player(PURPLE)
    ctx.state.districts[4].police = True
    build(ctx, PURPLE, 4, 0, BAR)
    build(ctx, PURPLE, 4, 1, CASINO, protected=True)
    build(ctx, PURPLE, 8, 0, DIST)
    build(ctx, PURPLE, 8, 1, BAR, barrel=True)
    build(ctx, YELLOW, 7, 0, BAR)
    purple.distillery_barrels = 3
    purple.trucks[0].district = 8
    ways = possible_deliveries(ctx, PURPLE, 3)
    assert {(w.district, w.space) for w in ways} == {(4, 1)}
    plan = best_plan(ctx, PURPLE, 3)
    assert [(d.district, d.space) for d in plan.trucks[0].delivered] == [(4, 1)]
    check_plan(ctx, PURPLE, plan)


def test_no_distillery_barrels_are_loaded_for_nothing() -> None:
    """Free loads the plan does not deliver stay at the distillery (for the other truck)."""
    ctx = make_ctx()
    purple = ctx.player(PURPLE)
    build(ctx, PURPLE, 8, 0, DIST)
    build(ctx, PURPLE, 9, 0, BAR)
    purple.distillery_barrels = 4
    purple.trucks[0].district = 8
    plan = best_plan(ctx, PURPLE, 3)
    assert plan.actions() == ["load", "move 9", "deliver 9 0", "finish"]
    assert plan.trucks[0].barrels_left == 0


def test_a_ship_met_again_after_it_sails() -> None:
    """E18, R-TRUCK-12: after a purchase the ship sails to the next free port, where the same
    truck may buy from it again."""
    ctx = make_ctx()
    purple = ctx.player(PURPLE)
    purple.pocket = 40
    dock(ctx, rothstein=7, daisy=1, st_clair=2, smuggler_4=15)  # 7 sails on to 13
    for district in (4, 8, 10):
        build(ctx, PURPLE, district, 0, BAR)
    build(ctx, PURPLE, 13, 0, BAR)
    build(ctx, PURPLE, 13, 1, BAR)
    purple.trucks[0].district = 7
    plan = best_plan(ctx, PURPLE, 3)
    assert Oracle(ctx, PURPLE, 3).best() == plan.objective
    assert plan.delivered == 3
    assert [(b.ship, b.district) for b in plan.trucks[0].bought] == [
        ("rothstein", 7),
        ("rothstein", 7),
        ("rothstein", 13),
    ]
    check_plan(ctx, PURPLE, plan)


def test_both_truck_orders_are_considered() -> None:
    """R-TRUCK-5, R-TRUCK-12: truck 2 must move first, so that the ship it buys from sails on
    to the port where truck 1 stands (range 0: no truck moves)."""
    ctx = make_ctx()
    purple = ctx.player(PURPLE)
    purple.levels[Track.FLEET] = 3
    purple.pocket = 20
    dock(ctx, rothstein=7, daisy=1, st_clair=2, smuggler_4=15)  # from 7 the next free is 13
    build(ctx, PURPLE, 7, 0, BAR)
    build(ctx, PURPLE, 13, 0, BAR)
    purple.trucks[0].district = 13
    purple.trucks[1].district = 7
    plan = best_plan(ctx, PURPLE, 0)
    assert plan.delivered == 2
    assert plan.actions() == [
        "truck 2",
        "buy rothstein",
        "deliver 7 0",
        "finish",
        "buy rothstein",
        "deliver 13 0",
        "finish",
    ]
    assert Oracle(ctx, PURPLE, 0).best() == plan.objective
    check_plan(ctx, PURPLE, plan)


def test_plan_describes_itself() -> None:
    plan = best_plan(e18(), PURPLE, 5)
    text = plan.describe()
    assert text.startswith("6 barrels delivered")
    assert "Truck 1:" in text and "Truck 2:" in text


def test_negative_range_is_refused() -> None:
    with pytest.raises(ValueError, match="at least 0"):
        best_plan(make_ctx(), PURPLE, -1)


def test_default_range_is_a_plain_fleet_action() -> None:
    """``None``: the fleet level's range, without any +2 (R-TRUCK-2)."""
    ctx = e18()
    assert best_plan(ctx, PURPLE).truck_range == 3
    assert best_plan(ctx, PURPLE).available == 2

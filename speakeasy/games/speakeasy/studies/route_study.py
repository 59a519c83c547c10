"""Truck routes on a real position: the best plan step by step, and a route of your own.

The truck-route explorer (``notebooks/truck_routes.py``) asks three things of a position (a
:class:`~speakeasy.games.speakeasy.engine.game.Game`, e.g. loaded from a scenario):

* :func:`walk` plays a list of delivery actions (the planner's, or yours) through the real
  ``deliver`` flow on a copy of the position and returns every step: the action, what happened
  in plain English with its rules (pick-ups, purchases, where a ship sails next, deliveries),
  and the position after it. Nothing is re-implemented: an illegal step raises the engine's
  :class:`~speakeasy.core.actions.IllegalAction`.
* :func:`extend_route` grows a route one clicked district at a time and refuses a district the
  truck cannot drive to next (not adjacent, R-TRUCK-7/8; out of range, R-TRUCK-2; not where the
  truck stands, R-TRUCK-4).
* :func:`best_along` finds the best a truck can do when it drives exactly a given route: which
  barrels to load, buy and deliver at each district on the way, with the planner's objective
  (most barrels delivered, then highest sale value, then least money spent,
  :func:`speakeasy.games.speakeasy.studies.planner.best_plan`). It is an exact search over the
  route's stops, and its answer is a :class:`~speakeasy.games.speakeasy.studies.planner.Plan` that
  :func:`walk` can play.

>>> from speakeasy.games.speakeasy.positions import parse_scenario
>>> from speakeasy.games.speakeasy.studies.planner import best_plan
>>> from speakeasy.games.speakeasy.model.state import Colour
>>> game = parse_scenario('''
... players = ["purple", "blue"]
... [districts.8]
... buildings = [{ owner = "purple", type = "distillery" }]
... [districts.12]
... buildings = [{ owner = "purple", type = "casino" }]
... [player.purple]
... distillery_barrels = 1
... trucks = [{ district = 8 }]
... ''').game()
>>> best = best_plan(game.analysis_context(), Colour.PURPLE, 2)
>>> [step.action for step in walk(game, Colour.PURPLE, best.actions(), 2)][1:]
['load', 'move 9', 'move 12', 'deliver 12 0', 'finish']
>>> mine = best_along(game, Colour.PURPLE, 0, [8, 7, 4], 2)   # the wrong way
>>> mine.delivered, best.delivered
(0, 1)
>>> try:
...     extend_route(game, Colour.PURPLE, 0, [8, 9], 12, 1)
... except IllegalAction as err:
...     print(err.code, err.rule)
out-of-range R-TRUCK-2
"""

from __future__ import annotations

import copy
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache

from speakeasy.core.actions import Action, Event, IllegalAction
from speakeasy.core.engine import Runner
from speakeasy.games.speakeasy.engine.game import Game
from speakeasy.games.speakeasy.explain.events import explain_event
from speakeasy.games.speakeasy.model.effects import Effect
from speakeasy.games.speakeasy.model.state import Colour, GameState
from speakeasy.games.speakeasy.rules.context import Ctx
from speakeasy.games.speakeasy.rules.delivery import deliver, delivery_range
from speakeasy.games.speakeasy.rules.dispatch import Source
from speakeasy.games.speakeasy.rules.trucks import crosses_central_park
from speakeasy.games.speakeasy.studies.analysis import analysis_context
from speakeasy.games.speakeasy.studies.planner import (
    PLAIN_FLEET,
    DeliveredBarrel,
    Plan,
    Purchase,
    TruckPlan,
    delivery_problem,
)
from speakeasy.tools.exercises import Exercise
from speakeasy.tools.text import plural

__all__ = [
    "RouteStep",
    "best_along",
    "delivery_source",
    "extend_route",
    "truck_exercises",
    "walk",
]


def delivery_source(ctx: Ctx, colour: Colour, truck_range: int) -> Source:
    """A fleet action giving exactly ``truck_range`` movement points (R-TRUCK-2).

    The range is the player's fleet level plus bonuses; an explorer asks "what if the range
    were N" without saying where the bonus comes from, so the difference to the plain fleet
    action's range is carried as this action's own range bonus.
    """
    base = delivery_range(ctx, colour, PLAIN_FLEET).total
    return Source("card", "route-study", track="fleet", range_bonus=truck_range - base)


# ---------------------------------------------------------------------- step by step
@dataclass(frozen=True)
class RouteStep:
    """One step of a delivery played through the rules (step 0 is the position before it).

    ``lines`` explain what happened, one sentence per event (a ship sailing on after a purchase
    shows up on the step that ends that stop); ``rules`` are the rule IDs applied; ``state`` is
    the position after the step; ``trucks`` holds ``(district, barrels)`` per truck then.
    """

    number: int
    action: str
    lines: tuple[str, ...]
    rules: tuple[str, ...]
    events: tuple[Event, ...]
    state: GameState
    trucks: tuple[tuple[int | None, int], ...]
    #: The option's words as the game offers it ("Move to district 11 (1 point, 2 left)").
    label: str = ""

    @property
    def ships(self) -> dict[str, int]:
        """Where each ship is docked after this step."""
        return {s.ship: s.port for s in self.state.ships}


def _step(
    number: int, action: str, events: Sequence[Event], ctx: Ctx, colour: Colour, label: str = ""
) -> RouteStep:
    shown = [e for e in events if e.kind != "truck_range"] or list(events)
    rules = tuple(dict.fromkeys(r for e in shown for r in e.rules))
    player = ctx.player(colour)
    return RouteStep(
        number=number,
        action=action,
        lines=tuple(explain_event(e).text for e in shown),
        rules=rules,
        events=tuple(events),
        state=copy.deepcopy(ctx.state),
        trucks=tuple((t.district, t.barrels) for t in player.trucks),
        label=label or action,
    )


def walk(
    position: Game | Ctx, colour: Colour, actions: Sequence[str], truck_range: int
) -> list[RouteStep]:
    """Play ``actions`` (the ``deliver`` flow's action strings) on a copy of the position.

    Returns step 0 (the position before) and one :class:`RouteStep` per action. Raises
    :class:`~speakeasy.core.actions.IllegalAction` (code ``not-offered``) at the first action the
    rules do not offer at that point, naming what was offered.
    """
    ctx = analysis_context(position)
    runner = Runner(
        deliver(ctx, colour, Effect.of("deliver"), delivery_source(ctx, colour, truck_range))
    )
    runner.send(None)
    seen = len(ctx.events)
    steps = [_step(0, "start", ctx.events[:seen], ctx, colour)]
    for number, text in enumerate(actions, start=1):
        decision = runner.pending
        if decision is None:
            raise IllegalAction(
                "not-offered", "R-TRUCK-14", f"step {number} ({text}): every truck has finished"
            )
        try:
            chosen = runner.choose(Action.parse(text))
        except (IllegalAction, ValueError):
            offered = ", ".join(str(o) for o in decision.options)
            raise IllegalAction(
                "not-offered",
                decision.rules[0] if decision.rules else "R-TRUCK-7",
                f"step {number} ({text}) is not possible here; the truck may: {offered}",
            ) from None
        runner.send(chosen)
        steps.append(_step(number, text, ctx.events[seen:], ctx, colour, chosen.label))
        seen = len(ctx.events)
    return steps


# ---------------------------------------------------------------------- a route of your own
def extend_route(
    position: Game | Ctx,
    colour: Colour,
    truck: int,
    route: Sequence[int],
    district: int,
    truck_range: int,
) -> list[int]:
    """``route`` with ``district`` added, or :class:`IllegalAction` saying why it cannot be.

    The first district is where the truck stands (R-TRUCK-4: a truck off the map may enter
    anywhere, for free); each next one must be adjacent (R-TRUCK-7, never across Central Park,
    R-TRUCK-8) and within the range (R-TRUCK-2).
    """
    board = position.board
    if district not in board.districts:
        raise IllegalAction("unknown-district", "GEO-1", f"there is no district {district}")
    here = position.state.players[colour].trucks[truck].district
    if not route:
        if here is not None and district != here:
            raise IllegalAction(
                "not-the-start",
                "R-TRUCK-4",
                f"truck {truck + 1} stands in district {here}; its route starts there",
            )
        return [district]
    last = route[-1]
    if len(route) - 1 >= truck_range:
        raise IllegalAction(
            "out-of-range",
            "R-TRUCK-2",
            f"the truck has no movement point left for district {district}: its range is "
            f"{truck_range}",
        )
    if not board.graph.has_edge(last, district):
        if crosses_central_park(board, last, district):
            raise IllegalAction(
                "not-adjacent",
                "R-TRUCK-8",
                f"districts {last} and {district} face each other across Central Park, which "
                "trucks cannot cross",
            )
        raise IllegalAction(
            "not-adjacent",
            "R-TRUCK-7",
            f"district {district} is not next to district {last}; a truck moves one "
            "neighbouring district at a time",
        )
    return [*route, district]


Shared = tuple[int, tuple[int, ...], tuple[int, ...], int, int, frozenset[int]]
# distillery barrels, ship ports, barrels removed per ship, money, supply, filled targets
Score = tuple[int, int, int, int]  # delivered, value, -spent, -loaded


def best_along(
    position: Game | Ctx, colour: Colour, truck: int, route: Sequence[int], truck_range: int
) -> Plan:
    """The best use of truck ``truck`` (0-based) driving exactly ``route``.

    At each district of the route the truck may deliver, load at its operating distillery
    (R-TRUCK-10), buy from a ship in port (R-TRUCK-11, the ship sailing on when the stop ends,
    R-TRUCK-12) and deliver again, within its capacity (R-TRUCK-6) and the player's money
    (R-MONEY-2/6); one barrel goes to each operating building without one (R-TRUCK-13), the
    best-paying first. The other trucks stay put. The route is checked as
    :func:`extend_route` does. The result plays through :func:`walk`.
    """
    checked: list[int] = []
    for district in route:
        checked = extend_route(position, colour, truck, checked, district, truck_range)
    if not checked:
        raise IllegalAction("empty-route", "R-TRUCK-14", "the route has no district yet")
    ctx = analysis_context(position)
    p = delivery_problem(ctx, colour, truck_range)
    available = delivery_range(ctx, colour, delivery_source(ctx, colour, truck_range)).trucks
    if truck >= available:
        raise IllegalAction(
            "no-such-truck",
            "R-TRUCK-3",
            f"truck {truck + 1} is not available: the fleet level gives "
            f"{plural(available, 'truck')}",
        )
    capacity = p.capacity
    targets = {
        d: [i for i, t in enumerate(p.targets) if t.district == d] for d in set(checked)
    }  # best price first (the planner's order)
    ring = p.ring

    def sail(ports: tuple[int, ...], j: int) -> tuple[int, ...]:
        occupied = ports[:j] + ports[j + 1 :]
        start = ring.index(ports[j])
        for k in range(1, len(ring)):
            port = ring[(start + k) % len(ring)]
            if port not in occupied:
                return (*ports[:j], port, *ports[j + 1 :])
        return ports

    Plan_ = tuple[Score, tuple[str, ...], tuple[DeliveredBarrel, ...], tuple[Purchase, ...]]

    @cache
    def stop(i: int, load: int, shared: Shared) -> Plan_:
        dbar, ports, removed, money, supply, filled = shared
        here = checked[i]
        free = [t for t in targets[here] if t not in filled]
        ship = next((j for j, port in enumerate(ports) if port == here), None)
        best: Plan_ | None = None
        for t1 in range(min(load, len(free)) + 1):
            max_load = dbar if here == p.distillery else 0
            for loaded in range(min(max_load, capacity - load + t1) + 1):
                room = capacity - load + t1 - loaded
                for bought in range(room + 1 if ship is not None else 1):
                    cost, sup, rem, ok = 0, supply, removed[ship] if ship is not None else 0, True
                    buys: list[Purchase] = []
                    for _ in range(bought):
                        assert ship is not None
                        data = p.ships[ship]
                        price = data.price(rem)
                        if cost + price > money or (rem >= data.spaces and sup <= 0):
                            ok = False
                            break
                        if rem >= data.spaces:
                            sup -= 1
                        cost += price
                        buys.append(Purchase(data.id, here, price, data.name))
                        rem = min(rem + 1, data.spaces)
                    if not ok:
                        break
                    fresh = loaded + bought
                    for t2 in range(min(fresh, len(free) - t1) + 1):
                        went = free[: t1 + t2]
                        new_ports, new_removed = ports, removed
                        if bought and ship is not None:
                            new_removed = (*removed[:ship], rem, *removed[ship + 1 :])
                            new_ports = sail(ports, ship)
                        after: Shared = (
                            dbar - loaded,
                            new_ports,
                            new_removed,
                            money - cost,
                            sup,
                            filled | frozenset(went),
                        )
                        left = load - t1 + fresh - t2
                        if i + 1 < len(checked):
                            score, rest, dl, bl = stop(i + 1, left, after)
                            tail = (f"move {checked[i + 1]}", *rest)
                        else:
                            score, tail, dl, bl = (0, 0, 0, 0), ("finish",), (), ()
                        gained = tuple(
                            DeliveredBarrel(
                                here, p.targets[t].space, p.targets[t].building, p.targets[t].price
                            )
                            for t in went
                        )
                        total: Score = (
                            score[0] + len(went),
                            score[1] + sum(g.price for g in gained),
                            score[2] - cost,
                            score[3] - loaded,
                        )
                        steps = (
                            *(f"deliver {here} {g.space}" for g in gained[:t1]),
                            *("load" for _ in range(loaded)),
                            *(f"buy {b.ship}" for b in buys),
                            *(f"deliver {here} {g.space}" for g in gained[t1:]),
                            *tail,
                        )
                        candidate = (total, steps, gained + dl, tuple(buys) + bl)
                        if best is None or candidate[0] > best[0]:
                            best = candidate
        assert best is not None  # doing nothing is always possible
        return best

    start_district, start_load = p.trucks[truck]
    shared: Shared = (p.distillery_barrels, p.ports, p.removed, p.money, p.supply, frozenset())
    _, steps, delivered, bought = stop(0, start_load, shared)
    if start_district is None:
        steps = (f"enter {checked[0]}", *steps)
    plan = TruckPlan(
        truck=truck,
        start=start_district,
        steps=steps,
        route=tuple(checked),
        delivered=delivered,
        bought=bought,
        loaded=sum(1 for s in steps if s == "load"),
        barrels_left=start_load
        + sum(1 for s in steps if s in ("load",) or s.startswith("buy "))
        - len(delivered),
    )
    idle = tuple(
        TruckPlan(n, p.trucks[n][0], ("finish",), (), (), (), 0, p.trucks[n][1])
        for n in range(available)
        if n != truck
    )
    return Plan(colour, truck_range, available, (plan, *idle))


# ---------------------------------------------------------------------- exercises
def truck_exercises(game: Game, colour: Colour, truck_range: int, plan: Plan) -> list[Exercise]:
    """Workshop questions about ``colour``'s delivery with ``truck_range`` movement points.

    ``plan`` is the planner's best plan for that range
    (:func:`speakeasy.games.speakeasy.studies.planner.best_plan`); every expected answer is read
    from it or from the board graph, never written by hand.

    >>> from speakeasy.games.speakeasy.positions import load_scenario
    >>> from speakeasy.games.speakeasy.studies.planner import best_plan
    >>> game = load_scenario("e17_truck_from_district_16").game()
    >>> plan = best_plan(game.analysis_context(), Colour.YELLOW, 4)
    >>> [(ex.key, ex.answer_text) for ex in truck_exercises(game, Colour.YELLOW, 4, plan)]
    [('delivered', '2'), ('spent', '11'), ('reach', '4, 5, 7, 8, 9, 10, 11, 12, 13, 14, 16')]
    """
    name = colour.value.title()
    exercises = [
        Exercise(
            "delivered",
            f"How many barrels can {name} deliver in this action, with "
            f"{plural(truck_range, 'movement point')} per truck?",
            plan.delivered,
            hint="Barrels come from your operating distillery's district or, bought, from a "
            "smugglers' ship; a truck holds 2; each operating bar, nightclub or casino of yours "
            "without a barrel takes one.",
            rules=("R-TRUCK-6", "R-TRUCK-10", "R-TRUCK-11", "R-TRUCK-13"),
            explanation=plan.describe().replace("\n", " "),
        ),
        Exercise(
            "spent",
            f"How many dollars does {name}'s best delivery spend on barrels bought from ships?",
            plan.spent,
            hint="A ship's barrel costs the price under its rightmost barrel, and the price "
            "rises as barrels leave; the best plan buys only what it delivers.",
            rules=("R-TRUCK-11", "R-TRUCK-12"),
        ),
    ]
    trucks = game.state.player(colour).trucks
    first = trucks[0].district if trucks else None
    if first is not None:
        reach = game.board.reachable(first, truck_range)
        exercises.append(
            Exercise(
                "reach",
                f"{name}'s first truck stands in district {first}. Which districts can it "
                f"reach with {plural(truck_range, 'movement point')} (its own district "
                "included)?",
                frozenset(reach),
                hint="Each move goes to an adjacent district for 1 point; no diagonal moves, "
                "and no road crosses Central Park.",
                rules=("R-TRUCK-7", "R-TRUCK-8"),
            )
        )
    return exercises

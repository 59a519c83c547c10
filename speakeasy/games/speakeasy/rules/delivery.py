"""Picking up and delivering barrels with trucks: the ``deliver`` effect (R-TRUCK-1..14).

Rules: R-TRUCK-1..14, R-CARD-8, R-LOC-GARAGE-2, R-LEVEL-7, R-CLOSED-2, R-GOLDEN-3,
R-BARREL-2/3, R-SHIP-2, R-MONEY-2/6, GAP-22, GAP-25, DISC-9, DISC-10, DISC-11, E10, E17, E18.

Range of each truck (R-TRUCK-2), the same parts as
:func:`speakeasy.games.speakeasy.rules.trucks.truck_range`: the fleet level's value, the range bonus
the action comes with (the played fleet card's "+2" and the Garage left person's "+2", both carried
by :attr:`Source.range_bonus`), one per "truck range +1" bonus (crates #9/#10) and, only with the
GAP-25 switch
``Options.fleet_range_bonus_lasts``, the "+2" of the fleet card lying in the slot.

With two trucks (fleet level 3 or more, R-TRUCK-3) the player first picks the truck to act
(``truck <n>``, 1-based, or ``done``). A truck may ``wait``: hand over to the other truck and
resume later with the movement points it has left, as in E18 where the second truck enters and
both trucks load before the first moves (R-TRUCK-5). Both books only *advise* finishing one
truck before moving the other (CZ "je vhodné", PL "zalecane jest"), which matters because a
ship sails on after each purchase, so by default a truck may hand over between any two of its
steps: before it has acted, once, and again each time it has done something since it took
over (so the action always ends). With ``Options.finish_one_truck_first`` (the advice made a
rule) a truck may wait only before its first move, once, and a truck that has moved finishes
before the other moves; ``wait`` after a move is then refused citing R-TRUCK-5.
Every step of a truck is then one decision (``truck`` kind):

* ``enter <district>`` - a truck still on the operations board enters any district for free
  (R-TRUCK-4);
* ``move <district>`` - to an adjacent district for 1 movement point, along board edges only,
  through closed districts too (R-TRUCK-7/8, R-CLOSED-2);
* ``load`` - 1 barrel from the distillery area, in the district of the operating distillery
  (R-TRUCK-10);
* ``buy <ship>`` - 1 barrel from the ship docked at this district's port, at the price under
  its rightmost barrel; an empty ship sells a supply barrel at its leftmost price (R-TRUCK-11);
* ``deliver <district> <space>`` - 1 barrel to an operating bar, nightclub or casino of the
  player here that has none (R-TRUCK-13);
* ``wait`` - with the other truck still to act: hand over to it, keeping the points left;
  a ship bought from here sails on now (R-TRUCK-5, R-TRUCK-12);
* ``finish`` - the truck stops; unused points are lost (R-TRUCK-14).

A truck holds at most 2 barrels, and barrels never pass between trucks (R-TRUCK-6, DISC-11).
Pick-ups and deliveries cost no points and may repeat (R-TRUCK-9). A ship the truck bought from
sails clockwise to the next free port once, when that buying stop ends: as the truck moves on
or finishes (R-TRUCK-12, E17, E18).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from speakeasy.core.actions import Action, Blocked, IllegalAction
from speakeasy.games.speakeasy.model.effects import Effect
from speakeasy.games.speakeasy.model.kinds import DecisionKind, EventKind
from speakeasy.games.speakeasy.model.state import (
    Building,
    BuildingType,
    Colour,
    District,
    Ship,
    Track,
    Truck,
)
from speakeasy.games.speakeasy.rules.combat import bonus
from speakeasy.games.speakeasy.rules.context import Ctx, Flow
from speakeasy.games.speakeasy.rules.dispatch import Source, handles
from speakeasy.games.speakeasy.rules.money import pay, spendable
from speakeasy.games.speakeasy.rules.operating import operating, operating_distillery
from speakeasy.games.speakeasy.rules.ships import move_ship, ship_name
from speakeasy.games.speakeasy.rules.trucks import RangePart, TruckRange
from speakeasy.games.speakeasy.rules.wording import count, payment, player_name

__all__ = [
    "DONE",
    "RULES",
    "WAIT",
    "Handover",
    "barrel_price",
    "buy_barrel",
    "deliver",
    "delivery_range",
    "delivery_targets",
    "may_hand_over",
    "may_receive_barrel",
    "run_truck",
    "ship_at",
    "truck_options",
]

RULES: tuple[str, ...] = ("R-TRUCK-1", "R-TRUCK-5")
#: Leaves the remaining truck(s) where they are.
DONE = Action("done", label="Stop: leave the other truck where it is")
_NAMES = {
    BuildingType.BAR: "bar",
    BuildingType.NIGHTCLUB: "nightclub",
    BuildingType.CASINO: "casino",
    BuildingType.DISTILLERY: "distillery",
}


# ---------------------------------------------------------------------- range and trucks
def _slotted_card_bonus(ctx: Ctx, colour: Colour, source: Source) -> int:
    """The slotted fleet card's "+2 range" when the GAP-25 switch makes it last (DISC-9).

    Not counted twice when this very card was just played: its bonus is then in the source.
    """
    if not ctx.options.fleet_range_bonus_lasts:
        return 0
    card_id = ctx.player(colour).slots.get(Track.FLEET)
    if card_id is None or (source.kind == "card" and source.id == card_id):
        return 0
    card = ctx.catalog.card(card_id)
    return sum(e.integer("n") for e in card.reward if e.kind == "range_bonus")


def delivery_range(
    ctx: Ctx, colour: Colour, source: Source, effect: Effect | None = None
) -> TruckRange:
    """The range of each truck and the number of trucks for this action (R-TRUCK-2/3).

    >>> import random
    >>> from speakeasy.games.speakeasy.model.board import load_board
    >>> from speakeasy.games.speakeasy.model.catalog import load_catalog
    >>> from speakeasy.games.speakeasy.model.options import Options
    >>> from speakeasy.games.speakeasy.engine.setup import new_state
    >>> from speakeasy.games.speakeasy.model.state import Colour, Track
    >>> catalog, board = load_catalog(), load_board(2)
    >>> state = new_state([Colour.PURPLE, Colour.BLUE], random.Random(1), catalog, board,
    ...                   Options(), lambda e: None)
    >>> ctx = Ctx(state, catalog, board, random.Random(0), Options(), seats=2)
    >>> state.players[Colour.PURPLE].levels[Track.FLEET] = 3
    >>> garage = Source("person", "garage:0", range_bonus=2)
    >>> reach = delivery_range(ctx, Colour.PURPLE, garage)
    >>> print(reach.explain())  # doctest: +NORMALIZE_WHITESPACE
    range 5 = 3 from fleet level 3 (R-LEVEL-7) + 2 from range bonus of this action (R-TRUCK-2);
    2 trucks (R-TRUCK-3)
    """
    player = ctx.player(colour)
    level = player.level(Track.FLEET)
    action_bonus = source.range_bonus + (effect.integer("range_bonus") if effect else 0)
    parts = (
        RangePart(f"fleet level {level}", ctx.catalog.level_table("fleet")[level], "R-LEVEL-7"),
        RangePart("range bonus of this action", action_bonus, "R-TRUCK-2"),
        RangePart("slotted fleet card", _slotted_card_bonus(ctx, colour, source), "GAP-25"),
        RangePart("range crates", bonus(ctx, player, "truck_range"), "R-CRATE-9"),
    )
    board = ctx.catalog.operations_board
    trucks = board.trucks_at_start + (level >= board.second_truck_fleet_level)
    return TruckRange(parts, min(trucks, len(player.trucks)))


# ---------------------------------------------------------------------- what a truck can do
def ship_at(ctx: Ctx, district: int) -> Ship | None:
    """The ship docked at ``district``'s port, if any (R-TRUCK-11)."""
    return next((s for s in ctx.state.ships if s.port == district), None)


def barrel_price(ctx: Ctx, ship: Ship) -> int:
    """What the next barrel of ``ship`` costs: rightmost barrel's price, or the leftmost
    space's price when the ship is empty (R-TRUCK-11, R-SHIP-2, GAP-8)."""
    return ctx.catalog.ship(ship.ship).price(ship.removed)


def _ship_empty(ctx: Ctx, ship: Ship) -> bool:
    return ship.removed >= ctx.catalog.ship(ship.ship).barrel_spaces


def may_receive_barrel(district: District, building: Building) -> bool:
    """Whether a truck may deliver a barrel to ``building`` in ``district`` (R-TRUCK-13): an
    operating bar, nightclub or casino without a barrel (never a distillery, R-BARREL-2; a
    building the police stop does not operate, R-GOLDEN-3)."""
    return (
        building.type is not BuildingType.DISTILLERY
        and not building.barrel
        and operating(district, building)
    )


def delivery_targets(ctx: Ctx, colour: Colour, district: int) -> list[tuple[int, Building]]:
    """(space, building) of the player's buildings here that may receive a barrel (R-TRUCK-13)."""
    d = ctx.state.districts[district]
    return [
        (index, space.building)
        for index, space in enumerate(d.spaces)
        if space.building is not None
        and space.building.owner is colour
        and may_receive_barrel(d, space.building)
    ]


def _buy_error(ctx: Ctx, colour: Colour, truck: Truck, ship: Ship) -> IllegalAction | None:
    capacity = ctx.catalog.operations_board.truck_capacity
    if truck.barrels >= capacity:
        return IllegalAction("truck-full", "R-TRUCK-6", f"the truck already carries {capacity}")
    if _ship_empty(ctx, ship) and ctx.state.supply_barrels <= 0:
        return IllegalAction(
            "no-barrels", "GAP-22", "the ship is empty and the supply has no barrel left"
        )
    price = barrel_price(ctx, ship)
    if price > spendable(ctx.player(colour)):
        return IllegalAction("cannot-pay", "R-MONEY-6", f"a barrel costs ${price} here")
    return None


def truck_options(ctx: Ctx, colour: Colour, index: int, points: int) -> list[Action]:
    """Everything truck ``index`` (0-based) may do next with ``points`` movement points left.

    Always ends with ``finish``. Options are ordered: enter/move, load, buy, deliver, finish.
    """
    player = ctx.player(colour)
    truck = player.trucks[index]
    here = truck.district
    unused = f" ({points} unused movement point{'s' if points != 1 else ''} lost)" if points else ""
    finish = Action("finish", label=f"Finish this truck{unused}")
    if here is None:
        finish = Action("finish", label="Leave this truck on your operations board")
        enter = [
            Action("enter", (d,), label=f"Enter the map in district {d} (free)")
            for d in sorted(ctx.board.districts)
        ]
        return [*enter, finish]
    options: list[Action] = []
    if points > 0:
        options += [
            Action("move", (d,), label=f"Move to district {d} (1 point, {points - 1} left)")
            for d in sorted(ctx.board.graph.neighbors(here))
        ]
    capacity = ctx.catalog.operations_board.truck_capacity
    room = truck.barrels < capacity
    found = operating_distillery(ctx.state, colour)
    if room and found is not None and found[0] == here and player.distillery_barrels > 0:
        options.append(
            Action(
                "load",
                label=f"Load 1 barrel from your distillery ({player.distillery_barrels} there)",
            )
        )
    ship = ship_at(ctx, here)
    if ship is not None and _buy_error(ctx, colour, truck, ship) is None:
        price = barrel_price(ctx, ship)
        what = "a supply barrel from the empty ship" if _ship_empty(ctx, ship) else "1 barrel"
        options.append(
            Action("buy", (ship.ship,), label=f"Buy {what} of {ship_name(ctx, ship)} for ${price}")
        )
    if truck.barrels:
        for space, b in delivery_targets(ctx, colour, here):
            options.append(
                Action(
                    "deliver",
                    (here, space),
                    label=f"Deliver 1 barrel to your {_NAMES[b.type]} in district {here} "
                    f"(space {space + 1})",
                )
            )
    return [*options, finish]


def _blocked(ctx: Ctx, colour: Colour, index: int) -> Callable[[], tuple[Blocked, ...]]:
    """Greyed-out pick-ups and deliveries in the truck's district, with the reason."""

    def blocked() -> tuple[Blocked, ...]:
        truck = ctx.player(colour).trucks[index]
        here = truck.district
        if here is None:
            return ()
        out: list[Blocked] = []
        ship = ship_at(ctx, here)
        if ship is not None:
            error = _buy_error(ctx, colour, truck, ship)
            if error is not None:
                out.append(Blocked(Action("buy", (ship.ship,)), error))
        d = ctx.state.districts[here]
        for space, building_space in enumerate(d.spaces):
            b = building_space.building
            if b is None or b.owner is not colour:
                continue
            action = Action("deliver", (here, space))
            name = _NAMES[b.type]
            if b.type is BuildingType.DISTILLERY:
                err = IllegalAction(
                    "distillery", "R-TRUCK-13", "barrels are never delivered to a distillery"
                )
            elif not operating(d, b):
                err = IllegalAction(
                    "not-operating",
                    "R-BARREL-3",
                    f"your {name} here does not operate (police, no mafioso)",
                )
            elif b.barrel:
                err = IllegalAction(
                    "has-barrel", "R-BARREL-2", f"your {name} here already has a barrel"
                )
            elif not truck.barrels:
                err = IllegalAction("truck-empty", "R-TRUCK-13", "the truck carries no barrel")
            else:
                continue
            out.append(Blocked(action, err))
        return tuple(out)

    return blocked


# ---------------------------------------------------------------------- the action
@dataclass(slots=True)
class _Stop:
    """The truck being moved: movement points left and the ship bought from at this stop."""

    points: int
    bought_from: Ship | None = None


def _end_stop(ctx: Ctx, colour: Colour, stop: _Stop) -> None:
    """The buying stop is over: the ship sails on once (R-TRUCK-12, E17, E18)."""
    if stop.bought_from is not None:
        move_ship(ctx, stop.bought_from, colour, ("R-TRUCK-12",), "after the purchase")
        stop.bought_from = None


def _truck_label(ctx: Ctx, colour: Colour, index: int, points: int) -> str:
    truck = ctx.player(colour).trucks[index]
    where = f"in district {truck.district}" if truck.district else "on your operations board"
    return (
        f"Move truck {index + 1} next ({where}, {count(truck.barrels, 'barrel')}, "
        f"{count(points, 'movement point')} left)"
    )


def _announce(announced: int | None) -> tuple[tuple[str, int], ...]:
    """The ``delivery_range`` fact of a delivery's first decision (R-TRUCK-2), else none."""
    return () if announced is None else (("delivery_range", announced),)


#: A truck lets the other truck act now and resumes later with its points (R-TRUCK-5, E18).
WAIT = Action("wait", label="Let your other truck act now (this one keeps its movement points)")


def _wait(points: int) -> Action:
    return Action(
        "wait",
        label=f"Let your other truck act now (this one keeps its "
        f"{count(points, 'movement point')} for later)",
    )


@dataclass(frozen=True, slots=True)
class Handover:
    """Whether truck may ``wait`` (R-TRUCK-5): ``others`` trucks are still to act;
    ``fresh``: it has not yet waited without acting since; ``total``: the action's range, so
    a truck with fewer points has moved."""

    others: int
    fresh: bool
    total: int


def may_hand_over(ctx: Ctx, hand: Handover, points: int, acted: bool) -> bool:
    """Whether a truck with ``points`` left that has ``acted`` since it took over may hand over
    to another truck (R-TRUCK-5, E18; see the module's docstring): never without another truck
    still to act; with ``Options.finish_one_truck_first`` only before its first move and once;
    by default once before acting and again after each time it acts."""
    if hand.others <= 0:
        return False
    if ctx.options.finish_one_truck_first:
        return hand.fresh and points == hand.total
    return hand.fresh or acted


def run_truck(
    ctx: Ctx,
    colour: Colour,
    index: int,
    points: int,
    *,
    hand: Handover | None = None,
    announced: int | None = None,
) -> Flow[tuple[int, bool] | None]:
    """One truck's turn, step by step, until it finishes (R-TRUCK-4..14); ``None`` then.

    With ``hand`` the truck may hand over to another truck (``wait``, R-TRUCK-5, E18) when
    :func:`may_hand_over` says so; the flow then returns the movement points it has left
    (the truck resumes later with them) and whether it did something before waiting. Each
    decision's facts say ``others`` (trucks still to act), ``fresh`` (may wait before acting),
    ``moved`` and ``strict`` (the switch ``finish_one_truck_first``), so a refused ``wait``
    names its reason. ``announced`` (the
    delivery's range, when this is its first decision) goes into the first decision's facts as
    ``delivery_range``.
    """
    player = ctx.player(colour)
    truck = player.trucks[index]
    stop = _Stop(points)
    name = f"{player_name(colour)}'s truck {index + 1}"
    hand = hand or Handover(0, False, points)
    acted = False
    while True:
        options = truck_options(ctx, colour, index, stop.points)
        if may_hand_over(ctx, hand, stop.points, acted):
            options.insert(len(options) - 1, _wait(stop.points))
        where = "off the map" if truck.district is None else f"in district {truck.district}"
        choice = yield from ctx.ask(
            colour,
            DecisionKind.TRUCK,
            f"Truck {index + 1} ({where}, {count(truck.barrels, 'barrel')}, "
            f"{count(stop.points, 'movement point')} left)",
            ("R-TRUCK-4", "R-TRUCK-7", "R-TRUCK-9", "R-TRUCK-14"),
            options,
            _blocked(ctx, colour, index),
            facts=(
                ("truck", index),
                ("district", truck.district),
                ("barrels", truck.barrels),
                ("points", stop.points),
                ("others", hand.others),
                ("fresh", hand.fresh and not acted),
                ("moved", stop.points < hand.total),
                ("strict", ctx.options.finish_one_truck_first),
                *_announce(announced),
            ),
        )
        announced = None
        kind = choice.kind
        if kind == "wait":
            _end_stop(ctx, colour, stop)  # after buying, the ship sails on (R-TRUCK-12)
            return stop.points, acted
        if kind != "finish":
            acted = True
        if kind == "finish":
            _end_stop(ctx, colour, stop)
            load = count(truck.barrels, "barrel") if truck.barrels else "no barrel"
            lost = (
                ""
                if not stop.points
                else "; the unused movement point is lost"
                if stop.points == 1
                else f"; the {stop.points} unused movement points are lost"
            )
            ctx.emit(
                EventKind.TRUCK_FINISH,
                colour,
                ("R-TRUCK-14", "R-TRUCK-4"),
                (
                    f"{name} stops in district {truck.district} with {load}{lost}."
                    if truck.district is not None
                    else f"{name} stays off the map."
                ),
                truck=index,
                district=truck.district,
                barrels=truck.barrels,
                unused=stop.points,
            )
            return None
        if kind == "enter":
            truck.district = int(choice.args[0])
            ctx.emit(
                EventKind.TRUCK_ENTER,
                colour,
                ("R-TRUCK-4",),
                f"{name} enters the map in district {truck.district}, which costs no movement.",
                truck=index,
                district=truck.district,
            )
        elif kind == "move":
            _end_stop(ctx, colour, stop)
            origin, truck.district = truck.district, int(choice.args[0])
            stop.points -= 1
            ctx.emit(
                EventKind.TRUCK_MOVE,
                colour,
                ("R-TRUCK-7", "R-CLOSED-2"),
                f"{name} drives from district {origin} to the neighbouring district "
                f"{truck.district} ({count(stop.points, 'movement point')} left).",
                truck=index,
                origin=origin,
                district=truck.district,
                points=stop.points,
            )
        elif kind == "load":
            player.distillery_barrels -= 1
            truck.barrels += 1
            ctx.emit(
                EventKind.TRUCK_LOAD,
                colour,
                ("R-TRUCK-10",),
                f"{name} loads a barrel from the distillery in district {truck.district} (now "
                f"carrying {truck.barrels}).",
                truck=index,
                district=truck.district,
                barrels=truck.barrels,
            )
        elif kind == "buy":
            ship = next(s for s in ctx.state.ships if s.ship == str(choice.args[0]))
            buy_barrel(ctx, colour, index, ship)
            stop.bought_from = ship
        else:  # deliver
            district, space = int(choice.args[0]), int(choice.args[1])
            building = ctx.state.districts[district].spaces[space].building
            assert building is not None
            building.barrel = True
            truck.barrels -= 1
            ctx.emit(
                EventKind.TRUCK_DELIVER,
                colour,
                ("R-TRUCK-13", "R-BARREL-2"),
                f"{name} drops a barrel beside {player_name(colour)}'s {_NAMES[building.type]} in "
                f"district {district} ({truck.barrels} left on the truck).",
                truck=index,
                district=district,
                space=space,
                building=building.type.value,
                barrels=truck.barrels,
            )


def buy_barrel(ctx: Ctx, colour: Colour, index: int, ship: Ship) -> None:
    """Pay for one barrel and put it on the truck (R-TRUCK-11, R-MONEY-2)."""
    player = ctx.player(colour)
    truck = player.trucks[index]
    price = barrel_price(ctx, ship)
    pocket, safe = pay(player, price)
    if _ship_empty(ctx, ship):
        ctx.state.supply_barrels -= 1
        whence = "a supply barrel (the ship is empty)"
    else:
        ship.removed += 1
        whence = "the ship's rightmost barrel"
    truck.barrels += 1
    ctx.emit(
        EventKind.TRUCK_BUY,
        colour,
        ("R-TRUCK-11", "R-MONEY-2"),
        f"{player_name(colour)}'s truck {index + 1} buys {whence} from {ship_name(ctx, ship)} "
        f"in district {ship.port} {payment(price, pocket=pocket, safe=safe)}; it now carries "
        f"{truck.barrels}.",
        truck=index,
        ship=ship.ship,
        district=ship.port,
        price=price,
        from_pocket=pocket,
        from_safe=safe,
        barrels=truck.barrels,
    )


@handles("deliver")
def deliver(ctx: Ctx, colour: Colour, effect: Effect, source: Source) -> Flow[None]:
    """Pick up and deliver barrels with each available truck, one at a time (R-TRUCK-1..14)."""
    reach = delivery_range(ctx, colour, source, effect)
    terms = " + ".join(f"{p.value} from {p.label} ({p.rule})" for p in reach.parts if p.value)
    ctx.emit(
        EventKind.TRUCK_RANGE,
        colour,
        ("R-TRUCK-2", "R-TRUCK-3"),
        f"{player_name(colour)}'s trucks have {count(reach.total, 'movement point')} each this "
        f"action" + (f": {terms}" if terms else "") + f"; {count(reach.trucks, 'truck')} "
        f"{'is' if reach.trucks == 1 else 'are'} available.",
        range=reach.total,
        trucks=reach.trucks,
    )
    waiting = list(range(reach.trucks))
    left = dict.fromkeys(waiting, reach.total)  # movement points each truck has left
    waited: set[int] = set()  # trucks that waited and have not acted since
    announced: int | None = reach.total  # the delivery's first decision names its range
    prompt = (
        "Which truck acts next? One that has not moved may wait once; a moving truck finishes first"
        if ctx.options.finish_one_truck_first
        else "Which truck acts next? A truck may hand over to the other between its steps and "
        "resume with the points it has left"
    )
    while waiting:
        if len(waiting) == 1:
            index = waiting[0]
        else:
            options = [
                Action("truck", (i + 1,), label=_truck_label(ctx, colour, i, left[i]))
                for i in waiting
            ]
            choice = yield from ctx.ask(
                colour,
                DecisionKind.TRUCK_CHOOSE,
                prompt,
                RULES,
                [*options, DONE],
                facts=_announce(announced),
            )
            announced = None
            if choice == DONE:
                return
            index = int(choice.args[0]) - 1
        hand = Handover(len(waiting) - 1, index not in waited, reach.total)
        paused = yield from run_truck(
            ctx, colour, index, left[index], hand=hand, announced=announced
        )
        announced = None
        if paused is None:
            waiting.remove(index)
            continue
        left[index], acted = paused
        if ctx.options.finish_one_truck_first or not acted:
            waited.add(index)
        else:
            waited.discard(index)

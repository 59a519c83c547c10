"""Refusals of barrels: selling and the trucks (R-BARREL, R-TRUCK).

Each decision kind's grammar (its words and their arguments), the rule its misreadings cite and its
refusal function are declared together in :data:`DECLARATIONS`.
"""

from __future__ import annotations

from typing import Final

from speakeasy.core.actions import Action, Decision
from speakeasy.games.speakeasy.model.kinds import DecisionKind
from speakeasy.games.speakeasy.model.state import BuildingType, Colour, Track
from speakeasy.games.speakeasy.rules.context import Ctx
from speakeasy.games.speakeasy.rules.delivery import may_receive_barrel
from speakeasy.games.speakeasy.rules.operating import operating, operating_distillery
from speakeasy.games.speakeasy.rules.refusals.common import (
    Answer,
    check_arity,
    check_ints,
    known_district,
    known_space,
    no,
    own_building,
)
from speakeasy.games.speakeasy.rules.refusals.grammar import Declaration, Word

__all__ = ["DECLARATIONS"]


def _sell(ctx: Ctx, colour: Colour, d: Decision, a: Action) -> Answer:
    if (error := check_arity(a, 2) or check_ints(a, 0, 1)) is not None:
        return error
    district, index = int(a.args[0]), int(a.args[1])
    error = known_space(ctx, district, index) or own_building(
        ctx, colour, district, index, "R-BARREL-4"
    )
    if error is not None:
        return error
    here = ctx.state.districts[district]
    b = here.spaces[index].building
    assert b is not None
    name = f"your {b.type.value} in district {district}, space {index}"
    if b.type is BuildingType.DISTILLERY:
        return no("distillery", "R-BARREL-2", f"barrels are never sold at {name}")
    if not b.barrel:
        return no("no-barrel", "R-BARREL-4", f"{name} has no barrel to sell")
    if not operating(here, b):
        return no("not-operating", "R-GOLDEN-3", f"{name} does not operate, so it cannot sell")
    return None


def _truck_choose(ctx: Ctx, colour: Colour, d: Decision, a: Action) -> Answer:
    if (error := check_arity(a, 1) or check_ints(a, 0)) is not None:
        return error
    number = int(a.args[0])
    trucks = len(ctx.player(colour).trucks)
    if not 1 <= number <= trucks:
        return no("no-such-truck", "R-COMP-3", f"you have trucks 1 to {trucks}, not truck {number}")
    if number > 1 and ctx.player(colour).levels[Track.FLEET] < 3:
        return no("no-second-truck", "R-TRUCK-3", f"truck {number} needs fleet level 3 or more")
    return no("truck-finished", "R-TRUCK-14", f"truck {number} has finished in this action")


def _wait(ctx: Ctx, name: str, d: Decision) -> Answer:
    """``wait`` not offered (R-TRUCK-5): no other truck to act, the switch
    ``finish_one_truck_first`` after a move, or a truck that waited and has not acted since."""
    if not d.fact("others", 0):
        return no("no-other-truck", "R-TRUCK-5", f"no other truck is left to act for {name}")
    if d.fact("strict", False) and d.fact("moved", False):
        return no(
            "truck-moved",
            "R-TRUCK-5",
            f"{name} has moved: with the rule option finish_one_truck_first it finishes before "
            "the other truck moves",
        )
    if d.fact("strict", False):
        return no("waited", "R-TRUCK-5", f"{name} has waited once already in this action")
    return no(
        "waited",
        "R-TRUCK-5",
        f"{name} has just taken over after waiting; it does something before it waits again",
    )


def _truck(ctx: Ctx, colour: Colour, d: Decision, a: Action) -> Answer:
    here = d.fact("district")
    points = int(d.fact("points", 0))
    index = int(d.fact("truck", 0))
    name = f"truck {index + 1}"
    verb = a.kind
    arity = {"enter": 1, "move": 1, "load": 0, "buy": 1, "deliver": 2, "wait": 0}[verb]
    if (error := check_arity(a, arity)) is not None:
        return error
    if verb == "wait":
        return _wait(ctx, name, d)
    if verb in ("enter", "move", "deliver") and (error := check_ints(a, 0, 1)) is not None:
        return error
    if verb == "enter":
        if (error := known_district(ctx, a.args[0])) is not None:
            return error
        return no(
            "on-map",
            "R-TRUCK-4",
            f"{name} is on the map in district {here} already; it "
            f"cannot enter again in district {a.args[0]}",
        )
    if here is None:
        what = f"{verb} {' '.join(map(str, a.args))}".strip()
        return no("off-map", "R-TRUCK-4", f"'{what}': {name} must first enter the map")
    player = ctx.player(colour)
    if verb == "move":
        target = int(a.args[0])
        if (error := known_district(ctx, target)) is not None:
            return error
        if target == here:
            return no("same-district", "R-TRUCK-7", f"{name} is in district {target} already")
        if points <= 0:
            return no(
                "no-points", "R-TRUCK-5", f"{name} has no movement point left for district {target}"
            )
        park = ctx.board.central_park
        crosses = {here, target} & set(park.north) and {here, target} & set(park.south)
        return no(
            "not-adjacent",
            "R-TRUCK-8" if crosses else "R-TRUCK-7",
            f"district {target} is not next to district {here}"
            + (" (Central Park lies between)" if crosses else ""),
        )
    truck = player.trucks[index]
    if verb == "load":
        found = operating_distillery(ctx.state, colour)
        if found is None or found[0] != here:
            return no(
                "no-distillery",
                "R-TRUCK-10",
                f"'load': no operating distillery of yours is in district {here}",
            )
        if truck.barrels >= ctx.catalog.operations_board.truck_capacity:
            return no("truck-full", "R-TRUCK-6", f"'load': {name} carries {truck.barrels} barrels")
        return no("no-barrel", "R-TRUCK-10", "'load': your distillery area holds no barrel")
    if verb == "buy":
        ship_id = a.args[0]
        ships = {s.ship: s for s in ctx.state.ships}
        if ship_id not in ships:
            return no("no-such-ship", "R-SHIP-1", f"there is no ship {ship_id!r}")
        port = ships[str(ship_id)].port
        name = ctx.catalog.ship(str(ship_id)).name
        return no(
            "no-ship-here",
            "R-TRUCK-11",
            f"{name}'s ship is at the port of district {port}, not at district {here}",
        )
    district, space = int(a.args[0]), int(a.args[1])
    if (error := known_space(ctx, district, space)) is not None:
        return error
    if district != here:
        return no(
            "not-here", "R-TRUCK-13", f"{name} is in district {here}, not in district {district}"
        )
    error = own_building(ctx, colour, district, space, "R-TRUCK-13")
    if error is not None:
        return error
    there = ctx.state.districts[district]
    b = there.spaces[space].building
    assert b is not None
    if not may_receive_barrel(there, b):
        return no(
            "has-barrel",
            "R-BARREL-2",
            f"your {b.type.value} in district {district} takes no barrel",
        )
    return None


#: The decision kinds of this rules area: words, arity and refusal side by side.
DECLARATIONS: Final[tuple[Declaration, ...]] = (
    Declaration(
        DecisionKind.SELL,
        "R-BARREL-4",
        (Word("sell", "<district> <space>"),),
        _sell,
    ),
    Declaration(
        DecisionKind.TRUCK_CHOOSE,
        "R-TRUCK-5",
        (Word("truck", "<number>"),),
        _truck_choose,
    ),
    Declaration(
        DecisionKind.TRUCK,
        "R-TRUCK-1",
        (
            Word("enter", "<district>"),
            Word("move", "<district>"),
            Word("load"),
            Word("buy", "<ship>"),
            Word("deliver", "<district> <space>"),
            Word("wait"),
        ),
        _truck,
    ),
)

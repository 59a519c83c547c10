"""Refusals of smugglers' ships: attacking, hiring, barrels and mafiosi from the crates (R-SHIP,
R-CRATE).

Each decision kind's grammar (its words and their arguments), the rule its misreadings cite and its
refusal function are declared together in :data:`DECLARATIONS`.
"""

from __future__ import annotations

from collections import Counter
from typing import Final

from speakeasy.core.actions import Action, Decision
from speakeasy.games.speakeasy.model.kinds import DecisionKind
from speakeasy.games.speakeasy.model.state import BuildingType, Colour
from speakeasy.games.speakeasy.rules.combat import bonus, strength
from speakeasy.games.speakeasy.rules.context import Ctx
from speakeasy.games.speakeasy.rules.money import spendable
from speakeasy.games.speakeasy.rules.refusals.common import (
    Answer,
    check_arity,
    check_ints,
    ids,
    known_space,
    misread,
    no,
    own_building,
)
from speakeasy.games.speakeasy.rules.refusals.grammar import Declaration, Word
from speakeasy.games.speakeasy.rules.resources import docks_row
from speakeasy.games.speakeasy.rules.ships import ship_area, ship_defence, ship_name

__all__ = ["DECLARATIONS"]


def _ship_id(ctx: Ctx, ship: object) -> Answer:
    if any(s.ship == ship for s in ctx.state.ships):
        return None
    ships = ids(s.ship for s in ctx.state.ships)
    return no("no-such-ship", "R-SHIP-1", f"there is no ship {ship!r} (ships: {ships})")


def _attack_ship(ctx: Ctx, colour: Colour, d: Decision, a: Action) -> Answer:
    if (error := check_arity(a, 1)) is not None:
        return error
    return _ship_id(ctx, a.args[0])


def _ship_hire(ctx: Ctx, colour: Colour, d: Decision, a: Action) -> Answer:
    if not a.args:
        return misread("it has no argument")
    if (error := check_ints(a, 0)) is not None:
        return error
    goons, hired = int(a.args[0]), a.args[1:]
    ship = next((s for s in ctx.state.ships if ship_name(ctx, s) in d.prompt), None)
    if ship is None:
        return None
    area = ship_area(ctx, ship)
    player = ctx.player(colour)
    names = {c.value for c in Colour}
    for who in hired:
        if who not in names:
            return no("no-such-colour", "R-COMP-3", f"{who!r} is not a player colour")
        if who == colour.value:
            return no("own-mafioso", "R-SHIP-5", f"you ({who}) never hire your own mafiosi")
    there = Counter(w.value for w in ctx.state.docks[area] if w is not None)
    for who, n in Counter(str(h) for h in hired).items():
        if n > there[who]:
            return no(
                "not-enough-mafiosi",
                "R-SHIP-4",
                f"{who} has {there[who]} mafioso(s) in the {area.title} docks, not {n}",
            )
    if not 0 <= goons <= player.goons:
        return no("not-enough-goons", "R-COMBAT-3", f"you have {player.goons} goon(s), not {goons}")
    if len(hired) > spendable(player):
        return no(
            "cannot-pay",
            "R-SHIP-5",
            f"hiring {len(hired)} mafiosi costs ${len(hired)}; you can pay ${spendable(player)}",
        )
    own = there[colour.value]
    total = strength(ctx, player) * (own + len(hired)) + goons + bonus(ctx, player, "ship_attack")
    defence = ship_defence(ctx, ship)
    if total <= defence:
        return no(
            "too-weak",
            "R-SHIP-6",
            f"'{a}' gives attack {total}, which does not beat defence {defence}",
        )
    return no(
        "not-needed",
        "R-COMBAT-3",
        f"'{a}' gives attack {total} against defence {defence}, but a plan with fewer goons or "
        "hires wins already",
    )


def _ship_barrel(ctx: Ctx, colour: Colour, d: Decision, a: Action) -> Answer:
    if a.args[:1] == ("distillery",):
        if (error := check_arity(a, 1)) is not None:
            return error
        return no("no-distillery", "R-SHIP-9", "you have no operating distillery for the barrel")
    if (error := check_arity(a, 2) or check_ints(a, 0, 1)) is not None:
        return error
    district, index = int(a.args[0]), int(a.args[1])
    error = known_space(ctx, district, index) or own_building(
        ctx, colour, district, index, "R-SHIP-9"
    )
    if error is not None:
        return error
    here = ctx.state.districts[district]
    b = here.spaces[index].building
    assert b is not None
    name = f"your {b.type.value} in district {district}"
    if b.type is BuildingType.DISTILLERY:
        return no(
            "distillery", "R-BARREL-2", f"{name}: the barrel goes to its area ('barrel distillery')"
        )
    if b.barrel:
        return no("has-barrel", "R-BARREL-2", f"{name} has a barrel already")
    return no("not-operating", "R-BARREL-3", f"{name} does not operate")


def _ship_mafioso(ctx: Ctx, colour: Colour, d: Decision, a: Action) -> Answer:
    if (error := check_arity(a, 1) or check_ints(a, 0)) is not None:
        return error
    index = int(a.args[0])
    offered = [int(o.args[0]) for o in d.options]
    area = next(
        (x for x, spaces in ctx.state.docks.items()
         if all(0 <= i < len(spaces) and spaces[i] is colour for i in offered)),
        None,
    )  # fmt: skip
    if area is None:
        return None
    spaces = ctx.state.docks[area]
    if not 0 <= index < len(spaces):
        return no(
            "no-such-space",
            "GAP-7",
            f"the {area.value} docks have no space {index} (spaces 0 to {len(spaces) - 1})",
        )
    if spaces[index] is not colour:
        return no(
            "not-your-mafioso",
            "R-SHIP-10",
            f"{area.value} docks space {index} holds no mafioso of yours",
        )
    return no(
        "same-row",
        "R-SHIP-10",
        f"{area.value} docks space {index} is in row {docks_row(ctx, index)}, whose mafioso is "
        "offered already",
    )


#: The decision kinds of this rules area: words, arity and refusal side by side.
DECLARATIONS: Final[tuple[Declaration, ...]] = (
    Declaration(
        DecisionKind.ATTACK_SHIP,
        "R-SHIP-3",
        (Word("ship", "<ship>"),),
        _attack_ship,
    ),
    Declaration(
        DecisionKind.SHIP_HIRE,
        "R-SHIP-4",
        (Word("hire", "<goons> <colour>..."),),
        _ship_hire,
    ),
    Declaration(
        DecisionKind.SHIP_BARREL,
        "R-SHIP-9",
        (Word("barrel", "distillery", "<district> <space>"),),
        _ship_barrel,
    ),
    Declaration(
        DecisionKind.SHIP_MAFIOSO,
        "R-SHIP-10",
        (Word("leave", "<space>"),),
        _ship_mafioso,
    ),
)

"""Defending one building in the gang war (R-GANGWAR-7, R-GANGWAR-14, R-COMBAT-2..5, R-ALLY-6,
R-PARTNER-1/4/6).

:func:`best_defence` is pure: the best defence of a building and the cheapest way to hold
(:class:`DefencePlan`). :func:`defend` asks the owner only when the outcome is really a choice.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from speakeasy.core.actions import Action
from speakeasy.games.speakeasy.model.catalog.pieces import GangsterTile
from speakeasy.games.speakeasy.model.kinds import DecisionKind, EventKind
from speakeasy.games.speakeasy.model.state import BuildingType, Colour, GameState
from speakeasy.games.speakeasy.rules.combat import Boost, bonus, boosts, spend_boost, strength
from speakeasy.games.speakeasy.rules.context import Ctx, Flow
from speakeasy.games.speakeasy.rules.luciano.control import building_name
from speakeasy.games.speakeasy.rules.wording import (
    capital,
    count,
    gangster_name,
    listing,
    player_name,
)

__all__ = ["DefencePlan", "best_defence", "defence_order", "defend", "made_of"]

_DEFENCE_RULES = (
    "R-GANGWAR-7",
    "R-GANGWAR-14",
    "R-COMBAT-2",
    "R-COMBAT-3",
    "R-COMBAT-4",
    "R-COMBAT-5",
)


def defence_order(state: GameState) -> list[Colour]:
    """Players in turn order (R-GANGWAR-7); anyone missing from the top row follows in seat
    order, so every player with a building is asked."""
    order = list(state.turn_order.order)
    order += [c for c in (state.seating or list(state.players)) if c not in order]
    return [c for c in order if c in state.players]


def defend(ctx: Ctx, tile: GangsterTile, number: int, index: int, war: int) -> Flow[bool]:
    """Defend one building: ask only when the outcome is really a choice (R-GANGWAR-7/14)."""
    building = ctx.state.districts[number].spaces[index].building
    assert building is not None
    colour = building.owner
    plan = best_defence(ctx, colour, number, index, war)
    who, name = player_name(colour), building_name(building.type)
    what = f"{who}'s {name} in district {number}"
    attack = f"{capital(gangster_name(ctx.catalog, tile.id))} (war strength {war}) attacks {what}"
    data: dict[str, Any] = {
        "district": number,
        "space": index,
        "building": building.type.value,
        "war_strength": war,
        "tile": tile.id,
    }
    if plan.cheapest is None:
        ctx.emit(
            EventKind.DEFENCE_IMPOSSIBLE,
            colour,
            ("R-GANGWAR-7", "R-COMBAT-2"),
            f"{attack}: its best defence is {plan.best.total}{made_of(plan, plan.best)} < "
            f"{war}, so the {name} falls.",
            best_defence=plan.best.total,
            **data,
        )
        return False
    if plan.base >= war:
        ctx.emit(
            EventKind.BUILDING_HOLDS,
            colour,
            ("R-GANGWAR-7", "R-COMBAT-2"),
            f"{attack}; without help: defence {plan.base} ≥ {war}, so it holds.",
            defence=plan.base,
            goons=0,
            partner=False,
            free=False,
            paid=0,
            **data,
        )
        return True

    by_action: dict[Action, Boost] = {}
    for option in plan.options:
        action = option.action()
        if option.goons == 0 and not option.partner:
            label = f"Do not defend (strength {option.total} < {war}: it falls)"
        elif option.total >= war:
            label = f"{action.label}: holds"
        else:
            label = f"{action.label}: still falls"
        by_action[Action(action.kind, action.args, label=label)] = option
    choice = yield from ctx.ask(
        colour,
        DecisionKind.GANG_WAR_DEFENCE,
        f"{tile.name} attacks {what} with war strength {war}; your defence is {plan.base} "
        "before goons and partner. How do you defend?",
        _DEFENCE_RULES,
        list(by_action),
    )
    boost = by_action[choice]
    spend_boost(ctx, ctx.player(colour), boost)
    held = boost.total >= war
    spent = [f"returning {count(boost.goons, 'goon')}"] if boost.goons else []
    if boost.free:
        spent.append("using the partner's free help")
    elif boost.partner:
        spent.append(f"paying the partner ${boost.cost}")
    if held:
        kind = EventKind.BUILDING_HOLDS
        how = f"{who} defends by {listing(spent)}: " if spent else "without help: "
        text = f"{attack}; {how}defence {boost.total} ≥ {war}, so it holds."
    elif spent:
        kind = EventKind.DEFENCE_FAILED
        text = (
            f"{attack}; {who} defends by {listing(spent)}, but defence {boost.total} < {war}, so "
            f"the {name} falls."
        )
    else:
        kind = EventKind.DEFENCE_DECLINED
        text = (
            f"{attack}; {who} chooses not to defend (defence {boost.total} < {war}), so the "
            f"{name} falls."
        )
    ctx.emit(
        kind,
        colour,
        ("R-GANGWAR-7", "R-GANGWAR-14", "R-COMBAT-2", "R-COMBAT-5"),
        text,
        defence=boost.total,
        goons=boost.goons,
        partner=boost.partner,
        free=boost.free,
        paid=boost.cost if boost.partner and not boost.free else 0,
        **data,
    )
    return held


@dataclass(frozen=True, slots=True)
class DefencePlan:
    """How well one building can defend against a war strength (R-GANGWAR-7, R-COMBAT-2..5).

    ``base`` = strength (yellow track) + permanent bonuses (crates #3/#4, R-PARTNER-1).
    ``options`` are every affordable combination of goons and partner help on top of it.
    ``best`` is the highest total (the cheapest such way); ``cheapest`` is the cheapest way
    to hold, or None when the building cannot hold. "Cheapest" means the least money, then
    the fewest goons, then keeping the once-per-game free partner help (R-PARTNER-6).
    """

    colour: Colour
    district: int
    space: int
    building: BuildingType
    war_strength: int
    strength: int
    permanent: int
    options: tuple[Boost, ...]
    best: Boost
    cheapest: Boost | None
    reason: str

    @property
    def base(self) -> int:
        return self.strength + self.permanent

    @property
    def can_hold(self) -> bool:
        return self.cheapest is not None


def made_of(plan: DefencePlan, boost: Boost) -> str:
    """`` (strength 1 + 4 goons)``: what a defence total adds up (empty for strength alone)."""
    parts = [f"strength {plan.strength}"]
    if plan.permanent:
        parts.append(f"{plan.permanent} bonus")
    if boost.goons:
        parts.append(count(boost.goons, "goon"))
    if boost.partner:
        parts.append(f"partner {boost.total - plan.base - boost.goons}")
    return f" ({' + '.join(parts)})" if len(parts) > 1 else ""


def _price(boost: Boost) -> tuple[int, int, bool]:
    return boost.cost, boost.goons, boost.free


def _describe_boost(boost: Boost, plan_base: int, partner_strength: int) -> str:
    parts = [f"base {plan_base}"]
    if boost.goons:
        parts.append(count(boost.goons, "goon"))
    if boost.partner:
        how = "free" if boost.free else f"${boost.cost}"
        parts.append(f"partner {partner_strength} ({how})")
    return " + ".join(parts)


def best_defence(
    ctx: Ctx, colour: Colour, district: int, space: int, war_strength: int
) -> DefencePlan:
    """The best defence of ``colour``'s building at ``district``/``space`` and the cheapest
    way to reach ``war_strength`` (R-GANGWAR-7, R-COMBAT-2..5, R-ALLY-6, R-PARTNER-1/4/6).

    Works on any state wrapped in a :class:`Ctx`; it changes nothing.
    """
    building = ctx.state.districts[district].spaces[space].building
    if building is None or building.owner is not colour:
        raise ValueError(f"{colour} has no building on space {space} of district {district}")
    player = ctx.player(colour)
    own = strength(ctx, player)
    permanent = bonus(ctx, player, "defence")
    options = tuple(
        boosts(
            ctx,
            player,
            own + permanent,
            partner_allowed=True,
            distillery=building.type is BuildingType.DISTILLERY,
        )
    )
    best = min(options, key=lambda b: (-b.total, *_price(b)))
    holding = [b for b in options if b.total >= war_strength]
    cheapest = min(holding, key=_price) if holding else None
    partner_strength = ctx.catalog.gangster(player.partner).strength if player.partner else 0
    base = own + permanent
    base_text = f"{own}" + (f" + {permanent} bonus" if permanent else "")
    if cheapest is None:
        reason = (
            f"the best defence is {best.total} ({_describe_boost(best, base, partner_strength)}"
            f"; base = strength {base_text}) < war strength {war_strength} (R-COMBAT-2)."
        )
    elif cheapest.total == base and not cheapest.goons and not cheapest.partner:
        reason = f"strength {base_text} already reaches war strength {war_strength} (R-COMBAT-2)."
    else:
        reason = (
            f"the cheapest hold is {cheapest.total} "
            f"({_describe_boost(cheapest, base, partner_strength)}) ≥ war strength "
            f"{war_strength}; the most it can reach is {best.total} (R-COMBAT-2)."
        )
    return DefencePlan(
        colour=colour,
        district=district,
        space=space,
        building=building.type,
        war_strength=war_strength,
        strength=own,
        permanent=permanent,
        options=options,
        best=best,
        cheapest=cheapest,
        reason=reason,
    )

"""Gaining protection: sending mafiosi from the VIP area to your buildings (R-PROTECT-1..4).

Rules: R-PROTECT-1..4, R-ORDER-2/3, R-LEV-2, R-CARD-7, R-PARTNER-3, crates #15/#16 (+2
permanent leverage), R-GOLDEN-6 (non-operating buildings can be protected), E19.

One protection action has a leverage *budget* (R-PROTECT-3):

* the leverage printed on the four slotted cards (R-CARD-7), which is not used up;
* permanent leverage bonuses (crates "+2 permanent leverage", R-LEV-2);
* the partner's "+2 leverage whenever you pay for protection" (R-PARTNER-3);
* leverage tokens, each discarded for +1, only as needed.

Each mafioso sent costs the protection cost of your turn-order column, top or bottom row
(R-ORDER-2: 4/3/2/1). The player is asked building by building
(``protect <district> <space>`` "Protect the bar in district 4 (2 leverage)", or ``done``).
Card and bonus leverage is used before tokens, and tokens are discarded only when a mafioso
cannot be paid for without them, so the player never discards more than needed. Whatever is
left of the budget when the action ends is lost.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from speakeasy.core.actions import Action, Blocked, IllegalAction
from speakeasy.games.speakeasy.model.effects import Effect
from speakeasy.games.speakeasy.model.kinds import DecisionKind, EventKind
from speakeasy.games.speakeasy.model.state import Building, Colour
from speakeasy.games.speakeasy.rules.combat import bonus
from speakeasy.games.speakeasy.rules.context import Ctx, Flow
from speakeasy.games.speakeasy.rules.dispatch import Source, handles
from speakeasy.games.speakeasy.rules.wording import count, listing, player_name, refusals

__all__ = [
    "DONE",
    "RULES",
    "ProtectionBudget",
    "card_leverage",
    "max_protections",
    "protect",
    "protect_options",
    "protection_budget",
    "protection_cost",
    "unprotected_buildings",
]

#: Ends the protection action; the unused budget is lost (R-PROTECT-3).
DONE = Action("done", label="Done protecting")
RULES: tuple[str, ...] = ("R-PROTECT-1", "R-PROTECT-2", "R-PROTECT-3")


@dataclass(frozen=True, slots=True)
class ProtectionBudget:
    """The leverage available to one protection action and the price of one mafioso."""

    cards: int  # slotted cards' leverage (R-CARD-7)
    permanent: int  # "+2 permanent leverage" crates (R-LEV-2)
    partner: int  # partner's protection-only bonus (R-PARTNER-3)
    tokens: int  # leverage tokens that may be discarded, +1 each
    cost: int  # leverage per mafioso, by turn-order column (R-PROTECT-2, R-ORDER-2)

    @property
    def free(self) -> int:
        """Leverage that is not discarded: cards, permanent bonuses and the partner."""
        return self.cards + self.permanent + self.partner

    @property
    def total(self) -> int:
        """Everything, tokens included."""
        return self.free + self.tokens

    def affordable(self) -> int:
        """How many mafiosi the budget can pay for (buildings and VIP area aside)."""
        return self.total // self.cost

    def tokens_for(self, mafiosi: int) -> int:
        """Tokens discarded when sending ``mafiosi``: only what the free leverage lacks.

        >>> ProtectionBudget(cards=4, permanent=0, partner=0, tokens=1, cost=2).tokens_for(2)
        0
        >>> ProtectionBudget(cards=4, permanent=0, partner=0, tokens=3, cost=3).tokens_for(2)
        2
        """
        need = max(mafiosi * self.cost - self.free, 0)
        if need > self.tokens:
            raise ValueError(f"{mafiosi} mafiosi need {need} tokens; only {self.tokens} held")
        return need


def protection_cost(ctx: Ctx, colour: Colour) -> int:
    """Leverage per mafioso for the column of the player's marker, either row (R-ORDER-2/3)."""
    column = ctx.state.turn_order.column_of(colour)
    return ctx.catalog.turn_order.for_players(ctx.setup_players).protection_cost(column)


def card_leverage(ctx: Ctx, colour: Colour) -> int:
    """The leverage printed on the player's slotted cards (R-CARD-7)."""
    slots = ctx.player(colour).slots
    return sum(ctx.catalog.card(card).leverage for card in slots.values() if card is not None)


def protection_budget(ctx: Ctx, colour: Colour) -> ProtectionBudget:
    """The budget of a protection action starting now (R-PROTECT-3, R-LEV-2, R-PARTNER-3)."""
    player = ctx.player(colour)
    return ProtectionBudget(
        cards=card_leverage(ctx, colour),
        permanent=bonus(ctx, player, "leverage"),
        partner=bonus(ctx, player, "protection_leverage"),
        tokens=player.leverage_tokens,
        cost=protection_cost(ctx, colour),
    )


def unprotected_buildings(ctx: Ctx, colour: Colour) -> list[tuple[int, int, Building]]:
    """The player's buildings with an empty protection space, operating or not (R-GOLDEN-6)."""
    return sorted(
        ((d, s, b) for d, s, b in ctx.state.buildings(colour) if not b.protected),
        key=lambda item: (item[0], item[1]),
    )


def max_protections(ctx: Ctx, colour: Colour) -> int:
    """The most buildings one protection action can protect now (E19).

    Limited by the mafiosi in the VIP area, the unprotected buildings and the budget.
    """
    player = ctx.player(colour)
    budget = protection_budget(ctx, colour)
    return min(player.vip, len(unprotected_buildings(ctx, colour)), budget.affordable())


def _name(ctx: Ctx, colour: Colour, district: int, space: int, building: Building) -> str:
    """``the bar in district 4``; the space is named only if needed to tell buildings apart."""
    twins = sum(
        1 for d, _, b in ctx.state.buildings(colour) if d == district and b.type is building.type
    )
    where = f"district {district}" + (f", space {space + 1}" if twins > 1 else "")
    return f"the {building.type.value} in {where}"


def protect_options(
    ctx: Ctx, colour: Colour, *, free_left: int, tokens_left: int, cost: int
) -> tuple[list[Action], list[Blocked]]:
    """The buildings that can be protected next, and the others with the reason why not.

    ``free_left`` is the budget left apart from tokens; ``tokens_left`` the tokens still held.
    """
    player = ctx.player(colour)
    legal: list[Action] = []
    blocked: list[Blocked] = []
    for district, space, building in sorted(
        ctx.state.buildings(colour), key=lambda item: (item[0], item[1])
    ):
        name = _name(ctx, colour, district, space, building)
        tokens = max(cost - free_left, 0)
        label = f"Protect {name} ({cost} leverage" + (
            f", discarding {tokens} leverage token{'s' if tokens > 1 else ''})" if tokens else ")"
        )
        action = Action("protect", (district, space), label=label)
        error: IllegalAction | None = None
        if building.protected:
            error = IllegalAction(
                "already-protected", "R-PROTECT-1", f"{name} already has a mafioso"
            )
        elif player.vip == 0:
            error = IllegalAction(
                "no-mafioso", "R-PROTECT-1", "there is no mafioso left in your VIP area"
            )
        elif free_left + tokens_left < cost:
            error = IllegalAction(
                "no-leverage",
                "R-PROTECT-3",
                f"a mafioso costs {cost} leverage; you have {free_left} left from cards and "
                f"bonuses and {tokens_left} leverage token{'s' if tokens_left != 1 else ''}",
            )
        if error is None:
            legal.append(action)
        else:
            blocked.append(Blocked(action, error))
    return legal, blocked


def _frozen(items: list[Blocked]) -> Callable[[], tuple[Blocked, ...]]:
    fixed = tuple(items)
    return lambda: fixed


@handles("protect")
def protect(ctx: Ctx, colour: Colour, effect: Effect, source: Source) -> Flow[None]:
    """Gain protection: send mafiosi one building at a time while the budget lasts."""
    player = ctx.player(colour)
    budget = protection_budget(ctx, colour)
    free_left = budget.free
    sent = 0
    who = player_name(colour)
    while True:
        legal, blocked = protect_options(
            ctx, colour, free_left=free_left, tokens_left=player.leverage_tokens, cost=budget.cost
        )
        if not legal:
            if sent == 0:
                why = refusals(b.error.code for b in blocked) or [
                    f"{who} has no building on the map"
                ]
                ctx.emit(
                    EventKind.PROTECT_IMPOSSIBLE,
                    colour,
                    RULES,
                    f"{who} cannot protect anything now: {listing(why)}.",
                    reasons=[
                        {"action": str(b.action), "code": b.error.code, "rule": b.error.rule}
                        for b in blocked
                    ],
                    source=str(source),
                )
            break
        prompt = (
            f"Protect your buildings: {budget.cost} leverage per mafioso; {free_left} left from "
            f"cards and bonuses, {count(player.leverage_tokens, 'leverage token')}"
        )
        picked = yield from ctx.ask(
            colour,
            DecisionKind.PROTECT,
            prompt,
            (*RULES, "R-ORDER-2"),
            [*legal, DONE],
            _frozen(blocked),
        )
        if picked == DONE:
            break
        district, space = int(picked.args[0]), int(picked.args[1])
        building = ctx.state.districts[district].spaces[space].building
        if building is None:
            raise AssertionError(f"no building to protect in district {district}")
        from_free = min(free_left, budget.cost)
        tokens = budget.cost - from_free
        free_left -= from_free
        player.leverage_tokens -= tokens
        ctx.state.supply_leverage += tokens
        player.vip -= 1
        building.protected = True
        sent += 1
        ctx.emit(
            EventKind.PROTECT,
            colour,
            (*RULES, "R-ORDER-2", "R-LEV-2") + (("R-PARTNER-3",) if budget.partner else ()),
            f"{who} sends a mafioso from the VIP area to protect the {building.type.value} in "
            f"district {district} ({budget.cost} leverage"
            + (f", discarding {count(tokens, 'leverage token')}" if tokens else "")
            + "); it now operates even with police and scores at the end.",
            district=district,
            space=space,
            building=building.type.value,
            cost=budget.cost,
            from_cards_and_bonuses=from_free,
            tokens_discarded=tokens,
        )
    if sent:
        ctx.emit(
            EventKind.PROTECT_END,
            colour,
            ("R-PROTECT-3",),
            f"{who} protected {count(sent, 'building')}"
            + (f"; the {free_left} leverage left unused is lost." if free_left else "."),
            protected=sent,
            leverage_lost=free_left,
        )

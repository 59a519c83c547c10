"""Attack and defence: strength, goons, partner help and permanent bonuses (R-COMBAT-1..5).

Attacks (takeovers, ship attacks) must be *strictly greater* than the defence (R-COMBAT-1);
a building in a gang war holds with *greater or equal* (R-COMBAT-2). Before a fight the player
may return goons (+1 each, R-COMBAT-3) and pay the partner's help cost to add its strength
(R-COMBAT-4). :func:`boosts` lists every combination, :func:`choose_boost` asks for one and
:func:`spend_boost` pays for it.
"""

from __future__ import annotations

from dataclasses import dataclass

from speakeasy.core.actions import Action
from speakeasy.games.speakeasy.model.catalog.pieces import GangsterTile
from speakeasy.games.speakeasy.model.effects import Bonus
from speakeasy.games.speakeasy.model.kinds import DecisionKind
from speakeasy.games.speakeasy.model.state import Colour, Player, Track
from speakeasy.games.speakeasy.rules.context import Ctx, Flow
from speakeasy.games.speakeasy.rules.money import pay, spendable

__all__ = [
    "Boost",
    "bonus",
    "boosts",
    "choose_boost",
    "partner_help_cost",
    "partner_tile",
    "spend_boost",
    "strength",
]


def strength(ctx: Ctx, player: Player) -> int:
    """The strength value of the yellow track (GAP-26: equal to the level)."""
    return ctx.catalog.level_table("strength")[player.level(Track.STRENGTH)]


def partner_tile(ctx: Ctx, player: Player) -> GangsterTile | None:
    return ctx.catalog.gangster(player.partner) if player.partner else None


def _count(b: Bonus) -> int:
    """The bonus's ``n``; bonuses without a number count 1."""
    n = b.get("n")
    return n if isinstance(n, int) and not isinstance(n, bool) and n else 1


def bonus(ctx: Ctx, player: Player, kind: str) -> int:
    """Sum of a lasting bonus from the player's crates and partner ability (R-SHIP-7, R-ALLY-3).

    Bonuses without a number (e.g. ``free_distillery_defence``) count 1 each.
    """
    total = 0
    for crate_id in player.crates:
        b = ctx.catalog.crate(crate_id).bonus
        if b.kind == kind:
            total += _count(b)
    tile = partner_tile(ctx, player)
    if tile is not None and tile.ability is not None:
        for b in ctx.catalog.partner_abilities[tile.ability].lasting:
            if b.kind == kind and not (kind == "once_free_help" and player.partner_free_used):
                total += _count(b)
    return total


def partner_help_cost(ctx: Ctx, player: Player, *, takeover: bool, distillery: bool) -> int:
    """What paying the partner costs now (R-COMBAT-4, R-ALLY-6, R-PARTNER-4/8, R-CRATE-5/6)."""
    tile = partner_tile(ctx, player)
    if tile is None:
        return 0
    if distillery and bonus(ctx, player, "free_distillery_defence"):
        return 0
    cost = tile.help_cost - bonus(ctx, player, "partner_cost")
    if takeover:
        cost -= bonus(ctx, player, "takeover_partner_cost")
    return max(cost, 0)


@dataclass(frozen=True, slots=True)
class Boost:
    """One way to fight: goons returned, partner paid (or used for free), the total strength."""

    goons: int
    partner: bool
    free: bool  # the once-per-game free help (R-PARTNER-6)
    cost: int
    total: int

    def action(self) -> Action:
        how = "free" if self.free else ("paid" if self.partner else "none")
        parts = [f"{self.goons} goon{'s' if self.goons != 1 else ''}"] if self.goons else []
        if self.partner:
            parts.append("partner for free" if self.free else f"partner for ${self.cost}")
        label = f"Strength {self.total}" + (f" ({', '.join(parts)})" if parts else "")
        return Action("boost", (self.goons, how), label=label)


def boosts(
    ctx: Ctx,
    player: Player,
    base: int,
    *,
    partner_allowed: bool,
    takeover: bool = False,
    distillery: bool = False,
    budget: int | None = None,
) -> list[Boost]:
    """Every affordable (goons, partner) combination on top of ``base`` strength.

    ``budget`` is the money the player can still spend (default: all of it, R-MONEY-2).
    """
    money = spendable(player) if budget is None else budget
    tile = partner_tile(ctx, player) if partner_allowed else None
    found: list[Boost] = []
    for goons in range(player.goons + 1):
        found.append(Boost(goons, False, False, 0, base + goons))
        if tile is None:
            continue
        cost = partner_help_cost(ctx, player, takeover=takeover, distillery=distillery)
        if cost <= money:
            found.append(Boost(goons, True, False, cost, base + goons + tile.strength))
        if cost > 0 and bonus(ctx, player, "once_free_help"):
            found.append(Boost(goons, True, True, 0, base + goons + tile.strength))
    return found


def choose_boost(
    ctx: Ctx,
    colour: Colour,
    options: list[Boost],
    *,
    kind: DecisionKind,
    prompt: str,
    rules: tuple[str, ...],
) -> Flow[Boost]:
    """Ask which boost to use; the options are already filtered by the caller."""
    by_action = {b.action(): b for b in options}
    choice = yield from ctx.ask(colour, kind, prompt, rules, list(by_action))
    return by_action[choice]


def spend_boost(ctx: Ctx, player: Player, boost: Boost) -> None:
    """Return the goons to the supply and pay the partner (R-COMBAT-3/4, R-PARTNER-6)."""
    player.goons -= boost.goons
    ctx.state.supply_goons += boost.goons
    if boost.free:
        player.partner_free_used = True
        if player.partner is not None and player.partner not in player.free_help_tiles:
            player.free_help_tiles.append(player.partner)
    elif boost.partner and boost.cost:
        pay(player, boost.cost)

"""Allying with gangsters and partner abilities (R-ALLY-1..7, R-PARTNER-1..8)."""

from __future__ import annotations

from speakeasy.core.actions import Decision
from speakeasy.games.speakeasy.model.effects import Effect
from speakeasy.games.speakeasy.rules.combat import bonus, boosts, partner_help_cost
from speakeasy.games.speakeasy.rules.context import Ctx
from speakeasy.games.speakeasy.rules.dispatch import Source, run_effect
from tests.support import P, Y, drive, new_ctx

ALLY = Effect.of("ally")


def _tile_with(ctx: Ctx, ability: str | None) -> str:
    return next(t.id for t in ctx.catalog.gangsters if t.ability == ability and t.deck != "D")


def _ctx_with_gangsters(*tiles: str) -> Ctx:
    ctx = new_ctx([P, Y], clear=True)
    for district, tile in zip((1, 2, 3, 6), tiles, strict=False):
        ctx.state.districts[district].gangster = tile
        ctx.state.districts[district].strength_token = ctx.catalog.gangster(tile).strength
    return ctx


def _first(decision: Decision) -> str:
    return str(decision.options[0])


def test_r_ally_2_take_a_gangster_from_the_board() -> None:
    """R-ALLY-2, R-ALLY-5: the tile leaves the board; the marker goes to its district; the
    strength token stays."""
    ctx = new_ctx([P, Y])
    tile = _tile_with(ctx, "defence")
    ctx = _ctx_with_gangsters(tile)
    drive(run_effect(ctx, P, ALLY, Source("test", "x")), [f"ally {tile} 1"])
    player = ctx.player(P)
    assert (player.partner, player.partner_district) == (tile, 1)
    assert ctx.state.districts[1].gangster is None
    assert ctx.state.districts[1].strength_token == ctx.catalog.gangster(tile).strength


def test_r_ally_1_4_old_partner_returns_and_cannot_be_retaken() -> None:
    """R-ALLY-1, R-ALLY-4: the old partner goes back; it is not offered again at once."""
    ctx = new_ctx([P, Y])
    a, b = _tile_with(ctx, "defence"), _tile_with(ctx, "ship_attack")
    ctx = _ctx_with_gangsters(a, b)
    player = ctx.player(P)
    drive(run_effect(ctx, P, ALLY, Source("test", "x")), [f"ally {a} 1"])
    _, seen = drive(run_effect(ctx, P, ALLY, Source("test", "x")), [f"ally {b} 2"])
    assert f"ally {a} 1" not in {str(o) for o in seen[0].options}
    assert ctx.state.districts[1].gangster == a
    assert (player.partner, player.partner_district) == (b, 2)


def test_r_ally_4_another_players_partner_is_not_on_the_board() -> None:
    ctx = new_ctx([P, Y])
    a = _tile_with(ctx, "defence")
    ctx = _ctx_with_gangsters(a)
    drive(run_effect(ctx, Y, ALLY, Source("test", "x")), [f"ally {a} 1"])
    _, seen = drive(run_effect(ctx, P, ALLY, Source("test", "x")), [])
    assert seen == []


def test_r_partner_2_immediate_mafiosi() -> None:
    """R-PARTNER-2, R-ALLY-3: one mafioso to the docks (with its reward), one to the VIP area."""
    ctx = new_ctx([P, Y])
    tile = _tile_with(ctx, "docks_and_vip")
    ctx = _ctx_with_gangsters(tile)
    player = ctx.player(P)
    drive(
        run_effect(ctx, P, ALLY, Source("test", "x")),
        [f"ally {tile} 1", "mafioso docks downtown 0", "mafioso vip"],
    )
    assert player.vip == 1
    assert player.leverage_tokens == 1  # docks row 1 reward


def test_r_partner_5_immediate_city_tokens() -> None:
    ctx = new_ctx([P, Y])
    tile = _tile_with(ctx, "city_tokens")
    ctx = _ctx_with_gangsters(tile)
    drive(run_effect(ctx, P, ALLY, Source("test", "x")), [f"ally {tile} 1", _first, _first])
    assert len(ctx.player(P).city_tokens) == 2


def test_r_ally_6_partner_help_costs_and_discounts() -> None:
    """R-ALLY-6, R-CRATE-5/6, R-PARTNER-4/8: discounts, never below $0."""
    ctx = new_ctx([P, Y])
    player = ctx.player(P)
    takeover = _tile_with(ctx, "cheap_takeover")
    player.partner = takeover
    cost = ctx.catalog.gangster(takeover).help_cost
    assert partner_help_cost(ctx, player, takeover=False, distillery=False) == cost
    assert partner_help_cost(ctx, player, takeover=True, distillery=False) == cost - 1
    player.crates = ["crate-05", "crate-06"]
    assert partner_help_cost(ctx, player, takeover=True, distillery=False) == max(cost - 5, 0)
    player.partner = _tile_with(ctx, "distillery_defence")
    player.crates = []
    assert partner_help_cost(ctx, player, takeover=False, distillery=True) == 0


def test_r_partner_1_3_7_lasting_bonuses() -> None:
    """R-PARTNER-1/3/7: lasting bonuses apply while the partner stays."""
    ctx = new_ctx([P, Y])
    player = ctx.player(P)
    player.partner = _tile_with(ctx, "defence")
    assert bonus(ctx, player, "defence") == 1
    player.partner = _tile_with(ctx, "protection_leverage")
    assert bonus(ctx, player, "protection_leverage") == 2
    player.partner = _tile_with(ctx, "ship_attack")
    assert bonus(ctx, player, "ship_attack") == 1
    assert bonus(ctx, player, "defence") == 0


def test_r_partner_6_once_for_free() -> None:
    """R-PARTNER-6, R-ALLY-7: one free help; after it, only paid help."""
    ctx = new_ctx([P, Y])
    player = ctx.player(P)
    player.partner = _tile_with(ctx, "once_free")
    free = [b for b in boosts(ctx, player, 2, partner_allowed=True) if b.free]
    assert free
    player.partner_free_used = True
    assert not [b for b in boosts(ctx, player, 2, partner_allowed=True) if b.free]

"""Allying with gangsters and partner abilities (R-ALLY-1..7, R-PARTNER-1..8)."""

from __future__ import annotations

from typing import Any

from speakeasy.core.actions import Action, Decision, IllegalAction
from speakeasy.games.speakeasy.model.effects import Effect
from speakeasy.games.speakeasy.model.options import Options
from speakeasy.games.speakeasy.rules.combat import bonus, boosts, partner_help_cost
from speakeasy.games.speakeasy.rules.context import Ctx
from speakeasy.games.speakeasy.rules.dispatch import Source, run_effect
from speakeasy.games.speakeasy.rules.refusals import explain_refusal
from tests.support import P, Y, drive, new_ctx

ALLY = Effect.of("ally")


def _tile_with(ctx: Ctx, ability: str | None) -> str:
    return next(t.id for t in ctx.catalog.gangsters if t.ability == ability and t.deck != "D")


def _ctx_with_gangsters(*tiles: str, options: Options | None = None) -> Ctx:
    ctx = new_ctx([P, Y], options=options, clear=True)
    for district, tile in zip((1, 2, 3, 6), tiles, strict=False):
        ctx.state.districts[district].gangster = tile
        ctx.state.districts[district].strength_token = ctx.catalog.gangster(tile).strength
    return ctx


def _asking(ctx: Ctx, request: Action, answer: str, out: list[IllegalAction]) -> Any:
    """A script entry that records the refusal of ``request`` before answering ``answer``."""

    def entry(decision: Decision) -> str:
        out.append(decision.why_not(request, lambda a: explain_refusal(ctx, decision, a)))
        return answer

    return entry


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


def test_r_ally_1_4_old_partner_returns_and_may_be_retaken_by_default() -> None:
    """R-ALLY-1, R-ALLY-2, R-ALLY-4 (literal reading, the default): the old partner goes back
    to the gangster board first, so it is among the gangsters to choose from; re-allying with
    it keeps its spent free help (R-PARTNER-6)."""
    ctx = new_ctx([P, Y])
    a, b = _tile_with(ctx, "defence"), _tile_with(ctx, "ship_attack")
    ctx = _ctx_with_gangsters(a, b)
    player = ctx.player(P)
    drive(run_effect(ctx, P, ALLY, Source("test", "x")), [f"ally {a} 1"])
    player.partner_free_used, player.free_help_tiles = True, [a]
    refused: list[IllegalAction] = []
    ask = _asking(ctx, Action("ally", (a, 2)), f"ally {a} 1", refused)
    _, seen = drive(run_effect(ctx, P, ALLY, Source("test", "x")), [ask])
    assert {f"ally {a} 1", f"ally {b} 2"} <= {str(o) for o in seen[0].options}
    assert ctx.state.districts[1].gangster is None
    assert (player.partner, player.partner_district, player.partner_free_used) == (a, 1, True)
    kinds = [e.kind for e in ctx.events[-2:]]
    assert kinds == ["partner_returned", "ally"]
    assert [(r.code, r.rule) for r in refused] == [("wrong-district", "R-ALLY-2")]


def test_r_ally_4_option_the_returned_partner_cannot_be_retaken() -> None:
    """R-ALLY-4 with ``Options.no_ally_with_returned_partner`` (the stricter reading): the old
    partner goes back; it is not offered again at once, and asking for it is refused with
    ``own-partner`` citing R-ALLY-4, the state untouched."""
    ctx = new_ctx([P, Y])
    a, b = _tile_with(ctx, "defence"), _tile_with(ctx, "ship_attack")
    ctx = _ctx_with_gangsters(a, b, options=Options(no_ally_with_returned_partner=True))
    player = ctx.player(P)
    drive(run_effect(ctx, P, ALLY, Source("test", "x")), [f"ally {a} 1"])
    refused: list[IllegalAction] = []
    ask = _asking(ctx, Action("ally", (a, 1)), f"ally {b} 2", refused)
    _, seen = drive(run_effect(ctx, P, ALLY, Source("test", "x")), [ask])
    assert f"ally {a} 1" not in {str(o) for o in seen[0].options}
    [error] = refused
    assert (error.code, error.rule) == ("own-partner", "R-ALLY-4")
    assert "no_ally_with_returned_partner" in error.reason
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

"""Gaining protection (R-PROTECT-1..4, R-ORDER-2/3, R-LEV-2, R-PARTNER-3) and example E19."""

from __future__ import annotations

import pytest

import speakeasy.games.speakeasy.rules  # noqa: F401  (registers the effect handlers)
from speakeasy.core.actions import Decision
from speakeasy.games.speakeasy.model.effects import Effect
from speakeasy.games.speakeasy.model.state import Colour, Track
from speakeasy.games.speakeasy.rules import protection as prot
from speakeasy.games.speakeasy.rules.context import Ctx, Flow
from speakeasy.games.speakeasy.rules.dispatch import Source, run_effect
from speakeasy.games.speakeasy.rules.operating import operating
from tests.support import BAR, CASINO, DIST, B, G, P, Y, drive, new_ctx, put_building

PROTECT = Effect.of("protect")
#: One card of each type with leverage 1: 4 leverage in the slots (E19).
ONE_EACH = {
    Track.VIP: "vip-03",
    Track.PARTY: "party-03",
    Track.DISTILLERY: "distillery-03",
    Track.FLEET: "fleet-03",
}


def make_ctx(players: int = 4) -> Ctx:
    """An empty map; no slotted card, VIP mafioso, leverage token, partner or crate."""
    ctx = new_ctx(players, seed=5, clear=True)
    for player in ctx.state.players.values():
        player.slots = dict.fromkeys(ONE_EACH)
        player.vip, player.leverage_tokens, player.partner, player.crates = 0, 0, None, []
    return ctx


@pytest.fixture
def ctx() -> Ctx:
    """4 players; Yellow's marker in column 3 (2 leverage per mafioso); an empty map."""
    c = make_ctx()
    c.state.turn_order.top = [P, G, Y, B]
    c.state.turn_order.bottom = [None] * 4
    return c


def run(ctx: Ctx, colour: Colour) -> Flow[None]:
    return run_effect(ctx, colour, PROTECT, Source("card", "vip-03", track="vip"))


def blocked(decision: Decision) -> dict[str, tuple[str, str, str]]:
    return {str(b.action): (b.error.code, b.error.rule, b.error.reason) for b in decision.blocked}


def test_e19_two_protections_without_the_token(ctx: Ctx) -> None:
    """E19: 3 mafiosi, column 3 (2 each), 4 card leverage + 1 token: at most 2 buildings;
    the card leverage covers both, so the token is kept."""
    yellow = ctx.player(Y)
    yellow.slots = dict(ONE_EACH)
    yellow.vip, yellow.leverage_tokens = 3, 1
    bars = [put_building(ctx, Y, d, 0, BAR) for d in (2, 8, 14)]
    budget = prot.protection_budget(ctx, Y)
    assert (budget.cards, budget.tokens, budget.cost, budget.total) == (4, 1, 2, 5)
    assert prot.max_protections(ctx, Y) == 2  # 3 would need 6 > 5
    assert budget.tokens_for(2) == 0
    supply = ctx.state.supply_leverage
    _, seen = drive(run(ctx, Y), ["protect 2 0", "protect 8 0"])
    assert [str(o) for o in seen[0].options] == [
        "protect 2 0",
        "protect 8 0",
        "protect 14 0",
        "done",
    ]
    assert seen[0].options[0].describe() == "Protect the bar in district 2 (2 leverage)"
    assert [b.protected for b in bars] == [True, True, False]
    assert yellow.vip == 1 and yellow.leverage_tokens == 1
    assert ctx.state.supply_leverage == supply
    end = next(e for e in ctx.events if e.kind == "protect_end")
    assert end.data["protected"] == 2 and end.data["leverage_lost"] == 0
    # after the two, the third would need a token and 1 more leverage: refused with a reason;
    # a protected building takes no second mafioso (R-BOARD-5)
    legal, why = prot.protect_options(ctx, Y, free_left=0, tokens_left=1, cost=2)
    assert legal == []
    reasons = {str(b.action): (b.error.code, b.error.rule) for b in why}
    assert reasons == {
        "protect 2 0": ("already-protected", "R-PROTECT-1"),
        "protect 8 0": ("already-protected", "R-PROTECT-1"),
        "protect 14 0": ("no-leverage", "R-PROTECT-3"),
    }


def test_tokens_are_discarded_only_when_needed(ctx: Ctx) -> None:
    """R-PROTECT-3: card leverage first; each token +1, discarded to the supply as needed."""
    yellow = ctx.player(Y)
    yellow.slots[Track.VIP] = "vip-03"  # 1 leverage
    yellow.vip, yellow.leverage_tokens = 3, 3
    put_building(ctx, Y, 1, 0, BAR)
    put_building(ctx, Y, 1, 1, DIST)
    supply = ctx.state.supply_leverage
    _, seen = drive(run(ctx, Y), ["protect 1 0", "protect 1 1"])
    assert seen[0].options[0].describe() == (
        "Protect the bar in district 1 (2 leverage, discarding 1 leverage token)"
    )
    assert seen[1].options[0].describe() == (
        "Protect the distillery in district 1 (2 leverage, discarding 2 leverage tokens)"
    )
    assert yellow.leverage_tokens == 0 and ctx.state.supply_leverage == supply + 3
    assert yellow.vip == 1
    discarded = [e.data["tokens_discarded"] for e in ctx.events if e.kind == "protect"]
    assert discarded == [1, 2]


def test_partner_and_crate_leverage(ctx: Ctx) -> None:
    """R-LEV-2 crate #15 (+2 permanent) and R-PARTNER-3 (+2 when paying for protection)."""
    yellow = ctx.player(Y)
    yellow.crates = ["crate-15"]
    yellow.partner, yellow.partner_district = "gangster-A3", 9
    ctx.state.turn_order.top = [Y, P, G, B]  # column 1: 4 per mafioso
    yellow.vip = 2
    put_building(ctx, Y, 3, 0, BAR)
    put_building(ctx, Y, 4, 0, BAR)
    budget = prot.protection_budget(ctx, Y)
    assert (budget.cards, budget.permanent, budget.partner, budget.cost) == (0, 2, 2, 4)
    assert prot.max_protections(ctx, Y) == 1
    drive(run(ctx, Y), ["protect 4 0"])
    assert yellow.vip == 1 and ctx.state.districts[4].spaces[0].building is not None
    assert ctx.state.districts[4].spaces[0].building.protected


def test_r_order_2_cost_by_column_in_either_row(ctx: Ctx) -> None:
    costs = []
    for column in range(4):
        top: list[Colour | None] = [P, G, B, None]
        bottom: list[Colour | None] = [None] * 4
        bottom[column] = Y  # R-ORDER-3: the bottom row counts at once
        ctx.state.turn_order.top, ctx.state.turn_order.bottom = top, bottom
        costs.append(prot.protection_cost(ctx, Y))
    assert costs == [4, 3, 2, 1]
    three = make_ctx(3)
    three.state.turn_order.top = [G, Y, P]
    three.state.turn_order.bottom = [None] * 3
    assert [prot.protection_cost(three, c) for c in (G, Y, P)] == [4, 3, 2]


def test_non_operating_building_can_be_protected(ctx: Ctx) -> None:
    """R-GOLDEN-6, R-BUILD-6: a building under police protected by a mafioso operates."""
    yellow = ctx.player(Y)
    yellow.slots = dict(ONE_EACH)
    yellow.vip = 1
    casino = put_building(ctx, Y, 16, 2, CASINO)
    ctx.state.districts[16].police = True
    assert not operating(ctx.state.districts[16], casino)
    drive(run(ctx, Y), ["protect 16 2"])
    assert casino.protected and operating(ctx.state.districts[16], casino)
    (event,) = [e for e in ctx.events if e.kind == "protect"]
    assert event.data == {
        "district": 16,
        "space": 2,
        "building": "casino",
        "cost": 2,
        "from_cards_and_bonuses": 2,
        "tokens_discarded": 0,
    }
    assert event.rules[:3] == ("R-PROTECT-1", "R-PROTECT-2", "R-PROTECT-3")


def test_done_early_loses_the_rest(ctx: Ctx) -> None:
    yellow = ctx.player(Y)
    yellow.slots = dict(ONE_EACH)
    yellow.vip, yellow.leverage_tokens = 3, 2
    put_building(ctx, Y, 5, 0, BAR)
    put_building(ctx, Y, 5, 1, BAR)
    _, seen = drive(run(ctx, Y), ["protect 5 1", "done"])
    assert seen[1].options[0].describe() == "Protect the bar in district 5, space 1 (2 leverage)"
    assert yellow.vip == 2 and yellow.leverage_tokens == 2
    end = next(e for e in ctx.events if e.kind == "protect_end")
    assert end.data["leverage_lost"] == 2


def test_blocked_reasons_and_nothing_to_do(ctx: Ctx) -> None:
    yellow = ctx.player(Y)
    yellow.slots = dict(ONE_EACH)
    put_building(ctx, Y, 6, 0, BAR).protected = True
    put_building(ctx, Y, 7, 0, BAR)
    legal, why = prot.protect_options(ctx, Y, free_left=4, tokens_left=0, cost=2)
    assert legal == []
    assert {str(b.action): b.error.code for b in why} == {
        "protect 6 0": "already-protected",
        "protect 7 0": "no-mafioso",
    }
    assert why[1].error.reason == "there is no mafioso left in your VIP area"
    _, seen = drive(run(ctx, Y), [])
    assert seen == []
    (event,) = [e for e in ctx.events if e.kind == "protect_impossible"]
    assert [r["code"] for r in event.data["reasons"]] == ["already-protected", "no-mafioso"]


def test_blocked_options_are_shown_with_the_decision(ctx: Ctx) -> None:
    yellow = ctx.player(Y)
    yellow.slots = dict(ONE_EACH)
    yellow.vip = 1
    put_building(ctx, Y, 10, 0, BAR).protected = True
    put_building(ctx, Y, 11, 0, BAR)
    _, seen = drive(run(ctx, Y), ["protect 11 0"])
    assert blocked(seen[0]) == {
        "protect 10 0": (
            "already-protected",
            "R-PROTECT-1",
            "the bar in district 10 already has a mafioso",
        )
    }
    assert yellow.vip == 0

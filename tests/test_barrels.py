"""Producing and selling barrels (R-BARREL-1..5, R-NOTOR-2, GAP-6, GAP-22, E11)."""

from __future__ import annotations

from speakeasy.games.speakeasy.model.effects import Effect
from speakeasy.games.speakeasy.model.state import BuildingType, Track
from speakeasy.games.speakeasy.rules.barrels import (
    produce,
    production,
    sale_price,
    sell,
    sell_limit,
    sellable,
)
from speakeasy.games.speakeasy.rules.context import Ctx
from speakeasy.games.speakeasy.rules.dispatch import Source
from tests.support import B, G, P, Y, drive, new_ctx, put_building, set_levels

CARD = Source("card", "party-01", track="party")
PRODUCE, SELL = Effect.of("produce"), Effect.of("sell")


def make_ctx() -> Ctx:
    """A 4-player game with no police anywhere; callers edit the state."""
    return new_ctx([B, G, P, Y], seed=3, police=())


# ---------------------------------------------------------------------- production
def test_produce_the_distillery_level_from_the_supply() -> None:
    """R-BARREL-1: the distillery level's barrels, from the supply, into the distillery area.

    No distillery card is needed in the slot, and nothing is asked.
    """
    ctx = make_ctx()
    blue = ctx.player(B)
    set_levels(ctx, B, distillery=3)
    put_building(ctx, B, 2, 0, BuildingType.DISTILLERY)
    assert blue.slots[Track.DISTILLERY] is None
    supply = ctx.state.supply_barrels
    _, seen = drive(produce(ctx, B, PRODUCE, CARD))
    assert seen == []
    assert blue.distillery_barrels == 3
    assert ctx.state.supply_barrels == supply - 3
    drive(produce(ctx, B, PRODUCE, CARD))
    assert blue.distillery_barrels == 6  # R-BARREL-2: no cap on the distillery area


def test_no_production_without_an_operating_distillery() -> None:
    """R-BARREL-1, R-GOLDEN-3: no distillery, or one under police without a mafioso."""
    ctx = make_ctx()
    blue = ctx.player(B)
    drive(produce(ctx, B, PRODUCE, CARD))
    assert blue.distillery_barrels == 0
    assert ctx.events[-1].kind == "no_production"
    distillery = put_building(ctx, B, 2, 0, BuildingType.DISTILLERY)
    ctx.state.districts[2].police = True
    assert production(ctx, B) == 0
    drive(produce(ctx, B, PRODUCE, CARD))
    assert blue.distillery_barrels == 0
    distillery.protected = True  # R-GOLDEN-1: a protecting mafioso makes it operate
    drive(produce(ctx, B, PRODUCE, CARD))
    assert blue.distillery_barrels == 1


def test_produce_bonuses_add_one_each() -> None:
    """R-BARREL-1, R-CRATE-17/18: "+1 barrel per production" crates add up."""
    ctx = make_ctx()
    blue = ctx.player(B)
    put_building(ctx, B, 2, 0, BuildingType.DISTILLERY)
    blue.crates = ["crate-17", "crate-18"]
    drive(produce(ctx, B, PRODUCE, CARD))
    assert blue.distillery_barrels == 1 + 2


def test_production_is_limited_by_the_supply() -> None:
    """GAP-22: only the barrels left in the supply are produced."""
    ctx = make_ctx()
    blue = ctx.player(B)
    set_levels(ctx, B, distillery=4)
    put_building(ctx, B, 2, 0, BuildingType.DISTILLERY)
    ctx.state.supply_barrels = 2
    drive(produce(ctx, B, PRODUCE, CARD))
    assert blue.distillery_barrels == 2
    assert ctx.state.supply_barrels == 0
    assert ctx.events[-1].data == {"barrels": 2, "wanted": 4, "distillery_barrels": 2}
    assert "GAP-22" in ctx.events[-1].rules


# ---------------------------------------------------------------------- prices
def test_prices_follow_the_notoriety_track() -> None:
    """R-NOTOR-2, GAP-6: bars the lower amount, nightclubs and casinos the higher."""
    ctx = make_ctx()
    bar = put_building(ctx, B, 2, 0, BuildingType.BAR)
    club = put_building(ctx, B, 4, 0, BuildingType.NIGHTCLUB)
    casino = put_building(ctx, B, 6, 0, BuildingType.CASINO)
    assert ctx.player(B).notoriety == 5
    assert [sale_price(ctx, B, b) for b in (bar, club, casino)] == [9, 14, 14]
    set_levels(ctx, B, vip=2, party=2, distillery=2, fleet=2, strength=4)  # notoriety 12
    assert [sale_price(ctx, B, b) for b in (bar, club, casino)] == [15, 20, 20]
    set_levels(ctx, B, strength=5, fleet=4)  # 15: the highest space reached is still 12
    assert [sale_price(ctx, B, b) for b in (bar, club, casino)] == [15, 20, 20]


# ---------------------------------------------------------------------- selling
def test_e11_selling_two_barrels() -> None:
    """E11, R-BARREL-4: notoriety 12, a bar and a NC barrel: $15 + $20 = $35, to the pocket."""
    ctx = make_ctx()
    blue = ctx.player(B)
    set_levels(ctx, B, vip=2, party=2, distillery=2, fleet=2, strength=4)
    assert blue.notoriety == 12
    bar = put_building(ctx, B, 2, 0, BuildingType.BAR, barrel=True)
    club = put_building(ctx, B, 4, 1, BuildingType.NIGHTCLUB, barrel=True)
    pocket, safe, supply = blue.pocket, blue.safe, ctx.state.supply_barrels
    _, seen = drive(sell(ctx, B, SELL, CARD), ["sell 2 0", "sell 4 1"])
    labels = [o.label for o in seen[0].options]
    assert labels == [
        "Sell the barrel at your bar in district 2 (space 1) for $15",
        "Sell the barrel at your nightclub in district 4 (space 2) for $20",
        "Stop selling",
    ]
    assert blue.pocket == pocket + 35
    assert blue.safe == safe  # R-MONEY-3: barrel sales go to the pocket
    assert ctx.state.supply_barrels == supply + 2
    assert not bar.barrel and not club.barrel
    assert ctx.events[-1].data == {"barrels": 2, "total": 35}


def test_sale_limit_is_the_party_level() -> None:
    """R-BARREL-4, GAP-4: party 1 sells 1 barrel; no question once the limit is reached."""
    ctx = make_ctx()
    put_building(ctx, B, 2, 0, BuildingType.BAR, barrel=True)
    put_building(ctx, B, 2, 1, BuildingType.BAR, barrel=True)
    assert sell_limit(ctx, B) == 1
    _, seen = drive(sell(ctx, B, SELL, CARD), ["sell 2 1"])
    assert len(seen) == 1
    assert len(sellable(ctx, B)) == 1


def test_sell_bonuses_raise_the_limit() -> None:
    """R-BARREL-4, R-CRATE-1/2: each "+1 barrel per sell action" crate sells one more."""
    ctx = make_ctx()
    ctx.player(B).crates = ["crate-01", "crate-02"]
    for space in (0, 1):
        put_building(ctx, B, 2, space, BuildingType.BAR, barrel=True)
        put_building(ctx, B, 4, space, BuildingType.BAR, barrel=True)
    assert sell_limit(ctx, B) == 3
    _, seen = drive(sell(ctx, B, SELL, CARD), ["sell 2 0", "sell 2 1", "sell 4 0"])
    assert len(seen) == 3
    assert len(sellable(ctx, B)) == 1


def test_the_player_may_stop_selling() -> None:
    """R-LOC-GEN-5: selling is optional; ``done`` keeps the rest."""
    ctx = make_ctx()
    set_levels(ctx, B, party=3)
    put_building(ctx, B, 2, 0, BuildingType.BAR, barrel=True)
    put_building(ctx, B, 4, 0, BuildingType.CASINO, barrel=True)
    pocket = ctx.player(B).pocket
    drive(sell(ctx, B, SELL, CARD), ["sell 4 0", "done"])
    assert ctx.player(B).pocket == pocket + 14
    assert [(d, s) for d, s, _ in sellable(ctx, B)] == [(2, 0)]


def test_barrels_at_buildings_that_do_not_operate_stay_unsold() -> None:
    """R-BARREL-5, R-GOLDEN-3: the barrel stays but cannot be sold until the building operates."""
    ctx = make_ctx()
    set_levels(ctx, B, party=2)
    bar = put_building(ctx, B, 2, 0, BuildingType.BAR, barrel=True)
    put_building(ctx, B, 4, 0, BuildingType.BAR, barrel=True)
    ctx.state.districts[2].police = True
    _, seen = drive(sell(ctx, B, SELL, CARD), ["sell 4 0"])
    assert [str(o) for o in seen[0].options] == ["sell 4 0", "done"]
    assert bar.barrel
    bar.protected = True
    drive(sell(ctx, B, SELL, CARD), ["sell 2 0"])
    assert not bar.barrel


def test_distillery_barrels_and_other_players_barrels_are_not_for_sale() -> None:
    """R-BARREL-2/4: only barrels next to your own bars, NCs and casinos."""
    ctx = make_ctx()
    blue = ctx.player(B)
    put_building(ctx, B, 2, 0, BuildingType.DISTILLERY)
    blue.distillery_barrels = 3
    put_building(ctx, G, 2, 1, BuildingType.BAR, barrel=True)
    _, seen = drive(sell(ctx, B, SELL, CARD))
    assert seen == []
    assert ctx.events[-1].kind == "no_sale"
    assert blue.distillery_barrels == 3

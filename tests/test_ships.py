"""Attacking smugglers' ships and crate tokens (R-SHIP-1..12, R-CRATE-1..18, R-PARTNER-7, E20).

Ports on the real board (``data/board.toml``): 1, 2, 7, 13, 15, 16, 6 clockwise; Downtown ports
1, 2 and 6, Midtown 7, Uptown 13, 15 and 16. Every docks area has 4 spaces, one per row.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from speakeasy.core.actions import Decision
from speakeasy.games.speakeasy.model.board import Area
from speakeasy.games.speakeasy.model.catalog.loader import load_catalog
from speakeasy.games.speakeasy.model.effects import CRATE_QUANTITIES, Effect
from speakeasy.games.speakeasy.model.state import BuildingType, Ship, Track
from speakeasy.games.speakeasy.rules.barrels import production, sell_limit
from speakeasy.games.speakeasy.rules.combat import bonus, partner_help_cost
from speakeasy.games.speakeasy.rules.context import Ctx
from speakeasy.games.speakeasy.rules.delivery import delivery_range
from speakeasy.games.speakeasy.rules.dispatch import Source
from speakeasy.games.speakeasy.rules.resources import city_token_limit
from speakeasy.games.speakeasy.rules.ships import (
    attack_ship,
    crate_cash,
    crate_count,
    ship_attack_options,
    ship_defence,
)
from tests.support import B, G, P, Y, drive, new_ctx, put_building, set_levels

DOWNTOWN, MIDTOWN = Area.DOWNTOWN, Area.MIDTOWN
DOCKS = Source("person", "docks:0")
ATTACK = Effect.of("attack_ship")


def make_ctx() -> Ctx:
    """4 players, no police; St. Clair's ship in Downtown port 6, the others at 7, 13 and 15."""
    ctx = new_ctx(4, seed=5, police=())
    ports = {"st-clair": 6, "daisy": 15, "rothstein": 7, "smuggler-4": 13}
    for s in ctx.state.ships:
        s.port = ports[s.ship]
    return ctx


def ship(ctx: Ctx, ship_id: str = "st-clair") -> Ship:
    return next(s for s in ctx.state.ships if s.ship == ship_id)


def e20(ctx: Ctx) -> None:
    """E20: St. Clair (2 barrels gone, defence 12, crate #9); Downtown docks: Blue 1, Purple 2.

    Blue: strength 4, 2 goons, fleet 3, VIP area full; an operating bar without a barrel.
    """
    st_clair = ship(ctx)
    st_clair.removed = 2
    st_clair.crate = "crate-09"
    ctx.state.docks[DOWNTOWN] = [B, P, P, None]
    blue = ctx.player(B)
    set_levels(ctx, B, strength=4, fleet=3, vip=1)
    blue.goons = 2
    blue.vip = 1
    blue.pocket, blue.safe = 10, 0
    put_building(ctx, B, 4, 0, BuildingType.BAR)


def attack_with(ship_id: str = "st-clair") -> Callable[[Decision], str]:
    """A chooser: attack ``ship_id``, then take the first option of every later question."""

    def choose(decision: Decision) -> str:
        if decision.kind == "attack_ship":
            return f"ship {ship_id}"
        return str(decision.options[0])

    return choose


# ---------------------------------------------------------------------- E20
def test_e20_stephanie_st_clair_step_by_step() -> None:
    """E20, DISC-12: 4 × 1 = 4; hiring both Purple mafiosi gives 12 (not > 12); + 1 goon = 13
    wins; Blue's mafioso cannot enter the full VIP area and returns to Blue's own supply."""
    ctx = make_ctx()
    e20(ctx)
    st_clair = ship(ctx)
    blue, purple = ctx.player(B), ctx.player(P)
    assert ship_defence(ctx, st_clair) == 12
    assert ship_attack_options(ctx, B, st_clair, budget=0) == []  # 4 × 1 + 2 goons = 6
    assert ship_attack_options(ctx, B, st_clair, budget=1) == []  # 4 × 2 + 2 goons = 10
    plans = ship_attack_options(ctx, B, st_clair)
    assert [(p.hired, p.goons, p.total, p.cost) for p in plans] == [((P, P), 1, 13, 2)]
    assert str(plans[0].action()) == "hire 1 purple purple"
    top = ctx.state.crate_stack[0]
    goons, supply_goons, purple_pocket = blue.goons, ctx.state.supply_goons, purple.pocket
    mafiosi = blue.mafiosi
    _, seen = drive(attack_ship(ctx, B, ATTACK, DOCKS), ["ship st-clair"])
    assert [d.kind for d in seen] == ["attack_ship"]  # one way to win, one building, one mafioso
    assert [str(o) for o in seen[0].options] == ["ship st-clair", "skip"]
    # Blue pays Purple $2 (pocket) and returns 1 goon.
    assert purple.pocket == purple_pocket + 2
    assert blue.goons == goons - 1 and ctx.state.supply_goons == supply_goons + 1
    # Crate #9: $5 × fleet 3 = $15 to the pocket; kept for truck range +1; replaced from the stack.
    assert blue.pocket == 10 - 2 + 15
    assert blue.crates == ["crate-09"]
    assert st_clair.crate == top
    assert delivery_range(ctx, B, Source("card", "fleet-05")).total == 3 + 1
    # The rightmost barrel goes next to Blue's operating bar.
    assert st_clair.removed == 3
    assert ctx.state.districts[4].spaces[0].building is not None
    assert ctx.state.districts[4].spaces[0].building.barrel
    # Blue's docks mafioso cannot enter the full VIP area: back to Blue's supply.
    assert ctx.state.docks[DOWNTOWN] == [None, P, P, None]
    assert blue.vip == 1
    assert blue.mafiosi == mafiosi + 1
    # The ship sails clockwise from 6 to the next free port, 1.
    assert st_clair.port == 1


# ---------------------------------------------------------------------- who can attack
def test_own_mafioso_needed_in_the_ships_docks_area() -> None:
    """R-SHIP-3, GEO-17: the ship's port area decides the docks area (7 is Midtown)."""
    ctx = make_ctx()
    e20(ctx)
    ship(ctx, "rothstein").removed = 0
    decision = next(attack_ship(ctx, B, ATTACK, DOCKS))
    assert ctx.board.area_of(ship(ctx, "rothstein").port) is MIDTOWN
    blocked = {str(b.action): b.error for b in decision.blocked}
    assert blocked["ship rothstein"].rule == "R-SHIP-3"
    assert "Midtown docks" in blocked["ship rothstein"].reason
    assert blocked["ship smuggler-4"].rule == "R-SHIP-3"  # Uptown port 13
    ship(ctx, "smuggler-4").port = 1  # Downtown now, but defence 8 ...
    ctx.player(B).goons = 0
    ctx.state.docks[DOWNTOWN] = [B, None, None, None]  # ... against 4 × 1
    _, seen = drive(attack_ship(ctx, B, ATTACK, DOCKS))
    assert seen == []  # nothing to decide: no ship can be beaten
    reasons = next(e for e in ctx.events if e.kind == "no_ship_attack").data["reasons"]
    assert reasons["smuggler-4"].startswith(
        "your best attack is 4 (strength 4 × 1 mafioso + 0 goons)"
    )
    assert "Midtown docks" in reasons["rothstein"]
    assert ship_attack_options(ctx, P, ship(ctx, "rothstein")) == []


def test_equal_strength_is_not_enough() -> None:
    """R-SHIP-6, R-COMBAT-1: 12 against defence 12 is not allowed."""
    ctx = make_ctx()
    e20(ctx)
    ctx.player(B).goons = 0
    assert ship_attack_options(ctx, B, ship(ctx)) == []
    events_before = len(ctx.events)
    _, seen = drive(attack_ship(ctx, B, ATTACK, DOCKS))
    assert seen == []
    event = ctx.events[events_before]
    assert event.kind == "no_ship_attack"
    assert "does not beat defence 12" in event.data["reasons"]["st-clair"]


def test_the_partner_never_helps_against_ships() -> None:
    """R-SHIP-12, R-COMBAT-4: a strong partner adds nothing to a ship attack."""
    ctx = make_ctx()
    e20(ctx)
    blue = ctx.player(B)
    blue.goons = 0
    blue.partner = "gangster-B4"  # strength 7, no ship ability
    assert ship_attack_options(ctx, B, ship(ctx)) == []


def test_partner_ability_adds_one_against_ships() -> None:
    """R-PARTNER-7, R-SHIP-4: the "+1 against smugglers" ability wins E20 without a goon."""
    ctx = make_ctx()
    e20(ctx)
    blue = ctx.player(B)
    blue.goons = 0
    blue.partner = "gangster-B1"
    assert bonus(ctx, blue, "ship_attack") == 1
    plans = ship_attack_options(ctx, B, ship(ctx))
    assert [(p.goons, p.total) for p in plans] == [(0, 13)]


def test_hiring_other_players_mafiosi() -> None:
    """R-SHIP-4/5, DISC-3: hired mafiosi count like your own; $1 each to their owners."""
    ctx = make_ctx()
    ctx.state.docks[DOWNTOWN] = [B, P, G, Y]
    blue = ctx.player(B)
    set_levels(ctx, B, strength=3)
    blue.goons = 3
    blue.pocket, blue.safe = 10, 0
    plans = ship_attack_options(ctx, B, ship(ctx))  # defence 8
    assert [str(p.action()) for p in plans] == [
        "hire 0 purple green",
        "hire 0 purple yellow",
        "hire 0 yellow green",
        "hire 3 green",
        "hire 3 purple",
        "hire 3 yellow",
    ]
    assert plans[3].action().label == (
        "Hire green's 1 mafioso ($1 from your pocket) and return 3 goons: "
        "attack 9 against defence 8"
    )
    pockets = {c: ctx.player(c).pocket for c in (P, Y, G)}
    _, seen = drive(attack_ship(ctx, B, ATTACK, DOCKS), ["ship st-clair", "hire 0 purple green"])
    assert seen[1].kind == "ship_hire"
    assert ctx.player(P).pocket == pockets[P] + 1
    assert ctx.player(G).pocket == pockets[G] + 1
    assert ctx.player(Y).pocket == pockets[Y]
    assert blue.goons == 3
    # Hired mafiosi of other players stay put (R-SHIP-10).
    assert ctx.state.docks[DOWNTOWN] == [None, P, G, Y]


def test_hiring_needs_pocket_money() -> None:
    """R-SHIP-5, DISC-3 (issue 15 reading): hire fees come from the pocket only, never the safe
    (CZ "zaplatit $1 ze své kapsy"); see tests/test_rulebook_readings.py for the quotes."""
    ctx = make_ctx()
    e20(ctx)
    blue = ctx.player(B)
    blue.pocket, blue.safe = 1, 100  # $1 in the pocket: cannot hire two, whatever the safe
    assert ship_attack_options(ctx, B, ship(ctx)) == []
    assert len(ship_attack_options(ctx, B, ship(ctx), budget=2)) == 1
    blue.pocket = 2
    drive(attack_ship(ctx, B, ATTACK, DOCKS), ["ship st-clair"])
    assert blue.safe == 100
    assert blue.pocket == 15  # $2 paid, then crate #9 cash


def test_skip_changes_nothing() -> None:
    """R-LOC-GEN-5: the attack is optional."""
    ctx = make_ctx()
    e20(ctx)
    before = (ctx.player(B).pocket, ctx.player(B).goons, ship(ctx).port)
    drive(attack_ship(ctx, B, ATTACK, DOCKS), ["skip"])
    assert (ctx.player(B).pocket, ctx.player(B).goons, ship(ctx).port) == before


# ---------------------------------------------------------------------- after the attack
def test_crate_stack_empty_leaves_the_ship_without_a_crate() -> None:
    """R-SHIP-8: no crate to replace it; a later attack gives no crate cash or bonus."""
    ctx = make_ctx()
    e20(ctx)
    ctx.state.crate_stack = []
    drive(attack_ship(ctx, B, ATTACK, DOCKS), ["ship st-clair"])
    st_clair = ship(ctx)
    assert st_clair.crate is None
    ctx.state.docks[Area.DOWNTOWN] = [P, P, None, None]
    set_levels(ctx, P, strength=5)
    st_clair.port = 6
    pocket, crates = ctx.player(P).pocket, list(ctx.player(P).crates)
    ctx.player(P).goons = 5
    drive(attack_ship(ctx, P, ATTACK, DOCKS), attack_with())
    assert ctx.player(P).crates == crates
    assert ctx.player(P).pocket == pocket
    assert any(e.kind == "no_crate" for e in ctx.events)


def test_barrel_to_a_building_or_the_distillery_area() -> None:
    """R-SHIP-9: any operating building without a barrel, or the operating distillery's area."""
    ctx = make_ctx()
    e20(ctx)
    put_building(ctx, B, 8, 0, BuildingType.DISTILLERY)
    put_building(ctx, B, 9, 0, BuildingType.BAR, barrel=True)
    put_building(ctx, B, 12, 0, BuildingType.CASINO)
    ctx.state.districts[12].police = True  # the casino does not operate (R-BARREL-3)
    _, seen = drive(attack_ship(ctx, B, ATTACK, DOCKS), ["ship st-clair", "barrel distillery"])
    assert [str(o) for o in seen[1].options] == ["barrel 4 0", "barrel distillery"]
    assert ctx.player(B).distillery_barrels == 1


def test_empty_ship_gives_a_supply_barrel() -> None:
    """R-SHIP-9: with no barrel on the ship, a supply barrel is taken."""
    ctx = make_ctx()
    e20(ctx)
    ship(ctx).removed = 5  # defence 18
    ctx.state.docks[DOWNTOWN] = [B, P, P, Y]
    set_levels(ctx, B, strength=5)
    supply = ctx.state.supply_barrels
    drive(attack_ship(ctx, B, ATTACK, DOCKS), attack_with())
    assert ctx.state.supply_barrels == supply - 1
    assert ship(ctx).removed == 5
    assert ctx.state.districts[4].spaces[0].building is not None
    assert ctx.state.districts[4].spaces[0].building.barrel


def test_barrel_back_to_the_supply_when_there_is_no_place() -> None:
    """R-SHIP-9: no operating building without a barrel and no operating distillery."""
    ctx = make_ctx()
    e20(ctx)
    ctx.state.districts[4].spaces[0].building = None
    supply = ctx.state.supply_barrels
    drive(attack_ship(ctx, B, ATTACK, DOCKS), ["ship st-clair"])
    assert ship(ctx).removed == 3  # it left the ship...
    assert ctx.state.supply_barrels == supply + 1  # ...for the supply


def test_mafioso_to_the_vip_area_when_there_is_room() -> None:
    """R-SHIP-10, R-MAFIOSO-2: room in the VIP area."""
    ctx = make_ctx()
    e20(ctx)
    set_levels(ctx, B, vip=3)
    before = ctx.player(B).mafiosi
    drive(attack_ship(ctx, B, ATTACK, DOCKS), ["ship st-clair"])
    assert ctx.player(B).vip == 2
    assert ctx.player(B).mafiosi == before


def test_the_player_picks_which_mafioso_leaves() -> None:
    """R-SHIP-10: with mafiosi in two rows, the player picks the row that empties."""
    ctx = make_ctx()
    e20(ctx)
    ctx.state.docks[DOWNTOWN] = [B, P, P, B]
    ship(ctx).removed = 0
    set_levels(ctx, B, strength=5)  # 5 × 2 = 10 > 8 without help
    _, seen = drive(attack_ship(ctx, B, ATTACK, DOCKS), ["ship st-clair", "leave 3"])
    assert [str(o) for o in seen[1].options] == ["leave 0", "leave 3"]
    assert ctx.state.docks[DOWNTOWN] == [B, P, P, None]


def test_the_ship_sails_clockwise_to_the_next_free_port() -> None:
    """R-SHIP-11, GEO-12: from 16 the next port clockwise is 6."""
    ctx = make_ctx()
    e20(ctx)
    ship(ctx).port = 16
    ctx.state.docks[Area.UPTOWN] = [B, B, B, B]
    drive(attack_ship(ctx, B, ATTACK, DOCKS), attack_with())
    assert ship(ctx).port == 6
    moved = [e for e in ctx.events if e.kind == "ship_moves"]
    assert [(e.data["origin"], e.data["port"]) for e in moved] == [(16, 6)]


# ---------------------------------------------------------------------- crates
def win_crate(ctx: Ctx, crate_id: str) -> int:
    """Blue wins St. Clair's crate ``crate_id`` with 3 own mafiosi, no goon; returns the cash.

    Strength 3 (notoriety 7 with every other track at 1 unless set), 3 Blue mafiosi in the
    Downtown docks: 9 against defence 8.
    """
    ship(ctx).crate = crate_id
    ship(ctx).removed = 0
    ctx.state.docks[DOWNTOWN] = [B, B, B, None]
    blue = ctx.player(B)
    blue.levels[Track.STRENGTH] = 3
    expected = crate_cash(ctx, B, crate_id, DOWNTOWN)
    pocket = blue.pocket
    drive(attack_ship(ctx, B, ATTACK, DOCKS), attack_with())
    assert blue.pocket - pocket == expected
    assert crate_id in blue.crates
    return expected


def test_every_crate_counts_a_known_quantity() -> None:
    """§14.1: all 18 crates use one of the 18 cash quantities, each once."""
    crates = load_catalog().crates
    assert len(crates) == 18
    assert sorted(c.cash.quantity for c in crates) == sorted(CRATE_QUANTITIES)
    ctx = make_ctx()
    for quantity in CRATE_QUANTITIES:
        assert crate_count(ctx, B, quantity, DOWNTOWN) >= 0
    with pytest.raises(ValueError, match="unknown crate quantity"):
        crate_count(ctx, B, "nonsense", DOWNTOWN)


def test_crate_01_books_on_goals_and_sell_bonus() -> None:
    """R-CRATE-1: $4 per book placed on goal spaces (max $24); +1 barrel per sell action."""
    ctx = make_ctx()
    books = list(ctx.state.books)
    for goal in books[:3]:
        ctx.state.books[goal][0] = B
    ctx.state.books[books[3]][1] = P
    limit = sell_limit(ctx, B)
    assert win_crate(ctx, "crate-01") == 12
    assert sell_limit(ctx, B) == limit + 1
    for goal in books[:7]:
        ctx.state.books[goal] = [B, None]
    assert crate_cash(ctx, B, "crate-01", DOWNTOWN) == 24


def test_crate_02_party_level_and_sell_bonus() -> None:
    """R-CRATE-2: $5 per party level; +1 barrel per sell action."""
    ctx = make_ctx()
    set_levels(ctx, B, party=4)
    assert win_crate(ctx, "crate-02") == 20
    assert sell_limit(ctx, B) == 4 + 1


def test_crate_03_vip_mafiosi_and_defence_bonus() -> None:
    """R-CRATE-3: $6 per mafioso in the VIP area; +1 defence for each building."""
    ctx = make_ctx()
    set_levels(ctx, B, vip=4)
    ctx.player(B).vip = 3
    assert win_crate(ctx, "crate-03") == 18
    assert bonus(ctx, ctx.player(B), "defence") == 1


def test_crate_04_goons_and_defence_bonus() -> None:
    """R-CRATE-4: $3 per goon on the operations board; +1 defence for each building."""
    ctx = make_ctx()
    ctx.player(B).goons = 4
    assert win_crate(ctx, "crate-04") == 12
    assert ctx.player(B).goons == 4  # no goon was needed
    assert bonus(ctx, ctx.player(B), "defence") == 1


def test_crate_05_strength_and_cheaper_partner() -> None:
    """R-CRATE-5: $5 per strength level; partner help costs $2 less."""
    ctx = make_ctx()
    blue = ctx.player(B)
    blue.partner = "gangster-B1"  # help cost $6
    assert win_crate(ctx, "crate-05") == 15  # strength 3
    assert partner_help_cost(ctx, blue, takeover=True, distillery=False) == 6 - 2


def test_crate_06_partner_strength_and_cheaper_partner() -> None:
    """R-CRATE-6: $3 × the partner's strength, $0 without one (max $24); help $2 cheaper."""
    ctx = make_ctx()
    blue = ctx.player(B)
    assert crate_cash(ctx, B, "crate-06", DOWNTOWN) == 0
    blue.partner = "gangster-B4"  # strength 7, help cost $8
    assert win_crate(ctx, "crate-06") == 21
    assert partner_help_cost(ctx, blue, takeover=False, distillery=False) == 8 - 2
    strongest = max(
        (t for d in ("A", "B", "C", "D") for t in ctx.catalog.gangster_deck(d)),
        key=lambda t: t.strength,
    )
    blue.partner = strongest.id
    assert crate_cash(ctx, B, "crate-06", DOWNTOWN) == min(3 * strongest.strength, 24)


def test_crate_07_city_tokens_and_token_limit() -> None:
    """R-CRATE-7: $4 per city token on or beside the board; city-token limit +1."""
    ctx = make_ctx()
    blue = ctx.player(B)
    blue.city_tokens = ["t1", "t2", "t3"]
    limit = city_token_limit(ctx, blue)
    assert win_crate(ctx, "crate-07") == 12
    assert city_token_limit(ctx, blue) == limit + 1


def test_crate_08_hand_cards_capped_and_token_limit() -> None:
    """R-CRATE-8, DISC-6: $3 per card in hand, max $24; city-token limit +1."""
    ctx = make_ctx()
    blue = ctx.player(B)
    blue.hand = ["party-01", "party-02", "vip-01", "vip-02"]
    limit = city_token_limit(ctx, blue)
    assert win_crate(ctx, "crate-08") == 12
    assert city_token_limit(ctx, blue) == limit + 1
    blue.hand = [f"party-{i:02}" for i in range(1, 10)]
    assert crate_cash(ctx, B, "crate-08", DOWNTOWN) == 24


def test_crate_09_fleet_level_and_truck_range() -> None:
    """R-CRATE-9, E20: $5 per fleet level; each truck range +1."""
    ctx = make_ctx()
    set_levels(ctx, B, fleet=3)
    assert win_crate(ctx, "crate-09") == 15
    assert delivery_range(ctx, B, Source("card", "fleet-05")).total == 3 + 1


def test_crate_10_barrels_at_operating_buildings_and_truck_range() -> None:
    """R-CRATE-10: $5 per barrel next to operating buildings only (max $25); range +1."""
    ctx = make_ctx()
    put_building(ctx, B, 4, 0, BuildingType.BAR, barrel=True)
    put_building(ctx, B, 5, 0, BuildingType.CASINO, barrel=True)
    put_building(ctx, B, 9, 0, BuildingType.BAR, barrel=True)
    ctx.state.districts[9].police = True  # not operating: does not count (R-GOLDEN-3)
    put_building(ctx, B, 8, 0, BuildingType.DISTILLERY)
    ctx.player(B).distillery_barrels = 4  # the distillery is excluded
    assert win_crate(ctx, "crate-10") == 10
    assert delivery_range(ctx, B, Source("card", "fleet-05")).total == 1 + 1
    for district in (10, 12, 13, 14):
        put_building(ctx, B, district, 0, BuildingType.BAR, barrel=True)
    assert crate_cash(ctx, B, "crate-10", DOWNTOWN) == 25


def test_crate_11_notoriety_and_any_docks_row() -> None:
    """R-CRATE-11: $1 per notoriety space; any docks row reward when placing a mafioso."""
    ctx = make_ctx()
    assert win_crate(ctx, "crate-11") == 7  # 1 + 1 + 1 + 1 + strength 3
    assert bonus(ctx, ctx.player(B), "any_docks_row") == 1


def test_crate_12_highest_level_capped_and_any_docks_row() -> None:
    """R-CRATE-12, DISC-17: $4 × the highest level (max $20); any docks row reward."""
    ctx = make_ctx()
    set_levels(ctx, B, fleet=4)
    assert win_crate(ctx, "crate-12") == 16
    assert bonus(ctx, ctx.player(B), "any_docks_row") == 1
    set_levels(ctx, B, party=5)
    assert crate_cash(ctx, B, "crate-12", DOWNTOWN) == 20


def test_crate_13_counts_buildings_that_do_not_operate() -> None:
    """R-CRATE-13, R-GOLDEN-4, GAP-16: $4 per NC and casino, operating or not; +1 takeover."""
    ctx = make_ctx()
    put_building(ctx, B, 4, 0, BuildingType.NIGHTCLUB)
    put_building(ctx, B, 9, 0, BuildingType.CASINO)
    put_building(ctx, B, 9, 1, BuildingType.BAR)
    ctx.state.districts[9].police = True
    assert ctx.catalog.crate("crate-13").golden_rule_breaker
    assert win_crate(ctx, "crate-13") == 8
    assert bonus(ctx, ctx.player(B), "takeover_attack") == 1


def test_crate_14_helper_cards_and_takeover_bonus() -> None:
    """R-CRATE-14: $4 per helper card owned, face up or behind the screen (max $24)."""
    ctx = make_ctx()
    blue = ctx.player(B)
    blue.helpers = ["helper-01", "helper-02"]
    blue.helpers_used = ["helper-03"]
    assert win_crate(ctx, "crate-14") == 12
    assert bonus(ctx, blue, "takeover_attack") == 1
    blue.helpers = [f"helper-{i:02}" for i in range(1, 8)]
    assert crate_cash(ctx, B, "crate-14", DOWNTOWN) == 24


def test_crate_15_protecting_mafiosi_and_leverage() -> None:
    """R-CRATE-15: $4 per mafioso protecting a building (max $24); +2 permanent leverage."""
    ctx = make_ctx()
    put_building(ctx, B, 4, 0, BuildingType.BAR, protected=True)
    put_building(ctx, B, 5, 0, BuildingType.BAR, protected=True)
    put_building(ctx, B, 6, 0, BuildingType.BAR)
    assert win_crate(ctx, "crate-15") == 8
    assert bonus(ctx, ctx.player(B), "leverage") == 2


def test_crate_16_vip_level_and_leverage() -> None:
    """R-CRATE-16: $5 per VIP room level; +2 permanent leverage."""
    ctx = make_ctx()
    set_levels(ctx, B, vip=3)
    assert win_crate(ctx, "crate-16") == 15
    assert bonus(ctx, ctx.player(B), "leverage") == 2


def test_crate_17_counts_every_mafioso_before_yours_leaves() -> None:
    """R-CRATE-17: $4 per mafioso of any player in the docks area, counted before the
    attacker's mafioso leaves; +1 barrel per production."""
    ctx = make_ctx()
    e20(ctx)
    ship(ctx).crate = "crate-17"
    put_building(ctx, B, 8, 0, BuildingType.DISTILLERY)
    made = production(ctx, B)
    pocket = ctx.player(B).pocket
    drive(attack_ship(ctx, B, ATTACK, DOCKS), ["ship st-clair", "barrel 4 0"])
    assert ctx.player(B).pocket == pocket - 2 + 4 * 3  # Blue 1 + Purple 2
    assert ctx.state.docks[DOWNTOWN].count(None) == 2  # Blue's mafioso has left since
    assert production(ctx, B) == made + 1


def test_crate_18_distillery_level_and_production() -> None:
    """R-CRATE-18: $5 per distillery level; +1 barrel per production."""
    ctx = make_ctx()
    set_levels(ctx, B, distillery=2)
    put_building(ctx, B, 8, 0, BuildingType.DISTILLERY)
    assert win_crate(ctx, "crate-18") == 10
    assert production(ctx, B) == 2 + 1


def test_crate_bonuses_add_up() -> None:
    """R-SHIP-7: bonuses of several crates add up."""
    ctx = make_ctx()
    win_crate(ctx, "crate-17")
    ship(ctx).port = 6
    win_crate(ctx, "crate-18")
    put_building(ctx, B, 8, 0, BuildingType.DISTILLERY)
    assert production(ctx, B) == 1 + 2

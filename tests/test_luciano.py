"""The Lucky Luciano phase: gang war, police, area control and payout (rules reference §12).

Positions are built by hand on a fresh setup (map cleared), then the phase's steps are run and
their decisions answered with :func:`tests.support.drive`. Worked examples E1-E8 are asserted
as stated in the rulebook.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from speakeasy.core.actions import Event
from speakeasy.games.speakeasy.model.board import Area
from speakeasy.games.speakeasy.model.catalog.loader import load_catalog
from speakeasy.games.speakeasy.model.catalog.pieces import GangsterTile
from speakeasy.games.speakeasy.model.options import Options
from speakeasy.games.speakeasy.model.state import BuildingType, Colour, Phase, TurnOrder
from speakeasy.games.speakeasy.rules.context import Ctx
from speakeasy.games.speakeasy.rules.luciano import (
    ControlCase,
    area_control,
    best_defence,
    district_control,
    gang_war,
    luciano_phase,
    pay_luciano,
    payout_ranking,
    police_patrol,
    score_area_control,
)
from tests.support import (
    BAR,
    CASINO,
    DIST,
    NC,
    B,
    G,
    P,
    Y,
    drive,
    new_ctx,
    option_texts,
    put_building,
    set_levels,
    skip_or_first,
)

CAT = load_catalog()
PIECE_TYPES = {s.id: BuildingType(s.building) for s in CAT.operations_board.spaces}


# ---------------------------------------------------------------------------- helpers
def tile_named(name: str) -> GangsterTile:
    return next(t for t in CAT.gangsters if t.name == name)


def plain_partner() -> GangsterTile:
    """A partner like E3's Waxey Gordon (strength 4, help $5) with no lasting defence bonus.

    E3 counts no lasting defence bonus for Waxey Gordon, so the data gives him an ability
    without one (GAP-15); any such tile serves the example.
    """
    for tile in CAT.gangsters:
        ability = CAT.ability(tile)
        lasting = {b.kind for b in ability.lasting} if ability else set()
        if tile.strength == 4 and tile.help_cost == 5 and not lasting:
            return tile
    raise AssertionError("no strength-4, $5 partner without a lasting ability in the catalog")


def make_ctx(players: int = 4, options: Options | None = None, seed: int = 1) -> Ctx:
    """A fresh setup with an empty map; turn order = seating order (Purple first); no goons."""
    ctx = new_ctx(players, seed, options, clear=True, rules_seed=0)
    state = ctx.state
    colours = list(Colour)[:players]
    state.seating = list(colours)
    columns = len(state.turn_order.top)
    state.turn_order = TurnOrder(
        top=[*colours, *[None] * (columns - players)], bottom=[None] * columns
    )
    for player in state.players.values():
        player.goons = 0
    return ctx


def bars(ctx: Ctx, district: int, *spaces: int) -> None:
    for index in spaces:
        ctx.state.districts[district].spaces[index].gangster_bar = True


def prepare_war(ctx: Ctx, act: int, tiles: list[str], districts: list[int]) -> None:
    letter = next(k for k, d in CAT.gangster_decks.items() if d.act == act)
    ctx.state.gangster_decks[letter] = list(tiles)
    for number in districts:
        ctx.state.districts[number].war_token = True


def events(ctx: Ctx, kind: str) -> list[Event]:
    return [e for e in ctx.events if e.kind == kind]


# ============================================================================ gang war
def test_e1_r_combat_2_defence_equal_to_war_strength_holds() -> None:
    """E1 / R-COMBAT-2: war strength 7 against Purple's casino: defence 7 is enough."""
    ctx = make_ctx()
    prepare_war(ctx, 1, [tile_named("Birdie Brown").id], [5])
    put_building(ctx, P, 5, 0, CASINO, from_board=True)
    set_levels(ctx, P, strength=5)
    ctx.player(P).goons = 2
    _, seen = drive(gang_war(ctx, 1), ["boost 2 none"])
    assert len(seen) == 1 and seen[0].kind == "gang_war_defence"
    assert ctx.state.districts[5].spaces[0].building is not None
    held = events(ctx, "building_holds")
    assert held[-1].data["defence"] == 7 and held[-1].data["war_strength"] == 7


def test_e1_r_combat_2_defence_one_below_war_strength_falls() -> None:
    """E1 / R-COMBAT-2: defence 6 loses to war strength 7; no decision is asked."""
    ctx = make_ctx()
    prepare_war(ctx, 1, [tile_named("Birdie Brown").id], [5])
    put_building(ctx, P, 5, 0, CASINO, from_board=True)
    set_levels(ctx, P, strength=5)
    ctx.player(P).goons = 1
    _, seen = drive(gang_war(ctx, 1))
    assert seen == []
    assert ctx.state.districts[5].spaces[0].building is None
    assert ctx.player(P).goons == 1  # nothing is spent on a hopeless defence
    assert events(ctx, "defence_impossible")[0].data["best_defence"] == 6


def test_e2_r_gangwar_6_war_strength_is_strength_plus_modifier() -> None:
    """E2 / R-GANGWAR-6: Birdie Brown, strength 6 + modifier 1 = war strength 7."""
    birdie = tile_named("Birdie Brown")
    assert (birdie.strength, birdie.war_modifier, birdie.war_strength) == (6, 1, 7)
    ctx = make_ctx()
    prepare_war(ctx, 1, [birdie.id], [4])
    drive(gang_war(ctx, 1))
    assert events(ctx, "war_strength")[0].data["war_strength"] == 7


def test_e3_r_gangwar_3_to_9_gambino_in_district_14() -> None:
    """E3 (R-GANGWAR-3..9, R-COMBAT-5, R-GANGWAR-14): Carlo Gambino attacks district 14."""
    ctx = make_ctx()
    gambino = tile_named("Carlo Gambino")
    assert (gambino.strength, gambino.war_modifier) == (7, 1)
    prepare_war(ctx, 2, [gambino.id], [14])
    partner = plain_partner()
    purple, blue = ctx.player(P), ctx.player(B)
    bar = put_building(ctx, P, 14, 0, BAR, protected=True, from_board=True)
    put_building(ctx, B, 14, 1, CASINO, from_board=True)
    set_levels(ctx, P, strength=2)
    purple.partner, purple.partner_district, purple.goons = partner.id, 3, 1
    set_levels(ctx, B, strength=4)
    blue.goons = 4
    pocket, supply_goons = purple.pocket, ctx.state.supply_goons

    _, seen = drive(gang_war(ctx, 2), ["boost 4 none"])

    district = ctx.state.districts[14]
    # Gambino on the gangster board; strength token 7; district token gone; war strength 8.
    assert district.gangster == gambino.id and district.had_gangster
    assert district.strength_token == 7 and not district.war_token
    assert events(ctx, "war_strength")[0].data["war_strength"] == 8
    # Purple cannot reach 8 (2 + 4 + 1 = 7): not asked, bar and mafioso lost, gangster bar.
    assert [d.player for d in seen] == [B]
    impossible = events(ctx, "defence_impossible")[0]
    assert impossible.player == "purple" and impossible.data["best_defence"] == 7
    assert district.spaces[0].building is None and district.spaces[0].gangster_bar
    assert bar.piece in purple.lost_pieces and purple.mafiosi_lost == 1
    assert purple.pocket == pocket and purple.goons == 1  # spent nothing
    # Blue was offered declining too, returned all 4 goons: 4 + 4 = 8 >= 8, casino stays.
    assert "boost 0 none" in option_texts(seen[0])
    assert district.spaces[1].building is not None and blue.goons == 0
    assert ctx.state.supply_goons == supply_goons + 4
    # Empty space 2 got a bar too (R-GANGWAR-5); Gambino stays (R-GANGWAR-9 not triggered).
    assert district.spaces[2].gangster_bar
    assert not events(ctx, "gangster_leaves")


def test_r_gangwar_1_2_deck_shuffled_and_districts_in_ascending_order() -> None:
    """R-GANGWAR-1/2: the act's deck is shuffled with the game RNG; districts go up in order."""
    ctx = make_ctx()
    deck = [t.id for t in CAT.gangster_deck("B")]
    prepare_war(ctx, 1, deck, [13, 2, 9])
    expected = list(deck)
    random.Random(0).shuffle(expected)
    drive(gang_war(ctx, 1))
    arrivals = events(ctx, "gangster_arrives")
    assert [e.data["district"] for e in arrivals] == [2, 9, 13]
    assert [e.data["tile"] for e in arrivals] == expected[:3]


def test_r_gangwar_4_5_strength_token_and_bars_on_empty_spaces() -> None:
    """R-GANGWAR-4/5: the strength token shows the tile's strength; a bar goes on every empty
    space (a city token does not make a space occupied) and comes from the supply."""
    ctx = make_ctx()
    tile = tile_named("Birdie Brown")
    prepare_war(ctx, 1, [tile.id], [15])
    bars(ctx, 15, 0)
    token = ctx.state.districts[15].spaces[1].city_token = "city-04"  # as dealt (seed 1)
    supply = ctx.state.supply_gangster_bars
    drive(gang_war(ctx, 1))
    district = ctx.state.districts[15]
    assert district.strength_token == tile.strength
    assert all(s.gangster_bar for s in district.spaces)
    assert district.spaces[1].city_token == token
    assert ctx.state.supply_gangster_bars == supply - 2
    assert events(ctx, "gangster_bars_placed")[0].data["spaces"] == [1, 2]


def test_r_gangwar_8_fallen_bar_loses_barrel_mafioso_and_piece() -> None:
    """R-GANGWAR-8: the fallen building leaves the game with its mafioso; its barrel goes back
    to the supply and a gangster bar takes the space."""
    ctx = make_ctx()
    prepare_war(ctx, 1, [tile_named("Birdie Brown").id], [1])
    bar = put_building(ctx, Y, 1, 0, BAR, protected=True, barrel=True, from_board=True)
    barrels = ctx.state.supply_barrels
    drive(gang_war(ctx, 1))
    yellow = ctx.player(Y)
    assert ctx.state.districts[1].spaces[0].building is None
    assert ctx.state.districts[1].spaces[0].gangster_bar
    assert yellow.lost_pieces == [bar.piece] and bar.piece not in yellow.board_pieces
    assert yellow.mafiosi_lost == 1
    assert ctx.state.supply_barrels == barrels + 1
    lost = events(ctx, "building_lost")[0]
    assert lost.data["mafioso_lost"] and lost.data["barrels_returned"] == 1
    assert "R-GANGWAR-8" in lost.rules


def test_r_gangwar_8_fallen_distillery_returns_distillery_area_barrels() -> None:
    """R-GANGWAR-8: a lost distillery sends the barrels of the distillery area to the supply."""
    ctx = make_ctx()
    prepare_war(ctx, 1, [tile_named("Birdie Brown").id], [2])
    distillery = put_building(ctx, G, 2, 1, DIST, from_board=True)
    green = ctx.player(G)
    green.distillery_barrels = 3
    barrels = ctx.state.supply_barrels
    drive(gang_war(ctx, 1))
    assert green.distillery_barrels == 0 and ctx.state.supply_barrels == barrels + 3
    assert green.lost_pieces == [distillery.piece]
    assert distillery.piece not in green.board_pieces


def test_r_variant_1_lost_distillery_returns_to_operations_board() -> None:
    """R-VARIANT-1: with the distillery rebuild variant the owner may put the piece back on
    its space (asked: see tests/test_rulebook_fixes.py)."""
    ctx = make_ctx(options=Options(distillery_rebuild=True))
    prepare_war(ctx, 1, [tile_named("Birdie Brown").id], [2])
    distillery = put_building(ctx, G, 2, 1, DIST, protected=True, from_board=True)
    green = ctx.player(G)
    green.distillery_barrels = 2
    drive(gang_war(ctx, 1), ["rebuild board"])
    order = [s.id for s in CAT.operations_board.spaces]
    assert distillery.piece in green.board_pieces and green.lost_pieces == []
    assert green.board_pieces == sorted(green.board_pieces, key=order.index)
    assert green.distillery_barrels == 0 and green.mafiosi_lost == 1
    lost = events(ctx, "building_lost")[0]
    assert lost.data["rebuild"] and "R-VARIANT-1" in lost.rules


def test_gap_27_r_golden_6_non_operating_buildings_are_attacked() -> None:
    """GAP-27 / R-GOLDEN-6: a building idled by the police is still attacked (and can fall)."""
    ctx = make_ctx()
    prepare_war(ctx, 1, [tile_named("Birdie Brown").id], [6])
    ctx.state.districts[6].police = True
    put_building(ctx, B, 6, 0, NC, from_board=True)
    drive(gang_war(ctx, 1))
    assert ctx.state.districts[6].spaces[0].building is None
    assert events(ctx, "building_lost")[0].player == "blue"


def test_r_gangwar_14_player_may_decline_and_spends_nothing() -> None:
    """R-GANGWAR-14: declining is offered even when the player could hold; nothing is spent."""
    ctx = make_ctx()
    prepare_war(ctx, 1, [tile_named("Birdie Brown").id], [7])
    put_building(ctx, B, 7, 0, CASINO, from_board=True)
    set_levels(ctx, B, strength=4)
    ctx.player(B).goons = 4
    _, seen = drive(gang_war(ctx, 1), ["boost 0 none"])
    assert option_texts(seen[0]) == [f"boost {n} none" for n in range(5)]
    assert "Do not defend" in seen[0].options[0].label
    assert ctx.player(B).goons == 4
    assert ctx.state.districts[7].spaces[0].building is None
    assert events(ctx, "defence_declined")[0].player == "blue"


def test_r_combat_5_each_building_defended_separately() -> None:
    """R-COMBAT-5: goons spent on one building do not help the next one."""
    ctx = make_ctx()
    prepare_war(ctx, 1, [tile_named("Birdie Brown").id], [13])
    put_building(ctx, B, 13, 0, NC, from_board=True)
    put_building(ctx, B, 13, 2, BAR, from_board=True)
    set_levels(ctx, B, strength=4)
    ctx.player(B).goons = 4
    _, seen = drive(gang_war(ctx, 1), ["boost 3 none"])
    assert len(seen) == 1  # the second building (4 + 1 goon = 5 < 7) is not a choice
    spaces = ctx.state.districts[13].spaces
    assert spaces[0].building is not None and spaces[2].building is None
    assert ctx.player(B).goons == 1  # the hopeless second defence spends nothing


def test_r_gangwar_7_turn_order_decides_who_defends_first() -> None:
    """R-GANGWAR-7: players decide in turn order, each building by building."""
    ctx = make_ctx()
    prepare_war(ctx, 1, [tile_named("Birdie Brown").id], [14])
    put_building(ctx, B, 14, 0, CASINO, from_board=True)
    put_building(ctx, Y, 14, 1, BAR, from_board=True)
    put_building(ctx, Y, 14, 2, NC, from_board=True)
    for colour in (B, Y):
        set_levels(ctx, colour, strength=4)
        ctx.player(colour).goons = 3
    top: list[Colour | None] = [B, Y, P, G]
    ctx.state.turn_order = TurnOrder(top=top, bottom=[None] * 4)
    _, seen = drive(gang_war(ctx, 1), ["boost 3 none", "boost 3 none"])
    assert [(d.player, d.prompt.count("casino"), d.prompt.count("bar")) for d in seen] == [
        (B, 1, 0),
        (Y, 0, 1),
    ]


def test_r_combat_4_partner_help_is_paid_per_defence() -> None:
    """R-COMBAT-4 / R-ALLY-6: paying the partner's help cost adds its strength."""
    ctx = make_ctx()
    partner = plain_partner()
    prepare_war(ctx, 1, [tile_named("Birdie Brown").id], [8])
    put_building(ctx, P, 8, 0, BAR, from_board=True)
    purple = ctx.player(P)
    set_levels(ctx, P, strength=3)
    purple.partner, purple.partner_district = partner.id, 3
    purple.pocket = 15
    _, seen = drive(gang_war(ctx, 1), ["boost 0 paid"])
    assert option_texts(seen[0]) == ["boost 0 none", "boost 0 paid"]
    assert purple.pocket == 15 - partner.help_cost
    assert ctx.state.districts[8].spaces[0].building is not None


def test_r_gangwar_7_permanent_bonuses_crate_and_partner_ability() -> None:
    """R-GANGWAR-7, R-CRATE-3, R-PARTNER-1: lasting +1 defences count without paying; a
    building whose base already reaches the war strength holds with no decision."""
    ctx = make_ctx()
    waxey = next(t for t in CAT.gangsters if t.ability == "defence")  # R-PARTNER-1
    prepare_war(ctx, 1, [tile_named("Birdie Brown").id], [9])
    put_building(ctx, P, 9, 0, BAR, from_board=True)
    purple = ctx.player(P)
    set_levels(ctx, P, strength=5)
    purple.partner, purple.partner_district = waxey.id, 3
    purple.crates = [CAT.crate(3).id]
    plan = best_defence(ctx, P, 9, 0, 7)
    assert plan.permanent == 2 and plan.base == 7
    _, seen = drive(gang_war(ctx, 1))
    assert seen == []
    assert ctx.state.districts[9].spaces[0].building is not None
    assert events(ctx, "building_holds")[0].data["defence"] == 7


def test_r_partner_6_once_free_help_is_offered_and_used_up() -> None:
    """R-PARTNER-6 / R-ALLY-7: the once-per-game free help, even without money."""
    ctx = make_ctx()
    free = next(t for t in CAT.gangsters if t.ability == "once_free" and t.deck == "A")
    prepare_war(ctx, 1, [tile_named("Birdie Brown").id], [10])
    put_building(ctx, P, 10, 0, BAR, from_board=True)
    purple = ctx.player(P)
    set_levels(ctx, P, strength=7 - free.strength)
    purple.partner, purple.partner_district = free.id, 3
    purple.pocket = purple.safe = 0
    _, seen = drive(gang_war(ctx, 1), ["boost 0 free"])
    assert option_texts(seen[0]) == ["boost 0 none", "boost 0 free"]
    assert purple.partner_free_used
    assert ctx.state.districts[10].spaces[0].building is not None


def test_r_partner_4_partner_defends_the_distillery_for_free() -> None:
    """R-PARTNER-4: no help cost when the partner defends the distillery."""
    ctx = make_ctx()
    helper = next(t for t in CAT.gangsters if t.ability == "distillery_defence" and t.deck == "A")
    prepare_war(ctx, 1, [tile_named("Birdie Brown").id], [11])
    put_building(ctx, Y, 11, 0, DIST, from_board=True)
    yellow = ctx.player(Y)
    set_levels(ctx, Y, strength=7 - helper.strength)
    yellow.partner, yellow.partner_district = helper.id, 3
    yellow.pocket = yellow.safe = 0
    _, seen = drive(gang_war(ctx, 1), ["boost 0 paid"])
    assert yellow.pocket == 0
    assert ctx.state.districts[11].spaces[0].building is not None
    assert "partner for $0" in seen[0].options[1].label


def test_r_gangwar_9_gangster_without_bars_leaves_the_game() -> None:
    """R-GANGWAR-9: no empty space and every building held: tile out, token face down."""
    ctx = make_ctx()
    prepare_war(ctx, 1, [tile_named("Birdie Brown").id], [3])
    put_building(ctx, P, 3, 0, BAR, from_board=True)
    put_building(ctx, Y, 3, 1, BAR, from_board=True)
    for colour in (P, Y):
        set_levels(ctx, colour, strength=5)
        ctx.player(colour).goons = 2
    drive(gang_war(ctx, 1), ["boost 2 none", "boost 2 none"])
    district = ctx.state.districts[3]
    assert district.gangster is None and district.strength_token is None
    assert district.had_gangster and not district.war_token
    assert events(ctx, "gangster_leaves")[0].data == {"district": 3, "tile": "gangster-B2"}


def test_r_gangwar_9_a_fallen_building_keeps_the_gangster() -> None:
    """R-GANGWAR-9: a bar placed on a fallen building's space also keeps the gangster."""
    ctx = make_ctx()
    prepare_war(ctx, 1, [tile_named("Birdie Brown").id], [3])
    put_building(ctx, P, 3, 0, BAR, from_board=True)
    put_building(ctx, Y, 3, 1, BAR, from_board=True)
    set_levels(ctx, P, strength=5)
    ctx.player(P).goons = 2
    drive(gang_war(ctx, 1), ["boost 2 none"])  # Yellow (strength 1) cannot hold
    district = ctx.state.districts[3]
    assert district.gangster == "gangster-B2" and district.strength_token == 6


def test_r_gangwar_10_unused_tiles_go_to_the_box() -> None:
    """R-GANGWAR-10: after the act's districts, the rest of the deck leaves the game."""
    ctx = make_ctx()
    deck = [t.id for t in CAT.gangster_deck("B")]
    prepare_war(ctx, 1, deck, [1, 7, 13])
    drive(gang_war(ctx, 1))
    assert ctx.state.gangster_decks["B"] == []
    assert events(ctx, "gangster_tiles_boxed")[0].data == {"deck": "B", "count": 1}


@pytest.mark.parametrize(
    ("act", "columns", "revealed", "left"),
    [
        (1, [[3, 1, 2], [4, 5, 6, 7]], [1, 2, 3], [[4, 5, 6, 7]]),
        (2, [[4, 5, 6, 7]], [4, 5, 6, 7], []),
        (3, [[8, 9]], [], [[8, 9]]),
    ],
)
def test_r_gangwar_11_next_war_tokens_revealed_after_acts_1_and_2(
    act: int, columns: list[list[int]], revealed: list[int], left: list[list[int]]
) -> None:
    """R-GANGWAR-11: Act 1 reveals the first time-track column, Act 2 the next; Act 3 none."""
    ctx = make_ctx()
    ctx.state.war_columns = columns
    drive(gang_war(ctx, act))
    assert sorted(n for n, d in ctx.state.districts.items() if d.war_token) == revealed
    assert ctx.state.war_columns == left


def test_best_defence_reports_the_cheapest_way_to_hold() -> None:
    """best_defence: the highest total, and the cheapest hold (least money, then fewest goons)."""
    ctx = make_ctx()
    partner = plain_partner()
    put_building(ctx, P, 4, 0, NC, from_board=True)
    purple = ctx.player(P)
    set_levels(ctx, P, strength=3)
    purple.goons = 3
    purple.partner, purple.partner_district = partner.id, 3
    state_before = (purple.pocket, purple.safe, purple.goons)

    by_goons = best_defence(ctx, P, 4, 0, 6)
    assert (by_goons.best.total, by_goons.best.goons, by_goons.best.partner) == (10, 3, True)
    assert by_goons.cheapest is not None
    assert (by_goons.cheapest.goons, by_goons.cheapest.partner) == (3, False)

    by_partner = best_defence(ctx, P, 4, 0, 7)
    assert by_partner.cheapest is not None
    assert (by_partner.cheapest.goons, by_partner.cheapest.cost) == (0, partner.help_cost)
    assert "cheapest hold is 7" in by_partner.reason

    impossible = best_defence(ctx, P, 4, 0, 11)
    assert impossible.cheapest is None and not impossible.can_hold
    assert "< war strength 11" in impossible.reason
    assert (purple.pocket, purple.safe, purple.goons) == state_before  # pure: nothing spent
    with pytest.raises(ValueError, match="no building"):
        best_defence(ctx, Y, 4, 0, 7)


# ============================================================================ police
@pytest.mark.parametrize("act", [1, 2, 3])
def test_r_police_1_2_tokens_become_figures_and_next_column_revealed(act: int) -> None:
    """R-POLICE-1: every police token becomes a figure; R-POLICE-2: only in Acts 1-2 the next
    column of police tokens is placed face down."""
    ctx = make_ctx()
    state = ctx.state
    for number in (2, 6, 11, 15):
        state.districts[number].police_token = True
    state.police_columns = [[16, 1, 8, 12]] if act < 3 else []
    supply = state.supply_police
    police_patrol(ctx, act)
    assert state.phase is Phase.POLICE
    assert sorted(n for n, d in state.districts.items() if d.police) == [2, 6, 11, 15]
    assert state.supply_police == supply - 4
    expected_tokens = [1, 8, 12, 16] if act < 3 else []
    assert sorted(n for n, d in state.districts.items() if d.police_token) == expected_tokens
    assert state.police_columns == []
    assert [e.data["district"] for e in events(ctx, "police_arrive")] == [2, 6, 11, 15]


def test_r_police_2_no_new_tokens_in_act_3_even_if_a_column_is_left() -> None:
    """R-POLICE-2: the last patrol (Act 3) reveals nothing."""
    ctx = make_ctx()
    ctx.state.police_columns = [[1, 2, 3, 4]]
    police_patrol(ctx, 3)
    assert ctx.state.police_columns == [[1, 2, 3, 4]]
    assert not any(d.police_token for d in ctx.state.districts.values())


# ============================================================================ area control
def test_e4_r_control_5_gangsters_control_district_12() -> None:
    """E4 / R-CONTROL-5, R-GOLDEN-2, R-GOLDEN-5, R-POLICE-4: police, a gangster bar and Yellow's
    unprotected casino in 12: the casino counts as absent, the police do not touch the bar."""
    ctx = make_ctx()
    state = ctx.state
    state.districts[12].police = True
    bars(ctx, 12, 0)
    put_building(ctx, Y, 12, 1, CASINO, from_board=True)
    control = district_control(state, 12)
    assert control.case is ControlCase.GANGSTERS and control.rule == "R-CONTROL-5"
    assert control.gangsters and control.players == ()
    assert control.best[0].colour is Y and control.best[0].building is None  # not operating
    score_area_control(ctx)
    assert state.gangster_control[Area.MIDTOWN] == 1
    assert ctx.player(Y).area_control[Area.MIDTOWN] == 0


@pytest.mark.parametrize("green_building", [CASINO, NC], ids=["CZ-casino", "PL-nightclub"])
def test_e5_r_control_4_7_uptown_districts_13_and_14(green_building: BuildingType) -> None:
    """E5 / R-CONTROL-4, R-CONTROL-7 (both DISC-8 readings): Green controls 13; Yellow and Blue
    tie in 14 on their best building (NC vs NC), whatever the number of buildings."""
    ctx = make_ctx()
    put_building(ctx, Y, 13, 0, BAR, from_board=True)
    put_building(ctx, G, 13, 1, green_building, from_board=True)
    put_building(ctx, Y, 14, 0, NC, from_board=True)
    put_building(ctx, Y, 14, 1, BAR, from_board=True)
    put_building(ctx, B, 14, 2, NC, from_board=True)
    c13 = district_control(ctx.state, 13)
    c14 = district_control(ctx.state, 14)
    assert c13.case is ControlCase.BEST_BUILDING and c13.players == (G,)
    assert c14.case is ControlCase.BEST_BUILDING and c14.players == (Y, B)
    assert "tie" in c14.reason
    score_area_control(ctx)
    uptown = {c: ctx.player(c).area_control[Area.UPTOWN] for c in (P, Y, G, B)}
    assert uptown == {P: 0, Y: 1, G: 1, B: 1}


def test_e6_r_control_3_to_5_uptown_districts_15_and_16() -> None:
    """E6: an operating distillery beats 2 gangster bars (15); a protected bar beats a casino
    idled by the police (16)."""
    ctx = make_ctx()
    state = ctx.state
    bars(ctx, 15, 0, 1)
    put_building(ctx, P, 15, 2, DIST, from_board=True)
    state.districts[16].police = True
    bars(ctx, 16, 0)
    put_building(ctx, B, 16, 1, BAR, protected=True, from_board=True)
    put_building(ctx, G, 16, 2, CASINO, from_board=True)
    c15 = district_control(state, 15)
    c16 = district_control(state, 16)
    assert c15.case is ControlCase.BEST_BUILDING and c15.players == (P,)
    assert c16.case is ControlCase.PROTECTED and c16.players == (B,)
    green = next(pb for pb in c16.best if pb.colour is G)
    assert green.building is None and green.buildings == 1 and green.operating == 0
    score_area_control(ctx)
    assert ctx.player(P).area_control[Area.UPTOWN] == 1
    assert ctx.player(B).area_control[Area.UPTOWN] == 1
    assert ctx.player(G).area_control[Area.UPTOWN] == 0
    assert state.gangster_control[Area.UPTOWN] == 0


def test_r_control_3_mafioso_beats_a_better_unprotected_building_without_police() -> None:
    """R-CONTROL-3/7: mafioso presence > casino, even where everything operates."""
    ctx = make_ctx()
    put_building(ctx, P, 1, 0, DIST, protected=True, from_board=True)
    put_building(ctx, Y, 1, 1, CASINO, from_board=True)
    control = district_control(ctx.state, 1)
    assert control.case is ControlCase.PROTECTED and control.players == (P,)


def test_r_control_3_7_best_protected_building_and_ties() -> None:
    """R-CONTROL-3/7: among protected buildings the type decides; equal types share."""
    ctx = make_ctx()
    put_building(ctx, P, 13, 0, BAR, protected=True, from_board=True)
    put_building(ctx, Y, 13, 1, CASINO, protected=True, from_board=True)
    put_building(ctx, G, 13, 2, CASINO, from_board=True)
    assert district_control(ctx.state, 13).players == (Y,)
    put_building(ctx, G, 14, 0, NC, protected=True, from_board=True)
    put_building(ctx, B, 14, 1, NC, protected=True, from_board=True)
    ctx.state.districts[14].police = True
    assert district_control(ctx.state, 14).players == (G, B)


def test_r_control_6_nobody_controls() -> None:
    """R-CONTROL-6: police, no mafioso and no gangster bar; or an empty district."""
    ctx = make_ctx()
    ctx.state.districts[5].police = True
    put_building(ctx, G, 5, 0, NC, from_board=True)
    for number in (5, 6):
        control = district_control(ctx.state, number)
        assert control.case is ControlCase.NOBODY and control.nobody
        assert control.rule == "R-CONTROL-6"


def test_r_control_5_gangster_bars_alone_and_partnered_gangster_r_ally_5() -> None:
    """R-CONTROL-5 / R-ALLY-5: bars of a gangster who is now someone's partner still count."""
    ctx = make_ctx()
    bars(ctx, 3, 0, 1)
    ctx.state.districts[3].strength_token = 4
    ctx.player(P).partner, ctx.player(P).partner_district = "gangster-A1", 3
    control = district_control(ctx.state, 3)
    assert control.case is ControlCase.GANGSTERS and control.gangster_bars == 2


def test_r_closed_1_closed_district_never_controlled() -> None:
    """R-CLOSED-1 (2p): a closed district is never controlled."""
    ctx = make_ctx(players=2)
    closed = next(n for n, d in ctx.state.districts.items() if d.closed)
    control = district_control(ctx.state, closed)
    assert control.case is ControlCase.CLOSED and control.nobody


def test_r_control_1_2_8_markers_reset_then_one_step_per_district() -> None:
    """R-CONTROL-1: stale markers go to the bottom; R-CONTROL-2: districts in ascending order;
    R-CONTROL-8: one step per controlled district."""
    ctx = make_ctx()
    state = ctx.state
    ctx.player(P).area_control[Area.DOWNTOWN] = 5
    state.gangster_control[Area.MIDTOWN] = 3
    put_building(ctx, P, 1, 0, BAR, from_board=True)
    put_building(ctx, P, 2, 0, BAR, from_board=True)
    bars(ctx, 7, 0)
    result = area_control(state, ctx.board, Area.DOWNTOWN)
    assert result.markers[P] == 2 and result.gangsters == 0
    assert [c.district for c in result.districts] == [1, 2, 3, 4, 5, 6]
    score_area_control(ctx)
    assert state.phase is Phase.AREA_CONTROL
    assert ctx.player(P).area_control == {Area.DOWNTOWN: 2, Area.MIDTOWN: 0, Area.UPTOWN: 0}
    assert state.gangster_control == {Area.DOWNTOWN: 0, Area.MIDTOWN: 1, Area.UPTOWN: 0}
    checked = [e.data["district"] for e in events(ctx, "district_control")]
    assert checked == list(range(1, 17))
    assert events(ctx, "control_markers_reset")


# ============================================================================ payout
def set_track(ctx: Ctx, area: Area, positions: dict[Colour, int], gangsters: int) -> None:
    for colour, position in positions.items():
        ctx.player(colour).area_control[area] = position
    ctx.state.gangster_control[area] = gangsters


def test_e7_r_payout_2_to_5_midtown() -> None:
    """E7: gangsters and Green top (Green rank 2, $15); Yellow and Purple next (rank 4, $5);
    Blue at the bottom gets nothing; gangsters are never paid; money goes to the safe."""
    ctx = make_ctx()
    set_track(ctx, Area.MIDTOWN, {G: 2, Y: 1, P: 1, B: 0}, gangsters=2)
    ranking = {r.colour: r for r in payout_ranking(ctx.state, CAT, Area.MIDTOWN)}
    assert (ranking[G].rank, ranking[G].amount) == (2, 15)
    assert (ranking[Y].rank, ranking[Y].amount) == (4, 5)
    assert (ranking[P].rank, ranking[P].amount) == (4, 5)
    assert ranking[B].amount == 0 and "R-PAYOUT-4" in ranking[B].reason
    assert ranking[None].amount == 0 and ranking[None].gangsters
    safes = {c: ctx.player(c).safe for c in (P, Y, G, B)}
    pockets = {c: ctx.player(c).pocket for c in (P, Y, G, B)}
    pay_luciano(ctx)
    assert ctx.state.phase is Phase.PAYOUT
    gained = {c: ctx.player(c).safe - safes[c] for c in (P, Y, G, B)}
    assert gained == {P: 5, Y: 5, G: 15, B: 0}  # other areas: everybody at the bottom
    assert {c: ctx.player(c).pocket for c in (P, Y, G, B)} == pockets


def test_e8_r_payout_2_to_5_uptown() -> None:
    """E8: Blue alone on top (rank 1, $45); Yellow, Green, Purple tied below (rank 4, $20)."""
    ctx = make_ctx()
    set_track(ctx, Area.UPTOWN, {B: 3, Y: 2, G: 2, P: 2}, gangsters=1)
    ranking = {r.colour: r for r in payout_ranking(ctx.state, CAT, Area.UPTOWN)}
    assert (ranking[B].rank, ranking[B].amount) == (1, 45)
    assert all((ranking[c].rank, ranking[c].amount) == (4, 20) for c in (Y, G, P))
    assert ranking[None].rank == 5 and ranking[None].amount == 0
    safes = {c: ctx.player(c).safe for c in (P, Y, G, B)}
    pay_luciano(ctx)
    assert {c: ctx.player(c).safe - safes[c] for c in (P, Y, G, B)} == {P: 20, Y: 20, G: 20, B: 45}
    payouts = [e for e in events(ctx, "payout") if e.data["area"] == "uptown"]
    assert {e.player: e.data["amount"] for e in payouts} == {
        "purple": 20,
        "yellow": 20,
        "green": 20,
        "blue": 45,
    }
    assert all(e.data["gangster_rank"] == 5 for e in payouts)


_PAYOUT_CTX: dict[int, Ctx] = {n: make_ctx(players=n) for n in (2, 3, 4)}


@settings(max_examples=200, deadline=None)
@given(
    players=st.integers(min_value=2, max_value=4),
    positions=st.lists(st.integers(min_value=0, max_value=6), min_size=4, max_size=4),
    gangsters=st.integers(min_value=0, max_value=6),
    area=st.sampled_from(list(Area)),
)
def test_r_payout_property_never_negative_ties_equal_gangsters_unpaid(
    players: int, positions: list[int], gangsters: int, area: Area
) -> None:
    """R-PAYOUT-2..4: amounts are never negative, equal positions earn equal money, the
    bottom space and the gangster marker earn nothing, and a higher space never earns less."""
    state = _PAYOUT_CTX[players].state
    colours = list(state.players)
    for colour, position in zip(colours, positions, strict=False):
        state.players[colour].area_control[area] = position
    state.gangster_control[area] = gangsters
    ranking = payout_ranking(state, CAT, area)
    assert len(ranking) == players + 1
    paid = {r.colour: r for r in ranking}
    assert paid[None].amount == 0
    for a in ranking:
        assert a.amount >= 0
        if a.colour is not None and a.position == 0:
            assert a.amount == 0
        for b in ranking:
            if a.colour is None or b.colour is None:
                continue
            if a.position == b.position:
                assert (a.rank, a.amount) == (b.rank, b.amount)
            elif a.position > b.position:
                assert a.amount >= b.amount and a.rank < b.rank


# ============================================================================ whole phase
def test_r_act_2_luciano_phase_runs_war_police_control_payout_in_order() -> None:
    """R-ACT-2: 3.1 gang war, 3.2 police, 3.3 area control and payout, in that order."""
    ctx = new_ctx(4, seed=5, rules_seed=3)
    state = ctx.state
    war = sorted(n for n, d in state.districts.items() if d.war_token)
    police = sorted(n for n, d in state.districts.items() if d.police_token)
    next_war = sorted(state.war_columns[0])
    _, seen = drive(luciano_phase(ctx, 1))
    assert seen == []  # nobody has a building yet
    kinds = [e.kind for e in ctx.events]
    firsts = [kinds.index(k) for k in ("gang_war", "police_arrive", "district_control", "payout")]
    assert firsts == sorted(firsts)
    assert state.phase is Phase.PAYOUT
    assert [e.data["district"] for e in events(ctx, "gangster_arrives")] == war
    assert all(state.districts[n].police for n in police)
    assert sorted(n for n, d in state.districts.items() if d.war_token) == next_war
    assert len(events(ctx, "district_control")) == 16
    assert len(events(ctx, "payout")) == 3 * 4
    for event in ctx.events:
        assert event.rules and event.text
        _assert_json_ready(event.data)


def _assert_json_ready(value: Any) -> None:
    if isinstance(value, dict):
        for k, v in value.items():
            assert isinstance(k, str)
            _assert_json_ready(v)
    elif isinstance(value, list):
        for v in value:
            _assert_json_ready(v)
    else:
        assert value is None or isinstance(value, str | int | float | bool), value


def test_luciano_phase_rejects_act_4() -> None:
    """R-ACT-2: there is no Lucky Luciano phase after Act 4."""
    with pytest.raises(ValueError, match="Acts 1-3"):
        drive(luciano_phase(make_ctx(), 4))


def _random_position(seed: int) -> Ctx:
    """A random mid-game position: buildings, police, bars, partners, goons, money."""
    rng = random.Random(seed)
    ctx = make_ctx(players=rng.choice([2, 3, 4]), seed=seed)
    state = ctx.state
    colours = list(state.players)
    for district in state.districts.values():
        district.police = rng.random() < 0.4
        for index in range(len(district.spaces)):
            roll = rng.random()
            if roll < 0.15:
                bars(ctx, district.number, index)
            elif roll < 0.7:
                colour = rng.choice(colours)
                kinds = sorted({PIECE_TYPES[p] for p in ctx.player(colour).board_pieces})
                if kinds:
                    put_building(
                        ctx,
                        colour,
                        district.number,
                        index,
                        rng.choice(kinds),
                        protected=rng.random() < 0.3,
                        barrel=rng.random() < 0.3,
                        from_board=True,
                    )
    state.supply_gangster_bars = CAT.components.total("gangster_bars") - sum(
        s.gangster_bar for d in state.districts.values() for s in d.spaces
    )
    free = [n for n, d in state.districts.items() if not d.closed]
    for number in rng.sample(free, 3):
        state.districts[number].war_token = True
    partners = [t.id for t in CAT.gangster_deck("A")]
    for colour in colours:
        player = ctx.player(colour)
        set_levels(ctx, colour, strength=rng.randint(1, 5))
        player.goons = rng.randint(0, 6)
        player.pocket, player.safe = rng.randint(0, 20), rng.randint(0, 40)
        if rng.random() < 0.5:
            player.partner, player.partner_district = partners.pop(), 3
        if rng.random() < 0.3:
            player.crates = [CAT.crate(rng.choice([3, 4, 5, 6])).id]
    return ctx


@pytest.mark.parametrize("seed", range(12))
def test_luciano_phase_on_random_positions_conserves_components(seed: int) -> None:
    """Any answers to the defence decisions keep the components consistent: gangster bars,
    goons and barrels are conserved, money never goes negative, every attacked building either
    stands or was lost, and only operating buildings give control (R-GOLDEN-3)."""
    ctx = _random_position(seed)
    state = ctx.state
    answer = random.Random(seed)

    def counts() -> tuple[int, int, int]:
        on_map = sum(s.gangster_bar for d in state.districts.values() for s in d.spaces)
        goons = state.supply_goons + sum(p.goons for p in state.players.values())
        barrels = (
            state.supply_barrels
            + sum(p.distillery_barrels for p in state.players.values())
            + sum(b.barrel for _, _, b in state.buildings())
        )
        return on_map + state.supply_gangster_bars, goons, barrels

    before = counts()
    drive(luciano_phase(ctx, answer.choice([1, 2, 3])), lambda d: answer.choice(d.options))
    assert counts() == before
    for player in state.players.values():
        assert player.pocket >= 0 and player.safe >= 0
    for control in events(ctx, "district_control"):
        for colour in control.data["players"]:
            best = control.data["best"][colour]
            assert best["building"] is not None
    lost = len(events(ctx, "building_lost"))
    held = len(events(ctx, "building_holds"))
    attacked = sum(
        1
        for e in ctx.events
        if e.kind in ("building_holds", "defence_impossible", "defence_declined", "defence_failed")
    )
    assert lost + held == attacked


def test_r_gangwar_12_earlier_gangsters_stay_and_do_not_attack_again() -> None:
    """R-GANGWAR-12, R-TAKEOVER-7: a setup gangster with no bars left stays on the gangster
    board, and only districts with a face-down war token are attacked."""
    ctx = make_ctx()
    state = ctx.state
    old = tile_named("Waxey Gordon")
    state.districts[6].gangster = old.id
    state.districts[6].strength_token = old.strength
    state.districts[6].had_gangster = True
    put_building(ctx, P, 6, 0, BAR)  # no bar of the old gangster left in 6
    prepare_war(ctx, 1, [tile_named("Birdie Brown").id], [9])
    drive(gang_war(ctx, 1), skip_or_first)
    assert state.districts[6].gangster == old.id
    assert state.districts[6].strength_token == old.strength
    assert state.districts[6].spaces[0].building is not None  # not attacked again
    attacked = {e.data.get("district") for e in ctx.events if e.kind == "gangster_arrives"}
    assert attacked == {9}

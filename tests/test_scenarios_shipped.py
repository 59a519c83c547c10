"""The shipped scenarios (``data/scenarios/``): every file loads, its game builds, the engine
computes the answer it states, and the rules it cites exist. Then the rulebook's worked
examples E1-E23, each checked in more detail than its one stated answer, and the questions'
own refusals (speakeasy.games.speakeasy.studies.questions)."""

from __future__ import annotations

import re
import tomllib
from functools import cache
from pathlib import Path

import pytest

from speakeasy.games.speakeasy.engine.game import Game
from speakeasy.games.speakeasy.model.board import Area
from speakeasy.games.speakeasy.model.catalog.loader import load_catalog
from speakeasy.games.speakeasy.model.state import BuildingType, Colour, Track
from speakeasy.games.speakeasy.positions.format import Scenario
from speakeasy.games.speakeasy.positions.shipped import (
    SCENARIO_DIR,
    load_scenario,
    shipped_scenarios,
)
from speakeasy.games.speakeasy.rules.buildings import defence, max_attack, upgrade_discount
from speakeasy.games.speakeasy.rules.delivery import delivery_range
from speakeasy.games.speakeasy.rules.dispatch import Source
from speakeasy.games.speakeasy.rules.money import spendable
from speakeasy.games.speakeasy.rules.protection import protection_budget
from speakeasy.games.speakeasy.rules.ships import crate_cash
from speakeasy.games.speakeasy.studies.planner import best_plan
from speakeasy.games.speakeasy.studies.questions import QUESTIONS, ask
from speakeasy.tools.rules_index import load_rules_index
from tests.test_games import check_invariants
from tests.test_rules_index import REFERENCE, shared_run

P, Y, G, B = Colour.PURPLE, Colour.YELLOW, Colour.GREEN, Colour.BLUE
SHIPPED = shipped_scenarios()
NAMES = [s.name for s in SHIPPED]
EXAMPLES = [f"E{n}" for n in range(1, 24)]


@cache
def game(name: str) -> Game:
    """The game of a shipped scenario, built once (tests never change it)."""
    return load_scenario(name).game()


def answer(scenario: Scenario) -> object:
    assert scenario.question is not None
    return ask(scenario.game(), scenario.question).value


def example_section(example: str) -> str:
    """The text of a worked example in the rules reference (its heading and bullets)."""
    text = REFERENCE.read_text(encoding="utf-8")
    found = re.search(rf"^### Example {example} .*?(?=^### |^## )", text, re.S | re.M)
    assert found is not None, example
    return found.group(0)


# ---------------------------------------------------------------------- every shipped file
def test_the_examples_and_at_least_ten_teaching_positions_are_shipped() -> None:
    rulebook = [s for s in SHIPPED if s.source.startswith("rulebook:")]
    teaching = [s for s in SHIPPED if s.source == "teaching"]
    assert len(rulebook) + len(teaching) == len(SHIPPED)
    assert len(teaching) >= 10
    assert all(s.name.startswith("t") for s in teaching)
    shipped = {s.source.removeprefix("rulebook: ") for s in rulebook}
    readme = (SCENARIO_DIR / "README.md").read_text(encoding="utf-8")
    for example in EXAMPLES:
        # shipped, or the README says why not
        assert example in shipped or re.search(rf"\*\*{example}\*\*.*not shipped", readme)


@pytest.mark.parametrize("name", NAMES)
def test_a_shipped_scenario_states_the_answer_the_engine_computes(name: str) -> None:
    scenario = load_scenario(name)
    question = scenario.question
    assert question is not None
    played = game(name)
    check_invariants(played.state)
    result = ask(played, question)
    assert result.value == question["answer"], result.explanation
    assert result.explanation and result.rules
    index = load_rules_index()
    assert [r for r in result.rules if r not in index] == []


@pytest.mark.parametrize("name", NAMES)
def test_a_shipped_scenario_is_complete_and_cites_real_rules(name: str) -> None:
    scenario = load_scenario(name)
    question = scenario.question
    assert question is not None
    raw = tomllib.loads(Path(scenario.file).read_text(encoding="utf-8"))
    assert raw["title"].strip() and raw["description"].strip()
    assert question["text"].endswith("?")
    assert question["hint"].strip() and question["rules"]
    index = load_rules_index()
    for rule in question["rules"]:
        assert rule in index, f"{name} cites {rule}, which the rules index does not know"
    for rule in re.findall(r"\b(?:R|GEO|GAP|DISC)-[A-Z0-9-]*[0-9]\b", question["hint"]):
        assert rule in index, f"{name}'s hint cites {rule}"
    assert question["ask"] in QUESTIONS


@pytest.mark.parametrize("name", [n for n in NAMES if n.startswith("e")])
def test_an_example_file_names_its_example_and_is_in_our_own_words(name: str) -> None:
    scenario = load_scenario(name)
    example = f"E{int(name[1:3])}"
    assert scenario.source == f"rulebook: {example}"
    assert scenario.question is not None and example in scenario.question["rules"]
    if REFERENCE.is_file():
        for text in (scenario.description, scenario.question["hint"]):
            assert shared_run(text, example_section(example)) is None


@pytest.mark.parametrize("name", [n for n in NAMES if n.startswith("t")])
def test_a_teaching_position_hint_cites_its_rules(name: str) -> None:
    """A teaching hint names the rule it rests on (the ones listed in ``rules``)."""
    question = load_scenario(name).question
    assert question is not None
    cited = re.findall(r"R-[A-Z]+(?:-[A-Z]+)*-\d+", question["hint"])
    assert cited and set(cited) <= set(question["rules"])


# ---------------------------------------------------------------------- worked examples
def test_e1_attack_must_exceed_defence_must_match() -> None:
    """E1: against strength 5 an attack of 5 fails and 6 succeeds (R-COMBAT-1); against war
    strength 7 a defence of 7 holds and 6 falls (R-COMBAT-2)."""
    take = load_scenario("e01a_takeover_needs_more")
    assert answer(take) is False
    assert answer(take.with_value("player.green.goons", 2)) is True
    war = load_scenario("e01b_defence_equal_holds")
    assert answer(war) == ["purple casino", "gangster bar"]
    assert answer(war.with_value("player.purple.goons", 1)) == ["gangster bar", "gangster bar"]


def test_e2_war_strength_is_strength_plus_modifier() -> None:
    """E2: Birdie Brown, strength 6 + modifier 1 = war strength 7 (R-GANGWAR-6)."""
    tile = load_catalog().gangster("gangster-B2")
    assert (tile.name, tile.strength, tile.war_modifier) == ("Birdie Brown", 6, 1)
    state = game("e02_birdie_brown_war_strength").state
    # nobody defends district 4, so the whole phase has run: the gangster stayed with its bars
    assert state.districts[4].gangster == tile.id and state.districts[4].strength_token == 6


def test_e3_gambino_in_district_14() -> None:
    """E3: war strength 8; Purple's bar (best defence 7) falls with its mafioso; Blue returns
    all 4 goons (4 + 4 = 8) and keeps the casino; Gambino stays with strength token 7."""
    played = load_scenario("e03_gang_war_district_14").game()
    purple, blue = played.state.players[P], played.state.players[B]
    district = played.state.districts[14]
    assert ask(played, {"ask": "war_strength", "district": 14}).value == 8
    # Purple cannot reach 8, so Purple is not even asked: the bar is gone with its mafioso
    decision = played.pending
    assert decision is not None and decision.player is B
    assert district.spaces[0].building is None and district.spaces[0].gangster_bar
    assert purple.mafiosi_lost == 1 and purple.goons == 1 and purple.pocket == 15
    holds = next(o for o in decision.options if o.label.endswith(": holds"))
    assert holds.args == (4, "none")
    played.apply(holds)
    assert blue.goons == 0
    assert (district.gangster, district.strength_token) == ("gangster-C1", 7)


def test_e4_the_casino_idles_and_the_gangster_marker_moves_up() -> None:
    """E4: Yellow's unprotected casino does not operate under the police; the gangsters
    control 12 and the Midtown gangster marker moves up 1 (R-CONTROL-8)."""
    scenario = load_scenario("e04_police_casino_district_12")
    operating = {"ask": "operating", "district": 12, "colour": "yellow"}
    assert ask(game(scenario.name), operating).value is False
    state = scenario.with_value("phase", "luciano").game().state  # area control is scored
    assert state.gangster_control[Area.MIDTOWN] == 1


def test_e5_green_moves_up_in_uptown() -> None:
    """E5: Green controls 13 and Green's Uptown marker moves up 1."""
    scenario = load_scenario("e05a_casino_beats_bar_district_13")
    state = scenario.with_value("phase", "luciano").game().state
    assert state.players[G].area_control[Area.UPTOWN] == 1


def test_e5_either_translation_gives_green_district_13() -> None:
    """E5, DISC-8: Green's casino (Czech) or nightclub (Polish) beats Yellow's bar."""
    scenario = load_scenario("e05a_casino_beats_bar_district_13")
    polish = scenario.with_value(
        "districts.13.buildings",
        [{"owner": "yellow", "type": "bar"}, {"owner": "green", "type": "nightclub"}],
    )
    assert answer(polish) == ["green"]


def test_e5_e6_both_tied_players_move_up() -> None:
    """E5: Yellow and Blue both move up in Uptown; E6: Blue moves up for district 16."""
    tie = load_scenario("e05b_nightclub_tie_district_14").with_value("phase", "luciano")
    state = tie.game().state
    assert {c: state.players[c].area_control[Area.UPTOWN] for c in (Y, B, G)} == {Y: 1, B: 1, G: 0}
    police = load_scenario("e06b_mafioso_beats_casino_district_16").with_value("phase", "luciano")
    state = police.game().state
    assert state.players[B].area_control[Area.UPTOWN] == 1
    assert state.players[G].area_control[Area.UPTOWN] == 0


def test_e7_e8_gangsters_are_ranked_but_never_paid() -> None:
    """E7, E8: the gangster marker takes a place (Green is rank 2 in E7) and gets nothing."""
    midtown = ask(game("e07_payout_midtown"), {"ask": "payout", "area": "midtown"})
    assert "Green is rank 2" in midtown.explanation and "never paid" in midtown.explanation
    uptown = ask(game("e08_payout_uptown"), {"ask": "payout", "area": "uptown"})
    assert "Blue is rank 1" in uptown.explanation and "gangster" not in uptown.value


def test_e9_every_casino_pays_at_the_end_of_the_round() -> None:
    """E9, R-ORDER-5: casino income goes to every player with an operating casino."""
    scenario = load_scenario("e09_restaurant_turn_order").with_value(
        "districts.3", {"buildings": [{"owner": "green", "type": "casino"}]}
    )
    assert scenario.question is not None
    result = ask(scenario.game(), scenario.question)
    assert result.value == ["yellow", "blue", "purple", "green"]
    assert "Green's 1 operating casino pays $3 into the pocket" in result.explanation


def test_e10_range_goes_from_two_to_four() -> None:
    """E10, DISC-7: fleet 2 -> 3 (reward) -> 4 (discard); the range from the level 2 -> 4."""
    played = game("e10_discard_for_another_fleet_level")
    ctx = played.analysis_context()
    assert delivery_range(ctx, P, Source("question", "range")).total == 2
    result = ask(played, {"ask": "play_card", "colour": "purple", "card": "fleet-03"})
    assert "raises fleet from level 2 to 3" in result.explanation
    assert "raises fleet from level 3 to 4" in result.explanation


def test_e11_prices_at_notoriety_12() -> None:
    """E11: notoriety 12 sells $15 at a bar and $20 at a nightclub."""
    played = game("e11_selling_two_barrels")
    assert played.state.players[B].notoriety == 12
    result = ask(played, {"ask": "barrel_sale", "colour": "blue"})
    assert "bar in 2: $15" in result.explanation and "nightclub in 8: $20" in result.explanation


def test_e12_the_two_cheapest_empty_goon_spaces() -> None:
    """E12, R-GOON-1: $1 + $2; a third goon would cost $3 more."""
    scenario = load_scenario("e12_hiring_two_goons")
    result = ask(scenario.game(), {"ask": "goon_cost", "colour": "blue", "count": 2})
    assert result.explanation.startswith("$1 + $2 = $3")
    assert ask(scenario.game(), {"ask": "goon_cost", "colour": "blue", "count": 3}).value == 6


def test_e13_the_city_token_goes_to_blue() -> None:
    """E13, R-BUILD-2: the space's city token moves to Blue's operations board."""
    played = game("e13_opening_a_distillery")
    token = played.state.districts[11].spaces[0].city_token
    assert token is not None
    question = load_scenario("e13_opening_a_distillery").question
    assert question is not None
    assert f"taking city token {token}" in ask(played, question).explanation


def test_e14_needs_seven_and_the_partners_fee() -> None:
    """E14: defence 6, so 7 is needed: 2 + 1 goon + partner 4; without the $5 fee, no."""
    scenario = load_scenario("e14_takeover_district_4")
    ctx = scenario.game().analysis_context()
    assert defence(ctx, 4) == 6
    assert max_attack(ctx, B, spendable(ctx.player(B))) == 7
    broke = scenario.with_value("player.blue.pocket", 0).with_value("player.blue.safe", 0)
    assert answer(broke) is False


def test_e15_the_goons_win_without_the_partner() -> None:
    """E15: 4 + 2 goons = 6 > 5; the partner is not paid."""
    question = load_scenario("e15_casino_takeover_district_5").question
    assert question is not None
    result = ask(game("e15_casino_takeover_district_5"), question)
    assert "attack 6 beats the gangsters' defence 5" in result.explanation


def test_e16_discount_and_the_refused_uptown_upgrade() -> None:
    """E16: the middle group is empty: $5 off; the Uptown bar cannot become a second Uptown
    nightclub (R-BUILD-5)."""
    played = game("e16_upgrade_with_discount_district_7")
    assert upgrade_discount(played.analysis_context(), P) == 5
    uptown = {
        "ask": "build_cost",
        "colour": "purple",
        "district": 13,
        "building": "nightclub",
        "mode": "upgrade",
    }
    result = ask(played, uptown)
    assert result.value is False and result.rules == ("R-BUILD-5",)


def test_e17_buys_two_barrels_for_eleven() -> None:
    """E17: $5 + $6 from Daisy; the casino in 16 and the bar in 10, not the idle nightclub."""
    ctx = game("e17_truck_from_district_16").analysis_context()
    plan = best_plan(ctx, Y, 4)
    assert [b.price for b in plan.trucks[0].bought] == [5, 6]
    assert sorted((d.district, d.building) for d in plan.trucks[0].delivered) == [
        (10, BuildingType.BAR),
        (16, BuildingType.CASINO),
    ]


def test_e18_both_trucks_deliver() -> None:
    """E18: range 5 for each of the two trucks; all six buildings get a barrel."""
    ctx = game("e18_two_trucks_from_district_8").analysis_context()
    reach = delivery_range(ctx, P, Source("person", "garage:0", range_bonus=2))
    assert (reach.total, reach.trucks) == (5, 2)
    plan = best_plan(ctx, P, reach.total)
    assert plan.delivered == 6 and all(t.used for t in plan.trucks)


def test_e19_the_token_is_not_needed() -> None:
    """E19: cost 2 in column 3; 4 card leverage + 1 token; two protections use no token."""
    budget = protection_budget(game("e19_protection_and_leverage").analysis_context(), Y)
    assert (budget.cost, budget.cards, budget.tokens) == (2, 4, 1)
    assert budget.tokens_for(2) == 0


def test_e20_crate_9_pays_fifteen() -> None:
    """E20, R-CRATE-9: $5 per fleet level, $15 at level 3."""
    ctx = game("e20_attacking_st_clairs_ship").analysis_context()
    assert crate_cash(ctx, B, "crate-09", Area.DOWNTOWN) == 15


def test_e21_the_next_docks_goal_is_open_with_two_crates() -> None:
    """E21: docks-2 (2 crates) is allowed; with a single crate it is not."""
    scenario = load_scenario("e21_one_book_per_goal")
    next_goal = scenario.with_value("question.goal", "docks-2").with_value("question.space", 1)
    assert answer(next_goal) is True
    one_crate = next_goal.with_value("player.blue.crates", ["crate-01"])
    assert answer(one_crate) is False


def test_e22_the_breakdown_of_405() -> None:
    """E22: $270 money + $90 buildings + $45 bottles (20 + 10 + 10 + 5)."""
    breakdown = game("e22_final_score_405").result().standing(B).breakdown
    assert (breakdown.money, breakdown.building_points, breakdown.bottle_points) == (270, 90, 45)
    assert sorted(b.value for b in breakdown.bottles) == [5, 10, 10, 20]


def test_e23_the_prologue_card_lies_in_its_slot() -> None:
    """E23, R-PROLOGUE-8: one card played into its slot, no draw: 3 left in hand."""
    played = game("e23_prologue_hand_size")
    assert len(played.state.players[B].hand) == 4  # the prologue has not been played yet
    result = ask(played, {"ask": "hand_size", "colour": "blue"})
    assert result.value == 3 and "plays" in result.explanation and "slot" in result.explanation


# ---------------------------------------------------------------------- questions refusing
def test_a_turn_question_needs_the_player_to_be_next() -> None:
    """Questions that play a turn say whose turn it is and how to fix the scenario."""
    played = game("e12_hiring_two_goons")  # Blue is first
    with pytest.raises(ValueError, match="list purple first in the scenario's turn_order"):
        ask(played, {"ask": "goon_cost", "colour": "purple", "count": 1})


def test_impossible_requests_are_reported() -> None:
    played = game("e10_discard_for_another_fleet_level")
    with pytest.raises(ValueError, match="does not hold vip-12"):
        ask(played, {"ask": "play_card", "colour": "purple", "card": "vip-12"})
    with pytest.raises(ValueError, match="only 5 goon"):
        ask(played, {"ask": "goon_cost", "colour": "purple", "count": 6})
    with pytest.raises(ValueError, match="no gangster arrives in district 4"):
        ask(played, {"ask": "war_strength", "district": 4})
    with pytest.raises(ValueError, match="no ship 'titanic'"):
        ask(played, {"ask": "ship_attack", "colour": "purple", "ship": "titanic"})
    with pytest.raises(KeyError, match="needs count"):
        ask(played, {"ask": "goon_cost", "colour": "purple"})


def test_a_restaurant_space_that_is_not_free_is_refused() -> None:
    """R-LOC-RESTAURANT-1: two players cannot take the same bottom space."""
    played = game("e09_restaurant_turn_order")
    with pytest.raises(ValueError, match="blue cannot take bottom space 3"):
        ask(played, {"ask": "turn_order", "restaurant": {"purple": 3, "blue": 3}})


def test_the_position_asked_about_never_changes() -> None:
    played = load_scenario("e15_casino_takeover_district_5").game()
    before = played.to_json()
    question = load_scenario("e15_casino_takeover_district_5").question
    assert question is not None
    ask(played, question)
    assert played.to_json() == before and played.state.players[P].levels[Track.STRENGTH] == 4

"""The gang-war "will it hold?" study (speakeasy.games.speakeasy.studies.gang_war): war strengths of
an act's deck, the cheapest hold against each tile, exact survival chances, which war reaches a
district, and an owner's goons shared by several buildings in one district.

Every verdict of the study is also checked against the engine: the gang war is played with the
study's choices and the building stands exactly when the study says it holds.
"""

from __future__ import annotations

import copy
import dataclasses
import html
import re
from fractions import Fraction

import marimo as mo
import pytest

from speakeasy.core.actions import Decision
from speakeasy.core.bots import decide
from speakeasy.games.speakeasy.engine.game import Game
from speakeasy.games.speakeasy.model.catalog.loader import load_catalog
from speakeasy.games.speakeasy.model.catalog.pieces import GangsterTile
from speakeasy.games.speakeasy.model.state import BuildingType, Colour, Phase, TurnOrder, to_data
from speakeasy.games.speakeasy.positions.shipped import load_scenario
from speakeasy.games.speakeasy.rules.combat import Boost
from speakeasy.games.speakeasy.rules.context import Ctx
from speakeasy.games.speakeasy.rules.luciano import gang_war
from speakeasy.games.speakeasy.studies.gang_war import (
    BOT_POSITIONS,
    DeckStatus,
    WarTiming,
    act_options,
    default_building,
    describe_boost,
    load_war_position,
    next_war_act,
    scenario_before_war,
    study_building,
    war_buildings,
    war_exercises,
    war_positions,
    war_schedule,
)
from speakeasy.games.speakeasy.studies.positions import (
    bot_game_before_war,
    linked_start,
    position_query,
)
from speakeasy.games.speakeasy.studies.strategy import HeuristicBot
from speakeasy.tools.citations import markdown_escape
from speakeasy.tools.exercises import Exercise
from tests.support import BAR, CASINO, DIST, NC, B, P, Y, drive, new_ctx, put_building, set_levels

CAT = load_catalog()


# ---------------------------------------------------------------------------- helpers
def tile_named(name: str) -> GangsterTile:
    return next(t for t in CAT.gangsters if t.name == name)


def deck_of(act: int) -> str:
    return next(letter for letter, d in CAT.gangster_decks.items() if d.act == act)


def partner_with(ability: str | None) -> GangsterTile:
    """An A tile (a partner one can hold) with the given ability id (None: no lasting one)."""
    for tile in CAT.gangster_deck("A"):
        lasting = CAT.ability(tile)
        kinds = {b.kind for b in lasting.lasting} if lasting else set()
        if ability is None and not kinds:
            return tile
        if tile.ability == ability:
            return tile
    raise AssertionError(f"no A tile with ability {ability!r}")


def war_ctx(act: int = 1, deck: list[str] | None = None, due: tuple[int, ...] = ()) -> Ctx:
    """An empty map at ``act``'s rounds: turn order = seating (Purple first), no goons, the
    act's deck as given (default: all of it) and war tokens on ``due``."""
    ctx = new_ctx(4, 1, clear=True, rules_seed=0)
    state = ctx.state
    colours = list(Colour)
    state.seating = list(colours)
    state.turn_order = TurnOrder(top=list(colours), bottom=[None] * 4)
    state.act, state.round, state.phase = act, 1, Phase.ROUNDS
    for player in state.players.values():
        player.goons = 0
    letter = deck_of(act)
    state.gangster_decks[letter] = (
        [t.id for t in CAT.gangster_deck(letter)] if deck is None else list(deck)
    )
    for number in due:
        state.districts[number].war_token = True
    return ctx


def fork(ctx: Ctx) -> Ctx:
    """An independent copy of the position (the catalog and board are shared, read-only)."""
    return dataclasses.replace(
        ctx, state=copy.deepcopy(ctx.state), rng=copy.deepcopy(ctx.rng), events=[]
    )


#: A defence prompt names the building: "... attacks Blue's casino in district 14 ...".
DEFENCE_PROMPT = re.compile(r"attacks (\w+)'s (\w+) in district (\d+)")


def _kind(building: BuildingType) -> str:
    return "nightclub" if building is BuildingType.NIGHTCLUB else building.value


def play_war(ctx: Ctx, act: int, choose: dict[tuple[int, int], Boost | None]) -> Ctx:
    """Play ``act``'s gang war on a copy; the building on ``(district, space)`` is defended
    with the chosen boost (None or missing: declined). Returns the copy after the war."""
    played = fork(ctx)

    def answer(decision: Decision) -> str:
        found = DEFENCE_PROMPT.search(decision.prompt)
        assert found is not None, decision.prompt
        owner, kind, district = found.group(1).lower(), found.group(2), int(found.group(3))
        for (d, s), boost in choose.items():
            b = ctx.state.districts[d].spaces[s].building
            if (
                d == district
                and b is not None
                and (b.owner.value, _kind(b.type))
                == (
                    owner,
                    kind,
                )
            ):
                return str(boost.action()) if boost is not None else "boost 0 none"
        return "boost 0 none"

    drive(gang_war(played, act), answer)
    return played


def standing(ctx: Ctx, district: int, space: int) -> bool:
    return ctx.state.districts[district].spaces[space].building is not None


# ============================================================================ E2 / E3
def test_e2_r_gangwar_6_war_strength_is_strength_plus_modifier() -> None:
    """E2 / R-GANGWAR-6: Birdie Brown (6, +1) attacks with war strength 7; every tile of the
    act's deck is listed with strength + modifier, weakest first."""
    birdie = tile_named("Birdie Brown")
    ctx = war_ctx(1, due=(4,))
    put_building(ctx, P, 4, 0, BAR, from_board=True)
    study = study_building(ctx, 4, 0, act=1)
    row = next(t for t in study.tiles if t.tile.id == birdie.id)
    assert (row.tile.strength, row.tile.war_modifier, row.war_strength) == (6, 1, 7)
    assert [t.tile.id for t in study.tiles] == sorted(
        (t.id for t in CAT.gangster_deck("B")),
        key=lambda i: (CAT.gangster(i).war_strength, CAT.gangster(i).strength, i),
    )
    assert all(t.war_strength == t.tile.strength + t.tile.war_modifier for t in study.tiles)
    low, high = CAT.gangster_decks["B"].war_strength or (0, 0)
    assert study.war_range == (low, high)
    assert all(low <= t.war_strength <= high for t in study.tiles)


def e3_ctx() -> Ctx:
    """E3: Gambino is the tile left in Act 2's deck; district 14 holds Purple's protected bar
    (strength 2, partner strength 4 with help $5, 1 goon) and Blue's casino (strength 4,
    4 goons); Purple before Blue in turn order."""
    gambino = tile_named("Carlo Gambino")
    ctx = war_ctx(2, [gambino.id], due=(14,))
    put_building(ctx, P, 14, 0, BAR, protected=True, from_board=True)
    put_building(ctx, B, 14, 1, CASINO, from_board=True)
    set_levels(ctx, P, strength=2)
    set_levels(ctx, B, strength=4)
    purple = ctx.player(P)
    purple.partner, purple.partner_district, purple.goons = partner_with(None).id, 3, 1
    ctx.player(B).goons = 4
    return ctx


def test_e3_r_gangwar_7_purple_cannot_hold_at_8_blue_holds_with_4_goons() -> None:
    """E3 (R-GANGWAR-6/7, R-COMBAT-2/5, R-GANGWAR-14): war strength 8; Purple reaches at most
    2 + 4 + 1 = 7 and falls; Blue returns all 4 goons for 8 and holds."""
    ctx = e3_ctx()
    purple = study_building(ctx, 14, 0)
    blue = study_building(ctx, 14, 1)
    assert purple.act == blue.act == 2 and purple.deck == "C"
    assert purple.schedule.timing is WarTiming.DUE
    gambino = next(t for t in purple.tiles if t.in_deck)
    assert gambino.tile.name == "Carlo Gambino" and gambino.war_strength == 8
    assert gambino.probability == 1
    assert not gambino.holds and gambino.plan.best.total == 7
    assert purple.best_total == 7 and gambino.cheapest_text == "cannot hold (best 7)"
    assert purple.survival == 0

    blue_row = next(t for t in blue.tiles if t.in_deck)
    assert blue_row.holds and blue_row.plan.cheapest == Boost(4, False, False, 0, 8)
    assert blue_row.cheapest_text == "return 4 goons"
    assert blue.survival == 1 and blue.survival_float == 1.0
    assert blue.defence_order == (P, B)  # Purple decides first (E3)
    assert "R-GANGWAR-7" in blue.explanation and "R-COMBAT-2" in blue.explanation

    # The engine agrees: Purple's bar falls, Blue's casino stands after spending 4 goons.
    after = play_war(ctx, 2, {(14, 0): None, (14, 1): blue_row.plan.cheapest})
    assert not standing(after, 14, 0) and standing(after, 14, 1)
    assert after.player(B).goons == 0


def test_e3_shipped_scenario_seen_before_its_war() -> None:
    """The shipped E3 scenario starts at the Lucky Luciano phase; the explorer moves it to the
    act's last round (R-ACT-2) so both buildings are still there to study."""
    game = scenario_before_war(load_scenario("e03_gang_war_district_14")).game()
    assert (game.state.act, game.state.phase) == (2, Phase.ROUNDS)
    assert default_building(game) == (14, 0)
    assert study_building(game, 14, 0).survival == 0
    assert study_building(game, 14, 1).survival == 1


def test_r_gangwar_3_the_war_under_way_knows_its_tile() -> None:
    """R-GANGWAR-3: once the gangster has arrived (E3 scenario at its Luciano phase, Blue to
    decide), the attacker is certain: the only candidate is the tile on the gangster board."""
    game = load_scenario("e03_gang_war_district_14").game()
    assert game.state.phase is Phase.GANG_WAR
    study = study_building(game, 14, 1)
    assert study.schedule.timing is WarTiming.UNDER_WAY
    assert study.deck_status is DeckStatus.ARRIVED
    assert study.candidates == (tile_named("Carlo Gambino").id,)
    assert study.survival == 1


# ============================================================================ bonuses
def test_r_crate_3_r_partner_1_lasting_bonuses_and_partner_help() -> None:
    """R-GANGWAR-7 / R-CRATE-3 / R-PARTNER-1 / R-COMBAT-4: strength 3 + crate #3 + a partner
    with the +1 defence ability = 5 before help; 1 goon reaches 6; beyond that the partner's
    strength must be paid for at its help cost."""
    partner = partner_with("defence")
    ctx = war_ctx(1, due=(9,))
    put_building(ctx, Y, 9, 0, NC, from_board=True)
    set_levels(ctx, Y, strength=3)
    yellow = ctx.player(Y)
    yellow.crates = [CAT.crate(3).id]
    yellow.partner, yellow.partner_district, yellow.goons = partner.id, 2, 1
    study = study_building(ctx, 9, 0)
    assert (study.strength, study.permanent) == (3, 2)
    assert any("crate #3" in s for s in study.bonus_sources)
    assert any("R-PARTNER-1" in s for s in study.bonus_sources)
    assert study.best_total == 5 + 1 + partner.strength
    for row in study.tiles:
        cheapest = row.plan.cheapest
        assert cheapest is not None
        if row.war_strength <= 5:
            assert (cheapest.goons, cheapest.partner) == (0, False)
        elif row.war_strength == 6:
            assert cheapest == Boost(1, False, False, 0, 6)  # a goon is free, the partner not
        else:
            assert cheapest.partner and cheapest.cost == partner.help_cost
            assert cheapest.goons == max(0, row.war_strength - 5 - partner.strength)
            assert f"pay {partner.name} ${partner.help_cost}" in row.cheapest_text
    assert study.survival == 1


def test_r_crate_5_partner_help_costs_2_less() -> None:
    """R-CRATE-5 / R-ALLY-6: with crate #5 the partner's help costs $2 less."""
    partner = partner_with(None)
    ctx = war_ctx(1, due=(9,))
    put_building(ctx, Y, 9, 0, BAR, from_board=True)
    set_levels(ctx, Y, strength=2)
    yellow = ctx.player(Y)
    yellow.crates = [CAT.crate(5).id]
    yellow.partner, yellow.partner_district = partner.id, 2
    study = study_building(ctx, 9, 0)
    helped = [t for t in study.tiles if t.holds]
    assert helped
    for row in helped:
        assert row.plan.cheapest is not None
        assert row.plan.cheapest.cost == partner.help_cost - 2


def test_r_combat_2_study_agrees_with_the_engine_for_every_tile() -> None:
    """R-COMBAT-2 / R-GANGWAR-7/8: for each tile of the Act 1 deck, playing the war with the
    study's cheapest hold keeps the building exactly when the study says it holds."""
    ctx = war_ctx(1, due=(5,))
    put_building(ctx, P, 5, 0, CASINO, from_board=True)
    set_levels(ctx, P, strength=4)
    purple = ctx.player(P)
    purple.goons, purple.crates = 2, [CAT.crate(4).id]
    study = study_building(ctx, 5, 0)
    verdicts = {t.holds for t in study.tiles}
    assert verdicts == {True, False}  # the position separates the deck
    for row in study.tiles:
        one = fork(ctx)
        one.state.gangster_decks["B"] = [row.tile.id]
        after = play_war(one, 1, {(5, 0): row.plan.cheapest})
        assert standing(after, 5, 0) is row.holds, row.reason


# ============================================================================ chances
def test_r_gangwar_1_survival_chance_on_a_constructed_deck() -> None:
    """R-GANGWAR-1: the district's tile is any remaining tile with equal chance. Strength 4 +
    2 goons = 6 holds only against war strength 6 or less."""
    weakest, *rest = sorted(CAT.gangster_deck("B"), key=lambda t: (t.war_strength, t.id))
    assert weakest.war_strength <= 6 < min(t.war_strength for t in rest)
    ctx = war_ctx(1, [weakest.id, rest[-1].id], due=(3,))
    put_building(ctx, B, 3, 0, BAR, from_board=True)
    set_levels(ctx, B, strength=4)
    ctx.player(B).goons = 2
    study = study_building(ctx, 3, 0)
    assert study.deck_status is DeckStatus.WAITING
    assert sorted(study.candidates) == sorted([weakest.id, rest[-1].id])
    chances = {t.tile.id: t.probability for t in study.tiles}
    assert chances[weakest.id] == chances[rest[-1].id] == Fraction(1, 2)
    assert all(chances[t.id] == 0 for t in rest[:-1])
    assert sum(chances.values()) == 1
    assert study.survival == Fraction(1, 2) and study.survival_float == 0.5
    assert study.hold_count == 1

    # The whole deck: 1 tile in 4 (or as many as the data has at war strength <= 6).
    full = war_ctx(1, due=(3,))
    put_building(full, B, 3, 0, BAR, from_board=True)
    set_levels(full, B, strength=4)
    full.player(B).goons = 2
    deck = CAT.gangster_deck("B")
    expected = Fraction(sum(t.war_strength <= 6 for t in deck), len(deck))
    assert study_building(full, 3, 0).survival == expected


def test_r_gangwar_10_a_finished_war_gives_no_chance() -> None:
    """R-GANGWAR-10: after Act 1's war its unused tiles are boxed; asking about Act 1 in Act 2
    lists the tiles but gives no survival chance."""
    ctx = war_ctx(2, due=(3,))
    ctx.state.gangster_decks["B"] = []
    put_building(ctx, B, 3, 0, BAR, from_board=True)
    study = study_building(ctx, 3, 0, act=1)
    assert study.deck_status is DeckStatus.BOXED
    assert study.candidates == () and study.survival is None
    assert study.survival_with_others is None
    assert len(study.tiles) == len(CAT.gangster_deck("B"))


# ============================================================================ the schedule
def test_r_closed_3_no_gangster_reaches_a_closed_district() -> None:
    """R-CLOSED-1/3: in a 2-player game the closed districts are never attacked and hold no
    building to study."""
    game = Game.new(players=2, seed=5)
    closed = [n for n, d in game.state.districts.items() if d.closed]
    assert closed
    for number in closed:
        schedule = war_schedule(game, number)
        assert schedule.timing is WarTiming.CLOSED and not schedule.attacked
        assert schedule.acts == () and schedule.rules == ("R-CLOSED-3",)
    assert not [d for d, _, _ in war_buildings(game) if d in closed]


def test_r_gangwar_12_13_a_district_with_its_gangster_is_not_attacked_again() -> None:
    """R-GANGWAR-12/13: a district whose gangster already arrived (its strength token is up)
    gets no new one; the figures stay available as "what if"."""
    ctx = war_ctx(1)
    district = ctx.state.districts[6]
    district.gangster, district.strength_token, district.had_gangster = "gangster-A3", 5, True
    put_building(ctx, P, 6, 0, BAR, from_board=True)
    schedule = war_schedule(ctx, 6)
    assert schedule.timing is WarTiming.DONE and not schedule.attacked
    study = study_building(ctx, 6, 0)
    assert study.act == 1 and "R-GANGWAR-12" in study.explanation


def test_r_setup_9_a_hidden_token_means_a_later_war() -> None:
    """R-SETUP-8/9, R-GANGWAR-11: at setup three districts are due in Act 1; a district with
    no gangster yet and no token on it waits on the time track for Act 2 or 3."""
    game = Game.new(players=4, seed=3)
    state = game.state
    due = [n for n, d in state.districts.items() if d.war_token]
    assert len(due) == 3 and next_war_act(state) == 1
    assert all(war_schedule(game, n).acts == (1,) for n in due)
    hidden = [
        n
        for n, d in state.districts.items()
        if not d.war_token and not d.had_gangster and not d.closed
    ]
    assert hidden
    for number in hidden:
        schedule = war_schedule(game, number)
        assert schedule.timing is WarTiming.HIDDEN and schedule.acts == (2, 3)


def test_r_gangwar_2_11_time_track_columns_decide_hidden_or_none() -> None:
    """R-GANGWAR-2/11: a district whose token is on the time track waits for a later war (in
    Act 2 only the Act 3 column is left); one with no token anywhere gets no new gangster."""
    ctx = war_ctx(1)
    columns = ctx.state.war_columns
    assert len(columns) == 2
    waiting = columns[1][0]
    assert war_schedule(ctx, waiting).acts == (2, 3)
    untouched = next(n for n in ctx.state.districts if not any(n in column for column in columns))
    none = war_schedule(ctx, untouched)
    assert none.timing is WarTiming.NONE and none.rules == ("R-GANGWAR-2",)
    ctx.state.act = 2
    del columns[0]
    later = war_schedule(ctx, waiting)
    assert later.timing is WarTiming.HIDDEN and later.acts == (3,)
    assert "Act 3" in later.reason


def test_r_act_2_only_acts_1_to_3_have_a_gang_war() -> None:
    """R-ACT-2: Acts 1-3 end with a gang war; Act 4 does not."""
    ctx = war_ctx(1, due=(3,))
    put_building(ctx, B, 3, 0, BAR, from_board=True)
    assert list(act_options().values()) == [1, 2, 3]
    with pytest.raises(ValueError, match="R-ACT-2"):
        study_building(ctx, 3, 0, act=4)
    with pytest.raises(ValueError, match="no player building"):
        study_building(ctx, 3, 1)


# ============================================================================ shared goons
def test_r_combat_5_goons_are_shared_by_the_owners_buildings_in_a_district() -> None:
    """R-COMBAT-5 / R-GANGWAR-7/14: two buildings of one owner each need 2 goons against war
    strength 6; with 3 goons either can hold alone but not both, unless the partner pays for
    one. The engine plays the study's joint plan and both stand."""
    six = next(t for t in CAT.gangster_deck("B") if t.war_strength == 6)
    ctx = war_ctx(1, [six.id], due=(7,))
    put_building(ctx, P, 7, 0, DIST, from_board=True)
    put_building(ctx, P, 7, 1, BAR, from_board=True)
    set_levels(ctx, P, strength=4)
    purple = ctx.player(P)
    purple.goons = 3
    study = study_building(ctx, 7, 1)
    assert study.others == (0,)
    row = next(t for t in study.tiles if t.in_deck)
    assert row.holds and not row.holds_with_others
    assert study.survival == 1 and study.survival_with_others == 0
    shown = study.rows()[study.tiles.index(row)]
    assert shown["holds?"] == "yes" and shown["with your other buildings here"] == "not all of them"
    assert "R-COMBAT-5" in study.explanation

    # Declining the distillery (R-GANGWAR-14) leaves 3 goons for the bar: it stands.
    after = play_war(ctx, 1, {(7, 0): None, (7, 1): row.plan.cheapest})
    assert not standing(after, 7, 0) and standing(after, 7, 1)

    # With a partner (no free distillery help) paid for one of them, both can hold.
    purple.partner, purple.partner_district = partner_with(None).id, 2
    study = study_building(ctx, 7, 1)
    row = next(t for t in study.tiles if t.in_deck)
    assert row.holds_with_others and row.shared.boosts is not None
    first, second = row.shared.boosts
    assert first.goons + second.goons <= 3 and (first.partner or second.partner)
    after = play_war(ctx, 1, {(7, 0): first, (7, 1): second})
    assert standing(after, 7, 0) and standing(after, 7, 1)


# ============================================================================ purity
def test_the_study_is_deterministic_and_changes_nothing() -> None:
    """Two studies of one position are equal, and neither the Ctx nor the Game is changed."""
    ctx = e3_ctx()
    before = to_data(ctx.state)
    assert study_building(ctx, 14, 1) == study_building(ctx, 14, 1)
    assert to_data(ctx.state) == before
    game = scenario_before_war(load_scenario("e03_gang_war_district_14")).game()
    saved = game.to_json()
    first = study_building(game, 14, 0)
    assert study_building(game, 14, 0) == first
    assert game.to_json() == saved


def test_describe_boost_in_plain_words() -> None:
    assert describe_boost(Boost(1, False, False, 0, 5)) == "return 1 goon"
    assert describe_boost(Boost(0, True, True, 0, 9), "A6") == "use A6 for free (once per game)"
    assert describe_boost(Boost(0, True, False, 0, 9), "A4") == "A4 helps for free"


# ============================================================================ exercises
def test_exercises_take_their_answers_from_the_study() -> None:
    """The exercises' expected answers are the study's own numbers (R-GANGWAR-6, R-COMBAT-3)."""
    study = study_building(e3_ctx(), 14, 1)
    exercises = {e.key: e for e in war_exercises(study)}
    assert set(exercises) == {"war-strength", "goons", "hold-count"}
    assert exercises["war-strength"].expected == 8
    assert exercises["goons"].expected == 4
    assert exercises["hold-count"].expected == study.hold_count == 1
    assert exercises["goons"].check("4 goons").correct
    wrong = exercises["goons"].check("3")
    assert not wrong.correct and "R-COMBAT-3" in wrong.message
    assert all(e.rules for e in exercises.values())
    purple = {e.key: e for e in war_exercises(study_building(e3_ctx(), 14, 0))}
    assert purple["strongest-holds"].expected is False
    assert purple["strongest-holds"].check("no").correct


# ============================================================================ positions
@pytest.mark.parametrize(("key", "seed", "act"), [("bot:2:2:war1", 2, 1), ("bot:2:8:war3", 8, 3)])
def test_bot_positions_stop_just_before_the_war(key: str, seed: int, act: int) -> None:
    """A bot game is stopped at its last decision of the act's rounds (R-ACT-2): one more
    decision starts the act's Lucky Luciano phase. Seeded, so it is repeatable."""
    assert key in BOT_POSITIONS
    game = load_war_position(key)
    assert (game.state.act, game.state.phase) == (act, Phase.ROUNDS)
    assert game.history == bot_game_before_war(seed, act).history
    after = game.copy()
    after.apply(after.legal_actions()[0])
    assert after.state.phase is not Phase.ROUNDS or after.state.act > act
    study_ready = default_building(game)
    assert study_ready is not None
    assert war_schedule(game, study_ready[0]).timing is WarTiming.DUE


def test_building_types_are_named_in_the_rows() -> None:
    ctx = e3_ctx()
    study = study_building(ctx, 14, 1)
    assert study.building is BuildingType.CASINO and study.title == "Blue's casino in district 14"
    assert {"gangster", "war strength", "chance", "holds?", "cheapest hold"} <= set(study.rows()[0])


# ============================================================================ the answers' text
#: A full stop (or ! or ?) followed by a lowercase word: a sentence that does not begin as one.
_LOWER_AFTER_STOP = re.compile(r"[.!?]\s+[a-z]")


def _shown(markdown: str) -> str:
    """What a reader sees of ``markdown`` in a marimo notebook: rendered, tags dropped,
    entities read."""
    rendered = mo.md(markdown).text
    return html.unescape(re.sub(r"<[^>]+>", "", rendered))


def _war_answer_texts() -> list[tuple[str, str]]:
    """Every text a gang-war exercise shows (its answer, the verdict on a right and a wrong
    answer, its hint), on every war position's buildings and acts the station offers."""
    texts: list[tuple[str, str]] = []

    def add(where: str, exercise: Exercise) -> None:
        wrong = "maybe" if isinstance(exercise.expected, bool) else "999"
        for text in (
            exercise.solution,
            exercise.check(exercise.answer_text).message,
            exercise.check(wrong).message,
            exercise.question,
        ):
            texts.append((f"{where} {exercise.key}", text))

    for key in war_positions().values():
        game = load_war_position(key)
        for district, space, _ in war_buildings(game)[:3]:
            for act in act_options(game).values():
                study = study_building(game, district, space, act)
                for exercise in war_exercises(study):
                    add(f"{key} {district}/{space} act {act}", exercise)
    return texts


def test_every_gang_war_answer_reads_clean() -> None:
    """Issue 24 item 12: a gang-war answer showed a literal ``\\<`` and a lowercase "the" after
    a full stop. Every text of every gang-war exercise (R-GANGWAR-6, R-GANGWAR-7, R-COMBAT-2),
    rendered as the station renders it (``markdown_escape`` in ``mo.md``), shows no Markdown
    escape, begins each sentence with a capital and counts its plurals ("1 goon", "2 goons")."""
    texts = _war_answer_texts()
    assert len(texts) > 40
    assert any("<" in text for _, text in texts), "a text compares with < (the case that broke)"
    for where, text in texts:
        shown = _shown(markdown_escape(text))
        assert "\\" not in shown, (where, shown)
        assert "&lt;" not in shown and "&amp;" not in shown, (where, shown)
        assert not _LOWER_AFTER_STOP.search(shown), (where, shown)
        assert "(s)" not in shown, (where, shown)
        assert shown.strip() == text.strip(), (where, text, shown)


def test_the_explorer_opens_at_a_position_linked_from_a_game() -> None:
    """Issue 27: the coach links the gang war explorer at what the asking seat sees (``?at=``,
    as the control explorer). At every 25th decision of a seeded heuristic game the link
    opens as a position, and each of the seat's map's player buildings (most of the game has
    some) can be studied for its war: the act, the district's possible tiles and a chance
    (R-GANGWAR-1, R-GANGWAR-6, R-GANGWAR-7)."""
    game = Game([Colour.PURPLE, Colour.BLUE, Colour.GREEN], seed=11)
    bots = {c: HeuristicBot(seed=11) for c in game.colours}
    step = studied = 0
    while (pending := game.pending) is not None:
        if step % 25 == 0:
            query = position_query(game.observe(pending.player), f"step {step}")
            start = linked_start(query["at"])
            assert start.refusal is None and start.key is not None, (step, start.refusal)
            linked = load_war_position(start.key)
            on_map = {(d, s) for d, s, _ in war_buildings(linked)}
            assert on_map == {
                (d, s)
                for d, district in game.state.districts.items()
                for s, space in enumerate(district.spaces)
                if space.building is not None and space.building.owner is not None
            }
            for district, space in sorted(on_map)[:2]:
                study = study_building(linked, district, space)
                assert (study.district, study.space) == (district, space)
                assert study.act in act_options(linked).values()
                assert study.survival is None or 0 <= study.survival <= 1
                studied += 1
        game.apply(decide(game, bots[pending.player]))
        step += 1
    assert studied >= 10

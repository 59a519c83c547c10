"""The area-control what-if explorer (speakeasy.games.speakeasy.studies.control): who controls each
district and why (R-CONTROL-2..7), the projected area-control tracks (R-CONTROL-1/8), the payouts
after them (R-PAYOUT-2..5), single edits validated as scenarios, and the changes that flip a
district. Rulebook examples E4-E8 are checked, and the results are cross-checked against the
engine's own Lucky Luciano steps (score_area_control, pay_luciano)."""

from __future__ import annotations

import base64
import copy
import random
import zlib

import pytest

from speakeasy.core.bots import decide
from speakeasy.games.speakeasy.engine.game import Game
from speakeasy.games.speakeasy.figures.control_figure import DISTRICT_CONTROL_TRACE, control_figure
from speakeasy.games.speakeasy.figures.truck_explorer import clicked_district
from speakeasy.games.speakeasy.model.board import Area
from speakeasy.games.speakeasy.model.catalog.loader import load_catalog
from speakeasy.games.speakeasy.model.options import Options
from speakeasy.games.speakeasy.model.state import Colour, to_data
from speakeasy.games.speakeasy.positions.format import parse_scenario
from speakeasy.games.speakeasy.positions.shipped import load_scenario
from speakeasy.games.speakeasy.rules.context import Ctx
from speakeasy.games.speakeasy.rules.luciano import (
    ControlCase,
    district_control,
    pay_luciano,
    score_area_control,
)
from speakeasy.games.speakeasy.studies.control import (
    BOT_START,
    Edit,
    EditKind,
    Exploration,
    IllegalEdit,
    LinkedStart,
    best_rows,
    control_exercises,
    district_contents,
    edit_outcomes,
    flip_rows,
    flips,
    headline,
    linked_start,
    single_edits,
    starting_positions,
    study_control,
    who,
)
from speakeasy.games.speakeasy.studies.positions import UPTOWN_E5_E6, Position, position_query
from speakeasy.games.speakeasy.studies.strategy import HeuristicBot
from speakeasy.tools.page_address import encode_table

E04 = "scenario:e04_police_casino_district_12"
UPTOWN = "scenario:uptown_e5_e6"
P, Y, G, B = Colour.PURPLE, Colour.YELLOW, Colour.GREEN, Colour.BLUE


def _position(text: str) -> Position:
    return Position.from_scenario(parse_scenario(text))


def _e5(green_13: str) -> Position:
    """E5: district 13 with Yellow's bar and Green's casino (CZ) or nightclub (PL), DISC-8;
    district 14 with Yellow's nightclub and bar and Blue's nightclub."""
    return _position(f"""
title = "E5"
[districts.13]
buildings = [{{ owner = "yellow", type = "bar" }}, {{ owner = "green", type = "{green_13}" }}]
[districts.14]
buildings = [
    {{ owner = "yellow", type = "nightclub" }},
    {{ owner = "yellow", type = "bar" }},
    {{ owner = "blue", type = "nightclub" }},
]
""")


E6 = """
title = "E6"
[districts.15]
gangster_bars = 2
buildings = [{ owner = "purple", type = "distillery" }]
[districts.16]
police = true
gangster_bars = 1
buildings = [
    { owner = "blue", type = "bar", protected = true },
    { owner = "green", type = "casino" },
]
"""

#: E7: after the Midtown check the gangsters and Green share the top space (2), Yellow and
#: Purple share the next (1), Blue is at the bottom.
E7 = """
title = "E7"
[districts.7]
gangster_bars = 1
[districts.8]
gangster_bars = 2
[districts.9]
buildings = [{ owner = "green", type = "bar" }]
[districts.10]
buildings = [{ owner = "green", type = "bar" }]
[districts.11]
buildings = [{ owner = "yellow", type = "bar" }, { owner = "purple", type = "bar" }]
"""


# ============================================================================ control (E4-E6)
def test_e4_police_close_the_casino_and_the_gangsters_control_district_12() -> None:
    """E4 (R-GOLDEN-1, R-CONTROL-5): the Midtown gangster marker moves up 1."""
    start = Position.load(E04)
    study = study_control(start.state, start.board)
    control = study.control(12)
    assert control.case is ControlCase.GANGSTERS and control.rule == "R-CONTROL-5"
    assert who(control) == "the gangsters"
    assert headline(control) == "the gangsters control district 12"
    assert best_rows(control) == [
        {"player": "Yellow", "buildings here": 1, "operating": 0, "best operating": "none"}
    ]
    midtown = study.area(Area.MIDTOWN)
    assert midtown.move(None).after == 1 and midtown.move(None).districts == (12,)
    assert all(midtown.move(c).after == 0 for c in start.colours)
    assert district_contents(start.state, 12) == (
        "police figure; space 1: Yellow's casino; 1 gangster bar"
    )


@pytest.mark.parametrize("green_13", ["casino", "nightclub"])
def test_e5_green_controls_13_and_yellow_and_blue_share_14(green_13: str) -> None:
    """E5 (R-CONTROL-4, R-CONTROL-7), either book's district 13 (DISC-8): the number of
    buildings does not matter, only each player's best."""
    pos = _e5(green_13)
    study = study_control(pos.state, pos.board)
    assert study.control(13).players == (G,) and study.control(13).rule == "R-CONTROL-4"
    assert set(study.control(14).players) == {Y, B}
    assert headline(study.control(14)) == "Yellow and Blue control district 14"
    uptown = study.area(Area.UPTOWN)
    assert {c: uptown.move(c).after for c in (P, Y, G, B)} == {P: 0, Y: 1, G: 1, B: 1}


def test_e6_purple_controls_15_and_blue_controls_16() -> None:
    """E6: an operating distillery beats gangster bars (R-CONTROL-4/7); a protected bar beats
    a casino stopped by police (R-CONTROL-3, R-GOLDEN-1)."""
    pos = _position(E6)
    study = study_control(pos.state, pos.board)
    assert study.control(15).players == (P,) and study.control(15).rule == "R-CONTROL-4"
    assert study.control(16).players == (B,) and study.control(16).rule == "R-CONTROL-3"
    uptown = study.area(Area.UPTOWN)
    assert uptown.move(B).after == 1 and uptown.move(B).districts == (16,)
    assert uptown.move(None).after == 0


# ============================================================================ payouts (E7, E8)
def test_e7_midtown_payout_after_the_control_check() -> None:
    """E7 (R-PAYOUT-2..5): Green shares the top with the gangsters, so rank 2 = $15; Yellow and
    Purple are rank 4 = $5; Blue controlled nothing; the gangsters are never paid."""
    pos = _position(E7)
    midtown = study_control(pos.state, pos.board).area(Area.MIDTOWN)
    assert {m.who: m.after for m in midtown.moves} == {
        "Purple": 1,
        "Yellow": 1,
        "Green": 2,
        "Blue": 0,
        "Gangsters": 2,
    }
    assert {c: midtown.payout(c) for c in (P, Y, G, B)} == {P: 5, Y: 5, G: 15, B: 0}
    gangsters = next(r for r in midtown.payouts if r.colour is None)
    assert gangsters.rank == 2 and gangsters.amount == 0


def test_e8_uptown_payout_of_e5_and_e6_together() -> None:
    """E8 (R-PAYOUT-2..5): Blue alone on top gets $45; Yellow, Green and Purple tie below and
    get $20 each; the gangster marker is below them."""
    pos = Position.load(UPTOWN)
    study = study_control(pos.state, pos.board)
    uptown = study.area(Area.UPTOWN)
    assert uptown.move(B).after == 2 and uptown.move(None).after == 0
    assert {c: uptown.payout(c) for c in (P, Y, G, B)} == {P: 20, Y: 20, G: 20, B: 45}
    assert study.total(B) == 45
    row = next(r for r in study.payout_rows() if r["player"] == "Blue")
    assert row["Uptown"] == "$45 (rank 1)" and row["total"] == "$45"
    assert {r["marker"]: r["Uptown"] for r in study.track_rows()}["Blue"] == "0 → 2 (14, 16)"


@pytest.mark.parametrize("key", [UPTOWN, E04, "setup:4:1", "setup:2:1", BOT_START])
def test_tracks_and_payouts_are_what_the_engine_would_do(key: str) -> None:
    """The projection equals running the engine's own steps on a copy: score_area_control
    (R-CONTROL-1..8) then pay_luciano (R-PAYOUT-1..5) — even when the markers start high."""
    pos = Position.load(key)
    state = copy.deepcopy(pos.state)
    for player in state.players.values():  # markers left high by an earlier act
        player.area_control = dict.fromkeys(Area, 3)
    study = study_control(state, pos.board)
    seats = len(state.players)
    ctx = Ctx(copy.deepcopy(state), load_catalog(), pos.board, random.Random(0), Options(), seats)
    safes = {c: p.safe for c, p in ctx.state.players.items()}
    score_area_control(ctx)
    pay_luciano(ctx)
    for area in study.areas:
        for colour, player in ctx.state.players.items():
            assert area.move(colour).now == 3
            assert area.move(colour).after == player.area_control[area.area]
        assert area.move(None).after == ctx.state.gangster_control[area.area]
    for colour, player in ctx.state.players.items():
        assert study.total(colour) == player.safe - safes[colour]


# ============================================================================ edits
def test_removing_the_police_in_e4_hands_district_12_to_yellow() -> None:
    """R-GOLDEN-1, R-CONTROL-4: the casino operates again and beats the gangster bar."""
    start = Position.load(E04)
    after = Edit.remove_police(12).apply(start)
    assert after != start
    control = district_control(after.state, 12)
    assert control.players == (Y,) and control.rule == "R-CONTROL-4"
    assert after.state.supply_police == start.state.supply_police + 1  # back to the supply
    assert "police" not in after.scenario.data["districts"]["12"]


def test_e4_flips_are_exactly_the_three_single_changes() -> None:
    start = Position.load(E04)
    found = flips(start, 12)
    assert [(f.edit, who(f.after), f.rule) for f in found] == [
        (Edit.remove_police(12), "Yellow", "R-CONTROL-4"),
        (Edit.protect(12, 0, Y, "casino"), "Yellow", "R-CONTROL-3"),
        (Edit.remove_gangster_bar(12), "nobody", "R-CONTROL-6"),
    ]
    assert found[0].sentence == (
        "Remove the police figure from district 12: unprotected buildings there operate again "
        "(R-GOLDEN-1), so Yellow would control district 12 (now: the gangsters), because with "
        "no police and no mafioso the best operating building wins (R-CONTROL-4)."
    )
    assert "(R-GOLDEN-1)" in found[1].sentence and "(R-CONTROL-3)" in found[1].sentence


@pytest.mark.parametrize("key", [UPTOWN, E04, "setup:2:1", BOT_START])
def test_flips_are_the_legal_edits_that_change_the_controllers(key: str) -> None:
    """Every flip really changes who controls the district when applied; every other legal
    edit leaves the same controllers; refused edits are never reported."""
    pos = Position.load(key)
    for n in pos.state.districts:
        before = district_control(pos.state, n)
        found = {f.edit for f in flips(pos, n)}
        for outcome in edit_outcomes(pos, n):
            if not outcome.legal:
                assert outcome.edit not in found and outcome.position is None
                continue
            assert outcome.position is not None
            after = district_control(outcome.position.state, n)
            changed = (set(after.players), after.gangsters) != (
                set(before.players),
                before.gangsters,
            )
            assert changed == (outcome.edit in found), (n, outcome.edit.label)


def test_uptown_flips_cite_the_deciding_step() -> None:
    pos = Position.load(UPTOWN)
    by_label = {f.edit.label: f for f in flips(pos, 16)}
    unguard = by_label["Take the mafioso off Blue's bar in district 16"]
    assert who(unguard.after) == "the gangsters" and unguard.rule == "R-CONTROL-5"
    assert unguard.mechanism_rule == "R-GOLDEN-1"
    guard = by_label["Protect Green's casino in district 16 with a mafioso"]
    assert guard.after.players == (G,) and guard.rule == "R-CONTROL-3"
    police = next(f for f in flips(pos, 14) if f.edit == Edit.add_police(14))
    assert who(police.after) == "nobody" and police.rule == "R-CONTROL-6"


def test_single_edits_of_an_empty_district() -> None:
    """Police in, a building of every seated colour and type, a gangster bar."""
    pos = Position.load("empty:4")
    edits = single_edits(pos, 13)
    assert edits[0] == Edit.add_police(13) and edits[-1] == Edit.add_gangster_bar(13)
    assert sum(e.kind is EditKind.ADD_BUILDING for e in edits) == 16
    assert len(edits) == 18
    rows = flip_rows(flips(pos, 13))
    assert [r["change"] for r in rows] == [
        "Add Purple's casino, nightclub, bar or distillery",
        "Add Yellow's casino, nightclub, bar or distillery",
        "Add Green's casino, nightclub, bar or distillery",
        "Add Blue's casino, nightclub, bar or distillery",
        "Add a gangster bar",
    ]
    assert rows[-1]["then"] == "the gangsters" and rows[-1]["decided by"] == "R-CONTROL-5"


def test_edits_change_only_their_district_and_keep_the_pieces() -> None:
    """A new building goes on the first empty space; everything else stays where it was."""
    pos = _position(E6)
    pos = Edit.remove_gangster_bar(15).apply(pos)  # 15: distillery, gangster bar, empty
    after = Edit.add_building(15, "yellow", "casino").apply(pos)
    for n in pos.state.districts:
        if n != 15:
            assert to_data(after.state.districts[n]) == to_data(pos.state.districts[n])
    spaces = after.state.districts[15].spaces
    assert [s.building.type.value if s.building else None for s in spaces] == [
        "distillery",
        None,
        "casino",
    ]
    assert [s.gangster_bar for s in spaces] == [False, True, False]
    assert district_control(after.state, 15).players == (Y,)
    # the casino piece left Yellow's operations board
    assert len(after.state.players[Y].board_pieces) == len(pos.state.players[Y].board_pieces) - 1


@pytest.mark.parametrize(
    ("key", "edit", "rule", "words"),
    [
        (E04, Edit.add_gangster_bar(12), "R-BUILD-1", "no empty building space"),
        (E04, Edit.add_building(12, "blue", "bar"), "R-BUILD-1", "no empty building space"),
        (E04, Edit.add_police(12), "R-POLICE-3", "already has its police figure"),
        (E04, Edit.remove_police(11), "R-GOLDEN-1", "no police figure"),
        (E04, Edit.remove_gangster_bar(11), "R-CONTROL-5", "no gangster bar"),
        (E04, Edit.unprotect(12, 0), "R-PROTECT-1", "has no mafioso"),
        (UPTOWN, Edit.protect(16, 0), "R-PROTECT-1", "already has its mafioso"),
        (UPTOWN, Edit.add_building(13, "green", "casino"), "R-BUILD-5", "Uptown"),
        (UPTOWN, Edit.add_building(13, "purple", "distillery"), "R-BUILD-7", "distillery"),
        (UPTOWN, Edit.add_building(13, "blue", "bar", space=0), "R-BUILD-1", "not empty"),
        ("setup:2:1", Edit.add_building(1, "purple", "bar"), "R-CLOSED-1", "closed"),
        ("setup:2:1", Edit.add_gangster_bar(1), "R-CLOSED-3", "closed"),
    ],
)
def test_impossible_edits_are_refused_with_their_rule(
    key: str, edit: Edit, rule: str, words: str
) -> None:
    pos = Position.load(key)
    before = to_data(pos.state)
    with pytest.raises(IllegalEdit) as refused:
        edit.apply(pos)
    assert refused.value.rule == rule
    assert words in refused.value.reason
    assert str(refused.value).startswith(edit.label)
    assert to_data(pos.state) == before


def test_a_player_with_no_mafioso_left_cannot_protect() -> None:
    """R-PROTECT-1: 4 in the VIP area and 6 in the docks use up Yellow's 10 mafiosi."""
    pos = _position("""
title = "No mafioso left"
[districts.5]
buildings = [{ owner = "yellow", type = "bar" }]
[player.yellow]
vip = 4
[docks]
downtown = ["yellow", "yellow", "yellow", "yellow"]
midtown = ["yellow", "yellow"]
""")
    assert pos.state.players[Y].mafiosi == 0
    with pytest.raises(IllegalEdit, match="no mafioso left") as refused:
        Edit.protect(5, 0).apply(pos)
    assert refused.value.rule == "R-PROTECT-1"


def test_police_may_enter_a_closed_district() -> None:
    """R-CLOSED-2: police may be placed in a closed district (it is still never controlled,
    R-CLOSED-1)."""
    pos = Position.load("setup:2:1")
    closed = next(n for n, d in pos.state.districts.items() if d.closed)
    edit = Edit.remove_police(closed) if pos.state.districts[closed].police else None
    edit = edit or Edit.add_police(closed)
    after = edit.apply(pos)
    assert after.state.districts[closed].closed
    assert district_control(after.state, closed).case is ControlCase.CLOSED
    assert [o.edit for o in edit_outcomes(pos, closed) if o.legal] == [edit]
    assert flips(pos, closed) == ()


def test_the_callers_position_is_never_changed() -> None:
    pos = Position.load(UPTOWN)
    state_before, scenario_before = to_data(pos.state), pos.scenario.to_data()
    study_control(pos.state, pos.board)
    for n in pos.state.districts:
        flips(pos, n)
    Edit.remove_building(14, 0).apply(pos)
    control_figure(pos, 14)
    assert to_data(pos.state) == state_before
    assert pos.scenario.to_data() == scenario_before


def test_edit_values() -> None:
    edit = Edit.add_building(13, "green", "casino")
    assert edit == Edit(EditKind.ADD_BUILDING, 13, G, edit.building)
    assert edit.label == "Add Green's casino to district 13" == str(edit)
    assert Edit.remove_building(14, 2, "blue", "nightclub").short == (
        "Remove Blue's nightclub (space 3)"
    )
    assert Edit.unprotect(16, 0).label == (
        "Take the mafioso off the building on space 1 in district 16"
    )
    assert Edit.add_police(3).rule == "R-GOLDEN-1"
    with pytest.raises(ValueError, match="no district 17"):
        Edit.add_police(17)
    with pytest.raises(ValueError, match="needs the space"):
        Edit(EditKind.PROTECT, 4)
    with pytest.raises(ValueError, match="owner and its type"):
        Edit(EditKind.ADD_BUILDING, 4, G)
    pos = Position.load(UPTOWN)
    with pytest.raises(IllegalEdit, match="holds Blue's bar"):
        Edit.remove_building(16, 0, "green", "casino").apply(pos)


# ============================================================================ positions, history
def test_the_position_is_the_scenario_as_written_before_play_resumes() -> None:
    """Same map as the engine's game for a round start; a Luciano-phase scenario is shown
    before its gang war (E3's district 14 still holds its war token and no gangster bar)."""
    scenario = load_scenario("e04_police_casino_district_12")
    pos = Position.from_scenario(scenario)
    assert to_data(pos.state.districts) == to_data(scenario.game().state.districts)
    e3 = Position.load("scenario:e03_gang_war_district_14")
    assert e3.state.districts[14].war_token
    assert not any(s.gangster_bar for s in e3.state.districts[14].spaces)


def test_starting_positions_all_load() -> None:
    starts = starting_positions()
    assert "scenario:e04_police_casino_district_12" in starts.values()
    assert {UPTOWN, BOT_START, "empty:4", "setup:4:1", "setup:2:1"} <= set(starts.values())
    for key in starts.values():
        assert Position.load(key).state.districts
    assert parse_scenario(UPTOWN_E5_E6).source == "rulebook: E5, E6"
    with pytest.raises(ValueError, match="unknown position"):
        Position.load("nowhere")


def test_exploration_history_and_undo() -> None:
    start = Position.load(E04)
    ex = Exploration(start)
    assert ex.current is start and ex.previous is None
    one = ex.apply(Edit.remove_police(12))
    two = one.apply(Edit.remove_gangster_bar(12))
    assert two.edits == (Edit.remove_police(12), Edit.remove_gangster_bar(12))
    assert two.previous == one.current and one.previous == start
    assert two.undo() == one and two.undo().undo() == ex
    with pytest.raises(IllegalEdit):
        two.apply(Edit.remove_gangster_bar(12))
    assert len(two.steps) == 2  # immutable: a refused edit changes nothing
    assert ex.steps == ()


# ============================================================================ figure, exercises
def test_control_figure_marks_controllers_and_the_selection() -> None:
    pos = Position.load(UPTOWN)
    figure = control_figure(pos, 14)
    meta = figure.layout.meta
    assert meta["selected"] == 14
    assert meta["control"]["14"] == "Yellow and Blue" and meta["control"]["1"] == "nobody"
    trace = next(t for t in figure.data if t.name == DISTRICT_CONTROL_TRACE)
    # 13 Green, 14 Yellow + Blue, 15 Purple, 16 Blue
    assert sorted(trace.customdata) == [13, 14, 14, 15, 16]
    districts = next(i for i, t in enumerate(figure.data) if t.name == "districts")
    index = list(figure.data[districts].customdata).index(16)
    assert clicked_district([{"curveNumber": districts, "pointIndex": index}], figure) == 16
    changed = control_figure(Edit.add_gangster_bar(13).apply(pos), 13, previous=pos)
    rings = next(t for t in changed.data if t.name == "changed districts")
    assert list(rings.customdata) == [13]


def test_exercises_are_answered_by_the_engine() -> None:
    """Expected answers come from the rules code; they agree with the rulebook (E8: $20)."""
    exercises = {ex.key: (key, ex) for key, ex in control_exercises()}
    assert set(exercises) == {"police-14", "uptown-green", "e04-flips"}
    key, police = exercises["police-14"]
    assert key == UPTOWN and police.expected == "nobody"
    assert police.check("Nobody").correct
    wrong = police.check("Yellow and Blue")
    assert not wrong.correct and "R-GOLDEN-1" in wrong.message and "R-CONTROL-6" in wrong.message
    assert exercises["uptown-green"][1].expected == 20
    assert exercises["uptown-green"][1].check("$20").correct
    assert exercises["e04-flips"][1].expected == 3
    assert "R-PAYOUT-2" in exercises["uptown-green"][1].check("35").message
    for start_key, _ in exercises.values():
        assert start_key in starting_positions().values()


def test_gangster_bar_edits_keep_bars_on_their_own_spaces() -> None:
    """A bar standing on a later space (its building was lost, R-GANGWAR-8) stays there when
    another bar is added on the empty space or the last one is removed (R-CONTROL-5)."""
    start = _position("[districts.13]\ngangster_bars = [3]\nstrength = 5\n")
    bars = [i for i, s in enumerate(start.state.districts[13].spaces) if s.gangster_bar]
    assert bars == [2]
    added = Edit.add_gangster_bar(13).apply(start)
    assert [s.gangster_bar for s in added.state.districts[13].spaces] == [True, False, True]
    removed = Edit.remove_gangster_bar(13).apply(start)
    assert not any(s.gangster_bar for s in removed.state.districts[13].spaces)
    assert bars == [i for i, s in enumerate(start.state.districts[13].spaces) if s.gangster_bar]


# ---------------------------------------------------------------- a position linked from a game
def _mid_game(seed: int, decisions: int | None) -> Game:
    """A 3-player game played by heuristic bots for ``decisions`` (``None``: into Act 2's
    second round, when the area tracks have moved)."""
    game = Game([Colour.PURPLE, Colour.BLUE, Colour.GREEN], seed=seed)
    bots = {c: HeuristicBot(seed=seed) for c in game.colours}
    played = 0
    while (game.state.act < 2 or game.state.round < 2) if decisions is None else played < decisions:
        pending = game.pending
        assert pending is not None
        game.apply(decide(game, bots[pending.player]))
        played += 1
    return game


@pytest.mark.parametrize(("seed", "decisions"), [(1, None), (2, None), (3, None), (2, 150)])
def test_a_linked_position_is_the_map_as_the_seat_sees_it(seed: int, decisions: int | None) -> None:
    """The coach's link (``?at=``) opens the control explorer at the table's map: every
    district has the same controller as in the game (R-CONTROL-2..7), the tracks are the
    game's and the areas pay the same (R-PAYOUT-1). What it carries is public (a safe too, as
    every payment into and out of it is announced, R-MONEY-2/4), so every seat's link is the
    same: a link that carried a seat's hidden facts (its hand) would differ from seat to
    seat."""
    game = _mid_game(seed, decisions)
    links = {position_query(game.observe(c), "Your game")["at"] for c in game.colours}
    assert len(links) == 1
    start = linked_start(links.pop())
    assert start.refusal is None and start.key is not None and start.label == "Your game"
    position = Position.load(start.key)
    for number in game.state.districts:
        assert district_control(position.state, number) == district_control(game.state, number)
    ours = study_control(position.state, position.board, position.catalog)
    theirs = study_control(game.state, position.board, position.catalog)
    for area in Area:
        assert ours.area(area).payouts == theirs.area(area).payouts
    # the tracks and what lies in front of each player come along (they had moved)
    moved = any(v for p in game.state.players.values() for v in p.area_control.values())
    assert moved or decisions is not None
    for colour, player in game.state.players.items():
        linked = position.state.players[colour]
        assert linked.area_control == player.area_control
        assert (linked.pocket, linked.safe, linked.levels) == (
            player.pocket,
            player.safe,
            player.levels,
        )
    assert position.state.gangster_control == game.state.gangster_control
    # nothing held behind a screen: no hands, no decks, no time track
    data = position.scenario.to_data()
    written = set(data) | {key for part in data["player"].values() for key in part}
    assert not {"hand", "decks", "time_track"} & written


def test_a_link_that_holds_no_position_is_refused_in_plain_words() -> None:
    """Anyone can edit an address: each bad ``at`` value gets a refusal, never an error."""
    bomb = base64.urlsafe_b64encode(zlib.compress(b" " * 10**6, 9)).decode().rstrip("=")
    play_table = encode_table("speakeasy", {"seats": [["purple", "human"]], "seed": 7})
    impossible = encode_table(  # 2 players close five districts, not one (R-SETUP-2)
        "speakeasy-view",
        {
            "scenario": {
                "title": "t",
                "players": ["purple", "blue"],
                "closed": [3],
                "districts": {"3": {"buildings": [{"owner": "purple", "type": "bar"}]}},
            }
        },
    )
    for link, why in (
        (["a", "b"], "more than one position"),
        ("x" * 100_000, "too long"),
        ("not base64!", "not base64url"),
        (bomb, "unpacks to more than"),
        (play_table, "the link is for speakeasy, not"),
        (encode_table("speakeasy-view", {"other": 1}), "the link holds no position"),
        (impossible, "R-SETUP-2"),
    ):
        start = linked_start(link)
        assert start.key is None and start.label is None
        assert start.refusal is not None and why in start.refusal, (why, start.refusal)
    assert linked_start(None) == LinkedStart()


@pytest.mark.parametrize("players", [1, 2, 4])
def test_every_position_of_a_game_has_a_link_that_opens(players: int) -> None:
    """The coach links the control explorer at any position: at every 7th decision of a
    whole heuristic game, the seat to decide gets a link, and it opens without a refusal."""
    colours = [Colour.PURPLE, Colour.BLUE, Colour.GREEN, Colour.YELLOW][:players]
    game = Game(colours, seed=11)
    bots = {c: HeuristicBot(seed=11) for c in game.colours}
    step = 0
    while (pending := game.pending) is not None:
        if step % 7 == 0:
            query = position_query(game.observe(pending.player), f"step {step}")
            assert query, f"no link at step {step}"
            start = linked_start(query["at"])
            assert start.refusal is None and start.key is not None, (step, start.refusal)
            Position.load(start.key)
        game.apply(decide(game, bots[pending.player]))
        step += 1

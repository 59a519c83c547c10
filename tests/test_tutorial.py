"""The tutorial's lessons: legal prepared positions, solvable goals, wrong and illegal moves
explained, immutable progress, and a round lesson that ends with its round."""

from __future__ import annotations

import dataclasses
import re

import pytest

from speakeasy.core.actions import Action
from speakeasy.games.speakeasy.engine.game import Game
from speakeasy.games.speakeasy.explain.refusals import explain_error
from speakeasy.games.speakeasy.figures.game_figure import changed_districts
from speakeasy.games.speakeasy.table.lessons import (
    PLAYERS,
    _park_note,
    notoriety_lines,
    police_lines,
)
from speakeasy.games.speakeasy.table.play import option_district, option_space
from speakeasy.games.speakeasy.table.tutorial import (
    ACCEPTED,
    LEARNER,
    LESSONS,
    SEED,
    Feedback,
    Lesson,
    Tutorial,
    learner_view,
    lesson,
)
from speakeasy.tools.citations import RuleRef
from speakeasy.tools.rules_index import load_rules_index

IDS = [x.id for x in LESSONS]


def _solve(tutorial: Tutorial, limit: int = 300) -> Tutorial:
    """Play the lesson's scripted solution, then any accepted move, until its goal is met."""
    script = list(tutorial.lesson.solution)
    for _ in range(limit):
        if tutorial.goal_met:
            return tutorial
        game = tutorial.game()
        question = tutorial.question()
        if question is not None:  # the right answer, as the question's judge says
            key = next(k for k, _ in question.choices(game) if question.judge(game, k).accepted)
            tutorial = tutorial.attempt(f"answer {key}")
            assert tutorial.feedback is not None
            assert tutorial.feedback.kind in ("accepted", "goal"), tutorial.feedback.text
            continue
        if script:
            move: Action | str = script.pop(0)
        else:
            move = next(a for a in game.legal_actions() if tutorial.lesson.check(game, a).accepted)
        tutorial = tutorial.attempt(move)
        assert tutorial.feedback is not None
        assert tutorial.feedback.kind in ("accepted", "goal"), tutorial.feedback.text
    raise AssertionError(f"lesson {tutorial.lesson_id} not solved in {limit} moves")


def _at(lesson_id: str) -> Tutorial:
    done = tuple(IDS[: IDS.index(lesson_id)])
    return Tutorial(done=done).start(lesson_id)


# ---------------------------------------------------------------------- lessons as data
def test_ten_lessons_in_order_ending_with_how_the_game_is_won() -> None:
    assert IDS == [
        "capos", "levels", "bar", "protect", "trucks", "luciano", "round",
        "helpers", "goals", "scoring",
    ]  # fmt: skip
    assert [x.number for x in LESSONS] == list(range(1, 11))
    assert lesson("scoring").title == "How the game is won"
    assert lesson("bar").title == "Opening a bar"
    with pytest.raises(KeyError):
        lesson("nope")


@pytest.mark.parametrize("entry", LESSONS, ids=IDS)
def test_every_lesson_cites_indexed_rules_and_has_text_and_hints(entry: Lesson) -> None:
    index = load_rules_index()
    for rule in entry.rules:
        assert rule in index, rule
    assert entry.introduction and entry.goal and entry.hints


@pytest.mark.parametrize("entry", [x for x in LESSONS if not x.start], ids=lambda x: x.id)
def test_prepared_position_is_a_legal_deterministic_game(entry: Lesson) -> None:
    history = entry.history()
    game = Game.new(list(PLAYERS), seed=SEED)
    for text in history:  # each action is checked by the engine
        game.apply(text)
    assert game == entry.position()
    assert entry.position() == entry.position()
    assert game.current_player is LEARNER
    assert not entry.is_reached(game, [])


@pytest.mark.parametrize("entry", LESSONS, ids=IDS)
def test_every_goal_is_reachable(entry: Lesson) -> None:
    tutorial = _solve(_at(entry.id))
    assert tutorial.is_done(entry.id)
    assert tutorial.feedback is not None and tutorial.feedback.kind == "goal"
    assert entry.id in tutorial.done


def test_scripted_solutions_are_the_first_lessons_answers() -> None:
    for lesson_id in ("capos", "levels", "bar", "protect", "trucks"):
        tutorial = _at(lesson_id)
        for move in lesson(lesson_id).solution:
            tutorial = tutorial.attempt(move)
        assert tutorial.goal_met, lesson_id


# ---------------------------------------------------------------------- wrong and illegal moves
@pytest.mark.parametrize(
    ("lesson_id", "before", "move", "rule", "words"),
    [
        ("capos", (), "capo planning 0", "R-LOC-CONTRACTORS-1", "Contractors' Office"),
        ("capos", (), "capo restaurant 0", "R-LOC-GEN-1", "any number of capos"),
        ("levels", (), "raise strength", "R-LEVEL-1", "not an operation"),
        ("levels", (), "raise party", "R-LEVEL-7", "VIP room"),
        ("levels", (), "skip", "R-LOC-GEN-5", "optional"),
        ("bar", (), "build open distillery", "R-BUILD-7", "distillery"),
        ("bar", (), "done", "R-LOC-CONTRACTORS-2", "without a bar"),
        ("bar", ("build open bar-left-2",), "build_space 16 1", "R-BUILD-6", "police"),
        ("protect", (), "mafioso docks midtown 0", "R-PROTECT-1", "VIP area"),
        ("protect", ("mafioso vip",), "skip", "R-CARD-2", "protection"),
        (
            "protect",
            ("mafioso vip", "play vip-02", "raise vip"),
            "protect 3 1",
            "R-GOLDEN-1",
            "No police",
        ),
        ("protect", ("mafioso vip", "play vip-02", "raise vip"), "done", "R-GOLDEN-1", "16"),
        ("trucks", (), "enter 5", "R-TRUCK-11", "nothing to load"),
        ("trucks", (), "finish", "R-TRUCK-14", "forfeits"),
        ("trucks", ("enter 6",), "move 3", "R-TRUCK-11", "buy a barrel"),
    ],
)
def test_a_wrong_but_legal_move_gets_the_lessons_reason(
    lesson_id: str, before: tuple[str, ...], move: str, rule: str, words: str
) -> None:
    tutorial = _at(lesson_id)
    for step in before:
        tutorial = tutorial.attempt(step)
        assert tutorial.feedback is not None and tutorial.feedback.kind == "accepted"
    game = tutorial.game()
    assert Action.parse(move) in game.legal_actions()
    verdict = tutorial.lesson.check(game, move)
    assert not verdict.accepted and rule in verdict.rules and words in verdict.reason
    after = tutorial.attempt(move)
    assert after.feedback is not None
    assert after.feedback.kind == "wrong"
    assert rule in after.feedback.rules
    assert words in after.feedback.text
    assert after.moves == tutorial.moves  # nothing applied
    assert f"**{rule}**" in after.feedback.markdown()


def test_a_move_that_strands_the_truck_says_how_far_it_still_is() -> None:
    tutorial = _at("trucks")
    for step in ("enter 6", "buy daisy", "move 3", "move 4", "move 5"):
        tutorial = tutorial.attempt(step)
    verdict = tutorial.lesson.check(tutorial.game(), "move 9")
    assert not verdict.accepted and "R-TRUCK-7" in verdict.rules
    assert "point(s) left" in verdict.reason


def test_central_park_is_named_when_it_lies_between_truck_and_bar() -> None:
    assert "Central Park" in _park_note(15, 16)
    assert "Central Park" in _park_note(14, 13)
    assert _park_note(3, 16) == ""


def test_an_illegal_move_gets_the_engines_coded_reason_and_rule() -> None:
    tutorial = Tutorial()
    after = tutorial.attempt("capo contractors 0")  # yellow's capo stands there
    feedback = after.feedback
    assert feedback is not None
    assert (feedback.kind, feedback.code, feedback.rules) == (
        "illegal",
        "person-taken",
        ("R-TURN-4",),
    )
    assert "already talks to this person" in feedback.text
    assert "R-TURN-4 (a person hears a single capo" in feedback.text  # explain_error's summary
    assert after.moves == ()
    nonsense = tutorial.attempt("raise vip")  # not the kind of decision pending
    assert nonsense.feedback is not None and nonsense.feedback.code == "not-now"


@pytest.mark.parametrize(
    ("move", "code"),
    [("capo garage 5", "no-such-person"), ("capo harbour 0", "no-such-location")],
)
def test_a_request_that_is_no_option_gets_the_games_rule_specific_refusal(
    move: str, code: str
) -> None:
    """Not the generic ``not-an-option`` of the decision: the game's refusal
    (GameDefinition.explain_refusal) cites the rule that forbids it, R-LOC-GEN-1."""
    tutorial = Tutorial()
    after = tutorial.attempt(move)
    feedback = after.feedback
    assert feedback is not None
    error = tutorial.game().why_not(move)
    assert error is not None
    assert (feedback.kind, feedback.code, feedback.rules) == ("illegal", code, ("R-LOC-GEN-1",))
    assert error.code == code
    assert feedback.text == explain_error(error)
    assert after.moves == ()


def test_greyed_out_takeover_is_refused_with_the_combat_rule() -> None:
    after = _at("bar").attempt("build takeover bar-left-2")
    assert after.feedback is not None and after.feedback.kind == "illegal"
    assert after.feedback.rules == ("R-COMBAT-1",)


def test_lesson_six_and_seven_accept_every_legal_move() -> None:
    for lesson_id in ("luciano", "round"):
        game = lesson(lesson_id).position()
        for action in game.legal_actions():
            assert lesson(lesson_id).check(game, action) == ACCEPTED


# ---------------------------------------------------------------------- map clicks
def test_a_click_on_a_district_with_one_option_attempts_it() -> None:
    tutorial = _at("bar").attempt("build open bar-left-2")
    assert tutorial.options_in(3) == [Action("build_space", (3, 1))]
    after = tutorial.click(3)
    assert after.goal_met and after.feedback is not None and after.feedback.kind == "goal"


def test_a_click_on_a_district_with_several_options_selects_it() -> None:
    tutorial = _at("bar").attempt("build open bar-left-2")
    after = tutorial.click(9)
    assert after.selected == 9 and after.feedback is not None and after.feedback.kind == "info"
    assert after.moves == tutorial.moves
    chosen = after.attempt("build_space 9 0")
    assert chosen.selected is None and chosen.goal_met


def test_a_click_on_a_district_without_options_says_why() -> None:
    tutorial = _at("bar").attempt("build open bar-left-2")
    after = tutorial.click(1)  # police district without a free space offered
    assert after.feedback is not None and after.feedback.kind == "illegal"
    capo = Tutorial().click(5)
    assert capo.feedback is not None and "not about a district" in capo.feedback.text


def test_a_click_on_a_building_space_chooses_that_space() -> None:
    """Issue 24 item 8, R-BUILD-1: a click on one of a district's free spaces builds there, at
    once; a click beside them (on the district) still offers the district's choices."""
    tutorial = _at("bar").attempt("build open bar-left-2")
    spaces = [s for d, s in tutorial.targets() if d == 9]
    assert len(spaces) > 1 and None not in spaces
    for space in spaces:
        after = tutorial.click(9, space)
        assert after.selected is None and after.moves[len(tutorial.moves)] == (
            f"build_space 9 {space}"
        )
    assert tutorial.click(9).selected == 9


def test_a_click_on_a_marker_chooses_its_districts_one_option() -> None:
    """R-TRUCK-7, R-TRUCK-13: a click on the bar of district 3 moves the truck there (the
    district's one option), then delivers beside that very bar."""
    tutorial = _at("trucks").attempt("enter 6").attempt("buy daisy")
    moved = tutorial.click(3, 1)
    assert moved.moves[len(tutorial.moves)] == "move 3"
    delivered = moved.click(3, 1)
    assert delivered.goal_met and "deliver 3 1" in delivered.moves


def test_a_click_on_a_greyed_out_space_gets_its_own_reason() -> None:
    """A click on a space that no option offers is answered, never ignored."""
    tutorial = _at("bar").attempt("build open bar-left-2")
    after = tutorial.click(1, 0)  # police district without a free space offered
    assert after.feedback is not None and after.feedback.kind == "illegal"


@pytest.mark.parametrize("lesson_id", ["bar", "protect", "trucks"])
def test_the_map_targets_are_the_places_of_the_legal_options(lesson_id: str) -> None:
    """Issue 24 item 8: the map rings every place the engine's legal options name, and a click
    on each one is answered with one of its options (none is refused or ignored)."""
    tutorial = _at(lesson_id)
    for move in tutorial.lesson.solution:
        decision = tutorial.game().pending
        assert decision is not None
        places = {
            (district, option_space(decision, a))
            for a in decision.options
            if (district := option_district(decision, a)) is not None
        }
        assert set(tutorial.targets()) == places
        for district, space in tutorial.targets():
            after = tutorial.click(district, space)
            assert after.feedback is not None and after.feedback.kind != "illegal"
        tutorial = tutorial.attempt(move)
    assert tutorial.goal_met and tutorial.targets() == []


def test_what_changed_since_the_learners_last_move_is_known() -> None:
    """The map rings what changed since the learner's previous decision, as Play does."""
    built = _at("bar").attempt("build open bar-left-2").attempt("build_space 3 1")
    before = built.previous_state()
    assert before is not None and 3 in changed_districts(before, built.game().state)
    assert built.game().state.districts[3].spaces[1].building is not None


# ---------------------------------------------------------------------- progress
def test_progress_is_immutable_and_unlocks_one_lesson_at_a_time() -> None:
    start = Tutorial()
    assert start.unlocked() == ("capos",)
    with pytest.raises(ValueError, match="locked"):
        start.start("levels")
    with pytest.raises(dataclasses.FrozenInstanceError):
        start.lesson_id = "levels"  # type: ignore[misc]
    done = start.attempt("capo contractors 1")
    assert start.done == () and start.moves == ()  # the old value is unchanged
    assert done.done == ("capos",) and done.unlocked() == ("capos", "levels")
    again = done.attempt("raise vip")
    assert again.feedback is not None and again.feedback.kind == "done"
    assert again.moves == done.moves
    second = done.next_lesson()
    assert (second.lesson_id, second.moves, second.feedback) == ("levels", (), None)
    assert second.restart() == second
    back = second.start("capos")
    assert back.is_done("capos") and not back.goal_met  # a done lesson can be replayed


def test_hints_are_revealed_one_by_one() -> None:
    tutorial = Tutorial()
    first = tutorial.hint()
    assert first.hints() == tutorial.lesson.hints[:1]
    assert first.feedback == Feedback("hint", tutorial.lesson.hints[0], rules=("R-TURN-3",))
    last = first.hint().hint()
    assert last.hints() == tutorial.lesson.hints
    assert last.feedback is not None and last.feedback.text == tutorial.lesson.hints[-1]


def test_accepted_moves_are_explained() -> None:
    tutorial = _at("bar").attempt("build open bar-left-2")
    assert tutorial.feedback is not None and tutorial.feedback.kind == "accepted"
    goal = tutorial.attempt("build_space 3 1")
    assert goal.feedback is not None
    assert any("opens a bar from the left group in district 3" in e for e in goal.feedback.events)


def test_status_lines_show_notoriety_and_police() -> None:
    state = lesson("levels").position().state
    lines = notoriety_lines(state)
    assert lines[0].startswith("Notoriety 5 = the sum of your levels")
    assert any("at 8" in line for line in lines)
    police = police_lines(lesson("protect").position().state)
    assert any("district 16" in line and "does NOT operate" in line for line in police)


def test_lesson_six_steps_through_the_luciano_phase() -> None:
    tutorial = _at("luciano")
    assert tutorial.luciano_frames() == []
    solved = _solve(tutorial)
    frames = solved.luciano_frames()
    categories = {f.explanation.category for f in frames}
    assert {"gang war", "police", "area control", "payout"} <= categories
    assert solved.luciano_step() is not None


def test_the_round_lesson_ends_with_the_end_of_its_round() -> None:
    """R-ACT-3, R-TURN-3..5: lesson 7 plays the learner's whole turn and the bot's, through the
    end of the round (the next round begins), not one move (issue 24)."""
    tutorial = _at("round")
    start = tutorial.game().state
    act, round_ = start.act, start.round
    solved = _solve(tutorial)
    game = solved.game()
    assert (game.state.act, game.state.round) > (act, round_)  # the round number advanced
    steps = game.steps[len(tutorial.lesson.history()) :]
    learner_steps = [s for s in steps if s.player == LEARNER]
    assert len(learner_steps) >= 3  # capo, the person's actions, the card draw
    assert any(s.player not in (LEARNER, None) for s in steps)  # the bot took its turn
    kinds = [e.kind for e in solved.events()]
    capo = next(
        i for i, e in enumerate(solved.events()) if e.kind == "capo" and e.player == LEARNER.value
    )
    assert "round" in kinds[capo:]  # the next round began after the learner's turn
    assert solved.feedback is not None and solved.feedback.kind == "goal"
    assert solved.feedback.events[0] == "What happened in the round:"
    assert len(solved.feedback.events) > 3
    everything = Tutorial(done=tuple(IDS[:-1])).start(IDS[-1])
    assert _solve(everything).finished


def test_the_lessons_map_hides_the_bots_safe_and_hand() -> None:
    """R-MONEY-1, R-PSETUP-1: the learner sees their own safe and hand, never the bot's (the
    lessons' map and step-through draw :func:`learner_view`, not the whole state)."""
    game = lesson("round").position()
    bot = next(c for c in game.state.players if c is not LEARNER)
    whole = game.state.players[bot]
    assert whole.safe > 0 and whole.hand  # there is something to hide
    seen = learner_view(game)
    assert seen.state.players[bot].safe == 0
    assert seen.state.players[bot].hand != whole.hand
    assert seen.state.players[LEARNER] == game.state.players[LEARNER]


def test_a_lessons_citations_carry_no_notes_about_the_sources() -> None:
    """Issue 24: a citation shown to a learner names the rule and says it in words, without
    the IDs of the notes about the sources (R-BOOKS-9's summary mentions DISC-5; lesson 9
    cites it). The rules page keeps them."""
    shown = [RuleRef.of(rule).player_citation() for rule in load_rules_index().ids]
    assert len(shown) > 400
    assert not [c for c in shown if re.search(r"\b(?:GAP|DISC)-(?:MC-)?\d", c.split(" ", 1)[-1])]
    feedback = Feedback("goal", "Right.", rules=("R-BOOKS-9", "DISC-5", "GAP-18"))
    assert feedback.citations() == [RuleRef.of("R-BOOKS-9").player_citation()]
    assert "DISC" not in feedback.markdown() and "GAP" not in feedback.markdown()

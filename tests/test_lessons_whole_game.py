"""Issue 24: the lessons teach the whole game. Lessons 8 to 10 (helper cards and city tokens,
books and goals, final scoring) are played through their judged questions, a wrong answer and a
right one each, with the answers the engine's own functions work out (R-SCORING-1..6,
R-BOOKS-2..9, R-HELPER-3/4, R-CITY-6); a lesson that sets up a prepared position says so and
the learner's own game comes back in lesson 7; the last lesson leads into Play; the lessons'
text uses no IDs and defines its jargon (or the glossary does)."""

from __future__ import annotations

import re

import pytest

from speakeasy.games import load as load_game
from speakeasy.games.speakeasy.descriptor import STATIONS
from speakeasy.games.speakeasy.engine.game import Game
from speakeasy.games.speakeasy.rules.goals import why_not
from speakeasy.games.speakeasy.rules.resources import city_token_limit
from speakeasy.games.speakeasy.rules.scoring import game_result, score_breakdown
from speakeasy.games.speakeasy.studies.analysis import catalog_of
from speakeasy.games.speakeasy.table.lessons import GOAL_CHOICES, PLAY_PAGE
from speakeasy.games.speakeasy.table.tutorial import LEARNER, LESSONS, Tutorial, lesson
from speakeasy.tools.tutorial import Question
from tests.test_learn_progress import _through

IDS = [x.id for x in LESSONS]
#: Raw catalogue IDs a player must never read (cards, helpers, tokens, goals, bottles).
RAW_ID = re.compile(
    r"\b(?:vip|party|fleet|distillery|helper|city|cp|area|docks|hall|notoriety|bottle|crate)"
    r"-[A-Za-z0-9]+(?:-\d+)?\b"
)
#: Rule IDs, gaps and worked examples (cited beside the text, never in it).
RULE_ID = re.compile(r"\b(?:R|MC)-[A-Z]+-?\d*|\bGAP-\d+|\bE\d{1,2}\b")


def _at(lesson_id: str) -> Tutorial:
    return Tutorial(done=tuple(IDS[: IDS.index(lesson_id)])).start(lesson_id)


def _keys(tutorial: Tutorial) -> tuple[list[str], list[str]]:
    """The open question's right and wrong answers, as its judge says."""
    question = tutorial.question()
    assert question is not None
    game = tutorial.game()
    keys = [k for k, _ in question.choices(game)]
    good = [k for k in keys if question.judge(game, k).accepted]
    return good, [k for k in keys if k not in good]


def _answer_wrong_then_right(tutorial: Tutorial, right_key: str) -> Tutorial:
    """A wrong answer is refused with the rule and changes nothing; the right one counts."""
    good, bad = _keys(tutorial)
    assert good == [right_key], (good, right_key)
    assert bad, "a question needs wrong answers to choose from"
    refused = tutorial.attempt(f"answer {bad[0]}")
    feedback = refused.feedback
    assert feedback is not None and feedback.kind == "wrong"
    assert feedback.rules and all(r.startswith("R-") for r in feedback.rules)
    assert not RAW_ID.search(feedback.text) and not RULE_ID.search(feedback.text)
    assert f"**{feedback.rules[0]}**" in feedback.markdown()  # the rule is cited
    assert refused.answers == tutorial.answers  # nothing changed
    accepted = refused.attempt(f"answer {right_key}")
    feedback = accepted.feedback
    assert feedback is not None and feedback.kind in ("accepted", "goal")
    assert feedback.text.startswith("Right")
    assert not RAW_ID.search(feedback.text) and not RULE_ID.search(feedback.text)
    assert accepted.answers == (*tutorial.answers, right_key)
    return accepted


# ---------------------------------------------------------------------- lesson 8
def test_helper_cards_and_city_tokens_are_played_through() -> None:
    """R-SCORING-4: each different bottle once, used cards too; R-CITY-6: the token limit at
    the end of a turn; R-TURN-2, R-HELPER-3: a helper card used at the start of the turn."""
    tutorial = _at("helpers")
    game = tutorial.game()
    assert tutorial.decision() is not None and tutorial.decision().kind == "question"  # type: ignore[union-attr]
    bottles = score_breakdown(game.state, catalog_of(game))[LEARNER].bottle_points
    tutorial = _answer_wrong_then_right(tutorial, str(bottles))
    assert not tutorial.goal_met
    ctx = game.analysis_context()
    player = ctx.state.players[LEARNER]
    excess = len(player.city_tokens) - city_token_limit(ctx, player)
    assert excess > 0
    tutorial = _answer_wrong_then_right(tutorial, str(excess))
    assert not tutorial.goal_met  # the move is still to come
    decision = tutorial.decision()
    assert decision is not None and decision.kind == "use_helper"
    skipped = tutorial.attempt("skip")
    assert skipped.feedback is not None and skipped.feedback.kind == "wrong"
    assert "R-HELPER-3" in skipped.feedback.rules and skipped.moves == ()
    use = next(a for a in decision.options if a.kind == "use_helper")
    done = tutorial.attempt(use)
    assert done.goal_met and done.is_done("helpers")
    assert done.game().state.players[LEARNER].helpers_used[-1] == str(use.args[0])


# ---------------------------------------------------------------------- lesson 9
def test_books_and_goals_are_played_through() -> None:
    """R-BOOKS-2..9: the one goal the learner may put a book on, by the engine's why_not, and
    what it pays into the safe."""
    tutorial = _at("goals")
    ctx = tutorial.game().analysis_context()
    open_goals = [g for g in GOAL_CHOICES if why_not(ctx, LEARNER, g) is None]
    assert len(open_goals) == 1
    families = {ctx.catalog.goal(g).family for g in GOAL_CHOICES}
    assert families == {"docks", "city_hall", "central_park", "notoriety", "area"}
    tutorial = _answer_wrong_then_right(tutorial, open_goals[0])
    payout = ctx.catalog.goal(open_goals[0]).payout
    tutorial = _answer_wrong_then_right(tutorial, str(payout))
    assert tutorial.goal_met and tutorial.feedback is not None
    assert tutorial.feedback.kind == "goal"


# ---------------------------------------------------------------------- lesson 10
def test_final_scoring_is_played_through_with_the_engines_numbers() -> None:
    """R-SCORING-1..6: purple's final money and the winner, worked out by the engine's own
    scoring (score_breakdown, game_result); the position is a tie on money that the first
    tie-breaker decides."""
    tutorial = _at("scoring")
    game = tutorial.game()
    assert game.is_over
    result = game_result(game.state, catalog_of(game))
    total = result.standing(LEARNER).total
    tutorial = _answer_wrong_then_right(tutorial, str(total))
    assert str(total) in tutorial.feedback.text  # type: ignore[union-attr]
    assert [s.total for s in result.standings] == [total, total]  # a tie on money
    assert len(result.winners) == 1
    tutorial = _answer_wrong_then_right(tutorial, result.winners[0].value)
    feedback = tutorial.feedback
    assert feedback is not None and feedback.kind == "goal" and tutorial.goal_met
    assert "protected buildings" in feedback.text  # the tie-breaker that decided
    assert tutorial.is_last


def test_a_question_is_offered_as_the_learners_decision() -> None:
    tutorial = _at("scoring")
    decision = tutorial.decision()
    assert decision is not None and decision.player is LEARNER
    question = tutorial.question()
    assert isinstance(question, Question) and decision.prompt == question.prompt
    assert [str(a) for a in decision.options] == [
        f"answer {k}" for k, _ in question.choices(tutorial.game())
    ]
    other = tutorial.attempt("capo contractors 1")  # not an answer: asked again
    assert other.feedback is not None and other.feedback.kind == "info"
    assert other.answers == ()


def test_answers_survive_a_reload_and_wrong_ones_do_not() -> None:
    tutorial = _at("scoring")
    good, bad = _keys(tutorial)
    answered = tutorial.attempt(f"answer {good[0]}")
    params = answered.to_params()
    assert params["answers"] == good[0]
    assert Tutorial.from_params(params).answers == answered.answers
    assert Tutorial.from_params({**params, "answers": bad[0]}).answers == ()


def test_an_answer_reads_as_the_learners_answer() -> None:
    """A judged answer is headed as the learner's answer, right or wrong: never "Goal
    reached — Purple", which reads as if Purple had reached a goal (lesson 10, R-SCORING-6)."""
    tutorial = _at("scoring")
    good, bad = _keys(tutorial)
    wrong = tutorial.attempt(f"answer {bad[0]}").feedback
    assert wrong is not None and wrong.action.startswith("your answer: ")
    assert wrong.markdown().startswith("**✘ Not quite** — *your answer: ")
    while not tutorial.goal_met:
        good, _ = _keys(tutorial)
        tutorial = tutorial.attempt(f"answer {good[0]}")
    head = tutorial.feedback.markdown().splitlines()[0] if tutorial.feedback else ""
    assert head.startswith("**★ Right: goal reached** — *your answer: "), head


# ---------------------------------------------------------------------- the last step: Play
def test_the_last_lesson_leads_into_play() -> None:
    assert PLAY_PAGE == next(s.path for s in STATIONS if s.slug == "play")
    tutorial = _at("scoring")
    while not tutorial.goal_met:
        good, _ = _keys(tutorial)
        tutorial = tutorial.attempt(f"answer {good[0]}")
    feedback = tutorial.feedback
    assert feedback is not None and feedback.link == (
        "Play a whole game against the bot →",
        PLAY_PAGE,
    )
    assert f'<a href="{PLAY_PAGE}"' in feedback.markdown()
    again = tutorial.attempt("answer purple")  # after the goal: still the way into Play
    assert again.feedback is not None and again.feedback.link == feedback.link
    earlier = _at("goals")
    while not earlier.goal_met:
        good, _ = _keys(earlier)
        earlier = earlier.attempt(f"answer {good[0]}")
    assert earlier.feedback is not None and earlier.feedback.link is None


# ---------------------------------------------------------------------- the learner's own game


def test_prepared_lessons_say_so_and_the_learners_game_comes_back() -> None:
    """A lesson that moves to a prepared position says so before it does (the goal of the lesson
    before), keeps the learner's own game, and lesson 7 takes it up again where it was."""
    for entry in LESSONS:
        assert ("prepared position" in entry.introduction) is entry.prepared, entry.id
    trucks = _through("trucks")
    assert trucks.feedback is not None and "prepared position" in trucks.feedback.text
    assert "own game is kept" in trucks.feedback.text
    mine = (*trucks.history(), *trucks.moves)
    luciano = trucks.next_lesson()
    assert luciano.lesson_id == "luciano" and not luciano.continues
    assert luciano.own == mine and luciano.own_lesson == "trucks"
    assert Tutorial.from_params(luciano.to_params()).own == mine  # a reload keeps it
    while not luciano.goal_met:
        option = luciano.game().legal_actions()[0]
        luciano = luciano.attempt(option)
    back = luciano.next_lesson()
    assert back.lesson_id == "round" and back.continues and back.history() == mine
    assert back.own == ()  # taken up
    assert back.game().state == trucks.game().state  # the learner's own game, as it was
    # opened from the lesson row, lesson 7 takes the kept game up too
    picked = luciano.open("round")
    assert picked.history() == mine
    # without a game of their own, lesson 7 opens its prepared position
    assert _at("round").history() == lesson("round").history()


def test_leaving_the_round_lesson_for_a_prepared_one_keeps_that_game() -> None:
    tutorial = _at("round")
    tutorial = tutorial.attempt(tutorial.game().legal_actions()[0])
    mine = (*tutorial.history(), *tutorial.moves)
    away = tutorial.open("scoring")
    assert away.own == mine and away.own_lesson == "round"
    assert away.open("round").history() == mine


# ---------------------------------------------------------------------- words
def _texts(entry: object) -> list[str]:
    texts = [entry.introduction, entry.goal, *entry.hints, *entry.own_game_hints]  # type: ignore[attr-defined]
    texts += [q.prompt for q in entry.questions]  # type: ignore[attr-defined]
    return texts


@pytest.mark.parametrize("entry", LESSONS, ids=IDS)
def test_lesson_text_has_no_ids_and_no_code_font(entry: object) -> None:
    for text in _texts(entry):
        assert not RAW_ID.search(text), text
        assert not RULE_ID.search(text), text
        assert "`" not in text, text


@pytest.mark.parametrize("entry", LESSONS, ids=IDS)
def test_status_lines_and_choices_have_no_ids(entry: object) -> None:
    tutorial = Tutorial().open(entry.id)  # type: ignore[attr-defined]
    game: Game = tutorial.game()
    lines = tutorial.lesson.status_lines(game)
    for question in tutorial.lesson.questions:
        lines += [label for _, label in question.choices(game)]
    for line in lines:
        assert not RAW_ID.search(line), line


#: The game's jargon a newcomer meets in the lessons: each one the lessons use is in the
#: glossary (every use links to its entry).
JARGON = (
    "leverage", "slots", "turn-order track", "notoriety", "capo", "person", "mafioso",
    "VIP area", "operations board", "range", "Lucky Luciano phase", "gang war", "payout",
    "round", "book", "goal", "city token", "helper card", "bottle", "safe", "pocket",
    "final scoring", "area", "Central Park", "protected",
)  # fmt: skip


def test_the_glossary_covers_the_jargon_of_the_lessons() -> None:
    load = load_game("speakeasy").glossary
    assert load is not None
    glossary = load()
    text = " ".join(t for entry in LESSONS for t in _texts(entry))
    used = [w for w in JARGON if re.search(rf"\b{re.escape(w)}\b", text, re.IGNORECASE)]
    assert len(used) > 20
    missing = [w for w in used if w not in glossary]
    assert not missing, missing
    for word in ("tie-breaker", "slotted cards", "round", "bottle"):
        assert word in glossary, word

"""Mafia City's lessons (issue 25): each lesson's prepared position loads, its goal is reached by
the intended moves, a wrong legal move is answered with a rule, and the progress round-trips
through the page's address. Rule IDs from the Mafia City rules reference."""

from __future__ import annotations

import re

import pytest

from speakeasy.core.actions import Action
from speakeasy.games import load
from speakeasy.games.mafia_city.table.lessons import (
    COURSE,
    LEARNER,
    LESSONS,
    PLAY_PAGE,
    location_lines,
)
from speakeasy.games.mafia_city.table.tutorial import Tutorial

IDS = [x.id for x in LESSONS]

#: A legal move each lesson does not want, and the rule its answer must cite.
WRONG: dict[str, tuple[tuple[str, ...], str, str]] = {
    "place": ((), "place 7", "MC-CTRL-5"),  # City Hall: a 1-1 tie gives nobody control
    "text": ((), "hat snitch-2 7 0", "MC-CARD-1"),  # the symbol, not the text
    "hat": ((), "snitch snitch-3 3 2", "MC-HAT-2"),  # Snitch's text jails the token
    "bullet": ((), "skip", "MC-ACT-9"),
    "veto": ((), "pass", "MC-FIST-1"),
    "locations": ((), "decline", "MC-PRISON-5"),
    "plus": ((), "decline", "MC-CLUB-2"),
    "takeback": ((), "keep", "MC-STR-1"),
    "win": ((), "pass", "MC-WIN-1"),
}
#: A second wrong move in the middle of a lesson: (moves before it, the move, the rule).
WRONG_LATER: dict[str, tuple[tuple[str, ...], str, str]] = {
    "bullet": (("bullet thief-3",), "place 1", "MC-HALL-1"),
    "takeback": (("withdraw 1", "withdraw 1"), "withdraw 0", "MC-CTRL-3"),
    "win": ((), "place 2", "MC-CTRL-3"),
}
RULE_ID = re.compile(r"\b(?:MC|EMC|GAP-MC)-[A-Z]*-?\d+")


@pytest.mark.parametrize("lesson_id", IDS)
def test_the_prepared_position_loads_with_the_learner_to_decide(lesson_id: str) -> None:
    entry = COURSE.lesson(lesson_id)
    game = entry.position()
    assert game.pending is not None and game.current_player == LEARNER
    assert entry.rules and all(r.startswith("MC-") for r in entry.rules)
    assert load("mafia-city").rules.find(entry.rules[0])  # cited IDs are in the rules index


@pytest.mark.parametrize("lesson_id", IDS)
def test_the_intended_moves_reach_the_goal(lesson_id: str) -> None:
    tutorial = Tutorial().open(lesson_id)
    entry = tutorial.lesson
    assert not tutorial.goal_met
    for move in entry.solution:
        tutorial = tutorial.attempt(move)
        assert tutorial.feedback is not None
        assert tutorial.feedback.kind in ("accepted", "goal"), tutorial.feedback
    assert tutorial.goal_met and tutorial.is_done(lesson_id)
    assert tutorial.feedback is not None and tutorial.feedback.kind == "goal"


@pytest.mark.parametrize("lesson_id", IDS)
def test_a_wrong_legal_move_is_answered_with_its_rule(lesson_id: str) -> None:
    before, move, rule = WRONG[lesson_id]
    tutorial = Tutorial().open(lesson_id)
    for m in before:
        tutorial = tutorial.attempt(m)
    decision = tutorial.game().pending
    assert decision is not None and Action.parse(move) in decision.options  # legal...
    answered = tutorial.attempt(move)
    assert answered.feedback is not None and answered.feedback.kind == "wrong"
    assert rule in answered.feedback.rules
    assert answered.moves == tutorial.moves  # ...and nothing changed


@pytest.mark.parametrize("lesson_id", sorted(WRONG_LATER))
def test_a_wrong_move_later_in_a_lesson_cites_its_rule(lesson_id: str) -> None:
    before, move, rule = WRONG_LATER[lesson_id]
    tutorial = Tutorial().open(lesson_id)
    for m in before:
        tutorial = tutorial.attempt(m)
        assert tutorial.feedback is not None and tutorial.feedback.kind == "accepted"
    answered = tutorial.attempt(move)
    assert answered.feedback is not None and answered.feedback.kind == "wrong"
    assert rule in answered.feedback.rules


def test_an_illegal_move_gets_the_engines_rule() -> None:
    tutorial = Tutorial().attempt("snitch snitch-2 7 0")  # red holds no Snitch in lesson 1
    assert tutorial.feedback is not None and tutorial.feedback.kind == "illegal"
    assert tutorial.feedback.rules[0].startswith("MC-")


@pytest.mark.parametrize("lesson_id", IDS)
def test_progress_round_trips_through_the_address(lesson_id: str) -> None:
    tutorial = Tutorial(done=tuple(IDS[: IDS.index(lesson_id)])).open(lesson_id)
    tutorial = tutorial.attempt(tutorial.lesson.solution[0])
    params = tutorial.to_params()
    assert params["lesson"] == lesson_id and params["moves"]
    again = Tutorial.from_params(params)
    assert (again.lesson_id, again.done, again.moves) == (
        tutorial.lesson_id,
        tutorial.done,
        tutorial.moves,
    )
    assert str(again.game().pending) == str(tutorial.game().pending)


def test_a_tampered_address_starts_afresh() -> None:
    assert Tutorial.from_params({"lesson": "nope", "moves": "rm -rf"}) == Tutorial()
    kept = Tutorial.from_params({"lesson": "hat", "done": "place,bogus", "moves": "place 9"})
    assert (kept.lesson_id, kept.done, kept.moves) == ("hat", ("place",), ())


def test_a_map_click_chooses_the_location_and_names_it() -> None:
    tutorial = Tutorial().click(6)  # the Private Club: one option there, placing a token
    assert tutorial.feedback is not None and tutorial.feedback.kind == "goal"
    missed = Tutorial().open("plus").click(3)
    assert missed.feedback is not None and missed.feedback.kind == "illegal"
    assert "location" in missed.feedback.text and "district" not in missed.feedback.text


def _prose(tutorial: Tutorial) -> list[str]:
    """The learner-facing prose of a lesson and its last answer (the answer's citation lines,
    which the notebook turns into links, left out)."""
    entry = tutorial.lesson
    texts = [entry.title, entry.introduction, entry.goal, *entry.hints]
    texts += entry.status_lines(tutorial.game())
    if tutorial.feedback is not None:
        texts += [tutorial.feedback.text, tutorial.feedback.action]
    return texts


def _events(tutorial: Tutorial) -> list[str]:
    return list(tutorial.feedback.events) if tutorial.feedback is not None else []


CARD_ID = re.compile(r"\b[a-z]+(?:-[a-z]+)*-\d\b")
#: What Markdown or LaTeX would read as markup in our plain prose (bold ** is ours).
MARKUP = re.compile(r"[$`<>|_\[\]\\]|^\s*(?:\d+\.|[-+])\s", re.MULTILINE)


@pytest.mark.parametrize("lesson_id", IDS)
def test_learner_text_has_no_card_or_rule_ids_and_no_stray_markup(lesson_id: str) -> None:
    tutorial = Tutorial().open(lesson_id)
    seen = _prose(tutorial)
    events: list[str] = []
    for move in tutorial.lesson.solution:
        tutorial = tutorial.attempt(move)
        seen += _prose(tutorial)
        events += _events(tutorial)
        assert tutorial.feedback is not None
        shown = tutorial.feedback.markdown()  # the events' location numbers ([2]) escaped
        assert "[" not in shown.replace("\\[", ""), shown
    seen += _prose(Tutorial().open(lesson_id).attempt(WRONG[lesson_id][1]))
    seen += _prose(Tutorial().open(lesson_id).hint())
    for text in seen:
        assert not CARD_ID.search(text), text
        assert not RULE_ID.search(text), text
        assert not MARKUP.search(text.replace("**", "")), text
    for text in events:
        assert not CARD_ID.search(text) and not RULE_ID.search(text), text


def test_location_lines_name_each_effect_once() -> None:
    lines = location_lines(COURSE.lesson("locations").position())
    assert len(lines) == 7 and lines[0].startswith("Prison (red now)")


def test_the_notebook_is_a_station_of_mafia_city() -> None:
    stations = load("mafia-city").stations
    assert "mafia_city_learn.py" in [s.file for s in stations]


def test_the_last_lesson_leads_into_play() -> None:
    """After the last lesson the feedback links Mafia City's play table (a station of the
    game, so the link opens in the workshop); no earlier lesson does."""
    assert PLAY_PAGE in [s.path for s in load("mafia-city").stations]
    tutorial = Tutorial().open(IDS[-1])
    for move in tutorial.lesson.solution:
        tutorial = tutorial.attempt(move)
    assert tutorial.goal_met and tutorial.is_last
    feedback = tutorial.feedback
    assert feedback is not None and feedback.link is not None
    assert feedback.link[1] == PLAY_PAGE
    assert f'<a href="{PLAY_PAGE}"' in feedback.markdown()
    earlier = Tutorial().open(IDS[-2])
    for move in earlier.lesson.solution:
        earlier = earlier.attempt(move)
    assert earlier.goal_met and not earlier.is_last
    assert earlier.feedback is not None and earlier.feedback.link is None

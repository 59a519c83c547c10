"""Issue 13 item 9: the learner's progress survives a reload, any lesson opens directly, and a
lesson continues the learner's own game from the previous one where it can.

Progress lives in the page's URL (``?lesson=…&done=…&moves=…``, :meth:`Tutorial.to_params`):
a reload keeps it, and every browser tab (every learner of a workshop on one server) has its own.
What comes back from a URL is validated (:meth:`Tutorial.from_params`); nothing there can raise.
"""

from __future__ import annotations

import pytest

from speakeasy.games.speakeasy.table.tutorial import LEARNER, LESSONS, Tutorial, lesson
from speakeasy.tools.tutorial import MAX_LINK_MOVES, MAX_PARAM_LENGTH

IDS = [x.id for x in LESSONS]


def _through(lesson_id: str) -> Tutorial:
    """Lessons 1.. up to ``lesson_id`` solved by their scripted solutions, in order."""
    tutorial = Tutorial()
    while True:
        for move in tutorial.lesson.solution:
            tutorial = tutorial.attempt(move)
        assert tutorial.goal_met, tutorial.lesson_id
        if tutorial.lesson_id == lesson_id:
            return tutorial
        tutorial = tutorial.next_lesson()


def test_progress_round_trips_through_the_url() -> None:
    tutorial = _through("bar").next_lesson().attempt("mafioso vip")
    params = tutorial.to_params()
    assert params["lesson"] == "protect" and params["done"] == "capos,levels,bar"
    assert params["moves"] == "mafioso vip"
    back = Tutorial.from_params(params)
    assert (back.lesson_id, back.done, back.moves) == (
        "protect",
        ("capos", "levels", "bar"),
        ("mafioso vip",),
    )
    assert back.game().state == tutorial.game().state
    # marimo hands a repeated parameter over as a list: the first value counts
    assert Tutorial.from_params({k: [v, "x"] for k, v in params.items()}).moves == back.moves


@pytest.mark.parametrize(
    "params",
    [
        {},
        {"lesson": "nope"},
        {"lesson": 3},
        {"lesson": "bar", "done": "capos,hack,capos", "moves": "capo garage 99"},
        {"lesson": "bar", "moves": "not an action;;;"},
        {"lesson": "bar", "moves": ";".join(["skip"] * (MAX_LINK_MOVES + 1))},
        {"lesson": "bar", "done": "capos," * MAX_PARAM_LENGTH},
        {"lesson": "protect", "from": "raise vip;raise vip"},
        {"lesson": ["trucks"], "moves": None},
        {"lesson": "scoring", "answers": "999,purple"},
        {"lesson": "round", "own": "raise vip;raise vip", "own_lesson": "trucks"},
        {"lesson": "round", "own": "capo contractors 1", "own_lesson": "luciano"},
    ],
)
def test_a_tampered_url_never_raises_and_keeps_only_what_is_valid(
    params: dict[str, object],
) -> None:
    tutorial = Tutorial.from_params(params)
    assert tutorial.lesson_id in IDS
    assert set(tutorial.done) <= set(IDS) and len(set(tutorial.done)) == len(tutorial.done)
    assert tutorial.moves == () and tutorial.base == ()
    assert tutorial.answers == () and tutorial.own == ()
    tutorial.game()  # a legal position


def test_an_unknown_lesson_in_the_url_opens_the_first_lesson_not_done() -> None:
    assert Tutorial.from_params({"done": "capos,levels"}).lesson_id == "bar"
    assert Tutorial.from_params({"lesson": "x", "done": ",".join(IDS)}).lesson_id == "capos"


@pytest.mark.parametrize("lesson_id", IDS)
def test_any_lesson_opens_directly(lesson_id: str) -> None:
    tutorial = Tutorial().open(lesson_id)
    assert tutorial.lesson_id == lesson_id and tutorial.done == ()
    decision = tutorial.decision()  # a question of the lesson, or the game's decision
    assert decision is not None and decision.player is LEARNER
    assert Tutorial.from_params({"lesson": lesson_id}).lesson_id == lesson_id
    with pytest.raises(KeyError):
        Tutorial().open("nope")


def test_the_next_lesson_continues_the_learners_own_bar() -> None:
    """Issue 13 item 9: the bar opened in lesson 3 (district 9 instead of the prepared 3) is
    the learner's in lessons 4 and 5; the trucks lesson's hints then speak of the learner's
    own bars."""
    bar = _through("levels").next_lesson()
    bar = bar.attempt("build open bar-left-2").attempt("build_space 9 0")
    assert bar.goal_met
    protect = bar.next_lesson()
    assert protect.lesson_id == "protect" and protect.continues
    state = protect.game().state
    assert any(d == 9 and b.type.value == "bar" for d, _, b in state.buildings(LEARNER))
    assert not any(d == 3 and b.owner is LEARNER for d, _, b in state.buildings(LEARNER))
    assert Tutorial.from_params(protect.to_params()) == protect  # a reload keeps it
    for move in lesson("protect").solution:
        protect = protect.attempt(move)
    assert protect.goal_met
    trucks = protect.next_lesson()
    assert trucks.continues and "districts 9 and 16" in " ".join(
        trucks.lesson.status_lines(trucks.game())
    )
    assert trucks.hint().feedback is not None
    assert "listed above" in trucks.hint().feedback.text  # type: ignore[union-attr]
    assert trucks.restart().continues  # restarting keeps the learner's own game
    for move in ("enter 6", "buy daisy", "move 3", "move 5", "move 9", "deliver 9 0"):
        trucks = trucks.attempt(move)
        assert trucks.feedback is not None and trucks.feedback.kind in ("accepted", "goal"), (
            move,
            trucks.feedback,
        )
    assert trucks.goal_met  # the barrel reached the learner's own bar in district 9


def test_the_prepared_path_does_not_mark_a_lesson_as_continued() -> None:
    protect = _through("bar").next_lesson()
    assert protect.lesson_id == "protect" and not protect.continues
    assert protect.history() == lesson("protect").history()
    luciano = _through("trucks").next_lesson()
    assert luciano.lesson_id == "luciano" and not luciano.continues  # bots set it up

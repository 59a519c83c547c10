"""Exercise answers read as a person writes them (issue 24 item 12, speakeasy.tools.exercises).

Control exercise 1 accepted only the exact word "nobody": "no one", "none" and "Nobody." were
marked wrong. Every exercise of both games' stations is checked here with the variants a person
would type (case, punctuation, spacing, a framing word, numbers in words, "no one" for
"nobody"), and a wrong answer must still be wrong. The stations' exercises: Speakeasy's area
control (R-CONTROL-3..6, R-PAYOUT-2/3), gang war (R-GANGWAR-6/7, R-COMBAT-2) and truck routes
(R-TRUCK-6..13); Mafia City's control explorer and play table (MC-CTRL-1..5, MC-HARBOUR-3).
"""

from __future__ import annotations

from typing import Any

import pytest

from speakeasy.games.mafia_city.studies.control import control_exercises as mc_control_exercises
from speakeasy.games.mafia_city.studies.control import position as mc_position
from speakeasy.games.mafia_city.table.play import Table as McTable
from speakeasy.games.speakeasy.studies.control import control_exercises
from speakeasy.games.speakeasy.studies.gang_war import (
    default_building,
    load_war_position,
    study_building,
    war_exercises,
)
from speakeasy.games.speakeasy.studies.positions import position_game, subject_colour
from speakeasy.games.speakeasy.table.route_planner import RANGE_BONUSES, planner_view
from speakeasy.tools.exercises import Exercise, normalise, sentence

NUMBER_WORDS = {0: "zero", 1: "one", 2: "two", 3: "three", 4: "four", 5: "five", 6: "six"}


def _every_exercise() -> list[Exercise]:
    """Every exercise the stations show on their default and shipped positions."""
    found = [exercise for _, exercise in control_exercises()]
    for key in ("scenario:e03_gang_war_district_14", "scenario:e01b_defence_equal_holds"):
        game = load_war_position(key)
        pick = default_building(game)
        assert pick is not None
        found += war_exercises(study_building(game, pick[0], pick[1]))
    for key in ("scenario:e17_truck_from_district_16", "scenario:e18_two_trucks_from_district_8"):
        game = position_game(key)
        bonus = RANGE_BONUSES["a fleet card with the +2 range reward (R-CARD-8)"]
        found += planner_view(game, subject_colour(game), bonus).exercises
    state = mc_position(players=3)
    state.stacks[2] = ["red", "blue", "green", "blue", "red"]
    state.stacks[7] = ["red", "blue", "green", "blue", "red"]
    found += mc_control_exercises(state)
    found += McTable.new({"red": "human", "blue": "random", "green": "random"}, seed=3).exercises()
    return found


EXERCISES = _every_exercise()


def _variants(exercise: Exercise) -> list[str]:
    """How a person may write the expected answer."""
    text = exercise.answer_text
    out = [text, text.upper(), text.capitalize(), f"  {text}  ", f"{text}.", f"{text}!"]
    if isinstance(exercise.expected, bool):
        out += [f"{text}, I think", text[0], "Yes." if exercise.expected else "No."]
    elif isinstance(exercise.expected, int):
        n = exercise.expected
        out += [f"{n} of them", f"${n}", f"about {n}."]
        if n in NUMBER_WORDS:
            out += [NUMBER_WORDS[n], f"{NUMBER_WORDS[n].capitalize()}."]
    elif isinstance(exercise.expected, frozenset):
        numbers = sorted(exercise.expected)
        out += [" and ".join(str(n) for n in reversed(numbers)), f"{numbers}"]
    else:
        out += [f"The {text}", f"{text.title()} controls it."]
        if text in ("nobody", "none"):
            out += ["no one", "No one.", "no-one", "None", "nobody", "Nobody.", "noone"]
    return out


def _wrong(exercise: Exercise) -> list[str]:
    """Answers a person may write that are wrong."""
    expected = exercise.expected
    if isinstance(expected, bool):
        return ["No." if expected else "Yes.", "maybe"]
    if isinstance(expected, int):
        return [str(expected + 1), NUMBER_WORDS.get(expected + 1, "seven hundred")]
    if isinstance(expected, frozenset):  # one short, one too many
        numbers = sorted(expected)
        return [", ".join(str(n) for n in numbers[:-1]), f"{numbers} and 99", "none"]
    text = exercise.answer_text
    return ["the gangsters" if text == "nobody" else "nobody", f"{text} and purple and red"]


@pytest.mark.parametrize("exercise", EXERCISES, ids=[e.key for e in EXERCISES])
def test_every_exercise_accepts_what_a_person_would_write(exercise: Exercise) -> None:
    for written in _variants(exercise):
        assert exercise.check(written).correct, (exercise.key, written, exercise.expected)
    for written in _wrong(exercise):
        assert not exercise.check(written).correct, (exercise.key, written, exercise.expected)


def test_the_stations_have_exercises_of_every_kind() -> None:
    """The sweep above covers words, numbers, sets of numbers and yes/no answers, and both
    games' "nobody"."""
    kinds = {type(e.expected) for e in EXERCISES}
    assert {str, int, frozenset} <= kinds
    assert any(e.answer_text == "nobody" for e in EXERCISES)


def test_control_exercise_1_takes_every_way_of_saying_nobody() -> None:
    """Police in district 14 of Uptown stop every unprotected building and no gangster bar
    stands there: nobody controls it (R-GOLDEN-1, R-CONTROL-6)."""
    police_14 = control_exercises()[0][1]
    assert police_14.expected == "nobody"
    for written in ("no one", "none", "Nobody.", "nobody", " NO ONE ", "Nobody controls it."):
        assert police_14.check(written).correct, written
    assert not police_14.check("Yellow").correct
    assert not police_14.check("the gangsters").correct


@pytest.mark.parametrize(
    ("written", "like", "read"),
    [
        ("three", 0, 3),
        ("Three barrels.", 0, 3),
        ("$12", 0, 12),
        ("none", 0, 0),
        ("Zero.", 0, 0),
        ("I don't know", 0, None),
        ("Yes.", True, True),
        ("no, it falls", True, False),
        ("maybe", True, None),
        ("Blue and Yellow", "yellow and blue", frozenset({"blue", "yellow"})),
        ("The Gangsters.", "gangsters", frozenset({"gangsters"})),
        ("gangster", "gangsters", frozenset({"gangsters"})),
        ("No-one!", "nobody", frozenset({"nobody"})),
        ("7, 3 and 1", frozenset({1, 3, 7}), frozenset({1, 3, 7})),
    ],
)
def test_normalise_reads_an_answer_as_a_person_means_it(written: str, like: Any, read: Any) -> None:
    assert normalise(written, like) == read


def test_a_yes_or_no_question_takes_no_other_word_for_no() -> None:
    """Any word but yes or no was read as "no" before: "maybe" was right when the answer was
    no (R-COMBAT-2: can the building hold?)."""
    holds = Exercise("holds", "Can it hold? (yes/no)", False, hint="-")
    assert holds.check("No.").correct
    assert not holds.check("maybe").correct
    assert not holds.check("Yes").correct


def test_answers_and_hints_read_as_sentences() -> None:
    """The explanation after "Correct: 3." and the hint after "Hint:" begin with a capital
    (issue 24: a lowercase "the" after a full stop)."""
    ex = Exercise(
        "goons",
        "How many goons?",
        3,
        hint="count the goons",
        explanation="the cheapest hold is 7 (base 4 + 3 goons) ≥ war strength 7.",
    )
    assert ex.check("3").message == (
        "Correct: 3. The cheapest hold is 7 (base 4 + 3 goons) ≥ war strength 7."
    )
    assert ex.check("2").message == "Not quite. Hint: Count the goons"
    assert ex.solution.startswith("3. The cheapest hold")
    assert sentence("“the” quoted") == "“The” quoted"

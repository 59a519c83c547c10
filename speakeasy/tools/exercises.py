"""Exercises for workshops: a question about a position, the answer the engine computes, a hint
that cites the rule, and a checker for a learner's typed answer.

The expected answer is never written by hand: whoever builds an :class:`Exercise` computes it
with the rules code (area control, planner, gang-war odds, ...) and passes it in, so the
exercise stays right when the rules code is fixed.

>>> ex = Exercise("demo", "Which districts are adjacent to 8?", frozenset({4, 7, 9, 11}),
...               hint="Trucks move along board edges only.", rules=("R-TRUCK-7",))
>>> ex.check("11, 9, 7, 4").correct
True
>>> print(ex.check("4 7").message)
Not quite. Hint: Trucks move along board edges only. (R-TRUCK-7)
>>> Exercise("who", "Who controls 14?", "purple", hint="-", rules=()).check(" Purple ").correct
True

A typed answer longer than :data:`MAX_ANSWER_CHARS` is refused before it is read (a pasted
megabyte of digits would otherwise cost a second, or fail on Python's limit for turning long
digit strings into numbers):

>>> print(ex.check("1" * 5000).message)
That answer is 5,000 characters long; an answer here is at most 200 characters.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from enum import Enum
from typing import Any

__all__ = ["MAX_ANSWER_CHARS", "Exercise", "Feedback", "normalise"]

#: The longest typed answer read (the longest expected answer is a list of a few districts).
MAX_ANSWER_CHARS = 200

_NUMBERS = re.compile(r"-?\d+")
_WORDS = re.compile(r"[a-z]+")


def _text(value: Any) -> str:
    return str(value.value if isinstance(value, Enum) else value).strip().lower()


def normalise(value: Any, like: Any) -> Any:
    """``value`` (typed text or a computed answer) in the comparable form of ``like``.

    * a number: the first whole number in the text (``"3 barrels"`` -> 3);
    * a set of numbers: every whole number in the text, order ignored;
    * a set of words (e.g. colours): every word, order and case ignored;
    * a boolean: yes/no/true/false;
    * anything else: its lower-cased text (an enum by its value).
    """
    if isinstance(like, bool):
        if isinstance(value, bool):
            return value
        word = _text(value)
        return word in {"yes", "y", "true", "1"} if word else None
    if isinstance(like, int):
        if isinstance(value, int):
            return value
        found = _NUMBERS.search(str(value))
        return int(found.group()) if found else None
    if isinstance(like, (set, frozenset, tuple, list)):
        items = list(value) if isinstance(value, (set, frozenset, tuple, list)) else None
        sample = next(iter(like), 0)
        if isinstance(sample, int) and not isinstance(sample, bool):
            if items is None:
                items = [int(n) for n in _NUMBERS.findall(str(value))]
            return frozenset(int(i) for i in items)
        if items is None:
            items = _WORDS.findall(_text(value))
        return frozenset(_text(i) for i in items)
    return _text(value)


@dataclass(frozen=True)
class Feedback:
    """The verdict on one answer and what to tell the learner."""

    correct: bool
    message: str


@dataclass(frozen=True)
class Exercise:
    """A question with its engine-computed ``expected`` answer and a rule-citing hint."""

    key: str
    question: str
    expected: Any
    hint: str
    rules: tuple[str, ...] = ()
    explanation: str = ""  # why the answer is right, shown once it is found
    choices: tuple[str, ...] = field(default=())  # optional: offer these instead of free text

    @property
    def answer_text(self) -> str:
        """The expected answer written for people."""
        value = self.expected
        if isinstance(value, (set, frozenset, list, tuple)):
            numbers_first = sorted(value, key=lambda v: (not isinstance(v, int), v, str(v)))
            return ", ".join(str(v) for v in numbers_first) or "none"
        if isinstance(value, bool):
            return "yes" if value else "no"
        return _text(value) if isinstance(value, Enum) else str(value)

    def check(self, given: Any) -> Feedback:
        """Compare a typed (or chosen) answer with the expected one."""
        if isinstance(given, str) and len(given) > MAX_ANSWER_CHARS:
            return Feedback(
                False,
                f"That answer is {len(given):,} characters long; an answer here is at most "
                f"{MAX_ANSWER_CHARS} characters.",
            )
        if given is None or str(given).strip() == "":
            return Feedback(False, "Type an answer first.")
        if normalise(given, self.expected) == normalise(self.expected, self.expected):
            why = f" {self.explanation}" if self.explanation else ""
            return Feedback(True, f"Correct: {self.answer_text}.{why}")
        rules = f" ({', '.join(self.rules)})" if self.rules else ""
        return Feedback(False, f"Not quite. Hint: {self.hint}{rules}")

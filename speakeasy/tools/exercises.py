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

__all__ = ["MAX_ANSWER_CHARS", "Exercise", "Feedback", "normalise", "sentence"]

#: The longest typed answer read (the longest expected answer is a list of a few districts).
MAX_ANSWER_CHARS = 200

_NUMBERS = re.compile(r"-?\d+")
_WORDS = re.compile(r"[a-z]+")

#: Numbers a person may write as words (an answer of 0 may be "none" or "no").
_NUMBER_WORDS: dict[str, int] = {
    word: n
    for n, words in enumerate(
        (
            "zero none no nothing nil nought",
            "one once",
            "two twice",
            "three",
            "four",
            "five",
            "six",
            "seven",
            "eight",
            "nine",
            "ten",
            "eleven",
            "twelve",
            "thirteen",
            "fourteen",
            "fifteen",
            "sixteen",
            "seventeen",
            "eighteen",
            "nineteen",
            "twenty",
        )
    )
    for word in words.split()
}
#: Ways of writing "nobody" (and "none"), read before the text is cut into words.
_NOBODY_PHRASES = re.compile(
    r"\b(?:no[\s-]*one|noone|no[\s-]+body|no[\s-]+players?|not\s+anyone|not\s+anybody)\b"
)
#: Single words that mean the same as another: "none" and "nobody" are one answer, and so are
#: "gangster" and "gangsters".
_SAME_WORD: dict[str, str] = {
    "none": "nobody",
    "neither": "nobody",
    "nothing": "nobody",
    "noone": "nobody",
    "gangster": "gangsters",
    "grey": "gray",
    "colour": "color",
}
#: Words that only frame an answer ("the gangsters", "Purple controls it", "Yellow and Blue").
_FILLER: frozenset[str] = frozenset(
    [
        "the",
        "a",
        "an",
        "and",
        "or",
        "but",
        "both",
        "only",
        "just",
        "player",
        "players",
        "it",
        "its",
        "is",
        "are",
        "does",
        "do",
        "they",
        "controls",
        "control",
        "controlled",
        "district",
        "districts",
        "location",
        "locations",
    ]
)
_YES: frozenset[str] = frozenset({"yes", "y", "yeah", "yep", "yup", "true", "correct", "1"})
_NO: frozenset[str] = frozenset({"no", "n", "nope", "false", "0", "cannot"})


def _text(value: Any) -> str:
    return str(value.value if isinstance(value, Enum) else value).strip().lower()


def _words(value: Any) -> list[str]:
    """The words of a typed answer, lower-cased, without punctuation, synonyms made one and
    framing words left out (``"The Gangsters."`` -> ``["gangsters"]``)."""
    text = _NOBODY_PHRASES.sub(" nobody ", _text(value).replace("’", "'"))
    text = re.sub(r"\bcan'?t\b|\bcan not\b", " cannot ", text)
    words = [_SAME_WORD.get(w, w) for w in re.findall(r"[a-z]+|\d+", text)]
    return [w for w in words if w not in _FILLER]


#: Words that scale the number before them ("seven hundred" is not 7).
_SCALES: dict[str, int] = {"hundred": 100, "thousand": 1000, "million": 1_000_000}


def _number(value: Any) -> int | None:
    """The first whole number of a typed answer, in digits (``"$12"``) or in words
    (``"three"``, ``"twenty-one"``, ``"none"``; ``"seven hundred"`` is 700).

    >>> _number("twenty-one"), _number("seven hundred"), _number("about 4 goons")
    (21, 700, 4)
    """
    text = _text(value)
    found = _NUMBERS.search(text)
    if found:
        return int(found.group())
    words = _WORDS.findall(text)
    for i, word in enumerate(words):
        if word not in _NUMBER_WORDS:
            continue
        n = _NUMBER_WORDS[word]
        rest = words[i + 1 : i + 3]
        if n >= 20 and rest and 0 < _NUMBER_WORDS.get(rest[0], 0) < 10:
            n += _NUMBER_WORDS[rest[0]]
            rest = rest[1:]
        if rest and rest[0] in _SCALES:
            n *= _SCALES[rest[0]]
        return n
    return None


def normalise(value: Any, like: Any) -> Any:
    """``value`` (typed text or a computed answer) in the comparable form of ``like``: what a
    person would write reads the same as the engine's answer, whatever its case, punctuation
    or spacing.

    * a number: the first whole number in the text (``"3 barrels"``, ``"$3"``, ``"three"``
      -> 3; ``"none"`` -> 0);
    * a set of numbers: every whole number in the text, order ignored (``"none"``: no number);
    * a set of words (e.g. colours): every word, order and case ignored;
    * a boolean: the first word, yes/no/true/false (``"Yes."``, ``"no, it falls"``); any
      other text is no answer (``None``);
    * anything else (a name, a colour, "nobody"): its words, order, case and punctuation
      ignored, framing words left out and the ways of saying "nobody" made one
      (``"No one."``, ``"none"``, ``"Nobody"``; ``"the gangsters"``, ``"Gangsters"``;
      ``"Blue and Yellow"``, ``"yellow, blue"``).

    >>> normalise("No one.", "nobody") == normalise("nobody", "nobody")
    True
    >>> normalise("three", 3), normalise("$12", 3), normalise("None", 3)
    (3, 12, 0)
    >>> normalise("Yes, it holds.", True), normalise("maybe", True)
    (True, None)
    """
    if isinstance(like, bool):
        if isinstance(value, bool):
            return value
        words = re.findall(r"[a-z]+|\d+", _text(value))
        first = words[0] if words else ""
        return True if first in _YES else False if first in _NO else None
    if isinstance(like, int):
        return value if isinstance(value, int) else _number(value)
    if isinstance(like, (set, frozenset, tuple, list)):
        items = list(value) if isinstance(value, (set, frozenset, tuple, list)) else None
        sample = next(iter(like), 0)
        if isinstance(sample, int) and not isinstance(sample, bool):
            if items is None:
                items = [int(n) for n in _NUMBERS.findall(str(value))]
            return frozenset(int(i) for i in items)
        if items is None:
            return frozenset(_words(value))
        return frozenset(w for i in items for w in _words(i))
    return frozenset(_words(value))


def sentence(text: str) -> str:
    """``text`` begun as a sentence: its first letter a capital (``"the cheapest hold …"``
    -> ``"The cheapest hold …"``); the rest as it is.

    >>> sentence("the building holds."), sentence("3 + 4 = 7."), sentence("")
    ('The building holds.', '3 + 4 = 7.', '')
    """
    for i, ch in enumerate(text):
        if ch.isalpha():
            return text[:i] + ch.upper() + text[i + 1 :]
        if not ch.isspace() and ch not in "\"'(“‘":
            return text
    return text


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

    @property
    def solution(self) -> str:
        """The answer with why it is right, in sentences: what a learner reads once they ask
        for it (the exercise cards keep it hidden until then)."""
        why = f" {sentence(self.explanation)}" if self.explanation else ""
        return f"{sentence(self.answer_text)}.{why}"

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
            return Feedback(True, f"Correct: {self.solution}")
        rules = f" ({', '.join(self.rules)})" if self.rules else ""
        return Feedback(False, f"Not quite. Hint: {sentence(self.hint)}{rules}")

"""Exercises in the marimo notebooks: an answer box per exercise and a card with the verdict.

The control, gang-war and truck-route notebooks end with
:class:`~speakeasy.tools.exercises.Exercise`
questions whose answers the engine computed. Each notebook creates the answer boxes in one
cell (so that marimo re-runs the cards when the learner types) and shows the cards in the next::

    answers = answer_boxes(exercises)          # cell 1: a global mo.ui.array
    exercise_cards(exercises, answers)         # cell 2: reruns on every answer

>>> from speakeasy.tools.exercises import Exercise
>>> ex = Exercise("adj", "Which districts touch 8?", frozenset({4, 7, 9, 11}), hint="-")
>>> boxes = answer_boxes([ex])
>>> len(boxes.value)
1
>>> "Which districts touch 8?" in exercise_cards([ex], boxes).text
True
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from speakeasy.tools.citations import markdown_escape
from speakeasy.tools.exercises import Exercise

__all__ = ["answer_boxes", "exercise_cards"]


def answer_boxes(exercises: Sequence[Exercise]) -> Any:
    """One text box per exercise, as a ``mo.ui.array`` (assign it to a notebook global)."""
    import marimo as mo  # heavy (0.4 s): only the notebooks that show exercises need it

    return mo.ui.array([mo.ui.text(placeholder="your answer", label="") for _ in exercises])


def exercise_cards(
    exercises: Sequence[Exercise],
    answers: Any,
    *,
    notes: Sequence[str] | None = None,
    intro: str = "",
) -> Any:
    """The numbered questions, each with its answer box and, once answered, the verdict:
    the explanation when right, a hint citing the rules when not (:meth:`Exercise.check`).
    The answer itself stays hidden under "Show the answer" until someone opens it (a class
    guesses first).

    ``notes`` adds an italic line under each question (e.g. the position it is about);
    ``intro`` is Markdown shown above the cards.
    """
    import marimo as mo  # heavy (0.4 s): only the notebooks that show exercises need it

    cards = [mo.md(intro)] if intro else []
    for n, (exercise, box) in enumerate(zip(exercises, answers, strict=True), start=1):
        head = f"**{n}. {markdown_escape(exercise.question)}**"
        if notes is not None and notes[n - 1]:
            head += f"  \n*{markdown_escape(notes[n - 1])}*"
        # a browser can post any value: only text is read, and Exercise.check refuses a long one
        given = box.value if isinstance(box.value, str) else ""
        verdict: Any = mo.md("")
        if given.strip():
            feedback = exercise.check(given)
            verdict = mo.callout(
                mo.md(markdown_escape(feedback.message)),
                kind="success" if feedback.correct else "warn",
            )
        solution = mo.accordion({"Show the answer": mo.md(markdown_escape(exercise.solution))})
        cards.append(mo.vstack([mo.md(head), box, verdict, solution], gap=0.4))
    return mo.vstack(cards, gap=1.2)

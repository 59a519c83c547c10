"""Guided lessons for a newcomer: prepared positions, one concept at a time, checked moves.

The tutorial is data and logic only (the marimo notebook ``notebooks/learn.py`` draws it). Each
:class:`Lesson` has a title, an introduction in this project's own words, the rule IDs it
teaches, a goal, hints, a *prepared position* and a judge:

* the position is a real game: :data:`SEED`, two seats (the learner plays purple, a bot plays
  yellow) and a fixed script of actions, each applied through :meth:`Game.apply`, so it is legal
  by construction (the last two lessons let seeded bots play on to the end of Act 1);
* :meth:`Lesson.check` judges a *legal* move: :data:`ACCEPTED`, or a :class:`Verdict` with the
  reason it is not what the lesson asks ("that raises strength; this lesson is about your VIP
  room") and the rules behind it. Illegal moves never reach the judge: the engine refuses them
  with its own :class:`~speakeasy.core.actions.IllegalAction`, explained by
  :func:`~speakeasy.games.speakeasy.explain.explain_error`.

:class:`Tutorial` is the learner's progress as an immutable value (marimo keeps it in
``mo.state``): the current lesson, the lessons done, the moves made since the lesson's start
and the feedback to the last attempt. Any lesson opens directly (:meth:`Tutorial.open`); the
next lesson continues the learner's own game where the scripted lead-in fits it
(:meth:`Tutorial.next_lesson`).

The progress survives a reload through the page's address: :meth:`Tutorial.to_params` gives
query parameters (``?lesson=bar&done=capos,levels&moves=...``) and
:meth:`Tutorial.from_params` reads them back, validated and bounded (unknown lessons dropped,
moves replayed and dropped unless legal, at most
:data:`~speakeasy.tools.tutorial.MAX_LINK_MOVES`). The address belongs to one browser tab, so
the learners of a workshop served from one machine never share progress (a progress file on
the server would be shared by all of them), and a bookmark keeps it.

The lessons themselves (the prepared game, the judges, the course) are in
:mod:`speakeasy.games.speakeasy.table.lessons`; the flow of lessons, steps, checks, feedback and
links is the game-agnostic :mod:`speakeasy.tools.tutorial`.

>>> tutorial = Tutorial()
>>> tutorial.lesson.title
'Capos and persons'
>>> tutorial = tutorial.attempt("capo planning 0")
>>> tutorial.feedback.kind, tutorial.feedback.rules[:1]
('wrong', ('R-LOC-CONTRACTORS-1',))
>>> tutorial = tutorial.attempt("capo contractors 0")  # yellow's capo stands there
>>> tutorial.feedback.kind, tutorial.feedback.code, tutorial.feedback.rules[0]
('illegal', 'person-taken', 'R-TURN-4')
>>> tutorial = tutorial.attempt("capo contractors 1")
>>> tutorial.goal_met, tutorial.is_done("capos"), tutorial.unlocked()[:2]
(True, True, ('capos', 'levels'))
"""

from __future__ import annotations

from dataclasses import dataclass

from cachetools import FIFOCache

from speakeasy.core.actions import Action, Decision
from speakeasy.games.speakeasy.engine.game import Game
from speakeasy.games.speakeasy.engine.observe import Observation, observe
from speakeasy.games.speakeasy.explain.log import StepFrame, step_through
from speakeasy.games.speakeasy.model.state import GameState
from speakeasy.games.speakeasy.table.lessons import (
    COURSE,
    LEARNER,
    LESSONS,
    OPPONENT,
    SEED,
    Lesson,
    lesson,
)
from speakeasy.games.speakeasy.table.play import option_space, position_after
from speakeasy.tools import tutorial
from speakeasy.tools.tutorial import ACCEPTED, Course, Feedback, Verdict

__all__ = [
    "ACCEPTED",
    "LEARNER",
    "LESSONS",
    "OPPONENT",
    "SEED",
    "Feedback",
    "Lesson",
    "Tutorial",
    "Verdict",
    "learner_view",
    "lesson",
]


def learner_view(game: Game, state: GameState | None = None) -> Observation:
    """What the learner may see of ``state`` (default: the position now): the bot's safe,
    hand and helpers behind its screen stay hidden, as at a real table (R-MONEY-1,
    R-HELPER-3)."""
    return observe(
        game.state if state is None else state, LEARNER, game.options, catalog=game.catalog
    )


@dataclass(frozen=True, slots=True)
class Tutorial(tutorial.Tutorial[Game]):
    """The learner's progress through Speakeasy's lessons: an immutable value (every change
    returns a new one).

    Any lesson opens directly, and the lessons done stay done:

    >>> Tutorial().open("trucks").lesson.title
    'Trucks'

    The progress as query parameters of the page's URL, and read back, validated:

    >>> Tutorial().attempt("capo contractors 1").to_params()
    {'lesson': 'capos', 'done': 'capos', 'moves': 'capo contractors 1'}
    >>> Tutorial.from_params({"lesson": "bar", "done": "capos,levels,nope"}).lesson_id
    'bar'
    >>> Tutorial.from_params({"lesson": "nope", "moves": "rm -rf"}) == Tutorial()
    True
    """

    @classmethod
    def course(cls) -> Course[Game]:
        return COURSE

    @classmethod
    def option_space(cls, decision: Decision, action: Action) -> int | None:
        """The building space an option names (a click on it on the map picks the option):
        building on it (R-BUILD-1), protecting it (R-PROTECT-1), delivering beside it
        (R-TRUCK-13)...

        >>> bar = Tutorial(lesson_id="bar").attempt("build open bar-left-2")
        >>> (3, 1) in bar.targets() and (3, None) not in bar.targets()
        True
        >>> bar.click(3, 1).feedback.kind, bar.click(3, 1).goal_met
        ('goal', True)
        """
        return option_space(decision, action)

    def previous_state(self) -> GameState | None:
        """The position at the learner's previous decision (``None`` before the first): what
        changed since then, the learner's own move and the bot's answers, is marked on the map
        as Play marks it."""
        game = self.game()
        mine = [i for i, step in enumerate(game.steps) if step.player == LEARNER]
        if not mine:
            return None
        key = tuple(str(a) for a in game.history[: mine[-1]])
        found = _BEFORE_CACHE.get(key)
        if found is None:
            found = position_after(game, mine[-1])
            _BEFORE_CACHE[key] = found
        return found

    def luciano_step(self) -> int | None:
        """The step (counted from 1) in which the Luciano phase paid out, if it has."""
        game = self.game()
        start = len(self.history())
        for number, step in enumerate(game.steps[start:], start=start + 1):
            if any(e.kind == "payout" for e in step.events):
                return number
        return None

    def luciano_frames(self) -> list[StepFrame]:
        """The Luciano step event by event (empty until it has happened)."""
        step = self.luciano_step()
        return _frames(self.history(), self.moves, step) if step is not None else []


#: The frames of the 4 steps stepped through last (first in, first out).
_FRAME_CACHE: FIFOCache[tuple[tuple[str, ...], tuple[str, ...], int], list[StepFrame]] = FIFOCache(
    maxsize=4
)


#: The positions at the learner's previous decision of the 4 positions drawn last.
_BEFORE_CACHE: FIFOCache[tuple[str, ...], GameState] = FIFOCache(maxsize=4)


def _frames(history: tuple[str, ...], moves: tuple[str, ...], step: int) -> list[StepFrame]:
    key = (history, moves, step)
    frames = _FRAME_CACHE.get(key)
    if frames is None:
        frames = step_through(COURSE.game(history, moves), step)
        _FRAME_CACHE[key] = frames
    return frames

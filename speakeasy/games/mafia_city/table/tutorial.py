"""Mafia City's guided lessons as the learner's progress (the shared
:class:`speakeasy.tools.tutorial.Tutorial` naming Mafia City's course,
:mod:`speakeasy.games.mafia_city.table.lessons`); the marimo notebook
``notebooks/mafia_city_learn.py`` draws it.

The progress lives in the page's address (:meth:`Tutorial.to_params`,
:meth:`Tutorial.from_params`), as for Speakeasy's lessons:

>>> tutorial = Tutorial()
>>> tutorial.lesson.title
'Placing a token'
>>> tutorial.attempt("place 2").feedback.rules
('MC-CTRL-3', 'MC-MAP-6')
>>> tutorial = tutorial.attempt("place 6")
>>> tutorial.goal_met, tutorial.to_params()
(True, {'lesson': 'place', 'done': 'place', 'moves': 'place 6'})
>>> again = Tutorial.from_params(tutorial.to_params())
>>> (again.lesson_id, again.done, again.moves, again.goal_met)
('place', ('place',), ('place 6',), True)
"""

from __future__ import annotations

from dataclasses import dataclass

from speakeasy.games.mafia_city.engine.game import Game
from speakeasy.games.mafia_city.engine.observe import Observation
from speakeasy.games.mafia_city.table.lessons import COURSE, LEARNER, LESSONS, lesson
from speakeasy.tools import tutorial
from speakeasy.tools.tutorial import Course

__all__ = ["LEARNER", "LESSONS", "Tutorial", "learner_view", "lesson"]


def learner_view(game: Game) -> Observation:
    """What the learner (red) may see: the bots' hands stay hidden (MC-INFO-1)."""
    return game.observe(LEARNER)


@dataclass(frozen=True, slots=True)
class Tutorial(tutorial.Tutorial[Game]):
    """The learner's progress through Mafia City's lessons (an immutable value)."""

    @classmethod
    def course(cls) -> Course[Game]:
        return COURSE

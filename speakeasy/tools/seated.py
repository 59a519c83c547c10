"""Undo and redo at a table where people and bots share a game (both games' tables).

A person's Undo goes back to that person's previous decision, taking back the bots' moves
after it; Redo comes forward again up to the next decision of a person. Before any decision of
a person there is nothing to undo: taking back a bot's move alone would let the bot play it
again and lose what Redo could bring back, so it is refused (``nothing-to-undo``).

A decision with a single option asks nothing. When one person sits with bots only, such a
decision of theirs is taken for them (:meth:`UndoToPerson.takes_for_person`): nobody else
watches the screen, so skipping the question tells no one whether that person holds a card
(MC-INFO-1; the reaction and Secret Deal questions are put to every seat, MC-VETO-7,
MC-SECRET-4). Such steps are not the person's decisions for Undo and Redo; the tables list
them in "since your last decision". With two or more people at one screen every question is
still asked: a skipped one would show the others who holds nothing to play.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping
from typing import Any

from speakeasy.core.actions import Decision, Event
from speakeasy.core.engine import Step

__all__ = ["UndoToPerson"]


class UndoToPerson(ABC):
    """Undo, redo and go-to for a table with ``game`` (an engine) and ``seats`` (a player to
    its seat kind, ``"human"`` for a person); the table says whether a person decides now
    (``waiting_for_human``) and lets the bots move (``play_bots``)."""

    game: Any
    seats: Mapping[Any, str]

    @property
    @abstractmethod
    def waiting_for_human(self) -> bool:
        """Whether a person decides the pending decision."""

    @abstractmethod
    def play_bots(self) -> list[Event]:
        """Let the bots decide until a person must or the game ends."""

    @property
    def alone(self) -> bool:
        """Whether exactly one person sits at the table (the other seats are bots)."""
        return sum(kind == "human" for kind in self.seats.values()) == 1

    def takes_for_person(self, decision: Decision | None) -> bool:
        """Whether ``decision`` is a person's with a single option that the table takes for
        them: only when that person is :attr:`alone` with bots (see the module docstring)."""
        return (
            decision is not None
            and len(decision.options) == 1
            and self.seats[decision.player] == "human"
            and self.alone
        )

    def taken_for_person(self, step: Step) -> bool:
        """Whether ``step`` (one of ``game.steps``) was taken for a person, their only option."""
        return self.seats[step.player] == "human" and step.choices == 1 and self.alone

    def take_for_person(self) -> list[Event]:
        """Take the pending decision's only option while :meth:`takes_for_person` holds."""
        events: list[Event] = []
        while self.takes_for_person(self.game.pending):
            events.extend(self.game.apply(self.game.pending.options[0]))
        return events

    def single_option_note(self) -> str:
        """Why a person is asked a question with a single option ("" when they are not): with
        several people at one screen every question is put, whatever the seat holds."""
        decision = self.game.pending
        if (
            decision is None
            or len(decision.options) != 1
            or self.seats[decision.player] != "human"
            or self.alone
        ):
            return ""
        return (
            "This is your only option: with several people at this screen the table still "
            "asks, so a skipped question never shows the others what you hold."
        )

    @property
    def asks_person(self) -> bool:
        """Whether a person is asked now: a person's decision the table does not take."""
        return self.waiting_for_human and not self.takes_for_person(self.game.pending)

    def _human_steps(self) -> list[int]:
        """The steps a person decided (those taken for them left out)."""
        return [
            i
            for i, s in enumerate(self.game.steps)
            if self.seats[s.player] == "human" and not self.taken_for_person(s)
        ]

    @property
    def can_undo(self) -> bool:
        """Whether a person has decided yet (:meth:`undo` goes back to that decision)."""
        return bool(self._human_steps())

    def undo(self) -> None:
        """Back to the previous decision of a person (the bots' moves after it undone too);
        refused (``nothing-to-undo``) before any."""
        humans = self._human_steps()
        if not humans:
            raise self.game.definition.refusal(
                "nothing-to-undo", "no decision of a person to go back to yet"
            )
        self.game.goto(humans[-1])

    def redo(self) -> list[Event]:
        """Redo the undone decision and the moves recorded after it up to a person's turn (one
        taken for them is redone too)."""
        events: list[Event] = self.game.redo()
        while self.game.can_redo and not self.asks_person:
            events.extend(self.game.redo())
        return events + self.play_bots()

    def goto(self, step: int) -> None:
        self.game.goto(step)

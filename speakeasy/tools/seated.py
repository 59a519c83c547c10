"""Undo and redo at a table where people and bots share a game (both games' tables).

A person's Undo goes back to that person's previous decision, taking back the bots' moves
after it; Redo comes forward again up to the next decision of a person. Before any decision of
a person there is nothing to undo: taking back a bot's move alone would let the bot play it
again and lose what Redo could bring back, so it is refused (``nothing-to-undo``).
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping
from typing import Any

from speakeasy.core.actions import Event

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

    def _human_steps(self) -> list[int]:
        return [i for i, s in enumerate(self.game.steps) if self.seats[s.player] == "human"]

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
        """Redo the undone decision and the moves recorded after it up to a person's turn."""
        events: list[Event] = self.game.redo()
        while self.game.can_redo and not self.waiting_for_human:
            events.extend(self.game.redo())
        return events + self.play_bots()

    def goto(self, step: int) -> None:
        self.game.goto(step)

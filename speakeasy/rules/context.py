"""The context every rule runs in: the state, the data, the seeded RNG and the event log.

Rules are generator functions (*flows*). A flow reads and changes ``ctx.state``, emits events,
and asks a player to decide by ``action = yield from ctx.ask(...)``: the engine suspends the
flow at that point, publishes the :class:`~speakeasy.core.actions.Decision`, and resumes it with the
chosen (already validated) action.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Generator, Sequence
from dataclasses import dataclass, field
from typing import Any, TypeVar

from speakeasy.catalog import Catalog
from speakeasy.core.actions import Action, Blocked, Decision, Event
from speakeasy.model.board import Board
from speakeasy.model.kinds import DecisionKind, EventKind, check_event
from speakeasy.model.options import Options
from speakeasy.model.state import Colour, GameState, Player

__all__ = ["Ctx", "Flow"]

T = TypeVar("T")
#: A rule that may ask for decisions and finally returns a ``T``.
Flow = Generator[Decision, Action, T]


@dataclass(slots=True)
class Ctx:
    """Everything a rule needs. Owned by one :class:`~speakeasy.engine.game.Game`."""

    state: GameState
    catalog: Catalog
    board: Board
    rng: random.Random
    options: Options
    seats: int  # players at the table (1 = solo sandbox)
    events: list[Event] = field(default_factory=list)
    #: Called after each event is recorded (e.g. to snapshot the state for step-through views).
    on_emit: Callable[[Event], None] | None = None

    @property
    def setup_players(self) -> int:
        """The player count whose rules apply: the solo sandbox plays the 2p rules (GAP-23)."""
        return 2 if self.seats == 1 else self.seats

    def player(self, colour: Colour) -> Player:
        return self.state.players[colour]

    def emit(
        self, kind: EventKind, player: Colour | None, rules: Sequence[str], text: str, **data: Any
    ) -> None:
        """Record an event; ``data`` must be JSON-ready and match the kind (:func:`check_event`)."""
        kind = check_event(kind, data)
        event = Event(kind, player.value if player else None, tuple(rules), text, data)
        self.events.append(event)
        if self.on_emit is not None:
            self.on_emit(event)

    def ask(
        self,
        player: Colour,
        kind: DecisionKind,
        prompt: str,
        rules: Sequence[str],
        options: Sequence[Action],
        blocked: Callable[[], tuple[Blocked, ...]] | None = None,
        facts: Sequence[tuple[str, Any]] = (),
    ) -> Flow[Action]:
        """Ask ``player`` to choose one of ``options`` and return the choice."""
        if not options:
            raise AssertionError(f"decision {kind!r} for {player} has no legal option")
        choice = yield Decision(
            player, kind, prompt, tuple(rules), tuple(options), blocked, tuple(facts)
        )
        return choice

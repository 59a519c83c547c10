"""The context every rule runs in: the state, the data, the seeded RNG and the event log.

Rules are generator functions (*flows*). A flow reads and changes ``ctx.state``, emits events,
and asks a player to decide by ``action = yield from ctx.ask(...)``: the engine suspends the
flow at that point, publishes the :class:`~speakeasy.core.actions.Decision`, and resumes it with
the chosen (already validated) action. :class:`Ctx` is the game-agnostic
:class:`~speakeasy.core.context.Context` with Speakeasy's data added.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from speakeasy.core.actions import Action, Blocked, Event
from speakeasy.core.context import Context, Flow
from speakeasy.games.speakeasy.model.board import Board
from speakeasy.games.speakeasy.model.catalog.catalog import Catalog
from speakeasy.games.speakeasy.model.kinds import DecisionKind, EventKind, check_event
from speakeasy.games.speakeasy.model.options import Options
from speakeasy.games.speakeasy.model.state import Colour, GameState, Player

__all__ = ["Ctx", "Flow"]


@dataclass(slots=True, init=False)
class Ctx(Context[GameState, Colour, EventKind, DecisionKind]):
    """Everything a rule needs. Owned by one
    :class:`~speakeasy.games.speakeasy.engine.game.Game`."""

    # Keyword-only for the dataclass machinery only (the base's fields have defaults); the
    # constructor below takes them in their usual order.
    catalog: Catalog = field(kw_only=True)
    board: Board = field(kw_only=True)
    options: Options = field(kw_only=True)
    seats: int = field(kw_only=True)  # players at the table (1 = solo sandbox)

    def __init__(
        self,
        state: GameState,
        catalog: Catalog,
        board: Board,
        rng: random.Random,
        options: Options,
        seats: int,
        events: list[Event] | None = None,
        on_emit: Callable[[Event], None] | None = None,
    ) -> None:
        Context.__init__(self, state, rng, [] if events is None else events, on_emit)
        self.catalog = catalog
        self.board = board
        self.options = options
        self.seats = seats

    @property
    def setup_players(self) -> int:
        """The player count whose rules apply: the solo sandbox plays the 2p rules (GAP-23)."""
        return 2 if self.seats == 1 else self.seats

    def player(self, colour: Colour) -> Player:
        return self.state.players[colour]

    def emit(
        self, kind: EventKind, player: Colour | None, rules: Sequence[str], text: str, **data: Any
    ) -> None:
        """Record an event; ``data`` must be JSON-ready and match the kind (:func:`check_event`).
        A quiet context (a game without history) records none and checks nothing; it tells
        its :attr:`tap` (if any) all the same."""
        if self.quiet:
            if self.tap is not None:
                self.tap(Event(kind, player.value if player else None, tuple(rules), text, data))
            return
        kind = check_event(kind, data)
        self.record(Event(kind, player.value if player else None, tuple(rules), text, data))

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
        """Ask ``player`` to choose one of ``options`` (a decision of ``kind``)."""
        return Context.ask(self, player, kind, prompt, rules, options, blocked, facts)

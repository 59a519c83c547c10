"""The context a game's rules run in: the state, the seeded RNG and the event log.

Rules are generator functions (*flows*). A flow reads and changes ``ctx.state``, records events
with :meth:`Context.emit`, and asks a player to decide with ``action = yield from
ctx.ask(...)``: the engine (:class:`~speakeasy.core.engine.Engine`) suspends the flow at that
point, publishes the :class:`~speakeasy.core.actions.Decision`, and resumes it with the chosen
(already validated) action.

>>> import random
>>> def pick(ctx: Context[list[str], str, str, str], kind: str = "fruit") -> Flow[None]:
...     choice = yield from ctx.ask("ann", kind, "Pick a fruit", ("R-1",),
...                                 [Action("pick", ("apple",)), Action("pick", ("pear",))])
...     ctx.state.append(str(choice.args[0]))
...     ctx.emit(kind, "ann", ("R-1",), f"Ann picks {choice.args[0]}.")
>>> ctx = Context(state=[], rng=random.Random(0))
>>> flow = pick(ctx)
>>> decision = next(flow)
>>> decision.player, [str(o) for o in decision.options]
('ann', ['pick apple', 'pick pear'])
>>> try:
...     flow.send(decision.options[1])
... except StopIteration:
...     pass
>>> ctx.state, [e.text for e in ctx.events]
(['pear'], ['Ann picks pear.'])

A flow marks *checkpoints* with :meth:`Context.checkpoint`: points where a fresh flow started
with the same restart token continues exactly like this one, so the engine can rebuild a
position from the nearest checkpoint instead of from the start.
"""

from __future__ import annotations

import copy
import random
from collections.abc import Callable, Generator, Hashable, Sequence
from dataclasses import dataclass, field
from typing import Any, Generic, Self, TypeVar

from speakeasy.core.actions import Action, Blocked, Decision, Event

__all__ = ["Context", "Flow"]

S = TypeVar("S")
T = TypeVar("T")
#: Who decides (a game's seat type, e.g. a colour enum).
P = TypeVar("P")
#: A game's event kinds and decision kinds (usually string enums).
EK = TypeVar("EK", bound=str)
DK = TypeVar("DK", bound=str)
#: A rule that may ask for decisions and finally returns a ``T``.
Flow = Generator[Decision, Action, T]


@dataclass(slots=True)
class Context(Generic[S, P, EK, DK]):
    """What every flow of a game runs in: its state, its one RNG and the events so far.

    A game's own context (e.g. :class:`speakeasy.games.speakeasy.rules.context.Ctx`) subclasses this
    one to add its data (catalogue, board, options).
    """

    state: S
    rng: random.Random
    events: list[Event] = field(default_factory=list)
    #: Called after each event is recorded (e.g. to snapshot the state for step-through views).
    on_emit: Callable[[Event], None] | None = None
    #: Called with the restart token of each checkpoint the flow passes (set by the engine;
    #: not copied by :func:`dataclasses.replace`).
    on_checkpoint: Callable[[Hashable, bool], None] | None = field(default=None, init=False)
    #: Record no events (a game that keeps no history, for simulations: set by the engine).
    #: The rules must not depend on the log for what they decide: only texts and
    #: explanations may read it.
    quiet: bool = field(default=False, init=False)
    #: The events not recorded because :attr:`quiet` (counted only: an engine keeping the
    #: checkpoints a quiet replay passes needs the size the log would have had).
    skipped: int = field(default=0, init=False)
    #: Told of every event from now on, a quiet context's too (what a playout earns, for the
    #: coach: :meth:`Engine.listen <speakeasy.core.engine.Engine.listen>`); not forked.
    tap: Callable[[Event], None] | None = field(default=None, init=False)

    def record(self, event: Event) -> None:
        """Append ``event`` to the log and tell :attr:`on_emit` (nothing when :attr:`quiet`)
        and :attr:`tap`."""
        if self.tap is not None:
            self.tap(event)
        if self.quiet:
            self.skipped += 1
            return
        self.events.append(event)
        if self.on_emit is not None:
            self.on_emit(event)

    def emit(
        self, kind: EK, player: P | None, rules: Sequence[str], text: str, **data: Any
    ) -> None:
        """Record an event (``data`` must be JSON-ready); ``player`` is a name or ``None``."""
        if self.quiet and self.tap is None:
            self.skipped += 1
            return
        name = str(player) if player is not None else None
        self.record(Event(kind, name, tuple(rules), text, data))

    def ask(
        self,
        player: P,
        kind: DK,
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

    def checkpoint(self, restart: Hashable, *, listed: bool = True) -> None:
        """Mark a point where a fresh flow started with ``restart`` continues exactly like
        this one (same decisions, events and random draws from the same state and RNG).
        An unlisted one only shortens the replays of copies and undo (it is not among the
        game's ``checkpoints``)."""
        if self.on_checkpoint is not None:
            self.on_checkpoint(restart, listed)

    def fork(self, state: S, rng: random.Random, events: list[Event]) -> Self:
        """A context like this one (same data) over another state, RNG and event log, with
        no hooks."""
        other = copy.copy(self)
        other.state, other.rng, other.events = state, rng, events
        other.on_emit = None
        other.on_checkpoint = None
        other.tap = None
        return other

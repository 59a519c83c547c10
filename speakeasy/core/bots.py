"""One bot protocol for every game: a bot decides from its seat's observation and the pending
decision only.

A :class:`Bot` never gets the game: :func:`decide` hands it what the deciding seat may see
(:meth:`Engine.observe <speakeasy.core.engine.Engine.observe>`, supplied by the game's
definition) and the pending :class:`~speakeasy.core.actions.Decision` (whose options the seat
may see too). Its randomness comes from its own seeded RNG, so a bot given the same
observation and decision in the same inner state decides the same.

>>> import random
>>> class First:
...     def choose(self, observation: object, decision: Decision) -> Action:
...         return decision.options[0]
>>> decision = Decision("ann", "pick", "Pick", ("R-1",), (Action("pick", ("pear",)),))
>>> First().choose(None, decision)
Action(kind='pick', args=('pear',))
>>> isinstance(First(), Bot)
True
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any, Protocol, TypeVar, runtime_checkable

from speakeasy.core.actions import Action, Decision, Event
from speakeasy.core.engine import Engine

__all__ = ["Bot", "RandomBot", "decide", "play"]

O_contra = TypeVar("O_contra", contravariant=True)


@runtime_checkable
class Bot(Protocol[O_contra]):
    """Anything that picks one of a decision's options from the deciding seat's observation
    (the game's observation type ``O_contra``) and the decision; never the whole state."""

    def choose(self, observation: O_contra, decision: Decision) -> Action: ...


class RandomBot:
    """Uniformly random over the decision's options, from its own seeded RNG: the same bot for
    every game (it needs nothing of the observation).

    >>> decision = Decision("ann", "pick", "Pick", ("R-1",), (Action("pick", ("pear",)),))
    >>> RandomBot(seed=3).choose(None, decision)
    Action(kind='pick', args=('pear',))
    """

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, observation: object, decision: Decision) -> Action:
        return self.rng.choice(decision.options)


def decide(game: Engine[Any, Any, Any], bot: Bot[Any]) -> Action:
    """``bot``'s choice at ``game``'s pending decision, from the deciding seat's observation
    only; ``ValueError`` if the game is over."""
    decision = game.pending
    if decision is None:
        raise ValueError("the game is over: there is nothing to decide")
    return bot.choose(game.observe(decision.player), decision)


def play(
    game: Engine[Any, Any, Any],
    bots: Mapping[Any, Bot[Any]],
    *,
    until: Any | None = None,
    max_steps: int = 1_000_000,
) -> list[Event]:
    """Let the bots decide (each from its seat's observation) until the game ends, a seat
    without a bot must decide, or it is ``until``'s decision; the events of their actions.
    ``RuntimeError`` if the game goes on after ``max_steps`` decisions."""
    events: list[Event] = []
    for _ in range(max_steps):
        decision = game.pending
        if decision is None or decision.player == until or decision.player not in bots:
            return events
        events.extend(game.apply(decide(game, bots[decision.player])))
    if game.pending is None or game.pending.player == until or game.pending.player not in bots:
        return events
    raise RuntimeError(f"the game did not end within {max_steps} decisions")

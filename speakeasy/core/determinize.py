"""Determinization: a whole game rebuilt from one seat's observation, every fact the seat
cannot see drawn at random consistently with what it sees (issue 27's search bot).

A game's rules are generator flows that restart only at their checkpoints, so a position in
the middle of a turn cannot be set up from its state alone. A seat's observation therefore
carries its :class:`~speakeasy.core.engine.Recent` record: its own view at the last
checkpoint, and the actions taken in view since. :func:`determinized` samples the hidden
facts at that checkpoint (the game's ``sample``), replays the actions from there
(:meth:`Engine.from_position <speakeasy.core.engine.Engine.from_position>`), and then
overwrites the position reached with a sample of the present one, in place
(:func:`overwrite`), so the flow waits where the real game waits and the position shows the
seat exactly what it sees. A replay that is not possible with the facts drawn (another seat
could not have taken an action with the hand it was dealt) or that does not reach the same
decision (a draw the seat saw came out differently) is drawn again.

>>> from dataclasses import dataclass, field
>>> @dataclass
... class Box:
...     items: list[int] = field(default_factory=list)
...     label: str = ""
>>> live = Box([1, 2], "a")
>>> kept = live.items
>>> overwrite(live, Box([3], "b"))
>>> live, kept is live.items
(Box(items=[3], label='b'), True)
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable
from typing import Any, TypeVar

from speakeasy.core.actions import IllegalAction
from speakeasy.core.engine import Engine, EngineError, Recent

__all__ = ["DeterminizeError", "determinized", "overwrite"]

E = TypeVar("E", bound=Engine[Any, Any, Any])

#: How many times :func:`determinized` draws before it gives up.
TRIES = 100


class DeterminizeError(RuntimeError):
    """No position consistent with the observation was found in :data:`TRIES` draws (or the
    observation carries no :class:`~speakeasy.core.engine.Recent` record)."""


def overwrite(target: Any, source: Any) -> None:
    """Make ``target`` equal to ``source`` *in place*: a dataclass field by field, a list or
    a dict item by item (keeping the objects that a suspended rule may hold), anything else
    replaced. Both are trees of dataclasses, lists, dicts and immutable values."""
    if dataclasses.is_dataclass(target) and type(target) is type(source):
        for f in dataclasses.fields(target):
            old, new = getattr(target, f.name), getattr(source, f.name)
            if _same_shape(old, new):
                overwrite(old, new)
            else:
                object.__setattr__(target, f.name, new)
        return
    if isinstance(target, list) and isinstance(source, list):
        if len(target) == len(source):
            for i, (old, new) in enumerate(zip(target, source, strict=True)):
                if _same_shape(old, new):
                    overwrite(old, new)
                else:
                    target[i] = new
        else:
            target[:] = source
        return
    if isinstance(target, dict) and isinstance(source, dict):
        for key in [k for k in target if k not in source]:
            del target[key]
        for key, new in source.items():
            old = target.get(key)
            if key in target and _same_shape(old, new):
                overwrite(old, new)
            else:
                target[key] = new
        return
    raise TypeError(f"cannot overwrite a {type(target).__name__} in place")


def _same_shape(old: Any, new: Any) -> bool:
    """Whether ``old`` can be overwritten in place by ``new`` (mutable and of one type)."""
    if type(old) is not type(new):
        return False
    if isinstance(old, list | dict):
        return True
    params = getattr(type(old), "__dataclass_params__", None)
    return params is not None and not params.frozen


def determinized(
    engine: type[E],
    players: tuple[str, ...],
    options: Any,
    recent: Recent | None,
    now: Any,
    sample: Callable[[Any, random.Random, Any], Any],
    rng: random.Random,
    seat: str,
) -> E:
    """A game of ``engine`` at the position of ``now`` (``seat``'s observation of the
    present, ``recent`` its record), its hidden facts drawn by ``sample(observation, rng,
    like)``: the game's function that turns an observation into a whole state, each hidden
    fact drawn from ``rng`` consistently with the observation and the game's components,
    keeping those of the state ``like`` (the position the replay reached, or ``None``) that
    are consistent with it, such as the hand of a player whose decision is pending (its
    options were made from that hand).

    The game keeps no history. It waits for the decision the observation's record names
    (the same player and, when it is ``seat``'s own, the same options) and shows ``seat``
    what ``now`` shows. :class:`DeterminizeError` after :data:`TRIES` failed draws."""
    if recent is None:
        raise DeterminizeError("the observation carries no record of the turn (Recent)")
    for _ in range(TRIES):
        origin = sample(recent.origin, rng, None)
        seed = rng.getrandbits(62)
        try:
            game = engine.from_position(
                players,
                options,
                origin,
                recent.restart,
                recent.since,
                seed=seed,
                start=recent.start,
            )
        except (IllegalAction, EngineError):
            continue  # the facts drawn do not allow the actions taken since: draw again
        pending = game.pending
        player = pending.player if pending is not None else None
        if player != recent.player:
            continue
        if recent.options and (pending is None or pending.options != recent.options):
            continue  # a draw the seat saw came out otherwise: its options differ
        overwrite(game.state, sample(now, rng, game.state))
        return game
    raise DeterminizeError(
        f"no position consistent with {seat}'s observation in {TRIES} draws (the actions "
        "since the last checkpoint could not be replayed)"
    )

"""Test helpers shared by the rules tests: drive a rules flow with scripted answers.

A *flow* is a generator that yields :class:`~speakeasy.actions.Decision` objects and is resumed
with the chosen :class:`~speakeasy.actions.Action`. :func:`drive` runs one to the end, answering
every decision from a script, checks that each answer is one of the offered options (as the
engine does) and returns the flow's result together with every decision it saw.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Generator, Sequence
from typing import TypeVar

import speakeasy.rules  # noqa: F401  (registers every effect handler)
from speakeasy.actions import Action, Decision, Event
from speakeasy.board import load_board
from speakeasy.catalog import load_catalog
from speakeasy.options import Options
from speakeasy.rules.context import Ctx
from speakeasy.setup import new_state
from speakeasy.state import Colour, GameState

T = TypeVar("T")

#: Answers one decision: an action (or its text form, e.g. ``"boost 4 none"``).
Chooser = Callable[[Decision], Action | str]
#: A chooser for every decision, or one scripted answer per decision, in order.
Script = Chooser | Sequence[Action | str | Chooser]


def pick(decision: Decision, answer: Action | str) -> Action:
    """The offered option matching ``answer`` by its text form; fail if it is not offered."""
    wanted = str(answer)
    for option in decision.options:
        if str(option) == wanted:
            return option
    offered = ", ".join(repr(str(o)) for o in decision.options)
    raise AssertionError(
        f"{wanted!r} is not an option of {decision.kind!r} for {decision.player}; "
        f"offered: {offered}"
    )


def drive(flow: Generator[Decision, Action, T], choose: Script = ()) -> tuple[T, list[Decision]]:
    """Run ``flow`` to the end and return ``(its result, the decisions it asked)``.

    ``choose`` is either a callable answering every decision, or a sequence with one answer
    per decision (an action, its text, or a callable for that decision). With a sequence the
    number of decisions must match the number of answers exactly.
    """
    seen: list[Decision] = []
    try:
        decision = next(flow)
        while True:
            seen.append(decision)
            if callable(choose):
                answer = choose(decision)
            else:
                if len(seen) > len(choose):
                    options = ", ".join(repr(str(o)) for o in decision.options)
                    raise AssertionError(
                        f"unexpected decision {len(seen)} {decision.kind!r} for "
                        f"{decision.player}: {decision.prompt} (options: {options})"
                    )
                entry = choose[len(seen) - 1]
                answer = entry(decision) if callable(entry) else entry
            decision = flow.send(pick(decision, answer))
    except StopIteration as stop:
        result: T = stop.value
    if not callable(choose) and len(seen) != len(choose):
        raise AssertionError(
            f"the script has {len(choose)} answer(s) but the flow asked {len(seen)} decision(s)"
        )
    return result, seen


def new_ctx(
    players: int | Sequence[Colour] = 4, seed: int = 0, options: Options | None = None
) -> Ctx:
    """A freshly set-up position wrapped in a context, ready for a test to edit."""
    colours = list(Colour)[:players] if isinstance(players, int) else list(players)
    catalog = load_catalog()
    board = load_board(len(colours))
    events: list[Event] = []
    rng = random.Random(seed)
    opts = options or Options()
    state = new_state(colours, rng, catalog, board, opts, events.append)
    return Ctx(state, catalog, board, rng, opts, seats=len(colours), events=events)


def clear_map(state: GameState) -> None:
    """Remove every building, gangster bar, police figure and token from the districts."""
    for district in state.districts.values():
        district.police = district.police_token = district.war_token = False
        district.strength_token = None
        district.gangster = None
        for space in district.spaces:
            space.building = None
            space.gangster_bar = False
            space.city_token = None

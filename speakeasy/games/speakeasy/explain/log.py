"""A game read back: the filtered log of explained events, and any step replayed event by event.

The automatic parts of a game (prologue, end of round, each step of the Lucky Luciano phase,
final scoring) can be replayed one event at a time with :func:`step_through`, and the whole
game read back with :func:`log`:

>>> from speakeasy import Game
>>> game = Game.new(players=2, seed=7)
>>> [e.category for e in log(game, newest_first=False)][:2]
['setup', 'setup']
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from speakeasy.core.actions import Event
from speakeasy.games.speakeasy.engine.game import Game
from speakeasy.games.speakeasy.explain.events import (
    Explanation,
    category_name,
    explain_event,
    phase_category,
)
from speakeasy.games.speakeasy.model.kinds import EventKind
from speakeasy.games.speakeasy.model.state import Colour, GameState, Phase, to_data

__all__ = ["StepFrame", "log", "step_through"]


@dataclass(frozen=True, slots=True)
class StepFrame:
    """One event of a step: its explanation and the position just before and just after it."""

    explanation: Explanation
    before: GameState
    after: GameState

    @property
    def event(self) -> Event:
        assert self.explanation.event is not None
        return self.explanation.event

    def changes(self, limit: int = 20) -> list[str]:
        """What the event changed, as ``path: old → new`` lines (at most ``limit``)."""
        found: list[str] = []
        _diff(to_data(self.before), to_data(self.after), "", found, limit)
        return found


def _diff(old: Any, new: Any, path: str, out: list[str], limit: int) -> None:
    if len(out) >= limit or old == new:
        return
    if isinstance(old, dict) and isinstance(new, dict):
        for key in dict.fromkeys([*old, *new]):
            _diff(old.get(key), new.get(key), f"{path}.{key}" if path else str(key), out, limit)
        return
    out.append(f"{path}: {old!r} → {new!r}")


#: The kinds whose event starts the prologue: each player's building, then card.
_PROLOGUE_STARTS = frozenset({EventKind.OPEN, EventKind.BUILD_IMPOSSIBLE, EventKind.PLAY_CARD})


class _Where:
    """Follows a game's events to know their category, act and round without the states."""

    def __init__(self) -> None:
        self.category = "setup"
        self.act: int | None = 0
        self.round: int | None = None

    def explain(self, event: Event, step: int) -> Explanation:
        kind = EventKind(event.kind)
        if self.category == "setup" and kind in _PROLOGUE_STARTS:
            self.category = "prologue"
        if kind is EventKind.ROUND:
            self.category, self.act, self.round = "turn", event.data["act"], event.data["round"]
        elif kind is EventKind.CAPO_RETURN:
            self.act, self.round = event.data["act"], None
        return explain_event(event, self.category, step=step, act=self.act, round=self.round)


def step_through(game: Game, step: int | None = None) -> list[StepFrame]:
    """Replay one step event by event (default: the last; 0 = setup) without changing the game.

    Each frame holds the explanation and the positions before and after that event; the first
    frame's ``before`` is the position before the step.

    >>> from speakeasy import Game
    >>> game = Game.new(players=2, seed=3)
    >>> frames = step_through(game, 0)
    >>> frames[0].explanation.category, frames[0].before is frames[0].after
    ('setup', True)
    """
    number = len(game.steps) if step is None else step
    start, frames = game.frames(number)
    out: list[StepFrame] = []
    before = start
    where = _Where() if number == 0 else None
    for frame in frames:
        if where is not None:
            explanation = where.explain(frame.event, 0)
        else:
            state = frame.state
            explanation = explain_event(
                frame.event,
                phase_category(state.phase),
                step=number,
                act=state.act,
                round=state.round,
            )
        out.append(StepFrame(explanation, before, frame.state))
        before = frame.state
    return out


def _colour_name(player: str | Colour) -> str:
    try:
        return Colour(str(player).lower()).value
    except ValueError:
        known = ", ".join(c.value for c in Colour)
        raise ValueError(f"unknown colour {player!r}; colours are {known}") from None


def log(
    game: Game,
    *,
    player: str | Colour | None = None,
    category: str | Phase | Iterable[str | Phase] | None = None,
    newest_first: bool = True,
) -> list[Explanation]:
    """Every event of the game so far (setup included), explained; filter by player/category.

    ``player`` keeps the events of that colour; ``category`` one category (or several) of
    :data:`~speakeasy.games.speakeasy.explain.events.CATEGORIES` (a
    :class:`~speakeasy.games.speakeasy.model.state.Phase` works too).

    >>> from speakeasy import Game
    >>> game = Game.new(players=2, seed=7)
    >>> [e.text for e in log(game, category="setup")][-1]  # the oldest, last
    'In this two-player game districts ... are closed: no buildings go there.'
    """
    wanted: set[str] | None = None
    if category is not None:
        cats = [category] if isinstance(category, str | Phase) else list(category)
        wanted = {category_name(c) for c in cats}
    colour = None if player is None else _colour_name(player)
    where = _Where()
    out: list[Explanation] = []
    batches: list[tuple[int, Sequence[Event]]] = [(0, game.setup_events)]
    batches += [(n, s.events) for n, s in enumerate(game.steps, start=1)]
    for number, events in batches:
        for event in events:
            explanation = where.explain(event, number)
            if colour is not None and explanation.player != colour:
                continue
            if wanted is not None and explanation.category not in wanted:
                continue
            out.append(explanation)
    if newest_first:
        out.reverse()
    return out

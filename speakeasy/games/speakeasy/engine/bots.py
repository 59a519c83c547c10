"""Bots that choose among the legal actions, and letting them play until something happens.

A bot decides from its seat's observation (:meth:`Game.observe
<speakeasy.games.speakeasy.engine.game.Game.observe>`: no other seat's safe or hand, no deck order)
and the pending decision only: the one protocol of :class:`speakeasy.core.bots.Bot`.

>>> from speakeasy import Game
>>> game = Game.new(players=2, seed=1)
>>> bot = RandomBot(seed=5)
>>> events = play_out(game, {c: bot for c in game.colours})
>>> game.is_over
True

A script need not answer every follow-up decision by hand: :func:`play_until` lets bots (or
any policy) decide until a seat's next decision, the next round, the next act or the next
Lucky Luciano phase.

>>> game = Game.new(players=2, seed=1)
>>> _ = play_until(game, RandomBot(seed=11), "luciano")
>>> game.state.act, game.state.phase.value, game.pending.kind.value
(1, 'gang war', 'gang_war_defence')
>>> _ = play_until(game, RandomBot(seed=11), "round")
>>> game.state.act, game.state.round
(2, 1)
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Literal, TypeAlias

from speakeasy.core.actions import Event
from speakeasy.core.bots import Bot as CoreBot
from speakeasy.core.bots import RandomBot, decide, play
from speakeasy.games.speakeasy.engine.game import Game
from speakeasy.games.speakeasy.engine.observe import Observation
from speakeasy.games.speakeasy.model.kinds import EventKind
from speakeasy.games.speakeasy.model.state import Colour

__all__ = ["LUCIANO_EVENTS", "Bot", "RandomBot", "Until", "play_out", "play_until"]

#: Events that only the Lucky Luciano phase emits (R-GANGWAR..R-PAYOUT).
LUCIANO_EVENTS = frozenset(
    {
        EventKind.GANG_WAR,
        EventKind.GANGSTER_ARRIVES,
        EventKind.POLICE_ARRIVE,
        EventKind.DISTRICT_CONTROL,
        EventKind.PAYOUT,
    }
)
#: When :func:`play_until` stops: before a seat's decision (a :class:`Colour`), once the next
#: ``"round"``, ``"act"`` or ``"luciano"`` phase has begun, or when a test of the game and the
#: events so far holds.
Until = Colour | Literal["round", "act", "luciano"] | Callable[[Game, Sequence[Event]], bool]


#: A Speakeasy bot: :class:`speakeasy.core.bots.Bot` deciding from a seat's
#: :class:`~speakeasy.games.speakeasy.engine.observe.Observation` and the pending decision.
Bot: TypeAlias = CoreBot[Observation]


def play_out(game: Game, bots: Mapping[Colour, Bot], *, until: Colour | None = None) -> list[Event]:
    """Let the bots decide until the game ends, or until it is ``until``'s decision
    (:func:`speakeasy.core.bots.play`)."""
    return play(game, bots, until=until)


def _stop_test(until: Until, start_act: int) -> Callable[[Game, Sequence[Event]], bool]:
    if isinstance(until, Colour):
        return lambda game, _events: game.current_player == until
    if until == "round":
        return lambda _game, events: any(e.kind == EventKind.ROUND for e in events)
    if until == "act":
        return lambda game, _events: game.state.act != start_act
    if until == "luciano":
        return lambda _game, events: any(e.kind in LUCIANO_EVENTS for e in events)
    if callable(until):
        return until
    raise ValueError(f"play until a colour, 'round', 'act', 'luciano' or a test, not {until!r}")


def play_until(
    game: Game,
    bots: Bot | Mapping[Colour, Bot],
    until: Until,
    *,
    max_decisions: int = 100_000,
) -> list[Event]:
    """Let ``bots`` (one bot for every seat, or one per colour) decide until ``until``.

    The test is checked before each decision, with the events applied since the call: a colour
    stops at that seat's next decision, ``"round"``/``"luciano"`` stop at the first decision
    after the next round or Lucky Luciano phase began (or when the game ends), ``"act"`` once
    the act changed. Play also stops when the game ends, when a seat without a bot must decide,
    or after ``max_decisions``. Returns the events of the decisions taken.
    """
    seats = bots if isinstance(bots, Mapping) else dict.fromkeys(game.colours, bots)
    stop = _stop_test(until, game.state.act)
    events: list[Event] = []
    for _ in range(max_decisions):
        colour = game.current_player
        if colour is None or colour not in seats or stop(game, events):
            break
        events.extend(game.apply(decide(game, seats[colour])))
    return events

"""The engine's answers to a position's ``[question]``
(:mod:`speakeasy.games.mafia_city.positions.questions`): the question's ``play`` actions are
played from the position through the rules, then each asked fact is read from the game.

>>> from speakeasy.games.mafia_city.positions import load_position
>>> position = load_position("emc08_control_tie_stack_order")
>>> answer(position.game(), position.question)["control"]
{'controller': 'red', 'rule': 'MC-CTRL-3'}
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, Final

from speakeasy.games.mafia_city.engine.game import Game
from speakeasy.games.mafia_city.rules.control import control

__all__ = ["FACTS", "answer", "play"]


def _control(game: Game, question: Mapping[str, Any]) -> dict[str, Any]:
    location = int(question["location"])
    st = game.state
    found = control(st.stacks[location], game.ctx.data.locations[location].control)
    return {"controller": found.controller or "nobody", "rule": found.rule}


def _refused(game: Game, question: Mapping[str, Any]) -> Any:
    err = game.why_not(str(question["action"]))
    return "legal" if err is None else {"code": err.code, "rule": err.rule}


def _pending(game: Game, question: Mapping[str, Any]) -> Any:
    pending = game.pending
    return "over" if pending is None else {"player": pending.player, "kind": str(pending.kind)}


def _winner(game: Game, question: Mapping[str, Any]) -> Any:
    if not game.is_over:
        return "not over"
    result = game.result()
    return {"winner": result.winner or "nobody", "rule": result.decided_by}


def _per_seat(read: Callable[[Any], int]) -> Callable[[Game, Mapping[str, Any]], Any]:
    return lambda game, q: {p: read(game.state.seats[p]) for p in game.state.players}


#: How each fact of :data:`~speakeasy.games.mafia_city.positions.questions.ASKS` is read.
FACTS: Final[dict[str, Callable[[Game, Mapping[str, Any]], Any]]] = {
    "stacks": lambda g, q: {str(n): list(s) for n, s in sorted(g.state.stacks.items()) if s},
    "cell": lambda g, q: [owner for owner, _ in g.state.cell],
    "hands": _per_seat(lambda s: len(s.hand)),
    "tokens": _per_seat(lambda s: s.tokens),
    "reserve": _per_seat(lambda s: s.reserve),
    "vp": _per_seat(lambda s: s.vp),
    "passed": lambda g, q: [p for p in g.state.players if g.state.seats[p].passed],
    "figures": lambda g, q: {
        "hitman": g.state.hitman,
        "officer": g.state.officer or "station",
        "mayor": g.state.mayor or "hall",
    },
    "discard": lambda g, q: len(g.state.discard),
    "draw": lambda g, q: len(g.state.draw),
    "start_player": lambda g, q: g.state.start_player,
    "phase": lambda g, q: g.state.phase,
    "pending": _pending,
    "options": lambda g, q: sorted({a.kind for a in g.legal_actions()}),
    "refused": _refused,
    "control": _control,
    "winner": _winner,
}


def play(game: Game, question: Mapping[str, Any]) -> Game:
    """``game`` after the question's ``play`` actions (each checked by the rules:
    :class:`~speakeasy.core.actions.IllegalAction` for one they refuse)."""
    for text in question.get("play", ()):
        game.apply(str(text))
    return game


def answer(game: Game, question: Mapping[str, Any]) -> dict[str, Any]:
    """The engine's answer to ``question`` from ``game`` (played on by its ``play`` actions;
    the game is changed): a table of the asked facts, comparable to the stated ``answer``."""
    play(game, question)
    return {name: FACTS[name](game, question) for name in question["ask"]}

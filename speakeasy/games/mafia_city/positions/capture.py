"""Capturing a position: any Mafia City game's position written as a position file, exactly.

The file holds the position in full at the last point where the rules restart (the start of
the current phase I, II or III; before the first one, the game's own start: the setup and its
mulligans, or the position the game started from), the state of the random generator there
(``rng``: shuffles and Thief draws to come are the same), and the decisions taken since
(``actions``), which loading replays through the rules. So a position in the middle of a
reaction chain (a veto, a Complicity, a Secret Deal bidding) is captured too: its open windows
are rebuilt by the replay. Loading gives the same state, hidden parts included, the same
pending decision with the same options, and the same game from there on.

>>> from speakeasy.games.mafia_city.engine.game import Game
>>> game = Game.new(players=4, seed=3)
>>> for _ in range(9):
...     _ = game.apply(game.legal_actions()[0])
>>> loaded = position_from_game(game).game()
>>> loaded.state == game.state, loaded.legal_actions() == game.legal_actions()
(True, True)
"""

from __future__ import annotations

import random
from typing import Any

from speakeasy.core.actions import Action
from speakeasy.core.seeds import rng_text
from speakeasy.games.mafia_city.engine.game import DEFINITION, Game
from speakeasy.games.mafia_city.model.state import GameState
from speakeasy.games.mafia_city.positions.build import restart_of
from speakeasy.games.mafia_city.positions.format import Position

__all__ = ["position_from_game", "state_fields"]


def _origin(
    game: Game,
) -> tuple[GameState, tuple[Any, ...], tuple[str, int] | None, tuple[Action, ...]]:
    """The position ``game`` last passed a checkpoint at (its state and random generator),
    where the rules restart there, and the actions taken since; before the first checkpoint,
    the game's start, set up again from its seed (and its own position, if it has one)."""
    checkpoints = game.checkpoints
    if checkpoints:
        last = checkpoints[-1]
        # the engine's own snapshot of this game's state (never data from outside)
        state: GameState = DEFINITION.from_snapshot(last.snapshot)
        restart = last.restart
        if not (isinstance(restart, tuple) and len(restart) == 2):
            raise TypeError(f"a Mafia City checkpoint restarts at (phase, round), not {restart!r}")
        return state, last.rng, (str(restart[0]), int(restart[1])), game.history[last.step :]
    start = game.start_position
    ctx, _ = DEFINITION.begin(game.players, random.Random(game.seed), game.options, start)
    where = restart_of(start.data) if isinstance(start, Position) else None
    return ctx.state, ctx.rng.getstate(), where, game.history


def state_fields(state: GameState, phase: str) -> dict[str, Any]:
    """Every field of ``state`` (taken between decisions, no card in play) as a position
    file writes it, for a position in ``phase``."""
    if state.in_play or state.location is not None:
        raise ValueError("a position is taken between effects: no card in play (MC-CARD-3)")
    data: dict[str, Any] = {
        "round": state.round,
        "phase": phase,
        "start_player": state.start_player,
        "layout": list(state.layout),
    }
    if state.turn is not None and phase == "action":
        data["turn"] = state.turn
    if state.cubes:
        data["cubes"] = list(state.cubes)
    stacks = {str(n): list(s) for n, s in sorted(state.stacks.items()) if s}
    if stacks:
        data["stacks"] = stacks
    if state.cell:
        data["cell"] = [{"owner": owner, "round": jailed} for owner, jailed in state.cell]
    figures: dict[str, Any] = {"hitman": state.hitman}
    if state.officer is not None:
        figures["officer"] = state.officer
    if state.mayor is not None:
        figures["mayor"] = state.mayor
    data["figures"] = figures
    data["seats"] = {
        p: {
            "hand": list(s.hand),
            "tokens": s.tokens,
            "reserve": s.reserve,
            "box": s.box,
            "vp": s.vp,
            "passed": s.passed,
        }
        for p, s in state.seats.items()
    }
    data["deck"] = {"draw": list(state.draw), "discard": list(state.discard)}
    return data


def position_from_game(game: Game, title: str = "Saved position", **extra: Any) -> Position:
    """The position of ``game`` as a position file that gives it back exactly (see the module
    docstring): the state at the last restart point in full, the random generator's state
    there and the decisions since. ``extra`` fields are added as given (a ``description``, a
    ``[question]``...). The Speakeasy counterpart is ``scenario_from_game``."""
    state, rng, restart, actions = _origin(game)
    data: dict[str, Any] = {
        "title": title,
        "source": "saved",
        "players": list(game.players),
        "seed": game.seed,
        "options": dict(game.options.to_data()),
        **state_fields(state, "setup" if restart is None else restart[0]),
        "rng": rng_text(rng),
    }
    if restart is not None:
        data["round"] = restart[1]
    if actions:
        data["actions"] = [str(a) for a in actions]
    data.update(extra)
    return Position(data)

"""The rules context analysis code runs in, built one way.

Rules functions take a :class:`~speakeasy.games.speakeasy.rules.context.Ctx`. Analysis code (the
planner, the explorers, the heuristic bot) asks them questions about a position without ever
touching the game it came from: :func:`analysis_context` gives it a context of its own.

>>> from speakeasy.games.speakeasy.engine.game import Game
>>> game = Game.new(players=2, seed=1)
>>> ctx = analysis_context(game)
>>> ctx.state == game.state and ctx.state is not game.state
True
>>> analysis_context(game, state=game.state).state is game.state  # read-only, no copy
True

:func:`catalog_of` is the catalogue a game, a context or a scenario is played with (the game's
data, never a global):

>>> catalog_of(game) is ctx.catalog
True
"""

from __future__ import annotations

import copy
import random

from speakeasy.games.speakeasy.engine.game import Game
from speakeasy.games.speakeasy.engine.setup import new_state
from speakeasy.games.speakeasy.model.catalog.catalog import Catalog
from speakeasy.games.speakeasy.model.options import Options
from speakeasy.games.speakeasy.model.state import GameState
from speakeasy.games.speakeasy.positions.format import Scenario
from speakeasy.games.speakeasy.rules.context import Ctx

__all__ = ["analysis_context", "catalog_of"]


def catalog_of(source: Game | Ctx | Scenario) -> Catalog:
    """The catalogue ``source`` is played with: a context's own; a game's is its definition's
    (the one its rules context was set up with, :meth:`SpeakeasyDefinition.catalog
    <speakeasy.games.speakeasy.engine.definition.SpeakeasyDefinition.catalog>`); a scenario's is
    that of the :class:`~speakeasy.games.speakeasy.engine.game.Game` it sets up. Cheap: nothing is
    copied."""
    if isinstance(source, Ctx):
        return source.catalog
    if isinstance(source, Game):
        return source.catalog
    return Game.definition.catalog()


def analysis_context(source: Game | Ctx | Scenario, *, state: GameState | None = None) -> Ctx:
    """A rules context over ``source``'s position that analysis code may change freely.

    * a :class:`~speakeasy.games.speakeasy.engine.game.Game`: over a copy of its position
      (:meth:`Game.analysis_context <speakeasy.games.speakeasy.engine.game.Game.analysis_context>`);
    * a :class:`~speakeasy.games.speakeasy.rules.context.Ctx`: over a copy of its state, with the
    same data;
    * a :class:`~speakeasy.games.speakeasy.positions.Scenario`: over its position as set up, before
    the game's
      flow runs (a scenario set at a Lucky Luciano phase is seen *before* its gang war; one set
      in the rounds is at the start of its round); a scenario with ``actions`` (a captured
      position, :func:`~speakeasy.games.speakeasy.positions.scenario_from_game`) is seen after them.

    With ``state`` (a game or a context only), the context is over that very state, not a
    copy: for code that only reads and asks thousands of questions per game (the heuristic
    bot), or that studies a changed copy of the position it made itself.
    """
    if isinstance(source, Scenario):
        if state is not None:
            raise ValueError("a scenario's context is its own set-up position; no state to give")
        if source.data.get("actions"):
            return source.game().analysis_context()
        return _set_up(source)
    if isinstance(source, Game):
        if state is None:
            return source.analysis_context()
        return Ctx(
            state=state,
            catalog=catalog_of(source),
            board=source.board,
            rng=random.Random(source.seed),
            options=source.options,
            seats=len(source.colours),
        )
    return Ctx(
        state=copy.deepcopy(source.state) if state is None else state,
        catalog=source.catalog,
        board=source.board,
        rng=random.Random(0),
        options=source.options,
        seats=source.seats,
    )


def _set_up(scenario: Scenario) -> Ctx:
    """The setup of :class:`~speakeasy.games.speakeasy.engine.game.Game` with the scenario applied,
    without running the game's flow."""
    catalog = catalog_of(scenario)
    board = Game.definition.board(len(scenario.players))
    rng = random.Random(scenario.seed)
    options = Options.from_data(scenario.data.get("options"))
    ctx = Ctx(
        state=GameState(players={}, districts={}),
        catalog=catalog,
        board=board,
        rng=rng,
        options=options,
        seats=len(scenario.players),
    )
    ctx.state = new_state(list(scenario.players), rng, catalog, board, options, lambda e: None)
    scenario.apply_to(ctx)
    start = scenario.start
    if start.phase == "rounds":  # the game would be at the start of this round
        ctx.state.round = start.round
    return ctx

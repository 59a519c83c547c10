"""Speakeasy rules explorer: the board, the components and the games as code.

The names below are the package's public face; each is imported the first time it is used, so
``import speakeasy`` loads neither a game nor plotly nor a web server. The games themselves are
found by name through :mod:`speakeasy.games` (``speakeasy.games.load("mafia-city")``).

>>> import speakeasy
>>> speakeasy.Game.new(players=2, seed=7).seed
7
>>> speakeasy.no_such_name
Traceback (most recent call last):
...
AttributeError: module 'speakeasy' has no attribute 'no_such_name'
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any, Final

if TYPE_CHECKING:
    from speakeasy.core.actions import Action, Decision, Event, IllegalAction
    from speakeasy.core.engine import EngineError, SaveFileError
    from speakeasy.games.speakeasy.engine.game import Game
    from speakeasy.games.speakeasy.figures.board_figure import board_figure
    from speakeasy.games.speakeasy.model.board import Area, Board, load_board
    from speakeasy.games.speakeasy.model.catalog.catalog import Catalog
    from speakeasy.games.speakeasy.model.catalog.loader import load_catalog
    from speakeasy.games.speakeasy.model.options import Options
    from speakeasy.games.speakeasy.model.provenance import Provenance
    from speakeasy.games.speakeasy.model.state import Colour, GameState
    from speakeasy.games.speakeasy.positions.capture import scenario_from_game
    from speakeasy.games.speakeasy.positions.errors import ScenarioError
    from speakeasy.games.speakeasy.positions.format import Scenario, parse_scenario
    from speakeasy.games.speakeasy.positions.shipped import load_scenario
    from speakeasy.games.speakeasy.studies.questions import ask
    from speakeasy.tools.errors import DataError

#: Public name -> the module that defines it.
_PUBLIC: Final = {
    "Action": "speakeasy.core.actions",
    "Decision": "speakeasy.core.actions",
    "Event": "speakeasy.core.actions",
    "IllegalAction": "speakeasy.core.actions",
    "EngineError": "speakeasy.core.engine",
    "SaveFileError": "speakeasy.core.engine",
    "Game": "speakeasy.games.speakeasy.engine.game",
    "board_figure": "speakeasy.games.speakeasy.figures.board_figure",
    "Area": "speakeasy.games.speakeasy.model.board",
    "Board": "speakeasy.games.speakeasy.model.board",
    "load_board": "speakeasy.games.speakeasy.model.board",
    "Catalog": "speakeasy.games.speakeasy.model.catalog.catalog",
    "load_catalog": "speakeasy.games.speakeasy.model.catalog.loader",
    "Options": "speakeasy.games.speakeasy.model.options",
    "Provenance": "speakeasy.games.speakeasy.model.provenance",
    "Colour": "speakeasy.games.speakeasy.model.state",
    "GameState": "speakeasy.games.speakeasy.model.state",
    "scenario_from_game": "speakeasy.games.speakeasy.positions.capture",
    "ScenarioError": "speakeasy.games.speakeasy.positions.errors",
    "Scenario": "speakeasy.games.speakeasy.positions.format",
    "parse_scenario": "speakeasy.games.speakeasy.positions.format",
    "load_scenario": "speakeasy.games.speakeasy.positions.shipped",
    "ask": "speakeasy.games.speakeasy.studies.questions",
    "DataError": "speakeasy.tools.errors",
}

__all__ = [
    "Action",
    "Area",
    "Board",
    "Catalog",
    "Colour",
    "DataError",
    "Decision",
    "EngineError",
    "Event",
    "Game",
    "GameState",
    "IllegalAction",
    "Options",
    "Provenance",
    "SaveFileError",
    "Scenario",
    "ScenarioError",
    "ask",
    "board_figure",
    "load_board",
    "load_catalog",
    "load_scenario",
    "parse_scenario",
    "scenario_from_game",
]
__version__ = "0.1.0"


def __getattr__(name: str) -> Any:
    module = _PUBLIC.get(name)
    if module is None:
        raise AttributeError(f"module 'speakeasy' has no attribute {name!r}")
    value = getattr(importlib.import_module(module), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *_PUBLIC})

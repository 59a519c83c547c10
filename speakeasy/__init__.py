"""Speakeasy rules explorer: the board, the components and the game as code."""

from speakeasy.catalog import Catalog, load_catalog
from speakeasy.core.actions import Action, Decision, Event, IllegalAction
from speakeasy.core.engine import EngineError, SaveFileError
from speakeasy.engine.game import Game
from speakeasy.model.board import Area, Board, load_board
from speakeasy.model.errors import DataError
from speakeasy.model.options import Options
from speakeasy.model.provenance import Provenance
from speakeasy.model.state import Colour, GameState

# Imported for its registration too: saved games that start from a scenario can be loaded.
from speakeasy.scenario import Scenario, ScenarioError, load_scenario

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
    "load_board",
    "load_catalog",
    "load_scenario",
]
__version__ = "0.1.0"

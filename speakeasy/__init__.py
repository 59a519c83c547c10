"""Speakeasy rules explorer: the board, the components and the game as code."""

from speakeasy.actions import Action, Decision, Event, IllegalAction
from speakeasy.board import Area, Board, load_board
from speakeasy.catalog import Catalog, load_catalog
from speakeasy.engine import Game, SaveFileError
from speakeasy.errors import DataError
from speakeasy.options import Options
from speakeasy.provenance import Provenance
from speakeasy.state import Colour, GameState

__all__ = [
    "Action",
    "Area",
    "Board",
    "Catalog",
    "Colour",
    "DataError",
    "Decision",
    "Event",
    "Game",
    "GameState",
    "IllegalAction",
    "Options",
    "Provenance",
    "SaveFileError",
    "load_board",
    "load_catalog",
]
__version__ = "0.1.0"

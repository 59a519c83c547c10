"""Speakeasy rules explorer: the board, the components and (soon) the whole game as code."""

from speakeasy.board import Area, Board, load_board
from speakeasy.errors import DataError
from speakeasy.provenance import Provenance

__all__ = ["Area", "Board", "DataError", "Provenance", "load_board"]
__version__ = "0.1.0"

"""Figures of the board and the game (plotly), shared by the marimo and Jupyter notebooks."""

from speakeasy.viz.board_figure import DISTRICT_TRACE, board_figure
from speakeasy.viz.game_figure import game_figure, game_repr_mimebundle

__all__ = ["DISTRICT_TRACE", "board_figure", "game_figure", "game_repr_mimebundle"]

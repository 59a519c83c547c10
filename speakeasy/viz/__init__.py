"""Figures of the board and the game (plotly), shared by the marimo and Jupyter notebooks."""

from speakeasy.viz.board_figure import DISTRICT_TRACE, board_figure

__all__ = ["DISTRICT_TRACE", "board_figure"]

"""Mafia City's figures: the hex map and the control explorer's figure (plotly)."""

"""Speakeasy on the engine core: the game definition, the :class:`Game`, setup and bots.

==================  ==========================================================================
module              what
==================  ==========================================================================
``setup``           a new game's starting position (R-SETUP, R-PSETUP)
``definition``      Speakeasy as a :class:`~speakeasy.core.engine.GameDefinition`
``game``            :class:`Game`, the engine playing that definition
``bots``            bots that choose among the legal actions
==================  ==========================================================================
"""

from speakeasy.core.engine import EngineError
from speakeasy.games.speakeasy.engine.bots import (
    LUCIANO_EVENTS,
    Bot,
    RandomBot,
    Until,
    play_out,
    play_until,
)
from speakeasy.games.speakeasy.engine.definition import (
    SPEAKEASY,
    SpeakeasyDefinition,
    StartPosition,
    colours,
)
from speakeasy.games.speakeasy.engine.game import Game, SaveFileError
from speakeasy.games.speakeasy.engine.setup import new_state

__all__ = [
    "LUCIANO_EVENTS",
    "SPEAKEASY",
    "Bot",
    "EngineError",
    "Game",
    "RandomBot",
    "SaveFileError",
    "SpeakeasyDefinition",
    "StartPosition",
    "Until",
    "colours",
    "new_state",
    "play_out",
    "play_until",
]

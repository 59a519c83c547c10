"""The game-agnostic engine core: it imports nothing but the standard library, so any game
written as generator flows can use it.

==================  ==========================================================================
module              what
==================  ==========================================================================
``actions``         decisions, actions, events and the one exception for illegal requests
``context``         the context flows run in: state, RNG, events, ``emit``, ``ask``, checkpoints
``engine``          the engine (apply, undo/redo/goto, frames, copies, save files) and the
                    definition a game gives it
``bots``            the one bot protocol: a bot decides from its seat's observation and the
                    pending decision only
``seeds``           one stable way to derive seeds
``limits``          reading untrusted JSON and TOML within size and nesting limits
==================  ==========================================================================
"""

from speakeasy.core.actions import Action, Blocked, Decision, Event, IllegalAction
from speakeasy.core.bots import Bot, decide
from speakeasy.core.context import Context, Flow
from speakeasy.core.engine import (
    REFUSALS,
    Checkpoint,
    Engine,
    EngineError,
    Frame,
    GameDefinition,
    NoHistoryError,
    Runner,
    SaveFileError,
    Step,
    digest,
)
from speakeasy.core.limits import LimitError, check_text, load_json_limited, load_toml_limited
from speakeasy.core.seeds import MAX_SEED, check_seed, derive_seed

__all__ = [
    "MAX_SEED",
    "REFUSALS",
    "Action",
    "Blocked",
    "Bot",
    "Checkpoint",
    "Context",
    "Decision",
    "Engine",
    "EngineError",
    "Event",
    "Flow",
    "Frame",
    "GameDefinition",
    "IllegalAction",
    "LimitError",
    "NoHistoryError",
    "Runner",
    "SaveFileError",
    "Step",
    "check_seed",
    "check_text",
    "decide",
    "derive_seed",
    "digest",
    "load_json_limited",
    "load_toml_limited",
]

"""Mafia City (Petr Bělík, Stragoo Games, 2012): a second game on the game-agnostic core.

==============  =========================================================================
module          what
==============  =========================================================================
``data``        the deck, map, setup table and rule switches from ``data/mafia_city/``
``state``       the position as dataclasses; the options
``board``       the seven-hex map as a networkx wheel graph
``kinds``       event and decision kinds
``context``     the flows' context; drawing, discarding
``setup``       setup by player count (MC-SETUP)
``control``     who controls a location (MC-CTRL)
``reactions``   veto chains and Complicity (MC-VETO, MC-COMPL)
``turns``       phase I and the AKCE effects (MC-ACT, MC-HAT, MC-BULLET, card kinds)
``locations``   phase II and the seven location effects (MC-LOC, MC-PRISON ... MC-HALL)
``strategic``   phase III (MC-STR)
``endround``    phase IV, the end and the tie-breakers (MC-END, MC-WIN)
``flow``        the whole game as one flow with checkpoints
``observe``     what a seat may see (MC-INFO)
``bots``        random and heuristic bots deciding from their observation only
``game``        the GameDefinition and :class:`MafiaCityGame`
==============  =========================================================================
"""

from speakeasy.mafia_city.board import LOCATIONS, adjacent, map_graph
from speakeasy.mafia_city.bots import HeuristicBot, RandomBot, play
from speakeasy.mafia_city.context import McCtx
from speakeasy.mafia_city.control import Control, control
from speakeasy.mafia_city.data import GameData, load_data
from speakeasy.mafia_city.endround import McResult
from speakeasy.mafia_city.game import MAFIA_CITY, MafiaCityDefinition, MafiaCityGame
from speakeasy.mafia_city.kinds import DecisionKind, EventKind
from speakeasy.mafia_city.locations import location_phase
from speakeasy.mafia_city.observe import Observation, observe
from speakeasy.mafia_city.state import McOptions, McState, Seat

__all__ = [
    "LOCATIONS",
    "MAFIA_CITY",
    "Control",
    "DecisionKind",
    "EventKind",
    "GameData",
    "HeuristicBot",
    "MafiaCityDefinition",
    "MafiaCityGame",
    "McCtx",
    "McOptions",
    "McResult",
    "McState",
    "Observation",
    "RandomBot",
    "Seat",
    "adjacent",
    "control",
    "load_data",
    "location_phase",
    "map_graph",
    "observe",
    "play",
]

"""The Lucky Luciano phase at the end of Acts 1, 2 and 3 (rules reference §12).

:func:`luciano_phase` runs its three steps in order:

1. **Gang war** (R-GANGWAR-1..14): a new gangster arrives in every district holding a face-down
   gangster district token, puts gangster bars on the empty building spaces and attacks every
   player building there. Players defend building by building, in turn order.
2. **Police patrols** (R-POLICE-1..4): the police tokens become police figures and, in Acts 1
   and 2, the next column of police tokens is revealed.
3. **Area control and payout** (R-CONTROL-1..8, R-PAYOUT-1..5): every district is checked in
   ascending order, the control markers move up, and each area pays by rank into the safe.

The parts that need no decision are also pure functions that work on any hand-built state, so
the scenario explorers can ask "who controls this district, and why?":
:func:`district_control`, :func:`area_control`, :func:`payout_ranking` and
:func:`best_defence`. Each result carries the rule applied and a plain-English reason.

One module per job:

=============  =====================================================================
module         job
=============  =====================================================================
``phase``      the phase's flow: the four steps in order (R-ACT-2)
``gang_war``   step 3.1, the gang war (R-GANGWAR-1..14, R-VARIANT-1)
``defence``    defending one building (R-GANGWAR-7/14, R-COMBAT-2..5)
``police``     step 3.2, police patrols (R-POLICE-1..4)
``control``    step 3.3, area control (R-CONTROL-1..8, R-GOLDEN, R-CLOSED-1)
``payout``     step 3.4, payout by rank (R-PAYOUT-1..5)
=============  =====================================================================
"""

from speakeasy.games.speakeasy.rules.luciano.control import (
    CONTROL_RANK,
    AreaControl,
    Control,
    ControlCase,
    PlayerBest,
    area_control,
    district_control,
    score_area_control,
)
from speakeasy.games.speakeasy.rules.luciano.defence import DefencePlan, best_defence, defence_order
from speakeasy.games.speakeasy.rules.luciano.gang_war import deck_letter, gang_war
from speakeasy.games.speakeasy.rules.luciano.payout import PayoutRank, pay_luciano, payout_ranking
from speakeasy.games.speakeasy.rules.luciano.phase import luciano_phase
from speakeasy.games.speakeasy.rules.luciano.police import police_patrol

__all__ = [
    "CONTROL_RANK",
    "AreaControl",
    "Control",
    "ControlCase",
    "DefencePlan",
    "PayoutRank",
    "PlayerBest",
    "area_control",
    "best_defence",
    "deck_letter",
    "defence_order",
    "district_control",
    "gang_war",
    "luciano_phase",
    "pay_luciano",
    "payout_ranking",
    "police_patrol",
    "score_area_control",
]

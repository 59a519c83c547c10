"""The Lucky Luciano phase's flow (R-ACT-2): gang war (R-GANGWAR), police (R-POLICE), area
control (R-CONTROL) and payout (R-PAYOUT), in that order."""

from __future__ import annotations

from speakeasy.games.speakeasy.rules.context import Ctx, Flow
from speakeasy.games.speakeasy.rules.luciano.control import score_area_control
from speakeasy.games.speakeasy.rules.luciano.gang_war import gang_war
from speakeasy.games.speakeasy.rules.luciano.payout import pay_luciano
from speakeasy.games.speakeasy.rules.luciano.police import police_patrol

__all__ = ["luciano_phase"]


def luciano_phase(ctx: Ctx, act: int) -> Flow[None]:
    """The Lucky Luciano phase of ``act`` (1-3): gang war, police, area control and payout.

    Sets ``state.phase`` to GANG_WAR, POLICE, AREA_CONTROL and PAYOUT in turn (R-ACT-2).
    Only the gang-war defences ask players anything (R-GANGWAR-7).
    """
    if act not in (1, 2, 3):
        raise ValueError(f"the Lucky Luciano phase ends Acts 1-3 only, not Act {act} (R-ACT-2)")
    yield from gang_war(ctx, act)
    police_patrol(ctx, act)
    score_area_control(ctx)
    pay_luciano(ctx)

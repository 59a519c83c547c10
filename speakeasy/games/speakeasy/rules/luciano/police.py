"""Police patrols (R-POLICE-1..4): step 3.2 of the Lucky Luciano phase."""

from __future__ import annotations

from speakeasy.games.speakeasy.model.kinds import EventKind
from speakeasy.games.speakeasy.model.state import Phase
from speakeasy.games.speakeasy.rules.context import Ctx
from speakeasy.games.speakeasy.rules.wording import districts

__all__ = ["police_patrol"]


def police_patrol(ctx: Ctx, act: int) -> None:
    """Step 3.2 (R-POLICE-1..4): police tokens become figures; in Acts 1-2 the next column of
    police tokens is revealed face down for the next act."""
    state = ctx.state
    state.phase = Phase.POLICE
    for number in sorted(state.districts):
        district = state.districts[number]
        if not district.police_token:
            continue
        district.police_token = False
        district.police = True
        state.supply_police = max(state.supply_police - 1, 0)
        ctx.emit(
            EventKind.POLICE_ARRIVE,
            None,
            ("R-POLICE-1", "R-POLICE-4"),
            f"Police arrive in district {number}: player buildings there without a protecting "
            "mafioso stop operating; gangster bars do not care.",
            district=number,
        )
    if act in (1, 2) and state.police_columns:
        column = sorted(state.police_columns.pop(0))
        for number in column:
            state.districts[number].police_token = True
        ctx.emit(
            EventKind.POLICE_TOKENS_PLACED,
            None,
            ("R-POLICE-2",),
            f"Police will come to {districts(column)} at the end of Act {act + 1}.",
            districts=column,
        )

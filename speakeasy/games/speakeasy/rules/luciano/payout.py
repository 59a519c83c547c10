"""The Lucky Luciano payout (R-PAYOUT-1..5, R-MONEY-4, GAP-11): step 3.4 of the phase.

:func:`payout_ranking` (pure) ranks every marker on an area's control track;
:func:`pay_luciano` pays each player by rank into the safe.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from speakeasy.games.speakeasy.model.board import Area
from speakeasy.games.speakeasy.model.catalog.catalog import Catalog
from speakeasy.games.speakeasy.model.kinds import EventKind
from speakeasy.games.speakeasy.model.state import Colour, GameState, Phase
from speakeasy.games.speakeasy.rules.context import Ctx
from speakeasy.games.speakeasy.rules.money import pay_into_safe
from speakeasy.games.speakeasy.rules.wording import count, player_name

__all__ = ["PayoutRank", "pay_luciano", "payout_ranking"]


@dataclass(frozen=True, slots=True)
class PayoutRank:
    """One marker on an area's control track and what it earns (R-PAYOUT-1..5).

    ``colour`` is None for the gangster marker, which is ranked but never paid.
    """

    colour: Colour | None
    position: int
    rank: int
    amount: int
    reason: str

    @property
    def gangsters(self) -> bool:
        return self.colour is None

    def to_data(self) -> dict[str, Any]:
        return {
            "who": self.colour.value if self.colour else "gangsters",
            "position": self.position,
            "rank": self.rank,
            "amount": self.amount,
        }


def _table_amount(catalog: Catalog, area: Area, rank: int) -> int:
    """The payout for ``rank``; a rank past the printed table pays $0 (GAP-11)."""
    table = catalog.payouts[area.value]
    return table[rank] if 1 <= rank <= len(table.amounts) else 0


def payout_ranking(state: GameState, catalog: Catalog, area: Area | str) -> list[PayoutRank]:
    """Rank and payout of every marker on ``area``'s track, highest first (R-PAYOUT-2..5). Pure.

    Rank = the number of markers on your space or higher, your own and the gangsters'
    included, so tied players share the lowest tied place. The bottom space earns nothing and
    the gangsters are never paid.
    """
    where = Area(area)
    markers: list[tuple[Colour | None, int]] = [
        (c, p.area_control.get(where, 0)) for c, p in state.players.items()
    ]
    markers.append((None, state.gangster_control.get(where, 0)))
    ranking: list[PayoutRank] = []
    for who, position in markers:
        rank = sum(1 for _, other in markers if other >= position)
        tied = sum(1 for _, other in markers if other == position) - 1
        if who is None:
            amount = 0
            reason = f"The gangster marker is rank {rank}; gangsters are never paid (R-PAYOUT-2)."
        elif position <= 0:
            amount = 0
            reason = (
                f"{player_name(who)} controlled no district in {where.title} (bottom space): "
                "nothing (R-PAYOUT-4)."
            )
        else:
            amount = _table_amount(catalog, where, rank)
            tie = f", tied with {count(tied, 'other marker')}" if tied else ""
            reason = (
                f"{player_name(who)} is rank {rank} ({count(rank, 'marker')} on space "
                f"{position} or higher{tie}): ${amount} into the safe (R-PAYOUT-2/3)."
            )
        ranking.append(PayoutRank(who, position, rank, amount, reason))
    ranking.sort(key=lambda r: -r.position)
    return ranking


def pay_luciano(ctx: Ctx) -> None:
    """Step 3.4 (R-PAYOUT-1..5): each area pays every player by rank into the safe
    (R-MONEY-4)."""
    state = ctx.state
    state.phase = Phase.PAYOUT
    for area in ctx.board.areas:
        ranking = payout_ranking(state, ctx.catalog, area)
        gangster_rank = next(r.rank for r in ranking if r.colour is None)
        for entry in ranking:
            if entry.colour is None:
                continue
            pay_into_safe(state.players[entry.colour], entry.amount)
            who = player_name(entry.colour)
            tied = sum(1 for r in ranking if r.position == entry.position) - 1
            tie = f", tied with {count(tied, 'other marker')}" if tied else ""
            ctx.emit(
                EventKind.PAYOUT,
                entry.colour,
                ("R-PAYOUT-1", "R-PAYOUT-2", "R-PAYOUT-3", "R-PAYOUT-4", "R-MONEY-4"),
                f"{area.title} pays {who} nothing: {who} controlled no district there this act."
                if entry.position <= 0
                else f"{area.title} pays {who} ${entry.amount} into the safe for rank "
                f"{entry.rank} on the control track (space {entry.position}{tie}; the gangsters "
                f"are rank {gangster_rank} and are never paid).",
                area=area.value,
                position=entry.position,
                rank=entry.rank,
                amount=entry.amount,
                gangster_rank=gangster_rank,
            )

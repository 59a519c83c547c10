"""Phase IV, the end of the round (MC-END), and the end of the game with its tie-breakers
(MC-WIN)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from speakeasy.games.mafia_city.model.kinds import EventKind
from speakeasy.games.mafia_city.model.state import GameState
from speakeasy.games.mafia_city.rules.context import Ctx, draw_cards

__all__ = ["GameResult", "end_of_round", "reached_target", "winner"]


def end_of_round(ctx: Ctx) -> None:
    """Pass the start-player token left, then the three draw steps (MC-END-1..5)."""
    st = ctx.state
    st.phase = "end"
    old = st.start_player
    st.start = (st.start + 1) % len(st.players)
    ctx.emit(
        EventKind.START_PLAYER,
        st.start_player,
        ("MC-END-1",),
        f"{old} passes the start-player token to {st.start_player}.",
    )
    vps = {p: st.seats[p].vp for p in st.players}
    low = min(vps.values())
    fewest_vp = [p for p in st.players if vps[p] == low]
    if len(fewest_vp) == 1:
        cards = {p: len(st.seats[p].hand) for p in st.players}
        fewest_cards = [p for p in st.players if cards[p] == min(cards.values())]
        if fewest_cards == fewest_vp:
            draw_cards(ctx, fewest_vp[0], 1, ("MC-END-3",))  # step 1
        draw_cards(ctx, fewest_vp[0], 1, ("MC-END-4",))  # step 2
    for player in st.clockwise_from(st.start_player):
        draw_cards(ctx, player, 1, ("MC-END-5",))  # step 3


def reached_target(st: GameState) -> list[str]:
    """The players with at least the target (MC-WIN-1)."""
    return [p for p in st.players if st.seats[p].vp >= st.target]


def winner(st: GameState) -> tuple[str | None, str]:
    """The winner among the players who reached the target, and the rule that decided
    (MC-WIN-2, MC-WIN-3)."""
    reached = reached_target(st)
    if not reached:
        return None, "MC-WIN-1"
    best = max(st.seats[p].vp for p in reached)
    tied = [p for p in reached if st.seats[p].vp == best]
    if len(tied) == 1:
        return tied[0], "MC-WIN-2"
    criteria: list[tuple[str, Any]] = [
        ("MC-WIN-3 (1) fewer tokens in reserve", lambda p: -st.seats[p].reserve),
        ("MC-WIN-3 (2) more cards in hand", lambda p: len(st.seats[p].hand)),
        ("MC-WIN-3 (3) holds the Mayor", lambda p: int(st.mayor == p)),
        (
            "MC-WIN-3 (4) closer to the start player",
            lambda p: -st.clockwise_from(st.start_player).index(p),
        ),
    ]
    for rule, key in criteria:
        top = max(key(p) for p in tied)
        tied = [p for p in tied if key(p) == top]
        if len(tied) == 1:
            return tied[0], rule
    raise AssertionError("criterion (4) always leaves one winner (MC-WIN-4)")  # pragma: no cover


@dataclass(frozen=True)
class GameResult:
    """The end of a game: the winner, the rule that decided, VP and whether it finished."""

    winner: str | None
    decided_by: str
    vp: dict[str, int]
    rounds: int
    finished: bool
    reached: list[str] = field(default_factory=list)

    def to_data(self) -> dict[str, Any]:
        return {
            "winner": self.winner,
            "decided_by": self.decided_by,
            "vp": dict(self.vp),
            "rounds": self.rounds,
            "finished": self.finished,
            "reached": list(self.reached),
        }

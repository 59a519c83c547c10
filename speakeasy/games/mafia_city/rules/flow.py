"""The whole game as one flow: the mulligans, then rounds of phases I-IV until a player
reaches the target at the end of a phase II (MC-ROUND, MC-WIN-1). Checkpoints at the start
of each phase I, II and III, and (unlisted, only to shorten replays) at each turn of phase I
and each cycle of phase II: a fresh flow restarted there continues exactly."""

from __future__ import annotations

from speakeasy.core.actions import Action
from speakeasy.core.context import Flow
from speakeasy.games.mafia_city.model.kinds import DecisionKind, EventKind
from speakeasy.games.mafia_city.rules.context import (
    Ctx,
    discard_cards,
    draw_cards,
    take_from_hand,
)
from speakeasy.games.mafia_city.rules.endround import end_of_round, reached_target, winner
from speakeasy.games.mafia_city.rules.locations import location_phase
from speakeasy.games.mafia_city.rules.strategic import strategic_phase
from speakeasy.games.mafia_city.rules.turns import action_phase

__all__ = ["game_flow", "mulligans"]

PHASES = ("action", "location", "strategic")
#: The unlisted restarts (only to shorten replays): a turn of phase I, a cycle of phase II.
UNLISTED = ("turn", "cycle")


def mulligans(ctx: Ctx) -> Flow[None]:
    """Each player, clockwise from the start player, may once swap both cards (MC-SETUP-9)."""
    st = ctx.state
    for player in st.clockwise_from(st.start_player):
        choice = yield from ctx.ask(
            player,
            DecisionKind.MULLIGAN,
            f"{player}: keep your two cards or replace both?",
            ("MC-SETUP-9",),
            [
                Action("keep", label="Keep both"),
                Action("mulligan", label="Discard both and draw 2"),
            ],
        )
        if choice.kind == "mulligan":
            cards = tuple(st.seats[player].hand)
            take_from_hand(ctx, player, cards)
            discard_cards(ctx, cards)
            ctx.emit(
                EventKind.MULLIGAN,
                player,
                ("MC-SETUP-9",),
                f"{player} discards both cards.",
                cards=list(cards),
            )
            draw_cards(ctx, player, 2, ("MC-SETUP-9",))


def game_flow(ctx: Ctx, restart: tuple[str, int] | None = None) -> Flow[None]:
    """The game from the start (``None``) or from a checkpoint ``(phase, round)``: phase
    ``"action"``, ``"location"`` or ``"strategic"``, or ``"end"`` (phase IV, MC-END: where a
    position file may start; no checkpoint is taken there); or, unlisted, ``"turn"`` (the
    turn of ``state.turn`` in phase I) or ``"cycle"`` (the next cycle of phase II, the
    locations without a cube left)."""
    st = ctx.state
    if restart is None:
        yield from mulligans(ctx)
        phase = "action"
    else:
        phase = restart[0]
    if phase not in (*PHASES, *UNLISTED, "end"):
        raise ValueError(
            f"a Mafia City game restarts at a phase of {PHASES}, 'end' or {UNLISTED}, not {phase!r}"
        )
    while True:
        if phase in ("action", "turn"):  # "turn": restarted at a turn of phase I
            if phase == "action":
                ctx.checkpoint(("action", st.round))
            yield from action_phase(ctx, announce=phase == "action")
            phase = "location"
        if phase in ("location", "cycle"):  # "cycle": restarted at a cycle of phase II
            if phase == "location":
                ctx.checkpoint(("location", st.round))
            yield from location_phase(ctx, announce=phase == "location")
            if reached_target(st):  # MC-WIN-1, MC-ROUND-2
                st.finished = True
                st.phase = "over"
                who, rule = winner(st)
                ctx.emit(
                    EventKind.GAME_END,
                    who,
                    (rule, "MC-WIN-1"),
                    f"{who} wins with {st.seats[str(who)].vp} VP ({rule}).",
                    winner=who,
                    rule=rule,
                )
                return
            phase = "strategic"
        if phase != "end":
            ctx.checkpoint(("strategic", st.round))
            yield from strategic_phase(ctx)
        end_of_round(ctx)  # MC-END
        if ctx.options.max_rounds and st.round >= ctx.options.max_rounds:
            st.phase = "stopped"  # GAP-MC-24: unfinished, never won
            return
        st.round += 1
        phase = "action"

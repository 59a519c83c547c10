"""Phase III, the Strategic phase (MC-STR): at each location, each player with tokens in its
stack decides once which of them to take back into hand; the Mayor's holder at the start of
the phase picks the locations and names the players (MC-STR-4..6)."""

from __future__ import annotations

from speakeasy.core.actions import Action
from speakeasy.core.context import Flow
from speakeasy.games.mafia_city.model.kinds import DecisionKind, EventKind
from speakeasy.games.mafia_city.rules.context import Ctx

__all__ = ["strategic_phase", "withdraw"]


def strategic_phase(ctx: Ctx) -> Flow[None]:
    st = ctx.state
    st.phase = "strategic"
    holder = st.mayor  # fixed for the whole phase (MC-STR-4)
    ctx.emit(
        EventKind.PHASE,
        holder,
        ("MC-STR-1", "MC-STR-4"),
        f"Round {st.round}, phase III: taking tokens back.",
        phase="strategic",
        round=st.round,
    )
    name = ctx.data.name
    while st.cubes:
        if holder is None:
            loc = min(st.cubes)  # MC-STR-6
        else:
            choice = yield from ctx.ask(
                holder,
                DecisionKind.STRATEGIC_LOCATION,
                f"{holder} (Mayor): which location next?",
                ("MC-STR-5",),
                [
                    Action("location", (where,), label=f"{name(where)}")
                    for where in sorted(st.cubes)
                ],
            )
            loc = int(choice.args[0])
        st.location = loc
        present = [p for p in st.clockwise_from(st.start_player) if p in st.stacks[loc]]
        if holder is None:
            for player in present:
                yield from withdraw(ctx, player, loc)
        else:
            waiting = list(present)
            while waiting:
                if len(waiting) == 1:
                    player = waiting[0]
                else:
                    named = yield from ctx.ask(
                        holder,
                        DecisionKind.NAME_PLAYER,
                        f"{holder} (Mayor): who decides next at {name(loc)}?",
                        ("MC-STR-5",),
                        [Action("name", (p,), label=p) for p in waiting],
                    )
                    player = str(named.args[0])
                waiting.remove(player)
                yield from withdraw(ctx, player, loc)
        st.cubes.remove(loc)
        ctx.emit(
            EventKind.CUBE,
            None,
            ("MC-STR-2", "MC-STR-9"),
            f"The cube leaves {name(loc)}.",
            location=loc,
            removed=True,
        )
    st.location = None


def withdraw(ctx: Ctx, player: str, loc: int) -> Flow[None]:
    """``player``'s one decision at ``loc``: which of their stack tokens go back into hand,
    taken one by one until they keep the rest (MC-STR-3, MC-STR-7, MC-STR-8, GAP-MC-16)."""
    st = ctx.state
    stack = st.stacks[loc]
    taken = 0
    while player in stack:
        options = [
            Action(
                "withdraw", (pos,), label=f"Take back your token #{pos + 1} on {ctx.data.name(loc)}"
            )
            for pos, who in enumerate(stack)
            if who == player
        ]
        choice = yield from ctx.ask(
            player,
            DecisionKind.WITHDRAW,
            f"{player}: take tokens back from {ctx.data.name(loc)} (stack {stack})?",
            ("MC-STR-3", "MC-STR-7"),
            [*options, Action("keep", label="Keep the rest" if taken else "Keep them all")],
        )
        if choice.kind == "keep":
            break
        pos = int(choice.args[0])
        stack.pop(pos)  # gravity (MC-MAP-4)
        st.seats[player].tokens += 1
        taken += 1
        ctx.emit(
            EventKind.WITHDRAW,
            player,
            ("MC-STR-3", "MC-STR-7", "MC-MAP-4"),
            f"{player} takes a token on {ctx.data.name(loc)} back into hand.",
            location=loc,
            position=pos,
        )

"""Phase II, the Location phase (MC-LOC): seven cycles of select, control (with the Secret
Deal bidding), 1 VP, the location effect and the cube; the seven location effects (MC-PRISON,
MC-HARBOUR, MC-FIGHT, MC-POLICE, MC-BUSINESS, MC-CLUB, MC-HALL)."""

from __future__ import annotations

from speakeasy.core.actions import Action, Blocked, IllegalAction
from speakeasy.core.context import Flow
from speakeasy.games.mafia_city.model.board import LOCATIONS, adjacent
from speakeasy.games.mafia_city.model.kinds import DecisionKind, EventKind
from speakeasy.games.mafia_city.rules.context import (
    Ctx,
    discard_cards,
    draw_cards,
    take_from_hand,
)
from speakeasy.games.mafia_city.rules.control import Control, control
from speakeasy.games.mafia_city.rules.reactions import Effect, jail, window

__all__ = ["evaluate", "location_phase", "secret_bidding"]


def location_phase(ctx: Ctx, announce: bool = True) -> Flow[None]:
    """Seven cycles, each location evaluated once (MC-LOC-1, MC-LOC-2, MC-LOC-9).

    A phase entered with cubes on the map resumes with those locations evaluated (phase III
    takes them all off, MC-STR-9, so the phase's own checkpoint comes before any cube): a
    position file that starts in the middle of phase II, or a flow restarted at the unlisted
    checkpoint ``("cycle", round)`` each cycle starts at (it only shortens the replays of a
    copy, an undo or a history-free copy; ``announce=False``: the phase's start is in the log
    already)."""
    st = ctx.state
    st.phase = "location"
    if announce:
        ctx.emit(
            EventKind.PHASE,
            None,
            ("MC-LOC-1",),
            f"Round {st.round}, phase II: locations.",
            phase="location",
            round=st.round,
        )
    while len(st.cubes) < 7:
        ctx.checkpoint(("cycle", st.round), listed=False)  # a fresh flow can start this cycle
        left = [loc for loc in LOCATIONS if loc not in st.cubes]
        if st.mayor is None:
            loc = left[0]  # MC-LOC-3, MC-LOC-4 (GAP-MC-14)
            rules: tuple[str, ...] = ("MC-LOC-3", "MC-MAP-5")
        else:
            choice = yield from ctx.ask(
                st.mayor,
                DecisionKind.SELECT,
                f"{st.mayor} (Mayor): choose the next location to evaluate",
                ("MC-LOC-3", "MC-HALL-3"),
                [
                    Action("evaluate", (loc,), label=f"Evaluate {ctx.data.name(loc)}")
                    for loc in left
                ],
                blocked=lambda: tuple(
                    Blocked(
                        Action("evaluate", (loc,)),
                        IllegalAction(
                            "already-evaluated",
                            "MC-LOC-9",
                            f"{ctx.data.name(loc)} has a cube: it was evaluated this phase",
                        ),
                    )
                    for loc in st.cubes
                ),
            )
            loc = int(choice.args[0])
            rules = ("MC-LOC-3", "MC-HALL-3")
        st.location = loc
        ctx.emit(
            EventKind.SELECT,
            st.mayor,
            rules,
            f"{ctx.data.name(loc)} [{loc}] is evaluated.",
            location=loc,
        )
        yield from evaluate(ctx, loc)
        st.cubes.append(loc)
        ctx.emit(
            EventKind.CUBE,
            None,
            ("MC-LOC-9",),
            f"A cube goes on {ctx.data.name(loc)}.",
            location=loc,
        )
    st.location = None


def secret_bidding(ctx: Ctx, loc: int) -> Flow[dict[str, int]]:
    """The Secret Deal bidding of step 2 (MC-SECRET-1..7, GAP-MC-12): turns clockwise from
    the start player, each playing Secret Deals one by one (each its own effect) or passing,
    until every player has passed in succession."""
    st = ctx.state
    bonus: dict[str, int] = {}
    n = len(st.players)
    passes = 0
    player = st.start_player
    presence = bool(ctx.data.config.get("secret_deal_requires_presence", False))
    rule = ctx.data.locations[loc].control
    counts = control(st.stacks[loc], rule).counts  # changes only with a played Secret Deal
    where = f"Secret Deal at {ctx.data.name(loc)}? (counts {dict(counts)})"  # the prompt's tail
    while passes < n:
        played = False
        while True:
            cards = [c for c in st.seats[player].hand if ctx.kind(c) == "secret-deal"]
            if presence and player not in st.stacks[loc]:
                cards = []
            if not cards and (played or not ctx.options.prompt_everyone):
                break
            choice = yield from ctx.ask(
                player,
                DecisionKind.SECRET_DEAL,
                f"{player}: {where}",
                ("MC-SECRET-4", "MC-SECRET-2"),
                [
                    *(
                        Action("secret", (c,), label=f"Play Secret Deal ({c}): +1 for you")
                        for c in cards
                    ),
                    Action("done" if played else "pass", label="No more" if played else "Pass"),
                ],
            )
            if choice.kind != "secret":
                break
            card = str(choice.args[0])
            take_from_hand(ctx, player, (card,))
            ctx.emit(
                EventKind.PLAY,
                player,
                ("MC-SECRET-1", "MC-TYPE-2"),
                f"{player} plays a Secret Deal at {ctx.data.name(loc)}.",
                card=card,
                what="secret-deal",
                location=loc,
            )
            played = True
            effect = Effect(
                player, "secret-deal", (card,), f"{player}'s Secret Deal", ("MC-SECRET-5",)
            )
            happens = yield from window(ctx, effect)
            discard_cards(ctx, (card,))
            if happens:
                bonus[player] = bonus.get(player, 0) + 1
                counts = control(st.stacks[loc], rule, bonus).counts
                where = f"Secret Deal at {ctx.data.name(loc)}? (counts {dict(counts)})"
        passes = 0 if played else passes + 1
        player = st.left_of(player)
    return bonus


def evaluate(ctx: Ctx, loc: int) -> Flow[Control]:
    """One cycle's steps 2-4 at ``loc`` (MC-LOC-2, MC-LOC-5..7)."""
    st = ctx.state
    bonus = (yield from secret_bidding(ctx, loc)) if st.stacks[loc] else {}
    ctl = control(st.stacks[loc], ctx.data.locations[loc].control, bonus)
    who = ctl.controller
    ctx.emit(
        EventKind.CONTROL,
        who,
        (ctl.rule, "MC-LOC-5"),
        f"{ctx.data.name(loc)}: "
        + (f"{who} controls ({ctl.reason})." if who else f"nobody controls ({ctl.reason})."),
        location=loc,
        counts=dict(ctl.counts),
        bonus=dict(ctl.bonus),
        tied=list(ctl.tied),
        rule=ctl.rule,
    )
    if who is not None:
        st.seats[who].vp += 1
        ctx.emit(
            EventKind.VP,
            who,
            ("MC-CTRL-7", "MC-LOC-6", "MC-SCORE-2"),
            f"{who} gains 1 VP for {ctx.data.name(loc)} ({st.seats[who].vp}).",
            location=loc,
            vp=st.seats[who].vp,
        )
    yield from EFFECTS[loc](ctx, loc, ctl)
    return ctl


def _prison(ctx: Ctx, loc: int, ctl: Control) -> Flow[None]:
    st = ctx.state
    same_round = ctx.options.jail_release_same_round
    freed = [c for c in st.cell if same_round or c[1] < st.round]
    if freed:
        st.cell = [c for c in st.cell if not (same_round or c[1] < st.round)]
        back: dict[str, int] = {}
        for owner, _ in freed:
            back[owner] = back.get(owner, 0) + 1
            st.seats[owner].tokens += 1
        ctx.emit(
            EventKind.RELEASE,
            None,
            ("MC-PRISON-4",),
            "The Cell is opened: "
            + ", ".join(f"{p} takes {k} back" for p, k in back.items())
            + ".",
            back=back,
        )
    who = ctl.controller
    if who is None:
        return
    targets = [(where, pos) for where in LOCATIONS for pos in range(len(st.stacks[where]))]
    if not targets:
        return
    choice = yield from ctx.ask(
        who,
        DecisionKind.PRISON,
        f"{who}: Prison effect: send any token to the Cell?",
        ("MC-PRISON-5",),
        [
            *(
                Action(
                    "jail",
                    (where, pos),
                    label=f"Jail {st.stacks[where][pos]}'s {ctx.data.name(where)} #{pos + 1}",
                )
                for where, pos in targets
            ),
            Action("decline", label="No"),
        ],
    )
    if choice.kind == "decline":
        return
    where, pos = int(choice.args[0]), int(choice.args[1])
    effect = Effect(
        who,
        "prison",
        (),
        f"the Prison effect on {st.stacks[where][pos]}'s token at {ctx.data.name(where)}",
        ("MC-PRISON-6",),
    )
    ctx.emit(
        EventKind.PLAY,
        who,
        ("MC-PRISON-5", "MC-CARD-4"),
        f"{who} announces {effect.text}.",
        what="prison",
        location=where,
        position=pos,
    )
    happens = yield from window(ctx, effect)
    if happens:
        yield from jail(ctx, where, pos, who, ("MC-PRISON-5", "MC-PRISON-8"))


def _harbour(ctx: Ctx, loc: int, ctl: Control) -> Flow[None]:
    st = ctx.state
    who = ctl.controller
    if who is None:
        return
    name = ctx.data.name
    nearby = adjacent(st.layout, st.hitman)
    choice = yield from ctx.ask(
        who,
        DecisionKind.HITMAN_MOVE,
        f"{who}: move the Hitman from {name(st.hitman)} to an adjacent location?",
        ("MC-HARBOUR-3", "MC-MAP-2"),
        [
            *(
                Action("move", (where,), label=f"Move the Hitman to {name(where)}")
                for where in nearby
            ),
            Action("stay", label="Leave it"),
        ],
        blocked=lambda: tuple(
            Blocked(
                Action("move", (where,)),
                IllegalAction(
                    "not-adjacent",
                    "MC-HARBOUR-3",
                    f"{name(where)} is not next to {name(st.hitman)}",
                ),
            )
            for where in LOCATIONS
            if where not in nearby
        ),
    )
    if choice.kind == "move":
        dest = int(choice.args[0])
        effect = Effect(
            who,
            "harbour",
            (),
            f"the Harbour effect (the Hitman to {name(dest)})",
            ("MC-HARBOUR-4",),
        )
        ctx.emit(
            EventKind.PLAY,
            who,
            ("MC-HARBOUR-3", "MC-CARD-4"),
            f"{who} announces {effect.text}.",
            what="harbour",
            destination=dest,
        )
        if (yield from window(ctx, effect)):
            st.hitman = dest
            ctx.emit(
                EventKind.HITMAN_MOVE,
                who,
                ("MC-HARBOUR-3", "MC-FIG-3"),
                f"The Hitman moves to {name(dest)}.",
                location=dest,
            )
    kills = 0
    limit = int(ctx.data.config.get("hitman_max_kills_per_harbour", 1))
    while kills < limit:  # MC-HARBOUR-5, MC-HARBOUR-6
        at = st.hitman
        stack = st.stacks[at]
        if not stack:
            return  # GAP-MC-19: a Hitman card needs a token at the figure's location
        cards = [c for c in st.seats[who].hand if ctx.kind(c) == "hitman"]
        options = [
            Action(
                "hitman",
                (c, pos),
                label=f"Hitman ({c}): remove {stack[pos]}'s token on {name(at)} (#{pos + 1})",
            )
            for c in cards
            for pos in range(len(stack))
        ]
        if not options and not ctx.options.prompt_everyone:
            return
        choice = yield from ctx.ask(
            who,
            DecisionKind.HITMAN_CARD,
            f"{who}: play a Hitman card at {name(at)}?",
            ("MC-HARBOUR-5", "MC-HITMAN-2", "MC-HITMAN-3"),
            [*options, Action("decline", label="No")],
        )
        if choice.kind == "decline":
            return
        card, pos = str(choice.args[0]), int(choice.args[1])
        victim = stack[pos]
        take_from_hand(ctx, who, (card,))
        effect = Effect(
            who,
            "hitman",
            (card,),
            f"{who}'s Hitman on {victim}'s token at {name(at)}",
            ("MC-HITMAN-5",),
        )
        ctx.emit(
            EventKind.PLAY,
            who,
            ("MC-HITMAN-1", "MC-CARD-4"),
            f"{who} plays {effect.text[len(who) + 3 :]}.",
            card=card,
            what="hitman",
            location=at,
            position=pos,
        )
        happens = yield from window(ctx, effect)
        discard_cards(ctx, (card,))
        if happens:
            stack.pop(pos)
            st.seats[victim].reserve += 1
            kills += 1
            ctx.emit(
                EventKind.KILL,
                who,
                ("MC-HITMAN-1", "MC-MAP-4"),
                f"{victim}'s token on {name(at)} goes to {victim}'s reserve.",
                owner=victim,
                location=at,
                position=pos,
            )


def _recruit(ctx: Ctx, player: str, rules: tuple[str, ...]) -> None:
    seat = ctx.state.seats[player]
    if seat.reserve:
        seat.reserve -= 1
        seat.tokens += 1
        ctx.emit(EventKind.RECRUIT, player, rules, f"{player} moves a token from reserve to hand.")


def _fight_club(ctx: Ctx, loc: int, ctl: Control) -> Flow[None]:
    if ctl.controller is not None:
        _recruit(ctx, ctl.controller, ("MC-FIGHT-2",))
    else:
        for player in ctx.state.players:
            if player in ctl.tied:
                _recruit(ctx, player, ("MC-FIGHT-3",))
    return
    yield  # pragma: no cover


def _figure(ctx: Ctx, figure: str, holder: str | None, rules: tuple[str, ...]) -> None:
    st = ctx.state
    setattr(st, figure, holder)
    home = "Police Station" if figure == "officer" else "City Hall"
    name = "Police Officer" if figure == "officer" else "Mayor"
    text = (
        f"{holder} takes the {name}."
        if holder
        else f"The {name} returns to (or stays on) the {home}."
    )
    ctx.emit(EventKind.FIGURE, holder, rules, text, figure=figure, holder=holder)


def _police(ctx: Ctx, loc: int, ctl: Control) -> Flow[None]:
    _figure(
        ctx, "officer", ctl.controller, ("MC-POLICE-2",) if ctl.controller else ("MC-POLICE-4",)
    )
    return
    yield  # pragma: no cover


def _hall(ctx: Ctx, loc: int, ctl: Control) -> Flow[None]:
    _figure(
        ctx,
        "mayor",
        ctl.controller,
        ("MC-HALL-2", "MC-HALL-3") if ctl.controller else ("MC-HALL-4",),
    )
    return
    yield  # pragma: no cover


def _business(ctx: Ctx, loc: int, ctl: Control) -> Flow[None]:
    st = ctx.state
    who = ctl.controller
    if who is None:
        return
    choice = yield from ctx.ask(
        who,
        DecisionKind.BUSINESS,
        f"{who}: Business District: draw 3 cards, then discard any 1?",
        ("MC-BUSINESS-2", "MC-BUSINESS-3"),
        [Action("use", label="Draw 3, discard 1"), Action("decline", label="No")],
    )
    if choice.kind == "decline":
        return
    draw_cards(ctx, who, 3, ("MC-BUSINESS-2",))
    hand = st.seats[who].hand
    if not hand:
        return
    out = yield from ctx.ask(
        who,
        DecisionKind.BUSINESS_DISCARD,
        f"{who}: discard any one card from your hand",
        ("MC-BUSINESS-2",),
        [Action("discard", (c,), label=f"Discard {ctx.label(c)}") for c in hand],
    )
    card = str(out.args[0])
    hand.remove(card)
    st.discard.append(card)
    ctx.emit(EventKind.DISCARD, who, ("MC-BUSINESS-2",), f"{who} discards a card.", card=card)


def _private_club(ctx: Ctx, loc: int, ctl: Control) -> Flow[None]:
    st = ctx.state
    who = ctl.controller
    if who is None:
        return
    while True:  # MC-CLUB-3: until one "+1" succeeds or the controller stops
        cards = [c for c in st.seats[who].hand if ctx.symbol(c) == "plus"]
        if not cards and not ctx.options.prompt_everyone:
            return
        choice = yield from ctx.ask(
            who,
            DecisionKind.PLUS,
            f'{who}: play a "+1" card for 1 extra VP?',
            ("MC-CLUB-2", "MC-PLUS-1"),
            [
                *(Action("plus", (c,), label=f"Play {ctx.label(c)} for +1 VP") for c in cards),
                Action("decline", label="No"),
            ],
        )
        if choice.kind == "decline":
            return
        card = str(choice.args[0])
        take_from_hand(ctx, who, (card,))
        ctx.emit(
            EventKind.PLAY,
            who,
            ("MC-PLUS-1",),
            f'{who} plays a "+1" ({card}).',
            card=card,
            what="plus",
        )
        happens = yield from window(
            ctx, Effect(who, "plus", (card,), f'{who}\'s "+1"', ("MC-PLUS-2",))
        )
        discard_cards(ctx, (card,))
        if happens:
            st.seats[who].vp += 1
            ctx.emit(
                EventKind.VP,
                who,
                ("MC-CLUB-2", "MC-SCORE-2"),
                f"{who} gains 1 extra VP ({st.seats[who].vp}).",
                location=loc,
                vp=st.seats[who].vp,
                bonus=True,
            )
            return


EFFECTS = {
    1: _prison,
    2: _harbour,
    3: _fight_club,
    4: _police,
    5: _business,
    6: _private_club,
    7: _hall,
}

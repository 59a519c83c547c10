"""Phase I, the Action phase (MC-ACT): turns round the table, actions A (place), B (cards) and
C (pass), the Bullet of a passed player, and the action-type effects of the cards and the Hat
symbol (MC-SNITCH, MC-THIEF, MC-RAID, MC-STRINGS, MC-PLAN, MC-DEALS, MC-HAT, MC-BULLET)."""

from __future__ import annotations

from collections.abc import Callable
from functools import cache, partial
from itertools import combinations

from speakeasy.core.actions import Action, Blocked, IllegalAction
from speakeasy.core.context import Flow
from speakeasy.games.mafia_city.model.board import LOCATIONS
from speakeasy.games.mafia_city.model.data import GameData
from speakeasy.games.mafia_city.model.kinds import DecisionKind, EventKind
from speakeasy.games.mafia_city.rules.context import (
    Ctx,
    discard_cards,
    draw_cards,
    take_from_hand,
)
from speakeasy.games.mafia_city.rules.reactions import Effect, jail, window

__all__ = ["action_options", "action_phase", "do_action"]

#: The action word and rules of each action-type (AKCE) text card.
TEXT_ACTIONS = {
    "snitch": ("snitch", ("MC-SNITCH-1",)),
    "thief": ("thief", ("MC-THIEF-1", "MC-THIEF-2")),
    "police-raid": ("raid", ("MC-RAID-1", "MC-RAID-2")),
    "strings": ("strings", ("MC-STRINGS-1", "MC-STRINGS-3")),
    "big-plan": ("plan", ("MC-PLAN-1", "MC-PLAN-2")),
    "deals": ("deals", ("MC-DEALS-1",)),
}
KIND_OF_WORD = {word: kind for kind, (word, _) in TEXT_ACTIONS.items()}


@cache
def _place_options(names: tuple[str, ...]) -> tuple[Action, ...]:
    """The seven action-A options (immutable, so built once per set of location names)."""
    return tuple(
        Action("place", (loc,), label=f"Place a token on {names[loc - 1]}") for loc in LOCATIONS
    )


def _later(text: str, *values: object) -> Callable[[], str]:
    """An option's label built when read (a bot never reads it) from ``values`` taken now."""
    return partial(text.format, *values)


def _wait_label(data: GameData, card: str) -> str:
    c = data.cards[card]  # worded as Ctx.label does
    return f"Wait: discard {data.kinds[c.kind].name} ({c.symbol})"


def action_options(
    ctx: Ctx, player: str, *, can_pass: bool = True, without: str | None = None
) -> list[Action]:
    """Every legal action A, B or C of ``player`` now (MC-ACT-3..5, MC-ACT-11, MC-CARD-5);
    ``without`` leaves one card of the hand out (the Bullet just played)."""
    st = ctx.state
    seat = st.seats[player]
    hand = [c for c in seat.hand if c != without]
    name = ctx.data.name
    options: list[Action] = []
    if seat.tokens:
        options += _place_options(tuple(name(loc) for loc in LOCATIONS))
    tokens = [(loc, pos) for loc in LOCATIONS for pos in range(len(st.stacks[loc]))]
    own = [(loc, pos) for loc, pos in tokens if st.stacks[loc][pos] == player]
    filled = [loc for loc in LOCATIONS if st.stacks[loc]]
    for card in hand:
        kind = ctx.kind(card)
        if kind not in TEXT_ACTIONS:
            continue
        if kind == "snitch":
            options += [
                Action(
                    "snitch",
                    (card, loc, pos),
                    label=_later(
                        "Snitch: {}'s token on {} #{}", st.stacks[loc][pos], name(loc), pos + 1
                    ),
                )
                for loc, pos in tokens
            ]
        elif kind == "thief":
            options += [
                Action("thief", (card, other), label=f"Thief: take a random card from {other}")
                for other in st.players
                if other != player and st.seats[other].hand
            ]
        elif kind == "police-raid":
            options += [
                Action("raid", (card, loc), label=f"Police Raid on {name(loc)}")
                for loc in LOCATIONS
                if st.stacks[loc].count(player) >= 2
            ]
        elif kind == "strings":
            options += [
                Action(
                    "strings",
                    (card, a, b),
                    label=_later("Strings: swap the bottom tokens of {} and {}", name(a), name(b)),
                )
                for a, b in combinations(filled, 2)
            ]
        elif kind == "big-plan":
            options += [
                Action(
                    "plan",
                    (card, loc, pos, dest),
                    label=_later(
                        "Big Plan: {} {} #{} to {}",
                        st.stacks[loc][pos],
                        name(loc),
                        pos + 1,
                        name(dest),
                    ),
                )
                for loc, pos in tokens
                for dest in LOCATIONS
                if dest != loc
            ]
        elif kind == "deals":
            options.append(Action("deals", (card,), label="Deals: draw 3, discard 1 of them"))
    hats = [c for c in hand if ctx.symbol(c) == "hat"]
    for card in hats:
        options += [
            Action(
                "hat",
                (card, loc, pos),
                label=_later("Hat: take your token on {} (#{}) back", name(loc), pos + 1),
            )
            for loc, pos in own
        ]
    if seat.reserve:
        for a, b in combinations(hats, 2):
            options += [
                Action("hats", (a, b, loc), label=f"2 Hats: a reserve token onto {name(loc)}")
                for loc in LOCATIONS
            ]
    options += [
        Action("wait", (card,), label=partial(_wait_label, ctx.data, card)) for card in hand
    ]
    if can_pass:
        options.append(Action("pass", label="Pass for the rest of this phase"))
    return options


def _blocked(ctx: Ctx, player: str) -> tuple[Blocked, ...]:
    """Common illegal requests with their reasons (shown greyed out)."""
    st = ctx.state
    found: list[Blocked] = []
    seat = st.seats[player]
    if not seat.tokens:
        found += [
            Blocked(
                Action("place", (loc,)),
                IllegalAction(
                    "no-token-in-hand", "MC-ACT-4", "a token is placed from hand, and you have none"
                ),
            )
            for loc in LOCATIONS
        ]
    for card in seat.hand:
        kind = ctx.kind(card)
        if kind == "police-raid":
            found += [
                Blocked(
                    Action("raid", (card, loc)),
                    IllegalAction(
                        "raid-needs-two",
                        "MC-RAID-1",
                        f"you have {st.stacks[loc].count(player)} token(s) in the stack of "
                        f"{ctx.data.name(loc)}; a Police Raid needs at least two",
                    ),
                )
                for loc in LOCATIONS
                if st.stacks[loc].count(player) < 2
            ]
        if kind == "strings":
            for loc in LOCATIONS:
                found.append(
                    Blocked(
                        Action("strings", (card, loc, loc)),
                        IllegalAction(
                            "same-location",
                            "MC-STRINGS-3",
                            "Strings swaps the bottom tokens of two different locations",
                        ),
                    )
                )
    return tuple(found)


def action_phase(ctx: Ctx, announce: bool = True) -> Flow[None]:
    """Phase I: turns clockwise from the start player until every player has passed
    (MC-ACT-1, MC-ACT-2, MC-ACT-12).

    A phase entered with ``state.turn`` set resumes at that player's turn, with the passes as
    they are (MC-ACT-2, MC-ACT-9): a position file that starts in the middle of phase I
    (:mod:`speakeasy.games.mafia_city.positions`), or a flow restarted at the unlisted
    checkpoint ``("turn", round)`` each turn starts at (it only shortens the replays of a
    copy, an undo or a history-free copy; ``announce=False``: the phase's start is in the log
    already). In play the phase's own checkpoint comes before any turn (``turn`` is ``None``
    there: the phase starts afresh, MC-ACT-1); a position's keeps its ``turn``."""
    st = ctx.state
    st.phase = "action"
    resume = st.turn
    if resume is None:
        for seat in st.seats.values():
            seat.passed = False  # MC-ACT-1
    if announce:
        ctx.emit(
            EventKind.PHASE,
            None,
            ("MC-ROUND-1", "MC-ACT-1"),
            f"Round {st.round}, phase I: actions.",
            phase="action",
            round=st.round,
        )
    player = st.start_player if resume is None else resume
    while True:
        st.turn = player
        ctx.checkpoint(("turn", st.round), listed=False)  # a fresh flow can start this turn
        if st.seats[player].passed:
            yield from passed_turn(ctx, player)
        else:
            choice = yield from ctx.ask(
                player,
                DecisionKind.TURN,
                f"{player}: your turn (place a token, play cards, wait or pass)",
                ("MC-ACT-3", "MC-ACT-5", "MC-ACT-11"),
                action_options(ctx, player),
                blocked=lambda p=player: _blocked(ctx, p),  # type: ignore[misc]
            )
            yield from do_action(ctx, player, choice)
        if all(s.passed for s in st.seats.values()):
            break  # MC-ACT-12
        player = st.left_of(player)
    st.turn = None


def passed_turn(ctx: Ctx, player: str) -> Flow[None]:
    """A passed player's turn: a Bullet and one action, or nothing (MC-ACT-9, MC-ACT-10)."""
    st = ctx.state
    seat = st.seats[player]
    options: list[Action] = []
    for card in seat.hand:
        if ctx.symbol(card) != "bullet":
            continue
        # a Bullet needs a legal follow-up without this card (GAP-MC-22); a token in hand
        # (action A) or another card (the waiting action) is one, else look at every option
        if (
            seat.tokens
            or len(seat.hand) > 1
            or action_options(ctx, player, can_pass=False, without=card)
        ):
            options.append(
                Action(
                    "bullet", (card,), label=f"Bullet: play {ctx.label(card)} and take one action"
                )
            )
    if not options and not ctx.options.prompt_everyone:
        ctx.emit(EventKind.SKIP, player, ("MC-ACT-10",), f"{player} has passed: no action.")
        return
    choice = yield from ctx.ask(
        player,
        DecisionKind.BULLET,
        f"{player}: you have passed; play a Bullet for one action?",
        ("MC-ACT-9", "MC-BULLET-1", "MC-ACT-10"),
        [*options, Action("skip", label="Stay passed")],
    )
    if choice.kind == "skip":
        ctx.emit(EventKind.SKIP, player, ("MC-ACT-10",), f"{player} has passed: no action.")
        return
    card = str(choice.args[0])
    take_from_hand(ctx, player, (card,))
    effect = Effect(player, "bullet", (card,), f"{player}'s Bullet", ("MC-BULLET-3",))
    ctx.emit(
        EventKind.PLAY,
        player,
        ("MC-BULLET-1", "MC-BULLET-2"),
        f"{player} plays a Bullet ({card}).",
        card=card,
        what="bullet",
    )
    happens = yield from window(ctx, effect)
    discard_cards(ctx, (card,))
    if not happens:
        return  # MC-BULLET-3: the turn ends with no action
    follow = yield from ctx.ask(
        player,
        DecisionKind.FOLLOW_UP,
        f"{player}: your one action after the Bullet",
        ("MC-BULLET-2", "MC-ACT-9"),
        action_options(ctx, player, can_pass=False),
        blocked=lambda: _blocked(ctx, player),
    )
    yield from do_action(ctx, player, follow)


def do_action(ctx: Ctx, player: str, action: Action) -> Flow[None]:
    """Carry out one chosen action A, B or C (MC-ACT-4..7)."""
    st = ctx.state
    seat = st.seats[player]
    name = ctx.data.name
    kind = action.kind
    if kind == "place":
        loc = int(action.args[0])
        seat.tokens -= 1
        st.stacks[loc].append(player)
        ctx.emit(
            EventKind.PLACE,
            player,
            ("MC-ACT-4", "MC-MAP-3"),
            f"{player} places a token on {name(loc)}.",
            location=loc,
        )
        return
    if kind == "pass":
        seat.passed = True
        ctx.emit(EventKind.PASS, player, ("MC-ACT-7",), f"{player} passes.")
        return
    if kind == "wait":
        card = str(action.args[0])
        take_from_hand(ctx, player, (card,))
        discard_cards(ctx, (card,))
        ctx.emit(
            EventKind.WAIT,
            player,
            ("MC-ACT-5", "MC-CARD-1"),
            f"{player} discards a card (waiting action).",
            card=card,
        )
        return
    if kind in ("hat", "hats"):
        cards = tuple(str(a) for a in action.args[: 1 if kind == "hat" else 2])
        take_from_hand(ctx, player, cards)
        if kind == "hat":
            loc, pos = int(action.args[1]), int(action.args[2])
            text = f"{player}'s Hat: take back the token on {name(loc)} (#{pos + 1})"
        else:
            loc = int(action.args[2])
            text = f"{player}'s 2 Hats: a reserve token onto {name(loc)}"
        effect = Effect(player, "hat", cards, text, ("MC-HAT-4",))
        ctx.emit(
            EventKind.PLAY,
            player,
            ("MC-HAT-1", "MC-ACT-5"),
            f"{player} plays {text[len(player) + 3 :]}.",
            cards=list(cards),
            what=kind,
        )
        happens = yield from window(ctx, effect)
        if happens:
            if kind == "hat":
                st.stacks[loc].pop(pos)  # gravity (MC-MAP-4)
                seat.tokens += 1
                ctx.emit(
                    EventKind.TAKE_BACK,
                    player,
                    ("MC-HAT-2", "MC-MAP-4"),
                    f"{player} takes a token on {name(loc)} back into hand.",
                    location=loc,
                    position=pos,
                )
            else:
                seat.reserve -= 1
                st.stacks[loc].append(player)
                ctx.emit(
                    EventKind.FROM_RESERVE,
                    player,
                    ("MC-HAT-3",),
                    f"{player} puts a reserve token on {name(loc)}.",
                    location=loc,
                )
        discard_cards(ctx, cards)
        return
    card = str(action.args[0])
    text_kind = KIND_OF_WORD[kind]
    rules = TEXT_ACTIONS[text_kind][1]
    args = action.args[1:]
    take_from_hand(ctx, player, (card,))
    text = f"{player}'s {ctx.data.kinds[text_kind].name}"
    if kind == "snitch":
        text += f" on {st.stacks[int(args[0])][int(args[1])]}'s token at {name(int(args[0]))}"
    elif kind == "thief":
        text += f" on {args[0]}"
    elif kind in ("raid",):
        text += f" on {name(int(args[0]))}"
    elif kind == "strings":
        text += f" on {name(int(args[0]))} and {name(int(args[1]))}"
    elif kind == "plan":
        src, dest = int(args[0]), int(args[2])
        text += f": {st.stacks[src][int(args[1])]}'s token from {name(src)} to {name(dest)}"
    effect = Effect(player, text_kind, (card,), text, rules)
    ctx.emit(
        EventKind.PLAY,
        player,
        (*rules, "MC-CARD-4"),
        f"{text}.",
        card=card,
        what=text_kind,
        targets=list(args),
    )
    happens = yield from window(ctx, effect)
    if kind != "deals" or not happens:
        discard_cards(ctx, (card,))
    if not happens:
        return  # a cancelled AKCE ends the turn (MC-ACT-6, MC-TYPE-1)
    if kind == "snitch":
        yield from jail(ctx, int(args[0]), int(args[1]), player, ("MC-SNITCH-1",))
    elif kind == "thief":
        victim = st.seats[str(args[0])]
        if victim.hand:
            stolen = ctx.rng.choice(victim.hand)  # blind (MC-THIEF-1, GAP-MC-20)
            victim.hand.remove(stolen)
            seat.hand.append(stolen)
            ctx.emit(
                EventKind.STEAL,
                player,
                ("MC-THIEF-1", "MC-INFO-6"),
                f"{player} takes a random card from {args[0]}.",
                victim=str(args[0]),
                card=stolen,
            )
    elif kind == "raid":
        loc = int(args[0])
        back: dict[str, int] = {}
        for owner in st.stacks[loc]:
            back[owner] = back.get(owner, 0) + 1
        st.stacks[loc] = []
        for owner, count in back.items():
            st.seats[owner].tokens += count
        ctx.emit(
            EventKind.RAID,
            player,
            ("MC-RAID-1", "MC-RAID-2"),
            f"Police Raid: every token on {name(loc)} goes back to its owner's hand.",
            location=loc,
            back=back,
        )
        for owner in st.players:
            if owner in back and st.seats[owner].passed:
                st.seats[owner].passed = False
                ctx.emit(
                    EventKind.UNPASS,
                    owner,
                    ("MC-ACT-8", "MC-RAID-3"),
                    f"{owner} got tokens back and is active again.",
                )
    elif kind == "strings":
        a, b = int(args[0]), int(args[1])
        st.stacks[a][0], st.stacks[b][0] = st.stacks[b][0], st.stacks[a][0]
        ctx.emit(
            EventKind.SWAP,
            player,
            ("MC-STRINGS-1", "MC-STRINGS-3"),
            f"The bottom tokens of {name(a)} and {name(b)} change places.",
            locations=[a, b],
        )
    elif kind == "plan":
        loc, pos, dest = int(args[0]), int(args[1]), int(args[2])
        owner = st.stacks[loc].pop(pos)
        st.stacks[dest].append(owner)
        ctx.emit(
            EventKind.MOVE_TOKEN,
            player,
            ("MC-PLAN-1", "MC-MAP-3", "MC-MAP-4"),
            f"{owner}'s token moves from {name(loc)} to the top of {name(dest)}.",
            owner=owner,
            source=loc,
            destination=dest,
        )
    elif kind == "deals":
        # the Deals card stays in play until its effect is over, so a reshuffle during the
        # draw leaves it out (MC-CARD-3, MC-DECK-3; CZ S 175-177: carry out, then discard)
        drawn = draw_cards(ctx, player, 3, ("MC-DEALS-1",))
        if not drawn:
            discard_cards(ctx, (card,))
        else:
            choice = yield from ctx.ask(
                player,
                DecisionKind.DEALS_DISCARD,
                f"{player}: discard one of the cards you just drew",
                ("MC-DEALS-2",),
                [Action("discard", (c,), label=f"Discard {ctx.label(c)}") for c in drawn],
                blocked=lambda: tuple(
                    Blocked(
                        Action("discard", (c,)),
                        IllegalAction(
                            "not-just-drawn",
                            "MC-DEALS-2",
                            "Deals discards one of the three cards just drawn",
                        ),
                    )
                    for c in seat.hand
                    if c not in drawn
                ),
            )
            out = str(choice.args[0])
            discard_cards(ctx, (card,))  # the effect is over: Deals first, then the card
            seat.hand.remove(out)
            st.discard.append(out)
            ctx.emit(
                EventKind.DISCARD, player, ("MC-DEALS-2",), f"{player} discards a card.", card=out
            )

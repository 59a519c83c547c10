"""Reactions out of turn: the veto chain of every effect (MC-VETO, MC-FIST, MC-CHIEF, MC-FBI)
and the Complicity sequence after a jailing (MC-COMPL, MC-VETO-10).

An effect is announced with its targets (MC-CARD-4); then the other players are asked one at a
time, clockwise from the left of the latest play, whether they add a veto; the window closes
when all of them have declined in a row since the last play (MC-VETO-7, GAP-MC-9). The effect
happens exactly when the chain holds an even number of vetoes (MC-VETO-8).
"""

from __future__ import annotations

from functools import partial
from itertools import combinations

from speakeasy.core.actions import Action, Blocked, IllegalAction
from speakeasy.core.context import Flow
from speakeasy.games.mafia_city.model.kinds import DecisionKind, EventKind
from speakeasy.games.mafia_city.rules.context import (
    Ctx,
    Effect,
    Veto,
    discard_cards,
    take_from_hand,
)

__all__ = [
    "CANCEL_RULES",
    "Effect",
    "Veto",
    "cancel_rule",
    "complicity",
    "jail",
    "veto_options",
    "window",
]

#: The reaction-type text cards and what they may cancel (MC-VETO-2, MC-CHIEF-1, MC-FBI-1).
CHIEF_TARGETS = frozenset({"snitch", "thief", "police-raid", "prison"})
FBI_TARGETS = frozenset({"hitman", "deals", "big-plan", "harbour"})
#: The rule of each effect that says what may cancel it: a veto refused because of what it
#: would cancel cites it (a Police Chief against Strings: MC-STRINGS-4).
CANCEL_RULES = {
    "snitch": "MC-SNITCH-2",
    "thief": "MC-THIEF-3",
    "police-raid": "MC-RAID-4",
    "prison": "MC-PRISON-6",
    "hitman": "MC-HITMAN-5",
    "deals": "MC-DEALS-3",
    "big-plan": "MC-PLAN-3",
    "harbour": "MC-HARBOUR-4",
    "strings": "MC-STRINGS-4",
    "complicity": "MC-COMPL-7",
    "hat": "MC-HAT-4",
    "bullet": "MC-BULLET-3",
    "plus": "MC-CLUB-4",
    "secret-deal": "MC-SECRET-5",
}
#: The same for a veto in a chain: only 2 Fists cancel a veto (MC-VETO-5).
VETO_CANCEL_RULES = {"chief": "MC-CHIEF-4", "fbi": "MC-FBI-4", "fists": "MC-VETO-5"}


def cancel_rule(effect: Effect, chain: list[Veto]) -> str:
    """The rule saying what may cancel the play a veto would answer now: the effect, or the
    latest veto of its chain when that veto stands (an odd chain)."""
    if len(chain) % 2 == 1:
        return VETO_CANCEL_RULES[chain[-1].how]
    return CANCEL_RULES.get(effect.what, "MC-VETO-2")


#: A Fists option's label, built when read (a bot never reads it).
_FISTS_LABEL = "Cancel with 2 Fists ({}, {})"


def _fists(ctx: Ctx, player: str) -> list[Action]:
    fists = [c for c in ctx.state.seats[player].hand if ctx.symbol(c) == "fist"]
    return [
        Action("fists", pair, label=partial(_FISTS_LABEL.format, *pair))
        for pair in combinations(fists, 2)
    ]


def veto_options(ctx: Ctx, player: str, effect: Effect, chain: list[Veto]) -> list[Action]:
    """The vetoes ``player`` may add now (MC-VETO-4..6, GAP-MC-10)."""
    options: list[Action] = []
    happens = len(chain) % 2 == 0
    if happens:
        if (player != effect.owner and effect.is_card) or (chain and player != chain[-1].player):
            options += _fists(ctx, player)
        if player != effect.owner:
            hand = ctx.state.seats[player].hand
            if effect.what in CHIEF_TARGETS:
                options += [
                    Action("chief", (c,), label=f"Cancel with Police Chief ({c})")
                    for c in hand
                    if ctx.kind(c) == "police-chief"
                ]
            if effect.what in FBI_TARGETS:
                options += [
                    Action("fbi", (c,), label=f"Cancel with F.B.I. ({c})")
                    for c in hand
                    if ctx.kind(c) == "fbi"
                ]
    elif player != chain[-1].player:
        options += _fists(ctx, player)
    return options


def _blocked_vetoes(
    ctx: Ctx, player: str, effect: Effect, chain: list[Veto]
) -> tuple[Blocked, ...]:
    """Reaction cards held but not allowed against this effect, with the reason (none while a
    veto stands: :mod:`speakeasy.games.mafia_city.rules.refusals` explains those)."""
    found: list[Blocked] = []
    if len(chain) % 2 == 1:
        return ()
    for card in ctx.state.seats[player].hand:
        kind = ctx.kind(card)
        if kind == "police-chief" and effect.what not in CHIEF_TARGETS:
            found.append(
                Blocked(
                    Action("chief", (card,)),
                    IllegalAction(
                        "chief-cannot-cancel",
                        CANCEL_RULES.get(effect.what, "MC-CHIEF-1"),
                        f"Police Chief cancels only Snitch, Thief, Police Raid or the Prison "
                        f"effect, not {effect.text}",
                    ),
                )
            )
        if kind == "fbi" and effect.what not in FBI_TARGETS:
            found.append(
                Blocked(
                    Action("fbi", (card,)),
                    IllegalAction(
                        "fbi-cannot-cancel",
                        CANCEL_RULES.get(effect.what, "MC-FBI-1"),
                        f"F.B.I. cancels only Hitman, Deals, Big Plan or the Harbour effect, "
                        f"not {effect.text}",
                    ),
                )
            )
    if not effect.is_card and not chain:
        fists = [c for c in ctx.state.seats[player].hand if ctx.symbol(c) == "fist"]
        for pair in combinations(fists, 2):
            found.append(
                Blocked(
                    Action("fists", pair),
                    IllegalAction(
                        "fists-location-effect",
                        "MC-FIST-2",
                        "Fists can never cancel a location effect",
                    ),
                )
            )
    return tuple(found)


def window(ctx: Ctx, effect: Effect) -> Flow[bool]:
    """The reaction window of ``effect`` (its cards already in play): ask for vetoes until
    everyone eligible has declined in a row; ``True`` if the effect happens (MC-VETO-7, 8).
    The vetoes' cards are discarded here; the effect's own cards stay in play for the caller.
    While it is open, the effect and its chain are the innermost of ``ctx.windows``."""
    chain: list[Veto] = []
    ctx.windows.append((effect, chain))
    try:
        happens: bool = yield from _window(ctx, effect, chain)
    finally:
        if ctx.windows and ctx.windows[-1][1] is chain:
            ctx.windows.pop()
    return happens


def _window(ctx: Ctx, effect: Effect, chain: list[Veto]) -> Flow[bool]:
    st = ctx.state
    n = len(st.players)
    last = effect.owner
    declined = 0
    asked = st.left_of(last)
    everyone = ctx.options.prompt_everyone
    while declined < n - 1:
        if asked == last:
            asked = st.left_of(asked)
            continue
        options = veto_options(ctx, asked, effect, chain)
        if not options and not everyone:
            declined += 1
            asked = st.left_of(asked)
            continue
        target = f"{chain[-1].player}'s veto" if chain else effect.text
        state = "set to happen" if len(chain) % 2 == 0 else "cancelled"
        choice = yield from ctx.ask(
            asked,
            DecisionKind.VETO,
            f"{asked}: react to {target}? ({effect.text} is {state}; {len(chain)} veto(es))",
            ("MC-VETO-7", "MC-VETO-6", *effect.rules),
            [*options, Action("pass", label="Let it through")],
            blocked=lambda who=asked: _blocked_vetoes(ctx, who, effect, chain),  # type: ignore[misc]
        )
        if choice.kind == "pass":
            declined += 1
            asked = st.left_of(asked)
            continue
        cards = tuple(str(a) for a in choice.args)
        take_from_hand(ctx, asked, cards)
        rule = {"fists": "MC-FIST-1", "chief": "MC-CHIEF-1", "fbi": "MC-FBI-1"}[choice.kind]
        against = (
            "the latest veto"
            if chain and (len(chain) % 2 == 1 or (choice.kind == "fists" and asked == effect.owner))
            else effect.text
        )
        chain.append(Veto(asked, choice.kind, cards))
        ctx.emit(
            EventKind.VETO,
            asked,
            (rule, "MC-VETO-5"),
            f"{asked} plays {choice.describe()} against {against}.",
            how=choice.kind,
            cards=list(cards),
            vetoes=len(chain),
        )
        last = asked
        declined = 0
        asked = st.left_of(asked)
    happens = len(chain) % 2 == 0
    for veto in chain:
        discard_cards(ctx, veto.cards)
    if chain:
        ctx.emit(
            EventKind.RESOLVE if happens else EventKind.CANCEL,
            effect.owner,
            ("MC-VETO-8",),
            f"{len(chain)} veto(es): {effect.text} "
            + ("happens after all." if happens else "is cancelled."),
            vetoes=len(chain),
            happens=happens,
        )
    elif not happens:  # pragma: no cover - no chain always happens
        raise AssertionError
    return happens


def jail(ctx: Ctx, location: int, position: int, causer: str, rules: tuple[str, ...]) -> Flow[None]:
    """Move the token at ``position`` of ``location``'s stack into the Cell (MC-PRISON-1),
    then give its owner the chance of Complicity (MC-COMPL-6)."""
    st = ctx.state
    owner = st.stacks[location].pop(position)  # gravity: the rest close up (MC-MAP-4)
    st.cell.append((owner, st.round))
    ctx.emit(
        EventKind.JAIL,
        causer,
        rules,
        f"{owner}'s token from {ctx.data.name(location)} goes into the Cell.",
        owner=owner,
        location=location,
        position=position,
    )
    yield from complicity(ctx, owner, causer)


def complicity(ctx: Ctx, owner: str, causer: str) -> Flow[None]:
    """After ``owner``'s token went into the Cell because of ``causer``: ``owner`` may play
    Complicity to send a third player's token along, and so on (MC-COMPL-1..7, MC-VETO-10)."""
    st = ctx.state
    while True:
        cards = [c for c in st.seats[owner].hand if ctx.kind(c) == "complicity"]
        targets = [
            (loc, pos)
            for loc, stack in st.stacks.items()
            for pos, who in enumerate(stack)
            if who not in (owner, causer)
        ]
        options = [
            Action(
                "complicity",
                (card, loc, pos),
                label=f"Complicity: {st.stacks[loc][pos]}'s token on {ctx.data.name(loc)} too",
            )
            for card in cards
            for loc, pos in targets
        ]
        if not options and not ctx.options.prompt_everyone:
            return
        choice = yield from ctx.ask(
            owner,
            DecisionKind.COMPLICITY,
            f"{owner}: your token went into the Cell; play Complicity?",
            ("MC-COMPL-1", "MC-COMPL-3", "MC-COMPL-6"),
            [*options, Action("pass", label="No Complicity")],
            facts=(("causer", causer),),  # for the refusals: no event log needed
        )
        if choice.kind == "pass":
            return
        card, loc, pos = str(choice.args[0]), int(choice.args[1]), int(choice.args[2])
        third = st.stacks[loc][pos]
        take_from_hand(ctx, owner, (card,))
        effect = Effect(
            owner,
            "complicity",
            (card,),
            f"{owner}'s Complicity on {third}'s token at {ctx.data.name(loc)}",
            ("MC-COMPL-7",),
        )
        ctx.emit(
            EventKind.PLAY,
            owner,
            ("MC-COMPL-1", "MC-COMPL-3"),
            f"{owner} plays {effect.text}.",
            card=card,
            what="complicity",
            location=loc,
            position=pos,
        )
        happens = yield from window(ctx, effect)
        discard_cards(ctx, (card,))
        if not happens:
            return
        st.stacks[loc].pop(pos)
        st.cell.append((third, st.round))
        ctx.emit(
            EventKind.JAIL,
            owner,
            ("MC-COMPL-1", "MC-COMPL-4"),
            f"{third}'s token from {ctx.data.name(loc)} goes into the Cell too.",
            owner=third,
            location=loc,
            position=pos,
        )
        owner, causer = third, owner

"""Why the Mafia City rules refuse a request: the rule that forbids it, a code and a plain
reason, for any well-formed request that is neither an option nor greyed out (the engine asks
:meth:`Definition.explain_refusal
<speakeasy.games.mafia_city.engine.game.Definition.explain_refusal>`). Only reads the
context;
``None`` leaves the engine's generic ``not-now`` / ``not-an-option``.

>>> from speakeasy.games.mafia_city.engine.game import Game
>>> game = Game.new(players=3, seed=8)
>>> card = game.state.seats[game.state.start_player].hand[0]
>>> err = game.why_not(f"mulligan {card}")
>>> err.code, err.rule
('both-or-none', 'MC-SETUP-9')
"""

from __future__ import annotations

from collections.abc import Callable

from speakeasy.core.actions import Action, Decision, IllegalAction
from speakeasy.games.mafia_city.model.board import LOCATIONS
from speakeasy.games.mafia_city.model.kinds import DecisionKind, EventKind
from speakeasy.games.mafia_city.rules.context import Ctx
from speakeasy.games.mafia_city.rules.turns import KIND_OF_WORD

__all__ = ["explain_refusal"]

Why = IllegalAction | None


def _location(value: object) -> int | None:
    """``value`` as a location number 1-7, or ``None``."""
    return value if isinstance(value, int) and value in LOCATIONS else None


def _token(ctx: Ctx, loc: object, pos: object) -> str | None:
    """The owner of the token at ``pos`` of ``loc``'s stack, or ``None`` if there is none."""
    where = _location(loc)
    if where is None or not isinstance(pos, int) or not 0 <= pos < len(ctx.state.stacks[where]):
        return None
    return ctx.state.stacks[where][pos]


def _no_location(value: object) -> Why:
    if _location(value) is None:
        return IllegalAction(
            "no-such-location", "MC-COMP-1", f"there is no location {value}: they are 1 to 7"
        )
    return None


def _no_token(ctx: Ctx, loc: object, pos: object, rule: str) -> Why:
    if _token(ctx, loc, pos) is None:
        return _no_location(loc) or IllegalAction(
            "no-token-there",
            rule,
            f"{ctx.data.name(int(str(loc)))} has no token at position {pos}",
        )
    return None


def _in_hand(ctx: Ctx, player: str, cards: tuple[object, ...], rule: str) -> Why:
    hand = ctx.state.seats[player].hand
    for card in cards:
        if card not in hand:
            return IllegalAction("card-not-in-hand", rule, f"you hold no card {card}")
    return None


def _card_kind(ctx: Ctx, card: object, kind: str, rule: str) -> Why:
    if ctx.kind(str(card)) != kind:
        return IllegalAction(
            "wrong-card",
            rule,
            f"{card} is a {ctx.data.kinds[ctx.kind(str(card))].name} card, "
            f"not a {ctx.data.kinds[kind].name}",
        )
    return None


def _turn(ctx: Ctx, decision: Decision, action: Action) -> Why:
    """Phase I actions (MC-ACT-3..5) and the follow-up of a Bullet (MC-BULLET-2)."""
    st = ctx.state
    player = str(decision.player)
    seat = st.seats[player]
    kind, args = action.kind, action.args
    if kind == "pass" and decision.kind == DecisionKind.FOLLOW_UP:
        return IllegalAction(
            "bullet-needs-an-action",
            "MC-BULLET-2",
            "after a Bullet you take exactly one action A or B; you stay passed anyway",
        )
    if kind == "bullet":
        return IllegalAction(
            "bullet-not-passed",
            "MC-BULLET-1",
            "a Bullet is played only by a player who has already passed in this phase I",
        )
    if kind in ("secret", "hitman", "plus"):
        return IllegalAction(
            "lokace-only-in-phase-two",
            "MC-TYPE-2",
            "a LOKACE effect is used only while a location is evaluated in phase II",
        )
    if kind in ("fists", "chief", "fbi", "complicity"):
        return IllegalAction(
            "reakce-not-an-action",
            "MC-TYPE-3",
            "a REAKCE effect answers an opponent's effect; it is not an action of your turn",
        )
    if kind == "place" and len(args) == 1:
        return _no_location(args[0])
    if kind == "wait" and len(args) == 1:
        return _in_hand(ctx, player, args, "MC-ACT-5")
    if kind == "hat" and len(args) == 3:
        card, loc, pos = args
        why = _in_hand(ctx, player, (card,), "MC-ACT-5")
        if why is None and ctx.symbol(str(card)) != "hat":
            why = IllegalAction("not-a-hat", "MC-HAT-1", f"{card} has no Hat symbol")
        why = why or _no_token(ctx, loc, pos, "MC-HAT-2")
        if why is None and _token(ctx, loc, pos) != player:
            why = IllegalAction(
                "hat-own-token", "MC-HAT-2", "one Hat takes back one of your own tokens only"
            )
        return why
    if kind == "hats" and len(args) == 3:
        first, second, loc = args
        if first == second:
            return IllegalAction("two-different-hats", "MC-HAT-5", "2 Hats are two cards")
        why = _in_hand(ctx, player, (first, second), "MC-ACT-5")
        for card in (first, second):
            if why is None and ctx.symbol(str(card)) != "hat":
                why = IllegalAction("not-a-hat", "MC-HAT-1", f"{card} has no Hat symbol")
        if why is None and not seat.reserve:
            why = IllegalAction(
                "no-reserve", "MC-HAT-3", "2 Hats place a token from reserve, and yours is empty"
            )
        return why or _no_location(loc)
    if kind not in KIND_OF_WORD or not args:
        return None
    card = args[0]
    why = _in_hand(ctx, player, (card,), "MC-ACT-5") or _card_kind(
        ctx, card, KIND_OF_WORD[kind], "MC-CARD-1"
    )
    if why is not None:
        return why
    if kind == "snitch" and len(args) == 3:
        return _no_token(ctx, args[1], args[2], "MC-SNITCH-1")
    if kind == "thief" and len(args) == 2:
        target = args[1]
        if target == player or target not in st.players:
            return IllegalAction(
                "thief-opponent", "MC-THIEF-1", "a Thief takes a card from another player"
            )
        if not st.seats[str(target)].hand:
            return IllegalAction(
                "thief-empty-hand", "MC-THIEF-2", f"{target} holds no card to take"
            )
    if kind == "plan" and len(args) == 4:
        why = _no_token(ctx, args[1], args[2], "MC-PLAN-1") or _no_location(args[3])
        if why is None and args[1] == args[3]:
            why = IllegalAction(
                "same-location", "MC-PLAN-1", "Big Plan moves a token to a different location"
            )
        return why
    if kind == "strings" and len(args) == 3:
        for loc in args[1:]:
            where = _location(loc)
            if where is None:
                return _no_location(loc)
            if not st.stacks[where]:
                return IllegalAction(
                    "empty-stack",
                    "MC-STRINGS-3",
                    f"{ctx.data.name(where)} has no token to swap (GAP-MC-18)",
                )
    return None


def _mulligan(ctx: Ctx, decision: Decision, action: Action) -> Why:
    if action.kind == "mulligan" and action.args:
        return IllegalAction(
            "both-or-none", "MC-SETUP-9", "a mulligan replaces both cards; one alone is not allowed"
        )
    return None


def _veto(ctx: Ctx, decision: Decision, action: Action) -> Why:
    """Vetoes (MC-VETO-2): the cards must be in hand and of the right kind."""
    player = str(decision.player)
    kind, args = action.kind, action.args
    if kind == "fists":
        if len(args) != 2 or args[0] == args[1]:
            return IllegalAction("two-fists", "MC-FIST-3", "a veto with Fists takes two Fist cards")
        why = _in_hand(ctx, player, args, "MC-VETO-2")
        for card in args:
            if why is None and ctx.symbol(str(card)) != "fist":
                why = IllegalAction("not-a-fist", "MC-FIST-1", f"{card} has no Fist symbol")
        return why
    if kind in ("chief", "fbi") and len(args) == 1:
        rule = "MC-CHIEF-1" if kind == "chief" else "MC-FBI-1"
        return _in_hand(ctx, player, args, "MC-VETO-2") or _card_kind(
            ctx, args[0], "police-chief" if kind == "chief" else "fbi", rule
        )
    return None


def _complicity(ctx: Ctx, decision: Decision, action: Action) -> Why:
    """Complicity (MC-COMPL-1, MC-COMPL-3): the third player is neither the jailed token's
    owner nor the player who caused the move (the latest jailing's causer)."""
    player = str(decision.player)
    if action.kind != "complicity" or len(action.args) != 3:
        return None
    card, loc, pos = action.args
    why = (
        _in_hand(ctx, player, (card,), "MC-COMPL-1")
        or _card_kind(ctx, card, "complicity", "MC-COMPL-1")
        or _no_token(ctx, loc, pos, "MC-COMPL-6")
    )
    if why is not None:
        return why
    jailed = [e for e in ctx.events if e.kind == EventKind.JAIL]
    causer = jailed[-1].player if jailed else None
    third = _token(ctx, loc, pos)
    if third in (player, causer):
        return IllegalAction(
            "complicity-third-player",
            "MC-COMPL-3",
            f"the third player may be neither you nor {causer}, who caused the move",
        )
    return None


def _phase_two(ctx: Ctx, decision: Decision, action: Action) -> Why:
    """Plays during a location's evaluation (MC-SECRET-1, MC-HITMAN-1, MC-PLUS-1,
    MC-PRISON-5, MC-BUSINESS-2)."""
    player = str(decision.player)
    kind, args = action.kind, action.args
    if kind == "secret" and len(args) == 1:
        return _in_hand(ctx, player, args, "MC-SECRET-1") or _card_kind(
            ctx, args[0], "secret-deal", "MC-SECRET-1"
        )
    if kind == "plus" and len(args) == 1:
        why = _in_hand(ctx, player, args, "MC-PLUS-1")
        if why is None and ctx.symbol(str(args[0])) != "plus":
            why = IllegalAction("not-a-plus", "MC-PLUS-1", f'{args[0]} has no "+1" symbol')
        return why
    if kind == "hitman" and len(args) == 2:
        return (
            _in_hand(ctx, player, args[:1], "MC-HITMAN-1")
            or _card_kind(ctx, args[0], "hitman", "MC-HITMAN-1")
            or _no_token(ctx, ctx.state.hitman, args[1], "MC-HITMAN-3")
        )
    if kind == "jail" and len(args) == 2:
        return _no_token(ctx, args[0], args[1], "MC-PRISON-5")
    if kind == "discard" and len(args) == 1:
        return _in_hand(ctx, player, args, "MC-BUSINESS-2")
    return None


def _phase_three(ctx: Ctx, decision: Decision, action: Action) -> Why:
    """Phase III (MC-STR-2, MC-STR-3, MC-STR-5)."""
    st = ctx.state
    kind, args = action.kind, action.args
    if kind == "location" and len(args) == 1:
        where = _location(args[0])
        if where is not None and where not in st.cubes:
            return IllegalAction(
                "no-cube", "MC-STR-2", f"{ctx.data.name(where)} was already handled this phase"
            )
        return _no_location(args[0])
    loc = st.location
    if loc is None:
        return None
    if kind == "name" and len(args) == 1:
        if args[0] not in st.stacks[loc]:
            return IllegalAction(
                "name-no-token",
                "MC-STR-5",
                f"{args[0]} has no token in the stack of {ctx.data.name(loc)}",
            )
        return IllegalAction(
            "already-decided", "MC-STR-3", f"{args[0]} has already decided at {ctx.data.name(loc)}"
        )
    if kind == "withdraw" and len(args) == 1 and _token(ctx, loc, args[0]) != decision.player:
        return IllegalAction("withdraw-own-token", "MC-STR-3", "you take back only your own tokens")
    return None


_BY_KIND: dict[str, Callable[[Ctx, Decision, Action], Why]] = {
    DecisionKind.TURN: _turn,
    DecisionKind.FOLLOW_UP: _turn,
    DecisionKind.MULLIGAN: _mulligan,
    DecisionKind.VETO: _veto,
    DecisionKind.COMPLICITY: _complicity,
    DecisionKind.SECRET_DEAL: _phase_two,
    DecisionKind.PLUS: _phase_two,
    DecisionKind.HITMAN_CARD: _phase_two,
    DecisionKind.PRISON: _phase_two,
    DecisionKind.BUSINESS_DISCARD: _phase_two,
    DecisionKind.STRATEGIC_LOCATION: _phase_three,
    DecisionKind.NAME_PLAYER: _phase_three,
    DecisionKind.WITHDRAW: _phase_three,
}


def explain_refusal(ctx: Ctx, decision: Decision, action: Action) -> IllegalAction | None:
    """The rule that forbids ``action`` at ``decision``, or ``None`` (the generic refusal)."""
    explain = _BY_KIND.get(str(decision.kind))
    if explain is None:
        return None
    try:
        return explain(ctx, decision, action)
    except (KeyError, TypeError, ValueError):  # a malformed card or argument: generic refusal
        return None

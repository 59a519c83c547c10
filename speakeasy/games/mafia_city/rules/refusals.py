"""Why the Mafia City rules refuse a request: the rule that forbids it, a code and a plain
reason, for any well-formed request that is neither an option nor greyed out (the engine asks
:meth:`Definition.explain_refusal
<speakeasy.games.mafia_city.engine.game.Definition.explain_refusal>`), and for a seat that is
not the one to act (:func:`refusal_for_seat`). Only reads the context.

A request cites a rule of its own kind (:data:`~speakeasy.games.mafia_city.model.kinds.
ACTION_RULES`): a kind asked for where the decision never takes it cites the rule of when it
may be used (a Hitman card in phase I: MC-HITMAN-2), and one the decision takes but not with
these arguments the rule those arguments break (one Hat for a two-Hat play: MC-HAT-3). A veto
refused because of what it would cancel cites that effect's rule of what may cancel it
(Police Chief against Strings: MC-STRINGS-4). ``None`` leaves the engine's generic
``not-now`` / ``not-an-option`` (a kind the game does not know, say).

>>> from speakeasy.games.mafia_city.engine.game import Game
>>> game = Game.new(players=3, seed=8)
>>> card = game.state.seats[game.state.start_player].hand[0]
>>> err = game.why_not(f"mulligan {card}")
>>> err.code, err.rule
('both-or-none', 'MC-SETUP-9')
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from speakeasy.core.actions import Action, Decision, IllegalAction
from speakeasy.games.mafia_city.model.board import LOCATIONS
from speakeasy.games.mafia_city.model.kinds import (
    ACTION_RULES,
    TAKES,
    WHO_DECIDES,
    DecisionKind,
)
from speakeasy.games.mafia_city.rules.context import Ctx
from speakeasy.games.mafia_city.rules.reactions import (
    CHIEF_TARGETS,
    FBI_TARGETS,
    cancel_rule,
)
from speakeasy.games.mafia_city.rules.turns import KIND_OF_WORD, TEXT_ACTIONS

__all__ = ["explain_refusal", "refusal_for_seat", "turn_rule"]

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


#: The kinds of action A and B (MC-ACT-4, MC-ACT-5).
_ACTIONS_A_B = frozenset({"place", "wait", "hat", "hats", *KIND_OF_WORD})


def _out_of_time(ctx: Ctx, decision: Decision, action: Action, player: str) -> IllegalAction:
    """``action``, of a kind ``decision`` never takes, refused by the rule of when its kind
    may be used (:data:`ACTION_RULES`), worded for ``player``'s situation."""
    st = ctx.state
    kind = action.kind
    own = ACTION_RULES[kind]
    acting = player == decision.player
    if acting and decision.kind == DecisionKind.BULLET:
        if kind in _ACTIONS_A_B:
            return IllegalAction(
                "passed",
                "MC-ACT-9",
                "you have passed in this phase: you take an action only after playing a Bullet",
            )
        if kind == "pass":
            return IllegalAction(
                "already-passed", "MC-ACT-7", "you have already passed; you may stay passed"
            )
    if kind == "pass" and acting and decision.kind == DecisionKind.FOLLOW_UP:
        return IllegalAction(
            "bullet-needs-an-action",
            "MC-BULLET-2",
            "after a Bullet you take exactly one action A or B; you stay passed anyway",
        )
    if kind == "bullet":
        if st.phase not in ("setup", "action"):
            return IllegalAction(
                "bullet-after-phase-one", "MC-BULLET-5", "no Bullet can be used once phase I ends"
            )
        if acting and decision.kind == DecisionKind.FOLLOW_UP:
            return IllegalAction(
                "one-bullet-one-action",
                "MC-BULLET-2",
                "a Bullet is followed by exactly one action A or B, not by another Bullet",
            )
    if kind == "keep" and st.phase == "strategic":
        return IllegalAction(
            own.code, "MC-STR-3", "in phase III you keep your tokens when you decide on them"
        )
    if kind == "discard" and st.phase == "location":
        return IllegalAction(
            own.code, "MC-BUSINESS-2", "you discard this way only after the Business District draw"
        )
    return IllegalAction(own.code, own.when, own.usage)


def _turn(ctx: Ctx, decision: Decision, action: Action) -> Why:
    """Actions A and B with arguments they cannot take (MC-ACT-4, MC-ACT-5, the cards)."""
    st = ctx.state
    player = str(decision.player)
    seat = st.seats[player]
    kind, args = action.kind, action.args
    if kind == "place" and len(args) == 1:
        return _no_location(args[0])
    if kind == "wait" and len(args) == 1:
        return _in_hand(ctx, player, args, "MC-ACT-5")
    if kind == "hat" and len(args) == 3:
        card, loc, pos = args
        why = _in_hand(ctx, player, (card,), "MC-ACT-5")
        if why is None and ctx.symbol(str(card)) != "hat":
            why = IllegalAction("not-a-hat", "MC-HAT-2", f"{card} has no Hat symbol")
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
                why = IllegalAction(
                    "not-a-hat", "MC-HAT-3", f"{card} has no Hat symbol: two Hat cards are needed"
                )
        if why is None and not seat.reserve:
            why = IllegalAction(
                "no-reserve", "MC-HAT-3", "2 Hats place a token from reserve, and yours is empty"
            )
        return why or _no_location(loc) or _in_order(action, seat.hand, (0, 1), "MC-HAT-3")
    if kind not in KIND_OF_WORD or not args:
        return None
    card = args[0]
    card_kind = KIND_OF_WORD[kind]
    why = _in_hand(ctx, player, (card,), "MC-ACT-5") or _card_kind(
        ctx, card, card_kind, TEXT_ACTIONS[card_kind][1][0]
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
    if kind == "raid" and len(args) == 2:
        return _no_location(args[1])
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
        return _in_order(action, list(LOCATIONS), (1, 2), "MC-STRINGS-1")
    return None


def _in_order(action: Action, order: Sequence[object], at: tuple[int, int], rule: str) -> Why:
    """A play naming two things (two Hats, two locations) that the options name the other way
    round: the same play, offered once, in ``order``."""
    first, second = (action.args[i] for i in at)
    if first in order and second in order and order.index(first) > order.index(second):
        args = list(action.args)
        args[at[0]], args[at[1]] = second, first
        same = Action(action.kind, tuple(args))
        return IllegalAction(
            "named-out-of-order", rule, f"that play is offered as '{same}' (the same play)"
        )
    return None


def _bullet(ctx: Ctx, decision: Decision, action: Action) -> Why:
    """A passed player's Bullet (MC-BULLET-1, MC-BULLET-2, GAP-MC-22)."""
    player = str(decision.player)
    if action.kind != "bullet" or len(action.args) != 1:
        return None
    card = action.args[0]
    why = _in_hand(ctx, player, (card,), "MC-BULLET-2")
    if why is None and ctx.symbol(str(card)) != "bullet":
        why = IllegalAction("not-a-bullet", "MC-BULLET-2", f"{card} has no Bullet symbol")
    return why or IllegalAction(
        "bullet-no-follow-up",
        "MC-BULLET-2",
        "a Bullet is played only if an action A or B can follow it, and none could (GAP-MC-22)",
    )


def _mulligan(ctx: Ctx, decision: Decision, action: Action) -> Why:
    if action.kind == "mulligan" and action.args:
        return IllegalAction(
            "both-or-none", "MC-SETUP-9", "a mulligan replaces both cards; one alone is not allowed"
        )
    return None


def _veto(ctx: Ctx, decision: Decision, action: Action) -> Why:
    """Vetoes (MC-VETO-2, MC-VETO-4, MC-VETO-5): the cards must be in hand and of the right
    kind, and the play they would cancel one they may cancel."""
    return _veto_for(ctx, action, str(decision.player))


def _veto_for(ctx: Ctx, action: Action, player: str) -> Why:
    kind, args = action.kind, action.args
    if kind == "fists":
        if len(args) != 2 or args[0] == args[1]:
            return IllegalAction("two-fists", "MC-FIST-3", "a veto with Fists takes two Fist cards")
        why = _in_hand(ctx, player, args, "MC-VETO-2")
        for card in args:
            if why is None and ctx.symbol(str(card)) != "fist":
                why = IllegalAction("not-a-fist", "MC-FIST-1", f"{card} has no Fist symbol")
    elif kind in ("chief", "fbi") and len(args) == 1:
        rule = "MC-CHIEF-1" if kind == "chief" else "MC-FBI-1"
        why = _in_hand(ctx, player, args, "MC-VETO-2") or _card_kind(
            ctx, args[0], "police-chief" if kind == "chief" else "fbi", rule
        )
    else:
        return None
    if why is not None or not ctx.windows:
        return why
    effect, chain = ctx.windows[-1]
    latest = chain[-1].player if chain else effect.owner
    if player == latest or (player == effect.owner and len(chain) % 2 == 0 and kind != "fists"):
        return IllegalAction(
            "own-effect", "MC-VETO-4", "you may cancel only what an opponent is carrying out"
        )
    if kind == "fists":
        if not chain and not effect.is_card:
            return IllegalAction(
                "fists-location-effect", "MC-FIST-2", "Fists can never cancel a location effect"
            )
        return None
    targets = CHIEF_TARGETS if kind == "chief" else FBI_TARGETS
    if len(chain) % 2 == 1 or effect.what not in targets:
        name = "Police Chief" if kind == "chief" else "F.B.I."
        against = f"{chain[-1].player}'s veto" if len(chain) % 2 == 1 else effect.text
        return IllegalAction(
            f"{kind}-cannot-cancel",
            cancel_rule(effect, chain),
            f"{name} cannot cancel {against}",
        )
    return None


def _complicity(ctx: Ctx, decision: Decision, action: Action) -> Why:
    """Complicity (MC-COMPL-1, MC-COMPL-3): the third player is neither the jailed token's
    owner nor the player who caused the move (the decision's ``causer`` fact)."""
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
    causer = decision.fact("causer")  # the decision's, not the log's (a game may keep none)
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
    if decision.kind == DecisionKind.SECRET_DEAL and kind in ("done", "pass") and not args:
        played = kind == "pass"  # "done" is offered once you have played, "pass" before
        return IllegalAction(
            "done-or-pass",
            "MC-SECRET-4",
            "you have played a Secret Deal here: say 'done' to stop"
            if played
            else "you have played no Secret Deal here yet: say 'pass'",
        )
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
        rule = "MC-DEALS-2" if decision.kind == DecisionKind.DEALS_DISCARD else "MC-BUSINESS-2"
        return _in_hand(ctx, player, args, rule)
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
    DecisionKind.BULLET: _bullet,
    DecisionKind.MULLIGAN: _mulligan,
    DecisionKind.VETO: _veto,
    DecisionKind.COMPLICITY: _complicity,
    DecisionKind.DEALS_DISCARD: _phase_two,
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
    try:
        if action.kind in ACTION_RULES and action.kind not in TAKES[DecisionKind(decision.kind)]:
            return _out_of_time(ctx, decision, action, str(decision.player))
        explain = _BY_KIND.get(str(decision.kind))
        return None if explain is None else explain(ctx, decision, action)
    except (KeyError, TypeError, ValueError):  # a malformed card or argument: generic refusal
        return None


#: Where each kind of action names cards (argument positions) and the rule a card the
#: player does not hold breaks.
_CARD_ARGS: dict[str, tuple[tuple[int, ...], str]] = {
    **dict.fromkeys((*KIND_OF_WORD, "wait", "hat"), ((0,), "MC-ACT-5")),
    "hats": ((0, 1), "MC-ACT-5"),
    "bullet": ((0,), "MC-BULLET-2"),
    "fists": ((0, 1), "MC-VETO-2"),
    "chief": ((0,), "MC-VETO-2"),
    "fbi": ((0,), "MC-VETO-2"),
    "complicity": ((0,), "MC-COMPL-1"),
    "secret": ((0,), "MC-SECRET-1"),
    "plus": ((0,), "MC-PLUS-1"),
    "hitman": ((0,), "MC-HITMAN-1"),
    "discard": ((0,), "MC-DEALS-2"),
}


def refusal_for_seat(
    ctx: Ctx, decision: Decision, action: Action, seat: str
) -> IllegalAction | None:
    """Why ``action`` is refused for ``seat``, which is not to make ``decision``, for a reason
    that holds whoever acts; ``None`` for none (the engine then says ``not-your-turn``).

    In this order: the kind is not taken at this decision (the rule of when it may be used);
    a card it names that ``seat`` does not hold; a veto of ``seat``'s own effect (MC-VETO-4).
    """
    try:
        kind = action.kind
        if kind in ACTION_RULES and kind not in TAKES[DecisionKind(decision.kind)]:
            return _out_of_time(ctx, decision, action, seat)
        positions, rule = _CARD_ARGS.get(kind, ((), ""))
        if decision.kind == DecisionKind.BUSINESS_DISCARD:
            rule = "MC-BUSINESS-2"
        cards = tuple(action.args[i] for i in positions if i < len(action.args))
        why = _in_hand(ctx, seat, cards, rule) if cards else None
        if why is None and decision.kind == DecisionKind.VETO:
            why = _veto_for(ctx, action, seat)
        return why
    except (KeyError, TypeError, ValueError):
        return None


def turn_rule(decision: Decision) -> str:
    """The rule that says who makes ``decision`` (MC-ACT-2 for a phase I turn)."""
    return WHO_DECIDES.get(DecisionKind(decision.kind), "MC-ACT-2")

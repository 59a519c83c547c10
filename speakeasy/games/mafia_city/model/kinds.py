"""What the Mafia City rules can emit (events) and ask (decisions): one string enum each; the
kinds of action each decision takes, and each kind of action's own rules."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from typing import Final

__all__ = ["ACTION_RULES", "TAKES", "WHO_DECIDES", "ActionRules", "DecisionKind", "EventKind"]


class DecisionKind(StrEnum):
    MULLIGAN = "mulligan"  # MC-SETUP-9
    TURN = "turn"  # MC-ACT-3..5, MC-ACT-11
    BULLET = "bullet"  # MC-ACT-9, MC-ACT-10
    FOLLOW_UP = "follow-up"  # MC-BULLET-2
    VETO = "veto"  # MC-VETO-4..7
    COMPLICITY = "complicity"  # MC-COMPL, MC-VETO-10
    DEALS_DISCARD = "deals-discard"  # MC-DEALS-2
    SELECT = "select"  # MC-LOC-3
    SECRET_DEAL = "secret-deal"  # MC-SECRET-4
    PRISON = "prison"  # MC-PRISON-5
    HITMAN_MOVE = "hitman-move"  # MC-HARBOUR-3
    HITMAN_CARD = "hitman-card"  # MC-HARBOUR-5
    BUSINESS = "business"  # MC-BUSINESS-2
    BUSINESS_DISCARD = "business-discard"  # MC-BUSINESS-2
    PLUS = "plus"  # MC-CLUB-2
    STRATEGIC_LOCATION = "strategic-location"  # MC-STR-5
    NAME_PLAYER = "name-player"  # MC-STR-5
    WITHDRAW = "withdraw"  # MC-STR-3, MC-STR-7


class EventKind(StrEnum):
    SETUP = "setup"
    MULLIGAN = "mulligan"
    ROUND = "round"
    PHASE = "phase"
    PLACE = "place"
    PASS = "pass"
    SKIP = "skip"
    WAIT = "wait"
    PLAY = "play"
    VETO = "veto"
    DECLINE = "decline"
    RESOLVE = "resolve"
    CANCEL = "cancel"
    JAIL = "jail"
    STEAL = "steal"
    RAID = "raid"
    UNPASS = "unpass"
    SWAP = "swap"
    MOVE_TOKEN = "move-token"
    DRAW = "draw"
    DISCARD = "discard"
    RESHUFFLE = "reshuffle"
    TAKE_BACK = "take-back"
    FROM_RESERVE = "from-reserve"
    SELECT = "select"
    CONTROL = "control"
    VP = "vp"
    RELEASE = "release"
    HITMAN_MOVE = "hitman-move"
    KILL = "kill"
    RECRUIT = "recruit"
    FIGURE = "figure"
    CUBE = "cube"
    WITHDRAW = "withdraw"
    START_PLAYER = "start-player"
    GAME_END = "game-end"


@dataclass(frozen=True, slots=True)
class ActionRules:
    """The rules of one kind of action (the word an action starts with).

    ``rules`` are the kind's own rules: the rules that may forbid a request of this kind (its
    card's or effect's rules, its timing, the rule of the action it is an instance of).
    ``when`` is the rule that says when the kind may be asked for at all, cited when it is
    asked for where it never is, with ``code`` and the plain reason ``usage``."""

    rules: tuple[str, ...]
    when: str
    code: str
    usage: str

    def __post_init__(self) -> None:
        if self.when not in self.rules:
            raise ValueError(f"{self.when} must be one of the kind's own rules {self.rules}")


#: Action A (MC-ACT-4) and B (MC-ACT-5) may be forbidden by a pass (MC-ACT-7) too; an AKCE
#: text card has no timing rule of its own, so its type's rule (MC-TYPE-1) is its own.
_AB = ("MC-ACT-5", "MC-ACT-7", "MC-ACT-9")


def _akce(*rules: str) -> tuple[str, ...]:
    return (*rules, "MC-TYPE-1", *_AB)


#: Every kind of action the Mafia City rules ever offer, with its own rules. The refusal of
#: a request cites one of its kind's rules (tests/test_mc_refusals.py sweeps seeded games for
#: it), except a veto refused because of the effect it would cancel: that cites the effect's
#: own rule of what may cancel it (``CANCEL_RULES`` in
#: :mod:`speakeasy.games.mafia_city.rules.reactions`), such as MC-STRINGS-4 for Strings.
ACTION_RULES: Final[Mapping[str, ActionRules]] = {
    "keep": ActionRules(
        ("MC-SETUP-9", "MC-STR-3"),
        "MC-SETUP-9",
        "keep-not-asked",
        "you keep your cards when the opening hand is offered, and your tokens when you "
        "decide on them in phase III",
    ),
    "mulligan": ActionRules(
        ("MC-SETUP-9",),
        "MC-SETUP-9",
        "mulligan-only-at-setup",
        "the two opening cards may be replaced once, before round 1 starts",
    ),
    "place": ActionRules(
        ("MC-ACT-4", "MC-ACT-7", "MC-ACT-9"),
        "MC-ACT-4",
        "place-only-in-your-turn",
        "a token is placed as action A, on your own turn in phase I",
    ),
    "wait": ActionRules(
        ("MC-ACT-5", "MC-ACT-7", "MC-ACT-9"),
        "MC-ACT-5",
        "wait-only-in-your-turn",
        "a card is discarded for nothing as action B, on your own turn in phase I",
    ),
    "pass": ActionRules(
        ("MC-ACT-7", "MC-BULLET-2", "MC-SECRET-4"),
        "MC-ACT-7",
        "pass-only-in-your-turn",
        "passing is action C of your own turn in phase I (or saying no to a reaction or a "
        "Secret Deal when you are asked)",
    ),
    "hat": ActionRules(
        ("MC-HAT-1", "MC-HAT-2", "MC-HAT-5", *_AB),
        "MC-HAT-1",
        "hat-only-in-your-turn",
        "a Hat is played as action B, on your own turn in phase I",
    ),
    "hats": ActionRules(
        ("MC-HAT-1", "MC-HAT-3", "MC-HAT-5", *_AB),
        "MC-HAT-1",
        "hat-only-in-your-turn",
        "two Hats are played as action B, on your own turn in phase I",
    ),
    "snitch": ActionRules(
        _akce("MC-SNITCH-1"),
        "MC-TYPE-1",
        "akce-only-in-your-turn",
        "Snitch is an action card: played as action B, on your own turn in phase I",
    ),
    "thief": ActionRules(
        _akce("MC-THIEF-1", "MC-THIEF-2"),
        "MC-TYPE-1",
        "akce-only-in-your-turn",
        "Thief is an action card: played as action B, on your own turn in phase I",
    ),
    "raid": ActionRules(
        _akce("MC-RAID-1", "MC-RAID-2"),
        "MC-TYPE-1",
        "akce-only-in-your-turn",
        "Police Raid is an action card: played as action B, on your own turn in phase I",
    ),
    "strings": ActionRules(
        _akce("MC-STRINGS-1", "MC-STRINGS-3"),
        "MC-TYPE-1",
        "akce-only-in-your-turn",
        "Strings is an action card: played as action B, on your own turn in phase I",
    ),
    "plan": ActionRules(
        _akce("MC-PLAN-1", "MC-PLAN-2"),
        "MC-TYPE-1",
        "akce-only-in-your-turn",
        "Big Plan is an action card: played as action B, on your own turn in phase I",
    ),
    "deals": ActionRules(
        _akce("MC-DEALS-1"),
        "MC-TYPE-1",
        "akce-only-in-your-turn",
        "Deals is an action card: played as action B, on your own turn in phase I",
    ),
    "bullet": ActionRules(
        ("MC-BULLET-1", "MC-BULLET-2", "MC-BULLET-5"),
        "MC-BULLET-1",
        "bullet-not-passed",
        "a Bullet is played only on your own turn in phase I, after you have passed",
    ),
    "skip": ActionRules(
        ("MC-ACT-10",),
        "MC-ACT-10",
        "skip-only-when-passed",
        "staying passed is the answer of a passed player whose turn comes round in phase I",
    ),
    "fists": ActionRules(
        ("MC-FIST-1", "MC-FIST-2", "MC-FIST-3", "MC-VETO-2", "MC-VETO-4", "MC-VETO-5"),
        "MC-FIST-1",
        "no-effect-to-cancel",
        "two Fists cancel an effect an opponent is carrying out, and none is now",
    ),
    "chief": ActionRules(
        ("MC-CHIEF-1", "MC-CHIEF-2", "MC-VETO-2", "MC-VETO-4"),
        "MC-CHIEF-1",
        "no-effect-to-cancel",
        "a Police Chief cancels an effect an opponent is carrying out, and none is now",
    ),
    "fbi": ActionRules(
        ("MC-FBI-1", "MC-VETO-2", "MC-VETO-4"),
        "MC-FBI-1",
        "no-effect-to-cancel",
        "an F.B.I. cancels an effect an opponent is carrying out, and none is now",
    ),
    "complicity": ActionRules(
        ("MC-COMPL-1", "MC-COMPL-2", "MC-COMPL-3", "MC-COMPL-6"),
        "MC-COMPL-6",
        "complicity-after-jailing",
        "Complicity answers one of your tokens going into the Cell, right after it did",
    ),
    "discard": ActionRules(
        ("MC-DEALS-2", "MC-BUSINESS-2"),
        "MC-DEALS-2",
        "discard-not-asked",
        "you discard a card this way only after drawing for Deals or the Business District",
    ),
    "evaluate": ActionRules(
        ("MC-LOC-3", "MC-LOC-9"),
        "MC-LOC-3",
        "evaluate-only-by-the-mayor",
        "the Mayor's holder chooses the next location to evaluate in phase II",
    ),
    "secret": ActionRules(
        ("MC-SECRET-1", "MC-SECRET-4", "MC-SECRET-7"),
        "MC-SECRET-1",
        "secret-only-at-control",
        "a Secret Deal is played while control of a location is decided in phase II",
    ),
    "done": ActionRules(
        ("MC-SECRET-4",),
        "MC-SECRET-4",
        "done-only-after-a-secret-deal",
        "'done' ends your Secret Deal bidding once you have played in it",
    ),
    "jail": ActionRules(
        ("MC-PRISON-5",),
        "MC-PRISON-5",
        "jail-only-by-the-prison",
        "the Prison's controller sends a token to the Cell when the Prison is evaluated",
    ),
    "decline": ActionRules(
        ("MC-LOC-7",),
        "MC-LOC-7",
        "decline-not-asked",
        "a controller declines a location effect offered to them in phase II",
    ),
    "move": ActionRules(
        ("MC-HARBOUR-3",),
        "MC-HARBOUR-3",
        "move-only-by-the-harbour",
        "the Harbour's controller moves the Hitman when the Harbour is evaluated",
    ),
    "stay": ActionRules(
        ("MC-HARBOUR-3",),
        "MC-HARBOUR-3",
        "move-only-by-the-harbour",
        "the Harbour's controller leaves the Hitman in place when the Harbour is evaluated",
    ),
    "hitman": ActionRules(
        ("MC-HITMAN-2", "MC-HITMAN-1", "MC-HITMAN-3", "MC-HITMAN-5", "MC-HARBOUR-5"),
        "MC-HITMAN-2",
        "hitman-only-at-the-harbour",
        "a Hitman card is played by the Harbour's controller, in step 2 of its evaluation",
    ),
    "use": ActionRules(
        ("MC-BUSINESS-2",),
        "MC-BUSINESS-2",
        "use-only-by-the-business-district",
        "the Business District's controller takes its draw when it is evaluated",
    ),
    "plus": ActionRules(
        ("MC-PLUS-1", "MC-PLUS-3", "MC-CLUB-2", "MC-CLUB-3"),
        "MC-PLUS-1",
        "plus-only-at-the-private-club",
        'a "+1" is played by the Private Club\'s controller, in step 4 of its evaluation',
    ),
    "location": ActionRules(
        ("MC-STR-5", "MC-STR-2"),
        "MC-STR-5",
        "location-only-by-the-mayor",
        "the Mayor's holder chooses the next location in phase III",
    ),
    "name": ActionRules(
        ("MC-STR-5", "MC-STR-3"),
        "MC-STR-5",
        "name-only-by-the-mayor",
        "the Mayor's holder names who decides next in phase III",
    ),
    "withdraw": ActionRules(
        ("MC-STR-3", "MC-STR-1", "MC-STR-7", "MC-STR-8"),
        "MC-STR-3",
        "withdraw-only-in-phase-three",
        "tokens are taken back in phase III, by their owner, when the location is handled",
    ),
}

#: The kinds of action each decision takes (a kind any of its options may have).
TAKES: Final[Mapping[DecisionKind, frozenset[str]]] = {
    DecisionKind.MULLIGAN: frozenset({"keep", "mulligan"}),
    DecisionKind.TURN: frozenset(
        {"place", "wait", "pass", "hat", "hats", "snitch", "thief", "raid", "strings"}
        | {"plan", "deals"}
    ),
    DecisionKind.BULLET: frozenset({"bullet", "skip"}),
    DecisionKind.FOLLOW_UP: frozenset(
        {"place", "wait", "hat", "hats", "snitch", "thief", "raid", "strings", "plan"} | {"deals"}
    ),
    DecisionKind.VETO: frozenset({"fists", "chief", "fbi", "pass"}),
    DecisionKind.COMPLICITY: frozenset({"complicity", "pass"}),
    DecisionKind.DEALS_DISCARD: frozenset({"discard"}),
    DecisionKind.SELECT: frozenset({"evaluate"}),
    DecisionKind.SECRET_DEAL: frozenset({"secret", "pass", "done"}),
    DecisionKind.PRISON: frozenset({"jail", "decline"}),
    DecisionKind.HITMAN_MOVE: frozenset({"move", "stay"}),
    DecisionKind.HITMAN_CARD: frozenset({"hitman", "decline"}),
    DecisionKind.BUSINESS: frozenset({"use", "decline"}),
    DecisionKind.BUSINESS_DISCARD: frozenset({"discard"}),
    DecisionKind.PLUS: frozenset({"plus", "decline"}),
    DecisionKind.STRATEGIC_LOCATION: frozenset({"location"}),
    DecisionKind.NAME_PLAYER: frozenset({"name"}),
    DecisionKind.WITHDRAW: frozenset({"withdraw", "keep"}),
}

#: The rule that says who makes each decision (cited by ``not-your-turn``).
WHO_DECIDES: Final[Mapping[DecisionKind, str]] = {
    DecisionKind.MULLIGAN: "MC-SETUP-9",
    DecisionKind.TURN: "MC-ACT-2",
    DecisionKind.BULLET: "MC-ACT-2",
    DecisionKind.FOLLOW_UP: "MC-ACT-9",
    DecisionKind.VETO: "MC-VETO-7",
    DecisionKind.COMPLICITY: "MC-COMPL-2",
    DecisionKind.DEALS_DISCARD: "MC-DEALS-1",
    DecisionKind.SELECT: "MC-LOC-3",
    DecisionKind.SECRET_DEAL: "MC-SECRET-4",
    DecisionKind.PRISON: "MC-PRISON-5",
    DecisionKind.HITMAN_MOVE: "MC-HARBOUR-3",
    DecisionKind.HITMAN_CARD: "MC-HITMAN-2",
    DecisionKind.BUSINESS: "MC-BUSINESS-2",
    DecisionKind.BUSINESS_DISCARD: "MC-BUSINESS-2",
    DecisionKind.PLUS: "MC-PLUS-1",
    DecisionKind.STRATEGIC_LOCATION: "MC-STR-5",
    DecisionKind.NAME_PLAYER: "MC-STR-5",
    DecisionKind.WITHDRAW: "MC-STR-3",
}

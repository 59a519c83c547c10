"""What the Mafia City rules can emit (events) and ask (decisions): one string enum each."""

from __future__ import annotations

from enum import StrEnum

__all__ = ["DecisionKind", "EventKind"]


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

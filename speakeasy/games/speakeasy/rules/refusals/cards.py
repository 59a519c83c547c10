"""Refusals of cards and levels: drawing, discarding, playing cards and raising tracks (R-CARD,
R-LEVEL).

Each decision kind's grammar (its words and their arguments), the rule its misreadings cite and its
refusal function are declared together in :data:`DECLARATIONS`.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final

from speakeasy.core.actions import Action, Decision, IllegalAction
from speakeasy.games.speakeasy.model.effects import Effect
from speakeasy.games.speakeasy.model.kinds import DecisionKind
from speakeasy.games.speakeasy.model.state import Colour, Player
from speakeasy.games.speakeasy.rules.cards import raise_requirement
from speakeasy.games.speakeasy.rules.context import Ctx
from speakeasy.games.speakeasy.rules.refusals.common import (
    Answer,
    check_arity,
    ids,
    known_card,
    known_track,
    no,
)
from speakeasy.games.speakeasy.rules.refusals.grammar import Declaration, Word

__all__ = ["DECLARATIONS"]


#: Which rule gives a draw of one type: the city tokens and helper cards (R-CITYTOK-1..4,
#: R-HELPERCARD-2..5).
_TYPED_DRAW_RULES: Final = {
    "token": {"vip": "R-CITYTOK-1", "party": "R-CITYTOK-2", "distillery": "R-CITYTOK-3",
              "fleet": "R-CITYTOK-4"},
    "helper": {"vip": "R-HELPERCARD-2", "party": "R-HELPERCARD-3",
               "distillery": "R-HELPERCARD-4", "fleet": "R-HELPERCARD-5"},
}  # fmt: skip


def _typed_draw_rule(ctx: Ctx, player: Player, wanted: str) -> str:
    def draws(effects: Iterable[Effect]) -> bool:
        return any(e.kind == "draw_card" and e.text("type") == wanted for e in effects)

    if player.played_tokens and draws(ctx.catalog.city_token(player.played_tokens[-1]).effect):
        return _TYPED_DRAW_RULES["token"][wanted]
    if player.helpers_used and draws(ctx.catalog.helper(player.helpers_used[-1]).effect):
        return _TYPED_DRAW_RULES["helper"][wanted]
    return "R-CARD-1"


def _draw(ctx: Ctx, colour: Colour, d: Decision, a: Action) -> Answer:
    if a.kind == "skip":
        return no("compulsory", "R-TURN-5", "'skip': the end-of-turn draw is compulsory")
    DecisionKind(d.kind)
    if (error := check_arity(a, 1)) is not None:
        return error
    track = known_track(a.args[0], deck=True)
    if isinstance(track, IllegalAction):
        return track
    if not ctx.state.operation_decks.get(track):
        return no("deck-empty", "GAP-22", f"the {track.value} deck is empty")
    offered = {str(o.args[0]) for o in d.options if o.kind == "draw"}
    wanted = next(iter(offered)) if len(offered) == 1 else ""
    rule = _typed_draw_rule(ctx, ctx.player(colour), wanted) if wanted else "R-CARD-6"
    return no(
        "wrong-deck", rule, f"this draw takes the top {wanted} card, not a {track.value} card"
    )


def _in_hand(ctx: Ctx, colour: Colour, card: object, rule: str, why: str) -> Answer:
    error = known_card(ctx, card)
    if error is not None:
        return error
    if card in ctx.player(colour).hand:
        return None
    return no("not-in-hand", rule, f"you do not hold {card}: {why}")


def _discard(ctx: Ctx, colour: Colour, d: Decision, a: Action) -> Answer:
    if a.kind == "skip":
        return no(
            "compulsory", d.rules[-1] if d.rules else "R-CARD-5", "'skip': this discard is due"
        )
    if (error := check_arity(a, 1)) is not None:
        return error
    return _in_hand(ctx, colour, a.args[0], "R-CARD-5", "only cards in your hand are discarded")


#: The locations whose persons play a card of one type (R-LOC-*), by the type.
_TYPED_PLAY_RULES: Final = {
    "fleet": "R-LOC-GARAGE-1",
    "distillery": "R-LOC-DOCKS-1",
    "vip": "R-LOC-CITYHALL-1",
    "party": "R-LOC-PLANNING-3",
}


def _play_card(ctx: Ctx, colour: Colour, d: Decision, a: Action) -> Answer:
    if (error := check_arity(a, 1)) is not None:
        return error
    card = a.args[0]
    error = _in_hand(ctx, colour, card, "R-CARD-3", "you play a card from your hand")
    if error is not None:
        return error
    types = {ctx.catalog.card(str(o.args[0])).type for o in d.options if o.kind == "play"}
    have = ctx.catalog.card(str(card)).type
    wanted = next(iter(types)) if len(types) == 1 else "other"
    return no(
        "wrong-type",
        _TYPED_PLAY_RULES.get(wanted, "R-CARD-1"),
        f"{card} is a {have} card; this action plays a {wanted} card",
    )


def _raise(ctx: Ctx, colour: Colour, d: Decision, a: Action) -> Answer:
    if (error := check_arity(a, 1)) is not None:
        return error
    track = known_track(a.args[0])
    if isinstance(track, IllegalAction):
        return track
    allowed = sorted(
        {str(o.args[0]) for o in (*d.options, *(b.action for b in d.blocked)) if o.args}
    )
    if track.value not in allowed:
        return no(
            "wrong-track",
            "GAP-9" if len(allowed) == 1 else "R-LEVEL-2",
            f"this raise is for {ids(allowed)}, not {track.value}",
        )
    return raise_requirement(ctx, ctx.player(colour), track)


def _raise_more(ctx: Ctx, colour: Colour, d: Decision, a: Action) -> Answer:
    if (error := check_arity(a, 1)) is not None:
        return error
    track = known_track(a.args[0])
    if isinstance(track, IllegalAction):
        return track
    raised = next(str(o.args[0]) for o in d.options if o.kind == "more")
    return no(
        "wrong-track",
        "R-LEVEL-6",
        f"the extra level goes on {raised}, the track just raised, not on {track.value}",
    )


#: The decision kinds of this rules area: words, arity and refusal side by side.
DECLARATIONS: Final[tuple[Declaration, ...]] = (
    Declaration(
        DecisionKind.TURN_DRAW,
        "R-TURN-5",
        (
            Word("draw", "<deck>"),
            Word("skip"),
        ),
        _draw,
    ),
    Declaration(
        DecisionKind.DRAW,
        "R-CARD-6",
        (Word("draw", "<deck>"),),
        _draw,
    ),
    Declaration(
        DecisionKind.DISCARD,
        "R-CARD-5",
        (
            Word("discard", "<card>"),
            Word("skip"),
        ),
        _discard,
    ),
    Declaration(
        DecisionKind.PLAY_CARD,
        "R-CARD-3",
        (Word("play", "<card>"),),
        _play_card,
    ),
    Declaration(
        DecisionKind.RAISE,
        "R-LEVEL-2",
        (Word("raise", "<track>"),),
        _raise,
    ),
    Declaration(
        DecisionKind.RAISE_MORE,
        "R-LEVEL-6",
        (Word("more", "<track>"),),
        _raise_more,
    ),
)

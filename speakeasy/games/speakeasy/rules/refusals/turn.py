"""Refusals of the turn's decisions: the prologue card, helpers, capo, swap, Central Park and the
Restaurant (R-TURN, R-PROLOGUE, R-LOC).

Each decision kind's grammar (its words and their arguments), the rule its misreadings cite and its
refusal function are declared together in :data:`DECLARATIONS`.
"""

from __future__ import annotations

from typing import Final

from speakeasy.core.actions import Action, Decision
from speakeasy.games.speakeasy.model.kinds import DecisionKind
from speakeasy.games.speakeasy.model.state import Colour
from speakeasy.games.speakeasy.rules.context import Ctx
from speakeasy.games.speakeasy.rules.flow import CENTRAL_PARK, persons_in_play, restaurant_refusal
from speakeasy.games.speakeasy.rules.refusals.common import (
    Answer,
    check_arity,
    check_ints,
    ids,
    known_card,
    known_helper,
    no,
)
from speakeasy.games.speakeasy.rules.refusals.grammar import Declaration, Word

__all__ = ["DECLARATIONS"]


def _prologue_card(ctx: Ctx, colour: Colour, d: Decision, a: Action) -> Answer:
    if a.kind == "skip":
        return no("compulsory", "R-PROLOGUE-8", "'skip': the prologue card play is compulsory")
    if (error := check_arity(a, 1)) is not None:
        return error
    card = a.args[0]
    error = known_card(ctx, card)
    if error is None:
        error = no(
            "not-in-hand",
            "R-PROLOGUE-8",
            f"you do not hold {card}: the prologue plays a card from your hand",
        )
    return error


def _use_helper(ctx: Ctx, colour: Colour, d: Decision, a: Action) -> Answer:
    if (error := check_arity(a, 1)) is not None:
        return error
    helper = a.args[0]
    error = known_helper(ctx, helper)
    if error is not None:
        return error
    player = ctx.player(colour)
    if helper in player.helpers_used:
        return no(
            "helper-used",
            "R-HELPER-3",
            f"{helper} is behind your screen already: a helper card is used once",
        )
    where = "lies in the offer" if helper in ctx.state.helper_offer else "is not beside your board"
    return no(
        "not-your-helper", "R-TURN-2", f"{helper} {where}: use one of your face-up helper cards"
    )


def _location(ctx: Ctx, location: object) -> Answer:
    if isinstance(location, str) and location in ctx.catalog.locations:
        return None
    return no(
        "no-such-location",
        "R-LOC-GEN-1",
        f"there is no location {location!r} (locations: {ids(ctx.catalog.locations)})",
    )


def _person(ctx: Ctx, location_id: str, person: object, request: Action) -> Answer:
    """``no-such-person`` or ``person-not-in-play`` (R-LOC-GEN-1, R-LOC-GEN-6)."""
    location = ctx.catalog.location(location_id)
    if location.unlimited or location_id == CENTRAL_PARK:
        if person == 0:
            return None
        return no(
            "no-such-person",
            "R-LOC-GEN-2" if location.unlimited else "R-LOC-CENTRALPARK-1",
            f"'{request}': the {location.name} is visited as person 0, not person {person}"
            if location.unlimited
            else f"'{request}': {location.name} is visited as person 0, not person {person}; "
            "the swap chooses where your capo goes",
        )
    in_play = len(persons_in_play(ctx, location))
    most = max(location.person_counts.values())
    if isinstance(person, int) and 0 <= person < in_play:
        return None
    if isinstance(person, int) and 0 <= person < most:
        return no(
            "person-not-in-play",
            "R-LOC-GEN-6",
            f"'{request}': {location.name} person {person} is out of play with "
            f"{ctx.setup_players} players (persons 0 to {in_play - 1})",
        )
    return no(
        "no-such-person",
        "R-LOC-GEN-1",
        f"'{request}': the {location.name} has no person {person} (its persons are 0 to "
        f"{in_play - 1})",
    )


def _capo(ctx: Ctx, colour: Colour, d: Decision, a: Action) -> Answer:
    if a.kind != "capo":
        return no("compulsory", "R-TURN-3", f"'{a}': sending a capo is compulsory")
    if (error := check_arity(a, 2)) is not None:
        return error
    location, person = a.args
    error = _location(ctx, location) or _person(ctx, str(location), person, a)
    if error is not None:
        return error
    if ctx.player(colour).capos <= 0:
        return no("no-capo", "R-TURN-3", f"you have no capo left to send to {location}")
    return None


def _swap(ctx: Ctx, colour: Colour, d: Decision, a: Action) -> Answer:
    if (error := check_arity(a, 2)) is not None:
        return error
    where, what = a.args
    if (error := _location(ctx, where)) is not None:
        return error
    state = ctx.state
    if where == "restaurant":
        if not ctx.options.restaurant_swap:
            return no(
                "restaurant-swap-off",
                "R-LOC-CENTRALPARK-5",
                f"'{a}': swapping with a capo in the Restaurant is off in this game's options",
            )
        if what not in {c.value for c in Colour}:
            return no("no-such-colour", "R-COMP-3", f"'{a}': {what!r} is not a player colour")
        if what == colour.value:
            return no(
                "own-capo", "R-LOC-CENTRALPARK-5", f"you ({what}) never swap with your own capo"
            )
        if Colour(str(what)) not in state.restaurant:
            return no(
                "no-capo-there", "R-LOC-CENTRALPARK-1", f"{what} has no capo in the restaurant"
            )
        refused = restaurant_refusal(ctx, colour)
        if refused is not None:
            return no(refused.code, refused.rule, f"swapping into the restaurant: {refused.reason}")
        return None
    if where == CENTRAL_PARK:
        return no(
            "park-swap",
            "R-LOC-CENTRALPARK-1",
            f"'{a}': a capo in central_park is never swapped; replace one outside it",
        )
    if (error := _person(ctx, str(where), what, a)) is not None:
        return error
    who = state.persons.get(f"{where}:{what}")
    if who is None:
        return no(
            "no-capo-there",
            "R-LOC-CENTRALPARK-1",
            f"no capo talks to {where} person {what}: there is nobody to swap with",
        )
    if who is colour:
        return no(
            "own-capo",
            "R-LOC-CENTRALPARK-5",
            f"the capo at {where} person {what} is your own; you never swap with it",
        )
    return None


_REWARDS: Final = ("leverage", "book", "city_token", "none")


def _compensation(ctx: Ctx, colour: Colour, d: Decision, a: Action) -> Answer:
    if (error := check_arity(a, 1)) is not None:
        return error
    return no(
        "no-such-choice",
        "R-LOC-CENTRALPARK-4",
        f"{a.args[0]!r} is not a Central Park reward (choose {ids(_REWARDS)})",
    )


def _restaurant_space(ctx: Ctx, colour: Colour, d: Decision, a: Action) -> Answer:
    if a.kind == "skip":
        return no("compulsory", "R-LOC-RESTAURANT-1", "'skip': the Restaurant's move is compulsory")
    if (error := check_arity(a, 1) or check_ints(a, 0)) is not None:
        return error
    space = int(a.args[0])
    order = ctx.state.turn_order
    layout = ctx.catalog.turn_order.for_players(ctx.setup_players)
    if not 1 <= space <= len(order.bottom) and not 1 <= space <= 4:
        return no(
            "no-such-space",
            "R-BOARD-9",
            f"the turn-order track has no bottom space {space} (spaces 1 to 4)",
        )
    if space > layout.columns or space > len(order.bottom):
        rule = "R-LOC-RESTAURANT-4" if ctx.setup_players == 3 else "R-ORDER-1"
        return no(
            "space-out-of-play",
            rule,
            f"bottom space {space} is out of play with {ctx.setup_players} players",
        )
    who = order.bottom[space - 1]
    if who is not None:
        return no("space-taken", "R-ORDER-3", f"bottom space {space} holds {who}'s marker")
    need, hand = layout.discards_for(space), len(ctx.player(colour).hand)
    if need > hand:
        return no(
            "no-card",
            "R-LOC-RESTAURANT-2",
            f"bottom space {space} needs {need} discards; you hold {hand} card(s)",
        )
    return None


_RESTAURANT_ACTIONS: Final = ("play", "tokens", "books")


def _restaurant_action(ctx: Ctx, colour: Colour, d: Decision, a: Action) -> Answer:
    if (error := check_arity(a, 1)) is not None:
        return error
    what = a.args[0]
    if what not in _RESTAURANT_ACTIONS:
        return no(
            "no-such-choice",
            "R-LOC-RESTAURANT-7",
            f"{what!r} is not a Restaurant action (choose {ids(_RESTAURANT_ACTIONS)})",
        )
    return no(
        "already-done",
        "R-LOC-RESTAURANT-7",
        f"you took the Restaurant's {what} action already: its two actions must differ",
    )


#: The decision kinds of this rules area: words, arity and refusal side by side.
DECLARATIONS: Final[tuple[Declaration, ...]] = (
    Declaration(
        DecisionKind.PROLOGUE_CARD,
        "R-PROLOGUE-8",
        (
            Word("play", "<card>"),
            Word("skip"),
        ),
        _prologue_card,
    ),
    Declaration(
        DecisionKind.USE_HELPER,
        "R-TURN-2",
        (Word("use_helper", "<helper>"),),
        _use_helper,
    ),
    Declaration(
        DecisionKind.CAPO,
        "R-TURN-3",
        (
            Word("capo", "<location> <person>"),
            Word("skip"),
            Word("done"),
        ),
        _capo,
    ),
    Declaration(
        DecisionKind.SWAP,
        "R-LOC-CENTRALPARK-1",
        (Word("swap", "<location> <person>", "restaurant <colour>"),),
        _swap,
    ),
    Declaration(
        DecisionKind.COMPENSATION,
        "R-LOC-CENTRALPARK-4",
        (Word("compensation", "<reward>"),),
        _compensation,
    ),
    Declaration(
        DecisionKind.RESTAURANT_SPACE,
        "R-LOC-RESTAURANT-1",
        (
            Word("bottom", "<space>"),
            Word("skip"),
        ),
        _restaurant_space,
    ),
    Declaration(
        DecisionKind.RESTAURANT_ACTION,
        "R-LOC-RESTAURANT-7",
        (Word("restaurant_action", "<action>"),),
        _restaurant_action,
    ),
)

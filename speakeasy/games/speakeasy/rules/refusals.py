"""Why a request that is not an option is refused: the rule that forbids *that* request.

The engine accepts exactly the options of the pending decision; greyed-out options carry their
own error (``Decision.blocked``). Anything else a player may type, say ``capo garage 5`` or
``build_space 17 0``, used to get a generic ``not-an-option`` citing the decision's first rule.
This module answers each such request with the rule that forbids it and a reason naming the
thing asked for, one function per :class:`~speakeasy.games.speakeasy.model.kinds.DecisionKind`
(:data:`REFUSAL_FUNCTIONS`), each asking the public rules questions of the other ``rules``
modules instead of checking again. The engine calls :func:`explain_refusal` through
:meth:`SpeakeasyDefinition.explain_refusal
<speakeasy.core.engine.GameDefinition.explain_refusal>`; the state is only read.

>>> from speakeasy import Game
>>> game = Game.new(2, seed=1)
>>> while game.pending.kind != "capo":
...     _ = game.apply(game.legal_actions()[0])
>>> err = game.why_not("capo garage 5")
>>> err.code, err.rule
('no-such-person', 'R-LOC-GEN-1')
>>> err.reason
"'capo garage 5': the Garage has no person 5 (its persons are 0 to 1)"
>>> game.why_not("capo harbour 0").reason
"there is no location 'harbour' (locations: contractors, planning, garage, city_hall, \
commission, docks, restaurant, central_park)"

A request of another decision's kind (``draw vip`` while a capo is due) still gets the
engine's ``not-now``; ``malformed`` is for text that is not an action at all.

Codes (stable; :data:`CODES` says what each means):

* the thing named does not exist: ``no-such-card``, ``no-such-helper``, ``no-such-token``,
  ``no-such-track``, ``no-such-deck``, ``no-such-location``, ``no-such-person``,
  ``no-such-district``, ``no-such-space``, ``no-such-area``, ``no-such-row``,
  ``no-such-column``, ``no-such-ship``, ``no-such-gangster``, ``no-such-piece``,
  ``no-such-colour``, ``no-such-choice``, ``no-such-truck``, ``wrong-arguments``;
* it is not yours or not there: ``not-in-hand``, ``not-your-helper``, ``helper-used``,
  ``not-in-offer``, ``not-held``, ``not-your-building``, ``not-your-bar``,
  ``not-your-mafioso``, ``no-capo-there``, ``own-capo``, ``piece-gone``, ``not-here``,
  ``no-ship-here``, ``not-on-board``, ``own-partner``, ``other-partner``;
* the action does not allow it: ``wrong-type``, ``wrong-deck``, ``wrong-track``,
  ``wrong-mode``, ``wrong-building``, ``wrong-price``, ``wrong-token``, ``wrong-district``,
  ``same-as``, ``already-done``, ``compulsory``, ``vip-only``, ``docks-only``,
  ``person-not-in-play``, ``space-out-of-play``, ``park-swap``, ``restaurant-swap-off``,
  ``face-down``, ``just-placed``, ``same-row``, ``not-needed``;
* the position does not allow it: ``space-taken``, ``docks-taken``, ``vip-full``,
  ``deck-empty``, ``no-token-there``, ``closed-district``, ``no-gangster-bar``, ``no-barrel``,
  ``has-barrel``, ``distillery``, ``not-operating``, ``no-distillery``, ``truck-full``,
  ``on-map``, ``off-map``, ``same-district``, ``no-points``, ``not-adjacent``,
  ``truck-moved``, ``no-second-truck``, ``not-enough-goons``, ``no-partner``,
  ``free-help-used``, ``cannot-pay``, ``too-weak``, ``no-card``, ``own-mafioso``,
  ``not-enough-mafiosi``, ``no-capo``, ``one-distillery``, plus the codes of the rules
  questions asked (``goal-not-met``, ``max-level``...).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Mapping
from typing import Final

from speakeasy.core.actions import Action, Decision, IllegalAction
from speakeasy.games.speakeasy.model.board import Area
from speakeasy.games.speakeasy.model.effects import Effect
from speakeasy.games.speakeasy.model.kinds import DecisionKind
from speakeasy.games.speakeasy.model.state import BuildingType, Colour, Phase, Player, Track
from speakeasy.games.speakeasy.rules.buildings import MODES, PREMIUM, distillery_refusal
from speakeasy.games.speakeasy.rules.cards import raise_requirement
from speakeasy.games.speakeasy.rules.combat import bonus, partner_help_cost, partner_tile, strength
from speakeasy.games.speakeasy.rules.context import Ctx
from speakeasy.games.speakeasy.rules.delivery import may_receive_barrel
from speakeasy.games.speakeasy.rules.flow import CENTRAL_PARK, persons_in_play, restaurant_refusal
from speakeasy.games.speakeasy.rules.goals import why_not as book_refusal
from speakeasy.games.speakeasy.rules.money import spendable
from speakeasy.games.speakeasy.rules.operating import operating, operating_distillery
from speakeasy.games.speakeasy.rules.resources import docks_row, vip_capacity
from speakeasy.games.speakeasy.rules.ships import ship_area, ship_defence, ship_name

__all__ = ["CODES", "GRAMMAR", "REFUSAL_FUNCTIONS", "Refusal", "explain_refusal"]

#: One decision kind's refusal: the context, the deciding colour, the decision and the request
#: (a well-formed action of the kind's grammar that is neither an option nor greyed out).
Refusal = Callable[[Ctx, Colour, Decision, Action], IllegalAction | None]

#: The action words each decision kind reads, with their arguments (``done``/``skip`` words
#: are answered only where the rules make the decision compulsory).
GRAMMAR: Final[Mapping[DecisionKind, Mapping[str, str]]] = {
    DecisionKind.PROLOGUE_CARD: {"play": "play <card>", "skip": "skip"},
    DecisionKind.USE_HELPER: {"use_helper": "use_helper <helper>"},
    DecisionKind.CAPO: {"capo": "capo <location> <person>", "skip": "skip", "done": "done"},
    DecisionKind.SWAP: {"swap": "swap <location> <person> | swap restaurant <colour>"},
    DecisionKind.COMPENSATION: {"compensation": "compensation <reward>"},
    DecisionKind.RESTAURANT_SPACE: {"bottom": "bottom <space>", "skip": "skip"},
    DecisionKind.RESTAURANT_ACTION: {"restaurant_action": "restaurant_action <action>"},
    DecisionKind.TURN_DRAW: {"draw": "draw <deck>", "skip": "skip"},
    DecisionKind.DRAW: {"draw": "draw <deck>"},
    DecisionKind.DISCARD: {"discard": "discard <card>", "skip": "skip"},
    DecisionKind.PLAY_CARD: {"play": "play <card>"},
    DecisionKind.RAISE: {"raise": "raise <track>"},
    DecisionKind.RAISE_MORE: {"more": "more <track>"},
    DecisionKind.HIRE_GOON: {"hire": "hire <price>"},
    DecisionKind.MAFIOSO: {"mafioso": "mafioso vip | mafioso docks <area> <space>"},
    DecisionKind.DOCKS_ROW: {"row": "row <row>"},
    DecisionKind.DOCKS_MOVE: {"move": "move <area> <space> <area> <space>"},
    DecisionKind.GAIN_HELPER: {"helper": "helper <helper>"},
    DecisionKind.USE_OFFER_HELPER: {"use_offer": "use_offer <helper>"},
    DecisionKind.CITY_TOKEN: {"city_token": "city_token <column> <space>"},
    DecisionKind.CITY_MIDDLE: {"middle": "middle <token> <space>"},
    DecisionKind.CITY_LIMIT: {"return_token": "return_token <token>"},
    DecisionKind.PLAY_CITY_TOKEN: {"token": "token <token>"},
    DecisionKind.COOK_BOOK: {"book": "book <goal> <space>"},
    DecisionKind.ALLY: {"ally": "ally <gangster> <district>"},
    DecisionKind.BUILD: {"build": "build <mode> <piece>", "done": "done"},
    DecisionKind.BUILD_SPACE: {"build_space": "build_space <district> <space>"},
    DecisionKind.TAKEOVER_BOOST: {"boost": "boost <goons> <none|paid|free>"},
    DecisionKind.PROTECT: {"protect": "protect <district> <space>"},
    DecisionKind.SELL: {"sell": "sell <district> <space>"},
    DecisionKind.TRUCK_CHOOSE: {"truck": "truck <number>"},
    DecisionKind.TRUCK: {
        "enter": "enter <district>",
        "move": "move <district>",
        "load": "load",
        "buy": "buy <ship>",
        "deliver": "deliver <district> <space>",
    },
    DecisionKind.ATTACK_SHIP: {"ship": "ship <ship>"},
    DecisionKind.SHIP_HIRE: {"hire": "hire <goons> <colour>..."},
    DecisionKind.SHIP_BARREL: {"barrel": "barrel distillery | barrel <district> <space>"},
    DecisionKind.SHIP_MAFIOSO: {"leave": "leave <space>"},
    DecisionKind.GANG_WAR_DEFENCE: {"boost": "boost <goons> <none|paid|free>"},
    DecisionKind.REBUILD_DISTILLERY: {"rebuild": "rebuild <board|remove>"},
}

#: Every code this module gives, with what it means.
CODES: Final[Mapping[str, str]] = {
    "wrong-arguments": "the action's words do not fit its grammar (see GRAMMAR)",
    "no-such-card": "no operation card has that id",
    "no-such-helper": "no helper card has that id",
    "no-such-token": "no city token has that id",
    "no-such-track": "not one of the five tracks",
    "no-such-deck": "not one of the four operation decks",
    "no-such-location": "not one of the eight locations",
    "no-such-person": "the location has no person with that number",
    "no-such-district": "Manhattan has no district with that number",
    "no-such-space": "the place named has no space with that number",
    "no-such-area": "not one of the three areas",
    "no-such-row": "the docks have no row with that number",
    "no-such-column": "the city-token offer has no such column",
    "no-such-ship": "no smugglers' ship has that id",
    "no-such-gangster": "no gangster tile has that id",
    "no-such-piece": "no building piece of the operations board has that id",
    "no-such-colour": "not a player colour",
    "no-such-choice": "not one of the choices this decision has",
    "no-such-truck": "a player has trucks 1 and 2 only",
    "not-in-hand": "the card is not in your hand",
    "not-your-helper": "the helper card is not one of your face-up helper cards",
    "helper-used": "the helper card was used already and is behind your screen",
    "not-in-offer": "the helper card is not face up in the offer",
    "not-held": "you do not hold that city token",
    "not-your-building": "no building of yours stands there",
    "not-your-bar": "no bar of yours stands there",
    "not-your-mafioso": "no mafioso of yours stands there",
    "no-capo-there": "no other player's capo stands there",
    "own-capo": "that capo is your own",
    "piece-gone": "the building piece has left your operations board",
    "not-here": "the truck is elsewhere",
    "no-ship-here": "no such ship is at the truck's port",
    "not-on-board": "the gangster is not on the gangster board",
    "own-partner": "the gangster is your partner already",
    "other-partner": "the gangster is another player's partner",
    "wrong-type": "the card is of another type than the action plays",
    "wrong-deck": "the draw takes another deck",
    "wrong-track": "the raise is for another track",
    "wrong-mode": "the build action does not build that way",
    "wrong-building": "the build action does not build that building",
    "wrong-price": "a goon costs the price of the cheapest empty goon space",
    "wrong-token": "another token is being placed",
    "wrong-district": "the gangster stands on another district",
    "same-as": "an equal piece stands for it (same group, cost and reward)",
    "already-done": "the Restaurant's two actions must differ",
    "compulsory": "the rules make this choice compulsory",
    "vip-only": "this mafioso goes to the VIP area",
    "docks-only": "this mafioso goes to the docks",
    "person-not-in-play": "that person is out of play at this player count",
    "space-out-of-play": "that turn-order space is out of play at this player count",
    "park-swap": "a capo in Central Park is never swapped",
    "restaurant-swap-off": "swapping into the Restaurant is off in this game's options",
    "face-down": "the left column's stacks are face down",
    "just-placed": "the mafioso just placed stays where it was put",
    "same-row": "one option per docks row: the other mafioso of that row is offered",
    "not-needed": "a plan with fewer goons or hires wins already",
    "space-taken": "the space is taken",
    "docks-taken": "the docks space is taken",
    "vip-full": "the VIP area is full",
    "deck-empty": "the deck is empty",
    "no-token-there": "no city token lies there",
    "closed-district": "the district is closed",
    "no-gangster-bar": "no gangster bar stands there",
    "no-barrel": "the building has no barrel",
    "has-barrel": "the building has a barrel already",
    "distillery": "barrels never go to or are sold at a distillery",
    "not-operating": "the building does not operate",
    "no-distillery": "no operating distillery of yours is there",
    "truck-full": "the truck carries 2 barrels",
    "on-map": "the truck is on the map already",
    "off-map": "the truck has not entered the map",
    "same-district": "the truck is in that district already",
    "no-points": "the truck has no movement point left",
    "not-adjacent": "the districts are not neighbours",
    "truck-moved": "the truck has moved in this action already",
    "no-second-truck": "the second truck needs fleet level 3",
    "not-enough-goons": "you have fewer goons",
    "no-partner": "you have no partner",
    "free-help-used": "the once-per-game free help is used or not yours",
    "cannot-pay": "you cannot pay for it",
    "too-weak": "the attack does not beat the defence",
    "no-card": "you hold too few cards to discard",
    "own-mafioso": "you never hire your own mafiosi",
    "not-enough-mafiosi": "that player has fewer mafiosi there",
    "no-capo": "you have no capo left on your operations board",
    "one-distillery": "your distillery is on the map already (R-BUILD-7)",
}


def _no(code: str, rule: str, reason: str) -> IllegalAction:
    return IllegalAction(code, rule, reason)


def _ids(values: Iterable[str]) -> str:
    return ", ".join(values)


# ---------------------------------------------------------------------- things that exist
def _card(ctx: Ctx, card: object) -> IllegalAction | None:
    """``no-such-card`` unless ``card`` is an operation card's id (R-COMP-9)."""
    if any(c.id == card for c in ctx.catalog.operation_cards):
        return None
    return _no("no-such-card", "R-COMP-9", f"there is no operation card {card!r}")


def _helper(ctx: Ctx, helper: object) -> IllegalAction | None:
    if any(h.id == helper for h in ctx.catalog.helper_cards):
        return None
    return _no("no-such-helper", "R-COMP-9", f"there is no helper card {helper!r}")


def _token(ctx: Ctx, token: object) -> IllegalAction | None:
    if any(t.id == token for t in ctx.catalog.city_tokens):
        return None
    return _no("no-such-token", "R-COMP-8", f"there is no city token {token!r}")


def _track(track: object, *, deck: bool = False) -> Track | IllegalAction:
    names = [t.value for t in Track if not deck or t is not Track.STRENGTH]
    if isinstance(track, str) and track in names:
        return Track(track)
    if deck:
        return _no(
            "no-such-deck",
            "R-COMP-9",
            f"there is no {track!r} deck (the operation decks are {_ids(names)})",
        )
    return _no("no-such-track", "R-LEVEL-1", f"there is no track {track!r} (tracks: {_ids(names)})")


def _district(ctx: Ctx, district: object) -> IllegalAction | None:
    """``no-such-district`` unless ``district`` is one of the 16 (R-BOARD-2, GEO-1)."""
    if isinstance(district, int) and district in ctx.state.districts:
        return None
    low, high = min(ctx.state.districts), max(ctx.state.districts)
    return _no(
        "no-such-district",
        "R-BOARD-2",
        f"district {district} does not exist (Manhattan has districts {low} to {high})",
    )


def _space(ctx: Ctx, district: object, space: object) -> IllegalAction | None:
    """Unknown district, or no building space ``space`` there (R-BOARD-3)."""
    error = _district(ctx, district)
    if error is not None:
        return error
    assert isinstance(district, int)
    spaces = ctx.state.districts[district].spaces
    if isinstance(space, int) and 0 <= space < len(spaces):
        return None
    return _no(
        "no-such-space",
        "R-BOARD-3",
        f"district {district} has no building space {space} (its spaces are 0 to "
        f"{len(spaces) - 1})",
    )


def _ints(action: Action, kind: DecisionKind, *positions: int) -> IllegalAction | None:
    """``wrong-arguments`` if an argument that must be a whole number is a word."""
    for i in positions:
        if i < len(action.args) and not isinstance(action.args[i], int):
            return _shape(kind, action, f"{action.args[i]!r} must be a whole number")
    return None


def _shape(kind: DecisionKind, action: Action, why: str = "") -> IllegalAction:
    grammar = GRAMMAR[kind].get(action.kind, action.kind)
    return _no(
        "wrong-arguments",
        _SHAPE_RULES.get(kind, "R-TURN-1"),
        f"'{action}' does not read as '{grammar}'" + (f": {why}" if why else ""),
    )


def _arity(kind: DecisionKind, action: Action, *allowed: int) -> IllegalAction | None:
    if len(action.args) in allowed:
        return None
    return _shape(kind, action, f"it has {len(action.args)} argument(s)")


def _buildings_yours(
    ctx: Ctx, colour: Colour, district: int, space: int, rule: str
) -> IllegalAction | None:
    building = ctx.state.districts[district].spaces[space].building
    if building is not None and building.owner is colour:
        return None
    what = "nothing" if building is None else f"{building.owner}'s {building.type.value}"
    return _no(
        "not-your-building",
        rule,
        f"district {district}, space {space} holds {what}, not a building of yours",
    )


# ---------------------------------------------------------------------- the turn
def _prologue_card(ctx: Ctx, colour: Colour, d: Decision, a: Action) -> IllegalAction | None:
    if a.kind == "skip":
        return _no("compulsory", "R-PROLOGUE-8", "'skip': the prologue card play is compulsory")
    if (error := _arity(DecisionKind.PROLOGUE_CARD, a, 1)) is not None:
        return error
    card = a.args[0]
    error = _card(ctx, card)
    if error is None:
        error = _no(
            "not-in-hand",
            "R-PROLOGUE-8",
            f"you do not hold {card}: the prologue plays a card from your hand",
        )
    return error


def _use_helper(ctx: Ctx, colour: Colour, d: Decision, a: Action) -> IllegalAction | None:
    if (error := _arity(DecisionKind.USE_HELPER, a, 1)) is not None:
        return error
    helper = a.args[0]
    error = _helper(ctx, helper)
    if error is not None:
        return error
    player = ctx.player(colour)
    if helper in player.helpers_used:
        return _no(
            "helper-used",
            "R-HELPER-3",
            f"{helper} is behind your screen already: a helper card is used once",
        )
    where = "lies in the offer" if helper in ctx.state.helper_offer else "is not beside your board"
    return _no(
        "not-your-helper", "R-TURN-2", f"{helper} {where}: use one of your face-up helper cards"
    )


def _location(ctx: Ctx, location: object) -> IllegalAction | None:
    if isinstance(location, str) and location in ctx.catalog.locations:
        return None
    return _no(
        "no-such-location",
        "R-LOC-GEN-1",
        f"there is no location {location!r} (locations: {_ids(ctx.catalog.locations)})",
    )


def _person(ctx: Ctx, location_id: str, person: object, request: Action) -> IllegalAction | None:
    """``no-such-person`` or ``person-not-in-play`` (R-LOC-GEN-1, R-LOC-GEN-6)."""
    location = ctx.catalog.location(location_id)
    if location.unlimited or location_id == CENTRAL_PARK:
        if person == 0:
            return None
        return _no(
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
        return _no(
            "person-not-in-play",
            "R-LOC-GEN-6",
            f"'{request}': {location.name} person {person} is out of play with "
            f"{ctx.setup_players} players (persons 0 to {in_play - 1})",
        )
    return _no(
        "no-such-person",
        "R-LOC-GEN-1",
        f"'{request}': the {location.name} has no person {person} (its persons are 0 to "
        f"{in_play - 1})",
    )


def _capo(ctx: Ctx, colour: Colour, d: Decision, a: Action) -> IllegalAction | None:
    if a.kind != "capo":
        return _no("compulsory", "R-TURN-3", f"'{a}': sending a capo is compulsory")
    if (error := _arity(DecisionKind.CAPO, a, 2)) is not None:
        return error
    location, person = a.args
    error = _location(ctx, location) or _person(ctx, str(location), person, a)
    if error is not None:
        return error
    if ctx.player(colour).capos <= 0:
        return _no("no-capo", "R-TURN-3", f"you have no capo left to send to {location}")
    return None


def _swap(ctx: Ctx, colour: Colour, d: Decision, a: Action) -> IllegalAction | None:
    if (error := _arity(DecisionKind.SWAP, a, 2)) is not None:
        return error
    where, what = a.args
    if (error := _location(ctx, where)) is not None:
        return error
    state = ctx.state
    if where == "restaurant":
        if not ctx.options.restaurant_swap:
            return _no(
                "restaurant-swap-off",
                "R-LOC-CENTRALPARK-5",
                f"'{a}': swapping with a capo in the Restaurant is off in this game's options",
            )
        if what not in {c.value for c in Colour}:
            return _no("no-such-colour", "R-COMP-3", f"'{a}': {what!r} is not a player colour")
        if what == colour.value:
            return _no(
                "own-capo", "R-LOC-CENTRALPARK-5", f"you ({what}) never swap with your own capo"
            )
        if Colour(str(what)) not in state.restaurant:
            return _no(
                "no-capo-there", "R-LOC-CENTRALPARK-1", f"{what} has no capo in the restaurant"
            )
        refused = restaurant_refusal(ctx, colour)
        if refused is not None:
            return _no(
                refused.code, refused.rule, f"swapping into the restaurant: {refused.reason}"
            )
        return None
    if where == CENTRAL_PARK:
        return _no(
            "park-swap",
            "R-LOC-CENTRALPARK-1",
            f"'{a}': a capo in central_park is never swapped; replace one outside it",
        )
    if (error := _person(ctx, str(where), what, a)) is not None:
        return error
    who = state.persons.get(f"{where}:{what}")
    if who is None:
        return _no(
            "no-capo-there",
            "R-LOC-CENTRALPARK-1",
            f"no capo talks to {where} person {what}: there is nobody to swap with",
        )
    if who is colour:
        return _no(
            "own-capo",
            "R-LOC-CENTRALPARK-5",
            f"the capo at {where} person {what} is your own; you never swap with it",
        )
    return None


_REWARDS: Final = ("leverage", "book", "city_token", "none")


def _compensation(ctx: Ctx, colour: Colour, d: Decision, a: Action) -> IllegalAction | None:
    if (error := _arity(DecisionKind.COMPENSATION, a, 1)) is not None:
        return error
    return _no(
        "no-such-choice",
        "R-LOC-CENTRALPARK-4",
        f"{a.args[0]!r} is not a Central Park reward (choose {_ids(_REWARDS)})",
    )


def _restaurant_space(ctx: Ctx, colour: Colour, d: Decision, a: Action) -> IllegalAction | None:
    if a.kind == "skip":
        return _no(
            "compulsory", "R-LOC-RESTAURANT-1", "'skip': the Restaurant's move is compulsory"
        )
    if (
        error := _arity(DecisionKind.RESTAURANT_SPACE, a, 1)
        or _ints(a, DecisionKind.RESTAURANT_SPACE, 0)
    ) is not None:
        return error
    space = int(a.args[0])
    order = ctx.state.turn_order
    layout = ctx.catalog.turn_order.for_players(ctx.setup_players)
    if not 1 <= space <= len(order.bottom) and not 1 <= space <= 4:
        return _no(
            "no-such-space",
            "R-BOARD-9",
            f"the turn-order track has no bottom space {space} (spaces 1 to 4)",
        )
    if space > layout.columns or space > len(order.bottom):
        rule = "R-LOC-RESTAURANT-4" if ctx.setup_players == 3 else "R-ORDER-1"
        return _no(
            "space-out-of-play",
            rule,
            f"bottom space {space} is out of play with {ctx.setup_players} players",
        )
    who = order.bottom[space - 1]
    if who is not None:
        return _no("space-taken", "R-ORDER-3", f"bottom space {space} holds {who}'s marker")
    need, hand = layout.discards_for(space), len(ctx.player(colour).hand)
    if need > hand:
        return _no(
            "no-card",
            "R-LOC-RESTAURANT-2",
            f"bottom space {space} needs {need} discards; you hold {hand} card(s)",
        )
    return None


_RESTAURANT_ACTIONS: Final = ("play", "tokens", "books")


def _restaurant_action(ctx: Ctx, colour: Colour, d: Decision, a: Action) -> IllegalAction | None:
    if (error := _arity(DecisionKind.RESTAURANT_ACTION, a, 1)) is not None:
        return error
    what = a.args[0]
    if what not in _RESTAURANT_ACTIONS:
        return _no(
            "no-such-choice",
            "R-LOC-RESTAURANT-7",
            f"{what!r} is not a Restaurant action (choose {_ids(_RESTAURANT_ACTIONS)})",
        )
    return _no(
        "already-done",
        "R-LOC-RESTAURANT-7",
        f"you took the Restaurant's {what} action already: its two actions must differ",
    )


# ---------------------------------------------------------------------- cards and levels
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


def _draw(ctx: Ctx, colour: Colour, d: Decision, a: Action) -> IllegalAction | None:
    if a.kind == "skip":
        return _no("compulsory", "R-TURN-5", "'skip': the end-of-turn draw is compulsory")
    kind = DecisionKind(d.kind)
    if (error := _arity(kind, a, 1)) is not None:
        return error
    track = _track(a.args[0], deck=True)
    if isinstance(track, IllegalAction):
        return track
    if not ctx.state.operation_decks.get(track):
        return _no("deck-empty", "GAP-22", f"the {track.value} deck is empty")
    offered = {str(o.args[0]) for o in d.options if o.kind == "draw"}
    wanted = next(iter(offered)) if len(offered) == 1 else ""
    rule = _typed_draw_rule(ctx, ctx.player(colour), wanted) if wanted else "R-CARD-6"
    return _no(
        "wrong-deck", rule, f"this draw takes the top {wanted} card, not a {track.value} card"
    )


def _in_hand(ctx: Ctx, colour: Colour, card: object, rule: str, why: str) -> IllegalAction | None:
    error = _card(ctx, card)
    if error is not None:
        return error
    if card in ctx.player(colour).hand:
        return None
    return _no("not-in-hand", rule, f"you do not hold {card}: {why}")


def _discard(ctx: Ctx, colour: Colour, d: Decision, a: Action) -> IllegalAction | None:
    if a.kind == "skip":
        return _no(
            "compulsory", d.rules[-1] if d.rules else "R-CARD-5", "'skip': this discard is due"
        )
    if (error := _arity(DecisionKind.DISCARD, a, 1)) is not None:
        return error
    return _in_hand(ctx, colour, a.args[0], "R-CARD-5", "only cards in your hand are discarded")


#: The locations whose persons play a card of one type (R-LOC-*), by the type.
_TYPED_PLAY_RULES: Final = {
    "fleet": "R-LOC-GARAGE-1",
    "distillery": "R-LOC-DOCKS-1",
    "vip": "R-LOC-CITYHALL-1",
    "party": "R-LOC-PLANNING-3",
}


def _play_card(ctx: Ctx, colour: Colour, d: Decision, a: Action) -> IllegalAction | None:
    if (error := _arity(DecisionKind.PLAY_CARD, a, 1)) is not None:
        return error
    card = a.args[0]
    error = _in_hand(ctx, colour, card, "R-CARD-3", "you play a card from your hand")
    if error is not None:
        return error
    types = {ctx.catalog.card(str(o.args[0])).type for o in d.options if o.kind == "play"}
    have = ctx.catalog.card(str(card)).type
    wanted = next(iter(types)) if len(types) == 1 else "other"
    return _no(
        "wrong-type",
        _TYPED_PLAY_RULES.get(wanted, "R-CARD-1"),
        f"{card} is a {have} card; this action plays a {wanted} card",
    )


def _raise(ctx: Ctx, colour: Colour, d: Decision, a: Action) -> IllegalAction | None:
    if (error := _arity(DecisionKind.RAISE, a, 1)) is not None:
        return error
    track = _track(a.args[0])
    if isinstance(track, IllegalAction):
        return track
    allowed = sorted(
        {str(o.args[0]) for o in (*d.options, *(b.action for b in d.blocked)) if o.args}
    )
    if track.value not in allowed:
        return _no(
            "wrong-track",
            "GAP-9" if len(allowed) == 1 else "R-LEVEL-2",
            f"this raise is for {_ids(allowed)}, not {track.value}",
        )
    return raise_requirement(ctx, ctx.player(colour), track)


def _raise_more(ctx: Ctx, colour: Colour, d: Decision, a: Action) -> IllegalAction | None:
    if (error := _arity(DecisionKind.RAISE_MORE, a, 1)) is not None:
        return error
    track = _track(a.args[0])
    if isinstance(track, IllegalAction):
        return track
    raised = next(str(o.args[0]) for o in d.options if o.kind == "more")
    return _no(
        "wrong-track",
        "R-LEVEL-6",
        f"the extra level goes on {raised}, the track just raised, not on {track.value}",
    )


# ---------------------------------------------------------------------- resources
def _hire_goon(ctx: Ctx, colour: Colour, d: Decision, a: Action) -> IllegalAction | None:
    if (
        error := _arity(DecisionKind.HIRE_GOON, a, 1) or _ints(a, DecisionKind.HIRE_GOON, 0)
    ) is not None:
        return error
    price = next(int(o.args[0]) for o in d.options if o.kind == "hire")
    return _no(
        "wrong-price",
        "R-GOON-1",
        f"a goon costs ${price} now (the cheapest empty goon space), not ${a.args[0]}",
    )


def _docks_space(ctx: Ctx, area: object, space: object) -> IllegalAction | None:
    areas = [x.value for x in ctx.state.docks]
    if area not in areas:
        return _no(
            "no-such-area", "R-BOARD-7", f"there are no {area!r} docks (areas: {_ids(areas)})"
        )
    spaces = ctx.state.docks[Area(str(area))]
    if isinstance(space, int) and 0 <= space < len(spaces):
        return None
    return _no(
        "no-such-space",
        "GAP-7",
        f"the {area} docks have no space {space} (spaces 0 to {len(spaces) - 1})",
    )


def _placing_rule(ctx: Ctx) -> str:
    """Where a mafioso must go is set by the 2p setup (R-PSETUP-12, docks) or a partner's
    immediate ability (R-PARTNER-2, one to the docks and one to the VIP area)."""
    return "R-PSETUP-12" if ctx.state.phase is Phase.SETUP else "R-PARTNER-2"


def _mafioso(ctx: Ctx, colour: Colour, d: Decision, a: Action) -> IllegalAction | None:
    kind = DecisionKind.MAFIOSO
    where = a.args[0] if a.args else None
    player = ctx.player(colour)
    offered = {str(o.args[0]) for o in d.options}
    if where == "vip":
        if (error := _arity(kind, a, 1)) is not None:
            return error
        cap = vip_capacity(ctx, player)
        if player.vip >= cap:
            return _no(
                "vip-full",
                "R-MAFIOSO-2",
                f"your vip area is full ({player.vip} of {cap} at VIP level "
                f"{player.levels[Track.VIP]})",
            )
        return _no(
            "docks-only", _placing_rule(ctx), "this mafioso goes to the docks, not the vip area"
        )
    if where != "docks":
        return _no(
            "no-such-choice", "R-MAFIOSO-1", f"{where!r}: a mafioso goes to 'vip' or 'docks'"
        )
    if (error := _arity(kind, a, 3) or _ints(a, kind, 2)) is not None:
        return error
    area, space = a.args[1], a.args[2]
    if (error := _docks_space(ctx, area, space)) is not None:
        return error
    who = ctx.state.docks[Area(str(area))][int(space)]
    if who is not None:
        return _no(
            "docks-taken", "R-MAFIOSO-1", f"{area} docks space {space} holds {who}'s mafioso"
        )
    if "docks" not in offered:
        return _no(
            "vip-only",
            _placing_rule(ctx),
            f"this mafioso goes to the VIP area, not the {area} docks",
        )
    return None


def _docks_row(ctx: Ctx, colour: Colour, d: Decision, a: Action) -> IllegalAction | None:
    if (error := _arity(DecisionKind.DOCKS_ROW, a, 1)) is not None:
        return error
    rows = [r.row for r in ctx.catalog.docks.rows]
    return _no(
        "no-such-row", "GAP-7", f"the docks have no row {a.args[0]} (rows {rows[0]} to {rows[-1]})"
    )


def _docks_move(ctx: Ctx, colour: Colour, d: Decision, a: Action) -> IllegalAction | None:
    kind = DecisionKind.DOCKS_MOVE
    if (error := _arity(kind, a, 4) or _ints(a, kind, 1, 3)) is not None:
        return error
    src, i, dst, j = a.args
    error = _docks_space(ctx, src, i) or _docks_space(ctx, dst, j)
    if error is not None:
        return error
    docks = ctx.state.docks
    if docks[Area(str(src))][int(i)] is not colour:
        return _no(
            "not-your-mafioso", "R-MAFIOSO-4", f"{src} docks space {i} holds no mafioso of yours"
        )
    movable = {(str(o.args[0]), o.args[1]) for o in d.options if o.kind == "move"}
    if (src, i) not in movable:
        return _no(
            "just-placed",
            "R-MAFIOSO-4",
            f"the mafioso in {src} docks space {i} was just placed there; only your others move",
        )
    who = docks[Area(str(dst))][int(j)]
    return _no("docks-taken", "R-MAFIOSO-4", f"{dst} docks space {j} is not free ({who})")


def _gain_helper(ctx: Ctx, colour: Colour, d: Decision, a: Action) -> IllegalAction | None:
    if (error := _arity(DecisionKind.GAIN_HELPER, a, 1)) is not None:
        return error
    helper = a.args[0]
    error = _helper(ctx, helper)
    if error is not None:
        return error
    return _no("not-in-offer", "R-HELPER-1", f"{helper} is not face up in the helper offer")


def _use_offer_helper(ctx: Ctx, colour: Colour, d: Decision, a: Action) -> IllegalAction | None:
    if (error := _arity(DecisionKind.USE_OFFER_HELPER, a, 1)) is not None:
        return error
    helper = a.args[0]
    error = _helper(ctx, helper)
    if error is not None:
        return error
    if helper in ctx.state.helper_offer:
        return _no("same-as", "R-HELPERCARD-8", f"{helper} cannot copy its own reward")
    return _no("not-in-offer", "R-HELPERCARD-8", f"{helper} is not face up in the helper offer")


def _city_token(ctx: Ctx, colour: Colour, d: Decision, a: Action) -> IllegalAction | None:
    kind = DecisionKind.CITY_TOKEN
    if (error := _arity(kind, a, 2) or _ints(a, kind, 1)) is not None:
        return error
    column, space = str(a.args[0]), int(a.args[1])
    offer = ctx.state.city_offer
    if column == "left":
        return _no(
            "face-down",
            "R-CITY-2",
            "the left column's stacks are face down: take from the right or middle column",
        )
    spaces: list[object]
    if column == "right":
        spaces = list(offer.right)
    elif column == "middle":
        spaces = list(offer.middle)
    else:
        return _no("no-such-column", "R-BOARD-10", f"the city-token offer has no {column!r} column")
    if not 0 <= space < len(spaces):
        return _no(
            "no-such-space",
            "R-BOARD-10",
            f"the {column} column has no space {space} (spaces 0 to {len(spaces) - 1})",
        )
    return _no(
        "no-token-there",
        "R-CITY-3" if column == "right" else "R-CITY-2",
        f"{column} space {space} holds no city token",
    )


def _city_middle(ctx: Ctx, colour: Colour, d: Decision, a: Action) -> IllegalAction | None:
    kind = DecisionKind.CITY_MIDDLE
    if (error := _arity(kind, a, 2) or _ints(a, kind, 1)) is not None:
        return error
    token, space = a.args
    placing = str(d.options[0].args[0])
    if token != placing:
        return _no(
            "wrong-token", "R-CITY-5", f"{token} is not the token being placed; place {placing}"
        )
    return _no(
        "no-such-space",
        "R-BOARD-10",
        f"the middle column has no space {space} (spaces 0 to {len(d.options) - 1})",
    )


def _held_token(
    ctx: Ctx, colour: Colour, kind: DecisionKind, a: Action, rule: str
) -> IllegalAction | None:
    if (error := _arity(kind, a, 1)) is not None:
        return error
    token = a.args[0]
    error = _token(ctx, token)
    if error is None and token not in ctx.player(colour).city_tokens:
        error = _no("not-held", rule, f"you do not hold city token {token}")
    return error


def _city_limit(ctx: Ctx, colour: Colour, d: Decision, a: Action) -> IllegalAction | None:
    return _held_token(ctx, colour, DecisionKind.CITY_LIMIT, a, "R-CITY-6")


def _play_city_token(ctx: Ctx, colour: Colour, d: Decision, a: Action) -> IllegalAction | None:
    return _held_token(ctx, colour, DecisionKind.PLAY_CITY_TOKEN, a, "R-CITY-4")


def _cook_book(ctx: Ctx, colour: Colour, d: Decision, a: Action) -> IllegalAction | None:
    kind = DecisionKind.COOK_BOOK
    if (error := _arity(kind, a, 2) or _ints(a, kind, 1)) is not None:
        return error
    goal, space = str(a.args[0]), int(a.args[1])
    error = book_refusal(ctx, colour, goal, space)
    if error is not None and (goal not in error.reason or str(space) not in error.reason):
        error = _no(error.code, error.rule, f"{goal} space {space}: {error.reason}")
    return error


def _ally(ctx: Ctx, colour: Colour, d: Decision, a: Action) -> IllegalAction | None:
    kind = DecisionKind.ALLY
    if (error := _arity(kind, a, 2) or _ints(a, kind, 1)) is not None:
        return error
    tile, district = str(a.args[0]), int(a.args[1])
    if not any(g.id == tile for g in ctx.catalog.gangsters):
        return _no("no-such-gangster", "R-COMP-5", f"there is no gangster tile {tile!r}")
    if (error := _district(ctx, district)) is not None:
        return error
    player = ctx.player(colour)
    if player.partner == tile:
        return _no(
            "own-partner", "R-ALLY-4", f"{tile} is your partner already; you cannot re-pick it"
        )
    for other in ctx.state.players.values():
        if other.partner == tile:
            return _no("other-partner", "R-ALLY-4", f"{tile} is {other.colour}'s partner")
    at = [n for n, x in ctx.state.districts.items() if x.gangster == tile]
    if not at:
        return _no("not-on-board", "R-ALLY-2", f"{tile} is not on the gangster board")
    return _no(
        "wrong-district", "R-ALLY-2", f"{tile} stands on district {at[0]}, not district {district}"
    )


# ---------------------------------------------------------------------- buildings
#: The first rule of a build decision names its mode (``buildings._MODE_RULES``).
_MODE_OF_RULE: Final = {"R-BUILD-2": "open", "R-TAKEOVER-1": "takeover", "R-UPGRADE-1": "upgrade"}


def _build_source_rule(ctx: Ctx, player: Player, modes: set[str], types: set[str]) -> str:
    """The rule that limits what this build action may build: its source, as far as the
    phase, a build token played this turn and the modes and buildings offered tell it."""
    if ctx.state.phase is Phase.PROLOGUE:  # a bar or the distillery (4), opened only (5)
        return "R-PROLOGUE-4" if types <= {"bar", "distillery"} else "R-PROLOGUE-5"
    if modes == {"upgrade"}:
        return "R-HELPERCARD-12"
    if modes == {"takeover"}:
        return "R-HELPERCARD-13"
    token = player.played_tokens[-1] if player.played_tokens else None
    if token is not None and any(e.kind == "build" for e in ctx.catalog.city_token(token).effect):
        if types <= {"bar"}:
            return "R-CITYTOK-12"
        return "R-CITYTOK-13" if types <= {"nightclub"} else "R-CITYTOK-14"
    if types <= {"bar", "distillery"}:
        return "R-LOC-CONTRACTORS-2"
    return "R-LOC-PLANNING-1"


def _build(ctx: Ctx, colour: Colour, d: Decision, a: Action) -> IllegalAction | None:
    if a.kind == "done":
        return _no("compulsory", "R-PROLOGUE-4", "'done': the prologue building is compulsory")
    if (error := _arity(DecisionKind.BUILD, a, 2)) is not None:
        return error
    mode, piece = str(a.args[0]), str(a.args[1])
    if mode not in MODES:
        return _no("no-such-choice", "R-BUILD-2", f"{mode!r} is not a way to build ({_ids(MODES)})")
    spaces = {s.id: s for s in ctx.catalog.operations_board.spaces}
    if piece not in spaces:
        return _no(
            "no-such-piece",
            "R-UPGRADE-3",
            f"there is no building piece {piece!r} on the operations board",
        )
    player = ctx.player(colour)
    if piece not in player.board_pieces:
        on_map = distillery_refusal(ctx.state, colour) if piece == "distillery" else None
        if on_map is not None:
            return _no(on_map.code, on_map.rule, f"{piece}: {on_map.reason}")
        return _no("piece-gone", "R-BUILD-3", f"{piece} has left your operations board")
    building = spaces[piece].building
    if mode == "upgrade" and BuildingType(building) not in PREMIUM:
        return _no(
            "wrong-building",
            "R-UPGRADE-1",
            f"{piece} is a {building}: only a nightclub or a casino upgrades a bar",
        )
    shown = [*d.options, *(b.action for b in d.blocked)]
    offered = [o for o in shown if o.kind == "build"]
    modes = {str(o.args[0]) for o in offered}
    types = {spaces[str(o.args[1])].building for o in offered}
    rule = _build_source_rule(ctx, player, modes, types)
    if building not in types:
        return _no(
            "wrong-building", rule, f"this build action builds {_ids(sorted(types))}, not {piece}"
        )
    if mode not in modes:
        if ctx.state.phase is Phase.PROLOGUE:
            rule = "R-PROLOGUE-5"
        return _no(
            "wrong-mode", rule, f"this build action may {_ids(sorted(modes))}, not {mode} {piece}"
        )
    twin = next(
        (
            str(o.args[1])
            for o in offered
            if str(o.args[0]) == mode
            and (s := spaces[str(o.args[1])]).building == building
            and s.group == spaces[piece].group
            and s.reward == spaces[piece].reward
        ),
        None,
    )
    if twin is not None:
        same = f"{piece} builds exactly like {twin} (same group, cost and reward)"
        stand_in = Action("build", (mode, twin))
        for b in d.blocked:
            if b.action == stand_in:  # the stand-in is greyed out: so is this piece
                return _no(b.error.code, b.error.rule, f"{same}: {b.error.reason}")
        return _no("same-as", "R-BUILD-3", f"{same}: choose 'build {mode} {twin}'")
    return None


def _build_space(ctx: Ctx, colour: Colour, d: Decision, a: Action) -> IllegalAction | None:
    kind = DecisionKind.BUILD_SPACE
    if (error := _arity(kind, a, 2) or _ints(a, kind, 0, 1)) is not None:
        return error
    district, index = int(a.args[0]), int(a.args[1])
    if (error := _space(ctx, district, index)) is not None:
        return error
    here = ctx.state.districts[district]
    if here.closed:
        return _no("closed-district", "R-CLOSED-1", f"district {district} is closed")
    mode = _MODE_OF_RULE.get(d.rules[0] if d.rules else "", "open")
    space = here.spaces[index]
    where = f"district {district}, space {index}"
    if mode == "open" and not space.is_empty:
        what = "a gangster bar" if space.building is None else f"{space.building.owner}'s "
        what += "" if space.building is None else space.building.type.value
        return _no("space-taken", "R-BUILD-1", f"{where} is not empty: it holds {what}")
    if mode == "takeover" and not (space.gangster_bar and space.building is None):
        return _no("no-gangster-bar", "R-TAKEOVER-1", f"there is no gangster bar on {where}")
    if mode == "upgrade":
        b = space.building
        if b is None or b.owner is not colour or b.type is not BuildingType.BAR:
            return _no("not-your-bar", "R-UPGRADE-1", f"{where} holds no bar of yours")
    return None


def _boost(ctx: Ctx, colour: Colour, d: Decision, a: Action) -> IllegalAction | None:
    kind = DecisionKind(d.kind)
    if (error := _arity(kind, a, 2) or _ints(a, kind, 0)) is not None:
        return error
    goons, how = int(a.args[0]), str(a.args[1])
    if how not in ("none", "paid", "free"):
        return _no(
            "no-such-choice", "R-COMBAT-4", f"{how!r}: partner help is 'none', 'paid' or 'free'"
        )
    player = ctx.player(colour)
    if not 0 <= goons <= player.goons:
        return _no(
            "not-enough-goons", "R-COMBAT-3", f"you have {player.goons} goon(s), not {goons}"
        )
    if how != "none" and partner_tile(ctx, player) is None:
        return _no("no-partner", "R-COMBAT-4", f"'{how}' partner help: you have no partner")
    if how == "free" and not bonus(ctx, player, "once_free_help"):
        return _no(
            "free-help-used",
            "R-PARTNER-6",
            "'free' partner help: your partner gives no free help now (once per game, "
            "partners with that ability only)",
        )
    takeover = kind is DecisionKind.TAKEOVER_BOOST
    cost = partner_help_cost(ctx, player, takeover=takeover, distillery=False)
    if how == "paid" and cost > spendable(player):
        return _no(
            "cannot-pay",
            "R-MONEY-6",
            f"'paid' partner help costs ${cost}; you can pay ${spendable(player)}",
        )
    if how == "free" and cost == 0:
        return _no("not-needed", "R-PARTNER-6", "'free' help: your partner's help costs $0 now")
    return None


def _protect(ctx: Ctx, colour: Colour, d: Decision, a: Action) -> IllegalAction | None:
    kind = DecisionKind.PROTECT
    if (error := _arity(kind, a, 2) or _ints(a, kind, 0, 1)) is not None:
        return error
    district, index = int(a.args[0]), int(a.args[1])
    return _space(ctx, district, index) or _buildings_yours(
        ctx, colour, district, index, "R-PROTECT-1"
    )


# ---------------------------------------------------------------------- barrels
def _sell(ctx: Ctx, colour: Colour, d: Decision, a: Action) -> IllegalAction | None:
    kind = DecisionKind.SELL
    if (error := _arity(kind, a, 2) or _ints(a, kind, 0, 1)) is not None:
        return error
    district, index = int(a.args[0]), int(a.args[1])
    error = _space(ctx, district, index) or _buildings_yours(
        ctx, colour, district, index, "R-BARREL-4"
    )
    if error is not None:
        return error
    here = ctx.state.districts[district]
    b = here.spaces[index].building
    assert b is not None
    name = f"your {b.type.value} in district {district}, space {index}"
    if b.type is BuildingType.DISTILLERY:
        return _no("distillery", "R-BARREL-2", f"barrels are never sold at {name}")
    if not b.barrel:
        return _no("no-barrel", "R-BARREL-4", f"{name} has no barrel to sell")
    if not operating(here, b):
        return _no("not-operating", "R-GOLDEN-3", f"{name} does not operate, so it cannot sell")
    return None


def _truck_choose(ctx: Ctx, colour: Colour, d: Decision, a: Action) -> IllegalAction | None:
    kind = DecisionKind.TRUCK_CHOOSE
    if (error := _arity(kind, a, 1) or _ints(a, kind, 0)) is not None:
        return error
    number = int(a.args[0])
    trucks = len(ctx.player(colour).trucks)
    if not 1 <= number <= trucks:
        return _no(
            "no-such-truck", "R-COMP-3", f"you have trucks 1 to {trucks}, not truck {number}"
        )
    if number > 1 and ctx.player(colour).levels[Track.FLEET] < 3:
        return _no("no-second-truck", "R-TRUCK-3", f"truck {number} needs fleet level 3 or more")
    return _no("truck-moved", "R-TRUCK-5", f"truck {number} has moved in this action already")


def _truck(ctx: Ctx, colour: Colour, d: Decision, a: Action) -> IllegalAction | None:
    kind = DecisionKind.TRUCK
    here = d.fact("district")
    points = int(d.fact("points", 0))
    index = int(d.fact("truck", 0))
    name = f"truck {index + 1}"
    verb = a.kind
    arity = {"enter": 1, "move": 1, "load": 0, "buy": 1, "deliver": 2}[verb]
    if (error := _arity(kind, a, arity)) is not None:
        return error
    if verb in ("enter", "move", "deliver") and (error := _ints(a, kind, 0, 1)) is not None:
        return error
    if verb == "enter":
        if (error := _district(ctx, a.args[0])) is not None:
            return error
        return _no(
            "on-map",
            "R-TRUCK-4",
            f"{name} is on the map in district {here} already; it "
            f"cannot enter again in district {a.args[0]}",
        )
    if here is None:
        what = f"{verb} {' '.join(map(str, a.args))}".strip()
        return _no("off-map", "R-TRUCK-4", f"'{what}': {name} must first enter the map")
    player = ctx.player(colour)
    if verb == "move":
        target = int(a.args[0])
        if (error := _district(ctx, target)) is not None:
            return error
        if target == here:
            return _no("same-district", "R-TRUCK-7", f"{name} is in district {target} already")
        if points <= 0:
            return _no(
                "no-points", "R-TRUCK-5", f"{name} has no movement point left for district {target}"
            )
        park = ctx.board.central_park
        crosses = {here, target} & set(park.north) and {here, target} & set(park.south)
        return _no(
            "not-adjacent",
            "R-TRUCK-8" if crosses else "R-TRUCK-7",
            f"district {target} is not next to district {here}"
            + (" (Central Park lies between)" if crosses else ""),
        )
    truck = player.trucks[index]
    if verb == "load":
        found = operating_distillery(ctx.state, colour)
        if found is None or found[0] != here:
            return _no(
                "no-distillery",
                "R-TRUCK-10",
                f"'load': no operating distillery of yours is in district {here}",
            )
        if truck.barrels >= ctx.catalog.operations_board.truck_capacity:
            return _no("truck-full", "R-TRUCK-6", f"'load': {name} carries {truck.barrels} barrels")
        return _no("no-barrel", "R-TRUCK-10", "'load': your distillery area holds no barrel")
    if verb == "buy":
        ship_id = a.args[0]
        ships = {s.ship: s for s in ctx.state.ships}
        if ship_id not in ships:
            return _no("no-such-ship", "R-SHIP-1", f"there is no ship {ship_id!r}")
        port = ships[str(ship_id)].port
        return _no(
            "no-ship-here",
            "R-TRUCK-11",
            f"{ship_id}'s ship is in port {port}, not at district {here}",
        )
    district, space = int(a.args[0]), int(a.args[1])
    if (error := _space(ctx, district, space)) is not None:
        return error
    if district != here:
        return _no(
            "not-here", "R-TRUCK-13", f"{name} is in district {here}, not in district {district}"
        )
    error = _buildings_yours(ctx, colour, district, space, "R-TRUCK-13")
    if error is not None:
        return error
    there = ctx.state.districts[district]
    b = there.spaces[space].building
    assert b is not None
    if not may_receive_barrel(there, b):
        return _no(
            "has-barrel",
            "R-BARREL-2",
            f"your {b.type.value} in district {district} takes no barrel",
        )
    return None


# ---------------------------------------------------------------------- ships
def _ship_id(ctx: Ctx, ship: object) -> IllegalAction | None:
    if any(s.ship == ship for s in ctx.state.ships):
        return None
    ships = _ids(s.ship for s in ctx.state.ships)
    return _no("no-such-ship", "R-SHIP-1", f"there is no ship {ship!r} (ships: {ships})")


def _attack_ship(ctx: Ctx, colour: Colour, d: Decision, a: Action) -> IllegalAction | None:
    if (error := _arity(DecisionKind.ATTACK_SHIP, a, 1)) is not None:
        return error
    return _ship_id(ctx, a.args[0])


def _ship_hire(ctx: Ctx, colour: Colour, d: Decision, a: Action) -> IllegalAction | None:
    kind = DecisionKind.SHIP_HIRE
    if not a.args:
        return _shape(kind, a, "it has no argument")
    if (error := _ints(a, kind, 0)) is not None:
        return error
    goons, hired = int(a.args[0]), a.args[1:]
    ship = next((s for s in ctx.state.ships if ship_name(ctx, s) in d.prompt), None)
    if ship is None:
        return None
    area = ship_area(ctx, ship)
    player = ctx.player(colour)
    names = {c.value for c in Colour}
    for who in hired:
        if who not in names:
            return _no("no-such-colour", "R-COMP-3", f"{who!r} is not a player colour")
        if who == colour.value:
            return _no("own-mafioso", "R-SHIP-5", f"you ({who}) never hire your own mafiosi")
    there = Counter(w.value for w in ctx.state.docks[area] if w is not None)
    for who, n in Counter(str(h) for h in hired).items():
        if n > there[who]:
            return _no(
                "not-enough-mafiosi",
                "R-SHIP-4",
                f"{who} has {there[who]} mafioso(s) in the {area.title} docks, not {n}",
            )
    if not 0 <= goons <= player.goons:
        return _no(
            "not-enough-goons", "R-COMBAT-3", f"you have {player.goons} goon(s), not {goons}"
        )
    if len(hired) > spendable(player):
        return _no(
            "cannot-pay",
            "R-SHIP-5",
            f"hiring {len(hired)} mafiosi costs ${len(hired)}; you can pay ${spendable(player)}",
        )
    own = there[colour.value]
    total = strength(ctx, player) * (own + len(hired)) + goons + bonus(ctx, player, "ship_attack")
    defence = ship_defence(ctx, ship)
    if total <= defence:
        return _no(
            "too-weak",
            "R-SHIP-6",
            f"'{a}' gives attack {total}, which does not beat defence {defence}",
        )
    return _no(
        "not-needed",
        "R-COMBAT-3",
        f"'{a}' gives attack {total} against defence {defence}, but a plan with fewer goons or "
        "hires wins already",
    )


def _ship_barrel(ctx: Ctx, colour: Colour, d: Decision, a: Action) -> IllegalAction | None:
    kind = DecisionKind.SHIP_BARREL
    if a.args[:1] == ("distillery",):
        if (error := _arity(kind, a, 1)) is not None:
            return error
        return _no("no-distillery", "R-SHIP-9", "you have no operating distillery for the barrel")
    if (error := _arity(kind, a, 2) or _ints(a, kind, 0, 1)) is not None:
        return error
    district, index = int(a.args[0]), int(a.args[1])
    error = _space(ctx, district, index) or _buildings_yours(
        ctx, colour, district, index, "R-SHIP-9"
    )
    if error is not None:
        return error
    here = ctx.state.districts[district]
    b = here.spaces[index].building
    assert b is not None
    name = f"your {b.type.value} in district {district}"
    if b.type is BuildingType.DISTILLERY:
        return _no(
            "distillery", "R-BARREL-2", f"{name}: the barrel goes to its area ('barrel distillery')"
        )
    if b.barrel:
        return _no("has-barrel", "R-BARREL-2", f"{name} has a barrel already")
    return _no("not-operating", "R-BARREL-3", f"{name} does not operate")


def _ship_mafioso(ctx: Ctx, colour: Colour, d: Decision, a: Action) -> IllegalAction | None:
    kind = DecisionKind.SHIP_MAFIOSO
    if (error := _arity(kind, a, 1) or _ints(a, kind, 0)) is not None:
        return error
    index = int(a.args[0])
    offered = [int(o.args[0]) for o in d.options]
    area = next(
        (x for x, spaces in ctx.state.docks.items()
         if all(0 <= i < len(spaces) and spaces[i] is colour for i in offered)),
        None,
    )  # fmt: skip
    if area is None:
        return None
    spaces = ctx.state.docks[area]
    if not 0 <= index < len(spaces):
        return _no(
            "no-such-space",
            "GAP-7",
            f"the {area.value} docks have no space {index} (spaces 0 to {len(spaces) - 1})",
        )
    if spaces[index] is not colour:
        return _no(
            "not-your-mafioso",
            "R-SHIP-10",
            f"{area.value} docks space {index} holds no mafioso of yours",
        )
    return _no(
        "same-row",
        "R-SHIP-10",
        f"{area.value} docks space {index} is in row {docks_row(ctx, index)}, whose mafioso is "
        "offered already",
    )


def _rebuild(ctx: Ctx, colour: Colour, d: Decision, a: Action) -> IllegalAction | None:
    if (error := _arity(DecisionKind.REBUILD_DISTILLERY, a, 1)) is not None:
        return error
    return _no(
        "no-such-choice",
        "R-VARIANT-1",
        f"{a.args[0]!r}: put the distillery back on the 'board' or 'remove' it",
    )


#: The rule whose grammar a request of each kind failed (``wrong-arguments``).
_SHAPE_RULES: Final[Mapping[DecisionKind, str]] = {
    DecisionKind.PROLOGUE_CARD: "R-PROLOGUE-8",
    DecisionKind.USE_HELPER: "R-TURN-2",
    DecisionKind.CAPO: "R-TURN-3",
    DecisionKind.SWAP: "R-LOC-CENTRALPARK-1",
    DecisionKind.COMPENSATION: "R-LOC-CENTRALPARK-4",
    DecisionKind.RESTAURANT_SPACE: "R-LOC-RESTAURANT-1",
    DecisionKind.RESTAURANT_ACTION: "R-LOC-RESTAURANT-7",
    DecisionKind.TURN_DRAW: "R-TURN-5",
    DecisionKind.DRAW: "R-CARD-6",
    DecisionKind.DISCARD: "R-CARD-5",
    DecisionKind.PLAY_CARD: "R-CARD-3",
    DecisionKind.RAISE: "R-LEVEL-2",
    DecisionKind.RAISE_MORE: "R-LEVEL-6",
    DecisionKind.HIRE_GOON: "R-GOON-1",
    DecisionKind.MAFIOSO: "R-MAFIOSO-1",
    DecisionKind.DOCKS_ROW: "R-CRATE-11",
    DecisionKind.DOCKS_MOVE: "R-MAFIOSO-4",
    DecisionKind.GAIN_HELPER: "R-HELPER-1",
    DecisionKind.USE_OFFER_HELPER: "R-HELPERCARD-8",
    DecisionKind.CITY_TOKEN: "R-CITY-2",
    DecisionKind.CITY_MIDDLE: "R-CITY-5",
    DecisionKind.CITY_LIMIT: "R-CITY-6",
    DecisionKind.PLAY_CITY_TOKEN: "R-CITY-4",
    DecisionKind.COOK_BOOK: "R-BOOKS-2",
    DecisionKind.ALLY: "R-ALLY-2",
    DecisionKind.BUILD: "R-BUILD-2",
    DecisionKind.BUILD_SPACE: "R-BUILD-1",
    DecisionKind.TAKEOVER_BOOST: "R-TAKEOVER-1",
    DecisionKind.PROTECT: "R-PROTECT-1",
    DecisionKind.SELL: "R-BARREL-4",
    DecisionKind.TRUCK_CHOOSE: "R-TRUCK-5",
    DecisionKind.TRUCK: "R-TRUCK-1",
    DecisionKind.ATTACK_SHIP: "R-SHIP-3",
    DecisionKind.SHIP_HIRE: "R-SHIP-4",
    DecisionKind.SHIP_BARREL: "R-SHIP-9",
    DecisionKind.SHIP_MAFIOSO: "R-SHIP-10",
    DecisionKind.GANG_WAR_DEFENCE: "R-GANGWAR-7",
    DecisionKind.REBUILD_DISTILLERY: "R-VARIANT-1",
}

#: The refusal of every decision kind.
REFUSAL_FUNCTIONS: Final[Mapping[DecisionKind, Refusal]] = {
    DecisionKind.PROLOGUE_CARD: _prologue_card,
    DecisionKind.USE_HELPER: _use_helper,
    DecisionKind.CAPO: _capo,
    DecisionKind.SWAP: _swap,
    DecisionKind.COMPENSATION: _compensation,
    DecisionKind.RESTAURANT_SPACE: _restaurant_space,
    DecisionKind.RESTAURANT_ACTION: _restaurant_action,
    DecisionKind.TURN_DRAW: _draw,
    DecisionKind.DRAW: _draw,
    DecisionKind.DISCARD: _discard,
    DecisionKind.PLAY_CARD: _play_card,
    DecisionKind.RAISE: _raise,
    DecisionKind.RAISE_MORE: _raise_more,
    DecisionKind.HIRE_GOON: _hire_goon,
    DecisionKind.MAFIOSO: _mafioso,
    DecisionKind.DOCKS_ROW: _docks_row,
    DecisionKind.DOCKS_MOVE: _docks_move,
    DecisionKind.GAIN_HELPER: _gain_helper,
    DecisionKind.USE_OFFER_HELPER: _use_offer_helper,
    DecisionKind.CITY_TOKEN: _city_token,
    DecisionKind.CITY_MIDDLE: _city_middle,
    DecisionKind.CITY_LIMIT: _city_limit,
    DecisionKind.PLAY_CITY_TOKEN: _play_city_token,
    DecisionKind.COOK_BOOK: _cook_book,
    DecisionKind.ALLY: _ally,
    DecisionKind.BUILD: _build,
    DecisionKind.BUILD_SPACE: _build_space,
    DecisionKind.TAKEOVER_BOOST: _boost,
    DecisionKind.PROTECT: _protect,
    DecisionKind.SELL: _sell,
    DecisionKind.TRUCK_CHOOSE: _truck_choose,
    DecisionKind.TRUCK: _truck,
    DecisionKind.ATTACK_SHIP: _attack_ship,
    DecisionKind.SHIP_HIRE: _ship_hire,
    DecisionKind.SHIP_BARREL: _ship_barrel,
    DecisionKind.SHIP_MAFIOSO: _ship_mafioso,
    DecisionKind.GANG_WAR_DEFENCE: _boost,
    DecisionKind.REBUILD_DISTILLERY: _rebuild,
}


def explain_refusal(ctx: Ctx, decision: Decision, action: Action) -> IllegalAction | None:
    """The rule that forbids ``action`` at ``decision`` and why, naming what was asked for;
    ``None`` for a request of another decision's kind (the engine says ``not-now``) or when
    no rule forbids it beyond the options' own shape. Only reads ``ctx``.
    """
    try:
        kind = DecisionKind(decision.kind)
    except ValueError:
        return None
    same = [o for o in decision.options if o.kind == action.kind]
    if same and all(not o.args for o in same):  # done, skip, finish, load: no argument
        return _shape(kind, action, f"'{action.kind}' takes no argument") if action.args else None
    if action.kind not in GRAMMAR[kind]:
        return None
    if (
        action.kind == "done"
        and kind is DecisionKind.BUILD
        and ctx.state.phase is not Phase.PROLOGUE
    ):
        return None
    try:
        return REFUSAL_FUNCTIONS[kind](ctx, Colour(decision.player), decision, action)
    except (LookupError, ValueError, TypeError, AttributeError):  # pragma: no cover
        # An explanation must never turn a refusal into a crash; the generic refusal stands
        # (tests/test_refusals.py calls the functions directly, so such a gap shows there).
        return None

"""The structure of a game: setup choices, prologue, acts, rounds and turns (§4-§8).

:func:`game_flow` is the whole game as one flow::

    2p docks placement (R-PSETUP-12) -> prologue (R-PROLOGUE) ->
    for each act: capo return (R-CAPO) -> rounds of turns (R-TURN) with the end-of-round
    turn order and casino income (R-ORDER) -> Lucky Luciano phase (Acts 1-3, R-GANGWAR..PAYOUT)
    -> final scoring (R-SCORING)
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import cache, lru_cache, partial

from speakeasy.core.actions import Action, Blocked, IllegalAction
from speakeasy.games.speakeasy.model.catalog.boards import Location, Person, TurnOrderLayout
from speakeasy.games.speakeasy.model.effects import Effect
from speakeasy.games.speakeasy.model.kinds import DecisionKind, EventKind
from speakeasy.games.speakeasy.model.state import BuildingType, Colour, Phase, Track
from speakeasy.games.speakeasy.rules.buildings import build
from speakeasy.games.speakeasy.rules.cards import (
    card_option,
    discard_from_hand,
    draw,
    draw_options,
    play_card,
)
from speakeasy.games.speakeasy.rules.context import Ctx, Flow
from speakeasy.games.speakeasy.rules.dispatch import Source, handles, run_effect
from speakeasy.games.speakeasy.rules.goals import cook_refusal, tokens_refusal
from speakeasy.games.speakeasy.rules.luciano import luciano_phase
from speakeasy.games.speakeasy.rules.operating import operating
from speakeasy.games.speakeasy.rules.resources import (
    DONE,
    end_of_turn_tokens,
    place_mafioso,
    use_helper_at_turn_start,
)
from speakeasy.games.speakeasy.rules.scoring import final_scoring
from speakeasy.games.speakeasy.rules.wording import count, player_name

__all__ = [
    "CENTRAL_PARK",
    "Start",
    "capo_options",
    "capo_return",
    "carry_out",
    "central_park",
    "compensate",
    "effect_text",
    "end_of_round",
    "forget_capo_options",
    "game_flow",
    "person_label",
    "persons_in_play",
    "player_round",
    "prologue",
    "prologue_building",
    "restaurant",
    "restaurant_refusal",
    "restaurant_spaces",
    "send_capo",
    "setup_docks",
    "swap_capo",
    "swap_refusal",
    "swap_targets",
    "turn",
]

CENTRAL_PARK = "central_park"


@dataclass(frozen=True)
class Start:
    """Where a game begins: from setup (the default), at the start of ``round`` of ``act``
    (``phase="rounds"``), at ``act``'s Lucky Luciano phase (``"luciano"``, acts 1-3) or at final
    scoring (``"final"``). Scenarios (:mod:`speakeasy.games.speakeasy.positions`) start later than
    setup.

    ``turn`` > 0 restarts a round at the turn of its ``turn``-th player (0-based, in the
    round's order, R-TURN-1): the engine's unlisted checkpoints, so that a copy of the game
    replays the current turn only, not the whole round."""

    phase: str = "setup"
    act: int = 1
    round: int = 1
    turn: int = 0

    def __post_init__(self) -> None:
        if self.phase not in ("setup", "rounds", "luciano", "final"):
            raise ValueError(f"unknown start phase {self.phase!r}")
        if not 1 <= self.act <= 4 or self.round < 1:
            raise ValueError(f"no act {self.act}, round {self.round} (R-ACT-1)")
        if self.phase == "luciano" and self.act == 4:
            raise ValueError("Act 4 ends with final scoring, not a Lucky Luciano phase (R-ACT-2)")
        if self.turn < 0 or (self.turn and self.phase != "rounds"):
            raise ValueError(f"no turn {self.turn} in phase {self.phase!r} (R-TURN-1)")


def game_flow(ctx: Ctx, start: Start | None = None) -> Flow[None]:
    """The whole game, from the first decision (or from ``start``) to final scoring.

    It marks a checkpoint (:meth:`~speakeasy.core.context.Context.checkpoint`) at the start of
    each round (for an act's first round: before the capo return), before each Lucky Luciano
    phase and before final scoring, with the :class:`Start` from which a fresh ``game_flow``
    continues exactly like this one: nothing but ``ctx`` carries over from one round or phase
    to the next; and, unlisted (for copies and undo only), before each turn but a round's
    first, where a fresh flow with the round's ``Start`` and the turn continues exactly too.
    """
    start = start or Start()
    acts = ctx.catalog.setup.acts
    if start.phase == "setup":
        yield from setup_docks(ctx)
        yield from prologue(ctx)
    if start.phase != "final":
        for act in range(start.act, len(acts.rounds) + 1):
            ctx.state.act = act
            first = act == start.act and start.phase != "setup"
            first_round = start.round if first else 1
            first_turn = start.turn if first else 0
            if not (first and (start.phase == "luciano" or first_turn)):
                ctx.checkpoint(Start("rounds", act, first_round))
            if act > 1 and not (
                first and (start.phase == "luciano" or start.round > 1 or first_turn)
            ):
                capo_return(ctx, act)
            if not (first and start.phase == "luciano"):
                for number in range(first_round, acts.rounds[act - 1] + 1):
                    if number > first_round:
                        ctx.checkpoint(Start("rounds", act, number))
                    turn_ = first_turn if number == first_round else 0
                    yield from player_round(ctx, number, turn_)
            if act < len(acts.rounds):
                ctx.checkpoint(Start("luciano", act))
                yield from luciano_phase(ctx, act)
    ctx.checkpoint(Start("final"))
    yield from final_scoring(ctx)


# ---------------------------------------------------------------------- setup and prologue
def setup_docks(ctx: Ctx) -> Flow[None]:
    """2p: in reverse turn order, one mafioso each into the docks (R-PSETUP-12, GAP-24)."""
    facts = ctx.catalog.setup.for_players(ctx.setup_players)
    for colour in reversed(ctx.state.turn_order.order):
        for _ in range(facts.docks_mafiosi_at_setup):
            yield from place_mafioso(ctx, colour, "docks")


def prologue(ctx: Ctx) -> Flow[None]:
    """1920: in reverse turn order, open a bar or the distillery and play a card's reward."""
    state = ctx.state
    state.phase = Phase.PROLOGUE
    for colour in reversed(state.turn_order.order):
        state.turn_player = colour
        yield from prologue_building(ctx, colour)
        player = ctx.player(colour)
        options = [
            Action(
                "play", (c,), label=partial(card_option, "Play", ctx.catalog, c, " (reward only)")
            )
            for c in sorted(set(player.hand))
        ]
        choice = yield from ctx.ask(
            colour,
            DecisionKind.PROLOGUE_CARD,
            "Play a card for its reward only",
            ("R-PROLOGUE-8", "R-CARD-4"),
            options,
        )
        yield from play_card(ctx, colour, str(choice.args[0]), action=False)
    state.turn_player = None


def prologue_building(ctx: Ctx, colour: Colour) -> Flow[None]:
    """R-PROLOGUE-4..7: open a bar or the distillery on an empty space (no takeover); the city
    token and the board reward are gained as for any opening (R-BUILD-2)."""
    yield from build(
        ctx,
        colour,
        buildings=("bar", "distillery"),
        modes=("open",),
        optional=False,
        source=Source("prologue", colour.value),
    )


# ---------------------------------------------------------------------- acts and rounds
def capo_return(ctx: Ctx, act: int) -> None:
    """Take capos back to the operations board, the rest to the box (R-CAPO-2..5)."""
    keep = ctx.catalog.setup.acts.capos[act - 1]
    state = ctx.state
    for colour, player in state.players.items():
        placed = sum(1 for c in state.persons.values() if c is colour) + state.restaurant.count(
            colour
        )
        back = min(keep, placed + player.capos)
        player.capos_boxed += placed + player.capos - back
        player.capos = back
    state.persons.clear()
    state.restaurant.clear()
    ctx.emit(
        EventKind.CAPO_RETURN,
        None,
        (f"R-CAPO-{act}", "R-CAPO-5"),
        f"Act {act} begins: every player gets {count(keep, 'capo')} back on the operations "
        "board (any others go to the box), and every person is free again.",
        act=act,
        capos=keep,
    )


def player_round(ctx: Ctx, number: int, first_turn: int = 0) -> Flow[None]:
    """One round: each player in the top-row order fixed at its start (R-TURN-1, R-ACT-3).

    From ``first_turn`` > 0 (a restart at an unlisted checkpoint) the round has begun: its
    order is the state's and the turns before are played."""
    state = ctx.state
    if not first_turn:
        _round_start(ctx, number)
    for index in range(first_turn, len(state.round_players)):
        if index:
            ctx.checkpoint(Start("rounds", state.act, number, index), listed=False)
        yield from turn(ctx, state.round_players[index])
    state.turn_player = None
    end_of_round(ctx)


def _round_start(ctx: Ctx, number: int) -> None:
    """The round's number, phase and turn order fixed (R-TURN-1), announced."""
    state = ctx.state
    state.phase = Phase.ROUNDS
    state.round = number
    state.round_players = list(state.turn_order.order)
    ctx.emit(
        EventKind.ROUND,
        None,
        ("R-ACT-1", "R-TURN-1"),
        f"Act {state.act}, round {number} begins; players take turns in the order "
        + ", ".join(player_name(c) for c in state.round_players)
        + ".",
        act=state.act,
        round=number,
        order=[c.value for c in state.round_players],
    )


def turn(ctx: Ctx, colour: Colour) -> Flow[None]:
    """A player's turn (R-TURN-2..6)."""
    ctx.state.turn_player = colour
    yield from use_helper_at_turn_start(ctx, colour)
    yield from send_capo(ctx, colour)
    options = draw_options(ctx, "any")
    if options:
        choice = yield from ctx.ask(
            colour,
            DecisionKind.TURN_DRAW,
            "Draw an operation card (end of turn)",
            ("R-TURN-5",),
            options,
        )
        draw(ctx, colour, Track(str(choice.args[0])))
    yield from end_of_turn_tokens(ctx, colour)
    while ctx.state.compensated:  # R-LOC-CENTRALPARK-4: their limit, at the end of this turn
        yield from end_of_turn_tokens(ctx, ctx.state.compensated.pop(0))


def end_of_round(ctx: Ctx) -> None:
    """Casino income and the new turn order when anyone took the Restaurant (R-ORDER-4..8)."""
    order = ctx.state.turn_order
    if all(c is None for c in order.bottom):
        return  # R-ORDER-8
    income = ctx.catalog.setup.for_players(ctx.setup_players).casino_income
    for colour, player in ctx.state.players.items():
        casinos = sum(
            1
            for d, _, b in ctx.state.buildings(colour)
            if b.type is BuildingType.CASINO and operating(ctx.state.districts[d], b)
        )
        if casinos:
            player.pocket += casinos * income
            ctx.emit(
                EventKind.CASINO_INCOME,
                colour,
                ("R-ORDER-5",),
                f"End of round: {player_name(colour)}'s {count(casinos, 'operating casino')} "
                f"{'pays' if casinos == 1 else 'pay'} ${casinos * income} into the pocket.",
                amount=casinos * income,
                casinos=casinos,
            )
    moved = {c for c in order.bottom if c is not None}
    staying = [c for c in order.top if c is not None and c not in moved]
    top: list[Colour | None] = list(order.bottom)
    free = [i for i, c in enumerate(order.bottom) if c is None]
    for i, colour in zip(free, staying, strict=False):
        top[i] = colour
    order.top = top
    order.bottom = [None] * len(top)
    ctx.emit(
        EventKind.TURN_ORDER,
        None,
        ("R-ORDER-6", "R-ORDER-7"),
        "End of round: markers in the bottom row move straight up and the others slide into "
        "the free columns; the new turn order is "
        + ", ".join(player_name(c) for c in order.order)
        + ".",
        order=[c.value for c in order.order],
    )


# ---------------------------------------------------------------------- locations
def persons_in_play(ctx: Ctx, location: Location) -> tuple[Person, ...]:
    """The persons of a location at this player count (R-LOC-GEN-6, DISC-2 switch)."""
    players = ctx.setup_players
    if (
        players == 2
        and ctx.options.two_persons_at_city_hall_and_docks_2p
        and location.id in ("city_hall", "docks")
    ):
        return location.persons(3)[:2]
    return location.persons(players)


def effect_text(effect: Effect) -> str:
    """An effect's label with every parameter its template leaves out, so an option built from
    it states all it does (R-LOC-GARAGE-2: the left person's +2 range, R-LOC-CONTRACTORS-2 and
    R-LOC-PLANNING-1: up to 2 builds).

    >>> effect_text(Effect.of("play_card", type="fleet", range_bonus=2))
    'play a fleet operation card with +2 range for every truck in its pick up and deliver action'
    >>> effect_text(Effect.of("play_card"))
    'play an operation card of any type'
    """
    text = effect.label
    template = type(effect).VOCABULARY[effect.kind]
    for name, value in effect.params:
        if f"{{{name}}}" in template.label or not value or value == template.params[name].default:
            continue  # stated by the template, or nothing beyond the default
        if name == "range_bonus":
            text += f" with +{value} range for every truck in its pick up and deliver action"
        elif name == "times":
            text += f", up to {value} times"
        elif name == "ignore_defence":
            text += ", ignoring the gangster bar's defence"
        elif name == "discard_for_more":
            text += ", discarding cards to raise it further"
        else:
            text += f" ({name.replace('_', ' ')} {value})"
    return text


def person_label(ctx: Ctx, location: Location, person: Person) -> str:
    """Every action of a person, box actions included, in order (R-LOC-GEN-3/4)."""
    return _person_text(location, person)


def _person_text(location: Location, person: Person) -> str:
    """:func:`person_label` from the catalogue alone (option labels build it when read)."""
    return _named_person_text(location.name, person)


def _named_person_text(name: str, person: Person) -> str:
    actions = "; ".join(effect_text(e) for e in person.actions)
    return f"{name}, person {person.index + 1}: {actions}"


def _swap_text(who: Colour, location: Location, person: Person) -> str:
    return f"Replace {who}'s capo: {_person_text(location, person)}"


def forget_capo_options() -> None:
    """Forget the capo options made so far (each is made once per person and shared by every
    game of the process): the next decisions make them, and their unread labels, anew."""
    _capo_action.cache_clear()


@lru_cache(maxsize=1024)
def _capo_action(name: str, person: Person) -> Action:
    """The option of sending a capo to ``person`` of the location called ``name``, made once
    per person (persons hash by location and index); its label is built when read."""
    return Action(
        "capo", (person.location, person.index), label=partial(_named_person_text, name, person)
    )


def capo_options(ctx: Ctx, colour: Colour) -> tuple[list[Action], list[Blocked]]:
    """Available persons (R-TURN-3/4, R-CAPO-5) and why the others are not."""
    options, blocked = _capo_choices(ctx, colour)
    return options, list(_blocked(blocked))


#: A person taken by another capo: its option and that capo's colour (worded when read).
_Taken = tuple[Action, Colour]


def _blocked(items: list[Blocked | _Taken]) -> tuple[Blocked, ...]:
    return tuple(item if isinstance(item, Blocked) else _taken(*item) for item in items)


def _taken(action: Action, who: Colour) -> Blocked:
    return Blocked(
        action,
        IllegalAction(
            "person-taken", "R-TURN-4", f"{who}'s capo already talks to this person this act"
        ),
    )


def _capo_choices(ctx: Ctx, colour: Colour) -> tuple[list[Action], list[Blocked | _Taken]]:
    """:func:`capo_options`, with the taken persons not yet worded (most of a late act's
    persons are taken, and only a reader needs their refusals)."""
    options: list[Action] = []
    blocked: list[Blocked | _Taken] = []
    for location in ctx.catalog.locations.values():
        if location.unlimited:
            action = Action(
                "capo",
                (location.id, 0),
                label=f"{location.name}: discard, move to the bottom row of the turn order, "
                "then up to 2 different actions (play an operation card, play up to 2 city "
                "tokens, cook up to 3 books)",
            )
            err = restaurant_refusal(ctx, colour)
            if err is None:
                options.append(action)
            else:
                blocked.append(Blocked(action, err))
            continue
        if location.id == CENTRAL_PARK:
            action = Action(
                "capo",
                (location.id, 0),
                label=f"{location.name}: swap capos with another player, who may take a leverage "
                "token, a book or a city token; then do the actions of the person you now talk to",
            )
            err = swap_refusal(ctx, colour)
            if err is None:
                options.append(action)
            else:
                blocked.append(Blocked(action, err))
            continue
        for person in persons_in_play(ctx, location):
            action = _capo_action(location.name, person)
            who = ctx.state.persons.get(f"{location.id}:{person.index}")
            if who is None:
                options.append(action)
            else:
                blocked.append((action, who))
    return options, blocked


def send_capo(ctx: Ctx, colour: Colour) -> Flow[None]:
    """Send a capo to an available person and carry out its actions (R-TURN-3, R-LOC-GEN)."""
    options, blocked = _capo_choices(ctx, colour)
    choice = yield from ctx.ask(
        colour,
        DecisionKind.CAPO,
        "Send a capo to a person",
        ("R-TURN-3", "R-TURN-4"),
        options,
        cache(partial(_blocked, blocked)),  # worded on the first read, then the same
    )
    location = ctx.catalog.location(str(choice.args[0]))
    if location.unlimited:
        ctx.player(colour).capos -= 1
        ctx.state.restaurant.append(colour)
        ctx.emit(
            EventKind.CAPO,
            colour,
            ("R-TURN-3", "R-LOC-GEN-2"),
            f"{player_name(colour)} sends a capo to the {location.name}.",
            location=location.id,
        )
        yield from carry_out(ctx, colour, location, 0)
    elif location.id == CENTRAL_PARK:
        yield from central_park(ctx, colour)
    else:
        index = int(choice.args[1])
        ctx.player(colour).capos -= 1
        ctx.state.persons[f"{location.id}:{index}"] = colour
        ctx.emit(
            EventKind.CAPO,
            colour,
            ("R-TURN-3",),
            f"{player_name(colour)} sends a capo to {location.name}, person {index + 1}, and "
            "does its actions.",
            location=location.id,
            person=index,
        )
        yield from carry_out(ctx, colour, location, index)


def carry_out(ctx: Ctx, colour: Colour, location: Location, index: int) -> Flow[None]:
    """The person's actions, box actions included, top to bottom (R-LOC-GEN-3/4)."""
    key = f"{location.id}:{index}"
    for effect in location.person(index).actions:
        yield from run_effect(ctx, colour, effect, Source("person", key))


# ---------------------------------------------------------------------- the Restaurant
def _layout(ctx: Ctx) -> TurnOrderLayout:
    return ctx.catalog.turn_order.for_players(ctx.setup_players)


def restaurant_spaces(ctx: Ctx, colour: Colour) -> list[tuple[int, int]]:
    """``(bottom space, cards to discard)`` the player can take now (R-LOC-RESTAURANT-1..3)."""
    hand = len(ctx.player(colour).hand)
    layout = _layout(ctx)
    return [
        (space, layout.discards_for(space))
        for space in range(1, layout.columns + 1)
        if ctx.state.turn_order.bottom[space - 1] is None and layout.discards_for(space) <= hand
    ]


def restaurant_refusal(ctx: Ctx, colour: Colour) -> IllegalAction | None:
    """Why the Restaurant cannot take this capo now, or ``None`` (R-LOC-RESTAURANT-3)."""
    if restaurant_spaces(ctx, colour):
        return None
    if not ctx.player(colour).hand:
        return IllegalAction(
            "no-card",
            "R-LOC-RESTAURANT-3",
            "the Restaurant needs a card to discard and you hold none",
        )
    return IllegalAction(
        "no-card",
        "R-LOC-RESTAURANT-3",
        "the only free bottom spaces need a second discard and you hold one card",
    )


@handles("restaurant")
def restaurant(ctx: Ctx, colour: Colour, effect: Effect, source: Source) -> Flow[None]:
    """Discard, move to the bottom row, then up to 2 different actions (R-LOC-RESTAURANT-1..7)."""
    order = ctx.state.turn_order
    options = [
        Action(
            "bottom",
            (space,),
            label=f"Bottom space {space}: protection costs "
            f"{_layout(ctx).protection_cost(space)} per mafioso; discard {need} card"
            + ("s" if need > 1 else ""),
        )
        for space, need in restaurant_spaces(ctx, colour)
    ]
    choice = yield from ctx.ask(
        colour,
        DecisionKind.RESTAURANT_SPACE,
        "Choose your new turn-order space",
        ("R-LOC-RESTAURANT-1", "R-LOC-RESTAURANT-2"),
        options,
    )
    space = int(choice.args[0])
    need = _layout(ctx).discards_for(space)
    yield from discard_from_hand(
        ctx,
        colour,
        need,
        prompt="Discard for the Restaurant",
        rules=("R-LOC-RESTAURANT-1", "R-LOC-RESTAURANT-2"),
    )
    for row in (order.top, order.bottom):
        if colour in row:
            row[row.index(colour)] = None
    order.bottom[space - 1] = colour
    ctx.emit(
        EventKind.RESTAURANT,
        colour,
        ("R-LOC-RESTAURANT-1", "R-ORDER-3", "R-LOC-RESTAURANT-5"),
        f"{player_name(colour)} moves to bottom space {space} of the turn-order track: "
        "protection now costs what that column says, and the new turn order takes effect at "
        "the end of the round.",
        space=space,
    )
    done: list[str] = []
    choices = {
        "play": (Effect.of("play_card", type="any"), "Play an operation card"),
        "tokens": (Effect.of("play_city_tokens", n=2), "Play up to 2 city tokens"),
        "books": (Effect.of("cook_books", n=3), "Cook up to 3 books"),
    }
    while len(done) < 2:
        # An action that could do nothing now is greyed out with its reason rather than
        # offered as an empty choice (issue 15 reading: each book needs a goal space whose
        # requirement you meet, CZ "Musíte splňovat podmínky vybraného pole", PL "Musisz
        # spełnić wymagania wybranego pola"; all actions are optional, so skipping is DONE).
        open_actions: list[Action] = []
        blocked: list[Blocked] = []
        for k, (_, label) in choices.items():
            if k in done:
                continue
            action = Action("restaurant_action", (k,), label=label)
            error = _restaurant_action_refusal(ctx, colour, k)
            if error is None:
                open_actions.append(action)
            else:
                blocked.append(Blocked(action, error))
        choice = yield from ctx.ask(
            colour,
            DecisionKind.RESTAURANT_ACTION,
            "Choose a Restaurant action (up to 2 different)",
            ("R-LOC-RESTAURANT-7",),
            [*open_actions, DONE],
            _always(tuple(blocked)),
        )
        if choice == DONE:
            return
        key = str(choice.args[0])
        done.append(key)
        yield from run_effect(ctx, colour, choices[key][0], source)


def _always(items: tuple[Blocked, ...]) -> Callable[[], tuple[Blocked, ...]]:
    return lambda: items


def _restaurant_action_refusal(ctx: Ctx, colour: Colour, key: str) -> IllegalAction | None:
    """Why a Restaurant action would do nothing now (R-LOC-RESTAURANT-7), or ``None``."""
    if key == "play":
        if ctx.player(colour).hand:
            return None
        return IllegalAction("no-card", "R-CARD-3", "you hold no operation card to play")
    if key == "tokens":
        return tokens_refusal(ctx, colour)
    return cook_refusal(ctx, colour)


# ---------------------------------------------------------------------- Central Park
def _free_park_person(ctx: Ctx) -> int | None:
    for person in persons_in_play(ctx, ctx.catalog.location(CENTRAL_PARK)):
        if f"{CENTRAL_PARK}:{person.index}" not in ctx.state.persons:
            return person.index
    return None


def _swappable(ctx: Ctx, colour: Colour, key: str, who: Colour) -> bool:
    """Whether the capo of ``who`` at the person ``key`` can be swapped (R-LOC-CENTRALPARK-1)."""
    return who is not colour and key.partition(":")[0] != CENTRAL_PARK


def swap_targets(ctx: Ctx, colour: Colour) -> list[Action]:
    """Other players' capos outside Central Park that yours can replace (R-LOC-CENTRALPARK-1/5)."""
    targets: list[Action] = []
    for key, who in sorted(ctx.state.persons.items()):
        if not _swappable(ctx, colour, key, who):
            continue
        location_id, _, index = key.partition(":")
        location = ctx.catalog.location(location_id)
        person = location.person(int(index))
        targets.append(
            Action(
                "swap",
                (location_id, int(index)),
                label=partial(_swap_text, who, location, person),
            )
        )
    if ctx.options.restaurant_swap and restaurant_refusal(ctx, colour) is None:
        for who in sorted(set(ctx.state.restaurant) - {colour}):
            targets.append(
                Action(
                    "swap",
                    ("restaurant", who.value),
                    label=f"Replace {who}'s capo in the Restaurant",
                )
            )
    return targets


def _any_swap_target(ctx: Ctx, colour: Colour) -> bool:
    """``bool(swap_targets(ctx, colour))``, without making the options."""
    if any(_swappable(ctx, colour, key, who) for key, who in ctx.state.persons.items()):
        return True
    return bool(
        ctx.options.restaurant_swap
        and set(ctx.state.restaurant) - {colour}
        and restaurant_refusal(ctx, colour) is None
    )


def swap_refusal(ctx: Ctx, colour: Colour) -> IllegalAction | None:
    if _free_park_person(ctx) is None:
        return IllegalAction(
            "park-full",
            "R-LOC-CENTRALPARK-2",
            "every Central Park person already has a capo this act",
        )
    if not _any_swap_target(ctx, colour):
        return IllegalAction(
            "no-swap",
            "R-LOC-CENTRALPARK-1",
            "no other player's capo is outside Central Park to swap with",
        )
    return None


def central_park(ctx: Ctx, colour: Colour) -> Flow[None]:
    """Swap capos, let the moved player take (or decline) a reward, then carry out the
    person's actions (R-LOC-CENTRALPARK-1..4, in the rulebooks' order)."""
    targets = swap_targets(ctx, colour)
    choice = yield from ctx.ask(
        colour,
        DecisionKind.SWAP,
        "Whose capo does yours replace?",
        ("R-LOC-CENTRALPARK-1",),
        targets,
    )
    park_index = _free_park_person(ctx)
    assert park_index is not None
    ctx.player(colour).capos -= 1
    where, what = str(choice.args[0]), choice.args[1]
    if where == "restaurant":
        other = Colour(str(what))
        ctx.state.restaurant[ctx.state.restaurant.index(other)] = colour
        location, index = ctx.catalog.location("restaurant"), 0
    else:
        index = int(what)
        key = f"{where}:{index}"
        other = ctx.state.persons[key]
        ctx.state.persons[key] = colour
        location = ctx.catalog.location(where)
    ctx.state.persons[f"{CENTRAL_PARK}:{park_index}"] = other
    ctx.emit(
        EventKind.SWAP,
        colour,
        ("R-LOC-CENTRALPARK-1", "R-LOC-CENTRALPARK-6"),
        f"{player_name(colour)}'s capo takes {player_name(other)}'s place at {location.name}; "
        f"{player_name(other)}'s capo moves to Central Park, where it stays for the act. "
        f"{player_name(other)} may take a reward first, then {player_name(colour)} carries "
        "out the person's actions.",
        location=location.id,
        other=other.value,
    )
    yield from compensate(ctx, other)  # R-LOC-CENTRALPARK-4: before the mover acts
    yield from carry_out(ctx, colour, location, index)  # R-LOC-CENTRALPARK-3


def compensate(ctx: Ctx, colour: Colour) -> Flow[None]:
    """The displaced player may take a leverage token, a book or a city token, or decline
    (R-LOC-CENTRALPARK-4: CZ "může vybrat", PL "może wybrać"), before the mover acts."""
    options = [
        Action("compensation", ("leverage",), label="Take a leverage token"),
        Action("compensation", ("book",), label="Take a book"),
        Action("compensation", ("city_token",), label="Take a city token"),
        Action("compensation", ("none",), label="Take nothing"),
    ]
    choice = yield from ctx.ask(
        colour,
        DecisionKind.COMPENSATION,
        "Your capo was moved to Central Park: you may take a reward before the other player acts",
        ("R-LOC-CENTRALPARK-4",),
        options,
    )
    what = str(choice.args[0])
    if what == "none":
        ctx.emit(
            EventKind.NO_COMPENSATION,
            colour,
            ("R-LOC-CENTRALPARK-4",),
            f"{player_name(colour)} takes no reward for the capo moved to Central Park.",
        )
        return
    kind = {"leverage": "gain_leverage", "book": "gain_book", "city_token": "gain_city_token"}[what]
    yield from run_effect(ctx, colour, Effect.of(kind), Source("park", colour.value))
    ctx.state.compensated.append(colour)


@handles("swap_capo")
def swap_capo(ctx: Ctx, colour: Colour, effect: Effect, source: Source) -> Flow[None]:
    """Central Park's box action: the swap (reached through :func:`send_capo`)."""
    yield from central_park(ctx, colour)

"""Operation cards, levels, strength and notoriety (R-CARD-1..8, R-LEVEL-1..7, R-NOTOR-1..5).

Handlers: ``draw_card``, ``play_card``, ``range_bonus``, ``raise_level``. Helpers used by other
rules: :func:`discard_from_hand` (R-CARD-5) and :func:`play_card` (R-CARD-3, the prologue's
reward-only play R-PROLOGUE-8).
"""

from __future__ import annotations

from functools import partial

from speakeasy.core.actions import Action, Blocked, IllegalAction
from speakeasy.games.speakeasy.model.catalog.catalog import Catalog
from speakeasy.games.speakeasy.model.effects import Effect
from speakeasy.games.speakeasy.model.kinds import DecisionKind, EventKind
from speakeasy.games.speakeasy.model.state import OPERATIONS, Colour, Player, Track
from speakeasy.games.speakeasy.rules.context import Ctx, Flow
from speakeasy.games.speakeasy.rules.dispatch import Source, handles, run_effect, run_effects
from speakeasy.games.speakeasy.rules.wording import card_name, player_name

__all__ = [
    "MAX_LEVEL",
    "SKIP",
    "card_label",
    "card_option",
    "discard_from_hand",
    "draw",
    "draw_card",
    "draw_options",
    "notoriety_rewards",
    "play_card",
    "play_card_effect",
    "raise_level",
    "raise_requirement",
    "raise_track",
    "range_bonus",
]

MAX_LEVEL = 5  # R-LEVEL-1
SKIP = Action("skip", label="Skip this action")


def _card_type(ctx: Ctx, card_id: str) -> Track:
    return Track(ctx.catalog.card(card_id).type)


def card_label(ctx: Ctx, card_id: str) -> str:
    return _card_words(ctx.catalog, card_id)


def _card_words(catalog: Catalog, card_id: str) -> str:
    card = catalog.card(card_id)
    reward = ", ".join(e.label for e in card.reward) or "no reward"
    return f"{card_id} ({card.type}; reward: {reward}; leverage {card.leverage})"


def card_option(verb: str, catalog: Catalog, card_id: str, tail: str = "") -> str:
    """A card option's label (``Play vip-02 (...)``), built when read (bind it with
    :func:`functools.partial`): a bot never reads it."""
    return f"{verb} {_card_words(catalog, card_id)}{tail}"


#: The draw options' labels, one per deck. They name no card: the top card is public
#: (R-CARD-6), and a table names it from the seat's observation (the engine's state holds the
#: hidden cards below it as well).
_DRAW_TEXT: dict[Track, str] = {t: f"Draw the top {t.value} card" for t in OPERATIONS}


# ---------------------------------------------------------------------- discard / draw
def discard_from_hand(
    ctx: Ctx, colour: Colour, count: int, *, prompt: str, rules: tuple[str, ...]
) -> Flow[None]:
    """Discard ``count`` cards chosen from hand to the bottom of their decks (R-CARD-5)."""
    player = ctx.player(colour)
    if len(player.hand) < count:
        raise AssertionError(f"{colour} must discard {count} but holds {len(player.hand)}")
    for i in range(count):
        options = [
            Action("discard", (card,), label=partial(card_option, "Discard", ctx.catalog, card))
            for card in sorted(set(player.hand))
        ]
        suffix = f" ({i + 1} of {count})" if count > 1 else ""
        choice = yield from ctx.ask(colour, DecisionKind.DISCARD, prompt + suffix, rules, options)
        card_id = str(choice.args[0])
        player.hand.remove(card_id)
        ctx.state.operation_decks[_card_type(ctx, card_id)].append(card_id)
        ctx.emit(
            EventKind.DISCARD,
            colour,
            ("R-CARD-5", *rules),
            f"{player_name(colour)} discards {card_name(ctx.catalog, card_id)}; it goes face up "
            "under its deck.",
            card=card_id,
        )


def draw(ctx: Ctx, colour: Colour, track: Track) -> str | None:
    """Take the top card of a face-up deck (R-CARD-6); ``None`` if it is empty (GAP-22)."""
    deck = ctx.state.operation_decks[track]
    if not deck:
        return None
    card_id = deck.pop(0)
    player = ctx.player(colour)
    player.hand.append(card_id)
    player.hand.sort()
    ctx.emit(
        EventKind.DRAW,
        colour,
        ("R-CARD-6",),
        f"{player_name(colour)} draws {card_name(ctx.catalog, card_id)} from the top of its "
        "face-up deck.",
        card=card_id,
    )
    return card_id


def draw_options(ctx: Ctx, card_type: str) -> list[Action]:
    types = OPERATIONS if card_type == "any" else (Track(card_type),)
    return [
        Action("draw", (t.value,), label=_DRAW_TEXT[t])
        for t in types
        if ctx.state.operation_decks[t]
    ]


@handles("draw_card")
def draw_card(ctx: Ctx, colour: Colour, effect: Effect, source: Source) -> Flow[None]:
    """Draw ``n`` cards of the given type (R-CARD-6, R-CITYTOK-1..5, R-HELPERCARD-2..6)."""
    for _ in range(effect.integer("n")):
        options = draw_options(ctx, effect.text("type"))
        if not options:
            ctx.emit(EventKind.NO_CARD, colour, ("GAP-22",), "No card left to draw.")
            return
        choice = yield from ctx.ask(
            colour, DecisionKind.DRAW, "Draw an operation card", ("R-CARD-6",), options
        )
        draw(ctx, colour, Track(str(choice.args[0])))


# ---------------------------------------------------------------------- play
def play_card(
    ctx: Ctx, colour: Colour, card_id: str, *, action: bool = True, range_bonus: int = 0
) -> Flow[None]:
    """Play a card from hand into its slot (R-CARD-3): replace, reward, then its action.

    ``action=False`` is the prologue play: reward only, no action (R-PROLOGUE-8, R-CARD-4).
    ``range_bonus`` is extra truck range from where the card is played (R-LOC-GARAGE-2).
    """
    player = ctx.player(colour)
    card = ctx.catalog.card(card_id)
    track = Track(card.type)
    player.hand.remove(card_id)
    old = player.slots[track]
    if old is not None:
        ctx.state.operation_decks[track].append(old)
    player.slots[track] = card_id
    ctx.emit(
        EventKind.PLAY_CARD,
        colour,
        ("R-CARD-3",),
        f"{player_name(colour)} plays {card_name(ctx.catalog, card_id)} into its slot"
        + (f", sending {old} back under its deck." if old else "."),
        card=card_id,
        replaced=old,
    )
    bonus = range_bonus + sum(e.integer("n") for e in card.reward if e.kind == "range_bonus")
    source = Source("card", card_id, track=track.value, range_bonus=bonus)
    yield from run_effects(ctx, colour, card.reward, source)
    if action:
        yield from run_effect(ctx, colour, ctx.catalog.card_actions[card.type], source)


@handles("play_card")
def play_card_effect(ctx: Ctx, colour: Colour, effect: Effect, source: Source) -> Flow[None]:
    """Choose a card of the allowed type from hand and play it (R-CARD-3), or skip."""
    player = ctx.player(colour)
    wanted = effect.text("type")
    cards = sorted(c for c in set(player.hand) if wanted in ("any", ctx.catalog.card(c).type))
    if not cards:
        ctx.emit(
            EventKind.NO_CARD,
            colour,
            ("R-CARD-3",),
            f"{player_name(colour)} has no {'' if wanted == 'any' else wanted + ' '}card to play.",
        )
        return
    options = [
        Action("play", (c,), label=partial(card_option, "Play", ctx.catalog, c)) for c in cards
    ]
    choice = yield from ctx.ask(
        colour,
        DecisionKind.PLAY_CARD,
        f"Play a {wanted} operation card" if wanted != "any" else "Play an operation card",
        ("R-CARD-3",),
        [*options, SKIP],
    )
    if choice == SKIP:
        return
    yield from play_card(
        ctx, colour, str(choice.args[0]), range_bonus=effect.integer("range_bonus")
    )


@handles("range_bonus")
def range_bonus(ctx: Ctx, colour: Colour, effect: Effect, source: Source) -> Flow[None]:
    """A fleet card's "+2 range": it applies to that card's own action (R-CARD-8, GAP-25)."""
    ctx.emit(
        EventKind.RANGE_BONUS,
        colour,
        ("R-CARD-8",),
        f"{player_name(colour)}'s trucks get +{effect.integer('n')} range for this card's "
        "pick-up-and-deliver action.",
        n=effect.integer("n"),
    )
    return
    yield  # a flow that asks nothing


# ---------------------------------------------------------------------- levels
def raise_requirement(ctx: Ctx, player: Player, track: Track) -> IllegalAction | None:
    """Why ``track`` cannot go up one level now, or ``None`` if it can (R-LEVEL-1/3/4/5)."""
    level = player.levels[track]
    if level >= MAX_LEVEL:
        return IllegalAction("max-level", "R-LEVEL-1", f"{track.value} is already at level 5")
    need = ctx.catalog.operations_board.raise_discards(track.value, level + 1)
    if len(player.hand) < need:
        rule = "R-LEVEL-4" if track is Track.STRENGTH else "R-LEVEL-3"
        return IllegalAction(
            "no-card",
            rule,
            f"raising {track.value} to {level + 1} needs {need} discarded card(s); "
            f"you hold {len(player.hand)}",
        )
    return None


def raise_track(ctx: Ctx, colour: Colour, track: Track, *, rules: tuple[str, ...]) -> Flow[None]:
    """Raise one level: required discards, the level, notoriety and its rewards."""
    player = ctx.player(colour)
    level = player.levels[track]
    need = ctx.catalog.operations_board.raise_discards(track.value, level + 1)
    if need:
        yield from discard_from_hand(
            ctx,
            colour,
            need,
            prompt=f"Discard for {track.value} level {level + 1}",
            rules=("R-LEVEL-4",) if track is Track.STRENGTH else ("R-LEVEL-3",),
        )
    before = player.notoriety
    player.levels[track] = level + 1
    ctx.emit(
        EventKind.RAISE,
        colour,
        (*rules, "R-LEVEL-2", "R-NOTOR-1"),
        f"{player_name(colour)} raises {track.value} from level {level} to {level + 1}; "
        f"notoriety rises with it to {player.notoriety}.",
        track=track.value,
        level=level + 1,
        notoriety=player.notoriety,
    )
    yield from notoriety_rewards(ctx, colour, before, player.notoriety)


def notoriety_rewards(ctx: Ctx, colour: Colour, old: int, new: int) -> Flow[None]:
    """One-time rewards passed on the notoriety track, in track order (R-NOTOR-3..5)."""
    player = ctx.player(colour)
    for reward in ctx.catalog.notoriety.rewards_passed(old, new):
        ctx.emit(
            EventKind.NOTORIETY_REWARD,
            colour,
            ("R-NOTOR-3", "R-NOTOR-5"),
            f"{player_name(colour)}'s notoriety reaches {reward.space}, a space with a one-off "
            "reward.",
            space=reward.space,
        )
        if reward.placed_at_setup:
            if reward.space not in player.notoriety_mafiosi:
                continue
            player.notoriety_mafiosi.remove(reward.space)
            player.mafiosi += 1  # the reserved mafioso, gained under R-MAFIOSO-1 (R-NOTOR-4)
        yield from run_effects(ctx, colour, reward.effect, Source("notoriety", str(reward.space)))


def _track_options(ctx: Ctx, player: Player, allowed: tuple[Track, ...]) -> list[Action]:
    return [
        Action("raise", (t.value,), label=f"Raise {t.value} to {player.levels[t] + 1}")
        for t in allowed
        if raise_requirement(ctx, player, t) is None
    ]


@handles("raise_level")
def raise_level(ctx: Ctx, colour: Colour, effect: Effect, source: Source) -> Flow[None]:
    """Raise a track by ``n`` (R-LEVEL-2..6); optionally discard for +1 more (R-LEVEL-6, E10)."""
    player = ctx.player(colour)
    which = effect.text("track")
    if which == "any":
        allowed: tuple[Track, ...] = (*OPERATIONS, Track.STRENGTH)
    elif which == "card":
        allowed = (Track(source.track),) if source.track else ()
    else:
        allowed = (Track(which),)
    chosen: Track | None = None
    for _ in range(effect.integer("n")):
        options = _track_options(ctx, player, allowed if chosen is None else (chosen,))
        if not options:
            track = {"any": "any track", "card": "this card's track"}.get(which, which)
            ctx.emit(
                EventKind.NO_RAISE,
                colour,
                ("R-LEVEL-5",),
                f"{player_name(colour)} cannot raise {track} now.",
            )
            return

        def blocked(tracks: tuple[Track, ...] = allowed) -> tuple[Blocked, ...]:
            out = []
            for t in tracks:
                err = raise_requirement(ctx, player, t)
                if err is not None:
                    out.append(Blocked(Action("raise", (t.value,)), err))
            return tuple(out)

        choice = yield from ctx.ask(
            colour,
            DecisionKind.RAISE,
            "Raise an operation or strength by 1",
            ("R-LEVEL-2",),
            [*options, SKIP],
            blocked,
        )
        if choice == SKIP:
            return
        chosen = Track(str(choice.args[0]))
        yield from raise_track(ctx, colour, chosen, rules=("R-LEVEL-2",))
    if chosen is None or not effect.flag("discard_for_more"):
        return
    # R-LEVEL-6: one more card for one more level on the same track (plus R-LEVEL-3 at 5).
    if raise_requirement(ctx, player, chosen) is not None or len(player.hand) < 1 + (
        ctx.catalog.operations_board.raise_discards(chosen.value, player.levels[chosen] + 1)
    ):
        return
    more = Action(
        "more",
        (chosen.value,),
        label=f"Discard a card to raise {chosen.value} to {player.levels[chosen] + 1}",
    )
    choice = yield from ctx.ask(
        colour,
        DecisionKind.RAISE_MORE,
        "Discard a card for +1 more level?",
        ("R-LEVEL-6",),
        [more, SKIP],
    )
    if choice == SKIP:
        return
    yield from discard_from_hand(
        ctx, colour, 1, prompt=f"Discard for +1 {chosen.value}", rules=("R-LEVEL-6",)
    )
    yield from raise_track(ctx, colour, chosen, rules=("R-LEVEL-6",))

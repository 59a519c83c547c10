"""A whole Speakeasy game rebuilt from one seat's observation, its hidden facts drawn at random
(issue 27's search bot; :mod:`speakeasy.core.determinize`).

What :func:`~.observe.observe` hides from a seat (its module's tables), and how each is drawn:

===================================  ==========================================  ===============
hidden                               drawn from                                  rules
===================================  ==========================================  ===============
another player's hand                the operation cards the seat cannot see     R-PSETUP-1,
                                     (any type), by the hand's size              R-CARD-5
another player's helper cards        the helper cards the seat cannot see        R-HELPER-3
behind the screen
another player's safe                its public record: the start, plus what     R-MONEY-1,
                                     went in, less what was laundered out (every R-MONEY-2,
                                     flow is announced, so this is exact)        R-MONEY-4,
                                                                                 R-PSETUP-7
each operation deck below its top    that type's unseen cards                    R-SETUP-18,
                                                                                 R-CARD-6
the helper deck                      the unseen helper cards                     R-SETUP-19
the face-down city-token stacks      the unseen city tokens (54 in all)          R-SETUP-15,
                                                                                 R-CITY-3
the gangster decks B, C, D           that deck's tiles not on the map or a       R-SETUP-4,
                                     partner space                               R-GANGWAR-1
the crate stack below its top        the crates not on a ship, the stack's top   R-SETUP-21
                                     or a player's board
the war tokens on the time track     the open districts with no war token and   R-SETUP-8,
                                     no gangster yet                             R-SETUP-9
the police tokens on the time track  the districts with no police and no         R-SETUP-12,
                                     police token                                R-SETUP-13
the random number generator          a fresh seed (the game's seed is hidden)
===================================  ==========================================  ===============

Each kind is shuffled and dealt to its places by their sizes; what is left over is in the box
(a card, token or tile no one has seen since it left play). Everything else is public and
copied from the observation as it is.

>>> from speakeasy.games.speakeasy.engine.game import Game
>>> game = Game.new(players=2, seed=7)
>>> purple = game.colours[0]
>>> seen = game.observe(purple)
>>> sampled = determinize(seen, random.Random(1))
>>> sampled.observe(purple) == seen, sampled.legal_actions() == game.legal_actions()
(True, True)
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from typing import TypeVar

from speakeasy.core.determinize import determinized
from speakeasy.games.speakeasy.engine.game import Game
from speakeasy.games.speakeasy.engine.observe import (
    HIDDEN,
    HIDDEN_DISTRICT,
    Observation,
    _clone,
)
from speakeasy.games.speakeasy.model.catalog.catalog import Catalog
from speakeasy.games.speakeasy.model.catalog.loader import load_catalog
from speakeasy.games.speakeasy.model.state import OPERATIONS, Colour, GameState
from speakeasy.games.speakeasy.rules.scoring import score_breakdown

__all__ = ["determinize", "evaluate", "final_scores", "sample_state"]

T = TypeVar("T")

#: The districts of the map (R-COMP-6: 16 district tokens).
DISTRICTS = range(1, 17)


def sample_state(
    seen: Observation,
    rng: random.Random,
    like: GameState | None = None,
    forced: Mapping[Colour, Sequence[str]] | None = None,
) -> GameState:
    """A whole state that ``seen`` is the observation of, each hidden fact (the table in the
    module's docstring) drawn from ``rng``. The operation cards of ``forced[c]`` that the seat
    cannot see are in ``c``'s hand (cards ``c`` played later, R-CARD-5); another player's
    hand and helper cards behind the screen in ``like`` are kept when they fit (the replay
    that reached the position dealt them, and a pending decision's options used them).
    Another player's safe is its public record's (R-MONEY-1/2/4): known, so not drawn."""
    catalog = seen.catalog if seen.catalog is not None else load_catalog()
    state = _clone(seen.state)
    others = {c for c in state.players if seen.hides(c)}
    given = {c: list(like.players[c].hand) for c in others} if like is not None else {}
    for colour, cards in (forced or {}).items():
        if colour in others:
            given[colour] = [*given.get(colour, []), *cards]
    _operation_cards(state, catalog, others, rng, given)
    _helpers(state, catalog, others, rng, like)
    _city_tokens(state, catalog, rng)
    _gangsters(state, catalog, rng)
    _crates(state, catalog, rng)
    _time_track(state, rng)
    for colour in others:  # R-MONEY-2, R-MONEY-4: every flow through a safe is announced
        player = state.players[colour]
        player.safe = player.safe_known
    return state


def _unseen(universe: Iterable[str], shown: Iterable[str | None]) -> list[str]:
    """The items of ``universe`` (with copies) not among ``shown``, sorted (then shuffled)."""
    visible = Counter(x for x in shown if x is not None and x != HIDDEN)
    return sorted((Counter(universe) - visible).elements())


def _deal(pool: list[T], count: int, what: str) -> list[T]:
    """The first ``count`` items of ``pool`` (taken from it); ``ValueError`` if too few."""
    if count > len(pool):
        raise ValueError(f"{count} hidden {what} but only {len(pool)} unseen")
    dealt = pool[:count]
    del pool[:count]
    return dealt


def _operation_cards(
    state: GameState,
    catalog: Catalog,
    others: set[Colour],
    rng: random.Random,
    given: Mapping[Colour, Sequence[str]],
) -> None:
    """R-SETUP-18, R-CARD-6: each deck below its top from its type's unseen cards; the other
    hands (R-PSETUP-1) from what is left, of any type, each starting with its ``given``
    cards that are unseen (as many as it holds)."""
    shown: list[str | None] = []
    for deck in state.operation_decks.values():
        shown.extend(deck)
    for player in state.players.values():
        shown.extend(player.hand)
        shown.extend(player.slots.values())
    unseen = Counter(_unseen((c.id for c in catalog.operation_cards), shown))
    kept: dict[Colour, list[str]] = {}
    for colour in sorted(others):
        size = len(state.players[colour].hand)
        kept[colour] = []
        for card in given.get(colour, ()):
            if unseen[card] > 0 and len(kept[colour]) < size:
                unseen[card] -= 1
                kept[colour].append(card)
        shown.extend(kept[colour])
    left: list[str] = []
    for track in OPERATIONS:
        pool = _unseen((c.id for c in catalog.cards_of(track.value)), shown)
        rng.shuffle(pool)
        pile = state.operation_decks.get(track)
        if pile is not None:
            hidden = [i for i, c in enumerate(pile) if c == HIDDEN]
            for i, card in zip(hidden, _deal(pool, len(hidden), f"{track} cards"), strict=True):
                pile[i] = card
        left.extend(pool)
    left.sort()
    rng.shuffle(left)
    for colour, player in state.players.items():
        if colour in others:
            rest = len(player.hand) - len(kept[colour])
            player.hand = sorted([*kept[colour], *_deal(left, rest, "cards in hand")])


def _helpers(
    state: GameState,
    catalog: Catalog,
    others: set[Colour],
    rng: random.Random,
    like: GameState | None,
) -> None:
    """R-SETUP-19: the helper deck; R-HELPER-3: the helper cards behind other screens (those
    of ``like`` when they fit)."""
    shown: list[str | None] = [*state.helper_offer, *state.helper_deck]
    for player in state.players.values():
        shown.extend(player.helpers)
        shown.extend(player.helpers_used)
    pool = _unseen((h.id for h in catalog.helper_cards), shown)
    for colour in sorted(others) if like is not None else ():
        behind = like.players[colour].helpers_used  # type: ignore[union-attr]
        player = state.players[colour]
        if len(behind) == len(player.helpers_used) and not Counter(behind) - Counter(pool):
            for card in behind:
                pool.remove(card)
            player.helpers_used = list(behind)
    rng.shuffle(pool)
    state.helper_deck = _deal(pool, len(state.helper_deck), "helper cards")
    for colour, player in state.players.items():
        if colour in others and HIDDEN in player.helpers_used:
            player.helpers_used = _deal(pool, len(player.helpers_used), "helper cards")


def _city_tokens(state: GameState, catalog: Catalog, rng: random.Random) -> None:
    """R-SETUP-15, R-CITY-3: the face-down stacks of the offer's left column."""
    offer = state.city_offer
    shown: list[str | None] = [*offer.right]
    for stack in offer.middle:
        shown.extend(stack)
    for district in state.districts.values():
        shown.extend(space.city_token for space in district.spaces)
    for player in state.players.values():
        shown.extend(player.city_tokens)
        shown.extend(player.played_tokens)
    pool = _unseen(catalog.city_token_pool(), shown)
    rng.shuffle(pool)
    offer.left = [_deal(pool, len(stack), "city tokens") for stack in offer.left]


def _gangsters(state: GameState, catalog: Catalog, rng: random.Random) -> None:
    """R-SETUP-4, R-GANGWAR-1: the decks B, C and D from their tiles not in sight."""
    shown: list[str | None] = [d.gangster for d in state.districts.values()]
    for player in state.players.values():
        shown.append(player.partner)
    for letter, deck in state.gangster_decks.items():
        pool = _unseen((t.id for t in catalog.gangster_deck(letter)), shown)
        rng.shuffle(pool)
        state.gangster_decks[letter] = _deal(pool, len(deck), f"gangster tiles {letter}")


def _crates(state: GameState, catalog: Catalog, rng: random.Random) -> None:
    """R-SETUP-21: the crate stack below its face-up top."""
    shown: list[str | None] = [s.crate for s in state.ships]
    shown.extend(state.crate_stack)
    for player in state.players.values():
        shown.extend(player.crates)
    pool = _unseen((c.id for c in catalog.crates), shown)
    rng.shuffle(pool)
    stack = state.crate_stack
    hidden = [i for i, c in enumerate(stack) if c == HIDDEN]
    for i, crate in zip(hidden, _deal(pool, len(hidden), "crates"), strict=True):
        stack[i] = crate


def _time_track(state: GameState, rng: random.Random) -> None:
    """R-SETUP-8/9: the war tokens still on the time track are districts that are open, have
    no war token and have had no gangster; R-SETUP-12/13: the police tokens, districts with
    neither police nor a police token."""
    districts = state.districts
    war = [
        d
        for d in DISTRICTS
        if not districts[d].closed and not districts[d].war_token and not districts[d].had_gangster
    ]
    police = [d for d in DISTRICTS if not districts[d].police and not districts[d].police_token]
    for pool, columns, what in (
        (war, state.war_columns, "war tokens"),
        (police, state.police_columns, "police tokens"),
    ):
        rng.shuffle(pool)
        for column in columns:
            hidden = sum(1 for d in column if d == HIDDEN_DISTRICT)
            column[:] = sorted(_deal(pool, hidden, what))


def determinize(seen: Observation, rng: random.Random) -> Game:
    """A game (without history) at the position ``seen`` observes, each fact it hides drawn
    from ``rng`` (:func:`sample_state`), waiting for the same decision."""
    players = tuple(seen.state.players)
    seat = seen.seat.value if seen.seat is not None else ""
    recent = seen.recent
    catalog = seen.catalog if seen.catalog is not None else load_catalog()
    cards = {c.id for c in catalog.operation_cards}
    played: dict[Colour, list[str]] = {}  # the cards another player played since (R-CARD-5)
    for player, action in zip(recent.by, recent.since, strict=True) if recent else ():
        if player != seen.seat:
            named = [a for a in action.args if isinstance(a, str) and a in cards]
            played.setdefault(Colour(player), []).extend(named)

    def sample(then: Observation, draw: random.Random, like: GameState | None) -> GameState:
        return sample_state(then, draw, like, None if like is not None else played)

    return determinized(Game, players, seen.options, recent, seen, sample, rng, seat)


def final_scores(game: Game) -> dict[str, float]:
    """A finished game's final money by seat (R-SCORING-1): the search bot's score."""
    return {s.colour.value: float(s.total) for s in game.result().standings}


def evaluate(game: Game, seat: str) -> float:
    """What ``seat`` would finish with if the game ended now (R-SCORING-1..4): pocket and
    safe, its protected buildings and its bottles (an unprotected building scores nothing,
    R-SCORING-3): the search bot's static evaluation of a position, in final money. At the end
    of the game it is the final score (:func:`final_scores`)."""
    return float(score_breakdown(game.state, game.catalog)[Colour(seat)].total)

"""Speakeasy's determinization (issue 27): a whole game rebuilt from one seat's observation,
every fact it hides drawn at random consistently with what the seat sees and the components:
other hands (R-PSETUP-1), safes (R-MONEY-1) and helper cards behind screens (R-HELPER-3), the
operation decks below their tops (R-CARD-6), the helper deck (R-SETUP-19), the face-down city
tokens (R-CITY-3), the gangster decks (R-GANGWAR-1), the crates (R-SETUP-21) and the tokens
on the time track (R-SETUP-9, R-SETUP-13)."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable

import pytest

from speakeasy import Game
from speakeasy.games import load
from speakeasy.games.speakeasy.engine.determinize import determinize, sample_state
from speakeasy.games.speakeasy.model.catalog.loader import load_catalog
from speakeasy.games.speakeasy.model.state import OPERATIONS, GameState, to_data
from tests.search_support import (
    check_blind_to_hidden_facts,
    check_determinization,
    leaves,
    play_out,
    positions,
)

CATALOG = load_catalog()


def _new(players: int) -> Callable[[int], Game]:
    def make(seed: int) -> Game:
        return Game.new(players=players, seed=seed)

    return make


def _check_components(st: GameState) -> None:
    """Every card, helper, crate and tile at most once; each deck of its own type
    (R-SETUP-18); city tokens within the 54 (R-SETUP-14); the time-track districts distinct
    and not already on the map (R-SETUP-9, R-SETUP-13)."""
    cards: list[str] = []
    for track, deck in st.operation_decks.items():
        assert all(CATALOG.card(c).type == track.value for c in deck)
        cards.extend(deck)
    helpers = [*st.helper_deck, *st.helper_offer]
    tokens = Counter(t for stack in st.city_offer.left for t in stack)
    for player in st.players.values():
        cards.extend(player.hand)
        cards.extend(c for c in player.slots.values() if c is not None)
        helpers.extend(player.helpers)
        helpers.extend(player.helpers_used)
        tokens += Counter(player.city_tokens) + Counter(player.played_tokens)
        assert player.safe >= 0
    assert len(cards) == len(set(cards))
    assert len(helpers) == len(set(helpers))
    assert not tokens - Counter(CATALOG.city_token_pool())
    crates = [s.crate for s in st.ships if s.crate] + st.crate_stack
    assert len(crates) == len(set(crates))
    for columns, on_map in (
        (st.war_columns, {d for d, x in st.districts.items() if x.war_token}),
        (st.police_columns, {d for d, x in st.districts.items() if x.police or x.police_token}),
    ):
        flat = [d for column in columns for d in column]
        assert len(flat) == len(set(flat)) and not set(flat) & on_map
        assert all(1 <= d <= 16 for d in flat)


@pytest.mark.parametrize(("players", "seed"), [(1, 1), (2, 2), (2, 3), (3, 4), (4, 5)])
def test_a_determinization_shows_the_seat_what_it_sees_and_waits_for_the_same_decision(
    players: int, seed: int
) -> None:
    """At many points of seeded random games, for the seat to decide and another:
    observe(determinize(observe(g, seat))) == observe(g, seat), the same options for the
    seat's own decision, the components respected, and the drawn game plays on to its end."""
    tried = 0
    for game in positions(_new(players), seed, 23 if players > 1 else 7):
        deciding = game.current_player
        seats = list(game.colours)
        other = seats[(seats.index(deciding) + 1) % len(seats)]
        for seat in dict.fromkeys((deciding, other)):
            sampled = check_determinization(game, seat, determinize, seed * 1000 + tried)
            _check_components(sampled.state)
            tried += 1
        if tried % 8 == 0:
            play_out(sampled, tried)
    assert tried >= 10


@pytest.mark.parametrize(("players", "seed"), [(2, 6), (4, 7)])
def test_games_differing_only_in_hidden_facts_give_the_same_determinizations(
    players: int, seed: int
) -> None:
    """R-MONEY-1, R-PSETUP-1, R-CARD-6...: a game and another drawn from a seat's observation
    of it give that seat the same determinizations for the same RNG."""
    for n, game in enumerate(positions(_new(players), seed, 41)):
        check_blind_to_hidden_facts(game, game.current_player, determinize, seed + n)


def test_hidden_facts_are_drawn_and_public_ones_kept() -> None:
    """R-PSETUP-1, R-MONEY-1: another seat's hand keeps its size and its safe is drawn; the
    seat's own hand and safe, and the decks' face-up tops (R-CARD-6), are as seen."""
    game = Game.new(players=3, seed=9)
    purple, yellow = game.colours[:2]
    seen = game.observe(purple)
    states = [sample_state(seen, random.Random(k)) for k in range(5)]
    for st in states:
        assert st.players[purple].hand == game.state.players[purple].hand
        assert st.players[purple].safe == game.state.players[purple].safe
        assert len(st.players[yellow].hand) == len(game.state.players[yellow].hand)
        for track in OPERATIONS:
            assert st.operation_decks[track][0] == game.state.operation_decks[track][0]
    assert len({tuple(st.players[yellow].hand) for st in states}) > 1


def test_the_record_of_the_turn_names_only_what_the_seat_saw() -> None:
    """R-CARD-5 (discards face up), R-HELPER-3 (a helper card is face up until used): each
    word an action since the last checkpoint names is one the seat sees now or saw there, or
    a word of the rules (a location, a track), so the record adds no secret."""
    named = 0
    for game in positions(_new(3), 11, 3):
        for seat in game.colours:
            seen = game.observe(seat)
            assert seen.recent is not None
            visible = leaves(to_data(seen.state)) | leaves(to_data(seen.recent.origin.state))
            for action in seen.recent.since:
                for arg in action.args:
                    if isinstance(arg, str) and _is_component(arg):
                        named += 1
                        # R-CARD-5: a card discarded goes face up under its deck
                        face_up = action.kind == "discard"
                        assert arg in visible or face_up, (seat, str(action))
    assert named > 0


def _is_component(word: str) -> bool:
    """Whether ``word`` names an operation card, helper card, city token, crate or tile."""
    for find in (CATALOG.card, CATALOG.helper, CATALOG.city_token, CATALOG.crate):
        try:
            find(word)
        except (KeyError, ValueError):
            continue
        return True
    return False


def test_the_descriptor_offers_the_determinization_and_the_scores() -> None:
    """Issue 27: the search bot reaches both through the registry, never by the game's name."""
    game = load("speakeasy")
    assert game.determinize is determinize
    assert game.scores is not None

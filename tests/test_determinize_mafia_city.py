"""Mafia City's determinization (issue 27): a whole game rebuilt from one seat's observation,
every fact it hides (other hands, MC-INFO-1; the draw pile's order, MC-INFO-5) drawn at
random consistently with what the seat sees and the 49 cards (MC-COMP-6)."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable

import pytest

from speakeasy.core.determinize import DeterminizeError
from speakeasy.games import load
from speakeasy.games.mafia_city.engine.determinize import determinize, sample_state
from speakeasy.games.mafia_city.engine.game import Game
from speakeasy.games.mafia_city.engine.observe import observe
from speakeasy.games.mafia_city.model.data import load_data
from speakeasy.games.mafia_city.model.state import GameState, Options
from tests.mc_support import check_invariants
from tests.search_support import (
    check_blind_to_hidden_facts,
    check_determinization,
    leaves,
    play_out,
    positions,
)

DATA = load_data()
#: The options of a batch game (as the search bot plays): reactions only to those who can.
BATCH = Options(prompt_everyone=False, max_rounds=60)


def _new(players: int, options: Options) -> Callable[[int], Game]:
    def make(seed: int) -> Game:
        return Game.new(players, seed, options=options)

    return make


def _cards(st: GameState) -> Counter[str]:
    cards = Counter(st.draw) + Counter(st.discard) + Counter(st.in_play)
    for seat in st.seats.values():
        cards += Counter(seat.hand)
    return cards


@pytest.mark.parametrize(
    ("players", "options", "seed"),
    [(3, Options(), 1), (3, BATCH, 2), (4, BATCH, 3), (5, Options(), 4), (5, BATCH, 5)],
)
def test_a_determinization_shows_the_seat_what_it_sees_and_waits_for_the_same_decision(
    players: int, options: Options, seed: int
) -> None:
    """At many points of seeded random games, for the seat to decide and for another seat:
    observe(determinize(observe(g, seat))) == observe(g, seat) (MC-INFO-1..5), the same
    options for the seat's own decision, every card once (MC-COMP-6), the game's invariants,
    and the drawn game plays on to its end under the rules."""
    tried = 0
    for game in positions(_new(players, options), seed, 11):
        deciding = game.current_player
        other = game.state.left_of(deciding)
        for seat in (deciding, other):
            sampled = check_determinization(game, seat, determinize, seed * 1000 + tried)
            assert _cards(sampled.state) == Counter(list(DATA.cards))  # MC-COMP-6
            check_invariants(sampled.state)
            tried += 1
        if tried % 10 == 0:
            play_out(sampled, tried)
    assert tried >= 20


@pytest.mark.parametrize(("players", "seed"), [(3, 6), (4, 7), (5, 8)])
def test_games_differing_only_in_hidden_facts_give_the_same_determinizations(
    players: int, seed: int
) -> None:
    """MC-INFO-1, MC-INFO-5: a game and another drawn from a seat's observation of it (other
    hands and the draw pile's order differ) give that seat the same determinizations."""
    for n, game in enumerate(positions(_new(players, BATCH), seed, 17)):
        check_blind_to_hidden_facts(game, game.current_player, determinize, seed + n)


def test_the_sampled_hands_and_pile_are_drawn_from_the_unseen_cards() -> None:
    """MC-INFO-1/4/5: the other hands keep their sizes, the pile its size; the seat's own
    hand, the discard pile and the cards in play are as seen; the rest is shuffled."""
    game = Game.new(4, 3)
    seen = game.observe("red")
    states = [sample_state(seen, random.Random(k)) for k in range(6)]
    for st in states:
        assert st.seats["red"].hand == game.state.seats["red"].hand
        for p in st.players:
            assert len(st.seats[p].hand) == len(game.state.seats[p].hand)
        assert len(st.draw) == len(game.state.draw)
    assert len({tuple(st.draw) for st in states}) == 6  # the order is drawn, not kept


def test_the_police_officers_holder_keeps_every_hand_it_sees() -> None:
    """MC-INFO-2, MC-POLICE-3: the holder of the Police Officer sees every hand, so only the
    draw pile's order is drawn."""
    game = Game.new(3, 2)
    game.state.officer = "red"
    seen = game.observe("red")
    st = sample_state(seen, random.Random(1))
    assert {p: s.hand for p, s in st.seats.items()} == {
        p: s.hand for p, s in game.state.seats.items()
    }


def test_the_record_of_the_turn_names_only_what_the_seat_saw() -> None:
    """MC-INFO-3 (every card played is seen), MC-DECK-2 (the discard pile is face up): each
    card an action since the last checkpoint names is one the seat sees now or saw there, so
    the record adds no secret to the observation."""
    named = 0
    for seed in (1, 2):
        for game in positions(_new(4, Options()), seed, 3):
            for seat in game.state.players:
                seen = game.observe(seat)
                assert seen.recent is not None
                visible = leaves(seen.public) | set(seen.hand)
                visible |= leaves(seen.recent.origin.public) | set(seen.recent.origin.hand)
                for action in seen.recent.since:
                    for arg in action.args:
                        if arg in DATA.cards:
                            named += 1
                            assert arg in visible, (seat, str(action))
    assert named > 0


def test_an_observation_without_a_record_cannot_be_determinized() -> None:
    """A bare observation (made from a state, not by a game) has no record of the turn."""
    game = Game.new(3, 1)
    with pytest.raises(DeterminizeError):
        determinize(observe(game.state, "red"), random.Random(0))


def test_the_descriptor_offers_the_determinization_and_the_scores() -> None:
    """Issue 27: the search bot reaches both through the registry, never by the game's name."""
    game = load("mafia-city")
    assert game.determinize is determinize
    assert game.scores is not None

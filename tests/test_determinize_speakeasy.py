"""Speakeasy's determinization (issue 27): a whole game rebuilt from one seat's observation,
every fact it hides drawn at random consistently with what the seat sees and the components:
other hands (R-PSETUP-1), safes (R-MONEY-1) and helper cards behind screens (R-HELPER-3), the
operation decks below their tops (R-CARD-6), the helper deck (R-SETUP-19), the face-down city
tokens (R-CITY-3), the gangster decks (R-GANGWAR-1), the crates (R-SETUP-21) and the tokens
on the time track (R-SETUP-9, R-SETUP-13)."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Iterator

import pytest

from speakeasy import Game
from speakeasy.games import load
from speakeasy.games.speakeasy.engine.determinize import determinize, sample_state
from speakeasy.games.speakeasy.model.catalog.loader import load_catalog
from speakeasy.games.speakeasy.model.state import OPERATIONS, Colour, GameState, to_data
from speakeasy.games.speakeasy.positions.shipped import load_scenario
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
    """R-PSETUP-1, R-MONEY-1: another seat's hand keeps its size and is drawn; the seat's own
    hand and safe, and the decks' face-up tops (R-CARD-6), are as seen."""
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


# ---------------------------------------------------------------------- safes (issue 27)
def _heuristic_positions(players: int, seed: int, every: int) -> Iterator[Game]:
    """Every ``every``-th position (with two options or more) of a seeded game played by
    heuristic bots, the game itself at each (it goes on after the caller looks)."""
    game = Game.new(players=players, seed=seed)
    descriptor = load("speakeasy")
    bots = {p: descriptor.make_bot("heuristic", p, seed + i) for i, p in enumerate(game.players)}
    step = 0
    while (decision := game.pending) is not None:
        if step % every == 0 and len(decision.options) > 1:
            yield game
        game.apply(bots[decision.player].choose(game.observe(decision.player), decision))
        step += 1


def _records(game: Game) -> dict[Colour, int]:
    """Each player's safe as the table knows it (its public record)."""
    return {c: p.safe_known for c, p in game.state.players.items()}


@pytest.mark.parametrize(("players", "seed"), [(2, 31), (3, 32), (4, 33)])
def test_another_safe_is_drawn_as_its_public_record_which_is_the_real_safe(
    players: int, seed: int
) -> None:
    """R-MONEY-1, R-MONEY-2, R-MONEY-4, R-PSETUP-7, E15: every flow into and out of a safe is
    announced (the $30 of the setup, payouts and cooked books at printed amounts, a
    payment's share laundered 2:1 beyond the public pocket), so at every position of games
    played by heuristic bots each safe's public record is the safe, every seat sees that
    record, and each determinization gives every other player exactly that safe."""
    checked = 0
    for game in _heuristic_positions(players, seed, 9):
        seat = game.current_player
        assert seat is not None
        for colour, player in game.state.players.items():
            assert player.safe_known == player.safe, (colour, game.state.act)
        seen = game.observe(seat)
        assert _records(game) == {c: p.safe_known for c, p in seen.state.players.items()}
        sampled = determinize(seen, random.Random(checked))
        for colour, player in game.state.players.items():
            assert sampled.state.players[colour].safe == player.safe
            assert sampled.state.players[colour].safe_known == player.safe
        checked += 1
    assert checked >= 15


def test_the_record_changes_by_the_announced_amounts() -> None:
    """R-MONEY-4, R-PAYOUT-1, R-BOOKS-2, R-MONEY-2: a step changes a player's public record
    by the payouts and cooked books it announces for the player, less what the player
    laundered out of the safe to pay (at 2:1: an even amount, never negative)."""
    game = Game.new(players=3, seed=34)
    descriptor = load("speakeasy")
    bots = {p: descriptor.make_bot("heuristic", p, 34 + i) for i, p in enumerate(game.players)}
    announced = laundered = 0
    while (decision := game.pending) is not None:
        before = _records(game)
        events = game.apply(bots[decision.player].choose(game.observe(decision.player), decision))
        for colour, known in _records(game).items():
            told = sum(
                e.data["amount"] if e.kind == "payout" else e.data["payout"]
                for e in events
                if e.player == colour and e.kind in ("payout", "cook_book")
            )
            out = told - (known - before[colour])
            assert out >= 0 and out % 2 == 0, (colour, [e.kind for e in events])
            announced += told
            laundered += out
    assert announced > 0 and laundered > 0


def test_e15_the_safe_share_of_a_payment_is_public() -> None:
    """E15, R-MONEY-2: Purple pays the $17 casino with the $10 in the pocket (in view) and
    $14 out of the safe; every other seat's record of Purple's safe says so, and the
    scenario's stated safe is where the record starts."""
    game = load_scenario("e15_casino_takeover_district_5").game()
    purple = Colour.PURPLE
    assert game.state.players[purple].safe_known == 40
    for action in ("capo planning 0", "build takeover casino-1", "build_space 5 0"):
        game.apply(action)
    game.apply("boost 2 none")  # both goons, no partner: attack 6 > 5 (R-COMBAT-1)
    game.apply("discard vip-02")  # the casino's card (R-BUILD-4); then the $17
    assert (game.state.players[purple].pocket, game.state.players[purple].safe) == (0, 26)
    for seat in game.colours:
        assert game.observe(seat).state.players[purple].safe_known == 26


@pytest.mark.parametrize(("players", "seed"), [(2, 35), (4, 36)])
def test_games_differing_only_in_hidden_facts_keep_the_same_safe_records(
    players: int, seed: int
) -> None:
    """R-MONEY-1, R-PSETUP-1, R-HELPER-3, R-CARD-6: a game and another drawn from a seat's
    observation of it (other hands, helper cards behind screens, deck orders and the RNG
    differ), played on with the same actions while both allow them and all else in view is
    the same (:func:`to_data` leaves the records out), keep the same public records of every
    safe: the record is made of what the table sees. And a safe's content changed behind its
    screen changes no other seat's observation (its record stays)."""
    compared = 0
    for n, game in enumerate(_heuristic_positions(players, seed, 23)):
        seat = game.current_player
        assert seat is not None
        twin = determinize(game.observe(seat), random.Random(seed + n))
        assert to_data(twin.state) != to_data(game.state), "the hidden facts differ"
        copy = game.copy()
        descriptor = load("speakeasy")
        bots = {p: descriptor.make_bot("heuristic", p, n) for p in copy.players}
        for _ in range(40):
            decision = copy.pending
            if decision is None or twin.pending is None:
                break
            action = bots[decision.player].choose(copy.observe(decision.player), decision)
            if twin.pending.player != decision.player or twin.why_not(action) is not None:
                break
            copy.apply(action)
            twin.apply(action)
            if to_data(twin.public_view().state) != to_data(copy.public_view().state):
                break  # a hidden fact came into view (a card drawn, a gangster's strength)
            assert _records(twin) == _records(copy)
            compared += 1
        other = next(c for c in game.colours if c != seat)
        hidden = game.copy()
        hidden.state.players[other].safe += 10  # behind the screen only: the record stays
        assert hidden.observe(seat) == game.observe(seat)
    assert compared >= 20


def test_the_record_is_rebuilt_by_a_replay_not_saved() -> None:
    """R-MONEY-1: the record is derived from the setup and the actions, so a save holds no
    record (saves of earlier versions, which had none, load unchanged) and loading one
    rebuilds it exactly, as undo and copies do."""
    game = next(g for n, g in enumerate(_heuristic_positions(2, 37, 7)) if n == 12)
    text = game.to_json()
    assert "safe_known" not in text
    loaded = Game.from_json(text)
    assert loaded == game and _records(loaded) == _records(game)
    assert _records(game.copy()) == _records(game)
    assert _records(game) != dict.fromkeys(game.colours, 30), "money went in and out"

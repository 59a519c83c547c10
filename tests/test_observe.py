"""What each seat may see, for both games (issue 22): ``observe(seat)`` from the game's
definition, and bots that decide from it and the pending decision only.

Property: changing any hidden fact (another seat's safe, hand or helpers behind the screen,
any deck's order, any face-down token) leaves a seat's observation unchanged, and so the
bots' choices; changing a fact the seat may see changes it (so the equality means something).
Speakeasy: R-MONEY-1, R-HELPER-3, R-CARD-6, R-SETUP-18/19, R-CITY-3, R-SETUP-4/9/13/21,
R-GANGWAR-1. Mafia City: MC-INFO-1..5, MC-POLICE-3.
"""

from __future__ import annotations

import contextlib
import copy
import random
from collections.abc import Callable

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from speakeasy import Game
from speakeasy.core.actions import Decision
from speakeasy.core.bots import Bot, decide, play
from speakeasy.games.mafia_city.engine import bots as mafia_city_bots
from speakeasy.games.mafia_city.engine.game import DEFINITION as MAFIA_CITY
from speakeasy.games.mafia_city.engine.game import Game as MafiaCity
from speakeasy.games.mafia_city.engine.observe import observe as mafia_city_observe
from speakeasy.games.mafia_city.model.state import GameState as MafiaCityState
from speakeasy.games.speakeasy.engine.bots import RandomBot
from speakeasy.games.speakeasy.engine.definition import SPEAKEASY
from speakeasy.games.speakeasy.engine.observe import (
    HIDDEN,
    HIDDEN_DISTRICT,
    Observation,
    observe,
    public_view,
)
from speakeasy.games.speakeasy.model.state import Colour, GameState, to_data
from speakeasy.games.speakeasy.rules.context import Ctx
from speakeasy.games.speakeasy.studies.strategy import HeuristicBot

# ---------------------------------------------------------------------- Speakeasy positions
_GAMES: dict[tuple[int, int], list[Game]] = {}


def _positions(players: int, seed: int) -> list[Game]:
    """Copies of one seeded random-bot game every few decisions, up to its end (cached)."""
    key = (players, seed)
    if key not in _GAMES:
        game = Game.new(players=players, seed=seed)
        bot = RandomBot(seed)
        found = [game.copy()]
        while not game.is_over:
            game.apply(decide(game, bot))
            if len(game.history) % 37 == 0:
                found.append(game.copy())
        _GAMES[key] = found
    return _GAMES[key]


def _ctx(game: Game, state: GameState) -> Ctx:
    """The game's context over ``state`` (as the engine hands the definition)."""
    ctx = game.analysis_context()
    ctx.state = state
    return ctx


def _shuffle_below_top(rng: random.Random, pile: list[str], pool: list[str]) -> list[str]:
    """``pile`` with its top kept and every card below it changed (new cards from ``pool``)."""
    below = [rng.choice(pool) for _ in pile[1:]]
    return pile[:1] + below


def _hide_differently(state: GameState, seat: Colour, rng: random.Random) -> GameState:
    """A copy of ``state`` differing in every fact ``seat`` may not see, and only in those."""
    other = copy.deepcopy(state)
    cards = sorted({c for d in state.operation_decks.values() for c in d} | {"vip-01"})
    helpers = sorted(set(state.helper_deck) | set(state.helper_offer) | {"helper-01"})
    for colour, player in other.players.items():
        if colour is seat:
            continue
        player.safe = rng.randrange(0, 200)  # R-MONEY-1
        player.hand = [rng.choice(cards) for _ in player.hand]  # R-PSETUP-1
        player.helpers_used = [rng.choice(helpers) for _ in player.helpers_used]  # R-HELPER-3
    other.operation_decks = {  # R-SETUP-18, R-CARD-6: only the top card shows
        t: _shuffle_below_top(rng, d, cards) for t, d in other.operation_decks.items()
    }
    rng.shuffle(other.helper_deck)  # R-SETUP-19
    other.helper_deck = [rng.choice(helpers) for _ in other.helper_deck]
    tokens = sorted({t for s in state.city_offer.left for t in s} | {"city-01"})
    other.city_offer.left = [  # R-CITY-3, R-SETUP-15
        [rng.choice(tokens) for _ in stack] for stack in other.city_offer.left
    ]
    for deck in other.gangster_decks.values():  # R-SETUP-4, R-GANGWAR-1
        rng.shuffle(deck)
        deck.reverse()
    crates = sorted(set(state.crate_stack) | {"crate-01"})
    other.crate_stack = _shuffle_below_top(rng, other.crate_stack, crates)  # R-SETUP-21
    other.war_columns = [  # R-SETUP-9
        [rng.randrange(1, 17) for _ in column] for column in other.war_columns
    ]
    other.police_columns = [  # R-SETUP-13
        [rng.randrange(1, 17) for _ in column] for column in other.police_columns
    ]
    return other


position_strategy = st.tuples(
    st.sampled_from((2, 3, 4)), st.integers(0, 2), st.integers(0, 10**6), st.integers(0, 40)
)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(position_strategy)
def test_property_hidden_facts_leave_a_speakeasy_observation_unchanged(
    case: tuple[int, int, int, int],
) -> None:
    """R-MONEY-1, R-HELPER-3, R-CARD-6, R-CITY-3, R-SETUP-9/13/19/21, R-GANGWAR-1: any
    change to what a seat may not see leaves its observation equal (and the bots' choices)."""
    players, seed, salt, index = case
    positions = _positions(players, seed)
    game = positions[index % len(positions)]
    rng = random.Random(salt)
    seat = rng.choice(game.colours)
    changed = _hide_differently(game.state, seat, rng)
    seen = SPEAKEASY.observe(_ctx(game, game.state), seat)
    assert seen == SPEAKEASY.observe(_ctx(game, changed), seat)
    assert seen == game.observe(seat)
    decision = game.pending
    if decision is not None and decision.player is seat:
        other = SPEAKEASY.observe(_ctx(game, changed), seat)
        for make in (HeuristicBot, RandomBot):
            assert make(salt).choose(seen, decision) == make(salt).choose(other, decision)


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(position_strategy)
def test_property_what_a_seat_may_see_does_change_its_observation(
    case: tuple[int, int, int, int],
) -> None:
    """The equality above means something: the seat's own safe and hand (R-MONEY-1), another
    player's pocket (public, R-MONEY-1) and an operation deck's top card (R-CARD-6) show."""
    players, seed, salt, index = case
    positions = _positions(players, seed)
    game = positions[index % len(positions)]
    rng = random.Random(salt)
    seat = rng.choice(game.colours)
    opponent = rng.choice([c for c in game.colours if c is not seat])
    seen = game.observe(seat)
    changes: list[Callable[[GameState], None]] = [
        lambda s: setattr(s.players[seat], "safe", s.players[seat].safe + 1),
        lambda s: s.players[seat].hand.append("vip-01"),
        lambda s: setattr(s.players[opponent], "pocket", s.players[opponent].pocket + 1),
        lambda s: s.players[opponent].hand.append("vip-01"),  # the count shows
    ]
    decks = [t for t, d in game.state.operation_decks.items() if d]
    if decks:
        track = rng.choice(decks)
        changes.append(lambda s: s.operation_decks[track].insert(0, "party-01"))
    for change in changes:
        state = copy.deepcopy(game.state)
        change(state)
        assert SPEAKEASY.observe(_ctx(game, state), seat) != seen


@pytest.mark.parametrize("players", [2, 3, 4])
def test_many_seeded_games_never_show_another_seats_secrets(players: int) -> None:
    """Whole seeded games: at every decision, the deciding seat's observation has every other
    seat's safe at 0 and hand and used helpers as placeholders (R-MONEY-1, R-HELPER-3), each
    deck below its top and the time track hidden (R-CARD-6, R-SETUP-9/13), its own secrets
    in full; and an observation taken earlier never changes as the game goes on."""
    for seed in range(4):
        game = Game.new(players=players, seed=seed)
        bots: dict[Colour, Bot[Observation]] = {
            c: HeuristicBot(seed + i) if i % 2 == 0 else RandomBot(seed + i)
            for i, c in enumerate(game.colours)
        }
        kept: list[tuple[Observation, object]] = []
        while not game.is_over:
            decision = game.pending
            assert decision is not None
            seat = decision.player
            seen = game.observe(seat)
            state = seen.state
            for colour, player in state.players.items():
                real = game.state.players[colour]
                if colour is seat:
                    assert (player.safe, player.hand) == (real.safe, real.hand)
                    assert player.helpers_used == real.helpers_used
                else:
                    assert player.safe == 0 and player.pocket == real.pocket
                    assert player.hand == [HIDDEN] * len(real.hand)
                    assert player.helpers_used == [HIDDEN] * len(real.helpers_used)
            for track, deck in state.operation_decks.items():
                assert deck[:1] == game.state.operation_decks[track][:1]
                assert set(deck[1:]) <= {HIDDEN}
            assert set(state.helper_deck) <= {HIDDEN}
            assert all(set(c) <= {HIDDEN_DISTRICT} for c in state.war_columns)
            assert all(set(c) <= {HIDDEN_DISTRICT} for c in state.police_columns)
            if len(game.history) % 50 == 0:
                kept.append((seen, to_data(seen.state)))
            game.apply(bots[seat].choose(seen, decision))
        for seen, data in kept:
            assert to_data(seen.state) == data


def test_bots_given_the_same_observation_and_decision_decide_the_same() -> None:
    """A bot decides from its observation and the decision only: two bots with one seed agree
    at every decision of a seeded game, whichever game object the observation came from."""
    game = Game.new(players=3, seed=5)
    runner = RandomBot(5)
    agreed = 0
    while not game.is_over and agreed < 150:
        decision = game.pending
        assert decision is not None
        seen = game.observe(decision.player)
        again = game.copy().observe(decision.player)
        for make in (HeuristicBot, RandomBot):
            assert make(agreed).choose(seen, decision) == make(agreed).choose(again, decision)
        agreed += 1
        game.apply(runner.choose(seen, decision))
    assert agreed == 150


def test_a_spectator_sees_no_ones_secrets_and_a_seat_its_own() -> None:
    """R-MONEY-1: the safe is behind the screen; a spectator (no seat) sees none."""
    game = Game.new(players=3, seed=2)
    spectator = public_view(game.state)
    assert all(p.safe == 0 and set(p.hand) <= {HIDDEN} for p in spectator.state.players.values())
    assert all(spectator.hides(c) for c in game.colours)
    for colour in game.colours:
        seen = observe(game.state, colour)
        assert seen.player.safe == game.state.players[colour].safe == 30  # R-PSETUP-7
        assert [c for c in game.colours if not seen.hides(c)] == [colour]


@pytest.mark.parametrize("seat", ["red", "", None, 3, Colour.PURPLE, ["purple"]])
def test_an_unknown_seat_is_a_value_error_naming_the_seats(seat: object) -> None:
    """Both games: ``observe`` of a seat not at the table raises ValueError (never KeyError)
    naming the seats."""
    speakeasy = Game.new(players=["yellow", "green"], seed=1)
    with pytest.raises(ValueError, match="the seats are 'yellow', 'green'"):
        speakeasy.observe(seat)  # type: ignore[arg-type]
    mafia = MafiaCity.new(players=3, seed=1)
    if seat == "red":
        assert mafia.observe("red").seat == "red"
        return
    with pytest.raises(ValueError, match="the seats are"):
        mafia.observe(seat)


@pytest.mark.parametrize("seat", ["nobody", "green", 3, None, "x" * 10**6])
def test_the_module_observers_name_the_seats_too(seat: object) -> None:
    """Issue 26 item 15: the observers under the games (``engine.observe.observe``) refuse a
    seat the game lacks with a short ValueError naming the seats, as ``Game.observe`` does
    (Mafia City's used to raise KeyError; Speakeasy's named no seats for ``'nobody'``)."""
    speakeasy = Game.new(players=["yellow", "blue"], seed=1)
    mafia = MafiaCity.new(players=3, seed=1)
    refusals = []
    if seat is not None:  # Speakeasy's None is the spectator (public_view)
        with pytest.raises(ValueError, match="the seats are 'yellow', 'blue'") as caught:
            observe(speakeasy.state, seat)  # type: ignore[arg-type]
        refusals.append(caught.value)
    with (
        pytest.raises(ValueError, match="the seats are 'red', 'blue', 'green'")
        if seat != ("green")
        else contextlib.nullcontext() as caught_mc
    ):
        mafia_city_observe(mafia.state, seat)  # type: ignore[arg-type]
    if caught_mc is not None:
        refusals.append(caught_mc.value)
    assert all(len(str(e)) < 200 for e in refusals)


# ---------------------------------------------------------------------- Mafia City
_MC: dict[tuple[int, int], list[MafiaCity]] = {}


def _mc_positions(players: int, seed: int) -> list[MafiaCity]:
    key = (players, seed)
    if key not in _MC:
        game = MafiaCity.new(players=players, seed=seed)
        rng = random.Random(seed)
        found = [game.copy()]
        while not game.is_over:
            game.apply(rng.choice(game.legal_actions()))
            if len(game.history) % 11 == 0:
                found.append(game.copy())
        _MC[key] = found
    return _MC[key]


def _mc_hide_differently(state: MafiaCityState, seat: str, rng: random.Random) -> MafiaCityState:
    """A copy of ``state`` with the draw pile reordered (MC-INFO-5) and, unless ``seat``
    holds the Police Officer (MC-POLICE-3), the other hands dealt again from the same cards
    (MC-INFO-1; their sizes are public, MC-INFO-4)."""
    other = copy.deepcopy(state)
    others = [p for p in other.players if p != seat] if other.officer != seat else []
    pool = other.draw + [c for p in others for c in other.seats[p].hand]
    rng.shuffle(pool)
    for p in others:
        k = len(other.seats[p].hand)
        other.seats[p].hand, pool = pool[:k], pool[k:]
    other.draw = pool
    return other


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from((3, 4, 5)), st.integers(0, 2), st.integers(0, 10**6), st.integers(0, 60))
def test_property_hidden_facts_leave_a_mafia_city_observation_unchanged(
    players: int, seed: int, salt: int, index: int
) -> None:
    """MC-INFO-1, MC-INFO-5 (MC-POLICE-3): other hands and the draw order never show; the
    definition's hook and the engine agree, and the bots decide the same."""
    positions = _mc_positions(players, seed)
    game = positions[index % len(positions)]
    rng = random.Random(salt)
    seat = rng.choice(game.players)
    changed = _mc_hide_differently(game.state, seat, rng)
    ctx = copy.copy(game.ctx)
    ctx.state = changed
    seen = game.observe(seat)
    assert MAFIA_CITY.observe(ctx, seat) == seen
    decision = game.pending
    if decision is not None and decision.player == seat:
        other = MAFIA_CITY.observe(ctx, seat)
        for make in (mafia_city_bots.HeuristicBot, mafia_city_bots.RandomBot):
            assert make(salt).choose(seen, decision) == make(salt).choose(other, decision)


def test_a_mafia_city_seat_sees_its_own_hand_and_the_hand_sizes() -> None:
    """MC-INFO-1, MC-INFO-4: the seat's own cards show, and every hand's size; one card more
    in another hand changes the observation (its size is public)."""
    game = MafiaCity.new(players=4, seed=3)
    for seat in game.players:
        seen = game.observe(seat)
        assert seen.hand == tuple(game.state.seats[seat].hand)
        sizes = {p: s["cards"] for p, s in seen.public["seats"].items()}
        assert sizes == {p: len(s.hand) for p, s in game.state.seats.items()}
    state = copy.deepcopy(game.state)
    seat, other = state.players[0], state.players[1]
    state.seats[other].hand.append(state.draw.pop())
    ctx = copy.copy(game.ctx)
    ctx.state = state
    assert MAFIA_CITY.observe(ctx, seat) != game.observe(seat)


def test_the_one_protocol_plays_both_games() -> None:
    """speakeasy.core.bots.play drives either game with bots that see observations only."""
    speakeasy = Game.new(players=2, seed=4)
    play(speakeasy, {c: RandomBot(i) for i, c in enumerate(speakeasy.colours)})
    assert speakeasy.is_over
    mafia = MafiaCity.new(players=3, seed=4)
    play(mafia, {p: mafia_city_bots.RandomBot(i) for i, p in enumerate(mafia.players)})
    assert mafia.is_over


def test_decide_refuses_a_finished_game() -> None:
    game = MafiaCity.new(players=3, seed=4)
    play(game, {p: mafia_city_bots.RandomBot(i) for i, p in enumerate(game.players)})
    with pytest.raises(ValueError, match="game is over"):
        decide(game, mafia_city_bots.RandomBot(0))


def _decision_of(game: Game) -> Decision:
    assert game.pending is not None
    return game.pending


def test_heuristic_bot_scores_from_its_own_seat_only() -> None:
    """The heuristic bot refuses another seat's observation (it would score the wrong
    player's options)."""
    game = Game.new(players=2, seed=1)
    decision = _decision_of(game)
    wrong = next(c for c in game.colours if c is not decision.player)
    with pytest.raises(ValueError, match="own seat"):
        HeuristicBot(1).choose(game.observe(wrong), decision)

"""Whole seeded random games of 1-4 players: they finish, and invariants hold after every step.

Invariants (checked after every action): every component is conserved (R-COMP-*), no count
or money is negative, levels stay 1-5 and notoriety is their sum (R-LEVEL-1, R-NOTOR-1), at
most one barrel per building and none at a distillery (R-BARREL-2), at most 2 barrels per truck
(R-TRUCK-6), one capo per person and never more capos than a player owns (R-TURN-4), and each
district receives one gangster and one police figure (R-GANGWAR-13, R-POLICE-3: the time
track's tokens agree with the districts).
"""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from speakeasy import Game
from speakeasy.games.speakeasy.model.catalog.loader import load_catalog
from speakeasy.games.speakeasy.model.state import BuildingType, GameState, Track
from speakeasy.games.speakeasy.positions.build import gangster_token_used, police_token_used

CATALOG = load_catalog()
COMPONENTS = CATALOG.components


def check_invariants(state: GameState) -> None:
    players = state.players.values()
    # money and counts never negative
    for p in players:
        assert p.pocket >= 0 and p.safe >= 0, p.colour
        for value in (
            p.capos,
            p.mafiosi,
            p.vip,
            p.goons,
            p.leverage_tokens,
            p.books,
            p.books_supply,
            p.distillery_barrels,
        ):
            assert value >= 0, p.colour
        assert all(1 <= level <= 5 for level in p.levels.values())
        assert p.notoriety == sum(p.levels.values()) <= 25
        assert len(p.trucks) == 2 and all(0 <= t.barrels <= 2 for t in p.trucks)
        assert p.goons <= len(CATALOG.operations_board.goon_costs)
    for value in (
        state.supply_barrels,
        state.supply_goons,
        state.supply_leverage,
        state.supply_gangster_bars,
        state.supply_police,
    ):
        assert value >= 0

    buildings = state.buildings()
    for _, _, b in buildings:
        if b.type is BuildingType.DISTILLERY:
            assert not b.barrel
    # per-colour pieces
    for p in players:
        mine = [b for _, _, b in buildings if b.owner is p.colour]
        assert len(mine) + len(p.board_pieces) + len(p.lost_pieces) == 15, p.colour
        assert len({b.piece for b in mine} | set(p.board_pieces) | set(p.lost_pieces)) == 15
        docks = sum(1 for spaces in state.docks.values() for c in spaces if c is p.colour)
        protecting = sum(1 for b in mine if b.protected)
        assert (
            p.mafiosi + p.vip + docks + protecting + len(p.notoriety_mafiosi) + p.mafiosi_lost
        ) == COMPONENTS.count("mafiosi"), p.colour
        placed = sum(1 for c in state.persons.values() if c is p.colour)
        placed += state.restaurant.count(p.colour)
        assert p.capos + placed + p.capos_boxed == COMPONENTS.count("capos"), p.colour
        on_goals = sum(spaces.count(p.colour) for spaces in state.books.values())
        assert p.books + p.books_supply + on_goals == COMPONENTS.count("books")
        assert sum(1 for b in mine if b.type is BuildingType.DISTILLERY) <= 1
    # shared components
    assert state.supply_goons + sum(p.goons for p in players) == COMPONENTS.total("goons")
    assert state.supply_leverage + sum(p.leverage_tokens for p in players) == COMPONENTS.total(
        "leverage_tokens"
    )
    bars = sum(s.gangster_bar for d in state.districts.values() for s in d.spaces)
    assert state.supply_gangster_bars + bars == COMPONENTS.total("gangster_bars")
    police = sum(d.police for d in state.districts.values())
    assert state.supply_police + police == COMPONENTS.total("police")
    ship_barrels = sum(max(0, CATALOG.ship(s.ship).barrel_spaces - s.removed) for s in state.ships)
    barrels = (
        state.supply_barrels
        + ship_barrels
        + sum(b.barrel for _, _, b in buildings)
        + sum(p.distillery_barrels + sum(t.barrels for t in p.trucks) for p in players)
    )
    assert barrels == COMPONENTS.total("barrels")
    offer = state.city_offer
    tokens = (
        sum(map(len, offer.left))
        + sum(map(len, offer.middle))
        + sum(t is not None for t in offer.right)
        + sum(s.city_token is not None for d in state.districts.values() for s in d.spaces)
        + sum(len(p.city_tokens) + len(p.played_tokens) for p in players)
    )
    assert tokens == COMPONENTS.total("city_tokens")
    cards = Counter(c for deck in state.operation_decks.values() for c in deck)
    for p in players:
        cards.update(p.hand)
        cards.update(c for c in p.slots.values() if c)
    assert sum(cards.values()) == 48 and max(cards.values()) == 1
    helpers = (
        len(state.helper_deck)
        + len(state.helper_offer)
        + sum(len(p.helpers) + len(p.helpers_used) for p in players)
    )
    assert helpers == COMPONENTS.total("helper_cards")
    crates = (
        len(state.crate_stack)
        + sum(s.crate is not None for s in state.ships)
        + sum(len(p.crates) for p in players)
    )
    assert crates == COMPONENTS.total("crate_tokens")
    assert len(state.persons) == len(set(state.persons))
    # every marker exactly once on the turn-order track, never two in one space (R-ORDER-1..7)
    markers = [c for row in (state.turn_order.top, state.turn_order.bottom) for c in row if c]
    assert sorted(markers) == sorted(state.players)
    assert len(state.turn_order.top) == len(state.turn_order.bottom)
    for p in players:
        assert p.levels[Track.STRENGTH] >= 1
    check_district_tokens(state)


def check_district_tokens(state: GameState) -> None:
    """R-BOARD-13, R-COMP-4..6, R-GANGWAR-13, R-POLICE-3: each district has one gangster and one
    police district token, so it receives one gangster and one police figure over the game: a
    token on the time track belongs to a district that has neither its gangster (a tile,
    ``had_gangster``, a strength token, a gangster bar) nor its war token (resp. neither its
    police figure nor its police token), and is there once; a war token never lies beside a
    gangster, a police token never beside police; each gangster tile is in one place; every
    general supply holds between none and all of its components."""
    for columns, used in (
        (state.war_columns, gangster_token_used),
        (state.police_columns, police_token_used),
    ):
        track = [n for column in columns for n in column]
        assert len(track) == len(set(track)), columns
        for number in track:
            assert used(state.districts[number]) is None, (number, columns)
    for number, d in state.districts.items():
        if d.war_token:
            assert d.gangster is None and not d.had_gangster and d.strength_token is None, number
        assert not (d.police and d.police_token), number
    tiles = [d.gangster for d in state.districts.values() if d.gangster is not None]
    tiles += [p.partner for p in state.players.values() if p.partner is not None]
    tiles += [t for deck in state.gangster_decks.values() for t in deck]
    assert len(tiles) == len(set(tiles)) and len(tiles) <= COMPONENTS.total("gangster_tiles")
    strength = sum(d.strength_token is not None for d in state.districts.values())
    assert strength <= COMPONENTS.total("gangster_strength_tokens")
    for supply, component in (
        (state.supply_barrels, "barrels"),
        (state.supply_goons, "goons"),
        (state.supply_leverage, "leverage_tokens"),
        (state.supply_gangster_bars, "gangster_bars"),
        (state.supply_police, "police"),
    ):
        assert 0 <= supply <= COMPONENTS.total(component), component


def play(players: int, seed: int, *, check_every: int = 1) -> Game:
    game = Game.new(players=players, seed=seed)
    rng = random.Random(seed * 7919 + players)
    check_invariants(game.state)
    step = 0
    while not game.is_over:
        game.apply(rng.choice(game.legal_actions()))
        step += 1
        if step % check_every == 0:
            check_invariants(game.state)
    check_invariants(game.state)
    return game


@pytest.mark.parametrize("players", [1, 2, 3, 4])
@pytest.mark.parametrize("seed", range(50))
def test_random_games_finish_with_invariants(players: int, seed: int) -> None:
    """200 seeded random games (50 per player count) run to final scoring (R-ACT-2)."""
    game = play(players, seed, check_every=3)
    result = game.result()
    assert len(result.standings) == players
    assert result.winners
    assert game.state.phase.value == "over"
    assert game.state.act == 4
    # R-POLICE-3: 4 police at setup and 4 after each of Acts 1-3: every district has one.
    assert all(d.police for d in game.state.districts.values())
    assert game.state.supply_police == 0


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(players=st.integers(1, 4), seed=st.integers(0, 10**9))
def test_property_every_step_keeps_the_invariants(players: int, seed: int) -> None:
    play(players, seed)

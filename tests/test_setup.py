"""Game setup, player setup and the prologue (R-SETUP, R-PSETUP, R-PROLOGUE, R-2P, R-3P)."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from speakeasy import Game
from speakeasy.games.speakeasy.model.board import Area
from speakeasy.games.speakeasy.model.state import OPERATIONS, GameState, Track
from tests.support import new_ctx

ALL_PLAYERS = [1, 2, 3, 4]


def _state(players: int, seed: int = 0) -> GameState:
    return new_ctx(players, seed).state


@pytest.mark.parametrize("players", ALL_PLAYERS)
def test_r_setup_1_board_side_and_spaces(players: int) -> None:
    """R-SETUP-1, R-BOARD-3, R-2P-1: the 1/2 side has 2 Uptown spaces (solo sandbox too)."""
    state = _state(players)
    uptown = {
        len(state.districts[d].spaces) for d in (13, 14, 15, 16) if not state.districts[d].closed
    }
    assert uptown == ({2} if players <= 2 else {3})


@pytest.mark.parametrize("seed", range(8))
def test_r_setup_2_two_player_closed_districts(seed: int) -> None:
    """R-SETUP-2, R-2P-2, R-CLOSED-1/3, R-COMP-10: exactly 2 Downtown, 2 Midtown, 1 Uptown
    closed, one for each of the 5 closed-district markers."""
    ctx = new_ctx(2, seed)
    closed = [d for d in ctx.state.districts.values() if d.closed]
    by_area = Counter(ctx.board.area_of(d.number) for d in closed)
    assert by_area == {Area.DOWNTOWN: 2, Area.MIDTOWN: 2, Area.UPTOWN: 1}
    assert len(closed) == ctx.catalog.components.count("closed_district_markers")
    for d in closed:
        assert d.spaces == [] and d.gangster is None and not d.war_token
    tokens = [d for col in ctx.state.war_columns for d in col]
    assert not {d.number for d in closed} & set(tokens)


@pytest.mark.parametrize(
    ("players", "gangsters", "war", "columns"),
    [(2, 4, 2, [2, 3]), (3, 6, 3, [3, 4]), (4, 6, 3, [3, 4])],
)
def test_r_setup_4_to_9_gangsters_and_time_track(
    players: int, gangsters: int, war: int, columns: list[int]
) -> None:
    """R-SETUP-4..9, R-2P-3, R-3P-2, R-GANGWAR-13, R-BOARD-13: A gangsters, strength tokens,
    bars, war tokens, and the time-track columns (3 and 4; 2 and 3 at 2p)."""
    ctx = new_ctx(players, seed=3)
    state = ctx.state
    placed = [d for d in state.districts.values() if d.gangster]
    assert len(placed) == gangsters
    for d in placed:
        tile = ctx.catalog.gangster(d.gangster or "")
        assert tile.deck == "A"
        assert d.strength_token == tile.strength
        assert all(s.gangster_bar for s in d.spaces)
        assert d.had_gangster
    assert sum(d.war_token for d in state.districts.values()) == war
    assert [len(c) for c in state.war_columns] == columns
    everyone = [d.number for d in placed] + [
        d.number for d in state.districts.values() if d.war_token or d.closed
    ]
    everyone += [d for c in state.war_columns for d in c]
    assert sorted(everyone) == list(range(1, 17))
    bars = sum(s.gangster_bar for d in state.districts.values() for s in d.spaces)
    assert state.supply_gangster_bars + bars == 24
    assert set(state.gangster_control.values()) == {0}


@pytest.mark.parametrize("players", ALL_PLAYERS)
def test_r_setup_11_to_13_police(players: int) -> None:
    """R-SETUP-11..13, R-2P-9, R-BOARD-13: 4 figures, 4 tokens, two columns of 4 on the time
    track."""
    state = _state(players, seed=5)
    assert sum(d.police for d in state.districts.values()) == 4
    assert sum(d.police_token for d in state.districts.values()) == 4
    assert [len(c) for c in state.police_columns] == [4, 4]
    assert state.supply_police == 12
    everyone = [d.number for d in state.districts.values() if d.police or d.police_token]
    assert sorted(everyone + [d for c in state.police_columns for d in c]) == list(range(1, 17))


@pytest.mark.parametrize("players", ALL_PLAYERS)
def test_r_setup_14_15_city_tokens(players: int) -> None:
    """R-SETUP-14/15, R-BOARD-10: a token on every open building space; the offer's three
    columns: 3 face up on the right, 3 stacks on the left, the middle empty."""
    state = _state(players, seed=2)
    on_spaces = [s.city_token for d in state.districts.values() for s in d.spaces]
    assert all(on_spaces)
    offer = state.city_offer
    assert len(offer.right) == 3 and all(offer.right)
    assert len(offer.left) == 3 and all(stack for stack in offer.left)
    assert all(stack == [] for stack in offer.middle)
    total = len(on_spaces) + 3 + sum(len(s) for s in offer.left)
    assert total == 54


@pytest.mark.parametrize("seed", range(10))
def test_r_setup_16_17_goals_have_different_numbers(seed: int) -> None:
    """R-SETUP-16/17, DISC-1: 3 area tiles and 2 A + 2 B + 1 C park tiles, numbers all differ."""
    ctx = new_ctx(4, seed)
    area = [ctx.catalog.goal(g) for g in ctx.state.area_goals.values()]
    assert list(ctx.state.area_goals) == list(Area)
    assert len({g.number for g in area}) == 3
    park = [ctx.catalog.goal(g) for g in ctx.state.central_park_goals]
    assert [g.letter for g in park] == ["A", "A", "B", "B", "C"]
    assert len({g.number for g in park}) == 5
    for goal_id in [*ctx.state.area_goals.values(), *ctx.state.central_park_goals]:
        assert ctx.state.books[goal_id] == [None, None]


@pytest.mark.parametrize("players", ALL_PLAYERS)
def test_r_setup_18_19_cards_and_helpers(players: int) -> None:
    """R-SETUP-18/19: one card of each type per player; 3 helpers face up."""
    ctx = new_ctx(players, seed=4)
    for player in ctx.state.players.values():
        assert sorted(ctx.catalog.card(c).type for c in player.hand) == sorted(
            t.value for t in OPERATIONS
        )
    in_decks = sum(len(d) for d in ctx.state.operation_decks.values())
    assert in_decks + 4 * players == 48
    assert len(ctx.state.helper_offer) == 3
    assert len(ctx.state.helper_deck) == 18


def test_r_setup_20_to_22_ships_crates_ports() -> None:
    """R-SETUP-20..22: 4 ships with 5 barrels and a crate, on 4 different ports."""
    ctx = new_ctx(4, seed=9)
    ships = ctx.state.ships
    assert len(ships) == 4
    assert len({s.port for s in ships}) == 4
    assert {s.port for s in ships} <= set(ctx.board.port_ring)
    assert all(s.removed == 0 and s.crate for s in ships)
    assert len(ctx.state.crate_stack) == 14
    assert ctx.state.supply_barrels == 40 - 20


@pytest.mark.parametrize("players", ALL_PLAYERS)
def test_r_psetup_player_components(players: int) -> None:
    """R-PSETUP-1..11, R-CAPO-1: levels 1, notoriety 5, $15/$30, 1 goon, 4 capos, 2 reserved
    mafiosi."""
    state = _state(players, seed=6)
    for p in state.players.values():
        assert all(p.levels[t] == 1 for t in Track)
        assert p.notoriety == 5
        assert (p.pocket, p.safe) == (15, 30)
        assert p.goons == 1
        assert p.capos == 4
        assert p.notoriety_mafiosi == [8, 14]
        assert p.mafiosi == 10
        assert p.books == 0 and p.books_supply == 10
        assert len(p.board_pieces) == 15
        assert all(t.district is None for t in p.trucks)
        assert set(p.area_control.values()) == {0}
    assert state.supply_goons == 24 - players


@pytest.mark.parametrize("players", ALL_PLAYERS)
def test_r_setup_10_r_psetup_8_area_control_markers_at_the_bottom(players: int) -> None:
    """R-SETUP-10, R-PSETUP-8, R-BOARD-11: a track per area; every marker starts at 0."""
    ctx = new_ctx(players, seed=2)
    assert ctx.state.gangster_control == dict.fromkeys(Area, 0)
    for player in ctx.state.players.values():
        assert player.area_control == dict.fromkeys(Area, 0)
    assert set(ctx.catalog.payouts) == {a.value for a in Area}


@pytest.mark.parametrize(("players", "columns"), [(1, 2), (2, 2), (3, 3), (4, 4)])
def test_r_prologue_1_turn_order(players: int, columns: int) -> None:
    """R-PROLOGUE-1/2, R-3P-1, R-ORDER-1, R-BOARD-9, GAP-10, GAP-28: two rows of columns
    (4 at 4p, 3 at 3p, 2 at 2p); first player at column 1, then clockwise."""
    state = _state(players, seed=7)
    top = state.turn_order.top
    assert len(top) == columns and len(state.turn_order.bottom) == columns
    order = state.turn_order.order
    assert len(order) == players
    seat = state.seating.index(order[0])
    assert order == (state.seating[seat:] + state.seating[:seat])


def test_r_psetup_12_two_player_docks_placement() -> None:
    """R-PSETUP-12, R-2P-5, GAP-24: before the prologue, in reverse turn order, each puts a
    mafioso in the docks."""
    g = Game.new(players=2, seed=12)
    order = g.state.turn_order.order
    assert g.pending is not None and g.pending.kind == "mafioso"
    assert g.current_player == order[-1]
    assert all(a.args[0] == "docks" for a in g.legal_actions())
    g.apply(g.legal_actions()[0])
    while g.pending is not None and g.pending.kind != "mafioso":
        g.apply(g.legal_actions()[-1])  # finish the first player's row reward / moves
    assert g.current_player == order[0]


def _through_prologue(game: Game, rng: random.Random) -> None:
    """Random choices, but never the optional extra discard a card reward may offer."""
    while game.state.act == 0 and game.pending is not None:
        options = [a for a in game.legal_actions() if a.kind != "more"]
        game.apply(rng.choice(options))


@pytest.mark.parametrize("players", ALL_PLAYERS)
def test_e23_prologue_hand_size_and_building(players: int) -> None:
    """E23, R-PROLOGUE-3..8: one building each from the pocket, 3 cards in hand, 1 slotted."""
    g = Game.new(players=players, seed=40 + players)
    _through_prologue(g, random.Random(players))
    for colour, p in g.state.players.items():
        assert len(p.hand) == 3, colour
        assert sum(1 for c in p.slots.values() if c) == 1
        buildings = g.state.buildings(colour)
        assert len(buildings) == 1
        assert buildings[0][2].type.value in ("bar", "distillery")
        assert p.safe == 30  # paid from the pocket only
        assert p.pocket <= 15 - 3 or p.pocket > 15  # a reward may add cash
    assert g.state.act == 1


def test_r_prologue_reverse_order_and_no_card_action() -> None:
    """R-PROLOGUE-3/8, R-CARD-4: the last player starts; the card action is skipped."""
    g = Game.new(players=3, seed=8)
    order = g.state.turn_order.order
    assert g.pending is not None and g.pending.kind == "build"
    assert g.current_player == order[-1]
    kinds = []
    rng = random.Random(0)
    while g.state.act == 0:
        assert g.pending is not None
        kinds.append(g.pending.kind)
        g.apply(rng.choice(g.legal_actions()))
    assert "sell" not in kinds and "protect" not in kinds
    plays = [e for e in g.events if e.kind == "play_card"]
    assert len(plays) == 3


def test_r_prologue_5_empty_spaces_only() -> None:
    """R-PROLOGUE-5, R-BUILD-1, R-CLOSED-1: no gangster bar, no closed district."""
    g = Game.new(players=2, seed=2)
    rng = random.Random(1)
    while g.pending is not None and g.pending.kind != "build_space":
        g.apply(rng.choice(g.legal_actions()))
    assert g.pending is not None
    for action in g.legal_actions():
        district = g.state.districts[int(action.args[0])]
        assert not district.closed
        assert district.spaces[int(action.args[1])].is_empty
    assert g.current_player in g.state.players


def test_gap_23_one_player_is_a_labelled_sandbox() -> None:
    """GAP-23: one seat plays the 2p setup and is clearly not the official solo mode."""
    g = Game.new(players=1, seed=3)
    assert g.is_sandbox and "solo-sandbox" in repr(g)
    notes = [e for e in g.setup_events if e.kind == "solo_sandbox"]
    assert notes and "not the official solo mode" in notes[0].text
    assert not Game.new(players=2, seed=3).is_sandbox

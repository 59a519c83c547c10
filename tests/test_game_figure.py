"""The whole-position figure (speakeasy.viz.game_figure): every layer against the state."""

from __future__ import annotations

import copy
import random
from functools import cache
from typing import Any

import plotly.graph_objects as go
import pytest

from speakeasy import Game, load_board
from speakeasy.model.board import Board
from speakeasy.model.state import Building, BuildingType, Colour, GameState, Track
from speakeasy.viz import DISTRICT_TRACE
from speakeasy.viz.board_figure import CLOSED_COLOUR, HIGHLIGHT_COLOUR
from speakeasy.viz.game_figure import (
    ALLIANCE_TRACE,
    BARRELS_TRACE,
    BUILDINGS_TRACE,
    CHANGE_COLOUR,
    CHANGED_TRACE,
    CITY_TOKENS_TRACE,
    CONTROL_TRACE,
    EMPTY_SPACES_TRACE,
    GANGSTER_BARS_TRACE,
    PANEL_CHANGES_TRACE,
    PANEL_VALUES_TRACE,
    PLAYER_COLOURS,
    POLICE_TOKENS_TRACE,
    POLICE_TRACE,
    PROTECTION_TRACE,
    SHIPS_TRACE,
    STRENGTH_TOKENS_TRACE,
    TRUCKS_TRACE,
    TURN_ORDER_TRACE,
    WAR_TOKENS_TRACE,
    changed_districts,
    game_figure,
    game_repr_mimebundle,
    game_summary,
)

#: Weights that make a random game build, protect, ship and ally more than pure chance would.
_PREFER = {"build": 8, "build_space": 8, "protect": 6, "enter": 5, "move": 3, "buy": 5, "ally": 3}
STAGES = ("setup", "mid", "over")


@cache
def _game(players: int, stage: str, seed: int = 5) -> Game:
    game = Game.new(players=players, seed=seed)
    rng = random.Random(seed)
    steps = {"setup": 0, "mid": 40 * players, "over": 10**6}[stage]
    for _ in range(steps):
        if game.is_over:
            break
        actions = game.legal_actions()
        game.apply(rng.choices(actions, [_PREFER.get(a.kind, 1) for a in actions])[0])
    return game


def position(players: int, stage: str) -> tuple[GameState, Board]:
    """A copy of the position (tests may edit it) and its board."""
    return copy.deepcopy(_game(players, stage).state), load_board(players)


def trace(fig: go.Figure, name: str) -> Any:
    found = [t for t in fig.data if t.name == name]
    assert len(found) == 1, f"expected one {name!r} trace, found {len(found)}"
    return found[0]


def count(fig: go.Figure, name: str) -> int:
    return len(trace(fig, name).x or ())


def decorate(state: GameState) -> GameState:
    """Add what random play rarely reaches: protection, barrels, loaded trucks, an alliance."""
    buildings = state.buildings()
    for i, (_, _, b) in enumerate(buildings):
        b.protected = i % 2 == 0
        b.barrel = i % 3 == 0 and b.type is not BuildingType.DISTILLERY
    players = list(state.players.values())
    players[0].trucks[0].district, players[0].trucks[0].barrels = 8, 2
    players[-1].trucks[-1].district, players[-1].trucks[-1].barrels = 8, 1
    players[0].partner, players[0].partner_district = "gangster-A1", 9
    return state


# ---------------------------------------------------------------------- layers vs state
@pytest.mark.parametrize("stage", STAGES)
@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_every_piece_of_the_state_is_drawn(players: int, stage: str) -> None:
    state, board = position(players, stage)
    if stage == "mid":
        state = decorate(state)
    fig = game_figure(state, board)

    districts = trace(fig, DISTRICT_TRACE)
    assert list(districts.customdata) == list(range(1, 17))

    spaces = [(n, i, sp) for n, d in state.districts.items() for i, sp in enumerate(d.spaces)]
    buildings = state.buildings()
    assert count(fig, BUILDINGS_TRACE) == len(buildings)
    drawn = trace(fig, BUILDINGS_TRACE)
    assert sorted(tuple(c) for c in drawn.customdata) == sorted((n, i) for n, i, _ in buildings)
    owner_of = {(n, i): b.owner for n, i, b in buildings}
    assert list(drawn.marker.color) == [PLAYER_COLOURS[owner_of[n, i]] for n, i in drawn.customdata]
    assert count(fig, GANGSTER_BARS_TRACE) == sum(sp.gangster_bar for *_, sp in spaces)
    assert count(fig, EMPTY_SPACES_TRACE) == sum(sp.is_empty for *_, sp in spaces)
    assert count(fig, CITY_TOKENS_TRACE) == sum(
        sp.is_empty and sp.city_token is not None for *_, sp in spaces
    )
    assert count(fig, PROTECTION_TRACE) == sum(b.protected for *_, b in buildings)
    assert count(fig, BARRELS_TRACE) == sum(b.barrel for *_, b in buildings)

    ds = state.districts.values()
    assert count(fig, POLICE_TRACE) == sum(d.police for d in ds)
    assert count(fig, POLICE_TOKENS_TRACE) == sum(d.police_token and not d.police for d in ds)
    assert count(fig, STRENGTH_TOKENS_TRACE) == sum(d.strength_token is not None for d in ds)
    assert count(fig, WAR_TOKENS_TRACE) == sum(d.war_token and d.strength_token is None for d in ds)
    assert sorted(trace(fig, POLICE_TRACE).customdata or ()) == sorted(
        n for n, d in state.districts.items() if d.police
    )

    on_map = [
        (t.district, t.barrels) for p in state.players.values() for t in p.trucks if t.district
    ]
    assert count(fig, TRUCKS_TRACE) == len(on_map)
    assert sorted(int(x) for x in trace(fig, TRUCKS_TRACE).text or ()) == sorted(
        load for _, load in on_map
    )
    assert count(fig, SHIPS_TRACE) == len(state.ships)
    assert sorted(trace(fig, SHIPS_TRACE).customdata or ()) == sorted(s.port for s in state.ships)
    assert count(fig, ALLIANCE_TRACE) == sum(
        p.partner_district is not None for p in state.players.values()
    )
    # area control: one marker per player and one for the gangsters on each of the 3 tracks
    assert count(fig, CONTROL_TRACE) == 3 * (len(state.players) + 1)


def test_decorated_mid_game_has_every_kind_of_piece() -> None:
    """The mid-game position used above really exercises every layer."""
    state, board = position(4, "mid")
    fig = game_figure(decorate(state), board)
    for name in (
        BUILDINGS_TRACE,
        GANGSTER_BARS_TRACE,
        PROTECTION_TRACE,
        BARRELS_TRACE,
        POLICE_TRACE,
        STRENGTH_TOKENS_TRACE,
        TRUCKS_TRACE,
        SHIPS_TRACE,
        ALLIANCE_TRACE,
        CITY_TOKENS_TRACE,
    ):
        assert count(fig, name) > 0, name


def test_the_ship_label_shows_the_barrels_left() -> None:
    state, board = position(4, "setup")
    state.ships[0].removed = 2
    fig = game_figure(state, board)
    ships = trace(fig, SHIPS_TRACE)
    label = ships.text[list(ships.customdata).index(state.ships[0].port)]
    assert label.count("●") == 3 and label.count("○") == 2


def test_hover_says_whether_a_building_operates() -> None:
    """R-GOLDEN-1: with police, only a protected building operates."""
    state, board = position(2, "setup")
    district = state.districts[9]
    district.police = True
    district.spaces[0].building = Building(Colour.PURPLE, BuildingType.BAR, "bar-left-1")
    district.spaces[1].building = Building(
        Colour.YELLOW, BuildingType.CASINO, "casino-1", protected=True
    )
    fig = game_figure(state, board)
    hover = dict(
        zip(
            (tuple(c) for c in trace(fig, BUILDINGS_TRACE).customdata),
            trace(fig, BUILDINGS_TRACE).hovertext,
            strict=True,
        )
    )
    assert "not operating" in hover[9, 0] and "purple bar" in hover[9, 0]
    assert "not operating" not in hover[9, 1] and "protected" in hover[9, 1]
    district_hover = trace(fig, DISTRICT_TRACE).hovertext[8]
    assert "police" in district_hover and "yellow casino" in district_hover


def test_closed_districts_are_greyed_and_crossed_at_two_players() -> None:
    state, board = position(2, "mid")
    closed = sorted(n for n, d in state.districts.items() if d.closed)
    assert closed  # R-CLOSED-1: a 2-player game closes districts
    districts = trace(game_figure(state, board), DISTRICT_TRACE)
    crossed = [
        n
        for n, s in zip(districts.customdata, districts.marker.symbol, strict=True)
        if s != "square"
    ]
    assert crossed == closed
    grey = [
        n
        for n, c in zip(districts.customdata, districts.marker.color, strict=True)
        if c == CLOSED_COLOUR
    ]
    assert grey == closed
    four, board4 = position(4, "mid")
    assert all(
        s == "square" for s in trace(game_figure(four, board4), DISTRICT_TRACE).marker.symbol
    )


# ---------------------------------------------------------------------- changes
def test_exactly_the_changed_districts_are_ringed() -> None:
    before, board = position(4, "mid")
    for p in before.players.values():  # every truck off the map, so only district 14 gains one
        for t in p.trucks:
            t.district = None
    after = copy.deepcopy(before)
    after.districts[5].police = not after.districts[5].police
    after.districts[12].spaces[0].gangster_bar = not after.districts[12].spaces[0].gangster_bar
    truck = after.player(Colour.YELLOW).trucks[0]
    truck.district, truck.barrels = 14, 1
    expected = [5, 12, 14]
    assert changed_districts(before, after) == expected
    assert changed_districts(None, after) == []
    ring = trace(game_figure(after, board, previous=before), CHANGED_TRACE)
    assert list(ring.customdata) == expected
    assert ring.marker.color == CHANGE_COLOUR
    hover = trace(game_figure(after, board, previous=before), DISTRICT_TRACE).hovertext
    assert "changed" in hover[4] and "changed" not in hover[0]


def test_a_real_step_rings_what_it_changed() -> None:
    game = _game(4, "mid").copy()
    board = load_board(4)
    for _ in range(30):
        before = copy.deepcopy(game.state)
        game.apply(random.Random(len(game.history)).choice(game.legal_actions()))
        changed = changed_districts(before, game.state)
        fig = game_figure(game.state, board, previous=before)
        if changed:
            assert list(trace(fig, CHANGED_TRACE).customdata) == changed
        else:
            assert not [t for t in fig.data if t.name == CHANGED_TRACE]


def test_no_previous_no_change_marks() -> None:
    state, board = position(3, "mid")
    fig = game_figure(state, board, previous=copy.deepcopy(state))
    assert not [t for t in fig.data if t.name == CHANGED_TRACE]
    assert count(fig, PANEL_CHANGES_TRACE) == 0
    assert all("▲" not in t and "▼" not in t for t in trace(fig, PANEL_VALUES_TRACE).text)


def test_changed_panel_values_are_marked() -> None:
    before, board = position(4, "mid")
    after = copy.deepcopy(before)
    after.player(Colour.GREEN).pocket += 5
    after.player(Colour.BLUE).levels[Track.FLEET] -= 1
    after.player(Colour.PURPLE).area_control[next(iter(after.player("purple").area_control))] += 1
    fig = game_figure(after, board, previous=before)
    marks = sorted(tuple(c) for c in trace(fig, PANEL_CHANGES_TRACE).customdata)
    assert marks == sorted([("pocket", "green"), ("fleet", "blue"), ("notoriety", "blue")])
    values = trace(fig, PANEL_VALUES_TRACE)
    text = {tuple(c): t for c, t in zip(values.customdata, values.text, strict=True)}
    assert "▲" in text["pocket", "green"] and "▼" in text["fleet", "blue"]
    assert "▲" not in text["pocket", "blue"]
    moved = [
        w
        for c, w in zip(
            trace(fig, CONTROL_TRACE).customdata,
            trace(fig, CONTROL_TRACE).marker.line.width,
            strict=True,
        )
        if c[1] == "purple" and w > 1
    ]
    assert len(moved) == 1


# ---------------------------------------------------------------------- panel
@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_panel_shows_each_players_money_and_levels(players: int) -> None:
    state, board = position(players, "mid")
    fig = game_figure(state, board)
    values = trace(fig, PANEL_VALUES_TRACE)
    text = {tuple(c): t for c, t in zip(values.customdata, values.text, strict=True)}
    for colour, p in state.players.items():
        assert text["pocket", colour.value] == f"${p.pocket}"
        assert text["safe", colour.value] == f"${p.safe}"
        assert text["notoriety", colour.value] == str(p.notoriety)
        for track in Track:
            assert text[track.value, colour.value] == str(p.levels[track])
        assert text["goons", colour.value] == str(p.goons)
        assert text["vip-mafiosi", colour.value] == str(p.vip)
    chips = [a.text for a in fig.layout.annotations if a.xref == "x2"]
    assert chips == [f"<b>{c.value.capitalize()}</b>" for c in state.players]
    order = trace(fig, TURN_ORDER_TRACE)
    top = [d[1] for d in order.customdata if d[0] == "top"]
    assert len(top) == max(len(state.turn_order.top), len(state.turn_order.bottom), 1)
    labels = " ".join(t for tr in fig.data if tr.name == "panel labels" for t in tr.text)
    assert "Turn order" in labels and "Money (pocket)" in labels


def test_highlight_outlines_in_gold() -> None:
    state, board = position(2, "setup")
    fig = game_figure(state, board, highlight=[3, 11], title="Pick a district")
    gold = trace(fig, "highlight")
    assert list(gold.customdata) == [3, 11] and gold.marker.color == HIGHLIGHT_COLOUR
    assert fig.layout.title.text == "Pick a district"
    assert fig.layout.height == 620


# ---------------------------------------------------------------------- rich display
def test_mimebundle_has_the_plotly_json_and_a_text_summary() -> None:
    state, board = position(4, "mid")
    bundle = game_repr_mimebundle(state, board)
    spec = bundle["application/vnd.plotly.v1+json"]
    names = [t.get("name") for t in spec["data"]]
    assert DISTRICT_TRACE in names and BUILDINGS_TRACE in names
    assert spec["layout"]["height"] == 620
    assert "text/html" in bundle and "plotly" in bundle["text/html"]
    text = bundle["text/plain"]
    assert text == game_summary(state)
    assert text.startswith("Speakeasy, 4 players")
    for colour, p in state.players.items():
        assert f"{colour.value:>6}: ${p.pocket} pocket, ${p.safe} safe" in text
    only_text = game_repr_mimebundle(state, board, include={"text/plain"})
    assert set(only_text) == {"text/plain"}
    no_html = game_repr_mimebundle(state, board, exclude={"text/html"})
    assert set(no_html) == {"application/vnd.plotly.v1+json", "text/plain"}


def test_summary_after_the_game_ends() -> None:
    state, _ = position(2, "over")
    assert "Game over" in game_summary(state)

"""The Manhattan board: geometry facts GEO-1..GEO-20, ports, loading and validation."""

from __future__ import annotations

import itertools
import re
import shutil
from pathlib import Path

import networkx as nx
import pytest
from hypothesis import given
from hypothesis import strategies as st

from speakeasy import Area, DataError, load_board
from speakeasy.games.speakeasy.model.board import DEFAULT_BOARD_PATH, Board

ALL = list(range(1, 17))
districts = st.integers(min_value=1, max_value=16)


@pytest.fixture(scope="module")
def board() -> Board:
    return load_board()


def _route_ok(board: Board, route: list[int]) -> bool:
    return all(board.graph.has_edge(a, b) for a, b in itertools.pairwise(route))


# ---------------------------------------------------------------------- areas and spaces
def test_geo_1_areas_by_district_number(board: Board) -> None:
    """GEO-1, R-BOARD-2: Downtown 1-6, Midtown 7-12, Uptown 13-16."""
    assert board.districts_in(Area.DOWNTOWN) == (1, 2, 3, 4, 5, 6)
    assert board.districts_in("midtown") == (7, 8, 9, 10, 11, 12)
    assert board.districts_in(Area.UPTOWN) == (13, 14, 15, 16)
    assert [board.area_of(d).value for d in (6, 7, 12, 13)] == [
        "downtown",
        "midtown",
        "midtown",
        "uptown",
    ]
    assert {board.graph.nodes[d]["area"] for d in ALL} == {"downtown", "midtown", "uptown"}


def test_geo_2_downtown_left_midtown_middle_uptown_right(board: Board) -> None:
    """GEO-2, R-BOARD-1: areas run left to right; Central Park is drawn among Uptown's
    districts but belongs to no area."""
    mean_x = {area: sum(board.district(d).x for d in board.districts_in(area)) / 4 for area in Area}
    assert mean_x[Area.DOWNTOWN] < mean_x[Area.MIDTOWN] < mean_x[Area.UPTOWN]
    uptown_x = [board.district(d).x for d in board.districts_in(Area.UPTOWN)]
    assert min(uptown_x) <= board.central_park.x <= max(uptown_x)
    assert max(board.district(d).x for d in board.districts_in(Area.MIDTOWN)) < min(uptown_x)


@pytest.mark.parametrize(("players", "uptown"), [(1, 2), (2, 2), (3, 3), (4, 3)])
def test_geo_3_building_spaces_by_player_count(players: int, uptown: int) -> None:
    """GEO-3, R-BOARD-3, R-2P-1: 2 spaces per district; Uptown 3, or 2 on the 1/2 side."""
    b = load_board(players)
    assert {b.spaces(d) for d in range(1, 13)} == {2}
    assert {b.graph.nodes[d]["spaces"] for d in (13, 14, 15, 16)} == {uptown}
    assert sum(b.spaces(d) for d in ALL) == (36 if uptown == 3 else 32)


# ---------------------------------------------------------------------- movement
def test_geo_4_one_move_reaches_exactly_the_adjacent_districts(board: Board) -> None:
    """GEO-4, R-TRUCK-7: a move goes to an adjacent district and costs 1 point."""
    for d in ALL:
        one = board.reachable(d, 1)
        assert one[d] == 0
        assert {k for k, v in one.items() if v == 1} == set(board.graph.neighbors(d))


def test_geo_5_no_edge_across_central_park(board: Board) -> None:
    """GEO-5, R-TRUCK-8, R-BOARD-14, MAP-3: 13 and 15 (north of Central Park) are not
    adjacent to 14 or 16 (south of it)."""
    for a, b in itertools.product((13, 15), (14, 16)):
        assert not board.graph.has_edge(a, b), (a, b)
    assert set(board.central_park.north) == {13, 15}
    assert set(board.central_park.south) == {14, 16}


def test_geo_6_geo_7_edges_8_4_and_4_7_from_e18(board: Board) -> None:
    """GEO-6, GEO-7, GEO-11 (E18): 8-4 and 4-7 are adjacent, and the rulebook forces them."""
    for a, b in ((8, 4), (4, 7)):
        assert board.graph.has_edge(a, b)
        assert board.edge_source(a, b).kind == "rulebook"
        assert "E18" in board.edge_source(a, b).refs
    assert board.area_of(4) is Area.DOWNTOWN
    assert {board.area_of(7), board.area_of(8)} == {Area.MIDTOWN}


def test_geo_8_truck_a_reaches_9_then_5_within_three_moves(board: Board) -> None:
    """GEO-8 (E18): dist(7, 9) + dist(9, 5) <= 3."""
    assert board.distance(7, 9) + board.distance(9, 5) <= 3


def test_geo_9_four_moves_from_8_to_15_through_13(board: Board) -> None:
    """GEO-9 (E18): dist(8, 15) <= 4 on a route through 13, and 13-15 are adjacent."""
    assert board.distance(8, 15) <= 4
    assert board.graph.has_edge(13, 15)
    assert board.edge_source(13, 15).kind == "rulebook"
    assert board.distance(8, 13) <= 3
    routes = board.shortest_routes(8, 15)
    assert routes
    assert all(13 in r for r in routes)


def test_geo_10_16_to_10_within_three_moves(board: Board) -> None:
    """GEO-10 (E17): dist(16, 10) <= 3."""
    assert board.distance(16, 10) <= 3


def test_geo_11_midtown_borders_downtown_at_4(board: Board) -> None:
    """GEO-11: 7 and 8 border Downtown 4; 9 -> 5 takes 1-2 moves."""
    assert set(board.graph.neighbors(4)) >= {7, 8}
    assert 1 <= board.distance(9, 5) <= 2


# ---------------------------------------------------------------------- ports
def test_geo_12_seven_ports_in_one_clockwise_ring(board: Board) -> None:
    """GEO-12, R-BOARD-6: 7 ports; each port district appears once in the ring."""
    assert len(board.port_ring) == 7
    assert len(set(board.port_ring)) == 7
    assert set(board.port_ring) == {d for d in ALL if board.graph.nodes[d]["port"]}


def test_geo_13_known_port_districts(board: Board) -> None:
    """GEO-13 (E17, E18): ports exist in districts 6, 7, 13 and 16, from the rulebook."""
    for d in (6, 7, 13, 16):
        port = board.district(d).port
        assert port is not None
        assert port.kind == "rulebook"


def test_geo_14_next_free_port_after_16_in_e17_is_6(board: Board) -> None:
    """GEO-14, R-TRUCK-12 (E17): the ship leaving 16 docks next at 6."""
    # In E17 the other three ships are somewhere that is not between 16 and 6.
    others = [p for p in board.port_ring if p not in (16, 6)]
    for placed in itertools.combinations(others, 3):
        assert board.next_free_port(16, {16, *placed}) == 6


def test_geo_15_next_free_port_after_7_in_e18_is_13(board: Board) -> None:
    """GEO-15, R-TRUCK-12 (E18): the ship leaving 7 docks next at 13."""
    others = [p for p in board.port_ring if p not in (7, 13)]
    for placed in itertools.combinations(others, 3):
        assert board.next_free_port(7, {7, *placed}) == 13


def test_next_free_port_skips_occupied_ports_clockwise(board: Board) -> None:
    """R-SHIP-11, R-TRUCK-12: skip ports holding a ship; wrap around the ring."""
    ring = board.port_ring
    assert board.next_free_port(ring[-1], {ring[-1]}) == ring[0]
    assert board.next_free_port(ring[0], {ring[0], ring[1], ring[2]}) == ring[3]
    with pytest.raises(ValueError, match="has no port"):
        board.next_free_port(3, set())
    with pytest.raises(ValueError, match="no free port"):
        board.next_free_port(ring[0], set(ring))


def test_geo_16_downtown_has_a_port(board: Board) -> None:
    """GEO-16 (E20): St. Clair's ship was docked Downtown."""
    assert any(board.area_of(p) is Area.DOWNTOWN for p in board.port_ring)


def test_geo_17_every_port_belongs_to_an_area_with_a_docks_area(board: Board) -> None:
    """GEO-17, R-SHIP-3: a ship is attacked from the docks area of its port's area."""
    assert {board.area_of(p) for p in board.port_ring} <= set(Area)
    assert {board.area_of(p) for p in board.port_ring} == set(Area)


def test_geo_18_closed_districts_stay_on_the_movement_graph() -> None:
    """GEO-18, R-CLOSED-2: 2-player closed districts keep their edges and ports."""
    two, four = load_board(2), load_board(4)
    assert sorted(two.graph.edges) == sorted(four.graph.edges)
    assert two.port_ring == four.port_ring


def test_geo_19_orientation_of_the_clockwise_ring(board: Board) -> None:
    """GEO-19: 7 and 13 lie on one long edge, 16 and 6 on the other; the ring is clockwise."""
    ys = {d: board.district(d).y for d in ALL}
    mid = (max(ys.values()) + min(ys.values())) / 2
    assert ys[7] > mid and ys[13] > mid
    assert ys[16] < mid and ys[6] < mid
    pts = [(board.district(d).x, board.district(d).y) for d in board.port_ring]
    signed_area = sum(
        x1 * y2 - x2 * y1 for (x1, y1), (x2, y2) in zip(pts, pts[1:] + pts[:1], strict=True)
    )
    assert signed_area < 0, "ports must be listed clockwise on the drawing"


def test_map_5_the_candidate_map_reproduces_the_examples(board: Board) -> None:
    """MAP-4/5: the ASSUMED map's own check list, with the example distances exact."""
    assert board.graph.has_edge(8, 4) and board.graph.has_edge(4, 7)
    assert board.distance(7, 9) == 2 and board.distance(9, 5) == 1
    assert board.distance(8, 15) == 4 and [8, 7, 10, 13, 15] in board.shortest_routes(8, 15)
    assert board.graph.has_edge(13, 15)
    assert board.shortest_routes(16, 10) == [[16, 14, 11, 10]]
    assert board.graph.number_of_edges() == 24


def test_geo_20_example_districts_are_in_their_areas(board: Board) -> None:
    """GEO-20 (E16-E18): casino in 4 and NC in 5 are Downtown; 16 is Uptown; 7 is Midtown."""
    assert board.area_of(4) is board.area_of(5) is Area.DOWNTOWN
    assert board.area_of(16) is Area.UPTOWN
    assert board.area_of(7) is Area.MIDTOWN


def test_e17_route_16_to_10_uses_three_moves(board: Board) -> None:
    """E17, R-TRUCK-7: range 4 from 16 reaches 10 with 1 point to spare."""
    reach = board.reachable(16, 4)
    assert reach[10] == 3
    assert all(len(r) == 4 and _route_ok(board, r) for r in board.shortest_routes(16, 10))


def test_e18_truck_routes_fit_range_5(board: Board) -> None:
    """E18, R-TRUCK-7: truck A 8->4->7->9->5 and truck B 8->...->15->13 within 5 moves."""
    assert (
        board.distance(8, 4) + board.distance(4, 7) + board.distance(7, 9) + board.distance(9, 5)
        <= 5
    )
    assert board.distance(8, 15) + board.distance(15, 13) <= 5


# ---------------------------------------------------------------------- API behaviour
def test_every_edge_and_port_has_provenance(board: Board) -> None:
    """Every adjacency and port cites a rule/example (rulebook) or GAP-1/GAP-2 (assumed)."""
    for a, b, data in board.graph.edges(data=True):
        src = data["source"]
        assert src.kind == "rulebook" or "GAP-1" in src.gaps, (a, b, src)
    for d in board.port_ring:
        src = board.district(d).port
        assert src is not None
        assert src.kind == "rulebook" or "GAP-2" in src.gaps


def test_board_is_immutable_and_cached() -> None:
    b = load_board()
    assert b is load_board(4)
    with pytest.raises(nx.NetworkXError):
        b.graph.add_edge(13, 14)
    with pytest.raises(TypeError):
        b.districts[1] = b.districts[2]  # type: ignore[index]


@pytest.mark.parametrize("players", [0, 5, True, "4"])
def test_player_count_must_be_1_to_4(players: object) -> None:
    with pytest.raises(ValueError, match="players must be 1, 2, 3 or 4"):
        load_board(players)  # type: ignore[arg-type]


def test_unknown_district_queries_name_the_district(board: Board) -> None:
    with pytest.raises(KeyError, match="no district 17"):
        board.distance(1, 17)
    with pytest.raises(ValueError, match="at least 0"):
        board.reachable(1, -1)


def test_shortest_routes_returns_all_of_them(board: Board) -> None:
    assert board.shortest_routes(8, 15) == [[8, 7, 10, 13, 15], [8, 11, 10, 13, 15]]
    assert board.shortest_routes(5, 5) == [[5]]


@given(districts, districts)
def test_property_routes_are_valid_and_as_long_as_the_distance(a: int, b: int) -> None:
    board = load_board()
    d = board.distance(a, b)
    routes = board.shortest_routes(a, b)
    assert routes == sorted(routes)
    assert len({tuple(r) for r in routes}) == len(routes)
    for r in routes:
        assert r[0] == a and r[-1] == b and len(r) == d + 1
        assert _route_ok(board, r)


@given(districts, st.integers(min_value=0, max_value=10))
def test_property_reachable_agrees_with_distance(start: int, moves: int) -> None:
    board = load_board()
    reach = board.reachable(start, moves)
    assert reach == {d: board.distance(start, d) for d in ALL if board.distance(start, d) <= moves}
    assert list(reach.values()) == sorted(reach.values())


@given(st.sets(st.sampled_from([1, 2, 7, 13, 15, 16, 6]), max_size=4), st.integers(0, 6))
def test_property_next_free_port_is_first_free_clockwise(occupied: set[int], i: int) -> None:
    board = load_board()
    start = board.port_ring[i]
    nxt = board.next_free_port(start, occupied | {start})
    assert nxt not in occupied and nxt != start
    ring = board.port_ring
    between = [ring[(i + k) % 7] for k in range(1, (ring.index(nxt) - i) % 7)]
    assert all(p in occupied for p in between)


# ---------------------------------------------------------------------- corrected boards
@pytest.fixture
def board_text() -> str:
    return DEFAULT_BOARD_PATH.read_text(encoding="utf-8")


def _write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "my_board.toml"
    path.write_text(text, encoding="utf-8")
    return path


def _edit(text: str, pattern: str, replacement: str) -> str:
    new, count = re.subn(pattern, replacement, text, count=1, flags=re.MULTILINE)
    assert count == 1, f"pattern not found: {pattern}"
    return new


def test_a_corrected_board_file_can_be_loaded(tmp_path: Path, board_text: str) -> None:
    """A user can move an edge: here 5-9 becomes 5-8 (both sides edited)."""
    text = _edit(board_text, r'9 = "assumed: GAP-1, MAP-4, GEO-8" \}', '8 = "assumed: GAP-1" }')
    text = _edit(
        text,
        r"\[districts\.8\]\n(.*\n){3}adjacent = \{",
        '[districts.8]\narea = "midtown"\nx = 3.4\ny = 1.05\nadjacent = { 5 = "assumed: GAP-1", ',
    )
    text = _edit(text, r'adjacent = \{ 5 = "assumed: GAP-1, MAP-4, GEO-8", ', "adjacent = { ")
    b = load_board(path=_write(tmp_path, text))
    assert b.graph.has_edge(5, 8) and not b.graph.has_edge(5, 9)
    assert b.path.name == "my_board.toml"


@pytest.mark.parametrize(
    ("pattern", "replacement", "entry", "problem"),
    [
        (
            r"^adjacent = \{ 10 = ",
            'adjacent = { 17 = "assumed: GAP-1", 10 = ',
            "district 13 adjacent 17",
            "unknown district 17",
        ),
        (
            r'^adjacent = \{ 13 = "rulebook: GEO-9, E18" \}',
            'adjacent = { 13 = "rulebook: E18" }',
            "district 15 adjacent 13",
            "differs from district 13",
        ),
        (
            r'^adjacent = \{ 4 = "rulebook: GEO-7, GEO-11, E18", ',
            "adjacent = { ",
            "district 4 adjacent 7",
            "asymmetric edge: district 7 does not list 4",
        ),
        (
            r"^ring = \[1, 2, 7, 13, 15, 16, 6\]",
            "ring = [1, 2, 7, 13, 15, 16, 6, 2]",
            "ports ring",
            "duplicate port 2",
        ),
        (
            r"^ring = \[1, 2, 7, 13, 15, 16, 6\]",
            "ring = [1, 2, 7, 13, 15, 16]",
            "ports ring",
            "port district 6 is missing",
        ),
        (
            r"^districts = \[7, 8, 9, 10, 11, 12\]",
            "districts = [7, 8, 9, 10, 11]",
            "area 'midtown'",
            "has 5 districts; the board has 6",
        ),
        (
            r'^adjacent = \{ 14 = "assumed: GAP-1, MAP-4, GEO-10" \}',
            'adjacent = { 14 = "assumed: GAP-1, MAP-4, GEO-10", 15 = "assumed: GAP-1" }',
            "district 16 adjacent 15",
            "asymmetric edge",
        ),
        (r'^port = "assumed: GAP-2, MAP-6"', 'port = "guess"', "district 1 port", "bad source"),
        (
            r'^port = "assumed: GAP-2, MAP-6"',
            'port = "assumed: MAP-6"',
            "district 1 port",
            "must cite the GAP-n",
        ),
        (
            r'^area = "downtown"\nx = 0.0',
            'area = "midtown"\nx = 0.0',
            "district 1",
            "area is 'midtown' but [areas] lists it in 'downtown'",
        ),
        (r"^x = 0.0", 'x = "left"', "district 1", "field 'x' must be"),
    ],
)
def test_malformed_board_file_names_file_entry_and_problem(
    tmp_path: Path, board_text: str, pattern: str, replacement: str, entry: str, problem: str
) -> None:
    path = _write(tmp_path, _edit(board_text, pattern, replacement))
    with pytest.raises(DataError) as info:
        load_board(path=path)
    err = info.value
    assert err.path == str(path)
    assert err.entry == entry
    assert problem in err.problem
    assert str(path) in str(err) and entry in str(err)


def test_edge_across_central_park_is_rejected(tmp_path: Path, board_text: str) -> None:
    """R-TRUCK-8, GEO-5: a corrected map may not join 13 and 14."""
    text = _edit(board_text, r"^adjacent = \{ 10 = ", 'adjacent = { 14 = "assumed: GAP-1", 10 = ')
    text = _edit(text, r"^adjacent = \{ 11 = ", 'adjacent = { 13 = "assumed: GAP-1", 11 = ')
    with pytest.raises(DataError, match=r"district 13 adjacent 14: this edge crosses Central Park"):
        load_board(path=_write(tmp_path, text))


def test_missing_or_invalid_file_is_reported(tmp_path: Path) -> None:
    with pytest.raises(DataError, match="not found"):
        load_board(path=tmp_path / "nope.toml")
    with pytest.raises(DataError, match="not valid TOML"):
        load_board(path=_write(tmp_path, "this is = = not toml"))


def test_shipped_file_round_trips_through_a_copy(tmp_path: Path) -> None:
    copy = tmp_path / "board.toml"
    shutil.copy(DEFAULT_BOARD_PATH, copy)
    b = load_board(3, path=copy)
    assert sorted(b.graph.edges) == sorted(load_board(3).graph.edges)

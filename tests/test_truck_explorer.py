"""The truck-route explorer view shared by both notebooks (R-TRUCK-2/3/7/8/14)."""

from __future__ import annotations

from typing import Any

import pytest

from speakeasy import load_board
from speakeasy.games.speakeasy.figures.board_figure import DISTRICT_TRACE, UNREACHABLE_COLOUR
from speakeasy.games.speakeasy.figures.truck_explorer import (
    MAX_RANGE_CRATES,
    TABLE_COLUMNS,
    ExplorerSettings,
    TruckView,
    build_view,
    clicked_district,
    distance_key,
    distance_key_html,
    district_label,
    district_options,
    table_html,
)
from speakeasy.games.speakeasy.model.board import Board
from speakeasy.games.speakeasy.rules.trucks import explain_reach, truck_range


@pytest.fixture(scope="module")
def board() -> Board:
    return load_board()


@pytest.fixture(scope="module")
def view(board: Board) -> TruckView:
    return build_view(board, ExplorerSettings(start=4, destination=12, fleet_level=3))


def _districts_trace(view: TruckView) -> tuple[int, Any]:
    for i, trace in enumerate(view.figure.data):
        if trace.name == DISTRICT_TRACE:
            return i, trace
    raise AssertionError("no districts trace")


def test_district_options_label_every_district_once(board: Board) -> None:
    options = district_options(board)
    assert sorted(options.values()) == sorted(board.districts)
    assert district_label(board, 13) == "13 · Uptown ⚓"
    assert options["3 · Downtown"] == 3


def test_view_uses_the_range_rules(board: Board) -> None:
    """R-TRUCK-2: the view's range is truck_range's; R-TRUCK-3: two trucks from level 3."""
    settings = ExplorerSettings(
        start=8, destination=16, fleet_level=2, fleet_card_bonus=True, range_crates=1
    )
    view = build_view(board, settings)
    expected = truck_range(2, fleet_card_bonus=True, range_crates=1)
    assert view.truck_range == expected
    assert view.truck_range.total == 5
    assert view.reachable == board.reachable(8, 5)
    assert view.range_text == expected.explain()[:1].upper() + expected.explain()[1:] + "."
    assert "1 truck" in view.trucks_text and "R-TRUCK-3" in view.trucks_text
    two = build_view(board, ExplorerSettings(start=8, destination=16, fleet_level=3))
    assert two.truck_range.trucks == 2
    assert two.trucks_text.startswith("2 trucks")


def test_routes_are_every_shortest_route(board: Board, view: TruckView) -> None:
    assert view.routes == tuple(tuple(r) for r in board.shortest_routes(4, 12))
    assert len(view.routes) == 3
    route_traces = [t.name for t in view.figure.data if (t.name or "").startswith("route ")]
    assert len(route_traces) == 3


def test_rows_cover_every_district_nearest_first(board: Board, view: TruckView) -> None:
    assert [r["district"] for r in view.rows][:1] == [4]
    assert sorted(int(str(r["district"])) for r in view.rows) == sorted(board.districts)
    moves = [int(str(r["moves"])) for r in view.rows]
    assert moves == sorted(moves)
    assert all(tuple(r) == TABLE_COLUMNS for r in view.rows)
    for row in view.rows:
        d = int(str(row["district"]))
        assert row["reachable"] == ("yes" if d in view.reachable else "no")


def test_explanation_reaches_with_spare_points(board: Board) -> None:
    """R-TRUCK-14: unused points are lost; the explanation says how many are left."""
    view = build_view(board, ExplorerSettings(start=4, destination=8, fleet_level=3))
    assert view.destination_reachable
    assert view.explanation.startswith(explain_reach(board, 4, 8, 3))
    assert "2 movement points would be left" in view.explanation
    assert "R-TRUCK-14" in view.explanation


def test_explanation_blames_central_park(board: Board) -> None:
    """R-TRUCK-8: 13 and 14 are not neighbours; the way round is longer than range 2."""
    view = build_view(board, ExplorerSettings(start=13, destination=14, fleet_level=2))
    assert not view.destination_reachable
    assert "Central Park" in view.explanation and "R-TRUCK-8" in view.explanation
    assert view.routes == ((13, 10, 11, 14),)


def test_same_start_and_destination_has_no_route(board: Board) -> None:
    view = build_view(board, ExplorerSettings(start=5, destination=5))
    assert view.routes == ()
    assert "0 moves" in view.explanation


def test_figure_shades_reachable_and_records_the_choice(view: TruckView) -> None:
    _, trace = _districts_trace(view)
    colours = dict(zip(trace.customdata, trace.marker.color, strict=True))
    assert colours[15] == UNREACHABLE_COLOUR  # 4 moves from district 4
    assert colours[12] != UNREACHABLE_COLOUR
    assert view.figure.layout.meta == {"start": 4, "destination": 12}
    assert "range 3" in view.figure.layout.title.text


def test_distance_key_counts_every_district(view: TruckView) -> None:
    key = distance_key(view)
    assert key[0][0] == "start" and key[0][2] == 1
    assert key[-1] == ("out of range", UNREACHABLE_COLOUR, 2)
    assert sum(count for _, _, count in key) == 16
    assert "3 moves (3)" in distance_key_html(view)


def test_clicked_district_from_marimo_points(view: TruckView) -> None:
    curve, trace = _districts_trace(view)
    index = list(trace.customdata).index(9)
    point = {"curveNumber": curve, "pointNumber": index, "pointIndex": index, "x": 3.4, "y": 0.0}
    assert clicked_district([point], view.figure) == 9
    assert clicked_district([{"customdata": 7, "curveNumber": curve}], view.figure) == 7


def test_clicked_district_ignores_other_traces(view: TruckView) -> None:
    curve, _ = _districts_trace(view)
    assert clicked_district([], view.figure) is None
    assert clicked_district([{"curveNumber": curve - 1, "pointIndex": 0}], view.figure) is None
    assert clicked_district([{"curveNumber": 999, "pointIndex": 0}], view.figure) is None
    assert clicked_district([{"x": 1.0, "y": 2.0}], view.figure) is None


def test_table_html_marks_start_and_destination(view: TruckView) -> None:
    text = table_html(view.rows, start=4, destination=12)
    assert 'data-start="4"' in text
    assert text.count("<tr") == 17
    assert "font-weight:bold" in text and "#fff3c4" in text


def test_range_crates_are_bounded() -> None:
    """R-CRATE-9 and R-CRATE-10 are the two "truck range +1" crates."""
    assert MAX_RANGE_CRATES == 2


def test_unknown_district_is_refused(board: Board) -> None:
    with pytest.raises(KeyError, match="no district 17"):
        build_view(board, ExplorerSettings(start=17, destination=1))

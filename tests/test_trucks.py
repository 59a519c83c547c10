"""Truck range and reachability explanations (R-TRUCK-2, R-TRUCK-3, R-TRUCK-7, R-TRUCK-8)."""

from __future__ import annotations

import pytest

from speakeasy import load_board
from speakeasy.games.speakeasy.model.board import Board
from speakeasy.games.speakeasy.rules.trucks import explain_reach, reach_table, truck_range


@pytest.fixture(scope="module")
def board() -> Board:
    return load_board()


@pytest.mark.parametrize(
    ("level", "card", "garage", "crates", "expected"),
    [
        (1, False, False, 0, 1),
        (2, True, False, 0, 4),
        (3, False, True, 0, 5),
        (5, True, True, 2, 11),
    ],
)
def test_r_truck_2_range_adds_level_card_garage_and_crates(
    level: int, card: bool, garage: bool, crates: int, expected: int
) -> None:
    """R-TRUCK-2, R-LEVEL-7, R-CARD-8, R-LOC-GARAGE-2, R-CRATE-9: range is a sum of parts."""
    r = truck_range(level, fleet_card_bonus=card, garage_left=garage, range_crates=crates)
    assert r.total == expected
    assert {p.rule for p in r.parts} == {"R-LEVEL-7", "R-CARD-8", "R-LOC-GARAGE-2", "R-CRATE-9"}


def test_e18_range_five_with_two_trucks() -> None:
    """E18, R-TRUCK-3: fleet level 3 at the Garage's left person gives 2 trucks of range 5."""
    r = truck_range(3, garage_left=True)
    assert (r.total, r.trucks) == (5, 2)
    assert r.explain() == (
        "range 5 = 3 from fleet level 3 (R-LEVEL-7) + 2 from Garage left person "
        "(R-LOC-GARAGE-2); 2 trucks (R-TRUCK-3)"
    )


@pytest.mark.parametrize(("level", "trucks"), [(1, 1), (2, 1), (3, 2), (4, 2), (5, 2)])
def test_r_truck_3_second_truck_from_fleet_level_3(level: int, trucks: int) -> None:
    assert truck_range(level).trucks == trucks


@pytest.mark.parametrize(("level", "crates"), [(0, 0), (6, 0), (3, -1)])
def test_truck_range_rejects_impossible_inputs(level: int, crates: int) -> None:
    with pytest.raises(ValueError, match=r"fleet level|range_crates"):
        truck_range(level, range_crates=crates)


def test_r_truck_8_explains_central_park(board: Board) -> None:
    """R-TRUCK-8, GEO-5: 13 -> 14 goes around the park."""
    text = explain_reach(board, 13, 14, 2)
    assert "needs 3 moves" in text and "range is 2" in text
    assert "Central Park" in text and "R-TRUCK-8" in text
    assert "13 → 10 → 11 → 14" in text
    assert "reachable: 3 moves of 3" in explain_reach(board, 13, 14, 3)


def test_r_truck_7_explains_no_diagonals(board: Board) -> None:
    """R-TRUCK-7, GEO-4: 8 and 10 look like neighbours but are two moves apart."""
    text = explain_reach(board, 8, 10, 1)
    assert "needs 2 moves" in text and "diagonal" in text and "R-TRUCK-7" in text


def test_explain_reach_reachable_lists_the_routes(board: Board) -> None:
    """E17: from 16, district 10 is 3 moves of range 4, one shortest route."""
    text = explain_reach(board, 16, 10, 4)
    assert text.startswith("District 10 is reachable: 3 moves of 4")
    assert "1 shortest route, e.g. 16 → 14 → 11 → 10" in text
    assert "0 moves" in explain_reach(board, 5, 5, 0)


def test_reach_table_marks_each_district(board: Board) -> None:
    rows = reach_table(board, 8, 2)
    assert [row["district"] for row in rows] == list(range(1, 17))
    by = {row["district"]: row for row in rows}
    assert by[8]["moves"] == 0 and by[8]["reachable"] is True
    assert by[15]["moves"] == 4 and by[15]["reachable"] is False
    assert by[10]["shortest routes"] == 2
    assert sum(bool(row["reachable"]) for row in rows) == len(board.reachable(8, 2))

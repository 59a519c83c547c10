"""The strategies station's wording on win rates by starting seat (R-PROLOGUE-1), with their 95%
Wilson intervals (speakeasy.games.speakeasy.figures.strategy_figures.compare_rates).

Issue 24 item 12: two identical win rates after 90 games were "too few games to tell them
apart". Overlapping intervals do not mean too few games; equal rates are equal; separate
intervals are a clear difference.
"""

from __future__ import annotations

from speakeasy.games.speakeasy.figures.strategy_figures import (
    compare_rates,
    win_rate_by_seat_table,
)
from speakeasy.tools.batch import GameRecord, SeatRecord


def _records(first_wins: int, second_wins: int, games: int) -> list[GameRecord]:
    """``games`` 2-player games of heuristic bots: seat 1 wins the first ``first_wins``, seat 2
    the next ``second_wins`` (the rest have no winner)."""
    records = []
    for index in range(games):
        won_first = index < first_wins
        won_second = first_wins <= index < first_wins + second_wins
        seats = (
            SeatRecord("purple", "heuristic", 1, 1 if won_first else 2, won_first, 10),
            SeatRecord("blue", "heuristic", 2, 1 if won_second else 2, won_second, 10),
        )
        winners = tuple(s.colour for s in seats if s.won)
        records.append(GameRecord("speakeasy", index, index, 2, seats, winners, 100))
    return records


def _by_seat(first_wins: int, second_wins: int, games: int) -> str:
    table = win_rate_by_seat_table(_records(first_wins, second_wins, games))["heuristic"]
    return compare_rates(table[1], table[2])


def test_equal_win_rates_are_said_to_be_equal() -> None:
    """45 wins from each seat in 90 games: the same rate, not "too few games"."""
    text = _by_seat(45, 45, 90)
    assert text == "the same win rate (90 games from each seat)."
    assert "too few" not in text


def test_overlapping_intervals_are_no_clear_difference_at_this_sample_size() -> None:
    text = _by_seat(50, 40, 90)
    assert text.startswith("no clear difference at this sample size (the 95% intervals, ")
    assert text.endswith(", overlap).")
    assert "too few" not in text


def test_separate_intervals_are_a_clear_difference() -> None:
    text = _by_seat(80, 10, 90)
    assert text.startswith("a clear difference (the 95% intervals, ")
    assert text.endswith(", do not overlap).")

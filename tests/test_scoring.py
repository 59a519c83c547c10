"""Final scoring (rules reference §13): money, protected buildings, bottles, tie-breakers."""

from __future__ import annotations

import pytest

from speakeasy.games.speakeasy.model.board import Area
from speakeasy.games.speakeasy.model.catalog.loader import load_catalog
from speakeasy.games.speakeasy.model.state import BuildingType, Phase
from speakeasy.games.speakeasy.rules.context import Ctx
from speakeasy.games.speakeasy.rules.scoring import (
    final_result,
    final_scoring,
    game_result,
    score_breakdown,
    tie_breaker_values,
)
from tests.support import BAR, CASINO, DIST, NC, B, G, P, Y, drive, new_ctx, put_building

CAT = load_catalog()


def make_ctx(players: int = 4) -> Ctx:
    """A fresh setup with an empty map and every player at $0 with nothing scored."""
    ctx = new_ctx(players, seed=2, clear=True)
    for player in ctx.state.players.values():
        player.pocket = player.safe = player.vip = 0
        player.helpers, player.helpers_used = [], []
    return ctx


def helpers_with_bottles(*bottles: str) -> list[str]:
    """One helper card per requested bottle id (repeats give different cards of that bottle)."""
    found: list[str] = []
    for bottle in bottles:
        cards = next(b.cards for b in CAT.bottles if b.id == bottle)
        found.append(next(c for c in cards if c not in found))
    return found


def test_e22_r_scoring_1_to_4_blue_scores_405() -> None:
    """E22, GAP-12: $50 + $220 + bars 20 + distillery 20 + NCs 30 + casino 20 + bottles 45
    = $405 with the per-type building values bar 10, distillery 20, NC 15, casino 20."""
    ctx = make_ctx()
    blue = ctx.player(B)
    blue.pocket, blue.safe = 50, 220
    put_building(ctx, B, 1, 0, BAR, protected=True, from_board=True)
    put_building(ctx, B, 2, 0, BAR, protected=True, from_board=True)
    # the third bar is unprotected (DISC-15)
    put_building(ctx, B, 3, 0, BAR, protected=False, from_board=True)
    put_building(ctx, B, 4, 0, DIST, protected=True, from_board=True)
    put_building(ctx, B, 13, 0, NC, protected=True, from_board=True)
    put_building(ctx, B, 14, 0, NC, protected=True, from_board=True)
    put_building(ctx, B, 15, 0, CASINO, protected=True, from_board=True)
    values = {b.id: b.value for b in CAT.bottles}
    twenty = next(b for b, v in values.items() if v == 20)
    tens = [b for b, v in values.items() if v == 10][:2]
    five = next(b for b, v in values.items() if v == 5)
    cards = helpers_with_bottles(twenty, tens[0], tens[1], five, tens[0])  # 5 cards, 4 bottles
    blue.helpers, blue.helpers_used = cards[:2], cards[2:]

    breakdown = score_breakdown(ctx.state, CAT)[B]
    assert breakdown.money == 270
    by_type: dict[BuildingType, int] = {}
    for scored in breakdown.buildings:
        by_type[scored.building] = by_type.get(scored.building, 0) + scored.value
    assert by_type == {BAR: 20, DIST: 20, NC: 30, CASINO: 20}
    assert breakdown.unprotected == 1
    assert sorted(b.value for b in breakdown.bottles) == [5, 10, 10, 20]
    assert breakdown.bottle_points == 45
    assert breakdown.total == 405


def test_r_scoring_3_r_golden_3_unprotected_buildings_score_nothing() -> None:
    """R-SCORING-3: unprotected buildings score nothing, operating or not; protected ones
    always operate (R-GOLDEN-1), even where the police stand."""
    ctx = make_ctx()
    ctx.state.districts[5].police = True
    put_building(ctx, P, 5, 0, CASINO, protected=False, from_board=True)
    put_building(ctx, P, 6, 0, NC, protected=False, from_board=True)
    put_building(ctx, P, 5, 1, BAR, protected=True, from_board=True)
    breakdown = score_breakdown(ctx.state, CAT)[P]
    assert [(b.district, b.building, b.value) for b in breakdown.buildings] == [(5, BAR, 10)]
    assert breakdown.unprotected == 2 and breakdown.total == 10


def test_r_scoring_4_each_bottle_type_counts_once() -> None:
    """R-SCORING-4: extra cards with the same bottle score nothing; face-up and used cards
    both count."""
    ctx = make_ctx()
    yellow = ctx.player(Y)
    cards = helpers_with_bottles("bottle-1", "bottle-1", "bottle-1")
    yellow.helpers, yellow.helpers_used = cards[:1], cards[1:]
    breakdown = score_breakdown(ctx.state, CAT)[Y]
    assert len(breakdown.bottles) == 1 and breakdown.bottles[0].cards == tuple(sorted(cards))
    assert breakdown.bottle_points == CAT.bottles[0].value


def test_r_money_5_pocket_and_safe_at_face_value() -> None:
    """R-MONEY-5 / R-SCORING-1: no laundering at the end: the safe counts in full."""
    ctx = make_ctx()
    ctx.player(G).pocket, ctx.player(G).safe = 7, 31
    assert score_breakdown(ctx.state, CAT)[G].total == 38


def test_r_scoring_5_most_money_wins_before_any_tie_breaker() -> None:
    """R-SCORING-5: more money beats better tie-breakers."""
    ctx = make_ctx()
    ctx.player(P).pocket = 11
    # Yellow: $10 and every tie-breaker
    put_building(ctx, Y, 1, 0, BAR, protected=True, from_board=True)
    result = game_result(ctx.state, CAT)
    assert result.winners == (P,) and not result.shared_win
    assert [s.colour for s in result.standings[:2]] == [P, Y]


@pytest.mark.parametrize(
    "breaker", ["protected_buildings", "buildings", "books_on_goals", "mafiosi_in_play"]
)
def test_r_scoring_6_tie_breakers_in_order(breaker: str) -> None:
    """R-SCORING-6: equal money; the first tie-breaker that differs decides."""
    ctx = make_ctx(players=2)
    state = ctx.state
    first, second = sorted(n for n, d in state.districts.items() if not d.closed)[:2]
    purple, yellow = ctx.player(P), ctx.player(Y)
    purple.pocket = yellow.pocket = 30
    if breaker == "protected_buildings":
        put_building(ctx, P, first, 0, BAR, protected=True, from_board=True)
        yellow.pocket += 10  # Yellow: same money, two unprotected buildings
        put_building(ctx, Y, second, 0, BAR, protected=False, from_board=True)
        put_building(ctx, Y, second, 1, NC, protected=False, from_board=True)
    elif breaker == "buildings":
        put_building(ctx, P, first, 0, BAR, protected=False, from_board=True)
        yellow.vip = 3  # a later tie-breaker does not matter
    elif breaker == "books_on_goals":
        goal = next(iter(state.books))
        state.books[goal][0] = P
        yellow.vip = 3
    else:
        area = next(iter(state.docks))
        state.docks[area][0] = P
        yellow.vip = 0
    result = game_result(state, CAT)
    assert result.winners == (P,)
    assert result.standing(Y).place == 2
    winner, runner_up = (dict(s.tie_breakers) for s in result.standings)
    assert winner[breaker] > runner_up[breaker]
    assert result.tie_breaker_order == CAT.scoring.tie_breakers


def test_r_scoring_6_still_tied_is_a_shared_win() -> None:
    """R-SCORING-6: still tied after every tie-breaker: both win (shared first place)."""
    ctx = make_ctx(players=3)
    for colour in (P, Y):
        ctx.player(colour).safe = 40
        ctx.player(colour).vip = 1
    ctx.player(G).safe = 39
    result = game_result(ctx.state, CAT)
    assert result.winners == (P, Y) and result.shared_win
    assert [(s.colour, s.place) for s in result.standings] == [(P, 1), (Y, 1), (G, 3)]


def test_r_scoring_6_tie_breaker_values_count_every_mafioso_in_play() -> None:
    """R-SCORING-6: mafiosi protecting buildings + in the docks + in the VIP area."""
    ctx = make_ctx()
    state = ctx.state
    put_building(ctx, B, 1, 0, BAR, protected=True, from_board=True)
    put_building(ctx, B, 2, 0, CASINO, protected=False, from_board=True)
    docks = state.docks[Area.MIDTOWN]
    docks[0] = docks[1] = B
    ctx.player(B).vip = 2
    goal = sorted(state.books)[0]
    state.books[goal] = [B, B]
    values = tie_breaker_values(state, B)
    assert values == {
        "protected_buildings": 1,
        "buildings": 2,
        "books_on_goals": 2,
        "mafiosi_in_play": 1 + 2 + 2,
    }


def test_final_scoring_flow_asks_nothing_and_ends_the_game() -> None:
    """R-ACT-2 / R-SCORING-1..6: one event per player with the breakdown, then the winner;
    the phase ends as OVER."""
    ctx = make_ctx()
    ctx.player(G).pocket = 12
    ctx.player(B).safe = 5
    _, seen = drive(final_scoring(ctx))
    assert seen == []
    assert ctx.state.phase is Phase.OVER
    scores = [e for e in ctx.events if e.kind == "final_score"]
    assert [e.player for e in scores] == ["green", "blue", "purple", "yellow"]
    assert scores[0].data["total"] == 12 and scores[0].data["place"] == 1
    assert "R-SCORING-1" in scores[0].rules
    over = [e for e in ctx.events if e.kind == "game_over"]
    assert len(over) == 1 and over[0].data == {"winners": ["green"], "shared_win": False}
    assert final_result(ctx).to_data()["winners"] == ["green"]

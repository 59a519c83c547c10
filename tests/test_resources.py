"""Gains: goons, mafiosi, leverage, books, cash, helper cards, city tokens
(R-GOON, R-MAFIOSO, R-LEV-1, R-BOOKS-1, R-MONEY, R-HELPER, R-CITY, E12)."""

from __future__ import annotations

import pytest

from speakeasy.core.actions import IllegalAction
from speakeasy.games.speakeasy.model.board import Area
from speakeasy.games.speakeasy.model.effects import Effect
from speakeasy.games.speakeasy.model.state import Colour, Player, Track
from speakeasy.games.speakeasy.rules.combat import Boost, spend_boost
from speakeasy.games.speakeasy.rules.context import Ctx, Flow
from speakeasy.games.speakeasy.rules.dispatch import Source, run_effect
from speakeasy.games.speakeasy.rules.money import pay, spendable, split_payment
from speakeasy.games.speakeasy.rules.resources import (
    end_of_turn_tokens,
    take_city_token,
    use_helper_at_turn_start,
    vip_capacity,
)
from tests.support import P, Y, drive, new_ctx

SRC = Source("test", "x")


def _run(ctx: Ctx, colour: Colour, kind: str, **params: object) -> Flow[None]:
    return run_effect(ctx, colour, Effect.of(kind, **params), SRC)


# ---------------------------------------------------------------------- money
def test_r_money_2_laundering_two_to_one() -> None:
    """R-MONEY-1/2, E15, E16: pocket first, then $2 of safe per $1."""
    p = Player(P, pocket=10, safe=30)
    assert spendable(p) == 25
    assert split_payment(p, 17) == (10, 14)
    pay(p, 17)
    assert (p.pocket, p.safe) == (0, 16)
    q = Player(P, pocket=0, safe=30)
    pay(q, 7)
    assert q.safe == 16  # E16: $7 costs $14 of safe


def test_r_money_6_payment_must_be_covered() -> None:
    """R-MONEY-6: a payment you cannot cover is refused, nothing changes."""
    p = Player(P, pocket=12, safe=13)
    with pytest.raises(IllegalAction) as info:
        pay(p, 19)
    assert info.value.code == "cannot-pay" and info.value.rule == "R-MONEY-6"
    assert "$12" in info.value.reason and "$6" in info.value.reason
    assert (p.pocket, p.safe) == (12, 13)


def test_r_money_3_cash_goes_to_the_pocket() -> None:
    """R-MONEY-3, R-HELPERCARD-19: $5 helper money is pocket cash."""
    ctx = new_ctx([P, Y])
    player = ctx.player(P)
    drive(_run(ctx, P, "gain_cash", n=5), [])
    assert (player.pocket, player.safe) == (20, 30)


# ---------------------------------------------------------------------- goons
def test_e12_two_goons_after_the_free_one_cost_three() -> None:
    """E12, R-GOON-1: the $0 space is taken, so the next two cost $1 + $2."""
    ctx = new_ctx([P, Y])
    player = ctx.player(P)
    drive(_run(ctx, P, "hire_goons"), ["hire 1", "hire 2", "done"])
    assert player.goons == 3
    assert player.pocket == 15 - 3


def test_r_goon_2_4_free_goons_limited_by_spaces_and_supply() -> None:
    """R-GOON-2, R-GOON-4, GAP-5, R-COMP-11: 6 spaces; an empty supply gives nothing."""
    ctx = new_ctx([P, Y])
    player = ctx.player(P)
    drive(_run(ctx, P, "hire_goon_free", n=9), [])
    assert player.goons == 6
    other = ctx.player(Y)
    ctx.state.supply_goons = 0
    drive(_run(ctx, Y, "hire_goon_free", n=1), [])
    assert other.goons == 1


def test_r_goon_3_r_combat_3_goons_return_from_the_most_expensive_space() -> None:
    """R-GOON-3, R-COMBAT-3: returning goons frees the dearest spaces, so the next hire
    costs the cheapest empty one again."""
    ctx = new_ctx([P, Y])
    player = ctx.player(P)
    drive(_run(ctx, P, "hire_goon_free", n=3), [])
    assert player.goons == 4
    spend_boost(ctx, player, Boost(goons=2, partner=False, free=False, cost=0, total=0))
    assert player.goons == 2
    costs = ctx.catalog.operations_board.goon_costs
    pocket = player.pocket
    drive(_run(ctx, P, "hire_goons"), [f"hire {costs[2]}", "done"])
    assert player.pocket == pocket - costs[2]


# ---------------------------------------------------------------------- mafiosi
def test_r_mafioso_1_2_vip_area_capacity() -> None:
    """R-MAFIOSO-1/2, GAP-4: VIP level 1 holds one mafioso; then only docks spaces remain."""
    ctx = new_ctx([P, Y])
    player = ctx.player(P)
    assert vip_capacity(ctx, player) == 1
    drive(_run(ctx, P, "gain_mafioso"), ["mafioso vip"])
    _, seen = drive(_run(ctx, P, "gain_mafioso"), ["mafioso docks uptown 2"])
    assert "mafioso vip" not in {str(o) for o in seen[0].options}
    assert player.vip == 1
    assert ctx.state.docks[Area.UPTOWN][2] is P
    assert player.goons == 2  # row 3: a free goon


def test_r_mafioso_3_docks_row_reward() -> None:
    """R-MAFIOSO-3, GAP-7: row 2 gives a book."""
    ctx = new_ctx([P, Y])
    player = ctx.player(P)
    drive(_run(ctx, P, "gain_mafioso", to="docks"), ["mafioso docks midtown 1"])
    assert player.books == 1


def test_r_mafioso_4_move_other_docks_mafiosi_without_reward() -> None:
    """R-MAFIOSO-4: after placing, your other docks mafiosi may move (no reward)."""
    ctx = new_ctx([P, Y])
    ctx.state.docks[Area.DOWNTOWN][0] = P
    player = ctx.player(P)
    leverage = player.leverage_tokens
    drive(
        _run(ctx, P, "gain_mafioso", to="docks"),
        ["mafioso docks midtown 2", "move downtown 0 uptown 0", "done"],
    )
    assert ctx.state.docks[Area.DOWNTOWN][0] is None
    assert ctx.state.docks[Area.UPTOWN][0] is P
    assert player.leverage_tokens == leverage  # row 1's reward was not gained by moving


def test_r_mafioso_5_no_room_no_mafioso() -> None:
    """R-MAFIOSO-5: an empty personal supply gives nothing."""
    ctx = new_ctx([P, Y])
    player = ctx.player(P)
    player.mafiosi = 0
    _, seen = drive(_run(ctx, P, "gain_mafioso"), [])
    assert seen == []


def test_r_crate_11_any_docks_row_reward() -> None:
    """R-CRATE-11/12, R-MAFIOSO-3: with the bonus you choose any row's reward."""
    ctx = new_ctx([P, Y])
    player = ctx.player(P)
    player.crates = ["crate-11"]
    drive(_run(ctx, P, "gain_mafioso", to="docks"), ["mafioso docks uptown 0", "row 2"])
    assert player.books == 1


# ---------------------------------------------------------------------- leverage, books
def test_r_lev_1_and_r_books_1() -> None:
    """R-LEV-1, R-BOOKS-1, R-CITYTOK-18, R-HELPERCARD-18: from the supplies, which can run out."""
    ctx = new_ctx([P, Y])
    player = ctx.player(P)
    drive(_run(ctx, P, "gain_leverage", n=2), [])
    drive(_run(ctx, P, "gain_book", n=2), [])
    assert (player.leverage_tokens, player.books, player.books_supply) == (2, 2, 8)
    assert ctx.state.supply_leverage == 18
    player.books_supply = 0
    drive(_run(ctx, P, "gain_book"), [])
    assert player.books == 2


# ---------------------------------------------------------------------- helper cards
def test_r_helper_1_take_and_refill() -> None:
    """R-HELPER-1: take one of the 3 face-up cards; the offer is refilled from the deck."""
    ctx = new_ctx([P, Y])
    offer = list(ctx.state.helper_offer)
    top = ctx.state.helper_deck[0]
    drive(_run(ctx, P, "gain_helper"), [f"helper {offer[1]}"])
    assert ctx.player(P).helpers == [offer[1]]
    assert ctx.state.helper_offer == [offer[0], offer[2], top]


def test_r_helper_5_empty_deck_is_not_refilled() -> None:
    """R-HELPER-5: with the deck empty, the offer stays short."""
    ctx = new_ctx([P, Y])
    ctx.state.helper_deck = []
    offer = list(ctx.state.helper_offer)
    drive(_run(ctx, P, "gain_helper"), [f"helper {offer[0]}"])
    assert len(ctx.state.helper_offer) == 2


def test_r_helper_3_used_once_then_behind_the_screen() -> None:
    """R-HELPER-2/3, R-TURN-2: a used helper is kept behind the screen, never reused."""
    ctx = new_ctx([P, Y])
    player = ctx.player(P)
    player.helpers = ["helper-01"]  # 2 leverage tokens
    drive(use_helper_at_turn_start(ctx, P), ["use_helper helper-01"])
    assert player.helpers == [] and player.helpers_used == ["helper-01"]
    assert player.leverage_tokens == 2
    _, seen = drive(use_helper_at_turn_start(ctx, P), [])
    assert seen == []


def test_r_helpercard_8_use_a_card_in_the_offer() -> None:
    """R-HELPERCARD-8: the offer card's reward is used and the card stays in the offer."""
    ctx = new_ctx([P, Y])
    ctx.state.helper_offer = ["helper-19", "helper-02", "helper-03"]
    pocket = ctx.player(P).pocket
    drive(_run(ctx, P, "use_offer_helper"), ["use_offer helper-19"])
    assert ctx.player(P).pocket == pocket + 5
    assert "helper-19" in ctx.state.helper_offer


# ---------------------------------------------------------------------- city tokens
def test_r_city_2_3_take_from_the_right_column_and_refill() -> None:
    """R-CITY-2/3: a right-column token is replaced from a face-down stack; middle never."""
    ctx = new_ctx([P, Y])
    offer = ctx.state.city_offer
    right = list(offer.right)
    refill = next(stack for stack in offer.left if stack)[0]
    drive(take_city_token(ctx, P), ["city_token right 1"])
    assert ctx.player(P).city_tokens == [right[1]]
    assert offer.right[1] == refill
    offer.middle[0] = ["city-01", "city-02"]
    drive(take_city_token(ctx, P), ["city_token middle 0"])
    assert offer.middle[0] == ["city-01"]
    assert ctx.player(P).city_tokens[-1] == "city-02"


def test_r_city_5_6_7_limit_and_middle_column() -> None:
    """R-CITY-5..7, R-TURN-6, DISC-14: at the end of the turn the player chooses which tokens
    to give up; they go to the middle column."""
    ctx = new_ctx([P, Y])
    player = ctx.player(P)
    player.city_tokens = ["city-01", "city-02", "city-03", "city-04", "city-05", "city-06"]
    player.played_tokens = ["city-09"]
    offer = ctx.state.city_offer
    drive(
        end_of_turn_tokens(ctx, P),
        [
            "middle city-09 0",
            "return_token city-01",
            "middle city-01 0",
            "return_token city-02",
            "middle city-02 2",
        ],
    )
    assert len(player.city_tokens) == 4
    assert offer.middle[0] == ["city-09", "city-01"]  # covering is allowed
    assert offer.middle[2] == ["city-02"]


def test_r_crate_7_city_token_limit_bonus() -> None:
    """R-CRATE-7/8, R-CITY-6: the crate raises the limit by 1."""
    ctx = new_ctx([P, Y])
    player = ctx.player(P)
    player.crates = ["crate-07"]
    player.city_tokens = ["city-01", "city-02", "city-03", "city-04", "city-05"]
    _, seen = drive(end_of_turn_tokens(ctx, P), [])
    assert seen == [] and len(player.city_tokens) == 5


def test_levels_stay_in_range_through_gains() -> None:
    ctx = new_ctx([P, Y])
    assert all(1 <= v <= 5 for v in ctx.player(P).levels.values())
    assert ctx.player(P).levels[Track.VIP] == 1

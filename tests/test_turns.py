"""Acts, rounds, capos, turns and the turn order (R-ACT, R-CAPO, R-TURN, R-ORDER, E9)."""

from __future__ import annotations

import random

import pytest

from speakeasy import Game
from speakeasy.games.speakeasy.model.state import Colour
from speakeasy.games.speakeasy.rules.flow import capo_return, end_of_round, turn
from tests.support import CASINO, B, G, P, Y, drive, new_ctx, put_building


def test_e9_turn_order_change_and_casino_income() -> None:
    """E9, R-ORDER-4..7, R-LOC-RESTAURANT-6: markers in the bottom row trigger the reorder and
    everyone's operating casinos pay."""
    ctx = new_ctx([P, Y, G, B], clear=True)
    order = ctx.state.turn_order
    order.top = [None, Y, G, None]  # Purple and Blue went to the Restaurant this round
    order.bottom = [None, B, P, None]
    put_building(ctx, G, 3, 0, CASINO, piece="casino-1")
    ctx.state.districts[13].police = True
    put_building(ctx, Y, 13, 0, CASINO, piece="casino-1")
    pockets = {c: p.pocket for c, p in ctx.state.players.items()}
    end_of_round(ctx)
    assert order.top == [Y, B, P, G]
    assert order.bottom == [None] * 4
    assert order.order == [Y, B, P, G]
    assert ctx.player(G).pocket == pockets[G] + 3  # Green did not move but is paid
    assert ctx.player(Y).pocket == pockets[Y]  # police, unprotected: not operating
    assert ctx.player(P).pocket == pockets[P]


def test_r_order_8_no_change_and_no_income_without_restaurant() -> None:
    """R-ORDER-8: nobody in the bottom row: same order, casinos pay nothing."""
    ctx = new_ctx([P, Y, G, B], clear=True)
    put_building(ctx, G, 3, 0, CASINO, piece="casino-1")
    before = list(ctx.state.turn_order.top)
    pocket = ctx.player(G).pocket
    end_of_round(ctx)
    assert ctx.state.turn_order.top == before
    assert ctx.player(G).pocket == pocket


def test_r_2p_6_casino_income_is_5_at_two_players() -> None:
    """R-2P-6, R-ORDER-5: $5 per operating casino at 2p."""
    ctx = new_ctx([P, Y], clear=True)
    ctx.state.turn_order.top = [Y, None]
    ctx.state.turn_order.bottom = [None, P]
    first, second = [d for d in ctx.state.districts.values() if d.spaces][:2]
    put_building(ctx, P, first.number, 0, CASINO, piece="casino-1")
    put_building(ctx, P, second.number, 0, CASINO, piece="casino-2")
    pocket = ctx.player(P).pocket
    end_of_round(ctx)
    assert ctx.player(P).pocket == pocket + 10
    assert ctx.state.turn_order.top == [Y, P]


@pytest.mark.parametrize(("act", "keep", "boxed"), [(2, 3, 1), (3, 3, 0), (4, 1, 2)])
def test_r_capo_2_to_5_capo_return(act: int, keep: int, boxed: int) -> None:
    """R-CAPO-2..5: capos come back, the rest go to the box, persons are free again."""
    ctx = new_ctx([P, Y])
    placed = {2: 4, 3: 3, 4: 3}[act]
    for i in range(placed):
        ctx.state.persons[f"loc{i}:0"] = P
    ctx.player(P).capos = 0
    ctx.state.restaurant = [Y]
    ctx.player(Y).capos = placed - 1
    capo_return(ctx, act)
    assert ctx.player(P).capos == keep
    assert ctx.player(P).capos_boxed == boxed
    assert ctx.player(Y).capos == keep
    assert ctx.state.persons == {} and ctx.state.restaurant == []


def test_r_act_1_rounds_and_capos_per_act() -> None:
    """R-ACT-1, R-ACT-3: 4, 3, 3 and 1 rounds; one turn per player per round."""
    g = Game.new(players=3, seed=4)
    rng = random.Random(3)
    rounds: dict[int, set[int]] = {}
    while not g.is_over:
        g.apply(rng.choice(g.legal_actions()))
    for event in g.events:
        if event.kind == "round":
            rounds.setdefault(int(event.data["act"]), set()).add(int(event.data["round"]))
    assert rounds == {1: {1, 2, 3, 4}, 2: {1, 2, 3}, 3: {1, 2, 3}, 4: {1}}
    capo_events = [e for e in g.events if e.kind in ("capo", "swap")]  # Central Park swaps
    assert len(capo_events) == 11 * 3


def test_r_turn_1_round_order_is_fixed_at_the_start_of_the_round() -> None:
    """R-TURN-1: moving to the bottom row mid-round does not change who still plays."""
    g = Game.new(players=4, seed=6)
    rng = random.Random(6)
    while g.state.act == 0:
        g.apply(rng.choice(g.legal_actions()))
    starting = list(g.state.round_players)
    played: list[Colour] = []
    round_no = g.state.round
    while g.state.round == round_no and g.state.act == 1:
        assert g.pending is not None
        if g.pending.kind == "capo":
            played.append(g.pending.player)
        g.apply(rng.choice(g.legal_actions()))
    assert played == starting


def test_r_turn_2_to_6_turn_steps_in_order() -> None:
    """R-TURN-2..6: helper (optional), capo, actions, draw, city tokens."""
    ctx = new_ctx([P, Y], seed=3, clear=True)
    player = ctx.player(P)
    player.helpers = ["helper-19"]  # +$5
    kinds: list[str] = []

    def choose(decision):  # type: ignore[no-untyped-def]
        kinds.append(decision.kind)
        if decision.kind == "use_helper":
            return "use_helper helper-19"
        if decision.kind == "capo":
            return "capo city_hall 0"
        if decision.kind == "turn_draw":
            return decision.options[0]
        return next(
            (o for o in decision.options if o.kind in ("skip", "done")), decision.options[0]
        )

    pocket, hand = player.pocket, len(player.hand)
    drive(turn(ctx, P), choose)
    assert kinds[0] == "use_helper" and kinds[1] == "capo"
    assert kinds.index("turn_draw") > kinds.index("capo")
    assert player.pocket == pocket + 5
    assert player.helpers == [] and player.helpers_used == ["helper-19"]
    assert ctx.state.persons == {"city_hall:0": P}
    assert len(player.hand) >= hand + 1
    assert player.capos == 3


def test_r_act_4_last_rounds_end_of_round_comes_before_the_luciano_phase() -> None:
    """R-ACT-4, R-ACT-2: the act's last end-of-round (turn order, casino income) happens
    before its gang war; seen in whole games where someone took the Restaurant last round."""
    seen_reorder = 0
    for seed in range(12):
        g = Game.new(players=3, seed=seed)
        rng = random.Random(seed)
        while not g.is_over:
            g.apply(rng.choice(g.legal_actions()))
        events = list(g.events)
        for act, last in ((1, 4), (2, 3), (3, 3)):
            start = next(
                i
                for i, e in enumerate(events)
                if e.kind == "round" and e.data["act"] == act and e.data["round"] == last
            )
            window = events[start:]
            war = next(
                i for i, e in enumerate(window) if any(r.startswith("R-GANGWAR") for r in e.rules)
            )
            reorders = [i for i, e in enumerate(window[: war + 40]) if e.kind == "turn_order"]
            if reorders:
                seen_reorder += 1
                assert reorders[0] < war
                assert all(i < war for i in reorders)
    assert seen_reorder >= 3

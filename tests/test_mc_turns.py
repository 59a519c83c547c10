"""Mafia City phase I (MC-ACT), the ways to use a card (MC-CARD, MC-TYPE), the AKCE texts'
limits and the draw and discard piles (MC-DECK), each checked by playing through the rules."""

from __future__ import annotations

import copy
import random

import pytest

from speakeasy.core.actions import Action, IllegalAction
from speakeasy.core.engine import Runner
from speakeasy.games.mafia_city.engine.game import Game
from speakeasy.games.mafia_city.engine.observe import observe
from speakeasy.games.mafia_city.rules.context import draw_cards
from speakeasy.games.mafia_city.rules.endround import end_of_round
from speakeasy.games.mafia_city.rules.locations import evaluate
from speakeasy.games.mafia_city.rules.turns import (
    action_options,
    action_phase,
    do_action,
    passed_turn,
)
from tests.mc_support import DATA, Harness, check_invariants, make_state, pass_all

A, B, C = "red", "blue", "green"

LOKACE_REAKCE_TEXTS = {"hitman", "secret-deal", "police-chief", "fbi", "complicity"}


def turn_of(runner: Runner) -> str:
    assert runner.pending is not None
    return str(runner.pending.player)


def test_phase_one_starts_with_everyone_active() -> None:
    """MC-ACT-1: passes of the last phase I are gone when a new phase I starts: the start
    player gets a normal turn, not a passed player's Bullet prompt."""
    st = make_state(start=1)
    for seat in st.seats.values():
        seat.passed = True
    h = Harness(st)
    runner = h.run(action_phase(h.ctx))
    assert runner.pending is not None and runner.pending.kind == "turn"
    assert not any(s.passed for s in st.seats.values())


def test_turns_go_clockwise_from_the_start_player() -> None:
    """MC-ACT-2, MC-ACT-3: the start player first, then to the left, one action each."""
    st = make_state(start=1)
    h = Harness(st)
    runner = h.run(action_phase(h.ctx))
    order = []
    for _ in range(4):
        order.append(turn_of(runner))
        runner.send(runner.choose(Action("place", (3,))))
    assert order == [B, C, A, B]
    assert st.stacks[3] == [B, C, A, B]  # exactly one token per turn


def test_place_from_hand_on_top_never_from_reserve_nor_into_the_cell() -> None:
    """MC-ACT-4, MC-ACT-13: action A puts a token from hand on top of a stack; no option puts
    a token into the Cell; with no token in hand it is refused with its rule and nothing
    changes; nobody is asked to react to a placement."""
    st = make_state(stacks={5: [B]})
    options = action_options(Harness(st).ctx, A)
    assert {o.args for o in options if o.kind == "place"} == {(n,) for n in range(1, 8)}
    h = Harness(st)
    runner = h.run(do_action(h.ctx, A, Action("place", (5,))))
    assert runner.pending is None and st.stacks[5] == [B, A]
    assert st.seats[A].tokens == 7 and st.seats[A].reserve == 4
    st2 = make_state()
    st2.seats[A].tokens = 0
    h2 = Harness(st2)
    runner2 = h2.run(action_phase(h2.ctx))
    before = copy.deepcopy(st2)
    with pytest.raises(IllegalAction) as err:
        runner2.choose(Action("place", (2,)))
    assert (err.value.code, err.value.rule) == ("no-token-in-hand", "MC-ACT-4")
    assert st2 == before


def test_action_b_is_one_akce_text_one_or_two_hats_or_the_waiting_action() -> None:
    """MC-ACT-5, MC-CARD-1, MC-CARD-6, MC-TYPE-1: in a turn only AKCE texts, Hats and the
    waiting action are offered; LOKACE and REAKCE texts never, though their cards can still be
    used for a Hat or discarded."""
    hand = ["hitman-2", "secret-deal-1", "police-chief-3", "fbi-4", "complicity-1", "deals-1"]
    st = make_state(stacks={4: [A]}, hands={A: hand})
    options = action_options(Harness(st).ctx, A)
    kinds = {o.kind for o in options}
    assert kinds == {"place", "deals", "hat", "wait", "pass"}
    assert not kinds & LOKACE_REAKCE_TEXTS
    assert Action("hat", ("hitman-2", 4, 0)) in options  # the LOKACE card's Hat symbol
    assert {o.args[0] for o in options if o.kind == "wait"} == set(hand)


def test_the_waiting_action_has_no_effect() -> None:
    """MC-ACT-5 (iii), MC-CARD-1 (3): the card goes to the discard pile, nothing else moves,
    and no reaction window opens."""
    st = make_state(stacks={2: [B]}, hands={A: ["snitch-1"], B: ["thief-1", "thief-5"]})
    before = copy.deepcopy(st)
    h = Harness(st)
    runner = h.run(do_action(h.ctx, A, Action("wait", ("snitch-1",))))
    assert runner.pending is None and st.discard == ["snitch-1"]
    assert st.stacks == before.stacks and st.seats[B] == before.seats[B]
    assert "veto" not in h.kinds()


def test_a_card_is_used_one_way_only() -> None:
    """MC-CARD-1: a Snitch played for its Hat symbol takes a token back and its text (jail a
    token) does not happen too."""
    st = make_state(stacks={2: [A, B]}, hands={A: ["snitch-2"]})
    h = Harness(st, prompt_everyone=False)
    h.run(do_action(h.ctx, A, Action("hat", ("snitch-2", 2, 0))))
    assert st.stacks[2] == [B] and st.cell == [] and st.discard == ["snitch-2"]


def test_symbol_types_decide_when_a_symbol_works() -> None:
    """MC-CARD-2, MC-PLUS-3: Hat (AKCE) works in a turn; Bullet (AKCE) only for a passed
    player; Fist (REAKCE) never as an action; "+1" (LOKACE) only at the Private Club."""
    assert DATA.kinds["snitch"].type == "akce"
    hand = ["snitch-1", "thief-3", "deals-4"]  # Fist, Bullet, +1 (AKCE texts all)
    st = make_state(hands={A: hand}, stacks={6: [A]})
    options = action_options(Harness(st).ctx, A)
    # the texts (Snitch on Red's own token, Deals; the Thief has no target) but no symbol
    assert {o.kind for o in options} - {"place", "wait", "pass"} == {"snitch", "deals"}
    assert not [o for o in options if o.kind in ("hat", "hats", "bullet", "plus")]
    st.seats[A].passed = True
    h = Harness(st)
    runner = h.run(passed_turn(h.ctx, A))
    assert runner.pending is not None
    assert {o.kind for o in runner.pending.options} == {"bullet", "skip"}
    assert [o.args for o in runner.pending.options if o.kind == "bullet"] == [("thief-3",)]
    st2 = make_state(stacks={6: [A]}, hands={A: ["deals-4"]})
    h2 = Harness(st2)
    runner2 = h2.run(evaluate(h2.ctx, 6), "pass", "pass", "pass")
    assert runner2.pending is not None and runner2.pending.kind == "plus"


def test_a_cancelled_akce_ends_the_turn() -> None:
    """MC-ACT-6, MC-TYPE-1: after Blue's 2 Fists cancel Red's Snitch, the next decision is
    Blue's turn; Red may not play another card."""
    st = make_state(
        stacks={2: [C]}, hands={A: ["snitch-2", "thief-2"], B: ["snitch-1", "snitch-5"]}
    )
    h = Harness(st, prompt_everyone=False)
    runner = h.run(action_phase(h.ctx), "snitch snitch-2 2 0", "fists snitch-1 snitch-5")
    assert runner.pending is not None
    assert (runner.pending.kind, runner.pending.player) == ("turn", B)
    assert st.stacks[2] == [C] and st.seats[A].hand == ["thief-2"]


def test_pass_at_any_time_and_forced_only_without_an_action() -> None:
    """MC-ACT-11 (GAP-MC-7): passing is offered with tokens and cards in hand; with no token
    and no card the pass is the only option."""
    st = make_state(hands={A: ["deals-1"]})
    options = action_options(Harness(st).ctx, A)
    assert Action("pass") in options and len(options) > 1
    st.seats[A].tokens = 0
    st.seats[A].hand = []
    assert action_options(Harness(st).ctx, A) == [Action("pass")]


def test_reactions_are_out_of_turn_even_after_passing() -> None:
    """MC-TYPE-3 (GAP-MC-9): Blue has passed and still cancels Red's Thief with 2 Fists."""
    st = make_state(hands={A: ["thief-2"], B: ["snitch-1", "snitch-5", "deals-1"]})
    st.seats[B].passed = True
    h = Harness(st, prompt_everyone=False)
    runner = h.run(do_action(h.ctx, A, Action("thief", ("thief-2", B))))
    assert runner.pending is not None and runner.pending.player == B
    runner.send(runner.choose(Action.parse("fists snitch-1 snitch-5")))
    pass_all(runner)
    assert st.seats[B].hand == ["deals-1"] and "thief-2" in st.discard


def test_lokace_only_in_its_location_and_another_after_a_cancel() -> None:
    """MC-TYPE-2, MC-LOC-8: a Secret Deal is no action in phase I but is offered in step 2
    at a location; after Blue cancels Red's first one Red may play another."""
    hands = {A: ["secret-deal-1", "secret-deal-2"], B: ["snitch-1", "snitch-5"]}
    st = make_state(stacks={5: [B, A]}, hands=hands, start=0)
    assert not [o for o in action_options(Harness(st).ctx, A) if o.kind == "secret"]
    h = Harness(st, prompt_everyone=False)
    runner = h.run(evaluate(h.ctx, 5), "secret secret-deal-1", "fists snitch-1 snitch-5")
    assert runner.pending is not None and runner.pending.player == A
    assert Action("secret", ("secret-deal-2",)) in runner.pending.options
    runner.send(runner.choose(Action.parse("secret secret-deal-2")))
    pass_all(runner)
    assert st.seats[A].vp == 1  # 1 + 1 bonus beats Blue's 1 (Blue got there first)


def test_cards_played_end_on_the_discard_pile_vetoes_too() -> None:
    """MC-CARD-3, MC-DECK-2: a cancelled Snitch and both Fists go face up onto the discard
    pile (every seat sees them) once the chain is over; nothing stays in play."""
    st = make_state(stacks={2: [C]}, hands={A: ["snitch-2"], B: ["snitch-1", "snitch-5"]})
    h = Harness(st, prompt_everyone=False)
    runner = h.run(do_action(h.ctx, A, Action("snitch", ("snitch-2", 2, 0))))
    assert st.in_play == ["snitch-2"]  # still in play while the window is open
    runner.send(runner.choose(Action.parse("fists snitch-1 snitch-5")))
    pass_all(runner)
    assert sorted(st.discard) == ["snitch-1", "snitch-2", "snitch-5"] and st.in_play == []
    for seat in (A, B, C):
        assert sorted(observe(st, seat).public["discard"]) == sorted(st.discard)
    check_invariants(st)


def test_targets_are_announced_before_the_window() -> None:
    """MC-CARD-4 (GAP-MC-9): the Snitch names its target when played; the veto is asked
    while the token is still in its stack."""
    st = make_state(stacks={2: [C, B]}, hands={A: ["snitch-2"]})
    h = Harness(st)
    runner = h.run(do_action(h.ctx, A, Action("snitch", ("snitch-2", 2, 1))))
    assert runner.pending is not None and runner.pending.kind == "veto"
    assert st.stacks[2] == [C, B] and st.cell == []
    play = [e for e in h.ctx.events if e.kind == "play"][-1]
    assert play.data["targets"] == [2, 1] and "blue" in play.text
    pass_all(runner)
    assert st.stacks[2] == [C] and [o for o, _ in st.cell] == [B]


def test_an_effect_needs_a_legal_target() -> None:
    """MC-CARD-5 (GAP-MC-22), MC-THIEF-2: no Snitch, Big Plan or Strings with empty stacks;
    no Thief on players without cards; no Raid without two own tokens in one stack."""
    hand = ["snitch-2", "big-plan-2", "strings-2", "thief-2", "police-raid-2"]
    st = make_state(hands={A: hand})
    kinds = {o.kind for o in action_options(Harness(st).ctx, A)}
    assert not kinds & {"snitch", "plan", "strings", "thief", "raid"}
    st2 = make_state(stacks={1: [A, A], 2: [B]}, hands={A: hand, C: ["deals-1"]})
    options = action_options(Harness(st2).ctx, A)
    assert {o.args[1] for o in options if o.kind == "thief"} == {C}
    assert {o.args[1] for o in options if o.kind == "raid"} == {1}
    assert {o.kind for o in options} >= {"snitch", "plan", "strings"}


def test_strings_needs_two_different_filled_locations_of_anyone() -> None:
    """MC-STRINGS-2, MC-STRINGS-3 (GAP-MC-18): Green swaps two bottom tokens it does not own;
    the same location twice is refused with its rule; nothing else moves."""
    st = make_state(stacks={2: [A, B, B], 6: [B, A]}, hands={C: ["strings-1"]})
    h = Harness(st, prompt_everyone=False)
    runner = h.run(action_phase(h.ctx), "pass", "pass")
    assert turn_of(runner) == C
    with pytest.raises(IllegalAction) as err:
        runner.choose(Action("strings", ("strings-1", 2, 2)))
    assert (err.value.code, err.value.rule) == ("same-location", "MC-STRINGS-3")
    assert Action("strings", ("strings-1", 2, 3)) not in runner.pending.options  # type: ignore[union-attr]
    runner.send(runner.choose(Action("strings", ("strings-1", 2, 6))))
    assert st.stacks[2] == [B, B, B] and st.stacks[6] == [A, A]


def test_big_plan_never_touches_the_cell() -> None:
    """MC-PLAN-2: no Big Plan option moves a Cell token, and every destination is a stack."""
    st = make_state(stacks={2: [A]}, hands={B: ["big-plan-2"]}, cell=[(C, 0)])
    options = [o for o in action_options(Harness(st).ctx, B) if o.kind == "plan"]
    assert {(o.args[1], o.args[2]) for o in options} == {(2, 0)}
    assert {o.args[3] for o in options} == {1, 3, 4, 5, 6, 7}
    h = Harness(st, prompt_everyone=False)
    h.run(do_action(h.ctx, B, Action("plan", ("big-plan-2", 2, 0, 1))))
    assert st.stacks[1] == [A] and st.cell == [(C, 0)]


def test_raid_counts_only_stack_tokens_and_leaves_the_cell() -> None:
    """MC-RAID-2 (GAP-MC-23): a Cell token does not make two; a Raid on the Prison empties the
    stack but not the Cell."""
    st = make_state(stacks={1: [A, B]}, cell=[(A, 0), (B, 0)], hands={A: ["police-raid-2"]})
    assert not [o for o in action_options(Harness(st).ctx, A) if o.kind == "raid"]
    st.stacks[1] = [A, B, A]
    st.seats[A].tokens -= 1
    h = Harness(st, prompt_everyone=False)
    h.run(do_action(h.ctx, A, Action("raid", ("police-raid-2", 1))))
    assert st.stacks[1] == [] and st.cell == [(A, 0), (B, 0)]
    check_invariants(st)


def test_raid_unpasses_everyone_who_got_tokens() -> None:
    """MC-RAID-3, MC-ACT-8: Blue (passed, token in the stack) is active again; Green (passed,
    no token there) stays passed."""
    st = make_state(stacks={5: [A, B, A]}, hands={A: ["police-raid-2"]})
    st.seats[B].passed = st.seats[C].passed = True
    h = Harness(st, prompt_everyone=False)
    h.run(do_action(h.ctx, A, Action("raid", ("police-raid-2", 5))))
    assert not st.seats[B].passed and st.seats[C].passed
    assert "unpass" in h.kinds()


def test_draws_come_from_the_top() -> None:
    """MC-DECK-1: the cards drawn are the last ones of the draw list (its top), in order."""
    st = make_state()
    top = st.draw[-3:]
    h = Harness(st)
    drawn = draw_cards(h.ctx, A, 3, ("MC-DECK-1",))
    assert drawn == list(reversed(top)) and st.seats[A].hand == drawn


def test_there_is_no_hand_limit() -> None:
    """MC-DECK-5: a player holding 30 cards still draws at the end of the round and keeps all."""
    st = make_state(hands={A: sorted(DATA.cards)[:30]})
    h = Harness(st)
    end_of_round(h.ctx)
    assert len(st.seats[A].hand) >= 31
    check_invariants(st)


def test_cards_reach_hands_only_by_drawing_or_the_thief() -> None:
    """MC-DECK-6: in whole random games, every card that enters a hand came from the draw pile
    (or the reshuffled discard pile) or, by a Thief, from another hand."""
    for seed in (3, 4):
        game = Game.new(players=3, seed=seed)
        rng = random.Random(seed)
        while not game.is_over:
            before = {p: set(s.hand) for p, s in game.state.seats.items()}
            piles = set(game.state.draw) | set(game.state.discard)
            events = game.apply(rng.choice(game.legal_actions()))
            stolen = {e.data["card"] for e in events if e.kind == "steal"}
            for p, seat in game.state.seats.items():
                for card in set(seat.hand) - before[p]:
                    assert card in piles or card in stolen, (seed, card)
            for card in stolen:
                assert any(card in before[p] for p in before)


def test_a_deals_card_is_not_reshuffled_into_its_own_draw() -> None:
    """MC-DECK-3, MC-CARD-3, MC-DEALS-1: the Deals card is discarded only once its effect is
    over, so a reshuffle in the middle of its draw does not include it: Red cannot draw its own
    Deals back. CZ (S 175-177): "hráč provede efekt textu karty a kartu odhodí" (carries out
    the text, then discards the card); S 128-131: the start player shuffles the discard pile
    when the draw pile runs out."""
    st = make_state(hands={A: ["deals-1"]})
    st.discard, st.draw = st.draw[:-1], st.draw[-1:]  # one card left to draw
    h = Harness(st, seed=3, prompt_everyone=False)
    runner = h.run(do_action(h.ctx, A, Action("deals", ("deals-1",))))
    assert runner.pending is not None and runner.pending.kind == "deals-discard"
    assert "deals-1" not in st.seats[A].hand and st.in_play == ["deals-1"]
    assert "deals-1" not in st.draw
    out = runner.pending.options[0]
    runner.send(out)
    assert st.discard == ["deals-1", out.args[0]] and st.in_play == []
    assert len(st.seats[A].hand) == 2
    check_invariants(st)

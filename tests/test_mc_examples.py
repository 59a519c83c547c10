"""The worked examples EMC-1 .. EMC-23 of the Mafia City reference, one test (or more) each,
with the rule IDs they check, each rules flow run alone on a state built in code. The same
examples ship as position files (data/mafia_city/positions/) played through the whole game
engine in tests/test_mc_positions.py."""

from __future__ import annotations

import pytest

from speakeasy.core.actions import Action, IllegalAction
from speakeasy.games.mafia_city.model.state import GameState
from speakeasy.games.mafia_city.rules.control import control
from speakeasy.games.mafia_city.rules.endround import end_of_round, winner
from speakeasy.games.mafia_city.rules.locations import evaluate, location_phase
from speakeasy.games.mafia_city.rules.strategic import strategic_phase
from speakeasy.games.mafia_city.rules.turns import (
    action_options,
    action_phase,
    do_action,
    passed_turn,
)
from tests.mc_support import Harness, check_invariants, make_state, pass_all

A, B, C = "red", "blue", "green"
FOUR = ("red", "blue", "green", "yellow")


def hands_of(st: GameState, *players: str) -> dict[str, int]:
    return {p: len(st.seats[p].hand) for p in players}


# ------------------------------------------------------------------ EMC-1..3: phase IV
def test_emc1_tie_for_fewest_vp_nobody_draws_extra() -> None:
    """MC-END-1..5."""
    st = make_state(
        FOUR,
        start=0,
        hands={
            "blue": ["deals-1", "deals-2"],
            "green": ["thief-1"],
            "yellow": ["snitch-1", "snitch-2", "snitch-3"],
        },
    )
    for p, vp in zip(FOUR, (1, 1, 2, 3), strict=True):
        st.seats[p].vp = vp
    draw = len(st.draw)
    h = Harness(st)
    end_of_round(h.ctx)
    assert st.start_player == "blue"
    assert hands_of(st, *FOUR) == {"red": 1, "blue": 3, "green": 2, "yellow": 4}
    assert len(st.draw) == draw - 4
    assert [e.player for e in h.ctx.events if e.kind == "draw"] == [
        "blue",
        "green",
        "yellow",
        "red",
    ]


@pytest.mark.parametrize(
    ("cards", "final"),
    [((1, 2, 3), (4, 3, 4)), ((2, 1, 2), (4, 2, 3)), ((1, 1, 3), (3, 2, 4))],
    ids=["EMC-2", "EMC-3", "EMC-3-variant"],
)
def test_emc2_emc3_sole_fewest_vp_and_cards(cards: tuple[int, ...], final: tuple[int, ...]) -> None:
    """MC-END-3, MC-END-4, MC-END-5."""
    deck = iter(["deals-1", "deals-2", "deals-3", "thief-1", "thief-2", "thief-3"])
    st = make_state(
        hands={p: [next(deck) for _ in range(k)] for p, k in zip((A, B, C), cards, strict=True)}
    )
    for p, vp in zip((A, B, C), (2, 3, 4), strict=True):
        st.seats[p].vp = vp
    end_of_round(Harness(st).ctx)
    assert tuple(len(st.seats[p].hand) for p in (A, B, C)) == final


def test_reshuffle_when_the_draw_pile_runs_out() -> None:
    """MC-DECK-3, MC-DECK-4 (GAP-MC-6)."""
    st = make_state()
    st.discard, st.draw = st.draw[:2], []
    h = Harness(st)
    end_of_round(h.ctx)
    assert "reshuffle" in h.kinds()
    assert sum(len(st.seats[p].hand) for p in (A, B, C)) == 2  # the third draw is lost


# ------------------------------------------------------------------ EMC-4: Hats and Fists
def _hats_game(c_answers: bool) -> tuple[Harness, list[str]]:
    hands = {A: ["snitch-2", "thief-2", "thief-1", "thief-5"], B: ["snitch-1", "snitch-5"]}
    if c_answers:
        hands[C] = ["big-plan-1", "big-plan-5"]
    h = Harness(make_state(stacks={2: [B]}, hands=hands), prompt_everyone=False)
    answers = ["fists snitch-1 snitch-5", "fists thief-1 thief-5"]
    if c_answers:  # Green is asked first after Blue's veto, declines, then answers Red's
        answers = [
            "fists snitch-1 snitch-5",
            "pass",
            "fists thief-1 thief-5",
            "fists big-plan-1 big-plan-5",
        ]
    return h, answers


def test_emc4_two_hats_cancelled_and_restored() -> None:
    """MC-HAT-3, MC-FIST-1, MC-FIST-3, MC-FIST-4, MC-VETO-5, MC-VETO-8."""
    h, answers = _hats_game(False)
    st = h.st
    runner = h.run(do_action(h.ctx, A, Action("hats", ("snitch-2", "thief-2", 2))), *answers)
    assert runner.pending is None
    assert st.stacks[2] == [B, A] and st.seats[A].reserve == 3
    assert len(st.discard) == 6 and not st.in_play
    check_invariants(st)


def test_emc4_variants() -> None:
    """MC-HAT-4: one veto cancels; three vetoes cancel (8 cards)."""
    h, answers = _hats_game(False)
    runner = h.run(do_action(h.ctx, A, Action("hats", ("snitch-2", "thief-2", 2))), answers[0])
    pass_all(runner)
    assert h.st.stacks[2] == [B] and h.st.seats[A].reserve == 4 and len(h.st.discard) == 4
    h, answers = _hats_game(True)
    runner = h.run(do_action(h.ctx, A, Action("hats", ("snitch-2", "thief-2", 2))), *answers)
    assert runner.pending is None
    assert h.st.stacks[2] == [B] and len(h.st.discard) == 8 and "cancel" in h.kinds()


# ------------------------------------------------------------------ EMC-5: Private Club
def test_emc5_plus_one_fought_off_then_scored() -> None:
    """MC-CLUB-2, MC-CLUB-3, MC-PLUS-1, MC-PLUS-2, MC-SCORE-2."""
    hands = {
        A: ["hitman-4", "snitch-4", "thief-4", "deals-4"],
        B: ["snitch-1", "snitch-5"],
        C: ["thief-1", "thief-5"],
    }
    st = make_state(stacks={6: [A]}, hands=hands)
    h = Harness(st, prompt_everyone=False)
    runner = h.run(
        evaluate(h.ctx, 6),
        "plus hitman-4",
        "fists snitch-1 snitch-5",
        "pass",
        "plus snitch-4",
        "fists thief-1 thief-5",
        "plus thief-4",
    )
    assert runner.pending is None  # nobody can react any more
    assert st.seats[A].vp == 2  # 1 for control + 1 extra
    assert len(st.discard) == 7
    # no fourth +1 this round: the evaluation is over with deals-4 still in hand
    assert st.seats[A].hand == ["deals-4"]


# ------------------------------------------------------------------ EMC-6, EMC-22, EMC-23: Bullet
def test_emc6_bullet_cancelled_ends_the_turn() -> None:
    """MC-ACT-9, MC-BULLET-1, MC-BULLET-3."""
    st = make_state(hands={A: ["snitch-3", "thief-3"], B: ["snitch-1", "snitch-5"]})
    st.seats[A].passed = True
    h = Harness(st, prompt_everyone=False)
    runner = h.run(passed_turn(h.ctx, A), "bullet snitch-3", "fists snitch-1 snitch-5")
    assert runner.pending is None and st.seats[A].passed and len(st.discard) == 3


def test_emc6_bullet_then_thief_stopped_by_police_chief() -> None:
    """MC-BULLET-4, MC-THIEF-3, MC-CHIEF-1, MC-DEALS-3, MC-VETO-9: the Bullet and its follow-up
    are two effects; Police Chief answers the Thief but not Deals."""
    st = make_state(hands={A: ["snitch-3", "thief-1", "deals-1"], B: ["police-chief-1", "deals-2"]})
    st.seats[A].passed = True
    h = Harness(st, prompt_everyone=False)
    runner = h.run(passed_turn(h.ctx, A), "bullet snitch-3")
    assert runner.pending is not None and runner.pending.kind == "follow-up"
    assert "pass" not in {o.kind for o in runner.pending.options}
    runner.send(runner.choose(Action.parse(f"thief thief-1 {B}")))
    assert runner.pending is not None and runner.pending.player == B
    assert Action("chief", ("police-chief-1",)) in runner.pending.options
    runner.send(runner.choose(Action.parse("chief police-chief-1")))
    assert runner.pending is None and st.seats[A].passed
    assert sorted(st.discard) == ["police-chief-1", "snitch-3", "thief-1"]
    # (c): against Deals, Police Chief is refused with Deals' rule of what cancels it (F.B.I.
    # or 2 Fists; issue 25: a veto refused for its target cites the target's rule)
    st2 = make_state(hands={A: ["deals-1"], B: ["police-chief-2", "fbi-2"]})
    h2 = Harness(st2, prompt_everyone=False)
    runner2 = h2.run(do_action(h2.ctx, A, Action("deals", ("deals-1",))))
    assert runner2.pending is not None
    assert {o.kind for o in runner2.pending.options} == {"fbi", "pass"}
    with pytest.raises(IllegalAction) as err:
        runner2.choose(Action("chief", ("police-chief-2",)))
    assert err.value.rule == "MC-DEALS-3"


def test_emc6d_placing_after_a_bullet_cannot_be_cancelled() -> None:
    """MC-ACT-13, MC-BULLET-2: the placement opens no window; the player stays passed."""
    st = make_state(hands={A: ["snitch-3"], B: ["thief-1", "thief-5"]})
    st.seats[A].passed = True
    h = Harness(st, prompt_everyone=False)
    runner = h.run(passed_turn(h.ctx, A), "bullet snitch-3", "pass", "place 4")
    assert runner.pending is None and st.stacks[4] == [A] and st.seats[A].passed
    assert [e.kind for e in h.ctx.events].count("veto") == 0


def test_emc22_hat_take_back_cell_refused_cancel_and_bullet() -> None:
    """MC-HAT-1, MC-HAT-2, MC-HAT-4, MC-HAT-5, MC-PRISON-7, MC-ACT-8, MC-ACT-9."""
    st = make_state(stacks={5: [A, B]}, hands={A: ["snitch-2", "thief-3"]}, cell=[(A, 0)])
    options = action_options(Harness(st).ctx, A)
    assert Action("hat", ("snitch-2", 5, 0)) in options
    assert not [o for o in options if o.kind == "hat" and o.args[1] != 5]  # (b) no Cell token
    h = Harness(st, prompt_everyone=False)
    h.run(do_action(h.ctx, A, Action("hat", ("snitch-2", 5, 0))))
    assert st.stacks[5] == [B] and st.seats[A].tokens == 8 - 2 + 1
    # (c) cancelled
    st = make_state(stacks={5: [A, B]}, hands={A: ["snitch-2"], B: ["thief-1", "thief-5"]})
    h = Harness(st, prompt_everyone=False)
    h.run(do_action(h.ctx, A, Action("hat", ("snitch-2", 5, 0))), "fists thief-1 thief-5")
    assert st.stacks[5] == [A, B] and len(st.discard) == 3
    # (d) Bullet then Hat: still passed
    st = make_state(stacks={5: [A, B]}, hands={A: ["snitch-2", "thief-3"]})
    st.seats[A].passed = True
    h = Harness(st, prompt_everyone=False)
    h.run(passed_turn(h.ctx, A), "bullet thief-3", "hat snitch-2 5 0")
    assert st.stacks[5] == [B] and st.seats[A].passed


def test_emc23_last_pass_ends_phase_one() -> None:
    """MC-ACT-7, MC-ACT-10, MC-ACT-12, MC-BULLET-5."""
    st2 = make_state(hands={B: ["snitch-3"]})
    h2 = Harness(st2, prompt_everyone=False)
    flow = action_phase(h2.ctx)
    r2 = h2.run(flow, "place 1", "pass", "pass")  # Red places, Blue passes, Green passes
    assert r2.pending is not None and r2.pending.player == A and r2.pending.kind == "turn"
    r2.send(r2.choose(Action.parse("place 2")))  # (b) Red acts again
    assert r2.pending is not None and r2.pending.player == B and r2.pending.kind == "bullet"
    r2.send(r2.choose(Action.parse("bullet snitch-3")))
    r2.send(r2.choose(Action.parse("place 3")))
    assert st2.seats[B].passed
    assert r2.pending is not None and r2.pending.player == A  # Green skipped
    r2.send(r2.choose(Action.parse("pass")))  # (a) the last pass ends phase I at once
    assert r2.pending is None
    assert st2.stacks[3] == [B] and "skip" in h2.kinds()


# ------------------------------------------------------------------ EMC-7: Complicity chain
def test_emc7_complicity_chain() -> None:
    """MC-SNITCH-1, MC-SNITCH-3, MC-COMPL-1..6, MC-VETO-10."""
    st = make_state(
        stacks={5: [B], 3: [C], 2: [A]},
        hands={A: ["snitch-1"], B: ["complicity-1"], C: ["complicity-2"]},
    )
    h = Harness(st, prompt_everyone=False)
    runner = h.run(do_action(h.ctx, A, Action("snitch", ("snitch-1", 5, 0))))
    assert runner.pending is not None and runner.pending.player == B
    third = {o.args[1:] for o in runner.pending.options if o.kind == "complicity"}
    assert third == {(3, 0)}  # not A (caused it), not B
    runner.send(runner.choose(Action.parse("complicity complicity-1 3 0")))
    assert runner.pending is not None and runner.pending.player == C
    assert {o.args[1:] for o in runner.pending.options if o.kind == "complicity"} == {(2, 0)}
    runner.send(runner.choose(Action.parse("complicity complicity-2 2 0")))
    assert runner.pending is None  # A has no Complicity
    assert sorted(o for o, _ in st.cell) == sorted([A, B, C])
    assert st.stacks[5] == st.stacks[3] == st.stacks[2] == []
    assert sorted(st.discard) == ["complicity-1", "complicity-2", "snitch-1"]


# ------------------------------------------------------------------ EMC-8, EMC-9: control
def test_emc8_standard_control_by_stack_order() -> None:
    """MC-CTRL-3, MC-MAP-6."""
    assert control([A, B, C, B, A], "standard").controller == A
    assert control([B, C, B, A], "standard").controller == B
    assert control([C, A, B], "standard").controller == C


def test_emc9_sole_majority_locations() -> None:
    """MC-CTRL-5, MC-FIGHT-1..3, MC-HALL-1..4."""
    st = make_state(stacks={7: [A, B, C, B, A], 3: [A, B, C, B, A]}, mayor=C)
    st.seats[A].reserve, st.seats[B].reserve, st.seats[C].reserve = 2, 0, 3
    h = Harness(st, prompt_everyone=False)
    h.run(evaluate(h.ctx, 7))
    assert st.mayor is None and all(st.seats[p].vp == 0 for p in (A, B, C))
    h.run(evaluate(h.ctx, 3))
    assert (st.seats[A].reserve, st.seats[B].reserve, st.seats[C].reserve) == (1, 0, 3)
    st = make_state(stacks={3: [A, B, B], 7: [A, B, B]})
    h = Harness(st, prompt_everyone=False)
    h.run(evaluate(h.ctx, 3))
    h.run(evaluate(h.ctx, 7))
    assert st.seats[B].vp == 2 and st.seats[B].reserve == 3 and st.mayor == B


# ------------------------------------------------------------------ EMC-10: Prison
def test_emc10_prison_release_and_police_chief() -> None:
    """MC-PRISON-1..8, MC-CHIEF-1..3, MC-FIST-2, GAP-MC-13."""
    st = make_state(
        stacks={1: [B, A], 2: [C]},
        cell=[(A, 0), (A, 1)],
        round=1,
        hands={A: ["police-chief-1"], B: ["thief-1", "thief-5"]},
    )
    h = Harness(st, prompt_everyone=False)
    runner = h.run(evaluate(h.ctx, 1))
    assert st.seats[B].vp == 1 and st.cell == [(A, 1)]  # only last round's token is freed
    assert runner.pending is not None and runner.pending.kind == "prison"
    runner.send(runner.choose(Action.parse("jail 2 0")))
    assert runner.pending is not None and runner.pending.player == A
    with pytest.raises(IllegalAction):
        runner.choose(Action("fists", ("thief-1", "thief-5")))
    runner.send(runner.choose(Action.parse("chief police-chief-1")))
    # Blue (owner) may overrule the Police Chief with 2 Fists: decline to show the cancel
    assert runner.pending is not None and runner.pending.player == B
    runner.send(runner.choose(Action.parse("pass")))
    assert runner.pending is None and st.stacks[2] == [C]
    # variant: Blue overrules; Green may answer with Complicity naming only Red
    st = make_state(
        stacks={1: [B, A], 2: [C]},
        hands={A: ["police-chief-1", "deals-1"], B: ["thief-1", "thief-5"], C: ["complicity-1"]},
    )
    h = Harness(st, prompt_everyone=False)
    runner = h.run(evaluate(h.ctx, 1), "jail 2 0", "chief police-chief-1", "fists thief-1 thief-5")
    assert runner.pending is not None and runner.pending.player == C
    assert {o.args[1:] for o in runner.pending.options if o.kind == "complicity"} == {(1, 1)}
    # variant: empty stack, release still happens
    st = make_state(cell=[(A, 0), (A, 0)], round=1)
    h = Harness(st)
    assert h.run(evaluate(h.ctx, 1)).pending is None
    assert st.cell == [] and st.seats[A].tokens == 8


def test_jail_release_same_round_switch() -> None:
    st = make_state(cell=[(A, 1)], round=1)
    h = Harness(st, jail_release_same_round=True)
    h.run(evaluate(h.ctx, 1))
    assert st.cell == []


# ------------------------------------------------------------------ EMC-11: Harbour
def test_emc11_harbour_move_fbi_and_hitman() -> None:
    """MC-HARBOUR-1..6, MC-HITMAN-1..5, MC-FBI-1, MC-FBI-2, MC-MAP-1, MC-MAP-2."""
    stacks = {2: [A, A, B], 5: [B, C, B]}
    st = make_state(stacks=stacks, hands={A: ["hitman-1", "hitman-2"], B: ["fbi-1"]})
    h = Harness(st, prompt_everyone=False)
    runner = h.run(evaluate(h.ctx, 2))
    assert st.seats[A].vp == 1
    assert runner.pending is not None
    assert {o.args[0] for o in runner.pending.options if o.kind == "move"} == {1, 3, 5}
    with pytest.raises(IllegalAction) as err:
        runner.choose(Action("move", (6,)))
    assert (err.value.code, err.value.rule) == ("not-adjacent", "MC-HARBOUR-3")
    runner.send(runner.choose(Action.parse("move 5")))
    runner.send(runner.choose(Action.parse("fbi fbi-1")))  # (a) the move is cancelled
    assert st.hitman == 2 and runner.pending is not None and runner.pending.kind == "hitman-card"
    runner.send(runner.choose(Action.parse("hitman hitman-1 2")))
    assert runner.pending is None  # (c) one success only
    assert st.stacks[2] == [A, A] and st.seats[B].reserve == 5
    # (b) the move goes through; the kill at [5] is cancelled, a second card resolves
    st = make_state(
        stacks={2: [A, A, B], 5: [B, C, B]}, hands={A: ["hitman-1", "hitman-2"], B: ["fbi-1"]}
    )
    h = Harness(st, prompt_everyone=False)
    runner = h.run(
        evaluate(h.ctx, 2), "move 5", "pass", "hitman hitman-1 0", "fbi fbi-1", "hitman hitman-2 0"
    )
    assert runner.pending is None and st.hitman == 5 and st.stacks[5] == [C, B]
    # (d) no move, no card
    st = make_state(stacks={2: [A]})
    h = Harness(st)
    assert h.run(evaluate(h.ctx, 2), "pass", "pass", "pass", "stay", "decline").pending is None


# ------------------------------------------------------------------ EMC-12: Police Raid
def test_emc12_police_raid_unpasses() -> None:
    """MC-RAID-1..4, MC-ACT-8."""
    st = make_state(
        stacks={5: [A, B, A, C], 1: [C, C]}, hands={A: ["police-raid-1"]}, cell=[(B, 0)]
    )
    st.seats[B].passed = st.seats[C].passed = True
    h = Harness(st, prompt_everyone=False)
    options = action_options(h.ctx, A)
    assert Action("raid", ("police-raid-1", 5)) in options
    assert Action("raid", ("police-raid-1", 1)) not in options  # (b)
    h.run(do_action(h.ctx, A, Action("raid", ("police-raid-1", 5))))
    assert st.stacks[5] == [] and not st.seats[B].passed and not st.seats[C].passed
    assert (st.seats[A].tokens, st.seats[B].tokens, st.seats[C].tokens) == (
        8,
        8 - 1 - 1 + 1,
        8 - 3 + 1,
    )
    assert st.cell == [(B, 0)]
    # (c) through a Bullet: the player who played it is active again
    st = make_state(stacks={5: [A, B, A, C]}, hands={A: ["police-raid-1", "thief-3"]})
    st.seats[A].passed = st.seats[C].passed = True
    h = Harness(st, prompt_everyone=False)
    h.run(passed_turn(h.ctx, A), "bullet thief-3", "raid police-raid-1 5")
    assert not st.seats[A].passed and not st.seats[C].passed
    # (d) cancelled by Police Chief: nobody un-passes
    st = make_state(stacks={5: [A, B, A, C]}, hands={A: ["police-raid-1"], B: ["police-chief-1"]})
    st.seats[C].passed = True
    h = Harness(st, prompt_everyone=False)
    h.run(do_action(h.ctx, A, Action("raid", ("police-raid-1", 5))), "chief police-chief-1")
    assert st.stacks[5] == [A, B, A, C] and st.seats[C].passed


# ------------------------------------------------------------------ EMC-13: Chief overruled
def test_emc13_police_chief_overruled_by_fists() -> None:
    """MC-CHIEF-3, MC-VETO-5..8, MC-THIEF-1, GAP-MC-10."""
    st = make_state(
        hands={A: ["thief-2", "snitch-1", "snitch-5"], B: ["police-chief-2", "deals-2", "deals-3"]}
    )
    h = Harness(st, prompt_everyone=False)
    runner = h.run(
        do_action(h.ctx, A, Action("thief", ("thief-2", B))),
        "chief police-chief-2",
        "fists snitch-1 snitch-5",
    )
    assert runner.pending is None
    assert len(st.seats[B].hand) == 1 and len(st.seats[A].hand) == 1
    assert sorted(st.discard) == ["police-chief-2", "snitch-1", "snitch-5", "thief-2"]
    # variant: C plays a Police Chief of its own against the Thief again (3 vetoes)
    st = make_state(
        hands={
            A: ["thief-2", "snitch-1", "snitch-5"],
            B: ["police-chief-2", "deals-2"],
            C: ["police-chief-3"],
        }
    )
    h = Harness(st, prompt_everyone=False)
    runner = h.run(
        do_action(h.ctx, A, Action("thief", ("thief-2", B))),
        "chief police-chief-2",
        "fists snitch-1 snitch-5",
    )
    assert runner.pending is not None and runner.pending.player == C  # Blue cannot react
    runner.send(runner.choose(Action.parse("chief police-chief-3")))
    pass_all(runner)
    assert len(st.seats[B].hand) == 1 and st.seats[A].hand == []


# ------------------------------------------------------------------ EMC-14: phase III
def test_emc14_withdrawal_order_and_gravity() -> None:
    """MC-STR-3, MC-STR-6, MC-STR-7, MC-STR-8, MC-MAP-4."""
    st = make_state(
        ("blue", "red", "green"),
        stacks={1: [C, B, A, B, C]},
        cell=[(A, 0)],
        cubes=[1, 2, 3, 4, 5, 6, 7],
    )
    h = Harness(st)
    runner = h.run(strategic_phase(h.ctx), "withdraw 3", "keep", "withdraw 2")
    assert st.stacks[1] == [C, B, C]
    assert runner.pending is not None and runner.pending.player == C
    runner.send(runner.choose(Action.parse("keep")))
    assert runner.pending is None and st.cubes == [] and st.cell == [(A, 0)]
    st = make_state(("blue", "red", "green"), stacks={1: [C, B, A, B, C]}, cubes=[1])
    h = Harness(st)
    h.run(strategic_phase(h.ctx), "withdraw 1", "keep", "keep", "keep")
    assert st.stacks[1] == [C, A, B, C]  # (b)


def test_emc14c_mayor_picks_locations_and_players() -> None:
    """MC-STR-4, MC-STR-5 (GAP-MC-15)."""
    st = make_state(stacks={6: [A, B, C]}, cubes=[1, 6], mayor=A)
    h = Harness(st)
    runner = h.run(strategic_phase(h.ctx), "location 6")
    assert runner.pending is not None
    assert {o.args[0] for o in runner.pending.options} == {A, B, C}
    runner.send(runner.choose(Action.parse(f"name {C}")))
    assert runner.pending is not None and runner.pending.player == C
    runner.send(runner.choose(Action.parse("keep")))
    runner.send(runner.choose(Action.parse(f"name {B}")))
    runner.send(runner.choose(Action.parse("keep")))
    assert runner.pending is not None and runner.pending.player == A  # last one needs no naming
    runner.send(runner.choose(Action.parse("keep")))
    assert runner.pending is not None and runner.pending.kind == "strategic-location"
    runner.send(runner.choose(Action.parse("location 1")))
    assert runner.pending is None and st.cubes == []


# ------------------------------------------------------------------ EMC-15: the Mayor's order
def test_emc15_mayor_directs_the_order() -> None:
    """MC-LOC-3, MC-LOC-4, MC-HALL-2, MC-HALL-3, MC-HALL-5 (GAP-MC-14)."""
    st = make_state(stacks={7: [A]})
    h = Harness(st, prompt_everyone=False)
    runner = h.run(location_phase(h.ctx))
    pass_all(runner)
    order = [e.data["location"] for e in h.ctx.events if e.kind == "select"]
    assert order == [1, 2, 3, 4, 5, 6, 7] and st.mayor == A
    # round n+1: Red selects [7] first; Blue has the sole majority there and chooses the rest
    st = make_state(stacks={7: [B]}, mayor=A)
    h = Harness(st, prompt_everyone=False)
    runner = h.run(location_phase(h.ctx), "evaluate 7")
    assert st.mayor == B and runner.pending is not None and runner.pending.player == B
    # variant: a tie at [7]: the Mayor goes home, the rest by number
    st = make_state(stacks={7: [A, B]}, mayor=A)
    h = Harness(st, prompt_everyone=False)
    runner = h.run(location_phase(h.ctx), "evaluate 7")
    assert runner.pending is None and st.mayor is None
    order = [e.data["location"] for e in h.ctx.events if e.kind == "select"]
    assert order == [7, 1, 2, 3, 4, 5, 6]


# ------------------------------------------------------------------ EMC-16: setup
def test_emc16_four_player_setup_and_mulligan() -> None:
    """MC-SETUP-1..10, MC-MODE-1."""
    from speakeasy.games.mafia_city.engine.game import Game

    game = Game.new(players=4, seed=3)
    st = game.state
    assert all((s.tokens, s.reserve, s.box, len(s.hand)) == (7, 4, 1, 2) for s in st.seats.values())
    assert (st.hitman, st.officer, st.mayor, st.cubes, st.cell) == (2, None, None, [], [])
    assert all(not s for s in st.stacks.values())
    assert (len(st.draw), len(st.discard), st.target) == (41, 0, 8)
    assert Game.new(players=4, seed=3, advanced=True).state.target == 13
    order = st.clockwise_from(st.start_player)
    assert game.pending is not None and game.pending.player == order[0]
    with pytest.raises(IllegalAction):
        game.apply(Action("mulligan", (st.seats[order[0]].hand[0],)))  # only both or none
    for answer in ("keep", "mulligan", "keep", "keep"):
        game.apply(answer)
    assert (len(st.draw), len(st.discard)) == (39, 2)
    assert game.pending is not None and game.pending.kind == "turn"


# ------------------------------------------------------------------ EMC-17: Deals / Business
def test_emc17_deals_versus_business_district() -> None:
    """MC-DEALS-1..3, MC-BUSINESS-2, MC-BUSINESS-3."""
    st = make_state(hands={A: ["thief-1", "snitch-1", "deals-1"]})
    st.draw += ["secret-deal-1", "fbi-1", "hitman-1"]
    st.draw = [c for c in st.draw if c not in ("secret-deal-1", "fbi-1", "hitman-1")] + [
        "secret-deal-1",
        "fbi-1",
        "hitman-1",
    ]
    h = Harness(st, prompt_everyone=False)
    runner = h.run(do_action(h.ctx, A, Action("deals", ("deals-1",))))
    assert runner.pending is not None and runner.pending.kind == "deals-discard"
    with pytest.raises(IllegalAction) as err:
        runner.choose(Action("discard", ("thief-1",)))
    assert err.value.rule == "MC-DEALS-2"
    runner.send(runner.choose(Action.parse("discard fbi-1")))
    assert len(st.seats[A].hand) == 4
    st = make_state(stacks={5: [A]}, hands={A: ["thief-1", "snitch-1"]})
    h = Harness(st)
    runner = h.run(evaluate(h.ctx, 5), "pass", "pass", "pass", "use", "discard thief-1")
    assert runner.pending is None and len(st.seats[A].hand) == 4 and "thief-1" in st.discard
    st = make_state(hands={A: ["deals-1"], B: ["fbi-1"]})
    h = Harness(st, prompt_everyone=False)
    h.run(do_action(h.ctx, A, Action("deals", ("deals-1",))), "fbi fbi-1")
    assert st.seats[A].hand == []


# ------------------------------------------------------------------ EMC-18: the winner
@pytest.mark.parametrize(
    ("reserves", "cards", "mayor", "expected", "rule"),
    [
        ((1, 2), (0, 0), None, "red", "(1)"),
        ((2, 2), (2, 4), None, "blue", "(2)"),
        ((2, 2), (2, 2), "blue", "blue", "(3)"),
        ((2, 2), (2, 2), "green", "red", "(4)"),
    ],
)
def test_emc18_winner_and_tie_breakers(reserves, cards, mayor, expected, rule) -> None:  # type: ignore[no-untyped-def]
    """MC-WIN-1..4."""
    st = make_state(FOUR, start=2, mayor=mayor)
    st.target = 13
    deck = iter(sorted(st.draw))
    for p, vp in zip(FOUR, (14, 14, 13, 9), strict=True):
        st.seats[p].vp = vp
    for p, r, k in zip((A, B), reserves, cards, strict=True):
        st.seats[p].reserve = r
        st.seats[p].hand = [next(deck) for _ in range(k)]
    who, decided = winner(st)
    assert who == expected and rule in decided
    st.seats[A].vp = st.seats[B].vp = st.seats["green"].vp = 12
    assert winner(st) == (None, "MC-WIN-1")


# ------------------------------------------------------------------ EMC-19, EMC-20
def test_emc19_strings_behind_the_scenes() -> None:
    """MC-STRINGS-1..4."""
    st = make_state(
        FOUR,
        stacks={2: [A, B, B], 6: ["green", A]},
        hands={"yellow": ["strings-1"], A: ["police-chief-2", "fbi-2"]},
    )
    h = Harness(st, prompt_everyone=False)
    options = action_options(h.ctx, "yellow")
    assert Action("strings", ("strings-1", 2, 6)) in options
    assert not [
        o for o in options if o.kind == "strings" and (o.args[1] == o.args[2] or 1 in o.args[1:])
    ]
    h.run(do_action(h.ctx, "yellow", Action("strings", ("strings-1", 2, 6))))  # Red cannot answer
    assert st.stacks[2] == ["green", B, B] and st.stacks[6] == [A, A]
    assert control(st.stacks[2], "standard").controller == B


def test_emc20_big_plan() -> None:
    """MC-PLAN-1..3."""
    st = make_state(
        FOUR,
        stacks={2: [A, B, B], 6: ["green"]},
        hands={B: ["big-plan-1"], A: ["police-chief-2", "fbi-2"]},
        cell=[("yellow", 0)],
    )
    h = Harness(st, prompt_everyone=False)
    options = action_options(h.ctx, B)
    plans = [o for o in options if o.kind == "plan"]
    assert all(o.args[1] != o.args[3] for o in plans) and len(plans) == 4 * 6
    runner = h.run(do_action(h.ctx, B, Action("plan", ("big-plan-1", 2, 0, 6))))
    assert runner.pending is not None and {o.kind for o in runner.pending.options} == {
        "fbi",
        "pass",
    }
    runner.send(runner.choose(Action.parse("pass")))
    assert st.stacks[2] == [B, B] and st.stacks[6] == ["green", A]


# ------------------------------------------------------------------ EMC-21: Secret Deal
def test_emc21_secret_deal_bidding() -> None:
    """MC-SECRET-1..7, MC-CTRL-1, MC-CTRL-3, MC-POLICE-2."""
    players = ("blue", "red", "green")
    hands = {
        "blue": ["secret-deal-1", "secret-deal-2"],
        "red": ["secret-deal-3"],
        "green": ["thief-1", "thief-5"],
    }
    st = make_state(players, stacks={4: ["blue", "red", "red"]}, hands=hands)
    h = Harness(st)
    answers = [
        "secret secret-deal-1",
        "pass",
        "pass",
        "done",  # Blue plays (Red, Green let it be)
        "secret secret-deal-3",
        "pass",
        "pass",  # Red plays its only one
        "pass",  # Green
        "secret secret-deal-2",
        "pass",
        "pass",  # Blue's 2nd
        "pass",
        "pass",
        "pass",  # everyone passes in succession
    ]
    runner = h.run(evaluate(h.ctx, 4), *answers)
    assert runner.pending is None
    assert st.officer == "blue" and st.seats["blue"].vp == 1 and len(st.discard) == 3
    # variant: Green cancels Blue's 2nd Secret Deal
    st = make_state(players, stacks={4: ["blue", "red", "red"]}, hands=hands)
    h = Harness(st)
    answers[10] = "fists thief-1 thief-5"
    runner = h.run(evaluate(h.ctx, 4), *answers[:11])
    pass_all(runner)
    assert st.officer == "red" and st.seats["red"].vp == 1 and len(st.discard) == 5


def test_secret_deal_only_at_a_filled_location() -> None:
    """MC-SECRET-7, MC-CTRL-2, MC-CTRL-4."""
    st = make_state(hands={A: ["secret-deal-1"]})
    h = Harness(st)
    assert h.run(evaluate(h.ctx, 5)).pending is None  # empty: no bidding
    assert control([A], "standard", {B: 1}).controller == A
    assert control([A], "standard", {B: 2}).controller == B
    assert control([A], "standard", {A: -1, B: 0}).rule == "MC-CTRL-6"

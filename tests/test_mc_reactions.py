"""Mafia City reactions out of turn (MC-VETO, MC-CHIEF, MC-FBI, MC-COMPL and which reaction
cancels which card): each played through the veto window or the Complicity sequence."""

from __future__ import annotations

import pytest

from speakeasy.core.actions import Action, IllegalAction
from speakeasy.games.mafia_city.rules.locations import evaluate
from speakeasy.games.mafia_city.rules.reactions import Effect, Veto, veto_options
from speakeasy.games.mafia_city.rules.strategic import strategic_phase
from speakeasy.games.mafia_city.rules.turns import do_action
from tests.mc_support import Harness, check_invariants, make_state, pass_all

A, B, C = "red", "blue", "green"
FOUR = ("red", "blue", "green", "yellow")
#: Blue's hand of every reaction: a pair of Fists, a Police Chief and an F.B.I.
REACTIONS = ["snitch-1", "snitch-5", "police-chief-2", "fbi-2"]


def reaction_kinds(
    st_hands: dict[str, list[str]], stacks: dict[int, list[str]], play: str
) -> set[str]:
    """The kinds of veto Blue is offered against Red's ``play`` (Red's turn)."""
    hands = {B: list(REACTIONS), **st_hands}
    h = Harness(make_state(stacks=stacks, hands=hands), prompt_everyone=False)
    runner = h.run(do_action(h.ctx, A, Action.parse(play)))
    assert runner.pending is not None and runner.pending.player == B
    return {o.kind for o in runner.pending.options}


@pytest.mark.parametrize(
    ("card", "play", "expected", "rule"),
    [
        ("snitch-2", "snitch snitch-2 2 0", {"fists", "chief", "pass"}, "MC-SNITCH-2"),
        ("thief-2", f"thief thief-2 {B}", {"fists", "chief", "pass"}, "MC-THIEF-3"),
        ("police-raid-2", "raid police-raid-2 1", {"fists", "chief", "pass"}, "MC-RAID-4"),
        ("strings-2", "strings strings-2 1 2", {"fists", "pass"}, "MC-STRINGS-4"),
        ("big-plan-2", "plan big-plan-2 2 0 3", {"fists", "fbi", "pass"}, "MC-PLAN-3"),
        ("deals-2", "deals deals-2", {"fists", "fbi", "pass"}, "MC-DEALS-3"),
        ("deals-2", "hat deals-2 1 0", {"fists", "pass"}, "MC-HAT-4"),  # a symbol: Fists only
    ],
)
def test_who_cancels_each_akce_text(card: str, play: str, expected: set[str], rule: str) -> None:
    """MC-VETO-2, MC-SNITCH-2, MC-THIEF-3, MC-RAID-4, MC-STRINGS-4, MC-PLAN-3, MC-DEALS-3,
    MC-HAT-4: 2 Fists cancel every card effect; Police Chief only Snitch, Thief and Police Raid;
    F.B.I. only Hitman, Deals and Big Plan. A Police Chief or F.B.I. the effect does not allow
    is refused with the effect's own rule of what cancels it (issue 25: it cited the veto
    card's rule, MC-CHIEF-1 / MC-FBI-1, even against Strings)."""
    stacks = {1: [A, A], 2: [C]}
    assert reaction_kinds({A: [card]}, stacks, play) == expected
    h = Harness(make_state(stacks=stacks, hands={A: [card], B: list(REACTIONS)}))
    runner = h.run(do_action(h.ctx, A, Action.parse(play)))
    for veto in ("chief police-chief-2", "fbi fbi-2"):
        if veto.split()[0] not in expected:
            with pytest.raises(IllegalAction) as err:
                runner.choose(Action.parse(veto))
            assert err.value.rule == rule, err.value


def test_fists_never_cancel_a_location_effect() -> None:
    """MC-VETO-1, MC-VETO-2 (a), MC-PRISON-6: the Prison effect opens a window in which only
    Police Chief is offered; Fists are refused with MC-FIST-2 and nothing moves."""
    st = make_state(stacks={1: [A], 2: [C]}, hands={B: list(REACTIONS)})
    h = Harness(st, prompt_everyone=False)
    runner = h.run(evaluate(h.ctx, 1), "jail 2 0")
    assert runner.pending is not None and runner.pending.kind == "veto"
    assert {o.kind for o in runner.pending.options} == {"chief", "pass"}
    with pytest.raises(IllegalAction) as err:
        runner.choose(Action("fists", ("snitch-1", "snitch-5")))
    assert (err.value.code, err.value.rule) == ("fists-location-effect", "MC-FIST-2")
    assert st.stacks[2] == [C]
    runner.send(runner.choose(Action("chief", ("police-chief-2",))))
    pass_all(runner)
    assert st.stacks[2] == [C] and st.cell == []  # cancelled, not tried again
    assert [e.kind for e in h.ctx.events].count("play") == 1


def test_harbour_move_only_fbi_and_no_second_try() -> None:
    """MC-HARBOUR-4, MC-FBI-2, MC-VETO-8: the Hitman move is answered only by F.B.I.; once
    cancelled, the figure stays and the next decision is the Hitman card, not another move."""
    st = make_state(stacks={2: [A], 5: [B]}, hands={A: ["hitman-1"], B: list(REACTIONS)})
    h = Harness(st, prompt_everyone=False)
    runner = h.run(evaluate(h.ctx, 2), "move 5")
    assert runner.pending is not None and runner.pending.player == B
    assert {o.kind for o in runner.pending.options} == {"fbi", "pass"}
    runner.send(runner.choose(Action("fbi", ("fbi-2",))))
    while runner.pending is not None and runner.pending.kind == "veto":
        runner.send(runner.choose(Action("pass")))
    assert st.hitman == 2
    assert runner.pending is not None and runner.pending.kind == "hitman-card"


def test_nothing_answers_placement_control_figures_business_or_phase_three() -> None:
    """MC-VETO-3, MC-FIGHT-4, MC-CLUB-4: with every seat holding every reaction card and
    prompts to everyone, Fight Club, Police Station, Business District and City Hall open no
    veto window, nor the right to play a "+1", nor phase III."""
    for loc in (3, 4, 5, 6, 7):
        hands = {B: list(REACTIONS), C: ["thief-1", "thief-5", "police-chief-1", "fbi-1"]}
        hands[A] = ["deals-4"]
        st = make_state(stacks={loc: [A]}, hands=hands)
        h = Harness(st)
        runner = h.run(evaluate(h.ctx, loc))
        asked = []
        while runner.pending is not None:
            asked.append(str(runner.pending.kind))
            if runner.pending.kind == "plus":
                break
            runner.send(runner.pending.options[-1])  # pass / decline / keep
        assert "veto" not in asked, (loc, asked)
        assert st.seats[A].vp == 1
    st = make_state(stacks={2: [A, B]}, hands={B: list(REACTIONS)}, cubes=[2])
    h = Harness(st)
    runner = h.run(strategic_phase(h.ctx))
    kinds = []
    while runner.pending is not None:
        kinds.append(str(runner.pending.kind))
        runner.send(runner.pending.options[0])
    assert set(kinds) == {"withdraw"}


def test_no_player_cancels_their_own_effect() -> None:
    """MC-VETO-4: Red holding Fists, Police Chief and F.B.I. is offered nothing against its
    own Snitch; a third player may join the exchange."""
    st = make_state(stacks={2: [C]}, hands={A: ["snitch-2", *REACTIONS]})
    h = Harness(st)
    effect = Effect(A, "snitch", ("snitch-2",), "Red's Snitch", ())
    assert veto_options(h.ctx, A, effect, []) == []
    st.seats[C].hand = ["thief-1", "thief-5"]
    chain = [Veto(B, "chief", ("police-chief-2",))]
    assert {o.kind for o in veto_options(h.ctx, C, effect, chain)} == {"fists"}


def test_legal_vetoes_along_a_chain() -> None:
    """MC-VETO-6 (GAP-MC-10): while the Thief is cancelled (odd chain) only 2 Fists against
    the latest veto, never by that veto's owner; once set to happen again a Police Chief may
    hit it again."""
    st = make_state(hands={B: ["police-chief-2", "police-chief-3", "snitch-1", "snitch-5"]})
    st.seats[C].hand = ["police-chief-1", "thief-1", "thief-5"]
    h = Harness(st)
    effect = Effect(A, "thief", ("thief-2",), "Red's Thief", ())
    odd = [Veto(B, "chief", ("police-chief-4",))]
    assert veto_options(h.ctx, B, effect, odd) == []  # the veto's own owner
    assert {o.kind for o in veto_options(h.ctx, C, effect, odd)} == {"fists"}
    even = [*odd, Veto(A, "fists", ("deals-1", "deals-5"))]
    assert {o.kind for o in veto_options(h.ctx, C, effect, even)} == {"fists", "chief"}
    assert {o.kind for o in veto_options(h.ctx, B, effect, even)} == {"fists", "chief"}


def test_prison_release_cannot_be_stopped() -> None:
    """MC-CHIEF-2, MC-PRISON-4: Blue holding a Police Chief is never asked before the release;
    Red's Cell token from an earlier round is back in hand."""
    st = make_state(stacks={1: [C]}, hands={B: list(REACTIONS)}, cell=[(A, 0)], round=2)
    h = Harness(st, prompt_everyone=False)
    runner = h.run(evaluate(h.ctx, 1))
    assert st.cell == [] and st.seats[A].tokens == 8 and "release" in h.kinds()
    assert runner.pending is not None and runner.pending.kind == "prison"  # step 2 next


def test_any_opponent_plays_chief_and_only_fists_answer_it() -> None:
    """MC-CHIEF-4, MC-CHIEF-3: Green (not the Snitch's target) plays Police Chief against Red's
    Snitch on Blue; Blue holding F.B.I. and a Police Chief may only answer with Fists, and
    does: the Snitch happens after all."""
    hands = {A: ["snitch-2"], B: list(REACTIONS), C: ["police-chief-1"]}
    st = make_state(stacks={2: [B]}, hands=hands)
    h = Harness(st, prompt_everyone=False)
    runner = h.run(do_action(h.ctx, A, Action("snitch", ("snitch-2", 2, 0))), "pass")
    assert runner.pending is not None and runner.pending.player == C
    runner.send(runner.choose(Action("chief", ("police-chief-1",))))
    assert runner.pending is not None and runner.pending.player == B
    assert {o.kind for o in runner.pending.options} == {"fists", "pass"}
    runner.send(runner.choose(Action("fists", ("snitch-1", "snitch-5"))))
    pass_all(runner)
    assert st.stacks[2] == [] and [o for o, _ in st.cell] == [B]
    check_invariants(st)


def test_fbi_overruled_by_fists_and_only_fists_answer_it() -> None:
    """MC-FBI-3, MC-FBI-4: Blue's F.B.I. against Red's Big Plan; Green may answer only with 2
    Fists (its own F.B.I. and Police Chief are not offered), and the Big Plan happens."""
    hands = {
        A: ["big-plan-2"],
        B: ["fbi-2"],
        C: ["fbi-1", "police-chief-1", "thief-1", "thief-5"],
    }
    st = make_state(stacks={2: [B]}, hands=hands)
    h = Harness(st, prompt_everyone=False)
    runner = h.run(do_action(h.ctx, A, Action("plan", ("big-plan-2", 2, 0, 3))), "fbi fbi-2")
    assert runner.pending is not None and runner.pending.player == C
    assert {o.kind for o in runner.pending.options} == {"fists", "pass"}
    runner.send(runner.choose(Action("fists", ("thief-1", "thief-5"))))
    pass_all(runner)
    assert st.stacks[3] == [B] and st.stacks[2] == []


def _snitched(
    hands: dict[str, list[str]], stacks: dict[int, list[str]], players: tuple[str, ...] = (A, B, C)
) -> Harness:
    return Harness(make_state(players, stacks=stacks, hands=hands), prompt_everyone=False)


def test_only_the_jailed_owner_plays_complicity_and_not_on_the_causer() -> None:
    """MC-COMPL-2, MC-COMPL-3: after Red's Snitch jails Blue's token, only Blue is asked; its
    targets are Green's tokens only (not Red's, the causer, nor Blue's own); Green holding a
    Complicity is never asked for Blue's token."""
    hands = {A: ["snitch-2"], B: ["complicity-1"], C: ["complicity-2"]}
    h = _snitched(hands, {2: [B], 3: [C, A, B]})
    runner = h.run(do_action(h.ctx, A, Action("snitch", ("snitch-2", 2, 0))))
    assert runner.pending is not None
    assert (runner.pending.kind, runner.pending.player) == ("complicity", B)
    targets = {o.args[1:] for o in runner.pending.options if o.kind == "complicity"}
    assert targets == {(3, 0)}


def test_complicity_is_a_new_case_caused_by_its_player() -> None:
    """MC-COMPL-4, MC-COMPL-5: Green, jailed by Blue's Complicity, may answer naming Red (who
    caused the first move) but not Blue."""
    hands = {A: ["snitch-2"], B: ["complicity-1"], C: ["complicity-2"]}
    h = _snitched(hands, {2: [B], 3: [C], 4: [A]})
    runner = h.run(
        do_action(h.ctx, A, Action("snitch", ("snitch-2", 2, 0))), "complicity complicity-1 3 0"
    )
    assert runner.pending is not None and runner.pending.player == C
    targets = {o.args[1:] for o in runner.pending.options if o.kind == "complicity"}
    assert targets == {(4, 0)}
    runner.send(runner.choose(Action("complicity", ("complicity-2", 4, 0))))
    pass_all(runner)
    assert sorted(o for o, _ in h.st.cell) == sorted([A, B, C])


def test_prison_controller_causes_the_jailing() -> None:
    """MC-PRISON-8, MC-COMPL-5: Blue controls the Prison and jails Green's token; Green's
    Complicity may name Red but not Blue."""
    hands = {C: ["complicity-1"]}
    st = make_state(stacks={1: [B], 2: [C], 4: [A], 5: [B]}, hands=hands)
    h = Harness(st, prompt_everyone=False)
    runner = h.run(evaluate(h.ctx, 1), "jail 2 0")
    assert runner.pending is not None and runner.pending.player == C
    targets = {o.args[1:] for o in runner.pending.options if o.kind == "complicity"}
    assert targets == {(4, 0)}


def test_no_complicity_after_a_cancelled_move_and_one_per_jailing() -> None:
    """MC-COMPL-6 (GAP-MC-11): a cancelled Snitch gives Blue no Complicity; after a jailing
    Blue may play one, and when it is cancelled Blue is not asked again; a player with no
    token in a stack cannot be named."""
    hands = {
        A: ["snitch-2", "thief-1", "thief-5"],
        B: ["complicity-1", "complicity-2"],
        C: ["police-chief-1"],
    }
    h = _snitched(hands, {2: [B]})
    runner = h.run(
        do_action(h.ctx, A, Action("snitch", ("snitch-2", 2, 0))), "chief police-chief-1"
    )
    pass_all(runner)
    assert h.st.cell == [] and "complicity" not in [str(k) for k in h.kinds()]
    assert h.st.seats[B].hand == ["complicity-1", "complicity-2"]
    hands[C] = []
    h = _snitched(hands, {2: [B], 3: [C, C]})
    runner = h.run(do_action(h.ctx, A, Action("snitch", ("snitch-2", 2, 0))))
    runner.send(runner.choose(Action("complicity", ("complicity-1", 3, 0))))
    runner.send(runner.choose(Action("fists", ("thief-1", "thief-5"))))
    assert runner.pending is None  # cancelled: Blue gets no second Complicity
    assert [o for o, _ in h.st.cell] == [B] and h.st.stacks[3] == [C, C]  # MC-COMPL-7
    h = _snitched({A: ["snitch-2"], B: ["complicity-1"]}, {2: [B]})
    runner = h.run(do_action(h.ctx, A, Action("snitch", ("snitch-2", 2, 0))))
    assert runner.pending is None  # Green has no token anywhere: nobody to name


def test_only_fists_cancel_complicity() -> None:
    """MC-COMPL-7: Green holding F.B.I. and a Police Chief is offered only Fists against
    Blue's Complicity."""
    hands = {
        A: ["snitch-2"],
        B: ["complicity-1"],
        C: ["fbi-1", "police-chief-1", "thief-1", "thief-5"],
    }
    h = _snitched(hands, {2: [B], 3: [C]})
    runner = h.run(
        do_action(h.ctx, A, Action("snitch", ("snitch-2", 2, 0))),
        "pass",  # Green lets the Snitch through
        "complicity complicity-1 3 0",
    )
    assert runner.pending is not None and runner.pending.player == C
    assert {o.kind for o in runner.pending.options} == {"fists", "pass"}

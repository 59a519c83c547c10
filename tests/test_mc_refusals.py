"""Mafia City refusals name the rule that forbids a request, with a code and a plain reason,
and leave the game untouched (through the public ``Game.apply`` / ``why_not``).

Before these, most illegal requests were refused with the decision's generic ``not-now`` or
``not-an-option`` under MC-ACT-3 whatever rule was broken."""

from __future__ import annotations

import copy

import pytest

from speakeasy.core.actions import Action, IllegalAction
from speakeasy.core.engine import Runner
from speakeasy.games.mafia_city.engine.game import DEFINITION, Game
from speakeasy.games.mafia_city.rules.locations import evaluate
from speakeasy.games.mafia_city.rules.strategic import strategic_phase
from speakeasy.games.mafia_city.rules.turns import action_phase, do_action, passed_turn
from tests.mc_support import Harness, make_state

A, B, C = "red", "blue", "green"


def refused(game: Game, ask_for: str) -> IllegalAction:
    """The public API's refusal of ``ask_for``; ``apply`` raises the same and changes nothing."""
    before = game.state.to_data()
    err = game.why_not(ask_for)
    assert err is not None, ask_for
    with pytest.raises(IllegalAction) as raised:
        game.apply(ask_for)
    assert (raised.value.code, raised.value.rule) == (err.code, err.rule)
    assert game.state.to_data() == before
    assert err.reason and err.rule in str(err)
    return err


def explained(h: Harness, runner: Runner, text: str) -> IllegalAction:
    """The refusal the engine gives for ``text`` at the runner's decision (the game's own
    explanation, as ``Game.apply`` uses it); the state stays as it was."""
    pending = runner.pending
    assert pending is not None
    before = copy.deepcopy(h.st)
    with pytest.raises(IllegalAction) as err:
        runner.choose(Action.parse(text), lambda a: DEFINITION.explain_refusal(h.ctx, pending, a))
    assert h.st == before
    assert err.value.reason and err.value.rule in str(err.value)
    return err.value


@pytest.mark.parametrize(
    ("stacks", "hand", "ask_for", "code", "rule"),
    [
        ({2: [B]}, ["snitch-2"], "hat snitch-2 2 0", "hat-own-token", "MC-HAT-2"),
        ({}, ["snitch-1"], "hat snitch-1 2 0", "not-a-hat", "MC-HAT-1"),
        ({}, ["snitch-2", "thief-2"], "hats snitch-2 thief-2 3", "no-reserve", "MC-HAT-3"),
        ({2: [B]}, ["big-plan-3"], "plan big-plan-3 2 0 2", "same-location", "MC-PLAN-1"),
        ({}, ["thief-2"], f"thief thief-2 {A}", "thief-opponent", "MC-THIEF-1"),
        ({}, ["thief-2"], f"thief thief-2 {C}", "thief-empty-hand", "MC-THIEF-2"),
        ({}, ["snitch-3"], "bullet snitch-3", "bullet-not-passed", "MC-BULLET-1"),
        ({}, ["secret-deal-1"], "secret secret-deal-1", "lokace-only-in-phase-two", "MC-TYPE-2"),
        ({}, ["hitman-1"], "hitman hitman-1 0", "lokace-only-in-phase-two", "MC-TYPE-2"),
        ({}, ["deals-4"], "plus deals-4", "lokace-only-in-phase-two", "MC-TYPE-2"),
        (
            {},
            ["snitch-1", "snitch-5"],
            "fists snitch-1 snitch-5",
            "reakce-not-an-action",
            "MC-TYPE-3",
        ),
        ({}, ["snitch-2"], "snitch snitch-2 4 0", "no-token-there", "MC-SNITCH-1"),
        ({}, ["thief-2"], "snitch thief-2 4 0", "wrong-card", "MC-CARD-1"),
        ({}, [], "wait deals-1", "card-not-in-hand", "MC-ACT-5"),
        ({2: [B]}, ["strings-2"], "strings strings-2 2 3", "empty-stack", "MC-STRINGS-3"),
        ({}, [], "place 8", "no-such-location", "MC-COMP-1"),
    ],
)
def test_turn_refusals_name_their_rule(
    stacks: dict[int, list[str]], hand: list[str], ask_for: str, code: str, rule: str
) -> None:
    """MC-HAT-1, MC-HAT-2, MC-HAT-3, MC-PLAN-1, MC-THIEF-1, MC-THIEF-2, MC-BULLET-1, MC-TYPE-2,
    MC-TYPE-3, MC-SNITCH-1, MC-CARD-1, MC-ACT-5, MC-STRINGS-3, MC-COMP-1."""
    st = make_state(stacks=stacks, hands={A: hand, C: []})
    st.seats[A].reserve = 0
    h = Harness(st)
    runner = h.run(action_phase(h.ctx))
    err = explained(h, runner, ask_for)
    assert (err.code, err.rule) == (code, rule), err


def test_a_bullet_follow_up_cannot_be_a_pass() -> None:
    """MC-BULLET-2, MC-ACT-9: after a Bullet the player must take one action A or B."""
    st = make_state(hands={A: ["snitch-3", "deals-1"]})
    st.seats[A].passed = True
    h = Harness(st, prompt_everyone=False)
    runner = h.run(passed_turn(h.ctx, A), "bullet snitch-3")
    assert runner.pending is not None and runner.pending.kind == "follow-up"
    err = explained(h, runner, "pass")
    assert (err.code, err.rule) == ("bullet-needs-an-action", "MC-BULLET-2")


def test_veto_refusals_name_their_rule() -> None:
    """MC-FIST-1, MC-FIST-3, MC-CHIEF-1: Fists need two Fist cards; a Police Chief must be one."""
    hands = {A: ["snitch-2"], B: ["snitch-1", "thief-2", "deals-1"]}
    h = Harness(make_state(stacks={2: [C]}, hands=hands))
    runner = h.run(do_action(h.ctx, A, Action("snitch", ("snitch-2", 2, 0))))
    assert runner.pending is not None and runner.pending.player == B
    err = explained(h, runner, "fists snitch-1 thief-2")
    assert (err.code, err.rule) == ("not-a-fist", "MC-FIST-1")
    err = explained(h, runner, "fists snitch-1")
    assert (err.code, err.rule) == ("two-fists", "MC-FIST-3")
    err = explained(h, runner, "chief deals-1")
    assert (err.code, err.rule) == ("wrong-card", "MC-CHIEF-1")


def test_phase_two_and_three_refusals_name_their_rule() -> None:
    """MC-PLUS-1, MC-SECRET-1, MC-STR-5, MC-STR-3, MC-PRISON-5."""
    h = Harness(
        make_state(stacks={6: [A]}, hands={A: ["deals-1", "deals-4"]}), prompt_everyone=False
    )
    runner = h.run(evaluate(h.ctx, 6))
    err = explained(h, runner, "plus deals-1")
    assert (err.code, err.rule) == ("not-a-plus", "MC-PLUS-1")
    h = Harness(make_state(stacks={5: [A]}, hands={A: ["secret-deal-1", "deals-1"]}))
    runner = h.run(evaluate(h.ctx, 5))
    assert runner.pending is not None and runner.pending.kind == "secret-deal"
    err = explained(h, runner, "secret deals-1")
    assert (err.code, err.rule) == ("wrong-card", "MC-SECRET-1")
    h = Harness(make_state(stacks={2: [B, A]}, cubes=[2], mayor=C))
    runner = h.run(strategic_phase(h.ctx), "location 2")
    err = explained(h, runner, f"name {C}")
    assert (err.code, err.rule) == ("name-no-token", "MC-STR-5")
    runner.send(runner.choose(Action("name", (A,))))
    err = explained(h, runner, "withdraw 0")
    assert (err.code, err.rule) == ("withdraw-own-token", "MC-STR-3")
    h = Harness(make_state(stacks={1: [A]}), prompt_everyone=False)
    runner = h.run(evaluate(h.ctx, 1))
    err = explained(h, runner, "jail 4 0")
    assert (err.code, err.rule) == ("no-token-there", "MC-PRISON-5")


def test_mulligan_of_one_card_is_refused_with_its_rule() -> None:
    """MC-SETUP-9: both cards or none."""
    game = Game.new(players=3, seed=8)
    card = game.state.seats[game.state.start_player].hand[0]
    err = refused(game, f"mulligan {card}")
    assert (err.code, err.rule) == ("both-or-none", "MC-SETUP-9")


def test_complicity_may_not_name_the_causer_or_oneself() -> None:
    """MC-COMPL-3, MC-COMPL-5: Blue, jailed by Red's Snitch, may not send Red's token (the
    causer's) along, nor its own; Green's is fine."""
    hands = {A: ["snitch-2"], B: ["complicity-1"]}
    h = Harness(make_state(stacks={2: [B], 3: [A, B], 4: [C]}, hands=hands))
    runner = h.run(do_action(h.ctx, A, Action("snitch", ("snitch-2", 2, 0))), "pass", "pass")
    assert runner.pending is not None and runner.pending.kind == "complicity"
    err = explained(h, runner, "complicity complicity-1 3 0")
    assert (err.code, err.rule) == ("complicity-third-player", "MC-COMPL-3")
    err = explained(h, runner, "complicity complicity-1 3 1")
    assert (err.code, err.rule) == ("complicity-third-player", "MC-COMPL-3")
    assert Action("complicity", ("complicity-1", 4, 0)) in runner.pending.options


def test_the_public_api_refuses_with_the_rule_and_changes_nothing() -> None:
    """MC-TYPE-2, MC-BULLET-1 through ``Game.apply``: a Secret Deal or a Bullet in an
    active player's turn names its rule."""
    game = Game.new(players=3, seed=8)
    while game.pending is not None and game.pending.kind == "mulligan":
        game.apply("keep")
    card = game.state.seats[game.state.start_player].hand[0]
    err = refused(game, f"secret {card}")
    assert (err.code, err.rule) == ("lokace-only-in-phase-two", "MC-TYPE-2")
    err = refused(game, f"bullet {card}")
    assert (err.code, err.rule) == ("bullet-not-passed", "MC-BULLET-1")


@pytest.mark.parametrize("text", ["", "keep  now", "place 01", "plätze 1"])
def test_malformed_text_is_refused_under_mc_act_3(text: str) -> None:
    """MC-ACT-3: text that is no action's canonical form is refused as ``malformed`` (it raised
    ``KeyError: 'malformed'`` before: the refusal table lacked the code; found by
    tests/test_conformance.py)."""
    game = Game.new(players=3, seed=8)
    err = refused(game, text)
    assert (err.code, err.rule) == ("malformed", "MC-ACT-3")
    with pytest.raises(IllegalAction) as raised:
        game.apply(Action("keep", (True,)))  # an Action whose argument is no word or number
    assert (raised.value.code, raised.value.rule) == ("malformed", "MC-ACT-3")

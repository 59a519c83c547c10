"""Mafia City refusals name the rule that forbids a request, with a code and a plain reason,
and leave the game untouched (through the public ``Game.apply`` / ``why_not``).

Before these, most illegal requests were refused with the decision's generic ``not-now`` or
``not-an-option`` under MC-ACT-3 whatever rule was broken."""

from __future__ import annotations

import copy
import re

import pytest

from speakeasy.core.actions import Action, IllegalAction
from speakeasy.core.engine import Runner
from speakeasy.games.mafia_city.engine.game import DEFINITION, Game
from speakeasy.games.mafia_city.model.kinds import ACTION_RULES, TAKES, WHO_DECIDES, DecisionKind
from speakeasy.games.mafia_city.rules.context import Effect, Veto
from speakeasy.games.mafia_city.rules.locations import evaluate
from speakeasy.games.mafia_city.rules.reactions import cancel_rule
from speakeasy.games.mafia_city.rules.strategic import strategic_phase
from speakeasy.games.mafia_city.rules.turns import action_phase, do_action, passed_turn
from tests.mc_support import Harness, make_state
from tests.mc_sweep import SHAPES, Asked, sweep

A, B, C = "red", "blue", "green"
CODE = re.compile(r"[a-z0-9]+(-[a-z0-9]+)*")


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
        ({}, ["snitch-1"], "hat snitch-1 2 0", "not-a-hat", "MC-HAT-2"),
        ({}, ["snitch-2", "thief-2"], "hats snitch-2 thief-2 3", "no-reserve", "MC-HAT-3"),
        ({2: [B]}, ["big-plan-3"], "plan big-plan-3 2 0 2", "same-location", "MC-PLAN-1"),
        ({}, ["thief-2"], f"thief thief-2 {A}", "thief-opponent", "MC-THIEF-1"),
        ({}, ["thief-2"], f"thief thief-2 {C}", "thief-empty-hand", "MC-THIEF-2"),
        ({}, ["snitch-3"], "bullet snitch-3", "bullet-not-passed", "MC-BULLET-1"),
        ({}, ["secret-deal-1"], "secret secret-deal-1", "secret-only-at-control", "MC-SECRET-1"),
        ({}, ["hitman-1"], "hitman hitman-1 0", "hitman-only-at-the-harbour", "MC-HITMAN-2"),
        ({}, ["deals-4"], "plus deals-4", "plus-only-at-the-private-club", "MC-PLUS-1"),
        (
            {},
            ["snitch-1", "snitch-5"],
            "fists snitch-1 snitch-5",
            "no-effect-to-cancel",
            "MC-FIST-1",
        ),
        ({}, ["snitch-2"], "snitch snitch-2 4 0", "no-token-there", "MC-SNITCH-1"),
        ({}, ["thief-2"], "snitch thief-2 4 0", "wrong-card", "MC-SNITCH-1"),
        ({}, [], "wait deals-1", "card-not-in-hand", "MC-ACT-5"),
        ({2: [B]}, ["strings-2"], "strings strings-2 2 3", "empty-stack", "MC-STRINGS-3"),
        ({}, [], "place 8", "no-such-location", "MC-COMP-1"),
    ],
)
def test_turn_refusals_name_their_rule(
    stacks: dict[int, list[str]], hand: list[str], ask_for: str, code: str, rule: str
) -> None:
    """MC-HAT-2, MC-HAT-3, MC-PLAN-1, MC-THIEF-1, MC-THIEF-2, MC-BULLET-1, MC-SECRET-1,
    MC-HITMAN-2, MC-PLUS-1, MC-FIST-1, MC-SNITCH-1, MC-ACT-5, MC-STRINGS-3, MC-COMP-1: each
    request cites its own kind's rule (issue 25: a Hitman or "+1" in phase I cited the generic
    MC-TYPE-2, Fists MC-TYPE-3, a Thief card played as a Snitch MC-CARD-1)."""
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
    """MC-SECRET-1, MC-BULLET-1 through ``Game.apply``: a Secret Deal or a Bullet in an
    active player's turn names its rule."""
    game = Game.new(players=3, seed=8)
    while game.pending is not None and game.pending.kind == "mulligan":
        game.apply("keep")
    card = game.state.seats[game.state.start_player].hand[0]
    err = refused(game, f"secret {card}")
    assert (err.code, err.rule) == ("secret-only-at-control", "MC-SECRET-1")
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


# ---------------------------------------------------------------------- issue 25: the sweep
def allowed_rules(asked: Asked) -> set[str]:
    """The rules a refusal of ``asked`` may cite: its kind's own (``ACTION_RULES``), and for
    a veto, the rule of what may cancel the play it would answer (Strings: MC-STRINGS-4)."""
    rules = set(ACTION_RULES[asked.action.kind].rules)
    if asked.window is not None and asked.action.kind in ("fists", "chief", "fbi"):
        effect, chain = asked.window
        assert isinstance(effect, Effect)
        rules.add(cancel_rule(effect, [v for v in chain if isinstance(v, Veto)]))
    return rules


@pytest.mark.parametrize(("players", "seed"), [(3, 33), (4, 44), (5, 55)])
def test_every_refusal_cites_its_own_kinds_rule(players: int, seed: int) -> None:
    """Issue 25: at every decision of a seeded game, every kind of action that is not offered
    (and every variant of its arguments that is not: the seat's cards of each kind, each
    location, a token there, another seat) is refused citing one of its own kind's rules,
    never the decision's generic rule (MC-ACT-3, MC-VETO-7, MC-SECRET-4...) or another card's.
    Before the fix, 62,448 of 72,528 such requests in these three games cited another rule."""
    wrong: dict[tuple[str, str, str], str] = {}
    count = 0
    for asked in sweep(players, seed):
        count += 1
        err = asked.error
        assert CODE.fullmatch(err.code) and err.reason, err
        if err.rule not in allowed_rules(asked):
            wrong.setdefault((asked.decision, asked.action.kind, err.rule), str(asked.action))
    assert count > 1000  # the sweep reached many decisions of every phase
    assert not wrong, wrong


def test_the_sweep_reaches_every_decision_kind_and_asks_every_kind() -> None:
    """The sweep is not vacuous: across the three games it stops at most decision kinds and
    asks for every kind of action the rules know."""
    decisions: set[str] = set()
    kinds: set[str] = set()
    for players, seed in [(3, 33), (4, 44), (5, 55)]:
        for asked in sweep(players, seed):
            decisions.add(asked.decision)
            kinds.add(asked.action.kind)
    assert kinds == set(ACTION_RULES) == set(SHAPES)
    assert {"mulligan", "turn", "veto", "secret-deal", "select", "withdraw"} <= decisions


def test_each_kinds_table_entry_is_documented_and_every_decision_takes_known_kinds() -> None:
    """ACTION_RULES: each kind's timing rule is one of its own; TAKES names only known kinds
    and covers every decision kind; WHO_DECIDES names who makes each."""
    for kind, own in ACTION_RULES.items():
        assert own.when in own.rules and own.usage and CODE.fullmatch(own.code), kind
    assert set(TAKES) == set(DecisionKind) == set(WHO_DECIDES)
    assert set().union(*TAKES.values()) == set(ACTION_RULES)


@pytest.mark.parametrize(
    ("setup", "ask_for", "code", "rule"),
    [
        # a redraw asked for after the opening hands: MC-SETUP-9, not MC-ACT-3
        ("turn", "mulligan", "mulligan-only-at-setup", "MC-SETUP-9"),
        ("turn", "hitman {card}", "hitman-only-at-the-harbour", "MC-HITMAN-2"),
        ("turn", "plus {card}", "plus-only-at-the-private-club", "MC-PLUS-1"),
        ("turn", "chief {card}", "no-effect-to-cancel", "MC-CHIEF-1"),
        ("turn", "evaluate 3", "evaluate-only-by-the-mayor", "MC-LOC-3"),
        ("turn", "withdraw 0", "withdraw-only-in-phase-three", "MC-STR-3"),
        ("mulligan", "place 3", "place-only-in-your-turn", "MC-ACT-4"),
        ("mulligan", "bullet {card}", "bullet-not-passed", "MC-BULLET-1"),
    ],
)
def test_requests_out_of_their_time_cite_their_own_rule(
    setup: str, ask_for: str, code: str, rule: str
) -> None:
    """Issue 25's examples through the public API: each cites the rule of when its kind may
    be used, and nothing changes."""
    game = Game.new(players=3, seed=8)
    if setup == "turn":
        while game.pending is not None and game.pending.kind == "mulligan":
            game.apply("keep")
    card = game.state.seats[str(game.pending.player if game.pending else "")].hand[0]
    err = refused(game, ask_for.format(card=card))
    assert (err.code, err.rule) == (code, rule), err


def test_a_two_hat_play_with_one_hat_cites_the_two_hat_rule() -> None:
    """MC-HAT-3 (was MC-HAT-1, the Hat's timing): two Hats need two Hat cards."""
    st = make_state(hands={A: ["snitch-2", "thief-1"]})
    h = Harness(st)
    runner = h.run(action_phase(h.ctx))
    err = explained(h, runner, "hats snitch-2 thief-1 3")
    hats = [c for c in ("snitch-2", "thief-1") if h.ctx.symbol(c) == "hat"]
    assert len(hats) == 1  # one Hat, one other card
    assert (err.code, err.rule) == ("not-a-hat", "MC-HAT-3")


def test_the_same_two_card_play_named_the_other_way_round_says_how_it_is_offered() -> None:
    """MC-HAT-3, MC-STRINGS-1: the options name two Hats in hand order and two locations in
    number order; the reversed request is refused with the offered spelling."""
    st = make_state(stacks={1: [B], 7: [C]}, hands={A: ["strings-2"]})
    h = Harness(st)
    runner = h.run(action_phase(h.ctx))
    err = explained(h, runner, "strings strings-2 7 1")
    assert (err.code, err.rule) == ("named-out-of-order", "MC-STRINGS-1")
    assert "'strings strings-2 1 7'" in err.reason


# ---------------------------------------------------------------------- why_not for any seat
def at_turn(seed: int = 8) -> Game:
    game = Game.new(players=3, seed=seed)
    while game.pending is not None and game.pending.kind == "mulligan":
        game.apply("keep")
    return game


def test_why_not_for_a_seat_not_to_act_says_whose_turn_it_is() -> None:
    """MC-ACT-2: a request the acting seat could make, asked for another seat, is refused as
    ``not-your-turn`` citing who decides; for the acting seat (or no seat) it is legal; and
    ``apply(..., seat=...)`` refuses the same and changes nothing."""
    game = at_turn()
    actor = str(game.current_player)
    other = next(p for p in game.players if p != actor)
    before = game.to_json()
    assert game.why_not("place 3") is None and game.why_not("place 3", seat=actor) is None
    err = game.why_not("place 3", seat=other)
    assert err is not None and (err.code, err.rule) == ("not-your-turn", "MC-ACT-2")
    assert actor in err.reason and other in err.reason
    with pytest.raises(IllegalAction) as raised:
        game.apply("place 3", seat=other)
    assert (raised.value.code, raised.value.rule) == ("not-your-turn", "MC-ACT-2")
    assert game.to_json() == before
    with pytest.raises(ValueError, match="not a seat"):
        game.why_not("place 3", seat="purple")


def test_why_not_for_another_seat_prefers_reasons_that_hold_whoever_acts() -> None:
    """The precedence: a kind not taken now cites its own rule (a Hitman card in phase I:
    MC-HITMAN-2), a card the seat does not hold its rule (MC-ACT-5), and only then the turn."""
    game = at_turn()
    actor = str(game.current_player)
    other = next(p for p in game.players if p != actor)
    mine = game.state.seats[other].hand[0]
    theirs = game.state.seats[actor].hand[0]
    err = game.why_not(f"hitman {mine} 0", seat=other)
    assert err is not None and (err.code, err.rule) == ("hitman-only-at-the-harbour", "MC-HITMAN-2")
    err = game.why_not(f"wait {theirs}", seat=other)
    assert err is not None and (err.code, err.rule) == ("card-not-in-hand", "MC-ACT-5")
    err = game.why_not(f"wait {mine}", seat=other)
    assert err is not None and (err.code, err.rule) == ("not-your-turn", "MC-ACT-2")


def test_in_a_reaction_window_the_effects_owner_may_not_veto_it() -> None:
    """MC-VETO-4 for a seat not asked, MC-VETO-7 (who is asked) otherwise: while Red's Snitch
    waits for reactions, Red asking for a Police Chief is told it is Red's own effect; Green,
    asked later, is told it is not its turn."""
    hands = {A: ["snitch-2", "police-chief-1"], B: ["deals-1"], C: ["police-chief-2"]}
    st = make_state(stacks={2: [C]}, hands=hands)
    h = Harness(st)
    runner = h.run(do_action(h.ctx, A, Action("snitch", ("snitch-2", 2, 0))))
    pending = runner.pending
    assert pending is not None and pending.player == B and pending.kind == "veto"
    own = DEFINITION.refusal_for_seat(h.ctx, pending, Action("chief", ("police-chief-1",)), A)
    assert own is not None and (own.code, own.rule) == ("own-effect", "MC-VETO-4")
    later = DEFINITION.refusal_for_seat(h.ctx, pending, Action("chief", ("police-chief-2",)), C)
    assert later is None and DEFINITION.turn_rule(pending) == "MC-VETO-7"

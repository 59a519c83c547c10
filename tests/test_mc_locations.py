"""Mafia City phase II and the seven locations (MC-LOC, MC-PRISON, MC-HARBOUR, MC-HITMAN,
MC-FIGHT, MC-POLICE, MC-BUSINESS, MC-CLUB, MC-SECRET, MC-FIG, MC-SCORE), each played
through the location flow on a hand-made position or checked over whole random games."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from speakeasy.core.actions import Action, Event
from speakeasy.games.mafia_city.engine.game import Game
from speakeasy.games.mafia_city.engine.observe import observe
from speakeasy.games.mafia_city.model.board import adjacent
from speakeasy.games.mafia_city.rules.locations import evaluate, location_phase
from speakeasy.games.mafia_city.rules.strategic import strategic_phase
from speakeasy.games.mafia_city.rules.turns import action_options, do_action
from tests.mc_support import Harness, check_invariants, make_state, pass_all

A, B, C = "red", "blue", "green"


def events_of(h: Harness, kind: str) -> list[Event]:
    return [e for e in h.ctx.events if e.kind == kind]


def game_steps(players: int, seeds: range) -> Iterator[tuple[Game, list[Event]]]:
    """Whole random games, step by step: the game after each step and that step's events."""
    for seed in seeds:
        game = Game.new(players=players, seed=seed)
        rng = random.Random(seed)
        while not game.is_over:
            events = game.apply(rng.choice(game.legal_actions()))
            yield game, list(events)


def game_events(players: int, seeds: range) -> Iterator[tuple[int, str, int | None, Event]]:
    """Every event of whole random games with the round, phase and location it happened in."""
    for seed in seeds:
        round_, phase, location = 1, "setup", None
        for _game, events in game_steps(players, range(seed, seed + 1)):
            for e in events:
                if e.kind == "phase":
                    round_, phase, location = e.data["round"], e.data["phase"], None
                elif e.kind == "select":
                    location = e.data["location"]
                elif e.kind == "start-player":
                    phase = "end"
                yield round_ + 1000 * seed, phase, location, e


def test_seven_cycles_of_five_steps() -> None:
    """MC-LOC-1, MC-LOC-2, MC-LOC-9, MC-MAP-5: with the Mayor on City Hall, locations 1..7 in
    number order, each once: select, control, VP, effect, cube; seven cubes at the end."""
    stacks = {n: [A] for n in range(1, 8)}
    st = make_state(stacks=stacks)
    h = Harness(st, prompt_everyone=False)
    runner = h.run(location_phase(h.ctx))
    pass_all(runner)
    assert [e.data["location"] for e in events_of(h, "select")] == [1, 2, 3, 4, 5, 6, 7]
    assert st.cubes == [1, 2, 3, 4, 5, 6, 7]
    kinds = [k for k in h.kinds() if k in ("select", "control", "vp", "cube")]
    assert kinds == ["select", "control", "vp", "cube"] * 7
    assert st.seats[A].vp == 7


def test_secret_deals_come_in_step_two_before_control() -> None:
    """MC-LOC-5, MC-SECRET-1: the bidding decision comes before the control event."""
    st = make_state(stacks={5: [A]}, hands={B: ["secret-deal-1"]})
    h = Harness(st, prompt_everyone=False)
    runner = h.run(evaluate(h.ctx, 5))
    assert runner.pending is not None and runner.pending.kind == "secret-deal"
    assert "control" not in h.kinds()


def test_vp_only_to_a_controller_and_no_effect_without_one() -> None:
    """MC-LOC-6, MC-LOC-7, MC-CTRL-2: an empty Harbour, Business District or Private Club gives
    no VP and asks nothing; the exceptions still happen (release, figures home)."""
    st = make_state(hands={A: ["hitman-1", "deals-4"]}, officer=B, mayor=C, cell=[(A, 0)], round=2)
    h = Harness(st, prompt_everyone=True)
    for loc in (2, 5, 6):
        runner = h.run(evaluate(h.ctx, loc))
        assert runner.pending is None, loc
    assert all(s.vp == 0 for s in st.seats.values()) and st.hitman == 2
    for loc in (1, 4, 7):
        assert h.run(evaluate(h.ctx, loc)).pending is None
    assert st.cell == [] and st.officer is None and st.mayor is None


def test_automatic_and_optional_effects() -> None:
    """MC-LOC-11 (GAP-MC-17): Fight Club, Police Station and City Hall ask nothing; the Prison
    effect, the Hitman move, the Business District and the "+1" can be declined."""
    for loc in (3, 4, 7):
        st = make_state(stacks={loc: [A]})
        h = Harness(st, prompt_everyone=False)
        assert h.run(evaluate(h.ctx, loc)).pending is None
    for loc, kind in ((1, "prison"), (2, "hitman-move"), (5, "business"), (6, "plus")):
        st = make_state(stacks={loc: [A]}, hands={A: ["deals-4"]})
        h = Harness(st, prompt_everyone=False)
        runner = h.run(evaluate(h.ctx, loc))
        assert runner.pending is not None and runner.pending.kind == kind
        declines = {o.kind for o in runner.pending.options} & {"decline", "stay"}
        assert declines, loc
        runner.send(runner.choose(Action(declines.pop())))
        pass_all(runner)
        assert st.stacks[loc] == [A] and st.seats[A].vp == 1


def test_lokace_plays_only_by_the_controller_at_its_location() -> None:
    """MC-LOC-8, MC-HITMAN-2, MC-PLUS-1: Blue holds a Hitman and a "+1" but controls nothing:
    it is asked neither at the Harbour nor at the Private Club; Red (controller) is."""
    hands = {A: ["hitman-1"], B: ["hitman-2", "deals-4"]}
    st = make_state(stacks={2: [A, B], 6: [A]}, hands=hands)
    h = Harness(st, prompt_everyone=False)
    runner = h.run(evaluate(h.ctx, 2), "stay")
    assert runner.pending is not None
    assert (runner.pending.kind, runner.pending.player) == ("hitman-card", A)
    runner.send(runner.choose(Action("decline")))
    assert h.run(evaluate(h.ctx, 6)).pending is None  # Red holds no "+1"; Blue is not asked
    assert not [o for o in action_options(h.ctx, B) if o.kind == "hitman"]


def test_the_end_check_follows_phase_two() -> None:
    """MC-LOC-10, MC-ROUND-2, MC-WIN-1: the game ends right after the seventh cube of a phase
    II, before any phase III."""
    for game, events in game_steps(3, range(3)):
        if game.is_over:
            kinds = [e.kind for e in events]
            assert kinds[-1] == "game-end"
            cubes = [e for e in events if e.kind == "cube"]
            assert cubes and len(game.state.cubes) == 7
            assert "withdraw" not in kinds


def test_prison_standard_control_vp_then_release_then_step_two() -> None:
    """MC-PRISON-2, MC-PRISON-3: a 1-1 tie at the Prison goes to the lower token (the Cell does
    not count); Blue gains the VP, then the Cell opens, then step 2 is offered."""
    st = make_state(stacks={1: [B, A]}, cell=[(A, 0), (A, 0)], round=2)
    h = Harness(st, prompt_everyone=False)
    runner = h.run(evaluate(h.ctx, 1))
    assert runner.pending is not None and runner.pending.kind == "prison"
    assert runner.pending.player == B
    order = [k for k in h.kinds() if k in ("vp", "release")]
    assert order == ["vp", "release"] and st.seats[A].tokens == 8 - 1


def test_snitched_token_waits_for_the_next_round() -> None:
    """MC-SNITCH-4, MC-PRISON-4 (GAP-MC-13): jailed in round 2's phase I, the token stays at
    round 2's Prison release and comes out at round 3's."""
    st = make_state(stacks={2: [B], 1: [A]}, hands={A: ["snitch-2"]}, round=2)
    h = Harness(st, prompt_everyone=False)
    h.run(do_action(h.ctx, A, Action("snitch", ("snitch-2", 2, 0))))
    h.run(evaluate(h.ctx, 1), "decline")
    assert [o for o, _ in st.cell] == [B]
    st.round = 3
    h.run(evaluate(h.ctx, 1), "decline")
    assert st.cell == [] and st.seats[B].tokens == 8
    check_invariants(st)


def test_harbour_vp_then_move_then_kill_at_the_new_place() -> None:
    """MC-HARBOUR-2, MC-HARBOUR-5, MC-HITMAN-1: the controller gains the VP, moves the Hitman
    to [5] (adjacent in this layout) and kills there: the token goes to its owner's reserve."""
    st = make_state(stacks={2: [A], 5: [B, C]}, hands={A: ["hitman-1"]})
    assert 5 in adjacent(st.layout, 2)
    h = Harness(st, prompt_everyone=False)
    runner = h.run(evaluate(h.ctx, 2), "move 5")
    assert st.hitman == 5 and st.seats[A].vp == 1
    assert {o.args[1] for o in runner.pending.options if o.kind == "hitman"} == {0, 1}  # type: ignore[union-attr]
    runner.send(runner.choose(Action("hitman", ("hitman-1", 1))))
    assert runner.pending is None
    assert st.stacks[5] == [B] and st.seats[C].reserve == 5 and st.seats[C].tokens == 7
    check_invariants(st)


def test_harbour_steps_are_independent() -> None:
    """MC-HARBOUR-6, MC-HITMAN-3: without moving the figure, the controller may kill any token
    at its location, its own too and at any position; never a Cell token. CZ (S 528-530):
    "odstranit z lokace, kde se právě nachází figurka Nájemného vraha, jednoho libovolného
    Mafiána" (any one mafioso: no owner excepted)."""
    st = make_state(stacks={2: [A, B, A]}, hands={A: ["hitman-1"]}, cell=[(B, 0)])
    h = Harness(st, prompt_everyone=False)
    runner = h.run(evaluate(h.ctx, 2), "stay")
    assert runner.pending is not None
    targets = {o.args[1] for o in runner.pending.options if o.kind == "hitman"}
    assert targets == {0, 1, 2}
    runner.send(runner.choose(Action("hitman", ("hitman-1", 2))))
    assert st.stacks[2] == [A, B] and st.seats[A].reserve == 5 and st.cell == [(B, 0)]


def test_the_hitman_kills_only_with_a_card() -> None:
    """MC-HITMAN-4, MC-FIG-3: the figure moves onto a stack and removes nothing by itself."""
    st = make_state(stacks={2: [A], 5: [B, C]})
    h = Harness(st, prompt_everyone=False)
    runner = h.run(evaluate(h.ctx, 2), "move 5")
    assert runner.pending is None and st.hitman == 5 and st.stacks[5] == [B, C]


def test_hitman_figure_moves_only_one_step_at_harbour() -> None:
    """MC-FIG-3, MC-MAP-2: over whole games the Hitman figure changes place only by a Harbour
    move event, and always to an adjacent location."""
    moves = 0
    for _round, phase, location, e in game_events(4, range(4)):
        if e.kind == "hitman-move":
            assert (phase, location) == ("location", 2)
            moves += 1
    assert moves
    # one step only: a position where the Harbour controller may move
    st = make_state(stacks={2: [A]})
    h = Harness(st, prompt_everyone=False)
    runner = h.run(evaluate(h.ctx, 2))
    assert runner.pending is not None
    assert {o.args[0] for o in runner.pending.options if o.kind == "move"} == set(
        adjacent(st.layout, 2)
    )


def test_fight_club_recruits() -> None:
    """MC-FIGHT-2, MC-FIGHT-3: the sole majority moves a token from reserve to hand; with an
    empty reserve nothing happens; on a tie each tied player recruits and nobody scores."""
    st = make_state(stacks={3: [A, B, B]})
    h = Harness(st, prompt_everyone=False)
    h.run(evaluate(h.ctx, 3))
    assert (st.seats[B].vp, st.seats[B].reserve, st.seats[B].tokens) == (1, 3, 8 - 2 + 1)
    st.seats[B].reserve = 0
    h.run(evaluate(h.ctx, 3))
    assert (st.seats[B].vp, st.seats[B].reserve) == (2, 0)
    st2 = make_state(stacks={3: [A, B, C]})
    h2 = Harness(st2, prompt_everyone=False)
    h2.run(evaluate(h2.ctx, 3))
    assert [st2.seats[p].reserve for p in (A, B, C)] == [3, 3, 3]
    assert all(s.vp == 0 for s in st2.seats.values())


def test_secret_deal_tie_at_fight_club_recruits_and_then_lapses() -> None:
    """MC-SECRET-6 (GAP-MC-12): a Secret Deal that makes a tie at Fight Club counts in the tie
    test (both recruit); at the next location the bonus is gone."""
    st = make_state(stacks={3: [A, A, B], 5: [A, A, B]}, hands={B: ["secret-deal-1"]}, start=1)
    h = Harness(st, prompt_everyone=False)
    runner = h.run(evaluate(h.ctx, 3), "secret secret-deal-1")
    pass_all(runner)
    assert st.seats[A].reserve == 3 and st.seats[B].reserve == 3 and st.seats[A].vp == 0
    h.run(evaluate(h.ctx, 5), "decline")
    control = events_of(h, "control")[-1]
    assert control.player == A and control.data["bonus"] == {}


@pytest.mark.parametrize("loc", [4, 5, 6])
def test_standard_control_at_station_business_and_club(loc: int) -> None:
    """MC-POLICE-1, MC-BUSINESS-1, MC-CLUB-1: a 2-2 tie goes to the player whose lowest token
    is lower (Blue), not to the sole-majority rule's nobody."""
    st = make_state(stacks={loc: [B, A, A, B]})
    h = Harness(st, prompt_everyone=False)
    runner = h.run(evaluate(h.ctx, loc))
    pass_all(runner)
    assert st.seats[B].vp == 1 and st.seats[A].vp == 0
    assert events_of(h, "control")[-1].rules[0] == "MC-CTRL-3"


def test_police_officer_goes_to_the_controller_or_home() -> None:
    """MC-POLICE-4, MC-FIG-4, MC-FIG-5, MC-INFO-2: Blue takes the Officer from Red and then
    sees every hand; when nobody controls the Station it goes home and Blue sees only its own."""
    st = make_state(stacks={4: [B]}, officer=A, hands={A: ["deals-1"], C: ["thief-1"]})
    h = Harness(st, prompt_everyone=False)
    h.run(evaluate(h.ctx, 4))
    assert st.officer == B
    seen = observe(st, B).hands
    assert seen is not None and seen[A] == ("deals-1",) and seen[C] == ("thief-1",)
    assert observe(st, A).hands is None
    st.stacks[4] = []
    st.seats[B].tokens += 1
    h.run(evaluate(h.ctx, 4))
    assert st.officer is None and observe(st, B).hands is None


def test_mayor_goes_to_the_sole_majority_or_home() -> None:
    """MC-FIG-6, MC-FIG-7: Blue's sole majority takes the Mayor from Red, and Blue then picks
    the next location of phase II; a tie sends it home."""
    st = make_state(stacks={7: [A, B, B], 5: [A]}, mayor=A)
    h = Harness(st, prompt_everyone=False)
    h.run(evaluate(h.ctx, 7))
    assert st.mayor == B
    st.cubes = [7]
    runner = h.run(location_phase(h.ctx))
    assert runner.pending is not None
    assert (runner.pending.kind, runner.pending.player) == ("select", B)
    st2 = make_state(stacks={7: [A, B]}, mayor=C)
    h2 = Harness(st2, prompt_everyone=False)
    h2.run(evaluate(h2.ctx, 7))
    assert st2.mayor is None


def test_mayor_orders_phase_three() -> None:
    """MC-FIG-7, MC-STR-5: the Mayor's holder picks the location and names who decides."""
    st = make_state(stacks={2: [A, B], 6: [A, B, C]}, mayor=C, cubes=[2, 6])
    h = Harness(st, prompt_everyone=False)
    runner = h.run(strategic_phase(h.ctx), "location 6")
    assert runner.pending is not None
    assert (runner.pending.kind, runner.pending.player) == ("name-player", C)
    assert {o.args[0] for o in runner.pending.options} == {A, B, C}


def test_figures_stay_with_their_holder_between_evaluations() -> None:
    """MC-FIG-8, MC-FIG-2, MC-CTRL-8: over whole games the Officer and the Mayor change hands
    only at a figure event of their own location; control itself is not remembered."""
    holders: dict[str, str | None] = {"officer": None, "mayor": None}
    changes = 0
    for _round, phase, location, e in game_events(4, range(3)):
        if e.kind == "figure":
            home = {"officer": 4, "mayor": 7}[e.data["figure"]]
            assert (phase, location) == ("location", home)
            changes += holders[e.data["figure"]] != e.data["holder"]
            holders[e.data["figure"]] = e.data["holder"]
    assert changes
    st = make_state(stacks={2: [A]})
    h = Harness(st, prompt_everyone=False)
    h.run(evaluate(h.ctx, 2), "stay")
    st.stacks[2] += [B, B]
    st.seats[B].tokens -= 2
    h.run(evaluate(h.ctx, 2), "stay")
    assert events_of(h, "control")[-1].player == B  # recomputed, not remembered


def test_several_secret_deals_one_effect_each() -> None:
    """MC-SECRET-2, MC-SECRET-3, MC-SECRET-5: Red plays two Secret Deals on one bidding turn,
    each with its own window; Blue then outbids with one more and Red answers again.
    CZ (S 1111-1113): "je možné zahrát i více karet TAJNÁ DOHODA najednou" -- played "at once"
    here means within one bidding turn, one card after another with nobody else bidding in
    between; each card is still its own +1 effect that 2 Fists may cancel (GAP-MC-12), so this
    is a reading, not a conflict with the reference."""
    hands = {A: ["secret-deal-1", "secret-deal-2", "secret-deal-3"], B: ["secret-deal-4"]}
    st = make_state(stacks={5: [B, B, A]}, hands=hands, start=0)
    h = Harness(st, prompt_everyone=False)
    runner = h.run(evaluate(h.ctx, 5), "secret secret-deal-1", "secret secret-deal-2", "done")
    assert runner.pending is not None and runner.pending.player == B
    runner.send(runner.choose(Action("secret", ("secret-deal-4",))))  # no more: turn over
    assert runner.pending is not None and runner.pending.player == A  # Green has none
    runner.send(runner.choose(Action("secret", ("secret-deal-3",))))
    pass_all(runner)
    assert events_of(h, "control")[-1].player == A
    assert len([e for e in h.ctx.events if e.kind == "play"]) == 4
    assert st.seats[A].vp == 1


def test_vp_only_in_phase_two_and_at_most_eight_per_round() -> None:
    """MC-SCORE-1, MC-SCORE-3: over whole games, every VP event happens in phase II, and all
    players together gain at most 8 VP a round (7 locations + 1 "+1")."""
    for players in (3, 5):
        per_round: dict[int, int] = {}
        for round_, phase, _location, e in game_events(players, range(3)):
            if e.kind == "vp":
                assert phase == "location"
                per_round[round_] = per_round.get(round_, 0) + 1
        assert per_round and max(per_round.values()) <= 8

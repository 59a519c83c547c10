"""Mafia City phases III and IV, the round and the end of the game (MC-STR, MC-END, MC-ROUND,
MC-WIN) and what each seat may know (MC-INFO), played through the flows and whole games."""

from __future__ import annotations

import random

from speakeasy.core.actions import Action
from speakeasy.games.mafia_city.engine.game import Game
from speakeasy.games.mafia_city.engine.observe import observe
from speakeasy.games.mafia_city.explain.log import log
from speakeasy.games.mafia_city.rules.endround import end_of_round, winner
from speakeasy.games.mafia_city.rules.locations import evaluate
from speakeasy.games.mafia_city.rules.strategic import strategic_phase
from speakeasy.games.mafia_city.rules.turns import do_action
from tests.mc_support import Harness, check_invariants, make_state

A, B, C = "red", "blue", "green"


def phases_of(game: Game) -> list[tuple[int, str]]:
    return [
        (int(e.data["round"]), str(e.data["phase"]))
        for step in game.steps
        for e in step.events
        if e.kind == "phase"
    ]


def test_rounds_are_phases_one_to_four_until_the_end() -> None:
    """MC-ROUND-1, MC-ROUND-3, MC-END-6, MC-ROUND-2: every round is I, II, III then IV (the
    start-player hand-over) and the next round starts with phase I; the last round stops after
    phase II."""
    for seed in (1, 2):
        game = Game.new(players=3, seed=seed)
        rng = random.Random(seed)
        while not game.is_over:
            game.apply(rng.choice(game.legal_actions()))
        seen = phases_of(game)
        last = game.state.round
        expected = [(r, p) for r in range(1, last) for p in ("action", "location", "strategic")]
        assert seen == [*expected, (last, "action"), (last, "location")]
        events = [e for step in game.steps for e in step.events]
        kinds = [e.kind for e in events]
        assert kinds.count("start-player") == last - 1  # phase IV of every round but the last
        for n, i in enumerate(i for i, k in enumerate(kinds) if k == "start-player"):
            # phase IV comes after phase III, and phase I of the next round right after it
            before = next(e for e in reversed(events[:i]) if e.kind == "phase")
            after = next(e for e in events[i + 1 :] if e.kind == "phase")
            assert before.data == {"phase": "strategic", "round": n + 1}
            assert after.data == {"phase": "action", "round": n + 2}
            assert set(kinds[i + 1 : events.index(after)]) <= {"draw", "reshuffle"}
        assert game.result().finished


def test_phase_three_takes_back_into_hand_optionally() -> None:
    """MC-STR-1, MC-STR-3: tokens taken back go into hand; keeping them keeps their place.
    Red's one decision is a run of prompts (take a token, ..., keep the rest) with nobody in
    between, and Red is not asked again at [2]. CZ (S 297-298): "Každý hráč má vždy jen jednu
    možnost na každé lokaci, aby se rozhodl, zda a kolik Mafiánů z ní stáhne"."""
    st = make_state(stacks={2: [A, B, A]}, cubes=[2])
    h = Harness(st)
    runner = h.run(strategic_phase(h.ctx), "withdraw 0")
    assert runner.pending is not None and runner.pending.player == A  # still Red's decision
    runner.send(runner.choose(Action("keep")))
    assert runner.pending is not None and runner.pending.player == B
    runner.send(runner.choose(Action("keep")))
    assert runner.pending is None
    assert st.stacks[2] == [B, A] and st.seats[A].tokens == 8 - 2 + 1
    assert st.seats[A].reserve == 4


def test_phase_three_handles_each_cubed_location_once_then_ends() -> None:
    """MC-STR-2, MC-STR-9, MC-STR-6: in number order, each location's cube leaves once its
    players decided; the phase ends with no cube left."""
    st = make_state(stacks={3: [B], 1: [A], 6: [C]}, cubes=[6, 3, 1, 2, 4, 5, 7])
    h = Harness(st)
    runner = h.run(strategic_phase(h.ctx))
    order = []
    while runner.pending is not None:
        order.append(runner.pending.player)
        runner.send(runner.choose(Action("keep")))
    assert order == [A, B, C]  # at [1], [3], [6]
    removed = [e.data["location"] for e in h.ctx.events if e.kind == "cube"]
    assert removed == [1, 2, 3, 4, 5, 6, 7] and st.cubes == []


def test_end_of_round_hands_over_then_three_draw_steps() -> None:
    """MC-END-2: the token passes left first, then steps 1, 2 and 3 in this order (Red has the
    sole fewest VP and cards: 1 + 1 + 1 cards)."""
    st = make_state(hands={B: ["deals-1"], C: ["deals-2"]}, start=2)
    st.seats[B].vp = st.seats[C].vp = 1
    h = Harness(st)
    end_of_round(h.ctx)
    steps = [
        (e.kind, e.player, e.rules[0]) for e in h.ctx.events if e.kind in ("start-player", "draw")
    ]
    assert steps == [
        ("start-player", A, "MC-END-1"),
        ("draw", A, "MC-END-3"),
        ("draw", A, "MC-END-4"),
        ("draw", A, "MC-END-5"),
        ("draw", B, "MC-END-5"),
        ("draw", C, "MC-END-5"),
    ]
    check_invariants(st)


def test_reshuffle_is_done_by_the_current_start_player() -> None:
    """MC-DECK-3: the start player of the moment shuffles the discard pile when a draw finds
    the draw pile empty, even in the middle of a Deals draw."""
    st = make_state(hands={A: ["deals-1"]}, start=2)
    st.discard, st.draw = st.draw[:-1], st.draw[-1:]
    h = Harness(st, prompt_everyone=False)
    runner = h.run(do_action(h.ctx, A, Action("deals", ("deals-1",))))
    reshuffle = [e for e in h.ctx.events if e.kind == "reshuffle"]
    assert len(reshuffle) == 1 and reshuffle[0].player == C
    assert runner.pending is not None and runner.pending.kind == "deals-discard"
    runner.send(runner.pending.options[0])
    assert runner.pending is None and len(st.seats[A].hand) == 2
    check_invariants(st)


def test_there_is_always_exactly_one_winner() -> None:
    """MC-WIN-4, MC-WIN-3: with everything tied, the distance from the start player decides;
    no shared victory in any seating."""
    for start in range(3):
        st = make_state(start=start)
        for p in (A, B, C):
            st.seats[p].vp = 10
        who, rule = winner(st)
        assert who == st.start_player and rule.startswith("MC-WIN-3 (4)")
    for seed in range(5):
        game = Game.new(players=5, seed=seed)
        rng = random.Random(seed)
        while not game.is_over:
            game.apply(rng.choice(game.legal_actions()))
        assert game.result().winner in game.players


def test_public_information_in_every_view() -> None:
    """MC-INFO-3, MC-INFO-4 (GAP-MC-21), MC-INFO-1, MC-INFO-5: every seat sees the stacks, the
    Cell, the figures, tokens in hand and reserve, VP, passes, cubes, the discard pile and the
    number of cards in each hand; no seat sees another hand or the draw order."""
    st = make_state(
        stacks={2: [A, B]},
        hands={A: ["deals-1", "thief-1"], B: ["snitch-1"]},
        cell=[(C, 1)],
        mayor=B,
        cubes=[1],
    )
    st.seats[C].passed = True
    st.discard = [st.draw.pop()]
    views = {p: observe(st, p) for p in (A, B, C)}
    publics = [v.public for v in views.values()]
    assert publics[0] == publics[1] == publics[2]
    pub = publics[0]
    assert pub["stacks"][2] == [A, B] and pub["cell"] == [(C, 1)] and pub["mayor"] == B
    assert pub["cubes"] == [1] and pub["discard"] == st.discard
    assert pub["seats"][C]["passed"] and pub["seats"][A]["reserve"] == 4
    assert {p: pub["seats"][p]["cards"] for p in (A, B, C)} == {A: 2, B: 1, C: 0}
    assert pub["seats"][A]["tokens"] == 7
    assert "draw" not in pub and pub["draw_count"] == len(st.draw)
    assert views[C].hand == () and views[C].hands is None
    assert "deals-1" not in repr(views[B])


def test_a_thief_shows_the_card_to_thief_and_victim_only() -> None:
    """MC-INFO-6, MC-THIEF-1: in the explained log the thief and the victim read which card
    moved; the third seat and the public log read only that a card moved."""
    for seed in range(60):
        game = Game.new(players=3, seed=seed)
        rng = random.Random(seed)
        steal = None
        while not game.is_over and steal is None:
            events = game.apply(rng.choice(game.legal_actions()))
            steal = next((e for e in events if e.kind == "steal"), None)
        if steal is None:
            continue
        thief, victim = steal.player, steal.data["victim"]
        other = next(p for p in game.players if p not in (thief, victim))
        card = steal.data["card"]

        last = {
            seat: [e for e in log(game, seat, newest_first=False) if e.kind == "steal"][-1]
            for seat in (thief, victim, other, None)
        }
        assert "the card was" in last[thief].private and "the card was" in last[victim].private
        assert last[other].private == "" and last[None].private == ""
        assert card not in last[other].text
        return
    raise AssertionError("no Thief resolved in 60 games")


def test_hitman_card_after_a_cancel_and_only_one_kill() -> None:
    """MC-HITMAN-5 (GAP-MC-19): Blue's F.B.I. cancels Red's first Hitman card; Red plays a
    second, which kills; Red is not asked for a third although it holds one."""
    hands = {A: ["hitman-1", "hitman-2", "hitman-3"], B: ["fbi-2"]}
    st = make_state(stacks={2: [A, B, C]}, hands=hands)
    h = Harness(st, prompt_everyone=False)
    runner = h.run(evaluate(h.ctx, 2), "stay", "hitman hitman-1 1", "fbi fbi-2")
    assert runner.pending is not None and runner.pending.kind == "hitman-card"
    runner.send(runner.choose(Action("hitman", ("hitman-2", 1))))
    assert runner.pending is None
    assert st.stacks[2] == [A, C] and st.seats[A].hand == ["hitman-3"]

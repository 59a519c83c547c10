"""The Mafia City control explorer's study (speakeasy.games.mafia_city.studies.control): control and
the deciding rule (MC-CTRL-1..6, EMC-8, EMC-9, EMC-21), the flip search over single changes,
and the Mayor's evaluation orders played by the engine's own phase II (MC-LOC-3/4,
MC-HALL-1..5, MC-PRISON-5)."""

from __future__ import annotations

import json
from itertools import permutations

import pytest

from speakeasy.games.mafia_city.engine.bots import HeuristicBot
from speakeasy.games.mafia_city.engine.game import Game
from speakeasy.games.mafia_city.model.board import LOCATIONS
from speakeasy.games.mafia_city.model.state import GameState
from speakeasy.games.mafia_city.rules.control import control
from speakeasy.games.mafia_city.studies.control import (
    CHANGE_KINDS,
    Change,
    LinkedPosition,
    best_orders,
    change_state,
    control_exercises,
    control_table,
    flips,
    linked_position,
    mayor_orders,
    number_order,
    order_outcomes,
    position,
    position_query,
    sample_position,
    single_changes,
)
from speakeasy.tools.citations import markdown_escape
from speakeasy.tools.exercises import Exercise
from speakeasy.tools.page_address import decode_table, encode_table

MIXED = ["red", "blue", "green", "blue", "red"]


def _position(**stacks: list[str]) -> GameState:
    st = position(players=3)
    for key, stack in stacks.items():
        st.stacks[int(key[1:])] = list(stack)
    return st


def _rows(st: GameState) -> dict[int, tuple[str | None, str, str]]:
    return {r.location: (r.controller, r.rule, r.decided_by) for r in control_table(st)}


def test_emc8_stack_order_and_variants() -> None:
    """EMC-8: Harbour [Red, Blue, Green, Blue, Red] -> Red by stack order (MC-CTRL-3)."""
    assert _rows(_position(s2=MIXED))[2] == ("red", "MC-CTRL-3", "stack order")
    assert _rows(_position(s2=["blue", "green", "blue", "red"]))[2][::2] == ("blue", "majority")
    assert _rows(_position(s2=["green", "red", "blue"]))[2][::2] == ("green", "stack order")


def test_emc9_sole_majority_locations() -> None:
    """EMC-9: the same stack at Fight Club and City Hall: nobody (MC-CTRL-5)."""
    rows = _rows(_position(s3=MIXED, s7=MIXED))
    assert rows[3] == (None, "MC-CTRL-5", "tie at a sole-majority location")
    assert rows[7] == (None, "MC-CTRL-5", "tie at a sole-majority location")
    rows = _rows(_position(s3=["red", "blue", "blue"], s7=["red", "blue", "blue"]))
    assert rows[3] == rows[7] == ("blue", "MC-CTRL-5", "sole majority")


def test_empty_stack_nobody() -> None:
    """MC-CTRL-2: an empty stack has no controller."""
    assert _rows(_position())[5] == (None, "MC-CTRL-2", "empty stack")


def test_emc21_secret_deal_decides() -> None:
    """EMC-21: Police Station [Blue, Red, Red]; Blue +2 and Red +1 -> 3-3, Blue first."""
    st = _position(s4=["blue", "red", "red"])
    row = control_table(st, {4: {"blue": 2, "red": 1}})[3]
    assert (row.controller, row.rule, row.decided_by) == ("blue", "MC-CTRL-3", "a Secret Deal")
    assert dict(row.counts) == {"blue": 3, "red": 3}
    only_bonus = control_table(_position(s4=["red"]), {4: {"blue": 1}})[3]
    assert (only_bonus.controller, only_bonus.rule) == ("red", "MC-CTRL-4")  # GAP-MC-12


def test_table_agrees_with_the_engine_control() -> None:
    """Every row is the engine's own control (no second copy of the rules)."""
    st = sample_position(players=5, seed=3)
    for row in control_table(st):
        ctl = control(st.stacks[row.location], row.control_rule)
        assert (row.controller, row.rule) == (ctl.controller, ctl.rule)


def test_single_changes_cover_every_kind() -> None:
    st = _position(s1=["red", "blue"], s2=["green"])
    st.cell.append(("blue", 1))
    kinds = {c.kind for c in single_changes(st)}
    assert kinds == set(CHANGE_KINDS)
    adds = [c for c in single_changes(st) if c.kind == "add"]
    assert len(adds) == 7 * 3
    moves = [c for c in single_changes(st) if c.kind == "move"]
    assert len(moves) == 3 * 6


def test_flips_are_exactly_the_changes_that_flip() -> None:
    """Brute force: apply every change to a copy and re-decide all seven locations."""
    st = sample_position(players=4, seed=2)
    st.cell.append(("red", 1))
    found = {(f.change, f.location): f for f in flips(st)}
    before = {r.location: r.controller for r in control_table(st)}
    for change in single_changes(st):
        if change.kind == "secret-deal":
            assert change.location is not None and change.player is not None
            after_rows = control_table(st, {change.location: {change.player: 1}})
        else:
            after_rows = control_table(change_state(st, change))
        for row in after_rows:
            flipped = row.controller != before[row.location]
            assert flipped == ((change, row.location) in found), (change.text, row.location)
            if flipped:
                assert found[(change, row.location)].after == row.controller


def test_figures_and_cell_never_flip() -> None:
    """MC-CTRL-1, MC-POLICE-5: Cell tokens and figures never count."""
    st = sample_position(players=4, seed=2)
    st.cell.append(("red", 1))
    assert not [f for f in flips(st) if f.change.kind in ("figure", "release")]


def test_flip_example_city_hall() -> None:
    """MC-CTRL-5: one more Red token at a tied City Hall gives Red the sole majority."""
    st = _position(s7=MIXED)
    found = [f for f in flips(st) if f.location == 7]
    add_red = next(f for f in found if f.change == Change("add", f.change.text, "red", 7))
    assert (add_red.before, add_red.after, add_red.rule) == (None, "red", "MC-CTRL-5")
    removes = {(f.change.player, f.after) for f in found if f.change.kind == "remove"}
    assert removes == {("red", "blue"), ("blue", "red")}


def test_change_state_leaves_the_source_alone() -> None:
    st = _position(s1=["red", "blue"])
    move = next(c for c in single_changes(st) if c.kind == "move" and c.to == 3)
    after = change_state(st, move)
    assert st.stacks[1] == ["red", "blue"] and after.stacks[1] == ["blue"]
    assert after.stacks[3] == ["red"]
    jailed = change_state(st, next(c for c in single_changes(st) if c.kind == "jail"))
    assert jailed.cell == [("red", 1)] and st.cell == []


def test_mayor_orders_all_5040() -> None:
    """Every order is played; Prison first lets its controller jail before the others score."""
    st = _position(s1=["red"], s2=["blue", "red"], s3=["blue"])
    scores = mayor_orders(st, "red")
    assert len(scores) == 5040 and len({s.order for s in scores}) == 5040
    best = best_orders(scores)
    assert best["red"].vp["red"] == 2  # Prison before Harbour: jail Blue's bottom token
    assert best["red"].order.index(1) < best["red"].order.index(2)
    assert best["red"].jailed == ("blue",)
    worst = min(s.vp["red"] for s in scores)
    assert worst == 1
    assert sum(n for _, n, _ in order_outcomes(scores)) == 5040


def test_mayor_order_city_hall_tie_sends_mayor_home() -> None:
    """EMC-15 variant: City Hall tied when chosen first -> the Mayor goes home and the rest
    follow number order (MC-HALL-4, MC-LOC-4, GAP-MC-14)."""
    st = _position(s7=["red", "blue"], s1=["green"])
    (score,) = mayor_orders(st, "red", [(7, 6, 5, 4, 3, 2, 1)])
    assert score.sequence == (
        (7, "red"),
        (1, None),
        (2, None),
        (3, None),
        (4, None),
        (5, None),
        (6, None),
    )
    assert not score.followed and score.mayor_after is None


def test_mayor_order_new_holder_selects() -> None:
    """EMC-15: Blue wins City Hall selected first and chooses the rest (MC-HALL-3)."""
    st = _position(s7=["blue"])
    (score,) = mayor_orders(st, "red", [(7, 1, 2, 3, 4, 5, 6)])
    assert score.sequence[0] == (7, "red")
    assert all(who == "blue" for _, who in score.sequence[1:])
    assert score.followed and score.mayor_after == "blue" and score.vp["blue"] == 1


def test_mayor_orders_refusals() -> None:
    st = _position()
    with pytest.raises(ValueError, match="MC-LOC-3"):
        mayor_orders(st)
    with pytest.raises(ValueError, match="not a player"):
        mayor_orders(st, "grey")
    with pytest.raises(ValueError, match="seven locations"):
        mayor_orders(st, "red", [(1, 1, 2, 3, 4, 5, 6)])


def test_number_order_when_nobody_holds_the_mayor() -> None:
    """MC-LOC-3, MC-HALL-5: the Mayor on City Hall -> [1] to [7], nobody selecting; the same
    VP as a holder asking for 1..7 (City Hall comes last, so no new holder chooses)."""
    st = _position(s1=["red"], s2=["blue", "red"], s3=["blue"], s7=["green"])
    score = number_order(st)
    assert score.sequence == tuple((loc, None) for loc in LOCATIONS) and score.followed
    assert score.vp == {"red": 2, "blue": 1, "green": 1}  # Prison jails Blue's Harbour token
    assert score.jailed == ("blue",) and score.mayor_after == "green"  # MC-HALL-2
    (asked,) = mayor_orders(st, "red", [LOCATIONS])
    assert asked.vp == score.vp
    held = _position(s1=["red"], s2=["blue", "red"], s3=["blue"], s7=["green"])
    held.mayor = "blue"  # the state's holder is ignored: this is the Mayor-at-home phase
    assert number_order(held).vp == score.vp and held.mayor == "blue"
    before = st.to_data()
    number_order(st)
    assert st.to_data() == before


def test_mayor_orders_leave_the_position_alone() -> None:
    st = sample_position(players=3, seed=4)
    before = st.to_data()
    mayor_orders(st, st.players[0], list(permutations(LOCATIONS))[:50])
    assert st.to_data() == before


def test_exercises_answers_come_from_the_engine() -> None:
    st = _position(s2=MIXED, s7=MIXED)
    exercises = control_exercises(st)
    assert all(isinstance(e, Exercise) for e in exercises)
    by_key = {e.key: e for e in exercises}
    assert by_key["mc-who"].check("red").correct
    assert by_key["mc-nobody"].check("1, 3, 4, 5, 6, 7").correct
    assert by_key["mc-hall-adds"].expected == 2  # red or blue; green would make a 2-2-2 tie
    assert not by_key["mc-hall-adds"].check("3").correct


def test_the_city_hall_exercise_has_one_reading_and_names_who() -> None:
    """MC-CTRL-5, MC-HALL-2: the question says whose token, how many, and that the supply
    does not matter; the explanation gives the counts and names the players who would win."""
    hall = {e.key: e for e in control_exercises(_position(s7=MIXED))}["mc-hall-adds"]
    for words in (
        "do not control City Hall now",
        "one more token of their own",
        "Count only the tokens in the stack (no Secret Deals)",
        "whether a player has a token left to place does not matter",
    ):
        assert words in hall.question
    assert hall.expected == 2
    assert hall.explanation == (
        "City Hall's stack counts red 2, blue 2 and green 1, so nobody controls it now (a tie "
        "for the most, MC-CTRL-5). With one more token: red would have 3 against at most 2 for "
        "anyone else; blue would have 3 against at most 2 for anyone else; green would have 2, "
        "only a tie with red and blue, so nobody. So 2: red and blue, each with a sole majority "
        "(MC-CTRL-5)."
    )
    verdict = hall.check("2 players")
    assert verdict.correct and hall.explanation in verdict.message
    assert markdown_escape(hall.explanation) == hall.explanation  # plain text in mo.md

    held = {e.key: e for e in control_exercises(_position(s7=["red", "blue", "blue"]))}
    assert held["mc-hall-adds"].expected == 0
    assert "blue controls it already" in held["mc-hall-adds"].explanation
    assert "red would have 2, only a tie with blue, so nobody" in held["mc-hall-adds"].explanation
    assert "green would have 1, still fewer than blue with 2" in held["mc-hall-adds"].explanation
    assert held["mc-hall-adds"].explanation.endswith(
        "So 0: nobody would get a sole majority (MC-CTRL-5)."
    )

    empty = {e.key: e for e in control_exercises(_position())}["mc-hall-adds"]
    assert empty.expected == 3  # 1 against 0, whatever the player's supply
    assert "stack is empty, so nobody controls it now (MC-CTRL-2)" in empty.explanation
    assert "So 3: red, blue and green" in empty.explanation


def test_the_city_hall_answer_is_one_more_token_for_each_non_controller() -> None:
    """The answer, brute force: put one token of each player who does not control City Hall
    on its stack and ask the engine's control (MC-CTRL-5); the explanation names those."""
    for players, seed in ((3, 1), (4, 1), (4, 2), (5, 3)):
        st = sample_position(players=players, seed=seed)
        stack = st.stacks[7]
        now = control(stack, "sole").controller
        winners = [
            p for p in st.players if p != now and control([*stack, p], "sole").controller == p
        ]
        hall = {e.key: e for e in control_exercises(st)}["mc-hall-adds"]
        assert hall.expected == len(winners), (players, seed)
        for p in winners:
            assert f"{p} would have " in hall.explanation and "against at most" in hall.explanation
        assert hall.explanation.endswith("(MC-CTRL-5).")


def test_the_nobody_exercise_explains_each_location() -> None:
    """MC-CTRL-2 and MC-CTRL-5: each location without a controller, with why."""
    st = _position(s2=MIXED, s3=["red", "blue"], s6=["green"], s7=MIXED)
    nobody = {e.key: e for e in control_exercises(st)}["mc-nobody"]
    assert nobody.expected == frozenset({1, 3, 4, 5, 7})
    assert nobody.explanation == (
        "Prison (1): its stack is empty (MC-CTRL-2); Fight Club (3): red and blue tie for the "
        "most with 1 each, and a tie there means nobody (MC-CTRL-5); Police Station (4): its "
        "stack is empty (MC-CTRL-2); Business District (5): its stack is empty (MC-CTRL-2); "
        "City Hall (7): red and blue tie for the most with 2 each, and a tie there means nobody "
        "(MC-CTRL-5); every other location has a controller."
    )
    assert markdown_escape(nobody.explanation) == nobody.explanation
    full = {loc: ["red"] for loc in LOCATIONS}
    every = {
        e.key: e for e in control_exercises(_position(**{f"s{k}": v for k, v in full.items()}))
    }
    assert every["mc-nobody"].expected == "none"
    assert every["mc-nobody"].explanation.startswith("No stack is empty")


# -- opened at a game's position (the coach's "explore" link, issue 27) ----------------------
@pytest.mark.parametrize("players", [3, 5])
def test_every_position_of_a_game_has_a_link_that_opens_at_its_map(players: int) -> None:
    """At every 15th decision of a whole heuristic game, the seat to decide gets a link that
    opens without a refusal at the very map it sees: the same stacks, Cell, Hitman, Police
    Officer and Mayor, so the same controller of every location (MC-CTRL-1..5). All of it is
    public (MC-INFO-1): nothing another seat hides is in the link."""
    game = Game.new(players=players, seed=4)
    bots = {p: HeuristicBot(seed=4) for p in game.state.players}
    step = opened = 0
    while (pending := game.pending) is not None:
        if step % 15 == 0:
            seen = game.observe(pending.player)
            query = position_query(seen, f"step {step}")
            found = linked_position(query["at"])
            assert found.refusal is None and found.state is not None, (step, found.refusal)
            st, real = found.state, game.state
            assert found.title == f"step {step}"
            assert (st.players, st.stacks, st.hitman, st.officer, st.mayor) == (
                real.players,
                real.stacks,
                real.hitman,
                real.officer,
                real.mayor,
            )
            assert [o for o, _ in st.cell] == [o for o, _ in real.cell]
            assert control_table(st) == control_table(real)
            table = decode_table(query["at"], "mafia-city-view")
            assert set(table) == {
                "title",
                "players",
                "stacks",
                "cell",
                "hitman",
                "officer",
                "mayor",
            }
            held = {card for seat in real.seats.values() for card in seat.hand} | set(real.draw)
            assert held and not held & set(json.dumps(table).split('"'))  # no card travels
            opened += 1
        game.apply(bots[pending.player].choose(game.observe(pending.player), pending))
        step += 1
    assert opened >= 5


def test_a_link_that_holds_no_possible_position_is_refused_in_plain_words() -> None:
    """Anyone can edit an address: every link that holds no Mafia City map is refused with
    the reason, never a traceback."""
    good = {
        "title": "t",
        "players": ["red", "blue", "green"],
        "stacks": {str(loc): [] for loc in LOCATIONS},
        "cell": [],
        "hitman": 1,
        "officer": None,
        "mayor": None,
    }
    assert linked_position(encode_table("mafia-city-view", good)).refusal is None
    for change, why in (
        ({"players": ["red", "red", "blue"]}, "different colours"),
        ({"players": ["red", "blue"]}, "3 to 5 players"),
        ({"players": "red"}, "list of colours"),
        ({"stacks": {}}, "7 locations"),
        ({"stacks": {**good["stacks"], "1": ["red"] * 40}}, "MC-SETUP-3"),  # type: ignore[dict-item]
        ({"stacks": {**good["stacks"], "1": ["pink"]}}, "'pink' is not a player"),  # type: ignore[dict-item]
        ({"hitman": 9}, "Hitman"),
        ({"mayor": "pink"}, "Mayor"),
        ({"title": ""}, "no title"),
    ):
        found = linked_position(encode_table("mafia-city-view", {**good, **change}))
        assert found.state is None and found.refusal is not None and why in found.refusal, (
            why,
            found.refusal,
        )
    assert "more than one" in (linked_position(["a", "b"]).refusal or "")
    assert "not base64url" in (linked_position("not a link!").refusal or "")
    assert "speakeasy-view" in (linked_position(encode_table("speakeasy-view", good)).refusal or "")
    assert linked_position(None) == LinkedPosition()

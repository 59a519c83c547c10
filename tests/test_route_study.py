"""Truck routes on real positions (:mod:`speakeasy.games.speakeasy.studies.route_study`):
R-TRUCK-2..14, R-MONEY-2/6.

* every plan the planner or :func:`best_along` makes plays step by step through the real
  ``deliver`` flow (:func:`walk`) and does what it claims;
* :func:`best_along` is exact: on random positions and random routes it matches a brute-force
  search that drives the real flow, restricted to the route;
* the planner's best plan is never worse than the best along any single route;
* a route is refused, with the rule, where a truck cannot drive (R-TRUCK-2/4/7/8);
* a ship sails on once the buying stop ends, and the walk shows where (R-TRUCK-12, E17).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

import pytest

from speakeasy.core.actions import Decision, IllegalAction
from speakeasy.games.speakeasy.model.effects import Effect
from speakeasy.games.speakeasy.model.state import BuildingType, Colour
from speakeasy.games.speakeasy.rules.barrels import sale_price
from speakeasy.games.speakeasy.rules.context import Ctx
from speakeasy.games.speakeasy.rules.delivery import deliver
from speakeasy.games.speakeasy.rules.money import spendable
from speakeasy.games.speakeasy.studies.analysis import analysis_context
from speakeasy.games.speakeasy.studies.planner import Plan, best_plan
from speakeasy.games.speakeasy.studies.route_study import (
    best_along,
    delivery_source,
    extend_route,
    walk,
)
from tests.support import clear_map
from tests.test_planner import build, dock, make_ctx, random_position

PURPLE = Colour.PURPLE
SEEDS = range(40)


def random_route(ctx: Ctx, truck: int, reach: int, rng: random.Random) -> list[int]:
    here = ctx.player(PURPLE).trucks[truck].district
    route = [here if here is not None else rng.choice(sorted(ctx.board.districts))]
    for _ in range(rng.randint(0, reach)):
        route.append(rng.choice(sorted(ctx.board.graph.neighbors(route[-1]))))
    return route


def played(ctx: Ctx, plan: Plan) -> tuple[int, int, int]:
    """(barrels delivered, sale value, money paid) when ``plan`` is walked through the rules."""
    steps = walk(ctx, PURPLE, plan.actions(), plan.truck_range)
    events = [e for s in steps for e in s.events]
    delivered = [e for e in events if e.kind == "truck_deliver"]
    paid = spendable(ctx.player(PURPLE)) - spendable(steps[-1].state.players[PURPLE])
    return len(delivered), plan.value, paid


def brute_force(ctx: Ctx, truck: int, route: Sequence[int], reach: int) -> tuple[int, int, int]:
    """The best (delivered, value, -spent) over every way the real ``deliver`` flow lets the
    truck drive exactly ``route`` (the other truck stays put), by replaying action prefixes."""
    before = spendable(ctx.player(PURPLE))

    def replay(prefix: Sequence[str]) -> tuple[Ctx, Decision | None]:
        work = analysis_context(ctx)
        flow = deliver(work, PURPLE, Effect.of("deliver"), delivery_source(work, PURPLE, reach))
        decision: Decision | None = next(flow)
        for text in prefix:
            assert decision is not None
            option = next(o for o in decision.options if str(o) == text)
            try:
                decision = flow.send(option)
            except StopIteration:
                decision = None
        return work, decision

    def outcome(work: Ctx) -> tuple[int, int, int]:
        delivered = [e for e in work.events if e.kind == "truck_deliver"]
        value = 0
        for e in delivered:
            building = work.state.districts[e.data["district"]].spaces[e.data["space"]].building
            assert building is not None
            value += sale_price(work, PURPLE, building)
        return len(delivered), value, spendable(work.player(PURPLE)) - before

    seen: set[tuple[object, ...]] = set()
    results: list[tuple[int, int, int]] = []

    def explore(prefix: list[str], at: int) -> None:
        work, decision = replay(prefix)
        if decision is None:
            results.append(outcome(work))
            return
        player = work.player(PURPLE)
        key = (
            at,
            decision.kind,
            decision.fact("truck") if decision.kind == "truck" else None,
            tuple((t.district, t.barrels) for t in player.trucks),
            tuple((s.port, s.removed) for s in work.state.ships),
            player.distillery_barrels,
            spendable(player),
            work.state.supply_barrels,
            tuple(sorted((b.district, b.space) for b in _filled(work))),
        )
        if key in seen:
            return
        seen.add(key)
        for option in decision.options:
            text = str(option)
            if decision.kind == "truck_choose":
                if text == f"truck {truck + 1}":
                    explore([*prefix, text], at)
                continue
            if decision.fact("truck") != truck:
                if option.kind == "finish":
                    explore([*prefix, text], at)
                continue
            if option.kind == "enter" and option.args[0] != route[0]:
                continue
            if option.kind == "move":
                if at + 1 < len(route) and option.args[0] == route[at + 1]:
                    explore([*prefix, text], at + 1)
                continue
            if option.kind == "finish" and at + 1 < len(route):
                continue
            explore([*prefix, text], at)

    explore([], 0)
    return max(results)


@dataclass(frozen=True)
class _Spot:
    district: int
    space: int


def _filled(work: Ctx) -> list[_Spot]:
    return [
        _Spot(e.data["district"], e.data["space"]) for e in work.events if e.kind == "truck_deliver"
    ]


@pytest.mark.parametrize("seed", SEEDS)
def test_best_along_plays_as_it_claims_and_is_never_better_than_the_planner(seed: int) -> None:
    """R-TRUCK-5..14: the plan is legal in the real flow; best_plan dominates it."""
    ctx, reach = random_position(seed)
    rng = random.Random(seed)
    truck = 0
    route = random_route(ctx, truck, reach, rng)
    mine = best_along(ctx, PURPLE, truck, route, reach)
    delivered, _, paid = played(ctx, mine)
    assert (delivered, paid) == (mine.delivered, mine.spent)
    assert mine.trucks[0].route == tuple(route)
    best = best_plan(analysis_context(ctx), PURPLE, reach)
    assert best.objective >= mine.objective
    assert played(ctx, best)[0] == best.delivered


@pytest.mark.parametrize("seed", range(12))
def test_best_along_is_exact_against_a_brute_force_through_the_rules(seed: int) -> None:
    """R-TRUCK-6/9..13, R-MONEY-6: no way of driving the route does better."""
    ctx, reach = random_position(1000 + seed)
    rng = random.Random(seed)
    route = random_route(ctx, 0, min(reach, 4), rng)
    mine = best_along(ctx, PURPLE, 0, route, reach)
    assert brute_force(ctx, 0, route, reach) == (mine.delivered, mine.value, -mine.spent)


def test_following_the_planners_route_gives_the_planners_result() -> None:
    """The planner's route for a single truck, driven as a user route, is as good (R-TRUCK-14)."""
    checked = 0
    for seed in range(60):
        ctx, reach = random_position(seed)
        best = best_plan(analysis_context(ctx), PURPLE, reach)
        used = [t for t in best.trucks if t.used]
        if len(used) != 1 or not used[0].route:
            continue
        truck = used[0]
        mine = best_along(ctx, PURPLE, truck.truck, truck.route, reach)
        assert mine.objective == best.objective, seed
        checked += 1
    assert checked >= 10


# ---------------------------------------------------------------------- refused routes
def position() -> Ctx:
    ctx = make_ctx(4)
    clear_map(ctx.state)
    ctx.player(PURPLE).trucks[0].district = 8
    return ctx


def test_a_route_starts_where_the_truck_stands() -> None:
    """R-TRUCK-4: a truck on the map starts where it is; one off the map enters anywhere."""
    ctx = position()
    with pytest.raises(IllegalAction) as err:
        extend_route(ctx, PURPLE, 0, [], 9, 3)
    assert (err.value.code, err.value.rule) == ("not-the-start", "R-TRUCK-4")
    assert extend_route(ctx, PURPLE, 0, [], 8, 3) == [8]
    ctx.player(PURPLE).trucks[0].district = None
    assert extend_route(ctx, PURPLE, 0, [], 13, 3) == [13]


def test_a_route_moves_between_neighbours_only() -> None:
    """R-TRUCK-7: one neighbouring district per move; R-TRUCK-8: never across Central Park."""
    ctx = position()
    assert extend_route(ctx, PURPLE, 0, [8], 9, 3) == [8, 9]
    with pytest.raises(IllegalAction) as err:
        extend_route(ctx, PURPLE, 0, [8], 12, 3)
    assert (err.value.code, err.value.rule) == ("not-adjacent", "R-TRUCK-7")
    assert "not next to district 8" in err.value.reason
    with pytest.raises(IllegalAction) as err:
        extend_route(ctx, PURPLE, 0, [13], 14, 3)
    assert (err.value.code, err.value.rule) == ("not-adjacent", "R-TRUCK-8")
    assert "Central Park" in err.value.reason


def test_a_route_is_as_long_as_the_range() -> None:
    """R-TRUCK-2: each move uses one of the range's points."""
    ctx = position()
    route = [8]
    for district in (9, 12):
        route = extend_route(ctx, PURPLE, 0, route, district, 2)
    with pytest.raises(IllegalAction) as err:
        extend_route(ctx, PURPLE, 0, route, 11, 2)
    assert (err.value.code, err.value.rule) == ("out-of-range", "R-TRUCK-2")
    with pytest.raises(IllegalAction) as err:
        best_along(ctx, PURPLE, 0, [8, 9, 12, 11], 2)
    assert err.value.code == "out-of-range"


def test_a_second_truck_needs_fleet_level_3() -> None:
    """R-TRUCK-3: below fleet level 3 only the first truck drives."""
    ctx = position()
    with pytest.raises(IllegalAction) as err:
        best_along(ctx, PURPLE, 1, [4], 2)
    assert (err.value.code, err.value.rule) == ("no-such-truck", "R-TRUCK-3")


# ---------------------------------------------------------------------- step by step
def test_the_walk_shows_the_ship_sailing_on_after_the_purchase() -> None:
    """R-TRUCK-11/12 (E17): buying ends when the truck moves on; the ship then sails clockwise
    to the next free port, and the walk's step says where."""
    ctx = position()
    purple = ctx.player(PURPLE)
    purple.trucks[0].district = 1
    purple.pocket = 30
    build(ctx, PURPLE, 4, 0, BuildingType.BAR)
    dock(ctx, rothstein=1, daisy=13, st_clair=15, smuggler_4=16)
    mine = best_along(ctx, PURPLE, 0, [1, 2, 4], 2)
    assert mine.trucks[0].steps[:2] == ("buy rothstein", "move 2")
    steps = walk(ctx, PURPLE, mine.actions(), 2)
    by_action = {s.action: s for s in steps}
    assert by_action["buy rothstein"].ships["rothstein"] == 1
    sailed = by_action["move 2"]
    assert sailed.ships["rothstein"] != 1
    assert any("sails" in line for line in sailed.lines)
    assert "R-TRUCK-12" in sailed.rules
    assert steps[-1].trucks[0] == (4, 0)
    assert steps[0].action == "start" and steps[0].state.players[PURPLE].trucks[0].district == 1


def test_walking_an_impossible_step_names_what_was_possible() -> None:
    """The engine's refusal, with what the truck could do (R-TRUCK-7)."""
    ctx = position()
    with pytest.raises(IllegalAction) as err:
        walk(ctx, PURPLE, ["move 12"], 2)
    assert err.value.code == "not-offered"
    assert "move 9" in err.value.reason


# ---------------------------------------------------------------------- exercises
def test_truck_exercises_take_their_answers_from_the_planner_and_the_board() -> None:
    """E17 (R-TRUCK-2/7/11/13): 2 barrels delivered for $11 spent; reach follows the graph."""
    from speakeasy.games.speakeasy.positions.shipped import load_scenario
    from speakeasy.games.speakeasy.studies.route_study import truck_exercises
    from speakeasy.tools.exercises import Exercise

    game = load_scenario("e17_truck_from_district_16").game()
    plan = best_plan(game.analysis_context(), Colour.YELLOW, 4)
    exercises = {ex.key: ex for ex in truck_exercises(game, Colour.YELLOW, 4, plan)}
    assert set(exercises) == {"delivered", "spent", "reach"}
    assert exercises["delivered"].expected == plan.delivered == 2
    assert exercises["spent"].expected == plan.spent == 11  # $5 + $6 from Daisy's ship (E17)
    assert exercises["reach"].expected == frozenset(game.board.reachable(16, 4))
    assert 10 in exercises["reach"].expected and 15 not in exercises["reach"].expected  # R-TRUCK-8
    assert exercises["delivered"].check("2 barrels").correct
    wrong = exercises["delivered"].check("3")
    assert not wrong.correct and "R-TRUCK-13" in wrong.message
    assert all(isinstance(ex, Exercise) and ex.rules for ex in exercises.values())


def test_no_reach_exercise_for_a_truck_still_on_the_board() -> None:
    """R-TRUCK-4: a truck off the map may enter anywhere, so 'which districts' has no answer."""
    from speakeasy.games.speakeasy.positions.format import parse_scenario
    from speakeasy.games.speakeasy.studies.route_study import truck_exercises

    game = parse_scenario('players = ["purple", "blue"]\n').game()
    plan = best_plan(game.analysis_context(), PURPLE, 2)
    assert [ex.key for ex in truck_exercises(game, PURPLE, 2, plan)] == ["delivered", "spent"]

"""Pick up and deliver barrels (R-TRUCK-1..14, R-CARD-8, GAP-25, E10, E17, E18).

Positions are built by hand on the real board data (``data/board.toml``): ports 1, 2, 7, 13,
15, 16, 6 clockwise; Central Park between 13/15 and 14/16.
"""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest

from speakeasy.core.actions import Action, Decision
from speakeasy.games.speakeasy.model.effects import Effect
from speakeasy.games.speakeasy.model.options import Options
from speakeasy.games.speakeasy.model.state import BuildingType, Ship, Track
from speakeasy.games.speakeasy.rules.cards import play_card
from speakeasy.games.speakeasy.rules.context import Ctx
from speakeasy.games.speakeasy.rules.delivery import deliver, delivery_range, truck_options
from speakeasy.games.speakeasy.rules.dispatch import Source
from tests.support import (
    G,
    P,
    Y,
    barrels_in_game,
    drive,
    new_ctx,
    option_texts,
    pick,
    put_building,
)

Check = Callable[[Decision], str]

FLEET = Source("card", "fleet-05", track="fleet")  # a fleet card without "+2 range"
DELIVER = Effect.of("deliver")


def make_ctx(players: int = 4, options: Options | None = None) -> Ctx:
    """A fresh game with no police anywhere; callers edit the state."""
    return new_ctx(players, seed=7, options=options, police=())


def dock(ctx: Ctx, **ports: int) -> None:
    """Put ships at ports; ships not named go to the unnamed ports, in ring order."""
    named = {ship.ship: ship for ship in ctx.state.ships}
    for ship_id, port in ports.items():
        named[ship_id.replace("_", "-")].port = port
    used = set(ports.values())
    free = [p for p in ctx.board.port_ring if p not in used]
    for ship in ctx.state.ships:
        if ship.ship.replace("-", "_") not in ports:
            ship.port = free.pop(0)


def ship(ctx: Ctx, ship_id: str) -> Ship:
    return next(s for s in ctx.state.ships if s.ship == ship_id)


def kinds(decision: Decision) -> set[str]:
    return {o.kind for o in decision.options}


# ---------------------------------------------------------------------- range (R-TRUCK-2/3)
@pytest.mark.parametrize("level", [1, 2, 3, 4, 5])
def test_range_is_the_fleet_level(level: int) -> None:
    """R-LEVEL-7, R-TRUCK-2: range = fleet level; the second truck from level 3 (R-TRUCK-3)."""
    ctx = make_ctx()
    ctx.player(P).levels[Track.FLEET] = level
    reach = delivery_range(ctx, P, FLEET)
    assert reach.total == level
    assert reach.trucks == (2 if level >= 3 else 1)


def test_e10_range_rises_from_two_to_four() -> None:
    """E10, R-LEVEL-6: fleet 2, a "+1 fleet" card and a discard for one more -> range 4."""
    ctx = make_ctx()
    purple = ctx.player(P)
    purple.levels[Track.FLEET] = 2
    assert delivery_range(ctx, P, FLEET).total == 2
    purple.hand = ["fleet-03", "vip-01"]
    purple.notoriety_mafiosi = []  # no mafioso reward to place on the way to notoriety 8
    before = purple.notoriety
    drive(
        play_card(ctx, P, "fleet-03"),
        ["raise fleet", "more fleet", "discard vip-01", "done"],
    )
    assert purple.level(Track.FLEET) == 4
    assert purple.notoriety == before + 2
    ranges = [e for e in ctx.events if e.kind == "truck_range"]
    assert ranges[-1].data == {"range": 4, "trucks": 2}


def test_fleet_card_plus_two_is_for_its_own_action_only() -> None:
    """R-CARD-8, DISC-9, GAP-25 default: the card's +2 applies to that card's action only."""
    ctx = make_ctx()
    purple = ctx.player(P)
    purple.levels[Track.FLEET] = 2
    purple.hand = ["fleet-10"]
    drive(play_card(ctx, P, "fleet-10"), ["finish"])
    assert [e.data["range"] for e in ctx.events if e.kind == "truck_range"] == [4]
    # Later the card still lies in the slot, but a helper's deliver gets no +2.
    assert purple.slots[Track.FLEET] == "fleet-10"
    assert delivery_range(ctx, P, Source("helper", "helper-13")).total == 2


def test_fleet_card_plus_two_lasts_with_the_gap_25_switch() -> None:
    """GAP-25 switch: the slotted card's +2 keeps counting, but never twice for its own play."""
    ctx = make_ctx(options=Options(fleet_range_bonus_lasts=True))
    purple = ctx.player(P)
    purple.levels[Track.FLEET] = 2
    purple.hand = ["fleet-10"]
    drive(play_card(ctx, P, "fleet-10"), ["finish"])
    assert [e.data["range"] for e in ctx.events if e.kind == "truck_range"] == [4]
    assert delivery_range(ctx, P, Source("helper", "helper-13")).total == 4
    purple.slots[Track.FLEET] = "fleet-05"  # replaced by a card without the reward
    assert delivery_range(ctx, P, Source("helper", "helper-13")).total == 2


def test_garage_left_person_adds_two_more() -> None:
    """R-LOC-GARAGE-2: +2 for the card played there, on top of the card's own +2."""
    ctx = make_ctx()
    purple = ctx.player(P)
    purple.levels[Track.FLEET] = 1
    purple.hand = ["fleet-11"]
    drive(play_card(ctx, P, "fleet-11", range_bonus=2), ["finish"])
    assert [e.data["range"] for e in ctx.events if e.kind == "truck_range"] == [5]


def test_range_crates_add_one_each() -> None:
    """R-TRUCK-2, R-CRATE-9/10: "each truck range +1" bonuses add up."""
    ctx = make_ctx()
    purple = ctx.player(P)
    purple.levels[Track.FLEET] = 2
    purple.crates = ["crate-09", "crate-10"]
    assert delivery_range(ctx, P, FLEET).total == 4


# ---------------------------------------------------------------------- trucks
def test_one_truck_below_fleet_three_asks_no_truck_choice() -> None:
    """R-TRUCK-3: one truck at fleet 1-2, so the action starts with that truck."""
    ctx = make_ctx()
    _, seen = drive(deliver(ctx, P, DELIVER, FLEET), ["finish"])
    assert [d.kind for d in seen] == ["truck"]


def test_truck_enters_anywhere_for_free_and_stays() -> None:
    """R-TRUCK-4: entering costs nothing; the truck stays where it ends, between actions."""
    ctx = make_ctx()
    ctx.player(P).levels[Track.FLEET] = 1
    _, seen = drive(deliver(ctx, P, DELIVER, FLEET), ["enter 12", "move 9", "finish"])
    assert option_texts(seen[0]) == [*(f"enter {d}" for d in range(1, 17)), "finish"]
    assert "move 9" in option_texts(seen[1])  # the 1 point is still there after entering
    assert kinds(seen[2]) == {"finish"}  # the point is spent
    truck = ctx.player(P).trucks[0]
    assert truck.district == 9
    _, seen = drive(deliver(ctx, P, DELIVER, FLEET), ["finish"])
    assert "enter" not in kinds(seen[0])  # once on the map it never leaves


def test_two_trucks_move_one_at_a_time() -> None:
    """R-TRUCK-5: pick a truck, finish it, then the other one moves."""
    ctx = make_ctx()
    purple = ctx.player(P)
    purple.levels[Track.FLEET] = 3
    purple.trucks[0].district = 8
    _, seen = drive(
        deliver(ctx, P, DELIVER, FLEET),
        ["truck 2", "enter 1", "move 2", "finish", "move 4", "finish"],
    )
    assert option_texts(seen[0]) == ["truck 1", "truck 2", "done"]
    assert [d.kind for d in seen[1:]] == ["truck"] * 5
    assert purple.trucks[1].district == 2
    assert purple.trucks[0].district == 4


def test_stop_leaves_the_other_truck() -> None:
    """R-TRUCK-14: the player may use only one of two trucks."""
    ctx = make_ctx()
    purple = ctx.player(P)
    purple.levels[Track.FLEET] = 3
    drive(deliver(ctx, P, DELIVER, FLEET), ["truck 1", "enter 3", "finish", "finish"])
    assert purple.trucks[0].district == 3
    assert purple.trucks[1].district is None
    ctx.events.clear()
    drive(deliver(ctx, P, DELIVER, FLEET), ["done"])
    assert purple.trucks[1].district is None


def test_moves_follow_board_edges_only() -> None:
    """R-TRUCK-7, GEO-4: 1 point per move to an adjacent district; no diagonals."""
    ctx = make_ctx()
    purple = ctx.player(P)
    purple.levels[Track.FLEET] = 2
    purple.trucks[0].district = 8
    _, seen = drive(deliver(ctx, P, DELIVER, FLEET), ["move 11", "move 14", "finish"])
    assert [str(o) for o in seen[0].options if o.kind == "move"] == [
        f"move {d}" for d in sorted(ctx.board.graph.neighbors(8))
    ]
    assert purple.trucks[0].district == 14
    assert "move" not in kinds(seen[2])


def test_no_move_across_central_park() -> None:
    """R-TRUCK-8, GEO-5: from 13 only 10 and 15; never 14 or 16."""
    ctx = make_ctx()
    ctx.player(P).trucks[0].district = 13
    options = truck_options(ctx, P, 0, 3)
    assert [str(o) for o in options if o.kind == "move"] == ["move 10", "move 15"]


def test_trucks_pass_through_closed_districts() -> None:
    """R-CLOSED-2, DISC-10: at 2p trucks enter, leave and cross closed districts."""
    ctx = make_ctx(players=2)
    closed = min(d.number for d in ctx.state.districts.values() if d.closed)
    before, after = sorted(ctx.board.graph.neighbors(closed))[:2]
    purple = ctx.player(P)
    purple.levels[Track.FLEET] = 2
    purple.trucks[0].district = before
    drive(deliver(ctx, P, DELIVER, FLEET), [f"move {closed}", "finish"])
    assert purple.trucks[0].district == closed  # into the closed district and staying there
    drive(deliver(ctx, P, DELIVER, FLEET), [f"move {after}", f"move {closed}", "finish"])
    assert purple.trucks[0].district == closed  # out of it and back through
    entering = truck_options(ctx, Y, 0, 1)
    assert f"enter {closed}" in [str(o) for o in entering]


# ---------------------------------------------------------------------- pick-up and delivery
def test_load_from_the_operating_distillery_only_in_its_district() -> None:
    """R-TRUCK-10, R-TRUCK-9: loading costs nothing; only in the distillery's district."""
    ctx = make_ctx()
    purple = ctx.player(P)
    purple.levels[Track.FLEET] = 1
    put_building(ctx, P, 8, 0, BuildingType.DISTILLERY)
    purple.distillery_barrels = 3
    purple.trucks[0].district = 8
    _, seen = drive(deliver(ctx, P, DELIVER, FLEET), ["load", "load", "move 4", "finish"])
    assert "load" not in kinds(seen[2])  # R-TRUCK-6: 2 barrels is full
    assert "move 4" in option_texts(seen[2])  # loading spent no movement
    assert "load" not in kinds(seen[3])
    assert purple.trucks[0].barrels == 2
    assert purple.distillery_barrels == 1


def test_no_load_from_a_distillery_that_does_not_operate() -> None:
    """R-TRUCK-10, R-GOLDEN-3: police and no mafioso - the distillery gives nothing."""
    ctx = make_ctx()
    purple = ctx.player(P)
    distillery = put_building(ctx, P, 8, 0, BuildingType.DISTILLERY)
    purple.distillery_barrels = 3
    purple.trucks[0].district = 8
    ctx.state.districts[8].police = True
    assert "load" not in [o.kind for o in truck_options(ctx, P, 0, 1)]
    distillery.protected = True
    assert "load" in [o.kind for o in truck_options(ctx, P, 0, 1)]


def test_barrels_stay_on_the_truck_between_actions() -> None:
    """R-TRUCK-6, DISC-11: a loaded truck keeps its barrels; there is no truck-to-truck
    option."""
    ctx = make_ctx()
    purple = ctx.player(P)
    purple.levels[Track.FLEET] = 3
    put_building(ctx, P, 8, 0, BuildingType.DISTILLERY)
    purple.distillery_barrels = 2
    purple.trucks[0].district = 8
    purple.trucks[1].district = 8
    _, seen = drive(
        deliver(ctx, P, DELIVER, FLEET), ["truck 1", "load", "load", "finish", "finish"]
    )
    assert {o.kind for d in seen[1:] for o in d.options} <= {
        "move",
        "load",
        "buy",
        "deliver",
        "wait",  # hand over to the other truck before moving (R-TRUCK-5, E18): no transfer
        "finish",
    }
    assert [t.barrels for t in purple.trucks] == [2, 0]
    _, seen = drive(deliver(ctx, P, DELIVER, FLEET), ["truck 2", "finish", "finish"])
    assert [t.barrels for t in purple.trucks] == [2, 0]


def test_deliver_only_to_operating_buildings_without_a_barrel() -> None:
    """R-TRUCK-13, R-BARREL-2/3: one barrel per building; no distillery; operating only."""
    ctx = make_ctx()
    purple = ctx.player(P)
    district = ctx.state.districts[13]
    put_building(ctx, P, 13, 0, BuildingType.BAR)
    put_building(ctx, P, 13, 1, BuildingType.NIGHTCLUB, barrel=True)
    put_building(ctx, P, 13, 2, BuildingType.DISTILLERY)
    put_building(ctx, G, 12, 0, BuildingType.BAR)
    purple.trucks[0].district = 13
    purple.trucks[0].barrels = 2
    _, seen = drive(deliver(ctx, P, DELIVER, FLEET), ["deliver 13 0", "finish"])
    assert [str(o) for o in seen[0].options if o.kind == "deliver"] == ["deliver 13 0"]
    reasons = {str(b.action): b.error.rule for b in seen[0].blocked}
    assert reasons["deliver 13 1"] == "R-BARREL-2"
    assert reasons["deliver 13 2"] == "R-TRUCK-13"
    assert "deliver" not in kinds(seen[1])  # the bar now has its barrel
    assert purple.trucks[0].barrels == 1
    assert district.spaces[0].building is not None and district.spaces[0].building.barrel
    # A building in a police district without a mafioso cannot receive (R-BARREL-3).
    district.spaces[0].building.barrel = False
    district.police = True
    decision = next(deliver(ctx, P, DELIVER, FLEET))
    assert "deliver" not in kinds(decision)
    assert {str(b.action): b.error.rule for b in decision.blocked}["deliver 13 0"] == "R-BARREL-3"


def test_buy_at_track_prices_and_the_ship_sails_once_after_the_stop() -> None:
    """R-TRUCK-11/12: $5 then $6; the ship moves once, when the truck moves on."""
    ctx = make_ctx()
    purple = ctx.player(P)
    purple.levels[Track.FLEET] = 1
    purple.pocket, purple.safe = 11, 0
    dock(ctx, rothstein=2)
    purple.trucks[0].district = 2
    _, seen = drive(
        deliver(ctx, P, DELIVER, FLEET), ["buy rothstein", "buy rothstein", "move 1", "finish"]
    )
    assert [str(o) for o in seen[0].options if o.kind == "buy"] == ["buy rothstein"]
    assert "$5" in next(o.label for o in seen[0].options if o.kind == "buy")
    assert "$6" in next(o.label for o in seen[1].options if o.kind == "buy")
    assert "buy" not in kinds(seen[2])  # full truck
    assert purple.pocket == 0
    assert ship(ctx, "rothstein").removed == 2
    moves = [e for e in ctx.events if e.kind == "ship_moves"]
    assert len(moves) == 1
    # Clockwise from 2: 7 and 13 hold the other ships, so the next free port is 15.
    assert moves[0].data == {"ship": "rothstein", "origin": 2, "port": 15}


def test_the_ship_also_sails_when_the_truck_finishes_there() -> None:
    """R-TRUCK-12: finishing the truck also ends the buying stop."""
    ctx = make_ctx()
    purple = ctx.player(P)
    dock(ctx, daisy=13, rothstein=15)
    purple.trucks[0].district = 13
    drive(deliver(ctx, P, DELIVER, FLEET), ["buy daisy", "finish"])
    assert ship(ctx, "daisy").port == 16  # 15 holds Rothstein's ship


def test_empty_ship_sells_a_supply_barrel_at_the_leftmost_price() -> None:
    """R-TRUCK-11, GAP-8: an empty ship charges $9 and the barrel comes from the supply."""
    ctx = make_ctx()
    purple = ctx.player(P)
    dock(ctx, daisy=16)
    ship(ctx, "daisy").removed = 5
    purple.trucks[0].district = 16
    supply = ctx.state.supply_barrels
    purple.pocket, purple.safe = 9, 0
    drive(deliver(ctx, P, DELIVER, FLEET), ["buy daisy", "finish"])
    assert purple.pocket == 0
    assert ctx.state.supply_barrels == supply - 1
    assert ship(ctx, "daisy").removed == 5


def test_buying_needs_the_money_and_may_launder() -> None:
    """R-MONEY-2/6: $5 from a $10 safe works; with less it is greyed out with the reason."""
    ctx = make_ctx()
    purple = ctx.player(P)
    dock(ctx, daisy=16)
    purple.trucks[0].district = 16
    purple.pocket, purple.safe = 0, 10
    drive(deliver(ctx, P, DELIVER, FLEET), ["buy daisy", "finish"])
    assert purple.safe == 0
    ship(ctx, "daisy").port = 16  # back in port for the next check
    purple.pocket, purple.safe = 3, 4  # $5 spendable, the next barrel costs $6
    decision = next(deliver(ctx, P, DELIVER, FLEET))
    assert "buy" not in kinds(decision)
    assert [b.error.code for b in decision.blocked] == ["cannot-pay"]


def test_unused_points_are_lost() -> None:
    """R-TRUCK-14: a stopped truck loses its points; the next action has the full range."""
    ctx = make_ctx()
    purple = ctx.player(P)
    purple.levels[Track.FLEET] = 2
    purple.trucks[0].district = 4
    drive(deliver(ctx, P, DELIVER, FLEET), ["move 7", "finish"])
    finish = next(e for e in ctx.events if e.kind == "truck_finish")
    assert finish.data["unused"] == 1
    drive(deliver(ctx, P, DELIVER, FLEET), ["move 10", "move 13", "finish"])
    assert purple.trucks[0].district == 13  # 2 moves again


def test_truck_decision_carries_its_points_as_data() -> None:
    """R-TRUCK-7: each truck decision states the truck, where it is, its load and the points
    left as structured facts, so no program has to read them from the prompt."""
    ctx = make_ctx()
    purple = ctx.player(P)
    purple.levels[Track.FLEET] = 2
    purple.trucks[0].district = 4
    flow = deliver(ctx, P, DELIVER, FLEET)
    first = next(flow)
    assert first.kind == "truck"
    assert (first.fact("truck"), first.fact("district"), first.fact("points")) == (0, 4, 2)
    assert first.fact("barrels") == 0 and first.fact("missing", "none") == "none"
    second = flow.send(pick(first, "move 7"))
    assert (second.fact("district"), second.fact("points")) == (7, 1)


# ---------------------------------------------------------------------- worked examples
def test_e17_truck_example_step_by_step() -> None:
    """E17: buy 2 ($5 + $6), the ship sails to 6, deliver to the casino (not the NC), 16 -> 10
    in 3 points, deliver to the bar, 1 point unused."""
    ctx = make_ctx()
    yellow = ctx.player(Y)
    yellow.levels[Track.FLEET] = 2
    yellow.pocket, yellow.safe = 20, 0
    yellow.hand = ["fleet-10"]
    dock(ctx, daisy=16, st_clair=1, rothstein=2, smuggler_4=7)
    ctx.state.districts[16].police = True
    casino = put_building(ctx, Y, 16, 0, BuildingType.CASINO, protected=True)
    nightclub = put_building(ctx, Y, 16, 1, BuildingType.NIGHTCLUB)
    bar = put_building(ctx, Y, 10, 0, BuildingType.BAR)
    yellow.trucks[0].district = 16
    daisy = ship(ctx, "daisy")

    flow = play_card(ctx, Y, "fleet-10")
    decision = next(flow)
    assert [e.data["range"] for e in ctx.events if e.kind == "truck_range"] == [4]
    assert decision.kind == "truck"
    buy = next(o for o in decision.options if o.kind == "buy")
    assert str(buy) == "buy daisy" and "$5" in buy.label
    decision = flow.send(buy)
    buy = next(o for o in decision.options if o.kind == "buy")
    assert "$6" in buy.label
    decision = flow.send(buy)
    assert yellow.pocket == 20 - 11
    assert yellow.trucks[0].barrels == 2
    assert [str(o) for o in decision.options if o.kind == "deliver"] == ["deliver 16 0"]
    assert {str(b.action): b.error.code for b in decision.blocked} == {
        "buy daisy": "truck-full",
        "deliver 16 1": "not-operating",
    }
    decision = flow.send(next(o for o in decision.options if str(o) == "deliver 16 0"))
    assert casino.barrel and not nightclub.barrel
    assert daisy.port == 16  # still in port until the truck moves on
    for step in ("move 14", "move 11", "move 10"):
        decision = flow.send(next(o for o in decision.options if str(o) == step))
        assert daisy.port == 6  # sailed clockwise to the next free port, once
    decision = flow.send(next(o for o in decision.options if str(o) == "deliver 10 0"))
    assert bar.barrel
    finish = next(o for o in decision.options if o.kind == "finish")
    assert "1 unused movement point" in finish.label
    with pytest.raises(StopIteration):
        flow.send(finish)
    assert [e.data["port"] for e in ctx.events if e.kind == "ship_moves"] == [6]
    assert yellow.trucks[0].barrels == 0
    assert yellow.trucks[0].district == 10


def test_e18_truck_example_step_by_step() -> None:
    """E18: Garage left person, range 5 for both trucks; truck A 8 -> 4 -> 7 -> 8 -> 9 -> 5,
    the ship sails 7 -> 13; truck B enters 8 for free, goes to 15 and back to 13 to buy."""
    ctx = make_ctx()
    purple = ctx.player(P)
    purple.levels[Track.FLEET] = 3
    purple.pocket, purple.safe = 30, 0
    purple.hand = ["fleet-05"]
    dock(ctx, rothstein=7, daisy=1, st_clair=2, smuggler_4=15)
    put_building(ctx, P, 8, 0, BuildingType.DISTILLERY)
    purple.distillery_barrels = 4
    bar4 = put_building(ctx, P, 4, 0, BuildingType.BAR)
    casino4 = put_building(ctx, P, 4, 1, BuildingType.CASINO)
    bar9 = put_building(ctx, P, 9, 0, BuildingType.BAR)
    nightclub5 = put_building(ctx, P, 5, 0, BuildingType.NIGHTCLUB)
    bars15 = [put_building(ctx, P, 15, i, BuildingType.BAR) for i in (0, 1)]
    truck_a, truck_b = purple.trucks
    truck_a.district = 8
    rothstein = ship(ctx, "rothstein")

    def buy_at(price: int) -> Check:
        def check(decision: Decision) -> str:
            option = next(o for o in decision.options if o.kind == "buy")
            assert f"${price}" in option.label
            return str(option)

        return check

    def ship_at(port: int, answer: str) -> Check:
        def check(decision: Decision) -> str:
            assert rothstein.port == port
            return answer

        return check

    def passing_13_full(answer: str) -> Check:
        def check(decision: Decision) -> str:
            assert rothstein.port == 13
            assert "buy" not in kinds(decision)  # truck B is full: buying is greyed out
            blocked = [b.error.code for b in decision.blocked if b.action.kind == "buy"]
            assert blocked == ["truck-full"]
            return answer

        return check

    steps_a: list[str | Check] = [
        *("truck 1", "load", "load"),  # truck A loads 2 of the 4 distillery barrels
        *("move 4", "deliver 4 0", "deliver 4 1"),  # MP 1: the bar and the casino in 4
        *("move 7", buy_at(5), buy_at(6)),  # MP 2: two barrels from Rothstein's ship
        *(ship_at(7, "move 8"), ship_at(13, "move 9"), "deliver 9 0"),  # the ship sailed on
        *("move 5", "deliver 5 0", "finish"),  # all 5 MP used
    ]
    steps_b: list[str | Check] = [
        *("enter 8", "load", "load"),  # truck B enters for free
        *("move 7", "move 10", "move 13", passing_13_full("move 15")),  # 4 MP to 15, via 13
        *("deliver 15 0", "deliver 15 1"),
        *("move 13", buy_at(7), buy_at(8), "finish"),  # the last MP: back to 13 to buy
    ]
    script = [*steps_a, *steps_b]
    _, seen = drive(play_card(ctx, P, "fleet-05", range_bonus=2), script)
    assert [e.data for e in ctx.events if e.kind == "truck_range"] == [{"range": 5, "trucks": 2}]
    assert seen[0].kind == "truck_choose"
    finish_a = seen[14]
    # by default truck A may still hand over to B, which has not acted (R-TRUCK-5)
    assert [str(o) for o in finish_a.options] == ["wait", "finish"]
    enter = seen[15]
    assert kinds(enter) == {"enter", "finish"}
    assert [b.barrel for b in (bar4, casino4, bar9, nightclub5, *bars15)] == [True] * 6
    assert purple.distillery_barrels == 0
    assert (truck_a.district, truck_a.barrels) == (5, 0)
    assert (truck_b.district, truck_b.barrels) == (13, 2)
    assert purple.pocket == 30 - (5 + 6 + 7 + 8)
    moves = [(e.data["origin"], e.data["port"]) for e in ctx.events if e.kind == "ship_moves"]
    assert moves == [(7, 13), (13, 16)]  # 15 holds a ship, so the second stop goes to 16
    assert rothstein.removed == 4


def random_chooser(seed: int) -> Callable[[Decision], Action]:
    rng = random.Random(seed)
    return lambda decision: rng.choice(decision.options)


def test_full_random_walks_stay_legal() -> None:
    """Random choices: barrels are conserved, trucks never exceed capacity, options stay few."""
    for seed in range(20):
        ctx = make_ctx()
        purple = ctx.player(P)
        purple.levels[Track.FLEET] = 3 + seed % 3
        purple.pocket = 40
        put_building(ctx, P, 8, 0, BuildingType.DISTILLERY)
        put_building(ctx, P, 4, 0, BuildingType.BAR)
        put_building(ctx, P, 13, 0, BuildingType.CASINO)
        purple.distillery_barrels = 3
        before = barrels_in_game(ctx)
        _, seen = drive(deliver(ctx, P, DELIVER, FLEET), random_chooser(seed))
        assert barrels_in_game(ctx) == before
        assert all(t.barrels <= 2 for t in purple.trucks)
        assert all(len(d.options) <= 18 for d in seen)

"""Truck planning for humans: what can my trucks deliver this action, and what is the best plan?

Rules: R-TRUCK-1..14, R-TRUCK-2/3 (range and trucks, through
:func:`speakeasy.games.speakeasy.rules.delivery.delivery_range`), R-TRUCK-4 (free entry for a truck
off the map), R-TRUCK-5 (plans move one truck after the other, see below), R-TRUCK-6 (capacity
2), R-TRUCK-7/8 (moves along board edges, never across Central Park), R-TRUCK-9 (pick-ups and
deliveries cost no movement), R-TRUCK-10 (load at the operating distillery), R-TRUCK-11 (buy
from the ship at this district's port at its track price, R-SHIP-2, GAP-8), R-TRUCK-12 (the
ship sails clockwise to the next free port once, when the buying stop ends, E17, E18),
R-TRUCK-13 (1 barrel to each operating bar, nightclub or casino without one), R-TRUCK-14
(stopping early), R-CLOSED-2 (closed districts are passable), R-MONEY-2/6 (money is limited by
:func:`speakeasy.games.speakeasy.rules.money.spendable`), R-NOTOR-2 (sale prices), R-GOLDEN-3.

Nothing here changes the game: the planner reads the position once into plain values.

* :func:`possible_deliveries` lists every building of the player that one barrel could reach
  this action, and how (truck, source, pick-up district, distance, route).
* :func:`best_plan` finds the best plan for all available trucks. The objective, in order:

  1. the most barrels delivered;
  2. then the highest total sale value of the delivered barrels at the player's current prices
     (:func:`speakeasy.games.speakeasy.rules.barrels.sale_price`, R-NOTOR-2);
  3. then the least money spent on ship barrels.

  Ties are broken deterministically: the first plan in a fixed search order (more deliveries
  at a stop first, nearer stops first, a truck off the map first). Barrels loaded at the
  distillery but never delivered are then left there, as barrels cannot move between trucks
  (R-TRUCK-6), and stops left with nothing to do are skipped.

The plan shape: one truck after the other, each finishing before the next moves. That is every
way to play with ``Options.finish_one_truck_first``; by default the rules let a truck hand over
to the other between its steps (R-TRUCK-5: both books only advise finishing one first), and an
interleaved play may then do better when a ship one truck bought from sails on to where the
other can meet it. The planner does not search interleaved plays, so its best is the best
sequential plan (exact), a lower bound of what the action can do by default.

The search over that shape is exact. A truck's turn is a sequence of *stops* (districts where
it does something: its distillery's district, ports with a ship, districts with a target) joined by
shortest routes; a detour never helps, because nothing happens on the way. At each stop the
truck may load ``l`` barrels, buy ``k`` and deliver ``t`` in every combination its capacity
allows (deliveries go to the best-paying buildings of the district first, which never loses
value). The ship moves and rising ship prices, the shared distillery barrels and targets, the
money left, both truck orders and every free entry district are part of the search state.

To be fast it is a memoised branch and bound: each distinct situation is solved once (the memo
keys cap the money, distillery barrels and supply at what could still be used, since each
further barrel bought is delivered or left on a truck); a branch is cut when an optimistic
bound (targets in reach, what a truck can carry between pick-up stops, barrels that exist, the
best prices, the cheapest barrels on offer) cannot beat the best plan known; and the root
looks first for the best thinkable outcome, then for the next one (aspiration), which makes
the cuts tight from the start.

The package's modules: :mod:`~speakeasy.games.speakeasy.studies.planner.plans` (the answers:
deliveries and plans), :mod:`~speakeasy.games.speakeasy.studies.planner.problem` (the position as
plain values, :func:`possible_deliveries`) and
:mod:`~speakeasy.games.speakeasy.studies.planner.search` (the exact search, :func:`best_plan`).

>>> import random
>>> from speakeasy.games.speakeasy.rules.context import Ctx
>>> from speakeasy.games.speakeasy.model.board import load_board
>>> from speakeasy.games.speakeasy.model.catalog import load_catalog
>>> from speakeasy.games.speakeasy.model.options import Options
>>> from speakeasy.games.speakeasy.engine.setup import new_state
>>> from speakeasy.games.speakeasy.model.state import Building, BuildingType, Colour, Track
>>> catalog, board = load_catalog(), load_board(4)
>>> state = new_state(list(Colour), random.Random(7), catalog, board, Options(), lambda e: None)
>>> ctx = Ctx(state, catalog, board, random.Random(0), Options(), seats=4)
>>> for district in state.districts.values():
...     district.police = False
>>> purple = state.players[Colour.PURPLE]
>>> purple.levels[Track.FLEET] = 2
>>> purple.trucks[0].district = 8
>>> def build(district: int, kind: BuildingType) -> None:
...     spot = state.districts[district].spaces[0]
...     spot.gangster_bar, spot.building = False, Building(Colour.PURPLE, kind, "test")
>>> build(8, BuildingType.DISTILLERY)
>>> purple.distillery_barrels = 3
>>> build(4, BuildingType.BAR)
>>> build(12, BuildingType.CASINO)
>>> for d in possible_deliveries(ctx, Colour.PURPLE):
...     print(d.district, d.building.value, d.source, d.ship, d.distance, d.route)
4 bar distillery None 1 (8, 4)
4 bar ship smuggler-4 2 (8, 7, 4)
12 casino distillery None 2 (8, 9, 12)
>>> plan = best_plan(ctx, Colour.PURPLE)
>>> plan.objective  # (barrels delivered, sale value, -money spent)
(1, 14, 0)
>>> plan.actions()
['load', 'move 9', 'move 12', 'deliver 12 0', 'finish']
>>> print(plan.describe())  # doctest: +NORMALIZE_WHITESPACE
1 barrel delivered, sale value $14, $0 spent (range 2, 1 truck).
Truck 1: districts 8 → 9 → 12; loads 1 at the distillery; delivers to the casino in
district 12 ($14).
"""

from speakeasy.games.speakeasy.studies.planner.plans import (
    DeliveredBarrel,
    Delivery,
    Plan,
    Purchase,
    TruckPlan,
)
from speakeasy.games.speakeasy.studies.planner.problem import (
    PLAIN_FLEET,
    DeliveryProblem,
    DeliveryTarget,
    ShipPrices,
    delivery_problem,
    possible_deliveries,
)
from speakeasy.games.speakeasy.studies.planner.search import best_plan

__all__ = [
    "PLAIN_FLEET",
    "DeliveredBarrel",
    "Delivery",
    "DeliveryProblem",
    "DeliveryTarget",
    "Plan",
    "Purchase",
    "ShipPrices",
    "TruckPlan",
    "best_plan",
    "delivery_problem",
    "possible_deliveries",
]

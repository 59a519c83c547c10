"""The truck planner's answers: one barrel's possible deliveries, and the plan for every truck.

:class:`Delivery` is one way one barrel can reach one building
(:func:`~speakeasy.games.speakeasy.studies.planner.problem.possible_deliveries`); a :class:`Plan`
is what :func:`~speakeasy.games.speakeasy.studies.planner.search.best_plan` finds: one
:class:`TruckPlan` per available truck (R-TRUCK-3), in the order they move (one after the other,
the plan shape of :mod:`speakeasy.games.speakeasy.studies.planner`; R-TRUCK-5), with the
barrels delivered (sale prices, R-NOTOR-2) and bought from ships (R-TRUCK-11), and the engine's
action strings that carry it out.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from speakeasy.games.speakeasy.model.state import BuildingType, Colour
from speakeasy.tools.text import plural

__all__ = ["DeliveredBarrel", "Delivery", "Plan", "Purchase", "SourceKind", "TruckPlan"]

SourceKind = Literal["truck", "distillery", "ship"]
_NAMES = {
    BuildingType.BAR: "bar",
    BuildingType.NIGHTCLUB: "nightclub",
    BuildingType.CASINO: "casino",
    BuildingType.DISTILLERY: "distillery",
}


# ---------------------------------------------------------------------- results
@dataclass(frozen=True, slots=True)
class Delivery:
    """One way one barrel can reach one building this action (:func:`possible_deliveries`).

    ``truck`` is 0-based (the engine's ``truck <n>`` is ``truck + 1``). ``source`` is
    ``"truck"`` (a barrel already on the truck), ``"distillery"`` (loaded in ``pickup``, the
    operating distillery's district, R-TRUCK-10) or ``"ship"`` (bought from ``ship`` docked in
    ``pickup`` for ``cost``, R-TRUCK-11). ``distance`` is the fewest movement points needed and
    ``route`` one such route: districts from the truck's district, or from its free entry
    district if it is off the map (R-TRUCK-4). ``price`` is the building's sale price
    (R-NOTOR-2).
    """

    district: int
    space: int
    building: BuildingType
    price: int
    truck: int
    source: SourceKind
    pickup: int | None
    ship: str | None
    cost: int
    distance: int
    route: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class DeliveredBarrel:
    """A barrel a plan delivers: where, to what, and its sale price there (R-NOTOR-2)."""

    district: int
    space: int
    building: BuildingType
    price: int


@dataclass(frozen=True, slots=True)
class Purchase:
    """A barrel a plan buys from a ship (R-TRUCK-11): the ship, its port then, the price, and
    the smuggler's name for people (``ship`` is the ID the actions use)."""

    ship: str
    district: int
    price: int
    name: str = ""

    @property
    def ship_text(self) -> str:
        """``Arnold Rothstein's ship`` (the ID only if the name is unknown)."""
        return f"{self.name}'s ship" if self.name else f"the {self.ship} ship"


@dataclass(frozen=True, slots=True)
class TruckPlan:
    """What one truck does. ``truck`` is 0-based.

    ``steps`` are the engine's action strings for this truck in the order the engine accepts
    them (``enter``, ``move``, ``load``, ``buy``, ``deliver``), always ending with ``finish``.
    ``route`` lists the districts the truck stands in, in order, moves expanded along a
    shortest route (empty for a truck that stays off the map). ``loaded`` counts the barrels
    loaded at the distillery, ``barrels_left`` those on the truck at the end.
    """

    truck: int
    start: int | None
    steps: tuple[str, ...]
    route: tuple[int, ...]
    delivered: tuple[DeliveredBarrel, ...]
    bought: tuple[Purchase, ...]
    loaded: int
    barrels_left: int

    @property
    def cost(self) -> int:
        """Money paid for ship barrels."""
        return sum(p.price for p in self.bought)

    @property
    def value(self) -> int:
        """Total sale value of the delivered barrels."""
        return sum(d.price for d in self.delivered)

    @property
    def moves(self) -> int:
        """Movement points used."""
        return sum(1 for s in self.steps if s.startswith("move "))

    @property
    def used(self) -> bool:
        """Whether the truck does anything at all."""
        return self.steps != ("finish",)


@dataclass(frozen=True, slots=True)
class Plan:
    """The best plan for one pick-up-and-deliver action (see :func:`best_plan`).

    ``trucks`` holds one :class:`TruckPlan` per available truck (R-TRUCK-3), in the order they
    move, each finishing before the next (the planner's plan shape; R-TRUCK-5 allows more by
    default): the trucks that do something first. ``available`` is the number of trucks.
    """

    colour: Colour
    truck_range: int
    available: int
    trucks: tuple[TruckPlan, ...]

    @property
    def delivered(self) -> int:
        """Barrels delivered (objective 1)."""
        return sum(len(t.delivered) for t in self.trucks)

    @property
    def value(self) -> int:
        """Total sale value of the delivered barrels (objective 2)."""
        return sum(t.value for t in self.trucks)

    @property
    def spent(self) -> int:
        """Money spent on ship barrels (objective 3, smaller is better)."""
        return sum(t.cost for t in self.trucks)

    @property
    def objective(self) -> tuple[int, int, int]:
        """``(delivered, value, -spent)``: larger is better, compared in this order."""
        return self.delivered, self.value, -self.spent

    def actions(self) -> list[str]:
        """The whole plan as the engine's action strings for the ``deliver`` flow.

        With two trucks the flow first asks which truck moves (``truck <n>``, or ``done`` to
        move none); the other one then moves without being asked (R-TRUCK-5). Each truck's
        steps end with ``finish``; the plan never uses ``wait`` (it is sequential), which the
        flow may offer as well.
        """
        if self.available >= 2 and not any(t.used for t in self.trucks):
            return ["done"]
        out: list[str] = []
        for position, truck in enumerate(self.trucks):
            if self.available - position >= 2:
                out.append(f"truck {truck.truck + 1}")
            out.extend(truck.steps)
        return out

    def describe(self) -> str:
        """The plan in plain English: a summary line, then one line per truck that moves."""
        lines = [
            f"{plural(self.delivered, 'barrel')} delivered, sale value ${self.value}, "
            f"${self.spent} spent (range {self.truck_range}, {plural(self.available, 'truck')})."
        ]
        for t in self.trucks:
            if not t.used:
                continue
            where = " → ".join(str(d) for d in t.route)
            parts = [f"districts {where}" if len(t.route) > 1 else f"district {where}"]
            if t.loaded:
                parts.append(f"loads {t.loaded} at the distillery")
            if t.bought:
                parts.append(
                    "buys "
                    + ", ".join(
                        f"from {b.ship_text} in district {b.district} (${b.price})"
                        for b in t.bought
                    )
                )
            if t.delivered:
                parts.append(
                    "delivers to "
                    + ", ".join(
                        f"the {_NAMES[d.building]} in district {d.district} (${d.price})"
                        for d in t.delivered
                    )
                )
            if t.barrels_left:
                parts.append(f"ends with {plural(t.barrels_left, 'barrel')}")
            lines.append(f"Truck {t.truck + 1}: " + "; ".join(parts) + ".")
        return "\n".join(lines)

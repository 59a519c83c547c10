"""Game options: the official variant and every switchable ASSUMED reading, off by default.

The rulebooks' literal reading is always the default; a switch names the rule it changes.
Two switches keep stricter readings the engine used to enforce (issue 26 items 4 and 5):
``finish_one_truck_first`` (R-TRUCK-5, a recommendation in both books) and
``no_ally_with_returned_partner`` (R-ALLY-4, not in the text).

>>> Options().distillery_rebuild, Options().takeover_helper_pays_cost
(False, True)
>>> Options.from_data({"distillery_rebuild": True}).distillery_rebuild
True
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True, slots=True)
class Options:
    """Rule switches. Each field names the rule or gap it changes."""

    #: R-VARIANT-1: a distillery lost in a gang war returns to the operations board.
    distillery_rebuild: bool = False
    #: DISC-5: area goals need protected (PL) rather than operating (CZ) buildings.
    area_goals_require_protection: bool = False
    #: DISC-2: City Hall and the Docks have 2 persons at 2p (CZ) instead of 1 (PL).
    two_persons_at_city_hall_and_docks_2p: bool = False
    #: R-TAKEOVER-6: the "take over ignoring defence" helper still pays the building cost.
    takeover_helper_pays_cost: bool = True
    #: GAP-25, DISC-9: the fleet card's "+2 range" lasts beyond the card's own action.
    fleet_range_bonus_lasts: bool = False
    #: R-LOC-GEN-1, R-LOC-CENTRALPARK-1/5: Central Park may swap with a capo in the Restaurant
    #: (the rulebooks' reading, on by default: the Restaurant's person takes any number of capos).
    restaurant_swap: bool = True
    #: R-TRUCK-5 (ASSUMED, off by default): once a truck has moved it finishes before the other
    #: truck moves. Both books only advise it (CZ "je vhodné zcela pohnout jedním, než začnete
    #: pohybovat druhým", PL "zalecane jest zakończenie ruchu jednej z nich"), so by default a
    #: truck may hand over to the other one (``wait``) between any two of its steps and resume
    #: later with the movement points it has left (after doing something since it last took
    #: over, so the action ends); with this switch only before its first move, once (E18).
    finish_one_truck_first: bool = False
    #: R-ALLY-4 (ASSUMED, off by default): the partner just returned (R-ALLY-1) may not be
    #: chosen again in the same action. The text returns it to the gangster board first and
    #: then lets you choose any gangster there, so by default you may re-ally with it.
    no_ally_with_returned_partner: bool = False

    def __post_init__(self) -> None:
        """Every option is checked when made, as loading checks it, so a game that starts can
        always be saved and loaded again (issue 26, item 8)."""
        for f in dataclasses.fields(self):
            value = getattr(self, f.name)
            if not isinstance(value, bool):
                raise ValueError(f"option {f.name!r} must be true or false, got {value!r:.40}")

    def to_data(self) -> dict[str, bool]:
        return {f.name: getattr(self, f.name) for f in dataclasses.fields(self)}

    @classmethod
    def from_data(cls, data: Mapping[str, Any] | None) -> Options:
        """Build from a mapping (``None``: the defaults); anything else (a list of pairs, say),
        unknown names or non-boolean values raise ``ValueError``.

        >>> Options.from_data([("restaurant_swap", False)])
        Traceback (most recent call last):
        ...
        ValueError: options must be a table of option names and true/false, not list
        """
        if data is not None and not isinstance(data, Mapping):
            raise ValueError(
                f"options must be a table of option names and true/false, not {type(data).__name__}"
            )
        data = dict(data or {})
        names = {f.name for f in dataclasses.fields(cls)}
        unknown = sorted(map(str, set(data) - names))
        if unknown:
            raise ValueError(f"unknown option(s): {', '.join(unknown)}; known: {sorted(names)}")
        return cls(**data)

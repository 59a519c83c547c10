"""The kinds of events and decisions, and the data each kind of event carries.

Rules emit :class:`~speakeasy.core.actions.Event` values and ask for
:class:`~speakeasy.core.actions.Decision` values; their ``kind`` is one of :class:`EventKind`
and :class:`DecisionKind`. Both are string enums, so a kind compares equal to its name and
saved games, the golden playthrough and ``event.kind == "bought"`` style checks keep working:

>>> EventKind.SELL == "sell", DecisionKind("capo") is DecisionKind.CAPO
(True, True)

Each event kind declares its data: every key with its JSON type, some keys optional.
:func:`check_event` compares an event's data with that declaration and refuses missing,
unexpected or mistyped data, so a rule and the code reading its events cannot drift apart:

>>> check_event("sell", {"district": 5, "space": 0, "building": "bar", "price": 9})
<EventKind.SELL: 'sell'>
>>> check_event("sell", {"district": 5, "space": 0, "building": "bar"})
Traceback (most recent call last):
...
speakeasy.games.speakeasy.model.kinds.EventDataError: event 'sell': missing data 'price'
>>> check_event("sell", {"district": "5", "space": 0, "building": "bar", "price": 9})
Traceback (most recent call last):
...
speakeasy.games.speakeasy.model.kinds.EventDataError: event 'sell': data 'district' must be int, not
str
>>> check_event("bought", {})
Traceback (most recent call last):
...
speakeasy.games.speakeasy.model.kinds.EventDataError: unknown event kind 'bought'
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from types import NoneType, UnionType
from typing import Any, Final

__all__ = [
    "EVENT_DATA",
    "DecisionKind",
    "EventData",
    "EventDataError",
    "EventKind",
    "check_event",
]


class EventKind(StrEnum):
    """Every kind of event the rules emit (its value is the name saved in logs)."""

    # setup
    SOLO_SANDBOX = "solo_sandbox"
    SCENARIO = "scenario"
    CLOSED_DISTRICTS = "closed_districts"
    SETUP_GANGSTERS = "setup_gangsters"
    FIRST_PLAYER = "first_player"
    # acts and rounds
    ROUND = "round"
    CAPO_RETURN = "capo_return"
    CASINO_INCOME = "casino_income"
    TURN_ORDER = "turn_order"
    # capos and locations
    CAPO = "capo"
    SWAP = "swap"
    NO_COMPENSATION = "no_compensation"
    RESTAURANT = "restaurant"
    # cards and levels
    DRAW = "draw"
    DISCARD = "discard"
    PLAY_CARD = "play_card"
    NO_CARD = "no_card"
    RAISE = "raise"
    NO_RAISE = "no_raise"
    NOTORIETY_REWARD = "notoriety_reward"
    RANGE_BONUS = "range_bonus"
    # resources
    CASH = "cash"
    LEVERAGE = "leverage"
    BOOK = "book"
    GOON = "goon"
    MAFIOSO = "mafioso"
    NO_MAFIOSO = "no_mafioso"
    GAIN_HELPER = "gain_helper"
    USE_HELPER = "use_helper"
    NO_HELPER = "no_helper"
    GAIN_CITY_TOKEN = "gain_city_token"
    PLAY_CITY_TOKEN = "play_city_token"
    NO_CITY_TOKEN = "no_city_token"
    COOK_BOOK = "cook_book"
    NO_BOOK = "no_book"
    NO_GOAL = "no_goal"
    ALLY = "ally"
    PARTNER_RETURNED = "partner_returned"
    NO_GANGSTER = "no_gangster"
    # buildings
    OPEN = "open"
    TAKEOVER = "takeover"
    UPGRADE = "upgrade"
    BUILD_IMPOSSIBLE = "build_impossible"
    PROTECT = "protect"
    PROTECT_END = "protect_end"
    PROTECT_IMPOSSIBLE = "protect_impossible"
    # barrels
    PRODUCE = "produce"
    NO_PRODUCTION = "no_production"
    SELL = "sell"
    SOLD = "sold"
    NO_SALE = "no_sale"
    # trucks
    TRUCK_RANGE = "truck_range"
    TRUCK_ENTER = "truck_enter"
    TRUCK_MOVE = "truck_move"
    TRUCK_LOAD = "truck_load"
    TRUCK_BUY = "truck_buy"
    TRUCK_DELIVER = "truck_deliver"
    TRUCK_FINISH = "truck_finish"
    # smugglers' ships
    SHIP_MOVES = "ship_moves"
    NO_SHIP_ATTACK = "no_ship_attack"
    SHIP_ATTACK = "ship_attack"
    CRATE = "crate"
    NO_CRATE = "no_crate"
    SHIP_BARREL = "ship_barrel"
    NO_BARREL = "no_barrel"
    SHIP_MAFIOSO = "ship_mafioso"
    # the Lucky Luciano phase: gang war
    GANG_WAR = "gang_war"
    GANGSTER_ARRIVES = "gangster_arrives"
    GANGSTER_BARS_PLACED = "gangster_bars_placed"
    WAR_STRENGTH = "war_strength"
    DEFENCE_IMPOSSIBLE = "defence_impossible"
    BUILDING_HOLDS = "building_holds"
    DEFENCE_FAILED = "defence_failed"
    DEFENCE_DECLINED = "defence_declined"
    BUILDING_LOST = "building_lost"
    GANGSTER_LEAVES = "gangster_leaves"
    GANGSTER_TILES_BOXED = "gangster_tiles_boxed"
    WAR_TOKENS_REVEALED = "war_tokens_revealed"
    # police, area control and payout
    POLICE_ARRIVE = "police_arrive"
    POLICE_TOKENS_PLACED = "police_tokens_placed"
    CONTROL_MARKERS_RESET = "control_markers_reset"
    DISTRICT_CONTROL = "district_control"
    CONTROL_TRACK = "control_track"
    PAYOUT = "payout"
    # the end
    FINAL_SCORE = "final_score"
    GAME_OVER = "game_over"


class DecisionKind(StrEnum):
    """Every kind of decision the rules ask a player for."""

    # the prologue and the turn
    PROLOGUE_CARD = "prologue_card"
    USE_HELPER = "use_helper"
    CAPO = "capo"
    SWAP = "swap"
    COMPENSATION = "compensation"
    RESTAURANT_SPACE = "restaurant_space"
    RESTAURANT_ACTION = "restaurant_action"
    TURN_DRAW = "turn_draw"
    # cards and levels
    DRAW = "draw"
    DISCARD = "discard"
    PLAY_CARD = "play_card"
    RAISE = "raise"
    RAISE_MORE = "raise_more"
    # resources
    HIRE_GOON = "hire_goon"
    MAFIOSO = "mafioso"
    DOCKS_ROW = "docks_row"
    DOCKS_MOVE = "docks_move"
    GAIN_HELPER = "gain_helper"
    USE_OFFER_HELPER = "use_offer_helper"
    CITY_TOKEN = "city_token"
    CITY_MIDDLE = "city_middle"
    CITY_LIMIT = "city_limit"
    PLAY_CITY_TOKEN = "play_city_token"
    COOK_BOOK = "cook_book"
    ALLY = "ally"
    # buildings
    BUILD = "build"
    BUILD_SPACE = "build_space"
    TAKEOVER_BOOST = "takeover_boost"
    PROTECT = "protect"
    # barrels, trucks and ships
    SELL = "sell"
    TRUCK_CHOOSE = "truck_choose"
    TRUCK = "truck"
    ATTACK_SHIP = "attack_ship"
    SHIP_HIRE = "ship_hire"
    SHIP_BARREL = "ship_barrel"
    SHIP_MAFIOSO = "ship_mafioso"
    # the gang war
    GANG_WAR_DEFENCE = "gang_war_defence"
    REBUILD_DISTILLERY = "rebuild_distillery"


class EventDataError(TypeError):
    """An event's data does not match what its kind declares (a bug in a rule)."""


#: The JSON type of one data key: ``int``, ``str | None``, ``list``...
JsonType = type | UnionType


@dataclass(frozen=True, slots=True)
class EventData:
    """The data one kind of event carries: each key with its JSON type.

    Keys in ``optional`` may be left out (``capo`` names a ``person`` only when the capo
    talks to one); every other key must be there. Values must have exactly the declared types
    (plain JSON values: a bool is not an int, an enum member is not a str).
    """

    types: Mapping[str, JsonType]
    optional: frozenset[str] = frozenset()
    required: frozenset[str] = field(init=False)
    _exact: Mapping[str, tuple[type, ...]] = field(init=False, repr=False)

    def __post_init__(self) -> None:
        if not self.optional <= frozenset(self.types):
            raise ValueError(f"optional keys {sorted(self.optional)} must be declared")
        object.__setattr__(self, "required", frozenset(self.types) - self.optional)
        exact = {key: _members(expected) for key, expected in self.types.items()}
        object.__setattr__(self, "_exact", exact)

    def matches(self, data: Mapping[str, Any]) -> bool:
        """Whether ``data`` has every required key, no other key, and the declared types."""
        if not self.required <= data.keys():
            return False
        exact = self._exact
        for key, value in data.items():  # noqa: SIM110 (every event is checked: no generator)
            if type(value) not in exact.get(key, ()):
                return False
        return True

    def problems(self, data: Mapping[str, Any]) -> list[str]:
        """What is wrong with ``data`` (nothing for matching data)."""
        keys = data.keys()
        found = [f"missing data {k!r}" for k in sorted(self.required - keys)]
        found += [f"unexpected data {k!r}" for k in sorted(keys - self.types.keys())]
        for key, value in data.items():
            if key in self.types and type(value) not in self._exact[key]:
                found.append(
                    f"data {key!r} must be {_type_name(self.types[key])}, not "
                    f"{type(value).__name__}"
                )
        return found


def _members(expected: JsonType) -> tuple[type, ...]:
    """The types of ``int`` or ``str | None``: ``(int,)``, ``(str, NoneType)``."""
    return expected.__args__ if isinstance(expected, UnionType) else (expected,)


def _type_name(expected: JsonType) -> str:
    return " | ".join("None" if t is NoneType else t.__name__ for t in _members(expected))


def _data(*optional: str, **types: JsonType) -> EventData:
    return EventData(types, frozenset(optional))


#: The data of a ``defence_*`` or ``building_holds`` event: the attacked building.
_ATTACKED: Final[Mapping[str, JsonType]] = {
    "district": int,
    "space": int,
    "building": str,
    "tile": str,
    "war_strength": int,
}
#: How a building was defended (R-COMBAT-3/4): goons returned, the partner and its price.
_DEFENDED: Final[Mapping[str, JsonType]] = {
    **_ATTACKED,
    "defence": int,
    "goons": int,
    "partner": bool,
    "free": bool,
    "paid": int,
}
#: Every building action: the piece from the operations board, where it goes, how it was paid.
_BUILT: Final[Mapping[str, JsonType]] = {
    "mode": str,
    "piece": str,
    "building": str,
    "district": int,
    "space": int,
    "cost": int,
    "discards": int,
    "paid_pocket": int,
    "paid_safe": int,
}
#: Why nothing could be built or protected: each refused option with its code and rule.
_REFUSED: Final[Mapping[str, JsonType]] = {"reasons": list, "source": str | None}

#: The data each kind of event carries.
EVENT_DATA: Final[Mapping[EventKind, EventData]] = {
    EventKind.SOLO_SANDBOX: _data(),
    EventKind.SCENARIO: _data(title=str, source=str),
    EventKind.CLOSED_DISTRICTS: _data(districts=list),
    EventKind.SETUP_GANGSTERS: _data(districts=dict),
    EventKind.FIRST_PLAYER: _data(order=list),
    EventKind.ROUND: _data(act=int, round=int, order=list),
    EventKind.CAPO_RETURN: _data(act=int, capos=int),
    EventKind.CASINO_INCOME: _data(amount=int, casinos=int),
    EventKind.TURN_ORDER: _data(order=list),
    EventKind.CAPO: _data("person", location=str, person=int),
    EventKind.SWAP: _data(location=str, other=str),
    EventKind.NO_COMPENSATION: _data(),
    EventKind.RESTAURANT: _data(space=int),
    EventKind.DRAW: _data(card=str),
    EventKind.DISCARD: _data(card=str),
    EventKind.PLAY_CARD: _data(card=str, replaced=str | None),
    EventKind.NO_CARD: _data(),
    EventKind.RAISE: _data(track=str, level=int, notoriety=int),
    EventKind.NO_RAISE: _data(),
    EventKind.NOTORIETY_REWARD: _data(space=int),
    EventKind.RANGE_BONUS: _data(n=int),
    EventKind.CASH: _data(amount=int, source=str),
    EventKind.LEVERAGE: _data(n=int),
    EventKind.BOOK: _data(n=int),
    # a free goon names how many (R-GOON-2), a hired one its price (R-GOON-1)
    EventKind.GOON: _data("n", "cost", n=int, cost=int),
    # the docks name the area and the space; the VIP area needs neither
    EventKind.MAFIOSO: _data("area", "space", to=str, area=str, space=int),
    EventKind.NO_MAFIOSO: _data(),
    EventKind.GAIN_HELPER: _data(helper=str),
    EventKind.USE_HELPER: _data(helper=str),
    EventKind.NO_HELPER: _data(),
    EventKind.GAIN_CITY_TOKEN: _data(token=str, column=str),
    EventKind.PLAY_CITY_TOKEN: _data(token=str),
    EventKind.NO_CITY_TOKEN: _data(),
    EventKind.COOK_BOOK: _data(goal=str, space=int, payout=int),
    EventKind.NO_BOOK: _data(),
    EventKind.NO_GOAL: _data(),
    EventKind.ALLY: _data(tile=str, district=int),
    EventKind.PARTNER_RETURNED: _data(tile=str, district=int),
    EventKind.NO_GANGSTER: _data(),
    EventKind.OPEN: _data(**_BUILT, token=str | None),
    # attack, goons and partner only when the takeover was fought (not R-TAKEOVER-6)
    EventKind.TAKEOVER: _data(
        "attack",
        "goons_returned",
        "partner",
        "partner_cost",
        **_BUILT,
        token=str | None,
        defence=int,
        ignore_defence=bool,
        attack=int,
        goons_returned=int,
        partner=str,
        partner_cost=int,
    ),
    EventKind.UPGRADE: _data(
        **_BUILT, removed=str, discount=int, kept_mafioso=bool, kept_barrel=bool
    ),
    EventKind.BUILD_IMPOSSIBLE: _data(**_REFUSED),
    EventKind.PROTECT: _data(
        district=int,
        space=int,
        building=str,
        cost=int,
        from_cards_and_bonuses=int,
        tokens_discarded=int,
    ),
    EventKind.PROTECT_END: _data(protected=int, leverage_lost=int),
    EventKind.PROTECT_IMPOSSIBLE: _data(**_REFUSED),
    EventKind.PRODUCE: _data(barrels=int, wanted=int, distillery_barrels=int),
    EventKind.NO_PRODUCTION: _data(),
    EventKind.SELL: _data(district=int, space=int, building=str, price=int),
    EventKind.SOLD: _data(barrels=int, total=int),
    EventKind.NO_SALE: _data(),
    EventKind.TRUCK_RANGE: _data(range=int, trucks=int),
    EventKind.TRUCK_ENTER: _data(truck=int, district=int),
    EventKind.TRUCK_MOVE: _data(truck=int, origin=int, district=int, points=int),
    EventKind.TRUCK_LOAD: _data(truck=int, district=int, barrels=int),
    EventKind.TRUCK_BUY: _data(
        truck=int, ship=str, district=int, price=int, from_pocket=int, from_safe=int, barrels=int
    ),
    EventKind.TRUCK_DELIVER: _data(truck=int, district=int, space=int, building=str, barrels=int),
    EventKind.TRUCK_FINISH: _data(truck=int, district=int | None, barrels=int, unused=int),
    EventKind.SHIP_MOVES: _data(ship=str, origin=int, port=int),
    EventKind.NO_SHIP_ATTACK: _data(reasons=dict),
    EventKind.SHIP_ATTACK: _data(
        ship=str, attack=int, defence=int, goons=int, hired=dict, cost=int
    ),
    EventKind.CRATE: _data(crate=str, cash=int, replacement=str | None),
    EventKind.NO_CRATE: _data(),
    # a barrel beside a building names its space; the distillery and the supply do not
    EventKind.SHIP_BARREL: _data("district", "space", to=str, district=int, space=int),
    EventKind.NO_BARREL: _data(),
    EventKind.SHIP_MAFIOSO: _data(area=str, space=int, to=str),
    EventKind.GANG_WAR: _data(act=int, deck=str, districts=list),
    EventKind.GANGSTER_ARRIVES: _data(district=int, tile=str, name=str, strength=int),
    # empty spaces left without a bar because the supply ran out (R-COMP-6, R-GANGWAR-9)
    EventKind.GANGSTER_BARS_PLACED: _data("unfilled", district=int, spaces=list, unfilled=list),
    EventKind.WAR_STRENGTH: _data(district=int, tile=str, war_strength=int),
    EventKind.DEFENCE_IMPOSSIBLE: _data(**_ATTACKED, best_defence=int),
    EventKind.BUILDING_HOLDS: _data(**_DEFENDED),
    EventKind.DEFENCE_FAILED: _data(**_DEFENDED),
    EventKind.DEFENCE_DECLINED: _data(**_DEFENDED),
    EventKind.BUILDING_LOST: _data(
        district=int,
        space=int,
        building=str,
        piece=str,
        tile=str,
        mafioso_lost=bool,
        barrels_returned=int,
        rebuild=bool,
        gangster_bar=bool,
    ),
    EventKind.GANGSTER_LEAVES: _data(district=int, tile=str),
    EventKind.GANGSTER_TILES_BOXED: _data(deck=str, count=int),
    EventKind.WAR_TOKENS_REVEALED: _data(districts=list),
    EventKind.POLICE_ARRIVE: _data(district=int),
    EventKind.POLICE_TOKENS_PLACED: _data(districts=list),
    EventKind.CONTROL_MARKERS_RESET: _data(),
    EventKind.DISTRICT_CONTROL: _data(
        area=str,
        district=int,
        case=str,
        rule=str,
        players=list,
        gangsters=bool,
        police=bool,
        gangster_bars=int,
        best=dict,
    ),
    EventKind.CONTROL_TRACK: _data(area=str, positions=dict, gangsters=int),
    EventKind.PAYOUT: _data(area=str, position=int, rank=int, amount=int, gangster_rank=int),
    EventKind.FINAL_SCORE: _data(
        colour=str,
        place=int,
        pocket=int,
        safe=int,
        buildings=list,
        building_points=int,
        unprotected=int,
        bottles=list,
        bottle_points=int,
        total=int,
        tie_breakers=dict,
    ),
    EventKind.GAME_OVER: _data(winners=list, shared_win=bool),
}


def check_event(kind: str, data: Mapping[str, Any]) -> EventKind:
    """The :class:`EventKind` of ``kind`` once ``data`` matches its declaration.

    Raises :class:`EventDataError` for an unknown kind or missing, unexpected or mistyped
    data (see the module's examples).
    """
    if isinstance(kind, EventKind):
        member = kind
    else:
        try:
            member = EventKind(kind)
        except ValueError:
            raise EventDataError(f"unknown event kind {kind!r}") from None
    declared = EVENT_DATA[member]
    if not declared.matches(data):
        raise EventDataError(f"event {member.value!r}: " + "; ".join(declared.problems(data)))
    return member

"""The closed vocabulary of effects, permanent bonuses and goal requirements.

Card rewards, location actions, city tokens, helper cards, crates, partner abilities, docks rows,
notoriety rewards and goal tiles are *data*. Each is written in ``data/`` as one of a small set of
kinds with parameters, for example::

    { kind = "raise_level", track = "card", n = 1, discard_for_more = true }

and loaded into an immutable :class:`Effect` (or :class:`Requirement`). The engine implements
each kind exactly once; adding a component therefore never needs new code unless it needs a new
kind. The vocabularies below are the single place that defines which kinds exist, which
parameters each takes, and which rules give it its meaning.

>>> e = Effect.from_data({"kind": "draw_card", "type": "fleet"})
>>> e.kind, e["type"], e["n"]
('draw_card', 'fleet', 1)
>>> e.label
'draw a fleet operation card'
>>> Effect.from_data({"kind": "gain_cash"})
Traceback (most recent call last):
...
ValueError: effect 'gain_cash' needs parameter 'n'
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, ClassVar, Self

from speakeasy.tools.text import counted

#: Parameter value types allowed in data files.
ParamValue = int | str | bool | tuple[str, ...]

OPERATIONS: tuple[str, ...] = ("vip", "party", "distillery", "fleet")
TRACKS: tuple[str, ...] = (*OPERATIONS, "strength")
BUILDING_TYPES: tuple[str, ...] = ("bar", "distillery", "nightclub", "casino")
AREAS: tuple[str, ...] = ("downtown", "midtown", "uptown")

_CARD_TYPES = ("any", *OPERATIONS)
_RAISE_TRACKS = ("any", "card", *TRACKS)


@dataclass(frozen=True, slots=True)
class Param:
    """One parameter of a kind: its type, allowed values and default (``None`` = required)."""

    type: type
    choices: tuple[str, ...] | None = None
    default: ParamValue | None = None
    minimum: int | None = None


@dataclass(frozen=True, slots=True)
class KindSpec:
    """What a kind means: its parameters, the rules that define it and a label template."""

    params: Mapping[str, Param]
    rules: tuple[str, ...]
    label: str
    #: The label when a choice parameter is ``"any"`` (``"draw an operation card of any
    #: type"``, not ``"draw a any operation card"``); ``None`` when the template reads well.
    any_label: str | None = None


def _n(default: int | None = 1, minimum: int = 1) -> Param:
    return Param(int, default=default, minimum=minimum)


#: Everything a component can make a player do or gain.
EFFECT_KINDS: dict[str, KindSpec] = {
    "none": KindSpec({}, ("GAP-3",), "nothing"),
    "gain_cash": KindSpec({"n": _n(None)}, ("R-MONEY-3",), "gain ${n} into your pocket"),
    "gain_leverage": KindSpec({"n": _n()}, ("R-LEV-1",), "gain {n} leverage token(s)"),
    "gain_book": KindSpec({"n": _n()}, ("R-BOOKS-1",), "gain {n} book(s)"),
    "gain_mafioso": KindSpec(
        {"n": _n(), "to": Param(str, ("any", "vip", "docks"), "any")},
        ("R-MAFIOSO-1", "R-MAFIOSO-6"),
        "gain {n} mafioso(s) ({to})",
        "gain {n} mafioso(s) (VIP area or docks)",
    ),
    "hire_goons": KindSpec({}, ("R-GOON-1",), "hire one or more goons, paying each space's cost"),
    "hire_goon_free": KindSpec({"n": _n()}, ("R-GOON-2",), "hire {n} goon(s) for free"),
    "raise_level": KindSpec(
        {
            "track": Param(str, _RAISE_TRACKS, "any"),
            "n": _n(),
            "discard_for_more": Param(bool, default=False),
        },
        ("R-LEVEL-2", "R-LEVEL-3", "R-LEVEL-4", "R-LEVEL-6"),
        "raise {track} by {n}",
        "raise any track by {n}",
    ),
    "draw_card": KindSpec(
        {"type": Param(str, _CARD_TYPES, "any"), "n": _n()},
        ("R-CARD-6",),
        "draw a {type} operation card",
        "draw an operation card of any type",
    ),
    "play_card": KindSpec(
        {"type": Param(str, _CARD_TYPES, "any"), "range_bonus": _n(0, 0)},
        ("R-CARD-3",),
        "play a {type} operation card",
        "play an operation card of any type",
    ),
    "gain_helper": KindSpec({"n": _n()}, ("R-HELPER-1",), "gain {n} helper card(s)"),
    "use_offer_helper": KindSpec(
        {}, ("R-HELPERCARD-8",), "use the reward of a helper card in the offer"
    ),
    "gain_city_token": KindSpec({"n": _n()}, ("R-CITY-2", "R-CITY-3"), "gain {n} city token(s)"),
    "play_city_tokens": KindSpec({"n": _n(2)}, ("R-CITY-4",), "play up to {n} city tokens"),
    "produce": KindSpec({}, ("R-BARREL-1",), "produce barrels"),
    "sell": KindSpec({}, ("R-BARREL-4",), "sell barrels"),
    "deliver": KindSpec(
        {"range_bonus": _n(0, 0)}, ("R-TRUCK-1", "R-TRUCK-2"), "pick up and deliver barrels"
    ),
    "range_bonus": KindSpec(
        {"n": _n(2)}, ("R-CARD-8", "R-TRUCK-2"), "+{n} truck range for this card's action"
    ),
    "protect": KindSpec({}, ("R-PROTECT-1",), "gain protection"),
    "build": KindSpec(
        {
            "buildings": Param(tuple, BUILDING_TYPES),
            "modes": Param(tuple, ("open", "takeover", "upgrade")),
            "times": _n(1),
            "ignore_defence": Param(bool, default=False),
        },
        ("R-BUILD-2", "R-BUILD-4", "R-TAKEOVER-1", "R-UPGRADE-1"),
        "{modes} a {buildings}",
    ),
    "ally": KindSpec({}, ("R-ALLY-1", "R-ALLY-2"), "ally with a gangster"),
    "attack_ship": KindSpec({}, ("R-SHIP-3",), "attack a smugglers' ship"),
    "cook_books": KindSpec({"n": _n(3)}, ("R-BOOKS-2",), "cook up to {n} books"),
    "restaurant": KindSpec(
        {},
        ("R-LOC-RESTAURANT-1", "R-LOC-RESTAURANT-7"),
        "discard, move to the bottom row, then up to 2 different actions",
    ),
    "swap_capo": KindSpec({}, ("R-LOC-CENTRALPARK-1",), "swap capos with a capo outside the park"),
    "any_docks_row": KindSpec(
        {}, ("R-CRATE-11", "R-CRATE-12"), "take any one of the docks row rewards"
    ),
}

#: Quantities a crate's cash effect can count (R-SHIP-7, §14.1).
CRATE_QUANTITIES: dict[str, str] = {
    "books_on_goals": "book you have placed on goal spaces",
    "party_level": "party level",
    "vip_mafiosi": "mafioso in your VIP area",
    "goons": "goon on your operations board",
    "strength_level": "strength level",
    "partner_strength": "point of your partner's strength",
    "city_tokens": "city token on or beside your operations board",
    "hand_cards": "operation card in your hand",
    "fleet_level": "fleet level",
    "barrels_at_buildings": "barrel next to your operating buildings",
    "notoriety": "notoriety space",
    "highest_level": "level of your highest track",
    "nightclubs_and_casinos": "nightclub or casino you have built",
    "helper_cards": "helper card you own",
    "protecting_mafiosi": "mafioso protecting one of your buildings",
    "vip_level": "VIP room level",
    "docks_area_mafiosi": "mafioso in the docks area you attacked from",
    "distillery_level": "distillery level",
}

#: Lasting modifiers from crates (backs) and partner abilities.
BONUS_KINDS: dict[str, KindSpec] = {
    "sell": KindSpec({"n": _n()}, ("R-BARREL-4",), "+{n} barrel per sell action"),
    "produce": KindSpec({"n": _n()}, ("R-BARREL-1",), "+{n} barrel per production"),
    "defence": KindSpec({"n": _n()}, ("R-GANGWAR-7",), "+{n} defence for each of your buildings"),
    "takeover_attack": KindSpec(
        {"n": _n()}, ("R-TAKEOVER-1",), "+{n} attack when taking over a gangster bar"
    ),
    "truck_range": KindSpec({"n": _n()}, ("R-TRUCK-2",), "each truck range +{n}"),
    "leverage": KindSpec({"n": _n()}, ("R-LEV-2",), "+{n} permanent leverage"),
    "protection_leverage": KindSpec(
        {"n": _n()}, ("R-PARTNER-3",), "+{n} leverage whenever you pay for protection"
    ),
    "partner_cost": KindSpec({"n": _n()}, ("R-ALLY-6",), "partner help costs ${n} less"),
    "takeover_partner_cost": KindSpec(
        {"n": _n()}, ("R-PARTNER-8",), "partner help costs ${n} less in takeovers"
    ),
    "free_distillery_defence": KindSpec(
        {}, ("R-PARTNER-4",), "your partner defends your distillery for free"
    ),
    "once_free_help": KindSpec(
        {}, ("R-PARTNER-6", "R-ALLY-7"), "once per game, your partner helps for free"
    ),
    "ship_attack": KindSpec({"n": _n()}, ("R-PARTNER-7",), "+{n} attack against smugglers' ships"),
    "city_token_limit": KindSpec({"n": _n()}, ("R-CITY-6",), "city-token limit +{n}"),
    "any_docks_row": KindSpec(
        {}, ("R-MAFIOSO-3",), "when placing a mafioso in the docks, take any row reward"
    ),
}

#: Requirements of goals (book spaces) checked when a book is placed (R-BOOKS-4).
REQUIREMENT_KINDS: dict[str, KindSpec] = {
    "crates": KindSpec({"n": _n()}, ("R-BOOKS-5",), "own at least {n} crate token(s)"),
    "protected_districts": KindSpec(
        {"n": _n()}, ("R-BOOKS-6",), "protected buildings in at least {n} different districts"
    ),
    "notoriety": KindSpec({"n": _n()}, ("R-BOOKS-7",), "notoriety at least {n}"),
    "protected_buildings": KindSpec({"n": _n()}, ("R-GOAL-CP-1",), "{n} protected buildings"),
    "building_each_area": KindSpec(
        {"building": Param(str, BUILDING_TYPES)},
        ("R-GOAL-CP-1",),
        "1 {building} in each area",
    ),
    "buildings": KindSpec(
        {"building": Param(str, BUILDING_TYPES), "n": _n()},
        ("R-GOAL-CP-1", "R-GOAL-AREA-7"),
        "{n} {building}(s)",
    ),
    "buildings_with_barrel": KindSpec(
        {"building": Param(str, ("any", "bar", "nightclub", "casino"), "any"), "n": _n()},
        ("R-GOAL-CP-2", "R-GOAL-CP-3", "R-GOAL-CP-7"),
        "{n} {building} building(s) with a barrel",
        "{n} building(s) with a barrel",
    ),
    "barrel_each_area": KindSpec({}, ("R-GOAL-CP-3",), "1 building with a barrel in each area"),
    "leverage": KindSpec({"n": _n()}, ("R-GOAL-CP-4", "R-LEV-2"), "total leverage at least {n}"),
    "tracks_at_level": KindSpec(
        {"tracks": _n(), "level": _n()}, ("R-GOAL-CP-5",), "{tracks} tracks at level {level}+"
    ),
    "strength_total": KindSpec(
        {"n": _n()}, ("R-GOAL-CP-6",), "strength + partner + goons at least {n}"
    ),
    "building_pair": KindSpec(
        {
            "first": Param(str, BUILDING_TYPES),
            "second": Param(str, BUILDING_TYPES),
            "same_district": Param(bool),
        },
        ("R-GOAL-AREA-1",),
        "1 {first} and 1 {second}",
    ),
}


#: How a parameter value reads in a label (``to = "vip"`` is "VIP area").
_SHOWN: dict[tuple[str, str], str] = {
    ("to", "vip"): "VIP area",
    ("to", "docks"): "docks",
    ("type", "vip"): "VIP",
}


def _coerce(kind: str, name: str, spec: Param, value: Any, vocabulary: str) -> ParamValue:
    where = f"{vocabulary} {kind!r} parameter {name!r}"
    if spec.type is tuple:
        items = [value] if isinstance(value, str) else value
        if not isinstance(items, list | tuple) or not items:
            raise ValueError(f"{where} must be a non-empty list of strings")
        out: list[str] = []
        for item in items:
            if not isinstance(item, str) or (spec.choices and item not in spec.choices):
                raise ValueError(f"{where}: {item!r} is not one of {', '.join(spec.choices or ())}")
            out.append(item)
        return tuple(out)
    if spec.type is int:
        if isinstance(value, bool) or not isinstance(value, int):
            raise ValueError(f"{where} must be a whole number, got {value!r}")
        if spec.minimum is not None and value < spec.minimum:
            raise ValueError(f"{where} must be at least {spec.minimum}, got {value}")
        return value
    if spec.type is bool:
        if not isinstance(value, bool):
            raise ValueError(f"{where} must be true or false, got {value!r}")
        return value
    if not isinstance(value, str):
        raise ValueError(f"{where} must be text, got {value!r}")
    if spec.choices and value not in spec.choices:
        raise ValueError(f"{where}: {value!r} is not one of {', '.join(spec.choices)}")
    return value


@dataclass(frozen=True, slots=True)
class _Term:
    """An entry of one vocabulary: a kind and its complete, validated parameters."""

    kind: str
    params: tuple[tuple[str, ParamValue], ...] = field(default=())

    VOCABULARY: ClassVar[dict[str, KindSpec]] = {}
    NAME: ClassVar[str] = "term"

    @classmethod
    def of(cls, kind: str, **params: Any) -> Self:
        """Build from keyword parameters: ``Effect.of("gain_book", n=2)``."""
        return cls.from_data({"kind": kind, **params})

    @classmethod
    def from_data(cls, data: object) -> Self:
        """Build from a data-file table; unknown kinds or parameters raise ``ValueError``."""
        if not isinstance(data, Mapping) or "kind" not in data:
            raise ValueError(f"{cls.NAME} must be a table with a 'kind', got {data!r}")
        kind = data["kind"]
        spec = cls.VOCABULARY.get(kind) if isinstance(kind, str) else None
        if spec is None:
            raise ValueError(
                f"unknown {cls.NAME} kind {kind!r}; known: {', '.join(sorted(cls.VOCABULARY))}"
            )
        extra = set(data) - {"kind"} - set(spec.params)
        if extra:
            raise ValueError(
                f"{cls.NAME} {kind!r} has unknown parameter(s): {', '.join(sorted(extra))}"
            )
        values: list[tuple[str, ParamValue]] = []
        for name, pspec in spec.params.items():
            if name in data:
                values.append((name, _coerce(kind, name, pspec, data[name], cls.NAME)))
            elif pspec.default is not None:
                values.append((name, pspec.default))
            else:
                raise ValueError(f"{cls.NAME} {kind!r} needs parameter {name!r}")
        return cls(kind, tuple(values))

    def __getitem__(self, name: str) -> ParamValue:
        for key, value in self.params:
            if key == name:
                return value
        raise KeyError(f"{self.NAME} {self.kind!r} has no parameter {name!r}")

    def get(self, name: str, default: ParamValue | None = None) -> ParamValue | None:
        for key, value in self.params:
            if key == name:
                return value
        return default

    def integer(self, name: str) -> int:
        """A whole-number parameter (``n``, ``times``, ``range_bonus``...)."""
        value = self[name]
        if isinstance(value, bool) or not isinstance(value, int):
            raise TypeError(f"{self.NAME} {self.kind!r} parameter {name!r} is not a number")
        return value

    def text(self, name: str) -> str:
        """A text parameter (``track``, ``type``, ``to``...)."""
        value = self[name]
        if not isinstance(value, str):
            raise TypeError(f"{self.NAME} {self.kind!r} parameter {name!r} is not text")
        return value

    def texts(self, name: str) -> tuple[str, ...]:
        """A list parameter (``buildings``, ``modes``)."""
        value = self[name]
        if not isinstance(value, tuple):
            raise TypeError(f"{self.NAME} {self.kind!r} parameter {name!r} is not a list")
        return value

    def flag(self, name: str) -> bool:
        """A true/false parameter (``discard_for_more``, ``ignore_defence``...)."""
        value = self[name]
        if not isinstance(value, bool):
            raise TypeError(f"{self.NAME} {self.kind!r} parameter {name!r} is not true/false")
        return value

    @property
    def rules(self) -> tuple[str, ...]:
        """The rule IDs that define what this kind does."""
        return self.VOCABULARY[self.kind].rules

    @property
    def label(self) -> str:
        """A short plain-English description, filled in from the parameters."""
        return _term_label(self)

    def __str__(self) -> str:
        return self.label


@functools.lru_cache(maxsize=4096)
def _term_label(term: _Term) -> str:
    """:attr:`_Term.label`, made once per term (a term is an immutable value; the catalogue
    has a few hundred, and option labels ask for them again and again)."""
    shown = {
        k: (" or ".join(v) if isinstance(v, tuple) else _SHOWN.get((k, str(v)), v))
        for k, v in term.params
    }
    spec = term.VOCABULARY[term.kind]
    template = spec.label
    if spec.any_label is not None and "any" in shown.values():
        template = spec.any_label
    return counted(template.format(**shown))


class Effect(_Term):
    """Something a component makes a player do or gain (see :data:`EFFECT_KINDS`)."""

    __slots__ = ()
    VOCABULARY = EFFECT_KINDS
    NAME = "effect"


class Bonus(_Term):
    """A lasting modifier from a crate back or a partner ability (see :data:`BONUS_KINDS`)."""

    __slots__ = ()
    VOCABULARY = BONUS_KINDS
    NAME = "bonus"


class Requirement(_Term):
    """A goal requirement checked when a book is placed (see :data:`REQUIREMENT_KINDS`)."""

    __slots__ = ()
    VOCABULARY = REQUIREMENT_KINDS
    NAME = "requirement"


def effects_from_data(data: object) -> tuple[Effect, ...]:
    """Read one effect table or a list of them (an empty list means no effect)."""
    if isinstance(data, Mapping):
        return (Effect.from_data(data),)
    if isinstance(data, list):
        return tuple(Effect.from_data(item) for item in data)
    raise ValueError(f"effects must be a table or a list of tables, got {data!r}")

"""Every event and every decision explained: its sentence, the rules it applied, where it happened.

An event's sentence is the one its rule wrote (``Event.text``, see
:mod:`speakeasy.games.speakeasy.rules.wording`): explanations never word an event a second time.
What they add is the rules the event applied, each cited with its one-line summary from the rules
index, the related rules its data shows were used (a laundered payment cites R-MONEY-2), its
category (``"gang war"``, ``"payout"``...) and, in a log, the step, act and round it happened in.

Each :class:`~speakeasy.games.speakeasy.model.kinds.EventKind` has exactly one :class:`EventGuide`
in
:data:`EVENT_GUIDES`, and each :class:`~speakeasy.games.speakeasy.model.kinds.DecisionKind` its
category in
:data:`DECISION_CATEGORIES`. An event whose kind or data does not match its declaration
(:data:`~speakeasy.games.speakeasy.model.kinds.EVENT_DATA`) is refused, never explained by
guesswork.
"""

from __future__ import annotations

import html
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, Final

from speakeasy.core.actions import Decision, Event
from speakeasy.games.speakeasy.model.kinds import DecisionKind, EventKind, check_event
from speakeasy.games.speakeasy.model.state import Phase
from speakeasy.tools.citations import RuleRef, cite, markdown_escape, refs

__all__ = [
    "CATEGORIES",
    "DECISION_CATEGORIES",
    "EVENT_GUIDES",
    "EventGuide",
    "Explanation",
    "category_name",
    "category_of",
    "explain_decision",
    "explain_event",
    "phase_category",
]

#: Every category an explanation can have, in game order.
CATEGORIES: Final = (
    "setup",
    "prologue",
    "round",
    "turn",
    "end of round",
    "gang war",
    "police",
    "area control",
    "payout",
    "final scoring",
)

_PHASE_CATEGORY: Final[Mapping[Phase, str]] = {
    Phase.SETUP: "setup",
    Phase.PROLOGUE: "prologue",
    Phase.ROUNDS: "turn",
    Phase.GANG_WAR: "gang war",
    Phase.POLICE: "police",
    Phase.AREA_CONTROL: "area control",
    Phase.PAYOUT: "payout",
    Phase.FINAL_SCORING: "final scoring",
    Phase.OVER: "final scoring",
}

#: Categories that happen inside a numbered player round.
_IN_ROUNDS: Final = frozenset({"round", "turn", "end of round"})


def phase_category(phase: Phase) -> str:
    """The category of events that happen during ``phase``.

    >>> phase_category(Phase.AREA_CONTROL)
    'area control'
    """
    return _PHASE_CATEGORY[phase]


def category_name(category: str | Phase) -> str:
    """``category`` checked against :data:`CATEGORIES` (a phase gives its category)."""
    if isinstance(category, Phase):
        return _PHASE_CATEGORY[category]
    if category not in CATEGORIES:
        raise ValueError(f"unknown category {category!r}; expected one of {', '.join(CATEGORIES)}")
    return category


# ---------------------------------------------------------------------- explanations
@dataclass(frozen=True, slots=True)
class Explanation:
    """One event (or pending decision) in plain English, with the rules it applied.

    ``category`` (also readable as ``phase``) is one of :data:`CATEGORIES`; ``step`` is the
    applied action that caused the event (0 = setup), ``act`` and ``round`` where it happened
    when known.

    >>> e = Explanation("Purple gains $5 in the pocket.", "purple", "cash",
    ...                 (RuleRef.of("R-MONEY-3"),), "turn")
    >>> print(e.markdown())  # doctest: +ELLIPSIS
    Purple gains \\$5 in the pocket. — **R-MONEY-3** (pocket income: sold barrels, ...)
    >>> print(e.html())  # doctest: +ELLIPSIS
    <div class="speakeasy-explanation" data-category="turn">Purple gains $5 in the pocket. ...
    """

    text: str
    player: str | None
    kind: str
    rules: tuple[RuleRef, ...]
    category: str
    step: int | None = None
    act: int | None = None
    round: int | None = None
    event: Event | None = field(default=None, compare=False, repr=False)

    @property
    def phase(self) -> str:
        """The same as :attr:`category` (the part of the game the event belongs to)."""
        return self.category

    @property
    def rule_ids(self) -> tuple[str, ...]:
        return tuple(ref.id for ref in self.rules)

    def citations(self) -> str:
        """``R-X-1 (summary); R-Y-2 (summary)``."""
        return cite(self.rules)

    def __str__(self) -> str:
        return f"{self.text} — {self.citations()}" if self.rules else self.text

    def markdown(self) -> str:
        """The sentence, then each rule in bold with its summary."""
        cites = "; ".join(
            f"**{ref.id}**" + (f" ({markdown_escape(ref.summary_text())})" if ref.summary else "")
            for ref in self.rules
        )
        return markdown_escape(self.text) + (f" — {cites}" if cites else "")

    def html(self) -> str:
        """The sentence, then each rule as ``<code>`` with its summary (escaped HTML)."""
        cites = "; ".join(
            f'<code class="rule">{html.escape(ref.id)}</code>'
            + (f" ({html.escape(ref.summary_text())})" if ref.summary else "")
            for ref in self.rules
        )
        tail = f' <span class="rules">— {cites}</span>' if cites else ""
        return (
            f'<div class="speakeasy-explanation" data-category="{html.escape(self.category)}">'
            f"{html.escape(self.text)}{tail}</div>"
        )

    def _repr_markdown_(self) -> str:
        return self.markdown()


# ---------------------------------------------------------------------- one guide per kind
#: The related rules an event's data shows were applied (beyond the rules the event cites).
Related = Callable[[Mapping[str, Any]], tuple[str, ...]]


def _none(data: Mapping[str, Any]) -> tuple[str, ...]:
    return ()


@dataclass(frozen=True, slots=True)
class EventGuide:
    """How one kind of event is explained, beyond its own sentence and rules.

    ``category`` is fixed for kinds that belong to one part of the game (a ``payout`` is always
    "payout"); ``None`` means the part of the game it happens in (a ``draw`` in the prologue or
    in a turn). ``related`` reads the rules the event's data shows were also applied;
    ``in_category`` adds rules that apply when the event happens in a given category.
    """

    category: str | None = None
    related: Related = _none
    in_category: Mapping[str, tuple[str, ...]] = field(default_factory=dict)

    def __post_init__(self) -> None:
        for name in (self.category, *self.in_category):
            if name is not None and name not in CATEGORIES:
                raise ValueError(f"unknown category {name!r}")


def _laundered(data: Mapping[str, Any]) -> tuple[str, ...]:
    """R-MONEY-2 when part of a cost came out of the safe."""
    return ("R-MONEY-2",) if data["paid_safe"] else ()


def _takeover(data: Mapping[str, Any]) -> tuple[str, ...]:
    """The attack (R-COMBAT-1), its returned goons (R-COMBAT-3) and partner (R-COMBAT-4)."""
    if data["ignore_defence"]:
        return ()
    goons = ("R-COMBAT-3",) if data["goons_returned"] else ()
    partner = ("R-COMBAT-4",) if data["partner"] in ("paid", "free") else ()
    return ("R-COMBAT-1", *goons, *partner)


def _refused(data: Mapping[str, Any]) -> tuple[str, ...]:
    """The rule of each refused option."""
    return tuple(str(reason["rule"]) for reason in data["reasons"])


def _defended(data: Mapping[str, Any]) -> tuple[str, ...]:
    """Goons returned (R-COMBAT-3) and partner help (R-COMBAT-4) spent on a defence."""
    goons = ("R-COMBAT-3",) if data["goons"] else ()
    return (*goons, "R-COMBAT-4") if data["partner"] else goons


def _fell(data: Mapping[str, Any]) -> tuple[str, ...]:
    """A building that does not hold falls (R-GANGWAR-8)."""
    return (*_defended(data), "R-GANGWAR-8")


def _lost(data: Mapping[str, Any]) -> tuple[str, ...]:
    return ("R-GANGWAR-8",)


_SETUP: Final = EventGuide("setup")
_ROUND: Final = EventGuide("round")
_END_OF_ROUND: Final = EventGuide("end of round")
_GANG_WAR: Final = EventGuide("gang war")
_POLICE: Final = EventGuide("police")
_AREA_CONTROL: Final = EventGuide("area control")
_FINAL: Final = EventGuide("final scoring")
_ANY: Final = EventGuide()

#: How each kind of event is explained.
EVENT_GUIDES: Final[Mapping[EventKind, EventGuide]] = {
    EventKind.SOLO_SANDBOX: _SETUP,
    EventKind.SCENARIO: _SETUP,
    EventKind.CLOSED_DISTRICTS: _SETUP,
    EventKind.SETUP_GANGSTERS: _SETUP,
    EventKind.FIRST_PLAYER: _SETUP,
    EventKind.ROUND: _ROUND,
    EventKind.CAPO_RETURN: _ROUND,
    EventKind.CASINO_INCOME: _END_OF_ROUND,
    EventKind.TURN_ORDER: _END_OF_ROUND,
    EventKind.CAPO: _ANY,
    EventKind.SWAP: _ANY,
    EventKind.NO_COMPENSATION: _ANY,
    EventKind.RESTAURANT: _ANY,
    EventKind.DRAW: _ANY,
    EventKind.DISCARD: _ANY,
    EventKind.PLAY_CARD: EventGuide(in_category={"prologue": ("R-PROLOGUE-8", "R-CARD-4")}),
    EventKind.NO_CARD: _ANY,
    EventKind.RAISE: _ANY,
    EventKind.NO_RAISE: _ANY,
    EventKind.NOTORIETY_REWARD: _ANY,
    EventKind.RANGE_BONUS: _ANY,
    EventKind.CASH: _ANY,
    EventKind.LEVERAGE: _ANY,
    EventKind.BOOK: _ANY,
    EventKind.GOON: _ANY,
    EventKind.MAFIOSO: EventGuide(in_category={"setup": ("R-PSETUP-12",)}),
    EventKind.NO_MAFIOSO: _ANY,
    EventKind.GAIN_HELPER: _ANY,
    EventKind.USE_HELPER: _ANY,
    EventKind.NO_HELPER: _ANY,
    EventKind.GAIN_CITY_TOKEN: _ANY,
    EventKind.PLAY_CITY_TOKEN: _ANY,
    EventKind.NO_CITY_TOKEN: _ANY,
    EventKind.COOK_BOOK: _ANY,
    EventKind.NO_BOOK: _ANY,
    EventKind.NO_GOAL: _ANY,
    EventKind.ALLY: _ANY,
    EventKind.PARTNER_RETURNED: _ANY,
    EventKind.NO_GANGSTER: _ANY,
    EventKind.OPEN: EventGuide(
        related=_laundered,
        in_category={"prologue": ("R-PROLOGUE-4", "R-PROLOGUE-5", "R-PROLOGUE-6", "R-PROLOGUE-7")},
    ),
    EventKind.TAKEOVER: EventGuide(related=_takeover),
    EventKind.UPGRADE: _ANY,
    EventKind.BUILD_IMPOSSIBLE: EventGuide(
        related=_refused, in_category={"prologue": ("R-PROLOGUE-5",)}
    ),
    EventKind.PROTECT: _ANY,
    EventKind.PROTECT_END: _ANY,
    EventKind.PROTECT_IMPOSSIBLE: EventGuide(related=_refused),
    EventKind.PRODUCE: _ANY,
    EventKind.NO_PRODUCTION: _ANY,
    EventKind.SELL: _ANY,
    EventKind.SOLD: _ANY,
    EventKind.NO_SALE: _ANY,
    EventKind.TRUCK_RANGE: _ANY,
    EventKind.TRUCK_ENTER: _ANY,
    EventKind.TRUCK_MOVE: _ANY,
    EventKind.TRUCK_LOAD: _ANY,
    EventKind.TRUCK_BUY: _ANY,
    EventKind.TRUCK_DELIVER: _ANY,
    EventKind.TRUCK_FINISH: _ANY,
    EventKind.SHIP_MOVES: _ANY,
    EventKind.NO_SHIP_ATTACK: _ANY,
    EventKind.SHIP_ATTACK: _ANY,
    EventKind.CRATE: _ANY,
    EventKind.NO_CRATE: _ANY,
    EventKind.SHIP_BARREL: _ANY,
    EventKind.NO_BARREL: _ANY,
    EventKind.SHIP_MAFIOSO: _ANY,
    EventKind.GANG_WAR: _GANG_WAR,
    EventKind.GANGSTER_ARRIVES: _GANG_WAR,
    EventKind.GANGSTER_BARS_PLACED: _GANG_WAR,
    EventKind.WAR_STRENGTH: _GANG_WAR,
    EventKind.DEFENCE_IMPOSSIBLE: EventGuide("gang war", related=_lost),
    EventKind.BUILDING_HOLDS: EventGuide("gang war", related=_defended),
    EventKind.DEFENCE_FAILED: EventGuide("gang war", related=_fell),
    EventKind.DEFENCE_DECLINED: EventGuide("gang war", related=_fell),
    EventKind.BUILDING_LOST: _GANG_WAR,
    EventKind.GANGSTER_LEAVES: _GANG_WAR,
    EventKind.GANGSTER_TILES_BOXED: _GANG_WAR,
    EventKind.WAR_TOKENS_REVEALED: _GANG_WAR,
    EventKind.POLICE_ARRIVE: _POLICE,
    EventKind.POLICE_TOKENS_PLACED: _POLICE,
    EventKind.CONTROL_MARKERS_RESET: _AREA_CONTROL,
    EventKind.DISTRICT_CONTROL: _AREA_CONTROL,
    EventKind.CONTROL_TRACK: _AREA_CONTROL,
    EventKind.PAYOUT: EventGuide("payout"),
    EventKind.FINAL_SCORE: _FINAL,
    EventKind.GAME_OVER: _FINAL,
}

#: The category of each kind of decision; ``None``: the part of the game it is asked in
#: (a ``build`` in the prologue or in a turn).
DECISION_CATEGORIES: Final[Mapping[DecisionKind, str | None]] = {
    DecisionKind.PROLOGUE_CARD: "prologue",
    DecisionKind.USE_HELPER: "turn",
    DecisionKind.CAPO: "turn",
    DecisionKind.SWAP: "turn",
    DecisionKind.COMPENSATION: "turn",
    DecisionKind.RESTAURANT_SPACE: "turn",
    DecisionKind.RESTAURANT_ACTION: "turn",
    DecisionKind.TURN_DRAW: "turn",
    DecisionKind.DRAW: None,
    DecisionKind.DISCARD: None,
    DecisionKind.PLAY_CARD: None,
    DecisionKind.RAISE: None,
    DecisionKind.RAISE_MORE: None,
    DecisionKind.HIRE_GOON: None,
    DecisionKind.MAFIOSO: None,
    DecisionKind.DOCKS_ROW: None,
    DecisionKind.DOCKS_MOVE: None,
    DecisionKind.GAIN_HELPER: None,
    DecisionKind.USE_OFFER_HELPER: None,
    DecisionKind.CITY_TOKEN: None,
    DecisionKind.CITY_MIDDLE: "turn",
    DecisionKind.CITY_LIMIT: "turn",
    DecisionKind.PLAY_CITY_TOKEN: None,
    DecisionKind.COOK_BOOK: None,
    DecisionKind.ALLY: None,
    DecisionKind.BUILD: None,
    DecisionKind.BUILD_SPACE: None,
    DecisionKind.TAKEOVER_BOOST: None,
    DecisionKind.PROTECT: None,
    DecisionKind.SELL: None,
    DecisionKind.TRUCK_CHOOSE: None,
    DecisionKind.TRUCK: None,
    DecisionKind.ATTACK_SHIP: None,
    DecisionKind.SHIP_HIRE: None,
    DecisionKind.SHIP_BARREL: None,
    DecisionKind.SHIP_MAFIOSO: None,
    DecisionKind.GANG_WAR_DEFENCE: "gang war",
    DecisionKind.REBUILD_DISTILLERY: "gang war",
}


def category_of(event: Event, context: str = "turn") -> str:
    """The category of ``event``: fixed by its kind, else ``context`` (setup, prologue, turn).

    >>> category_of(Event("payout", "purple", (), ""))
    'payout'
    >>> category_of(Event("draw", "purple", (), ""), "prologue")
    'prologue'
    """
    return EVENT_GUIDES[EventKind(event.kind)].category or context


def explain_event(
    event: Event,
    category: str | Phase | None = None,
    *,
    step: int | None = None,
    act: int | None = None,
    round: int | None = None,
) -> Explanation:
    """Explain one event: its own sentence, the rules it applied and where it happened.

    ``category`` is where the event happened (a name of :data:`CATEGORIES` or a
    :class:`~speakeasy.games.speakeasy.model.state.Phase`); it only matters for kinds that occur in
    several parts of the game (a ``draw`` in the prologue or in a turn) and defaults to ``"turn"``.
    Raises :class:`~speakeasy.games.speakeasy.model.kinds.EventDataError` for an event whose kind or
    data does not match its declaration.

    >>> from speakeasy.core.actions import Event
    >>> event = Event("casino_income", "yellow", ("R-ORDER-5",),
    ...               "End of round: Yellow's 1 operating casino pays $5 into the pocket.",
    ...               {"amount": 5, "casinos": 1})
    >>> print(explain_event(event))  # doctest: +NORMALIZE_WHITESPACE
    End of round: Yellow's 1 operating casino pays $5 into the pocket. — R-ORDER-5 (casino
    income: all players, moved or not, get $3 per operating casino ($5 at 2p) into their pocket)
    >>> explain_event(event).category
    'end of round'
    """
    kind = check_event(event.kind, event.data)
    guide = EVENT_GUIDES[kind]
    cat = guide.category or ("turn" if category is None else category_name(category))
    if cat not in _IN_ROUNDS or kind is EventKind.CAPO_RETURN:
        round = None  # rounds only number the player rounds of an act
    ids = [*event.rules, *guide.related(event.data), *guide.in_category.get(cat, ())]
    return Explanation(
        text=event.text,
        player=event.player,
        kind=kind,
        rules=refs(ids),
        category=cat,
        step=step,
        act=act,
        round=round,
        event=event,
    )


def explain_decision(decision: Decision, category: str | Phase | None = None) -> Explanation:
    """What a player is asked: the prompt the rule wrote, the rules that govern it, where.

    ``category`` works as for :func:`explain_event` (pass ``game.state.phase``).

    >>> from speakeasy import Game
    >>> game = Game.new(players=2, seed=7)
    >>> decision = explain_decision(game.pending, game.state.phase)
    >>> decision.kind, decision.category, decision.rule_ids
    (<DecisionKind.MAFIOSO: 'mafioso'>, 'setup', ('R-MAFIOSO-1',))
    """
    kind = DecisionKind(decision.kind)
    fixed = DECISION_CATEGORIES[kind]
    cat = fixed or ("turn" if category is None else category_name(category))
    return Explanation(
        text=decision.prompt,
        player=str(decision.player),
        kind=kind,
        rules=refs(decision.rules),
        category=cat,
    )

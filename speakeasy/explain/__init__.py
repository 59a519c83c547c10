"""Plain-English explanations of what happened, why an option is greyed out, and which rule says so.

Every :class:`~speakeasy.core.actions.Event` of a game becomes an :class:`Explanation`: one or two
sentences in the project's own words, the player, a category (``"gang war"``, ``"payout"``...)
and the rules it applied, each cited with its one-line summary from the rules index
(:mod:`speakeasy.explain.rules_index`):

>>> from speakeasy.core.actions import Event
>>> event = Event(
...     "defence_impossible", "purple", ("R-GANGWAR-7", "R-COMBAT-2"), "...",
...     {"district": 14, "space": 0, "building": "bar", "war_strength": 8,
...      "tile": "gangster-C1", "best_defence": 7},
... )
>>> explanation = explain_event(event)
>>> print(explanation.text)
Carlo Gambino (war strength 8) attacks Purple's bar in district 14: its best defence is 7 < 8,
so the bar falls and leaves the game.
>>> [ref.id for ref in explanation.rules]
['R-GANGWAR-7', 'R-COMBAT-2', 'R-GANGWAR-8']
>>> explanation.category, explanation.player
('gang war', 'purple')

Illegal requests and greyed-out options say why, with the rule they break:

>>> from speakeasy.core.actions import IllegalAction
>>> print(explain_error(IllegalAction("cannot-pay", "R-MONEY-6",
...     "a casino costs $17 and 1 discarded card; you have $12 and can launder $6")))
A casino costs $17 and 1 discarded card; you have $12 and can launder $6 — R-MONEY-6 (no debt:
if you cannot pay a cost in full, even laundering 2:1, you cannot pay it or take the action it
buys); R-MONEY-2 (spending from the safe costs double: each $1 paid removes $2 from it; one
payment can combine pocket and safe money (E15))

Rules can be looked up by ID or by words, from code or from a notebook:

>>> [entry.id for entry in lookup("r-truck-7")]
['R-TRUCK-7']
>>> [entry.id for entry in lookup("central park truck")][:1]
['R-TRUCK-8']

The automatic parts of a game (prologue, end of round, each step of the Lucky Luciano phase,
final scoring) can be replayed one event at a time with :func:`step_through`, and the whole
game read back with :func:`log`:

>>> from speakeasy import Game
>>> game = Game.new(players=2, seed=7)
>>> [e.category for e in log(game, newest_first=False)][:2]
['setup', 'setup']
"""

from __future__ import annotations

import functools
import html
import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from enum import Enum
from typing import TYPE_CHECKING, Any, Final

from speakeasy.catalog import Catalog, load_catalog
from speakeasy.core.actions import Action, Decision, Event, IllegalAction
from speakeasy.explain.rules_index import RuleEntry, load_rules_index
from speakeasy.model.board import Area
from speakeasy.model.state import Colour, GameState, Phase, to_data

if TYPE_CHECKING:
    from speakeasy.engine.game import Game

__all__ = [
    "CATEGORIES",
    "FORMATTED_KINDS",
    "Explanation",
    "RuleRef",
    "StepFrame",
    "category_of",
    "explain_blocked",
    "explain_error",
    "explain_event",
    "log",
    "lookup",
    "lookup_html",
    "lookup_markdown",
    "step_through",
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

#: Event kinds whose category never depends on when they happen.
_FIXED_CATEGORY: Final[Mapping[str, str]] = {
    # setup
    "solo_sandbox": "setup",
    "scenario": "setup",
    "closed_districts": "setup",
    "setup_gangsters": "setup",
    "first_player": "setup",
    # start of an act or a round
    "round": "round",
    "capo_return": "round",
    # end of a round (R-ORDER-4..7)
    "casino_income": "end of round",
    "turn_order": "end of round",
    # the Lucky Luciano phase
    "gang_war": "gang war",
    "gangster_arrives": "gang war",
    "gangster_bars_placed": "gang war",
    "war_strength": "gang war",
    "defence_impossible": "gang war",
    "building_holds": "gang war",
    "defence_failed": "gang war",
    "defence_declined": "gang war",
    "building_lost": "gang war",
    "gangster_leaves": "gang war",
    "gangster_tiles_boxed": "gang war",
    "war_tokens_revealed": "gang war",
    "police_arrive": "police",
    "police_tokens_placed": "police",
    "control_markers_reset": "area control",
    "district_control": "area control",
    "control_track": "area control",
    "payout": "payout",
    # the end
    "final_score": "final scoring",
    "game_over": "final scoring",
}

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

#: Rules a kind of event also applies when it happens in a given category.
_CATEGORY_RULES: Final[Mapping[tuple[str, str], tuple[str, ...]]] = {
    ("prologue", "open"): ("R-PROLOGUE-4", "R-PROLOGUE-5", "R-PROLOGUE-6", "R-PROLOGUE-7"),
    ("prologue", "build_impossible"): ("R-PROLOGUE-5",),
    ("prologue", "play_card"): ("R-PROLOGUE-8", "R-CARD-4"),
    ("setup", "mafioso"): ("R-PSETUP-12",),
}


# ---------------------------------------------------------------------- rule references
@functools.cache
def _entry(rule_id: str) -> RuleEntry | None:
    return load_rules_index().get(rule_id)


@dataclass(frozen=True, slots=True)
class RuleRef:
    """A rule an explanation cites: its ID and its one-line summary (``None`` if not indexed).

    >>> ref = RuleRef.of("R-GOLDEN-5")
    >>> ref.summary
    'Gangster bars ignore police.'
    >>> ref.citation()
    'R-GOLDEN-5 (gangster bars ignore police)'
    >>> RuleRef.of("R-NOPE-1").citation()
    'R-NOPE-1'
    """

    id: str
    summary: str | None

    @classmethod
    def of(cls, rule_id: str) -> RuleRef:
        """The reference for ``rule_id`` with its summary from the rules index."""
        return _ref(rule_id)

    def citation(self) -> str:
        """``ID (summary)`` as the index cites it, or the bare ID if it is not indexed."""
        entry = _entry(self.id)
        return entry.citation() if entry is not None else self.id


@functools.cache
def _ref(rule_id: str) -> RuleRef:
    entry = _entry(rule_id)
    return RuleRef(rule_id, entry.summary if entry is not None else None)


def _refs(ids: Iterable[str]) -> tuple[RuleRef, ...]:
    return tuple(_ref(rule_id) for rule_id in dict.fromkeys(ids))


def _cite(refs: Iterable[RuleRef]) -> str:
    return "; ".join(ref.citation() for ref in refs)


# ---------------------------------------------------------------------- explanations
_MARKDOWN_SPECIAL: Final = re.compile(r"([\\`*_$<>\[\]|])")


def markdown_escape(text: str) -> str:
    """Escape text for Markdown (``$`` would start a formula in Jupyter and marimo).

    >>> markdown_escape("pays $5 *now*")
    'pays \\\\$5 \\\\*now\\\\*'
    """
    return _MARKDOWN_SPECIAL.sub(r"\\\1", text)


_md = markdown_escape


@dataclass(frozen=True, slots=True)
class Explanation:
    """One event in plain English, with the rules it applied.

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
        return _cite(self.rules)

    def __str__(self) -> str:
        return f"{self.text} — {self.citations()}" if self.rules else self.text

    def markdown(self) -> str:
        """The sentence, then each rule in bold with its summary."""
        cites = "; ".join(
            f"**{ref.id}**" + (f" ({_md(_summary(ref))})" if ref.summary else "")
            for ref in self.rules
        )
        return _md(self.text) + (f" — {cites}" if cites else "")

    def html(self) -> str:
        """The sentence, then each rule as ``<code>`` with its summary (escaped HTML)."""
        cites = "; ".join(
            f'<code class="rule">{html.escape(ref.id)}</code>'
            + (f" ({html.escape(_summary(ref))})" if ref.summary else "")
            for ref in self.rules
        )
        tail = f' <span class="rules">— {cites}</span>' if cites else ""
        return (
            f'<div class="speakeasy-explanation" data-category="{html.escape(self.category)}">'
            f"{html.escape(self.text)}{tail}</div>"
        )

    def _repr_markdown_(self) -> str:
        return self.markdown()


def _summary(ref: RuleRef) -> str:
    """The summary as cited (``R-X (summary)`` without the ID and parentheses)."""
    citation = ref.citation()
    return citation[len(ref.id) + 2 : -1] if citation != ref.id else ""


# ---------------------------------------------------------------------- wording helpers
_PLURALS: Final = {"mafioso": "mafiosi"}


def _n(count: int, noun: str) -> str:
    """``1 barrel``, ``2 barrels``, ``2 mafiosi``."""
    if count == 1:
        return f"1 {noun}"
    return f"{count} {_PLURALS.get(noun, noun + 's')}"


def _who(colour: object) -> str:
    """``Purple`` for ``"purple"`` or ``Colour.PURPLE``; ``the gangsters`` for None."""
    if colour is None:
        return "the gangsters"
    text = colour.value if isinstance(colour, Enum) else str(colour)
    return text[:1].upper() + text[1:]


def _and(items: Sequence[object]) -> str:
    """``1``, ``1 and 16``, ``1, 3, 12 and 14``."""
    words = [str(i) for i in items]
    if len(words) <= 1:
        return "".join(words)
    return ", ".join(words[:-1]) + " and " + words[-1]


def _districts(numbers: Sequence[object]) -> str:
    return ("district " if len(numbers) == 1 else "districts ") + _and(numbers)


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def _catalog() -> Catalog:
    return load_catalog()


def _gangster(tile_id: object) -> str:
    """``Carlo Gambino`` or ``gangster B1`` for tiles without a known name."""
    try:
        name = _catalog().gangster(str(tile_id)).name
    except KeyError:
        return f"gangster {tile_id}"
    return name if " " in name else f"gangster {name}"


def _ship(ship_id: object) -> str:
    try:
        return f"{_catalog().ship(str(ship_id)).name}'s ship"
    except KeyError:
        return f"ship {ship_id}"


def _location(location_id: object) -> str:
    try:
        return _catalog().location(str(location_id)).name
    except KeyError:
        return str(location_id)


def _token(token_id: object) -> str:
    """``city token city-13 (open or takeover or upgrade a nightclub)``."""
    try:
        effects = _catalog().city_token(str(token_id)).effect
    except KeyError:
        return f"city token {token_id}"
    what = ", ".join(e.label for e in effects)
    return f"city token {token_id}" + (f" ({what})" if what else "")


def _card(card_id: object) -> str:
    try:
        card = _catalog().card(str(card_id))
    except KeyError:
        return str(card_id)
    return f"{card.type} card {card_id}"


def _helper(helper_id: object) -> str:
    try:
        helper = _catalog().helper(str(helper_id))
    except KeyError:
        return f"helper card {helper_id}"
    return f"helper card {helper_id} (bottle worth ${helper.bottle_value})"


def _area(area: object) -> str:
    try:
        return Area(str(area)).title
    except ValueError:
        return str(area)


def _piece(piece: object) -> str:
    """``a bar from the left group`` for ``bar-left-2``; ``the casino`` for ``casino-1``."""
    parts = str(piece).split("-")
    if len(parts) == 3 and parts[0] == "bar":
        return f"a bar from the {parts[1]} group"
    return f"a {parts[0]}"


def _paid(d: Mapping[str, Any], cost: int) -> str:
    """How a cost was paid: pocket, safe (laundered 2:1) or both."""
    pocket, safe = int(d.get("paid_pocket", cost)), int(d.get("paid_safe", 0))
    if cost == 0:
        return "for free"
    if not safe:
        return f"for ${cost}"
    if not pocket:
        return f"for ${cost} (laundering ${safe} from the safe at 2:1)"
    return f"for ${cost} (${pocket} from the pocket and ${safe} laundered from the safe at 2:1)"


# ---------------------------------------------------------------------- per-kind formatters
#: A formatter returns the sentence, or the sentence and extra rule IDs it applied.
_Out = str | tuple[str, tuple[str, ...]]
_Formatter = Callable[[Mapping[str, Any], str, str], _Out]
_FORMATTERS: dict[str, _Formatter] = {}


def _formats(*kinds: str) -> Callable[[_Formatter], _Formatter]:
    def register(fn: _Formatter) -> _Formatter:
        for kind in kinds:
            _FORMATTERS[kind] = fn
        return fn

    return register


# -- setup, acts and rounds
@_formats("solo_sandbox")
def _solo(d: Mapping[str, Any], who: str, kind: str) -> _Out:
    return (
        "This is the solo sandbox: one seat playing the two-player setup. It is not the "
        "official solo mode, whose rules the rulebook does not give."
    )


@_formats("scenario")
def _scenario(d: Mapping[str, Any], who: str, kind: str) -> _Out:
    source = d.get("source", "teaching")
    origin = (
        f"from the rulebook's {source.split(':', 1)[1].strip()}"
        if source.startswith("rulebook:")
        else "saved from a game"
        if source == "saved"
        else "a teaching position"
    )
    return (
        f"The game starts from the scenario \u201c{d['title']}\u201d ({origin}): the board and "
        "the players are set up as it describes, not by the usual setup."
    )


@_formats("closed_districts")
def _closed(d: Mapping[str, Any], who: str, kind: str) -> _Out:
    numbers = list(d["districts"])
    return f"In this two-player game {_districts(numbers)} are closed: no buildings go there."


@_formats("setup_gangsters")
def _setup_gangsters(d: Mapping[str, Any], who: str, kind: str) -> _Out:
    held = sorted(d["districts"].items(), key=lambda item: int(item[0]))
    where = _and([f"{_gangster(tile)} in district {n}" for n, tile in held])
    return (
        f"The starting gangsters take their districts ({where}); each gets a strength token "
        "and a gangster bar on every building space."
    )


@_formats("first_player")
def _first_player(d: Mapping[str, Any], who: str, kind: str) -> _Out:
    order = [_who(c) for c in d["order"]]
    return f"{order[0]} plays first; turn order: {', '.join(order)}."


@_formats("round")
def _round(d: Mapping[str, Any], who: str, kind: str) -> _Out:
    order = ", ".join(_who(c) for c in d.get("order", ()))
    return f"Act {d['act']}, round {d['round']} begins" + (
        f"; players take turns in the order {order}." if order else "."
    )


@_formats("capo_return")
def _capo_return(d: Mapping[str, Any], who: str, kind: str) -> _Out:
    return (
        f"Act {d['act']} begins: every player gets {_n(int(d['capos']), 'capo')} back on the "
        "operations board (any others go to the box), and every person is free again."
    )


# -- turns: capos and locations
@_formats("capo")
def _capo(d: Mapping[str, Any], who: str, kind: str) -> _Out:
    place = _location(d["location"])
    if "person" in d:
        return (
            f"{who} sends a capo to {place}, person {int(d['person']) + 1}, and does its actions."
        )
    return f"{who} sends a capo to the {place}."


@_formats("swap")
def _swap(d: Mapping[str, Any], who: str, kind: str) -> _Out:
    other = _who(d["other"])
    return (
        f"{who}'s capo takes {other}'s place at {_location(d['location'])}; {other}'s capo "
        f"moves to Central Park, where it stays for the act, and {other} is compensated."
    )


@_formats("restaurant")
def _restaurant(d: Mapping[str, Any], who: str, kind: str) -> _Out:
    return (
        f"{who} moves to bottom space {d['space']} of the turn-order track: protection now costs "
        "what that column says, and the new turn order takes effect at the end of the round."
    )


# -- cards and levels
@_formats("draw")
def _draw(d: Mapping[str, Any], who: str, kind: str) -> _Out:
    return f"{who} draws {_card(d['card'])} from the top of its face-up deck."


@_formats("discard")
def _discard(d: Mapping[str, Any], who: str, kind: str) -> _Out:
    return f"{who} discards {_card(d['card'])}; it goes face up under its deck."


@_formats("play_card")
def _play_card(d: Mapping[str, Any], who: str, kind: str) -> _Out:
    text = f"{who} slots {_card(d['card'])}"
    if d.get("replaced"):
        text += f", sending {d['replaced']} back under its deck"
    return text + "."


@_formats("raise")
def _raise(d: Mapping[str, Any], who: str, kind: str) -> _Out:
    level = int(d["level"])
    return (
        f"{who} raises {d['track']} from level {level - 1} to {level}; notoriety rises with it "
        f"to {d['notoriety']}."
    )


@_formats("notoriety_reward")
def _notoriety_reward(d: Mapping[str, Any], who: str, kind: str) -> _Out:
    return f"{who}'s notoriety reaches {d['space']}, a space with a one-off reward."


@_formats("range_bonus")
def _range_bonus(d: Mapping[str, Any], who: str, kind: str) -> _Out:
    return f"{who}'s trucks get +{d['n']} range for this card's pick-up-and-deliver action."


# -- resources
@_formats("cash")
def _cash(d: Mapping[str, Any], who: str, kind: str) -> _Out:
    return f"{who} gains ${d['amount']} in the pocket."


@_formats("leverage")
def _leverage(d: Mapping[str, Any], who: str, kind: str) -> _Out:
    return f"{who} takes {_n(int(d['n']), 'leverage token')} from the supply."


@_formats("book")
def _book(d: Mapping[str, Any], who: str, kind: str) -> _Out:
    return f"{who} moves {_n(int(d['n']), 'book')} from the supply onto the operations board."


@_formats("goon")
def _goon(d: Mapping[str, Any], who: str, kind: str) -> _Out:
    if "cost" in d:
        return f"{who} hires a goon for ${d['cost']}, the price of the cheapest empty goon space."
    return f"{who} gets {_n(int(d['n']), 'free goon')} on the cheapest empty goon space."


@_formats("mafioso")
def _mafioso(d: Mapping[str, Any], who: str, kind: str) -> _Out:
    if d.get("to") == "docks":
        return (
            f"{who} places a mafioso in the {_area(d['area'])} docks (space "
            f"{int(d['space']) + 1}) and takes that row's reward."
        )
    return f"{who} places a mafioso in the VIP area."


@_formats("gain_helper")
def _gain_helper(d: Mapping[str, Any], who: str, kind: str) -> _Out:
    return f"{who} takes {_helper(d['helper'])} from the offer, which is refilled."


@_formats("use_helper")
def _use_helper(d: Mapping[str, Any], who: str, kind: str) -> _Out:
    return (
        f"{who} uses {_helper(d['helper'])} at the start of the turn and hides it behind the "
        "screen; it still scores at the end."
    )


@_formats("gain_city_token")
def _gain_city_token(d: Mapping[str, Any], who: str, kind: str) -> _Out:
    column = d.get("column")
    return f"{who} takes {_token(d['token'])}" + (
        f" from the {column} column of the offer." if column else "."
    )


@_formats("play_city_token")
def _play_city_token(d: Mapping[str, Any], who: str, kind: str) -> _Out:
    return f"{who} plays {_token(d['token'])}."


@_formats("cook_book")
def _cook_book(d: Mapping[str, Any], who: str, kind: str) -> _Out:
    return (
        f"{who} cooks a book on goal {d['goal']} (space {int(d['space']) + 1}): the "
        f"requirement is met, so ${d['payout']} goes into the safe."
    )


@_formats("ally")
def _ally(d: Mapping[str, Any], who: str, kind: str) -> _Out:
    return (
        f"{who} allies with {_gangster(d['tile'])} of district {d['district']}, who becomes "
        f"{who}'s partner; the alliance marker goes on that district."
    )


@_formats("partner_returned")
def _partner_returned(d: Mapping[str, Any], who: str, kind: str) -> _Out:
    return (
        f"{who}'s old partner {_gangster(d['tile'])} goes back to district {d['district']} on "
        "the gangster board."
    )


# -- buildings
@_formats("open")
def _open(d: Mapping[str, Any], who: str, kind: str) -> _Out:
    text = (
        f"{who} opens {_piece(d['piece'])} in district {d['district']} (space "
        f"{int(d['space']) + 1}) {_paid(d, int(d['cost']))}"
    )
    if int(d.get("discards", 0)):
        text += f" and {_n(int(d['discards']), 'discarded card')}"
    if d.get("token"):
        text += f", taking {_token(d['token'])} from the space"
    extra = ("R-MONEY-2",) if int(d.get("paid_safe", 0)) else ()
    return text + ", then gets the reward under that board space.", extra


@_formats("takeover")
def _takeover(d: Mapping[str, Any], who: str, kind: str) -> _Out:
    district = d["district"]
    if d.get("ignore_defence"):
        fight = "ignoring the gangsters' defence"
    else:
        fight = f"attack {d.get('attack', '?')} beats the gangsters' defence {d['defence']}"
        helpers = []
        if int(d.get("goons_returned", 0)):
            helpers.append(f"{_n(int(d['goons_returned']), 'goon')} returned")
        if d.get("partner") == "paid":
            helpers.append(f"the partner paid ${d.get('partner_cost', 0)}")
        elif d.get("partner") == "free":
            helpers.append("the partner's free help")
        if helpers:
            fight += f" ({_and(helpers)})"
    text = (
        f"{who} takes over the gangster bar in district {district} with {_piece(d['piece'])}: "
        f"{fight}. The building costs ${d['cost']}"
    )
    if d.get("token"):
        text += f" and {who} takes {_token(d['token'])}"
    extra: tuple[str, ...] = ("R-COMBAT-1",)
    if int(d.get("goons_returned", 0)):
        extra += ("R-COMBAT-3",)
    if d.get("partner") in ("paid", "free"):
        extra += ("R-COMBAT-4",)
    return text + "; the gangster bar goes back to the supply.", extra


@_formats("upgrade")
def _upgrade(d: Mapping[str, Any], who: str, kind: str) -> _Out:
    cost, discount = int(d["cost"]), int(d.get("discount", 0))
    price = f"${cost}" + (
        f" (${cost + discount} less a discount of ${discount})" if discount else ""
    )
    if int(d.get("discards", 0)):
        price += f" and {_n(int(d['discards']), 'discarded card')}"
    kept = [w for w, k in (("mafioso", "kept_mafioso"), ("barrel", "kept_barrel")) if d.get(k)]
    text = (
        f"{who} upgrades the bar in district {d['district']} to a {d['building']} for {price}; "
        "the bar leaves the game"
    )
    if kept:
        text += f" and its {' and '.join(kept)} stay with the new building"
    return text + "."


@_formats("build_impossible", "protect_impossible")
def _impossible(d: Mapping[str, Any], who: str, kind: str) -> _Out:
    what = "build" if kind == "build_impossible" else "protect anything"
    reasons = d.get("reasons") or []
    rules = tuple(dict.fromkeys(str(r["rule"]) for r in reasons if r.get("rule")))
    codes = sorted({str(r.get("code")) for r in reasons})
    why = {
        "cannot-pay": "nothing is affordable",
        "no-card": "the cards to discard are missing",
        "too-weak": "no attack is strong enough",
        "no-space": "there is no empty building space",
        "no-bar": "there is no bar to upgrade",
        "no-mafioso": "the VIP area has no mafioso",
        "no-leverage": "there is not enough leverage",
        "already-protected": "every building already has a mafioso",
    }
    parts = [why.get(c, c.replace("-", " ")) for c in codes]
    if not parts and kind == "protect_impossible":
        parts = [f"{who} has no building on the map"]
    text = f"{who} cannot {what} now" + (f": {_and(parts)}." if parts else ".")
    return text, rules


@_formats("protect")
def _protect(d: Mapping[str, Any], who: str, kind: str) -> _Out:
    tokens = int(d.get("tokens_discarded", 0))
    pay = f"{d['cost']} leverage"
    if tokens:
        pay += f", discarding {_n(tokens, 'leverage token')}"
    return (
        f"{who} sends a mafioso from the VIP area to protect the {d['building']} in district "
        f"{d['district']} ({pay}); it now operates even with police and scores at the end."
    )


@_formats("protect_end")
def _protect_end(d: Mapping[str, Any], who: str, kind: str) -> _Out:
    lost = int(d.get("leverage_lost", 0))
    return f"{who} protected {_n(int(d['protected']), 'building')}" + (
        f"; the {lost} leverage left unused is lost." if lost else "."
    )


# -- barrels
@_formats("produce")
def _produce(d: Mapping[str, Any], who: str, kind: str) -> _Out:
    made, wanted = int(d["barrels"]), int(d.get("wanted", d["barrels"]))
    short = f" (the supply had only {made} of {wanted})" if made < wanted else ""
    return (
        f"{who}'s distillery produces {_n(made, 'barrel')}{short}; "
        f"{d['distillery_barrels']} now wait in the distillery area."
    )


@_formats("sell")
def _sell(d: Mapping[str, Any], who: str, kind: str) -> _Out:
    return (
        f"{who} sells the barrel beside the {d['building']} in district {d['district']} for "
        f"${d['price']}, paid into the pocket."
    )


@_formats("sold")
def _sold(d: Mapping[str, Any], who: str, kind: str) -> _Out:
    return f"{who} sold {_n(int(d['barrels']), 'barrel')} for ${d['total']} in all."


# -- trucks and ships
def _truck(who: str, d: Mapping[str, Any]) -> str:
    return f"{who}'s truck {int(d['truck']) + 1}"


@_formats("truck_range")
def _truck_range(d: Mapping[str, Any], who: str, kind: str) -> _Out:
    return (
        f"{who}'s trucks have {d['range']} movement points each this action "
        f"({_n(int(d['trucks']), 'truck')} available)."
    )


@_formats("truck_enter")
def _truck_enter(d: Mapping[str, Any], who: str, kind: str) -> _Out:
    return f"{_truck(who, d)} enters the map in district {d['district']}, which costs no movement."


@_formats("truck_move")
def _truck_move(d: Mapping[str, Any], who: str, kind: str) -> _Out:
    return (
        f"{_truck(who, d)} drives from district {d['origin']} to the neighbouring district "
        f"{d['district']} ({_n(int(d['points']), 'movement point')} left)."
    )


@_formats("truck_load")
def _truck_load(d: Mapping[str, Any], who: str, kind: str) -> _Out:
    return (
        f"{_truck(who, d)} loads a barrel from the distillery in district {d['district']} "
        f"(now carrying {d['barrels']})."
    )


@_formats("truck_buy")
def _truck_buy(d: Mapping[str, Any], who: str, kind: str) -> _Out:
    price, pocket, safe = int(d["price"]), int(d["from_pocket"]), int(d["from_safe"])
    how = _paid({"paid_pocket": pocket, "paid_safe": safe}, price)
    return (
        f"{_truck(who, d)} buys a barrel from {_ship(d['ship'])} in district {d['district']} "
        f"{how}; it now carries {d['barrels']}."
    )


@_formats("truck_deliver")
def _truck_deliver(d: Mapping[str, Any], who: str, kind: str) -> _Out:
    return (
        f"{_truck(who, d)} drops a barrel beside {who}'s {d['building']} in district "
        f"{d['district']} ({d['barrels']} left on the truck)."
    )


@_formats("truck_finish")
def _truck_finish(d: Mapping[str, Any], who: str, kind: str) -> _Out:
    if d.get("district") is None:
        return f"{_truck(who, d)} stays off the map."
    unused = int(d.get("unused", 0))
    load = _n(int(d["barrels"]), "barrel") if int(d["barrels"]) else "no barrel"
    lost = (
        "the unused movement point is"
        if unused == 1
        else f"the {unused} unused movement points are"
    )
    tail = f"; {lost} lost." if unused else "."
    return f"{_truck(who, d)} stops in district {d['district']} with {load}{tail}"


@_formats("ship_moves")
def _ship_moves(d: Mapping[str, Any], who: str, kind: str) -> _Out:
    return (
        f"{_capital(_ship(d['ship']))} sails clockwise from district {d['origin']} to the next "
        f"port without a ship, in district {d['port']}."
    )


@_formats("no_ship_attack")
def _no_ship_attack(d: Mapping[str, Any], who: str, kind: str) -> _Out:
    by_reason: dict[str, list[str]] = {}
    for ship, reason in (d.get("reasons") or {}).items():
        by_reason.setdefault(str(reason), []).append(_ship(ship))
    why = "; ".join(f"{_and(ships)}: {reason}" for reason, ships in by_reason.items())
    return f"{who} cannot beat any smugglers' ship now" + (f" ({why})." if why else ".")


@_formats("ship_attack")
def _ship_attack(d: Mapping[str, Any], who: str, kind: str) -> _Out:
    text = (
        f"{who} attacks {_ship(d['ship'])}: attack {d['attack']} beats its defence {d['defence']}"
    )
    helpers = []
    if int(d.get("goons", 0)):
        helpers.append(f"{_n(int(d['goons']), 'goon')} returned")
    hired = d.get("hired") or {}
    for colour, count in hired.items():
        helpers.append(f"{_n(int(count), 'mafioso')} of {_who(colour)} hired for $1 each")
    return text + (f" ({_and(helpers)})." if helpers else ".")


@_formats("crate")
def _crate(d: Mapping[str, Any], who: str, kind: str) -> _Out:
    try:
        crate = f"crate #{_catalog().crate(str(d['crate'])).number}"
    except KeyError:
        crate = f"crate {d['crate']}"
    text = (
        f"{who} takes {crate}: ${d['cash']} in the pocket now and its bonus for the rest of the "
        "game. "
    )
    if d.get("replacement"):
        return text + "A new crate takes its place on the ship."
    return text + "No crate is left to replace it."


@_formats("ship_barrel")
def _ship_barrel(d: Mapping[str, Any], who: str, kind: str) -> _Out:
    to = d.get("to")
    if to == "building":
        return (
            f"The ship's barrel goes beside {who}'s operating building in district {d['district']}."
        )
    if to == "distillery":
        return f"The ship's barrel goes into {who}'s distillery area."
    return (
        f"{who} has no operating building that can take it, so the ship's barrel goes back to "
        "the supply."
    )


@_formats("ship_mafioso")
def _ship_mafioso(d: Mapping[str, Any], who: str, kind: str) -> _Out:
    where = (
        "to the personal supply, as the VIP area is full"
        if d.get("to") == "supply"
        else "to the VIP area"
    )
    return f"One of {who}'s mafiosi leaves the {_area(d['area'])} docks {where}."


# -- end of round
@_formats("casino_income")
def _casino_income(d: Mapping[str, Any], who: str, kind: str) -> _Out:
    casinos = int(d["casinos"])
    return (
        f"End of round: {who}'s {_n(casinos, 'operating casino')} "
        f"{'pays' if casinos == 1 else 'pay'} ${d['amount']} into the pocket."
    )


@_formats("turn_order")
def _turn_order(d: Mapping[str, Any], who: str, kind: str) -> _Out:
    order = ", ".join(_who(c) for c in d["order"])
    return (
        f"End of round: markers in the bottom row move straight up and the others slide into "
        f"the free columns; the new turn order is {order}."
    )


# -- gang war
@_formats("gang_war")
def _gang_war(d: Mapping[str, Any], who: str, kind: str) -> _Out:
    targets = list(d.get("districts", ()))
    where = f"new gangsters arrive in {_districts(targets)}" if targets else "no district is hit"
    return f"Gang war at the end of Act {d['act']}: deck {d['deck']} is shuffled and {where}."


@_formats("gangster_arrives")
def _gangster_arrives(d: Mapping[str, Any], who: str, kind: str) -> _Out:
    return (
        f"{_capital(_gangster(d['tile']))} takes district {d['district']}; a strength token of "
        f"{d['strength']} goes on the district."
    )


@_formats("gangster_bars_placed")
def _gangster_bars(d: Mapping[str, Any], who: str, kind: str) -> _Out:
    count = len(d.get("spaces", ()))
    if not count:
        return f"District {d['district']} has no empty building space, so no gangster bar appears."
    return (
        f"Gangster bars fill the {_n(count, 'empty building space')} of district {d['district']}."
    )


def _attacker(d: Mapping[str, Any]) -> str:
    return f"{_capital(_gangster(d['tile']))} (war strength {d['war_strength']})"


@_formats("war_strength")
def _war_strength(d: Mapping[str, Any], who: str, kind: str) -> _Out:
    try:
        tile = _catalog().gangster(str(d["tile"]))
        parts = f" (strength {tile.strength} + modifier {tile.war_modifier})"
    except KeyError:
        parts = ""
    return (
        f"{_capital(_gangster(d['tile']))} attacks every player building in district "
        f"{d['district']} with war strength {d['war_strength']}{parts}."
    )


def _target(d: Mapping[str, Any], who: str) -> str:
    return f"{who}'s {d['building']} in district {d['district']}"


@_formats("defence_impossible")
def _defence_impossible(d: Mapping[str, Any], who: str, kind: str) -> _Out:
    war = d["war_strength"]
    return (
        f"{_attacker(d)} attacks {_target(d, who)}: its best defence is {d['best_defence']} < "
        f"{war}, so the {d['building']} falls and leaves the game.",
        ("R-GANGWAR-8",),
    )


@_formats("building_holds", "defence_failed", "defence_declined")
def _defence(d: Mapping[str, Any], who: str, kind: str) -> _Out:
    war, total = d["war_strength"], d["defence"]
    spent = []
    if int(d.get("goons", 0)):
        spent.append(f"returning {_n(int(d['goons']), 'goon')}")
    if d.get("free"):
        spent.append("using the partner's free help")
    elif d.get("partner"):
        spent.append(f"paying the partner ${d.get('paid', 0)}")
    head = f"{_attacker(d)} attacks {_target(d, who)}"
    extra: tuple[str, ...] = ()
    if spent:
        extra += ("R-COMBAT-3",) if int(d.get("goons", 0)) else ()
        extra += ("R-COMBAT-4",) if d.get("partner") else ()
    if kind == "building_holds":
        how = f"{who} defends by {_and(spent)}: " if spent else "without help: "
        return f"{head}; {how}defence {total} ≥ {war}, so it holds.", extra
    if not spent:
        return (
            f"{head}; {who} chooses not to defend (defence {total} < {war}), so the "
            f"{d['building']} falls and leaves the game.",
            ("R-GANGWAR-8",),
        )
    return (
        f"{head}; {who} defends by {_and(spent)}, but defence {total} < {war}, so the "
        f"{d['building']} falls and leaves the game.",
        (*extra, "R-GANGWAR-8"),
    )


@_formats("building_lost")
def _building_lost(d: Mapping[str, Any], who: str, kind: str) -> _Out:
    where = (
        "goes back to the operations board to be built again"
        if d.get("rebuild")
        else "is removed from the game"
    )
    text = f"{who}'s {d['building']} in district {d['district']} falls to "
    text += f"{_gangster(d['tile'])} and {where}"
    if d.get("mafioso_lost"):
        text += " with its protecting mafioso"
    extras = []
    barrels = int(d.get("barrels_returned", 0))
    if barrels:
        extras.append(f"{_n(barrels, 'barrel')} go back to the supply")
    if d.get("gangster_bar"):
        extras.append(f"a gangster bar of {_gangster(d['tile'])} takes the space")
    return text + ("; " + " and ".join(extras) if extras else "") + "."


@_formats("gangster_leaves")
def _gangster_leaves(d: Mapping[str, Any], who: str, kind: str) -> _Out:
    return (
        f"{_capital(_gangster(d['tile']))} placed no gangster bar in district {d['district']}, "
        "so the tile leaves the game and its strength token is turned face down."
    )


@_formats("gangster_tiles_boxed")
def _gangster_tiles_boxed(d: Mapping[str, Any], who: str, kind: str) -> _Out:
    return f"The {_n(int(d['count']), 'unused tile')} of gangster deck {d['deck']} go to the box."


@_formats("war_tokens_revealed")
def _war_tokens(d: Mapping[str, Any], who: str, kind: str) -> _Out:
    return f"The next gang war will bring gangsters to {_districts(list(d['districts']))}."


# -- police
@_formats("police_arrive")
def _police_arrive(d: Mapping[str, Any], who: str, kind: str) -> _Out:
    return (
        f"Police arrive in district {d['district']}: player buildings there without a "
        "protecting mafioso stop operating; gangster bars do not care."
    )


@_formats("police_tokens_placed")
def _police_tokens(d: Mapping[str, Any], who: str, kind: str) -> _Out:
    return f"Police will come to {_districts(list(d['districts']))} at the end of the next act."


# -- area control and payout
@_formats("control_markers_reset")
def _control_reset(d: Mapping[str, Any], who: str, kind: str) -> _Out:
    return "Every area-control marker, the gangsters' included, drops to the bottom of its track."


_BUILDING_RANK: Final = {"casino": 4, "nightclub": 3, "bar": 2, "distillery": 1}


@_formats("district_control")
def _district_control(d: Mapping[str, Any], who: str, kind: str) -> _Out:
    head = f"District {d['district']} ({_area(d['area'])})"
    case = d.get("case")
    players = [_who(c) for c in d.get("players", ())]
    best: Mapping[str, Mapping[str, Any]] = d.get("best") or {}
    if case == "gangsters":
        return (
            f"{head}: the gangsters take control, as no player building operates there and "
            f"{_n(int(d.get('gangster_bars', 0)), 'gangster bar')} stand there."
        )
    if case == "nobody":
        stopped = " (police stop the unprotected ones)" if d.get("police") and best else ""
        return (
            f"{head}: nobody controls it, as no player building operates there{stopped} and no "
            "gangster bar stands there."
        )
    if case == "closed":
        return f"{head} is closed, so nobody controls it."
    names = _and(players)
    verb = "controls" if len(players) == 1 else "share control of"
    winners = [best.get(c, {}) for c in d.get("players", ())]
    building = next((str(b.get("building")) for b in winners if b.get("building")), "building")
    if case == "protected":
        why = f"with the best mafioso-protected building (a {building})"
    else:
        why = f"with the best operating building (a {building}), as no mafioso or police is there"
    return f"{head}: {names} {verb} it {why}; control moves {names} up 1 on the area's track."


@_formats("control_track")
def _control_track(d: Mapping[str, Any], who: str, kind: str) -> _Out:
    positions = ", ".join(f"{_who(c)} {p}" for c, p in d["positions"].items())
    return f"{_area(d['area'])} control track now: {positions}, gangsters {d['gangsters']}."


@_formats("payout")
def _payout(d: Mapping[str, Any], who: str, kind: str) -> _Out:
    area = _area(d["area"])
    if int(d["position"]) <= 0:
        return f"{area} pays {who} nothing: {who} controlled no district there this act."
    return (
        f"{area} pays {who} ${d['amount']} into the safe for rank {d['rank']} on the control "
        f"track (space {d['position']}; the gangsters are rank {d.get('gangster_rank', '?')} "
        "and are never paid)."
    )


# -- final scoring
@_formats("final_score")
def _final_score(d: Mapping[str, Any], who: str, kind: str) -> _Out:
    protected = len(d.get("buildings", ()))
    bottles = len(d.get("bottles", ()))
    return (
        f"{who} finishes with ${d['total']} (place {d['place']}): ${d['pocket']} pocket + "
        f"${d['safe']} safe + ${d['building_points']} for "
        f"{_n(protected, 'protected building')} + ${d['bottle_points']} for "
        f"{_n(bottles, 'different bottle')}."
    )


@_formats("game_over")
def _game_over(d: Mapping[str, Any], who: str, kind: str) -> _Out:
    winners = [_who(c) for c in d.get("winners", ())]
    if d.get("shared_win") and len(winners) > 1:
        return f"{_and(winners)} share the win after the tie-breakers."
    return f"{_and(winners)} wins the game." if winners else "The game is over."


#: Kinds with a dedicated formatter (every other kind falls back to the event's own text).
FORMATTED_KINDS: Final = frozenset(_FORMATTERS)


# ---------------------------------------------------------------------- events
def category_of(event: Event, context: str = "turn") -> str:
    """The category of ``event``: fixed by its kind, else ``context`` (setup, prologue, turn).

    >>> category_of(Event("payout", "purple", (), ""))
    'payout'
    >>> category_of(Event("draw", "purple", (), ""), "prologue")
    'prologue'
    """
    return _FIXED_CATEGORY.get(event.kind, context)


def _category_name(category: str | Phase) -> str:
    if isinstance(category, Phase):
        return _PHASE_CATEGORY[category]
    if category not in CATEGORIES:
        raise ValueError(f"unknown category {category!r}; expected one of {', '.join(CATEGORIES)}")
    return category


def explain_event(
    event: Event,
    category: str | Phase | None = None,
    *,
    step: int | None = None,
    act: int | None = None,
    round: int | None = None,
) -> Explanation:
    """Explain one event: a sentence from its data, the rules applied and their summaries.

    ``category`` is where the event happened (a name of :data:`CATEGORIES` or a
    :class:`~speakeasy.model.state.Phase`); it only matters for kinds that occur in several parts of
    the game (a ``draw`` in the prologue or in a turn) and defaults to ``"turn"``. Kinds without
    a dedicated formatter use the event's own text.

    >>> e = explain_event(Event("casino_income", "yellow", ("R-ORDER-5",), "",
    ...                         {"amount": 5, "casinos": 1}))
    >>> print(e)  # doctest: +NORMALIZE_WHITESPACE
    End of round: Yellow's 1 operating casino pays $5 into the pocket. — R-ORDER-5 (casino
    income: all players, moved or not, get $3 per operating casino ($5 at 2p) into their pocket)
    >>> explain_event(Event("mystery", None, ("GAP-23",), "something odd.")).text
    'Something odd.'
    """
    context = "turn" if category is None else _category_name(category)
    cat = _FIXED_CATEGORY.get(event.kind, context)
    if cat not in _IN_ROUNDS or event.kind == "capo_return":
        round = None  # rounds only number the player rounds of an act
    who = _who(event.player) if event.player else "The gangsters"
    text, extra = _format(event, who)
    ids = [*event.rules, *extra, *_CATEGORY_RULES.get((cat, event.kind), ())]
    return Explanation(
        text=text,
        player=event.player,
        kind=event.kind,
        rules=_refs(ids),
        category=cat,
        step=step,
        act=act,
        round=round,
        event=event,
    )


def _format(event: Event, who: str) -> tuple[str, tuple[str, ...]]:
    formatter = _FORMATTERS.get(event.kind)
    if formatter is not None:
        try:
            out = formatter(event.data, who, event.kind)
        except (KeyError, TypeError, ValueError, AttributeError):
            out = ""  # unexpected data: fall back to the engine's own sentence
        text, extra = (out, ()) if isinstance(out, str) else out
        if text:
            return text, extra
    return _fallback(event), ()


_COLOUR_START: Final = re.compile(r"^(purple|yellow|green|blue)\b")


def _fallback(event: Event) -> str:
    text = _COLOUR_START.sub(lambda m: _who(m.group(1)), event.text.strip())
    text = _capital(text) or event.kind.replace("_", " ").capitalize()
    return text if text.endswith((".", "!", "?")) else text + "."


# ---------------------------------------------------------------------- illegal actions
def _error_rules(error: IllegalAction) -> tuple[str, ...]:
    """The rule broken, then closely related rules that explain it."""
    rule, code, reason = error.rule, error.code, error.reason
    extra: tuple[str, ...] = ()
    if rule == "R-LOC-RESTAURANT-3":
        extra = ("R-LOC-RESTAURANT-2",) if "second" in reason else ("R-LOC-RESTAURANT-1",)
    elif code == "cannot-pay":
        extra = ("R-MONEY-2",)
    elif code == "too-weak" and rule == "R-COMBAT-1":
        extra = ("R-TAKEOVER-1", "R-TAKEOVER-2")
    elif code == "too-weak" and rule == "R-SHIP-6":
        extra = ("R-SHIP-4", "R-COMBAT-1")
    elif code == "no-card" and rule in ("R-LEVEL-3", "R-LEVEL-4"):
        extra = ("R-LEVEL-5",)
    elif code == "person-taken":
        extra = ("R-CAPO-5",)
    elif code == "park-full":
        extra = ("R-LOC-CENTRALPARK-6",)
    elif code == "goal-not-met":
        extra = ("R-BOOKS-2", "R-BOOKS-4")
    elif code == "not-operating":
        extra = ("R-GOLDEN-1",)
    elif code == "has-barrel":
        extra = ("R-TRUCK-13",)
    elif code == "one-per-area":
        extra = ("R-BUILD-4",)
    elif code == "no-leverage":
        extra = ("R-PROTECT-2",)
    return tuple(dict.fromkeys((rule, *extra)))


def explain_error(error: IllegalAction, *, detail: str | None = None) -> str:
    """Why an action is not allowed: the engine's reason, then the rules with their summaries.

    ``detail`` replaces the reason with a more precise one (see :func:`explain_blocked`).

    >>> print(explain_error(IllegalAction("person-taken", "R-TURN-4",
    ...                                   "yellow's capo already talks to this person this act")))
    ... # doctest: +NORMALIZE_WHITESPACE
    Yellow's capo already talks to this person this act — R-TURN-4 (a person hears a single capo
    per act and is free only while no capo stands on it; the Restaurant is unlimited); R-CAPO-5
    (a capo blocks its person until the next capo return (not at the Restaurant, R-LOC-GEN-2);
    after each return every person is free)
    """
    return _capital(_why(error, detail))


def _why(error: IllegalAction, detail: str | None) -> str:
    reason = (detail or error.reason).strip().rstrip(".")
    reason = _COLOUR_START.sub(lambda m: _who(m.group(1)), reason)
    return f"{reason} — {_cite(_refs(_error_rules(error)))}"


def _describe(action: Action) -> str:
    """A readable name for an option, even when the engine gave it no label."""
    if action.label:
        return action.label
    args = action.args
    if action.kind == "ship" and args:
        return f"Attack {_ship(args[0])}"
    if action.kind == "buy" and args:
        return f"Buy a barrel from {_ship(args[0])}"
    if action.kind == "deliver" and len(args) >= 2:
        return f"Deliver a barrel to district {args[0]}, space {int(args[1]) + 1}"
    if action.kind == "raise" and args:
        return f"Raise {args[0]}"
    return str(action)


def _restaurant_detail(state: GameState, colour: Colour) -> str | None:
    """Which bottom spaces are free, what each costs in discards, and the hand size."""
    seats = len(state.players)
    layout = _catalog().turn_order.for_players(2 if seats == 1 else seats)
    hand = len(state.players[colour].hand)
    free = [s for s in range(1, layout.columns + 1) if state.turn_order.bottom[s - 1] is None]
    if not free:
        return None
    if hand == 0:
        return "the Restaurant needs a card to discard and you hold none"
    needs = [(s, layout.discards_for(s)) for s in free]
    spaces = _and([f"bottom space {s} needs {n} discards" for s, n in needs])
    return f"{spaces} (a second discard for the extra-discard spaces); you hold {_n(hand, 'card')}"


def explain_blocked(decision: Decision, state: GameState | None = None) -> list[tuple[Action, str]]:
    """Every greyed-out option of ``decision`` with the reason it is not allowed now.

    Each reason is ``"<option>: <why> — <rule (summary)>; ..."``. With the game's ``state``
    some reasons get more precise (the Restaurant lists its free spaces and their discards).

    >>> from speakeasy.core.actions import Blocked
    >>> casino = Action("build", ("open", "casino-1"), label="Open a casino ($17 + 1 discard)")
    >>> error = IllegalAction("cannot-pay", "R-MONEY-6",
    ...     "a casino costs $17 and 1 discarded card; you have $12 and can launder $6")
    >>> decision = Decision("purple", "build", "Build", ("R-BUILD-4",), (),
    ...                     lambda: (Blocked(casino, error),))
    >>> [(str(action), why) for action, why in explain_blocked(decision)]
    ... # doctest: +NORMALIZE_WHITESPACE
    [('build open casino-1', 'Open a casino ($17 + 1 discard): a casino costs $17 and 1 discarded
    card; you have $12 and can launder $6 — R-MONEY-6 (no debt: if you cannot pay a cost in full,
    even laundering 2:1, you cannot pay it or take the action it buys); R-MONEY-2 (spending from
    the safe costs double: each $1 paid removes $2 from it; one payment can combine pocket and safe
    money (E15))')]
    """
    out: list[tuple[Action, str]] = []
    for blocked in decision.blocked:
        error, detail = blocked.error, None
        if state is not None and error.rule == "R-LOC-RESTAURANT-3":
            try:
                detail = _restaurant_detail(state, Colour(decision.player))
            except (KeyError, ValueError):
                detail = None
        out.append((blocked.action, f"{_describe(blocked.action)}: " + _why(error, detail)))
    return out


# ---------------------------------------------------------------------- rule lookup
def lookup(query: str) -> list[RuleEntry]:
    """Rules by ID (any case, e.g. ``"r-truck-7"``) or by words (every word must match).

    >>> [e.id for e in lookup("GAP-23")]
    ['GAP-23']
    >>> [e.id for e in lookup("casino income")][:2]
    ['R-ORDER-5', 'R-MONEY-3']
    >>> lookup("R-NOPE-1")
    []
    """
    words = query.strip()
    if not words:
        raise ValueError("lookup() needs a rule ID or some words")
    index = load_rules_index()
    entry = index.get(words.upper())
    if entry is not None:
        return [entry]
    if " " not in words and re.fullmatch(
        r"(?i)(R-[A-Z0-9-]+-\d+|E\d+|(GEO|MAP|GAP|DISC)-\d+)", words
    ):
        return []  # a well-formed ID that is not indexed
    return index.search(words)


def lookup_markdown(query: str, limit: int = 10) -> str:
    """:func:`lookup` as a Markdown list for notebooks (at most ``limit`` entries).

    >>> print(lookup_markdown("r-golden-5"))
    - **R-GOLDEN-5** (Operating buildings and the GOLDEN RULE): Gangster bars ignore police.
    """
    found = lookup(query)
    if not found:
        return f"No rule matches {_md(query)!s}."
    lines = [f"- **{e.id}** ({_md(_section_title(e))}): {_md(e.summary)}" for e in found[:limit]]
    if len(found) > limit:
        lines.append(f"- … and {len(found) - limit} more")
    return "\n".join(lines)


def lookup_html(query: str, limit: int = 10) -> str:
    """:func:`lookup` as an HTML list, for ipywidgets (at most ``limit`` entries).

    >>> lookup_html("r-golden-5").startswith("<ul><li><b>R-GOLDEN-5</b> (Operating buildings")
    True
    >>> lookup_html("R-NOPE-1")
    '<p>No rule matches R-NOPE-1.</p>'
    """
    found = lookup(query)
    if not found:
        return f"<p>No rule matches {html.escape(query)}.</p>"
    items = [
        f"<li><b>{html.escape(e.id)}</b> ({html.escape(_section_title(e))}): "
        f"{html.escape(e.summary)}</li>"
        for e in found[:limit]
    ]
    if len(found) > limit:
        items.append(f"<li>… and {len(found) - limit} more</li>")
    return "<ul>" + "".join(items) + "</ul>"


def _section_title(entry: RuleEntry) -> str:
    """The entry's section without its number (``"11.2 Gang war"`` -> ``"Gang war"``)."""
    return re.sub(r"^[0-9.]+ ", "", entry.section)


# ---------------------------------------------------------------------- step-through and log
@dataclass(frozen=True, slots=True)
class StepFrame:
    """One event of a step: its explanation and the position just before and just after it."""

    explanation: Explanation
    before: GameState
    after: GameState

    @property
    def event(self) -> Event:
        assert self.explanation.event is not None
        return self.explanation.event

    def changes(self, limit: int = 20) -> list[str]:
        """What the event changed, as ``path: old → new`` lines (at most ``limit``)."""
        found: list[str] = []
        _diff(to_data(self.before), to_data(self.after), "", found, limit)
        return found


def _diff(old: Any, new: Any, path: str, out: list[str], limit: int) -> None:
    if len(out) >= limit or old == new:
        return
    if isinstance(old, dict) and isinstance(new, dict):
        for key in dict.fromkeys([*old, *new]):
            _diff(old.get(key), new.get(key), f"{path}.{key}" if path else str(key), out, limit)
        return
    out.append(f"{path}: {old!r} → {new!r}")


class _Context:
    """Follows a game's events to know their category, act and round without the states."""

    def __init__(self) -> None:
        self.where = "setup"
        self.act: int | None = 0
        self.round: int | None = None

    def explain(self, event: Event, step: int) -> Explanation:
        kind, data = event.kind, event.data
        if self.where == "setup" and kind in ("open", "build_impossible", "play_card"):
            self.where = "prologue"  # the prologue starts with each player's building
        if kind == "round":
            self.where, self.act, self.round = "turn", data.get("act"), data.get("round")
        elif kind == "capo_return":
            self.act, self.round = data.get("act"), None
        return explain_event(event, self.where, step=step, act=self.act, round=self.round)


def step_through(game: Game, step: int | None = None) -> list[StepFrame]:
    """Replay one step event by event (default: the last; 0 = setup) without changing the game.

    Each frame holds the explanation and the positions before and after that event; the first
    frame's ``before`` is the position before the step.

    >>> from speakeasy import Game
    >>> game = Game.new(players=2, seed=3)
    >>> frames = step_through(game, 0)
    >>> frames[0].explanation.category, frames[0].before is frames[0].after
    ('setup', True)
    """
    number = len(game.steps) if step is None else step
    start, frames = game.frames(number)
    out: list[StepFrame] = []
    before = start
    context = _Context() if number == 0 else None
    for frame in frames:
        if context is not None:
            explanation = context.explain(frame.event, 0)
        else:
            state = frame.state
            explanation = explain_event(
                frame.event,
                _PHASE_CATEGORY[state.phase],
                step=number,
                act=state.act,
                round=state.round,
            )
        out.append(StepFrame(explanation, before, frame.state))
        before = frame.state
    return out


def _colour_name(player: str | Colour) -> str:
    try:
        return Colour(str(player).lower()).value
    except ValueError:
        known = ", ".join(c.value for c in Colour)
        raise ValueError(f"unknown colour {player!r}; colours are {known}") from None


def log(
    game: Game,
    *,
    player: str | Colour | None = None,
    category: str | Phase | Iterable[str | Phase] | None = None,
    newest_first: bool = True,
) -> list[Explanation]:
    """Every event of the game so far (setup included), explained; filter by player/category.

    ``player`` keeps the events of that colour; ``category`` one category (or several) of
    :data:`CATEGORIES` (a :class:`~speakeasy.model.state.Phase` works too).

    >>> from speakeasy import Game
    >>> game = Game.new(players=2, seed=7)
    >>> [e.text for e in log(game, category="setup")][-1]  # the oldest, last
    'In this two-player game districts ... are closed: no buildings go there.'
    """
    wanted: set[str] | None = None
    if category is not None:
        cats = [category] if isinstance(category, str | Phase) else list(category)
        wanted = {_category_name(c) for c in cats}
    colour = None if player is None else _colour_name(player)
    context = _Context()
    out: list[Explanation] = []
    batches: list[tuple[int, Sequence[Event]]] = [(0, game.setup_events)]
    batches += [(n, s.events) for n, s in enumerate(game.steps, start=1)]
    for number, events in batches:
        for event in events:
            explanation = context.explain(event, number)
            if colour is not None and explanation.player != colour:
                continue
            if wanted is not None and explanation.category not in wanted:
                continue
            out.append(explanation)
    if newest_first:
        out.reverse()
    return out

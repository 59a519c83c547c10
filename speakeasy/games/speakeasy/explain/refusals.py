"""Why a request is illegal and why an option is greyed out, in plain words, with its rules.

Requests that were never options get their own rule from
:mod:`speakeasy.games.speakeasy.rules.refusals` (its ``CODES`` says what each code means); here each
code may bring related rules along.

>>> from speakeasy.core.actions import IllegalAction
>>> print(explain_error(IllegalAction("cannot-pay", "R-MONEY-6",
...     "a casino costs $17 and 1 discarded card; you have $12 and can launder $6")))
A casino costs $17 and 1 discarded card; you have $12 and can launder $6 — R-MONEY-6 (no debt:
if you cannot pay a cost in full, even laundering 2:1, you cannot pay it or take the action it
buys); R-MONEY-2 (spending from the safe costs double: each $1 paid removes $2 from it; one
payment can combine pocket and safe money (E15))
"""

from __future__ import annotations

import re
from typing import Final

from speakeasy.core.actions import Action, Decision, IllegalAction
from speakeasy.games.speakeasy.model.catalog.catalog import Catalog
from speakeasy.games.speakeasy.model.catalog.loader import load_catalog
from speakeasy.games.speakeasy.model.state import Colour, GameState
from speakeasy.games.speakeasy.rules.wording import capital, count, listing, player_name
from speakeasy.tools.citations import cite, refs

__all__ = ["explain_blocked", "explain_error"]

#: Related rules that explain a broken rule, by error code (and rule where it matters).
_RELATED_BY_CODE: Final[dict[str, tuple[str, ...]]] = {
    "cannot-pay": ("R-MONEY-2",),
    "person-taken": ("R-CAPO-5",),
    "park-full": ("R-LOC-CENTRALPARK-6",),
    "goal-not-met": ("R-BOOKS-2", "R-BOOKS-4"),
    "not-operating": ("R-GOLDEN-1",),
    "has-barrel": ("R-TRUCK-13",),
    "one-per-area": ("R-BUILD-4",),
    "no-leverage": ("R-PROTECT-2",),
    # requests that were never options (speakeasy.games.speakeasy.rules.refusals.CODES lists every
    # code)
    "no-such-district": ("GEO-1",),
    "not-adjacent": ("GEO-4",),
    "person-not-in-play": ("DISC-2",),
    "wrong-price": ("GAP-5",),
    "vip-full": ("R-LEVEL-7",),
    "same-as": ("R-UPGRADE-3",),
}
_RELATED_BY_CODE_AND_RULE: Final[dict[tuple[str, str], tuple[str, ...]]] = {
    ("too-weak", "R-COMBAT-1"): ("R-TAKEOVER-1", "R-TAKEOVER-2"),
    ("too-weak", "R-SHIP-6"): ("R-SHIP-4", "R-COMBAT-1"),
    ("no-card", "R-LEVEL-3"): ("R-LEVEL-5",),
    ("no-card", "R-LEVEL-4"): ("R-LEVEL-5",),
    ("not-adjacent", "R-TRUCK-8"): ("GEO-5",),
}


def _error_rules(error: IllegalAction) -> tuple[str, ...]:
    """The rule broken, then closely related rules that explain it."""
    rule, code = error.rule, error.code
    extra: tuple[str, ...]
    if rule == "R-LOC-RESTAURANT-3":
        extra = ("R-LOC-RESTAURANT-2",) if "second" in error.reason else ("R-LOC-RESTAURANT-1",)
    else:
        extra = _RELATED_BY_CODE_AND_RULE.get((code, rule), _RELATED_BY_CODE.get(code, ()))
    return tuple(dict.fromkeys((rule, *extra)))


_COLOUR_START: Final = re.compile(r"^(purple|yellow|green|blue)\b")


def _why(error: IllegalAction, detail: str | None) -> str:
    reason = (detail or error.reason).strip().rstrip(".")
    reason = _COLOUR_START.sub(lambda m: player_name(m.group(1)), reason)
    return f"{reason} — {cite(refs(_error_rules(error)))}"


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
    return capital(_why(error, detail))


def _describe(action: Action, catalog: Catalog) -> str:
    """A readable name for an option, even when the engine gave it no label."""
    if action.label:
        return action.label
    args = action.args
    if action.kind == "ship" and args:
        return f"Attack {catalog.ship(str(args[0])).name}'s ship"
    if action.kind == "buy" and args:
        return f"Buy a barrel from {catalog.ship(str(args[0])).name}'s ship"
    if action.kind == "deliver" and len(args) >= 2:
        return f"Deliver a barrel to district {args[0]}, space {int(args[1]) + 1}"
    if action.kind == "raise" and args:
        return f"Raise {args[0]}"
    return str(action)


def _restaurant_detail(state: GameState, colour: Colour, catalog: Catalog) -> str | None:
    """Which bottom spaces are free, what each costs in discards, and the hand size."""
    seats = len(state.players)
    layout = catalog.turn_order.for_players(2 if seats == 1 else seats)
    hand = len(state.players[colour].hand)
    free = [s for s in range(1, layout.columns + 1) if state.turn_order.bottom[s - 1] is None]
    if not free:
        return None
    if hand == 0:
        return "the Restaurant needs a card to discard and you hold none"
    needs = [(s, layout.discards_for(s)) for s in free]
    spaces = listing([f"bottom space {s} needs {n} discards" for s, n in needs])
    held = count(hand, "card")
    return f"{spaces} (a second discard for the extra-discard spaces); you hold {held}"


def explain_blocked(
    decision: Decision, state: GameState | None = None, *, catalog: Catalog | None = None
) -> list[tuple[Action, str]]:
    """Every greyed-out option of ``decision`` with the reason it is not allowed now.

    Each reason is ``"<option>: <why> — <rule (summary)>; ..."``. With the game's ``state``
    some reasons get more precise (the Restaurant lists its free spaces and their discards).
    ``catalog`` is the game's (ship names, the turn-order track); without one, the shipped
    catalogue.

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
    catalog = catalog if catalog is not None else load_catalog()
    out: list[tuple[Action, str]] = []
    for blocked in decision.blocked:
        error, detail = blocked.error, None
        if state is not None and error.rule == "R-LOC-RESTAURANT-3":
            detail = _restaurant_detail(state, Colour(decision.player), catalog)
        described = _describe(blocked.action, catalog)
        out.append((blocked.action, f"{described}: " + _why(error, detail)))
    return out

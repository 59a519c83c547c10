"""The words event sentences are made of: names, counts and lists, in the project's own style.

Every event a rule emits carries one sentence (``Event.text``) that says what happened; it is
the only wording of the event (:mod:`speakeasy.games.speakeasy.explain` adds the rules it applied
and where it happened, not a second sentence). These helpers keep those sentences consistent:

>>> player_name("purple"), count(1, "barrel"), count(2, "mafioso"), listing([1, 3, 12])
('Purple', '1 barrel', '2 mafiosi', '1, 3 and 12')
>>> districts([7]), districts([2, 9])
('district 7', 'districts 2 and 9')
>>> payment(17, pocket=5, safe=24)
'for $17 ($5 from the pocket and $24 laundered from the safe at 2:1)'
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import lru_cache
from typing import Final

from speakeasy.games.speakeasy.model.catalog.catalog import Catalog
from speakeasy.tools.text import plural

__all__ = [
    "capital",
    "card_name",
    "count",
    "districts",
    "gangster_name",
    "helper_name",
    "listing",
    "payment",
    "player_name",
    "refusals",
    "token_name",
]


@lru_cache(maxsize=64)  # a few colours, named in most events' texts
def player_name(colour: str) -> str:
    """``Purple`` for ``"purple"`` (a :class:`~speakeasy.games.speakeasy.model.state.Colour` is a
    string)."""
    return capital(colour)


def capital(text: str) -> str:
    """The text with its first letter in capitals, to start a sentence."""
    return text[:1].upper() + text[1:]


def count(n: int, noun: str) -> str:
    """``1 barrel``, ``2 barrels``, ``2 mafiosi`` (the model's :func:`plural`)."""
    return plural(n, noun)


def listing(items: Sequence[object]) -> str:
    """``1``, ``1 and 16``, ``1, 3, 12 and 14``."""
    words = [str(i) for i in items]
    if len(words) <= 1:
        return "".join(words)
    return ", ".join(words[:-1]) + " and " + words[-1]


def districts(numbers: Sequence[int]) -> str:
    """``district 7`` or ``districts 2, 3 and 9``."""
    return ("district " if len(numbers) == 1 else "districts ") + listing(numbers)


def gangster_name(catalog: Catalog, tile_id: str) -> str:
    """``Carlo Gambino``, or ``gangster A5`` for a tile known only by its letter and number."""
    tile = catalog.gangster(tile_id).name
    return tile if " " in tile else f"gangster {tile}"


def card_name(catalog: Catalog, card_id: str) -> str:
    """``vip card vip-07``."""
    return f"{catalog.card(card_id).type} card {card_id}"


def helper_name(catalog: Catalog, helper_id: str) -> str:
    """``helper card helper-18 (bottle worth $10)``."""
    return f"helper card {helper_id} (bottle worth ${catalog.helper(helper_id).bottle_value})"


def token_name(catalog: Catalog, token_id: str) -> str:
    """``city token city-13 (open or takeover or upgrade a nightclub)``."""
    what = ", ".join(e.label for e in catalog.city_token(token_id).effect)
    return f"city token {token_id}" + (f" ({what})" if what else "")


def payment(cost: int, *, pocket: int, safe: int) -> str:
    """How a cost was paid: free, from the pocket, the safe (laundered 2:1, R-MONEY-2) or both."""
    if cost == 0:
        return "for free"
    if not safe:
        return f"for ${cost}"
    if not pocket:
        return f"for ${cost} (laundering ${safe} from the safe at 2:1)"
    return f"for ${cost} (${pocket} from the pocket and ${safe} laundered from the safe at 2:1)"


#: Why options were refused, in plain words, by :class:`~speakeasy.core.actions.IllegalAction`
#: code (other codes are read out as they are).
_REFUSED: Final = {
    "cannot-pay": "nothing is affordable",
    "no-card": "the cards to discard are missing",
    "too-weak": "no attack is strong enough",
    "no-space": "there is no empty building space",
    "no-bar": "there is no bar to upgrade",
    "no-mafioso": "the VIP area has no mafioso",
    "no-leverage": "there is not enough leverage",
    "already-protected": "every building already has a mafioso",
}


def refusals(codes: Iterable[str]) -> list[str]:
    """Each distinct refusal code in plain words, in code order.

    >>> refusals(["no-bar", "cannot-pay", "no-bar"])
    ['nothing is affordable', 'there is no bar to upgrade']
    """
    return [_REFUSED.get(code, code.replace("-", " ")) for code in sorted(set(codes))]

"""Reading the seats a new game is asked for: a list of names, strictly and in bounded memory.

Every game takes its players as a count or as seat names in seating order. Anything else (no
list at all, a text, a list of a million names, names that are not texts) is a ``ValueError``
with a plain message, never a ``TypeError`` from deep inside or a message quoting a huge value.

>>> seat_list(["red", "Blue"], 5, "players must be 3-5 or a list of colours")
['red', 'Blue']
>>> seat_list("red", 5, "players must be 3-5 or a list of colours")
Traceback (most recent call last):
...
ValueError: players must be 3-5 or a list of colours, not str
>>> seat_list(iter(range(10**9)), 5, "players must be 3-5 or a list of colours")
Traceback (most recent call last):
...
ValueError: players must be 3-5 or a list of colours, not a list of more than 5
>>> shown_list(["red", "x" * 100])
"['red', 'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx...']"
"""

from __future__ import annotations

from itertools import islice

__all__ = ["seat_list", "shown_list"]


def seat_list(players: object, most: int, usage: str) -> list[str]:
    """The names in ``players`` (any iterable but a text) when there are at most ``most`` of
    them and each is a text; ``ValueError`` starting with ``usage`` otherwise. At most
    ``most + 1`` items are read."""
    if isinstance(players, str | bytes | bytearray):
        raise ValueError(f"{usage}, not {type(players).__name__}")
    try:
        given = list(islice(iter(players), most + 1))  # type: ignore[call-overload]
    except TypeError:
        raise ValueError(f"{usage}, not {type(players).__name__}") from None
    if len(given) > most:
        raise ValueError(f"{usage}, not a list of more than {most}")
    for name in given:
        if not isinstance(name, str):
            raise ValueError(f"{usage}: {type(name).__name__} is not a name")
    return given


def shown_list(names: list[str]) -> str:
    """``names`` for a message, each cut to 40 characters."""
    return repr([n if len(n) <= 40 else f"{n[:37]}..." for n in names])

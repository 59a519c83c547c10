"""A play table kept in the page's address: a reload (or a shared link) reopens the same game.

A play notebook writes its table into one query parameter of the page's URL (``?game=…``)
after every change and reads it back when the page opens. The value is the table's plain data
(seats, seed, rule options, the decisions made and the ones undone: what a
``TableSnapshot`` holds, which replays to the same position) as compact JSON with the game's
name and a format version, compressed with zlib and written in base64url without padding.
A whole game of Speakeasy (200-300 decisions) takes about 1,500 characters.

Anyone can edit an address, so reading is strict and bounded: at most :data:`MAX_CHARS`
characters of the base64url alphabet, decompressed to at most :data:`MAX_JSON_BYTES` (a zlib
bomb stops there), JSON read within limits (:func:`~speakeasy.core.limits.load_json_limited`),
the envelope's game and version checked, and each field of the table checked by type and size
(:func:`table_fields`). Every refusal is an :class:`AddressError` (a ``ValueError``) with a
plain message; the game then replays the decisions, which its own rules check.

>>> text = encode_table("speakeasy", {"seats": [["purple", "human"]], "seed": 7})
>>> text
'eNoNyTEKgDAMBdC7_DmLk5CrlA4Rg4K2BNMKUnp3s743cEhRMNxULhX_QHjBC6HJdscMuEpzcEqw_lgY4exFKnKmSN3B65w_gqkYCw'
>>> decode_table(text, "speakeasy")
{'seats': [['purple', 'human']], 'seed': 7}
>>> decode_table(text, "mafia-city")
Traceback (most recent call last):
...
speakeasy.tools.page_address.AddressError: the game in the address is for speakeasy, not mafia-city
>>> decode_table("not base64!", "speakeasy")
Traceback (most recent call last):
...
speakeasy.tools.page_address.AddressError: the game in the address is not base64url text
"""

from __future__ import annotations

import base64
import binascii
import json
import re
import secrets
import zlib
from collections.abc import Callable, Collection, Mapping
from typing import Any, Final, Protocol, TypeVar

from speakeasy.core.actions import MAX_ACTION_TEXT
from speakeasy.core.limits import LimitError, load_json_limited

T = TypeVar("T")

__all__ = [
    "ADDRESS_KEY",
    "FORMAT_VERSION",
    "LINK_KEY",
    "MAX_ACTIONS",
    "MAX_CHARS",
    "MAX_JSON_BYTES",
    "SEED_KEY",
    "SEED_LIMIT",
    "AddressError",
    "QueryParams",
    "TableFields",
    "address_seed",
    "decode_table",
    "encode_table",
    "fresh_seed",
    "open_link",
    "table_fields",
    "write_params",
]

#: The query parameter that holds the table.
ADDRESS_KEY: Final = "game"
#: The query parameter of an explorer opened at a game's position (``?at=LINK``: the coach's
#: "explore" links); each game writes and reads its own link.
LINK_KEY: Final = "at"
#: The query parameter that starts a new game on a given seed (``?seed=5``: tests, a class).
SEED_KEY: Final = "seed"
#: The version of the envelope; an address of another version is refused.
FORMAT_VERSION: Final = 1
#: The longest value read or written, in characters. The browser sends the address again to
#: open the page's websocket, whose server refuses a request line over 8 KB.
MAX_CHARS: Final = 6_000
#: The most bytes the value may decompress to: a zlib bomb stops here.
MAX_JSON_BYTES: Final = 256 * 1024
#: The most decisions (made and undone together) a table in the address may hold.
MAX_ACTIONS: Final = 5_000
#: New games get seeds ``0 <= seed < SEED_LIMIT`` (what the seed box accepts).
SEED_LIMIT: Final = 1_000_000

_BASE64URL = re.compile(r"[A-Za-z0-9_-]*")
_DIGITS = re.compile(r"[0-9]{1,6}")


class AddressError(ValueError):
    """The game in the page's address cannot be read: too long, not base64url, not zlib, too
    large once decompressed, not JSON, another game or version, or a field of the wrong type
    or size. The message is plain English."""


def encode_table(game: str, table: Mapping[str, Any]) -> str:
    """``table`` (plain JSON data) of ``game`` as an address value: compact JSON with the
    game's name and :data:`FORMAT_VERSION`, zlib-compressed, base64url without padding.
    The caller checks the length against :data:`MAX_CHARS` (a longer value is never read)."""
    envelope = {"game": game, "v": FORMAT_VERSION, "table": dict(table)}
    raw = json.dumps(envelope, separators=(",", ":"), ensure_ascii=True).encode("ascii")
    return base64.urlsafe_b64encode(zlib.compress(raw, 9)).decode("ascii").rstrip("=")


def decode_table(value: object, game: str, what: str = "the game in the address") -> dict[str, Any]:
    """The table data of ``game`` in the address value ``value`` (:func:`encode_table`);
    :class:`AddressError` if it is not one, before any large allocation. ``what`` names the
    value in the refusals.

    >>> decode_table("x" * (MAX_CHARS + 1), "speakeasy")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    speakeasy.tools.page_address.AddressError: the game in the address is too long: ...
    >>> bomb = base64.urlsafe_b64encode(zlib.compress(b" " * 10**6, 9)).decode()
    >>> decode_table(bomb.rstrip("="), "speakeasy")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    speakeasy.tools.page_address.AddressError: the game in the address unpacks to more than ...
    """
    if not isinstance(value, str):  # marimo gives a list for a repeated parameter
        raise AddressError("the page's address holds more than one game")
    if len(value) > MAX_CHARS:
        raise AddressError(
            f"{what} is too long: {len(value):,} characters; the limit is {MAX_CHARS:,}"
        )
    if not _BASE64URL.fullmatch(value) or len(value) % 4 == 1:
        raise AddressError(f"{what} is not base64url text")
    try:
        packed = base64.urlsafe_b64decode(value + "=" * (-len(value) % 4))
    except (binascii.Error, ValueError):
        raise AddressError(f"{what} is not base64url text") from None
    unpacker = zlib.decompressobj()
    try:
        raw = unpacker.decompress(packed, MAX_JSON_BYTES + 1)
    except zlib.error:
        raise AddressError(f"{what} is damaged (not zlib data)") from None
    if len(raw) > MAX_JSON_BYTES or unpacker.unconsumed_tail:
        raise AddressError(f"{what} unpacks to more than {MAX_JSON_BYTES:,} bytes")
    if not unpacker.eof or unpacker.unused_data:
        raise AddressError(f"{what} is damaged (cut short or with extra data)")
    try:
        data = load_json_limited(raw, what)
    except LimitError as exc:
        raise AddressError(str(exc)) from None
    if not isinstance(data, dict) or set(data) != {"game", "v", "table"}:
        raise AddressError(f"{what} holds nothing to open")
    if data["game"] != game:
        shown = data["game"] if isinstance(data["game"], str) else "an unknown kind"
        raise AddressError(f"{what} is for {shown[:40]}, not {game}")
    if type(data["v"]) is not int or data["v"] != FORMAT_VERSION:
        raise AddressError(f"{what} has another format version; this one reads {FORMAT_VERSION}")
    table = data["table"]
    if not isinstance(table, dict):
        raise AddressError(f"{what} holds nothing to open")
    return table


# ---------------------------------------------------------------------- the table's fields
TableFields = tuple[tuple[tuple[str, str], ...], int, tuple[str, ...], tuple[str, ...]]


def table_fields(
    data: Mapping[str, Any],
    *,
    colours: Collection[str],
    kinds: Collection[str],
    extra: Collection[str] = (),
) -> TableFields:
    """The fields every game's table has, checked: ``seats`` (a list of ``[colour, kind]``
    pairs, distinct colours of ``colours``, kinds of ``kinds``), ``seed`` (``0 <= seed <
    2**63``), ``actions`` and ``redo`` (lists of short strings, :data:`MAX_ACTIONS` together).
    Any other key must be one of the game's ``extra`` ones. Returns ``(seats, seed, actions,
    redo)``; :class:`AddressError` otherwise. Whether the actions are legal is the game's to
    check (by replaying them).

    >>> table_fields({"seats": [["red", "human"]], "seed": 3, "actions": ["pass"]},
    ...              colours={"red"}, kinds={"human"})
    ((('red', 'human'),), 3, ('pass',), ())
    >>> table_fields({"seats": [["red", "god"]], "seed": 3}, colours={"red"}, kinds={"human"})
    Traceback (most recent call last):
    ...
    speakeasy.tools.page_address.AddressError: the address seats red as 'god', which is no seat kind
    """
    unknown = sorted(
        str(k)[:40]
        for k in data
        if k not in {"seats", "seed", "actions", "redo"} and k not in extra
    )
    if unknown:
        raise AddressError(f"the game in the address has unknown fields: {', '.join(unknown)}")
    raw_seats = data.get("seats")
    if not isinstance(raw_seats, list) or not 1 <= len(raw_seats) <= len(colours):
        raise AddressError("the game in the address has no valid list of seats")
    seats: list[tuple[str, str]] = []
    for pair in raw_seats:
        if (
            not isinstance(pair, list)
            or len(pair) != 2
            or not all(isinstance(p, str) for p in pair)
            or pair[0] not in colours
        ):
            raise AddressError("the game in the address has a seat that is not a colour and kind")
        if pair[1] not in kinds:
            raise AddressError(
                f"the address seats {pair[0]} as {pair[1][:20]!r}, which is no seat kind"
            )
        seats.append((pair[0], pair[1]))
    if len({c for c, _ in seats}) != len(seats):
        raise AddressError("the game in the address seats a colour twice")
    seed = data.get("seed")
    if type(seed) is not int or not 0 <= seed < 2**63:
        raise AddressError("the seed in the address is not a whole number 0 to 2**63 - 1")
    lines = []
    for name in ("actions", "redo"):
        line = data.get(name, [])
        if not isinstance(line, list) or not all(
            isinstance(a, str) and len(a) <= MAX_ACTION_TEXT for a in line
        ):
            raise AddressError(f"the {name} in the address are not a list of short texts")
        lines.append(tuple(line))
    if sum(len(line) for line in lines) > MAX_ACTIONS:
        raise AddressError(f"the address holds more than {MAX_ACTIONS:,} decisions")
    return tuple(seats), seed, lines[0], lines[1]


# ---------------------------------------------------------------------- seeds
def fresh_seed() -> int:
    """A new game's seed when the person sets none: ``0 <= seed <`` :data:`SEED_LIMIT`, from
    the system's randomness (every later random choice of the game flows from it)."""
    return secrets.randbelow(SEED_LIMIT)


def address_seed(params: Mapping[str, object]) -> int | None:
    """The seed a page's address asks for (``?seed=5``: up to six digits), else ``None``.

    >>> address_seed({"seed": "5"}), address_seed({"seed": "-1"}), address_seed({})
    (5, None, None)
    """
    value = params.get(SEED_KEY)
    if isinstance(value, str) and _DIGITS.fullmatch(value):
        return int(value)
    return None


class QueryParams(Protocol):
    """The page's query parameters as marimo gives them (``mo.query_params()``): setting one
    changes the address in the browser."""

    def get(self, key: str, default: Any = None) -> Any: ...

    def set(self, key: str, value: str) -> None: ...

    def remove(self, key: str, value: str | None = None) -> None: ...

    def __contains__(self, key: str) -> bool: ...


def write_params(params: QueryParams, wanted: Mapping[str, str], keys: Collection[str]) -> None:
    """Make the page's parameters ``keys`` say what ``wanted`` says: set those that differ,
    remove those ``wanted`` leaves out, touch nothing else (each change is a browser history
    entry).

    >>> class Params(dict):
    ...     def set(self, key, value): self[key] = value
    ...     def remove(self, key, value=None): del self[key]
    >>> params = Params(lesson="1", moves="a", other="x")
    >>> write_params(params, {"lesson": "2"}, ("lesson", "moves"))
    >>> dict(params)
    {'lesson': '2', 'other': 'x'}
    """
    for key in keys:
        if key not in wanted:
            if key in params:
                params.remove(key)
        elif params.get(key) != wanted[key]:
            params.set(key, wanted[key])


def open_link(link: object, read: Callable[[str], T]) -> tuple[T | None, str | None]:
    """What a page's :data:`LINK_KEY` parameter links to, read by ``read`` (which raises
    ``ValueError`` in plain words for a link that holds no position), and the refusal to show
    instead: anyone can edit an address, so any value is answered. ``(None, None)`` when the
    address links to nothing.

    >>> open_link(None, int), open_link("7", int)
    ((None, None), (7, None))
    >>> open_link(["a", "b"], int)
    (None, 'The address links to more than one position.')
    >>> open_link("x", lambda link: decode_table(link, "speakeasy", "the link"))
    (None, 'The linked position cannot be opened: the link is not base64url text.')
    """
    if link is None:
        return None, None
    if not isinstance(link, str):  # marimo gives a list for a repeated parameter
        return None, "The address links to more than one position."
    try:
        return read(link), None
    except ValueError as exc:  # the address's, the position's or the reader's refusal
        return None, f"The linked position cannot be opened: {exc}."

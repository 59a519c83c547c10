"""Reading untrusted JSON and TOML within limits: size and nesting depth are checked *before*
parsing, so a hostile file is refused fast and in little memory, always with one exception.

The parsers of the standard library accept anything: a 50 MB file is read whole, a
thousand nested brackets end in :class:`RecursionError`, a 5,000-digit number in a bare
``ValueError`` and ``NaN`` loads as a float. The readers here refuse all of that with a
:class:`LimitError` (a ``ValueError``) naming ``what`` was read; callers wrap it into their own
error (``SaveFileError``, ``ScenarioError``) with ``from None``.

>>> load_json_limited('{"seed": 7, "actions": ["pass"]}', "the save")
{'seed': 7, 'actions': ['pass']}
>>> load_json_limited("[" * 1000 + "]" * 1000, "the save")
Traceback (most recent call last):
...
speakeasy.core.limits.LimitError: the save nests more than 64 levels deep (arrays, objects, tables)
>>> load_json_limited('{"seed": NaN}', "the save")
Traceback (most recent call last):
...
speakeasy.core.limits.LimitError: the save holds NaN, which is not a number JSON allows
>>> load_json_limited('{"seed": 1%s}' % ("0" * 30), "the save")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
speakeasy.core.limits.LimitError: the save holds a 31-digit number; numbers must be at most ...
>>> load_toml_limited('title = "x"\\n[districts.3]\\nwar_token = true', "the scenario")
{'title': 'x', 'districts': {'3': {'war_token': True}}}
>>> check_text(b"x" * (MAX_BYTES + 1), "the upload")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
speakeasy.core.limits.LimitError: the upload is too large: 5,242,881 bytes; the limit is ... (5 MB)

The checks before parsing are linear scans in C (byte counts, a regular expression removing
strings and comments, one pass over the remaining brackets), so refusing costs well under a
second and a few times the text's size in memory.
"""

from __future__ import annotations

import json
import math
import re
import tomllib
from itertools import accumulate
from typing import Any

__all__ = [
    "MAX_BYTES",
    "MAX_DEPTH",
    "MAX_ESCAPES",
    "MAX_INT",
    "MAX_ITEMS",
    "LimitError",
    "check_text",
    "load_json_limited",
    "load_toml_limited",
    "toml_without_strings",
]

#: The largest text read, in bytes (UTF-8).
MAX_BYTES = 5 * 1024 * 1024
#: The deepest nesting of arrays and tables/objects read.
MAX_DEPTH = 64
#: The most values (counted as commas, opening brackets and, in TOML, ``=`` signs outside
#: strings) read: a 5 MB file of tiny arrays would otherwise become 200 MB of Python objects.
#: A finished four-player game saves about 1,200.
MAX_ITEMS = 50_000
#: The largest integer (in absolute value) read.
MAX_INT = 2**63


class LimitError(ValueError):
    """Untrusted text refused before or while parsing: too large, nested too deep, not text,
    not valid JSON/TOML, or holding numbers the readers do not accept. The message is plain
    English and names what was read."""


# Strings (and, in TOML, comments) are removed before counting brackets: brackets inside
# them do not nest anything. Every quantifier is possessive and every closing quote optional,
# so a match that starts always succeeds and never backtracks: one left-to-right pass, linear
# even in an unterminated string full of escaped quotes (issue 26, item 10).
_JSON_STRING = r'"[^"\\]*+(?:\\.[^"\\]*+)*+"?'
_TOML_STRING = (
    r'"""[\s\S]*?(?:"""|\Z)|\'\'\'[\s\S]*?(?:\'\'\'|\Z)'
    r'|"[^"\\\n]*+(?:\\.[^"\\\n]*+)*+"?|\'[^\'\n]*+\'?|#[^\n]*+'
)
_JSON_STRINGS = re.compile(_JSON_STRING.encode(), re.DOTALL)
_TOML_STRINGS = re.compile(_TOML_STRING.encode())
_TOML_STRINGS_TEXT = re.compile(_TOML_STRING)
# Brackets become "(" and ")", everything else goes: one translate in C.
_NORMALISE = bytes.maketrans(b"[{]}", b"(())")
_NOT_BRACKETS = bytes(b for b in range(256) if b not in b"[]{}")
_TOO_DEEP = b"(" * (MAX_DEPTH + 1)
_RUNS = re.compile(rb"\(+|\)+")
#: Escape sequences in strings: each costs the JSON reader a separate small string.
MAX_ESCAPES = 100_000


def _to_bytes(text: object, what: str, max_bytes: int) -> bytes:
    if isinstance(text, bytes | bytearray | memoryview):
        data = bytes(text)
        if len(data) > max_bytes:
            raise LimitError(_too_large(what, len(data), max_bytes))
        return data
    if isinstance(text, str):
        if len(text) > max_bytes:  # every character is at least one byte
            raise LimitError(_too_large(what, len(text), max_bytes, at_least=True))
        data = text.encode("utf-8", "surrogatepass")
        if len(data) > max_bytes:
            raise LimitError(_too_large(what, len(data), max_bytes))
        return data
    raise LimitError(f"{what} must be text, not {type(text).__name__}")


def _too_large(what: str, size: int, limit: int, at_least: bool = False) -> str:
    more = "more than " if at_least else ""
    return f"{what} is too large: {more}{size:,} bytes; the limit is {limit:,} bytes ({_mb(limit)})"


def _mb(size: int) -> str:
    return f"{size / 2**20:.3g} MB"


def _depth(stripped: bytes) -> int:
    """The bracket nesting outside strings (and comments), exact up to ``MAX_DEPTH + 1``.

    Passes of :meth:`bytes.replace` remove the innermost pairs (one level each) while the
    brackets still alternate often; the few runs left are then summed. Brackets left unclosed
    count as the levels a parser would open before failing. Every step is linear and in C.
    """
    brackets = stripped.translate(_NORMALISE, _NOT_BRACKETS)
    removed = 0
    while removed <= MAX_DEPTH:
        if _TOO_DEEP in brackets:
            return MAX_DEPTH + 1
        if brackets.count(b")(") <= 50_000:
            break
        inner = brackets.replace(b"()", b"")
        if len(inner) == len(brackets):
            break
        brackets, removed = inner, removed + 1
    runs = [len(r) if r[0] == 40 else -len(r) for r in _RUNS.findall(brackets)]  # 40: "("
    return removed + max(0, max(accumulate(runs), default=0))


def toml_without_strings(text: str) -> str:
    """TOML ``text`` with every string and comment replaced by ``""``, in one linear pass (an
    unterminated string runs to the end of its line or file): what is left holds the
    structure, and brackets inside strings or comments nest nothing.

    >>> toml_without_strings("a = [1, '[['] # ]")
    'a = [1, ""] ""'
    """
    return _TOML_STRINGS_TEXT.sub('""', text)


def check_text(
    text: str | bytes,
    what: str,
    toml: bool = False,
    *,
    max_bytes: int = MAX_BYTES,
    max_items: int = MAX_ITEMS,
    max_escapes: int = MAX_ESCAPES,
) -> str:
    """``text`` as a ``str`` once its type, size (``max_bytes`` in UTF-8), number of values
    (``max_items``), escape sequences (``max_escapes``) and bracket nesting
    (:data:`MAX_DEPTH`; strings and TOML comments aside) are within the limits;
    :class:`LimitError` otherwise. Bytes must be UTF-8. Callers reading smaller files (a
    scenario, say) may pass lower limits.

    >>> check_text(b'{"a": "[[[["}', "the save")
    '{"a": "[[[["}'
    >>> check_text('x = 1  # [[[[[', "the scenario", toml=True)
    'x = 1  # [[[[['
    >>> check_text(None, "the save")  # doctest: +IGNORE_EXCEPTION_DETAIL
    Traceback (most recent call last):
    LimitError: the save must be text, not NoneType
    """
    data = _to_bytes(text, what, max_bytes)
    escapes = data.count(b"\\")
    if escapes > max_escapes:
        raise LimitError(
            f"{what} holds {escapes:,} escape sequences (backslashes); the limit is {max_escapes:,}"
        )
    # Counted before strings are stripped (an upper bound: a comma inside a string counts too),
    # so that stripping never builds more pieces than the limit allows: a million tiny strings
    # would otherwise cost 170 MB before the refusal.
    items = sum(data.count(c) for c in (b",[{=" if toml else b",[{"))
    if items > max_items:
        raise LimitError(
            f"{what} holds more than {max_items:,} values (counting commas, brackets"
            f"{' and keys' if toml else ''}); that is more than it can need"
        )
    # Each string has two delimiters (TOML's triple quotes six) and escaped quotes are counted
    # among the escapes; past this, stripping would build millions of pieces (230 MB for 5 MB
    # of quotes).
    quotes = data.count(b'"') + (data.count(b"'") if toml else 0)
    if quotes > (6 if toml else 2) * (max_items + 1) + escapes:
        raise LimitError(
            f"{what} holds {quotes:,} quote marks; that is more strings than it can need"
        )
    stripped = (_TOML_STRINGS if toml else _JSON_STRINGS).sub(b"", data)
    if _depth(stripped) > MAX_DEPTH:
        raise LimitError(
            f"{what} nests more than {MAX_DEPTH} levels deep (arrays, objects, tables)"
        )
    if isinstance(text, str):
        return text
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise LimitError(f"{what} is not UTF-8 text (byte {exc.start})") from None


def _parse_int(text: str, what: str) -> int:
    digits = len(text.lstrip("-"))
    if digits > 19:
        raise LimitError(
            f"{what} holds a {digits}-digit number; numbers must be at most 2**63 in size"
        )
    value = int(text)
    if abs(value) > MAX_INT:
        raise LimitError(f"{what} holds the number {value}; numbers must be at most 2**63 in size")
    return value


def _parse_float(text: str, what: str) -> float:
    if len(text) > 100:
        raise LimitError(f"{what} holds a {len(text)}-character number; that is too long")
    value = float(text)
    if not math.isfinite(value):
        raise LimitError(f"{what} holds the number {text}, which is too large")
    return value


def _refuse_constant(name: str, what: str) -> Any:
    raise LimitError(f"{what} holds {name}, which is not a number JSON allows")


def _unique_keys(pairs: list[tuple[str, Any]], what: str) -> dict[str, Any]:
    result = dict(pairs)
    if len(result) != len(pairs):
        seen: set[str] = set()
        for key, _ in pairs:
            if key in seen:
                raise LimitError(f"{what} names the key {key!r} twice in one object")
            seen.add(key)
    return result


def load_json_limited(
    text: str | bytes, what: str, *, max_bytes: int = MAX_BYTES, max_items: int = MAX_ITEMS
) -> Any:
    """Parse JSON ``text`` within the limits (:func:`check_text`); also refuse ``NaN`` and
    ``Infinity``, integers beyond :data:`MAX_INT` (``2**63``, the largest seed plus one),
    non-finite floats and keys repeated in one object. Every failure is a
    :class:`LimitError` naming ``what``.

    >>> load_json_limited('{"a": 1, "a": 2}', "the save")
    Traceback (most recent call last):
    ...
    speakeasy.core.limits.LimitError: the save names the key 'a' twice in one object
    >>> load_json_limited("{", "the save")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    speakeasy.core.limits.LimitError: the save is invalid JSON: Expecting ... (line 1, column 2)
    """
    checked = check_text(text, what, max_bytes=max_bytes, max_items=max_items)
    try:
        return json.loads(
            checked,
            parse_int=lambda s: _parse_int(s, what),
            parse_float=lambda s: _parse_float(s, what),
            parse_constant=lambda s: _refuse_constant(s, what),
            object_pairs_hook=lambda pairs: _unique_keys(pairs, what),
        )
    except json.JSONDecodeError as exc:
        raise LimitError(
            f"{what} is invalid JSON: {exc.msg} (line {exc.lineno}, column {exc.colno})"
        ) from None
    except RecursionError:
        raise LimitError(f"{what} nests too deep to read") from None
    except LimitError:
        raise
    except (ValueError, OverflowError) as exc:
        raise LimitError(f"{what} is invalid JSON: {exc}") from None


def load_toml_limited(
    text: str | bytes, what: str, *, max_bytes: int = MAX_BYTES, max_items: int = MAX_ITEMS
) -> dict[str, Any]:
    """Parse TOML ``text`` within the limits (:func:`check_text`); also refuse integers beyond
    :data:`MAX_INT`, ``nan``/``inf`` and tables nested deeper than :data:`MAX_DEPTH` through
    dotted keys. Every failure is a :class:`LimitError` naming ``what``.

    >>> load_toml_limited("a.b = nan", "the scenario")
    Traceback (most recent call last):
    ...
    speakeasy.core.limits.LimitError: the scenario holds nan at a.b; numbers must be finite
    >>> load_toml_limited("x = 1\\ny = ]", "the scenario")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    speakeasy.core.limits.LimitError: the scenario is invalid TOML: ... (at line 2, column 5)
    """
    checked = check_text(text, what, toml=True, max_bytes=max_bytes, max_items=max_items)
    try:
        data = tomllib.loads(checked)
    except tomllib.TOMLDecodeError as exc:
        raise LimitError(f"{what} is invalid TOML: {exc}") from None
    except RecursionError:
        raise LimitError(f"{what} nests too deep to read") from None
    except (ValueError, OverflowError) as exc:
        raise LimitError(f"{what} is invalid TOML: {exc}") from None
    _check_values(data, what)
    return data


def _check_values(data: Any, what: str) -> None:
    """Walk parsed data (without recursion): nesting, integer sizes and finite floats."""
    todo: list[tuple[Any, tuple[str, ...]]] = [(data, ())]
    while todo:
        value, path = todo.pop()
        if len(path) > MAX_DEPTH:
            raise LimitError(f"{what} nests more than {MAX_DEPTH} levels deep")
        if isinstance(value, dict):
            todo.extend((v, (*path, str(k))) for k, v in value.items())
        elif isinstance(value, list):
            todo.extend((v, (*path, str(i))) for i, v in enumerate(value))
        elif isinstance(value, bool):
            continue
        elif isinstance(value, int) and abs(value) > MAX_INT:
            raise LimitError(
                f"{what} holds a {len(str(abs(value)))}-digit number at {'.'.join(path)}; "
                "numbers must be at most 2**63 in size"
            )
        elif isinstance(value, float) and not math.isfinite(value):
            raise LimitError(f"{what} holds {value} at {'.'.join(path)}; numbers must be finite")

"""Reading untrusted scenario text within limits, so a hostile file is refused fast and small
(issue 14): the size (at most :data:`MAX_BYTES`) and the bracket nesting (at most
:data:`MAX_DEPTH`) are checked *before* the TOML is parsed, then the parsed data's nesting,
container sizes and total number of values (:func:`check_data`, without recursion). Every
refusal is a :class:`~speakeasy.games.speakeasy.positions.errors.ScenarioError`, never a
``RecursionError``,
``MemoryError`` or a bare ``ValueError``.

>>> read_toml("[districts.3]\\nwar_token = true\\n", "demo.toml")
{'districts': {'3': {'war_token': True}}}
>>> read_toml("x = " + "[" * 1000 + "]" * 1000, "deep.toml")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
speakeasy.games.speakeasy.positions.errors.ScenarioError: deep.toml: nests more than 64 ...
>>> check_data({"gangster_deck": ["G1"] * 5000}, "big.toml")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
speakeasy.games.speakeasy.positions.errors.ScenarioError: big.toml: gangster_deck: 5000 items; ...
"""

from __future__ import annotations

import datetime
import re
import tomllib
from pathlib import PurePath
from typing import Any

from speakeasy.core.limits import MAX_INT, LimitError, check_text, toml_without_strings
from speakeasy.games.speakeasy.positions.errors import ScenarioError, _dotted, locate

__all__ = [
    "MAX_BYTES",
    "MAX_DEPTH",
    "MAX_ITEMS",
    "MAX_MONEY",
    "MAX_TEXT",
    "MAX_VALUES",
    "check_data",
    "read_bounded",
    "read_toml",
]

#: The largest scenario text read, in bytes (UTF-8): 256 KiB, over a hundred times the largest
#: shipped scenario, so that even the slowest text to parse is refused or read quickly.
MAX_BYTES = 256 * 1024
#: The deepest nesting of tables and arrays (a scenario needs 5).
MAX_DEPTH = 64
#: The most items in one array or table (the largest shipped scenario has a few dozen).
MAX_ITEMS = 1000
#: The longest text in a scenario (a question and its answer are a few hundred characters).
MAX_TEXT = 20_000
#: The most values in a whole scenario (the largest shipped scenario has about 300).
MAX_VALUES = 20_000
#: The most money a scenario gives a player in the pocket, and in the safe: $10**12. Money is
#: unlimited in the rules (R-COMP-11), but a save reads numbers only up to 2**63
#: (:data:`speakeasy.core.limits.MAX_INT`, about $9.2 * 10**18); a whole game pays a few
#: thousand dollars, so from any scenario within this cap every legal play keeps money (and
#: scores, pocket plus safe) far below that, and whatever loads also saves (issue 26 item 14).
MAX_MONEY = 10**12

_TOML_LINE = re.compile(r"at line (\d+)")
# Anchored at the start of a key and possessive, so each key is tried once: linear.
_DEEP_KEY = re.compile(
    rf'(?<![A-Za-z0-9_-])(?:(?:[A-Za-z0-9_-]++|"")[ \t]*+\.[ \t]*+){{{MAX_DEPTH}}}'
)
# what TOML gives (the schema then says which field takes which)
_SCALARS = (str, int, float, bool, datetime.date, datetime.time)


def read_toml(text: object, file: str = "<scenario>") -> dict[str, Any]:
    """The data of scenario TOML ``text`` (``str``, or UTF-8 ``bytes``) once it is within the
    limits; :class:`ScenarioError` for anything else."""
    if isinstance(text, bytes | bytearray):
        if len(text) > MAX_BYTES:
            raise ScenarioError(_too_large(len(text)), "", file)
        try:
            text = bytes(text).decode("utf-8")
        except UnicodeDecodeError as exc:
            raise ScenarioError(f"not UTF-8 text (byte {exc.start})", "", file) from None
    if not isinstance(text, str):
        raise ScenarioError(f"a scenario is TOML text, not {type(text).__name__}", "", file)
    if len(text) > MAX_BYTES:  # every character is at least one byte
        raise ScenarioError(_too_large(len(text), at_least=True), "", file)
    try:
        size = len(text.encode("utf-8"))
    except UnicodeEncodeError as exc:  # a lone surrogate: no file can hold it
        raise ScenarioError(f"not text (character {exc.start + 1})", "", file) from None
    if size > MAX_BYTES:
        raise ScenarioError(_too_large(size), "", file)
    _check_before_parsing(text, file)
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        line = _TOML_LINE.search(str(exc))
        raise ScenarioError(
            f"not valid TOML ({exc})", "", file, int(line.group(1)) if line else None
        ) from None
    except (RecursionError, MemoryError, ValueError) as exc:  # pragma: no cover - belt and braces
        raise ScenarioError(f"not readable TOML ({type(exc).__name__})", "", file) from None
    check_data(data, file, text)
    return data


def _check_before_parsing(text: str, file: str) -> None:
    """Linear scans (regular expressions and C string methods) that bound what the parser
    will build: nesting by brackets and by dotted keys, and the number of values."""
    try:
        check_text(text, "it", toml=True, max_bytes=MAX_BYTES, max_items=2 * MAX_VALUES)
    except LimitError as exc:
        raise ScenarioError(str(exc).removeprefix("it "), "", file) from None
    bare = toml_without_strings(text)  # strings and comments hold no structure
    if _DEEP_KEY.search(bare):
        raise ScenarioError(f"a dotted key more than {MAX_DEPTH} levels deep", "", file)


def check_data(data: object, file: str = "<scenario>", text: str | None = None) -> None:
    """Refuse scenario data nested deeper than :data:`MAX_DEPTH`, with a container of more than
    :data:`MAX_ITEMS` items or more than :data:`MAX_VALUES` values in all, or holding a value
    no scenario field takes (only tables, arrays, strings, numbers and booleans); walked
    without recursion, so any data (from a file or a save) is checked safely. Given the
    ``text`` the data was read from, a refused value's line is named too."""
    todo: list[tuple[object, tuple[str | int, ...]]] = [(data, ())]
    seen = 0

    def line(path: tuple[str | int, ...]) -> int | None:
        return locate(text, path) if text is not None and path else None

    while todo:
        value, path = todo.pop()
        seen += 1
        if seen > MAX_VALUES:
            raise ScenarioError(
                f"more than {MAX_VALUES} values; a scenario needs far fewer", "", file
            )
        if len(path) > MAX_DEPTH:
            raise ScenarioError(
                f"nested more than {MAX_DEPTH} levels deep", _dotted(path[:8]), file, line(path[:8])
            )
        if isinstance(value, dict):
            if len(value) > MAX_ITEMS:
                raise ScenarioError(
                    f"{len(value)} items; at most {MAX_ITEMS}", _dotted(path), file, line(path)
                )
            for key, item in value.items():
                if not isinstance(key, str):
                    raise ScenarioError(
                        f"table keys are text, not {type(key).__name__}", _dotted(path), file
                    )
                todo.append((item, (*path, key)))
        elif isinstance(value, list | tuple):
            if len(value) > MAX_ITEMS:
                raise ScenarioError(
                    f"{len(value)} items; at most {MAX_ITEMS}", _dotted(path), file, line(path)
                )
            todo.extend((item, (*path, i)) for i, item in enumerate(value))
        elif value is not None and not isinstance(value, _SCALARS):
            raise ScenarioError(
                f"a {type(value).__name__} is no scenario value", _dotted(path), file, line(path)
            )
        elif isinstance(value, int) and not isinstance(value, bool) and abs(value) > MAX_INT:
            raise ScenarioError(
                f"a number of {value.bit_length():,} bits; numbers must be at most 2**63 in size",
                _dotted(path),
                file,
                line(path),
            )
        elif isinstance(value, str) and len(value) > MAX_TEXT:
            raise ScenarioError(
                f"a text of {len(value):,} characters; at most {MAX_TEXT:,}",
                _dotted(path),
                file,
                line(path),
            )


def read_bounded(path: object) -> tuple[str, str]:
    """The text of the scenario file at ``path`` and its name, reading at most
    :data:`MAX_BYTES` plus one byte, so a huge file (or ``/dev/zero``) is refused without being
    read whole; :class:`ScenarioError` for a path no file can have or a file that cannot be
    read."""
    if not isinstance(path, str | PurePath):
        raise ScenarioError(f"a scenario's path is text, not {type(path).__name__}", "", "<path>")
    name = str(path)
    shown = name.replace("\x00", "\\0") if len(name) <= 200 else f"{name[:200]}..."
    if "\x00" in name or len(name) > 4096:
        raise ScenarioError("no file can have this name", "", shown)
    try:
        with open(name, "rb") as file:
            data = file.read(MAX_BYTES + 1)
    except OSError as exc:
        raise ScenarioError(f"cannot read the file ({exc.strerror or exc})", "", shown) from None
    if len(data) > MAX_BYTES:
        raise ScenarioError(_too_large(len(data), at_least=True), "", shown)
    try:
        return data.decode("utf-8"), shown
    except UnicodeDecodeError as exc:
        raise ScenarioError(f"not UTF-8 text (byte {exc.start})", "", shown) from None


def _too_large(size: int, at_least: bool = False) -> str:
    more = "more than " if at_least else ""
    return f"too large: {more}{size:,} bytes; at most {MAX_BYTES:,} bytes ({MAX_BYTES // 1024} KiB)"

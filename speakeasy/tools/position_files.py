"""Position files shared by every game: the error naming file, line, field and reason, finding
a field's line in TOML text, and reading untrusted position TOML within limits.

Speakeasy's scenarios (:mod:`speakeasy.games.speakeasy.positions`) and Mafia City's positions
(:mod:`speakeasy.games.mafia_city.positions`) both read through :func:`read_toml` and
:func:`read_bounded` with their own :class:`Limits` and error type (a subclass of
:class:`PositionError`), so a hostile file is refused the same way whichever game reads it:
size, escapes, values and bracket nesting are checked *before* parsing
(:func:`speakeasy.core.limits.check_text`, linear scans), then the parsed data's nesting,
container sizes and total number of values (:func:`check_data`, without recursion).

>>> limits = Limits(noun="position", max_bytes=1024)
>>> read_toml('[stacks]\\n2 = ["red"]\\n', "demo.toml", limits)
{'stacks': {'2': ['red']}}
>>> read_toml("x = " + "[" * 100 + "]" * 100, "deep.toml", limits)  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
speakeasy.tools.position_files.PositionError: deep.toml: nests more than 64 levels deep ...
>>> fail = failing("demo.toml", 'title = "x"\\n[stacks]\\n2 = "red"\\n')
>>> fail("not a list of colours", "stacks", "2")
Traceback (most recent call last):
...
speakeasy.tools.position_files.PositionError: demo.toml:3: stacks.2: not a list of colours
"""

from __future__ import annotations

import datetime
import json
import re
import tomllib
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from itertools import islice
from pathlib import Path, PurePath
from typing import Any, NoReturn, Protocol

from speakeasy.core.limits import MAX_INT, LimitError, check_text, toml_without_strings

__all__ = [
    "Fail",
    "Limits",
    "PositionError",
    "Schema",
    "check_data",
    "dotted",
    "failing",
    "locate",
    "read_bounded",
    "read_toml",
]


class PositionError(ValueError):
    """A position file is malformed or describes something the rules forbid.

    ``file``, ``line`` (1-based, or None when unknown), ``field`` (a dotted path such as
    ``seats.red.hand[2]``) and ``reason`` say exactly what is wrong.
    """

    def __init__(
        self, reason: str, field: str = "", file: str = "<position>", line: int | None = None
    ):
        self.reason, self.field, self.file, self.line = reason, field, file, line
        where = f"{file}:{line}" if line else file
        super().__init__(f"{where}: {field + ': ' if field else ''}{reason}")


def dotted(path: Sequence[str | int]) -> str:
    """A field's path as text: ``seats.red.hand[2]``."""
    out = ""
    for part in path:
        out += f"[{part}]" if isinstance(part, int) else (f".{part}" if out else str(part))
    return out


def locate(text: str, path: Sequence[str | int]) -> int | None:
    """The line of ``text`` that defines the field at ``path`` (best effort, 1-based).

    Walks the keys in order: each is looked for, from the line where the previous one was
    found, as a table header component (``[districts.14]``) or as ``key =``.

    >>> locate('a = 1\\n[districts.14]\\npolice = true\\n', ["districts", "14", "police"])
    3
    >>> locate('[[ships]]\\nship = "a"\\n[[ships]]\\nship = "b"\\n', ["ships", 1, "ship"])
    4
    >>> locate('[a]\\npolice = 1\\n[time_track]\\npolice = []\\n', ["time_track", "police"])
    4
    >>> locate('title = "x"\\n[question]\\ntext = "q"\\n', ["question"])  # a top-level table
    2
    """
    lines = text.splitlines()
    found: int | None = None
    start = 0
    for part in path:
        if isinstance(part, int):  # the part-th table of an array of tables (``[[ships]]``)
            header = lines[start].strip() if found is not None else ""
            if header.startswith("[["):
                tables = [n for n in range(start, len(lines)) if lines[n].strip() == header]
                if part < len(tables):
                    found, start = tables[part] + 1, tables[part]
            continue
        key = str(part)
        pattern = re.compile(
            rf'(^\s*\[\[?(?:[^\]]*[.\s"])?{re.escape(key)}(["\].\s]|$))'
            rf'|((^|[{{,\s"]){re.escape(key)}"?\s*=)'
        )
        for number in range(start, len(lines)):
            if pattern.search(lines[number]):
                found, start = number + 1, number
                break
    return found


class Fail(Protocol):
    """Raises the position error for ``reason`` at the field ``path`` (keys and list
    indexes, e.g. ``"districts", "14", "buildings", 0``)."""

    def __call__(self, reason: str, *path: str | int) -> NoReturn: ...


def failing(file: str, text: str | None, error: type[PositionError] = PositionError) -> Fail:
    """The :class:`Fail` for a position read from ``file``: it finds the field's line in
    ``text`` (the file's TOML; None when the position came as data, without lines) and raises
    ``error``."""

    def fail(reason: str, *path: str | int) -> NoReturn:
        line = locate(text, path) if text is not None else None
        raise error(reason, dotted(path), file, line)

    return fail


@dataclass(frozen=True)
class Limits:
    """What a game's position files may hold: ``noun`` names one in messages (``scenario``,
    ``position``); at most ``max_bytes`` of UTF-8, ``max_depth`` levels of tables and arrays,
    ``max_items`` in one table or array, ``max_text`` characters in one text (or bare key),
    ``max_values`` values in all and ``max_escapes`` backslashes. Python's TOML parser takes
    time that grows faster than the text with escapes in one string (230 ms for 32,000 in a 64
    KiB file) and with a long bare key; no shipped file holds a single escape."""

    noun: str = "position"
    max_bytes: int = 256 * 1024
    max_depth: int = 64
    max_items: int = 1000
    max_text: int = 20_000
    max_values: int = 20_000
    max_escapes: int = 2_000


_TOML_LINE = re.compile(r"at line (\d+)")
# what TOML gives (a schema then says which field takes which)
_SCALARS = (str, int, float, bool, datetime.date, datetime.time)


def read_toml(
    text: object,
    file: str,
    limits: Limits,
    error: type[PositionError] = PositionError,
) -> dict[str, Any]:
    """The data of position TOML ``text`` (``str``, or UTF-8 ``bytes``) once it is within
    ``limits``; ``error`` for anything else (never a ``RecursionError`` or bare ``ValueError``)."""
    if isinstance(text, bytes | bytearray):
        if len(text) > limits.max_bytes:
            raise error(_too_large(len(text), limits), "", file)
        try:
            text = bytes(text).decode("utf-8")
        except UnicodeDecodeError as exc:
            raise error(f"not UTF-8 text (byte {exc.start})", "", file) from None
    if not isinstance(text, str):
        raise error(f"a {limits.noun} is TOML text, not {type(text).__name__}", "", file)
    if len(text) > limits.max_bytes:  # every character is at least one byte
        raise error(_too_large(len(text), limits, at_least=True), "", file)
    try:
        size = len(text.encode("utf-8"))
    except UnicodeEncodeError as exc:  # a lone surrogate: no file can hold it
        raise error(f"not text (character {exc.start + 1})", "", file) from None
    if size > limits.max_bytes:
        raise error(_too_large(size, limits), "", file)
    _check_before_parsing(text, file, limits, error)
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        line = _TOML_LINE.search(str(exc))
        raise error(
            f"not valid TOML ({exc})", "", file, int(line.group(1)) if line else None
        ) from None
    except (RecursionError, MemoryError, ValueError) as exc:  # pragma: no cover - belt and braces
        raise error(f"not readable TOML ({type(exc).__name__})", "", file) from None
    check_data(data, file, text, limits, error)
    return data


def _check_before_parsing(text: str, file: str, limits: Limits, error: type[PositionError]) -> None:
    """Linear scans (regular expressions and C string methods) that bound what the parser
    will build: nesting by brackets and by dotted keys, and the number of values."""
    try:
        check_text(
            text,
            "it",
            toml=True,
            max_bytes=limits.max_bytes,
            max_items=2 * limits.max_values,
            max_escapes=limits.max_escapes,
        )
    except LimitError as exc:
        raise error(str(exc).removeprefix("it "), "", file) from None
    bare = toml_without_strings(text)  # strings and comments hold no structure
    if _deep_key(limits.max_depth).search(bare):
        raise error(f"a dotted key more than {limits.max_depth} levels deep", "", file)
    if re.search(rf"[A-Za-z0-9_+.:-]{{{limits.max_text + 1}}}", bare):
        raise error(f"a key or value of more than {limits.max_text:,} characters", "", file)


def _deep_key(depth: int) -> re.Pattern[str]:
    # Anchored at the start of a key and possessive, so each key is tried once: linear.
    return re.compile(rf'(?<![A-Za-z0-9_-])(?:(?:[A-Za-z0-9_-]++|"")[ \t]*+\.[ \t]*+){{{depth}}}')


def check_data(
    data: object,
    file: str,
    text: str | None,
    limits: Limits,
    error: type[PositionError] = PositionError,
) -> None:
    """Refuse position data nested deeper than ``limits.max_depth``, with a container of more
    than ``max_items`` items or more than ``max_values`` values in all, or holding a value no
    position field takes (only tables, arrays, strings, numbers and booleans); walked without
    recursion, so any data (from a file or a save) is checked safely. Given the ``text`` the
    data was read from, a refused value's line is named too."""
    todo: list[tuple[object, tuple[str | int, ...]]] = [(data, ())]
    seen = 0
    noun = limits.noun

    def line(path: tuple[str | int, ...]) -> int | None:
        return locate(text, path) if text is not None and path else None

    while todo:
        value, path = todo.pop()
        seen += 1
        if seen > limits.max_values:
            raise error(f"more than {limits.max_values} values; a {noun} needs far fewer", "", file)
        if len(path) > limits.max_depth:
            raise error(
                f"nested more than {limits.max_depth} levels deep",
                dotted(path[:8]),
                file,
                line(path[:8]),
            )
        if isinstance(value, dict | list | tuple) and len(value) > limits.max_items:
            raise error(
                f"{len(value)} items; at most {limits.max_items}", dotted(path), file, line(path)
            )
        if isinstance(value, dict):
            for key, item in value.items():
                if not isinstance(key, str):
                    raise error(
                        f"table keys are text, not {type(key).__name__}", dotted(path), file
                    )
                todo.append((item, (*path, key)))
        elif isinstance(value, list | tuple):
            todo.extend((item, (*path, i)) for i, item in enumerate(value))
        elif value is not None and not isinstance(value, _SCALARS):
            raise error(
                f"a {type(value).__name__} is no {noun} value", dotted(path), file, line(path)
            )
        elif isinstance(value, int) and not isinstance(value, bool) and abs(value) > MAX_INT:
            raise error(
                f"a number of {value.bit_length():,} bits; numbers must be at most 2**63 in size",
                dotted(path),
                file,
                line(path),
            )
        elif isinstance(value, str) and len(value) > limits.max_text:
            raise error(
                f"a text of {len(value):,} characters; at most {limits.max_text:,}",
                dotted(path),
                file,
                line(path),
            )


def read_bounded(
    path: object, limits: Limits, error: type[PositionError] = PositionError
) -> tuple[str, str]:
    """The text of the position file at ``path`` and its name, reading at most
    ``limits.max_bytes`` plus one byte, so a huge file (or ``/dev/zero``) is refused without
    being read whole; ``error`` for a path no file can have or a file that cannot be read."""
    if not isinstance(path, str | PurePath):
        raise error(f"a {limits.noun}'s path is text, not {type(path).__name__}", "", "<path>")
    name = str(path)
    shown = name.replace("\x00", "\\0") if len(name) <= 200 else f"{name[:200]}..."
    if "\x00" in name or len(name) > 4096:
        raise error("no file can have this name", "", shown)
    try:
        with open(name, "rb") as file:
            data = file.read(limits.max_bytes + 1)
    except OSError as exc:
        raise error(f"cannot read the file ({exc.strerror or exc})", "", shown) from None
    if len(data) > limits.max_bytes:
        raise error(_too_large(len(data), limits, at_least=True), "", shown)
    try:
        return data.decode("utf-8"), shown
    except UnicodeDecodeError as exc:
        raise error(f"not UTF-8 text (byte {exc.start})", "", shown) from None


def _too_large(size: int, limits: Limits, at_least: bool = False) -> str:
    more = "more than " if at_least else ""
    cap = limits.max_bytes
    return f"too large: {more}{size:,} bytes; at most {cap:,} bytes ({cap // 1024} KiB)"


#: How many schema errors are collected before one is reported: a hostile file may hold a
#: million, and collecting (and sorting) them all took 37 s and 3.9 GB (issue 14).
MAX_ERRORS = 5
_MESSAGE = 200


@dataclass
class Schema:
    """A game's JSON Schema for its position files (``data/scenario.schema.json``,
    ``data/mafia_city/position.schema.json``), read and checked when the first position is
    validated. :meth:`validate` raises the first error by line, of the first
    :data:`MAX_ERRORS` found, as the game's error type with the field's line.

    >>> from speakeasy.tools.paths import data_path
    >>> Schema(data_path("scenario.schema.json")).validate({"seed": -1}, "x.toml", None)
    Traceback (most recent call last):
    ...
    speakeasy.tools.position_files.PositionError: x.toml: seed: -1 is less than the minimum of 0
    """

    path: Path
    _validator: Any = field(default=None, init=False, repr=False)

    def validator(self) -> Any:
        """The schema's validator, made once."""
        if self._validator is None:
            # jsonschema is imported here, when the first position is validated, not with the
            # module: importing it takes about 1.2 s (its rfc3987_syntax dependency builds a
            # grammar), which studies importing the positions package need not pay.
            import jsonschema

            schema = json.loads(self.path.read_text(encoding="utf-8"))
            jsonschema.Draft202012Validator.check_schema(schema)
            # only the first few errors are collected, so they must come in a fixed order:
            # jsonschema's own additionalProperties goes through a set (its order changes with
            # the hash seed)
            ordered = jsonschema.validators.extend(
                jsonschema.Draft202012Validator, {"additionalProperties": _additional_properties}
            )
            self._validator = ordered(schema)
        return self._validator

    def validate(
        self,
        data: Mapping[str, Any],
        file: str,
        text: str | None,
        error: type[PositionError] = PositionError,
    ) -> None:
        """Refuse the first schema error by line (of the first :data:`MAX_ERRORS` found)."""
        found = [_error_path(e) for e in islice(self.validator().iter_errors(data), MAX_ERRORS)]
        if not found:
            return
        errors = [
            (locate(text, at) if text is not None else None, message, path)
            for message, path, at in found
        ]
        line, message, path = min(errors, key=lambda e: (e[0] or 1 << 30, list(map(str, e[2]))))
        if len(message) > _MESSAGE:  # jsonschema quotes the value: a long one is cut
            message = message[: _MESSAGE - 1] + "\u2026"
        raise error(message, dotted(path), file, line)


def _additional_properties(
    validator: Any, extra: Any, instance: Any, schema: Mapping[str, Any]
) -> Iterator[Any]:
    """JSON Schema's ``additionalProperties`` (without ``patternProperties``, which the
    position schemas do not use), the extra keys taken in the instance's order."""
    import jsonschema

    if not validator.is_type(instance, "object"):
        return
    known = schema.get("properties", {})
    extras = [key for key in instance if key not in known]
    if validator.is_type(extra, "object"):
        for key in extras:
            yield from validator.descend(instance[key], extra, path=key)
    elif not extra and extras:
        listed = ", ".join(repr(key) for key in extras)
        yield jsonschema.ValidationError(
            f"Additional properties are not allowed ({listed} "
            f"{'was' if len(extras) == 1 else 'were'} unexpected)"
        )


def _error_path(error: Any) -> tuple[str, list[str | int], list[str | int]]:
    """A schema error's message, the path of the field at fault and the path whose line is
    reported: an unexpected key or a bad table key (``[districts.17]``, ``[player.red]``) is
    found by its own line when its table has none (the top level) or several (``districts``)."""
    path: list[str | int] = list(error.absolute_path)
    if error.validator == "additionalProperties" and isinstance(error.instance, Mapping):
        known = error.schema.get("properties", {})
        extra = [k for k in error.instance if k not in known]
        if extra:
            message = f"unknown field {extra[0]!r} (known: {', '.join(known)})"
            return message, path, path if path else [extra[0]]
    if "propertyNames" in error.absolute_schema_path and isinstance(error.instance, str):
        return f"{error.message}: not a key this table takes", path, [*path, error.instance]
    return error.message, path, path

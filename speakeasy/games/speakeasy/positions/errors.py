"""Scenario mistakes: a :class:`ScenarioError` names the file, the line, the field and the reason.

>>> fail = failing("demo.toml", 'title = "x"\\n[districts.3]\\npolice = "yes"\\n')
>>> fail("not a boolean", "districts", "3", "police")
Traceback (most recent call last):
...
speakeasy.games.speakeasy.positions.errors.ScenarioError: demo.toml:3: districts.3.police: not a
boolean
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import NoReturn, Protocol

__all__ = ["Fail", "ScenarioError", "failing", "locate"]


class ScenarioError(ValueError):
    """A scenario file is malformed or asks for something impossible.

    ``file``, ``line`` (1-based, or None when unknown), ``field`` (a dotted path such as
    ``districts.14.buildings[0].owner``) and ``reason`` say exactly what is wrong.
    """

    def __init__(
        self, reason: str, field: str = "", file: str = "<scenario>", line: int | None = None
    ):
        self.reason, self.field, self.file, self.line = reason, field, file, line
        where = f"{file}:{line}" if line else file
        super().__init__(f"{where}: {field + ': ' if field else ''}{reason}")


def _dotted(path: Sequence[str | int]) -> str:
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
    """Raises the :class:`ScenarioError` for ``reason`` at the field ``path`` (keys and list
    indexes, e.g. ``"districts", "14", "buildings", 0``)."""

    def __call__(self, reason: str, *path: str | int) -> NoReturn: ...


def failing(file: str, text: str | None) -> Fail:
    """The :class:`Fail` for a scenario read from ``file``: it finds the field's line in
    ``text`` (the file's TOML; None when the scenario came as data, without lines)."""

    def fail(reason: str, *path: str | int) -> NoReturn:
        line = locate(text, path) if text is not None else None
        raise ScenarioError(reason, _dotted(path), file, line)

    return fail

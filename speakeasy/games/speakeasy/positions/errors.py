"""Scenario mistakes: a :class:`ScenarioError` names the file, the line, the field and the reason.

>>> fail = failing("demo.toml", 'title = "x"\\n[districts.3]\\npolice = "yes"\\n')
>>> fail("not a boolean", "districts", "3", "police")
Traceback (most recent call last):
...
speakeasy.games.speakeasy.positions.errors.ScenarioError: demo.toml:3: districts.3.police: not a
boolean
"""

from __future__ import annotations

from speakeasy.tools.position_files import Fail, PositionError, dotted, locate
from speakeasy.tools.position_files import failing as _failing

__all__ = ["Fail", "ScenarioError", "failing", "locate"]

#: A field's path as text (:func:`speakeasy.tools.position_files.dotted`).
_dotted = dotted


class ScenarioError(PositionError):
    """A scenario file is malformed or asks for something impossible (a
    :class:`~speakeasy.tools.position_files.PositionError`, shared by every game's positions).

    ``file``, ``line`` (1-based, or None when unknown), ``field`` (a dotted path such as
    ``districts.14.buildings[0].owner``) and ``reason`` say exactly what is wrong.
    """

    def __init__(
        self, reason: str, field: str = "", file: str = "<scenario>", line: int | None = None
    ):
        super().__init__(reason, field, file, line)


def failing(file: str, text: str | None) -> Fail:
    """The :class:`Fail` for a scenario read from ``file``: it finds the field's line in
    ``text`` (the file's TOML; None when the scenario came as data, without lines) and raises
    :class:`ScenarioError`."""
    return _failing(file, text, ScenarioError)

"""Reading untrusted scenario text within limits: the shared reader of
:mod:`speakeasy.tools.position_files` with the scenario's own limits, so a hostile file is
refused fast and small (issue 14). The size (at most :data:`MAX_BYTES`) and the bracket
nesting (at most :data:`MAX_DEPTH`) are checked *before* the TOML is parsed, then the parsed
data's nesting, container sizes and total number of values (:func:`check_data`, without
recursion). Every refusal is a
:class:`~speakeasy.games.speakeasy.positions.errors.ScenarioError`, never a
``RecursionError``, ``MemoryError`` or a bare ``ValueError``.

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

from typing import Any

from speakeasy.games.speakeasy.positions.errors import ScenarioError
from speakeasy.tools import position_files
from speakeasy.tools.position_files import Limits

__all__ = [
    "LIMITS",
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

#: The limits above, for the shared reader (:mod:`speakeasy.tools.position_files`).
LIMITS = Limits("scenario", MAX_BYTES, MAX_DEPTH, MAX_ITEMS, MAX_TEXT, MAX_VALUES)


def read_toml(text: object, file: str = "<scenario>") -> dict[str, Any]:
    """The data of scenario TOML ``text`` (``str``, or UTF-8 ``bytes``) once it is within the
    limits; :class:`ScenarioError` for anything else
    (:func:`speakeasy.tools.position_files.read_toml`)."""
    return position_files.read_toml(text, file, LIMITS, ScenarioError)


def check_data(data: object, file: str = "<scenario>", text: str | None = None) -> None:
    """Refuse scenario data nested deeper than :data:`MAX_DEPTH`, with a container of more than
    :data:`MAX_ITEMS` items or more than :data:`MAX_VALUES` values in all, or holding a value no
    scenario field takes (:func:`speakeasy.tools.position_files.check_data`)."""
    position_files.check_data(data, file, text, LIMITS, ScenarioError)


def read_bounded(path: object) -> tuple[str, str]:
    """The text of the scenario file at ``path`` and its name, reading at most
    :data:`MAX_BYTES` plus one byte (:func:`speakeasy.tools.position_files.read_bounded`)."""
    return position_files.read_bounded(path, LIMITS, ScenarioError)

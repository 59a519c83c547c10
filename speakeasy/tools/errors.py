"""Exception types of the package.

Every problem with a shipped or user-supplied data file raises :class:`DataError`, which names
the file, the entry inside it and what is wrong, so that a user correcting a board or card file
can find the mistake without reading code.
"""

from __future__ import annotations

from pathlib import Path


class DataError(ValueError):
    """A data file is malformed or contradicts the rules.

    >>> raise DataError("board.toml", "district 17", "unknown district number")
    Traceback (most recent call last):
    ...
    speakeasy.tools.errors.DataError: board.toml: district 17: unknown district number
    """

    def __init__(self, path: str | Path, entry: str, problem: str) -> None:
        self.path = str(path)
        self.entry = entry
        self.problem = problem
        super().__init__(f"{self.path}: {entry}: {problem}")

"""Reading the shipped (or a user's corrected) TOML data files.

Every data file is read through :func:`read_toml`, so that a missing file or a TOML syntax error
raises :class:`~speakeasy.tools.errors.DataError` naming the file, the entry ``"file"`` and the
problem, whichever loader (board, catalog, rules index) asked for it.

>>> from speakeasy.tools.paths import data_path
>>> read_toml(data_path("board.toml"))["title"]
'Manhattan (reconstructed; see rules reference §17-18)'
>>> read_toml(data_path("nowhere.toml"))  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
speakeasy.tools.errors.DataError: .../nowhere.toml: file: data file is missing
"""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

from speakeasy.tools.errors import DataError

__all__ = ["read_toml"]


def read_toml(path: Path, *, missing: str = "data file is missing") -> dict[str, Any]:
    """The top-level table of the TOML file at ``path``.

    A missing file raises :class:`DataError` with the problem ``missing``; invalid TOML raises
    one with ``not valid TOML: <the parser's message>``.
    """
    try:
        with path.open("rb") as fh:
            return tomllib.load(fh)
    except FileNotFoundError:
        raise DataError(path, "file", missing) from None
    except tomllib.TOMLDecodeError as exc:
        raise DataError(path, "file", f"not valid TOML: {exc}") from None

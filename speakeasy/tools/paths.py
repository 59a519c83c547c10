"""Where the shipped data lives: the one place that resolves data paths.

In a checkout the data is the top-level ``data/`` folder beside the package; in an installed
wheel it ships inside the package as ``speakeasy/data/`` (see ``pyproject.toml``).

>>> data_path("board.toml").name
'board.toml'
>>> data_path("board.toml").is_file()
True
"""

from __future__ import annotations

from pathlib import Path

_PACKAGE = Path(__file__).resolve().parent.parent


def data_dir() -> Path:
    """The folder holding ``board.toml``, ``catalog/``, ``scenarios/`` and the rules index."""
    installed = _PACKAGE / "data"
    if (installed / "board.toml").is_file():
        return installed
    return _PACKAGE.parent / "data"


def data_path(*parts: str) -> Path:
    """A path inside the shipped data folder (whether or not it exists)."""
    return data_dir().joinpath(*parts)

"""Reading position files, and the positions shipped in ``data/mafia_city/positions/`` (every
worked example EMC-1 ... EMC-23 of the rules reference, each with its question and answer).

>>> load_position("emc08_control_tie_stack_order").source
'rulebook: EMC-8'
"""

from __future__ import annotations

from pathlib import Path
from typing import Final

from speakeasy.games.mafia_city.positions.format import LIMITS, Position, parse_position
from speakeasy.tools.paths import data_path
from speakeasy.tools.position_files import read_bounded

__all__ = ["POSITION_DIR", "load_position", "position_names", "shipped_positions"]

POSITION_DIR: Final = data_path("mafia_city/positions")


def load_position(path: str | Path) -> Position:
    """Read a position file; a bare name (``"emc08_control_tie_stack_order"``) means a shipped
    one. At most :data:`~.format.LIMITS` ``max_bytes`` are read; anything else (a path no
    file can have, a huge or unreadable file) is a
    :class:`~speakeasy.tools.position_files.PositionError`."""
    if isinstance(path, str | Path) and path and "\x00" not in str(path) and len(str(path)) < 256:
        p = Path(path)
        if not p.suffix and not p.exists():
            path = POSITION_DIR / f"{p.name}.toml"
    text, name = read_bounded(path, LIMITS)
    return parse_position(text, name)


def position_names() -> tuple[str, ...]:
    """The names of the shipped positions, sorted (the EMC examples in order)."""
    return tuple(sorted(p.stem for p in POSITION_DIR.glob("*.toml")))


def shipped_positions() -> list[Position]:
    """Every position in ``data/mafia_city/positions/``, by file name."""
    return [load_position(name) for name in position_names()]

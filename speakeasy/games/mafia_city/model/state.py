"""The state of a game of Mafia City as plain dataclasses.

Stacks are lists of owners written bottom to top (MC-MAP-3). A token in the Cell remembers the
round it was jailed in, for the release of MC-PRISON-4 (GAP-MC-13). Cards are named by their
data IDs (``snitch-5``); a card being played (its veto chain still open) sits in ``in_play``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import asdict, dataclass, field
from typing import Any, ClassVar

__all__ = ["GameState", "Options", "Seat"]


@dataclass(frozen=True)
class Options:
    """The settings of one game: the target (MC-MODE-1) and the open-rule switches.

    >>> Options().to_data()
    {'advanced': False, 'jail_release_same_round': False, 'prompt_everyone': True, 'max_rounds': 0}
    >>> Options.from_data({"advanced": True}).advanced
    True
    """

    #: The advanced target instead of the beginner one (MC-MODE-1).
    advanced: bool = False
    #: The Prison release frees tokens jailed in this round too (GAP-MC-13; default: not).
    jail_release_same_round: bool = False
    #: Reaction, Secret Deal and Bullet prompts go to every seat that may in principle react,
    #: whether or not it holds a fitting card, so the prompts leak no hand (section 16.1).
    #: ``False`` skips seats that cannot react (faster; for simulations of public-hand play).
    prompt_everyone: bool = True
    #: Stop after this many rounds (0 = no cap; a stopped game is unfinished, GAP-MC-24).
    max_rounds: int = 0

    #: The largest round cap (a game never lasts that long; the number must survive a save).
    MAX_ROUNDS: ClassVar[int] = 10_000

    def __post_init__(self) -> None:
        """Settings are checked when made, with the rules loading uses, so that every game
        that starts can be saved and loaded again (issue 26, item 8)."""
        for name in ("advanced", "jail_release_same_round", "prompt_everyone"):
            if not isinstance(getattr(self, name), bool):
                raise ValueError(f"option {name!r} must be true or false")
        rounds = self.max_rounds
        if isinstance(rounds, bool) or not isinstance(rounds, int):
            raise ValueError("option 'max_rounds' must be a whole number")
        if not 0 <= rounds <= self.MAX_ROUNDS:
            raise ValueError(f"option 'max_rounds' must be from 0 to {self.MAX_ROUNDS:,}")

    def to_data(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_data(cls, data: object) -> Options:
        if data is None:
            return cls()
        if not isinstance(data, Mapping):
            raise ValueError(
                f"'options' must be a table of option names, not {type(data).__name__}"
            )
        known = list(cls.__dataclass_fields__)
        unknown = sorted(str(k)[:40] for k in data if k not in known)
        if unknown:
            raise ValueError(f"unknown options {unknown[:5]}; known: {', '.join(known)}")
        options = cls(**dict(data))
        return options


@dataclass
class Seat:
    """One player: cards in hand (hidden, MC-INFO-1), tokens in hand and reserve (public)."""

    colour: str
    hand: list[str] = field(default_factory=list)
    tokens: int = 0
    reserve: int = 0
    box: int = 0
    vp: int = 0
    passed: bool = False


@dataclass
class GameState:
    """The whole position (public and hidden parts; see :mod:`.observe` for a seat's view)."""

    players: list[str]  # seating order, clockwise (MC-SETUP-2)
    seats: dict[str, Seat]
    layout: tuple[int, ...]  # location on map positions 0 (centre) .. 6 (MC-SETUP-4)
    target: int  # MC-MODE-1
    stacks: dict[int, list[str]] = field(default_factory=lambda: {n: [] for n in range(1, 8)})
    cell: list[tuple[str, int]] = field(default_factory=list)  # (owner, round jailed)
    hitman: int = 2
    officer: str | None = None  # None: on the Police Station (MC-FIG-2)
    mayor: str | None = None  # None: on City Hall
    start: int = 0  # index of the start player in ``players``
    round: int = 1
    phase: str = "setup"
    draw: list[str] = field(default_factory=list)  # top is the end of the list
    discard: list[str] = field(default_factory=list)
    in_play: list[str] = field(default_factory=list)
    cubes: list[int] = field(default_factory=list)  # MC-LOC-9
    turn: str | None = None  # whose turn in phase I
    location: int | None = None  # the location being evaluated (phase II) or handled (III)
    finished: bool = False  # the game ended by MC-WIN (not by a round cap)

    @property
    def start_player(self) -> str:
        return self.players[self.start]

    def left_of(self, player: str, steps: int = 1) -> str:
        """The player ``steps`` seats clockwise from ``player``."""
        i = self.players.index(player)
        return self.players[(i + steps) % len(self.players)]

    def clockwise_from(self, player: str) -> list[str]:
        """Every player, clockwise, starting with ``player``."""
        i = self.players.index(player)
        return self.players[i:] + self.players[:i]

    def count(self, location: int, player: str) -> int:
        return self.stacks[location].count(player)

    def to_data(self) -> dict[str, Any]:
        data = asdict(self)
        data["layout"] = list(self.layout)
        data["stacks"] = {str(k): list(v) for k, v in self.stacks.items()}
        data["cell"] = [list(c) for c in self.cell]
        return data

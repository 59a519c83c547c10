"""Decisions, actions, events and the one exception for illegal requests.

Every choice a player makes is a :class:`Decision` with an enumerated tuple of legal
:class:`Action` options. Actions are small immutable values with a stable text form, like
python-chess moves:

>>> a = Action("capo", ("docks", 0), label="Send a capo to the Docks (person 1)")
>>> str(a)
'capo docks 0'
>>> Action.parse("capo docks 0") == a
True
>>> Action.parse(str(Action("build", ("bar-left-1", 4, 1)))).args
('bar-left-1', 4, 1)

An illegal request raises :class:`IllegalAction`, a ``ValueError`` carrying a stable ``code``,
the ``rule`` ID and a plain-English ``reason``; the game is left exactly as it was.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

_TOKEN = re.compile(r"[A-Za-z0-9_.:+-]+")
#: Words already checked: a game's actions repeat a few hundred words many times over.
_CHECKED: set[str] = set()

Arg = int | str


class IllegalAction(ValueError):
    """An action the rules do not allow now.

    >>> err = IllegalAction("cannot-pay", "R-MONEY-6", "the casino costs $17; you can pay $12")
    >>> err.code, err.rule
    ('cannot-pay', 'R-MONEY-6')
    >>> str(err)
    'the casino costs $17; you can pay $12 (R-MONEY-6)'
    """

    def __init__(self, code: str, rule: str, reason: str) -> None:
        self.code = code
        self.rule = rule
        self.reason = reason
        super().__init__(f"{reason} ({rule})")


@dataclass(frozen=True, slots=True)
class Action:
    """One option of a decision: a kind and its arguments; ``label`` is for people only."""

    kind: str
    args: tuple[Arg, ...] = ()
    label: str = field(default="", compare=False, repr=False)

    def __post_init__(self) -> None:
        for part in (self.kind, *self.args):
            if type(part) is int or part in _CHECKED:
                continue
            word = str(part)
            if _TOKEN.fullmatch(word) is None:
                raise ValueError(f"action part {word!r} must be one word of letters/digits")
            if len(_CHECKED) < 10_000:
                _CHECKED.add(word)

    def __str__(self) -> str:
        return " ".join((self.kind, *map(str, self.args)))

    @classmethod
    def parse(cls, text: str) -> Action:
        """Read the text form back; numbers become ints."""
        parts = text.split()
        if not parts:
            raise ValueError("an action needs at least its kind")
        args = tuple(int(p) if re.fullmatch(r"-?\d+", p) else p for p in parts[1:])
        return cls(parts[0], args)

    def describe(self) -> str:
        """The label if the engine gave one, else the text form."""
        return self.label or str(self)


@dataclass(frozen=True, slots=True)
class Blocked:
    """An option that exists in principle but is illegal now, with the reason (greyed out)."""

    action: Action
    error: IllegalAction


@dataclass(frozen=True)
class Decision:
    """What the game waits for: who decides, what about, the legal options and the rules."""

    player: Any  # a Colour
    kind: str
    prompt: str
    rules: tuple[str, ...]
    options: tuple[Action, ...]
    blocked_fn: Callable[[], tuple[Blocked, ...]] | None = field(
        default=None, compare=False, repr=False
    )
    #: Structured facts about the decision for programs (e.g. a truck's ``points`` left), so
    #: nobody has to parse the prompt; a tuple of ``(name, value)`` pairs, see :meth:`fact`.
    facts: tuple[tuple[str, Any], ...] = ()

    def fact(self, name: str, default: Any = None) -> Any:
        """The structured fact ``name`` of this decision, or ``default``.

        >>> Decision("purple", "truck", "Truck 1", (), (), facts=(("points", 3),)).fact("points")
        3
        """
        return dict(self.facts).get(name, default)

    @property
    def blocked(self) -> tuple[Blocked, ...]:
        """Options shown but not allowed, each with its reason (computed on demand)."""
        return self.blocked_fn() if self.blocked_fn is not None else ()

    def why_not(self, action: Action) -> IllegalAction:
        """The error for an action that is not among the options."""
        for b in self.blocked:
            if b.action == action:
                return b.error
        if action.kind not in {o.kind for o in self.options}:
            return IllegalAction(
                "not-now",
                self.rules[0] if self.rules else "R-TURN-1",
                f"the game is waiting for {self.player}: {self.prompt}",
            )
        return IllegalAction(
            "not-an-option",
            self.rules[0] if self.rules else "R-TURN-1",
            f"'{action}' is not one of the options for: {self.prompt}",
        )


@dataclass(frozen=True, slots=True)
class Event:
    """Something that happened: its kind, the player, the rules applied and its data."""

    kind: str
    player: str | None
    rules: tuple[str, ...]
    text: str
    data: Mapping[str, Any] = field(default_factory=dict)

    def to_data(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "player": self.player,
            "rules": list(self.rules),
            "text": self.text,
            "data": dict(self.data),
        }

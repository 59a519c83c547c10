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

Only the canonical text form parses (what ``str(action)`` writes): ASCII words of letters,
digits and ``_.:+-`` separated by single spaces, whole numbers without leading zeros, at most
:data:`MAX_ACTION_TEXT` characters; anything else is a plain ``ValueError``:

>>> Action.parse("capo  docks 0")
Traceback (most recent call last):
...
ValueError: 'capo  docks 0' is not an action: words must be separated by single spaces
>>> Action.parse("capo docks 00")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
ValueError: 'capo docks 00' is not an action: write whole numbers plainly (no leading zeros, ...

An illegal request raises :class:`IllegalAction`, a ``ValueError`` carrying a stable ``code``,
the ``rule`` ID and a plain-English ``reason``; the game is left exactly as it was.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import FrozenInstanceError, dataclass, field
from typing import Any

_TOKEN = re.compile(r"[A-Za-z0-9_.:+-]+", re.ASCII)
_CANONICAL = re.compile(r"[A-Za-z0-9_.:+-]+(?: [A-Za-z0-9_.:+-]+)*", re.ASCII)
_NUMBER = re.compile(r"-?[0-9]+", re.ASCII)
_CANONICAL_NUMBER = re.compile(r"0|-?[1-9][0-9]{0,17}", re.ASCII)
#: The longest action text :meth:`Action.parse` reads.
MAX_ACTION_TEXT = 200
#: Words already checked: a game's actions repeat a few hundred words many times over.
_CHECKED: set[str] = set()
_set = object.__setattr__

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


#: A label given as a zero-argument function, called on the first read of :attr:`Action.label`
#: (bots never read labels). It must depend only on values fixed when the action is made
#: (bind them with :func:`functools.partial`, never read a changing game state).
LabelFn = Callable[[], str]


@dataclass(frozen=True, slots=True, init=False)
class Action:
    """One option of a decision: a kind and its arguments; ``label`` is for people only.

    The label may be given as a function (:data:`LabelFn`), built on its first read and kept;
    it takes no part in equality, hashing or ``repr``, and a pickled or copied action carries
    the text:

    >>> from functools import partial
    >>> lazy = Action("capo", ("docks", 0), label=partial("Docks, person {}".format, 1))
    >>> lazy == Action("capo", ("docks", 0)), lazy.label
    (True, 'Docks, person 1')
    """

    __match_args__ = ("kind", "args", "label")

    kind: str
    args: tuple[Arg, ...]
    _label: str | LabelFn = field(compare=False, repr=False)

    def __init__(self, kind: str, args: tuple[Arg, ...] = (), label: str | LabelFn = "") -> None:
        _set(self, "kind", kind)
        _set(self, "args", args)
        _set(self, "_label", label)
        if kind not in _CHECKED:
            _check(kind)
        for part in args:
            if type(part) is not int and part not in _CHECKED:
                _check(part)

    @property
    def label(self) -> str:
        """The text for people ("" if none): built now if it was given as a function."""
        label = self._label
        if type(label) is str:
            return label
        text = label()  # type: ignore[operator]
        object.__setattr__(self, "_label", text)
        return text

    def __reduce__(self) -> tuple[type[Action], tuple[str, tuple[Arg, ...], str]]:
        # Pickled and copied with the label's text: a label function need not be picklable.
        return (Action, (self.kind, self.args, self.label))

    def __str__(self) -> str:
        return " ".join((self.kind, *map(str, self.args)))

    @classmethod
    def parse(cls, text: str) -> Action:
        """Read the canonical text form back (``Action.parse(str(a)) == a``); whole numbers
        (at most 18 digits, no leading zeros, no ``-0``) become ints. ``TypeError`` if ``text``
        is not a ``str``, a plain ``ValueError`` if it is not an action's text form.

        >>> Action.parse("build bar-left-1 4 -1")
        Action(kind='build', args=('bar-left-1', 4, -1))
        >>> Action.parse("capo ٣")
        Traceback (most recent call last):
        ...
        ValueError: 'capo ٣' is not an action: use only ASCII letters, digits and _.:+- in words
        """
        if not isinstance(text, str):
            raise TypeError(f"an action's text form is a str, not {type(text).__name__}")
        if len(text) > MAX_ACTION_TEXT:
            raise ValueError(
                f"not an action: {len(text):,} characters; an action has at most {MAX_ACTION_TEXT}"
            )
        if _CANONICAL.fullmatch(text) is None:
            raise ValueError(f"{text!r} is not an action: {_what_is_wrong(text)}")
        kind, *words = text.split(" ")
        args: list[Arg] = []
        for word in words:
            if _NUMBER.fullmatch(word) is None:
                args.append(word)
            elif _CANONICAL_NUMBER.fullmatch(word) is None:
                problem = (
                    "a number has at most 18 digits"
                    if len(word.lstrip("-")) > 18
                    else "write whole numbers plainly (no leading zeros, no -0)"
                )
                raise ValueError(f"{text!r} is not an action: {problem} ({word[:20]!r})")
            else:
                args.append(int(word))
        return cls(kind, tuple(args))

    def describe(self) -> str:
        """The label if the engine gave one, else the text form."""
        return self.label or str(self)


def _check(part: object) -> None:
    """``ValueError`` unless ``part`` is one word of an action's text form (kept once checked)."""
    if type(part) is int:
        return
    word = str(part)
    if _TOKEN.fullmatch(word) is None:
        raise ValueError(f"action part {word!r} must be one word of letters/digits")
    if len(_CHECKED) < 10_000 and len(word) <= MAX_ACTION_TEXT:  # a huge word is not kept
        _CHECKED.add(word)


_MAX_INT_ARG = 10**18  # 18 digits at most, as Action.parse reads


def noncanonical(action: Action) -> str | None:
    """Why ``action`` (whose kind is a ``str`` and whose arguments are ``str`` or ``int``) has
    no canonical text form that :meth:`Action.parse` reads back to it, or ``None`` if it has
    one: a text over :data:`MAX_ACTION_TEXT` characters, a number over 18 digits, or a word
    argument that reads as a number. Lengths are added up before any text is built, so a huge
    argument costs no copy.

    >>> noncanonical(Action("pick", ("pear", 3))) is None
    True
    >>> noncanonical(Action("pick", ("3",)))
    "the argument '3' is a word that reads as a number; give it as a number"
    >>> noncanonical(Action("x" * 10**6))
    'not an action: 1,000,000 characters; an action has at most 200'
    """
    args = action.args
    if len(args) > MAX_ACTION_TEXT:
        return f"not an action: {len(args):,} arguments; an action has at most {MAX_ACTION_TEXT}"
    size = len(action.kind) + len(args)  # the kind, the words and the spaces between
    for arg in args:
        if isinstance(arg, int):
            if not -_MAX_INT_ARG < arg < _MAX_INT_ARG:
                return "not an action: a number has at most 18 digits"
            size += len(str(int(arg)))
        else:
            size += len(arg)
    if size > MAX_ACTION_TEXT:
        return f"not an action: {size:,} characters; an action has at most {MAX_ACTION_TEXT}"
    for arg in args:
        if not isinstance(arg, int) and _NUMBER.fullmatch(arg) is not None:
            return f"the argument {arg!r} is a word that reads as a number; give it as a number"
    return None


def _frozen(self: Action, name: str, *value: object) -> None:
    raise FrozenInstanceError(f"cannot assign to field {name!r}")


# The dataclass's own guard names the slotted class's predecessor (a known quirk of
# ``slots=True``), so an attribute that is not a field (``label``) would raise TypeError.
Action.__setattr__ = _frozen  # type: ignore[method-assign,assignment]
Action.__delattr__ = _frozen  # type: ignore[method-assign,assignment]


def _what_is_wrong(text: str) -> str:
    """Why ``text`` is not in the canonical form (for the error message)."""
    if not text.strip():
        return "it is empty; an action needs at least its kind"
    if not text.isascii() or re.search(r"[^A-Za-z0-9_.:+\- ]", text, re.ASCII):
        return "use only ASCII letters, digits and _.:+- in words"
    return "words must be separated by single spaces"


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

    def why_not(
        self,
        action: object,
        explain: Callable[[Action], IllegalAction | None] | None = None,
    ) -> IllegalAction:
        """The error for an action that is not among the options (``malformed`` for
        anything that is not an :class:`Action`).

        A greyed-out option gives its own error; otherwise ``explain`` (the game's own
        reasons, :meth:`GameDefinition.explain_refusal
        <speakeasy.core.engine.GameDefinition.explain_refusal>`) may name the rule that forbids
        the request; only then come the generic ``not-now`` (a kind of action this decision
        never takes) and ``not-an-option``.

        >>> d = Decision("ann", "pick", "Pick a fruit", ("R-1",), (Action("pick", ("pear",)),))
        >>> d.why_not(Action("pick", ("plum",))).code
        'not-an-option'
        >>> d.why_not(Action("pick", ("plum",)),
        ...           lambda a: IllegalAction("no-plums", "R-2", f"no {a.args[0]} grows here"))
        IllegalAction('no plum grows here (R-2)')
        """
        rule = self.rules[0] if self.rules else "R-TURN-1"
        if not isinstance(action, Action):
            return IllegalAction(
                "malformed", rule, f"{type(action).__name__} is not an action; {self.prompt}"
            )
        for b in self.blocked:
            if b.action == action:
                return b.error
        if explain is not None:
            found = explain(action)
            if found is not None:
                return found
        if not any(o.kind == action.kind for o in self.options):
            return IllegalAction(
                "not-now", rule, f"the game is waiting for {self.player}: {self.prompt}"
            )
        return IllegalAction(
            "not-an-option", rule, f"'{action}' is not one of the options for: {self.prompt}"
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

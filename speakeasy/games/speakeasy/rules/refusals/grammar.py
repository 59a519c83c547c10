"""The request grammar: one :class:`Declaration` per decision kind, as data.

A declaration names a decision kind's action words (:class:`Word`: the word and the forms of
its arguments, so its arity), the rule a misread request of that kind cites, and the function
that says which rule forbids a well-formed request. The declarations stand beside their
refusal functions, one module per rules area, and meet in one table keyed by
:class:`~speakeasy.games.speakeasy.model.kinds.DecisionKind`
(:data:`~speakeasy.games.speakeasy.rules.refusals.table.DECISIONS`).

>>> hire = Word("hire", "<goons> <colour>...")
>>> hire.usage, hire.arity, hire.variadic
('hire <goons> <colour>...', frozenset({2}), True)
>>> Word("mafioso", "vip", "docks <area> <space>").arity
frozenset({1, 3})
>>> Word("load").usage
'load'
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass

from speakeasy.core.actions import Action, Decision, IllegalAction
from speakeasy.games.speakeasy.model.kinds import DecisionKind
from speakeasy.games.speakeasy.model.state import Colour
from speakeasy.games.speakeasy.rules.context import Ctx
from speakeasy.games.speakeasy.rules.refusals.common import Answer, Misread, no

__all__ = ["Check", "Declaration", "Refusal", "Word"]

#: One decision kind's refusal: the context, the deciding colour, the decision and the request
#: (a well-formed action of the kind's grammar that is neither an option nor greyed out).
Refusal = Callable[[Ctx, Colour, Decision, Action], IllegalAction | None]
#: A refusal function as written beside its declaration: it may answer a :class:`Misread`.
Check = Callable[[Ctx, Colour, Decision, Action], Answer]


@dataclass(frozen=True, slots=True, init=False)
class Word:
    """One action word of a decision kind and the forms of its arguments (``"<district>
    <space>"``; several forms for words read more than one way; none for a bare word)."""

    word: str
    forms: tuple[str, ...]

    def __init__(self, word: str, *forms: str) -> None:
        object.__setattr__(self, "word", word)
        object.__setattr__(self, "forms", forms or ("",))

    @property
    def usage(self) -> str:
        """The grammar as a player reads it: ``swap <location> <person> | swap restaurant
        <colour>``."""
        return " | ".join(f"{self.word} {form}".rstrip() for form in self.forms)

    @property
    def arity(self) -> frozenset[int]:
        """The argument counts of the forms (a variadic form's least count)."""
        return frozenset(len(form.split()) for form in self.forms)

    @property
    def variadic(self) -> bool:
        """Whether a form's last argument repeats (``<colour>...``)."""
        return any(form.endswith("...") for form in self.forms)


@dataclass(frozen=True, slots=True)
class Declaration:
    """One decision kind: its words, the rule a misread request cites (``wrong-arguments``)
    and its refusal check."""

    kind: DecisionKind
    rule: str
    words: tuple[Word, ...]
    check: Check

    @property
    def grammar(self) -> Mapping[str, str]:
        """Each action word with its usage."""
        return {w.word: w.usage for w in self.words}

    def misread(self, action: Action, why: str = "") -> IllegalAction:
        """``wrong-arguments``: ``action`` does not read as its word's grammar."""
        usage = self.grammar.get(action.kind, action.kind)
        return no(
            "wrong-arguments",
            self.rule,
            f"'{action}' does not read as '{usage}'" + (f": {why}" if why else ""),
        )

    def refuse(
        self, ctx: Ctx, colour: Colour, decision: Decision, action: Action
    ) -> IllegalAction | None:
        """The kind's refusal of ``action`` (a :data:`Refusal`)."""
        answer = self.check(ctx, colour, decision, action)
        return self.misread(action, answer.why) if isinstance(answer, Misread) else answer

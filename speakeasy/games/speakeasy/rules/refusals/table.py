"""One table of decision kinds: every :class:`~speakeasy.games.speakeasy.model.kinds.DecisionKind`
with its grammar, the rule a misread request cites and its refusal (:data:`DECISIONS`), and
:func:`explain_refusal`, which the engine calls for a request that is not an option.

:data:`GRAMMAR` and :data:`REFUSAL_FUNCTIONS` are read from the table, so they cannot drift.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

from speakeasy.core.actions import Action, Decision, IllegalAction
from speakeasy.games.speakeasy.model.kinds import DecisionKind
from speakeasy.games.speakeasy.model.state import Colour, Phase
from speakeasy.games.speakeasy.rules.context import Ctx
from speakeasy.games.speakeasy.rules.refusals import (
    barrels,
    buildings,
    cards,
    resources,
    ships,
    turn,
)
from speakeasy.games.speakeasy.rules.refusals.grammar import Declaration, Refusal

__all__ = ["DECISIONS", "DECLARED", "GRAMMAR", "REFUSAL_FUNCTIONS", "explain_refusal"]

#: Every declaration as written, area by area (tests check each kind appears exactly once).
DECLARED: Final[tuple[Declaration, ...]] = (
    *turn.DECLARATIONS,
    *cards.DECLARATIONS,
    *resources.DECLARATIONS,
    *buildings.DECLARATIONS,
    *barrels.DECLARATIONS,
    *ships.DECLARATIONS,
)


def _table(declared: tuple[Declaration, ...]) -> dict[DecisionKind, Declaration]:
    by_kind = {d.kind: d for d in declared}
    if len(by_kind) != len(declared) or set(by_kind) != set(DecisionKind):
        raise ValueError("every decision kind needs exactly one refusal declaration")
    return {kind: by_kind[kind] for kind in DecisionKind}


#: Every decision kind's declaration, in the order of :class:`DecisionKind`.
DECISIONS: Final[Mapping[DecisionKind, Declaration]] = _table(DECLARED)
#: The action words each decision kind reads, with their arguments (``done``/``skip`` words
#: are answered only where the rules make the decision compulsory).
GRAMMAR: Final[Mapping[DecisionKind, Mapping[str, str]]] = {
    kind: d.grammar for kind, d in DECISIONS.items()
}
#: Each decision kind's refusal function.
REFUSAL_FUNCTIONS: Final[Mapping[DecisionKind, Refusal]] = {
    kind: d.refuse for kind, d in DECISIONS.items()
}


def explain_refusal(ctx: Ctx, decision: Decision, action: Action) -> IllegalAction | None:
    """The rule that forbids ``action`` at ``decision`` and why, naming what was asked for;
    ``None`` for a request of another decision's kind (the engine says ``not-now``) or when
    no rule forbids it beyond the options' own shape. Only reads ``ctx``.
    """
    try:
        kind = DecisionKind(decision.kind)
    except ValueError:
        return None
    same = [o for o in decision.options if o.kind == action.kind]
    if same and all(not o.args for o in same):  # done, skip, finish, load: no argument
        return (
            DECISIONS[kind].misread(action, f"'{action.kind}' takes no argument")
            if action.args
            else None
        )
    if action.kind not in GRAMMAR[kind]:
        return None
    if (
        action.kind == "done"
        and kind is DecisionKind.BUILD
        and ctx.state.phase is not Phase.PROLOGUE
    ):
        return None
    try:
        return REFUSAL_FUNCTIONS[kind](ctx, Colour(decision.player), decision, action)
    except (LookupError, ValueError, TypeError, AttributeError):  # pragma: no cover
        # An explanation must never turn a refusal into a crash; the generic refusal stands
        # (tests/test_refusals.py calls the functions directly, so such a gap shows there).
        return None

"""Plain-English explanations of what happened, why an option is greyed out, and which rule says so.

Every :class:`~speakeasy.core.actions.Event` of a game becomes an :class:`Explanation`: the
event's own sentence (written once, by the rule that emitted it), the player, a category
(``"gang war"``, ``"payout"``...) and the rules it applied, each cited with its one-line summary
from the rules index (:mod:`speakeasy.tools.rules_index`):

>>> from speakeasy import Game
>>> game = Game.new(players=2, seed=7)
>>> explanation = explain_event(game.setup_events[-1])
>>> print(explanation)  # doctest: +NORMALIZE_WHITESPACE
Purple plays first; turn order: Purple, Yellow. — R-PROLOGUE-1 (the first player (last to
drink alcohol; the engine may randomise) takes top-row space 1; the others follow clockwise in
free spaces); GAP-28 (the first player is chosen at random by default; "last to drink alcohol"
is not checkable)
>>> explanation.category, explanation.player
('setup', None)

A pending decision is explained the same way, its prompt as the sentence:

>>> print(explain_decision(game.pending, game.state.phase).markdown())
Place your new mafioso — **R-MAFIOSO-1** (gaining a mafioso: take one from your supply and
place it immediately in a free VIP-area space or on a free docks space)

The parts of this package, each re-exported here:

* :mod:`~speakeasy.games.speakeasy.explain.events`: explanations of events and pending decisions,
one guide
  per kind of event (:data:`EVENT_GUIDES`) and one category per kind of decision;
* :mod:`~speakeasy.games.speakeasy.explain.refusals`: illegal requests and greyed-out options with
the rules
  they break (:func:`explain_error`, :func:`explain_blocked`);
* :mod:`~speakeasy.tools.lookup`: rules by ID or by words (:func:`lookup`);
* :mod:`~speakeasy.games.speakeasy.explain.log`: the filtered game log (:func:`log`) and any step
replayed
  event by event (:func:`step_through`);
* :mod:`~speakeasy.tools.citations`: :class:`RuleRef` and :func:`markdown_escape`;
* :mod:`~speakeasy.tools.rules_index`: the project's index of the rules reference;
* :mod:`~speakeasy.tools.rule_links`: rule IDs in explanations as links into the rules page
  (:func:`link_rules`).
"""

from __future__ import annotations

from speakeasy.games.speakeasy.explain.events import (
    CATEGORIES,
    DECISION_CATEGORIES,
    EVENT_GUIDES,
    EventGuide,
    Explanation,
    category_of,
    explain_decision,
    explain_event,
)
from speakeasy.games.speakeasy.explain.log import StepFrame, log, step_through
from speakeasy.games.speakeasy.explain.refusals import explain_blocked, explain_error

__all__ = [
    "CATEGORIES",
    "DECISION_CATEGORIES",
    "EVENT_GUIDES",
    "EventGuide",
    "Explanation",
    "StepFrame",
    "category_of",
    "explain_blocked",
    "explain_decision",
    "explain_error",
    "explain_event",
    "log",
    "step_through",
]

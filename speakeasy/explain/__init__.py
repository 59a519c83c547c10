"""Plain-English explanations of what happened, why an option is greyed out, and which rule says so.

Every :class:`~speakeasy.core.actions.Event` of a game becomes an :class:`Explanation`: the
event's own sentence (written once, by the rule that emitted it), the player, a category
(``"gang war"``, ``"payout"``...) and the rules it applied, each cited with its one-line summary
from the rules index (:mod:`speakeasy.explain.rules_index`):

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

* :mod:`~speakeasy.explain.events`: explanations of events and pending decisions, one guide
  per kind of event (:data:`EVENT_GUIDES`) and one category per kind of decision;
* :mod:`~speakeasy.explain.refusals`: illegal requests and greyed-out options with the rules
  they break (:func:`explain_error`, :func:`explain_blocked`);
* :mod:`~speakeasy.explain.lookup`: rules by ID or by words (:func:`lookup`);
* :mod:`~speakeasy.explain.log`: the filtered game log (:func:`log`) and any step replayed
  event by event (:func:`step_through`);
* :mod:`~speakeasy.explain.citations`: :class:`RuleRef` and :func:`markdown_escape`;
* :mod:`~speakeasy.explain.rules_index`: the project's index of the rules reference;
* :mod:`~speakeasy.explain.rule_links`: rule IDs in explanations as links into the rules page
  (:func:`link_rules`).
"""

from __future__ import annotations

from speakeasy.explain.citations import RuleRef, markdown_escape
from speakeasy.explain.events import (
    CATEGORIES,
    DECISION_CATEGORIES,
    EVENT_GUIDES,
    EventGuide,
    Explanation,
    category_of,
    explain_decision,
    explain_event,
)
from speakeasy.explain.log import StepFrame, log, step_through
from speakeasy.explain.lookup import RuleLookup, lookup, lookup_html, lookup_markdown
from speakeasy.explain.mafia_city import (
    MC_CATEGORIES,
    MC_ID_KINDS,
    McLogEntry,
    McPhaseFrame,
    card_label,
    load_mc_rules_index,
    mc_cite,
    mc_log,
    mc_lookup,
    mc_lookup_html,
    mc_lookup_markdown,
    mc_phase_frames,
    mc_phases,
)
from speakeasy.explain.refusals import explain_blocked, explain_error
from speakeasy.explain.rule_links import RULES_PAGE, link_rules, rule_ids_in, rule_url
from speakeasy.explain.rules_index import RuleEntry, RulesIndex, load_rules_index

__all__ = [
    "CATEGORIES",
    "DECISION_CATEGORIES",
    "EVENT_GUIDES",
    "MC_CATEGORIES",
    "MC_ID_KINDS",
    "RULES_PAGE",
    "EventGuide",
    "Explanation",
    "McLogEntry",
    "McPhaseFrame",
    "RuleEntry",
    "RuleLookup",
    "RuleRef",
    "RulesIndex",
    "StepFrame",
    "card_label",
    "category_of",
    "explain_blocked",
    "explain_decision",
    "explain_error",
    "explain_event",
    "link_rules",
    "load_mc_rules_index",
    "load_rules_index",
    "log",
    "lookup",
    "lookup_html",
    "lookup_markdown",
    "markdown_escape",
    "mc_cite",
    "mc_log",
    "mc_lookup",
    "mc_lookup_html",
    "mc_lookup_markdown",
    "mc_phase_frames",
    "mc_phases",
    "rule_ids_in",
    "rule_url",
    "step_through",
]

"""Issue 22: what one decision kind means is declared once per table, and the tables cannot
drift: every :class:`~speakeasy.games.speakeasy.model.kinds.DecisionKind` has exactly one
refusal declaration (its grammar, arity, misreading rule and refusal function), exactly one
explanation category, exactly one way its options are grouped at the table, and the bot's
scorer table names only real kinds (a kind without a scorer is listed here on purpose)."""

from __future__ import annotations

from collections import Counter

from speakeasy.games.speakeasy.explain.events import DECISION_CATEGORIES
from speakeasy.games.speakeasy.model.kinds import DecisionKind
from speakeasy.games.speakeasy.rules.refusals import GRAMMAR, REFUSAL_FUNCTIONS
from speakeasy.games.speakeasy.rules.refusals.table import DECISIONS, DECLARED
from speakeasy.games.speakeasy.studies.strategy import SCORERS
from speakeasy.games.speakeasy.table.play import DISTRICT_FIRST

KINDS = {kind.value for kind in DecisionKind}
#: Kinds the heuristic bot scores with its fallback (the first option), on purpose.
UNSCORED = {"docks_row", "rebuild_distillery", "ship_barrel", "ship_mafioso"}


def test_every_kind_is_declared_exactly_once_for_its_refusals() -> None:
    counts = Counter(d.kind for d in DECLARED)
    assert {k: n for k, n in counts.items() if n != 1} == {}
    assert set(counts) == set(DecisionKind)
    assert list(DECISIONS) == list(DecisionKind)
    assert set(GRAMMAR) == set(REFUSAL_FUNCTIONS) == set(DecisionKind)


def test_every_declaration_reads_as_its_grammar() -> None:
    """Words are unique per kind, and a bare word (``skip``, ``done``, ``load``) takes none."""
    for declaration in DECLARED:
        words = [w.word for w in declaration.words]
        assert len(words) == len(set(words)), declaration.kind
        for word in declaration.words:
            assert word.usage.startswith(word.word)
            if word.word in ("skip", "done", "load"):
                assert word.arity == {0}, (declaration.kind, word)
        assert declaration.rule.startswith("R-"), declaration.kind


def test_every_kind_has_one_explanation_category() -> None:
    assert list(DECISION_CATEGORIES) == list(DecisionKind)


def test_the_bot_scores_only_real_kinds() -> None:
    assert set(SCORERS) <= KINDS
    assert KINDS - set(SCORERS) == UNSCORED


def test_every_kind_has_one_option_grouping() -> None:
    """table/play.py groups a kind's options by location (capo), by district
    (:data:`DISTRICT_FIRST`), by truck step, by docks area (mafioso) or not at all: one rule
    per kind."""
    special = [{"capo"}, set(DISTRICT_FIRST) & KINDS, {"truck"}, {"mafioso"}]
    counts = Counter(kind for rule in special for kind in rule)
    assert {k: n for k, n in counts.items() if n > 1} == {}


def test_the_option_grouping_names_only_real_kinds() -> None:
    assert set(DISTRICT_FIRST) <= KINDS

"""Rules cited by explanations, each with its one-line summary, and Markdown-safe text.

>>> ref = RuleRef.of("R-GOLDEN-5")
>>> ref.summary
'Gangster bars ignore police.'
>>> cite(refs(["R-GOLDEN-5", "R-NOPE-1", "R-GOLDEN-5"]))
'R-GOLDEN-5 (gangster bars ignore police); R-NOPE-1'
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Final

from speakeasy.tools.rules_index import RuleEntry, load_rules_index

__all__ = ["RuleRef", "cite", "markdown_escape", "player_rules", "refs"]


@functools.cache
def _entry(rule_id: str) -> RuleEntry | None:
    return load_rules_index().get(rule_id)


@dataclass(frozen=True, slots=True)
class RuleRef:
    """A rule an explanation cites: its ID and its one-line summary (``None`` if not indexed).

    >>> ref = RuleRef.of("R-GOLDEN-5")
    >>> ref.citation(), ref.summary_text()
    ('R-GOLDEN-5 (gangster bars ignore police)', 'gangster bars ignore police')
    >>> RuleRef.of("R-NOPE-1").citation()
    'R-NOPE-1'
    """

    id: str
    summary: str | None

    @classmethod
    def of(cls, rule_id: str) -> RuleRef:
        """The reference for ``rule_id`` with its summary from the rules index."""
        return _ref(rule_id)

    def citation(self) -> str:
        """``ID (summary)`` as the index cites it, or the bare ID if it is not indexed."""
        entry = _entry(self.id)
        return entry.citation() if entry is not None else self.id

    def summary_text(self) -> str:
        """The summary as cited (the citation without the ID and parentheses; "" if none)."""
        citation = self.citation()
        return citation[len(self.id) + 2 : -1] if citation != self.id else ""

    def player_citation(self) -> str:
        """:meth:`citation` as a player reads it: without the notes about the sources
        (``GAP-n``, ``DISC-n``) inside the summary, which the rules page keeps (issue 24).

        >>> print(RuleRef.of("R-BOOKS-9").player_citation())  # doctest: +NORMALIZE_WHITESPACE
        R-BOOKS-9 (the 3 area goals need the tile's requirement inside its area with
        operating buildings; each pays $20 plus the tile reward)
        >>> RuleRef.of("R-CRATE-8").player_citation()  # doctest: +ELLIPSIS
        'R-CRATE-8 (crate 8: $3 per operation card in hand (cap $24, PL only); back: ...)'
        """
        return without_source_notes(self.citation())


@functools.cache
def _ref(rule_id: str) -> RuleRef:
    entry = _entry(rule_id)
    return RuleRef(rule_id, entry.summary if entry is not None else None)


def refs(ids: Iterable[str]) -> tuple[RuleRef, ...]:
    """One reference per rule ID, in order, without repeats."""
    return tuple(_ref(rule_id) for rule_id in dict.fromkeys(ids))


#: Index entries that are notes about the sources, not rules a player applies: the gaps where
#: a rulebook is silent (``GAP-n``, ``GAP-MC-n``) and the places where translations disagree
#: (``DISC-n``). The rules page shows them; a player's citations leave them out (issue 24).
_SOURCE_NOTE: Final = re.compile(r"^(?:GAP|DISC)-")


_NOTE_ID: Final = r"(?:GAP|DISC)-(?:MC-)?\d+"
_NOTE_IN_TEXT: Final = (
    (re.compile(rf"\s*\({_NOTE_ID}\)"), ""),  # "… buildings (DISC-5); …"
    (re.compile(rf",\s*{_NOTE_ID}(?=\))"), ""),  # "(max $20, DISC-17)"
    (re.compile(rf"\b{_NOTE_ID}\b"), "a gap in the rulebook"),  # "the rest is GAP-11"
)


def without_source_notes(text: str) -> str:
    """``text`` without the IDs of the notes about the sources (``GAP-n``, ``DISC-n``).

    >>> without_source_notes("4 distinct rewards (GAP-7)")
    '4 distinct rewards'
    >>> without_source_notes("the rest is GAP-11")
    'the rest is a gap in the rulebook'
    """
    for pattern, replacement in _NOTE_IN_TEXT:
        text = pattern.sub(replacement, text)
    return text


def player_rules(ids: Iterable[str]) -> tuple[str, ...]:
    """The rule IDs of ``ids`` cited to a player: rules and worked examples, without the notes
    about the sources (which the rules page shows with the rules they qualify).

    >>> player_rules(["R-PROLOGUE-1", "GAP-28", "DISC-3", "E4", "MC-LOC-4", "GAP-MC-14"])
    ('R-PROLOGUE-1', 'E4', 'MC-LOC-4')
    """
    return tuple(i for i in ids if not _SOURCE_NOTE.match(i))


def cite(rules: Iterable[RuleRef]) -> str:
    """``R-X-1 (summary); R-Y-2 (summary)``."""
    return "; ".join(ref.citation() for ref in rules)


_MARKDOWN_SPECIAL: Final = re.compile(r"([\\`*_$|~#])")
_ENTITIES: Final = {"&": "&amp;", "<": "&lt;", ">": "&gt;", "[": "&#91;", "]": "&#93;"}
#: What would start a list, a quote or a heading at the beginning of a line.
_LINE_START: Final = re.compile(r"^([ \t]*)(?:([0-9]+)([.)])|([-+=])(?=[ \t]|$))", re.MULTILINE)


def markdown_escape(text: str) -> str:
    """``text`` as plain text inside Markdown (marimo's and Jupyter's): no formula (``$``, or
    ``\\[…\\]`` display maths, so ``[`` and ``]`` become entities), emphasis,
    strike-through, raw HTML (``<``, ``>``, ``&`` become entities: a backslash before ``<``
    shows literally in marimo), heading, list or quote (a line starting ``2.`` or ``-``).

    >>> markdown_escape("pays $5 *now*")
    'pays \\\\$5 \\\\*now\\\\*'
    >>> markdown_escape("[2] Harbour; 4 < 5")
    '&#91;2&#93; Harbour; 4 &lt; 5'
    >>> markdown_escape("2. Harbour")
    '2\\\\. Harbour'
    """
    out = re.sub(r"[&<>]", lambda m: _ENTITIES[m.group(0)], text)
    out = _MARKDOWN_SPECIAL.sub(r"\\\1", out)
    out = _LINE_START.sub(_escape_line_start, out)
    return out.replace("[", _ENTITIES["["]).replace("]", _ENTITIES["]"])


def _escape_line_start(match: re.Match[str]) -> str:
    indent, number, dot, marker = match.groups()
    return f"{indent}{number}\\{dot}" if number is not None else f"{indent}\\{marker}"

"""Rules looked up by ID or by words, as entries, Markdown or HTML (for notebooks and widgets).

>>> [entry.id for entry in lookup("r-truck-7")]
['R-TRUCK-7']
>>> [entry.id for entry in lookup("central park truck")][:1]
['R-TRUCK-8']
"""

from __future__ import annotations

import html
import re
from collections.abc import Callable
from dataclasses import dataclass

from speakeasy.tools.citations import markdown_escape
from speakeasy.tools.rule_links import rule_url
from speakeasy.tools.rules_index import RuleEntry, RulesIndex, load_rules_index

__all__ = ["RuleLookup", "lookup", "lookup_html", "lookup_markdown"]


@dataclass(frozen=True, slots=True)
class RuleLookup:
    """Rules of one rules index by ID (any case) or by words (every word must match), as
    entries, Markdown or HTML: :func:`lookup` for Speakeasy, ``lookup`` for Mafia City.

    ``index`` loads the index; ``is_id`` tells a well-formed ID (given upper-cased), which
    finds nothing rather than being searched as words when it is not indexed; ``name`` names
    the caller in the error for an empty query.

    >>> find = RuleLookup(load_rules_index, lambda words: words.startswith("R-"), "find")
    >>> [e.id for e in find("r-truck-7")], find("R-NOPE-1")
    (['R-TRUCK-7'], [])
    """

    index: Callable[[], RulesIndex]
    is_id: Callable[[str], bool]
    name: str

    def __call__(self, query: str) -> list[RuleEntry]:
        words = query.strip()
        if not words:
            raise ValueError(f"{self.name}() needs a rule ID or some words")
        index = self.index()
        entry = index.get(words.upper())
        if entry is not None:
            return [entry]
        if " " not in words and self.is_id(words.upper()):
            return []  # a well-formed ID that is not indexed
        return index.search(words)

    def markdown(self, query: str, limit: int = 10) -> str:
        """The entries found as a Markdown list (at most ``limit`` entries)."""
        return self._listing(
            query,
            limit,
            f"No rule matches {markdown_escape(query)!s}.",
            lambda e: (
                f"- **{_link(e.id)}** ({markdown_escape(_section_title(e))}): "
                f"{markdown_escape(e.summary)}"
            ),
            "- … and {} more",
            "\n".join,
        )

    def html(self, query: str, limit: int = 10) -> str:
        """The entries found as an HTML list, for ipywidgets (at most ``limit`` entries)."""
        return self._listing(
            query,
            limit,
            f"<p>No rule matches {html.escape(query)}.</p>",
            lambda e: (
                f"<li><b>{html.escape(e.id)}</b> ({html.escape(_section_title(e))}): "
                f"{html.escape(e.summary)}</li>"
            ),
            "<li>… and {} more</li>",
            lambda items: "<ul>" + "".join(items) + "</ul>",
        )

    def _listing(
        self,
        query: str,
        limit: int,
        none: str,
        item: Callable[[RuleEntry], str],
        more: str,
        join: Callable[[list[str]], str],
    ) -> str:
        """``none`` when nothing matches, else the first ``limit`` entries written by ``item``
        and ``more`` (formatted with how many are left out), put together by ``join``."""
        found = self(query)
        if not found:
            return none
        items = [item(e) for e in found[:limit]]
        if len(found) > limit:
            items.append(more.format(len(found) - limit))
        return join(items)


_ID = re.compile(r"R-[A-Z0-9-]+-\d+|E\d+|(GEO|MAP|GAP|DISC)-\d+")
_LOOKUP = RuleLookup(load_rules_index, lambda words: _ID.fullmatch(words) is not None, "lookup")


def lookup(query: str) -> list[RuleEntry]:
    """Rules by ID (any case, e.g. ``"r-truck-7"``) or by words (every word must match).

    >>> [e.id for e in lookup("GAP-23")]
    ['GAP-23']
    >>> [e.id for e in lookup("casino income")][:2]
    ['R-ORDER-5', 'R-MONEY-3']
    >>> lookup("R-NOPE-1")
    []
    """
    return _LOOKUP(query)


def lookup_markdown(query: str, limit: int = 10) -> str:
    """:func:`lookup` as a Markdown list for notebooks (at most ``limit`` entries).

    >>> print(lookup_markdown("r-golden-5"))  # doctest: +NORMALIZE_WHITESPACE
    - **<a href="/rules/?id=R-GOLDEN-5" target="_blank" class="rule-link">R-GOLDEN-5</a>**
    (Operating buildings and the GOLDEN RULE): Gangster bars ignore police.
    """
    return _LOOKUP.markdown(query, limit)


def lookup_html(query: str, limit: int = 10) -> str:
    """:func:`lookup` as an HTML list, for ipywidgets (at most ``limit`` entries).

    >>> lookup_html("r-golden-5").startswith("<ul><li><b>R-GOLDEN-5</b> (Operating buildings")
    True
    >>> lookup_html("R-NOPE-1")
    '<p>No rule matches R-NOPE-1.</p>'
    """
    return _LOOKUP.html(query, limit)


def _link(rule_id: str) -> str:
    """``rule_id`` as a link to its entry on the rules page (a new tab)."""
    return f'<a href="{rule_url(rule_id)}" target="_blank" class="rule-link">{rule_id}</a>'


def _section_title(entry: RuleEntry) -> str:
    """The entry's section without its number (``"11.2 Gang war"`` -> ``"Gang war"``)."""
    return re.sub(r"^[0-9.]+ ", "", entry.section)

"""Rules looked up by ID or by words, as entries, Markdown or HTML (for notebooks and widgets).

>>> [entry.id for entry in lookup("r-truck-7")]
['R-TRUCK-7']
>>> [entry.id for entry in lookup("central park truck")][:1]
['R-TRUCK-8']
"""

from __future__ import annotations

import html
import re

from speakeasy.explain.citations import markdown_escape
from speakeasy.explain.rules_index import RuleEntry, load_rules_index

__all__ = ["lookup", "lookup_html", "lookup_markdown"]


def lookup(query: str) -> list[RuleEntry]:
    """Rules by ID (any case, e.g. ``"r-truck-7"``) or by words (every word must match).

    >>> [e.id for e in lookup("GAP-23")]
    ['GAP-23']
    >>> [e.id for e in lookup("casino income")][:2]
    ['R-ORDER-5', 'R-MONEY-3']
    >>> lookup("R-NOPE-1")
    []
    """
    words = query.strip()
    if not words:
        raise ValueError("lookup() needs a rule ID or some words")
    index = load_rules_index()
    entry = index.get(words.upper())
    if entry is not None:
        return [entry]
    if " " not in words and re.fullmatch(
        r"(?i)(R-[A-Z0-9-]+-\d+|E\d+|(GEO|MAP|GAP|DISC)-\d+)", words
    ):
        return []  # a well-formed ID that is not indexed
    return index.search(words)


def lookup_markdown(query: str, limit: int = 10) -> str:
    """:func:`lookup` as a Markdown list for notebooks (at most ``limit`` entries).

    >>> print(lookup_markdown("r-golden-5"))
    - **R-GOLDEN-5** (Operating buildings and the GOLDEN RULE): Gangster bars ignore police.
    """
    found = lookup(query)
    if not found:
        return f"No rule matches {markdown_escape(query)!s}."
    lines = [
        f"- **{e.id}** ({markdown_escape(_section_title(e))}): {markdown_escape(e.summary)}"
        for e in found[:limit]
    ]
    if len(found) > limit:
        lines.append(f"- … and {len(found) - limit} more")
    return "\n".join(lines)


def lookup_html(query: str, limit: int = 10) -> str:
    """:func:`lookup` as an HTML list, for ipywidgets (at most ``limit`` entries).

    >>> lookup_html("r-golden-5").startswith("<ul><li><b>R-GOLDEN-5</b> (Operating buildings")
    True
    >>> lookup_html("R-NOPE-1")
    '<p>No rule matches R-NOPE-1.</p>'
    """
    found = lookup(query)
    if not found:
        return f"<p>No rule matches {html.escape(query)}.</p>"
    items = [
        f"<li><b>{html.escape(e.id)}</b> ({html.escape(_section_title(e))}): "
        f"{html.escape(e.summary)}</li>"
        for e in found[:limit]
    ]
    if len(found) > limit:
        items.append(f"<li>… and {len(found) - limit} more</li>")
    return "<ul>" + "".join(items) + "</ul>"


def _section_title(entry: RuleEntry) -> str:
    """The entry's section without its number (``"11.2 Gang war"`` -> ``"Gang war"``)."""
    return re.sub(r"^[0-9.]+ ", "", entry.section)

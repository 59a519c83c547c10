"""Rule IDs in explanations as links into the rules page (``notebooks/rules.py``).

The workshop (``speakeasy workshop`` and the README's explorer command) serves the rules page at
:data:`RULES_PAGE`; a notebook that shows an explanation passes its Markdown through
:func:`link_rules`, so that every rule ID it cites opens that rule's entry, with the notebooks
and scenarios that show it, in a new tab:

>>> link_rules("Refused (R-TURN-4).")  # doctest: +NORMALIZE_WHITESPACE
'Refused (<a href="/rules/?id=R-TURN-4" target="_blank" class="rule-link">R-TURN-4</a>).'
>>> link_rules("R-NOPE-1 and E99 are not indexed; R-TRUCK-7x is no ID.")
'R-NOPE-1 and E99 are not indexed; R-TRUCK-7x is no ID.'
>>> rule_url("GAP-4")
'/rules/?id=GAP-4'
"""

from __future__ import annotations

import re
from typing import Final

from speakeasy.tools.rules_index import load_rules_index

__all__ = ["RULES_PAGE", "link_rules", "rule_ids_in", "rule_url"]

#: Where the workshop serves the rules page.
RULES_PAGE: Final = "/rules/"

#: A rules-reference ID standing on its own (not part of a longer word, path or link).
_ID: Final = re.compile(
    r"(?<![\w/=?&-])"
    r"(R-[A-Z0-9]+(?:-[A-Z0-9]+)*-[1-9][0-9]*|E[1-9][0-9]?|(?:GEO|MAP|GAP|DISC)-[1-9][0-9]*)"
    r"(?![\w-])"
)
#: Text already inside a link or a tag, left alone.
_SKIP: Final = re.compile(r"<a\b[^>]*>.*?</a>|<[^>]+>|\[[^\]]*\]\([^)]*\)|`[^`]*`", re.DOTALL)


def rule_url(rule_id: str, page: str = RULES_PAGE) -> str:
    """The rules page's URL for one rule."""
    return f"{page}?id={rule_id}"


def rule_ids_in(text: str) -> list[str]:
    """The indexed rule IDs cited in ``text``, in order of first appearance.

    >>> rule_ids_in("R-GOLDEN-1 (a building...); see E4, R-GOLDEN-1 and R-NOPE-2")
    ['R-GOLDEN-1', 'E4']
    """
    index = load_rules_index()
    seen: dict[str, None] = {}
    for match in _ID.finditer(text):
        if match.group(1) in index:
            seen.setdefault(match.group(1), None)
    return list(seen)


def link_rules(markdown: str, page: str = RULES_PAGE) -> str:
    """``markdown`` with every indexed rule ID turned into a link to its entry on the rules
    page (opening in a new tab); IDs inside existing links, tags or code spans stay as they
    are, and so do IDs the index does not hold."""
    index = load_rules_index()

    def link(match: re.Match[str]) -> str:
        rule_id = match.group(1)
        if rule_id not in index:
            return rule_id
        return (
            f'<a href="{rule_url(rule_id, page)}" target="_blank" class="rule-link">{rule_id}</a>'
        )

    out: list[str] = []
    last = 0
    for skipped in _SKIP.finditer(markdown):
        out.append(_ID.sub(link, markdown[last : skipped.start()]))
        out.append(skipped.group(0))
        last = skipped.end()
    out.append(_ID.sub(link, markdown[last:]))
    return "".join(out)

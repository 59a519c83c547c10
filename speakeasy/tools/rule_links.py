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
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Final

from speakeasy.tools.rules_index import RuleEntry, RulesIndex, load_rules_index

__all__ = [
    "RULES_PAGE",
    "SPEAKEASY_RULES",
    "RuleSet",
    "link_rules",
    "rule_ids_in",
    "rule_url",
    "sub_outside",
]

#: Where the workshop serves the rules page.
RULES_PAGE: Final = "/rules/"


@dataclass(frozen=True)
class RuleSet:
    """One game's rules as the rules page and the links know them: the game's registry
    ``name`` and ``title``, its rules ``index`` (loaded when first asked) and ``ids``, the
    pattern of an ID of its reference. Each game's descriptor carries its own
    (:attr:`GameType.rules <speakeasy.core.registry.GameType.rules>`); the games' ID shapes
    never overlap, so the rules page finds an entry by its ID alone.

    >>> SPEAKEASY_RULES.find("r-truck-7")[0].id, SPEAKEASY_RULES.find("R-NOPE-1")
    ('R-TRUCK-7', [])
    """

    name: str
    title: str
    index: Callable[[], RulesIndex]
    ids: re.Pattern[str]

    def entry(self, rule_id: str) -> RuleEntry | None:
        """The entry of ``rule_id`` (any case), or ``None`` if this game has none."""
        return self.index().get(rule_id.strip().upper())

    def find(self, query: str) -> list[RuleEntry]:
        """Entries by ID (any case) or by words (every word must match, ranked); a
        well-formed ID that is not indexed finds nothing; an empty query finds every entry."""
        words = query.strip()
        if not words:
            return list(self.index())
        entry = self.entry(words)
        if entry is not None:
            return [entry]
        if " " not in words and self.ids.fullmatch(words.upper()):
            return []
        return self.index().search(words)


#: Speakeasy's rules (the tools' default index, ``data/rules_index.toml``).
SPEAKEASY_RULES: Final = RuleSet(
    "speakeasy",
    "Speakeasy",
    load_rules_index,
    re.compile(
        r"R-[A-Z0-9]+(?:-[A-Z0-9]+)*-[1-9][0-9]*|E[1-9][0-9]?|(?:GEO|MAP|GAP|DISC)-[1-9][0-9]*"
    ),
)

#: Text already inside a link or a tag, left alone.
_SKIP: Final = re.compile(r"<a\b[^>]*>.*?</a>|<[^>]+>|\[[^\]]*\]\([^)]*\)|`[^`]*`", re.DOTALL)


def _sets(rules: RuleSet | Sequence[RuleSet]) -> tuple[RuleSet, ...]:
    return (rules,) if isinstance(rules, RuleSet) else tuple(rules)


def _pattern(sets: tuple[RuleSet, ...]) -> re.Pattern[str]:
    """An ID of any of ``sets`` standing on its own (not part of a longer word, path or link)."""
    ids = "|".join(f"(?:{s.ids.pattern})" for s in sets)
    return re.compile(rf"(?<![\w/=?&-])({ids})(?![\w-])")


def _indexed(sets: tuple[RuleSet, ...], rule_id: str) -> bool:
    return any(rule_id in s.index() for s in sets)


def rule_url(rule_id: str, page: str = RULES_PAGE) -> str:
    """The rules page's URL for one rule (of any game: the page finds it by its ID)."""
    return f"{page}?id={rule_id}"


def rule_ids_in(text: str, rules: RuleSet | Sequence[RuleSet] = SPEAKEASY_RULES) -> list[str]:
    """The indexed rule IDs (of ``rules``: one game's or several) cited in ``text``, in order
    of first appearance.

    >>> rule_ids_in("R-GOLDEN-1 (a building...); see E4, R-GOLDEN-1 and R-NOPE-2")
    ['R-GOLDEN-1', 'E4']
    """
    sets = _sets(rules)
    seen: dict[str, None] = {}
    for match in _pattern(sets).finditer(text):
        if _indexed(sets, match.group(1)):
            seen.setdefault(match.group(1), None)
    return list(seen)


def sub_outside(
    pattern: re.Pattern[str],
    repl: Callable[[re.Match[str]], str],
    text: str,
    skip: re.Pattern[str],
) -> str:
    """``pattern.sub(repl, ...)`` on the parts of ``text`` outside every match of ``skip``
    (links, tags, code spans), which stay as they are.

    >>> sub_outside(re.compile("a"), lambda m: "A", "a `a` a", re.compile("`[^`]*`"))
    'A `a` A'
    """
    out: list[str] = []
    last = 0
    for skipped in skip.finditer(text):
        out.append(pattern.sub(repl, text[last : skipped.start()]))
        out.append(skipped.group(0))
        last = skipped.end()
    out.append(pattern.sub(repl, text[last:]))
    return "".join(out)


def link_rules(
    markdown: str, page: str = RULES_PAGE, rules: RuleSet | Sequence[RuleSet] = SPEAKEASY_RULES
) -> str:
    """``markdown`` with every indexed rule ID of ``rules`` (one game's, Speakeasy's by
    default, or several) turned into a link to its entry on the rules page (opening in a new
    tab); IDs inside existing links, tags or code spans stay as they are, and so do IDs the
    index does not hold."""
    sets = _sets(rules)
    pattern = _pattern(sets)

    def link(match: re.Match[str]) -> str:
        rule_id = match.group(1)
        if not _indexed(sets, rule_id):
            return rule_id
        return (
            f'<a href="{rule_url(rule_id, page)}" target="_blank" class="rule-link">{rule_id}</a>'
        )

    return sub_outside(pattern, link, markdown, _SKIP)

"""One way to show an engine string in a notebook: escaped for Markdown (and its LaTeX) or HTML.

Every sentence the engine writes (prompts, option labels, refusals, log entries) can hold
``$`` (money), ``<`` (``defence 4 < 10``), ``*`` or ``~``; shown raw in ``mo.md`` or a Jupyter
Markdown cell, ``$3 … $`` becomes a formula and ``~~`` a strike-through. The notebooks pass
every engine string through :func:`md_text` (inside Markdown) or :func:`html_text` (inside
HTML), and count things with :func:`plural`.

>>> md_text("Open the distillery ($5: $1 pocket + $4 from the safe)")
'Open the distillery (\\\\$5: \\\\$1 pocket + \\\\$4 from the safe)'
>>> html_text("defence 4 < 10 for $5")
'defence 4 &lt; 10 for &#36;5'
>>> plural(2, "goon"), plural(1, "city token"), plural(2, "mafioso")
('2 goons', '1 city token', '2 mafiosi')
"""

from __future__ import annotations

import html
import re
from collections.abc import Sequence

from speakeasy.tools.citations import markdown_escape
from speakeasy.tools.glossary import Glossary, link_terms
from speakeasy.tools.rule_links import SPEAKEASY_RULES, RuleSet, link_rules

__all__ = ["counted", "html_text", "linked", "md_text", "plural", "split_label"]


def md_text(
    text: object, *, rule_links: bool = False, rules: RuleSet | Sequence[RuleSet] = SPEAKEASY_RULES
) -> str:
    """``text`` safe inside Markdown: no formula, emphasis, strike-through or raw HTML.

    ``<``, ``>``, ``&``, ``[`` and ``]`` become entities (a backslash before ``<`` shows
    literally in marimo's Markdown, and ``\\[…\\]`` is display maths), the other special
    characters are backslash-escaped, and so is a list, quote or heading marker at the start
    of a line (:func:`~speakeasy.tools.citations.markdown_escape`). With
    ``rule_links`` every rule ID becomes a link to its entry on the rules page.

    >>> md_text("defence 4 < 10 ~~ok~~")
    'defence 4 &lt; 10 \\\\~\\\\~ok\\\\~\\\\~'
    >>> md_text("$5 (R-MONEY-3)", rule_links=True)  # doctest: +ELLIPSIS
    '\\\\$5 (<a href="/rules/?id=R-MONEY-3" target="_blank" class="rule-link">R-MONEY-3</a>)'
    """
    out = markdown_escape(str(text))
    return link_rules(out, rules=rules) if rule_links else out


def linked(
    markdown: str,
    rules: RuleSet | Sequence[RuleSet] = SPEAKEASY_RULES,
    glossary: Glossary | Sequence[Glossary] = (),
) -> str:
    """A notebook's own Markdown (already safe) with every rule ID a link to the rules page:
    the one way a notebook shows rule IDs (``rules``: the game's, from its descriptor). With a
    ``glossary`` (the game's, from its descriptor) the first occurrence of each of its words is
    a link to its entry there too (:func:`~speakeasy.tools.glossary.link_terms`).

    >>> linked("checked in number order (R-CONTROL-2)")  # doctest: +ELLIPSIS
    'checked in number order (<a href="/rules/?id=R-CONTROL-2" ...>R-CONTROL-2</a>)'
    """
    out = link_rules(markdown, rules=rules)
    return link_terms(out, glossary) if glossary else out


def html_text(text: object) -> str:
    """``text`` safe inside HTML (a marimo ``mo.Html`` or Jupyter HTML output); ``$`` is an
    entity so that no renderer reads a formula in it."""
    return html.escape(str(text)).replace("$", "&#36;")


#: Plurals that do not just add an "s".
_IRREGULAR: dict[str, str] = {"mafioso": "mafiosi", "gangster bar": "gangster bars"}
_COUNTED = re.compile(r"\b(\d+)((?: [\w'-]+)*?) ([\w-]+)\(s\)")


def plural(n: int, word: str) -> str:
    """``"1 token"``, ``"2 tokens"``, ``"0 mafiosi"``: a count with its noun.

    >>> plural(1, "book"), plural(2, "book"), plural(3, "mafioso"), plural(0, "city token")
    ('1 book', '2 books', '3 mafiosi', '0 city tokens')
    >>> plural(2, "distillery"), plural(2, "key"), plural(2, "box")
    ('2 distilleries', '2 keys', '2 boxes')
    """
    if n == 1:
        return f"{n} {word}"
    head, _, last = word.rpartition(" ")
    if last in _IRREGULAR:
        many = _IRREGULAR[last]
    elif last.endswith("y") and last[-2:-1] not in ("a", "e", "i", "o", "u", ""):
        many = last[:-1] + "ies"
    elif last.endswith(("s", "x", "ch", "sh")):
        many = last + "es"
    else:
        many = last + "s"
    return f"{n} {head + ' ' if head else ''}{many}"


def counted(text: str) -> str:
    """Text with every ``"<n> word(s)"`` read as singular or plural by its number.

    >>> counted("gain 1 leverage token(s) and 2 book(s); hire 1 goon(s)")
    'gain 1 leverage token and 2 books; hire 1 goon'
    """

    def one(match: re.Match[str]) -> str:
        n, middle, word = int(match.group(1)), match.group(2), match.group(3)
        return plural(n, f"{middle.strip()} {word}".strip()) if middle else plural(n, word)

    return _COUNTED.sub(one, text)


def split_label(text: str, width: int = 40) -> tuple[str, str]:
    """A long option label as a short head (for a button) and the rest (a caption under it).

    The cut is the last ``": "``, ``" ("``, ``"; "`` or ``", "`` outside parentheses that
    keeps the head within ``width`` characters (else the last space).

    >>> split_label("Raise vip to 2")
    ('Raise vip to 2', '')
    >>> split_label("Build in district 3 (Downtown), space 1 (city token: gain 1 helper card(s))")
    ('Build in district 3 (Downtown), space 1', '(city token: gain 1 helper card(s))')
    >>> split_label("Play fleet-11 (fleet; reward: +2 truck range for this card's action)")
    ('Play fleet-11', "(fleet; reward: +2 truck range for this card's action)")
    """
    if len(text) <= width:
        return text, ""
    depth, cuts = 0, []
    for i, char in enumerate(text[: width + 1]):
        if depth == 0 and 0 < i and text[i : i + 2] in (": ", "; ", ", ", " ("):
            cuts.append(i)
        depth += {"(": 1, ")": -1}.get(char, 0)
    if not cuts:
        space = text.rfind(" ", 0, width)
        cuts = [space] if space > 0 else [width]
    cut = cuts[-1]
    return text[:cut].rstrip(), text[cut:].lstrip(" :;,")

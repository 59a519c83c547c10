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
from typing import Final

from speakeasy.explain.rule_links import link_rules
from speakeasy.model.effects import counted, plural

__all__ = ["counted", "html_text", "linked", "md_text", "plural"]


_MD_SPECIAL: Final = re.compile(r"([\\`*_$\[\]|~#])")
_ENTITIES: Final = {"&": "&amp;", "<": "&lt;", ">": "&gt;"}


def md_text(text: object, *, rule_links: bool = False) -> str:
    """``text`` safe inside Markdown: no formula, emphasis, strike-through or raw HTML.

    ``<``, ``>`` and ``&`` become entities (a backslash before ``<`` shows literally in
    marimo's Markdown), the other special characters are backslash-escaped. With
    ``rule_links`` every rule ID becomes a link to its entry on the rules page.

    >>> md_text("defence 4 < 10 ~~ok~~")
    'defence 4 &lt; 10 \\\\~\\\\~ok\\\\~\\\\~'
    >>> md_text("$5 (R-MONEY-3)", rule_links=True)  # doctest: +ELLIPSIS
    '\\\\$5 (<a href="/rules/?id=R-MONEY-3" target="_blank" class="rule-link">R-MONEY-3</a>)'
    """
    out = re.sub(r"[&<>]", lambda m: _ENTITIES[m.group(0)], str(text))
    out = _MD_SPECIAL.sub(r"\\\1", out)
    return link_rules(out) if rule_links else out


def linked(markdown: str) -> str:
    """A notebook's own Markdown (already safe) with every rule ID a link to the rules page:
    the one way a notebook shows rule IDs.

    >>> linked("checked in number order (R-CONTROL-2)")  # doctest: +ELLIPSIS
    'checked in number order (<a href="/rules/?id=R-CONTROL-2" ...>R-CONTROL-2</a>)'
    """
    return link_rules(markdown)


def html_text(text: object) -> str:
    """``text`` safe inside HTML (a marimo ``mo.Html`` or Jupyter HTML output); ``$`` is an
    entity so that no renderer reads a formula in it."""
    return html.escape(str(text)).replace("$", "&#36;")

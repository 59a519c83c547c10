"""Issue 25 B: Mafia City's rule texts read as plain English text wherever they are shown.

The rule lookup showed every location rule broken ("MC-HARBOUR-1 (", a large centred "2",
"Harbour): ..."): the section "[2] Harbour" was escaped as ``\\[2\\]``, which marimo reads as
display maths. And the type names of the Czech rulebook (AKCE, LOKACE, REAKCE) leaked into the
English summaries.
"""

from __future__ import annotations

import re
import tomllib

import marimo as mo
import pytest

from speakeasy.games.mafia_city.explain.log import load_rules_index, lookup_markdown
from speakeasy.tools.citations import markdown_escape
from speakeasy.tools.paths import data_path
from speakeasy.tools.text import md_text

#: Czech words that leaked into English texts (the card types of the Czech rulebook, and words
#: of its rules), matched as whole words in any case.
CZECH_WORDS = frozenset(
    {"akce", "lokace", "reakce", "karta", "karty", "hrac", "faze", "kolo", "tah", "zeton"}
)
#: Letters with Czech diacritics.
CZECH_LETTERS = re.compile("[áčďéěíňóřšťúůýžÁČĎÉĚÍŇÓŘŠŤÚŮÝŽ]")
#: The rulebook's proper nouns allowed in English text (none so far: the English reference
#: names every location and card in English).
PROPER_NOUNS: frozenset[str] = frozenset()


def english_texts() -> list[tuple[str, str, str]]:
    """(ID, field, text) of every English text of ``data/mafia_city/rules_index.toml``."""
    with data_path("mafia_city/rules_index.toml").open("rb") as f:
        raw = tomllib.load(f)
    return [
        (str(rule["id"]), field, str(rule[field]))
        for rule in raw["rule"]
        for field in ("section", "summary", "descriptive")
        if field in rule
    ]


def czech_in(text: str) -> list[str]:
    words = re.findall(r"[^\W\d_]+", text)
    found = [w for w in words if w.casefold() in CZECH_WORDS and w not in PROPER_NOUNS]
    found += [w for w in words if CZECH_LETTERS.search(w) and w not in PROPER_NOUNS]
    return found


def test_no_czech_word_or_letter_in_the_english_rule_texts() -> None:
    """Before: "LOKACE timing", "one AKCE text card", "Fist REAKCE"... in seven summaries."""
    texts = english_texts()
    assert len(texts) > 280
    leaks = {(rule_id, field): czech_in(text) for rule_id, field, text in texts}
    assert not {k: v for k, v in leaks.items() if v}


def test_the_scan_finds_what_leaked_before() -> None:
    assert czech_in("LOKACE timing: Secret Deals") == ["LOKACE"]
    assert czech_in("Action B: one AKCE text card") == ["AKCE"]
    assert czech_in("Práskač (Snitch)") == ["Práskač"]
    assert czech_in("Location-type timing; a reaction") == []


def rendered(markdown: str) -> str:
    """``markdown`` as marimo renders it (HTML)."""
    return str(mo.md(markdown).text)


@pytest.mark.parametrize("rule_id", [e.id for e in load_rules_index()])
def test_every_mafia_city_entry_renders_as_plain_text_in_the_lookup(rule_id: str) -> None:
    """No display maths, list, heading or quote: the section and the summary come out as the
    words they are (the location sections "[2] Harbour" broke every location rule)."""
    entry = load_rules_index()[rule_id]
    html = rendered(lookup_markdown(rule_id))
    for markup in ("arithmatex", "marimo-tex", "<ol", "<h1", "<h2", "<blockquote", "<code"):
        assert markup not in html, (rule_id, html)
    assert html.count("<li>") == 1 and rule_id in html
    section = re.sub(r"^[0-9.]+ ", "", entry.section)
    plain = re.sub(r"<[^>]+>", "", html).replace("&#91;", "[").replace("&#93;", "]")
    assert f"({section})" in plain.replace("&amp;", "&").replace("&quot;", '"')


@pytest.mark.parametrize(
    "text",
    [
        "2. Harbour comes second",
        "[2] Harbour",
        "- not a list",
        "# not a heading",
        "> not a quote",
        "1) nor this",
        "$5 and ~~this~~ or *that* at \\[x\\]",
    ],
)
def test_the_shared_escape_keeps_any_line_plain(text: str) -> None:
    """The one escaping helper (``markdown_escape``, used by ``md_text``) leaves no line that
    marimo would read as Markdown."""
    for escaped in (markdown_escape(text), md_text(text)):
        html = rendered(escaped)
        for markup in ("arithmatex", "marimo-tex", "<ol", "<ul", "<h1", "<blockquote", "<em"):
            assert markup not in html, (text, html)
        assert "<del" not in html and "<strong" not in html

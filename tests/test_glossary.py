"""The glossaries (issues 24 and 25: "a glossary reached from each term"): the shared tool
(:mod:`speakeasy.tools.glossary`: loading, lookup, linking), both games' data files, the rules
page finding a word by a synonym, and the play table and lessons of Mafia City (and Speakeasy's
lessons) linking their words to it."""

from __future__ import annotations

import importlib.util
import re
import tomllib
from pathlib import Path
from typing import Any

import marimo as mo
import pytest

from speakeasy import games
from speakeasy.app.rules_page import find_rules, find_terms, glossaries, term_entries, term_rules
from speakeasy.games.mafia_city.explain.log import RULES as MC_RULES
from speakeasy.games.mafia_city.table.play import Table
from speakeasy.games.mafia_city.table.play_panel import panel_view
from speakeasy.games.mafia_city.table.tutorial import LESSONS as MC_LESSONS
from speakeasy.games.mafia_city.table.tutorial import Tutorial as McTutorial
from speakeasy.games.speakeasy.table.play import Table as SpeakeasyTable
from speakeasy.games.speakeasy.table.play_panel import panel_view as speakeasy_panel_view
from speakeasy.tools.citations import markdown_escape
from speakeasy.tools.glossary import (
    Glossary,
    GlossaryEntry,
    GlossaryError,
    link_terms,
    load_glossary,
    slug_of,
    terms_in,
)
from speakeasy.tools.paths import data_path
from speakeasy.tools.rule_links import link_rules
from speakeasy.tools.text import linked

NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks"
LINK = re.compile(r'<a href="/rules/\?term=([a-z0-9-]+)"[^>]*class="term-link"[^>]*>([^<]*)</a>')


def _entry(term: str, *aliases: str, case: bool = False, definition: str = "") -> GlossaryEntry:
    return GlossaryEntry(
        term,
        slug_of(term),
        aliases,
        definition or f"What {term} means.",
        ("MC-FIG-7",),
        "rulebook: MC-FIG-7",
        match_case=case,
    )


DEMO = Glossary.of(
    "Demo",
    [
        _entry("Mayor", "mayors"),
        _entry("Cell", "jail", "jailed", case=True),
        _entry("Hat", "Hats", case=True),
        _entry("phase I"),
        _entry("phase II"),
        _entry("sole majority", "sole-majority"),
        _entry("costly", definition='Costs $5 *now* <b>"quoted"</b> [x] `code` & more.'),
    ],
)


def _links(html: str) -> list[tuple[str, str]]:
    return LINK.findall(html)


# ---------------------------------------------------------------------- lookup
def test_lookup_by_term_alias_or_slug_in_any_case() -> None:
    assert DEMO.get("mayor").term == "Mayor"  # type: ignore[union-attr]
    assert DEMO.get("MAYORS").term == "Mayor"  # type: ignore[union-attr]
    assert DEMO.get("  Jail ").term == "Cell"  # type: ignore[union-attr]
    assert DEMO.get("sole-majority").term == "sole majority"  # type: ignore[union-attr]
    assert DEMO.get("nobody") is None
    assert "JAILED" in DEMO and "prison" not in DEMO
    assert all(e.game == "Demo" for e in DEMO)


def test_find_ranks_an_exact_name_first() -> None:
    assert [e.term for e in DEMO.find("jail")] == ["Cell"]
    assert next(e.term for e in DEMO.find("phase II")) == "phase II"
    assert DEMO.find("nothing like it") == []


def test_a_name_two_entries_share_is_refused() -> None:
    with pytest.raises(ValueError, match="'jail' of 'Prison' is also a name of 'Cell'"):
        Glossary.of("Demo", [_entry("Cell", "jail"), _entry("Prison", "jail")])
    with pytest.raises(ValueError, match="slug"):
        Glossary.of("Demo", [_entry("F.B.I."), _entry("FBI")])


# ---------------------------------------------------------------------- linking
def test_only_the_first_occurrence_of_each_term_is_linked() -> None:
    out = link_terms("The Mayor moves; the mayor again; two mayors; the Mayor.", DEMO)
    assert _links(out) == [("mayor", "Mayor")]
    assert out.endswith("moves; the mayor again; two mayors; the Mayor.")


def test_seen_carries_the_first_occurrence_across_texts() -> None:
    seen: set[tuple[str, str]] = set()
    first = link_terms("the Mayor", DEMO, seen=seen)
    second = link_terms("the Mayor and the Cell", DEMO, seen=seen)
    assert _links(first) == [("mayor", "Mayor")]
    assert _links(second) == [("cell", "Cell")]


def test_no_link_inside_other_words_or_ids() -> None:
    text = "Mayoral Hatter that chat MC-HAT-1 /rules/?term=mayor phase III sole-majority-ish"
    assert _links(link_terms(text, DEMO)) == []


def test_the_longest_name_wins_and_phases_stay_apart() -> None:
    out = link_terms("phase II then phase I; a sole majority.", DEMO)
    assert _links(out) == [("phase-ii", "phase II"), ("phase-i", "phase I"),
                           ("sole-majority", "sole majority")]  # fmt: skip


def test_match_case_terms_link_only_as_written() -> None:
    assert _links(link_terms("a cell, a hat, the jail", DEMO)) == [("cell", "jail")]
    assert _links(link_terms("two Hats", DEMO)) == [("hat", "Hats")]


def test_no_link_inside_tags_links_code_or_headings() -> None:
    text = (
        '<b title="the Mayor">x</b> <a href="/x">the Mayor</a> [the Mayor](/y) `the Mayor` '
        "<button>Mayor</button> <h3>Mayor</h3> <summary>Mayor</summary> &mayor;"
    )
    assert link_terms(text, DEMO) == text
    # outside them it is linked, once
    assert _links(link_terms(text + " and the Mayor.", DEMO)) == [("mayor", "Mayor")]


def test_rule_links_and_term_links_leave_each_other_alone() -> None:
    text = markdown_escape("The Mayor (MC-HALL-3) picks; the Hat (MC-HAT-2).")
    both = link_terms(link_rules(text, rules=MC_RULES), DEMO)
    assert both.count('class="rule-link"') == 2
    assert _links(both) == [("mayor", "Mayor"), ("hat", "Hat")]
    assert link_rules(link_terms(text, DEMO), rules=MC_RULES) == both


def test_the_tooltip_is_escaped_for_html_and_markdown() -> None:
    out = link_terms("It is costly.", DEMO)
    title = re.search(r'title="([^"]*)"', out)
    assert title is not None
    for raw in ("$", "*", "<", ">", '"', "[", "]", "`"):
        assert raw not in title.group(1), raw
    assert "&lt;b&gt;&quot;quoted&quot;&lt;/b&gt;" in title.group(1)


def test_linked_text_survives_markdown() -> None:
    """Through marimo's Markdown the link stays one link with its whole title: nothing in the
    definition becomes a formula, emphasis or a tag."""
    text = markdown_escape("A costly $5 move: the Mayor *now*.")
    html = mo.md(link_terms(text, DEMO)).text
    assert html.count('class="term-link"') == 2
    assert 'href="/rules/?term=costly"' in html and 'href="/rules/?term=mayor"' in html
    assert "<em>" not in html and "katex" not in html and "<b>" not in html
    assert "What Mayor means." in html


def test_a_quoted_name_matches_its_html_escaped_form() -> None:
    plus = Glossary.of("Demo", [GlossaryEntry('"+1"', "plus-1", (), "A symbol.", ("X",),
                                              "rulebook: X")])  # fmt: skip
    assert _links(link_terms("play a &quot;+1&quot; now", plus)) == [("plus-1", "&quot;+1&quot;")]
    assert _links(link_terms('play a "+1" now', plus)) == [("plus-1", '"+1"')]


def test_terms_in_gives_a_text_only_page_what_it_links() -> None:
    found = terms_in(["The mayor sits in a cell; the Cell", "two Hats"], DEMO)
    assert set(found) == {"mayor", "cell", "hats"}
    assert found["mayor"]["href"] == "/rules/?term=mayor"
    assert found["cell"]["case"] is True and found["cell"]["as"] == ["Cell", "jail", "jailed"]
    assert found["hats"]["title"] == "Hat: What Hat means."


# ---------------------------------------------------------------------- loading
GOOD = """
[[term]]
term = "Mayor"
aliases = ["mayors"]
definition = "The figure won at City Hall. Its holder orders the locations."
rules = ["MC-FIG-7"]
source = "rulebook: MC-FIG-7"
"""


def _write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "glossary.toml"
    path.write_text(text, encoding="utf-8")
    return path


def test_a_good_file_loads_with_its_rules_checked(tmp_path: Path) -> None:
    glossary = load_glossary(_write(tmp_path, GOOD), "Mafia City", ["MC-FIG-7"])
    assert glossary.get("mayors").rules == ("MC-FIG-7",)  # type: ignore[union-attr]
    assert glossary.game == "Mafia City"


@pytest.mark.parametrize(
    ("change", "problem"),
    [
        (('definition = "The figure', 'nodefinition = "The figure'), "unknown field"),
        (('rules = ["MC-FIG-7"]', 'rules = ["MC-NOPE-1"]'), "not in the game's rules index"),
        (('rules = ["MC-FIG-7"]', "rules = []"), "at least one rule"),
        (('source = "rulebook: MC-FIG-7"', 'source = "somewhere"'), "source must be"),
        (('aliases = ["mayors"]', 'aliases = ["mayors", 3]'), "aliases must be a list"),
        (("orders the locations.", "orders. Two. Three. Four."), "one to three sentences"),
        (('term = "Mayor"', 'term = ""'), "term must be a non-empty string"),
    ],
)
def test_a_bad_file_names_the_term_and_the_problem(
    tmp_path: Path, change: tuple[str, str], problem: str
) -> None:
    bad = GOOD.replace(*change)
    assert bad != GOOD
    with pytest.raises(GlossaryError, match=problem) as raised:
        load_glossary(_write(tmp_path, bad), "Mafia City", ["MC-FIG-7"])
    assert str(raised.value).startswith(str(tmp_path / "glossary.toml"))
    assert "term 1" in str(raised.value)


def test_a_duplicate_alias_across_entries_is_refused(tmp_path: Path) -> None:
    twice = GOOD + GOOD.replace('term = "Mayor"', 'term = "Officer"')
    with pytest.raises(GlossaryError, match="'mayors' of 'Officer' is also a name of 'Mayor'"):
        load_glossary(_write(tmp_path, twice))


def test_an_empty_or_broken_file_is_refused(tmp_path: Path) -> None:
    with pytest.raises(GlossaryError, match="no \\[\\[term\\]\\] entries"):
        load_glossary(_write(tmp_path, "# nothing\n"))
    with pytest.raises(GlossaryError, match="unknown top-level"):
        load_glossary(_write(tmp_path, "extra = 1\n" + GOOD))


# ---------------------------------------------------------------------- both games' files
GAMES = ("speakeasy", "mafia-city")
FILES = {
    "speakeasy": data_path("glossary.toml"),
    "mafia-city": data_path("mafia_city", "glossary.toml"),
}


def _glossary(name: str) -> Glossary:
    load = games.load(name).glossary
    assert load is not None, f"{name}'s descriptor exposes no glossary"
    glossary = load()
    assert isinstance(glossary, Glossary)
    return glossary


@pytest.mark.parametrize("name", GAMES)
def test_each_game_ships_a_valid_glossary(name: str) -> None:
    game = games.load(name)
    glossary = _glossary(name)
    assert glossary.game == game.title and len(glossary) >= 40
    index = game.rules.index()
    names: list[str] = []
    for entry in glossary:
        assert entry.rules and all(r in index for r in entry.rules), entry.term
        assert entry.source.startswith("rulebook: ") and len(entry.source) > 12, entry.term
        assert 1 <= len(re.findall(r"(?<!\.[A-Z])[.!?](?=\s+[A-Z\"(]|$)", entry.definition)) <= 3
        assert not re.search(r"\b(?:R|MC|GAP|EMC)-[A-Z0-9-]*\d", entry.definition), entry.term
        names += [n.lower() for n in entry.names]
    assert len(names) == len(set(names)), "a term or alias appears twice"
    # the file is read as written: the loader holds every entry of the file
    raw = tomllib.loads(FILES[name].read_text(encoding="utf-8"))
    assert len(raw["term"]) == len(glossary)


def test_mafia_city_glossary_covers_the_words_of_its_table() -> None:
    glossary = _glossary("mafia-city")
    wanted = [
        "location", "stack", "control", "sole majority", "lowest token", "tie", "Cell", "jail",
        "Mayor", "Police Officer", "Secret Deal", "Hitman", "Hat", "Bullet", "Fist", "+1",
        "veto", "reaction", "pass", "phase I", "phase II", "phase III", "taking back", "VP",
    ]  # fmt: skip
    data = tomllib.loads(data_path("mafia_city", "game.toml").read_text(encoding="utf-8"))
    deck = tomllib.loads(data_path("mafia_city", "deck.toml").read_text(encoding="utf-8"))
    wanted += [loc["name"] for loc in data["location"]]  # Prison ... City Hall
    wanted += [kind["name"] for kind in deck["kind"]]  # every card kind
    missing = [w for w in wanted if w not in glossary]
    assert not missing, missing
    assert glossary.get("jail") is glossary.get("Cell")


def test_speakeasy_glossary_covers_the_words_of_its_lessons() -> None:
    glossary = _glossary("speakeasy")
    wanted = [
        "capo", "person", "mafioso", "building", "bar", "nightclub", "casino", "distillery",
        "truck", "ship", "port", "barrel", "notoriety", "leverage", "protection", "docks",
        "Lucky Luciano phase", "prologue", "gang war", "area control", "VIP area", "city token",
    ]  # fmt: skip
    locations = tomllib.loads(data_path("catalog", "locations.toml").read_text(encoding="utf-8"))
    wanted += [loc["name"] for loc in locations["location"]]
    missing = [w for w in wanted if w not in glossary]
    assert not missing, missing


# ---------------------------------------------------------------------- the rules page
def test_the_rules_page_finds_a_word_by_a_synonym() -> None:
    assert next((e.term, e.game) for e in find_terms("jail")) == ("Cell", "Mafia City")
    assert next(e.term for e in find_terms("capos")) == "capo"
    # the rules' own words never say "Harbor" or "victory points": the glossary's names do
    assert find_rules("Harbor") == [] and find_rules("victory points") == []
    assert next(e.id for e in find_rules("harbor", synonyms=True)) == "MC-HARBOUR-1"
    assert "MC-SCORE-1" in [e.id for e in find_rules("victory points", synonyms=True)]
    plain = [e.id for e in find_rules("jail")]
    jail = [e.id for e in find_rules("jail", synonyms=True)]
    assert jail[: len(plain)] == plain  # the words' own matches first, then the synonym's
    assert "MC-PRISON-7" in jail


def test_a_term_link_opens_every_games_entry_of_that_name() -> None:
    assert [e.game for e in term_entries("city-hall")] == ["Speakeasy", "Mafia City"]
    assert [e.term for e in term_entries("MAYOR")] == ["Mayor"]
    assert term_entries("no-such-word") == []
    mayor = term_entries("mayor")[0]
    assert [r.id for r in term_rules(mayor)] == list(mayor.rules)
    assert [g.game for g in glossaries()] == ["Speakeasy", "Mafia City"]


def _run_notebook(name: str) -> tuple[Any, dict[str, Any]]:
    spec = importlib.util.spec_from_file_location(name.replace(".", "_"), NOTEBOOKS / name)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    outputs, defs = module.app.run()
    return outputs, defs


def _html(output: Any) -> str:
    return str(getattr(output, "text", "") or "")


def test_the_rules_notebook_lists_the_glossary_of_both_games() -> None:
    outputs, defs = _run_notebook("rules.py")
    assert defs["asked_terms"] == [] and defs["term_matches"] == []
    shown = "".join(_html(o) for o in outputs)
    assert "Glossary of Speakeasy" in shown and "Glossary of Mafia City" in shown


# ---------------------------------------------------------------------- reached from each term
def test_the_mafia_city_panel_sends_its_words_to_link() -> None:
    table = Table.new({"red": "human", "blue": "random", "green": "random"}, seed=3)
    view = panel_view(table)
    terms = view["terms"]
    assert "vp" in terms and {"token", "tokens"} & set(terms), sorted(terms)  # players' lines
    assert all(t["href"].startswith("/rules/?term=") for t in terms.values())
    assert not [t for t in terms.values() if re.search(r"MC-[A-Z]+-\d", t["title"])]


def test_the_speakeasy_panel_sends_its_words_to_link() -> None:
    """Speakeasy's Play panel links its words as Mafia City's does (issue 24): the prompt, the
    options' captions and "since your last decision" (the page links the first of each word
    in a block; the buttons' own words stay plain)."""
    table = SpeakeasyTable.new({"purple": "human", "blue": "heuristic"}, seed=3)
    view = speakeasy_panel_view(table)
    terms = view["terms"]
    prompt = view["prompt"]["text"].lower()
    assert [name for name in terms if name in prompt], (prompt, sorted(terms))
    assert all(t["href"].startswith("/rules/?term=") for t in terms.values())
    assert all(t["slug"].startswith("Speakeasy:") for t in terms.values())
    # later, with bots' moves behind it: the words of "since your last decision" are sent too
    while not (view := speakeasy_panel_view(table))["since"]:
        table.choose(table.groups()[0].options[0])
    since = " ".join(
        " ".join([item["headline"], *item["lines"]]) for item in view["since"]["items"]
    ).lower()
    assert [name for name in view["terms"] if name in since], since


def test_a_mafia_city_lesson_text_links_its_words() -> None:
    glossary = _glossary("mafia-city")
    for lesson in MC_LESSONS:
        intro = linked(lesson.introduction.replace("$", "\\$"), MC_RULES, glossary)
        assert _links(intro), lesson.id
        # the text says the same thing: only links were added
        assert re.sub(r"<[^>]+>", "", intro) == lesson.introduction.replace("$", "\\$")
    feedback = McTutorial().attempt("place 2").feedback
    assert feedback is not None
    assert _links(linked(feedback.markdown(), MC_RULES, glossary))


def test_the_mafia_city_notebooks_show_linked_words() -> None:
    outputs, _ = _run_notebook("mafia_city_learn.py")
    learn = "".join(_html(o) for o in outputs)
    assert 'class="term-link"' in learn and "/rules/?term=" in learn
    outputs, _ = _run_notebook("mafia_city_play.py")
    play = "".join(_html(o) for o in outputs)
    assert 'class="term-link"' in play


#: The rules references, found beside the checkout (as tests/test_provenance_stated.py does).
HERE = Path(__file__).resolve()
REFERENCES = {
    "speakeasy": "speakeasy-rules.md",
    "mafia-city": "mafia-city-rules.md",
}


@pytest.mark.parametrize("name", GAMES)
def test_definitions_are_in_our_own_words(name: str) -> None:
    """No definition repeats seven words in a row of the rules reference."""
    found = [p / "shared" / "rules" / REFERENCES[name] for p in HERE.parents[1:4]]
    reference = next((p for p in found if p.is_file()), None)
    if reference is None:
        pytest.skip("the rules reference is not beside this checkout")
    words = re.findall(r"[a-z0-9']+", reference.read_text(encoding="utf-8").lower())
    runs = {tuple(words[i : i + 7]) for i in range(len(words) - 6)}
    copied = []
    for entry in _glossary(name):
        mine = re.findall(r"[a-z0-9']+", entry.definition.lower())
        copied += [
            f"{entry.term}: {' '.join(mine[i : i + 7])}"
            for i in range(len(mine) - 6)
            if tuple(mine[i : i + 7]) in runs
        ]
    assert not copied, copied

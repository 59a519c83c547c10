"""Issue 13 item 13: the rules page (``notebooks/rules.py``), its data and the links into it.

Every entry of ``data/rules_index.toml`` can be browsed (by area) and found (by ID and by
words); each is linked to the notebooks and shipped scenarios that show it, and every linked
notebook and scenario exists; explanations' rule IDs become links to ``/rules/?id=<ID>``; the
teacher's guide points to the rules page instead of a file outside the product.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from speakeasy import games
from speakeasy.app.rules_page import (
    NOTEBOOK_RULES,
    all_entries,
    area_of,
    find_entry,
    find_rules,
    game_of,
    rule_areas,
    rule_page,
)
from speakeasy.app.workshop import PAGES
from speakeasy.games.mafia_city.explain.log import load_rules_index as load_mc_rules_index
from speakeasy.games.speakeasy.positions.shipped import load_scenario
from speakeasy.games.speakeasy.table.tutorial import LESSONS, Tutorial
from speakeasy.tools.rule_links import link_rules, rule_ids_in, rule_url
from speakeasy.tools.rules_index import load_rules_index
from tests.support import assert_marimo_check, assert_runs_as_script, defining_modules

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOK = ROOT / "notebooks" / "rules.py"


def test_every_linked_notebook_exists_and_is_served_by_the_workshop() -> None:
    served = {s.slug: s for s in PAGES}
    for link in NOTEBOOK_RULES:
        assert (ROOT / "notebooks" / link.file).is_file(), link.file
        assert served[link.slug].file == link.file and served[link.slug].title == link.title
        entries = all_entries()  # of every game
        for rule in link.rules:  # every ID or area prefix names something in an index
            assert find_entry(rule) or any(e.prefix == rule for e in entries), (link.slug, rule)


def test_every_linked_scenario_exists_and_cites_the_rule() -> None:
    linked = 0
    for entry in load_rules_index():
        for scenario in rule_page(entry.id).scenarios:
            loaded = load_scenario(scenario.name)
            assert loaded.title == scenario.title
            cited = [*(loaded.question or {}).get("rules", ()), loaded.source]
            assert any(entry.id in str(c) for c in cited), (entry.id, scenario.name)
            linked += 1
    assert linked > 100
    assert {s.name for s in rule_page("E4").scenarios} == {"e04_police_casino_district_12"}


def test_the_learn_notebook_links_exactly_the_rules_its_lessons_teach() -> None:
    learn = next(n for n in NOTEBOOK_RULES if n.slug == "learn")
    taught = {r for entry in LESSONS for r in entry.rules}
    assert set(learn.rules) == taught
    assert "learn" in [n.slug for n in rule_page("R-PROTECT-2").notebooks]


def test_every_entry_is_in_one_area_and_found_by_its_id() -> None:
    index = load_rules_index()
    areas = rule_areas()
    listed = [e.id for entries in areas.values() for e in entries]
    every = [e.id for e in all_entries()]  # Speakeasy's, then the other games'
    assert sorted(listed) == sorted(every) and len(listed) == len(every)
    assert set(index.ids) <= set(listed)
    for entry in index:
        assert entry in areas[area_of(entry)]
        assert find_rules(entry.id.lower()) == [entry]
        assert rule_page(entry.id.lower()).entry == entry
    assert [e.id for e in find_rules("R-TRUCK-7", area="Area control")] == []
    assert find_rules("casino income")[0].id == "R-ORDER-5"
    with pytest.raises(KeyError, match=r"R-TRUCK has R-TRUCK-1\.\.R-TRUCK-14"):
        rule_page("R-TRUCK-99")


def test_explanations_link_their_rule_ids_into_the_rules_page() -> None:
    feedback = Tutorial().attempt("capo contractors 0").feedback
    assert feedback is not None
    linked = link_rules(feedback.markdown())
    assert f'<a href="{rule_url("R-TURN-4")}" target="_blank" class="rule-link">R-TURN-4</a>' in (
        linked
    )
    assert rule_ids_in(linked) == rule_ids_in(feedback.markdown())
    assert link_rules(linked) == linked  # idempotent: links are not linked again
    assert link_rules("`R-TURN-4` E99 xR-TURN-4") == "`R-TURN-4` E99 xR-TURN-4"


def test_the_teachers_guide_points_to_the_rules_page() -> None:
    guide = (ROOT / "docs" / "teachers_guide.md").read_text("utf-8")
    assert "shared/rules" not in guide and "speakeasy-rules.md" not in guide
    assert "/rules/" in guide and "The rules" in guide


def test_rules_notebook_runs_as_a_script_and_passes_marimo_check() -> None:
    assert_runs_as_script(NOTEBOOK)
    assert_marimo_check(NOTEBOOK)


def test_rules_notebook_is_presentation_only() -> None:
    imported = defining_modules(NOTEBOOK.read_text(encoding="utf-8"))
    assert "speakeasy.app.rules_page" in imported
    assert not [
        m
        for m in imported
        if m.startswith(("speakeasy.games.speakeasy.rules", "speakeasy.games.speakeasy.engine"))
    ]


def test_the_rules_notebook_opens_the_rule_of_its_link() -> None:
    """Run in-process: without ?id the first entry is picked; every entry is listed."""
    import importlib.util

    spec = importlib.util.spec_from_file_location("rules_notebook", NOTEBOOK)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    _, defs = module.app.run()
    assert len(defs["matches"]) == len(all_entries()) > len(load_rules_index())
    assert defs["asked"] is None
    assert defs["rule_picker"].value == load_rules_index().ids[0]


# ---------------------------------------------------------------------- issue 25: both games
MC_INDEX = load_mc_rules_index()


def test_the_rules_page_holds_every_game_each_entry_labelled_with_its_game() -> None:
    """Issue 25: the page held no Mafia City rule (0 results for "hitman"); now every entry of
    every registered game is listed once, found by its ID and labelled with its game."""
    entries = all_entries()
    assert len(entries) == len(load_rules_index()) + len(MC_INDEX)
    assert len({e.id for e in entries}) == len(entries)  # the games' IDs never collide
    for entry in MC_INDEX:
        assert find_entry(entry.id.lower()) is entry
        page = rule_page(entry.id.lower())
        assert (page.entry, page.game) == (entry, "Mafia City")
        assert area_of(entry).startswith("Mafia City: ")
        assert entry in rule_areas()[area_of(entry)]
    assert game_of(load_rules_index()["R-TRUCK-7"]) == "Speakeasy"
    hitman = [e.id for e in find_rules("hitman")]
    assert hitman and all(i.startswith(("MC-", "EMC-", "GAP-MC-", "DISC-MC-")) for i in hitman)
    assert "MC-HITMAN-1" in hitman
    assert [e.id for e in find_rules("MC-HARBOUR-1")] == ["MC-HARBOUR-1"]
    unknown = "MC-HARBOUR-" + "99"  # well formed, not indexed
    assert find_rules(unknown) == []
    with pytest.raises(KeyError, match="MC-HARBOUR has"):
        rule_page(unknown)


def test_every_mafia_city_entry_is_shown_by_a_notebook_that_exists() -> None:
    """The Mafia City notebooks are linked from the rules of the game they show."""
    slugs = {n.slug for n in NOTEBOOK_RULES}
    assert {"mafia-city-play", "mafia-city-control"} <= slugs
    for entry in MC_INDEX.of_kind("rule"):
        assert rule_page(entry.id).notebooks, entry.id
    assert "mafia-city-control" in [n.slug for n in rule_page("MC-CTRL-3").notebooks]


def test_mafia_city_rule_ids_link_to_the_rules_page() -> None:
    """A Mafia City rule ID becomes a link through the game's own rule set (its descriptor's),
    exactly as Speakeasy's do; an unknown ID stays plain text."""
    rules = games.load("mafia-city").rules
    text = "Refused (MC-HAT-3); see EMC-6, GAP-MC-12 and MC-" + "NOPE-1, R-TRUCK-7."
    shown = link_rules(text, rules=rules)
    assert re.findall(r'<a href="/rules/\?id=([^"]+)"', shown) == ["MC-HAT-3", "EMC-6", "GAP-MC-12"]
    assert rule_ids_in(text, rules) == ["MC-HAT-3", "EMC-6", "GAP-MC-12"]
    both = link_rules(text, rules=[games.load(n).rules for n in games.names()])
    assert "?id=R-TRUCK-7" in both and "NOPE-1<" not in both

"""Issue 13 item 13: the rules page (``notebooks/rules.py``), its data and the links into it.

Every entry of ``data/rules_index.toml`` can be browsed (by area) and found (by ID and by
words); each is linked to the notebooks and shipped scenarios that show it, and every linked
notebook and scenario exists; explanations' rule IDs become links to ``/rules/?id=<ID>``; the
teacher's guide points to the rules page instead of a file outside the product.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from speakeasy.app.rules_page import NOTEBOOK_RULES, area_of, find_rules, rule_areas, rule_page
from speakeasy.app.workshop import PAGES
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
        index = load_rules_index()
        for rule in link.rules:  # every ID or area prefix names something in the index
            assert rule in index or any(e.prefix == rule for e in index), (link.slug, rule)


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
    assert sorted(listed) == sorted(index.ids) and len(listed) == len(index)
    for entry in index:
        assert entry in areas[area_of(entry)]
        assert find_rules(entry.id.lower())[0] == entry
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
    assert len(defs["matches"]) == len(load_rules_index())
    assert defs["asked"] is None
    assert defs["rule_picker"].value == load_rules_index().ids[0]

"""The gang-war notebook: runs as a script, passes ``marimo check``, studies the E3 building by
default with engine-checked exercises, and keeps rules and game logic out of its cells."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

from tests.support import assert_marimo_check, assert_runs_as_script, defining_modules

NOTEBOOK = Path(__file__).resolve().parent.parent / "notebooks" / "gang_war.py"


def _load() -> ModuleType:
    spec = importlib.util.spec_from_file_location("gang_war_notebook", NOTEBOOK)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_gang_war_notebook_runs_as_a_script() -> None:
    assert_runs_as_script(NOTEBOOK)


def test_gang_war_notebook_passes_marimo_check() -> None:
    assert_marimo_check(NOTEBOOK)


def test_importing_the_notebook_only_defines_the_app() -> None:
    import marimo

    module = _load()
    assert {n for n in vars(module) if not n.startswith("_")} == {"marimo", "app"}
    assert isinstance(module.app, marimo.App)
    assert module.app._config.app_title == "Speakeasy · gang war"


def test_the_default_view_studies_e3() -> None:
    """Run in-process: the E3 position before its war, Purple's bar first (it cannot hold at
    war strength 8, E3), the Act 2 deck C, a table and a chart, and exercises whose answers
    the study computed (R-GANGWAR-6, R-COMBAT-2)."""
    _, defs = _load().app.run()
    assert defs["position_key"] == "scenario:e03_gang_war_district_14"
    study = defs["study"]
    assert (study.district, study.space, study.act, study.deck) == (14, 0, 2, "C")
    assert defs["act_picker"].value == 2 and defs["building_picker"].value == "14:0"
    assert study.survival == 0
    assert len(defs["tile_chart"].data[0].x) == len(study.tiles)
    exercises = defs["exercises"]
    assert 2 <= len(exercises) <= 3
    assert exercises[0].expected == 8 and exercises[0].check("8").correct
    assert len(defs["answers"].value) == len(exercises)
    # The map click handler gets the district from the drawn figure.
    assert "districts" in [trace.name for trace in defs["war_map"].data]


def test_the_notebook_imports_no_rules_module() -> None:
    """Presentation only: the study comes from speakeasy.games.speakeasy.studies.gang_war,
    figures from viz."""
    imported = defining_modules(NOTEBOOK.read_text(encoding="utf-8"))
    assert "speakeasy.games.speakeasy.studies.gang_war" in imported
    assert not [
        m
        for m in imported
        if m.startswith(
            ("speakeasy.games.speakeasy.rules.", "speakeasy.games.speakeasy.engine.game")
        )
    ]
    text = NOTEBOOK.read_text(encoding="utf-8")
    for rules_call in ("best_defence(", "war_strength =", "gang_war("):
        assert rules_call not in text, rules_call

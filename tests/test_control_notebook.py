"""The area-control notebook: runs as a script, passes ``marimo check``, computes the default
position's verdicts, tracks, payouts and flips in-process, and keeps rules out of its cells.

Its own ``test_*`` cells are collected from ``notebooks/`` by the pytest configuration.
"""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

from tests.support import assert_marimo_check, assert_runs_as_script, defining_modules

NOTEBOOK = Path(__file__).resolve().parent.parent / "notebooks" / "control.py"


def _load() -> ModuleType:
    spec = importlib.util.spec_from_file_location("control_notebook", NOTEBOOK)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_control_notebook_runs_as_a_script() -> None:
    assert_runs_as_script(NOTEBOOK)


def test_control_notebook_passes_marimo_check() -> None:
    assert_marimo_check(NOTEBOOK)


def test_importing_the_notebook_only_defines_the_app() -> None:
    import marimo

    module = _load()
    assert {n for n in vars(module) if not n.startswith("_")} == {"marimo", "app"}
    assert isinstance(module.app, marimo.App)
    assert module.app._config.app_title == "Speakeasy · area control"


def test_the_default_position_is_e4_with_district_12_selected() -> None:
    """Run in-process: E4 (R-CONTROL-5) with its three flips and the Midtown gangster step."""
    _, defs = _load().app.run()
    assert defs["start_key"] == "scenario:e04_police_casino_district_12"
    assert defs["selected"] == 12
    assert defs["control"].rule == "R-CONTROL-5"
    assert "The gangsters control district 12" in defs["verdict"]
    assert '?id=R-CONTROL-5" target="_blank" class="rule-link">R-CONTROL-5</a>)' in defs["verdict"]
    assert [f.edit.label for f in defs["found"]] == [
        "Remove the police figure from district 12",
        "Protect Yellow's casino in district 12 with a mafioso",
        "Remove a gangster bar from district 12",
    ]
    assert defs["exploration"].steps == ()
    midtown = defs["study"].area("midtown")
    assert midtown.move(None).after == 1
    assert len(defs["exercises"]) == 3
    assert "Remove the police figure" in defs["police_button"].text


def test_the_notebook_imports_no_rules_module() -> None:
    """Presentation only: control, tracks, payouts, edits and flips come from
    speakeasy.games.speakeasy.studies.control."""
    imported = defining_modules(NOTEBOOK.read_text(encoding="utf-8"))
    assert "speakeasy.games.speakeasy.studies.control" in imported
    assert not [
        m
        for m in imported
        if m.startswith(
            ("speakeasy.games.speakeasy.rules", "speakeasy.games.speakeasy.engine.game")
        )
    ]

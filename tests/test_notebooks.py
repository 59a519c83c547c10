"""Notebook-level checks: the marimo app runs as a script and the .ipynb is committed clean.

The marimo notebook's own ``test_*`` cells and the executed .ipynb (nbmake) are collected from
``notebooks/`` by the pytest configuration; the browser test is in ``test_browser.py``.
"""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from tests.support import assert_marimo_check, assert_runs_as_script, defining_modules

NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks"
MARIMO_NOTEBOOK = NOTEBOOKS / "truck_routes.py"
JUPYTER_NOTEBOOK = NOTEBOOKS / "truck_routes.ipynb"


def _load_marimo_module() -> ModuleType:
    spec = importlib.util.spec_from_file_location("truck_routes_notebook", MARIMO_NOTEBOOK)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_marimo_notebook_runs_as_a_script() -> None:
    assert_runs_as_script(MARIMO_NOTEBOOK)


def test_marimo_notebook_passes_marimo_check() -> None:
    assert_marimo_check(MARIMO_NOTEBOOK)


def test_importing_the_marimo_notebook_only_defines_the_app() -> None:
    import marimo

    module = _load_marimo_module()
    public = {name for name in vars(module) if not name.startswith("_")}
    assert public == {"marimo", "app"}
    assert isinstance(module.app, marimo.App)


def test_marimo_notebook_builds_the_default_view() -> None:
    """Run in-process: the cells define the widgets and the view for the default choice."""
    _, defs = _load_marimo_module().app.run()
    view = defs["view"]
    assert (view.settings.start, view.settings.destination) == (4, 12)
    assert view.truck_range.trucks == 2  # fleet level 3 (R-TRUCK-3)
    assert defs["click_sets"].value == "start"
    assert defs["start_picker"].value == 4
    plan_view = defs["plan_view"]  # the planner section: a bot game, the first player
    assert plan_view.colour.value == "purple" and plan_view.route == ()
    assert len(plan_view.steps) == len(plan_view.plan.actions()) + 1
    questions = {ex.key: ex for ex in defs["truck_questions"]}  # the exercises section
    assert questions["delivered"].expected == plan_view.plan.delivered
    assert len(defs["truck_answers"].value) == len(questions)


def _ipynb() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(JUPYTER_NOTEBOOK.read_text(encoding="utf-8"))
    return data


def test_ipynb_is_committed_without_outputs() -> None:
    nb = _ipynb()
    code = [c for c in nb["cells"] if c["cell_type"] == "code"]
    assert code
    for cell in code:
        assert cell["outputs"] == []
        assert cell["execution_count"] is None
    assert nb["metadata"]["kernelspec"]["name"] == "python3"


def test_ipynb_is_valid_nbformat() -> None:
    nbformat = pytest.importorskip("nbformat")
    nbformat.validate(nbformat.read(str(JUPYTER_NOTEBOOK), as_version=4))


@pytest.mark.parametrize("path", [MARIMO_NOTEBOOK, JUPYTER_NOTEBOOK], ids=lambda p: p.suffix)
def test_notebooks_share_the_view_module(path: Path) -> None:
    """Both notebooks get their view from speakeasy.games.speakeasy.figures.truck_explorer (no
    rules in notebooks)."""
    text = path.read_text(encoding="utf-8")
    if path.suffix == ".ipynb":
        cells = json.loads(text)["cells"]
        text = "\n".join("".join(c["source"]) for c in cells if c["cell_type"] == "code")
    assert "speakeasy.games.speakeasy.figures.truck_explorer" in defining_modules(text)
    assert "build_view" in text
    for rules_call in ("truck_range(", "shortest_routes(", "explain_reach(", ".reachable("):
        assert rules_call not in text, rules_call

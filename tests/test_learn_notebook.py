"""The learn notebook runs as a script and keeps the rules out of its cells.

Its own ``test_*`` cells are collected from ``notebooks/`` by the pytest configuration; the
browser test is in ``test_browser_learn.py``.
"""

from __future__ import annotations

from pathlib import Path

from tests.support import assert_marimo_check, assert_runs_as_script, defining_modules

NOTEBOOK = Path(__file__).resolve().parent.parent / "notebooks" / "learn.py"


def test_learn_notebook_runs_as_a_script() -> None:
    assert_runs_as_script(NOTEBOOK)


def test_learn_notebook_imports_no_rules_module() -> None:
    imported = defining_modules(NOTEBOOK.read_text(encoding="utf-8"))
    assert "speakeasy.games.speakeasy.table.tutorial" in imported
    assert not [m for m in imported if m.startswith("speakeasy.games.speakeasy.rules")], imported
    assert "speakeasy.games.speakeasy.rules" not in NOTEBOOK.read_text(encoding="utf-8").replace(
        "speakeasy.tools.rules_index", ""
    )


def test_learn_notebook_passes_marimo_check() -> None:
    assert_marimo_check(NOTEBOOK)

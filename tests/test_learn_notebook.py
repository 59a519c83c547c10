"""The learn notebook runs as a script and keeps the rules out of its cells.

Its own ``test_*`` cells are collected from ``notebooks/`` by the pytest configuration; the
browser test is in ``test_browser_learn.py``.
"""

from __future__ import annotations

import ast
from pathlib import Path

from tests.support import assert_marimo_check, assert_runs_as_script

NOTEBOOK = Path(__file__).resolve().parent.parent / "notebooks" / "learn.py"


def test_learn_notebook_runs_as_a_script() -> None:
    assert_runs_as_script(NOTEBOOK)


def test_learn_notebook_imports_no_rules_module() -> None:
    tree = ast.parse(NOTEBOOK.read_text(encoding="utf-8"))
    imported: list[str] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module:
            imported.append(node.module)
            imported.extend(f"{node.module}.{alias.name}" for alias in node.names)
        elif isinstance(node, ast.Import):
            imported.extend(alias.name for alias in node.names)
    assert "speakeasy.ui.tutorial" in imported
    assert not [m for m in imported if m.startswith("speakeasy.rules")], imported
    assert "speakeasy.rules" not in NOTEBOOK.read_text(encoding="utf-8").replace(
        "speakeasy.explain.rules_index", ""
    )


def test_learn_notebook_passes_marimo_check() -> None:
    assert_marimo_check(NOTEBOOK)

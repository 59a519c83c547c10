"""The learn notebook runs as a script and keeps the rules out of its cells.

Its own ``test_*`` cells are collected from ``notebooks/`` by the pytest configuration; the
browser test is in ``test_browser_learn.py``.
"""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

NOTEBOOK = Path(__file__).resolve().parent.parent / "notebooks" / "learn.py"


def test_learn_notebook_runs_as_a_script() -> None:
    done = subprocess.run(
        [sys.executable, str(NOTEBOOK)],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
        cwd=NOTEBOOK.parent.parent,
    )
    assert done.returncode == 0, done.stderr
    assert "Traceback" not in done.stderr, done.stderr


def test_learn_notebook_imports_no_rules_module() -> None:
    tree = ast.parse(NOTEBOOK.read_text(encoding="utf-8"))
    imported: list[str] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module:
            imported.append(node.module)
            imported.extend(f"{node.module}.{alias.name}" for alias in node.names)
        elif isinstance(node, ast.Import):
            imported.extend(alias.name for alias in node.names)
    assert "speakeasy.tutorial" in imported
    assert not [m for m in imported if m.startswith("speakeasy.rules")], imported
    assert "speakeasy.rules" not in NOTEBOOK.read_text(encoding="utf-8").replace(
        "speakeasy.rules_index", ""
    )


def test_learn_notebook_passes_marimo_check() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "marimo", "check", "--strict", str(NOTEBOOK)],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stdout + done.stderr

"""The strategies notebook: runs as a script, passes ``marimo check``, plays the default batch
and keeps rules and game logic out of its cells.

Its own ``test_*`` cells are collected from ``notebooks/`` by the pytest configuration.
"""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

from tests.support import assert_marimo_check, assert_runs_as_script, defining_modules

NOTEBOOK = Path(__file__).resolve().parent.parent / "notebooks" / "strategies.py"


def _load() -> ModuleType:
    spec = importlib.util.spec_from_file_location("strategies_notebook", NOTEBOOK)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_strategies_notebook_runs_as_a_script() -> None:
    assert_runs_as_script(NOTEBOOK)


def test_strategies_notebook_passes_marimo_check() -> None:
    assert_marimo_check(NOTEBOOK)


def test_importing_the_notebook_only_defines_the_app() -> None:
    import marimo

    module = _load()
    assert {n for n in vars(module) if not n.startswith("_")} == {"marimo", "app"}
    assert isinstance(module.app, marimo.App)


def test_the_default_batch_is_small_and_shown() -> None:
    """Run in-process: 10 two-player games, one heuristic bot against a random one; the
    discussion cites the money sources by rule ID (R-PAYOUT-1, R-BOOKS-2...)."""
    _, defs = _load().app.run()
    records = defs["records"]
    assert len(records) == 10
    assert defs["players"] == 2
    assert defs["bots"] == ("heuristic", "random")
    text = defs["discussion"](records)
    assert "**heuristic**" in text and "(R-" in text


def test_the_notebook_imports_no_rules_module() -> None:
    """Presentation only: batch runs and figures come from speakeasy.tools.batch and
    speakeasy.games.speakeasy.figures.strategy_figures."""
    imported = defining_modules(NOTEBOOK.read_text(encoding="utf-8"))
    assert "speakeasy.tools.batch" in imported
    assert "speakeasy.games.speakeasy.figures.strategy_figures" in imported
    assert not [
        m
        for m in imported
        if m.startswith(
            ("speakeasy.games.speakeasy.rules", "speakeasy.games.speakeasy.engine.game")
        )
    ]

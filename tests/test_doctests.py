"""Run the doctest examples in every module of the package (they are documentation too)."""

from __future__ import annotations

import doctest
import importlib
import pkgutil
from pathlib import Path

import pytest

import speakeasy

MODULES = sorted(m.name for m in pkgutil.walk_packages(speakeasy.__path__, prefix="speakeasy."))


@pytest.mark.parametrize("name", MODULES)
def test_doctests(name: str) -> None:
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    assert result.failed == 0, f"{result.failed} doctest(s) failed in {name}"


def test_doctests_exist() -> None:
    """The public modules document themselves with runnable examples."""
    counted = {
        name: sum(
            len(t.examples) for t in doctest.DocTestFinder().find(importlib.import_module(name))
        )
        for name in (
            "speakeasy.games.speakeasy.model.board",
            "speakeasy.games.speakeasy.model.provenance",
            "speakeasy.games.speakeasy.model.effects",
        )
    }
    assert all(n > 0 for n in counted.values()), counted


def test_readme_examples() -> None:
    """The README's code examples run as written."""
    readme = Path(__file__).resolve().parent.parent / "README.md"
    result = doctest.testfile(str(readme), module_relative=False, optionflags=doctest.ELLIPSIS)
    assert result.attempted > 0
    assert result.failed == 0

"""The rules layer shows other layers only its public names.

Every module of ``speakeasy/games/speakeasy/rules/`` (its subpackages included) lists its
public names in ``__all__``; code outside the rules (the rest of the package, the tests, the
notebooks) imports only those, never a private ``_name``. Checked by reading the sources with
:mod:`ast`, so nothing is imported to check.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
RULES = ROOT / "speakeasy" / "games" / "speakeasy" / "rules"
OUTSIDE = sorted(
    p
    for folder in ("speakeasy", "tests", "notebooks")
    for p in (ROOT / folder).rglob("*.py")
    if RULES not in p.parents
)


def _all(path: Path) -> list[str] | None:
    """The module's ``__all__`` as written, or None when it has none."""
    for node in ast.parse(path.read_text(encoding="utf-8")).body:
        if isinstance(node, ast.Assign) and any(
            isinstance(t, ast.Name) and t.id == "__all__" for t in node.targets
        ):
            names = ast.literal_eval(node.value)
            assert isinstance(names, list), path
            return [str(n) for n in names]
    return None


def _defined(path: Path) -> set[str]:
    """Names bound at the top level of a module (definitions, assignments, imports)."""
    found: set[str] = set()
    for node in ast.parse(path.read_text(encoding="utf-8")).body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            found.add(node.name)
        elif isinstance(node, ast.Assign):
            found |= {t.id for t in node.targets if isinstance(t, ast.Name)}
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            found.add(node.target.id)
        elif isinstance(node, (ast.Import, ast.ImportFrom)):
            found |= {(a.asname or a.name).split(".")[0] for a in node.names}
    return found


def _module(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


RULES_MODULES = {_module(p): p for p in sorted(RULES.rglob("*.py"))}


def _rules_imports() -> Iterator[tuple[Path, int, str, str]]:
    """(file, line, rules module, name) for every name imported from the rules elsewhere, and
    every attribute read from a rules module imported whole."""
    for path in OUTSIDE:
        tree = ast.parse(path.read_text(encoding="utf-8"))
        aliases: dict[str, str] = {}
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and node.module in RULES_MODULES:
                for alias in node.names:
                    module = f"{node.module}.{alias.name}"
                    if module in RULES_MODULES:  # a rules module (or package) imported whole
                        aliases[alias.asname or alias.name] = module
                    else:
                        yield path, node.lineno, node.module, alias.name
            elif isinstance(node, ast.Import):
                for alias in node.names:
                    if alias.name in RULES_MODULES and alias.asname:
                        aliases[alias.asname] = alias.name
        for node in ast.walk(tree):
            if (
                isinstance(node, ast.Attribute)
                and isinstance(node.value, ast.Name)
                and node.value.id in aliases
            ):
                yield path, node.lineno, aliases[node.value.id], node.attr


IMPORTS = list(_rules_imports())


@pytest.mark.parametrize("module", sorted(RULES_MODULES))
def test_every_rules_module_lists_its_public_names(module: str) -> None:
    path = RULES_MODULES[module]
    names = _all(path)
    assert names is not None, f"{module} has no __all__"
    assert len(names) == len(set(names)), f"{module}: a name is listed twice"
    assert not [n for n in names if n.startswith("_")], f"{module} lists a private name"
    missing = set(names) - _defined(path)
    assert not missing, f"{module}.__all__ names what it does not define: {sorted(missing)}"


def test_nothing_outside_the_rules_imports_a_private_rules_name() -> None:
    private = [
        f"{path.relative_to(ROOT)}:{line}: {module}.{name}"
        for path, line, module, name in IMPORTS
        if name.startswith("_")
    ]
    assert not private, "\n".join(private)


def test_every_rules_name_used_elsewhere_is_in_its_modules_all() -> None:
    unlisted = [
        f"{path.relative_to(ROOT)}:{line}: {module}.{name}"
        for path, line, module, name in IMPORTS
        if name not in (_all(RULES_MODULES[module]) or [])
    ]
    assert not unlisted, "\n".join(unlisted)


def test_the_check_sees_the_imports() -> None:
    """The scan finds the rules names the studies are known to use."""
    found = {(module, name) for _, _, module, name in IMPORTS}
    assert ("speakeasy.games.speakeasy.rules.luciano", "district_control") in found
    assert ("speakeasy.games.speakeasy.rules.delivery", "may_receive_barrel") in found

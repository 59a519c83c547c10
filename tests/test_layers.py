"""The package is one house in layers: data flows one way and nothing leans sideways.

Floors, lowest first (a module imports only from its own floor or lower ones)::

    core -> tools -> games/<game>/{model -> rules -> engine -> positions -> explain -> studies
         -> descriptor -> figures -> table} -> games (the registry) -> app -> speakeasy (the face)

``core`` is the game-agnostic engine: it imports nothing else of the package. ``tools`` are
shared by every game and import only ``core``. Every game lives in its own folder under
``speakeasy/games/`` with the same rooms under the same names, and imports only ``core``,
``tools`` and itself: never another game. The registry (:mod:`speakeasy.games`) finds a game by
name and imports its descriptor when asked. The import graph is read from the source with
:mod:`ast` (nothing is run), so a deferred import inside a function counts as well: apart from
the Jupyter repr of a game (``engine -> figures``, the python-chess pattern) and optional heavy
third-party dependencies, every import sits at the top of its module.
"""

from __future__ import annotations

import ast
import json
import sys
from dataclasses import dataclass
from pathlib import Path

import networkx as nx
import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "speakeasy"
NOTEBOOKS = ROOT / "notebooks"
#: The rooms every game has, lowest first (``descriptor`` is one module, the others packages).
ROOMS = (
    "model",
    "rules",
    "engine",
    "positions",
    "explain",
    "studies",
    "descriptor",
    "figures",
    "table",
)
GAMES = tuple(
    sorted(p.name for p in (PACKAGE / "games").iterdir() if (p / "__init__.py").is_file())
)
#: Floors, lowest first; a game's rooms stand between ``tools`` and the registry.
LAYERS = ("core", "tools", *(f"game.{room}" for room in ROOMS), "games", "app")
#: Third-party packages heavy enough to import only where they are used.
HEAVY = frozenset(
    {"plotly", "jsonschema", "dask", "distributed", "marimo", "ipywidgets", "anywidget", "IPython"}
)
#: (importing module, imported module prefix): the lazy Jupyter repr of a Game.
LAZY_ALLOWED = frozenset(
    {
        ("speakeasy.games.speakeasy.engine.game", "speakeasy.games.speakeasy.figures"),
        # the registry imports a game's descriptor by name, when asked (speakeasy.games.load)
    }
)


@dataclass(frozen=True)
class Import:
    module: str  # the importing module
    target: str  # the imported module (``from a.b import c`` -> a.b, or a.b.c if a module)
    names: tuple[str, ...]
    line: int
    deferred: bool  # inside a function or method
    type_only: bool  # under ``if TYPE_CHECKING:``


def module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


MODULES = {module_name(p): p for p in sorted(PACKAGE.rglob("*.py"))}


def _resolve(module: str, node: ast.ImportFrom) -> str:
    if not node.level:
        return node.module or ""
    is_package = MODULES[module].name == "__init__.py"
    base = module.split(".")
    base = base if is_package else base[:-1]
    base = base[: len(base) - node.level + 1]
    return ".".join([*base, *([node.module] if node.module else [])])


def imports_of(module: str) -> list[Import]:
    tree = ast.parse(MODULES[module].read_text(encoding="utf-8"))
    found: list[Import] = []

    def visit(node: ast.AST, deferred: bool, type_only: bool) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.Import):
                found.extend(
                    Import(module, a.name, (), child.lineno, deferred, type_only)
                    for a in child.names
                )
            elif isinstance(child, ast.ImportFrom):
                target = _resolve(module, child)
                names = tuple(a.name for a in child.names)
                for name in names:
                    sub = f"{target}.{name}"
                    found.append(
                        Import(
                            module,
                            sub if sub in MODULES else target,
                            (name,),
                            child.lineno,
                            deferred,
                            type_only,
                        )
                    )
            elif isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda):
                visit(child, True, type_only)
            elif isinstance(child, ast.If) and "TYPE_CHECKING" in ast.unparse(child.test):
                visit(child, deferred, True)
            else:
                visit(child, deferred, type_only)

    visit(tree, False, False)
    return found


ALL_IMPORTS = [i for m in MODULES for i in imports_of(m)]
OWN = [i for i in ALL_IMPORTS if i.target == "speakeasy" or i.target.startswith("speakeasy.")]


def game_of(module: str) -> str | None:
    """The game a module belongs to (``speakeasy.games.<game>...``), else ``None``."""
    parts = module.split(".")
    return parts[2] if len(parts) > 2 and parts[1] == "games" else None


def layer(module: str) -> int | None:
    """The floor of a module; ``None`` for the package's own ``__init__`` (its public face)."""
    parts = module.split(".")
    if len(parts) == 1:
        return None
    if parts[1] == "games":
        if len(parts) == 2:
            return LAYERS.index("games")
        if len(parts) == 3:  # a game's package: its docstring, above its rooms
            return LAYERS.index("games") - 1
        return LAYERS.index(f"game.{parts[3]}")
    return LAYERS.index(parts[1])


def test_every_module_is_in_a_known_room() -> None:
    tops = {m.split(".")[1] for m in MODULES if m.count(".") >= 1}
    assert tops <= {"core", "tools", "games", "app"}, sorted(tops)
    rooms = {m.split(".")[3] for m in MODULES if m.count(".") >= 3 and m.split(".")[1] == "games"}
    assert rooms <= set(ROOMS), f"rooms outside the plan: {sorted(rooms - set(ROOMS))}"


def test_every_game_has_the_same_rooms() -> None:
    """A maintainer who knows one game's folder finds the other's in the same places."""
    for game in GAMES:
        have = {
            p.stem
            for p in (PACKAGE / "games" / game).iterdir()
            if p.suffix == ".py" or (p / "__init__.py").is_file()
        } - {"__init__"}
        assert have == set(ROOMS), f"{game}: {sorted(have ^ set(ROOMS))}"


def test_no_import_cycle() -> None:
    graph = nx.DiGraph()
    graph.add_nodes_from(MODULES)
    for imp in OWN:
        if not imp.deferred and not imp.type_only and imp.target in MODULES:
            graph.add_edge(imp.module, imp.target)
    # A package's __init__ runs before any of its submodules: a submodule importing its own
    # package's __init__ closes a circle through it.
    cycles = [sorted(c) for c in nx.strongly_connected_components(graph) if len(c) > 1]
    assert not cycles, f"import cycles: {cycles}"


def test_imports_only_point_down() -> None:
    upward = []
    for imp in OWN:
        if any(imp.module == m and imp.target.startswith(t) for m, t in LAZY_ALLOWED):
            continue
        if imp.target == "speakeasy" and imp.module != "speakeasy":
            upward.append(f"{imp.module}:{imp.line} imports the top-level package")
            continue
        mine, theirs = layer(imp.module), layer(imp.target)
        if mine is not None and theirs is not None and theirs > mine:
            upward.append(f"{imp.module}:{imp.line} -> {imp.target} ({LAYERS[theirs]})")
    assert not upward, "imports that run back up:\n" + "\n".join(upward)


def test_core_knows_no_game() -> None:
    leaks = [
        f"{i.module}:{i.line} -> {i.target}"
        for i in OWN
        if i.module.startswith("speakeasy.core") and not i.target.startswith("speakeasy.core")
    ]
    assert not leaks, leaks


def test_a_game_stands_on_the_core_and_the_tools_alone() -> None:
    """Each game uses the core and the shared tools unchanged, and nothing of another game."""
    leaks = []
    for imp in OWN:
        game = game_of(imp.module)
        if game is None:
            continue
        if not imp.target.startswith(
            ("speakeasy.core", "speakeasy.tools", f"speakeasy.games.{game}")
        ):
            leaks.append(f"{imp.module}:{imp.line} -> {imp.target}")
    assert not leaks, leaks


def test_the_tools_know_no_game() -> None:
    leaks = [
        f"{i.module}:{i.line} -> {i.target}"
        for i in OWN
        if i.module.startswith("speakeasy.tools")
        and not i.target.startswith(("speakeasy.core", "speakeasy.tools"))
    ]
    assert not leaks, leaks


def test_no_function_level_imports() -> None:
    deferred = []
    for imp in ALL_IMPORTS:
        if not imp.deferred:
            continue
        top = imp.target.split(".")[0]
        if top in HEAVY:
            continue
        if any(imp.module == m and imp.target.startswith(t) for m, t in LAZY_ALLOWED):
            continue
        deferred.append(f"{imp.module}:{imp.line} imports {imp.target} inside a function")
    assert not deferred, "\n".join(deferred)


def test_type_checking_imports_point_down() -> None:
    bad = [
        f"{i.module}:{i.line} -> {i.target}"
        for i in OWN
        if i.type_only
        and layer(i.module) is not None
        and layer(i.target) is not None
        and layer(i.target) > layer(i.module)  # type: ignore[operator]
    ]
    assert not bad, bad


def _public(module: str) -> set[str]:
    """The names a package or module declares public in ``__all__``."""
    tree = ast.parse(MODULES[module].read_text(encoding="utf-8"))
    for node in tree.body:
        if (
            isinstance(node, ast.Assign)
            and any(isinstance(t, ast.Name) and t.id == "__all__" for t in node.targets)
            and isinstance(node.value, ast.List | ast.Tuple)
        ):
            return {ast.literal_eval(e) for e in node.value.elts}
    return set()


def notebook_imports() -> list[tuple[str, str, str]]:
    """(notebook, module, name) for every ``from speakeasy... import name`` of the notebooks."""
    found: list[tuple[str, str, str]] = []
    for path in sorted(NOTEBOOKS.glob("*.py")) + sorted(NOTEBOOKS.glob("*.ipynb")):
        text = path.read_text(encoding="utf-8")
        if path.suffix == ".ipynb":
            cells = json.loads(text)["cells"]
            sources = ["".join(c["source"]) for c in cells if c["cell_type"] == "code"]
        else:
            sources = [text]
        for source in sources:
            for node in ast.walk(ast.parse(source)):
                if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("speakeasy"):
                    found.extend((path.name, node.module or "", a.name) for a in node.names)
                elif isinstance(node, ast.Import):
                    found.extend(
                        (path.name, a.name, "")
                        for a in node.names
                        if a.name.startswith("speakeasy")
                    )
    return found


@pytest.mark.parametrize(
    ("notebook", "module", "name"), notebook_imports(), ids=lambda v: str(v) or "-"
)
def test_notebooks_import_public_names_only(notebook: str, module: str, name: str) -> None:
    """A notebook imports a name that a module lists in ``__all__`` (its public names)."""
    assert module in MODULES, f"{notebook}: no package {module}"
    assert name in _public(module), f"{notebook}: {module} does not export {name!r}"


if __name__ == "__main__":  # pragma: no cover
    sys.exit(pytest.main([__file__, "-q"]))

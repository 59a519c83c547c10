"""The wheel works on its own: built from the checkout, installed in a fresh venv, used elsewhere.

A non-editable install must carry every module, the data (the top-level ``data/`` folder ships as
``speakeasy/data/``: ``pyproject.toml``, :mod:`speakeasy.tools.paths`) and the ``speakeasy``
console script. The venv gets the wheel and its runtime dependencies pinned by
``.ci/constraints.txt``; pip's cache makes a repeat run take seconds. With neither network nor
cache the test is skipped, except under CI (``CI`` set), where that is a failure.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

CHECKOUT = Path(__file__).resolve().parent.parent
CONSTRAINTS = CHECKOUT / ".ci" / "constraints.txt"

#: pip's words when it cannot reach an index and has nothing cached.
_OFFLINE = (
    "No matching distribution found",
    "Could not find a version that satisfies",
    "Failed to establish a new connection",
    "Temporary failure in name resolution",
    "Network is unreachable",
)

#: Run by the venv's Python, from a folder outside the checkout, with no PYTHONPATH.
SCRIPT = """
import sys
from pathlib import Path

import speakeasy
from speakeasy.games.speakeasy.model.catalog.loader import load_catalog
from speakeasy.games.speakeasy.engine.bots import RandomBot, play_out
from speakeasy.tools.rules_index import load_rules_index
from speakeasy.tools.paths import data_dir
from speakeasy.games.speakeasy.positions.shipped import load_scenario, shipped_scenarios

package = Path(speakeasy.__file__).resolve().parent
assert package.is_relative_to(Path(sys.prefix).resolve()), (package, sys.prefix)
assert data_dir() == package / "data", data_dir()

game = speakeasy.Game.new(players=4, seed=1)
play_out(game, {colour: RandomBot(seed) for seed, colour in enumerate(game.colours)})
assert game.is_over
Path("saved.json").write_text(game.to_json(), encoding="utf-8")
again = speakeasy.Game.from_json(Path("saved.json").read_text(encoding="utf-8"))
assert again.state == game.state and again.to_json() == game.to_json()

start = load_scenario("e03_gang_war_district_14").game()
assert start.pending is not None

from speakeasy.games.mafia_city.positions import load_position, position_names

assert len(position_names()) == 23  # EMC-1 ... EMC-23 and their schema ship in the wheel
assert load_position("emc11_harbour_hitman_fbi").game().state.layout == (5, 1, 2, 3, 4, 6, 7)

from speakeasy.games.speakeasy.table.play_panel import PlaySession
from speakeasy.games.speakeasy.table.play import Table

session = PlaySession(Table.new({"purple": "human", "blue": "heuristic"}, seed=1).snapshot())
assert "function render" in session.panel.widget._esm and ".se-side" in session.panel.widget._css
assert session.board.svg.startswith("<svg") and session.panel.data["waiting"]
print(
    f"winners {[c.value for c in game.result().winners]} after {len(game.history)} actions;",
    f"{len(load_catalog().operation_cards)} cards, {len(shipped_scenarios())} scenarios,",
    f"{len(load_rules_index())} rules, board {len(speakeasy.load_board().districts)} districts",
)
"""


def _run(args: list[str | Path], cwd: Path) -> subprocess.CompletedProcess[str]:
    """Run a command with this environment minus anything that points Python at the checkout."""
    env = {
        k: v
        for k, v in os.environ.items()
        if k not in ("PYTHONPATH", "PYTHONHOME", "PYTHONSTARTUP", "VIRTUAL_ENV")
    }
    return subprocess.run(
        [str(a) for a in args], cwd=cwd, env=env, capture_output=True, text=True, timeout=600
    )


def _pip(args: list[str | Path], cwd: Path) -> None:
    """Run pip; no network and no cache skips the test (fails it under CI)."""
    done = _run([sys.executable, "-m", "pip", "--disable-pip-version-check", *args], cwd)
    if done.returncode == 0:
        return
    output = done.stdout + done.stderr
    if not os.environ.get("CI") and any(words in output for words in _OFFLINE):
        pytest.skip(f"pip cannot reach an index and has nothing cached: {output[-300:]}")
    pytest.fail(f"pip {args[0]} failed:\n{output[-3000:]}")


def _wheel_of_the_checkout(tmp_path: Path) -> Path:
    """Build the wheel from a copy of the checkout's sources (no build/ left in the checkout)."""
    source = tmp_path / "source"
    ignore = shutil.ignore_patterns("__pycache__", "*.pyc")
    for folder in ("speakeasy", "data"):
        shutil.copytree(CHECKOUT / folder, source / folder, ignore=ignore)
    for file in ("pyproject.toml", "README.md"):
        shutil.copy2(CHECKOUT / file, source / file)
    _pip(["wheel", "--no-deps", "--wheel-dir", tmp_path / "dist", source], tmp_path)
    (wheel,) = (tmp_path / "dist").glob("speakeasy-*.whl")
    return wheel


def test_the_wheel_installs_and_plays_outside_the_checkout(tmp_path: Path) -> None:
    wheel = _wheel_of_the_checkout(tmp_path)

    # Every module and every data file of the checkout is in the wheel, the data under
    # speakeasy/data/.
    with zipfile.ZipFile(wheel) as archive:
        shipped = {n for n in archive.namelist() if not n.startswith("speakeasy-")}
    modules = {p.relative_to(CHECKOUT).as_posix() for p in (CHECKOUT / "speakeasy").rglob("*.py")}
    data = {
        "speakeasy/data/" + p.relative_to(CHECKOUT / "data").as_posix()
        for p in (CHECKOUT / "data").rglob("*")
        if p.is_file()
    }
    # the page code of the widgets (speakeasy/tools/*.js and *.css) ships next to its module
    assets = {
        p.relative_to(CHECKOUT).as_posix()
        for pattern in ("*.js", "*.css")
        for p in (CHECKOUT / "speakeasy").rglob(pattern)
    }
    modules |= assets
    missing = sorted(modules - shipped)
    assert not missing, f"add their packages to [tool.setuptools] packages: {missing}"
    assert data <= shipped, sorted(data - shipped)
    assert shipped == modules | data | {"speakeasy/py.typed"}, sorted(shipped - modules - data)

    # A fresh venv outside the checkout: the wheel and its pinned runtime dependencies only.
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", venv], check=True)
    python = venv / "bin" / "python"
    _pip(["--python", python, "install", "--constraint", CONSTRAINTS, wheel], tmp_path)

    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    played = _run([python, "-c", SCRIPT], elsewhere)
    assert played.returncode == 0, played.stderr[-3000:]
    assert "winners" in played.stdout and "48 cards" in played.stdout, played.stdout

    helped = _run([venv / "bin" / "speakeasy", "--help"], elsewhere)
    assert helped.returncode == 0, helped.stderr[-3000:]
    assert "simulate" in helped.stdout and "workshop" in helped.stdout

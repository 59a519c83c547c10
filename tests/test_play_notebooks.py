"""The play notebooks (marimo and JupyterLab) and the helpers they share in
``speakeasy.games.speakeasy.table.play``.

The marimo notebook runs as a script and imports defining only ``app``; the .ipynb is committed
without outputs; neither imports the rules (presentation only). Its own ``test_*`` cells and the
executed .ipynb (nbmake) are collected from ``notebooks/``; the browser test is in
``test_browser_play.py``.
"""

from __future__ import annotations

import importlib.util
import json
import random
import re
from pathlib import Path
from typing import Any

import pytest

from speakeasy import IllegalAction
from speakeasy.games.speakeasy.model.options import Options
from speakeasy.games.speakeasy.model.state import Colour
from speakeasy.games.speakeasy.table.play import (
    Table,
    TableSnapshot,
    advance,
    decision_steps,
    option_descriptions,
    plain_words,
    position_after,
    step_summaries,
    table_for,
)
from tests.support import assert_marimo_check, assert_runs_as_script, defining_modules

NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks"
MARIMO_NOTEBOOK = NOTEBOOKS / "play.py"
JUPYTER_NOTEBOOK = NOTEBOOKS / "play.ipynb"
RULES_IMPORT = re.compile(r"^\s*(from|import)\s+speakeasy\.rules\b", re.MULTILINE)


# ---------------------------------------------------------------------- the notebooks
def test_marimo_play_runs_as_a_script() -> None:
    assert_runs_as_script(MARIMO_NOTEBOOK)


def test_marimo_play_passes_marimo_check() -> None:
    assert_marimo_check(MARIMO_NOTEBOOK)


def test_importing_the_marimo_play_notebook_only_defines_the_app() -> None:
    import marimo

    spec = importlib.util.spec_from_file_location("play_notebook", MARIMO_NOTEBOOK)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    public = {name for name in vars(module) if not name.startswith("_")}
    assert public == {"marimo", "app"}
    assert isinstance(module.app, marimo.App)


def _ipynb() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(JUPYTER_NOTEBOOK.read_text(encoding="utf-8"))
    return data


def test_play_ipynb_is_committed_without_outputs() -> None:
    nb = _ipynb()
    code = [c for c in nb["cells"] if c["cell_type"] == "code"]
    assert code
    for cell in code:
        assert cell["outputs"] == []
        assert cell["execution_count"] is None
    assert nb["metadata"]["kernelspec"]["name"] == "python3"


def test_play_ipynb_is_valid_nbformat() -> None:
    nbformat = pytest.importorskip("nbformat")
    nbformat.validate(nbformat.read(str(JUPYTER_NOTEBOOK), as_version=4))


@pytest.mark.parametrize("path", [MARIMO_NOTEBOOK, JUPYTER_NOTEBOOK], ids=lambda p: p.suffix)
def test_play_notebooks_are_presentation_only(path: Path) -> None:
    """Both notebooks play through speakeasy.games.speakeasy.table.play and never import the
    rules themselves."""
    text = path.read_text(encoding="utf-8")
    if path.suffix == ".ipynb":
        text = "\n".join(
            "".join(c["source"]) for c in _ipynb()["cells"] if c["cell_type"] == "code"
        )
    imported = defining_modules(text)
    assert "speakeasy.games.speakeasy.table.play" in imported
    assert [m for m in imported if m.startswith("speakeasy.games.speakeasy.explain")]
    assert not RULES_IMPORT.search(text), "a play notebook imports speakeasy.games.speakeasy.rules"
    assert "speakeasy.games.speakeasy.rules." not in text


# ---------------------------------------------------------------------- shared helpers
def _played(seed: int = 3, decisions: int = 12) -> Table:
    table = Table.new({"purple": "human", "blue": "bot"}, seed=seed)
    rng = random.Random(seed)
    for _ in range(decisions):
        if table.game.is_over:
            break
        table.choose(rng.choice(table.game.legal_actions()))
    return table


def test_a_snapshot_rebuilds_the_same_table_with_its_redo_line() -> None:
    table = _played()
    table.undo()
    snap = table.snapshot()
    assert snap.redo and snap.step == len(table.game.history)
    again = Table.from_snapshot(snap)
    assert again.snapshot() == snap
    assert again.game == table.game
    assert again.redo() == table.redo()
    assert again.game.history == table.game.history


def test_advance_leaves_the_old_snapshot_and_table_alone() -> None:
    snap = _played().snapshot()
    before = table_for(snap)
    history = before.game.history
    action = before.game.legal_actions()[0]
    new = advance(snap, lambda t: t.choose(action))
    assert new != snap and new.step > snap.step
    assert table_for(snap).game.history == history  # the cached table was not touched
    assert table_for(new).game.history[: snap.step] == history
    assert table_for(new).waiting_for_human or table_for(new).game.is_over


def test_advance_is_deterministic_for_bots() -> None:
    snap = Table.new({"purple": "human", "blue": "bot"}, seed=4).snapshot()
    action = table_for(snap).game.legal_actions()[0]
    assert advance(snap, lambda t: t.choose(action)) == advance(snap, lambda t: t.choose(action))


def test_advance_lets_illegal_actions_through_unchanged() -> None:
    snap = Table.new({"purple": "human", "yellow": "human"}, seed=1).snapshot()
    with pytest.raises(IllegalAction):
        advance(snap, lambda t: t.undo())
    assert table_for(snap).snapshot() == snap


def test_previous_state_is_the_position_undo_returns_to() -> None:
    table = _played()
    previous = table.previous_state()
    step = table.last_human_step()
    assert previous is not None and step is not None
    table.undo()
    assert len(table.game.history) == step
    assert position_after(table.game, step) == table.game.state
    assert previous == table.game.state
    fresh = Table.new({"purple": "human", "blue": "bot"}, seed=3)
    assert fresh.last_human_step() is None and fresh.previous_state() is None


def test_step_summaries_mark_the_luciano_phase() -> None:
    table = _played(decisions=200)
    summaries = table.step_summaries()
    assert summaries[0].step == 0 and summaries[0].label().startswith("Setup")
    luciano = [s for s in summaries if s.luciano]
    assert luciano, "a whole game has three Lucky Luciano phases"
    assert luciano[0].label().startswith("⚔ Step")
    assert "gang war" in luciano[0].categories
    frames = table.step_frames(luciano[0].step)
    assert any(f.explanation.category == "gang war" for f in frames)
    assert table.step_frames(luciano[0].step) is frames  # cached
    assert [s.step for s in step_summaries(table.game, table.seats)] == [s.step for s in summaries]


def test_decision_steps_are_newest_first_and_go_back_there() -> None:
    table = _played()
    choices = decision_steps(table.game, table.seats)
    assert len(choices) == len(table.game.history)
    label, step = choices[0]
    assert step == len(table.game.history) - 1 and label.startswith(f"Step {step + 1} · ")
    table.goto(step)
    assert len(table.game.history) == step and table.game.can_redo


def test_a_click_on_a_district_selects_its_group() -> None:
    table = Table.new({"purple": "human", "blue": "bot"}, seed=5)
    while not table.clickable_districts():
        groups = [g for g in table.groups() if g.title != "Finish"]
        table.choose(groups[0].options[0])
    district = table.clickable_districts()[0]
    title = table.group_of(district)
    assert title == f"District {district}"
    group = next(g for g in table.groups() if g.title == title)
    assert list(group.options) == table.options_in(district)
    assert table.group_of(99) is None


def test_buttons_show_each_label_whole() -> None:
    """Issue 24 item 6: a button holds an option's whole label (it wraps, never cuts), the
    location a capo goes to included ("Garage, person 1: …", as the log and the refusals say
    it), and its caption only what it costs and gives."""
    table = _played(decisions=30)
    checked = 0
    while (decision := table.game.pending) is not None and checked < 40:
        checked += 1
        for group in table.groups():
            for option in group.options:
                label = table.label_of(option)
                if option.kind != "draw":
                    assert label.head == plain_words(option.describe(), catalog=table.catalog)
                assert "…" not in label.head
                assert label.caption in ("", " · ".join(p for p in (label.cost, label.effect) if p))
                if decision.kind == "capo" and option.kind == "capo":
                    assert label.head.startswith(f"{group.title}")
        table.choose(table.groups()[0].options[0])
    assert checked > 10


def test_every_option_has_a_description() -> None:
    described = option_descriptions()
    assert set(described) == set(Options().to_data())
    assert described["distillery_rebuild"].startswith("R-VARIANT-1")


def test_snapshot_is_plain_immutable_data() -> None:
    snap = _played().snapshot()
    assert isinstance(snap, TableSnapshot)
    assert snap.seats == (("purple", "human"), ("blue", "bot"))
    assert hash(snap) == hash(Table.from_snapshot(snap).snapshot())
    assert all(isinstance(a, str) for a in snap.actions)
    assert Colour(snap.seats[0][0]) is Colour.PURPLE


def test_play_ipynb_teacher_view_is_an_explicit_cell_not_a_switch() -> None:
    """The kernel's owner turns the teacher's view on in its own cell, documented beside it
    (``teacher.set(True)``, :mod:`speakeasy.tools.teacher`); no switch sits beside the game."""
    cells = _ipynb()["cells"]
    code = ["".join(c["source"]) for c in cells if c["cell_type"] == "code"]
    assert not any("Checkbox" in c and "Teacher" in c for c in code)
    assert sum(c.startswith("teacher.set(False)") for c in code) == 1
    assert "teacher = TeacherView(allowed=True)" in "\n".join(code)
    assert any(
        "### Teacher view" in "".join(c["source"]) for c in cells if c["cell_type"] == "markdown"
    )

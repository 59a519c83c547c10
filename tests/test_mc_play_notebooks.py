"""The Mafia City play notebooks (marimo and JupyterLab): they run, pass ``marimo check``, define
only ``app`` on import, are committed without outputs, and hold presentation only: they play
through ``speakeasy.games.mafia_city.table.play`` and explain through
``speakeasy.games.speakeasy.explain``, never importing the rules (``speakeasy.games.mafia_city``)
themselves. Their ``test_*`` cells and the executed .ipynb (nbmake) are collected from
``notebooks/``; the browser test that plays a whole game by clicks is
``test_browser_mafia_city.py``."""

from __future__ import annotations

import importlib.util
import json
import re
from pathlib import Path
from typing import Any

import pytest

from tests.support import assert_marimo_check, assert_runs_as_script, defining_modules

NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks"
MARIMO_NOTEBOOK = NOTEBOOKS / "mafia_city_play.py"
JUPYTER_NOTEBOOK = NOTEBOOKS / "mafia_city_play.ipynb"
RULES_IMPORT = re.compile(r"^\s*(from|import)\s+speakeasy\.mafia_city\b", re.MULTILINE)


def test_marimo_notebook_runs_as_a_script() -> None:
    assert_runs_as_script(MARIMO_NOTEBOOK)


def test_marimo_notebook_passes_marimo_check() -> None:
    assert_marimo_check(MARIMO_NOTEBOOK)


def test_importing_the_marimo_notebook_only_defines_the_app() -> None:
    import marimo

    spec = importlib.util.spec_from_file_location("mafia_city_play_notebook", MARIMO_NOTEBOOK)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    assert {name for name in vars(module) if not name.startswith("_")} == {"marimo", "app"}
    assert isinstance(module.app, marimo.App)


def _ipynb() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(JUPYTER_NOTEBOOK.read_text(encoding="utf-8"))
    return data


def test_ipynb_is_committed_without_outputs() -> None:
    nb = _ipynb()
    code = [c for c in nb["cells"] if c["cell_type"] == "code"]
    assert code
    for cell in code:
        assert cell["outputs"] == [] and cell["execution_count"] is None
    assert nb["metadata"]["kernelspec"]["name"] == "python3"


def test_ipynb_is_valid_nbformat() -> None:
    nbformat = pytest.importorskip("nbformat")
    nbformat.validate(nbformat.read(str(JUPYTER_NOTEBOOK), as_version=4))


@pytest.mark.parametrize("path", [MARIMO_NOTEBOOK, JUPYTER_NOTEBOOK], ids=lambda p: p.suffix)
def test_notebooks_are_presentation_only(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    if path.suffix == ".ipynb":
        text = "\n".join(
            "".join(c["source"]) for c in _ipynb()["cells"] if c["cell_type"] == "code"
        )
    imported = defining_modules(text)
    assert "speakeasy.games.mafia_city.table.play" in imported
    assert "speakeasy.games.mafia_city.figures.map" in imported
    assert "speakeasy.games.mafia_city.explain.log" in imported
    assert not RULES_IMPORT.search(text), "a play notebook imports the rules"


def test_the_marimo_notebook_has_test_cells() -> None:
    text = MARIMO_NOTEBOOK.read_text(encoding="utf-8")
    assert len(re.findall(r"^    def test_\w+\(\):", text, re.MULTILINE)) >= 2


def test_no_emoji_in_the_notebooks() -> None:
    """Headless browsers without an emoji font draw boxes: plain labels only."""
    for path in (MARIMO_NOTEBOOK, JUPYTER_NOTEBOOK):
        text = path.read_text(encoding="utf-8")
        assert not re.search("[\U0001f300-\U0001faff]", text), path.name


# ------------------------------------------------------------------ the .ipynb's widgets, headless
def _run_ipynb(monkeypatch: pytest.MonkeyPatch) -> dict[str, Any]:
    """Every code cell of the .ipynb run in one namespace (``display`` silenced), as JupyterLab
    runs them; the widgets are then driven by their Python API (``click()``, ``value``)."""
    pytest.importorskip("ipywidgets")
    monkeypatch.setattr("IPython.display.display", lambda *_a, **_k: None)
    namespace: dict[str, Any] = {}
    for cell in _ipynb()["cells"]:
        if cell["cell_type"] == "code":
            exec("".join(cell["source"]), namespace)  # our own notebook's cells
    return namespace


def test_ipynb_hot_seat_covers_the_next_persons_cards(monkeypatch: pytest.MonkeyPatch) -> None:
    """MC-INFO-1: two people at one screen; each one's hand and options stay covered until
    that person reveals them, and are covered again when the next person's turn comes."""
    nb = _run_ipynb(monkeypatch)
    nb["seat_pickers"]["blue"].value = "human"
    nb["new_game_button"].click()
    table = nb["table"]
    viewer = table.viewer()
    assert "mc-curtain" in nb["hand"].value and "mc-hand" not in nb["hand"].value
    assert [b.description for b in nb["options_box"].children] == [f"I am {viewer}: show my cards"]
    nb["reveal_button"].click()
    assert f"data-seat='{viewer}'" in nb["hand"].value
    buttons = [b for b in nb["options_box"].children if hasattr(b, "click")]
    assert buttons and nb["reveal_button"] not in buttons
    for _ in range(50):
        if nb["table"].viewer() != viewer:
            break
        # the same person deciding again: their cards stay open, no reveal needed
        next(b for b in nb["options_box"].children if hasattr(b, "click")).click()
    assert nb["table"].viewer() != viewer
    assert "mc-curtain" in nb["hand"].value, "the next person's cards are covered"


def test_ipynb_exercises_are_checked_by_the_engine(monkeypatch: pytest.MonkeyPatch) -> None:
    nb = _run_ipynb(monkeypatch)
    exercises = nb["table"].exercises()
    cards = nb["exercises_box"].children[1:]
    assert len(cards) == len(exercises) == 4
    for exercise, card in zip(exercises, cards, strict=True):
        _question, box, verdict = card.children
        box.value = exercise.answer_text
        assert "Correct" in verdict.value, exercise.key
        box.value = "xyzzy 99"
        assert "Not quite" in verdict.value and "Hint" in verdict.value


def test_ipynb_self_checks_use_their_own_tables() -> None:
    """The self-check cells build their own tables: never the user's ``table``."""
    code = ["".join(c["source"]) for c in _ipynb()["cells"] if c["cell_type"] == "code"]
    checks = [c for c in code if c.startswith("# Self-check")]
    assert len(checks) >= 2
    for cell in checks:
        assert not re.search(r"\btable\b", cell), cell.splitlines()[0]
        assert "Table.new(" in cell


def _buttons(nb: dict[str, Any]) -> list[Any]:
    return [b for b in nb["options_box"].children if hasattr(b, "click")]


def test_ipynb_undo_and_redo_cover_the_cards_again(monkeypatch: pytest.MonkeyPatch) -> None:
    """MC-INFO-1 (issue 25 item 3): Undo pressed on the next person's covered screen goes back
    to the previous person's decision under a cover (never their open hand), with no private
    line in the log; Redo covers the cards again too."""
    nb = _run_ipynb(monkeypatch)
    nb["seat_pickers"]["blue"].value = "human"
    nb["new_game_button"].click()
    first = nb["table"].viewer()
    nb["reveal_button"].click()
    for _ in range(50):
        if nb["table"].viewer() != first:
            break
        _buttons(nb)[0].click()
    second = nb["table"].viewer()
    assert second != first and "mc-curtain" in nb["hand"].value
    nb["undo_button"].click()
    assert nb["table"].viewer() == first
    assert "mc-curtain" in nb["hand"].value and "mc-hand" not in nb["hand"].value
    assert "<i style='color:#555'>" not in nb["log_html"].value, "a private line under a cover"
    nb["reveal_button"].click()
    assert f"data-seat='{first}'" in nb["hand"].value
    nb["redo_button"].click()
    assert nb["table"].viewer() == second and "mc-curtain" in nb["hand"].value


def test_ipynb_teacher_view_is_an_explicit_cell_not_a_switch(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The kernel's owner turns the teacher view on in its own cell (``teacher.set(True)``);
    no widget beside the game does, and it starts off (the seat's own hand only)."""
    code = ["".join(c["source"]) for c in _ipynb()["cells"] if c["cell_type"] == "code"]
    assert not any(re.search(r"Checkbox\([^)]*[Tt]eacher", c) for c in code)
    assert sum(c.startswith("teacher.set(False)") for c in code) == 1
    nb = _run_ipynb(monkeypatch)
    table = nb["table"]
    others = [p for p in table.game.players if p != table.viewer()]
    assert not nb["teacher"].on and not table.other_hands(table.observation())
    nb["teacher"].set(True)
    assert all(f">{p}</span>:" in nb["hand"].value for p in others), "every hand shown"
    nb["teacher"].set(False)
    assert not any(f">{p}</span>:" in nb["hand"].value for p in others)

"""The Mafia City control notebook (issue 16): runs as a script, passes ``marimo check``,
computes the default position's control, flips, Mayor's orders and exercises in-process, holds
widget values to their bounds on the server, and keeps rules out of its cells.

Its own ``test_*`` cells are collected from ``notebooks/`` by the pytest configuration.
"""

from __future__ import annotations

import importlib.util
import random
import re
from pathlib import Path
from types import ModuleType, SimpleNamespace

import pytest

from speakeasy.games.mafia_city.engine.game import Game
from speakeasy.games.mafia_city.positions import load_position, position_names
from speakeasy.games.mafia_city.rules.control import control
from speakeasy.games.mafia_city.studies.control import (
    LinkedPosition,
    control_table,
    example_position,
    example_titles,
    flips,
    linked_position,
    mayor_orders,
    number_order,
    position_query,
    sample_position,
)
from tests.support import assert_marimo_check, assert_runs_as_script, defining_modules

NOTEBOOK = Path(__file__).resolve().parent.parent / "notebooks" / "mafia_city_control.py"


def _load() -> ModuleType:
    spec = importlib.util.spec_from_file_location("mc_control_notebook", NOTEBOOK)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_mc_control_notebook_runs_as_a_script() -> None:
    assert_runs_as_script(NOTEBOOK)


def test_mc_control_notebook_passes_marimo_check() -> None:
    assert_marimo_check(NOTEBOOK)


def test_importing_the_notebook_only_defines_the_app() -> None:
    import marimo

    module = _load()
    assert {n for n in vars(module) if not n.startswith("_")} == {"marimo", "app"}
    assert isinstance(module.app, marimo.App)
    assert module.app._config.app_title == "Mafia City · control explorer"


def test_the_default_position_is_a_bot_game_after_phase_one() -> None:
    """Run in-process: 4 players, seed 1, the stacks as the bots left them (MC-ACT-12)."""
    _, defs = _load().app.run()
    expected = sample_position(players=4, seed=1)
    assert defs["position"].stacks == expected.stacks
    rows = defs["rows"]
    assert [r.location for r in rows] == [1, 2, 3, 4, 5, 6, 7]
    for row in rows:  # the engine's own verdict, with its rule
        ctl = control(expected.stacks[row.location], row.control_rule)
        assert (row.controller, row.rule) == (ctl.controller, ctl.rule)
    assert defs["control_map"].layout.meta["control"] == {
        str(r.location): r.controller for r in control_table(expected)
    }
    assert defs["found"] and all(f.before != f.after for f in defs["found"])
    assert expected.mayor is None  # round 1: the Mayor starts on City Hall (MC-SETUP-5)
    assert defs["holder"] is None and defs["scores"] == [] and defs["best"] == {}
    assert defs["in_number_order"].vp == number_order(expected).vp
    assert len(defs["exercises"]) == 3
    for exercise in defs["exercises"]:
        assert exercise.check(exercise.answer_text).correct


def _mayor_controls(defs: dict[str, object]) -> list[str]:
    """The names of the page's widgets whose label mentions the Mayor (not their options: a
    worked example's title may)."""
    import marimo

    labels = {
        name: re.search(r"data-label='([^']*)'", value.text)
        for name, value in defs.items()
        if isinstance(value, marimo.ui.dropdown | marimo.ui.radio | marimo.ui.number)
    }
    return sorted(name for name, label in labels.items() if label and "Mayor" in label[1])


def test_the_page_has_one_mayor_holder_control_and_number_order_without_one() -> None:
    """Issue 25 item 7: one source of truth for the Mayor. The editor's "Mayor held by" is the
    only control naming a holder; with the Mayor at home the order section says the locations
    go in number order (MC-LOC-3) and shows that order's VP, and names no holder."""
    _, defs = _load().app.run()
    assert _mayor_controls(defs) == ["mayor_picker"]
    assert defs["mayor_picker"].value == "nobody (home)"
    text = defs["mayor_text"]
    assert "**Nobody holds the Mayor**" in text
    assert "evaluated in number order, 1 → 2 → 3 → 4 → 5 → 6 → 7" in text
    assert "MC-LOC-3" in text and "pick a player for **Mayor held by**" in text
    vp = defs["in_number_order"].vp
    assert "| " + " | ".join(str(vp[p]) for p in defs["position"].players) + " |" in text
    assert "holds the Mayor**" not in text.replace("**Nobody holds the Mayor**", "")


def test_the_order_section_follows_the_editors_mayor_holder() -> None:
    """A position whose Mayor Blue holds: the editor shows Blue, and the section explores
    Blue's 5040 orders (MC-LOC-3, MC-HALL-3) with no second holder to pick."""
    base = sample_position(players=4, seed=1)
    base.mayor = "blue"
    start = {"players": 4, "seed": 1, "kind": "sample", "example": ""}
    _, defs = _load().app.run(defs={"base": base, **start})
    assert defs["mayor_picker"].value == "blue" and defs["position"].mayor == "blue"
    assert _mayor_controls(defs) == ["mayor_picker"]
    assert defs["holder"] == "blue" and defs["in_number_order"] is None
    assert len(defs["scores"]) == 5040
    assert sum(n for _, n, _ in defs["outcomes"]) == 5040
    assert set(defs["best"]) == {"red", "blue", "green", "yellow"}
    some = [(1, 2, 3, 4, 5, 6, 7), (7, 6, 5, 4, 3, 2, 1)]
    asked = {s.order: s.vp for s in mayor_orders(base, "blue", some)}
    assert {s.order: s.vp for s in defs["scores"] if s.order in asked} == asked
    assert "**blue holds the Mayor**" in defs["mayor_text"]
    assert "Nobody holds the Mayor" not in defs["mayor_text"]


def test_the_notebook_imports_no_rules_module() -> None:
    """Presentation only: control, flips and orders come from the study, the map from the
    figures; nothing from the game's model, rules or engine."""
    imported = defining_modules(NOTEBOOK.read_text(encoding="utf-8"))
    assert "speakeasy.games.mafia_city.studies.control" in imported
    assert "speakeasy.games.mafia_city.figures.control_figure" in imported
    rules_rooms = tuple(
        f"speakeasy.games.mafia_city.{room}" for room in ("model", "rules", "engine")
    )
    assert not [m for m in imported if m.startswith(rules_rooms)]


def test_widget_values_are_checked_in_code() -> None:
    """marimo does not hold widgets to their bounds on the server (speakeasy.tools.inputs): every
    value the cells read goes through a checked_* helper or the study's parser."""
    source = NOTEBOOK.read_text(encoding="utf-8")
    for widget in (
        "start_players",
        "start_seed",
        "start_kind",
        "start_example",
        "cell_box",
        "hitman_picker",
        "officer_picker",
        "mayor_picker",
        "deal_location",
        "flip_filter",
    ):
        uses = [line for line in source.splitlines() if f"{widget}.value" in line]
        assert uses and all("checked_" in line for line in uses), widget
    assert "checked_text(_text, 400)" in source
    assert "checked_int(n, 0, 5, default=0)" in source


def test_every_worked_example_opens_as_a_position_to_explore() -> None:
    """Issue 25 item 8: each shipped position (EMC-1 ... EMC-23) opens in the explorer's study
    as its file describes it (stacks, Cell, figures, layout), with a controller table and the
    flips computed."""
    titles = example_titles()
    assert list(titles) == list(position_names())
    for name in titles:
        state = example_position(name)
        described = load_position(name).state()
        assert (state.stacks, state.cell, state.layout) == (
            described.stacks,
            described.cell,
            described.layout,
        )
        assert (state.hitman, state.officer, state.mayor) == (
            described.hitman,
            described.officer,
            described.mayor,
        )
        assert len(control_table(state)) == 7
        flips(state)


def _start(kind: str, example: str = "", linked: LinkedPosition | None = None) -> dict[str, object]:
    """Every definition of the notebook's start cell (a test that overrides the cell gives them
    all): start from ``kind``, the worked ``example``, the ``linked`` game's position."""
    return {
        "start_kind": SimpleNamespace(value=kind),
        "start_example": SimpleNamespace(value=example),
        "example_names": example_titles(),
        "start_players": SimpleNamespace(value="4"),
        "start_seed": SimpleNamespace(value=1),
        "linked_game": linked or LinkedPosition(),
    }


@pytest.mark.parametrize(
    "name", ["emc09_sole_majority_locations", "emc11_harbour_hitman_fbi"], ids=["EMC-9", "EMC-11"]
)
def test_the_notebook_starts_from_a_worked_example(name: str) -> None:
    """The "Start from: a worked example" choice: the notebook's position is the example's,
    and its table gives the engine's verdict (EMC-9: nobody at City Hall, MC-CTRL-5; EMC-11:
    Red at the Harbour, MC-CTRL-3)."""
    _, defs = _load().app.run(defs=_start("example", name))
    expected = example_position(name)
    assert defs["base"].stacks == expected.stacks and defs["position"].stacks == expected.stacks
    rows = {r.location: r for r in defs["rows"]}
    if name.startswith("emc09"):
        assert (rows[7].controller, rows[7].rule) == (None, "MC-CTRL-5")
    else:
        assert (rows[2].controller, rows[2].rule) == ("red", "MC-CTRL-3")


def test_the_notebook_starts_from_a_game_linked_to_it() -> None:
    """Issue 27: opened from the coach's "explore" link (``?at=``), the notebook's position is
    the linked game's map, with the engine's controllers of it (MC-CTRL-1..5)."""
    game = Game.new(players=3, seed=6)
    rng = random.Random(6)
    for _ in range(40):
        game.apply(rng.choice(game.legal_actions()))
    linked = linked_position(position_query(game.observe("red"), "Your game")["at"])
    assert linked.state is not None
    _, defs = _load().app.run(defs=_start("linked", linked=linked))
    assert defs["base"].stacks == game.state.stacks == defs["position"].stacks
    assert defs["base"].players == game.state.players
    assert defs["rows"] == control_table(game.state)

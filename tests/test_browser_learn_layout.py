"""The learn page laid out like Play (issue 24 item 8), in headless Chromium against
``marimo run``.

* A click on a building space chooses that space, every time: every free space of the step of
  "Opening a bar" that asks where to build (R-BUILD-1, R-BUILD-5), clicked with the real mouse
  at the space's centre or near its corner, and the bar to protect in "Protection and police"
  (R-PROTECT-1). A click on a marker (a building) of a district chooses the district's one
  option: the truck's move (R-TRUCK-7), then the delivery beside that bar (R-TRUCK-13). Each
  click waits for the answer the page shows (its feedback names the option; the map's meta
  shows the new step).
* The map rings exactly the places the engine's legal options name (its meta's ``targets``):
  gold rings on their districts, a gold frame on each building space; none at a step that
  asks for no place. The ring of what changed (orange) and of where the lesson points (teal)
  are drawn in other colours.
* After each click, at 1280×800 and 1920×1080: no horizontal overflow, the answer and the map
  in the window together, no internal text, every symbol drawn (:func:`tests.browser.
  learn_page_problems`).
* Screenshots of three lesson steps at both sizes, each taken once the map reports it has
  drawn that step, under ``tmp_path`` and copied to ``/work/shots/learnlayout_*.png`` when that
  folder exists.
"""

from __future__ import annotations

import re
import shutil
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

import pytest

from tests.browser import (
    learn_page_problems,
    map_layer_points,
    map_point_box,
    out_of_view,
    set_viewport,
    wait_for_map,
)

pytestmark = pytest.mark.browser
expect = pytest.importorskip("playwright.sync_api").expect

TIMEOUT_MS = 30_000
SHOTS = Path("/work/shots")
SIZES = ((1280, 800), (1920, 1080))
#: The colours of the map's rings (speakeasy.games.speakeasy.figures): where a click chooses,
#: what changed, where the lesson points.
GOLD, ORANGE, TEAL = "#f2b705", "#ff7f0e", "#0e8f9c"


def plain_words(text: str) -> str:
    from speakeasy.games.speakeasy.table.play import plain_words as words

    return words(text)


def _tutorial(lesson: str, moves: tuple[str, ...] = ()) -> Any:
    from speakeasy.games.speakeasy.table.tutorial import Tutorial

    params = {"lesson": lesson, **({"moves": ";".join(moves)} if moves else {})}
    tutorial = Tutorial.from_params(params)
    assert tutorial.lesson_id == lesson and tutorial.moves == moves, params
    return tutorial


def _address(url: str, lesson: str, moves: tuple[str, ...] = ()) -> str:
    params = {"lesson": lesson, **({"moves": ";".join(moves)} if moves else {})}
    return f"{url}?{urlencode(params)}"


def _open(page: Any, url: str, tutorial: Any) -> dict[str, Any]:
    """Open ``tutorial``'s position from its address; the map's meta once drawn."""
    page.goto(_address(url, tutorial.lesson_id, tutorial.moves), wait_until="domcontentloaded")
    return _drawn(page, tutorial)


def _drawn(page: Any, tutorial: Any) -> dict[str, Any]:
    """Wait until the map shows ``tutorial``'s position and rings its targets."""
    return wait_for_map(
        page,
        TIMEOUT_MS,
        lesson=tutorial.lesson_id,
        step=len(tutorial.game().history),
        targets=[list(t) for t in tutorial.targets()],
    )


def _answer(page: Any, kind: str, label: str) -> Any:
    return page.locator(f'.learn-feedback[data-kind="{kind}"]').filter(has_text=label).first


def _click_space(page: Any, layer: str, district: int, space: int, *, corner: bool) -> None:
    """Click the building ``space`` (0-based) of ``district`` where the map draws it in
    ``layer``: at its centre, or near its corner (inside it)."""
    box = map_point_box(page, layer, rf"(^|\D)district {district}, space {space + 1}(\D|$)")
    assert box is not None, f"district {district}, space {space + 1} is not drawn in {layer}"
    share = 0.85 if corner else 0.5
    page.mouse.click(box["x"] + box["width"] * share, box["y"] + box["height"] * share)


def _clicked(page: Any, before: Any, district: int, space: int | None) -> Any:
    """The answer to a click on ``(district, space)`` at ``before`` (computed in-process on
    the same game the server plays): wait until the page shows it; the tutorial after it."""
    after = before.click(district, space)
    feedback = after.feedback
    assert feedback is not None and feedback.action, (district, space)
    label = plain_words(feedback.action)  # as the page says it
    expect(_answer(page, feedback.kind, label)).to_be_visible(timeout=TIMEOUT_MS)
    _drawn(page, after)
    return after


def _check(page: Any, where: str) -> None:
    """The layout checks at both sizes (the page left at 1280×800)."""
    for width, height in (*SIZES[::-1], SIZES[0]):
        set_viewport(page, width, height)
        problems = learn_page_problems(page)
        assert not problems, f"{where} at {width}×{height}: {problems}"


def _shoot(page: Any, tmp_path: Path, name: str) -> None:
    """Screenshots at both sizes, each once the map has drawn at that size."""
    for width, height in SIZES:
        set_viewport(page, width, height)
        out_of_view(page, ".learn-layout", {})  # the map's row at the window's top
        shot = tmp_path / f"learnlayout_{name}_{width}x{height}.png"
        page.screenshot(path=str(shot))
        if SHOTS.is_dir():
            shutil.copyfile(shot, SHOTS / shot.name)
    set_viewport(page, *SIZES[0])


def test_a_click_on_every_building_space_chooses_it(
    learn_url: str, chromium: Any, tmp_path: Path
) -> None:
    """R-BUILD-1, R-BUILD-5: every free space of the step is chosen by a click on it."""
    context = chromium.new_context(viewport={"width": 1280, "height": 800})
    page = context.new_page()
    try:
        start = _tutorial("bar")
        step = _tutorial("bar", ("build open bar-left-2",))
        spaces = [(d, s) for d, s in step.targets() if s is not None]
        assert len(spaces) >= 10 and len(spaces) == len(step.targets())  # every target a space
        meta = _open(page, learn_url, step)
        # the map rings exactly the engine's targets: a gold frame on each space, a gold ring
        # on each of their districts; the lesson's own district in teal
        assert meta["targets"] == [list(t) for t in spaces]
        frames = map_layer_points(page, "clickable spaces")
        assert len(frames) == len(spaces) and {f["stroke"] for f in frames} == {GOLD}
        rings = map_layer_points(page, "highlight")
        assert len(rings) == len({d for d, _ in spaces}) and {r["fill"] for r in rings} == {"none"}
        assert {r["stroke"] for r in rings} == {GOLD}
        assert {r["stroke"] for r in map_layer_points(page, "lesson focus")} == {TEAL}
        _check(page, "where to build")
        _shoot(page, tmp_path, "1_build")

        for index, (district, space) in enumerate(spaces):
            after = _clicked_space(page, step, "empty spaces", district, space, index % 2 == 1)
            if after.moves != step.moves:  # the bar was built: back to the step
                assert after.goal_met
                if index == 0:
                    # what changed is ringed orange, apart from where a click chooses (none)
                    changed = map_layer_points(page, "changed districts")
                    assert changed and {r["stroke"] for r in changed} == {ORANGE}
                    assert not map_layer_points(page, "highlight")
                    _check(page, "a bar built")
                page.get_by_role("button", name=re.compile("Restart lesson")).first.click()
                _drawn(page, start)
                label = "Open a bar from the left group"
                page.get_by_role("button", name=re.compile(re.escape(label))).first.click()
                _drawn(page, step)
    finally:
        context.close()


def _clicked_space(
    page: Any, before: Any, layer: str, district: int, space: int, corner: bool
) -> Any:
    _click_space(page, layer, district, space, corner=corner)
    return _clicked(page, before, district, space)


def test_clicks_on_a_bar_protect_it_and_on_markers_move_and_deliver(
    learn_url: str, chromium: Any, tmp_path: Path
) -> None:
    """R-PROTECT-1: the bar to protect; R-TRUCK-7, R-TRUCK-13: a building of a district moves
    the truck there, then delivers beside it."""
    from speakeasy.core.actions import Action
    from speakeasy.games.speakeasy.table.lessons import PROTECT_SOLUTION, TRUCK_SOLUTION

    context = chromium.new_context(viewport={"width": 1280, "height": 800})
    page = context.new_page()
    try:
        # lessons 1's first step asks for no place: no ring where to click
        first = _tutorial("capos")
        _open(page, learn_url, first)
        assert not map_layer_points(page, "highlight")
        assert not map_layer_points(page, "clickable spaces")
        _check(page, "lesson 1")

        protect = _tutorial("protect", PROTECT_SOLUTION[:3])
        assert protect.targets() and all(s is not None for _, s in protect.targets())
        _open(page, learn_url, protect)
        _check(page, "what to protect")
        solution = Action.parse(PROTECT_SOLUTION[3])
        wanted = (int(solution.args[0]), int(solution.args[1]))
        others = [t for t in protect.targets() if t != wanted]
        for district, space in [*others, wanted]:  # every bar it may protect, the lesson's last
            done = _clicked_space(page, protect, "buildings", district, space or 0, corner=False)
        assert done.goal_met
        _check(page, "a bar protected")
        _shoot(page, tmp_path, "2_protected")

        trucks = _tutorial("trucks", TRUCK_SOLUTION[:2])
        _open(page, learn_url, trucks)
        move = next(a for a in trucks.game().pending.options if str(a) == TRUCK_SOLUTION[2])
        to = int(move.args[0])
        assert (to, None) in trucks.targets()
        bar = next(  # the learner's bar there, a marker on the map
            s
            for s, sp in enumerate(trucks.game().state.districts[to].spaces)
            if sp.building is not None
        )
        moved = _clicked_space(page, trucks, "buildings", to, bar, corner=True)
        assert TRUCK_SOLUTION[2] in moved.moves  # the click on the bar moved the truck
        _check(page, "the truck moved")
        _shoot(page, tmp_path, "3_truck_moved")
        delivered = _clicked_space(page, moved, "buildings", to, bar, corner=False)
        assert delivered.goal_met and any(m.startswith("deliver") for m in delivered.moves)
    finally:
        context.close()

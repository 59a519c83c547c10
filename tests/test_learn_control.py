"""Issue 13 item 12: the control explorer forgot to drop a refused edit's reason when "Start
from" changed, so the new position showed a refusal made on the old one (R-POLICE-3 here).

A refusal is now kept with the start it was refused on and shown only on that start. Run
in-process (``app.run()``): the notebook's own ``make_edit`` records the refusal with its start,
and ``problem_on`` shows it on that start only.
"""

from __future__ import annotations

import importlib.util
from pathlib import Path
from typing import Any

from speakeasy.games.speakeasy.studies.control import Edit

NOTEBOOK = Path(__file__).resolve().parent.parent / "notebooks" / "control.py"


def _defs() -> dict[str, Any]:
    spec = importlib.util.spec_from_file_location("control_notebook_refusal", NOTEBOOK)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    _, defs = module.app.run()
    return dict(defs)


def test_a_refusal_is_shown_only_on_the_start_it_was_made_on() -> None:
    defs = _defs()
    start = defs["start_key"]
    assert defs["get_problem"]() is None
    defs["make_edit"](defs["exploration"], Edit.add_police(12))  # police already stand there
    problem = defs["get_problem"]()
    assert problem is not None and problem[0] == start
    assert "already has its police figure" in problem[1] and "R-POLICE-3" in problem[1]
    problem_on = defs["problem_on"]
    assert problem_on(problem, start) == problem[1]
    assert problem_on(problem, "setup:2:1") is None  # "Start from" changed: nothing stale
    assert problem_on(None, start) is None


def test_the_side_panel_reads_the_refusal_through_its_start() -> None:
    source = NOTEBOOK.read_text(encoding="utf-8")
    assert "_problem = problem_on(get_problem(), start_key)" in source
    assert "markdown_escape(get_problem())" not in source

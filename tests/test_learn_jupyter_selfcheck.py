"""Issue 13 item 11: in JupyterLab, *Run All* of ``notebooks/play.ipynb`` ended with its
self-check cell playing moves on the user's own table (the user started at step 13 of another
game). The self-check now plays on a table of its own and puts the user's table, the setup form
and the rule lookup back as they were.

The notebook is executed in a kernel (nbclient) with two extra cells: one before the self-check
records the user's table, one after it compares.
"""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest

NOTEBOOK = Path(__file__).resolve().parent.parent / "notebooks" / "play.ipynb"

BEFORE = """\
mine = (table, table.game.seed, tuple(str(a) for a in table.game.history), dict(table.seats))
form = ({c: w.value for c, w in seat_pickers.items()}, seed_input.value)
"""
AFTER = """\
assert table is mine[0], "the user's own table object is back"
assert (table.game.seed, tuple(str(a) for a in table.game.history), dict(table.seats)) == mine[1:]
assert ({c: w.value for c, w in seat_pickers.items()}, seed_input.value) == form
assert rule_query.value == ""
shown_step = board.figure["layout"]["meta"]["step"]
assert shown_step == len(table.game.history), "the map shows the user's game"
print("user table kept at step", len(table.game.history))
"""


def test_run_all_leaves_the_users_table_as_it_was() -> None:
    nbformat = pytest.importorskip("nbformat")
    nbclient = pytest.importorskip("nbclient")
    nb = nbformat.reads(NOTEBOOK.read_text(encoding="utf-8"), as_version=4)
    cells = nb.cells
    check = next(i for i, c in enumerate(cells) if "self-check passed" in c.source)
    assert check == len(cells) - 1, "the self-check is the last cell"
    extended = copy.deepcopy(nb)
    extended.cells.insert(check, nbformat.v4.new_code_cell(BEFORE))
    extended.cells.append(nbformat.v4.new_code_cell(AFTER))
    client = nbclient.NotebookClient(
        extended, timeout=300, kernel_name="python3", resources={"metadata": {"path": "."}}
    )
    client.execute(cwd=str(NOTEBOOK.parent.parent))
    outputs = ["".join(o.get("text", "") for o in c.get("outputs", [])) for c in extended.cells]
    assert "self-check passed" in outputs[check + 1]
    assert "user table kept at step" in outputs[-1]


def test_the_self_check_cell_restores_in_a_finally_block() -> None:
    cells = json.loads(NOTEBOOK.read_text(encoding="utf-8"))["cells"]
    source = "".join(cells[-1]["source"])
    assert "try:" in source and "finally:" in source and "table, seats_before" in source

"""``notebooks/play.ipynb`` in a real JupyterLab (headless Chromium).

A copy of the notebook is opened in ``jupyter lab`` serving a temporary directory (nothing is
written into the repository), every cell is run from the *Run* menu, and the page must show the
ipywidgets form and the plotly map with no error output; the notebook's own self-check cell
(a 2-player game against a bot, decisions, a map click, undo) must pass. Then the *Undo* and
*Redo* buttons are clicked in the browser and the map's title follows. A screenshot is kept
under ``tmp_path`` and copied to ``/tmp/play_jupyterlab.png``.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import ROOT, _free_port, _wait_until_served

pytestmark = pytest.mark.browser
expect = pytest.importorskip("playwright.sync_api").expect

SCREENSHOT_COPY = Path("/tmp/play_jupyterlab.png")
TIMEOUT_MS = 120_000


@pytest.fixture
def jupyterlab(tmp_path: Path) -> Iterator[str]:
    """``jupyter lab`` serving a copy of play.ipynb from ``tmp_path``; its notebook URL."""
    work = tmp_path / "lab"
    work.mkdir()
    shutil.copy(ROOT / "notebooks" / "play.ipynb", work / "play.ipynb")
    port = _free_port()
    env = {
        **os.environ,
        "PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ.get('PATH', '')}",
        "JUPYTER_RUNTIME_DIR": str(tmp_path / "runtime"),
        "JUPYTER_CONFIG_DIR": str(tmp_path / "config"),
        "IPYTHONDIR": str(tmp_path / "ipython"),
    }
    proc = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "jupyter",
            "lab",
            "--no-browser",
            "--allow-root",
            "--ip=127.0.0.1",
            f"--port={port}",
            "--ServerApp.token=",
            "--ServerApp.password=",
            f"--ServerApp.root_dir={work}",
            f"--LabApp.workspaces_dir={tmp_path / 'workspaces'}",
        ],
        cwd=work,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        stdin=subprocess.DEVNULL,
    )
    base = f"http://127.0.0.1:{port}"
    try:
        _wait_until_served(f"{base}/api", proc, 60)
        yield f"{base}/lab/tree/play.ipynb"
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait(timeout=10)


def _title(page: Any) -> str:
    return page.locator(".js-plotly-plot .gtitle").first.text_content() or ""


def _step(page: Any) -> int:
    found = re.match(r"Step (\d+)", _title(page))
    assert found, _title(page)
    return int(found.group(1))


def test_play_runs_in_jupyterlab_and_its_buttons_answer(
    jupyterlab: str, chromium_page: Any, tmp_path: Path
) -> None:
    page = chromium_page
    page.goto(jupyterlab, wait_until="domcontentloaded")
    page.wait_for_selector(".jp-Notebook", timeout=TIMEOUT_MS)
    # the status bar's kernel button reads "Python 3 (ipykernel) | Idle" once the kernel is up
    kernel_idle = page.get_by_role("button", name=re.compile(r"\| Idle$"))
    expect(kernel_idle).to_be_visible(timeout=TIMEOUT_MS)
    page.get_by_role("menuitem", name="Run").first.click()
    page.get_by_text("Run All Cells", exact=True).click()

    expect(page.get_by_text("self-check passed:")).to_be_visible(timeout=TIMEOUT_MS)
    errors = page.locator(".jp-OutputArea-output[data-mime-type='application/vnd.jupyter.stderr']")
    assert errors.count() == 0, errors.all_inner_texts()
    expect(
        page.locator(".jp-OutputArea-output .jp-RenderedText", has_text="Traceback")
    ).to_have_count(0)
    # the widgets draw after the kernel has answered: give them the same time as the cells
    expect(page.locator(".js-plotly-plot").first).to_be_visible(timeout=TIMEOUT_MS)
    expect(page.get_by_role("button", name="New game")).to_be_visible(timeout=TIMEOUT_MS)

    # the self-check played on a table of its own; the map shows the user's table again (it
    # follows asynchronously; a new seed each time, so purple's first decision is step 1 or a
    # later one), where no person has decided yet: a bot decides for purple
    title = page.locator(".js-plotly-plot .gtitle").first
    expect(title).to_have_text(re.compile(r"^Step \d+ · Purple"), timeout=30_000)
    expect(page.get_by_role("button", name="Undo")).to_be_disabled()
    first = _step(page)
    page.get_by_role("button", name=re.compile("Let a bot decide")).click()
    expect(title).not_to_have_text(re.compile(rf"^Step {first} · "), timeout=30_000)
    after_check = _step(page)
    page.get_by_role("button", name="Undo").click()
    expect(page.locator(".js-plotly-plot .gtitle").first).not_to_have_text(
        re.compile(rf"^Step {after_check} "), timeout=30_000
    )
    undone = _step(page)
    assert undone < after_check
    page.get_by_role("button", name="Redo").click()
    expect(page.locator(".js-plotly-plot .gtitle").first).to_have_text(
        re.compile(rf"^Step {after_check} "), timeout=30_000
    )
    # issue 24 item 13: "Save game" on one line beside Undo and Redo, and the game's pause
    # before each Lucky Luciano phase offered, on by default
    save = page.get_by_text("Save game", exact=True).first
    expect(save).to_be_visible(timeout=30_000)
    box = save.bounding_box()
    # one line: as wide as both words side by side (wrapped, it is one word wide and taller)
    assert box is not None and box["width"] > 80 and box["height"] < 45, f"wraps: {box}"
    pause = page.get_by_role("checkbox", name="Pause before each Lucky Luciano phase")
    expect(pause).to_be_checked()
    page.locator(".js-plotly-plot").first.scroll_into_view_if_needed()
    page.screenshot(path=str(tmp_path / "play_jupyterlab.png"))
    shutil.copyfile(tmp_path / "play_jupyterlab.png", SCREENSHOT_COPY)

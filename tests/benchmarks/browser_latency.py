"""Browser latency of ``notebooks/play.py`` against marimo's own floor (issue 13, "Speed").

A benchmark run by hand, not a timed test (pytest collects only ``test_*.py``)::

    PYTHONPATH=$PWD .venv/bin/python tests/benchmarks/browser_latency.py --clicks 20

It serves ``tests/benchmarks/latency_floor.py`` (one button updating one text cell: marimo's
cheapest round trip) with ``marimo run``, and ``notebooks/play.py`` as the README's explorer
serves it (``speakeasy workshop``, at ``/play/``), in the same run, drives both
in one headless Chromium (Debian's ``/usr/bin/chromium`` through playwright; never
``playwright install``) and alternates clicks between them: the floor's button, then play's
first option button. Each click is timed inside the page, from the ``click`` event (a capturing
listener on the document) to the first animation frame that shows the update: the floor's
count changed, or play's map drawn with a new title (the map's title names the step, so every
decision changes it; it is looked up inside marimo's custom elements, whatever draws the map).

Scenarios:

* **start**: play's opening decisions of a new game (seed 1, purple a person, blue a bot);
* **late**: a 4-player game saved at 70 % of its length (random bots, seed 7), loaded through
  the notebook's "Load a saved game" form, then the same clicks;
* **cold**: the first map on a freshly started server (navigation start to the map drawn, in
  the page), and a second visitor's on the same server.

Printed and written (``--out``, JSON): p50 and p95 per app and scenario, play's p95 over the
floor's p95 (target: at most 3), and the cold map (target: at most 2.5 s). Clicks that produced
no update within 15 s are retried and counted as lost. The machine is shared: compare ratios
within one run, not milliseconds across runs.

``--app mafia-city`` measures ``notebooks/mafia_city_play.py`` the same way (its start, and a
late 5-player game saved at 70 %; no cold scenario): see ``run_mafia_city``.

Results (before and after, with the raw samples): ``browser_latency_results.md`` and
``browser_latency_*.json`` next to this script.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import re
import socket
import statistics
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Iterator
from contextlib import ExitStack, contextmanager
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

FLOOR_APP = ROOT / "tests" / "benchmarks" / "latency_floor.py"
PLAY_APP = ROOT / "notebooks" / "play.py"
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run"]
OPTION_BUTTONS = ".se-options button.se-option"
CLICK_TIMEOUT_MS = 15_000

# Installed in every page before its scripts run. ``key()`` is what a click must change: the
# floor's count; for play, both the map's title (which names the step) and the decision
# panel's step (found in the light DOM or inside marimo's elements' shadow roots). A click
# arms the timer only after ``__lat.arm()``; the first animation frame in which every part of
# the key differs from the key at the click records a sample. ``settled`` records, for play,
# when the views below the map (the player boards) show the new step too: the cells that
# still re-run after the panel and map answered.
_PROBE = """
(() => {
  const all = (selector) => {
    const out = [];
    const walk = (root, depth) => {
      for (const t of root.querySelectorAll(selector)) out.push(t);
      if (depth > 4) return;
      for (const el of root.querySelectorAll('*')) {
        if (el.shadowRoot) walk(el.shadowRoot, depth + 1);
      }
    };
    walk(document, 0);
    return out;
  };
  // the map's <svg> and the panel's root, found once (a walk of every shadow root costs
  // milliseconds a frame on a late game's page) and looked up again only when they leave it
  const cached = {};
  const find = (name, selector) => {
    const el = cached[name];
    if (el && el.isConnected) return el;
    cached[name] = all(selector)[0];
    return cached[name];
  };
  const mapTitle = () => {
    const svg = find('map', '.se-map svg');
    const titles = svg ? [svg.querySelector('.gtitle')] : all('.gtitle');
    const t = titles.map(e => (e && e.textContent) || '').find(t => /to decide|Game over/.test(t));
    return t === undefined ? null : t;
  };
  const panelStep = () => {
    const p = find('panel', '.se-side[data-step]');
    return p === undefined ? null : p.dataset.step;
  };
  const boardsStep = () => {
    const b = document.querySelector('.se-boards[data-step]');
    return b === null ? null : b.dataset.step;
  };
  const key = () => {
    const floor = document.querySelector('.floor-count');
    if (floor) return [floor.textContent];
    const map = mapTitle();
    return map === null ? null : [map, panelStep()];
  };
  const differs = (a, b) => a !== null && b !== null && a.every((x, i) => x !== b[i]);
  const lat = { samples: [], settled: [], armed: false, t0: null, base: null, firstMap: null,
                key: () => { const k = key(); return k === null ? null : k.join(' | '); } };
  lat.arm = () => { lat.armed = true; };
  window.__lat = lat;
  const watch = () => {
    if (lat.t0 !== null && differs(key(), lat.base)) {
      const t0 = lat.t0;
      lat.samples.push(performance.now() - t0);
      lat.t0 = null;
      const step = panelStep();
      if (step !== null && !document.querySelector('.floor-count')) {
        const settle = () => {
          if (boardsStep() === step) { lat.settled.push(performance.now() - t0); return; }
          if (performance.now() - t0 < 15000) requestAnimationFrame(settle);
        };
        requestAnimationFrame(settle);
      }
    }
    if (lat.t0 !== null) requestAnimationFrame(watch);
  };
  document.addEventListener('click', () => {
    if (!lat.armed) return;
    lat.armed = false;
    lat.base = key();
    lat.t0 = performance.now();
    requestAnimationFrame(watch);
  }, true);
  const first = () => {
    if (lat.firstMap === null && key() !== null) { lat.firstMap = performance.now(); return; }
    requestAnimationFrame(first);
  };
  requestAnimationFrame(first);
})();
"""


def _free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


@contextmanager
def served(notebook: Path | None, pythonpath: Path | None = None) -> Iterator[str]:
    """``marimo run`` of ``notebook`` on a free port (as ``tests/conftest.py`` serves them),
    importing ``speakeasy`` from ``pythonpath`` when given; with no notebook, ``speakeasy
    workshop`` (the README's explorer command, which serves play at ``/play/``)."""
    port = _free_port()
    url = f"http://127.0.0.1:{port}/"
    if notebook is None:
        cmd = [
            sys.executable,
            "-c",
            "import sys; from speakeasy.app.cli import main; sys.exit(main(sys.argv[1:]))",
            "workshop",
            "--port",
            str(port),
        ]
    else:
        cmd = [sys.executable, "-m", "marimo", "run", "--headless", "--host", "127.0.0.1"]
        cmd += ["--port", str(port), "--no-token", str(notebook)]
    env = None if pythonpath is None else {**os.environ, "PYTHONPATH": str(pythonpath)}
    proc = subprocess.Popen(
        cmd,
        cwd=pythonpath or ROOT,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        stdin=subprocess.DEVNULL,
    )
    try:
        deadline = time.monotonic() + 60
        while True:
            if proc.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError(f"marimo did not serve {notebook}")
            try:
                with urllib.request.urlopen(url, timeout=2) as response:
                    if response.status == 200:
                        break
            except (urllib.error.URLError, ConnectionError, TimeoutError):
                time.sleep(0.1)
        yield url
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait(timeout=10)


def percentile(values: list[float], q: float) -> float:
    """Nearest-rank percentile (``q`` in 0-100)."""
    ordered = sorted(values)
    return ordered[max(math.ceil(q / 100 * len(ordered)) - 1, 0)]


def late_save(players: int = 4, seed: int = 7, fraction: float = 0.7) -> str:
    """A ``players``-player game of random bots saved at ``fraction`` of its length."""
    from speakeasy import Game
    from speakeasy.games.speakeasy.table.play import Table

    colours = ["purple", "blue", "green", "yellow"][:players]
    whole = Table.new(dict.fromkeys(colours, "bot"), seed=seed).game
    cut = int(len(whole.history) * fraction)
    return Game.replay(seed, whole.history[:cut], players=colours).to_json()


def _settle(page: Any, ms: int = 400) -> None:
    page.wait_for_timeout(ms)


def timed_click(page: Any, selector: str) -> tuple[float, int]:
    """Click the first ``selector`` and return (ms from the click to the update, lost clicks)."""
    lost = 0
    for _ in range(4):
        page.bring_to_front()
        target = page.locator(selector).first
        go_on = page.get_by_role("button", name=re.compile("Continue the game"))
        target.or_(go_on).first.wait_for(state="visible", timeout=CLICK_TIMEOUT_MS)
        if not target.is_visible():  # paused before a Lucky Luciano phase: not timed
            go_on.click()
        target.wait_for(state="visible", timeout=CLICK_TIMEOUT_MS)
        count = page.evaluate("window.__lat.samples.length")
        page.evaluate("window.__lat.arm()")
        target.click()
        try:
            page.wait_for_function(
                f"window.__lat.samples.length > {count}", timeout=CLICK_TIMEOUT_MS, polling=50
            )
        except Exception:  # a click lost while marimo swapped the element: retried
            lost += 1
            page.evaluate("window.__lat.t0 = null")
            continue
        sample: float = page.evaluate("window.__lat.samples[window.__lat.samples.length - 1]")
        return sample, lost
    raise RuntimeError(f"four clicks on {selector} changed nothing")


def wait_for_map(page: Any, pattern: str, timeout_ms: int = 60_000) -> None:
    page.wait_for_function(
        f"(() => {{ const k = window.__lat.key(); return k !== null && /{pattern}/.test(k); }})()",
        timeout=timeout_ms,
        polling=100,
    )


def load_save(page: Any, text: str) -> None:
    """Load ``text`` through play's "Load a saved game" form and wait for its map."""
    step = len(json.loads(text)["actions"])
    page.get_by_text("Load a saved game", exact=True).click()
    area = page.locator("marimo-text-area textarea").first
    area.wait_for(state="visible", timeout=CLICK_TIMEOUT_MS)
    area.fill(text)
    area.press("Tab")
    _settle(page, 800)
    page.get_by_role("button", name="Load a game", exact=True).click()
    page.get_by_text(f"Loaded a game at step {step + 1}.").wait_for(timeout=60_000)
    page.wait_for_function(
        "(() => { const m = /Step (\\d+)/.exec(window.__lat.key() || '');"
        f" return m !== null && Number(m[1]) >= {step}; }})()",
        timeout=60_000,
        polling=100,
    )
    _settle(page, 1500)


def open_pages(context: Any, urls: dict[str, str], buttons: str) -> list[tuple[str, Any, str]]:
    """One page per app (the probe installed), each ready for its first click: the floor's
    button, or a play table's first option (``buttons``)."""
    context.add_init_script(_PROBE)
    pages: list[tuple[str, Any, str]] = []
    for name, url in urls.items():
        page = context.new_page()
        # a play table opens a new seed's game unless the address names one: every run plays
        # seed 1's game
        page.goto(url if name == "floor" else url + "?seed=1")
        if name == "floor":
            page.locator(".floor-count").wait_for(timeout=60_000)
            pages.append((name, page, "marimo-button button"))
            continue
        wait_for_map(page, "to decide")
        page.locator(buttons).first.wait_for(timeout=60_000)
        _settle(page, 1500)
        pages.append((name, page, buttons))
    return pages


def start_and_late(
    pages: list[tuple[str, Any, str]], clicks: int, load: Callable[[Any], None] | None
) -> dict[str, Any]:
    """The "start" scenario; then, unless ``load`` is None, each play page loads the late
    game (``load(page)``) and the "late" scenario."""
    out = {"start": run_scenario(pages, clicks)}
    print("start", _summary(out["start"]), flush=True)
    if load is not None:
        for name, page, _ in pages:
            if name != "floor":
                load(page)
        out["late"] = run_scenario(pages, clicks)
        print("late", _summary(out["late"]), flush=True)
    return out


def run_scenario(pages: list[tuple[str, Any, str]], clicks: int) -> dict[str, Any]:
    """``clicks`` rounds of one click per page (``(name, page, selector)``), in turn."""
    samples: dict[str, list[float]] = {name: [] for name, _, _ in pages}
    lost = dict.fromkeys(samples, 0)
    settled_before = {name: page.evaluate("window.__lat.settled.length") for name, page, _ in pages}
    for _ in range(clicks):
        for name, page, selector in pages:
            ms, missed = timed_click(page, selector)
            samples[name].append(ms)
            lost[name] += missed
            _settle(page, 300 if name == "floor" else 600)
    out: dict[str, Any] = {}
    for name, values in samples.items():
        out[name] = {
            "p50": round(statistics.median(values), 1),
            "p95": round(percentile(values, 95), 1),
            "n": len(values),
            "lost": lost[name],
            "samples": [round(v, 1) for v in values],
        }
    for name, page, _ in pages:
        settled = page.evaluate("window.__lat.settled")[settled_before[name] :]
        if settled:  # the views below the map caught up (play only)
            out[name]["settled_p50"] = round(statistics.median(settled), 1)
            out[name]["settled_p95"] = round(percentile(settled, 95), 1)
    for name in samples:
        if name != "floor":
            key = "ratio_p95" if name == "play" else f"ratio_p95_{name}"
            out[key] = round(out[name]["p95"] / out["floor"]["p95"], 2)
    return out


def cold_map(browser: Any) -> dict[str, float]:
    """The first map on a freshly started play server, and a second visitor's: served by
    ``marimo run`` and by ``speakeasy workshop`` (the README's command, which imports and
    warms what play needs while it starts); and, for scale, marimo's floor app's first frame
    on a fresh server (marimo's own cold start)."""
    result: dict[str, float] = {}
    for name, app, path in (("", PLAY_APP, ""), ("workshop_", None, "play/")):
        with served(app) as url:
            if app is None:
                time.sleep(3)  # the workshop is listening; let its warm-up finish
            for visitor in ("first", "second"):
                context = browser.new_context(viewport={"width": 1280, "height": 800})
                context.add_init_script(_PROBE)
                page = context.new_page()
                page.goto(url + path, wait_until="commit")
                wait_for_map(page, "to decide")
                ms = round(page.evaluate("window.__lat.firstMap"), 1)
                result[f"{name}{visitor}_map_ms"] = ms
                context.close()
    with served(FLOOR_APP) as url:
        context = browser.new_context(viewport={"width": 1280, "height": 800})
        context.add_init_script(_PROBE)
        page = context.new_page()
        page.goto(url, wait_until="commit")
        page.locator(".floor-count").wait_for(timeout=60_000)
        result["floor_first_frame_ms"] = round(page.evaluate("window.__lat.firstMap"), 1)
        context.close()
    return result


def main(argv: list[str] | None = None) -> dict[str, Any]:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--clicks", type=int, default=20, help="clicks per app and scenario")
    parser.add_argument("--out", type=Path, help="write the results as JSON here")
    parser.add_argument("--label", default="", help="a name for this run in the JSON")
    parser.add_argument("--no-cold", action="store_true", help="skip the cold-server map")
    parser.add_argument("--no-late", action="store_true", help="skip the late 4-player game")
    parser.add_argument(
        "--app",
        choices=sorted(APPS),
        default="speakeasy",
        help="whose play notebook: speakeasy (notebooks/play.py) or mafia-city "
        "(notebooks/mafia_city_play.py, see run_mafia_city)",
    )
    parser.add_argument(
        "--baseline",
        type=Path,
        help="a checkout of an older commit: its play.py is served and clicked in the same "
        "rounds (e.g. BEFORE and AFTER under the same load)",
    )
    args = parser.parse_args(argv)
    other_app = APPS[args.app]
    if other_app is not None:
        return other_app(args)

    from playwright.sync_api import sync_playwright

    results: dict[str, Any] = {"label": args.label, "clicks": args.clicks}
    save = late_save()
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            if not args.no_cold:
                results["cold"] = cold_map(browser)
                print("cold", results["cold"], flush=True)
            with ExitStack() as stack:
                urls = {
                    "floor": stack.enter_context(served(FLOOR_APP)),
                    "play": stack.enter_context(served(None)) + "play/",
                }
                if args.baseline is not None:
                    urls["baseline"] = stack.enter_context(served(None, args.baseline)) + "play/"
                context = browser.new_context(viewport={"width": 1400, "height": 1000})
                pages = open_pages(context, urls, OPTION_BUTTONS)
                late = None if args.no_late else lambda page: load_save(page, save)
                results.update(start_and_late(pages, args.clicks, late))
                context.close()
        finally:
            browser.close()
    if args.out:
        args.out.write_text(json.dumps(results, indent=1) + "\n")
    return results


# ---------------------------------------------------------------- Mafia City (--app mafia-city)
# notebooks/mafia_city_play.py against the same floor: start = the opening decisions of the
# notebook's default game (red a person, a heuristic and a random bot); late = a 5-player game
# of random bots saved at 70 % of its length, loaded with red a person and the others bots.
MC_OPTION_BUTTONS = ".se-options button.se-option, .se-options button.se-play"
MC_LATE_SEATS = {"blue": "heuristic", "green": "random", "yellow": "random", "grey": "random"}


def mc_late_save(players: int = 5, seed: int = 7, fraction: float = 0.7) -> str:
    """A ``players``-player Mafia City game of random bots saved at ``fraction`` of its length."""
    from speakeasy.games.mafia_city.table.play import Table

    colours = ["red", "blue", "green", "yellow", "grey"][:players]
    whole = Table.new(dict.fromkeys(colours, "random"), seed=seed).game
    cut = int(len(whole.history) * fraction)
    game = type(whole).new(list(colours), seed=seed)
    for action in whole.history[:cut]:
        game.apply(action)
    return game.to_json()


def mc_load_save(page: Any, text: str) -> None:
    """Seat bots at every colour but red, then load ``text`` through the notebook's form."""
    step = len(json.loads(text)["actions"])
    page.get_by_text("New game (seats, seed, target)", exact=True).click()
    pickers = page.locator("marimo-dropdown select")
    pickers.first.wait_for(state="visible", timeout=CLICK_TIMEOUT_MS)
    for i, colour in enumerate(["red", "blue", "green", "yellow", "grey"]):
        pickers.nth(i).select_option(MC_LATE_SEATS.get(colour, "human"))
        _settle(page, 300)
    page.get_by_text("Load a saved game", exact=True).click()
    area = page.locator("marimo-text-area textarea").first
    area.wait_for(state="visible", timeout=CLICK_TIMEOUT_MS)
    area.fill(text)
    area.press("Tab")
    _settle(page, 800)
    page.get_by_role("button", name="Load", exact=True).click()
    page.get_by_text(re.compile(r"Loaded a game at step \d+")).wait_for(timeout=60_000)
    page.wait_for_function(
        "(() => { const m = /Step (\\d+)/.exec(window.__lat.key() || '');"
        f" return m !== null && Number(m[1]) >= {step}; }})()",
        timeout=60_000,
        polling=100,
    )
    page.locator(MC_OPTION_BUTTONS).first.wait_for(timeout=60_000)
    _settle(page, 1500)


def run_mafia_city(args: argparse.Namespace) -> dict[str, Any]:
    """The floor and the Mafia City play notebook clicked in turn (start, then late)."""
    from playwright.sync_api import sync_playwright

    results: dict[str, Any] = {"app": "mafia-city", "label": args.label, "clicks": args.clicks}
    save = mc_late_save()
    with sync_playwright() as pw, ExitStack() as stack:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        stack.callback(browser.close)
        urls = {"floor": stack.enter_context(served(FLOOR_APP))}
        urls["play"] = stack.enter_context(served(None)) + "mafia-city-play/"
        if args.baseline is not None:
            urls["baseline"] = stack.enter_context(served(None, args.baseline)) + "mafia-city-play/"
        context = browser.new_context(viewport={"width": 1400, "height": 1000})
        pages = open_pages(context, urls, MC_OPTION_BUTTONS)
        late = None if args.no_late else lambda page: mc_load_save(page, save)
        results.update(start_and_late(pages, args.clicks, late))
        context.close()
    if args.out:
        args.out.write_text(json.dumps(results, indent=1) + "\n")
    return results


#: ``--app``: the apps other than Speakeasy's play.py, each measured by its own function.
APPS: dict[str, Callable[[argparse.Namespace], dict[str, Any]] | None] = {
    "speakeasy": None,
    "mafia-city": run_mafia_city,
}


def _summary(scenario: dict[str, Any]) -> str:
    parts = [
        f"{name} p50 {v['p50']} p95 {v['p95']} (lost {v['lost']})"
        + (f" settled p50 {v['settled_p50']} p95 {v['settled_p95']}" if "settled_p50" in v else "")
        for name, v in scenario.items()
        if isinstance(v, dict)
    ]
    ratios = [f"{k} {v}" for k, v in scenario.items() if k.startswith("ratio")]
    return " | ".join(parts + ratios)


if __name__ == "__main__":
    main()

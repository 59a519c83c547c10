"""Hostile text pasted and uploaded into every text and file input of the workshop's notebooks
while a second visitor clicks in Play (issue 26, item 12).

Shared by the browser test (``tests/test_browser_hostile_input.py``: every input answers each
text :func:`coverage` gives it with a refusal the page shows, and every click of the other
visitor is answered) and the benchmark (``tests/benchmarks/hostile_browser_latency.py``: that
visitor's click latency, idle and during the attack, in one run).

* :data:`HOSTILE_TEXTS` go into text boxes and text areas, :data:`HOSTILE_FILES` into file
  inputs (the texts as files, bytes that are not UTF-8, and a file over the 5 MB limit).
* :data:`COVERAGE` says which of them each input gets. Inputs share readers (the save readers,
  the rule search, the exercises' check, the token parser): the first input of each reader gets
  every text (or file), each other input of that reader one of them, whose refusal on the page
  shows that it reached the same reader. The readers' own hostile-input tests (linear time,
  sizes, memory) are unit tests: ``tests/test_saves.py``, ``tests/test_scenario_edges.py``,
  ``tests/test_mc_positions.py``, ``tests/benchmarks/test_bench_hostile.py``.
* :class:`Attacker` is visitor A: one page that visits each notebook in turn (:data:`ATTACKS`)
  and puts each hostile text of :data:`COVERAGE` (or, with ``every_text``, every one) into each
  of its inputs, then a harmless value, and waits for what the page answers to each. It fails
  (:class:`AssertionError`) when an answer is not the expected refusal, or the page shows a
  traceback.
* :class:`Clicker` is visitor B: a Play page in a browser of its own (its own thread and
  playwright) that makes one decision, then clicks Undo and Redo in turn, each time waiting
  until the map and the decision panel show the step it went to. The page times each click
  from the click event to the first frame that shows the new step (``samples``, ms).

Every wait is for a state the page shows (the panel's ``data-seq`` that counts the kernel's
answers, a cell's text, the table's step), never for a fixed time; the bounds only catch a hang.

The answers of marimo's callouts and Markdown are drawn inside shadow roots, where the light
DOM's ``innerText`` does not reach: every wait for a text reads the shadow roots too.
"""

from __future__ import annotations

import math
import re
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

from speakeasy.games.mafia_city.table.play import Table as McTable
from speakeasy.games.speakeasy.table.play import Table
from speakeasy.tools.inputs import MAX_UPLOAD_BYTES
from tests.browser import DEEP_TEXT_JS, POLL_MS, wait_for_cells, wait_for_table
from tests.conftest import CHROMIUM, CHROMIUM_ARGS

__all__ = [
    "ATTACKS",
    "COVERAGE",
    "HOSTILE_FILES",
    "HOSTILE_TEXTS",
    "SMALL",
    "Attacker",
    "Clicker",
    "coverage",
    "percentile",
    "valid_saves",
]

#: Text pasted or typed into every text box and text area.
HOSTILE_TEXTS: dict[str, str] = {
    "escaped quotes": '"' + '\\"' * 30_000,  # 60 KB: one unterminated JSON string
    "nested brackets": "[" * 20_000,
    "one long line": "x" * 1_000_000,  # 1 MB without a line break
    "megabytes": ("speakeasy " * 10 + "\n") * 30_000,  # 3.3 MB of lines
    "NUL bytes": "nul\x00" * 10_000,  # letters too: a browser may drop the NULs of a paste
}
#: Bytes uploaded through every file input (named ``<slug>.json``, or ``.toml`` too).
HOSTILE_FILES: dict[str, bytes] = {
    **{name: text.encode() for name, text in HOSTILE_TEXTS.items()},
    "not UTF-8": b"\xff\xfe" * 50_000,
    "too large": b"[" * (MAX_UPLOAD_BYTES + 1),
}

TEXTS = tuple(HOSTILE_TEXTS)
FILES = tuple(HOSTILE_FILES)
#: What only a file can hold: bytes that are not UTF-8 and more than the upload limit.
FILE_ONLY = ("not UTF-8", "too large")
#: The small texts (under 100 KB), one of which, in turn, goes to each input that gets one.
SMALL = ("escaped quotes", "nested brackets", "NUL bytes")

#: Which hostile texts (or files) each input gets: (notebook, input) -> names. Each reader gets
#: every text once, through its first input below; every other input of the same reader gets
#: one text (the small ones in turn), and its refusal on the page shows that the text reached
#: that reader. The two files only a file can hold are refused before any reader, by the
#: upload's check (``checked_upload_text``): Play's and Mafia City Play's uploads get them, and
#: Truck routes' as ``.toml`` (its ``.json`` goes through the same check first). An exercise's
#: answer box not listed (as many as the exercises: :func:`coverage`) gets one small text.
COVERAGE: dict[tuple[str, str], tuple[str, ...]] = {
    # Speakeasy's save reader (Table.load, Game.from_json), through checked_upload_text
    ("play/", "paste"): TEXTS,
    ("play/", "file"): ("nested brackets", *FILE_ONLY),
    ("truck-routes/", "file.json"): ("NUL bytes",),
    # Mafia City's save reader
    ("mafia-city-play/", "paste"): TEXTS,
    ("mafia-city-play/", "file"): ("escaped quotes", *FILE_ONLY),
    # the scenario reader (parse_scenario): every file
    ("truck-routes/", "file.toml"): FILES,
    # looking a rule up (RuleLookup: Speakeasy's rules in Play, Mafia City's in its Play)
    ("play/", "look up a rule"): TEXTS,
    ("mafia-city-play/", "look up a rule"): ("nested brackets",),
    # the rules page's search of both games (find_rules, find_terms)
    ("rules/", "search"): TEXTS,
    # the stacks' token parser (parse_tokens): the eight boxes of Mafia City control
    ("mafia-city-control/", "text box 1"): TEXTS,
    **{("mafia-city-control/", f"text box {i}"): (SMALL[i % 3],) for i in range(2, 9)},
    # an exercise's answer (Exercise.check): every text in Control's first box
    ("control/", "answer 1"): TEXTS,
}


def coverage(path: str, what: str) -> tuple[str, ...]:
    """The names of the hostile texts (or files) that input ``what`` of ``path`` gets: its
    entry in :data:`COVERAGE`, or for an exercise's answer box not there (``"answer N"``), one
    small text (:data:`SMALL`, in turn)."""
    if (path, what) in COVERAGE:
        return COVERAGE[(path, what)]
    number = int(what.removeprefix("answer "))  # any other input must be in COVERAGE
    return (SMALL[number % len(SMALL)],)


#: How long an answer may take before the page counts as hung (ms): no speed claim.
HANG_MS = 60_000
#: How long one click or one value waits for its answer before it is sent again (ms).
RETRY_MS = 10_000

SET_VALUE = "/api/kernel/set_ui_element_value"

#: Whatever shows that a cell failed: marimo's error output or a Python traceback.
_BROKEN_JS = """() => {
  const text = document.body.innerText;
  const bad = ['Traceback (most recent call last)', 'An internal error occurred'];
  const found = bad.filter(b => text.includes(b));
  if (document.querySelector('.marimo-error, [data-testid="marimo-error"]')) found.push('error');
  return found;
}"""

#: The decision panel's root (inside an anywidget's shadow root): its step and answer count.
_PANEL_JS = """() => {
  const walk = (root) => {
    const hit = root.querySelector('.se-side');
    if (hit) return hit;
    for (const el of root.querySelectorAll('*')) {
      if (el.shadowRoot) { const h = walk(el.shadowRoot); if (h) return h; }
    }
    return null;
  };
  const side = walk(document);
  if (!side || side.dataset.seq === undefined) return null;
  const note = side.querySelector(':scope > .se-note');
  return { seq: Number(side.dataset.seq), note: note ? note.textContent.trim() : null };
}"""


def percentile(values: list[float], q: float) -> float:
    """Nearest-rank percentile (``q`` in 0-100)."""
    ordered = sorted(values)
    return ordered[max(math.ceil(q / 100 * len(ordered)) - 1, 0)]


def slug(name: str) -> str:
    """A file name for a hostile text's name (``"not UTF-8"`` -> ``"not-utf-8"``)."""
    return re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")


def broken(page: Any) -> list[str]:
    """What on the page shows a failed cell (empty when none)."""
    found: list[str] = page.evaluate(_BROKEN_JS)
    return found


def _wait_text(page: Any, needle: str, present: bool = True) -> None:
    """Wait until the page's text, shadow roots included (marimo draws callouts and Markdown
    inside them, where ``innerText`` of the light DOM does not reach), holds ``needle`` (or, with
    ``present=False``, no longer does)."""
    page.wait_for_function(
        f"([needle, present]) => ({DEEP_TEXT_JS})().includes(needle) === present",
        arg=[needle, present],
        timeout=HANG_MS,
        polling=POLL_MS,
    )


@contextmanager
def _value_sent(page: Any) -> Iterator[None]:
    """Within the block a widget's value changes; on leaving it, the kernel has received it."""
    with page.expect_response(lambda r: r.url.endswith(SET_VALUE), timeout=HANG_MS):
        yield


#: Replace a text box's or area's value as a paste does (the element's own value setter, then
#: an ``input`` event, which marimo's React component listens to).
_PASTE_JS = """(el, text) => {
  const proto = el instanceof HTMLTextAreaElement ? HTMLTextAreaElement : HTMLInputElement;
  Object.getOwnPropertyDescriptor(proto.prototype, 'value').set.call(el, text);
  el.dispatchEvent(new Event('input', { bubbles: true }));
}"""


def paste(page: Any, box: Any, text: str) -> None:
    """Paste ``text`` over what a text box or area holds and leave it (marimo sends a box's
    value when it loses the focus). The value is set as a paste leaves it: Chromium's own
    paste (Ctrl+V) and playwright's ``fill`` insert and delete a text line by line, in time
    that grows with the square of the lines (4 s for 10,000 lines, about 35 s for 30,000), all
    of it in the pasting visitor's own tab; the server receives the same value either way.
    The box is focused as a click would (a click's checks that the box is still and in view
    took 0.65 s a paste on a loaded machine; the box was waited for when its page opened)."""
    box.focus()
    with _value_sent(page):
        box.evaluate(_PASTE_JS, text)
        box.press("Tab")


def _upload(page: Any, name: str, data: bytes, mime: str) -> None:
    with _value_sent(page):
        page.locator("marimo-file input[type=file]").first.set_input_files(
            files=[{"name": name, "mimeType": mime, "buffer": data}]
        )


def _panel(page: Any) -> dict[str, Any] | None:
    state: dict[str, Any] | None = page.evaluate(_PANEL_JS)
    return state


def _open(page: Any, url: str) -> None:
    page.goto(url, wait_until="domcontentloaded")
    page.locator("marimo-app, #App").first.wait_for(timeout=HANG_MS)


# ---------------------------------------------------------------------- visitor A
def valid_saves() -> dict[str, str]:
    """A short saved game for each play table (loaded after every refusal)."""
    play = Table.new({"purple": "human", "blue": "bot"}, seed=3).game.to_json()
    return {
        "play/": play,
        "truck-routes/": play,
        "mafia-city-play/": McTable.new(
            {"red": "human", "blue": "random", "green": "random"}, seed=1
        ).game.to_json(),
    }


@dataclass
class Attacker:
    """Visitor A: puts hostile text into every input of the notebooks served at ``base`` (the
    workshop's index URL), each input the texts :data:`COVERAGE` gives it or, with
    ``every_text``, every text (every file for a file input); ``saves`` are valid texts to load
    in between (keys ``play``, ``mafia-city-play``, ``truck-routes``). ``answered`` lists what
    each input said to each text: (notebook, input, text, the page's answer)."""

    page: Any
    base: str
    saves: dict[str, str]
    every_text: bool = False
    answered: list[tuple[str, str, str, str]] = field(default_factory=list)
    #: Each input found: (notebook, input).
    inputs: list[tuple[str, str]] = field(default_factory=list)
    phase: str = ""
    #: (monotonic start, end) of each page's opening: from the page's load until A's first
    #: answer on it (the session starting, as for any visitor, and A's first input).
    openings: list[tuple[float, float]] = field(default_factory=list)

    def run(self, only: tuple[str, ...] | None = None) -> None:
        """Attack every notebook of :data:`ATTACKS` (or those named in ``only``) in turn."""
        for path, attack in ATTACKS.items():
            if only is None or path in only:
                self.phase = path
                self.openings.append((time.monotonic(), math.inf))
                _open(self.page, self.base + path)
                attack(self)
                problems = broken(self.page)
                assert not problems, f"{path}: the page shows {problems}"
        self.phase = ""

    def kinds(self, path: str, what: str) -> tuple[str, ...]:
        """The names of the hostile texts (or files) that input ``what`` of ``path`` gets
        (:func:`coverage`, or every one); the input counts as found (``inputs``)."""
        self.inputs.append((path, what))
        if self.every_text:
            return FILES if what.startswith("file") else TEXTS
        return coverage(path, what)

    def note(self, path: str, what: str, text: str, answer: str) -> None:
        self.answered.append((path, what, text, answer))
        if self.openings and self.openings[-1][1] == math.inf:
            self.openings[-1] = (self.openings[-1][0], time.monotonic())

    # -------------------------------------------------------------- the play tables
    def load_game(self, path: str, button: str) -> None:
        """The "Load a saved game" form of a play table: each hostile text pasted, then each
        file uploaded, is refused in the panel's note; a valid save loads after each."""
        page = self.page
        wait_for_table(page, HANG_MS)
        wait_for_cells(page, HANG_MS)
        page.get_by_text("Load a saved game", exact=True).click()
        area = page.locator("marimo-text-area textarea").first
        area.wait_for(state="visible", timeout=HANG_MS)
        load = page.get_by_role("button", name=button, exact=True)
        loaded = re.compile(r"^Loaded a game at step \d+\.$")
        refused = re.compile(r"^(Cannot load this game: .+|Choose a saved game file or paste .+)$")
        for name in self.kinds(path, "paste"):
            paste(page, area, HOSTILE_TEXTS[name])
            answer = self._press_until(load, refused)
            self.note(path, "paste", name, answer)
            paste(page, area, self.saves[path])
            self._press_until(load, loaded)
        for name in self.kinds(path, "file"):
            _upload(page, f"{slug(name)}.json", HOSTILE_FILES[name], "application/json")
            answer = self._press_until(load, re.compile(r"^Cannot load this game: .+$"))
            self.note(path, "file", name, answer)
            _upload(page, "saved.json", self.saves[path].encode(), "application/json")
            self._press_until(load, loaded)

    def _press_until(self, button: Any, want: re.Pattern[str]) -> str:
        """Press ``button`` until the panel's note (a new answer each press) matches ``want``:
        a press that reaches the kernel before the value put in just before it is answered
        for the old value, and is pressed again. Returns the note."""
        deadline = time.monotonic() + HANG_MS / 1000
        last = None
        while time.monotonic() < deadline:
            before = _panel(self.page)
            seq = -1 if before is None else before["seq"]
            button.click(timeout=HANG_MS)
            try:
                self.page.wait_for_function(
                    f"() => {{ const s = ({_PANEL_JS})(); return s !== null && s.seq > {seq}; }}",
                    timeout=RETRY_MS,
                    polling=POLL_MS,
                )
            except Exception as exc:  # playwright's TimeoutError: the press was lost
                if type(exc).__name__ != "TimeoutError":
                    raise
                continue
            state = _panel(self.page)
            last = None if state is None else str(state["note"]) if state["note"] else None
            if last is not None and want.match(last):
                return last
        raise AssertionError(f"{self.phase}: the panel never answered {want.pattern}: {last!r}")

    def play(self) -> None:
        self.load_game("play/", "Load a game")
        self.look_up_rules("play/", "R-GOLDEN-5")

    def mafia_city_play(self) -> None:
        self.load_game("mafia-city-play/", "Load")
        self.look_up_rules("mafia-city-play/", "MC-SCORE-3")
        self.page.get_by_text("Exercises about this position", exact=True).click()
        self.answer_boxes("mafia-city-play/")

    # -------------------------------------------------------------- text boxes
    def look_up_rules(self, path: str, rule: str) -> None:
        """A play table's "Look up a rule" box: a hostile text finds no rule (and says so),
        then a rule's ID finds it."""
        box = self.page.get_by_placeholder(re.compile("a rule ID")).first
        box.wait_for(state="visible", timeout=HANG_MS)
        for name in self.kinds(path, "look up a rule"):
            paste(self.page, box, HOSTILE_TEXTS[name])
            _wait_text(self.page, "No rule matches")
            self.note(path, "look up a rule", name, "No rule matches …")
            paste(self.page, box, rule)
            _wait_text(self.page, "No rule matches", present=False)
            _wait_text(self.page, rule)

    def rules(self) -> None:
        """The rules page's search box: no rule matches a hostile text; an ID finds it."""
        page = self.page
        box = page.get_by_placeholder(re.compile(r"R-TRUCK-7, .*or words")).first
        # the list of every entry is drawn last: the page's first run is over (a value sent
        # before would go to the box of a run that is being replaced)
        page.get_by_text(re.compile(r"^\d+ entries$")).first.wait_for(timeout=HANG_MS)
        wait_for_cells(page, HANG_MS)
        nothing = "No rule matches this search"
        for name in self.kinds("rules/", "search"):
            paste(page, box, HOSTILE_TEXTS[name])
            _wait_text(page, nothing)
            self.note("rules/", "search", name, nothing)
            paste(page, box, "R-GOLDEN-5")
            _wait_text(page, nothing, present=False)
            _wait_text(page, "1 entry")

    def answer_boxes(self, path: str) -> None:
        """Each exercise's answer box: every text is refused with its length (a new length
        each text, so each refusal is a new answer); emptied, the box shows no verdict."""
        page = self.page
        boxes = page.get_by_placeholder("your answer")
        boxes.first.wait_for(state="visible", timeout=HANG_MS)
        wait_for_cells(page, HANG_MS)
        assert boxes.count() >= 1
        for i in range(boxes.count()):
            box = boxes.nth(i)
            shown = None
            for name in self.kinds(path, f"answer {i + 1}"):
                paste(page, box, HOSTILE_TEXTS[name])
                sent = int(box.evaluate("b => b.value.length"))
                refusal = f"That answer is {sent:,} characters long"
                if refusal == shown:  # the same length as the text before: not a new answer
                    paste(page, box, "")
                    _wait_text(page, refusal, present=False)
                    paste(page, box, HOSTILE_TEXTS[name])
                _wait_text(page, refusal)
                self.note(path, f"answer {i + 1}", name, refusal)
                shown = refusal
            paste(page, box, "")
            _wait_text(page, "That answer is", present=False)

    def control(self) -> None:
        self.answer_boxes("control/")

    def gang_war(self) -> None:
        self.answer_boxes("gang-war/")

    def mafia_city_control(self) -> None:
        """The stacks' and the Cell's boxes: each text is cut and its words refused as no
        player; with the box's first value back, the warning goes; then the answer boxes."""
        page = self.page
        boxes = page.locator("marimo-text input:not([placeholder='your answer'])")
        boxes.first.wait_for(state="visible", timeout=HANG_MS)
        wait_for_cells(page, HANG_MS)
        assert boxes.count() == 8, boxes.count()  # seven locations and the Cell
        for i in range(boxes.count()):
            box = boxes.nth(i)
            first = box.input_value()
            for name in self.kinds("mafia-city-control/", f"text box {i + 1}"):
                paste(page, box, HOSTILE_TEXTS[name])
                _wait_text(page, "is not a player here")
                self.note("mafia-city-control/", f"text box {i + 1}", name, "is not a player")
                paste(page, box, first)
                _wait_text(page, "is not a player here", present=False)
        self.answer_boxes("mafia-city-control/")

    def truck_routes(self) -> None:
        """The saved game / scenario upload: each hostile file, as ``.json`` and as ``.toml``,
        is refused by name ("Could not load …"), and a valid save put in after it loads (the
        refusal goes); then the answer boxes."""
        page = self.page
        page.locator("marimo-file input[type=file]").first.wait_for(
            state="attached", timeout=HANG_MS
        )
        wait_for_cells(page, HANG_MS)
        for suffix, mime in ((".json", "application/json"), (".toml", "application/toml")):
            for name in self.kinds("truck-routes/", f"file{suffix}"):
                upload = f"{slug(name)}{suffix}"
                _upload(page, upload, HOSTILE_FILES[name], mime)
                refusal = f"Could not load {upload}"
                _wait_text(page, refusal)
                self.note("truck-routes/", f"file{suffix}", name, refusal)
                _upload(page, "saved.json", self.saves["truck-routes/"].encode(), mime)
                _wait_text(page, refusal, present=False)
        self.answer_boxes("truck-routes/")


#: Each notebook whose inputs visitor A attacks (its workshop path) and how: every text box,
#: text area and file input of the workshop's notebooks.
ATTACKS: dict[str, Callable[[Attacker], None]] = {
    "play/": Attacker.play,
    "mafia-city-play/": Attacker.mafia_city_play,
    "rules/": Attacker.rules,
    "mafia-city-control/": Attacker.mafia_city_control,
    "control/": Attacker.control,
    "gang-war/": Attacker.gang_war,
    "truck-routes/": Attacker.truck_routes,
}


# ---------------------------------------------------------------------- visitor B
#: Installed in visitor B's page before its scripts run: a click arms a timer that the first
#: animation frame in which both the decision panel and the map show another step stops. The
#: panel's root and the map are found once (a walk of every shadow root costs milliseconds a
#: frame) and looked up again only when they leave the page.
_PROBE = """
(() => {
  const find = (selector) => {
    const walk = (root) => {
      const hit = root.querySelector(selector);
      if (hit) return hit;
      for (const el of root.querySelectorAll('*')) {
        if (el.shadowRoot) { const h = walk(el.shadowRoot); if (h) return h; }
      }
      return null;
    };
    return walk(document);
  };
  const cached = {};
  const get = (name, selector) => {
    const el = cached[name];
    if (el && el.isConnected) return el;
    cached[name] = find(selector);
    return cached[name];
  };
  const key = () => {
    const side = get('side', '.se-side[data-step]');
    const map = get('map', '.se-map svg[data-meta]');
    if (!side || !map) return null;
    let step = null;
    try { step = JSON.parse(map.dataset.meta).step; } catch (e) { return null; }
    return side.dataset.step === String(step) ? side.dataset.step : null;
  };
  const lat = { samples: [], t0: null, base: null };
  window.__lat = lat;
  const watch = () => {
    if (lat.t0 === null) return;
    const k = key();
    if (k !== null && k !== lat.base) {
      lat.samples.push(performance.now() - lat.t0);
      lat.t0 = null;
      return;
    }
    requestAnimationFrame(watch);
  };
  document.addEventListener('click', () => {
    if (lat.t0 !== null) return;
    lat.base = key();
    lat.t0 = performance.now();
    requestAnimationFrame(watch);
  }, true);
})();
"""


class Clicker(threading.Thread):
    """Visitor B: clicks Undo and Redo in Play at ``url`` in a browser of its own until
    :meth:`stop`; each click waits (up to :data:`HANG_MS`) until the map and the panel show
    the step it goes to. ``clicks`` holds (monotonic start, end, in-page ms) per click;
    ``error`` what went wrong, if anything. :meth:`ready` waits until the first decision is
    made and the clicks begin; :meth:`wait_for_click` waits until B has answered one more click."""

    def __init__(self, url: str) -> None:
        super().__init__(name="visitor B", daemon=True)
        self.url = url
        self.clicks: list[tuple[float, float, float]] = []
        self.error: BaseException | None = None
        self._stop_event = threading.Event()
        self._go = threading.Event()
        self._started = threading.Event()
        self.lock = threading.Condition()

    def ready(self, timeout_s: float = HANG_MS / 1000) -> None:
        """Wait until B's table is open, its first decision made, and let B click."""
        if not self._started.wait(timeout_s):
            raise AssertionError(f"visitor B's table did not open: {self.error!r}")
        if self.error is not None:
            raise AssertionError(f"visitor B failed: {self.error!r}")
        self._go.set()

    def stop(self) -> None:
        self._go.set()
        self._stop_event.set()
        self.join(timeout=HANG_MS / 1000 * 2)

    def count(self) -> int:
        with self.lock:
            return len(self.clicks)

    def wait_for_click(self, after: int, timeout_s: float = HANG_MS / 1000) -> None:
        """Wait until B has made (and seen answered) more than ``after`` clicks; fail if B
        stopped or its click was not answered within ``timeout_s``."""
        with self.lock:
            self.lock.wait_for(
                lambda: len(self.clicks) > after or self.error is not None, timeout_s
            )
            made, error = len(self.clicks), self.error
        if error is not None:
            raise AssertionError(f"visitor B failed: {error!r}")
        assert made > after, f"visitor B's click {after + 1} was not answered"

    def run(self) -> None:
        from playwright.sync_api import sync_playwright  # only where playwright is installed

        try:
            with sync_playwright() as playwright:
                browser = playwright.chromium.launch(
                    executable_path=str(CHROMIUM), args=CHROMIUM_ARGS
                )
                try:
                    context = browser.new_context(viewport={"width": 1400, "height": 1000})
                    context.add_init_script(_PROBE)
                    self._click(context.new_page())
                finally:
                    browser.close()
        except BaseException as exc:  # reported to the test by ready() and the checks
            with self.lock:
                self.error = exc
                self.lock.notify_all()
            self._started.set()

    def _click(self, page: Any) -> None:
        page.goto(self.url, wait_until="domcontentloaded")
        start = wait_for_table(page, HANG_MS)
        wait_for_cells(page, HANG_MS)
        assert start.options, f"nothing to decide at step {start.step}: {start.text}"
        page.locator(".se-options button.se-option").first.click()
        decided = wait_for_table(page, HANG_MS, after=start.step)
        back = wait_for_undo(page, decided)
        self._started.set()
        self._go.wait()
        steps = {"se-undo": back, "se-redo": decided.step}
        which = "se-undo"
        while not self._stop_event.is_set():
            count = page.evaluate("window.__lat.samples.length")
            began = time.monotonic()
            page.locator(f".se-controls button.{which}").click(timeout=HANG_MS)
            wait_for_table(page, HANG_MS, step=steps[which])
            page.wait_for_function(
                f"window.__lat.samples.length > {count}", timeout=HANG_MS, polling=POLL_MS
            )
            ms = float(page.evaluate("window.__lat.samples[window.__lat.samples.length - 1]"))
            with self.lock:
                self.clicks.append((began, time.monotonic(), ms))
                self.lock.notify_all()
            which = "se-redo" if which == "se-undo" else "se-undo"


def wait_for_undo(page: Any, decided: Any) -> int:
    """The step Undo goes back to from the table ``decided`` shows (found by clicking it once
    and Redo once)."""
    page.locator(".se-controls button.se-undo").click(timeout=HANG_MS)
    back = wait_for_table(page, HANG_MS, note="Undone.")
    assert back.step < decided.step, (back.step, decided.step)
    page.locator(".se-controls button.se-redo").click(timeout=HANG_MS)
    wait_for_table(page, HANG_MS, step=decided.step, note="Redone.")
    return back.step

"""Helpers shared by the browser tests (headless Chromium driving marimo apps).

marimo draws a plotly figure in a ``marimo-plotly`` element whose ``data-figure`` attribute
holds the figure's JSON; a plotly ``FigureWidget`` (a ``marimo-anywidget``) is read from its
plotly element; the play table's map is the same figure drawn as SVG
(``speakeasy.games.speakeasy.table.SvgBoard``), with the layout's meta in ``data-meta``. The game
figures draw each district's number in a trace named "district numbers", inside the tile where the
clickable ``districts`` trace answers a click.

A play table (``speakeasy.tools.decision_panel.TableSession``) is two widgets, the map and the
decision panel, that the page draws one after the other, in either order: the map's ``data-meta``
and the panel's ``data-step`` say which step each shows. :func:`wait_for_table` waits until both
show the same step and reads what the panel offers in one go (:class:`TableView`).

Browser tests wait for a state the page exposes, never for a fixed time: no
``wait_for_timeout`` and no ``time.sleep``. :func:`wait_for` polls a check once per frame the
page draws; :func:`set_viewport` waits until the page has laid itself out at the new size.
"""

from __future__ import annotations

import json
import re
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from speakeasy.core.bots import decide
from speakeasy.games.speakeasy.engine.game import Game
from speakeasy.games.speakeasy.model.state import Colour
from speakeasy.games.speakeasy.studies.positions import position_query
from speakeasy.games.speakeasy.studies.strategy import HeuristicBot

__all__ = [
    "DEEP_TEXT_JS",
    "INTERNAL_TEXT",
    "TableView",
    "click_district",
    "click_svg_district",
    "cut_buttons",
    "internal_text",
    "learn_page_problems",
    "map_layer_points",
    "map_meta",
    "map_point_box",
    "missing_glyphs",
    "next_frame",
    "out_of_view",
    "panel_out_of_view",
    "plot_figure",
    "set_viewport",
    "svg_meta",
    "symbols_in",
    "table_view",
    "wait_for",
    "wait_for_cells",
    "wait_for_map",
    "wait_for_table",
]


def plot_figure(plot: Any) -> dict[str, Any]:
    """The figure shown by a ``marimo-plotly`` locator, as plotly JSON; or by a plotly
    ``FigureWidget`` (a ``marimo-anywidget``, the play map): its visible traces and layout,
    read from the plotly element on the page."""
    raw = plot.get_attribute("data-figure")
    if raw is None and plot.locator(".js-plotly-plot").count():
        shown: dict[str, Any] = plot.locator(".js-plotly-plot").first.evaluate(
            "gd => ({data: gd.data.filter(t => t.visible !== false), layout: gd.layout})"
        )
        return shown
    assert raw, "the plot has no data-figure"
    figure: dict[str, Any] = json.loads(raw)
    return figure


#: How often the page checks a state a test waits for (milliseconds): often enough to see it
#: at once, seldom enough to leave the page its time on a busy machine.
POLL_MS = 50


def next_frame(page: Any) -> None:
    """Return once the page has drawn its next frame (its resize handlers and observers have
    run by then)."""
    page.evaluate("() => new Promise(done => requestAnimationFrame(() => done(null)))")


def wait_for(page: Any, check: Callable[[Any], Any], timeout_ms: int) -> bool:
    """Check ``check(page)`` once per frame the page draws until it is true or time runs out;
    an exception from ``check`` (an element being re-rendered) counts as not yet."""
    deadline = time.monotonic() + timeout_ms / 1000
    while True:
        try:
            if check(page):
                return True
        except (AssertionError, ValueError, KeyError, json.JSONDecodeError):
            pass
        if time.monotonic() >= deadline:
            return False
        next_frame(page)


def set_viewport(page: Any, width: int, height: int) -> None:
    """Resize the page and wait until it has laid itself out at the new size (the window has
    the new width and a frame has been drawn since, so resize handlers have run)."""
    page.set_viewport_size({"width": width, "height": height})
    page.wait_for_function("w => window.innerWidth === w", arg=width)
    next_frame(page)
    next_frame(page)


def wait_for_cells(page: Any, timeout_ms: int) -> None:
    """Wait until no cell's output is stale or loading: marimo has run every cell it queued.

    Call it once something on the page shows that the run has begun (a cell's new output):
    marimo marks the cells of a run stale when the kernel says it queued them, a moment after
    the request that causes it.
    """
    page.wait_for_function(
        f"""() => {{
          const deep = {_DEEP_JS};
          return deep('.marimo-output-stale, .marimo-output-loading').length === 0;
        }}""",
        timeout=timeout_ms,
        polling=POLL_MS,
    )


# ---------------------------------------------------------------------- a play table
#: Every element matching a selector, in the document and in every shadow root (marimo
#: draws its plugins and anywidgets inside shadow roots); the walk skips the inside of SVG
#: drawings (thousands of nodes, no shadow root), as it runs while a test waits.
_DEEP_JS = """(selector) => {
  const found = [];
  const skipSvg = { acceptNode: (n) => n.namespaceURI === 'http://www.w3.org/2000/svg'
    ? NodeFilter.FILTER_REJECT : NodeFilter.FILTER_ACCEPT };
  const walk = (root) => {
    found.push(...root.querySelectorAll(selector));
    const it = document.createTreeWalker(root, NodeFilter.SHOW_ELEMENT, skipSvg);
    for (let el = it.nextNode(); el; el = it.nextNode()) if (el.shadowRoot) walk(el.shadowRoot);
  };
  walk(document);
  return found;
}"""

#: What the play map and the decision panel show, read at one instant (null without both).
_TABLE_JS = f"""() => {{
  const deep = {_DEEP_JS};
  const metaOf = (svg) => {{
    try {{ return JSON.parse(svg.dataset.meta); }} catch (e) {{ return null; }}
  }};
  const map = deep('.se-map svg[data-meta]').find(svg => {{
    const m = metaOf(svg); return m !== null && 'pending' in m;
  }});
  const side = deep('.se-side')[0];
  if (!map || !side || side.dataset.step === undefined) return null;
  const prompt = side.querySelector('.se-prompt');
  const note = side.querySelector(':scope > .se-note');
  const bots = side.querySelector('.se-controls button.se-bots');
  return {{
    meta: metaOf(map),
    title: (map.querySelector('.gtitle') || {{}}).textContent || '',
    panel_step: side.dataset.step === 'null' ? null : Number(side.dataset.step),
    player: prompt ? (prompt.dataset.player || null) : null,
    over: side.querySelector('.se-prompt .se-over') !== null,
    options: [...side.querySelectorAll('.se-options button.se-option')]
      .map(b => b.textContent.trim()),
    lists: side.querySelectorAll('.se-options select.se-list').length,
    bots: bots ? bots.textContent.trim() : null,
    cover: side.querySelector('.se-cover') !== null,
    note: note ? note.textContent.trim() : null,
    text: side.innerText,
  }};
}}"""


@dataclass(frozen=True)
class TableView:
    """A play table as the page shows it: the map's meta and title, and what the decision
    panel offers at its step (``panel_step``): option buttons (their labels), dropdown lists,
    the bots' button (its label), a cover over the next person's cards, the game over."""

    meta: dict[str, Any]
    title: str
    panel_step: int | None
    player: str | None
    over: bool
    options: tuple[str, ...]
    lists: int
    bots: str | None
    cover: bool
    note: str | None
    text: str

    @property
    def step(self) -> int:
        """The step the map shows."""
        step: int = self.meta["step"]
        return step

    @property
    def settled(self) -> bool:
        """The map and the panel show the same step."""
        return self.panel_step == self.step

    @classmethod
    def of(cls, data: dict[str, Any]) -> TableView:
        return cls(**{**data, "options": tuple(data["options"])})


def table_view(page: Any) -> TableView | None:
    """What the play table shows now (``None`` before both widgets are drawn)."""
    data = page.evaluate(_TABLE_JS)
    return TableView.of(data) if data else None


def wait_for_table(
    page: Any,
    timeout_ms: int,
    *,
    after: int | None = None,
    step: int | None = None,
    note: str | None = None,
) -> TableView:
    """Wait until the map and the decision panel show the same step (``after`` a step, or
    at ``step``; with ``note``, the panel's note contains it) and return what they show,
    read at that instant. Fails with what the page showed last."""
    want = {"after": after, "step": step, "note": note}
    check = f"""(want) => {{
      const s = ({_TABLE_JS})();
      if (!s || s.panel_step !== s.meta.step) return null;
      if (want.after !== null && !(s.meta.step > want.after)) return null;
      if (want.step !== null && s.meta.step !== want.step) return null;
      if (want.note !== null && !(s.note || '').includes(want.note)) return null;
      return s;
    }}"""
    try:
        handle = page.wait_for_function(check, arg=want, timeout=timeout_ms, polling=POLL_MS)
    except Exception as exc:  # playwright's TimeoutError: say what the page showed
        if type(exc).__name__ != "TimeoutError":
            raise
        raise AssertionError(f"the table never showed {want}: {table_view(page)}") from None
    return TableView.of(handle.json_value())


#: The decision panel's parts where the page draws them once scrolled to its top: each as
#: ``[top, bottom, content height]`` in the window (``null`` when not shown), the window's
#: height, and the panel's own height and content height.
_PANEL_PARTS_JS = f"""() => {{
  const deep = {_DEEP_JS};
  const app = document.getElementById('App');
  if (app) app.scrollTop = 0;
  window.scrollTo(0, 0);
  const side = deep('.se-side')[0];
  if (!side) return null;
  const box = (el) => {{
    if (!el) return null;
    const r = el.getBoundingClientRect();
    return [r.top, r.bottom, el.scrollHeight];
  }};
  return {{
    height: window.innerHeight,
    side: box(side),
    side_inner: side.clientHeight,
    prompt: box(side.querySelector(':scope > .se-prompt')),
    controls: box(side.querySelector(':scope > .se-controls')),
    since: box(side.querySelector(':scope > .se-since')),
    options: box(side.querySelector(':scope > .se-scroll')),
  }};
}}"""

#: The least height of "since your last decision" and of the options' box (when their
#: content is taller): what the panel keeps readable (``speakeasy/tools/decision_panel.css``).
SINCE_MIN_PX = 80
OPTIONS_MIN_PX = 120


def panel_out_of_view(page: Any) -> list[str]:
    """What of the decision panel is not in view with the page at its top (issue 24: the
    question, Undo, Redo and the bots' button, "since your last decision" at a readable height,
    the options in a box that scrolls on its own, all inside the window, the panel never
    scrolling as a whole); ``[]`` when it all is. Scrolls the page to its top."""
    found: dict[str, Any] | None = page.evaluate(_PANEL_PARTS_JS)
    if found is None:
        return ["no decision panel"]
    height = found["height"]
    problems = []
    for part in ("side", "prompt", "controls", "since", "options"):
        place = found[part]
        if place is not None and not (0 <= place[0] and place[1] <= height + 0.5):
            problems.append(f"{part} out of the window: {place[:2]} of {height}")
    if found["side"][2] > found["side_inner"] + 1:
        problems.append(
            f"the panel scrolls as a whole: {found['side'][2]} in {found['side_inner']}"
        )
    for part, least in (("since", SINCE_MIN_PX), ("options", OPTIONS_MIN_PX)):
        place = found[part]
        if place is not None and place[1] - place[0] < min(least, place[2]) - 1:
            problems.append(f"{part} squeezed to {place[1] - place[0]:.0f} px: {place}")
    return problems


#: The decision panel's boxes that scroll on their own (decision_panel.js SCROLLERS).
SCROLL_BOXES = ".se-side .se-scroll, .se-side .se-sections, .se-side .se-since-items"


def scroll_hints(page: Any) -> list[dict[str, Any]]:
    """Each of the decision panel's own scroll boxes: its class, whether it has more below
    its edge (``more``) and whether it says so (``tagged``: the "more below" tag, issue 24)."""
    found: list[dict[str, Any]] = page.locator(SCROLL_BOXES).evaluate_all(
        """es => es.map(e => ({cls: e.className,
            more: e.scrollHeight - e.scrollTop - e.clientHeight > 2,
            tagged: e.classList.contains('se-more-below')}))"""
    )
    return found


def scroll_hints_wrong(page: Any) -> list[dict[str, Any]]:
    """The panel's scroll boxes whose "more below" tag does not tell the truth (``[]``)."""
    return [b for b in scroll_hints(page) if b["more"] != b["tagged"]]


def click_district(page: Any, plot: Any, district: int) -> None:
    """Click ``district``'s number on the map drawn in ``plot`` (one click, not retried)."""
    names = [t.get("name") for t in plot_figure(plot)["data"]]
    numbers = plot.locator(".scatterlayer .trace").nth(names.index("district numbers"))
    _click_number(page, numbers.locator(".textpoint text"), district)


def _click_number(page: Any, labels: Any, district: int) -> None:
    texts = [t.strip() for t in labels.all_text_contents()]
    assert str(district) in texts, f"district {district} is not drawn: {texts}"
    box = labels.nth(texts.index(str(district))).bounding_box()
    assert box is not None
    page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)


def svg_meta(svg: Any) -> dict[str, Any]:
    """The layout ``meta`` of a figure drawn as SVG
    (``speakeasy.games.speakeasy.figures.figure_svg``)."""
    raw = svg.get_attribute("data-meta")
    assert raw, "the SVG map has no data-meta"
    meta: dict[str, Any] = json.loads(raw)
    return meta


def click_svg_district(page: Any, svg: Any, district: int) -> None:
    """Click ``district``'s number on a map drawn as SVG (one click, not retried)."""
    _click_number(page, svg.locator("g.trace[data-name='district numbers'] text"), district)


# ------------------------------------------------------------------- a map drawn as SVG
#: The meta of the first map drawn as SVG (an :class:`~speakeasy.tools.svg_board.SvgBoard`):
#: the board's widget puts the layout's meta on its ``<svg>`` once it has drawn the figure.
_MAP_META_JS = f"""() => {{
  const deep = {_DEEP_JS};
  const svg = deep('.se-map svg[data-meta]')[0];
  if (!svg) return null;
  try {{ return JSON.parse(svg.dataset.meta); }} catch (e) {{ return null; }}
}}"""


def map_meta(page: Any) -> dict[str, Any] | None:
    """The meta of the SVG map on the page (``None`` before the board has drawn one)."""
    meta: dict[str, Any] | None = page.evaluate(_MAP_META_JS)
    return meta


def wait_for_map(page: Any, timeout_ms: int, **want: Any) -> dict[str, Any]:
    """Wait until the SVG map is drawn with a meta that has every ``want`` (``step=12``,
    ``lesson="bar"``...) and return the meta. Fails with what the map showed last."""
    check = f"""(want) => {{
      const meta = ({_MAP_META_JS})();
      if (!meta) return null;
      for (const [k, v] of Object.entries(want)) {{
        if (JSON.stringify(meta[k]) !== JSON.stringify(v)) return null;
      }}
      return meta;
    }}"""
    try:
        handle = page.wait_for_function(check, arg=want, timeout=timeout_ms, polling=POLL_MS)
    except Exception as exc:  # playwright's TimeoutError: say what the map showed
        if type(exc).__name__ != "TimeoutError":
            raise
        raise AssertionError(f"the map never showed {want}: {map_meta(page)}") from None
    meta: dict[str, Any] = handle.json_value()
    return meta


#: Where each selector's first element is in the window once ``top`` is scrolled to the
#: window's top: ``[left, top, right, bottom]`` (``null`` when none is on the page).
_PLACES_JS = f"""([top, selectors]) => {{
  const deep = {_DEEP_JS};
  const anchor = deep(top)[0];
  if (anchor) anchor.scrollIntoView({{ block: 'start', inline: 'nearest' }});
  return {{
    width: window.innerWidth,
    height: window.innerHeight,
    places: selectors.map((sel) => {{
      const el = deep(sel)[0];
      if (!el) return null;
      const r = el.getBoundingClientRect();
      return [r.left, r.top, r.right, r.bottom];
    }}),
  }};
}}"""


def out_of_view(page: Any, top: str, selectors: dict[str, str], *, least_px: int = 60) -> list[str]:
    """With the element ``top`` scrolled to the window's top, each of ``selectors`` (a name
    for each selector) that is not in the window: its top inside it and at least ``least_px``
    of it (or all of it, if shorter) shown, never beyond the window's sides; ``[]`` when all
    are."""
    found = page.evaluate(_PLACES_JS, [top, list(selectors.values())])
    width, height = found["width"], found["height"]
    problems = []
    for name, place in zip(selectors, found["places"], strict=True):
        if place is None:
            problems.append(f"no {name} on the page")
            continue
        left, upper, right, lower = place
        shown = min(lower, height) - upper
        if not (-0.5 <= upper < height) or shown < min(least_px, lower - upper) - 0.5:
            problems.append(f"{name} out of the window: top {upper:.0f}, bottom {lower:.0f}")
        elif left < -0.5 or right > width + 0.5:
            problems.append(f"{name} beyond the window's sides: {left:.0f}..{right:.0f}")
    return problems


#: The box (in the window) of the first point of a map layer whose hover title matches a
#: pattern, once the map is scrolled to the window's middle (``null``: no such point).
_POINT_BOX_JS = f"""([layer, pattern]) => {{
  const deep = {_DEEP_JS};
  const svg = deep('.se-map svg[data-meta]')[0];
  if (!svg) return null;
  const match = new RegExp(pattern);
  const points = svg.querySelectorAll(`g.trace[data-name="${{layer}}"] [data-p]`);
  const hit = [...points].find((el) => {{
    const title = el.querySelector(':scope > title');
    return title !== null && match.test(title.textContent);
  }});
  if (!hit) return null;
  svg.scrollIntoView({{ block: 'center', inline: 'nearest' }});
  const r = hit.getBoundingClientRect();
  return {{ x: r.left, y: r.top, width: r.width, height: r.height }};
}}"""


def map_point_box(page: Any, layer: str, pattern: str) -> dict[str, float] | None:
    """Where the first point of the SVG map's trace ``layer`` whose hover title matches the
    regular expression ``pattern`` is drawn, with the map scrolled into view (``None``: no
    such point): ``{"x", "y", "width", "height"}`` in the window, for ``page.mouse``."""
    box: dict[str, float] | None = page.evaluate(_POINT_BOX_JS, [layer, pattern])
    return box


def map_layer_points(page: Any, layer: str) -> list[dict[str, str | None]]:
    """The points the SVG map draws in the trace ``layer``: each one's ``fill`` and
    ``stroke``."""
    found: list[dict[str, str | None]] = page.evaluate(
        f"""(layer) => {{
          const svg = ({_DEEP_JS})('.se-map svg[data-meta]')[0];
          if (!svg) return [];
          const points = svg.querySelectorAll(`g.trace[data-name="${{layer}}"] > *`);
          return [...points].map((el) => ({{
            fill: el.getAttribute('fill'), stroke: el.getAttribute('stroke'),
          }}));
        }}""",
        layer,
    )
    return found


# ------------------------------------------------------------------------------ glyphs
#: The characters of a text that Chromium draws with no glyph: nothing at all, or the same
#: box it draws for a code point no font has (U+10FFFD, a private-use character). Each is drawn
#: on a canvas in the page's own font stack and compared pixel by pixel (issue 24: emoji such
#: as a robot drew as empty boxes in Debian's chromium, which ships no emoji font).
_MISSING_GLYPHS_JS = """(chars) => {
  const canvas = document.createElement('canvas');
  canvas.width = 48; canvas.height = 48;
  const g = canvas.getContext('2d', { willReadFrequently: true });
  const font = getComputedStyle(document.body).fontFamily || 'sans-serif';
  const draw = (ch) => {
    g.clearRect(0, 0, 48, 48);
    g.font = `32px ${font}`;
    g.fillStyle = '#000';
    g.textBaseline = 'top';
    g.fillText(ch, 4, 4);
    const data = g.getImageData(0, 0, 48, 48).data;
    let ink = 0, sig = 0;
    for (let i = 3; i < data.length; i += 4) {
      if (data[i]) { ink += 1; sig = (sig * 31 + i * data[i]) % 1000000007; }
    }
    return [ink, sig];
  };
  const [boxInk, boxSig] = draw('\\u{10FFFD}');
  return chars.filter((ch) => {
    const [ink, sig] = draw(ch);
    return ink === 0 || (ink === boxInk && sig === boxSig);
  });
}"""

#: Characters that need a glyph beyond plain Latin text: symbols, arrows and icons.
FIRST_SYMBOL = 0x2000


def symbols_in(text: str) -> list[str]:
    """The distinct characters of ``text`` from :data:`FIRST_SYMBOL` on (not spaces)."""
    return sorted({ch for ch in text if ord(ch) >= FIRST_SYMBOL and not ch.isspace()})


#: Characters already drawn with a glyph in this run (the fonts do not change within it).
_DRAWN: set[str] = set()


def missing_glyphs(page: Any, chars: list[str] | None = None) -> list[str]:
    """The characters of ``chars`` (default: every symbol the page shows, shadow roots
    included) that Chromium draws as an empty box or not at all."""
    if chars is None:
        chars = [ch for ch in symbols_in(page.evaluate(DEEP_TEXT_JS)) if ch not in _DRAWN]
    missing = list(page.evaluate(_MISSING_GLYPHS_JS, chars)) if chars else []
    _DRAWN.update(ch for ch in chars if ch not in missing)
    return missing


#: The text of the page and of every shadow root in it (marimo draws its widgets there).
DEEP_TEXT_JS = """() => {
  const parts = [document.body.innerText];
  const walk = (root) => {
    for (const el of root.querySelectorAll('*')) {
      if (el.shadowRoot) { parts.push(el.shadowRoot.textContent); walk(el.shadowRoot); }
    }
  };
  walk(document);
  return parts.join('\\n');
}"""


# -------------------------------------------------------------------------- internal text
#: What a player must never read (issue 24 item 5): provenance notes, the catalogue's piece and
#: card IDs, 0-based space names and "(s)" plurals. Rule IDs (``R-TRUCK-7``) are not internal:
#: every explanation cites them and links them to the rules page.
INTERNAL_TEXT = re.compile(
    r"\b(?:rulebook|assumed):"
    r"|\bGAP-(?:MC-)?\d|\bDISC-\d|\bMAP-\d"
    r"|\b(?:vip|party|distillery|fleet|city|helper|cp|notoriety)-[A-Za-z0-9]{1,3}\b"
    r"|\b[a-z]+-(?:left|middle|right)-\d\b"
    r"|\w\(s\)"
)

#: The page's text with the SVG maps' hover titles (``<title>``), shadow roots included.
_PLAYER_TEXT_JS = f"""() => {{
  const deep = {_DEEP_JS};
  const titles = deep('svg').flatMap((svg) => [...svg.querySelectorAll('title')])
    .map((t) => t.textContent);
  return [({DEEP_TEXT_JS})(), ...titles].join('\\n');
}}"""


#: The panel's buttons and titles whose text does not fit in them (cut off or hidden).
_CUT_JS = f"""() => {{
  const deep = {_DEEP_JS};
  return deep('.se-side button, .se-side .se-group-title, .se-side .se-caption')
    .filter(el => el.offsetParent !== null
      && (el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1))
    .map(el => el.textContent.trim());
}}"""


def cut_buttons(page: Any) -> list[str]:
    """The text of every button (and group title or caption) of the decision panel that is
    cut off: wider or taller than the box that shows it (issue 24 item 6: a label wraps)."""
    found: list[str] = page.evaluate(_CUT_JS)
    return found


def internal_text(page: Any) -> list[str]:
    """Each piece of internal text the page shows a player, with a little context."""
    text: str = page.evaluate(_PLAYER_TEXT_JS)
    return [text[max(m.start() - 40, 0) : m.end() + 40] for m in INTERNAL_TEXT.finditer(text)]


# ------------------------------------------------------------------------ a learn page
def learn_page_problems(page: Any) -> list[str]:
    """What is wrong with a learn page (``notebooks/learn.py``) as it shows now (issue 24 item
    8): a page wider than the window; with the row of the map and the answer scrolled to the
    window's top, the whole map or the answer's top out of the window (they stand side by
    side); internal text; symbols drawn without a glyph. ``[]`` when nothing is."""
    problems = []
    width = page.evaluate("document.documentElement.scrollWidth")
    if width > page.viewport_size["width"]:
        problems.append(f"the page is {width} px wide in {page.viewport_size['width']}")
    row = ".learn-layout"
    problems += out_of_view(page, row, {"the map": ".se-map svg[data-meta]"}, least_px=10**6)
    problems += out_of_view(page, row, {"the answer": ".learn-answer"})
    problems += [f"internal text: {found}" for found in internal_text(page)]
    if missing := missing_glyphs(page):
        problems.append(f"symbols without a glyph: {missing}")
    return problems


def linked_game(decisions: int = 150, seed: int = 2) -> tuple[Game, str, str]:
    """A 3-player heuristic game ``decisions`` in, with the title and the ``?at=`` link the
    coach gives Purple for it (the explorers' "opened from a game" tests)."""
    game = Game([Colour.PURPLE, Colour.BLUE, Colour.GREEN], seed=seed)
    bots = {c: HeuristicBot(seed=seed) for c in game.colours}
    for _ in range(decisions):
        pending = game.pending
        assert pending is not None
        game.apply(decide(game, bots[pending.player]))
    title = f"Your game at step {decisions}, as Purple sees it"
    return game, title, position_query(game.observe(Colour.PURPLE), title)["at"]

"""The play map as SVG in a widget: a plotly figure drawn by
:func:`~speakeasy.games.speakeasy.figures.figure_svg`.

:class:`~speakeasy.games.speakeasy.table.BoardWidget` keeps a plotly ``FigureWidget`` on the page
and patches the traces that changed; plotly.js then recomputes and redraws the whole figure, 70-150
ms a time in headless Chromium here (``tests/benchmarks/browser_latency.py``), more than the play
table's whole budget. :class:`SvgBoard` has the same interface and shows the same plotly figure as
SVG (a few milliseconds to draw in Python; the page parses only the layers that changed); a click
on a marker or a label reports plotly's ``curveNumber`` and ``pointIndex``, so
:func:`~speakeasy.games.speakeasy.figures.clicked_place` reads it as it reads a plotly click.

>>> import plotly.graph_objects as go
>>> board = SvgBoard()
>>> board.show(go.Figure(go.Scatter(x=[1, 2], y=[1, 2], name="districts")))
True
>>> board.show(go.Figure(go.Scatter(x=[1, 2], y=[1, 2], name="districts")))  # nothing new
False
>>> seen = []
>>> board.on_click = seen.append
>>> board.request({"n": 1, "c": 0, "p": 1}), board.request({"n": 2, "c": "0", "p": None})
(True, False)
>>> seen
[[{'curveNumber': 0, 'pointIndex': 1}]]
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping
from typing import Any, Final

import traitlets

from speakeasy.tools.board_widget import ClickPoints
from speakeasy.tools.svg_figure import SvgLayers, figure_svg_layers

__all__ = ["SvgBoard"]

_ESM: Final = """
function render({ model, el }) {
  const box = document.createElement("div");
  box.className = "se-map";
  el.append(box);
  const NS = "http://www.w3.org/2000/svg";
  const parse = (text) => new DOMParser().parseFromString(text, "image/svg+xml").documentElement;
  let drawn = -1;  // the frame on show
  const whole = () => {  // this page lacks a layer it should keep: ask for the whole map
    model.set("need", (model.get("need") || 0) + 1);
    model.save_changes();
  };
  const draw = () => {
    // one value: the <svg> tag, every layer's key in order, and the layers that are new
    const f = model.get("frame") || {};
    if (!f.keys || f.n === drawn) return;
    const root = box.firstElementChild;
    if (f.full || !root) {
      if (!f.full) { whole(); return; }
      box.innerHTML = f.head + f.keys.map((k) => f.layers[k]).join("") + "</svg>";
      drawn = f.n;
      return;
    }
    try {
      const keys = Object.keys(f.layers);
      const fresh = parse(f.head + keys.map((k) => f.layers[k]).join("") + "</svg>");
      if (fresh.tagName !== "svg") throw new Error("svg");
      const made = new Map();
      for (const g of fresh.children) made.set(g.getAttribute("data-layer"), g);
      const kept = new Map();
      for (const g of root.querySelectorAll(":scope > g[data-layer]")) {
        kept.set(g.getAttribute("data-layer"), g);
      }
      if (f.keys.some((k) => !made.has(k) && !kept.has(k))) { whole(); return; }
      for (const attr of fresh.attributes) root.setAttribute(attr.name, attr.value);
      // the fewest changes to the page: a new layer replaces its old self, a kept one stays
      // where it is unless a layer came or went before it
      let at = root.querySelector(":scope > g[data-layer]");
      f.keys.forEach((k, i) => {
        const old = kept.get(k);
        let node = old;
        if (made.has(k)) {
          node = document.importNode(made.get(k), true);
          if (old) {
            old.replaceWith(node);
            if (old === at) at = node;
          }
        }
        if (node === at) at = at.nextElementSibling;
        else root.insertBefore(node, at);
        kept.delete(k);
        const c = f.curves[i] === null ? null : String(f.curves[i]);
        if (node.getAttribute("data-c") !== c) {
          if (c === null) node.removeAttribute("data-c"); else node.setAttribute("data-c", c);
        }
      });
      for (const gone of kept.values()) gone.remove();
      drawn = f.n;
    } catch (error) {
      whole();
    }
  };
  model.on("change:frame", draw);
  draw();
  let n = 0;
  box.addEventListener("click", (event) => {
    const hit = event.target.closest("[data-p]");
    const layer = hit && hit.closest("[data-c]");
    if (!layer) return;
    n += 1;
    model.set("click", { n, c: Number(layer.dataset.c), p: Number(hit.dataset.p) });
    model.save_changes();
  });
}
export default { render };
"""

_CSS: Final = """
.se-map { width: 100%; max-width: 100%; line-height: 0; contain: content; }
.se-map svg { display: block; width: 100%; height: auto; max-height: 86vh; user-select: none; }
.se-map [data-p] { cursor: pointer; }
"""

#: The width (pixels) the SVG is drawn for; it scales with its container.
DEFAULT_WIDTH: Final = 900


def _svg_widget_class() -> Any:
    import anywidget

    class _Svg(anywidget.AnyWidget):
        _esm = _ESM
        _css = _CSS
        frame = traitlets.Dict({}).tag(sync=True)  # the layers that are new (SvgBoard.show)
        click = traitlets.Dict({}).tag(sync=True)
        need = traitlets.Int(0).tag(sync=True)  # the page asks for the whole map

    return _Svg


def _int(value: object) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) else None


class SvgBoard:
    """A plotly figure on the page as SVG; :meth:`show` replaces it, ``on_click`` receives the
    clicked point as plotly reports one (``[{"curveNumber", "pointIndex"}]``)."""

    def __init__(
        self, on_click: Callable[[ClickPoints], object] | None = None, width: int = DEFAULT_WIDTH
    ) -> None:
        self.on_click = on_click
        self.width = width
        self._widget: Any = None
        self._view: Any = None
        self._svg = ""
        self._layers: SvgLayers | None = None
        self._n = 0
        #: The last frame :meth:`show` made: its ``layers`` are the ones the page must draw
        #: (all of them when ``full``), by key; every other layer stays as the page has it.
        self.frame: dict[str, Any] = {}
        self._key: Hashable | None = None
        self._figure: dict[str, Any] = {"data": [], "layout": {}}

    @property
    def widget(self) -> Any:
        """The anywidget (created on first use): display this one object."""
        if self._widget is None:
            self._widget = _svg_widget_class()()
            self._send(self._whole())  # a page that opens now draws the whole map
            self._widget.observe(lambda change: self.request(change.get("new")), names=["click"])
            self._widget.observe(lambda _: self.resend(), names=["need"])
        return self._widget

    @property
    def view(self) -> Any:
        """The widget as a marimo element (``mo.ui.anywidget``), made once: show it in a
        layout cell, keep it out of the notebook's global names."""
        if self._view is None:
            import marimo as mo

            self._view = mo.ui.anywidget(self.widget)
        return self._view

    @property
    def figure(self) -> dict[str, Any]:
        """The figure on show, as plotly JSON-like data."""
        return self._figure

    @property
    def svg(self) -> str:
        """The SVG on show."""
        return self._svg

    def _frame(self, drawn: SvgLayers, new: set[str] | None) -> dict[str, Any]:
        self._n += 1
        return {
            "n": self._n,
            "full": new is None,
            "head": drawn.head,
            "keys": list(drawn.keys),
            "curves": list(drawn.curves),
            "layers": {
                key: drawn.layer(i) for i, key in enumerate(drawn.keys) if new is None or key in new
            },
        }

    def _whole(self) -> dict[str, Any]:
        drawn = self._layers or figure_svg_layers(self._figure, width=self.width)
        return self._frame(drawn, None)

    def _send(self, frame: dict[str, Any]) -> None:
        self.frame = frame
        if self._widget is not None:
            self._widget.frame = frame

    def resend(self) -> None:
        """Send the whole map again (a page that lacks a layer asks for it)."""
        self._send(self._whole())

    def show(self, figure: Any, *, whole: bool = False) -> bool:
        """Show ``figure`` (a plotly figure or its dict); whether anything changed. The page
        is sent only the layers (:class:`~speakeasy.games.speakeasy.figures.SvgLayers`) that differ
        from the figure on show, and keeps the others; with ``whole``, every layer (for a page
        that draws the widget afresh after each change, as a notebook cell that re-runs does:
        its new view then draws the map at once instead of asking for it)."""
        self._key = None
        data = figure if isinstance(figure, Mapping) else figure.to_plotly_json()
        self._figure = {"data": list(data.get("data", [])), "layout": dict(data.get("layout", {}))}
        drawn = figure_svg_layers(self._figure, width=self.width, before=self._layers)
        svg = drawn.svg
        if svg == self._svg:
            return False
        before = self._layers
        new: set[str] | None = None
        if before is not None and not whole:
            old = dict(zip(before.keys, before.bodies, strict=True))
            pairs = zip(drawn.keys, drawn.bodies, strict=True)
            new = {key for key, body in pairs if old.get(key) != body}
        self._svg, self._layers = svg, drawn
        self._send(self._frame(drawn, new))
        return True

    def show_once(self, key: Hashable, make: Callable[[], Any]) -> bool:
        """Show ``make()`` unless the figure on show was made for an equal ``key``."""
        if self._key is not None and self._key == key:
            return False
        changed = self.show(make())
        self._key = key
        return changed

    def click(self, curve: int, point: int) -> None:
        """Act as if point ``point`` of trace ``curve`` were clicked (tests use it)."""
        if self.on_click is not None:
            self.on_click([{"curveNumber": curve, "pointIndex": point}])

    def request(self, raw: object) -> bool:
        """A click the page reported (``{"n", "c", "p"}``), checked: a page can send anything.
        Whether it named a point of the figure on show."""
        if not isinstance(raw, Mapping):
            return False
        curve, point = _int(raw.get("c")), _int(raw.get("p"))
        traces = self._figure["data"]
        if curve is None or point is None or not 0 <= curve < len(traces):
            return False
        xs = traces[curve].get("x") or ()
        if not 0 <= point < len(xs):
            return False
        self.click(curve, point)
        return True

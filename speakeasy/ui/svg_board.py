"""The play map as SVG in a widget: a plotly figure drawn by :func:`~speakeasy.viz.figure_svg`.

:class:`~speakeasy.ui.BoardWidget` keeps a plotly ``FigureWidget`` on the page and patches the
traces that changed; plotly.js then recomputes and redraws the whole figure, 70-150 ms a time
in headless Chromium here (``tests/benchmarks/browser_latency.py``), more than the play table's
whole budget. :class:`SvgBoard` has the same interface and shows the same plotly figure as SVG
(a few milliseconds to draw in Python, one ``innerHTML`` on the page); a click on a marker or a
label reports plotly's ``curveNumber`` and ``pointIndex``, so
:func:`~speakeasy.viz.clicked_place` reads it as it reads a plotly click.

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

from speakeasy.ui.board_widget import ClickPoints
from speakeasy.viz import SvgLayers, figure_svg_layers

__all__ = ["SvgBoard"]

_ESM: Final = """
function render({ model, el }) {
  const box = document.createElement("div");
  box.className = "se-map";
  el.append(box);
  const NS = "http://www.w3.org/2000/svg";
  const parse = (text) => new DOMParser().parseFromString(text, "image/svg+xml").documentElement;
  const draw = () => {
    const c = model.get("frame") || {};  // one value: the SVG and which of its layers are new
    const svg = c.svg || "";
    const root = box.firstElementChild;
    const layers = root ? root.querySelectorAll(":scope > g[data-layer]").length : -1;
    if (!c.patch || layers !== c.sizes.length) {
      box.innerHTML = svg;  // a new figure: drawn whole
      return;
    }
    // the same figure moved on: only the layers that changed are parsed and replaced (any
    // layer that does not parse as one <g data-layer>: the whole SVG is drawn instead)
    try {
      const fresh = parse(svg.slice(0, c.head) + "</svg>");
      const old = root.querySelectorAll(":scope > g[data-layer]");
      const changed = new Set(c.layers);
      const layers = [];
      let offset = c.head;
      c.sizes.forEach((size, i) => {
        if (changed.has(i)) {
          const doc = parse(`<svg xmlns="${NS}">${svg.slice(offset, offset + size)}</svg>`);
          const layer = doc.firstElementChild;
          if (!layer || layer.getAttribute("data-layer") !== String(i)) throw new Error("layer");
          layers.push([old[i], layer]);
        }
        offset += size;
      });
      if (fresh.tagName !== "svg" || offset + 6 !== svg.length) throw new Error("sizes");
      for (const attr of fresh.attributes) root.setAttribute(attr.name, attr.value);
      for (const [before, layer] of layers) before.replaceWith(document.importNode(layer, true));
    } catch (error) {
      box.innerHTML = svg;
    }
  };
  model.on("change:frame", draw);
  draw();
  let n = 0;
  box.addEventListener("click", (event) => {
    const hit = event.target.closest("[data-c]");
    if (!hit) return;
    n += 1;
    model.set("click", { n, c: Number(hit.dataset.c), p: Number(hit.dataset.p) });
    model.save_changes();
  });
}
export default { render };
"""

_CSS: Final = """
.se-map { width: 100%; max-width: 100%; line-height: 0; }
.se-map svg { display: block; width: 100%; height: auto; max-height: 86vh; user-select: none; }
.se-map [data-c] { cursor: pointer; }
.se-map text[data-c] { cursor: pointer; }
"""

#: The width (pixels) the SVG is drawn for; it scales with its container.
DEFAULT_WIDTH: Final = 900


def _svg_widget_class() -> Any:
    import anywidget

    class _Svg(anywidget.AnyWidget):
        _esm = _ESM
        _css = _CSS
        frame = traitlets.Dict({}).tag(sync=True)  # the SVG and which of its layers are new
        click = traitlets.Dict({}).tag(sync=True)

    return _Svg


def _js_length(text: str) -> int:
    """``text.length`` in JavaScript (UTF-16 code units), which the page slices by."""
    return len(text.encode("utf-16-le")) // 2


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
        #: What the last :meth:`show` sent: a patch (``patch``) of the ``layers`` that changed.
        self.changed: dict[str, Any] = {}
        self._key: Hashable | None = None
        self._figure: dict[str, Any] = {"data": [], "layout": {}}

    @property
    def widget(self) -> Any:
        """The anywidget (created on first use): display this one object."""
        if self._widget is None:
            self._widget = _svg_widget_class()()
            self._widget.frame = {"svg": self._svg, "patch": False}
            self._widget.observe(lambda change: self.request(change.get("new")), names=["click"])
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

    def show(self, figure: Any) -> bool:
        """Show ``figure`` (a plotly figure or its dict); whether anything changed. When the
        figure on show has the same layers (:func:`~speakeasy.viz.figure_svg_layers`), the
        page re-draws only those that differ."""
        self._key = None
        data = figure if isinstance(figure, Mapping) else figure.to_plotly_json()
        self._figure = {"data": list(data.get("data", [])), "layout": dict(data.get("layout", {}))}
        drawn = figure_svg_layers(self._figure, width=self.width)
        svg = drawn.svg
        if svg == self._svg:
            return False
        before = self._layers
        patch = before is not None and len(before.layers) == len(drawn.layers)
        changed = {
            "patch": patch,
            "head": _js_length(drawn.head),
            "sizes": [_js_length(layer) for layer in drawn.layers],
            "layers": [
                i for i, layer in enumerate(drawn.layers) if not patch or before.layers[i] != layer
            ]
            if before is not None
            else [],
        }
        self._svg, self._layers, self.changed = svg, drawn, changed
        if self._widget is not None:
            self._widget.frame = {**changed, "svg": svg}
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

"""A board that stays on the page: one plotly ``FigureWidget`` patched trace by trace.

The play notebook used to hand marimo a new plotly figure on every decision: the whole JSON
(a few hundred KB) went to the page and plotly drew it from scratch, several times. A
:class:`BoardWidget` keeps one :class:`plotly.graph_objects.FigureWidget` (plotly ≥ 6: an
anywidget, which marimo shows as it is and Jupyter too) and :meth:`BoardWidget.show` sends only
what changed since the figure before: the properties of the traces that differ (one
``Plotly.update`` on the page) and the layout keys that differ. Traces are matched by position;
a figure with more traces adds some, one with fewer hides the rest.

In Jupyter, display :attr:`BoardWidget.box`, not the widget. anywidget's front end gives a
widget's code 2 s to load; plotly's is a 5 MB module, and on a loaded machine it can take
longer. Such a widget then never hears from the kernel again: its view draws the state the
widget was opened with and ignores every update (issue 23). The box keeps the map right all
the same:

- each widget it makes opens with the whole figure in its first state, so its view draws the
  figure on show even if it never hears another update;
- a view's first report names the edit it drew; if that is older than the kernel's latest, the
  box swaps in a fresh widget;
- a view that is alive answers every edit with a report. When a new request (a click, a cell)
  finds the edits sent by an earlier one unanswered, the view has stopped listening, and the
  box shows the new figure in a fresh widget instead of patching the deaf one. After a fresh
  widget's first report, one harmless edit asks it whether it listens.

Clicks come back as plotly click points (``{"curveNumber", "pointIndex"}`` dicts, as
``mo.ui.plotly`` gives them), so :func:`speakeasy.games.speakeasy.figures.clicked_district` reads
them.

>>> import plotly.graph_objects as go
>>> board = BoardWidget()
>>> first = go.Figure(go.Scatter(x=[1, 2], y=[1, 2], name="districts"))
>>> board.show(first).added
1
>>> patch = board.show(go.Figure(go.Scatter(x=[1, 2], y=[3, 4], name="districts")))
>>> patch.added, patch.traces, patch.properties
(0, 1, 1)
>>> board.show(go.Figure(go.Scatter(x=[1, 2], y=[3, 4], name="districts"))).empty
True
"""

from __future__ import annotations

import functools
import sys
import types
from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

__all__ = ["BoardPatch", "BoardWidget", "ClickPoints"]

#: plotly's config of a board: the map is not a chart to zoom or export.
DEFAULT_CONFIG: Mapping[str, Any] = {"displayModeBar": False, "responsive": True}

#: How many widgets in a row a box replaces without one of them answering an edit (a page
#: whose widgets never answer would otherwise get a fresh widget on every request).
MAX_REPLACEMENTS = 3

#: What a click hands to :attr:`BoardWidget.on_click`: the points under the pointer.
ClickPoints = list[dict[str, int]]


@dataclass(frozen=True, slots=True)
class BoardPatch:
    """What :meth:`BoardWidget.show` sent to the page."""

    added: int  # traces added (all of them for the first figure)
    traces: int  # traces patched
    properties: int  # trace properties sent for them
    hidden: int  # traces hidden (the new figure has fewer)
    layout: tuple[str, ...]  # top-level layout keys sent

    @property
    def empty(self) -> bool:
        """Nothing changed: nothing was sent."""
        return not (self.added or self.traces or self.hidden or self.layout)


class _LazyModule(types.ModuleType):
    """A module imported when one of its attributes is first read."""

    def __getattr__(self, name: str) -> Any:
        module = __import__(self.__name__)
        return getattr(module, name)


def _figure_widget_class() -> Any:
    """plotly's ``FigureWidget``, imported without nbformat.

    ``plotly.basewidget`` imports ``plotly.io._renderers``, which imports nbformat at module
    level (only to check its version when a notebook mime renderer is used), and nbformat's
    validator imports jsonschema, whose format checkers import rfc3987_syntax (a grammar
    built at import): about 1.3 s of a cold start for nothing the board uses. While that
    module is imported, nbformat is marked as missing for plotly's optional imports; the
    renderer module then gets a stand-in that imports nbformat when first read.
    """
    if "plotly.io._renderers" not in sys.modules and "nbformat" not in sys.modules:
        from plotly.optional_imports import get_module

        missing: set[str] = get_module.__globals__["_not_importable"]  # what plotly skips
        missing.add("nbformat")
        try:
            import plotly.io._renderers as renderers
        finally:
            missing.discard("nbformat")
        renderers.nbformat = _LazyModule("nbformat")
    from plotly.graph_objects import FigureWidget

    return FigureWidget


@functools.cache
def _opened_whole_class() -> Any:
    """plotly's ``FigureWidget``, opening its comm only once its figure is in its state.

    plotly fills the widget's ``_widget_data`` and ``_widget_layout`` after ipywidgets has
    opened the comm, so the page's first state of a plain ``FigureWidget`` is an empty
    figure and the figure follows as an update, which a widget whose code loads too slowly
    never applies (see the module's note)."""

    class OpenedWhole(_figure_widget_class()):  # type: ignore[misc]
        _opening_deferred = False

        def __init__(self, *args: Any, **kwargs: Any) -> None:
            self._opening_deferred = True
            try:
                super().__init__(*args, **kwargs)
            finally:
                self._opening_deferred = False
            self.open()

        def open(self) -> None:
            if not self._opening_deferred:
                super().open()

    return OpenedWhole


def current_request() -> str | None:
    """The id of the kernel request being handled (a cell run, a widget's event), or None
    outside a Jupyter kernel."""
    shell = sys.modules["IPython"].get_ipython() if "IPython" in sys.modules else None
    get_parent = getattr(getattr(shell, "kernel", None), "get_parent", None)
    parent = get_parent() if callable(get_parent) else None
    header = parent.get("header") if isinstance(parent, Mapping) else None
    msg_id = header.get("msg_id") if isinstance(header, Mapping) else None
    return msg_id if isinstance(msg_id, str) else None


def _figure_dict(figure: Any) -> dict[str, Any]:
    if isinstance(figure, Mapping):
        return {"data": list(figure.get("data", [])), "layout": dict(figure.get("layout", {}))}
    data: dict[str, Any] = figure.to_dict()
    return data


def _shape(traces: Sequence[Mapping[str, Any]]) -> list[tuple[Any, Any]]:
    return [(t.get("type", "scatter"), t.get("name")) for t in traces]


class BoardWidget:
    """One plotly ``FigureWidget`` on the page, patched to each new figure by
    :meth:`show`; ``on_click`` receives the clicked points."""

    def __init__(
        self,
        on_click: Callable[[ClickPoints], object] | None = None,
        config: Mapping[str, Any] | None = None,
    ) -> None:
        self.on_click = on_click
        #: plotly's config for the page (default: no mode bar, resized with its container).
        self.config = dict(config if config is not None else DEFAULT_CONFIG)
        self._widget: Any = None
        self._view: Any = None
        self._box: Any = None
        self._drawn = False
        self._reported = False  # the widget's view has reported the edit it drew
        self._answered = 0  # the latest trace edit the widget's view reported
        self._asked_by: str | None = None  # the request whose show sent the latest edits
        self._deaf = 0  # widgets replaced in a row without an answer (see MAX_REPLACEMENTS)
        #: Widgets the box replaced so far (see :attr:`box`).
        self.replacements = 0
        self._key: Hashable | None = None  # what the figure on show was made for (show_once)
        self._traces: list[dict[str, Any]] = []
        self._layout: dict[str, Any] = {}
        self._figure_index: dict[int, int] = {}  # widget trace -> trace of the figure shown

    @property
    def widget(self) -> Any:
        """The ``FigureWidget`` (created on first use): display this one object."""
        if self._widget is None:
            self._widget = self._new_widget()
        return self._widget

    def _new_widget(self, traces: Sequence[Mapping[str, Any]] = (), layout: Any = None) -> Any:
        widget = _opened_whole_class()(data=list(traces), layout=layout)
        widget._config = dict(self.config)
        widget.observe(self._on_drawn, names=["_js2py_layoutDelta"])
        widget.observe(self._on_report, names=["_js2py_traceDeltas"])
        for slot in range(len(traces)):
            widget.data[slot].on_click(self._clicked(slot), append=False)
        self._drawn = self._reported = False
        self._answered = 0
        self._asked_by = None
        return widget

    @property
    def box(self) -> Any:
        """For Jupyter: an ipywidgets box that holds the widget; display this one.

        When the page's view reports that it drew an older edit than the kernel's latest, the
        box is given a fresh widget carrying the whole figure on show (see the module's note),
        at most :data:`MAX_REPLACEMENTS` times. marimo shows :attr:`view` instead, which never
        replaces its widget.
        """
        if self._box is None:
            from ipywidgets import Box, Layout

            self._box = Box([self.widget], layout=Layout(flex="0 0 auto"))
        return self._box

    @property
    def _in_box(self) -> bool:
        return self._box is not None and self._view is None

    def _on_report(self, change: Any) -> None:
        report = change["new"]
        widget = change["owner"]
        if not report or widget is not self._widget:
            return
        edit = report.get("trace_edit_id")
        if not isinstance(edit, int):
            return
        if edit > 0:
            self._deaf = 0  # this view applied an update: the page's widgets work
        self._answered = max(self._answered, edit)
        if self._reported or not self._in_box:
            return
        self._reported = True  # only a view's first report tells the state it drew from
        if edit != widget._last_trace_edit_id:
            self._replace(self._traces, self._layout)
        elif widget.data:
            # ask the view whether it listens: a harmless edit it answers if it does
            widget.data[0].uirevision = f"listening-{self.replacements}"
            self._asked_by = current_request()

    def _deaf_view(self) -> bool:
        """In Jupyter: the edits an earlier request sent are unanswered, so the view on the
        page does not hear its widget (see the module's note)."""
        if not (self._in_box and self._reported and self._widget is not None):
            return False
        unanswered = self._answered < self._widget._last_trace_edit_id
        return unanswered and self._asked_by != current_request()

    def _replace(self, traces: Sequence[Mapping[str, Any]], layout: Mapping[str, Any]) -> bool:
        """Put a fresh widget, made from ``traces`` and ``layout``, into the box (unless
        :data:`MAX_REPLACEMENTS` widgets in a row went unanswered)."""
        if self._deaf >= MAX_REPLACEMENTS:
            return False
        old = self._widget
        self._widget = self._new_widget(traces, dict(layout))
        self._deaf += 1
        self.replacements += 1
        self._box.children = (self._widget,)
        old.close()
        return True

    def _on_drawn(self, _change: Any) -> None:
        self._drawn = True  # plotly's widget on the page reported its layout: a view exists

    @property
    def view(self) -> Any:
        """The widget as a marimo element (``mo.ui.anywidget``), made once.

        Keep it out of a notebook's global names (show ``board.view`` in the layout cell):
        the page echoes every update back to the widget, and marimo re-runs the cells that
        use a UI element's name each time its value changes. Clicks still arrive, through
        the widget's own click handlers (:attr:`on_click`).
        """
        if self._view is None:
            import marimo as mo

            self._view = mo.ui.anywidget(self.widget)
        return self._view

    @property
    def figure(self) -> dict[str, Any]:
        """The figure on show, as plotly JSON-like data (its traces in the figure's order)."""
        order = sorted(self._figure_index, key=self._figure_index.__getitem__)
        return {"data": [dict(self._traces[s]) for s in order], "layout": dict(self._layout)}

    def show(self, figure: Any) -> BoardPatch:
        """Bring the widget to ``figure`` (a plotly figure or its dict), sending only what
        changed since the figure shown before.

        Traces are never deleted on the page (plotly's widget loses track of a view that
        deletes traces): trace ``i`` of the figure goes to the widget's trace ``i`` when
        that one has its type, else to a new trace; traces left over are hidden.
        """
        self._key = None
        new = _figure_dict(figure)
        traces: list[dict[str, Any]] = new["data"]
        layout: dict[str, Any] = new["layout"]
        if self._deaf_view() and self._replace(traces, layout):
            self._traces, self._layout = list(traces), layout
            self._figure_index = {slot: slot for slot in range(len(traces))}
            return BoardPatch(len(traces), 0, 0, 0, tuple(sorted(layout)))
        widget = self.widget
        slots = self._traces
        used: list[int] = []
        added: list[dict[str, Any]] = []
        for index, trace in enumerate(traces):
            kind = trace.get("type", "scatter")
            if index < len(slots) and slots[index].get("type", "scatter") == kind:
                used.append(index)
            else:
                used.append(len(slots) + len(added))
                added.append(trace)
        if added:
            widget.add_traces(added)
            for slot in range(len(slots), len(slots) + len(added)):
                widget.data[slot].on_click(self._clicked(slot), append=False)
        changed_layout = tuple(
            sorted(k for k in {*layout, *self._layout} if layout.get(k) != self._layout.get(k))
        )
        patched = properties = hidden = 0
        shown = [*slots, *added]
        with widget.batch_update():
            for slot, trace in zip(used, traces, strict=True):
                if slot >= len(slots):
                    continue
                old = slots[slot]
                diff = {k: trace.get(k) for k in {*old, *trace} if old.get(k) != trace.get(k)}
                if diff:
                    widget.data[slot].update(diff, overwrite=True)
                    patched += 1
                    properties += len(diff)
                shown[slot] = trace
            for slot in set(range(len(slots))) - set(used):
                if shown[slot].get("visible") is not False:
                    widget.data[slot].visible = False
                    shown[slot] = {**shown[slot], "visible": False}
                    hidden += 1
            for key in changed_layout:
                widget.layout[key] = layout.get(key)
        if not self._drawn:
            # Until a view has drawn the figure, the page may not have plotly's widget code
            # yet (a 5 MB module) to follow the changes: hand it the whole figure instead, as
            # marimo and Jupyter do when they first show a FigureWidget.
            widget._repr_mimebundle_()
        self._traces, self._layout = shown, layout
        self._figure_index = {slot: index for index, slot in enumerate(used)}
        if widget._last_trace_edit_id > self._answered:
            self._asked_by = current_request()
        return BoardPatch(len(added), patched, properties, hidden, changed_layout)

    def show_once(self, key: Hashable, make: Callable[[], Any]) -> BoardPatch:
        """Show ``make()`` unless the figure shown was made for an equal ``key`` (then
        nothing is built or sent): for figures that stay the same over many decisions, like
        a replayed step's."""
        if self._key is not None and self._key == key:
            return BoardPatch(0, 0, 0, 0, ())
        patch = self.show(make())
        self._key = key
        return patch

    def click(self, curve: int, point: int) -> None:
        """Act as if the point ``point`` of trace ``curve`` were clicked (tests use it)."""
        if self.on_click is not None:
            self.on_click([{"curveNumber": curve, "pointIndex": point}])

    def _clicked(self, slot: int) -> Callable[[Any, Any, Any], None]:
        def clicked(_trace: Any, points: Any, _state: Any) -> None:
            indices = list(getattr(points, "point_inds", []) or [])
            curve = self._figure_index.get(slot)
            if indices and curve is not None:
                self.click(curve, indices[0])

        return clicked

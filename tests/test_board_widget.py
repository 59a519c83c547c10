"""The play map's board widget (issue 13, "Speed"): one plotly FigureWidget patched by diffs.

Not timed: these check what :meth:`BoardWidget.show` sends (only what changed, never a trace
deletion), that the widget ends up equal to the figure shown, that clicks name the figure's
trace even after the trace list changed, and that making the widget does not import nbformat
(the ~1.3 s of jsonschema and rfc3987_syntax a cold start used to pay through plotly).
"""

from __future__ import annotations

import subprocess
import sys
from typing import Any

import ipywidgets
import plotly.graph_objects as go
import pytest

from speakeasy.games.speakeasy.figures.game_figure import game_figure
from speakeasy.games.speakeasy.figures.truck_explorer import clicked_district
from speakeasy.games.speakeasy.table.play import Table, advance, table_for
from speakeasy.tools import board_widget
from speakeasy.tools.board_widget import MAX_REPLACEMENTS, BoardWidget


def _figure(table: Table, title: str = "") -> go.Figure:
    return game_figure(
        table.game.state,
        table.game.board,
        previous=table.previous_state(),
        highlight=table.clickable_districts(),
        title=title or None,
    )


def _on_page(board: BoardWidget) -> list[dict[str, Any]]:
    """The widget's visible traces, as plotly dicts (what the page draws; the widget adds a
    ``uid`` to each, and a property a patch removed reads ``{}``)."""
    return [t.to_plotly_json() for t in board.widget.data if t.visible is not False]


def _same_traces(board: BoardWidget, figure: go.Figure) -> bool:
    shown = _on_page(board)
    wanted = [t.to_plotly_json() for t in figure.data]
    return len(shown) == len(wanted) and all(
        {k: v for k, v in s.items() if k not in ("visible", "uid") and v not in ({}, None)} == w
        for s, w in zip(shown, wanted, strict=True)
    )


def test_the_first_figure_adds_every_trace_and_the_same_figure_sends_nothing() -> None:
    table = Table.new({"purple": "human", "blue": "bot"}, seed=3)
    figure = _figure(table)
    board = BoardWidget()
    first = board.show(figure)
    assert first.added == len(figure.data) and first.traces == 0
    assert _same_traces(board, figure)
    assert board.show(figure).empty
    assert board.figure["layout"] == figure.to_dict()["layout"]
    assert board.widget._config == {"displayModeBar": False, "responsive": True}


def test_a_decision_patches_only_the_traces_that_changed() -> None:
    snap = Table.new({"purple": "human", "blue": "bot"}, seed=3).snapshot()
    board = BoardWidget()
    board.show(_figure(table_for(snap), "Step 0"))
    for step in range(6):
        action = table_for(snap).game.legal_actions()[0]

        def choose(t: Table, a: Any = action) -> object:
            return t.choose(a)

        snap = advance(snap, choose)
        figure = _figure(table_for(snap), f"Step {step + 1}")
        patch = board.show(figure)
        assert not patch.empty
        assert patch.traces < len(figure.data), "a decision changes a few traces, not all"
        assert "title" in patch.layout
        assert _same_traces(board, figure), f"after decision {step + 1}"
        assert board.widget.layout.title.text == f"Step {step + 1}"


def test_fewer_traces_hide_the_rest_and_more_are_added_never_deleted() -> None:
    board = BoardWidget()
    three = go.Figure([go.Scatter(x=[i], y=[i], name=f"t{i}") for i in range(3)])
    one = go.Figure([go.Scatter(x=[9], y=[9], name="t0")])
    board.show(three)
    patch = board.show(one)
    assert (patch.added, patch.hidden) == (0, 2)
    assert len(board.widget.data) == 3
    assert [t.visible for t in board.widget.data][1:] == [False, False]
    again = board.show(three)
    assert again.added == 0 and again.hidden == 0
    assert [t.visible for t in board.widget.data] == [None, None, None]
    bar = go.Figure([go.Bar(x=[1], y=[1], name="t0")])  # another trace type: a new trace
    patch = board.show(bar)
    assert patch.added == 1 and patch.hidden == 3
    assert board.figure["data"][0]["type"] == "bar"


def test_a_click_names_the_district_of_the_figure_shown() -> None:
    table = Table.new({"purple": "human", "blue": "bot"}, seed=3)
    figure = _figure(table)
    clicks: list[list[dict[str, int]]] = []
    board = BoardWidget(on_click=clicks.append)
    board.show(figure)
    curve = [t.name for t in figure.data].index("districts")
    point = list(figure.data[curve].customdata).index(9)
    # plotly's widget calls the trace's click handlers with the points under the pointer
    trace = board.widget.data[curve]
    points = type("Points", (), {"point_inds": [point]})()
    for handler in trace._click_callbacks:
        handler(trace, points, None)
    assert clicks == [[{"curveNumber": curve, "pointIndex": point}]]
    assert clicked_district(clicks[0], figure) == 9


def test_making_the_widget_does_not_import_nbformat() -> None:
    code = (
        "import sys; from speakeasy.tools.board_widget import BoardWidget; "
        "BoardWidget().widget; "
        "import plotly.io._renderers as r; "
        "print('nbformat' in sys.modules, 'jsonschema' in sys.modules, bool(r.nbformat))"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=120
    )
    assert out.stdout.split() == ["False", "False", "True"]


def test_show_once_builds_and_sends_a_figure_once_per_key() -> None:
    made: list[int] = []

    def make(n: int) -> go.Figure:
        made.append(n)
        return go.Figure(go.Scatter(x=[n], y=[n], name="frame"))

    board = BoardWidget()
    assert board.show_once(("step", 1), lambda: make(1)).added == 1
    assert board.show_once(("step", 1), lambda: make(1)).empty
    assert board.show_once(("step", 2), lambda: make(2)).traces == 1
    assert made == [1, 2]
    board.show(make(3))  # a plain show forgets the key
    assert not board.show_once(("step", 2), lambda: make(2)).empty


def _report(board: BoardWidget, edit: int | None = None) -> None:
    """What plotly's view sends when it has drawn or applied an update: the trace edit it
    drew (default: the widget's latest) and its traces."""
    widget = board.widget
    edit = widget._last_trace_edit_id if edit is None else edit
    deltas = [{"uid": t.uid} for t in widget.data] if edit == widget._last_trace_edit_id else []
    widget._js2py_traceDeltas = {"trace_edit_id": edit, "trace_deltas": deltas}


@pytest.fixture
def requests(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The kernel request being handled, as the board sees it: the last of the list."""
    seen = ["cell-1"]
    monkeypatch.setattr(board_widget, "current_request", lambda: seen[-1])
    return seen


def test_a_fresh_widget_opens_with_the_whole_figure(monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 23: the page's first state of the board's widget is the whole figure, so a view
    that never hears an update still draws it."""
    opened: list[tuple[int, Any]] = []
    real_open = ipywidgets.Widget.open

    def spy(widget: Any) -> None:
        state = widget.get_state()
        if "_widget_data" in state and not getattr(widget, "_opening_deferred", False):
            opened.append((len(state["_widget_data"]), state["_widget_layout"].get("title")))
        real_open(widget)

    monkeypatch.setattr(ipywidgets.Widget, "open", spy)
    board = BoardWidget()
    board._box = ipywidgets.Box()  # as in Jupyter
    board._new_widget([{"type": "scatter", "x": [1], "y": [1]}], {"title": {"text": "Step 4"}})
    assert opened == [(1, {"text": "Step 4"})]


def test_a_view_that_drew_a_stale_state_gets_a_fresh_widget_in_the_box(
    requests: list[str],
) -> None:
    """JupyterLab drew the map from the widget's first, empty state and missed the updates
    queued behind it (anywidget stops a widget whose code took over 2 s to load). The view's
    first report names the edit it drew; the box then holds a fresh widget made from the
    whole figure on show, and clicks still name the figure's trace."""
    table = Table.new({"purple": "human", "blue": "bot"}, seed=3)
    figure = _figure(table, "Step 1")
    clicks: list[list[dict[str, int]]] = []
    board = BoardWidget(on_click=clicks.append)
    box = board.box
    board.show(_figure(table, "Step 0"))
    board.show(figure)
    first = board.widget
    assert first._last_trace_edit_id > 0
    requests.append("report-1")
    _report(board, 0)  # the page drew edit 0: no traces at all
    fresh = board.widget
    assert fresh is not first and box.children == (fresh,) and board.replacements == 1
    assert _same_traces(board, figure)
    assert fresh.layout.title.text == "Step 1"
    requests.append("report-2")
    _report(board)  # the fresh view drew the latest: kept, and asked whether it listens
    assert board.widget is fresh and board.replacements == 1
    assert fresh._last_trace_edit_id == 1 and fresh.data[0].uirevision
    _report(board)  # it answers
    curve = [t.name for t in figure.data].index("districts")
    points = type("Points", (), {"point_inds": [3]})()
    for handler in fresh.data[curve]._click_callbacks:
        handler(fresh.data[curve], points, None)
    assert clicks == [[{"curveNumber": curve, "pointIndex": 3}]]
    requests.append("click-1")
    patch = board.show(_figure(table, "Step 2"))  # and it follows the next figure by diffs
    assert patch.layout == ("title",) and board.widget is fresh


def test_a_view_that_stops_answering_is_replaced_at_the_next_request(
    requests: list[str],
) -> None:
    """A view that answered nothing since an earlier request's edits does not hear its
    widget: the next request shows its figure in a fresh widget rather than patching."""
    board = BoardWidget()
    box = board.box
    board.show(go.Figure(go.Scatter(x=[1], y=[1], name="t"), layout={"title": "1"}))
    _report(board)  # drew the latest
    _report(board)  # answered the question whether it listens
    first = board.widget
    requests.append("click-1")
    board.show(go.Figure(go.Scatter(x=[2], y=[2], name="t"), layout={"title": "2"}))
    assert board.widget is first  # the same request may patch twice before any answer
    board.show(go.Figure(go.Scatter(x=[3], y=[3], name="t"), layout={"title": "3"}))
    assert board.widget is first
    requests.append("click-2")  # no answer came for click-1's edits
    patch = board.show(go.Figure(go.Scatter(x=[4], y=[4], name="t"), layout={"title": "4"}))
    fresh = board.widget
    assert fresh is not first and box.children == (fresh,) and patch.added == 1
    assert list(fresh.data[0].x) == [4] and fresh.layout.title.text == "4"
    assert board.figure["layout"]["title"] == {"text": "4"}


def test_a_live_view_keeps_its_widget_and_replacements_in_a_row_are_capped(
    requests: list[str],
) -> None:
    board = BoardWidget()
    assert board.box is not None
    board.show(go.Figure(go.Scatter(x=[1], y=[1], name="t")))
    _report(board)
    _report(board)
    for n in range(2, 6):  # a live view answers each request's edits: never replaced
        requests.append(f"click-{n}")
        board.show(go.Figure(go.Scatter(x=[n], y=[n], name="t")))
        _report(board)
    assert board.replacements == 0
    for n in range(6, 16):  # widgets whose views draw but never answer an edit
        requests.append(f"click-{n}")
        board.show(go.Figure(go.Scatter(x=[n], y=[n], name="t")))
        if board.widget._last_trace_edit_id == 0:
            _report(board, 0)  # a fresh widget's view drew its opening state
    assert board.replacements == MAX_REPLACEMENTS
    assert list(board.widget.data[0].x) == [15]  # then it patches the last one


def test_marimo_s_view_never_replaces_its_widget(requests: list[str]) -> None:
    board = BoardWidget()
    view = board.view
    board.show(go.Figure(go.Scatter(x=[1], y=[1], name="t")))
    first = board.widget
    _report(board, 0)
    requests.append("click-1")
    board.show(go.Figure(go.Scatter(x=[2], y=[2], name="t")))
    assert board.widget is first and board.view is view and board.replacements == 0

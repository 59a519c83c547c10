"""The play table's decision panel: one widget that answers a click without re-running a cell.

The play notebook used to rebuild its side panel (the prompt, what happened since your last
decision, the option buttons, undo and redo) as marimo cells: every decision re-ran about
twenty cells and the page digested their outputs, about ten times marimo's own round trip.
Here the panel is one anywidget (:class:`DecisionPanel`, drawn by a few lines of JavaScript
from plain data) and the map one plotly ``FigureWidget`` (:class:`~speakeasy.ui.BoardWidget`);
a :class:`PlaySession` owns both. A click on an option goes from the page to
:meth:`PlaySession.handle`, which plays it, patches the map and sends the panel's new data:
two small messages and no cell. The notebook hears of the new position afterwards
(``on_change``), for what lies below the map (player boards, log, step through).

The panel's data (:func:`panel_view`) is plain JSON, so it is tested without a browser, and
the page only ever sets text (never HTML or Markdown): a ``$`` or ``<`` in an engine string is
shown as it is. Whatever the page sends back is checked (:func:`parse_request`): a request
that is not one of the panel's own, or that was made for an earlier position, changes nothing.

>>> from speakeasy.ui import Table
>>> table = Table.new({"purple": "human", "blue": "heuristic"}, seed=1)
>>> view = panel_view(table)
>>> view["prompt"]["player"], view["waiting"], len(view["options"]) == len(table.labels())
('purple', True, True)
>>> parse_request({"n": 1, "step": view["step"], "kind": "choose", "index": 0}, view)
PanelRequest(kind='choose', index=0, text=None, step=None)
>>> parse_request({"n": 2, "step": view["step"] + 1, "kind": "choose", "index": 0}, view)
>>> parse_request({"n": 3, "step": view["step"], "kind": "choose", "index": 10**9}, view)
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final

import traitlets

from speakeasy.core.actions import IllegalAction
from speakeasy.core.engine import SaveFileError
from speakeasy.explain import RuleRef, explain_blocked, explain_error, rule_ids_in, rule_url
from speakeasy.ui.board_widget import ClickPoints
from speakeasy.ui.play import (
    Table,
    TableSnapshot,
    advance,
    plain_words,
    progress_text,
    seat_name,
    table_for,
)
from speakeasy.ui.svg_board import SvgBoard
from speakeasy.viz import (
    PLAYER_COLOURS,
    PLAYER_INK,
    changed_districts,
    clicked_place,
    game_figure_data,
)

__all__ = [
    "MAX_BUTTONS",
    "DecisionPanel",
    "PanelRequest",
    "PlaySession",
    "panel_view",
    "parse_request",
    "table_figure",
]

#: At most this many option buttons in view; a bigger decision is chosen group by group, and
#: a group bigger than this is a list to pick from (never a wall of buttons).
MAX_BUTTONS: Final = 12
#: The most "since your last decision" items shown besides the automatic phases.
SINCE_CHOICES: Final = 6
#: The map's share of a 1280-pixel screen: no district spills over.
MAP_WIDTH: Final = 760

#: The kinds of request the page may make (:class:`PanelRequest`).
REQUEST_KINDS: Final = frozenset(
    {"choose", "group", "all", "undo", "redo", "bots", "through", "reveal"}
)

Note = tuple[str, str]  # (kind: info / success / warn / danger, text)


# ---------------------------------------------------------------------- the panel's data
def _since(table: Table) -> dict[str, Any] | None:
    viewer = table.viewer()
    if viewer is None:
        return None
    items = table.since_last_decision()
    # every automatic phase (the Lucky Luciano phase above all), then the latest choices
    keep = {i.step for i in items if i.automatic} | {i.step for i in items[-SINCE_CHOICES:]}
    shown = [i for i in items if i.step in keep]
    if not shown:
        return None
    rows = []
    for item in shown:
        lines = list(item.highlights or item.automatic[:3])
        rows.append(
            {
                "step": item.step,
                "headline": item.headline(),
                "lines": lines,
                # every automatic event, folded, when the short list leaves some out
                "more": list(item.automatic) if len(item.automatic) > len(lines) else [],
                "luciano": item.luciano,
            }
        )
    return {"viewer": viewer.value, "earlier": len(items) - len(shown), "items": rows}


def panel_view(
    table: Table, *, group: str | None = None, note: Note | None = None
) -> dict[str, Any]:
    """Everything the decision panel shows for ``table``, as plain data (JSON).

    ``group`` is the option group in view (a map click or the group picker sets it);
    ``note`` a message after the last request (a refusal, "New game", …). Options are
    numbered in the decision's order (``index``): a ``choose`` request names that number.
    """
    game = table.game
    decision = game.pending
    step = len(game.history)
    view: dict[str, Any] = {
        "step": step,
        "kind": decision.kind if decision is not None else None,
        "prompt": None,
        "since": _since(table),
        "note": {"kind": note[0], "text": note[1]} if note else None,
        "waiting": decision is not None and table.waiting_for_human,
        "bot": None,
        "hint": False,
        "picker": None,
        "groups": [],
        "options": [],
        "finish": [],
        "show_all": False,
        "blocked": [],
        "undo": step > 0,
        "redo": bool(game.redo_line),
        "bots": None,
        "colours": {c.value: [PLAYER_COLOURS[c], PLAYER_INK[c]] for c in PLAYER_COLOURS},
        "sections": [],
        "cover": None,
    }
    if decision is None:
        view["prompt"] = {"over": True, "progress": progress_text(game.state), "rules": []}
        return _with_links(view)
    player = decision.player
    view["prompt"] = {
        "over": False,
        "progress": f"{progress_text(game.state)} · step {step}",
        "player": player.value,
        "seat": seat_name(table.seats[player]),
        "text": plain_words(decision.prompt),
        "rules": [{"id": r, "summary": RuleRef.of(r).summary or ""} for r in decision.rules],
    }
    view["bots"] = "🤖 Let a bot decide for me" if view["waiting"] else "▶ Let the bots move"
    if not view["waiting"]:
        view["bot"] = (
            f"{player.value.capitalize()} is a {seat_name(table.seats[player])}: let it move."
        )
    labels = table.labels()
    index = {label.action: i for i, label in enumerate(labels)}
    view["options"] = [
        {"head": label.head, "caption": label.caption, "full": label.full} for label in labels
    ]
    groups = table.groups()
    finish = [g for g in groups if g.title == "Finish"]
    main = [g for g in groups if g.title != "Finish"]
    titles = [g.title for g in main]
    total = sum(len(g.options) for g in main)
    focus = group if group in titles else None
    if total > MAX_BUTTONS and len(titles) > 1:
        chosen = focus or titles[0]
        view["picker"] = {"titles": titles, "chosen": chosen}
        shown = [g for g in main if g.title == chosen]
    else:
        shown = [g for g in main if g.title == focus] if focus is not None else main
        view["show_all"] = focus is not None
    view["hint"] = bool(table.clickable_districts())
    view["groups"] = [
        {
            "title": g.title if len(main) > 1 else "",
            "options": [index[a] for a in g.options],
            "list": len(g.options) > MAX_BUTTONS,
        }
        for g in shown
    ]
    view["finish"] = [index[a] for g in finish for a in g.options]
    view["blocked"] = [
        {"text": plain_words(action.describe()), "why": why}
        for action, why in explain_blocked(decision, game.state)
    ]
    return _with_links(view)


def _texts(value: Any) -> Any:
    if isinstance(value, str):
        yield value
    elif isinstance(value, Mapping):
        for item in value.values():
            yield from _texts(item)
    elif isinstance(value, list):
        for item in value:
            yield from _texts(item)


def _with_links(view: dict[str, Any]) -> dict[str, Any]:
    """Add ``links``: every indexed rule ID the panel's text cites, with its rules-page URL
    (the page turns those IDs into links; nothing else in the text is markup)."""
    ids = rule_ids_in(" ".join(_texts(view)))
    view["links"] = {rule_id: rule_url(rule_id) for rule_id in ids}
    return view


# ---------------------------------------------------------------------- requests from the page
@dataclass(frozen=True, slots=True)
class PanelRequest:
    """One checked request of the page: ``choose`` option ``index``, show group ``text``,
    ``all`` groups, ``undo``, ``redo``, ``bots``, ``through`` (open step ``step`` in step
    through) or ``reveal`` (uncover the cards of the seat to decide)."""

    kind: str
    index: int | None = None
    text: str | None = None
    step: int | None = None


def _int(value: object) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def parse_request(raw: object, view: Mapping[str, Any]) -> PanelRequest | None:
    """The request ``raw`` (what the page sent) as a :class:`PanelRequest`, or ``None`` when
    it is not one the panel ``view`` on show can make: an unknown kind, an option or group
    it does not list, or a request made for another position (a click that raced a change).
    A page can send anything, so nothing here trusts it."""
    if not isinstance(raw, Mapping) or _int(raw.get("step")) != view.get("step"):
        return None
    kind = raw.get("kind")
    if kind not in REQUEST_KINDS:
        return None
    if kind == "choose":
        index = _int(raw.get("index"))
        if index is None or not 0 <= index < len(view.get("options", ())):
            return None
        return PanelRequest("choose", index=index)
    if kind == "group":
        picker = view.get("picker") or {}
        titles = [g["title"] for g in view.get("groups", ())] + list(picker.get("titles", ()))
        text = raw.get("text")
        if not isinstance(text, str) or text not in titles:
            return None
        return PanelRequest("group", text=text)
    if kind == "through":
        step = _int(raw.get("target"))
        since = view.get("since") or {}
        if step is None or step not in {i["step"] for i in since.get("items", ())}:
            return None
        return PanelRequest("through", step=step)
    offered = {
        "undo": bool(view.get("undo")),
        "redo": bool(view.get("redo")),
        "bots": view.get("bots") is not None,
        "reveal": bool(view.get("cover")),
    }
    if not offered.get(str(kind), True):
        return None
    return PanelRequest(str(kind))


# ---------------------------------------------------------------------- the widget
#: The panel's page code and style, shipped next to this module.
_HERE: Final = Path(__file__).parent


def _panel_widget_class() -> Any:
    import anywidget

    class _Panel(anywidget.AnyWidget):
        _esm = (_HERE / "play_panel.js").read_text(encoding="utf-8")
        _css = (_HERE / "play_panel.css").read_text(encoding="utf-8")
        view = traitlets.Dict({}).tag(sync=True)
        request = traitlets.Dict({}).tag(sync=True)

    return _Panel


class DecisionPanel:
    """The decision panel on the page: :meth:`show` sends new data (:func:`panel_view`);
    every request the page makes reaches ``on_request`` once, checked by
    :func:`parse_request` against the data on show."""

    def __init__(self, on_request: Callable[[PanelRequest], object] | None = None) -> None:
        self.on_request = on_request
        self._widget: Any = None
        self._view: Any = None
        self._data: dict[str, Any] = {"step": None}
        self._seq = 0

    @property
    def widget(self) -> Any:
        """The anywidget (created on first use): display this one object."""
        if self._widget is None:
            self._widget = _panel_widget_class()()
            self._widget.view = self._data
            self._widget.observe(self._requested, names=["request"])
        return self._widget

    @property
    def view(self) -> Any:
        """The widget as a marimo element (``mo.ui.anywidget``), made once: show it in the
        layout cell, keep it out of the notebook's global names (see
        :attr:`BoardWidget.view <speakeasy.ui.BoardWidget.view>`)."""
        if self._view is None:
            import marimo as mo

            self._view = mo.ui.anywidget(self.widget)
        return self._view

    @property
    def data(self) -> dict[str, Any]:
        """The panel's data on show."""
        return self._data

    def show(self, data: dict[str, Any]) -> None:
        """Show ``data`` (a :func:`panel_view`). Every call reaches the page, even with data
        equal to what it shows (``seq`` counts the calls): the page waits for an answer to
        each request before it takes another click."""
        self._seq += 1
        self._data = {**data, "seq": self._seq}
        if self._widget is not None:
            self._widget.view = self._data

    def request(self, raw: object) -> PanelRequest | None:
        """Handle what the page sent (tests call it too): checked, then passed on."""
        parsed = parse_request(raw, self._data)
        if parsed is None:
            self.show(self._data)  # answered all the same: the page takes clicks again
            return None
        if self.on_request is not None:
            self.on_request(parsed)
        return parsed

    def _requested(self, change: Mapping[str, Any]) -> None:
        self.request(change.get("new"))


# ---------------------------------------------------------------------- the session
def table_figure(table: Table) -> dict[str, Any]:
    """The play map of ``table`` as plotly figure data: the position, what changed since the
    viewer's previous decision (orange), where a click chooses (gold), a title naming the step
    and who decides."""
    game = table.game
    decision = game.pending
    step = len(game.history)
    previous = table.previous_state()
    clickable = table.clickable_districts()
    if decision is None:
        title = "Game over"
    else:
        who = decision.player.value.capitalize()
        title = f"Step {step} · {who} ({seat_name(table.seats[decision.player])}) to decide"
    figure = game_figure_data(
        game.state,
        game.board,
        previous=previous,
        highlight=clickable,
        title=title,
        fit_width=MAP_WIDTH,
    )
    figure["layout"]["meta"] = {
        "step": step,
        "pending": decision.kind if decision else None,
        "clickable": clickable,
        "changed": changed_districts(previous, game.state),
    }
    return figure


class PlaySession:
    """One person's table in a notebook: the position (an immutable
    :class:`~speakeasy.ui.TableSnapshot`), the map and the decision panel.

    Requests from the panel and clicks on the map are played here and both widgets are brought
    up to date at once; then ``on_change(snapshot)`` tells the notebook (for the views below
    the map) and ``on_through(step)`` asks it to open a step in step through.
    """

    def __init__(
        self,
        snapshot: TableSnapshot,
        *,
        on_change: Callable[[TableSnapshot], object] | None = None,
        on_through: Callable[[int], object] | None = None,
    ) -> None:
        self.snapshot = snapshot
        self.group: str | None = None
        self.note: Note | None = None
        self.on_change = on_change
        self.on_through = on_through
        self.board = SvgBoard(on_click=self.click)
        self.panel = DecisionPanel(on_request=self.handle)
        self._refresh()

    @property
    def table(self) -> Table:
        """The table on show (read it, never change it: use :meth:`act`)."""
        return table_for(self.snapshot)

    # ------------------------------------------------------------------ changes
    def show(self, snapshot: TableSnapshot, note: Note | None = None) -> None:
        """Put ``snapshot`` on the table (a new game, a load, a played request)."""
        self.snapshot = snapshot
        self.group = None
        self.note = note
        self._refresh()
        if self.on_change is not None:
            self.on_change(snapshot)

    def act(self, change: Callable[[Table], object], note: Note | None = None) -> bool:
        """Apply ``change`` to a copy of the table (:func:`~speakeasy.ui.advance`); a refusal
        becomes a note and the position stays. Whether it was played."""
        try:
            new = advance(self.snapshot, change)
        except IllegalAction as exc:
            self.say(("warn", explain_error(exc)))
            return False
        except (SaveFileError, ValueError) as exc:
            self.say(("danger", str(exc)))
            return False
        self.show(new, note)
        return True

    def say(self, note: Note | None) -> None:
        """Show ``note`` in the panel; the position stays."""
        self.note = note
        self.panel.show(self._panel_data())

    def focus(self, group: str | None, note: Note | None = None) -> None:
        """Show only the options of ``group`` (``None``: all of them)."""
        self.group = group
        self.note = note
        self.panel.show(self._panel_data())

    # ------------------------------------------------------------------ input
    def handle(self, request: PanelRequest) -> None:
        """Play one checked request of the panel."""
        table = self.table
        if request.kind == "choose" and request.index is not None:
            action = table.labels()[request.index].action
            self.act(lambda t: t.choose(action))
        elif request.kind == "group":
            self.focus(request.text)
        elif request.kind == "all":
            self.focus(None)
        elif request.kind == "undo":
            self.act(lambda t: t.undo(), ("info", "Undone."))
        elif request.kind == "redo":
            self.act(lambda t: t.redo(), ("info", "Redone."))
        elif request.kind == "bots":
            colour = table.game.current_player
            if table.waiting_for_human and colour is not None:
                self.act(lambda t: t.play_for(colour), ("info", "A bot played for you."))
            else:
                self.act(lambda t: t.play_bots(), ("info", "The bots moved."))
        elif request.kind == "through" and request.step is not None:
            self.say(("info", f"Step {request.step} is open in Step through, below the map."))
            if self.on_through is not None:
                self.on_through(request.step)

    def click(self, points: ClickPoints | None) -> None:
        """A click on the map: the option it names is played, or its district's options
        are shown (several), or a note says there is nothing to choose there."""
        place = clicked_place(points or [], self.board.figure)
        if place is None:
            return
        district, space = place
        table = self.table
        if district not in table.clickable_districts():
            self.say(("info", f"District {district}: nothing to choose there now."))
            return
        options = table.options_at(district, space)
        if len(options) == 1:
            self.act(
                lambda t: t.choose(options[0]),
                ("info", f"Chosen by a click on district {district}."),
            )
        else:
            self.focus(
                table.group_of(district),
                ("info", f"District {district}: choose one of its {len(options)} options."),
            )

    # ------------------------------------------------------------------ drawing
    def _panel_data(self) -> dict[str, Any]:
        return panel_view(self.table, group=self.group, note=self.note)

    def _refresh(self) -> None:
        table = self.table
        self.board.show(table_figure(table))
        self.panel.show(self._panel_data())

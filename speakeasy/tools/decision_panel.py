"""A decision panel that answers a click without re-running a notebook cell, for any game.

A play notebook used to rebuild its side panel (the prompt, what happened since your last
decision, the option buttons, undo and redo) as marimo cells: every decision re-ran about
twenty cells and the page digested their outputs, about ten times marimo's own round trip
(``tests/benchmarks/browser_latency.py``). Here the panel is one anywidget
(:class:`DecisionPanel`, drawn by a few lines of JavaScript from plain data,
``decision_panel.js``) and the map an :class:`~speakeasy.games.speakeasy.table.SvgBoard`; a
:class:`TableSession` owns both. A click on an option goes from the page to
:meth:`TableSession.handle`, which plays it, redraws the map and sends the panel's new data:
two small messages and no cell. The notebook hears of the new position afterwards
(``on_change``), for what lies below the map.

The panel's data is plain JSON, so it is tested without a browser, and the page only ever
sets text (never HTML or Markdown): a ``$`` or ``<`` in an engine string is shown as it is.
Whatever the page sends back is checked (:func:`parse_request`): a request that is not one of
the panel's own, or that was made for an earlier position, changes nothing. Each game says
what its panel shows and how its table changes by subclassing :class:`TableSession`
(Speakeasy's :class:`~speakeasy.games.speakeasy.table.PlaySession`, Mafia City's
:class:`~speakeasy.games.speakeasy.table.PlaySession`).

The data a panel shows (keys of the dict given to :meth:`DecisionPanel.show`): ``step``
(requests must name it), ``kind``, ``prompt`` (``progress``, ``player``, ``seat``, ``text``,
``rules`` as ``{id, summary}``, or ``over``), ``cover`` (``{text, button}``: the next
person's cards stay hidden), ``sections`` (``{title, lines, cls}``: e.g. a hand; with
``after`` true it follows the options), ``since``
(``viewer``, ``earlier``, ``items`` of ``{step, headline, lines, more, luciano}``), ``note``
(``{kind, text}``), ``waiting`` (a person decides), ``bot`` (a message instead), ``hint``
(how to choose on the map), ``picker`` (``{titles, chosen}``), ``groups`` (``{title,
options, list}``, options as indices into ``options``), ``options`` (``{head, caption,
full}``), ``finish``, ``show_all``, ``blocked`` (``{text, why}``), ``undo``, ``redo``,
``bots`` (the button's label), ``coach_offer`` (the coach may be asked), ``coach`` (the
coach's question on this position: ``state`` thinking, with ``done`` of ``total`` worlds, or
answer, with :meth:`Coaching.to_data <speakeasy.tools.coach.Coaching.to_data>` and ``lines``
of reasons in words), ``colours`` (``{name: [fill, ink]}``), ``links`` (``{rule
ID: URL}``) and ``terms`` (the glossary's words the text holds, as
:func:`~speakeasy.tools.glossary.terms_in` gives them: the page links the first one of each in
a block to its entry on the rules page).

>>> view = {"step": 4, "options": [{"head": "a"}], "groups": [], "undo": False}
>>> parse_request({"n": 1, "step": 4, "kind": "choose", "index": 0}, view)
PanelRequest(kind='choose', index=0, text=None, step=None)
>>> parse_request({"n": 2, "step": 3, "kind": "choose", "index": 0}, view)  # an old position
>>> parse_request({"n": 3, "step": 4, "kind": "undo"}, view)  # not offered
"""

from __future__ import annotations

import dataclasses
import threading
import urllib.parse
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, ClassVar, Final, Generic, Protocol, TypeVar

import traitlets

from speakeasy.core.actions import Action, Decision, IllegalAction
from speakeasy.core.engine import SaveFileError
from speakeasy.core.registry import GameType, Station
from speakeasy.core.seeds import derive_seed
from speakeasy.tools.board_widget import ClickPoints
from speakeasy.tools.coach import DEFAULT_WORLDS, Coaching, coach, spread
from speakeasy.tools.glossary import Glossary, terms_in
from speakeasy.tools.page_address import (
    ADDRESS_KEY,
    MAX_CHARS,
    QueryParams,
    address_seed,
    decode_table,
    encode_table,
    fresh_seed,
)
from speakeasy.tools.rule_links import SPEAKEASY_RULES, RuleSet, rule_ids_in, rule_url
from speakeasy.tools.svg_board import SvgBoard
from speakeasy.tools.teacher import TeacherView

__all__ = [
    "REQUEST_KINDS",
    "CoachRun",
    "DecisionPanel",
    "Note",
    "PanelRequest",
    "QueryParams",
    "Snapshot",
    "TableSession",
    "empty_view",
    "parse_request",
    "with_links",
]

#: The kinds of request the page may make (:class:`PanelRequest`).
REQUEST_KINDS: Final = frozenset(
    {
        "choose",
        "group",
        "all",
        "undo",
        "redo",
        "bots",
        "through",
        "reveal",
        "frame",
        "close",
        "resume",
        "coach",
        "coach_stop",
    }
)

Note = tuple[str, str]  # (kind: info / success / warn / danger, text)


def _texts(value: Any) -> Any:
    if isinstance(value, str):
        yield value
    elif isinstance(value, Mapping):
        for item in value.values():
            yield from _texts(item)
    elif isinstance(value, list):
        for item in value:
            yield from _texts(item)


def with_links(
    view: dict[str, Any],
    rules: RuleSet | Sequence[RuleSet] = SPEAKEASY_RULES,
    glossary: Glossary | Sequence[Glossary] = (),
) -> dict[str, Any]:
    """Add ``links``: every indexed rule ID of ``rules`` (the game's, from its descriptor) the
    panel's text cites, with its rules-page URL, and ``terms``: the words of ``glossary`` (the
    game's) it holds, with their entries' URLs and definitions (the page turns those IDs and
    words into links; nothing else in the text is markup)."""
    texts = list(_texts(view))
    ids = rule_ids_in(" ".join(texts), rules)
    view["links"] = {rule_id: rule_url(rule_id) for rule_id in ids}
    view["terms"] = terms_in(texts, glossary) if glossary else {}
    return view


def empty_view(
    step: int,
    kind: str | None,
    *,
    note: Note | None,
    waiting: bool,
    undo: bool,
    redo: bool,
    colours: Mapping[str, tuple[str, str]],
) -> dict[str, Any]:
    """The panel's data with what every game gives it; the rest (prompt, options, …) empty,
    for the game to fill in."""
    return {
        "step": step,
        "kind": kind,
        "prompt": None,
        "cover": None,
        "sections": [],
        "since": None,
        "note": {"kind": note[0], "text": note[1]} if note else None,
        "waiting": waiting,
        "bot": None,
        "hint": "",
        "picker": None,
        "groups": [],
        "options": [],
        "finish": [],
        "show_all": False,
        "blocked": [],
        "undo": undo,
        "redo": redo,
        "bots": None,
        "pause": None,
        "through": None,
        "colours": {name: list(pair) for name, pair in colours.items()},
        "links": {},
        "terms": {},
        "coach_offer": False,
        "coach": None,
    }


# ---------------------------------------------------------------------- requests from the page
@dataclass(frozen=True, slots=True)
class PanelRequest:
    """One checked request of the page: ``choose`` option ``index``, show group ``text``,
    ``all`` groups, ``undo``, ``redo``, ``bots``, ``through`` (open step ``step`` in step
    through), ``frame`` (show event ``index`` of the step open in the panel's step through),
    ``close`` (close it), ``resume`` (go on after a pause) or ``reveal`` (uncover the cards of
    the seat to decide)."""

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
    if kind == "frame":
        index = _int(raw.get("index"))
        count = (view.get("through") or {}).get("count", 0)
        if index is None or not 0 <= index < count:
            return None
        return PanelRequest("frame", index=index)
    offered = {
        "undo": bool(view.get("undo")),
        "redo": bool(view.get("redo")),
        "bots": view.get("bots") is not None,
        "reveal": bool(view.get("cover")),
        "close": bool(view.get("through")),
        "resume": bool(view.get("pause")),
        "coach": bool(view.get("coach_offer")),
        "coach_stop": (view.get("coach") or {}).get("state") == "thinking",
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
        _esm = (_HERE / "decision_panel.js").read_text(encoding="utf-8")
        _css = (_HERE / "decision_panel.css").read_text(encoding="utf-8")
        view = traitlets.Dict({}).tag(sync=True)
        request = traitlets.Dict({}).tag(sync=True)
        # the page has drawn the view of this number (its own value: marimo merges queued
        # updates of one value, and a confirmation must not take a click's place)
        drawn = traitlets.Int(0).tag(sync=True)

    return _Panel


class DecisionPanel:
    """The decision panel on the page: :meth:`show` sends new data (:func:`panel_view`);
    every request the page makes reaches ``on_request`` once, checked by
    :func:`parse_request` against the data on show."""

    def __init__(
        self,
        on_request: Callable[[PanelRequest], object] | None = None,
        on_drawn: Callable[[], object] | None = None,
    ) -> None:
        self.on_request = on_request
        self.on_drawn = on_drawn
        self._widget: Any = None
        self._view: Any = None
        self._data: dict[str, Any] = {"step": None}
        self._seq = 0
        #: Whether a page has sent a request (a page that draws the panel is there).
        self.live = False

    @property
    def widget(self) -> Any:
        """The anywidget (created on first use): display this one object."""
        if self._widget is None:
            self._widget = _panel_widget_class()()
            self._widget.view = self._data
            self._widget.observe(self._requested, names=["request"])
            self._widget.observe(lambda change: self.drawn(change.get("new")), names=["drawn"])
        return self._widget

    @property
    def view(self) -> Any:
        """The widget as a marimo element (``mo.ui.anywidget``), made once: show it in the
        layout cell, keep it out of the notebook's global names (see
        :attr:`BoardWidget.view <speakeasy.games.speakeasy.table.BoardWidget.view>`)."""
        if self._view is None:
            import marimo as mo

            self._view = mo.ui.anywidget(self.widget)
        return self._view

    @property
    def data(self) -> dict[str, Any]:
        """The panel's data on show."""
        return self._data

    def show(self, data: dict[str, Any], *, ack: bool = False) -> None:
        """Show ``data`` (a :func:`panel_view`). Every call reaches the page, even with data
        equal to what it shows (``seq`` counts the calls): the page waits for an answer to
        each request before it takes another click. With ``ack``, the page confirms that it
        has drawn this data (:meth:`drawn`)."""
        self._seq += 1
        self._data = {**data, "seq": self._seq, "ack": ack}
        if self._widget is not None:
            self._widget.view = self._data

    def request(self, raw: object) -> PanelRequest | None:
        """Handle what the page sent (tests call it too): checked, then passed on."""
        parsed = parse_request(raw, self._data)
        if parsed is None:
            self.show(self._data, ack=self._data.get("ack") is True)  # the page clicks again
            return None
        if self.on_request is not None:
            self.on_request(parsed)
        return parsed

    def drawn(self, seq: object) -> bool:
        """The page has drawn the data numbered ``seq`` (``seq`` in :attr:`data`); only a
        confirmation the data on show asked for (``ack``) reaches ``on_drawn``."""
        self.live = True
        if not self._data.get("ack") or _int(seq) is None or seq != self._data.get("seq"):
            return False
        self._data = {**self._data, "ack": False}  # one confirmation, heard once
        if self.on_drawn is not None:
            self.on_drawn()
        return True

    def _requested(self, change: Mapping[str, Any]) -> None:
        self.live = True
        self.request(change.get("new"))


# ---------------------------------------------------------------------- the coach
@dataclass(frozen=True, slots=True)
class CoachRun:
    """The coach's question on one position of a table: its ``step``, the seat that asked,
    the worlds ``done`` of ``total``, the ``answer`` once there (or the ``error`` that stopped
    it) and whether the person asked it to stop. ``token`` tells this question from a later
    one (a worker whose question is no longer the table's drops its answer)."""

    step: int
    seat: str
    token: object
    total: int
    done: int = 0
    answer: Coaching | None = None
    error: str | None = None
    stopped: bool = False
    #: The query that opens an explorer at what the seat sees (the game's ``position_query``).
    where: Mapping[str, str] = dataclasses.field(default_factory=dict)


#: When a reason's measure is taken, in words (``{chapter}``: the game's "act", "round").
_WHEN: Final = {
    "now": "by the next decision",
    "chapter": "by the end of this {chapter}",
    "end": "at the end of the game",
}


# ---------------------------------------------------------------------- the session
class Snapshot(Protocol):
    """What a game's table snapshot offers the session: its seed, its step (decisions made)
    and its plain data for the page's address (:mod:`speakeasy.tools.page_address`)."""

    @property
    def seed(self) -> int: ...

    @property
    def step(self) -> int: ...

    def to_data(self) -> dict[str, Any]: ...


TableT = TypeVar("TableT")
SnapshotT = TypeVar("SnapshotT", bound=Snapshot)


class TableSession(ABC, Generic[TableT, SnapshotT]):
    """One person's table in a notebook: the position (an immutable snapshot), the map
    (:attr:`board`) and the decision panel (:attr:`panel`).

    Requests from the panel and clicks on the map are played here and both widgets are brought
    up to date at once; then ``on_change(snapshot)`` tells the notebook (for the views below
    the map) and ``on_through(step)`` asks it to open a step in step through. With a page
    there (one that has sent a request), ``on_change`` waits until the page has drawn the new
    panel: the cells it re-runs would otherwise hold up the messages that carry the map and
    the panel to the page (in ``marimo run`` a kernel is a thread of the server's process).
    A game says how (the abstract methods); the table's ``choose``, ``undo``, ``redo``,
    ``play_for`` and ``play_bots`` do the playing.

    The teacher's view (every hand and safe) is ``teacher_view``'s
    (:class:`~speakeasy.tools.teacher.TeacherView`): off, and impossible to turn on, unless the
    session was made for the teacher (:mod:`speakeasy.tools.teacher`).
    """

    #: The width (pixels) the map is drawn for; it scales with its column, keeping its shape.
    map_width = 900
    #: The game's name in the page's address (its registry name): an address made by one
    #: game's table never opens in another's.
    game_name: ClassVar[str] = ""

    def __init__(
        self,
        snapshot: SnapshotT,
        *,
        on_change: Callable[[SnapshotT], object] | None = None,
        on_through: Callable[[int], object] | None = None,
        teacher_view: TeacherView | None = None,
        note: Note | None = None,
        thread: Callable[..., threading.Thread] = threading.Thread,
    ) -> None:
        #: Makes the coach's worker thread (a notebook gives its own: marimo's ``mo.Thread``,
        #: whose updates reach the page).
        self.thread = thread
        self.coaching: CoachRun | None = None
        # the coach's worker and the page's requests both redraw the panel: one at a time
        self._lock = threading.RLock()
        self.snapshot = snapshot
        self.teacher_view = teacher_view if teacher_view is not None else TeacherView()
        self.group: str | None = None
        self.note: Note | None = note
        self.on_change = on_change
        self.on_through = on_through
        self._pending: SnapshotT | None = None  # for on_change, once the page has drawn it
        self.board = SvgBoard(on_click=self.click, width=self.map_width)
        self.panel = DecisionPanel(on_request=self.handle, on_drawn=self._drawn)
        self._refresh()

    # ------------------------------------------------------------------ what a game says
    #: The registered game the table plays (its coach, its stations); ``None``: no coach.
    game_type: ClassVar[GameType | None] = None
    #: Worlds the coach draws for one question (each plays every option to the end); asked
    #: again about the same decision, twice as many as the last answer, up to the most.
    coach_worlds: ClassVar[int] = DEFAULT_WORLDS
    coach_most_worlds: ClassVar[int] = 8 * DEFAULT_WORLDS

    def label(self, table: TableT, action: Action) -> str:
        """A pending option in the player's words (the coach names options so)."""
        return action.label or str(action)

    @abstractmethod
    def table_of(self, snapshot: SnapshotT) -> TableT:
        """The (cached) table of ``snapshot``."""

    @abstractmethod
    def advance(self, snapshot: SnapshotT, change: Callable[[TableT], object]) -> SnapshotT:
        """The snapshot after ``change`` on a copy of ``snapshot``'s table."""

    @abstractmethod
    def figure(self, table: TableT) -> Mapping[str, Any]:
        """The map of ``table`` as plotly figure data (drawn as SVG)."""

    @abstractmethod
    def panel_data(self, table: TableT) -> dict[str, Any]:
        """The panel's data for ``table`` (with :attr:`group` and :attr:`note`)."""

    @abstractmethod
    def option(self, table: TableT, index: int) -> Action:
        """The pending option numbered ``index`` in the panel's data."""

    @abstractmethod
    def clicked(
        self, table: TableT, points: ClickPoints
    ) -> tuple[str, list[Action], str | None] | None:
        """What a click on the map names: the place in words ("District 4"), the pending
        options there (none: nothing to choose there) and their option group; ``None`` for a
        click beside every place."""

    def refusal(self, error: IllegalAction) -> str:
        """A refusal in words (a game may explain its rules)."""
        return str(error)

    @classmethod
    @abstractmethod
    def read_snapshot(cls, data: dict[str, Any]) -> SnapshotT:
        """The snapshot of ``data`` (a snapshot's ``to_data()``), checked and replayed; any
        ``ValueError`` (``AddressError``, ``IllegalAction``) when it is not a table of the game."""

    # ------------------------------------------------------------------ the page's address
    @classmethod
    def opening(cls, params: Any, new: Callable[[int], SnapshotT]) -> tuple[SnapshotT, Note | None]:
        """The position a page opens on, from its query parameters ``params``: the table kept
        in its address (``?game=``, :meth:`keep_in_address`), else ``new(seed)``: a new game on
        the address's ``?seed=`` or, without one, a fresh random seed
        (:func:`~speakeasy.tools.page_address.fresh_seed`). An address that cannot be read
        gives a new game and a note that says why; nothing here raises on what a page sends."""
        value = params.get(ADDRESS_KEY)
        if value is not None:
            try:
                snapshot = cls.read_snapshot(decode_table(value, cls.game_name))
            except Exception as exc:  # a replay may fail in any way; the page gets a note
                reason = str(exc)[:300] if isinstance(exc, ValueError) else type(exc).__name__
                seed = fresh_seed()
                note = (
                    f"The game in this page's address cannot be opened: {reason}. "
                    f"Here is a new game instead (seed {seed})."
                )
                return new(seed), ("warn", note)
            back = f"Your game is back from this page's address (seed {snapshot.seed})."
            return snapshot, ("info", back)
        asked = address_seed(params)
        return new(fresh_seed() if asked is None else asked), None

    def address(self, snapshot: SnapshotT | None = None) -> str | None:
        """``snapshot`` (default: the one on show) as the value of the page's ``?game=``, or
        ``None`` when it is longer than an address may be
        (:data:`~speakeasy.tools.page_address.MAX_CHARS`)."""
        shown = self.snapshot if snapshot is None else snapshot
        value = encode_table(self.game_name, shown.to_data())
        return value if len(value) <= MAX_CHARS else None

    def keep_in_address(self, params: QueryParams, snapshot: SnapshotT | None = None) -> bool:
        """Write ``snapshot`` (default: the one on show) into the page's address ``params``
        (``mo.query_params()``; only when it changed), so a reload reopens it
        (:meth:`opening`). A game too long for an address is taken out of it (a reload then
        starts a new one: "Save game" keeps it); returns whether the address holds it."""
        value = self.address(snapshot)
        if value is None:
            if ADDRESS_KEY in params:
                params.remove(ADDRESS_KEY)
            return False
        if params.get(ADDRESS_KEY) != value:
            params.set(ADDRESS_KEY, value)
        return True

    # ------------------------------------------------------------------ the teacher's view
    @property
    def teacher(self) -> bool:
        """Whether the map and the panel show the whole state (the teacher's view)."""
        return self.teacher_view.on

    def set_teacher(self, on: object) -> bool:
        """Turn the teacher's view on (``True``, only for a session made for the teacher) or off
        (anything else: a page can post any value), redrawing the table if it changed; returns
        whether it is on."""
        before = self.teacher_view.on
        now = self.teacher_view.set(on)
        if now != before:
            self._refresh()
        return now

    # ------------------------------------------------------------------ changes
    @property
    def table(self) -> TableT:
        """The table on show (read it, never change it: use :meth:`act`)."""
        return self.table_of(self.snapshot)

    def show(self, snapshot: SnapshotT, note: Note | None = None) -> None:
        """Put ``snapshot`` on the table (a new game, a load, a played request); a question
        to the coach about the position before is dropped."""
        with self._lock:
            self.coaching = None  # its worker sees that and stops
            self.snapshot = snapshot
            self.group = None
            self.note = note
            wait = self.on_change is not None and self.panel.live
            self._pending = snapshot if wait else None
            self._refresh()
        if self.on_change is not None and not wait:
            self.on_change(snapshot)

    def act(self, change: Callable[[TableT], object], note: Note | None = None) -> bool:
        """Apply ``change`` to a copy of the table; a refusal becomes a note and the position
        stays. Whether it was played."""
        try:
            new = self.advance(self.snapshot, change)
        except IllegalAction as exc:
            self.say(("warn", self.refusal(exc)))
            return False
        except (SaveFileError, ValueError) as exc:
            self.say(("danger", str(exc)))
            return False
        self.show(new, note)
        return True

    def say(self, note: Note | None) -> None:
        """Show ``note`` in the panel; the position stays."""
        self.note = note
        self._show_panel(self.table)

    def focus(self, group: str | None, note: Note | None = None) -> None:
        """Show only the options of ``group`` (``None``: all of them)."""
        self.group = group
        self.note = note
        self._show_panel(self.table)

    # ------------------------------------------------------------------ input
    def handle(self, request: PanelRequest) -> None:
        """Play one checked request of the panel."""
        table: Any = self.table
        if request.kind == "choose" and request.index is not None:
            action = self.option(table, request.index)
            self.act(lambda t: t.choose(action))  # type: ignore[attr-defined]
        elif request.kind == "group":
            self.focus(request.text)
        elif request.kind == "all":
            self.focus(None)
        elif request.kind == "undo":
            self.act(lambda t: t.undo(), ("info", "Undone."))  # type: ignore[attr-defined]
        elif request.kind == "redo":
            self.act(lambda t: t.redo(), ("info", "Redone."))  # type: ignore[attr-defined]
        elif request.kind == "bots":
            colour = table.game.current_player
            if table.waiting_for_human and colour is not None:
                played = ("info", "A bot played for you.")
                self.act(lambda t: t.play_for(colour), played)  # type: ignore[attr-defined]
            else:
                moved = ("info", "The bots moved.")
                self.act(lambda t: t.play_bots(), moved)  # type: ignore[attr-defined]
        elif request.kind == "coach":
            self.ask_coach()
        elif request.kind == "coach_stop":
            self.stop_coach()
        elif request.kind == "through" and request.step is not None:
            self.say(
                ("info", f"Step {request.step} is open in Step through, here and below the map.")
            )
            if self.on_through is not None:
                self.on_through(request.step)

    def _drawn(self) -> None:
        pending, self._pending = self._pending, None
        if pending is not None and self.on_change is not None:
            self.on_change(pending)

    def click(self, points: ClickPoints | None) -> None:
        """A click on the map: the option it names is played, or the options there are shown
        (several), or a note says there is nothing to choose there."""
        if not points:
            return
        table = self.table
        found = self.clicked(table, points)
        if found is None:
            return
        place, options, group = found
        if not options:
            self.say(("info", f"{place}: nothing to choose there now."))
        elif len(options) == 1:
            action = options[0]
            chosen = ("info", f"Chosen by a click on {place[:1].lower()}{place[1:]}.")
            self.act(lambda t: t.choose(action), chosen)  # type: ignore[attr-defined]
        else:
            self.focus(group, ("info", f"{place}: choose one of its {len(options)} options."))

    # ------------------------------------------------------------------ the coach
    def ask_coach(self, *, wait: bool = False) -> bool:
        """Ask the coach about the decision on the table for the seat to decide, from that
        seat's observation only (:func:`~speakeasy.tools.coach.coach`), in a worker thread:
        the table answers other requests meanwhile, the panel shows the coach's progress, then
        its advice; a move, an undo or a new game drops the question. ``wait`` (tests, scripts)
        returns once the answer is there. Whether a question was asked: not when the game
        has no coach or no person decides."""
        game_type = self.game_type
        with self._lock:
            table: Any = self.table
            decision: Decision | None = table.game.pending
            if game_type is None or game_type.determinize is None or decision is None:
                return False
            step = len(table.game.history)
            seat = decision.player
            observation = table.game.observe(seat)  # what this seat may see, nothing more
            where = {}
            if game_type.position_query is not None:
                title = f"Your game at step {step}, as {str(seat).capitalize()} sees it"
                where = dict(game_type.position_query(observation, title))
            # asked again about the same decision: twice the worlds (the first ones the same,
            # drawn from the same seed), so that a close call can become clear
            before, worlds = self.coaching, self.coach_worlds
            if before is not None and before.answer is not None and before.step == step:
                worlds = min(2 * before.total, self.coach_most_worlds)
            run = CoachRun(step, str(seat), object(), worlds, where=where)
            self.coaching = run
            self._show_panel(table)
        seed = derive_seed(self.snapshot.seed, "coach", step)
        args = (run.token, game_type, observation, decision, seed, run.total)
        worker = self.thread(target=self._coach_work, args=args, daemon=True)
        worker.start()
        if wait:
            worker.join()
        return True

    def stop_coach(self) -> None:
        """Ask the coach to stop: it answers from the worlds it has played."""
        with self._lock:
            if self.coaching is not None and self.coaching.answer is None:
                self.coaching = dataclasses.replace(self.coaching, stopped=True)
                self._show_panel(self.table)

    def _live(self, token: object) -> CoachRun | None:
        run = self.coaching
        return run if run is not None and run.token is token else None

    def _coach_work(
        self,
        token: object,
        game_type: GameType,
        observation: Any,
        decision: Decision,
        seed: int,
        worlds: int,
    ) -> None:
        """The worker: the coach's question, its progress and its answer shown while the
        question is still the table's."""

        def progress(done: int, total: int) -> None:
            with self._lock:
                run = self._live(token)
                if run is not None and not run.stopped:
                    self.coaching = dataclasses.replace(run, done=done)
                    self._show_panel(self.table)

        def cancel() -> bool:
            run = self._live(token)
            return run is None or run.stopped

        answer: Coaching | None = None
        error: str | None = None
        try:
            answer = coach(
                game_type,
                observation,
                decision,
                worlds=worlds,
                seed=seed,
                progress=progress,
                cancel=cancel,
            )
        except Exception as exc:  # a worker that dies says nothing: the panel must say why
            error = f"The coach could not answer: {type(exc).__name__}: {exc}"[:300]
        with self._lock:
            run = self._live(token)
            if run is not None:
                self.coaching = dataclasses.replace(run, answer=answer, error=error)
                self._show_panel(self.table)

    @staticmethod
    def _explorer_href(station: Station, run: CoachRun) -> str:
        """An explorer's address, opened at the position asked about where it can be."""
        if station.opens_at and run.where:
            return f"{station.path}?{urllib.parse.urlencode(run.where)}"
        return station.path

    def _coach_view(self, table: TableT, data: dict[str, Any]) -> dict[str, Any]:
        """``data`` with the coach's part: whether it may be asked (a person decides, with
        every card of theirs uncovered) and the question on this position."""
        run = self.coaching
        game_type = self.game_type
        if run is not None and run.step != data.get("step"):
            run = None
        thinking = run is not None and run.answer is None and run.error is None
        data["coach_offer"] = bool(
            game_type is not None
            and game_type.determinize is not None
            and data.get("waiting")
            and not data.get("cover")
            and not thinking
        )
        if run is None or game_type is None:
            data["coach"] = None
            return data
        if thinking:
            state = "stopping" if run.stopped else "thinking"
            data["coach"] = {"state": state, "done": run.done, "total": run.total}
            return data
        answer, top = run.answer, run.answer.best if run.answer is not None else None
        if answer is None or top is None:
            error = run.error or "The coach stopped before it had played a single world: ask again."
            data["coach"] = {"state": "error", "error": error}
            return data
        shown = answer.to_data(lambda a: self.label(table, a), game_type.score_unit)
        runner_up = answer.runner_up
        stations = {s.slug: s for s in game_type.stations}
        lines = []
        for reason in answer.reasons:
            when = _WHEN[reason.when].format(chapter=answer.chapter)
            rules = ", ".join(reason.rules)
            station = stations.get(reason.explorer or "")
            label = reason.label[:1].upper() + reason.label[1:]
            itself = reason.itself  # what the move itself changes: said without a when
            lines.append(
                {
                    "text": f"{label}: {reason.amount()}{'' if itself else ' ' + when} ({rules})",
                    "itself": itself,
                    "explorer": {"href": self._explorer_href(station, run), "title": station.title}
                    if station
                    else None,
                }
            )
            for rule_id in reason.rules:
                data["links"].setdefault(rule_id, rule_url(rule_id))
        best = self.label(table, top.option)
        options = data.get("options", ())
        data["coach"] = {
            **shown,
            "state": "answer",
            # the option it names, marked in the list: the view's option of that label (its
            # ``full`` is :meth:`label`)
            "best_index": next((i for i, o in enumerate(options) if o["full"] == best), None),
            "runner_up": self.label(table, runner_up.option) if runner_up else None,
            "lead_text": spread(answer.lead, answer.lead_stderr, game_type.score_unit),
            "lines": lines,
            # asked again, it draws twice the worlds (up to the most)
            "more": run.total < self.coach_most_worlds,
        }
        if shown["contrast"] is not None:  # the reasons compare with a move of another kind
            lead = spread(*answer.contrast_lead, game_type.score_unit)
            data["coach"]["contrast"] = {**shown["contrast"], "lead_text": lead}
        return data

    # ------------------------------------------------------------------ drawing
    def _refresh(self) -> None:
        with self._lock:
            table = self.table
            # both made before either is sent: the page gets the two messages back to back
            # and draws them in one frame
            figure = self.figure(table)
            data = self._coach_view(table, self.panel_data(table))
            self.board.show(figure)
            self.panel.show(data, ack=self._pending is not None)

    def _show_panel(self, table: TableT) -> None:
        with self._lock:
            data = self._coach_view(table, self.panel_data(table))
            self.panel.show(data, ack=self._pending is not None)

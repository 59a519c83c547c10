"""Speakeasy's play table in a notebook: the decision panel's data and the session.

:func:`panel_view` says what the decision panel
(:class:`~speakeasy.games.speakeasy.table.DecisionPanel`) shows for a
:class:`~speakeasy.games.speakeasy.table.Table`: the prompt and its rules, what happened since your
last decision (each step can be opened in step through), every pending option with its full cost and
effect, the greyed-out ones with their reasons, undo, redo and "let a bot decide"; its rule IDs
link to the rules page and so does the first mention of each glossary word in a text block;
:func:`table_figure` the map (drawn as SVG by :class:`~speakeasy.games.speakeasy.table.SvgBoard`);
:class:`PlaySession` plays the panel's requests and the map's clicks
(:class:`~speakeasy.games.speakeasy.table.TableSession`).

>>> from speakeasy.games.speakeasy.table.play import Table
>>> from speakeasy.tools.decision_panel import parse_request
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

from collections.abc import Callable
from typing import Any, Final

from speakeasy.core.actions import Action, IllegalAction
from speakeasy.games.speakeasy.descriptor import GAME, glossary
from speakeasy.games.speakeasy.explain.refusals import explain_blocked, explain_error
from speakeasy.games.speakeasy.figures.game_figure import (
    PLAYER_COLOURS,
    PLAYER_INK,
    changed_districts,
    clicked_place,
    game_figure_data,
)
from speakeasy.games.speakeasy.table.play import (
    LUCIANO_CATEGORIES,
    LUCIANO_PHASES,
    Table,
    TableSnapshot,
    advance,
    decision_number,
    plain_words,
    progress_text,
    seat_name,
    table_for,
)
from speakeasy.games.speakeasy.table.player_board import changes_in_words
from speakeasy.tools.board_widget import ClickPoints
from speakeasy.tools.citations import RuleRef, player_rules
from speakeasy.tools.decision_panel import (
    Note,
    PanelRequest,
    TableSession,
    empty_view,
    with_links,
)
from speakeasy.tools.rule_links import SPEAKEASY_RULES

__all__ = [
    "MAP_WIDTH",
    "MAX_BUTTONS",
    "PlaySession",
    "first_luciano_event",
    "panel_view",
    "pause_view",
    "table_figure",
    "through_view",
]

#: At most this many option buttons in view; a bigger decision is chosen group by group, and
#: a group bigger than this is a list to pick from (never a wall of buttons).
MAX_BUTTONS: Final = 12
#: The most "since your last decision" items shown besides the automatic phases.
SINCE_CHOICES: Final = 6
#: The map's share of a 1280-pixel screen: no district spills over.
MAP_WIDTH: Final = 760


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


def first_luciano_event(table: Table, step: int) -> int:
    """The index of the first Lucky Luciano event among ``step``'s events (0 if none): where
    stepping through a paused phase begins."""
    frames = table.step_frames(step)
    return next(
        (i for i, f in enumerate(frames) if f.explanation.category in LUCIANO_CATEGORIES), 0
    )


def through_view(table: Table, step: int, index: int, teacher: bool) -> dict[str, Any] | None:
    """One event of ``step`` for the panel's step through: what happened, its rules and what
    changed that the viewer may see (R-MONEY-1); ``None`` for a step without events."""
    frames = table.step_frames(step)
    if not frames:
        return None
    index = max(0, min(index, len(frames) - 1))
    frame = frames[index]
    e = frame.explanation
    changes = changes_in_words(
        frame.before, frame.after, table.viewer(), teacher=teacher, catalog=table.catalog
    )
    return {
        "step": step,
        "index": index,
        "count": len(frames),
        "head": f"Step {step} · event {index + 1} of {len(frames)}",
        "player": e.player,
        "category": e.category,
        "luciano": e.category in LUCIANO_CATEGORIES,
        "text": plain_words(e.text, catalog=table.catalog),
        "rules": ", ".join(player_rules(r.id for r in e.rules)),
        "changes": changes,
    }


def pause_view(table: Table) -> dict[str, Any] | None:
    """What a table paused at a Lucky Luciano phase says (``None`` when it is not paused):
    the step it paused at, a title naming the act and what to do next.

    >>> table = Table.new({"purple": "heuristic", "blue": "heuristic"}, seed=2,
    ...                   pause_luciano=True)
    >>> pause_view(table)["title"]
    'Paused before the Lucky Luciano phase of Act 1'
    """
    if table.paused is None:
        return None
    state = table.game.state
    act = state.act - (0 if state.phase in LUCIANO_PHASES else 1)  # or over, into the next
    then = "then decide below" if table.waiting_for_human else "then continue the game"
    return {
        "step": table.paused,
        "title": f"Paused before the Lucky Luciano phase of Act {act}",
        "text": f"Step through it event by event ({then}).",
    }


def panel_view(
    table: Table,
    *,
    group: str | None = None,
    note: Note | None = None,
    through: tuple[int, int] | None = None,
    teacher: bool = False,
) -> dict[str, Any]:
    """Everything the decision panel shows for ``table``, as plain data (JSON).

    ``group`` is the option group in view (a map click or the group picker sets it);
    ``note`` a message after the last request (a refusal, "New game", …). Options are
    numbered in the decision's order (``index``): a ``choose`` request names that number.
    ``through`` (a step and the index of one of its events) opens that event in the panel's
    step through, in view beside the map; a table paused at a Lucky Luciano phase
    (:attr:`Table.paused <speakeasy.games.speakeasy.table.play.Table.paused>`) says so
    (``pause``) and offers to continue.
    """
    game = table.game
    decision = game.pending
    step = len(game.history)
    view = empty_view(
        step,
        decision.kind if decision is not None else None,
        note=note,
        waiting=decision is not None and table.waiting_for_human,
        undo=table.can_undo,
        redo=bool(game.redo_line),
        colours={c.value: (PLAYER_COLOURS[c], PLAYER_INK[c]) for c in PLAYER_COLOURS},
    )
    view["since"] = _since(table)
    view["pause"] = pause_view(table)
    if through is not None:
        view["through"] = through_view(table, through[0], through[1], teacher)
    if decision is None:
        view["prompt"] = {"over": True, "progress": progress_text(game.state), "rules": []}
        return _linked(view)
    player, catalog = decision.player, table.catalog
    if view["waiting"]:
        text = " ".join(
            t
            for t in (plain_words(decision.prompt, catalog=catalog), table.single_option_note())
            if t
        )
    else:  # a bot's prompt speaks to that bot ("your hand"): the panel only says who is next
        text = (
            "decides next, once you have stepped through the phase."
            if table.paused
            else "decides next."
        )
    view["prompt"] = {
        "over": False,
        "progress": f"{progress_text(game.state)} · step {decision_number(game)}",
        "player": player.value,
        "seat": seat_name(table.seats[player]),
        "text": text,
        "rules": [
            {"id": r, "summary": RuleRef.of(r).summary or ""} for r in player_rules(decision.rules)
        ]
        if view["waiting"]
        else [],
    }
    view["bots"] = "Let a bot decide for me" if view["waiting"] else "▶ Let the bots move"
    if table.paused is not None and not view["waiting"]:
        view["bots"] = "▶ Continue the game"
    if not view["waiting"]:
        view["bot"] = (
            f"{player.value.capitalize()} is a {seat_name(table.seats[player])}: let it move."
        )
        # a bot's options are its own (they may name its cards): neither the panel nor the
        # page's data holds them, as in Mafia City's panel
        return _linked(view)
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
    if table.clickable_districts():
        view["hint"] = (
            "Click a gold-ringed district, building or space on the map, or choose below."
        )
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
        {"text": plain_words(action.describe(), catalog=catalog), "why": why}
        for action, why in explain_blocked(decision, game.state, catalog=catalog)
    ]
    return _linked(view)


def _linked(view: dict[str, Any]) -> dict[str, Any]:
    """``view`` with its rule IDs linked to the rules page and the glossary's words it holds
    (``terms``): the page links the first mention of each in a text block (the prompt, an
    option's caption, a step since your last decision), as Mafia City's panel does."""
    return with_links(view, SPEAKEASY_RULES, glossary())


def table_figure(table: Table, *, teacher: bool = False) -> dict[str, Any]:
    """The play map of ``table`` as plotly figure data: the position as the viewer sees it
    (:meth:`Table.seen <speakeasy.games.speakeasy.table.play.Table.seen>`: the opponents' safes
    hidden, R-MONEY-1; everything only with ``teacher``), what changed since the viewer's previous
    decision (orange), where a click chooses (gold), a title naming the step and who decides.
    The layout's meta says whose view it is (``seen_by``) and whether it is a ``teacher``'s;
    its ``step`` counts the actions made, while the title names the decision on the table by
    its number in the log, one more
    (:func:`~speakeasy.games.speakeasy.table.play.decision_number`)."""
    game = table.game
    decision = game.pending
    step = len(game.history)
    seen = table.seen(teacher=teacher)
    before = table.previous_state()
    previous = table.seen(before, teacher=teacher) if before is not None else None
    clickable = table.clickable_districts()
    if decision is None:
        title = "Game over"
    else:
        who = decision.player.value.capitalize()
        seat = seat_name(table.seats[decision.player])
        title = f"Step {decision_number(game)} · {who} ({seat}) to decide"
    figure = game_figure_data(
        seen,
        game.board,
        previous=previous,
        highlight=clickable,
        title=title,
        fit_width=MAP_WIDTH,
        catalog=table.catalog,
    )
    figure["layout"]["meta"] = {
        "step": step,
        "pending": decision.kind if decision else None,
        "clickable": clickable,
        "changed": changed_districts(previous.state if previous else None, seen.state),
        "seen_by": seen.seat.value if seen.seat is not None else None,
        "teacher": seen.everything,
    }
    return figure


class PlaySession(TableSession[Table, TableSnapshot]):
    """One person's Speakeasy table in a notebook (see
    :class:`~speakeasy.games.speakeasy.table.TableSession`): a
    :class:`~speakeasy.games.speakeasy.table.TableSnapshot`, the SVG map and the decision panel.

    The map shows what the table's viewer may see; the teacher's view (every safe) only in a
    session made for the teacher (:meth:`~speakeasy.tools.decision_panel.TableSession.set_teacher`,
    :mod:`speakeasy.tools.teacher`)."""

    game_name = "speakeasy"
    game_type = GAME

    def label(self, table: Table, action: Action) -> str:
        return table.label_of(action).full

    def __init__(self, snapshot: TableSnapshot, **kwargs: Any) -> None:
        #: the step and event open in the panel's step through (None: closed); a table
        #: paused at a Lucky Luciano phase opens it at the phase's first event
        self.through: tuple[int, int] | None = self._opened(snapshot)
        super().__init__(snapshot, **kwargs)

    def _opened(self, snapshot: TableSnapshot) -> tuple[int, int] | None:
        if snapshot.paused is None:
            return None
        return snapshot.paused, first_luciano_event(table_for(snapshot), snapshot.paused)

    def show(self, snapshot: TableSnapshot, note: Note | None = None) -> None:
        self.through = self._opened(snapshot)
        super().show(snapshot, note)

    def handle(self, request: PanelRequest) -> None:
        """The panel's step through (``frame``: another event, ``close``) and the pause
        (``resume``, or the bots' button while the table is paused) here; the rest as every
        table does (:meth:`TableSession.handle`), a ``through`` opening the step in the
        panel too."""
        table = self.table
        if request.kind == "frame" and self.through is not None and request.index is not None:
            self.through = (self.through[0], request.index)
            self._show_panel(table)
        elif request.kind == "close":
            self.through = None
            self._show_panel(table)
        elif request.kind == "resume" or (
            request.kind == "bots" and table.paused is not None and not table.waiting_for_human
        ):
            self.act(lambda t: t.resume(), ("info", "The game goes on."))
        else:
            if request.kind == "through" and request.step is not None:
                self.through = (request.step, 0)
            super().handle(request)

    @classmethod
    def read_snapshot(cls, data: dict[str, Any]) -> TableSnapshot:
        return TableSnapshot.from_data(data)

    def table_of(self, snapshot: TableSnapshot) -> Table:
        return table_for(snapshot)

    def advance(self, snapshot: TableSnapshot, change: Callable[[Table], object]) -> TableSnapshot:
        return advance(snapshot, change)

    def figure(self, table: Table) -> dict[str, Any]:
        return table_figure(table, teacher=self.teacher)

    def panel_data(self, table: Table) -> dict[str, Any]:
        return panel_view(
            table, group=self.group, note=self.note, through=self.through, teacher=self.teacher
        )

    def option(self, table: Table, index: int) -> Action:
        return table.labels()[index].action

    def refusal(self, error: IllegalAction) -> str:
        return explain_error(error)

    def clicked(
        self, table: Table, points: ClickPoints
    ) -> tuple[str, list[Action], str | None] | None:
        place = clicked_place(points, self.board.figure)
        if place is None:
            return None
        district, space = place
        if district not in table.clickable_districts():
            return f"District {district}", [], None
        return f"District {district}", table.options_at(district, space), table.group_of(district)

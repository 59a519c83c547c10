"""Mafia City's table in a notebook: the decision panel's data, the map and the session.

The same two widgets as Speakeasy's table (:class:`~speakeasy.games.speakeasy.table.DecisionPanel`
and
:class:`~speakeasy.games.speakeasy.table.SvgBoard`, owned by a
:class:`~speakeasy.games.speakeasy.table.TableSession`), so a click answers without re-running a
notebook cell. :func:`panel_view` shows the players' public facts, the prompt with its rules, the
hand of the seat to decide (and the hands that seat may see: the Police Officer's holder, or the
teacher view), the options, undo, redo and "let a bot decide". With two or more people at one screen
the next person's cards stay covered until that person reveals them (MC-INFO-1): the panel then
shows only a cover and its button, and a click on the map chooses nothing.

>>> table = Table.new({"red": "human", "blue": "human", "green": "random"}, seed=3)
>>> view = panel_view(table)
>>> view["cover"]["button"], view["waiting"], view["options"] == []
('I am red: show my cards', False, True)
>>> seen = panel_view(table, uncovered="red")
>>> seen["cover"], seen["waiting"], len(seen["options"]) == len(table.game.pending.options)
(None, True, True)
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any, Final

from speakeasy.core.actions import Action
from speakeasy.games.mafia_city.descriptor import GAME
from speakeasy.games.mafia_city.engine.observe import Observation
from speakeasy.games.mafia_city.explain.log import RULES, card_text, glossary, load_rules_index
from speakeasy.games.mafia_city.figures.map import PLAYER_COLOURS, TILES_TRACE, game_figure
from speakeasy.games.mafia_city.table.play import Table, TableSnapshot, advance, table_for
from speakeasy.tools.board_widget import ClickPoints
from speakeasy.tools.citations import player_rules
from speakeasy.tools.decision_panel import (
    Note,
    PanelRequest,
    TableSession,
    empty_view,
    with_links,
)
from speakeasy.tools.teacher import TeacherView
from speakeasy.tools.text import plural, split_label

__all__ = ["PlaySession", "panel_view", "table_figure"]

#: At most this many option buttons in view (a bigger group is a list to pick from).
MAX_BUTTONS: Final = 12
#: The width of an option button's text before the rest goes to a caption under it.
HEAD_WIDTH: Final = 46
#: The map's height (pixels) beside the panel.
MAP_HEIGHT: Final = 560

PHASES: Final = {
    "setup": "setup",
    "action": "phase I: actions",
    "location": "phase II: locations",
    "strategic": "phase III: taking back",
    "end": "phase IV: end of round",
    "over": "game over",
}


def _ink(colour: str) -> str:
    return "#222" if colour in ("yellow", "grey") else "#fff"


def _players(table: Table, seen: Observation) -> dict[str, Any]:
    public = seen.public
    lines = []
    for row in table.player_rows(seen):
        flags = [f for f, on in (("start player", row["start"]), ("passed", row["passed"])) if on]
        flags += [f"holds the {h}" for h in row["holds"]]  # type: ignore[attr-defined]
        you = " (you)" if row["you"] else ""
        lines.append(
            f"{str(row['colour']).capitalize()}{you}: {row['vp']} of {row['target']} VP · "
            f"{plural(int(str(row['tokens'])), 'token')} in hand, {row['reserve']} in reserve · "
            f"{plural(int(str(row['cards'])), 'card')}"
            + (f" · {', '.join(flags)}" if flags else "")
        )
    title = f"Players · draw pile {public['draw_count']}"
    # after the options: the question, the hand and the options come first on a small screen
    return {"title": title, "lines": lines, "cls": "mc-players", "after": True}


def _hands(table: Table, seen: Observation, teacher: bool) -> list[dict[str, Any]]:
    sections = [
        {
            "title": f"{seen.seat.capitalize()}'s hand",
            "lines": [card_text(c) for c in seen.hand] or ["no cards"],
            "cls": "mc-hand",
        }
    ]
    why = "teacher view" if teacher else "you hold the Police Officer"
    for player, hand in (seen.hands or {}).items():
        if player != seen.seat:
            sections.append(
                {
                    "title": f"{player.capitalize()}'s hand ({why})",
                    "lines": [card_text(c) for c in hand] or ["no cards"],
                    "cls": "mc-other-hand",
                }
            )
    return sections


#: The most "since your last decision" items the panel shows (the log below has them all).
SINCE_ITEMS: Final = 6
#: The most lines of one item shown before the rest fold away.
SINCE_LINES: Final = 3


def _since(table: Table, seat: str | None) -> dict[str, Any] | None:
    """The steps since the viewer's previous decision (those taken for them among them), the
    latest :data:`SINCE_ITEMS`; ``seat`` may read its private lines."""
    viewer = table.viewer()
    items = table.since_last_decision(seat)
    if viewer is None or not items:
        return None
    shown = items[-SINCE_ITEMS:]
    rows = [
        {
            "step": item.step,
            "headline": item.headline(),
            "lines": list(item.lines[:SINCE_LINES]),
            "more": list(item.lines) if len(item.lines) > SINCE_LINES else [],
            "luciano": False,
        }
        for item in shown
    ]
    return {"viewer": viewer, "earlier": len(items) - len(shown), "items": rows}


def panel_view(
    table: Table,
    *,
    group: str | None = None,
    note: Note | None = None,
    uncovered: str | None = None,
    teacher: bool = False,
) -> dict[str, Any]:
    """Everything the decision panel shows for ``table`` (plain JSON; the keys are described
    in :mod:`speakeasy.tools.decision_panel`). ``uncovered`` is the seat that last revealed its
    cards, ``teacher`` shows every hand. Every Mafia City rule ID it cites is a link to the
    rules page (``links``), and so is the first word of the glossary in each text block
    (``terms``)."""
    view = _panel_view(table, group, note, uncovered, teacher)
    return with_links(view, RULES, glossary())


def _panel_view(
    table: Table, group: str | None, note: Note | None, uncovered: str | None, teacher: bool
) -> dict[str, Any]:
    game = table.game
    decision = game.pending
    step = len(game.history)
    seen = table.observation(teacher)
    covered = table.covered(uncovered, teacher)
    view = empty_view(
        step,
        decision.kind if decision is not None else None,
        note=note,
        waiting=decision is not None and table.waiting_for_human and not covered,
        undo=table.can_undo,
        redo=game.can_redo,
        colours={c: (fill, _ink(c)) for c, fill in PLAYER_COLOURS.items()},
    )
    view["sections"] = [_players(table, seen)]
    view["since"] = _since(table, table.log_seat(uncovered, teacher))
    public = seen.public
    progress = f"Round {public['round']} · {PHASES.get(public['phase'], public['phase'])}"
    if decision is None:
        view["prompt"] = {"over": True, "progress": progress, "rules": []}
        return view
    player = str(decision.player)
    index = load_rules_index()
    view["prompt"] = {
        "over": False,
        "progress": f"{progress} · step {step}",
        "player": player,
        "seat": table.seats[player],
        "text": table.prompt(),
        "rules": [
            {"id": r, "summary": e.summary if (e := index.get(r)) is not None else ""}
            for r in player_rules(decision.rules)
        ],
    }
    human = table.waiting_for_human
    view["bots"] = "Let a bot decide for me" if human else "Let the bots move"
    if not human:
        view["bot"] = f"{player.capitalize()} is a {table.seats[player]} bot: let it move."
        return view
    if covered:
        seat = table.viewer() or player
        view["cover"] = {
            "text": f"Pass the screen to {seat}; the others look away.",
            "button": f"I am {seat}: show my cards",
        }
        return view
    view["sections"] += _hands(table, seen, teacher)
    options = list(decision.options)
    position = {a: i for i, a in enumerate(options)}
    for action in options:
        label = table.label(action)
        head, tail = split_label(label, HEAD_WIDTH)
        view["options"].append({"head": head, "caption": tail, "full": label})
    groups = table.groups()
    titles = [g.title for g in groups]
    focus = group if group in titles else None
    if sum(len(g.options) for g in groups) > MAX_BUTTONS and len(groups) > 1:
        chosen = focus or titles[0]
        view["picker"] = {"titles": titles, "chosen": chosen}
        shown = [g for g in groups if g.title == chosen]
    else:
        shown = [g for g in groups if g.title == focus] if focus is not None else groups
        view["show_all"] = focus is not None
    if table.clickable_locations():
        view["hint"] = "Click a gold-ringed location on the map, or choose below."
    view["groups"] = [
        {
            "title": g.title if len(groups) > 1 else "",
            "options": [position[a] for a in g.options],
            "list": len(g.options) > MAX_BUTTONS,
        }
        for g in shown
    ]
    return view


def table_figure(table: Table, seen: Observation) -> dict[str, Any]:
    """The Mafia City map of ``table`` as the viewer ``seen`` sees it (plotly figure data):
    the gold rings where a click chooses, a title naming the step and who decides."""
    game = table.game
    decision = game.pending
    step = len(game.history)
    clickable = table.clickable_locations()
    if decision is None:
        title = "Game over"
    else:
        title = f"Step {step} · {decision.player} ({table.seats[decision.player]}) to decide"
    figure = game_figure(seen, highlight=clickable, title=title, height=MAP_HEIGHT)
    data: dict[str, Any] = figure.to_plotly_json()
    layout = dict(data["layout"])
    layout["meta"] = {
        **dict(layout.get("meta") or {}),
        "step": step,
        "pending": decision.kind if decision else None,
        "clickable": clickable,
    }
    return {"data": list(data["data"]), "layout": layout}


class PlaySession(TableSession[Table, TableSnapshot]):
    """One Mafia City table in a notebook (see
    :class:`~speakeasy.tools.decision_panel.TableSession`), with the hot-seat cover (``uncovered``:
    the seat that revealed its cards; ``on_reveal`` tells the notebook) and the teacher view
    (``teacher_view``, :mod:`speakeasy.tools.teacher`: only in a session made for the teacher).

    With two or more people seated, the cover comes back whenever the position goes anywhere
    but forward from a choice (MC-INFO-1): undo, redo, a new game or a loaded one. Whoever must
    decide then reveals their own cards; the person who pressed Undo never sees them (nor the
    log's private lines, ``on_reveal(None)``)."""

    map_width = 700  # wider than tall: the key and the held figures fill the top corners

    def __init__(
        self,
        snapshot: TableSnapshot,
        *,
        on_change: Callable[[TableSnapshot], object] | None = None,
        on_reveal: Callable[[str | None], object] | None = None,
        on_through: Callable[[int], object] | None = None,
        teacher_view: TeacherView | None = None,
        note: Note | None = None,
        thread: Callable[..., threading.Thread] = threading.Thread,
    ) -> None:
        self.uncovered: str | None = None
        self.on_reveal = on_reveal
        super().__init__(
            snapshot,
            on_change=on_change,
            on_through=on_through,
            teacher_view=teacher_view,
            note=note,
            thread=thread,
        )

    game_name = "mafia-city"
    game_type = GAME

    def label(self, table: Table, action: Action) -> str:
        return table.label(action)

    @classmethod
    def read_snapshot(cls, data: dict[str, Any]) -> TableSnapshot:
        return TableSnapshot.from_data(data)

    def table_of(self, snapshot: TableSnapshot) -> Table:
        return table_for(snapshot)

    def advance(self, snapshot: TableSnapshot, change: Callable[[Table], object]) -> TableSnapshot:
        return advance(snapshot, change)

    def figure(self, table: Table) -> dict[str, Any]:
        return table_figure(table, table.observation(self.teacher))

    def panel_data(self, table: Table) -> dict[str, Any]:
        return panel_view(
            table, group=self.group, note=self.note, uncovered=self.uncovered, teacher=self.teacher
        )

    def option(self, table: Table, index: int) -> Action:
        decision = table.game.pending
        assert decision is not None  # the panel lists options only while a decision waits
        return decision.options[index]

    def clicked(
        self, table: Table, points: ClickPoints
    ) -> tuple[str, list[Action], str | None] | None:
        traces = self.board.figure["data"]
        names = [t.get("name") for t in traces]
        if TILES_TRACE not in names:
            return None
        tiles = names.index(TILES_TRACE)
        for point in points:
            if point.get("curveNumber") != tiles:
                continue
            location = int(traces[tiles]["customdata"][point["pointIndex"]])
            place = f"Location {location}"
            covered = table.covered(self.uncovered, self.teacher)
            if covered or location not in table.clickable_locations():
                return place, [], None
            return place, table.options_at(location), None
        return None

    def _cover(self) -> None:
        """Cover the cards again (MC-INFO-1): whoever decides next reveals their own."""
        if self.uncovered is not None:
            self.uncovered = None
            if self.on_reveal is not None:
                self.on_reveal(None)

    def show(self, snapshot: TableSnapshot, note: Note | None = None) -> None:
        """Put ``snapshot`` on the table; anything but a step forward from the position on show
        (a new game, a load, undo) covers the cards again."""
        old = getattr(self, "snapshot", None)
        forward = (
            isinstance(old, TableSnapshot)
            and (snapshot.seats, snapshot.seed, snapshot.advanced)
            == (old.seats, old.seed, old.advanced)
            and len(snapshot.actions) >= len(old.actions)
            and snapshot.actions[: len(old.actions)] == old.actions
        )
        if not forward:
            self._cover()
        super().show(snapshot, note)

    def handle(self, request: PanelRequest) -> None:
        if request.kind == "reveal":
            self.uncovered = self.table.viewer()
            self.say(None)
            if self.on_reveal is not None:
                self.on_reveal(self.uncovered)
            return
        step = request.step
        if request.kind == "through" and step is not None and self.table.phase_at(step) is None:
            # step-through replays phases II and III
            self.say(
                (
                    "info",
                    f"Step {step} is outside phases II and III: the log below the map tells "
                    "it; step-through replays the evaluations and taking back.",
                )
            )
            return
        if request.kind in ("undo", "redo"):
            self._cover()  # redo as undo: the screen is covered for whoever decides then
        super().handle(request)

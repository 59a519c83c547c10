"""A table to play at: seats for humans and bots around one
:class:`~speakeasy.games.speakeasy.engine.game.Game`.

Both play notebooks (marimo and JupyterLab) use this module, so they contain presentation
only. It adds what a person at the table needs on top of the engine: bots that move by
themselves until a human must decide, undo back to your own previous decision, options
grouped into a few readable groups (choose the location, then the person; the district,
then the space), the options that belong to a district clicked on the map, and the event log.

>>> table = Table.new({"purple": "human", "blue": "bot"}, seed=3)
>>> table.game.current_player.value if table.game.pending else None
'purple'
>>> groups = table.groups()
>>> sum(len(g.options) for g in groups) == len(table.game.legal_actions())
True
"""

from __future__ import annotations

import copy
import dataclasses
import inspect
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from typing import Any, Literal

from cachetools import FIFOCache, LRUCache

from speakeasy.core.actions import Action, Decision, Event
from speakeasy.core.bots import decide
from speakeasy.core.engine import Step
from speakeasy.core.seeds import derive_seed
from speakeasy.games.speakeasy.engine.bots import Bot, RandomBot
from speakeasy.games.speakeasy.engine.game import Game
from speakeasy.games.speakeasy.engine.observe import HIDDEN, Observation, observe, teacher_view
from speakeasy.games.speakeasy.explain.events import Explanation
from speakeasy.games.speakeasy.explain.log import StepFrame, log, step_through
from speakeasy.games.speakeasy.model.catalog.catalog import Catalog
from speakeasy.games.speakeasy.model.catalog.loader import load_catalog
from speakeasy.games.speakeasy.model.options import Options
from speakeasy.games.speakeasy.model.state import (
    OPERATIONS,
    Colour,
    GameState,
    Phase,
    Player,
    Track,
)
from speakeasy.games.speakeasy.studies.analysis import catalog_of
from speakeasy.games.speakeasy.studies.strategy import HeuristicBot
from speakeasy.tools.page_address import AddressError, table_fields
from speakeasy.tools.seated import UndoToPerson
from speakeasy.tools.text import counted, plural

__all__ = [
    "AUTOMATIC_CATEGORIES",
    "CARD_OPTIONS",
    "DISTRICT_FIRST",
    "LUCIANO_CATEGORIES",
    "LUCIANO_PHASES",
    "SEAT_KINDS",
    "TRUCK_DISTRICT_ACTIONS",
    "OptionGroup",
    "OptionLabel",
    "SeatKind",
    "SinceItem",
    "StepSummary",
    "Table",
    "TableSnapshot",
    "advance",
    "card_words",
    "decision_number",
    "decision_steps",
    "draw_words",
    "group_options",
    "money_cost",
    "option_descriptions",
    "option_district",
    "option_labels",
    "option_space",
    "plain_words",
    "position_after",
    "progress_text",
    "same_card",
    "seat_name",
    "since_last_decision",
    "step_summaries",
    "table_for",
]

#: ``"bot"`` is the random bot (the name older saves and tests use).
SeatKind = Literal["human", "heuristic", "random", "bot"]
#: The seat kinds a person picks from, the default opponent second.
SEAT_KINDS: tuple[SeatKind, ...] = ("human", "heuristic", "random")

#: The categories of :mod:`speakeasy.games.speakeasy.explain` that make up the Lucky Luciano phase.
LUCIANO_CATEGORIES: frozenset[str] = frozenset({"gang war", "police", "area control", "payout"})
#: Categories of what happens by itself between decisions (summarised "since your last decision").
AUTOMATIC_CATEGORIES: frozenset[str] = LUCIANO_CATEGORIES | {
    "round",
    "end of round",
    "final scoring",
    "prologue",
}

#: The phases of the Lucky Luciano phase (R-ACT-2): a table that pauses before it stops when one
#: of them begins.
LUCIANO_PHASES: frozenset[Phase] = frozenset(
    {Phase.GANG_WAR, Phase.POLICE, Phase.AREA_CONTROL, Phase.PAYOUT}
)

#: Decision kinds whose options' first argument is a district (clickable on the map).
DISTRICT_FIRST: frozenset[str] = frozenset({"build_space", "protect", "sell", "ship_barrel"})
#: Truck actions whose first argument is a district.
TRUCK_DISTRICT_ACTIONS: frozenset[str] = frozenset({"enter", "move", "deliver"})


@dataclass(frozen=True, slots=True)
class OptionGroup:
    """A few options shown together under a title."""

    title: str
    options: tuple[Action, ...]


def option_district(decision: Decision, action: Action) -> int | None:
    """The district an option is about, if it is about one (for clicks on the map)."""
    if decision.kind in DISTRICT_FIRST or (
        decision.kind == "truck" and action.kind in TRUCK_DISTRICT_ACTIONS
    ):
        first = action.args[0] if action.args else None
        return first if isinstance(first, int) else None
    return None


def option_space(decision: Decision, action: Action) -> int | None:
    """The building space (0-based, as the engine counts) an option about a district names,
    if it names one: building on it (R-BUILD-1), protecting (R-PROTECT-1), selling from
    (R-BARREL-4) or shipping a barrel to the building there (R-SHIP-9), delivering a barrel
    beside it (R-TRUCK-13). A click on that space on the map chooses the option.

    >>> from speakeasy.core.actions import Decision
    >>> there = Action("build_space", (3, 1))
    >>> decision = Decision("purple", "build_space", "Where?", ("R-BUILD-1",), (there,))
    >>> option_space(decision, there), option_district(decision, there)
    (1, 3)
    """
    if option_district(decision, action) is None or len(action.args) < 2:
        return None
    space = action.args[1]
    return space if isinstance(space, int) and not isinstance(space, bool) else None


def group_options(decision: Decision) -> list[OptionGroup]:
    """Split a decision's options into small groups, in their original order.

    Capo placement is grouped by location, district choices by district, truck steps by what
    they do; other decisions are one group (they have few options).
    """
    keyed: dict[str, list[Action]] = {}
    for action in decision.options:
        keyed.setdefault(_group_title(decision, action), []).append(action)
    return [OptionGroup(title, tuple(options)) for title, options in keyed.items()]


def _group_title(decision: Decision, action: Action) -> str:
    if action.kind in ("skip", "done", "finish"):
        return "Finish"
    if decision.kind == "capo":
        label = action.describe()
        return label.split(",")[0].split(":")[0]
    district = option_district(decision, action)
    if district is not None:
        return f"District {district}"
    if decision.kind == "truck":
        return {"load": "Load", "buy": "Buy"}.get(action.kind, action.kind.capitalize())
    if decision.kind == "mafioso" and len(action.args) > 1:
        return f"{str(action.args[1]).capitalize()} docks"
    return "Options"


@dataclass
class Table(UndoToPerson):
    """Seats (human or bot) around a game, with undo back to a human's decision.

    With ``pause_luciano`` (for people learning) the table pauses at each Lucky Luciano phase
    (R-ACT-2): the bots stop after the step that starts it, whoever made it, and ``paused``
    holds that step's number (as the log numbers it) until :meth:`resume` lets the game go
    on, so the phase can be stepped through event by event first
    (:meth:`step_frames`). A person's choice, Undo and Go back end a pause too.

    >>> table = Table.new({"purple": "heuristic", "blue": "heuristic"}, seed=2,
    ...                   pause_luciano=True)
    >>> table.paused is not None, table.game.state.act, table.game.state.phase.value
    (True, 1, 'gang war')
    >>> "gang war" in [f.explanation.category for f in table.step_frames(table.paused)]
    True
    >>> _ = table.resume()
    >>> table.paused is not None, table.game.state.act   # the next phase, after Act 2
    (True, 2)
    """

    game: Game
    seats: dict[Colour, SeatKind]
    bots: dict[Colour, Bot] = field(default_factory=dict)
    pause_luciano: bool = False
    paused: int | None = None
    # the labels of one pending decision (the decision itself: a position undone and played
    # again to the same step is asked anew)
    _labels: tuple[Decision | None, list[OptionLabel]] = field(
        default_factory=lambda: (None, []), repr=False, compare=False
    )
    # the position before the latest choice (its actions before it, a copy of the state):
    # what previous_state would otherwise replay
    _before: tuple[tuple[Action, ...], GameState] | None = field(default=None, repr=False)

    @classmethod
    def new(
        cls,
        seats: Mapping[str | Colour, SeatKind],
        seed: int = 0,
        options: Options | Mapping[str, bool] | None = None,
        *,
        pause_luciano: bool = False,
    ) -> Table:
        """A new game; ``seats`` maps colours (in seating order) to "human", "heuristic" (the
        strong bot of :mod:`speakeasy.games.speakeasy.studies.strategy`) or "random" ("bot" is
        "random"); ``pause_luciano``: pause at each Lucky Luciano phase (see the class)."""
        colours = [Colour(str(c).lower()) for c in seats]
        kinds = {Colour(str(c).lower()): kind for c, kind in seats.items()}
        for colour, kind in kinds.items():
            if kind not in (*SEAT_KINDS, "bot"):
                raise ValueError(
                    f"seat {colour} must be 'human' or 'bot' (a 'heuristic' or 'random' bot), "
                    f"got {kind!r}"
                )
        opts = options if isinstance(options, Options) else Options.from_data(options)
        game = Game.new(colours, seed=seed, options=opts)
        return cls._around(game, kinds, pause_luciano)

    @classmethod
    def _around(
        cls, game: Game, kinds: Mapping[Colour, SeatKind], pause_luciano: bool = False
    ) -> Table:
        bots = {
            c: _bot(kinds[c], derive_seed(game.seed, "bot", c.value))
            for c in game.colours
            if kinds[c] != "human"
        }
        table = cls(game, dict(kinds), bots, pause_luciano=pause_luciano)
        table.play_bots()
        return table

    @classmethod
    def load(
        cls,
        text: str,
        seats: Mapping[Colour, SeatKind] | None = None,
        *,
        pause_luciano: bool = False,
    ) -> Table:
        """A saved game (``Game.to_json``) at a table; every seat human unless given."""
        game = Game.from_json(text)
        kinds: dict[Colour, SeatKind] = dict.fromkeys(game.colours, "human")
        kinds.update(seats or {})
        return cls._around(game, kinds, pause_luciano)

    # ------------------------------------------------------------------ turns
    @property
    def catalog(self) -> Catalog:
        """The catalogue of the game at the table (its names of cards, tokens and ships)."""
        return catalog_of(self.game)

    @property
    def waiting_for_human(self) -> bool:
        player = self.game.current_player
        return player is not None and self.seats[player] == "human"

    # ------------------------------------------------------------------ pauses
    def _mark(self) -> tuple[Phase, int]:
        return self.game.state.phase, self.game.state.act

    def _pauses(self, mark: tuple[Phase, int]) -> bool:
        """Whether the table pauses now: with :attr:`pause_luciano`, the last step (made from
        the position ``mark`` names) began a Lucky Luciano phase (R-ACT-2: it left the rounds
        for the gang war, or went through the whole phase into the next act). Sets
        :attr:`paused`."""
        state = self.game.state
        began = mark[0] is Phase.ROUNDS and (state.phase in LUCIANO_PHASES or state.act > mark[1])
        if self.pause_luciano and began:
            self.paused = len(self.game.history)
            return True
        return False

    def resume(self) -> list[Event]:
        """Go on after a pause at a Lucky Luciano phase: the bots move again (up to the next
        person's decision, or the next pause)."""
        self.paused = None
        return self.play_bots()

    def set_pause(self, on: bool) -> list[Event]:
        """Turn the pause at each Lucky Luciano phase on or off; off ends a pause under way."""
        self.pause_luciano = on
        return [] if on or self.paused is None else self.resume()

    def play_bots(self, *, until: Colour | None = None, limit: int = 10_000) -> list[Event]:
        """Let bots decide until a human must (or ``until`` must), the game ends or the table
        pauses at a Lucky Luciano phase (nothing moves while it is paused); a person's only
        option is taken for them when they sit alone with bots
        (:meth:`~speakeasy.tools.seated.UndoToPerson.takes_for_person`)."""
        events: list[Event] = []
        if self.paused is not None:
            return events
        for _ in range(limit):
            player = self.game.current_player
            if player is None or player == until:
                break
            mark = self._mark()
            if self.seats[player] == "human":
                if not self.takes_for_person(self.game.pending):
                    break
                events.extend(self.take_for_person())  # nothing to ask
            else:
                events.extend(self.game.apply(decide(self.game, self.bots[player])))
            if self._pauses(mark):
                break
        return events

    def choose(self, action: Action | str) -> list[Event]:
        """A human's choice (it ends a pause), then the bots' moves up to the next human
        decision or pause."""
        self.paused = None
        before = (tuple(self.game.history), copy.deepcopy(self.game.state))
        mark = self._mark()
        events = self.game.apply(action)
        self._before = before
        if self._pauses(mark):
            return events
        return events + self.play_bots()

    def play_for(self, colour: Colour) -> list[Event]:
        """Let a random bot make the pending decisions of ``colour`` until someone else decides
        ("let the bots play until it is my turn" for a human seat), or the table pauses."""
        self.paused = None
        bot = self.bots.get(colour) or RandomBot(
            seed=derive_seed(self.game.seed, "bot", colour.value, len(self.game.history))
        )
        events: list[Event] = []
        while self.game.current_player == colour:
            mark = self._mark()
            events.extend(self.game.apply(decide(self.game, bot)))
            if self._pauses(mark):
                return events
        return events + self.play_bots()

    def undo(self) -> None:
        """Back to the previous decision of a person (see
        :meth:`~speakeasy.tools.seated.UndoToPerson.undo`); a pause ends."""
        super().undo()
        self.paused = None

    def redo(self) -> list[Event]:
        """Redo up to a person's turn (a pause ends; the bots may pause again)."""
        self.paused = None
        return super().redo()

    def goto(self, step: int) -> None:
        """Back to the position after ``step`` actions; a pause ends."""
        super().goto(step)
        self.paused = None

    # ------------------------------------------------------------------ options
    def groups(self) -> list[OptionGroup]:
        """The pending options in their groups (:func:`group_options`), each once as a
        person tells them apart: of the options that do exactly the same (copies of one card)
        only the first, whose label stands for them all (:meth:`labels`)."""
        decision = self.game.pending
        if decision is None:
            return []
        groups = group_options(decision)
        if not any(a.kind in CARD_OPTIONS for a in decision.options):
            return groups
        shown = {label.action for label in self.labels()}
        return [
            OptionGroup(g.title, kept)
            for g in groups
            if (kept := tuple(a for a in g.options if a in shown))
        ]

    def options_in(self, district: int) -> list[Action]:
        """The pending options about a district (what a click on it can mean)."""
        decision = self.game.pending
        if decision is None:
            return []
        return [a for a in decision.options if option_district(decision, a) == district]

    def options_at(self, district: int, space: int | None = None) -> list[Action]:
        """The pending options about ``district`` (and, if given and some option names it,
        that building space): what a click on a building space can mean."""
        options = self.options_in(district)
        decision = self.game.pending
        if space is None or decision is None:
            return options
        exact = [a for a in options if option_space(decision, a) == space]
        return exact or options

    def clickable_districts(self) -> list[int]:
        decision = self.game.pending
        if decision is None:
            return []
        found = {option_district(decision, a) for a in decision.options}
        return sorted(d for d in found if d is not None)

    # ------------------------------------------------------------------ save
    def save(self) -> str:
        return self.game.to_json()

    def human_colours(self) -> Sequence[Colour]:
        return [c for c in self.game.colours if self.seats[c] == "human"]

    # ------------------------------------------------------------------ snapshots
    def snapshot(self) -> TableSnapshot:
        """An immutable record of this table (seats, seed, options, history, redo line)."""
        return TableSnapshot(
            seats=tuple((c.value, self.seats[c]) for c in self.game.colours),
            seed=self.game.seed,
            options=tuple(sorted(self.game.options.to_data().items())),
            actions=tuple(str(a) for a in self.game.history),
            redo=tuple(str(a) for a in self.game.redo_line),
            pause_luciano=self.pause_luciano,
            paused=self.paused,
        )

    @classmethod
    def from_snapshot(cls, snapshot: TableSnapshot) -> Table:
        """Rebuild a table by replaying its snapshot; bots do not move (the position is kept).

        The bots' random choices are seeded from the seed and the number of steps, so the same
        snapshot always leads to the same moves.
        """
        colours = [Colour(c) for c, _ in snapshot.seats]
        options = Options.from_data(dict(snapshot.options))
        game = Game.replay(
            snapshot.seed, (*snapshot.actions, *snapshot.redo), players=colours, options=options
        )
        if snapshot.redo:
            game.goto(len(snapshot.actions))
        kinds: dict[Colour, SeatKind] = {Colour(c): kind for c, kind in snapshot.seats}
        bots = {
            c: _bot(kinds[c], derive_seed(snapshot.seed, "bot", c.value, len(snapshot.actions)))
            for c in colours
            if kinds[c] != "human"
        }
        return cls(game, kinds, bots, snapshot.pause_luciano, snapshot.paused)

    # ------------------------------------------------------------------ what changed
    def last_human_step(self) -> int | None:
        """How many actions came before the latest human decision (``None``: no human one)."""
        humans = self._human_steps()
        return humans[-1] if humans else None

    def previous_state(self) -> GameState | None:
        """The position at the latest human decision (what Undo goes back to), or ``None``
        (read it, never change it)."""
        step = self.last_human_step()
        if step is None:
            return None
        if self._before is not None:
            actions, state = self._before
            if len(actions) == step and tuple(self.game.history[:step]) == actions:
                return state  # the position before the latest choice, kept when it was made
        return position_after(self.game, step)

    def group_of(self, district: int) -> str | None:
        """The title of the option group about ``district`` (a click on the map selects it)."""
        decision = self.game.pending
        if decision is None:
            return None
        for group in group_options(decision):
            if any(option_district(decision, a) == district for a in group.options):
                return group.title
        return None

    # ------------------------------------------------------------------ the log by step
    def step_summaries(self) -> list[StepSummary]:
        """Every step that caused events (0 = setup), oldest first, for jump and step lists."""
        return step_summaries(self.game, self.seats)

    def step_frames(self, step: int) -> list[StepFrame]:
        """:func:`~speakeasy.games.speakeasy.explain.log.step_through` of one step, cached (the
        game is unchanged)."""
        key = (
            self.game.seed,
            self.game.colours,
            self.game.options,
            tuple(str(a) for a in self.game.history[:step]),
        )
        return _cached_frames(key, self.game, step)

    # ------------------------------------------------------------------ people's words
    def labels(self) -> list[OptionLabel]:
        """:func:`option_labels` of the pending decision (computed once per decision)."""
        decision = self.game.pending
        if decision is None:
            return []
        if self._labels[0] is not decision:
            self._labels = (decision, option_labels(self.game))
        return self._labels[1]

    def label_of(self, action: Action) -> OptionLabel:
        """The :class:`OptionLabel` of one pending option (the one that stands for it)."""
        for label in self.labels():
            if label.stands_for(action):
                return label
        raise KeyError(str(action))

    def viewer(self) -> Colour | None:
        """The seat the table is shown to: the human to decide, else the first human."""
        player = self.game.current_player
        if player is not None and self.seats[player] == "human":
            return Colour(player)
        humans = self.human_colours()
        return humans[0] if humans else None

    def seen(self, state: GameState | None = None, *, teacher: bool = False) -> Observation:
        """What the table shows of ``state`` (default: the position now): the
        :meth:`viewer`'s observation (a spectator's when no person sits at the table), or
        the whole state only when the teacher's view is explicitly on (R-MONEY-1: another
        player's safe, hand and helpers behind the screen stay hidden otherwise)."""
        state = self.game.state if state is None else state
        if teacher:
            return teacher_view(state, self.game.options, catalog=self.catalog)
        return observe(state, self.viewer(), self.game.options, catalog=self.catalog)

    def since_last_decision(self, viewer: Colour | None = None) -> list[SinceItem]:
        """What happened since ``viewer``'s previous decision (default :meth:`viewer`), in
        words: the other seats' choices and every automatic phase, one item per step."""
        return since_last_decision(
            self.game, self.seats, viewer or self.viewer(), taken=self.taken_for_person
        )


def _bot(kind: SeatKind, seed: int) -> Bot:
    return HeuristicBot(seed=seed) if kind == "heuristic" else RandomBot(seed=seed)


def seat_name(kind: SeatKind | None) -> str:
    """``"human"``, ``"heuristic bot"``, ``"random bot"``."""
    if kind in ("bot", "random"):
        return "random bot"
    return "heuristic bot" if kind == "heuristic" else "human"


@dataclass(frozen=True, slots=True)
class TableSnapshot:
    """Everything a table is, as immutable values (what a marimo notebook keeps in ``mo.state``).

    ``redo`` holds undone actions, the next one to redo first.

    >>> table = Table.new({"purple": "human", "blue": "bot"}, seed=3)
    >>> snap = table.snapshot()
    >>> Table.from_snapshot(snap).snapshot() == snap
    True
    """

    seats: tuple[tuple[str, SeatKind], ...]
    seed: int
    options: tuple[tuple[str, bool], ...] = ()
    actions: tuple[str, ...] = ()
    redo: tuple[str, ...] = ()
    pause_luciano: bool = False  # Table.pause_luciano
    paused: int | None = None  # Table.paused

    @property
    def step(self) -> int:
        return len(self.actions)

    def to_data(self) -> dict[str, Any]:
        """The snapshot as plain JSON data (what the page's address keeps:
        :mod:`speakeasy.tools.page_address`); :meth:`from_data` reads it back.

        >>> snap = Table.new({"purple": "human", "blue": "bot"}, seed=3).snapshot()
        >>> TableSnapshot.from_data(snap.to_data()) == snap
        True
        """
        data: dict[str, Any] = {
            "seats": [list(seat) for seat in self.seats],
            "seed": self.seed,
            "options": dict(self.options),
            "actions": list(self.actions),
        }
        if self.redo:
            data["redo"] = list(self.redo)
        if self.pause_luciano:
            data["pause"] = True
        if self.paused is not None:
            data["paused"] = self.paused
        return data

    @classmethod
    def from_data(cls, data: Mapping[str, Any]) -> TableSnapshot:
        """The snapshot of :meth:`to_data`'s ``data``, checked: the fields by type and size
        (:func:`~speakeasy.tools.page_address.table_fields`; ``AddressError``), the options by
        name (``ValueError``) and every decision, made and undone, by replaying it
        (``IllegalAction``, ``ValueError``). The table replayed is kept for
        :func:`table_for`."""
        seats, seed, actions, redo = table_fields(
            data,
            colours={c.value for c in Colour},
            kinds={*SEAT_KINDS, "bot"},
            extra={"options", "pause", "paused"},
        )
        options = data.get("options", {})
        if not isinstance(options, dict):
            raise AddressError("the rule options in the address are not a table")
        pause = data.get("pause", False)
        paused = data.get("paused")
        if not isinstance(pause, bool):
            raise AddressError("the pause in the address is not yes or no")
        if paused is not None and (
            not isinstance(paused, int) or isinstance(paused, bool) or paused != len(actions)
        ):
            raise AddressError("the address pauses the game at a step it has not reached")
        snapshot = cls(
            seats=tuple((c, kind) for c, kind in seats),  # type: ignore[misc]
            seed=seed,
            options=tuple(sorted(Options.from_data(options).to_data().items())),
            actions=actions,
            redo=redo,
            pause_luciano=pause,
            paused=paused,
        )
        table_for(snapshot)  # replays every decision: an illegal one raises here
        return snapshot


_TABLE_CACHE_SIZE = 24
#: The tables of recent snapshots, the least recently used dropped first.
_TABLES: LRUCache[TableSnapshot, Table] = LRUCache(maxsize=_TABLE_CACHE_SIZE)


def table_for(snapshot: TableSnapshot) -> Table:
    """The table of a snapshot, cached: read it, never change it (use :func:`advance`)."""
    table = _TABLES.get(snapshot)  # a hit becomes the most recently used
    if table is None:
        table = Table.from_snapshot(snapshot)
        _remember(snapshot, table)
    return table


def advance(snapshot: TableSnapshot, change: Callable[[Table], object]) -> TableSnapshot:
    """The snapshot after ``change`` (e.g. ``lambda t: t.choose(action)``) on a fresh copy.

    The snapshot given is left as it was; the changed table is cached under the new snapshot,
    so showing it costs no replay. Errors of ``change`` (``IllegalAction``) propagate.
    """
    table = Table.from_snapshot(snapshot)
    change(table)
    new = table.snapshot()
    _remember(new, table)
    return new


def _remember(snapshot: TableSnapshot, table: Table) -> None:
    _TABLES[snapshot] = table


def position_after(game: Game, step: int) -> GameState:
    """The position after the first ``step`` actions of ``game`` (a replay; ``game`` unchanged)."""
    if step == len(game.history):
        return copy.deepcopy(game.state)
    return Game.replay(game.seed, game.history[:step], list(game.colours), game.options).state


#: The frames of the 8 steps stepped through last (first in, first out).
_FRAMES: FIFOCache[tuple[object, ...], list[StepFrame]] = FIFOCache(maxsize=8)


def _cached_frames(key: tuple[object, ...], game: Game, step: int) -> list[StepFrame]:
    frames = _FRAMES.get(key)
    if frames is None:
        frames = step_through(game, step)
        _FRAMES[key] = frames
    return frames


# ---------------------------------------------------------------------- steps for people
@dataclass(frozen=True, slots=True)
class StepSummary:
    """One step of the game as a list shows it: who chose what and what it caused."""

    step: int  # 1 = the first action; 0 = the setup before it
    player: Colour | None
    seat: SeatKind | None
    action: str  # the option's label ("" for the setup)
    events: int
    categories: tuple[str, ...]  # explain categories of its events, in order of appearance
    catalog: Catalog = field(compare=False, repr=False)  # the game's: names in the label

    @property
    def luciano(self) -> bool:
        """Whether the Lucky Luciano phase (gang war, police, control, payout) ran in it."""
        return any(c in LUCIANO_CATEGORIES for c in self.categories)

    def label(self) -> str:
        """``Step 12 · Purple (human): Send a capo … — 3 events: gang war, police``."""
        if self.step == 0:
            head = "Setup"
        else:
            who = self.player.value.capitalize() if self.player else "?"
            said = plain_words(self.action, catalog=self.catalog)
            head = f"Step {self.step} · {who} ({seat_name(self.seat)}): {said}"
        mark = "⚔ " if self.luciano else ""
        cats = ", ".join(self.categories)
        return f"{mark}{head} — {self.events} event{'s' if self.events != 1 else ''}: {cats}"


def step_summaries(game: Game, seats: Mapping[Colour, SeatKind]) -> list[StepSummary]:
    """The steps of ``game`` that caused events (0 = setup), oldest first."""
    cats: dict[int, list[str]] = {}
    counts: dict[int, int] = {}
    for e in log(game, newest_first=False):
        number = e.step or 0
        cats.setdefault(number, [])
        if e.category not in cats[number]:
            cats[number].append(e.category)
        counts[number] = counts.get(number, 0) + 1
    out: list[StepSummary] = []
    steps, catalog = game.steps, catalog_of(game)
    for number in sorted(cats):
        s = steps[number - 1] if number else None
        out.append(
            StepSummary(
                step=number,
                player=s.player if s else None,
                seat=seats.get(s.player) if s else None,
                action=s.action.describe() if s else "",
                events=counts[number],
                categories=tuple(cats[number]),
                catalog=catalog,
            )
        )
    return out


def decision_number(game: Game) -> int:
    """The step number of the decision on the table: the one its action takes in the log
    (which counts actions from 1), so the decisions made so far plus one. The map's title and
    the panel name the decision by it; "Go back to Step 163" lands where the table shows
    step 163 (:func:`decision_steps`).

    >>> decision_number(Game.new(players=2, seed=7))
    1
    """
    return len(game.history) + 1


def decision_steps(game: Game, seats: Mapping[Colour, SeatKind]) -> list[tuple[str, int]]:
    """``(label, step)`` for every decision taken so far, newest first, labelled by the
    number its action has in the log: going to ``step`` (the actions before it,
    ``Table.goto``) puts that decision on the table again, where :func:`decision_number`
    shows the label's number."""
    out = []
    catalog = catalog_of(game)
    for i, s in enumerate(game.steps):
        who = f"{s.player.value.capitalize()} ({seat_name(seats.get(s.player, 'human'))})"
        said = plain_words(s.action.describe(), catalog=catalog)
        out.append((f"Step {i + 1} · {who}: {said}", i))
    out.reverse()
    return out


@cache
def option_descriptions() -> dict[str, str]:
    """Each field of :class:`~speakeasy.games.speakeasy.model.options.Options` with its ``#:``
    comment (what it changes), for the setup form of the play notebooks."""
    comments: dict[str, str] = {}
    pending: str | None = None
    for line in inspect.getsource(Options).splitlines():
        text = line.strip()
        if text.startswith("#:"):
            pending = text[2:].strip()
            continue
        match = re.match(r"(\w+): bool", text)
        if match and pending:
            comments[match.group(1)] = pending
        pending = None
    return {
        f.name: comments.get(f.name, f.name.replace("_", " ")) for f in dataclasses.fields(Options)
    }


# ---------------------------------------------------------------------- honest options
_PAID_POCKET = ("paid_pocket", "from_pocket")
_PAID_SAFE = ("paid_safe", "from_safe")


@dataclass(frozen=True, slots=True)
class OptionLabel:
    """How one option reads on its button: its whole label as a ``head`` no other option of
    the decision shares (a button wraps it, never cuts it), and its full ``cost`` (pocket, safe
    with laundering, cards discarded) and ``effect`` (what the choosing player gains), found by
    trying the option on a copy of the game. ``same`` are the other options that do exactly
    what ``action`` does (copies of one card, R-CARD-1): one button stands for them all."""

    action: Action
    group: str
    head: str
    cost: str
    effect: str
    same: tuple[Action, ...] = ()

    @property
    def caption(self) -> str:
        """The line under the button: what it costs and what it gives."""
        return " · ".join(part for part in (self.cost, self.effect) if part)

    @property
    def full(self) -> str:
        """Head and caption in one line (a tooltip or a dropdown entry)."""
        return f"{self.head} — {self.caption}" if self.caption else self.head

    def stands_for(self, action: Action) -> bool:
        """Whether choosing this label's button is choosing ``action``."""
        return action == self.action or action in self.same


def option_labels(game: Game) -> list[OptionLabel]:
    """Every pending option as a person reads it, in the decision's order: its whole label in
    a player's words (no catalogue ID, no 0-based number), the top card of a deck it draws
    named from the seat's observation (R-CARD-6: the decks are face up, only their top cards
    show). No two share a head: options that do exactly the same (two copies of one card) are
    one label (:attr:`OptionLabel.same`).

    >>> from speakeasy import Game
    >>> labels = option_labels(Game.new(players=2, seed=3))
    >>> len({label.head for label in labels}) == len(labels)
    True
    """
    decision = game.pending
    if decision is None:
        return []
    catalog = catalog_of(game)
    seen: Observation | None = None
    out: list[OptionLabel] = []
    by_head: dict[str, int] = {}
    for group in group_options(decision):
        for action in group.options:
            if action.kind == "draw":
                seen = seen or game.observe(decision.player)
                head = draw_words(seen, action, catalog)
            else:
                head = plain_words(action.describe(), catalog=catalog)
            first = by_head.get(head)
            if first is not None and same_card(catalog, out[first].action, action):
                out[first] = dataclasses.replace(out[first], same=(*out[first].same, action))
                continue
            if first is not None:  # words that fail to tell two options apart: a bug to fix
                head = f"{head} [{action}]"
            by_head[head] = len(out)
            cost, effect = _cost_and_effect(game, decision, action)
            out.append(OptionLabel(action, group.title, head, cost, effect))
    return out


def draw_words(seen: Observation, action: Action, catalog: Catalog) -> str:
    """A draw option in words, naming the card it takes: the top card of its deck as the
    seat sees it (``seen``, the seat's observation: R-CARD-6, only the top card of a face-up
    deck shows), by its type and what it does.

    >>> from speakeasy import Game
    >>> game = Game.new(players=2, seed=3)
    >>> seen = game.observe(game.colours[0])
    >>> draw_words(seen, Action("draw", ("vip",)), game.catalog)  # doctest: +ELLIPSIS
    'Draw the top VIP card (reward: ...; leverage ...)'
    """
    track = str(action.args[0]) if action.args else ""
    deck = seen.state.operation_decks.get(Track(track), []) if track in _TRACKS else []
    name = f"Draw the top {_track_word(track)} card"
    if not deck or deck[0] == HIDDEN:
        return name
    return plain_words(f"{name} {card_words(catalog, deck[0])}", catalog=catalog)


def card_words(catalog: Catalog, card_id: str) -> str:
    """What an operation card does, after its name: ``(reward: gain 1 book; leverage 1)``
    (R-CARD-1: its top-left reward and its top-right leverage; its action follows from its
    type, R-CARD-2)."""
    card = catalog.card(card_id)
    reward = ", ".join(e.label for e in card.reward) or "no reward"
    return f"(reward: {reward}; leverage {card.leverage})"


_TRACKS: frozenset[str] = frozenset(t.value for t in OPERATIONS)

#: The kinds of option whose first argument is an operation card in the chooser's hand.
CARD_OPTIONS: frozenset[str] = frozenset({"play", "discard"})


def same_card(catalog: Catalog, one: Action, other: Action) -> bool:
    """Whether two options do exactly the same: the same kind of option on two copies of one
    operation card (the same type, reward and leverage, R-CARD-1), which no player can tell
    apart in a hand, a slot or under a deck.

    >>> from speakeasy.games.speakeasy.model.catalog.loader import load_catalog
    >>> same_card(load_catalog(), Action("play", ("vip-07",)), Action("play", ("vip-08",)))
    True
    >>> same_card(load_catalog(), Action("play", ("vip-07",)), Action("play", ("vip-01",)))
    False
    """
    if one.kind != other.kind or one.kind not in CARD_OPTIONS or len(one.args) != 1:
        return False
    if len(other.args) != 1:
        return False
    try:
        a, b = catalog.card(str(one.args[0])), catalog.card(str(other.args[0]))
    except (KeyError, ValueError):
        return False
    return (a.type, a.reward, a.leverage) == (b.type, b.reward, b.leverage)


#: Decisions whose options pay or discard when chosen: tried on a copy for their true cost.
PREVIEW_KINDS: frozenset[str] = frozenset(
    {
        "build_space",
        "discard",
        "hire_goon",
        "gang_war_defence",
        "takeover_boost",
        "attack_ship",
        "ship_hire",
        "protect",
        "raise_more",
    }
)
_PRICE = re.compile(r"\(\$(\d+)(?: \+ (\d+) discards?)?\)")


def _cost_and_effect(game: Game, decision: Decision, action: Action) -> tuple[str, str]:
    """The cost and effect of one option: tried on a copy for the decisions that pay
    (:data:`PREVIEW_KINDS`, truck purchases), else read from a ``($5 + 1 discard)`` price in
    its label and split as the payment will be (pocket first, then the safe 2:1)."""
    if decision.kind in PREVIEW_KINDS or (decision.kind == "truck" and action.kind == "buy"):
        return _preview(game, action)
    match = _PRICE.search(action.describe())
    colour = game.current_player
    if match is None or colour is None:
        return "", ""
    player = game.state.player(colour)
    price, discards = int(match.group(1)), int(match.group(2) or 0)
    from_pocket = min(player.pocket, price)
    cost = money_cost(from_pocket, 2 * (price - from_pocket))
    if discards:
        cost += " and " + plural(discards, "discarded card")
    return cost, ""


def _preview(game: Game, action: Action) -> tuple[str, str]:
    """``(cost, effect)`` of ``action`` for the player choosing it, by trying it on a copy."""
    colour = game.current_player
    if colour is None:
        return "", ""
    before = copy.deepcopy(game.state.player(colour))
    trial = game.copy()
    try:
        events = trial.apply(action)
    except Exception:
        return "", ""
    after = trial.state.player(colour)
    mine = [e for e in events if e.player in (colour, colour.value)]
    pocket = sum(int(e.data.get(k, 0) or 0) for e in mine for k in _PAID_POCKET)
    safe = sum(int(e.data.get(k, 0) or 0) for e in mine for k in _PAID_SAFE)
    discards = sum(1 for e in mine if e.kind == "discard")
    discards = max(discards, sum(int(e.data.get("discards", 0) or 0) for e in mine))
    if not pocket and not safe:  # a payment the events do not split: read the money
        pocket = max(before.pocket - after.pocket, 0)
        safe = max(before.safe - after.safe, 0)
    cost = money_cost(pocket, safe)
    if discards:
        cost = (cost + " and " if cost else "costs ") + plural(discards, "discarded card")
    return cost, _gains(before, after, pocket, discards)


def money_cost(pocket: int, safe: int) -> str:
    """A payment in words, laundering included (R-MONEY-2: $1 from the safe removes $2).

    >>> money_cost(1, 8)
    'costs $5: $1 from the pocket + $4 from the safe (laundered 2:1, $8 out of the safe)'
    >>> money_cost(3, 0), money_cost(0, 0)
    ('costs $3 from the pocket', '')
    """
    if not safe:
        return f"costs ${pocket} from the pocket" if pocket else ""
    worth = safe // 2
    total = pocket + worth
    from_pocket = f"${pocket} from the pocket + " if pocket else ""
    return (
        f"costs ${total}: {from_pocket}${worth} from the safe "
        f"(laundered 2:1, ${safe} out of the safe)"
    )


def _gains(before: Player, after: Player, paid_pocket: int, discards: int) -> str:
    """What the choosing player ends up with more of (counts only: no hidden card named)."""
    out = []
    cash = after.pocket - before.pocket + paid_pocket
    if cash > 0:
        out.append(f"+${cash} pocket")
    hand = len(after.hand) - len(before.hand) + discards
    pairs = [
        (hand, "card"),
        (after.goons - before.goons, "goon"),
        (after.leverage_tokens - before.leverage_tokens, "leverage token"),
        (after.books - before.books, "book"),
        (after.vip - before.vip, "VIP mafioso"),
        (len(after.helpers) - len(before.helpers), "helper card"),
        (len(after.city_tokens) - len(before.city_tokens), "city token"),
        (len(after.crates) - len(before.crates), "crate"),
    ]
    out += [f"+{plural(n, word)}" for n, word in pairs if n > 0]
    for track, level in after.levels.items():
        old = before.levels.get(track, 0)
        if level > old:
            name = "VIP" if track.value == "vip" else track.value
            out.append(f"{name} {old}→{level}")
    return ("gives " + ", ".join(out)) if out else ""


# ---------------------------------------------------------------------- words, not internals
_OPS = r"(vip|party|distillery|fleet)"
_CARD_NAMED = re.compile(rf"\b{_OPS} card {_OPS}-\d+\b")
_CARD_TYPED = re.compile(rf"\b{_OPS}-\d+ \({_OPS}; ")
_TOKEN_NAMED = re.compile(r"\b(city token|helper card|crate token|crate) (city|helper|crate)-\d+\b")
_BARE = re.compile(rf"\b(?:{_OPS}|city|helper|crate)-\d+\b")
_PIECE = re.compile(r"\b(bar|nightclub|casino)-(?:left-|middle-|right-)?\d+\b")


def _track_word(name: str) -> str:
    return "VIP" if name == "vip" else name


def _bare(match: re.Match[str], catalog: Catalog) -> str:
    text = match.group(0)
    kind = text.rsplit("-", 1)[0]
    try:
        if kind == "city":
            return f"the city token “{'; '.join(e.label for e in catalog.city_token(text).effect)}”"
        if kind == "helper":
            return f"the helper card “{'; '.join(e.label for e in catalog.helper(text).effect)}”"
    except (KeyError, ValueError):
        pass
    if kind == "crate":
        return "a crate"
    return f"a {_track_word(kind)} card"


def plain_words(text: str, *, catalog: Catalog | None = None) -> str:
    """Engine text in a player's words: catalogue IDs (``vip-07``, ``city-08``) become what
    they are, ``(s)`` plurals are resolved. ``catalog`` is the game's (the effects of its city
    tokens and helper cards); without one, the shipped catalogue.

    >>> plain_words("Purple draws vip card vip-07 from the top of its face-up deck.")
    'Purple draws a VIP card from the top of its face-up deck.'
    >>> plain_words("Purple takes city token city-08 (gain 1 book(s)) from the offer.")
    'Purple takes a city token (gain 1 book) from the offer.'
    >>> plain_words("Play vip-02 (vip; reward: raise vip by 1; leverage 0)")
    'Play a VIP card (reward: raise VIP by 1; leverage 0)'
    """
    out = _CARD_NAMED.sub(lambda m: f"a {_track_word(m.group(1))} card", text)
    out = _CARD_TYPED.sub(lambda m: f"a {_track_word(m.group(2))} card (", out)
    out = _TOKEN_NAMED.sub(lambda m: f"a {m.group(1)}", out)
    found = catalog if catalog is not None else load_catalog()
    out = _BARE.sub(lambda m: _bare(m, found), out)
    out = _PIECE.sub(lambda m: f"a {m.group(1)}", out)
    out = re.sub(r"\b(?:a|the) (a|an|the) ", r"\1 ", out)
    # a named token or card followed by the same words again: say it once
    out = re.sub(r"“([^”]+)”(?:: \1| \(\1\))", r"“\1”", out)
    out = re.sub(r"\b(top \w+ card) \(an? \w+ card\)", r"\1", out)
    out = re.sub(r"\bbottle bottle-\d+, ", "bottle worth ", out)
    out = re.sub(r"\bvip\b", "VIP", out)
    return counted(out)


def progress_text(state: GameState) -> str:
    """Where the game is, in words: ``Prologue``, ``Act 1 · round 2``,
    ``Act 1 · Lucky Luciano phase: gang war``, ``Final scoring``, ``Game over``."""
    phase = state.phase
    if phase is Phase.OVER:
        return "Game over"
    if phase is Phase.FINAL_SCORING:
        return "Final scoring"
    if phase in (Phase.SETUP, Phase.PROLOGUE) or state.act == 0:
        return "Prologue"
    if phase is Phase.ROUNDS:
        return f"Act {state.act} · round {state.round or 1}"
    return f"Act {state.act} · Lucky Luciano phase: {phase.value}"


# ---------------------------------------------------------------------- since your last decision
@dataclass(frozen=True, slots=True)
class SinceItem:
    """One step since the viewer's previous decision, in words, for the top of the table."""

    step: int  # the step to open in "step through"
    who: str  # "Blue (heuristic bot)" or "" for the game itself
    choice: str  # what they chose ("" for none)
    automatic: tuple[str, ...]  # the automatic events' sentences (turn order, payouts...)
    luciano: bool
    highlights: tuple[str, ...] = ()  # the few sentences that matter most (losses, payouts)

    def headline(self) -> str:
        """``Step 14 · Blue (heuristic bot): Docks, person 2 …`` or ``Step 20 · Lucky
        Luciano phase: 3 gang-war events, 4 police events …``."""
        head = f"Step {self.step}"
        if self.who:
            head += f" · {self.who}"
            if self.choice:
                head += f": {self.choice}"
        if self.luciano:
            head += " · ⚔ Lucky Luciano phase"
        return head


#: Automatic events that always make the short summary (what was lost, won, paid, moved).
HIGHLIGHT_KINDS: frozenset[str] = frozenset(
    {
        "casino_income",
        "turn_order",
        "gang_war",
        "building_lost",
        "building_holds",
        "defence_failed",
        "defence_declined",
        "police_arrive",
        "protect_end",
        "payout",
        "capo_return",
        "final_score",
        "game_over",
    }
)


def since_last_decision(
    game: Game,
    seats: Mapping[Colour, SeatKind],
    viewer: Colour | None,
    *,
    taken: Callable[[Step], bool] = lambda step: False,
) -> list[SinceItem]:
    """What happened since ``viewer`` last decided: the other seats' choices, the viewer's
    steps ``taken`` for them (their only option) and every automatic event (turn order,
    casino income, gang wars, police, control, payouts), oldest first. Only what the viewer
    may see: other players' drawn cards are not named."""
    steps, catalog = game.steps, catalog_of(game)
    mine = [
        i + 1
        for i, s in enumerate(steps)
        if viewer is not None and s.player == viewer and not taken(s)
    ]
    start = mine[-1] if mine else 0  # the viewer's own step: its automatic events count
    by_step: dict[int, list[Explanation]] = {}
    for e in log(game, newest_first=False):
        number = e.step or 0
        if number >= start:
            by_step.setdefault(number, []).append(e)
    out = []
    for number in sorted(by_step):
        explanations = by_step[number]
        step = steps[number - 1] if number else None
        automatic = tuple(
            plain_words(e.text, catalog=catalog)
            for e in explanations
            if e.category in AUTOMATIC_CATEGORIES
        )
        own = step is not None and step.player == viewer
        forced = step is not None and own and taken(step)
        if (own or step is None) and not automatic and not forced:
            continue  # nothing happened by itself, and the choice was the viewer's own
        who = ""
        choice = ""
        if step is not None and (forced or not own):
            kind = "you, your only option" if forced else seat_name(seats.get(step.player))
            who = f"{step.player.value.capitalize()} ({kind})"
            choice = plain_words(step.action.describe(), catalog=catalog)
        luciano = any(e.category in LUCIANO_CATEGORIES for e in explanations)
        highlights = tuple(
            plain_words(e.text, catalog=catalog)
            for e in explanations
            if e.kind in HIGHLIGHT_KINDS and not re.search(r" pays \w+ nothing", e.text)
        )
        out.append(SinceItem(number, who, choice, automatic, luciano, highlights))
    return out

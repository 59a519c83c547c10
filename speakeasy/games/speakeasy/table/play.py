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
from speakeasy.games.speakeasy.engine.observe import Observation, observe, teacher_view
from speakeasy.games.speakeasy.explain.events import Explanation
from speakeasy.games.speakeasy.explain.log import StepFrame, log, step_through
from speakeasy.games.speakeasy.model.catalog.catalog import Catalog
from speakeasy.games.speakeasy.model.catalog.loader import load_catalog
from speakeasy.games.speakeasy.model.options import Options
from speakeasy.games.speakeasy.model.state import Colour, GameState, Phase, Player
from speakeasy.games.speakeasy.studies.analysis import catalog_of
from speakeasy.games.speakeasy.studies.strategy import HeuristicBot
from speakeasy.tools.page_address import AddressError, table_fields
from speakeasy.tools.seated import UndoToPerson
from speakeasy.tools.text import counted, plural, split_label

__all__ = [
    "AUTOMATIC_CATEGORIES",
    "DISTRICT_FIRST",
    "LUCIANO_CATEGORIES",
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
    "decision_number",
    "decision_steps",
    "group_options",
    "money_cost",
    "option_descriptions",
    "option_district",
    "option_labels",
    "option_space",
    "plain_words",
    "position_after",
    "progress_text",
    "seat_name",
    "short_label",
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


def short_label(title: str, action: Action) -> str:
    """An option's label without the group title it starts with (the group shows it).

    >>> short_label("Garage", Action("capo", ("garage", 0), label="Garage, person 1: play a card"))
    'person 1: play a card'
    >>> short_label("Options", Action("raise", ("vip",), label="Raise vip to 2"))
    'Raise vip to 2'
    """
    label = action.describe()
    for cut in (f"{title}, ", f"{title}: "):
        if title and label.startswith(cut) and len(label) > len(cut):
            return label[len(cut) :]
    return label


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
    """Seats (human or bot) around a game, with undo back to a human's decision."""

    game: Game
    seats: dict[Colour, SeatKind]
    bots: dict[Colour, Bot] = field(default_factory=dict)
    _labels: dict[int, list[OptionLabel]] = field(default_factory=dict, repr=False)
    # the position before the latest choice (its actions before it, a copy of the state):
    # what previous_state would otherwise replay
    _before: tuple[tuple[Action, ...], GameState] | None = field(default=None, repr=False)

    @classmethod
    def new(
        cls,
        seats: Mapping[str | Colour, SeatKind],
        seed: int = 0,
        options: Options | Mapping[str, bool] | None = None,
    ) -> Table:
        """A new game; ``seats`` maps colours (in seating order) to "human", "heuristic" (the
        strong bot of :mod:`speakeasy.games.speakeasy.studies.strategy`) or "random" ("bot" is
        "random")."""
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
        return cls._around(game, kinds)

    @classmethod
    def _around(cls, game: Game, kinds: Mapping[Colour, SeatKind]) -> Table:
        bots = {
            c: _bot(kinds[c], derive_seed(game.seed, "bot", c.value))
            for c in game.colours
            if kinds[c] != "human"
        }
        table = cls(game, dict(kinds), bots)
        table.play_bots()
        return table

    @classmethod
    def load(cls, text: str, seats: Mapping[Colour, SeatKind] | None = None) -> Table:
        """A saved game (``Game.to_json``) at a table; every seat human unless given."""
        game = Game.from_json(text)
        kinds: dict[Colour, SeatKind] = dict.fromkeys(game.colours, "human")
        kinds.update(seats or {})
        return cls._around(game, kinds)

    # ------------------------------------------------------------------ turns
    @property
    def catalog(self) -> Catalog:
        """The catalogue of the game at the table (its names of cards, tokens and ships)."""
        return catalog_of(self.game)

    @property
    def waiting_for_human(self) -> bool:
        player = self.game.current_player
        return player is not None and self.seats[player] == "human"

    def play_bots(self, *, until: Colour | None = None, limit: int = 10_000) -> list[Event]:
        """Let bots decide until a human must (or ``until`` must), or the game ends; a person's
        only option is taken for them when they sit alone with bots
        (:meth:`~speakeasy.tools.seated.UndoToPerson.takes_for_person`)."""
        events: list[Event] = []
        for _ in range(limit):
            player = self.game.current_player
            if player is None or player == until:
                break
            if self.seats[player] == "human":
                if not self.takes_for_person(self.game.pending):
                    break
                events.extend(self.take_for_person())  # nothing to ask
                continue
            events.extend(self.game.apply(decide(self.game, self.bots[player])))
        return events

    def choose(self, action: Action | str) -> list[Event]:
        """A human's choice, then the bots' moves up to the next human decision."""
        before = (tuple(self.game.history), copy.deepcopy(self.game.state))
        events = self.game.apply(action)
        self._before = before
        return events + self.play_bots()

    def play_for(self, colour: Colour) -> list[Event]:
        """Let a random bot make the pending decisions of ``colour`` until someone else decides
        ("let the bots play until it is my turn" for a human seat)."""
        bot = self.bots.get(colour) or RandomBot(
            seed=derive_seed(self.game.seed, "bot", colour.value, len(self.game.history))
        )
        events: list[Event] = []
        while self.game.current_player == colour:
            events.extend(self.game.apply(decide(self.game, bot)))
        return events + self.play_bots()

    # ------------------------------------------------------------------ options
    def groups(self) -> list[OptionGroup]:
        decision = self.game.pending
        return group_options(decision) if decision else []

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
        return cls(game, kinds, bots)

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
        """:func:`option_labels` of the pending decision (computed once per position)."""
        step = len(self.game.history)
        if step not in self._labels:
            self._labels = {step: option_labels(self.game)}
        return self._labels[step]

    def label_of(self, action: Action) -> OptionLabel:
        """The :class:`OptionLabel` of one pending option."""
        for label in self.labels():
            if label.action == action:
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
        return data

    @classmethod
    def from_data(cls, data: Mapping[str, Any]) -> TableSnapshot:
        """The snapshot of :meth:`to_data`'s ``data``, checked: the fields by type and size
        (:func:`~speakeasy.tools.page_address.table_fields`; ``AddressError``), the options by
        name (``ValueError``) and every decision, made and undone, by replaying it
        (``IllegalAction``, ``ValueError``). The table replayed is kept for
        :func:`table_for`."""
        seats, seed, actions, redo = table_fields(
            data, colours={c.value for c in Colour}, kinds={*SEAT_KINDS, "bot"}, extra={"options"}
        )
        options = data.get("options", {})
        if not isinstance(options, dict):
            raise AddressError("the rule options in the address are not a table")
        snapshot = cls(
            seats=tuple((c, kind) for c, kind in seats),  # type: ignore[misc]
            seed=seed,
            options=tuple(sorted(Options.from_data(options).to_data().items())),
            actions=actions,
            redo=redo,
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
    """How one option reads on its button: a ``head`` unique within the decision, a
    ``detail`` under it, and its full ``cost`` (pocket, safe with laundering, cards
    discarded) and ``effect`` (what the choosing player gains), found by trying the option on a
    copy of the game."""

    action: Action
    group: str
    head: str
    detail: str
    cost: str
    effect: str

    @property
    def caption(self) -> str:
        """The line under the button: what differs, what it costs, what it gives."""
        parts = [self.detail] if self.detail else []
        if self.cost:
            parts.append(self.cost)
        if self.effect:
            parts.append(self.effect)
        return " · ".join(parts)

    @property
    def full(self) -> str:
        """Head and caption in one line (a tooltip or a dropdown entry)."""
        return f"{self.head} — {self.caption}" if self.caption else self.head


def option_labels(game: Game) -> list[OptionLabel]:
    """Every pending option as a person reads it, in the decision's order; no two share a
    head (the part cut off for the caption is put back until they differ).

    >>> from speakeasy import Game
    >>> labels = option_labels(Game.new(players=2, seed=3))
    >>> len({label.head for label in labels}) == len(labels)
    True
    """
    decision = game.pending
    if decision is None:
        return []
    rows: list[tuple[Action, str, str]] = []
    pairs: list[tuple[str, str]] = []
    catalog = catalog_of(game)
    for group in group_options(decision):
        for action in group.options:
            short = plain_words(short_label(group.title, action), catalog=catalog)
            rows.append((action, group.title, plain_words(action.describe(), catalog=catalog)))
            pairs.append(_head(short))
    # Heads that repeat: first the head of the whole label, then what tells them apart.
    for attempt in range(2):
        groups: dict[str, list[int]] = {}
        for i, (head, _detail) in enumerate(pairs):
            groups.setdefault(head, []).append(i)
        for same in groups.values():
            if len(same) < 2:
                continue
            fulls = [rows[i][2] for i in same]
            new = [_head(f) for f in fulls] if attempt == 0 else _distinct(fulls)
            for i, pair in zip(same, new, strict=True):
                pairs[i] = pair
    seen: dict[str, int] = {}
    fulls_seen: set[str] = set()
    out = []
    for (action, title, _full), (head, detail) in zip(rows, pairs, strict=True):
        seen[head] = seen.get(head, 0) + 1
        if seen[head] > 1:  # the same words (two copies of a card...): number them
            head = f"{head} ({'copy' if _full in fulls_seen else 'choice'} {seen[head]})"
        fulls_seen.add(_full)
        cost, effect = _cost_and_effect(game, decision, action)
        out.append(OptionLabel(action, title, head, detail, cost, effect))
    return out


#: The longest button head (a 1280-pixel screen's side panel holds one line of it).
HEAD_WIDTH = 38


def _head(text: str) -> tuple[str, str]:
    """:func:`split_label` for a button; a head cut in the middle of a phrase ends in "…";
    a long "Take the city token “…”" keeps the verb and the token's words.

    >>> _head("Give up the city token “pick up and deliver barrels”")
    ('Give up “pick up and deliver barrels”', 'the city token')
    """
    named = re.match(r"^(.+?) the (city token|helper card) (“[^”]+”)(.*)$", text)
    if len(text) > HEAD_WIDTH and named:
        short = f"{named.group(1)} {named.group(3)}"
        if len(short) <= HEAD_WIDTH + 6:
            return short, f"the {named.group(2)}{named.group(4)}"
    head, tail = split_label(text, HEAD_WIDTH)
    if tail and text[len(head) : len(head) + 1] == " " and not re.match(r"[:;,(]", tail):
        cut = text[len(head) :].lstrip()
        if not cut.startswith("("):
            return f"{head}…", tail
    return head, tail


def _distinct(labels: Sequence[str]) -> list[tuple[str, str]]:
    """Heads for labels that start alike: what differs, after the last shared word, with the
    whole label as the detail.

    >>> [h for h, _ in _distinct(["Go from A row 3 to B row 2", "Go from A row 3 to C row 1"])]
    ['… to B row 2', '… to C row 1']
    >>> [h for h, _ in _distinct(["Play a card (reward: a book; leverage 1)",
    ...                           "Play a card (reward: a goon; leverage 2)"])]
    ['… a book; leverage 1', '… a goon; leverage 2']
    """
    words = [label.split(" ") for label in labels]
    common = 0
    while all(len(w) > common + 1 for w in words) and len({w[common] for w in words}) == 1:
        common += 1
    keep = max(common - 1, 0)
    if keep and (words[0][keep].startswith("(") or words[0][keep].endswith(":")):
        keep = common  # "(reward:" is no context: start at what differs
    out = []
    for label, w in zip(labels, words, strict=True):
        rest = " ".join(w[keep:])
        head, _tail = split_label(rest, HEAD_WIDTH - 2)
        if head.count(")") > head.count("("):
            head = head.rstrip(")")
        out.append((f"… {head}" if keep else head, label))
    return out


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

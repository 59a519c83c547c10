"""A Mafia City table: seats for people and bots around one
:class:`~speakeasy.games.mafia_city.Game`, shared by the marimo and Jupyter play notebooks.

Each seat is a person (``"human"``), a random bot or a heuristic bot. Bots decide from their
seat's observation only and move by themselves until a person must decide; reactions out of
turn (vetoes, Complicity, Secret Deal bids, Bullets, phase III withdrawals) are decisions of the
seat they are put to, so they come up at that person's seat as they arise. Undo goes back to the
previous decision of a person. Saves are the engine's strict save files.

Hidden information (MC-INFO-1): the table shows the observation of one seat, the *viewer*: the
person who must decide now (hot-seat); while a bot decides or the game is over, the person who
decided last. A teacher view shows every hand instead.

>>> table = Table.new({"red": "human", "blue": "random", "green": "heuristic"}, seed=3)
>>> table.waiting_for_human, table.viewer()
(True, 'red')
>>> sum(len(g.options) for g in table.groups()) == len(table.game.legal_actions())
True
>>> Table.from_snapshot(table.snapshot()).snapshot() == table.snapshot()
True
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from functools import cache
from typing import Literal, get_args

from cachetools import FIFOCache, LRUCache

from speakeasy.core.actions import Action, Decision, Event
from speakeasy.core.seeds import derive_seed
from speakeasy.games.mafia_city.engine.bots import HeuristicBot, RandomBot
from speakeasy.games.mafia_city.engine.game import Game
from speakeasy.games.mafia_city.engine.observe import Observation, observe, teacher_view
from speakeasy.games.mafia_city.explain.log import (
    PhaseFrame,
    card_label,
    log,
    phase_frames,
    phases,
)
from speakeasy.games.mafia_city.model.board import adjacent
from speakeasy.games.mafia_city.model.data import load_data
from speakeasy.games.mafia_city.rules.control import control
from speakeasy.tools.exercises import Exercise
from speakeasy.tools.seated import UndoToPerson

__all__ = [
    "SEAT_KINDS",
    "OptionGroup",
    "SeatKind",
    "SinceItem",
    "Table",
    "TableSnapshot",
    "advance",
    "option_location",
    "pretty_text",
    "table_for",
]

SeatKind = Literal["human", "random", "heuristic"]
#: The seat kinds offered by the notebooks.
SEAT_KINDS: tuple[str, ...] = get_args(SeatKind)

#: Option groups of a turn, by action kind, in the order the buttons show them.
_TURN_GROUPS: Mapping[str, str] = {
    "place": "Place a token",
    "snitch": "Snitch",
    "thief": "Thief",
    "raid": "Police Raid",
    "strings": "Strings Behind the Scenes",
    "plan": "Big Plan",
    "deals": "Deals",
    "hat": "Hat",
    "hats": "2 Hats",
    "wait": "Wait",
    "pass": "Pass",
}

Bot = RandomBot | HeuristicBot


@cache
def _card_ids() -> re.Pattern[str]:
    ids = sorted(load_data().cards, key=len, reverse=True)
    return re.compile(r"\b(" + "|".join(re.escape(i) for i in ids) + r")\b")


def pretty_text(text: str) -> str:
    """An engine label or prompt as people read it: card IDs become the card's name and
    symbol, Python lists and dicts become plain words.

    >>> pretty_text("Cancel with 2 Fists (snitch-5, fbi-1)")
    'Cancel with 2 Fists (Snitch (fist), F.B.I. (fist))'
    >>> pretty_text("blue: Secret Deal at Prison? (counts {'red': 1, 'blue': 2})")
    'blue: Secret Deal at Prison? (counts red 1, blue 2)'
    >>> pretty_text("red: take tokens back from Prison (stack ['red', 'blue'])?")
    'red: take tokens back from Prison (stack, bottom to top: red, blue)?'
    >>> pretty_text("Cancel with F.B.I. (fbi-1)"), pretty_text("Jail red's Prison #2")
    ('Cancel with F.B.I. (fist)', "Jail red's token #2 on Prison")
    """
    text = _card_ids().sub(lambda m: card_label(m.group(1)), text)
    # a card named twice ("F.B.I. (F.B.I. (bullet))") once, with its symbol
    text = re.sub(r"([A-Z][\w.\"+ ]*?) \(\1 \(([^()]*)\)\)", r"\1 (\2)", text)
    text = re.sub(r"^Jail (\w+)'s (.+) #(\d+)$", r"Jail \1's token #\3 on \2", text)
    text = re.sub(
        r"\{([^{}]*)\}",
        lambda m: (
            ", ".join(
                f"{k.strip().strip(chr(39))} {v.strip()}"
                for k, v in (p.split(":", 1) for p in m.group(1).split(",") if ":" in p)
            )
            or "none"
        ),
        text,
    )
    text = re.sub(
        r"\(stack \[([^\]]*)\]\)",
        lambda m: "(stack, bottom to top: " + (m.group(1).replace("'", "") or "empty") + ")",
        text,
    )
    return text.replace("veto(es)", "vetoes")


def option_location(action: Action) -> int | None:
    """The location an option names first, if any (a click on the map can choose it).

    >>> option_location(Action.parse("place 3")), option_location(Action.parse("pass"))
    (3, None)
    """
    if action.kind in ("place", "raid", "move", "evaluate", "location"):
        first = action.args[0] if action.args else None
        return first if isinstance(first, int) else None
    if action.kind == "hats" and len(action.args) == 3:
        loc = action.args[2]
        return loc if isinstance(loc, int) else None
    return None


@dataclass(frozen=True, slots=True)
class OptionGroup:
    """A few options shown together under a title."""

    title: str
    options: tuple[Action, ...]


#: Option kinds that say no (shown last, under "Or").
_DECLINE: frozenset[str] = frozenset({"pass", "decline", "keep", "stay", "skip", "done"})
#: Where the location sits among an option's arguments, for splitting big groups.
_LOCATION_ARG: Mapping[str, int] = {"jail": 0, "snitch": 1, "plan": 1, "hat": 1}


def _group_title(decision: Decision, action: Action) -> str:
    if decision.kind in ("turn", "follow-up"):
        return _TURN_GROUPS.get(action.kind, action.kind.capitalize())
    return "Or" if action.kind in _DECLINE else "Options"


def _split(title: str, options: list[Action]) -> list[OptionGroup]:
    """A group of more than 12 options split by the location its options name first."""
    if len(options) <= 12:
        return [OptionGroup(title, tuple(options))]
    names = load_data().locations
    keyed: dict[str, list[Action]] = {}
    for action in options:
        at = _LOCATION_ARG.get(action.kind)
        loc = action.args[at] if at is not None and len(action.args) > at else None
        sub = f"{title}: {names[loc].name}" if isinstance(loc, int) and loc in names else title
        keyed.setdefault(sub, []).append(action)
    return [OptionGroup(t, tuple(opts)) for t, opts in keyed.items()]


def _bot(kind: str, seed: int, colour: str, step: int) -> Bot:
    s = derive_seed(seed, "mc-bot", colour, step)
    return HeuristicBot(seed=s) if kind == "heuristic" else RandomBot(seed=s)


@dataclass
class Table(UndoToPerson):
    """Seats (human or bot) around a Mafia City game, with undo back to a person's decision."""

    game: Game
    seats: dict[str, SeatKind]
    bots: dict[str, Bot] = field(default_factory=dict)

    @classmethod
    def new(cls, seats: Mapping[str, str], seed: int = 0, advanced: bool = False) -> Table:
        """A new game; ``seats`` maps colours in seating order to a seat kind (3-5 seats)."""
        kinds = {str(c).lower(): _kind(k, str(c)) for c, k in seats.items()}
        game = Game.new(list(kinds), seed=seed, advanced=advanced)
        return cls._around(game, kinds)

    @classmethod
    def _around(cls, game: Game, kinds: Mapping[str, SeatKind]) -> Table:
        step = len(game.history)
        bots = {c: _bot(kinds[c], game.seed, c, step) for c in game.players if kinds[c] != "human"}
        table = cls(game, dict(kinds), bots)
        table.play_bots()
        return table

    @classmethod
    def load(cls, text: str | bytes, seats: Mapping[str, str] | None = None) -> Table:
        """A saved game (the engine's strict save file) at a table; every seat human unless
        ``seats`` says otherwise. A damaged or tampered file raises ``SaveFileError``."""
        game = Game.from_json(text)
        kinds: dict[str, SeatKind] = dict.fromkeys(game.players, "human")
        for colour, kind in (seats or {}).items():
            if colour in kinds:
                kinds[colour] = _kind(kind, colour)
        return cls._around(game, kinds)

    # ------------------------------------------------------------------ turns
    @property
    def waiting_for_human(self) -> bool:
        player = self.game.current_player
        return player is not None and self.seats[player] == "human"

    def humans(self) -> list[str]:
        return [c for c in self.game.players if self.seats[c] == "human"]

    def play_bots(self, *, limit: int = 100_000) -> list[Event]:
        """Let bots decide, each from its own observation, until a person must or the game
        ends; a person's only option is taken for them when they sit alone with bots
        (:meth:`~speakeasy.tools.seated.UndoToPerson.takes_for_person`)."""
        events: list[Event] = []
        for _ in range(limit):
            decision = self.game.pending
            if decision is None:
                break
            if self.seats[decision.player] == "human":
                if not self.takes_for_person(decision):
                    break
                events.extend(self.game.apply(decision.options[0]))  # nothing to ask
                continue
            seen = self.game.observe(decision.player)
            events.extend(self.game.apply(self.bots[decision.player].choose(seen, decision)))
        return events

    def choose(self, action: Action | str) -> list[Event]:
        """A person's choice, then the bots' moves up to the next person's decision."""
        events = self.game.apply(action)
        return events + self.play_bots()

    def play_for(self, colour: str) -> list[Event]:
        """A heuristic bot makes ``colour``'s pending decisions until someone else decides."""
        bot = HeuristicBot(
            seed=derive_seed(self.game.seed, "mc-help", colour, len(self.game.history))
        )
        events: list[Event] = []
        while self.game.pending is not None and self.game.current_player == colour:
            decision = self.game.pending
            events.extend(self.game.apply(bot.choose(self.game.observe(colour), decision)))
        return events + self.play_bots()

    # ------------------------------------------------------------------ what a seat sees
    def viewer(self) -> str | None:
        """The seat whose view is shown (hot-seat): the person deciding now, else the person who
        decided last, else the first person; ``None`` at a table of bots only."""
        player = self.game.current_player
        if player is not None and self.seats[player] == "human":
            return str(player)
        for step in reversed(self.game.steps):
            if self.seats[step.player] == "human":
                return str(step.player)
        humans = self.humans()
        return humans[0] if humans else None

    def covered(self, uncovered: str | None, teacher: bool = False) -> bool:
        """Hot-seat cover (MC-INFO-1): with two or more people at one screen, the viewer's
        cards (hand, options, private log lines) stay covered until that person reveals them;
        ``uncovered`` is the seat that last revealed its cards. The previous person's cards
        leave the screen with their decision, so each person's view needs its own reveal.

        >>> table = Table.new({"red": "human", "blue": "human", "green": "random"}, seed=3)
        >>> table.covered(None), table.covered(table.viewer()), table.covered(None, teacher=True)
        (True, False, False)
        """
        seat = self.viewer()
        return len(self.humans()) > 1 and not teacher and seat is not None and uncovered != seat

    def log_seat(self, uncovered: str | None, teacher: bool = False) -> str | None:
        """Whose private log lines the explained log may show: the viewer's, unless their cards
        are covered (:meth:`covered`) or the teacher view is on (then public lines only)."""
        if teacher or self.covered(uncovered):
            return None
        return self.viewer()

    def observation(self, teacher: bool = False) -> Observation:
        """The viewer's observation (MC-INFO-1); with ``teacher`` (the explicit teacher's view,
        :func:`~speakeasy.games.mafia_city.engine.observe.teacher_view`) or no person seated
        (bots only: nobody's hand is rendered, the panel shows none) every hand too."""
        seat = self.viewer()
        if seat is None or teacher:
            return teacher_view(self.game.state, seat or self.game.players[0])
        return self.game.observe(seat)

    def hand_labels(self, seen: Observation) -> list[str]:
        """The viewer's hand as card names and symbols."""
        return [card_label(c) for c in seen.hand]

    def other_hands(self, seen: Observation) -> dict[str, list[str]]:
        """Other seats' hands the viewer may see (Police Officer or teacher view), else {}."""
        if seen.hands is None:
            return {}
        return {p: [card_label(c) for c in h] for p, h in seen.hands.items() if p != seen.seat}

    @staticmethod
    def player_rows(seen: Observation) -> list[dict[str, object]]:
        """Each player's public facts as ``seen`` shows them (MC-INFO-3, MC-INFO-4): VP and
        the target, tokens in hand and reserve, cards, passed, start player, held figures."""
        public = seen.public
        rows: list[dict[str, object]] = []
        for player in public["players"]:
            s = public["seats"][player]
            held = [
                name
                for name, key in (("Police Officer", "officer"), ("Mayor", "mayor"))
                if public[key] == player
            ]
            rows.append(
                {
                    "colour": player,
                    "you": player == seen.seat,
                    "vp": s["vp"],
                    "target": public["target"],
                    "tokens": s["tokens"],
                    "reserve": s["reserve"],
                    "cards": s["cards"],
                    "passed": s["passed"],
                    "start": public["start"] == player,
                    "to_act": public.get("turn") == player,
                    "holds": held,
                }
            )
        return rows

    def since_last_decision(self, seat: str | None = None) -> list[SinceItem]:
        """What happened since the viewer last decided, oldest first, one item per step: the
        other seats' moves as the log tells them (public sentences only, MC-INFO-3; a bot's
        chosen option is never named, it could name a hidden card), the steps taken for the
        viewer (their only option), and what followed the viewer's own decision. ``seat``
        names whose private lines (own draws and discards) may show; ``None``: none."""
        viewer = self.viewer()
        if viewer is None:
            return []
        steps = self.game.steps
        mine = [
            i + 1
            for i, s in enumerate(steps)
            if s.player == viewer and not self.taken_for_person(s)
        ]
        start = mine[-1] if mine else 0
        by_step: dict[int, list[str]] = {}
        for e in log(self.game, seat, newest_first=False):
            if e.step < start or (e.step == start and start and e.player == viewer):
                continue  # the viewer's own choice, as they made it
            text = pretty_text(e.text) + (f" ({e.private})" if e.private else "")
            by_step.setdefault(e.step, []).append(text)
        items: list[SinceItem] = []
        for number in range(start, len(steps) + 1):
            step = steps[number - 1] if number else None
            lines = tuple(by_step.get(number, ()))
            taken = step is not None and step.player == viewer and self.taken_for_person(step)
            if not lines and not taken:
                continue
            who, choice = "", ""
            if taken and step is not None:
                who, choice = f"{viewer.capitalize()} (you)", self.label(step.action)
            elif step is not None and step.player != viewer:
                who = f"{str(step.player).capitalize()} ({_SEAT_NAMES[self.seats[step.player]]})"
            items.append(SinceItem(number, who, choice, lines))
        return items

    # ------------------------------------------------------------------ options
    def prompt(self) -> str:
        """The pending question as people read it, without the deciding player's colour in
        front (the notebooks show it beside the question) and with reactions and Secret Deal
        questions said plainly.

        >>> table = Table.new({"red": "human", "blue": "random", "green": "random"}, seed=3)
        >>> table.prompt()
        'Keep your two cards or replace both?'
        """
        decision = self.game.pending
        if decision is None:
            return "The game is over."
        text = pretty_text(decision.prompt)
        text = re.sub(rf"^{re.escape(str(decision.player))}: ", "", text)
        react = re.match(
            r"^react to (.+)\? \((.+) is (set to happen|cancelled); (\d+) vetoes\)$", text
        )
        if react:
            target, effect, state, n = react.groups()
            if n == "0":
                text = f"{effect} is about to happen: cancel it, or let it through?"
            else:
                vetoes = "1 veto" if n == "1" else f"{n} vetoes"
                text = f"React to {target}? After {vetoes}, {effect} is {state}."
        deal = re.match(r"^Secret Deal at (.+)\? \(counts (.*)\)$", text)
        if deal:
            text = (
                f"Play a Secret Deal at {deal.group(1)} as it is evaluated (+1 to your count "
                f"there)? Tokens there now: {deal.group(2)}."
            )
        text = text[:1].upper() + text[1:]
        note = self.single_option_note()
        return f"{text} {note}" if note else text

    def groups(self) -> list[OptionGroup]:
        """The pending decision's options in a few groups (a turn by kind of action)."""
        decision = self.game.pending
        if decision is None:
            return []
        keyed: dict[str, list[Action]] = {}
        for action in decision.options:
            keyed.setdefault(_group_title(decision, action), []).append(action)
        last = keyed.pop("Or", None)
        groups = [g for t, opts in keyed.items() for g in _split(t, opts)]
        return groups + ([OptionGroup("Or", tuple(last))] if last else [])

    def option_location(self, action: Action) -> int | None:
        """The location an option names first, if any (clickable on the map)."""
        return None if self.game.pending is None else option_location(action)

    def clickable_locations(self) -> list[int]:
        decision = self.game.pending
        if decision is None or not self.waiting_for_human:
            return []
        found = {self.option_location(a) for a in decision.options}
        return sorted(n for n in found if n is not None)

    def options_at(self, location: int) -> list[Action]:
        decision = self.game.pending
        if decision is None:
            return []
        return [a for a in decision.options if self.option_location(a) == location]

    @staticmethod
    def label(action: Action) -> str:
        return pretty_text(action.describe())

    # ------------------------------------------------------------------ exercises
    def exercises(self) -> list[Exercise]:
        """Four questions about the position on the table, answered by the rules code from the
        viewer's observation (so they give nothing hidden away): who would control the
        busiest location now, which locations nobody would control, where the Hitman may move
        and who orders phase II."""
        seen = self.observation()
        public = seen.public
        data = load_data()
        stacks: dict[int, list[str]] = public["stacks"]
        busiest = max(sorted(stacks), key=lambda n: len(stacks[n]))
        loc = data.locations[busiest]
        ctl = control(stacks[busiest], loc.control)
        sole = loc.control == "sole"
        nobody = frozenset(
            n
            for n in sorted(stacks)
            if control(stacks[n], data.locations[n].control).controller is None
        )
        hitman = int(public["hitman"])
        mayor = public["mayor"]
        return [
            Exercise(
                "mc-control",
                f"If {loc.name} ({busiest}) were evaluated now, without Secret Deals, who would "
                "control it? (a colour, or nobody)",
                ctl.controller or "nobody",
                hint="count each player's tokens; "
                + (
                    "here only a strictly highest count controls"
                    if sole
                    else "on a tie the player whose lowest token is lowest wins"
                ),
                rules=(ctl.rule,),
                explanation=f"{ctl.reason}.",
            ),
            Exercise(
                "mc-nobody",
                "Which locations would nobody control if they were evaluated now? (their "
                "numbers, or none)",
                nobody if nobody else "none",
                hint="an empty stack has no controller, and Fight Club (3) and City Hall (7) "
                "need a sole majority",
                rules=("MC-CTRL-2", "MC-CTRL-5"),
            ),
            Exercise(
                "mc-hitman",
                f"The Hitman stands on {data.locations[hitman].name} ({hitman}). To which "
                "locations could the Harbour's controller move it? (numbers)",
                frozenset(adjacent(tuple(public["layout"]), hitman)),
                hint="one step to a tile sharing an edge: the centre touches all six, a ring "
                "tile touches the centre and its two ring neighbours",
                rules=("MC-HARBOUR-3", "MC-MAP-1"),
            ),
            Exercise(
                "mc-order",
                "Who chooses which location phase II evaluates next? (a colour, or nobody if "
                "they go in number order)",
                mayor or "nobody",
                hint="look where the Mayor is",
                rules=("MC-LOC-3", "MC-HALL-3"),
            ),
        ]

    # ------------------------------------------------------------------ save
    def save(self) -> str:
        return self.game.to_json()

    # ------------------------------------------------------------------ result
    def result_rows(self) -> list[tuple[str, int, bool]]:
        """``(colour, VP, winner)`` per seat once the game is over, most VP first."""
        if not self.game.is_over:
            return []
        result = self.game.result()
        rows = [(p, result.vp[p], p == result.winner) for p in self.game.players]
        return sorted(rows, key=lambda r: (-r[1], not r[2]))

    # ------------------------------------------------------------------ step-through
    def phases(self) -> list[tuple[int, str]]:
        """The phases II and III played so far, ``(round, "location" | "strategic")``."""
        return phases(self.game)

    def default_phase(self) -> tuple[int, str] | None:
        """The phase step-through opens on: the latest finished phase II or III (one still
        being played changes with every click), else the latest one."""
        phases = self.phases()
        st = self.game.state
        done = [p for p in phases if p != (st.round, st.phase) or st.phase == "over"]
        return done[-1] if done else (phases[-1] if phases else None)

    def phase_at(self, step: int) -> tuple[tuple[int, str], int] | None:
        """Where step-through shows ``step``: its phase II or III (``(round, phase)``) and the
        index of the step's first event among that phase's frames; ``None`` for a step outside
        phases II and III (a turn of phase I, the setup, the end of a round)."""
        entries = [e for e in log(self.game, newest_first=False) if e.step == step]
        key = next(((e.round, e.phase) for e in entries if e.phase in _THROUGH), None)
        if key is None:
            return None
        first = next(e.index for e in entries if (e.round, e.phase) == key)
        before = [
            e
            for e in log(self.game, newest_first=False)
            if (e.round, e.phase) == key and e.index < first
        ]
        return key, len(before)

    def phase_frames(self, round_: int, phase: str) -> list[PhaseFrame]:
        """:func:`~speakeasy.games.speakeasy.explain.phase_frames`, cached by the actions up to the
        phase's last event (a finished phase is replayed once, however the game goes on)."""
        steps = [
            e.step
            for e in log(self.game, newest_first=False)
            if (e.round, e.phase) == (round_, phase)
        ]
        key = (
            self.game.seed,
            self.game.players,
            self.game.options,
            self.game.history[: max(steps, default=0)],
            round_,
            phase,
        )
        frames = _FRAMES.get(key)
        if frames is None:
            frames = phase_frames(self.game, round_, phase)
            _FRAMES[key] = frames
        return frames

    def frame_view(self, frame: PhaseFrame, teacher: bool = False) -> Observation:
        """A replayed position as the viewer may see it (the hands of that moment are hidden
        unless the viewer held the Police Officer then, or ``teacher``)."""
        seat = self.viewer() or self.game.players[0]
        return teacher_view(frame.state, seat) if teacher else observe(frame.state, seat)

    # ------------------------------------------------------------------ snapshots
    def snapshot(self) -> TableSnapshot:
        return TableSnapshot(
            seats=tuple((c, self.seats[c]) for c in self.game.players),
            seed=self.game.seed,
            advanced=self.game.ctx.options.advanced,
            actions=tuple(str(a) for a in self.game.history),
            redo=tuple(str(a) for a in self.game.redo_line),
        )

    @classmethod
    def from_snapshot(cls, snapshot: TableSnapshot) -> Table:
        """Rebuild a table by replaying its snapshot; bots do not move (the position is kept)."""
        game = Game.new(
            [c for c, _ in snapshot.seats], seed=snapshot.seed, advanced=snapshot.advanced
        )
        for action in (*snapshot.actions, *snapshot.redo):
            game.apply(action)
        if snapshot.redo:
            game.goto(len(snapshot.actions))
        kinds = dict(snapshot.seats)
        step = len(snapshot.actions)
        bots = {c: _bot(k, snapshot.seed, c, step) for c, k in kinds.items() if k != "human"}
        return cls(game, kinds, bots)


#: The phases step-through replays (MC-LOC, MC-STR).
_THROUGH: frozenset[str] = frozenset({"location", "strategic"})
_SEAT_NAMES: Mapping[str, str] = {
    "human": "person",
    "random": "random bot",
    "heuristic": "heuristic bot",
}


@dataclass(frozen=True, slots=True)
class SinceItem:
    """One step since the viewer's previous decision, in words
    (:meth:`Table.since_last_decision`)."""

    step: int
    who: str  # "Blue (heuristic bot)", "Red (you)" for a step taken for the viewer, "" for none
    choice: str  # the option taken for the viewer ("" for anyone else's step)
    lines: tuple[str, ...]  # the step's public sentences (the viewer's own private ones too)

    def headline(self) -> str:
        """``Step 14 · Blue (heuristic bot)`` or ``Step 9 · Red (you): your only option, Pass``.

        >>> SinceItem(9, "Red (you)", "Pass", ()).headline()
        'Step 9 · Red (you): your only option, Pass'
        """
        head = f"Step {self.step}"
        if self.who:
            head += f" · {self.who}"
        if self.choice:
            head += f": your only option, {self.choice}"
        return head


def _kind(kind: str, colour: str) -> SeatKind:
    if kind not in SEAT_KINDS:
        raise ValueError(f"seat {colour} must be one of {', '.join(SEAT_KINDS)}, got {kind!r}")
    return kind  # type: ignore[return-value]


@dataclass(frozen=True, slots=True)
class TableSnapshot:
    """Everything a table is, as immutable values (what a marimo notebook keeps in a state)."""

    seats: tuple[tuple[str, SeatKind], ...]
    seed: int
    advanced: bool = False
    actions: tuple[str, ...] = ()
    redo: tuple[str, ...] = ()

    @property
    def step(self) -> int:
        return len(self.actions)


#: The tables of recent snapshots, the least recently used dropped first.
_TABLES: LRUCache[TableSnapshot, Table] = LRUCache(maxsize=24)
#: The frames of the 8 phases replayed last (first in, first out).
_FRAMES: FIFOCache[tuple[object, ...], list[PhaseFrame]] = FIFOCache(maxsize=8)


def table_for(snapshot: TableSnapshot) -> Table:
    """The table of a snapshot, cached: read it, never change it (use :func:`advance`)."""
    table = _TABLES.get(snapshot)  # a hit becomes the most recently used
    if table is None:
        table = Table.from_snapshot(snapshot)
        _remember(snapshot, table)
    return table


def advance(snapshot: TableSnapshot, change: Callable[[Table], object]) -> TableSnapshot:
    """The snapshot after ``change`` on a copy of the table (the given one is left as it was);
    errors of ``change`` (``IllegalAction``) propagate."""
    if snapshot.redo:  # a copy drops the redo line: rebuild the table from the snapshot
        table = Table.from_snapshot(snapshot)
    else:
        base = table_for(snapshot)
        step = len(base.game.history)
        bots = {c: _bot(k, snapshot.seed, c, step) for c, k in base.seats.items() if k != "human"}
        table = Table(base.game.copy(), dict(base.seats), bots)
    change(table)
    new = table.snapshot()
    _remember(new, table)
    return new


def _remember(snapshot: TableSnapshot, table: Table) -> None:
    _TABLES[snapshot] = table

"""A table to play at: seats for humans and bots around one :class:`~speakeasy.engine.Game`.

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

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Literal

from speakeasy.actions import Action, Decision, Event
from speakeasy.bots import RandomBot
from speakeasy.engine import Game
from speakeasy.options import Options
from speakeasy.state import Colour

SeatKind = Literal["human", "bot"]

#: Decision kinds whose options' first argument is a district (clickable on the map).
DISTRICT_FIRST: frozenset[str] = frozenset(
    {"build_space", "protect", "sell", "ship_barrel", "prologue_space"}
)
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
class Table:
    """Seats (human or bot) around a game, with undo back to a human's decision."""

    game: Game
    seats: dict[Colour, SeatKind]
    bots: dict[Colour, RandomBot] = field(default_factory=dict)

    @classmethod
    def new(
        cls,
        seats: Mapping[str | Colour, SeatKind],
        seed: int = 0,
        options: Options | Mapping[str, bool] | None = None,
    ) -> Table:
        """A new game; ``seats`` maps colours (in seating order) to "human" or "bot"."""
        colours = [Colour(str(c).lower()) for c in seats]
        kinds = {Colour(str(c).lower()): kind for c, kind in seats.items()}
        for colour, kind in kinds.items():
            if kind not in ("human", "bot"):
                raise ValueError(f"seat {colour} must be 'human' or 'bot', got {kind!r}")
        opts = options if isinstance(options, Options) else Options.from_data(options)
        game = Game.new(colours, seed=seed, options=opts)
        return cls._around(game, kinds)

    @classmethod
    def _around(cls, game: Game, kinds: Mapping[Colour, SeatKind]) -> Table:
        bots = {
            c: RandomBot(seed=game.seed * 10 + i)
            for i, c in enumerate(game.colours)
            if kinds[c] == "bot"
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
    def waiting_for_human(self) -> bool:
        player = self.game.current_player
        return player is not None and self.seats[player] == "human"

    def play_bots(self, *, until: Colour | None = None, limit: int = 10_000) -> list[Event]:
        """Let bots decide until a human must (or ``until`` must), or the game ends."""
        events: list[Event] = []
        for _ in range(limit):
            player = self.game.current_player
            if player is None or player == until or self.seats[player] == "human":
                break
            events.extend(self.game.apply(self.bots[player].choose(self.game)))
        return events

    def choose(self, action: Action | str) -> list[Event]:
        """A human's choice, then the bots' moves up to the next human decision."""
        events = self.game.apply(action)
        return events + self.play_bots()

    def play_for(self, colour: Colour) -> list[Event]:
        """Let a random bot make the pending decisions of ``colour`` until someone else decides
        ("let the bots play until it is my turn" for a human seat)."""
        bot = self.bots.get(colour) or RandomBot(seed=self.game.seed + len(self.game.history))
        events: list[Event] = []
        while self.game.current_player == colour:
            events.extend(self.game.apply(bot.choose(self.game)))
        return events + self.play_bots()

    def undo(self) -> None:
        """Undo back to the previous human decision (bots' moves after it are undone too)."""
        humans = [i for i, s in enumerate(self.game.steps) if self.seats[s.player] == "human"]
        if not humans:
            self.game.undo()  # nothing a human did: the engine says why
            return
        self.game.goto(humans[-1])

    def redo(self) -> list[Event]:
        """Redo the undone human decision and the moves recorded after it."""
        events = self.game.redo()
        while self.game.can_redo and not self.waiting_for_human:
            events.extend(self.game.redo())
        return events + self.play_bots()

    def goto(self, step: int) -> None:
        self.game.goto(step)

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

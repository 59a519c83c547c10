"""The decision engine: a whole game as a sequence of explicit decisions.

>>> game = Game.new(players=2, seed=7)
>>> game.current_player is game.pending.player
True
>>> action = game.legal_actions()[0]
>>> events = game.apply(action)
>>> game.history == (action,)
True
>>> game.undo(); game.history
()
>>> Game.from_json(game.to_json()) == game
True

Design (in the spirit of OpenSpiel and boardgame.io):

* ``pending`` is the one :class:`~speakeasy.core.actions.Decision` the game waits for; its options
  are *all* the legal actions, and :meth:`Game.apply` accepts exactly those, so an illegal
  request raises :class:`~speakeasy.core.actions.IllegalAction` before anything changes.
* The rules are generator flows (:mod:`speakeasy.rules`) resumed with each action; automatic
  steps (draws, wars, payouts) run by themselves and emit events.
* All randomness comes from one ``random.Random(seed)``; the seed, the players, the options and
  the action history therefore determine the game. Undo, redo, replay and loading a saved game
  all rebuild the game by replaying its history, so they can never disagree with the rules.
"""

from __future__ import annotations

import copy
import hashlib
import json
import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from speakeasy.catalog import load_catalog
from speakeasy.core.actions import Action, Decision, Event, IllegalAction
from speakeasy.engine.setup import new_state
from speakeasy.model.board import Board, load_board
from speakeasy.model.options import Options
from speakeasy.model.state import Colour, GameState, to_data
from speakeasy.rules import game_flow
from speakeasy.rules.context import Ctx, Flow
from speakeasy.rules.scoring import GameResult, final_result

if TYPE_CHECKING:
    from speakeasy.scenario import Scenario

SAVE_FORMAT = "speakeasy-game"
SAVE_VERSION = 1


class SaveFileError(ValueError):
    """A saved game cannot be loaded: malformed, from another version, or tampered with."""


@dataclass(frozen=True, slots=True)
class Frame:
    """One event of a step with the position just after it (for step-through views)."""

    event: Event
    state: GameState


@dataclass(frozen=True, slots=True)
class Step:
    """One applied action and the events it caused."""

    action: Action
    player: Colour
    events: tuple[Event, ...]


def _colours(players: int | Sequence[str | Colour]) -> list[Colour]:
    if isinstance(players, bool):
        raise ValueError("players must be 1-4 or a list of 1-4 colour names")
    if isinstance(players, int):
        if not 1 <= players <= 4:
            raise ValueError(f"players must be 1-4, got {players}")
        return list(Colour)[:players]
    try:
        colours = [Colour(str(c).lower()) for c in players]
    except ValueError:
        known = ", ".join(c.value for c in Colour)
        raise ValueError(f"unknown colour in {list(players)!r}; colours are {known}") from None
    if not 1 <= len(colours) <= 4 or len(set(colours)) != len(colours):
        raise ValueError(f"give 1-4 different colours, got {list(players)!r}")
    return colours


class Game:
    """A game of Speakeasy for 1-4 players (1 = a solo *sandbox*, not the official solo mode,
    whose rules are not in the text: GAP-23)."""

    def __init__(
        self,
        colours: Sequence[Colour],
        seed: int,
        options: Options | None = None,
        scenario: Scenario | None = None,
    ) -> None:
        self.seed = seed
        #: The position the game starts from instead of setup (:mod:`speakeasy.scenario`).
        self.scenario = scenario
        self.colours: tuple[Colour, ...] = tuple(colours)
        self.options = options or Options()
        catalog = load_catalog()
        board = load_board(len(self.colours))
        rng = random.Random(seed)
        ctx = Ctx(
            state=GameState(players={}, districts={}),
            catalog=catalog,
            board=board,
            rng=rng,
            options=self.options,
            seats=len(self.colours),
        )
        ctx.state = new_state(self.colours, rng, catalog, board, self.options, ctx.events.append)
        if scenario is not None:
            scenario.apply_to(ctx)
        self._ctx = ctx
        self._flow: Flow[None] = game_flow(ctx, scenario.start if scenario else None)
        self._steps: list[Step] = []
        self._redo: list[Action] = []
        self._pending: Decision | None = None
        self._options: frozenset[Action] = frozenset()
        self._setup_events = 0
        self._resume(None)
        self._setup_events = len(ctx.events)

    # ------------------------------------------------------------------ construction
    @classmethod
    def new(
        cls,
        players: int | Sequence[str | Colour] = 2,
        seed: int = 0,
        options: Options | dict[str, bool] | None = None,
    ) -> Game:
        """Set up a new game: ``players`` is a count (1-4) or colour names in seating order."""
        opts = options if isinstance(options, Options) else Options.from_data(options)
        return cls(_colours(players), seed, opts)

    @classmethod
    def replay(
        cls,
        seed: int,
        actions: Iterable[Action | str],
        players: int | Sequence[str | Colour] = 2,
        options: Options | dict[str, bool] | None = None,
    ) -> Game:
        """A new game with ``actions`` applied in order (each checked for legality)."""
        game = cls.new(players, seed, options)
        for action in actions:
            game.apply(action)
        return game

    # ------------------------------------------------------------------ the decision API
    @property
    def state(self) -> GameState:
        """The current position (read it; change it only through :meth:`apply`)."""
        return self._ctx.state

    @property
    def pending(self) -> Decision | None:
        """The decision the game waits for, or ``None`` when the game is over."""
        return self._pending

    @property
    def current_player(self) -> Colour | None:
        return self._pending.player if self._pending else None

    def legal_actions(self) -> list[Action]:
        """Every legal option of the pending decision (empty when the game is over)."""
        return list(self._pending.options) if self._pending else []

    @property
    def is_sandbox(self) -> bool:
        """One seat: the solo *sandbox*, not the official solo mode (GAP-23)."""
        return len(self.colours) == 1

    @property
    def is_over(self) -> bool:
        return self._pending is None

    def apply(self, action: Action | str) -> list[Event]:
        """Carry out one legal action and return the events it caused.

        Raises :class:`IllegalAction` (state unchanged) for anything not among the options.
        """
        if isinstance(action, str):
            action = Action.parse(action)
        pending = self._pending
        if pending is None:
            raise IllegalAction("game-over", "R-SCORING-5", "the game is over")
        if action not in self._options:
            raise pending.why_not(action)
        chosen = next(o for o in pending.options if o == action)  # the labelled option
        start = len(self._ctx.events)
        self._resume(chosen)
        events = tuple(self._ctx.events[start:])
        self._steps.append(Step(chosen, pending.player, events))
        self._redo.clear()
        return list(events)

    def _resume(self, action: Action | None) -> None:
        try:
            decision = self._flow.send(action) if action is not None else next(self._flow)
        except StopIteration:
            self._pending = None
            self._options = frozenset()
            return
        self._pending = decision
        self._options = frozenset(decision.options)

    # ------------------------------------------------------------------ history
    @property
    def history(self) -> tuple[Action, ...]:
        """The actions applied so far."""
        return tuple(s.action for s in self._steps)

    @property
    def steps(self) -> tuple[Step, ...]:
        """Each applied action with the player who chose it and its events."""
        return tuple(self._steps)

    @property
    def setup_events(self) -> tuple[Event, ...]:
        """Events of the setup and of automatic steps before the first decision."""
        return tuple(self._ctx.events[: self._setup_events])

    @property
    def events(self) -> tuple[Event, ...]:
        """Every event so far, setup included."""
        return tuple(self._ctx.events)

    def undo(self) -> None:
        """Take back the last action (it can be redone until a new action is applied)."""
        if not self._steps:
            raise IllegalAction("nothing-to-undo", "R-SETUP-1", "no action has been applied yet")
        redo = [*self._redo, self._steps[-1].action]
        self._rebuild(self.history[:-1])
        self._redo = redo

    @property
    def can_redo(self) -> bool:
        return bool(self._redo)

    @property
    def redo_line(self) -> tuple[Action, ...]:
        """The undone actions, in the order :meth:`redo` would apply them."""
        return tuple(reversed(self._redo))

    def redo(self) -> list[Event]:
        """Apply again the last undone action."""
        if not self._redo:
            raise IllegalAction("nothing-to-redo", "R-SETUP-1", "there is no undone action")
        redo = self._redo[:-1]
        events = self.apply(self._redo[-1])
        self._redo = redo
        return events

    def goto(self, step: int) -> None:
        """Jump to the position after ``step`` actions (0 = before the first decision)."""
        if not 0 <= step <= len(self._steps):
            raise ValueError(f"step must be 0-{len(self._steps)}, got {step}")
        history = self.history
        self._rebuild(history[:step])
        self._redo = list(reversed(history[step:]))

    def _rebuild(self, actions: Sequence[Action]) -> None:
        fresh = self._fresh()
        for action in actions:
            fresh.apply(action)
        self.__dict__.update(fresh.__dict__)

    def frames(self, step: int | None = None) -> tuple[GameState, list[Frame]]:
        """Replay one step event by event: the position before it and after each event.

        ``step`` counts applied actions from 1 (default: the last one); 0 is the setup and the
        automatic steps before the first decision. The game itself is not changed.
        """
        count = len(self._steps)
        step = count if step is None else step
        if not 0 <= step <= count:
            raise ValueError(f"step must be 0-{count}, got {step}")
        frames: list[Frame] = []
        if step == 0:
            # Setup events describe how the starting position was built; each is shown with
            # that finished position.
            start = self._fresh().state
            return start, [Frame(e, start) for e in self.setup_events]
        fresh = self._fresh()
        for action in self.history[: step - 1]:
            fresh.apply(action)
        before = copy.deepcopy(fresh.state)
        fresh._ctx.on_emit = lambda e: frames.append(Frame(e, copy.deepcopy(fresh.state)))
        fresh.apply(self.history[step - 1])
        return before, frames

    def copy(self) -> Game:
        """An independent game in the same position (with the same history)."""
        fresh = self._fresh()
        for action in self.history:
            fresh.apply(action)
        return fresh

    def _fresh(self) -> Game:
        """This game before its first action."""
        return Game(self.colours, self.seed, self.options, self.scenario)

    # ------------------------------------------------------------------ results
    def result(self) -> GameResult:
        """Final scores with their breakdown, tie-breakers and the winner(s) (R-SCORING-1..6)."""
        if not self.is_over:
            raise IllegalAction("not-over", "R-ACT-2", "the game has not reached final scoring yet")
        return final_result(self._ctx)

    # ------------------------------------------------------------------ save and load
    def to_data(self) -> dict[str, Any]:
        state = to_data(self.state)
        return {
            "format": SAVE_FORMAT,
            "version": SAVE_VERSION,
            "seed": self.seed,
            "players": [c.value for c in self.colours],
            "options": self.options.to_data(),
            "actions": [str(a) for a in self.history],
            **({"scenario": self.scenario.to_data()} if self.scenario else {}),
            "state_sha256": _digest(state),
            "state": state,
        }

    def to_json(self, indent: int | None = None) -> str:
        """The game as JSON: seed, players, options, action history and the position."""
        return json.dumps(self.to_data(), indent=indent, sort_keys=True)

    @classmethod
    def from_json(cls, text: str | bytes) -> Game:
        """Load a game saved by :meth:`to_json`; raise :class:`SaveFileError` if it is bad."""
        try:
            data = json.loads(text)
        except (json.JSONDecodeError, UnicodeDecodeError) as exc:
            raise SaveFileError(f"not a saved game: invalid JSON ({exc})") from None
        return cls.from_data(data)

    @classmethod
    def from_data(cls, data: object) -> Game:
        if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT:
            raise SaveFileError(f"not a saved game: 'format' must be {SAVE_FORMAT!r}")
        if data.get("version") != SAVE_VERSION:
            raise SaveFileError(
                f"saved with format version {data.get('version')!r}; this version reads "
                f"{SAVE_VERSION}"
            )
        seed, players, actions = data.get("seed"), data.get("players"), data.get("actions")
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise SaveFileError("'seed' must be a whole number")
        if not isinstance(players, list) or not all(isinstance(p, str) for p in players):
            raise SaveFileError("'players' must be a list of colour names")
        if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
            raise SaveFileError("'actions' must be a list of action strings")
        try:
            options = Options.from_data(data.get("options"))
            scenario = None
            if data.get("scenario") is not None:
                from speakeasy.scenario import Scenario

                scenario = Scenario.from_data(data["scenario"])
            game = cls(_colours(players), seed, options, scenario)
        except ValueError as exc:
            raise SaveFileError(f"bad game settings: {exc}") from None
        for number, text in enumerate(actions, start=1):
            try:
                game.apply(Action.parse(text))
            except (IllegalAction, ValueError) as exc:
                raise SaveFileError(
                    f"action {number} ({text!r}) cannot be replayed: {exc}"
                ) from None
        state = to_data(game.state)
        if "state_sha256" in data and data["state_sha256"] != _digest(state):
            raise SaveFileError("the replayed game does not match the saved position (edited?)")
        if "state" in data and data["state"] != state:
            raise SaveFileError("the saved position differs from the replayed game (edited?)")
        return game

    # ------------------------------------------------------------------ identity
    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Game):
            return NotImplemented
        return (
            self.seed == other.seed
            and self.colours == other.colours
            and self.scenario == other.scenario
            and self.options == other.options
            and self.history == other.history
            and to_data(self.state) == to_data(other.state)
        )

    __hash__ = None  # type: ignore[assignment]

    def analysis_context(self) -> Ctx:
        """A rules context over a *copy* of the position, for analysis code (planner,
        questions, explorers) that calls rules functions taking a ``Ctx``; changing it never
        touches the game."""
        ctx = self._ctx
        return Ctx(
            state=copy.deepcopy(ctx.state),
            catalog=ctx.catalog,
            board=ctx.board,
            rng=random.Random(self.seed),
            options=self.options,
            seats=len(self.colours),
        )

    @property
    def board(self) -> Board:
        """The board this game is played on (its player count's side)."""
        return self._ctx.board

    def _repr_mimebundle_(
        self, include: object = None, exclude: object = None, **kwargs: object
    ) -> dict[str, Any]:
        """Jupyter shows a game as the picture of its position (like python-chess's board)."""
        from speakeasy.viz.game_figure import game_repr_mimebundle

        return game_repr_mimebundle(self.state, self.board, include, exclude)  # type: ignore[arg-type]

    def __repr__(self) -> str:
        where = "over" if self.is_over else f"waiting for {self.current_player}"
        sandbox = " solo-sandbox" if self.is_sandbox else ""
        return (
            f"<Game{sandbox} seed={self.seed} players={[c.value for c in self.colours]} "
            f"act={self.state.act} round={self.state.round} steps={len(self._steps)} {where}>"
        )


def _digest(state: dict[str, Any]) -> str:
    return hashlib.sha256(json.dumps(state, sort_keys=True).encode()).hexdigest()

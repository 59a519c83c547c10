"""A game-agnostic decision engine: a whole game as a sequence of explicit decisions.

The engine knows nothing about any one game. A :class:`GameDefinition` (in the spirit of
OpenSpiel's ``Game`` next to its ``State``, and of boardgame.io's game-as-data) tells it how to
set a game up, how to restart the rules at a checkpoint, how to score it and how to save it; an
:class:`Engine` subclass names its definition and adds the game's own conveniences. The rules
are generator flows (:mod:`speakeasy.core.context`) resumed with each action.

A toy game shows the whole cycle: each of two players names a number; the higher number wins.

>>> from dataclasses import dataclass
>>> @dataclass(frozen=True)
... class NoOptions:
...     def to_data(self) -> dict[str, bool]:
...         return {}
>>> class Numbers(GameDefinition[list[int], Context[list[int], str, str, str], str]):
...     save_format = "numbers"
...     refusal_rules = {code: "N-1" for code in REFUSALS}
...     def begin(self, players, rng, options, start):
...         ctx = Context(state=[], rng=rng)
...         return ctx, self.restart(ctx, 0)
...     def restart(self, ctx, restart):
...         for turn in range(int(restart), 2):
...             ctx.checkpoint(turn)
...             choice = yield from ctx.ask(turn, "number", "Name a number", ("N-1",),
...                                         [Action("say", (n,)) for n in range(1, 4)])
...             ctx.state.append(int(choice.args[0]))
...     def result(self, ctx):
...         a, b = ctx.state
...         return "a tie" if a == b else f"player {int(b > a)} wins"
...     def state_data(self, state):
...         return list(state)
...     def players_from_data(self, players):
...         return tuple(players)
...     def options_from_data(self, data):
...         return NoOptions()
...     def observe(self, ctx, seat):
...         return tuple(ctx.state)  # every number is named aloud: nothing is hidden
>>> class NumbersGame(Engine[list[int], Context[list[int], str, str, str], str]):
...     definition = Numbers()
>>> game = NumbersGame(("ann", "bob"), seed=1, options=NoOptions())
>>> game.pending.player, game.legal_actions()[-1]
(0, Action(kind='say', args=(3,)))
>>> _ = game.apply("say 2"); _ = game.apply("say 3")
>>> game.observe("bob")
(2, 3)
>>> game.observe("cat")
Traceback (most recent call last):
...
ValueError: 'cat' is not a seat of this game; the seats are 'ann', 'bob'
>>> game.is_over, game.result()
(True, 'player 1 wins')
>>> game.undo(); game.state, game.redo_line
([2], (Action(kind='say', args=(3,)),))
>>> NumbersGame.from_json(game.to_json()) == game
True

Design:

* ``pending`` is the one :class:`~speakeasy.core.actions.Decision` the game waits for; its options
  are *all* the legal actions, and :meth:`Engine.apply` accepts exactly those, so an illegal
  request raises :class:`~speakeasy.core.actions.IllegalAction` before anything changes.
* What a seat may see is the definition's :meth:`GameDefinition.observe` (OpenSpiel's
  observers, boardgame.io's ``playerView``); :meth:`Engine.observe` gives it for one seat, and
  bots (:mod:`speakeasy.core.bots`) decide from it and the pending decision only.
* All randomness comes from one ``random.Random(seed)``; the seed, the players, the options,
  the start position and the action history therefore determine the game.
* The flows mark *checkpoints* (:meth:`~speakeasy.core.context.Context.checkpoint`); the engine
  keeps a copy of the state, the RNG state and the event count at each. Undo, goto, copy and
  step-through rebuild a position from the nearest checkpoint at or before it by starting a
  fresh flow there and replaying the few actions since, so they can never disagree with the
  rules. Loading a save replays the whole history, which checks every action. Unlisted
  checkpoints (finer ones, such as turns) are kept once :attr:`Engine.unlisted_gap`
  decisions have passed since the last checkpoint kept, so an undo replays at most about
  that many decisions and a turn; a game takes them only once it has been copied or has
  rebuilt a position (a game only played forward, a new copy too, pays for the listed ones
  alone), and its first copy or rebuild replays from the listed checkpoint before and takes
  the unlisted ones it passes (a copy of the present position hands them to the game it
  copies). A game made with ``checkpoints=False`` (a bot batch that never undoes) keeps none
  at all until it first rebuilds a position, which then replays it from its start.
* ``copy(history=False)`` is the search-grade path for simulations (as python-chess's
  ``board.copy(stack=False)``): a game at the same position that keeps no history, no
  checkpoints and no events (:attr:`Context.quiet <speakeasy.core.context.Context.quiet>`:
  no event texts are built into events, no event is checked), so a random playout pays for
  the rules only. It decides, observes and scores exactly as the game it was copied from
  would; what needs the history (undo, redo, goto, step-through, saving, the history and the
  events themselves) raises :class:`NoHistoryError`.
"""

from __future__ import annotations

import copy
import hashlib
import io
import json
import operator
import pickle
import random
from abc import ABC, abstractmethod
from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Generic, Protocol, Self, TypeVar

from speakeasy.core.actions import (
    MAX_ACTION_TEXT,
    Action,
    Decision,
    Event,
    IllegalAction,
    noncanonical,
)
from speakeasy.core.context import Context, Flow
from speakeasy.core.limits import LimitError, load_json_limited
from speakeasy.core.seeds import MAX_SEED, check_seed

__all__ = [
    "REFUSALS",
    "Checkpoint",
    "Engine",
    "EngineError",
    "Frame",
    "GameDefinition",
    "NoHistoryError",
    "Recent",
    "Runner",
    "SaveFileError",
    "Step",
    "digest",
]

S = TypeVar("S")
C = TypeVar("C", bound=Context[Any, Any, Any, Any])
R = TypeVar("R")

#: The refusals of the engine itself; a definition names the rule behind each. ``malformed``
#: is anything passed to :meth:`Engine.apply` that is not an action's canonical text form or a
#: well-formed :class:`~speakeasy.core.actions.Action`.
#: ``not-your-turn`` answers :meth:`Engine.why_not` asked for a seat that is not the one to act
#: (the definition may cite a finer rule per decision: :meth:`GameDefinition.turn_rule`).
REFUSALS = (
    "game-over",
    "nothing-to-undo",
    "nothing-to-redo",
    "not-over",
    "malformed",
    "not-your-turn",
)


class SaveFileError(ValueError):
    """A saved game cannot be loaded: malformed, too large or deep, from another version, or
    tampered with. Loading a save raises no other exception type."""


class NoHistoryError(RuntimeError):
    """The game keeps no history (it was made by :meth:`Engine.copy` with ``history=False``,
    for simulations): it cannot undo, redo, go to a step, replay a step event by event, be
    saved, give its history or events, or make a copy with history. Its legal actions,
    ``apply``, observations, ``is_over`` and result work as in any game, and
    ``copy(history=False)`` makes another such game."""

    def __init__(self, what: str) -> None:
        super().__init__(
            f"this game keeps no history (made by copy(history=False)), so it cannot {what}; "
            "copy the game it came from with copy() to keep one"
        )


class EngineError(RuntimeError):
    """The rules failed while carrying out a legal action (a bug, or a start position the rules
    cannot continue from). The game was restored to the position before the action, so it can
    still be saved, undone or continued otherwise; the original error is the ``__cause__``.

    >>> err = EngineError(12, Action("pass"), KeyError("x"))
    >>> err.step, str(err.action), str(err)  # doctest: +NORMALIZE_WHITESPACE
    (12, 'pass', "step 12 ('pass') failed inside the rules (KeyError: 'x'); the game is back
    at the position before it")
    """

    def __init__(self, step: int, action: Action, error: BaseException) -> None:
        self.step = step
        self.action = action
        self.error = error
        super().__init__(
            f"step {step} ({str(action)!r}) failed inside the rules "
            f"({type(error).__name__}: {error}); the game is back at the position before it"
        )


class ToData(Protocol):
    """A value the engine saves as plain data (options, start positions)."""

    def to_data(self) -> Mapping[str, Any]: ...


@dataclass(frozen=True, slots=True)
class Frame(Generic[S]):
    """One event of a step with the position just after it (for step-through views)."""

    event: Event
    state: S


@dataclass(frozen=True, slots=True)
class Step:
    """One applied action, the player who chose it, the events it caused and how many
    options its decision offered (``choices``; 0 when unknown)."""

    action: Action
    player: Any
    events: tuple[Event, ...]
    choices: int = 0


@dataclass(frozen=True, slots=True)
class Checkpoint:
    """A point where a fresh flow can take over: after ``step`` actions, with ``events``
    events recorded; ``snapshot`` is the state, pickled (compact and immune to later
    changes: :meth:`GameDefinition.snapshot`, read back by
    :meth:`GameDefinition.from_snapshot`), and ``rng`` the RNG's state
    (``random.Random.getstate()``: an immutable tuple, kept as it is); ``restart`` is the
    flow's restart token."""

    step: int
    restart: Hashable
    snapshot: bytes
    rng: tuple[Any, ...]
    events: int
    listed: bool = True  # unlisted ones only shorten replays (not in ``Engine.checkpoints``)


@dataclass(frozen=True, slots=True)
class Recent:
    """What a seat saw since the rules last restarted (:meth:`Context.checkpoint
    <speakeasy.core.context.Context.checkpoint>`): the public record a game needs to rebuild a
    position from a seat's observation alone (a determinization, issue 27).

    ``restart`` is the checkpoint's restart token (``None``: the game's beginning, then from
    ``start``, the game's public start position, if any); ``origin`` is the seat's own
    observation there (what it saw then, so nothing it may not see); ``since`` the actions
    taken since, in order (each taken at the table, in view of every seat: a game whose
    actions name a secret must not carry them). ``player`` is who decides now (public) and
    ``options`` that decision's options when it is the seat's own (it sees them), else
    ``()``; ``by`` who took each action of ``since``."""

    restart: Hashable | None
    origin: Any
    since: tuple[Action, ...]
    start: Any = None
    player: Any = None
    options: tuple[Action, ...] = ()
    #: Who took each action of ``since`` (public: each was taken at the table).
    by: tuple[Any, ...] = ()


def digest(data: Any) -> str:
    """The SHA-256 of JSON-ready ``data`` (keys sorted), as saved games carry it.

    >>> digest({"b": 1, "a": [2]}) == digest({"a": [2], "b": 1})
    True
    """
    return hashlib.sha256(json.dumps(data, sort_keys=True).encode()).hexdigest()


class GameDefinition(ABC, Generic[S, C, R]):
    """What the engine needs to know about one game: how to set it up and start its rules,
    how to restart the rules at a checkpoint, the result, and how to save it.

    ``S`` is the game's state, ``C`` its context (:class:`~speakeasy.core.context.Context`)
    and ``R`` its result. The state must be picklable (checkpoints keep it pickled) and the
    flows' restart tokens must compare equal exactly when they name the same point.
    """

    #: The ``format`` field of a saved game, and its ``version``.
    save_format: ClassVar[str]
    save_version: ClassVar[int] = 2
    #: The save field holding the start position, when a game has one.
    start_field: ClassVar[str] = "start"
    #: The rule behind each of the engine's own refusals (:data:`REFUSALS`).
    refusal_rules: ClassVar[Mapping[str, str]]
    #: Objects a state may hold that never change and are the same in every state (its
    #: classes, enum members): checkpoint snapshots refer to them in a table shared by every
    #: snapshot (a pickle memo made in advance) instead of pickling them each time.
    snapshot_constants: ClassVar[tuple[object, ...]] = ()
    #: Whether a seat's observation carries its :class:`Recent` record
    #: (:meth:`with_recent`): the engine then keeps the position at the last checkpoint the
    #: flow passed (a snapshot per checkpoint), so a position can be rebuilt from a seat's
    #: observation (a determinization for a search bot).
    observes_recent: ClassVar[bool] = False

    def __init__(self) -> None:
        self._start_decoder: Callable[[Any], Any] | None = None
        # The constants pickled once: a snapshot's pickler starts with their memo, so it
        # refers to them; reading one back reads this pickle first (it fills the memo alike).
        out = io.BytesIO()
        pickler = pickle.Pickler(out, pickle.HIGHEST_PROTOCOL)
        pickler.dump(self.snapshot_constants)
        self._constants_memo = pickler.memo
        self._constants_pickle = out.getvalue()

    def snapshot(self, state: S) -> bytes:
        """``state`` pickled (compact and immune to later changes), with the
        :attr:`snapshot_constants` as references to their own pickle."""
        out = io.BytesIO()
        pickler = pickle.Pickler(out, pickle.HIGHEST_PROTOCOL)
        pickler.memo = self._constants_memo
        pickler.dump(state)
        return out.getvalue()

    def from_snapshot(self, snapshot: bytes) -> S:
        """A new state equal to the one :meth:`snapshot` pickled."""
        unpickler = pickle.Unpickler(io.BytesIO(self._constants_pickle + snapshot))
        unpickler.load()  # the constants, at the memo indexes the snapshot refers to
        state: S = unpickler.load()
        return state

    @abstractmethod
    def begin(
        self, players: tuple[str, ...], rng: random.Random, options: Any, start: Any | None
    ) -> tuple[C, Flow[None]]:
        """A new game's context, set up (and moved to ``start``, if given), and its flow,
        not yet started. ``rng`` is the game's one source of randomness."""

    @abstractmethod
    def restart(self, ctx: C, restart: Hashable) -> Flow[None]:
        """A fresh flow continuing from the checkpoint marked with ``restart``."""

    @abstractmethod
    def result(self, ctx: C) -> R:
        """The result of a finished game."""

    @abstractmethod
    def state_data(self, state: S) -> Any:
        """The state as JSON-ready data: equal states give equal data (saved and digested)."""

    @abstractmethod
    def players_from_data(self, players: list[str]) -> tuple[str, ...]:
        """The players of a saved game; raise ``ValueError`` for a bad list."""

    @abstractmethod
    def options_from_data(self, data: object) -> ToData:
        """The options of a saved game; raise ``ValueError`` for bad ones."""

    @abstractmethod
    def observe(self, ctx: C, seat: Any) -> Any:
        """What ``seat`` may see of the position: the public information and that seat's own
        secrets, never another seat's secrets, the order of a face-down deck or a face-down
        token (OpenSpiel's observation, boardgame.io's ``playerView``).

        ``ctx`` holds the state and the game's public settings (its options); ``seat`` is one
        of the game's players (:meth:`Engine.observe` checks it). The result must be a value:
        equal for positions that differ only in what ``seat`` may not see, and independent of
        the live state (changing it never changes the game, and the game's later moves never
        change it). Bots decide from it (:class:`speakeasy.core.bots.Bot`); it is called at
        every bot decision, so it should be cheap."""

    def with_recent(self, seen: Any, recent: Recent) -> Any:
        """``seen`` (an observation from :meth:`observe`) carrying ``recent``; called only when
        :attr:`observes_recent`. The default carries nothing."""
        return seen

    # ------------------------------------------------------------------ start positions
    def register_start_decoder(self, field: str, decoder: Callable[[Any], Any]) -> None:
        """Read start positions saved under ``field`` (the definition's :attr:`start_field`)
        with ``decoder``. The layer that defines start positions (e.g. a scenario format) sits
        above the engine, so it registers its reader here instead of the engine importing it."""
        if field != self.start_field:
            raise ValueError(f"this game saves its start position as {self.start_field!r}")
        self._start_decoder = decoder

    def start_from_data(self, data: Mapping[str, Any]) -> Any | None:
        """The start position of a saved game, or ``None``; ``ValueError`` if unreadable."""
        saved = data.get(self.start_field)
        if saved is None:
            return None
        if self._start_decoder is None:
            raise ValueError(f"no reader for the saved {self.start_field!r} is registered")
        return self._start_decoder(saved)

    def refusal(self, code: str, reason: str) -> IllegalAction:
        """The engine's refusal ``code`` (one of :data:`REFUSALS`) with its rule."""
        return IllegalAction(code, self.refusal_rules[code], reason)

    def explain_refusal(self, ctx: C, decision: Decision, action: Action) -> IllegalAction | None:
        """Why the rules forbid ``action``, a well-formed request that is neither an option of
        ``decision`` nor one of its greyed-out options, or ``None`` to let the engine give its
        generic refusal (``not-now`` or ``not-an-option``). It must only read ``ctx``.

        A game overrides this to cite the rule that forbids each request; the default knows
        no rules."""
        return None

    def turn_rule(self, decision: Decision) -> str:
        """The rule that says who makes ``decision`` (cited when another seat asks for an
        action then: ``not-your-turn``); the default is the one the definition names for
        ``not-your-turn`` in :attr:`refusal_rules`."""
        return self.refusal_rules["not-your-turn"]

    def refusal_for_seat(
        self, ctx: C, decision: Decision, action: Action, seat: Any
    ) -> IllegalAction | None:
        """Why ``action`` would be refused for ``seat``, a seat that is *not* the one to make
        ``decision``, for a reason other than the turn: one that holds whoever acts (the kind
        of action is not taken at this point of the game, a card named that ``seat`` does not
        hold...), or ``None`` to let the engine answer ``not-your-turn``
        (:meth:`Engine.why_not` gives the precedence). It must only read ``ctx``; the default
        knows no such reasons."""
        return None


class Runner:
    """One flow driven the way the engine drives a game: it waits at :attr:`pending`, accepts
    only that decision's options and sends the labelled option into the flow.

    :class:`Engine` plays a whole game through one; analysis code that walks a single rule
    (a truck's delivery, say) on a copy of a position uses one too, so there is one loop.
    """

    def __init__(self, flow: Flow[Any], sent: int = 0) -> None:
        self.flow = flow
        #: Actions sent into the flow so far.
        self.sent = sent
        #: The decision the flow waits for; ``None`` before :meth:`send` starts it or once the
        #: flow has finished.
        self.pending: Decision | None = None
        #: The pending options by value, made on the first request that is not one of them.
        self._options: dict[Action, Action] | None = None

    def choose(
        self, action: Action, explain: Callable[[Action], IllegalAction | None] | None = None
    ) -> Action:
        """The pending decision's labelled option equal to ``action``; the decision's
        :class:`IllegalAction` if it is none of them (nothing is sent), with ``explain``
        giving the game's reason (:meth:`Decision.why_not
        <speakeasy.core.actions.Decision.why_not>`)."""
        pending = self.pending
        if pending is None:
            raise ValueError("the flow waits for no decision")
        for option in pending.options:  # a bot hands back the option itself: no hashing
            if option is action:
                return option
        options = self._options
        if options is None:
            options = self._options = {o: o for o in pending.options}
        try:
            chosen = options.get(action)
        except TypeError:  # an unhashable look-alike: not an option
            chosen = None
        if chosen is None:
            raise pending.why_not(action, explain)
        return chosen

    def send(self, action: Action | None) -> None:
        """Start the flow (``None``) or resume it with a chosen option, up to its next
        decision or its end."""
        try:
            if action is None:
                decision = next(self.flow)
            else:
                self.sent += 1
                decision = self.flow.send(action)
        except StopIteration:
            self.pending = None
            self._options = None
            return
        self.pending = decision
        self._options = None


#: The fields every save has (besides the definition's start field, when a game has one).
_SAVE_FIELDS = (
    "format",
    "version",
    "seed",
    "players",
    "options",
    "actions",
    "state",
    "state_sha256",
)


def _shown(value: object) -> str:
    """A short, safe ``repr`` for messages (huge numbers and long texts are cut, a long text
    before it is copied)."""
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 64:
        return f"a {value.bit_length()}-bit number"
    if isinstance(value, str | bytes) and len(value) > 60:
        return repr(value[:57])[:-1] + "..."
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def _reason(exc: BaseException) -> str:
    """An exception as a short plain message (its type when it says little itself)."""
    text = str(exc)
    if not isinstance(exc, ValueError) or not text:
        text = f"{type(exc).__name__}: {text}" if text else type(exc).__name__
    return text if len(text) <= 300 else text[:297] + "..."


def _check_step(step: object) -> int:
    """``step`` if it is a whole number (not a ``bool``); ``TypeError`` otherwise."""
    if isinstance(step, bool):
        raise TypeError("step must be a whole number, not a bool")
    try:
        return operator.index(step)  # type: ignore[arg-type]
    except TypeError:
        raise TypeError(f"step must be a whole number, not {type(step).__name__}") from None


class Engine(Generic[S, C, R]):
    """One game played through its :attr:`definition`: decisions, actions and refusals,
    history with undo, redo and goto, step-through frames, copies and save files."""

    #: The game this engine plays (set by each subclass).
    definition: ClassVar[GameDefinition[Any, Any, Any]]
    #: An unlisted checkpoint is kept only once this many decisions have been made since the
    #: last checkpoint kept: a snapshot costs about as much as replaying a few decisions, so
    #: an undo replays at most this many decisions and a turn, for a snapshot every turn or
    #: two (not every turn).
    unlisted_gap: ClassVar[int] = 10

    def __init__(
        self,
        players: Sequence[str],
        seed: int,
        options: ToData,
        start: Any | None = None,
        *,
        checkpoints: bool = True,
    ) -> None:
        """``checkpoints=False`` takes no checkpoint snapshots while the game is only played
        forward (a batch of bot games that never undoes): nothing else changes. Undo, goto,
        copies and step-through still work, the first one replaying the game from its start;
        from then on the game keeps checkpoints like any other."""
        self.players: tuple[str, ...] = tuple(players)
        #: A whole number, ``0 <= seed < 2**63`` (:func:`~speakeasy.core.seeds.check_seed`).
        self.seed = check_seed(seed)
        self.options = options
        #: The position the game starts from instead of the game's own setup.
        self.start_position = start
        self._steps: list[Step] = []
        self._redo: list[Action] = []
        self._checkpoints: list[Checkpoint] = []
        #: Keep checkpoints at all (``checkpoints=False``: not until a position is rebuilt).
        self._keep = checkpoints
        #: Keep unlisted checkpoints too: not until the game is first copied or rebuilds a
        #: position (they only shorten those replays, and a snapshot costs about as much as
        #: replaying a few decisions).
        self._fine = False
        #: ``False`` for a game made by ``copy(history=False)``: it keeps only the checkpoint
        #: it started from (``_origin``, ``None`` for the game's start) and the actions sent
        #: since (``_since``), so it can rebuild itself and be copied, and nothing else.
        self._history = True
        self._origin: Checkpoint | None = None
        self._since: list[Action] = []
        #: The last point the flow restarted or passed a checkpoint at, when the definition
        #: :attr:`~GameDefinition.observes_recent`: its restart token (``None``: the game's
        #: beginning), the state there (pickled) and the actions sent before it.
        self._mark: tuple[Hashable | None, bytes, int] | None = None
        #: Each seat's observation at ``_mark`` (made when first asked for).
        self._mark_seen: dict[str, Any] = {}
        #: Keep ``_mark``: a game with history, or one made by :meth:`from_position`; a copy
        #: without history does not (its observations carry no :class:`Recent` record), so a
        #: playout pays nothing for it.
        self._marks = self.definition.observes_recent
        #: Who took each action of ``_since``, in a game without history that keeps its mark.
        self._by: list[Any] = []
        self._begin()

    def _begin(self) -> None:
        ctx, flow = self.definition.begin(
            self.players, random.Random(self.seed), self.options, self.start_position
        )
        self._attach(ctx, flow, 0)
        self._set_mark(None)
        self._resume(None)
        self._setup_events = len(ctx.events)

    def _attach(self, ctx: C, flow: Flow[None], sent: int) -> None:
        self._ctx = ctx
        self._runner = Runner(flow, sent)
        ctx.on_checkpoint = self._on_checkpoint

    # ------------------------------------------------------------------ the decision API
    @property
    def state(self) -> S:
        """The current position (read it; change it only through :meth:`apply`)."""
        state: S = self._ctx.state
        return state

    @property
    def pending(self) -> Decision | None:
        """The decision the game waits for, or ``None`` when the game is over."""
        return self._runner.pending

    @property
    def current_player(self) -> Any:
        """The player the game waits for, or ``None`` when the game is over."""
        pending = self._runner.pending
        return pending.player if pending else None

    def observe(self, seat: Any) -> Any:
        """What ``seat`` may see now (:meth:`GameDefinition.observe`); ``ValueError`` naming
        the seats if ``seat`` is not one of :attr:`players`."""
        who = self._seat(seat)
        seen = self.definition.observe(self._ctx, who)
        if self._mark is None:
            return seen
        return self.definition.with_recent(seen, self._recent(who))

    def observe_now(self, seat: Any) -> Any:
        """What ``seat`` may see now without its :class:`Recent` record (equal to
        :meth:`observe`, and cheaper: for rollout bots, which never rebuild a position)."""
        return self.definition.observe(self._ctx, self._seat(seat))

    def listen(self, listener: Callable[[Event], None] | None) -> None:
        """Tell ``listener`` of each event from now on, in a game without history too (whose
        log keeps none: the coach's ledger of what a playout earns), until the game rebuilds
        a position (undo, goto, a failed action); ``None`` stops it.

        >>> from speakeasy import Game
        >>> game, heard = Game.new(2, seed=1).copy(history=False), []
        >>> game.listen(heard.append)
        >>> game.apply(game.legal_actions()[0])  # a game without history returns no events
        []
        >>> [str(e.kind) for e in heard]
        ['mafioso', 'leverage']
        """
        self._ctx.tap = listener

    def _recent(self, seat: str) -> Recent:
        """``seat``'s :class:`Recent` record at the present position."""
        assert self._mark is not None
        restart, snapshot, step = self._mark
        origin = self._mark_seen.get(seat)
        if origin is None:
            state = self.definition.from_snapshot(snapshot)
            ctx = self._ctx.fork(state, random.Random(0), [])
            origin = self._mark_seen[seat] = self.definition.observe(ctx, seat)
        if self._history:
            since = tuple(s.action for s in self._steps[step:])
            by = tuple(s.player for s in self._steps[step:])
        else:
            base = self._origin.step if self._origin is not None else 0
            since = tuple(self._since[step - base :])
            by = tuple(self._by[step - base :])
        pending = self._runner.pending
        player = pending.player if pending is not None else None
        options = pending.options if pending is not None and player == seat else ()
        start = self.start_position if restart is None else None
        return Recent(restart, origin, since, start, player, options, by)

    def _set_mark(self, restart: Hashable | None, snapshot: bytes | None = None) -> None:
        """Remember the present position as the last restart point (``restart``), when the
        definition :attr:`~GameDefinition.observes_recent`."""
        if not self._marks:
            return
        if snapshot is None:
            snapshot = self.definition.snapshot(self._ctx.state)
        self._mark = (restart, snapshot, self._runner.sent)
        self._mark_seen = {}

    def _mark_hook(self, restart: Hashable, listed: bool = True) -> None:
        """The checkpoint hook of a game without history: the mark only."""
        self._set_mark(restart)

    def _seat(self, seat: Any) -> str:
        """The player ``seat`` names; ``ValueError`` naming the seats for anything else."""
        for player in self.players:
            try:
                same = bool(player == seat)
            except Exception:  # an odd object that cannot be compared: not a seat
                same = False
            if same:
                return player
        seats = ", ".join(repr(str(p)) for p in self.players)
        raise ValueError(f"{_shown(seat)} is not a seat of this game; the seats are {seats}")

    def legal_actions(self) -> list[Action]:
        """Every legal option of the pending decision (empty when the game is over)."""
        pending = self._runner.pending
        return list(pending.options) if pending else []

    @property
    def is_over(self) -> bool:
        return self._runner.pending is None

    def apply(self, action: Action | str, seat: Any = None) -> list[Event]:
        """Carry out one legal action and return the events it caused; all or nothing.

        ``seat`` (optional) names who asks: a seat that is not the one to act is refused as
        :meth:`why_not` says (``not-your-turn`` or a finer reason); ``ValueError`` if it is no
        seat of the game.

        * :class:`IllegalAction` (game unchanged) for anything not among the options: code
          ``malformed`` for a ``str`` that is not an action's canonical text form
          (:meth:`Action.parse <speakeasy.core.actions.Action.parse>`) or an ``Action`` whose
          parts are not words and whole numbers;
        * ``TypeError`` (game unchanged) for anything that is neither a ``str`` nor an
          ``Action``;
        * :class:`EngineError` if the rules fail while carrying out a legal action: the game is
          restored to the position before the call (never left half-changed or ended).

        A game without history (``copy(history=False)``) returns no events (an empty list).
        """
        if not self._history and seat is None and type(action) is Action:
            pending = self._runner.pending
            if pending is not None:
                for option in pending.options:  # a bot hands back the option itself
                    if option is action:  # an option is canonical: nothing to check
                        return self._apply_free(option)
        action = self._checked(action)
        pending = self._runner.pending
        if pending is None:
            raise self.definition.refusal("game-over", "the game is over")
        if seat is not None and self._seat(seat) != pending.player:
            raise self._not_this_seat(pending, action, self._seat(seat))
        chosen = self._runner.choose(action, self._explain)  # the labelled option
        if not self._history:
            return self._apply_free(chosen)
        start = len(self._ctx.events)
        try:
            self._resume(chosen)
        except BaseException as exc:
            self._restore(len(self._steps))
            if isinstance(exc, Exception):
                raise EngineError(len(self._steps) + 1, chosen, exc) from exc
            raise  # KeyboardInterrupt and the like: the game is restored, the signal goes on
        events = tuple(self._ctx.events[start:])
        self._steps.append(Step(chosen, pending.player, events, len(pending.options)))
        self._redo.clear()
        return list(events)

    def _apply_free(self, chosen: Action) -> list[Event]:
        """Carry out ``chosen``, an option of the pending decision, in a game without history:
        no step, no events, no checkpoints; all or nothing like :meth:`apply`."""
        player = self._runner.pending.player if self._marks and self._runner.pending else None
        try:
            self._runner.send(chosen)
        except BaseException as exc:
            self._rebuild_free()
            if isinstance(exc, Exception):
                raise EngineError(self._runner.sent + 1, chosen, exc) from exc
            raise
        self._since.append(chosen)
        if self._marks:
            self._by.append(player)
        return []

    def _explain(self, action: Action) -> IllegalAction | None:
        """The definition's reason for refusing ``action`` at the pending decision."""
        pending = self._runner.pending
        if pending is None:
            return None
        return self.definition.explain_refusal(self._ctx, pending, action)

    def why_not(self, action: Action | str, seat: Any = None) -> IllegalAction | None:
        """The :class:`IllegalAction` :meth:`apply` would raise for ``action`` now, or
        ``None`` if it is legal; nothing changes either way. Raises like :meth:`apply` for
        input that is neither a ``str`` nor an ``Action``.

        ``seat`` asks for any seat (``ValueError`` if it is none of :attr:`players`); ``None``
        or the seat to act answer for the seat to act. For another seat the answer is never
        ``None``, and the first that applies of:

        1. ``malformed``: the request is no action at all;
        2. ``game-over``;
        3. a reason that holds whoever acts, from the definition
           (:meth:`GameDefinition.refusal_for_seat`): the kind of action is not taken at this
           point of the game, ``seat`` lacks a card it names, and so on;
        4. ``not-your-turn``, citing the rule that says who decides now
           (:meth:`GameDefinition.turn_rule`), even for a request the seat to act could make.
        """
        try:
            action = self._checked(action)
        except IllegalAction as err:
            return err
        pending = self._runner.pending
        if pending is None:
            return self.definition.refusal("game-over", "the game is over")
        if seat is not None:
            asker = self._seat(seat)
            if asker != pending.player:
                return self._not_this_seat(pending, action, asker)
        try:
            self._runner.choose(action, self._explain)
        except IllegalAction as err:
            return err
        return None

    def _not_this_seat(self, pending: Decision, action: Action, seat: str) -> IllegalAction:
        """The refusal of ``action`` asked for ``seat``, which is not to act (:meth:`why_not`)."""
        definition = self.definition
        found = definition.refusal_for_seat(self._ctx, pending, action, seat)
        if found is not None:
            return found
        return IllegalAction(
            "not-your-turn",
            definition.turn_rule(pending),
            f"it is not {seat}'s turn: the game is waiting for {pending.player} ({pending.prompt})",
        )

    def _checked(self, action: object) -> Action:
        """``action`` as an :class:`Action`: parsed if text, checked if an ``Action``."""
        if isinstance(action, str):
            try:
                return Action.parse(action)
            except ValueError as exc:
                raise self.definition.refusal("malformed", str(exc)) from None
        if not isinstance(action, Action):
            raise TypeError(
                f"apply() takes an Action or its text form (a str), not {type(action).__name__}"
            )
        args = action.args
        if isinstance(args, tuple) and len(args) > MAX_ACTION_TEXT:  # before looking at each
            raise self.definition.refusal("malformed", noncanonical(action) or "too many words")
        if type(action.kind) is str and type(args) is tuple:
            for arg in args:
                if type(arg) is not str and type(arg) is not int:
                    break  # a subclass, say: the full check below
            else:
                return self._canonical(action)
        if (
            not isinstance(action.kind, str)
            or not isinstance(args, tuple)
            or not all(isinstance(a, str | int) and not isinstance(a, bool) for a in args)
        ):
            raise self.definition.refusal(
                "malformed", "an action's kind is a word and its arguments words or whole numbers"
            )
        return self._canonical(action)

    def _canonical(self, action: Action) -> Action:
        """``action`` if its text form is canonical (it reads back as itself), else the
        ``malformed`` refusal: a huge action is refused without its text being built."""
        why = noncanonical(action)
        if why is not None:
            raise self.definition.refusal("malformed", why)
        return action

    def _resume(self, action: Action | None) -> None:
        self._runner.send(action)

    # ------------------------------------------------------------------ history
    @property
    def history(self) -> tuple[Action, ...]:
        """The actions applied so far."""
        self._need_history("give its history")
        return tuple(s.action for s in self._steps)

    @property
    def steps(self) -> tuple[Step, ...]:
        """Each applied action with the player who chose it and its events."""
        self._need_history("give its steps")
        return tuple(self._steps)

    @property
    def setup_events(self) -> tuple[Event, ...]:
        """Events of the setup and of automatic steps before the first decision."""
        self._need_history("give its events")
        return tuple(self._ctx.events[: self._setup_events])

    @property
    def events(self) -> tuple[Event, ...]:
        """Every event so far, setup included."""
        self._need_history("give its events")
        return tuple(self._ctx.events)

    def undo(self) -> None:
        """Take back the last action (it can be redone until a new action is applied)."""
        self._need_history("undo")
        if not self._steps:
            raise self.definition.refusal("nothing-to-undo", "no action has been applied yet")
        redo = [*self._redo, self._steps[-1].action]
        self._restore(len(self._steps) - 1)
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
        self._need_history("redo")
        if not self._redo:
            raise self.definition.refusal("nothing-to-redo", "there is no undone action")
        redo = self._redo[:-1]
        events = self.apply(self._redo[-1])
        self._redo = redo
        return events

    def goto(self, step: int) -> None:
        """Jump back to the position after ``step`` actions (0 = before the first decision);
        the actions after it can be redone."""
        self._need_history("go to a step")
        _check_step(step)
        if not 0 <= step <= len(self._steps):
            raise ValueError(f"step must be 0-{len(self._steps)}, got {step}")
        history = self.history
        self._restore(step)
        self._redo = list(reversed(history[step:]))

    def frames(self, step: int | None = None) -> tuple[S, list[Frame[S]]]:
        """Replay one step event by event: the position before it and after each event.

        ``step`` counts applied actions from 1 (default: the last one); 0 is the setup and the
        automatic steps before the first decision. The game itself is not changed.
        """
        self._need_history("replay a step event by event")
        count = len(self._steps)
        step = count if step is None else _check_step(step)
        if not 0 <= step <= count:
            raise ValueError(f"step must be 0-{count}, got {step}")
        if step == 0:
            # Setup events describe how the starting position was built; each is shown with
            # that finished position.
            start = self._at(0).state
            return start, [Frame(e, start) for e in self.setup_events]
        game = self._at(step - 1)
        before = copy.deepcopy(game.state)
        frames: list[Frame[S]] = []
        game._ctx.on_emit = lambda e: frames.append(Frame(e, copy.deepcopy(game.state)))
        game._resume(self._steps[step - 1].action)
        return before, frames

    def copy(self, history: bool = True) -> Self:
        """An independent game in the same position (with the same history).

        ``history=False`` gives the search-grade copy for simulations (python-chess's
        ``board.copy(stack=False)``): a game in the same position that keeps no history, no
        checkpoints and no events, and so plays faster; undo, redo, goto, frames, saving and
        the history raise :class:`NoHistoryError` there. It waits for the same decision with
        the same options, observes and scores the same as this game would, whatever is played
        next (its observations carry no :class:`Recent` record: a playout does not pay for
        one; :meth:`from_position` makes a game without history that keeps it). It is built
        like any copy, from the nearest checkpoint and the actions since
        (which it keeps, so it can be copied again: a copy of a game without history replays
        from that checkpoint everything played since)."""
        if not self._history:
            if history:
                raise NoHistoryError("make a copy with history")
            return self._free_copy(self._origin, self._since)
        count = len(self._steps)
        if history:
            return self._at(count)
        origin = self._nearest(count)
        start = origin.step if origin is not None else 0
        since = [s.action for s in self._steps[start:]]
        if self._keep and not self._fine and count - start > self.unlisted_gap:
            # The first copy: its replay from ``origin`` takes the unlisted checkpoints this
            # game skipped and hands them over, so this copy and the next restart nearer.
            self._fine = True  # copied once, likely again: keep them from now on
            return self._free_copy(origin, since, self._checkpoints)
        self._fine = True
        return self._free_copy(origin, since)

    @classmethod
    def from_position(
        cls,
        players: Sequence[str],
        options: ToData,
        state: S,
        restart: Hashable | None,
        since: Sequence[Action] = (),
        *,
        seed: int = 0,
        start: Any | None = None,
    ) -> Self:
        """A game without history (as ``copy(history=False)`` makes) at the position the
        actions ``since`` reach from ``state`` with the rules restarted at ``restart`` (a
        restart token of the game's checkpoints; ``None``: the game's beginning, from
        ``start``), its randomness from then on drawn from ``random.Random(seed)``: how a
        determinization (:class:`Recent`) rebuilds a position. ``state`` is the game's own
        from then on. :class:`~speakeasy.core.actions.IllegalAction` if an action of
        ``since`` is not an option where it comes, :class:`EngineError` if the rules fail."""
        game = cls(players, seed, options, start, checkpoints=False)
        rng = random.Random(seed)
        origin = Checkpoint(0, restart, cls.definition.snapshot(state), rng.getstate(), 0)
        game._history = False
        game._keep = False
        game._steps, game._redo, game._checkpoints = [], [], []
        game._origin, game._since, game._by = origin, [], []
        game._rebuild_free()
        for action in since:
            game.apply(action)
        return game

    def _nearest(self, step: int) -> Checkpoint | None:
        """The last checkpoint at or before ``step`` (``None``: the game's start)."""
        for checkpoint in reversed(self._checkpoints):
            if checkpoint.step <= step:
                return checkpoint
        return None

    def _free_copy(
        self,
        origin: Checkpoint | None,
        since: Sequence[Action],
        fill: list[Checkpoint] | None = None,
    ) -> Self:
        """A game without history at the position ``since`` reaches from ``origin``; with
        ``fill``, the unlisted checkpoints its replay passes are appended there too, and the
        copy restarts from the last of them."""
        other = copy.copy(self)
        other._history = False
        other._keep = False
        other._steps, other._redo, other._checkpoints = [], [], []
        other._origin, other._since = origin, list(since)
        other._marks, other._mark, other._mark_seen, other._by = False, None, {}, []
        other._rebuild_free(fill)
        return other

    def _rebuild_free(self, fill: list[Checkpoint] | None = None) -> None:
        """Rebuild a game without history from its origin and the actions since, with a quiet
        context (no events) and no checkpoint hook; with ``fill``, the unlisted checkpoints the
        replay passes (:attr:`unlisted_gap` apart) are appended there, with the event counts
        the log would have had, and the game restarts from the last of them from now on."""
        origin = self._origin
        if origin is None:
            ctx, flow = self.definition.begin(
                self.players, random.Random(self.seed), self.options, self.start_position
            )
            sent = 0
        elif origin.restart is None:  # a position at the game's beginning (from_position)
            ctx, flow = self.definition.begin(
                self.players, random.Random(self.seed), self.options, self.start_position
            )
            ctx.state = self.definition.from_snapshot(origin.snapshot)
            ctx.rng.setstate(origin.rng)
            ctx.events.clear()
            sent = origin.step
        else:
            rng = random.Random()
            rng.setstate(origin.rng)
            ctx = self._ctx.fork(self.definition.from_snapshot(origin.snapshot), rng, [])
            flow = self.definition.restart(ctx, origin.restart)
            sent = origin.step
        ctx.quiet = True
        ctx.skipped = 0
        ctx.on_emit = None
        ctx.on_checkpoint = None
        self._ctx = ctx
        runner = self._runner = Runner(flow, sent)
        marks = self._marks
        if origin is None:
            self._set_mark(None)
        elif marks:
            self._mark, self._mark_seen = (origin.restart, origin.snapshot, origin.step), {}
        if marks:
            ctx.on_checkpoint = self._mark_hook
        found: list[Checkpoint] = []
        if fill is not None:
            base = origin.events if origin is not None else len(ctx.events)
            definition, gap = self.definition, self.unlisted_gap

            def take(restart: Hashable, listed: bool = True) -> None:
                last = found[-1] if found else origin
                done = runner.sent
                if listed or (last is not None and done - last.step < gap):
                    return  # the game has its listed ones (none since ``origin``, its last)
                snapshot = definition.snapshot(ctx.state)
                rng = ctx.rng.getstate()
                found.append(Checkpoint(done, restart, snapshot, rng, base + ctx.skipped, False))

            def take_and_mark(restart: Hashable, listed: bool = True) -> None:
                self._set_mark(restart)
                take(restart, listed)

            ctx.on_checkpoint = take_and_mark
        runner.send(None)
        for action in self._since:
            runner.send(action)
        ctx.on_checkpoint = self._mark_hook if marks else None
        if found and fill is not None:
            fill.extend(found)
            self._since = self._since[found[-1].step - sent :]
            self._origin = found[-1]

    @property
    def keeps_history(self) -> bool:
        """``False`` for a game made by ``copy(history=False)`` (:class:`NoHistoryError`)."""
        return self._history

    def _need_history(self, what: str) -> None:
        if not self._history:
            raise NoHistoryError(what)

    # ------------------------------------------------------------------ checkpoints
    @property
    def checkpoints(self) -> tuple[Checkpoint, ...]:
        """The checkpoints the flow has passed so far (oldest first), the unlisted ones
        (:meth:`Context.checkpoint <speakeasy.core.context.Context.checkpoint>`) left out."""
        self._need_history("give its checkpoints")
        return tuple(c for c in self._checkpoints if c.listed)

    def _on_checkpoint(self, restart: Hashable, listed: bool = True) -> None:
        self._set_mark(restart)
        if not self._keep:
            return  # a game played forward only, by its own choice (``checkpoints=False``)
        if not listed and not self._fine:
            return  # not copied or rebuilt yet: the first copy or rebuild takes them
        last = self._checkpoints[-1] if self._checkpoints else None
        if not listed and last is not None and self._runner.sent - last.step < self.unlisted_gap:
            return  # a snapshot costs about as much as replaying a few decisions: skip it
        if last is not None and last.step == self._runner.sent:
            if last.restart == restart:
                return  # a restarted flow passing the checkpoint it started from
            if last.listed and not listed:
                return  # no decision since: the listed one serves, and stays listed
            self._checkpoints.pop()  # no decision since: the later checkpoint serves instead
        ctx = self._ctx
        snapshot = self.definition.snapshot(ctx.state)
        self._checkpoints.append(
            Checkpoint(
                self._runner.sent, restart, snapshot, ctx.rng.getstate(), len(ctx.events), listed
            )
        )

    def _restore(self, step: int) -> None:
        """Rebuild the position after ``step`` of the applied actions: restart the flow at
        the nearest checkpoint at or before it and replay the actions since."""
        self._keep = True  # rebuilt once, likely again: keep checkpoints from now on
        self._fine = True  # and the unlisted ones, from the replay below on
        steps = self._steps
        found = [i for i, c in enumerate(self._checkpoints) if c.step <= step]
        if not found:
            self._checkpoints = []
            self._steps = []
            self._begin()
        else:
            checkpoint = self._checkpoints[found[-1]]
            self._checkpoints = self._checkpoints[: found[-1] + 1]
            state = self.definition.from_snapshot(checkpoint.snapshot)
            rng = random.Random()
            rng.setstate(checkpoint.rng)
            old = self._ctx
            ctx = old.fork(state, rng, old.events[: checkpoint.events])
            self._attach(ctx, self.definition.restart(ctx, checkpoint.restart), checkpoint.step)
            self._set_mark(checkpoint.restart, checkpoint.snapshot)
            self._steps = steps[: checkpoint.step]
            self._resume(None)
        for done in steps[len(self._steps) : step]:
            self._resume(done.action)
            self._steps.append(done)

    def _at(self, step: int) -> Self:
        """An independent game at the position after ``step`` of this game's actions."""
        self._keep = True  # copied once, likely again: keep checkpoints from now on
        fine, self._fine = self._fine, True
        other = copy.copy(self)
        other._redo = []
        other._restore(step)
        # The copy has only been made, not copied or rebuilt by its own player: played forward
        # it pays for the listed checkpoints alone (a random playout of copy() would otherwise
        # snapshot every ``unlisted_gap`` decisions), as a new game does.
        other._fine = False
        if not fine and step == len(self._steps):
            # The copy's replay took the unlisted checkpoints this game skipped, up to the
            # present (the same states, RNG states and event counts): this game keeps them.
            self._checkpoints = list(other._checkpoints)
        return other

    # ------------------------------------------------------------------ results
    def result(self) -> R:
        """The result of the finished game."""
        if not self.is_over:
            raise self.definition.refusal("not-over", "the game has not reached final scoring yet")
        result: R = self.definition.result(self._ctx)
        return result

    # ------------------------------------------------------------------ save and load
    def to_data(self) -> dict[str, Any]:
        """The game as plain data: its settings, its actions, the position they reach and the
        SHA-256 (``state_sha256``) of all of it (every field but the digest itself), so a
        changed seed, option, player, start position, action or position is noticed."""
        self._need_history("be saved")
        definition = self.definition
        state = definition.state_data(self.state)
        start = self.start_position
        data: dict[str, Any] = {
            "format": definition.save_format,
            "version": definition.save_version,
            "seed": self.seed,
            "players": [str(p) for p in self.players],
            "options": dict(self.options.to_data()),
            "actions": [str(a) for a in self.history],
            **({definition.start_field: start.to_data()} if start is not None else {}),
            "state": state,
        }
        data["state_sha256"] = digest(data)
        return data

    def to_json(self, indent: int | None = None) -> str:
        """The game as JSON: seed, players, options, action history and the position.

        Keys keep the order of :meth:`to_data` (a start position's tables keep theirs)."""
        return json.dumps(self.to_data(), indent=indent)

    @classmethod
    def from_json(cls, text: str | bytes) -> Self:
        """Load a game saved by :meth:`to_json`; raise :class:`SaveFileError` (and nothing
        else) if it is bad. Size, nesting and numbers are checked before the JSON is parsed
        (:func:`~speakeasy.core.limits.load_json_limited`: at most 5 MB)."""
        try:
            data = load_json_limited(text, "the save")
        except LimitError as exc:
            raise SaveFileError(f"not a saved game: {exc}") from None
        return cls.from_data(data)

    @classmethod
    def from_data(cls, data: object) -> Self:
        """Load a game from :meth:`to_data`'s form: every field is checked strictly, every
        action is replayed (and so checked), and the position and the digest reached must be
        the saved ones. Raises :class:`SaveFileError` and no other exception."""
        definition = cls.definition
        if not isinstance(data, dict) or data.get("format") != definition.save_format:
            raise SaveFileError(f"not a saved game: 'format' must be {definition.save_format!r}")
        version = data.get("version")
        if type(version) is not int or version != definition.save_version:
            raise SaveFileError(
                f"saved with format version {_shown(version)}; this version reads "
                f"{definition.save_version}"
            )
        known = {*_SAVE_FIELDS, definition.start_field}
        unknown = sorted(str(k) for k in data if k not in known)
        if unknown:
            raise SaveFileError(f"unknown field(s) in the save: {_shown(', '.join(unknown))}")
        missing = [f for f in _SAVE_FIELDS if f not in data]
        if missing:
            raise SaveFileError(f"the save lacks {', '.join(map(repr, missing))}")
        seed, players, actions = data["seed"], data["players"], data["actions"]
        try:
            check_seed(seed)
        except (TypeError, ValueError) as exc:
            raise SaveFileError(f"'seed' must be a whole number 0-{MAX_SEED - 1}: {exc}") from None
        if not isinstance(players, list) or not all(isinstance(p, str) for p in players):
            raise SaveFileError("'players' must be a list of player names")
        if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
            raise SaveFileError("'actions' must be a list of action strings")
        if not isinstance(data["options"], dict):
            raise SaveFileError("'options' must be a table of option names and true/false")
        sha = data["state_sha256"]
        if not isinstance(sha, str) or len(sha) != 64:
            raise SaveFileError("'state_sha256' must be a SHA-256 digest (64 hex digits)")
        try:
            options = definition.options_from_data(data["options"])
            start = definition.start_from_data(data)
            game = cls(definition.players_from_data(players), seed, options, start)
        except Exception as exc:  # a start decoder or the setup may fail in any way
            raise SaveFileError(f"bad game settings: {_reason(exc)}") from None
        for number, text in enumerate(actions, start=1):
            try:
                game.apply(text)
            except Exception as exc:  # IllegalAction, EngineError: never another type
                raise SaveFileError(
                    f"action {number} ({_shown(text)}) cannot be replayed: {_reason(exc)}"
                ) from None
        try:
            replayed = game.to_data()
        except Exception as exc:
            raise SaveFileError(f"the replayed game cannot be saved: {_reason(exc)}") from None
        if data["state"] != replayed["state"]:
            raise SaveFileError("the saved position differs from the replayed game (edited?)")
        if sha != replayed["state_sha256"]:
            raise SaveFileError(
                "the replayed game does not match the saved digest (edited? the digest covers "
                "the seed, players, options, start position, actions and position)"
            )
        return game

    # ------------------------------------------------------------------ identity
    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Engine) or other.definition is not self.definition:
            return NotImplemented
        if not self._history or not other._history:
            return self is other  # no history to compare: a game without one is itself only
        state_data = self.definition.state_data
        return (
            self.seed == other.seed
            and self.players == other.players
            and self.start_position == other.start_position
            and self.options == other.options
            and self.history == other.history
            and state_data(self.state) == state_data(other.state)
        )

    __hash__ = None  # type: ignore[assignment]

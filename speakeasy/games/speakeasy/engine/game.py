"""A game of Speakeasy: the game-agnostic engine (:mod:`speakeasy.core.engine`) playing the
Speakeasy definition (:mod:`speakeasy.games.speakeasy.engine.definition`).

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

* ``pending`` is the one :class:`~speakeasy.core.actions.Decision` the game waits for; its options
  are *all* the legal actions, and :meth:`Game.apply` accepts exactly those, so an illegal
  request raises :class:`~speakeasy.core.actions.IllegalAction` before anything changes.
* The rules are generator flows (:mod:`speakeasy.games.speakeasy.rules`) resumed with each action;
automatic
  steps (draws, wars, payouts) run by themselves and emit events.
* All randomness comes from one ``random.Random(seed)``; the seed, the players, the options and
  the action history therefore determine the game. Undo, redo, goto and copies rebuild the
  position from the checkpoint at the start of its round (or Lucky Luciano phase) and replay
  the actions since; loading a saved game replays its whole history, which checks every action.
"""

from __future__ import annotations

import copy
import random
from collections.abc import Iterable, Sequence
from typing import Any

from cachetools import Cache, LRUCache

from speakeasy.core.actions import Action
from speakeasy.core.engine import Engine, Frame, SaveFileError, Step
from speakeasy.games.speakeasy.engine.definition import SPEAKEASY, StartPosition, colours
from speakeasy.games.speakeasy.engine.observe import Observation, public_view
from speakeasy.games.speakeasy.model.board import Board
from speakeasy.games.speakeasy.model.catalog.catalog import Catalog
from speakeasy.games.speakeasy.model.options import Options
from speakeasy.games.speakeasy.model.state import Colour, GameState
from speakeasy.games.speakeasy.rules.context import Ctx
from speakeasy.games.speakeasy.rules.scoring import GameResult

__all__ = ["Frame", "Game", "SaveFileError", "Step"]


class Game(Engine[GameState, Ctx, GameResult]):
    """A game of Speakeasy for 1-4 players (1 = a solo *sandbox*, not the official solo mode,
    whose rules are not in the text: GAP-23)."""

    definition = SPEAKEASY
    options: Options
    start_position: StartPosition | None

    def __init__(
        self,
        colours: Sequence[Colour],
        seed: int,
        options: Options | None = None,
        scenario: StartPosition | None = None,
        *,
        checkpoints: bool = True,
    ) -> None:
        #: The seats in seating order.
        self.colours: tuple[Colour, ...] = tuple(colours)
        super().__init__(
            self.colours, seed, options or Options(), scenario, checkpoints=checkpoints
        )

    # ------------------------------------------------------------------ construction
    @classmethod
    def new(
        cls,
        players: int | Sequence[str | Colour] = 2,
        seed: int = 0,
        options: Options | dict[str, bool] | None = None,
        *,
        checkpoints: bool = True,
    ) -> Game:
        """Set up a new game: ``players`` is a count (1-4) or colour names in seating order.

        ``checkpoints=False`` is for games only played forward (bot batches): no checkpoint
        snapshots are taken until the game first undoes, goes back or is copied, which then
        replays it from the start (:class:`~speakeasy.core.engine.Engine`)."""
        opts = options if isinstance(options, Options) else Options.from_data(options)
        return cls(colours(players), seed, opts, checkpoints=checkpoints)

    @classmethod
    def replay(
        cls,
        seed: int,
        actions: Iterable[Action | str],
        players: int | Sequence[str | Colour] = 2,
        options: Options | dict[str, bool] | None = None,
    ) -> Game:
        """A new game with ``actions`` applied in order (each checked for legality).

        Replays are cached: a game replayed before with the same seed, players and options
        that shares the first actions is copied from its checkpoint at or before them
        (as :meth:`~speakeasy.core.engine.Engine.copy` does) and only the actions after them
        are applied, so undo, redo and going back at a table cost the same late in a game as
        early. The game returned is always a new one, the caller's to change.

        >>> game = Game.replay(7, [], players=2)
        >>> action = game.legal_actions()[0]
        >>> again = Game.replay(7, [action], players=2)  # starts from the cached empty game
        >>> again.history == (action,) and game.history == ()
        True
        """
        opts = options if isinstance(options, Options) else Options.from_data(options)
        seats = tuple(colours(players))
        if cls is not Game or type(seed) is not int:  # only plain games are cached
            game = cls(seats, seed, opts)
            for action in actions:
                game.apply(action)
            return game
        given = list(actions)
        texts = [a if isinstance(a, str) else str(a) for a in given]
        done, base = 0, None
        for (c_seed, c_seats, c_opts, c_texts), cached in _peek_replays():
            if (c_seed, c_seats, c_opts) == (seed, seats, opts):
                common = _common_prefix(c_texts, texts)
                if base is None or common > done:
                    done, base = common, cached
        replayed = base._at(done) if base is not None else cls(seats, seed, opts)
        for action in given[done:]:
            replayed.apply(action)
        _remember((seed, seats, opts, tuple(texts)), replayed)
        return replayed

    @property
    def scenario(self) -> StartPosition | None:
        """The position the game starts from instead of setup
        (:mod:`speakeasy.games.speakeasy.positions`)."""
        return self.start_position

    @property
    def current_player(self) -> Colour | None:
        """The colour the game waits for, or ``None`` when the game is over."""
        player: Colour | None = self.pending.player if self.pending else None
        return player

    def observe(self, seat: Colour | str) -> Observation:
        """What ``seat`` may see now (:mod:`speakeasy.games.speakeasy.engine.observe`);
        ``ValueError`` naming the seats for any other ``seat``."""
        seen: Observation = super().observe(seat)
        return seen

    def public_view(self) -> Observation:
        """What a spectator may see now: no one's secrets
        (:func:`~speakeasy.games.speakeasy.engine.observe.public_view`)."""
        return public_view(self.state, self.options, catalog=self.catalog)

    @property
    def is_sandbox(self) -> bool:
        """One seat: the solo *sandbox*, not the official solo mode (GAP-23)."""
        return len(self.colours) == 1

    # ------------------------------------------------------------------ analysis
    def analysis_context(self) -> Ctx:
        """A rules context over a *copy* of the position, for analysis code (planner,
        questions, explorers) that calls rules functions taking a ``Ctx``; changing it never
        touches the game."""
        ctx = self._ctx
        return Ctx(
            copy.deepcopy(ctx.state),
            ctx.catalog,
            ctx.board,
            random.Random(self.seed),
            self.options,
            len(self.colours),
        )

    @property
    def board(self) -> Board:
        """The board this game is played on (its player count's side)."""
        return self._ctx.board

    @property
    def catalog(self) -> Catalog:
        """The catalogue this game is played with (its cards, persons, ships and tokens),
        carried by the game rather than read from a global."""
        return self._ctx.catalog

    def _repr_mimebundle_(
        self, include: object = None, exclude: object = None, **kwargs: object
    ) -> dict[str, Any]:
        """Jupyter shows a game as the picture of its position (like python-chess's board)."""
        from speakeasy.games.speakeasy.figures.game_figure import game_repr_mimebundle

        bundle: dict[str, Any] = game_repr_mimebundle(
            self.state,
            self.board,
            include,  # type: ignore[arg-type]
            exclude,  # type: ignore[arg-type]
            catalog=self.catalog,
        )
        return bundle

    def __repr__(self) -> str:
        where = "over" if self.is_over else f"waiting for {self.current_player}"
        sandbox = " solo-sandbox" if self.is_sandbox else ""
        return (
            f"<Game{sandbox} seed={self.seed} players={[c.value for c in self.colours]} "
            f"act={self.state.act} round={self.state.round} steps={len(self.steps)} {where}>"
        )


#: Recent replays (:meth:`Game.replay`), private copies keyed by seed, colours, options and
#: action texts: the newest few, enough for a table's undo line and the positions it shows.
_REPLAY_CACHE_SIZE = 8
_REPLAYS: LRUCache[tuple[int, tuple[Colour, ...], Options, tuple[str, ...]], Game] = LRUCache(
    maxsize=_REPLAY_CACHE_SIZE
)


def _peek_replays() -> list[tuple[tuple[int, tuple[Colour, ...], Options, tuple[str, ...]], Game]]:
    """The cached replays, looked at without making them recently used (only the replay a
    call remembers becomes the newest, as before)."""
    return [(key, Cache.__getitem__(_REPLAYS, key)) for key in list(_REPLAYS)]


def _common_prefix(done: Sequence[str], wanted: Sequence[str]) -> int:
    count = 0
    for a, b in zip(done, wanted, strict=False):
        if a != b:
            break
        count += 1
    return count


def _remember(key: tuple[int, tuple[Colour, ...], Options, tuple[str, ...]], game: Game) -> None:
    """Keep a private copy of ``game`` (the caller may change the one it gets)."""
    _REPLAYS[key] = game._at(len(game.history))  # the newest; the least recent one goes

"""Speakeasy as a :class:`~speakeasy.core.engine.GameDefinition`: what the game-agnostic engine
needs to play it.

>>> SPEAKEASY.save_format, SPEAKEASY.start_field
('speakeasy-game', 'scenario')
>>> colours(["Blue", "green"])
[<Colour.BLUE: 'blue'>, <Colour.GREEN: 'green'>]
>>> SPEAKEASY.board(2).players
2
>>> len(SPEAKEASY.event_kinds) > 50, SPEAKEASY.decision_kinds.CAPO
(True, <DecisionKind.CAPO: 'capo'>)

A game may start from a position instead of setup (a :class:`StartPosition`, such as a
scenario of :mod:`speakeasy.games.speakeasy.positions`). The scenario layer sits above the engine,
so it registers the reader of its saved form when it is imported (``import speakeasy`` imports it),
with :meth:`SPEAKEASY.register_start_decoder
<speakeasy.core.engine.GameDefinition.register_start_decoder>`.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Hashable, Mapping, Sequence
from typing import Any, ClassVar, Final, Protocol

from speakeasy.core.actions import Action, Decision, IllegalAction
from speakeasy.core.context import Flow
from speakeasy.core.engine import GameDefinition, Recent
from speakeasy.core.seats import seat_list, shown_list
from speakeasy.games.speakeasy.engine.observe import Observation, observe
from speakeasy.games.speakeasy.engine.setup import new_state
from speakeasy.games.speakeasy.model.board import Board, load_board
from speakeasy.games.speakeasy.model.catalog.catalog import Catalog
from speakeasy.games.speakeasy.model.catalog.loader import load_catalog
from speakeasy.games.speakeasy.model.kinds import DecisionKind, EventKind
from speakeasy.games.speakeasy.model.options import Options
from speakeasy.games.speakeasy.model.state import SNAPSHOT_CONSTANTS, Colour, GameState, to_data
from speakeasy.games.speakeasy.rules.context import Ctx
from speakeasy.games.speakeasy.rules.flow import Start, game_flow
from speakeasy.games.speakeasy.rules.refusals import explain_refusal
from speakeasy.games.speakeasy.rules.scoring import GameResult, final_result
from speakeasy.tools.paths import data_path

__all__ = ["SPEAKEASY", "SpeakeasyDefinition", "StartPosition", "colours"]


class StartPosition(Protocol):
    """A position a game starts from instead of setup (e.g. a scenario).

    Compared with ``==`` (games are equal only from equal start positions) and saved with
    :meth:`to_data`.
    """

    @property
    def start(self) -> Start:
        """Where the rules resume once the position is set up."""
        ...

    def apply_to(self, ctx: Ctx) -> None:
        """Turn a fresh setup (``ctx.state``) into this position."""

    def to_data(self) -> dict[str, Any]:
        """The position as plain data (what its registered decoder reads back)."""
        ...


def colours(players: int | Sequence[str | Colour]) -> list[Colour]:
    """The colours of a new game: a count (1-4, the first colours) or colour names in seating
    order (R-COMP-3); ``ValueError`` for anything else.

    >>> colours(2)
    [<Colour.PURPLE: 'purple'>, <Colour.YELLOW: 'yellow'>]
    >>> colours(None)
    Traceback (most recent call last):
    ...
    ValueError: players must be 1-4 or a list of 1-4 colour names, not NoneType
    """
    if isinstance(players, bool):
        raise ValueError("players must be 1-4 or a list of 1-4 colour names")
    if isinstance(players, int):
        if not 1 <= players <= 4:
            raise ValueError(f"players must be 1-4, got {players}")
        return list(Colour)[:players]
    given = seat_list(players, 4, "players must be 1-4 or a list of 1-4 colour names")
    try:
        found = [Colour(c.lower()) for c in given]
    except ValueError:
        known = ", ".join(c.value for c in Colour)
        raise ValueError(f"unknown colour in {shown_list(given)}; colours are {known}") from None
    if not 1 <= len(found) <= 4 or len(set(found)) != len(found):
        raise ValueError(f"give 1-4 different colours, got {shown_list(given)}")
    return found


class SpeakeasyDefinition(GameDefinition[GameState, Ctx, GameResult]):
    """The game of Speakeasy for 1-4 players: setup (:mod:`speakeasy.games.speakeasy.engine.setup`),
    the whole game as one flow (:func:`~speakeasy.games.speakeasy.rules.flow.game_flow`) and final
    scoring."""

    save_format = "speakeasy-game"
    save_version = 2  # 2: the digest covers the whole save (issue 14)
    start_field = "scenario"
    refusal_rules: ClassVar[Mapping[str, str]] = {
        "game-over": "R-SCORING-5",
        "nothing-to-undo": "R-SETUP-1",
        "nothing-to-redo": "R-SETUP-1",
        "not-over": "R-ACT-2",
        "malformed": "R-TURN-1",
        "not-your-turn": "R-TURN-1",
    }
    snapshot_constants: ClassVar[tuple[object, ...]] = SNAPSHOT_CONSTANTS
    #: The rules index (rule IDs with their text and sources).
    rules_index_path: Final = data_path("rules_index.toml")
    #: What the rules can emit and ask: each kind has exactly one explanation
    #: (:mod:`speakeasy.games.speakeasy.explain` guides them by these enums).
    event_kinds: Final = EventKind
    decision_kinds: Final = DecisionKind
    #: Observations carry the seat's record of the turn (for determinizations, issue 27).
    observes_recent = True

    def catalog(self) -> Catalog:
        """The components (loaded once)."""
        return load_catalog()

    def board(self, players: int) -> Board:
        """The side of the board for ``players`` (loaded once per side)."""
        return load_board(players)

    def begin(
        self, players: tuple[str, ...], rng: random.Random, options: Any, start: Any | None
    ) -> tuple[Ctx, Flow[None]]:
        """Set up (R-SETUP, R-PSETUP), move to ``start`` (a :class:`StartPosition`) if given,
        and the game flow from there."""
        seats = [Colour(p) for p in players]
        catalog, board = self.catalog(), self.board(len(seats))
        ctx = Ctx(GameState(players={}, districts={}), catalog, board, rng, options, len(seats))
        ctx.state = new_state(seats, rng, catalog, board, options, ctx.events.append)
        position: StartPosition | None = start
        if position is not None:
            position.apply_to(ctx)
        return ctx, game_flow(ctx, position.start if position is not None else None)

    def restart(self, ctx: Ctx, restart: Hashable) -> Flow[None]:
        """The game flow from a checkpoint (its restart token is a :class:`Start`)."""
        if not isinstance(restart, Start):
            raise TypeError(f"a Speakeasy checkpoint restarts at a Start, not {restart!r}")
        return game_flow(ctx, restart)

    def result(self, ctx: Ctx) -> GameResult:
        """Final scores with their breakdown, tie-breakers and the winner(s) (R-SCORING)."""
        return final_result(ctx)

    def state_data(self, state: GameState) -> Any:
        return to_data(state)

    def explain_refusal(self, ctx: Ctx, decision: Decision, action: Action) -> IllegalAction | None:
        """The rule that forbids a request that is not an option, naming what was asked for
        (:func:`speakeasy.games.speakeasy.rules.refusals.explain_refusal`, one function per decision
        kind)."""
        return explain_refusal(ctx, decision, action)

    def players_from_data(self, players: list[str]) -> tuple[str, ...]:
        """The seats of a saved game: 1-4 different colour names, lower case, exactly as
        :meth:`~speakeasy.core.engine.Engine.to_data` wrote them (R-COMP-3)."""
        known = {c.value for c in Colour}
        if not all(isinstance(p, str) and p in known for p in players):
            raise ValueError(
                f"players must be colour names in lower case ({', '.join(sorted(known))})"
            )
        return tuple(colours(players))

    def options_from_data(self, data: object) -> Options:
        if data is not None and not isinstance(data, Mapping):
            raise ValueError("'options' must be a table of option names")
        return Options.from_data(data)

    def observe(self, ctx: Ctx, seat: Any) -> Observation:
        """What ``seat`` may see: the public information and its own secrets, as a redacted
        copy of the state (:mod:`speakeasy.games.speakeasy.engine.observe`: R-MONEY-1, R-HELPER-3,
        R-CARD-6, R-SETUP-9...)."""
        return observe(ctx.state, Colour(seat), ctx.options, catalog=ctx.catalog)

    def with_recent(self, seen: Observation, recent: Recent) -> Observation:
        """``seen`` carrying the seat's :class:`~speakeasy.core.engine.Recent` record: its view
        at the last checkpoint and the actions since, each made in view (a card played or
        discarded face up, R-CARD-5; a helper card used was face up beside its board until
        then, R-HELPER-3)."""
        return dataclasses.replace(seen, recent=recent)


#: The one Speakeasy definition (the engine's :class:`~speakeasy.games.speakeasy.engine.game.Game`
# plays it).
SPEAKEASY: Final = SpeakeasyDefinition()

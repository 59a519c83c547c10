"""Mafia City as a :class:`~speakeasy.core.engine.GameDefinition`, and :class:`Game`,
the engine that plays it.

>>> game = Game.new(players=3, seed=7)
>>> game.state.target, len(game.state.draw), str(game.pending.kind)
(10, 43, 'mulligan')
>>> _ = game.apply("keep")
>>> Game.from_json(game.to_json()) == game
True
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Hashable, Mapping, Sequence
from typing import Any, ClassVar, Final

from speakeasy.core.actions import Action, Decision, IllegalAction
from speakeasy.core.context import Flow
from speakeasy.core.engine import Engine, GameDefinition, Recent
from speakeasy.games.mafia_city.engine.observe import Observation, observe
from speakeasy.games.mafia_city.model.data import load_data
from speakeasy.games.mafia_city.model.kinds import DecisionKind, EventKind
from speakeasy.games.mafia_city.model.state import GameState, Options
from speakeasy.games.mafia_city.rules.context import Ctx
from speakeasy.games.mafia_city.rules.endround import GameResult, reached_target, winner
from speakeasy.games.mafia_city.rules.flow import game_flow
from speakeasy.games.mafia_city.rules.refusals import (
    explain_refusal,
    refusal_for_seat,
    turn_rule,
)
from speakeasy.games.mafia_city.rules.setup import new_state, seat_names

__all__ = ["DEFINITION", "Definition", "Game"]


class Definition(GameDefinition[GameState, Ctx, GameResult]):
    """Mafia City for 3-5 players: setup, the whole game as one flow, the result."""

    save_format = "mafia-city-game"
    save_version = 1
    #: A game started from a position file saves it here (:mod:`..positions`).
    start_field = "position"
    refusal_rules: ClassVar[Mapping[str, str]] = {
        "game-over": "MC-WIN-2",
        "nothing-to-undo": "MC-SETUP-10",
        "nothing-to-redo": "MC-SETUP-10",
        "not-over": "MC-WIN-1",
        # Text that is not an action's canonical form, or an Action with bad parts: not one
        # of the actions A, B or C (or the decision's options) a player may take.
        "malformed": "MC-ACT-3",
        # Another seat's request while a player decides: whose turn it is (turn_rule names
        # the finer rule of each decision).
        "not-your-turn": "MC-ACT-2",
    }
    event_kinds: Final = EventKind
    decision_kinds: Final = DecisionKind
    #: Observations carry the seat's record of the turn (for determinizations, issue 27).
    observes_recent = True

    def begin(
        self, players: tuple[str, ...], rng: random.Random, options: Any, start: Any | None
    ) -> tuple[Ctx, Flow[None]]:
        data = load_data()
        seats = seat_names(players, data)
        state = new_state(seats, rng, data, options)
        ctx = Ctx(state=state, rng=rng, data=data, options=options)
        if start is not None:
            # A position file (:class:`speakeasy.games.mafia_city.positions.Position`, a layer
            # above: it turns the fresh setup into its position and says where the flow starts)
            restart: tuple[str, int] | None = start.apply_to(ctx)
            return ctx, game_flow(ctx, restart)
        ctx.emit(
            EventKind.SETUP,
            state.start_player,
            ("MC-SETUP-1", "MC-SETUP-3", "MC-SETUP-4", "MC-SETUP-5", "MC-SETUP-7", "MC-SETUP-8"),
            f"{len(seats)} players; {state.start_player} starts; target {state.target} VP; "
            f"map centre {data.name(state.layout[0])}.",
            layout=list(state.layout),
            start=state.start_player,
            target=state.target,
        )
        return ctx, game_flow(ctx, None)

    def restart(self, ctx: Ctx, restart: Hashable) -> Flow[None]:
        if not (isinstance(restart, tuple) and len(restart) == 2):
            raise TypeError(f"a Mafia City checkpoint restarts at (phase, round), not {restart!r}")
        return game_flow(ctx, (str(restart[0]), int(restart[1])))

    def result(self, ctx: Ctx) -> GameResult:
        st = ctx.state
        who, rule = winner(st) if st.finished else (None, "GAP-MC-24")
        return GameResult(
            who,
            rule,
            {p: st.seats[p].vp for p in st.players},
            st.round,
            st.finished,
            reached_target(st),
        )

    def explain_refusal(self, ctx: Ctx, decision: Decision, action: Action) -> IllegalAction | None:
        """The rule that forbids ``action``
        (:func:`speakeasy.games.mafia_city.rules.refusals.explain_refusal`)."""
        return explain_refusal(ctx, decision, action)

    def turn_rule(self, decision: Decision) -> str:
        """Who makes ``decision`` (:func:`speakeasy.games.mafia_city.rules.refusals.turn_rule`)."""
        return turn_rule(decision)

    def refusal_for_seat(
        self, ctx: Ctx, decision: Decision, action: Action, seat: Any
    ) -> IllegalAction | None:
        """Why ``seat``, not to act, may not ask for ``action`` whoever acts
        (:func:`speakeasy.games.mafia_city.rules.refusals.refusal_for_seat`)."""
        return refusal_for_seat(ctx, decision, action, str(seat))

    def state_data(self, state: GameState) -> Any:
        return state.to_data()

    def players_from_data(self, players: list[str]) -> tuple[str, ...]:
        return seat_names(players, load_data())

    def options_from_data(self, data: object) -> Options:
        return Options.from_data(data)

    def observe(self, ctx: Ctx, seat: Any) -> Observation:
        """What ``seat`` may see (MC-INFO-1..5,
        :func:`speakeasy.games.mafia_city.engine.observe.observe`)."""
        return observe(ctx.state, str(seat), ctx.options)

    def with_recent(self, seen: Observation, recent: Recent) -> Observation:
        """``seen`` carrying the seat's :class:`~speakeasy.core.engine.Recent` record: its view
        at the last checkpoint and the actions since, every one made in view (every card
        played is seen, MC-INFO-3; a discard is face up, MC-DECK-2)."""
        return dataclasses.replace(seen, recent=recent)


#: The one Mafia City definition.
DEFINITION: Final = Definition()


class Game(Engine[GameState, Ctx, GameResult]):
    """One game of Mafia City: decisions, refusals, undo/redo/goto, frames, save files."""

    definition = DEFINITION

    @classmethod
    def new(
        cls,
        players: int | Sequence[str] = 3,
        seed: int = 0,
        advanced: bool = False,
        options: Options | Mapping[str, Any] | None = None,
        *,
        checkpoints: bool = True,
    ) -> Game:
        """A new game of 3-5 players (a count or colours in seating order); ``options`` an
        :class:`Options` or a table of option names (``ValueError`` for anything else, as for
        bad seats); ``checkpoints`` as for :class:`~speakeasy.core.engine.Engine` (``False``: a
        batch game never undone)."""
        if options is None:
            opts = Options(advanced=advanced)
        else:
            opts = options if isinstance(options, Options) else Options.from_data(options)
        if options is not None and advanced and not opts.advanced:
            raise ValueError("give 'advanced' in the options")
        seats = seat_names(players, load_data())
        return cls(seats, seed, opts, checkpoints=checkpoints)

    def observe(self, seat: Any) -> Observation:
        """What ``seat`` may see now (section 16.1); ``ValueError`` naming the seats for any
        other ``seat``."""
        seen: Observation = super().observe(seat)
        return seen

    @property
    def ctx(self) -> Ctx:
        """The rules' context (read only: data and options)."""
        return self._ctx

"""Mafia City as a :class:`~speakeasy.core.engine.GameDefinition`, and :class:`MafiaCityGame`,
the engine that plays it.

>>> game = MafiaCityGame.new(players=3, seed=7)
>>> game.state.target, len(game.state.draw), str(game.pending.kind)
(10, 43, 'mulligan')
>>> _ = game.apply("keep")
>>> MafiaCityGame.from_json(game.to_json()) == game
True
"""

from __future__ import annotations

import random
from collections.abc import Hashable, Mapping, Sequence
from typing import Any, ClassVar, Final

from speakeasy.core.actions import Action, Decision, IllegalAction
from speakeasy.core.context import Flow
from speakeasy.core.engine import Engine, GameDefinition
from speakeasy.mafia_city.context import McCtx
from speakeasy.mafia_city.data import load_data
from speakeasy.mafia_city.endround import McResult, reached_target, winner
from speakeasy.mafia_city.flow import game_flow
from speakeasy.mafia_city.kinds import DecisionKind, EventKind
from speakeasy.mafia_city.observe import Observation, observe
from speakeasy.mafia_city.refusals import explain_refusal
from speakeasy.mafia_city.setup import new_state, seat_names
from speakeasy.mafia_city.state import McOptions, McState

__all__ = ["MAFIA_CITY", "MafiaCityDefinition", "MafiaCityGame"]


class MafiaCityDefinition(GameDefinition[McState, McCtx, McResult]):
    """Mafia City for 3-5 players: setup, the whole game as one flow, the result."""

    save_format = "mafia-city-game"
    save_version = 1
    refusal_rules: ClassVar[Mapping[str, str]] = {
        "game-over": "MC-WIN-2",
        "nothing-to-undo": "MC-SETUP-10",
        "nothing-to-redo": "MC-SETUP-10",
        "not-over": "MC-WIN-1",
    }
    event_kinds: Final = EventKind
    decision_kinds: Final = DecisionKind

    def begin(
        self, players: tuple[str, ...], rng: random.Random, options: Any, start: Any | None
    ) -> tuple[McCtx, Flow[None]]:
        if start is not None:
            raise ValueError("Mafia City has no start positions yet")
        data = load_data()
        seats = seat_names(players, data)
        state = new_state(seats, rng, data, options)
        ctx = McCtx(state=state, rng=rng, data=data, options=options)
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

    def restart(self, ctx: McCtx, restart: Hashable) -> Flow[None]:
        if not (isinstance(restart, tuple) and len(restart) == 2):
            raise TypeError(f"a Mafia City checkpoint restarts at (phase, round), not {restart!r}")
        return game_flow(ctx, (str(restart[0]), int(restart[1])))

    def result(self, ctx: McCtx) -> McResult:
        st = ctx.state
        who, rule = winner(st) if st.finished else (None, "GAP-MC-24")
        return McResult(
            who,
            rule,
            {p: st.seats[p].vp for p in st.players},
            st.round,
            st.finished,
            reached_target(st),
        )

    def explain_refusal(
        self, ctx: McCtx, decision: Decision, action: Action
    ) -> IllegalAction | None:
        """The rule that forbids ``action``
        (:func:`speakeasy.mafia_city.refusals.explain_refusal`)."""
        return explain_refusal(ctx, decision, action)

    def state_data(self, state: McState) -> Any:
        return state.to_data()

    def players_from_data(self, players: list[str]) -> tuple[str, ...]:
        return seat_names(players, load_data())

    def options_from_data(self, data: object) -> McOptions:
        return McOptions.from_data(data)

    def observe(self, ctx: McCtx, seat: Any) -> Observation:
        """What ``seat`` may see (MC-INFO-1..5, :func:`speakeasy.mafia_city.observe.observe`)."""
        return observe(ctx.state, str(seat))


#: The one Mafia City definition.
MAFIA_CITY: Final = MafiaCityDefinition()


class MafiaCityGame(Engine[McState, McCtx, McResult]):
    """One game of Mafia City: decisions, refusals, undo/redo/goto, frames, save files."""

    definition = MAFIA_CITY

    @classmethod
    def new(
        cls,
        players: int | Sequence[str] = 3,
        seed: int = 0,
        advanced: bool = False,
        options: McOptions | None = None,
    ) -> MafiaCityGame:
        """A new game of 3-5 players (a count or colours in seating order)."""
        opts = options if options is not None else McOptions(advanced=advanced)
        if options is not None and advanced and not options.advanced:
            raise ValueError("give 'advanced' in the options")
        seats = seat_names(players if isinstance(players, int) else tuple(players), load_data())
        return cls(seats, seed, opts)

    def observe(self, seat: Any) -> Observation:
        """What ``seat`` may see now (section 16.1); ``ValueError`` naming the seats for any
        other ``seat``."""
        seen: Observation = super().observe(seat)
        return seen

    @property
    def ctx(self) -> McCtx:
        """The rules' context (read only: data and options)."""
        return self._ctx

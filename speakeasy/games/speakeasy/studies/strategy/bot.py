"""The heuristic bot: the best-scored option, and trucks along the exact plan."""

from __future__ import annotations

import dataclasses
import math
import random

from speakeasy.core.actions import Action, Decision
from speakeasy.games.speakeasy.engine.observe import Observation
from speakeasy.games.speakeasy.rules.context import Ctx
from speakeasy.games.speakeasy.studies.planner import best_plan
from speakeasy.games.speakeasy.studies.strategy.scores import score_options
from speakeasy.games.speakeasy.studies.strategy.view import UNAFFORDABLE

__all__ = ["HeuristicBot"]


class HeuristicBot:
    """Scores each option (:func:`score_options`) from its seat's observation and plays the
    best; trucks follow the exact plan of
    :func:`speakeasy.games.speakeasy.studies.planner.best_plan`, made at the first decision of a
    delivery (the one naming its ``delivery_range``, R-TRUCK-2). Deterministic for its seed: the
    same observations and decisions give the same choices.

    >>> from speakeasy import Game
    >>> game = Game.new(players=2, seed=1)
    >>> bot = HeuristicBot(seed=4)
    >>> bot.choose(game.observe(game.current_player), game.pending) in game.legal_actions()
    True
    """

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed
        self.rng = random.Random(seed)
        self._plan: list[str] = []
        #: The plan goes on only at the decision right after its previous step.
        self._planning = False

    def choose(self, seen: Observation, decision: Decision) -> Action:
        planning, self._planning = self._planning, False
        options = decision.options
        if len(options) == 1:
            return options[0]
        if decision.kind in ("truck", "truck_choose"):
            planned = self._planned(seen, decision, planning)
            if planned is not None:
                return planned
        scored = [
            (a, s if not math.isnan(s) else -UNAFFORDABLE) for a, s in score_options(seen, decision)
        ]
        best = max(score for _, score in scored)
        ties = [a for a, score in scored if score >= best - 1e-9]
        return ties[0] if len(ties) == 1 else self.rng.choice(ties)

    def _planned(self, seen: Observation, decision: Decision, planning: bool) -> Action | None:
        """The next step of the truck plan, made at the first decision of a delivery."""
        if not planning or not self._plan:
            self._plan = []
            reach = decision.fact("delivery_range")
            if reach is None:
                return None
            plan = best_plan(_budget_ctx(seen), decision.player, int(reach))
            self._plan = plan.actions()
        wanted = self._plan.pop(0) if self._plan else None
        self._planning = True
        for option in decision.options:
            if str(option) == wanted:
                return option
        self._plan = []
        return None


def _budget_ctx(seen: Observation) -> Ctx:
    """A read-only context for the planner where the player may spend only the pocket (no
    laundering, R-MONEY-2), and nothing in the last act, when a barrel bought now could not
    be sold any more (R-ACT-1, R-BARREL-4).

    Only the player's record is replaced (a shallow copy of the observed state).
    """
    state = seen.state
    player = seen.player
    budget = player.pocket if state.act < 4 else 0
    players = {**state.players, player.colour: dataclasses.replace(player, pocket=budget, safe=0)}
    return dataclasses.replace(seen, state=dataclasses.replace(state, players=players)).context()

"""Bots that decide from their seat's observation only (section 16.1): a random bot and a
simple heuristic bot. Both get the seat's :class:`~.observe.Observation` and the pending
decision (whose options come from the seat's own hand and public facts), never the state."""

from __future__ import annotations

import random
from typing import TypeAlias

from speakeasy.core.actions import Action, Decision
from speakeasy.core.bots import Bot as CoreBot
from speakeasy.core.bots import RandomBot, play
from speakeasy.games.mafia_city.engine.observe import Observation
from speakeasy.games.mafia_city.model.data import load_data
from speakeasy.games.mafia_city.rules.control import control

__all__ = ["Bot", "HeuristicBot", "RandomBot", "play"]


#: A Mafia City bot: the one protocol of :class:`speakeasy.core.bots.Bot`, deciding from a
#: seat's :class:`~.observe.Observation` and the pending decision.
Bot: TypeAlias = CoreBot[Observation]


class HeuristicBot:
    """A simple player: it scores each option by a few rules of thumb read from its view.

    Place where it would gain or keep control; use the location effects; veto an opponent's
    effect only when it hurts this seat; take back nothing in phase III except to go on placing;
    pass when nothing helps. Ties are broken by its seeded RNG.
    """

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)
        self.data = load_data()

    def choose(self, seen: Observation, decision: Decision) -> Action:
        best: list[Action] = []
        top = float("-inf")
        for option in decision.options:
            score = self.score(seen, decision, option)
            if score > top:
                best, top = [option], score
            elif score == top:
                best.append(option)
        return self.rng.choice(best)

    def _gain(self, seen: Observation, loc: int, stack: list[str]) -> float:
        """How much better this seat stands at ``loc`` with ``stack`` than now."""
        rule = self.data.locations[loc].control
        before = control(seen.stacks[loc], rule).controller == seen.seat
        after = control(stack, rule).controller == seen.seat
        return float(after) - float(before)

    def score(self, seen: Observation, decision: Decision, option: Action) -> float:
        me = seen.seat
        kind, args = option.kind, option.args
        stacks = seen.stacks
        if decision.kind == "turn" or decision.kind == "follow-up":
            if kind == "place":
                loc = int(args[0])
                return 2 + 3 * self._gain(seen, loc, [*stacks[loc], me]) - 0.1 * len(stacks[loc])
            if kind == "snitch":
                loc, pos = int(args[1]), int(args[2])
                owner = stacks[loc][pos]
                if owner == me:
                    return -5
                stack = stacks[loc][:pos] + stacks[loc][pos + 1 :]
                return 1 + 3 * self._gain(seen, loc, stack)
            if kind in ("thief", "deals"):
                return 1.5
            if kind == "hats":
                loc = int(args[2])
                return 1 + 3 * self._gain(seen, loc, [*stacks[loc], me])
            if kind == "pass":
                return 0.5 if seen.public["seats"][me]["tokens"] == 0 else -1
            if kind == "wait":
                return -2
            return 0
        if decision.kind == "veto":
            return -0.5 if kind == "pass" else -1  # save cards: rarely veto
        if decision.kind == "secret-deal":
            return 0 if kind in ("pass", "done") else -0.2
        if decision.kind in ("prison", "hitman-card"):
            if kind == "decline":
                return 0
            loc, pos = (
                (int(args[0]), int(args[1]))
                if kind == "jail"
                else (seen.public["hitman"], int(args[1]))
            )
            return 1 if stacks[loc][pos] != me else -3
        if decision.kind == "withdraw":
            return 0 if kind == "keep" else -1
        if decision.kind in ("business", "plus"):
            return 1 if kind in ("use", "plus") else 0
        if decision.kind == "mulligan":
            return 0 if kind == "keep" else -0.1
        return 0

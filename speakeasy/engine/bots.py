"""Bots that choose among the legal actions.

>>> from speakeasy import Game
>>> game = Game.new(players=2, seed=1)
>>> bot = RandomBot(seed=5)
>>> events = play_out(game, {c: bot for c in game.colours})
>>> game.is_over
True
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Protocol

from speakeasy.core.actions import Action, Event
from speakeasy.engine.game import Game
from speakeasy.model.state import Colour

__all__ = ["Bot", "RandomBot", "play_out"]


class Bot(Protocol):
    """Anything that picks one of the game's legal actions."""

    def choose(self, game: Game) -> Action: ...


class RandomBot:
    """Uniformly random over ``legal_actions()``, from its own seeded RNG."""

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, game: Game) -> Action:
        return self.rng.choice(game.legal_actions())


def play_out(game: Game, bots: Mapping[Colour, Bot], *, until: Colour | None = None) -> list[Event]:
    """Let the bots decide until the game ends, or until it is ``until``'s decision."""
    events: list[Event] = []
    while not game.is_over:
        colour = game.current_player
        if colour is None or colour == until or colour not in bots:
            break
        events.extend(game.apply(bots[colour].choose(game)))
    return events

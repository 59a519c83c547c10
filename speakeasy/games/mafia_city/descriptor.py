"""Mafia City's facts for the registry (:mod:`speakeasy.games`): a
:class:`~speakeasy.core.registry.GameType`.

>>> GAME.name, GAME.min_players, GAME.max_players, GAME.seats_for(3)
('mafia-city', 3, 5, ('red', 'blue', 'green'))
>>> GAME.new_game(3, 7).seed
7
"""

from __future__ import annotations

from typing import Final

from speakeasy.core.registry import GameType
from speakeasy.games.mafia_city.engine.bots import HeuristicBot, RandomBot
from speakeasy.games.mafia_city.engine.game import Game
from speakeasy.games.mafia_city.model.data import load_data
from speakeasy.games.mafia_city.model.state import Options

__all__ = ["GAME"]

GAME: Final = GameType(
    name="mafia-city",
    title="Mafia City",
    min_players=3,
    max_players=5,
    seats=tuple(load_data().colours),
    new_game=lambda players, seed: Game.new(players, seed),
    bots={
        "random": lambda seat, seed: RandomBot(seed),
        "heuristic": lambda seat, seed: HeuristicBot(seed),
    },
    rules_index="mafia_city/rules_index.toml",
    load_game=Game.from_json,
    data=load_data,
    options=Options,
    rule_prefix="MC-",
)

"""Speakeasy's facts for the registry (:mod:`speakeasy.games`): a
:class:`~speakeasy.core.registry.GameType`.

>>> GAME.name, GAME.min_players, GAME.max_players, GAME.seats_for(2)
('speakeasy', 1, 4, ('purple', 'yellow'))
>>> GAME.new_game(2, 7).seed
7
>>> "e17_truck_from_district_16" in GAME.scenarios()
True
"""

from __future__ import annotations

from typing import Final

from speakeasy.core.registry import GameType
from speakeasy.games.speakeasy.engine.bots import RandomBot
from speakeasy.games.speakeasy.engine.game import Game
from speakeasy.games.speakeasy.model.catalog.loader import load_catalog
from speakeasy.games.speakeasy.model.options import Options
from speakeasy.games.speakeasy.model.state import Colour
from speakeasy.games.speakeasy.positions.shipped import SCENARIO_DIR, load_scenario
from speakeasy.games.speakeasy.studies.strategy import HeuristicBot

__all__ = ["GAME"]


def _scenario_names() -> tuple[str, ...]:
    return tuple(sorted(p.stem for p in SCENARIO_DIR.glob("*.toml")))


def _scenario(name: str) -> Game:
    return load_scenario(name).game()


GAME: Final = GameType(
    name="speakeasy",
    title="Speakeasy",
    min_players=1,
    max_players=4,
    seats=tuple(c.value for c in Colour),
    new_game=lambda players, seed: Game.new(players=players, seed=seed),
    bots={
        "random": lambda seat, seed: RandomBot(seed),
        "heuristic": lambda seat, seed: HeuristicBot(seed),
    },
    rules_index="rules_index.toml",
    load_game=Game.from_json,
    scenario_names=_scenario_names,
    scenario=_scenario,
    data=load_catalog,
    options=Options,
    rule_prefix="R-",
)

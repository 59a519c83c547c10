"""Mafia City's facts for the registry (:mod:`speakeasy.games`): a
:class:`~speakeasy.core.registry.GameType`.

>>> GAME.name, GAME.min_players, GAME.max_players, GAME.seats_for(3)
('mafia-city', 3, 5, ('red', 'blue', 'green'))
>>> GAME.new_game(3, 7).seed
7
>>> "emc11_harbour_hitman_fbi" in GAME.scenarios()
True
>>> GAME.load_scenario("emc11_harbour_hitman_fbi").state.layout
(5, 1, 2, 3, 4, 6, 7)
>>> GAME.glossary().get("jail").term
'Cell'
"""

from __future__ import annotations

from typing import Final

from speakeasy.core.registry import GameType, Station
from speakeasy.games.mafia_city.engine.determinize import determinize, evaluate, final_scores
from speakeasy.games.mafia_city.engine.game import Game
from speakeasy.games.mafia_city.explain.log import RULES, glossary
from speakeasy.games.mafia_city.model.data import load_data
from speakeasy.games.mafia_city.model.state import Options
from speakeasy.games.mafia_city.positions import load_position, position_names
from speakeasy.games.mafia_city.studies.batch import BOTS, batch_lines, play_game
from speakeasy.games.mafia_city.studies.control import position_query
from speakeasy.games.mafia_city.studies.features import chapter, features, flows

__all__ = ["GAME", "STATIONS"]


def _position_game(name: str) -> Game:
    """A game at the shipped position ``name`` (data/mafia_city/positions/)."""
    return load_position(name).game()


#: The workshop's notebooks of Mafia City (issue 16), a track after Speakeasy's session plan.
STATIONS: Final = (
    Station(
        slug="mafia-city-learn",
        file="mafia_city_learn.py",
        title="Learn Mafia City",
        minutes=20,
        what="A first round in nine short lessons: placing tokens, cards by their text and by "
        "their symbol, vetoes, the locations, taking back, and how the game is won.",
    ),
    Station(
        slug="mafia-city-play",
        file="mafia_city_play.py",
        title="Play Mafia City",
        minutes=30,
        what="A whole game of Mafia City against bots on the seven-hex map: hidden hands, "
        "reactions out of turn, the location phase step by step.",
    ),
    Station(
        slug="mafia-city-control",
        file="mafia_city_control.py",
        title="Mafia City: who controls the location?",
        minutes=15,
        opens_at=True,
        what="Edit the stacks, the Cell and the figures; see who controls each location and which "
        "rule decided, every single change that flips one, and the Mayor's evaluation order.",
    ),
)

GAME: Final = GameType(
    name="mafia-city",
    title="Mafia City",
    min_players=3,
    max_players=5,
    seats=tuple(load_data().colours),
    new_game=lambda players, seed, options=None: Game.new(players, seed, options=options),
    bots=BOTS,
    rules_index="mafia_city/rules_index.toml",
    rules=RULES,
    glossary=glossary,
    load_game=Game.from_json,
    scenario_names=position_names,
    scenario=_position_game,
    data=load_data,
    options=Options,
    stations=STATIONS,
    blurb="A second game on the same engine: control of seven city locations, hidden hands and "
    "reactions out of turn.",
    score_name="VP",
    play_batch_game=play_game,
    batch_lines=batch_lines,
    determinize=determinize,
    scores=final_scores,
    evaluate=evaluate,
    features=features,
    flows=flows,
    chapter=chapter,
    position_query=position_query,
    score_unit="VP",
    chapter_name="round",
)

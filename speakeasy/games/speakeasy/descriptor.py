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

import functools
from typing import Final

from speakeasy.core.registry import GameType, Station
from speakeasy.games.speakeasy.engine.determinize import determinize, evaluate, final_scores
from speakeasy.games.speakeasy.engine.game import Game
from speakeasy.games.speakeasy.model.catalog.loader import load_catalog
from speakeasy.games.speakeasy.model.options import Options
from speakeasy.games.speakeasy.model.state import Colour
from speakeasy.games.speakeasy.positions.shipped import SCENARIO_DIR, load_scenario
from speakeasy.games.speakeasy.studies.batch import BOTS, batch_lines, play_game
from speakeasy.games.speakeasy.studies.features import chapter, features, flows
from speakeasy.games.speakeasy.studies.positions import position_query
from speakeasy.tools.glossary import Glossary, load_glossary
from speakeasy.tools.paths import data_path
from speakeasy.tools.rule_links import SPEAKEASY_RULES

__all__ = ["GAME", "STATIONS", "glossary"]


#: The workshop's notebooks of Speakeasy, in session order (``docs/teachers_guide.md`` follows
#: this order and these times).
STATIONS: Final = (
    Station(
        slug="learn",
        file="learn.py",
        title="Learn a turn",
        minutes=20,
        what="A guided first turn and the whole game: capos and persons, operations, opening a "
        "bar, protection and police, trucks, the Lucky Luciano phase, a whole round, helper cards "
        "and city tokens, books and goals, and how the game is won; every wrong move is answered "
        "with its rule.",
    ),
    Station(
        slug="play",
        file="play.py",
        title="Play",
        minutes=20,
        what="A whole game against bots: grouped options, map clicks, undo, the explained log and "
        "the Luciano phase one step at a time.",
    ),
    Station(
        slug="control",
        file="control.py",
        title="Who controls the district?",
        minutes=10,
        opens_at=True,
        what="Edit police, mafiosi, buildings and gangster bars; see who controls each district "
        "and why, the area tracks, the payouts, and the single change that flips a district.",
    ),
    Station(
        slug="gang-war",
        file="gang_war.py",
        title="Gang war: will it hold?",
        minutes=10,
        opens_at=True,
        what="Pick a building and an act: the gangsters that may come, the cheapest way to hold "
        "against each, and the chance the building survives the next tile.",
    ),
    Station(
        slug="truck-routes",
        file="truck_routes.py",
        title="Truck routes",
        minutes=15,
        what="How far trucks drive, the best delivery plan for a player step by step, and your "
        "own route compared with it.",
    ),
    Station(
        slug="strategies",
        file="strategies.py",
        title="Strategies",
        minutes=15,
        what="Many bot games at once: who wins, where the money comes from, which locations the "
        "winners used.",
    ),
)


@functools.cache
def glossary() -> Glossary:
    """Speakeasy's glossary (``data/glossary.toml``), every rule it cites checked against the
    rules index.

    >>> glossary().get("capos").term, glossary().get("capo").rules[0]
    ('capo', 'R-CAPO-1')
    """
    return load_glossary(
        data_path("glossary.toml"), "Speakeasy", (e.id for e in SPEAKEASY_RULES.index())
    )


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
    new_game=lambda players, seed, options=None: Game.new(players, seed, options=options),
    bots=BOTS,
    rules_index="rules_index.toml",
    rules=SPEAKEASY_RULES,
    glossary=glossary,
    load_game=Game.from_json,
    scenario_names=_scenario_names,
    scenario=_scenario,
    data=load_catalog,
    options=Options,
    stations=STATIONS,
    score_name="final money",
    play_batch_game=play_game,
    batch_lines=batch_lines,
    determinize=determinize,
    scores=final_scores,
    evaluate=evaluate,
    features=features,
    flows=flows,
    chapter=chapter,
    position_query=position_query,
    score_unit="$",
    chapter_name="act",
)

"""The games, each in its own folder with the same rooms, found by name.

============  ====================================================================
room          what every game keeps there
============  ====================================================================
``model``     its values: state dataclasses, kinds, its map, its data and catalogue
``rules``     one module per rules area; each rules question one public function
``engine``    its definition on the core, the game itself, what a seat sees, bots
``positions`` positions written as files (scenarios), captured from games
``explain``   events, refusals and rules in plain words
``studies``   what-ifs over positions: control, plans, the heuristic bot
``figures``   plotly figures of its board
``table``     the play table and lessons shown in the notebooks
============  ====================================================================

Each game ends in a descriptor (``descriptor.py``: a :class:`~speakeasy.core.registry.GameType`)
with its facts. :func:`names` lists the registered games and :func:`load` returns one's
descriptor, importing only that game:

>>> names()
('speakeasy', 'mafia-city')
>>> game = load("mafia-city")
>>> game.name, game.min_players, game.max_players
('mafia-city', 3, 5)
>>> load("chess")
Traceback (most recent call last):
...
ValueError: no game 'chess' (the games: speakeasy, mafia-city)
"""

from __future__ import annotations

import importlib
from typing import Final

from speakeasy.core.registry import GameType

__all__ = ["GameType", "load", "names"]

#: Registered games: name -> the package holding its descriptor (``<package>.descriptor``).
_REGISTRY: Final = {
    "speakeasy": "speakeasy.games.speakeasy",
    "mafia-city": "speakeasy.games.mafia_city",
}


def names() -> tuple[str, ...]:
    """The names of the registered games, in the order the app lists them."""
    return tuple(_REGISTRY)


def load(name: str) -> GameType:
    """The descriptor of the game called ``name``; ``ValueError`` naming the games otherwise."""
    if not isinstance(name, str) or name not in _REGISTRY:
        raise ValueError(f"no game {name!r} (the games: {', '.join(_REGISTRY)})")
    module = importlib.import_module(f"{_REGISTRY[name]}.descriptor")
    game = module.GAME
    if not isinstance(game, GameType) or game.name != name:
        raise TypeError(f"{_REGISTRY[name]}.descriptor.GAME is not the GameType of {name!r}")
    return game

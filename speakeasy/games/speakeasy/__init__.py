"""Speakeasy (Vital Lacerda, Eagle-Gryphon Games, 2022): 1-4 players running speakeasies in
Prohibition-era Manhattan. Rules are cited as ``R-…`` IDs from its reference
(``data/rules_index.toml``).

==================  =====================================================================
room                what
==================  =====================================================================
``model``           the values: state dataclasses, options, effects vocabulary, event and
                    decision kinds, the board graph (networkx), provenance, and the
                    component catalogue (``model.catalog``, from ``data/catalog/``)
``rules``           one module per rules area (generator flows that ask decisions and emit
                    events); each rules question one public function here
``engine``          the definition on the core, :class:`Game`, setup, what a seat sees, bots
``positions``       TOML positions (scenarios): format and schema, checks, capture
``explain``         every event and refusal in plain words; the game log; step-through
``studies``         truck planner and route study, area control, gang war, the heuristic
                    bot, questions and exercises, positions for the explorers
``descriptor``      the game's facts for the registry (:mod:`speakeasy.games`)
``figures``         plotly figures of the board and of a game
``table``           the play table, the lessons, the route planner's view
==================  =====================================================================

Importing this package registers the scenario reader with the engine, so a saved game that
starts from a scenario loads whichever module of the game was imported first.
"""

from speakeasy.games.speakeasy.positions import format as _format  # noqa: F401  (registers)

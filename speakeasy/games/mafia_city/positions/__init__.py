"""Mafia City positions: any moment of a game written in a small TOML file, loaded into a
:class:`~speakeasy.games.mafia_city.engine.game.Game` (the counterpart of Speakeasy's
scenarios, :mod:`speakeasy.games.speakeasy.positions`, reading through the same bounded
reader and error type, :mod:`speakeasy.tools.position_files`).

A position describes what matters for its question; everything omitted keeps the game's own
setup (MC-SETUP), so a question about one location is a few lines::

    title = "A tie at the Harbour"
    phase = "location"
    cubes = [1]                      # the Prison is evaluated; the Harbour [2] is next
    [stacks]
    2 = ["red", "blue", "green", "blue", "red"]

The whole format (JSON Schema: ``data/mafia_city/position.schema.json``):

* top level: ``title``, ``description``, ``source`` (``"rulebook: EMC-8"``, ``"teaching"`` or
  ``"saved"``), ``players`` (3-5 colours in seating order, clockwise; default red, blue,
  green), ``seed`` (default 0), ``options``
  (:class:`~speakeasy.games.mafia_city.model.state.Options`: ``advanced``,
  ``jail_release_same_round``, ``prompt_everyone``, ``max_rounds``), ``round`` (default 1),
  ``phase`` (``"setup"``: before the mulligans, MC-SETUP-9; ``"action"``, the default,
  ``"location"``, ``"strategic"``: phases I-III; ``"end"``: phase IV, MC-END),
  ``start_player`` and ``layout`` (the location on map positions 0, the centre, to 6, the ring
  clockwise, MC-SETUP-4; both default to the setup's random ones), ``turn`` (phase I only: the
  phase resumes at this player's turn with the passes as given; without it phase I starts
  from the start player with nobody passed, MC-ACT-1), ``cubes`` (phases II and III: the
  locations evaluated so far, in order, MC-LOC-9; phase II resumes with the others);
* ``[stacks]``: per location ``"1"``-``"7"``, the owners bottom to top (MC-MAP-3);
  ``[[cell]]``: ``owner`` and ``round`` (the round it was jailed in, for the release of
  MC-PRISON-4, GAP-MC-13; default 0, before round 1); ``[figures]``: ``hitman`` (a location,
  default [2]), ``officer`` and ``mayor`` (the holder; left out: on the Police Station, City
  Hall, MC-FIG-2);
* ``[seats.COLOUR]``: ``hand`` (card IDs, ``snitch-5``), ``tokens`` (in hand), ``reserve``,
  ``box``, ``vp``, ``passed``. A colour's tokens in hand, reserve, the stacks and the Cell add
  up to the setup's (12/11/10 for 3/4/5 players, MC-SETUP-3, MC-COMP-8, DISC-MC-1): left out,
  ``reserve`` is the setup's and ``tokens`` the rest;
* ``[deck]``: ``draw`` (bottom to top: the next card drawn is the last) and ``discard``
  (bottom to top). A position that lists no hand and no pile keeps the setup's deal; one that
  lists any has exactly the listed hands (an unlisted hand is empty) and discard pile, and the
  draw pile as listed (every card not elsewhere, MC-COMP-6) or else the rest of the 49 cards
  shuffled;
* exact positions (what :func:`position_from_game` writes): ``rng`` (the random generator's
  state, 3336 characters of base64) and ``actions`` (decisions in their text form, replayed
  in order once the position is set up; one the rules refuse is reported as ``actions[i]``).
  A position in the middle of a reaction chain is written as the position before it plus
  these actions: a file itself never holds a card in play;
* the target (MC-MODE-1) follows from the number of players and ``options.advanced``; a
  finished game is written as the position at its last phase start plus the actions that end
  it (a file never starts a game already over);
* ``[question]``: ``text``, ``play`` (actions played from the position first), ``ask``
  (facts of :data:`~speakeasy.games.mafia_city.positions.questions.ASKS`), their parameters
  (``location``, ``action``), the ``answer`` (a table of the asked facts; the test suite
  checks the engine computes it), ``hint`` and ``rules``.

Mistakes are reported with the file, the line, the field and the rule broken:

>>> parse_position('players = ["red", "blue", "green"]\\n[stacks]\\n2 = ["red", "pink"]\\n',
...     "demo.toml")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
speakeasy.tools.position_files.PositionError: demo.toml:3: stacks.2[1]: 'pink' is not one of ...
>>> parse_position('[seats.red]\\ntokens = 12\\n', "demo.toml")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
speakeasy.tools.position_files.PositionError: demo.toml:2: seats.red.tokens: red has 12 tokens
in hand, 4 in reserve and 0 on the map and in the Cell; a 3-player game gives each player 12
(MC-SETUP-3, MC-COMP-8)
>>> game = parse_position('''
... phase = "location"
... cubes = [1]                           # the Prison is evaluated: the Harbour [2] is next
... options = { prompt_everyone = false } # Secret Deal prompts only to those holding one
... [stacks]
... 2 = ["blue", "red"]
... [seats.blue]
... hand = []                             # hands listed: nobody else holds a card either
... ''').game()
>>> game.state.seats["blue"].vp, str(game.pending.kind), game.pending.player
(1, 'hitman-move', 'blue')

The package, one module per job: :mod:`~.format` (the :class:`Position`, its TOML and data
forms, the schema and limits), :mod:`~.build` (the rules a position keeps, and its state built
on a fresh setup), :mod:`~.questions` (the facts a question may ask), :mod:`~.capture` (a
game's position as a file) and :mod:`~.shipped` (position files and the shipped ones).
"""

from speakeasy.games.mafia_city.positions.capture import position_from_game
from speakeasy.games.mafia_city.positions.format import LIMITS, SCHEMA, Position, parse_position
from speakeasy.games.mafia_city.positions.questions import ASKS, Ask
from speakeasy.games.mafia_city.positions.shipped import (
    POSITION_DIR,
    load_position,
    position_names,
    shipped_positions,
)
from speakeasy.tools.position_files import PositionError

__all__ = [
    "ASKS",
    "LIMITS",
    "POSITION_DIR",
    "SCHEMA",
    "Ask",
    "Position",
    "PositionError",
    "load_position",
    "parse_position",
    "position_from_game",
    "position_names",
    "shipped_positions",
]

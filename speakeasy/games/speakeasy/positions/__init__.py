"""Scenarios: a position on the board written in a small TOML file, loaded into a :class:`Game`.

A scenario describes only what matters for its question; everything omitted takes a sensible
default: the map is empty (no police, gangster bars, gangsters or tokens; the setup's city
tokens stay), players keep their starting resources (R-PSETUP-*), the game starts at the first
round of Act 1, and seats are the four colours. So a question about one district is a few lines::

    title = "Police close a casino"
    [districts.12]
    police = true
    gangster_bars = 1
    buildings = [{ owner = "yellow", type = "casino" }]

The whole format (JSON Schema: ``data/scenario.schema.json``):

* top level: ``title``, ``description``, ``source`` (``"rulebook: E4"``, ``"teaching"`` or
  ``"saved"``), ``players`` (seats in seating order; default all four), ``seed`` (default 0),
  ``options`` (rules switches, :class:`~speakeasy.games.speakeasy.model.options.Options`), ``act``
  (1-4), ``round``,
  ``phase`` (``"rounds"``: at the start of that round; ``"luciano"``: at that act's Lucky
  Luciano phase; ``"final"``: at final scoring; ``"prologue"``: before Act 1, so the prologue
  of 1920 is played first, R-PROLOGUE), ``map`` (``"empty"`` or ``"setup"``: keep the
  setup's police, gangsters and tokens outside the listed districts), ``closed`` (the closed
  districts of a 2-player game, R-SETUP-2), ``turn_order`` (the top row, left to right),
  ``gangster_deck`` (the tiles left in the act's gangster deck, R-GANGWAR-1),
  ``gangster_control`` (the gangster markers on the area-control tracks), ``[[books]]``
  (``goal``, ``space`` 1-2, ``owner``: books cooked on goals in play, R-BOOKS-2/3);
* ``[districts.N]``: ``buildings`` (``owner``, ``type``, ``protected``, ``barrel``, and
  optionally ``space``, 1-4, and ``piece``, the operations-board piece it came from; buildings
  without a space fill the free spaces in order; at most one nightclub and one casino per
  player in each area, R-BUILD-5), ``gangster_bars`` (how many, on the spaces left in
  order, or a list of their spaces, 1-4), ``police``,
  ``police_token``, ``war_token``, ``strength`` (the face-up gangster strength token),
  ``gangster`` (a tile on the gangster board) and ``had_gangster`` (a gangster has arrived
  here, R-GANGWAR-13, though its tile is gone: a player's partner, R-ALLY-2, or a tile that
  placed no gangster bar, R-GANGWAR-9; ``gangster`` and a partner's ``partner_district``
  imply it); a closed district may hold only police (R-CLOSED-1..3);
* ``[player.COLOUR]``: ``pocket``, ``safe`` (each at most $10**12,
  :data:`~speakeasy.games.speakeasy.positions.limits.MAX_MONEY`, so that every game played from
  the scenario saves), ``levels`` (1-5 per track), ``goons``,
  ``leverage_tokens``, ``books`` (on the operations board, R-BOOKS-1), ``vip`` (mafiosi in
  the VIP area), ``partner``, ``partner_district`` (where the alliance marker stands: the
  district the partner left, R-ALLY-1/2; without it the partner has no marker on the map),
  ``partner_free_used`` (the once-per-game free help is spent, R-PARTNER-6), ``crates``,
  ``helpers``, ``helpers_used`` (behind the screen, R-HELPER-3), ``hand``, ``slots`` (every
  listed hand and slot is dealt from the decks after all of them went back, so a card may
  come from another player's setup hand; each card is in one place), ``trucks``
  (``district``, ``barrels``; closed districts too, R-CLOSED-2), ``distillery_barrels``,
  ``area_control`` (track positions), ``lost_pieces`` (operations-board pieces removed from
  the game: upgraded bars, R-UPGRADE-1, and buildings lost in a gang war, R-GANGWAR-8) and
  ``mafiosi_lost`` (protecting mafiosi lost with their building, R-GANGWAR-8);
* ``[[ships]]``: ``ship``, ``port``, ``removed`` (barrels taken), ``crate`` (id, or false);
* ``[docks]``: per area, the mafiosi on the docks spaces, top row first (``false``: an empty
  space; the spaces after the list are empty);
* exact positions (what :func:`scenario_from_game` writes; each may also be given alone):
  ``rng`` (the random generator's state, 3336 characters of base64: shuffles to come are the
  same), ``actions`` (at most 1000 decisions in their text form, ``capo docks 0``, replayed in
  order once the position is set up: they become the game's first steps, and one the rules
  refuse is reported as ``actions[i]``), ``round_order`` (the order the last round was played
  in, at a Lucky Luciano phase or final scoring), ``turn_order`` with ``false`` for an empty
  column (R-BOARD-9), ``[[persons]]`` (``location``, ``person`` 1-4, ``owner``: capos talking
  to persons this act, R-TURN-4), ``restaurant`` (capos in the Restaurant), ``[decks]``
  (``vip``, ``party``, ``distillery``, ``fleet``, ``helpers``, ``crates``, top first, each
  holding exactly what the rest of the scenario leaves in it; ``gangsters.B``/``C``/``D``: the
  tiles left in each gangster deck), ``[time_track]`` (``gangsters`` and ``police``: the
  columns of face-down district tokens still on the time track, the next to be revealed
  first, R-BOARD-13, R-GANGWAR-11, R-POLICE-2), ``[goals]`` (``central_park``: the five tiles
  on spaces 1-5, R-SETUP-17; ``areas``: the tile of each area, R-SETUP-16; every other tile
  is in the box), ``[offers]`` (``helpers``; ``city_left`` and
  ``city_middle``: the city-token stacks, top last; ``city_right``: its spaces, ``false``
  empty), per district ``city_tokens`` (the token on each space, ``false``: none) and per
  player ``capos``, ``capos_boxed`` (on the operations board and in the box; with those on
  persons and in the Restaurant they make the 4 capos, R-CAPO), ``city_tokens``,
  ``played_tokens`` and ``board_pieces`` (the operations-board pieces left, in order). City
  tokens are taken from where the setup put them; every component stays in exactly one place
  (R-COMP), so an edit that loses or doubles one is refused with its field;
* ``[question]``: ``text``, ``ask`` (a question of
:mod:`speakeasy.games.speakeasy.positions.questions`,
  answered by :mod:`speakeasy.games.speakeasy.studies.questions`), its parameters
  (``district``, ``colour``, ``area``, ``space``, ``building``, ``mode``, ``card``, ``count``,
  ``ship``, ``goal``, ``range_bonus``, ``restaurant``), the stated ``answer`` (the test suite
  checks the engine computes it), ``hint`` and ``rules``.

The time track agrees with the districts: a district has one gangster district token and one
police district token (R-COMP-11), and receives one gangster and one police figure over the
game (R-GANGWAR-13, R-POLICE-3). A district with a gangster tile, ``had_gangster``, a strength
token, a gangster bar or a war token has no gangster token on the track, and one with a police
figure or a police token has no police token there; listed columns that put one there are
refused, and columns left out are the setup's without those districts' tokens (a column may
be shorter than the setup's). So on an empty map the districts cleared of the setup's gangsters
and police receive none later: their tokens went to the box at setup (R-SETUP-5, R-SETUP-11).

Every component a scenario puts on the map comes from its supply (buildings from the owner's
operations board, mafiosi from the owner's supply, police figures, gangster bars and barrels
from the general supply), so the components stay conserved. Notoriety rewards are not paid when
a scenario sets levels, but the reserved mafiosi on passed notoriety spaces join the owner's
supply (R-NOTOR-4). A game that starts after the first round of an act (or at its Lucky Luciano
phase) gives each player that act's capos (R-CAPO-1..4), unless the scenario says where they
are (``capos``, ``[[persons]]``, ``restaurant``). Mistakes are reported with the file, the
line, the field and the reason:

>>> parse_scenario('title = "x"\\n[districts.3]\\npolice = "yes"\\n', "demo.toml")
Traceback (most recent call last):
...
speakeasy.games.speakeasy.positions.errors.ScenarioError: demo.toml:3: districts.3.police: 'yes' is
not of type 'boolean'

>>> parse_scenario('title = "x"\\n[districts.13]\\nbuildings = [{owner = "blue", type = "casino"}]'
...     '\\n[districts.14]\\nbuildings = [{owner = "blue", type = "casino"}]\\n', "demo.toml")
Traceback (most recent call last):
...
speakeasy.games.speakeasy.positions.errors.ScenarioError: demo.toml:5:
districts.14.buildings[0].type: blue already has a casino in Uptown (district 13); ... (R-BUILD-5)

>>> s = parse_scenario('title = "Two bars"\\n[districts.14]\\nbuildings = ['
...     '{owner = "yellow", type = "nightclub"}, {owner = "blue", type = "nightclub"}]\\n')
>>> game = s.game()
>>> [sp.building.owner.value for sp in game.state.districts[14].spaces if sp.building]
['yellow', 'blue']
>>> s.with_value("districts.14.police", True).data["districts"]["14"]["police"]
True

The package, one module per job: :mod:`~speakeasy.games.speakeasy.positions.format` (the
:class:`Scenario`, its TOML and data forms, the schema),
:mod:`~speakeasy.games.speakeasy.positions.checks` (what the schema cannot say),
:mod:`~speakeasy.games.speakeasy.positions.questions` (the questions a scenario may ask),
:mod:`~speakeasy.games.speakeasy.positions.build` (the position built on a fresh setup),
:mod:`~speakeasy.games.speakeasy.positions.capture` (a game's position as a scenario) and
:mod:`~speakeasy.games.speakeasy.positions.shipped` (scenario files and the shipped ones);
:mod:`~speakeasy.games.speakeasy.positions.errors` reports mistakes.
"""

from speakeasy.games.speakeasy.positions.capture import district_spec, scenario_from_game
from speakeasy.games.speakeasy.positions.errors import ScenarioError, locate
from speakeasy.games.speakeasy.positions.format import (
    Scenario,
    iter_fields,
    parse_scenario,
    scenario_event,
)
from speakeasy.games.speakeasy.positions.questions import QUESTION_SPECS, QuestionSpec
from speakeasy.games.speakeasy.positions.shipped import (
    SCENARIO_DIR,
    load_scenario,
    shipped_scenarios,
)

__all__ = [
    "QUESTION_SPECS",
    "SCENARIO_DIR",
    "QuestionSpec",
    "Scenario",
    "ScenarioError",
    "district_spec",
    "iter_fields",
    "load_scenario",
    "locate",
    "parse_scenario",
    "scenario_event",
    "scenario_from_game",
    "shipped_scenarios",
]

"""What each seat may see of a Speakeasy position: its :class:`Observation`.

An observation is a frozen value holding the seat, the game's options and a *redacted copy*
of the state: every fact the seat may not see is replaced by a neutral placeholder, keeping
only the count a person at the table sees. Being a
:class:`~speakeasy.games.speakeasy.model.state.GameState`, the copy works with the rules functions
that read a position (prices, goals, build options, the truck planner), so bots decide from it
exactly as they would from the whole state
(:class:`speakeasy.games.speakeasy.studies.strategy.HeuristicBot`); the copy is the observation's
own, so changing it never touches the game and the game's later moves never change it.

Hidden from every seat but the owner (the rulebook's "behind the screen"):

=============================  ====================================  =========================
what                           in the observation                    rules
=============================  ====================================  =========================
another player's safe          ``0`` (its public record is kept)     R-MONEY-1, R-PSETUP-7
another player's hand          one :data:`HIDDEN` per card (count)   R-PSETUP-1, R-CARD-5
another player's helper cards  one :data:`HIDDEN` per card (count)   R-HELPER-3, R-TURN-2
behind the screen
=============================  ====================================  =========================

Hidden from everyone (shuffled unseen or face down):

=============================  ====================================  =========================
each operation deck            its top card, then one :data:`HIDDEN`  R-SETUP-18, R-CARD-6
                               per card below it
the helper deck                one :data:`HIDDEN` per card           R-SETUP-19, R-HELPER-1
the city tokens' face-down     one :data:`HIDDEN` per token          R-SETUP-15, R-CITY-3
stacks (left column)
the gangster decks B, C, D     one :data:`HIDDEN` per tile           R-SETUP-4, R-GANGWAR-1
the crate stack                its top crate, then one :data:`HIDDEN`  R-SETUP-21
                               per crate below it
the district tokens on the     one :data:`HIDDEN_DISTRICT` (0) per   R-BOARD-13, R-SETUP-9,
time track (war and police)    token                                 R-SETUP-13
=============================  ====================================  =========================

Everything else is public and kept as it is: money in a pocket (R-MONEY-1), each safe's
public record (``Player.safe_known``: the money the table saw go in and out, R-MONEY-2,
R-MONEY-4, R-PSETUP-7; every flow is announced, so it is the safe's content, which a player
who follows the table knows though no one sees it counted), the cards
slotted on operations boards, helper cards face up beside a board (R-HELPER-1), city tokens
on boards and in the offer's right and middle columns (R-CITY-2, R-CITY-5), crates kept
face up (R-SHIP-7), the helper offer, the map (buildings, gangster bars, police, the face-up
strength tokens, and *where* a face-down war or police token lies: the district's pistol or
police space names it, R-SETUP-8, R-SETUP-12), the tracks, goals and books. The number of
cards in a hand is public (ASSUMED: cards are held in view; only their faces are secret).

The observation is what the seat sees at the table *now* (OpenSpiel's observation, not its
information state), with one record of what happened in view: the safes' (above). Beyond
it, a player with a perfect memory could work out some hidden facts from what happened in
view (a helper card put behind a screen); the bots keep no such memory. The game's seed is
never part of it (the seed fixes every hidden order), so :meth:`Observation.context` runs its
rules with an RNG of its own.

>>> from speakeasy import Game
>>> game = Game.new(players=2, seed=7)
>>> purple, yellow = game.colours
>>> seen = game.observe(purple)
>>> seen.seat, seen.state.players[yellow].safe, game.state.players[yellow].safe
(<Colour.PURPLE: 'purple'>, 0, 30)
>>> seen.state.players[purple].safe == game.state.players[purple].safe
True
>>> seen.state.players[yellow].safe_known  # R-PSETUP-7: everyone saw the $30 go in
30
>>> set(seen.state.players[yellow].hand), len(seen.state.players[yellow].hand)
({'hidden'}, 4)
>>> seen.hides(yellow), seen.hides(purple)
(True, False)
>>> public_view(game.state).hides(purple)  # a spectator sees no one's secrets
True
>>> teacher_view(game.state).state.players[yellow].safe  # explicitly everything
30
"""

from __future__ import annotations

import dataclasses
import random
import types
import typing
from collections.abc import Callable
from dataclasses import dataclass, field
from enum import Enum
from typing import Any, Final, TypeVar

from speakeasy.core.engine import Recent
from speakeasy.games.speakeasy.model.board import Board, load_board
from speakeasy.games.speakeasy.model.catalog.catalog import Catalog
from speakeasy.games.speakeasy.model.catalog.loader import load_catalog
from speakeasy.games.speakeasy.model.options import Options
from speakeasy.games.speakeasy.model.state import Colour, GameState, Player
from speakeasy.games.speakeasy.rules.context import Ctx

__all__ = [
    "HIDDEN",
    "HIDDEN_DISTRICT",
    "Observation",
    "observe",
    "public_view",
    "redacted",
    "teacher_view",
]

#: The placeholder for a card, tile, token or crate whose face the seat may not see.
HIDDEN: Final = "hidden"
#: The placeholder for a face-down district token on the time track (no district is 0).
HIDDEN_DISTRICT: Final = 0

T = TypeVar("T")


@dataclass(frozen=True, slots=True)
class Observation:
    """What ``seat`` may see: a redacted copy of the state (read it; it is the observation's
    own) and the game's options (public). ``seat`` ``None`` is a spectator, who sees no one's
    secrets (:func:`public_view`)."""

    seat: Colour | None
    state: GameState
    options: Options = field(default_factory=Options)
    #: A teacher's view (:func:`teacher_view`): the whole state, nothing hidden. Never
    #: what a seat sees; only ever asked for explicitly.
    everything: bool = False
    #: The game's catalogue (public: the components every player can read); ``None``: the
    #: shipped one.
    catalog: Catalog | None = field(default=None, compare=False, repr=False)
    #: The seat's record of the turn so far (its view at the last checkpoint and the actions
    #: taken in view since, :class:`~speakeasy.core.engine.Recent`), for rebuilding the
    #: position from this observation (:mod:`.determinize`); set by the engine, not compared
    #: (two observations of one position are equal however the turn came there).
    recent: Recent | None = field(default=None, compare=False, repr=False)

    @property
    def player(self) -> Player:
        """The seat's own player record (everything on and behind its screen)."""
        if self.seat is None:
            raise ValueError("a spectator has no player of its own")
        return self.state.players[self.seat]

    @property
    def board(self) -> Board:
        """The side of the board in play (public: it follows from the number of players)."""
        return load_board(len(self.state.players))

    def hides(self, colour: Colour | str) -> bool:
        """Whether ``colour``'s secrets (safe, hand, helpers behind the screen) are hidden
        here: every player's but the seat's own (no one's in a teacher's view)."""
        if self.everything:
            return False
        return self.seat is None or Colour(colour) is not self.seat

    def context(self) -> Ctx:
        """A rules context over this observation's state, for rules functions that only read
        (the bots' estimates). Its RNG is a fixed one, not the game's: the seed is hidden."""
        seats = len(self.state.players)
        catalog = self.catalog if self.catalog is not None else load_catalog()
        return Ctx(self.state, catalog, self.board, random.Random(0), self.options, seats)


def observe(
    state: GameState,
    seat: Colour | str | None,
    options: Options | None = None,
    *,
    catalog: Catalog | None = None,
) -> Observation:
    """What ``seat`` may see of ``state`` (the table in the module's docstring); ``None``
    for a spectator; ``catalog`` is the game's (default: the shipped one). ``ValueError``
    naming the seats for anything else (a colour not in the game, ``'nobody'``)."""
    colour = None if seat is None else _seat(seat)
    if (colour is None or colour not in state.players) and seat is not None:
        seats = ", ".join(repr(c.value) for c in state.players)
        shown = repr(seat) if not isinstance(seat, str) or len(seat) <= 40 else "that text"
        raise ValueError(f"{shown} is not a seat of this game; the seats are {seats}")
    return Observation(colour, redacted(state, colour), options or Options(), catalog=catalog)


def _seat(seat: object) -> Colour | None:
    """The colour ``seat`` names, or ``None`` for anything that names none."""
    if not isinstance(seat, str):
        return None
    try:
        return Colour(seat)
    except ValueError:
        return None


def public_view(
    state: GameState, options: Options | None = None, *, catalog: Catalog | None = None
) -> Observation:
    """What a spectator may see: the public information only (no one's secrets)."""
    return observe(state, None, options, catalog=catalog)


def teacher_view(
    state: GameState, options: Options | None = None, *, catalog: Catalog | None = None
) -> Observation:
    """The whole state, nothing hidden, as an observation that says so (``everything``): the
    explicit teacher's view of a table. A copy, like every observation."""
    return Observation(None, _clone(state), options or Options(), True, catalog)


def redacted(state: GameState, seat: Colour | None) -> GameState:
    """A copy of ``state`` with everything ``seat`` may not see replaced by placeholders
    (``None``: everything secret to anyone). It shares no changeable part with ``state``."""
    seen = _clone(state)
    for colour, player in seen.players.items():
        if colour is not seat:
            player.safe = 0  # R-MONEY-1, R-PSETUP-7
            player.hand = [HIDDEN] * len(player.hand)  # R-PSETUP-1
            player.helpers_used = [HIDDEN] * len(player.helpers_used)  # R-HELPER-3
    seen.operation_decks = {  # face up: only the top card shows (R-SETUP-18, R-CARD-6)
        track: deck[:1] + [HIDDEN] * (len(deck) - 1) for track, deck in seen.operation_decks.items()
    }
    seen.helper_deck = [HIDDEN] * len(seen.helper_deck)  # R-SETUP-19
    seen.city_offer.left = [[HIDDEN] * len(stack) for stack in seen.city_offer.left]  # R-CITY-3
    seen.gangster_decks = {  # R-SETUP-4, R-GANGWAR-1
        letter: [HIDDEN] * len(deck) for letter, deck in seen.gangster_decks.items()
    }
    stack = seen.crate_stack  # R-SETUP-21: a face-up stack shows its top crate
    seen.crate_stack = stack[:1] + [HIDDEN] * (len(stack) - 1)
    seen.war_columns = [[HIDDEN_DISTRICT] * len(c) for c in seen.war_columns]  # R-SETUP-9
    seen.police_columns = [[HIDDEN_DISTRICT] * len(c) for c in seen.police_columns]  # R-SETUP-13
    return seen


# ---------------------------------------------------------------------- a fast copy
_COPIERS: dict[type, Callable[[Any], Any]] = {}


def _clone(value: T) -> T:
    """A deep copy of a state (a tree of dataclasses, lists and dicts of atoms and enums),
    several times faster than :func:`copy.deepcopy`: each dataclass gets a copier written
    from its field types once (no memo is needed: a state shares no parts)."""
    copied: T = _copier(type(value))(value)
    return copied


def _copier(cls: type) -> Callable[[Any], Any]:
    found = _COPIERS.get(cls)
    if found is None:
        hints = typing.get_type_hints(cls)
        names = [f.name for f in dataclasses.fields(cls)]
        env: dict[str, Any] = {"_new": object.__new__, "_cls": cls}
        body = [f"    {n} = {_expr(hints[n], f'v.{n}', env)}" for n in names]
        sets = "".join(f"    _set(c, {n!r}, {n})\n" for n in names)
        env["_set"] = object.__setattr__
        source = (
            "def copy(v):\n" + "\n".join(body) + "\n    c = _new(_cls)\n" + sets + "    return c\n"
        )
        exec(source, env)  # code written here from the state's own field types
        found = _COPIERS[cls] = env["copy"]
    return found


def _atomic(kind: Any) -> bool:
    """Whether values of type ``kind`` are never changed in place (atoms, enums, ``None``)."""
    args = typing.get_args(kind)
    if typing.get_origin(kind) in (typing.Union, types.UnionType):
        return all(_atomic(a) for a in args)
    return kind in (str, int, bool, float, type(None)) or (
        isinstance(kind, type) and issubclass(kind, Enum)
    )


def _expr(kind: Any, value: str, env: dict[str, Any]) -> str:
    """Python code copying ``value`` (code) of type ``kind``."""
    if _atomic(kind):
        return value
    origin, args = typing.get_origin(kind), typing.get_args(kind)
    depth = value.count(".") + value.count("[") + len(value)
    if origin is list:
        if _atomic(args[0]):
            return f"{value}[:]"
        item = f"i{depth}"
        return f"[{_expr(args[0], item, env)} for {item} in {value}]"
    if origin is dict:
        if _atomic(args[1]):
            return f"{value}.copy()"
        key, item = f"k{depth}", f"i{depth}"
        return f"{{{key}: {_expr(args[1], item, env)} for {key}, {item} in {value}.items()}}"
    if origin in (typing.Union, types.UnionType):
        inner = [a for a in args if a is not type(None)]
        if len(inner) == 1:
            return f"(None if {value} is None else {_expr(inner[0], value, env)})"
    if isinstance(kind, type) and dataclasses.is_dataclass(kind):
        name = f"_copy_{kind.__name__}"
        env[name] = _copier(kind)
        return f"{name}({value})"
    raise TypeError(f"a game state holds no {kind!r}")

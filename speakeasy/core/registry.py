"""What a game tells the rest of the package about itself: its :class:`GameType`.

A game's folder (``speakeasy/games/<name>/``) ends in one descriptor, a :class:`GameType`
holding the game's facts: its name and title, how many may play and the seats' names, its bots
by name, its options, its data (loaded once and carried by the game), its rules index, its
glossary, its shipped positions and its notebooks. The command line, the batch runner, the
workshop and the conformance tests find games through :mod:`speakeasy.games` and read these
facts; none of them branches on a game's name. It plays the part of OpenSpiel's ``GameType``
and ``load_game``.

>>> demo = GameType(
...     name="demo", title="Demo", min_players=2, max_players=3, seats=("a", "b", "c"),
...     new_game=lambda players, seed: None, bots={}, rules_index="x.toml")
>>> demo.seats_for(2)
('a', 'b')
>>> demo.seats_for(4)
Traceback (most recent call last):
...
ValueError: Demo is for 2 to 3 players, got 4
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

__all__ = ["BotFactory", "GameType", "Station"]

#: Makes a bot of one kind for one seat: ``factory(seat, seed)``.
BotFactory = Callable[[str, int], Any]


@dataclass(frozen=True)
class Station:
    """A notebook served by the workshop: its URL slug, its file under ``notebooks/``, its
    title, what a learner does there (a sentence for the index page) and how long it takes a
    class (minutes; ``0`` for a reference page to use at any time).

    >>> Station("learn", "learn.py", "Learn a turn", "A guided first turn.", 20).path
    '/learn/'
    """

    slug: str
    file: str
    title: str
    what: str
    minutes: int = 0
    #: Whether it opens at a position from a game given in its address (the game's
    #: ``position_query``): the coach's reasons link to it so.
    opens_at: bool = False

    @property
    def path(self) -> str:
        """The URL path of the app (with the trailing slash marimo expects)."""
        return f"/{self.slug}/"


@dataclass(frozen=True)
class GameType:
    """A registered game's facts (see the module docstring).

    ``new_game(players, seed, options=None)`` starts a game: ``players`` a count or seat names
    in seating order, ``options`` an instance of ``options`` (the defaults when ``None``).
    ``bots`` makes a bot by kind name (``"random"``, ``"heuristic"``...), each deciding from
    its seat's observation. ``load_game`` reads a save file back. ``scenario_names`` and
    ``scenario`` are the positions the game ships (by name). ``data`` loads the game's data
    once (its catalogue), ``rules_index`` is the name of its rules index under ``data/``.
    ``stations`` are the workshop's pages for it, in the order to use them, and ``blurb`` a
    sentence introducing the game there.

    A batch of bot games (:mod:`speakeasy.tools.batch`) plays one game of a spec with
    ``play_batch_game(spec)`` (a module-level function, so that it travels to worker processes)
    and summarises the records with ``batch_lines(records, kind)``: the game's own lines about
    the seats of bot ``kind``, or about the games as a whole for ``None``. ``score_name`` names
    what a seat's score counts (``"final money"``, ``"VP"``).
    """

    name: str
    title: str
    min_players: int
    max_players: int
    seats: tuple[str, ...]
    new_game: Callable[..., Any]
    bots: Mapping[str, BotFactory]
    rules_index: str
    load_game: Callable[[str], Any] | None = None
    scenario_names: Callable[[], Sequence[str]] = tuple
    scenario: Callable[[str], Any] | None = None
    data: Callable[[], Any] | None = None
    options: type | None = None
    stations: tuple[Station, ...] = ()
    blurb: str = ""
    score_name: str = "score"
    play_batch_game: Callable[[Any], Any] | None = None
    batch_lines: Callable[[Sequence[Any], str | None], Sequence[str]] | None = None
    extra: Mapping[str, Any] = field(default_factory=dict)
    #: The game's rules for the rules page and rule links: a
    #: :class:`speakeasy.tools.rule_links.RuleSet` (core knows no tools, hence ``Any``).
    rules: Any = None
    #: The game's glossary, loaded (and checked against its rules index) when first asked: a
    #: :class:`speakeasy.tools.glossary.Glossary`; the rules page lists it and the texts link
    #: its words (``None``: the game has none).
    glossary: Callable[[], Any] | None = None
    #: ``determinize(observation, rng)``: a whole game (without history) at the position a
    #: seat's observation shows, every fact it hides drawn from ``rng`` consistently with it
    #: (issue 27; the game's ``engine/determinize.py``); ``None``: the game cannot be searched.
    determinize: Callable[[Any, Any], Any] | None = None
    #: ``scores(game)``: a finished game's final scores by seat name (what ``score_name``
    #: names), for the search bot's score margins.
    scores: Callable[[Any], Mapping[str, float]] | None = None
    #: ``evaluate(game, seat)``: a static evaluation of ``seat`` in a position, in the units
    #: of ``scores`` (what it would score if the game ended now), for the search bot's
    #: truncated rollouts; ``None``: the search plays every rollout to the end.
    evaluate: Callable[[Any, str], float] | None = None
    #: ``features(game, seat)``: what ``seat`` has in a position, part by part
    #: (:class:`~speakeasy.core.features.Feature`: the score's parts and what leads to them),
    #: for the coach's reasons; ``None``: the coach gives estimates without reasons.
    features: Callable[[Any, str], Sequence[Any]] | None = None
    #: ``flows(events, seat)``: what ``seat`` earned through ``events`` (the events since
    #: the decision, heard by :meth:`~speakeasy.core.engine.Engine.listen`), source by
    #: source, as :class:`~speakeasy.core.features.Feature` s: the coach's reasons say *how*
    #: an option pays (payouts by area, sales, VP by location), not only how much.
    flows: Callable[[Sequence[Any], str], Sequence[Any]] | None = None
    #: ``chapter(game)``: which chapter of the game a position is in (Speakeasy's act, whose
    #: Lucky Luciano phase settles wars and payouts; Mafia City's round): the coach also
    #: compares options where the current chapter ends.
    chapter: Callable[[Any], Any] | None = None
    #: ``factory(seat, seed)``: the bots that play on after each option in the coach's worlds
    #: (``None``: the rollout policy of the game's registered ``search`` bot). A game sets it
    #: when that policy costs too much for a question asked at the table.
    coach_rollout: Callable[[str, int], Any] | None = None
    #: ``position_query(observation, title)``: the query (``{"at": …}``) that opens the game's
    #: explorers marked ``opens_at`` at what the observation's seat sees (``None``: they open
    #: at their own start).
    position_query: Callable[[Any, str], Mapping[str, str]] | None = None
    #: What a chapter is called in the game ("act", "round").
    chapter_name: str = "chapter"
    #: How a score is written: ``"$"`` before a sum of money, else a unit after the number
    #: (``"VP"``).
    score_unit: str = ""

    def seats_for(self, players: int) -> tuple[str, ...]:
        """The seats of a game of ``players``; ``ValueError`` outside the game's range."""
        if isinstance(players, bool) or not isinstance(players, int):
            raise ValueError(f"players must be a whole number, got {players!r}")
        if not self.min_players <= players <= self.max_players:
            raise ValueError(
                f"{self.title} is for {self.min_players} to {self.max_players} players, "
                f"got {players}"
            )
        return self.seats[:players]

    def scenarios(self) -> tuple[str, ...]:
        """The names of the positions this game ships."""
        return tuple(self.scenario_names())

    def load_scenario(self, name: str) -> Any:
        """A game at the shipped position ``name`` (``ValueError`` naming the known ones)."""
        known = self.scenarios()
        if self.scenario is None or name not in known:
            shown = ", ".join(known) if known else "none"
            raise ValueError(f"{self.title} ships no position {name!r} (it ships: {shown})")
        return self.scenario(name)

    def make_bot(self, kind: str, seat: str, seed: int) -> Any:
        """A bot of ``kind`` for ``seat`` (``ValueError`` naming the kinds, or the seats for a
        ``seat`` that is none of the game's)."""
        try:
            factory = self.bots[kind] if isinstance(kind, str) else None
        except KeyError:
            factory = None
        if factory is None:
            shown = repr(kind) if not isinstance(kind, str) or len(kind) <= 40 else "that text"
            raise ValueError(f"{self.title} has no bot {shown} (its bots: {', '.join(self.bots)})")
        if not isinstance(seat, str) or seat not in self.seats:
            shown = repr(seat) if not isinstance(seat, str) or len(seat) <= 40 else "that text"
            raise ValueError(
                f"{shown} is not a seat of {self.title} (its seats: {', '.join(self.seats)})"
            )
        return factory(seat, seed)

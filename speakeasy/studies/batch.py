"""Batch simulation: many seeded bot games in parallel, one :class:`GameRecord` per game.

:func:`simulate_many` plays ``n`` games with a mix of bots and returns the records in game
order. Each game's seed and its bots' seeds are derived from the batch seed and the game's
number only (:func:`game_seed`), so the same batch gives the same records whichever executor
runs it and in whatever order the games finish. By default the games run on every core through
a :class:`concurrent.futures.ProcessPoolExecutor`; any :class:`concurrent.futures.Executor`
can be passed instead, or ``workers=1`` plays in this process.

Larger batches run on a Dask cluster (the optional ``distributed`` extra) through
:func:`dask_executor`: ``"local"`` starts a cluster of worker processes on this machine, and
the address of an existing scheduler (``tcp://scheduler:8786``) spreads the games over its
workers, which need this package installed (``pip install 'speakeasy[distributed]'`` from a
checkout). The games ship as small :class:`GameSpec` values and come back as
:class:`GameRecord` values, so nothing else has to be shared. From the command line::

    speakeasy simulate --players 2 --games 10000 --bots heuristic,random --dask local
    speakeasy simulate --players 2 --games 10000 --bots heuristic,random --dask tcp://host:8786

Each record keeps, per seat: the bot kind, the turn-order seat (R-PROLOGUE-1), the final
money with its breakdown (R-SCORING-1..4), the place and win (R-SCORING-5/6), the **money
gained by source** read from the game's events (:data:`SOURCES`, R-MONEY-3/4), and the
**locations** its capos were sent to (R-TURN-3).

>>> records = simulate_many(2, players=2, seed=5, bots=("heuristic", "random"), workers=1,
...                         progress=False)
>>> [r.index for r in records], [s.bot for s in records[0].seats]
([0, 1], ['heuristic', 'random'])
>>> [s.bot for s in records[1].seats]  # the bots change colours from one game to the next
['random', 'heuristic']
>>> seat = records[0].seats[0]
>>> seat.start_money + seat.gained - seat.spent == seat.money
True
"""

from __future__ import annotations

import importlib
import math
import os
import sys
import time
from collections import Counter
from collections.abc import Callable, Iterator, Mapping, Sequence
from concurrent.futures import Executor, Future, ProcessPoolExecutor, as_completed
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass, field, replace
from typing import Any, Generic, Protocol, TypeVar

from tqdm import tqdm

from speakeasy.catalog import load_catalog
from speakeasy.core.actions import Event
from speakeasy.core.bots import decide
from speakeasy.core.seeds import derive_seed
from speakeasy.engine.bots import Bot, RandomBot
from speakeasy.engine.game import Game
from speakeasy.mafia_city import HeuristicBot as McHeuristicBot
from speakeasy.mafia_city import MafiaCityGame, McOptions
from speakeasy.mafia_city import RandomBot as McRandomBot
from speakeasy.mafia_city.bots import Bot as McBot
from speakeasy.model.state import Colour
from speakeasy.studies.strategy import HeuristicBot

__all__ = [
    "BOT_KINDS",
    "BOT_MIXES",
    "MC_BOT_KINDS",
    "MC_MAX_ROUNDS",
    "SOURCES",
    "BotSummary",
    "GameRecord",
    "GameSpec",
    "McGameRecord",
    "McSeatRecord",
    "SeatRecord",
    "bot_summaries",
    "dask_executor",
    "game_seed",
    "game_specs",
    "iter_games",
    "iter_mc_games",
    "make_bot",
    "mc_game_specs",
    "money_by_source",
    "placements",
    "play_game",
    "play_mc_game",
    "seat_rows",
    "simulate_many",
    "simulate_mc_many",
    "wilson_interval",
    "win_rates",
]

#: The bots a batch can use, by name.
BOT_KINDS: dict[str, Callable[[int], Bot]] = {
    "heuristic": lambda seed: HeuristicBot(seed=seed),
    "random": lambda seed: RandomBot(seed=seed),
}

#: The Mafia City bots a batch can use, by name (each decides from its seat's view only).
MC_BOT_KINDS: dict[str, Callable[[int], McBot]] = {
    "heuristic": lambda seed: McHeuristicBot(seed=seed),
    "random": lambda seed: McRandomBot(seed=seed),
}

#: A Mafia City batch game stops, unfinished, after this many rounds (GAP-MC-24).
MC_MAX_ROUNDS = 60

#: Ready-made bot mixes for a number of players (the kinds rotate over the colours).
BOT_MIXES: dict[str, Callable[[int], tuple[str, ...]]] = {
    "one heuristic bot, the others random": lambda n: ("heuristic",) + ("random",) * (n - 1),
    "heuristic bots only": lambda n: ("heuristic",) * n,
    "random bots only": lambda n: ("random",) * n,
    "half heuristic, half random": lambda n: tuple(
        "heuristic" if k % 2 == 0 else "random" for k in range(n)
    ),
}

#: Where money comes from, in the order records list it:
#:
#: * ``barrels``: barrel sales (event ``sell``, R-BARREL-4, R-MONEY-3);
#: * ``casinos``: casino income at the end of a round (``casino_income``, R-ORDER-5);
#: * ``luciano``: area-control payouts of the Lucky Luciano phase (``payout``, R-PAYOUT-1..4);
#: * ``books``: cooked books (``cook_book``, R-BOOKS-2, R-MONEY-4);
#: * ``crates``: crate cash from ship attacks (``crate``, R-SHIP-7);
#: * ``helpers``: the cash helper card (``cash`` from a helper, R-HELPERCARD-19);
#: * ``fees``: $1 for each of the player's mafiosi hired in another's ship attack
#:   (``ship_attack``, R-SHIP-5);
#: * ``other``: any other cash (``cash`` from another source).
SOURCES: tuple[str, ...] = (
    "barrels",
    "casinos",
    "luciano",
    "books",
    "crates",
    "helpers",
    "fees",
    "other",
)


def game_seed(batch_seed: int, index: int, part: str = "game") -> int:
    """A seed for game ``index`` of a batch (``part`` tells the game from each bot seat).

    Stable across processes and Python versions (:func:`~speakeasy.core.seeds.derive_seed`).

    >>> game_seed(1, 0) == game_seed(1, 0), game_seed(1, 0) == game_seed(1, 1)
    (True, False)
    """
    return derive_seed(batch_seed, "batch", index, part)


def make_bot(kind: str, seed: int) -> Bot:
    """A bot of the named kind (:data:`BOT_KINDS`)."""
    try:
        return BOT_KINDS[kind](seed)
    except KeyError:
        known = ", ".join(BOT_KINDS)
        raise ValueError(f"unknown bot kind {kind!r}; kinds are {known}") from None


@dataclass(frozen=True, slots=True)
class GameSpec:
    """Everything that determines one game of a batch: picklable, so it can travel."""

    index: int
    seed: int
    bots: tuple[str, ...]  # one bot kind per colour, in the game's colour order
    bot_seeds: tuple[int, ...]


def game_specs(
    n: int, players: int, seed: int, bots: Sequence[str] = ("heuristic", "random")
) -> list[GameSpec]:
    """The specs of a batch. Game ``i`` gives colour ``k`` the bot ``bots[(k + i) % len]``,
    so with as many bot kinds as players each kind plays every colour in turn; the first
    player is drawn from the game's seed (R-PROLOGUE-1, GAP-28).

    >>> [s.bots for s in game_specs(3, 2, seed=1)]
    [('heuristic', 'random'), ('random', 'heuristic'), ('heuristic', 'random')]
    """
    return _specs(_SPEAKEASY, n, players, seed, bots)


@dataclass(frozen=True, slots=True)
class SeatRecord:
    """One player of a finished game."""

    colour: str
    bot: str
    seat: int  # 1 = first in the starting turn order (R-PROLOGUE-1)
    place: int  # 1 = best; tied players share a place (R-SCORING-6)
    won: bool
    total: int  # final money (R-SCORING-1)
    pocket: int
    safe: int
    building_points: int  # protected buildings (R-SCORING-2)
    bottle_points: int  # different bottles on helper cards (R-SCORING-4)
    protected_buildings: int
    unprotected_buildings: int  # on the map but scoring nothing (R-SCORING-3)
    start_money: int  # pocket + safe at the start (R-PSETUP-7)
    money_by_source: Mapping[str, int]  # money gained, by :data:`SOURCES`
    placements: tuple[str, ...]  # capo placements in order: ``location`` or ``location:person``

    @property
    def money(self) -> int:
        """Pocket and safe at the end (R-MONEY-5)."""
        return self.pocket + self.safe

    @property
    def gained(self) -> int:
        """All money gained during the game."""
        return sum(self.money_by_source.values())

    @property
    def spent(self) -> int:
        """All money paid (buildings, goons, barrels, partners, fees; laundering included)."""
        return self.start_money + self.gained - self.money

    @property
    def locations(self) -> tuple[str, ...]:
        """The location of each capo placement, in order."""
        return tuple(p.split(":")[0] for p in self.placements)

    def to_data(self) -> dict[str, Any]:
        return {
            "colour": self.colour,
            "bot": self.bot,
            "seat": self.seat,
            "place": self.place,
            "won": self.won,
            "total": self.total,
            "pocket": self.pocket,
            "safe": self.safe,
            "building_points": self.building_points,
            "bottle_points": self.bottle_points,
            "protected_buildings": self.protected_buildings,
            "unprotected_buildings": self.unprotected_buildings,
            "start_money": self.start_money,
            "money_by_source": dict(self.money_by_source),
            "placements": list(self.placements),
        }


@dataclass(frozen=True, slots=True)
class GameRecord:
    """One finished game of a batch. Timings are kept but never compared."""

    index: int
    seed: int
    players: int
    seats: tuple[SeatRecord, ...]  # in the game's colour order
    winners: tuple[str, ...]  # colours (R-SCORING-5/6)
    decisions: int
    seconds: float = field(default=0.0, compare=False)
    #: Per bot kind: (decisions, seconds spent choosing).
    decision_time: Mapping[str, tuple[int, float]] = field(default_factory=dict, compare=False)

    @property
    def winner_bots(self) -> tuple[str, ...]:
        return tuple(s.bot for s in self.seats if s.won)

    def seat_of(self, colour: Colour | str) -> SeatRecord:
        return next(s for s in self.seats if s.colour == str(colour))

    def to_data(self) -> dict[str, Any]:
        return {
            "index": self.index,
            "seed": self.seed,
            "players": self.players,
            "seats": [s.to_data() for s in self.seats],
            "winners": list(self.winners),
            "decisions": self.decisions,
            "seconds": self.seconds,
            "decision_time": {k: list(v) for k, v in self.decision_time.items()},
        }


# ---------------------------------------------------------------------- reading a game
def money_by_source(
    events: Sequence[Event], colours: Sequence[Colour]
) -> dict[str, dict[str, int]]:
    """Money each player gained, by source (:data:`SOURCES`), from the game's events.

    >>> from speakeasy.core.actions import Event
    >>> events = [Event("sell", "purple", (), "", {"price": 9}),
    ...           Event("payout", "purple", (), "", {"amount": 25}),
    ...           Event("ship_attack", "blue", (), "", {"hired": {"purple": 2}})]
    >>> money_by_source(events, [Colour.PURPLE, Colour.BLUE])["purple"]["luciano"]
    25
    >>> money_by_source(events, [Colour.PURPLE, Colour.BLUE])["purple"]["fees"]
    2
    """
    money = {c.value: dict.fromkeys(SOURCES, 0) for c in colours}

    def add(colour: str | None, source: str, amount: object) -> None:
        if colour in money and isinstance(amount, int):
            money[colour][source] += amount

    for event in events:
        data, who = event.data, event.player
        if event.kind == "sell":
            add(who, "barrels", data.get("price"))
        elif event.kind == "casino_income":
            add(who, "casinos", data.get("amount"))
        elif event.kind == "payout":
            add(who, "luciano", data.get("amount"))
        elif event.kind == "cook_book":
            add(who, "books", data.get("payout"))
        elif event.kind == "crate":
            add(who, "crates", data.get("cash"))
        elif event.kind == "cash":
            source = str(data.get("source") or "")
            add(who, "helpers" if source.startswith("helper") else "other", data.get("amount"))
        elif event.kind == "ship_attack":
            for owner, n in dict(data.get("hired") or {}).items():
                add(str(owner), "fees", n)
    return money


def placements(game: Game) -> dict[str, list[str]]:
    """Where each player sent capos (R-TURN-3), in order: ``location:person``, or the location
    alone for the Restaurant and Central Park (R-LOC-GEN-1, R-LOC-CENTRALPARK-1)."""
    found: dict[str, list[str]] = {c.value: [] for c in game.colours}
    for step in game.steps:
        if step.action.kind != "capo":
            continue
        location, person = str(step.action.args[0]), step.action.args[1]
        unlimited = location in ("restaurant", "central_park")
        found[step.player.value].append(location if unlimited else f"{location}:{person}")
    return found


def _starting_order(game: Game) -> list[str]:
    for event in game.setup_events:
        if event.kind == "first_player":
            return [str(c) for c in event.data["order"]]
    return [c.value for c in game.colours]


def record_of(game: Game, spec: GameSpec) -> GameRecord:
    """The record of a finished game."""
    result = game.result()
    start = load_catalog().setup.start
    money = money_by_source(game.events, game.colours)
    placed = placements(game)
    order = _starting_order(game)
    seats = []
    for colour, kind in zip(game.colours, spec.bots, strict=True):
        standing = result.standing(colour)
        b = standing.breakdown
        seats.append(
            SeatRecord(
                colour=colour.value,
                bot=kind,
                seat=order.index(colour.value) + 1,
                place=standing.place,
                won=colour in result.winners,
                total=b.total,
                pocket=b.pocket,
                safe=b.safe,
                building_points=b.building_points,
                bottle_points=b.bottle_points,
                protected_buildings=len(b.buildings),
                unprotected_buildings=b.unprotected,
                start_money=start.pocket + start.safe,
                money_by_source=money[colour.value],
                placements=tuple(placed[colour.value]),
            )
        )
    return GameRecord(
        index=spec.index,
        seed=spec.seed,
        players=len(game.colours),
        seats=tuple(seats),
        winners=tuple(c.value for c in result.winners),
        decisions=len(game.history),
    )


class _Clock:
    """A game's timings: its seconds from start to record, and per bot kind the decisions
    and the seconds spent choosing (kept in records, never compared)."""

    def __init__(self, kinds: Sequence[str]) -> None:
        self._start = time.perf_counter()
        self._counts: Counter[str] = Counter()
        self._seconds: dict[str, float] = dict.fromkeys(kinds, 0.0)

    @contextmanager
    def deciding(self, kind: str) -> Iterator[None]:
        """Time one decision of a bot of ``kind``."""
        tick = time.perf_counter()
        yield
        self._seconds[kind] += time.perf_counter() - tick
        self._counts[kind] += 1

    def elapsed(self) -> float:
        return time.perf_counter() - self._start

    def timing(self) -> dict[str, tuple[int, float]]:
        return {kind: (self._counts[kind], self._seconds[kind]) for kind in self._seconds}


def play_game(spec: GameSpec) -> GameRecord:
    """Play one game of a batch to the end and return its record (runs in a worker)."""
    clock = _Clock(spec.bots)
    game = Game.new(players=len(spec.bots), seed=spec.seed)
    bots = {
        colour: make_bot(kind, seed)
        for colour, kind, seed in zip(game.colours, spec.bots, spec.bot_seeds, strict=True)
    }
    kinds = dict(zip(game.colours, spec.bots, strict=True))
    while not game.is_over:
        colour = game.current_player
        assert colour is not None
        with clock.deciding(kinds[colour]):
            action = decide(game, bots[colour])
        game.apply(action)
    return replace(record_of(game, spec), seconds=clock.elapsed(), decision_time=clock.timing())


# ---------------------------------------------------------------------- running a batch
R = TypeVar("R")


def _iter_records(
    specs: Sequence[GameSpec],
    play: Callable[[GameSpec], R],
    executor: Executor | None,
    workers: int | None,
) -> Iterator[R]:
    if executor is None and (workers == 1 or len(specs) <= 1):
        for spec in specs:
            yield play(spec)
        return
    own = executor is None
    pool = executor or ProcessPoolExecutor(max_workers=workers or os.cpu_count() or 1)
    try:
        futures: list[Future[R]] = [pool.submit(play, spec) for spec in specs]
        for future in as_completed(futures):
            yield future.result()
    finally:
        if own:
            pool.shutdown(cancel_futures=True)


def iter_games(
    specs: Sequence[GameSpec],
    *,
    executor: Executor | None = None,
    workers: int | None = None,
) -> Iterator[GameRecord]:
    """Play the games and yield each record as soon as it is finished (any order).

    ``executor``: any :class:`concurrent.futures.Executor` (it is not shut down here). Without
    one, ``workers=1`` plays in this process and otherwise a process pool with ``workers``
    processes (default: every core) is started and shut down.
    """
    return _iter_records(specs, play_game, executor, workers)


def simulate_many(
    n: int,
    players: int = 2,
    seed: int = 1,
    *,
    bots: Sequence[str] = ("heuristic", "random"),
    executor: Executor | None = None,
    workers: int | None = None,
    progress: bool = True,
) -> list[GameRecord]:
    """Play ``n`` seeded games and return their records in game order.

    ``bots`` are bot kinds (:data:`BOT_KINDS`) rotated over the colours (:func:`game_specs`).
    The games run on ``executor`` if given (e.g. Dask's ``Client().get_executor()``), else on
    a process pool of ``workers`` processes (default every core; 1 = in this process). A
    ``tqdm`` progress bar is written to stderr unless ``progress`` is false. The records do
    not depend on the executor, the number of workers or the order games finish in.
    """
    return _simulate(_SPEAKEASY, n, players, seed, bots, executor, workers, progress)


@contextmanager
def dask_executor(address: str = "local", workers: int | None = None) -> Iterator[Executor]:
    """A Dask cluster as an :class:`~concurrent.futures.Executor` for :func:`simulate_many`.

    ``address`` ``"local"`` starts a cluster of ``workers`` single-threaded worker processes
    on this machine (default every core) and stops it on exit; any other value is the address
    of a running scheduler, whose workers must have this package installed. Needs the
    optional ``distributed`` extra; without it a :class:`RuntimeError` says how to install it.
    """
    try:
        distributed = importlib.import_module("distributed")
    except ImportError as err:
        raise RuntimeError(
            "running games on Dask needs the distributed extra: "
            "pip install -e '.[distributed]' (or pip install 'dask[distributed]')"
        ) from err
    with ExitStack() as stack:
        if address == "local":
            cluster = stack.enter_context(
                distributed.LocalCluster(
                    n_workers=workers or os.cpu_count() or 1,
                    threads_per_worker=1,
                    dashboard_address=None,
                )
            )
            client = stack.enter_context(distributed.Client(cluster))
        else:
            client = stack.enter_context(distributed.Client(address))
        executor: Executor = client.get_executor()
        yield executor


# ---------------------------------------------------------------------- Mafia City
@dataclass(frozen=True, slots=True)
class McSeatRecord:
    """One player of a Mafia City batch game."""

    colour: str
    bot: str
    seat: int  # 1 = the first start player (MC-SETUP-1), then clockwise
    place: int  # 1 = best by VP; tied players share a place (the winner is placed first)
    won: bool  # MC-WIN-2, MC-WIN-3
    vp: int
    reserve: int
    tokens: int  # in hand
    cards: int

    def to_data(self) -> dict[str, Any]:
        return {
            "colour": self.colour,
            "bot": self.bot,
            "seat": self.seat,
            "place": self.place,
            "won": self.won,
            "vp": self.vp,
            "reserve": self.reserve,
            "tokens": self.tokens,
            "cards": self.cards,
        }


@dataclass(frozen=True, slots=True)
class McGameRecord:
    """One Mafia City batch game; ``finished`` is false for a game stopped at
    :data:`MC_MAX_ROUNDS` (no winner, GAP-MC-24). Timings are kept but never compared."""

    index: int
    seed: int
    players: int
    seats: tuple[McSeatRecord, ...]  # in seating order
    winners: tuple[str, ...]  # the winner's colour, or none for an unfinished game
    decided_by: str  # the rule that named the winner (MC-WIN-2, MC-WIN-3 (n)) or GAP-MC-24
    rounds: int
    finished: bool
    decisions: int
    seconds: float = field(default=0.0, compare=False)
    decision_time: Mapping[str, tuple[int, float]] = field(default_factory=dict, compare=False)

    def to_data(self) -> dict[str, Any]:
        return {
            "index": self.index,
            "seed": self.seed,
            "players": self.players,
            "seats": [s.to_data() for s in self.seats],
            "winners": list(self.winners),
            "decided_by": self.decided_by,
            "rounds": self.rounds,
            "finished": self.finished,
            "decisions": self.decisions,
            "seconds": self.seconds,
            "decision_time": {k: list(v) for k, v in self.decision_time.items()},
        }


def mc_game_specs(
    n: int, players: int, seed: int, bots: Sequence[str] = ("heuristic", "random")
) -> list[GameSpec]:
    """The specs of a Mafia City batch (3-5 players, MC-SETUP-11); the bots rotate over the
    seats as in :func:`game_specs`.

    >>> [s.bots for s in mc_game_specs(2, 3, seed=1)]
    [('heuristic', 'random', 'heuristic'), ('random', 'heuristic', 'random')]
    """
    return _specs(_MAFIA_CITY, n, players, seed, bots)


def play_mc_game(spec: GameSpec) -> McGameRecord:
    """Play one Mafia City game of a batch (runs in a worker): each bot decides from its seat's
    observation only; reaction prompts go only to seats that can react (``prompt_everyone``
    off, which hides nothing from bots that never see other hands)."""
    clock = _Clock(spec.bots)
    options = McOptions(prompt_everyone=False, max_rounds=MC_MAX_ROUNDS)
    game = MafiaCityGame.new(players=len(spec.bots), seed=spec.seed, options=options)
    seats = list(game.state.players)
    bots = {
        p: MC_BOT_KINDS[kind](seed)
        for p, kind, seed in zip(seats, spec.bots, spec.bot_seeds, strict=True)
    }
    kinds = dict(zip(seats, spec.bots, strict=True))
    first = game.state.start_player
    decision = game.pending
    while decision is not None:
        with clock.deciding(kinds[decision.player]):
            action = bots[decision.player].choose(game.observe(decision.player), decision)
        game.apply(action)
        decision = game.pending
    result = game.result()
    st = game.state
    order = st.clockwise_from(first)
    records = tuple(
        McSeatRecord(
            colour=p,
            bot=kinds[p],
            seat=order.index(p) + 1,
            place=1 if p == result.winner else 1 + sum(result.vp[q] > result.vp[p] for q in seats),
            won=p == result.winner,
            vp=result.vp[p],
            reserve=st.seats[p].reserve,
            tokens=st.seats[p].tokens,
            cards=len(st.seats[p].hand),
        )
        for p in seats
    )
    return McGameRecord(
        index=spec.index,
        seed=spec.seed,
        players=len(seats),
        seats=records,
        winners=(result.winner,) if result.winner else (),
        decided_by=result.decided_by,
        rounds=result.rounds,
        finished=result.finished,
        decisions=len(game.history),
        seconds=clock.elapsed(),
        decision_time=clock.timing(),
    )


def iter_mc_games(
    specs: Sequence[GameSpec],
    *,
    executor: Executor | None = None,
    workers: int | None = None,
) -> Iterator[McGameRecord]:
    """:func:`iter_games` for Mafia City specs (:func:`mc_game_specs`)."""
    return _iter_records(specs, play_mc_game, executor, workers)


def simulate_mc_many(
    n: int,
    players: int = 4,
    seed: int = 1,
    *,
    bots: Sequence[str] = ("heuristic", "random"),
    executor: Executor | None = None,
    workers: int | None = None,
    progress: bool = True,
) -> list[McGameRecord]:
    """:func:`simulate_many` for Mafia City: ``n`` seeded games of ``players`` (3-5), records
    in game order, independent of the executor.

    >>> records = simulate_mc_many(2, players=3, seed=2, workers=1, progress=False)
    >>> [r.index for r in records], all(r.rounds >= 1 for r in records)
    ([0, 1], True)
    >>> records == simulate_mc_many(2, players=3, seed=2, workers=1, progress=False)
    True
    """
    return _simulate(_MAFIA_CITY, n, players, seed, bots, executor, workers, progress)


# ---------------------------------------------------------------------- one runner, two games
Rec = TypeVar("Rec", GameRecord, McGameRecord)


@dataclass(frozen=True, slots=True)
class _Batch(Generic[Rec]):
    """What the batch runner needs to know of a game: its bot kinds, its player counts (with
    the message that refuses others), the seed parts of its specs and how to play one spec."""

    bot_kinds: Mapping[str, Callable[[int], object]]
    players: range
    players_error: str  # formatted with ``players``
    game_part: str  # the part of :func:`game_seed` for the game's seed
    bot_part: str  # the prefix of the part for seat ``k``'s bot seed
    play: Callable[[GameSpec], Rec]


def _specs(
    batch: _Batch[Rec], n: int, players: int, seed: int, bots: Sequence[str]
) -> list[GameSpec]:
    """Game ``i`` gives seat ``k`` the bot ``bots[(k + i) % len(bots)]``."""
    if players not in batch.players:
        raise ValueError(batch.players_error.format(players=players))
    if not bots:
        raise ValueError("give at least one bot kind")
    for kind in bots:
        if kind not in batch.bot_kinds:
            known = ", ".join(batch.bot_kinds)
            raise ValueError(f"unknown bot kind {kind!r}; kinds are {known}")
    return [
        GameSpec(
            i,
            game_seed(seed, i, batch.game_part),
            tuple(bots[(k + i) % len(bots)] for k in range(players)),
            tuple(game_seed(seed, i, f"{batch.bot_part}{k}") for k in range(players)),
        )
        for i in range(n)
    ]


def _simulate(
    batch: _Batch[Rec],
    n: int,
    players: int,
    seed: int,
    bots: Sequence[str],
    executor: Executor | None,
    workers: int | None,
    progress: bool,
) -> list[Rec]:
    """``n`` seeded games of ``batch``, records in game order (:func:`simulate_many`)."""
    if n < 1:
        raise ValueError(f"n must be at least 1, got {n}")
    specs = _specs(batch, n, players, seed, bots)
    records = list(
        tqdm(
            _iter_records(specs, batch.play, executor, workers),
            total=n,
            desc="games",
            unit="game",
            disable=not progress,
            file=sys.stderr,
        )
    )
    return sorted(records, key=lambda r: r.index)


_SPEAKEASY: _Batch[GameRecord] = _Batch(
    BOT_KINDS, range(1, 5), "players must be 1-4, got {players}", "game", "bot", play_game
)
_MAFIA_CITY: _Batch[McGameRecord] = _Batch(
    MC_BOT_KINDS,
    range(3, 6),
    "Mafia City is for 3 to 5 players, got {players} (MC-SETUP-11)",
    "mafia-city",
    "mafia-city-bot",
    play_mc_game,
)


# ---------------------------------------------------------------------- summaries
def wilson_interval(successes: float, trials: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of a proportion (95% for the default ``z``).

    >>> low, high = wilson_interval(180, 200)
    >>> round(low, 3), round(high, 3)
    (0.851, 0.934)
    """
    if trials <= 0:
        return 0.0, 1.0
    p = successes / trials
    denominator = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denominator
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denominator
    return max(0.0, centre - half), min(1.0, centre + half)


class _SeatLike(Protocol):
    @property
    def bot(self) -> str: ...
    @property
    def won(self) -> bool: ...


class _RecordLike(Protocol):
    @property
    def winners(self) -> tuple[str, ...]: ...
    @property
    def seats(self) -> Sequence[_SeatLike]: ...


class _TimedRecordLike(_RecordLike, Protocol):
    @property
    def decision_time(self) -> Mapping[str, tuple[int, float]]: ...


def win_rates(records: Sequence[_RecordLike]) -> dict[str, tuple[float, int]]:
    """Per bot kind: (wins, seats played), for Speakeasy or Mafia City records. A shared win
    counts as 1/k for each of its ``k`` winners (R-SCORING-6)."""
    seats: Counter[str] = Counter()
    shares: dict[str, float] = {}
    for record in records:
        share = 1.0 / max(len(record.winners), 1)
        for s in record.seats:
            seats[s.bot] += 1
            shares[s.bot] = shares.get(s.bot, 0.0) + (share if s.won else 0.0)
    return {kind: (shares.get(kind, 0.0), seats[kind]) for kind in seats}


def seat_rows(records: Sequence[GameRecord]) -> list[dict[str, Any]]:
    """One flat row per player per game (for tables and plots); money sources are columns
    ``money_<source>``."""
    rows: list[dict[str, Any]] = []
    for record in records:
        for s in record.seats:
            row: dict[str, Any] = {
                "game": record.index,
                "seed": record.seed,
                "players": record.players,
                **{k: v for k, v in s.to_data().items() if k not in ("money_by_source",)},
                "shared_win": s.won and len(record.winners) > 1,
                "gained": s.gained,
                "spent": s.spent,
            }
            for source in SOURCES:
                row[f"money_{source}"] = s.money_by_source.get(source, 0)
            rows.append(row)
    return rows


@dataclass(frozen=True, slots=True)
class BotSummary:
    """One bot kind over a batch, Speakeasy or Mafia City: its wins (a shared win split,
    R-SCORING-6) of the seats it played with their 95% Wilson interval, and its mean time to
    decide."""

    kind: str
    won: float
    seats: int
    low: float
    high: float
    ms_per_decision: float

    @property
    def headline(self) -> str:
        """``heuristic: won 3 of 4 seats (75%, 95% CI 30%-95%)``."""
        return (
            f"{self.kind}: won {self.won:g} of {self.seats} seats ({self.won / self.seats:.0%}, "
            f"95% CI {self.low:.0%}-{self.high:.0%})"
        )

    @property
    def timing(self) -> str:
        return f"  {self.ms_per_decision:.2f} ms per decision (mean)"


def bot_summaries(records: Sequence[_TimedRecordLike], bots: Sequence[str]) -> list[BotSummary]:
    """Per bot kind of ``bots`` that played a seat, in the order given (repeats once).

    >>> records = simulate_many(2, players=2, seed=5, workers=1, progress=False)
    >>> [(b.kind, b.seats) for b in bot_summaries(records, ("heuristic", "random", "heuristic"))]
    [('heuristic', 2), ('random', 2)]
    """
    rates = win_rates(records)
    found = []
    for kind in dict.fromkeys(bots):
        if kind not in rates:
            continue
        won, seats = rates[kind]
        low, high = wilson_interval(won, seats)
        decisions = sum(r.decision_time.get(kind, (0, 0.0))[0] for r in records)
        thinking = sum(r.decision_time.get(kind, (0, 0.0))[1] for r in records)
        per_decision = thinking / decisions * 1000 if decisions else 0.0
        found.append(BotSummary(kind, won, seats, low, high, per_decision))
    return found

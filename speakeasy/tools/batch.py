"""Batch simulation: many seeded bot games of any registered game, one :class:`GameRecord` each.

A batch is written once for every game. The game is a :class:`~speakeasy.core.registry.GameType`
(``speakeasy.games.load(name)``); what differs from one game to another, playing one game of a
spec and making its record, is the game's own ``play_batch_game`` (in its folder,
``speakeasy/games/<game>/studies/batch.py``), a module-level function that the executor sends
to its workers by reference, so a worker imports the game itself.

:func:`simulate_many` plays ``n`` games with a mix of bots and returns the records in game
order. Each game's seed and its bots' seeds are derived from the batch seed and the game's
number only (:func:`game_seed`), so the same batch gives the same records whichever executor
runs it and in whatever order the games finish. By default the games run on every core through
a :class:`concurrent.futures.ProcessPoolExecutor`; any :class:`concurrent.futures.Executor`
can be passed instead, or ``workers=1`` plays in this process. The specs of a batch are made one
at a time when asked (:class:`Specs`) and only a bounded window of games waits in an executor,
so a million games take no memory up front.

Larger batches run on a Dask cluster (the optional ``distributed`` extra) through
:func:`dask_executor`: ``"local"`` starts a cluster of worker processes on this machine, and
the address of an existing scheduler (``tcp://scheduler:8786``) spreads the games over its
workers, which need this package installed (``pip install 'speakeasy[distributed]'`` from a
checkout). The games ship as small :class:`GameSpec` values and come back as
:class:`GameRecord` values, so nothing else has to be shared. From the command line::

    speakeasy simulate --players 2 --games 10000 --bots heuristic,random --dask local
    speakeasy simulate --game mafia-city --players 4 --games 100 --bots heuristic,random

Each record keeps, per seat: the bot kind, the turn-order seat, the place, the win and the
score (what the game's ``score_name`` says), and the game's own facts in ``details``
(Speakeasy's money by source and capo placements, Mafia City's reserve and hand...).

>>> from speakeasy.games import load  # the registry (a layer above: the examples only)
>>> SPEAKEASY = load("speakeasy")
>>> records = simulate_many(SPEAKEASY, 2, players=2, seed=5, workers=1, progress=False)
>>> [r.index for r in records], [s.bot for s in records[0].seats]
([0, 1], ['heuristic', 'random'])
>>> [s.bot for s in records[1].seats]  # the bots change seats from one game to the next
['random', 'heuristic']
"""

from __future__ import annotations

import importlib
import math
import multiprocessing
import os
import signal
import sys
import threading
import time
from collections import Counter
from collections.abc import Callable, Generator, Iterable, Iterator, Mapping, Sequence
from concurrent.futures import FIRST_COMPLETED, Executor, Future, ProcessPoolExecutor, wait
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass, field
from multiprocessing.context import BaseContext, DefaultContext
from multiprocessing.process import BaseProcess
from typing import Any, cast, overload

from tqdm import tqdm

from speakeasy.core.registry import GameType
from speakeasy.core.seeds import derive_seed

__all__ = [
    "BOT_MIXES",
    "BotSummary",
    "DecisionClock",
    "GameRecord",
    "GameSpec",
    "SeatRecord",
    "Specs",
    "bot_summaries",
    "dask_executor",
    "game_seed",
    "game_specs",
    "iter_games",
    "random_specs",
    "seat_rows",
    "simulate_many",
    "stop_processes",
    "wilson_interval",
    "win_rates",
]

#: Ready-made bot mixes for a number of players (the kinds rotate over the seats).
BOT_MIXES: dict[str, Callable[[int], tuple[str, ...]]] = {
    "one heuristic bot, the others random": lambda n: ("heuristic",) + ("random",) * (n - 1),
    "heuristic bots only": lambda n: ("heuristic",) * n,
    "random bots only": lambda n: ("random",) * n,
    "half heuristic, half random": lambda n: tuple(
        "heuristic" if k % 2 == 0 else "random" for k in range(n)
    ),
    # the search bot (issue 27) against the bot its rollouts play
    "one search bot, the others heuristic": lambda n: ("search",) + ("heuristic",) * (n - 1),
}


def game_seed(batch_seed: int, index: int, part: str = "game") -> int:
    """A seed for game ``index`` of a batch (``part`` tells the game from each bot seat).

    Stable across processes and Python versions (:func:`~speakeasy.core.seeds.derive_seed`).

    >>> game_seed(1, 0) == game_seed(1, 0), game_seed(1, 0) == game_seed(1, 1)
    (True, False)
    """
    return derive_seed(batch_seed, "batch", index, part)


@dataclass(frozen=True, slots=True)
class GameSpec:
    """Everything that determines one game of a batch: picklable, so it can travel."""

    game: str  # the registered game's name
    index: int
    seed: int
    bots: tuple[str, ...]  # one bot kind per seat, in the game's seat order
    bot_seeds: tuple[int, ...]
    #: The search bots' budget per decision (``0``: their default; issue 27).
    playouts: int = 0

    @property
    def players(self) -> int:
        return len(self.bots)


class Specs(Sequence[GameSpec]):
    """The specs of a batch, each made when asked: ``len``, indexing and iteration without a
    list of them all. Two are equal when they hold the same specs."""

    __slots__ = ("_make", "_n")

    def __init__(self, n: int, make: Callable[[int], GameSpec]) -> None:
        if isinstance(n, bool) or not isinstance(n, int) or n < 0:
            raise ValueError(f"the number of games must be a whole number >= 0, got {n!r}")
        self._n = n
        self._make = make

    def __len__(self) -> int:
        return self._n

    @overload
    def __getitem__(self, index: int) -> GameSpec: ...
    @overload
    def __getitem__(self, index: slice) -> list[GameSpec]: ...
    def __getitem__(self, index: int | slice) -> GameSpec | list[GameSpec]:
        if isinstance(index, slice):
            return [self._make(i) for i in range(self._n)[index]]
        if not -self._n <= index < self._n:
            raise IndexError(f"spec {index} of a batch of {self._n}")
        return self._make(index % self._n)

    def __iter__(self) -> Iterator[GameSpec]:
        return (self._make(i) for i in range(self._n))

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Sequence):
            return NotImplemented
        return len(self) == len(other) and all(a == b for a, b in zip(self, other, strict=True))

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"<Specs of {self._n} game(s)>"


def _check_bots(game: GameType, bots: Sequence[str]) -> tuple[str, ...]:
    if isinstance(bots, str) or not bots:
        raise ValueError("give at least one bot kind")
    unknown = [kind for kind in bots if kind not in game.bots]
    if unknown:
        raise ValueError(
            f"unknown bot kind {unknown[0]!r}; {game.title}'s kinds are {', '.join(game.bots)}"
        )
    return tuple(bots)


def game_specs(
    game: GameType,
    n: int,
    players: int,
    seed: int,
    bots: Sequence[str] = ("heuristic", "random"),
    playouts: int = 0,
) -> Specs:
    """The specs of a batch of ``game``; ``playouts`` is the search bots' budget per
    decision (``0``: their default). Game ``i`` gives seat ``k`` the bot
    ``bots[(k + i) % len(bots)]``, so with as many bot kinds as players each kind plays every
    seat in turn; the game's and each bot's seed come from ``seed`` and ``i`` (:func:`game_seed`).
    A player count outside the game's range or an unknown bot kind is a ``ValueError``.

    >>> from speakeasy.games import load
    >>> [s.bots for s in game_specs(load("speakeasy"), 3, 2, seed=1)]
    [('heuristic', 'random'), ('random', 'heuristic'), ('heuristic', 'random')]
    """
    game.seats_for(players)
    kinds = _check_bots(game, bots)

    def make(i: int) -> GameSpec:
        return GameSpec(
            game.name,
            i,
            game_seed(seed, i),
            tuple(kinds[(k + i) % len(kinds)] for k in range(players)),
            tuple(game_seed(seed, i, f"bot{k}") for k in range(players)),
            playouts,
        )

    return Specs(n, make)


def random_specs(game: GameType, n: int, players: int, seed: int) -> Specs:
    """Random bots only, game ``i`` seeded ``seed + i`` and each seat's bot from the game's
    seed and the seat's name (``speakeasy simulate`` without ``--bots``: the seeds a player
    can retype to replay one game).

    >>> from speakeasy.games import load
    >>> [(s.seed, s.bots) for s in random_specs(load("mafia-city"), 2, 3, seed=7)]
    [(7, ('random', 'random', 'random')), (8, ('random', 'random', 'random'))]
    """
    seats = game.seats_for(players)
    _check_bots(game, ("random",))
    return Specs(
        n,
        lambda i: GameSpec(
            game.name,
            i,
            seed + i,
            ("random",) * players,
            tuple(derive_seed(seed + i, "bot", seat) for seat in seats),
        ),
    )


@dataclass(frozen=True, slots=True)
class SeatRecord:
    """One player of a finished game: what every game has, and the game's own facts in
    ``details`` (plain values: numbers, strings, tuples and mappings of them)."""

    colour: str  # the seat's name
    bot: str
    seat: int  # 1 = first in the starting turn order
    place: int  # 1 = best; tied players share a place
    won: bool
    score: int  # what the game's ``score_name`` counts: final money, VP...
    details: Mapping[str, Any] = field(default_factory=dict)

    def to_data(self) -> dict[str, Any]:
        return {
            "colour": self.colour,
            "bot": self.bot,
            "seat": self.seat,
            "place": self.place,
            "won": self.won,
            "score": self.score,
            "details": _plain(self.details),
        }


@dataclass(frozen=True, slots=True)
class GameRecord:
    """One finished game of a batch; ``winners`` is empty for a game that stopped without one
    (the game's ``details`` say why). Timings are kept but never compared."""

    game: str
    index: int
    seed: int
    players: int
    seats: tuple[SeatRecord, ...]  # in the game's seat order
    winners: tuple[str, ...]  # seat names
    decisions: int
    details: Mapping[str, Any] = field(default_factory=dict)
    seconds: float = field(default=0.0, compare=False)
    #: Per bot kind: (decisions, seconds spent choosing).
    decision_time: Mapping[str, tuple[int, float]] = field(default_factory=dict, compare=False)

    @property
    def winner_bots(self) -> tuple[str, ...]:
        return tuple(s.bot for s in self.seats if s.won)

    def seat_of(self, colour: str) -> SeatRecord:
        return next(s for s in self.seats if s.colour == str(colour))

    def to_data(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "index": self.index,
            "seed": self.seed,
            "players": self.players,
            "seats": [s.to_data() for s in self.seats],
            "winners": list(self.winners),
            "decisions": self.decisions,
            "details": _plain(self.details),
            "seconds": self.seconds,
            "decision_time": {k: list(v) for k, v in self.decision_time.items()},
        }


def _plain(value: Any) -> Any:
    """``value`` as JSON-ready data: mappings as dicts, tuples as lists."""
    if isinstance(value, Mapping):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, tuple | list):
        return [_plain(v) for v in value]
    return value


class DecisionClock:
    """Counts each bot kind's decisions and the seconds spent choosing (kept in records, never
    compared): a game's ``play_batch_game`` times every decision with :meth:`deciding`."""

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


# ---------------------------------------------------------------------- running a batch
def _player(game: GameType) -> Callable[[GameSpec], GameRecord]:
    if game.play_batch_game is None:
        raise ValueError(f"{game.title} plays no batch games (its descriptor has no player)")
    play: Callable[[GameSpec], GameRecord] = game.play_batch_game
    return play


def _checked(game: GameType, specs: Iterable[GameSpec]) -> Iterator[GameSpec]:
    for spec in specs:
        if spec.game != game.name:
            raise ValueError(f"a spec of {spec.game!r} in a batch of {game.name!r}")
        yield spec


def _worker_start() -> None:
    """A pool worker of :func:`iter_games`: SIGINT and SIGTERM are left to the process that
    started it (a Ctrl-C or a ``kill`` of the process group reaches every worker; the owner
    cancels the batch and stops them), and it ends itself when that process is gone, even
    killed with SIGKILL (its parent's sentinel closes), instead of waiting for work forever."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_IGN)
    parent = multiprocessing.parent_process()
    if parent is not None:
        threading.Thread(target=_end_with, args=(parent,), name="orphan-watch", daemon=True).start()


def _end_with(parent: BaseProcess) -> None:
    parent.join()
    os._exit(1)


class _RecordingContext:
    """A multiprocessing context that keeps every process it starts, so that the pool's workers
    can be stopped by :func:`iter_games` without reaching into the executor."""

    def __init__(self, base: DefaultContext) -> None:
        self._base = base
        self.processes: list[BaseProcess] = []

    def Process(self, *args: Any, **kwargs: Any) -> BaseProcess:  # the context API
        process: BaseProcess = self._base.Process(*args, **kwargs)
        self.processes.append(process)
        return process

    def __getattr__(self, name: str) -> Any:
        return getattr(self._base, name)


#: How long stopped workers get to end before they are killed (SIGKILL).
STOP_GRACE_S = 5.0


def stop_processes(processes: Iterable[BaseProcess], grace: float = STOP_GRACE_S) -> None:
    """Stop every process of ``processes`` that is still running (SIGKILL: batch workers
    ignore SIGTERM) and wait for each to end; those that never started are skipped."""
    started = [p for p in processes if p.pid is not None]
    for process in started:
        if process.is_alive():
            process.kill()
    deadline = time.monotonic() + grace
    for process in started:
        process.join(max(0.0, deadline - time.monotonic()))
        # the pool's own thread may have reaped the process first (then this join returns at
        # once): its exit code arrives from that thread, and until then the process counts as
        # a live child (multiprocessing.active_children)
        while process.exitcode is None and time.monotonic() < deadline:
            time.sleep(0.005)


#: How often :func:`iter_games` looks at its ``stop`` event while it waits for games (seconds).
STOP_POLL_S = 0.1


def iter_games(
    game: GameType,
    specs: Iterable[GameSpec],
    *,
    executor: Executor | None = None,
    workers: int | None = None,
    window: int | None = None,
    stop: threading.Event | None = None,
) -> Generator[GameRecord, None, None]:
    """Play the games of ``specs`` and yield each record as soon as it is finished (any order).

    ``specs`` is read lazily: at most ``window`` games wait in the executor at a time (default:
    four per worker, at least 256), the next specs made as games finish, so a batch of a
    million games takes no more memory than one of a thousand.

    ``executor``: any :class:`concurrent.futures.Executor` (it is not shut down here). Without
    one, ``workers=1`` plays in this process and otherwise a process pool with ``workers``
    processes (default: every core) is started and shut down. Its workers ignore SIGINT and
    SIGTERM (the caller decides what a signal means) and end if this process dies.

    The batch ends early when ``stop`` is set (a signal handler's way to stop it: nothing is
    raised inside the executor's locks) or when the iterator is closed (``close()``, an
    exception in the loop that reads it): the games not started are cancelled and, for the pool
    started here, its workers stopped at once, games in progress too. No process is left behind.
    """
    play = _player(game)
    todo = _checked(game, specs)
    stopped = stop.is_set if stop is not None else lambda: False
    if executor is None and (workers == 1 or (isinstance(specs, Sequence) and len(specs) <= 1)):
        for spec in todo:
            if stopped():
                return
            yield play(spec)
        return
    processes = workers or os.cpu_count() or 1
    context = _RecordingContext(multiprocessing.get_context())
    pool = executor or ProcessPoolExecutor(
        max_workers=processes, mp_context=cast(BaseContext, context), initializer=_worker_start
    )
    limit = window or max(256, 4 * processes)
    pending: set[Future[GameRecord]] = set()

    def fill() -> None:
        for spec in todo:
            pending.add(pool.submit(play, spec))
            if len(pending) >= limit:
                return

    poll = STOP_POLL_S if stop is not None else None
    finished = False
    try:
        fill()
        while pending and not stopped():
            done, _ = wait(pending, timeout=poll, return_when=FIRST_COMPLETED)
            pending.difference_update(done)
            if not stopped():
                fill()
            for future in done:
                yield future.result()
        finished = not pending
    finally:
        if executor is not None:
            for future in pending:
                future.cancel()
        else:
            if not finished:
                # The workers are stopped first: the pool's manager thread sees them gone, fails
                # the futures it still holds and ends, and the shutdown below waits for it. Had
                # the pool been shut down first, the shutdown would forget its thread, which could
                # then outlive this process's exit, whose handler races it closing a pipe; had a
                # future been cancelled first, the thread would fail on it (CPython 3.11).
                stop_processes(context.processes)
            pool.shutdown(wait=True, cancel_futures=True)


def simulate_many(
    game: GameType,
    n: int,
    players: int,
    seed: int = 1,
    *,
    bots: Sequence[str] = ("heuristic", "random"),
    executor: Executor | None = None,
    workers: int | None = None,
    progress: bool = True,
) -> list[GameRecord]:
    """Play ``n`` seeded games of ``game`` and return their records in game order.

    ``bots`` are bot kinds of the game, rotated over the seats (:func:`game_specs`). The games
    run on ``executor`` if given (e.g. Dask's ``Client().get_executor()``), else on a process
    pool of ``workers`` processes (default every core; 1 = in this process). A ``tqdm``
    progress bar is written to stderr unless ``progress`` is false. The records do not depend
    on the executor, the number of workers or the order games finish in.
    """
    if isinstance(n, bool) or not isinstance(n, int) or n < 1:
        raise ValueError(f"n must be at least 1, got {n!r}")
    specs = game_specs(game, n, players, seed, bots)
    records = list(
        tqdm(
            iter_games(game, specs, executor=executor, workers=workers),
            total=n,
            desc="games",
            unit="game",
            disable=not progress,
            file=sys.stderr,
        )
    )
    return sorted(records, key=lambda r: r.index)


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


def win_rates(records: Iterable[GameRecord]) -> dict[str, tuple[float, int]]:
    """Per bot kind: (wins, seats played). A shared win counts as 1/k for each of its ``k``
    winners; a game without a winner counts no win."""
    seats: Counter[str] = Counter()
    shares: dict[str, float] = {}
    for record in records:
        share = 1.0 / max(len(record.winners), 1)
        for s in record.seats:
            seats[s.bot] += 1
            shares[s.bot] = shares.get(s.bot, 0.0) + (share if s.won else 0.0)
    return {kind: (shares.get(kind, 0.0), seats[kind]) for kind in seats}


def _flat(prefix: str, value: Any, row: dict[str, Any]) -> None:
    if isinstance(value, Mapping):
        for key, sub in value.items():
            _flat(f"{prefix}_{key}", sub, row)
    else:
        row[prefix] = value


def seat_rows(records: Iterable[GameRecord]) -> list[dict[str, Any]]:
    """One flat row per player per game (for tables and plots): the record's fields, then the
    seat's and the game's ``details``, a mapping spread over columns ``<key>_<sub-key>``."""
    rows: list[dict[str, Any]] = []
    for record in records:
        for s in record.seats:
            row: dict[str, Any] = {
                "game": record.game,
                "index": record.index,
                "seed": record.seed,
                "players": record.players,
                "colour": s.colour,
                "bot": s.bot,
                "seat": s.seat,
                "place": s.place,
                "won": s.won,
                "shared_win": s.won and len(record.winners) > 1,
                "score": s.score,
            }
            for key, value in (*record.details.items(), *s.details.items()):
                _flat(key, value, row)
            rows.append(row)
    return rows


@dataclass(frozen=True, slots=True)
class BotSummary:
    """One bot kind over a batch: its wins (a shared win split) of the seats it played with
    their 95% Wilson interval, and its mean time to decide."""

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


def bot_summaries(records: Sequence[GameRecord], bots: Sequence[str]) -> list[BotSummary]:
    """Per bot kind of ``bots`` that played a seat, in the order given (repeats once).

    >>> from speakeasy.games import load
    >>> records = simulate_many(load("speakeasy"), 2, players=2, seed=5, workers=1, progress=False)
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

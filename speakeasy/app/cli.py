"""Command line: ``speakeasy simulate --players 4 --games 100 --seed 1`` plays bot games of any
registered game (``--game NAME``, :func:`speakeasy.games.names`; its players and bots come from
its descriptor) through one batch machinery (:mod:`speakeasy.tools.batch`); ``speakeasy
workshop`` serves every notebook with an index page (:mod:`speakeasy.app.workshop`).

Every bad argument is answered with one line on stderr and exit status 2 (a usage error) or 1 (it
failed while running), never a traceback; output that cannot be written (a closed pipe, a full
disk, a closed stdout) ends quietly with status 1. ``simulate`` stopped by Ctrl-C (SIGINT) or
SIGTERM at any moment (setting up, playing, summarising) prints ``interrupted: N of M ...
finished`` and the summary of the games that finished, exits with status 130 (SIGINT) or 143
(SIGTERM), and leaves no worker process behind.
"""

from __future__ import annotations

import argparse
import importlib
import multiprocessing
import os
import re
import signal
import socket
import statistics
import sys
import threading
import time
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import Executor
from contextlib import ExitStack, closing, contextmanager, nullcontext
from types import FrameType, TracebackType
from typing import TYPE_CHECKING, Any, Final, NoReturn

if TYPE_CHECKING:
    from _typeshed import SupportsWrite

from tqdm import tqdm

from speakeasy.app.room import load_codes
from speakeasy.app.workshop import is_loopback, serve
from speakeasy.core.registry import GameType
from speakeasy.games import load, names
from speakeasy.tools.batch import (
    GameRecord,
    Specs,
    bot_summaries,
    dask_executor,
    game_specs,
    iter_games,
    random_specs,
    stop_processes,
)
from speakeasy.tools.search import MAX_PLAYOUTS

__all__ = [
    "MAX_GAMES",
    "Interrupted",
    "SimulationInterrupted",
    "main",
    "simulate",
]

#: The most games one ``speakeasy simulate`` plays (a larger study is several runs of seeds).
MAX_GAMES = 1_000_000
#: Players per game when ``--players`` is not given (or the nearest count the game allows).
DEFAULT_PLAYERS = 4
#: The longest wait for a Dask scheduler to answer before ``--dask ADDRESS`` is refused.
DASK_CONNECT_TIMEOUT_S = 5.0

_DESCRIPTION = (
    "Speakeasy from the command line: 'speakeasy simulate' plays whole games with bots and "
    "summarises them; 'speakeasy workshop' serves every notebook with an index page."
)


class Interrupted(BaseException):
    """SIGINT or SIGTERM, raised in the main thread while ``simulate`` runs (see
    :class:`_Signals`); a ``BaseException`` like ``KeyboardInterrupt``, so that no ``except
    Exception`` swallows it."""

    def __init__(self, signum: int) -> None:
        super().__init__(signal.Signals(signum).name)
        self.signum = signum


def _status(signum: int) -> int:
    """The conventional exit status of a command stopped by ``signum``: 130 for SIGINT, 143
    for SIGTERM."""
    return 128 + signum


class SimulationInterrupted(Exception):
    """A signal stopped :func:`simulate`; ``summary`` describes the games that finished and
    ``status`` is the exit status (130 after Ctrl-C, 143 after SIGTERM)."""

    def __init__(self, summary: str, status: int = 130) -> None:
        super().__init__(summary)
        self.summary = summary
        self.status = status


class _Signals:
    """While entered (in the main thread), SIGINT and SIGTERM stop ``simulate``; how depends on
    what it is doing (:meth:`mode`):

    * ``"raise"`` (setting up: plain Python code): the first signal raises :class:`Interrupted`;
    * ``"flag"`` (playing: the executor's threads and locks): every signal only sets
      :attr:`stop`, which ends the batch (:func:`speakeasy.tools.batch.iter_games`), since an
      exception raised inside the executor's locks could leave them held;
    * ``"held"`` (the summary and its output): the first signal only marks the run interrupted
      and the summary is finished; a second one raises :class:`Interrupted`.

    Once one signal has been acted on, later ones are ignored, so that stopping the workers is
    not itself cut short. :attr:`first` is the first signal received."""

    def __init__(self) -> None:
        self.first: int | None = None
        self.stop = threading.Event()
        self._mode = "raise"
        self._previous: dict[int, Any] = {}

    def __enter__(self) -> _Signals:
        if threading.current_thread() is threading.main_thread():
            for sig in (signal.SIGINT, signal.SIGTERM):
                self._previous[sig] = signal.signal(sig, self._handle)
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        for sig, handler in self._previous.items():
            signal.signal(sig, handler)

    def replay(self, signum: int) -> None:
        """Act on ``signum`` as if it arrived now (a signal received before :meth:`__enter__`)."""
        self._handle(signum, None)

    def _handle(self, signum: int, frame: FrameType | None) -> None:
        if self.first is None:
            self.first = signum
            self.stop.set()
            if self._mode == "raise":
                raise Interrupted(signum)
        elif self._mode == "held":
            self._mode = "flag"
            raise Interrupted(signum)

    @contextmanager
    def mode(self, mode: str) -> Iterator[None]:
        """Handle signals as ``mode`` says (see the class) inside the block."""
        before, self._mode = self._mode, mode
        try:
            yield
        finally:
            self._mode = before


def simulate(
    players: int,
    games: int,
    seed: int,
    *,
    progress: bool = True,
    bots: Sequence[str] | None = None,
    workers: int | None = None,
    dask: str | None = None,
    game: str | None = None,
    signals: _Signals | None = None,
    playouts: int = 0,
) -> str:
    """Play ``games`` bot games of the registered ``game`` (default: the first registered) and
    return a printable summary.

    Without ``bots``: random bots, game ``i`` seeded ``seed + i``, one game after the other
    (:func:`speakeasy.tools.batch.random_specs`), summarised by seat. With ``bots`` (kinds of
    the game's bots, rotated over the seats): a batch (:func:`speakeasy.tools.batch.game_specs`)
    on ``workers`` processes (default every core), or on a Dask cluster when ``dask`` is
    ``"local"`` or a scheduler address (:func:`speakeasy.tools.batch.dask_executor`),
    summarised per bot kind with a 95% interval of its win rate. ``playouts`` is the search
    bots' budget per decision (``0``: their default). A game's own lines (money by
    source, rounds...) come from its descriptor's ``batch_lines``. The games are made one at a
    time as workers take them, so a million take no more memory to set up than ten.

    An unknown game, a player count outside the game's range or an unknown bot kind is a
    ``ValueError``. Ctrl-C (or :class:`Interrupted`, with ``signals`` the command's handling of
    SIGINT and SIGTERM) stops the games and raises :class:`SimulationInterrupted` with the
    summary of those that finished.
    """
    kind = load(names()[0] if game is None else game)
    if bots:
        specs = game_specs(kind, games, players, seed, tuple(bots), playouts)
        return _run(
            kind, specs, "game(s)", workers, progress, dask, _batch_summary(bots, seed), signals
        )
    specs = random_specs(kind, games, players, seed)
    return _run(kind, specs, "random game(s)", 1, progress, None, _random_summary(seed), signals)


#: Summarises the finished records: ``summary(game, records, games, elapsed seconds)``.
_Summary = Callable[[GameType, Sequence[GameRecord], int, float], str]


def _run(
    game: GameType,
    specs: Specs,
    what: str,
    workers: int | None,
    progress: bool,
    dask: str | None,
    summary: _Summary,
    signals: _Signals | None,
) -> str:
    """Play ``specs`` and summarise them. Worker processes ignore SIGINT and SIGTERM; on either
    (or Ctrl-C's ``KeyboardInterrupt``) this process stops collecting, cancels the games not
    started, stops the workers and raises :class:`SimulationInterrupted` with the summary of
    those that finished. A signal during the summary lets it finish, marked interrupted."""
    start = time.perf_counter()
    records: list[GameRecord] = []

    def collect(executor: Executor | None) -> None:
        stop = signals.stop if signals is not None else None
        played = iter_games(game, specs, executor=executor, workers=workers, stop=stop)
        with closing(played):  # stops the workers however the loop ends
            for record in tqdm(
                played,
                total=len(specs),
                desc="games",
                unit="game",
                disable=not progress,
                file=sys.stderr,
            ):
                records.append(record)  # noqa: PERF402 (kept when a signal stops the loop)

    try:
        with signals.mode("flag") if signals is not None else nullcontext():
            if dask is not None:
                with ExitStack() as stack:
                    try:
                        executor = stack.enter_context(dask_executor(dask, workers))
                    except (RuntimeError, KeyboardInterrupt):
                        raise
                    except Exception as err:  # Dask raises many kinds for an unusable scheduler
                        raise RuntimeError(
                            f"cannot use the Dask scheduler at {dask}: {type(err).__name__}: "
                            f"{str(err)[:200]}"
                        ) from err
                    collect(executor)
            else:
                collect(None)
    except KeyboardInterrupt:  # Ctrl-C without the command's handling (simulate called alone)
        raise _interrupted(game, records, specs, what, summary, start, signal.SIGINT) from None
    if signals is None:
        records.sort(key=lambda r: r.index)
        return summary(game, records, len(specs), time.perf_counter() - start)
    try:
        with signals.mode("held"):
            if signals.first is not None:  # the batch was stopped
                raise _interrupted(game, records, specs, what, summary, start, signals.first)
            records.sort(key=lambda r: r.index)
            text = summary(game, records, len(specs), time.perf_counter() - start)
    except Interrupted as stop:  # a second signal during the summary
        head = f"interrupted: {len(records)} of {len(specs)} {what} finished"
        raise SimulationInterrupted(head, _status(stop.signum)) from None
    if signals.first is not None:  # a signal during the summary of a finished batch
        head = f"interrupted: {len(records)} of {len(specs)} {what} finished"
        raise SimulationInterrupted(head + "\n" + text, _status(signals.first))
    return text


def _interrupted(
    game: GameType,
    records: list[GameRecord],
    specs: Specs,
    what: str,
    summary: _Summary,
    start: float,
    signum: int,
) -> SimulationInterrupted:
    """What to raise when a signal stopped the games: the summary of those that finished."""
    records.sort(key=lambda r: r.index)
    head = f"interrupted: {len(records)} of {len(specs)} {what} finished"
    if not records:
        return SimulationInterrupted(head, _status(signum))
    elapsed = time.perf_counter() - start
    text = summary(game, records, len(records), elapsed)
    return SimulationInterrupted(head + "\n" + text, _status(signum))


def _spread(name: str, values: Sequence[int]) -> str:
    """``decisions per game: mean 3.0, min 2, max 4``."""
    return f"{name}: mean {statistics.fmean(values):.1f}, min {min(values)}, max {max(values)}"


def _game_lines(game: GameType, records: Sequence[GameRecord], kind: str | None) -> list[str]:
    """The game's own lines of a summary (its descriptor's ``batch_lines``)."""
    return list(game.batch_lines(records, kind)) if game.batch_lines else []


def _random_summary(seed: int) -> _Summary:
    """The summary of random games, for every game: wins by seat, scores, lengths and time."""

    def summary(game: GameType, records: Sequence[GameRecord], games: int, elapsed: float) -> str:
        wins = Counter(colour for r in records for colour in r.winners)
        seconds = [r.seconds for r in records]
        lines = [
            f"{game.title}: {games} random game(s), {records[0].players} player(s), "
            f"seeds {seed}..{seed + games - 1}",
            "wins: " + ", ".join(f"{c} {n}" for c, n in sorted(wins.items())),
            _spread(game.score_name, [s.score for r in records for s in r.seats]),
            _spread("decisions per game", [r.decisions for r in records]),
            *_game_lines(game, records, None),
            f"time per game: median {statistics.median(seconds) * 1000:.1f} ms",
        ]
        return "\n".join(lines)

    return summary


def _batch_summary(bots: Sequence[str], seed: int) -> _Summary:
    """The summary of a batch, for every game: per bot kind its win rate with a 95% interval,
    its mean score and the game's own lines; the game lengths and the throughput."""

    def summary(game: GameType, records: Sequence[GameRecord], games: int, elapsed: float) -> str:
        lines = [
            f"{game.title}: {games} game(s), {records[0].players} player(s), "
            f"bots {', '.join(bots)}, batch seed {seed}",
        ]
        for bot in bot_summaries(records, bots):
            scores = [s.score for r in records for s in r.seats if s.bot == bot.kind]
            lines += [
                f"{bot.headline}; {game.score_name} mean {statistics.fmean(scores):.1f} "
                f"(min {min(scores)}, max {max(scores)})",
                *_game_lines(game, records, bot.kind),
                bot.timing,
            ]
        lines += [
            _spread("decisions per game", [r.decisions for r in records]),
            *_game_lines(game, records, None),
            f"throughput: {games / elapsed:.1f} games/s",
        ]
        return "\n".join(lines)

    return summary


def _bot_kinds(text: str) -> list[str]:
    """``--bots heuristic,random`` -> ``["heuristic", "random"]`` (checked against the kinds of
    the chosen game once it is known)."""
    kinds = [k.strip() for k in text.split(",") if k.strip()]
    if not kinds:
        raise argparse.ArgumentTypeError(f"name at least one bot kind, got {text!r}")
    return kinds


def _count(name: str, low: int, high: int | None = None) -> Callable[[str], int]:
    """An argparse type: a whole number in ``low..high`` (plain message otherwise)."""

    def parse(text: str) -> int:
        try:
            value = int(text.strip()) if re.fullmatch(r"\s*[+-]?[0-9]{1,20}\s*", text) else None
        except ValueError:
            value = None
        if value is None:
            raise argparse.ArgumentTypeError(f"{name} must be a whole number, got {text!r}")
        if value < low or (high is not None and value > high):
            bounds = f"{low} to {high}" if high is not None else f"at least {low}"
            raise argparse.ArgumentTypeError(f"{name} must be {bounds}, got {value}")
        return value

    return parse


_DASK_ADDRESS = re.compile(
    r"(?:(tcp|tls|ucx|inproc|ws|wss)://)?(\[[0-9a-fA-F:]+\]|[\w.-]+):(\d{1,5})"
)


def _dask_address(text: str) -> str:
    """``--dask``: ``local`` or a scheduler address ``[tcp://]host:port``."""
    text = text.strip()
    if text == "local":
        return text
    match = _DASK_ADDRESS.fullmatch(text)
    if match is None or not 0 < int(match.group(3)) <= 65535:
        raise argparse.ArgumentTypeError(
            f"--dask must be 'local' or a scheduler address such as tcp://host:8786, got {text!r}"
        )
    return text


def _check_scheduler(address: str, timeout: float = DASK_CONNECT_TIMEOUT_S) -> None:
    """Refuse (``RuntimeError``) a TCP scheduler address that does not answer within
    ``timeout`` seconds, before Dask would wait for it much longer."""
    try:  # Dask's own wait for a scheduler (30 s by default), bounded like ours
        dask = importlib.import_module("dask")
        dask.config.set({"distributed.comm.timeouts.connect": f"{timeout:g}s"})
    except ImportError:
        pass  # dask_executor says how to install it
    match = _DASK_ADDRESS.fullmatch(address)
    if address == "local" or match is None or match.group(1) not in (None, "tcp", "tls"):
        return
    host, port = match.group(2).strip("[]"), int(match.group(3))
    tcp = match.group(1) in (None, "tcp")
    try:
        with socket.create_connection((host, port), timeout=timeout) as sock:
            if tcp and not sock.recv(1):  # a Dask scheduler greets first (its handshake)
                raise ConnectionError("it closed the connection")
    except OSError as err:
        reason = "no answer" if isinstance(err, TimeoutError) else err.strerror or str(err)
        raise RuntimeError(
            f"cannot reach the Dask scheduler at {address} within {timeout:g} s ({reason})"
        ) from err


def _write(text: str) -> int:
    """Print ``text`` on stdout; a closed stdout, a closed pipe or a full disk ends quietly with
    status 1 (one line on stderr, except for a closed pipe whose reader has gone)."""
    if sys.__stdout__ is None or sys.stdout is None or sys.stdout.closed or not _fd_open(1):
        print("speakeasy: stdout is closed; the output is lost", file=sys.stderr)
        return 1
    try:
        sys.stdout.write(text + "\n")
        sys.stdout.flush()
    except BrokenPipeError:
        _silence_stdout()
        return 1
    except OSError as err:
        _silence_stdout()
        print(f"speakeasy: cannot write the output: {err.strerror or err}", file=sys.stderr)
        return 1
    return 0


def _fd_open(fd: int) -> bool:
    try:
        os.fstat(fd)
    except OSError:
        return False
    return True


def _silence_stdout() -> None:
    """Point stdout at /dev/null so that the interpreter's final flush does not fail again."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
    except (OSError, ValueError, AttributeError):
        pass


class _Parser(argparse.ArgumentParser):
    """argparse with the module's promises: a usage error is one line on stderr (the command,
    the problem and where to read more; status 2), and help that cannot be written (a full
    disk, a closed stdout) ends with status 1 and says so, instead of 0 with nothing shown.
    Sub-commands' parsers are of this class too (argparse makes them of the parent's)."""

    def error(self, message: str) -> NoReturn:
        # "argument --games: --games must be ...": the option named once
        message = re.sub(r"^argument (\S+): (?=\1\b)", "", message)
        sys.stderr.write(f"{self.prog}: {message} (see: {self.prog} --help)\n")
        raise SystemExit(2)

    def print_help(self, file: SupportsWrite[str] | None = None) -> None:
        if file is not None:
            super().print_help(file)
            return
        status = _write(self.format_help().rstrip("\n"))
        if status:
            raise SystemExit(status)


def _parser() -> tuple[argparse.ArgumentParser, argparse.ArgumentParser]:
    """The command's parser and its ``simulate`` sub-command's (for the checks made later)."""
    parser = _Parser(prog="speakeasy", description=_DESCRIPTION)
    sub = parser.add_subparsers(dest="command", required=True)
    sim = sub.add_parser(
        "simulate",
        help="play whole games with bots",
        description="Play whole games with bots and print a summary (Ctrl-C or SIGTERM stops "
        "early, summarises the games that finished and exits with status 130 or 143).",
    )
    games = [load(name) for name in names()]
    sim.add_argument(
        "--game",
        choices=[g.name for g in games],
        default=games[0].name,
        help=f"the game to play: {', '.join(g.name for g in games)} (default {games[0].name})",
    )
    sim.add_argument(
        "--players",
        type=_count(
            "--players", min(g.min_players for g in games), max(g.max_players for g in games)
        ),
        default=None,
        help="players per game: "
        + ", ".join(f"{g.min_players}-{g.max_players} for {g.title}" for g in games)
        + f" (default {DEFAULT_PLAYERS}, or the nearest count the game allows)",
    )
    sim.add_argument(
        "--games",
        type=_count("--games", 1, MAX_GAMES),
        default=10,
        help=f"games to play, 1 to {MAX_GAMES:,} (default 10)",
    )
    sim.add_argument(
        "--seed",
        type=_count("--seed", 0, 2**63 - 1),
        default=1,
        help="seed of the first game (default 1)",
    )
    sim.add_argument("--quiet", action="store_true", help="no progress bar")
    sim.add_argument(
        "--bots",
        type=_bot_kinds,
        default=None,
        help="comma-separated bot kinds of the game rotated over the seats, e.g. heuristic,random "
        "(default: random bots only, one game after the other)",
    )
    sim.add_argument(
        "--playouts",
        type=_count("--playouts", 1, MAX_PLAYOUTS),
        default=None,
        help=f"with a search bot in --bots: its playouts per decision, 1 to {MAX_PLAYOUTS:,} "
        "(default: the game's search bot's own budget)",
    )
    sim.add_argument(
        "--workers",
        type=_count("--workers", 1, 1024),
        default=None,
        help="with --bots: processes to use (default: every core)",
    )
    sim.add_argument(
        "--dask",
        metavar="ADDRESS",
        type=_dask_address,
        default=None,
        help="with --bots: run the games on a Dask cluster, 'local' (this machine, --workers "
        "processes) or a scheduler address such as tcp://host:8786",
    )
    shop = sub.add_parser(
        "workshop",
        help="serve every notebook with an index page (Ctrl-C stops)",
        description="Serve every notebook as a web app with an index page, until Ctrl-C. "
        "Listening beyond this machine (e.g. --host 0.0.0.0 for a room's laptops) needs an "
        "access code: eight characters to write on the board, printed in the URLs and kept "
        "from one workshop to the next (--new-code makes another). The teacher's index URL "
        "(with a teacher's code: the play tables' teacher view of every hand) is printed "
        "last, for the teacher only.",
    )
    shop.add_argument(
        "--host",
        default="127.0.0.1",
        help="address to listen on (default 127.0.0.1, this machine only; 0.0.0.0 for every "
        "network interface)",
    )
    shop.add_argument(
        "--port",
        type=_count("--port", 0, 65535),
        default=2718,
        help="port to listen on, 0 to 65535 (default 2718)",
    )
    shop.add_argument(
        "--new-code",
        action="store_true",
        help="make a new access code (and teacher's code) instead of the ones kept from the "
        "last workshop (in this user's state folder); the old ones stop working",
    )
    shop.add_argument(
        "--qr",
        action="store_true",
        help="also print the QR code of the students' URL in the terminal (the index page "
        "shows it whenever the workshop listens beyond this machine)",
    )
    tokens = shop.add_mutually_exclusive_group()
    tokens.add_argument(
        "--token",
        action="store_true",
        help="require the access code even on 127.0.0.1 (always on for other hosts)",
    )
    tokens.add_argument(
        "--no-token",
        action="store_true",
        help="serve beyond this machine without a token: anyone who reaches the port can run "
        "the notebooks (a warning is printed)",
    )
    return parser, sim


def main(argv: Sequence[str] | None = None, early: Sequence[int] = ()) -> int:
    """The ``speakeasy`` command. ``early`` holds signals received before it could answer them
    (:data:`speakeasy.app.entry.EARLY`, a live list): each interrupts the command as soon as
    its arguments are read, as a signal at that moment would."""
    top, parser = _parser()
    args = top.parse_args(argv)
    if args.command == "workshop":
        # The signals wait (blocked) while their handlers change hands, so none falls between
        # the look at those already received and the server's own handling: one that comes
        # meanwhile is pending here, or arrives when _workshop unblocks them, inside its try.
        _block(signal.SIG_BLOCK)
        signal.signal(signal.SIGINT, signal.default_int_handler)  # the server's own handling
        signal.signal(signal.SIGTERM, signal.SIG_DFL)
        received = [*early, *_pending()]
        if received:  # exits with them still blocked: a pending one is dropped with the process
            print(_NOT_STARTED, file=sys.stderr)
            return _status(received[0])
        return _workshop(
            args.host,
            args.port,
            token=args.token,
            no_token=args.no_token,
            new_code=args.new_code,
            qr=args.qr,
        )
    if args.workers is not None and not args.bots:
        parser.error(
            "--workers sets the processes of a --bots batch; random games run one after the "
            "other (name the bots, e.g. --bots heuristic,random)"
        )
    if args.dask and not args.bots:
        parser.error("--dask runs a --bots batch; name the bots, e.g. --bots heuristic,random")
    with _Signals() as signals:
        try:
            for signum in early:  # received while the command was loading
                signals.replay(signum)
            return _simulate(parser, args, signals)
        except Interrupted as stop:  # before the games started (the game, the scheduler...)
            _write(f"interrupted: 0 of {args.games} game(s) finished")
            return _status(stop.signum)
        finally:
            stop_processes(multiprocessing.active_children())  # none should be left


def _simulate(parser: argparse.ArgumentParser, args: argparse.Namespace, signals: _Signals) -> int:
    """``speakeasy simulate`` once its arguments are parsed (SIGINT and SIGTERM handled)."""
    game = load(args.game)
    players = args.players
    if players is None:
        players = min(max(DEFAULT_PLAYERS, game.min_players), game.max_players)
    try:
        game.seats_for(players)
    except ValueError as err:
        parser.error(f"--players: {err}")
    unknown = [kind for kind in args.bots or () if kind not in game.bots]
    if unknown:
        parser.error(
            f"--bots: unknown bot kind(s) {', '.join(map(repr, unknown))}; {game.title}'s kinds "
            f"are {', '.join(game.bots)}"
        )
    if args.playouts is not None and "search" not in (args.bots or ()):
        parser.error(
            "--playouts sets the search bot's budget; name it in --bots, e.g. --bots "
            "search,heuristic"
        )
    try:
        if args.dask:
            _check_scheduler(args.dask)
        summary = simulate(
            players,
            args.games,
            args.seed,
            progress=not args.quiet,
            bots=args.bots,
            workers=args.workers,
            dask=args.dask,
            game=args.game,
            signals=signals,
            playouts=args.playouts or 0,
        )
    except SimulationInterrupted as stop:
        summary, status = stop.summary, stop.status
    except (RuntimeError, OSError, ValueError) as err:
        print(f"speakeasy simulate: {err}", file=sys.stderr)
        return 1
    else:
        status = 0
    try:
        with signals.mode("held"):  # the summary is written whole unless a second signal comes
            status = _write(summary) or status
    except Interrupted as stop:
        return _status(stop.signum)
    return _status(signals.first) if signals.first is not None and not status else status


_NOT_STARTED: Final = "speakeasy workshop: interrupted before the server started"
#: The signals that stop the command.
_STOPS: Final = frozenset({signal.SIGINT, signal.SIGTERM})


def _block(how: int) -> None:
    """Block or unblock :data:`_STOPS` in this thread (where the system can; elsewhere a
    signal in that instant is answered as before)."""
    if hasattr(signal, "pthread_sigmask"):
        signal.pthread_sigmask(how, _STOPS)


def _pending() -> list[int]:
    """The stopping signals received while blocked, not yet delivered."""
    if not hasattr(signal, "sigpending"):
        return []
    return sorted(int(s) for s in signal.sigpending() & _STOPS)


def _workshop(
    host: str, port: int, *, token: bool, no_token: bool, new_code: bool = False, qr: bool = False
) -> int:
    """``speakeasy workshop``: serve with the stored codes (:func:`load_codes`, new ones with
    ``new_code``), then end the process at once (a browser session leaves marimo threads
    behind that would keep it alive after the server stopped)."""
    loopback = is_loopback(host)
    codes = load_codes(new=new_code)
    if codes.note:
        print(f"speakeasy workshop: note: {codes.note}", file=sys.stderr)
    secret = codes.access if token or (not loopback and not no_token) else None
    if no_token and not loopback:
        print(
            f"speakeasy workshop: warning: --no-token: anyone who can reach {host}:{port} can "
            "open the notebooks and run code on this machine",
            file=sys.stderr,
        )
    try:
        _block(signal.SIG_UNBLOCK)  # a signal held since main arrives now
        serve(host, port, token=secret, teacher=codes.teacher, key=codes.key, qr=qr)
        status = 0
    except KeyboardInterrupt:  # Ctrl-C before the server took it over
        print(_NOT_STARTED, file=sys.stderr)
        status = _status(signal.SIGINT)
    except OSError as err:
        print(f"speakeasy workshop: {err}", file=sys.stderr)
        status = 1
    for stream in (sys.stdout, sys.stderr):
        try:
            if stream is not None:
                stream.flush()
        except (OSError, ValueError):
            status = status or 1
    os._exit(status)


if __name__ == "__main__":
    raise SystemExit(main())

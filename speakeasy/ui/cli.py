"""Command line: ``speakeasy simulate --players 4 --games 100 --seed 1`` plays bot games
(``--game mafia-city`` plays Mafia City, 3-5 players, through the same batch machinery);
``speakeasy workshop`` serves every notebook with an index page (:mod:`speakeasy.ui.workshop`).

Every bad argument is answered with one line on stderr and exit status 2 (a usage error) or 1 (it
failed while running), never a traceback; output that cannot be written (a closed pipe, a full
disk, a closed stdout) ends quietly with status 1; Ctrl-C during ``simulate`` prints the summary of
the games that finished and exits with status 130.
"""

from __future__ import annotations

import argparse
import importlib
import os
import re
import secrets
import signal
import socket
import statistics
import sys
import time
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import Executor, ProcessPoolExecutor
from contextlib import ExitStack
from typing import Any

from tqdm import tqdm

from speakeasy.core.seeds import derive_seed
from speakeasy.engine.bots import RandomBot, play_out
from speakeasy.engine.game import Game
from speakeasy.studies.batch import (
    BOT_KINDS,
    MC_BOT_KINDS,
    SOURCES,
    GameRecord,
    McGameRecord,
    bot_summaries,
    dask_executor,
    game_specs,
    iter_games,
    iter_mc_games,
    mc_game_specs,
)
from speakeasy.ui.workshop import is_loopback, serve

__all__ = [
    "MAX_GAMES",
    "SimulationInterrupted",
    "main",
    "simulate",
]

#: The most games one ``speakeasy simulate`` plays (a larger study is several runs of seeds).
MAX_GAMES = 1_000_000
#: The games ``simulate --game`` plays, with the players each allows (R-PSETUP, MC-SETUP-11).
GAMES = {"speakeasy": (1, 4), "mafia-city": (3, 5)}
#: The longest wait for a Dask scheduler to answer before ``--dask ADDRESS`` is refused.
DASK_CONNECT_TIMEOUT_S = 5.0

_DESCRIPTION = (
    "Speakeasy from the command line: 'speakeasy simulate' plays whole games with bots and "
    "summarises them; 'speakeasy workshop' serves every notebook with an index page."
)


class SimulationInterrupted(Exception):
    """Ctrl-C stopped :func:`simulate`; ``summary`` describes the games that finished."""

    def __init__(self, summary: str) -> None:
        super().__init__(summary)
        self.summary = summary


def simulate(
    players: int,
    games: int,
    seed: int,
    *,
    progress: bool = True,
    bots: Sequence[str] | None = None,
    workers: int | None = None,
    dask: str | None = None,
    game: str = "speakeasy",
) -> str:
    """Play ``games`` bot games and return a printable summary.

    Without ``bots``: random bots, game ``i`` seeded ``seed + i``, one game after the other.
    With ``bots`` (kinds of :data:`speakeasy.studies.batch.BOT_KINDS`, rotated over the colours): a
    batch of :func:`speakeasy.studies.batch.simulate_many` on ``workers`` processes (default every
    core), or on a Dask cluster when ``dask`` is ``"local"`` or a scheduler address
    (:func:`speakeasy.studies.batch.dask_executor`), summarised per bot kind with a 95% interval of
    its win rate (R-SCORING-5/6).

    ``game="mafia-city"`` plays Mafia City (3-5 players) always as a batch (random bots when
    ``bots`` is empty), summarised per bot kind with win rates (MC-WIN-2/3), VP and game lengths.
    """
    if game not in GAMES:
        raise ValueError(f"unknown game {game!r}; games are {', '.join(GAMES)}")
    low, high = GAMES[game]
    if not low <= players <= high:
        raise ValueError(f"{game} is for {low} to {high} players, got {players}")
    if game == "mafia-city":
        return _simulate_batch(
            players,
            games,
            seed,
            bots or ("random",),
            workers=workers,
            progress=progress,
            dask=dask,
            game=game,
        )
    if bots:
        return _simulate_batch(
            players, games, seed, bots, workers=workers, progress=progress, dask=dask
        )
    wins: Counter[str] = Counter()
    scores: list[int] = []
    lengths: list[int] = []
    seconds: list[float] = []
    try:
        for i in tqdm(
            range(games), desc="games", unit="game", disable=not progress, file=sys.stderr
        ):
            start = time.perf_counter()
            match = Game.new(players=players, seed=seed + i, checkpoints=False)  # never undone
            random_bots = {
                c: RandomBot(seed=derive_seed(match.seed, "bot", c.value)) for c in match.colours
            }
            play_out(match, random_bots)
            seconds.append(time.perf_counter() - start)
            result = match.result()
            for winner in result.winners:
                wins[winner.value] += 1
            scores.extend(s.breakdown.total for s in result.standings)
            lengths.append(len(match.history))
    except KeyboardInterrupt:
        done = len(lengths)
        head = f"interrupted: {done} of {games} random game(s) finished"
        if not done:
            raise SimulationInterrupted(head) from None
        raise SimulationInterrupted(
            head + "\n" + _random_summary(done, players, seed, wins, scores, lengths, seconds)
        ) from None
    return _random_summary(games, players, seed, wins, scores, lengths, seconds)


def _random_summary(
    games: int,
    players: int,
    seed: int,
    wins: Counter[str],
    scores: list[int],
    lengths: list[int],
    seconds: list[float],
) -> str:
    lines = [
        f"{games} random game(s), {players} player(s), seeds {seed}..{seed + games - 1}",
        "wins: " + ", ".join(f"{c} {n}" for c, n in sorted(wins.items())),
        f"final money: mean {statistics.fmean(scores):.1f}, min {min(scores)}, max {max(scores)}",
        f"decisions per game: mean {statistics.fmean(lengths):.1f}, min {min(lengths)}, "
        f"max {max(lengths)}",
        f"time per game: median {statistics.median(seconds) * 1000:.1f} ms",
    ]
    return "\n".join(lines)


def _simulate_batch(
    players: int,
    games: int,
    seed: int,
    bots: Sequence[str],
    *,
    workers: int | None,
    progress: bool,
    dask: str | None = None,
    game: str = "speakeasy",
) -> str:
    """``speakeasy simulate --bots ...``: a :mod:`speakeasy.studies.batch` run, summarised by
    bot. Worker processes ignore Ctrl-C; this process stops collecting, cancels the games not
    started and raises :class:`SimulationInterrupted` with the summary of those that finished."""
    start = time.perf_counter()
    mafia = game == "mafia-city"
    specs = (mc_game_specs if mafia else game_specs)(games, players, seed, tuple(bots))
    records: list[Any] = []

    def summary(done: int) -> str:
        if mafia:
            return _mc_summary(done, players, seed, bots, records, time.perf_counter() - start)
        return _batch_summary(done, players, seed, bots, records, time.perf_counter() - start)

    def collect(executor: Executor | None) -> None:
        played: Iterator[GameRecord | McGameRecord] = (
            iter_mc_games(specs, executor=executor, workers=workers)
            if mafia
            else iter_games(specs, executor=executor, workers=workers)
        )
        for record in tqdm(
            played,
            total=games,
            desc="games",
            unit="game",
            disable=not progress,
            file=sys.stderr,
        ):
            records.append(record)  # noqa: PERF402 (kept when Ctrl-C stops the loop)

    try:
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
        elif workers == 1 or games == 1:
            collect(None)
        else:
            pool = ProcessPoolExecutor(
                max_workers=workers or os.cpu_count() or 1, initializer=_ignore_sigint
            )
            try:
                collect(pool)
            finally:
                pool.shutdown(wait=True, cancel_futures=True)
    except KeyboardInterrupt:
        records.sort(key=lambda r: r.index)
        head = f"interrupted: {len(records)} of {games} game(s) finished"
        if not records:
            raise SimulationInterrupted(head) from None
        raise SimulationInterrupted(head + "\n" + summary(len(records))) from None
    records.sort(key=lambda r: r.index)
    return summary(games)


def _ignore_sigint() -> None:
    """A worker process leaves Ctrl-C to the process that started it."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _batch_summary(
    games: int,
    players: int,
    seed: int,
    bots: Sequence[str],
    records: Sequence[GameRecord],
    elapsed: float,
) -> str:
    lines = [
        f"{games} game(s), {players} player(s), bots {', '.join(bots)}, batch seed {seed}",
    ]
    for bot in bot_summaries(records, bots):
        seats = [s for r in records for s in r.seats if s.bot == bot.kind]
        money = {src: statistics.fmean(s.money_by_source[src] for s in seats) for src in SOURCES}
        gained = ", ".join(f"{src} {v:.1f}" for src, v in money.items() if v)
        mean = statistics.fmean(s.total for s in seats)
        lines += [
            f"{bot.headline}; final money mean {mean:.1f}",
            f"  money gained per seat: {gained or 'none'}",
            bot.timing,
        ]
    lengths = [r.decisions for r in records]
    lines += [
        f"decisions per game: mean {statistics.fmean(lengths):.1f}, min {min(lengths)}, "
        f"max {max(lengths)}",
        f"throughput: {games / elapsed:.1f} games/s",
    ]
    return "\n".join(lines)


def _mc_summary(
    games: int,
    players: int,
    seed: int,
    bots: Sequence[str],
    records: Sequence[McGameRecord],
    elapsed: float,
) -> str:
    """The Mafia City batch summary: per bot kind its win rate (MC-WIN-2/3) and VP; the game
    lengths in rounds and decisions; games stopped unfinished at the round cap (GAP-MC-24)."""
    lines = [
        f"Mafia City: {games} game(s), {players} player(s), bots {', '.join(bots)}, "
        f"batch seed {seed}",
    ]
    for bot in bot_summaries(records, bots):
        vp = [s.vp for r in records for s in r.seats if s.bot == bot.kind]
        lines += [
            f"{bot.headline}; VP mean {statistics.fmean(vp):.1f} (min {min(vp)}, max {max(vp)})",
            bot.timing,
        ]
    rounds = [r.rounds for r in records]
    lengths = [r.decisions for r in records]
    unfinished = sum(not r.finished for r in records)
    rules = Counter(r.decided_by for r in records if r.finished)
    lines += [
        f"rounds per game: mean {statistics.fmean(rounds):.1f}, min {min(rounds)}, "
        f"max {max(rounds)}",
        f"decisions per game: mean {statistics.fmean(lengths):.1f}, min {min(lengths)}, "
        f"max {max(lengths)}",
        "won by: " + ", ".join(f"{rule} {n}" for rule, n in rules.most_common()),
    ]
    if unfinished:
        lines.append(f"unfinished (stopped at the round cap, GAP-MC-24): {unfinished}")
    lines.append(f"throughput: {games / elapsed:.1f} games/s")
    return "\n".join(lines)


def _bot_kinds(text: str) -> list[str]:
    """``--bots heuristic,random`` -> ``["heuristic", "random"]`` (checked against the kinds)."""
    kinds = [k.strip() for k in text.split(",") if k.strip()]
    unknown = [k for k in kinds if k not in BOT_KINDS or k not in MC_BOT_KINDS]
    if not kinds or unknown:
        raise argparse.ArgumentTypeError(
            f"unknown bot kind(s) {', '.join(unknown) or text!r}; kinds are {', '.join(BOT_KINDS)}"
        )
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


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="speakeasy", description=_DESCRIPTION)
    sub = parser.add_subparsers(dest="command", required=True)
    sim = sub.add_parser(
        "simulate",
        help="play whole games with bots",
        description="Play whole games with bots and print a summary (Ctrl-C stops early and "
        "summarises the games that finished).",
    )
    sim.add_argument(
        "--game",
        choices=tuple(GAMES),
        default="speakeasy",
        help="the game to play: speakeasy (default) or mafia-city",
    )
    sim.add_argument(
        "--players",
        type=_count("--players", 1, 5),
        default=4,
        help="players per game: 1-4 for Speakeasy, 3-5 for Mafia City (default 4)",
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
        help="comma-separated bot kinds rotated over the colours, e.g. heuristic,random "
        "(default: random bots only, one game after the other)",
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
        "access token, generated and printed in the URLs.",
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
    tokens = shop.add_mutually_exclusive_group()
    tokens.add_argument(
        "--token",
        action="store_true",
        help="require a generated access token even on 127.0.0.1 (always on for other hosts)",
    )
    tokens.add_argument(
        "--no-token",
        action="store_true",
        help="serve beyond this machine without a token: anyone who reaches the port can run "
        "the notebooks (a warning is printed)",
    )
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = _parser()
    args = parser.parse_args(argv)
    if args.command == "workshop":
        return _workshop(args.host, args.port, token=args.token, no_token=args.no_token)
    if args.workers is not None and not args.bots:
        parser.error(
            "--workers sets the processes of a --bots batch; random games run one after the "
            "other (name the bots, e.g. --bots heuristic,random)"
        )
    if args.dask and not args.bots:
        parser.error("--dask runs a --bots batch; name the bots, e.g. --bots heuristic,random")
    low, high = GAMES[args.game]
    if not low <= args.players <= high:
        name = "Speakeasy" if args.game == "speakeasy" else "Mafia City"
        parser.error(f"--players: {name} is for {low} to {high} players, got {args.players}")
    try:
        if args.dask:
            _check_scheduler(args.dask)
        summary = simulate(
            args.players,
            args.games,
            args.seed,
            progress=not args.quiet,
            bots=args.bots,
            workers=args.workers,
            dask=args.dask,
            game=args.game,
        )
    except SimulationInterrupted as stop:
        _write(stop.summary)
        return 130
    except (RuntimeError, OSError) as err:
        print(f"speakeasy simulate: {err}", file=sys.stderr)
        return 1
    return _write(summary)


def _workshop(host: str, port: int, *, token: bool, no_token: bool) -> int:
    """``speakeasy workshop``: serve, then end the process at once (a browser session leaves
    marimo threads behind that would keep it alive after the server stopped)."""
    loopback = is_loopback(host)
    secret = secrets.token_urlsafe(24) if token or (not loopback and not no_token) else None
    if no_token and not loopback:
        print(
            f"speakeasy workshop: warning: --no-token: anyone who can reach {host}:{port} can "
            "open the notebooks and run code on this machine",
            file=sys.stderr,
        )
    try:
        serve(host, port, token=secret)
        status = 0
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

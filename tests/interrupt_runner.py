"""``speakeasy simulate`` held at a chosen moment, for the signal tests (tests/test_interrupts.py).

``python -m tests.interrupt_runner MOMENT ARGS...`` runs ``speakeasy.app.cli.main(ARGS)`` with
one hook, so that a test can send its signal at a known moment (a marker on stderr) rather than
after a fixed sleep:

* ``specs``: building the batch (``game_specs``) prints ``MARK specs`` and waits for a line on
  stdin (no worker exists yet);
* ``playing``: every game prints ``MARK playing`` from its worker and never ends (the workers
  exist and are busy, no game has finished: they must be stopped, not waited for);
* ``summary``: the summary prints ``MARK summary`` and waits for a line on stdin (every game has
  finished);
* ``orphan``: no command: a thread plays a large batch on two workers (as a notebook's cell does in
  the workshop), prints ``MARK orphan`` once a game finished and waits; the test kills this
  process (SIGKILL) and checks that the workers end by themselves.

Any other moment runs the command unchanged (the test waits for the progress bar).
"""

from __future__ import annotations

import dataclasses
import faulthandler
import signal
import sys
import threading
from collections.abc import Sequence
from typing import Any

import pytest

import speakeasy.app.cli as cli
from speakeasy.games import load
from speakeasy.tools.batch import (
    BotSummary,
    GameRecord,
    GameSpec,
    bot_summaries,
    game_specs,
    iter_games,
)


def mark(moment: str) -> None:
    print(f"MARK {moment}", file=sys.stderr, flush=True)


def wait_for_a_line() -> None:
    sys.stdin.readline()


def stuck_game(spec: GameSpec) -> GameRecord:
    """A game that starts and never ends (runs in a worker)."""
    mark("playing")
    threading.Event().wait()
    raise AssertionError("unreachable")


def held_specs(*args: Any, **kwargs: Any) -> Any:
    mark("specs")
    wait_for_a_line()
    return game_specs(*args, **kwargs)


real_bot_summaries = bot_summaries


def held_bot_summaries(records: Sequence[GameRecord], bots: Sequence[str]) -> list[BotSummary]:
    mark("summary")
    wait_for_a_line()
    return real_bot_summaries(records, bots)


def stuck_load(name: str) -> Any:
    return dataclasses.replace(load(name), play_batch_game=stuck_game)


def orphan() -> None:
    game = load("mafia-city")
    games = iter_games(game, game_specs(game, 1_000_000, 4, 1), workers=2)
    first = threading.Event()

    def play() -> None:
        for _ in games:
            first.set()

    threading.Thread(target=play, daemon=True).start()
    first.wait()
    mark("orphan")
    threading.Event().wait()


def run(moment: str, args: Sequence[str]) -> int:
    if moment == "orphan":
        orphan()
    hooks = {"specs": held_specs, "playing": stuck_load, "summary": held_bot_summaries}
    name = {"specs": "game_specs", "playing": "load", "summary": "bot_summaries"}.get(moment)
    with pytest.MonkeyPatch.context() as patch:
        if name is not None:
            patch.setattr(cli, name, hooks[moment])
        return cli.main(args)


if __name__ == "__main__":
    faulthandler.register(signal.SIGUSR1, all_threads=True)
    raise SystemExit(run(sys.argv[1], sys.argv[2:]))

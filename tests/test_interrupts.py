"""Ctrl-C (SIGINT) or SIGTERM stops ``speakeasy simulate`` cleanly at any moment (issue 26 item
13): while the batch is set up, while games are played, while the summary is made. Each ends
with ``interrupted: N of M ... finished`` and the summary so far, status 130 (SIGINT) or 143
(SIGTERM), no traceback, and no process left in its process group.

Each case starts the command in a new session (its own process group), waits for a marker on
stderr (:mod:`tests.interrupt_runner` holds the command at a chosen moment, or the progress bar
shows a finished game), then sends the signal; only liveness bounds are timed.
"""

from __future__ import annotations

import contextlib
import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
RUNNER = [sys.executable, "-m", "tests.interrupt_runner"]
GAMES = 1_000_000
#: A batch on two workers (Mafia City's games are short: a million never finish in a test).
BATCH = ["simulate", "--game", "mafia-city", "--players", "4", "--games", str(GAMES)]
BOTS = ["--bots", "heuristic,random", "--workers", "2"]
SIGNALS = [signal.SIGINT, signal.SIGTERM]


def group_members(group: int) -> list[int]:
    """The processes of process group ``group`` that are alive (zombies excluded), from /proc."""
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
        except OSError:
            continue
        fields = stat.rsplit(")", 1)[1].split()
        if fields[0] != "Z" and int(fields[2]) == group:
            found.append(int(entry.name))
    return found


def assert_group_ends(group: int, within: float = 15.0) -> None:
    """Every process of ``group`` ends within ``within`` seconds (a liveness bound); survivors
    are killed so that a failing test leaves nothing behind either."""
    deadline = time.monotonic() + within
    while group_members(group) and time.monotonic() < deadline:
        time.sleep(0.1)
    left = {pid: describe(pid) for pid in group_members(group)}
    for pid in left:
        with contextlib.suppress(ProcessLookupError):
            os.kill(pid, signal.SIGKILL)
    assert not left, f"processes left behind in the group: {left}"


def describe(pid: int) -> str:
    """A process's command line, state and threads (for a failure's message)."""
    try:
        cmdline = Path(f"/proc/{pid}/cmdline").read_text().replace("\0", " ")
        status = Path(f"/proc/{pid}/status").read_text().splitlines()
    except OSError:
        return "gone"
    keep = ("State", "PPid", "Threads", "SigIgn", "SigBlk")
    return cmdline + "; " + ", ".join(line for line in status if line.startswith(keep))


def start(moment: str, *args: str) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [*RUNNER, moment, *args],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        cwd=ROOT,
        start_new_session=True,
    )


def wait_for(proc: subprocess.Popen[str], pattern: str, within: float = 120.0) -> str:
    """Read stderr until ``pattern`` shows (the process must not end first)."""
    assert proc.stderr is not None
    seen = ""
    deadline = time.monotonic() + within
    while not re.search(pattern, seen):
        char = proc.stderr.read(1)
        assert char, f"the command ended before {pattern!r}: {seen[-2000:]}"
        assert time.monotonic() < deadline, f"no {pattern!r} within {within} s: {seen[-2000:]}"
        seen += char
    return seen


def finish(proc: subprocess.Popen[str], sig: int) -> tuple[str, str]:
    """The command's output once it ended (within 60 s: a liveness bound; a command still
    running then prints every thread's stack, see tests/interrupt_runner.py, and fails)."""
    try:
        out, err = proc.communicate(timeout=60)
    except subprocess.TimeoutExpired:
        proc.send_signal(signal.SIGUSR1)
        with contextlib.suppress(subprocess.TimeoutExpired):
            proc.communicate(timeout=5)
        proc.kill()
        out, err = proc.communicate()
        assert_group_ends(proc.pid)
        raise AssertionError(
            f"still running 60 s after the signal:\n{out}\n{err[-8000:]}"
        ) from None
    assert_group_ends(proc.pid)
    assert proc.returncode == 128 + sig, err
    assert "Traceback" not in err, err
    return out, err


def interrupted(out: str) -> tuple[int, int]:
    """(finished, games) from the first line, ``interrupted: N of M game(s) finished``."""
    match = re.fullmatch(
        r"interrupted: (\d+) of (\d+) (?:random )?game\(s\) finished", out.split("\n")[0]
    )
    assert match, out
    return int(match.group(1)), int(match.group(2))


def catches(pid: int, sig: int) -> bool:
    """Whether process ``pid`` has a handler for ``sig`` (its ``SigCgt`` mask in /proc)."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("SigCgt:"):
            return bool(int(line.split()[1], 16) >> (sig - 1) & 1)
    return False


@pytest.mark.parametrize("sig", SIGNALS, ids=["SIGINT", "SIGTERM"])
@pytest.mark.parametrize(
    "command", [BATCH, ["workshop", "--port", "0"]], ids=["simulate", "workshop"]
)
def test_a_signal_while_the_command_loads(sig: int, command: list[str]) -> None:
    """The console script's entry (:mod:`speakeasy.app.entry`) takes the signals over before
    it imports the command line (one to three seconds): a signal sent as soon as it does is
    answered like any other, without a traceback."""
    proc = subprocess.Popen(
        [sys.executable, "-m", "speakeasy.app.entry", *command],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        cwd=ROOT,
        start_new_session=True,
    )
    deadline = time.monotonic() + 60
    while not catches(proc.pid, signal.SIGTERM):  # the entry's handler is in place
        assert proc.poll() is None and time.monotonic() < deadline, proc.communicate()
        time.sleep(0.001)
    proc.send_signal(sig)
    out, err = finish(proc, sig)
    if command is BATCH:
        assert interrupted(out) == (0, GAMES)
    else:
        assert err.strip() == "speakeasy workshop: interrupted before the server started"


#: A signal that comes while the workshop's handlers change hands: sent to a process that
#: blocks it, it waits (pending) exactly as one sent in that instant would.
HANDOVER = """
import os, signal, sys
from speakeasy.app import cli
signal.pthread_sigmask(signal.SIG_BLOCK, {{signal.SIGINT, signal.SIGTERM}})
os.kill(os.getpid(), {sig})
sys.exit(cli.main(["workshop", "--port", "0"]))
"""


@pytest.mark.parametrize("sig", SIGNALS, ids=["SIGINT", "SIGTERM"])
def test_a_signal_while_the_workshop_takes_the_signals_over(sig: int) -> None:
    """Between the look at the signals received while loading and the server's own handling,
    the workshop holds the signals: one that comes then is not lost (the server never
    starts) and ends the command like any other, without a traceback."""
    done = subprocess.run(
        [sys.executable, "-c", HANDOVER.format(sig=int(sig))],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=120,
    )
    assert done.returncode == 128 + sig, done
    assert done.stderr.strip() == "speakeasy workshop: interrupted before the server started"
    assert "Press Ctrl-C" not in done.stdout


@pytest.mark.parametrize("sig", SIGNALS, ids=["SIGINT", "SIGTERM"])
def test_a_signal_while_the_batch_is_built(sig: int) -> None:
    proc = start("specs", *BATCH, *BOTS)
    wait_for(proc, "MARK specs")
    proc.send_signal(sig)
    out, _ = finish(proc, sig)
    assert interrupted(out) == (0, GAMES)


@pytest.mark.parametrize("sig", SIGNALS, ids=["SIGINT", "SIGTERM"])
def test_a_signal_while_workers_are_busy_stops_them(sig: int) -> None:
    """The workers play games that never end: the signal stops them rather than waiting."""
    proc = start("playing", *BATCH, *BOTS)
    wait_for(proc, "MARK playing")
    proc.send_signal(sig)
    out, _ = finish(proc, sig)
    assert interrupted(out) == (0, GAMES)


@pytest.mark.parametrize("sig", SIGNALS, ids=["SIGINT", "SIGTERM"])
def test_a_signal_to_the_whole_group_mid_batch(sig: int) -> None:
    """As a terminal's Ctrl-C or ``kill -- -PGID`` does: every worker gets the signal too."""
    proc = start("mid", *BATCH, *BOTS)
    wait_for(proc, rf"\| [1-9][0-9]*/{GAMES}")
    os.killpg(proc.pid, sig)
    out, _ = finish(proc, sig)
    done, games = interrupted(out)
    assert 1 <= done < games == GAMES
    assert "decisions per game" in out and "rounds per game" in out


@pytest.mark.parametrize("sig", SIGNALS, ids=["SIGINT", "SIGTERM"])
def test_a_signal_mid_batch_of_random_games(sig: int) -> None:
    """Random games (no --bots) are played in this process, one after the other."""
    proc = start("mid", *BATCH)
    wait_for(proc, rf"\| [1-9][0-9]*/{GAMES}")
    proc.send_signal(sig)
    out, _ = finish(proc, sig)
    done, games = interrupted(out)
    assert 1 <= done < games == GAMES
    assert "wins: " in out


@pytest.mark.parametrize("sig", SIGNALS, ids=["SIGINT", "SIGTERM"])
def test_a_signal_during_the_summary_lets_it_finish(sig: int) -> None:
    proc = start("summary", *BATCH[:-1], "3", *BOTS)
    wait_for(proc, "MARK summary")
    proc.send_signal(sig)
    assert proc.stdin is not None
    proc.stdin.write("go on\n")
    proc.stdin.flush()
    out, _ = finish(proc, sig)
    assert interrupted(out) == (3, 3)
    assert "heuristic: won" in out and "throughput" in out


def test_workers_end_when_the_process_that_started_them_is_killed() -> None:
    """A pool's workers end by themselves when their parent dies without stopping them (SIGKILL,
    or the workshop's ``os._exit`` while a notebook plays a batch)."""
    proc = start("orphan")
    wait_for(proc, "MARK orphan")
    assert len(group_members(proc.pid)) >= 3  # the process and its two workers
    proc.kill()
    proc.communicate(timeout=30)
    assert_group_ends(proc.pid)

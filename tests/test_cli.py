"""The command line answers every bad argument plainly (issue 14, item 8).

Each case runs ``python -m speakeasy.app.entry`` (what the ``speakeasy`` console script calls) in a
subprocess: a usage error is one line on stderr and exit status 2, a failure while running one
line and status 1, never a traceback; output that cannot be written ends quietly with a non-zero
status; Ctrl-C during ``simulate`` prints the summary of the games that finished.
"""

from __future__ import annotations

import ast
import os
import re
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

from speakeasy.app.cli import MAX_GAMES, main
from speakeasy.games import load, names

ROOT = Path(__file__).resolve().parents[1]
CLI = [sys.executable, "-m", "speakeasy.app.entry"]


def _run(*args: str, timeout: float = 60) -> subprocess.CompletedProcess[str]:
    return subprocess.run([*CLI, *args], capture_output=True, text=True, timeout=timeout, cwd=ROOT)


def _one_line_error(result: subprocess.CompletedProcess[str], status: int) -> str:
    """The one line a failed command printed (a usage error prints nothing else: no usage
    block, issue 26 item 14)."""
    assert result.returncode == status, result.stderr
    assert "Traceback" not in result.stderr and "usage:" not in result.stderr
    lines = result.stderr.strip().splitlines()
    if status == 2:
        assert len(lines) == 1, result.stderr
        assert lines[0].endswith("--help)"), lines[0]  # where to read more
    last = lines[-1]
    assert last.startswith("speakeasy")
    return last


@pytest.mark.parametrize(
    ("args", "says"),
    [
        (["simulate", "--workers", "-1", "--bots", "random"], "--workers must be 1 to 1024"),
        (["simulate", "--workers", "two", "--bots", "random"], "--workers must be a whole number"),
        (["simulate", "--games", "50000000000"], f"--games must be 1 to {MAX_GAMES}"),
        (["simulate", "--games", "0"], f"--games must be 1 to {MAX_GAMES}"),
        (["simulate", "--seed", "-5"], "--seed must be"),
        (["simulate", "--seed", "9" * 5000], "--seed must be a whole number"),
        (["workshop", "--port", "-1"], "--port must be 0 to 65535, got -1"),
        (["workshop", "--port", "70000"], "--port must be 0 to 65535, got 70000"),
        (["simulate", "--bots", "random", "--dask", "garbage"], "--dask must be 'local' or"),
        (["simulate", "--bots", "random", "--dask", "tcp://host:99999"], "--dask must be"),
        (["simulate", "--workers", "2"], "--workers sets the processes of a --bots batch"),
        (["simulate", "--dask", "local"], "--dask runs a --bots batch"),
        (["workshop", "--token", "--no-token"], "not allowed with argument"),
        (["workshop", "--new-code=ABCD"], "ignored explicit argument 'ABCD'"),
        (["workshop", "--qr=yes"], "ignored explicit argument 'yes'"),
        (["simulate", "--players", "9"], "--players must be 1 to 5, got 9"),
        (["simulate", "--game", "chess"], "invalid choice: 'chess'"),
        (["simulate", "--bots", "nope"], "unknown bot kind(s) 'nope'"),
        (["simulate", "--unknown"], "unrecognized arguments: --unknown"),
        (["bogus"], "invalid choice: 'bogus'"),
        ([], "the following arguments are required: command"),
    ],
)
def test_a_bad_argument_is_a_usage_error(args: list[str], says: str) -> None:
    """Issue 14 item 8: --workers -1, --port -1/70000, garbage --dask, an unbounded --games
    and --workers without --bots were tracebacks, ran until killed or were silently ignored."""
    assert says in _one_line_error(_run(*args), 2)


def test_an_unreachable_dask_scheduler_fails_fast() -> None:
    """Issue 14 item 8: a silent --dask address waited 30 s, then raised a traceback."""
    with socket.socket() as sock:  # a port nobody listens on
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    start = time.monotonic()
    result = _run(
        "simulate", "--bots", "random", "--games", "2", "--dask", f"tcp://127.0.0.1:{port}"
    )
    assert time.monotonic() - start < 15
    assert "cannot reach the Dask scheduler" in _one_line_error(result, 1)


def test_a_scheduler_that_never_answers_is_bounded() -> None:
    """A port that accepts the connection but never speaks: Dask's wait is bounded too."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        sock.listen()
        port = sock.getsockname()[1]
        start = time.monotonic()
        result = _run(
            "simulate", "--bots", "random", "--games", "2", "--dask", f"tcp://127.0.0.1:{port}"
        )
        elapsed = time.monotonic() - start
    assert elapsed < 25
    assert "Dask scheduler" in _one_line_error(result, 1)


@pytest.mark.parametrize(
    "args",
    [["simulate", "--games", "1", "--quiet"], ["--help"], ["simulate", "--help"]],
    ids=["simulate", "help", "simulate-help"],
)
def test_a_full_disk_ends_quietly_with_status_1(args: list[str]) -> None:
    """Issue 14 item 8: output to /dev/full was a traceback; issue 26 item 14: ``--help``
    to /dev/full exited 0 with its output lost."""
    if not Path("/dev/full").exists():
        pytest.skip("no /dev/full on this system")
    with open("/dev/full", "w") as full:
        result = subprocess.run(
            [*CLI, *args],
            stdout=full,
            stderr=subprocess.PIPE,
            text=True,
            timeout=60,
            cwd=ROOT,
        )
    assert "cannot write the output" in _one_line_error(result, 1)


def test_a_closed_pipe_ends_quietly_with_a_non_zero_status() -> None:
    """Issue 14 item 8: ``speakeasy simulate ... | head -c0`` was a traceback."""
    read, write = os.pipe()
    os.close(read)
    try:
        result = subprocess.run(
            [*CLI, "simulate", "--games", "1", "--quiet"],
            stdout=write,
            stderr=subprocess.PIPE,
            text=True,
            timeout=60,
            cwd=ROOT,
        )
    finally:
        os.close(write)
    assert result.returncode == 1
    assert "Traceback" not in result.stderr and "Exception ignored" not in result.stderr


def test_a_closed_stdout_is_not_a_success() -> None:
    """Issue 14 item 8: ``speakeasy simulate >&-`` exited 0 with the output lost."""
    result = subprocess.run(
        [*CLI, "simulate", "--games", "1", "--quiet"],
        stderr=subprocess.PIPE,
        text=True,
        timeout=60,
        cwd=ROOT,
        close_fds=True,
        preexec_fn=lambda: os.close(1),
    )
    assert "stdout is closed" in _one_line_error(result, 1)


@pytest.mark.parametrize("bots", [None, "random,heuristic"], ids=["random", "batch"])
def test_ctrl_c_during_simulate_prints_what_finished(bots: str | None) -> None:
    """Issue 14 item 8: --games has a ceiling and Ctrl-C stops with a summary, status 130."""
    extra = ["--bots", bots, "--workers", "2"] if bots else []
    proc = subprocess.Popen(
        [*CLI, "simulate", "--games", "5000", "--players", "2", *extra],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        cwd=ROOT,
    )
    assert proc.stderr is not None
    # wait until the progress bar shows a finished game
    seen = ""
    deadline = time.monotonic() + 90
    while time.monotonic() < deadline and not re.search(r"\| [1-9][0-9]*/5000", seen):
        char = proc.stderr.read(1)
        if not char:
            break
        seen += char
    proc.send_signal(signal.SIGINT)
    out, err = proc.communicate(timeout=30)
    assert proc.returncode == 130, err
    assert "Traceback" not in err
    first = out.splitlines()[0]
    assert first.startswith("interrupted: ") and "of 5000" in first
    assert int(first.split()[1]) >= 1
    assert "decisions per game" in out


def test_help_is_plain_and_complete() -> None:
    """Issue 14 item 8: ``--help`` showed raw markup (":mod:`...`"); workshop's --host and
    --port had no help text."""
    top = _run("--help")
    assert top.returncode == 0
    assert ":mod:" not in top.stdout and "``" not in top.stdout
    shop = _run("workshop", "--help").stdout
    for option in ("--host", "--port", "--token", "--no-token"):
        block = shop.split(option, 1)[1].split("\n  -", 1)[0]
        assert len(block.split()) > 3, option
    sim = _run("simulate", "--help").stdout
    assert ":mod:" not in sim and "``" not in sim


def test_main_returns_a_status_for_a_finished_run(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--games", "1", "--quiet", "--players", "2"]) == 0
    assert capsys.readouterr().out.startswith("Speakeasy: 1 random game(s), 2 player(s)")


@pytest.mark.parametrize("name", names())
def test_simulate_plays_every_registered_game(
    name: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """Issue 22: ``--game NAME`` for every registered game, its players and bots from its
    descriptor, one summary for every game (headed by the game's title)."""
    game = load(name)
    players = min(max(game.min_players, len(game.bots)), game.max_players)
    argv = ["simulate", "--game", name, "--players", str(players), "--games", "1", "--quiet"]
    budget = ["--playouts", "1"] if "search" in game.bots else []  # issue 27: a tiny budget
    assert main([*argv, "--bots", ",".join(game.bots), "--workers", "1", *budget]) == 0
    out = capsys.readouterr().out
    assert out.startswith(f"{game.title}: 1 game(s), {players} player(s), bots ")
    assert all(f"{kind}: won" in out for kind in game.bots)
    assert f"{game.score_name} mean" in out and "decisions per game" in out
    assert main(argv) == 0
    assert capsys.readouterr().out.startswith(f"{game.title}: 1 random game(s), {players} player")
    low = game.min_players - 1
    if low >= 1:
        with pytest.raises(SystemExit):
            main(["simulate", "--game", name, "--players", str(low)])


def test_no_code_outside_a_game_branches_on_its_name() -> None:
    """Issue 22: no ``if game == "mafia-city"`` outside a game's folder (the registry's own
    table of names aside): the app and the tools read a game's facts from its descriptor."""
    package = ROOT / "speakeasy"
    branches = []
    for path in sorted(package.rglob("*.py")):
        rel = path.relative_to(package).parts
        if rel[0] == "games" and len(rel) > 2:
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Compare):
                for value in (node.left, *node.comparators):
                    if isinstance(value, ast.Constant) and value.value in names():
                        branches.append(f"{path.relative_to(ROOT)}:{node.lineno}")
    assert not branches, branches

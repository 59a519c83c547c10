"""Issue 16 tools: ``speakeasy simulate --game mafia-city`` through the same batch machinery as
Speakeasy (speakeasy.tools.batch: seeded specs, process pools or Dask executors, records in
game order; Mafia City's part in speakeasy.games.mafia_city.studies.batch), and its bad
arguments refused with one line and status 2 (tests/test_cli.py patterns)."""

from __future__ import annotations

import re
import shlex
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from speakeasy.app.cli import main, simulate
from speakeasy.games import load
from speakeasy.games.mafia_city.studies.batch import MAX_ROUNDS, play_game
from speakeasy.tools.batch import game_specs, iter_games, simulate_many, win_rates

GAME = load("mafia-city")

ROOT = Path(__file__).resolve().parents[1]
CLI = [sys.executable, "-m", "speakeasy.app.entry"]


def _run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([*CLI, *args], capture_output=True, text=True, timeout=120, cwd=ROOT)


def test_specs_rotate_bots_and_check_players() -> None:
    specs = game_specs(GAME, 3, 4, seed=1, bots=("heuristic", "random"))
    assert [s.bots for s in specs][:2] == [
        ("heuristic", "random", "heuristic", "random"),
        ("random", "heuristic", "random", "heuristic"),
    ]
    assert len({s.seed for s in specs}) == 3
    with pytest.raises(ValueError, match="Mafia City is for 3 to 5 players, got 2"):
        game_specs(GAME, 1, 2, seed=1)
    with pytest.raises(ValueError, match="Mafia City is for 3 to 5 players, got 6"):
        game_specs(GAME, 1, 6, seed=1)
    with pytest.raises(ValueError, match="unknown bot kind 'smart'"):
        game_specs(GAME, 1, 4, seed=1, bots=("smart",))


def test_a_record_is_a_whole_game() -> None:
    """Each game ends by MC-WIN (or at the round cap, GAP-MC-24); VP come from the game."""
    (spec,) = game_specs(GAME, 1, 4, seed=3)
    record = play_game(spec)
    assert record.game == "mafia-city"
    assert record.players == 4 and len(record.seats) == 4
    assert 1 <= record.details["rounds"] <= MAX_ROUNDS
    if record.details["finished"]:
        (winner,) = record.winners
        best = max(s.score for s in record.seats)
        assert next(s for s in record.seats if s.colour == winner).score == best
        assert record.details["decided_by"].startswith("MC-WIN")
    assert sorted(s.seat for s in record.seats) == [1, 2, 3, 4]
    assert sum(s.won for s in record.seats) == len(record.winners)
    assert record.decisions > 0


def test_records_do_not_depend_on_the_executor() -> None:
    """The same batch in this process and on a thread pool (standing in for Dask's executor)."""
    alone = simulate_many(GAME, 4, players=3, seed=7, workers=1, progress=False)
    specs = game_specs(GAME, 4, 3, seed=7)
    with ThreadPoolExecutor(2) as pool:
        pooled = sorted(iter_games(GAME, specs, executor=pool), key=lambda r: r.index)
    assert alone == pooled
    assert [r.index for r in alone] == [0, 1, 2, 3]


def test_win_rates_count_every_seat() -> None:
    records = simulate_many(GAME, 6, players=4, seed=2, workers=1, progress=False)
    rates = win_rates(records)
    assert sum(played for _, played in rates.values()) == 6 * 4
    assert sum(won for won, _ in rates.values()) == sum(r.details["finished"] for r in records)


def test_simulate_summary_names_rates_scores_and_lengths() -> None:
    text = simulate(
        4, 4, 1, progress=False, bots=["heuristic", "random"], workers=1, game="mafia-city"
    )
    lines = text.splitlines()
    assert lines[0].startswith("Mafia City: 4 game(s), 4 player(s), bots heuristic, random")
    assert any(line.startswith("heuristic: won") and "VP mean" in line for line in lines)
    assert any(line.startswith("random: won") for line in lines)
    assert any(line.startswith("rounds per game: mean") for line in lines)
    assert any(line.startswith("decisions per game") for line in lines)


def test_simulate_refuses_a_bad_game_or_count() -> None:
    with pytest.raises(ValueError, match="3 to 5 players"):
        simulate(2, 1, 1, progress=False, game="mafia-city")
    with pytest.raises(ValueError, match="no game 'chess'"):
        simulate(4, 1, 1, progress=False, game="chess")


def test_main_runs_mafia_city(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["simulate", "--game", "mafia-city", "--players", "3", "--games", "2", "--quiet"]
    assert main([*argv, "--bots", "heuristic,random", "--workers", "1"]) == 0
    assert capsys.readouterr().out.startswith("Mafia City: 2 game(s), 3 player(s)")
    assert main(argv) == 0  # random bots by default, one game after the other
    assert capsys.readouterr().out.startswith(
        "Mafia City: 2 random game(s), 3 player(s), seeds 1..2"
    )


def test_the_issue_command_runs() -> None:
    """The issue's own command line, in a subprocess (a process pool of 2 workers)."""
    result = _run(
        "simulate", "--game", "mafia-city", "--players", "4", "--bots", "heuristic,random",
        "--games", "4", "--workers", "2", "--quiet",
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    assert "heuristic: won" in result.stdout and "rounds per game" in result.stdout


@pytest.mark.parametrize(
    ("args", "says"),
    [
        (["--game", "mafia-city", "--players", "2"], "Mafia City is for 3 to 5 players, got 2"),
        (["--players", "0"], "--players must be 1 to 5, got 0"),
        (["--game", "mafia-city", "--players", "9"], "--players must be 1 to 5, got 9"),
        (["--game", "mafia-city", "--players", "x"], "--players must be a whole number"),
        (["--players", "5"], "Speakeasy is for 1 to 4 players, got 5"),
        (["--game", "chess"], "invalid choice: 'chess'"),
        (["--game", "mafia-city", "--bots", "smart"], "unknown bot kind(s) 'smart'"),
        (["--game", "mafia-city", "--dask", "local"], "--dask runs a --bots batch"),
    ],
)
def test_bad_arguments_are_usage_errors(args: list[str], says: str) -> None:
    result = _run("simulate", *args, "--quiet")
    assert result.returncode == 2, result.stderr
    assert "Traceback" not in result.stderr
    last = result.stderr.strip().splitlines()[-1]
    assert last.startswith("speakeasy") and says in last


def test_a_mafia_city_batch_runs_on_dask() -> None:
    """The Dask path of the Speakeasy batch serves Mafia City too (a local cluster, 1 worker)."""
    pytest.importorskip("distributed")
    result = _run(
        "simulate", "--game", "mafia-city", "--players", "3", "--bots", "heuristic,random",
        "--games", "2", "--dask", "local", "--workers", "1", "--quiet",
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("Mafia City: 2 game(s), 3 player(s)")


def test_the_readme_documents_mafia_city() -> None:
    """Issue 16: a short README section with a picture of the map, how to open the notebooks
    and the simulate command (run here with 2 games instead of 100)."""
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    section = text.split("## Mafia City", 1)[1].split("\n## ", 1)[0]
    (picture,) = re.findall(r"!\[[^\]]+\]\(([^)]+\.png)\)", section)
    assert (ROOT / picture).read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    for notebook in ("notebooks/mafia_city_play.py", "notebooks/mafia_city_control.py"):
        assert notebook in section
    (command,) = re.findall(r"```bash\n(.+?)\n```", section)
    argv = shlex.split(command)
    assert argv[:2] == [".venv/bin/speakeasy", "simulate"]
    argv[argv.index("--games") + 1] = "2"
    result = _run(*argv[1:], "--quiet", "--workers", "1")
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("Mafia City: 2 game(s), 4 player(s), bots heuristic, random")

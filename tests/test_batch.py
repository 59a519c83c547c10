"""Batch simulation (speakeasy.tools.batch, Speakeasy's part in
speakeasy.games.speakeasy.studies.batch): deterministic records whatever the executor, lazy specs,
money by source that adds up, real locations, and ``speakeasy simulate --bots``."""

from __future__ import annotations

import multiprocessing
import threading
import tracemalloc
from collections.abc import Callable
from concurrent.futures import Future, ProcessPoolExecutor, ThreadPoolExecutor
from contextlib import closing
from typing import Any, TypeVar

import pytest

from speakeasy import Game
from speakeasy.app.cli import main
from speakeasy.games import load
from speakeasy.games.speakeasy.engine.bots import play_out
from speakeasy.games.speakeasy.model.catalog.loader import load_catalog
from speakeasy.games.speakeasy.model.state import Colour
from speakeasy.games.speakeasy.studies.batch import (
    SOURCES,
    capo_locations,
    money_by_source,
    money_gained,
    placements,
    play_game,
)
from speakeasy.games.speakeasy.studies.strategy import HeuristicBot
from speakeasy.tools.batch import (
    BOT_MIXES,
    GameRecord,
    GameSpec,
    Specs,
    game_specs,
    iter_games,
    random_specs,
    seat_rows,
    simulate_many,
    wilson_interval,
    win_rates,
)

GAME = load("speakeasy")
T = TypeVar("T")

#: Event kinds that may take money from a player (R-MONEY-2/6): building (R-BUILD-2/4,
#: R-TAKEOVER-3, R-UPGRADE-2), goons (R-GOON-1), ship barrels (R-TRUCK-11), partner help in
#: a takeover or a gang war (R-COMBAT-4), hired mafiosi (R-SHIP-5).
PAYING_EVENTS = {
    "open",
    "takeover",
    "upgrade",
    "goon",
    "truck_buy",
    "building_holds",
    "defence_failed",
    "ship_attack",
}


@pytest.fixture(scope="module")
def serial() -> list[GameRecord]:
    return simulate_many(
        GAME, 4, 2, seed=12, bots=("heuristic", "random"), workers=1, progress=False
    )


def test_specs_derive_every_seed_from_the_batch_seed() -> None:
    """Game seeds depend on the batch seed and the game's number only; bots rotate colours."""
    a = game_specs(GAME, 6, 3, seed=4, bots=("heuristic", "random", "random"))
    b = game_specs(GAME, 6, 3, seed=4, bots=("heuristic", "random", "random"))
    assert a == b and list(a) == list(b) and a[-1] == b[5]
    assert len({s.seed for s in a}) == 6
    assert {s.game for s in a} == {"speakeasy"} and {s.players for s in a} == {3}
    assert [s.bots.index("heuristic") for s in a] == [0, 2, 1, 0, 2, 1]
    assert game_specs(GAME, 6, 3, seed=5, bots=("random",))[0].seed != a[0].seed
    with pytest.raises(ValueError, match="unknown bot kind 'cheater'"):
        game_specs(GAME, 1, 2, seed=1, bots=("cheater",))
    with pytest.raises(ValueError, match="Speakeasy is for 1 to 4 players, got 5"):
        game_specs(GAME, 1, 5, seed=1)


def test_specs_are_made_when_asked() -> None:
    """A million games' specs are no list: each is made when asked, the same every time."""
    specs = game_specs(GAME, 1_000_000, 2, seed=1)
    assert isinstance(specs, Specs) and len(specs) == 1_000_000
    assert specs[999_999] == specs[-1] == list(specs[999_998:])[-1]
    assert specs[999_999].index == 999_999
    with pytest.raises(IndexError):
        specs[1_000_000]


def test_a_process_pool_holds_a_bounded_window_of_games() -> None:
    """``iter_games`` submits the next spec as a game finishes, not the whole batch at once."""

    class Counting(ThreadPoolExecutor):
        """Counts the games submitted and not finished yet (the most at any time)."""

        def __init__(self) -> None:
            super().__init__(max_workers=1)
            self.lock = threading.Lock()
            self.submitted = self.waiting = self.most = 0

        def submit(self, fn: Callable[..., T], /, *args: Any, **kwargs: Any) -> Future[T]:
            with self.lock:
                self.submitted += 1
                self.waiting += 1
                self.most = max(self.most, self.waiting)
            future = super().submit(fn, *args, **kwargs)
            future.add_done_callback(self._finished)
            return future

        def _finished(self, _: object) -> None:
            with self.lock:
                self.waiting -= 1

    specs = game_specs(GAME, 6, 1, seed=2, bots=("random",))
    with Counting() as pool:
        records = list(iter_games(GAME, specs, executor=pool, window=2))
    assert sorted(r.index for r in records) == list(range(6))
    assert pool.submitted == 6 and pool.most == 2


@pytest.mark.parametrize("bots", [None, ("heuristic", "random")], ids=["random", "bots"])
def test_setting_up_a_million_games_takes_bounded_memory(bots: tuple[str, ...] | None) -> None:
    """Issue 26 item 13: a million Mafia City games used to be built as a list first (535 MB).
    Now up to the first finished game, in this process or through an executor, the batch holds
    no more than a window of specs (measured with tracemalloc: no clock)."""
    mafia = load("mafia-city")

    def first_records(executor: ThreadPoolExecutor | None) -> list[GameRecord]:
        specs = (
            random_specs(mafia, 1_000_000, 4, seed=1)
            if bots is None
            else game_specs(mafia, 1_000_000, 4, seed=1, bots=bots)
        )
        games = iter_games(mafia, specs, executor=executor, workers=1, window=8)
        with closing(games):
            return [next(games) for _ in range(3)]

    with ThreadPoolExecutor(max_workers=1) as pool:
        for executor in (None, pool):
            tracemalloc.start()
            try:
                records = first_records(executor)
                peak = tracemalloc.get_traced_memory()[1]
            finally:
                tracemalloc.stop()
            assert len(records) == 3
            assert peak < 4_000_000, f"{peak / 1e6:.1f} MB to set up a million games"


def test_a_stop_event_ends_a_batch_and_its_workers() -> None:
    """The way a signal handler stops a batch (speakeasy simulate): set ``stop``; the iterator
    ends, and the pool it started is gone with its workers."""
    mafia = load("mafia-city")
    stop = threading.Event()
    before = set(multiprocessing.active_children())
    games = iter_games(mafia, game_specs(mafia, 1_000_000, 4, seed=1), workers=2, stop=stop)
    first = next(games)
    assert len(set(multiprocessing.active_children()) - before) == 2
    stop.set()
    rest = list(games)
    assert len(rest) < 1_000_000 - 1 and first.index not in {r.index for r in rest}
    assert set(multiprocessing.active_children()) <= before


def test_a_spec_of_another_game_is_refused() -> None:
    spec = GameSpec("mafia-city", 0, 1, ("random",) * 3, (1, 2, 3))
    with pytest.raises(ValueError, match="a spec of 'mafia-city' in a batch of 'speakeasy'"):
        list(iter_games(GAME, [spec], workers=1))


def test_the_same_batch_gives_the_same_records_on_any_executor(
    serial: list[GameRecord],
) -> None:
    """In-process, a process pool and a thread pool: identical records, in game order."""
    with ProcessPoolExecutor(max_workers=2) as pool:
        pooled = simulate_many(GAME, 4, 2, seed=12, executor=pool, progress=False)
    with ThreadPoolExecutor(max_workers=2) as threads:
        threaded = simulate_many(GAME, 4, 2, seed=12, executor=threads, progress=False)
    assert pooled == serial
    assert threaded == serial
    assert [r.index for r in serial] == [0, 1, 2, 3]
    assert simulate_many(GAME, 4, 2, seed=13, workers=1, progress=False) != serial


def test_a_dask_cluster_gives_the_same_records(serial: list[GameRecord]) -> None:
    """The optional ``distributed`` extra: Dask's ``Client.get_executor()`` is an Executor."""
    distributed = pytest.importorskip("distributed")
    with (
        distributed.LocalCluster(
            processes=False, n_workers=1, threads_per_worker=2, dashboard_address=None
        ) as cluster,
        distributed.Client(cluster) as client,
    ):
        records = simulate_many(GAME, 4, 2, seed=12, executor=client.get_executor(), progress=False)
    assert records == serial


def test_records_hold_scores_winners_and_seats(serial: list[GameRecord]) -> None:
    """Final money and its breakdown (R-SCORING-1..4), places and winners (R-SCORING-5/6),
    starting seats (R-PROLOGUE-1)."""
    for record in serial:
        assert record.game == "speakeasy" and record.players == 2
        assert sorted(s.seat for s in record.seats) == [1, 2]
        assert {s.bot for s in record.seats} == {"heuristic", "random"}
        assert record.winners == tuple(s.colour for s in record.seats if s.won)
        for s in record.seats:
            d = s.details
            assert s.score == d["pocket"] + d["safe"] + d["building_points"] + d["bottle_points"]
            assert s.place == 1 if s.won else s.place > 1
        best = max(s.score for s in record.seats)
        assert all(s.score == best for s in record.seats if s.won)
    rates = win_rates(serial)
    assert sum(won for won, _ in rates.values()) == pytest.approx(len(serial))
    rows = seat_rows(serial)
    assert len(rows) == 8 and {f"money_by_source_{src}" for src in SOURCES} <= set(rows[0])
    assert rows[0]["score"] == serial[0].seats[0].score and rows[0]["game"] == "speakeasy"


def test_money_by_source_adds_up_to_the_money_gained() -> None:
    """Replaying a solo game event by event: every rise of a player's money is exactly what
    :func:`money_by_source` reads from that event (R-MONEY-3/4), money only falls in paying
    events (R-MONEY-2/6), and start + gained - spent = final money (R-MONEY-5)."""
    spec = game_specs(GAME, 1, 1, seed=3, bots=("heuristic",))[0]
    record = play_game(spec)
    game = Game.new(players=1, seed=spec.seed)
    play_out(game, {game.colours[0]: HeuristicBot(seed=spec.bot_seeds[0])})
    colour = game.colours[0]
    gained = dict.fromkeys(SOURCES, 0)
    for step in range(1, len(game.history) + 1):
        before, frames = game.frames(step)
        money = before.players[colour].pocket + before.players[colour].safe
        for frame in frames:
            after = frame.state.players[colour].pocket + frame.state.players[colour].safe
            read = money_by_source([frame.event], [colour])[colour.value]
            if after > money:
                assert sum(read.values()) == after - money, frame.event
            elif after < money:
                assert frame.event.kind in PAYING_EVENTS, frame.event
                assert sum(read.values()) == 0, frame.event
            for src, amount in read.items():
                gained[src] += amount
            money = after
    seat = record.seats[0]
    assert dict(money_gained(seat)) == gained
    d = seat.details
    assert d["gained"] == sum(gained.values()) > 0
    assert d["start_money"] + d["gained"] - d["spent"] == d["pocket"] + d["safe"]
    assert d["spent"] >= 0


def test_fees_for_hired_mafiosi_go_to_their_owners() -> None:
    """R-SHIP-5: the attacker pays $1 per hired mafioso into its owner's pocket."""
    from speakeasy.core.actions import Event

    event = Event("ship_attack", "purple", ("R-SHIP-5",), "", {"hired": {"blue": 2}, "cost": 2})
    money = money_by_source([event], [Colour.PURPLE, Colour.BLUE])
    assert money["blue"]["fees"] == 2
    assert sum(money["purple"].values()) == 0


def test_placements_are_real_locations(serial: list[GameRecord]) -> None:
    """Every capo goes to one of the 8 locations (R-TURN-3, R-LOC-GEN-1); a player places
    one capo per round: 4 + 3 + 3 + 1 = 11 (R-ACT-1, R-CAPO-1..4)."""
    catalog = load_catalog()
    for record in serial:
        for s in record.seats:
            assert len(s.details["placements"]) == 11
            assert set(capo_locations(s)) <= set(catalog.locations)
            for placement in s.details["placements"]:
                location, _, person = placement.partition(":")
                assert location in catalog.locations
                if person:
                    assert 0 <= int(person) < 3
    game = Game.new(players=2, seed=1)
    play_out(game, {c: HeuristicBot(seed=2) for c in game.colours})
    placed = placements(game)
    assert sum(len(p) for p in placed.values()) == 22


def test_wilson_interval() -> None:
    assert wilson_interval(0, 0) == (0.0, 1.0)
    low, high = wilson_interval(10, 10)
    assert high == 1.0 and 0.69 < low < 0.73
    low, high = wilson_interval(5, 10)
    assert low < 0.5 < high


def test_bot_mixes_fit_every_player_count() -> None:
    for mix in BOT_MIXES.values():
        for players in (1, 2, 3, 4):
            assert len(mix(players)) == players


def test_cli_simulate_with_bots(capsys: pytest.CaptureFixture[str]) -> None:
    """``speakeasy simulate --bots heuristic,random``: a batch summarised by bot kind."""
    assert (
        main(
            [
                "simulate",
                "--players",
                "2",
                "--games",
                "2",
                "--bots",
                "heuristic,random",
                "--workers",
                "1",
                "--quiet",
            ]
        )
        == 0
    )
    out = capsys.readouterr().out
    assert "bots heuristic, random" in out
    assert "heuristic: won" in out and "random: won" in out
    assert "95% CI" in out and "games/s" in out


def test_cli_simulate_without_bots_keeps_the_random_summary(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["simulate", "--players", "2", "--games", "2", "--seed", "3", "--quiet"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "Speakeasy: 2 random game(s), 2 player(s), seeds 3..4"
    assert out[1].startswith("wins: ")
    with pytest.raises(SystemExit):
        main(["simulate", "--bots", "cheater"])


def test_cli_simulate_on_a_local_dask_cluster_matches_the_process_pool(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """``--dask local``: the same batch on Dask worker processes gives the same results."""
    pytest.importorskip("distributed")
    base = ["simulate", "--players", "2", "--games", "2", "--bots", "heuristic,random"]
    assert main([*base, "--workers", "1", "--quiet"]) == 0
    pooled = capsys.readouterr().out.splitlines()
    assert main([*base, "--workers", "1", "--quiet", "--dask", "local"]) == 0
    on_dask = capsys.readouterr().out.splitlines()

    def outcome(lines: list[str]) -> list[str]:  # everything but the timings
        return [line for line in lines if "won" in line or "money gained" in line]

    assert outcome(on_dask) == outcome(pooled) and len(outcome(pooled)) == 4


def test_cli_dask_needs_a_bot_batch() -> None:
    with pytest.raises(SystemExit):
        main(["simulate", "--games", "2", "--dask", "local"])

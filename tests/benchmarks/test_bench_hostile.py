"""How long refusing hostile text takes (``pytest tests/benchmarks --benchmark-enable -s``).

Issue 26, item 15: refusing a 10 MB request (text or ``Action``) as ``malformed`` and
``observe`` of a 10 MB "seat", in both games (:func:`test_bench_huge_request`,
:func:`test_bench_huge_seat`).

Issue 26, item 10: the check before parsing must grow linearly with the text and stay small
at each reader's limit (5 MB for saves, 256 KiB for scenarios). Each shape is timed at a
quarter of the limit and at the limit, so the pair's ratio shows the growth (about 4 when
linear). Medians are printed; nothing here asserts a time (the tests assert the refusals and
their memory).
"""

from __future__ import annotations

from collections.abc import Callable

import pytest
from pytest_benchmark.fixture import BenchmarkFixture

from speakeasy import Game, ScenarioError, games, parse_scenario
from speakeasy.core.actions import Action, IllegalAction
from speakeasy.core.engine import SaveFileError
from speakeasy.core.limits import MAX_BYTES
from speakeasy.games.mafia_city.positions.format import LIMITS as MC_POSITION_LIMITS
from speakeasy.games.mafia_city.positions.format import parse_position
from speakeasy.games.speakeasy.positions.limits import MAX_BYTES as MAX_SCENARIO_BYTES
from speakeasy.tools.position_files import PositionError

SHAPES: dict[str, Callable[[int], str]] = {
    "escaped quotes": lambda n: '"' + '\\"' * (n // 2 - 1),
    "quotes": lambda n: '"' * n,
    "open brackets": lambda n: "[" * n,
    "one long key": lambda n: "a" * n,
    "dotted keys": lambda n: "a." * (n // 2),
    "triple quotes": lambda n: '"""\n' * (n // 4),
}
READERS: dict[str, tuple[Callable[[str], object], type[Exception], int]] = {
    "save": (Game.from_json, SaveFileError, MAX_BYTES),
    "scenario": (parse_scenario, ScenarioError, MAX_SCENARIO_BYTES),
    "Mafia City position": (parse_position, PositionError, MC_POSITION_LIMITS.max_bytes),
}


@pytest.mark.benchmark(group="hostile")
@pytest.mark.parametrize("part", [4, 1], ids=["quarter", "limit"])
@pytest.mark.parametrize("shape", sorted(SHAPES))
@pytest.mark.parametrize("reader", sorted(READERS))
def test_bench_refusal(benchmark: BenchmarkFixture, reader: str, shape: str, part: int) -> None:
    read, error, limit = READERS[reader]
    text = SHAPES[shape]((limit - 16) // part)

    def refuse() -> None:
        with pytest.raises(error):
            read(text)

    benchmark(refuse)
    stats = getattr(benchmark, "stats", None)
    if stats is not None:
        print(f"\n{reader}, {shape}, {len(text):,} chars: median {stats.stats.median * 1e3:.1f} ms")


# ---------------------------------------------------------------------- issue 26, item 15
HUGE = 10 * 2**20  # 10 MB
REQUESTS: dict[str, Callable[[int], object]] = {
    "text": lambda n: "x" * n,
    "non-ASCII text": lambda n: "é" * (n // 2),
    "Action, one huge argument": lambda n: Action("pass", ("x" * n,)),
    "Action, many arguments": lambda n: Action("pass", ("a",) * (n // 2)),
}


@pytest.mark.benchmark(group="hostile-requests")
@pytest.mark.parametrize("size", [HUGE // 4, HUGE], ids=["2.5MB", "10MB"])
@pytest.mark.parametrize("shape", sorted(REQUESTS))
@pytest.mark.parametrize("name", games.names())
def test_bench_huge_request(benchmark: BenchmarkFixture, name: str, shape: str, size: int) -> None:
    """Refusing a huge request as ``malformed`` (both games, apply and why_not): the checks
    add up lengths before any text is built, so the time should not grow with the size
    (beyond building the request, which is done once, outside the timing)."""
    descriptor = games.load(name)
    game = descriptor.new_game(descriptor.min_players, 1)
    request = REQUESTS[shape](size)

    def refuse() -> None:
        with pytest.raises(IllegalAction):
            game.apply(request)
        refusal = game.why_not(request)
        assert refusal is not None and refusal.code == "malformed"

    benchmark(refuse)
    stats = getattr(benchmark, "stats", None)
    if stats is not None:
        print(f"\n{name}, {shape}, {size:,}: median {stats.stats.median * 1e6:.1f} us")


@pytest.mark.benchmark(group="hostile-requests")
@pytest.mark.parametrize("name", games.names())
def test_bench_huge_seat(benchmark: BenchmarkFixture, name: str) -> None:
    """``observe`` of a 10 MB text: a ``ValueError`` naming the seats, quoting none of it."""
    descriptor = games.load(name)
    game = descriptor.new_game(descriptor.min_players, 1)
    seat = "x" * HUGE

    def refuse() -> None:
        with pytest.raises(ValueError, match="not a seat"):
            game.observe(seat)

    benchmark(refuse)
    stats = getattr(benchmark, "stats", None)
    if stats is not None:
        print(f"\n{name}, observe 10 MB: median {stats.stats.median * 1e6:.1f} us")

"""How long refusing hostile text takes (``pytest tests/benchmarks --benchmark-enable -s``).

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

from speakeasy import Game, ScenarioError, parse_scenario
from speakeasy.core.engine import SaveFileError
from speakeasy.core.limits import MAX_BYTES
from speakeasy.games.speakeasy.positions.limits import MAX_BYTES as MAX_SCENARIO_BYTES

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

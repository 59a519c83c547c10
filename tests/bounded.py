"""Checking that hostile input is refused in bounded memory and without reaching the parser.

Clocks are not used: a loaded machine makes any time limit flaky, and speed is measured by the
benchmarks (``tests/benchmarks/test_bench_hostile.py``). What is asserted here is deterministic:
the refusal's type, the peak memory traced while refusing, and (with ``unparsed``) that the
checks made *before* parsing refused the text, so the parser never saw it.
"""

from __future__ import annotations

import json
import tomllib
import tracemalloc
from collections.abc import Callable, Iterator
from contextlib import contextmanager, nullcontext
from typing import Any

import pytest


@contextmanager
def parsers_forbidden() -> Iterator[None]:
    """Within the block, ``json.loads`` and ``tomllib.loads`` fail the test if called."""

    def forbidden(*args: object, **kwargs: object) -> Any:
        raise AssertionError("the text reached the parser; the checks before it let it through")

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(json, "loads", forbidden)
        patch.setattr(tomllib, "loads", forbidden)
        yield


def refused(
    call: Callable[[], object],
    error: type[BaseException],
    *,
    megabytes: float,
    unparsed: bool = False,
) -> BaseException:
    """The ``error`` that ``call()`` raises, having checked that the peak memory traced while
    refusing stayed under ``megabytes`` and, with ``unparsed``, that no parser was called."""
    tracemalloc.start()
    try:
        with parsers_forbidden() if unparsed else nullcontext(), pytest.raises(error) as caught:
            call()
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < megabytes * 2**20, f"{peak / 2**20:.1f} MB traced while refusing"
    return caught.value

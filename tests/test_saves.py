"""Saved games and untrusted files at the edges (issue 14): size and depth limits before
parsing, strict save fields, a digest over everything that determines the game, and fuzzing.

Each test names the item of issue 14 it covers.
"""

from __future__ import annotations

import time
import tracemalloc

import pytest

from speakeasy.core.limits import (
    MAX_BYTES,
    MAX_DEPTH,
    LimitError,
    check_text,
    load_json_limited,
    load_toml_limited,
)


def _refuse_within(text: str | bytes, loader: object, seconds: float, megabytes: float) -> str:
    """Refuse ``text`` with a LimitError; check time and peak traced memory."""
    assert callable(loader)
    tracemalloc.start()
    start = time.perf_counter()
    try:
        with pytest.raises(LimitError) as caught:
            loader(text, "the file")
        elapsed = time.perf_counter() - start
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert elapsed < seconds, elapsed
    assert peak < megabytes * 2**20, peak
    return str(caught.value)


# ---------------------------------------------------------------------- issue 14, item 4: limits
@pytest.mark.parametrize(
    "text",
    [
        '{"actions": [[' + "1," * 25_000_000 + "1]]}",  # the 50 MB save
        b"[" * (MAX_BYTES + 1),
        "é" * (MAX_BYTES // 2 + 1),  # few characters, too many bytes
    ],
    ids=["50MB", "bytes", "utf8"],
)
def test_too_large_refused_fast(text: str | bytes) -> None:
    message = _refuse_within(text, load_json_limited, 0.5, 10)
    assert "too large" in message and "5 MB" in message


@pytest.mark.parametrize(
    "text",
    [
        "[" * 1000 + "]" * 1000,
        '{"a":' * 1000 + "1" + "}" * 1000,
        "[" * 100_000,  # never closed
        "[" * (MAX_DEPTH + 1) + "]" * (MAX_DEPTH + 1),
    ],
    ids=["arrays", "objects", "unclosed", "one-too-deep"],
)
def test_deep_json_refused(text: str) -> None:
    assert "levels deep" in _refuse_within(text, load_json_limited, 0.5, 20)


def test_depth_limit_inclusive() -> None:
    """Exactly MAX_DEPTH levels load; brackets inside strings do not count."""
    assert load_json_limited("[" * MAX_DEPTH + "]" * MAX_DEPTH, "x") is not None
    assert load_json_limited('["' + "[" * 1000 + '"]', "x") == ["[" * 1000]
    assert load_json_limited(r'["\"[[[[", 1]', "x") == ['"[[[[', 1]


@pytest.mark.parametrize(
    "text",
    [
        "a = " + "[" * 1000 + "]" * 1000,
        "a" + ".a" * 1000 + " = 1",  # dotted keys nest tables without brackets
        "[" + ".".join(["t"] * 1000) + "]",
        "x = {" + "y = {" * 500 + "}" * 501,
    ],
    ids=["arrays", "dotted", "table", "inline"],
)
def test_deep_toml_refused(text: str) -> None:
    assert "levels deep" in _refuse_within(text, load_toml_limited, 0.5, 50)


def test_toml_comments_and_strings_do_not_count() -> None:
    text = 'a = "[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[["'
    text += "\n# " + "[" * 100 + "\nb = '''" + "{" * 100 + "'''\n"
    assert load_toml_limited(text, "x")["b"] == "{" * 100


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ('{"seed": NaN}', "NaN"),
        ("[Infinity]", "Infinity"),
        ("[-Infinity]", "-Infinity"),
        ("[1e999]", "too large"),
        ("[" + "9" * 4300 + "]", "4300-digit"),
        ("[" + "9" * 5000 + "]", "5000-digit"),
        ("[9223372036854775809]", "2**63"),
        ('{"a": 1, "a": 2}', "twice"),
        ("{", "invalid JSON"),
        (b"\xff\xfe", "not UTF-8"),
        ('["' + "\\n" * 200_000 + '"]', "escape"),
        ("[" + "[]," * 300_000 + "[]]", "values"),
    ],
)
def test_json_values_refused_plainly(text: str | bytes, words: str) -> None:
    assert words in _refuse_within(text, load_json_limited, 0.5, 30)


@pytest.mark.parametrize("value", [None, 5, 1.5, [], {}, object()])
def test_not_text_refused(value: object) -> None:
    with pytest.raises(LimitError, match="must be text"):
        check_text(value, "the save")  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("a = nan", "finite"),
        ("a = inf", "finite"),
        ("a = " + "9" * 30, "30-digit"),
        ("a = " + "9" * 5000, "invalid TOML"),
        ("a = 1\na = 2", "invalid TOML"),
    ],
)
def test_toml_values_refused_plainly(text: str, words: str) -> None:
    assert words in _refuse_within(text, load_toml_limited, 0.5, 30)


def test_largest_accepted_inputs_stay_within_bounds() -> None:
    """The worst files just inside the limits still parse within 1 s and 100 MB (item 4)."""
    cells = "[" + ",".join(["[" * 60 + "]" * 60] * 3000) + "]"
    ints = "[" + "123456789012345678," * 190_000 + "1]"
    for text in (cells, ints):
        tracemalloc.start()
        start = time.perf_counter()
        try:
            load_json_limited(text, "x")
            elapsed, peak = time.perf_counter() - start, tracemalloc.get_traced_memory()[1]
        finally:
            tracemalloc.stop()
        assert elapsed < 2.0 and peak < 100 * 2**20, (elapsed, peak)

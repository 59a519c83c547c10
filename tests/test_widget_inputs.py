"""Every value that arrives from a widget is checked on the server (issue 14, item 7).

marimo does not hold a slider or a number field to its bounds on the server: posting
``processes=6`` to the strategies form (slider max 2) spawned 6 worker processes. The notebooks
pass each widget value through :mod:`speakeasy.tools.inputs` before using it, and uploads are
refused over 5 MB before they are parsed.
"""

from __future__ import annotations

import importlib.util
import json
import re
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

from speakeasy.games.speakeasy.table.route_planner import load_upload
from speakeasy.tools.exercise_cards import exercise_cards
from speakeasy.tools.exercises import MAX_ANSWER_CHARS, Exercise
from speakeasy.tools.inputs import (
    MAX_UPLOAD_BYTES,
    UploadNotText,
    UploadTooLarge,
    checked_choice,
    checked_int,
    checked_text,
    checked_upload,
    checked_upload_text,
    clamp,
)
from tests.bounded import parsers_forbidden

NOTEBOOKS = Path(__file__).resolve().parents[1] / "notebooks"


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        (6, 2),
        (1000, 2),
        (-1, 1),
        (0, 1),
        (2, 2),
        ("6", 2),
        (2.0, 2),
        (1.5, 1),
        (float("nan"), 1),
        (float("inf"), 1),
        (None, 1),
        (True, 1),
        ([6], 1),
        ({"x": 6}, 1),
        ("1e9", 1),
        ("9" * 5000, 1),
        ("٣", 1),  # an Arabic digit is no widget value
    ],
)
def test_a_tampered_number_is_clamped_or_replaced(value: object, expected: int) -> None:
    assert checked_int(value, 1, 2) == expected


def test_helpers() -> None:
    assert clamp(10, 0, 5) == 5 and clamp(-10, 0, 5) == 0
    with pytest.raises(ValueError, match="empty range"):
        clamp(1, 5, 0)
    assert checked_int("x", 0, 9, default=4) == 4
    assert checked_int("x", 0, 9, default=40) == 9  # a default is held to the range too
    assert checked_choice("mix", ["mix", "other"], "other") == "mix"
    assert checked_choice(4, ["1", "2", "3", "4"], "2") == "2"  # not one of the options
    assert checked_text("x" * 10_000) == "x" * 200
    assert checked_text(None) == ""


def test_an_upload_over_5_mb_is_refused_before_it_is_parsed() -> None:
    """Issue 14 item 4: pasting a 10 MB save moved the server from 209 MB to 665 MB."""
    assert MAX_UPLOAD_BYTES == 5 * 1024 * 1024
    big = b"[" * (MAX_UPLOAD_BYTES + 1)  # would be a RecursionError if it were parsed
    with parsers_forbidden():  # refused on size alone
        with pytest.raises(UploadTooLarge, match=r"the limit is 5,242,880 bytes \(5\.0 MB\)"):
            checked_upload(big)
        with pytest.raises(UploadTooLarge):
            checked_upload("é" * (MAX_UPLOAD_BYTES // 2 + 1))  # counted in UTF-8 bytes
        with pytest.raises(UploadTooLarge):
            load_upload("huge.json", big)
        with pytest.raises(ValueError, match="limit"):
            load_upload("huge.toml", big)
    assert checked_upload(b"x" * MAX_UPLOAD_BYTES) == b"x" * MAX_UPLOAD_BYTES


@pytest.mark.parametrize("name", ["save.json", "scenario.toml"])
def test_an_upload_that_is_not_utf8_is_refused_in_words(name: str) -> None:
    """Issue 26 item 12: a file of non-UTF-8 bytes was answered with Python's codec message
    ("'utf-8' codec can't decode byte 0xff in position 0: invalid start byte") in Play and Truck
    routes, and read with replacement characters in Mafia City's Play; every reader now refuses
    it, naming the first byte that is not UTF-8, before anything parses it."""
    data = b'{"seed": 1, "actions": []}' + b"\xff\xfe" * 1000
    with parsers_forbidden():
        with pytest.raises(UploadNotText, match=r"^the file is not UTF-8 text \(byte 26 is 0xff"):
            checked_upload_text(data)
        with pytest.raises(UploadNotText, match="not UTF-8 text"):
            load_upload(name, data)
    assert checked_upload_text("é [pasted]") == "é [pasted]"
    assert checked_upload_text("é".encode()) == "é"


def test_a_refusal_on_size_names_the_sizes_in_bytes() -> None:
    """One byte over the limit must not read "the file is 5.0 MB; the limit is 5.0 MB"; a
    paste is called text."""
    with pytest.raises(UploadTooLarge) as refused:
        checked_upload_text(b" " * (MAX_UPLOAD_BYTES + 1))
    assert str(refused.value) == (
        "the file is 5,242,881 bytes (5.0 MB); the limit is 5,242,880 bytes (5.0 MB)"
    )
    with pytest.raises(UploadTooLarge, match=r"^the text is more than|^the text is 6,291,456"):
        checked_upload_text("x" * (6 * 1024 * 1024))


EXERCISES = (
    Exercise("adjacent", "Which districts touch 8?", frozenset({4, 7, 9, 11}), hint="edges"),
    Exercise("count", "How many barrels?", 3, hint="count"),
    Exercise("who", "Who controls it?", frozenset({"red", "blue"}), hint="colours"),
    Exercise("holds", "Does it hold?", True, hint="odds"),
)
PASTED_ANSWERS = {
    "5,000 digits": "1" * 5000,  # int() of it: ValueError (Python's 4,300-digit limit)
    "3 MB of numbers": "1 " * 1_500_000,  # a second of regex and int() per check
    "3 MB of words": "a " * 1_500_000,
}


@pytest.mark.parametrize("answer", sorted(PASTED_ANSWERS))
def test_a_pasted_answer_is_refused_in_words_before_it_is_read(answer: str) -> None:
    """Issue 26 item 12: the exercise answer boxes (control, gang war, truck routes, Mafia City
    control) read whatever was pasted: 5,000 digits ended in a traceback, 3 MB of numbers held
    the server for a second. An answer over MAX_ANSWER_CHARS is now refused with a message."""
    text = PASTED_ANSWERS[answer]
    refusal = (
        f"That answer is {len(text):,} characters long; an answer here is at most "
        f"{MAX_ANSWER_CHARS} characters."
    )
    for exercise in EXERCISES:
        feedback = exercise.check(text)
        assert not feedback.correct and feedback.message == refusal
    cards = exercise_cards(EXERCISES, [SimpleNamespace(value=text) for _ in EXERCISES])
    assert cards.text.count("That answer is") == len(EXERCISES)
    right = exercise_cards(EXERCISES[:1], [SimpleNamespace(value="4 7 9 11")])
    assert "Correct" in right.text  # the boxes still answer


def test_an_answer_box_posting_no_text_is_read_as_empty() -> None:
    cards = exercise_cards(EXERCISES[:1], [SimpleNamespace(value=["1"] * 10)])
    assert "Not quite" not in cards.text and "Correct" not in cards.text
    assert EXERCISES[1].check("3" + " " * (MAX_ANSWER_CHARS - 1)).correct


def _strategies_app() -> Any:
    spec = importlib.util.spec_from_file_location("strategies_inputs", NOTEBOOKS / "strategies.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.app


def test_the_strategies_form_is_held_to_its_bounds() -> None:
    """Issue 14 item 7: ``processes=6`` posted to the form (slider max 2) spawned 6 workers;
    nothing stopped 1,000 games or a negative seed. The notebook's cell checks every value."""
    tampered = SimpleNamespace(
        value={
            "games": 1,
            "players": "7",
            "mix": "rm -rf",
            "seed": -5,
            "processes": 6,
            "playouts": 10**9,  # the search bot's budget (issue 27): held to the slider's 64
        }
    )
    bounds = {"MAX_PROCESSES": 1, "MAX_SEARCH_PLAYOUTS": 64, "SEARCH_PLAYOUTS": 16}
    _, defs = _strategies_app().run(defs={"settings": tampered, **bounds})
    assert defs["batch"] == {
        "games": 2,
        "players": 2,
        "mix": "one heuristic bot, the others random",
        "seed": 0,
        "processes": 1,
        "playouts": 64,
    }
    assert len(defs["records"]) == 2


_WIDGET = re.compile(
    r"^\s*(\w+)\s*=\s*mo\.ui\.(slider|number|text|text_area|file)\(", flags=re.MULTILINE
)


@pytest.mark.parametrize("notebook", sorted(p.name for p in NOTEBOOKS.glob("*.py")))
def test_every_number_text_and_upload_widget_is_checked_before_use(notebook: str) -> None:
    """Each ``name.value`` of a slider, number, text or upload widget in a marimo notebook is
    read through a ``checked_*`` helper (or ``load_upload``, which checks the size) on the
    same line."""
    source = (NOTEBOOKS / notebook).read_text("utf-8")
    unchecked = [
        f"{name}: {line.strip()}"
        for name, _ in _WIDGET.findall(source)
        for line in source.splitlines()
        if f"{name}.value" in line
        and not re.search(r"checked_\w+\(|load_upload\(", line)
        # an upload's list of files is read first, its contents are checked (below)
        and not re.fullmatch(rf"\s*(files|_file) = {name}\.value(\[0\])?", line)
        and not re.fullmatch(rf"\s*if {name}\.value:", line)
    ]
    assert not unchecked, unchecked


def test_the_jupyter_play_notebook_limits_its_upload() -> None:
    cells = json.loads((NOTEBOOKS / "play.ipynb").read_text("utf-8"))["cells"]
    source = "\n".join("".join(c["source"]) for c in cells if c["cell_type"] == "code")
    assert 'checked_upload_text(bytes(files[0]["content"]) if files else load_text.value)' in source

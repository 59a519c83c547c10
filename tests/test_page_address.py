"""The play table kept in the page's address (``speakeasy.tools.page_address``, issue 24 item
9): a reload reopens the same game, a new game gets a new seed unless one is set, "Go back to
Step N" lands on step N, and every hostile address is refused with an ``AddressError`` (or the
game's own refusal of a replayed decision) fast, in bounded memory, never a traceback.
"""

from __future__ import annotations

import base64
import json
import time
import zlib
from typing import Any

import pytest

from speakeasy import IllegalAction
from speakeasy.games.mafia_city.table.play import Table as McTable
from speakeasy.games.mafia_city.table.play import TableSnapshot as McTableSnapshot
from speakeasy.games.mafia_city.table.play_panel import PlaySession as McPlaySession
from speakeasy.games.speakeasy.model.state import Colour
from speakeasy.games.speakeasy.table.play import (
    SeatKind,
    Table,
    TableSnapshot,
    advance,
    decision_number,
    decision_steps,
    table_for,
)
from speakeasy.games.speakeasy.table.play_panel import PlaySession, panel_view, table_figure
from speakeasy.tools.page_address import (
    ADDRESS_KEY,
    FORMAT_VERSION,
    MAX_CHARS,
    MAX_JSON_BYTES,
    SEED_LIMIT,
    AddressError,
    decode_table,
    encode_table,
    fresh_seed,
    table_fields,
)

SEATS: dict[str | Colour, SeatKind] = {"purple": "human", "blue": "heuristic"}


def _new(seed: int) -> TableSnapshot:
    return Table.new(SEATS, seed=seed).snapshot()


def _played(seed: int = 5, decisions: int = 6) -> TableSnapshot:
    snap = _new(seed)
    for _ in range(decisions):
        first = table_for(snap).game.legal_actions()[0]
        snap = advance(snap, lambda t: t.choose(first))  # noqa: B023 (called at once)
    return snap


def _pack(obj: Any) -> str:
    raw = obj if isinstance(obj, bytes) else json.dumps(obj).encode()
    return base64.urlsafe_b64encode(zlib.compress(raw)).decode().rstrip("=")


class Params(dict[str, Any]):
    """A stand-in for ``mo.query_params()``: counts the writes (each one a browser history
    entry)."""

    writes = 0

    def set(self, key: str, value: str) -> None:
        self.writes += 1
        self[key] = value

    def remove(self, key: str, value: str | None = None) -> None:
        self.writes += 1
        self.pop(key, None)


# ---------------------------------------------------------------------- encode and decode
def test_a_table_round_trips_through_the_address() -> None:
    snap = advance(_played(), lambda t: t.undo())  # with a redo line
    assert snap.redo
    value = encode_table("speakeasy", snap.to_data())
    assert len(value) < MAX_CHARS and value.isascii() and "=" not in value
    assert TableSnapshot.from_data(decode_table(value, "speakeasy")) == snap


def test_a_mafia_city_table_round_trips_too() -> None:
    snap = McTable.new({"red": "human", "blue": "random", "green": "heuristic"}, seed=4)
    data = snap.snapshot().to_data()
    assert McTableSnapshot.from_data(decode_table(encode_table("mafia-city", data), "mafia-city"))


def test_a_whole_game_fits_the_address() -> None:
    table = Table.new({"purple": "random", "blue": "random", "green": "random"}, seed=11)
    assert table.game.is_over
    value = encode_table("speakeasy", table.snapshot().to_data())
    assert len(value) < MAX_CHARS // 2, len(value)


@pytest.mark.parametrize(
    ("value", "words"),
    [
        ("A" * (MAX_CHARS + 1), "too long"),
        ("not base64!", "not base64url"),
        ("abcde", "not base64url"),  # a length base64 never has
        (["one", "two"], "more than one game"),
        (_pack(b"x")[:-4], "damaged"),  # cut short
        (base64.urlsafe_b64encode(b"plain text, not zlib").decode().rstrip("="), "not zlib"),
        (_pack(b"{not json"), "invalid JSON"),
        (_pack([1, 2]), "holds nothing to open"),
        (
            _pack({"game": "mafia-city", "v": FORMAT_VERSION, "table": {}}),
            "is for mafia-city, not speakeasy",
        ),
        (_pack({"game": "speakeasy", "v": 99, "table": {}}), "format version"),
        (_pack({"game": "speakeasy", "v": True, "table": {}}), "format version"),
        (_pack({"game": "speakeasy", "v": FORMAT_VERSION, "table": []}), "holds nothing to open"),
        (_pack(b"[" * 5000 + b"]" * 5000), "levels deep"),
        (_pack(b'{"a": 1' + b"0" * 400 + b"}"), "digit number"),
    ],
)
def test_a_hostile_address_is_refused_plainly(value: object, words: str) -> None:
    with pytest.raises(AddressError, match=words):
        decode_table(value, "speakeasy")


def test_a_zlib_bomb_stops_at_the_limit_fast() -> None:
    bomb = base64.urlsafe_b64encode(zlib.compress(b"[" + b" " * 4_000_000, 9)).decode()
    assert len(bomb) < MAX_CHARS  # 4 MB in under 6,000 characters
    start = time.perf_counter()
    with pytest.raises(AddressError, match=f"more than {MAX_JSON_BYTES:,} bytes"):
        decode_table(bomb.rstrip("="), "speakeasy")
    assert time.perf_counter() - start < 0.5


@pytest.mark.parametrize(
    ("table", "words"),
    [
        ({"seats": "purple"}, "list of seats"),
        ({"seats": []}, "list of seats"),
        ({"seats": [["pink", "human"]], "seed": 1}, "not a colour"),
        ({"seats": [["purple", "god"]], "seed": 1}, "no seat kind"),
        ({"seats": [["purple", "human"], ["purple", "bot"]], "seed": 1}, "twice"),
        ({"seats": [["purple", "human"]], "seed": -1}, "seed"),
        ({"seats": [["purple", "human"]], "seed": True}, "seed"),
        ({"seats": [["purple", "human"]], "seed": 2**63}, "seed"),
        ({"seats": [["purple", "human"]], "seed": 1, "actions": [1]}, "short texts"),
        ({"seats": [["purple", "human"]], "seed": 1, "actions": ["x" * 201]}, "short texts"),
        ({"seats": [["purple", "human"]], "seed": 1, "actions": ["pass"] * 5001}, "5,000"),
        ({"seats": [["purple", "human"]], "seed": 1, "admin": True}, "unknown fields: admin"),
        ({"seats": [["purple", "human"]], "seed": 1, "options": []}, "not a table"),
    ],
)
def test_a_table_of_the_wrong_shape_is_refused(table: dict[str, Any], words: str) -> None:
    with pytest.raises(AddressError, match=words):
        TableSnapshot.from_data(table)


def test_the_games_own_rules_check_the_decisions() -> None:
    data = _played().to_data()
    data["actions"][2] = "capo nowhere 0"
    with pytest.raises(IllegalAction):
        TableSnapshot.from_data(data)
    with pytest.raises(ValueError, match="unknown option"):
        TableSnapshot.from_data({**_new(1).to_data(), "options": {"cheat": True}})
    with pytest.raises(ValueError, match="3"):  # Mafia City seats 3 to 5
        McTableSnapshot.from_data({"seats": [["red", "human"]], "seed": 1})


def test_table_fields_leave_the_game_its_own_extra_fields() -> None:
    fields = table_fields(
        {"seats": [["red", "human"]], "seed": 0, "advanced": True},
        colours={"red"},
        kinds={"human"},
        extra={"advanced"},
    )
    assert fields == ((("red", "human"),), 0, (), ())


# ---------------------------------------------------------------------- the session and a page
def test_a_page_opens_on_the_game_in_its_address() -> None:
    snap = _played()
    session = PlaySession(snap)
    params = Params()
    assert session.keep_in_address(params)
    assert session.keep_in_address(params) and params.writes == 1  # unchanged: not written again
    opened, note = PlaySession.opening(params, _new)
    assert opened == snap
    assert note is not None and note[0] == "info" and f"seed {snap.seed}" in note[1]


def test_a_bad_address_gives_a_new_game_and_says_why() -> None:
    for value in ("%%%", _pack({"game": "mafia-city", "v": 1, "table": {}}), "A" * 10_000):
        opened, note = PlaySession.opening({ADDRESS_KEY: value}, _new)
        assert opened.step <= 1 and note is not None and note[0] == "warn"
        assert note[1].startswith("The game in this page's address cannot be opened:")
        assert f"seed {opened.seed}" in note[1]


def test_an_illegal_decision_in_the_address_gives_a_new_game() -> None:
    data = _played().to_data()
    data["actions"][-1] = "pass"
    opened, note = PlaySession.opening({ADDRESS_KEY: encode_table("speakeasy", data)}, _new)
    assert note is not None and note[0] == "warn" and opened.actions != tuple(data["actions"])


def test_mafia_city_opens_only_its_own_games() -> None:
    value = encode_table("speakeasy", _new(3).to_data())
    fresh = McTable.new({"red": "human", "blue": "random", "green": "random"}, seed=1)
    opened, note = McPlaySession.opening({ADDRESS_KEY: value}, lambda seed: fresh.snapshot())
    assert opened == fresh.snapshot()
    assert note is not None and "is for speakeasy, not mafia-city" in note[1]


def test_a_new_page_gets_a_new_seed_unless_its_address_sets_one() -> None:
    seeds = {PlaySession.opening({}, lambda seed: _new(seed))[0].seed for _ in range(4)}
    assert len(seeds) > 1, "four fresh pages, one seed"
    assert all(0 <= s < SEED_LIMIT for s in seeds)
    assert PlaySession.opening({"seed": "5"}, _new) == (_new(5), None)
    assert len({fresh_seed() for _ in range(20)}) > 1


def test_a_game_too_long_for_the_address_is_taken_out(monkeypatch: pytest.MonkeyPatch) -> None:
    session = PlaySession(_played())
    params = Params({ADDRESS_KEY: "old"})
    monkeypatch.setattr("speakeasy.tools.decision_panel.MAX_CHARS", 10)
    assert session.address() is None
    assert not session.keep_in_address(params) and ADDRESS_KEY not in params


# ---------------------------------------------------------------------- go back lands there
def test_go_back_to_step_n_shows_step_n() -> None:
    snap = _played(decisions=10)
    table = table_for(snap)
    label, step = decision_steps(table.game, table.seats)[3]
    number = int(label.split(" ")[1])
    back = advance(snap, lambda t: t.goto(step))
    landed = table_for(back)
    assert decision_number(landed.game) == number
    assert f"· step {number}" in panel_view(landed)["prompt"]["progress"]
    assert table_figure(landed)["layout"]["title"]["text"].startswith(f"Step {number} · ")
    # the log numbers that decision's action the same once it is made again
    assert landed.game.redo_line[0] == table.game.history[number - 1]

"""Mafia City's table in a notebook through the fast widgets
(``speakeasy.games.speakeasy.table.PlaySession``).

The panel lists every pending option once; the next person's cards stay covered at a shared
screen until that person reveals them, and while covered neither the panel nor a map click can
choose (MC-INFO-1); the teacher view shows every hand; whatever the page sends is checked;
undo and redo come back to the same position; a whole 3-player game is played by requests.
"""

from __future__ import annotations

import json
import random

from speakeasy.games.mafia_city.figures.map import TILES_TRACE
from speakeasy.games.mafia_city.table.play import Table
from speakeasy.games.mafia_city.table.play_panel import PlaySession, panel_view
from speakeasy.tools.teacher import TeacherView


def _session(seats: dict[str, str], seed: int = 3, teacher: bool = False) -> PlaySession:
    view = TeacherView(allowed=teacher)
    return PlaySession(Table.new(seats, seed=seed).snapshot(), teacher_view=view)


def _choose(session: PlaySession, rng: random.Random) -> None:
    view = session.panel.data
    shown = [i for g in view["groups"] for i in g["options"]]
    index = rng.choice(shown)
    session.panel.request({"n": 1, "step": view["step"], "kind": "choose", "index": index})


def test_a_whole_three_player_game_by_panel_requests() -> None:
    session = _session({"red": "human", "blue": "heuristic", "green": "random"})
    rng = random.Random(3)
    for _ in range(2000):
        view = session.panel.data
        json.dumps(view)
        if view["kind"] is None:
            break
        assert view["waiting"], "bots move by themselves until the person decides"
        decision = session.table.game.pending
        assert decision is not None
        assert len(view["options"]) == len(decision.options)
        if view["picker"] is None and not view["show_all"]:
            listed = sorted(i for g in view["groups"] for i in g["options"])
            assert listed == list(range(len(decision.options))), "every option once"
        _choose(session, rng)
    else:
        raise AssertionError("the game did not end")
    assert session.table.game.is_over
    assert session.panel.data["prompt"]["over"]


def test_the_cover_hides_the_next_persons_cards_until_revealed() -> None:
    """MC-INFO-1: two people at one screen."""
    revealed: list[str | None] = []
    session = _session({"red": "human", "blue": "human", "green": "random"})
    session.on_reveal = revealed.append
    view = session.panel.data
    seat = session.table.viewer()
    assert view["cover"] is not None and not view["waiting"]
    titles = [s["title"] for s in view["sections"]]
    assert not any("hand" in t for t in titles), "no hand under the cover"
    before = session.snapshot
    # a choice made up by the page is refused under the cover
    session.panel.request({"n": 1, "step": view["step"], "kind": "choose", "index": 0})
    assert session.snapshot == before
    # a map click chooses nothing either
    traces = session.board.figure["data"]
    tiles = [t.get("name") for t in traces].index(TILES_TRACE)
    for point in range(len(traces[tiles]["x"])):
        session.board.request({"n": 2, "c": tiles, "p": point})
    assert session.snapshot == before
    session.panel.request({"n": 3, "step": view["step"], "kind": "reveal"})
    assert revealed == [seat]
    shown = session.panel.data
    assert shown["cover"] is None and shown["waiting"]
    assert any(s["title"] == f"{str(seat).capitalize()}'s hand" for s in shown["sections"])


def test_one_person_is_never_covered_and_the_teacher_sees_every_hand() -> None:
    session = _session({"red": "human", "blue": "random", "green": "random"}, teacher=True)
    assert session.panel.data["cover"] is None
    hands = [s for s in session.panel.data["sections"] if s["title"].endswith("hand")]
    assert len(hands) == 1
    assert session.set_teacher(True)
    teacher = [s for s in session.panel.data["sections"] if "teacher view" in s["title"]]
    assert len(teacher) == 2


def test_undo_and_redo_come_back_to_the_same_position() -> None:
    session = _session({"red": "human", "blue": "heuristic", "green": "random"})
    rng = random.Random(1)
    start = session.snapshot
    _choose(session, rng)
    after = session.snapshot
    assert after.step > start.step
    session.panel.request({"n": 1, "step": after.step, "kind": "undo"})
    assert session.snapshot.step == start.step
    assert session.panel.data["redo"]
    session.panel.request({"n": 2, "step": start.step, "kind": "redo"})
    assert session.snapshot.step == after.step


def test_hostile_requests_change_nothing() -> None:
    session = _session({"red": "human", "blue": "heuristic", "green": "random"})
    before = session.snapshot
    step = session.panel.data["step"]
    for bad in (
        {"n": 1, "step": step, "kind": "choose", "index": 10**6},
        {"n": 1, "step": step + 1, "kind": "choose", "index": 0},
        {"n": 1, "step": step, "kind": "reveal"},  # nothing is covered
        {"n": 1, "step": step, "kind": "eval"},
        "choose 0",
    ):
        assert session.panel.request(bad) is None
    assert session.snapshot == before


def test_the_panel_names_the_players_with_plurals() -> None:
    table = Table.new({"red": "human", "blue": "random", "green": "random"}, seed=5)
    lines = panel_view(table)["sections"][0]["lines"]
    assert len(lines) == 3 and lines[0].startswith("Red (you): ")
    assert not any(" 1 cards" in line or " 1 tokens" in line for line in lines)

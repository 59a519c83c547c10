"""Hidden hands at a shared Mafia City screen (issue 24 item 3, issue 25 item 3).

MC-INFO-1: a player's hand is theirs alone. With two or more people at one screen (hot-seat)
the cards of whoever must decide stay covered until that person reveals them, and every way the
position moves other than a person's own choice covers them again: undo, redo, going back to an
earlier snapshot, a new game. Whatever the table renders (the decision panel's data, the map,
the explained log as the notebooks build it) then shows no hand but the one its owner
revealed, and no private log line under a cover. Every cover, undo and redo path is walked with
two and three people seated, with bots beside them.

The teacher's view (every hand, :mod:`speakeasy.tools.teacher`) exists only for a session made
for the teacher: any other session refuses to turn it on, whatever value is posted.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from speakeasy.games.mafia_city.explain.log import card_label, card_text, log
from speakeasy.games.mafia_city.table.play import Table
from speakeasy.games.mafia_city.table.play_panel import PlaySession
from speakeasy.tools.teacher import TeacherView

#: Tables of two and three people, with and without bots (3 to 5 seats, MC-SETUP-11).
SEATINGS: list[dict[str, str]] = [
    {"red": "human", "blue": "human", "green": "random"},
    {"red": "human", "blue": "heuristic", "green": "human", "yellow": "random"},
    {"red": "human", "blue": "human", "green": "human"},
    {"red": "human", "blue": "random", "green": "human", "yellow": "heuristic", "grey": "human"},
]


class Screen:
    """A Mafia City session as the notebook drives it, with what its page renders."""

    def __init__(self, seats: dict[str, str], seed: int, teacher: bool = False) -> None:
        self.revealed: list[str | None] = []
        self.session = PlaySession(
            Table.new(seats, seed=seed).snapshot(),
            on_reveal=self.revealed.append,
            teacher_view=TeacherView(allowed=teacher),
        )
        self.n = 0

    @property
    def table(self) -> Table:
        return self.session.table

    def request(self, kind: str, **extra: Any) -> None:
        self.n += 1
        view = self.session.panel.data
        self.session.panel.request({"n": self.n, "step": view["step"], "kind": kind, **extra})

    def choose(self, rng: random.Random) -> None:
        shown = [i for g in self.session.panel.data["groups"] for i in g["options"]]
        self.request("choose", index=rng.choice(shown))

    # ------------------------------------------------------------------ what is on screen
    def log_text(self) -> list[str]:
        """The explained log as the notebook renders it (its ``log_seat``)."""
        seat = self.table.log_seat(self.session.uncovered, self.session.teacher)
        return [e.html() for e in log(self.table.game, seat)]

    def private_log_lines(self) -> int:
        seat = self.table.log_seat(self.session.uncovered, self.session.teacher)
        return sum(1 for e in log(self.table.game, seat) if e.private)

    def hands_on_screen(self) -> dict[str, list[str]]:
        """The hands the panel shows, by seat (from their sections' titles)."""
        shown: dict[str, list[str]] = {}
        for section in self.session.panel.data["sections"]:
            if section.get("cls") in ("mc-hand", "mc-other-hand"):
                seat = section["title"].split("'s hand")[0].lower()
                shown[seat] = list(section["lines"])
        return shown

    def covered(self) -> bool:
        return self.session.panel.data["cover"] is not None


def _labels(cards: tuple[str, ...] | list[str]) -> list[str]:
    """A hand's lines as the panel shows them (each card with its text, de9fa22)."""
    return [card_text(c) for c in cards] or ["no cards"]


def _may_see(screen: Screen) -> set[str]:
    """The seats whose hands may be on screen: none under a cover (or with no person to
    decide), else the seat that revealed (and every seat if it holds the Police Officer,
    MC-OFFICER: the holder sees the others' hands)."""
    table = screen.table
    viewer = table.viewer()
    if screen.covered() or viewer is None:
        return set()
    if len(table.humans()) > 1 and screen.session.uncovered != viewer:
        return set()
    seen = table.observation()
    return {viewer} | set(seen.hands or ())


def check_screen(screen: Screen, where: str) -> None:
    """Nothing on screen shows a hand it may not: the panel's hand sections, the rest of the
    panel's text, the map and the log."""
    table, session = screen.table, screen.session
    state = table.game.state
    allowed = _may_see(screen)
    shown = screen.hands_on_screen()
    assert set(shown) <= allowed, f"{where}: hands {sorted(shown)} on screen, may see {allowed}"
    for seat, lines in shown.items():
        assert lines == _labels(tuple(state.seats[seat].hand)), f"{where}: {seat}'s hand"
    if screen.covered():
        assert not shown and session.panel.data["options"] == [], where
        assert screen.private_log_lines() == 0, f"{where}: a private log line under the cover"
        # the cover names whoever must decide now
        assert f"I am {table.viewer()}:" in session.panel.data["cover"]["button"], where
    # card names of hands not on screen appear nowhere else: not in the panel's other text,
    # the map or the log (a card's name in a public event, e.g. a card played, is public)
    public = " ".join(e.html() for e in log(table.game, None))
    hidden = {
        card_label(c) for seat, s in state.seats.items() if seat not in shown for c in s.hand
    } - {card_label(c) for seat in shown for c in state.seats[seat].hand}
    hidden = {label for label in hidden if label.split(" (")[0] not in public}
    sections = [s for s in session.panel.data["sections"] if s.get("cls") == "mc-players"]
    # the log: public lines only under a cover (above); uncovered, the revealed seat's own
    # private lines (cards it drew or gave away) are its to read
    shown_log = screen.log_text() if screen.covered() else []
    rendered = json.dumps([sections, session.panel.data["note"], session.board.figure, shown_log])
    leaked = sorted(label for label in hidden if label in rendered)
    assert not leaked, f"{where}: {leaked} rendered"


def _reveal_if_covered(screen: Screen) -> None:
    if screen.covered():
        seat = screen.table.viewer()
        screen.request("reveal")
        assert screen.session.uncovered == seat and not screen.covered()


@pytest.mark.parametrize(
    "seats", SEATINGS, ids=lambda s: "-".join(f"{c}:{k}" for c, k in s.items())
)
def test_every_cover_undo_and_redo_path_shows_no_other_hand(seats: dict[str, str]) -> None:
    """A random walk of reveals, choices, undos and redos (MC-INFO-1): after each, the screen
    shows no hand but the revealed one; after every undo and redo the person who must decide
    meets a cover, and the log shows no private line under it."""
    rng = random.Random(len(seats))
    screen = Screen(seats, seed=11)
    check_screen(screen, "start")
    undos = redos = 0
    for turn in range(120):
        table = screen.table
        if table.game.pending is None:
            break
        check_screen(screen, f"turn {turn}")
        roll = rng.random()
        if roll < 0.4 and screen.session.panel.data["redo"]:
            screen.request("redo")
            redos += 1
            assert screen.covered() or not screen.table.waiting_for_human, "redo uncovered"
            check_screen(screen, f"turn {turn}, after redo")
            continue
        if roll < 0.55 and table.can_undo:
            screen.request("undo")
            undos += 1
            assert screen.covered() or not screen.table.waiting_for_human, "undo uncovered"
            check_screen(screen, f"turn {turn}, after undo")
            continue
        if not table.waiting_for_human:
            screen.request("bots")
            continue
        _reveal_if_covered(screen)
        check_screen(screen, f"turn {turn}, revealed")
        screen.choose(rng)
    assert undos >= 5 and redos >= 3, (undos, redos)


@pytest.mark.parametrize("seats", SEATINGS[:3], ids=["2+bot", "2+2bots", "3"])
def test_undo_on_the_next_persons_cover_does_not_open_the_previous_hand(
    seats: dict[str, str],
) -> None:
    """The reported leak: A reveals and decides; B's screen is covered; B presses Undo. The
    position goes back to A's decision, and the screen is covered for A (not A's hand shown to
    B); A reveals again; Redo goes forward and covers for B."""
    screen = Screen(seats, seed=3)
    rng = random.Random(7)
    first = screen.table.viewer()
    assert first is not None and screen.covered()
    _reveal_if_covered(screen)
    while screen.table.viewer() == first:
        screen.choose(rng)
        if screen.table.viewer() == first:
            _reveal_if_covered(screen)
    second = screen.table.viewer()
    assert second != first and screen.covered()
    check_screen(screen, "the next person's cover")

    screen.request("undo")
    assert screen.table.viewer() == first
    assert screen.covered(), "undo showed the previous person's hand without its cover"
    assert screen.session.panel.data["cover"]["button"] == f"I am {first}: show my cards"
    assert screen.revealed[-1] is None  # the notebook's log heard the cover
    check_screen(screen, "after undo")

    screen.request("reveal")
    assert screen.hands_on_screen().keys() >= {first}
    screen.request("redo")
    assert screen.table.viewer() == second and screen.covered()
    check_screen(screen, "after redo")
    screen.request("reveal")
    assert first not in screen.hands_on_screen() or screen.table.observation().hands


def test_going_back_to_an_earlier_snapshot_or_a_new_game_covers_the_cards() -> None:
    """A jump back (``show`` of an earlier snapshot) and a new game are not a step forward:
    the cards are covered for whoever decides there."""
    screen = Screen(SEATINGS[0], seed=5)
    start = screen.session.snapshot
    _reveal_if_covered(screen)
    screen.choose(random.Random(1))
    _reveal_if_covered(screen)
    assert not screen.covered()
    screen.session.show(start)
    assert screen.covered() and screen.session.uncovered is None
    check_screen(screen, "jumped back")
    _reveal_if_covered(screen)
    screen.session.show(Table.new(SEATINGS[0], seed=6).snapshot())
    assert screen.covered()
    check_screen(screen, "new game")


def test_one_person_is_never_covered_and_sees_only_their_own_hand() -> None:
    """One person with bots (MC-INFO-1): no cover, and only that person's hand, through undo
    and redo too."""
    screen = Screen({"red": "human", "blue": "heuristic", "green": "random"}, seed=2)
    rng = random.Random(2)
    for _ in range(12):
        assert not screen.covered()
        check_screen(screen, "one person")
        screen.choose(rng)
    screen.request("undo")
    check_screen(screen, "one person, undo")
    screen.request("redo")
    check_screen(screen, "one person, redo")


@pytest.mark.parametrize("posted", [True, "true", 1, "on", {"value": True}])
def test_a_students_session_never_turns_the_teacher_view_on(posted: object) -> None:
    """A session not made for the teacher refuses the teacher view, whatever is posted (a
    page can send any widget value): no other hand appears, covered or not."""
    screen = Screen(SEATINGS[0], seed=4)
    assert screen.session.set_teacher(posted) is False and not screen.session.teacher
    check_screen(screen, "student, covered")
    _reveal_if_covered(screen)
    assert screen.session.set_teacher(posted) is False
    check_screen(screen, "student, revealed")


def test_the_teachers_session_shows_every_hand_and_turns_off_again() -> None:
    """The teacher's view: the explicit whole-state view, every hand (the bots' too), with no
    cover; only ``True`` itself turns it on; off again, the cover is back."""
    screen = Screen(SEATINGS[0], seed=4, teacher=True)
    assert screen.covered()
    assert screen.session.set_teacher("true") is False
    assert screen.session.set_teacher(True) is True
    assert not screen.covered()
    assert set(screen.hands_on_screen()) == set(screen.table.game.players)
    assert screen.private_log_lines() == 0  # the teacher's log: public lines only
    assert screen.session.set_teacher(False) is False
    assert screen.covered() and not screen.hands_on_screen()

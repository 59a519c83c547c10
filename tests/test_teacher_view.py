"""Who may see the teacher's view (issue 24 item 3, issue 25 item 3): one shared mechanism,
``speakeasy.tools.teacher``, used by both games' tables.

The teacher's view is the explicit whole-state view (every safe and hand, R-MONEY-1,
MC-INFO-1). A page is the teacher's only if its query carries the teacher's code (checked on
the server in constant time against the workshop's, or ``SPEAKEASY_TEACHER_CODE``); a session
made for anyone else refuses it whatever value is posted, and both games' sessions take it
from the shared :class:`~speakeasy.tools.decision_panel.TableSession`, not each its own.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from speakeasy.games.mafia_city.table.play_panel import PlaySession as McPlaySession
from speakeasy.games.speakeasy.table.play import Table
from speakeasy.games.speakeasy.table.play_panel import PlaySession
from speakeasy.tools import teacher
from speakeasy.tools.decision_panel import TableSession
from speakeasy.tools.teacher import TeacherView, granted


@pytest.fixture
def code(monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    monkeypatch.delenv(teacher.ENV, raising=False)
    teacher.set_code("c0de-for-this-test")
    try:
        yield "c0de-for-this-test"
    finally:
        teacher.set_code(None)


def test_only_the_teachers_code_grants_the_view(code: str) -> None:
    assert granted({"teacher": code}) and granted({"teacher": ["x", code]})
    for params in (
        {},
        {"teacher": ""},
        {"teacher": code[:-1]},
        {"teacher": code + "x"},
        {"teacher": code.upper()},
        {"teacher": "ünïcode"},
        {"teacher": [1, None]},
        {"access_token": code},
        None,
        "teacher=" + code,
    ):
        assert not granted(params), params


def test_no_code_in_force_grants_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(teacher.ENV, raising=False)
    teacher.set_code(None)
    assert not granted({"teacher": ""}) and not granted({"teacher": "None"})


def test_a_single_marimo_run_takes_the_code_from_the_environment(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    teacher.set_code(None)
    monkeypatch.setenv(teacher.ENV, "from-env")
    assert granted({"teacher": "from-env"}) and not granted({"teacher": "other"})
    teacher.set_code("workshop")  # the workshop's code comes first
    try:
        assert granted({"teacher": "workshop"}) and not granted({"teacher": "from-env"})
    finally:
        teacher.set_code(None)


def test_a_teacher_view_turns_on_only_when_allowed_and_only_for_true() -> None:
    heard: list[bool] = []
    student = TeacherView()
    student.listen(heard.append)
    assert [student.set(v) for v in (True, "true", 1)] == [False, False, False]
    assert not student.on and heard == []
    mine = TeacherView(allowed=True)
    mine.listen(heard.append)
    assert mine.set("yes") is False and mine.set(1) is False
    assert mine.set(True) is True and mine.on
    assert mine.set(True) is True and heard == [True]  # heard once, on a change
    assert mine.set(None) is False and heard == [True, False]


def test_both_games_sessions_share_one_teacher_mechanism() -> None:
    """Neither game's session has its own teacher switch: both inherit it."""
    for cls in (PlaySession, McPlaySession):
        assert cls.set_teacher is TableSession.set_teacher
        assert cls.teacher is TableSession.teacher


def _meta(session: PlaySession) -> dict[str, object]:
    return dict(session.board.figure["layout"]["meta"])


def test_a_speakeasy_students_session_never_shows_the_whole_state() -> None:
    """R-MONEY-1: a session not made for the teacher keeps the opponent's safe hidden,
    whatever value is posted for the teacher's switch."""
    snapshot = Table.new({"purple": "human", "blue": "heuristic"}, seed=1).snapshot()
    student = PlaySession(snapshot)
    for posted in (True, "true", 1, {"value": True}):
        assert student.set_teacher(posted) is False
        assert _meta(student)["teacher"] is False and _meta(student)["seen_by"] == "purple"
    mine = PlaySession(snapshot, teacher_view=TeacherView(allowed=True))
    assert mine.set_teacher(True) is True and _meta(mine)["teacher"] is True
    assert mine.set_teacher(False) is False and _meta(mine)["teacher"] is False

"""The coach at the table (issue 27): "Ask the coach" on the decision panel of both games'
Play (:class:`~speakeasy.tools.decision_panel.TableSession`). The person deciding may ask, never
while their cards are covered or a bot decides; the coach thinks in a worker (the panel shows
its progress and may stop it), answers in the panel with the options it rates best in the
player's words and why, with rules linked to the rules page and the explorers that show them;
a move drops a question about the position before."""

from __future__ import annotations

import json
import threading
import urllib.parse
from collections.abc import Callable
from typing import Any, ClassVar

import pytest

from speakeasy.games import load
from speakeasy.games.mafia_city.studies.control import linked_position
from speakeasy.games.mafia_city.table.play import Table as McTable
from speakeasy.games.mafia_city.table.play_panel import PlaySession as McSession
from speakeasy.games.speakeasy.studies.positions import linked_start
from speakeasy.games.speakeasy.table.play import Table
from speakeasy.games.speakeasy.table.play_panel import PlaySession
from speakeasy.tools.decision_panel import TableSession, parse_request


class Deferred(threading.Thread):
    """A worker thread that runs only when the test says (``run``; ``join`` runs it too)."""

    made: ClassVar[list[Deferred]] = []

    def __init__(self, target: Callable[..., None], args: tuple[Any, ...], daemon: bool) -> None:
        super().__init__(daemon=daemon)
        self.work, self.work_args = target, args
        Deferred.made.append(self)

    def start(self) -> None:
        pass

    def join(self, timeout: float | None = None) -> None:
        self.run()

    def run(self) -> None:
        self.work(*self.work_args)


class QuickSpeakeasy(PlaySession):
    coach_worlds = 8


class QuickMafiaCity(McSession):
    coach_worlds = 8


def speakeasy_session() -> PlaySession:
    table = Table.new({"purple": "human", "blue": "heuristic"}, seed=3)
    return QuickSpeakeasy(table.snapshot(), thread=Deferred)


def mafia_city_session() -> McSession:
    table = McTable.new({"red": "human", "blue": "heuristic", "green": "random"}, seed=4)
    return QuickMafiaCity(table.snapshot(), thread=Deferred)


SESSIONS: dict[str, Callable[[], TableSession[Any, Any]]] = {
    "speakeasy": speakeasy_session,
    "mafia-city": mafia_city_session,
}


def _ask(session: TableSession[Any, Any]) -> dict[str, Any]:
    view = session.panel.data
    assert view["coach_offer"] and view["waiting"]
    asked = session.panel.request({"n": 1, "step": view["step"], "kind": "coach"})
    assert asked is not None and asked.kind == "coach"
    thinking = session.panel.data["coach"]
    assert thinking["state"] == "thinking" and thinking["done"] == 0
    assert thinking["total"] == session.coach_worlds
    assert not session.panel.data["coach_offer"]  # one question at a time
    Deferred.made[-1].run()
    return session.panel.data


@pytest.mark.parametrize("name", SESSIONS)
def test_the_person_deciding_asks_and_the_answer_names_options_and_reasons(name: str) -> None:
    session = SESSIONS[name]()
    before = session.panel.data
    answered = _ask(session)
    json.dumps(answered)
    coach = answered["coach"]
    assert coach["state"] == "answer" and coach["worlds"] == session.coach_worlds
    table = session.table
    decision = table.game.pending
    assert decision is not None
    labels = {session.label(table, a) for a in decision.options}
    assert {r["label"] for r in coach["ranked"]} == labels  # every option, in the player's words
    assert coach["ranked"][0]["margin"].startswith(("+", "-"))
    assert " ± " in coach["lead_text"]
    # the option button it names is the panel's own option of that name (marked on the page)
    pick = coach["best_index"]
    assert pick is not None
    assert session.label(table, session.option(table, pick)) == coach["ranked"][0]["label"]

    assert coach["lines"]  # these positions have reasons clear in 8 worlds
    for line in coach["lines"]:
        cited = [r for r in answered["links"] if r in line["text"]]
        assert cited, line  # each reason's rules link to the rules page
        # and says when its measure is taken: as play reaches the next decision (anyone's),
        # at the chapter's end or at the end of the game
        # (what the move itself changes, the same in every world, is said without a when)
        chapter = load(name).chapter_name
        when = ("by the next decision", f"by the end of this {chapter}", "at the end of the game")
        assert any(w in line["text"] for w in when) != line["itself"], line
        assert all(answered["links"][r].startswith("/rules/?id=") for r in cited)
        if line["explorer"]:
            assert line["explorer"]["href"].startswith("/") and line["explorer"]["title"]
    # the position did not move; the coach may be asked again
    assert answered["step"] == before["step"] and answered["coach_offer"]


def test_asked_again_the_coach_draws_twice_the_worlds_up_to_the_most() -> None:
    """ "Ask again for more worlds" is true: the same decision asked again draws twice the
    worlds of the last answer (the first ones the same, from the same seed), up to the most;
    the button says so until then."""

    class Few(QuickMafiaCity):
        coach_worlds = 2
        coach_most_worlds = 5

    session = Few(mafia_city_session().snapshot, thread=Deferred)
    for n, worlds in enumerate((2, 4, 5, 5), start=1):
        view = session.panel.data
        session.panel.request({"n": n, "step": view["step"], "kind": "coach"})
        assert session.panel.data["coach"]["total"] == worlds
        Deferred.made[-1].run()
        answer = session.panel.data["coach"]
        assert answer["state"] == "answer" and answer["worlds"] == worlds
        assert answer["more"] == (worlds < 5)
    first = session.coaching
    assert first is not None and first.answer is not None
    # a new decision starts again from the game's own number of worlds
    index = next(i for g in session.panel.data["groups"] for i in g["options"])
    session.panel.request(
        {"n": 9, "step": session.panel.data["step"], "kind": "choose", "index": index}
    )
    moved = session.panel.data
    assert moved["step"] > first.step and moved["coach_offer"]  # the bots played to red again
    assert session.ask_coach(wait=True) and session.coaching is not None
    assert session.coaching.total == 2


@pytest.mark.parametrize("name", SESSIONS)
def test_a_move_drops_the_question_about_the_position_before(name: str) -> None:
    session = SESSIONS[name]()
    view = session.panel.data
    session.panel.request({"n": 1, "step": view["step"], "kind": "coach"})
    worker = Deferred.made[-1]
    index = next(i for g in view["groups"] for i in g["options"])
    session.panel.request({"n": 2, "step": view["step"], "kind": "choose", "index": index})
    moved = session.panel.data
    assert moved["step"] != view["step"] and session.coaching is None
    worker.run()  # the worker finds its question gone: it shows nothing
    assert session.panel.data["coach"] is None and session.coaching is None


def test_stopping_answers_from_the_worlds_played_or_says_why_not() -> None:
    session = mafia_city_session()
    view = session.panel.data
    session.panel.request({"n": 1, "step": view["step"], "kind": "coach"})
    stop = {"n": 2, "step": view["step"], "kind": "coach_stop"}
    assert parse_request(stop, session.panel.data) is not None
    session.panel.request(stop)
    assert session.panel.data["coach"]["state"] == "stopping"
    Deferred.made[-1].run()
    coach = session.panel.data["coach"]
    assert coach["state"] == "error" and "before it had played a single world" in coach["error"]
    assert session.panel.data["coach_offer"]  # ask again


def test_the_coach_is_not_offered_to_a_covered_seat_nor_for_a_bot() -> None:
    """MC-INFO-1: with two people at one screen the next one's cards stay covered until they
    reveal them; the coach, which speaks from that seat's cards, waits too. A bot's decision
    is the bot's (R-CARD-9): no coach for it."""
    table = McTable.new({"red": "human", "blue": "human", "green": "random"}, seed=4)
    session = QuickMafiaCity(table.snapshot(), thread=Deferred)
    view = session.panel.data
    assert view["cover"] and not view["coach_offer"]
    assert parse_request({"n": 1, "step": view["step"], "kind": "coach"}, view) is None
    paused = Table.new({"purple": "heuristic", "blue": "heuristic"}, seed=2, pause_luciano=True)
    bots = QuickSpeakeasy(paused.snapshot(), thread=Deferred)
    assert not bots.panel.data["waiting"] and not bots.panel.data["coach_offer"]
    before = len(Deferred.made)
    assert bots.panel.request({"n": 1, "step": bots.panel.data["step"], "kind": "coach"}) is None
    assert len(Deferred.made) == before


def test_a_game_without_a_coach_offers_none() -> None:
    class NoCoach(QuickSpeakeasy):
        game_type = None  # type: ignore[assignment]

    session = NoCoach(Table.new({"purple": "human", "blue": "random"}, seed=1).snapshot())
    assert not session.panel.data["coach_offer"] and not session.ask_coach()


@pytest.mark.parametrize("name", SESSIONS)
def test_the_coachs_explorer_links_open_at_the_position_asked_about(name: str) -> None:
    """Issue 27: an explorer that can open at a game's position (Speakeasy's control and gang
    war, Mafia City's control) is linked at the position asked about, as the asking seat sees
    it; the others open at their own start."""
    session = SESSIONS[name]()
    _ask(session)
    run, game_type = session.coaching, session.game_type
    assert run is not None and game_type is not None
    for station in game_type.stations:
        href = session._explorer_href(station, run)
        if not station.opens_at:
            assert href == station.path
            continue
        path, _, query = href.partition("?")
        assert path == station.path
        link = urllib.parse.parse_qs(query)["at"][0]
        title = f"Your game at step {run.step}, as {run.seat.capitalize()} sees it"
        if name == "mafia-city":
            found = linked_position(link)
            assert (found.refusal, found.title) == (None, title)
        else:
            start = linked_start(link)
            assert (start.refusal, start.label) == (None, title)
    assert any(s.opens_at for s in game_type.stations) == (game_type.position_query is not None)

"""The play table's decision panel and session (``speakeasy.games.speakeasy.table.play_panel``,
issue 13).

The panel's data is plain JSON (no markup: the page sets text only); every option of the
pending decision is listed once; whatever the page sends is checked before anything is played,
and a refused or stale request leaves the position as it was. The session plays requests and
map clicks, keeps undo/redo, and tells the notebook of each new position.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from speakeasy import Colour
from speakeasy.games.speakeasy.figures.board_figure import DISTRICT_TRACE
from speakeasy.games.speakeasy.table.play import (
    SeatKind,
    Table,
    TableSnapshot,
    advance,
    table_for,
)
from speakeasy.games.speakeasy.table.play_panel import PlaySession, panel_view, table_figure
from speakeasy.tools.decision_panel import PanelRequest, parse_request
from speakeasy.tools.page_address import AddressError

SEATS: dict[str | Colour, SeatKind] = {"purple": "human", "blue": "heuristic"}


def _session(seed: int = 1, **kwargs: Any) -> PlaySession:
    return PlaySession(Table.new(SEATS, seed=seed).snapshot(), **kwargs)


def _choose_first(session: PlaySession) -> None:
    view = session.panel.data
    index = view["groups"][0]["options"][0] if view["groups"] else view["finish"][0]
    session.panel.request({"n": 1, "step": view["step"], "kind": "choose", "index": index})


def test_the_panel_lists_every_option_once_with_its_label() -> None:
    table = Table.new(SEATS, seed=3)
    for _ in range(40):
        view = panel_view(table)
        labels = table.labels()
        listed = [i for g in view["groups"] for i in g["options"]] + view["finish"]
        if view["picker"] is None:  # all groups in view: every option exactly once
            assert sorted(listed) == list(range(len(labels)))
        assert len(set(listed)) == len(listed)
        assert [o["head"] for o in view["options"]] == [label.head for label in labels]
        assert len({o["head"] for o in view["options"]}) == len(labels), "heads repeat"
        json.dumps(view)  # plain JSON for the page
        table.choose(table.game.legal_actions()[0])
        table.play_bots()


def test_a_big_decision_is_shown_group_by_group_with_a_picker() -> None:
    table = Table.new(SEATS, seed=3)
    rng = random.Random(3)
    for _ in range(200):
        view = panel_view(table)
        if view["picker"] is not None:
            break
        table.choose(rng.choice(table.game.legal_actions()))
        table.play_bots()
    else:
        raise AssertionError("no decision needed the group picker")
    titles = view["picker"]["titles"]
    assert view["picker"]["chosen"] == titles[0] and len(titles) > 1
    other = panel_view(table, group=titles[1])
    assert other["picker"]["chosen"] == titles[1]
    assert {g["title"] for g in other["groups"]} <= {titles[1], ""}


def test_rule_ids_in_the_panel_link_to_the_rules_page() -> None:
    view = panel_view(Table.new(SEATS, seed=1))
    assert view["prompt"]["rules"], "a decision names its rules"
    for rule in view["prompt"]["rules"]:
        assert view["links"][rule["id"]] == f"/rules/?id={rule['id']}"


def test_the_page_text_is_never_markup() -> None:
    """The panel's page code sets ``textContent`` only: ``$`` and ``<`` need no escaping and
    no engine string is read as Markdown or LaTeX (issue 13, item 5)."""
    from pathlib import Path

    import speakeasy.tools.decision_panel as module

    js = (Path(module.__file__).parent / "decision_panel.js").read_text(encoding="utf-8")
    assert "innerHTML" not in js and "insertAdjacentHTML" not in js


def test_requests_the_panel_did_not_offer_are_refused() -> None:
    view = panel_view(Table.new(SEATS, seed=1))
    step = view["step"]
    good = {"n": 1, "step": step, "kind": "choose", "index": 0}
    assert parse_request(good, view) == PanelRequest("choose", index=0)
    bad: object
    for bad in (
        None,
        "choose",
        [],
        {**good, "step": step + 1},  # made for another position
        {**good, "step": str(step)},
        {**good, "kind": "resign"},
        {**good, "index": True},
        {**good, "index": -1},
        {**good, "index": len(view["options"])},
        {**good, "index": 1.0},
        {"n": 1, "step": step, "kind": "group", "text": "no such group"},
        {"n": 1, "step": step, "kind": "through", "target": 10**9},
        {"n": 1, "step": step, "kind": "redo"},  # nothing to redo
    ):
        assert parse_request(bad, view) is None, bad


@settings(max_examples=200, deadline=None)
@given(
    st.dictionaries(
        st.sampled_from(["n", "step", "kind", "index", "text", "target"]),
        st.one_of(st.none(), st.booleans(), st.integers(), st.floats(), st.text(max_size=20)),
    )
)
def test_any_request_leaves_a_valid_position(raw: dict[str, Any]) -> None:
    """Whatever the page sends: either a checked request is played or nothing changes."""
    session = _session()
    before = session.snapshot
    parsed = session.panel.request(raw)
    if parsed is None:
        assert session.snapshot == before
    assert session.panel.data["step"] == len(session.table.game.history)


def test_choose_undo_redo_and_the_notebook_hears_of_each_position() -> None:
    heard: list[int] = []
    session = _session(on_change=lambda snap: heard.append(snap.step))
    start = session.snapshot
    _choose_first(session)
    after = session.snapshot
    assert after.step > start.step and heard == [after.step]
    assert session.panel.data["step"] == after.step
    assert session.board.figure["layout"]["meta"]["step"] == after.step
    step = session.panel.data["step"]
    session.panel.request({"n": 2, "step": step, "kind": "undo"})
    assert session.snapshot.step == start.step and session.panel.data["redo"]
    assert session.panel.data["note"] == {"kind": "info", "text": "Undone."}
    session.panel.request({"n": 3, "step": start.step, "kind": "redo"})
    assert session.snapshot == after
    assert heard == [after.step, start.step, after.step]


def test_with_a_page_the_notebook_hears_once_the_page_has_drawn_the_panel() -> None:
    """A request from a page (through the widget) is answered first; the notebook's views
    below the table follow when the page confirms it drew the new panel (``drawn``), so the
    cells they re-run cannot hold up the answer. A confirmation of other data does nothing."""
    heard: list[int] = []
    session = _session(on_change=lambda snap: heard.append(snap.step))
    widget = session.panel.widget
    view = session.panel.data
    assert view["ack"] is False
    index = view["groups"][0]["options"][0]
    widget.request = {"n": 1, "step": view["step"], "kind": "choose", "index": index}
    moved = session.snapshot
    assert moved.step > view["step"] and heard == []
    shown = session.panel.data
    assert shown["ack"] is True and widget.view == shown
    for stale in (shown["seq"] - 1, shown["seq"] + 1, 0):
        widget.drawn = stale
        assert heard == [], stale
    assert not session.panel.drawn("x") and not session.panel.drawn(None)
    widget.drawn = shown["seq"]
    assert heard == [moved.step]
    assert not session.panel.drawn(shown["seq"]), "one position, heard once"
    assert heard == [moved.step]


def test_without_a_page_the_notebook_hears_at_once() -> None:
    """Tests and scripts play through :meth:`DecisionPanel.request` (no page): the notebook
    hears of each position as soon as it is played, and the panel asks for no confirmation."""
    heard: list[int] = []
    session = _session(on_change=lambda snap: heard.append(snap.step))
    _choose_first(session)
    assert heard == [session.snapshot.step] and session.panel.data["ack"] is False


def test_a_refusal_is_a_note_and_the_position_stays() -> None:
    session = _session()
    before = session.snapshot
    assert not session.act(lambda t: t.choose("deliver 99 0"))
    assert session.snapshot == before
    note = session.panel.data["note"]
    assert note["kind"] == "warn" and note["text"]


def test_a_stale_click_is_answered_and_changes_nothing() -> None:
    session = _session()
    view = session.panel.data
    _choose_first(session)
    moved = session.snapshot
    seq = session.panel.data["seq"]
    session.panel.request({"n": 9, "step": view["step"], "kind": "choose", "index": 0})
    assert session.snapshot == moved
    assert session.panel.data["seq"] == seq + 1, "the page gets an answer and takes clicks again"


def test_a_bot_decides_for_the_person_on_request() -> None:
    session = _session()
    step = session.panel.data["step"]
    session.panel.request({"n": 1, "step": step, "kind": "bots"})
    assert session.snapshot.step > step
    assert session.panel.data["note"]["text"] == "A bot played for you."


def test_map_clicks_choose_or_narrow_the_options() -> None:
    session = _session(seed=3)
    for _ in range(60):
        meta = session.board.figure["layout"]["meta"]
        if meta["clickable"]:
            break
        _choose_first(session)
    district = meta["clickable"][0]
    names = [t.get("name") for t in session.board.figure["data"]]
    curve = names.index(DISTRICT_TRACE)
    point = list(session.board.figure["data"][curve]["customdata"]).index(district)
    before = session.snapshot
    assert session.board.request({"n": 1, "c": curve, "p": point})
    if session.snapshot == before:  # several options there: only they are shown
        assert session.panel.data["note"]["text"].startswith(f"District {district}: choose")
        shown = [i for g in session.panel.data["groups"] for i in g["options"]]
        actions = [session.table.labels()[i].action for i in shown]
        assert set(actions) <= set(session.table.options_in(district))
    else:
        assert district in session.board.figure["layout"]["meta"]["changed"]
    # a click the page makes up is refused
    assert not session.board.request({"n": 2, "c": curve, "p": 10**6})
    assert not session.board.request({"n": 3, "c": "x", "p": 0})


def test_opening_a_step_in_step_through() -> None:
    opened: list[int] = []
    session = _session(on_through=opened.append)
    items = session.panel.data["since"]["items"]
    step = session.panel.data["step"]
    session.panel.request({"n": 1, "step": step, "kind": "through", "target": items[0]["step"]})
    assert opened == [items[0]["step"]]


def test_the_map_title_and_meta_name_the_step() -> None:
    table = Table.new(SEATS, seed=1)
    figure = table_figure(table)
    step = len(table.game.history)
    # the title names the decision on the table by its number in the log: one more than the
    # actions made, which the meta counts
    assert figure["layout"]["title"]["text"].startswith(f"Step {step + 1} · Purple (human)")
    assert figure["layout"]["meta"]["step"] == step
    assert table.game.pending is not None
    assert figure["layout"]["meta"]["pending"] == table.game.pending.kind


def test_no_undo_before_a_person_has_decided() -> None:
    """Undo goes back to a person's decision; before the first one it is refused
    (``nothing-to-undo``): taking back only a bot's move would let the bot replay it."""
    from speakeasy import IllegalAction

    table = Table.new(SEATS, seed=1)
    assert table.game.steps and not table.can_undo  # blue (a bot) moved first
    assert panel_view(table)["undo"] is False
    before = table.snapshot()
    with pytest.raises(IllegalAction) as refusal:
        table.undo()
    assert refusal.value.code == "nothing-to-undo"
    assert table.snapshot() == before
    table.choose(table.game.legal_actions()[0])
    assert table.can_undo and panel_view(table)["undo"] is True


# ---------------------------------------------------------------- issue 24: pause at Luciano
def _paused_table(seed: int = 3) -> Table:
    """A person against the heuristic bot, the person choosing at random, until the table
    pauses before the first Lucky Luciano phase (R-ACT-2)."""
    table = Table.new(SEATS, seed=seed, pause_luciano=True)
    rng = random.Random(seed)
    for _ in range(2_000):
        if table.paused is not None:
            return table
        table.choose(rng.choice(table.game.legal_actions()))
    raise AssertionError("the table never paused before a Lucky Luciano phase")


def test_the_table_pauses_before_each_luciano_phase_and_goes_on_when_asked() -> None:
    """With the pause on, nothing moves after the step that starts the Lucky Luciano phase
    until the person asks (R-ACT-2: gang war, police, area control, payout); without it, bots
    play on through every phase."""
    bots: dict[str | Colour, SeatKind] = {"purple": "heuristic", "blue": "heuristic"}
    table = Table.new(bots, seed=2, pause_luciano=True)
    first = table.paused
    assert first is not None and first == len(table.game.history)
    assert [s.luciano for s in table.step_summaries() if s.step == first] == [True]
    assert not any(s.luciano for s in table.step_summaries() if s.step < first)
    assert table.play_bots() == [] and table.paused == first  # paused: the bots wait
    table.resume()
    assert table.paused is not None and table.paused > first  # the next act's phase
    assert [s.luciano for s in table.step_summaries() if s.step == table.paused] == [True]
    through = Table.new(bots, seed=2)
    assert through.paused is None and through.game.is_over


def test_a_paused_table_keeps_its_pause_in_the_snapshot_and_the_address() -> None:
    table = _paused_table()
    snap = table.snapshot()
    assert snap.pause_luciano and snap.paused == table.paused
    assert TableSnapshot.from_data(snap.to_data()) == snap
    assert table_for(snap).paused == table.paused
    damaged = {**snap.to_data(), "paused": 1}
    with pytest.raises(AddressError):
        TableSnapshot.from_data(damaged)
    undone = advance(snap, lambda t: t.undo())
    assert undone.paused is None and undone.pause_luciano


def test_the_panel_steps_through_the_paused_phase_in_view_and_continues() -> None:
    """The panel says the game paused, opens the phase's first event in its own step through
    (beside the map, not far down the page), moves event by event on request and goes on when
    the person continues (the bots' button, or their own choice)."""
    table = _paused_table()
    session = PlaySession(table.snapshot())
    view = session.panel.data
    assert view["pause"]["title"].startswith("Paused before the Lucky Luciano phase of Act 1")
    through = view["through"]
    assert through["step"] == table.paused and through["luciano"] and through["index"] >= 0
    assert through["count"] > through["index"]
    json.dumps(view)
    step = view["step"]
    if through["index"] + 1 < through["count"]:
        session.panel.request(
            {"n": 1, "step": step, "kind": "frame", "index": through["index"] + 1}
        )
        assert session.panel.data["through"]["index"] == through["index"] + 1
    assert parse_request({"n": 2, "step": step, "kind": "frame", "index": 10**6}, view) is None
    if view["waiting"]:  # the person decides: their choice ends the pause
        _choose_first(session)
    else:
        assert view["bots"] == "▶ Continue the game"
        session.panel.request({"n": 3, "step": step, "kind": "bots"})
    paused_at = table.paused or 0
    assert session.snapshot.paused is None or session.snapshot.paused > paused_at
    assert session.snapshot.step > step


def test_the_pause_can_be_turned_off_during_a_game() -> None:
    table = _paused_table()
    paused_at = table.paused
    table.set_pause(False)
    assert table.paused is None and not table.pause_luciano
    assert len(table.game.history) >= (paused_at or 0)


def test_a_bots_decision_is_not_shown_to_the_person() -> None:
    """Hidden information (R-CARD-6, R-MONEY-1): when a bot is to decide, its prompt speaks to
    the bot ("your hand") and its options may name its cards, so the panel (and the page's
    data) holds neither: it says who decides next and offers to let the bots move. Paused
    before a Lucky Luciano phase (R-ACT-2) with a bot next, it says the bot decides after
    the phase."""
    bots: dict[str | Colour, SeatKind] = {"purple": "heuristic", "blue": "heuristic"}
    table = Table.new(bots, seed=2, pause_luciano=True)
    assert table.paused is not None and table.game.pending is not None
    view = panel_view(table)
    assert not view["waiting"]
    assert view["prompt"]["text"] == "decides next, once you have stepped through the phase."
    assert view["options"] == [] and view["groups"] == [] and view["finish"] == []
    assert view["blocked"] == [] and view["bots"] == "▶ Continue the game"
    seen = 0
    for seed in range(2):  # a person against a bot through a game, paused at each phase
        person = Table.new(SEATS, seed=seed, pause_luciano=True)
        rng = random.Random(seed)
        for _ in range(400):
            if person.game.pending is None:
                break
            view = panel_view(person)
            if view["waiting"]:
                assert view["options"] and view["prompt"]["text"] != "decides next."
                person.choose(rng.choice(person.game.legal_actions()))
            else:
                seen += 1
                assert person.paused is not None
                assert view["prompt"]["text"].startswith("decides next")
                assert view["options"] == [] and view["groups"] == []
                assert "your" not in json.dumps(view["prompt"]).lower()
                person.resume()
    assert seen, "the bot never decided"

"""Mafia City at the table (issue 16, play): the seats and bots of
``speakeasy.games.mafia_city.table.play``, reactions put to the right seat, undo/redo, strict saves,
the hot-seat view that never shows a hidden hand (MC-INFO-1), the map figure's contents, the
explained log, phase step-through and the MC rules index (every ID of the reference summarised in
our own words)."""

from __future__ import annotations

import copy
import json
import random
import re
from pathlib import Path

import pytest

from speakeasy import SaveFileError
from speakeasy.games.mafia_city.engine.game import Game
from speakeasy.games.mafia_city.engine.observe import observe
from speakeasy.games.mafia_city.explain.log import (
    card_label,
    load_rules_index,
    log,
    lookup,
    lookup_html,
    lookup_markdown,
    phase_frames,
    phases,
)
from speakeasy.games.mafia_city.figures.map import (
    CELL_TRACE,
    FIGURES_TRACE,
    TILES_TRACE,
    TOKENS_TRACE,
    game_figure,
    map_summary,
)
from speakeasy.games.mafia_city.model.data import load_data
from speakeasy.games.mafia_city.table.play import (
    Table,
    TableSnapshot,
    advance,
    pretty_text,
    table_for,
)
from speakeasy.tools.inputs import UploadTooLarge, checked_upload

SEATS = {"red": "human", "blue": "heuristic", "green": "random"}
CARD_IDS = sorted(load_data().cards)


def _reference() -> Path | None:
    for parent in Path(__file__).resolve().parents:
        candidate = parent / "shared" / "rules" / "mafia-city-rules.md"
        if candidate.is_file():
            return candidate
    return None


def _played(seed: int = 3, decisions: int = 30, seats: dict[str, str] | None = None) -> Table:
    table = Table.new(seats or SEATS, seed=seed)
    rng = random.Random(seed)
    for _ in range(decisions):
        if table.game.pending is None:
            break
        table.choose(rng.choice(table.game.legal_actions()))
    return table


def _finished(seed: int = 3) -> Table:
    table = Table.new(SEATS, seed=seed)
    rng = random.Random(seed)
    while table.game.pending is not None:
        table.choose(rng.choice(table.game.legal_actions()))
    return table


# ---------------------------------------------------------------------- the rules index
def test_the_index_lists_exactly_the_reference_ids() -> None:
    reference = _reference()
    if reference is None:
        pytest.skip("the Mafia City rules reference is not beside the checkout")
    text = reference.read_text(encoding="utf-8")
    ids = set(re.findall(r"\b(?:MC-[A-Z]+-\d+|EMC-\d+|GAP-MC-\d+|DISC-MC-\d+)\b", text))
    assert set(load_rules_index().ids) == ids


def test_summaries_are_short_and_in_our_own_words() -> None:
    """One line of at most 140 characters, and no run of 8 words copied from the reference."""
    index = load_rules_index()
    assert len(index) == 288
    for entry in index:
        assert entry.summary and "\n" not in entry.summary and len(entry.summary) <= 140
    reference = _reference()
    if reference is None:
        return
    words = re.findall(r"[a-z0-9]+", reference.read_text(encoding="utf-8").lower())
    runs = {" ".join(words[i : i + 8]) for i in range(len(words) - 7)}
    for entry in index:
        own = re.findall(r"[a-z0-9]+", entry.summary.lower())
        copied = [" ".join(own[i : i + 8]) for i in range(len(own) - 7)]
        assert not [r for r in copied if r in runs], entry.id


def test_lookup_by_id_and_by_words() -> None:
    assert [e.id for e in lookup("mc-ctrl-5")] == ["MC-CTRL-5"]
    assert lookup("MC-NOPE-1") == []
    assert "MC-HITMAN-1" in [e.id for e in lookup("hitman reserve")]
    assert 'class="rule-link">MC-WIN-3</a>**' in lookup_markdown("MC-WIN-3")
    assert lookup_html("EMC-21").startswith("<ul><li><b>EMC-21</b>")
    assert "No rule matches" in lookup_markdown("zzzz qqqq")
    with pytest.raises(ValueError, match="needs a rule ID"):
        lookup("  ")


# ---------------------------------------------------------------------- seats and bots
def test_seats_are_checked() -> None:
    with pytest.raises(ValueError, match="must be one of"):
        Table.new({"red": "human", "blue": "robot", "green": "random"})
    with pytest.raises(ValueError, match="3 to 5 players"):
        Table.new({"red": "human", "blue": "random"})  # MC-SETUP-11: 3 to 5 players


def test_bots_play_until_a_person_decides() -> None:
    table = Table.new(SEATS, seed=2)
    assert table.waiting_for_human and table.game.current_player == "red"
    action = table.game.legal_actions()[0]
    table.choose(action)
    assert table.game.pending is None or table.waiting_for_human
    bots = Table.new({"red": "random", "blue": "heuristic", "green": "random"}, seed=2)
    assert bots.game.pending is None and bots.game.result().finished  # bots alone finish


def test_reactions_out_of_turn_come_to_the_right_seat() -> None:
    """Every decision a person faces is that person's; some come while another seat has the
    turn (vetoes, Secret Deal bids, withdrawals...), each with a way to say no where the rules
    allow one (MC-VETO-7, MC-SECRET-4, MC-STR-3)."""
    table = Table.new(SEATS, seed=7)
    rng = random.Random(7)
    out_of_turn: set[str] = set()
    while table.game.pending is not None:
        decision = table.game.pending
        assert decision.player == "red"
        if table.game.state.turn != "red" or decision.kind != "turn":
            out_of_turn.add(decision.kind)
        if decision.kind in ("veto", "secret-deal", "complicity"):
            assert any(a.kind == "pass" for a in decision.options), decision
        table.choose(rng.choice(decision.options))
    assert {"veto", "secret-deal"} & out_of_turn, out_of_turn
    assert "withdraw" in out_of_turn or "mulligan" in out_of_turn


def test_play_for_lets_a_bot_decide_for_a_person() -> None:
    table = Table.new(SEATS, seed=4)
    steps = len(table.game.history)
    table.play_for("red")
    assert len(table.game.history) > steps
    assert table.game.pending is None or table.waiting_for_human


# ---------------------------------------------------------------------- undo, redo, snapshots
def test_undo_goes_back_to_the_persons_previous_decision_and_redo_returns() -> None:
    table = _played(decisions=6)  # 10 real decisions end it: one-option ones are taken
    before = len(table.game.history)
    prompt = table.game.pending
    action = table.game.legal_actions()[0]
    table.choose(action)
    after = table.game.history
    table.undo()
    assert len(table.game.history) == before and table.game.pending == prompt
    table.redo()
    assert table.game.history == after


def test_undo_with_no_decision_of_a_person_is_refused_by_the_engine() -> None:
    from speakeasy import IllegalAction

    table = Table.new(SEATS, seed=1)
    table.game.goto(0)
    with pytest.raises(IllegalAction):
        table.undo()


def test_snapshots_rebuild_the_table_and_advance_is_deterministic() -> None:
    table = _played(decisions=12)
    table.undo()
    snap = table.snapshot()
    assert snap.redo and isinstance(snap, TableSnapshot)
    again = Table.from_snapshot(snap)
    assert again.snapshot() == snap and again.game.state == table.game.state
    action = table_for(snap).game.legal_actions()[0]
    one = advance(snap, lambda t: t.choose(action))
    two = advance(snap, lambda t: t.choose(action))
    assert one == two and one.step > snap.step
    assert table_for(snap).snapshot() == snap  # the old table was not touched
    assert advance(snap, lambda t: t.redo()).redo == ()


# ---------------------------------------------------------------------- saves
def test_save_and_load_round_trip() -> None:
    table = _played(decisions=25)
    text = table.save()
    loaded = Table.load(text, seats=SEATS)
    assert loaded.game.history == table.game.history
    assert loaded.game.state == table.game.state
    assert loaded.seats == table.seats
    everyone = Table.load(text)
    assert set(everyone.seats.values()) == {"human"}


def test_tampered_and_oversized_saves_are_refused() -> None:
    table = _played(decisions=25)
    data = json.loads(table.save())
    data["seed"] = data["seed"] + 1
    with pytest.raises(SaveFileError):
        Table.load(json.dumps(data))
    with pytest.raises(SaveFileError):
        Table.load("{not json")
    with pytest.raises(UploadTooLarge):
        checked_upload(b"x" * (5 * 1024 * 1024 + 1))


# ---------------------------------------------------------------------- hidden information
def test_the_persons_view_shows_no_other_hand() -> None:
    table = _played(decisions=20)
    seen = table.observation()
    assert seen.seat == table.viewer() == "red"
    holds_officer = table.game.state.officer == "red"
    assert (seen.hands is None) != holds_officer
    assert table.other_hands(seen) == ({} if not holds_officer else table.other_hands(seen))
    teacher = table.observation(teacher=True)
    assert teacher.hands is not None and set(teacher.hands) == {"red", "blue", "green"}
    assert table.other_hands(teacher) and "red" not in table.other_hands(teacher)


def test_the_map_and_the_log_do_not_change_when_hidden_cards_change() -> None:
    """Swap a card of blue's hand with one of the draw pile: red's map and log stay the same."""
    table = _played(decisions=20)
    state = table.game.state
    if state.officer == "red":
        pytest.skip("red holds the Police Officer in this position and may see every hand")
    fig = game_figure(observe(state, "red")).to_json()
    other = copy.deepcopy(state)
    blue = other.seats["blue"].hand
    assert blue and other.draw
    blue[0], other.draw[0] = other.draw[0], blue[0]
    assert game_figure(observe(other, "red")).to_json() == fig
    for card in CARD_IDS:
        assert f'"{card}"' not in fig  # no card of any hand is drawn on the map
    entries = log(table.game, "red")
    for e in entries:
        if e.private:
            assert e.player == "red" or e.kind == "steal", e
    public = [e.html() for e in log(table.game, None)]
    assert all("you drew" not in h for h in public)


def test_a_persons_log_names_the_cards_it_drew() -> None:
    table = _played(decisions=20)
    drew = [e for e in log(table.game, "red") if e.kind == "draw" and e.player == "red"]
    assert drew and all(e.private.startswith("you drew") for e in drew if e.private)
    assert any(card_label(c) in drew[-1].private for c in CARD_IDS)


# ---------------------------------------------------------------------- the map
def test_the_map_draws_stacks_in_order_the_cell_the_figures_and_control() -> None:
    table = _played(seed=5, decisions=60)
    state = table.game.state
    seen = table.observation()
    fig = game_figure(seen, highlight=[1, 2], title="t")
    names = [t.name for t in fig.data]
    tiles = fig.data[names.index(TILES_TRACE)]
    assert sorted(tiles.customdata) == [1, 2, 3, 4, 5, 6, 7]
    tokens = fig.data[names.index(TOKENS_TRACE)]
    assert len(tokens.x) == sum(len(s) for s in state.stacks.values())
    assert len(fig.data[names.index(CELL_TRACE)].x) == len(state.cell)
    assert "Hitman" in fig.data[names.index(FIGURES_TRACE)].text
    meta = fig.layout.meta
    assert meta["seat"] == "red" and meta["highlight"] == [1, 2]
    summary = map_summary(seen)
    for n, loc in meta["locations"].items():
        assert loc["stack"] == state.stacks[n]  # bottom to top (MC-MAP-3)
        assert loc["controller"] == summary[n]["controller"]
        assert loc["cube"] == (n in state.cubes)
    # the stack's squares rise from the bottom token up
    first = (
        next(n for n in range(1, 8) if len(state.stacks[n]) > 1)
        if any(len(s) > 1 for s in state.stacks.values())
        else None
    )
    if first is not None:
        hover = [h for h in tokens.hovertext if h.startswith(load_data().locations[first].name)]
        assert hover[0].endswith("#1 from the bottom")


def test_control_on_the_map_follows_the_sole_majority_rule() -> None:
    game = Game.new(players=3, seed=7)
    state = game.state
    state.stacks[3] = ["red", "blue"]  # Fight Club: a tie leaves nobody (MC-CTRL-5)
    state.stacks[2] = ["red", "blue"]  # Harbour: the lower token wins (MC-CTRL-3)
    summary = map_summary(observe(state, "red"))
    assert summary[3]["controller"] is None and summary[3]["rule"] == "MC-CTRL-5"
    assert summary[2]["controller"] == "red" and summary[2]["rule"] == "MC-CTRL-3"


def test_clickable_locations_name_options() -> None:
    table = Table.new(SEATS, seed=2)
    while table.game.pending is not None and table.game.pending.kind != "turn":
        table.choose(table.game.legal_actions()[0])
    assert table.clickable_locations() == [1, 2, 3, 4, 5, 6, 7]
    assert [a.kind for a in table.options_at(3)] == ["place"]


def test_option_groups_keep_every_option_and_labels_read_well() -> None:
    table = _finished(seed=3)
    table.game.goto(0)
    seen_kinds = set()
    for _ in range(len(table.game.redo_line)):
        decision = table.game.pending
        assert decision is not None
        groups = table.groups()
        assert sum(len(g.options) for g in groups) == len(decision.options)
        if len(decision.options) > 1:
            assert any(len(g.options) <= 12 for g in groups), decision.kind  # a button to press
        for action in decision.options:
            label = table.label(action)
            assert not re.search(r"[a-z]+-[0-9]+\b", label.replace("MC-", "")), label
        assert "{" not in table.prompt() and "[" not in table.prompt()
        seen_kinds.add(decision.kind)
        table.game.redo()
    assert len(seen_kinds) > 5


def test_pretty_text() -> None:
    assert pretty_text("Play Secret Deal (secret-deal-1): +1") == "Play Secret Deal (fist): +1"


# ---------------------------------------------------------------------- step-through
def test_phase_two_and_three_step_through() -> None:
    table = _finished(seed=3)
    seen = table.phases()
    assert seen == phases(table.game)
    assert (1, "location") in seen and (1, "strategic") in seen
    frames = table.phase_frames(1, "location")
    assert frames and frames[0].entry.kind == "phase"
    cubes = [len(f.state.cubes) for f in frames]
    assert cubes == sorted(cubes) and cubes[-1] == 7  # one cube per evaluated location
    assert [f.entry.text for f in frames] == [
        e.text for e in log(table.game, newest_first=False) if (e.round, e.phase) == (1, "location")
    ]
    back = table.phase_frames(1, "strategic")
    assert back[0].entry.kind == "phase" and len(back[-1].state.cubes) == 0
    assert table.frame_view(back[0]).hands is None or table.game.state.officer
    assert table.frame_view(back[0], teacher=True).hands is not None
    with pytest.raises(ValueError, match="step-through covers"):
        phase_frames(table.game, 1, "action")


def test_result_rows_after_the_end() -> None:
    table = _finished(seed=3)
    rows = table.result_rows()
    assert len(rows) == 3 and sum(1 for r in rows if r[2]) == 1
    assert rows[0][1] >= rows[-1][1]
    assert _played(decisions=3).result_rows() == []


def test_exercises_are_answered_by_the_rules_from_the_viewers_view() -> None:
    table = _played(seed=4, decisions=40)
    exercises = table.exercises()
    assert [e.key for e in exercises] == ["mc-control", "mc-nobody", "mc-hitman", "mc-order"]
    for exercise in exercises:
        assert exercise.check(exercise.answer_text).correct, exercise
        assert exercise.rules
    state = table.game.state
    hitman = next(e for e in exercises if e.key == "mc-hitman")
    assert len(hitman.expected) in (3, 6)  # MC-MAP-1: a ring tile has 3 neighbours, the centre 6
    order = next(e for e in exercises if e.key == "mc-order")
    assert order.expected == (state.mayor or "nobody")
    assert not order.check("purple").correct


def test_step_through_opens_on_a_finished_phase() -> None:
    table = _played(seed=3, decisions=400)
    shown = table.default_phase()
    state = table.game.state
    if shown is not None and state.phase != "over":
        assert shown != (state.round, state.phase)
    assert Table.new(SEATS, seed=3).default_phase() is None


def test_the_hot_seat_cover_and_the_log_it_allows() -> None:
    """MC-INFO-1 at one screen: with two people, the viewer's cards (and private log lines)
    stay covered until that person reveals them; the teacher view and one person never cover."""
    pair = Table.new({"red": "human", "blue": "human", "green": "random"}, seed=3)
    seat = pair.viewer()
    assert seat is not None
    assert pair.covered(None) and pair.log_seat(None) is None
    assert not pair.covered(seat) and pair.log_seat(seat) == seat
    assert not pair.covered(None, teacher=True) and pair.log_seat(seat, teacher=True) is None
    other = next(c for c in pair.humans() if c != seat)
    assert pair.covered(other), "a reveal by someone else does not uncover the viewer's cards"
    solo = Table.new({"red": "human", "blue": "random", "green": "random"}, seed=3)
    assert not solo.covered(None) and solo.log_seat(None) == "red"


def test_exercise_texts_have_nothing_markdown_turns_into_a_formula() -> None:
    """``markdown_escape`` wrote ``[`` as ``\\[``, which marimo renders as display LaTeX: the
    exercise cards once showed "If Prison", a big centred "1", then the rest. Location numbers
    go in parentheses (the helper now writes brackets as entities, tests/test_mc_rules_text.py,
    and these texts still hold none)."""
    table = Table.new({"red": "human", "blue": "random", "green": "heuristic"}, seed=4)
    for _ in range(40):
        for exercise in table.exercises():
            text = " ".join((exercise.question, exercise.hint, exercise.explanation))
            assert not re.search(r"[\[\]$\\]", text), text
        if table.game.pending is None:
            break
        table.choose(table.game.legal_actions()[0])

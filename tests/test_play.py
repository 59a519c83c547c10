"""The play table shared by the notebooks: seats, bots, undo to a human decision, groups."""

from __future__ import annotations

import random

import pytest

from speakeasy import IllegalAction
from speakeasy.games.speakeasy.model.state import Colour
from speakeasy.games.speakeasy.table.play import Table, group_options, option_district


def _table(seed: int = 3) -> Table:
    return Table.new({"purple": "human", "blue": "bot"}, seed=seed)


def test_bots_play_until_a_human_decides() -> None:
    table = _table()
    assert table.waiting_for_human
    rng = random.Random(2)
    for _ in range(20):
        table.choose(rng.choice(table.game.legal_actions()))
        assert table.waiting_for_human or table.game.is_over
    bot_steps = [s for s in table.game.steps if s.player is Colour.BLUE]
    assert bot_steps


def test_undo_goes_back_to_the_previous_human_decision_and_redo_replays() -> None:
    table = _table()
    rng = random.Random(5)
    for _ in range(25):
        table.choose(rng.choice(table.game.legal_actions()))
    before = table.game.to_json()
    humans = [i for i, s in enumerate(table.game.steps) if s.player is Colour.PURPLE]
    table.undo()
    assert len(table.game.history) == humans[-1]
    assert table.waiting_for_human
    table.redo()
    assert table.game.to_json() == before


def test_undo_with_nothing_done_is_refused() -> None:
    table = Table.new({"purple": "human", "yellow": "human"}, seed=1)
    with pytest.raises(IllegalAction):
        table.undo()


def test_groups_cover_every_option_once() -> None:
    table = _table()
    rng = random.Random(7)
    for _ in range(40):
        decision = table.game.pending
        if decision is None:
            break
        groups = group_options(decision)
        flat = [a for g in groups for a in g.options]
        assert sorted(map(str, flat)) == sorted(map(str, decision.options))
        assert all(
            len(g.options) <= max(12, len(decision.options) // 2 + 1) or len(groups) == 1
            for g in groups
        )
        table.choose(rng.choice(table.game.legal_actions()))


def test_clicking_a_district_gives_its_options() -> None:
    """A build_space decision: every clickable district has its spaces as options."""
    table = Table.new({"purple": "human", "green": "human", "blue": "human"}, seed=4)
    rng = random.Random(3)
    while table.game.pending is not None and table.game.pending.kind != "build_space":
        table.choose(rng.choice(table.game.legal_actions()))
    decision = table.game.pending
    assert decision is not None
    districts = table.clickable_districts()
    assert districts
    for d in districts:
        options = table.options_in(d)
        assert options and all(option_district(decision, a) == d for a in options)


def test_save_and_load_keep_the_table() -> None:
    table = _table()
    table.choose(table.game.legal_actions()[0])
    again = Table.load(table.save(), seats=table.seats)
    assert again.game == table.game
    assert again.seats == table.seats


def test_seat_kinds_are_checked() -> None:
    with pytest.raises(ValueError, match="human' or 'bot"):
        Table.new({"purple": "robot"})  # type: ignore[dict-item]


# seeds whose games (with the bot seeded by derive_seed) include at least two map clicks
@pytest.mark.parametrize("seed", [2, 3])
def test_a_whole_two_player_game_against_a_bot_the_way_a_player_clicks(seed: int) -> None:
    """A newcomer's game from the first decision to final scoring (R-ACT-1, R-SCORING-1):
    every human decision is made as the notebooks offer it (a group, then a button; or a
    district on the map, then a button), a few are undone and redone, and every Lucky Luciano
    phase (R-ACT-2) can be stepped through event by event, each event explained with its
    rules."""
    table = Table.new({"purple": "human", "blue": "bot"}, seed=seed)
    rng = random.Random(seed)
    decisions = undos = clicks = 0
    while table.game.pending is not None:
        assert table.waiting_for_human  # the bot never leaves a decision of its own pending
        decision = table.game.pending
        districts = table.clickable_districts()
        if districts and rng.random() < 0.8:  # a click on the map narrows the buttons
            options = tuple(table.options_in(rng.choice(districts)))
            clicks += 1
        else:
            options = rng.choice(table.groups()).options
        before = str(table.game.state)
        table.choose(rng.choice(options))
        decisions += 1
        if decisions % 15 == 0:  # undo, then redo: the same position again
            after = (len(table.game.history), str(table.game.state))
            table.undo()
            assert table.game.pending == decision and str(table.game.state) == before
            table.redo()
            assert (len(table.game.history), str(table.game.state)) == after
            undos += 1
    assert table.game.is_over and table.game.result().winners
    assert decisions > 40 and undos >= 3 and clicks >= 2
    luciano = [s for s in table.step_summaries() if s.luciano]
    assert len(luciano) >= 3  # one for each of Acts 1-3 at least
    for summary in luciano:
        frames = table.step_frames(summary.step)
        assert frames and all(f.explanation.text and f.explanation.rule_ids for f in frames)
        assert any(f.before != f.after for f in frames)

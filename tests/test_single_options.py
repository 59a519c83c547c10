"""Single-option decisions at a table (issue 25 item 1): a person alone with bots is never asked
a question with one answer; it is taken for them (``UndoToPerson.takes_for_person``) and shown
in "since your last decision". With two or more people at one screen every seat is still asked,
whatever it holds (MC-INFO-1; MC-VETO-7 and MC-SECRET-4 put each reaction and Secret Deal
question to every seat), and the prompt says why.
"""

from __future__ import annotations

import random

from speakeasy.core.bots import decide
from speakeasy.games.mafia_city.engine.bots import HeuristicBot
from speakeasy.games.mafia_city.table.play import Table
from speakeasy.games.mafia_city.table.play_panel import panel_view
from speakeasy.games.speakeasy.engine.bots import RandomBot
from speakeasy.games.speakeasy.model.state import Colour
from speakeasy.games.speakeasy.table.play import Table as SpeakeasyTable
from speakeasy.games.speakeasy.table.play_panel import panel_view as speakeasy_panel

ALONE = {"red": "human", "blue": "heuristic", "green": "heuristic"}
TWO = {"red": "human", "blue": "human", "green": "heuristic"}


def _play(table: Table, seed: int, *, until: int = 10_000) -> tuple[int, int]:
    """Play the people's decisions with a heuristic bot; (questions, single-option ones)."""
    bot = HeuristicBot(seed=seed)
    asked = single = 0
    while table.game.pending is not None and asked < until:
        decision = table.game.pending
        assert table.seats[decision.player] == "human", "bots move by themselves"
        asked += 1
        single += len(decision.options) == 1
        table.choose(bot.choose(table.game.observe(decision.player), decision))
    return asked, single


def test_a_person_alone_with_bots_is_never_asked_a_single_option_question() -> None:
    """MC-SECRET-4, MC-VETO-7: the questions every seat is put are taken for the person."""
    table = Table.new(ALONE, seed=1)
    asked, single = _play(table, seed=1)
    assert table.game.is_over and single == 0 and asked > 0
    taken = [s for s in table.game.steps if table.taken_for_person(s)]
    assert taken, "the seeded game has Secret Deal and reaction questions with one answer"
    assert all(s.player == "red" and s.choices == 1 for s in taken)
    assert {s.action.kind for s in taken} >= {"pass"}


def test_the_steps_taken_for_the_person_show_in_since_your_last_decision() -> None:
    table = Table.new(ALONE, seed=1)
    bot = HeuristicBot(seed=1)
    shown = 0
    while table.game.pending is not None:
        steps = table.game.steps
        last = max(
            (i + 1 for i, s in enumerate(steps) if s.player == "red" and s.choices > 1), default=0
        )
        taken = {i + 1 for i, s in enumerate(steps) if i + 1 > last and table.taken_for_person(s)}
        since = panel_view(table)["since"] or {"items": []}
        listed = {
            i["step"] for i in since["items"] if "Red (you): your only option" in i["headline"]
        }
        assert listed <= taken
        shown += len(listed)
        if taken and len(since["items"]) < 6:
            assert listed == taken, "every step taken since the last question is listed"
        table.choose(bot.choose(table.game.observe("red"), table.game.pending))
    assert shown > 0


def test_undo_and_redo_skip_the_steps_taken_for_the_person() -> None:
    table = Table.new(ALONE, seed=1)
    _play(table, seed=1, until=20)
    before = table.game.history
    decision = table.game.pending
    assert decision is not None and len(decision.options) > 1
    table.choose(decision.options[0])
    table.undo()
    assert table.game.history == before and table.game.pending == decision
    table.undo()
    pending = table.game.pending
    assert pending is not None and len(pending.options) > 1, "back to a real question"
    table.redo()
    assert table.game.history == before


def test_with_two_people_every_question_is_asked_and_the_prompt_says_why() -> None:
    """MC-INFO-1: skipping a seat's question would show the others it holds nothing."""
    table = Table.new(TWO, seed=1)
    rng = random.Random(1)
    singles = 0
    for _ in range(400):
        decision = table.game.pending
        if decision is None:
            break
        if len(decision.options) == 1:
            singles += 1
            text = table.prompt()
            assert "the table still asks" in text
            assert "Secret Deal" not in text or "Play a Secret Deal" in text
        else:
            assert "the table still asks" not in table.prompt()
        table.choose(rng.choice(decision.options))
    assert singles > 0
    assert not any(table.taken_for_person(s) for s in table.game.steps)


def test_speakeasy_tables_take_a_lone_persons_single_options_too() -> None:
    table = SpeakeasyTable.new({Colour.PURPLE: "human", Colour.BLUE: "random"}, seed=4)
    bot = RandomBot(seed=4)
    for _ in range(300):
        decision = table.game.pending
        if decision is None:
            break
        assert table.seats[decision.player] == "human"
        assert len(decision.options) > 1
        table.choose(decide(table.game, bot))
    assert not table.takes_for_person(table.game.pending)
    assert any(table.taken_for_person(s) for s in table.game.steps)
    items = table.since_last_decision()
    assert all(
        i.who.endswith("(you, your only option)") for i in items if i.who.startswith("Purple")
    )


def test_speakeasy_tables_with_two_people_ask_and_say_why() -> None:
    table = SpeakeasyTable.new({Colour.PURPLE: "human", Colour.BLUE: "human"}, seed=4)
    bot = RandomBot(seed=4)
    seen = 0
    for _ in range(400):
        decision = table.game.pending
        if decision is None:
            break
        text = speakeasy_panel(table)["prompt"]["text"]
        if len(decision.options) == 1:
            seen += 1
            assert "the table still asks" in text
        else:
            assert "the table still asks" not in text
        table.choose(decide(table.game, bot))
    assert seen > 0

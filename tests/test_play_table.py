"""Issue 13 at the play table: the player board, "since your last decision", honest option
labels, plain words and escaping, seats and map clicks (speakeasy.games.speakeasy.table.play,
speakeasy.games.speakeasy.table.player_board, speakeasy.tools.text,
speakeasy.games.speakeasy.figures.game_figure)."""

from __future__ import annotations

import random
import re

import pytest

from speakeasy import Colour, Game
from speakeasy.games.speakeasy.engine.bots import RandomBot
from speakeasy.games.speakeasy.figures.game_figure import clicked_place, game_figure
from speakeasy.games.speakeasy.model.catalog.loader import load_catalog
from speakeasy.games.speakeasy.model.effects import Effect, Requirement
from speakeasy.games.speakeasy.studies.strategy import HeuristicBot
from speakeasy.games.speakeasy.table.play import (
    SEAT_KINDS,
    Table,
    money_cost,
    option_labels,
    plain_words,
    position_after,
    progress_text,
)
from speakeasy.games.speakeasy.table.player_board import (
    card_text,
    changes_in_words,
    player_board,
    table_boards,
)
from speakeasy.tools.text import counted, html_text, md_text, plural

RAW_ID = re.compile(r"\b(?:vip|party|distillery|fleet|city|helper|crate)-\d+\b")


def _played(seed: int, decisions: int, players: int = 2) -> Game:
    game = Game.new(players=players, seed=seed)
    rng = random.Random(seed)
    for _ in range(decisions):
        if game.pending is None:
            break
        game.apply(rng.choice(game.legal_actions()))
    return game


def _luciano_table(seed: int = 3) -> Table:
    table = Table.new({"purple": "human", "blue": "heuristic"}, seed=seed)
    rng = random.Random(seed)
    while not any(s.luciano for s in table.step_summaries()):
        table.choose(rng.choice(table.game.legal_actions()))
    return table


# ---------------------------------------------------------------------- seats
def test_the_heuristic_bot_is_a_seat_and_the_default_opponent_kind() -> None:
    assert SEAT_KINDS == ("human", "heuristic", "random")
    table = Table.new({"purple": "human", "blue": "heuristic", "green": "random"}, seed=2)
    assert isinstance(table.bots[Colour.BLUE], HeuristicBot)
    assert isinstance(table.bots[Colour.GREEN], RandomBot)
    assert table.waiting_for_human
    again = Table.from_snapshot(table.snapshot())
    assert isinstance(again.bots[Colour.BLUE], HeuristicBot)
    assert Table.new({"purple": "bot", "blue": "human"}, seed=2).seats[Colour.PURPLE] == "bot"


def test_the_heuristic_bot_beats_a_player_who_always_takes_the_first_option() -> None:
    table = Table.new({"purple": "human", "blue": "heuristic"}, seed=4)
    while not table.game.is_over:
        table.choose(table.game.legal_actions()[0])
    standings = table.game.result().standings
    assert standings[0].colour is Colour.BLUE


# ---------------------------------------------------------------------- the player board
def test_the_player_board_reads_the_hand_in_words_and_hides_the_opponents() -> None:
    game = _played(seed=1, decisions=110)
    me, them = game.colours
    mine = player_board(game.state, me, private=True)
    hand = mine.section(f"Hand ({plural(len(game.state.player(me).hand), 'card')})")
    assert hand.lines and all(" card: " in line for line in hand.lines)
    assert all("reward: " in line and "leverage " in line for line in hand.lines)
    assert not RAW_ID.search(mine.text())
    titles = [s.title.split(" (")[0] for s in mine.sections]
    for wanted in ("Money", "Hand", "Capos", "Mafiosi", "Goons, leverage and books"):
        assert wanted in titles
    for wanted in ("Helper cards", "City tokens and crates", "Partner"):
        assert wanted in titles
    assert "in the safe" in mine.section("Money").lines[0]
    theirs = player_board(game.state, them, private=False)
    text = theirs.text()
    assert "hidden:" in text and "the safe is hidden" in text
    assert f"${game.state.player(them).safe} in the safe" not in text
    for card in game.state.player(them).hand:
        assert card not in text


def test_the_board_shows_capos_placed_and_docks_rows() -> None:
    game = _played(seed=1, decisions=110)
    for colour in game.colours:
        board = player_board(game.state, colour, private=True)
        placed = [k for k, c in game.state.persons.items() if c is colour]
        capos = board.section("Capos").lines
        assert capos[0].startswith(plural(game.state.player(colour).capos, "capo"))
        assert ("none this round" in capos[1]) == (not placed)
        rows = sum(row.count(colour) for row in game.state.docks.values())
        docks = board.section("Mafiosi").lines[1]
        assert docks.count("docks row") == rows


def test_table_boards_put_the_viewer_first_and_a_teacher_sees_everything() -> None:
    game = _played(seed=2, decisions=40)
    viewer = game.colours[1]
    boards = table_boards(game.state, viewer)
    assert boards[0].colour == viewer and boards[0].private
    assert not any(b.private for b in boards[1:])
    assert all(b.private for b in table_boards(game.state, viewer, teacher=True))


# ---------------------------------------------------------------------- since your last decision
def test_since_your_last_decision_summarises_the_luciano_phase_in_words() -> None:
    table = _luciano_table()
    items = table.since_last_decision()
    luciano = [i for i in items if i.luciano]
    assert luciano, "the Lucky Luciano phase is summarised"
    item = luciano[-1]
    assert any(s.step == item.step and s.luciano for s in table.step_summaries())
    text = " ".join(item.automatic)
    for words in ("Gang war", "Police", "control track", "pays"):
        assert words in text, words
    assert item.highlights and set(item.highlights) <= set(item.automatic)
    assert "⚔ Lucky Luciano phase" in item.headline()
    assert not RAW_ID.search(text + " ".join(i.choice for i in items))


def test_since_your_last_decision_names_the_bots_choices() -> None:
    table = Table.new({"purple": "human", "blue": "heuristic"}, seed=5)
    for _ in range(40):
        table.choose(table.game.legal_actions()[0])
        items = table.since_last_decision()
        if any(i.who for i in items):
            break
    assert any(i.who == "Blue (heuristic bot)" and i.choice for i in items)
    steps = [i.step for i in items]
    assert steps == sorted(steps)
    mine = [i + 1 for i, s in enumerate(table.game.steps) if s.player is Colour.PURPLE]
    assert all(i.step >= mine[-1] for i in items)


def test_what_changed_is_in_words_and_hides_the_opponents_hand() -> None:
    table = _luciano_table()
    viewer = Colour.PURPLE
    seen_any = False
    for summary in table.step_summaries()[-12:]:
        for frame in table.step_frames(summary.step):
            words = changes_in_words(frame.before, frame.after, viewer)
            seen_any = seen_any or bool(words)
            joined = "\n".join(words)
            assert "players." not in joined and not RAW_ID.search(joined)
            # Blue's hand stays hidden from Purple: no text of a card in it (cards played on
            # a slot of Blue's board are public, R-CARD-3, and are said as "On the ... slot")
            public = re.sub(r"On the \w+ slot: [^\n→]*", "", joined)
            hidden = {
                card_text(load_catalog(), c)
                for state in (frame.before, frame.after)
                for c in state.players[Colour.BLUE].hand
            }
            assert not any(text in public for text in hidden)
            teacher = changes_in_words(frame.before, frame.after, viewer, teacher=True)
            # the teacher sees every change a player sees (maybe in fewer, fuller lines)
            assert {w.split(":")[0] for w in words} <= {w.split(":")[0] for w in teacher}
    assert seen_any


# ---------------------------------------------------------------------- honest options
@pytest.mark.parametrize("seed", [0, 1, 2, 3])
def test_no_two_options_of_any_decision_share_a_label(seed: int) -> None:
    game = Game.new(players=2 + seed % 3, seed=seed)
    rng = random.Random(seed)
    while game.pending is not None:
        labels = option_labels(game)
        heads = [label.head for label in labels]
        assert len(heads) == len(set(heads)), (game.pending.kind, heads)
        # every option has its button; copies of one card share one (R-CARD-1)
        stood = [a for label in labels for a in (label.action, *label.same)]
        assert sorted(map(str, stood)) == sorted(map(str, game.pending.options))
        for label in labels:
            assert not RAW_ID.search(label.full), label.full
            assert "(s)" not in label.full
        game.apply(rng.choice(game.legal_actions()))


def test_a_payment_from_the_safe_states_the_laundering() -> None:
    # R-MONEY-2: each $1 from the safe removes $2 from it; the pocket pays first
    assert money_cost(1, 8) == (
        "costs $5: $1 from the pocket + $4 from the safe (laundered 2:1, $8 out of the safe)"
    )
    assert money_cost(5, 0) == "costs $5 from the pocket"
    assert money_cost(0, 0) == ""


def test_build_options_state_their_whole_cost() -> None:
    game = Game.new(players=2, seed=0)
    rng = random.Random(0)
    while game.pending is not None and game.pending.kind != "build":
        game.apply(rng.choice(game.legal_actions()))
    colour = game.current_player
    assert game.pending is not None and colour is not None
    player = game.state.player(colour)
    for label in option_labels(game):
        price = re.search(r"\(\$(\d+)", label.action.describe())
        if price is None:
            continue
        amount = int(price.group(1))
        pocket = min(player.pocket, amount)
        assert label.cost == money_cost(pocket, 2 * (amount - pocket)) + (
            " and 1 discarded card" if "discard" in label.action.describe() else ""
        )


def test_a_build_space_option_is_tried_for_its_real_cost() -> None:
    game = Game.new(players=2, seed=0)
    rng = random.Random(0)
    while game.pending is not None and game.pending.kind != "build_space":
        game.apply(rng.choice(game.legal_actions()))
    labels = option_labels(game)
    assert labels and all(label.cost.startswith("costs $") for label in labels)
    assert game.pending is not None and len(game.history) == len(game.history)


# ---------------------------------------------------------------------- words
def test_plurals_read_as_english() -> None:
    assert plural(1, "token") == "1 token" and plural(2, "token") == "2 tokens"
    assert plural(1, "mafioso") == "1 mafioso" and plural(3, "mafioso") == "3 mafiosi"
    assert counted("gain 1 book(s) and 2 goon(s)") == "gain 1 book and 2 goons"
    assert Effect.from_data({"kind": "gain_mafioso"}).label == (
        "gain 1 mafioso (VIP area or docks)"
    )
    assert Effect.from_data({"kind": "gain_mafioso", "n": 2, "to": "vip"}).label == (
        "gain 2 mafiosi (VIP area)"
    )
    assert Effect.from_data({"kind": "gain_leverage", "n": 2}).label == "gain 2 leverage tokens"
    assert Effect.from_data({"kind": "play_card"}).label == "play an operation card of any type"
    assert Requirement.from_data({"kind": "buildings_with_barrel", "n": 2}).label == (
        "2 buildings with a barrel"
    )


def test_engine_text_is_escaped_for_markdown_and_html() -> None:
    text = "Open the distillery ($5: $1 pocket + $4 from the safe) ~~ 4 < 10 *now*"
    md = md_text(text)
    assert "\\$5" in md and "\\$1" in md and "\\~\\~" in md and "&lt;" in md
    assert "\\*now\\*" in md and "\\<" not in md
    assert "&#36;5" in html_text(text) and "<" not in html_text(text).replace("&lt;", "")


def test_plain_words_drop_catalogue_ids() -> None:
    assert plain_words("Blue draws fleet card fleet-12 from the top of its face-up deck.") == (
        "Blue draws a fleet card from the top of its face-up deck."
    )
    text = plain_words("Put city-10 on middle space 1")
    assert "city-10" not in text and text.startswith("Put the city token “")


def test_progress_reads_where_the_game_is() -> None:
    game = _played(seed=3, decisions=120)
    text = progress_text(game.state)
    assert ("rounds" not in text and "·" in text) or text in ("Prologue", "Final scoring")


# ---------------------------------------------------------------------- map clicks
def test_a_click_on_a_building_space_names_its_district_and_space() -> None:
    table = Table.new({"purple": "human", "blue": "heuristic"}, seed=3)
    rng = random.Random(3)
    while table.game.pending is not None and table.game.pending.kind != "build_space":
        table.choose(rng.choice(table.game.legal_actions()))
    fig = game_figure(table.game.state, table.game.board)
    names = [t.name for t in fig.data]
    district = table.clickable_districts()[0]
    for trace_name in ("empty spaces", "gangster bars", "buildings"):
        if trace_name not in names:
            continue
        curve = names.index(trace_name)
        data = [list(d) for d in fig.data[curve].customdata]
        hits = [i for i, d in enumerate(data) if d[0] == district]
        if not hits:
            continue
        place = clicked_place([{"curveNumber": curve, "pointIndex": hits[0]}], fig)
        assert place is not None and place[0] == district and place[1] == data[hits[0]][1]
        options = table.options_at(*place)
        assert options and all(a.args[0] == district for a in options)
        break
    else:
        pytest.fail(f"district {district} has no building space on the map")
    assert all(t.unselected.marker.opacity == 1 for t in fig.data if t.name == "empty spaces")


def test_the_position_before_the_latest_choice_is_the_replayed_one() -> None:
    """The map's orange rings compare with the position at the latest human decision: kept
    when the choice is made (no replay of the game), it must be the position a replay gives,
    also after undo, go-to, redo and a bot playing for the person."""
    table = Table.new({"purple": "human", "blue": "heuristic", "green": "random"}, seed=5)
    rng = random.Random(5)

    def replayed() -> object:
        step = table.last_human_step()
        return None if step is None else position_after(table.game, step)

    assert table.previous_state() == replayed()
    for turn in range(40):
        if table.game.pending is None:
            break
        if turn % 9 == 4 and table.can_undo:
            table.undo()
        elif turn % 9 == 6 and table.game.redo_line:
            table.redo()
        elif turn % 9 == 7:
            table.goto(max(len(table.game.history) - 5, 0))
        elif turn % 9 == 8 and table.game.current_player is not None:
            table.play_for(table.game.current_player)
        else:
            table.choose(rng.choice(table.game.legal_actions()))
        assert table.previous_state() == replayed(), turn

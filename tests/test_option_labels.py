"""What a player reads at a decision in Play (issue 24 items 4 and 6): every option's whole
label in words, unique by what actually differs, and the top card of each deck named where a
player draws (R-CARD-6), from the seat's observation only.

The sweep plays seeded 2-, 3- and 4-player games with random and heuristic bots, every
decision through the table layer (:class:`~speakeasy.games.speakeasy.table.play.Table`, all
seats people, the bots only choosing), and reads every decision's labels as the panel shows
them.
"""

from __future__ import annotations

import re

import pytest

from speakeasy import Game
from speakeasy.core.actions import Action
from speakeasy.core.bots import decide
from speakeasy.games.speakeasy.engine.bots import Bot, RandomBot
from speakeasy.games.speakeasy.engine.observe import HIDDEN
from speakeasy.games.speakeasy.model.state import OPERATIONS, Colour, Track
from speakeasy.games.speakeasy.studies.strategy import HeuristicBot
from speakeasy.games.speakeasy.table.play import (
    Table,
    card_words,
    draw_words,
    option_labels,
    plain_words,
    same_card,
)
from speakeasy.games.speakeasy.table.play_panel import panel_view
from tests.browser import INTERNAL_TEXT

#: Numbering that tells apart what the words do not (the labels before issue 24 item 6).
NUMBERED = re.compile(r"\((?:copy|choice) \d+\)")
#: A 0-based place: the first space, row or person is 1 for a player.
ZERO_BASED = re.compile(r"\b(?:space|row|person|column|spot) 0\b")
#: The label of an option that the words fail to tell apart: its action's text (a bug).
RAW_ACTION = re.compile(r"\[[a-z_]+(?: [\w.:+-]+)*\]$")

SEATS = ("purple", "yellow", "blue", "green")


def _bots(game: Game, kind: str, seed: int) -> dict[Colour, Bot]:
    make = HeuristicBot if kind == "heuristic" else RandomBot
    return {c: make(seed=seed * 10 + i) for i, c in enumerate(game.colours)}


def _check_labels(table: Table) -> None:
    decision = table.game.pending
    assert decision is not None
    labels = table.labels()
    where = f"step {len(table.game.history) + 1} ({decision.kind})"
    heads = [label.head for label in labels]
    assert len(heads) == len(set(heads)), (where, heads)
    fulls = [label.full for label in labels]
    assert len(fulls) == len(set(fulls)), (where, fulls)
    # every option has a button; only copies of one card share one (R-CARD-1)
    stood = sorted(str(a) for label in labels for a in (label.action, *label.same))
    assert stood == sorted(str(a) for a in decision.options), where
    for label in labels:
        for other in label.same:
            assert same_card(table.catalog, label.action, other), (where, label.head)
        text = label.full
        assert not NUMBERED.search(text), (where, text)
        assert "(s)" not in text, (where, text)
        assert not INTERNAL_TEXT.search(text), (where, text)
        assert not ZERO_BASED.search(text), (where, text)
        assert not RAW_ACTION.search(label.head), (where, text)
        assert "…" not in label.head, (where, text)  # whole, never cut
        if label.action.args:
            assert label.action.describe() != str(label.action), (where, "no words", text)
    # the panel sends each label whole and each option once
    view = panel_view(table)
    assert [o["head"] for o in view["options"]] == heads
    shown = [i for g in view["groups"] for i in g["options"]] + list(view["finish"])
    assert len(shown) == len(set(shown))


@pytest.mark.parametrize(
    ("players", "bot", "seed"),
    [
        (2, "random", 1),
        (2, "heuristic", 2),
        (3, "random", 3),
        (3, "heuristic", 4),
        (4, "random", 5),
        (4, "heuristic", 6),
    ],
)
def test_every_decision_reads_whole_and_unique(players: int, bot: str, seed: int) -> None:
    """Issue 24 item 6: over whole seeded games, no two options of a decision read alike, none
    is numbered to tell it apart ("(copy 2)", "(choice 2)"), none holds a catalogue ID, a
    0-based number, an "(s)" plural or a provenance note, and every label is whole."""
    table = Table.new(dict.fromkeys(SEATS[:players], "human"), seed=seed)
    bots = _bots(table.game, bot, seed)
    decisions = 0
    while not table.game.is_over:
        decision = table.game.pending
        assert decision is not None
        _check_labels(table)
        table.choose(decide(table.game, bots[decision.player]))
        decisions += 1
    assert decisions > 100


# ---------------------------------------------------------------------- copies of one card
def _at_twin_cards() -> Table:
    """A table at the first decision (of seeded random games) that offers two copies of one
    card: a play or discard from a hand holding both."""
    for seed in range(40):
        table = Table.new({"purple": "human", "blue": "human"}, seed=seed)
        bots = _bots(table.game, "random", seed)
        while (decision := table.game.pending) is not None:
            cards = [a for a in decision.options if a.kind in ("play", "discard")]
            if any(same_card(table.catalog, a, b) for a in cards for b in cards if a != b):
                return table
            table.choose(decide(table.game, bots[decision.player]))
    raise AssertionError("no seeded game offers two copies of one card")


def test_copies_of_one_card_are_one_option() -> None:
    """R-CARD-1: two cards of one type with the same reward and leverage cannot be told apart
    in a hand, a slot or under a deck: the table shows one button for both (it plays the
    first), never "… (copy 2)"."""
    catalog = Table.new({"purple": "human", "blue": "human"}, seed=0).catalog
    assert same_card(catalog, Action("discard", ("vip-07",)), Action("discard", ("vip-08",)))
    assert not same_card(catalog, Action("discard", ("vip-07",)), Action("play", ("vip-08",)))
    assert not same_card(catalog, Action("discard", ("vip-07",)), Action("discard", ("vip-01",)))
    table = _at_twin_cards()
    decision = table.game.pending
    assert decision is not None
    labels = table.labels()
    merged = [label for label in labels if label.same]
    assert merged
    for label in merged:
        for twin in label.same:
            assert table.label_of(twin) is label
            assert plain_words(twin.describe(), catalog=table.catalog) == label.head
    shown = [a for group in table.groups() for a in group.options]
    assert len(shown) == len(labels) < len(decision.options)
    # the button of the merged label plays its first card
    table.choose(merged[0].action)
    assert merged[0].action in table.game.history


# ---------------------------------------------------------------------- the top of each deck
def _at_a_draw(seed: int = 1) -> Game:
    """A seeded 2-player game at its first end-of-turn draw (R-TURN-5, R-CARD-6)."""
    game = Game.new(players=2, seed=seed)
    bots = _bots(game, "random", seed)
    while game.pending is not None and not any(a.kind == "draw" for a in game.pending.options):
        game.apply(decide(game, bots[game.pending.player]))
    assert game.pending is not None
    return game


def test_a_draw_option_names_the_top_card_it_takes() -> None:
    """R-CARD-6: the decks are face up; each draw option names the card on top of its deck by
    its type and what it does (its reward and leverage, R-CARD-1), never by an ID."""
    game = _at_a_draw()
    decision = game.pending
    assert decision is not None
    labels = {str(label.action.args[0]): label for label in option_labels(game)}
    draws = [a for a in decision.options if a.kind == "draw"]
    assert draws
    for action in draws:
        track = Track(str(action.args[0]))
        top = game.state.operation_decks[track][0]
        words = "VIP" if track is Track.VIP else track.value
        head = labels[track.value].head
        assert head == plain_words(
            f"Draw the top {words} card {card_words(game.catalog, top)}", catalog=game.catalog
        )
        assert top not in head and "leverage" in head and "reward:" in head
        assert not INTERNAL_TEXT.search(head)


def test_a_draw_label_shows_only_the_public_tops() -> None:
    """The label comes from the seat's observation (the engine's ``observe``): only each deck's
    top card shows (R-CARD-6, R-SETUP-18). Reordering the hidden cards below the tops changes
    no label; changing a top changes its label."""
    game = _at_a_draw(seed=4)
    decision = game.pending
    assert decision is not None
    seen = game.observe(decision.player)
    for track in OPERATIONS:
        deck = seen.state.operation_decks[track]
        assert all(card == HIDDEN for card in deck[1:]), deck
        assert not deck or deck[0] != HIDDEN
    before = [label.full for label in option_labels(game)]
    for deck in game.state.operation_decks.values():  # the hidden order behind the top
        deck[1:] = reversed(deck[1:])
    assert [label.full for label in option_labels(game)] == before
    draw = next(a for a in decision.options if a.kind == "draw")
    deck = game.state.operation_decks[Track(str(draw.args[0]))]
    top = Action("play", (deck[0],))
    other = next(
        i
        for i, card in enumerate(deck)
        if not same_card(game.catalog, top, Action("play", (card,)))
    )
    deck[0], deck[other] = deck[other], deck[0]
    after = {label.action: label.head for label in option_labels(game)}
    assert list(after.values()) != [b.split(" — ")[0] for b in before]
    # the words are those of the seat's observation
    assert after[draw] == draw_words(game.observe(decision.player), draw, game.catalog)


def test_draw_options_build_no_label_until_read() -> None:
    """The engine's draw options carry a fixed text naming no card (a bot never reads it; the
    hidden cards stay in the engine): a table names the top card from the observation."""
    game = _at_a_draw()
    decision = game.pending
    assert decision is not None
    for action in decision.options:
        if action.kind == "draw":
            assert action.label == f"Draw the top {action.args[0]} card"
            assert not re.search(r"-\d\d", action.label)

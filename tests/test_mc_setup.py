"""Mafia City components, setup and modes (MC-COMP, MC-SETUP, MC-MODE, MC-CARD-7, MC-TYPE-4,
MC-FIG-1): the shipped data and a new game's starting position, checked as behaviour."""

from __future__ import annotations

import random
import shutil
import tomllib
from pathlib import Path

import pytest

from speakeasy.core.actions import Action, IllegalAction
from speakeasy.games.mafia_city.engine.game import Game
from speakeasy.games.mafia_city.model.board import map_graph
from speakeasy.games.mafia_city.model.data import SYMBOLS, TYPES, data_dir, load_data, parse_data
from speakeasy.games.mafia_city.model.state import Options
from speakeasy.games.mafia_city.rules.locations import evaluate
from speakeasy.games.mafia_city.rules.setup import new_state, seat_names
from speakeasy.games.mafia_city.rules.turns import action_options
from tests.mc_support import DATA, Harness, check_invariants, make_state


def _tables() -> tuple[dict[str, object], dict[str, object]]:
    with open(data_dir() / "deck.toml", "rb") as f:
        deck = tomllib.load(f)
    with open(data_dir() / "game.toml", "rb") as f:
        game = tomllib.load(f)
    return deck, game


def test_seven_numbered_locations_and_a_cell() -> None:
    """MC-COMP-1: seven tiles numbered 1-7, each with one stack; the Prison also has the Cell
    (a separate area: a jailed token is in no stack)."""
    assert sorted(DATA.locations) == [1, 2, 3, 4, 5, 6, 7]
    game = Game.new(players=3, seed=1)
    assert sorted(game.state.stacks) == [1, 2, 3, 4, 5, 6, 7]
    assert sorted(map_graph(game.state.layout).nodes) == [1, 2, 3, 4, 5, 6, 7]
    _deck, game_table = _tables()
    rows = [r for r in game_table["location"] if r["number"] != 7]  # type: ignore[attr-defined]
    with pytest.raises(ValueError, match="MC-COMP-1"):
        parse_data(_deck, {**game_table, "location": rows})


@pytest.mark.parametrize("players", [3, 4, 5])
def test_twelve_tokens_per_colour_five_colours(players: int) -> None:
    """MC-COMP-2, MC-SETUP-3: five colours of 12; hand + reserve + box = 12 for each seat,
    and colours are cosmetic (any colours in any seating play the same)."""
    assert len(DATA.colours) == 5
    game = Game.new(players=players, seed=3)
    for seat in game.state.seats.values():
        assert seat.tokens + seat.reserve + seat.box == 12
    other = Game.new(players=list(reversed(DATA.colours))[:players], seed=3)
    assert other.state.layout == game.state.layout
    assert [len(s.hand) for s in other.state.seats.values()] == [
        len(s.hand) for s in game.state.seats.values()
    ]


def test_three_figures_start_on_their_locations() -> None:
    """MC-COMP-3, MC-SETUP-5, MC-FIG-1: the Hitman on Harbour [2], the Police Officer on the
    Police Station [4] and the Mayor on City Hall [7] (held by nobody)."""
    assert DATA.figures == {"hitman": 2, "police_officer": 4, "mayor": 7}
    for seed in range(5):
        st = Game.new(players=4, seed=seed).state
        assert st.hitman == 2 and st.officer is None and st.mayor is None


def test_vp_are_unbounded_integers() -> None:
    """MC-COMP-4 (GAP-MC-4): VP are plain integers with no upper limit; a player at 99 still
    gains the control VP."""
    st = make_state(stacks={4: ["red"]})
    st.seats["red"].vp = 99
    h = Harness(st, prompt_everyone=False)
    h.run(evaluate(h.ctx, 4))
    assert st.seats["red"].vp == 100


def test_one_start_player_token_and_seven_cubes() -> None:
    """MC-COMP-5: one start player at a time; a phase II puts exactly seven cubes, one per
    location."""
    game = Game.new(players=3, seed=5)
    assert game.state.start_player in game.players and game.state.cubes == []
    rng = random.Random(5)
    while game.state.phase != "strategic":
        game.apply(rng.choice(game.legal_actions()))
    assert sorted(game.state.cubes) == [1, 2, 3, 4, 5, 6, 7]


def test_the_deck_is_49_action_cards_of_11_kinds() -> None:
    """MC-COMP-6, MC-COMP-7: 49 action cards (no reference or spare cards in play), 11 kinds,
    one corner symbol of four and one effect type of three per card; a deck of 48 is refused."""
    assert len(DATA.cards) == 49 and len(DATA.kinds) == 11
    assert {c.symbol for c in DATA.cards.values()} == set(SYMBOLS)
    assert {k.type for k in DATA.kinds.values()} == set(TYPES)
    deck, game = _tables()
    short = {**deck, "card": deck["card"][:-1]}  # type: ignore[index]
    with pytest.raises(ValueError, match="MC-COMP-6"):
        parse_data(short, game)
    bad = [dict(deck["card"][0], symbol="star"), *deck["card"][1:]]  # type: ignore[index]
    with pytest.raises(ValueError, match="bad card row"):
        parse_data({**deck, "card": bad}, game)


def test_exactly_three_effect_types() -> None:
    """MC-TYPE-4 (DISC-MC-2): AKCE, LOKACE and REAKCE only; a fourth type is refused."""
    assert TYPES == ("akce", "lokace", "reakce")
    deck, game = _tables()
    kinds = [dict(deck["kind"][0], type="fourth"), *deck["kind"][1:]]  # type: ignore[index]
    with pytest.raises(ValueError, match="type must be one of"):
        parse_data({**deck, "kind": kinds}, game)


def test_the_deck_is_read_from_data(tmp_path: Path) -> None:
    """MC-CARD-7: a user holding the real cards corrects the deck in deck.toml; the engine
    plays what the file says (here snitch-1 becomes a Hat card)."""
    for name in ("deck.toml", "game.toml"):
        shutil.copy(data_dir() / name, tmp_path / name)
    text = (tmp_path / "deck.toml").read_text()
    start = text.index('id = "snitch-1"')
    end = text.index("symbol", start)
    line_end = text.index("\n", end)
    text = text[:end] + 'symbol = "hat"' + text[line_end:]
    (tmp_path / "deck.toml").write_text(text)
    custom = load_data(str(tmp_path))
    assert custom.cards["snitch-1"].symbol == "hat" and DATA.cards["snitch-1"].symbol == "fist"
    st = make_state(stacks={2: ["red"]}, hands={"red": ["snitch-1"]})
    h = Harness(st)
    h.ctx.data = custom
    assert Action("hat", ("snitch-1", 2, 0)) in action_options(h.ctx, "red")
    h.ctx.data = DATA
    assert Action("hat", ("snitch-1", 2, 0)) not in action_options(h.ctx, "red")


def test_colours_chosen_in_seating_order() -> None:
    """MC-SETUP-2: the seats are the chosen colours in clockwise order; each player's tokens
    are only ever their own colour (no other colour appears anywhere)."""
    game = Game.new(players=["green", "grey", "red"], seed=2)
    assert game.players == ("green", "grey", "red")
    rng = random.Random(2)
    for _ in range(120):
        game.apply(rng.choice(game.legal_actions()))
        owners = {o for s in game.state.stacks.values() for o in s} | {
            o for o, _ in game.state.cell
        }
        assert owners <= {"green", "grey", "red"}
    for bad in (["red", "red", "blue"], ["red", "blue", "pink"]):
        with pytest.raises(ValueError, match="different colours"):
            seat_names(bad, DATA)


@pytest.mark.parametrize(
    ("players", "hand", "reserve", "box", "beginner", "advanced", "draw"),
    [(3, 8, 4, 0, 10, 15, 43), (4, 7, 4, 1, 8, 13, 41), (5, 6, 4, 2, 7, 11, 39)],
)
def test_setup_table(
    players: int, hand: int, reserve: int, box: int, beginner: int, advanced: int, draw: int
) -> None:
    """MC-SETUP-3, MC-SETUP-6, MC-SETUP-7, MC-SETUP-8, MC-MODE-1: tokens in hand/reserve/box,
    the target by mode, a face-down pile of the 49 shuffled cards after 2 cards each, an
    empty discard pile, no cubes."""
    for advanced_mode, target in ((False, beginner), (True, advanced)):
        game = Game.new(players=players, seed=9, advanced=advanced_mode)
        st = game.state
        assert st.target == target and st.cubes == [] and st.discard == []
        assert len(st.draw) == draw
        for seat in st.seats.values():
            assert (seat.tokens, seat.reserve, seat.box, len(seat.hand)) == (hand, reserve, box, 2)
        check_invariants(st)
    orders = {tuple(Game.new(players=players, seed=s).state.draw) for s in range(4)}
    assert len(orders) == 4  # shuffled from the seed


def test_the_game_starts_with_phase_one_of_round_one() -> None:
    """MC-SETUP-10: after the mulligans the start player takes the first turn of round 1."""
    game = Game.new(players=4, seed=4)
    for _ in game.players:
        assert game.pending is not None and game.pending.kind == "mulligan"
        game.apply("keep")
    assert game.pending is not None and game.pending.kind == "turn"
    assert game.pending.player == game.state.start_player
    assert game.state.round == 1 and game.state.phase == "action"


def test_mulligan_replaces_both_or_none() -> None:
    """MC-SETUP-9: a mulligan discards both cards and draws two; one card alone is refused."""
    game = Game.new(players=3, seed=8)
    player = game.state.start_player
    with pytest.raises(IllegalAction):
        game.apply(Action("mulligan", (game.state.seats[player].hand[0],)))
    game.apply("mulligan")
    assert len(game.state.seats[player].hand) == 2 and len(game.state.discard) == 2


def test_beginner_and_advanced_differ_only_in_the_target() -> None:
    """MC-MODE-2: the same seed and choices give the same game in both modes; only the
    target differs (and so, maybe, when it ends)."""
    a = Game.new(players=4, seed=21)
    b = Game.new(players=4, seed=21, advanced=True)
    assert (a.state.target, b.state.target) == (8, 13)
    rng = random.Random(21)
    while not a.is_over:
        action = rng.choice(a.legal_actions())
        assert a.legal_actions() == b.legal_actions()
        kinds_a = [e.kind for e in a.apply(action)]
        kinds_b = [e.kind for e in b.apply(action)]
        if a.is_over:  # the beginner target is reached first; the rest is the same rules
            assert kinds_a[-1] == "game-end" and kinds_b[: len(kinds_a) - 1] == kinds_a[:-1]
            assert not b.is_over and b.state.phase == "strategic"
        else:
            assert kinds_a == kinds_b
    assert max(s.vp for s in a.state.seats.values()) >= 8


def test_new_state_uses_only_the_seeded_rng() -> None:
    """MC-SETUP-1 (GAP-MC-5), MC-SETUP-4: the start player and layout come from the seed."""
    opts = Options()
    names = ("red", "blue", "green")
    one = new_state(names, random.Random(5), DATA, opts)
    two = new_state(names, random.Random(5), DATA, opts)
    assert one == two
    starts = {new_state(names, random.Random(s), DATA, opts).start for s in range(30)}
    assert starts == {0, 1, 2}

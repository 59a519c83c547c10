"""Mafia City positions (issue 25 item 8): the worked examples EMC-1 ... EMC-23 as loaded
positions whose questions the engine answers (one test each), exact capture of any position of
any game (state, hidden parts, random generator, pending decision, and the game played on),
the descriptor opening them, and mistakes refused with file, line, field and rule.

``MC_CAPTURE_GAMES`` raises the number of seeded games per player count (default 4).
"""

from __future__ import annotations

import json
import os
import random
from pathlib import Path
from typing import Any

import pytest

import speakeasy.games
from speakeasy.core.actions import IllegalAction
from speakeasy.games.mafia_city.engine.game import Game
from speakeasy.games.mafia_city.positions import (
    Position,
    PositionError,
    load_position,
    parse_position,
    position_from_game,
    position_names,
    shipped_positions,
)
from speakeasy.games.mafia_city.studies.questions import answer, play
from speakeasy.tools.rule_links import rule_ids_in
from tests.bounded import refused
from tests.mc_support import check_invariants
from tests.test_scenario_edges import hostile_texts

GAMES = int(os.environ.get("MC_CAPTURE_GAMES", "4"))
NAMES = position_names()


def decision(game: Game) -> Any:
    """The pending decision as plain data: who, what, the prompt, rules, options and labels,
    blocked options with their refusals."""
    pending = game.pending
    if pending is None:
        return None
    return (
        pending.player,
        str(pending.kind),
        pending.prompt,
        pending.rules,
        [(str(a), a.label) for a in pending.options],
        [(str(b.action), str(b.error)) for b in pending.blocked],
    )


def assert_same(loaded: Game, game: Game) -> None:
    """Equal in every observable and hidden field: the state (hands, deck order, Cell rounds,
    ...), the random generator, the pending decision and every seat's observation."""
    definition = game.definition
    assert definition.state_data(loaded.state) == definition.state_data(game.state)
    assert loaded.state == game.state
    assert loaded.ctx.rng.getstate() == game.ctx.rng.getstate()
    assert decision(loaded) == decision(game)
    for seat in game.players:
        assert loaded.observe(seat) == game.observe(seat)


def round_trip(game: Game) -> Game:
    """``game``'s position captured, written as TOML, read back and loaded."""
    text = position_from_game(game).to_toml()
    return parse_position(text, "captured.toml").game()


def play_on(a: Game, b: Game, seed: int, steps: int) -> None:
    """Both games continue with the same seeded choices and stay the same at every step."""
    rng = random.Random(seed)
    for _ in range(steps):
        if a.is_over:
            assert b.is_over
            return
        action = rng.choice(a.legal_actions())
        assert a.apply(action) == b.apply(action)
        assert a.state == b.state
        assert a.ctx.rng.getstate() == b.ctx.rng.getstate()
    assert decision(a) == decision(b)


# ---------------------------------------------------------------------- capture, any game
@pytest.mark.parametrize("players", [3, 4, 5])
def test_any_position_of_a_seeded_game_round_trips_exactly(players: int) -> None:
    """Issue 25 item 8: at many steps of seeded 3-5-player games (mulligans, every phase, mid
    reaction chains), the captured position loads equal in every field and plays on the same,
    random draws (Thief, reshuffles) included."""
    for seed in range(GAMES):
        game = Game.new(players, seed, options={"max_rounds": 12})
        rng = random.Random(seed)
        step = 0
        while not game.is_over:
            if step % 23 == 0 or (game.pending is not None and game.pending.kind == "veto"):
                loaded = round_trip(game)
                assert_same(loaded, game)
                check_invariants(loaded.state)
                if step % 69 == 0:
                    play_on(game.copy(), loaded, seed * 1000 + step, 40)
            game.apply(rng.choice(game.legal_actions()))
            step += 1
        assert_same(round_trip(game), game)  # a finished game too


def test_a_captured_position_saves_and_loads_as_a_game() -> None:
    """A game from a position saves its position (``position``) and loads equal."""
    game = Game.new(4, 11)
    rng = random.Random(11)
    for _ in range(60):
        game.apply(rng.choice(game.legal_actions()))
    position = position_from_game(game, description="mid-game")
    loaded = position.game()
    for _ in range(10):
        loaded.apply(rng.choice(loaded.legal_actions()))
    assert Game.from_json(loaded.to_json()) == loaded
    assert json.loads(loaded.to_json())["position"]["description"] == "mid-game"
    loaded.goto(0)  # back to the position itself, before its actions: rebuilt from the file
    bare = Position({k: v for k, v in position.data.items() if k != "actions"})
    assert loaded.state == bare.game().state


# ---------------------------------------------------------------------- the worked examples
def test_every_worked_example_is_shipped_once() -> None:
    sources = sorted(p.source for p in shipped_positions())
    assert sources == sorted(f"rulebook: EMC-{n}" for n in range(1, 24))
    assert [name[:5] for name in NAMES] == [f"emc{n:02d}" for n in range(1, 24)]


@pytest.mark.parametrize("name", NAMES)
def test_every_example_round_trips_through_capture(name: str) -> None:
    """Each EMC position, at its start and after its question's play, captured and loaded
    back, is the same game and plays on the same."""
    game = load_position(name).game()
    assert_same(round_trip(game), game)
    question = load_position(name).question
    assert question is not None
    play(game, question)
    loaded = round_trip(game)
    assert_same(loaded, game)
    play_on(game, loaded, 5, 30)


def ask(name: str) -> tuple[Game, Position]:
    """The shipped position ``name`` loaded, its question answered by the engine and checked
    against the stated answer; the game after the question's play."""
    position = load_position(name)
    question = position.question
    assert question is not None
    game = position.game()
    assert answer(game, question) == dict(question["answer"]), question["text"]
    check_invariants(game.state)
    return game, position


def test_emc1_end_of_round_tie_for_fewest_vp() -> None:
    """EMC-1, MC-END-1..5: a tie for fewest VP: nobody draws extra; step 3 from Blue."""
    game, _ = ask("emc01_end_of_round_tie_for_fewest_vp")
    draws = [e.player for e in game.setup_events if e.kind == "draw"]
    assert draws == ["blue", "green", "yellow", "red"]


def test_emc2_sole_fewest_vp_and_cards() -> None:
    """EMC-2, MC-END-3..5: Red draws in steps 1, 2 and 3."""
    game, _ = ask("emc02_sole_fewest_vp_and_cards")
    assert [e.player for e in game.setup_events if e.kind == "draw"][:2] == ["red", "red"]


def test_emc3_sole_fewest_vp_not_fewest_cards_and_variant() -> None:
    """EMC-3, MC-END-3, MC-END-4; the variant (cards 1, 1, 3) edits the position."""
    _, position = ask("emc03_sole_fewest_vp_not_fewest_cards")
    data = position.to_data()
    data["seats"]["red"]["hand"] = ["deals-1"]
    data["seats"]["green"]["hand"] = ["thief-1", "thief-2", "thief-3"]
    variant = Position(data).game()
    assert {p: len(s.hand) for p, s in variant.state.seats.items()} == {
        "red": 3,
        "blue": 2,
        "green": 4,
    }


def test_emc4_two_hats_cancelled_and_restored() -> None:
    """EMC-4, MC-HAT-3, MC-FIST-1..4, MC-VETO-5, MC-VETO-8; variant: one veto cancels."""
    ask("emc04_two_hats_cancelled_and_restored")
    game = load_position("emc04_two_hats_cancelled_and_restored").game()
    for text in ("hats snitch-2 thief-2 2", "fists snitch-1 snitch-5", "pass"):
        game.apply(text)
    assert game.state.stacks[2] == ["blue"] and game.state.seats["red"].reserve == 4
    assert len(game.state.discard) == 4


def test_emc5_private_club_plus_one() -> None:
    """EMC-5, MC-CLUB-2..3, MC-PLUS-1..2: no fourth +1 (Red keeps deals-4)."""
    game, _ = ask("emc05_private_club_plus_one")
    assert game.state.seats["red"].hand == ["deals-4"]


def test_emc6_bullet_cancelled_and_its_follow_ups() -> None:
    """EMC-6 (a)-(d), MC-ACT-9, MC-BULLET-1..4, MC-VETO-9, MC-ACT-13."""
    ask("emc06_bullet_cancelled")
    name = "emc06_bullet_cancelled"
    # (b) the Bullet stands, Thief on Blue, Blue's Police Chief cancels it
    game = load_position(name).game()
    for text in ("bullet snitch-3", "pass", "thief thief-1 blue", "chief police-chief-1"):
        game.apply(text)
    assert game.state.seats["red"].passed and "thief-1" in game.state.discard
    # (c) against Deals, a Police Chief is refused with Deals' rule
    game = load_position(name).game()
    for text in ("bullet snitch-3", "pass", "deals deals-1"):
        game.apply(text)
    err = game.why_not("chief police-chief-1")
    assert err is not None and err.rule == "MC-DEALS-3"
    # (d) a placement after the Bullet opens no window; Red stays passed
    game = load_position(name).game()
    for text in ("bullet snitch-3", "pass", "place 4"):
        game.apply(text)
    assert game.state.stacks[4] == ["red"] and game.state.seats["red"].passed
    assert game.pending is not None and game.pending.player == "blue"


def test_emc7_complicity_chain() -> None:
    """EMC-7, MC-COMPL-1..6: Blue's only third player is Green's token on [3]."""
    ask("emc07_complicity_chain")
    game = load_position("emc07_complicity_chain").game()
    game.apply("snitch snitch-1 5 0")
    third = {a.args[1:] for a in game.legal_actions() if a.kind == "complicity"}
    assert third == {(3, 0)}


def test_emc8_control_tie_stack_order() -> None:
    """EMC-8, MC-CTRL-3, MC-MAP-6."""
    ask("emc08_control_tie_stack_order")


def test_emc9_sole_majority_locations() -> None:
    """EMC-9, MC-CTRL-5, MC-FIGHT-1..3, MC-HALL-1..4, GAP-MC-14: [3] follows [7] by number."""
    game, _ = ask("emc09_sole_majority_locations")
    order = [e.data["location"] for e in game.events if e.kind == "select"]
    assert order[-2:] == [7, 3]


def test_emc10_prison_release_and_police_chief() -> None:
    """EMC-10, MC-PRISON-1..8, MC-CHIEF-1..3, GAP-MC-13: 2 Fists may not answer step 2."""
    ask("emc10_prison_release_and_police_chief")
    game = load_position("emc10_prison_release_and_police_chief").game()
    game.apply("jail 2 0")
    err = game.why_not("fists thief-1 thief-5", seat="red")
    assert err is not None


def test_emc11_harbour_hitman_fbi() -> None:
    """EMC-11, MC-HARBOUR-3, MC-HITMAN-1..5, MC-FBI-1..2: [6] is not next to [2] here."""
    ask("emc11_harbour_hitman_fbi")
    game = load_position("emc11_harbour_hitman_fbi").game()
    assert {a.args[0] for a in game.legal_actions() if a.kind == "move"} == {1, 3, 5}
    err = game.why_not("move 6")
    assert err is not None and (err.code, err.rule) == ("not-adjacent", "MC-HARBOUR-3")


def test_emc12_police_raid_unpasses() -> None:
    """EMC-12, MC-RAID-1..4, MC-ACT-8: no Raid where Red has no 2 tokens."""
    ask("emc12_police_raid_unpasses")
    game = load_position("emc12_police_raid_unpasses").game()
    assert game.why_not("raid police-raid-1 1") is not None


def test_emc13_police_chief_overruled() -> None:
    """EMC-13, MC-CHIEF-3, MC-VETO-5..8, MC-THIEF-2."""
    ask("emc13_police_chief_overruled")


def test_emc14_withdrawal_order_and_gravity() -> None:
    """EMC-14, MC-STR-3..8, MC-MAP-4; (b) the lower token leaves instead."""
    ask("emc14_withdrawal_order_and_gravity")
    game = load_position("emc14_withdrawal_order_and_gravity").game()
    for text in ("withdraw 1", "keep", "keep", "keep"):
        game.apply(text)
    assert game.state.stacks[1] == ["green", "red", "blue", "green"]


def test_emc15_mayor_directs_the_order() -> None:
    """EMC-15, MC-LOC-3..4, MC-HALL-1..5, MC-STR-4..6: by number while on City Hall."""
    game, _ = ask("emc15_mayor_directs_the_order")
    order = [e.data["location"] for e in game.events if e.kind == "select"]
    assert order == [1, 2, 3, 4, 5, 6, 7]


def test_emc16_four_player_setup_and_mulligan() -> None:
    """EMC-16, MC-SETUP-1..10: replacing only one card is refused."""
    ask("emc16_four_player_setup_and_mulligan")
    game = load_position("emc16_four_player_setup_and_mulligan").game()
    card = game.state.seats["red"].hand[0]
    with pytest.raises(IllegalAction):
        game.apply(f"mulligan {card}")
    assert game.state.target == 8


def test_emc17_deals_versus_business_district() -> None:
    """EMC-17, MC-DEALS-1..3, MC-BUSINESS-2: Deals discards only a drawn card."""
    ask("emc17_deals_versus_business_district")
    game = load_position("emc17_deals_versus_business_district").game()
    game.apply("deals deals-1")
    err = game.why_not("discard thief-1")
    assert err is not None and err.rule == "MC-DEALS-2"


@pytest.mark.parametrize(
    ("reserves", "cards", "mayor", "winner"),
    [
        ((2, 2), (2, 4), None, "blue"),
        ((2, 2), (2, 2), "blue", "blue"),
        ((2, 2), (2, 2), None, "red"),
    ],
    ids=["(b) more cards", "(c) the Mayor", "(d) closer to the start player"],
)
def test_emc18_winner_and_tie_breakers(
    reserves: tuple[int, int], cards: tuple[int, int], mayor: str | None, winner: str
) -> None:
    """EMC-18, MC-WIN-1..4: (a) is the position's question; (b)-(d) edit it."""
    ask("emc18_winner_and_tie_breakers")
    data = load_position("emc18_winner_and_tie_breakers").to_data()
    deck = iter(["deals-1", "deals-2", "deals-3", "deals-4", "deals-5", "thief-1"])
    for colour, reserve, count in zip(("red", "blue"), reserves, cards, strict=True):
        data["seats"][colour]["reserve"] = reserve
        data["seats"][colour]["hand"] = [next(deck) for _ in range(count)]
    if mayor:
        data["figures"] = {"mayor": mayor}
    assert Position(data).game().result().winner == winner
    data["seats"]["red"]["vp"] = data["seats"]["blue"]["vp"] = 12
    data["seats"]["green"]["vp"] = 12
    assert not Position(data).game().is_over  # nobody reached 13: phase III follows


def test_emc19_strings_behind_the_scenes() -> None:
    """EMC-19, MC-STRINGS-1..4: Red's Police Chief and F.B.I. cannot answer it."""
    ask("emc19_strings_behind_the_scenes")
    game = load_position("emc19_strings_behind_the_scenes").game()
    strings = [a for a in game.legal_actions() if a.kind == "strings"]
    assert all(a.args[1] != a.args[2] and 1 not in a.args[1:] for a in strings)


def test_emc20_big_plan() -> None:
    """EMC-20, MC-PLAN-1..3: answered with F.B.I. or a pass, never a Police Chief."""
    ask("emc20_big_plan")
    game = load_position("emc20_big_plan").game()
    game.apply("plan big-plan-1 2 0 6")
    assert {a.kind for a in game.legal_actions()} == {"fbi", "pass"}


def test_emc21_secret_deal_bidding() -> None:
    """EMC-21, MC-SECRET-1..7, MC-CTRL-3."""
    ask("emc21_secret_deal_bidding")


def test_emc22_hat_take_back() -> None:
    """EMC-22, MC-HAT-1..5, MC-PRISON-7: no Hat reaches the Cell."""
    ask("emc22_hat_take_back")
    game = load_position("emc22_hat_take_back").game()
    hats = [a for a in game.legal_actions() if a.kind == "hat"]
    assert hats and all(a.args[1] == 5 for a in hats)


def test_emc23_last_pass_ends_phase_one() -> None:
    """EMC-23, MC-ACT-10..12, MC-BULLET-5: (a) Red's pass ends phase I at once."""
    ask("emc23_last_pass_ends_phase_one")
    game = load_position("emc23_last_pass_ends_phase_one").game()
    events = game.apply("pass")
    assert not [e for e in events if e.kind == "bullet"]
    assert next(e.data.get("phase") for e in events if e.kind == "phase") == "location"


# ---------------------------------------------------------------------- the registry
def test_the_descriptor_opens_every_shipped_position() -> None:
    """Generic code opens them through the registry, never by the game's name."""
    mc = speakeasy.games.load("mafia-city")
    assert mc.scenarios() == NAMES
    game = mc.load_scenario("emc11_harbour_hitman_fbi")
    assert isinstance(game, Game) and game.state.layout == (5, 1, 2, 3, 4, 6, 7)
    with pytest.raises(ValueError, match="ships no position"):
        mc.load_scenario("emc99")


def test_a_position_fixes_the_start_player_and_the_layout() -> None:
    """MC-SETUP-1, MC-SETUP-4: both default to the setup's random draw; both can be fixed."""
    text = 'start_player = "green"\nlayout = [7, 6, 5, 4, 3, 2, 1]\n'
    game = parse_position(text).game()
    assert game.state.start_player == "green" and game.state.layout == (7, 6, 5, 4, 3, 2, 1)
    assert game.pending is not None and game.pending.player == "green"


# ---------------------------------------------------------------------- mistakes
@pytest.mark.parametrize(
    ("text", "line", "field", "says"),
    [
        ('[stacks]\n2 = ["red", "pink"]\n', 2, "stacks.2[1]", "is not one of"),
        (
            'players = ["red", "blue", "green"]\n[stacks]\n2 = ["yellow"]\n',
            3,
            "stacks.2[0]",
            "MC-SETUP-2",
        ),
        ("[seats.red]\ntokens = 12\n", 2, "seats.red.tokens", "MC-COMP-8"),
        ("[seats.red]\nbox = 3\n", 2, "seats.red.box", "DISC-MC-1"),
        (
            '[stacks]\n1 = ["red", "red", "red", "red", "red", "red", "red", "red", "red"]\n'
            "[seats.red]\nreserve = 4\n",
            1,
            "stacks",
            "MC-SETUP-3",
        ),
        (
            '[seats.red]\nhand = ["deals-1"]\n[seats.blue]\nhand = ["deals-1"]\n',
            4,
            "seats.blue.hand[0]",
            "MC-DECK-2",
        ),
        ('[seats.red]\nhand = ["joker-1"]\n', 2, "seats.red.hand[0]", "MC-CARD-7"),
        ('[deck]\ndraw = ["deals-1"]\n', 2, "deck.draw", "MC-COMP-6"),
        ('phase = "location"\nturn = "red"\n', 2, "turn", "MC-ACT-2"),
        ("cubes = [1]\n", 1, "cubes", "MC-LOC-9"),
        ('round = 2\n[[cell]]\nowner = "red"\nround = 3\n', 4, "cell[0].round", "MC-PRISON-4"),
        (
            'turn = "red"\n[seats.red]\npassed = true\n[seats.blue]\npassed = true\n'
            "[seats.green]\npassed = true\n",
            1,
            "turn",
            "MC-ACT-12",
        ),
        ('[figures]\nmayor = "yellow"\n', 2, "figures.mayor", "MC-FIG"),
        ('phase = "setup"\n[stacks]\n1 = ["red"]\n', 2, "stacks", "MC-SETUP-10"),
        ('phase = "setup"\n[seats.red]\nhand = ["deals-1"]\n', 3, "seats.red.hand", "MC-SETUP-8"),
        ('in_play = ["deals-1"]\n', 1, "in_play", "MC-CARD-3"),
        ("[options]\nmax_rounds = -1\n", 2, "options.max_rounds", "minimum"),
        ('colour = "red"\n', 1, "", "unknown field 'colour'"),
        ('rng = "' + "A" * 3334 + '=="\n', 1, "rng", "Mersenne"),
        ('actions = ["pass", "fly away"]\n', 1, "actions[1]", "refuse"),
        (
            '[question]\ntext = "?"\nask = ["control"]\nanswer = { control = 1 }\n',
            3,
            "question.ask[0]",
            "location",
        ),
    ],
)
def test_mistakes_name_the_file_line_field_and_rule(
    text: str, line: int, field: str, says: str
) -> None:
    with pytest.raises(PositionError) as raised:
        parse_position(text, "bad.toml").game()
    err = raised.value
    assert err.file == "bad.toml" and says in err.reason, str(err)
    assert (err.line, err.field) == (line, field), str(err)


# ---------------------------------------------------------------------- hostile input
def hostile_positions() -> dict[str, str | bytes]:
    """The hostile scenario texts (the same reader refuses them for both games), and a few
    aimed at a position's own fields."""
    texts = dict(hostile_texts())
    texts.update(
        {
            "a million stack tokens": "[stacks]\n1 = [" + '"red",' * 1_000_000 + "]\n",
            "65 KiB of comment": "#" * (65 * 1024),
            "escaped quotes in a hand, unterminated": '[seats.red]\nhand = ["' + '\\"' * 30_000,
            "10,000 seats tables": "".join(f"[seats.s{i}]\nvp = 1\n" for i in range(10_000)),
        }
    )
    return texts


@pytest.mark.parametrize("name", list(hostile_positions()))
def test_a_hostile_position_is_refused_within_100_mb(name: str) -> None:
    """Issue 25 item 8: size, escapes, values and nesting are checked before parsing (the
    shared reader, speakeasy.tools.position_files), so every hostile text is refused with a
    PositionError, in little memory (no clocks: tests/bounded.py)."""
    text = hostile_positions()[name]
    parse_position('title = "warm the validator"')
    refused(
        lambda: parse_position(text, "hostile.toml"),
        PositionError,
        megabytes=100,
    )


@pytest.mark.parametrize(
    "text",
    [
        "x = " + "[" * 1000 + "]" * 1000,
        "#" * (64 * 1024 + 1),
        'title = "' + '\\"' * 200_000,
        "a" + ".a" * 100_000 + " = 1",
        'title = "' + '\\"' * 30_000,  # 60 KB: within the size limit
        "a" * 60_000,
    ],
    ids=[
        "deep nesting",
        "over the size limit",
        "many escaped quotes",
        "a deep dotted key",
        "escaped quotes within the size limit",
        "a long bare key within the size limit",
    ],
)
def test_the_worst_texts_never_reach_the_parser(text: str) -> None:
    """Refused by the linear checks before tomllib sees them."""
    error = refused(
        lambda: parse_position(text, "x.toml"), PositionError, megabytes=50, unparsed=True
    )
    assert isinstance(error, ValueError) and error.file == "x.toml"  # type: ignore[attr-defined]


def test_hostile_data_and_paths_are_refused_with_position_errors() -> None:
    """Data (a save holds its position as data) nested 10,000 deep or with a million items,
    and paths no file has or files too large, are PositionErrors too."""
    deep: dict[str, object] = {}
    node = deep
    for _ in range(10_000):
        node["a"] = {}
        node = node["a"]  # type: ignore[assignment]
    for data in ({"title": "x", "options": deep}, {"cubes": [1] * 1_000_000}, {"round": object()}):
        with pytest.raises(PositionError):
            Position.from_data(data)
    for path in ("no/such/file.toml", "a\x00b", 42):
        with pytest.raises(PositionError):
            load_position(path)  # type: ignore[arg-type]
    if Path("/dev/zero").exists():
        error = refused(lambda: load_position("/dev/zero"), PositionError, megabytes=2)
        assert "too large" in str(error)


@pytest.mark.parametrize("name", NAMES)
def test_every_rule_an_example_cites_is_in_the_rules_index(name: str) -> None:
    """The rule IDs of each position's question, and those its description and hint cite,
    are Mafia City rules of the rules index (tests/test_mc_rule_coverage.py)."""
    rules = speakeasy.games.load("mafia-city").rules
    position = load_position(name)
    question = position.question
    assert question is not None
    cited = [*question["rules"], *rule_ids_in(position.description + question["hint"], rules)]
    assert cited and [r for r in cited if rules.entry(r) is None] == []


def test_a_position_saved_to_a_file_loads_the_same(tmp_path: Path) -> None:
    """``save`` writes the TOML a person edits; ``load_position`` reads it back exactly."""
    game = Game.new(5, 3)
    rng = random.Random(3)
    for _ in range(40):
        game.apply(rng.choice(game.legal_actions()))
    path = position_from_game(game, title="Forty steps").save(tmp_path / "mine.toml")
    loaded = load_position(path)
    assert loaded.title == "Forty steps" and loaded.name == "mine"
    assert_same(loaded.game(), game)

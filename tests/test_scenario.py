"""The scenario format (speakeasy.scenario): loading a position into a game, editing it, saving
a game back as a scenario, and a clear error with file, line and field for each kind of
mistake. The shipped scenarios and their answers are checked in test_scenarios_shipped.py."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from speakeasy import Game
from speakeasy.bots import RandomBot, play_out
from speakeasy.questions import ask
from speakeasy.rules.flow import Start
from speakeasy.scenario import (
    Scenario,
    ScenarioError,
    load_scenario,
    locate,
    parse_scenario,
    scenario_from_game,
)
from speakeasy.state import BuildingType, Colour, Phase, Track
from tests.test_games import check_invariants

ONE_DISTRICT = """\
title = "One district"
[districts.14]
police = true
buildings = [
    { owner = "purple", type = "bar", protected = true },
    { owner = "blue", type = "casino", barrel = true },
]
"""


def error(text: str) -> ScenarioError:
    with pytest.raises(ScenarioError) as caught:
        parse_scenario(text, "bad.toml")
    return caught.value


# ---------------------------------------------------------------------- loading a position
def test_a_one_district_scenario_is_a_few_lines() -> None:
    """R-GOLDEN-1, R-CONTROL-3: the omitted parts take defaults; the listed district is exact."""
    game = parse_scenario(ONE_DISTRICT).game()
    state = game.state
    assert game.colours == tuple(Colour)  # default seats: all four colours
    assert (state.act, state.phase) == (1, Phase.ROUNDS) and game.pending is not None
    d14 = state.districts[14]
    bar, casino = (sp.building for sp in d14.spaces[:2])
    assert bar is not None and casino is not None
    assert (bar.owner, bar.type, bar.protected) == (Colour.PURPLE, BuildingType.BAR, True)
    assert (casino.owner, casino.type, casino.barrel) == (Colour.BLUE, BuildingType.CASINO, True)
    assert d14.police
    # the rest of the map is empty: no police, gangster bars or gangsters elsewhere
    others = [d for n, d in state.districts.items() if n != 14]
    assert not any(d.police or d.gangster or d.strength_token for d in others)
    assert not any(sp.gangster_bar or sp.building for d in others for sp in d.spaces)
    check_invariants(state)
    assert ask(game, {"ask": "control", "district": 14}).value == ["purple"]


def test_map_setup_keeps_the_setup_outside_the_listed_districts() -> None:
    """R-SETUP-4..7: ``map = "setup"`` keeps the setup's gangsters and police elsewhere."""
    plain = Game.new(4, seed=0).state
    text = 'title = "t"\nmap = "setup"\n' + ONE_DISTRICT.split("\n", 1)[1]
    state = parse_scenario(text).game().state
    for n, d in plain.districts.items():
        if n != 14:
            assert state.districts[n].gangster == d.gangster
            assert state.districts[n].police == d.police
    check_invariants(state)


def test_components_come_from_their_supplies() -> None:
    """R-COMP: a protected building uses a mafioso, a barrel and police come from the supply."""
    before = Game.new(4, seed=0).state
    state = parse_scenario(ONE_DISTRICT).game().state
    purple, blue = state.players[Colour.PURPLE], state.players[Colour.BLUE]
    assert purple.mafiosi == before.players[Colour.PURPLE].mafiosi - 1
    assert len(purple.board_pieces) == 14 and len(blue.board_pieces) == 14
    assert "bar-left-1" not in purple.board_pieces  # the first bar space of the board
    assert blue.city_tokens  # the space's city token went to the builder (R-BUILD-2)


def test_players_trucks_ships_and_start() -> None:
    """R-ACT-1, R-TRUCK-3, R-SHIP-1: player resources, trucks, ships and the starting round."""
    text = """
title = "Mid game"
players = ["purple", "blue"]
seed = 3
act = 3
round = 2
turn_order = ["blue", "purple"]
[player.blue]
pocket = 7
safe = 40
levels = { fleet = 3, strength = 4 }
goons = 2
trucks = [{ district = 16, barrels = 2 }]
[[ships]]
ship = "daisy"
port = 16
removed = 2
"""
    game = parse_scenario(text).game()
    state = game.state
    blue = state.players[Colour.BLUE]
    assert (blue.pocket, blue.safe, blue.goons) == (7, 40, 2)
    assert blue.levels[Track.FLEET] == 3 and blue.levels[Track.STRENGTH] == 4
    assert blue.notoriety == sum(blue.levels.values())
    assert (blue.trucks[0].district, blue.trucks[0].barrels) == (16, 2)
    daisy = next(s for s in state.ships if s.ship == "daisy")
    assert (daisy.port, daisy.removed) == (16, 2)
    assert len({s.port for s in state.ships}) == len(state.ships)
    assert (state.act, state.round) == (3, 2)
    assert state.turn_order.order == [Colour.BLUE, Colour.PURPLE]
    assert game.current_player is Colour.BLUE
    check_invariants(state)


def test_a_scenario_game_plays_on_replays_and_saves() -> None:
    """R-SETUP-1: undo, copy and save/load rebuild the game from the scenario, not setup."""
    game = parse_scenario(ONE_DISTRICT + "act = 4\n".replace("act", "# act")).game()
    bot = RandomBot(1)
    for _ in range(25):
        game.apply(bot.choose(game))
        check_invariants(game.state)
    copy = game.copy()
    assert copy == game and copy.scenario == game.scenario
    loaded = Game.from_json(game.to_json())
    assert loaded == game and loaded.scenario is not None
    game.undo()
    assert len(game.history) == 24 and game.state.districts[14].police


def test_a_scenario_game_finishes() -> None:
    """R-ACT-2: a game started at the Act 3 Luciano phase plays to final scoring."""
    game = parse_scenario('title = "late"\nact = 3\nphase = "luciano"\n').game()
    assert game.state.act >= 3
    play_out(game, {c: RandomBot(2) for c in game.colours})
    assert game.is_over and game.result().winners


def test_final_phase_scores_at_once() -> None:
    """R-SCORING-1: ``phase = "final"`` is a finished game with its result."""
    game = parse_scenario('title = "end"\nphase = "final"\n[player.green]\npocket = 11\n').game()
    assert game.is_over
    assert game.result().standing(Colour.GREEN).breakdown.pocket == 11


def test_the_same_scenario_gives_the_same_game_in_any_process() -> None:
    """Determinism: the seed and the scenario fix every draw."""
    a, b = parse_scenario(ONE_DISTRICT).game(), parse_scenario(ONE_DISTRICT).game()
    assert a.to_json() == b.to_json()


def test_start_rejects_impossible_starts() -> None:
    """R-ACT-1, R-ACT-2: there is no Act 5 and no Luciano phase after Act 4."""
    with pytest.raises(ValueError, match="R-ACT-2"):
        Start("luciano", 4)
    with pytest.raises(ValueError, match="R-ACT-1"):
        Start("rounds", 5)


# ---------------------------------------------------------------------- editing and saving
def test_editing_gives_a_new_validated_scenario() -> None:
    """Editing is immutable: with_value / without return new scenarios, validated again."""
    s = parse_scenario(ONE_DISTRICT)
    edited = s.with_value("districts.14.police", False)
    assert s.data["districts"]["14"]["police"] is True
    assert edited.data["districts"]["14"]["police"] is False
    assert ask(edited.game(), {"ask": "control", "district": 14}).value == ["purple"]
    assert "police" not in s.without("districts.14.police").data["districts"]["14"]
    with pytest.raises(ScenarioError, match=r"districts\.14\.police"):
        s.with_value("districts.14.police", 3)


@pytest.mark.parametrize("seed", [1, 5])
def test_a_game_position_saves_as_a_scenario_and_loads_back(seed: int, tmp_path: Path) -> None:
    """A position saved as a scenario loads back with the same map, players and ships."""
    game = Game.new(3, seed=seed)
    play_out(game, {c: RandomBot(seed) for c in game.colours})
    game.goto(120)
    saved = scenario_from_game(game, title="after 120 steps").save(tmp_path / "s.toml")
    loaded = load_scenario(saved).game().state
    state = game.state
    for n, d in state.districts.items():
        got = loaded.districts[n]
        assert [
            (sp.building.owner, sp.building.type, sp.building.protected, sp.building.barrel)
            for sp in d.spaces
            if sp.building
        ] == [
            (sp.building.owner, sp.building.type, sp.building.protected, sp.building.barrel)
            for sp in got.spaces
            if sp.building
        ]
        assert sum(sp.gangster_bar for sp in d.spaces) == sum(sp.gangster_bar for sp in got.spaces)
        assert (d.police, d.closed, d.strength_token) == (
            got.police,
            got.closed,
            got.strength_token,
        )
    for colour, p in state.players.items():
        q = loaded.players[colour]
        assert (p.pocket, p.safe, p.levels, p.goons, p.vip, p.hand) == (
            q.pocket,
            q.safe,
            q.levels,
            q.goons,
            q.vip,
            q.hand,
        )
        assert [(t.district, t.barrels) for t in p.trucks] == [
            (t.district, t.barrels) for t in q.trucks
        ]
    assert sorted((s.ship, s.port, s.removed) for s in state.ships) == sorted(
        (s.ship, s.port, s.removed) for s in loaded.ships
    )
    check_invariants(loaded)


def test_shipped_scenarios_are_found_by_name() -> None:
    s = load_scenario("e04_police_casino_district_12")
    assert s.source == "rulebook: E4" and s.question is not None


# ---------------------------------------------------------------------- mistakes
def test_toml_syntax_error_names_the_line() -> None:
    err = error('title = "x"\n[districts.3]\npolice = \n')
    assert err.line == 3 and "not valid TOML" in err.reason


def test_wrong_type_names_file_line_and_field() -> None:
    err = error('title = "x"\n\n[districts.3]\npolice = "yes"\n')
    assert (err.file, err.line, err.field) == ("bad.toml", 4, "districts.3.police")
    assert str(err) == "bad.toml:4: districts.3.police: 'yes' is not of type 'boolean'"


def test_unknown_field_is_refused() -> None:
    err = error('title = "x"\n[districts.3]\npolise = true\n')
    assert err.field == "districts.3" and "polise" in err.reason and err.line == 2


def test_unknown_district_is_refused() -> None:
    """GEO-1: Manhattan has districts 1-16."""
    err = error('title = "x"\n[districts.17]\npolice = true\n')
    assert "17" in err.reason and err.field == "districts"


def test_unknown_colour_is_refused() -> None:
    err = error('title = "x"\n[districts.3]\nbuildings = [{owner = "pink", type = "bar"}]\n')
    assert err.field == "districts.3.buildings[0].owner" and "pink" in err.reason
    assert err.line == 3


def test_unseated_colour_is_refused() -> None:
    err = error('title = "x"\nplayers = ["purple", "blue"]\n[player.green]\npocket = 3\n')
    assert err.field == "player.green" and "not seated" in err.reason and err.line == 3


def test_level_out_of_range_is_refused() -> None:
    """R-LEVEL-1: levels run 1-5."""
    err = error('title = "x"\n[player.blue]\nlevels = { fleet = 6 }\n')
    assert err.field == "player.blue.levels.fleet" and err.line == 3


def test_too_many_pieces_for_the_district_is_refused() -> None:
    """R-BOARD-3 / GEO-2: a district holds only its printed spaces."""
    err = error(
        'title = "x"\n[districts.1]\ngangster_bars = 2\nbuildings = [{owner = "blue", '
        'type = "bar"}, {owner = "blue", type = "bar"}, {owner = "green", type = "bar"}]\n'
    )
    assert err.field == "districts.1" and "spaces" in err.reason


def test_barrel_beside_a_distillery_is_refused() -> None:
    """R-BARREL-2: a distillery never has a barrel beside it."""
    err = error(
        'title = "x"\n[districts.2]\nbuildings = [{owner = "blue", type = "distillery", '
        "barrel = true}]\n"
    )
    assert "R-BARREL-2" in err.reason and err.field == "districts.2.buildings[0].barrel"


def test_second_distillery_is_refused() -> None:
    """R-COMP: each player has one distillery piece."""
    with pytest.raises(ScenarioError, match="no distillery left"):
        parse_scenario(
            'title = "x"\n[districts.2]\nbuildings = [{owner = "blue", type = "distillery"},'
            ' {owner = "blue", type = "distillery"}]\n'
        ).game()


def test_unknown_ids_are_refused() -> None:
    with pytest.raises(ScenarioError, match="no gangster tile"):
        parse_scenario('title = "x"\n[player.blue]\npartner = "al-capone"\n').game()
    with pytest.raises(ScenarioError, match="no ship 'titanic'"):
        parse_scenario('title = "x"\n[[ships]]\nship = "titanic"\n').game()
    with pytest.raises(ScenarioError, match="crate 'crate-99'"):
        parse_scenario('title = "x"\n[player.blue]\ncrates = ["crate-99"]\n').game()


def test_port_must_be_a_port() -> None:
    """GEO-5: ships dock only at the seven ports."""
    with pytest.raises(ScenarioError, match="no port"):
        parse_scenario('title = "x"\n[[ships]]\nship = "daisy"\nport = 4\n').game()


def test_closed_district_cannot_hold_pieces() -> None:
    """R-CLOSED-1/3: no building, gangster bar or gangster in a closed district of a 2-player
    game; police may be there (R-CLOSED-2, R-POLICE-3)."""
    text = 'title = "x"\nplayers = ["purple", "blue"]\nclosed = [1, 3, 7, 11, 15]\n'
    state = parse_scenario(text).game().state
    assert sorted(n for n, d in state.districts.items() if d.closed) == [1, 3, 7, 11, 15]
    check_invariants(state)
    with pytest.raises(ScenarioError, match="R-CLOSED-1") as err:
        parse_scenario(
            text + '[districts.3]\nbuildings = [{ owner = "blue", type = "bar" }]\n'
        ).game()
    assert err.value.field == "districts.3.buildings"
    with pytest.raises(ScenarioError, match="R-CLOSED-3"):
        parse_scenario(text + "[districts.3]\ngangster_bars = 1\n").game()
    policed = parse_scenario(text + "[districts.3]\npolice = true\n").game().state
    assert policed.districts[3].police and policed.districts[3].closed
    check_invariants(policed)
    with pytest.raises(ScenarioError, match="R-SETUP-2"):
        parse_scenario(text.replace("[1, 3, 7, 11, 15]", "[1, 2, 3, 4, 5]")).game()


def test_turn_order_must_list_every_seat() -> None:
    """R-ORDER-1: every seated colour once."""
    err = error('title = "x"\nplayers = ["purple", "blue"]\nturn_order = ["blue"]\n')
    assert err.field == "turn_order" and err.line == 3


def test_round_beyond_the_act_is_refused() -> None:
    """R-ACT-1: each act has a fixed number of rounds."""
    err = error('title = "x"\nact = 1\nround = 9\n')
    assert err.field == "round" and "R-ACT-1" in err.reason


def test_unknown_question_is_refused() -> None:
    err = error('title = "x"\n[question]\ntext = "?"\nask = "weather"\nanswer = 1\n')
    assert err.field == "question.ask" and "control" in err.reason and err.line == 4
    err = error('title = "x"\n[question]\ntext = "?"\nask = "control"\nanswer = []\n')
    assert "needs 'district'" in err.reason


def test_missing_required_field_is_refused() -> None:
    """A building needs its owner and its type; a question needs its answer."""
    err = error('title = "x"\n[districts.3]\nbuildings = [{ owner = "blue" }]\n')
    assert err.field == "districts.3.buildings[0]" and "'type' is a required property" in err.reason
    assert err.line == 3
    err = error('title = "x"\n[question]\ntext = "?"\nask = "control"\ndistrict = 3\n')
    assert err.field == "question" and "'answer' is a required property" in err.reason


def test_bad_question_parameter_is_refused() -> None:
    """Question parameters are typed: a build mode is open, takeover or upgrade."""
    err = error(
        'title = "x"\n[question]\ntext = "?"\nask = "build_cost"\ncolour = "blue"\n'
        'district = 3\nbuilding = "bar"\nmode = "build"\nanswer = false\n'
    )
    assert err.field == "question.mode" and "'build' is not one of" in err.reason
    assert err.line == 8
    err = error(
        'title = "x"\n[question]\ntext = "?"\nask = "turn_order"\nanswer = []\n'
        "restaurant = { blue = 5 }\n"
    )
    assert err.field == "question.restaurant.blue" and "5 is greater than" in err.reason


BOOKS = """\
title = "Books"
[player.blue]
books = 1
crates = ["crate-01", "crate-02"]
[[books]]
goal = "docks-1"
space = 1
owner = "blue"
"""


def test_books_on_goals_come_from_the_owners_supply() -> None:
    """R-BOOKS-1..3: a book on a goal space and a book on the board, from the supply."""
    state = parse_scenario(BOOKS).game().state
    blue = state.players[Colour.BLUE]
    assert state.books["docks-1"] == [Colour.BLUE, None]
    assert blue.books == 1
    check_invariants(state)


def test_books_that_cannot_be_there_are_refused() -> None:
    """R-BOOKS-2/3: only goals in play, one book per space, never both spaces of one goal."""
    with pytest.raises(ScenarioError, match="'area-9' is not in play") as caught:
        parse_scenario(BOOKS.replace('"docks-1"', '"area-9"'), "bad.toml").game()
    assert caught.value.field == "books[0].goal" and caught.value.line == 6
    both = BOOKS + '[[books]]\ngoal = "docks-1"\nspace = 2\nowner = "blue"\n'
    with pytest.raises(ScenarioError, match="R-BOOKS-3"):
        parse_scenario(both).game()
    twice = BOOKS + '[[books]]\ngoal = "docks-1"\nspace = 1\nowner = "green"\n'
    with pytest.raises(ScenarioError, match="already holds a book"):
        parse_scenario(twice).game()
    err = error(BOOKS.replace("space = 1", "space = 3"))
    assert err.field == "books[0].space"
    with pytest.raises(ScenarioError, match=r"R-BOOKS-1"):
        parse_scenario(BOOKS.replace("books = 1", "books = 11")).game()


def test_books_are_saved_with_a_position() -> None:
    game = parse_scenario(BOOKS).game()
    saved = scenario_from_game(game)
    assert saved.data["books"] == [{"goal": "docks-1", "space": 1, "owner": "blue"}]
    assert saved.data["player"]["blue"]["books"] == 1
    assert parse_scenario(saved.to_toml()).game().state.books == game.state.books


def test_a_scenario_can_start_before_the_prologue() -> None:
    """R-PROLOGUE-3..8: ``phase = "prologue"`` plays the prologue of 1920 first."""
    game = parse_scenario('title = "t"\nphase = "prologue"\n').game()
    state = game.state
    assert state.phase is Phase.PROLOGUE and game.pending is not None
    assert game.pending.kind == "build"  # the last player in turn order opens a building
    assert game.pending.player is state.turn_order.order[-1]
    assert all(len(p.hand) == 4 for p in state.players.values())
    err = error('title = "t"\nphase = "prologue"\nact = 2\n')
    assert err.field == "phase" and "R-ACT-1" in err.reason


def test_empty_supply_is_refused() -> None:
    """R-GOON-1: goons come from the goon spaces of the board and the supply."""
    with pytest.raises(ScenarioError, match="R-GOON-1"):
        parse_scenario('title = "x"\n[player.blue]\ngoons = 99\n').game()


def test_unreadable_file(tmp_path: Path) -> None:
    with pytest.raises(ScenarioError, match="cannot read"):
        load_scenario(tmp_path / "missing.toml")


def test_save_file_with_a_bad_scenario_is_refused() -> None:
    """A saved game whose scenario is broken is a bad save file."""
    from speakeasy.engine import SaveFileError

    data = json.loads(parse_scenario(ONE_DISTRICT).game().to_json())
    data["scenario"]["districts"]["14"]["police"] = "yes"
    with pytest.raises(SaveFileError, match="police"):
        Game.from_data(data)


def test_locate_finds_nested_fields() -> None:
    text = "a = 1\n[districts.14]\npolice = true\n\n[player.blue]\npocket = 3\n"
    assert locate(text, ["player", "blue", "pocket"]) == 6
    assert locate(text, ["districts", "14"]) == 2
    assert locate(text, ["nowhere"]) is None


def test_toml_round_trip() -> None:
    s = parse_scenario(ONE_DISTRICT)
    assert parse_scenario(s.to_toml()) == s
    assert isinstance(Scenario.from_data(s.to_data()), Scenario)


def test_the_scenario_start_is_explained() -> None:
    """R-SETUP-1: the log says the game starts from a scenario, in plain words."""
    from speakeasy.explain import category_of, explain_event
    from speakeasy.scenario import scenario_event

    game = load_scenario("e04_police_casino_district_12").game()
    event = scenario_event(game.setup_events)
    assert event is not None and category_of(event) == "setup"
    text = explain_event(event).text
    assert "E4" in text and "scenario" in text


def test_buildings_keep_their_space_and_operations_board_piece() -> None:
    """A saved position keeps which space each building stands on (GEO-2) and which piece of
    the operations board it came from (R-BUILD-2/3: its cost and reward were that piece's)."""
    text = (
        'title = "x"\n[districts.6]\ngangster_bars = 1\nbuildings = [{ owner = "purple", '
        'type = "bar", space = 2, piece = "bar-middle-1" }]\n'
    )
    state = parse_scenario(text).game().state
    spaces = state.districts[6].spaces
    assert spaces[0].gangster_bar and spaces[1].building is not None
    assert spaces[1].building.piece == "bar-middle-1"
    assert "bar-middle-1" not in state.players[Colour.PURPLE].board_pieces
    check_invariants(state)
    with pytest.raises(ScenarioError) as err:
        parse_scenario(text.replace("space = 2", "space = 3"), "bad.toml").game()
    assert err.value.field == "districts.6.buildings[0].space"
    assert "only 2 spaces" in err.value.reason and err.value.line == 4
    with pytest.raises(ScenarioError, match="no bar 'casino-1'"):
        parse_scenario(text.replace("bar-middle-1", "casino-1")).game()

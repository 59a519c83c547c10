"""Issue 26 items 1-3: a scenario states the time track's columns of district tokens and the
goal tiles in play, ``scenario_from_game`` captures both, and a left-out time track agrees with
the districts the scenario describes.

A position that needs a given time track or given goal tiles is written here as a scenario; no
test searches for a seed that happens to deal them.
"""

from __future__ import annotations

import json
import random

import pytest

from speakeasy.games.speakeasy.engine.bots import RandomBot, play_until
from speakeasy.games.speakeasy.engine.game import Game
from speakeasy.games.speakeasy.model.board import Area
from speakeasy.games.speakeasy.model.state import Colour
from speakeasy.games.speakeasy.positions.capture import scenario_from_game
from speakeasy.games.speakeasy.positions.errors import ScenarioError
from speakeasy.games.speakeasy.positions.format import Scenario, parse_scenario
from speakeasy.games.speakeasy.positions.shipped import load_scenario
from tests.test_games import check_invariants

#: Seed 0's setup (4 players) deals these; the scenarios below state others.
SEED0_WAR = [[10, 6, 8], [5, 16, 15, 13]]
SEED0_POLICE = [[9, 8, 6, 11], [15, 12, 2, 10]]
SEED0_PARK = ["cp-A-2", "cp-A-1", "cp-B-6", "cp-B-3", "cp-C-5"]

STATED = """\
title = "A stated time track and stated goal tiles"
[time_track]
gangsters = [[1, 2, 3], [4, 7, 9, 11]]
police = [[3, 4, 5, 7], [13, 14, 16, 1]]
[goals]
central_park = ["cp-A-7", "cp-A-6", "cp-B-1", "cp-B-2", "cp-C-3"]
areas = { downtown = "area-9", midtown = "area-1", uptown = "area-3" }
[[books]]
goal = "cp-B-1"
space = 1
owner = "green"
"""


def refusal(text: str) -> ScenarioError:
    """The error refusing scenario ``text`` (read, then built into a game)."""
    with pytest.raises(ScenarioError) as caught:
        parse_scenario(text, "bad.toml").game()
    return caught.value


def test_seed_0_deals_another_time_track_and_other_goals() -> None:
    """The stated position differs from what the seed alone would give (so the tests below
    show the scenario, not the seed, decides)."""
    state = Game.new(4, seed=0).state
    assert state.war_columns == SEED0_WAR and state.police_columns == SEED0_POLICE
    assert state.central_park_goals == SEED0_PARK


def test_a_stated_time_track_and_goal_tiles_are_the_games() -> None:
    """R-BOARD-13, R-SETUP-16/17: the columns, next first, and the tiles in play as stated;
    every other goal tile is out of play (a book goes only on a goal in play, R-BOOKS-2)."""
    game = parse_scenario(STATED, "stated.toml").game()
    state = game.state
    check_invariants(state)
    assert state.war_columns == [[1, 2, 3], [4, 7, 9, 11]]
    assert state.police_columns == [[3, 4, 5, 7], [13, 14, 16, 1]]
    assert state.central_park_goals == ["cp-A-7", "cp-A-6", "cp-B-1", "cp-B-2", "cp-C-3"]
    assert state.area_goals == {
        Area.DOWNTOWN: "area-9",
        Area.MIDTOWN: "area-1",
        Area.UPTOWN: "area-3",
    }
    assert state.books["cp-B-1"] == [Colour.GREEN, None]
    in_play = {g for g in state.books if g.startswith(("cp-", "area-"))}
    assert in_play == {
        "cp-A-7",
        "cp-A-6",
        "cp-B-1",
        "cp-B-2",
        "cp-C-3",
        "area-9",
        "area-1",
        "area-3",
    }
    assert {"docks-1", "hall-1", "notoriety-1"} <= set(state.books)  # fixed goals stay
    refused = refusal(STATED.replace('goal = "cp-B-1"', 'goal = "cp-A-2"'))
    assert (refused.line, refused.field) == (9, "books[0].goal")
    assert "not in play" in refused.reason


def test_the_stated_columns_are_revealed_at_the_end_of_act_1() -> None:
    """R-GANGWAR-11, R-POLICE-2: after Act 1's war and patrol, the first stated columns lie on
    the districts' pistol and police spaces; the second waits on the track."""
    game = parse_scenario(STATED, "stated.toml").game()
    play_until(game, RandomBot(1), "act")
    state = game.state
    assert state.act == 2
    assert sorted(n for n, d in state.districts.items() if d.war_token) == [1, 2, 3]
    assert sorted(n for n, d in state.districts.items() if d.police_token) == [3, 4, 5, 7]
    assert state.war_columns == [[4, 7, 9, 11]]
    assert state.police_columns == [[13, 14, 16, 1]]
    check_invariants(state)


@pytest.mark.parametrize("via", ["toml", "json"])
def test_a_captured_position_states_its_time_track_and_goals(via: str) -> None:
    """scenario_from_game writes the columns and the goal tiles, and loading gives the same
    position, from a scenario whose track and goals are not the seed's too."""
    start = parse_scenario(STATED, "stated.toml")
    for game in (Game.new(3, seed=4), start.game()):
        rng = random.Random(7)
        for _ in range(60):
            game.apply(rng.choice(game.legal_actions()))
        scenario = scenario_from_game(game)
        data = scenario.data
        assert data["time_track"] == {
            "gangsters": game.state.war_columns,
            "police": game.state.police_columns,
        }
        assert data["goals"]["central_park"] == game.state.central_park_goals
        if via == "toml":
            other = parse_scenario(scenario.to_toml(), "saved.toml").game()
        else:
            text = json.dumps(scenario.to_data())
            other = Scenario.from_data(json.loads(text), "saved.json").game()
        assert other.state == game.state
        assert other.legal_actions() == game.legal_actions()
    assert start.game().state.war_columns == [[1, 2, 3], [4, 7, 9, 11]]


def test_a_later_act_holds_fewer_columns() -> None:
    """R-GANGWAR-11, R-POLICE-2: one column is left in Act 2, none from Act 3."""
    act2 = "act = 2\n[time_track]\ngangsters = [[4, 7, 9, 11]]\npolice = [[1, 2]]\n"
    state = parse_scenario(act2).game().state
    assert state.war_columns == [[4, 7, 9, 11]] and state.police_columns == [[1, 2]]
    state = parse_scenario("act = 3\n[time_track]\ngangsters = []\npolice = []\n").game().state
    assert state.war_columns == [] and state.police_columns == []
    err = refusal("act = 2\n[time_track]\ngangsters = [[4], [7]]\n")
    assert (err.line, err.field) == (3, "time_track.gangsters")
    assert "1 column(s)" in err.reason and "R-BOARD-13" in err.reason


# ---------------------------------------------------------------------- defaults
def test_a_left_out_time_track_agrees_with_the_districts() -> None:
    """R-GANGWAR-13, R-POLICE-3: the seed's columns without the token of a district the
    scenario gives a gangster tile, a strength token, gangster bars, a war token, a partner's
    marker, police or a police token; the other tokens keep their columns and order."""
    text = """\
[districts.10]
strength = 5
[districts.6]
gangster_bars = 1
[districts.5]
war_token = true
[districts.15]
had_gangster = true
[districts.9]
police = true
[districts.12]
police_token = true
[districts.2]
police = true
"""
    state = parse_scenario(text).game().state
    assert state.war_columns == [[8], [16, 13]]
    assert state.police_columns == [[8, 6, 11], [15, 10]]
    check_invariants(state)
    # a partner's alliance marker: its gangster came and left (R-ALLY-2)
    partner = '[player.blue]\npartner = "gangster-A1"\npartner_district = 16\n'
    assert parse_scenario(partner).game().state.war_columns == [[10, 6, 8], [5, 15, 13]]


def test_the_shipped_scenarios_state_the_columns_the_default_gives() -> None:
    """The nine shipped positions that list a time track list what the default would give."""
    for name in (
        "e01b_defence_equal_holds",
        "e04_police_casino_district_12",
        "e06a_distillery_beats_gangsters_district_15",
        "e06b_mafioso_beats_casino_district_16",
        "e15_casino_takeover_district_5",
        "e16_upgrade_with_discount_district_7",
        "t02_protected_casino_under_police",
        "t03_police_and_nobody_in_control",
        "t04_takeover_tie_fails",
    ):
        scenario = load_scenario(name)
        assert "time_track" in scenario.data, name
        stated = scenario.game().state
        default = scenario.without("time_track").game().state
        assert (stated.war_columns, stated.police_columns) == (
            default.war_columns,
            default.police_columns,
        ), name


# ---------------------------------------------------------------------- refusals
@pytest.mark.parametrize(
    ("text", "line", "field", "words"),
    [
        (  # the district's gangster has come (R-GANGWAR-13)
            "[districts.3]\nstrength = 5\n[time_track]\ngangsters = [[1, 3], [4]]\n",
            4,
            "time_track.gangsters[0][1]",
            ("district 3 holds a gangster strength token", "R-GANGWAR-13"),
        ),
        (  # the war token already waits on its pistol space
            "[districts.4]\nwar_token = true\n[time_track]\ngangsters = [[1], [4]]\n",
            4,
            "time_track.gangsters[1][0]",
            ("war_token", "R-GANGWAR-13"),
        ),
        (  # the police figure stands there (R-POLICE-3)
            "[districts.7]\npolice = true\n[time_track]\npolice = [[1, 2], [3, 7]]\n",
            4,
            "time_track.police[1][1]",
            ("district 7 already has its police figure", "R-POLICE-3"),
        ),
        (  # a police token on the police space
            "[districts.7]\npolice_token = true\n[time_track]\npolice = [[7], []]\n",
            4,
            "time_track.police[0][0]",
            ("police_token", "R-POLICE-3"),
        ),
        (  # one token per district (R-COMP-4)
            "[time_track]\npolice = [[1, 2], [3, 2]]\n",
            2,
            "time_track.police[1][1]",
            ("already in column 1", "R-COMP-4/6"),
        ),
        (  # the column of 3 (R-BOARD-13)
            "[time_track]\ngangsters = [[1, 2, 3, 4], [5]]\n",
            2,
            "time_track.gangsters[0]",
            ("at most 3 tokens", "R-BOARD-13"),
        ),
        (  # a closed district never receives a gangster (R-CLOSED-3)
            'players = ["blue", "green"]\nclosed = [2, 6, 10, 11, 15]\n'
            "[time_track]\ngangsters = [[3, 2], [12]]\n",
            4,
            "time_track.gangsters[0][1]",
            ("closed", "R-CLOSED-3"),
        ),
        (  # a figure and a token for the same district
            "[districts.7]\npolice = true\npolice_token = true\n",
            3,
            "districts.7.police_token",
            ("exactly one police figure", "R-POLICE-3"),
        ),
        (  # a war token beside a strength token
            "[districts.7]\nstrength = 4\nwar_token = true\n",
            3,
            "districts.7.war_token",
            ("only once", "R-GANGWAR-13"),
        ),
        (  # Central Park's spaces take backs A, A, B, B, C (R-SETUP-17)
            '[goals]\ncentral_park = ["cp-A-1", "cp-B-2", "cp-A-3", "cp-B-4", "cp-C-5"]\n',
            2,
            "goals.central_park[1]",
            ("back A", "R-SETUP-17"),
        ),
        (  # all five numbers differ (DISC-1)
            '[goals]\ncentral_park = ["cp-A-1", "cp-A-2", "cp-B-1", "cp-B-4", "cp-C-5"]\n',
            2,
            "goals.central_park[2]",
            ("number of 'cp-A-1'", "R-SETUP-17"),
        ),
        (
            '[goals]\ncentral_park = ["cp-A-1", "cp-A-2", "cp-B-3"]\n',
            2,
            "goals.central_park",
            ("holds 5 goal tiles", "R-SETUP-17"),
        ),
        (  # the area tiles' numbers differ (R-SETUP-16)
            '[goals]\nareas = { downtown = "area-1", midtown = "area-2", uptown = "area-3" }\n',
            2,
            "goals.areas.midtown",
            ("number of 'area-1'", "R-SETUP-16"),
        ),
        (
            '[goals]\nareas = { downtown = "area-1", midtown = "cp-A-1", uptown = "area-3" }\n',
            2,
            "goals.areas.midtown",
            ("no such goal tile", "R-COMP-7"),
        ),
        (  # more gangster bars than the game's 24 (R-COMP-6)
            "".join(f"[districts.{n}]\ngangster_bars = 2\n" for n in range(1, 17)),
            26,
            "districts.13.gangster_bars",
            ("no gangster bar left", "R-COMP-6"),
        ),
    ],
)
def test_a_contradiction_is_refused_with_file_line_field_and_rule(
    text: str, line: int, field: str, words: tuple[str, str]
) -> None:
    err = refusal(text)
    assert (err.file, err.line, err.field) == ("bad.toml", line, field), err
    for word in words:
        assert word in err.reason, err


def test_sixteen_police_figures_fit_and_the_track_keeps_none() -> None:
    """R-COMP-4, R-POLICE-3: a figure in each of the 16 districts uses every figure; with the
    setup's map kept, the listed districts are described anew, so the setup's four figures go
    back to the supply first and the sixteen still fit. No police token is left anywhere."""
    text = "".join(f"[districts.{n}]\npolice = true\n" for n in range(1, 17))
    for map_ in ("empty", "setup"):
        state = parse_scenario(f'map = "{map_}"\n' + text).game().state
        check_invariants(state)
        assert state.supply_police == 0 and state.police_columns == [[], []]
        assert not any(d.police_token for d in state.districts.values())

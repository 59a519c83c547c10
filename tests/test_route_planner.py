"""The truck planner view (:mod:`speakeasy.games.speakeasy.table.route_planner`): positions, the
best plan step by step, the reader's route compared with it (R-TRUCK-2..14)."""

from __future__ import annotations

import pytest

from speakeasy.games.speakeasy.engine.game import Game
from speakeasy.games.speakeasy.model.state import Colour
from speakeasy.games.speakeasy.positions.capture import scenario_from_game
from speakeasy.games.speakeasy.positions.format import parse_scenario
from speakeasy.games.speakeasy.positions.shipped import shipped_scenarios
from speakeasy.games.speakeasy.studies.positions import bot_game, position_game, subject_colour
from speakeasy.games.speakeasy.table.route_planner import (
    BOT_GAMES,
    RANGE_BONUSES,
    load_upload,
    planner_view,
    position_options,
)

SCENARIO = """
title = "A distillery in 8, a casino in 12"
players = ["purple", "blue"]
[districts.8]
buildings = [{ owner = "purple", type = "distillery" }]
[districts.12]
buildings = [{ owner = "purple", type = "casino" }]
[player.purple]
distillery_barrels = 1
trucks = [{ district = 8 }]
"""


def game() -> Game:
    return parse_scenario(SCENARIO).game()


def test_every_shipped_scenario_and_the_bot_games_are_offered() -> None:
    keys = set(position_options().values())
    assert {f"scenario:{s.name}" for s in shipped_scenarios()} <= keys
    assert set(BOT_GAMES) <= keys
    with pytest.raises(ValueError, match="unknown position"):
        position_game("nowhere:1")


def test_the_action_sets_the_range() -> None:
    """R-TRUCK-2: +2 from a fleet card's reward or the Garage's left person."""
    plain = planner_view(game(), "purple", 0)
    boosted = planner_view(
        game(), "purple", RANGE_BONUSES["a fleet card with the +2 range reward (R-CARD-8)"]
    )
    assert boosted.truck_range == plain.truck_range + 2
    assert "+2 from this action" in boosted.range_text
    assert plain.plan.delivered == 0 and boosted.plan.delivered == 1  # 8 → 9 → 12 needs 2


def test_the_best_plan_is_walked_step_by_step() -> None:
    """R-TRUCK-10/13: load in 8, drive, deliver in 12; each step has its position."""
    view = planner_view(game(), "purple", 2)
    assert [s.action for s in view.steps] == [
        "start",
        "load",
        "move 9",
        "move 12",
        "deliver 12 0",
        "finish",
    ]
    assert view.steps[-1].trucks[0] == (12, 0)
    assert "R-TRUCK-13" in view.step_text(4)
    assert view.step_text(0).startswith("**Step 0 of 5")
    fig = view.figure(2)
    assert fig.layout.meta["step"] == 2 and fig.layout.meta["showing"] == "best"


def test_steps_and_plans_read_in_the_players_words() -> None:
    """R-TRUCK-10..14: each step is headed by the option as the game offers it, and a plan
    names ships by their smuggler and districts as districts; never an action's code form
    ("deliver 12 0" counts spaces from 0), a ship's ID or code font."""
    view = planner_view(game(), "purple", 2)
    heads = [view.step_text(i).split("\n")[0] for i in range(len(view.steps))]
    assert heads[4] == "**Step 4 of 5:** Deliver 1 barrel to your casino in district 12 (space 1)"
    assert heads[5].startswith("**Step 5 of 5:** Finish this truck")
    assert not any("`" in h or "deliver 12 0" in h for h in heads)
    assert "districts 8 → 9 → 12" in view.plan.describe()
    assert "the casino in district 12 ($" in view.plan.describe()
    # a plan that buys from a ship (a seeded bot game where the best plan does)
    bought = planner_view(position_game("bot:2:3:120"), "purple", 2)
    text = bought.plan.describe()
    assert "buys from Arnold Rothstein's ship in district 1 ($5)" in text
    assert "rothstein " not in text
    assert any("Buy 1 barrel of Arnold Rothstein" in s.label for s in bought.steps)


def test_your_route_is_compared_with_the_best_plan() -> None:
    view = planner_view(game(), "purple", 2, route=[8, 7, 4])
    assert view.yours is not None and view.yours.delivered == 0
    assert [r["plan"] for r in view.rows()] == ["best plan", "your route"]
    assert "1 more barrel and" in view.verdict()  # counted: "1 more barrel", not "barrel(s)"
    same = planner_view(game(), "purple", 2, route=[8, 9, 12])
    assert same.yours is not None and same.yours.objective == same.plan.objective
    assert same.verdict().startswith("Your route is as good")
    assert same.figure(1, "yours").layout.meta["route"] == [8, 9, 12]


def test_a_refused_route_is_reported_not_raised() -> None:
    """R-TRUCK-7: only neighbouring districts."""
    view = planner_view(game(), "purple", 2, route=[8, 12])
    assert view.yours is None
    assert view.problem is not None and "R-TRUCK-7" in view.problem
    assert view.verdict() == view.problem


def test_saved_games_and_scenario_files_can_be_uploaded() -> None:
    played = bot_game(seed=3, decisions=40)
    assert load_upload("mine.json", played.to_json().encode()) == played
    text = scenario_from_game(played).to_toml()
    loaded = load_upload("mine.toml", text.encode()).state
    assert [(n, [sp.building for sp in d.spaces]) for n, d in loaded.districts.items()] == [
        (n, [sp.building for sp in d.spaces]) for n, d in played.state.districts.items()
    ]
    assert {c: p.pocket for c, p in loaded.players.items()} == {
        c: p.pocket for c, p in played.state.players.items()
    }
    with pytest.raises(ValueError, match=r"bad\.toml"):
        load_upload("bad.toml", b'title = "x"\n[districts.3]\npolice = "yes"\n')


# ---------------------------------------------------------------- issue 24 item 12: the stations
@pytest.mark.parametrize(
    ("key", "colour"),
    [
        ("scenario:e17_truck_from_district_16", Colour.YELLOW),  # E17 is about Yellow's truck
        ("scenario:e18_two_trucks_from_district_8", Colour.PURPLE),
    ],
)
def test_a_scenario_opens_with_the_player_its_question_is_about(key: str, colour: Colour) -> None:
    """Truck routes opened E17 with Purple ("0 barrels"): a position opens with the player its
    question names (E17, R-TRUCK-11/13), and the planner then finds the example's barrels."""
    game = position_game(key)
    assert subject_colour(game) is colour
    view = planner_view(game, subject_colour(game), RANGE_BONUSES[list(RANGE_BONUSES)[1]])
    assert view.plan.delivered > 0


def test_a_game_under_way_opens_with_the_player_to_move() -> None:
    played = position_game(BOT_GAMES[0])
    assert played.current_player is not None
    assert subject_colour(played) is played.current_player


def test_a_scenario_without_a_question_opens_with_a_player_on_the_map() -> None:
    """The SCENARIO above seats purple and blue; only blue has a truck and a building."""
    text = SCENARIO.replace('"purple"', '"blue"').replace("player.purple", "player.blue")
    text = text.replace('players = ["blue", "blue"]', 'players = ["purple", "blue"]')
    game = parse_scenario(text).game()
    assert subject_colour(game) is Colour.BLUE


def test_the_best_plan_stays_hidden_until_revealed() -> None:
    """A class guesses first (the teacher's guide): before the reveal neither the table nor
    the verdict names the best plan's barrels; the reader's own route is still shown."""
    view = planner_view(game(), "purple", 2, route=[8, 7, 4])
    assert [r["plan"] for r in view.rows(revealed=False)] == ["your route"]
    hidden = view.verdict(revealed=False)
    assert "best plan gets" not in hidden and "Reveal" in hidden
    assert [r["plan"] for r in view.rows(revealed=True)] == ["best plan", "your route"]
    assert planner_view(game(), "purple", 2).rows(revealed=False) == []

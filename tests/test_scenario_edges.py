"""Issue 14, the scenario edges: every shipped scenario's game (and games played on from it)
round-trips through a save; scenarios refuse what the rules cannot continue from, with file,
line, field and reason; hostile files are refused fast and small; random mutations of the
shipped files give a ScenarioError or a playable game."""

from __future__ import annotations

import pytest

from speakeasy.engine.bots import RandomBot
from speakeasy.engine.game import Game
from speakeasy.scenario import Scenario, shipped_scenarios

SHIPPED = shipped_scenarios()
NAMES = [s.name for s in SHIPPED]


def play(game: Game, decisions: int, seed: int = 0) -> None:
    """``decisions`` random-bot decisions (fewer if the game ends)."""
    bot = RandomBot(seed)
    for _ in range(decisions):
        if game.is_over:
            break
        game.apply(bot.choose(game))


# ---------------------------------------------------------------------- issue 14, item 3
@pytest.mark.parametrize("steps", [0, 10])
@pytest.mark.parametrize("name", NAMES)
def test_every_shipped_scenario_game_round_trips_through_a_save(name: str, steps: int) -> None:
    """Issue 14 item 3: a save holds the scenario with its keys sorted ("10" before "9"); the
    builder takes tables in a fixed order, so the replayed position is the saved one."""
    scenario = next(s for s in SHIPPED if s.name == name)
    game = scenario.game()
    play(game, steps, seed=len(name))
    again = Game.from_json(game.to_json())
    assert again.to_json() == game.to_json()
    assert again.state == game.state


def test_the_builder_ignores_the_order_of_tables() -> None:
    """Issue 14 item 3: the same scenario with its tables in reverse order builds the same
    position (districts, players, slots, docks: JSON and TOML tables are unordered)."""

    def reverse(value: object) -> object:
        if isinstance(value, dict):
            return {k: reverse(v) for k, v in reversed(list(value.items()))}
        if isinstance(value, list):
            return [reverse(v) for v in value]
        return value

    for scenario in SHIPPED:
        flipped = Scenario.from_data(reverse(scenario.to_data()))
        assert flipped.game().state == scenario.game().state, scenario.name

"""Every shipped scenario played on to the end (issue 26): seeded random legal actions from the
position it describes to final scoring, with the invariants of ``tests/test_games.py`` checked
after every step (every component conserved and within its count, R-COMP-*; the time track's
district tokens agreeing with the districts, R-BOARD-13), and each district receiving at most
one gangster and one police figure over the game (R-GANGWAR-13, R-POLICE-3).

A scenario whose time track still held the token of a district it gives a gangster or police
brought that district a second one later: from E15, district 5 ended with two gangster bars and
no strength token; from E4, a police figure was lost (15 of 16 in play).
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

from speakeasy.games.speakeasy.engine.game import Game
from speakeasy.games.speakeasy.model.kinds import EventKind
from speakeasy.games.speakeasy.model.state import GameState
from speakeasy.games.speakeasy.positions.build import gangster_token_used
from speakeasy.games.speakeasy.positions.shipped import load_scenario, shipped_scenarios
from tests.test_games import COMPONENTS, check_invariants

NAMES = [s.name for s in shipped_scenarios()]
SEEDS = (0, 1)


def gangster_to_come(state: GameState) -> set[int]:
    """Districts whose gangster district token is still in play: on a pistol space (a war
    token) or on the time track (R-GANGWAR-2, R-GANGWAR-11)."""
    return {n for n, d in state.districts.items() if d.war_token} | {
        n for column in state.war_columns for n in column
    }


def police_to_come(state: GameState) -> set[int]:
    """Districts whose police district token is still in play (R-POLICE-1/2)."""
    return {n for n, d in state.districts.items() if d.police_token} | {
        n for column in state.police_columns for n in column
    }


def play_on(game: Game, seed: int) -> int:
    """Random legal actions to the end, the invariants checked after each; the steps taken."""
    rng = random.Random(seed)
    check_invariants(game.state)
    steps = 0
    while not game.is_over:
        game.apply(rng.choice(game.legal_actions()))
        steps += 1
        check_invariants(game.state)
    return steps


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("name", NAMES)
def test_a_shipped_scenario_plays_on_to_the_end_keeping_the_components(
    name: str, seed: int
) -> None:
    """R-COMP-*, R-GANGWAR-13, R-POLICE-3: from the scenario's position to final scoring."""
    game = load_scenario(name).game()
    start = game.state
    had_gangster = {n for n, d in start.districts.items() if gangster_token_used(d) is not None}
    had_police = {n for n, d in start.districts.items() if d.police}
    gangsters_due, police_due = gangster_to_come(start), police_to_come(start)
    assert not gangsters_due & {n for n in had_gangster if not start.districts[n].war_token}
    assert not police_due & had_police
    police_before = start.supply_police + len(had_police)
    start_events = len(game.events)

    play_on(game, seed)

    state = game.state
    assert state.phase.value == "over"
    events = game.events[start_events:]
    arrived = Counter(e.data["district"] for e in events if e.kind == EventKind.GANGSTER_ARRIVES)
    assert all(count == 1 for count in arrived.values()), arrived
    assert set(arrived) == gangsters_due, (sorted(arrived), sorted(gangsters_due))
    police = Counter(e.data["district"] for e in events if e.kind == EventKind.POLICE_ARRIVE)
    assert all(count == 1 for count in police.values()), police
    assert not set(police) & had_police
    # every figure is still in play: on the map or in the supply (16, R-COMP-4)
    on_map = sum(d.police for d in state.districts.values())
    assert state.supply_police + on_map == police_before == COMPONENTS.total("police")
    # by the end every gangster token has brought its gangster (above) and every police token
    # its figure (R-GANGWAR-13, R-POLICE-3)
    assert {n for n, d in state.districts.items() if d.police} == had_police | police_due

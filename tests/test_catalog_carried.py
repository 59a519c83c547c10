"""The catalogue is the game's data, carried by the game (issue 22): tables, figures, studies and
explanations read the catalogue of the game, context or position they work on, never the
global :func:`~speakeasy.games.speakeasy.model.catalog.loader.load_catalog`.

A game is built whose definition carries a corrected catalogue (every ship and location
renamed); then ``load_catalog`` is made to fail in every module above the rules and the engine
that imported it, so any call to the global fails the test, and what is drawn or written must
show the corrected names.
"""

from __future__ import annotations

import dataclasses
import importlib
import json
import pkgutil
from collections.abc import Iterator
from types import ModuleType
from typing import Final

import pytest

import speakeasy.games.speakeasy as speakeasy_game
from speakeasy.core.actions import Action, Blocked, Decision, IllegalAction
from speakeasy.core.bots import decide
from speakeasy.games.speakeasy.engine.definition import SpeakeasyDefinition
from speakeasy.games.speakeasy.engine.game import Game
from speakeasy.games.speakeasy.explain.refusals import explain_blocked
from speakeasy.games.speakeasy.figures.control_figure import control_figure
from speakeasy.games.speakeasy.figures.game_figure import game_figure, game_repr_mimebundle
from speakeasy.games.speakeasy.figures.strategy_figures import (
    discussion,
    locations_figure,
    locations_table,
)
from speakeasy.games.speakeasy.model.catalog.base import FrozenMap
from speakeasy.games.speakeasy.model.catalog.catalog import Catalog
from speakeasy.games.speakeasy.model.catalog.loader import load_catalog
from speakeasy.games.speakeasy.model.state import Colour
from speakeasy.games.speakeasy.rules.trucks import truck_range
from speakeasy.games.speakeasy.studies.analysis import analysis_context, catalog_of
from speakeasy.games.speakeasy.studies.control import study_control
from speakeasy.games.speakeasy.studies.gang_war import act_options
from speakeasy.games.speakeasy.studies.positions import Position
from speakeasy.games.speakeasy.studies.strategy import HeuristicBot
from speakeasy.games.speakeasy.table.lessons import LESSONS, truck_lines
from speakeasy.games.speakeasy.table.play import (
    Table,
    decision_steps,
    option_labels,
    plain_words,
    since_last_decision,
    step_summaries,
)
from speakeasy.games.speakeasy.table.play_panel import panel_view, table_figure
from speakeasy.games.speakeasy.table.player_board import (
    changes_in_words,
    goal_lines,
    player_board,
    table_boards,
)
from speakeasy.tools.batch import GameRecord, SeatRecord

#: The room that may fetch the shipped catalogue itself: the data itself (the engine's
#: definition names the shipped one as the game's; the corrected game's definition does not).
_EXEMPT: Final = ("model", "engine.definition")
_MARK: Final = "-corrected"  # no space: location names break at spaces in figures


def _corrected() -> Catalog:
    shipped = load_catalog()
    return dataclasses.replace(
        shipped,
        ships=tuple(dataclasses.replace(s, name=s.name + _MARK) for s in shipped.ships),
        locations=FrozenMap(
            (key, dataclasses.replace(loc, name=loc.name + _MARK))
            for key, loc in shipped.locations.items()
        ),
    )


CORRECTED: Final = _corrected()
#: Level 3 with the fleet card's bonus from the shipped catalogue (the corrected one renames
#: only ships and locations), worked out before any patching.
SHIPPED_RANGE: Final = truck_range(3, fleet_card_bonus=True).total


class CorrectedDefinition(SpeakeasyDefinition):
    """Speakeasy with a corrected catalogue of its own."""

    def catalog(self) -> Catalog:
        return CORRECTED


class CorrectedGame(Game):
    definition = CorrectedDefinition()


def _modules_above_the_engine() -> Iterator[ModuleType]:
    prefix = speakeasy_game.__name__ + "."
    for info in pkgutil.walk_packages(speakeasy_game.__path__, prefix):
        inside = info.name.removeprefix(prefix)
        if not any(inside == room or inside.startswith(room + ".") for room in _EXEMPT):
            yield importlib.import_module(info.name)


def _no_global_catalog() -> Catalog:
    raise AssertionError("the global load_catalog() was called: use the game's catalogue")


@pytest.fixture
def no_global(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """``load_catalog`` fails in every module above the engine that imported it (patched where
    it is looked up: the module's own name); the names of those modules."""
    patched = []
    for module in _modules_above_the_engine():
        if getattr(module, "load_catalog", None) is load_catalog:
            monkeypatch.setattr(module, "load_catalog", _no_global_catalog)
            patched.append(module.__name__)
    return patched


@pytest.fixture(scope="module")
def game() -> Game:
    """A 2-player game on the corrected catalogue, a few steps in (built before any patching)."""
    played = CorrectedGame.new(players=2, seed=3)
    for _ in range(6):
        played.apply(played.legal_actions()[0])
    return played


def test_the_patch_reaches_the_modules_that_import_the_global(no_global: list[str]) -> None:
    """The guard is real: the public entry points that may default to the shipped catalogue
    import it, and with it patched their default fails."""
    assert "speakeasy.games.speakeasy.table.play" in no_global
    assert "speakeasy.games.speakeasy.figures.game_figure.figure" in no_global
    with pytest.raises(AssertionError, match="global load_catalog"):
        plain_words("Purple takes city token city-08 from the offer.")


def test_the_game_carries_its_catalogue(game: Game, no_global: list[str]) -> None:
    assert game.catalog is CORRECTED
    assert catalog_of(game) is CORRECTED
    assert analysis_context(game).catalog is CORRECTED
    assert analysis_context(game, state=game.state).catalog is CORRECTED
    assert catalog_of(analysis_context(game)) is CORRECTED
    assert Table(game, dict.fromkeys(game.colours, "human")).catalog is CORRECTED
    assert list(act_options(game).values()) == [1, 2, 3]


def test_the_figure_names_the_games_ships(game: Game, no_global: list[str]) -> None:
    catalog = catalog_of(game)
    drawn = game_figure(game.state, game.board, catalog=catalog).to_json()
    assert _MARK in drawn
    bundle = game_repr_mimebundle(game.state, game.board, {"text/html"}, catalog=catalog)
    assert _MARK in bundle["text/html"]


def test_the_table_reads_the_games_catalogue(game: Game, no_global: list[str]) -> None:
    table = Table(game, dict.fromkeys(game.colours, "human"))
    assert _MARK in json.dumps(table_figure(table))
    view = panel_view(table)
    assert view["prompt"]["text"]
    assert [s.label() for s in table.step_summaries()]
    assert step_summaries(game, table.seats) == table.step_summaries()
    assert decision_steps(game, table.seats)
    assert option_labels(game) == table.labels()
    assert since_last_decision(game, table.seats, Colour(game.colours[0])) is not None
    boards = table_boards(game.state, None, teacher=True, catalog=table.catalog)
    assert len(boards) == 2
    assert player_board(game.state, game.colours[0], private=True, catalog=table.catalog)
    assert goal_lines(game.state, catalog=table.catalog)
    first = game.frames(1)[0]
    assert isinstance(changes_in_words(first, game.state, None, catalog=table.catalog), list)
    for lesson in LESSONS:
        assert isinstance(lesson.status_lines(game), list)
    docked = {x.ship for x in game.state.ships}
    ships = [f"{s.name}'s" for s in CORRECTED.ships if s.id in docked]
    assert ships and all(
        name in truck_lines(game.state, catalog=table.catalog)[0] for name in ships
    )


def test_refusals_name_the_games_ships(game: Game, no_global: list[str]) -> None:
    ship = CORRECTED.ships[0]
    attack = Action("ship", (ship.id,))  # no label: the explanation names the ship
    error = IllegalAction("too-weak", "R-SHIP-6", "the ship defends with 9")
    decision = Decision(
        "purple", "ship", "Attack a ship", ("R-SHIP-6",), (), lambda: (Blocked(attack, error),)
    )
    [(_, why)] = explain_blocked(decision, game.state, catalog=catalog_of(game))
    assert why.startswith(f"Attack {ship.name}'s ship:") and _MARK in why


def test_a_position_carries_its_catalogue(no_global: list[str]) -> None:
    position = Position.load("scenario:e04_police_casino_district_12")
    assert position.catalog is Game.definition.catalog()
    corrected = dataclasses.replace(position, catalog=CORRECTED)
    figure = control_figure(corrected, 12)
    assert figure.layout.meta["control"]["12"] == "the gangsters"
    assert _MARK in figure.to_json()
    study = study_control(corrected.state, corrected.board, corrected.catalog)
    shipped = study_control(position.state, position.board, position.catalog)
    assert study.control(12) == shipped.control(12)


def _seat(colour: str, won: bool, placements: tuple[str, ...]) -> SeatRecord:
    money = {"barrels": 10, "casinos": 5}
    details = {
        "money_by_source": money,
        "placements": placements,
        "unprotected_buildings": 1,
        "building_points": 4,
        "bottle_points": 2,
    }
    return SeatRecord(colour, "random", 1 if won else 2, 1 if won else 2, won, 20, details)


def test_batch_figures_name_the_given_catalogues_locations(no_global: list[str]) -> None:
    """Batch records carry no game: the catalogue is given (only without one is the shipped
    catalogue read)."""
    seats = (_seat("purple", True, ("docks:0", "garage:1")), _seat("yellow", False, ("docks:1",)))
    records = [GameRecord("speakeasy", 0, 1, 2, seats, ("purple",), 10)]
    table = locations_table(records, catalog=CORRECTED)
    assert list(table) == list(CORRECTED.locations)
    assert _MARK in locations_figure(records, catalog=CORRECTED).to_json()
    assert _MARK in discussion(records, catalog=CORRECTED)


def test_observations_and_bots_use_the_games_catalogue(game: Game, no_global: list[str]) -> None:
    """A seat's observation carries the game's catalogue, so a bot's estimates (from
    ``Observation.context()``) read the game's components, never the global ones."""
    assert "speakeasy.games.speakeasy.engine.observe" in no_global
    seat = game.current_player
    assert seat is not None
    seen = game.observe(seat)
    assert seen.catalog is CORRECTED and seen.context().catalog is CORRECTED
    assert game.public_view().catalog is CORRECTED
    played = game.copy()
    bot = HeuristicBot(seed=1)
    for _ in range(12):
        if played.is_over:
            break
        played.apply(decide(played, bot))


def test_truck_range_reads_a_given_catalogue(no_global: list[str]) -> None:
    """The truck range comes from the catalogue it is given (R-LEVEL-7, R-CARD-8)."""
    assert "speakeasy.games.speakeasy.rules.trucks" in no_global
    given = truck_range(3, fleet_card_bonus=True, catalog=CORRECTED)
    assert given.total == SHIPPED_RANGE

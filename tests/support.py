"""Test helpers shared by the rules tests: drive a rules flow with scripted answers, and build
positions by hand.

A *flow* is a generator that yields :class:`~speakeasy.core.actions.Decision` objects and is
resumed with the chosen :class:`~speakeasy.core.actions.Action`. :func:`drive` runs one to the end,
answering every decision from a script, checks that each answer is one of the offered options
(as the engine does) and returns the flow's result together with every decision it saw.

Positions start from :func:`new_ctx` (a fresh setup, optionally with an empty map or chosen
police) and are edited with :func:`clear_map`, :func:`put_building` and :func:`set_levels`.
``P, Y, G, B`` are the colours and ``BAR, DIST, NC, CASINO`` the building types.
"""

from __future__ import annotations

import ast
import contextlib
import importlib
import random
import subprocess
import sys
from collections.abc import Callable, Generator, Iterable, Sequence
from pathlib import Path
from typing import TypeVar

import speakeasy.games.speakeasy.rules  # noqa: F401  (registers every effect handler)
from speakeasy.core.actions import Action, Decision, Event, IllegalAction
from speakeasy.core.bots import decide
from speakeasy.games.speakeasy.engine.bots import RandomBot
from speakeasy.games.speakeasy.engine.game import Game
from speakeasy.games.speakeasy.engine.setup import new_state
from speakeasy.games.speakeasy.model.board import load_board
from speakeasy.games.speakeasy.model.catalog.loader import load_catalog
from speakeasy.games.speakeasy.model.options import Options
from speakeasy.games.speakeasy.model.state import Building, BuildingType, Colour, GameState, Track
from speakeasy.games.speakeasy.rules.context import Ctx

T = TypeVar("T")

#: Answers one decision: an action (or its text form, e.g. ``"boost 4 none"``).
Chooser = Callable[[Decision], Action | str]
#: A chooser for every decision, or one scripted answer per decision, in order.
Script = Chooser | Sequence[Action | str | Chooser]


def pick(decision: Decision, answer: Action | str) -> Action:
    """The offered option matching ``answer`` by its text form; fail if it is not offered."""
    wanted = str(answer)
    for option in decision.options:
        if str(option) == wanted:
            return option
    offered = ", ".join(repr(str(o)) for o in decision.options)
    raise AssertionError(
        f"{wanted!r} is not an option of {decision.kind!r} for {decision.player}; "
        f"offered: {offered}"
    )


def drive(flow: Generator[Decision, Action, T], choose: Script = ()) -> tuple[T, list[Decision]]:
    """Run ``flow`` to the end and return ``(its result, the decisions it asked)``.

    ``choose`` is either a callable answering every decision, or a sequence with one answer
    per decision (an action, its text, or a callable for that decision). With a sequence the
    number of decisions must match the number of answers exactly.
    """
    seen: list[Decision] = []
    try:
        decision = next(flow)
        while True:
            seen.append(decision)
            if callable(choose):
                answer = choose(decision)
            else:
                if len(seen) > len(choose):
                    options = ", ".join(repr(str(o)) for o in decision.options)
                    raise AssertionError(
                        f"unexpected decision {len(seen)} {decision.kind!r} for "
                        f"{decision.player}: {decision.prompt} (options: {options})"
                    )
                entry = choose[len(seen) - 1]
                answer = entry(decision) if callable(entry) else entry
            decision = flow.send(pick(decision, answer))
    except StopIteration as stop:
        result: T = stop.value
    if not callable(choose) and len(seen) != len(choose):
        raise AssertionError(
            f"the script has {len(choose)} answer(s) but the flow asked {len(seen)} decision(s)"
        )
    return result, seen


P, Y, G, B = Colour.PURPLE, Colour.YELLOW, Colour.GREEN, Colour.BLUE
BAR, DIST, NC, CASINO = (
    BuildingType.BAR,
    BuildingType.DISTILLERY,
    BuildingType.NIGHTCLUB,
    BuildingType.CASINO,
)


def new_ctx(
    players: int | Sequence[Colour] = 4,
    seed: int = 0,
    options: Options | None = None,
    *,
    clear: bool = False,
    police: Iterable[int] | None = None,
    rules_seed: int | None = None,
) -> Ctx:
    """A freshly set-up position wrapped in a context, ready for a test to edit.

    ``players`` is a number of players (the first colours of :class:`Colour`) or the colours in
    seating order; ``seed`` deals the setup. ``ctx.events`` starts with the setup's events.

    - ``clear``: empty the map with :func:`clear_map`.
    - ``police``: the districts that hold a police figure, replacing the setup's (``()`` for
      none); figures move between the map and ``state.supply_police``.
    - ``rules_seed``: a fresh generator for ``ctx.rng`` (the gang war shuffles its deck with it);
      ``None`` goes on with the generator that dealt the setup.
    """
    colours = list(Colour)[:players] if isinstance(players, int) else list(players)
    catalog = load_catalog()
    board = load_board(len(colours))
    events: list[Event] = []
    rng = random.Random(seed)
    opts = options or Options()
    state = new_state(colours, rng, catalog, board, opts, events.append)
    if clear:
        clear_map(state)
    if police is not None:
        wanted = set(police)
        for number, district in state.districts.items():
            state.supply_police += district.police - (number in wanted)
            district.police = number in wanted
    if rules_seed is not None:
        rng = random.Random(rules_seed)
    return Ctx(state, catalog, board, rng, opts, seats=len(colours), events=events)


def clear_map(state: GameState) -> None:
    """Empty every district: no building, gangster, gangster bar, police figure, police, war or
    strength token, or city token, and no gangster ever arrived (``had_gangster``).

    Gangster bars and police figures go back to their supplies, so component counts stay
    conserved.
    """
    for district in state.districts.values():
        state.supply_police += district.police
        district.police = district.police_token = district.war_token = False
        district.strength_token = None
        district.gangster = None
        district.had_gangster = False
        for space in district.spaces:
            state.supply_gangster_bars += space.gangster_bar
            space.building = None
            space.gangster_bar = False
            space.city_token = None


def put_building(
    ctx: Ctx,
    colour: Colour,
    district: int,
    space: int,
    kind: BuildingType,
    *,
    protected: bool = False,
    barrel: bool = False,
    piece: str | None = None,
    from_board: bool = False,
) -> Building:
    """Put a building of ``colour`` on a space of the map by hand and return it.

    A gangster bar on the space goes back to the supply. The piece is ``piece``, or else a
    stand-in ``"<kind>-test"`` from no board. With ``from_board`` the piece leaves the player's
    operations board as in a real build: ``piece``, or else their first board piece of ``kind``.
    """
    player = ctx.player(colour)
    if from_board:
        if piece is None:
            kinds = {s.id: s.building for s in ctx.catalog.operations_board.spaces}
            piece = next(p for p in player.board_pieces if kinds[p] == kind.value)
        player.board_pieces.remove(piece)
    building = Building(
        colour, kind, piece or f"{kind.value}-test", protected=protected, barrel=barrel
    )
    spot = ctx.state.districts[district].spaces[space]
    ctx.state.supply_gangster_bars += spot.gangster_bar
    spot.gangster_bar = False
    spot.building = building
    return building


def set_levels(ctx: Ctx, colour: Colour, **levels: int) -> None:
    """Set some of a player's track levels by track name, e.g. ``fleet=3, strength=4``."""
    player = ctx.player(colour)
    for track, level in levels.items():
        player.levels[Track(track)] = level


def option_texts(decision: Decision) -> list[str]:
    """The text forms of a decision's options, in order."""
    return [str(o) for o in decision.options]


def skip_or_first(decision: Decision) -> str:
    """A chooser: the first ``skip`` or ``done`` option if there is one, else the first option."""
    for option in decision.options:
        if option.kind in ("skip", "done"):
            return str(option)
    return str(decision.options[0])


def assert_runs_as_script(notebook: Path, timeout: int = 180) -> None:
    """``python notebook.py`` finishes cleanly from the repository root."""
    done = subprocess.run(
        [sys.executable, str(notebook)],
        capture_output=True,
        text=True,
        timeout=timeout,
        check=False,
        cwd=Path(__file__).resolve().parent.parent,
    )
    assert done.returncode == 0, done.stderr
    assert "Traceback" not in done.stderr, done.stderr


def assert_marimo_check(notebook: Path) -> None:
    """``marimo check --strict`` finds nothing to complain about."""
    done = subprocess.run(
        [sys.executable, "-m", "marimo", "check", "--strict", str(notebook)],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stdout + done.stderr


def defining_modules(source: str) -> list[str]:
    """The modules that define what ``source`` imports from the package, e.g. a notebook's
    ``from speakeasy.games.speakeasy.studies import Exploration`` gives
    ``speakeasy.games.speakeasy.studies.control``; a module imported as such gives its own name, and
    a constant gives the module it is imported from."""
    modules: list[str] = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("speakeasy"):
            package = importlib.import_module(node.module or "")
            for alias in node.names:
                value = getattr(package, alias.name)
                modules.append(getattr(value, "__module__", None) or package.__name__)
        elif isinstance(node, ast.Import):
            modules.extend(a.name for a in node.names if a.name.startswith("speakeasy"))
    return modules


# ---------------------------------------------------------------------- whole games
def play_random(game: Game, steps: int, seed: int = 0) -> None:
    """Apply up to ``steps`` options chosen by ``random.Random(seed)`` (fewer if it ends)."""
    rng = random.Random(seed)
    for _ in range(steps):
        if game.is_over:
            return
        game.apply(rng.choice(game.legal_actions()))


def play_bot_ignoring_refusals(game: Game, seed: int, decisions: int = 20) -> None:
    """Let a random bot make up to ``decisions`` decisions, a refused one (IllegalAction)
    passed over: only another exception fails the caller (fuzzed positions, issue 14)."""
    bot = RandomBot(seed)
    for _ in range(decisions):
        if game.is_over:
            break
        with contextlib.suppress(IllegalAction):
            game.apply(decide(game, bot))


def barrels_in_game(ctx: Ctx) -> int:
    """Every barrel: supply, ships, buildings, distillery areas and trucks (R-COMP, GAP-22)."""
    on_ships = sum(
        ctx.catalog.ship(s.ship).barrel_spaces - min(s.removed, 5) for s in ctx.state.ships
    )
    at_buildings = sum(1 for _, _, b in ctx.state.buildings() if b.barrel)
    players = ctx.state.players.values()
    distilleries = sum(p.distillery_barrels for p in players)
    trucks = sum(t.barrels for p in players for t in p.trucks)
    return ctx.state.supply_barrels + on_ships + at_buildings + distilleries + trucks

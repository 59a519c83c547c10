"""Benchmarks of the rules engine (``pytest tests/benchmarks --benchmark-enable``).

Targets on one core here (issue 3): a full random 4-player game <= 100 ms median,
``legal_actions()`` <= 200 µs median, a finished 4-player game with its whole history <= 50 MB.
Checkpoints (issue "One house in layers", item 6): ``undo()`` and ``goto()`` at any step
<= 3 ms median, ``from_json`` of a finished 4-player game <= 5 ms median.
The memory figure is measured with tracemalloc and printed; nothing here asserts a time.
"""

from __future__ import annotations

import random
import tracemalloc

import pytest
from pytest_benchmark.fixture import BenchmarkFixture

from speakeasy import Action, Game
from speakeasy.games.speakeasy.explain.events import explain_event
from speakeasy.games.speakeasy.rules.goals import book_spaces_available
from tests.support import BAR, new_ctx, put_building


def random_game(players: int = 4, seed: int = 1) -> Game:
    game = Game.new(players=players, seed=seed)
    rng = random.Random(seed)
    while not game.is_over:
        game.apply(rng.choice(game.legal_actions()))
    return game


@pytest.fixture(scope="module")
def mid_game() -> Game:
    game = Game.new(players=4, seed=5)
    rng = random.Random(5)
    for _ in range(120):
        game.apply(rng.choice(game.legal_actions()))
    return game


def test_bench_full_random_game_4p(benchmark: BenchmarkFixture) -> None:
    seeds = iter(range(10**6))
    game = benchmark(lambda: random_game(4, next(seeds)))
    assert game.is_over


def test_bench_legal_actions(benchmark: BenchmarkFixture, mid_game: Game) -> None:
    assert benchmark(mid_game.legal_actions)


def test_bench_apply(benchmark: BenchmarkFixture) -> None:
    """One apply() on a fresh mid-game copy each round (the copy is not timed)."""
    base = Game.new(players=4, seed=5)
    rng = random.Random(5)
    for _ in range(100):
        base.apply(rng.choice(base.legal_actions()))

    def setup() -> tuple[tuple[Game, object], dict[str, object]]:
        game = base.copy()
        return (game, game.legal_actions()[0]), {}

    benchmark.pedantic(lambda g, a: g.apply(a), setup=setup, rounds=50)  # type: ignore[no-untyped-call]


def test_bench_to_json(benchmark: BenchmarkFixture) -> None:
    game = random_game(4, 2)
    assert benchmark(game.to_json)


def test_bench_from_json(benchmark: BenchmarkFixture) -> None:
    text = random_game(4, 3).to_json()
    assert benchmark(Game.from_json, text).is_over


@pytest.fixture(scope="module")
def finished_game() -> Game:
    """A finished seeded 4-player random-bot game."""
    return random_game(4, 4)


#: Where in a finished game undo and goto are timed: early, middle and late.
WHERE = {"early": 0.1, "middle": 0.5, "late": 1.0}


@pytest.mark.parametrize("where", WHERE)
def test_bench_undo_at(benchmark: BenchmarkFixture, finished_game: Game, where: str) -> None:
    """One ``undo()`` at an early, a middle and the last step (the game copy is not timed)."""
    step = max(1, round(len(finished_game.history) * WHERE[where]))

    def setup() -> tuple[tuple[Game], dict[str, object]]:
        game = finished_game.copy()
        game.goto(step)
        return (game,), {}

    benchmark.pedantic(lambda g: g.undo(), setup=setup, rounds=30)  # type: ignore[no-untyped-call]


@pytest.mark.parametrize("where", WHERE)
def test_bench_goto(benchmark: BenchmarkFixture, finished_game: Game, where: str) -> None:
    """``goto(step)`` from the end of a finished game to an early, a middle and a late step."""
    step = round(len(finished_game.history) * WHERE[where]) - (where == "late")

    def setup() -> tuple[tuple[Game], dict[str, object]]:
        return (finished_game.copy(),), {}

    benchmark.pedantic(lambda g: g.goto(step), setup=setup, rounds=30)  # type: ignore[no-untyped-call]


def test_bench_undo_at_the_end(benchmark: BenchmarkFixture) -> None:
    game = random_game(4, 4)

    def undo_redo() -> None:
        game.undo()
        game.redo()

    benchmark(undo_redo)
    assert game.is_over


def test_memory_of_a_finished_game_with_history() -> None:
    """tracemalloc: memory held by a finished 4-player game and its undo history."""
    tracemalloc.start()
    before = tracemalloc.take_snapshot()
    game = random_game(4, 6)
    after = tracemalloc.take_snapshot()
    tracemalloc.stop()
    held = sum(s.size_diff for s in after.compare_to(before, "filename"))
    print(f"\nfinished 4p game, {len(game.history)} steps: {held / 1e6:.2f} MB held")
    assert game.is_over


@pytest.mark.benchmark(group="rules")
def test_bench_goal_checks(benchmark: BenchmarkFixture) -> None:
    """Every book goal for every player on a busy board (four checks per round)."""
    c = new_ctx(4, seed=5, clear=True)
    for i, colour in enumerate(c.state.players):
        c.player(colour).books = 3
        for d in range(1 + i, 17, 4):
            space = next(
                n
                for n, s in enumerate(c.state.districts[d].spaces)
                if s.building is None and not s.gangster_bar
            )
            put_building(c, colour, d, space, BAR, protected=d % 2 == 0, barrel=True)

    def check() -> list[object]:
        return [book_spaces_available(c, colour) for colour in c.state.players]

    assert len(benchmark(check)) == 4


@pytest.mark.benchmark(group="rules")
def test_bench_refusals(benchmark: BenchmarkFixture) -> None:
    """``why_not`` for three near misses of every decision of a random 2-player game (a whole
    refusal: blocked options, the rules question and the generic fallback). Target: a median
    refusal well under 100 µs, so the total here stays in the tens of milliseconds."""
    game = random_game(players=2, seed=42)
    misses: list[tuple[Game, Action]] = []
    for step in range(0, len(game.history), 7):
        position = game.copy()
        position.goto(step)
        decision = position.pending
        if decision is None:
            continue
        legal = decision.options[0]
        misses.append((position, Action(legal.kind, (*legal.args, "nowhere"))))
        misses.append((position, Action("no-such-kind")))

    def refuse() -> int:
        return sum(p.why_not(a) is not None for p, a in misses)

    assert benchmark(refuse) == len(misses)


@pytest.mark.benchmark(group="explain")
def test_bench_explain_every_step(benchmark: BenchmarkFixture) -> None:
    """Every event of a finished 4-player game explained, step by step (target: the slowest
    step well under 5 ms)."""
    game = random_game(players=4, seed=3)
    explain_event(game.events[0])  # the index and catalogue are loaded once

    def explain() -> int:
        return sum(explain_event(e) is not None for step in game.steps for e in step.events)

    assert benchmark(explain) > 0

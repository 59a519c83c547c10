"""Benchmark of the Mafia City rules (issue 16): a random 5-player game, target <= 20 ms
median. Nothing here asserts a time."""

from __future__ import annotations

import random

from pytest_benchmark.fixture import BenchmarkFixture

from speakeasy.games.mafia_city.engine.game import Game
from speakeasy.games.mafia_city.model.state import Options


def random_game(seed: int, prompt_everyone: bool = True) -> Game:
    game = Game.new(players=5, seed=seed, options=Options(prompt_everyone=prompt_everyone))
    rng = random.Random(seed)
    while not game.is_over:
        game.apply(rng.choice(game.legal_actions()))
    return game


def test_bench_random_game_5p(benchmark: BenchmarkFixture) -> None:
    seeds = iter(range(10**6))
    game = benchmark(lambda: random_game(next(seeds)))
    assert game.is_over


def test_bench_random_game_5p_able_prompts_only(benchmark: BenchmarkFixture) -> None:
    seeds = iter(range(10**6))
    game = benchmark(lambda: random_game(next(seeds), prompt_everyone=False))
    assert game.is_over

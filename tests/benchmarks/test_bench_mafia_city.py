"""Benchmark of the Mafia City rules (issue 16): a random 5-player game, target <= 20 ms
median. Nothing here asserts a time."""

from __future__ import annotations

import random

from pytest_benchmark.fixture import BenchmarkFixture

from speakeasy.mafia_city import MafiaCityGame, McOptions


def random_game(seed: int, prompt_everyone: bool = True) -> MafiaCityGame:
    game = MafiaCityGame.new(
        players=5, seed=seed, options=McOptions(prompt_everyone=prompt_everyone)
    )
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

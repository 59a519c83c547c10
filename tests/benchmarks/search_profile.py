"""Where one search decision spends its time (issue 27; run by hand)::

    .venv/bin/python tests/benchmarks/search_profile.py --game speakeasy --playouts 32
    .venv/bin/python tests/benchmarks/search_profile.py --rollout heuristic --horizon 40

Plays a seeded game with random moves to a mid-game decision of several options, then
profiles (cProfile) the search bot's advice there and prints the functions with the most
cumulative and own time.
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import sys
import time
from collections.abc import Sequence

from speakeasy.core.bots import RandomBot, decide
from speakeasy.games import load
from speakeasy.tools.search import SearchBot, random_rollout


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="speakeasy")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--depth", type=int, default=80)
    parser.add_argument("--playouts", type=int, default=32)
    parser.add_argument("--determinizations", type=int, default=8)
    parser.add_argument("--rows", type=int, default=25)
    parser.add_argument("--rollout", choices=("random", "heuristic"), default="random")
    parser.add_argument("--horizon", type=int, default=0, help="0: play rollouts out")
    args = parser.parse_args(argv)
    game_type = load(args.game)
    rollout = random_rollout
    if args.rollout == "heuristic":
        assert game_type.play_batch_game is not None
        rollout = sys.modules[game_type.play_batch_game.__module__].heuristic_rollout
    game = game_type.new_game(args.players, 1)
    bot = RandomBot(seed=1)
    for _ in range(args.depth):
        game.apply(decide(game, bot))
    while game.pending is not None and len(game.pending.options) < 3:
        game.apply(decide(game, bot))
    decision = game.pending
    assert decision is not None
    seen = game.observe(decision.player)
    search = SearchBot.for_game(
        game_type,
        playouts=args.playouts,
        determinizations=args.determinizations,
        rollout=rollout,
        horizon=args.horizon or None,
    )
    print(
        f"{args.game} {args.players}p, decision {decision.kind!s} with "
        f"{len(decision.options)} options, {args.playouts} playouts, "
        f"{args.determinizations} determinizations, {args.rollout} rollouts, "
        f"horizon {args.horizon or 'none'}"
    )
    profile = cProfile.Profile()
    began = time.perf_counter()
    profile.enable()
    advice = search.advise(seen, decision)
    profile.disable()
    print(
        f"{time.perf_counter() - began:.3f} s under the profiler; {advice.playouts} playouts, "
        f"{advice.failed} determinizations failed, {advice.broken} playouts broken"
    )
    stats = pstats.Stats(profile)
    stats.sort_stats("cumulative").print_stats(args.rows)
    stats.sort_stats("tottime").print_stats(args.rows)
    return 0


if __name__ == "__main__":
    sys.exit(main())

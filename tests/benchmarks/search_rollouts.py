"""Which rollout policy makes the search bot stronger per CPU-second (issue 27; run by hand)::

    .venv/bin/python tests/benchmarks/search_rollouts.py --games 6 --seconds 0.05

Two search bots with the same *time* budget per decision, one playing its playouts out with
random moves, the other with the game's heuristic bot, play each other (Speakeasy, 2 players)
or each other and a heuristic bot (Mafia City, 3 players), seats rotated over seeded games on
every core. Prints each one's wins, mean score and playouts per decision; and the CPU time of
one playout of each kind from the same positions.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from speakeasy.core.bots import RandomBot, decide
from speakeasy.games import load
from speakeasy.games.mafia_city.model.state import Options as MafiaCityOptions
from speakeasy.games.mafia_city.studies import batch as mc_batch
from speakeasy.games.speakeasy.studies import batch as se_batch
from speakeasy.tools.search import MAX_PLAYOUTS, SearchBot, margin, random_rollout

ROLLOUTS = {
    "speakeasy": se_batch.heuristic_rollout,
    "mafia-city": mc_batch.heuristic_rollout,
}


def _new(name: str, players: int, seed: int) -> Any:
    if name == "mafia-city":  # a batch game's options (reactions only from those who can)
        options = MafiaCityOptions(prompt_everyone=False, max_rounds=mc_batch.MAX_ROUNDS)
        return load(name).new_game(players, seed, options)
    return load(name).new_game(players, seed)


def play(args: tuple[str, int, int, float]) -> dict[str, Any]:
    """One game: seat kinds rotated by the seed; returns each kind's margin and playouts."""
    name, players, seed, seconds = args
    game_type = load(name)
    game = _new(name, players, seed)
    kinds = ["random", "heuristic", "bot"][: max(players, 2)]
    shift = seed % players
    seats = list(game.players)
    bots: dict[Any, Any] = {}
    kind_of: dict[Any, str] = {}
    for i, seat in enumerate(seats):
        kind = kinds[(i + shift) % len(kinds)] if i < len(kinds) else "bot"
        kind_of[seat] = kind
        if kind == "bot":
            bots[seat] = game_type.make_bot("heuristic", str(seat), seed + i)
        else:
            rollout = random_rollout if kind == "random" else ROLLOUTS[name]
            bots[seat] = SearchBot.for_game(
                game_type, seed=seed + i, playouts=MAX_PLAYOUTS, seconds=seconds, rollout=rollout
            )
    playouts: dict[str, list[int]] = {"random": [], "heuristic": []}
    while not game.is_over:
        bot = bots[game.current_player]
        game.apply(decide(game, bot))
        if isinstance(bot, SearchBot) and bot.last is not None and bot.last.playouts:
            playouts[_kind(bots, bot, kind_of)].append(bot.last.playouts)
    scores = game_type.scores(game) if game_type.scores else {}
    return {
        "margins": {kind_of[s]: margin(scores, str(s)) for s in seats},
        "playouts": {k: statistics.fmean(v) if v else 0.0 for k, v in playouts.items()},
    }


def _kind(bots: dict[Any, Any], bot: Any, kind_of: dict[Any, str]) -> str:
    return next(kind_of[s] for s, b in bots.items() if b is bot)


def playout_cost(name: str, players: int, seed: int, rounds: int = 20) -> dict[str, float]:
    """CPU seconds of one playout with each rollout policy from the same mid-game positions."""
    game_type = load(name)
    game = _new(name, players, seed)
    bot = RandomBot(seed)
    for _ in range(60):
        game.apply(decide(game, bot))
    cost: dict[str, float] = {}
    for kind, factory in (("random", random_rollout), ("heuristic", ROLLOUTS[name])):
        bots: dict[Any, Any] = {p: factory(str(p), k) for k, p in enumerate(game.players)}
        began = time.process_time()
        for _ in range(rounds):
            copy = game.copy(history=False)
            while not copy.is_over:
                p = copy.current_player
                b = bots[p]
                seen = None if type(b) is RandomBot else copy.observe_now(p)
                copy.apply(b.choose(seen, copy.pending))
        cost[kind] = (time.process_time() - began) / rounds
    del game_type
    return cost


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=6)
    parser.add_argument("--seconds", type=float, default=0.05)
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--only", default=None, help="speakeasy or mafia-city")
    args = parser.parse_args(argv)
    for name, players in (("mafia-city", 3), ("speakeasy", 2)):
        if args.only and name != args.only:
            continue
        cost = playout_cost(name, players, 1)
        print(
            f"{name} {players}p: one playout from a mid-game position: random "
            f"{1000 * cost['random']:.1f} ms, heuristic {1000 * cost['heuristic']:.1f} ms CPU",
            flush=True,
        )
        jobs = [(name, players, seed, args.seconds) for seed in range(1, args.games + 1)]
        with ProcessPoolExecutor(args.workers) as pool:
            results = list(pool.map(play, jobs))
        for kind in ("random", "heuristic"):
            margins = [r["margins"][kind] for r in results]
            wins = sum(
                1
                for r in results
                if r["margins"][kind] > 0
                or (r["margins"][kind] == 0 and max(r["margins"].values()) == 0)
            )
            print(
                f"  search with {kind} rollouts, {args.seconds:g} s a decision: "
                f"best in {wins} of {len(results)} games, mean margin "
                f"{statistics.fmean(margins):.1f}, "
                f"{statistics.fmean(r['playouts'][kind] for r in results):.0f} playouts a "
                "decision",
                flush=True,
            )
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""Soak test: many seeded random-bot games, every invariant checked after every step (run by
hand; not collected by pytest, whose ``python_files`` are ``test_*.py``)::

    .venv/bin/python tests/benchmarks/soak.py --games 1000 --players 2-4 --seed 1

Plays ``--games`` games, player counts cycling over ``--players`` (``2-4`` or ``3``), every
fourth game with a random set of rule options (:class:`speakeasy.Options`). After every step
the invariants of ``tests/test_games.py`` are checked (components conserved R-COMP-*, nothing
negative, levels 1-5 R-LEVEL-1, barrels R-BARREL-2 / R-TRUCK-6, capos R-TURN-4, the turn-order
track R-ORDER-1..7), and ``--illegal`` illegal inputs per step (a malformed text, an action
of an earlier decision, ``None``, an out-of-range number...) must each be refused with the
game left exactly as it was: the same position, history and legal actions.

Prints games, steps, refusals (by exception type), violations and time; exits 1 if any
violation (a broken invariant, a refusal that changed the game, an exception from a legal
move) or a refusal with an unexpected exception type (not ``IllegalAction``, ``ValueError`` or
``TypeError``; counted by kind, with one example each) was found. ``--stop-after N`` stops
at the N-th violation.
"""

from __future__ import annotations

import argparse
import pickle
import random
import sys
import time
import traceback
from collections import Counter
from collections.abc import Sequence
from dataclasses import fields
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from speakeasy import Game, IllegalAction, Options  # noqa: E402
from tests.test_games import check_invariants  # noqa: E402

#: Exception types a refused input may raise (anything else is a violation).
REFUSALS = (IllegalAction, ValueError, TypeError)


def _player_counts(text: str) -> list[int]:
    low, _, high = text.partition("-")
    try:
        counts = list(range(int(low), int(high or low) + 1))
    except ValueError:
        raise argparse.ArgumentTypeError(f"--players is N or N-M, got {text!r}") from None
    if not counts or not all(1 <= n <= 4 for n in counts):
        raise argparse.ArgumentTypeError(f"--players must lie in 1-4, got {text!r}")
    return counts


def _random_options(rng: random.Random) -> Options:
    flags = [f.name for f in fields(Options) if f.type in (bool, "bool")]
    return Options.from_data({name: rng.random() < 0.5 for name in flags})


def _illegal_inputs(rng: random.Random, game: Game, earlier: Sequence[object]) -> list[object]:
    """Inputs that must be refused now: garbage, and actions of earlier decisions that are not
    legal in this one."""
    legal = {str(a) for a in game.legal_actions()}
    stale = [a for a in earlier if str(a) not in legal]
    pool: list[object] = [
        "x!",
        "",
        "999999",
        str(len(legal) + rng.randrange(1, 50)),
        None,
        -1,
        1.5,
        b"0",
        ("0",),
        "🎲",
    ]
    chosen = rng.sample(pool, 2)
    if stale:
        chosen.append(rng.choice(stale))
    return chosen


def _fingerprint(game: Game) -> tuple[bytes, int, list[str]]:
    return (
        pickle.dumps(game.state, protocol=pickle.HIGHEST_PROTOCOL),
        len(game.history),
        [str(a) for a in game.legal_actions()],
    )


def soak(
    games: int,
    players: Sequence[int],
    seed: int,
    *,
    illegal: int = 1,
    stop_after: int = 10,
    out: object = sys.stdout,
) -> dict[str, object]:
    """Play the games; return the figures (see the module docstring)."""
    start = time.perf_counter()
    steps = 0
    refusals: Counter[str] = Counter()
    violations: list[str] = []
    unexpected: Counter[str] = Counter()
    examples: list[str] = []
    options_games = 0
    played = 0
    for i in range(games):
        n = players[i % len(players)]
        game_seed = seed + i
        rng = random.Random(game_seed * 7919 + n)
        options = _random_options(rng) if i % 4 == 3 else None
        options_games += options is not None
        where = f"game {i} (players {n}, seed {game_seed}, options {'on' if options else 'off'})"
        try:
            game = Game.new(players=n, seed=game_seed, options=options)
            check_invariants(game.state)
            earlier: list[object] = []
            while not game.is_over:
                legal = game.legal_actions()
                if illegal and steps % illegal == 0:
                    before = _fingerprint(game)
                    for bad in _illegal_inputs(rng, game, earlier):
                        try:
                            game.apply(bad)  # type: ignore[arg-type]
                        except REFUSALS as err:
                            refusals[type(err).__name__] += 1
                        except Exception as err:
                            kind = f"{type(bad).__name__} input raised {type(err).__name__}"
                            if kind not in unexpected:
                                examples.append(f"{where} step {steps}: {bad!r} raised {err!r}")
                            unexpected[kind] += 1
                        else:
                            violations.append(f"{where} step {steps}: {bad!r} was accepted")
                            break
                    if _fingerprint(game) != before:
                        violations.append(f"{where} step {steps}: a refusal changed the game")
                        break
                action = rng.choice(legal)
                earlier = [*earlier[-20:], action]
                game.apply(action)
                steps += 1
                check_invariants(game.state)
            played += 1
        except AssertionError as err:
            violations.append(f"{where}: invariant broken: {err!r}")
        except Exception:
            violations.append(f"{where}: {traceback.format_exc(limit=3)}")
        if len(violations) >= stop_after:
            break
    elapsed = time.perf_counter() - start
    return {
        "games": played,
        "games with options": options_games,
        "steps": steps,
        "refusals": sum(refusals.values()),
        "refusals by type": dict(refusals),
        "violations": violations,
        "unexpected exceptions": dict(unexpected),
        "examples": examples,
        "seconds": elapsed,
    }


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--players", type=_player_counts, default=[2, 3, 4])
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--illegal", type=int, default=1, help="try illegal inputs every N steps (0: never)"
    )
    parser.add_argument("--stop-after", type=int, default=10)
    args = parser.parse_args(argv)
    figures = soak(
        args.games, args.players, args.seed, illegal=args.illegal, stop_after=args.stop_after
    )
    violations = figures["violations"]
    assert isinstance(violations, list)
    print(f"games:      {figures['games']} ({figures['games with options']} with options on)")
    print(f"steps:      {figures['steps']}")
    print(f"refusals:   {figures['refusals']} {figures['refusals by type']}")
    print(f"violations: {len(violations)}")
    for line in violations:
        print("  " + line.rstrip().replace("\n", "\n  "))
    unexpected = figures["unexpected exceptions"]
    examples = figures["examples"]
    assert isinstance(unexpected, dict) and isinstance(examples, list)
    print(f"refusals with an unexpected exception type: {sum(unexpected.values())} {unexpected}")
    for line in examples:
        print("  e.g. " + line)
    print(f"time:       {figures['seconds']:.1f} s")
    return 1 if violations or unexpected else 0


if __name__ == "__main__":
    raise SystemExit(main())

"""Mafia City's part of a batch of bot games (:mod:`speakeasy.tools.batch`): its bots by kind,
playing one game of a spec (:func:`play_game`, the descriptor's ``play_batch_game``) and its
lines of a batch's summary (:func:`batch_lines`).

A seat's score is its VP; its ``details`` keep its reserve, the tokens and cards in its hand.
A game's ``details`` keep the rounds played, the rule that named the winner (MC-WIN-2,
MC-WIN-3 (n)) and whether it finished: a game still running after :data:`MAX_ROUNDS` rounds is
stopped without a winner (GAP-MC-24).

>>> from speakeasy.tools.batch import game_specs
>>> from speakeasy.games.mafia_city.descriptor import GAME
>>> record = play_game(game_specs(GAME, 1, 3, seed=2)[0])
>>> record.players, 1 <= record.details["rounds"] <= MAX_ROUNDS
(3, True)
"""

from __future__ import annotations

import statistics
from collections import Counter
from collections.abc import Sequence

from speakeasy.core.registry import BotFactory
from speakeasy.games.mafia_city.engine.bots import HeuristicBot, RandomBot
from speakeasy.games.mafia_city.engine.determinize import determinize, evaluate, final_scores
from speakeasy.games.mafia_city.engine.game import Game
from speakeasy.games.mafia_city.model.state import Options
from speakeasy.tools.batch import DecisionClock, GameRecord, GameSpec, SeatRecord
from speakeasy.tools.search import SearchSettings, budgeted, with_agreement

__all__ = ["BOTS", "MAX_ROUNDS", "batch_lines", "play_game"]

#: The bots by kind: ``factory(seat, seed)``; each decides from its seat's observation only.
BOTS: dict[str, BotFactory] = {
    "random": lambda seat, seed: RandomBot(seed=seed),
    "heuristic": lambda seat, seed: HeuristicBot(seed=seed),
    "search": lambda seat, seed: SEARCH.bot(seat, seed),
}


def heuristic_rollout(seat: str, seed: int) -> HeuristicBot:
    """The heuristic bot as the search bot's rollout policy (module-level: it travels to
    worker processes)."""
    return HeuristicBot(seed=seed)


# The registered search bot's settings (measured: tests/benchmarks/search_strength_results.md;
# the strength benchmark sets them to compare others).
# 3 players against heuristic bots: heuristic rollouts truncated after 40 decisions (scored by
# the VP then) won 16 of 18 at 32 playouts (0.20 CPU s a decision) and 6 of 6 at 160 (0.89 s,
# mean VP 12.5 against 4.0); played to the end, 3 of 6 at 16 playouts (0.33 s); random
# rollouts (the former default), 0 of 6 at 64 playouts (0.52 s). With 5 players the best
# mean won 2 of 10 at 32 playouts (a seat's fair share); keeping the heuristic's own choice
# unless another option beats it by two standard errors on paired playouts (``confidence``,
# as Speakeasy's) won 5 of 10 there, and 5 of 6 with 3 players. These settings (160
# playouts, confidence 2) won 37 of 40 games with 3 players and 28 of 40 with 5.
#: The registered search bot: the heuristic bot as its rollout policy, improved on where the
#: search is sure; rollouts cut after 40 decisions and scored by the game's evaluation.
SEARCH: SearchSettings = SearchSettings(
    determinize,
    final_scores,
    evaluate,
    heuristic_rollout,
    horizon=40,
    playouts=160,
    confidence=2.0,
)

#: A batch game stops, unfinished, after this many rounds (GAP-MC-24).
MAX_ROUNDS = 60


def play_game(spec: GameSpec) -> GameRecord:
    """Play one game of a batch (runs in a worker): each bot decides from its seat's
    observation only; reaction prompts go only to seats that can react (``prompt_everyone``
    off, which hides nothing from bots that never see other hands)."""
    clock = DecisionClock(spec.bots)
    options = Options(prompt_everyone=False, max_rounds=MAX_ROUNDS)
    game = Game.new(  # a batch game is never undone: no checkpoints
        players=spec.players, seed=spec.seed, options=options, checkpoints=False
    )
    seats = list(game.state.players)
    bots = {
        p: budgeted(BOTS[kind](p, seed), spec.playouts)
        for p, kind, seed in zip(seats, spec.bots, spec.bot_seeds, strict=True)
    }
    kinds = dict(zip(seats, spec.bots, strict=True))
    first = game.state.start_player
    decision = game.pending
    while decision is not None:
        with clock.deciding(kinds[decision.player]):
            action = bots[decision.player].choose(game.observe(decision.player), decision)
        game.apply(action)
        decision = game.pending
    result = game.result()
    st = game.state
    order = st.clockwise_from(first)
    records = tuple(
        SeatRecord(
            colour=p,
            bot=kinds[p],
            seat=order.index(p) + 1,
            place=1 if p == result.winner else 1 + sum(result.vp[q] > result.vp[p] for q in seats),
            won=p == result.winner,
            score=result.vp[p],
            details={
                "reserve": st.seats[p].reserve,
                "tokens": st.seats[p].tokens,
                "cards": len(st.seats[p].hand),
            },
        )
        for p in seats
    )
    record = GameRecord(
        game=spec.game,
        index=spec.index,
        seed=spec.seed,
        players=len(seats),
        seats=records,
        winners=(result.winner,) if result.winner else (),
        decisions=len(game.history),
        details={
            "rounds": result.rounds,
            "decided_by": result.decided_by,
            "finished": result.finished,
        },
        seconds=clock.elapsed(),
        decision_time=clock.timing(),
    )
    return with_agreement(record, bots)


def batch_lines(records: Sequence[GameRecord], kind: str | None) -> list[str]:
    """Mafia City's lines of a batch summary: about the games as a whole (``kind`` ``None``),
    their lengths in rounds, the rules that named the winners (MC-WIN-2/3) and the games
    stopped unfinished at the round cap (GAP-MC-24); nothing more per bot kind."""
    if kind is not None or not records:
        return []
    rounds = [int(r.details["rounds"]) for r in records]
    finished = [r for r in records if r.details["finished"]]
    rules = Counter(str(r.details["decided_by"]) for r in finished)
    lines = [
        f"rounds per game: mean {statistics.fmean(rounds):.1f}, min {min(rounds)}, "
        f"max {max(rounds)}",
        "won by: " + ", ".join(f"{rule} {n}" for rule, n in rules.most_common()),
    ]
    if len(finished) < len(records):
        lines.append(
            f"unfinished (stopped at the round cap, GAP-MC-24): {len(records) - len(finished)}"
        )
    return lines

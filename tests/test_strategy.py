"""The heuristic bot (speakeasy.games.speakeasy.studies.strategy): legal, deterministic, finishes
games, beats random.

The 80% win-rate measurement over 200 games is ``tests/benchmarks/winrate.py``; here a small
sample only checks the behaviour.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from speakeasy import Game
from speakeasy.core.actions import Action, Decision
from speakeasy.core.bots import decide
from speakeasy.games.speakeasy.engine.bots import Bot, RandomBot, play_out
from speakeasy.games.speakeasy.model.catalog.loader import load_catalog
from speakeasy.games.speakeasy.model.state import Colour, to_data
from speakeasy.games.speakeasy.rules.barrels import sellable
from speakeasy.games.speakeasy.studies.strategy import HeuristicBot, PlayerView, score_options

Check = Callable[[Game, Decision, Action], None]


def _play(game: Game, bots: dict[Colour, Bot], check: Check | None = None) -> None:
    """Play to the end, calling ``check`` before each of the heuristic bots' choices."""
    while not game.is_over:
        decision = game.pending
        assert decision is not None
        bot = bots[decision.player]
        action = decide(game, bot)
        if check is not None and isinstance(bot, HeuristicBot):
            check(game, decision, action)
        game.apply(action)


def test_the_bot_only_chooses_legal_actions() -> None:
    """Every choice is one of ``legal_actions()`` (R-TURN-1..6, the engine's decision API)."""
    game = Game.new(players=3, seed=11)
    bots: dict[Colour, Bot] = {c: HeuristicBot(seed=n) for n, c in enumerate(game.colours)}
    seen: list[str] = []

    def legal(game: Game, decision: Decision, action: Action) -> None:
        assert action in game.legal_actions()
        seen.append(decision.kind)

    _play(game, bots, legal)
    assert game.is_over
    assert {"capo", "build", "turn_draw"} <= set(seen)


def test_the_bot_is_deterministic_for_its_seed() -> None:
    """Same game seed and bot seeds: the same action history, hence the same game."""
    histories = []
    for _ in range(2):
        game = Game.new(players=2, seed=21)
        bots: dict[Colour, Bot] = {
            game.colours[0]: HeuristicBot(seed=5),
            game.colours[1]: RandomBot(seed=6),
        }
        play_out(game, bots)
        histories.append([str(a) for a in game.history])
    assert histories[0] == histories[1]


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_heuristic_bots_finish_games_for_every_player_count(players: int) -> None:
    """A whole game, prologue to final scoring (R-ACT-1/2, R-SCORING-1..6), 1-4 seats."""
    game = Game.new(players=players, seed=100 + players)
    play_out(game, {c: HeuristicBot(seed=n) for n, c in enumerate(game.colours)})
    assert game.is_over
    result = game.result()
    assert len(result.standings) == players
    assert result.winners


def test_the_heuristic_bot_beats_random_in_a_small_sample() -> None:
    """At least 7 of 10 two-player games (R-SCORING-5); seats alternate so that neither side
    always has the same colour."""
    wins = 0
    for i in range(10):
        game = Game.new(players=2, seed=500 + i)
        heuristic = game.colours[i % 2]
        bots: dict[Colour, Bot] = {
            c: HeuristicBot(seed=i) if c is heuristic else RandomBot(seed=i) for c in game.colours
        }
        play_out(game, bots)
        wins += game.result().winners == (heuristic,)
    assert wins >= 7


def test_obvious_money_is_never_left_on_the_table() -> None:
    """Whenever the heuristic bot may sell a barrel (R-BARREL-4) or cook a book on a goal it
    meets (R-BOOKS-2), it does; a helper with a new bottle is preferred (R-SCORING-4)."""
    catalog = load_catalog()
    checked: set[str] = set()

    def sensible(game: Game, decision: Decision, action: Action) -> None:
        if decision.kind == "sell" and sellable(game.analysis_context(), decision.player):
            assert action.kind == "sell"
            checked.add("sell")
        if decision.kind == "cook_book" and any(o.kind == "book" for o in decision.options):
            assert action.kind == "book"
            checked.add("cook_book")
        if decision.kind == "gain_helper" and action.kind == "helper":
            player = game.state.players[decision.player]
            owned = {catalog.helper(h).bottle for h in [*player.helpers, *player.helpers_used]}
            new = [
                o
                for o in decision.options
                if o.kind == "helper" and catalog.helper(str(o.args[0])).bottle not in owned
            ]
            if new:
                assert catalog.helper(str(action.args[0])).bottle not in owned
                checked.add("gain_helper")

    for seed in range(3):
        game = Game.new(players=2, seed=70 + seed)
        _play(game, {c: HeuristicBot(seed=seed) for c in game.colours}, sensible)
    assert {"cook_book", "gain_helper"} <= checked


def test_scores_cover_every_option_and_the_best_is_chosen() -> None:
    """``score_options`` scores each legal option; the bot plays a top-scored one."""
    game = Game.new(players=2, seed=3)
    for _ in range(40):
        decision = game.pending
        assert decision is not None
        scored = score_options(game.observe(decision.player), decision)
        assert [a for a, _ in scored] == game.legal_actions()
        choice = decide(game, HeuristicBot(seed=1))
        best = max(s for _, s in scored)
        assert dict(scored)[choice] == best or decision.kind in ("truck", "truck_choose")
        game.apply(choice)


def test_a_position_reads_the_game_without_changing_it() -> None:
    """The estimates use rules functions that only read: the observation they read stays as
    it was, and the game is untouched anyway (the observation is a copy)."""
    fresh = Game.new(players=2, seed=9)
    bot = RandomBot(seed=1)
    for _ in range(60):
        fresh.apply(decide(fresh, bot))
    snapshot = fresh.to_json()
    seen = fresh.observe(fresh.colours[0])
    before = to_data(seen.state)
    view = PlayerView(seen)
    _ = (view.protect_value, view.sell_value, view.cook_values, view.ship_value)
    for d in fresh.state.districts:
        view.fate(d)
    assert to_data(seen.state) == before
    assert fresh.to_json() == snapshot

"""The search bot of issue 27 (:mod:`speakeasy.tools.search`): determinized flat Monte-Carlo
over a decision's options, for every registered game, through the registry only; the advice
it gives depends only on what the seat may see (MC-INFO-1, R-MONEY-1...)."""

from __future__ import annotations

import dataclasses
import json
import random
import subprocess
import sys
from collections.abc import Hashable
from typing import Any

import pytest

from speakeasy.app.cli import main
from speakeasy.core.actions import Action, Decision
from speakeasy.core.bots import RandomBot, decide
from speakeasy.core.context import Context, Flow
from speakeasy.core.engine import REFUSALS, Engine, GameDefinition
from speakeasy.core.registry import GameType
from speakeasy.games import load, names
from speakeasy.games.mafia_city.model.state import Options as MafiaCityOptions
from speakeasy.games.speakeasy.figures.strategy_figures import DECISION_NAMES, agreement_rows
from speakeasy.tools.batch import GameRecord, SeatRecord, game_specs
from speakeasy.tools.search import (
    DEFAULT_PLAYOUTS,
    MIN_PAIRS,
    Advice,
    SearchBot,
    budgeted,
    margin,
    random_rollout,
)
from tests.benchmarks.search_strength import game_line, report, run, solo_record
from tests.search_support import positions

SMALL = {"playouts": 12, "determinizations": 3}


def _game(name: str, seed: int) -> Engine[Any, Any, Any]:
    """A seeded game of ``name`` some decisions in, at a decision with several options."""
    game: Engine[Any, Any, Any]
    if name == "mafia-city":  # the options of a batch game; the facts are the descriptor's
        game = load(name).new_game(3, seed, MafiaCityOptions(prompt_everyone=False))
    else:
        game = load(name).new_game(2, seed)
    bot = RandomBot(seed=seed)
    for _ in range(12):
        game.apply(decide(game, bot))
    while game.pending is not None and len(game.pending.options) < 2:
        game.apply(decide(game, bot))
    return game


def _advise(game_type: GameType, game: Engine[Any, Any, Any], seed: int = 3) -> Advice:
    decision = game.pending
    assert decision is not None
    bot = SearchBot.for_game(game_type, seed=seed, **SMALL)
    return bot.advise(game.observe(decision.player), decision)


@pytest.mark.parametrize("name", names())
def test_the_advice_names_a_legal_option_with_an_estimate_for_each(name: str) -> None:
    """The choice is one of the decision's options; each option has its mean margin, its
    standard error and its playouts, and the playouts add up to the budget."""
    game = _game(name, 4)
    advice = _advise(load(name), game)
    options = game.legal_actions()
    assert advice.choice in options
    assert [e.option for e in advice.estimates] == options
    assert sum(e.playouts for e in advice.estimates) + advice.broken == SMALL["playouts"]
    assert advice.failed == 0
    best = max(e.mean for e in advice.estimates if e.playouts)
    assert [e.mean for e in advice.estimates if e.option == advice.choice] == [best]
    assert all(e.stderr >= 0 for e in advice.estimates)


def test_the_best_options_leave_out_those_no_playout_tried() -> None:
    """With fewer playouts than options, the untried options have no mean (their 0.0 is no
    estimate): the best options are among the tried ones, even when every margin is below 0."""
    game = _game("speakeasy", 4)
    while game.pending is not None and len(game.pending.options) < 4:
        game.apply(decide(game, RandomBot(seed=1)))
    decision = game.pending
    assert decision is not None
    bot = SearchBot.for_game(load("speakeasy"), seed=3, playouts=2, determinizations=1)
    advice = bot.advise(game.observe(decision.player), decision)
    tried = [e for e in advice.estimates if e.playouts]
    assert 0 < len(tried) < len(advice.estimates)
    shifted = dataclasses.replace(
        advice,
        estimates=tuple(
            dataclasses.replace(e, mean=e.mean - 1_000) if e.playouts else e
            for e in advice.estimates
        ),
    )
    assert shifted.best(len(advice.estimates)) == tuple(
        sorted((e for e in shifted.estimates if e.playouts), key=lambda e: -e.mean)
    )
    assert all(e.playouts for e in shifted.best())


@pytest.mark.parametrize("name", names())
def test_the_same_seed_gives_the_same_advice(name: str) -> None:
    """Reproducible by playouts: the same seed, observation and decision give the same
    choice and estimates, whatever the bot decided before."""
    game = _game(name, 5)
    first = _advise(load(name), game)
    bot = SearchBot.for_game(load(name), seed=3, **SMALL)
    decision = game.pending
    assert decision is not None
    bot.advise(game.observe(decision.player), decision)  # an earlier decision changes nothing
    again = bot.advise(game.observe(decision.player), decision)
    assert (again.choice, again.estimates) == (first.choice, first.estimates)


@pytest.mark.parametrize("name", names())
def test_the_advice_is_blind_to_another_seats_hidden_facts(name: str) -> None:
    """Issue 27: two positions that differ only in another seat's hidden facts (the game and
    one drawn from the seat's observation of it: other hands, safes, deck orders differ) get
    the same choice and the same estimates for the same seed (MC-INFO-1, R-MONEY-1)."""
    game_type = load(name)
    assert game_type.determinize is not None
    game = _game(name, 6)
    seat = game.current_player
    other = game_type.determinize(game.observe(seat), random.Random(99))
    assert other.observe(seat) == game.observe(seat)
    assert other.state != game.state  # the hidden facts differ
    first, second = _advise(game_type, game), _advise(game_type, other)
    assert (first.choice, first.estimates) == (second.choice, second.estimates)


def test_workers_give_the_same_advice_as_one_process() -> None:
    """Each determinization's playouts depend only on its seed: a process pool (every core)
    gives the advice of a single process."""
    game_type = load("mafia-city")
    game = _game("mafia-city", 7)
    decision = game.pending
    assert decision is not None
    seen = game.observe(decision.player)
    alone = SearchBot.for_game(game_type, seed=1, **SMALL).advise(seen, decision)
    pooled = SearchBot.for_game(game_type, seed=1, workers=2, **SMALL).advise(seen, decision)
    assert (alone.choice, alone.estimates) == (pooled.choice, pooled.estimates)


def test_a_single_option_is_taken_without_search() -> None:
    game = load("mafia-city").new_game(3, 1)
    decision = game.pending
    while decision is not None and len(decision.options) > 1:
        game.apply(decision.options[0])
        decision = game.pending
    assert decision is not None
    advice = SearchBot.for_game(load("mafia-city")).advise(game.observe(decision.player), decision)
    assert advice.choice == decision.options[0] and advice.playouts == 0


def test_the_margin_is_the_seats_score_against_the_best_other() -> None:
    assert margin({"a": 10, "b": 7, "c": 12}, "a") == -2
    assert margin({"a": 10, "b": 7}, "a") == 3
    assert margin({"a": 10}, "a") == 10


@pytest.mark.parametrize(
    "bad",
    [
        {"playouts": 0},
        {"playouts": True},
        {"determinizations": 0},
        {"seconds": 0},
        {"horizon": 0},
        {"horizon": 2, "evaluate": None},
    ],
)
def test_a_bad_budget_is_refused(bad: dict[str, Any]) -> None:
    with pytest.raises(ValueError, match="must be"):
        SearchBot.for_game(load("speakeasy"), **bad)


class _Recording:
    """A rollout factory that notes the seeds of the bots it makes (random bots)."""

    def __init__(self) -> None:
        self.seeds: list[tuple[str, int]] = []

    def __call__(self, seat: str, seed: int) -> RandomBot:
        self.seeds.append((seat, seed))
        return RandomBot(seed=seed)


@pytest.mark.parametrize("name", names())
def test_every_option_meets_the_same_rollout_bots_in_each_round(name: str) -> None:
    """Common random numbers: within one determinization, the j-th playout of every option
    is played by fresh rollout bots with the same seeds (derived from the determinization's
    seed and j), and the next round by others; so options are compared on paired playouts."""
    game_type = load(name)
    game = _game(name, 8)
    decision = game.pending
    assert decision is not None
    n, seats = len(decision.options), len(game.players)
    rollout = _Recording()
    bot = SearchBot.for_game(game_type, seed=2, playouts=2 * n, determinizations=1, rollout=rollout)
    advice = bot.advise(game.observe(decision.player), decision)
    assert advice.broken == 0 and [e.playouts for e in advice.estimates] == [2] * n
    made = rollout.seeds[1:]  # the first: the rollout policy's own choice at the root
    assert len(made) == 2 * n * seats
    groups = [tuple(made[k : k + seats]) for k in range(0, len(made), seats)]
    assert len(groups) == 2 * n
    assert len(set(groups[:n])) == 1 and len(set(groups[n:])) == 1
    assert groups[0] != groups[n]
    assert sorted(seat for seat, _ in groups[0]) == sorted(map(str, game.players))


@pytest.mark.parametrize("name", names())
def test_a_truncated_rollout_is_scored_by_the_evaluation(name: str) -> None:
    """With a horizon the playouts stop early and the game's evaluation scores them: an
    evaluation that gives the deciding seat 5 and every other seat 0 makes every option's
    margin exactly 5 (one decision is far from any game's end)."""
    game = _game(name, 9)
    decision = game.pending
    assert decision is not None
    seat = str(decision.player)

    def evaluate(_game: Any, who: str) -> float:
        return 5.0 if who == seat else 0.0

    bot = SearchBot.for_game(load(name), seed=1, horizon=1, evaluate=evaluate, **SMALL)
    advice = bot.advise(game.observe(decision.player), decision)
    played = [e for e in advice.estimates if e.playouts]
    assert played and all((e.mean, e.stderr) == (5.0, 0.0) for e in played)


@pytest.mark.parametrize("name", names())
def test_the_evaluation_of_a_finished_game_is_its_final_score(name: str) -> None:
    """The game's static evaluation is in its final score's units: at the end it is the final
    score (final money R-SCORING-1..4; VP MC-WIN-1)."""
    game_type = load(name)
    assert game_type.evaluate is not None and game_type.scores is not None
    game = game_type.new_game(3, 12)
    bot = RandomBot(seed=12)
    while game.pending is not None:
        game.apply(decide(game, bot))
    scores = game_type.scores(game)
    assert {p: game_type.evaluate(game, p) for p in scores} == scores


class _Last:
    """A rollout policy that always takes the decision's last option."""

    def choose(self, observation: object, decision: Decision) -> Action:
        return decision.options[-1]


def _last_rollout(seat: str, seed: int) -> Any:
    return _Last()


@pytest.mark.parametrize("name", names())
def test_a_tie_goes_to_the_rollout_policys_own_choice(name: str) -> None:
    """When every option's margin is the same (here an evaluation that never changes, after a
    one-decision horizon), the search keeps its rollout policy's choice (the last option
    here) rather than the first listed: it departs from its policy only for something
    better."""
    game = _game(name, 10)
    decision = game.pending
    assert decision is not None
    bot = SearchBot.for_game(
        load(name),
        seed=1,
        horizon=1,
        evaluate=lambda _game, _seat: 1.0,
        rollout=_last_rollout,
        **SMALL,
    )
    advice = bot.advise(game.observe(decision.player), decision)
    assert len({e.mean for e in advice.estimates if e.playouts}) == 1
    assert advice.choice == decision.options[-1] != decision.options[0]


def test_a_batch_budget_reaches_only_search_bots() -> None:
    bot = SearchBot.for_game(load("speakeasy"))
    assert bot.playouts == DEFAULT_PLAYOUTS
    assert budgeted(bot, 7).playouts == 7
    assert budgeted(bot, 0).playouts == 7  # 0: keep the budget
    other = random_rollout("purple", 1)
    assert budgeted(other, 7) is other


@pytest.mark.parametrize("name", names())
def test_each_game_registers_the_search_bot(name: str) -> None:
    """The registered bot has its game's measured settings (its batch module's), and a
    truncated rollout comes with the game's evaluation."""
    game_type = load(name)
    bot = game_type.make_bot("search", game_type.seats[0], 1)
    assert isinstance(bot, SearchBot)
    assert game_type.play_batch_game is not None
    batch = sys.modules[game_type.play_batch_game.__module__]
    settings = batch.SEARCH
    assert (bot.rollout, bot.horizon, bot.playouts, bot.determinizations) == (
        settings.rollout,
        settings.horizon,
        settings.playouts,
        settings.determinizations,
    )
    assert bot.confidence == settings.confidence
    assert bot.horizon is None or bot.evaluate is game_type.evaluate


def test_simulate_plays_the_search_bot_against_the_heuristic() -> None:
    """``speakeasy simulate --game mafia-city --bots search,heuristic`` plays it (a tiny
    budget: the command, not the strength, is tested here)."""
    argv = ["simulate", "--game", "mafia-city", "--players", "3", "--games", "1", "--quiet"]
    assert main([*argv, "--bots", "search,heuristic", "--playouts", "2", "--workers", "1"]) == 0


@pytest.mark.parametrize(
    ("args", "says"),
    [
        (["--bots", "search,heuristic", "--playouts", "0"], "--playouts must be"),
        (["--bots", "search,heuristic", "--playouts", "many"], "--playouts must be"),
        (["--bots", "heuristic,random", "--playouts", "5"], "--playouts sets the search bot"),
    ],
)
def test_a_bad_budget_on_the_command_line_is_a_usage_error(args: list[str], says: str) -> None:
    result = subprocess.run(
        [sys.executable, "-m", "speakeasy.app.entry", "simulate", "--games", "1", *args],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 2
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and says in lines[0], result.stderr


def test_positions_helper_yields_the_start() -> None:
    game = next(positions(lambda seed: load("mafia-city").new_game(3, seed), 1, 5))
    assert not game.is_over


def test_a_batch_record_says_where_the_search_chose_as_its_policy_would() -> None:
    """Issue 27's study: each search seat's record counts, by kind of decision, the choices
    with more than one option and those the same as its rollout policy's (the heuristic
    bot's) at the same position; other seats have no such count."""
    game_type = load("mafia-city")
    specs = game_specs(game_type, 1, 3, seed=4, bots=("search", "heuristic", "heuristic"))
    assert game_type.play_batch_game is not None
    record = game_type.play_batch_game(dataclasses.replace(specs[0], playouts=2))
    searched = [s for s in record.seats if s.bot == "search"]
    assert len(searched) == 1
    agreement = searched[0].details["agreement"]
    assert agreement and all(0 <= same <= n for same, n in agreement.values())
    decided, _ = record.decision_time["search"]
    assert 0 < sum(n for _, n in agreement.values()) <= decided
    assert all("agreement" not in s.details for s in record.seats if s.bot != "search")
    rows = agreement_rows([record])  # the study's table: the most different kind first
    assert [r["decisions"] for r in rows[:-1]] == [
        n for same, n in sorted(agreement.values(), key=lambda t: t[0] / t[1])
    ]
    assert rows[-1]["decision"] == "every decision"
    assert rows[-1]["decisions"] == sum(n for _, n in agreement.values())


def test_the_search_studys_rows_name_each_decision_in_a_players_words() -> None:
    """Every kind of Speakeasy decision has a name for the study's table (no engine words)."""
    game_type = load("speakeasy")
    game = game_type.new_game(2, 1)
    bots = {p: game_type.make_bot("heuristic", str(p), 1) for p in game.players}
    seen = set()
    while game.pending is not None:
        seen.add(str(game.pending.kind))
        game.apply(decide(game, bots[game.pending.player]))
    assert seen <= set(DECISION_NAMES), seen - set(DECISION_NAMES)
    assert all("_" not in name for name in DECISION_NAMES.values())


# ------------------------------------------------ policy improvement, on a game made to measure
@dataclasses.dataclass(frozen=True)
class _NoOptions:
    def to_data(self) -> dict[str, bool]:
        return {}


DiceCtx = Context[list[int], str, str, str]


class _Dice(GameDefinition[list[int], DiceCtx, int]):
    """One seat picks ``k`` from 1 to 4 (worth ``10 k``), then rolls three times from 0 to 9;
    the score is ``10 k`` plus the rolls. The rolls' options are listed rotated by ``3 k``,
    so the same rollout seeds roll differently after each pick: pure noise, mean 13.5 each.
    ``worth`` = 0 makes every pick worth the same."""

    save_format = "dice"
    refusal_rules = dict.fromkeys(REFUSALS, "D-1")
    worth = 10

    def begin(
        self, players: tuple[str, ...], rng: random.Random, options: Any, start: Any | None
    ) -> tuple[DiceCtx, Flow[None]]:
        ctx: DiceCtx = Context(state=[], rng=rng)
        return ctx, self.restart(ctx, 0)

    def restart(self, ctx: DiceCtx, restart: Hashable) -> Flow[None]:
        assert restart == 0
        ctx.checkpoint(0)
        pick = yield from ctx.ask(
            "ann", "pick", "Pick", ("D-1",), [Action("pick", (k,)) for k in (1, 2, 3, 4)]
        )
        ctx.state.append(int(pick.args[0]))
        turn = 3 * int(pick.args[0])
        for _ in range(3):
            rolls = [(r + turn) % 10 for r in range(10)]
            roll = yield from ctx.ask(
                "ann", "roll", "Roll", ("D-1",), [Action("roll", (r,)) for r in rolls]
            )
            ctx.state.append(int(roll.args[0]))

    def result(self, ctx: DiceCtx) -> int:
        pick, *rolls = ctx.state
        return self.worth * pick + sum(rolls)

    def state_data(self, state: list[int]) -> Any:
        return list(state)

    def players_from_data(self, players: list[str]) -> tuple[str, ...]:
        return tuple(players)

    def options_from_data(self, data: object) -> _NoOptions:
        return _NoOptions()

    def observe(self, ctx: DiceCtx, seat: Any) -> tuple[int, ...]:
        return tuple(ctx.state)


class _DiceGame(Engine[list[int], DiceCtx, int]):
    definition = _Dice()


class _EvenDice(_Dice):
    worth = 0


class _EvenDiceGame(Engine[list[int], DiceCtx, int]):
    definition = _EvenDice()


def _dice_search(kind: type[Engine[Any, Any, Any]], **kwargs: Any) -> SearchBot:
    """A search bot for a dice game: nothing is hidden (the determinization replays the
    observation); the policy picks 1, the worst, and rolls at random."""

    def determinize(seen: tuple[int, ...], rng: random.Random) -> Engine[Any, Any, Any]:
        game = kind(("ann",), seed=rng.randrange(1000), options=_NoOptions())
        for value in seen:
            assert game.pending is not None
            game.apply(f"{game.pending.kind} {value}")
        return game

    return SearchBot(determinize, lambda game: {"ann": float(game.result())}, **kwargs)


class _PickOne:
    def __init__(self, seed: int) -> None:
        self.random = RandomBot(seed=seed)

    def choose(self, observation: object, decision: Decision) -> Action:
        if decision.kind == "pick":
            return decision.options[0]
        return self.random.choose(observation, decision)


def _pick_one(seat: str, seed: int) -> Any:
    return _PickOne(seed)


def _dice_advice(kind: type[Engine[Any, Any, Any]], seed: int, **kwargs: Any) -> Advice:
    game = kind(("ann",), seed=1, options=_NoOptions())
    decision = game.pending
    assert decision is not None
    bot = _dice_search(kind, seed=seed, rollout=_pick_one, **kwargs)
    return bot.advise(game.observe("ann"), decision)


def test_policy_improvement_plays_the_policys_choice_in_every_round() -> None:
    """With ``confidence`` set, each round of playouts opens with the rollout policy's own
    choice (pick 1) and pairs it with the round's other options on the same rollout seeds;
    with fewer playouts a draw than options, a round is as long as the share."""
    advice = _dice_advice(_DiceGame, 1, playouts=6, determinizations=3, confidence=2.0)
    assert advice.preferred == Action("pick", (1,))
    played = {e.option.args[0]: e.playouts for e in advice.estimates}
    assert played[1] == 3  # a round of two in each of the three draws
    assert sum(played.values()) == 6
    assert [e.option.args[0] for e in advice.paired] == [2, 3, 4]
    assert [e.playouts for e in advice.paired] == [played[k] for k in (2, 3, 4)]


def test_policy_improvement_leaves_the_policy_for_a_clearly_better_option() -> None:
    """Pick 4 is worth 30 more than the policy's pick 1: with enough pairs the search takes
    it (its paired difference is far above two standard errors) though the rolls are noise."""
    advice = _dice_advice(_DiceGame, 2, playouts=40, determinizations=4, confidence=2.0)
    assert advice.choice == Action("pick", (4,))
    best = advice.paired[-1]
    assert best.playouts >= MIN_PAIRS and best.mean - 2 * best.stderr > 0


def test_policy_improvement_keeps_the_policys_choice_on_noise() -> None:
    """Every pick is worth the same: plain flat Monte-Carlo takes the luckiest mean, so it
    leaves the policy's pick 1 in most of 40 seeded searches; policy improvement in few."""
    plain = improved = 0
    for seed in range(40):
        budget = {"playouts": 16, "determinizations": 4}
        plain += _dice_advice(_EvenDiceGame, seed, **budget).choice != Action("pick", (1,))
        advice = _dice_advice(_EvenDiceGame, seed, confidence=2.0, **budget)
        improved += advice.choice != advice.preferred
    assert plain >= 20
    assert improved <= 6


@pytest.mark.parametrize("name", names())
def test_policy_improvement_departs_only_for_a_clear_difference(name: str) -> None:
    """In every game: the choice is the rollout policy's own, or an option whose paired
    difference from it is above ``confidence`` standard errors over enough pairs."""
    game = _game(name, 11)
    decision = game.pending
    assert decision is not None
    bot = SearchBot.for_game(load(name), seed=4, confidence=1.0, **SMALL)
    advice = bot.advise(game.observe(decision.player), decision)
    assert advice.preferred in decision.options and advice.choice in decision.options
    assert len(advice.paired) == len(decision.options) - 1
    if advice.choice != advice.preferred:
        (chosen,) = [e for e in advice.paired if e.option == advice.choice]
        assert chosen.playouts >= MIN_PAIRS and chosen.mean - chosen.stderr > 0
        better = [e.mean - e.stderr for e in advice.paired if e.playouts >= MIN_PAIRS]
        assert chosen.mean - chosen.stderr == max(better)


@pytest.mark.parametrize("bad", [-1.0, float("nan"), float("inf"), True, "2"])
def test_a_bad_confidence_is_refused(bad: Any) -> None:
    with pytest.raises(ValueError, match="confidence"):
        SearchBot.for_game(load("speakeasy"), confidence=bad)


def test_a_long_strength_run_adds_up_over_several_sittings(tmp_path: Any) -> None:
    """The strength benchmark's parts (``--first``, ``--record``) add up: each game is
    seeded by its index alone, so games 0-1 and then 1-2 played in two sittings report as
    games 0-2, the game recorded twice counted once, and it is the same game both times."""
    record = tmp_path / "games.jsonl"
    for first in (0, 1):
        run("mafia-city", 3, 2, 2, seed=5, workers=1, first=first, record=record)
    lines = [json.loads(line) for line in record.read_text().splitlines()]
    assert sorted(line["index"] for line in lines) == [0, 1, 1, 2]
    twice = [line for line in lines if line["index"] == 1]
    assert twice[0]["seats"] == twice[1]["seats"]
    (total,) = report(lines)
    assert "3 games (indices 0-2)" in total and "fair share 33%" in total


@pytest.mark.parametrize(
    ("search", "heuristic", "share"), [(290, 190, 1.0), (150, 201, 0.0), (200, 200, 0.5)]
)
def test_alone_at_the_table_the_search_wins_a_deal_by_more_money(
    search: int, heuristic: int, share: float
) -> None:
    """Speakeasy with 1 player (its solo rules are not in the text, GAP-23): the same deal
    played alone by either bot, the higher final money wins, a tie counts half (the strength
    benchmark's ``solo_record``), whichever of the two games finished first."""

    def alone(bot: str, money: int) -> GameRecord:
        seat = SeatRecord("purple", bot, 1, 1, True, money)
        return GameRecord(
            "speakeasy", 3, 42, 1, (seat,), ("purple",), 200, {}, 1.0, {bot: (99, 1.0)}
        )

    one, other = alone("search", search), alone("heuristic", heuristic)
    for pair in ((one, other), (other, one)):
        record = solo_record(*pair)
        assert [(s.bot, s.score) for s in record.seats] == [
            ("search", search),
            ("heuristic", heuristic),
        ]
        assert record.index == 3 and record.decisions == 400
        line = game_line({"players": 1}, record, "abc")
        assert line["search_share"] == share and line["search_decisions"] == 99

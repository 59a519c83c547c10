"""The coach (issue 27, :mod:`speakeasy.tools.coach`) for every registered game: an estimate
for every legal option from the asking seat's observation only, reasons in the game's measures
with their rules, the same answer for the same question, blind to what the seat cannot see,
anytime (progress and cancel), and every bad request refused."""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

import pytest

from speakeasy.core.bots import RandomBot, decide
from speakeasy.core.engine import Engine
from speakeasy.core.features import Feature
from speakeasy.games import load, names
from speakeasy.tools.coach import MAX_WORLDS, Coaching, Reason, coach
from speakeasy.tools.search import SearchBot, random_rollout

PLAYERS = {"speakeasy": 2, "mafia-city": 3}


def _decision(name: str, seed: int, steps: int = 25) -> Engine[Any, Any, Any]:
    """A seeded game of ``name`` played at random until, ``steps`` decisions in, a seat
    has at least two options."""
    game_type = load(name)
    game: Engine[Any, Any, Any] = game_type.new_game(PLAYERS[name], seed)
    bot = RandomBot(seed=seed)
    for step in range(10_000):
        pending = game.pending
        assert pending is not None, "the game ended before a real choice"
        if step >= steps and len(pending.options) >= 2:
            return game
        game.apply(decide(game, bot))
    raise AssertionError("no decision with two options")


def _ask(name: str, game: Engine[Any, Any, Any], **kwargs: Any) -> Coaching:
    pending = game.pending
    assert pending is not None
    kwargs.setdefault("worlds", 3)
    kwargs.setdefault("rollout", random_rollout)
    return coach(load(name), game.observe(pending.player), pending, **kwargs)


def _same(a: Coaching, b: Coaching) -> bool:
    """Equal answers (the seconds aside)."""
    return a.to_data() | {"seconds": 0} == b.to_data() | {"seconds": 0}


@pytest.mark.parametrize("name", names())
def test_the_coach_estimates_every_legal_option_and_gives_reasons_with_rules(name: str) -> None:
    """Every registered game can be coached: an estimate per option in the decision's order
    (R-TURN and MC-ACT decisions alike), a recommended option that is legal, and reasons
    that name the game's measures and rule IDs of its rules index."""
    game = _decision(name, seed=4)
    pending = game.pending
    assert pending is not None
    answer = _ask(name, game, worlds=4)
    assert [e.option for e in answer.estimates] == list(pending.options)
    assert answer.worlds + answer.failed + answer.broken == 4 and answer.worlds >= 2
    assert answer.best is not None and answer.best.option in pending.options
    assert answer.runner_up is not None and answer.best.mean >= answer.runner_up.mean
    assert answer.seat == str(pending.player) and answer.chapter in {"act", "round"}
    index = load(name).rules.index()
    features = load(name).features
    assert features is not None
    for feature in features(game, str(pending.player)):  # every measure's rules
        assert feature.rules and all(r in index for r in feature.rules), feature
    for reason in answer.reasons:
        assert reason.rules and all(r in index for r in reason.rules), reason
        assert reason.when in {"now", "chapter", "end"}
        assert abs(reason.difference) > 2 * reason.stderr
    data = answer.to_data()
    assert [r["option"] for r in data["ranked"]] == [str(e.option) for e in answer.ranked()]


@pytest.mark.parametrize("name", names())
def test_the_scored_measures_add_up_to_the_score(name: str) -> None:
    """The game's scored measures of a finished game add up to the seat's final score
    (R-SCORING-1, MC-WIN-2), and ``others`` is the best other seat's: the reasons explain the
    margin the estimates count."""
    game_type = load(name)
    game = _decision(name, seed=5)
    bot = RandomBot(seed=5)
    while not game.is_over:
        game.apply(decide(game, bot))
    assert game_type.features is not None and game_type.scores is not None
    scores = game_type.scores(game)
    for seat in scores:
        parts = {f.key: f for f in game_type.features(game, seat)}
        assert sum(f.value for f in parts.values() if f.scored) == scores[seat]
        assert parts["others"].value == max(v for s, v in scores.items() if s != seat)


@pytest.mark.parametrize("name", names())
def test_the_same_question_gets_the_same_answer(name: str) -> None:
    game = _decision(name, seed=6)
    first = _ask(name, game, seed=11)
    assert _same(first, _ask(name, game, seed=11))
    assert _same(first, _ask(name, game.copy(), seed=11))


@pytest.mark.parametrize("name", names())
def test_the_coach_sees_only_what_the_seat_sees(name: str) -> None:
    """Hidden information (R-CARD-9, R-MONEY-1, MC-INFO-1, MC-INFO-5): a position and another
    that differs only in facts the asking seat cannot see (another seat's hand or safe, the
    order of the decks) give the same advice."""
    game_type = load(name)
    game = _decision(name, seed=7)
    pending = game.pending
    assert pending is not None and game_type.determinize is not None
    seat = pending.player
    other = game_type.determinize(game.observe(seat), random.Random(99))
    assert other.observe(seat) == game.observe(seat)
    data = game.definition.state_data
    assert data(other.state) != data(game.state), "the other position must hide other facts"
    assert _same(_ask(name, game, seed=3), _ask(name, other, seed=3))


def test_the_coach_reports_progress_and_stops_when_cancelled() -> None:
    """Anytime: progress after each world; a cancelled question answers from the worlds
    played so far."""
    game = _decision("mafia-city", seed=8)
    seen: list[tuple[int, int]] = []
    answer = _ask(
        "mafia-city", game, worlds=5, progress=lambda done, total: seen.append((done, total))
    )
    assert seen[-1] == (5, 5) and len(seen) == answer.worlds == 5
    asked: list[int] = []

    def cancel() -> bool:
        asked.append(1)
        return len(asked) > 2

    stopped = _ask("mafia-city", game, worlds=5, cancel=cancel)
    assert stopped.cancelled and stopped.worlds == 2
    assert stopped.best is not None


@pytest.mark.parametrize("name", names())
def test_the_coach_plays_on_with_its_games_rollout_bots(name: str) -> None:
    """Without a ``rollout``, the bots that play on are the game's ``coach_rollout`` when it
    sets one, else its search bot's rollout policy: every world's seats are made by it."""
    game_type = load(name)
    game = _decision(name, seed=3)
    pending = game.pending
    assert pending is not None
    made: list[str] = []

    def spy(seat: str, seed: int) -> Any:
        made.append(seat)
        return random_rollout(seat, seed)

    asked = replace(game_type, coach_rollout=spy)
    coach(asked, game.observe(pending.player), pending, worlds=2)
    assert set(made) == {str(p) for p in game.players}
    # every seat, in each world for each option (the same seeds: common random numbers)
    assert len(made) == 2 * len(pending.options) * len(game.players)
    # no game sets one today: both play on with their search bot's rollout policy, the
    # heuristic bot (the policy the search bot improves on)
    assert game_type.coach_rollout is None
    made.clear()
    searching = {
        **game_type.bots,
        "search": lambda seat, seed: SearchBot.for_game(game_type, rollout=spy),
    }
    coach(replace(game_type, bots=searching), game.observe(pending.player), pending, worlds=2)
    assert len(made) == 2 * len(pending.options) * len(game.players)
    bot = game_type.make_bot("search", str(pending.player), 0)
    assert isinstance(bot, SearchBot) and bot.rollout.__name__ == "heuristic_rollout"


@pytest.mark.parametrize("worlds", [0, -1, MAX_WORLDS + 1, 2.5, True, "3", None])
def test_a_bad_number_of_worlds_is_refused(worlds: Any) -> None:
    game = _decision("mafia-city", seed=9)
    with pytest.raises(ValueError, match="worlds must be"):
        _ask("mafia-city", game, worlds=worlds)


@pytest.mark.parametrize(
    ("unit", "difference", "text"),
    [
        ("$", 12.4, "+$12"),
        ("$", -3.0, "-$3"),
        ("VP", 0.75, "+0.8 VP"),
        ("building", -1.0, "-1 building"),
        ("building", 2.0, "+2 buildings"),
        ("", 0.375, "38% more often"),
        ("", -0.5, "50% less often"),
    ],
)
def test_a_reasons_amount_reads_as_a_player_says_it(
    unit: str, difference: float, text: str
) -> None:
    reason = Reason("k", "label", "end", difference, 0.1, ("R-SCORING-1",), None, unit, True)
    assert reason.amount() == text


@pytest.mark.parametrize("name", names())
def test_what_a_seat_earned_adds_up_source_by_source(name: str) -> None:
    """The game's ``flows`` over a whole game's events: Speakeasy's money by source adds up to
    all the money the seat gained (R-MONEY-3, R-MONEY-4) and its Lucky Luciano payouts by area
    to its payouts (R-PAYOUT-1); Mafia City's VP by location to its final VP (MC-CTRL-7,
    MC-CLUB-2). Every measure is there, 0 where nothing came."""
    game_type = load(name)
    game = _decision(name, seed=12)
    bot = RandomBot(seed=12)
    while not game.is_over:
        game.apply(decide(game, bot))
    assert game_type.flows is not None and game_type.scores is not None
    index = game_type.rules.index()
    keys = None
    for seat in game_type.scores(game):
        found = {f.key: f for f in game_type.flows(game.events, seat)}
        assert keys is None or set(found) == keys
        keys = set(found)
        assert all(r in index for f in found.values() for r in f.rules)
        if name == "speakeasy":  # every payout of the Lucky Luciano phases, by area
            areas = [f.value for k, f in found.items() if k.startswith("from:luciano:")]
            paid = [e for e in game.events if e.kind == "payout" and e.player == seat]
            assert len(areas) == 3 and sum(areas) == sum(int(e.data["amount"]) for e in paid)
            sold = [e for e in game.events if e.kind == "sell" and e.player == seat]
            assert found["from:barrels"].value == sum(int(e.data["price"]) for e in sold)
        else:
            assert sum(f.value for f in found.values()) == game_type.scores(game)[seat]


@pytest.mark.parametrize("name", names())
def test_the_coach_counts_what_each_option_earns_from_the_option_on(name: str) -> None:
    """The coach's reasons may say how an option pays: its ``flows`` are measured over the
    events of each playout from the option itself on (the option's own events, then the
    chapter's, then the whole rest of the game), in every world and for every option."""
    game_type = load(name)
    game = _decision(name, seed=13)
    pending = game.pending
    assert pending is not None
    heard: list[int] = []

    def counting(events: Any, seat: str) -> tuple[Feature, ...]:
        heard.append(len(events))
        return (Feature("heard", "events heard", float(len(events)), ("R-SCORING-1",)),)

    asked = replace(game_type, flows=counting)
    answer = coach(asked, game.observe(pending.player), pending, worlds=2, rollout=random_rollout)
    assert answer.worlds == 2
    per_playout = [heard[k : k + 3] for k in range(0, len(heard), 3)]
    assert len(per_playout) == 2 * len(pending.options)
    for now, chapter, end in per_playout:
        assert 0 <= now <= chapter <= end and end > 0


@pytest.mark.parametrize("name", names())
def test_reasons_compare_with_a_move_of_another_kind_when_the_runner_up_is_a_twin(
    name: str,
) -> None:
    """A runner-up of the same kind as the recommended move (the same kind of action, other
    arguments) teaches little; with moves of another kind on offer the reasons compare with the
    best of those (``contrast``), whose lead is the difference of the two estimates (every
    option is played in every world); otherwise with the runner-up."""
    twins = 0
    for seed in range(1, 40):
        game = _decision(name, seed=seed, steps=10 + seed)
        pending = game.pending
        assert pending is not None
        kinds = {o.kind for o in pending.options}
        if len(kinds) < 2 or len(pending.options) <= len(kinds):
            continue  # no twins, or a single kind: nothing to choose between
        answer = _ask(name, game, worlds=2)
        best, second, *rest = answer.ranked()
        other = [e for e in rest if e.option.kind != best.option.kind]
        if second.option.kind == best.option.kind and other:
            twins += 1
            assert answer.contrast == other[0] and answer.compared == other[0]
            lead, _ = answer.contrast_lead
            assert lead == pytest.approx(best.mean - other[0].mean)
            data = answer.to_data()["contrast"]
            assert data["option"] == str(other[0].option)
        else:
            assert answer.contrast is None and answer.compared == second
            assert answer.to_data()["contrast"] is None
        if twins >= 2:
            return
    raise AssertionError(f"only {twins} decisions of {name} whose runner-up is a twin")


def test_what_a_move_itself_changes_is_said_once() -> None:
    """A difference the same in every world (``certain``: a bottle taken, a token placed) that
    stays the same later is said once, at the first moment it shows: here the helper card's
    bottle (R-SCORING-4), which without this rule is said again at the end of the act."""
    game = _decision("speakeasy", seed=26, steps=26)
    answer = _ask("speakeasy", game, worlds=4)
    bottles = [r for r in answer.reasons if r.key == "bottles"]
    assert [r.when for r in bottles if r.certain] == ["now"], bottles  # not "chapter" too
    said: dict[str, list[float]] = {}
    for reason in answer.reasons:
        if reason.certain:
            assert all(abs(reason.difference - d) > 1e-9 for d in said.get(reason.key, []))
            said.setdefault(reason.key, []).append(reason.difference)

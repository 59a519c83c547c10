"""Issue 15 §5: a scenario captures any position exactly.

For every decision point of any game,
:func:`~speakeasy.games.speakeasy.positions.scenario_from_game` written out as the text a user edits
(TOML, or the JSON a saved game holds) and loaded back gives the same position (states equal), the
same pending decision (player, kind, prompt, rules, facts), the same legal options with their labels
and the same blocked options with their reasons; and play continuing from both with the same choices
gives the same game, random draws included (the scenario holds the state of the random number
generator, R-SETUP-1).

The scenario holds the position at the last checkpoint (round start, Lucky Luciano phase,
final scoring; before the prologue, the game's start) in full plus the decisions since, which
loading replays; those checkpoints are where the engine itself restarts the rules.

``SPEAKEASY_CAPTURE_EXAMPLES`` raises the number of random positions (default 12).
"""

from __future__ import annotations

import json
import os
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from speakeasy.core.actions import Event
from speakeasy.core.bots import decide
from speakeasy.games.speakeasy.engine.bots import RandomBot, play_until
from speakeasy.games.speakeasy.engine.game import Game
from speakeasy.games.speakeasy.model.options import Options
from speakeasy.games.speakeasy.model.state import Phase, to_data
from speakeasy.games.speakeasy.positions.capture import scenario_from_game
from speakeasy.games.speakeasy.positions.errors import ScenarioError
from speakeasy.games.speakeasy.positions.format import Scenario, parse_scenario
from tests.support import play_bot_ignoring_refusals

EXAMPLES = int(os.environ.get("SPEAKEASY_CAPTURE_EXAMPLES", "12"))
#: Every rules switch flipped from its default (variants on, DISC readings switched).
VARIANTS = {name: not value for name, value in Options().to_data().items()}


def decision(game: Game) -> Any:
    """The pending decision as plain data: who, what, the prompt, rules and facts, every
    legal option with its label, every blocked option with its refusal."""
    pending = game.pending
    if pending is None:
        return None
    return (
        pending.player,
        pending.kind,
        pending.prompt,
        pending.rules,
        pending.facts,
        [(str(a), a.label) for a in pending.options],
        [(str(b.action), b.action.label, str(b.error), b.error.code) for b in pending.blocked],
    )


def loaded(game: Game, via: str) -> Game:
    """``game``'s position captured and loaded back through TOML or JSON text."""
    scenario = scenario_from_game(game)
    if via == "toml":
        return parse_scenario(scenario.to_toml(), "saved.toml").game()
    return Scenario.from_data(json.loads(json.dumps(scenario.to_data())), "saved.json").game()


def assert_same_position(game: Game, other: Game, where: str) -> None:
    assert to_data(other.state) == to_data(game.state), where
    assert other.state == game.state, where
    assert decision(other) == decision(game), where
    assert other.legal_actions() == game.legal_actions(), where


def events_text(events: list[Event]) -> list[tuple[str, str | None, str]]:
    return [(e.kind, e.player, e.text) for e in events]


def assert_same_continuation(game: Game, other: Game, seed: int, steps: int, where: str) -> None:
    """The same choices from both positions give the same events and positions."""
    game = game.copy()
    first, second = RandomBot(seed), RandomBot(seed)
    for step in range(steps):
        if game.is_over:
            break
        a, b = decide(game, first), decide(other, second)
        assert a == b, f"{where}, step {step}"
        assert events_text(game.apply(a)) == events_text(other.apply(b)), f"{where}, step {step}"
    assert_same_position(game, other, f"{where}, after {steps} more decisions")
    assert other.is_over == game.is_over, where
    if game.is_over:
        assert other.result() == game.result(), where


def positions(players: int, seed: int, options: dict[str, bool] | None = None) -> list[Game]:
    """A seeded random-bot game at every one of its decisions, to the end."""
    game = Game.new(players=players, seed=seed, options=options)
    bot = RandomBot(seed)
    found = [game.copy()]
    while not game.is_over:
        game.apply(decide(game, bot))
        found.append(game.copy())
    return found


@pytest.mark.parametrize(
    ("players", "seed", "options"),
    [(1, 4, None), (2, 1, VARIANTS), (3, 2, None)],
    ids=["solo", "2p-variants", "3p"],
)
def test_every_decision_of_a_game_round_trips(
    players: int, seed: int, options: dict[str, bool] | None
) -> None:
    """At EVERY decision of a whole game (prologue, rounds, gang wars, final scoring, game
    over) the captured scenario loads back to the same position, decision and options."""
    phases: set[Phase] = set()
    games = positions(players, seed, options)
    for step, game in enumerate(games):
        where = f"{players} players, seed {seed}, step {step}"
        assert_same_position(game, loaded(game, "json"), where)
        phases.add(game.state.phase)
    assert {Phase.PROLOGUE, Phase.ROUNDS, Phase.OVER} <= phases
    assert players == 1 or Phase.GANG_WAR in phases  # the solo sandbox may defend nothing
    # every tenth position also through TOML, and play continues identically from some
    for step, game in list(enumerate(games))[::10]:
        where = f"{players} players, seed {seed}, step {step} (TOML)"
        other = loaded(game, "toml")
        assert_same_position(game, other, where)
        if step % 30 == 0:
            assert_same_continuation(game, other, seed + step, 40, where)


@settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    players=st.integers(1, 4),
    seed=st.integers(0, 10**6),
    decisions=st.integers(0, 400),
    variants=st.booleans(),
    via=st.sampled_from(["toml", "json"]),
)
def test_property_any_position_round_trips_and_plays_on_the_same(
    players: int, seed: int, decisions: int, variants: bool, via: str
) -> None:
    """Issue 15 §5: a random position of a random game (any seat count, with or without the
    variants) round-trips exactly, and the game played on from it is the same game."""
    game = Game.new(players=players, seed=seed, options=VARIANTS if variants else None)
    bot = RandomBot(seed)
    for _ in range(decisions):
        if game.is_over:
            break
        game.apply(decide(game, bot))
    where = f"{players} players, seed {seed}, {len(game.history)} decisions, {via}"
    other = loaded(game, via)
    assert_same_position(game, other, where)
    # captured again, the loaded game gives the very same scenario (a fixed point)
    assert scenario_from_game(other).data == scenario_from_game(game).data, where
    assert_same_continuation(game, other, seed + 1, 60, where)


def stop_at(players: int, seed: int, until: str, *, then: int = 0) -> Game:
    game = Game.new(players=players, seed=seed)
    bot = RandomBot(seed)
    play_until(game, bot, until)  # type: ignore[arg-type]
    for _ in range(then):
        if game.is_over:
            break
        game.apply(decide(game, bot))
    return game


@pytest.mark.parametrize(("players", "seed"), [(2, 13), (4, 11)])
def test_the_named_moments(players: int, seed: int) -> None:
    """Mid-prologue (a save there no longer starts Act 1), mid-gang-war (no longer restarts
    the Lucky Luciano phase), mid-round, final scoring and game over (seeds whose first gang
    war asks for defences, R-GANGWAR-7)."""
    game = Game.new(players=players, seed=seed)
    bot = RandomBot(seed)
    for _ in range(3):  # into the prologue (2 players: the docks placement first)
        game.apply(decide(game, bot))
    assert game.state.phase is Phase.PROLOGUE
    saved = scenario_from_game(game)
    assert saved.data["phase"] == "prologue" and len(saved.data["actions"]) == 3
    assert_same_position(game, loaded(game, "toml"), "mid-prologue")

    game = stop_at(players, seed, "luciano")
    assert game.state.phase is Phase.GANG_WAR
    defences = 0
    while game.state.phase is Phase.GANG_WAR:
        saved = scenario_from_game(game)
        assert saved.data["phase"] == "luciano"
        assert len(saved.data.get("actions", ())) == defences
        assert_same_position(game, loaded(game, "toml"), f"gang war, defence {defences}")
        game.apply(decide(game, bot))
        defences += 1
    assert_same_position(game, loaded(game, "toml"), "after the gang war")

    game = stop_at(players, seed, "round", then=5)
    saved = scenario_from_game(game)
    assert saved.data["phase"] == "rounds" and len(saved.data["actions"]) == 5
    assert_same_position(game, loaded(game, "toml"), "mid-round")

    while not game.is_over:
        game.apply(decide(game, bot))
    saved = scenario_from_game(game)
    assert saved.data["phase"] == "final" and "actions" not in saved.data
    other = loaded(game, "toml")
    assert other.is_over and other.result() == game.result()
    assert_same_position(game, other, "game over")


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_a_captured_position_holds_every_hidden_part_whatever_the_seed(players: int) -> None:
    """Issue 26: the captured scenario states every hidden or random part of the position
    (the time track's columns, R-BOARD-13; the goal tiles in play, R-SETUP-16/17; the decks,
    stacks and offers in order; the RNG state), so loading it with another ``seed`` gives the
    same position: nothing comes from the seed's own setup."""
    games = positions(players, 11)
    checked = 0
    for step, game in list(enumerate(games))[:: max(1, len(games) // 6)]:
        other = scenario_from_game(game).with_value("seed", 999).game()
        assert_same_position(game, other, f"{players} players, step {step}, another seed")
        checked += 1
    assert checked >= 6


def test_a_loaded_position_saves_undoes_and_replays() -> None:
    """The replayed decisions are the loaded game's first steps: it saves and loads as any
    game (the save holds the scenario and replays them), and undo goes back before them."""
    game = stop_at(3, 5, "round", then=7)
    other = loaded(game, "toml")
    assert len(other.history) == 7
    again = Game.from_json(other.to_json())
    assert again == other
    assert_same_position(game, again, "saved and loaded")
    other.undo()
    game.undo()
    assert_same_position(game, other, "one decision undone")


def test_what_if_play_is_deterministic() -> None:
    """The same scenario loaded twice plays the same under the same choices, shuffles
    included (the RNG state is part of the scenario)."""
    game = stop_at(2, 8, "round", then=3)
    scenario = scenario_from_game(game)
    first, second = scenario.game(), parse_scenario(scenario.to_toml()).game()
    play_until(first, RandomBot(3), "luciano")
    play_until(second, RandomBot(3), "luciano")
    play_until(first, RandomBot(4), "round")
    play_until(second, RandomBot(4), "round")
    assert first.state == second.state and first.state.act == 2


# ---------------------------------------------------------------------- edited scenarios
def captured() -> Scenario:
    return scenario_from_game(stop_at(3, 2, "round", then=4))


def refusal(scenario: Scenario, field: str, value: Any) -> ScenarioError:
    with pytest.raises(ScenarioError) as caught:
        scenario.with_value(field, value).game()
    return caught.value


def test_edited_scenarios_are_refused_with_the_field() -> None:
    """A user editing a captured scenario gets a validated position or a clear refusal."""
    scenario = captured()
    data = scenario.data
    # an action the rules no longer allow names its place in the list
    actions = list(data["actions"])
    err = refusal(scenario, "actions", [*actions[:2], "capo nowhere 9"])
    assert err.field == "actions[2]" and "refuse" in err.reason
    # the RNG state must be one
    err = refusal(scenario, "rng", "A" * 3334 + "==")
    assert err.field == "rng"
    with pytest.raises(ScenarioError, match="rng"):
        scenario.with_value("rng", "not base64")
    # every capo is somewhere (R-CAPO-1..4)
    colour = next(iter(data["player"]))
    capos = data["player"][colour]["capos"]
    err = refusal(scenario, f"player.{colour}.capos", capos + 1 if capos < 4 else capos - 1)
    assert err.field == f"player.{colour}.capos" and "R-CAPO" in err.reason
    # each card in one place (R-COMP)
    deck = list(data["decks"]["vip"])
    err = refusal(scenario, "decks.vip", [*deck, deck[0]])
    assert err.field == f"decks.vip[{len(deck)}]"
    err = refusal(scenario, "decks.vip", deck[1:])
    assert err.field == "decks.vip" and "missing" in err.reason
    # city tokens: one listed twice; a district's spaces
    offer = data["offers"]["city_right"]
    token = next(t for t in offer if t)
    err = refusal(scenario, f"player.{colour}.city_tokens", [token] * 10)
    assert "more often" in err.reason
    err = refusal(scenario, "districts.1.city_tokens", [False] * 9)
    assert "GEO-2" in err.reason
    # persons (R-TURN-4, R-LOC-GEN-6)
    err = refusal(scenario, "persons", [{"location": "nowhere", "person": 1, "owner": colour}])
    assert err.field == "persons[0].location"
    twice = [{"location": "docks", "person": 1, "owner": colour}] * 2
    assert "R-TURN-4" in refusal(scenario, "persons", twice).reason
    # the gangster decks hold their own act's tiles once (R-GANGWAR-1, R-COMP-5)
    err = refusal(scenario, "decks.gangsters", {"B": ["gangster-B1", "gangster-B1"]})
    assert err.field == "decks.gangsters.B[1]"
    # too many actions are refused before anything is replayed
    with pytest.raises(ScenarioError, match="actions"):
        scenario.with_value("actions", ["pass"] * 1001)


def test_a_hand_edit_plays_from_the_edited_position() -> None:
    """Editing the captured position (more money at the round's start) gives a game that
    replays the decisions since from there, with the edit kept."""
    scenario = captured()
    colour = next(iter(scenario.data["player"]))
    pocket = scenario.data["player"][colour]["pocket"]
    game = scenario.with_value(f"player.{colour}.pocket", pocket + 50).game()
    assert len(game.history) == len(scenario.data["actions"])
    assert game.pending is not None


def test_the_captured_scenario_is_small() -> None:
    """A captured scenario stays a readable file: about 10 KB for 4 players, the RNG state
    (3.3 KB) included."""
    game = stop_at(4, 9, "luciano")
    text = scenario_from_game(game).to_toml()
    assert len(text.encode()) < 20_000


def _paths(value: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every key and index path in ``value`` (tables and arrays)."""
    found = [path] if path else []
    if isinstance(value, dict):
        for key, item in value.items():
            found += _paths(item, (*path, key))
    elif isinstance(value, list):
        for i, item in enumerate(value):
            found += _paths(item, (*path, i))
    return found


def _leaves(value: Any) -> list[Any]:
    if isinstance(value, dict):
        return [leaf for item in value.values() for leaf in _leaves(item)]
    if isinstance(value, list):
        return [leaf for item in value for leaf in _leaves(item)]
    return [value]


CAPTURED = [
    scenario_from_game(stop_at(players, seed, until, then=then)).to_data()
    for players, seed, until, then in ((2, 13, "luciano", 1), (3, 2, "round", 6), (1, 3, "act", 2))
]


@settings(max_examples=EXAMPLES * 4, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data(), seed=st.integers(0, 2**16))
def test_a_mutated_captured_scenario_is_refused_or_plays(data: st.DataObject, seed: int) -> None:
    """Like issue 14's fuzzing of the shipped files, for the new exact fields: one to three
    random edits of a captured scenario (a field deleted, given another of the scenario's
    values, an array item dropped, doubled or two swapped) give a ScenarioError or a game that
    plays 20 random-bot decisions with no exception but IllegalAction."""
    scenario = json.loads(json.dumps(data.draw(st.sampled_from(CAPTURED))))
    leaves = [leaf for leaf in _leaves(scenario) if not isinstance(leaf, str) or len(leaf) < 100]
    for _ in range(data.draw(st.integers(1, 3))):
        path = data.draw(st.sampled_from(_paths(scenario)))
        *parents, last = path
        node = scenario
        for key in parents:
            node = node[key]
        op = data.draw(st.sampled_from(["delete", "value", "drop", "double", "swap"]))
        if op == "delete" and isinstance(node, dict):
            del node[last]
        elif op == "value":
            node[last] = data.draw(st.sampled_from(leaves))
        elif isinstance(node, list) and op in ("drop", "double", "swap"):
            if op == "drop":
                del node[last]
            elif op == "double":
                node.insert(last, node[last])
            else:
                other = data.draw(st.integers(0, len(node) - 1))
                node[last], node[other] = node[other], node[last]
    try:
        game = Scenario.from_data(scenario, "edited.json").game()
    except ScenarioError:
        return
    play_bot_ignoring_refusals(game, seed)

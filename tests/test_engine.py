"""The decision engine: pending decisions, illegal actions, determinism, history, save/load."""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys

import pytest

from speakeasy import Game, IllegalAction
from speakeasy.core.actions import Action
from speakeasy.games.speakeasy.engine.game import SaveFileError
from speakeasy.games.speakeasy.model.options import Options
from speakeasy.games.speakeasy.model.state import Colour, to_data
from speakeasy.games.speakeasy.positions.shipped import load_scenario
from speakeasy.games.speakeasy.rules.flow import Start
from tests.support import play_random


@pytest.fixture
def game() -> Game:
    return Game.new(players=3, seed=11)


def test_new_game_waits_for_a_decision(game: Game) -> None:
    assert game.pending is not None
    assert game.current_player is game.pending.player
    assert game.legal_actions() == list(game.pending.options)
    assert game.pending.rules
    assert not game.is_over


@pytest.mark.parametrize("players", [0, 5, True, ["red"], ["blue", "blue"], []])
def test_bad_player_settings_are_refused(players: object) -> None:
    with pytest.raises(ValueError, match=r"players|colour"):
        Game.new(players=players, seed=1)  # type: ignore[arg-type]


def test_colour_names_set_the_seating() -> None:
    g = Game.new(["Blue", "green"], seed=3)
    assert g.colours == (Colour.BLUE, Colour.GREEN)
    assert set(g.state.players) == {Colour.BLUE, Colour.GREEN}


def test_illegal_action_raises_and_leaves_the_state_untouched(game: Game) -> None:
    """An illegal request raises IllegalAction with a code, a rule and a reason."""
    play_random(game, 5)
    before = json.dumps(to_data(game.state), sort_keys=True)
    history = game.history
    with pytest.raises(IllegalAction) as info:
        game.apply(Action("capo", ("nowhere", 9)))
    err = info.value
    assert isinstance(err, ValueError)
    assert err.code in {"not-now", "not-an-option"}
    assert err.rule.startswith("R-")
    assert err.reason
    assert json.dumps(to_data(game.state), sort_keys=True) == before
    assert game.history == history


def test_blocked_option_explains_itself() -> None:
    """R-TURN-4: a person already talking to a capo is shown with the reason."""
    g = Game.new(players=2, seed=5)
    rng = random.Random(2)
    while g.pending is not None and not (g.pending.kind == "capo" and g.state.persons):
        g.apply(rng.choice(g.legal_actions()))
    assert g.pending is not None
    blocked = [b for b in g.pending.blocked if b.error.code == "person-taken"]
    assert blocked
    before = to_data(g.state)
    with pytest.raises(IllegalAction) as info:
        g.apply(blocked[0].action)
    assert info.value.code == "person-taken"
    assert info.value.rule == "R-TURN-4"
    assert to_data(g.state) == before


def test_actions_round_trip_through_text(game: Game) -> None:
    rng = random.Random(4)
    for _ in range(60):
        if game.is_over:
            break
        for action in game.legal_actions():
            assert Action.parse(str(action)) == action
            assert action.describe()
        game.apply(str(rng.choice(game.legal_actions())))


def test_same_seed_and_choices_give_the_same_game() -> None:
    a, b = Game.new(4, seed=21), Game.new(4, seed=21)
    play_random(a, 150, seed=8)
    play_random(b, 150, seed=8)
    assert a == b
    assert a.to_json() == b.to_json()
    assert [e.to_data() for e in a.events] == [e.to_data() for e in b.events]


def test_different_seeds_give_different_setups() -> None:
    assert to_data(Game.new(4, seed=1).state) != to_data(Game.new(4, seed=2).state)


def test_determinism_across_processes() -> None:
    """Same seed and actions in a fresh interpreter (other hash seed) give the same state."""
    g = Game.new(4, seed=33)
    play_random(g, 120, seed=3)
    code = (
        "import json,sys; from speakeasy import Game; "
        "g = Game.replay(33, json.loads(sys.stdin.read()), players=4); print(g.to_json())"
    )
    env = {**os.environ, "PYTHONHASHSEED": "12345"}
    out = subprocess.run(
        [sys.executable, "-c", code],
        input=json.dumps([str(a) for a in g.history]),
        capture_output=True,
        text=True,
        check=True,
        env=env,
    ).stdout
    assert json.loads(out) == json.loads(g.to_json())


def test_undo_redo_and_goto(game: Game) -> None:
    play_random(game, 30, seed=1)
    snapshot = game.to_json()
    last = game.history[-1]
    game.undo()
    assert len(game.history) == 29
    game.redo()
    assert game.to_json() == snapshot
    game.goto(10)
    assert len(game.history) == 10
    game.redo()
    assert len(game.history) == 11
    game.goto(0)
    assert game.history == ()
    with pytest.raises(IllegalAction, match="no action"):
        game.undo()
    del last


def test_a_new_action_clears_redo(game: Game) -> None:
    play_random(game, 6, seed=2)
    game.undo()
    game.apply(game.legal_actions()[-1])
    with pytest.raises(IllegalAction) as info:
        game.redo()
    assert info.value.code == "nothing-to-redo"


def test_replay_rebuilds_the_game(game: Game) -> None:
    play_random(game, 40, seed=6)
    again = Game.replay(11, game.history, players=3)
    assert again == game


def test_json_round_trip(game: Game) -> None:
    play_random(game, 50, seed=7)
    loaded = Game.from_json(game.to_json())
    assert loaded == game
    assert loaded.legal_actions() == game.legal_actions()


@pytest.mark.parametrize(
    ("edit", "message"),
    [
        (lambda d: d.update(format="chess"), "not a saved game"),
        (lambda d: d.update(version=99), "format version 99"),
        (lambda d: d.update(seed="x"), "'seed' must be"),
        (lambda d: d.update(players=["red"]), "bad game settings"),
        (lambda d: d.update(options={"nope": True}), "unknown option"),
        (lambda d: d["actions"].__setitem__(3, "capo nowhere 0"), "action 4"),
        (lambda d: d["state"]["players"]["purple"].update(pocket=999), "differs"),
        (lambda d: d.update(state_sha256="0" * 64), "does not match"),
    ],
)
def test_bad_or_tampered_save_is_refused(game: Game, edit: object, message: str) -> None:
    play_random(game, 20, seed=9)
    data = json.loads(game.to_json())
    edit(data)  # type: ignore[operator]
    with pytest.raises(SaveFileError, match=message):
        Game.from_json(json.dumps(data))


def test_invalid_json_is_refused() -> None:
    with pytest.raises(SaveFileError, match="invalid JSON"):
        Game.from_json("{not json")


def test_copy_is_independent(game: Game) -> None:
    play_random(game, 10)
    other = game.copy()
    assert other == game
    other.apply(other.legal_actions()[0])
    assert other != game


def test_frames_step_through_one_action_event_by_event(game: Game) -> None:
    """Each event of a step comes with the position right after it; the game is unchanged."""
    play_random(game, 25, seed=4)
    before_json = game.to_json()
    start, frames = game.frames()
    assert [f.event for f in frames] == list(game.steps[-1].events)
    if frames:
        assert to_data(frames[-1].state) == to_data(game.state)
    assert to_data(start) == to_data(Game.replay(11, game.history[:-1], players=3).state)
    assert game.to_json() == before_json
    setup_start, setup_frames = game.frames(0)
    assert [f.event for f in setup_frames] == list(game.setup_events)
    with pytest.raises(ValueError, match="step must be"):
        game.frames(99)
    del setup_start


def test_a_game_shows_itself_as_a_picture_in_jupyter(game: Game) -> None:
    """Rich repr: the plotly figure of the position, with a plain-text fallback."""
    bundle = game._repr_mimebundle_()
    assert "application/vnd.plotly.v1+json" in bundle
    assert "text/plain" in bundle and "Speakeasy, 3 players" in bundle["text/plain"]
    assert game.board is game.board and game.board.players == 3


def test_redo_line_lists_the_undone_actions_in_redo_order(game: Game) -> None:
    play_random(game, 6, seed=3)
    history = game.history
    game.goto(3)
    assert game.redo_line == history[3:]
    game.redo()
    assert game.redo_line == history[4:]


# ---------------------------------------------------------------------- checkpoints
def position(game: Game, blocked: bool = False) -> dict[str, object]:
    """Everything observable about a game's position: state, pending decision (options with
    labels, facts; the blocked options with their reasons if asked), events and steps."""
    pending = game.pending
    decision: dict[str, object] | None = None
    if pending is not None:
        decision = {
            "player": pending.player,
            "kind": pending.kind,
            "prompt": pending.prompt,
            "rules": pending.rules,
            "options": [(str(o), o.label) for o in pending.options],
            "facts": pending.facts,
        }
        if blocked:
            decision["blocked"] = [
                (str(b.action), b.action.label, b.error.code, str(b.error)) for b in pending.blocked
            ]
    return {
        "state": to_data(game.state),
        "pending": decision,
        "events": game.events,
        "setup_events": len(game.setup_events),
        "steps": game.steps,
        "labels": [s.action.label for s in game.steps],
        "rng": game._ctx.rng.getstate(),
    }


def finished_with_reference(game: Game, seed: int) -> tuple[Game, list[dict[str, object]]]:
    """Play ``game`` to the end with a random bot; the position after each step, from this
    one full replay from scratch."""
    rng = random.Random(seed)
    reference = [position(game)]
    while not game.is_over:
        game.apply(rng.choice(game.legal_actions()))
        reference.append(position(game))
    return game, reference


def replay_from_scratch(game: Game, steps: int) -> Game:
    """A new game with the same settings and the first ``steps`` of ``game``'s actions."""
    fresh = Game(game.colours, game.seed, game.options, game.scenario)
    for action in game.history[:steps]:
        fresh.apply(action)
    return fresh


OPTION_NAMES = list(Options().to_data())
CHECKPOINT_GAMES = {
    "2p seed 1": lambda: Game.new(2, seed=1),
    "2p seed 8": lambda: Game.new(2, seed=8),
    "3p seed 2": lambda: Game.new(3, seed=2),
    "3p seed 9": lambda: Game.new(3, seed=9),
    "4p seed 3": lambda: Game.new(4, seed=3),
    "4p seed 10": lambda: Game.new(4, seed=10),
    "1p sandbox": lambda: Game.new(1, seed=4),
    "4p every option on": lambda: Game.new(4, seed=5, options=dict.fromkeys(OPTION_NAMES, True)),
    "2p options flipped": lambda: Game.new(
        2, seed=6, options={n: not v for n, v in Options().to_data().items()}
    ),
    "scenario rounds act 1": lambda: load_scenario("e09_restaurant_turn_order").game(),
    "scenario luciano act 1": lambda: load_scenario("e01b_defence_equal_holds").game(),
    "scenario luciano act 2": lambda: load_scenario("e03_gang_war_district_14").game(),
    "scenario prologue": lambda: load_scenario("e23_prologue_hand_size").game(),
    "scenario final": lambda: load_scenario("e22_final_score_405").game(),
}


@pytest.mark.parametrize("name", CHECKPOINT_GAMES)
def test_goto_from_checkpoints_equals_a_full_replay(name: str) -> None:
    """goto(k) for every k, walking back from the end, restores exactly the position a full
    replay from scratch reaches: state, pending decision, events, steps and the RNG."""
    game, reference = finished_with_reference(CHECKPOINT_GAMES[name](), seed=len(name))
    assert game.checkpoints or len(game.history) < 5
    for k in range(len(game.history), -1, -1):
        game.goto(k)
        assert position(game) == reference[k], f"{name}: goto({k})"


@pytest.mark.parametrize("name", ["3p seed 2", "4p every option on", "scenario luciano act 2"])
def test_checkpoint_restores_in_any_order_and_play_continues_identically(name: str) -> None:
    """Jumps in random order (each from a copy), undo, blocked options with their reasons,
    and new play after a restore: all as if the game had been replayed from scratch."""
    game, reference = finished_with_reference(CHECKPOINT_GAMES[name](), seed=len(name))
    count = len(game.history)
    rng = random.Random(count)
    for k in rng.sample(range(count + 1), min(count + 1, 20)):
        jumped = game.copy()
        assert position(jumped) == reference[count]
        jumped.goto(k)
        assert position(jumped, blocked=True) == position(
            replay_from_scratch(game, k), blocked=True
        ), f"{name}: goto({k})"
        if k:
            jumped.undo()
            assert position(jumped) == reference[k - 1]
            jumped.redo()
        assert position(jumped) == reference[k]
        # New play after the restore: random actions (so random draws) match a fresh replay.
        fresh = replay_from_scratch(game, k)
        play = random.Random(k)
        for _ in range(30):
            if jumped.is_over:
                break
            action = play.choice(jumped.legal_actions())
            assert jumped.apply(action) == fresh.apply(action)
        assert position(jumped) == position(fresh)


def test_frames_and_copies_use_checkpoints_but_match_a_full_replay() -> None:
    game, reference = finished_with_reference(Game.new(4, seed=12), seed=12)
    for step in (1, 40, 117, len(game.history)):
        before, frames = game.frames(step)
        assert to_data(before) == reference[step - 1]["state"]
        assert [f.event for f in frames] == list(game.steps[step - 1].events)
        if frames and step < len(game.history):  # the game ends after the last event
            assert to_data(frames[-1].state) == reference[step]["state"]
    copied = game.copy()
    assert position(copied) == reference[-1] and copied.checkpoints == game.checkpoints


@pytest.mark.parametrize(("players", "seed"), [(3, 13), (4, 4), (2, 21)])
def test_checkpoints_sit_at_rounds_and_lucky_luciano_phases(players: int, seed: int) -> None:
    """One checkpoint per round (act 1 round 1 after the prologue), one before each Lucky
    Luciano phase and one before final scoring; a Lucky Luciano phase that asks nobody
    anything gives way to the next round's checkpoint at the same step."""
    game, _ = finished_with_reference(Game.new(players, seed=seed), seed=seed)
    starts = [c.restart for c in game.checkpoints]
    assert all(isinstance(s, Start) for s in starts)
    marks = [(s.phase, s.act, s.round) for s in starts if isinstance(s, Start)]
    acts = game.analysis_context().catalog.setup.acts.rounds
    expected: list[tuple[str, int, int]] = []
    for act, count in enumerate(acts, start=1):
        expected += [("rounds", act, r) for r in range(1, count + 1)]
        if act < len(acts):
            expected.append(("luciano", act, 1))
    expected.append(("final", 1, 1))
    assert [m for m in marks if m[0] != "luciano"] == [e for e in expected if e[0] != "luciano"]
    assert [m for m in expected if m in marks] == marks
    steps = [c.step for c in game.checkpoints]
    assert steps == sorted(set(steps))


def test_a_save_from_a_scenario_loads_with_only_speakeasy_imported() -> None:
    """The scenario package registers its reader when ``speakeasy`` is imported."""
    game = load_scenario("e03_gang_war_district_14").game()
    play_random(game, 10)
    code = (
        "import sys; from speakeasy import Game; "
        "g = Game.from_json(sys.stdin.read()); print(type(g.scenario).__name__, len(g.history))"
    )
    out = subprocess.run(
        [sys.executable, "-c", code],
        input=game.to_json(),
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    assert out.split() == ["Scenario", "10"]

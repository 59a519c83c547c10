"""The engine at its edges (issue 14): atomic moves, malformed actions, seeds and steps.

Each test names the item of issue 14 it covers ("item 1" = "What fails today", point 1).
"""

from __future__ import annotations

import json
import random
from collections.abc import Hashable
from dataclasses import dataclass
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from speakeasy import Game, IllegalAction, games
from speakeasy.core.actions import Action
from speakeasy.core.context import Context, Flow
from speakeasy.core.engine import REFUSALS, Engine, EngineError, GameDefinition
from speakeasy.games.speakeasy.rules.context import Ctx
from speakeasy.games.speakeasy.rules.flow import Start
from tests.support import play_random


# ---------------------------------------------------------------------- a toy game with a bug
@dataclass(frozen=True)
class NoOptions:
    def to_data(self) -> dict[str, bool]:
        return {}


class Buggy(GameDefinition[list[int], Context[list[int], int, str, str], int]):
    """Three rounds of naming 1-3; naming 3 in round 2 hits a bug after changing the state."""

    save_format = "buggy"
    refusal_rules = dict.fromkeys(REFUSALS, "B-1")

    def begin(
        self, players: tuple[str, ...], rng: random.Random, options: Any, start: Any | None
    ) -> tuple[Context[list[int], int, str, str], Flow[None]]:
        ctx: Context[list[int], int, str, str] = Context(state=[], rng=rng)
        return ctx, self.restart(ctx, 0)

    def restart(self, ctx: Context[list[int], int, str, str], restart: Hashable) -> Flow[None]:
        assert isinstance(restart, int)
        for turn in range(restart, 3):
            ctx.checkpoint(turn)
            choice = yield from ctx.ask(
                0, "number", "Name a number", ("B-1",), [Action("say", (n,)) for n in (1, 2, 3)]
            )
            ctx.state.append(int(choice.args[0]))
            ctx.emit("said", 0, ("B-1",), f"said {choice.args[0]}")
            if turn == 1 and choice.args[0] == 3:
                ctx.state.append(ctx.rng.randrange(100))
                raise KeyError("no such number")

    def result(self, ctx: Context[list[int], int, str, str]) -> int:
        return sum(ctx.state)

    def state_data(self, state: list[int]) -> Any:
        return list(state)

    def players_from_data(self, players: list[str]) -> tuple[str, ...]:
        return tuple(players)

    def options_from_data(self, data: object) -> NoOptions:
        return NoOptions()

    def observe(self, ctx: Context[list[int], int, str, str], seat: Any) -> tuple[int, ...]:
        return tuple(ctx.state)


class BuggyGame(Engine[list[int], Context[list[int], int, str, str], int]):
    definition = Buggy()


def test_a_failing_rule_leaves_the_game_as_it_was() -> None:
    """Issue 14, item 2 (core): an unexpected error inside the rules restores the position
    before the call and raises EngineError naming the step, the action and the cause."""
    game = BuggyGame(("ann",), seed=3, options=NoOptions())
    game.apply("say 2")
    before = game.to_json()
    with pytest.raises(EngineError, match=r"step 2 \('say 3'\).*KeyError") as info:
        game.apply("say 3")
    assert isinstance(info.value.__cause__, KeyError)
    assert info.value.step == 2 and info.value.action == Action("say", (3,))
    assert game.to_json() == before
    assert not game.is_over and game.state == [2] and len(game.events) == 1
    with pytest.raises(EngineError):  # still failing, still not over
        game.apply("say 3")
    assert not game.is_over
    game.apply("say 1")
    game.apply("say 1")
    assert game.is_over and game.result() == 4
    assert BuggyGame.from_json(game.to_json()) == game


class EmptyGangsterDecks:
    """A start position the rules cannot continue from: no gangster tiles at all (the
    issue's scenario with ``gangster_deck = []``), built without the scenario package."""

    start = Start()

    def apply_to(self, ctx: Ctx) -> None:
        for deck in ctx.state.gangster_decks.values():
            deck.clear()

    def to_data(self) -> dict[str, Any]:
        return {"empty_gangster_decks": True}

    def __eq__(self, other: object) -> bool:
        return isinstance(other, EmptyGangsterDecks)

    def __hash__(self) -> int:
        return 1


def test_a_position_the_rules_cannot_continue_from_never_ends_silently() -> None:
    """Issue 14, item 2: the gang war at the end of Act 1 finds no gangster tile. Before, the
    AssertionError left the state half-changed and the next apply ended the game in Act 1 with
    a winner; now each attempt raises EngineError and the game stays as it was."""
    game = Game(Game.new(2, seed=5).colours, 5, scenario=EmptyGangsterDecks())
    rng = random.Random(2)
    failure: EngineError | None = None
    for _ in range(2000):
        before = game.to_json()
        history = game.history
        try:
            game.apply(rng.choice(game.legal_actions()))
        except EngineError as exc:
            failure = exc
            break
    assert failure is not None, "the war never came"
    assert "gangster deck ran out" in str(failure)
    assert isinstance(failure.__cause__, AssertionError)
    assert f"step {len(history) + 1} " in str(failure)
    assert game.to_json() == before and game.history == history
    assert not game.is_over and game.state.act == 1
    for option in game.legal_actions():  # every way on fails the same way; none ends the game
        with pytest.raises(EngineError):
            game.apply(option)
        assert not game.is_over and game.state.act == 1
    game.undo()  # the history still works
    assert game.history == history[:-1]


def test_an_interrupt_mid_step_restores_the_game(monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 14, item 2: Ctrl-C (a BaseException) inside the rules restores the position and
    goes on as KeyboardInterrupt."""
    game = BuggyGame(("ann",), seed=3, options=NoOptions())
    before = game.to_json()

    def interrupted(event: object) -> None:
        raise KeyboardInterrupt

    game._ctx.on_emit = interrupted
    with pytest.raises(KeyboardInterrupt):
        game.apply("say 1")
    assert game.to_json() == before
    game.apply("say 1")
    assert game.state == [1]


# ---------------------------------------------------------------------- malformed actions
@pytest.fixture(scope="module")
def started() -> Game:
    game = Game.new(players=3, seed=11)
    play_random(game, 12, seed=1)
    return game


@pytest.mark.parametrize(
    "text",
    [
        "",
        " ",
        "x!",
        "💥",
        "9" * 5000,
        "capo " + "9" * 5000,
        "capo docks ٠",  # Arabic-Indic zero
        "capo docks ０",  # fullwidth zero
        "capo docks -0",
        "capo docks 000",
        "capo docks 01",
        "capo  docks 0",
        " capo docks 0",
        "capo docks 0 ",
        "capo\tdocks\t0",
        "capo docks 0\n",
        "capo docks 1000000000000000000",
        "a" * 201,
    ],
)
def test_malformed_text_is_refused_with_a_code_and_a_rule(started: Game, text: str) -> None:
    """Issue 14, item 1: malformed strings get IllegalAction ``malformed`` with a rule; before,
    a bare ValueError (or, for non-ASCII digits, -0 and 000, a normalised action)."""
    before = started.to_json()
    with pytest.raises(IllegalAction) as info:
        started.apply(text)
    assert info.value.code == "malformed" and info.value.rule == "R-TURN-1"
    assert info.value.reason and len(str(info.value)) < 400
    assert started.to_json() == before


@pytest.mark.parametrize(
    "value",
    [None, 3, 1.5, True, b"capo docks 0", ("capo", "docks", 0), {"capo"}, {}, [], object()],
)
def test_what_is_not_an_action_is_a_type_error(started: Game, value: object) -> None:
    """Issue 14, item 1: anything but a str or an Action is a TypeError with a plain message
    (before: AttributeError from Decision.why_not, or 'unhashable')."""
    before = started.to_json()
    with pytest.raises(TypeError, match=r"^apply\(\) takes an Action or its text form"):
        started.apply(value)  # type: ignore[arg-type]
    assert started.to_json() == before


@pytest.mark.parametrize(
    "action",
    [
        Action(5, ()),  # type: ignore[arg-type]
        Action("capo", [1]),  # type: ignore[arg-type]
        Action("capo", (True,)),
        Action("capo", (1.5,)),  # type: ignore[arg-type]
    ],
)
def test_ill_formed_action_objects_are_malformed(started: Game, action: Action) -> None:
    with pytest.raises(IllegalAction) as info:
        started.apply(action)
    assert info.value.code == "malformed"


def test_why_not_answers_anything(started: Game) -> None:
    """Issue 14, item 1: Decision.why_not no longer crashes on odd input."""
    pending = started.pending
    assert pending is not None
    for value in (None, 3, "capo", Action("nothing"), Action("capo", ("nowhere",))):
        assert isinstance(pending.why_not(value), IllegalAction)
    assert pending.why_not(None).code == "malformed"


def test_every_legal_action_round_trips_through_its_text() -> None:
    """Issue 14, item 1: only the canonical text parses, and every legal action of many seeded
    games is in that form (Action.parse(str(a)) == a), and is accepted as text."""
    checked = 0
    for seed in range(12):
        game = Game.new(players=1 + seed % 4, seed=seed)
        rng = random.Random(seed)
        while not game.is_over:
            options = game.legal_actions()
            for option in options:
                assert Action.parse(str(option)) == option
                checked += 1
            game.apply(str(rng.choice(options)))
    assert checked > 10_000


# ---------------------------------------------------------------------- seeds and steps
@pytest.mark.parametrize(
    ("seed", "error"),
    [
        (None, TypeError),
        (1.5, TypeError),
        ("abc", TypeError),
        ("7", TypeError),
        (b"x", TypeError),
        (True, TypeError),
        (10**5000, ValueError),
        (-1, ValueError),
        (2**63, ValueError),
    ],
    ids=["None", "float", "abc", "digits", "bytes", "bool", "huge", "negative", "2**63"],
)
def test_seeds_are_whole_numbers_in_range(seed: object, error: type[Exception]) -> None:
    """Issue 14, item 6: before, each of these started a game that could not be saved and
    reloaded (and with None, undo failed)."""
    with pytest.raises(error, match="seed must be") as info:
        Game.new(players=2, seed=seed)  # type: ignore[arg-type]
    assert len(str(info.value)) < 200


@pytest.mark.parametrize("seed", [0, 1, 2**63 - 1])
def test_seeds_at_the_bounds_save_and_load(seed: int) -> None:
    game = Game.new(players=2, seed=seed)
    play_random(game, 3)
    assert Game.from_json(game.to_json()) == game
    game.undo()


@pytest.mark.parametrize("step", ["1", 1.0, True, None, [1]])
def test_goto_and_frames_take_whole_numbers(started: Game, step: object) -> None:
    """Issue 14, item 6: goto("1") raised an internal TypeError ('<=' not supported)."""
    before = started.to_json()
    with pytest.raises(TypeError, match=r"^step must be a whole number"):
        started.goto(step)  # type: ignore[arg-type]
    if step is not None:  # frames(None) is the last step
        with pytest.raises(TypeError, match=r"^step must be a whole number"):
            started.frames(step)  # type: ignore[arg-type]
    assert started.to_json() == before


# ---------------------------------------------------------------------- fuzzing apply
_TEXT = st.one_of(
    st.text(max_size=40),
    st.text(alphabet="capo docks 0123456789-_ ", max_size=30),
    st.from_regex(r"[a-z]{1,8}( -?[0-9]{1,25}| [a-z-]{1,10}){0,3}", fullmatch=True),
)
_ANYTHING = st.recursive(
    st.one_of(
        st.none(),
        st.booleans(),
        st.integers(),
        st.floats(allow_nan=True),
        st.binary(max_size=20),
        _TEXT,
    ),
    lambda inner: st.one_of(st.lists(inner, max_size=4), st.tuples(inner, inner)),
    max_leaves=10,
)
FUZZ = {"tried": 0, "illegal": 0, "type": 0, "applied": 0}


def _fuzz_once(value: object) -> None:
    game = _FUZZED
    before = game.to_json()
    FUZZ["tried"] += 1
    refusal: Exception | None = None
    try:
        game.apply(value)  # type: ignore[arg-type]
    except (IllegalAction, TypeError) as exc:
        refusal = exc
    if isinstance(refusal, IllegalAction):
        FUZZ["illegal"] += 1
        assert refusal.code and refusal.rule and refusal.reason
    elif refusal is not None:
        FUZZ["type"] += 1
        assert str(refusal).startswith("apply() takes")
    else:
        FUZZ["applied"] += 1
        game.undo()
    assert game.to_json() == before


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(value=_ANYTHING)
def test_fuzz_apply_answers_anything(value: object) -> None:
    """Issue 14, "Tests": whatever reaches apply, the answer is IllegalAction or TypeError (or
    the action is legal and applied) and a refusal leaves the game exactly as it was."""
    _fuzz_once(value)


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(text=_TEXT, data=st.data())
def test_fuzz_apply_text(text: str, data: st.DataObject) -> None:
    """Issue 14, "Tests": random text and legal actions' texts cut, joined and changed."""
    legal = [str(a) for a in _FUZZED.legal_actions()]
    base = data.draw(st.sampled_from(legal))
    cut = data.draw(st.integers(0, len(base)))
    candidates = [text, base, base[:cut] + text, base + " " + text, text + base, base.upper()]
    _fuzz_once(data.draw(st.sampled_from(candidates)))


_FUZZED = Game.new(players=2, seed=4)
play_random(_FUZZED, 8, seed=4)


def test_fuzz_counts_are_reported() -> None:
    """Prints the counts of the fuzzing above (``pytest -s``) for the issue's note."""
    print(json.dumps(FUZZ))


@pytest.mark.parametrize("name", ["speakeasy", "mafia-city"])
@pytest.mark.parametrize(
    "request_",
    [
        Action("pass", ("7",)),  # a word that reads as a number: its text would parse as 7
        Action("pass", (10**18,)),  # 19 digits: no text form parses back to it
        Action("pass", (-(10**5000),)),  # str() of it would raise ValueError in Python
        Action("x" * 201),  # longer than any action's text
        Action("pass", ("a",) * 201),
    ],
    ids=["number-word", "19-digits", "5000-digits", "long-kind", "many-words"],
)
def test_an_action_without_a_canonical_text_is_malformed(name: str, request_: Action) -> None:
    """Issue 26 item 15: both games take canonical actions only, as text or as ``Action``: an
    ``Action`` whose text form would not read back as itself is ``malformed`` (Speakeasy
    R-TURN-1, Mafia City MC-ACT-3), refused before any text is built, the game unchanged."""
    descriptor = games.load(name)
    game = descriptor.new_game(descriptor.min_players, 1)
    before = game.to_json()
    with pytest.raises(IllegalAction) as caught:
        game.apply(request_)
    rule = type(game).definition.refusal_rules["malformed"]
    assert (caught.value.code, caught.value.rule) == ("malformed", rule)
    assert len(caught.value.reason) < 200
    assert game.to_json() == before

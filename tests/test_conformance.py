"""One conformance suite over every registered game (issue 22), in the spirit of OpenSpiel's
``api_test.py``.

Every test is parametrized over :func:`speakeasy.games.names` (and each allowed player count),
so a newly registered game is checked with no edit here. The suite reaches a game only through
its descriptor (:func:`speakeasy.games.load`) and the core :class:`~speakeasy.core.engine.Engine`
API; it imports nothing from any one game.

What each game must do (the engine's contract, :mod:`speakeasy.core.engine`):

1. **Seeded random games finish** within a bound (the descriptor's ``extra["max_random_steps"]``
   or :data:`MAX_RANDOM_STEPS`), and every legal action is accepted: ``why_not`` is ``None``
   for all of them at every step, and each one applies on a copy at some steps (a sample at
   the others).
2. **Refusals change nothing**: malformed text and malformed ``Action`` values, near misses
   (an option with one argument changed, one dropped or one added), another kind, a stale
   action from an earlier step and a request after the game is over each raise
   :class:`~speakeasy.core.actions.IllegalAction` with a stable ``code`` (the one ``why_not``
   predicts) and a ``rule`` that is an ID of the game's own rules index (refusals cite their
   rule); non-actions (``None``, ``42``, ``b"..."``) raise ``TypeError``. Apply is all or
   nothing: after each refusal ``history``, the redo line and the pending decision are as
   before, and ``to_json()`` is compared around one refusal and after all of them at each
   probed position (a Speakeasy save costs milliseconds; the property below compares every one).
3. **Save and load round-trip**: ``load_game(to_json())`` equals the game and continues
   identically; ``goto``, ``undo`` and ``redo`` reach exactly the positions played.
4. **Determinism**: the same seed and the same choices give the same game, and a copy continues
   like its original (the RNG travels with the position).
5. **Golden playthroughs**: per game one seeded game recorded step by step in
   ``tests/golden/conformance_<game>.json``: the acting seat, the number of legal actions (a
   perft-like count: a changed rule shows at once), the chosen action and, for a game whose
   engine has ``observe(seat)``, a digest of the acting seat's observation. After an intended
   rules change regenerate them and review the diff::

       SPEAKEASY_REGEN_GOLDEN=1 .venv/bin/python -m pytest tests/test_conformance.py

   (``SPEAKEASY_UPDATE_GOLDEN=1``, which ``tests/test_golden.py`` reads, works too.)
6. **A Hypothesis property**: after a random prefix of a random seeded game, every legal action
   has ``why_not(a) is None`` and every near miss a refusal that ``apply`` raises unchanged,
   leaving the game as it was.

7. **Options** are checked when made; every accepted value plays, saves and loads.
8. **Hostile input, one fuzz over every game** (issue 26 item 15): the other games' actions
   and another seat's earlier options are refused with this game's rules; 10 MB requests (text
   or ``Action``) are ``malformed`` in bounded memory (``tests/bounded.py``; their times are in
   ``tests/benchmarks/test_bench_hostile.py``); ``observe`` and ``make_bot`` of a seat the game
   lacks, and bad players or options for a new game, are a short ``ValueError`` naming what is
   allowed. Undocumented exception types are counted: zero.

The engine's own refusals (``REFUSALS``: ``malformed``, ``game-over``, ``nothing-to-undo``...)
must each name a rule of the game (Speakeasy's ``malformed`` cites R-TURN-1, Mafia City's
MC-ACT-3).
"""

from __future__ import annotations

import dataclasses
import enum
import functools
import hashlib
import json
import os
import random
import re
import tomllib
from collections.abc import Callable, Iterator, Mapping
from functools import partial
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from speakeasy import games
from speakeasy.core.actions import Action, IllegalAction
from speakeasy.core.engine import REFUSALS, Engine
from speakeasy.core.registry import GameType
from speakeasy.tools.paths import data_path
from speakeasy.tools.rule_links import RuleSet
from tests.bounded import refused

Game = Engine[Any, Any, Any]

GOLDEN_DIR = Path(__file__).resolve().parent / "golden"
#: Set either to rewrite the golden playthroughs instead of only comparing them.
REGEN = bool(os.environ.get("SPEAKEASY_REGEN_GOLDEN") or os.environ.get("SPEAKEASY_UPDATE_GOLDEN"))
#: The most steps a seeded random game may take to finish, unless its descriptor says
#: otherwise (``extra["max_random_steps"]``). Both games finish in well under 1,000.
MAX_RANDOM_STEPS = 5_000
#: Steps (besides the first) at which every legal action is applied on a copy; a copy costs a
#: replay from the nearest checkpoint, so the other steps apply a sample.
FULL_STEPS = 2
#: At most this many legal actions are applied at a full step (a seeded sample beyond it).
FULL_CAP = 40
#: At the other steps, one more legal action (besides the chosen one) is applied on a copy
#: at every this-many steps.
SAMPLE_EVERY = 8
#: The golden playthroughs: their seed and the most steps they record.
GOLDEN_SEED = 2022
GOLDEN_MAX_STEPS = 400
#: Refusal codes are stable words: lower case, hyphenated.
CODE = re.compile(r"[a-z][a-z0-9]*(?:-[a-z0-9]+)*")

NAMES = games.names()
GAME_COUNTS = [
    pytest.param(name, n, id=f"{name}-{n}p")
    for name in NAMES
    for n in range(games.load(name).min_players, games.load(name).max_players + 1)
]


# ---------------------------------------------------------------------- helpers
@functools.cache
def rule_ids(name: str) -> frozenset[str]:
    """Every ID of the game's rules index (the descriptor's ``rules_index`` under ``data/``)."""
    with data_path(games.load(name).rules_index).open("rb") as f:
        index = tomllib.load(f)
    return frozenset(str(entry["id"]) for entry in index["rule"])


def rng_for(name: str, players: int, seed: int) -> random.Random:
    """The random choices of one seeded game (a string seed hashes the same in every run)."""
    return random.Random(f"{name}/{players}/{seed}")


def max_steps(descriptor: GameType) -> int:
    return int(descriptor.extra.get("max_random_steps", MAX_RANDOM_STEPS))


def loader(descriptor: GameType, game: Game) -> Callable[[str], Game]:
    """The descriptor's ``load_game``, else the engine's own ``from_json``."""
    load = descriptor.load_game
    return load if load is not None else type(game).from_json


def copy_of(game: Game) -> Game:
    """An independent game at the same position: ``copy()``, else a save file round trip."""
    if hasattr(game, "copy"):
        copied: Game = game.copy()
        return copied
    return type(game).from_json(game.to_json())


def snapshot(game: Game) -> tuple[str, tuple[Action, ...], tuple[Action, ...]]:
    """What a refusal must leave alone: the save, the history and the redo line."""
    return game.to_json(), game.history, game.redo_line


#: The seed of the seeded random games of tests 1-4 (the Hypothesis property draws others).
SEED = 1


def played(name: str, players: int, seed: int = SEED) -> Iterator[tuple[Game, Action]]:
    """Play a seeded random game, yielding the game and the action about to be applied at
    each step (the caller may look, but must leave it as it is); the game ends over."""
    descriptor = games.load(name)
    game: Game = descriptor.new_game(players, seed)
    rng = rng_for(name, players, seed)
    for _ in range(max_steps(descriptor)):
        if game.is_over:
            return
        action = rng.choice(game.legal_actions())
        yield game, action
        game.apply(action)
    raise AssertionError(
        f"{name} with {players} players, seed {seed}: no end after {max_steps(descriptor)} steps"
    )


@functools.cache
def script(name: str, players: int, seed: int = SEED) -> tuple[Action, ...]:
    """The actions of the seeded random game (played once, shared by the tests)."""
    return tuple(action for _, action in played(name, players, seed))


def play_to(name: str, players: int, step: int, seed: int = SEED) -> Game:
    """The seeded random game after ``step`` of its actions."""
    game: Game = games.load(name).new_game(players, seed)
    for action in script(name, players, seed)[:step]:
        game.apply(action)
    return game


def near_misses(game: Game) -> list[Action]:
    """Actions one edit away from a legal option that are not options themselves: one
    argument changed (a number by one, a word by a letter), the last argument dropped or one
    argument added."""
    legal = set(game.legal_actions())
    found: dict[Action, None] = {}
    for a in game.legal_actions():
        args = a.args
        variants: list[tuple[int | str, ...]] = [(*args, 0), (*args, "x")]
        if args:
            variants.append(args[:-1])
        for i, arg in enumerate(args):
            changed: list[int | str] = (
                [arg + 1, arg - 1] if isinstance(arg, int) else [f"{arg}x", "x"]
            )
            variants.extend((*args[:i], c, *args[i + 1 :]) for c in changed)
        for v in variants:
            miss = Action(a.kind, v)
            if miss not in legal:
                found[miss] = None
    return list(found)


def check_refused(name: str, game: Game, request: Any, full: bool = True) -> IllegalAction:
    """``request`` is refused by ``why_not`` and ``apply`` alike, with a stable code and a rule
    of the game's rules index, and the game is left exactly as it was: the same history, redo
    line and pending decision, and (``full``) the same save."""
    before = snapshot(game) if full else None
    history, redo, pending = game.history, game.redo_line, game.pending
    predicted = game.why_not(request)
    assert isinstance(predicted, IllegalAction), f"{name}: {request!r} is not refused"
    with pytest.raises(IllegalAction) as raised:
        game.apply(request)
    err = raised.value
    assert (err.code, err.rule) == (predicted.code, predicted.rule), request
    assert CODE.fullmatch(err.code), f"{name}: unstable refusal code {err.code!r}"
    assert err.rule in rule_ids(name), f"{name}: {request!r} refused citing unknown {err.rule!r}"
    assert err.reason and err.rule in str(err)
    assert (game.history, game.redo_line, game.pending) == (history, redo, pending), request
    if before is not None:
        assert snapshot(game) == before, f"{name}: refusing {request!r} changed the game"
    return err


def check_type_error(game: Game, request: object) -> None:
    """A non-action raises ``TypeError`` from ``apply`` and ``why_not`` and changes nothing."""
    before = snapshot(game)
    with pytest.raises(TypeError):
        game.apply(request)  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        game.why_not(request)  # type: ignore[arg-type]
    assert snapshot(game) == before


def plain(value: Any) -> Any:
    """``value`` as JSON-ready data that depends only on its content (mappings sorted by key,
    sets sorted, dataclasses by the fields they compare by, enums by value), for stable
    digests."""
    to_data = getattr(value, "to_data", None)
    if callable(to_data):
        return plain(to_data())
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        fields = (f for f in dataclasses.fields(value) if f.compare)
        return {f.name: plain(getattr(value, f.name)) for f in fields}
    if isinstance(value, enum.Enum):
        return plain(value.value)
    if isinstance(value, Mapping):
        pairs = [[plain(k), plain(v)] for k, v in value.items()]
        return {"mapping": sorted(pairs, key=lambda p: json.dumps(p[0], sort_keys=True))}
    if isinstance(value, list | tuple):
        return [plain(v) for v in value]
    if isinstance(value, set | frozenset):
        return sorted((plain(v) for v in value), key=lambda v: json.dumps(v, sort_keys=True))
    if value is None or isinstance(value, bool | int | float | str):
        return value
    return repr(value)


def observation_digest(game: Game, seat: Any) -> str | None:
    """OBSERVATION DIGEST: a stable digest of what the acting seat may see (the first 16 hex
    digits of the SHA-256 of :func:`plain` of ``observe(seat)``), or ``None`` for an engine
    without ``observe`` (the field is then absent from its golden). Once ``observe`` lands on
    an engine, its golden must be regenerated to record the digests."""
    observe = getattr(game, "observe", None)
    if observe is None or seat is None:
        return None
    data = json.dumps(plain(observe(seat)), sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(data.encode()).hexdigest()[:16]


# ---------------------------------------------------------------------- the registry
@pytest.mark.parametrize("name", NAMES)
def test_descriptor_facts_and_engine_refusals_cite_rules(name: str) -> None:
    """The descriptor is consistent, and each of the engine's own refusals (``REFUSALS``)
    names a rule of the game's rules index (Mafia City lacked ``malformed``: a KeyError)."""
    descriptor = games.load(name)
    assert descriptor.name == name
    assert 1 <= descriptor.min_players <= descriptor.max_players <= len(descriptor.seats)
    game: Game = descriptor.new_game(descriptor.min_players, 1)
    assert isinstance(game, Engine)
    assert game.players == descriptor.seats_for(descriptor.min_players)
    rules = type(game).definition.refusal_rules
    for code in REFUSALS:
        assert code in rules, f"{name} names no rule for the engine's refusal {code!r}"
        assert rules[code] in rule_ids(name), f"{name}: {code!r} cites unknown {rules[code]!r}"
    for bad in (descriptor.min_players - 1, descriptor.max_players + 1):
        with pytest.raises(ValueError):  # noqa: PT011  (each game words it its own way)
            descriptor.new_game(bad, 1)
    # its rules for the rules page and the rule links: the IDs of its rules index (issue 25)
    assert isinstance(descriptor.rules, RuleSet) and descriptor.rules.name == name
    assert set(descriptor.rules.index().ids) == rule_ids(name)
    assert all(descriptor.rules.ids.fullmatch(i) for i in rule_ids(name))
    # the game carries its data, loaded once, and says what type its options are
    assert descriptor.data is not None and descriptor.data() is descriptor.data()
    assert descriptor.options is not None and isinstance(game.options, descriptor.options)


# ---------------------------------------------------------------------- 1. random games
@pytest.mark.parametrize(("name", "players"), GAME_COUNTS)
def test_random_games_finish_and_every_legal_action_applies(name: str, players: int) -> None:
    """A seeded random game ends within the bound; at each step the pending decision's player
    is the current player, every legal action (and its text form) passes ``why_not``, and
    legal actions apply, on copies: all of them at the first step and at :data:`FULL_STEPS`
    others (at most :data:`FULL_CAP`), one sampled action every :data:`SAMPLE_EVERY` steps."""
    length = len(script(name, players))
    pick = rng_for(name, players, -SEED)
    full = {0, *pick.sample(range(1, length), min(FULL_STEPS, length - 1))}
    applied = 0
    game = None
    for step, (game, _) in enumerate(played(name, players)):
        pending = game.pending
        assert pending is not None and game.current_player == pending.player
        legal = game.legal_actions()
        assert legal, f"{name}: a decision with no option at step {step}"
        assert len(set(legal)) == len(legal), f"{name}: repeated options at step {step}"
        assert all(game.why_not(a) is None for a in legal), step
        assert all(game.why_not(str(a)) is None for a in legal), step
        if step in full:
            trying = legal if len(legal) <= FULL_CAP else pick.sample(legal, FULL_CAP)
        elif step % SAMPLE_EVERY == 0:
            trying = [pick.choice(legal)]
        else:
            trying = []
        for action in trying:
            other = copy_of(game)
            other.apply(str(action))  # the text form applies as the option itself does
            assert other.history == (*game.history, action)
            applied += 1
    assert game is not None and game.is_over and game.legal_actions() == []
    assert game.pending is None and game.current_player is None
    assert len(game.history) == length
    game.result()  # a finished game has a result
    assert applied >= len(full)


# ---------------------------------------------------------------------- 2. refusals
MALFORMED_TEXT = (
    "",
    " ",
    "x" * 201,
    "no\nline",
    "two  spaces",
    " leading",
    "trailing ",
    "non-ascii é",
    "number 007",
    "number -0",
    "number 1234567890123456789",
)
NON_ACTIONS: tuple[object, ...] = (None, 42, 3.5, b"pass", ["pass"], {"kind": "pass"}, object())
#: Near misses tried at each probed position (a seeded sample).
NEAR_MISSES = 8


def refusal_probes(game: Game, earlier: list[Action], rng: random.Random) -> Iterator[Any]:
    """Action-shaped requests that must be refused at ``game``'s position: near misses (a
    sample), another kind, stale actions from earlier steps, malformed ``Action`` values."""
    legal = set(game.legal_actions())
    misses = near_misses(game)
    yield from rng.sample(misses, min(len(misses), NEAR_MISSES))
    kinds = {a.kind for a in legal}
    yield Action("no-such-kind")
    others = list({a: None for a in earlier if a.kind not in kinds})
    yield from rng.sample(others, min(len(others), 2))  # another kind, seen earlier
    stale = list({a: None for a in earlier if a not in legal})
    for a in rng.sample(stale, min(len(stale), 2)):
        yield a
        yield str(a)
    some = rng.choice(sorted(legal, key=str) or earlier)
    yield Action(some.kind, (*some.args, 1.5))  # type: ignore[arg-type]
    yield Action(some.kind, (*some.args, True))
    yield Action(some.kind, list(some.args))  # type: ignore[arg-type]
    yield f"{some}  "


def probe_refusals(name: str, game: Game, earlier: list[Action], rng: random.Random) -> None:
    """Every kind of bad request at ``game``'s position (see :func:`check_refused`)."""
    before = game.to_json()
    malformed_rule = type(game).definition.refusal_rules["malformed"]
    for text in MALFORMED_TEXT:
        err = check_refused(name, game, text, full=False)
        assert (err.code, err.rule) == ("malformed", malformed_rule), text
    for request in refusal_probes(game, earlier, rng):
        check_refused(name, game, request, full=False)
    for thing in NON_ACTIONS:
        check_type_error(game, thing)
    # one full save comparison per position (a save costs milliseconds); each refusal above
    # compared the history, the redo line and the pending decision
    assert game.to_json() == before, f"{name}: a refusal changed the game"


@pytest.mark.parametrize(("name", "players"), GAME_COUNTS)
def test_refusals_leave_the_game_unchanged(name: str, players: int) -> None:
    """At the start, at a few seeded steps and at the end: every kind of bad request is
    refused with its documented type, a stable code and the rule it breaks (``malformed`` with
    the game's rule for it), and nothing changes (``to_json()``, ``history``, the redo line)."""
    rng = rng_for(name, players, -SEED - 1)
    length = len(script(name, players))
    probe_at = {0, *rng.sample(range(1, length), min(2, length - 1))}
    earlier: list[Action] = []
    game = None
    for step, (game, chosen) in enumerate(played(name, players)):
        if step in probe_at:
            check_refused(name, game, near_misses(game)[0])  # one with full save comparison
            probe_refusals(name, game, earlier, rng)
        earlier.append(chosen)
    assert game is not None and game.is_over
    for request in (earlier[-1], str(earlier[0]), "no-such-kind"):
        assert check_refused(name, game, request).code == "game-over"
    probe_refusals(name, game, earlier, rng)


@pytest.mark.parametrize("name", NAMES)
def test_engine_refusals_at_the_edges(name: str) -> None:
    """Nothing to undo or redo, and no result before the end: refused, citing the game's
    rules, and nothing changes."""
    descriptor = games.load(name)
    game: Game = descriptor.new_game(descriptor.min_players, 3)
    rules = rule_ids(name)
    for attempt, code in ((game.undo, "nothing-to-undo"), (game.redo, "nothing-to-redo")):
        before = snapshot(game)
        with pytest.raises(IllegalAction) as raised:
            attempt()
        assert (raised.value.code, raised.value.rule in rules) == (code, True)
        assert snapshot(game) == before
    with pytest.raises(IllegalAction) as raised:
        game.result()
    assert (raised.value.code, raised.value.rule in rules) == ("not-over", True)


# ---------------------------------------------------------------------- 3. save and load
@pytest.mark.parametrize(("name", "players"), GAME_COUNTS)
def test_save_load_goto_undo_redo_round_trip(name: str, players: int) -> None:
    """``load_game(to_json())`` equals the game and continues identically; ``goto`` reaches
    exactly the saved positions; ``undo`` and ``redo`` walk back and forth through them."""
    descriptor = games.load(name)
    actions = script(name, players)
    end = len(actions)
    rng = rng_for(name, players, -SEED - 2)
    mid = rng.randrange(1, end)
    follow = 5  # actions applied after a load
    wanted = {
        *range(0, follow + 1),
        *range(mid, min(mid + follow, end) + 1),
        *range(max(end - follow, 0), end + 1),
    }
    saves: dict[int, str] = {}
    game = None
    for step, (game, _) in enumerate(played(name, players)):
        if step in wanted:
            saves[step] = game.to_json()
    assert game is not None
    saves[end] = game.to_json()
    load = loader(descriptor, game)
    # load at the start, mid-game and at the end; goto the same step of the finished game
    for k in (0, mid, end):
        loaded = load(saves[k])
        assert loaded.to_json() == saves[k]
        there = copy_of(game)
        there.goto(k)
        assert there == loaded and there.to_json() == saves[k]
        assert there.redo_line == actions[k:]
        assert loaded.legal_actions() == there.legal_actions()
        for j in range(k, min(k + follow, end)):
            loaded.apply(actions[j])
            there.apply(str(actions[j]))
            assert loaded.to_json() == there.to_json() == saves[j + 1], (k, j)
            if k == end - follow:
                break
    # undo walks back through the saved positions and redo forward, on a loaded game too
    back = min(follow, end)
    for start in (game, load(saves[end])):
        for i in range(1, back + 1):
            start.undo()
            assert start.to_json() == saves[end - i]
        assert start.redo_line == actions[end - back :]
        for i in range(back, 0, -1):
            start.redo()
            assert start.to_json() == saves[end - i + 1]
        assert not start.can_redo and start.is_over
    # a new action after an undo drops the redo line
    game.goto(mid)
    game.undo()
    assert game.can_redo and len(game.redo_line) == end - mid + 1
    game.apply(actions[mid - 1])
    assert not game.can_redo and game.to_json() == saves[mid]


# ---------------------------------------------------------------------- 4. determinism
@pytest.mark.parametrize(("name", "players"), GAME_COUNTS)
def test_same_seed_and_choices_give_the_same_game(name: str, players: int) -> None:
    """Two runs with the same seed and choices agree at every step (same seat, same options,
    same choice) and end in the same save; a copy taken mid-game continues exactly like its
    original (the random state travels with the position)."""
    runs = []
    for _ in range(2):
        steps = []
        game = None
        for game, action in played(name, players):
            steps.append((str(game.current_player), tuple(game.legal_actions()), action))
        assert game is not None
        runs.append((steps, game.to_json()))
    assert runs[0] == runs[1]
    assert tuple(a for _, _, a in runs[0][0]) == script(name, players)
    mid = len(runs[0][0]) // 2
    original = play_to(name, players, mid)
    twin = copy_of(original)
    assert twin == original and twin is not original
    for number, action in enumerate(script(name, players)[mid : mid + 20], start=1):
        original.apply(action)
        twin.apply(action)
        if number % 5 == 0:
            assert twin.to_json() == original.to_json()
    assert twin.to_json() == original.to_json()


# ---------------------------------------------------------------------- 5. golden playthroughs
def golden_path(name: str) -> Path:
    return GOLDEN_DIR / f"conformance_{name}.json"


def golden_players(descriptor: GameType) -> int:
    """The golden game's player count: the most the game allows (the most interaction)."""
    return descriptor.max_players


def record_golden(name: str) -> dict[str, Any]:
    """One seeded random game of ``name``, step by step (at most :data:`GOLDEN_MAX_STEPS`)."""
    descriptor = games.load(name)
    players = golden_players(descriptor)
    game: Game = descriptor.new_game(players, GOLDEN_SEED)
    rng = rng_for(name, players, GOLDEN_SEED)
    steps: list[dict[str, Any]] = []
    while not game.is_over and len(steps) < GOLDEN_MAX_STEPS:
        seat = game.current_player
        legal = game.legal_actions()
        action = rng.choice(legal)
        step: dict[str, Any] = {"seat": str(seat), "legal": len(legal), "action": str(action)}
        # OBSERVATION DIGEST: recorded for every engine with observe(seat), absent otherwise.
        seen = observation_digest(game, seat)
        if seen is not None:
            step["observation"] = seen
        steps.append(step)
        game.apply(action)
    return {
        "game": name,
        "players": players,
        "seed": GOLDEN_SEED,
        "steps": steps,
        "over": game.is_over,
        "state_sha256": game.to_data()["state_sha256"],
    }


def write_golden(path: Path, golden: dict[str, Any]) -> None:
    """One step a line, so a changed rule shows as a short diff."""
    head = {k: v for k, v in golden.items() if k != "steps"}
    lines = ",\n".join("  " + json.dumps(s, separators=(", ", ": ")) for s in golden["steps"])
    text = json.dumps(head, indent=1)[:-2] + ',\n "steps": [\n' + lines + "\n ]\n}\n"
    assert json.loads(text) == golden
    path.write_text(text)


@pytest.mark.parametrize("name", NAMES)
def test_golden_playthrough(name: str) -> None:
    """The seeded game replays exactly: at each step the same seat acts, with the same number
    of legal actions (so any changed rule shows), and the recorded action is legal; with
    ``observe`` the acting seat's observation digest matches; the final save digest too."""
    path = golden_path(name)
    if REGEN:
        write_golden(path, record_golden(name))
    assert path.exists(), f"no golden for {name!r}: run with SPEAKEASY_REGEN_GOLDEN=1"
    golden = json.loads(path.read_text())
    descriptor = games.load(name)
    assert (golden["game"], golden["players"]) == (name, golden_players(descriptor))
    game: Game = descriptor.new_game(golden["players"], golden["seed"])
    for number, step in enumerate(golden["steps"], start=1):
        seat = game.current_player
        where = f"{name} step {number}"
        assert str(seat) == step["seat"], where
        assert len(game.legal_actions()) == step["legal"], where
        assert game.why_not(step["action"]) is None, where
        # OBSERVATION DIGEST: asserted once the engine has observe(seat).
        seen = observation_digest(game, seat)
        if seen is None:
            assert "observation" not in step, f"{where}: the engine lost observe()"
        else:
            assert "observation" in step, (
                f"{name}: the engine has observe() but its golden records no observation "
                "digests: run with SPEAKEASY_REGEN_GOLDEN=1 and review the diff"
            )
            assert seen == step["observation"], where
        game.apply(step["action"])
    assert game.is_over == golden["over"]
    assert game.to_data()["state_sha256"] == golden["state_sha256"]


# ---------------------------------------------------------------------- 5b. any seat
@pytest.mark.parametrize(("name", "players"), GAME_COUNTS)
def test_why_not_answers_for_any_seat(name: str, players: int) -> None:
    """``why_not(action, seat=...)`` (issue 25), the same API in every game: for the seat to
    act (or ``seat=None``) it answers as before; for any other seat every legal action is
    refused with a stable code and a rule of the game (``not-your-turn`` unless a reason that
    holds whoever acts comes first), ``apply(action, seat=...)`` raises the same and the game
    is unchanged; a seat that is not one of the game's raises ``ValueError``."""
    rng = rng_for(name, players, -SEED - 7)
    length = len(script(name, players))
    for step in sorted(rng.sample(range(length), min(3, length))):
        game = play_to(name, players, step)
        actor = game.current_player
        before = snapshot(game)
        legal = game.legal_actions()
        for action in rng.sample(legal, min(4, len(legal))):
            assert game.why_not(action, seat=actor) is None
            assert game.why_not(str(action), seat=None) is None
            for other in (p for p in game.players if p != actor):
                err = game.why_not(action, seat=other)
                assert isinstance(err, IllegalAction), (name, step, action, other)
                assert CODE.fullmatch(err.code) and err.rule in rule_ids(name), err
                assert err.reason and err.rule in str(err)
                with pytest.raises(IllegalAction) as raised:
                    game.apply(action, seat=other)
                assert (raised.value.code, raised.value.rule) == (err.code, err.rule)
        assert snapshot(game) == before
        with pytest.raises(ValueError, match="not a seat"):
            game.why_not(legal[0], seat="no-such-seat")
    game = play_to(name, players, length)
    assert game.is_over
    err = game.why_not(script(name, players)[-1], seat=game.players[0])
    assert err is not None and err.code == "game-over"


# ---------------------------------------------------------------------- 6. a property
@pytest.mark.parametrize("name", NAMES)
@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_legal_actions_pass_why_not_and_near_misses_are_refused(
    name: str, data: st.DataObject
) -> None:
    """After a random prefix of a random seeded game: ``why_not(a) is None`` for every legal
    action; a near miss gets a refusal that ``apply`` raises the same, leaving the game as it
    was."""
    descriptor = games.load(name)
    players = data.draw(st.integers(descriptor.min_players, descriptor.max_players), "players")
    seed = data.draw(st.integers(0, 2**32), "seed")
    prefix = data.draw(st.integers(0, 40), "prefix")
    game: Game = descriptor.new_game(players, seed)
    rng = random.Random(seed)
    for _ in range(prefix):
        if game.is_over:
            break
        game.apply(rng.choice(game.legal_actions()))
    legal = game.legal_actions()
    assert all(game.why_not(a) is None for a in legal)
    misses = near_misses(game)
    if not misses:
        return
    for miss in data.draw(st.lists(st.sampled_from(misses), min_size=1, max_size=4), "misses"):
        check_refused(name, game, miss)


# ---------------------------------------------------------------------- 7. options
@pytest.mark.parametrize("name", NAMES)
def test_options_are_checked_when_made_and_every_accepted_game_saves(name: str) -> None:
    """Issue 26, item 8: a wrong-typed option is a ``ValueError`` when the options are made
    (not a game that starts and then cannot be loaded); every option set to each value a game
    accepts plays on, saves and loads back equal."""
    descriptor = games.load(name)
    kind = descriptor.options
    assert kind is not None and dataclasses.is_dataclass(kind)
    fields = [f for f in dataclasses.fields(kind) if f.init]
    assert fields, f"{name}: its options have no fields"
    for field in fields:
        for wrong in ("yes", None, 2**64, -1.5, [True]):
            with pytest.raises(ValueError, match=field.name):
                kind(**{field.name: wrong})
    for field in fields:
        default = getattr(kind(), field.name)
        for value in {True, False} if isinstance(default, bool) else {default, default + 1}:
            options = kind(**{field.name: value})
            game = descriptor.new_game(descriptor.min_players, SEED, options=options)
            rng = random.Random(SEED)
            for _ in range(20):
                if game.is_over:
                    break
                game.apply(rng.choice(game.legal_actions()))
            assert descriptor.load_game is not None
            back = descriptor.load_game(game.to_json())
            assert back.to_json() == game.to_json(), f"{name}: {field.name}={value!r}"


# ---------------------------------------------------------------------- 8. hostile input
#: Every public entry point's documented failures (issue 26, item 15): a request is refused with
#: ``IllegalAction`` (``malformed`` for what is not canonical text), a non-action is a
#: ``TypeError``, bad seats and options a ``ValueError`` with a plain message. Anything else
#: raised by a probe below is an undocumented exception type; the suite counts them (zero).
HUGE = 10 * 2**20  # 10 MB of text
#: The most memory (MB) a refusal of a huge request may trace: far less than the request.
HUGE_MB = 1.0


def huge_requests() -> dict[str, Any]:
    """Huge requests, each refused as ``malformed`` before any copy of it is made."""
    word = "x" * HUGE
    return {
        "10 MB text": word,
        "10 MB of words": "pass " * (HUGE // 5),
        "10 MB non-ASCII text": "é" * (HUGE // 2),
        "an Action with a 10 MB kind": Action(word),
        "an Action with a 10 MB argument": Action("pass", (word,)),
        "an Action with a 5,000-digit number": Action("pass", (10**5000,)),
        "an Action with a million arguments": Action("pass", ("a",) * 10**6),
    }


def other_games_actions(name: str) -> list[Any]:
    """Requests of every other registered game, as ``Action`` values and as text: the first
    steps of its seeded random game."""
    out: list[Any] = []
    for other in NAMES:
        if other != name:
            actions = script(other, games.load(other).min_players)[:40]
            out += [*actions, *map(str, actions)]
    return out


def not_seats(name: str, game: Game) -> list[Any]:
    """Seats no game of ``name`` has now: unknown words, other games' seats, odd objects."""
    mine = {str(p) for p in game.players}
    others = [s for other in NAMES for s in games.load(other).seats if s not in mine]
    return ["nobody", "", "RED ", *others, None, 42, 3.5, b"red", ("red",), object()]


class Undocumented:
    """Counts what a probe raised beyond its documented exception types."""

    def __init__(self) -> None:
        self.found: dict[str, int] = {}

    def call(self, what: str, call: Callable[[], object], *documented: type[Exception]) -> Any:
        """``call()``'s result or documented exception; anything else is counted."""
        try:
            return call()
        except documented as exc:
            return exc
        except Exception as exc:  # the count this suite keeps at zero
            key = f"{type(exc).__name__} from {what}"
            self.found[key] = self.found.get(key, 0) + 1
            return exc


def hostile_probes(name: str, players: int, count: Undocumented) -> None:
    """Issue 26 item 15, one fuzz over every game: at the start, at a seeded step and at the
    end, the other games' actions, another seat's earlier options, huge requests, unknown
    seats for ``observe`` and the bots, bad players and options for a new game."""
    descriptor = games.load(name)
    malformed_rule = type(descriptor.new_game(players, SEED)).definition.refusal_rules["malformed"]
    foreign = other_games_actions(name)
    length = len(script(name, players))
    probe_at = {0, length // 2, length - 1}
    seen: list[tuple[Any, tuple[Action, ...]]] = []  # (seat, its options) at each step
    for step, (game, _) in enumerate(played(name, players)):
        seen.append((game.current_player, tuple(game.legal_actions())))
        if step not in probe_at:
            continue
        legal = set(game.legal_actions())
        before = snapshot(game)
        # the other games' actions: refused with this game's rules, or a TypeError never
        for request in foreign:
            if request not in legal and str(request) not in map(str, legal):
                err = count.call(
                    "apply(another game's action)", partial(game.apply, request), IllegalAction
                )
                assert isinstance(err, IllegalAction), (name, request)
                assert err.rule in rule_ids(name), (name, request, err.rule)
        # another seat's request: what another seat could do earlier, not an option now
        mine = game.current_player
        for seat, options in seen[:-1]:
            if seat == mine:
                continue
            for request in options[:3]:
                if request not in legal:
                    err = count.call(
                        "apply(another seat's request)", partial(game.apply, request), IllegalAction
                    )
                    assert isinstance(err, IllegalAction), (name, request)
                    assert err.rule in rule_ids(name), (name, request, err.rule)
        # huge requests: malformed, citing the game's rule for it, in bounded memory
        for what, request in huge_requests().items():
            err = count.call(
                f"apply({what})",
                partial(refused, partial(game.apply, request), IllegalAction, megabytes=HUGE_MB),
                IllegalAction,
            )
            assert isinstance(err, IllegalAction), (name, what, err)
            assert (err.code, err.rule) == ("malformed", malformed_rule), (name, what)
            predicted = count.call(
                f"why_not({what})", partial(game.why_not, request), IllegalAction
            )
            assert isinstance(predicted, IllegalAction) and predicted.code == "malformed", what
        # observe and the bots: another game's seat, an unknown one, a huge text
        seats = [str(p) for p in game.players]
        for seat in [*not_seats(name, game), "x" * HUGE]:
            err = count.call(
                "observe(not a seat)",
                partial(refused, partial(game.observe, seat), ValueError, megabytes=HUGE_MB),
                ValueError,
            )
            assert isinstance(err, ValueError), (name, seat, err)
            assert all(repr(s) in str(err) or s in str(err) for s in seats), str(err)
            assert len(str(err)) < 400
            if seat in descriptor.seats:
                continue  # a seat of another game of this kind: a bot may play it
            for kind in descriptor.bots:
                err = count.call(
                    "make_bot(not a seat)", partial(descriptor.make_bot, kind, seat, 1), ValueError
                )
                assert isinstance(err, ValueError), (name, seat, err)
        assert snapshot(game) == before, f"{name}: a hostile probe changed the game"
    # a new game: bad players and bad options are a ValueError with a plain message
    for bad_players in (None, 3.5, "red", [1, 2, 3], ["nobody"] * 3, iter(range(10**9))):
        err = count.call(
            "new_game(bad players)",
            partial(descriptor.new_game, bad_players, SEED),
            ValueError,
        )
        assert isinstance(err, ValueError) and len(str(err)) < 400, (name, bad_players, err)
    for bad_options in ({"no_such_option": True}, "advanced", 42, [("a", 1)]):
        err = count.call(
            "new_game(bad options)",
            partial(descriptor.new_game, players, SEED, options=bad_options),
            ValueError,
        )
        assert isinstance(err, ValueError) and len(str(err)) < 400, (name, bad_options, err)


@pytest.mark.parametrize("name", NAMES)
def test_hostile_input_is_refused_with_documented_exceptions_only(name: str) -> None:
    """Issue 26 item 15: Mafia City's input as strict as Speakeasy's, one fuzz over both games
    (:func:`hostile_probes`): the other game's actions and another seat's requests are
    ``IllegalAction`` citing this game's rules; 10 MB requests are ``malformed`` (Speakeasy's
    R-TURN-1, Mafia City's MC-ACT-3) with under :data:`HUGE_MB` MB traced; ``observe`` and
    ``make_bot`` of a seat the game does not have, and bad players or options for a new game,
    are a ``ValueError`` naming what is allowed. Undocumented exception types: zero."""
    count = Undocumented()
    hostile_probes(name, games.load(name).min_players + 1, count)
    assert count.found == {}

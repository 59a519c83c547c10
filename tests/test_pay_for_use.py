"""Bots pay only for what they use (issue 22): option labels are built when read, and games
that are only played forward may skip checkpoint snapshots; neither may change a game.

* A label given as a function is built on its first read, from values fixed when the option
  was made: read at the decision, read after the game or never read, the game is the same
  and so is every label.
* ``checkpoints=False`` (bot batches) takes no snapshots, gives the same games and records,
  and still undoes, goes back and copies (replaying from the start, then keeping them).
"""

from __future__ import annotations

import copy
import pickle
import random
from functools import partial
from typing import Any

import pytest

import speakeasy.games
from speakeasy import Action, Game, load_catalog
from speakeasy.core.bots import decide
from speakeasy.core.engine import Engine
from speakeasy.games.mafia_city.engine.game import Game as MafiaCity
from speakeasy.games.mafia_city.model.state import Options as MafiaCityOptions
from speakeasy.games.mafia_city.studies import batch as mafia_city_batch
from speakeasy.games.speakeasy.rules import flow
from speakeasy.games.speakeasy.studies.batch import BOTS, play_game, record_of
from speakeasy.tools.batch import game_specs

Labels = list[tuple[list[str], list[str]]]


def _labels_now(game: Engine[Any, Any, Any]) -> tuple[list[str], list[str]]:
    pending = game.pending
    assert pending is not None
    return [o.label for o in pending.options], [b.action.label for b in pending.blocked]


def _random_game(
    new: Any, seed: int, *, read: bool, kept: list[Any] | None = None
) -> tuple[Engine[Any, Any, Any], Labels]:
    """A random game; with ``read`` every option's label (and every greyed-out option's) is
    read at each decision; ``kept`` collects the options, unread, to be read later."""
    game = new(seed)
    rng = random.Random(seed)
    labels: Labels = []
    while game.pending is not None:
        if read:
            labels.append(_labels_now(game))
        if kept is not None:
            kept.append((game.pending.options, tuple(b.action for b in game.pending.blocked)))
        game.apply(rng.choice(game.legal_actions()))
    return game, labels


def _speakeasy(players: int, seed: int) -> Game:
    return Game.new(players=players, seed=seed)


def _mafia_city(players: int, seed: int) -> MafiaCity:
    return MafiaCity.new(players=players, seed=seed)


def _same_game(a: Engine[Any, Any, Any], b: Engine[Any, Any, Any]) -> None:
    assert a.history == b.history
    assert [e.to_data() for e in a.events] == [e.to_data() for e in b.events]
    assert a.to_data() == b.to_data()


@pytest.mark.parametrize(
    ("new", "players", "seed"),
    [(_speakeasy, 4, 3), (_speakeasy, 2, 11), (_mafia_city, 4, 5)],
    ids=["speakeasy-4p", "speakeasy-2p", "mafia-city-4p"],
)
def test_labels_read_late_or_never_change_nothing(new: Any, players: int, seed: int) -> None:
    """Labels read at each decision, never read, or read only once the game is over: the same
    game, and the late labels are exactly those read at their decision (a label function that
    looked at the changing position would give another text by then)."""
    make = partial(new, players)
    read, labels = _random_game(make, seed, read=True)
    kept: list[Any] = []
    unread, none = _random_game(make, seed, read=False, kept=kept)
    assert none == []
    _same_game(read, unread)
    late = [([o.label for o in options], [a.label for a in blocked]) for options, blocked in kept]
    assert late == labels
    assert any(lab for shown, _ in labels for lab in shown)  # the games do show labels


def test_capo_options_build_their_labels_when_read() -> None:
    """The costly labels of the capo decision wait for a reader (and then read as before).
    The options are made once per person and shared by every game of the process, so the
    test starts from none made (another test may have read their labels already)."""
    flow.forget_capo_options()
    game = Game.new(players=4, seed=1)
    rng = random.Random(1)
    while game.pending is not None and game.pending.kind != "capo":
        game.apply(rng.choice(game.legal_actions()))
    pending = game.pending
    assert pending is not None
    waiting = [o for o in pending.options if o.kind == "capo" and o.args[1] != 0]
    assert waiting
    assert all(callable(object.__getattribute__(o, "_label")) for o in waiting)
    text = waiting[0].label
    assert text.startswith(f"{load_catalog().location(str(waiting[0].args[0])).name}, person")
    assert object.__getattribute__(waiting[0], "_label") == text  # built once, then kept


def test_a_lazy_label_is_built_once_and_travels_as_text() -> None:
    calls: list[int] = []

    def text() -> str:
        calls.append(1)
        return "Send a capo to the Docks"

    lazy = Action("capo", ("docks", 0), label=text)  # a local function: not picklable
    plain = Action("capo", ("docks", 0), label="Send a capo to the Docks")
    assert lazy == plain and hash(lazy) == hash(plain) and repr(lazy) == repr(plain)
    assert calls == []
    for other in (
        pickle.loads(pickle.dumps(lazy)),
        copy.copy(lazy),
        copy.deepcopy(lazy),
    ):
        assert other == plain and other.label == plain.label
    assert lazy.label == plain.label and lazy.describe() == plain.label
    assert calls == [1]  # the copies carry the text built for the first one
    assert Action("pass", label=lambda: "").describe() == "pass"
    with pytest.raises(AttributeError):
        lazy.label = "other"  # type: ignore[misc]


# ---------------------------------------------------------------------- checkpoints
def _bot_game(spec: Any, checkpoints: bool) -> Game:
    game = Game.new(players=len(spec.bots), seed=spec.seed, checkpoints=checkpoints)
    bots = {
        c: BOTS[kind](c.value, seed)
        for c, kind, seed in zip(game.colours, spec.bots, spec.bot_seeds, strict=True)
    }
    while (colour := game.current_player) is not None:
        game.apply(decide(game, bots[colour]))
    return game


@pytest.mark.parametrize(
    "spec",
    game_specs(speakeasy.games.load("speakeasy"), 3, 3, 7, ("heuristic", "random")),
    ids=lambda s: f"game-{s.index}",
)
def test_batch_games_without_checkpoints_are_the_same_games(spec: Any) -> None:
    kept = _bot_game(spec, checkpoints=True)
    lean = _bot_game(spec, checkpoints=False)
    assert kept.checkpoints and not lean.checkpoints  # the option does skip the snapshots
    _same_game(kept, lean)
    assert record_of(lean, spec) == record_of(kept, spec)
    assert play_game(spec) == record_of(kept, spec)


def test_mafia_city_batch_games_without_checkpoints_are_the_same_games() -> None:
    spec = game_specs(speakeasy.games.load("mafia-city"), 1, 4, seed=3)[0]
    record = mafia_city_batch.play_game(spec)
    games = {}
    for keep in (True, False):
        options = MafiaCityOptions(prompt_everyone=False, max_rounds=mafia_city_batch.MAX_ROUNDS)
        game = MafiaCity.new(players=4, seed=spec.seed, options=options, checkpoints=keep)
        rng = random.Random(spec.seed)
        while game.pending is not None:
            game.apply(rng.choice(game.legal_actions()))
        games[keep] = game
    assert games[True].checkpoints and not games[False].checkpoints
    _same_game(games[True], games[False])
    assert record.decisions > 0


@pytest.mark.parametrize("checkpoints", [True, False])
def test_undo_goto_and_copies_work_with_or_without_checkpoints(checkpoints: bool) -> None:
    """A game played forward without checkpoints still undoes (replaying from the start),
    and keeps checkpoints from then on; one with them undoes from them. Both reach exactly
    the positions a fresh replay of the shortened history reaches."""
    seed = 4
    game = Game.new(players=3, seed=seed, checkpoints=checkpoints)
    rng = random.Random(seed)
    for _ in range(120):
        game.apply(rng.choice(game.legal_actions()))
    history = game.history
    assert bool(game.checkpoints) is checkpoints

    copied = game.copy()
    assert copied == game and copied is not game
    game.undo()
    assert game.checkpoints  # rebuilt once: kept from now on
    assert game == Game.replay(seed, history[:-1], players=3)
    game.goto(40)
    assert game == Game.replay(seed, history[:40], players=3)
    assert game.redo_line == history[40:-1]  # the goto after the undo
    for action in history[40:]:
        game.apply(action)
    assert game == copied
    before, frames = game.frames(len(history))
    assert frames and before == Game.replay(seed, history[:-1], players=3).state


def test_the_replay_cache_keeps_the_most_recent_replays() -> None:
    """``Game.replay``'s cache (cachetools) keeps its 8 most recent replays, and a replay
    continued from a cached one is the same game as one replayed from scratch."""
    from speakeasy.games.speakeasy.engine import game as game_module

    game_module._REPLAYS.clear()
    for seed in range(10):
        Game.replay(seed, [], players=2)
    assert sorted(key[0] for key in game_module._REPLAYS) == list(range(2, 10))
    start = Game.new(players=2, seed=9)
    first = start.legal_actions()[0]
    continued = Game.replay(9, [first], players=2)  # from the cached empty game of seed 9
    start.apply(first)
    assert continued == start
    assert (
        len(game_module._REPLAYS) == 8
        and (9, continued.colours, continued.options, (str(first),)) in game_module._REPLAYS
    )

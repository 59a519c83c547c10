"""A search bot for every registered game: determinized flat Monte-Carlo (issue 27).

The bot decides from its seat's observation and the pending decision only, like every bot
(:mod:`speakeasy.core.bots`). For each of ``determinizations`` draws it rebuilds a whole game
consistent with what the seat sees (the game's ``determinize(observation, rng)``, reached
through its :class:`~speakeasy.core.registry.GameType`), then plays each option of the
decision out to the end many times on the engine's search-grade copy
(``copy(history=False)``) with a rollout policy (a bot of the game for every seat: random,
or its heuristic), and scores each playout by the seat's final score margin: its score minus
the best other seat's (its own score when it plays alone), the score being the game's
(``GameType.scores``). The option with the best mean margin is chosen.

**Common random numbers.** Within one determinization, the ``j``-th playout of every option
uses the same rollout randomness: fresh rollout bots whose seeds derive from the
determinization's seed and ``j`` only. The options are so compared on paired playouts (same
hidden facts, same dice of the bots as far as their paths agree), and the differences between
their means are much less noisy than independent playouts would make them.

**Truncated rollouts.** With ``horizon`` set, a playout stops after that many decisions (or at
the end of the game) and the position is scored by the game's static evaluation
(``GameType.evaluate(game, seat)``, in the units of its final score: what the seat would score
if the game ended now) instead of being played to the end.

:meth:`SearchBot.advise` returns not just the choice but an :class:`Estimate` per option (mean
margin, its standard error, playouts), so a coach can show them. The budget is a number of
playouts per decision (reproducible: the same seed, observation and decision give the same
advice, whatever else the bot has decided) or, with ``seconds``, a time limit (anytime; not
reproducible). ``workers`` > 1 spreads the determinizations over a process pool (every core
with ``workers=0``); the advice is the same as with one worker, since each determinization's
playouts depend only on its own seed.

Flat Monte-Carlo rather than UCT: with 2 to 15 options a decision and a few hundred playouts,
spreading the playouts evenly over the options costs little, while UCT would need a tree
over hidden-information positions that differ from one determinization to the next.

**Policy improvement** (``confidence`` set). Plain flat Monte-Carlo takes the best mean, and
with fewer playouts than a decision has options that is the luckiest of a few noisy playouts:
against a good rollout policy it mostly trades a good move for a lucky one. With
``confidence=z`` every round of playouts also plays the rollout policy's own choice, on the
same rollout seeds as the round's other options, and another option replaces that choice only
when its mean *paired* difference from it is above ``z`` standard errors of that difference
(at least :data:`MIN_PAIRS` pairs). So the search keeps its policy's move unless it saw,
clearly, a better one: the rollout algorithm of Bertsekas and Tesauro's rollout player,
made cautious for a small budget. :attr:`Advice.paired` holds the differences.

**Ties.** Options whose mean margins are equal (common with a deterministic rollout policy and
a truncated rollout: moves whose effect the horizon does not reach) are a tie, broken by the
rollout policy's own choice at the decision when it is among them (so the search departs from
its rollout policy only where it found something better: policy improvement), by the
decision's order otherwise.
"""

from __future__ import annotations

import dataclasses
import math
import os
import random
import time
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from typing import Any, TypeVar

from speakeasy.core.actions import Action, Decision
from speakeasy.core.bots import RandomBot
from speakeasy.core.determinize import DeterminizeError
from speakeasy.core.engine import Engine, EngineError
from speakeasy.core.registry import GameType
from speakeasy.core.seeds import derive_seed
from speakeasy.tools.batch import GameRecord

__all__ = [
    "DEFAULT_DETERMINIZATIONS",
    "DEFAULT_PLAYOUTS",
    "MAX_PLAYOUTS",
    "MIN_PAIRS",
    "Advice",
    "Estimate",
    "Evaluate",
    "RolloutFactory",
    "SearchBot",
    "SearchSettings",
    "budgeted",
    "margin",
    "play_out",
    "random_rollout",
    "with_agreement",
]

B = TypeVar("B")

#: Playouts per decision by default (spread over the options and determinizations).
DEFAULT_PLAYOUTS = 64
#: Determinizations per decision by default.
DEFAULT_DETERMINIZATIONS = 8
#: The largest budget a decision may be given.
MAX_PLAYOUTS = 1_000_000
#: Mean margins closer than this are a tie (broken by the rollout policy's own choice).
TIE = 1e-9
#: Paired playouts an option needs before it may replace the rollout policy's own choice
#: (policy improvement, ``confidence`` set): a standard error from fewer means nothing.
MIN_PAIRS = 3

#: Makes a rollout bot for one seat: ``factory(seat, seed)`` (module-level, so that it
#: travels to worker processes).
RolloutFactory = Callable[[str, int], Any]
#: A game's final scores by seat (``GameType.scores``).
Scores = Callable[[Any], Mapping[str, float]]
#: A game's ``determinize(observation, rng)``.
Determinize = Callable[[Any, random.Random], Any]
#: A game's static evaluation of a seat in a position (``GameType.evaluate``).
Evaluate = Callable[[Any, str], float]


def random_rollout(seat: str, seed: int) -> RandomBot:
    """The random rollout policy (every game's ``random`` bot)."""
    return RandomBot(seed=seed)


@dataclass(frozen=True, slots=True)
class Estimate:
    """What the search found for one option: the seat's mean final score margin over
    ``playouts`` playouts after it, and that mean's standard error (``0`` below two)."""

    option: Action
    mean: float
    stderr: float
    playouts: int


@dataclass(frozen=True, slots=True)
class Advice:
    """A search's answer: the ``choice`` and an :class:`Estimate` per option (in the
    decision's order), with how many determinizations were drawn (``failed`` of them could
    not be), how many playouts were played (``broken`` were dropped: the rules failed in
    them) and the seconds it took."""

    choice: Action
    estimates: tuple[Estimate, ...]
    determinizations: int
    failed: int
    playouts: int
    broken: int
    seconds: float
    #: With ``confidence`` set: the rollout policy's own choice, and per other option
    #: (decision order) its mean paired difference from that choice (``mean``, ``stderr``,
    #: pairs as ``playouts``).
    preferred: Action | None = None
    paired: tuple[Estimate, ...] = ()

    def best(self, n: int = 3) -> tuple[Estimate, ...]:
        """The ``n`` options with the best mean margin, best first; an option no playout
        tried (a budget smaller than the options) has no mean and is left out."""
        return tuple(sorted((e for e in self.estimates if e.playouts), key=lambda e: -e.mean)[:n])


def margin(scores: Mapping[str, float], seat: str) -> float:
    """``seat``'s score minus the best other seat's (its own score when it plays alone)."""
    others = [v for p, v in scores.items() if p != seat]
    return float(scores[seat]) - (max(others) if others else 0.0)


@dataclass(frozen=True, slots=True)
class _Task:
    """One determinization's share of a search (picklable: it travels to a worker)."""

    determinize: Determinize
    scores: Scores
    rollout: RolloutFactory
    observation: Any
    options: tuple[Action, ...]
    seat: str
    seed: int
    playouts: int
    deadline: float | None
    evaluate: Evaluate | None = None
    horizon: int | None = None
    #: The rollout policy's own choice (an index into ``options``): played in every round
    #: and paired with the round's other options (policy improvement); ``None``: plain.
    preferred: int | None = None


@dataclass(frozen=True, slots=True)
class _Tally:
    """Per option: playouts, sum and sum of squares of the margins; and the failures. With a
    preferred option, per option too: pairs with it, sum and sum of squares of the
    differences from it."""

    counts: tuple[int, ...]
    sums: tuple[float, ...]
    squares: tuple[float, ...]
    failed: int
    broken: int
    pairs: tuple[int, ...]
    diffs: tuple[float, ...]
    diff_squares: tuple[float, ...]


def play_out(
    game: Engine[Any, Any, Any],
    bots: Mapping[Any, Any],
    horizon: int | None = None,
    until: Callable[[Engine[Any, Any, Any]], bool] | None = None,
) -> None:
    """Play ``game`` (a copy without history) with the rollout ``bots`` to its end, or for
    ``horizon`` decisions at most, or until ``until(game)`` holds before a decision (the
    coach stops where a chapter ends). A random bot is not shown the position: it never
    reads it."""
    pending = game.pending
    left = -1 if horizon is None else horizon
    while pending is not None and left != 0 and not (until is not None and until(game)):
        player = pending.player
        bot = bots[player]
        seen = None if type(bot) is RandomBot else game.observe_now(player)
        game.apply(bot.choose(seen, pending))
        pending = game.pending
        left -= 1


def _value(task: _Task, game: Engine[Any, Any, Any]) -> float:
    """The seat's margin at the end of a playout: by the final scores when the game is over,
    by the game's static evaluation of every seat otherwise (a truncated playout)."""
    if game.pending is None or task.evaluate is None:
        return margin(task.scores(game), task.seat)
    evaluate = task.evaluate
    return margin({str(p): evaluate(game, str(p)) for p in game.players}, task.seat)


def _rollout_bots(task: _Task, players: Sequence[Any], j: int) -> dict[Any, Any]:
    """Fresh rollout bots for the ``j``-th playout of each option of ``task``'s
    determinization: their seeds depend on its seed, ``j`` and the seat only (common random
    numbers: every option's ``j``-th playout meets the same bots)."""
    seed = derive_seed(task.seed, "playout", j)
    return {p: task.rollout(str(p), derive_seed(seed, str(p))) for p in players}


def _schedule(task: _Task, first: int) -> list[tuple[int, int]]:
    """The ``(option, round)`` of each of ``task``'s playouts, in order.

    Plain: round-robin over the options from ``first``, a round being one playout of each.
    With a preferred option: each round opens with it and goes on with the next of the
    others (round-robin from ``first``), a round being as many options as the share allows
    (every option when it allows)."""
    n, share = len(task.options), task.playouts
    if task.preferred is None:
        return [((first + k) % n, k // n) for k in range(share)]
    others = [i for i in range(n) if i != task.preferred]
    size = max(1, min(n, share))
    plan: list[tuple[int, int]] = []
    nxt = first % len(others)
    for k in range(share):
        j, q = divmod(k, size)
        if q == 0:
            plan.append((task.preferred, j))
        else:
            plan.append((others[nxt], j))
            nxt = (nxt + 1) % len(others)
    return plan


def _run(task: _Task) -> _Tally:
    """Draw one determinization and play its share of playouts (:func:`_schedule`); the
    ``j``-th round plays its options with the same rollout seeds (:func:`_rollout_bots`)."""
    n = len(task.options)
    counts, sums, squares = [0] * n, [0.0] * n, [0.0] * n
    pairs, diffs, diff_squares = [0] * n, [0.0] * n, [0.0] * n
    rng = random.Random(task.seed)
    try:
        root = task.determinize(task.observation, rng)
    except DeterminizeError:
        none, zeros = (0,) * n, (0.0,) * n  # a world that could not be drawn plays nothing
        return _Tally(none, zeros, zeros, 1, 0, none, zeros, zeros)
    pending = root.pending
    assert pending is not None and pending.options == task.options
    assert str(pending.player) == task.seat
    first = rng.randrange(n)  # each draw starts its round elsewhere: no option left unplayed
    broken = 0
    anchor: tuple[int, float] | None = None  # (round, value) of the preferred option's playout
    for i, j in _schedule(task, first):
        if task.deadline is not None and time.monotonic() > task.deadline:
            break
        bots = _rollout_bots(task, root.players, j)
        game = root.copy(history=False)
        try:
            game.apply(game.pending.options[i])
            play_out(game, bots, task.horizon)
            value = _value(task, game)
        except EngineError:
            broken += 1  # a rule failed in this drawn world: the playout tells nothing
            continue
        counts[i] += 1
        sums[i] += value
        squares[i] += value * value
        if i == task.preferred:
            anchor = (j, value)
        elif anchor is not None and anchor[0] == j:
            diff = value - anchor[1]
            pairs[i] += 1
            diffs[i] += diff
            diff_squares[i] += diff * diff
    return _Tally(
        tuple(counts),
        tuple(sums),
        tuple(squares),
        0,
        broken,
        tuple(pairs),
        tuple(diffs),
        tuple(diff_squares),
    )


class SearchBot:
    """Determinized flat Monte-Carlo over the decision's options (see the module docstring).

    ``determinize`` and ``scores`` are the game's (``GameType.determinize`` and
    ``GameType.scores``: :meth:`for_game`), ``rollout`` a module-level factory of rollout
    bots (default: random). ``playouts`` is the budget per decision, spread over
    ``determinizations`` draws; ``seconds`` (optional) stops it sooner. ``horizon``
    (optional) truncates each playout after that many decisions and scores it by
    ``evaluate`` (the game's ``GameType.evaluate``). ``confidence`` (optional, in standard
    errors) keeps the rollout policy's own choice unless another option is clearly better
    (policy improvement: the module docstring). ``workers``: 1 (the default) searches in this
    process, ``0`` on every core, ``n`` on ``n`` processes.
    """

    def __init__(
        self,
        determinize: Determinize,
        scores: Scores,
        *,
        seed: int = 0,
        playouts: int = DEFAULT_PLAYOUTS,
        determinizations: int = DEFAULT_DETERMINIZATIONS,
        rollout: RolloutFactory = random_rollout,
        seconds: float | None = None,
        workers: int = 1,
        evaluate: Evaluate | None = None,
        horizon: int | None = None,
        confidence: float | None = None,
    ) -> None:
        for name, value, low in (
            ("playouts", playouts, 1),
            ("determinizations", determinizations, 1),
            ("workers", workers, 0),
        ):
            if isinstance(value, bool) or not isinstance(value, int):
                raise ValueError(f"{name} must be a whole number, got {value!r}")
            if not low <= value <= MAX_PLAYOUTS:
                raise ValueError(f"{name} must be from {low} to {MAX_PLAYOUTS:,}, got {value}")
        if seconds is not None and not (isinstance(seconds, int | float) and seconds > 0):
            raise ValueError(f"seconds must be a positive number, got {seconds!r}")
        if horizon is not None:
            if isinstance(horizon, bool) or not isinstance(horizon, int) or horizon < 1:
                raise ValueError(f"horizon must be a whole number from 1, got {horizon!r}")
            if evaluate is None:
                raise ValueError("horizon must be given with evaluate (the game's evaluation)")
        if confidence is not None and not (
            isinstance(confidence, int | float)
            and not isinstance(confidence, bool)
            and 0 <= confidence < math.inf
        ):
            raise ValueError(f"confidence must be a number from 0, got {confidence!r}")
        self.determinize = determinize
        self.scores = scores
        self.seed = seed
        self.playouts = playouts
        self.determinizations = determinizations
        self.rollout = rollout
        self.seconds = seconds
        self.workers = workers
        self.evaluate = evaluate
        self.horizon = horizon
        self.confidence = confidence
        #: The last advice given (for a coach, or a benchmark's timing).
        self.last: Advice | None = None
        #: Where its choices agree with its rollout policy's own (the heuristic bot's, when
        #: that is the policy): decision kind -> [same choice, decisions with a choice].
        self.agreement: dict[str, list[int]] = {}

    @classmethod
    def for_game(cls, game: GameType, **kwargs: Any) -> SearchBot:
        """A search bot for the registered ``game`` (its determinization, scores and
        evaluation)."""
        if game.determinize is None or game.scores is None:
            raise ValueError(f"{game.title} cannot be searched (no determinize or scores)")
        kwargs.setdefault("evaluate", game.evaluate)
        return cls(game.determinize, game.scores, **kwargs)

    def choose(self, observation: Any, decision: Decision) -> Action:
        return self.advise(observation, decision).choice

    def advise(self, observation: Any, decision: Decision) -> Advice:
        """The choice at ``decision`` with an estimate per option (see :class:`Advice`)."""
        began = time.perf_counter()
        options = tuple(decision.options)
        if len(options) == 1:
            only = Estimate(options[0], 0.0, 0.0, 0)
            self.last = Advice(options[0], (only,), 0, 0, 0, 0, time.perf_counter() - began)
            return self.last
        key = "|".join([str(decision.player), str(decision.kind), *map(str, options)])
        base = derive_seed(self.seed, "search", key)
        draws = min(self.determinizations, self.playouts)
        shares = [self.playouts // draws + (i < self.playouts % draws) for i in range(draws)]
        now = time.monotonic()
        seconds = self.seconds

        def deadline(i: int) -> float | None:
            """Each determinization's share of a time budget ends in turn (in one process,
            the first would otherwise take it all)."""
            return None if seconds is None else now + seconds * (i + 1) / draws

        # the rollout policy's own choice: played in every round with ``confidence`` set,
        # it breaks a tie otherwise, and tells where the search differs
        policy = self.rollout(str(decision.player), derive_seed(base, "policy"))
        preferred = policy.choose(observation, decision)
        improve = self.confidence is not None and preferred in options
        tasks = [
            _Task(
                self.determinize,
                self.scores,
                self.rollout,
                observation,
                options,
                str(decision.player),
                derive_seed(base, i),
                share,
                deadline(i),
                self.evaluate,
                self.horizon,
                options.index(preferred) if improve else None,
            )
            for i, share in enumerate(shares)
        ]
        tallies = self._map(tasks)
        n = len(options)

        def total(field: str) -> list[Any]:
            """``field`` of every tally, summed per option."""
            return [sum(getattr(t, field)[i] for t in tallies) for i in range(n)]

        counts, sums, squares = total("counts"), total("sums"), total("squares")
        estimates = tuple(_estimate(options[i], counts[i], sums[i], squares[i]) for i in range(n))
        played = [e for e in estimates if e.playouts]
        choice = options[0]
        paired: tuple[Estimate, ...] = ()
        if improve:
            pairs, diffs, diff_squares = total("pairs"), total("diffs"), total("diff_squares")
            paired = tuple(
                _estimate(options[i], pairs[i], diffs[i], diff_squares[i])
                for i in range(n)
                if options[i] != preferred
            )
            choice = _improved(preferred, paired, float(self.confidence or 0.0))
        elif played:
            top = max(e.mean for e in played)
            best = [e.option for e in played if e.mean >= top - TIE]
            choice = best[0]
            if len(best) > 1:  # a tie: the rollout policy's own choice if it is among the best
                choice = preferred if preferred in best else choice
        tally = self.agreement.setdefault(str(decision.kind), [0, 0])
        tally[0] += choice == preferred
        tally[1] += 1
        self.last = Advice(
            choice,
            estimates,
            len(tasks),
            sum(t.failed for t in tallies),
            sum(counts),
            sum(t.broken for t in tallies),
            time.perf_counter() - began,
            preferred if improve else None,
            paired,
        )
        return self.last

    def _map(self, tasks: Sequence[_Task]) -> list[_Tally]:
        workers = self.workers or (os.cpu_count() or 1)
        if workers == 1 or len(tasks) == 1:
            return [_run(t) for t in tasks]
        with ProcessPoolExecutor(max_workers=min(workers, len(tasks))) as pool:
            return list(pool.map(_run, tasks))


@dataclass(frozen=True)
class SearchSettings:
    """A game's registered search bot: its game's functions and its measured budget (each
    game's ``studies/batch.py`` holds one as ``SEARCH``; the strength benchmark replaces it
    with :func:`dataclasses.replace` to compare others)."""

    #: The game's ``determinize(observation, rng)``.
    determinize: Determinize
    #: The game's final scores by seat.
    scores: Scores
    #: The game's static evaluation, used when a rollout is cut at ``horizon``.
    evaluate: Evaluate
    #: The rollout policy, for every seat.
    rollout: RolloutFactory
    #: Decisions a rollout plays before the position is evaluated (``None``: to the end).
    horizon: int | None
    #: Playouts per decision.
    playouts: int
    #: Determinizations per decision.
    determinizations: int = DEFAULT_DETERMINIZATIONS
    #: Policy improvement: standard errors by which another option must beat the rollout
    #: policy's own choice (``None``: plain flat Monte-Carlo, the best mean).
    confidence: float | None = None

    def bot(self, seat: str, seed: int, playouts: int = 0) -> SearchBot:
        """The search bot for ``seat`` with these settings, or ``playouts`` per decision
        when it is positive (a batch's ``--playouts``)."""
        bot = SearchBot(
            self.determinize,
            self.scores,
            seed=seed,
            playouts=self.playouts,
            determinizations=self.determinizations,
            rollout=self.rollout,
            evaluate=self.evaluate,
            horizon=self.horizon,
            confidence=self.confidence,
        )
        return budgeted(bot, playouts)


def budgeted(bot: B, playouts: int) -> B:
    """``bot`` with a budget of ``playouts`` per decision if it is a :class:`SearchBot` and
    ``playouts`` is positive (a batch's ``--playouts``); ``bot`` as it is otherwise."""
    if isinstance(bot, SearchBot) and playouts > 0:
        if playouts > MAX_PLAYOUTS:
            raise ValueError(f"playouts must be from 1 to {MAX_PLAYOUTS:,}, got {playouts}")
        bot.playouts = playouts
    return bot


def _improved(preferred: Action, paired: Sequence[Estimate], confidence: float) -> Action:
    """The option whose paired difference from ``preferred`` is clearly above zero (its mean
    more than ``confidence`` standard errors, over at least :data:`MIN_PAIRS` pairs), the one
    with the highest such lower bound; ``preferred`` when none is.

    >>> a, b, c = (Action("pick", (x,)) for x in "abc")
    >>> _improved(a, [Estimate(b, 5.0, 1.0, 9), Estimate(c, 9.0, 4.0, 9)], 2.0) == b
    True
    >>> _improved(a, [Estimate(b, 5.0, 3.0, 9), Estimate(c, 50.0, 1.0, 2)], 2.0) == a
    True
    """
    best, bound = preferred, 0.0
    for e in paired:
        low = e.mean - confidence * e.stderr
        if e.playouts >= MIN_PAIRS and low > bound:
            best, bound = e.option, low
    return best


def _estimate(option: Action, n: int, total: float, squares: float) -> Estimate:
    """The mean and its standard error from ``n`` margins' sum and sum of squares."""
    if n == 0:
        return Estimate(option, 0.0, 0.0, 0)
    mean = total / n
    if n < 2:
        return Estimate(option, mean, 0.0, n)
    variance = max(0.0, (squares - n * mean * mean) / (n - 1))
    return Estimate(option, mean, math.sqrt(variance / n), n)


def with_agreement(record: GameRecord, bots: Mapping[str, Any]) -> GameRecord:
    """``record`` with, for each seat a :class:`SearchBot` played (``bots`` by seat name),
    where its choices agreed with its rollout policy's: ``details["agreement"]``, decision
    kind -> ``(same choice, decisions)`` (the Strategies study shows where the search
    differs from the heuristic bot)."""
    seats = []
    for seat in record.seats:
        bot = bots.get(seat.colour)
        if isinstance(bot, SearchBot):
            agreed = {kind: (same, n) for kind, (same, n) in sorted(bot.agreement.items())}
            seat = dataclasses.replace(seat, details={**seat.details, "agreement": agreed})
        seats.append(seat)
    return dataclasses.replace(record, seats=tuple(seats))

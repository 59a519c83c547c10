"""The coach (issue 27): what would a strong player do here, and why?

:func:`coach` answers at a decision from the asking seat's observation only (what that seat may
see: the engine's ``observe_now``). It draws worlds consistent with that observation (the
game's ``determinize``: every hidden fact drawn anew) and, in each world, plays every option
and then the same rollout to the end: the same bots with the same seeds after each option
(common random numbers), so that options are compared in pairs and the option is the only
difference. An option's estimate is the seat's mean final score margin over the worlds (its
score minus the best other seat's, :func:`~speakeasy.tools.search.margin`) with its standard
error, as the search bot counts it (:mod:`speakeasy.tools.search`).

The reasons come from the game's measures (``GameType.features``: the score's parts and what
leads to them, each with its rules and the explorer that shows it) and from what the seat
earned on the way, source by source (``GameType.flows`` over the events the playout's game
tells of, :meth:`~speakeasy.core.engine.Engine.listen`: Speakeasy's payouts by area and its
sales, Mafia City's VP by location), so a reason says *how* an option pays; taken in every
playout three times: once the option has played out up to the next decision, anyone's
(``now``), where the current chapter ends (``chapter``: ``GameType.chapter``, Speakeasy's act
whose Lucky Luciano phase settles the wars and the payouts, Mafia City's round) and at the end
of the game (``end``). The coach compares the recommended option with the runner-up world by
world and keeps the measures whose mean difference is clear (more than twice its standard
error), largest first; a difference the same in every world that stays so is said once, at
its first moment (:attr:`Reason.certain`: what the move itself does). When the runner-up
is a move of the same kind as the recommended one (the same token moved elsewhere, another
district for the same capo) and the decision has moves of another kind, the reasons compare
with the best of those instead (:attr:`Coaching.contrast`): the twin's estimate is in the
ranking, and "why this kind of move" is the question a learner asks first.

It is anytime: ``progress(done, total)`` is called after each world and ``cancel()`` (checked
before each) stops it early; the answer then covers the worlds played. The same seed,
observation and decision give the same answer.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final, Literal

from speakeasy.core.actions import Action, Decision, Event
from speakeasy.core.determinize import DeterminizeError
from speakeasy.core.engine import Engine, EngineError
from speakeasy.core.features import Feature
from speakeasy.core.registry import GameType
from speakeasy.core.seeds import derive_seed
from speakeasy.tools.search import (
    Estimate,
    RolloutFactory,
    SearchBot,
    margin,
    play_out,
    random_rollout,
)

__all__ = [
    "DEFAULT_WORLDS",
    "MAX_WORLDS",
    "WHEN",
    "Coaching",
    "Reason",
    "coach",
    "spread",
    "written",
]

#: Worlds drawn by default (each plays every option once).
DEFAULT_WORLDS: Final = 12
#: The most worlds one question may ask for.
MAX_WORLDS: Final = 10_000
When = Literal["now", "chapter", "end"]
#: When the measures are taken, in order.
WHEN: Final[tuple[When, ...]] = ("now", "chapter", "end")
#: A difference smaller than this (in the measure's units) is no reason.
_TINY: Final = 0.05
#: A standard error below this is none: the difference is the same in every world.
_EXACT: Final = 1e-9


def written(value: float, unit: str, *, sign: bool = True) -> str:
    """``value`` as a player writes it: ``+$12``, ``-$3``, ``+0.8 VP``, ``1.5 buildings``.

    >>> written(12.4, "$"), written(-3, "$"), written(0.75, "VP"), written(2, "building")
    ('+$12', '-$3', '+0.8 VP', '+2 buildings')
    >>> written(5.0, "$", sign=False), written(1, "building", sign=False)
    ('$5', '1 building')
    """
    mark = ("+" if value >= 0 else "-") if sign else ("" if value >= 0 else "-")
    size = abs(value)
    if unit == "$":
        return f"{mark}${size:.0f}"
    number = f"{size:.1f}".removesuffix(".0")
    if not unit:
        return f"{mark}{number}"
    noun = unit if unit == "VP" or number == "1" else unit + "s"
    return f"{mark}{number} {noun}"


def spread(mean: float, stderr: float, unit: str) -> str:
    """An estimate and its standard error as a player writes them, the unit once.

    >>> spread(8.2, 4.9, "$"), spread(0.3, 0.94, "VP")
    ('+$8 ± $5', '+0.3 ± 0.9 VP')
    """
    if unit == "$":
        return f"{written(mean, unit)} ± {written(stderr, unit, sign=False)}"
    return f"{written(mean, '')} ± {written(stderr, unit, sign=False)}"


@dataclass(frozen=True, slots=True)
class Reason:
    """Where the recommended option and the option compared (:attr:`Coaching.compared`)
    differ in one measure, at one moment.

    ``difference`` is the mean, over the worlds, of the recommended option's value minus the
    compared option's (positive: the recommended option has more), ``stderr`` its standard error;
    the rest is the measure's (:class:`~speakeasy.core.features.Feature`).
    """

    key: str
    label: str
    when: When
    difference: float
    stderr: float
    rules: tuple[str, ...]
    explorer: str | None
    unit: str
    scored: bool

    @property
    def certain(self) -> bool:
        """The same difference in every world: at ``now``, what the move itself changes (the
        token it takes back, the bottle it brings) rather than what it leads to."""
        return self.stderr < _EXACT

    @property
    def itself(self) -> bool:
        """What the move itself changes: the same difference in every world as play reaches
        the next decision (said without a "when"), not what it leads to."""
        return self.when == "now" and self.certain

    def amount(self) -> str:
        """The difference in words: ``+$12``, ``-1.5 buildings``, ``+0.8 VP``, ``40% more
        often`` (a yes/no measure)."""
        if not self.unit:  # a yes/no measure
            more = "more" if self.difference >= 0 else "less"
            return f"{abs(self.difference) * 100:.0f}% {more} often"
        return written(self.difference, self.unit)


@dataclass(frozen=True, slots=True)
class Coaching:
    """The coach's answer for ``seat`` at a decision: an :class:`Estimate` per option (in the
    decision's order), the worlds played (``failed`` could not be drawn, ``broken`` were
    dropped because a rule failed in them), the :class:`Reason` s the recommended option beats
    (or trails) the option compared (:attr:`compared`) by, the mean margin over the runner-up
    (``lead``, with its standard error), whether it was ``cancelled`` and the seconds it took.
    ``chapter`` names the game's chapter ("act", "round")."""

    seat: str
    estimates: tuple[Estimate, ...]
    worlds: int
    failed: int
    broken: int
    reasons: tuple[Reason, ...]
    lead: float
    lead_stderr: float
    cancelled: bool
    seconds: float
    chapter: str = "chapter"
    #: The option the reasons compare with (``None``: the runner-up; see the module docstring),
    #: and the recommended option's mean margin over it with its standard error.
    contrast: Estimate | None = None
    contrast_lead: tuple[float, float] = (0.0, 0.0)

    def ranked(self, n: int | None = None) -> tuple[Estimate, ...]:
        """The options with their estimates, best first (``n`` of them, or all)."""
        ordered = _ranked(self.estimates)
        return ordered if n is None else ordered[:n]

    @property
    def best(self) -> Estimate | None:
        """The recommended option (``None`` if no world could be played)."""
        ranked = self.ranked(1)
        return ranked[0] if ranked else None

    @property
    def runner_up(self) -> Estimate | None:
        """The second best option (``None`` with a single option or no world played)."""
        ranked = self.ranked(2)
        return ranked[1] if len(ranked) > 1 else None

    @property
    def compared(self) -> Estimate | None:
        """The option the reasons compare the recommended one with: :attr:`contrast`, else the
        runner-up."""
        return self.contrast if self.contrast is not None else self.runner_up

    def clear(self) -> bool:
        """Whether the recommended option's lead over the runner-up is beyond doubt: more than
        twice its standard error (with one option there is nothing to doubt)."""
        if self.runner_up is None:
            return self.best is not None
        return self.lead > 2 * self.lead_stderr

    def to_data(self, label: Callable[[Action], str] = str, unit: str = "") -> dict[str, Any]:
        """Plain data (JSON) for a page: the options best first with ``label`` (default: the
        action's text) and their estimates written in the score's ``unit`` (``margin``: "+$12
        ± $5"), the lead and the reasons."""
        return {
            "seat": self.seat,
            "worlds": self.worlds,
            "cancelled": self.cancelled,
            "seconds": round(self.seconds, 3),
            "chapter": self.chapter,
            "clear": self.clear(),
            "lead": [round(self.lead, 2), round(self.lead_stderr, 2)],
            "contrast": None
            if self.contrast is None
            else {
                "label": label(self.contrast.option),
                "option": str(self.contrast.option),
                "lead": [round(v, 2) for v in self.contrast_lead],
                "clear": self.contrast_lead[0] > 2 * self.contrast_lead[1],
            },
            "ranked": [
                {
                    "label": label(e.option),
                    "option": str(e.option),
                    "mean": round(e.mean, 2),
                    "stderr": round(e.stderr, 2),
                    "margin": spread(e.mean, e.stderr, unit),
                }
                for e in self.ranked()
            ],
            "reasons": [
                {
                    "when": r.when,
                    "label": r.label,
                    "amount": r.amount(),
                    "rules": list(r.rules),
                    "explorer": r.explorer,
                    "scored": r.scored,
                }
                for r in self.reasons
            ],
        }


def _ranked(estimates: Sequence[Estimate]) -> tuple[Estimate, ...]:
    """The played options best first (ties: in the decision's order)."""
    order = {id(e): i for i, e in enumerate(estimates)}
    return tuple(
        sorted((e for e in estimates if e.playouts), key=lambda e: (-e.mean, order[id(e)]))
    )


def _contrast(ranked: Sequence[Estimate]) -> Estimate | None:
    """The best option of another kind than the recommended one, when the runner-up is of the
    same kind (``None`` otherwise, or when every option is of one kind).

    >>> from speakeasy.tools.search import Estimate
    >>> e = [Estimate(Action(k, a), m, 1.0, 4) for k, a, m in
    ...      [("plan", (5,), 3.0), ("plan", (2,), 2.9), ("place", (1,), 1.0), ("pass", (), 0.5)]]
    >>> _contrast(e).option
    Action(kind='place', args=(1,))
    >>> _contrast([e[0], e[2], e[1]]) is None
    True
    """
    if len(ranked) < 2 or ranked[1].option.kind != ranked[0].option.kind:
        return None
    kind = ranked[0].option.kind
    return next((e for e in ranked[2:] if e.option.kind != kind), None)


def _said(reasons: Sequence[Reason], key: str, difference: float, stderr: float) -> bool:
    """Whether an earlier reason of the measure ``key`` said this already: the same difference
    in every world, unchanged since (a token taken back is still one token fewer at the end of
    the round: said once)."""
    return stderr < _EXACT and any(
        r.key == key and r.certain and abs(r.difference - difference) < _EXACT for r in reasons
    )


def _checked_worlds(worlds: int) -> int:
    if isinstance(worlds, bool) or not isinstance(worlds, int):
        raise ValueError(f"worlds must be a whole number, got {worlds!r}")
    if not 1 <= worlds <= MAX_WORLDS:
        raise ValueError(f"worlds must be from 1 to {MAX_WORLDS:,}, got {worlds}")
    return worlds


#: One playout's measures: (when, key) -> value.
Measures = dict[tuple[str, str], float]


def _measure(
    into: Measures, when: str, measured: Sequence[Feature], info: dict[str, Feature]
) -> None:
    for f in measured:
        into[(when, f.key)] = float(f.value)
        info.setdefault(f.key, f)


def _play(
    game: Engine[Any, Any, Any],
    option: Action,
    bots: Mapping[Any, Any],
    seat: str,
    game_type: GameType,
    info: dict[str, Feature],
) -> tuple[float, Measures]:
    """Apply ``option`` to ``game`` and play on to the end with ``bots``: the seat's final
    margin and its measures (what it has, and what it earned since the decision) just
    after the option, at the end of the chapter and at the end."""
    features, flows, chapter = game_type.features, game_type.flows, game_type.chapter
    heard: list[Event] = []
    if flows is not None:
        game.listen(heard.append)
    game.apply(option)

    def measured() -> list[Feature]:
        found = list(features(game, seat)) if features is not None else []
        return found + list(flows(heard, seat)) if flows is not None else found

    measures: Measures = {}
    _measure(measures, "now", measured(), info)
    chapter_seen = chapter is None
    if chapter is not None:
        start = chapter(game)
        play_out(game, bots, until=lambda g: chapter(g) != start)
        if game.pending is not None:  # the chapter ended before the game
            chapter_seen = True
            _measure(measures, "chapter", measured(), info)
    play_out(game, bots)
    end = measured()
    _measure(measures, "end", end, info)
    if not chapter_seen:  # the game ended within the chapter
        _measure(measures, "chapter", end, info)
    assert game_type.scores is not None
    return margin(game_type.scores(game), seat), measures


def _mean(values: Sequence[float]) -> tuple[float, float]:
    """The mean and its standard error (``0`` below two values)."""
    n = len(values)
    if n == 0:
        return 0.0, 0.0
    mean = sum(values) / n
    if n < 2:
        return mean, 0.0
    variance = sum((v - mean) ** 2 for v in values) / (n - 1)
    return mean, math.sqrt(variance / n)


def coach(
    game_type: GameType,
    observation: Any,
    decision: Decision,
    *,
    worlds: int = DEFAULT_WORLDS,
    seed: int = 0,
    rollout: RolloutFactory | None = None,
    progress: Callable[[int, int], None] | None = None,
    cancel: Callable[[], bool] | None = None,
) -> Coaching:
    """The coach's answer at ``decision`` for the seat it asks, from that seat's
    ``observation`` (see the module docstring). ``rollout`` makes the bots that play on after
    each option (default: the game's ``coach_rollout``, else the rollout policy of its
    registered ``search`` bot).
    ``ValueError`` for a game that cannot be searched or a bad number of worlds."""
    worlds = _checked_worlds(worlds)
    if game_type.determinize is None or game_type.scores is None:
        raise ValueError(f"{game_type.title} has no coach (it cannot be searched)")
    began = time.perf_counter()
    options = tuple(decision.options)
    seat = str(decision.player)
    if rollout is None:
        rollout = game_type.coach_rollout
    if rollout is None:
        bot = game_type.bots["search"](seat, seed) if "search" in game_type.bots else None
        rollout = bot.rollout if isinstance(bot, SearchBot) else random_rollout
    key = "|".join([seat, str(decision.kind), *map(str, options)])
    base = derive_seed(seed, "coach", key)
    info: dict[str, Feature] = {}
    played: list[tuple[list[float], list[Measures]]] = []  # per world: per option
    failed = broken = 0
    cancelled = False
    for w in range(worlds):
        if cancel is not None and cancel():
            cancelled = True
            break
        try:
            root = game_type.determinize(observation, random.Random(derive_seed(base, w)))
        except DeterminizeError:
            failed += 1
            continue
        pending = root.pending
        assert pending is not None and tuple(pending.options) == options
        margins: list[float] = []
        measures: list[Measures] = []
        try:
            for i in range(len(options)):
                bots = {p: rollout(str(p), derive_seed(base, w, str(p))) for p in root.players}
                game = root.copy(history=False)
                value, measured = _play(game, options[i], bots, seat, game_type, info)
                margins.append(value)
                measures.append(measured)
        except EngineError:
            broken += 1  # a rule failed in this drawn world: it tells nothing
            continue
        played.append((margins, measures))
        if progress is not None:
            progress(w + 1, worlds)
    estimates = tuple(
        Estimate(option, *_mean([m[i] for m, _ in played]), len(played))
        for i, option in enumerate(options)
    )
    ranked = _ranked(estimates)
    reasons: list[Reason] = []
    lead = lead_stderr = 0.0
    contrast = _contrast(ranked)
    contrast_lead = (0.0, 0.0)
    if len(ranked) > 1:
        a, b = estimates.index(ranked[0]), estimates.index(ranked[1])
        lead, lead_stderr = _mean([m[a] - m[b] for m, _ in played])
        if contrast is not None:
            b = estimates.index(contrast)
            contrast_lead = _mean([m[a] - m[b] for m, _ in played])
        for when in WHEN:
            for name, feature in info.items():
                pairs = [(x[a].get((when, name)), x[b].get((when, name))) for _, x in played]
                diffs = [u - v for u, v in pairs if u is not None and v is not None]
                mean, stderr = _mean(diffs)
                clear = abs(mean) >= _TINY and abs(mean) > 2 * stderr
                if clear and not _said(reasons, name, mean, stderr):
                    reasons.append(
                        Reason(
                            name,
                            feature.label,
                            when,
                            mean,
                            stderr,
                            feature.rules,
                            feature.explorer,
                            feature.unit,
                            feature.scored,
                        )
                    )
    reasons.sort(key=lambda r: (WHEN.index(r.when), -abs(r.difference)))
    return Coaching(
        seat,
        estimates,
        len(played),
        failed,
        broken,
        tuple(reasons),
        lead,
        lead_stderr,
        cancelled,
        time.perf_counter() - began,
        game_type.chapter_name,
        contrast,
        contrast_lead,
    )

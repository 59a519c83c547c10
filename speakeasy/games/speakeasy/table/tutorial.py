"""Guided lessons for a newcomer: prepared positions, one concept at a time, checked moves.

The tutorial is data and logic only (the marimo notebook ``notebooks/learn.py`` draws it). Each
:class:`Lesson` has a title, an introduction in this project's own words, the rule IDs it
teaches, a goal, hints, a *prepared position* and a judge:

* the position is a real game: :data:`SEED`, two seats (the learner plays purple, a bot plays
  yellow) and a fixed script of actions, each applied through :meth:`Game.apply`, so it is legal
  by construction (the last two lessons let seeded bots play on to the end of Act 1);
* :meth:`Lesson.check` judges a *legal* move: :data:`ACCEPTED`, or a :class:`Verdict` with the
  reason it is not what the lesson asks ("that raises strength; this lesson is about your VIP
  room") and the rules behind it. Illegal moves never reach the judge: the engine refuses them
  with its own :class:`~speakeasy.core.actions.IllegalAction`, explained by
  :func:`~speakeasy.games.speakeasy.explain.explain_error`.

:class:`Tutorial` is the learner's progress as an immutable value (marimo keeps it in
``mo.state``): the current lesson, the lessons done, the moves made since the lesson's start
and the feedback to the last attempt. Any lesson opens directly (:meth:`Tutorial.open`); the
next lesson continues the learner's own game where the scripted lead-in fits it
(:meth:`Tutorial.next_lesson`).

The progress survives a reload through the page's address: :meth:`Tutorial.to_params` gives
query parameters (``?lesson=bar&done=capos,levels&moves=...``) and
:meth:`Tutorial.from_params` reads them back, validated and bounded (unknown lessons dropped,
moves replayed and dropped unless legal, at most :data:`MAX_LINK_MOVES`). The address belongs
to one browser tab, so the learners of a workshop served from one machine never share progress
(a progress file on the server would be shared by all of them), and a bookmark keeps it.

>>> tutorial = Tutorial()
>>> tutorial.lesson.title
'Capos and persons'
>>> tutorial = tutorial.attempt("capo planning 0")
>>> tutorial.feedback.kind, tutorial.feedback.rules[:1]
('wrong', ('R-LOC-CONTRACTORS-1',))
>>> tutorial = tutorial.attempt("capo contractors 0")  # yellow's capo stands there
>>> tutorial.feedback.kind, tutorial.feedback.code, tutorial.feedback.rules[0]
('illegal', 'person-taken', 'R-TURN-4')
>>> tutorial = tutorial.attempt("capo contractors 1")
>>> tutorial.goal_met, tutorial.is_done("capos"), tutorial.unlocked()[:2]
(True, True, ('capos', 'levels'))
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from typing import Literal

from cachetools import FIFOCache, LRUCache

from speakeasy.core.actions import Action, Event, IllegalAction
from speakeasy.core.bots import decide
from speakeasy.core.seeds import derive_seed
from speakeasy.games.speakeasy.engine.bots import RandomBot
from speakeasy.games.speakeasy.engine.game import Game
from speakeasy.games.speakeasy.engine.observe import Observation, observe
from speakeasy.games.speakeasy.explain.events import explain_event
from speakeasy.games.speakeasy.explain.log import StepFrame, step_through
from speakeasy.games.speakeasy.explain.refusals import explain_error
from speakeasy.games.speakeasy.model.catalog.loader import load_catalog
from speakeasy.games.speakeasy.model.state import BuildingType, Colour, GameState
from speakeasy.games.speakeasy.rules.operating import operating
from speakeasy.games.speakeasy.rules.wording import districts
from speakeasy.games.speakeasy.table.play import Table, option_district
from speakeasy.tools.citations import RuleRef

__all__ = [
    "ACCEPTED",
    "LEARNER",
    "LESSONS",
    "OPPONENT",
    "SEED",
    "Feedback",
    "Lesson",
    "Tutorial",
    "Verdict",
    "learner_view",
    "lesson",
]

#: The seed of every prepared position.
SEED = 0
#: The learner's colour and the bot's.
LEARNER = Colour.PURPLE


def learner_view(game: Game, state: GameState | None = None) -> Observation:
    """What the learner may see of ``state`` (default: the position now): the bot's safe,
    hand and helpers behind its screen stay hidden, as at a real table (R-MONEY-1,
    R-HELPER-3)."""
    return observe(game.state if state is None else state, LEARNER, game.options)


OPPONENT = Colour.YELLOW
PLAYERS: tuple[Colour, ...] = (LEARNER, OPPONENT)
#: Events that belong to the Lucky Luciano phase.
LUCIANO_KINDS = frozenset({"gang_war", "police_arrive", "district_control", "payout"})
#: At most this many events are listed in the feedback to a move.
MAX_EVENTS = 12


# ---------------------------------------------------------------------- verdicts and feedback
@dataclass(frozen=True, slots=True)
class Verdict:
    """The lesson's judgement of a legal move: accepted, or the reason it is not wanted."""

    accepted: bool
    reason: str = ""
    rules: tuple[str, ...] = ()


#: The verdict for a move the lesson is happy with.
ACCEPTED = Verdict(True)


def _wrong(reason: str, *rules: str) -> Verdict:
    return Verdict(False, reason, tuple(rules))


FeedbackKind = Literal["accepted", "goal", "wrong", "illegal", "hint", "done", "info"]


@dataclass(frozen=True, slots=True)
class Feedback:
    """What the learner is told after an attempt (or when asking for a hint).

    ``kind``: ``accepted`` (applied), ``goal`` (applied and the lesson's goal reached),
    ``wrong`` (legal but not what the lesson asks, nothing changed), ``illegal`` (the engine
    refused it, nothing changed; ``code`` is the engine's), ``hint`` or ``done``.
    """

    kind: FeedbackKind
    text: str
    action: str = ""
    rules: tuple[str, ...] = ()
    code: str | None = None
    events: tuple[str, ...] = ()

    def citations(self) -> list[str]:
        """``ID (summary)`` for each rule not already cited in :attr:`text`."""
        return [RuleRef.of(r).citation() for r in self.rules if r not in self.text]

    def markdown(self) -> str:
        """The feedback as Markdown: the move, the reason, the rules, then what happened."""
        head = {
            "accepted": "✔ Done",
            "goal": "★ Goal reached",
            "wrong": "✘ Not what this lesson asks",
            "illegal": "× Not allowed",
            "hint": "Hint",
            "done": "★ Lesson complete",
            "info": "→ Choose",
        }[self.kind]
        lines = [f"**{head}**" + (f" — *{_md(self.action)}*" if self.action else "")]
        lines.append("")
        lines.append(_md(self.text))
        for citation in self.citations():
            rule, _, summary = citation.partition(" ")
            lines.append(f"\n- **{rule}** {_md(summary)}")
        if self.events:
            lines.append("")
            lines.extend(f"- {_md(e)}" for e in self.events)
        return "\n".join(lines)


def _md(text: str) -> str:
    return re.sub(r"([\\`*_$<>\[\]|])", r"\\\1", text)


# ---------------------------------------------------------------------- lessons
Goal = Callable[[Game, Sequence[Event]], bool]
Judge = Callable[[Game, Action], Verdict]


@dataclass(frozen=True)
class Lesson:
    """One concept: its text, goal, hints, prepared position and judge of moves."""

    id: str
    title: str
    introduction: str
    goal: str
    rules: tuple[str, ...]
    hints: tuple[str, ...]
    script: Callable[[], tuple[str, ...]] = field(repr=False, compare=False)
    reached: Goal = field(repr=False, compare=False)
    judge: Judge = field(repr=False, compare=False)
    #: A scripted solution from the prepared position (empty: any accepted move will do).
    solution: tuple[str, ...] = ()
    #: Districts the figure outlines for this lesson.
    highlight: tuple[int, ...] = ()
    #: Extra lines about the position (notoriety, police, truck range...).
    status: Callable[[GameState], list[str]] | None = field(default=None, repr=False)
    #: The scripted actions between the previous lesson's goal and this lesson's position;
    #: ``None`` if this lesson cannot continue the learner's own game (bots set it up).
    lead_in: tuple[str, ...] | None = None
    #: Hints for a position continued from the learner's own game (default: :attr:`hints`).
    own_game_hints: tuple[str, ...] = ()

    @property
    def number(self) -> int:
        return [x.id for x in LESSONS].index(self.id) + 1

    def history(self) -> tuple[str, ...]:
        """The actions that lead from a new game to the prepared position."""
        return _history(self.id)

    def position(self) -> Game:
        """A new game in the prepared position (a replay of :meth:`history`)."""
        return Game.replay(SEED, self.history(), players=list(PLAYERS))

    def check(self, game: Game, action: Action | str) -> Verdict:
        """Judge a legal move of the learner in ``game``: accepted, or why it is not wanted."""
        if isinstance(action, str):
            action = Action.parse(action)
        if game.current_player is not LEARNER:
            return ACCEPTED
        return self.judge(game, action)

    def is_reached(self, game: Game, events: Sequence[Event]) -> bool:
        """Whether the goal is met, given the events since the prepared position."""
        return self.reached(game, events)

    def status_lines(self, state: GameState) -> list[str]:
        return self.status(state) if self.status is not None else []


@cache
def _history(lesson_id: str) -> tuple[str, ...]:
    return lesson(lesson_id).script()


def lesson(lesson_id: str) -> Lesson:
    """The lesson with this id."""
    for entry in LESSONS:
        if entry.id == lesson_id:
            return entry
    raise KeyError(f"no lesson {lesson_id!r}; lessons are {', '.join(x.id for x in LESSONS)}")


# ---------------------------------------------------------------------- the prepared game
# Seed 0, purple (learner) and yellow. Prologue: purple's mafioso takes a leverage token, its bar
# goes to district 16 where police stand, its card slots 2 leverage; yellow builds in district 3.
# Round 1: yellow's capo takes the Contractors' Office's first person.
PROLOGUE: tuple[str, ...] = (
    "mafioso docks downtown 0",
    "mafioso docks midtown 1",
    "build open bar-left-1",
    "build_space 16 0",
    "play distillery-09",
    "build open bar-left-1",
    "build_space 3 0",
    "play party-04",
    "raise party",
    "skip",
    "capo contractors 0",
    "done",
    "draw vip",
)
CAPO_SOLUTION = ("capo contractors 1",)
LEVEL_SOLUTION = ("raise vip",)
BAR_SOLUTION = ("build open bar-left-2", "build_space 3 1")
# Purple ends its turn; yellow visits the City Planning Office; purple goes to City Hall.
AFTER_BAR = (
    "done",
    "draw fleet",
    "capo planning 0",
    "done",
    "skip",
    "draw party",
    "capo city_hall 0",
)
PROTECT_SOLUTION = ("mafioso vip", "play vip-02", "raise vip", "protect 16 0")
# Purple ends its turn; yellow visits the Commission; purple goes to the Garage (its left person
# gives +2 range) and plays a fleet card with the +2 range reward: range 5.
AFTER_PROTECT = (
    "draw party",
    "capo commission 0",
    "skip",
    "done",
    "skip",
    "draw vip",
    "capo garage 0",
    "play fleet-10",
)
TRUCK_SOLUTION = ("enter 6", "buy daisy", "move 3", "deliver 3 1")
BOT_SEED = 6


def _bots_to_luciano() -> tuple[str, ...]:
    """Seeded bots play both seats to the end of Act 1; stop at the learner's last decision
    before the Lucky Luciano phase."""
    base = (*PROLOGUE, *CAPO_SOLUTION, *LEVEL_SOLUTION, *BAR_SOLUTION, *AFTER_BAR)
    base += (*PROTECT_SOLUTION, *AFTER_PROTECT, *TRUCK_SOLUTION)
    game = Game.replay(SEED, base, players=list(PLAYERS))
    bot = RandomBot(BOT_SEED)
    while not game.is_over:
        events = game.apply(decide(game, bot))
        if any(e.kind in LUCIANO_KINDS for e in events):
            break
    steps = game.steps
    last = max(i for i, s in enumerate(steps) if s.player is LEARNER and i >= len(base))
    return tuple(str(a) for a in game.history[:last])


def _bots_to_next_round() -> tuple[str, ...]:
    """After the Luciano phase (bots again), up to the learner's first decision of Act 2."""
    start = _history("luciano")
    game = Game.replay(SEED, start, players=list(PLAYERS))
    bot = RandomBot(BOT_SEED + 1)
    while not game.is_over and game.state.act < 2:
        game.apply(decide(game, bot))
    while not game.is_over and game.current_player is not LEARNER:
        game.apply(decide(game, bot))
    return tuple(str(a) for a in game.history)


# ---------------------------------------------------------------------- helpers for judges
def _learner_events(events: Iterable[Event], kind: str) -> list[Event]:
    return [e for e in events if e.kind == kind and e.player == LEARNER.value]


def _label(game: Game, action: Action) -> str:
    decision = game.pending
    if decision is not None:
        for option in decision.options:
            if option == action:
                return option.describe()
        for blocked in decision.blocked:
            if blocked.action == action:
                return blocked.action.describe()
    return action.describe()


# -- lesson 1: capos and persons
LOCATION_NAMES = {
    "contractors": "the Contractors' Office",
    "planning": "the City Planning Office",
    "garage": "the Garage",
    "city_hall": "City Hall",
    "commission": "the Commission",
    "docks": "the Docks",
    "restaurant": "the Restaurant",
    "central_park": "Central Park",
}


def _judge_capo(game: Game, action: Action) -> Verdict:
    if action.kind != "capo" or not action.args:
        return ACCEPTED
    where = str(action.args[0])
    if where == "contractors":
        return ACCEPTED
    if where == "restaurant":
        return _wrong(
            "The Restaurant's person takes any number of capos, but it makes you discard a card "
            "and drop down the turn order before its actions. This lesson asks for the "
            "Contractors' Office, whose free person raises a level and lets you open bars.",
            "R-LOC-GEN-1",
            "R-LOC-CONTRACTORS-1",
        )
    return _wrong(
        f"{LOCATION_NAMES.get(where, where)} is a legal visit, but this lesson asks you to send "
        "your capo to the Contractors' Office: its free person raises a level and then lets "
        "you open bars.",
        "R-LOC-CONTRACTORS-1",
        "R-TURN-3",
    )


def _capo_reached(game: Game, events: Sequence[Event]) -> bool:
    return any(e.data.get("location") == "contractors" for e in _learner_events(events, "capo"))


# -- lesson 2: operations and notoriety
def _judge_raise(game: Game, action: Action) -> Verdict:
    if action.kind == "skip":
        return _wrong(
            "Every action of a person is optional, but a free level is worth taking: it also "
            "adds 1 notoriety. Raise your VIP room.",
            "R-LOC-GEN-5",
            "R-NOTOR-1",
        )
    if action.kind != "raise" or not action.args:
        return ACCEPTED
    track = str(action.args[0])
    if track == "vip":
        return ACCEPTED
    if track == "strength":
        return _wrong(
            "Strength adds notoriety too, but it is not an operation: it defends your "
            "buildings in gang wars. This lesson raises an operation: your VIP room.",
            "R-LEVEL-1",
            "R-NOTOR-1",
        )
    return _wrong(
        f"Raising {track} would add 1 notoriety as well, but the next lessons need a bigger "
        "VIP room: its level decides how many mafiosi wait in your VIP area to protect "
        "buildings.",
        "R-LEVEL-7",
        "R-MAFIOSO-2",
    )


def _level_reached(game: Game, events: Sequence[Event]) -> bool:
    return any(e.data.get("track") == "vip" for e in _learner_events(events, "raise"))


def _effect_text(space: int) -> str:
    for reward in load_catalog().notoriety.rewards:
        if reward.space == space:
            return ", ".join(e.label for e in reward.effect)
    return ""


def notoriety_lines(state: GameState, colour: Colour = LEARNER) -> list[str]:
    """The learner's notoriety, the barrel prices it gives and the next reward spaces."""
    track = load_catalog().notoriety
    player = state.players[colour]
    value = player.notoriety
    levels = ", ".join(f"{t.value} {n}" for t, n in player.levels.items())
    bar, premium = track.price_at(value)
    lines = [
        f"Notoriety {value} = the sum of your levels ({levels}).",
        f"A barrel sells for ${bar} at a bar and ${premium} at a nightclub or casino.",
    ]
    ahead = [p for p in track.prices if p.space > value]
    if ahead:
        lines.append(
            f"At notoriety {ahead[0].space} prices rise to ${ahead[0].bar}/${ahead[0].premium}."
        )
    rewards = [r for r in track.rewards if r.space > value]
    if rewards:
        lines.append(
            "Rewards ahead: "
            + "; ".join(f"at {r.space}, {_effect_text(r.space)}" for r in rewards[:3])
            + "."
        )
    return lines


# -- lesson 3: opening a bar
def _judge_bar(game: Game, action: Action) -> Verdict:
    decision = game.pending
    if decision is None:
        return ACCEPTED
    if decision.kind == "build":
        if action.kind == "done":
            return _wrong(
                "Done would end your building action without a bar. Open one: a bar from the "
                "left group costs $3.",
                "R-LOC-CONTRACTORS-2",
                "R-BUILD-2",
            )
        piece = str(action.args[1]) if len(action.args) > 1 else ""
        if piece == "distillery":
            return _wrong(
                "The distillery makes barrels but never sells them, and you may only ever have "
                "one. This lesson is about opening a bar.",
                "R-BUILD-7",
                "R-BARREL-2",
            )
        return ACCEPTED
    if decision.kind == "build_space" and action.args:
        district = game.state.districts.get(int(action.args[0]))
        if district is not None and district.police:
            return _wrong(
                f"Building in district {district.number} is allowed, but police stand there: "
                "the bar would not operate until a mafioso protects it. Pick a district "
                "without police.",
                "R-BUILD-6",
                "R-GOLDEN-1",
            )
    return ACCEPTED


def _bar_reached(game: Game, events: Sequence[Event]) -> bool:
    return any(
        str(e.data.get("piece", "")).startswith("bar") for e in _learner_events(events, "open")
    )


# -- lesson 4: protection and police
def _judge_protect(game: Game, action: Action) -> Verdict:
    decision = game.pending
    if decision is None:
        return ACCEPTED
    if decision.kind == "mafioso" and action.args and action.args[0] == "docks":
        return _wrong(
            "A mafioso in the docks earns that row's reward, but only mafiosi in your VIP area "
            "can go out to protect a building. Put it in your VIP area.",
            "R-PROTECT-1",
            "R-MAFIOSO-1",
        )
    if decision.kind == "play_card" and action.kind == "skip":
        return _wrong(
            "The VIP card's action is protection: skip it and your mafioso stays home.",
            "R-CARD-2",
            "R-PROTECT-1",
        )
    if decision.kind == "protect":
        if action.kind == "done":
            return _wrong(
                "Stopping now leaves your bar in district 16 closed: police stand there and "
                "nothing protects it.",
                "R-GOLDEN-1",
                "R-GOLDEN-2",
            )
        if action.kind == "protect" and action.args:
            district = game.state.districts[int(action.args[0])]
            if not district.police:
                return _wrong(
                    f"No police stand in district {district.number}: your bar there already "
                    "operates. Protection matters where police stand.",
                    "R-GOLDEN-1",
                    "R-PROTECT-1",
                )
    return ACCEPTED


def _protect_reached(game: Game, events: Sequence[Event]) -> bool:
    state = game.state
    return any(
        b.protected and state.districts[d].police for d, _, b in state.buildings(LEARNER)
    ) and bool(_learner_events(events, "protect"))


def police_lines(state: GameState, colour: Colour = LEARNER) -> list[str]:
    """Each of the learner's buildings: police there, protected, operating (R-GOLDEN-1)."""
    lines = []
    for d, s, b in state.buildings(colour):
        district = state.districts[d]
        police = "police" if district.police else "no police"
        guard = ", protected by a mafioso" if b.protected else ""
        works = "operates" if operating(district, b) else "does NOT operate (counts as absent)"
        lines.append(
            f"Your {b.type.value} in district {d} (space {s + 1}): {police}{guard} — {works}."
        )
    return lines


# -- lesson 5: trucks
def _truck_now(game: Game) -> tuple[int | None, int, int] | None:
    """(district or None, barrels, points left) of the truck being moved, from the decision."""
    decision = game.pending
    if decision is None or decision.kind != "truck":
        return None
    return decision.fact("district"), decision.fact("barrels"), decision.fact("points")


def _targets(state: GameState) -> list[int]:
    """Districts of the learner's operating bars, nightclubs and casinos without a barrel."""
    return sorted(
        {
            d
            for d, _, b in state.buildings(LEARNER)
            if b.type is not BuildingType.DISTILLERY
            and not b.barrel
            and operating(state.districts[d], b)
        }
    )


_PARK_WEST, _PARK_EAST = {13, 15}, {14, 16}


def _park_note(a: int, b: int) -> str:
    if (a in _PARK_WEST and b in _PARK_EAST) or (a in _PARK_EAST and b in _PARK_WEST):
        return " Central Park is in the way: no road joins 13 and 15 to 14 and 16."
    return ""


def _judge_truck(game: Game, action: Action) -> Verdict:
    now = _truck_now(game)
    if now is None:
        return ACCEPTED
    where, barrels, points = now
    state, board = game.state, game.board
    ports = {ship.port for ship in state.ships}
    targets = _targets(state)
    if not targets:
        return ACCEPTED

    def to_target(start: int) -> tuple[int, int]:
        return min((board.distance(start, t), t) for t in targets)

    def via_ship(start: int) -> int:
        return min(board.distance(start, p) + to_target(p)[0] for p in ports)

    if action.kind == "finish":
        return _wrong(
            f"Finishing now forfeits the {points} movement point(s) left, and no barrel has "
            "reached your bar yet.",
            "R-TRUCK-14",
            "R-TRUCK-13",
        )
    if action.kind == "enter" and action.args:
        district = int(action.args[0])
        if district not in ports:
            return _wrong(
                f"No ship is docked in district {district} and you have no distillery, so there "
                "is nothing to load there. Enter at a port where a ship waits.",
                "R-TRUCK-11",
                "R-TRUCK-10",
            )
        steps, target = to_target(district)
        if steps > points:
            return _wrong(
                f"From district {district} your nearest bar without a barrel (district "
                f"{target}) is {steps} moves away; the truck has {points}."
                + _park_note(district, target),
                "R-TRUCK-7",
                "R-TRUCK-8",
            )
        return ACCEPTED
    if action.kind == "move" and action.args and where is not None:
        district, left = int(action.args[0]), points - 1
        if barrels == 0 and where in ports:
            return _wrong(
                "The truck is empty and a ship is docked right here: buy a barrel before you "
                "drive off, a truck can only deliver what it carries.",
                "R-TRUCK-11",
                "R-TRUCK-9",
            )
        need = to_target(district)[0] if barrels else via_ship(district)
        if need > left:
            steps, target = to_target(district)
            return _wrong(
                f"After this move the truck would have {left} point(s) left, but it would still "
                f"need {need} move(s) to deliver." + _park_note(district, target),
                "R-TRUCK-7",
                "R-TRUCK-8",
            )
    return ACCEPTED


def _truck_reached(game: Game, events: Sequence[Event]) -> bool:
    return bool(_learner_events(events, "truck_deliver"))


def truck_lines(state: GameState, colour: Colour = LEARNER) -> list[str]:
    """Where the ships wait, and the learner's bars that could take a barrel."""
    catalog = load_catalog()
    ships = ", ".join(f"{catalog.ship(s.ship).name}'s at port {s.port}" for s in state.ships)
    targets = list(_targets(state))
    where = districts(targets) if targets else "none"
    return [f"Ships: {ships}.", f"Your operating bars without a barrel: {where}."]


# -- lessons 6 and 7
def _any_move(game: Game, action: Action) -> Verdict:
    return ACCEPTED


def _luciano_reached(game: Game, events: Sequence[Event]) -> bool:
    return any(e.kind == "payout" for e in events)


def _round_reached(game: Game, events: Sequence[Event]) -> bool:
    return game.is_over or any(e.kind in ("round", "capo_return", "gang_war") for e in events)


def round_lines(state: GameState, colour: Colour = LEARNER) -> list[str]:
    order = ", ".join(c.value for c in state.turn_order.order)
    return [f"Act {state.act}, round {state.round}; turn order: {order}."]


def _script(*parts: tuple[str, ...]) -> Callable[[], tuple[str, ...]]:
    joined = tuple(a for part in parts for a in part)
    return lambda: joined


LESSONS: tuple[Lesson, ...] = (
    Lesson(
        id="capos",
        title="Capos and persons",
        introduction=(
            "Each turn you send one **capo** (your trusted lieutenant) from your operations "
            "board to a **person** in one of the city's locations, and you then do that "
            "person's actions. A person listens to a single capo for the whole act: once a "
            "capo stands on it, nobody else can use it until the capos go home. The "
            "Restaurant is the exception: its person listens to any number of capos.\n\n"
            "Yellow moved first this round and its capo already stands on the Contractors' "
            "Office's first person. You play purple."
        ),
        goal="Send your capo to the free person of the Contractors' Office.",
        rules=("R-TURN-3", "R-TURN-4", "R-CAPO-5", "R-LOC-GEN-1", "R-LOC-CONTRACTORS-1"),
        hints=(
            "The options are grouped by location; look for the Contractors' Office.",
            "Person 1 is taken by yellow's capo; person 2 is free.",
        ),
        script=_script(PROLOGUE),
        reached=_capo_reached,
        judge=_judge_capo,
        solution=CAPO_SOLUTION,
    ),
    Lesson(
        id="levels",
        title="Operations and notoriety",
        introduction=(
            "Your business has four **operations** (VIP room, party, distillery, fleet) and a "
            "**strength** track, each from level 1 to 5. The VIP level is how many mafiosi your "
            "VIP area holds, party how many barrels you sell at once, distillery how many you "
            "make, fleet how far your trucks drive.\n\n"
            "**Notoriety** is always the sum of your five levels: every raise moves it up at "
            "once. It sets the price your barrels fetch, and some of its spaces hand out a "
            "one-off reward the first time you reach them."
        ),
        goal="Use the person's raise on your VIP room, and watch your notoriety follow.",
        rules=("R-LEVEL-1", "R-LEVEL-2", "R-LEVEL-7", "R-NOTOR-1", "R-NOTOR-2", "R-NOTOR-3"),
        hints=(
            "The VIP room is the operation called 'vip'.",
            "Choose 'Raise vip to 2'.",
        ),
        script=_script(PROLOGUE, CAPO_SOLUTION),
        lead_in=(),
        reached=_level_reached,
        judge=_judge_raise,
        solution=LEVEL_SOLUTION,
        status=notoriety_lines,
    ),
    Lesson(
        id="bar",
        title="Opening a bar",
        introduction=(
            "The Contractors' Office lets you build up to twice. A **bar** costs $3, $5 or $8 "
            "depending on which group of your operations board it comes from, and goes on any "
            "empty building space of an open district. If a **city token** lies on that space "
            "you take it: you can play it later at the Restaurant.\n\n"
            "Bars are not limited per area. Nightclubs and casinos are: at most one of each per "
            "area for every player. A district with police is allowed, but a building there "
            "only works once a mafioso protects it."
        ),
        goal="Open a bar from the left group ($3) in a district without police.",
        rules=("R-BUILD-1", "R-BUILD-2", "R-BUILD-5", "R-BUILD-6", "R-CITY-1"),
        hints=(
            "First choose 'Open a bar from the left group ($3)'.",
            "Then click a district on the map: district 3, next to the port of district 6, is "
            "a good spot.",
        ),
        script=_script(PROLOGUE, CAPO_SOLUTION, LEVEL_SOLUTION),
        lead_in=(),
        reached=_bar_reached,
        judge=_judge_bar,
        solution=BAR_SOLUTION,
        highlight=(3,),
    ),
    Lesson(
        id="protect",
        title="Protection and police",
        introduction=(
            "**The golden rule:** a building works only if no police figure stands in its "
            "district, or a mafioso protects it. A building that does not work counts as if "
            "it were not there: no barrels, no area control, no points.\n\n"
            "Your first bar stands in district 16, where police patrol. Your capo is at City "
            "Hall: it gives you a mafioso, a leverage token and the play of a VIP card, whose "
            "action is protection. Each protecting mafioso leaves your VIP area and costs "
            "leverage by your turn-order column (3 in column 2), paid from your slotted cards' "
            "leverage and leverage tokens."
        ),
        goal="Put the new mafioso in your VIP area, play your VIP card and protect the bar in "
        "district 16.",
        rules=("R-GOLDEN-1", "R-GOLDEN-2", "R-PROTECT-1", "R-PROTECT-2", "R-PROTECT-3"),
        hints=(
            "Choose 'Put the mafioso in your VIP area', then play vip-02.",
            "When asked to protect, choose the bar in district 16 (police stand there).",
        ),
        script=_script(PROLOGUE, CAPO_SOLUTION, LEVEL_SOLUTION, BAR_SOLUTION, AFTER_BAR),
        lead_in=AFTER_BAR,
        reached=_protect_reached,
        judge=_judge_protect,
        solution=PROTECT_SOLUTION,
        highlight=(16,),
        status=police_lines,
    ),
    Lesson(
        id="trucks",
        title="Trucks",
        introduction=(
            "A fleet card moves your trucks. A truck starts off the map, enters in any "
            "district for free, then every move to a neighbouring district costs one point. "
            "Its points are its **range**: your fleet level (1), +2 from this card's reward "
            "and +2 from the Garage's left person: 5.\n\n"
            "Barrels come from a smugglers' ship at its port (you pay the price shown) or "
            "from your own distillery. Loading and delivering cost nothing; you may drop one "
            "barrel beside each of your working bars. Corners do not connect, and nothing "
            "crosses **Central Park**: 13 and 15 have no road to 14 and 16."
        ),
        goal="Bring a barrel to one of your working bars.",
        rules=("R-TRUCK-2", "R-TRUCK-4", "R-TRUCK-7", "R-TRUCK-8", "R-TRUCK-11", "R-TRUCK-13"),
        hints=(
            "A ship waits at the port of district 6; your new bar in district 3 is next door.",
            "Enter in district 6, buy a barrel, move to 3 and deliver.",
        ),
        script=_script(
            PROLOGUE,
            CAPO_SOLUTION,
            LEVEL_SOLUTION,
            BAR_SOLUTION,
            AFTER_BAR,
            PROTECT_SOLUTION,
            AFTER_PROTECT,
        ),
        lead_in=AFTER_PROTECT,
        own_game_hints=(
            "Your bars without a barrel are listed above, and the ships' ports: enter at a "
            "port from which one of those bars is within the truck's range.",
            "Enter there, buy a barrel, drive to the bar and deliver.",
        ),
        reached=_truck_reached,
        judge=_judge_truck,
        solution=TRUCK_SOLUTION,
        highlight=(6, 3),
        status=truck_lines,
    ),
    Lesson(
        id="luciano",
        title="The Lucky Luciano phase",
        introduction=(
            "The rest of Act 1 has been played for you. When the last capo of the act has "
            "acted, the game runs the **Lucky Luciano phase** by itself: gangsters arrive in "
            "some districts and attack the buildings there (gang war), new police arrive, "
            "each district's best building wins its control, and each area pays its leaders "
            "into their safes.\n\n"
            "Make your last move of the act, then step through what happened, one event at a "
            "time."
        ),
        goal="Finish the act and watch the Luciano phase run to its payout.",
        rules=("R-ACT-2", "R-GANGWAR-6", "R-POLICE-1", "R-CONTROL-3", "R-PAYOUT-1"),
        hints=(
            "Any move will do here: the point is to watch what follows.",
            "Use the step-through slider below the map once the payout has happened.",
        ),
        script=_bots_to_luciano,
        reached=_luciano_reached,
        judge=_any_move,
    ),
    Lesson(
        id="round",
        title="A whole round against a bot",
        introduction=(
            "Now you play on your own: a whole round of Act 2 against a bot playing yellow. "
            "Every move is yours; the bot answers by itself. Use what you learnt: send a capo, "
            "do its person's actions, draw a card."
        ),
        goal="Play your turn until the round ends.",
        rules=("R-TURN-3", "R-TURN-5", "R-ACT-3"),
        hints=(
            "Every decision shows its options; any of them is legal.",
            "The round ends when every player has taken a turn.",
        ),
        script=_bots_to_next_round,
        reached=_round_reached,
        judge=_any_move,
        status=round_lines,
    ),
)


# ---------------------------------------------------------------------- progress
_CACHE_SIZE = 16
#: Longest list of moves kept in a link (``?moves=``); a longer game is not kept in the URL.
MAX_LINK_MOVES = 400
#: Longest value of one query parameter read back (characters); longer values are ignored.
MAX_PARAM_LENGTH = 8_000


#: Replayed games of recent positions, the least recently used dropped first (shared: read
#: them, never change them).
_GAMES: LRUCache[tuple[tuple[str, ...], tuple[str, ...]], Game] = LRUCache(maxsize=_CACHE_SIZE)


def _cached_game(history: tuple[str, ...], moves: tuple[str, ...]) -> Game:
    key = (history, moves)
    game = _GAMES.get(key)  # a hit becomes the most recently used
    if game is None:
        game = _replay(history, moves)
        _remember(key, game)
    return game


def _replay(history: tuple[str, ...], moves: tuple[str, ...]) -> Game:
    return Game.replay(SEED, (*history, *moves), players=list(PLAYERS))


def _remember(key: tuple[tuple[str, ...], tuple[str, ...]], game: Game) -> None:
    _GAMES[key] = game


def _truck_feasible(game: Game) -> bool:
    """Whether a barrel can reach one of the learner's bars with the truck's points (a carried
    position must leave the trucks lesson solvable)."""
    now = _truck_now(game)
    if now is None:
        return False
    targets = _targets(game.state)
    ports = {ship.port for ship in game.state.ships}
    return any(game.board.distance(p, t) <= now[2] for p in ports for t in targets)


#: Extra checks a position continued from the learner's game must pass, by lesson.
_CARRY_CHECKS: dict[str, Callable[[Game], bool]] = {"trucks": _truck_feasible}


def _carried(previous: tuple[str, ...], nxt: Lesson) -> tuple[str, ...] | None:
    """The history of ``nxt`` continued from the learner's own game ``previous`` (the previous
    lesson's position and the learner's moves there), or ``None`` if it cannot be: the lesson
    is set up by bots, the scripted lead-in is not legal there, or the position differs in
    kind from the prepared one (another decision, or the lesson could not be solved)."""
    if nxt.lead_in is None:
        return None
    history = (*previous, *nxt.lead_in)
    if history == nxt.history():
        return None  # the learner did what the prepared position assumes
    try:
        game = _replay(history, ())
    except (IllegalAction, ValueError):
        return None
    prepared = nxt.position().pending
    pending = game.pending
    if pending is None or prepared is None or game.current_player is not LEARNER:
        return None
    if pending.kind != prepared.kind:
        return None
    check = _CARRY_CHECKS.get(nxt.id)
    if check is not None and not check(game):
        return None
    _remember((history, ()), game)
    return history


def _param(params: Mapping[str, object], key: str) -> str:
    """One query parameter as a string ('' when absent, malformed or too long)."""
    value = params.get(key)
    if isinstance(value, list | tuple):
        value = value[0] if value else ""
    if not isinstance(value, str) or len(value) > MAX_PARAM_LENGTH:
        return ""
    return value


def _action_list(text: str) -> tuple[str, ...] | None:
    """``"a;b;c"`` as canonical action texts, or ``None`` if any is malformed or too many."""
    if not text:
        return ()
    parts = text.split(";")
    if len(parts) > MAX_LINK_MOVES:
        return None
    try:
        return tuple(str(Action.parse(p)) for p in parts)
    except (IllegalAction, ValueError):
        return None


@dataclass(frozen=True, slots=True)
class Tutorial:
    """The learner's progress: an immutable value (every change returns a new one)."""

    lesson_id: str = "capos"
    done: tuple[str, ...] = ()
    moves: tuple[str, ...] = ()  # every action since the lesson's start (bots' too)
    feedback: Feedback | None = None
    hints_shown: int = 0
    selected: int | None = None  # a district clicked on the map that offers several options
    #: The history leading to this lesson when it continues the learner's own game from the
    #: previous lesson (empty: the lesson's prepared position).
    base: tuple[str, ...] = ()

    # ------------------------------------------------------------------ reading
    @property
    def lesson(self) -> Lesson:
        return lesson(self.lesson_id)

    def history(self) -> tuple[str, ...]:
        """The actions that lead to this lesson's starting position: the prepared position's,
        or the learner's own game continued from the previous lesson."""
        return self.base or self.lesson.history()

    @property
    def continues(self) -> bool:
        """Whether this lesson continues the learner's own game (not the prepared position)."""
        return bool(self.base)

    def game(self) -> Game:
        """The current position (shared and cached: read it, never apply to it)."""
        return _cached_game(self.history(), self.moves)

    def events(self) -> list[Event]:
        """Every event since the lesson's starting position."""
        start = len(self.history())
        return [e for step in self.game().steps[start:] for e in step.events]

    @property
    def goal_met(self) -> bool:
        return self.lesson.is_reached(self.game(), self.events())

    def is_done(self, lesson_id: str) -> bool:
        return lesson_id in self.done

    def unlocked(self) -> tuple[str, ...]:
        """Lessons the learner may open: every lesson done, and the first one not done."""
        out: list[str] = []
        for entry in LESSONS:
            out.append(entry.id)
            if entry.id not in self.done:
                break
        return tuple(out)

    @property
    def is_last(self) -> bool:
        return self.lesson_id == LESSONS[-1].id

    @property
    def finished(self) -> bool:
        """Every lesson done."""
        return all(x.id in self.done for x in LESSONS)

    def all_hints(self) -> tuple[str, ...]:
        """The lesson's hints (for the learner's own game when the lesson continues it)."""
        return (self.continues and self.lesson.own_game_hints) or self.lesson.hints

    def hints(self) -> tuple[str, ...]:
        """The hints shown so far."""
        return self.all_hints()[: self.hints_shown]

    def luciano_step(self) -> int | None:
        """The step (counted from 1) in which the Luciano phase paid out, if it has."""
        game = self.game()
        start = len(self.history())
        for number, step in enumerate(game.steps[start:], start=start + 1):
            if any(e.kind == "payout" for e in step.events):
                return number
        return None

    def luciano_frames(self) -> list[StepFrame]:
        """The Luciano step event by event (empty until it has happened)."""
        step = self.luciano_step()
        return _frames(self.history(), self.moves, step) if step is not None else []

    # ------------------------------------------------------------------ changing
    def start(self, lesson_id: str) -> Tutorial:
        """Open a lesson (it must be unlocked) at its prepared position."""
        if lesson_id not in self.unlocked():
            raise ValueError(f"lesson {lesson_id!r} is locked: finish the lessons before it")
        return self.open(lesson_id)

    def open(self, lesson_id: str) -> Tutorial:
        """Open any lesson directly (a lesson picker, a link) at its prepared position; the
        lessons done stay done.

        >>> Tutorial().open("trucks").lesson.title
        'Trucks'
        """
        lesson(lesson_id)  # KeyError for an unknown lesson
        return dataclasses.replace(
            self,
            lesson_id=lesson_id,
            moves=(),
            feedback=None,
            hints_shown=0,
            selected=None,
            base=(),
        )

    def restart(self) -> Tutorial:
        """Back to the current lesson's starting position (the learner's own game when the
        lesson continues it)."""
        return dataclasses.replace(self, moves=(), feedback=None, hints_shown=0, selected=None)

    def next_lesson(self) -> Tutorial:
        """Open the lesson after this one (once this one is done). It continues the learner's
        own game where it can (the scripted lead-in is legal there and leaves the lesson
        solvable): the bar you opened is the bar you protect and deliver to; otherwise it
        starts from its prepared position."""
        ids = [x.id for x in LESSONS]
        index = ids.index(self.lesson_id)
        if index + 1 >= len(ids):
            raise ValueError("this is the last lesson")
        opened = self.start(ids[index + 1])
        if not self.goal_met:
            return opened
        carried = _carried((*self.history(), *self.moves), opened.lesson)
        return dataclasses.replace(opened, base=carried) if carried else opened

    # ------------------------------------------------------------------ links
    def to_params(self) -> dict[str, str]:
        """The progress as query parameters of the page's URL (kept across a reload, private to
        that browser tab and its bookmarks): the open lesson, the lessons done, and the moves
        made in the lesson (and the learner's own game it continues) unless they are too many.

        >>> Tutorial().attempt("capo contractors 1").to_params()
        {'lesson': 'capos', 'done': 'capos', 'moves': 'capo contractors 1'}
        """
        params = {"lesson": self.lesson_id, "done": ",".join(self.done)}
        if len(self.base) > MAX_LINK_MOVES:  # too long a game: the lesson restarts on reload
            return {k: v for k, v in params.items() if v}
        if self.base:
            params["from"] = ";".join(self.base)
        if self.moves and len(self.moves) <= MAX_LINK_MOVES:
            params["moves"] = ";".join(self.moves)
        return {k: v for k, v in params.items() if v}

    @classmethod
    def from_params(cls, params: Mapping[str, object]) -> Tutorial:
        """The progress read back from query parameters (:meth:`to_params`), validated: unknown
        lessons are dropped, moves that are malformed or not legal from the lesson's position
        (replayed) are dropped, and anything else yields a fresh start. Never raises.

        >>> Tutorial.from_params({"lesson": "bar", "done": "capos,levels,nope"}).lesson_id
        'bar'
        >>> Tutorial.from_params({"lesson": "nope", "moves": "rm -rf"}) == Tutorial()
        True
        """
        ids = [x.id for x in LESSONS]
        wanted = set(_param(params, "done").split(","))
        done = tuple(i for i in ids if i in wanted)
        lesson_id = _param(params, "lesson")
        if lesson_id not in ids:
            lesson_id = next((i for i in ids if i not in done), ids[0])
        tutorial = cls(done=done).open(lesson_id)
        base = _action_list(_param(params, "from"))
        moves = _action_list(_param(params, "moves"))
        if base and tutorial.lesson.lead_in is not None:
            try:
                game = _replay(base, ())
            except (IllegalAction, ValueError):
                game = None
            if game is not None and game.pending is not None:
                tutorial = dataclasses.replace(tutorial, base=base)
        if moves:
            try:
                game = _replay(tutorial.history(), moves)
            except (IllegalAction, ValueError):
                game = None
            if game is not None:
                _remember((tutorial.history(), moves), game)
                tutorial = dataclasses.replace(tutorial, moves=moves)
        return tutorial

    def hint(self) -> Tutorial:
        """Show one more hint (the last one again when all are shown)."""
        hints = self.all_hints()
        shown = min(self.hints_shown + 1, len(hints))
        text = hints[shown - 1] if shown else "No hint for this lesson."
        return dataclasses.replace(
            self, hints_shown=shown, feedback=Feedback("hint", text, rules=self.lesson.rules[:1])
        )

    def options_in(self, district: int) -> list[Action]:
        """The legal options about ``district`` (what a click on the map can mean)."""
        decision = self.game().pending
        if decision is None:
            return []
        return [a for a in decision.options if option_district(decision, a) == district]

    def click(self, district: int) -> Tutorial:
        """A click on ``district``: its one option is attempted; with several, the district is
        selected and its options offered; with none, the reason (a greyed-out option's, or that
        the decision is not about this district)."""
        decision = self.game().pending
        if decision is None:
            return self.attempt(Action("done"))
        options = self.options_in(district)
        if len(options) == 1:
            return dataclasses.replace(self, selected=None).attempt(options[0])
        if options:
            labels = "; ".join(o.describe() for o in options)
            text = f"District {district} offers {len(options)} choices: {labels}."
            return dataclasses.replace(
                self, selected=district, feedback=Feedback("info", text, f"District {district}")
            )
        for blocked in decision.blocked:
            if option_district(decision, blocked.action) == district:
                return self.attempt(blocked.action)
        if not any(option_district(decision, a) is not None for a in decision.options):
            reason = f"this decision is not about a district: {decision.prompt}"
        else:
            reason = f"district {district} is not one of the options for: {decision.prompt}"
        error = IllegalAction(
            "not-an-option", decision.rules[0] if decision.rules else "R-TURN-1", reason
        )
        return dataclasses.replace(self, feedback=_illegal(error, f"District {district}"))

    def attempt(self, action: Action | str) -> Tutorial:
        """Try a move: refused with the engine's reason if illegal, with the lesson's reason if
        legal but not wanted; otherwise applied (bots answer) and explained."""
        if isinstance(action, str):
            action = Action.parse(action)
        if self.goal_met:
            return dataclasses.replace(
                self,
                feedback=Feedback(
                    "done",
                    "This lesson is complete: open the next one."
                    if not self.is_last
                    else "You have finished every lesson. Well played!",
                ),
            )
        current = self.game()
        decision = current.pending
        if decision is None:
            return dataclasses.replace(self, feedback=Feedback("done", "The game is over."))
        label = _label(current, action)
        if action not in decision.options:
            # the game's own refusal names the rule that forbids this request (R-LOC-GEN-1 for
            # a person that does not exist...); the engine accepts exactly the options
            error = current.why_not(action) or decision.why_not(action)
            return dataclasses.replace(self, feedback=_illegal(error, label))
        verdict = self.lesson.check(current, action)
        if not verdict.accepted:
            return dataclasses.replace(
                self, feedback=Feedback("wrong", verdict.reason, label, verdict.rules)
            )
        game = _replay(self.history(), self.moves)
        before = len(game.history)
        table = Table(
            game,
            {LEARNER: "human", OPPONENT: "bot"},
            {OPPONENT: RandomBot(seed=derive_seed(SEED, "bot", OPPONENT.value, before))},
        )
        table.choose(action)
        new_moves = self.moves + tuple(str(a) for a in game.history[before:])
        _remember((self.history(), new_moves), game)
        explained = tuple(
            _explained(e, step.player) for step in game.steps[before:] for e in step.events
        )
        if len(explained) > MAX_EVENTS:
            hidden = len(explained) - MAX_EVENTS + 1
            explained = (*explained[: MAX_EVENTS - 1], f"… and {hidden} more events.")
        moved = dataclasses.replace(self, moves=new_moves, selected=None)
        if moved.goal_met:
            done = self.done if self.lesson_id in self.done else (*self.done, self.lesson_id)
            text = f"{self.lesson.goal} — done!" + (
                " Open the next lesson when you are ready." if not self.is_last else ""
            )
            return dataclasses.replace(
                moved,
                done=done,
                feedback=Feedback("goal", text, label, self.lesson.rules[:2], events=explained),
            )
        return dataclasses.replace(
            moved, feedback=Feedback("accepted", "Applied.", label, events=explained)
        )


def _explained(event: Event, player: Colour) -> str:
    text = explain_event(event).text
    return text if player is LEARNER else f"(bot) {text}"


def _illegal(error: IllegalAction, label: str) -> Feedback:
    return Feedback("illegal", explain_error(error), label, (error.rule,), error.code)


#: The frames of the 4 steps stepped through last (first in, first out).
_FRAME_CACHE: FIFOCache[tuple[tuple[str, ...], tuple[str, ...], int], list[StepFrame]] = FIFOCache(
    maxsize=4
)


def _frames(history: tuple[str, ...], moves: tuple[str, ...], step: int) -> list[StepFrame]:
    key = (history, moves, step)
    frames = _FRAME_CACHE.get(key)
    if frames is None:
        frames = step_through(_cached_game(history, moves), step)
        _FRAME_CACHE[key] = frames
    return frames

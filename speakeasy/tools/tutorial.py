"""Guided lessons for any game: prepared positions, one concept at a time, checked moves.

The tutorial's machinery, for every game (a game's ``table`` room writes its own lessons and
its notebook draws them):

* a :class:`Lesson` is data: a title, an introduction, the rule IDs it teaches, a goal, hints, a
  script of actions that leads to its *prepared position* (each applied by the engine, so the
  position is legal by construction) from a new game or from a named starting position
  (:attr:`Lesson.start`, a game's position file), a test of its goal and a judge of moves;
* :meth:`Lesson.check` judges a *legal* move: :data:`ACCEPTED`, or a :class:`Verdict` with the
  reason it is not what the lesson asks and the rules behind it (:func:`wrong`). Illegal moves
  never reach the judge: the engine refuses them with its own
  :class:`~speakeasy.core.actions.IllegalAction`, which the game explains;
* a lesson may ask :class:`Question` s about its position instead of (or before) asking for
  moves: the learner picks one of the choices (computed from the position by the game's own
  functions) and the question's judge answers with the rule, right or wrong;
* a lesson that sets up a *prepared* position of its own (:attr:`Lesson.prepared`) says so, and
  the learner's own game is kept (:attr:`Tutorial.own`) until a lesson that *resumes* it
  (:attr:`Lesson.resumes`) takes it up again;
* a :class:`Course` is what a game gives the tutorial: its lessons in order, the learner's seat
  (bots play the others), and how to replay a history, let the bots answer a move, explain
  events and refusals, and find the district an option is about;
* :class:`Tutorial` is the learner's progress as an immutable value (a notebook keeps it in its
  state): the current lesson, the lessons done, the moves made since the lesson's start and the
  :class:`Feedback` to the last attempt. Any lesson opens directly (:meth:`Tutorial.open`); the
  next lesson continues the learner's own game where the scripted lead-in fits it
  (:meth:`Tutorial.next_lesson`).

The progress survives a reload through the page's address: :meth:`Tutorial.to_params` gives
query parameters (``?lesson=...&done=...&moves=...``) and :meth:`Tutorial.from_params` reads
them back, validated and bounded (unknown lessons dropped, moves replayed and dropped unless
legal, at most :data:`MAX_LINK_MOVES`). The address belongs to one browser tab, so the learners
of a workshop served from one machine never share progress (a progress file on the server would
be shared by all of them), and a bookmark keeps it.

A game's lessons subclass :class:`Lesson` and :class:`Tutorial` to name their course
(:meth:`Lesson.course`, :meth:`Tutorial.course`); see
:mod:`speakeasy.games.speakeasy.table.tutorial` for Speakeasy's.
"""

from __future__ import annotations

import dataclasses
import html
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Final, Generic, Literal, Self, TypeVar

from cachetools import LRUCache

from speakeasy.core.actions import Action, Decision, Event, IllegalAction
from speakeasy.core.engine import Engine
from speakeasy.tools.citations import RuleRef, markdown_escape, player_rules
from speakeasy.tools.page_address import QueryParams, write_params

__all__ = [
    "ACCEPTED",
    "MAX_EVENTS",
    "MAX_LINK_MOVES",
    "MAX_PARAM_LENGTH",
    "Course",
    "Feedback",
    "FeedbackKind",
    "Goal",
    "Judge",
    "Lesson",
    "Question",
    "Tutorial",
    "Verdict",
    "right",
    "wrong",
]

#: The game a course is played in.
G = TypeVar("G", bound="Engine[Any, Any, Any]")

#: At most this many events are listed in the feedback to a move.
MAX_EVENTS = 12
#: Replayed games kept by a course (the least recently used dropped first).
CACHE_SIZE = 16
#: Longest list of moves kept in a link (``?moves=``); a longer game is not kept in the URL.
MAX_LINK_MOVES = 400
#: The page parameters that hold a tutorial's progress (:meth:`Tutorial.to_params`).
PARAMS: Final = ("lesson", "done", "from", "moves", "answers", "own", "own_lesson")
#: Longest value of one query parameter read back (characters); longer values are ignored.
MAX_PARAM_LENGTH = 8_000


# ---------------------------------------------------------------------- verdicts and feedback
@dataclass(frozen=True, slots=True)
class Verdict:
    """The lesson's judgement of a legal move: accepted, or the reason it is not wanted."""

    accepted: bool
    reason: str = ""
    rules: tuple[str, ...] = ()


#: The verdict for a move the lesson is happy with.
ACCEPTED = Verdict(True)


def wrong(reason: str, *rules: str) -> Verdict:
    """The verdict for a legal move the lesson does not want: why, and the rules behind it."""
    return Verdict(False, reason, tuple(rules))


def right(reason: str, *rules: str) -> Verdict:
    """The verdict for a right answer to a :class:`Question`: why it is right, and the rules."""
    return Verdict(True, reason, tuple(rules))


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
    #: A heading instead of the kind's (``✔ Right`` for a right answer).
    title: str = ""
    #: A link to follow on (``(label, address)``): after the last lesson, the way into Play.
    link: tuple[str, str] | None = None

    def citations(self) -> list[str]:
        """``ID (summary)`` for each rule not already cited in :attr:`text`."""
        return [
            RuleRef.of(r).player_citation() for r in player_rules(self.rules) if r not in self.text
        ]

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
        head = self.title or head
        lines = [f"**{head}**" + (f" — *{_md(self.action)}*" if self.action else "")]
        lines.append("")
        lines.append(_md(self.text))
        for citation in self.citations():
            rule, _, summary = citation.partition(" ")
            lines.append(f"\n- **{rule}** {_md(summary)}")
        if self.events:
            lines.append("")
            lines.extend(f"- {_md(e)}" for e in self.events)
        if self.link is not None:
            label, address = self.link
            lines.append("")
            lines.append(
                f'<a href="{html.escape(address)}" class="next-page">'
                f"<strong>{html.escape(label)}</strong></a>"
            )
        return "\n".join(lines)


def _md(text: str) -> str:
    """Plain text inside Markdown: brackets as entities, since marimo reads ``\\[…\\]`` as
    display maths (:func:`~speakeasy.tools.citations.markdown_escape`)."""
    return markdown_escape(text)


# ---------------------------------------------------------------------- lessons
#: Whether a lesson's goal is met, given the game and the events since its starting position.
Goal = Callable[[G, Sequence[Event]], bool]
#: A lesson's judgement of a legal move of the learner.
Judge = Callable[[G, Action], Verdict]
#: The kind of the decision a :class:`Question` is offered as, and of its answers' actions.
QUESTION_KIND: Final = "question"
ANSWER_KIND: Final = "answer"


@dataclass(frozen=True)
class Question(Generic[G]):
    """A question about a lesson's position ("Who wins this final scoring?"): its ``prompt``,
    its ``choices`` on a position (``(key, label)`` pairs, worked out by the game's own
    functions), the ``judge`` of a chosen key (:func:`right` with why, or :func:`wrong` with
    why not, both citing the rules) and the ``rules`` it asks about.

    It is offered as a decision of the learner (:meth:`decision`): one ``answer <key>`` option
    per choice, so a page shows it like any other decision.
    """

    prompt: str
    choices: Callable[[G], tuple[tuple[str, str], ...]] = field(repr=False, compare=False)
    judge: Callable[[G, str], Verdict] = field(repr=False, compare=False)
    rules: tuple[str, ...] = ()

    def decision(self, game: G, learner: object) -> Decision:
        """The question as the learner's decision on ``game``."""
        options = tuple(
            Action(ANSWER_KIND, (key,), label=label) for key, label in self.choices(game)
        )
        return Decision(learner, QUESTION_KIND, self.prompt, self.rules, options)


@dataclass(frozen=True)
class Lesson(ABC, Generic[G]):
    """One concept: its text, goal, hints, prepared position and judge of moves.

    A game's lessons subclass it to name their :class:`Course` (:meth:`course`).
    """

    id: str
    title: str
    introduction: str
    goal: str
    rules: tuple[str, ...]
    hints: tuple[str, ...]
    script: Callable[[], tuple[str, ...]] = field(repr=False, compare=False)
    reached: Goal[G] = field(repr=False, compare=False)
    judge: Judge[G] = field(repr=False, compare=False)
    #: A scripted solution from the prepared position (empty: any accepted move will do).
    solution: tuple[str, ...] = ()
    #: Districts the figure outlines for this lesson.
    highlight: tuple[int, ...] = ()
    #: Extra lines about the position (read from the game: its state and its data) for the
    #: learner.
    status: Callable[[G], list[str]] | None = field(default=None, repr=False)
    #: The scripted actions between the previous lesson's goal and this lesson's position;
    #: ``None`` if this lesson cannot continue the learner's own game (bots set it up).
    lead_in: tuple[str, ...] | None = None
    #: Hints for a position continued from the learner's own game (default: :attr:`hints`).
    own_game_hints: tuple[str, ...] = ()
    #: The named position the script starts from (the course's ``start_from`` reads it); empty:
    #: a new game (the course's ``replay``).
    start: str = ""
    #: Questions about the position, asked in order before the goal counts as reached.
    questions: tuple[Question[G], ...] = ()
    #: Whether the lesson sets up a prepared position of its own, apart from the learner's own
    #: game (which :class:`Tutorial` keeps for a lesson that :attr:`resumes` it).
    prepared: bool = False
    #: Whether the lesson takes the learner's own game up again where it was kept.
    resumes: bool = False
    #: What happened in the lesson, in words, shown when its goal is reached (default: the
    #: events of the last move).
    recap: Callable[[G, Sequence[Event]], list[str]] | None = field(default=None, repr=False)

    @abstractmethod
    def course(self) -> Course[G]:
        """The course this lesson belongs to (a game's lessons name theirs)."""

    @property
    def number(self) -> int:
        return self.course().number(self.id)

    def history(self) -> tuple[str, ...]:
        """The actions that lead from a new game to the prepared position."""
        return self.course().history(self.id)

    def position(self) -> G:
        """A new game in the prepared position (a replay of :meth:`history`)."""
        return self.course().play(self.start, self.history())

    def check(self, game: G, action: Action | str) -> Verdict:
        """Judge a legal move of the learner in ``game``: accepted, or why it is not wanted."""
        if isinstance(action, str):
            action = Action.parse(action)
        if game.current_player != self.course().learner:
            return ACCEPTED
        return self.judge(game, action)

    def is_reached(self, game: G, events: Sequence[Event]) -> bool:
        """Whether the goal is met, given the events since the prepared position."""
        return self.reached(game, events)

    def status_lines(self, game: G) -> list[str]:
        """:attr:`status` of ``game``'s position (none without one)."""
        return self.status(game) if self.status is not None else []


# ---------------------------------------------------------------------- courses
class Course(Generic[G]):
    """A game's lessons in order, and how the tutorial plays them.

    * ``learner`` -- the learner's seat; bots play every other seat.
    * ``replay`` -- a new game after these actions (each checked by the engine, so a bad one
      raises :class:`~speakeasy.core.actions.IllegalAction` or :class:`ValueError`).
    * ``start_from`` -- the same from a named starting position (a lesson's :attr:`Lesson.start`,
      such as a position file of the game); needed only by lessons that name one.
    * ``label`` -- an option in words for the learner (default: the action's ``describe()``).
    * ``place_word`` -- what the map's places are called (``district``, ``location``).
    * ``answer`` -- apply the learner's (legal) action to a game; the bots answer.
    * ``explain_event`` and ``explain_error`` -- an event, or the engine's refusal, in words.
    * ``option_district`` -- the district an option of a decision is about (a map click), if any.
    * ``default_rule`` -- the rule cited when a click names no option of a decision that cites
      none itself.
    * ``carry_checks`` -- by lesson id, what a position continued from the learner's own game
      must pass (for instance that the lesson can still be solved there).
    * ``play_page`` -- the workshop-relative address of the page where a whole game is played,
      offered after the last lesson (``play_label`` is its link's text); empty: none.

    Replayed games are cached (``cache_size`` of them, shared: read them, never change them).
    """

    def __init__(
        self,
        lessons: Sequence[Lesson[G]],
        *,
        learner: object,
        replay: Callable[[tuple[str, ...]], G],
        answer: Callable[[G, Action], object],
        explain_event: Callable[[Event], str],
        explain_error: Callable[[IllegalAction], str],
        option_district: Callable[[Decision, Action], int | None],
        default_rule: str,
        carry_checks: Mapping[str, Callable[[G], bool]] | None = None,
        max_events: int = MAX_EVENTS,
        cache_size: int = CACHE_SIZE,
        start_from: Callable[[str, tuple[str, ...]], G] | None = None,
        label: Callable[[Action], str] | None = None,
        place_word: str = "district",
        play_page: str = "",
        play_label: str = "Play a whole game against the bot →",
    ) -> None:
        if not lessons:
            raise ValueError("a course needs at least one lesson")
        self.lessons: tuple[Lesson[G], ...] = tuple(lessons)
        self.learner = learner
        self.replay = replay
        self.answer = answer
        self.explain_event = explain_event
        self.explain_error = explain_error
        self.option_district = option_district
        self.default_rule = default_rule
        self.carry_checks: Mapping[str, Callable[[G], bool]] = dict(carry_checks or {})
        self.max_events = max_events
        self.start_from = start_from
        self.label: Callable[[Action], str] = label or Action.describe
        self.place_word = place_word
        self.play_page = play_page
        self.play_label = play_label
        for entry in self.lessons:
            if entry.start and start_from is None:
                raise ValueError(f"lesson {entry.id!r} starts from {entry.start!r}: no start_from")
        self._histories: dict[str, tuple[str, ...]] = {}
        #: Replayed games of recent positions, the least recently used dropped first.
        self._games: LRUCache[tuple[str, tuple[str, ...], tuple[str, ...]], G] = LRUCache(
            maxsize=cache_size
        )

    @property
    def ids(self) -> list[str]:
        return [x.id for x in self.lessons]

    @property
    def resuming(self) -> Lesson[G] | None:
        """The first lesson that takes the learner's own game up again, if any."""
        return next((x for x in self.lessons if x.resumes), None)

    def lesson(self, lesson_id: str) -> Lesson[G]:
        """The lesson with this id."""
        for entry in self.lessons:
            if entry.id == lesson_id:
                return entry
        raise KeyError(f"no lesson {lesson_id!r}; lessons are {', '.join(self.ids)}")

    def number(self, lesson_id: str) -> int:
        """The lesson's number, counted from 1."""
        return self.ids.index(lesson_id) + 1

    def history(self, lesson_id: str) -> tuple[str, ...]:
        """The lesson's script, run once."""
        found = self._histories.get(lesson_id)
        if found is None:
            found = self._histories[lesson_id] = self.lesson(lesson_id).script()
        return found

    def play(self, start: str, actions: tuple[str, ...]) -> G:
        """A new game (``start`` empty) or the named starting position, after ``actions``."""
        if not start:
            return self.replay(actions)
        if self.start_from is None:
            raise ValueError(f"this course has no starting positions (asked for {start!r})")
        return self.start_from(start, actions)

    def game(self, history: tuple[str, ...], moves: tuple[str, ...], start: str = "") -> G:
        """The game after ``history`` and ``moves`` from ``start`` (:meth:`play`; shared and
        cached: read it, never apply to it)."""
        key = (start, history, moves)
        game = self._games.get(key)  # a hit becomes the most recently used
        if game is None:
            game = self.play(start, (*history, *moves))
            self.remember(history, moves, game, start)
        return game

    def remember(
        self, history: tuple[str, ...], moves: tuple[str, ...], game: G, start: str = ""
    ) -> None:
        """Cache ``game`` as the position after ``history`` and ``moves`` from ``start``."""
        self._games[start, history, moves] = game

    def carried(
        self, previous: tuple[str, ...], nxt: Lesson[G], start: str = ""
    ) -> tuple[str, ...] | None:
        """The history of ``nxt`` continued from the learner's own game ``previous`` (the
        previous lesson's position, from ``start``, and the learner's moves there), or ``None``
        if it cannot be: the lesson is set up by bots or starts from another position, the
        scripted lead-in is not legal there, or the position differs in kind from the prepared
        one (another decision, or the lesson could not be solved)."""
        if nxt.lead_in is None or nxt.start != start:
            return None
        history = (*previous, *nxt.lead_in)
        if history == nxt.history():
            return None  # the learner did what the prepared position assumes
        try:
            game = self.play(start, history)
        except (IllegalAction, ValueError):
            return None
        prepared = nxt.position().pending
        pending = game.pending
        if pending is None or prepared is None or game.current_player != self.learner:
            return None
        if pending.kind != prepared.kind:
            return None
        check = self.carry_checks.get(nxt.id)
        if check is not None and not check(game):
            return None
        self.remember(history, (), game, start)
        return history

    def explained(self, event: Event, player: object) -> str:
        """An event in words, marked when a bot's step caused it."""
        text = self.explain_event(event)
        return text if player == self.learner else f"(bot) {text}"

    def illegal(self, error: IllegalAction, label: str) -> Feedback:
        """The feedback to a move the engine refused: its reason, rule and code."""
        return Feedback("illegal", self.explain_error(error), label, (error.rule,), error.code)


# ---------------------------------------------------------------------- links
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


def _label(
    game: Engine[Any, Any, Any], action: Action, label: Callable[[Action], str] = Action.describe
) -> str:
    decision = game.pending
    if decision is not None:
        for option in decision.options:
            if option == action:
                return label(option)
        for blocked in decision.blocked:
            if blocked.action == action:
                return label(blocked.action)
    return label(action)


# ---------------------------------------------------------------------- progress
@dataclass(frozen=True, slots=True)
class Tutorial(ABC, Generic[G]):
    """The learner's progress: an immutable value (every change returns a new one).

    A game's tutorial subclasses it to name its :class:`Course` (:meth:`course`). An empty
    ``lesson_id`` opens the course's first lesson.
    """

    lesson_id: str = ""
    done: tuple[str, ...] = ()
    moves: tuple[str, ...] = ()  # every action since the lesson's start (bots' too)
    feedback: Feedback | None = None
    hints_shown: int = 0
    selected: int | None = None  # a district clicked on the map that offers several options
    #: The history leading to this lesson when it continues the learner's own game from the
    #: previous lesson (empty: the lesson's prepared position).
    base: tuple[str, ...] = ()
    #: The keys of the questions answered right, in order (:attr:`Lesson.questions`).
    answers: tuple[str, ...] = ()
    #: The learner's own game (every action from the start), kept while a lesson shows a
    #: prepared position, and the lesson it was left in; a lesson that resumes it takes it up.
    own: tuple[str, ...] = ()
    own_lesson: str = ""

    def __post_init__(self) -> None:
        if not self.lesson_id:  # frozen: set once, while the value is made
            object.__setattr__(self, "lesson_id", self.course().lessons[0].id)

    @classmethod
    @abstractmethod
    def course(cls) -> Course[G]:
        """The course of this tutorial (a game's tutorial names its own)."""

    # ------------------------------------------------------------------ reading
    @property
    def lesson(self) -> Lesson[G]:
        return self.course().lesson(self.lesson_id)

    def history(self) -> tuple[str, ...]:
        """The actions that lead to this lesson's starting position: the prepared position's,
        or the learner's own game continued from the previous lesson."""
        return self.base or self.lesson.history()

    @property
    def continues(self) -> bool:
        """Whether this lesson continues the learner's own game (not the prepared position)."""
        return bool(self.base)

    def game(self) -> G:
        """The current position (shared and cached: read it, never apply to it)."""
        return self.course().game(self.history(), self.moves, self.lesson.start)

    def events(self) -> list[Event]:
        """Every event since the lesson's starting position."""
        start = len(self.history())
        return [e for step in self.game().steps[start:] for e in step.events]

    @property
    def goal_met(self) -> bool:
        if len(self.answers) < len(self.lesson.questions):
            return False
        return self.lesson.is_reached(self.game(), self.events())

    def question(self) -> Question[G] | None:
        """The question the lesson asks now (the first not answered right), if any."""
        questions = self.lesson.questions
        return questions[len(self.answers)] if len(self.answers) < len(questions) else None

    def decision(self) -> Decision | None:
        """What the learner decides now: the lesson's open question (:meth:`Question.decision`),
        or else the game's pending decision (``None`` when the game is over)."""
        question = self.question()
        if question is not None:
            return question.decision(self.game(), self.course().learner)
        return self.game().pending

    def is_done(self, lesson_id: str) -> bool:
        return lesson_id in self.done

    def unlocked(self) -> tuple[str, ...]:
        """Lessons the learner may open: every lesson done, and the first one not done."""
        out: list[str] = []
        for entry in self.course().lessons:
            out.append(entry.id)
            if entry.id not in self.done:
                break
        return tuple(out)

    @property
    def is_last(self) -> bool:
        return self.lesson_id == self.course().lessons[-1].id

    @property
    def finished(self) -> bool:
        """Every lesson done."""
        return all(x.id in self.done for x in self.course().lessons)

    def all_hints(self) -> tuple[str, ...]:
        """The lesson's hints (for the learner's own game when the lesson continues it)."""
        return (self.continues and self.lesson.own_game_hints) or self.lesson.hints

    def hints(self) -> tuple[str, ...]:
        """The hints shown so far."""
        return self.all_hints()[: self.hints_shown]

    # ------------------------------------------------------------------ changing
    def start(self, lesson_id: str) -> Self:
        """Open a lesson (it must be unlocked) at its prepared position."""
        if lesson_id not in self.unlocked():
            raise ValueError(f"lesson {lesson_id!r} is locked: finish the lessons before it")
        return self.open(lesson_id)

    def open(self, lesson_id: str) -> Self:
        """Open any lesson directly (a lesson picker, a link) at its prepared position; the
        lessons done stay done."""
        target = self.course().lesson(lesson_id)  # KeyError for an unknown lesson
        kept = self._keeping(target)
        opened = dataclasses.replace(
            kept,
            lesson_id=lesson_id,
            moves=(),
            feedback=None,
            hints_shown=0,
            selected=None,
            base=(),
            answers=(),
        )
        base = kept._resumable(target)
        if base:
            return dataclasses.replace(opened, base=base, own=(), own_lesson="")
        return opened

    def _keeping(self, target: Lesson[G]) -> Self:
        """This progress, with the learner's own game kept if ``target`` leaves it for a
        prepared position (a game the learner has played in, not a prepared one)."""
        if not target.prepared or self.lesson.prepared or target.id == self.lesson_id:
            return self
        if not (self.moves or self.base):
            return self
        return dataclasses.replace(
            self, own=(*self.history(), *self.moves), own_lesson=self.lesson_id
        )

    def _resumable(self, target: Lesson[G]) -> tuple[str, ...]:
        """The kept own game as ``target``'s history if ``target`` resumes it and the learner
        has a decision there; otherwise empty."""
        if not (target.resumes and self.own and self.own_lesson):
            return ()
        course = self.course()
        start = course.lesson(self.own_lesson).start
        if start != target.start:
            return ()
        try:
            game = course.game(self.own, (), start)
        except (IllegalAction, ValueError):
            return ()
        if game.pending is None or game.current_player != course.learner:
            return ()
        return self.own

    def restart(self) -> Self:
        """Back to the current lesson's starting position (the learner's own game when the
        lesson continues it)."""
        return dataclasses.replace(
            self, moves=(), feedback=None, hints_shown=0, selected=None, answers=()
        )

    def next_lesson(self) -> Self:
        """Open the lesson after this one (once this one is done). It continues the learner's
        own game where it can (the scripted lead-in is legal there and leaves the lesson
        solvable): the bar you opened is the bar you protect and deliver to; otherwise it
        starts from its prepared position."""
        ids = self.course().ids
        index = ids.index(self.lesson_id)
        if index + 1 >= len(ids):
            raise ValueError("this is the last lesson")
        opened = self.start(ids[index + 1])
        if not self.goal_met or opened.continues:
            return opened
        carried = self.course().carried(
            (*self.history(), *self.moves), opened.lesson, self.lesson.start
        )
        return dataclasses.replace(opened, base=carried) if carried else opened

    # ------------------------------------------------------------------ links
    def to_params(self) -> dict[str, str]:
        """The progress as query parameters of the page's URL (kept across a reload, private to
        that browser tab and its bookmarks): the open lesson, the lessons done, and the moves
        made in the lesson (and the learner's own game it continues) unless they are too many.
        """
        params = {"lesson": self.lesson_id, "done": ",".join(self.done)}
        if len(self.base) > MAX_LINK_MOVES:  # too long a game: the lesson restarts on reload
            return {k: v for k, v in params.items() if v}
        if self.base:
            params["from"] = ";".join(self.base)
        if self.moves and len(self.moves) <= MAX_LINK_MOVES:
            params["moves"] = ";".join(self.moves)
        params["answers"] = ",".join(self.answers)
        if self.own and len(self.own) <= MAX_LINK_MOVES:
            params["own"] = ";".join(self.own)
            params["own_lesson"] = self.own_lesson
        return {k: v for k, v in params.items() if v}

    def keep_in_address(self, params: QueryParams) -> None:
        """Write the progress (:meth:`to_params`) into the page's address ``params``
        (``mo.query_params()``), changing only the parameters that differ."""
        write_params(params, self.to_params(), PARAMS)

    @classmethod
    def from_params(cls, params: Mapping[str, object]) -> Self:
        """The progress read back from query parameters (:meth:`to_params`), validated: unknown
        lessons are dropped, moves that are malformed or not legal from the lesson's position
        (replayed) are dropped, and anything else yields a fresh start. Never raises."""
        course = cls.course()
        ids = course.ids
        wanted = set(_param(params, "done").split(","))
        done = tuple(i for i in ids if i in wanted)
        lesson_id = _param(params, "lesson")
        if lesson_id not in ids:
            lesson_id = next((i for i in ids if i not in done), ids[0])
        tutorial = cls(done=done).open(lesson_id)
        base = _action_list(_param(params, "from"))
        moves = _action_list(_param(params, "moves"))
        if base and (tutorial.lesson.lead_in is not None or tutorial.lesson.resumes):
            try:
                game: G | None = course.play(tutorial.lesson.start, base)
            except (IllegalAction, ValueError):
                game = None
            if game is not None and game.pending is not None:
                tutorial = dataclasses.replace(tutorial, base=base)
        if moves:
            try:
                game = course.play(tutorial.lesson.start, (*tutorial.history(), *moves))
            except (IllegalAction, ValueError):
                game = None
            if game is not None:
                course.remember(tutorial.history(), moves, game, tutorial.lesson.start)
                tutorial = dataclasses.replace(tutorial, moves=moves)
        tutorial = tutorial._answers_from(_param(params, "answers"))
        return tutorial._own_from(_param(params, "own"), _param(params, "own_lesson"))

    def _answers_from(self, text: str) -> Self:
        """The answers of a link kept as long as each is right in turn (a wrong or unknown
        one, and all after it, dropped)."""
        answers: list[str] = []
        for key in text.split(",") if text else ():
            now = dataclasses.replace(self, answers=tuple(answers))
            question = now.question()
            if question is None:
                break
            game = now.game()
            if key not in dict(question.choices(game)) or not question.judge(game, key).accepted:
                break
            answers.append(key)
        return dataclasses.replace(self, answers=tuple(answers))

    def _own_from(self, text: str, lesson_id: str) -> Self:
        """The learner's own game of a link, kept if its lesson is one the learner plays in and
        its moves replay."""
        course = self.course()
        if lesson_id not in course.ids or course.lesson(lesson_id).prepared:
            return self
        own = _action_list(text)
        if not own:
            return self
        try:
            course.game(own, (), course.lesson(lesson_id).start)
        except (IllegalAction, ValueError):
            return self
        return dataclasses.replace(self, own=own, own_lesson=lesson_id)

    # ------------------------------------------------------------------ moves
    def hint(self) -> Self:
        """Show one more hint (the last one again when all are shown)."""
        hints = self.all_hints()
        shown = min(self.hints_shown + 1, len(hints))
        text = hints[shown - 1] if shown else "No hint for this lesson."
        return dataclasses.replace(
            self, hints_shown=shown, feedback=Feedback("hint", text, rules=self.lesson.rules[:1])
        )

    @classmethod
    def option_space(cls, decision: Decision, action: Action) -> int | None:
        """The space within its district an option names (a building space a click on the map
        can pick), if any; a game whose districts have spaces says which (default: none)."""
        return None

    def options_in(self, district: int, space: int | None = None) -> list[Action]:
        """The legal options about ``district`` (what a click on the map can mean); given a
        ``space`` that some of them name, those."""
        decision = self.game().pending
        if decision is None:
            return []
        where = self.course().option_district
        options = [a for a in decision.options if where(decision, a) == district]
        exact = [a for a in options if self.option_space(decision, a) == space]
        return exact if space is not None and exact else options

    def targets(self) -> list[tuple[int, int | None]]:
        """Every place on the map a click can choose now, from the legal options: ``(district,
        space)``, the space ``None`` for an option about the whole district; sorted."""
        decision = self.game().pending
        if decision is None or self.goal_met:
            return []
        where = self.course().option_district
        found = {
            (district, self.option_space(decision, a))
            for a in decision.options
            if (district := where(decision, a)) is not None
        }
        return sorted(found, key=lambda place: (place[0], -1 if place[1] is None else place[1]))

    def click(self, district: int, space: int | None = None) -> Self:
        """A click on ``district`` (on its building ``space``, if one was hit): the one option
        there is attempted; with several, the district is selected and its options offered;
        with none, the reason (a greyed-out option's, or that the decision is not about this
        district)."""
        course = self.course()
        question = self.question()
        if question is not None:  # a question is answered with its choices, not on the map
            return self.answer(question, Action("click", (district,)))
        decision = self.game().pending
        if decision is None:
            return self.attempt(Action("done"))  # nothing to decide: says why
        options = self.options_in(district, space)
        place = f"{course.place_word.capitalize()} {district}"
        if len(options) == 1:
            return dataclasses.replace(self, selected=None).attempt(options[0])
        if options:
            labels = "; ".join(course.label(o) for o in options)
            text = f"{place} offers {len(options)} choices: {labels}."
            return dataclasses.replace(
                self, selected=district, feedback=Feedback("info", text, place)
            )
        greyed = [
            b.action
            for b in decision.blocked
            if course.option_district(decision, b.action) == district
        ]
        exact = [a for a in greyed if self.option_space(decision, a) == space]
        if greyed:
            return self.attempt((exact or greyed)[0])
        word = course.place_word
        if not any(course.option_district(decision, a) is not None for a in decision.options):
            reason = f"this decision is not about a {word}: {decision.prompt}"
        else:
            reason = f"{word} {district} is not one of the options for: {decision.prompt}"
        error = IllegalAction(
            "not-an-option", decision.rules[0] if decision.rules else course.default_rule, reason
        )
        return dataclasses.replace(self, feedback=course.illegal(error, place))

    def attempt(self, action: Action | str) -> Self:
        """Try a move: refused with the engine's reason if illegal, with the lesson's reason if
        legal but not wanted; otherwise applied (bots answer) and explained. While the lesson
        asks a question, the move is an answer to it (:meth:`answer`)."""
        if isinstance(action, str):
            action = Action.parse(action)
        course = self.course()
        if self.goal_met:
            return dataclasses.replace(
                self,
                feedback=Feedback(
                    "done",
                    "This lesson is complete: open the next one."
                    if not self.is_last
                    else "You have finished every lesson. Well played!",
                    link=self._play_link(),
                ),
            )
        question = self.question()
        if question is not None:
            return self.answer(question, action)
        current = self.game()
        decision = current.pending
        if decision is None:
            return dataclasses.replace(self, feedback=Feedback("done", "The game is over."))
        label = _label(current, action, course.label)
        if action not in decision.options:
            # the game's own refusal names the rule that forbids this request (Speakeasy's
            # R-LOC-GEN-1 for a person that does not exist...); the engine accepts exactly the
            # options
            error = current.why_not(action) or decision.why_not(action)
            return dataclasses.replace(self, feedback=course.illegal(error, label))
        verdict = self.lesson.check(current, action)
        if not verdict.accepted:
            return dataclasses.replace(
                self, feedback=Feedback("wrong", verdict.reason, label, verdict.rules)
            )
        start = self.lesson.start
        game = course.play(start, (*self.history(), *self.moves))
        before = len(game.history)
        course.answer(game, action)
        new_moves = self.moves + tuple(str(a) for a in game.history[before:])
        course.remember(self.history(), new_moves, game, start)
        explained = tuple(
            course.explained(e, step.player) for step in game.steps[before:] for e in step.events
        )
        if len(explained) > course.max_events:
            hidden = len(explained) - course.max_events + 1
            explained = (*explained[: course.max_events - 1], f"… and {hidden} more events.")
        moved = dataclasses.replace(self, moves=new_moves, selected=None)
        if moved.goal_met:
            recap = self.lesson.recap
            if recap is not None:
                explained = tuple(recap(moved.game(), moved.events()))
            return moved._reached(label, f"{self.lesson.goal} — done!", explained)
        return dataclasses.replace(
            moved, feedback=Feedback("accepted", "Applied.", label, events=explained)
        )

    def answer(self, question: Question[G], action: Action) -> Self:
        """An answer to ``question``: one of its choices, judged right (with why, and the next
        question or the goal) or wrong (with why not); anything else is asked again."""
        game = self.game()
        choices = dict(question.choices(game))
        key = str(action.args[0]) if action.kind == ANSWER_KIND and action.args else ""
        if key not in choices:
            text = "Answer the question with one of its choices: " + "; ".join(choices.values())
            return dataclasses.replace(
                self, feedback=Feedback("info", text + ".", question.prompt, question.rules)
            )
        label = f"your answer: {choices[key]}"  # not "Goal reached — Purple": who answered
        verdict = question.judge(game, key)
        if not verdict.accepted:
            feedback = Feedback("wrong", verdict.reason, label, verdict.rules, title="✘ Not quite")
            return dataclasses.replace(self, feedback=feedback)
        moved = dataclasses.replace(self, answers=(*self.answers, key), selected=None)
        if moved.goal_met:
            return moved._reached(
                label, verdict.reason, (), verdict.rules, title="★ Right: goal reached"
            )
        text = f"{verdict.reason} Next question: {moved.question_prompt()}"
        return dataclasses.replace(
            moved, feedback=Feedback("accepted", text, label, verdict.rules, title="✔ Right")
        )

    def question_prompt(self) -> str:
        """The open question's prompt ('' when none is open)."""
        question = self.question()
        return question.prompt if question is not None else ""

    def _reached(
        self,
        label: str,
        text: str,
        events: tuple[str, ...],
        rules: tuple[str, ...] = (),
        *,
        title: str = "",
    ) -> Self:
        """The lesson's goal is reached (in this progress): it is done, and the feedback says
        what comes next (the next lesson, a prepared position it sets up, or Play)."""
        done = self.done if self.lesson_id in self.done else (*self.done, self.lesson_id)
        text += self._next_step()
        feedback = Feedback(
            "goal",
            text,
            label,
            rules or self.lesson.rules[:2],
            events=events,
            title=title,
            link=self._play_link(),
        )
        return dataclasses.replace(self, done=done, feedback=feedback)

    def _next_step(self) -> str:
        """What comes after this lesson, in words (a sentence to add to the goal's)."""
        course = self.course()
        if self.is_last:
            left = [x.number for x in course.lessons if x.id not in (*self.done, self.lesson_id)]
            if left:
                which = ", ".join(str(n) for n in left)
                return f" That was the last lesson (still to do: {which}). Or play a game now."
            return " You have finished every lesson: you know the whole game. Play one now."
        nxt = course.lessons[course.ids.index(self.lesson_id) + 1]
        text = " Open the next lesson when you are ready."
        resuming = course.resuming
        if nxt.prepared and not self.lesson.prepared and resuming is not None:
            where = (
                f"lesson {resuming.number} ({resuming.title}) takes it up again"
                if resuming.number > nxt.number
                else f"open lesson {resuming.number} ({resuming.title}) to take it up again"
            )
            text += (
                " It sets up a prepared position of its own; your own game is kept: " + where + "."
            )
        return text

    def _play_link(self) -> tuple[str, str] | None:
        """The way into Play after the last lesson (none before it, or without a Play page)."""
        course = self.course()
        if not self.is_last or not course.play_page:
            return None
        return (course.play_label, course.play_page)

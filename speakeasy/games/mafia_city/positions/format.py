"""The position itself: :class:`Position` (validated data), its TOML form
(:func:`parse_position`, :meth:`Position.to_toml`, :meth:`Position.save`) and its plain-data
form (:meth:`Position.to_data`, :meth:`Position.from_data`: what saved games hold).

Every position is validated when it is made: its size and nesting (the shared reader,
:mod:`speakeasy.tools.position_files`), the JSON Schema ``data/mafia_city/position.schema.json``,
then the rules the schema cannot state (:func:`~.build.check_position`). Every mistake is a
:class:`~speakeasy.tools.position_files.PositionError` naming the file, the line, the field and
the rule broken.
"""

from __future__ import annotations

import copy
import random
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Final

import tomlkit

from speakeasy.core.actions import IllegalAction
from speakeasy.core.engine import EngineError
from speakeasy.games.mafia_city.engine.game import DEFINITION, Game
from speakeasy.games.mafia_city.model.data import load_data
from speakeasy.games.mafia_city.model.kinds import EventKind
from speakeasy.games.mafia_city.model.state import GameState, Options
from speakeasy.games.mafia_city.positions.build import (
    DEFAULT_PLAYERS,
    build_position,
    check_position,
)
from speakeasy.games.mafia_city.positions.questions import ASKS
from speakeasy.games.mafia_city.rules.context import Ctx
from speakeasy.tools.paths import data_path
from speakeasy.tools.position_files import (
    Fail,
    Limits,
    PositionError,
    Schema,
    check_data,
    failing,
    read_toml,
)

__all__ = ["LIMITS", "SCHEMA", "Position", "parse_position"]

#: What a Mafia City position file may hold: at most 64 KiB (a captured position is about
#: 6 KB, most of it the random generator's state), 64 levels, 1000 items in one table or array
#: and 5,000 values in all (a position needs a few hundred).
LIMITS: Final = Limits(
    noun="position", max_bytes=64 * 1024, max_items=1000, max_text=20_000, max_values=5_000
)
#: The position files' JSON Schema.
SCHEMA: Final = Schema(data_path("mafia_city/position.schema.json"))


@dataclass(frozen=True)
class Position:
    """A validated Mafia City position: its data (as in the file) and where it came from.

    Equal positions have equal data (the file and its text aside); a game started from one
    saves it (as ``position``) and compares equal only to games from an equal one."""

    data: Mapping[str, Any]
    file: str = field(default="<position>", compare=False)
    text: str | None = field(default=None, compare=False, repr=False)

    def __post_init__(self) -> None:
        if not isinstance(self.data, Mapping):
            raise PositionError("a position is a table of fields", "", self.file)
        check_data(self.data, self.file, self.text, LIMITS)
        fail = failing(self.file, self.text)
        if "in_play" in self.data:
            fail(
                "a position is taken between effects, with no card in play (MC-CARD-3): write a "
                "reaction chain as the position before it plus its 'actions', which loading "
                "replays (MC-VETO-7)",
                "in_play",
            )
        SCHEMA.validate(self.data, self.file, self.text)
        check_position(self.data, load_data(), fail)
        question = self.data.get("question")
        if isinstance(question, Mapping):
            _check_question(question, fail)

    # ------------------------------------------------------------------ reading
    @property
    def name(self) -> str:
        """The file name without ``.toml`` (shipped positions are looked up by it)."""
        return Path(self.file).stem

    @property
    def title(self) -> str:
        return str(self.data.get("title", self.name))

    @property
    def description(self) -> str:
        return str(self.data.get("description", ""))

    @property
    def source(self) -> str:
        return str(self.data.get("source", "teaching"))

    @property
    def players(self) -> tuple[str, ...]:
        return tuple(str(p) for p in self.data.get("players", DEFAULT_PLAYERS))

    @property
    def seed(self) -> int:
        return int(self.data.get("seed", 0))

    @property
    def options(self) -> Options:
        return Options.from_data(self.data.get("options"))

    @property
    def question(self) -> Mapping[str, Any] | None:
        q = self.data.get("question")
        return q if isinstance(q, Mapping) else None

    def game(self, *, checkpoints: bool = True) -> Game:
        """A new game at this position (it records the position for undo, replays and
        saves), with the position's ``actions`` applied as the game's first steps; one the
        rules refuse is a :class:`PositionError` naming it (``actions[3]``)."""
        game = Game(self.players, self.seed, self.options, self, checkpoints=checkpoints)
        for i, text in enumerate(self.data.get("actions", ())):
            try:
                game.apply(text)
            except (IllegalAction, EngineError) as exc:
                failing(self.file, self.text)(
                    f"the rules refuse this action here: {exc}", "actions", i
                )
        return game

    def state(self) -> GameState:
        """The position as a state, as the file describes it: no rule has run yet (a phase
        IV position has not drawn, a phase II one has evaluated nothing more)."""
        ctx, _ = DEFINITION.begin(self.players, random.Random(self.seed), self.options, self)
        state: GameState = ctx.state
        return state

    def apply_to(self, ctx: Ctx) -> tuple[str, int] | None:
        """Turn a fresh setup (``ctx.state``) into this position and give where the rules
        start; called by the engine (:meth:`Definition.begin
        <speakeasy.games.mafia_city.engine.game.Definition.begin>`)."""
        restart = build_position(ctx, self.data)
        st = ctx.state
        source = self.source
        origin = (
            f"from the rulebook's {source.split(':', 1)[1].strip()}"
            if source.startswith("rulebook:")
            else "saved from a game"
            if source == "saved"
            else "a teaching position"
        )
        ctx.emit(
            EventKind.SETUP,
            st.start_player,
            ("MC-SETUP-1", "MC-SETUP-4"),
            f"The game starts from the position \u201c{self.title}\u201d ({origin}): round "
            f"{st.round}, {st.start_player} is the start player; target {st.target} VP.",
            layout=list(st.layout),
            start=st.start_player,
            target=st.target,
            position=self.title,
        )
        return restart

    # ------------------------------------------------------------------ writing
    def to_data(self) -> dict[str, Any]:
        """The position as plain data (what :meth:`from_data` reads; saved games hold it)."""
        return copy.deepcopy(dict(self.data))

    @classmethod
    def from_data(cls, data: object, file: str = "<position>") -> Position:
        if not isinstance(data, Mapping):
            raise PositionError("a position is a table of fields", "", file)
        check_data(data, file, None, LIMITS)  # before the copy: hostile data must not reach it
        return cls(copy.deepcopy(dict(data)), file)

    def to_toml(self) -> str:
        """The position as a TOML document (round-trips through :func:`parse_position`)."""
        return tomlkit.dumps(_tomlable(self.data))

    def save(self, path: str | Path) -> Path:
        path = Path(path)
        path.write_text(self.to_toml(), encoding="utf-8")
        return path


def _check_question(question: Mapping[str, Any], fail: Fail) -> None:
    """Each asked fact has its parameters and an answer, and the answer only asked facts
    (:data:`~.questions.ASKS`; the schema has checked the names)."""
    asked = list(question["ask"])
    for i, name in enumerate(asked):
        for param in ASKS[name].params:
            if param not in question:
                fail(f"{name!r} needs the question's {param!r}", "question", "ask", i)
        if name not in question["answer"]:
            fail(f"no answer for {name!r}", "question", "answer")
    for key in question["answer"]:
        if key not in asked:
            fail(f"{key!r} is answered but not asked ({', '.join(asked)})", "question", key)


def _tomlable(value: Any) -> Any:
    if isinstance(value, Mapping):
        return {str(k): _tomlable(v) for k, v in value.items() if v is not None}
    if isinstance(value, list | tuple):
        return [_tomlable(v) for v in value]
    return value


def parse_position(text: str | bytes, file: str = "<position>") -> Position:
    """Read a position from TOML text; :class:`PositionError` for any mistake (size, escapes
    and nesting are checked before the text is parsed, in linear time)."""
    data = read_toml(text, file, LIMITS)
    return Position(data, file, text if isinstance(text, str) else None)


# Saved games that start from a position hold its data; the engine (a layer below) reads them
# back through the decoder registered here.
DEFINITION.register_start_decoder("position", Position.from_data)

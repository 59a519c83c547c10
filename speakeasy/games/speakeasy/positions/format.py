"""The scenario itself: :class:`Scenario` (validated data, read and edited field by field), its
TOML form (:func:`parse_scenario`, :meth:`Scenario.to_toml`, :meth:`Scenario.save`) and its
plain-data form (:meth:`Scenario.to_data`, :meth:`Scenario.from_data`, what saved games hold).

Every scenario is validated when it is made: against the JSON Schema
(``data/scenario.schema.json``), then against what the schema cannot say
(:mod:`speakeasy.games.speakeasy.positions.checks`). The format is documented in
:mod:`speakeasy.games.speakeasy.positions`.
"""

from __future__ import annotations

import copy
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import tomlkit

from speakeasy.core.actions import Event, IllegalAction
from speakeasy.core.engine import EngineError
from speakeasy.games.speakeasy.engine.definition import SPEAKEASY
from speakeasy.games.speakeasy.engine.game import Game
from speakeasy.games.speakeasy.model.kinds import EventKind
from speakeasy.games.speakeasy.model.options import Options
from speakeasy.games.speakeasy.model.state import Colour
from speakeasy.games.speakeasy.positions.build import build_position
from speakeasy.games.speakeasy.positions.checks import ALL_COLOURS, check_position
from speakeasy.games.speakeasy.positions.errors import ScenarioError, failing
from speakeasy.games.speakeasy.positions.limits import check_data, read_toml
from speakeasy.games.speakeasy.rules.context import Ctx
from speakeasy.games.speakeasy.rules.flow import Start
from speakeasy.tools.paths import data_path
from speakeasy.tools.position_files import Schema

__all__ = ["SCHEMA_PATH", "Scenario", "iter_fields", "parse_scenario", "scenario_event"]

SCHEMA_PATH = data_path("scenario.schema.json")


#: The scenario schema, checked the way every game's position files are
#: (:class:`speakeasy.tools.position_files.Schema`).
SCHEMA = Schema(SCHEMA_PATH)


@dataclass(frozen=True)
class Scenario:
    """A validated scenario: its data (as in the file) and where it came from."""

    data: Mapping[str, Any]
    file: str = field(default="<scenario>", compare=False)
    text: str | None = field(default=None, compare=False, repr=False)

    def __post_init__(self) -> None:
        if not isinstance(self.data, Mapping):
            raise ScenarioError("a scenario is a table of fields", "", self.file)
        check_data(self.data, self.file)
        SCHEMA.validate(self.data, self.file, self.text, ScenarioError)
        fail = failing(self.file, self.text)
        check_position(self.data, fail)
        try:
            Options.from_data(self.data.get("options"))
        except (ValueError, TypeError) as exc:
            unknown = [k for k in self.data["options"] if k not in Options.__dataclass_fields__]
            fail(str(exc), "options", *unknown[:1])

    # ------------------------------------------------------------------ reading
    @property
    def title(self) -> str:
        return str(self.data.get("title", Path(self.file).stem))

    @property
    def name(self) -> str:
        """The file name without ``.toml`` (shipped scenarios are looked up by it)."""
        return Path(self.file).stem

    @property
    def description(self) -> str:
        return str(self.data.get("description", ""))

    @property
    def source(self) -> str:
        return str(self.data.get("source", "teaching"))

    @property
    def players(self) -> tuple[Colour, ...]:
        return tuple(Colour(c) for c in self.data.get("players", ALL_COLOURS))

    @property
    def seed(self) -> int:
        return int(self.data.get("seed", 0))

    @property
    def start(self) -> Start:
        """Where the game resumes after the scenario is set up (``"prologue"`` is the game's
        own start: the 2-player docks placement and the prologue come first)."""
        phase = str(self.data.get("phase", "rounds"))
        if phase == "prologue":
            return Start("setup")
        return Start(phase, self.act, int(self.data.get("round", 1)))

    @property
    def act(self) -> int:
        return int(self.data.get("act", 4 if self.data.get("phase") == "final" else 1))

    @property
    def question(self) -> Mapping[str, Any] | None:
        q = self.data.get("question")
        return q if isinstance(q, Mapping) else None

    def game(self) -> Game:
        """A new game positioned at this scenario (it records the scenario for replays), with
        the scenario's ``actions`` applied: they are the game's first steps (so they can be
        undone), and one the rules refuse is a :class:`ScenarioError` naming it."""
        game = Game(self.players, self.seed, Options.from_data(self.data.get("options")), self)
        for i, text in enumerate(self.data.get("actions", ())):
            try:
                game.apply(text)
            except (IllegalAction, EngineError) as exc:
                failing(self.file, self.text)(
                    f"the rules refuse this action here: {exc}", "actions", i
                )
        return game

    def to_data(self) -> dict[str, Any]:
        """The scenario as plain data (what :meth:`from_data` reads; saved games hold it)."""
        return copy.deepcopy(dict(self.data))

    @classmethod
    def from_data(cls, data: object, file: str = "<scenario>") -> Scenario:
        if not isinstance(data, Mapping):
            raise ScenarioError("a scenario is a table of fields", "", file)
        check_data(data, file)  # before the copy: hostile data must not reach deepcopy
        return cls(copy.deepcopy(dict(data)), file)

    def to_toml(self) -> str:
        """The scenario as a TOML document (round-trips through :func:`parse_scenario`)."""
        return tomlkit.dumps(_tomlable(self.data))

    def save(self, path: str | Path) -> Path:
        path = Path(path)
        path.write_text(self.to_toml(), encoding="utf-8")
        return path

    # ------------------------------------------------------------------ editing
    def with_value(self, dotted: str, value: Any) -> Scenario:
        """A copy with the field at ``dotted`` (e.g. ``districts.14.police``) set to ``value``
        (validated again; missing tables are created). A path through a field that is not a
        table, or a value no scenario holds, is a :class:`ScenarioError`."""
        data = copy.deepcopy(dict(self.data))
        node, last = self._parent(data, dotted, create=True)
        node[last] = value
        check_data(data, self.file)
        return Scenario(data, self.file)

    def without(self, dotted: str) -> Scenario:
        """A copy without the field at ``dotted`` (it takes its default again); a path through
        a field that is not a table is a :class:`ScenarioError`."""
        data = copy.deepcopy(dict(self.data))
        node, last = self._parent(data, dotted, create=False)
        node.pop(last, None)
        return Scenario(data, self.file)

    def _parent(
        self, data: dict[str, Any], dotted: object, *, create: bool
    ) -> tuple[dict[str, Any], str]:
        """The table holding the field at ``dotted`` and the field's own name."""
        if not isinstance(dotted, str) or not dotted or len(dotted) > 200:
            raise ScenarioError(f"{dotted!r:.60} is not a field's dotted name", "", self.file)
        *parents, last = dotted.split(".")
        node = data
        for depth, key in enumerate(parents):
            child = node.setdefault(key, {}) if create else node.get(key, {})
            if not isinstance(child, dict):
                field = ".".join(parents[: depth + 1])
                raise ScenarioError(f"{field} is a value, not a table of fields", dotted, self.file)
            node = child
        return node, last

    # ------------------------------------------------------------------ applying
    def apply_to(self, ctx: Ctx) -> None:
        """Turn a fresh setup (``ctx.state``) into this position; called by :class:`Game`."""
        build_position(ctx, self.data, self.start, failing(self.file, self.text))
        source = self.source
        origin = (
            f"from the rulebook's {source.split(':', 1)[1].strip()}"
            if source.startswith("rulebook:")
            else "saved from a game"
            if source == "saved"
            else "a teaching position"
        )
        ctx.emit(
            EventKind.SCENARIO,
            None,
            ("R-SETUP-1",),
            f"The game starts from the scenario \u201c{self.title}\u201d ({origin}): the board "
            "and the players are set up as it describes, not by the usual setup.",
            title=self.title,
            source=source,
        )


def _tomlable(value: Any) -> Any:
    if isinstance(value, Mapping):
        return {str(k): _tomlable(v) for k, v in value.items() if v is not None}
    if isinstance(value, (list, tuple)):
        return [_tomlable(v) for v in value]
    return value


def parse_scenario(text: str, file: str = "<scenario>") -> Scenario:
    """Read a scenario from TOML text; raise :class:`ScenarioError` for any mistake (text
    beyond :mod:`speakeasy.games.speakeasy.positions.limits` is refused before it is parsed)."""
    data = read_toml(text, file)  # size and nesting are checked before parsing
    return Scenario(data, file, text if isinstance(text, str) else None)


def iter_fields(data: Mapping[str, Any], prefix: str = "") -> Iterator[tuple[str, Any]]:
    """Every leaf field of scenario data as ``(dotted path, value)``."""
    for key, value in data.items():
        path = f"{prefix}.{key}" if prefix else str(key)
        if isinstance(value, Mapping):
            yield from iter_fields(value, path)
        else:
            yield path, value


def scenario_event(events: Sequence[Event]) -> Event | None:
    """The event announcing a scenario among a game's setup events."""
    return next((e for e in events if e.kind == "scenario"), None)


# Saved games that start from a scenario hold its data; the engine (a layer below) reads them
# back through the decoder registered here.
SPEAKEASY.register_start_decoder("scenario", Scenario.from_data)

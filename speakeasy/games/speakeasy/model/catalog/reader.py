"""Reading catalog files field by field, with messages that name the file, entry and field.

A :class:`Loader` opens the files of one catalog folder and records the provenance of every item
it reads; an :class:`Entry` is one TOML table whose fields are taken one at a time, typed and
checked, so that a field nobody took is reported as unknown (:meth:`Entry.done`).
"""

from __future__ import annotations

import itertools
from collections.abc import Collection, Iterable
from pathlib import Path
from typing import Final

from speakeasy.games.speakeasy.model.catalog.base import FrozenMap, ProvenanceItem
from speakeasy.games.speakeasy.model.effects import Bonus, Effect, Requirement, effects_from_data
from speakeasy.games.speakeasy.model.provenance import Provenance
from speakeasy.tools.errors import DataError
from speakeasy.tools.toml import read_toml

_MISSING: Final = object()


class Loader:
    """Opens data files and records every provenance read."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self.records: list[ProvenanceItem] = []

    def open(self, name: str) -> Entry:
        """The top-level table of the file ``name`` in the catalog folder."""
        path = self.root / name
        return Entry(self, path, "file", read_toml(path))


class Entry:
    """One table of a data file, read field by field; unknown fields are an error."""

    __slots__ = ("_loader", "_used", "data", "entry", "path")

    def __init__(self, loader: Loader, path: Path, entry: str, data: object) -> None:
        if not isinstance(data, dict):
            raise DataError(path, entry, f"must be a table, got {data!r}")
        self._loader = loader
        self.path = path
        self.entry = entry
        self.data: dict[str, object] = data
        self._used: set[str] = set()

    def error(self, problem: str) -> DataError:
        """A :class:`DataError` naming this file and entry."""
        return DataError(self.path, self.entry, problem)

    def take(self, name: str, default: object = _MISSING) -> object:
        """The raw value of field ``name`` (``default`` if absent; required if no default)."""
        self._used.add(name)
        if name in self.data:
            return self.data[name]
        if default is _MISSING:
            raise self.error(f"missing field {name!r}")
        return default

    def integer(self, name: str, *, minimum: int | None = 0, default: object = _MISSING) -> int:
        return self._int(name, self.take(name, default), minimum)

    def optional_integer(self, name: str, *, minimum: int | None = 0) -> int | None:
        value = self.take(name, None)
        return None if value is None else self._int(name, value, minimum)

    def _int(self, name: str, value: object, minimum: int | None) -> int:
        if isinstance(value, bool) or not isinstance(value, int):
            raise self.error(f"field {name!r} must be a whole number, got {value!r}")
        if minimum is not None and value < minimum:
            raise self.error(f"field {name!r} must be at least {minimum}, got {value}")
        return value

    def text(
        self, name: str, choices: Collection[str] | None = None, default: object = _MISSING
    ) -> str:
        value = self.take(name, default)
        if not isinstance(value, str) or not value:
            raise self.error(f"field {name!r} must be non-empty text, got {value!r}")
        if choices is not None and value not in choices:
            raise self.error(f"field {name!r}: {value!r} is not one of {', '.join(choices)}")
        return value

    def optional_text(self, name: str, choices: Collection[str] | None = None) -> str | None:
        if self.take(name, None) is None:
            return None
        return self.text(name, choices)

    def flag(self, name: str, default: object = _MISSING) -> bool:
        value = self.take(name, default)
        if not isinstance(value, bool):
            raise self.error(f"field {name!r} must be true or false, got {value!r}")
        return value

    def integers(
        self, name: str, *, length: int | None = None, minimum: int | None = 0
    ) -> tuple[int, ...]:
        value = self.take(name)
        if not isinstance(value, list):
            raise self.error(f"field {name!r} must be a list of whole numbers, got {value!r}")
        out = tuple(self._int(name, v, minimum) for v in value)
        if length is not None and len(out) != length:
            raise self.error(f"field {name!r} must have {length} values, got {len(out)}")
        return out

    def texts(self, name: str, choices: Collection[str] | None = None) -> tuple[str, ...]:
        value = self.take(name)
        if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
            raise self.error(f"field {name!r} must be a list of text, got {value!r}")
        bad = [v for v in value if choices is not None and v not in choices]
        if bad:
            raise self.error(f"field {name!r}: {bad[0]!r} is not one of {', '.join(choices or ())}")
        return tuple(value)

    def effects(self, name: str, default: object = _MISSING) -> tuple[Effect, ...]:
        value = self.take(name, default)
        try:
            return effects_from_data(value)
        except ValueError as exc:
            raise self.error(f"field {name!r}: {exc}") from None

    def effect(self, name: str) -> Effect:
        try:
            return Effect.from_data(self.take(name))
        except ValueError as exc:
            raise self.error(f"field {name!r}: {exc}") from None

    def bonuses(self, name: str, default: object = _MISSING) -> tuple[Bonus, ...]:
        value = self.take(name, default)
        items = [value] if isinstance(value, dict) else value
        if not isinstance(items, list):
            raise self.error(f"field {name!r} must be a table or a list of tables")
        try:
            return tuple(Bonus.from_data(v) for v in items)
        except ValueError as exc:
            raise self.error(f"field {name!r}: {exc}") from None

    def bonus(self, name: str) -> Bonus:
        try:
            return Bonus.from_data(self.take(name))
        except ValueError as exc:
            raise self.error(f"field {name!r}: {exc}") from None

    def requirement(self, name: str) -> Requirement:
        try:
            return Requirement.from_data(self.take(name))
        except ValueError as exc:
            raise self.error(f"field {name!r}: {exc}") from None

    def source(self, name: str = "source") -> Provenance:
        try:
            prov = Provenance.parse(self.take(name))
        except ValueError as exc:
            raise self.error(f"field {name!r}: {exc}") from None
        label = self.entry if name == "source" else f"{self.entry} ({name})"
        self._loader.records.append((self.path.name, label, prov))
        return prov

    def table(self, name: str, entry: str) -> Entry:
        value = self.take(name)
        if not isinstance(value, dict):
            raise self.error(f"field {name!r} must be a table, got {value!r}")
        return Entry(self._loader, self.path, entry, value)

    def int_keyed(self, name: str) -> FrozenMap[int, int]:
        """A table like ``{ 2 = 2, 3 = 3, 4 = 3 }`` (player count -> value)."""
        value = self.take(name)
        if not isinstance(value, dict):
            raise self.error(f"field {name!r} must be a table, got {value!r}")
        out: list[tuple[int, int]] = []
        for key, item in value.items():
            if not key.isdigit():
                raise self.error(f"field {name!r}: key {key!r} must be a player count")
            out.append((int(key), self._int(f"{name}.{key}", item, 0)))
        return FrozenMap(sorted(out))

    def str_keyed(self, name: str, keys: Collection[str]) -> FrozenMap[str, int]:
        value = self.take(name)
        if not isinstance(value, dict):
            raise self.error(f"field {name!r} must be a table, got {value!r}")
        if set(value) != set(keys):
            raise self.error(f"field {name!r} must have exactly the keys {', '.join(keys)}")
        return FrozenMap((k, self._int(f"{name}.{k}", value[k], 0)) for k in keys)

    def tables(self, name: str, what: str, key: str = "id") -> list[Entry]:
        """An array of tables; each entry is named ``what "key"`` in errors."""
        value = self.take(name, [])
        if not isinstance(value, list):
            raise self.error(f"{name!r} must be an array of tables ([[{name}]])")
        out: list[Entry] = []
        for i, item in enumerate(value, 1):
            ident = item.get(key) if isinstance(item, dict) else None
            label = f'{what} "{ident}"' if isinstance(ident, str | int) else f"{what} #{i}"
            out.append(Entry(self._loader, self.path, label, item))
        return out

    def done(self) -> None:
        """Every field has been taken: any other field is a mistake in the file."""
        unknown = sorted(set(self.data) - self._used)
        if unknown:
            raise self.error(f"unknown field(s): {', '.join(unknown)}")


def unique(entries: Iterable[tuple[Entry, object]], what: str) -> None:
    """No two entries share a key; the second one is reported."""
    seen: set[object] = set()
    for entry, key in entries:
        if key in seen:
            raise entry.error(f"duplicate {what} {key!r}")
        seen.add(key)


def check_count(root: Entry, what: str, found: int, expected: int, rule: str) -> None:
    """``found`` items match the ``expected`` count that ``rule`` gives."""
    if found != expected:
        raise root.error(f"expected {expected} {what} ({rule}), found {found}")


def non_decreasing(values: Iterable[int]) -> bool:
    """True if no value is below the one before it.

    >>> non_decreasing([0, 1, 1, 2]), non_decreasing([2, 1])
    (True, False)
    """
    return all(a <= b for a, b in itertools.pairwise(values))

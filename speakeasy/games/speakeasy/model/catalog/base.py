"""Building blocks shared by the component types: a frozen mapping and lookups by id."""

from __future__ import annotations

from collections.abc import ItemsView, Iterable, Iterator, KeysView, Mapping, ValuesView
from typing import Any, TypeVar

from speakeasy.games.speakeasy.model.provenance import Provenance

K = TypeVar("K")
V = TypeVar("V")
T = TypeVar("T")


class FrozenMap(Mapping[K, V]):
    """An immutable, hashable mapping that keeps insertion order.

    >>> m = FrozenMap([("bar", 10), ("casino", 20)])
    >>> m["casino"], list(m), len(m)
    (20, ['bar', 'casino'], 2)
    >>> hash(m) == hash(FrozenMap({"bar": 10, "casino": 20}.items()))
    True
    """

    __slots__ = ("_data",)

    def __init__(self, items: Iterable[tuple[K, V]] = ()) -> None:
        self._data: dict[K, V] = dict(items)

    def __getitem__(self, key: K) -> V:
        return self._data[key]

    def __iter__(self) -> Iterator[K]:
        return iter(self._data)

    def __len__(self) -> int:
        return len(self._data)

    # The dict's own (read-only) views and lookups: the generic Mapping ones go through
    # __getitem__ key by key, and the rules look the catalogue up on every decision.
    def __contains__(self, key: object) -> bool:
        return key in self._data

    def get(self, key: K, default: Any = None) -> Any:
        return self._data.get(key, default)

    def keys(self) -> KeysView[K]:
        return self._data.keys()

    def values(self) -> ValuesView[V]:
        return self._data.values()

    def items(self) -> ItemsView[K, V]:
        return self._data.items()

    def __hash__(self) -> int:
        return hash(tuple(self._data.items()))

    def __repr__(self) -> str:
        return f"FrozenMap({self._data!r})"


#: One provenance record: (file name, entry description, provenance).
ProvenanceItem = tuple[str, str, Provenance]


def lookup(items: Iterable[T], key_value: object, what: str, key: str = "id") -> T:
    """The first item whose attribute ``key`` equals ``key_value``; ``KeyError`` naming ``what``.

    >>> sources = [Provenance.parse("rulebook: E1"), Provenance.parse("assumed: GAP-3")]
    >>> lookup(sources, "assumed", "provenance", key="kind")
    Provenance(kind='assumed', refs=('GAP-3',))
    >>> lookup(sources, "E2", "provenance", key="refs")
    Traceback (most recent call last):
    ...
    KeyError: "no provenance 'E2'"
    """
    for item in items:
        if getattr(item, key) == key_value:
            return item
    raise KeyError(f"no {what} {key_value!r}")

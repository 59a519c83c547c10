"""The Manhattan board as a networkx graph (rules reference §2, §17-18).

The board is data (``data/board.toml``): 16 districts in three areas, their adjacency, the seven
ports in clockwise order and Central Park, which trucks cannot cross. Every edge and port carries
its :class:`~speakeasy.games.speakeasy.model.provenance.Provenance`. Graph questions are answered
with networkx.

>>> board = load_board()
>>> board.area_of(7), board.districts_in("uptown")
(<Area.MIDTOWN: 'midtown'>, (13, 14, 15, 16))
>>> board.distance(16, 10)
3
>>> board.reachable(8, 1)
{8: 0, 4: 1, 7: 1, 9: 1, 11: 1}
>>> board.shortest_routes(16, 10)
[[16, 14, 11, 10]]
>>> board.next_free_port(16, occupied={16, 2})
6
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from functools import cache
from pathlib import Path
from types import MappingProxyType
from typing import Any

import networkx as nx

from speakeasy.games.speakeasy.model.provenance import Provenance
from speakeasy.tools.errors import DataError
from speakeasy.tools.paths import data_path
from speakeasy.tools.toml import read_toml

#: The shipped data directory (``<repo>/data``).
DEFAULT_BOARD_PATH = data_path("board.toml")

#: Expected number of districts per area (R-BOARD-2, GEO-1).
_AREA_SIZES = {"downtown": 6, "midtown": 6, "uptown": 4}
_PORT_COUNT = 7  # R-BOARD-6, GEO-12


class Area(StrEnum):
    """The three areas of Manhattan, left to right on the board (R-BOARD-1)."""

    DOWNTOWN = "downtown"
    MIDTOWN = "midtown"
    UPTOWN = "uptown"

    @property
    def title(self) -> str:  # type: ignore[override]
        return self.value.capitalize()


@dataclass(frozen=True, slots=True)
class District:
    """One district: its number, area, building spaces and drawing position."""

    number: int
    area: Area
    spaces: int
    x: float
    y: float
    port: Provenance | None = None

    @property
    def has_port(self) -> bool:
        return self.port is not None


@dataclass(frozen=True, slots=True)
class CentralPark:
    """Central Park: the districts on its two sides are never adjacent (R-TRUCK-8, GEO-5)."""

    north: tuple[int, ...]
    south: tuple[int, ...]
    x: float
    y: float
    source: Provenance


@dataclass(frozen=True)
class Board:
    """The board for a given player count. Immutable; build it with :func:`load_board`.

    ``graph`` is a frozen :class:`networkx.Graph` whose nodes are district numbers with the
    attributes ``area`` (str), ``spaces`` (int), ``port`` (bool) and ``pos`` ((x, y)); each edge
    has a ``source`` attribute (its :class:`Provenance`).
    """

    players: int
    graph: nx.Graph
    districts: Mapping[int, District]
    port_ring: tuple[int, ...]
    central_park: CentralPark
    path: Path
    title: str = ""
    _distances: Mapping[int, Mapping[int, int]] = field(repr=False, default_factory=dict)

    # ------------------------------------------------------------------ areas and districts
    @property
    def areas(self) -> tuple[Area, ...]:
        """Areas from left (Downtown) to right (Uptown)."""
        return tuple(Area)

    def district(self, d: int) -> District:
        try:
            return self.districts[d]
        except KeyError:
            raise KeyError(f"there is no district {d!r}; districts are 1-16 (R-BOARD-2)") from None

    def area_of(self, d: int) -> Area:
        """The area a district belongs to (GEO-1)."""
        return self.district(d).area

    def districts_in(self, area: Area | str) -> tuple[int, ...]:
        """District numbers of an area, ascending."""
        wanted = Area(area)
        return tuple(n for n, dist in self.districts.items() if dist.area is wanted)

    def spaces(self, d: int) -> int:
        """Building spaces in a district at this player count (R-BOARD-3)."""
        return self.district(d).spaces

    @property
    def ports(self) -> tuple[int, ...]:
        """Port districts in ascending order."""
        return tuple(sorted(self.port_ring))

    def edge_source(self, a: int, b: int) -> Provenance:
        """Why districts ``a`` and ``b`` are taken to be adjacent."""
        if not self.graph.has_edge(a, b):
            raise KeyError(f"districts {a} and {b} are not adjacent")
        source: Provenance = self.graph.edges[a, b]["source"]
        return source

    # ------------------------------------------------------------------ movement (R-TRUCK-7/8)
    def distance(self, a: int, b: int) -> int:
        """Fewest truck moves from ``a`` to ``b`` along board edges (R-TRUCK-7, GEO-4)."""
        self.district(a)
        self.district(b)
        return self._distances[a][b]

    def reachable(self, start: int, moves: int) -> dict[int, int]:
        """Districts a truck at ``start`` can reach with ``moves`` points: district -> moves.

        Ordered by moves, then district number. The start itself needs 0 moves.
        """
        self.district(start)
        if moves < 0:
            raise ValueError(f"moves must be at least 0, got {moves}")
        found = nx.single_source_shortest_path_length(self.graph, start, cutoff=moves)
        return dict(sorted(found.items(), key=lambda item: (item[1], item[0])))

    def shortest_routes(self, a: int, b: int) -> list[list[int]]:
        """Every shortest route from ``a`` to ``b`` (each a list of districts), sorted."""
        self.district(a)
        self.district(b)
        return sorted(nx.all_shortest_paths(self.graph, a, b))

    # ------------------------------------------------------------------ ships (R-TRUCK-12)
    def next_free_port(self, from_district: int, occupied: Collection[int]) -> int:
        """The first port clockwise after ``from_district`` that holds no ship.

        ``occupied`` are the port districts holding a ship (the leaving ship's port may be
        included or not). Used when a ship moves on (R-TRUCK-12, R-SHIP-11, GEO-14, GEO-15).
        """
        if from_district not in self.port_ring:
            raise ValueError(f"district {from_district} has no port (ports: {self.ports})")
        start = self.port_ring.index(from_district)
        n = len(self.port_ring)
        for step in range(1, n):
            port = self.port_ring[(start + step) % n]
            if port not in occupied:
                return port
        raise ValueError("every other port holds a ship; there is no free port")

    def __repr__(self) -> str:
        return (
            f"<Board {self.players}p: {self.graph.number_of_nodes()} districts, "
            f"{self.graph.number_of_edges()} edges, ports {list(self.port_ring)}>"
        )


# ---------------------------------------------------------------------- loading
def load_board(players: int = 4, path: str | Path | None = None) -> Board:
    """Load the board for ``players`` (1-4) from ``path`` (default: the shipped data).

    A 1- or 2-player game uses the 1/2 side: Uptown districts have 2 building spaces
    (R-BOARD-3, R-2P-1). A malformed file raises :class:`~speakeasy.tools.errors.DataError` naming
    the file, the entry and the problem.
    """
    if isinstance(players, bool) or players not in (1, 2, 3, 4):
        raise ValueError(f"players must be 1, 2, 3 or 4, got {players!r}")
    if path is None:
        return _load_default(players)
    return _build(Path(path), players)


@cache
def _load_default(players: int) -> Board:
    return _build(DEFAULT_BOARD_PATH, players)


class _Reader:
    """Small helpers that turn a raw TOML table into checked values with good messages."""

    def __init__(self, path: Path) -> None:
        self.path = path

    def fail(self, entry: str, problem: str) -> DataError:
        return DataError(self.path, entry, problem)

    def table(self, data: Mapping[str, Any], key: str, entry: str) -> Mapping[str, Any]:
        value = data.get(key)
        if not isinstance(value, Mapping):
            raise self.fail(entry, f"missing table [{key}]")
        return value

    def get(
        self, data: Mapping[str, Any], key: str, entry: str, kind: type | tuple[type, ...]
    ) -> Any:
        if key not in data:
            raise self.fail(entry, f"missing field '{key}'")
        value = data[key]
        ok = isinstance(value, kind) and not (isinstance(value, bool) and kind in (int, float))
        if not ok:
            names = (
                kind.__name__ if isinstance(kind, type) else " or ".join(k.__name__ for k in kind)
            )
            raise self.fail(entry, f"field '{key}' must be {names}, got {value!r}")
        return value

    def source(self, value: Any, entry: str) -> Provenance:
        try:
            return Provenance.parse(value)
        except ValueError as exc:
            raise self.fail(entry, f"bad source: {exc}") from None

    def district_number(self, value: Any, entry: str, known: Iterable[int]) -> int:
        try:
            number = int(value)
        except (TypeError, ValueError):
            raise self.fail(entry, f"{value!r} is not a district number") from None
        if number not in set(known):
            raise self.fail(entry, f"unknown district {number}")
        return number


def _build(path: Path, players: int) -> Board:
    data = read_toml(path, missing="not found")
    r = _Reader(path)
    two_player_side = players <= 2

    # Areas (GEO-1, R-BOARD-3).
    areas_raw = r.table(data, "areas", "file")
    unknown = set(areas_raw) - set(_AREA_SIZES)
    if unknown:
        raise r.fail(f"area {sorted(unknown)[0]!r}", "unknown area (use downtown, midtown, uptown)")
    area_of: dict[int, Area] = {}
    spaces_of: dict[int, int] = {}
    for name, size in _AREA_SIZES.items():
        entry = f"area {name!r}"
        raw = areas_raw.get(name)
        if not isinstance(raw, Mapping):
            raise r.fail(entry, "missing")
        r.source(raw.get("source"), entry)
        members = r.get(raw, "districts", entry, list)
        if len(members) != size:
            raise r.fail(entry, f"has {len(members)} districts; the board has {size} (R-BOARD-2)")
        spaces = r.get(raw, "spaces_2p" if two_player_side else "spaces", entry, int)
        if spaces < 1:
            raise r.fail(entry, f"spaces must be at least 1, got {spaces}")
        for d in members:
            if not isinstance(d, int) or isinstance(d, bool) or not 1 <= d <= 16:
                raise r.fail(entry, f"unknown district {d!r} (districts are 1-16)")
            if d in area_of:
                raise r.fail(entry, f"district {d} is already in {area_of[d].value}")
            area_of[d] = Area(name)
            spaces_of[d] = spaces

    # Districts and adjacency (R-TRUCK-7, GEO-4..11).
    districts_raw = r.table(data, "districts", "file")
    for key in districts_raw:
        r.district_number(key, f"district {key}", area_of)
    graph = nx.Graph()
    districts: dict[int, District] = {}
    for d in sorted(area_of):
        entry = f"district {d}"
        raw = districts_raw.get(str(d))
        if not isinstance(raw, Mapping):
            raise r.fail(entry, f"missing entry [districts.{d}]")
        declared = r.get(raw, "area", entry, str)
        if declared != area_of[d].value:
            raise r.fail(
                entry, f"area is {declared!r} but [areas] lists it in {area_of[d].value!r}"
            )
        x = float(r.get(raw, "x", entry, (int, float)))
        y = float(r.get(raw, "y", entry, (int, float)))
        port = r.source(raw["port"], f"{entry} port") if "port" in raw else None
        districts[d] = District(d, area_of[d], spaces_of[d], x, y, port)
        graph.add_node(
            d, area=area_of[d].value, spaces=spaces_of[d], port=port is not None, pos=(x, y)
        )
    edge_sources: dict[frozenset[int], tuple[int, Provenance]] = {}
    for d in sorted(area_of):
        raw = districts_raw[str(d)]
        adjacent = r.get(raw, "adjacent", f"district {d}", Mapping)
        for key, src in adjacent.items():
            entry = f"district {d} adjacent {key}"
            other = r.district_number(key, entry, area_of)
            if other == d:
                raise r.fail(entry, "a district cannot be adjacent to itself")
            source = r.source(src, entry)
            pair = frozenset((d, other))
            if pair in edge_sources:
                first, first_source = edge_sources.pop(pair)
                if first_source != source:
                    raise r.fail(
                        entry,
                        f"source {source} differs from district {first}'s entry ({first_source})",
                    )
                graph.add_edge(d, other, source=source)
            else:
                edge_sources[pair] = (d, source)
    if edge_sources:
        d, other = min((d, next(iter(pair - {d}))) for pair, (d, _) in edge_sources.items())
        raise r.fail(
            f"district {d} adjacent {other}",
            f"asymmetric edge: district {other} does not list {d} as adjacent",
        )

    # Ports (R-BOARD-6, GEO-12..15).
    ports_raw = r.table(data, "ports", "file")
    r.source(ports_raw.get("source"), "ports")
    ring_raw = r.get(ports_raw, "ring", "ports", list)
    ring: list[int] = []
    for value in ring_raw:
        d = r.district_number(value, "ports ring", area_of)
        if d in ring:
            raise r.fail("ports ring", f"duplicate port {d}")
        if districts[d].port is None:
            raise r.fail("ports ring", f"district {d} is in the ring but has no 'port' source")
        ring.append(d)
    with_port = sorted(d for d, dist in districts.items() if dist.has_port)
    missing = [d for d in with_port if d not in ring]
    if missing:
        raise r.fail("ports ring", f"port district {missing[0]} is missing from the ring")
    if len(ring) != _PORT_COUNT:
        raise r.fail(
            "ports ring", f"has {len(ring)} ports; the board has {_PORT_COUNT} (R-BOARD-6)"
        )

    # Central Park (R-TRUCK-8, GEO-5).
    park_raw = r.table(data, "central_park", "file")
    park_source = r.source(park_raw.get("source"), "central_park")
    sides: list[tuple[int, ...]] = []
    for side in ("north", "south"):
        members = r.get(park_raw, side, "central_park", list)
        sides.append(tuple(r.district_number(v, f"central_park {side}", area_of) for v in members))
    north, south = sides
    for a in north:
        for b in south:
            if a == b:
                raise r.fail("central_park", f"district {a} is on both sides of the park")
            if graph.has_edge(a, b):
                raise r.fail(
                    f"district {a} adjacent {b}",
                    "this edge crosses Central Park, which trucks cannot cross (R-TRUCK-8, GEO-5)",
                )
    park = CentralPark(
        north,
        south,
        float(r.get(park_raw, "x", "central_park", (int, float))),
        float(r.get(park_raw, "y", "central_park", (int, float))),
        park_source,
    )
    if not nx.is_connected(graph):
        parts = sorted(sorted(c) for c in nx.connected_components(graph))
        raise r.fail("districts", f"the map is not connected: {parts}")

    distances = {
        a: MappingProxyType(dict(lengths))
        for a, lengths in nx.all_pairs_shortest_path_length(graph)
    }
    return Board(
        players=players,
        graph=nx.freeze(graph),
        districts=MappingProxyType(districts),
        port_ring=tuple(ring),
        central_park=park,
        path=path,
        title=str(data.get("title", "")),
        _distances=MappingProxyType(distances),
    )

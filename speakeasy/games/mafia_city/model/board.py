"""The seven-hex map as a networkx wheel graph (MC-MAP-1, MC-SETUP-4, reference section 16.4).

Map position 0 is the centre and 1-6 the ring in clockwise order; a layout is the location
number on each position.

>>> g = map_graph((5, 1, 2, 3, 4, 6, 7))
>>> sorted(g.neighbors(2)), g.number_of_edges()
([1, 3, 5], 12)
>>> sorted(g.neighbors(5))
[1, 2, 3, 4, 6, 7]
"""

from __future__ import annotations

import random
from functools import cache

import networkx as nx

__all__ = ["LOCATIONS", "adjacent", "map_graph", "random_layout"]

#: The location numbers (MC-COMP-1).
LOCATIONS = (1, 2, 3, 4, 5, 6, 7)


def random_layout(rng: random.Random) -> tuple[int, ...]:
    """A uniformly random layout: the location on positions 0 (centre) to 6 (MC-SETUP-4)."""
    order = list(LOCATIONS)
    rng.shuffle(order)
    return tuple(order)


@cache
def map_graph(layout: tuple[int, ...]) -> nx.Graph:
    """The map with locations as nodes; two are adjacent when their tiles share an edge
    (MC-MAP-1). Node attribute ``position`` is the map position."""
    wheel = nx.wheel_graph(7)
    graph: nx.Graph = nx.relabel_nodes(wheel, {p: layout[p] for p in range(7)})
    for position, location in enumerate(layout):
        graph.nodes[location]["position"] = position
    return graph


@cache
def adjacent(layout: tuple[int, ...], location: int) -> tuple[int, ...]:
    """The locations next to ``location`` (MC-HARBOUR-3), in number order."""
    return tuple(sorted(map_graph(layout).neighbors(location)))

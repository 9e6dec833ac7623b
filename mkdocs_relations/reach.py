"""Transitive reach for a panel: bounded by what the panel shows, not by what the graph holds.

The panel lists the pages a transitive type reaches beyond the page's direct edges, at most
``limit`` of them. Computing every reachable page and its chain for every page costs the
number of (page, reachable page) pairs, which on a deep graph is quadratic; this search stops
as soon as it has found one page more than it will show, and builds chains only for those it
shows. Its answers agree with :meth:`PathIndex.reach` on the pages they list: the same
breadth-first order (pages by id within a layer) and the same first-found chains.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass

from .paths import Direction, PathIndex, Reached, Step


@dataclass(frozen=True)
class BoundedReach:
    #: Pages two hops or more away, by distance then id, at most ``limit`` of them.
    found: list[Reached]
    #: True when more pages are reachable than ``found`` holds.
    truncated: bool


def transitive_types(index: PathIndex, transitive: set[str]) -> dict[int, str]:
    """Type numbers of ``index`` that are transitive, for :func:`bounded_reach`."""
    return {i: name for i, name in enumerate(index.types) if name in transitive}


def bounded_reach(
    index: PathIndex,
    source: str,
    relation: int,
    *,
    reverse: bool,
    max_hops: int,
    limit: int,
) -> BoundedReach:
    """Pages ``relation`` edges (type number in ``index``) reach from ``source`` in 2+ hops."""
    start = index.rank[source]
    wanted = 1 if reverse else 0
    parents: dict[int, tuple[int, int]] = {start: (-1, 0)}  # node -> (parent, hops)
    beyond: list[int] = []
    queue = deque([start])
    # Once more than ``limit`` pages are found, the search finishes the layer it is in and
    # stops: the pages listed are then the same as the full search's first ones, which sorts
    # each layer by id. Finishing a layer costs only the edges of pages already found.
    last_layer = max_hops
    while queue:
        node = queue.popleft()
        hops = parents[node][1]
        if hops >= last_layer:
            break
        for neighbour, direction, kind in index.adjacency[node]:
            if kind != relation or direction != wanted or neighbour in parents:
                continue
            parents[neighbour] = (node, hops + 1)
            if hops + 1 >= 2:
                beyond.append(neighbour)
                if len(beyond) > limit:
                    last_layer = hops + 1
            queue.append(neighbour)
    beyond.sort(key=lambda n: (parents[n][1], n))
    shown = beyond[:limit]
    return BoundedReach(_reached(index, parents, shown, relation, reverse), len(beyond) > limit)


def _reached(
    index: PathIndex,
    parents: dict[int, tuple[int, int]],
    nodes: list[int],
    relation: int,
    reverse: bool,
) -> list[Reached]:
    found = []
    name = index.types[relation]
    direction: Direction = "reverse" if reverse else "forward"
    for end in nodes:
        steps = []
        node = end
        while parents[node][0] >= 0:
            parent = parents[node][0]
            steps.append(Step(index.ids[parent], index.ids[node], name, direction))
            node = parent
        found.append(Reached(index.ids[end], parents[end][1], tuple(reversed(steps))))
    return found

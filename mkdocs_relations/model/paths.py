"""Bounded, deterministic graph search: shortest paths between pages and transitive reach.

The specification, shared with the browser's path finder (``assets/relations-paths.js``):

* Breadth-first search, at most ``max_hops`` edges. Every edge can be walked both ways unless
  ``directed`` is set, and then only in its declared direction. ``types`` limits the walk to
  those edge types. Edges from a page to itself are never walked.
* The answer is a shortest path; among several, the one whose sequence of page ids is
  smallest, comparing ids as Python compares strings. Between the same two pages, a step
  along the declared direction is preferred to one against it, then the smaller type name.
* A page to itself is a path of zero steps. No path within the bound is an answer (None).
* A step's direction (:mod:`direction`) is ``out`` when it walks the edge from the page
  that declares it, ``in`` when it walks it back.

All of that follows from one rule: pages get integer ranks in sorted id order, each page's
neighbour list is sorted by (neighbour rank, ``out`` before ``in``, type), and the search is
a plain FIFO breadth-first search that keeps the first parent it finds. Processing a layer
in rank order discovers the next layer in the order of its smallest paths, so first-found
parents are exactly the lexicographically smallest shortest paths.
"""

from __future__ import annotations

from array import array
from collections import deque
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any, overload

from .direction import IN, ORDER, OUT, Direction, number
from .graph import Graph

DEFAULT_MAX_HOPS = 4


@dataclass(frozen=True)
class Step:
    """One edge walked from ``source`` to ``target``; ``in`` means declared on ``target``."""

    source: str
    target: str
    type: str
    direction: Direction

    def as_json(self) -> dict[str, str]:
        return {
            "from": self.source,
            "to": self.target,
            "type": self.type,
            "direction": self.direction,
        }


@dataclass(frozen=True)
class Reached:
    page: str
    hops: int
    chain: tuple[Step, ...]


class PathIndex:
    """Adjacency lists over the resolved edges of a graph, in the order the specification needs."""

    def __init__(self, ids: Iterable[str], edges: Iterable[tuple[str, str, str]]) -> None:
        """``edges`` are (source id, target id, type); both ends must be in ``ids``."""
        self.ids: list[str] = sorted(set(ids))
        self.rank: dict[str, int] = {page: i for i, page in enumerate(self.ids)}
        raw = [
            (self.rank[source], self.rank[target], relation)
            for source, target, relation in edges
            if source != target
        ]
        self.types: list[str] = sorted({relation for _, _, relation in raw})
        type_rank = {name: i for i, name in enumerate(self.types)}
        # The edges as (source rank, target rank, type rank), three numbers in one array: the
        # pages' lists (:attr:`adjacency`) are made from them when a search first reads them;
        # a build's panels read only their transitive types' (:meth:`neighbours`), and a
        # tuple a step was a tenth of a 10,000-page build's memory (issue 45).
        self._edges: array[int] | None = array(
            "q", [n for s, t, relation in raw for n in (s, t, type_rank[relation])]
        )
        self._adjacency: Sequence[list[tuple[int, int, int]]] | None = None
        self._neighbours: dict[tuple[int, int], list[tuple[int, ...]]] = {}

    @property
    def adjacency(self) -> Sequence[list[tuple[int, int, int]]]:
        """Per page: (neighbour rank, direction rank, type rank), sorted; parallel edges of
        one type between two pages are one step."""
        if self._adjacency is None:
            assert self._edges is not None
            steps: list[set[tuple[int, int, int]]] = [set() for _ in self.ids]
            along, against = number(OUT), number(IN)
            ranks = list(self.rank.values())
            edges = iter(self._edges)
            for source, target, kind in zip(edges, edges, edges, strict=True):
                source, target = ranks[source], ranks[target]
                steps[source].add((target, along, kind))
                steps[target].add((source, against, kind))
            self._adjacency = [sorted(a) for a in steps]
        return self._adjacency

    def neighbours(self, relation: int, direction: Direction) -> list[tuple[int, ...]]:
        """Per page, the ranks one ``relation`` edge (type number) leads to, walked along it
        (``out``) or against it (``in``), in rank order; made once per type and direction.

        A search along one type reads only its own edges: a hub's thousand edges of another
        type, or the other way, would otherwise be read at every visit. Tuples of ints, most
        of them the one empty tuple: the garbage collector stops tracking them, where lists,
        a few thousand a type, stayed in every full collection of the rest of the build.
        """
        key = (relation, number(direction))
        found = self._neighbours.get(key)
        if found is None:
            wanted = key[1]
            if self._edges is None or self._adjacency is not None:
                found = [
                    tuple([n for n, way, kind in pairs if kind == relation and way == wanted])
                    for pairs in self.adjacency
                ]
            else:  # from the edges, no page's whole list made for it
                found = self._along(relation, wanted == number(OUT))
            self._neighbours[key] = found
        return found

    def _along(self, relation: int, forward: bool) -> list[tuple[int, ...]]:
        assert self._edges is not None
        picked: dict[int, list[int]] = {}
        edges = iter(self._edges)
        for source, target, kind in zip(edges, edges, edges, strict=True):
            if kind == relation:
                if forward:
                    picked.setdefault(source, []).append(target)
                else:
                    picked.setdefault(target, []).append(source)
        # The ranks' own numbers, not the array's copies of them.
        ranks = list(self.rank.values())
        found: list[tuple[int, ...]] = [()] * len(self.ids)
        for page, others in picked.items():
            found[page] = tuple([ranks[n] for n in sorted(set(others))])
        return found

    def __reduce__(self) -> tuple[Callable[..., PathIndex], tuple[Any, ...]]:
        """Pickled (the command line's cache) as the ids, the types and every page's list
        packed in one array: a million small tuples unpickle in a second at 100,000 pages,
        the array at once, and a search unpacks only the pages it visits."""
        offsets = array("q", [0])
        packed = array("q")
        for pairs in self.adjacency:
            for triple in pairs:
                packed.extend(triple)
            offsets.append(len(packed))
        return (_unpacked, (self.ids, self.types, offsets.tobytes(), packed.tobytes()))

    @classmethod
    def from_graph(cls, graph: Graph) -> PathIndex:
        return cls(
            graph.pages,
            ((e.source, e.target_id, e.type) for e in graph.walkable_edges() if e.target_id),
        )

    def _type_filter(self, types: Sequence[str] | None) -> set[int] | None:
        if not types:
            return None
        wanted = set(types)
        return {i for i, name in enumerate(self.types) if name in wanted}

    def _search(
        self,
        start: int,
        max_hops: int,
        allowed: set[int] | None,
        directions: tuple[int, ...],
        stop: int | None = None,
    ) -> dict[int, tuple[int, int, int, int]]:
        """BFS from ``start``; parent map node -> (parent, direction, type, hops)."""
        parents: dict[int, tuple[int, int, int, int]] = {start: (-1, 0, 0, 0)}
        queue = deque([start])
        while queue:
            node = queue.popleft()
            hops = parents[node][3]
            if hops >= max_hops:
                continue
            for neighbour, direction, relation in self.adjacency[node]:
                if neighbour in parents or direction not in directions:
                    continue
                if allowed is not None and relation not in allowed:
                    continue
                parents[neighbour] = (node, direction, relation, hops + 1)
                if neighbour == stop:
                    return parents
                queue.append(neighbour)
        return parents

    def _chain(self, parents: dict[int, tuple[int, int, int, int]], end: int) -> tuple[Step, ...]:
        steps = []
        node = end
        while True:
            parent, direction, relation, hops = parents[node]
            if hops == 0:
                break
            steps.append(
                Step(
                    self.ids[parent],
                    self.ids[node],
                    self.types[relation],
                    ORDER[direction],
                )
            )
            node = parent
        return tuple(reversed(steps))

    def shortest_path(
        self,
        source: str,
        target: str,
        *,
        max_hops: int = DEFAULT_MAX_HOPS,
        types: Sequence[str] | None = None,
        directed: bool = False,
    ) -> tuple[Step, ...] | None:
        """The path the specification picks, or None when none exists within ``max_hops``."""
        start, end = self.rank[source], self.rank[target]
        if start == end:
            return ()
        directions = (number(OUT),) if directed else (number(OUT), number(IN))
        parents = self._search(start, max_hops, self._type_filter(types), directions, stop=end)
        if end not in parents:
            return None
        return self._chain(parents, end)

    def reach(
        self,
        source: str,
        relation: str,
        *,
        direction: Direction = OUT,
        max_hops: int = DEFAULT_MAX_HOPS,
    ) -> list[Reached]:
        """Pages reachable through ``relation`` edges, along them (``out``) or against them."""
        start = self.rank[source]
        allowed = self._type_filter([relation])
        if not allowed:
            return []
        parents = self._search(start, max_hops, allowed, (number(direction),))
        found = [
            Reached(self.ids[node], info[3], self._chain(parents, node))
            for node, info in parents.items()
            if node != start
        ]
        found.sort(key=lambda r: (r.hops, self.rank[r.page]))
        return found


class _Packed(Sequence[list[tuple[int, int, int]]]):
    """A pickled index's lists: each page's unpacked from the array when first read."""

    def __init__(self, offsets: array[int], packed: array[int]) -> None:
        self._offsets = offsets
        self._packed = packed
        self._lists: list[list[tuple[int, int, int]] | None] = [None] * (len(offsets) - 1)

    def __len__(self) -> int:
        return len(self._lists)

    @overload
    def __getitem__(self, node: int) -> list[tuple[int, int, int]]: ...

    @overload
    def __getitem__(self, node: slice) -> list[list[tuple[int, int, int]]]: ...

    def __getitem__(
        self, node: int | slice
    ) -> list[tuple[int, int, int]] | list[list[tuple[int, int, int]]]:
        if isinstance(node, slice):
            return [self[i] for i in range(*node.indices(len(self)))]
        found = self._lists[node]
        if found is None:
            flat = self._packed[self._offsets[node] : self._offsets[node + 1]]
            found = self._lists[node] = list(zip(flat[0::3], flat[1::3], flat[2::3], strict=True))
        return found


def _unpacked(ids: list[str], types: list[str], offsets: bytes, packed: bytes) -> PathIndex:
    index = PathIndex.__new__(PathIndex)
    index.ids = ids
    index.rank = {page: i for i, page in enumerate(ids)}
    index.types = types
    index._edges = None
    index._adjacency = _Packed(array("q", offsets), array("q", packed))
    index._neighbours = {}
    return index

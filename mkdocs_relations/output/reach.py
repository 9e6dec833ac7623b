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
from collections.abc import Callable
from dataclasses import dataclass

from ..model.direction import IN, OUT, Direction, number
from ..model.graph import Edge, Graph
from ..model.natural import NaturalKeys
from ..model.paths import PathIndex, Reached, Step
from .labels import Labels
from .records import PageRef

#: A transitive list shows at most this many pages, and the search stops one layer later.
MAX_REACH_ENTRIES = 20


#: Stands for the chain while the "via" label is filled once (a private-use character).
_SLOT = "\ue000"


@dataclass(frozen=True)
class BoundedReach:
    #: Pages two hops or more away, by distance then id, at most ``limit`` of them.
    found: list[Reached]
    #: True when more pages are reachable than ``found`` holds.
    truncated: bool


@dataclass
class ReachEntry:
    title: str
    url: str
    hops: int
    #: "Payments → depends on → Ledger → depends on → Storage"
    chain: str
    #: The pages between this one and the current page, for "via Ledger".
    via: list[str]
    #: The same as shown: "via Ledger › Storage" (``labels.via``).
    via_text: str = ""
    page: str = ""


@dataclass
class ReachHop:
    hops: int
    label: str
    entries: list[ReachEntry]


@dataclass
class ReachList:
    type: str
    #: ``out``: along the type from this page; ``in``: against it (what reaches this page).
    direction: Direction
    label: str
    #: "3", or "20+" when the search stopped early.
    count: str
    hops: list[ReachHop]
    more: str | None = None

    @property
    def reverse(self) -> bool:
        """``direction == "in"``, for panel templates written against 0.1."""
        return self.direction == IN


class ReachBuilder:
    """The panel's transitive lists for the pages of one build."""

    def __init__(
        self,
        graph: Graph,
        index: PathIndex,
        labels: Labels,
        max_hops: int,
        rank: Callable[[str], int],
        natural: NaturalKeys | None = None,
    ) -> None:
        self.index = index
        self.natural = NaturalKeys() if natural is None else natural
        self.labels = labels
        self.max_hops = max_hops
        self.rank = rank
        self.transitive = {
            i: name
            for i, name in enumerate(index.types)
            if graph.vocabulary.get_or_unknown(name).transitive
        }
        self.type_number = {name: i for i, name in enumerate(index.types)}
        self._arrows: dict[tuple[str, Direction], str] = {}
        self._via_parts: list[str] | None = None

    def lists(
        self,
        page_id: str,
        outgoing: list[Edge],
        incoming: list[Edge],
        ref: Callable[[str], PageRef],
    ) -> list[ReachList]:
        # Only the types on this page's own edges can reach anything: one search per type
        # the page uses, however many transitive types the vocabulary declares.
        forward = {self.type_number.get(e.type) for e in outgoing if e.target_id}
        backward = {self.type_number.get(e.type) for e in incoming}
        # Outgoing lists before incoming ones of the same type, as the path indexes order them.
        searches: list[tuple[int, int, Direction, int]] = sorted(
            [
                (self.rank(self.transitive[n]), number(OUT), OUT, n)
                for n in forward
                if n in self.transitive
            ]
            + [
                (self.rank(self.transitive[n]), number(IN), IN, n)
                for n in backward
                if n in self.transitive
            ]
        )
        lists = []
        for _, _, direction, kind in searches:
            relation = self.transitive[kind]
            found = bounded_reach(
                self.index,
                page_id,
                kind,
                direction=direction,
                max_hops=self.max_hops,
                limit=MAX_REACH_ENTRIES,
            )
            if not found.found:
                continue
            if direction == IN and relation == "depends-on":
                label = self.labels["impact"]
            else:
                base = self.labels.heading(relation, direction)
                label = self.labels.fill("transitive", label=base)
            entries = []
            for reached in found.found:
                target = ref(reached.page)
                # Each page of the chain once: its title serves the "via" line and the chain.
                titles = [ref(step.target).title for step in reached.chain]
                via = titles[:-1]
                entries.append(
                    ReachEntry(
                        target.title,
                        target.url,
                        reached.hops,
                        self._chain_text(reached.chain, titles, ref),
                        via,
                        via_text=self._via(" › ".join(via)) if via else "",
                        page=reached.page,
                    )
                )
            # Sorted like the direct edges: by title in natural order, within each distance.
            natural = self.natural
            entries.sort(key=lambda e: (e.hops, natural[e.title], e.page))
            hops: dict[int, list[ReachEntry]] = {}
            for entry in entries:
                hops.setdefault(entry.hops, []).append(entry)
            count = str(len(entries)) + ("+" if found.truncated else "")
            more = self.labels.fill("more_reach", n=len(entries)) if found.truncated else None
            lists.append(
                ReachList(
                    relation,
                    direction,
                    label,
                    count,
                    [ReachHop(n, self.labels.hops(n), items) for n, items in hops.items()],
                    more,
                )
            )
        return lists

    def _chain_text(
        self, chain: tuple[Step, ...], titles: list[str], ref: Callable[[str], PageRef]
    ) -> str:
        """ "Payments → depends on → Ledger → depends on → Storage", in the type's labels;
        ``titles`` are the titles of the chain's steps' targets."""
        if not chain:
            return ""
        parts = [ref(chain[0].source).title]
        arrows = self._arrows
        for step, title in zip(chain, titles, strict=True):
            arrow = arrows.get((step.type, step.direction))
            if arrow is None:
                label = self.labels.type_label(step.type, step.direction)
                arrow = arrows[(step.type, step.direction)] = f"→ {label} →"
            parts += (arrow, title)
        return " ".join(parts)

    def _via(self, chain: str) -> str:
        """The "via" label filled: split once around its placeholder (a panel per page, up
        to 20 entries a list, each with its own chain)."""
        if self._via_parts is None:
            self._via_parts = self.labels.fill("via", chain=_SLOT).split(_SLOT)
        return chain.join(self._via_parts)


def bounded_reach(
    index: PathIndex,
    source: str,
    relation: int,
    *,
    direction: Direction,
    max_hops: int,
    limit: int,
) -> BoundedReach:
    """Pages ``relation`` edges (type number in ``index``) reach from ``source`` in 2+ hops,
    walked along them (``out``) or against them (``in``)."""
    start = index.rank[source]
    wanted = number(direction)
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
        for neighbour, way, kind in index.adjacency[node]:
            if kind != relation or way != wanted or neighbour in parents:
                continue
            parents[neighbour] = (node, hops + 1)
            if hops + 1 >= 2:
                beyond.append(neighbour)
                if len(beyond) > limit:
                    last_layer = hops + 1
            queue.append(neighbour)
    beyond.sort(key=lambda n: (parents[n][1], n))
    shown = beyond[:limit]
    return BoundedReach(_reached(index, parents, shown, relation, direction), len(beyond) > limit)


def _reached(
    index: PathIndex,
    parents: dict[int, tuple[int, int]],
    nodes: list[int],
    relation: int,
    direction: Direction,
) -> list[Reached]:
    found = []
    name = index.types[relation]
    for end in nodes:
        steps = []
        node = end
        while parents[node][0] >= 0:
            parent = parents[node][0]
            steps.append(Step(index.ids[parent], index.ids[node], name, direction))
            node = parent
        found.append(Reached(index.ids[end], parents[end][1], tuple(reversed(steps))))
    return found

"""Transitive reach for a panel: bounded by what the panel shows, not by what the graph holds.

The panel lists the pages a transitive type reaches beyond the page's direct edges, at most
``limit`` of them. Computing every reachable page and its chain for every page costs the
number of (page, reachable page) pairs, which on a deep graph is quadratic; this search reads
each page's edges of the one type only as far as the pages it will show (a hub's thousands
of neighbours are not all read to show 20), and builds chains only for those it shows, from
pieces made once per page of its tree. Its answers agree with :meth:`PathIndex.reach` on the
pages they list: the same breadth-first order (pages by id within a layer) and the same
first-found chains.

Long because the search and the lists' words are one reading of the panel's transitive
section: what the search finds is shaped for the entries, and only the entries use it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from ..model.direction import IN, ORDER, OUT, Direction, number
from ..model.graph import Edge, Graph
from ..model.natural import NaturalKeys
from ..model.paths import PathIndex
from .labels import Labels
from .records import PageRef

#: A transitive list shows at most this many pages, and the search stops one layer later.
MAX_REACH_ENTRIES = 20

#: A page of a search tree as the entries after it need it: its chain, the titles from the
#: first step to it, those joined, and the "via" line of a page one step further.
_Pieces = tuple[str, list[str], str, str]
_ALONG, _AGAINST = number(OUT), number(IN)


@dataclass(slots=True)
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


@dataclass(slots=True)
class ReachHop:
    hops: int
    label: str
    entries: list[ReachEntry]


@dataclass(slots=True)
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
        self.transitive = {
            i: name
            for i, name in enumerate(index.types)
            if graph.vocabulary.get_or_unknown(name).transitive
        }
        self.type_number = {name: i for i, name in enumerate(index.types)}
        # A transitive type's name -> (its rank among the lists, its number in the index),
        # with a direction between them: lists by rank, then outgoing first, then number.
        # (``rank`` is not kept: it is the panel builder's, which would then be let go, with
        # the path index, only by a full collection.)
        self._searched = {name: (rank(name), n) for n, name in self.transitive.items()}
        # Words that depend only on the type, the direction or a count: filled once a build.
        self._words: dict[tuple[str, Direction], tuple[str, str]] = {}
        self._hops: dict[int, str] = {}
        self._more: dict[int, str] = {}
        # The "via" label, filled for up to 20 entries a list on every page.
        self._via = labels.filler("via", "chain")

    def lists(
        self,
        page_id: str,
        outgoing: list[Edge],
        incoming: list[Edge],
        ref: Callable[[str], PageRef],
    ) -> list[ReachList]:
        # Only the types on this page's own edges can reach anything: one search per type
        # the page uses, however many transitive types the vocabulary declares. Outgoing
        # lists before incoming ones of the same type, as the path indexes order them.
        transitive = self._searched
        wanted = {
            (transitive[e.type][0], _ALONG, transitive[e.type][1])
            for e in outgoing
            if e.target_id and e.type in transitive
        }
        wanted.update(
            (transitive[e.type][0], _AGAINST, transitive[e.type][1])
            for e in incoming
            if e.type in transitive
        )
        searches = sorted(wanted)
        lists = []
        index = self.index
        start = index.rank[page_id]
        for _, way, kind in searches:
            relation = self.transitive[kind]
            direction = ORDER[way]
            found = reach_tree(
                index,
                page_id,
                kind,
                direction=direction,
                max_hops=self.max_hops,
                limit=MAX_REACH_ENTRIES,
            )
            if not found.shown:
                continue
            label, arrow = self._type_words(relation, direction)
            entries = self._entries(found, start, arrow, ref)
            # Sorted like the direct edges: by title in natural order, within each distance
            # (a page is listed once, so the entries themselves are never compared).
            entries.sort()
            hops: list[ReachHop] = []
            items: list[ReachEntry] = []
            for n, _, _, entry in entries:
                if not hops or hops[-1].hops != n:
                    items = []
                    hops.append(ReachHop(n, self._hop_words(n), items))
                items.append(entry)
            count = str(len(entries)) + ("+" if found.truncated else "")
            more = self._more_words(len(entries)) if found.truncated else None
            lists.append(ReachList(relation, direction, label, count, hops, more))
        return lists

    def _entries(
        self, found: ReachTree, start: int, arrow: str, ref: Callable[[str], PageRef]
    ) -> list[tuple[int, str, str, ReachEntry]]:
        """An entry per page shown, with what it sorts by (distance, title in natural order,
        page id). Chains are paths in the search's tree, so each page's pieces (its chain, the
        titles from the first step to it, the "via" line of the pages after it) are made once
        from its parent's and serve every entry that passes it."""
        ids = self.index.ids
        natural = self.natural
        parents = found.parents
        pieces: dict[int, _Pieces] = {start: (ref(ids[start]).title, [], "", "")}
        entries = []
        for node, hops in found.shown:
            parent = parents[node]
            piece = pieces.get(parent)
            if piece is None:
                piece = self._pieces(parent, pieces, parents, arrow, ref)
            page = ids[node]
            target = ref(page)
            title = target.title
            chain, before, _, via = piece
            entry = ReachEntry(
                title, target.url, hops, f"{chain} {arrow} {title}", list(before), via, page
            )
            entries.append((hops, natural[title], page, entry))
        return entries

    def _pieces(
        self,
        node: int,
        pieces: dict[int, _Pieces],
        parents: dict[int, int],
        arrow: str,
        ref: Callable[[str], PageRef],
    ) -> _Pieces:
        """A page's pieces, made with those of its ancestors that have none yet (at most
        ``max_hops`` of them)."""
        missing = []
        while node not in pieces:
            missing.append(node)
            node = parents[node]
        piece = pieces[node]
        for step in reversed(missing):
            title = ref(self.index.ids[step]).title
            chain, before, joined, _ = piece
            joined = f"{joined} › {title}" if before else title
            piece = pieces[step] = (
                f"{chain} {arrow} {title}",
                [*before, title],
                joined,
                self._via(joined),
            )
        return piece

    def _type_words(self, relation: str, direction: Direction) -> tuple[str, str]:
        """A list's heading, and the arrow between the pages of its chains."""
        key = (relation, direction)
        found = self._words.get(key)
        if found is None:
            if direction == IN and relation == "depends-on":
                label = self.labels["impact"]
            else:
                base = self.labels.heading(relation, direction)
                label = self.labels.fill("transitive", label=base)
            arrow = f"→ {self.labels.type_label(relation, direction)} →"
            found = self._words[key] = (label, arrow)
        return found

    def _hop_words(self, n: int) -> str:
        found = self._hops.get(n)
        if found is None:
            found = self._hops[n] = self.labels.hops(n)
        return found

    def _more_words(self, n: int) -> str:
        found = self._more.get(n)
        if found is None:
            found = self._more[n] = self.labels.fill("more_reach", n=n)
        return found


@dataclass(frozen=True)
class ReachTree:
    """What a bounded search found: the pages shown, and the search tree their chains follow."""

    #: The search tree: each page of a whole layer, and each page shown, -> the page it was
    #: first reached from (-1 for the start).
    parents: dict[int, int]
    #: The pages shown as (rank, hops): by distance, then rank.
    shown: list[tuple[int, int]]
    truncated: bool


def reach_tree(
    index: PathIndex,
    source: str,
    relation: int,
    *,
    direction: Direction,
    max_hops: int,
    limit: int,
) -> ReachTree:
    """The breadth-first search of :meth:`PathIndex.reach` along one type and direction,
    stopped once the pages two hops or more away that it shows are known.

    The panel shows pages by distance, then rank, at most ``limit`` of them. Layers are
    made whole (a page's parent is the first page of the layer before that reaches it) until
    the one that would pass the limit; of that layer only the ``room`` lowest ranks are
    shown, and each page of the layer before can add one of them only among its first
    ``room + 1`` new neighbours (its list is in rank order), so no list is read further.
    The work is the pages shown (and the direct ones) times ``limit``, however many pages
    the graph reaches.
    """
    neighbours = index.neighbours(relation, direction)
    start = index.rank[source]
    parents = {start: -1}
    shown: list[tuple[int, int]] = []
    layer = [start]
    hops = 0
    while layer and hops < max_hops:
        hops += 1
        if hops == 1:
            # Direct neighbours: never listed, but every one of them is a parent.
            found = dict.fromkeys(neighbours[start], start)
        else:
            found = {}
            room = limit - len(shown)
            wanted = room + 1
            for parent in layer:
                new = 0
                for node in neighbours[parent]:
                    if node in parents:
                        continue
                    if node not in found:
                        found[node] = parent
                    new += 1
                    if new == wanted:
                        break
            if len(found) > room:
                lowest = sorted(found)[:room]
                for node in lowest:
                    parents[node] = found[node]
                shown += [(node, hops) for node in lowest]
                return ReachTree(parents, shown, True)
            shown += [(node, hops) for node in sorted(found)]
        parents.update(found)
        # In the order a breadth-first search finds them: by parent, then rank.
        layer = list(found)
    return ReachTree(parents, shown, False)

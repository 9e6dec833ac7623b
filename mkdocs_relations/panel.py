"""What a page's relationships panel holds: grouped direct edges, transitive reach, the picture.

Plain data for the Jinja templates (and for theme overrides, through the page context);
nothing here knows about MkDocs or HTML. Labels come from :mod:`labels`, the picture's layout
from :mod:`picture`.
"""

from __future__ import annotations

import datetime
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from .graph import Edge, Graph
from .labels import Direction, Labels
from .paths import DEFAULT_MAX_HOPS, PathIndex, Step
from .picture import Picture, Wrapper, picture
from .reach import bounded_reach

PANELS = ("direct", "transitive", "picture")
PLACEMENTS = ("bottom", "top", "off")
#: Edge keys shown as an edge's note, first found wins (``note_keys`` overrides it).
DEFAULT_NOTE_KEYS = ("note", "description", "via")
#: A group longer than this shows its first GROUP_SHOWN entries; the rest fold away.
GROUP_FOLD = 10
GROUP_SHOWN = 8
#: A transitive list shows at most this many pages, and the search stops one page later.
MAX_REACH_ENTRIES = 20


@dataclass(frozen=True)
class PageRef:
    """A page as the reader sees it: its title and its URL relative to the current page."""

    title: str
    url: str


@dataclass
class Entry:
    """One neighbour under one heading; mirrored declarations of it are merged here."""

    title: str
    url: str | None
    #: The edge shown: the one declared on this page when both ends declare it.
    type: str
    direction: Direction
    note: str | None = None
    redlink: bool = False
    reason: str | None = None
    page: str | None = None
    #: Every (type, direction) declaring this relationship: two for a mirrored pair.
    pairs: list[tuple[str, Direction]] = field(default_factory=list)


@dataclass
class Group:
    label: str
    entries: list[Entry] = field(default_factory=list)
    #: Anchor of the group in the panel, for the picture's group nodes.
    anchor: str = ""

    @property
    def shown(self) -> list[Entry]:
        return self.entries[:GROUP_SHOWN] if len(self.entries) > GROUP_FOLD else self.entries

    @property
    def folded(self) -> list[Entry]:
        return self.entries[GROUP_SHOWN:] if len(self.entries) > GROUP_FOLD else []

    @property
    def parts(self) -> list[tuple[bool, list[Entry]]]:
        """(folded?, entries): what shows, then what folds away (if anything)."""
        if len(self.entries) > GROUP_FOLD:
            return [(False, self.entries[:GROUP_SHOWN]), (True, self.entries[GROUP_SHOWN:])]
        return [(False, self.entries)]


@dataclass
class ReachEntry:
    title: str
    url: str
    hops: int
    #: "Payments → depends on → Ledger → depends on → Storage"
    chain: str
    #: The pages between this one and the current page, for "via Ledger".
    via: list[str]
    page: str = ""


@dataclass
class ReachHop:
    hops: int
    label: str
    entries: list[ReachEntry]


@dataclass
class ReachList:
    type: str
    reverse: bool
    label: str
    #: "3", or "20+" when the search stopped early.
    count: str
    hops: list[ReachHop]
    more: str | None = None


@dataclass
class Panel:
    groups: list[Group]
    reach: list[ReachList]
    picture: Picture | None
    labels: dict[str, str]
    #: Titles and URLs from the page's part-of chain, root first (empty when it has none).
    breadcrumbs: list[PageRef] = field(default_factory=list)

    @property
    def count(self) -> int:
        return sum(len(group.entries) for group in self.groups)


class PanelBuilder:
    """Builds panels for the pages of one build. ``ref(page_id)`` gives title and URL."""

    def __init__(
        self,
        graph: Graph,
        index: PathIndex,
        *,
        labels: Labels,
        panels: Sequence[str] = PANELS,
        max_hops: int = DEFAULT_MAX_HOPS,
        picture_limit: int = 12,
        note_keys: Sequence[str] = DEFAULT_NOTE_KEYS,
    ) -> None:
        self.graph = graph
        self.index = index
        self.labels = labels
        self.panels = tuple(panels)
        self.max_hops = max_hops
        self.picture_limit = picture_limit
        self.note_keys = tuple(note_keys)
        self._order = {name: i for i, name in enumerate(graph.vocabulary)}
        self._transitive = {
            i: name
            for i, name in enumerate(index.types)
            if graph.vocabulary.get_or_unknown(name).transitive
        }
        self._type_number = {name: i for i, name in enumerate(index.types)}
        self._wrap = Wrapper()

    def label(self, relation: str, direction: Direction) -> str:
        """Heading for a type read from one side: "Depends on" / "Used by"."""
        return self.labels.heading(relation, direction)

    def build(self, page_id: str, ref: Callable[[str], PageRef]) -> Panel | None:
        page = self.graph.pages[page_id]
        outgoing = [e for e in page.edges if e.target_id != page_id]
        incoming = [e for e in self.graph.incoming.get(page_id, ()) if e.source != page_id]
        if not outgoing and not incoming:
            return None
        groups = self._groups(outgoing, incoming, ref)
        reach = self._reach(page_id, outgoing, incoming, ref) if "transitive" in self.panels else []
        _disambiguate(groups, reach)
        center = ref(page_id)
        pic = None
        if "picture" in self.panels:
            pic = picture(
                center.title,
                groups,
                self.labels,
                self.graph.vocabulary,
                self.picture_limit,
                link_groups="direct" in self.panels,
                wrapper=self._wrap,
            )
        shown = groups if "direct" in self.panels else []
        return Panel(shown, reach, pic, self.labels.text)

    def breadcrumbs(self, page_id: str, ref: Callable[[str], PageRef]) -> list[PageRef]:
        """The page's part-of chain, root first; the first part-of edge wins at each step."""
        chain: list[str] = []
        seen = {page_id}
        current = page_id
        while len(chain) < 12:
            parent = next(
                (
                    e.target_id
                    for e in self.graph.pages[current].edges
                    if e.type == "part-of" and e.target_id is not None
                ),
                None,
            )
            if parent is None or parent in seen:
                break
            seen.add(parent)
            chain.append(parent)
            current = parent
        return [ref(p) for p in reversed(chain)]

    def note(self, edge: Edge) -> str | None:
        """The first configured edge key that holds text (``via: card network``)."""
        for key in self.note_keys:
            text = _note_text(edge.extra.get(key))
            if text:
                return text
        return None

    def _entry(self, edge: Edge, direction: Direction, ref: Callable[[str], PageRef]) -> Entry:
        other = edge.target_id if direction == "out" else edge.source
        note = self.note(edge)
        if other is None:
            reason = edge.redlink_reason or (
                self.labels["redlink"] if edge.redlink else self.labels["missing"]
            )
            title = edge.alias or edge.target
            return Entry(title, None, edge.type, direction, note, True, reason)
        target = ref(other)
        return Entry(target.title, target.url, edge.type, direction, note, page=other)

    def _groups(
        self, outgoing: list[Edge], incoming: list[Edge], ref: Callable[[str], PageRef]
    ) -> list[Group]:
        keyed: list[tuple[tuple[int, int], Edge, Direction]] = [
            ((self._rank(e.type), 0), e, "out") for e in outgoing
        ]
        keyed += [((self._rank(e.type), 1), e, "in") for e in incoming]
        groups: dict[str, Group] = {}
        first: dict[str, tuple[int, int]] = {}
        # One map for the whole panel: a hub's group can hold thousands of entries. The key
        # is (heading, other end), not the edge: "A uses B" declared on A and "B used-by A"
        # declared on B are one relationship, shown once under "Uses".
        entries: dict[tuple[str, str], Entry] = {}
        for key, edge, direction in keyed:
            label = self.label(edge.type, direction)
            folded = label.casefold()
            other = edge.target_id if direction == "out" else edge.source
            identity = (folded, other if other is not None else "\x00" + edge.target)
            entry = entries.get(identity)
            if entry is None:
                entry = entries[identity] = self._entry(edge, direction, ref)
                group = groups.setdefault(folded, Group(label))
                first[folded] = min(first.get(folded, key), key)
                group.entries.append(entry)
            elif entry.note is None:
                entry.note = self.note(edge)
            if (edge.type, direction) not in entry.pairs:
                entry.pairs.append((edge.type, direction))
        ordered = [groups[k] for k in sorted(groups, key=lambda k: first[k])]
        for number, group in enumerate(ordered):
            group.anchor = f"relations-group-{number}"
            group.entries.sort(key=lambda e: (e.title.casefold(), e.page or "", e.direction))
        return ordered

    def _rank(self, relation: str) -> int:
        return self._order.get(relation, len(self._order))

    def _reach(
        self,
        page_id: str,
        outgoing: list[Edge],
        incoming: list[Edge],
        ref: Callable[[str], PageRef],
    ) -> list[ReachList]:
        # Only the types on this page's own edges can reach anything: one search per type
        # the page uses, however many transitive types the vocabulary declares.
        forward = {self._type_number.get(e.type) for e in outgoing if e.target_id}
        backward = {self._type_number.get(e.type) for e in incoming}
        searches = sorted(
            [(self._rank(self._transitive[n]), 0, n) for n in forward if n in self._transitive]
            + [(self._rank(self._transitive[n]), 1, n) for n in backward if n in self._transitive]
        )
        lists = []
        for _, reverse, number in searches:
            relation = self._transitive[number]
            found = bounded_reach(
                self.index,
                page_id,
                number,
                reverse=bool(reverse),
                max_hops=self.max_hops,
                limit=MAX_REACH_ENTRIES,
            )
            if not found.found:
                continue
            if reverse and relation == "depends-on":
                label = self.labels["impact"]
            else:
                base = self.label(relation, "in" if reverse else "out")
                label = self.labels.fill("transitive", label=base)
            entries = []
            for reached in found.found:
                target = ref(reached.page)
                via = [ref(step.target).title for step in reached.chain[:-1]]
                chain = self._chain_text(reached.chain, ref)
                entries.append(
                    ReachEntry(target.title, target.url, reached.hops, chain, via, reached.page)
                )
            # Sorted like the direct edges: by title, within each distance.
            entries.sort(key=lambda e: (e.hops, e.title.casefold(), e.page))
            hops: dict[int, list[ReachEntry]] = {}
            for entry in entries:
                hops.setdefault(entry.hops, []).append(entry)
            count = str(len(entries)) + ("+" if found.truncated else "")
            more = self.labels.fill("more_reach", n=len(entries)) if found.truncated else None
            lists.append(
                ReachList(
                    relation,
                    bool(reverse),
                    label,
                    count,
                    [ReachHop(n, self.labels.hops(n), items) for n, items in hops.items()],
                    more,
                )
            )
        return lists

    def _chain_text(self, chain: tuple[Step, ...], ref: Callable[[str], PageRef]) -> str:
        """ "Payments → depends on → Ledger → depends on → Storage", in the type's labels."""
        if not chain:
            return ""
        parts = [ref(chain[0].source).title]
        for step in chain:
            if step.direction == "forward":
                parts.append(f"→ {self.labels.type_label(step.type, 'out')} →")
            else:
                parts.append(f"→ {self.labels.type_label(step.type, 'in')} →")
            parts.append(ref(step.target).title)
        return " ".join(parts)


def _note_text(value: object) -> str | None:
    if isinstance(value, bool) or value is None:
        return None
    if isinstance(value, (str, int, float, datetime.date)):
        text = " ".join(str(value).split())
        return text or None
    return None


def _disambiguate(groups: list[Group], reach: list[ReachList]) -> None:
    """Where two pages in one panel share a title, add each one's folder to it."""
    entries: list[Entry | ReachEntry] = [e for g in groups for e in g.entries if e.page]
    entries += [e for r in reach for hop in r.hops for e in hop.entries]
    pages: dict[str, set[str]] = {}
    for entry in entries:
        page = entry.page or ""
        pages.setdefault(entry.title.casefold(), set()).add(page)
    clashes = {title: ids for title, ids in pages.items() if len(ids) > 1}
    if not clashes:
        return
    for entry in entries:
        ids = clashes.get(entry.title.casefold())
        if ids is None:
            continue
        page = entry.page or ""
        folders = {i.rpartition("/")[0] for i in ids}
        # The folder tells them apart unless two of them share one; then the whole id does.
        where = (page.rpartition("/")[0] or "/") if len(folders) == len(ids) else page
        entry.title = f"{entry.title} ({where})"

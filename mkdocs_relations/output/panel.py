"""What a page's relationships panel holds: grouped direct edges, transitive reach, the picture.

Plain data for the Jinja templates (and for theme overrides, through the page context);
nothing here knows about MkDocs or HTML. Labels come from :mod:`labels`; the picture is drawn
in the reader's browser from the panel's lists (``assets/relations-picture.js``, by the
layout of :mod:`picture`), so a panel holds only where it goes.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from operator import attrgetter

from ..model.direction import IN, OUT, Direction, number
from ..model.graph import Edge, Graph
from ..model.natural import NaturalKeys
from ..model.paths import DEFAULT_MAX_HOPS, PathIndex
from .labels import Labels, fill
from .notes import KEPT_NOTES, Note, has_links, note_html
from .reach import ReachBuilder, ReachEntry, ReachList
from .records import Entry, Group, PageRef, share_shown

#: How many neighbours the picture draws one by one before it draws groups instead.
DEFAULT_PICTURE_LIMIT = 12
PANELS = ("direct", "transitive", "picture")
#: A type read from one side, as a panel lists it: (its place among the groups, heading,
#: heading case-folded, (type, direction)).
_Heading = tuple[tuple[int, int], str, str, tuple[str, Direction]]
#: A target as written, and the id of the page declaring it, to (the page it reaches or
#: None, how many pages it matches).
Resolve = Callable[[str, str], tuple[str | None, int]]
PLACEMENTS = ("bottom", "top", "off")


@dataclass(slots=True)
class PictureSpot:
    """What the picture's script reads beside the panel's lists: the page's title, a box per
    group or not, and the groups where the panel lists none (the figure lists them then)."""

    title: str
    grouped: bool
    groups: list[Group] = field(default_factory=list)


@dataclass
class Panel:
    groups: list[Group]
    reach: list[ReachList]
    picture: PictureSpot | None
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
        picture_limit: int = DEFAULT_PICTURE_LIMIT,
        suspect: frozenset[tuple[str, int]] = frozenset(),
        resolve: Resolve | None = None,
    ) -> None:
        self.graph = graph
        #: A target as written on a page to (its page id, how many pages it matches): for the
        #: wikilinks in notes and for the ambiguous targets' words.
        self.resolve = resolve
        #: Notes whose HTML is the same on every page (no wikilink), each rendered once.
        self._notes: dict[str, Note] = {}
        #: Suspect edges as (source, line): their entries say so in words.
        self.suspect = suspect
        self.index = index
        self.labels = labels
        self.panels = tuple(panels)
        self.max_hops = max_hops
        self.picture_limit = picture_limit
        self._order = {name: i for i, name in enumerate(graph.vocabulary)}
        self._natural = NaturalKeys()
        self._headings: dict[tuple[str, Direction], _Heading] = {}
        self._reach = ReachBuilder(graph, index, labels, max_hops, self._rank, self._natural)

    def label(self, relation: str, direction: Direction) -> str:
        """Heading for a type read from one side: "Depends on" / "Used by"."""
        return self.labels.heading(relation, direction)

    def build(self, page_id: str, ref: Callable[[str], PageRef]) -> Panel | None:
        outgoing, incoming = self._sides(page_id)
        if not outgoing and not incoming:
            return None
        groups = self._groups(outgoing, incoming, ref)
        share_shown(groups)
        reach = []
        if "transitive" in self.panels:
            reach = self._reach.lists(page_id, outgoing, incoming, ref)
        _disambiguate(groups, reach)
        pic = None
        shown = groups if "direct" in self.panels else []
        if "picture" in self.panels:
            grouped = sum(len(group.entries) for group in groups) > self.picture_limit
            pic = PictureSpot(ref(page_id).title, grouped, [] if shown else groups)
        return Panel(shown, reach, pic, self.labels.text)

    def has_panel(self, page_id: str) -> bool:
        """Whether :meth:`build` makes a panel for the page."""
        outgoing, incoming = self._sides(page_id)
        return bool(outgoing or incoming)

    def _sides(self, page_id: str) -> tuple[list[Edge], list[Edge]]:
        """The page's edges to other pages, and other pages' edges to it: a panel shows
        these, and a page with neither has none."""
        page = self.graph.pages[page_id]
        outgoing = [e for e in page.edges if e.target_id != page_id]
        incoming = [e for e in self.graph.incoming.get(page_id, ()) if e.source != page_id]
        return outgoing, incoming

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

    def _entry(self, edge: Edge, direction: Direction, ref: Callable[[str], PageRef]) -> Entry:
        other = edge.target_id if direction == OUT else edge.source
        note = edge.note
        if other is None:
            reason = edge.redlink_reason or (
                self.labels["redlink"] if edge.redlink else self._missing(edge)
            )
            title = edge.alias or edge.target
            return Entry(title, None, edge.type, direction, note, True, reason)
        target = ref(other)
        return Entry(target.title, target.url, edge.type, direction, note, page=other)

    def _missing(self, edge: Edge) -> str:
        """Why a target that is no deliberate red link shows no page: it matches none, or
        several (the lint says which; the reader is told how many)."""
        if self.resolve is not None:
            matches = self.resolve(edge.target, edge.source)[1]
            if matches > 1:
                return fill(self.labels["ambiguous"], n=matches)
        return self.labels["missing"]

    def _note(self, text: str, source: str, ref: Callable[[str], PageRef]) -> Note:
        """A note's HTML; a wikilink in it is looked up from ``source``, the page declaring
        the edge, and linked from the panel's page."""
        if not has_links(text):
            found = self._notes.get(text)
            if found is None:
                found = note_html(text, _no_links)
                if len(self._notes) < KEPT_NOTES:
                    self._notes[text] = found
            return found
        resolve = self.resolve

        def link(target: str) -> tuple[str, str] | None:
            page = resolve(target, source)[0] if resolve is not None else None
            if page is None or page not in self.graph.pages:
                return None
            there = ref(page)
            return there.url, there.title

        return note_html(text, link)

    def _heading(self, relation: str, direction: Direction) -> _Heading:
        """Where an edge of this type, read from this side, is listed; once a build."""
        key = (relation, direction)
        found = self._headings.get(key)
        if found is None:
            # A type stated from the other end (B depended-on-by A) reads as the type it
            # mirrors (A depends-on B), so the pair is one entry under one heading.
            converse = self.graph.vocabulary.converse(relation)
            if converse is not None:
                label = self.label(converse, IN if direction == OUT else OUT)
            else:
                label = self.label(relation, direction)
            order = (self._rank(relation), number(direction))
            found = self._headings[key] = (order, label, label.casefold(), key)
        return found

    def _groups(
        self, outgoing: list[Edge], incoming: list[Edge], ref: Callable[[str], PageRef]
    ) -> list[Group]:
        groups: dict[str, Group] = {}
        first: dict[str, tuple[int, int]] = {}
        # One map for the whole panel: a hub's group can hold thousands of entries. The key
        # is (heading, other end), not the edge: "A uses B" declared on A and "B used-by A"
        # declared on B are one relationship, shown once under "Uses".
        entries: dict[tuple[str, str], Entry] = {}
        headings = self._headings
        suspect = self.suspect
        sides: tuple[tuple[list[Edge], Direction], ...] = ((outgoing, OUT), (incoming, IN))
        for edges, direction in sides:
            for edge in edges:
                heading = headings.get((edge.type, direction))
                if heading is None:
                    heading = self._heading(edge.type, direction)
                order, label, folded, pair = heading
                other = edge.target_id if direction == OUT else edge.source
                identity = (folded, other if other is not None else "\x00" + edge.target)
                entry = entries.get(identity)
                if entry is None:
                    if other is None:
                        entry = self._entry(edge, direction, ref)
                        entry.pairs.append(pair)
                    else:
                        target = ref(other)
                        entry = Entry(
                            target.title, target.url, edge.type, direction, edge.note,
                            False, None, other, [pair],
                        )  # fmt: skip
                    if edge.note is not None:
                        entry.shown_note = self._note(edge.note, edge.source, ref)
                    entries[identity] = entry
                    group = groups.get(folded)
                    if group is None:
                        group = groups[folded] = Group(label)
                        first[folded] = order
                    elif order < first[folded]:
                        first[folded] = order
                    group.entries.append(entry)
                else:
                    if entry.note is None and edge.note is not None:
                        entry.note = edge.note
                        entry.shown_note = self._note(edge.note, edge.source, ref)
                    if pair not in entry.pairs:
                        entry.pairs.append(pair)
                if suspect and (edge.source, edge.line) in suspect:
                    entry.suspect = True
        ordered = [groups[k] for k in sorted(groups, key=first.__getitem__)]
        natural = self._natural
        for position, group in enumerate(ordered):
            group.anchor = f"relations-group-{position}"
            # Titles as a person counts them ("Client 2" before "Client 10"); red links last,
            # where Group.parts folds them under one count.
            group.entries.sort(
                key=lambda e: (e.url is None, natural[e.title], e.page or "", e.direction)
            )
        return ordered

    def _rank(self, relation: str) -> int:
        return self._order.get(relation, len(self._order))


def _disambiguate(groups: list[Group], reach: list[ReachList]) -> None:
    """Where two pages in one panel share a title, add each one's folder to it."""
    entries: list[Entry | ReachEntry] = [e for g in groups for e in g.entries if e.page]
    entries += [e for r in reach for hop in r.hops for e in hop.entries]
    # Every entry of one page carries that page's title, so two pages share a title exactly
    # when there are fewer titles than pages: the usual answer without a loop in Python.
    pages = set(map(_page, entries))
    if len(set(map(str.casefold, map(_title, entries)))) == len(pages):
        return
    by_title: dict[str, set[str]] = {}
    for entry in entries:
        page = entry.page or ""
        by_title.setdefault(entry.title.casefold(), set()).add(page)
    clashes = {title: ids for title, ids in by_title.items() if len(ids) > 1}
    for entry in entries:
        ids = clashes.get(entry.title.casefold())
        if ids is None:
            continue
        page = entry.page or ""
        folders = {i.rpartition("/")[0] for i in ids}
        # The folder tells them apart unless two of them share one; then the whole id does.
        where = (page.rpartition("/")[0] or "/") if len(folders) == len(ids) else page
        entry.title = f"{entry.title} ({where})"


def _no_links(target: str) -> None:
    return None


_page = attrgetter("page")
_title = attrgetter("title")

"""The typed graph: pages, their declared edges, and the reverse edges computed from them."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from operator import attrgetter
from typing import Any

from .vocabulary import Vocabulary


@dataclass(frozen=True, slots=True)
class DeclaredEdge:
    """One edge as its source page writes it, before any other page is looked at."""

    source: str
    type: str
    #: The target without brackets, alias or heading: what resolution looks up first.
    target: str
    line: int
    type_line: int
    alias: str | None = None
    #: The target with its ``#`` part, tried when ``target`` matches nothing, for file names
    #: that contain ``#``; None when the target has no ``#``.
    whole: str | None = None
    note: str | None = None
    #: The edge says ``redlink:`` itself (with a reason when it gives one).
    redlink: bool = False
    redlink_reason: str | None = None
    extra: Mapping[str, Any] = field(default_factory=dict)
    #: Written as an entry of its own (``{type: t, target: x}``), where ``redlink:`` can go;
    #: False for a bare target under a key (``depends-on: "[[x]]"``), which has no place for it.
    entry: bool = True


@dataclass(frozen=True, slots=True)
class Edge:
    """One edge once every page is known: what it points at, or why it points at nothing.

    Made from a :class:`DeclaredEdge` by resolution (resolve_targets.py), never changed after.
    """

    source: str
    type: str
    #: The target as the user wrote it and as it was found (with its ``#`` part when only
    #: the whole text names a page).
    target: str
    #: The page the target resolved to; None for a redlink or a target that matches nothing.
    target_id: str | None
    line: int
    type_line: int
    alias: str | None = None
    note: str | None = None
    #: A deliberate redlink: the target matches no page and the edge or the wiki's redlink
    #: list says so.
    redlink: bool = False
    redlink_reason: str | None = None
    extra: Mapping[str, Any] = field(default_factory=dict)

    def __reduce__(self) -> tuple[Callable[..., Edge], tuple[Any, ...]]:
        # Pickled as its values (the command line's cache): a frozen dataclass's own state
        # functions list its fields on every record, three times slower at 450,000 edges.
        return (Edge, _edge_values(self))


_edge_values = attrgetter(*Edge.__slots__)


@dataclass(frozen=True, slots=True)
class Page:
    """A Markdown page that MkDocs builds, with what its frontmatter says about the graph.

    The reader fills the declared half (``declared``, ``superseded_by``); resolution makes a
    copy with the resolved half (``edges``, ``superseded_by_id``) in place of ``declared``: a
    graph holds each edge once (issue 45: two records an edge were a third of a 100,000-page
    wiki's objects, each visited by every full collection).
    """

    id: str
    #: Path relative to the docs folder, with its extension (``platform/checkout.md``).
    file: str
    title: str | None = None
    frontmatter_id: str | None = None
    aliases: tuple[str, ...] = ()
    declared: tuple[DeclaredEdge, ...] = ()
    #: ``superseded_by`` as written, with its line, for the supersession check.
    superseded_by: tuple[str, int] | None = None
    #: Frontmatter switch that hides the relationships panel on this page.
    hide_panel: bool = False
    #: Other top-level frontmatter values as text (lists of text), for query filters and
    #: columns; mappings and the relationship field are left out.
    meta: Mapping[str, str | list[str] | None] = field(default_factory=dict)
    #: The declared edges resolved, in declaration order.
    edges: tuple[Edge, ...] = ()
    #: The page ``superseded_by`` resolved to, in the same step as edge targets.
    superseded_by_id: str | None = None

    def resolved(self, edges: tuple[Edge, ...], superseded_by_id: str | None) -> Page:
        """This page with its resolved half instead of its declared edges (spelled out:
        ``dataclasses.replace`` inspects the fields on every call, a measurable share of
        resolution at 10,000 pages)."""
        return Page(
            self.id,
            self.file,
            self.title,
            self.frontmatter_id,
            self.aliases,
            (),
            self.superseded_by,
            self.hide_panel,
            self.meta,
            edges,
            superseded_by_id,
        )

    def __reduce__(self) -> tuple[Callable[..., Page], tuple[Any, ...]]:
        return (Page, _page_values(self))

    @property
    def display_title(self) -> str:
        return self.title or self.id.rpartition("/")[2] or self.id


_page_values = attrgetter(*Page.__slots__)


@dataclass(frozen=True)
class Graph:
    """Pages by id, in id order, with incoming edges indexed by target; build with
    :meth:`Graph.of`."""

    vocabulary: Vocabulary
    pages: Mapping[str, Page] = field(default_factory=dict)
    #: Edges by the page they point at, by source page id, then in declaration order.
    incoming: Mapping[str, tuple[Edge, ...]] = field(default_factory=dict)

    @classmethod
    def of(cls, vocabulary: Vocabulary, pages: Iterable[Page]) -> Graph:
        """The graph of resolved pages: in id order, with reverse edges indexed."""
        by_id = {page.id: page for page in sorted(pages, key=attrgetter("id"))}
        incoming: dict[str, list[Edge]] = defaultdict(list)
        for page in by_id.values():
            for edge in page.edges:
                if edge.target_id is not None:
                    incoming[edge.target_id].append(edge)
        return cls(vocabulary, by_id, {key: tuple(edges) for key, edges in incoming.items()})

    def title(self, page_id: str) -> str:
        """A page's title as the graph knows it (frontmatter title, else its file name); the
        site's and the command line's titles are passed where they are known."""
        return self.pages[page_id].display_title

    def edges(self) -> Iterator[Edge]:
        """Every declared edge, by source page id, then in declaration order."""
        for page in self.pages.values():
            yield from page.edges

    def resolved_edges(self) -> Iterator[Edge]:
        """Edges between two existing pages."""
        return (edge for edge in self.edges() if edge.target_id is not None)

    def walkable_edges(self) -> Iterator[Edge]:
        """The edges path queries walk, one rule for the site's graph file (the browser's
        finder) and the command line: between two existing pages, of a known type. An
        unknown-type edge is a lint error; with ``fail_on_error: false`` the site still builds,
        and both must then answer the same."""
        vocabulary = self.vocabulary
        return (e for e in self.resolved_edges() if e.type in vocabulary)

    @property
    def edge_count(self) -> int:
        return sum(len(page.edges) for page in self.pages.values())

"""The typed graph: pages, their declared edges, and the reverse edges computed from them."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from .vocabulary import Vocabulary


@dataclass
class Edge:
    """One declared edge, as its source page states it."""

    source: str
    type: str
    #: The target as written, without brackets, alias or heading (what resolution looked up).
    target: str
    #: The page the target resolved to; None for a redlink or a target that matches nothing.
    target_id: str | None
    line: int
    type_line: int
    alias: str | None = None
    #: The target with its ``#`` part, for file names that contain ``#``.
    whole: str | None = None
    note: str | None = None
    redlink: bool = False
    redlink_reason: str | None = None
    extra: dict[str, Any] = field(default_factory=dict)


@dataclass
class Page:
    """A Markdown page that MkDocs builds, with what its frontmatter says about the graph."""

    id: str
    #: Path relative to the docs folder, with its extension (``platform/checkout.md``).
    file: str
    title: str | None = None
    frontmatter_id: str | None = None
    aliases: tuple[str, ...] = ()
    edges: list[Edge] = field(default_factory=list)
    #: ``superseded_by`` as written, with its line, for the supersession check.
    superseded_by: tuple[str, int] | None = None
    #: The page ``superseded_by`` resolved to, in the same step as edge targets.
    superseded_by_id: str | None = None
    #: Frontmatter switch that hides the relationships panel on this page.
    hide_panel: bool = False
    #: Other top-level frontmatter values as text (lists of text), for query filters and
    #: columns; mappings and the relationship field are left out.
    meta: dict[str, str | list[str] | None] = field(default_factory=dict)

    @property
    def display_title(self) -> str:
        return self.title or self.id.rpartition("/")[2] or self.id


@dataclass
class Graph:
    """Pages by id, in id order, with incoming edges indexed by target."""

    vocabulary: Vocabulary
    pages: dict[str, Page] = field(default_factory=dict)
    incoming: dict[str, list[Edge]] = field(default_factory=lambda: defaultdict(list))

    def add(self, page: Page) -> None:
        self.pages[page.id] = page

    def finish(self) -> None:
        """Sort pages by id and index reverse edges; call once after every page is added."""
        self.pages = dict(sorted(self.pages.items()))
        incoming: dict[str, list[Edge]] = defaultdict(list)
        for edge in self.edges():
            if edge.target_id is not None:
                incoming[edge.target_id].append(edge)
        self.incoming = incoming

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

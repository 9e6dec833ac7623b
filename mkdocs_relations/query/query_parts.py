"""What a ``relations`` block asks, once read: the query's parts and the grammar's words.

The grammar is specified in :mod:`mkdocs_relations.query.engine`;
:mod:`mkdocs_relations.query.parser` reads a block into these records.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

KEYS = (
    "from",
    "list",
    "follow",
    "direction",
    "depth",
    "where",
    "show",
    "columns",
    "sort",
    "limit",
    "empty",
)
LISTS = ("pages", "types", "wanted")
DIRECTIONS = ("out", "in", "both")
SHOWS = ("list", "tree", "table", "graph", "mermaid")
#: Shows that draw the walk from its start page.
WALK_SHOWS = ("tree", "graph", "mermaid")
EDGE_CONDITIONS = ("in", "out", "edges")
WALK_COLUMNS = ("hops", "type", "via", "note")
TYPE_COLUMNS = ("type", "inverse", "description", "edges")
WANTED_COLUMNS = ("target", "edges", "from", "kind")
DEFAULT_COLUMNS = {
    None: ("title", "hops", "type", "via"),
    "pages": ("title",),
    "types": TYPE_COLUMNS,
    "wanted": ("target", "edges", "from"),
}


@dataclass(frozen=True)
class Follow:
    """One edge type to walk; ``reverse`` walks it against its declared direction."""

    type: str
    reverse: bool


@dataclass(frozen=True)
class Where:
    """Conditions on a page; all must hold. ``None`` in ``edges`` means any type."""

    folders: tuple[str, ...] = ()
    edges: tuple[tuple[str, frozenset[str] | None], ...] = ()
    meta: tuple[tuple[str, tuple[str | None, ...]], ...] = ()
    negated: tuple[Where, ...] = ()


@dataclass(frozen=True)
class Query:
    #: The page the walk starts at; None for a ``list`` query.
    start: str | None = None
    list: str | None = None
    #: None: every type, in ``direction``.
    follow: tuple[Follow, ...] | None = None
    direction: str = "out"
    depth: int = 1
    where: Where = field(default_factory=Where)
    show: str = "list"
    columns: tuple[str, ...] = DEFAULT_COLUMNS[None]
    sort: str | None = None
    descending: bool = False
    limit: int | None = None
    #: What the answer says when no row matches ("No orphans"); None: the ``query_empty`` label.
    empty: str | None = None


def build_query(values: dict[str, Any], page_id: str | None) -> Query:
    kind = values.get("list")
    sort = values.get("sort")
    return Query(
        start=None if kind else values.get("from", page_id),
        list=kind,
        follow=values.get("follow"),
        direction=values.get("direction", "out"),
        depth=values.get("depth", 1),
        where=values.get("where", Where()),
        show=values.get("show", "list"),
        columns=values.get("columns") or default_columns(kind, values.get("show", "list")),
        sort=sort.removeprefix("-") if sort else None,
        descending=bool(sort and sort.startswith("-")),
        limit=values.get("limit"),
        empty=values.get("empty"),
    )


def default_columns(kind: str | None, show: str) -> tuple[str, ...]:
    # A walk's list and tree name each page with its step; its table spells the step out.
    if kind is None and show != "table":
        return ("title",)
    return DEFAULT_COLUMNS[kind]


def columns_for(kind: str | None) -> tuple[str, ...] | None:
    """The closed set of columns of a form, or None where frontmatter keys are columns too."""
    if kind == "types":
        return TYPE_COLUMNS
    if kind == "wanted":
        return WANTED_COLUMNS
    return None

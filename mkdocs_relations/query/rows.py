"""The rows a query answers, as plain records, and the two lists that are not pages."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable
from dataclasses import dataclass

from ..model.graph import Edge, Graph
from ..model.natural import natural_key
from ..model.targets import loose
from .query_parts import Query


@dataclass(frozen=True)
class Item:
    """One value in a cell: text, or a page (``text`` is then its title in the graph)."""

    text: str
    page: str | None = None
    #: A target no page answers (a redlink or a missing page).
    missing: bool = False


Cell = tuple[Item, ...]


@dataclass(frozen=True)
class Row:
    #: The page id, type name or wanted target the row stands for.
    key: str
    cells: tuple[Cell, ...]
    page: str | None = None
    hops: int = 0
    via: str | None = None
    #: The last step of a walk: type and whether it went against the declared direction.
    step: tuple[str, bool] | None = None


@dataclass(frozen=True)
class Result:
    query: Query
    columns: tuple[str, ...]
    rows: tuple[Row, ...]
    #: (page, via) for every page the walk reached, shown or not: the tree and the
    #: picture hang a row under its nearest shown ancestor.
    walk: tuple[tuple[str, str], ...] = ()


def text_cell(value: object) -> Cell:
    """A frontmatter or edge value as a cell: nothing, one text, or one per list item."""
    if value is None or value == "":
        return ()
    if isinstance(value, list):
        return tuple(Item(str(v)) for v in value if v is not None)
    if isinstance(value, bool):
        return (Item("true" if value else "false"),)
    return (Item(str(value)),)


def type_rows(
    graph: Graph, inverse: Callable[[str], str] | None = None
) -> list[tuple[str, dict[str, Cell]]]:
    """``list: types``: each type of the vocabulary, in its order, by column; ``inverse``
    reads a type from its target as the panel does (an unnamed inverse in plain words)."""
    counts: dict[str, int] = defaultdict(int)
    for edge in graph.edges():
        counts[edge.type] += 1
    return [
        (
            kind.name,
            {
                "type": (Item(kind.name),),
                "inverse": (Item(inverse(kind.name) if inverse else kind.inverse),),
                "description": text_cell(kind.description),
                "edges": (Item(str(counts[kind.name])),),
            },
        )
        for kind in graph.vocabulary.values()
    ]


def wanted_rows(
    graph: Graph,
    page: Callable[[str], Item],
    matches: Callable[[str, str], int] | None = None,
) -> list[tuple[str, dict[str, Cell]]]:
    """``list: wanted``: targets no page answers, grouped loosely, the most linked first.

    ``matches(target, source)`` counts the pages a target names: a target that names two is
    not missing, and a reader who is told so looks for a page that is there."""
    groups: dict[str, list[Edge]] = defaultdict(list)
    for edge in graph.edges():
        if edge.target_id is None:
            groups[loose(edge.target)].append(edge)
    rows = []
    for key, edges in groups.items():
        written = min(e.target for e in edges)
        values = {
            "target": (Item(written, missing=True),),
            "edges": (Item(str(len(edges))),),
            "from": tuple(
                sorted(
                    (page(p) for p in {e.source for e in edges}),
                    key=lambda item: (natural_key(item.text), item.page or ""),
                )
            ),
            "kind": (Item(_kind(edges, matches)),),
        }
        rows.append((-len(edges), written.casefold(), key, values))
    rows.sort(key=lambda r: (r[0], r[1], r[2]))
    return [(key, values) for _, _, key, values in rows]


def _kind(edges: list[Edge], matches: Callable[[str, str], int] | None) -> str:
    if any(e.redlink for e in edges):
        return "redlink"
    found = max((matches(e.target, e.source) for e in edges), default=0) if matches else 0
    return f"matches {found} pages" if found > 1 else "missing"

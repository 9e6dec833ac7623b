"""Relationship queries: the rows a ``relations`` block and ``mkdocs-relations query`` show.

The specification, answered here for the plugin and the command line alike (the tests hold
it to a brute-force oracle):

A query is YAML; every key is optional. It is either a **walk** from one page or a **list**.

* ``from``: the page a walk starts at, in any target form; default: the page holding the
  block. ``list``: ``pages`` (every page but the engine's ``unlisted`` ones, wiki-config.md
  and overview pages), ``types`` (the vocabulary) or ``wanted`` (targets with no page,
  deliberate redlinks included); a list takes no ``from``, ``follow``, ``direction`` or
  ``depth``.
* ``follow``: the types to walk, by name (walked along the declared direction) or by inverse
  label (``used by``: ``depends-on`` walked against it); default every type. ``direction``:
  ``out`` (default), ``in`` (every followed type walked the other way) or ``both``. Symmetric
  types are walked both ways whatever the direction. ``depth``: 1 (default) to ``max_hops``.
* The walk is the path specification's breadth-first search (:mod:`mkdocs_relations.model.paths`):
  pages ranked in id order, each page's steps ordered by (neighbour, forward before reverse,
  type), the first step to reach a page wins. Each page reached within ``depth`` is a row
  carrying its hops, its last step's type and direction, and ``via``, the page that step
  came from; so each row's chain is the smallest shortest one. The start page is never a
  row; edges from a page to itself and edges whose target is not a page are never walked.
* ``where`` keeps the rows whose page meets every condition (it filters rows; it does not
  stop the walk): ``folder`` (the page id lies under one of the folders); ``in``, ``out``,
  ``edges`` (the page has an incoming, outgoing, or either, edge of one of the types, or of
  ``any``; an outgoing edge counts whether or not its target exists; a symmetric type counts
  either way; self-references never count); ``not`` (a mapping of conditions that must not
  all hold); any other key is a frontmatter key: the page's value, as text (``true`` and
  ``false`` for booleans, ISO dates), equals one of the given values, or for a list, one of
  its items does; ``null`` matches a page without the key.
* Columns (``columns``): ``title``, ``id``, ``folder``; ``in``, ``out``, ``edges`` (counts,
  as ``where`` counts them); ``relationships`` (how many the page's panel lists: one per
  heading and page at the other end); a type name (the pages this page points at by that type, then
  targets with no page) or an inverse label (the pages pointing at it by that type); in a
  walk also ``hops``, ``type`` (the last step's label as read along the walk), ``via``,
  ``note`` and ``edge.KEY`` (attributes of the last step's edge as declared); any other
  name is a frontmatter key. ``list: types`` has ``type``, ``inverse``, ``description``,
  ``edges`` (declared edges of the type; ``where: {edges: any}``, the one condition a
  types list takes, keeps the types some edge uses); ``list: wanted`` has ``target``, ``edges`` (how
  many point at it), ``from`` (the pages that do) and ``kind`` (``redlink``, ``missing``, or
  ``matches N pages`` for a target that names several pages at once).
  Wanted targets are grouped ignoring case, spaces, hyphens and underscores.
* Order: a walk by (hops, title, page id); pages by (title, page id); types in vocabulary
  order; wanted by edges (most first), then target. Titles, and pages listed in a cell, are
  in natural order (:mod:`mkdocs_relations.model.natural`: numbers as numbers, then case-folded
  text) as the site shows them. ``sort: COLUMN`` (``-COLUMN`` descending) sorts stably on
  that column first (counts and hops as numbers, the rest as text in natural order).
  ``limit`` keeps the first rows.

Long because the specification and the engine that answers it are kept together so they are
read together, as paths.py keeps the path specification with its search.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping
from functools import partial
from typing import Any

from ..model.direction import IN, OUT
from ..model.graph import Edge, Graph, Page
from ..model.natural import NaturalKey, NaturalKeys, natural_key
from ..model.paths import PathIndex
from ..model.targets import loose
from ..output.labels import Labels
from .query_parts import Query, Where
from .rows import Cell, Item, Result, Row, text_cell, type_rows, wanted_rows

NUMERIC = ("hops", "in", "out", "edges", "relationships")


class QueryEngine:
    """Answers queries over one graph; build it once per build (it indexes the edges)."""

    def __init__(
        self,
        graph: Graph,
        index: PathIndex | None = None,
        labels: Mapping[str, str] | None = None,
        title: Callable[[str], str] | None = None,
        unlisted: Collection[str] = (),
        matches: Callable[[str, str], int] | None = None,
    ) -> None:
        """``labels`` overrides how a step reads, as the panel's ``labels`` option does
        (``depends-on``, ``depends-on.inverse``); ``title`` gives a page's title as the site
        shows it (the build's titles, or ``titles.Titles`` on the command line); ``unlisted``
        pages (wiki-config.md, overview pages) are left out of ``list: pages``; the
        collection is read when a query is answered, not copied; ``matches(target, source)``
        counts the pages a wanted target matches, so an ambiguous one is told apart."""
        self.unlisted = unlisted
        self._target_matches = matches
        self.graph = graph
        self.title = title or graph.title
        self.labels = labels or {}
        self._words = Labels(graph.vocabulary, self.labels)
        self.index = index or PathIndex.from_graph(graph)
        self._type_rank = {name: i for i, name in enumerate(self.index.types)}
        self._natural = NaturalKeys()
        # A wiki with a block on every page names the same pages and steps over and over.
        self._page_cells: dict[str, Cell] = {}
        self._text_cells: dict[str, Cell] = {}

    def answer(self, query: Query) -> Result:
        entries: list[tuple[str, Callable[[str], Cell], str | None, int, str | None, Any]]
        walk: tuple[tuple[str, str], ...] = ()
        if query.list in ("types", "wanted"):
            found = (
                type_rows(self.graph, lambda name: self._words.type_label(name, IN))
                if query.list == "types"
                else wanted_rows(self.graph, self._item, self._target_matches)
            )
            if query.list == "types" and query.where.edges:
                found = [(key, values) for key, values in found if values["edges"][0].text != "0"]
            entries = [(key, values.__getitem__, None, 0, None, None) for key, values in found]
        else:
            unlisted = self.unlisted
            reached = (
                self.walk(query)
                if query.list is None
                else [(page, 0, None, None) for page in self.graph.pages if page not in unlisted]
            )
            # Rows read as a person counts: by hops, then titles in natural order, then id.
            natural, title = self._natural, self.title
            reached.sort(key=lambda entry: (entry[1], natural[title(entry[0])], entry[0]))
            walk = tuple((page, via) for page, _, via, _ in reached if via is not None)
            where = query.where
            everything = not (where.folders or where.edges or where.meta or where.negated)
            entries = [
                (page, partial(self._cell, page, hops, via, step), page, hops, via, step)
                for page, hops, via, step in reached
                if everything or self.matches(page, where)
            ]
        if query.sort is not None:
            # Python's sort is stable, with reverse too: ties keep the default order.
            name = query.sort
            entries.sort(
                key=lambda entry: _sort_key(name, entry[1](name)), reverse=query.descending
            )
        if query.limit is not None:
            entries = entries[: query.limit]
        if query.list in ("types", "wanted"):
            rows = [
                Row(key, tuple(cell(name) for name in query.columns))
                for key, cell, _, _, _, _ in entries
            ]
        else:
            # One getter per column, chosen once: the same few columns fill every row.
            getters = [self._getter(name) for name in query.columns]
            rows = [
                Row(
                    key, tuple([get(key, hops, via, step) for get in getters]), key, hops, via, step
                )
                for key, _, _, hops, via, step in entries
            ]
        return Result(query, query.columns, tuple(rows), walk)

    def _getter(self, name: str) -> Callable[[str, int, str | None, Any], Cell]:
        if name == "title":
            return lambda page, hops, via, step: self._page_cell(page)
        if name == "hops":
            return lambda page, hops, via, step: (
                self._text_cell(str(hops)) if via is not None else ()
            )
        if name == "type":
            return lambda page, hops, via, step: (
                self._text_cell(self.step_label(*step)) if step is not None else ()
            )
        if name == "via":
            return lambda page, hops, via, step: self._page_cell(via) if via is not None else ()
        return lambda page, hops, via, step: self._cell(page, hops, via, step, name)

    # --- the walk ---------------------------------------------------------------------

    def allowed_steps(self, query: Query) -> set[tuple[int, int]]:
        """(type rank, 0 forward / 1 reverse) pairs the walk may take."""
        vocabulary = self.graph.vocabulary
        wanted: list[tuple[str, bool]] = (
            [(f.type, f.reverse) for f in query.follow]
            if query.follow is not None
            else [(name, False) for name in self.index.types]
        )
        allowed: set[tuple[int, int]] = set()
        for name, by_label in wanted:
            rank = self._type_rank.get(name)
            if rank is None:
                continue  # no edge of this type
            symmetric = name in vocabulary and vocabulary[name].symmetric
            if query.direction == "both" or symmetric:
                allowed |= {(rank, 0), (rank, 1)}
            else:
                reverse = (query.direction == "in") != by_label
                allowed.add((rank, 1 if reverse else 0))
        return allowed

    def walk(self, query: Query) -> list[tuple[str, int, str | None, tuple[str, bool] | None]]:
        """(page, hops, via, (type, reverse)) for each page reached, in (hops, id) order."""
        assert query.start is not None
        index = self.index
        allowed = self.allowed_steps(query)
        start = index.rank.get(query.start)
        if start is None:
            # A page outside the graph: a draft that `mkdocs serve` renders and the graph
            # leaves out, as the build does. It has no edges, so nothing is reached.
            return []
        parents: dict[int, tuple[int, int, int, int]] = {start: (-1, 0, 0, 0)}
        frontier = [start]
        for hops in range(1, query.depth + 1):
            if not frontier:
                break  # depth may be a billion; the walk ends where the pages do
            following = []
            for node in frontier:
                for neighbour, direction, relation in index.adjacency[node]:
                    if neighbour in parents or (relation, direction) not in allowed:
                        continue
                    parents[neighbour] = (node, direction, relation, hops)
                    following.append(neighbour)
            frontier = following
        found: list[tuple[str, int, str | None, tuple[str, bool] | None]] = [
            (
                index.ids[node],
                hops,
                index.ids[parent],
                (index.types[relation], direction == 1),
            )
            for node, (parent, direction, relation, hops) in parents.items()
            if node != start
        ]
        found.sort(key=lambda entry: (entry[1], index.rank[entry[0]]))
        return found

    # --- conditions ----------------------------------------------------------------------

    def matches(self, page_id: str, where: Where) -> bool:
        page = self.graph.pages[page_id]
        if where.folders and not any(
            page_id.startswith(folder + "/") or not folder for folder in where.folders
        ):
            return False
        for side, types in where.edges:
            if not any(types is None or t in types for t in self.edge_types(page, side)):
                return False
        for key, values in where.meta:
            value = page.meta.get(key)
            if isinstance(value, list):
                if not any(v in values for v in value) and not (not value and None in values):
                    return False
            elif value not in values:
                return False
        return not any(self.matches(page_id, sub) for sub in where.negated)

    def edge_types(self, page: Page, side: str) -> list[str]:
        """Types of the page's edges on one side (``in``, ``out`` or ``edges``)."""
        out = [e.type for e in page.edges if e.target_id != page.id]
        incoming = [e.type for e in self.graph.incoming.get(page.id, ()) if e.source != page.id]
        vocabulary = self.graph.vocabulary
        if side == "edges":
            return out + incoming
        mine, theirs = (out, incoming) if side == "out" else (incoming, out)
        return mine + [t for t in theirs if t in vocabulary and vocabulary[t].symmetric]

    def relationships(self, page: Page) -> int:
        """How many relationships the page's panel lists: one per heading and page at the
        other end, so a relationship declared from both ends counts once (panel._groups)."""
        words = self._words
        seen = set()
        for edge in page.edges:
            if edge.target_id != page.id:
                other = edge.target_id if edge.target_id is not None else "\x00" + edge.target
                seen.add((words.type_label(edge.type, OUT).casefold(), other))
        for edge in self.graph.incoming.get(page.id, ()):
            if edge.source != page.id:
                seen.add((words.type_label(edge.type, IN).casefold(), edge.source))
        return len(seen)

    # --- rows ------------------------------------------------------------------------------

    def _item(self, page_id: str) -> Item:
        return self._page_cell(page_id)[0]

    def _page_cell(self, page_id: str) -> Cell:
        cell = self._page_cells.get(page_id)
        if cell is None:
            item = Item(self.title(page_id), page_id)
            cell = self._page_cells[page_id] = (item,)
        return cell

    def _text_cell(self, text: str) -> Cell:
        cell = self._text_cells.get(text)
        if cell is None:
            cell = self._text_cells[text] = (Item(text),)
        return cell

    def _cell(
        self, page_id: str, hops: int, via: str | None, step: tuple[str, bool] | None, name: str
    ) -> Cell:
        if name == "title":
            return self._page_cell(page_id)
        page = self.graph.pages[page_id]
        if name == "id":
            return (Item(page_id),)
        if name == "folder":
            return (Item(page_id.rpartition("/")[0]),)
        if name in ("in", "out", "edges"):
            return (Item(str(len(self.edge_types(page, name)))),)
        if name == "relationships":
            return (Item(str(self.relationships(page))),)
        if step is not None and via is not None:
            if name == "hops":
                return self._text_cell(str(hops))
            if name == "type":
                return self._text_cell(self.step_label(*step))
            if name == "via":
                return self._page_cell(via)
            if name == "note" or name.startswith("edge."):
                edge = self.step_edge(via, page_id, *step)
                value = edge.note if name == "note" else edge.extra.get(name[5:])
                return text_cell(value)
        word = self.graph.vocabulary.word(name)
        if word is not None:
            return self._related(page, word.name, reverse=word.reverse)
        return text_cell(page.meta.get(name))

    def step_label(self, relation: str, reverse: bool) -> str:
        """The step's words as the panel reads them (``labels:`` applied; a symmetric type
        the same from both ends)."""
        return self._words.type_label(relation, IN if reverse else OUT)

    def step_edge(self, via: str, page_id: str, relation: str, reverse: bool) -> Edge:
        """The declared edge a walk's step went along (the first, when several)."""
        source, target = (page_id, via) if reverse else (via, page_id)
        for edge in self.graph.pages[source].edges:
            if edge.target_id == target and edge.type == relation:
                return edge
        raise LookupError((via, page_id, relation, reverse))  # pragma: no cover - index agrees

    def _related(self, page: Page, relation: str, *, reverse: bool) -> Cell:
        symmetric = self.graph.vocabulary[relation].symmetric
        pages: set[str] = set()
        missing: dict[str, str] = {}
        if not reverse or symmetric:
            for edge in page.edges:
                if edge.type != relation or edge.target_id == page.id:
                    continue
                if edge.target_id is None:
                    missing.setdefault(loose(edge.target), edge.target)
                else:
                    pages.add(edge.target_id)
        if reverse or symmetric:
            for edge in self.graph.incoming.get(page.id, ()):
                if edge.type == relation and edge.source != page.id:
                    pages.add(edge.source)
        natural = self._natural
        items = sorted(
            (self._item(p) for p in pages), key=lambda i: (natural[i.text], i.page or "")
        )
        return tuple(items) + tuple(Item(missing[k], missing=True) for k in sorted(missing))


_NUMBER: NaturalKey = ""


def _sort_key(column: str, cell: Cell) -> tuple[int, float, NaturalKey]:
    text = " ".join(item.text for item in cell)
    if column in NUMERIC and text.isascii() and text.isdigit():
        return (0, float(text), _NUMBER)
    return (1, 0.0, natural_key(text))

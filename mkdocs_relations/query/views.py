"""A query's rows as the reader sees them: list, table, tree, the build-time SVG, or Mermaid.

Plain data for the ``relations/query.html`` template, which decides the markup; the picture
is laid out here in layers by hops, the start page on the left.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field

from ..model.vocabulary import TypeWord
from ..output.export import mermaid_text
from ..output.labels import DEFAULT_LABELS as PANEL_LABELS
from ..output.labels import QUERY_LABELS
from ..output.records import PageRef
from ..output.render import Renderer, ascii_html
from .graph_view import GraphPicture, graph_picture
from .query_parts import WALK_COLUMNS
from .rows import Result, Row

#: Columns the engine reads before any type of that name (query.QueryEngine._cell).
RESERVED_COLUMNS = frozenset(("title", "id", "folder", "in", "out", "edges", *WALK_COLUMNS))

#: Rows a list or table shows before "and N more" folds the rest: a section of a thousand
#: rows is then one screen until a reader asks for all of it.
ROWS_FIRST = 25
#: Items a cell shows, one a line, before its own fold (a wanted page linked from 200 pages).
CELL_FIRST = 3


@dataclass
class QueryView:
    """What the template needs. Cells hold the engine's items as they are; ``refs`` gives
    each page named in them its title and relative URL, so nothing is copied per cell."""

    show: str
    columns: list[str]
    headings: list[str]
    rows: Sequence[Row]
    labels: Mapping[str, str]
    refs: dict[str, PageRef]
    #: Row key -> the label of the step that reached it ("depends on"), for lists and trees.
    steps: dict[str, str] = field(default_factory=dict)
    #: Tree: row key -> the rows hanging from it.
    children: dict[str, list[Row]] = field(default_factory=dict)
    root: str | None = None
    picture: GraphPicture | None = None
    mermaid: str = ""
    #: What the answer says when no row matches: the query's ``empty:``, else the label.
    empty: str = ""
    #: Pages whose title another page in the answer shares: their ids are shown beside them.
    twins: frozenset[str] = frozenset()
    first: int = ROWS_FIRST
    cell_first: int = CELL_FIRST


def build_view(
    result: Result,
    ref: Callable[[str], PageRef],
    step_label: Callable[[str, bool], str],
    labels: Mapping[str, str],
    symmetric: Callable[[str], bool] = lambda relation: False,
    type_word: Callable[[str], TypeWord | None] = lambda name: None,
) -> QueryView:
    """``ref(page_id)`` gives the title and the URL relative to the page showing the view;
    ``step_label`` reads a step as the panel does, ``symmetric`` says which types have no
    direction (their lines carry no arrow), ``type_word`` reads a column that names a type
    (its heading is then the panel's label)."""
    labels = {"more": PANEL_LABELS["more"], **QUERY_LABELS, **labels}
    query = result.query
    named = {i.page for row in result.rows for cell in row.cells for i in cell if i.page}
    refs = {page: ref(page) for page in sorted(named)}
    headings = [_heading(name, query.list, step_label, type_word) for name in result.columns]
    view = QueryView(query.show, list(result.columns), headings, result.rows, labels, refs)
    view.empty = query.empty or labels["query_empty"]
    view.twins = _twins(refs)
    if query.show in ("list", "tree", "graph"):
        view.steps = {row.key: step_label(*row.step) for row in result.rows if row.step}
    if query.start is not None and query.show in ("tree", "graph", "mermaid"):
        view.root = query.start
        refs.setdefault(query.start, ref(query.start))
        parents = _parents(result)
        if query.show == "tree":
            shown = {row.key for row in result.rows}
            top: list[Row] = []
            for row in result.rows:
                parent = parents.get(row.key, "")
                if parent in shown:
                    view.children.setdefault(parent, []).append(row)
                else:
                    top.append(row)
            view.rows = top
        elif query.show == "graph":
            root = refs[query.start]

            def title_url(page: str) -> tuple[str, str | None]:
                found = refs[page] if page in refs else ref(page)
                return found.title, found.url

            view.picture = graph_picture(
                result.rows,
                parents,
                (query.start, root.title, None),
                title_url,
                step_label,
                symmetric,
                labels,
            )
            if view.picture.hidden:
                # Past what the picture shows, every row is listed under it.
                for row in result.rows:
                    refs.setdefault(row.key, ref(row.key))
        else:
            view.mermaid = _mermaid_source(result, parents, refs[query.start], ref)
    return view


def _twins(refs: Mapping[str, PageRef]) -> frozenset[str]:
    """Pages of one title, told apart: two "twin" links in a list read as one page twice."""
    by_title: dict[str, list[str]] = {}
    for page, ref in refs.items():
        by_title.setdefault(ref.title, []).append(page)
    return frozenset(page for pages in by_title.values() if len(pages) > 1 for page in pages)


def _heading(
    name: str,
    kind: str | None,
    step_label: Callable[[str, bool], str],
    type_word: Callable[[str], TypeWord | None],
) -> str:
    """A column's heading: a type's column reads as the panel reads the type ("Depends on",
    "Used by"), any other column its name with a capital."""
    word = None
    if kind in (None, "pages") and name not in RESERVED_COLUMNS:
        word = type_word(name)
    text = step_label(word.name, word.reverse) if word is not None else name
    return text[:1].upper() + text[1:]


def _parents(result: Result) -> dict[str, str]:
    """Each row's nearest ancestor on the walk that is shown (or the start page)."""
    shown = {row.key for row in result.rows}
    via = dict(result.walk)
    parents = {}
    for row in result.rows:
        parent = row.via or ""
        while parent not in shown and parent in via:
            parent = via[parent]
        parents[row.key] = parent
    return parents


def _mermaid_source(
    result: Result, parents: dict[str, str], root: PageRef, ref: Callable[[str], PageRef]
) -> str:
    names = {result.query.start or "": "n0"}
    lines = ["flowchart LR", f'  n0["{mermaid_text(root.title)}"]']
    for number, row in enumerate(result.rows, start=1):
        names[row.key] = f"n{number}"
        lines.append(f'  n{number}["{mermaid_text(ref(row.key).title)}"]')
    for row in result.rows:
        parent, child = names[parents[row.key]], names[row.key]
        relation, reverse = row.step or ("", False)
        source, target = (child, parent) if reverse else (parent, child)
        lines.append(f"  {source} -->|{mermaid_text(relation)}| {target}")
    return "\n".join(lines) + "\n"


def render_view(renderer: Renderer, view: QueryView) -> str:
    template = renderer.env.get_template("relations/query.html")
    return ascii_html(template.render(view=view, refs=view.refs))

"""A query's rows as the reader sees them: list, table, tree, the build-time SVG, or Mermaid.

Plain data for the ``relations/query.html`` template, which decides the markup; the picture
is laid out here in layers by hops, the start page on the left.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field

from ..output.export import mermaid_text
from ..output.records import PageRef
from ..output.render import Renderer, ascii_html
from .rows import Result, Row

DEFAULT_LABELS = {
    "query_empty": "No page matches this query.",
    "query_picture": "Pages reached from {title}",
}
_COLUMN_WIDTH = 230
_ROW_HEIGHT = 40
_MARGIN = 24


@dataclass
class PictureNode:
    x: float
    y: float
    label: str
    full: str
    url: str | None


@dataclass
class PictureLine:
    x1: float
    y1: float
    x2: float
    y2: float
    label: str
    #: The edge was declared by the page on the right: the arrow points back.
    reverse: bool
    lx: float
    ly: float


@dataclass
class QueryPicture:
    width: int
    height: int
    label: str
    nodes: list[PictureNode]
    lines: list[PictureLine]


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
    picture: QueryPicture | None = None
    mermaid: str = ""


def build_view(
    result: Result,
    ref: Callable[[str], PageRef],
    step_label: Callable[[str, bool], str],
    labels: Mapping[str, str],
) -> QueryView:
    """``ref(page_id)`` gives the title and the URL relative to the page showing the view."""
    labels = {**DEFAULT_LABELS, **labels}
    query = result.query
    named = {i.page for row in result.rows for cell in row.cells for i in cell if i.page}
    refs = {page: ref(page) for page in sorted(named)}
    headings = [name[:1].upper() + name[1:] for name in result.columns]
    view = QueryView(query.show, list(result.columns), headings, result.rows, labels, refs)
    if query.show in ("list", "tree"):
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
            view.picture = _picture(result, parents, refs[query.start], ref, labels)
        else:
            view.mermaid = _mermaid_source(result, parents, refs[query.start], ref)
    return view


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


def _picture(
    result: Result,
    parents: dict[str, str],
    root: PageRef,
    ref: Callable[[str], PageRef],
    labels: Mapping[str, str],
) -> QueryPicture:
    layers: dict[int, list[Row]] = {}
    for row in result.rows:
        layers.setdefault(row.hops, []).append(row)
    tallest = max([1, *(len(rows) for rows in layers.values())])
    height = 2 * _MARGIN + tallest * _ROW_HEIGHT
    depth = max([0, *layers])
    width = 2 * _MARGIN + (depth + 1) * _COLUMN_WIDTH
    place: dict[str, tuple[float, float]] = {}
    start = result.query.start or ""
    place[start] = (_MARGIN + 8.0, height / 2)
    nodes = [PictureNode(*place[start], _truncate(root.title), root.title, None)]
    order: dict[str, int] = {start: 0}
    for hops, rows in sorted(layers.items()):
        # Under the page each one hangs from, in that page's order: few lines cross.
        rows = sorted(rows, key=lambda row: order.get(parents[row.key], 0))
        order.update((row.key, i) for i, row in enumerate(rows))
        top = (height - len(rows) * _ROW_HEIGHT) / 2 + _ROW_HEIGHT / 2
        for i, row in enumerate(rows):
            x, y = _MARGIN + 8.0 + hops * _COLUMN_WIDTH, round(top + i * _ROW_HEIGHT, 1)
            place[row.key] = (x, y)
            target = ref(row.key)
            nodes.append(PictureNode(x, y, _truncate(target.title), target.title, target.url))
    lines = []
    for row in result.rows:
        x1, y1 = place.get(parents[row.key], place[start])
        x2, y2 = place[row.key]
        relation, reverse = row.step or ("", False)
        lines.append(
            PictureLine(
                x1 + 7,
                y1,
                x2 - 7,
                y2,
                relation,
                reverse,
                # Near the far end: lines fanning out of one page part there.
                round(x1 + (x2 - x1) * 0.6, 1),
                round(y1 + (y2 - y1) * 0.6 - 4, 1),
            )
        )
    title = labels["query_picture"].format(title=root.title)
    return QueryPicture(width, int(height), title, nodes, lines)


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


def _truncate(text: str, limit: int = 24) -> str:
    return text if len(text) <= limit else text[: limit - 1].rstrip() + "…"


def render_view(renderer: Renderer, view: QueryView) -> str:
    template = renderer.env.get_template("relations/query.html")
    return ascii_html(template.render(view=view, refs=view.refs))

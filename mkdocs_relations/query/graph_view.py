"""``show: graph``: a walk drawn as the neighbourhood picture is drawn, in layers.

Held to the picture's rules (picture.py): text in boxes at FONT units, wrapped by
:mod:`textfit` and never split inside a word that fits a line; one caption per group of
steps with the label the panel uses; lines only in the gaps between columns, so no line
crosses a label. A page stands one column right of the page it was reached from (a tree:
lines never cross each other either). Unlike the picture it is never scaled: one unit is
one CSS pixel, and a walk wider than the page scrolls inside its own box, so its text is
FONT pixels on a phone and a desktop alike. A column shows at most COLUMN_CAP pages; the
rest is one "and N more" box, and every row is then listed under the picture.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field

from ..model.direction import IN, OUT, Direction
from ..model.natural import NaturalKeys
from ..output.labels import fill
from ..output.picture import LINE, MAX_LINES, PAD_X, PAD_Y, Box, Caption, Wire
from ..output.text_fit import FONT, Wrapper
from .rows import Row

#: Two columns (a walk of one hop) fit a phone's 358 CSS pixels without scrolling.
COLUMN = 160
GAP = 34
MARGIN = 2
COLUMN_CAP = 12
#: Space between the boxes of one group, and between groups.
SPACING, GROUP_SPACING = 6, 12


@dataclass
class GraphPicture:
    width: int
    height: int
    label: str
    boxes: list[Box] = field(default_factory=list)
    captions: list[Caption] = field(default_factory=list)
    wires: list[Wire] = field(default_factory=list)
    #: How many reached pages stand behind "and N more" boxes; all rows are listed then.
    hidden: int = 0
    font: int = FONT


@dataclass
class _Node:
    key: str
    title: str
    url: str | None
    #: The step that reached it, read from the page it hangs from ("used by"); whether the
    #: edge was declared on this page (its arrow points back) and whether it has a direction.
    step: str = ""
    back: bool = False
    arrow: bool = True
    parent: _Node | None = None
    children: list[_Node] = field(default_factory=list)
    box: Box | None = None


def graph_picture(
    rows: Sequence[Row],
    parents: Mapping[str, str],
    root: tuple[str, str, str | None],
    ref: Callable[[str], tuple[str, str | None]],
    step_label: Callable[[str, bool], str],
    symmetric: Callable[[str], bool],
    labels: Mapping[str, str],
    wrapper: Wrapper | None = None,
) -> GraphPicture:
    """``root`` is the start page's (id, title, url); ``ref(id)`` a row's (title, url);
    ``parents[row]`` the shown page it hangs from (the start page's id, or "")."""
    fit = wrapper or Wrapper()
    start, title, url = root
    top = _Node(start, title, url)
    nodes = {start: top, "": top}
    for row in rows:
        page_title, page_url = ref(row.key)
        relation, reverse = row.step or ("", False)
        undirected = bool(relation) and symmetric(relation)
        nodes[row.key] = _Node(
            row.key,
            page_title,
            page_url,
            step_label(relation, reverse) if relation else "",
            reverse and not undirected,
            not undirected,
        )
    for row in rows:
        node = nodes[row.key]
        node.parent = nodes.get(parents.get(row.key, ""), top)
        node.parent.children.append(node)
    # A page's steps of one kind stand together under one caption, in the order the kinds
    # first appear, each group's titles in natural order.
    natural = NaturalKeys()
    for node in [top, *(nodes[row.key] for row in rows)]:
        kinds: dict[str, int] = {}
        for child in node.children:
            kinds.setdefault(child.step, len(kinds))
        node.children.sort(key=lambda c: (kinds[c.step], natural[c.title], c.key))
    columns: list[list[_Node]] = [[top]]
    hidden = 0
    while True:
        following = [child for node in columns[-1] for child in node.children]
        if not following:
            break
        if len(following) > COLUMN_CAP:
            rest = following[COLUMN_CAP - 1 :]
            hidden += len(rest)
            more = _Node("", fill(labels["more"], n=len(rest)), None)
            for node in rest:
                for child in node.children:
                    child.parent = more
                    more.children.append(child)
            following = [*following[: COLUMN_CAP - 1], more]
        columns.append(following)
    picture = GraphPicture(0, 0, fill(labels["query_picture"], title=title), hidden=hidden)
    stacks = [
        _stack(column, float(MARGIN + number * (COLUMN + GAP)), number == 0, fit)
        for number, column in enumerate(columns)
    ]
    height = max(column_height for _, _, column_height in stacks) + 2 * MARGIN
    for boxes, captions, column_height in stacks:
        # Each column stands level with the others' middle rather than at the top.
        shift = round((height - 2 * MARGIN - column_height) / 2, 1)
        placed: list[Box | Caption] = [*boxes, *captions]
        for thing in placed:
            thing.y = round(thing.y + shift, 1)
        picture.boxes += boxes
        picture.captions += captions
    for column in columns[:-1]:
        for node in column:
            _wire(picture, node)
    picture.width = int(MARGIN * 2 + len(columns) * COLUMN + (len(columns) - 1) * GAP)
    picture.height = int(height + 0.999)
    return picture


def _stack(
    column: list[_Node], x: float, first: bool, fit: Wrapper
) -> tuple[list[Box], list[Caption], float]:
    """Boxes top down, a caption over each run of one step from one page; the height."""
    boxes: list[Box] = []
    captions: list[Caption] = []
    y = float(MARGIN)
    previous: tuple[int, str] | None = None
    for node in column:
        group = (id(node.parent), node.step)
        if group != previous and previous is not None:
            y += GROUP_SPACING - SPACING
        if node.step and group != previous:
            lines = fit(node.step, COLUMN, 2)
            captions.append(Caption(round(x + COLUMN / 2, 1), round(y, 1), lines, node.step))
            y += len(lines) * LINE + 2
        previous = group
        lines = fit(node.title, COLUMN - 2 * PAD_X, 4 if first else MAX_LINES, bold=first)
        h = len(lines) * LINE + 2 * PAD_Y
        box = Box(round(x, 1), round(y, 1), float(COLUMN), h, lines, node.title, node.url)
        box.kind = "current" if first else ("group" if not node.key else "page")
        node.box = box
        boxes.append(box)
        y += h + SPACING
    return boxes, captions, y - SPACING


def _wire(picture: GraphPicture, node: _Node) -> None:
    parent = node.box
    if parent is None:
        return
    count = len(node.children)
    for n, child in enumerate(node.children):
        box = child.box
        if box is None:
            continue
        ey = round(parent.y + parent.h * (n + 1) / (count + 1), 1)
        my = round(box.y + box.h / 2, 1)
        direction: Direction = IN if child.back else OUT
        picture.wires.append(
            Wire(round(parent.x + parent.w, 1), ey, box.x, my, child.arrow, "", direction)
        )

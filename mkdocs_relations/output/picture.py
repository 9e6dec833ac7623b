"""The neighbourhood picture's layout: direction as sides, one line per edge, text in boxes.

Pages that point at the current page stand on its left, pages it points at on its right, so
every arrow runs left to right and direction reads at a glance; a symmetric type stands on
the right without arrow heads. Neighbours are grouped under a caption with the type's label
(the same words the panel uses), one line per (type, direction) and neighbour.

Made to be read on a phone: the picture is WIDTH units wide and shown at most WIDTH CSS
pixels wide, so its FONT-unit text is never smaller than 11 CSS pixels on a 390-pixel
screen (358 pixels of content in Material). Text wraps inside its box, and lines run only in
the gaps between the columns, so no line ever crosses a label and nothing is clipped.

Long because the records theme templates read (box, caption, line, picture) stand beside the
one layout that fills them, and :class:`Pictures` keeps what a build's pictures share.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Literal

from ..model.direction import IN, OUT, Direction
from ..model.vocabulary import Vocabulary
from .labels import Labels
from .records import Group
from .text_fit import FONT, Wrapper, widest_word

WIDTH = 480
LINE = 19
MARGIN = 2
GAP = 40  # between a column and the centre: the lines live here and nowhere else
CENTER_WIDTH = 104
#: The centre widens up to this for a title's longest word, which is never split if it fits.
CENTER_MAX = 164
PAD_X, PAD_Y = 8, 5
MAX_LINES = 3

Kind = Literal["page", "redlink", "group", "current"]


@dataclass(slots=True)
class Box:
    x: float
    y: float
    w: float
    h: float
    lines: list[str]
    full: str
    url: str | None = None
    kind: Kind = "page"

    @property
    def text_x(self) -> float:
        return round(self.x + self.w / 2, 1)

    @property
    def geometry(self) -> str:
        """The rect's attributes in one piece (numbers only: nothing to escape)."""
        corner = 6 if self.kind == "current" else 4
        return f'x="{self.x}" y="{self.y}" width="{self.w}" height="{self.h}" rx="{corner}"'

    @property
    def shortened(self) -> bool:
        """Whether the box shows less than the whole title (then a tooltip has it)."""
        return self.lines[-1].endswith("…")

    @property
    def baselines(self) -> list[tuple[float, str]]:
        """(y, text) per line, the block of lines centred in the box."""
        return list(zip(line_ys(self.y, self.h, len(self.lines)), self.lines, strict=True))


def line_ys(y: float, h: float, count: int) -> list[float]:
    """The baselines of ``count`` lines centred in a box at ``y`` that is ``h`` high."""
    top = y + (h - count * LINE) / 2 + LINE * 0.78
    return [round(top + i * LINE, 1) for i in range(count)]


@dataclass(slots=True)
class Caption:
    x: float
    y: float
    lines: list[str]
    type: str

    @property
    def baselines(self) -> list[tuple[float, str]]:
        return [(round(self.y + LINE * 0.78 + i * LINE, 1), t) for i, t in enumerate(self.lines)]


@dataclass(slots=True)
class Wire:
    x1: float
    y1: float
    x2: float
    y2: float
    arrow: bool
    type: str
    direction: Direction

    @property
    def geometry(self) -> str:
        """The line's numeric attributes in one piece (numbers only: nothing to escape)."""
        return f'x1="{self.x1}" y1="{self.y1}" x2="{self.x2}" y2="{self.y2}"'


@dataclass(slots=True)
class Picture:
    width: int
    height: int
    label: str
    center: Box
    boxes: list[Box] = field(default_factory=list)
    captions: list[Caption] = field(default_factory=list)
    wires: list[Wire] = field(default_factory=list)
    #: True when neighbours are shown as one node per panel group (past picture_limit).
    grouped: bool = False
    font: int = FONT


#: A box to draw: (title, URL, kind).
_Item = tuple[str, "str | None", Kind]


@dataclass(slots=True)
class _Block:
    """Boxes under one caption, each with a line of one type to the centre."""

    caption: str | None
    type: str
    #: Whether the lines have arrow heads.
    arrow: bool
    items: list[_Item] = field(default_factory=list)


@dataclass(frozen=True)
class _Column:
    """Where a column stands, for one (sides, centre width): its numbers are worked out once
    a build, not once a box."""

    #: The box's x and width, and the caption's centre, as drawn (rounded).
    x: float
    w: float
    caption_x: float
    #: The width captions wrap to, and titles inside a box (not rounded).
    width: float
    inner: float


class Pictures:
    """The pictures of one build. What depends only on a type, on a title at a width or on
    the columns' widths is worked out once: each page's title is drawn in the picture of
    every neighbour, and every picture has one of a few column widths."""

    def __init__(
        self,
        labels: Labels,
        vocabulary: Vocabulary,
        limit: int,
        *,
        link_groups: bool = True,
        wrapper: Wrapper | None = None,
    ) -> None:
        self.labels = labels
        self.vocabulary = vocabulary
        self.limit = limit
        self.link_groups = link_groups
        self.fit = wrapper or Wrapper()
        #: type -> (symmetric, caption on the left, caption on the right)
        self._types: dict[str, tuple[bool, str, str]] = {}
        #: width -> title -> (lines, box height)
        self._boxes: dict[float, dict[str, tuple[tuple[str, ...], int]]] = {}
        #: width -> caption -> lines
        self._captions: dict[float, dict[str, tuple[str, ...]]] = {}
        #: (sides, centre width, a left column?) -> (left column, centre x, right column)
        self._columns: dict[tuple[int, float, bool], tuple[_Column, float, _Column]] = {}
        self._label = labels.filler("picture", "title")

    def picture(self, title: str, groups: Sequence[Group]) -> Picture:
        # Blocks by type (which decides whether it is symmetric), or by heading for group nodes.
        left: dict[str, _Block] = {}
        right: dict[str, _Block] = {}
        count = 0
        types = self._types
        for group in groups:
            for entry in group.entries:
                relation = entry.type
                words = types.get(relation)
                if words is None:
                    words = self._type_words(relation)
                symmetric = words[0]
                if entry.direction == IN and not symmetric:
                    block = left.get(relation)
                    if block is None:
                        block = left[relation] = _Block(words[1], relation, True)
                else:
                    block = right.get(relation)
                    if block is None:
                        block = right[relation] = _Block(words[2], relation, not symmetric)
                url = entry.url
                block.items.append((entry.title, url, "page" if url is not None else "redlink"))
                count += 1
        grouped = count > self.limit
        if grouped:
            left, right = {}, {}
            vocabulary = self.vocabulary
            for group in groups:
                ends = {
                    (e.direction, vocabulary.get_or_unknown(e.type).symmetric)
                    for e in group.entries
                }
                text = f"{group.label} ({len(group.entries)})"
                url = f"#{group.anchor}" if self.link_groups and group.anchor else None
                first = group.entries[0]
                if ends == {(IN, False)}:
                    side, arrow = left, True
                else:
                    side, arrow = right, ends == {(OUT, False)}
                block = side.get(group.label)
                if block is None:
                    block = side[group.label] = _Block(None, first.type, arrow)
                block.items.append((text, url, "group"))
        return self._layout(title, list(left.values()), list(right.values()), grouped)

    def _type_words(self, relation: str) -> tuple[bool, str, str]:
        symmetric = self.vocabulary.get_or_unknown(relation).symmetric
        forward = self.labels.type_label(relation, OUT)
        words = self._types[relation] = (
            symmetric,
            f"{forward} →",
            forward if symmetric else f"→ {forward}",
        )
        return words

    def _layout(
        self, title: str, left: list[_Block], right: list[_Block], grouped: bool
    ) -> Picture:
        fit = self.fit
        sides = int(bool(left)) + int(bool(right))
        center_width: float = CENTER_WIDTH
        center_lines, split = fit.lines(title, CENTER_WIDTH - 2 * PAD_X, 4, bold=True)
        if split:
            # The centre widens to the title's widest word rather than split a word that fits.
            longest = widest_word(title, bold=True)
            center_width = round(min(CENTER_MAX, max(CENTER_WIDTH, longest + 2 * PAD_X + 1)), 1)
            center_lines = fit.lines(title, center_width - 2 * PAD_X, 4, bold=True)[0]
        key = (sides, center_width, bool(left))
        columns = self._columns.get(key)
        if columns is None:
            columns = self._columns[key] = _columns(sides, center_width, bool(left))
        left_column, center_x, right_column = columns
        left_boxes, left_captions, left_height = self._column(left, left_column)
        right_boxes, right_captions, right_height = self._column(right, right_column)
        text_h = len(center_lines) * LINE + 2 * PAD_Y
        # One line per box on each side.
        center_h = float(max(text_h, 10 * max(len(left_boxes), len(right_boxes))))
        center_h = min(center_h, max(left_height, right_height, text_h))
        height = max(left_height, right_height, center_h) + 2 * MARGIN
        center_y = round((height - center_h) / 2, 1)
        center = Box(
            center_x, center_y, center_width, center_h, list(center_lines), title, kind="current"
        )
        center_right = center_x + center_width
        wires: list[Wire] = []
        for boxes, captions, column_height, blocks, on_left in (
            (left_boxes, left_captions, left_height, left, True),
            (right_boxes, right_captions, right_height, right, False),
        ):
            # The shorter column stands level with the centre rather than at the top. Every
            # height is a whole number, so a shift is a multiple of 0.5 and adding it is exact.
            shift = round((height - 2 * MARGIN - column_height) / 2, 1)
            if shift:
                for caption in captions:
                    caption.y += shift
            spaces = len(boxes) + 1
            n = 0
            for block in blocks:
                arrow, relation = block.arrow, block.type
                for _ in block.items:
                    box = boxes[n]
                    n += 1
                    if shift:
                        box.y += shift
                    ey = round(center_y + center_h * n / spaces, 1)
                    my = box.y + box.h / 2  # exact: halves of whole numbers
                    if on_left:
                        wire = Wire(box.x + box.w, my, center_x, ey, arrow, relation, IN)
                    else:
                        wire = Wire(center_right, ey, box.x, my, arrow, relation, OUT)
                    wires.append(wire)
        return Picture(
            WIDTH,
            int(height + 0.999),
            self._label(title),
            center,
            left_boxes + right_boxes,
            left_captions + right_captions,
            wires,
            grouped,
        )

    def _column(
        self, blocks: list[_Block], column: _Column
    ) -> tuple[list[Box], list[Caption], float]:
        boxes: list[Box] = []
        captions: list[Caption] = []
        fit = self.fit
        inner = column.inner
        known = self._boxes.get(inner)
        if known is None:
            known = self._boxes[inner] = {}
        captioned = self._captions.get(column.width)
        if captioned is None:
            captioned = self._captions[column.width] = {}
        x, w = column.x, column.w
        # Whole numbers all the way down (heights and gaps are), so no y needs rounding.
        y = float(MARGIN)
        for number, block in enumerate(blocks):
            if number:
                y += 10
            if block.caption:
                lines = captioned.get(block.caption)
                if lines is None:
                    lines = fit.lines(block.caption, column.width, 2)[0]
                    captioned[block.caption] = lines
                captions.append(Caption(column.caption_x, y, list(lines), block.type))
                y += len(lines) * LINE + 2
            for title, url, kind in block.items:
                fitted = known.get(title)
                if fitted is None:
                    lines = fit.lines(title, inner, MAX_LINES)[0]
                    fitted = known[title] = (lines, len(lines) * LINE + 2 * PAD_Y)
                lines, h = fitted
                boxes.append(Box(x, y, w, h, list(lines), title, url, kind))
                y += h + 6
        return boxes, captions, y - 6 if boxes else 0.0


def _columns(sides: int, center_width: float, has_left: bool) -> tuple[_Column, float, _Column]:
    """The left column, the centre's x and the right column, for one picture's shape."""
    column = (WIDTH - 2 * MARGIN - center_width - sides * GAP) / max(sides, 1)
    x = float(MARGIN)
    left_x = x
    if has_left:
        x += column + GAP
    center_x = x
    right_x = center_x + center_width + GAP
    inner = column - 2 * PAD_X
    return (
        _Column(round(left_x, 1), round(column, 1), round(left_x + column / 2, 1), column, inner),
        center_x,
        _Column(round(right_x, 1), round(column, 1), round(right_x + column / 2, 1), column, inner),
    )

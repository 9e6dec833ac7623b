"""The neighbourhood picture's layout: direction as sides, one line per edge, text in boxes.

Pages that point at the current page stand on its left, pages it points at on its right, so
every arrow runs left to right and direction reads at a glance; a symmetric type stands on
the right without arrow heads. Neighbours are grouped under a caption with the type's label
(the same words the panel uses), one line per (type, direction) and neighbour.

Made to be read on a phone: the picture is WIDTH units wide and shown at most WIDTH CSS
pixels wide, so its FONT-unit text is never smaller than 11 CSS pixels on a 390-pixel
screen (358 pixels of content in Material). Text wraps inside its box, and lines run only in
the gaps between the columns, so no line ever crosses a label and nothing is clipped.
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


@dataclass
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
        top = self.y + (self.h - len(self.lines) * LINE) / 2 + LINE * 0.78
        return [(round(top + i * LINE, 1), text) for i, text in enumerate(self.lines)]


@dataclass
class Caption:
    x: float
    y: float
    lines: list[str]
    type: str

    @property
    def baselines(self) -> list[tuple[float, str]]:
        return [(round(self.y + LINE * 0.78 + i * LINE, 1), t) for i, t in enumerate(self.lines)]


@dataclass
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


@dataclass
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


@dataclass
class _Item:
    title: str
    url: str | None
    kind: Kind
    type: str
    direction: Direction
    arrow: bool


@dataclass
class _Block:
    caption: str | None
    type: str
    items: list[_Item] = field(default_factory=list)


def picture(
    title: str,
    groups: Sequence[Group],
    labels: Labels,
    vocabulary: Vocabulary,
    limit: int,
    *,
    link_groups: bool = True,
    wrapper: Wrapper | None = None,
) -> Picture:
    fit = wrapper or Wrapper()
    # Blocks by (type, symmetric), or by ("", heading) for group nodes.
    left: dict[tuple[str, bool | str], _Block] = {}
    right: dict[tuple[str, bool | str], _Block] = {}
    count = 0
    for group in groups:
        for entry in group.entries:
            symmetric = vocabulary.get_or_unknown(entry.type).symmetric
            forward = labels.type_label(entry.type, OUT)
            kind: Kind = "redlink" if entry.url is None else "page"
            item = _Item(entry.title, entry.url, kind, entry.type, entry.direction, not symmetric)
            if entry.direction == IN and not symmetric:
                block = left.setdefault((entry.type, False), _Block(f"{forward} →", entry.type))
            else:
                caption = forward if symmetric else f"→ {forward}"
                block = right.setdefault((entry.type, symmetric), _Block(caption, entry.type))
            block.items.append(item)
            count += 1
    grouped = count > limit
    if grouped:
        left, right = {}, {}
        for group in groups:
            ends = {
                (e.direction, vocabulary.get_or_unknown(e.type).symmetric) for e in group.entries
            }
            text = f"{group.label} ({len(group.entries)})"
            url = f"#{group.anchor}" if link_groups and group.anchor else None
            first = group.entries[0]
            if ends == {(IN, False)}:
                item = _Item(text, url, "group", first.type, IN, True)
                left.setdefault(("", group.label), _Block(None, first.type)).items.append(item)
            else:
                item = _Item(text, url, "group", first.type, OUT, ends == {(OUT, False)})
                right.setdefault(("", group.label), _Block(None, first.type)).items.append(item)
    return _layout(title, list(left.values()), list(right.values()), labels, grouped, fit)


def _layout(
    title: str,
    left: list[_Block],
    right: list[_Block],
    labels: Labels,
    grouped: bool,
    fit: Wrapper,
) -> Picture:
    sides = int(bool(left)) + int(bool(right))
    center_width: float = CENTER_WIDTH
    center_lines = fit(title, CENTER_WIDTH - 2 * PAD_X, 4, bold=True)
    if fit.splits(title, CENTER_WIDTH - 2 * PAD_X, 4, bold=True):
        # The centre widens to the title's widest word rather than split a word that fits.
        longest = widest_word(title, bold=True)
        center_width = round(min(CENTER_MAX, max(CENTER_WIDTH, longest + 2 * PAD_X + 1)), 1)
        center_lines = fit(title, center_width - 2 * PAD_X, 4, bold=True)
    column = (WIDTH - 2 * MARGIN - center_width - sides * GAP) / max(sides, 1)
    x = float(MARGIN)
    left_x = x
    if left:
        x += column + GAP
    center_x = x
    right_x = center_x + center_width + GAP
    left_boxes, left_captions, left_height = _column(left, left_x, column, fit)
    right_boxes, right_captions, right_height = _column(right, right_x, column, fit)
    wires_left = sum(len(b.items) for b in left)
    wires_right = sum(len(b.items) for b in right)
    center_h = float(max(len(center_lines) * LINE + 2 * PAD_Y, 10 * max(wires_left, wires_right)))
    center_h = min(center_h, max(left_height, right_height, len(center_lines) * LINE + 2 * PAD_Y))
    height = max(left_height, right_height, center_h) + 2 * MARGIN
    center = Box(
        center_x, round((height - center_h) / 2, 1), center_width, center_h, center_lines, title
    )
    center.kind = "current"
    # The shorter column stands level with the centre rather than at the top.
    for boxes, captions, column_height in (
        (left_boxes, left_captions, left_height),
        (right_boxes, right_captions, right_height),
    ):
        shift = round((height - 2 * MARGIN - column_height) / 2, 1)
        placed: list[Box | Caption] = [*boxes, *captions]
        for thing in placed:
            thing.y = round(thing.y + shift, 1)
    wires = []
    for boxes, items, on_left in (
        (left_boxes, [i for b in left for i in b.items], True),
        (right_boxes, [i for b in right for i in b.items], False),
    ):
        for n, (box, item) in enumerate(zip(boxes, items, strict=True)):
            ey = round(center.y + center.h * (n + 1) / (len(boxes) + 1), 1)
            my = round(box.y + box.h / 2, 1)
            if on_left:
                wire = Wire(box.x + box.w, my, center.x, ey, item.arrow, item.type, IN)
            else:
                wire = Wire(center.x + center.w, ey, box.x, my, item.arrow, item.type, OUT)
            wires.append(wire)
    return Picture(
        WIDTH,
        int(height + 0.999),
        labels.fill("picture", title=title),
        center,
        left_boxes + right_boxes,
        left_captions + right_captions,
        wires,
        grouped,
    )


def _column(
    blocks: list[_Block], x: float, width: float, fit: Wrapper
) -> tuple[list[Box], list[Caption], float]:
    boxes: list[Box] = []
    captions: list[Caption] = []
    y = float(MARGIN)
    for number, block in enumerate(blocks):
        if number:
            y += 10
        if block.caption:
            lines = fit(block.caption, width, 2)
            captions.append(Caption(round(x + width / 2, 1), round(y, 1), lines, block.type))
            y += len(lines) * LINE + 2
        for item in block.items:
            lines = fit(item.title, width - 2 * PAD_X, MAX_LINES)
            h = len(lines) * LINE + 2 * PAD_Y
            boxes.append(Box(round(x, 1), round(y, 1), round(width, 1), h, lines, item.title))
            boxes[-1].url, boxes[-1].kind = item.url, item.kind
            y += h + 6
    return boxes, captions, y - 6 if boxes else 0.0

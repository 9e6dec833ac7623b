"""Finds ``relations`` fenced blocks in a page's Markdown, the way a Markdown reader sees fences.

The rules are CommonMark's, so a block shown inside another fence stays an example:

* A fence opens with three or more backticks or tildes; the first word after them names the
  block. Only a fence named ``relations`` is a query.
* Everything until a closing fence of the same character, at least as long, with nothing
  after it, is the fence's content: a ```` ```relations ```` line inside a ```` ````markdown ````
  fence is text, not a query.
* A fence may be indented (inside a list item, an admonition or content tabs, as
  pymdownx.superfences allows); its content loses that indentation, and its closing fence may
  be indented up to three spaces more than its opening one.
* A fence never closed runs to the end of the page, as CommonMark says; a ``relations`` block
  left open is reported, because everything after it would have vanished into the query.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

NAME = "relations"
_OPEN = re.compile(r"^([ \t]*)(`{3,}|~{3,})[ \t]*([^`\s]*)[^`]*$")
_CLOSE = re.compile(r"^([ \t]*)(`{3,}|~{3,})[ \t]*$")
#: A line that starts like a fence (its whole text, for the two patterns above).
_CANDIDATE = re.compile(r"^[ \t]*(?:`{3,}|~{3,}).*$", re.M)


@dataclass(frozen=True)
class Block:
    """One ``relations`` fence. Lines are 0-based indexes into the text it was found in."""

    #: Line of the opening fence.
    start: int
    #: Line after the closing fence (the text's line count when the fence never closes).
    end: int
    #: The YAML between the fences, without the fence's indentation.
    source: str
    #: The opening fence's indentation, for whatever replaces the block.
    indent: str
    closed: bool = True

    @property
    def first_line(self) -> int:
        """0-based line of the first YAML line."""
        return self.start + 1


def find_blocks(text: str) -> list[Block]:
    """Every ``relations`` fence in ``text`` (Markdown with ``\\n`` line breaks)."""
    if NAME not in text:  # the common case costs one substring search
        return []
    lines = text.split("\n")
    blocks: list[Block] = []
    for start, close, indent, name in _fences(text):
        if name != NAME:
            continue
        content = [_dedent(line, indent) for line in lines[start + 1 : close]]
        closed = close < len(lines)
        blocks.append(
            Block(start, close + 1 if closed else close, "\n".join(content), indent, closed)
        )
    return blocks


def marker_lines(text: str, marker: str) -> list[int]:
    """0-based lines outside every fence that hold ``marker`` and nothing else."""
    if marker not in text:
        return []
    inside: set[int] = set()
    for start, close, _, _ in _fences(text):
        inside.update(range(start, close + 1))
    lines = text.split("\n")
    return [i for i, line in enumerate(lines) if line.strip() == marker and i not in inside]


def _fences(text: str) -> Iterator[tuple[int, int, str, str]]:
    """(opening line, closing line or the line count, indentation, name) of each fence.

    Only lines that start like a fence are looked at: one regular expression finds them,
    so a long page without fences costs a single scan.
    """
    candidates = []
    number = offset = 0
    for match in _CANDIDATE.finditer(text):
        number += text.count("\n", offset, match.start())
        offset = match.start()
        candidates.append((number, match.group(0)))
    total = text.count("\n") + 1
    position = 0
    while position < len(candidates):
        number, line = candidates[position]
        opening = _OPEN.match(line)
        if opening is None:
            position += 1
            continue
        indent, fence, name = opening.groups()
        limit = len(indent.expandtabs(4)) + 3
        close = total
        position += 1
        while position < len(candidates):
            other_number, other = candidates[position]
            position += 1
            closing = _CLOSE.match(other)
            if (
                closing is not None
                and closing.group(2)[0] == fence[0]
                and len(closing.group(2)) >= len(fence)
                and len(closing.group(1).expandtabs(4)) <= limit
            ):
                close = other_number
                break
        yield number, close, indent, name


def _dedent(line: str, indent: str) -> str:
    return line[len(indent) :] if line.startswith(indent) else line.lstrip(" \t")


def replace_blocks(text: str, blocks: Sequence[Block], replacements: Sequence[str]) -> str:
    """``text`` with each block's lines replaced by one line: its indentation and the text."""
    lines = text.split("\n")
    for block, replacement in sorted(
        zip(blocks, replacements, strict=True), key=lambda pair: -pair[0].start
    ):
        lines[block.start : block.end] = [block.indent + replacement]
    return "\n".join(lines)


def replace_lines(text: str, numbers: Sequence[int], replacement: str) -> str:
    """``text`` with each of the given 0-based lines replaced by ``replacement``."""
    lines = text.split("\n")
    for number in numbers:
        lines[number] = replacement
    return "\n".join(lines)

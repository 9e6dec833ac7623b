"""Finds ``relations`` fenced blocks in a page's Markdown, the way a Markdown reader sees fences.

The rules are CommonMark's, so a block shown as an example stays an example:

* A fence opens with three or more backticks or tildes, indented less than four spaces from
  its container's content; the first word after them names the block. Only a fence named
  ``relations`` is a query.
* Everything until a closing fence of the same character, at least as long, with nothing
  after it, is the fence's content: a ```` ```relations ```` line inside a ```` ````markdown ````
  fence is text, not a query.
* Containers: a fence may stand in a list item, an admonition, details or content tabs
  (indented to their content, as pymdownx.superfences allows) or a blockquote (each line
  after ``>``); its content loses that indentation or prefix, and the answer goes where the
  fence was, in the same container. A fence ends with its container.
* Lines indented four spaces or more past their container's content are an indented code
  block (or a paragraph's continuation), never a fence; an HTML comment (``<!--`` to
  ``-->``) is never read. Both are how pages show examples.
* A fence never closed runs to the end of its container, as CommonMark says; a
  ``relations`` block left open is reported, because everything after it would have vanished
  into the query.

Long because one scan of the containers serves every reader of a page's structure: the
``relations`` fences, marker comments, and the code lines a broken wikilink is placed past.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

NAME = "relations"


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
    if NAME not in text or not any(fence.search(text) for fence in _NAMED_FENCES):
        return []  # most pages: a few searches, no scan of the containers
    lines = text.split("\n")
    return [
        Block(f.start, f.end, "\n".join(f.content), f.indent, f.closed)
        for f in _scan(lines, range(len(lines))).fences
        if f.name == NAME
    ]


def marker_lines(text: str, marker: str) -> list[int]:
    """0-based lines that hold ``marker`` (an HTML comment) and nothing else, where a Markdown
    reader sees it: outside fences, indented code, other comments and blockquotes."""
    if marker not in text:
        return []
    lines = text.split("\n")
    return [n for n, line in _scan(lines, range(len(lines))).comments if line.strip() == marker]


def code_lines(text: str) -> frozenset[int]:
    """0-based lines a Markdown reader shows as code: every fence (any name, its fence lines
    too) and indented code blocks; for placing a line of text outside them."""
    if "```" not in text and "~~~" not in text and "    " not in text and "\t" not in text:
        return frozenset()
    lines = text.split("\n")
    scan = _scan(lines, range(len(lines)))
    found = set(scan.code)
    for fence in scan.fences:
        found.update(range(fence.start, fence.end))
    return frozenset(found)


@dataclass
class _Fence:
    start: int
    #: Line after the fence (the closing fence's next line, or where its container ends).
    end: int
    indent: str
    name: str
    content: list[str]
    closed: bool


@dataclass
class _Scan:
    fences: list[_Fence]
    #: (line, text) of the HTML comments that start a line outside any blockquote.
    comments: list[tuple[int, str]]
    #: Lines of indented code blocks outside any blockquote.
    code: list[int]


#: Every ``relations`` fence's opening line holds three fence characters, then the name as the
#: info string's first word (split off at whitespace, which ``\s`` matches alike); two patterns,
#: as one that starts with a literal is searched several times faster.
_NAMED_FENCES = tuple(re.compile(mark + r"\s*" + NAME + r"(?:\s|\Z)") for mark in ("```", "~~~"))
_LIST_ITEM = re.compile(r"([-+*]|\d{1,9}[.)])(?:( {1,4})(?! )|[ \t]*$)")
#: Admonitions, collapsible details and content tabs: their body is indented four spaces.
_INDENTED_BODY = re.compile(r"(?:!!!|\?\?\?\+?|===[+!]*)(?:[ \t]|$)")
_QUOTE = re.compile(r"[ \t]*> ?")


def _scan(lines: list[str], numbers: Sequence[int], quoted: bool = False) -> _Scan:
    """Fences and comments in ``lines``, whose page line numbers are ``numbers``: a page, or
    (``quoted``) the content of a blockquote, each line without its ``>``."""
    found = _Scan([], [], [])
    containers: list[int] = []  # content indentation of each open list item or admonition
    paragraph = False  # whether the previous line continues a paragraph
    at = 0
    total = len(lines)
    override: str | None = None  # a list item's first line, read again without its marker
    while at < total:
        line = lines[at] if override is None else override
        original, override = lines[at], None
        if not line.strip():
            paragraph = False
            at += 1
            continue
        text = line.lstrip(" \t")
        width = _width(line)
        while containers and width < containers[-1]:
            containers.pop()
        base = containers[-1] if containers else 0
        if width - base >= 4:
            if not paragraph and not quoted:
                found.code.append(numbers[at])
            at += 1  # indented code, or a paragraph's continuation: never a fence
            continue
        if text.startswith("<!--"):
            if not quoted:
                found.comments.append((numbers[at], line))
            at = _comment_end(lines, at)
            paragraph = False
            continue
        if text.startswith(">"):
            at = _quote(lines, numbers, at, base, found, None if line is original else text)
            paragraph = False
            continue
        opening = _opening(line)
        if opening is not None:
            fence, at = _fence(lines, numbers, at, opening, base)
            if line is not original:
                # In place of a fence on an item's first line: the item's marker, then the
                # answer, so it stays in its list.
                fence.indent = original[: len(original) - len(line.lstrip(" \t"))]
            found.fences.append(fence)
            paragraph = False
            continue
        item = _LIST_ITEM.match(text)
        if item is not None and not (paragraph and item.group(1)[0].isdigit()):
            marker = item.group(1)
            inside = width + len(marker) + len(item.group(2) or " ")
            containers.append(inside)
            paragraph = False
            rest = text[item.end() :]
            if rest.strip():
                # The item's first line may itself open a fence: read it again without the
                # marker, at the item's content indentation.
                override = " " * inside + rest
            else:
                at += 1
            continue
        if _INDENTED_BODY.match(text):
            containers.append(width + 4)
            paragraph = False
            at += 1
            continue
        paragraph = not text.startswith("#")
        at += 1
    return found


def _quote(
    lines: list[str],
    numbers: Sequence[int],
    at: int,
    base: int,
    found: _Scan,
    first: str | None = None,
) -> int:
    """Read the blockquote starting at ``at``; the line after it. ``first``: its first line from
    ``>`` on, when a list item's (``- > quote``; the marker stays in a replaced fence's prefix)."""
    end = at + 1  # the scan saw the first line start with ">", within its container
    while end < len(lines) and lines[end].lstrip(" \t").startswith(">"):
        if _width(lines[end]) - base >= 4:
            break
        end += 1
    inner: list[str] = []
    prefixes: list[str] = []
    for number in range(at, end):
        quoted, lead = lines[number], ""
        if number == at and first is not None:
            # The line ends with ``first``: what comes before it is the item's marker.
            lead, quoted = quoted[: len(quoted) - len(first)], first
        marker = _QUOTE.match(quoted)
        assert marker is not None  # every line starts with ">" after its indentation
        prefixes.append(lead + quoted[: marker.end()])
        inner.append(quoted[marker.end() :])
    start = numbers[at]
    for fence in _scan(inner, numbers[at:end], quoted=True).fences:
        fence.indent = prefixes[fence.start - start] + fence.indent
        found.fences.append(fence)
    return end


def _opening(line: str) -> tuple[str, str, str] | None:
    """(indentation, fence, name) of a line that opens a fence; linear in the line's length
    (a regular expression here backtracked for minutes on a fence and 100,000 spaces)."""
    text = line.lstrip(" \t")
    mark = text[:1]
    if mark not in ("`", "~"):
        return None
    count = len(text) - len(text.lstrip(mark))
    if count < 3:
        return None
    info = text[count:]
    if mark == "`" and "`" in info:
        return None
    words = info.split(None, 1)
    return line[: len(line) - len(text)], text[:count], words[0] if words else ""


def _closes(line: str, fence: str, limit: int) -> bool:
    text = line.lstrip(" \t")
    count = len(text) - len(text.lstrip(fence[0]))
    return (
        count >= len(fence)
        and not text[count:].strip(" \t")
        and _width(line[: len(line) - len(text)]) <= limit
    )


def _fence(
    lines: list[str],
    numbers: Sequence[int],
    at: int,
    opening: tuple[str, str, str],
    base: int,
) -> tuple[_Fence, int]:
    """The fence opening at ``at`` and the index of the line after it."""
    indent, marks, name = opening
    limit = _width(indent) + 3
    content: list[str] = []
    close = at + 1
    while close < len(lines):
        line = lines[close]
        if line.strip() and _width(line) < base:
            break  # the container ends, and the fence with it
        if _closes(line, marks, limit):
            fence = _Fence(numbers[at], numbers[close] + 1, indent, name, content, True)
            return fence, close + 1
        content.append(_dedent(line, indent))
        close += 1
    end = numbers[close] if close < len(lines) else numbers[-1] + 1
    return _Fence(numbers[at], end, indent, name, content, False), close


def _comment_end(lines: list[str], at: int) -> int:
    """The line after the one that ends the HTML comment starting at ``at``."""
    first = lines[at]
    if "-->" in first[first.index("<!--") + 4 :]:
        return at + 1
    for number in range(at + 1, len(lines)):
        if "-->" in lines[number]:
            return number + 1
    return len(lines)


def _width(line: str) -> int:
    """Columns of indentation (tabs to the next multiple of four, as CommonMark counts)."""
    lead = line[: len(line) - len(line.lstrip(" \t"))]
    return len(lead.expandtabs(4))


def _dedent(line: str, indent: str) -> str:
    return line[len(indent) :] if line.startswith(indent) else line.lstrip(" \t")


def replace_blocks(text: str, blocks: Sequence[Block], replacements: Sequence[str]) -> str:
    """``text`` with each block's lines replaced by one line: its indentation and the text.

    One pass over the lines, whatever the number of blocks (a slice assignment per block
    made 10,000 blocks on a page take half a minute).
    """
    lines = text.split("\n")
    out: list[str] = []
    at = 0
    for block, replacement in sorted(
        zip(blocks, replacements, strict=True), key=lambda pair: pair[0].start
    ):
        out += lines[at : block.start]
        out.append(block.indent + replacement)
        at = block.end
    out += lines[at:]
    return "\n".join(out)


def replace_lines(text: str, numbers: Sequence[int], replacement: str) -> str:
    """``text`` with each of the given 0-based lines replaced by ``replacement``."""
    lines = text.split("\n")
    for number in numbers:
        lines[number] = replacement
    return "\n".join(lines)

"""Where in a built page the plugin's additions go, found with an HTML parser.

``mkdocs-relations inject`` adds to pages another generator built what the plugin adds under
MkDocs. Only insertion offsets are computed here; the page is then spliced at those offsets,
so every other byte stays as it was.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from html.parser import HTMLParser

#: Elements without an end tag: they never open a level of nesting.
_VOID = {
    "area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source",
    "track", "wbr",
}  # fmt: skip
#: What a Material-style theme puts inside the content after the page's own HTML.
_TRAILERS = ("md-source-file", "md-feedback")
#: Attributes that say the plugin's output is already in a page.
MARKERS = (
    "data-relations-panel", "data-relations-pathfinder", "data-relations-assets",
    "data-relations-query",
)  # fmt: skip


@dataclass
class Places:
    """Character offsets in one page's HTML; None where the page has no such place."""

    head_end: int | None = None
    body_end: int | None = None
    #: Just after the content element's start tag, and where its own content ends.
    content_start: int | None = None
    content_end: int | None = None
    #: Where the content's first heading (the page title) ends, when it comes first.
    title_end: int | None = None
    title: str | None = None
    marked: bool = False
    #: Which of :data:`MARKERS` the page holds (a panel alone: Zensical's extension made it).
    marks: set[str] = field(default_factory=set)
    #: Which element held the content: "article", "main" or "role=main".
    container: str | None = None


class _Located(HTMLParser):
    """A parser that knows each tag's character offset in the text it reads."""

    def __init__(self, text: str) -> None:
        super().__init__(convert_charrefs=True)
        self._text = text
        self._lines = _line_starts(text)

    def _offset(self) -> int:
        # The parser reports (line, column); the page is spliced by character offset.
        line, column = self.getpos()
        return self._lines[line - 1] + column

    def _end_of_tag(self, start: int) -> int:
        """Just past the end tag that starts at ``start`` (``</h1 >`` is one too)."""
        return self._text.find(">", start) + 1


class _Finder(_Located):
    def __init__(self, text: str) -> None:
        super().__init__(text)
        self.places = Places()
        self._depth = 0
        self._content_depth: int | None = None
        self._h1_depth: int | None = None
        self._h1_text: list[str] = []
        self._seen_child = False
        self._skip_depth: int | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        start = self._offset()
        end = start + len(self.get_starttag_text() or "")
        names = dict(attrs)
        if any(marker in names for marker in MARKERS):
            self.places.marked = True
            self.places.marks.update(marker for marker in MARKERS if marker in names)
        classes = (names.get("class") or "").split()
        places = self.places
        if tag == "article" and "md-content__inner" in classes and places.container != "article":
            self._enter(end, "article")
        elif places.container is None and (names.get("role") == "main" or tag == "main"):
            # Themes without a Material article; an article inside it wins when one follows.
            self._enter(end, "role=main" if names.get("role") == "main" else "main")
        elif self._content_depth is not None and self._depth == self._content_depth + 1:
            if places.content_end is None and (
                any(c in classes for c in _TRAILERS) or names.get("id") == "__comments"
            ):
                places.content_end = start
            # The page title is the content's first child element other than links (the skip
            # anchor, the edit and view buttons), when that is an h1.
            if tag != "a" and not self._seen_child:
                self._seen_child = True
                if tag == "h1":
                    self._h1_depth = self._depth
        if tag == "a" and "headerlink" in classes and self._h1_depth not in (None, -1):
            # The permalink ("¶") is not part of the title.
            self._skip_depth = self._depth
        if tag not in _VOID:
            self._depth += 1

    def _enter(self, end: int, kind: str) -> None:
        places = self.places
        places.content_start, places.container = end, kind
        places.content_end = places.title_end = places.title = None
        self._content_depth = self._depth
        self._seen_child = False
        self._h1_depth = None
        self._h1_text = []

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if any(name in MARKERS for name, _ in attrs):
            self.places.marked = True
            self.places.marks.update(name for name, _ in attrs if name in MARKERS)

    def handle_endtag(self, tag: str) -> None:
        if tag in _VOID:
            return
        start = self._offset()
        self._depth -= 1
        if self._skip_depth is not None and self._depth == self._skip_depth:
            self._skip_depth = None
            return
        places = self.places
        if tag == "head" and places.head_end is None:
            places.head_end = start
        elif tag == "body":
            places.body_end = start
        if self._h1_depth is not None and tag == "h1" and self._depth == self._h1_depth:
            places.title_end = self._end_of_tag(start)
            places.title = " ".join("".join(self._h1_text).split())
            self._h1_depth = -1
        if self._content_depth is not None and self._depth == self._content_depth:
            if places.content_end is None:
                places.content_end = start
            self._content_depth = None

    def handle_data(self, data: str) -> None:
        if self._h1_depth is not None and self._h1_depth >= 0 and self._skip_depth is None:
            self._h1_text.append(data)


@dataclass(frozen=True)
class CodeBlock:
    """A code listing in a built page: its extent (with a highlight wrapper) and its text."""

    start: int
    end: int
    text: str


class _CodeFinder(_Located):
    """Every ``<pre>`` with its text; a ``div.highlight`` holding one counts as its extent.

    A generator that does not know ``relations`` blocks prints them as code listings, with no
    class that names the language (Zensical), so a listing is known by its text.
    """

    def __init__(self, text: str) -> None:
        super().__init__(text)
        self.blocks: list[CodeBlock] = []
        self._pre: tuple[int, int] | None = None  # (start, depth)
        self._pre_text: list[str] = []
        self._depth = 0
        self._wrappers: list[tuple[int, int, int]] = []  # (start, depth, blocks before)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in _VOID:
            return
        classes = (dict(attrs).get("class") or "").split()
        if tag == "div" and "highlight" in classes:
            self._wrappers.append((self._offset(), self._depth, len(self.blocks)))
        elif tag == "pre" and self._pre is None:
            self._pre, self._pre_text = (self._offset(), self._depth), []
        self._depth += 1

    def handle_endtag(self, tag: str) -> None:
        if tag in _VOID:
            return
        self._depth -= 1
        end = self._end_of_tag(self._offset())
        if tag == "pre" and self._pre is not None and self._pre[1] == self._depth:
            self.blocks.append(CodeBlock(self._pre[0], end, "".join(self._pre_text)))
            self._pre = None
        elif tag == "div" and self._wrappers and self._wrappers[-1][1] == self._depth:
            start, _, before = self._wrappers.pop()
            if len(self.blocks) == before + 1:
                self.blocks[-1] = CodeBlock(start, end, self.blocks[-1].text)

    def handle_data(self, data: str) -> None:
        if self._pre is not None:
            self._pre_text.append(data)


def code_blocks(text: str) -> list[CodeBlock]:
    """The code listings of a built page, in document order."""
    finder = _CodeFinder(text)
    finder.feed(text)
    finder.close()
    return finder.blocks


def find_places(text: str) -> Places:
    """Parse one page and say where the head ends, the body ends and the content is."""
    finder = _Finder(text)
    finder.feed(text)
    finder.close()
    return finder.places


def _line_starts(text: str) -> list[int]:
    """Offsets where each line starts: the parser reports (line, column) positions."""
    starts = [0]
    find = text.find
    at = find("\n")
    while at != -1:
        starts.append(at + 1)
        at = find("\n", at + 1)
    return starts


def splice(
    text: str, inserts: Sequence[tuple[int, str]], replaces: Sequence[tuple[int, int, str]] = ()
) -> str:
    """``text`` with each (offset, html) inserted and each (start, end, html) put in place of
    what lies between; offsets refer to the original text, ranges do not overlap."""
    changes = sorted([(o, o, h) for o, h in inserts] + list(replaces), key=lambda c: c[:2])
    pieces: list[str] = []
    last = 0
    for start, end, html in changes:
        pieces += [text[last:start], html]
        last = max(last, end)
    pieces.append(text[last:])
    return "".join(pieces)

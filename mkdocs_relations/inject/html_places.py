"""Where in a built page the plugin's additions go, found with an HTML parser.

``mkdocs-relations inject`` adds to pages another generator built what the plugin adds under
MkDocs. Only insertion offsets are computed here; the page is then spliced at those offsets,
so every other byte stays as it was.

Long because both finders (the additions' places and the code listings) share one located
parser that tracks open elements as a browser does (omitted end tags, raw-text elements).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from html.parser import HTMLParser

#: Elements without an end tag: they never open a level of nesting.
_VOID = {
    "area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source",
    "track", "wbr",
}  # fmt: skip
#: What a Material-style theme puts inside the content after the page's own HTML.
_TRAILERS = ("md-source-file", "md-feedback")
#: The attribute inject puts on the stylesheets and scripts it links. Page content may use
#: any ``data-relations-*`` attribute (an example, a custom panel): only a stylesheet or
#: script says the page already has the plugin's output.
MARKER = "data-relations-assets"
#: What Zensical's extension puts before the panel it renders, so inject adds the rest (finder,
#: assets, answers) without a second panel. A comment, not the panel's own attributes, which
#: a page may show as an example.
ZENSICAL_PANEL = "mkdocs-relations: panel rendered by the Zensical extension"
#: What the plugin's own stylesheets end with, linked in the head of a page MkDocs built.
_SHEETS = ("mkdocs-relations/relations.css", "mkdocs-relations/relations-query.css")


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
    #: The page links the plugin's stylesheets or scripts: inject or the plugin was there.
    marked: bool = False
    #: The page holds a panel without the plugin's assets: Zensical's extension rendered it.
    panel: bool = False
    #: Which element held the content: "article", "main" or "role=main".
    container: str | None = None


#: Elements whose content is text, not markup (``<article>`` in a ``<textarea>`` is text).
#: Python's parser knows only script and style.
_RAW_TEXT = ("textarea", "title", "xmp", "iframe", "noembed", "noframes", "plaintext")
#: Start tags that close an open ``<p>`` (HTML's "close a p element"): ``<p>First<p>Second``
#: is two paragraphs, valid HTML with its end tags left out.
_CLOSES_P = {
    "address", "article", "aside", "blockquote", "details", "dialog", "div", "dl", "fieldset",
    "figcaption", "figure", "footer", "form", "h1", "h2", "h3", "h4", "h5", "h6", "header",
    "hgroup", "hr", "main", "menu", "nav", "ol", "p", "pre", "section", "summary", "table",
    "ul",
}  # fmt: skip
#: Start tags that close an open sibling of the same kind, up to their list or table.
_SIBLINGS = {
    "li": ("li", {"ul", "ol", "menu"}),
    "dt": ("dt", {"dl"}), "dd": ("dd", {"dl"}),
    "tr": ("tr", {"table", "tbody", "thead", "tfoot"}),
    "td": ("td", {"tr", "table"}), "th": ("th", {"tr", "table"}),
    "option": ("option", {"select", "datalist"}),
}  # fmt: skip


class _Located(HTMLParser):
    """A parser that knows each tag's character offset in the text it reads, and which
    elements are open, as a browser counts them: end tags left out (``<p>`` before ``<p>``,
    an unclosed ``<div>`` closed by its parent's end tag) and stray end tags ignored."""

    def __init__(self, text: str) -> None:
        super().__init__(convert_charrefs=True)
        self._text = text
        self._lines = _line_starts(text)
        self._open: list[str] = []

    def _offset(self) -> int:
        # The parser reports (line, column); the page is spliced by character offset.
        line, column = self.getpos()
        return self._lines[line - 1] + column

    def _end_of_tag(self, start: int) -> int:
        """Just past the end tag that starts at ``start`` (``</h1 >`` is one too)."""
        return self._text.find(">", start) + 1

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        stack = self._open
        if tag in _CLOSES_P and "p" in stack[-3:]:
            self._close(len(stack) - 1 - stack[::-1].index("p"), tag, implied=True)
        sibling = _SIBLINGS.get(tag)
        if sibling is not None:
            same, scope = sibling
            for at in range(len(stack) - 1, -1, -1):
                if stack[at] in scope:
                    break
                if stack[at] == same:
                    self._close(at, tag, implied=True)
                    break
        self.opened(tag, attrs, len(stack))
        if tag not in _VOID:
            stack.append(tag)
            if tag in _RAW_TEXT:
                self.set_cdata_mode(tag)

    def handle_endtag(self, tag: str) -> None:
        stack = self._open
        for at in range(len(stack) - 1, -1, -1):
            if stack[at] == tag:
                self._close(at, tag, implied=False)
                return
        # An end tag with no open element of its name: browsers ignore it. The head and the
        # body are there even when their start tags are left out, so their ends count.
        if tag in ("head", "body"):
            self.closed(tag, len(stack), implied=False)

    def _close(self, at: int, tag: str, implied: bool) -> None:
        """Close the open element at ``at`` (and every element inside it)."""
        del self._open[at:]
        self.closed(tag, at, implied)

    def opened(self, tag: str, attrs: list[tuple[str, str | None]], depth: int) -> None:
        """A start tag at ``depth`` (the number of elements open around it)."""

    def closed(self, tag: str, depth: int, implied: bool) -> None:
        """The element at ``depth`` closed here: by its end tag (``tag``), or ``implied`` by
        the start tag ``tag`` of the next one."""


class _Finder(_Located):
    def __init__(self, text: str) -> None:
        super().__init__(text)
        self.places = Places()
        self._content_depth: int | None = None
        self._h1_depth: int | None = None
        self._h1_text: list[str] = []
        self._seen_child = False
        self._skip_depth: int | None = None

    def opened(self, tag: str, attrs: list[tuple[str, str | None]], depth: int) -> None:
        start = self._offset()
        end = start + len(self.get_starttag_text() or "")
        names = dict(attrs)
        self._mark(tag, names)
        classes = (names.get("class") or "").split()
        places = self.places
        if tag == "article" and "md-content__inner" in classes and places.container != "article":
            self._enter(end, "article", depth)
        elif places.container is None and (names.get("role") == "main" or tag == "main"):
            # Themes without a Material article; an article inside it wins when one follows.
            self._enter(end, "role=main" if names.get("role") == "main" else "main", depth)
        elif self._content_depth is not None and depth == self._content_depth + 1:
            if places.content_end is None and (
                any(c in classes for c in _TRAILERS) or names.get("id") == "__comments"
            ):
                places.content_end = start
            # The page title is the content's first child element other than links (the skip
            # anchor, the edit and view buttons), when that is an h1.
            if tag != "a" and not self._seen_child:
                self._seen_child = True
                if tag == "h1":
                    self._h1_depth = depth
        if tag == "a" and "headerlink" in classes and self._h1_depth not in (None, -1):
            # The permalink ("¶") is not part of the title.
            self._skip_depth = depth

    def _enter(self, end: int, kind: str, depth: int) -> None:
        places = self.places
        places.content_start, places.container = end, kind
        places.content_end = places.title_end = places.title = None
        self._content_depth = depth
        self._seen_child = False
        self._h1_depth = None
        self._h1_text = []

    def _mark(self, tag: str, names: dict[str, str | None]) -> None:
        if tag in ("link", "script") and (
            MARKER in names or (names.get("href") or "").endswith(_SHEETS)
        ):
            self.places.marked = True

    def handle_comment(self, data: str) -> None:
        if data.strip() == ZENSICAL_PANEL:
            self.places.panel = True

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self._mark(tag, dict(attrs))

    def closed(self, tag: str, depth: int, implied: bool) -> None:
        start = self._offset()
        if self._skip_depth is not None and depth <= self._skip_depth:
            self._skip_depth = None
        places = self.places
        if not implied and tag == "head" and places.head_end is None:
            places.head_end = start
        elif not implied and tag == "body":
            places.body_end = start
        if self._h1_depth is not None and self._h1_depth >= 0 and depth <= self._h1_depth:
            if not implied and tag == "h1" and depth == self._h1_depth:
                places.title_end = self._end_of_tag(start)
                places.title = " ".join("".join(self._h1_text).split())
            self._h1_depth = -1  # a title closed by anything else is not one to follow
        if self._content_depth is not None and depth <= self._content_depth:
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
        self._wrappers: list[tuple[int, int, int]] = []  # (start, depth, blocks before)

    def opened(self, tag: str, attrs: list[tuple[str, str | None]], depth: int) -> None:
        if tag in _VOID:
            return
        classes = (dict(attrs).get("class") or "").split()
        if tag == "div" and "highlight" in classes:
            self._wrappers.append((self._offset(), depth, len(self.blocks)))
        elif tag == "pre" and self._pre is None:
            self._pre, self._pre_text = (self._offset(), depth), []

    def closed(self, tag: str, depth: int, implied: bool) -> None:
        at = self._offset()
        end = at if implied else self._end_of_tag(at)
        if self._pre is not None and depth <= self._pre[1]:
            self.blocks.append(CodeBlock(self._pre[0], end, "".join(self._pre_text)))
            self._pre = None
        while self._wrappers and depth <= self._wrappers[-1][1]:
            start, wrapper_depth, before = self._wrappers.pop()
            if depth == wrapper_depth and tag == "div" and len(self.blocks) == before + 1:
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

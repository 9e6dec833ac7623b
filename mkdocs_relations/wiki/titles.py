"""A page's title as MkDocs shows it, for what is made without MkDocs (the command line).

MkDocs' rule (``mkdocs.structure.pages.Page.title``): the frontmatter ``title``; else the
document's first element when it is a level-one heading; else "Home" for the home page; else
the file name made readable. Titles here are plain text, as a reader sees them. The site's
panels take the title from MkDocs itself; the command line applies the same rule to the
files, reading a body only up to its first block and only for pages that have no title in
their frontmatter.
"""

from __future__ import annotations

import html
import posixpath
import re
from collections.abc import Mapping

from ..model.graph import Graph, Page

# Python-Markdown's block rules: an ATX heading needs no space after its hashes; a setext
# heading is one line of text over a line of "="; four spaces of indent make code.
_ATX = re.compile(r"(#{1,6})(.*?)#*\s*")
_SETEXT = re.compile(r"=+[ ]*")
# MkDocs' meta block: a YAML block between "---" and "---" or "...".
_META = re.compile(r"-{3}[ \t]*\n.*?\n(?:\.{3}|-{3})[ \t]*(?:\n|$)", re.DOTALL)
# attr_list's "{#id .class}" after a heading: not part of the title.
_ATTRIBUTES = re.compile(r"\s*\{:?\s*[#.][^}]*\}\s*$")
_LINK = re.compile(r"!?\[([^\]]*)\]\([^)]*\)")
_STRONG = re.compile(r"(\*\*|__)(?=\S)(.+?)(?<=\S)\1")
_EMPHASIS = re.compile(r"\*(?=\S)(.+?)(?<=\S)\*|(?<!\w)_(?=\S)(.+?)(?<=\S)_(?!\w)")
_TAG = re.compile(r"<[^>]+>")


def name_title(file: str) -> str:
    """MkDocs' title for a page with none of its own: "Home", or its file name, readable."""
    stem = posixpath.splitext(posixpath.basename(file))[0]
    if stem == "README":
        stem = "index"
    if stem == "index" and "/" not in file:
        return "Home"
    text = stem.replace("-", " ").replace("_", " ")
    return text.capitalize() if text.lower() == text else text


def heading_title(markdown: str) -> str | None:
    """The text of a level-one heading that opens ``markdown`` (after its meta block)."""
    text = markdown.lstrip("\ufeff").replace("\r\n", "\n")
    meta = _META.match(text)
    if meta is not None:
        text = text[meta.end() :]
    lines = iter(text.split("\n"))
    first = next((line for line in lines if line.strip()), None)
    if first is None or first.startswith(("    ", "\t")):
        return None
    atx = _ATX.fullmatch(first)
    if atx is not None:
        return _plain(atx.group(2)) if len(atx.group(1)) == 1 else None
    underline = next(lines, "")
    if _SETEXT.fullmatch(underline):
        return _plain(first)
    return None


def _plain(heading: str) -> str | None:
    """The heading's text as a reader sees it: inline markup and attributes dropped."""
    text = _ATTRIBUTES.sub("", heading.strip())
    text = _LINK.sub(r"\1", text).replace("`", "")
    text = _STRONG.sub(r"\2", text)
    text = _EMPHASIS.sub(lambda m: m.group(1) or m.group(2), text)
    return html.unescape(_TAG.sub("", text)).strip() or None


def plain_title(heading: str) -> str:
    """The text of a title MkDocs took from a heading: it comes as HTML, tags dropped and
    text escaped (``Q&amp;A``), and the panels escape what they show."""
    return html.unescape(heading).strip()


class Titles:
    """Titles by page id, each worked out once when first asked for."""

    def __init__(self, graph: Graph, sources: Mapping[str, str]) -> None:
        """``sources`` maps each page's docs-relative file to the path to read it from."""
        self._pages = graph.pages
        self._sources = sources
        self._titles: dict[str, str] = {}

    def __call__(self, page_id: str) -> str:
        title = self._titles.get(page_id)
        if title is None:
            title = self._titles[page_id] = self._title(self._pages[page_id])
        return title

    def _title(self, page: Page) -> str:
        if page.title:
            return page.title
        path = self._sources.get(page.file)
        if path is not None:
            try:
                with open(path, encoding="utf-8", errors="replace") as stream:
                    heading = heading_title(stream.read())
            except OSError:
                heading = None
            if heading:
                return heading
        return name_title(page.file)

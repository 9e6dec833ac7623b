"""A page's title as MkDocs shows it, for what is made without MkDocs (the command line).

MkDocs' rule (``mkdocs.structure.pages.Page.title``): the title the nav gives the page; else
the ``title`` of its meta data (YAML frontmatter MkDocs can load, or MultiMarkdown-style
``key: value`` lines); else the document's first element when it is a level-one heading, as
Python-Markdown renders it with the site's extensions; else "Home" for the home page; else
the file name made readable. The site's panels and blocks take the title from MkDocs itself
(``plugin.on_env``: the title as text, entities decoded unless the meta data gave it, the file
name when it is empty); :class:`Titles` gives the command line the same text, so a block and
``query`` sort the same rows the same way (tests build both and compare).
"""

from __future__ import annotations

import html
import importlib
import posixpath
import re
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import yaml

from ..model.graph import Graph, Page

# An HTML tag, dropped from a heading MkDocs rendered.
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


def plain_title(heading: str) -> str:
    """The text of a title MkDocs took from a heading: it comes as HTML, tags dropped and
    text escaped (``Q&amp;A``), and the panels escape what they show."""
    return html.unescape(heading).strip()


#: MkDocs' meta data (``mkdocs.utils.meta``): YAML between fences, else MultiMarkdown lines.
_YAML_META = re.compile(r"^-{3}[ \t]*\n(.*?\n)(?:\.{3}|-{3})[ \t]*\n", re.DOTALL)
_MMD_META = re.compile(r"^[ ]{0,3}(?P<key>[A-Za-z0-9_-]+):\s*(?P<value>.*)")
_MMD_MORE = re.compile(r"^([ ]{4}|\t)(\s*)(?P<value>.*)")


def mkdocs_meta(doc: str) -> tuple[str, dict[str, Any]]:
    """The Markdown and the meta data of a page, as ``mkdocs.utils.meta.get_data`` splits
    them: YAML MkDocs cannot load leaves the whole text as Markdown and no meta data."""
    found = _YAML_META.match(doc)
    if found is not None:
        try:
            data = yaml.load(found.group(1), yaml.SafeLoader)
        except Exception:  # anything the loader raises, as MkDocs catches it
            return doc, {}
        if isinstance(data, dict):
            return doc[found.end() :].lstrip("\n"), data
        return doc, {}
    meta: dict[str, Any] = {}
    lines = doc.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    key = None
    at = 0
    while at < len(lines):
        line = lines[at]
        if line.strip() == "":
            at += 1
            break
        item = _MMD_META.match(line)
        if item is not None:
            key = item.group("key").lower().strip()
            value = item.group("value").strip()
            meta[key] = f"{meta[key]} {value}" if key in meta else value
        else:
            more = _MMD_MORE.match(line)
            if more is None or key is None:
                break
            meta[key] += " " + more.group("value").strip()
        at += 1
    return "\n".join(lines[at:]).lstrip("\n"), meta


#: The extensions MkDocs always adds to the site's ``markdown_extensions``.
BUILTIN_EXTENSIONS = ("toc", "tables", "fenced_code")
_DEFINITION = re.compile(r"^ {0,3}(?:\[[^\]]+\]:|\*\[[^\]]+\]:)")
_H1 = re.compile(r"\s*<h1(?:\s[^>]*)?>(.*?)</h1\s*>", re.DOTALL)
_HEADERLINK = re.compile(r"<a\s[^>]*class=\"headerlink\"[^>]*>.*?</a>", re.DOTALL)
_FOOTNOTE_REF = re.compile(r"<sup\s[^>]*id=\"fnref[^>]*>.*?</sup>", re.DOTALL)
_IMAGE = re.compile(r"<img\s[^>]*?alt=\"([^\"]*)\"[^>]*>")


class HeadingTitles:
    """The title MkDocs takes from a page's Markdown: its first element, when that is a level-
    one heading, rendered with the site's extensions and read as text (``get_heading_text``:
    no permalink, no footnote marks, images by their alt text, tags dropped).

    Only the page's first block is rendered, with the reference and abbreviation
    definitions its heading may use: the title is all that is wanted.
    """

    def __init__(
        self, extensions: Sequence[Any] = (), configs: Mapping[str, Any] | None = None
    ) -> None:
        self._extensions = list(dict.fromkeys([*BUILTIN_EXTENSIONS, *extensions]))
        self._configs = dict(configs or {})
        self._markdown: Any = None

    def _renderer(self) -> Any:
        if self._markdown is None:
            # Python-Markdown: what MkDocs and Zensical render with (imported when a title is
            # first wanted; it ships no type hints).
            markdown = importlib.import_module("markdown")
            try:
                self._markdown = markdown.Markdown(
                    extensions=self._extensions, extension_configs=self._configs
                )
            except Exception:  # an extension this environment lacks: MkDocs' own three
                self._markdown = markdown.Markdown(extensions=list(BUILTIN_EXTENSIONS))
        return self._markdown

    def __call__(self, text: str) -> str | None:
        head = _first_block(text)
        if not head.strip():
            return None
        renderer = self._renderer()
        try:
            rendered = renderer.reset().convert(head)
        except Exception:  # an extension failing on a page fails MkDocs' build too
            return None
        found = _H1.match(rendered)
        if found is None:
            return None
        inner = _FOOTNOTE_REF.sub("", _HEADERLINK.sub("", found.group(1)))
        inner = _IMAGE.sub(lambda image: image.group(1), inner)
        while (start := inner.find("<!--")) != -1 and (end := inner.find("-->", start)) != -1:
            inner = inner[:start] + inner[end + 3 :]
        inner = _TAG.sub("", inner)
        return " ".join(inner.split()) or None


def _first_block(text: str) -> str:
    lines = text.split("\n")
    head: list[str] = []
    for at, line in enumerate(lines):
        if line.strip() or head:
            if not line.strip():
                rest = [other for other in lines[at:] if _DEFINITION.match(other)]
                return "\n".join([*head, "", *rest])
            head.append(line)
    return "\n".join(head)


class Titles:
    """Titles by page id, each worked out once when first asked for, by MkDocs' rule."""

    def __init__(
        self,
        graph: Graph,
        sources: Mapping[str, str],
        nav: Mapping[str, str] | None = None,
        headings: Callable[[str], str | None] | None = None,
    ) -> None:
        """``sources`` maps each page's docs-relative file to the path to read it from;
        ``nav`` the files the site's nav gives a title."""
        self._pages = graph.pages
        self._sources = sources
        self._nav = nav or {}
        self._headings = headings or HeadingTitles()
        self._titles: dict[str, str] = {}

    def __call__(self, page_id: str) -> str:
        title = self._titles.get(page_id)
        if title is None:
            title = self._titles[page_id] = self._title(self._pages[page_id])
        return title

    def _title(self, page: Page) -> str:
        path = self._sources.get(page.file)
        source = ""
        if path is not None:
            try:
                with open(path, encoding="utf-8-sig", errors="replace") as stream:
                    source = stream.read()
            except OSError:
                source = ""
        markdown, meta = mkdocs_meta(source)
        nav = self._nav.get(page.file)
        raw: object
        if nav is not None:
            raw = nav
        elif "title" in meta:
            raw = meta["title"]
        else:
            raw = self._headings(markdown) or name_title(page.file)
        # As the plugin reads MkDocs' title (plugin.on_env).
        title = str(raw or "")
        if "title" not in meta:
            title = plain_title(title)
        return title or _stem(page.file)


def _stem(file: str) -> str:
    stem = posixpath.splitext(posixpath.basename(file))[0]
    return "index" if stem == "README" else stem

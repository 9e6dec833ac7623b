"""Reads the panel's stable ``data-relation*`` hooks out of built HTML with a real parser."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from html.parser import HTMLParser
from pathlib import Path
from typing import Any


@dataclass
class Element:
    tag: str
    attrs: dict[str, str | None]
    text: str = ""
    #: Attributes of the enclosing elements, innermost last (for "which list is this in").
    ancestors: list[dict[str, str | None]] = field(default_factory=list)
    #: The enclosing element's tag.
    parent: str = ""


class _Collector(HTMLParser):
    VOID = frozenset({"br", "img", "input", "meta", "link", "hr", "circle", "line", "path"})

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.stack: list[Element] = []
        self.elements: list[Element] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        element = Element(
            tag, dict(attrs), ancestors=[e.attrs for e in self.stack], parent=self._parent()
        )
        self.elements.append(element)
        if tag not in self.VOID:
            self.stack.append(element)

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.elements.append(
            Element(
                tag, dict(attrs), ancestors=[e.attrs for e in self.stack], parent=self._parent()
            )
        )

    def _parent(self) -> str:
        return self.stack[-1].tag if self.stack else ""

    def handle_endtag(self, tag: str) -> None:
        for i in range(len(self.stack) - 1, -1, -1):
            if self.stack[i].tag == tag:
                del self.stack[i:]
                break

    def handle_data(self, data: str) -> None:
        for element in self.stack:
            element.text += data


def parse(html: str) -> list[Element]:
    collector = _Collector()
    collector.feed(html)
    return collector.elements


def page_elements(site_dir: Path, page: str) -> list[Element]:
    return parse((site_dir / page).read_text(encoding="utf-8"))


def drawn_elements(browser: Any, site_dir: Path, page: str) -> list[Element]:
    """The page as a reader's browser shows it, opened from disk (file://) once its scripts
    have run: the picture drawn from the panel's lists."""
    tab = browser.new_page()
    try:
        tab.goto((site_dir / page).as_uri())
        tab.wait_for_selector("[data-relations-picture] svg", state="attached")
        return parse(tab.content())
    finally:
        tab.close()


def edges(elements: list[Element]) -> list[tuple[str, str, str, str | None]]:
    """(type, direction, text, href) for every direct edge in the panel: its type and
    direction are its own where it says them, else its group's list's."""
    found = []
    for e in elements:
        if not is_entry(e):
            continue
        said = e.attrs if "data-relation-type" in e.attrs else None
        if said is None:
            said = next(a for a in reversed(e.ancestors) if "data-relation-type" in a)
        found.append(
            (
                str(said["data-relation-type"]),
                str(said["data-relation-direction"]),
                e.text.strip(),
                e.attrs.get("href") if e.tag == "a" else None,
            )
        )
    return found


def is_entry(e: Element) -> bool:
    """Whether an element is an entry of the panel's groups: the link right inside its
    ``li`` (a note's links are inside the note), or a red link's ``span``."""
    if "relations__redlink" in str(e.attrs.get("class")).split():
        return True
    return (
        e.tag == "a"
        and e.parent == "li"
        and any("relations__groups" in str(a.get("class")) for a in e.ancestors)
    )


def headings(elements: list[Element]) -> list[str]:
    """The panel's group headings: the terms of its groups' list."""
    return [
        e.text.strip()
        for e in elements
        if e.tag == "dt" and "relations__groups" in str(e.ancestors[-1].get("class"))
    ]


def reach(elements: list[Element], relation: str, reverse: bool) -> list[tuple[int, str]]:
    """(hops, title) of the links in one transitive list."""
    wanted = (relation, "true" if reverse else "false")
    found = []
    for e in elements:
        if e.tag != "a":
            continue
        item = next((a for a in reversed(e.ancestors) if "data-relation-hops" in a), None)
        owner = next((a for a in reversed(e.ancestors) if "data-relation-reach" in a), None)
        if item is None or owner is None:
            continue
        if (owner["data-relation-reach"], owner["data-relation-reverse"]) == wanted:
            found.append((int(str(item["data-relation-hops"])), e.text.strip()))
    return found


def panels(elements: list[Element]) -> list[Element]:
    return [e for e in elements if "data-relations-panel" in e.attrs]


#: The attributes that mark the plugin's additions to a page (panel, finder, jump line,
#: trail, mentions): what :func:`reader_view` reads.
ADDED = (
    "data-relations-panel",
    "data-relations-pathfinder",
    "data-relations-jump",
    "data-relations-breadcrumbs",
    "data-relations-mentions",
)
#: What a reader never sees as text: code, styles, templates and the picture's definitions.
_UNSEEN = frozenset({"script", "style", "template", "defs", "noscript"})
#: Attributes a reader sees or hears: tooltips and accessible names.
_TOLD = ("title", "aria-label", "placeholder")


class _ReaderView(HTMLParser):
    """What a reader without JavaScript sees of the plugin's additions, in document order."""

    def __init__(self, url: str) -> None:
        super().__init__(convert_charrefs=True)
        self.url = url
        self.stack: list[tuple[str, bool, bool]] = []  # (tag, inside an addition, seen)
        self.lines: list[str] = []
        self.text: list[str] = []

    def _flush(self) -> None:
        text = " ".join(" ".join(self.text).split())
        if text:
            self.lines.append(f"text {text}")
        self.text = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = dict(attrs)
        inside, seen = self.stack[-1][1:] if self.stack else (False, True)
        inside = inside or any(name in found for name in ADDED)
        seen = seen and tag not in _UNSEEN and "hidden" not in found
        if inside and seen:
            self._flush()
            href = found.get("href") or found.get("xlink:href")
            if tag == "a" and href is not None:
                self.lines.append(f"link {_resolved(self.url, href)}")
            for name in _TOLD:
                if found.get(name):
                    self.lines.append(f"{name} {' '.join(str(found[name]).split())}")
        if tag not in _Collector.VOID and tag not in ("rect", "marker"):
            self.stack.append((tag, inside, seen))

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.handle_starttag(tag, attrs)
        if self.stack and self.stack[-1][0] == tag:
            self.stack.pop()

    def handle_endtag(self, tag: str) -> None:
        for i in range(len(self.stack) - 1, -1, -1):
            if self.stack[i][0] == tag:
                if self.stack[i][1] and self.stack[i][2]:
                    self._flush()
                del self.stack[i:]
                break

    def handle_data(self, data: str) -> None:
        if self.stack and self.stack[-1][1] and self.stack[-1][2]:
            self.text.append(data)


def _resolved(url: str, href: str) -> str:
    """A link as the site path it leads to, whatever form it is written in."""
    parts = url.split("/")[:-1]
    link, hash_, fragment = href.partition("#")
    if not link:
        return f"{url}#{fragment}" if hash_ else url
    for part in link.split("/"):
        if part == "..":
            parts = parts[:-1]
        elif part not in ("", "."):
            parts.append(part)
    resolved = "/".join(parts) + ("/" if link.endswith("/") else "")
    return resolved + (f"#{fragment}" if hash_ else "")


def reader_view(html: str, url: str) -> list[str]:
    """The plugin's additions to a page as a reader without JavaScript meets them: each run of
    visible text, each link (as the site path it leads to), each tooltip and accessible name,
    in document order. Hidden parts (the finder before its script runs) are not seen.
    ``url`` is the page's path in the site (``a/b/index.html``)."""
    parser = _ReaderView(url)
    parser.feed(html)
    parser._flush()
    return parser.lines


def finder_form(site_dir: Path) -> list[Element]:
    """The path finder's form as the site's form script holds it (every page's placeholder
    is filled from it)."""
    from mkdocs_relations.output.site_files import FINDER_API, SCRIPT

    text = (site_dir / SCRIPT).read_text("utf-8")
    assignment = f"window.{FINDER_API}.start("
    start = text.index(assignment) + len(assignment)
    return parse(str(json.JSONDecoder().raw_decode(text, start)[0]))

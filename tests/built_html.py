"""Reads the panel's stable ``data-relation*`` hooks out of built HTML with a real parser."""

from __future__ import annotations

from dataclasses import dataclass, field
from html.parser import HTMLParser
from pathlib import Path


@dataclass
class Element:
    tag: str
    attrs: dict[str, str | None]
    text: str = ""
    #: Attributes of the enclosing elements, innermost last (for "which list is this in").
    ancestors: list[dict[str, str | None]] = field(default_factory=list)


class _Collector(HTMLParser):
    VOID = frozenset({"br", "img", "input", "meta", "link", "hr", "circle", "line", "path"})

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.stack: list[Element] = []
        self.elements: list[Element] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        element = Element(tag, dict(attrs), ancestors=[e.attrs for e in self.stack])
        self.elements.append(element)
        if tag not in self.VOID:
            self.stack.append(element)

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.elements.append(Element(tag, dict(attrs), ancestors=[e.attrs for e in self.stack]))

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


def edges(elements: list[Element]) -> list[tuple[str, str, str, str | None]]:
    """(type, direction, text, href) for every direct edge in the panel."""
    return [
        (
            str(e.attrs["data-relation-type"]),
            str(e.attrs["data-relation-direction"]),
            e.text.strip(),
            e.attrs.get("href") if e.tag == "a" else None,
        )
        for e in elements
        if "data-relation-type" in e.attrs
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

"""Reads the answers of ``relations`` blocks out of built HTML through their data hooks."""

from __future__ import annotations

from dataclasses import dataclass, field
from html.parser import HTMLParser


@dataclass
class Cell:
    pages: list[str] = field(default_factory=list)
    missing: list[str] = field(default_factory=list)
    text: str = ""
    #: A cell of several items lists them one a line: each item's text ("and N more" left out).
    items: list[str] = field(default_factory=list)


@dataclass
class Row:
    key: str
    cells: dict[str, Cell] = field(default_factory=dict)
    #: Keys of the rows nested in this one (tree).
    parent: str | None = None
    text: str = ""


@dataclass
class Answer:
    show: str
    rows: list[Row] = field(default_factory=list)
    text: str = ""
    svg_links: list[str] = field(default_factory=list)
    columns: list[str] = field(default_factory=list)


class _Reader(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.answers: list[Answer] = []
        self.depth = 0  # open elements inside the current answer
        self.rows: list[Row] = []  # open rows, innermost last
        self.row_depths: list[int] = []
        self.cell: Cell | None = None
        self.summary = False

    def handle_starttag(self, tag: str, attrs_list: list[tuple[str, str | None]]) -> None:
        attrs = dict(attrs_list)
        if "data-relations-query" in attrs:
            self.answers.append(Answer(str(attrs["data-relations-show"])))
            self.depth = 1
            return
        if not self.depth:
            return
        if tag not in ("circle", "line", "path", "br"):
            self.depth += 1
        answer = self.answers[-1]
        if "data-relations-row" in attrs and tag in ("tr", "li"):
            parent = self.rows[-1].key if self.rows else None
            row = Row(str(attrs["data-relations-row"]), parent=parent)
            answer.rows.append(row)
            self.rows.append(row)
            self.row_depths.append(self.depth)
        elif tag == "th" and "data-relations-column" in attrs:
            answer.columns.append(str(attrs["data-relations-column"]))
        elif tag == "td" and self.rows:
            # A cell's column is its heading's, by position.
            row = self.rows[-1]
            self.cell = row.cells.setdefault(answer.columns[len(row.cells)], Cell())
        elif tag == "li" and self.cell is not None:
            self.cell.items.append("")
        elif tag == "summary" and self.cell is not None:
            self.summary = True
        elif "data-relations-page" in attrs and self.cell is not None:
            self.cell.pages.append(str(attrs["data-relations-page"]))
        elif "data-relations-missing" in attrs and self.cell is not None:
            self.cell.missing.append("")
        elif tag == "a" and "xlink:href" in attrs:
            answer.svg_links.append(str(attrs["xlink:href"]))

    def handle_endtag(self, tag: str) -> None:
        if not self.depth or tag in ("circle", "line", "path", "br"):
            return
        if tag == "td":
            self.cell = None
        if tag == "summary":
            self.summary = False
        if self.row_depths and self.row_depths[-1] == self.depth:
            self.rows.pop()
            self.row_depths.pop()
        self.depth -= 1

    def handle_data(self, data: str) -> None:
        if not self.depth:
            return
        self.answers[-1].text += data
        if self.cell is not None and not self.summary:
            self.cell.text += data
            if self.cell.items:
                self.cell.items[-1] += data
        if self.rows:
            self.rows[-1].text += data


def answers(html: str) -> list[Answer]:
    reader = _Reader()
    reader.feed(html)
    return reader.answers

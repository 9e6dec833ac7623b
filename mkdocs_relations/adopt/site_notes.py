"""What ``init`` tells of the site itself: its home page, the panel's title beside the
pages' own headings, and frontmatter the theme shows in a way the vault never meant.

A vault written for another tool names its section pages its own way (Hugo's ``_index.md``,
GitHub's ``README.md``), and many wikis keep a "## Relationships" section of their own; the
panel's heading, also "Relationships", would then show twice in each page's table of
contents. Both are read from the vault, never guessed.

Plain Python: no MkDocs import.
"""

from __future__ import annotations

import posixpath
import re
from collections import Counter
from collections.abc import Iterable, Mapping

from ..model.diagnostics import plural
from .wikilink_survey import prose_lines

#: ATX headings; a look, not a parse (fenced code is skipped).
_HEADING = re.compile(r" {0,3}#{1,6}[ \t]+(.*)")
#: Past this, a page's text is not read (a look, not a parse).
_PAGE_BYTES = 2_000_000
#: The panel's own title, to tell apart from pages that hold the same heading.
PANEL_TITLE = "Relationships"
#: Titles for the panel where the pages already use its own, first one no page uses wins.
OTHER_TITLES = ("Related pages", "Linked pages", "Connections", "Relations")
#: A heading this share of the pages hold (and at least this many) is the wiki's own section.
_SHARE = 0.1
_AT_LEAST = 5


def home_page_note(sources: Mapping[str, str], shown_docs: str) -> str | None:
    """The note for a docs folder whose top has no page MkDocs serves as the home page."""
    roots = {path.lower() for path in sources if "/" not in path}
    if roots & {"index.md", "readme.md"}:
        return None
    underscored = sorted(p for p in sources if posixpath.basename(p).lower() == "_index.md")
    readmes = sorted(p for p in sources if posixpath.basename(p).lower() == "readme.md")
    note = "note: the docs folder has no index.md, so the site will have no home page"
    if "_index.md" in roots:
        note += (
            f"; {shown_docs}/_index.md is the home page in Hugo's naming, which MkDocs does not "
            "serve as a folder's index (it publishes it at /_index/): rename it to index.md"
        )
        others = [p for p in underscored if "/" in p]
        if others:
            note += (
                f", and the {len(others)} other _index.md file{'s' if len(others) > 1 else ''} "
                f"(e.g. {shown_docs}/{others[0]}) likewise, or their folders' addresses show no "
                "page"
            )
    else:
        note += "; add one (or rename the vault's home page to index.md)"
    if readmes:
        note += (
            f"; a README.md is served as its folder's index already ({shown_docs}/{readmes[0]}"
            + (f" and {len(readmes) - 1} more" if len(readmes) > 1 else "")
            + ")"
        )
    return note


def theme_source_note(
    theme: str, metas: Iterable[tuple[str, Mapping[str, object]]], shown_docs: str
) -> str | None:
    """MkDocs' own theme lists a page's ``source:`` above its text as labels, one per item
    (it means the page's source files): a vault's ``source: https://...`` is text, so the
    page opens with a label per character. Said where the site's theme is that one."""
    if theme != "mkdocs":
        return None
    files = sorted(file for file, meta in metas if isinstance(meta.get("source"), str))
    if not files:
        return None
    return (
        f"note: 'source:' is text on {plural(len(files), 'page')} (e.g. {shown_docs}/"
        f"{files[0]}); theme mkdocs lists a page's source: above it as labels, one per "
        "character of text: install mkdocs-material and set theme: material, or rename the "
        "key (e.g. url:)"
    )


def own_headings(sources: Mapping[str, str]) -> Counter[str]:
    """Pages holding each heading text (case-folded), read from every page's text."""
    pages: Counter[str] = Counter()
    for file in sources.values():
        pages.update(_headings(file))
    return pages


def panel_labels(headings: Counter[str], pages: int) -> tuple[int, dict[str, str]] | None:
    """(pages holding the panel's title as a heading, the labels to set) where many do."""
    holding = headings[PANEL_TITLE.casefold()]
    if holding < _AT_LEAST or holding < _SHARE * pages:
        return None
    title = next((t for t in OTHER_TITLES if not headings[t.casefold()]), OTHER_TITLES[0])
    # The jump line under a long page's title names the panel too: the same words, so a
    # reader who follows it lands on the heading it named.
    return holding, {"title": title, "jump": title}


def panel_title_note(holding: int, labels: Mapping[str, str], written: bool, config: str) -> str:
    """What init says of the panel's title, written or to write."""
    title = labels["title"]
    why = (
        f"{plural(holding, 'page')} already have a '{PANEL_TITLE}' heading of their own, so "
        "the panel's would show twice in their table of contents"
    )
    if written:
        return (
            f"  labels: title and jump '{title}' (not '{PANEL_TITLE}'): {why}; to change it, "
            f"edit labels: in {config}"
        )
    return (
        f"note: {why}; to tell them apart, add under the relations plugin in {config}: "
        f"labels: {{title: {title}, jump: {title}}}"
    )


def _heading_text(text: str) -> str:
    """An ATX heading's text without its closing ``#`` sequence (no regular expression
    backtracks over a hostile line of spaces)."""
    text = text.replace("\t", " ").strip()
    head, _, tail = text.rpartition(" ")
    if tail and not tail.strip("#"):
        text = head.rstrip()
    elif not text.strip("#"):
        text = ""
    return text.casefold()


def _headings(file: str) -> set[str]:
    try:
        with open(file, encoding="utf-8-sig", errors="replace") as stream:
            lines = stream.read(_PAGE_BYTES).split("\n")
    except OSError:
        return set()
    found = set()
    for line in prose_lines(lines):
        if line.lstrip().startswith("#"):
            heading = _HEADING.match(line)
            if heading:
                found.add(_heading_text(heading.group(1)))
    return found

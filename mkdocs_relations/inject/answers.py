"""``relations`` blocks and the overview answered in a page another generator built.

The generator printed a block as a code listing and kept ``<!-- relations/overview -->`` as a
comment; each is replaced by the answer the plugin would have put there.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from ..output.page_additions import PageAdditions
from ..query.overview import MARKER as OVERVIEW
from ..query.overview import overview_markdown
from ..query.page_blocks import BlockAnswers
from ..query.rule_checks import RuleReport, with_rules
from .html_places import code_blocks


def block_answers(
    blocks: BlockAnswers,
    file: str,
    text: str,
    url: str,
    additions: PageAdditions,
    lost: list[tuple[str, int]],
) -> list[tuple[int, int, str]]:
    """(start, end, answer) for each block of the page, in place of its listing.

    A listing is known by its text (the block's YAML), in the page's order; a block whose
    listing is not found (another extension changed it) is added to ``lost``, to be reported
    as the plugin reports it.
    """
    listings = code_blocks(text)
    texts = [_listing_text(listing.text) for listing in listings]
    places = []
    at = 0
    for pending, answer in blocks.answers(file, additions.references(url), additions.renderer):
        wanted = _listing_text(pending.source)
        found = next(
            (i for i in range(at, len(listings)) if texts[i] == wanted),
            None,
        )
        if found is None:
            lost.append((file, pending.file_line()))
            continue
        places.append((listings[found].start, listings[found].end, answer))
        at = found + 1
    return places


def overview_answers(
    blocks: BlockAnswers,
    file: str,
    text: str,
    url: str,
    additions: PageAdditions,
    title: Callable[[str], str],
    rules: RuleReport | None = None,
) -> list[tuple[int, int, str]]:
    """The overview's HTML in place of each ``<!-- relations/overview -->`` the generator
    kept as a comment, answered as the plugin answers it (its blocks are the overview's
    own, so they are checked and answered apart from the page's)."""
    own = BlockAnswers(blocks.wiki, blocks.max_hops, blocks.labels)
    own.engine(additions.builder.index, title)
    overview = with_rules(overview_markdown(blocks.labels), rules, blocks.labels)
    markdown = own.collect(overview, file, None, 0)
    html = markdown_to_html(markdown)
    html, _ = own.answer(file, html, additions.references(url), additions.renderer)
    places = []
    at = text.find(OVERVIEW)
    while at != -1:
        places.append((at, at + len(OVERVIEW), html))
        at = text.find(OVERVIEW, at + len(OVERVIEW))
    return places


def markdown_to_html(markdown: str) -> str:
    """The overview's Markdown as HTML, headings with ids as MkDocs gives them."""
    import markdown as python_markdown  # MkDocs', ProperDocs' and Zensical's renderer

    return str(python_markdown.markdown(markdown, extensions=["toc"]))


def _listing_text(text: str) -> str:
    # Spaces and tabs compare as one space: a generator may expand a tab in a listing.
    return "\n".join(_BLANKS.sub(" ", line).rstrip() for line in text.strip("\n").split("\n"))


_BLANKS = re.compile(r"[ \t]+")

"""``relations`` blocks in a build: checked while pages are read, answered once titles are known.

Two phases, as for cross-references: a page's title is only known once MkDocs has rendered
it, so while pages are read each block is checked and replaced by a placeholder, and once
every page is rendered each placeholder becomes the answer. The command line's lint runs
the same check over the files' text.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, replace
from functools import cached_property
from typing import TYPE_CHECKING

from ..frontmatter.page import page_id_for
from ..model.diagnostics import Diagnostic
from ..model.paths import PathIndex
from ..output.records import PageRef
from ..output.render import Renderer
from ..wiki.page_set import file_bytes
from ..wiki.pipeline import Wiki
from .fences import NAME, find_blocks, marker_lines, replace_blocks, replace_lines
from .overview import MARKER as OVERVIEW

if TYPE_CHECKING:  # the reader, engine and views load with a site's first block
    from .engine import QueryEngine
    from .parser import QueryReader
    from .query_parts import Query

#: A placeholder, alone in its paragraph or not.
_TOKEN = re.compile(r"(<p>)?(relationsqueryblock[0-9a-f]{16}x[0-9]+x)(?(1)</p>)")


@dataclass(frozen=True)
class Pending:
    token: str
    query: Query | None
    #: The block's text between its fences, as a generator that does not answer it prints it.
    source: str
    #: Line of the block's opening fence in the Markdown (past the frontmatter), for a
    #: placeholder that went missing.
    line: int
    #: Lines before the Markdown, or how to work them out.
    offset: int | Callable[[], int] = 0

    def file_line(self) -> int:
        return self.line + (self.offset if isinstance(self.offset, int) else self.offset())


class BlockAnswers:
    """The blocks of one build. Create it once the graph is loaded; it holds no MkDocs objects."""

    def __init__(
        self,
        wiki: Wiki,
        max_hops: int,
        labels: Mapping[str, str],
        overview: Callable[[], str] | None = None,
        overview_file: str | None = None,
    ) -> None:
        """``overview()``: the overview's Markdown, for a page that holds its marker (in a
        build); ``overview_file``: the overview's own page (``overview:``), if any."""
        self.wiki = wiki
        self.overview = overview
        self.overview_file = overview_file
        self.max_hops = max_hops
        self.labels = labels
        self.diagnostics: list[Diagnostic] = []
        self.pending: dict[str, list[Pending]] = {}
        self._engine: QueryEngine | None = None
        self._count = 0
        #: Pages ``list: pages`` leaves out: wiki-config.md and every overview page (filled
        #: while pages are read; the engine reads this same set when it answers).
        self.unlisted: set[str] = {wiki.config_page_id} if wiki.config_page_id else set()

    @cached_property
    def reader(self) -> QueryReader:
        """What reads the blocks' text: made for a site's first block, as most sites have
        none and a build would otherwise import the whole query language for nothing."""
        from .parser import QueryReader

        return QueryReader(self.wiki.graph.vocabulary, self.wiki.resolver, self.max_hops)

    def engine(
        self, index: PathIndex | None = None, title: Callable[[str], str] | None = None
    ) -> QueryEngine:
        """The engine that answers; the first call sets its path index and its titles."""
        if self._engine is None:
            from .engine import QueryEngine

            resolver = self.wiki.resolver
            self._engine = QueryEngine(
                self.wiki.graph,
                index,
                self.labels,
                title,
                unlisted=self.unlisted,
                matches=lambda target, source: len(resolver.resolve(target, source).candidates),
            )
        return self._engine

    def collect(
        self,
        markdown: str,
        file: str,
        page_id: str | None,
        line_offset: int | Callable[[], int],
    ) -> str:
        """Check the page's blocks and put a placeholder where each one was.

        ``line_offset`` is the number of file lines before ``markdown`` (the frontmatter), or
        a function that works it out, called only for a page that has blocks.
        """
        blocks = find_blocks(markdown)
        if not blocks:
            return markdown
        # A page cannot contain a digest of itself, so no paragraph of it reads like one of
        # its placeholders (a plain counter could be typed in by an author).
        digest = hashlib.sha256(markdown.encode("utf-8", "surrogatepass")).hexdigest()[:16]
        tokens = []
        problems: list[Diagnostic] = []
        for block in blocks:
            # Lines count from the Markdown's start; the frontmatter's are added below,
            # only when there is something to report (working them out reads the file).
            line = block.first_line + 1
            query, found = self.reader.read(block.source, file, line, page_id)
            if not block.closed:
                found.append(_unclosed(file, line - 1))
                query = None
            problems += found
            self._count += 1
            # Letters and digits only: Markdown leaves it alone in any container.
            token = f"relationsqueryblock{digest}x{self._count}x"
            self.pending.setdefault(file, []).append(
                Pending(token, query, block.source, line - 1, line_offset)
            )
            tokens.append(token)
        if problems:
            offset = line_offset if isinstance(line_offset, int) else line_offset()
            self.diagnostics += [replace(d, line=d.line + offset) for d in problems]
        return replace_blocks(markdown, blocks, tokens)

    def page(self, markdown: str, file: str, line_offset: Callable[[], int]) -> str:
        """A page's Markdown as a build reads it: its blocks collected, and where the
        overview's marker stands on a line of its own, the overview. The overview's page,
        by marker or as ``overview_file``, is left out of ``list: pages``."""
        if NAME not in markdown and file != self.overview_file:
            return markdown  # most pages: neither a block nor the marker (both hold the name)
        page_id = page_id_for(file)
        markdown = self.collect(markdown, file, page_id, line_offset)
        lines = marker_lines(markdown, OVERVIEW) if self.overview is not None else []
        if lines and self.overview is not None:
            text = self.collect(self.overview(), file, None, 0)
            markdown = replace_lines(markdown, lines, text)
            self.unlisted.add(page_id)
        elif file == self.overview_file:
            self.unlisted.add(page_id)
        return markdown

    def answer(
        self, file: str, html: str, ref: Callable[[str], PageRef], renderer: Renderer
    ) -> tuple[str, list[int]]:
        """The page's HTML with answers in place; and the lines of blocks whose placeholder
        did not reach the HTML (another extension or plugin removed it)."""
        found = dict(
            (pending.token, (pending, answer))
            for pending, answer in self.answers(file, ref, renderer)
        )
        if not found:
            return html, []
        placed: set[str] = set()

        def place(match: re.Match[str]) -> str:
            token = match.group(2)
            known = found.get(token)
            if known is None:
                return match.group(0)
            placed.add(token)
            return known[1]

        # One pass over the page for all its blocks (a replace per block made 10,000 blocks
        # on a page quadratic); a placeholder alone in its paragraph takes the paragraph.
        html = _TOKEN.sub(place, html)
        lost = [pending.file_line() for token, (pending, _) in found.items() if token not in placed]
        return html, lost

    def _symmetric(self, relation: str) -> bool:
        return self.wiki.graph.vocabulary.get_or_unknown(relation).symmetric

    def answers(
        self, file: str, ref: Callable[[str], PageRef], renderer: Renderer
    ) -> list[tuple[Pending, str]]:
        """Each block of the page with its answer's HTML, in the page's order."""
        from .views import build_view, render_view

        found = []
        engine = self.engine()
        for pending in self.pending.get(file, ()):
            if pending.query is None:
                answer = ""  # reported as a diagnostic; the build fails unless told not to
            else:
                result = engine.answer(pending.query)
                view = build_view(
                    result,
                    ref,
                    engine.step_label,
                    self.labels,
                    symmetric=self._symmetric,
                    type_word=self.wiki.graph.vocabulary.word,
                )
                answer = render_view(renderer, view)
            found.append((pending, answer))
        return found


def _unclosed(file: str, line: int) -> Diagnostic:
    return Diagnostic(
        file,
        line,
        "invalid-query",
        "this relations block is never closed, so the rest of the page would vanish into "
        "it; end it with a fence like the one that opens it",
    )


def check_files(
    wiki: Wiki,
    files: Iterable[tuple[str, str]],
    max_hops: int,
    read: Callable[[str], bytes | None] | None = None,
) -> list[Diagnostic]:
    """Diagnostics for the blocks in ``(docs-relative name, path)`` files, for the CLI's lint."""
    return collect_files(wiki, files, max_hops, read=read).diagnostics


def collect_files(
    wiki: Wiki,
    files: Iterable[tuple[str, str]],
    max_hops: int,
    labels: Mapping[str, str] | None = None,
    read: Callable[[str], bytes | None] | None = None,
) -> BlockAnswers:
    """The blocks of ``(docs-relative name, path)`` files, checked, ready to be answered.

    Each file is read once, as bytes (by ``read`` where given: a revision's from memory);
    one without the word ``relations`` is not decoded.
    """
    answers = BlockAnswers(wiki, max_hops, labels or {})
    graph_pages = {page.file: page.id for page in wiki.graph.pages.values()}
    for name, path in files:
        data = (read or file_bytes)(path)
        if data is None:
            continue  # the frontmatter reader has reported it
        if b"relations" not in data:  # most pages: no decoding, no scan
            continue
        text = data.decode("utf-8-sig", errors="replace")
        if "\r" in text:
            text = text.replace("\r\n", "\n").replace("\r", "\n")
        answers.collect(text, name, graph_pages.get(name), 0)
        if name in graph_pages and OVERVIEW in text:
            answers.unlisted.add(graph_pages[name])
    return answers

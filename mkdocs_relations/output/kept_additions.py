"""Pages' additions kept across the rebuilds of one ``mkdocs serve``, as far as a change allows.

A page's panel, trail, "Mentioned in" list and finder are made from its neighbourhood in the
graph (reach goes ``max_hops`` steps out, and looks one step further to say whether there is
more), the titles and URLs of the pages they name, and settings every page shares (display
options, labels, the vocabulary, the types the finder offers, the templates). A rebuild
compares each page's record, title and URL with the previous build's: every page within
``max_hops + 2`` steps of a page that differs, in the old graph or the new one, is rendered
again (the trail climbs without a bound, so with ``breadcrumbs`` a change reaches its whole
connected part); every other page gets what it got before, byte for byte. A change of any
shared setting renders everything again.

Never used by ``mkdocs build``: the plugin makes one only under ``serve``, in the
:class:`ServeSession` it keeps from ``on_startup`` to ``on_shutdown``.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..model.graph import Graph
from ..wiki.parsed_files import ParsedFiles
from ..wiki.pipeline import Options, Wiki
from .labels import Labels
from .page_additions import Display, Rendered
from .panel import Panel
from .site_files import graph_files

#: How many steps past ``max_hops`` a change can show: reach looks one layer further, and a
#: changed page changes the incoming edges of the pages it links.
_MARGIN = 2


@dataclass(frozen=True)
class Settings:
    """What every page's additions share; any change renders every page again."""

    display: Display
    #: The types the finder offers, the vocabulary's entries, and the template folders with
    #: the modification times of the plugin's templates found there.
    types: tuple[str, ...]
    vocabulary: tuple[Hashable, ...]
    templates: tuple[tuple[str, int], ...]


def settings_of(graph: Graph, display: Display, template_dirs: Sequence[str]) -> Settings:
    used = sorted({edge.type for edge in graph.resolved_edges()})
    return Settings(
        display,
        tuple(used),
        tuple((name, repr(kind)) for name, kind in graph.vocabulary.items()),
        tuple(_templates(template_dirs)),
    )


def _templates(folders: Iterable[str]) -> Iterable[tuple[str, int]]:
    for folder in folders:
        path = os.path.join(folder, "relations")
        try:
            names = sorted(os.listdir(path))
        except OSError:
            continue
        for name in names:
            try:
                yield os.path.join(path, name), os.stat(os.path.join(path, name)).st_mtime_ns
            except OSError:
                continue


class KeptAdditions:
    """What each page got in the previous build, reusable while nothing it shows changed.

    Kept as text (the HTML, and whether the page had a panel), never as the panel's data: a
    rebuild's garbage collections walk every object the session keeps, and a page's panel
    data is dozens of them. A reused page's panel data is built again if a template reads it
    (``later``).
    """

    def __init__(self) -> None:
        self._settings: Settings | None = None
        #: The last build's wiki and pages (page id -> title, URL), and who links whom in it.
        self._wiki: Wiki | None = None
        self._pages: Mapping[str, tuple[str, str]] = {}
        self._neighbours: dict[str, tuple[str, ...]] = {}
        #: page id -> (URL, who mentions it as shown, top, bottom, jump, had a panel).
        self._rendered: dict[str, tuple[str, Hashable, str, str, str, bool]] = {}
        #: The files every page shares (the finder's form), made from the settings alone.
        self._site_files: dict[str, str] | None = None
        #: Pages rendered again in this build, and pages whose additions were reused.
        self.rendered = 0
        self.reused = 0

    def start(self, wiki: Wiki, pages: Mapping[str, tuple[str, str]], settings: Settings) -> bool:
        """A new build: forget what the change since the last one reaches; whether anything
        is left to reuse."""
        self.rendered = self.reused = 0
        old = self._wiki
        if old is wiki:  # no page's frontmatter changed (a body saved): only titles, URLs
            neighbours = self._neighbours
            changed = {
                page for page in pages.keys() | self._pages.keys()
                if pages.get(page) != self._pages.get(page)
            }  # fmt: skip
        else:
            neighbours = _neighbours(wiki.graph)
            records = _records(wiki.graph, wiki.suspect, pages)
            before = {} if old is None else _records(old.graph, old.suspect, self._pages)
            changed = {
                page for page in records.keys() | before.keys()
                if records.get(page) != before.get(page)
            }  # fmt: skip
        if settings != self._settings:
            self._rendered.clear()
            self._site_files = None
        elif changed:
            if settings.display.breadcrumbs:
                radius = len(pages) + len(self._pages)
            else:
                radius = settings.display.max_hops + _MARGIN
            for page in _within(changed, radius, (neighbours, self._neighbours)):
                self._rendered.pop(page, None)
        self._settings, self._wiki, self._pages = settings, wiki, dict(pages)
        self._neighbours = neighbours
        return bool(self._rendered)

    def site_files(self, make: Callable[[], dict[str, str]]) -> dict[str, str]:
        """``make()``, the last build's while the settings are (call :meth:`start` first)."""
        if self._site_files is None:
            self._site_files = make()
        return self._site_files

    def get(
        self,
        page_id: str,
        url: str,
        mentions: Hashable,
        render: Callable[[str, str], Rendered],
        later: Callable[[str, str], Panel],
    ) -> Rendered:
        """What the page got last time, if it is the same; else ``render(page_id, url)``.
        ``mentions``: the pages listed under the panel, as shown; ``later``: the page's panel
        data, built when first read."""
        kept = self._rendered.get(page_id)
        if kept is not None and kept[0] == url and kept[1] == mentions:
            self.reused += 1
            _, _, top, bottom, jump, had_panel = kept
            return Rendered(top, bottom, later(page_id, url) if had_panel else None, jump)
        shown = render(page_id, url)
        self.rendered += 1
        self._rendered[page_id] = (
            url, mentions, shown.top, shown.bottom, shown.jump, shown.panel is not None
        )  # fmt: skip
        return shown


def _records(
    graph: Graph, suspect: frozenset[tuple[str, int]], pages: Mapping[str, tuple[str, str]]
) -> dict[str, object]:
    marked: dict[str, set[int]] = {}
    for source, line in suspect:
        marked.setdefault(source, set()).add(line)
    found: dict[str, object] = {}
    for page_id in graph.pages.keys() | pages.keys():
        # Page records are frozen and compare by value: edges, title, meta, hide_panel.
        record = graph.pages.get(page_id)
        found[page_id] = (
            None if record is None else _Same(record),
            pages.get(page_id),
            frozenset(marked.get(page_id, ())),
        )
    return found


class _Same:
    """A page record compared by value (its ``meta`` is a dict, so it has no hash)."""

    __slots__ = ("record",)

    def __init__(self, record: object) -> None:
        self.record = record

    def __eq__(self, other: object) -> bool:
        return isinstance(other, _Same) and self.record == other.record

    __hash__ = None  # type: ignore[assignment]


def _neighbours(graph: Graph) -> dict[str, tuple[str, ...]]:
    found: dict[str, set[str]] = {}
    for edge in graph.edges():
        if edge.target_id is not None:
            found.setdefault(edge.source, set()).add(edge.target_id)
            found.setdefault(edge.target_id, set()).add(edge.source)
    # Kept as tuples of text: the garbage collector stops tracking those, and a rebuild's
    # collections walk every object the session keeps.
    return {page: tuple(others) for page, others in found.items()}


def _within(
    start: set[str], radius: int, graphs: Sequence[Mapping[str, tuple[str, ...]]]
) -> set[str]:
    """Pages at most ``radius`` steps from ``start`` along edges of either graph, either way."""
    seen = set(start)
    layer = list(start)
    for _ in range(radius):
        following = []
        for page in layer:
            for neighbours in graphs:
                for other in neighbours.get(page, ()):
                    if other not in seen:
                        seen.add(other)
                        following.append(other)
        if not following:
            break
        layer = following
    return seen


#: Reads the wiki and its rules: (pages, options, max_hops, frontmatter reader).
Reader = Callable[[Mapping[str, str], Options, int, ParsedFiles], tuple[Wiki, Any]]


@dataclass
class ServeSession:
    """What one ``mkdocs serve`` keeps from one rebuild to the next, for its own site only."""

    parsed: ParsedFiles = field(default_factory=ParsedFiles)
    kept: KeptAdditions = field(default_factory=KeptAdditions)
    #: The configuration file of the session's site, set by its first build.
    config_file: str | None = None
    #: The last read: (options, max_hops) and what it read.
    last: tuple[tuple[Options, int], tuple[Wiki, Any]] | None = None
    #: The last build's graph files: what they were made from, and their bytes.
    files: tuple[tuple[Any, ...], Mapping[str, bytes]] | None = None

    def owns(self, config_file: str | None) -> bool:
        """Whether a build of ``config_file`` is one of this session's rebuilds: MkDocs keeps
        a plugin with ``on_startup`` for the life of the process, so a build of another site
        in the same process must not see this one's pages."""
        if self.config_file is None:
            self.config_file = config_file
        return config_file is not None and self.config_file == config_file

    def read(
        self, sources: Mapping[str, str], options: Options, max_hops: int, reader: Reader
    ) -> tuple[Wiki, Any]:
        """The wiki (and its rules) the last rebuild read, where no page's frontmatter and no
        option changed since (a body edited: the common save); else read again, reusing
        every unchanged file's parse. Not where a reviewed-edges file makes the pages' bodies
        part of the lint (suspect edges)."""
        self.parsed.start()
        same = self.parsed.unchanged(sources)
        key = (options, max_hops)
        last = self.last
        if same and last is not None and last[0] == key:
            reviewed = last[1][0].confirmations
            if reviewed is None or not reviewed.exists:
                return last[1]
        read = reader(sources, options, max_hops, self.parsed)
        self.last = (key, read)
        return read

    def graph_files(
        self,
        graph: Graph,
        pages: Mapping[str, tuple[str, str]],
        max_hops: int,
        labels: Labels | None = None,
    ) -> Mapping[str, bytes]:
        """:func:`~.site_files.graph_files`, the last build's bytes while the graph (the same
        object: no frontmatter changed), the pages' titles and URLs, and the labels are."""
        key = (
            max_hops,
            None if labels is None else (labels.vocabulary, labels.overrides),
            dict(pages),
        )
        last = self.files
        if last is not None and last[0][0] is graph and last[0][1:] == key:
            return last[1]
        made = graph_files(graph, pages, max_hops, labels)
        self.files = ((graph, *key), made)
        return made

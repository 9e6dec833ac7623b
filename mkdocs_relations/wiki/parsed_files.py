"""Each page's frontmatter as read, kept across the rebuilds of one ``mkdocs serve``.

An author saves one page and MkDocs builds the whole site again; parsing every other page's
YAML again would find what it found before. A file is read again when its identity (device,
inode), modification time or size differs from the last read, or when it is new (an editor
that writes a new file and renames it over the old one changes the inode); where its YAML
text is what it was (the author edited the body), the last reading stands, so a rebuild can
tell that no page's frontmatter changed (:meth:`ParsedFiles.unchanged`).

What is kept of a page is its record as read (:class:`PageRead`: the declared page, its
diagnostics, what the other-fields lint counts), never the YAML node tree: the nodes and
their positions were six times the objects MkDocs itself keeps, and every full garbage
collection of every rebuild walked them. A change of the reading options (the wiki's field,
dialect or note keys) reads every page again. Only the wiki's configuration page, whose
readers need the nodes, keeps its parse.

Never used by ``mkdocs build``: the plugin makes one only under ``serve`` and drops it when
the server stops, so nothing of one session reaches a separate build.
"""

from __future__ import annotations

import copy
import os
from collections.abc import Mapping
from dataclasses import dataclass
from typing import NamedTuple

from ..frontmatter.block import Frontmatter, read_frontmatter, read_frontmatter_text
from ..frontmatter.dialect_fields import OtherFields, Sighting
from ..frontmatter.page import ReadOptions, read_page
from ..model.diagnostics import Diagnostic
from ..model.graph import Page
from .lookup import PageKeys, Resolver
from .resolution import Resolutions

#: What says a file has not changed since it was read.
_Stamp = tuple[int, int, int, int]


class PageRead(NamedTuple):
    """One page's frontmatter as the wiki reads it, with the problems found reading it."""

    page: Page
    diagnostics: tuple[Diagnostic, ...]
    seen: Sighting


def read_record(file: str, fm: Frontmatter, options: ReadOptions, fields: OtherFields) -> PageRead:
    """The page ``fm`` declares (its readers add their problems to ``fm.diagnostics``)."""
    page = read_page(file, fm, options)
    return PageRead(page, tuple(fm.diagnostics), fields.sighting(fm, page.id))


#: How a wiki's targets resolve beyond its pages: kind prefixes, Obsidian's nearest shared
#: name, the vault folder (:class:`~.lookup.Resolver`'s keywords).
ResolverSettings = tuple[bool, bool, str | None]
#: A page's :class:`~.lookup.PageKeys` as a plain tuple: once the collector has seen that it
#: holds only text, it stops visiting it.
Keys = tuple[str, str | None, tuple[str, ...], str | None, str | None]


class FreshFiles:
    """Reads every file anew: what a build does."""

    def __call__(self, path: str, file: str) -> Frontmatter:
        return read_frontmatter(path, file)

    def written(self, path: str) -> bool:
        """Whether the file at ``path`` is one this process wrote as a regular file (never
        a link to follow)."""
        return False

    def resolutions(self, context: tuple[object, ...]) -> Resolutions | None:
        """Where resolutions made in ``context`` (the resolver, the redlinks, the files that
        are not pages, the pages) are kept for another read of the same (None: nowhere)."""
        return None

    def resolver(self, keys: tuple[Keys, ...], settings: ResolverSettings) -> Resolver:
        """The resolver of pages found by ``keys``."""
        kind_prefixes, nearest_names, vault_folder = settings
        return Resolver(
            (PageKeys(*page) for page in keys),
            kind_prefixes=kind_prefixes,
            nearest_names=nearest_names,
            vault_folder=vault_folder,
        )

    def page(self, path: str, file: str, options: ReadOptions, fields: OtherFields) -> PageRead:
        return read_record(file, read_frontmatter(path, file), options, fields)


@dataclass
class _Kept:
    stamp: _Stamp
    file: str
    #: The YAML text read (None where there was none), and a number that changes with it.
    text: str | None
    version: int
    #: The parse, held until the page is read from it (or kept: the configuration page),
    #: and how many diagnostics the parse itself found.
    fm: Frontmatter | None
    found: int
    #: The page as read with the session's reading options.
    record: PageRead | None = None
    config: bool = False


class ParsedFiles(FreshFiles):
    """:class:`FreshFiles` that reuses what an unchanged file read to."""

    def __init__(self) -> None:
        self._kept: dict[str, _Kept] = {}
        #: The version each path had in the last build.
        self._last: dict[str, int] = {}
        self._versions = 0
        #: The reading options the kept records were read with.
        self._options: ReadOptions | None = None
        #: Files parsed in this build (for tests and ``-v``: what a rebuild did).
        self.parsed = 0

    def start(self) -> None:
        """A new build: count its parses afresh."""
        self.parsed = 0

    def __call__(self, path: str, file: str) -> Frontmatter:
        kept = self._read(path, file)
        if kept is None:
            return read_frontmatter(path, file)  # says why, at the file's line 1
        kept.config = True  # its readers take the nodes
        return self._parse(kept, path)

    def page(self, path: str, file: str, options: ReadOptions, fields: OtherFields) -> PageRead:
        if options is not self._options:
            if options != self._options:
                for each in self._kept.values():
                    each.record = None
            self._options = options
        kept = self._read(path, file)
        if kept is None:
            return super().page(path, file, options, fields)
        if kept.record is None:
            kept.record = read_record(file, self._parse(kept, path), options, fields)
            if not kept.config:
                kept.fm = None
        return kept.record

    def _parse(self, kept: _Kept, path: str) -> Frontmatter:
        """The file's parse, holding only the parse's own diagnostics: the readers after it
        add theirs to the frontmatter they are given."""
        if kept.fm is None:
            kept.fm = read_frontmatter(path, kept.file)
            kept.found = len(kept.fm.diagnostics)
            self.parsed += 1
        handed = copy.copy(kept.fm)
        handed.diagnostics = kept.fm.diagnostics[: kept.found]
        return handed

    def _read(self, path: str, file: str) -> _Kept | None:
        try:
            status = os.stat(path)
        except OSError:
            self._kept.pop(path, None)
            return None
        stamp = (status.st_dev, status.st_ino, status.st_mtime_ns, status.st_size)
        kept = self._kept.get(path)
        if kept is not None and kept.stamp == stamp and kept.file == file:
            return kept
        fm, text = read_frontmatter_text(path, file)
        self.parsed += 1
        if kept is not None and kept.file == file and text is not None and kept.text == text:
            kept.stamp = stamp  # the body changed, not the frontmatter
            return kept
        self._versions += 1
        kept = self._kept[path] = _Kept(stamp, file, text, self._versions, fm, len(fm.diagnostics))
        return kept

    def unchanged(self, sources: Mapping[str, str]) -> bool:
        """Whether every page's frontmatter is what the last build read (the same pages, each
        with the same YAML text); files read again where they changed."""
        now = {}
        for file, path in sources.items():
            kept = self._read(path, file)
            now[path] = kept.version if kept is not None else 0
        same = bool(self._last) and now == self._last and 0 not in now.values()
        self._last = now
        for path in [p for p in self._kept if p not in now]:
            del self._kept[path]  # no longer a page
        return same

"""Each page's parsed frontmatter, kept across the rebuilds of one ``mkdocs serve``.

An author saves one page and MkDocs builds the whole site again; parsing every other page's
YAML again would find what it found before. A file is read again when its identity (device,
inode), modification time or size differs from the last read, or when it is new (an editor
that writes a new file and renames it over the old one changes the inode); where its YAML
text is what it was (the author edited the body), the last parse stands, the same object,
so a rebuild can tell that no page's frontmatter changed (:meth:`ParsedFiles.unchanged`).

Never used by ``mkdocs build``: the plugin makes one only under ``serve`` and drops it when
the server stops, so nothing of one session reaches a separate build.
"""

from __future__ import annotations

import copy
import os
from collections.abc import Mapping
from dataclasses import dataclass

from ..frontmatter.block import Frontmatter, read_frontmatter, read_frontmatter_text

#: What says a file has not changed since it was read.
_Stamp = tuple[int, int, int, int]


@dataclass
class _Kept:
    stamp: _Stamp
    file: str
    #: The parse, how many diagnostics it found, and the YAML text it parsed.
    fm: Frontmatter
    found: int
    text: str | None


class ParsedFiles:
    """:func:`~.frontmatter.block.read_frontmatter` that reuses an unchanged file's parse."""

    def __init__(self) -> None:
        self._kept: dict[str, _Kept] = {}
        #: The parse each path had in the last build, by identity.
        self._last: dict[str, int] = {}
        #: Files parsed in this build (for tests and ``-v``: what a rebuild did).
        self.parsed = 0

    def start(self) -> None:
        """A new build: count its parses afresh."""
        self.parsed = 0

    def __call__(self, path: str, file: str) -> Frontmatter:
        kept = self._read(path, file)
        if kept is None:
            return read_frontmatter(path, file)  # says why, at the file's line 1
        # The readers after the parse add their own diagnostics to the frontmatter they are
        # given: each build gets a copy holding only the parse's.
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
        kept = self._kept[path] = _Kept(stamp, file, fm, len(fm.diagnostics), text)
        return kept

    def unchanged(self, sources: Mapping[str, str]) -> bool:
        """Whether every page's frontmatter is what the last build read (the same pages, each
        with the same YAML text); files read again where they changed."""
        now = {}
        for file, path in sources.items():
            kept = self._read(path, file)
            now[path] = id(kept.fm) if kept is not None else 0
        same = bool(self._last) and now == self._last and 0 not in now.values()
        self._last = now
        for path in [p for p in self._kept if p not in now]:
            del self._kept[path]  # no longer a page
        return same

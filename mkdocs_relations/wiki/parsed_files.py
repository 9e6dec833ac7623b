"""Each page's parsed frontmatter, kept across the rebuilds of one ``mkdocs serve``.

An author saves one page and MkDocs builds the whole site again; parsing every other page's
YAML again would find what it found before. A file is parsed again when its identity
(device, inode), modification time or size differs from the last parse, or when it is new:
an editor that writes a new file and renames it over the old one changes the inode.

Never used by ``mkdocs build``: the plugin makes one only under ``serve`` and drops it when
the server stops, so nothing of one session reaches a separate build.
"""

from __future__ import annotations

import copy
import os

from ..frontmatter.block import Frontmatter, read_frontmatter

#: What says a file has not changed since it was parsed.
_Stamp = tuple[int, int, int, int]


class ParsedFiles:
    """:func:`~.frontmatter.block.read_frontmatter` that reuses an unchanged file's parse."""

    def __init__(self) -> None:
        #: path -> (stamp, docs-relative name, the parse, how many diagnostics it found).
        self._kept: dict[str, tuple[_Stamp, str, Frontmatter, int]] = {}
        #: Files parsed in the last read (for tests and ``-v``: what a rebuild did).
        self.parsed = 0

    def start(self) -> None:
        """A new build: count its parses afresh."""
        self.parsed = 0

    def __call__(self, path: str, file: str) -> Frontmatter:
        try:
            status = os.stat(path)
        except OSError:
            self._kept.pop(path, None)
            return read_frontmatter(path, file)  # says why, at the file's line 1
        stamp = (status.st_dev, status.st_ino, status.st_mtime_ns, status.st_size)
        kept = self._kept.get(path)
        if kept is not None and kept[0] == stamp and kept[1] == file:
            fm, found = kept[2], kept[3]
        else:
            fm = read_frontmatter(path, file)
            found = len(fm.diagnostics)
            self._kept[path] = (stamp, file, fm, found)
            self.parsed += 1
        # The readers after the parse add their own diagnostics to the frontmatter they are
        # given: each build gets a copy holding only the parse's.
        handed = copy.copy(fm)
        handed.diagnostics = fm.diagnostics[:found]
        return handed

    def forget(self, paths: set[str]) -> None:
        """Drop what was kept of files that are no longer pages."""
        for path in [p for p in self._kept if p not in paths]:
            del self._kept[path]

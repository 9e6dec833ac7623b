"""What the two sides of a comparison (``diff``, ``lint --new-only``) read once for both.

A change leaves most of a wiki as it was, and each side is read as a whole wiki of its own:
reading both in full cost ``diff`` twice what ``lint`` costs. So the second side takes from
the first what is the same: a page whose file name and YAML text the first side read, with
the same reading options, is that reading (its record, never its YAML nodes); a revision
whose file names and settings are the first side's has its page set, moved to its folder,
and pages found by the same names the first side's resolver.
A revision's pages are read from the blobs git gave (:meth:`SharedReads.revision`): a page
of the same blob as one already read is not read, and one whose bytes are already on disk (the
working tree's file, another side's) is read there, under that path, never written again.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Hashable, Iterable, Mapping

from ..frontmatter.block import parse_into, read_unparsed, read_unparsed_bytes
from ..frontmatter.dialect_fields import OtherFields
from ..frontmatter.page import ReadOptions
from .lookup import Resolver
from .page_set import PageSet, file_bytes
from .parsed_files import FreshFiles, Keys, PageRead, ResolverSettings, read_record
from .resolution import Resolutions


class SharedReads(FreshFiles):
    """Reads pages and page sets for both sides of a comparison."""

    def __init__(self) -> None:
        #: Records by (file, YAML text), and by (file, blob id) for a revision's files.
        self._records: dict[tuple[str, str], tuple[ReadOptions, PageRead]] = {}
        self._by_blob: dict[tuple[str, str], tuple[ReadOptions, PageRead]] = {}
        #: Records by the path read: two sides whose pages are one file on disk read it once.
        self._by_path: dict[tuple[str, str], tuple[ReadOptions, PageRead]] = {}
        #: Where a revision's file (by its path in the revision's folder) is read from.
        self._where: dict[str, str] = {}
        self._page_sets: dict[Hashable, PageSet] = {}
        #: A revision's files by path, as blob ids; the blobs' bytes by id.
        self._blob_of: dict[str, str] = {}
        self._blobs: Mapping[str, bytes] = {}
        self._resolver: tuple[tuple[tuple[Keys, ...], ResolverSettings], Resolver] | None = None
        self._resolutions: tuple[tuple[object, ...], Resolutions] | None = None
        #: Files parsed, and page sets listed (for tests: what the second side did).
        self.parsed = 0
        self.listed = 0

    def revision(
        self, folder: str, files: Iterable[tuple[str, str, str]], blobs: Mapping[str, bytes]
    ) -> None:
        """A revision read into ``folder``: its (relative path, blob id, path read from)
        files, and the bytes of the blobs it read (the files it did not read are empty)."""
        top = os.path.normpath(folder) + os.sep
        for relative, blob, at in files:
            path = top + relative.replace("/", os.sep)
            self._blob_of[path] = self._blob_of[at] = blob
            if at != path:
                self._where[path] = at
        self._blobs = blobs

    def written(self, path: str) -> bool:
        # A revision's file: created new (revisions.py), or a working tree's regular file
        # below no linked folder that holds the revision's blob; never a link to follow.
        return path in self._blob_of

    def where(self, path: str) -> str:
        """The path a revision's file (by its path in the revision's folder) is read from."""
        return self._where.get(path, path)

    def file_bytes(self, path: str) -> bytes | None:
        """A file's bytes: a revision's blob as git gave it, else the file's; None when it
        cannot be read."""
        blob = self._blob_of.get(path)
        if blob is not None and blob in self._blobs:
            return self._blobs[blob]
        return file_bytes(path)

    def page(self, path: str, file: str, options: ReadOptions, fields: OtherFields) -> PageRead:
        kept = self._by_path.get((path, file))
        if kept is not None and kept[0] == options:
            return kept[1]
        record = self._page(path, file, options, fields)
        self._by_path[path, file] = (options, record)
        return record

    def _page(self, path: str, file: str, options: ReadOptions, fields: OtherFields) -> PageRead:
        blob = self._blob_of.get(path)
        if blob is not None:
            kept = self._by_blob.get((file, blob))
            if kept is not None and kept[0] == options:
                return kept[1]
        data = self._blobs.get(blob) if blob is not None else None
        # A revision's page is read from the blob git gave, not from its file (a second read).
        fm, text = read_unparsed(path, file) if data is None else read_unparsed_bytes(data, file)
        if text is None:
            record = read_record(file, fm, options, fields)
        else:
            kept = self._records.get((file, text))
            if kept is not None and kept[0] == options:
                record = kept[1]
            else:
                parse_into(text, fm)
                self.parsed += 1
                record = read_record(file, fm, options, fields)
                self._records[file, text] = (options, record)
        if blob is not None:
            self._by_blob[file, blob] = (options, record)
        return record

    def resolutions(self, context: tuple[object, ...]) -> Resolutions:
        """The first side's resolutions where this side's context is the same: the same
        resolver (so the same pages by the same names), redlinks, files that are not pages
        and pages (so a target naming a file finds the same)."""
        if self._resolutions is None or self._resolutions[0] != context:
            self._resolutions = (context, {})
        return self._resolutions[1]

    def resolver(self, keys: tuple[Keys, ...], settings: ResolverSettings) -> Resolver:
        """The first side's resolver where this side's pages are found by the same keys."""
        if self._resolver is not None and self._resolver[0] == (keys, settings):
            return self._resolver[1]
        resolver = super().resolver(keys, settings)
        self._resolver = ((keys, settings), resolver)
        return resolver

    def forget(self) -> None:
        """Both sides are read: what was kept for the second (each page's record, the
        resolutions, the names) goes, so the collector no longer walks it."""
        self._records.clear()
        self._by_blob.clear()
        self._by_path.clear()
        self._resolver = self._resolutions = None

    def page_set(self, key: Hashable, docs_dir: str, make: Callable[[], PageSet]) -> PageSet:
        """The page set of the docs folder ``docs_dir``: made, or, where a side with the same
        ``key`` (its file names and settings) made one, that one with each page read from
        this folder, or from where its bytes already are (:meth:`where`)."""
        kept = self._page_sets.get(key)
        if kept is not None:
            top = os.path.normpath(docs_dir) + os.sep
            where = self._where
            return PageSet(
                {
                    file: where.get(path, path)
                    for file in kept.sources
                    for path in (top + file.replace("/", os.sep),)
                },
                dict(kept.not_pages),
                list(kept.diagnostics),
            )
        pages = make()
        self.listed += 1
        self.keep_page_set(key, pages)
        return pages

    def keep_page_set(self, key: Hashable, pages: PageSet) -> None:
        """A side's page set, for a side read after it with the same ``key``."""
        self._page_sets.setdefault(key, pages)


#: A revision's file names (relative to the folder it was written into) and what the sides
#: share, for :func:`~mkdocs_relations.mkdocs_input.load_as_data`.
Listing = tuple[tuple[str, ...], SharedReads]

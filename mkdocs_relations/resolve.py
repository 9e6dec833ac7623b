"""Target resolution: from the text after ``target:`` to one page id, in a documented order.

Every step is a dictionary lookup built once per build, so resolving E edges over N pages costs
O(N + E). The steps, first match wins:

1. exact page id (docs-relative path without the extension: ``platform/checkout``);
2. a page's frontmatter ``id:``;
3. page id ignoring case;
4. file name ignoring case, with spaces, hyphens and underscores treated alike (a target with
   a ``/`` is compared with the whole page id in the same loose way);
5. a page's ``aliases:`` (ignoring case);
6. a folder's index page (``index.md``, ``README.md``, ``_index.md`` or ``<folder>.md``):
   first by the folder's path, then by the folder's name.

Two or more candidates at the step that matches make the target ambiguous.
"""

from __future__ import annotations

import difflib
import posixpath
from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass

from .targets import fold, join_relative, loose

INDEX_STEMS = ("index", "readme", "_index")

STEPS = (
    "page id",
    "frontmatter id",
    "page id ignoring case",
    "file name",
    "alias",
    "folder path",
    "folder name",
)


@dataclass(frozen=True)
class PageKeys:
    """What a page can be found by."""

    page_id: str
    frontmatter_id: str | None = None
    aliases: tuple[str, ...] = ()


@dataclass(frozen=True)
class Resolution:
    page_id: str | None
    step: str | None = None
    candidates: tuple[str, ...] = ()
    outside: bool = False

    @property
    def ambiguous(self) -> bool:
        return len(self.candidates) > 1

    def problem(self, written: str) -> tuple[str, str] | None:
        """(code, message) when ``written`` did not resolve to exactly one page.

        The same words for an edge's target and for ``superseded_by``.
        """
        if self.outside:
            return (
                "missing-target",
                f"target {written!r} points outside the docs folder; a target names a page "
                "inside it (its id, file name or alias)",
            )
        if self.ambiguous:
            shown = ", ".join(self.candidates[:8])
            if len(self.candidates) > 8:
                shown += f" and {len(self.candidates) - 8} more"
            return (
                "ambiguous-target",
                f"target {written!r} matches {len(self.candidates)} pages by {self.step}: "
                f'{shown}; qualify it with the page id, e.g. "[[{self.candidates[0]}]]"',
            )
        return None


class Resolver:
    """Indexes pages once, then resolves targets with dictionary lookups."""

    def __init__(self, pages: Iterable[PageKeys]) -> None:
        self._ids: dict[str, str] = {}
        indexes: list[dict[str, list[str]]] = [defaultdict(list) for _ in STEPS[1:]]
        by_fid, by_fold, by_stem, by_alias, by_folder, by_folder_name = indexes
        self._loose_paths: dict[str, list[str]] = defaultdict(list)
        for page in sorted(pages, key=lambda p: p.page_id):
            page_id = page.page_id
            self._ids[page_id] = page_id
            if page.frontmatter_id is not None:
                by_fid[page.frontmatter_id].append(page_id)
            by_fold[fold(page_id)].append(page_id)
            folder, _, stem = page_id.rpartition("/")
            by_stem[loose(stem)].append(page_id)
            self._loose_paths[loose(page_id)].append(page_id)
            for alias in dict.fromkeys(fold(a) for a in page.aliases):
                by_alias[alias].append(page_id)
            folder_name = posixpath.basename(folder)
            if folder and fold(stem) in (*INDEX_STEMS, fold(folder_name)):
                by_folder[fold(folder)].append(page_id)
                by_folder_name[fold(folder_name)].append(page_id)
        self._indexes = indexes

    def __contains__(self, page_id: str) -> bool:
        return page_id in self._ids

    def resolve(self, path: str, source_id: str = "") -> Resolution:
        """Resolve a target path (already stripped of brackets, alias and heading)."""
        key = join_relative(path, source_id)
        if key is None:
            return Resolution(None, outside=True)
        if key in self._ids:
            return Resolution(key, STEPS[0], (key,))
        by_fid, by_fold, by_stem, by_alias, by_folder, by_folder_name = self._indexes
        found = by_fid.get(key) or by_fid.get(path.strip())
        if found:
            return self._found(STEPS[1], found)
        # The lenient steps: their keys are only computed when the exact ones miss.
        folded = fold(key)
        has_folder = "/" in key
        steps: tuple[tuple[str, dict[str, list[str]], str], ...] = (
            (STEPS[2], by_fold, folded),
            (STEPS[3], self._loose_paths if has_folder else by_stem, loose(key)),
            (STEPS[4], by_alias, folded),
            (STEPS[5], by_folder, folded),
            (STEPS[6], {} if has_folder else by_folder_name, folded),
        )
        for step, index, probe in steps:
            found = index.get(probe)
            if found:
                return self._found(step, found)
        return Resolution(None)

    @staticmethod
    def _found(step: str, found: list[str]) -> Resolution:
        candidates = tuple(dict.fromkeys(found))
        return Resolution(candidates[0] if len(candidates) == 1 else None, step, candidates)

    def suggest(self, path: str, limit: int = 3) -> list[str]:
        """Near names for a target that resolved to nothing, best first."""
        names = list(self._ids) + [k for k in self._indexes[0]]
        if "/" not in path:
            names += [n.rpartition("/")[2] for n in self._ids]
        names = sorted(set(names))
        return difflib.get_close_matches(path, names, n=limit, cutoff=0.6)

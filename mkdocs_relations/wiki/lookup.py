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
   first by the folder's path, then by the folder's name;
7. a kind and a name, ``concept/grounding``: the page named ``grounding`` in a folder named
   for its kind, in the singular or the plural (``base/concepts/grounding.md``), or whose
   frontmatter says ``type: concept``. Only where the wiki declares it (``kind_prefixes:
   true``), and only when the kind names no folder of pages: ``concepts/x`` beside a
   ``concepts/`` folder is a path, and a broken one is reported, never guessed.

Two or more candidates at the step that matches make the target ambiguous, unless the wiki
resolves a shared bare name as Obsidian does (``shared_names: nearest``): the candidate in
the source page's folder, else the one with the shortest path. A wiki whose docs folder is a
folder of its vault (``vault_folder: knowledge_base``) may write targets from the vault root
(``knowledge_base/maths/x``); that start is dropped before the steps.

Long because the steps and the suggestions for a target that misses them share one set of
indexes, built once per wiki; apart, each would build its own.
"""

from __future__ import annotations

import posixpath
from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from urllib.parse import unquote

from ..model.diagnostics import clip
from ..model.suggest import NearIndex, compact, words
from ..model.targets import fold, join_relative, loose

INDEX_STEMS = ("index", "readme", "_index")

STEPS = (
    "page id",
    "frontmatter id",
    "page id ignoring case",
    "file name",
    "alias",
    "folder path",
    "folder name",
    "kind and name",
)
#: The step a shared bare name settled by Obsidian's rule is reported as.
NEAREST_STEP = "file name, nearest of several"


@dataclass(frozen=True)
class PageKeys:
    """What a page can be found by."""

    page_id: str
    frontmatter_id: str | None = None
    aliases: tuple[str, ...] = ()
    #: The frontmatter title: never resolved (a target names a page, not its title), only
    #: suggested for a target that reads like it ("Payment Service").
    title: str | None = None
    #: The page's kind (its frontmatter ``type: concept``), for ``concept/grounding``.
    kind: str | None = None


@dataclass(frozen=True)
class Resolution:
    page_id: str | None
    step: str | None = None
    candidates: tuple[str, ...] = ()
    outside: bool = False

    @property
    def ambiguous(self) -> bool:
        # Several candidates settled by the wiki's own rule (``shared_names``) are not.
        return self.page_id is None and len(self.candidates) > 1

    def problem(self, written: str, source_id: str = "") -> tuple[str, str] | None:
        """(code, message) when ``written`` did not resolve to exactly one page.

        The same words for an edge's target and for ``superseded_by``. The example names the
        candidate nearest the source page (as Obsidian picks), not the first by name, which
        would send every page to an archived copy.
        """
        if self.outside:
            return (
                "missing-target",
                f"target {clip(written)!r} points outside the docs folder; a target names a page "
                "inside it (its id, file name or alias)",
            )
        if self.ambiguous:
            shown = ", ".join(self.candidates[:8])
            if len(self.candidates) > 8:
                shown += f" and {len(self.candidates) - 8} more"
            return (
                "ambiguous-target",
                f"target {clip(written)!r} matches {len(self.candidates)} pages by {self.step}: "
                f"{shown}; qualify it with the page id, e.g. "
                f'"[[{nearest(self.candidates, source_id)}]]"',
            )
        return None


def _kind_forms(kind: str) -> set[str]:
    """``concept`` -> its folder names: concept, concepts; ``policy`` -> policy, policies."""
    forms = {kind, kind + "s", kind + "es"}
    if kind.endswith("y"):
        forms.add(kind[:-1] + "ies")
    return forms


def nearest(candidates: tuple[str, ...], source_id: str) -> str:
    """The candidate sharing most folders with the source page; then the shallowest; then by id."""
    source = source_id.split("/")[:-1]

    def shared(candidate: str) -> int:
        count = 0
        for a, b in zip(source, candidate.split("/")[:-1], strict=False):
            if a != b:
                break
            count += 1
        return count

    return min(candidates, key=lambda c: (-shared(c), c.count("/"), c))


#: How many pages "did you mean" names at most (the command line, the finder).
SUGGESTIONS = 3


class Resolver:
    """Indexes pages once, then resolves targets with dictionary lookups."""

    def __init__(
        self,
        pages: Iterable[PageKeys] = (),
        *,
        kind_prefixes: bool = False,
        nearest_names: bool = False,
        vault_folder: str | None = None,
    ) -> None:
        self._kind_prefixes = kind_prefixes
        self._nearest_names = nearest_names
        self._vault_start = f"{vault_folder.strip('/')}/" if vault_folder else None
        self._ids: dict[str, str] = {}
        indexes: list[dict[str, list[str]]] = [defaultdict(list) for _ in STEPS[1:7]]
        by_fid, by_fold, by_stem, by_alias, by_folder, by_folder_name = indexes
        loose_paths: dict[str, list[str]] = defaultdict(list)
        #: Other names a suggestion may come from: aliases and titles, by page.
        self._names: list[tuple[str, str]] = []
        self._kinds: dict[str, str] = {}
        for page in sorted(pages, key=lambda p: p.page_id):
            page_id = page.page_id
            self._ids[page_id] = page_id
            self._names += [(alias, page_id) for alias in page.aliases]
            if page.title:
                self._names.append((page.title, page_id))
            if page.frontmatter_id is not None:
                by_fid[page.frontmatter_id].append(page_id)
            by_fold[fold(page_id)].append(page_id)
            folder, _, stem = page_id.rpartition("/")
            by_stem[loose(stem)].append(page_id)
            loose_paths[loose(page_id)].append(page_id)
            for alias in dict.fromkeys(fold(a) for a in page.aliases):
                by_alias[alias].append(page_id)
            if page.kind:
                self._kinds[page_id] = fold(page.kind.strip())
            folder_name = posixpath.basename(folder)
            if folder and fold(stem) in (*INDEX_STEMS, fold(folder_name)):
                by_folder[fold(folder)].append(page_id)
                by_folder_name[fold(folder_name)].append(page_id)
        # Tuples, not lists: the garbage collector stops visiting a tuple of text, and a
        # 100,000-page wiki has three of these a page (issue 45).
        self._indexes = [{key: tuple(found) for key, found in i.items()} for i in indexes]
        self._loose = {key: tuple(found) for key, found in loose_paths.items()}
        self._near_cache: dict[bool, tuple[NearIndex, dict[str, list[str]]]] = {}
        self._folders: dict[str, int] | None = None
        self._start_index: dict[tuple[str, ...], list[tuple[str, str]]] | None = None

    def resolve(self, path: str, source_id: str = "") -> Resolution:
        """Resolve a target path (already stripped of brackets, alias and heading)."""
        key = join_relative(path, source_id)
        if key is None:
            return Resolution(None, outside=True)
        if self._vault_start and key not in self._ids and key.startswith(self._vault_start):
            key = key[len(self._vault_start) :]
        if key in self._ids:
            return Resolution(key, STEPS[0], (key,))
        by_fid, by_fold, by_stem, by_alias, by_folder, by_folder_name = self._indexes
        found = by_fid.get(key) or by_fid.get(path.strip())
        if found:
            return self._found(STEPS[1], found)
        # The lenient steps: their keys are only computed when the exact ones miss.
        folded = fold(key)
        has_folder = "/" in key
        steps: tuple[tuple[str, dict[str, tuple[str, ...]], str], ...] = (
            (STEPS[2], by_fold, folded),
            (STEPS[3], self._loose if has_folder else by_stem, loose(key)),
            (STEPS[4], by_alias, folded),
            (STEPS[5], by_folder, folded),
            (STEPS[6], {} if has_folder else by_folder_name, folded),
        )
        for step, index, probe in steps:
            found = index.get(probe)
            if found:
                if self._nearest_names and step == STEPS[3] and not has_folder:
                    return self._nearest(found, source_id)
                return self._found(step, found)
        if has_folder and self._kind_prefixes and not self.folder_size(key.rpartition("/")[0]):
            kind, _, name = key.rpartition("/")
            kinds = _kind_forms(fold(kind))
            kinded = [
                page_id
                for page_id in by_stem.get(loose(name), ())
                if kinds & {*fold(page_id).split("/")[:-1], self._kinds.get(page_id, "")}
            ]
            if kinded:
                return self._found(STEPS[7], kinded)
        return Resolution(None)

    def _nearest(self, found: Sequence[str], source_id: str) -> Resolution:
        """Obsidian's rule for a bare name several files share: the one in the source page's
        folder, else the one with the shortest path; a tie stays ambiguous (Obsidian's pick
        would then depend on the order it read the files in)."""
        candidates = tuple(dict.fromkeys(found))
        if len(candidates) == 1:
            return Resolution(candidates[0], STEPS[3], candidates)
        folder = source_id.rpartition("/")[0]
        beside = [c for c in candidates if c.rpartition("/")[0] == folder]
        if len(beside) == 1:
            return Resolution(beside[0], NEAREST_STEP, candidates)
        shortest = min(len(c) for c in candidates)
        first = [c for c in candidates if len(c) == shortest]
        if len(first) == 1:
            return Resolution(first[0], NEAREST_STEP, candidates)
        return Resolution(None, STEPS[3], candidates)

    @staticmethod
    def _found(step: str, found: Sequence[str]) -> Resolution:
        candidates = tuple(dict.fromkeys(found))
        return Resolution(candidates[0] if len(candidates) == 1 else None, step, candidates)

    def suggest(self, path: str, limit: int = SUGGESTIONS, source_id: str = "") -> list[str]:
        """Pages a target that resolved to nothing probably meant, best first, each page once.

        Each is spelt as the user would write it: the near name itself where it resolves to
        that one page, else the page id. A near name shared by several pages proposes none.
        """
        if "%" in path:
            # "Big%20Page": a path escaped as a URL is; no wiki tool decodes a target, but
            # the page the escapes spell is the one meant, and the fix is to unescape them.
            decoded = unquote(path)
            found = self.resolve(decoded, source_id).page_id if decoded != path else None
            if found is not None and found != source_id:
                return [decoded]
        index, owners = self._near("/" in path)
        suggestions: list[str] = []
        pages: set[str] = set()
        for _, name in index.near(path):
            owner = owners[name]
            if len(owner) != 1 or owner[0] in pages or owner[0] == source_id:
                continue  # ambiguous, already named, or the page itself (a self-reference)
            page_id = owner[0]
            pages.add(page_id)
            suggestions.append(name if self.resolve(name).page_id == page_id else page_id)
            if len(suggestions) == limit:
                break
        if not suggestions and "/" not in path:
            # The start of a longer name: "README" for "README - The Guide", a page renamed
            # with a suffix. Only a start that one page has.
            owners_of = self._starts().get(tuple(words(path)), [])
            if len(owners_of) == 1 and owners_of[0][1] != source_id:
                name, page_id = owners_of[0]
                suggestions.append(name if self.resolve(name).page_id == page_id else page_id)
        return suggestions

    def _starts(self) -> dict[tuple[str, ...], list[tuple[str, str]]]:
        """(name, page) by the first one to three words of each file name and title."""
        if self._start_index is None:
            index: dict[tuple[str, ...], dict[str, str]] = defaultdict(dict)
            names = [(page_id.rpartition("/")[2], page_id) for page_id in self._ids]
            for name, page_id in names + self._names:
                spoken = words(name)
                for end in range(1, min(len(spoken), 4)):
                    index[spoken[:end]].setdefault(page_id, name)
            self._start_index = {
                start: sorted((name, page_id) for page_id, name in pages.items())
                for start, pages in index.items()
            }
        return self._start_index

    def _near(self, with_folder: bool) -> tuple[NearIndex, dict[str, list[str]]]:
        # Built on the first miss only: a clean wiki never pays for it.
        cached = self._near_cache.get(with_folder)
        if cached is None:
            owners: dict[str, list[str]] = defaultdict(list)
            for page_id in self._ids:
                owners[page_id].append(page_id)
                if not with_folder:
                    owners[page_id.rpartition("/")[2]].append(page_id)
            for fid, with_id in self._indexes[0].items():
                owners[fid].extend(with_id)
            if not with_folder:
                for name, page_id in self._names:
                    # The page's own name is the better spelling of a title that says the
                    # same ("Ledger" for ledger.md).
                    if compact(name) != compact(page_id.rpartition("/")[2]):
                        owners[name].append(page_id)
            for name, found in owners.items():
                owners[name] = sorted(set(found))
            cached = self._near_cache[with_folder] = (NearIndex(sorted(owners)), owners)
        return cached

    def folder_size(self, path: str, source_id: str = "") -> int:
        """How many pages lie under ``path`` when it names a folder (0 when it does not)."""
        key = join_relative(path.rstrip("/"), source_id) if path.rstrip("/") else None
        if key is None:
            return 0
        if self._folders is None:
            folders: dict[str, int] = defaultdict(int)
            for page_id in self._ids:
                parts = page_id.split("/")[:-1]
                for end in range(1, len(parts) + 1):
                    folders[fold("/".join(parts[:end]))] += 1
            self._folders = dict(folders)
        return self._folders.get(fold(key), 0)

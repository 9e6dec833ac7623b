"""Which files are pages, and why a file that exists is not one.

The build takes its page set from MkDocs; ``lint --docs-dir`` walks a folder that has no
mkdocs.yml and applies the same rules, so both see the same pages. Files that exist but are
not pages are kept with the reason, so that an edge pointing at one is told why instead of
"matches no page".
"""

from __future__ import annotations

import os
import posixpath
from collections import deque
from dataclasses import dataclass, field

from ..model.diagnostics import Diagnostic
from ..model.targets import MARKDOWN_EXTENSIONS

#: Folders MkDocs never builds by default (``.*`` and ``/templates/``), plus editor state.
_SKIP_TOP = {"templates"}

NOT_MARKDOWN = "is not a Markdown page, and a relationship target must be a page"
NEVER_BUILT = (
    "is never published: MkDocs leaves out names starting with '.' and the top-level "
    "templates/ folder; move it, or point the edge at a published page"
)
EXCLUDED = (
    "is excluded from the site by exclude_docs in mkdocs.yml; remove it from exclude_docs, or "
    "point the edge at a published page"
)
DRAFT = (
    "is a draft (draft_docs in mkdocs.yml), which 'mkdocs build' leaves out; publish it, or "
    "point the edge at a published page"
)


def readme_shadowed(index: str) -> str:
    return (
        f"is not a page: MkDocs drops it because {index} is beside it (both would be the "
        f"folder's index page); point the edge at {posixpath.splitext(index)[0]!r}, or merge "
        "the two"
    )


@dataclass
class PageSet:
    """Docs-relative, ``/``-separated page paths -> file to read; and the files that are not pages.

    ``not_pages`` maps a docs-relative path to the reason it is not a page (a sentence that
    follows the path).
    """

    sources: dict[str, str] = field(default_factory=dict)
    not_pages: dict[str, str] = field(default_factory=dict)
    #: What listing the folder found (a folder link that loops), for the lint report.
    diagnostics: list[Diagnostic] = field(default_factory=list)


def file_bytes(path: str) -> bytes | None:
    """The file's bytes; None when it cannot be read."""
    try:
        with open(path, "rb") as stream:
            return stream.read()
    except OSError:
        return None


def is_markdown(name: str) -> bool:
    return name.lower().endswith(MARKDOWN_EXTENSIONS)


def drop_shadowed_readmes(pages: PageSet) -> None:
    """MkDocs builds ``index.md`` and drops ``README.md`` beside it (the same output page)."""
    indexes: dict[str, str] = {}
    for path in pages.sources:
        if posixpath.basename(path).startswith("index.") and is_markdown(path):
            indexes.setdefault(posixpath.dirname(path), path)
    for path in [p for p in pages.sources if posixpath.basename(p).startswith("README.")]:
        index = indexes.get(posixpath.dirname(path))
        if index is not None and is_markdown(path):
            del pages.sources[path]
            pages.not_pages[path] = readme_shadowed(index)


def folder_page_set(docs_dir: str) -> PageSet:
    """Every Markdown file MkDocs would build from ``docs_dir`` with its default settings.

    Mirrors MkDocs: names starting with a dot (``.obsidian``, ``.git``) and the top-level
    ``templates`` folder are left out, and a ``README.md`` beside an ``index.md``. Symbolic
    links to folders are followed, but every real folder is walked once: a link back to a
    folder above it (a loop) or to a folder already read is skipped with a ``linked-folder``
    warning, so the walk is linear in folders and no page is counted twice.
    """
    pages = PageSet()
    root = os.path.abspath(docs_dir)
    walked = {_identity(root)}
    links: deque[tuple[str, str]] = deque()
    # Real folders first, then links one at a time: a folder reached both ways is read at its
    # real path, and a link is only followed into a folder no walk has entered.
    _walk(root, "", walked, pages, links)
    while links:
        path, link = links.popleft()
        identity = _identity(path)
        if identity in walked:
            pages.diagnostics.append(_repeated_folder(root, path, link))
        elif os.path.isdir(path):
            walked.add(identity)
            _walk(path, link, walked, pages, links)
    drop_shadowed_readmes(pages)
    return pages


def _walk(
    start: str,
    prefix: str,
    walked: set[tuple[int, int] | str],
    pages: PageSet,
    links: deque[tuple[str, str]],
) -> None:
    """Add the files under ``start`` (shown as ``prefix``) without following folder links."""
    for folder, dirnames, filenames in os.walk(start):
        relative = os.path.relpath(folder, start).replace(os.sep, "/")
        relative = prefix if relative == "." else f"{prefix}/{relative}".lstrip("/")
        kept = []
        for name in sorted(dirnames):
            if name.startswith(".") or (not relative and name in _SKIP_TOP):
                continue
            path = os.path.join(folder, name)
            if os.path.islink(path):
                links.append((path, f"{relative}/{name}" if relative else name))
                continue
            walked.add(_identity(path))
            kept.append(name)
        dirnames[:] = kept
        for name in sorted(filenames):
            key = f"{relative}/{name}" if relative else name
            if name.startswith("."):
                pages.not_pages[key] = NEVER_BUILT
            elif not is_markdown(name):
                pages.not_pages[key] = NOT_MARKDOWN
            else:
                pages.sources[key] = os.path.join(folder, name)


def _identity(path: str) -> tuple[int, int] | str:
    try:
        status = os.stat(path)
    except OSError:
        return os.path.realpath(path)
    return (status.st_dev, status.st_ino)


def _repeated_folder(root: str, path: str, link: str) -> Diagnostic:
    folder = os.path.dirname(path)
    target = os.path.realpath(path)
    shown = os.path.relpath(target, os.path.realpath(root)).replace(os.sep, "/")
    shown = "the docs folder" if shown == "." else repr(shown)
    real_parent = os.path.realpath(folder)
    if real_parent == target or real_parent.startswith(target.rstrip(os.sep) + os.sep):
        why = f"which contains the link itself: a loop, so its pages are read once, under {shown}"
    else:
        why = f"which is read already, so its pages are read once, under {shown}"
    return Diagnostic(
        link,
        1,
        "linked-folder",
        f"folder {link!r} is a symbolic link to {shown}, {why}; remove the link or list it "
        "in exclude_docs",
    )


#: Why a page of the working tree is left out when it is compared with a git revision.
NOT_IN_REVISIONS = (
    "is a symbolic link, under one, or inside a submodule: a git revision holds none of "
    "these as pages, so a comparison with one leaves it out on both sides"
)


def as_in_revisions(pages: PageSet, docs_dir: str) -> None:
    """Leave out, as a revision read from git leaves out, the pages that are symbolic links,
    lie under a linked folder, or inside a submodule (a folder with its own ``.git``); so an
    unchanged working tree compares equal to its commit."""
    plain: dict[str, bool] = {}
    for uri, path in list(pages.sources.items()):
        parts = uri.split("/")
        held = not os.path.islink(path)
        for depth in range(1, len(parts)):
            folder = "/".join(parts[:depth])
            if folder not in plain:
                full = os.path.join(docs_dir, *parts[:depth])
                git = os.path.join(full, ".git")
                plain[folder] = not os.path.islink(full) and not os.path.lexists(git)
            held = held and plain[folder]
        if not held:
            del pages.sources[uri]
            pages.not_pages[uri] = NOT_IN_REVISIONS

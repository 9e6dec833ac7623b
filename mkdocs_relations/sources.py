"""Which files are pages, and why a file that exists is not one.

The build takes its page set from MkDocs; ``lint --docs-dir`` walks a folder that has no
mkdocs.yml and applies the same rules, so both see the same pages. Files that exist but are
not pages are kept with the reason, so that an edge pointing at one is told why instead of
"matches no page".
"""

from __future__ import annotations

import os
import posixpath
from dataclasses import dataclass, field

from .targets import MARKDOWN_EXTENSIONS

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


def pages_in_folder(docs_dir: str) -> dict[str, str]:
    """Docs-relative page path -> absolute path, for every Markdown file MkDocs would build."""
    return folder_page_set(docs_dir).sources


def folder_page_set(docs_dir: str) -> PageSet:
    """Every Markdown file MkDocs would build from ``docs_dir`` with its default settings.

    Mirrors MkDocs: names starting with a dot (``.obsidian``, ``.git``) and the top-level
    ``templates`` folder are left out, and a ``README.md`` beside an ``index.md``.
    """
    pages = PageSet()
    root = os.path.abspath(docs_dir)
    for folder, dirnames, filenames in os.walk(root, followlinks=True):
        relative = os.path.relpath(folder, root)
        relative = "" if relative == "." else relative.replace(os.sep, "/")
        dirnames[:] = sorted(
            d for d in dirnames if not d.startswith(".") and not (not relative and d in _SKIP_TOP)
        )
        for name in sorted(filenames):
            key = f"{relative}/{name}" if relative else name
            if name.startswith("."):
                pages.not_pages[key] = NEVER_BUILT
            elif not is_markdown(name):
                pages.not_pages[key] = NOT_MARKDOWN
            else:
                pages.sources[key] = os.path.join(folder, name)
    drop_shadowed_readmes(pages)
    return pages

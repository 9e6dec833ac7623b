"""Which files are pages: a plain folder walk for vaults that have no mkdocs.yml."""

from __future__ import annotations

import os

from .targets import MARKDOWN_EXTENSIONS

#: Folders MkDocs never builds by default (``.*`` and ``/templates/``), plus editor state.
_SKIP_TOP = {"templates"}


def pages_in_folder(docs_dir: str) -> dict[str, str]:
    """Docs-relative page path -> absolute path, for every Markdown file MkDocs would build.

    Mirrors MkDocs' default exclusions: names starting with a dot (``.obsidian``, ``.git``)
    and the top-level ``templates`` folder.
    """
    pages: dict[str, str] = {}
    root = os.path.abspath(docs_dir)
    for folder, dirnames, filenames in os.walk(root, followlinks=True):
        relative = os.path.relpath(folder, root)
        relative = "" if relative == "." else relative.replace(os.sep, "/")
        dirnames[:] = sorted(
            d for d in dirnames if not d.startswith(".") and not (not relative and d in _SKIP_TOP)
        )
        for name in sorted(filenames):
            if name.startswith(".") or not name.lower().endswith(MARKDOWN_EXTENSIONS):
                continue
            key = f"{relative}/{name}" if relative else name
            pages[key] = os.path.join(folder, name)
    return pages

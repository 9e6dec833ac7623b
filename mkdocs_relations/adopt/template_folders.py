"""Which folder of a vault holds note templates, for ``init``'s ``exclude_docs``, on evidence only.

A folder named ``templates`` is often real documentation ("ADR Template", "concept.md
Template" that pages link to): excluding it by its name alone hid nine pages of one wiki and
broke the links to them. So a folder is left out only where both say so: the vault's own
Obsidian settings name it as the templates folder (core Templates or Templater), and its
pages are templates (most hold a placeholder, ``{{title}}`` or ``<% tp.file.title %>``). And
never silently: init says how many pages it leaves out, why, and the line that publishes
them; where published pages link into the folder, it publishes it and says why.

Plain Python: no MkDocs import.
"""

from __future__ import annotations

import json
import os
import posixpath
import re
from collections.abc import Mapping
from dataclasses import dataclass

from ..frontmatter.block import read_frontmatter
from ..frontmatter.nodes import scalar_texts, string_value
from ..model.diagnostics import plural

#: The settings files that name a vault's templates folder, with the key holding it.
SETTINGS = (
    (".obsidian/templates.json", "folder"),
    (".obsidian/plugins/templater-obsidian/data.json", "templates_folder"),
)
#: More than any editor's settings file holds.
_SETTINGS_BYTES = 1_000_000
#: What a template holds and a page does not: Obsidian's ``{{title}}``/``{{date:YYYY}}``,
#: Templater's ``<% ... %>``.
_PLACEHOLDER = re.compile(r"\{\{ ?[A-Za-z_][\w.:\- ]{0,80}\}\}|<%[^%]{0,200}%>")
#: Links in page text: ``[text](target)`` and ``[[target]]``, looked at, not parsed.
_MARKDOWN_LINK = re.compile(r"\]\(\s*<?([^)\s>]+)")
_WIKILINK = re.compile(r"\[\[([^\[\]|#\n]+)")
#: Past this, a page's text is not read for links (a look, not a parse).
_PAGE_BYTES = 2_000_000


@dataclass(frozen=True)
class TemplateFolder:
    """A folder the vault's settings name as its templates folder, and what init decided."""

    folder: str
    setting: str
    pages: int
    templates: int
    #: Published pages whose text links into the folder, and one of them.
    linked_from: int = 0
    example: str | None = None

    @property
    def excluded(self) -> bool:
        return bool(self.pages) and self.templates * 2 >= self.pages and not self.linked_from

    @property
    def pattern(self) -> str:
        return f"/{self.folder}/"

    def said(self, shown_docs: str) -> str:
        """One line: what init did with the folder, why, and how to undo it."""
        where = f"{shown_docs}/{self.folder}/"
        named = f"{shown_docs}/{self.setting} names {where} as the templates folder"
        if self.excluded:
            return (
                f"exclude_docs {self.pattern}: {plural(self.pages, 'page')} left out of the site "
                f"({named}, and {self.templates} of them hold placeholders such as {{{{title}}}}); "
                f"to publish them, remove the line '{self.pattern}' from exclude_docs"
            )
        if self.linked_from:
            return (
                f"note: published {where} ({plural(self.pages, 'page')}): {named}, but "
                f"{plural(self.linked_from, 'published page')} link into it (e.g. "
                f"{shown_docs}/{self.example}), and leaving it out would break those links; "
                f"to leave it out anyway, add '{self.pattern}' to exclude_docs"
            )
        return (
            f"note: published {where} ({plural(self.pages, 'page')}): {named}, but "
            f"{'none' if not self.templates else f'only {self.templates}'} of its pages hold "
            "placeholders such as {{title}}, so they read as pages; to leave them out, add "
            f"'{self.pattern}' to exclude_docs"
        )


def template_folders(docs_dir: str, sources: Mapping[str, str]) -> list[TemplateFolder]:
    """The folders the vault's settings name as templates folders, each judged on its pages."""
    found = []
    for folder, setting in _configured(docs_dir):
        prefix = f"{folder}/"
        inside = sorted(path for path in sources if path.startswith(prefix))
        if not inside:
            continue
        templates = sum(1 for path in inside if _PLACEHOLDER.search(_text(sources[path])))
        outside = [path for path in sorted(sources) if not path.startswith(prefix)]
        # A bare [[name]] reaches the template only where no page outside shares the name.
        stems = {_stem(path) for path in inside} - {_stem(path) for path in outside}
        # Typed edges name pages by id or path: the folder's pages as a target is written.
        names = {posixpath.splitext(path)[0].casefold() for path in inside} | {
            name.casefold() for path in inside for name in _ids(sources[path], path)
        }
        linked = [
            path
            for path in outside
            if _links_into(path, _text(sources[path]), folder, stems)
            or _targets_into(sources[path], path, names)
        ]
        found.append(
            TemplateFolder(
                folder, setting, len(inside), templates, len(linked), linked[0] if linked else None
            )
        )
    return found


def _configured(docs_dir: str) -> list[tuple[str, str]]:
    """(folder, the settings file naming it), from Obsidian's Templates and Templater."""
    named: dict[str, str] = {}
    for settings, key in SETTINGS:
        path = os.path.join(docs_dir, *settings.split("/"))
        # A regular file only (a FIFO there would block the read forever), read in part: a
        # settings file is small. A BOM is allowed, as editors on Windows write one.
        if not os.path.isfile(path):
            continue
        try:
            with open(path, encoding="utf-8-sig") as stream:
                value = json.loads(stream.read(_SETTINGS_BYTES)).get(key)
        except (OSError, ValueError, AttributeError, RecursionError):
            continue
        if isinstance(value, str) and value.strip("/ "):
            named.setdefault(value.strip("/ ").replace(os.sep, "/"), settings)
    return sorted(named.items())


def _text(file: str) -> str:
    try:
        with open(file, encoding="utf-8-sig", errors="replace") as stream:
            return stream.read(_PAGE_BYTES)
    except OSError:
        return ""


def default_templates(docs_dir: str) -> str | None:
    """A note where MkDocs' own default leaves out real pages: the top-level ``templates/``
    folder is never built, whatever exclude_docs says, unless it says ``!/templates/``."""
    root = os.path.join(docs_dir, "templates")
    if not os.path.isdir(root):
        return None
    files = sorted(
        posixpath.join(os.path.relpath(folder, docs_dir).replace(os.sep, "/"), name)
        for folder, dirnames, names in os.walk(root)
        for name in names
        if name.lower().endswith(".md") and not name.startswith(".")
    )
    if not files or all(_PLACEHOLDER.search(_text(os.path.join(docs_dir, f))) for f in files):
        return None
    shown = os.path.relpath(docs_dir).replace(os.sep, "/")
    return (
        "note: MkDocs never publishes the top-level templates/ folder "
        f"({plural(len(files), 'page')}, e.g. {shown}/{files[0]}); to publish it, add "
        "'!/templates/' to exclude_docs"
    )


def _ids(file: str, path: str) -> list[str]:
    fm = read_frontmatter(file, path)
    own = string_value(fm.get("id")) if fm.get("id") is not None else None
    return [own.strip()] if own and own.strip() else []


def _targets_into(file: str, path: str, names: set[str]) -> bool:
    """Whether the page's frontmatter names one of the folder's pages (an edge's target)."""
    fm = read_frontmatter(file, path)
    return any(
        # A wikilink's alias and heading are not the page's name.
        written.split("|", 1)[0].split("#", 1)[0].casefold() in names
        for key, (_, value) in fm.keys.items()
        if key != "id"
        for written in scalar_texts(value, 4)
    )


def _stem(path: str) -> str:
    return posixpath.basename(posixpath.splitext(path)[0]).lower()


def _links_into(path: str, text: str, folder: str, stems: set[str]) -> bool:
    """Whether the page's text links to the folder or a page in it (by path or [[name]])."""
    here = posixpath.dirname(path)
    for match in _MARKDOWN_LINK.finditer(text):
        target = match.group(1).split("#", 1)[0]
        if not target or "://" in target or target.startswith(("mailto:", "#")):
            continue
        joined = posixpath.normpath(
            target.lstrip("/") if target.startswith("/") else posixpath.join(here, target)
        )
        if joined == folder or joined.startswith(f"{folder}/"):
            return True
    if "[[" in text:
        for match in _WIKILINK.finditer(text):
            name = match.group(1).strip().lower()
            name = name[:-3] if name.endswith(".md") else name
            if name.startswith(f"{folder.lower()}/") or ("/" not in name and name in stems):
                return True
    return False

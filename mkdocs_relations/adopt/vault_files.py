"""``mkdocs-relations init``: what an existing vault needs to build, read from the vault itself.

Real wikis write typed links in dialects: ``relations:`` or ``links:`` for the field,
snake_case types such as ``related_to``, ``uses``, ``derived_from``, and a vocabulary kept in
an agent file rather than in wiki-config.md. Adopting one should leave only the wiki's real
problems. So init reads the dialect from the pages (adopt_dialect.py), declares the types in
use that the vocabulary lacks (type_plans.py says how), and writes mkdocs.yml and
wiki-config.md only where none exists.

Plain Python: no MkDocs import, so the plan is testable on its own and the CLI writes it.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Mapping

from ..wiki.page_set import PageSet
from .template_folders import TemplateFolder
from .type_plans import yaml_str


def excluded_folders(templates: Iterable[TemplateFolder]) -> list[str]:
    """``exclude_docs`` patterns for folders that are clearly not pages: ``.obsidian/``
    (editor state) always, and the template folders judged so on evidence."""
    return [".obsidian/", *(folder.pattern for folder in templates if folder.excluded)]


def not_pages_to_exclude(not_pages: Mapping[str, str], sources: Iterable[str]) -> list[str]:
    """``exclude_docs`` patterns for files MkDocs would warn about or publish as noise.

    A README.md beside index.md (MkDocs builds index.md and warns, which fails a strict
    build) and Excalidraw drawings kept as ``*.excalidraw.md`` (not pages to read).
    """
    patterns = [f"/{path}" for path, why in sorted(not_pages.items()) if "beside it" in why]
    if any(path.endswith(".excalidraw.md") for path in sources):
        patterns.append("*.excalidraw.md")
    return patterns


def site_name(docs_dir: str) -> str:
    """A readable site name from the vault's folder: ``my_vault`` -> "My vault"."""
    name = os.path.basename(os.path.abspath(docs_dir)).replace("-", " ").replace("_", " ")
    return (name[:1].upper() + name[1:]) or "Wiki"


def mkdocs_yml(
    site_name: str,
    docs_dir: str,
    exclude: Iterable[str],
    theme: str,
    wikilinks: bool = False,
    labels: Mapping[str, str] | None = None,
) -> str:
    """The text of a new mkdocs.yml for the vault; ``wikilinks`` when its text uses them,
    ``labels`` where the panel's words must differ from the pages' own headings."""
    options = ["      wikilinks: true"] if wikilinks else []
    if labels:
        options += ["      labels:", *(f"        {k}: {yaml_str(v)}" for k, v in labels.items())]
    lines = [
        "# Written by mkdocs-relations init. Edit freely; init never overwrites it.",
        f"site_name: {yaml_str(site_name)}",
        *(
            [
                "# No site_url yet: set it to the site's address. Without it Material's instant",
                "# navigation (theme.features: navigation.instant) stays off and no sitemap is "
                "written.",
            ]
            if theme == "material"
            else ["# No site_url yet: set it to the site's address."]
        ),
        "# site_url: https://example.org/wiki/",
        f"docs_dir: {yaml_str(docs_dir)}",
        "theme:",
        f"  name: {theme}",
        "plugins:",
        "  - search",
        "  - relations" + (":" if options else ""),
        *options,
        "# Folders in the vault that are not pages (editor settings, note templates).",
        "exclude_docs: |",
        *(f"  {pattern}" for pattern in exclude),
    ]
    return "\n".join(lines) + "\n"


def without_excluded(pages: PageSet, exclude: list[str]) -> PageSet:
    """The page set less the folders init excludes (MkDocs applies the patterns after init)."""
    prefixes = tuple(p.strip("/") + "/" for p in exclude if p.startswith("/"))
    if prefixes:
        pages.sources = {k: v for k, v in pages.sources.items() if not k.startswith(prefixes)}
    return pages

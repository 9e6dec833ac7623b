"""The lint's report, shared by ``lint`` and ``init`` (which ends with the same lint).

A relations block's diagnostics joined to the wiki's; the diagnostics as text, JSON or GitHub
Actions annotations; the summary line; and the exit status (1 on errors, or on warnings with
``--strict``).
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable

from ..model.diagnostics import Diagnostic, apply_severity, display_path, plural, summary
from ..query.page_blocks import check_files
from ..query.rule_checks import check_rules
from ..wiki.body_links import BodyLinks
from ..wiki.page_set import NOT_MARKDOWN
from .output import json_text
from .shared import EXIT_FAILED, EXIT_OK, Loaded


def report_lint(args: argparse.Namespace, loaded: Loaded, blocks: bool = True) -> int:
    """Print the lint's report; ``blocks`` false when the blocks' and the page text's
    diagnostics are in already (``lint --new-only``, whose sides read them to compare)."""
    if blocks:
        lint_blocks(loaded)
        if loaded.wikilinks:
            lint_wikilinks(loaded)
    wiki = loaded.wiki
    diagnostics = wiki.diagnostics
    if args.format == "json":
        document = {
            "pages": len(wiki.graph.pages),
            "edges": wiki.graph.edge_count,
            "unknown_types": [
                {"type": g.name, "edges": g.edges, "files": g.files}
                for g in wiki.unknown_type_groups()[1]
            ],
            "missing_targets": [
                {"target": g.target, "edges": g.edges, "files": g.files}
                for g in wiki.missing_target_groups()[1]
            ],
            "diagnostics": [d.as_json() for d in diagnostics],
        }
        print(json_text(document, indent=2))
    elif args.format == "github":
        for diagnostic in diagnostics:
            print(_annotation(diagnostic, display_path(loaded.prefix, diagnostic.file)))
    else:
        for grouped_level, line in wiki.grouped():
            print(f"{grouped_level}: {line}")
        for diagnostic in diagnostics:
            print(diagnostic.format(display_path(loaded.prefix, diagnostic.file)))
    counts = f"{plural(len(wiki.graph.pages), 'page')}, {plural(wiki.graph.edge_count, 'edge')}"
    if diagnostics:
        print(f"mkdocs-relations: {counts}: {summary(diagnostics)}", file=sys.stderr)
    else:
        print(f"mkdocs-relations: {counts}: no problems", file=sys.stderr)
    if args.strict and loaded.config_warnings:
        count = len(loaded.config_warnings)
        print(
            f"mkdocs-relations: {plural(count, 'configuration warning')} (above): --strict fails "
            f"on {'it' if count == 1 else 'them'}, as mkdocs build --strict does",
            file=sys.stderr,
        )
    if wiki.errors or (args.strict and (wiki.warnings or loaded.config_warnings)):
        return EXIT_FAILED
    return EXIT_OK


def _annotation(diagnostic: Diagnostic, path: str) -> str:
    """A GitHub Actions workflow command, so the diagnostic shows on the pull request's diff."""
    level = {"error": "error", "warning": "warning"}.get(diagnostic.severity, "notice")
    message = diagnostic.message.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")
    file = path.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")
    file = file.replace(",", "%2C").replace(":", "%3A")
    return f"::{level} file={file},line={diagnostic.line},title={diagnostic.code}::{message}"


def lint_blocks(loaded: Loaded, read: Callable[[str], bytes | None] | None = None) -> None:
    """Add the diagnostics of every relations block to the wiki's (for ``lint``); ``read``
    reads a file's bytes (a revision's from memory)."""
    wiki = loaded.wiki
    docs = loaded.options.docs_dir or "."
    sources = loaded.sources
    files = [
        (p.file, sources.get(p.file) or os.path.join(docs, *p.file.split("/")))
        for p in wiki.graph.pages.values()
        if p.file not in wiki.outside  # linked out of the docs folder: never read
    ]
    found = check_files(wiki, files, loaded.max_hops, read)
    found += check_rules(wiki, _config_path(loaded), loaded.options.config_page, loaded.max_hops)
    if found:
        wiki.diagnostics = apply_severity(wiki.diagnostics + found, loaded.options.severity)


def lint_wikilinks(loaded: Loaded) -> None:
    """Add the broken ``[[wikilinks]]`` of the pages' text to the wiki's diagnostics."""
    from ..wikilinks import check_texts  # Markdown is needed for this check only

    options = loaded.options
    files = [path for path, why in options.not_pages.items() if why == NOT_MARKDOWN]
    links = BodyLinks(loaded.wiki, files, options.not_pages)
    names, configs = loaded.extensions
    found = check_texts(links, loaded.sources, [str(name) for name in names], configs)
    if found:
        wiki = loaded.wiki
        wiki.diagnostics = apply_severity(wiki.diagnostics + found, options.severity)


def _config_path(loaded: Loaded) -> str | None:
    path = loaded.sources.get(loaded.options.config_page)
    return path if path is not None and os.path.isfile(path) else None

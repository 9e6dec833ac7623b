"""``mkdocs-relations review``: the edges whose target changed since they were confirmed, and
``review --accept [PAGE...]``, which confirms the edges of those pages (of every page when none
is named) in the reviewed-edges file beside wiki-config.md (see wiki/suspect.py)."""

from __future__ import annotations

import argparse
import os
import sys
from typing import Any

from ..model.diagnostics import display_path, plural
from ..wiki.suspect import EdgeKey, Fingerprints, confirmed_for, format_confirmations, reviewed_file
from .shared import EXIT_FAILED, EXIT_OK, Loaded, UsageError, add_source_arguments, resolve_page


def add_review_parser(commands: Any) -> None:
    review = commands.add_parser(
        "review",
        help="list edges whose target changed since they were confirmed; --accept confirms",
        description="List the edges whose target's text changed since the edge was confirmed "
        "(exit 1 when there are some), or confirm edges with --accept.",
    )
    add_source_arguments(review)
    review.add_argument(
        "--accept",
        action="store_true",
        help="confirm the edges of the named pages (every page when none is named)",
    )
    review.add_argument("pages", nargs="*", metavar="PAGE", help="pages whose edges to confirm")
    review.set_defaults(handler=run_review)


def run_review(args: argparse.Namespace, loaded: Loaded) -> int:
    if args.pages and not args.accept:
        raise UsageError("naming pages confirms their edges: add --accept")
    if args.accept:
        return _accept(args, loaded)
    found = [d for d in loaded.wiki.diagnostics if d.code == "suspect-edge"]
    for diagnostic in found:
        print(diagnostic.format(display_path(loaded.prefix, diagnostic.file)))
    if found:
        print(f"mkdocs-relations: {plural(len(found), 'suspect edge')}", file=sys.stderr)
        return EXIT_FAILED
    print("mkdocs-relations: no suspect edges", file=sys.stderr)
    return EXIT_OK


def _accept(args: argparse.Namespace, loaded: Loaded) -> int:
    wiki = loaded.wiki
    graph = wiki.graph
    path = reviewed_file(loaded.options.docs_dir, loaded.options.config_page, loaded.sources)
    if path is None or wiki.confirmations is None:
        raise UsageError("cannot tell where the docs folder is; pass -f or --docs-dir")
    chosen = {resolve_page(loaded, text) for text in args.pages} if args.pages else None
    confirmations = wiki.confirmations
    prints = Fingerprints(graph, loaded.sources)
    matched = confirmed_for(graph, confirmations, prints)
    entries: dict[EdgeKey, str] = {}
    if chosen is not None:
        # The lines of other pages stay as they are, renamed ones included.
        renamed = {old for key, (_, old) in matched.items() if key[0] in chosen}
        entries = {
            key: value
            for key, (value, _) in confirmations.entries.items()
            if key[0] not in chosen and key not in renamed
        }
    count = 0
    for edge in graph.edges():
        if edge.target_id is None or (chosen is not None and edge.source not in chosen):
            continue
        now = prints(edge.target_id)
        if now is not None:
            entries[(edge.source, edge.type, edge.target_id)] = now
            count += 1
    text = format_confirmations(entries)
    shown = display_path(loaded.prefix, os.path.relpath(path, loaded.options.docs_dir or "."))
    try:
        with open(path, encoding="utf-8", newline="") as stream:
            unchanged = stream.read() == text
    except OSError:
        unchanged = False
    if not unchanged:
        try:
            with open(path, "w", encoding="utf-8", newline="") as stream:
                stream.write(text)
        except OSError as exc:
            raise UsageError(f"cannot write {shown}: {exc.strerror or exc}") from None
    state = "unchanged" if unchanged else "written"
    print(f"mkdocs-relations: {plural(count, 'edge')} confirmed; {shown} {state}", file=sys.stderr)
    return EXIT_OK

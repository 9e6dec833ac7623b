"""``mkdocs-relations query``: a ``relations`` block's rows on the command line.

The block's YAML comes from a file, stdin (``-``) or flags (``--from``, ``--where KEY=VALUE``
...; flags win over the file), and goes through the same reader and engine as a block, so
the rows are the block's rows.
"""

from __future__ import annotations

import argparse
import sys
from typing import Any

import yaml

from ..frontmatter.nodes import build
from ..frontmatter.page import page_id_for
from ..frontmatter.unbuildable import FLAG, problems
from ..model.diagnostics import clip
from ..query.engine import QueryEngine
from ..query.fences import marker_lines
from ..query.overview import MARKER as OVERVIEW
from ..query.parser import QueryReader
from ..query.query_parts import DIRECTIONS, LISTS, SHOWS
from ..query.rows import Item, Result
from .output import json_text
from .shared import (
    EXIT_FAILED,
    EXIT_OK,
    Loaded,
    UsageError,
    add_source_arguments,
    resolve_page,
)

SOURCE_NAME = "<query>"


def add_query_parser(commands: Any) -> None:
    query = commands.add_parser(
        "query",
        help="the rows a relations block would show, as text or JSON",
        description="Answer a relations block's query: YAML from a file, stdin (-) or flags.",
    )
    query.add_argument("file", nargs="?", help="a file holding the block's YAML, or - for stdin")
    add_source_arguments(query)
    query.add_argument("--page", help="answer as a block on this page would (the default from)")
    query.add_argument("--from", dest="start", metavar="PAGE", help="the page the walk starts at")
    query.add_argument("--list", choices=LISTS, help="list pages, types or wanted targets")
    query.add_argument("--follow", action="append", metavar="TYPE", help="repeatable")
    query.add_argument("--direction", choices=DIRECTIONS)
    query.add_argument("--depth", type=int, metavar="N")
    query.add_argument(
        "--where",
        action="append",
        metavar="KEY=VALUE",
        help="a where condition; VALUE is YAML (repeatable)",
    )
    query.add_argument("--show", choices=SHOWS)
    query.add_argument("--columns", metavar="A,B", help="comma-separated column names")
    query.add_argument("--sort", metavar="COLUMN")
    query.add_argument("--limit", type=int, metavar="N")
    query.add_argument("--format", choices=("text", "json"), default="text")
    query.set_defaults(handler=run_query, wiki_cache="use")


class QueryUsageError(Exception):
    """Bad flags or an unreadable file (exit 2)."""


def query_source(args: argparse.Namespace) -> tuple[str, bool]:
    """The YAML to read, and whether flags made it: the file's text as written (its lines
    stay right), or the file and the flags written out again (lines no one wrote)."""
    text = ""
    if args.file == "-":
        text = sys.stdin.read()
    elif args.file:
        try:
            with open(args.file, encoding="utf-8-sig") as stream:
                text = stream.read()
        except OSError as exc:
            raise QueryUsageError(f"cannot read {args.file}: {exc.strerror or exc}") from None
    flags: dict[str, Any] = {}
    for key in ("start", "list", "follow", "direction", "depth", "show", "sort", "limit"):
        value = getattr(args, key)
        if value is not None:
            flags["from" if key == "start" else key] = value
    if args.columns:
        flags["columns"] = [c.strip() for c in args.columns.split(",") if c.strip()]
    for condition in args.where or ():
        key, equals, value = condition.partition("=")
        if not equals or not key.strip():
            raise QueryUsageError(f"--where {condition!r}: write KEY=VALUE, e.g. status=active")
        flags.setdefault("where", {})[key.strip()] = _flag_value(condition, value)
    if not flags:
        return text, False
    base = _loaded(text) if text.strip() else {}
    if base is None:
        return text, False  # the reader reports what is wrong, with its line
    if not isinstance(base, dict):
        return text, False
    if "where" in flags and isinstance(base.get("where"), dict):
        flags["where"] = {**base["where"], **flags["where"]}
    kept = _without(text, set(flags))
    if kept is not None:
        # The file's own lines stay where they were, so a problem in them is reported at
        # its line; the flags follow them (made of flags alone, the query has no lines).
        return kept + yaml.safe_dump(flags, sort_keys=False, allow_unicode=True), not kept.strip()
    return yaml.safe_dump({**base, **flags}, sort_keys=False, allow_unicode=True), True


def _without(text: str, keys: set[str]) -> str | None:
    """``text`` with the lines of its top-level ``keys`` left blank; None when the YAML is
    not a plain block mapping whose lines can be told apart."""
    if any(mark in text for mark in ("\r", "\x85", "\u2028", "\u2029", "<<")):
        return None
    try:
        root = yaml.compose(text, Loader=yaml.SafeLoader)
    except yaml.YAMLError:
        return None
    if root is None:
        return ""
    if not isinstance(root, yaml.MappingNode) or root.flow_style:
        return None
    lines = text.split("\n")
    for key, value in root.value:
        if not isinstance(key, yaml.ScalarNode) or key.value not in keys:
            continue
        first = key.start_mark.line
        last = value.end_mark.line + (1 if value.end_mark.column > 0 else 0)
        for number in range(first, max(last, first + 1)):
            if number < len(lines):
                lines[number] = ""
    kept = "\n".join(lines)
    return kept if kept.endswith("\n") else kept + "\n"


def attach_dash_values(argv: list[str]) -> list[str]:
    """``--sort -title`` as ``--sort=-title``: argparse takes a value starting with a dash
    for an option, so a descending sort needed the ``=`` form."""
    joined: list[str] = []
    at = 0
    while at < len(argv):
        arg = argv[at]
        if arg == "--sort" and at + 1 < len(argv) and argv[at + 1][:1] == "-":
            value = argv[at + 1]
            if value[1:2].isalpha() or value[1:2] == "_":
                joined.append(f"--sort={value}")
                at += 2
                continue
        joined.append(arg)
        at += 1
    return joined


def _flag_value(condition: str, value: str) -> Any:
    """A ``--where`` VALUE read as YAML's safe loader reads it, checked node by node as the
    frontmatter is (``2025-02-30`` or ``!!timestamp soon`` is a message, not a traceback)."""
    try:
        node = yaml.compose(value, Loader=yaml.SafeLoader)
    except yaml.YAMLError as exc:
        raise QueryUsageError(f"--where {condition!r}: VALUE is not YAML: {exc}") from None
    if node is None:
        return None
    found = problems(node, consequence=FLAG)
    if found:
        raise QueryUsageError(f"--where {clip(condition)!r}: {found[0].message}")
    try:
        return build(node)
    except ValueError as exc:
        raise QueryUsageError(f"--where {clip(condition)!r}: {exc}") from None


def _loaded(text: str) -> Any:
    """The file's YAML as the safe loader builds it, or None where it cannot."""
    try:
        node = yaml.compose(text, Loader=yaml.SafeLoader)
    except yaml.YAMLError:
        return None
    if node is None:
        return {}
    if problems(node):
        return None
    try:
        return build(node)
    except ValueError:
        return None


def run_query(args: argparse.Namespace, loaded: Loaded) -> int:
    try:
        source, from_flags = query_source(args)
    except QueryUsageError as exc:
        raise UsageError(str(exc)) from None
    page = resolve_page(loaded, args.page) if args.page else None
    reader = QueryReader(loaded.wiki.graph.vocabulary, loaded.wiki.resolver, loaded.max_hops)
    name = args.file if args.file and args.file != "-" else SOURCE_NAME
    query, problems = reader.read(source, name, 1, page)
    if query is None:
        for problem in problems:
            # A query made of flags has no lines of its own: the key names the flag.
            shown = f"mkdocs-relations: {problem.message}" if from_flags else problem.format()
            print(shown, file=sys.stderr)
        return EXIT_FAILED
    wiki = loaded.wiki
    unlisted = {wiki.config_page_id} if wiki.config_page_id else set()
    if query.list == "pages":
        unlisted |= overview_pages(loaded)
    resolver = wiki.resolver
    result = QueryEngine(
        wiki.graph,
        title=loaded.titles,
        unlisted=unlisted,
        matches=lambda target, source: len(resolver.resolve(target, source).candidates),
    ).answer(query)
    if args.format == "json":
        print(json_text(result_json(result), indent=2))
    else:
        sys.stdout.write(result_text(result))
    return EXIT_OK


def overview_pages(loaded: Loaded) -> set[str]:
    """The pages the site's ``list: pages`` leaves out as overviews: the ``overview:`` page
    of one's own, and every page with the overview's marker on a line of its own (read only
    for a pages list, and only pages whose text holds the marker are scanned)."""
    found = set()
    if loaded.overview:
        found.add(page_id_for(loaded.overview))
    for file, path in loaded.sources.items():
        try:
            with open(path, encoding="utf-8-sig", errors="replace") as handle:
                text = handle.read()
        except OSError:
            continue
        if OVERVIEW in text and marker_lines(text, OVERVIEW):
            found.add(page_id_for(file))
    return found


def _item_json(item: Item) -> dict[str, Any]:
    found: dict[str, Any] = {"text": item.text}
    if item.page is not None:
        found["page"] = item.page
    if item.missing:
        found["missing"] = True
    return found


def result_json(result: Result) -> dict[str, Any]:
    return {
        "columns": list(result.columns),
        "rows": [
            {
                "key": row.key,
                **({"page": row.page} if row.page is not None else {}),
                **({"hops": row.hops, "via": row.via} if row.via is not None else {}),
                "cells": {
                    name: [_item_json(item) for item in cell]
                    for name, cell in zip(result.columns, row.cells, strict=True)
                },
            }
            for row in result.rows
        ],
    }


def result_text(result: Result) -> str:
    """An aligned table: a header, then one line per row; pages by their titles."""
    table = [list(result.columns)]
    for row in result.rows:
        table.append([", ".join(item.text for item in cell) for cell in row.cells])
    widths = [max(len(line[i]) for line in table) for i in range(len(result.columns))]
    lines = [
        "  ".join(c.ljust(w) for c, w in zip(line, widths, strict=True)).rstrip() for line in table
    ]
    if not result.rows:
        lines.append("(no rows)")
    return "\n".join(lines) + "\n"

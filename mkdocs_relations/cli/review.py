"""``mkdocs-relations review``: the edges whose target changed since they were confirmed, and
``review --accept [PAGE...]``, which confirms the edges of those pages (of every page when none
is named) in the reviewed-edges file beside wiki-config.md (see wiki/suspect.py)."""

from __future__ import annotations

import argparse
import contextlib
import os
import sys
import tempfile
from collections.abc import Iterator
from typing import Any

try:
    import fcntl
except ImportError:  # Windows: no flock; the rename still keeps the file whole
    fcntl = None  # type: ignore[assignment]

from ..model.diagnostics import display_path, plural
from ..wiki.suspect import (
    EdgeKey,
    Fingerprints,
    ReviewedFileError,
    confirmed_for,
    format_confirmations,
    read_confirmations,
    reviewed_bytes,
    reviewed_file,
)
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
    docs = loaded.options.docs_dir
    path = reviewed_file(docs, loaded.options.config_page, loaded.sources)
    if path is None or docs is None or wiki.confirmations is None:
        raise UsageError("cannot tell where the docs folder is; pass -f or --docs-dir")
    shown = display_path(loaded.prefix, os.path.relpath(path, docs))
    folder = os.path.dirname(path)
    if not _inside(folder, docs):
        raise UsageError(
            f"{shown} would be written outside the docs folder (its folder is a link to "
            "another place); keep wiki-config.md's folder a real folder inside the docs folder"
        )
    chosen = {resolve_page(loaded, text) for text in args.pages} if args.pages else None
    prints = Fingerprints(graph, loaded.sources)
    with _locked(folder, shown):
        # Read again under the lock: another `review --accept` may have written since the
        # wiki was loaded, and its confirmations must survive this one.
        confirmations = read_confirmations(path, wiki.confirmations.file)
        if confirmations.problem is not None:
            raise UsageError(
                f"{shown} {confirmations.problem}; delete it, then run "
                "`mkdocs-relations review --accept` again"
            )
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
        text = format_confirmations(entries).encode("utf-8")
        try:
            unchanged = reviewed_bytes(path) == text
        except ReviewedFileError:
            unchanged = False
        if not unchanged:
            _replace(path, text, shown)
    state = "unchanged" if unchanged else "written"
    print(f"mkdocs-relations: {plural(count, 'edge')} confirmed; {shown} {state}", file=sys.stderr)
    return EXIT_OK


def _inside(path: str, folder: str) -> bool:
    real, top = os.path.realpath(path), os.path.realpath(folder)
    return real == top or real.startswith(top.rstrip(os.sep) + os.sep)


@contextlib.contextmanager
def _locked(folder: str, shown: str) -> Iterator[None]:
    """The folder of the reviewed-edges file locked against another ``review --accept``
    (where the system has ``flock``; no lock file is left behind)."""
    if fcntl is None:
        yield
        return
    try:
        descriptor = os.open(folder, os.O_RDONLY)
    except OSError as exc:
        raise UsageError(f"cannot open the folder of {shown}: {exc.strerror or exc}") from None
    try:
        fcntl.flock(descriptor, fcntl.LOCK_EX)
        yield
    finally:
        os.close(descriptor)


def _replace(path: str, data: bytes, shown: str) -> None:
    """Write a new file beside ``path`` and rename it into place: a reader sees the old file
    or the new one, and a link at ``path`` is replaced, never written through."""
    folder, name = os.path.split(path)
    temporary = None
    try:
        descriptor, temporary = tempfile.mkstemp(prefix=f"{name}.", dir=folder)
        with os.fdopen(descriptor, "wb") as stream:
            stream.write(data)
            # mkstemp makes the file private; the reviewed-edges file is shared as any file.
            umask = os.umask(0)
            os.umask(umask)
            os.chmod(temporary, 0o666 & ~umask)
        os.replace(temporary, path)
    except OSError as exc:
        if temporary is not None:
            with contextlib.suppress(OSError):
                os.unlink(temporary)
        raise UsageError(f"cannot write {shown}: {exc.strerror or exc}") from None

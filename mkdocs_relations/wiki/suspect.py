"""Suspect edges: an edge whose target's content changed after someone confirmed the edge.

What counts as content: the target page's **body** (everything below its frontmatter), with
whitespace normalised (every run of spaces, tabs and line breaks is one space, none at the
ends). Reflowing a paragraph, re-indenting or adding blank lines changes nothing; changing a
word does. The frontmatter is left out: the target's own edges, tags and dates are reviewed
on their own edges, and a title is how the page is named, not what the edge relies on.

Confirmations live in one file beside wiki-config.md, ``.relations-reviewed`` (a dot file, so
MkDocs never publishes it and it is never a page): one line an edge, sorted, tab-separated,
so two branches that confirm different edges merge without a conflict::

    # source<TAB>type<TAB>target<TAB>fingerprint ...
    api/checkout<TAB>depends-on<TAB>platform/ledger<TAB>3f2a9c0d1e4b5a67

A confirmation whose edge no longer exists is still honoured when its target or its source
was renamed (the same type and fingerprint, from the same source or to the same target), so
moving a page keeps what was reviewed. Each target is hashed once, and only targets of
confirmed edges: the cost is linear in the bodies read.
"""

from __future__ import annotations

import hashlib
import os
import posixpath
import re
import stat
from collections.abc import Mapping
from dataclasses import dataclass, field

from ..model.diagnostics import Diagnostic
from ..model.graph import Graph

REVIEWED_FILE = ".relations-reviewed"
HEADER = (
    "# Edges reviewed with mkdocs-relations: source, type, target, fingerprint of the "
    "target's body, tab-separated.\n"
    "# Written by `mkdocs-relations review --accept`; sorted, one edge a line.\n"
)
_FINGERPRINT = re.compile(r"[0-9a-f]{16}")
_OPENING = re.compile(rb"\A(?:\xef\xbb\xbf)?---[ \t]*(?:\r\n|\r|\n)")
_FENCE = re.compile(rb"^(?:---|\.\.\.)[ \t]*\r?$", re.M)

#: (source, type, target) of a confirmed edge.
EdgeKey = tuple[str, str, str]


def body(data: bytes) -> bytes:
    """A Markdown file's bytes below its frontmatter (all of them when it has none)."""
    opening = _OPENING.match(data)
    if opening is None:
        return data
    fence = _FENCE.search(data, opening.end())
    if fence is None:
        return data
    return data[fence.end() :]


def fingerprint(data: bytes) -> str:
    """The fingerprint of a page's content: its body with whitespace normalised."""
    words = body(data).split()
    return hashlib.sha256(b" ".join(words)).hexdigest()[:16]


def reviewed_path(config_page: str) -> str:
    """The docs-relative path of the reviewed-edges file: beside wiki-config.md."""
    return posixpath.join(posixpath.dirname(config_page), REVIEWED_FILE)


@dataclass
class Confirmations:
    """The reviewed-edges file as read: key -> (fingerprint, line)."""

    file: str
    entries: dict[EdgeKey, tuple[str, int]] = field(default_factory=dict)
    diagnostics: list[Diagnostic] = field(default_factory=list)
    exists: bool = False
    #: Why the file was not read (a link, a FIFO, too large); None when it was, or is absent.
    problem: str | None = None


def _escape(text: str) -> str:
    return text.replace("\\", "\\\\").replace("\t", "\\t").replace("\n", "\\n").replace("\r", "\\r")


def _unescape(text: str) -> str:
    return re.sub(r"\\(.)", lambda m: {"t": "\t", "n": "\n", "r": "\r"}.get(m[1], m[1]), text)


#: More than any wiki's confirmations (a line an edge, about 100 bytes): a larger file is
#: refused rather than read into memory.
MAX_REVIEWED_BYTES = 256 * 1024 * 1024
_READ_FLAGS = os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0)
_NOT_REGULAR = "is read and written only as a regular file"


def reviewed_bytes(path: str) -> bytes | None:
    """The reviewed-edges file's bytes; None when there is none; ReviewedFileError when the
    name holds anything but a regular file (a link, a FIFO, a device) or too much.

    Only a regular file is read, and it is opened without following a link or waiting for a
    writer, so a committed link cannot point the read outside the project, nor a FIFO hang it.
    """
    try:
        descriptor = os.open(path, _READ_FLAGS)
    except FileNotFoundError:
        return None
    except OSError as exc:
        if os.path.islink(path):
            raise ReviewedFileError(f"{_NOT_REGULAR}: it is a symbolic link") from None
        raise ReviewedFileError(f"cannot be read: {exc.strerror or exc}") from None
    mode = os.fstat(descriptor).st_mode
    if not stat.S_ISREG(mode):
        os.close(descriptor)
        kind = "a folder" if stat.S_ISDIR(mode) else "a FIFO or device"
        raise ReviewedFileError(f"{_NOT_REGULAR}: it is {kind}")
    with os.fdopen(descriptor, "rb") as stream:
        data = stream.read(MAX_REVIEWED_BYTES + 1)
    if len(data) > MAX_REVIEWED_BYTES:
        raise ReviewedFileError(f"is over {MAX_REVIEWED_BYTES // 2**20} MB, so it is not read")
    return data


class ReviewedFileError(Exception):
    """The reviewed-edges file is not a regular file one can read; the message says why."""


def read_confirmations(path: str | None, file: str, outside: bool = False) -> Confirmations:
    """Read the reviewed-edges file; a line that does not parse is a diagnostic at its line,
    and a file that is not a regular file one diagnostic at its first line. ``outside``: its
    folder leads out of the docs folder (a link), so it is not read."""
    result = Confirmations(file)
    if path is None:
        return result
    try:
        if outside:
            raise ReviewedFileError(
                f"{_NOT_REGULAR} inside the docs folder: its folder is a link to another place"
            )
        data = reviewed_bytes(path)
    except ReviewedFileError as exc:
        result.exists = True
        result.problem = str(exc)
        result.diagnostics.append(
            Diagnostic(
                file,
                1,
                "suspect-edge",
                f"{file} {exc}; no edge counts as confirmed: replace it with a regular "
                "file (delete it and run `mkdocs-relations review --accept`)",
            )
        )
        return result
    if data is None:
        return result
    result.exists = True
    text = data.decode("utf-8", "replace")
    for number, line in enumerate(text.splitlines(), 1):
        if not line.strip() or line.startswith("#"):
            continue
        parts = line.split("\t")
        if len(parts) != 4 or not _FINGERPRINT.fullmatch(parts[3]) or not all(parts[:3]):
            result.diagnostics.append(
                Diagnostic(
                    file,
                    number,
                    "suspect-edge",
                    "this line is not 'source<TAB>type<TAB>target<TAB>fingerprint' (16 hex "
                    "digits), so it confirms nothing; run `mkdocs-relations review --accept` "
                    "to rewrite the file",
                )
            )
            continue
        key = (_unescape(parts[0]), _unescape(parts[1]), _unescape(parts[2]))
        result.entries[key] = (parts[3], number)
    return result


def format_confirmations(entries: Mapping[EdgeKey, str]) -> str:
    """The file's text: the header, then one sorted line an edge."""
    lines = sorted("\t".join(map(_escape, key)) + "\t" + value for key, value in entries.items())
    return HEADER + "".join(line + "\n" for line in lines)


class Fingerprints:
    """Each page's fingerprint, computed at most once."""

    def __init__(self, graph: Graph, sources: Mapping[str, str]) -> None:
        self._files = {page.id: sources.get(page.file) for page in graph.pages.values()}
        self._known: dict[str, str | None] = {}

    def __call__(self, page_id: str) -> str | None:
        if page_id not in self._known:
            path = self._files.get(page_id)
            value = None
            if path is not None:
                try:
                    with open(path, "rb") as stream:
                        value = fingerprint(stream.read())
                except OSError:
                    value = None
            self._known[page_id] = value
        return self._known[page_id]


def confirmed_for(
    graph: Graph, confirmations: Confirmations, prints: Fingerprints
) -> dict[EdgeKey, tuple[str, EdgeKey]]:
    """Each confirmed edge -> (the fingerprint confirmed, the key it is confirmed under).

    An edge without a line of its own takes the line of a renamed page: a confirmation of
    the same type from the same source to a page that no longer exists, or to the same
    target from a source that no longer exists. One with the target's current fingerprint
    wins; else a single such line; more than one that differ confirm nothing.
    """
    pages = graph.pages
    orphans: dict[tuple[str, str, str], list[EdgeKey]] = {}
    for key in sorted(confirmations.entries):
        source, kind, target = key
        if target not in pages:
            orphans.setdefault(("out", source, kind), []).append(key)
        if source not in pages:
            orphans.setdefault(("in", target, kind), []).append(key)
    found: dict[EdgeKey, tuple[str, EdgeKey]] = {}
    for edge in graph.edges():
        if edge.target_id is None:
            continue
        key = (edge.source, edge.type, edge.target_id)
        if key in found:
            continue
        entry = confirmations.entries.get(key)
        if entry is not None:
            found[key] = (entry[0], key)
            continue
        candidates = orphans.get(("out", edge.source, edge.type), []) + orphans.get(
            ("in", edge.target_id, edge.type), []
        )
        if not candidates:
            continue
        now = prints(edge.target_id)
        same = [k for k in candidates if confirmations.entries[k][0] == now]
        if same:
            found[key] = (now or "", same[0])
        elif len(candidates) == 1:
            found[key] = (confirmations.entries[candidates[0]][0], candidates[0])
    return found


def check(
    graph: Graph, sources: Mapping[str, str], confirmations: Confirmations
) -> tuple[list[Diagnostic], frozenset[tuple[str, int]]]:
    """``suspect-edge`` diagnostics at each suspect edge's line, and the suspect edges as
    (source, line)."""
    diagnostics = list(confirmations.diagnostics)
    if not confirmations.entries:
        return diagnostics, frozenset()
    prints = Fingerprints(graph, sources)
    matched = confirmed_for(graph, confirmations, prints)
    suspects: set[tuple[str, int]] = set()
    for edge in graph.edges():
        if edge.target_id is None:
            continue
        hit = matched.get((edge.source, edge.type, edge.target_id))
        if hit is None:
            continue
        confirmed, old_key = hit
        now = prints(edge.target_id)
        if now is None or now == confirmed:
            continue
        suspects.add((edge.source, edge.line))
        target = graph.pages[edge.target_id]
        renamed = f" (confirmed as {old_key[2]!r})" if old_key[2] != edge.target_id else ""
        diagnostics.append(
            Diagnostic(
                graph.pages[edge.source].file,
                edge.line,
                "suspect-edge",
                f"{edge.target_id!r}{renamed} changed since this {edge.type} edge was "
                f"confirmed: the text of {target.file} is not the text reviewed (fingerprint "
                f"{confirmed}, now {now}); check that the edge still holds, then run "
                f"`mkdocs-relations review --accept {edge.source}`",
            )
        )
    return diagnostics, frozenset(suspects)


def reviewed_file(docs: str | None, config_page: str, sources: Mapping[str, str]) -> str | None:
    """Where the reviewed-edges file is on disk: beside wiki-config.md in the docs folder."""
    if docs is None:
        # load_wiki called without a folder: find it from any page's path.
        for file, path in sources.items():
            tail = os.sep + file.replace("/", os.sep)
            if path.endswith(tail):
                docs = path[: -len(tail)]
                break
    if docs is None:
        return None
    return os.path.join(docs, *reviewed_path(config_page).split("/"))

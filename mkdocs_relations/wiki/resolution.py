"""Resolving a wiki's targets once: edge targets, ``superseded_by`` and listed redlinks.

One step, one set of messages: a target that matches no page is told the nearest names (or
which file it is and why that file is not a page), an ambiguous one the nearest candidate,
and a deliberate redlink that now exists is stale. Lint then checks the resolved graph only.

Long because a target that misses is told what its author meant, each way a real wiki
misses: a file, a folder, an address, a Markdown link, a permalink, a label written first.
"""

from __future__ import annotations

import os
import posixpath
import re
from collections.abc import Iterable, Mapping
from sys import intern
from typing import Any
from urllib.parse import unquote

from ..frontmatter.page import page_id_for
from ..model.diagnostics import Diagnostic, clip, plural
from ..model.graph import DeclaredEdge, Edge, Page
from ..model.targets import MARKDOWN_EXTENSIONS, TargetError, join_relative, parse_target
from .lookup import PageKeys, Resolution, Resolver
from .page_set import NOT_MARKDOWN
from .wiki_config import WikiConfig

#: One empty mapping for the edges that carry no other keys (most): a graph holds one record
#: an edge, and one copy of each type's name (issue 45).
_NO_EXTRA: Mapping[str, Any] = {}


#: How a link is marked as a deliberate redlink, by where it is written: an edge that is an
#: entry of its own takes ``redlink: true``; a bare target under a key, and a link in a page's
#: text, have no place for it, and the wiki's list takes them.
ENTRY_REDLINK = "mark it as a redlink with 'redlink: true'"
LISTED_REDLINK = "list it under redlinks in wiki-config.md"


def redlink_mark(edge: DeclaredEdge) -> str:
    return ENTRY_REDLINK if edge.entry else LISTED_REDLINK


class NotPages:
    """Files that exist but are not pages, looked up the way pages are (on the first miss);
    and, in the docs folder, any other file or folder a target names (``data.json``)."""

    def __init__(self, reasons: Mapping[str, str], docs_dir: str | None = None) -> None:
        self._reasons = reasons
        self._docs_dir = docs_dir
        self._resolver: Resolver | None = None
        self._ids: dict[str, str] = {}

    def why(self, target: str, source_id: str, mark: str | None) -> str | None:
        """Why ``target`` names a file or folder that is no page, if it does; ``mark``: how
        the link is marked as a deliberate redlink where it stands (None: it cannot be)."""
        return self._listed(target, source_id, mark) or self._file(target, source_id, mark)

    def _file(self, target: str, source_id: str, mark: str | None) -> str | None:
        """A file that is no page (``schema.json``, ``run.py``) or a folder, written as a
        path from the docs folder or from the linking page's folder."""
        if self._docs_dir is None:
            return None
        beside = posixpath.join(posixpath.dirname(source_id), target)
        for path in dict.fromkeys((join_relative(target, ""), join_relative(beside, ""))):
            if path is None:
                continue
            found = os.path.join(self._docs_dir, *path.split("/"))
            what = "a file" if os.path.isfile(found) else ""
            if os.path.isdir(found) and not any(
                name.lower().endswith(MARKDOWN_EXTENSIONS)
                for _, _, names in os.walk(found)
                for name in names
            ):
                what = "a folder"  # one with pages is told how to give it an index page
            if what:
                return _not_a_page(target, what, path, mark)
        return None

    def _listed(self, target: str, source_id: str, mark: str | None) -> str | None:
        if not self._reasons:
            return None
        if self._resolver is None:
            self._ids = {page_id_for(path): path for path in sorted(self._reasons, reverse=True)}
            self._resolver = Resolver(PageKeys(page_id) for page_id in self._ids)
        found = self._resolver.resolve(target, source_id).page_id
        if found is None:
            return None
        path = self._ids[found]
        if self._reasons[path] == NOT_MARKDOWN:
            return _not_a_page(target, "a file", path, mark)
        return f"target {clip(target)!r} is the file {path}, which {self._reasons[path]}"


def _not_a_page(target: str, what: str, path: str, mark: str | None) -> str:
    also = f", or {mark}" if mark else ""
    return f"target {clip(target)!r} is {what}, not a page ({path}): link a page{also}"


#: A declared page (held, so that its id stays its own), its resolved copy and the problems
#: resolving it found, by the declared page's id.
Resolutions = dict[int, tuple[Page, Page, tuple[Diagnostic, ...]]]


def resolve_targets(
    pages: Iterable[Page],
    resolver: Resolver,
    config: WikiConfig,
    not_pages: NotPages,
    kept: Resolutions | None = None,
    addresses: Addresses | None = None,
) -> tuple[list[Page], list[Diagnostic]]:
    """Each page with its declared edges and ``superseded_by`` resolved, and what went wrong.

    ``kept``: resolutions made with the same resolver, settings and files (the other side
    of a comparison); a page that is the very record resolved there is taken as it was.
    ``addresses``: the pages' own addresses (:func:`page_addresses`), told to a target that
    misses by writing one."""
    diagnostics: list[Diagnostic] = []
    resolved = []
    addresses = addresses or {}
    for page in pages:
        if kept is not None:
            known = kept.get(id(page))
            if known is not None and known[0] is page:
                resolved.append(known[1])
                diagnostics.extend(known[2])
                continue
            found = len(diagnostics)
        edges = tuple(
            _resolve_edge(page, edge, resolver, config, not_pages, diagnostics, addresses)
            for edge in page.declared
        )
        successor = None
        if page.superseded_by is not None:
            successor = _resolve_successor(page, resolver, not_pages, diagnostics)
        resolved.append(page.resolved(edges, successor))
        if kept is not None:
            kept[id(page)] = (page, resolved[-1], tuple(diagnostics[found:]))
    if config.file:
        for redlink in config.redlinks.values():
            if redlink.line and resolver.resolve(redlink.target).page_id is not None:
                diagnostics.append(
                    Diagnostic(
                        config.file,
                        redlink.line,
                        "stale-redlink",
                        f"{clip(redlink.target)!r} is listed as a redlink, but the page exists "
                        "now; remove it from redlinks",
                    )
                )
    return resolved, diagnostics


def _resolve_edge(
    page: Page,
    edge: DeclaredEdge,
    resolver: Resolver,
    config: WikiConfig,
    not_pages: NotPages,
    diagnostics: list[Diagnostic],
    addresses: Addresses,
) -> Edge:
    listed = config.redlink_for(edge.target)
    resolution, written = resolve_written(resolver, edge.target, edge.whole, page.id)
    redlink, reason = edge.redlink, edge.redlink_reason
    if resolution.page_id is not None:
        if edge.redlink:
            diagnostics.append(_stale(page, written, edge.line, resolution.page_id))
        redlink, reason = False, None
    elif (problem := resolution.problem(written, page.id)) is not None:
        diagnostics.append(Diagnostic(page.file, edge.line, *problem))
        if resolution.outside:
            redlink = False
    elif edge.redlink or listed is not None:
        redlink = True
        reason = reason or (listed.reason if listed else None)
    else:
        message = (
            not_pages.why(written, page.id, redlink_mark(edge))
            or label_first("target", written, edge.alias, resolver, page.id)
            or _address_hint(written, addresses)
            or _missing(written, page.id, resolver, edge.entry)
        )
        diagnostics.append(Diagnostic(page.file, edge.line, "missing-target", message))
    return Edge(
        source=edge.source,
        type=intern(edge.type),
        target=written,
        target_id=resolution.page_id,
        line=edge.line,
        type_line=edge.type_line,
        alias=edge.alias,
        note=edge.note,
        redlink=redlink,
        redlink_reason=reason,
        extra=edge.extra or _NO_EXTRA,
    )


def resolve_written(
    resolver: Resolver, target: str, whole: str | None, source_id: str
) -> tuple[Resolution, str]:
    """The resolution of a target, and the text that resolved (what the user wrote)."""
    resolution = resolver.resolve(target, source_id)
    if resolution.page_id is None and whole and not resolution.ambiguous:
        # A file name may itself contain '#' ("C# notes.md"): try the whole text.
        retry = resolver.resolve(whole, source_id)
        if retry.page_id is not None or retry.ambiguous:
            return retry, whole
    return resolution, target


def _resolve_successor(
    page: Page, resolver: Resolver, not_pages: NotPages, diagnostics: list[Diagnostic]
) -> str | None:
    """``superseded_by`` is a target like an edge's: the same steps, the same messages."""
    assert page.superseded_by is not None
    text, line = page.superseded_by
    try:
        target = parse_target(text)
    except TargetError as exc:
        diagnostics.append(
            Diagnostic(page.file, line, "malformed-relationship", f"superseded_by: {exc}")
        )
        return None
    whole = target.whole if target.whole != target.path else None
    resolution, written = resolve_written(resolver, target.path, whole, page.id)
    if resolution.page_id is not None:
        return resolution.page_id
    problem = resolution.problem(written, page.id)
    if problem is not None:
        diagnostics.append(Diagnostic(page.file, line, *problem))
        return None
    near = resolver.suggest(written, source_id=page.id)
    hint = f" Did you mean {' or '.join(repr(n) for n in near)}?" if near else ""
    message = not_pages.why(written, page.id, None) or (
        f"superseded_by {clip(written)!r} matches no page.{hint} Fix it, or remove superseded_by"
    )
    diagnostics.append(Diagnostic(page.file, line, "missing-target", message))
    return None


#: What a missing-target message says of a target that names nothing at all (not a folder,
#: not a file): the wiki's grouped line for a target many edges name looks for it.
NO_PAGE = "matches no page."

#: ``[text](path.md)``: a link as a Markdown body writes it, pasted into frontmatter.
_MARKDOWN_LINK = re.compile(r"\[[^\]]*\]\(\s*<?([^)>\s]+)>?\s*\)")
#: ``https://…``, ``mailto:…``: an address outside the wiki, which no page can be.
_WEB_ADDRESS = re.compile(r"(?:[A-Za-z][A-Za-z0-9+.-]*://|mailto:)\S+")


#: A page's address as Jekyll's ``permalink:`` or Hugo's ``url:`` gives it -> that key, the
#: page's file and its id.
Addresses = dict[str, tuple[str, str, str]]


def page_addresses(pages: Iterable[Page]) -> Addresses:
    """The addresses pages give themselves: a wiki migrated from Jekyll or Hugo names pages
    so (``/pay/``). Strings only, read before the pages are resolved and released."""
    found: Addresses = {}
    for page in pages:
        for key in ("permalink", "url"):
            value = page.meta.get(key)
            if isinstance(value, str) and value.startswith("/"):
                found.setdefault(_address(value), (key, page.file, page.id))
    return found


def _address_hint(target: str, addresses: Addresses) -> str | None:
    found = addresses.get(_address(target))
    if found is None:
        return None
    key, file, page_id = found
    return (
        f"target {clip(target)!r} matches no page, but it is the {key} of {file}: a "
        f'target names a page by its path, not its address; write "[[{page_id}]]"'
    )


def _address(text: str) -> str:
    return text.strip().strip("/").removesuffix(".html")


def other_vault(noun: str, written: str, resolver: Resolver, source_id: str) -> str | None:
    """Dendron's ``[[dendron://vault/note]]`` names a note of one of its vaults: where the
    note is a page here, the fix is to drop the prefix (the target is no web address)."""
    if not written.startswith("dendron://"):
        return None
    vault, _, note = written.removeprefix("dendron://").partition("/")
    if not note or resolver.resolve(note, source_id).page_id is None:
        return None
    return (
        f"{noun} {clip(written)!r} links a note of Dendron's vault {clip(vault)!r}, and this "
        f"site is one vault: remove {clip(f'dendron://{vault}/')!r} from it"
    )


def label_first(
    noun: str, written: str, alias: str | None, resolver: Resolver, source_id: str
) -> str | None:
    """Dendron writes ``[[label|note]]``: where the label names a page and the target none,
    not even nearly (``[[ledgr|Ledger]]`` is a typo), the fix is to swap the two."""
    if not alias or resolver.resolve(alias.partition("#")[0].strip(), source_id).page_id is None:
        return None
    if resolver.suggest(written, source_id=source_id):
        return None
    return (
        f"{noun} {clip(written)!r} matches no page, but its label {clip(alias)!r} does: a link "
        "names the page first and the label after the '|' (Dendron writes the label first); "
        f"write [[{alias}|{written}]]"
    )


def _missing(target: str, source_id: str, resolver: Resolver, entry: bool) -> str:
    folder = resolver.folder_size(target, source_id)
    if folder:
        return (
            f"target {clip(target)!r} names a folder of {plural(folder, 'page')} that has no index "
            f"page; point it at one of its pages, or add {target.rstrip('/')}/index.md"
        )
    vault = other_vault("target", target, resolver, source_id)
    if vault is not None:
        return vault
    if _WEB_ADDRESS.fullmatch(target.strip()):
        kept = "as a field of the edge (url: ...)" if entry else "under a key of its own"
        return (
            f"target {clip(target)!r} is an address outside this wiki, not a page: an edge "
            "links two pages; point the target at a page, and keep the address in the page's "
            f"text or {kept}"
        )
    link = _MARKDOWN_LINK.fullmatch(target.strip())
    if link is not None:
        path = unquote(link.group(1)).removesuffix(".md")  # a Markdown link escapes spaces
        return (
            f"target {clip(target)!r} is a Markdown link; a target names the page itself, "
            f'e.g. target: "[[{path}]]"'
        )
    near = resolver.suggest(target, source_id=source_id)
    hint = f" Did you mean {' or '.join(repr(n) for n in near)}?" if near else ""
    mark = "mark the edge as a deliberate redlink with 'redlink: true'" if entry else LISTED_REDLINK
    return f"target {clip(target)!r} {NO_PAGE}{hint} Fix the target, create the page, or {mark}"


def _stale(page: Page, target: str, line: int, target_id: str) -> Diagnostic:
    return Diagnostic(
        page.file,
        line,
        "stale-redlink",
        f"target {clip(target)!r} is marked as a redlink, but page {target_id!r} exists now; "
        "remove 'redlink:' from this edge",
    )

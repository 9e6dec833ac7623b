"""What a ``[[wikilink]]`` in page text reaches: a page, a file, or why nothing.

The edges' resolver (resolve.py) answers for pages, in its order, so a body link and an edge
that write the same text reach the same page; the site's other files (images, PDFs) are
looked up the same way when no page matches. No Markdown here: wikilinks.py renders links,
this module only finds what they name, once per build for every text that does not depend
on the page (``./`` and ``../`` do).
"""

from __future__ import annotations

import os
import time
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from ..model.diagnostics import clip, plural
from ..model.targets import TargetError, parse_target
from .lookup import PageKeys, Resolver
from .page_set import NOT_MARKDOWN, folder_page_set
from .pipeline import Options, Wiki, load_wiki
from .resolution import LISTED_REDLINK, NotPages, other_vault, resolve_written


@dataclass(frozen=True)
class Link:
    """What one written target reaches: a page's or a file's source, or why nothing."""

    file: str | None = None
    page_id: str | None = None
    problem: str | None = None
    #: Listed in wiki-config.md's ``redlinks`` (the reason, possibly empty): wanted, not broken.
    redlink: str | None = None
    #: Found by the whole text, ``#`` included: a file name with a ``#`` ("C# notes"), no heading.
    whole: bool = False
    #: How many pages an ambiguous text names (0: not ambiguous).
    matches: int = 0


class BodyLinks:
    """A wiki's pages and files, looked up as edges look up their targets."""

    def __init__(self, wiki: Wiki, files: Iterable[str], not_pages: Mapping[str, str]) -> None:
        self.wiki = wiki
        self._page_files = {page.id: page.file for page in wiki.graph.pages.values()}
        self._files = Resolver(PageKeys(path) for path in files)
        self._not_pages = NotPages(
            {path: why for path, why in not_pages.items() if why != NOT_MARKDOWN}
        )
        #: Texts that found a page or file, wherever written: only ``./`` and ``../`` depend on
        #: the page (a miss's message does too: its suggestions leave the page itself out).
        self._found: dict[str, Link] = {}

    def find(self, text: str, source_id: str) -> Link:
        """The page or file ``text`` (``path#heading``, no alias) names from ``source_id``."""
        known = self._found.get(text)
        if known is not None:
            return known
        link = self._find(text, source_id)
        if link.file is not None and not text.startswith("."):
            self._found[text] = link
        return link

    def _find(self, text: str, source_id: str) -> Link:
        try:
            target = parse_target(text)
        except TargetError as error:
            return Link(problem=str(error))
        whole = target.whole if target.whole != target.path else None
        resolution, written = resolve_written(self.wiki.resolver, target.path, whole, source_id)
        if resolution.page_id is not None:
            file = self._page_files.get(resolution.page_id)
            return Link(file, resolution.page_id, whole=whole is not None and written == whole)
        problem = resolution.problem(written, source_id)
        if problem is not None:
            return Link(problem=problem[1], matches=len(resolution.candidates))
        as_file = self._files.resolve(target.path, source_id)
        if as_file.page_id is not None:
            return Link(as_file.page_id)
        problem = as_file.problem(target.path, source_id)
        if problem is not None:
            return Link(problem=problem[1].replace("pages", "files"))
        listed = self.wiki.config.redlink_for(written)
        if listed is not None:
            return Link(redlink=listed.reason or "")
        return Link(problem=self._missing(written, source_id))

    def _missing(self, written: str, source_id: str) -> str:
        why = self._not_pages.why(written, source_id, LISTED_REDLINK)
        if why is not None:
            return why.replace("target", "link", 1).replace("point the edge at", "link to")
        resolver = self.wiki.resolver
        folder = resolver.folder_size(written, source_id)
        if folder:
            return (
                f"link {clip(written)!r} names a folder of {plural(folder, 'page')} that has no "
                f"index page; link to one of its pages, or add {written.rstrip('/')}/index.md"
            )
        vault = other_vault("link", written, resolver, source_id)
        if vault is not None:
            return vault
        near = resolver.suggest(written, source_id=source_id)
        hint = f" Did you mean {' or '.join(repr(n) for n in near)}?" if near else ""
        return (
            f"link {clip(written)!r} matches no page or file.{hint} Fix the link, create the "
            f"page, or {LISTED_REDLINK}"
        )


#: The wiki read from each docs folder, with the folders' modification times it was read at.
#: Zensical makes a new Markdown (and extension) for every page, so the wiki is kept per
#: process; it is read again when a page or folder changed (a page added, removed, renamed,
#: or edited: a new alias or id). Pages are checked at most every ``_RECHECK`` seconds, as
#: the Zensical extension checks them under ``serve``: one stat a page, not one a conversion.
_READ: dict[str, _Read] = {}
_RECHECK = 1.0


@dataclass
class _Read:
    stamp: tuple[int, ...]
    paths: list[str]
    links: BodyLinks
    checked: float


def load_links(docs_dir: str) -> BodyLinks:
    """The links of the wiki in ``docs_dir``, read once while its pages stay as they are."""
    root = os.path.realpath(docs_dir)
    cached = _READ.get(root)
    if cached is not None:
        now = time.monotonic()
        if now - cached.checked < _RECHECK:
            return cached.links
        cached.checked = now
        if _times(cached.paths) == cached.stamp:
            return cached.links
    pages = folder_page_set(root)
    wiki = load_wiki(pages.sources, Options(docs_dir=root, not_pages=pages.not_pages))
    files = [path for path, why in pages.not_pages.items() if why == NOT_MARKDOWN]
    links = BodyLinks(wiki, files, pages.not_pages)
    folders = {root} | {
        os.path.dirname(os.path.join(root, p)) for p in [*pages.sources, *pages.not_pages]
    }
    paths = sorted(folders) + sorted(pages.sources.values())
    _READ[root] = _Read(_times(paths), paths, links, time.monotonic())
    return links


def _times(paths: list[str]) -> tuple[int, ...]:
    times: list[int] = []
    for path in paths:
        try:
            stat = os.stat(path)
        except OSError:
            times += (-1, -1)
        else:
            times += (stat.st_mtime_ns, stat.st_size)
    return tuple(times)


#: The name a site lists this package's ``[[wikilinks]]`` extension by in
#: ``markdown_extensions`` (without the plugin's ``wikilinks: true``).
OUR_EXTENSION = "mkdocs_relations.wikilinks"
#: Plugins and Markdown extensions that render ``[[wikilinks]]`` their own way.
OTHER_PLUGINS = ("roamlinks", "ezlinks", "ezlinked", "autolinks", "wikilinks", "obsidian-bridge")
OTHER_EXTENSIONS = ("wikilinks", "markdown.extensions.wikilinks", "mdx_wikilink_plus")


def other_renderers(plugins: Iterable[str], extensions: Iterable[str]) -> str:
    """What to tell a user whose configuration names another wikilink renderer; "" if none."""
    found = [f"the {name} plugin" for name in plugins if name in OTHER_PLUGINS]
    for name in extensions:
        if name in OTHER_EXTENSIONS or name.startswith("mdx_wikilink_plus."):
            found.append(f"the {name} Markdown extension")
    if not found:
        return ""
    return (
        f"wikilinks: true and {', '.join(found)} both render [[wikilinks]]; the first to run "
        f"wins and the other sees no link. Remove {'it' if len(found) == 1 else 'them'} from "
        "mkdocs.yml, or set wikilinks: false"
    )

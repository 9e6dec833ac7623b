"""Zensical: a Python-Markdown extension that gives ``zensical build`` the plugin's two jobs.

Zensical runs no MkDocs plugin, but it runs the extensions listed under
``markdown_extensions`` and gives each page's Markdown a context
(``zensical.extensions.context``: the page's docs-relative path and URL, and Zensical's
configuration). So, listed as ``mkdocs_relations.zensical`` with the plugin's options:

- the wiki is loaded once per docs folder and build (the first page loads it), linted with the
  plugin's rules, and the build fails on an error with the same diagnostics (file and line)
  on standard error; under ``zensical serve`` they are reported and the server keeps going;
- each page gets its panel (and breadcrumbs), rendered by the plugin's own code. Zensical
  rebases every relative ``href`` from the folder of the page's source file, so links are
  written from there; the picture's ``xlink:href``, which it leaves alone, from the page.

What an extension cannot do is left to ``mkdocs-relations inject`` (docs/zensical.md): the
stylesheets, the path finder and the graph files (an extension writes no files), ``relations``
blocks and the overview (answered once every title is known), and the other end of a changed
edge on an incremental build (Zensical renders only the pages whose source changed).
Under MkDocs (or ProperDocs), which runs the plugin, the extension does nothing.
"""

from __future__ import annotations

import contextlib
import os
import posixpath
import sys
import threading
import time
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from markdown import Extension, Markdown
from markdown.preprocessors import Preprocessor

from .frontmatter.page import page_id_for
from .generators import NoGenerator, mkdocs_api
from .inject.built_site import built_page
from .inject.html_places import ZENSICAL_PANEL
from .model.diagnostics import Diagnostic, apply_severity, display_path, summary
from .output.page_additions import PageAdditions
from .query.page_blocks import collect_files
from .wiki.pipeline import Wiki, load_wiki
from .wiki.titles import Titles

#: Configuration files Zensical reads, in its order.
_CONFIG_FILES = ("zensical.toml", "mkdocs.yml", "mkdocs.yaml")
#: Under ``serve``, how often (seconds) the docs folder is checked for changed pages.
_RECHECK = 1.0


class RelationsExtension(Extension):
    """``markdown_extensions: [mkdocs_relations.zensical: {placement: top, ...}]``."""

    def __init__(self, **options: Any) -> None:
        # The plugin's options, validated by its rules when the wiki loads (Extension's own
        # config table would need a default for each and could not check them alike).
        self.options = options
        super().__init__()

    def extendMarkdown(self, md: Markdown) -> None:
        # After normalize_whitespace (30), which strips the stash's placeholder characters.
        md.preprocessors.register(_PanelPreprocessor(md, self.options), "mkdocs_relations", 25)


def makeExtension(**options: Any) -> RelationsExtension:
    return RelationsExtension(**options)


class _PanelPreprocessor(Preprocessor):
    def __init__(self, md: Markdown, options: Mapping[str, Any]) -> None:
        super().__init__(md)
        self.options = options

    def run(self, lines: list[str]) -> list[str]:
        context = _context(self.md)
        if context is None:
            return lines  # MkDocs or ProperDocs: the plugin does the work
        page, config = context
        site = _site(config, self.options)
        if site.stop is not None:
            _stop(site.stop)
        if site.additions is None:
            return lines
        file = str(page.path).replace(os.sep, "/")
        page_id = page_id_for(file)
        _, url = built_page(file, site.use_directory_urls)
        folder = posixpath.dirname(file)
        shown = site.additions.render(page_id, url, links_from=f"{folder}/" if folder else "./")
        mark = f"<!-- {ZENSICAL_PANEL} -->\n"
        if shown.top:
            lines = ["", self.md.htmlStash.store(mark + shown.top), "", *lines]
        if shown.bottom:
            lines = [*lines, "", self.md.htmlStash.store(mark + shown.bottom), ""]
        return lines


def _stop(message: str) -> None:
    """End the build with the diagnostics above and one line, exit status 1.

    An exception raised here reaches Zensical's Rust runtime, which prints it with two
    tracebacks (and "No issues found"); the diagnostics are already out, so the process
    ends at once, as a failed ``mkdocs build`` does.
    """
    print(message, file=sys.stderr)
    sys.stderr.flush()
    sys.stdout.flush()
    os._exit(1)


def _context(md: Markdown) -> tuple[Any, Mapping[str, Any]] | None:
    """(page, configuration) of the page Zensical renders; None under another generator."""
    try:
        from zensical.extensions.context import ContextPreprocessor
    except ImportError:
        return None
    found = ContextPreprocessor.from_markdown(md)
    if found is None:
        return None
    return found.page, found.config


@dataclass
class _Site:
    """One docs folder's wiki for one build, ready to render panels."""

    use_directory_urls: bool = True
    additions: PageAdditions | None = None
    #: Set when the build must stop: the line it ends with.
    stop: str | None = None
    #: When the docs folder was last looked at, and what it held, for ``serve``.
    checked: float = 0.0
    fingerprint: tuple[tuple[str, int, int], ...] = field(default_factory=tuple)


_lock = threading.Lock()
#: The last wiki loaded per docs folder: a new configuration object (a new build) or, under
#: ``serve``, a changed docs folder loads it again; the entry is replaced, never added to.
_sites: dict[str, tuple[Mapping[str, Any], _Site]] = {}


def _site(config: Mapping[str, Any], options: Mapping[str, Any]) -> _Site:
    root = str(config.get("root_dir") or os.getcwd())
    docs_dir = os.path.normpath(os.path.join(root, str(config.get("docs_dir") or "docs")))
    serving = _serving()
    with _lock:
        held = _sites.get(docs_dir)
        # The configuration itself is held, so its identity cannot pass to a new one.
        if held is not None and held[0] is config:
            site = held[1]
            if not serving or time.monotonic() - site.checked < _RECHECK:
                return site
            now = _fingerprint(docs_dir)
            site.checked = time.monotonic()
            if now == site.fingerprint:
                return site
        site = _load(root, config, options, serving)
        if serving and site.stop is not None:
            # An unusable configuration is said, and the server keeps going without panels.
            print(f"{site.stop}; serve goes on without panels", file=sys.stderr)
            site.stop = None
        site.fingerprint = _fingerprint(docs_dir) if serving else ()
        site.checked = time.monotonic()
        _sites[docs_dir] = (config, site)
        return site


def _serving() -> bool:
    """True under ``zensical serve``: Zensical's command line is this process's."""
    command = next((arg for arg in sys.argv[1:] if not arg.startswith("-")), "")
    return command == "serve"


def _fingerprint(docs_dir: str) -> tuple[tuple[str, int, int], ...]:
    return tuple(sorted(_stats(docs_dir)))


def _stats(folder: str) -> Iterator[tuple[str, int, int]]:
    try:
        entries = list(os.scandir(folder))
    except OSError:
        return
    for entry in entries:
        if entry.is_dir(follow_symlinks=False) and not entry.name.startswith("."):
            yield from _stats(entry.path)
        elif entry.name.endswith((".md", ".markdown")):
            try:
                stat = entry.stat()
            except OSError:
                continue
            yield entry.path, stat.st_mtime_ns, stat.st_size


def _load(root: str, config: Mapping[str, Any], options: Mapping[str, Any], serving: bool) -> _Site:
    """Read, resolve and lint the wiki; report its diagnostics once; ready its panels."""
    try:
        mkdocs_api()  # the options are validated by the plugin's own rules
    except NoGenerator as exc:
        return _Site(stop=f"mkdocs_relations.zensical: {exc}")
    from .mkdocs_input import ConfigFileError, display_of, lenient_config, options_from

    found = (os.path.join(root, name) for name in _CONFIG_FILES)
    config_file = next((p for p in found if os.path.isfile(p)), os.path.join(root, "mkdocs.yml"))
    with contextlib.suppress(ValueError):  # another drive: the full path it is
        config_file = os.path.relpath(config_file)  # as the user names it, in messages
    try:
        mkdocs_config, pages, plugin, custom_dir = lenient_config(
            config, config_file, options, owner="Extension 'mkdocs_relations.zensical'"
        )
    except ConfigFileError as exc:
        return _Site(stop=f"mkdocs_relations.zensical: {exc}")
    if not plugin.enabled:
        return _Site()
    relations = options_from(plugin, mkdocs_config)
    relations.not_pages = pages.not_pages
    wiki = load_wiki(pages.sources, relations)
    display = replace(display_of(plugin), path_finder="off")  # its script is inject's
    blocks = collect_files(wiki, sorted(pages.sources.items()), display.max_hops, display.labels)
    prefix = os.path.relpath(mkdocs_config.docs_dir, root).replace(os.sep, "/")
    diagnostics = wiki.diagnostics + apply_severity(blocks.diagnostics, relations.severity)
    _report(wiki, diagnostics, prefix)
    use_directory_urls = bool(mkdocs_config.use_directory_urls)
    site = _Site(use_directory_urls)
    if plugin.fail_on_error and any(d.severity == "error" for d in diagnostics):
        message = (
            f"mkdocs_relations.zensical: {summary(diagnostics)}; the build stops so broken "
            "edges do not reach the site (each one is listed above with its file and line)"
        )
        if not serving:
            site.stop = message
            return site
        print(f"{message[: message.index(';')]}; serve goes on", file=sys.stderr)
    titles = Titles(wiki.graph, pages.sources)
    urls = {
        page_id: built_page(page.file, use_directory_urls)[1]
        for page_id, page in wiki.graph.pages.items()
    }
    site.additions = PageAdditions(
        wiki, _Pages(titles, urls), display, [custom_dir] if custom_dir else []
    )
    return site


def _report(wiki: Wiki, diagnostics: list[Diagnostic], prefix: str) -> None:
    """Every diagnostic as ``mkdocs-relations lint`` prints it, on standard error."""
    for level, line in wiki.grouped():
        print(f"{level}: {line}", file=sys.stderr)
    for diagnostic in diagnostics:
        print(diagnostic.format(display_path(prefix, diagnostic.file)), file=sys.stderr)


class _Pages(Mapping[str, tuple[str, str]]):
    """Each page's (title, URL), the title read only when a panel names the page."""

    def __init__(self, titles: Titles, urls: Mapping[str, str]) -> None:
        self._titles = titles
        self._urls = urls

    def __getitem__(self, page_id: str) -> tuple[str, str]:
        return self._titles(page_id), self._urls[page_id]

    def __iter__(self) -> Iterator[str]:
        return iter(self._urls)

    def __len__(self) -> int:
        return len(self._urls)

"""The MkDocs adaptor: hooks only. The work happens in plain modules shared with the CLI."""

from __future__ import annotations

import os

from mkdocs.config.defaults import MkDocsConfig
from mkdocs.exceptions import PluginError
from mkdocs.plugins import BasePlugin, event_priority, get_plugin_logger
from mkdocs.structure.files import File, Files
from mkdocs.structure.pages import Page as MkDocsPage
from mkdocs.utils import get_relative_url
from mkdocs.utils.templates import TemplateContext

from .config import RelationsConfig
from .diagnostics import display_path, summary
from .export import site_graph, to_json, to_script
from .mkdocs_input import display_prefix, options_from, page_set
from .panel import PageRef, PanelBuilder
from .paths import PathIndex
from .reader import page_id_for
from .render import ASSETS, Renderer
from .wiki import Wiki, load_wiki

log = get_plugin_logger(__name__)

ASSET_DIR = "assets/mkdocs-relations"
CSS = f"{ASSET_DIR}/relations.css"
SCRIPTS = (f"{ASSET_DIR}/relations-paths.js", f"{ASSET_DIR}/relations-finder.js")
GRAPH_JSON = f"{ASSET_DIR}/graph.json"
GRAPH_SCRIPT = f"{ASSET_DIR}/graph.js"


class RelationsPlugin(BasePlugin[RelationsConfig]):
    """Reads typed relationships from frontmatter and fails the build on broken edges."""

    def __init__(self) -> None:
        self._reset()

    def _reset(self) -> None:
        self.wiki: Wiki | None = None
        self.builder: PanelBuilder | None = None
        self.renderer: Renderer | None = None
        #: page id -> (title, site-relative URL), known once every page has been read.
        self.pages: dict[str, tuple[str, str]] = {}

    def on_config(self, config: MkDocsConfig) -> MkDocsConfig | None:
        # State from a previous `mkdocs serve` rebuild must never leak into this one.
        self._reset()
        if not self.config.enabled:
            return config
        if self._shows_anything() and CSS not in config.extra_css:
            config.extra_css.append(CSS)
        if self.config.path_finder != "off":
            for script in SCRIPTS:
                if script not in config.extra_javascript:
                    config.extra_javascript.append(script)
        return config

    def _shows_anything(self) -> bool:
        return self.config.placement != "off" or self.config.path_finder != "off"

    def _assets(self) -> list[str]:
        assets = [CSS] if self._shows_anything() else []
        if self.config.path_finder != "off":
            assets += SCRIPTS
        return assets

    def on_files(self, files: Files, *, config: MkDocsConfig) -> Files | None:
        if not self.config.enabled:
            return files
        pages = page_set(files, config)
        options = options_from(self.config, config)
        options.not_pages = pages.not_pages
        self.wiki = load_wiki(pages.sources, options)
        report(self.wiki, display_prefix(config), fail=self.config.fail_on_error)
        for asset in self._assets():
            source = os.path.join(ASSETS, asset.rsplit("/", 1)[1])
            files.append(File.generated(config, asset, abs_src_path=source))
        return files

    def on_env(self, env: object, *, config: MkDocsConfig, files: Files) -> None:
        if self.wiki is None:
            return
        # Titles come from MkDocs (frontmatter title, else first heading, else file name),
        # and are only all known here, after every page has been read.
        for file in files.documentation_pages():
            if file.page is not None:
                title = file.page.title or file.name
                self.pages[page_id_for(file.src_uri)] = (str(title), file.url)
        self.builder = PanelBuilder(
            self.wiki.graph,
            PathIndex.from_graph(self.wiki.graph),
            labels=self.config.labels,
            panels=tuple(self.config.panels),
            max_hops=self.config.max_hops,
            picture_limit=self.config.picture_limit,
        )
        self.renderer = Renderer(config.theme.dirs)

    @event_priority(-100)  # after the search plugins have indexed the page without the panel
    def on_page_context(
        self, context: TemplateContext, *, page: MkDocsPage, config: MkDocsConfig, nav: object
    ) -> TemplateContext | None:
        if self.builder is None or self.renderer is None or self.wiki is None:
            return context
        page_id = page_id_for(page.file.src_uri)
        graph_page = self.wiki.graph.pages.get(page_id)
        if graph_page is None or graph_page.hide_panel or page.content is None:
            return context

        refs: dict[str, PageRef] = {}

        def ref(other: str) -> PageRef:
            # A page is named several times in one panel (edges, reach, picture).
            found = refs.get(other)
            if found is None:
                title, url = self.pages.get(other, (other, ""))
                found = refs[other] = PageRef(title, get_relative_url(url, page.url))
            return found

        top: list[str] = []
        bottom: list[str] = []
        if self.config.placement != "off":
            panel = self.builder.build(page_id, ref)
            if panel is not None:
                html = self.renderer.panel(panel, page_id, self.config.placement)
                (top if self.config.placement == "top" else bottom).append(html)
        if self.config.path_finder != "off":
            html = self.renderer.path_finder(
                page_id,
                sorted(self.wiki.graph.vocabulary),
                self.config.max_hops,
                self.builder.labels,
            )
            (top if self.config.path_finder == "top" else bottom).append(html)
        page.content = "".join(top) + page.content + "".join(bottom)
        return context

    def on_post_build(self, *, config: MkDocsConfig) -> None:
        if self.wiki is None:
            return
        # Written after the build, like the search index: titles are only known once every
        # page has been read, and the file is data, not a page.
        data = site_graph(self.wiki.graph, self.pages, self.config.max_hops)
        folder = os.path.join(config.site_dir, *ASSET_DIR.split("/"))
        os.makedirs(folder, exist_ok=True)
        for name, text in ((GRAPH_JSON, to_json(data) + "\n"), (GRAPH_SCRIPT, to_script(data))):
            with open(
                os.path.join(config.site_dir, *name.split("/")), "w", encoding="utf-8"
            ) as out:
                out.write(text)


def report(wiki: Wiki, prefix: str, *, fail: bool) -> None:
    """Log every diagnostic; raise one PluginError summarising them when any is an error."""
    level, groups = wiki.unknown_type_groups()
    for group in groups:
        {"error": log.error, "warning": log.warning}.get(level, log.info)(group.message())
    for diagnostic in wiki.diagnostics:
        shown = diagnostic.format(display_path(prefix, diagnostic.file))
        if diagnostic.severity == "error":
            log.error(shown)
        elif diagnostic.severity == "warning":
            log.warning(shown)
        else:
            log.info(shown)
    if fail and wiki.errors:
        raise PluginError(
            f"relations: {summary(wiki.diagnostics)}; the build stops so broken edges do not "
            "reach the site (each one is listed above with its file and line)"
        )

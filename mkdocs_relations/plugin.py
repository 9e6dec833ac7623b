"""The MkDocs adaptor: hooks only. The work happens in plain modules shared with the CLI."""

from __future__ import annotations

import markupsafe
from mkdocs.config.defaults import MkDocsConfig
from mkdocs.exceptions import PluginError
from mkdocs.plugins import BasePlugin, event_priority, get_plugin_logger
from mkdocs.structure.files import File, Files
from mkdocs.structure.pages import Page as MkDocsPage
from mkdocs.structure.toc import AnchorLink, TableOfContents
from mkdocs.utils.templates import TemplateContext

from .config import RelationsConfig
from .diagnostics import display_path, summary
from .mkdocs_input import display_of, display_prefix, options_from, page_set
from .page_additions import PageAdditions
from .reader import page_id_for
from .render import TEMPLATES
from .site_files import CSS, SCRIPTS, asset_source, write_graph_files
from .wiki import Wiki, load_wiki

log = get_plugin_logger(__name__)


class RelationsPlugin(BasePlugin[RelationsConfig]):
    """Reads typed relationships from frontmatter and fails the build on broken edges."""

    def __init__(self) -> None:
        self._reset()

    def _reset(self) -> None:
        self.wiki: Wiki | None = None
        self.additions: PageAdditions | None = None
        #: page id -> (title, site-relative URL), known once every page has been read.
        self.pages: dict[str, tuple[str, str]] = {}

    def on_config(self, config: MkDocsConfig) -> MkDocsConfig | None:
        # State from a previous `mkdocs serve` rebuild must never leak into this one.
        self._reset()
        if not self.config.enabled:
            return config
        # Like MkDocs' search plugin: the package's templates become the theme's last folder,
        # so a custom_dir override can include relations/sidebar.html (and still wins).
        if TEMPLATES not in config.theme.dirs:
            config.theme.dirs.append(TEMPLATES)
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
            files.append(File.generated(config, asset, abs_src_path=asset_source(asset)))
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
        self.additions = PageAdditions(
            self.wiki, self.pages, display_of(self.config), config.theme.dirs
        )

    @event_priority(-100)  # after the search plugins have indexed the page without the panel
    def on_page_context(
        self, context: TemplateContext, *, page: MkDocsPage, config: MkDocsConfig, nav: object
    ) -> TemplateContext | None:
        if self.additions is None or page.content is None:
            return context
        shown = self.additions.render(page_id_for(page.file.src_uri), page.url)
        if shown.top or shown.bottom:
            page.content = shown.top + page.content + shown.bottom
        if shown.panel is not None:
            # For theme overrides: a custom_dir template can place the panel's data anywhere.
            context["relations"] = shown.panel  # type: ignore[typeddict-unknown-key]
            if self.config.placement != "off" and page.toc is not None:
                top = self.config.placement == "top"
                _add_to_toc(page.toc, shown.panel.labels["title"], top)
        return context

    def on_post_build(self, *, config: MkDocsConfig) -> None:
        if self.wiki is None:
            return
        # Written after the build, like the search index: titles are only known once every
        # page has been read, and the file is data, not a page.
        labels = self.additions.labels if self.additions else None
        write_graph_files(
            config.site_dir, self.wiki.graph, self.pages, self.config.max_hops, labels
        )


def _add_to_toc(toc: TableOfContents, title: str, first: bool) -> None:
    """Make the panel reachable from the page's table of contents.

    Under the page's one level-1 heading when it has one (Material shows that heading's
    children as the table of contents), else at the top level.
    """
    items = toc.items
    if len(items) == 1 and items[0].level == 1:
        items = items[0].children
    link = AnchorLink(str(markupsafe.escape(title)), "relations-panel", 2)  # titles are HTML
    if first:
        items.insert(0, link)
    else:
        items.append(link)


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

"""The MkDocs adaptor: hooks only. The work happens in plain modules shared with the CLI."""

from __future__ import annotations

import html
from functools import partial

import markupsafe
from mkdocs.config.defaults import MkDocsConfig
from mkdocs.exceptions import PluginError
from mkdocs.plugins import BasePlugin, event_priority, get_plugin_logger
from mkdocs.structure.files import File, Files
from mkdocs.structure.pages import Page as MkDocsPage
from mkdocs.structure.toc import AnchorLink, TableOfContents
from mkdocs.utils.templates import TemplateContext

from .blocks import marker_lines, replace_lines
from .config import RelationsConfig
from .diagnostics import Diagnostic, apply_severity, display_path, summary
from .mkdocs_input import display_of, display_prefix, options_from, page_set
from .overview import MARKER as OVERVIEW
from .overview import overview_markdown, overview_page
from .page_additions import PageAdditions, relative_url
from .queryblocks import BlockAnswers
from .reader import page_id_for
from .render import TEMPLATES
from .site_files import CSS, QUERY_CSS, SCRIPTS, asset_source, write_graph_files
from .titles import plain_title
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
        self.blocks: BlockAnswers | None = None
        #: Pages holding relations blocks, by file, answered once every title is known.
        self.rendered: dict[str, MkDocsPage] = {}
        #: (URL, folder of the page linking to it) -> relative URL, for block answers.

    def on_config(self, config: MkDocsConfig) -> MkDocsConfig | None:
        # State from a previous `mkdocs serve` rebuild must never leak into this one.
        self._reset()
        if not self.config.enabled:
            return config
        # Like MkDocs' search plugin: the package's templates become the theme's last folder,
        # so a custom_dir override can include relations/sidebar.html (and still wins).
        if TEMPLATES not in config.theme.dirs:
            config.theme.dirs.append(TEMPLATES)
        for sheet in (CSS, QUERY_CSS) if self._shows_anything() else ():
            if sheet not in config.extra_css:
                config.extra_css.append(sheet)
        if self.config.path_finder != "off":
            for script in SCRIPTS:
                if script not in config.extra_javascript:
                    config.extra_javascript.append(script)
        return config

    def _shows_anything(self) -> bool:
        return self.config.placement != "off" or self.config.path_finder != "off"

    def _assets(self) -> list[str]:
        assets = [CSS] if self._shows_anything() else []
        assets.append(QUERY_CSS)
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
        self.blocks = BlockAnswers(self.wiki, self.config.max_hops, self.config.labels)
        for asset in self._assets():
            files.append(File.generated(config, asset, abs_src_path=asset_source(asset)))
        overview = self.config.overview
        if overview and files.get_file_from_path(overview) is None:
            files.append(
                File.generated(config, overview, content=overview_page(self.config.labels))
            )
        return files

    def on_page_markdown(
        self, markdown: str, *, page: MkDocsPage, config: MkDocsConfig, files: Files
    ) -> str | None:
        if self.blocks is None:
            return markdown
        file = page.file.src_uri
        offset = partial(_line_offset, page, markdown)
        markdown = self.blocks.collect(markdown, file, page_id_for(file), offset)
        if marker_lines(markdown, OVERVIEW):
            overview = self.blocks.collect(overview_markdown(self.config.labels), file, None, 0)
            markdown = replace_lines(markdown, marker_lines(markdown, OVERVIEW), overview)
            self.blocks.unlisted.add(page_id_for(file))
        elif file == self.config.overview:
            self.blocks.unlisted.add(page_id_for(file))
        if file in self.blocks.pending:
            self.rendered[file] = page
        return markdown

    def on_env(self, env: object, *, config: MkDocsConfig, files: Files) -> None:
        if self.wiki is None:
            return
        # Titles come from MkDocs (frontmatter title, else first heading, else file name),
        # and are only all known here, after every page has been read.
        for file in files.documentation_pages():
            if file.page is not None:
                title = str(file.page.title or "")
                if "title" not in file.page.meta:
                    title = plain_title(title)
                self.pages[page_id_for(file.src_uri)] = (title or file.name, file.url)
        self.additions = PageAdditions(
            self.wiki, self.pages, display_of(self.config), config.theme.dirs
        )
        self._answer_blocks(display_prefix(config), linked=QUERY_CSS in config.extra_css)

    def _answer_blocks(self, prefix: str, *, linked: bool) -> None:
        """Report the blocks' diagnostics, then put every answer in its page's HTML."""
        assert self.blocks is not None and self.additions is not None
        diagnostics = apply_severity(self.blocks.diagnostics, self.config.severity)
        for diagnostic in diagnostics:
            _log(diagnostic, prefix)
        if self.config.fail_on_error and any(d.severity == "error" for d in diagnostics):
            raise PluginError(
                f"relations: {summary(diagnostics)} in relations blocks; the build stops "
                "(each one is listed above with its file and line)"
            )
        # Rows sort by the titles the site shows, as the panels name pages.
        pages = self.pages
        self.blocks.engine(self.additions.builder.index, lambda p: pages.get(p, (p, ""))[0])
        renderer = self.additions.renderer
        for file, page in self.rendered.items():
            if page.content is None:
                continue
            ref = self.additions.references(page.url)
            page.content, lost = self.blocks.answer(file, page.content, ref, renderer)
            if not linked:
                # Panel and finder are off, so no stylesheet of ours is on every page: the
                # pages with answers link theirs (a stylesheet link may stand in the body).
                href = html.escape(relative_url(QUERY_CSS, page.url))
                page.content = f'<link rel="stylesheet" href="{href}">' + page.content
            for line in lost:
                log.warning(
                    f"{display_path(prefix, file)}:{line}: the answer of this relations block "
                    "has no place in the page: another extension or plugin removed its "
                    "placeholder"
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
        _log(diagnostic, prefix)
    if fail and wiki.errors:
        raise PluginError(
            f"relations: {summary(wiki.diagnostics)}; the build stops so broken edges do not "
            "reach the site (each one is listed above with its file and line)"
        )


def _log(diagnostic: Diagnostic, prefix: str) -> None:
    shown = diagnostic.format(display_path(prefix, diagnostic.file))
    if diagnostic.severity == "error":
        log.error(shown)
    elif diagnostic.severity == "warning":
        log.warning(shown)
    else:
        log.info(shown)


def _line_offset(page: MkDocsPage, markdown: str) -> int:
    """File lines before the Markdown MkDocs hands over: the frontmatter it stripped."""
    try:
        source = page.file.content_string
    except (OSError, UnicodeDecodeError):
        return 0
    if not source.endswith(markdown):
        return 0  # another plugin changed the text; lines count from its start
    return source.count("\n", 0, len(source) - len(markdown))

"""The MkDocs adaptor: hooks only. The work happens in plain modules shared with the CLI."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Literal

from mkdocs.config.defaults import MkDocsConfig
from mkdocs.exceptions import PluginError
from mkdocs.plugins import BasePlugin, event_priority, get_plugin_logger
from mkdocs.structure.files import Files
from mkdocs.structure.pages import Page as MkDocsPage
from mkdocs.structure.toc import AnchorLink
from mkdocs.utils.templates import TemplateContext

from .config import RelationsConfig
from .frontmatter.page import page_id_for
from .mkdocs_build import (
    add_asset_files,
    add_generated,
    add_panel_to_toc,
    add_templates_and_assets,
    add_wikilinks,
    answer_blocks,
    body_links,
    long_pages,
    remove_from_toc,
    site_pages,
    stripped_lines,
    text_problems,
    write_site_graph,
)
from .mkdocs_input import display_of, display_prefix, options_from, page_set
from .output.kept_additions import KeptAdditions, ServeSession, settings_of
from .output.page_additions import PageAdditions
from .output.page_content import PageContent
from .output.rendered_ahead import RUN, RenderedAhead
from .output.site_files import QUERY_CSS, graph_files
from .query.page_blocks import BlockAnswers
from .query.rule_checks import RuleReport, overview_with_rules, read_with_rules
from .wiki.pipeline import Wiki
from .wiki.report import BLOCKS, WIKILINKS, Report
from .wikilinks import WikilinksExtension

log = get_plugin_logger(__name__)


class RelationsPlugin(BasePlugin[RelationsConfig]):
    """Reads typed relationships from frontmatter and fails the build on broken edges."""

    def __init__(self) -> None:
        #: Kept across the rebuilds of one ``mkdocs serve`` (``on_startup``), never a build's.
        self.session: ServeSession | None = None
        self._reset()

    def _reset(self) -> None:
        #: This build's serve session, and what it keeps of pages' additions: None for a build.
        self.serving: ServeSession | None = None
        self.kept: KeptAdditions | None = None
        self.wiki: Wiki | None = None
        self.rules = RuleReport()
        self.report = Report("", _say)
        self.blocks: BlockAnswers | None = None
        self.additions: PageAdditions | None = None
        #: Each page's additions, from its context to its HTML; made once pages are read.
        self.content: PageContent | None = None
        #: page id -> (title, site-relative URL), known once every page has been read.
        self.pages: dict[str, tuple[str, str]] = {}
        #: Pages holding relations blocks, by file, answered once every title is known.
        self.answered: dict[str, MkDocsPage] = {}
        #: The body-link extension of this build (``wikilinks: true``), and by file the count
        #: of lines MkDocs stripped (the frontmatter) before handing over a page's Markdown.
        self.wikilinks: WikilinksExtension | None = None
        self.offsets: dict[str, Callable[[], int]] = {}
        #: By page id, the panel's entry in its table of contents, until its HTML is made.
        self.in_toc: dict[str, tuple[list[AnchorLink], AnchorLink]] = {}

    def on_startup(self, *, command: Literal["build", "gh-deploy", "serve"], dirty: bool) -> None:
        self.session = ServeSession() if command == "serve" else None

    def on_shutdown(self) -> None:
        self.session = None

    def on_config(self, config: MkDocsConfig) -> MkDocsConfig | None:
        # State from a previous `mkdocs serve` rebuild must never leak into this one.
        self._reset()
        if not self.config.enabled:
            return config
        if self.session is not None and self.session.owns(config.config_file_path):
            self.serving, self.kept = self.session, self.session.kept
        add_templates_and_assets(config, display_of(self.config))
        if self.config.wikilinks:
            self.wikilinks, clash = add_wikilinks(config)
            if clash:
                log.warning(clash)
        elif self.config.mentions:
            log.warning(
                "mentions: true lists the pages whose text links to a page, which are read with "
                "wikilinks: true; set wikilinks: true as well, or remove mentions"
            )
        return config

    def on_files(self, files: Files, *, config: MkDocsConfig) -> Files | None:
        if not self.config.enabled:
            return files
        pages = page_set(files, config)
        options = options_from(self.config, config)
        options.not_pages = pages.not_pages
        self.report = Report(
            display_prefix(config),
            _say,
            severity=dict(self.config.severity),
            fail=self.config.fail_on_error,
            serving=self.serving is not None,
        )
        if self.serving is None:
            self.wiki, self.rules = read_with_rules(pages.sources, options, self.config.max_hops)
        else:  # what the last rebuild read, as far as nothing changed
            read = self.serving.read(pages.sources, options, self.config.max_hops, read_with_rules)
            self.wiki, self.rules = read
        stops = self.report.wiki(self.wiki)
        if self.wikilinks is not None:
            self.wikilinks.links = body_links(self.wiki, files, pages.not_pages)
        if stops is not None:  # no page will be converted: the text's broken links are told now
            links = self.wikilinks.links if self.wikilinks else None
            stops = self.report.text_too(
                self.wiki, text_problems(self.wiki, files, pages, config, links)
            )
        _stop(stops)
        labels, overview_file = self.config.labels, self.config.overview
        overview = partial(overview_with_rules, labels, self.rules, page=False)
        self.blocks = BlockAnswers(self.wiki, self.config.max_hops, labels, overview, overview_file)
        add_asset_files(files, config, display_of(self.config))
        if overview_file and files.get_file_from_path(overview_file) is None:
            text = overview_with_rules(labels, self.rules, page=True)
            add_generated(files, config, {overview_file: text})
        return files

    def on_page_markdown(
        self, markdown: str, *, page: MkDocsPage, config: MkDocsConfig, files: Files
    ) -> str | None:
        if self.blocks is None:
            return markdown
        file = page.file.src_uri
        offset = partial(stripped_lines, page, markdown)
        if self.wikilinks is not None:
            self.offsets[file] = offset  # worked out only for a page with a broken link
            self.wikilinks.texts[file] = markdown
        markdown = self.blocks.page(markdown, file, offset)
        if file in self.blocks.pending:
            self.answered[file] = page
        return markdown

    def on_env(self, env: object, *, config: MkDocsConfig, files: Files) -> None:
        if self.wiki is None or self.blocks is None:
            return
        self.pages, order = site_pages(files)
        display = display_of(self.config)
        self.additions = PageAdditions(self.wiki, self.pages, display, config.theme.dirs)
        run, made = RUN, self.additions.site_files
        if self.kept is not None:
            settings = settings_of(self.wiki.graph, display, config.theme.dirs)
            # A run ahead would render pages whose additions are kept: one page at a time.
            run = 1 if self.kept.start(self.wiki, self.pages, settings) else RUN
            made = partial(self.kept.site_files, made)
        add_generated(files, config, made())  # before MkDocs copies files
        _stop(self.report.found(self.blocks.diagnostics, BLOCKS))
        if self.answered:  # else no engine (nor panel index) to build
            prefix = display_prefix(config)
            # The site's sheet holds the blocks' styles where anything shows.
            linked = bool(display.stylesheets) or QUERY_CSS in config.extra_css
            answer_blocks(
                self.blocks, self.answered, self.additions, self.pages,
                linked=linked, prefix=prefix, warn=log.warning,
            )  # fmt: skip
        # After the answers, which are part of a page's length.
        self.additions.long_pages = long_pages(files)
        mentioned_by: dict[str, list[str]] = {}
        if self.wikilinks is not None:
            offsets = self.offsets
            broken = self.wikilinks.broken(lambda f: offsets[f]() if f in offsets else 0)
            _stop(self.report.found(broken, WIKILINKS))
            if self.config.mentions:
                mentioned_by = self.wikilinks.mentioned_by()
        ahead = RenderedAhead(self.additions, order, lambda p: mentioned_by.get(p, ()), run)
        problems = self.report.problems
        banner = self.additions.renderer.problems(problems) if problems else ""
        self.content = PageContent(self.additions, ahead, self.kept, mentioned_by, banner)

    @event_priority(-100)  # after the search plugins have indexed the page without the panel
    def on_page_context(
        self, context: TemplateContext, *, page: MkDocsPage, config: MkDocsConfig, nav: object
    ) -> TemplateContext | None:
        if self.content is None or page.content is None:
            return context
        page_id = page_id_for(page.file.src_uri)
        page.content, panel, in_toc = self.content.add(page_id, page.url, page.content)
        if panel is not None:
            # For theme overrides: a custom_dir template can place the panel's data anywhere.
            context["relations"] = panel  # type: ignore[typeddict-unknown-key]
            if in_toc and page.toc is not None:
                toc, title, first = page.toc, self.content.toc_title, self.content.toc_first
                self.in_toc[page_id] = add_panel_to_toc(toc, title, first)
        return context

    @event_priority(-100)  # after other plugins, which may read the content as rendered
    def on_post_page(self, output: str, *, page: MkDocsPage, config: MkDocsConfig) -> str:
        if self.content is not None:
            page_id = page_id_for(page.file.src_uri)
            page.content = self.content.given_back(page_id, page.content)
            placed = self.in_toc.pop(page_id, None)
            if placed is not None:
                remove_from_toc(*placed)
        return output

    def on_post_build(self, *, config: MkDocsConfig) -> None:
        if self.wiki is None:
            return
        if self.kept is not None:
            log.debug(f"{self.kept.reused} pages' additions reused, {self.kept.rendered} rendered")
        labels = self.additions.labels if self.additions else None
        # Every page is written: what rendered them is let go before the graph files are
        # made, the build's last and largest allocation (issue 45).
        self.content = self.additions = None
        made = graph_files if self.serving is None else self.serving.graph_files
        write_site_graph(config, self.wiki, self.pages, self.config.max_hops, labels, made)


def _say(level: str, text: str) -> None:
    {"error": log.error, "warning": log.warning}.get(level, log.info)(text)


def _stop(message: str | None) -> None:
    if message is not None:
        raise PluginError(message)

"""The MkDocs adaptor: hooks only. The work happens in plain modules shared with the CLI.

Long because it is the one place MkDocs' build meets the plugin: every hook, and the
reports each hook's diagnostics need, are here rather than spread over adaptors.
"""

from __future__ import annotations

import html
from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from functools import partial
from typing import Any

import markupsafe
from mkdocs.config.defaults import MkDocsConfig
from mkdocs.exceptions import PluginError
from mkdocs.plugins import BasePlugin, event_priority, get_plugin_logger
from mkdocs.structure.files import File, Files
from mkdocs.structure.pages import Page as MkDocsPage
from mkdocs.utils.templates import TemplateContext

from . import collector
from .config import RelationsConfig
from .frontmatter.block import Source
from .frontmatter.page import page_id_for
from .mkdocs_input import (
    add_panel_to_toc,
    as_listed,
    display_of,
    display_prefix,
    first_markdown_handler,
    options_from,
    page_set,
    sole_source_reader,
    stripped_lines,
    without_frontmatter,
)
from .model.diagnostics import Diagnostic, apply_severity, display_path, summary
from .output.page_additions import PageAdditions
from .output.rendered_ahead import RenderedAhead
from .output.rendered_beside import RenderedBeside, may_fork
from .output.site_files import (
    QUERY_CSS,
    OutsideSite,
    asset_source,
    graph_files,
    write_graph_files,
)
from .output.site_links import relative_url
from .query.fences import find_blocks, marker_lines, replace_lines
from .query.overview import MARKER as OVERVIEW
from .query.overview import overview_markdown, overview_page
from .query.page_blocks import BlockAnswers
from .query.rule_checks import RuleReport, read_with_rules, with_rules
from .resources import TEMPLATES
from .wiki.body_links import BodyLinks, other_renderers
from .wiki.pipeline import Wiki
from .wiki.read_beside import ReadBeside
from .wiki.titles import plain_title
from .wikilinks import WikilinksExtension

log = get_plugin_logger(__name__)

#: The wiki, its rules, and each page's text as MkDocs reads it where it is handed over.
Read = tuple[Wiki, RuleReport, "dict[str, Source] | None"]


class RelationsPlugin(BasePlugin[RelationsConfig]):
    """Reads typed relationships from frontmatter and fails the build on broken edges."""

    def __init__(self) -> None:
        self._reset()

    def _reset(self) -> None:
        self.wiki: Wiki | None = None
        self.additions: PageAdditions | None = None
        self.ahead: RenderedAhead | RenderedBeside | None = None
        #: page id -> (title, site-relative URL), known once every page has been read.
        self.pages: dict[str, tuple[str, str]] = {}
        self.blocks: BlockAnswers | None = None
        self.rules: RuleReport = RuleReport()
        #: Pages holding relations blocks, by file, answered once every title is known.
        self.rendered: dict[str, MkDocsPage] = {}
        #: The body-link extension of this build (``wikilinks: true``), and each page's count
        #: of lines MkDocs stripped (the frontmatter) before handing over its Markdown.
        self.wikilinks: WikilinksExtension | None = None
        self.offsets: dict[str, Callable[[], int]] = {}
        #: page id -> ids of the pages whose text links to it (``mentions: true``).
        self.mentioned_by: dict[str, list[str]] = {}
        #: Each page's text as MkDocs reads it, read with its frontmatter, until MkDocs takes
        #: it; and the file it was read from. None when another plugin reads page sources.
        self.texts: dict[str, Source] | None = None
        #: The metadata of pages MkDocs was handed without their frontmatter, by file, until
        #: it goes back on the page.
        self.metadata: dict[str, dict[str, Any]] = {}
        self.sources: Mapping[str, str] = {}
        #: Options read for every page, as plain values (an option is a descriptor lookup).
        self.overview: str | None = None
        self.mentions, self.placement = False, "off"
        self.writes_always, self.toc_title = False, ""
        #: The wiki and its rules being read beside MkDocs, until MkDocs' process needs them;
        #: and what reads them here instead, should that fail.
        self.reading: ReadBeside[Read] | None = None
        self.read: Callable[..., tuple[Wiki, RuleReport]] | None = None
        #: The lint's error, met while a page was read: raised once every page is (on_env),
        #: so MkDocs does not present it as that page's.
        self.stopped: PluginError | None = None
        self.prefix = ""
        #: Pages MkDocs has asked the plugin for their text.
        self.asked = 0

    def on_config(self, config: MkDocsConfig) -> MkDocsConfig | None:
        # State from a previous `mkdocs serve` rebuild must never leak into this one.
        self._stop_child()
        self._reset()
        collector.release()  # a previous build that failed left its objects frozen
        if not self.config.enabled:
            return config
        self.texts = {} if sole_source_reader(config.plugins, self.read_source) else None
        self.overview, self.mentions = self.config.overview, self.config.mentions
        self.placement = self.config.placement
        # Like MkDocs' search plugin: the package's templates become the theme's last folder,
        # so a custom_dir override can include relations/sidebar.html (and still wins).
        if TEMPLATES not in config.theme.dirs:
            config.theme.dirs.append(TEMPLATES)
        display = display_of(self.config)
        for sheet in display.stylesheets:
            if sheet not in config.extra_css:
                config.extra_css.append(sheet)
        for script in display.scripts:
            if script not in config.extra_javascript:
                config.extra_javascript.append(script)
        if self.config.wikilinks:
            self._add_wikilinks(config)
        elif self.config.mentions:
            log.warning(
                "mentions: true lists the pages whose text links to a page, which are read with "
                "wikilinks: true; set wikilinks: true as well, or remove mentions"
            )
        return config

    def _add_wikilinks(self, config: MkDocsConfig) -> None:
        clash = other_renderers(list(config.plugins), map(str, config.markdown_extensions))
        if clash:
            log.warning(clash)
        # A previous build's extension (mkdocs serve) holds that build's wiki: replace it.
        config.markdown_extensions[:] = [
            e for e in config.markdown_extensions if not isinstance(e, WikilinksExtension)
        ]
        self.wikilinks = WikilinksExtension()
        self.wikilinks.reports = False
        # An instance, as mkdocs-autorefs adds its own: MkDocs passes the list to Markdown.
        config.markdown_extensions.append(self.wikilinks)  # type: ignore[arg-type]

    def on_files(self, files: Files, *, config: MkDocsConfig) -> Files | None:
        if not self.config.enabled:
            return files
        # Here rather than in on_config: after every plugin's on_config, so none comes first.
        if self.texts is not None and not first_markdown_handler(config.plugins, self.give_meta):
            self.texts = None  # no place to hand the metadata back: MkDocs reads every page
        pages = page_set(files, config)
        options = options_from(self.config, config)
        options.not_pages = pages.not_pages
        self.sources, self.prefix = pages.sources, display_prefix(config)
        self.read = partial(read_with_rules, pages.sources, options, self.config.max_hops)
        if self._reads_beside(len(pages.sources)):
            # Nothing needs the graph before on_env, unless a page holds a relations block;
            # MkDocs reads the pages' text itself until the child is done, then is handed it.
            reading = ReadBeside(partial(_read_handing, self.read, self.texts is not None))
            if reading.start():
                self.reading, self.texts = reading, None
                log.debug("the wiki read in a second process beside MkDocs")
        if self.reading is None:
            self._take(self.read(texts=self.texts))
        if self.wikilinks is not None and self.wiki is not None:
            media = [
                f.src_uri
                for f in files
                if not f.is_documentation_page() and f.inclusion.is_included()
            ]
            self.wikilinks.links = BodyLinks(self.wiki, media, pages.not_pages)
        for asset in display_of(self.config).assets(answers=True):
            files.append(File.generated(config, asset, abs_src_path=asset_source(asset)))
        overview = self.config.overview
        if overview and files.get_file_from_path(overview) is None:
            files.append(File.generated(config, overview, content=self._overview(page=True)))
        collector.keep_out()  # the graph lives to the build's end: out of every collection
        return files

    def _reads_beside(self, pages: int) -> bool:
        """Whether the wiki is read in a second process: not where something needs it while
        MkDocs reads the pages (body links, a generated overview page)."""
        config = self.config
        return bool(
            config.parallel and not config.wikilinks and not config.overview and may_fork(pages)
        )

    def _take(self, read: tuple[Wiki, RuleReport]) -> None:
        """The wiki and its rules, read: reported, and ready for the pages' blocks."""
        self.wiki, self.rules = read
        report(self.wiki, self.prefix, fail=self.config.fail_on_error)
        self.blocks = BlockAnswers(self.wiki, self.config.max_hops, self.config.labels)

    def _take_read_beside(self) -> None:
        """The wiki the second process read, or read here where that process failed."""
        reading, self.reading = self.reading, None
        assert reading is not None and self.read is not None
        with collector.paused():  # tens of thousands of objects, all kept to the build's end
            found = reading.result()
        if found is None:
            log.debug("the wiki read in MkDocs' process: the second process did not read it")
            found = (*self.read(), None)
        wiki, rules, self.texts = found  # the pages MkDocs has yet to read get their text
        log.debug(f"the wiki read beside MkDocs taken when MkDocs had read {self.asked} pages")
        try:
            self._take((wiki, rules))
        except PluginError as error:
            self.stopped = error

    def read_source(self, *, page: MkDocsPage, config: MkDocsConfig) -> str | None:
        """``on_page_read_source`` while no other plugin has one: the text read with the page's
        frontmatter, without the block where its metadata is already loaded (see
        :func:`~.mkdocs_input.without_frontmatter`); None (MkDocs reads) for a page another
        plugin changed, or not UTF-8, and while the wiki is still being read beside MkDocs."""
        self.asked += 1
        if self.reading is not None and self.reading.done():
            self._take_read_beside()
        file = page.file.src_uri
        source = self.texts.pop(file, None) if self.texts else None
        if source is None or not as_listed(page.file, self.sources.get(file)):
            return None
        handed = without_frontmatter(source)
        if handed is None:
            return source.text
        text, self.metadata[file] = handed
        return text

    def give_meta(
        self, markdown: str, *, page: MkDocsPage, config: MkDocsConfig, files: Files
    ) -> None:
        """The first ``on_page_markdown`` handler: the metadata of a page MkDocs was handed
        without its frontmatter goes back on the page."""
        meta = self.metadata.pop(page.file.src_uri, None)
        if meta is not None:
            page.meta = meta

    def on_page_markdown(
        self, markdown: str, *, page: MkDocsPage, config: MkDocsConfig, files: Files
    ) -> str | None:
        if self.reading is not None and (find_blocks(markdown) or marker_lines(markdown, OVERVIEW)):
            self._take_read_beside()  # a page's blocks are checked against the graph
        if self.blocks is None:
            return markdown
        file = page.file.src_uri
        page_id = page_id_for(file)
        offset = partial(stripped_lines, page, markdown)
        if self.wikilinks is not None:
            self.offsets[file] = offset  # worked out only for a page with a broken link
            self.wikilinks.texts[file] = markdown
        markdown = self.blocks.collect(markdown, file, page_id, offset)
        if marker_lines(markdown, OVERVIEW):
            overview = self.blocks.collect(self._overview(page=False), file, None, 0)
            markdown = replace_lines(markdown, marker_lines(markdown, OVERVIEW), overview)
            self.blocks.unlisted.add(page_id)
        elif file == self.overview:
            self.blocks.unlisted.add(page_id)
        if file in self.blocks.pending:
            self.rendered[file] = page
        return markdown

    def _overview(self, *, page: bool) -> str:
        """The overview (a whole page, or what replaces the marker), with the rules' results."""
        labels = self.config.labels
        return with_rules(
            overview_page(labels) if page else overview_markdown(labels), self.rules, labels
        )

    def on_env(self, env: object, *, config: MkDocsConfig, files: Files) -> None:
        if self.reading is not None:
            self._take_read_beside()
        if self.stopped is not None:
            raise self.stopped
        if self.wiki is None:
            return
        if self.texts:
            self.texts.clear()  # all pages are read: drop what MkDocs did not take
        self.metadata.clear()
        # Titles come from MkDocs (frontmatter title, else first heading, else file name),
        # and are only all known here, after every page has been read.
        order = []  # the order MkDocs builds the pages in
        for file in files.documentation_pages():
            if file.page is not None:
                title = str(file.page.title or "")
                if "title" not in file.page.meta:
                    title = plain_title(title)
                page_id = page_id_for(file.src_uri)
                self.pages[page_id] = (title or file.name, file.url)
                order.append((page_id, file.page.url))
        self.additions = PageAdditions(
            self.wiki, self.pages, display_of(self.config), config.theme.dirs
        )
        # Worked out once, not on every page: whether every page gets HTML of the plugin's,
        # and the panel's title in the table of contents (the labels of every panel, which
        # a panel rendered beside MkDocs is only built to read).
        self.writes_always = not self.additions.writes_nothing(())
        self.toc_title = str(markupsafe.escape(self.additions.labels.text["title"]))
        self._answer_blocks(display_prefix(config), linked=QUERY_CSS in config.extra_css)
        if self.wikilinks is not None:
            self._report_wikilinks(self.wikilinks, display_prefix(config))
        collector.keep_out()  # and so do the pages MkDocs has read and converted
        self.ahead = RenderedAhead(self.additions, order, self._mentions_of)
        if self.config.parallel and may_fork(len(order)) and self._writes_anything():
            # The graph files too, once the pages are done: all they need is known here.
            made = partial(
                graph_files,
                self.wiki.graph,
                self.pages,
                self.config.max_hops,
                self.additions.labels,
            )
            beside = RenderedBeside(self.ahead, made)
            if beside.start():
                self.ahead = beside
                log.debug("panels rendered in a second process beside MkDocs")

    def _writes_anything(self) -> bool:
        """Whether any page gets HTML of the plugin's (else there is nothing to render)."""
        assert self.additions is not None
        return not self.additions.writes_nothing(()) or bool(self.mentions and self.mentioned_by)

    def _stop_child(self) -> None:
        if isinstance(self.ahead, RenderedBeside):
            self.ahead.close()
        if self.reading is not None:
            self.reading.close()

    def _report_wikilinks(self, extension: WikilinksExtension, prefix: str) -> None:
        """Report the pages' broken body links; gather who mentions whom."""
        found = []
        mentioned_by: dict[str, list[str]] = {}
        for file, links in sorted(extension.pages.items()):
            if links.broken:
                shift = self.offsets[file]() if file in self.offsets else 0
                found += [replace(d, line=d.line + shift) for d in links.broken]
            for target in sorted(links.mentions):
                mentioned_by.setdefault(target, []).append(page_id_for(file))
        self.mentioned_by = mentioned_by
        diagnostics = apply_severity(found, self.config.severity)
        for diagnostic in diagnostics:
            _log(diagnostic, prefix)
        if self.config.fail_on_error and any(d.severity == "error" for d in diagnostics):
            raise PluginError(
                f"relations: {summary(diagnostics)} in [[wikilinks]] of page text; the build "
                "stops (each one is listed above with its file and line)"
            )

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
        if not self.rendered:
            return  # no page holds a block: no engine (nor panel index) to build here
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
        if self.ahead is None or self.additions is None or page.content is None:
            return context
        page_id = page_id_for(page.file.src_uri)
        if not self.writes_always and not self._mentions_of(page_id):
            data = self.additions.on_demand(page_id, page.url)
            if data is not None:  # for theme overrides, built if one of them reads it
                context["relations"] = data  # type: ignore[typeddict-unknown-key]
            return context
        shown = self.ahead.get(page_id, page.url)
        if shown.top or shown.bottom:
            page.content = shown.top + page.content + shown.bottom
        if shown.panel is not None:
            # For theme overrides: a custom_dir template can place the panel's data anywhere.
            context["relations"] = shown.panel  # type: ignore[typeddict-unknown-key]
            if self.placement != "off" and page.toc is not None:
                add_panel_to_toc(page.toc, self.toc_title, self.placement == "top")
        return context

    def _mentions_of(self, page_id: str) -> Sequence[str]:
        return self.mentioned_by.get(page_id, ()) if self.mentions else ()

    def on_build_error(self, *, error: Exception) -> None:
        self._stop_child()
        collector.release()

    def on_post_build(self, *, config: MkDocsConfig) -> None:
        made = None
        if isinstance(self.ahead, RenderedBeside):
            made = self.ahead.files()
            log.debug(
                f"{self.ahead.rendered_here} of {len(self.ahead.order)} pages' panels rendered "
                "in MkDocs' process, the others beside it; the graph files "
                + ("beside it" if made is not None else "in MkDocs' process")
            )
        self._stop_child()
        collector.release()
        if self.wiki is None:
            return
        # Written after the build, like the search index: titles are only known once every
        # page has been read, and the file is data, not a page. Made beside MkDocs, by the
        # process that rendered the panels, where it has begun them.
        labels = self.additions.labels if self.additions else None
        try:
            write_graph_files(
                config.site_dir, self.wiki.graph, self.pages, self.config.max_hops, labels, made
            )
        except OutsideSite as exc:
            raise PluginError(f"relations: {exc}") from None


def _read_handing(read: Callable[..., tuple[Wiki, RuleReport]], hand: bool) -> Read:
    """What ``read`` reads, with each page's text where it is to be handed to MkDocs."""
    texts: dict[str, Source] | None = {} if hand else None
    wiki, rules = read(texts=texts)
    return wiki, rules, texts


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
    {"error": log.error, "warning": log.warning}.get(diagnostic.severity, log.info)(shown)

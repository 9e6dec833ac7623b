"""What the plugin's hooks read from and change on MkDocs' objects during a build: the theme's
template folder, stylesheets, scripts and generated files, the pages' titles and URLs once
every page is read, the lines MkDocs stripped before a page's Markdown, the panel's entry in
a table of contents, answered blocks put in a page's HTML, and the graph files written.

One of the modules allowed to import MkDocs (the build's half of what ``mkdocs_input.py``
held; the command line's configuration loading stays there).
"""

from __future__ import annotations

import html
from collections.abc import Callable, Mapping

from mkdocs.config.defaults import MkDocsConfig
from mkdocs.exceptions import PluginError
from mkdocs.structure.files import File, Files
from mkdocs.structure.pages import Page as MkDocsPage
from mkdocs.structure.toc import AnchorLink, TableOfContents

from .frontmatter.page import page_id_for
from .model.diagnostics import Diagnostic, display_path
from .output.labels import Labels
from .output.page_additions import LONG_PAGE, Display, PageAdditions
from .output.site_files import QUERY_CSS, OutsideSite, asset_source, write_graph_files
from .output.site_links import relative_url
from .query.page_blocks import BlockAnswers
from .resources import TEMPLATES
from .wiki.body_links import OUR_EXTENSION, BodyLinks, other_renderers
from .wiki.page_set import PageSet
from .wiki.pipeline import Wiki
from .wiki.titles import plain_title
from .wikilinks import WikilinksExtension


def site_pages(files: Files) -> tuple[dict[str, tuple[str, str]], list[tuple[str, str]]]:
    """page id -> (title, site-relative URL) of every page; and (page id, URL) in the order
    MkDocs builds them.

    Titles come from MkDocs (frontmatter title, else first heading, else file name), as text:
    a heading's title is HTML, decoded here; a frontmatter title is already text.
    """
    pages: dict[str, tuple[str, str]] = {}
    order = []
    for file in files.documentation_pages():
        if file.page is not None:
            title = str(file.page.title or "")
            if "title" not in file.page.meta:
                title = plain_title(title)
            page_id = page_id_for(file.src_uri)
            pages[page_id] = (title or file.name, file.url)
            order.append((page_id, file.page.url))
    return pages, order


def long_pages(files: Files) -> frozenset[str]:
    """The pages whose content is longer than :data:`LONG_PAGE`, measured once MkDocs has
    converted every page (before ``on_env``): they get the jump line under their title."""
    return frozenset(
        page_id_for(file.src_uri)
        for file in files.documentation_pages()
        if file.page is not None
        and file.page.content is not None
        and len(file.page.content) > LONG_PAGE
    )


def add_wikilinks(config: MkDocsConfig) -> tuple[WikilinksExtension, str]:
    """The build's ``[[wikilinks]]`` extension, added to the site's Markdown extensions; and
    a warning where another plugin or extension also renders them (else empty)."""
    clash = other_renderers(list(config.plugins), map(str, config.markdown_extensions))
    # A previous build's extension (mkdocs serve) holds that build's wiki: replace it.
    config.markdown_extensions[:] = [
        e for e in config.markdown_extensions if not isinstance(e, WikilinksExtension)
    ]
    extension = WikilinksExtension()
    extension.reports = False  # the plugin reports, with the frontmatter's lines added
    # An instance, as mkdocs-autorefs adds its own: MkDocs passes the list to Markdown.
    config.markdown_extensions.append(extension)  # type: ignore[arg-type]
    return extension, clash


def body_links(wiki: Wiki, files: Files, not_pages: Mapping[str, str]) -> BodyLinks:
    """What a body link can reach: the wiki's pages, and the site's other files."""
    media = [
        f.src_uri for f in files if not f.is_documentation_page() and f.inclusion.is_included()
    ]
    return BodyLinks(wiki, media, not_pages)


def text_problems(
    wiki: Wiki, files: Files, pages: PageSet, config: MkDocsConfig, links: BodyLinks | None
) -> list[Diagnostic]:
    """The broken ``[[wikilinks]]`` of every page's text, read as ``lint`` reads them, where
    the site renders them (the plugin's ``links``, or the extension listed on its own): for a
    build that stops on its edges before any page is converted, so one run lists both."""
    from .wikilinks import check_texts

    names = [str(e) for e in config.markdown_extensions]
    if links is None:
        if OUR_EXTENSION not in names:
            return []
        links = body_links(wiki, files, pages.not_pages)
    return check_texts(links, pages.sources, names, dict(config.mdx_configs))


def stripped_lines(page: MkDocsPage, markdown: str) -> int:
    """File lines before the Markdown MkDocs hands over: the frontmatter it stripped."""
    try:
        source = page.file.content_string
    except (OSError, UnicodeDecodeError):
        return 0
    if not source.endswith(markdown):
        return 0  # another plugin changed the text; lines count from its start
    return source.count("\n", 0, len(source) - len(markdown))


def add_panel_to_toc(
    toc: TableOfContents, title_html: str, first: bool
) -> tuple[list[AnchorLink], AnchorLink]:
    """Make the panel reachable from the page's table of contents, by its title escaped
    (a table of contents' titles are HTML); where it went, for :func:`remove_from_toc`.

    Under the page's one level-1 heading when it has one (Material shows that heading's
    children as the table of contents), else at the top level.
    """
    items = toc.items
    if len(items) == 1 and items[0].level == 1:
        items = items[0].children
    link = AnchorLink(title_html, "relations-panel", 2)
    if first:
        items.insert(0, link)
    else:
        items.append(link)
    return items, link


def remove_from_toc(items: list[AnchorLink], link: AnchorLink) -> None:
    """The panel's entry taken out of a page's table of contents once its HTML is made:
    MkDocs keeps every page's table of contents to the build's end (issue 45)."""
    for number, item in enumerate(items):
        if item is link:
            del items[number]
            return


def answer_blocks(
    blocks: BlockAnswers,
    pages: Mapping[str, MkDocsPage],
    additions: PageAdditions,
    titles: Mapping[str, tuple[str, str]],
    *,
    linked: bool,
    prefix: str,
    warn: Callable[[str], None],
) -> None:
    """Put every relations block's answer in its page's HTML (``pages``: those holding one,
    by file); rows sort by the titles the site shows, as the panels name pages."""
    blocks.engine(additions.builder.index, lambda p: titles.get(p, (p, ""))[0])
    renderer = additions.renderer
    for file, page in pages.items():
        if page.content is None:
            continue
        ref = additions.references(page.url)
        page.content, lost = blocks.answer(file, page.content, ref, renderer)
        if not linked:
            # Panel and finder are off, so no stylesheet of ours is on every page: the
            # pages with answers link theirs (a stylesheet link may stand in the body).
            href = html.escape(relative_url(QUERY_CSS, page.url))
            page.content = f'<link rel="stylesheet" href="{href}">' + page.content
        for line in lost:
            warn(
                f"{display_path(prefix, file)}:{line}: the answer of this relations block "
                "has no place in the page: another extension or plugin removed its "
                "placeholder"
            )


def add_templates_and_assets(config: MkDocsConfig, display: Display) -> None:
    """The package's templates as the theme's last folder (as MkDocs' search plugin adds its
    own: a custom_dir override can include relations/sidebar.html, and still wins), and the
    site's stylesheets and scripts, each once."""
    if TEMPLATES not in config.theme.dirs:
        config.theme.dirs.append(TEMPLATES)
    config.extra_css.extend(s for s in display.stylesheets if s not in config.extra_css)
    scripts = config.extra_javascript
    scripts.extend(s for s in display.scripts if s not in scripts)


def add_asset_files(files: Files, config: MkDocsConfig, display: Display) -> None:
    """The package's stylesheets and scripts as the site's generated files."""
    for asset in display.assets(answers=True):
        files.append(File.generated(config, asset, abs_src_path=asset_source(asset)))


def add_generated(files: Files, config: MkDocsConfig, contents: Mapping[str, str]) -> None:
    """Files the plugin makes (the overview page, the finder's form), by site path."""
    for path, content in contents.items():
        files.append(File.generated(config, path, content=content))


def write_site_graph(
    config: MkDocsConfig,
    wiki: Wiki,
    pages: Mapping[str, tuple[str, str]],
    max_hops: int,
    labels: Labels | None,
    made: Callable[..., Mapping[str, bytes]],
) -> None:
    """The finder's graph files, written after the build like the search index: titles are
    only known once every page has been read, and the files are data, not pages."""
    try:
        write_graph_files(config.site_dir, wiki.graph, pages, max_hops, labels, made)
    except OutsideSite as exc:
        raise PluginError(f"relations: {exc}") from None

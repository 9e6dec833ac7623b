"""Put the plugin's panels, path finder, styles, scripts and graph files into a built site.

For sites built by a generator that does not run MkDocs plugins (Zensical): the same
:class:`~mkdocs_relations.page_additions.PageAdditions` renders what each page gets, and an
HTML parser finds where it goes (the place the plugin puts it under MkDocs: the end of the
page's content, or after its title for ``placement: top``). Each page is spliced at those
offsets only, so every other byte stays as it was, except that a ``relations`` block's
listing (the generator printed it as code) is replaced by its answer; a page that already has
the additions is left alone, so running it twice changes nothing.
"""

from __future__ import annotations

import os
import posixpath
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace

import markupsafe

from .html_places import Places, code_blocks, find_places, splice
from .overview import MARKER as OVERVIEW
from .overview import overview_markdown
from .page_additions import Display, PageAdditions, relative_url
from .queryblocks import BlockAnswers
from .site_files import CSS, QUERY_CSS, SCRIPTS, copy_assets, write_graph_files
from .titles import name_title
from .wiki import Wiki


class InjectError(Exception):
    """The site folder does not fit the docs; nothing was written."""


@dataclass
class Injected:
    changed: list[str] = field(default_factory=list)
    unchanged: list[str] = field(default_factory=list)
    #: Built pages with no content element to put a panel in (a theme we do not know).
    no_content: list[str] = field(default_factory=list)
    #: (docs file, line) of blocks whose listing is not in the built page.
    lost: list[tuple[str, int]] = field(default_factory=list)


def built_page(src: str, use_directory_urls: bool) -> tuple[str, str]:
    """(file in the site, URL) of the page built from ``src``, by MkDocs' and Zensical's rule."""
    folder, name = posixpath.split(src)
    stem = posixpath.splitext(name)[0]
    if stem in ("index", "README"):
        dest = posixpath.join(folder, "index.html")
        url = f"{folder}/" if folder else "./"
        return dest, url if use_directory_urls else dest
    if use_directory_urls:
        dest = posixpath.join(folder, stem, "index.html")
        return dest, posixpath.join(folder, stem) + "/"
    dest = posixpath.join(folder, f"{stem}.html")
    return dest, dest


def inject(
    site_dir: str,
    wiki: Wiki,
    display: Display,
    *,
    use_directory_urls: bool = True,
    template_dirs: Sequence[str] = (),
    blocks: BlockAnswers | None = None,
) -> Injected:
    """Add the plugin's output to every page of the site built from ``wiki``'s docs, and
    answer the ``relations`` blocks collected in ``blocks``."""
    root = os.path.realpath(site_dir)
    files = {
        page_id: built_page(page.file, use_directory_urls)
        for page_id, page in wiki.graph.pages.items()
    }
    missing = sorted(
        page.file for i, page in wiki.graph.pages.items() if not _isfile(root, files[i][0])
    )
    if missing:
        shown = ", ".join(missing[:5]) + (
            f" and {len(missing) - 5} more" if len(missing) > 5 else ""
        )
        raise InjectError(
            f"{site_dir} was not built from these docs: {len(missing)} of "
            f"{len(files)} pages have no built page ({shown}); build the site from the same "
            "configuration first"
        )
    texts: dict[str, str] = {}
    places: dict[str, Places] = {}
    titles: dict[str, tuple[str, str]] = {}
    for page_id, (dest, url) in files.items():
        text = _read(root, dest)
        found = find_places(text)
        texts[page_id], places[page_id] = text, found
        page = wiki.graph.pages[page_id]
        title = page.title or found.title or name_title(page.file)
        titles[page_id] = (title, url)

    additions = PageAdditions(wiki, titles, display, template_dirs)
    # A page whose panel Zensical's extension rendered gets the rest: finder, assets, answers.
    rest = PageAdditions(
        wiki, titles, replace(display, placement="off", breadcrumbs=False), template_dirs
    )

    def title_of(page_id: str) -> str:
        return titles.get(page_id, (page_id, ""))[0]

    if blocks is not None:
        blocks.engine(additions.builder.index, title_of)
    result = Injected()
    for page_id, (dest, url) in files.items():
        found, text = places[page_id], texts[page_id]
        if found.marked and found.marks != {"data-relations-panel"}:
            result.unchanged.append(dest)
            continue
        top, bottom = (rest if found.marked else additions).for_page(page_id, url)
        answers: list[tuple[int, int, str]] = []
        file = wiki.graph.pages[page_id].file
        if blocks is not None and file in blocks.pending:
            answers = _answers(blocks, file, text, url, additions, result)
        if blocks is not None and OVERVIEW in text:
            answers += _overview(blocks, file, text, url, additions, title_of)
        if not (top or bottom or answers):
            result.unchanged.append(dest)
            continue
        inserts = _asset_tags(found, url, display, bool(answers))
        if top or bottom:
            if found.content_start is None or found.content_end is None:
                result.no_content.append(dest)
                continue
            if top:
                inserts.append((found.title_end or found.content_start, top))
            if bottom:
                inserts.append((found.content_end, bottom))
        _write(root, dest, splice(text, inserts, answers))
        result.changed.append(dest)
    assets = ([CSS, QUERY_CSS] if display.shows_anything else []) + (
        list(SCRIPTS) if display.path_finder != "off" else []
    )
    if not display.shows_anything and blocks is not None and blocks.pending:
        assets.append(QUERY_CSS)
    copy_assets(root, assets)
    write_graph_files(root, wiki.graph, titles, display.max_hops, additions.labels)
    return result


def _answers(
    blocks: BlockAnswers,
    file: str,
    text: str,
    url: str,
    additions: PageAdditions,
    result: Injected,
) -> list[tuple[int, int, str]]:
    """(start, end, answer) for each block of the page, in place of its listing.

    A listing is known by its text (the block's YAML), in the page's order; a block whose
    listing is not found (another extension changed it) is reported, as the plugin does.
    """
    listings = code_blocks(text)
    places = []
    at = 0
    for pending, answer in blocks.answers(file, additions.references(url), additions.renderer):
        wanted = _listing_text(pending.source)
        found = next(
            (i for i in range(at, len(listings)) if _listing_text(listings[i].text) == wanted),
            None,
        )
        if found is None:
            result.lost.append((file, pending.file_line()))
            continue
        places.append((listings[found].start, listings[found].end, answer))
        at = found + 1
    return places


def _overview(
    blocks: BlockAnswers,
    file: str,
    text: str,
    url: str,
    additions: PageAdditions,
    title: Callable[[str], str],
) -> list[tuple[int, int, str]]:
    """The overview's HTML in place of each ``<!-- relations/overview -->`` the generator
    kept as a comment, answered as the plugin answers it (its blocks are the overview's
    own, so they are checked and answered apart from the page's)."""
    own = BlockAnswers(blocks.wiki, blocks.reader.max_hops, blocks.labels)
    own.engine(additions.builder.index, title)
    markdown = own.collect(overview_markdown(blocks.labels), file, None, 0)
    html = markdown_to_html(markdown)
    html, _ = own.answer(file, html, additions.references(url), additions.renderer)
    places = []
    at = text.find(OVERVIEW)
    while at != -1:
        places.append((at, at + len(OVERVIEW), html))
        at = text.find(OVERVIEW, at + len(OVERVIEW))
    return places


def markdown_to_html(markdown: str) -> str:
    """The overview's Markdown as HTML, headings with ids as MkDocs gives them."""
    import markdown as python_markdown  # MkDocs', ProperDocs' and Zensical's renderer

    return str(python_markdown.markdown(markdown, extensions=["toc"]))


def _listing_text(text: str) -> str:
    return "\n".join(line.rstrip() for line in text.strip("\n").split("\n"))


def _asset_tags(
    found: Places, url: str, display: Display, answers: bool = False
) -> list[tuple[int, str]]:
    """The stylesheets at the end of the head and the scripts at the end of the body, as
    MkDocs places extra_css and extra_javascript (the plugin lists both sheets when anything
    shows; otherwise a page with answers links the answers' sheet)."""
    inserts = []
    sheets = [CSS, QUERY_CSS] if display.shows_anything else [QUERY_CSS] if answers else []
    if found.head_end is not None:
        for sheet in sheets:
            href = markupsafe.escape(relative_url(sheet, url))
            inserts.append(
                (found.head_end, f'<link rel="stylesheet" href="{href}" data-relations-assets>\n')
            )
    if found.body_end is not None and display.path_finder != "off":
        sources = [markupsafe.escape(relative_url(script, url)) for script in SCRIPTS]
        tags = "".join(f'<script src="{s}" data-relations-assets></script>\n' for s in sources)
        inserts.append((found.body_end, tags))
    return inserts


def _inside(root: str, path: str) -> str:
    full = os.path.realpath(os.path.join(root, *path.split("/")))
    if full != root and not full.startswith(root.rstrip(os.sep) + os.sep):
        raise InjectError(f"{path} lies outside the site folder; nothing is written there")
    return full


def _isfile(root: str, path: str) -> bool:
    return os.path.isfile(os.path.join(root, *path.split("/")))


def _read(root: str, path: str) -> str:
    with open(_inside(root, path), encoding="utf-8", newline="") as stream:
        return stream.read()


def _write(root: str, path: str, text: str) -> None:
    with open(_inside(root, path), "w", encoding="utf-8", newline="") as stream:
        stream.write(text)

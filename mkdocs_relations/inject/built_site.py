"""Put the plugin's panels, path finder, styles, scripts and graph files into a built site.

For sites built by a generator that does not run MkDocs plugins (Zensical): the same
:class:`~mkdocs_relations.output.page_additions.PageAdditions` renders what each page gets, and an
HTML parser finds where it goes (the place the plugin puts it under MkDocs: the end of the
page's content, or after its title for ``placement: top``). Each page is spliced at those
offsets only, so every other byte stays as it was, except that a ``relations`` block's
listing (the generator printed it as code) is replaced by its answer; a page that already has
the additions is left alone, so running it twice changes nothing.
"""

from __future__ import annotations

import os
import posixpath
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from urllib.parse import quote

import markupsafe

from ..output.page_additions import LONG_PAGE, Display, PageAdditions
from ..output.site_files import (
    QUERY_CSS,
    OutsideSite,
    asset_files,
    graph_files,
    leftovers,
    replace_file,
    site_path,
)
from ..output.site_links import relative_url
from ..query.overview import MARKER as OVERVIEW
from ..query.page_blocks import BlockAnswers
from ..query.rule_checks import RuleReport
from ..wiki.pipeline import Wiki
from ..wiki.titles import name_title
from .answers import block_answers, overview_answers
from .html_places import Places, find_places, splice


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
    #: Temporary files a killed run left (site paths), removed before this run wrote.
    leftovers: list[str] = field(default_factory=list)
    #: Pages that had this version's additions while others lacked theirs: a run that was
    #: stopped part way, finished now.
    finished: bool = False
    #: Pages another version of inject changed (no end mark), left as they were.
    older: list[str] = field(default_factory=list)


#: The last line of every page inject changed: what tells a later run the page is done. A
#: comment after ``</html>`` is valid HTML and changes no rendering (before the doctype it
#: would put browsers in quirks mode); page content cannot put anything there.
END_MARK = "<!-- mkdocs-relations inject -->\n"


def built_page(src: str, use_directory_urls: bool) -> tuple[str, str]:
    """(file in the site, URL) of the page built from ``src``, by MkDocs' and Zensical's rule.

    The URL is percent-encoded as MkDocs encodes it (``urllib.parse.quote``): a page named
    ``javascript:alert(1).md`` is linked as ``javascript%3Aalert%281%29/``, never as a
    script, and ``Platform team.md`` as ``Platform%20team/``.
    """
    folder, name = posixpath.split(src)
    stem = posixpath.splitext(name)[0]
    if stem in ("index", "README"):
        dest = posixpath.join(folder, "index.html")
        url = f"{folder}/" if folder else "./"
        return dest, quote(url if use_directory_urls else dest)
    if use_directory_urls:
        dest = posixpath.join(folder, stem, "index.html")
        return dest, quote(posixpath.join(folder, stem) + "/")
    dest = posixpath.join(folder, f"{stem}.html")
    return dest, quote(dest)


def inject(
    site_dir: str,
    wiki: Wiki,
    display: Display,
    *,
    use_directory_urls: bool = True,
    template_dirs: Sequence[str] = (),
    blocks: BlockAnswers | None = None,
    rules: RuleReport | None = None,
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
    result = Injected()
    # Every place written is checked before anything is: a site with one link leading out
    # is refused whole, not half written.
    targets = {page_id: _target(root, dest) for page_id, (dest, _) in files.items()}
    texts: dict[str, str] = {}
    places: dict[str, Places] = {}
    titles: dict[str, tuple[str, str]] = {}
    for page_id, (_, url) in files.items():
        text = _read(targets[page_id])
        found = find_places(text)
        texts[page_id], places[page_id] = text, found
        page = wiki.graph.pages[page_id]
        title = page.title or found.title or name_title(page.file)
        titles[page_id] = (title, url)

    additions = PageAdditions(wiki, titles, display, template_dirs)
    additions.long_pages = frozenset(
        page_id
        for page_id, found in places.items()
        if found.content_start is not None
        and found.content_end is not None
        and found.content_end - found.content_start > LONG_PAGE
    )
    # A page whose panel Zensical's extension rendered gets the rest: finder, assets, answers.
    rest = PageAdditions(
        wiki, titles, replace(display, placement="off", breadcrumbs=False), template_dirs
    )

    def title_of(page_id: str) -> str:
        return titles.get(page_id, (page_id, ""))[0]

    if blocks is not None:
        blocks.engine(additions.builder.index, title_of)
    extra = asset_files(display.assets(answers=blocks is not None and bool(blocks.pending)))
    extra.update(graph_files(wiki.graph, titles, display.max_hops, additions.labels))
    extra.update((name, text.encode("utf-8")) for name, text in additions.site_files().items())
    extra_targets = {name: _target(root, name) for name in extra}
    result.leftovers = _remove_leftovers(root)
    # Assets first: a run stopped after them leaves pages as they were, which is harmless;
    # pages first would link files that are not there yet.
    for name, data in extra.items():
        replace_file(extra_targets[name], data)
    done = 0
    for page_id, (dest, url) in files.items():
        found, text = places[page_id], texts[page_id]
        if _finished(text):
            done += 1
            result.unchanged.append(dest)
            continue
        added = (rest if found.panel else additions).render(page_id, url)
        top, bottom = added.top, added.bottom
        answers: list[tuple[int, int, str]] = []
        file = wiki.graph.pages[page_id].file
        if blocks is not None and file in blocks.pending:
            answers = block_answers(blocks, file, text, url, additions, result.lost)
        if blocks is not None and OVERVIEW in text:
            answers += overview_answers(blocks, file, text, url, additions, title_of, rules)
        if not (top or bottom or answers):
            result.unchanged.append(dest)
            continue
        if found.marked:
            # Another version's additions (it left no end mark): adding ours would show two.
            result.older.append(dest)
            continue
        inserts = _asset_tags(found, url, display, bool(answers))
        if top or bottom:
            if found.content_start is None or found.content_end is None:
                result.no_content.append(dest)
                continue
            if top:
                inserts.append((found.title_end or found.content_start, top))
            if added.jump and found.content_end - found.content_start > LONG_PAGE:
                inserts.append((found.title_end or found.content_start, added.jump))
            if bottom:
                inserts.append((found.content_end, bottom))
        inserts = [(len(text) if at == _END else at, html) for at, html in inserts]
        inserts.append((len(text), "" if text.endswith("\n") else "\n"))
        inserts.append((len(text), END_MARK))
        replace_file(targets[page_id], splice(text, inserts, answers).encode(*_ENCODING))
        result.changed.append(dest)
    result.finished = 0 < done < len(files) and bool(result.changed)
    return result


def _asset_tags(
    found: Places, url: str, display: Display, answers: bool = False
) -> list[tuple[int, str]]:
    """The stylesheets at the end of the head and the scripts at the end of the body, as
    MkDocs places extra_css and extra_javascript (the plugin lists the site's one sheet when
    anything shows; otherwise a page with answers links the answers' sheet).

    A page without a head end gets its stylesheets where its content starts (a stylesheet
    may stand in the body); one without a body end gets its scripts at its end, where a
    browser still reads them as the body's.
    """
    inserts = []
    sheets = display.stylesheets or ((QUERY_CSS,) if answers else ())
    head = found.head_end if found.head_end is not None else found.content_start
    if head is not None:
        for sheet in sheets:
            href = markupsafe.escape(relative_url(sheet, url))
            inserts.append((head, f'<link rel="stylesheet" href="{href}" data-relations-assets>\n'))
    if display.scripts:
        sources = [markupsafe.escape(relative_url(script, url)) for script in display.scripts]
        tags = "".join(f'<script src="{s}" data-relations-assets></script>\n' for s in sources)
        inserts.append((found.body_end if found.body_end is not None else _END, tags))
    return inserts


#: Stands for the end of the page in an insertion (the page's length is not known here).
_END = -1


#: Pages are read and written as UTF-8; a byte that is not (a page another tool wrote) is
#: carried through unchanged instead of stopping the run.
_ENCODING = ("utf-8", "surrogateescape")


def _target(root: str, path: str) -> str:
    try:
        return site_path(root, path)
    except OutsideSite as exc:
        raise InjectError(str(exc)) from None


def _finished(text: str) -> bool:
    return text.rstrip().endswith(END_MARK.strip())


def _remove_leftovers(root: str) -> list[str]:
    found = list(leftovers(root))
    for path in found:
        os.unlink(os.path.join(root, *path.split("/")))
    return found


def _isfile(root: str, path: str) -> bool:
    return os.path.isfile(os.path.join(root, *path.split("/")))


def _read(path: str) -> str:
    with open(path, "rb") as stream:
        return stream.read().decode(*_ENCODING)

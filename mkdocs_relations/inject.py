"""Put the plugin's panels, path finder, styles, scripts and graph files into a built site.

For sites built by a generator that does not run MkDocs plugins (Zensical): the same
:class:`~mkdocs_relations.page_additions.PageAdditions` renders what each page gets, and an
HTML parser finds where it goes (the place the plugin puts it under MkDocs: the end of the
page's content, or after its title for ``placement: top``). Each page is spliced at those
offsets only, so every other byte stays as it was; a page that already has the additions is
left alone, so running it twice changes nothing.
"""

from __future__ import annotations

import os
import posixpath
from collections.abc import Sequence
from dataclasses import dataclass, field

import markupsafe

from .html_places import Places, find_places, splice
from .page_additions import Display, PageAdditions, relative_url
from .site_files import CSS, SCRIPTS, copy_assets, write_graph_files
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
) -> Injected:
    """Add the plugin's output to every page of the site built from ``wiki``'s docs."""
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
    result = Injected()
    for page_id, (dest, url) in files.items():
        found, text = places[page_id], texts[page_id]
        if found.marked:
            result.unchanged.append(dest)
            continue
        top, bottom = additions.for_page(page_id, url)
        if not (top or bottom):
            result.unchanged.append(dest)
            continue
        if found.content_start is None or found.content_end is None:
            result.no_content.append(dest)
            continue
        inserts = _asset_tags(found, url, display)
        if top:
            inserts.append((found.title_end or found.content_start, top))
        if bottom:
            inserts.append((found.content_end, bottom))
        _write(root, dest, splice(text, inserts))
        result.changed.append(dest)
    assets = ([CSS] if display.shows_anything else []) + (
        list(SCRIPTS) if display.path_finder != "off" else []
    )
    copy_assets(root, assets)
    write_graph_files(root, wiki.graph, titles, display.max_hops, additions.labels)
    return result


def _asset_tags(found: Places, url: str, display: Display) -> list[tuple[int, str]]:
    """The stylesheet at the end of the head and the scripts at the end of the body, as
    MkDocs places extra_css and extra_javascript."""
    inserts = []
    if found.head_end is not None and display.shows_anything:
        href = markupsafe.escape(relative_url(CSS, url))
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

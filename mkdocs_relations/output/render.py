"""Jinja rendering of the panel, with the theme's folders first so users can override it."""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence

import jinja2
import markupsafe

from ..resources import TEMPLATES
from .labels import FINDER_MESSAGES, fill
from .panel import Panel
from .records import PageRef
from .site_files import GraphScript

#: Stand for the page id and the link to the site root in the once-rendered path finder;
#: they cannot occur in escaped output.
_SLOT = "\x00page-id\x00"
_ROOT = "\x00root\x00"


class Renderer:
    """Renders ``relations/*.html`` templates; a theme's ``custom_dir`` copy wins."""

    def __init__(self, theme_dirs: Sequence[str] = ()) -> None:
        # Our own environment rather than the theme's: MkDocs' theme environment does not
        # autoescape, and every string here comes from a page that anyone may edit.
        self.env = jinja2.Environment(
            loader=jinja2.FileSystemLoader([*theme_dirs, TEMPLATES]),
            autoescape=True,
            undefined=jinja2.StrictUndefined,
            trim_blocks=True,
            lstrip_blocks=True,
            # One build renders these templates once per page: look them up once.
            auto_reload=False,
        )
        self.env.filters["fill"] = fill
        self._finder: tuple[tuple[int, ...], str] | None = None

    def panel(self, panel: Panel, page_id: str, placement: str, *, finder: bool = False) -> str:
        template = self.env.get_template("relations/panel.html")
        html = template.render(panel=panel, page_id=page_id, placement=placement, finder=finder)
        return ascii_html(html)

    def breadcrumbs(self, trail: Sequence[PageRef], title: str, labels: Mapping[str, str]) -> str:
        template = self.env.get_template("relations/breadcrumbs.html")
        return ascii_html(template.render(trail=trail, title=title, labels=labels))

    def mentions(self, pages: Sequence[PageRef], labels: Mapping[str, str]) -> str:
        template = self.env.get_template("relations/mentions.html")
        return ascii_html(template.render(pages=pages, labels=labels))

    def path_finder(
        self,
        page_id: str,
        root: str,
        types: Sequence[tuple[str, str]],
        max_hops: int,
        labels: Mapping[str, str],
        graph: GraphScript,
    ) -> str:
        """The finder of one page; ``root`` is the site root as a link from that page."""
        # The widget differs between pages only by the page id and the root: render it once
        # per build and put each in, escaped as the template would have. A Renderer lives for
        # one build, whose pages all pass the same (unchanging) objects: identity is the
        # cheap key.
        key = (id(types), max_hops, id(labels), id(graph))
        if self._finder is None or self._finder[0] != key:
            template = self.env.get_template("relations/pathfinder.html")
            messages = json.dumps({k: labels[k] for k in FINDER_MESSAGES if k in labels})
            html = template.render(
                page_id=_SLOT,
                root=_ROOT,
                types=types,
                max_hops=max_hops,
                labels=labels,
                messages=messages,
                graph=graph,
            )
            self._finder = (key, ascii_html(html))
        return (
            self._finder[1]
            .replace(_SLOT, ascii_html(str(markupsafe.escape(page_id))))
            .replace(_ROOT, ascii_html(str(markupsafe.escape(root))))
        )


def ascii_html(html: str) -> str:
    """The same HTML with every non-ASCII character as a character reference.

    An arrow in a tooltip would otherwise turn the whole page, often hundreds of kilobytes
    of navigation, into a wide string, and MkDocs' final join and encode of every page
    would slow down by several times (measured: +7% on a 2,000-page Material build).
    """
    if html.isascii():
        return html
    return html.encode("ascii", "xmlcharrefreplace").decode("ascii")

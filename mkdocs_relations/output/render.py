"""Rendering of the panel, with the theme's folders first so users can override it.

The panel, trail and "Mentioned in" are written by :mod:`panel_html` while the theme does not
override their templates; an override is rendered by Jinja.
"""

from __future__ import annotations

import json
import os
from collections.abc import Mapping, Sequence

import jinja2

from ..resources import TEMPLATES
from .escaped import Escaped
from .labels import FINDER_MESSAGES, fill
from .panel import Panel
from .panel_html import breadcrumbs_html, jump_html, mentions_html, panel_html
from .records import PageRef
from .site_files import GraphScript


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
        self._escaped = Escaped()
        # The panel includes the groups and the picture: an override of any of them takes
        # the panel to Jinja.
        self.fast_panel = all(
            self._ours(f"relations/{name}.html") for name in ("panel", "groups", "picture")
        )
        self.fast_breadcrumbs = self._ours("relations/breadcrumbs.html")
        self.fast_jump = self._ours("relations/jump.html")
        self.fast_mentions = self._ours("relations/mentions.html")

    def _ours(self, name: str) -> bool:
        """Whether ``name`` is found in the package's templates rather than a theme's copy."""
        assert self.env.loader is not None
        found = self.env.loader.get_source(self.env, name)[1]
        return found is not None and os.path.samefile(found, os.path.join(TEMPLATES, name))

    def panel(
        self,
        panel: Panel,
        page_id: str,
        placement: str,
        *,
        finder: bool = False,
        anchors: bool = True,
    ) -> str:
        """``anchors``: whether the groups' headings carry their ids (something links to them:
        the jump line, the grouped picture's boxes); a page where nothing does saves them."""
        if self.fast_panel:
            return ascii_html("".join(panel_html(panel, placement, self._escaped, anchors)))
        template = self.env.get_template("relations/panel.html")
        html = template.render(
            panel=panel, page_id=page_id, placement=placement, finder=finder, anchors=anchors
        )
        return ascii_html(html)

    def jump(self, panel: Panel) -> str:
        """The line under a long page's title that links to the panel's groups."""
        if self.fast_jump:
            return ascii_html("".join(jump_html(panel, self._escaped)))
        template = self.env.get_template("relations/jump.html")
        return ascii_html(template.render(panel=panel))

    def breadcrumbs(self, trail: Sequence[PageRef], title: str, labels: Mapping[str, str]) -> str:
        if self.fast_breadcrumbs:
            parts = breadcrumbs_html(trail, title, labels["breadcrumbs"], self._escaped)
            return ascii_html("".join(parts))
        template = self.env.get_template("relations/breadcrumbs.html")
        return ascii_html(template.render(trail=trail, title=title, labels=labels))

    def mentions(self, pages: Sequence[PageRef], labels: Mapping[str, str]) -> str:
        if self.fast_mentions:
            parts = mentions_html(pages, labels["mentions"], self._escaped)
            return ascii_html("".join(parts))
        template = self.env.get_template("relations/mentions.html")
        return ascii_html(template.render(pages=pages, labels=labels))

    def problems(self, problems: Sequence[str]) -> str:
        """The banner ``mkdocs serve`` shows on every page while the wiki has errors."""
        template = self.env.get_template("relations/problems.html")
        return ascii_html(template.render(problems=problems))

    def finder_form(
        self,
        types: Sequence[tuple[str, str]],
        max_hops: int,
        labels: Mapping[str, str],
        graph: GraphScript,
    ) -> str:
        """The path finder's form, the same on every page: rendered once a build into the
        site's :data:`~.site_files.SCRIPT`. A theme's copy of the template written for a
        finder on every page still renders: its ``page_id`` and ``root`` are empty, and the
        script puts in each page's."""
        template = self.env.get_template("relations/pathfinder.html")
        messages = json.dumps({k: labels[k] for k in FINDER_MESSAGES if k in labels})
        html = template.render(
            page_id="",
            root="",
            types=types,
            max_hops=max_hops,
            labels=labels,
            messages=messages,
            graph=graph,
        )
        return ascii_html(html)

    def path_finder(self, page_id: str, root: str) -> str:
        """The finder's placeholder on one page: its page id and the site root as a link from
        it, nothing the site's pages share (the form is the site's, :meth:`finder_form`, which
        the site's script hands the finder's; without JavaScript there is no finder, so a
        reader without it misses nothing, and the widget carries the id the panel's link to
        it names)."""
        e = self._escaped
        return ascii_html(
            f'<div data-relations-pathfinder data-relations-page="{e[page_id]}" '
            f'data-relations-root="{e[root]}" hidden></div>'
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

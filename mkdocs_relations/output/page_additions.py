"""What the plugin adds to one page (panel, path finder), independent of MkDocs' hooks.

The MkDocs plugin calls it while pages render; ``mkdocs-relations inject`` calls it on pages
another generator built (Zensical). One code path, so both sites read the same.

Long because the display options, a page's additions and what a site's pages share (their
stylesheets, scripts and the finder's form) are decided together: split, the plugin and
``inject`` would each have to join them again, and could drift apart.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cached_property, partial

from ..model.direction import OUT
from ..model.paths import DEFAULT_MAX_HOPS, PathIndex
from ..wiki.lookup import Resolver
from ..wiki.pipeline import Wiki
from .labels import Labels
from .on_demand import PanelOnDemand
from .panel import DEFAULT_PICTURE_LIMIT, PANELS, Panel, PanelBuilder
from .records import PageRef
from .render import Renderer
from .site_files import (
    CSS,
    QUERY_CSS,
    SCRIPT,
    GraphScript,
    graph_script,
    site_script,
    site_stylesheet,
)
from .site_links import base_parts, relative_link, url_parts

#: Links kept for the pages that follow (each a page's title, URL and link from a folder):
#: pages are built folder by folder, and a page's neighbours are mostly in its folder, so a
#: few thousand serve the pages around it; kept for a whole build, they grew with the site
#: (a tenth of the plugin's memory at 10,000 pages, issue 45).
KEPT_LINKS = 4096

#: A page whose content is longer than this (characters of HTML, about three phone screens
#: of prose) gets the jump line under its title: its panel is out of sight from the top.
LONG_PAGE = 5_000


@dataclass(frozen=True)
class Display:
    """The display options of the plugin, as plain values."""

    placement: str = "bottom"
    path_finder: str = "bottom"
    panels: tuple[str, ...] = PANELS
    max_hops: int = DEFAULT_MAX_HOPS
    picture_limit: int = DEFAULT_PICTURE_LIMIT
    labels: Mapping[str, str] = field(default_factory=dict)
    breadcrumbs: bool = False

    @property
    def shows_anything(self) -> bool:
        return self.placement != "off" or self.path_finder != "off"

    # The one place that decides a site's stylesheets and scripts, for the plugin (which lists
    # them in extra_css/extra_javascript) and for inject (which writes the tags itself).
    @property
    def stylesheets(self) -> tuple[str, ...]:
        """What every page links in its head: the site's one sheet (panel, finder and blocks'
        styles, :func:`~.site_files.site_stylesheet`) when a panel or the finder shows."""
        return (CSS,) if self.shows_anything else ()

    @property
    def picture(self) -> bool:
        """Whether panels show the neighbourhood picture (drawn by the site's script)."""
        return self.placement != "off" and "picture" in self.panels

    @property
    def scripts(self) -> tuple[str, ...]:
        """What every page loads at the end of its body: the site's one script, when panels
        show the picture or the finder shows."""
        return (SCRIPT,) if self.picture or self.path_finder != "off" else ()

    def assets(self, answers: bool) -> list[str]:
        """The package's files copied into the site as they are: the blocks' sheet where
        ``answers`` says some page links it on its own (the site's sheet and script are
        written for the site: :meth:`PageAdditions.site_files`)."""
        return [QUERY_CSS] if answers and not self.shows_anything else []


class PageAdditions:
    """Panels and finders for the pages of one site; build once, then ask per page."""

    def __init__(
        self,
        wiki: Wiki,
        pages: Mapping[str, tuple[str, str]],
        display: Display,
        template_dirs: Sequence[str] = (),
    ) -> None:
        """``pages`` maps each page id to its (title, site-relative URL), read once per id."""
        self.wiki = wiki
        self.pages = pages
        self.display = display
        graph = wiki.graph
        self.labels = Labels(graph.vocabulary, display.labels)
        self._template_dirs = template_dirs
        # Per page id: (title, URL, the URL's parts), the last :data:`KEPT_LINKS` of them.
        self._targets: dict[str, tuple[str, str, tuple[str, ...]]] = {}
        # A link is the same from every page that climbs as many steps out of its base and
        # shares as many leading parts with the target: by (steps up, parts shared, target),
        # the last :data:`KEPT_LINKS` of them.
        self._shared_links: dict[tuple[int, int, str], PageRef] = {}
        #: The pages whose content is longer than :data:`LONG_PAGE`, as the adaptor measured
        #: them before rendering: only they get the jump line, and so the groups' ids it
        #: links to (elsewhere nothing links to them but a grouped picture's boxes).
        self.long_pages: Collection[str] = frozenset()

    # Built when first used: a site with no panel (placement off, no finder) needs none.
    @cached_property
    def builder(self) -> PanelBuilder:
        graph, display = self.wiki.graph, self.display
        index = PathIndex.from_graph(graph)
        return PanelBuilder(
            graph,
            index,
            labels=self.labels,
            panels=display.panels,
            max_hops=display.max_hops,
            picture_limit=display.picture_limit,
            suspect=self.wiki.suspect,
            # Not a bound method: a builder pointing back at these additions would be let
            # go (with its path index) only by a full collection, not once pages are written.
            resolve=partial(_resolve, self.wiki.resolver),
        )

    @cached_property
    def renderer(self) -> Renderer:
        return Renderer(self._template_dirs)

    @cached_property
    def _finder(self) -> tuple[list[tuple[str, str]], GraphScript]:
        """The types the finder offers (those the wiki uses, by their labels); its script."""
        graph = self.wiki.graph
        used = {edge.type for edge in graph.resolved_edges()}
        types = [(name, self.labels.type_label(name)) for name in graph.vocabulary if name in used]
        return types, graph_script()

    def site_files(self) -> dict[str, str]:
        """The files this site's pages share, by site path: its one stylesheet when anything
        shows, and its one script, with the picture's words when panels show it and the
        finder's form when it shows."""
        picture = None
        if self.display.picture:
            graph = self.wiki.graph
            # The types serve's kept_additions.Settings covers (a type on red links alone,
            # unknown, reads as the script's stand-in does: its name in words).
            used = {edge.type for edge in graph.resolved_edges()}
            labels, vocabulary = self.labels, graph.vocabulary
            types = {
                name: (labels.type_label(name, OUT), vocabulary.get_or_unknown(name).symmetric)
                for name in used.union(vocabulary)
            }
            picture = (types, labels.parts("picture", "title"))
        form = None
        if self.display.path_finder != "off":
            offered, script = self._finder
            form = self.renderer.finder_form(
                offered, self.display.max_hops, self.labels.text, script
            )
        sheet = site_stylesheet() if self.display.shows_anything else {}
        return {**sheet, **site_script(picture, form)}

    def for_page(self, page_id: str, page_url: str) -> tuple[str, str]:
        """(HTML before the content, HTML after it) for one page; empty where nothing shows."""
        shown = self.render(page_id, page_url)
        return shown.top, shown.bottom

    def references(self, page_url: str) -> Callable[[str], PageRef]:
        """Pages' titles and URLs as links from the page at ``page_url``, by page id, each
        worked out once: for its panel and for its blocks' answers."""
        refs: dict[str, PageRef] = {}
        base = base_parts(page_url)
        depth = len(base)
        first = base[0] if base else None
        targets = self._targets
        links = self._shared_links

        def ref(other: str) -> PageRef:
            # A page is named several times in one panel (edges, reach, picture), and in
            # the panels of all its neighbours.
            found = refs.get(other)
            if found is None:
                target = targets.get(other) or self._target(other)
                parts = target[2]
                shared = 0
                if parts and parts[0] == first:  # most links share nothing with the base
                    for a, b in zip(base, parts, strict=False):
                        if a != b:
                            break
                        shared += 1
                key = (depth - shared, shared, other)
                found = links.get(key)
                if found is None:
                    if len(links) >= KEPT_LINKS:
                        links.clear()
                    found = links[key] = PageRef(target[0], relative_link(target[1], parts, base))
                refs[other] = found
            return found

        return ref

    def _target(self, page_id: str) -> tuple[str, str, tuple[str, ...]]:
        found = self._targets.get(page_id)
        if found is None:
            if len(self._targets) >= KEPT_LINKS:
                self._targets.clear()
            title, url = self.pages.get(page_id, (page_id, ""))
            # A tuple of strings: untracked by the garbage collector, where a list kept
            # every page's entry in each full collection of the rest of the build.
            found = self._targets[page_id] = (title, url, tuple(url_parts(url)))
        return found

    def writes_nothing(self, mentioned_by: Sequence[str]) -> bool:
        """Whether a page gets no HTML from the plugin: no panel, finder, trail or mentions."""
        display = self.display
        return not (display.shows_anything or display.breadcrumbs or mentioned_by)

    def on_demand(self, page_id: str, page_url: str) -> PanelOnDemand | None:
        """The panel's data of a page for the theme's templates, built if one reads it; None
        for a page with no panel."""
        page = self.wiki.graph.pages.get(page_id)
        if page is None or page.hide_panel or not self.builder.has_panel(page_id):
            return None
        return self.panel_later(page_id, page_url)

    def panel_later(self, page_id: str, page_url: str) -> PanelOnDemand:
        """The panel's data of a page known to have a panel, built if a template reads it."""
        # The class's function, not a bound method: no object made for it per page.
        return PanelOnDemand.later(PageAdditions._panel, page_id, self, page_id, page_url)

    def _panel(self, page_id: str, page_url: str) -> Panel | None:
        built = self._built(page_id, page_url, None)
        return None if built is None else built[0]

    def render(
        self,
        page_id: str,
        page_url: str,
        mentioned_by: Sequence[str] = (),
        links_from: str | None = None,
    ) -> Rendered:
        """What one page gets: its HTML, and the panel's data for the theme's templates.

        ``mentioned_by``: pages whose text links here, listed under the panel ("Mentioned
        in"); never part of the panel's relationships. ``links_from`` is for a generator
        that rebases every relative ``href`` from the folder of the page's source file
        (Zensical): links are written from that folder's URL (the picture's script reads
        its links from the panel's lists, as the generator rebased them).
        """
        built = self._built(page_id, page_url, links_from)
        if built is None:
            return Rendered()
        return self._written(page_id, page_url, mentioned_by, *built)

    def render_run(self, pages: Sequence[tuple[str, str, Sequence[str]]]) -> list[Rendered | None]:
        """:meth:`render` for several pages (id, URL, mentioned by): every panel's data
        first, then every page's HTML, so each stage's code and tables stay warm in the
        processor's caches across the run instead of being pushed out page by page.

        None for a page whose rendering failed (a theme's copy of a template that breaks on
        one page's data): rendered alone when its turn comes, its error is raised while
        MkDocs builds that page, so MkDocs' message names the page it belongs to.
        """
        built: list[tuple[Panel | None, Callable[[str], PageRef]] | None] = []
        failed: set[int] = set()
        for number, (page_id, url, _) in enumerate(pages):
            try:
                built.append(self._built(page_id, url, None))
            except Exception:  # raised again when the page is rendered alone
                built.append(None)
                failed.add(number)
        written: list[Rendered | None] = []
        for number, (page_id, url, mentioned_by) in enumerate(pages):
            found = built[number]
            if number in failed:
                written.append(None)
            elif found is None:
                written.append(Rendered())
            else:
                try:
                    written.append(self._written(page_id, url, mentioned_by, *found))
                except Exception:  # as above
                    written.append(None)
        return written

    def _built(
        self, page_id: str, page_url: str, links_from: str | None
    ) -> tuple[Panel | None, Callable[[str], PageRef]] | None:
        """A page's panel data and its links to other pages; None for a page with no panel."""
        graph_page = self.wiki.graph.pages.get(page_id)
        if graph_page is None or graph_page.hide_panel:
            return None
        ref = self.references(page_url if links_from is None else links_from)
        panel = self.builder.build(page_id, ref)
        if panel is not None and self.display.breadcrumbs:
            panel.breadcrumbs = self.builder.breadcrumbs(page_id, ref)
        return panel, ref

    def _written(
        self,
        page_id: str,
        page_url: str,
        mentioned_by: Sequence[str],
        panel: Panel | None,
        ref: Callable[[str], PageRef],
    ) -> Rendered:
        """A page's HTML from its panel data."""
        top: list[str] = []
        bottom: list[str] = []
        jump = ""
        display = self.display
        finder = display.path_finder != "off"
        if panel is not None:
            if panel.breadcrumbs:
                title = self.pages.get(page_id, (page_id, ""))[0]
                top.append(self.renderer.breadcrumbs(panel.breadcrumbs, title, panel.labels))
            if display.placement != "off":
                jumps = (
                    display.placement == "bottom"
                    and bool(panel.groups)
                    and page_id in self.long_pages
                )
                picture = panel.picture
                # The grouped picture's boxes link to the groups of the panel's lists.
                boxes = picture is not None and picture.grouped and not picture.groups
                html = self.renderer.panel(
                    panel, page_id, display.placement, finder=finder, anchors=jumps or boxes
                )
                (top if display.placement == "top" else bottom).append(html)
                if jumps:
                    jump = self.renderer.jump(panel)
        if mentioned_by:
            pages = sorted((ref(other) for other in mentioned_by), key=lambda r: (r.title, r.url))
            html = self.renderer.mentions(pages, self.labels.text)
            (top if display.placement == "top" else bottom).append(html)
        if finder:
            root = relative_link("./", [], base_parts(page_url))
            html = self.renderer.path_finder(page_id, root)
            (top if display.path_finder == "top" else bottom).append(html)
        return Rendered("".join(top), "".join(bottom), panel, jump)


def _resolve(resolver: Resolver, target: str, source: str) -> tuple[str | None, int]:
    """A target written on ``source`` as the edges read it: (its page, how many match)."""
    found = resolver.resolve(target, source)
    return found.page_id, len(found.candidates)


@dataclass
class Rendered:
    """One page's additions: HTML before and after its content, and the panel's data."""

    top: str = ""
    bottom: str = ""
    panel: Panel | None = None
    #: The line linking to the panel's groups, for under the title of a page longer than
    #: :data:`LONG_PAGE` (one of :attr:`PageAdditions.long_pages`); "" where the panel is not
    #: at the bottom or the page is not long.
    jump: str = ""

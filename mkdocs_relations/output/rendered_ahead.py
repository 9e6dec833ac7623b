"""Pages' additions rendered a run of pages ahead, in the order a build asks for them.

MkDocs builds its pages one after another, and between two of the plugin's panels it
converts and renders a whole page of its own, which pushes the panel code's tables and
instructions out of the processor's caches. Rendering the next pages in one run, every
panel's data first and then every page's HTML (:meth:`~.PageAdditions.render_run`), keeps
them warm: on a 2,000-page build panel rendering fell by a fifth and the plugin's whole time
by 7 % (``benchmarks/phases.py``, alternating builds). What is rendered ahead is only a run's
worth of pages, so memory stays bounded whatever the site's size, and a page whose rendering
fails in a run is rendered again when its turn comes, so its error names that page.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from .page_additions import PageAdditions, Rendered

#: Pages rendered in one run: enough to keep the caches warm, few enough that a run wasted
#: (a build that stops, pages asked for out of order) costs little.
RUN = 64


class RenderedAhead:
    """Hands out each page's :class:`Rendered`, rendering a run of the pages that follow it
    while the build asks for pages in the order given."""

    def __init__(
        self,
        additions: PageAdditions,
        order: Sequence[tuple[str, str]],
        mentioned_by: Callable[[str], Sequence[str]],
        run: int = RUN,
    ) -> None:
        """``order``: (page id, URL) of every page, in the order the build renders them."""
        self.additions = additions
        self.order = order
        self.mentioned_by = mentioned_by
        self.run = run
        self._index = {page_id: number for number, (page_id, _) in enumerate(order)}
        #: page id -> (URL, mentioned by, what was rendered), for the pages of the current run.
        self._ready: dict[str, tuple[str, Sequence[str], Rendered]] = {}
        self._next = 0

    def get(self, page_id: str, page_url: str) -> Rendered:
        """What ``page_id`` gets; rendered now, or in the run that began before it."""
        mentioned_by = self.mentioned_by(page_id)
        number = self._index.get(page_id)
        sequential = number == self._next
        self._next = -1 if number is None else number + 1
        ready = self._ready.pop(page_id, None)
        if ready is not None and ready[0] == page_url and ready[1] == mentioned_by:
            return ready[2]
        if number is None or not sequential or self.order[number][1] != page_url:
            # Asked for out of order (a dirty rebuild builds only changed pages): no run, as
            # the pages after this one may never be asked for.
            return self.additions.render(page_id, page_url, mentioned_by)
        self._ready.clear()
        pages = [
            (other, url, self.mentioned_by(other))
            for other, url in self.order[number : number + self.run]
        ]
        rendered = self.additions.render_run(pages)
        for (other, url, mentions), shown in zip(pages[1:], rendered[1:], strict=True):
            if shown is not None:
                self._ready[other] = (url, mentions, shown)
        first = rendered[0]
        return self.additions.render(page_id, page_url, mentioned_by) if first is None else first

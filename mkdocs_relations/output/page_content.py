"""A page's content with the plugin's additions, while MkDocs builds it: the panel, trail,
"Mentioned in" list and finder (rendered a run of pages ahead, or under ``mkdocs serve``
kept from the last rebuild), the banner of what would stop a build, and the jump line under
a long page's title; and the panel's data for the page's template context.

The theme renders the content with the additions, and once the page's HTML is made MkDocs
gets its content back as it was (:meth:`PageContent.given_back`): MkDocs keeps every page's
content until the build ends, and the additions in it were 40% of a 10,000-page build's
memory (issue 45). (Comments in the content that the page's HTML had replaced by the
additions cost two copies of every page's HTML, a tenth of the plugin's time on a rebuild.)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import markupsafe

from .kept_additions import KeptAdditions
from .page_additions import LONG_PAGE, PageAdditions
from .panel import Panel
from .rendered_ahead import RenderedAhead


class PageContent:
    """Each page's additions in one build; made once every page has been read."""

    def __init__(
        self,
        additions: PageAdditions,
        ahead: RenderedAhead,
        kept: KeptAdditions | None,
        mentioned_by: Mapping[str, Sequence[str]],
        banner: str,
    ) -> None:
        """``kept``: under serve, what the last rebuild's pages got; ``mentioned_by``: page
        id -> the pages whose text links to it (empty without ``mentions``); ``banner``: the
        problems that would stop a build, on top of every page under serve ("" elsewhere)."""
        self.additions = additions
        self.ahead = ahead
        self.kept = kept
        self.mentioned_by = mentioned_by
        self.banner = banner
        display = additions.display
        #: Whether every page gets HTML of the plugin's, or only pages mentioned by others.
        self.writes_always = not additions.writes_nothing(())
        #: The panel's entry in a table of contents: whether there is one, and its title as
        #: HTML (a table of contents' titles are HTML).
        self.in_toc = display.placement != "off"
        self.toc_first = display.placement == "top"
        self.toc_title = str(markupsafe.escape(additions.labels.text["title"]))
        #: page id -> its content as MkDocs made it, while the theme renders the additions.
        self.held: dict[str, str] = {}
        # Bound once, not for every page.
        self._render, self._later = ahead.get, additions.panel_later

    def add(self, page_id: str, url: str, content: str) -> tuple[str, Panel | None, bool]:
        """The page's content with its additions; the panel's data for the template context
        (None for a page without a panel); whether the panel belongs in the page's table of
        contents."""
        mentioned = self.mentioned_by.get(page_id, ())
        if not self.writes_always and not mentioned:
            # Nothing written: the data only for theme overrides, built if one reads it.
            return self.banner + content, self.additions.on_demand(page_id, url), False
        if self.kept is None:
            shown = self._render(page_id, url)
        else:  # under serve: kept from the last rebuild where nothing it shows changed
            pages = self.additions.pages
            mentions = tuple([pages.get(other) for other in mentioned]) if mentioned else ()
            # A page that grew long (or short) since gets its jump line (or loses it), and
            # the groups' ids with it.
            seen = (mentions, page_id in self.additions.long_pages)
            shown = self.kept.get(page_id, url, seen, self._render, self._later)
        self.held[page_id] = content
        if shown.jump and len(content) > LONG_PAGE:
            content = after_title(content, shown.jump)
        shown_content = "".join((self.banner, shown.top, content, shown.bottom))
        return shown_content, shown.panel, self.in_toc

    def given_back(self, page_id: str, content: str | None) -> str | None:
        """Once the page's HTML is made: its content as MkDocs made it, without additions."""
        return self.held.pop(page_id, content)


def after_title(html: str, addition: str) -> str:
    """``addition`` after the page's leading level-1 heading (as Python-Markdown writes it),
    or at the start of a page whose content does not begin with one (the theme shows the
    title above the content then)."""
    body = html.lstrip()
    if body.startswith("<h1"):
        end = body.find("</h1>")
        if end != -1:
            end += len("</h1>")
            return body[:end] + addition + body[end:]
    return addition + html

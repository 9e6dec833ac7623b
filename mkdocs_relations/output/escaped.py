"""Strings escaped and written once per build, for :mod:`panel_html`: titles and links."""

from __future__ import annotations

#: Strings kept for the pages that follow: pages are built folder by folder and name mostly
#: their folder's pages, so a few thousand serve the pages around one; every string of a
#: build, kept to its end, grew with the site (issue 45).
KEPT = 8192


class Escaped(dict[str, str]):
    """Strings escaped as Jinja's autoescape does (markupsafe), each one once per build.

    Titles and URLs recur: a page is named in the panel of every neighbour, pages in one
    folder share their relative links.

    Every string comes out ASCII, anything else as a character reference, as
    :func:`~.render.ascii_html` would write it: then a panel is ASCII as it is joined, and
    needs no second pass over its few kilobytes.
    """

    def __missing__(self, text: str) -> str:
        done = _escape(text)
        if len(self) >= KEPT:
            self.clear()
        self[text] = done
        return done


def _escape(text: str) -> str:
    done = (
        text.replace("&", "&amp;")
        .replace(">", "&gt;")
        .replace("<", "&lt;")
        .replace("'", "&#39;")
        .replace('"', "&#34;")
    )
    if not done.isascii():
        done = done.encode("ascii", "xmlcharrefreplace").decode("ascii")
    return done

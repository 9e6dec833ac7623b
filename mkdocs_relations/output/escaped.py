"""Strings escaped and written once per build, for :mod:`panel_html`: titles, links, and
the pieces of the picture that recur from one panel to the next."""

from __future__ import annotations

#: A picture box's HTML around its link and y-coordinates (see :func:`.panel_html._box_parts`).
Parts = tuple[str, str, str, tuple[str, ...], str]
#: A build names each page a bounded number of ways; each cache is capped anyway for huge sites.
KEPT = 200_000


class Escaped(dict[str, str]):
    """Strings escaped as Jinja's autoescape does (markupsafe), each one once per build.

    Titles and URLs recur: a page is named in the panel of every neighbour, pages in one
    folder share their relative links. ``boxes`` keeps, alike, each neighbour box's HTML
    cut where its link and its y-coordinates go, so one page's box serves the pictures of
    pages in every folder (see :func:`.panel_html._box_parts`); ``wires`` and
    ``captions`` the whole HTML of a picture's lines and captions, which recur wherever two
    pictures have one shape.

    Every string comes out ASCII, anything else as a character reference, as
    :func:`~.render.ascii_html` would write it: then a panel is ASCII as it is joined, and
    needs no second pass over its few kilobytes.
    """

    def __init__(self) -> None:
        super().__init__()
        self.boxes: dict[tuple[object, ...], Parts] = {}
        self.wires: dict[tuple[object, ...], str] = {}
        self.captions: dict[tuple[object, ...], str] = {}
        #: A float's text and the texts of a box's baselines, worked out once per build: a
        #: float's shortest repr costs half a microsecond here (and ``round`` as much), a
        #: picture writes a few dozen, and a picture's coordinates come from a small set.
        self.floats = _FloatTexts()
        self.baselines: dict[tuple[float, float, int], tuple[str, ...]] = {}

    def __missing__(self, text: str) -> str:
        done = _escape(text)
        if len(self) < KEPT:
            self[text] = done
        return done

    def chain(self, text: str, heads: dict[str, str]) -> str:
        """``self[text]`` for a transitive entry's chain, which is not kept: chains are
        unique to their entry. ``heads`` keeps their beginnings for one list, where siblings
        share one ("A → uses → B → uses → C" and "… → D"). Escaping works character by
        character, so the two sides of any split escape to the two sides of the whole."""
        # Back to a beginning already escaped, a step (" → " and what follows) at a time.
        steps: list[tuple[str, str]] = []
        head = text
        start = heads.get(head)
        while start is None:
            before, arrow, last = head.rpartition(" → ")
            if not arrow:
                start = self[head]  # the page's own title
                break
            if len(steps) == _STEPS:
                start = _escape(head)
                break
            steps.append((head, last))
            head = before
            start = heads.get(head)
        arrow = self[" → "]
        for whole, last in reversed(steps):
            start = heads[whole] = f"{start}{arrow}{self[last]}"
        return start


#: A chain has two steps a hop (the type's words, the page): twelve hops' worth are split,
#: and what is left is escaped whole, as correct but not shared (a title made of arrows
#: would otherwise be split at every one).
_STEPS = 24


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


class _FloatTexts(dict[float, str]):
    """``str`` of a float, each one once per build (floats only: 4 and 4.0 are one key)."""

    def __missing__(self, number: float) -> str:
        text = str(number)
        # 0.0 and -0.0 are one key too: neither is kept.
        if number and len(self) < KEPT:
            self[number] = text
        return text

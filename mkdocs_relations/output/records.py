"""The records a panel is made of, shared by the panel, its reach lists and its picture.

They live below all three so that none imports another's builder for its data (the picture
and reach lists only need to know what a page reference and a group are).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..model.direction import Direction
from .notes import Note

#: A group longer than this shows its first GROUP_SHOWN entries; the rest fold away.
GROUP_FOLD = 6
GROUP_SHOWN = 5
#: What the long groups of one panel show together at most: a hub with six long groups
#: showed 30 entries, two screens at 1280x900 and nearly three on a phone. Past this, each
#: long group shows an equal share, never fewer than GROUP_SHOWN_LEAST (the jump line and
#: each group's "and N more" reach the rest).
PANEL_SHOWN = 15
GROUP_SHOWN_LEAST = 2
#: A title longer than this (characters) may be cut to two lines: its link names it whole.
TITLE_TIP = 60
#: A group with this many red links or more lists them under one folded count.
REDLINK_FOLD = 3


@dataclass(frozen=True, slots=True)
class PageRef:
    """A page as the reader sees it: its title and its URL relative to the current page."""

    title: str
    url: str

    @property
    def tip(self) -> bool:
        """Whether the title is long enough that the trail may cut it, and names it whole
        in a tooltip (the panel's rule for its entries)."""
        return len(self.title) > TITLE_TIP


@dataclass(slots=True)
class Entry:
    """One neighbour under one heading; mirrored declarations of it are merged here."""

    title: str
    url: str | None
    #: The edge shown: the one declared on this page when both ends declare it.
    type: str
    direction: Direction
    note: str | None = None
    redlink: bool = False
    reason: str | None = None
    page: str | None = None
    #: Every (type, direction) declaring this relationship: two for a mirrored pair.
    pairs: list[tuple[str, Direction]] = field(default_factory=list)
    #: The target changed since the edge was confirmed (a ``suspect-edge``).
    suspect: bool = False
    #: The note as the panel shows it (inline Markdown, shortened when long).
    shown_note: Note | None = None

    @property
    def tip(self) -> bool:
        """Whether the title is long enough that the panel may cut it to two lines, and
        names it whole in a tooltip."""
        return len(self.title) > TITLE_TIP


@dataclass(slots=True)
class Group:
    label: str
    entries: list[Entry] = field(default_factory=list)
    #: Anchor of the group in the panel, for the picture's group nodes.
    anchor: str = ""
    #: How many of its pages a long group shows before folding the rest (see share_shown).
    shown: int = GROUP_SHOWN

    @property
    def usual(self) -> tuple[str, Direction]:
        """The (type, direction) most of its entries have, the first of equals: said once on
        the group's list, and on an entry only where it differs (a mirrored pair's other
        half, a symmetric type's other end)."""
        counts: dict[tuple[str, Direction], int] = {}
        for entry in self.entries:
            key = (entry.type, entry.direction)
            counts[key] = counts.get(key, 0) + 1
        return max(counts, key=counts.__getitem__)

    @property
    def link_count(self) -> int:
        """Its entries that link a page (the builder sorts them before its red links)."""
        return sum(1 for e in self.entries if e.url is not None)

    @property
    def folds(self) -> bool:
        """Whether it is a long group: more links than :data:`GROUP_FOLD`, the rest folded."""
        return self.link_count > GROUP_FOLD

    @property
    def parts(self) -> list[tuple[str, list[Entry]]]:
        """(fold, entries) in the order a panel lists them: what shows (fold ""), the rest of a
        long group folded away ("more"), and its red links folded under one count
        ("redlinks") when there are :data:`REDLINK_FOLD` or more. The builder sorts links
        before red links, so a hub's list never starts with pages that do not exist."""
        entries = self.entries
        count = self.link_count
        links = entries if count == len(entries) else entries[:count]
        red = entries[len(links) :]
        parts: list[tuple[str, list[Entry]]] = []
        if len(links) > GROUP_FOLD:
            parts += [("", links[: self.shown]), ("more", links[self.shown :])]
        elif links:
            parts.append(("", links))
        if len(red) >= REDLINK_FOLD:
            parts.append(("redlinks", red))
        elif red:
            if parts and parts[-1][0] == "":
                parts[-1] = ("", [*parts[-1][1], *red])
            else:
                parts.append(("", red))
        return parts


def share_shown(groups: list[Group]) -> None:
    """Share :data:`PANEL_SHOWN` among the panel's long groups (those that fold), so a hub's
    panel stays about a screen long however many long groups it has. Panels with up to
    three long groups show :data:`GROUP_SHOWN` of each, as before."""
    long = [group for group in groups if group.folds]
    if len(long) * GROUP_SHOWN <= PANEL_SHOWN:
        return
    share = max(GROUP_SHOWN_LEAST, PANEL_SHOWN // len(long))
    for group in long:
        group.shown = share

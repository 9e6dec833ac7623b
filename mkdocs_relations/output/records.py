"""The records a panel is made of, shared by the panel, its reach lists and its picture.

They live below all three so that none imports another's builder for its data (the picture
and reach lists only need to know what a page reference and a group are).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..model.direction import Direction

#: A group longer than this shows its first GROUP_SHOWN entries; the rest fold away.
GROUP_FOLD = 10
GROUP_SHOWN = 8


@dataclass(frozen=True)
class PageRef:
    """A page as the reader sees it: its title and its URL relative to the current page."""

    title: str
    url: str


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


@dataclass(slots=True)
class Group:
    label: str
    entries: list[Entry] = field(default_factory=list)
    #: Anchor of the group in the panel, for the picture's group nodes.
    anchor: str = ""

    @property
    def shown(self) -> list[Entry]:
        return self.entries[:GROUP_SHOWN] if len(self.entries) > GROUP_FOLD else self.entries

    @property
    def folded(self) -> list[Entry]:
        return self.entries[GROUP_SHOWN:] if len(self.entries) > GROUP_FOLD else []

    @property
    def parts(self) -> list[tuple[bool, list[Entry]]]:
        """(folded?, entries): what shows, then what folds away (if anything)."""
        if len(self.entries) > GROUP_FOLD:
            return [(False, self.entries[:GROUP_SHOWN]), (True, self.entries[GROUP_SHOWN:])]
        return [(False, self.entries)]

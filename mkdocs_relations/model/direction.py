"""Which way an edge is read: along its declaration (``out``) or against it (``in``).

One encoding everywhere: a panel entry, a path step, a transitive list, a picture's line,
the command line's JSON and the path finder's script all say ``"out"`` or ``"in"``, and
HTML attributes carry the same words. Seen from a page, ``out`` is an edge it declares and
``in`` one declared on the other end; for a step from one page to the next, ``out`` walks
the edge from its source to its target and ``in`` walks it back.
"""

from __future__ import annotations

from typing import Final, Literal

Direction = Literal["out", "in"]

OUT: Final = "out"
IN: Final = "in"

#: The path specification prefers a step along an edge to one against it; the path indexes
#: (``paths.PathIndex`` and ``assets/relations-paths.js``) hold a direction as its place
#: here, so that sorting neighbours sorts ``out`` first.
ORDER: Final[tuple[Direction, Direction]] = (OUT, IN)


def number(direction: Direction) -> int:
    """A direction as the path indexes hold it: 0 for ``out``, 1 for ``in``."""
    return ORDER.index(direction)

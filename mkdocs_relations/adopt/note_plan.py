"""Whether ``init`` shows an entry key's prose as each edge's note, judged from its values.

A short reason beside an edge (``rationale: "the ledger owns balances"``) helps a reader; a
paragraph of provenance on every edge, written from one pattern ("As an EU regulation, X is
binding ... and Portugal is a member state"), buries the links: on one wiki's hub the panel
grew to 1,730 pixels at 1280 wide. So a key whose values are long (a paragraph, median) and
mostly open as another edge's value does is left off, written commented out, and said so.

Plain Python: no MkDocs import.
"""

from __future__ import annotations

import statistics
from collections import Counter
from collections.abc import Sequence

#: A value this long (median, characters) is a paragraph, not a note beside a link.
LONG = 200
#: The opening (characters, whitespace collapsed) two near-identical values share.
OPENING = 40
#: The share of values opening like another that makes them repeated.
REPEATED = 1 / 3


def notes_off(texts: Sequence[str]) -> str | None:
    """Why a key's values are left off as notes (paragraphs repeated nearly identically), or
    None to show them."""
    if not texts:
        return None
    median = statistics.median(len(text) for text in texts)
    if median < LONG:
        return None
    openings = Counter(" ".join(text.split())[:OPENING].casefold() for text in texts)
    alike = sum(count for count in openings.values() if count > 1)
    if alike < REPEATED * len(texts):
        return None
    return (
        f"paragraphs (median {round(median)} characters), {alike} of the {len(texts)} opening "
        "as another edge's does"
    )

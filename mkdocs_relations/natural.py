"""Natural order of titles: numbers as numbers, then case-folded text ("Client 2" before
"Client 10"), as a person counts.

The finder's script compares titles the same way (``naturalCompare`` in
``assets/relations-paths.js``; a test holds the two together). Titles without digits keep
the plain case-folded order they always had; ids break ties where callers need them (the
path specification's own tie-breaks stay by id).
"""

from __future__ import annotations

import re

#: ASCII digits only, as the script's ``[0-9]``: other scripts' digits sort as text.
_DIGITS = re.compile(r"([0-9]+)")

NaturalKey = tuple[tuple[tuple[str, int, str], ...], str]


def natural_key(title: str) -> NaturalKey:
    """Runs of text and numbers; a number compares by its value (digits without leading
    zeros, shorter first), and the whole folded title breaks ties ("a01" after "a1")."""
    folded = title.casefold()
    parts = _DIGITS.split(folded)
    key = []
    for i in range(0, len(parts), 2):
        if i + 1 < len(parts):
            digits = parts[i + 1].lstrip("0")
            key.append((parts[i], len(digits), digits))
        else:
            key.append((parts[i], -1, ""))
    return tuple(key), folded


class NaturalKeys(dict[str, NaturalKey]):
    """:func:`natural_key` with a memory (``keys[title]``): a title is split once per build,
    not once per panel that lists it."""

    def __missing__(self, title: str) -> NaturalKey:
        key = self[title] = natural_key(title)
        return key

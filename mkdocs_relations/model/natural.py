"""Natural order of titles: numbers as numbers, then case-folded text ("Client 2" before
"Client 10"), as a person counts.

The finder ranks suggestions in this order too: the build numbers its pages so
(``output/finder_files.py``), and its script never compares a title. Titles without digits keep
the plain case-folded order they always had; ids break ties where callers need them (the
path specification's own tie-breaks stay by id).
"""

from __future__ import annotations

import re

#: ASCII digits only, as the script's ``[0-9]``: other scripts' digits sort as text.
_DIGITS = re.compile("[0-9]+")
_DIGIT = re.compile("[0-9]").search

NaturalKey = str


def natural_key(title: str) -> NaturalKey:
    """Runs of text and numbers; a number compares by its value (digits without leading
    zeros, shorter first), and the whole folded title breaks ties ("a01" after "a1").

    Written as one string, so a sort compares strings rather than tuples (panels sort every
    group): each number becomes NUL, a character counting its digits and the digits, and
    two NULs and the folded title end it. NUL sorts before any text, as a number ends a run
    of text before more text would, and an ended key before a longer one; a title without
    digits is its folded self. Titles that hold NUL are the ones the encoding does not cover.
    """
    folded = title.casefold()
    if _DIGIT(folded) is None:
        return folded
    return f"{_DIGITS.sub(_number, folded)}\x00\x00{folded}"


def _number(match: re.Match[str]) -> str:
    digits = match.group().lstrip("0")
    return f"\x00{chr(0x21 + len(digits))}{digits}"


#: Keys :class:`NaturalKeys` remembers: panels are built folder by folder and list mostly
#: their folder's pages, so a few thousand serve the panels around one; a key for every
#: title of the site, kept to the build's end, grew with it (issue 45).
KEPT_KEYS = 8192


class NaturalKeys(dict[str, NaturalKey]):
    """:func:`natural_key` with a memory (``keys[title]``): a title is split once for the
    panels around it, not once per panel that lists it."""

    def __missing__(self, title: str) -> NaturalKey:
        if len(self) >= KEPT_KEYS:
            self.clear()
        key = self[title] = natural_key(title)
        return key

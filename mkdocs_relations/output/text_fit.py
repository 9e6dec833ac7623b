"""How wide text is in the picture, and how it wraps into a box, without a browser.

Estimates, not measurements: the widths are generous per-character guesses for the sans-serif
fonts themes use (wide letters, capitals and East Asian characters count more), so a line
that fits here fits on screen; a browser test measures the result at phone and desktop
widths.
"""

from __future__ import annotations

import unicodedata

#: The picture's text size in SVG units (see picture.py for why this size).
FONT = 15


def _char_width(char: str) -> float:
    """A generous estimate of a glyph's advance, in ems, for sans-serif theme fonts."""
    if char in "iljI.,:;|!'` ":
        return 0.32
    if char in 'frt()[]{}-/\\"':
        return 0.42
    if char in "mwMW@%":
        return 0.95
    if char.isascii():
        return 0.7 if char.isupper() else 0.6
    if unicodedata.east_asian_width(char) in "WF":
        return 1.05
    return 0.7


_ASCII = {chr(i): _char_width(chr(i)) for i in range(128)}


def text_width(text: str, *, bold: bool = False) -> float:
    ascii_width = _ASCII.get
    total = sum(ascii_width(c) or _char_width(c) for c in text)
    return total * FONT * (1.08 if bold else 1.0)


class Wrapper:
    """:func:`wrap` with a memory: a title is wrapped once per build, not once per panel."""

    def __init__(self) -> None:
        self._done: dict[tuple[str, float, int, bool], tuple[list[str], bool]] = {}

    def __call__(self, text: str, width: float, max_lines: int, *, bold: bool = False) -> list[str]:
        return list(self._wrapped(text, width, max_lines, bold)[0])

    def splits(self, text: str, width: float, max_lines: int, *, bold: bool = False) -> bool:
        """Whether wrapping the text so split a word wider than the line (cached alike)."""
        return self._wrapped(text, width, max_lines, bold)[1]

    def _wrapped(
        self, text: str, width: float, max_lines: int, bold: bool
    ) -> tuple[list[str], bool]:
        key = (text, width, max_lines, bold)
        found = self._done.get(key)
        if found is None:
            found = self._done[key] = _wrap(text, width, max_lines, bold)
        return found


def widest_word(text: str, *, bold: bool = False) -> float:
    """The width of the text's widest word."""
    return max((text_width(word, bold=bold) for word in text.split()), default=0.0)


def wrap(text: str, width: float, max_lines: int, *, bold: bool = False) -> list[str]:
    """Lines that fit ``width`` at FONT; the last one ends in "…" when text is left over."""
    return _wrap(text, width, max_lines, bold)[0]


def _wrap(text: str, width: float, max_lines: int, bold: bool) -> tuple[list[str], bool]:
    """The lines, and whether a word wider than the line had to be split."""
    words = text.split()
    lines: list[str] = []
    current = ""
    at = 0
    split = False
    while at < len(words):
        word = words[at]
        candidate = f"{current} {word}" if current else word
        if text_width(candidate, bold=bold) <= width:
            current = candidate
            at += 1
            continue
        if not current:
            # Only a word wider than the whole line is split, with a hyphen where it stops
            # fitting; a word that fits a line waits for the next one.
            cut = max(1, _fit(word, width, bold))
            current, words[at] = word[:cut] + ("-" if cut > 1 else ""), word[cut:]
            split = True
        lines.append(current)
        current = ""
        if len(lines) == max_lines:
            break
    if current and len(lines) < max_lines:
        lines.append(current)
        current = ""
    if at < len(words) or current:
        last = lines[-1]
        while last and text_width(last + "…", bold=bold) > width:
            last = last[:-1]
        lines[-1] = last.rstrip() + "…"
    return lines or [""], split


def _fit(word: str, width: float, bold: bool) -> int:
    """How many of the word's first characters fit with the hyphen that ends them: one pass,
    adding widths as :func:`text_width` adds them (trying every prefix made a 10,000-character
    title take most of a minute)."""
    ascii_width = _ASCII.get
    room = width / (FONT * (1.08 if bold else 1.0)) - _ASCII["-"]
    total = 0.0
    for n, char in enumerate(word):
        total += ascii_width(char) or _char_width(char)
        if total > room:
            return max(1, n)
    return len(word)

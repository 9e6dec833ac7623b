"""How wide text is in the picture, and how it wraps into a box, without a browser.

Estimates, not measurements: the widths are generous per-character guesses for the sans-serif
fonts themes use (wide letters, capitals and East Asian characters count more), so a line
that fits here fits on screen; a browser test measures the result at phone and desktop
widths.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable

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
_ASCII_WIDTH = _ASCII.__getitem__
#: The same widths in whole hundredths of an em, which add up exactly in any order.
_ASCII_HUNDREDTHS = {char: round(width * 100) for char, width in _ASCII.items()}
_SPACE = _ASCII_HUNDREDTHS[" "]
_ELLIPSIS = round(_char_width("…") * 100)
#: Closer to a line's room than this (in hundredths of an em), a float sum's rounding could
#: decide otherwise.
_HAIR = 1e-6


def _ems(text: str) -> float:
    """The text's width in ems: its characters' widths added one by one, in order (a float
    sum depends on the order, so every way of measuring adds them alike)."""
    if text.isascii():
        # Nearly every title: no Python call per character.
        return sum(map(_ASCII_WIDTH, text))
    ascii_width = _ASCII.get
    return sum(ascii_width(c) or _char_width(c) for c in text)


def text_width(text: str, *, bold: bool = False) -> float:
    return _ems(text) * FONT * (1.08 if bold else 1.0)


def _hundredths(text: str) -> int:
    """The text's width in hundredths of an em, exactly."""
    if text.isascii():
        return sum(map(_ASCII_HUNDREDTHS.__getitem__, text))
    return sum(_ASCII_HUNDREDTHS.get(c) or round(_char_width(c) * 100) for c in text)


class Wrapper:
    """Lines that fit a width at FONT, the last one ending in "…" when text is left over;
    with a memory: a title is wrapped once per build and width, not once per panel, and a
    word is measured once per build (titles share words, and each is wrapped at every column
    width, and bold in its own page's centre)."""

    def __init__(self) -> None:
        self._done: dict[tuple[str, float, int, bool], tuple[tuple[str, ...], bool]] = {}
        self._words = _Widths()

    def __call__(self, text: str, width: float, max_lines: int, *, bold: bool = False) -> list[str]:
        return list(self._wrapped(text, width, max_lines, bold)[0])

    def lines(
        self, text: str, width: float, max_lines: int, *, bold: bool = False
    ) -> tuple[tuple[str, ...], bool]:
        """The lines and whether a word was split, as remembered (shared by every caller)."""
        return self._wrapped(text, width, max_lines, bold)

    def _wrapped(
        self, text: str, width: float, max_lines: int, bold: bool
    ) -> tuple[tuple[str, ...], bool]:
        key = (text, width, max_lines, bold)
        found = self._done.get(key)
        if found is None:
            lines, split = _wrap(text, width, max_lines, bold, self._words.__getitem__)
            # Tuples of strings, which the garbage collector stops tracking: every title at
            # every width is remembered to the end of the build, and lists stayed in each of
            # its full collections.
            found = self._done[key] = (tuple(lines), split)
        return found


class _Widths(dict[str, int]):
    """Words' widths in hundredths of an em (``widths[word]``), each measured once."""

    def __missing__(self, word: str) -> int:
        found = self[word] = _hundredths(word)
        return found


def widest_word(text: str, *, bold: bool = False) -> float:
    """The width of the text's widest word."""
    return max((text_width(word, bold=bold) for word in text.split()), default=0.0)


def _wrap(
    text: str, width: float, max_lines: int, bold: bool, measure: Callable[[str], int]
) -> tuple[list[str], bool]:
    """The lines, and whether a word wider than the line had to be split; ``measure`` gives
    a word's width as :func:`_hundredths` does."""
    scale = 1.08 if bold else 1.0
    # A word's width is known once (exact in hundredths of an em) and a line's is the sum of
    # its words', so a line is measured only when its exact width is within a hair of the
    # room: then the float sum's last bits decide, and those depend on the order of the
    # additions and on Python's version, so it is measured as text_width measures it.
    room = width / (FONT * scale) * 100
    below, above = room - _HAIR, room + _HAIR
    words = text.split()
    sizes = list(map(measure, words))
    lines: list[str] = []
    current = ""
    size = 0
    at = 0
    split = False
    while at < len(words):
        word = words[at]
        wider = size + _SPACE + sizes[at] if current else sizes[at]
        if wider < below or (
            wider <= above
            and text_width(f"{current} {word}" if current else word, bold=bold) <= width
        ):
            current = f"{current} {word}" if current else word
            size = wider
            at += 1
            continue
        if not current:
            # Only a word wider than the whole line is split, with a hyphen where it stops
            # fitting; a word that fits a line waits for the next one.
            cut = max(1, _fit(word, width, bold))
            current, words[at] = word[:cut] + ("-" if cut > 1 else ""), word[cut:]
            # What is left of a long word is measured, not remembered.
            sizes[at] = _hundredths(words[at])
            split = True
        lines.append(current)
        current = ""
        size = 0
        if len(lines) == max_lines:
            break
    if current and len(lines) < max_lines:
        lines.append(current)
        current = ""
    if at < len(words) or current:
        last = lines[-1]
        size = _hundredths(last) + _ELLIPSIS
        while last and (
            size > above or (size >= below and text_width(last + "…", bold=bold) > width)
        ):
            size -= _hundredths(last[-1])
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

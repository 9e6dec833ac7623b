"""What the command line writes: standard output that survives its reader and its console.

``mkdocs-relations lint | head -1`` closes the pipe early, ``lint > /dev/full`` cannot write,
a Windows console may not encode an arrow, and a file name may not be UTF-8. None of that may
end in a traceback, and JSON must stay valid JSON. Paths are written here too, with their
direction shown as an arrow (the path finder's "As text" writes the same form).
"""

from __future__ import annotations

import io
import json
import os
import re
import sys
from collections.abc import Sequence
from typing import TextIO

from ..model.direction import OUT
from ..model.paths import Step

#: The characters of a chain; a console that cannot show them gets ``-type->``/``<-type-``.
ARROWS = "—→←"


def format_chain(source: str, steps: Sequence[Step], *, arrows: bool = True) -> str:
    """``[[a]] —depends-on→ [[b]] ←part-of— [[c]]``; a left arrow marks a step against the
    edge (``in``: the edge is declared on the later page)."""
    dash, right, left = ("—", "→", "←") if arrows else ("-", "->", "<-")
    parts = [f"[[{source}]]"]
    for step in steps:
        if step.direction == OUT:
            parts.append(f"{dash}{step.type}{right}")
        else:
            parts.append(f"{left}{step.type}{dash}")
        parts.append(f"[[{step.target}]]")
    return " ".join(parts)


#: Terminal controls (C0 but line feed and tab, DEL, C1): a file name or target holding ESC
#: would otherwise move the reader's cursor or erase lines of their terminal.
_CONTROLS = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f]")


def visible(text: str) -> str:
    """``text`` with every terminal control written as its escape (``\\x1b``, ``\\r``)."""
    if _CONTROLS.search(text) is None:
        return text
    return _CONTROLS.sub(lambda found: repr(found.group(0))[1:-1], text)


class Output(io.TextIOBase):
    """Standard output that survives its reader: ``lint | head -1`` closes the pipe early (the
    command finishes quietly with its own exit status), ``lint > /dev/full`` cannot write (exit
    2 with a message, never a traceback). Text the terminal's encoding lacks is escaped, and
    so is every terminal control (:func:`visible`).
    """

    def __init__(self, stream: TextIO) -> None:
        super().__init__()
        self.stream = stream
        self.error: OSError | None = None
        self._stopped = False
        encoding = (getattr(stream, "encoding", None) or "utf-8").lower().replace("_", "-")
        self.utf8 = encoding in ("utf-8", "utf8")
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is not None:
            # Non-UTF-8 file names come back as their own bytes on a UTF-8 terminal (as `ls`
            # shows them); elsewhere what the encoding lacks is written as an escape.
            reconfigure(errors="surrogateescape" if self.utf8 else "backslashreplace")

    def can_encode(self, text: str) -> bool:
        try:
            text.encode(getattr(self.stream, "encoding", None) or "utf-8")
        except (UnicodeEncodeError, LookupError):
            return False
        return True

    def write(self, text: str) -> int:
        if not self._stopped:
            try:
                self.stream.write(visible(text))
            except OSError as exc:
                self._stop(exc)
        return len(text)

    def flush(self) -> None:
        if not self._stopped:
            try:
                self.stream.flush()
            except OSError as exc:
                self._stop(exc)

    def _stop(self, exc: OSError) -> None:
        self._stopped = True
        if not isinstance(exc, BrokenPipeError):
            self.error = exc
        # What is still buffered goes nowhere, so exiting does not fail again on it.
        try:
            devnull = os.open(os.devnull, os.O_WRONLY)
            os.dup2(devnull, self.stream.fileno())
            os.close(devnull)
        except (OSError, ValueError, io.UnsupportedOperation):
            pass


def json_text(document: object, indent: int | None = None) -> str:
    """JSON text for standard output: readable UTF-8 when the output takes it; otherwise (a
    cp1252 console, a file name that is not UTF-8) ASCII with escapes, still valid JSON."""
    text = json.dumps(document, ensure_ascii=False, indent=indent, default=str)
    output = sys.stdout
    # A C1 control is no JSON escape's business, but a terminal's: written as \u escapes.
    if (
        isinstance(output, Output)
        and output.utf8
        and _strict_utf8(text)
        and not _CONTROLS.search(text)
    ):
        return text
    return json.dumps(document, ensure_ascii=True, indent=indent, default=str)


def _strict_utf8(text: str) -> bool:
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True

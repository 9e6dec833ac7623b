"""Whether a vault's pages write ``[[wikilinks]]`` in their text, for ``init``.

A look, not a parse: the frontmatter, fenced code and code spans are skipped, so a page that
only shows the syntax in an example does not count. The build's extension (wikilinks.py)
decides what a link is; this only decides whether to switch it on.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping

_LINK = re.compile(r"\[\[[^\[\]\n]+\]\]")
_CODE_SPAN = re.compile(r"(`+).+?\1")
_FENCE = re.compile(r"^ {0,3}(`{3,}|~{3,})")


def pages_with_wikilinks(sources: Mapping[str, str]) -> list[str]:
    """The pages (docs-relative paths, in order) whose text holds a ``[[link]]``."""
    return [path for path in sorted(sources) if _has_link(sources[path])]


def prose_lines(lines: list[str]) -> Iterator[str]:
    """A page's lines after its frontmatter, outside fenced code: what a reader sees as text
    (as a look, not a parse, for ``init``'s judgements)."""
    start = 0
    if lines and lines[0].rstrip() == "---":
        start = next(
            (i + 1 for i, line in enumerate(lines[1:], 1) if line.rstrip() in ("---", "...")), 0
        )
    fence = ""
    for line in lines[start:]:
        opened = _FENCE.match(line)
        if fence:
            if opened and opened.group(1)[0] == fence[0] and len(opened.group(1)) >= len(fence):
                fence = ""
            continue
        if opened:
            fence = opened.group(1)
            continue
        yield line


def _has_link(file: str) -> bool:
    try:
        with open(file, encoding="utf-8-sig") as stream:
            lines = stream.read().split("\n")
    except (OSError, UnicodeDecodeError):
        return False
    return any(
        "[[" in line and _LINK.search(_CODE_SPAN.sub("", line)) for line in prose_lines(lines)
    )

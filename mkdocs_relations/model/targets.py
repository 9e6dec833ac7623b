"""The target forms a page may write: ``[[slug]]``, ``[[a/b|Alias]]``, ``slug#Heading``."""

from __future__ import annotations

import posixpath
import re
import unicodedata
from dataclasses import dataclass

from .diagnostics import clip

#: Extensions MkDocs treats as Markdown pages; a target may name the file with one.
MARKDOWN_EXTENSIONS = (".md", ".markdown", ".mdown", ".mkdn", ".mkd")


@dataclass(frozen=True)
class Target:
    """A target with its decorations split off. ``path`` is what resolution looks up."""

    path: str
    alias: str | None = None
    heading: str | None = None
    #: The text before any ``|``, ``#`` included: a file name may contain ``#``.
    whole: str = ""


class TargetError(ValueError):
    """A target that cannot name any page; the message says how to write it."""


#: One ``[[link]]`` inside a longer value: prose, an embed, several links in one string.
_LINK = re.compile(r"\[\[[^\[\]]*\]\]")


def parse_target(text: str) -> Target:
    """Split ``[[path#heading|alias]]`` (brackets optional) into its parts."""
    inner = text.strip()
    _one_link_only(text, inner)
    if inner.startswith("[["):
        if not inner.endswith("]]"):
            raise TargetError(f"target {clip(text)!r} opens '[[' but does not close it with ']]'")
        inner = inner[2:-2]
    elif inner.endswith("]]"):
        raise TargetError(f"target {clip(text)!r} closes ']]' but does not open it with '[['")
    whole, _, alias = inner.partition("|")
    path, _, heading = whole.partition("#")
    path = path.strip()
    if not path:
        raise TargetError(
            f"target {clip(text)!r} names no page; write the page's id or file name, e.g. "
            '"[[page-slug]]"'
        )
    return Target(
        _without_extension(path).replace("\\", "/"),
        alias.strip() or None,
        heading.strip() or None,
        _without_extension(whole.strip()).replace("\\", "/"),
    )


def _one_link_only(text: str, inner: str) -> None:
    """Refuse a value that holds links beside other text, saying what it holds.

    Split by its outer brackets alone, ``"[[a]], [[b]]"`` would look up a page ``a]], [[b``
    and ``"see [[a]]"`` be told it does not open with ``[[``: both wrong about what the
    author wrote, so neither message led to the fix. Values and links are clipped, and at
    most three links listed, so a message stays one line whatever the value's length.
    """
    if "]]" not in inner:
        return
    body = inner[2:-2]
    if inner.startswith("[[") and inner.endswith("]]") and "[" not in body and "]" not in body:
        return  # one link and nothing beside it, as nearly every target: no search
    links = [link for link in _LINK.findall(inner) if link[2:-2].strip()]  # "[[]]" names none
    if not links or links == [inner]:
        return
    shown = clip(text)
    if len(links) > 1:
        listed = ", ".join(f'"{clip(link)}"' for link in links[:3])
        more = ", ..." if len(links) > 3 else ""
        raise TargetError(
            f"target {shown!r} holds {len(links):,} links, and a target is one page; write "
            f"each link as a target of its own, e.g. a list: [{listed}{more}]"
        )
    link = clip(links[0])
    if inner == "!" + links[0]:
        raise TargetError(
            f'target {shown!r} is an embed; an edge names the page: write "{link}" without '
            "the '!'"
        )
    raise TargetError(
        f"target {shown!r} holds the link {link} with text beside it; a target is the link "
        f'alone: write "{link}"'
    )


def _without_extension(path: str) -> str:
    if "." not in path:
        return path
    lowered = path.lower()
    for extension in MARKDOWN_EXTENSIONS:
        if lowered.endswith(extension):
            return path[: -len(extension)]
    return path


def join_relative(path: str, source_id: str) -> str | None:
    """Where ``path`` points inside the docs folder, or None when it leaves the folder.

    ``./x`` and ``../x`` are relative to the source page's folder; a leading ``/`` means the
    docs root; everything else is already docs-relative.
    """
    if path.startswith("~"):
        return None
    if path.startswith("/"):
        joined = path.lstrip("/")
    elif path.startswith(("./", "../")) or path in (".", ".."):
        joined = posixpath.join(posixpath.dirname(source_id), path)
    else:
        joined = path
    if "." in joined or "//" in joined or joined.endswith("/"):
        normal = posixpath.normpath(joined) if joined else joined
    else:
        normal = joined  # no empty, "." or ".." part: normpath would return it as it is
    if normal in ("", ".") or normal == ".." or normal.startswith("../") or normal.startswith("/"):
        return None
    if ":" in normal and len(normal.split("/", 1)[0]) == 2 and ":" in normal.split("/", 1)[0]:
        return None  # a Windows drive such as C:/
    return normal


def fold(text: str) -> str:
    """Case- and normalisation-insensitive form (NFC, then lower case) used by lenient steps.

    Lower case, not casefold: the wikis' own tools (Obsidian, Foam, Logseq, Quartz) compare
    names with JavaScript's toLowerCase, which keeps ``ß``; casefold's ``ss`` would link
    ``[[STRASSE]]`` to ``straße.md``, a page the author's tool shows as unresolved.
    """
    return unicodedata.normalize("NFC", text).lower()


def loose(text: str) -> str:
    """Like :func:`fold`, with spaces, hyphens and underscores treated alike."""
    return fold(text).replace(" ", "-").replace("_", "-")

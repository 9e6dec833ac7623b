"""Links between the pages of a site, as MkDocs writes them: relative, from a page's URL."""

from __future__ import annotations

import posixpath
from collections.abc import Sequence


def relative_url(url: str, from_url: str) -> str:
    """``url`` as a link from the page at ``from_url``; both are site-relative URLs.

    The rule of MkDocs' ``get_relative_url`` (tests hold the two together): a last part with
    a dot in it is a file, not a folder; paths are normalised and cannot climb above the
    site root; a trailing slash is kept.
    """
    return relative_link(url, url_parts(url), base_parts(from_url))


def rebase(link: str, from_url: str, to_url: str) -> str:
    """``link``, written from the page at ``from_url``, as a link from ``to_url``."""
    return relative_url("/".join([*base_parts(from_url), link]), to_url)


def base_parts(from_url: str) -> list[str]:
    folder, _, last = from_url.rpartition("/")
    return url_parts(folder if "." in last else from_url)


def relative_link(url: str, target: Sequence[str], base: Sequence[str]) -> str:
    shared = 0
    for a, b in zip(base, target, strict=False):
        if a != b:
            break
        shared += 1
    link = "/".join([*[".."] * (len(base) - shared), *target[shared:]]) or "."
    return link + "/" if url.endswith("/") else link


def url_parts(path: str) -> list[str]:
    # One leading slash: POSIX keeps a leading "//" through normpath.
    normal = posixpath.normpath(path if path.startswith("/") else "/" + path)[1:]
    return normal.split("/") if normal else []

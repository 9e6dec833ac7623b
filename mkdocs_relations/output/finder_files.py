"""The path finder's copy of the site graph: a manifest, and adjacency shards past a size.

The finder loads the manifest on its first focus: what suggestions need (ids, titles,
aliases) and the types, nothing of the edges. A page's neighbours and its URL are in the
shard its id hashes to (FNV-1a of the id's UTF-8, modulo the number of shards), fetched as
the path search reaches the page. A wiki of at most :data:`SHARD_PAGES` pages stays one file:
the manifest holds every page's neighbours itself.

Pages are numbered in the order the finder ranks them (a title's natural order, then the id,
as ``natural.natural_key`` and Python compare them), so the script never sorts a title: the
first pages a search meets are the best, and it stops at ten. The names (titles, ids,
aliases) are one text, each thing said once (:func:`names_text`); past :data:`SHARD_PAGES`
pages deflated and in base64 (about a quarter of the text, served plainly or gzipped alike),
with the text as it is in a file of its own for a browser that cannot inflate.

Neighbours are the path search's steps already in its order, so the script never sorts:
one number a step, ``(neighbour * 2 + direction) * types + type`` (``assets/relations-paths.js``
reads the same), each page's list as the search walks it (neighbours by id, out before in,
type by name). Each shard carries the manifest's ``build`` (a digest of everything the
finder reads), so a shard from another build is told apart.
"""

from __future__ import annotations

import base64
import hashlib
import json
import re
import zlib
from array import array
from collections.abc import Mapping, Sequence
from typing import Any

from ..model.direction import ORDER, number
from ..model.natural import natural_key
from .export import SITE_GRAPH_VARIABLE, script_text, to_json

#: Pages a shard holds, about: the number of shards is the smallest power of two that keeps
#: them at most this many, so a wiki this size or smaller is one file.
SHARD_PAGES = 2048
#: A shard's file, beside the manifest: ``{}`` is the shard's number.
SHARD_FILE = "graph-{}.js"
#: The names' text as it is, for a browser without ``DecompressionStream``.
NAMES_FILE = "graph-names.js"
#: The object shard scripts (and the names' file, under ``"names"``) add themselves to.
SHARD_VARIABLE = SITE_GRAPH_VARIABLE + "Shards"
#: More aliases than this on one page: the page's names are written in the manifest's JSON
#: (a page's character in the names' text stays below the surrogates).
MOST_ALIASES = 1000

_FNV_OFFSET = 0x811C9DC5
_FNV_PRIME = 0x01000193
_NOT_SLUG = re.compile("[^a-z0-9]+")


def shard_count(pages: int) -> int:
    """0 (one file) up to :data:`SHARD_PAGES` pages, else a power of two."""
    if pages <= SHARD_PAGES:
        return 0
    count = 2
    while pages > count * SHARD_PAGES:
        count *= 2
    return count


def shard_of(page_id: str, shards: int) -> int:
    """The shard holding ``page_id``: FNV-1a (32 bits) of its UTF-8, modulo ``shards``."""
    value = _FNV_OFFSET
    for byte in page_id.encode("utf-8", "surrogatepass"):
        value = ((value ^ byte) * _FNV_PRIME) & 0xFFFFFFFF
    return value % shards


def slug(title: str) -> str:
    """A title as many wikis name its file: ASCII letters and digits lower-cased, every other
    run one ``-`` (the script's ``slugs`` does the same, on ASCII titles only)."""
    return _NOT_SLUG.sub("-", title.lower()).strip("-")


def ranked_order(ids: Sequence[str], titles: Sequence[str]) -> list[int]:
    """Page numbers (in id order) as the finder ranks equal matches: by the natural order of
    their titles, then by id."""
    return sorted(range(len(ids)), key=lambda page: (natural_key(titles[page]), page))


def names_text(
    ids: Sequence[str], titles: Sequence[str], aliases: Sequence[Sequence[str]]
) -> tuple[str, dict[str, list[Any]]]:
    """The pages' names (in the order given) as one text of lines, and the pages that text
    cannot hold (a name with a line end, or past :data:`MOST_ALIASES` aliases) as JSON,
    ``{page: [title, id, aliases]}``.

    The first line has a character a page, ``chr(48 + 4 * its number of aliases + kind)``;
    then every title, every id, every alias, and the folder of every id of kind 1 or 2, one
    a line, pages in order, and a line end closes the text: each section is searched as it
    is. An id's kind says how it is written: 0 as it is; 1 as its folder (the text up to
    its last ``/``, with it) when the rest is :func:`slug` of an ASCII title; 2 as its
    folder when the rest is the title; 3 the JSON has the page's names and its lines are
    empty. An id of kind 1 or 2 leaves its line empty. A wiki whose file names follow the
    titles says each name about once.
    """
    odd: dict[str, list[Any]] = {}
    kinds: list[str] = []
    title_lines: list[str] = []
    id_lines: list[str] = []
    alias_lines: list[str] = []
    folder_lines: list[str] = []
    for page, (page_id, title, more) in enumerate(zip(ids, titles, aliases, strict=True)):
        if len(more) > MOST_ALIASES or any("\n" in name for name in (page_id, title, *more)):
            odd[str(page)] = [title, page_id, list(more)]
            kinds.append(chr(48 + 3))
            title_lines.append("")
            id_lines.append("")
            continue
        folder, slash, rest = page_id.rpartition("/")
        kind = 0
        if rest == title:
            kind = 2
        elif rest and title.isascii() and rest == slug(title):
            kind = 1
        kinds.append(chr(48 + 4 * len(more) + kind))
        title_lines.append(title)
        id_lines.append("" if kind else page_id)
        if kind:
            folder_lines.append(folder + slash)
        alias_lines += more
    lines = ["".join(kinds), *title_lines, *id_lines, *alias_lines, *folder_lines]
    return "\n".join(lines) + "\n", odd


def neighbour_steps(count: int, types: int, edges: Sequence[int]) -> tuple[array[int], array[int]]:
    """Every page's steps, packed, in two arrays: where each page's start, and the steps
    (a page's sorted with :func:`steps_of`); self-loops left out. Two arrays of numbers, not a
    list of numbers a page: those were 39 MB at 100,000 pages, the build's peak (issue 45)."""
    width = max(types, 1)
    forward, backward = number(ORDER[0]), number(ORDER[1])
    starts = array("q", bytes(8 * (count + 1)))
    for i in range(0, len(edges), 3):
        source, target = edges[i], edges[i + 1]
        if source != target:
            starts[source + 1] += 1
            starts[target + 1] += 1
    for page in range(count):
        starts[page + 1] += starts[page]
    free = starts[:-1]
    steps = array("q", bytes(8 * starts[count]))
    for i in range(0, len(edges), 3):
        source, target, kind = edges[i], edges[i + 1], edges[i + 2]
        if source == target:
            continue
        steps[free[source]] = (target * 2 + forward) * width + kind
        free[source] += 1
        steps[free[target]] = (source * 2 + backward) * width + kind
        free[target] += 1
    return starts, steps


def steps_of(found: tuple[array[int], array[int]], page: int) -> list[int]:
    """A page's steps (:func:`neighbour_steps`) sorted, parallel edges merged."""
    starts, steps = found
    return sorted(set(steps[starts[page] : starts[page + 1]]))


def _renumbered(
    found: tuple[array[int], array[int]], page: int, position: Sequence[int], width: int
) -> list[int]:
    """A page's steps with each neighbour's rank for its id-order number, kept in the
    search's order."""
    out = []
    for value in steps_of(found, page):
        kind = value % width
        rest = value // width
        out.append((position[rest >> 1] * 2 + (rest & 1)) * width + kind)
    return out


def _differences(values: Sequence[int]) -> list[int]:
    return [value - (values[i - 1] if i else 0) for i, value in enumerate(values)]


def finder_files(
    site: Mapping[str, Any],
) -> tuple[dict[str, Any], list[dict[str, Any]], dict[str, str] | None]:
    """The manifest, the shards (none for a small wiki) and the names' own file (the text and
    the ``build``; None for a small wiki) for a site graph (``export.site_graph()``'s, edge
    attributes left out: the finder never shows them)."""
    manifest, shards, names = finder_texts(site)
    return manifest, [json.loads(shard) for shard in shards], names


def finder_texts(
    site: Mapping[str, Any],
) -> tuple[dict[str, Any], list[str], dict[str, str] | None]:
    """:func:`finder_files` with each shard as its JSON text, made as soon as its lists are:
    every shard's lists held at once were a third of the build's peak memory at 100,000
    pages (issue 45)."""
    ids: list[str] = site["ids"]
    titles: list[str] = site["titles"]
    width = max(len(site["types"]), 1)
    # The ranks and the names first, while nothing else of the finder's is held.
    order = ranked_order(ids, titles)
    position = [0] * len(ids)
    for rank, page in enumerate(order):
        position[page] = rank
    text, odd = names_text(
        [ids[p] for p in order],
        [titles[p] for p in order],
        [site["aliases"].get(str(p), []) for p in order],
    )
    shards = shard_count(len(ids))
    manifest: dict[str, Any] = {
        "format": site["format"],
        "version": site["version"],
        "max_hops": site["max_hops"],
        "types": site["types"],
        "pages": len(ids),
        "shards": shards,
    }
    if odd:
        manifest["odd_names"] = odd
    steps = neighbour_steps(len(ids), len(site["types"]), site["edges"])
    parts: list[str] = []
    names_file = None
    if shards == 0:
        manifest["names"] = text
        manifest["urls"] = [site["urls"][p] for p in order]
        manifest["steps"] = [_renumbered(steps, p, position, width) for p in order]
    else:
        packed = zlib.compress(text.encode("utf-8", "surrogatepass"), 9)
        manifest["names_deflated"] = base64.b64encode(packed).decode("ascii")
        manifest["names_file"] = NAMES_FILE
        manifest["shard_file"] = SHARD_FILE
        manifest["shard_variable"] = SHARD_VARIABLE
        members: list[list[int]] = [[] for _ in range(shards)]
        for rank, page in enumerate(order):
            members[shard_of(ids[page], shards)].append(rank)
        for ranks in members:
            shard_data = {
                "pages": _differences(ranks),
                "urls": [site["urls"][order[rank]] for rank in ranks],
                "steps": [_renumbered(steps, order[rank], position, width) for rank in ranks],
            }
            parts.append(to_json(shard_data))
        names_file = text
    del steps
    # The build: a digest of to_json([manifest, parts]), hashed a piece at a time (compact
    # JSON joins a list's items with "," inside "[]").
    found = hashlib.sha256(b"[")
    found.update(to_json(manifest).encode("utf-8"))
    found.update(b",[")
    for shard, part in enumerate(parts):
        if shard:
            found.update(b",")
        found.update(part.encode("utf-8"))
    found.update(b"]]")
    digest = found.hexdigest()[:16]
    manifest["build"] = digest
    # Each shard with its build, said first as its keys are sorted ("build" < "pages").
    for shard, part in enumerate(parts):
        parts[shard] = '{"build":' + to_json(digest) + "," + part[1:]
    names = None if names_file is None else {"build": digest, "text": names_file}
    return manifest, parts, names


def shard_json_script(shard: int | str, text: str) -> str:
    """:func:`shard_script` of a shard already written as JSON (:func:`finder_texts`)."""
    variable = f"window.{SHARD_VARIABLE}"
    return f"({variable}={variable}||{{}})[{to_json(shard)}]={script_text(text)};\n"


def shard_script(shard: int | str, data: Any) -> str:
    """A shard (or, as ``"names"``, the names' text) as a script that adds it to
    :data:`SHARD_VARIABLE` under its key (loadable from file://)."""
    return shard_json_script(shard, to_json(data))

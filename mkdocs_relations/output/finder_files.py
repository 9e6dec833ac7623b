"""The path finder's copy of the site graph: a manifest, and adjacency shards past a size.

The finder loads the manifest on its first focus: what suggestions need (ids, titles,
aliases) and the types, nothing of the edges. A page's neighbours and its URL are in the
shard its id hashes to (FNV-1a of the id's UTF-8, modulo the number of shards), fetched as
the path search reaches the page. A wiki of at most :data:`SHARD_PAGES` pages stays one file:
the manifest holds every page's neighbours itself.

Neighbours are the path search's steps already sorted and merged, so the script never sorts:
one number a step, ``(neighbour * 2 + direction) * types + type`` (``assets/relations-paths.js``
reads the same), each page's list in ascending order written as differences. Ids are in
sorted order, each written as the length of the prefix it shares with the one before (in
UTF-16 units, as the script slices) and the rest. Each shard carries the manifest's ``build``
(a digest of everything the finder reads), so a shard from another build is told apart.
"""

from __future__ import annotations

import hashlib
from collections.abc import Mapping, Sequence
from typing import Any

from ..model.direction import ORDER, number
from .export import SITE_GRAPH_VARIABLE, script_value, to_json

#: Pages a shard holds, about: the number of shards is the smallest power of two that keeps
#: them at most this many, so a wiki this size or smaller is one file.
SHARD_PAGES = 2048
#: A shard's file, beside the manifest: ``{}`` is the shard's number.
SHARD_FILE = "graph-{}.js"
#: The object shard scripts add themselves to (by number).
SHARD_VARIABLE = SITE_GRAPH_VARIABLE + "Shards"

_FNV_OFFSET = 0x811C9DC5
_FNV_PRIME = 0x01000193


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


def _units(text: str) -> int:
    """Length in UTF-16 code units, as JavaScript counts."""
    return len(text) + sum(1 for c in text if ord(c) > 0xFFFF)


def _front_coded(ids: Sequence[str]) -> list[int | str]:
    """Each id as (units shared with the previous id, the rest), flat."""
    coded: list[int | str] = []
    previous = ""
    for page_id in ids:
        shared = 0
        for a, b in zip(previous, page_id, strict=False):
            if a != b:
                break
            shared += 1
        coded += [_units(page_id[:shared]), page_id[shared:]]
        previous = page_id
    return coded


def _differences(values: Sequence[int]) -> list[int]:
    return [value - (values[i - 1] if i else 0) for i, value in enumerate(values)]


def neighbour_lists(count: int, types: int, edges: Sequence[int]) -> list[list[int]]:
    """Each page's steps, packed and sorted, parallel edges merged; self-loops left out."""
    width = max(types, 1)
    forward, backward = number(ORDER[0]), number(ORDER[1])
    steps: list[set[int]] = [set() for _ in range(count)]
    for i in range(0, len(edges), 3):
        source, target, kind = edges[i], edges[i + 1], edges[i + 2]
        if source == target:
            continue
        steps[source].add((target * 2 + forward) * width + kind)
        steps[target].add((source * 2 + backward) * width + kind)
    return [sorted(page) for page in steps]


def finder_files(site: Mapping[str, Any]) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """The manifest and the shards (none for a small wiki) for a site graph
    (``export.site_graph()``'s, edge attributes left out: the finder never shows them)."""
    ids: list[str] = site["ids"]
    lists = neighbour_lists(len(ids), len(site["types"]), site["edges"])
    shards = shard_count(len(ids))
    manifest: dict[str, Any] = {
        "format": site["format"],
        "version": site["version"],
        "max_hops": site["max_hops"],
        "types": site["types"],
        "ids": _front_coded(ids),
        "titles": site["titles"],
        "aliases": site["aliases"],
        "shards": shards,
    }
    parts: list[dict[str, Any]] = []
    if shards == 0:
        manifest["urls"] = site["urls"]
        manifest["steps"] = [_differences(steps) for steps in lists]
    else:
        members: list[list[int]] = [[] for _ in range(shards)]
        for page, page_id in enumerate(ids):
            members[shard_of(page_id, shards)].append(page)
        manifest["shard_file"] = SHARD_FILE
        manifest["shard_variable"] = SHARD_VARIABLE
        parts = [
            {
                "pages": _differences(pages),
                "urls": [site["urls"][page] for page in pages],
                "steps": [_differences(lists[page]) for page in pages],
            }
            for pages in members
        ]
    digest = hashlib.sha256(to_json([manifest, parts]).encode("utf-8")).hexdigest()[:16]
    manifest["build"] = digest
    for part in parts:
        part["build"] = digest
    return manifest, parts


def shard_script(shard: int, data: Any) -> str:
    """A shard as a script that adds it to :data:`SHARD_VARIABLE` (loadable from file://)."""
    variable = f"window.{SHARD_VARIABLE}"
    return f"({variable}={variable}||{{}})[{shard}]={script_value(data)};\n"

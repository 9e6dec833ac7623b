"""The graph file the site ships: schema, contents, size, and no machine paths."""

from __future__ import annotations

import base64
import gzip
import itertools
import json
import random
import re
import zlib
from pathlib import Path
from typing import Any

import jsonschema
import pytest
from conftest import REPO, CorpusSite, Site
from wikis import PANEL_WIKI

from mkdocs_relations.output import export, finder_files

SCHEMA = json.loads(
    (REPO / "mkdocs_relations" / "schemas" / "graph.schema.json").read_text(encoding="utf-8")
)


def _graph(site: Site) -> dict:  # type: ignore[type-arg]
    text = (site.site_dir / "assets" / "mkdocs-relations" / "graph.json").read_text("utf-8")
    return json.loads(text)  # type: ignore[no-any-return]


def test_graph_file_validates_and_holds_the_graph(site: Site) -> None:
    site.pages(PANEL_WIKI)
    assert site.build().ok
    graph = _graph(site)
    jsonschema.validate(graph, SCHEMA)
    ids = graph["ids"]
    assert ids == sorted(ids)
    assert len(graph["titles"]) == len(graph["urls"]) == len(ids)
    assert len(graph["edges"]) % 3 == 0
    triples = [
        (
            ids[graph["edges"][i]],
            ids[graph["edges"][i + 1]],
            graph["types"][graph["edges"][i + 2]]["name"],
        )
        for i in range(0, len(graph["edges"]), 3)
    ]
    assert ("index", "ledger", "depends-on") in triples
    assert ("reporting", "index", "depends-on") in triples
    assert len(triples) == 6, "the redlink is not an edge of the site graph"
    assert graph["titles"][ids.index("index")] == "Payment service"
    assert graph["urls"][ids.index("platform/checkout")] == "platform/checkout/"


def _script(path: Path, prefix: str) -> Any:
    """The value a graph script assigns: ``JSON.parse`` of a single-quoted string (faster to
    load than an object literal), nothing in it that could close a script element."""
    text = path.read_text("utf-8")
    assert text.startswith(prefix + "JSON.parse('") and text.endswith("');\n")
    assert "<" not in text and "\u2028" not in text
    inner = text[len(prefix) + len("JSON.parse('") : -len("');\n")]
    escapes = {"\\\\": "\\", "\\'": "'", "\\u003c": "<", "\\u2028": "\u2028", "\\u2029": "\u2029"}
    return json.loads(re.sub(r"\\(\\|'|u003c|u2028|u2029)", lambda m: escapes[m[0]], inner))


def _names(manifest: dict[str, Any], folder: Path) -> tuple[list[str], list[str], dict[str, Any]]:
    """The manifest's titles, ids and aliases (by page number), read from its names' text
    (the manifest's, or deflated in it and as it is in its own file), as the script does."""
    if "names" in manifest:
        text = manifest["names"]
    else:
        text = zlib.decompress(base64.b64decode(manifest["names_deflated"])).decode("utf-8")
        prefix = f"(window.{manifest['shard_variable']}=window.{manifest['shard_variable']}||{{}})"
        own = _script(folder / manifest["names_file"], f'{prefix}["names"]=')
        assert own == {"build": manifest["build"], "text": text}
    count = manifest["pages"]
    lines = text.split("\n")
    assert lines.pop() == ""
    kinds = [ord(c) - 48 for c in lines[0]]
    titles, written = lines[1 : 1 + count], lines[1 + count : 1 + 2 * count]
    more = lines[1 + 2 * count : 1 + 2 * count + sum(k // 4 for k in kinds)]
    folders = iter(lines[1 + 2 * count + len(more) :])
    ids: list[str] = []
    aliases: dict[str, Any] = {}
    for page, kind in enumerate(kinds):
        if kind % 4 in (1, 2):
            stem = finder_files.slug(titles[page]) if kind % 4 == 1 else titles[page]
            assert written[page] == ""
            ids.append(next(folders) + stem)
        else:
            ids.append(written[page])
        if kind // 4:
            aliases[str(page)], more = more[: kind // 4], more[kind // 4 :]
    assert more == [] and next(folders, None) is None
    return titles, ids, aliases


def _in_order(graph: dict[str, Any]) -> tuple[list[int], list[int]]:
    """graph.json's page numbers in the finder's order, and each one's number there."""
    order = finder_files.ranked_order(graph["ids"], graph["titles"])
    position = [0] * len(order)
    for rank, page in enumerate(order):
        position[page] = rank
    return order, position


def _renumbered(steps: list[int], position: list[int], width: int) -> list[int]:
    return [
        (position[(v // width) >> 1] * 2 + ((v // width) & 1)) * width + v % width for v in steps
    ]


def _steps(graph: dict[str, Any]) -> list[list[int]]:
    """Each page's path steps from graph.json's edges, as the finder's files pack them."""
    width = len(graph["types"])
    steps: list[set[int]] = [set() for _ in graph["ids"]]
    edges = graph["edges"]
    for s, t, k in zip(edges[::3], edges[1::3], edges[2::3], strict=True):
        if s != t:
            steps[s].add((t * 2) * width + k)
            steps[t].add((s * 2 + 1) * width + k)
    return [sorted(page) for page in steps]


def _sums(differences: list[int]) -> list[int]:
    return list(itertools.accumulate(differences))


def test_graph_script_is_the_finders_manifest_with_the_same_graph(site: Site) -> None:
    site.pages(PANEL_WIKI)
    site.build()
    folder = site.site_dir / "assets" / "mkdocs-relations"
    manifest = _script(folder / "graph.js", "window.__mkdocsRelationsGraph=")
    graph = _graph(site)
    # The same graph, without the edge attributes the finder never shows; a small wiki is
    # one file, its names as they are; pages in the order suggestions rank them.
    assert graph.pop("extra") == {"2": {"note": "Replaced in 2025"}}
    assert manifest["shards"] == 0 and not list(folder.glob("graph-*.js"))
    order, position = _in_order(graph)
    titles, ids, aliases = _names(manifest, folder)
    assert ids == [graph["ids"][p] for p in order]
    assert titles == [graph["titles"][p] for p in order]
    assert aliases == {str(position[int(p)]): more for p, more in graph["aliases"].items()}
    assert manifest["urls"] == [graph["urls"][p] for p in order]
    for key in ("format", "version", "max_hops", "types"):
        assert manifest[key] == graph[key], key
    width = len(graph["types"])
    assert manifest["steps"] == [_renumbered(_steps(graph)[p], position, width) for p in order]


def test_a_large_wiki_is_a_manifest_and_shards(site: Site, monkeypatch: pytest.MonkeyPatch) -> None:
    """Past SHARD_PAGES pages the manifest holds what suggestions need, nothing of the edges,
    its names deflated (and as they are in a file of their own, for a browser that cannot
    inflate), and each page's steps and URL are in the shard its id hashes to, once."""
    monkeypatch.setattr(finder_files, "SHARD_PAGES", 2)
    site.pages(PANEL_WIKI)
    site.build()
    folder = site.site_dir / "assets" / "mkdocs-relations"
    manifest = _script(folder / "graph.js", "window.__mkdocsRelationsGraph=")
    graph = _graph(site)
    count = manifest["shards"]
    assert count == finder_files.shard_count(len(graph["ids"])) >= 2
    assert "steps" not in manifest and "urls" not in manifest and "names" not in manifest
    order, position = _in_order(graph)
    titles, ids, _ = _names(manifest, folder)
    assert ids == [graph["ids"][p] for p in order]
    assert titles == [graph["titles"][p] for p in order]
    assert sorted(p.name for p in folder.glob("graph-*.js")) == sorted(
        [manifest["shard_file"].format(n) for n in range(count)] + [manifest["names_file"]]
    )
    seen: dict[int, tuple[str, list[int]]] = {}
    width = len(graph["types"])
    for number in range(count):
        prefix = f"(window.{manifest['shard_variable']}=window.{manifest['shard_variable']}||{{}})"
        shard = _script(folder / f"graph-{number}.js", f"{prefix}[{number}]=")
        assert shard["build"] == manifest["build"]
        for rank, url, steps in zip(
            _sums(shard["pages"]), shard["urls"], shard["steps"], strict=True
        ):
            assert finder_files.shard_of(ids[rank], count) == number
            seen[rank] = (url, steps)
    assert sorted(seen) == list(range(len(graph["ids"])))
    assert [seen[position[page]] for page in range(len(order))] == [
        (url, _renumbered(steps, position, width))
        for url, steps in zip(graph["urls"], _steps(graph), strict=True)
    ]


def test_no_absolute_paths_or_bodies(site: Site, tmp_path: Path) -> None:
    site.pages(PANEL_WIKI)
    site.page("secret.md", "---\ntitle: Secret\n---\nBODY-TEXT-MUST-NOT-LEAK\n")
    site.build()
    for name in ("graph.json", "graph.js"):
        text = (site.site_dir / "assets" / "mkdocs-relations" / name).read_text("utf-8")
        assert str(tmp_path) not in text and str(site.docs) not in text
        assert "BODY-TEXT-MUST-NOT-LEAK" not in text
    for page in site.site_dir.rglob("*.html"):
        assert str(site.docs) not in page.read_text("utf-8")


def test_builds_are_byte_identical(site: Site) -> None:
    site.pages(PANEL_WIKI)
    site.build()
    first = {
        p.relative_to(site.site_dir): p.read_bytes()
        for p in site.site_dir.rglob("*")
        if p.is_file() and "mkdocs-relations" in str(p)
    }
    site.build()
    second = {
        p.relative_to(site.site_dir): p.read_bytes()
        for p in site.site_dir.rglob("*")
        if p.is_file() and "mkdocs-relations" in str(p)
    }
    # The site's one script (the picture's, the finder's form and scripts) and its one
    # stylesheet (the panel's and the blocks') are two of them, beside graph.json and graph.js.
    assert first == second and len(first) == 4


@pytest.mark.slow
def test_size_is_linear_in_pages_and_edges(
    corpus_site: CorpusSite,
) -> None:
    site, result = corpus_site("data-atlas")
    assert result.ok, result.error
    graph = _graph(site)
    raw = len((site.site_dir / "assets" / "mkdocs-relations" / "graph.json").read_bytes())
    names = sum(
        len(json.dumps(t, ensure_ascii=False))
        for t in graph["titles"] + graph["urls"] + graph["ids"]
    )
    aliases = len(json.dumps(graph["aliases"], ensure_ascii=False))
    # Edge attributes (via, description...) are kept for tools, as written: their size is
    # the wiki's. The finder's copy, graph.js, leaves them out.
    aliases += len(json.dumps(graph.get("extra", {}), ensure_ascii=False))
    folder = site.site_dir / "assets" / "mkdocs-relations"
    manifest = _script(folder / "graph.js", "window.__mkdocsRelationsGraph=")
    assert "extra" not in manifest and len((folder / "graph.js").read_bytes()) < raw
    edges = len(graph["edges"]) // 3
    per_edge = (raw - names - aliases) / edges
    assert edges == 1119 and per_edge < 40, per_edge
    assert len(gzip.compress(json.dumps(graph).encode())) < raw


@pytest.mark.parametrize("seed", range(60))
def test_graph_json_written_in_pieces_is_the_whole_json(
    seed: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """graph.json written a key and a chunk of a long list at a time (its text whole at once
    was the build's peak memory at 100,000 pages, issue 45) is the compact JSON of the whole,
    byte for byte: any key, any item, lists longer and shorter than a chunk."""
    monkeypatch.setattr(export, "_CHUNK", 3)
    rng = random.Random(seed)
    items: list[Any] = ["x", 1, -7, 2.5, None, True, {"k": [1, "ü"]}, "a'b<\u2028", '"q\\']
    data = {
        rng.choice(["b", "a", "ä", "é", "\u2028", '"q', "😀"]) + str(i): (
            list(range(rng.randint(0, 10)))
            if rng.random() < 0.5
            else [rng.choice(items) for _ in range(rng.randint(0, 8))]
        )
        for i in range(rng.randint(0, 6))
    }
    data["n"] = rng.choice(items)
    assert export.json_file(data) == (
        json.dumps(data, ensure_ascii=False, separators=(",", ":"), sort_keys=True) + "\n"
    ).encode("utf-8")

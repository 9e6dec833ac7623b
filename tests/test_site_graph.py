"""The graph file the site ships: schema, contents, size, and no machine paths."""

from __future__ import annotations

import gzip
import json
from pathlib import Path

import jsonschema
import pytest
from conftest import REPO, CorpusSite, Site
from wikis import PANEL_WIKI

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


def test_graph_script_defines_the_same_graph(site: Site) -> None:
    site.pages(PANEL_WIKI)
    site.build()
    script = (site.site_dir / "assets" / "mkdocs-relations" / "graph.js").read_text("utf-8")
    prefix = "window.__mkdocsRelationsGraph="
    assert script.startswith(prefix) and script.endswith(";\n")
    # The same graph, without the edge attributes the finder never shows.
    graph = _graph(site)
    assert graph.pop("extra") == {"2": {"note": "Replaced in 2025"}}
    assert json.loads(script[len(prefix) : -2]) == graph


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
    assert first == second and len(first) == 6


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
    script = (site.site_dir / "assets" / "mkdocs-relations" / "graph.js").read_text()
    assert '"extra"' not in script and len(script) < raw
    edges = len(graph["edges"]) // 3
    per_edge = (raw - names - aliases) / edges
    assert edges == 1119 and per_edge < 40, per_edge
    assert len(gzip.compress(json.dumps(graph).encode())) < raw

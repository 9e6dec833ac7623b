"""The real wikis in tests/corpora, linted and built with the wiki-config.md we ship."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest
from conftest import REPO, CorpusSite, copy_corpus, pages_in_folder, relation_lines

from mkdocs_relations.wiki.pipeline import Options, load_wiki


def _lint(docs: Path, **options: object) -> tuple[int, int, Counter[str]]:
    wiki = load_wiki(pages_in_folder(str(docs)), Options(**options))  # type: ignore[arg-type]
    return len(wiki.graph.pages), wiki.graph.edge_count, Counter(d.code for d in wiki.diagnostics)


def test_scm_concepts_without_a_wiki_config(tmp_path: Path) -> None:
    docs = copy_corpus("scm-concepts", tmp_path, with_config=False)
    pages, edges, codes = _lint(docs, relationship_field="relations")
    assert (pages, edges) == (246, 574)
    # governed-by (245), traces-to (23) and refines (11) are not canonical; 23 edges point at
    # governance-root, an id no page declares.
    assert codes == Counter({"unknown-type": 245 + 23 + 11, "missing-target": 23})


def test_scm_concepts_with_its_wiki_config(tmp_path: Path) -> None:
    docs = copy_corpus("scm-concepts", tmp_path)
    wiki = load_wiki(pages_in_folder(str(docs)))
    assert (len(wiki.graph.pages), wiki.graph.edge_count) == (247, 574)
    assert wiki.diagnostics == []
    redlinks = [e for e in wiki.graph.edges() if e.redlink]
    assert len(redlinks) == 23 and {e.target for e in redlinks} == {"governance-root"}
    # Targets are ids from frontmatter, never file names.
    by_step = Counter(
        wiki.resolver.resolve(e.target, e.source).step for e in wiki.graph.resolved_edges()
    )
    assert by_step == Counter({"frontmatter id": 574 - 23})


def test_data_atlas_without_a_wiki_config(tmp_path: Path) -> None:
    docs = copy_corpus("data-atlas", tmp_path, with_config=False)
    pages, edges, codes = _lint(docs)
    # templates/ is left out, as MkDocs leaves it out; example edges inside page bodies are
    # not edges.
    assert (pages, edges) == (619, 1119)
    canonical = 198 + 10 + 1  # part-of, supersedes, depends-on
    assert codes == Counter({"unknown-type": 1119 - canonical})


def test_data_atlas_with_its_wiki_config(tmp_path: Path) -> None:
    docs = copy_corpus("data-atlas", tmp_path)
    wiki = load_wiki(pages_in_folder(str(docs)))
    assert (len(wiki.graph.pages), wiki.graph.edge_count) == (620, 1119)
    # Eight countries link the Convention as related-to beside its applies-in edge to them:
    # "anchor" edges the corpus documents, shown as notes that fail nothing.
    assert {d.severity for d in wiki.diagnostics} == {"info"}
    assert Counter(d.code for d in wiki.diagnostics) == Counter({"mirror-mismatch": 8})
    assert len(wiki.graph.vocabulary) == 6 + 21
    # Norway's id is quoted in the corpus, so it is the string "NO", not false.
    assert any(p.frontmatter_id == "NO" for p in wiki.graph.pages.values())
    assert all(e.target_id for e in wiki.graph.edges())


def _documented() -> dict[str, tuple[int, ...]]:
    """The figures docs/real-wikis.md states, by corpus."""
    rows = {}
    for line in (REPO / "docs" / "real-wikis.md").read_text(encoding="utf-8").splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) == 6 and cells[1].isdigit():
            rows[cells[0]] = tuple(int(cell) for cell in cells[1:])
    return rows


@pytest.mark.slow
@pytest.mark.parametrize("name", ["scm-concepts", "data-atlas"])
def test_corpus_matches_the_docs(tmp_path: Path, name: str, corpus_site: CorpusSite) -> None:
    pages, edges, unconfigured, configured, notes = _documented()[name]
    bare = copy_corpus(name, tmp_path / "bare", with_config=False)
    field = "relations" if name == "scm-concepts" else None
    wiki = load_wiki(pages_in_folder(str(bare)), Options(relationship_field=field))
    assert len(wiki.diagnostics) == unconfigured
    assert (len(wiki.graph.pages), wiki.graph.edge_count) == (pages - 1, edges)
    # As a site, with the shipped mkdocs.yml and wiki-config.md.
    site, result = corpus_site(name)
    assert result.ok and result.config is not None, result.error
    lines = relation_lines(result)
    assert len([line for line in lines if ": info: [" not in line]) == configured
    assert len([line for line in lines if ": info: [" in line]) == notes
    # As this build left it: the session's later builds reuse the plugin's instance.
    assert (len(result.wiki.graph.pages), result.wiki.graph.edge_count) == (pages, edges)
    graph = json.loads((site.site_dir / "assets/mkdocs-relations/graph.json").read_text("utf-8"))
    assert len(graph["ids"]) == pages

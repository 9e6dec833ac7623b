"""The real wikis in ../shared/corpora, linted and built with the wiki-config.md we ship."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest
from conftest import CORPORA, Site, copy_corpus, relation_lines

from mkdocs_relations.sources import pages_in_folder
from mkdocs_relations.wiki import Options, load_wiki

pytestmark = pytest.mark.skipif(
    not CORPORA.is_dir(), reason="../shared/corpora is not beside the repository"
)


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
    assert wiki.diagnostics == []
    assert len(wiki.graph.vocabulary) == 6 + 21
    # Norway's id is quoted in the corpus, so it is the string "NO", not false.
    assert any(p.frontmatter_id == "NO" for p in wiki.graph.pages.values())
    assert all(e.target_id for e in wiki.graph.edges())


@pytest.mark.parametrize("name", ["scm-concepts", "data-atlas"])
def test_corpus_builds_as_a_site(tmp_path: Path, name: str) -> None:
    copy_corpus(name, tmp_path)
    site = Site(tmp_path)
    result = site.build()
    assert result.ok, result.error
    assert relation_lines(result) == []

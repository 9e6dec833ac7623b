"""Whole-build behaviour: sites without edges, repeated builds in one process, file order."""

from __future__ import annotations

import random
from pathlib import Path

from conftest import Site, relation_lines

from mkdocs_relations.wiki.pipeline import load_wiki


def test_site_without_relationships_builds(site: Site) -> None:
    site.pages({"index.md": "# Home\n", "about.md": "---\ntitle: About\n---\n# About\n"})
    result = site.build(strict=True)
    assert result.ok and relation_lines(result) == []
    assert (site.site_dir / "about" / "index.html").exists()


def test_disabled_plugin_does_nothing(site: Site) -> None:
    site.page("index.md", "---\nrelationships: 12\n---\n")
    site.plugin_options = {"enabled": False}
    assert site.build(strict=True).ok


def test_two_builds_in_one_process_agree(site: Site) -> None:
    site.pages(
        {
            "index.md": "---\nrelationships:\n  - {type: depends-on, target: gone}\n---\n",
            "b.md": "---\nrelationships:\n  - {type: relates-to, target: b}\n---\n",
        }
    )
    config = site.load()
    first = site.build(config=config)
    second = site.build(config=config)
    assert relation_lines(first) == relation_lines(second)
    assert len(relation_lines(first)) == 2


def test_rebuild_sees_changed_frontmatter(site: Site) -> None:
    """As under `mkdocs serve`: the same plugin instance, a file edited between builds."""
    site.pages(
        {
            "index.md": "---\nrelationships:\n  - {type: depends-on, target: ledger}\n---\n",
            "ledger.md": "# Ledger\n",
        }
    )
    config = site.load()
    assert site.build(config=config).ok
    plugin = config.plugins["relations"]
    assert [e.target_id for e in plugin.wiki.graph.edges()] == ["ledger"]  # type: ignore[attr-defined]
    site.page("index.md", "---\nrelationships:\n  - {type: depends-on, target: ledgr}\n---\n")
    broken = site.build(config=config)
    assert not broken.ok
    assert [m.split(": error")[0] for m in relation_lines(broken)] == ["docs/index.md:3"]
    site.page("index.md", "---\nrelationships:\n  - {type: depends-on, target: ledger}\n---\n")
    assert site.build(config=config).ok
    assert plugin.wiki.graph.edge_count == 1  # type: ignore[attr-defined]


def test_output_does_not_depend_on_file_order(tmp_path: Path) -> None:
    docs = tmp_path / "docs"
    docs.mkdir()
    rng = random.Random(7)
    names = [f"p{i:02d}" for i in range(40)]
    for name in names:
        edges = "".join(
            f"  - {{type: {rng.choice(['depends-on', 'relates-to', 'nope'])}, "
            f"target: {rng.choice([*names, 'missing'])}}}\n"
            for _ in range(rng.randint(0, 4))
        )
        (docs / f"{name}.md").write_text(f"---\nrelationships:\n{edges}---\n" if edges else "# x\n")
    sources = {f"{n}.md": str(docs / f"{n}.md") for n in names}
    reference = load_wiki(sources)
    for seed in range(5):
        items = list(sources.items())
        random.Random(seed).shuffle(items)
        shuffled = load_wiki(dict(items))
        assert shuffled.diagnostics == reference.diagnostics
        assert [(e.source, e.type, e.target_id) for e in shuffled.graph.edges()] == [
            (e.source, e.type, e.target_id) for e in reference.graph.edges()
        ]

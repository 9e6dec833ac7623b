"""Whole-build behaviour: sites without edges, repeated builds in one process, file order."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
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


_PAGES = {
    "index.md": "---\ntitle: Home\nrelationships:\n  - {type: depends-on, target: a}\n---\n"
    "# Home\n",
    "a.md": "---\ntitle: A\n---\nSome text about [b](b.md).\n",
    "b.md": "# B\n\nNo frontmatter.\n",
    "wiki-config.md": "---\nrelationship_types: []\n---\n# Settings\n",
}


def test_another_plugins_page_source_wins(site: Site) -> None:
    """MkDocs reads every page itself, so another plugin's page source stands (and --strict
    sees no warning about two handlers)."""
    site.pages(_PAGES)
    (site.root / "hook.py").write_text(
        "def on_page_read_source(page, config):\n"
        "    if page.file.src_uri == 'a.md':\n"
        "        return '---\\ntitle: Replaced\\n---\\nText from the hook.\\n'\n",
        encoding="utf-8",
    )
    site.extra_config = {"hooks": ["hook.py"]}
    result = site.build(strict=True)
    assert result.ok, result.error
    assert "Text from the hook." in site.html("a/index.html")
    assert "Some text about" not in site.html("a/index.html")


def test_page_that_is_not_utf8_fails_as_mkdocs_fails(
    site: Site, caplog: pytest.LogCaptureFixture
) -> None:
    site.pages({"index.md": "# Home\n"})
    (site.docs / "z.md").write_bytes(b"---\ntitle: Latin-1\n---\nCaf\xe9\n")
    with pytest.raises(UnicodeDecodeError, match="can't decode byte 0xe9 in position 26"):
        site.build()
    assert "Encoding error reading file: z.md" in caplog.messages

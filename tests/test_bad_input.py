"""Broken and hostile input: exact diagnostics, bounded cost, nothing read outside docs_dir."""

from __future__ import annotations

import json
import os
import shutil
import sys
import tracemalloc
from pathlib import Path

import pytest
from conftest import Site, pages_in_folder, relation_lines

from mkdocs_relations.frontmatter.block import MAX_FRONTMATTER_BYTES
from mkdocs_relations.wiki.pipeline import Options, load_wiki

CORPUS = Path(__file__).resolve().parent / "bad_input"
EXPECTED = CORPUS / "expected.txt"


HUGE_ENTRY = "  - {type: depends-on, target: index}\n"
#: In a build, the huge block is just over the bound, as a 10 MB one is: MkDocs then loads it
#: itself with PyYAML's Python loader, 14 s a build for 10 MB here; the reader's cost and
#: memory on 10 MB are held by test_alias_bomb_and_huge_block_are_bounded.
BUILT_HUGE = MAX_FRONTMATTER_BYTES // len(HUGE_ENTRY) + 1_000


def _make_site(root: Path, huge: int = 300_000) -> Site:
    """The stored corpus plus the inputs made here: a huge block of ``huge`` edges and
    outward symlinks."""
    docs = root / "docs"
    shutil.copytree(CORPUS / "docs", docs)
    outside = root / "outside"
    outside.mkdir()
    (outside / "secret.md").write_text(
        "---\nrelationships:\n  - {type: depends-on, target: SECRET-TARGET}\n---\n"
    )
    (outside / "folder").mkdir()
    (outside / "folder" / "inner.md").write_text(
        "---\nrelationships:\n  - {type: depends-on, target: SECRET-INNER}\n---\n"
    )
    os.symlink(outside / "secret.md", docs / "linked-page.md")
    os.symlink(outside / "folder", docs / "linked-folder")
    (docs / "huge.md").write_text("---\nrelationships:\n" + HUGE_ENTRY * huge + "---\n")
    return Site(root)


def test_bad_input_corpus(tmp_path: Path) -> None:
    site = _make_site(tmp_path, huge=BUILT_HUGE)
    result = site.build()
    lines = relation_lines(result)
    if os.environ.get("RELATIONS_UPDATE_GOLDEN") == "1":
        EXPECTED.write_text("\n".join(lines) + "\n", encoding="utf-8")
    expected = EXPECTED.read_text(encoding="utf-8").splitlines()
    assert lines == expected
    assert not result.ok
    assert "Traceback" not in "\n".join(m for _, m in result.messages)
    # Nothing from the symlinked files was read.
    assert not any("SECRET" in line for line in lines)


def test_unusual_names_resolve(tmp_path: Path) -> None:
    site = _make_site(tmp_path)
    docs = site.docs
    wiki = load_wiki(pages_in_folder(str(docs)), Options(docs_dir=str(docs)))
    edges = wiki.graph.pages["index"].edges
    assert all(e.target_id for e in edges), [(e.target, e.target_id) for e in edges]
    targets = [e.target_id for e in edges]
    assert "C# notes" in targets and "100% done" in targets and "🚀 launch" in targets
    # Names that differ only in case are told apart by exact id.
    assert "CaseName" in targets and "casename" in targets
    assert targets.count("café") == 0 and any(t and t.startswith("cafe\u0301") for t in targets)


def test_alias_bomb_and_huge_block_are_bounded(tmp_path: Path) -> None:
    site = _make_site(tmp_path)
    tracemalloc.start()
    wiki = load_wiki(pages_in_folder(str(site.docs)), Options(docs_dir=str(site.docs)))
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    assert peak < 50_000_000, peak
    huge = [d for d in wiki.diagnostics if d.file == "huge.md"]
    assert [(d.code, d.line) for d in huge] == [("invalid-frontmatter", 1)]
    bomb = [d for d in wiki.diagnostics if d.file == "bomb.md"]
    # An alias is reported where its anchor is defined: the composed YAML keeps no other mark.
    assert [(d.code, d.line) for d in bomb] == [
        ("malformed-relationship", 8),
        ("invalid-frontmatter", 12),  # the edge attribute that would unfold 9^7 items
    ]


def test_nothing_outside_docs_is_opened(tmp_path: Path) -> None:
    site = _make_site(tmp_path)
    outside = str(tmp_path / "outside")
    opened: list[str] = []
    watching = [True]

    def audit(event: str, args: tuple[object, ...]) -> None:
        if watching[0] and event == "open" and isinstance(args[0], str):
            opened.append(os.path.realpath(args[0]))

    # An audit hook stays installed for the life of the process: switch it off afterwards,
    # or every later test's opened files pile up in `opened` (the rebuild memory test saw
    # them as memory the plugin keeps).
    sys.addaudithook(audit)
    try:
        load_wiki(pages_in_folder(str(site.docs)), Options(docs_dir=str(site.docs)))
    finally:
        watching[0] = False
    watched = [path for path in opened if path.startswith(outside)]
    inside = [path for path in opened if path.startswith(os.path.realpath(site.docs))]
    opened.clear()
    assert watched == []
    # The hook saw the pages that were read: an empty `watched` is not a blind hook.
    assert len(inside) > 50, inside
    assert (site.docs / "linked-page.md").exists(), "the link itself is there to be skipped"


BROKEN_CONFIGS = [
    "yaml-syntax.md",
    "tabs.md",
    "duplicate-keys.md",
    "unclosed.md",
    "latin1.md",
    "nul.md",
]


@pytest.mark.parametrize("name", BROKEN_CONFIGS)
def test_broken_wiki_config(site: Site, name: str) -> None:
    """A wiki-config.md broken like a page gets the same diagnostic, and the build goes on
    with the canonical vocabulary."""
    site.page("index.md", "---\nrelationships:\n  - {type: depends-on, target: other}\n---\n")
    site.page("other.md", "# Other\n")
    shutil.copy(CORPUS / "docs" / name, site.docs / "wiki-config.md")
    lines = relation_lines(site.build())
    page_lines = [
        line.replace(f"docs/{name}:", "docs/wiki-config.md:")
        for line in EXPECTED.read_text(encoding="utf-8").splitlines()
        if line.startswith(f"docs/{name}:") and "[invalid-frontmatter]" in line
    ]
    assert page_lines, name
    assert [line for line in lines if "[invalid-frontmatter]" in line] == page_lines
    assert not any("index.md" in line for line in lines)


def test_wiki_config_with_every_kind_of_bad_entry(site: Site) -> None:
    site.page(
        "wiki-config.md",
        """
        ---
        relationship_field: 12
        relationship_types: {name: governed-by}
        redlinks:
          - 42
          - target: "[[ ]]"
          - target: fine
        ---
        """,
    )
    lines = relation_lines(site.build())
    assert [line.split(" [")[0] for line in lines] == [
        "docs/wiki-config.md:2: error:",
        "docs/wiki-config.md:3: error:",
        "docs/wiki-config.md:5: error:",
        "docs/wiki-config.md:6: error:",
    ], lines


def test_the_whole_corpus_builds_through_panels_and_graph_file(tmp_path: Path) -> None:
    """With ``fail_on_error: false`` every hostile page goes through panels, the picture, the
    finder and the graph file: the build ends, and what it writes is valid."""
    site = _make_site(tmp_path, huge=BUILT_HUGE)
    (site.docs / "latin1.md").unlink()  # MkDocs itself refuses a page that is not UTF-8
    site.plugin_options = {"fail_on_error": False}
    result = site.build()
    assert result.ok, result.error
    assert "Traceback" not in "\n".join(m for _, m in result.messages)
    expected = EXPECTED.read_text(encoding="utf-8").splitlines()
    assert relation_lines(result) == [d for d in expected if not d.startswith("docs/latin1.md")]
    graph = json.loads(
        (site.site_dir / "assets" / "mkdocs-relations" / "graph.json").read_text("utf-8")
    )
    assert "merge-entry" in graph["ids"] and "value-bad-date" in graph["ids"]
    assert "relations-panel" in site.html("merge-entry/index.html")

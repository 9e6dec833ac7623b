"""``init`` then ``lint`` on a vault in each typed-link shape: only the planted errors left."""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import built_panel_pages, mkdocs_build, pages_in_folder, run
from dialects import SHAPES, Shape


def _errors(stdout: str) -> list[str]:
    return sorted(
        line.split("] ", 1)[0] + "]"
        for line in stdout.splitlines()
        if line.startswith("vault/") and ": error: [" in line
    )


@pytest.mark.parametrize("shape", SHAPES, ids=lambda s: s.name)
def test_init_reads_every_shape(tmp_path: Path, shape: Shape) -> None:
    vault = tmp_path / "vault"
    shape.write(vault)
    first = run("init", "--docs-dir", "vault", cwd=tmp_path)
    assert "Traceback" not in first.stderr, first.stderr
    assert first.returncode == 1, first.stdout + first.stderr
    assert _errors(first.stdout) == shape.expected(vault, "vault"), first.stdout
    # Every typed target is read: each is an edge, the planted ones included.
    assert f"{shape.typed_targets} edges read" in first.stdout, first.stdout
    config = (vault / "wiki-config.md").read_text("utf-8")
    mkdocs_yml = (tmp_path / "mkdocs.yml").read_text("utf-8")

    second = run("init", "--docs-dir", "vault", cwd=tmp_path)
    assert (vault / "wiki-config.md").read_text("utf-8") == config
    assert (tmp_path / "mkdocs.yml").read_text("utf-8") == mkdocs_yml
    assert "wiki-config.md exists and declares every type in use: left as it is" in second.stdout
    assert _errors(second.stdout) == _errors(first.stdout)

    shape.write(vault, fixed=True)
    fixed = run("lint", "--strict", cwd=tmp_path)
    assert fixed.returncode == 0, fixed.stdout + fixed.stderr
    assert len(built_panel_pages(tmp_path)) >= 20


def test_lint_never_says_no_problems_on_links_it_did_not_read(tmp_path: Path) -> None:
    """Before init, a vault whose typed links sit under relation-name keys reads no edge: the
    lint must say so, and --strict fail, never "0 edges: no problems"."""
    shape = next(s for s in SHAPES if s.name == "relation-keys")
    shape.write(tmp_path / "vault", fixed=True)
    result = run("lint", "--docs-dir", "vault", cwd=tmp_path)
    assert "no problems" not in result.stderr
    assert "mkdocs-relations: 22 pages, 0 edges: 1 warning in 1 file" in result.stderr
    assert "[unread-links] 45 links in frontmatter under keys no setting reads (" in result.stdout
    assert "run 'mkdocs-relations init'" in result.stdout
    assert "relation_keys: [" in result.stdout
    assert run("lint", "--strict", "--docs-dir", "vault", cwd=tmp_path).returncode == 1


def test_stored_inverse_pairs_show_once(tmp_path: Path) -> None:
    """A depends-on B on A, B depended-on-by A on B: one relationship, one entry per panel."""
    shape = next(s for s in SHAPES if s.name == "titles-mirrors")
    shape.write(tmp_path / "vault", fixed=True)
    run("init", "--docs-dir", "vault", cwd=tmp_path)
    config = (tmp_path / "vault" / "wiki-config.md").read_text("utf-8")
    assert "  - name: depended-on-by  # 19 edges; depends-on stated from the other end" in config
    assert "    inverse: depends on\n" in config
    build = mkdocs_build(tmp_path)
    assert build.returncode == 0, build.stderr
    # Catalogue depends on Search, declared on both pages: once on each, under one heading.
    site = tmp_path / "site"
    search = (site / "Search — Context" / "index.html").read_text("utf-8")
    catalogue = (site / "Catalogue — Context" / "index.html").read_text("utf-8")
    panel = search.split("data-relations-panel", 1)[1].split("</dl>", 1)[0]
    assert panel.count(">Catalogue &#8212; Context</a>") == 1
    assert panel.count("<dt>") == 2  # Relates to, Used by
    panel = catalogue.split("data-relations-panel", 1)[1].split("</dl>", 1)[0]
    assert panel.count(">Search &#8212; Context</a>") == 1


def test_the_migration_guide_shows_the_dialect_init_writes(tmp_path: Path) -> None:
    import re

    from conftest import REPO

    from mkdocs_relations.adopt.dialect_survey import survey

    text = (REPO / "docs" / "migrating.md").read_text("utf-8")
    shown = re.findall(r'```yaml title="the dialect lines init writes"\n(.*?)```', text, re.S)
    written = []
    for shape in SHAPES:
        shape.write(tmp_path / shape.name)
        lines = survey(pages_in_folder(str(tmp_path / shape.name))).lines()[1:]
        if lines:
            written.append("\n".join(lines) + "\n")
    assert shown == written


def test_a_close_second_reading_is_said_and_written_commented_out(tmp_path: Path) -> None:
    vault = tmp_path / "vault"
    vault.mkdir()
    for number in range(1, 13):
        if number <= 7:
            entry = f'connections:\n  - {{rel: supports, to: "[[p{number + 1}]]"}}'
        else:
            entry = f'links:\n  - {{kind: supports, page: "[[p{number + 1}]]"}}'
        (vault / f"p{number}.md").write_text(f"---\n{entry}\n---\n", encoding="utf-8")
    (vault / "p13.md").write_text("# P13\n", encoding="utf-8")
    (vault / "index.md").write_text("# Home\n", encoding="utf-8")
    result = run("init", "--docs-dir", "vault", cwd=tmp_path)
    assert (
        "read the pages as entries {rel, to} under connections: 7 links on 7 pages, 7 edges read\n"
        "note: the pages also read as entries {kind, page} under links (5 links), close to the "
        "reading chosen; that reading is written commented out in wiki-config.md"
    ) in result.stdout
    config = (vault / "wiki-config.md").read_text("utf-8")
    assert (
        "relationship_field: connections\ntype_key: rel\ntarget_key: to\n"
        "# A close second reading (5 links); to use it, replace the lines above with these:\n"
        "# relationship_field: links\n# type_key: kind\n# target_key: page\n"
    ) in config


def test_images_and_files_under_properties_are_not_links(tmp_path: Path) -> None:
    """Obsidian properties hold images and PDFs as wikilinks too: never edges to pages."""
    vault = tmp_path / "vault"
    vault.mkdir()
    (vault / "index.md").write_text(
        '---\ncover: "[[cover.png]]"\nattachments: ["[[spec.pdf]]"]\nowner: "[[b]]"\n---\n',
        encoding="utf-8",
    )
    (vault / "b.md").write_text("# B\n", encoding="utf-8")
    result = run("init", "--docs-dir", "vault", cwd=tmp_path)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "relation names as keys (owner): 1 link on 1 page, 1 edge read" in result.stdout


def test_a_wiki_config_without_a_dialect_gets_the_lines_to_add(tmp_path: Path) -> None:
    """A wiki-config.md that says nothing of the dialect (redlinks only, or prose) does not
    stop init reading it: the lines to add are printed, the file left as it is."""
    shape = next(s for s in SHAPES if s.name == "entries-rel-to")
    vault = tmp_path / "vault"
    shape.write(vault)
    (vault / "wiki-config.md").write_text("---\nredlinks: []\n---\n# Mine\n", encoding="utf-8")
    result = run("init", "--docs-dir", "vault", cwd=tmp_path)
    assert (
        "vault/wiki-config.md exists: left as it is; add to its frontmatter:\n"
        "# Dialect read by init: 42 links.\nrelationship_field: connections\ntype_key: rel\n"
        "target_key: to\nnote_keys: [rationale, note, description, via]\n"
    ) in result.stdout
    assert (vault / "wiki-config.md").read_text("utf-8") == "---\nredlinks: []\n---\n# Mine\n"

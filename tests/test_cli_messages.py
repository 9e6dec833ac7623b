"""Messages that tell the user something true and useful in the small cases."""

from __future__ import annotations

from pathlib import Path

import yaml
from conftest import Site, relation_lines, run


def test_path_to_a_redlink_says_it_is_one(site: Site) -> None:
    site.page(
        "index.md",
        "---\nrelationships:\n  - {type: depends-on, target: '[[future]]', redlink: true}\n---\n",
    )
    site.write_config()
    result = run("path", "index", "future", cwd=site.root)
    assert result.returncode == 2
    assert "'future' is a deliberate redlink (a page not written yet)" in result.stderr


def test_reach_on_a_wiki_without_transitive_types_gives_a_hint(site: Site) -> None:
    site.pages(
        {
            "wiki-config.md": "---\nrelationship_types:\n  - {name: uses, inverse: used by}\n---\n",
            "index.md": "---\nrelationships:\n  - {type: uses, target: b}\n---\n",
            "b.md": "# B\n",
        }
    )
    site.write_config()
    result = run("reach", "index", cwd=site.root)
    assert result.returncode == 0
    assert "no edge in this wiki has a transitive type; pass --type NAME" in result.stderr
    assert run("reach", "index", "--type", "depends-on", cwd=site.root).stderr == ""


def test_supersession_fix_is_yaml_that_can_be_pasted(site: Site) -> None:
    site.pages(
        {
            "old.md": "---\nsuperseded_by: '[[new]]'\n---\n",
            "new.md": "# New\n",
        }
    )
    (line,) = relation_lines(site.build())
    fix = line.split("add to that page: ", 1)[1]
    assert yaml.safe_load(fix) == [{"type": "supersedes", "target": "[[old]]"}]


def test_edges_under_another_dialect_field_are_not_dropped_silently(tmp_path: Path) -> None:
    vault = tmp_path / "vault"
    vault.mkdir()
    for name, target in (("a", "b"), ("b", "c"), ("c", "a")):
        (vault / f"{name}.md").write_text(
            f"---\nrelations:\n  - {{type: relates-to, target: {target}}}\n---\n", "utf-8"
        )
    result = run("lint", "--docs-dir", "vault", cwd=tmp_path)
    assert result.returncode == 1
    assert result.stdout == (
        "vault/a.md:2: error: [malformed-relationship] 3 pages keep typed edges under "
        "'relations:', but the relationship field is 'relationships', so none of them is read; "
        "set relationship_field: relations in wiki-config.md (or run 'mkdocs-relations init')\n"
    )
    configured = run("lint", "--docs-dir", "vault", "--field", "relations", cwd=tmp_path)
    assert configured.returncode == 0 and "3 pages, 3 edges" in configured.stderr


def test_a_markdown_link_as_target_gets_the_target_form(site: Site) -> None:
    site.pages(
        {
            "index.md": "---\nrelationships:\n  - {type: depends-on, target: '[Ledger](ledger.md)'}"
            "\n---\n",
            "ledger.md": "# Ledger\n",
        }
    )
    (line,) = relation_lines(site.build())
    assert line == (
        "docs/index.md:3: error: [missing-target] target '[Ledger](ledger.md)' is a Markdown "
        'link; a target names the page itself, e.g. target: "[[ledger]]"'
    )

"""``mkdocs-relations init`` on wikis written in real dialects: only the planted errors remain."""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import mkdocs_build, run
from dialects import DIALECTS, Dialect

from mkdocs_relations.adopt.type_plans import plan_type


def _vault(tmp_path: Path, dialect: Dialect) -> Path:
    vault = tmp_path / "vault"
    dialect.write(vault)
    return vault


def _problems(stdout: str) -> list[str]:
    return sorted(
        line.split("] ", 1)[0] + "]"
        for line in stdout.splitlines()
        if line.startswith("vault/") and ": error: [" in line
    )


@pytest.mark.parametrize("dialect", DIALECTS, ids=lambda d: d.name)
def test_init_leaves_only_the_real_errors(tmp_path: Path, dialect: Dialect) -> None:
    vault = _vault(tmp_path, dialect)
    if dialect.field == "relationships":
        before = run("lint", "--docs-dir", "vault", cwd=tmp_path)
        assert before.returncode == 1 and "[unknown-type]" in before.stdout

    first = run("init", "--docs-dir", "vault", cwd=tmp_path)
    assert first.returncode == 1, first.stdout + first.stderr  # the planted errors
    assert "Traceback" not in first.stderr
    assert first.stdout.startswith("wrote mkdocs.yml: docs_dir vault, theme material")
    assert "wrote vault/wiki-config.md: " in first.stdout
    assert _problems(first.stdout) == dialect.expected(vault, "vault"), first.stdout
    config = (tmp_path / "mkdocs.yml").read_text("utf-8")
    # The top-level templates/ is MkDocs' own default exclusion: nothing to write for it.
    assert config.endswith("exclude_docs: |\n  .obsidian/\n")
    # Where the config is written and in it: site_url is the user's to set, and says why.
    assert "# site_url: https://example.org/wiki/\n" in config and "instant" in config
    assert "(no site_url: set it to the site's address;" in first.stdout
    wiki_config = (vault / "wiki-config.md").read_text("utf-8")
    if dialect.field != "relationships":
        assert f"relationship_field: {dialect.field}\n" in wiki_config

    # A second run writes nothing and reports the same.
    second = run("init", "--docs-dir", "vault", cwd=tmp_path)
    assert (tmp_path / "mkdocs.yml").read_text("utf-8") == config
    assert (vault / "wiki-config.md").read_text("utf-8") == wiki_config
    assert "mkdocs.yml exists: left as it is" in second.stdout
    assert "wiki-config.md exists and declares every type in use: left as it is" in second.stdout
    assert _problems(second.stdout) == _problems(first.stdout)
    # So does lint on the folder alone, which reads the same wiki-config.md.
    alone = run("lint", "--docs-dir", "vault", cwd=tmp_path)
    assert _problems(alone.stdout) == _problems(first.stdout)

    # Fix the planted errors: the site builds with panels, the template folder left out.
    dialect.fixed().write(vault)
    assert run("lint", cwd=tmp_path).returncode == 0
    build = mkdocs_build(tmp_path)
    assert build.returncode == 0, build.stderr
    assert not (tmp_path / "site" / "templates").exists()
    ledger = tmp_path / "site" / dialect.folders.get("ledger", "") / "ledger" / "index.html"
    assert "data-relations-panel" in ledger.read_text("utf-8")


def test_init_never_overwrites_and_prints_what_to_add(tmp_path: Path) -> None:
    vault = _vault(tmp_path, DIALECTS[0])
    (vault / "wiki-config.md").write_text("---\nredlinks: []\n---\n# Mine\n", encoding="utf-8")
    result = run("init", "--docs-dir", "vault", cwd=tmp_path)
    assert (vault / "wiki-config.md").read_text("utf-8") == "---\nredlinks: []\n---\n# Mine\n"
    # No relationship_types there yet: the key and its entries, ready to paste.
    assert "vault/wiki-config.md exists: left as it is; add to its frontmatter:\n" \
        "relationship_types:\n  - name: " in result.stdout  # fmt: skip
    assert "  - name: related_to  # 6 edges\n    symmetric: true" in result.stdout


def test_init_prints_entries_that_paste_where_they_go(tmp_path: Path) -> None:
    import yaml

    vault = _vault(tmp_path, DIALECTS[0])
    existing = "---\nrelationship_types:\n  - {name: mine, inverse: mine of}\n---\n# Mine\n"
    (vault / "wiki-config.md").write_text(existing, encoding="utf-8")
    result = run("init", "--docs-dir", "vault", cwd=tmp_path)
    _, entries = result.stdout.split("add these entries under its relationship_types:\n")
    pasted = existing.replace("---\n# Mine", "".join(
        line + "\n" for line in entries.splitlines() if line.startswith("  ")
    ) + "---\n# Mine")  # fmt: skip
    (vault / "wiki-config.md").write_text(pasted, encoding="utf-8")
    declared = yaml.safe_load(pasted.split("---\n")[1])["relationship_types"]
    assert declared[0]["name"] == "mine" and "related_to" in [t["name"] for t in declared]
    # With them pasted, every type is declared: only the planted error is left.
    lint = run("lint", cwd=tmp_path)
    assert lint.returncode == 1, lint.stderr
    assert _problems(lint.stdout) == DIALECTS[0].expected(vault, "vault"), lint.stdout


def test_init_says_what_it_cannot_do(tmp_path: Path) -> None:
    vault = tmp_path / "vault"
    vault.mkdir()
    # `sources` names no relation (a noun) and holds bare names, not wikilinks: untyped.
    (vault / "Home.md").write_text("---\nsources: [b]\n---\n", encoding="utf-8")
    (vault / "b.md").write_text(
        "---\nrelationships:\n  - {type: frobnicates, target: Home}\n---\n", encoding="utf-8"
    )
    (vault / "guide").mkdir()
    (vault / "guide" / "index.md").write_text("# Guide\n", encoding="utf-8")
    (vault / "guide" / "README.md").write_text("# Readme\n", encoding="utf-8")
    result = run("init", "--docs-dir", "vault", cwd=tmp_path)
    assert (
        "note: no inverse label for frobnicates: the target's panel reads 'linked as "
        "frobnicates from'; to name it, add `inverse: <how it reads on the target page>` to it "
        "in vault/wiki-config.md" in result.stdout
    )
    config = (vault / "wiki-config.md").read_text("utf-8")
    assert "  - name: frobnicates  # 1 edge; no inverse label yet: add one" in config
    assert "(inverse)" not in config and "inverse:" not in config.split("\n---\n")[0]
    assert "note: the docs folder has no index.md" in result.stdout
    assert (
        "note: 1 page lists links under 'sources:' without a type (e.g. vault/Home.md: b); only "
        "typed edges are read: write each under relationships: as - {type: relates-to, target: b}"
    ) in result.stdout
    assert "  /guide/README.md\n" in (tmp_path / "mkdocs.yml").read_text("utf-8")
    # The README beside index.md is excluded, so MkDocs has nothing to warn about.
    build = mkdocs_build(tmp_path, strict=True)
    assert build.returncode == 0, build.stderr


def test_init_leaves_a_typo_for_the_lint(tmp_path: Path) -> None:
    """A spelling of a known type is declared as that type; a typo is not declared (that would
    make it a type and silence the lint), and the lint says what was meant."""
    vault = tmp_path / "vault"
    vault.mkdir()
    (vault / "index.md").write_text(
        "---\nrelationships:\n  - {type: depnds-on, target: b}\n"
        "  - {type: depends_on, target: b}\n---\n# Home\n",
        encoding="utf-8",
    )
    (vault / "b.md").write_text("# B\n", encoding="utf-8")
    result = run("init", "--docs-dir", "vault", cwd=tmp_path)
    assert result.returncode == 1, result.stdout + result.stderr
    config = (vault / "wiki-config.md").read_text("utf-8")
    assert "name: depends-on" in config and "spellings: [depends_on]" in config
    assert "depnds" not in config
    assert (
        "note: depnds-on (1 edge) is not declared: it reads like a typo of depends-on; correct "
        "those edges (the lint below lists them)" in result.stdout
    )
    assert (
        "vault/index.md:3: error: [unknown-type] unknown relationship type 'depnds-on'. Did you "
        "mean 'depends-on'?" in result.stdout
    )


def test_init_refuses_a_config_inside_the_docs_folder(tmp_path: Path) -> None:
    _vault(tmp_path, DIALECTS[0])
    result = run("init", "--docs-dir", ".", cwd=tmp_path / "vault")
    assert result.returncode == 2
    assert "mkdocs.yml cannot live inside the docs folder" in result.stderr
    assert not (tmp_path / "vault" / "mkdocs.yml").exists()


@pytest.mark.parametrize(
    ("name", "inverse", "symmetric"),
    [
        ("uses", "used by", False),
        ("extends", "extended by", False),
        ("implements", "implemented by", False),
        ("derived_from", "source of", False),
        ("contains", "contained in", False),
        ("supports", "supported by", False),
        ("authored-by", "author of", False),
        ("related_to", "related to", True),
        ("contradicts", "contradicts", True),
        ("cooperates-with", "cooperates with", True),
        ("frobnicates", "", False),
        ("foundation", "foundation of", False),
        ("prerequisite_for", "prerequisite", False),
        ("redirect", "redirected from", False),
        ("example_of", "has example", False),
        ("parent", "child", False),
        ("child", "parent", False),
        ("successor", "predecessor", False),
        ("predecessor", "successor", False),
        ("evolved_to", "evolved from", False),
        ("evolves_to", "evolved from", False),
        ("benefits", "benefits from", False),
        ("builds-on", "built on by", False),
        ("applies-in", "scope of", False),
        ("participates-in", "has participant", False),
        ("proposes-to-supersede", "proposed to be superseded by", False),
        ("owner", "owner of", False),
        ("requirements", "requirement of", False),
    ],
)
def test_inverse_labels(name: str, inverse: str, symmetric: bool) -> None:
    plan = plan_type(name, 1)
    assert (plan.inverse, plan.symmetric) == (inverse, symmetric)


def test_a_spelling_of_a_canonical_type_keeps_its_properties() -> None:
    plan = plan_type("part_of", 2)
    assert (plan.inverse, plan.acyclic, plan.transitive, plan.spelling_of) == (
        "has part",
        True,
        True,
        "part-of",
    )


def test_the_migration_guide_shows_what_init_writes() -> None:
    import re

    import yaml
    from conftest import REPO

    from mkdocs_relations.adopt.type_plans import types_to_declare, wiki_config_md
    from mkdocs_relations.model.vocabulary import Vocabulary

    text = (REPO / "docs" / "migrating.md").read_text("utf-8")
    blocks = re.findall(r'```yaml title="vault/wiki-config.md"\n(.*?)```', text, re.S)
    assert len(blocks) == 3
    for block in blocks:
        data = yaml.safe_load(block.split("---")[1])
        field = data.get("relationship_field", "relationships")
        # The names as the pages write them, planned as init plans them (one inverse label a
        # type, spellings of a known type read as it), in the guide's order.
        entries = data["relationship_types"]
        used = {name: 0 for e in entries for name in e.get("spellings") or [e["name"]]}
        planned = {plan.name: plan for plan in types_to_declare(used, Vocabulary())[0]}
        plans = [planned[entry["name"]] for entry in entries]
        written = wiki_config_md(field, plans).split("\n---\n")[0] + "\n---\n"
        written = written.replace("# Written by mkdocs-relations init from the types this "
                                  "wiki uses.\n", "")  # fmt: skip
        assert block == written


def test_init_never_writes_a_vocabulary_its_lint_rejects(tmp_path: Path) -> None:
    """Spellings of one type are one type (so a loop through them is a loop), names that
    cannot be types are declared as names that can, spelt as written, and no two types share
    an inverse label ("used by" is depends-on's)."""
    vault = tmp_path / "vault"
    vault.mkdir()
    pages = {
        "a": ["Depends On|b", "x:y|b", "type/with/slash|c", "-lead|c", "uses|c", "part of|d"],
        "b": ["depends_on|c", "used by|d"],
        "c": ["DEPENDS-ON|d"],
        "d": ["dependsOn|a"],
    }
    for page, edges in pages.items():
        lines = ["---", "relationships:"]
        for edge in edges:
            kind, target = edge.split("|")
            lines.append(f'  - {{type: "{kind}", target: {target}}}')
        (vault / f"{page}.md").write_text("\n".join([*lines, "---", ""]), encoding="utf-8")
    (vault / "index.md").write_text("# Home\n", encoding="utf-8")
    result = run("init", "--docs-dir", "vault", cwd=tmp_path)
    assert _problems(result.stdout) == ["vault/a.md:3: error: [cycle]"], result.stdout
    assert "depends-on edges form a cycle: a → b → c → d → a" in result.stdout
    config = (vault / "wiki-config.md").read_text("utf-8")
    assert "    spellings: [DEPENDS-ON, Depends On, dependsOn, depends_on]\n" in config
    assert "  - name: x-y  # 1 edge; no inverse" in config and '    spellings: ["x:y"]' in config
    assert "  - name: lead  # 1 edge" in config and '    spellings: ["-lead"]' in config
    assert "  - name: type-with-slash  # 1 edge" in config
    # "used by" is depends-on's: a second choice, never "used by (uses)".
    assert "  - name: uses  # 1 edge; check the inverse: 'used by' is depends-on's inverse " \
        "already\n    inverse: in use by\n" in config  # fmt: skip
    second = run("init", "--docs-dir", "vault", cwd=tmp_path)
    assert (vault / "wiki-config.md").read_text("utf-8") == config
    assert _problems(second.stdout) == _problems(result.stdout)

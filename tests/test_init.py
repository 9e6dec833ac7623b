"""``mkdocs-relations init`` on wikis written in real dialects: only the planted errors remain."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from dialects import DIALECTS, Dialect
from test_cli import run

from mkdocs_relations.adopt import plan_type


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
    assert "  .obsidian/\n  /templates/\n" in config
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
    build = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build"], cwd=tmp_path, capture_output=True, text=True
    )
    assert build.returncode == 0, build.stderr
    assert not (tmp_path / "site" / "templates").exists()
    ledger = tmp_path / "site" / dialect.folders.get("ledger", "") / "ledger" / "index.html"
    assert "data-relations-panel" in ledger.read_text("utf-8")


def test_init_never_overwrites_and_prints_what_to_add(tmp_path: Path) -> None:
    vault = _vault(tmp_path, DIALECTS[0])
    (vault / "wiki-config.md").write_text("---\nredlinks: []\n---\n# Mine\n", encoding="utf-8")
    result = run("init", "--docs-dir", "vault", cwd=tmp_path)
    assert (vault / "wiki-config.md").read_text("utf-8") == "---\nredlinks: []\n---\n# Mine\n"
    assert "vault/wiki-config.md exists: left as it is; add these lines" in result.stdout
    assert "  - name: related_to" in result.stdout and "    symmetric: true" in result.stdout


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
        ("frobnicates", "frobnicates (inverse)", False),
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

    from mkdocs_relations.adopt import wiki_config_md

    text = (REPO / "docs" / "migrating.md").read_text("utf-8")
    blocks = re.findall(r'```yaml title="vault/wiki-config.md"\n(.*?)```', text, re.S)
    assert len(blocks) == 3
    for block in blocks:
        data = yaml.safe_load(block.split("---")[1])
        field = data.get("relationship_field", "relationships")
        plans = [plan_type(entry["name"], 0) for entry in data["relationship_types"]]
        written = wiki_config_md(field, plans).split("\n---\n")[0] + "\n---\n"
        written = written.replace("# Written by mkdocs-relations init from the types this "
                                  "wiki uses.\n", "")  # fmt: skip
        assert block == written

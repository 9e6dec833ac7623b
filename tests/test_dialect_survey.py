"""Which dialect ``init`` reads a vault in (``adopt/dialect_survey.py``), on vaults whose
shape the other init tests do not cover."""

from __future__ import annotations

import json
from pathlib import Path

from conftest import mkdocs_build, run
from dialects import DENDRON


def test_init_reads_dotted_dendron_names_as_pages(tmp_path: Path) -> None:
    """``[[proj.api]]`` names the note ``proj.api.md``: a dotted name is no attachment's file
    extension where a page has that name, so init reads every edge under ``part-of:`` and
    ``depends-on:`` (it read only the undotted targets, called ``part-of:`` mostly text and
    left ``depends-on:`` out), and the site holds all nine."""
    vault = tmp_path / "vault"
    vault.mkdir()
    for name, (title, keys) in DENDRON.items():
        text = f"---\nid: {name.replace('.', '')}x\ntitle: {title}\nupdated: 1700000000000\n"
        (vault / f"{name}.md").write_text(f"{text}{keys}---\n# {title}\n", encoding="utf-8")
    result = run("init", "--docs-dir", "vault", cwd=tmp_path)
    assert result.returncode == 0, result.stdout + result.stderr
    config = (vault / "wiki-config.md").read_text(encoding="utf-8")
    assert "relation_keys: [part-of, depends-on]" in config, result.stdout
    assert "mostly text" not in result.stdout + result.stderr
    lint = run("lint", "--format", "json", cwd=tmp_path)
    assert json.loads(lint.stdout)["edges"] == 9, lint.stdout
    assert mkdocs_build(tmp_path, strict=True).returncode == 0
    graph = json.loads((tmp_path / "site/assets/mkdocs-relations/graph.json").read_text())
    assert len(graph["edges"]) == 3 * 9


def test_init_says_a_dendron_stub_is_read_as_a_target(tmp_path: Path) -> None:
    """``[[proj.ops]]``, a parent Dendron shows as a stub with no ``proj.ops.md``, is read as
    a target, so lint reports it at its line and listing it as a redlink builds clean; init
    said it was one of the values "left as text, not targets"."""
    vault = tmp_path / "vault"
    vault.mkdir()
    pages = {**DENDRON, "proj.ops.deploy": ("Deploy", 'part-of: "[[proj.ops]]"\n')}
    for name, (title, keys) in pages.items():
        text = f"---\ntitle: {title}\n{keys}---\n# {title}\n"
        (vault / f"{name}.md").write_text(text, encoding="utf-8")
    result = run("init", "--docs-dir", "vault", cwd=tmp_path)
    assert "left as text" not in result.stdout, result.stdout
    assert (
        "vault/proj.ops.deploy.md:3: error: [missing-target] target 'proj.ops' matches no page."
        in result.stdout
    )
    config = vault / "wiki-config.md"
    text = config.read_text(encoding="utf-8")
    config.write_text(text.replace("---\n", '---\nredlinks: ["[[proj.ops]]"]\n', 1))
    assert run("lint", cwd=tmp_path).returncode == 0
    assert mkdocs_build(tmp_path, strict=True).returncode == 0

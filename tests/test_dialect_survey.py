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


def test_init_advises_only_links_not_typed_already(tmp_path: Path) -> None:
    """A value of an untyped list that the page already links to by a typed edge (``ad.md``:
    ``related_entities: [INTL-COE]`` beside ``part-of INTL-COE``, half the values of the
    atlas's) is no example to write as another edge: the advice names one that is not typed
    yet, and a key whose values are all typed already is left as metadata, saying so. (Both
    advised a second edge between the same pages; ``related_posts:``'s fix, followed, made a
    duplicate edge that failed a strict build.)"""
    vault = tmp_path / "vault"
    vault.mkdir()
    entries = (
        "relationships:\n  - {type: part-of, target: EU}\n  - {type: relates-to, target: NL}\n"
    )
    for name in ("eu", "nl", "de", "fr"):
        own = name.upper()
        (vault / f"{name}.md").write_text(f"---\nid: {own}\ntitle: {own}\n---\n# {own}\n")
    pages = {
        "a": "related_entities: [EU]\nrelated_posts: [NL]\n",
        "b": "related_entities: [EU, NL, DE]\nrelated_posts: [EU]\n",
        "c": "related_entities: [NL, FR]\n",
    }
    for name, keys in pages.items():
        text = f"---\nid: {name.upper()}-PAGE\ntitle: {name}\n{keys}{entries}---\n# {name}\n"
        (vault / f"{name}.md").write_text(text, encoding="utf-8")
    result = run("init", "--docs-dir", "vault", cwd=tmp_path)
    assert (
        "note: 2 pages list links under 'related_entities:' without a type (e.g. vault/b.md: DE)"
        in result.stdout
    ), result.stdout
    assert "'related_posts:' (each value is a typed edge on its page already)" in result.stdout
    page = vault / "b.md"
    written = "relationships:\n  - {type: relates-to, target: DE}\n"  # the advice, followed
    page.write_text(page.read_text().replace("relationships:\n", written))
    assert run("lint", cwd=tmp_path).stdout.splitlines() == []
    assert mkdocs_build(tmp_path, strict=True).returncode == 0

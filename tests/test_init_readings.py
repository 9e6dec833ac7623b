"""``init`` then ``lint`` on the vaults of issue 41: nothing read that the author did not
link, every target resolved as the wiki's own tool resolves it, and only the planted errors
left. Each vault failed on the main branch before this reading (prose read as targets, a
broken path resolved by a guess, vault-root targets and Obsidian's shared names reported)."""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import partial
from pathlib import Path

import pytest
from conftest import mkdocs_build, run
from readings import READINGS, Reading, kind_map, one_key_entries, type_map


def _errors(stdout: str, folder: str) -> list[str]:
    return sorted(
        line.split("] ", 1)[0] + "]"
        for line in stdout.splitlines()
        if line.startswith(f"{folder}/") and ": error: [" in line
    )


@pytest.mark.parametrize("reading", READINGS, ids=lambda r: r.shape.name)
def test_init_reads_only_what_was_linked(tmp_path: Path, reading: Reading) -> None:
    shape, folder = reading.shape, reading.folder
    vault = tmp_path / folder
    shape.write(vault)
    first = run("init", "--docs-dir", folder, cwd=tmp_path)
    assert "Traceback" not in first.stderr, first.stderr
    assert _errors(first.stdout, folder) == shape.expected(vault, folder), first.stdout
    assert first.returncode == 1, first.stdout + first.stderr
    assert f"{shape.typed_targets} edges read" in first.stdout, first.stdout
    for said in reading.said:
        assert said in first.stdout, first.stdout
    config = (vault / "wiki-config.md").read_text("utf-8")
    for line in reading.config:
        assert line in config.splitlines(), config
    for text in reading.not_config:
        assert text not in config, config
    mkdocs_yml = (tmp_path / "mkdocs.yml").read_text("utf-8")

    second = run("init", "--docs-dir", folder, cwd=tmp_path)
    assert (vault / "wiki-config.md").read_text("utf-8") == config
    assert (tmp_path / "mkdocs.yml").read_text("utf-8") == mkdocs_yml
    assert "wiki-config.md exists and declares every type in use: left as it is" in second.stdout
    assert _errors(second.stdout, folder) == _errors(first.stdout, folder)

    shape.write(vault, fixed=True)
    fixed = run("lint", "--strict", cwd=tmp_path)
    assert fixed.returncode == 0, fixed.stdout + fixed.stderr
    build = mkdocs_build(tmp_path)
    assert build.returncode == 0, build.stderr
    panels = [
        page for page in (tmp_path / "site").rglob("index.html")
        if "data-relations-panel" in page.read_text("utf-8")
    ]  # fmt: skip
    assert len(panels) >= 20


@pytest.mark.parametrize(
    ("make", "removed"), [(partial(type_map, False), 1), (kind_map, 2), (one_key_entries, 1)],
    ids=["type-map", "kind-map", "one-key-entries"],
)  # fmt: skip
def test_the_unread_links_fix_reads_them(
    tmp_path: Path, make: Callable[[], Reading], removed: int
) -> None:
    """Before init, links in a mapped shape are told with the readings: line that reads
    them; written into wiki-config.md as it is given, it reads every link (no malformed
    entry, nothing unread)."""
    shape = make().shape
    vault = tmp_path / "vault"
    shape.write(vault, fixed=True)
    before = run("lint", "--docs-dir", "vault", cwd=tmp_path)
    assert "[unread-links]" in before.stdout, before.stdout
    fix = re.search(r"or set (.*) in wiki-config\.md", before.stdout)
    assert fix is not None and "readings: [{" in fix.group(1), before.stdout
    settings = "\n".join(fix.group(1).split(" and "))
    (vault / "wiki-config.md").write_text(f"---\n{settings}\n---\n", encoding="utf-8")
    after = run("lint", "--docs-dir", "vault", cwd=tmp_path)
    assert "[unread-links]" not in after.stdout, after.stdout
    assert "[malformed-relationship]" not in after.stdout, after.stdout
    assert f", {shape.typed_targets - removed} edges" in after.stderr, after.stderr

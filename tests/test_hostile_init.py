"""`init` on odd vaults (issue 19, point 12): a message or a working set-up, never a
traceback, a hang, a setting silently ignored, or half a set-up left behind."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from conftest import run

PAGE = "---\nrelationships:\n  - {type: depends-on, target: b}\n---\n# A\n"


def _vault(root: Path, name: str = "vault") -> Path:
    vault = root / name
    (vault / ".obsidian").mkdir(parents=True)
    (vault / "a.md").write_text(PAGE, encoding="utf-8")
    (vault / "b.md").write_text("# B\n", encoding="utf-8")
    (vault / "Tpl").mkdir()
    (vault / "Tpl" / "note.md").write_text("# {{title}}\n", encoding="utf-8")
    return vault


def test_deeply_nested_template_settings_are_passed_over(tmp_path: Path) -> None:
    vault = _vault(tmp_path)
    (vault / ".obsidian" / "templates.json").write_text("[" * 200_000 + "]" * 200_000)
    result = run("init", "--docs-dir", "vault", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert "Traceback" not in result.stderr


def test_a_fifo_in_place_of_the_settings_does_not_hang(tmp_path: Path) -> None:
    vault = _vault(tmp_path)
    os.mkfifo(vault / ".obsidian" / "templates.json")
    result = run("init", "--docs-dir", "vault", cwd=tmp_path)  # times out if it blocks
    assert result.returncode == 0, result.stderr


def test_settings_with_a_bom_are_read(tmp_path: Path) -> None:
    vault = _vault(tmp_path)
    (vault / ".obsidian" / "templates.json").write_text('\ufeff{"folder": "Tpl"}', encoding="utf-8")
    result = run("init", "--docs-dir", "vault", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert "  /Tpl/\n" in (tmp_path / "mkdocs.yml").read_text("utf-8")


def test_a_vault_folder_ending_in_a_space_is_quoted(tmp_path: Path) -> None:
    _vault(tmp_path, "trail ")
    result = run("init", "--docs-dir", "trail ", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    config = (tmp_path / "mkdocs.yml").read_text("utf-8")
    assert 'docs_dir: "trail "\n' in config and 'site_name: "Trail "\n' in config
    built = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict"], cwd=tmp_path,
        capture_output=True, text=True, timeout=120, check=False,
    )  # fmt: skip
    assert built.returncode == 0, built.stderr
    assert (tmp_path / "site" / "a" / "index.html").exists()


def test_nothing_is_left_half_written(tmp_path: Path) -> None:
    vault = _vault(tmp_path)
    # Where wiki-config.md goes, something init cannot write over (as a read-only folder
    # would be, for a user who is not root).
    (vault / "wiki-config.md").symlink_to(tmp_path / "nowhere" / "wiki-config.md")
    result = run("init", "--docs-dir", "vault", cwd=tmp_path)
    assert result.returncode == 2
    assert result.stderr == (
        f"mkdocs-relations: cannot write {os.path.join('vault', 'wiki-config.md')}: something "
        "is in the way\n"
    )
    assert not (tmp_path / "mkdocs.yml").exists()

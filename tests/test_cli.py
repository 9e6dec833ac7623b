"""``mkdocs-relations lint``: the console script's ``main()``; the first two tests run the
installed script in a process of its own, as a user runs it (its exit status and streams)."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from conftest import Site, run, run_process

BROKEN = {
    "index.md": '---\nrelationships:\n  - type: depends-on\n    target: "[[nope]]"\n---\n',
    "b.md": "---\nrelationships:\n  - type: relates-to\n    target: b\n---\n",
}


def test_clean_site_exits_0(site: Site) -> None:
    site.page("index.md", "# Home\n")
    site.write_config()
    result = run_process("lint", cwd=site.root)
    assert result.returncode == 0, result.stderr
    assert "1 page, 0 edges: no problems" in result.stderr


def test_errors_exit_1_with_text_diagnostics(site: Site) -> None:
    site.pages(BROKEN)
    site.write_config()
    result = run_process("lint", cwd=site.root)
    assert result.returncode == 1
    assert result.stdout.splitlines() == [
        "docs/b.md:4: warning: [self-reference] this relates-to edge points at its own page; "
        "remove it or point it at another page",
        "docs/index.md:4: error: [missing-target] target 'nope' matches no page. Fix the "
        "target, create the page, or mark the edge as a deliberate redlink with 'redlink: true'",
    ]


def test_json_format(site: Site) -> None:
    site.pages(BROKEN)
    site.write_config()
    result = run("lint", "--format", "json", cwd=site.root)
    assert result.returncode == 1
    document = json.loads(result.stdout)
    assert document["pages"] == 2 and document["edges"] == 2
    assert [(d["file"], d["line"], d["code"], d["severity"]) for d in document["diagnostics"]] == [
        ("b.md", 4, "self-reference", "warning"),
        ("index.md", 4, "missing-target", "error"),
    ]


def test_github_annotations(site: Site) -> None:
    site.pages(BROKEN)
    site.write_config()
    result = run("lint", "--format", "github", cwd=site.root)
    assert result.stdout.splitlines()[1].startswith(
        "::error file=docs/index.md,line=4,title=missing-target::target 'nope'"
    )


def test_strict_fails_on_warnings(site: Site) -> None:
    site.pages({"b.md": BROKEN["b.md"]})
    site.write_config()
    assert run("lint", cwd=site.root).returncode == 0
    assert run("lint", "--strict", cwd=site.root).returncode == 1


def test_docs_dir_without_mkdocs_yml(tmp_path: Path) -> None:
    vault = tmp_path / "vault"
    (vault / ".obsidian").mkdir(parents=True)
    (vault / ".obsidian" / "junk.md").write_text("---\nrelations: [1]\n---\n")
    (vault / "a.md").write_text("---\nrelations:\n  - {type: depends-on, target: b}\n---\n")
    (vault / "b.md").write_text("# B\n")
    result = run(
        "lint", "--docs-dir", "vault", "--field", "relations", "--format", "json", cwd=tmp_path
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert json.loads(result.stdout) == {
        "pages": 2,
        "edges": 1,
        "unknown_types": [],
        "missing_targets": [],
        "diagnostics": [],
    }


def test_cli_reads_plugin_options_and_exclusions_from_mkdocs_yml(site: Site) -> None:
    site.pages(
        {
            "index.md": "---\nrelationships:\n  - {type: governed-by, target: hidden}\n---\n",
            "hidden.md": "# Hidden\n",
        }
    )
    site.plugin_options = {"types": ["governed-by"], "severity": {"missing-target": "warning"}}
    site.extra_config = {"exclude_docs": "hidden.md\n"}
    site.write_config()
    result = run("lint", "--format", "json", cwd=site.root)
    document = json.loads(result.stdout)
    assert result.returncode == 0
    assert document["pages"] == 1
    assert [(d["code"], d["severity"]) for d in document["diagnostics"]] == [
        ("missing-target", "warning")
    ]


@pytest.mark.parametrize(
    "args",
    [
        ("lint", "--format", "xml"),
        ("lint", "-f", "missing.yml"),
        ("lint", "--docs-dir", "no-such-folder"),
        ("bogus",),
        (),
    ],
)
def test_bad_usage_exits_2(tmp_path: Path, args: tuple[str, ...]) -> None:
    result = run(*args, cwd=tmp_path)
    assert result.returncode == 2, result
    assert "Traceback" not in result.stderr


def test_no_mkdocs_yml_here_explains(tmp_path: Path) -> None:
    result = run("lint", cwd=tmp_path)
    assert result.returncode == 2
    assert "--docs-dir" in result.stderr


def test_version() -> None:
    from mkdocs_relations import __version__

    result = run("--version", cwd=Path(os.getcwd()))
    assert result.returncode == 0
    assert result.stdout.strip() == f"mkdocs-relations {__version__}"

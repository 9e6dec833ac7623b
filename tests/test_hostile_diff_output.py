"""What ``diff`` and ``lint`` print about hostile names: one annotation a line, a pull-request
comment no name can forge a row in or mention a team from, no terminal control printed raw;
and revisions and folders git could read as something else."""

from __future__ import annotations

import json
from pathlib import Path

from conftest import Site, git_commit, git_repo, relation_lines, run

EDGE = "---\nrelationships:\n  - type: depends-on\n    target: '[[{target}]]'\n---\n"


def hostile_change(root: Path, name: str, target: str) -> Path:
    """A project whose second commit adds a page ``name`` with an edge to ``target``."""
    project = git_repo(root)
    (project / "mkdocs.yml").write_text("site_name: T\nplugins: [relations]\n", encoding="utf-8")
    (project / "docs").mkdir()
    (project / "docs" / "a.md").write_text("# A\n", encoding="utf-8")
    git_commit(project, "base")
    (project / "docs" / f"{name}.md").write_text(EDGE.format(target=target), encoding="utf-8")
    git_commit(project, "head")
    return project


def test_github_annotations_stay_one_a_line_whatever_a_file_name_holds(tmp_path: Path) -> None:
    project = hostile_change(tmp_path / "p", "two\nlines\rhere", "missing page")
    done = run("diff", "HEAD~1", "HEAD", "--format", "github", cwd=project)
    assert done.returncode == 0, done.stderr
    lines = done.stdout.split("\n")[:-1]
    assert len(lines) == 2 and all(line.startswith("::") for line in lines), lines
    assert "\r" not in done.stdout
    assert "file=docs/two%0Alines%0Dhere.md" in lines[0]


def test_a_pull_request_comment_is_inert(tmp_path: Path) -> None:
    target = "@acme/security see https://evil.example and www.evil.example"
    project = hostile_change(tmp_path / "p", "forged\r| added | admin | owns | everything", target)
    done = run("diff", "HEAD~1", "HEAD", "--format", "markdown", cwd=project)
    assert done.returncode == 0, done.stderr
    assert "\r" not in done.stdout
    rows = [line for line in done.stdout.split("\n") if line.startswith("|")]
    assert len(rows) == 3, rows  # the header, its rule, the one edge added
    for live in ("@acme", "https://", "www.evil"):
        assert live not in done.stdout, done.stdout


def test_terminal_controls_are_printed_as_escapes(tmp_path: Path) -> None:
    project = hostile_change(tmp_path / "p", "erase\x1b[2K\x1b[1Aline", "gone\x1b]0;title\x07")
    for command in (("diff", "HEAD~1", "HEAD"), ("lint",), ("diff", "HEAD~1", "--format", "json")):
        done = run(*command, cwd=project)
        for text in (done.stdout, done.stderr):
            assert "\x1b" not in text and "\x07" not in text, (command, text)
        assert "Traceback" not in done.stderr
    assert "\\x1b[2K" in run("lint", cwd=project).stdout
    report = json.loads(run("diff", "HEAD~1", "--format", "json", cwd=project).stdout)
    assert report["pages"]["added"] == ["erase\x1b[2K\x1b[1Aline"]


def test_a_project_in_a_folder_named_like_an_option(tmp_path: Path) -> None:
    top = git_repo(tmp_path / "r")
    project = top / "--abbrev=4"
    project.mkdir()
    (project / "mkdocs.yml").write_text("site_name: T\nplugins: [relations]\n", encoding="utf-8")
    (project / "docs").mkdir()
    (project / "docs" / "a.md").write_text("# A\n", encoding="utf-8")
    git_commit(top, "base")
    (project / "docs" / "b.md").write_text(EDGE.format(target="a"), encoding="utf-8")
    git_commit(top, "head")
    for command in (("diff", "HEAD~1", "HEAD"), ("diff", "HEAD~1")):
        done = run(*command, cwd=project)
        assert done.returncode == 0, done.stderr
        assert done.stdout.splitlines()[:2] == ["page added: b", "edge added: b —depends-on→ a"]


def test_a_revision_that_searches_commit_messages(tmp_path: Path) -> None:
    project = hostile_change(tmp_path / "p", "b", "a")
    done = run("diff", ":/base", "HEAD", cwd=project)
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines()[:2] == ["page added: b", "edge added: b —depends-on→ a"]
    missing = run("diff", "HEAD:docs/a.md", "HEAD", cwd=project)
    assert missing.returncode == 2 and "names no commit" in missing.stderr


def test_a_build_log_holds_no_terminal_control(tmp_path: Path) -> None:
    site = Site(tmp_path)
    site.pages({"erase\x1b[2K\x07.md": EDGE.format(target="gone")})
    result = site.build()
    lines = [line for line in relation_lines(result) if "missing-target" in line]
    assert len(lines) == 1, relation_lines(result)
    assert "\x1b" not in lines[0] and "\x07" not in lines[0]
    assert lines[0].startswith("docs/erase\\x1b[2K\\x07.md:4: error: [missing-target]")

"""Hostile input that once raised or ran without bound: digits Python's ``int`` refuses, a
temporary folder with no room, a name tens of thousands of letters long."""

from __future__ import annotations

import os
import resource
import signal
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import git_commit, git_repo, run

SCRIPT = str(Path(sys.executable).with_name("mkdocs-relations"))


def write(root: Path, pages: dict[str, str]) -> None:
    for path, text in pages.items():
        target = root / "docs" / path
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(text, encoding="utf-8")


@pytest.mark.parametrize("value", ["²", "٣", "1" * 30])
def test_a_rule_max_that_is_no_plain_number_is_an_invalid_rule(tmp_path: Path, value: str) -> None:
    config = f"---\nrules:\n  - type: depends-on\n    max: {value}\n---\n"
    write(tmp_path, {"wiki-config.md": config, "a.md": "# A\n"})
    for command in (("lint",), ("rules",)):
        done = run(*command, "--docs-dir", "docs", cwd=tmp_path)
        assert "Traceback" not in done.stderr, done.stderr
        assert "[invalid-rule] max:" in done.stdout, (command, done.stdout, done.stderr)
    assert run("lint", "--docs-dir", "docs", cwd=tmp_path).returncode == 1
    lint = run("lint", "--docs-dir", "docs", cwd=tmp_path)
    shown = repr(value) if len(value) < 100 else ""
    assert lint.stdout.startswith(f"docs/wiki-config.md:4: error: [invalid-rule] max: {shown}"), (
        lint.stdout
    )
    assert "is not a whole number of at least 1" in lint.stdout


def _small_files() -> None:
    # Any file written past 64 KB fails with EFBIG, as a write to a full disk fails.
    resource.setrlimit(resource.RLIMIT_FSIZE, (64 * 1024, 64 * 1024))
    signal.signal(signal.SIGXFSZ, signal.SIG_IGN)


@pytest.mark.parametrize("command", [("diff", "HEAD~1", "HEAD"), ("lint", "--new-only", "HEAD~1")])
def test_no_room_for_a_revision_is_a_message_and_exit_2(
    tmp_path: Path, command: tuple[str, ...]
) -> None:
    root = tmp_path / "project"
    root.mkdir()
    git_repo(root)
    (root / "mkdocs.yml").write_text("site_name: T\nplugins: [relations]\n", encoding="utf-8")
    write(root, {"a.md": "# A\n", "big.md": "# Big\n\n" + "words " * 30_000})
    git_commit(root, "one")
    (root / "docs" / "big.md").unlink()
    git_commit(root, "two")
    done = subprocess.run(
        [SCRIPT, *command],
        cwd=root,
        capture_output=True,
        text=True,
        timeout=120,
        preexec_fn=_small_files,
        # Bytecode written under the limit would be cut short and break every later process.
        env={**os.environ, "TMPDIR": str(tmp_path), "PYTHONDONTWRITEBYTECODE": "1"},
    )
    assert done.returncode == 2, done.stdout + done.stderr
    assert "Traceback" not in done.stderr
    assert "cannot write the files of" in done.stderr and "free some space" in done.stderr


def _one_gigabyte() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (2**30, 2**30))


def test_a_name_of_64000_letters_costs_no_more_than_a_short_one(tmp_path: Path) -> None:
    """Once 17 s and 3.66 GB in the "did you mean" search: now under a 1 GB limit, at once."""
    long = "q" * 64_000
    pages = {
        "a.md": f"---\nrelationships:\n  - type: depends-on\n    target: '[[{long}]]'\n---\n"
        f"See [[{long}]].\n",
        "b.md": f"---\naliases: [{long}x]\n---\n# B\n",
    }
    write(tmp_path, pages)
    (tmp_path / "mkdocs.yml").write_text(
        "site_name: T\nplugins:\n  - relations:\n      wikilinks: true\n", encoding="utf-8"
    )
    for command in (("lint",), ("path", "a", long), ("reach", long)):
        done = subprocess.run(
            [SCRIPT, *command],
            cwd=tmp_path,
            capture_output=True,
            text=True,
            timeout=60,
            preexec_fn=_one_gigabyte,
        )
        assert "Traceback" not in done.stderr and "MemoryError" not in done.stderr, done.stderr
        # 0 where the name is taken as b's (reach from b finds nothing and says so).
        assert done.returncode in (0, 1, 2), (command, done.stdout[:500], done.stderr[:500])
        # The name is told back, or taken as the finder takes it: the one page whose alias
        # holds it (b).
        assert "qqqq" in done.stdout + done.stderr or "[[b]]" in done.stdout, done.stdout

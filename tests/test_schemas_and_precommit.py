"""Editor and CI support: the schema command, and the pre-commit hook in a real repository.

The schemas themselves are tested in test_json_schemas.py.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from conftest import REPO

SCHEMAS = REPO / "mkdocs_relations" / "schemas"


def _schema(name: str) -> dict[str, Any]:
    return json.loads((SCHEMAS / f"{name}.schema.json").read_text(encoding="utf-8"))  # type: ignore[no-any-return]


def test_schema_command_prints_the_shipped_schema(tmp_path: Path) -> None:
    from conftest import run

    result = run("schema", "frontmatter", cwd=tmp_path)
    assert result.returncode == 0
    assert json.loads(result.stdout) == _schema("frontmatter")


def test_pre_commit_hook_in_a_temporary_repository(tmp_path: Path) -> None:
    pre_commit = Path(sys.executable).with_name("pre-commit")
    if not pre_commit.exists() or shutil.which("git") is None:
        pytest.fail("pre-commit and git are installed by the test extra and the machine")
    repo = tmp_path / "wiki"
    (repo / "docs").mkdir(parents=True)
    (repo / "mkdocs.yml").write_text("site_name: Wiki\nplugins:\n  - relations\n")
    page = repo / "docs" / "index.md"
    page.write_text("---\nrelationships:\n  - {type: depends-on, target: ledgr}\n---\n")
    (repo / "docs" / "ledger.md").write_text("# Ledger\n")
    env = {**os.environ, "PRE_COMMIT_HOME": str(tmp_path / "cache"), "GIT_AUTHOR_NAME": "t",
           "GIT_AUTHOR_EMAIL": "t@example.invalid", "GIT_COMMITTER_NAME": "t",
           "GIT_COMMITTER_EMAIL": "t@example.invalid"}  # fmt: skip
    subprocess.run(["git", "init", "-q"], cwd=repo, check=True, env=env)
    subprocess.run(["git", "add", "-A"], cwd=repo, check=True, env=env)

    def hook() -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [str(pre_commit), "try-repo", str(REPO), "mkdocs-relations-lint", "--all-files"],
            cwd=repo, env=env, capture_output=True, text=True, timeout=900, check=False,
        )  # fmt: skip

    failing = hook()
    assert failing.returncode == 1, failing.stdout + failing.stderr
    assert "docs/index.md:3: error: [missing-target]" in failing.stdout
    page.write_text("---\nrelationships:\n  - {type: depends-on, target: ledger}\n---\n")
    subprocess.run(["git", "add", "-A"], cwd=repo, check=True, env=env)
    passing = hook()
    assert passing.returncode == 0, passing.stdout + passing.stderr

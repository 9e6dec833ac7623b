"""docs/getting-started.md, followed step by step as a new user would, with real commands."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

from conftest import REPO

GUIDE = (REPO / "docs" / "getting-started.md").read_text(encoding="utf-8")
BLOCK = re.compile(r"```(\w+)([^\n]*)\n(.*?)```", re.S)


def _blocks() -> list[tuple[str, str, str]]:
    return [(lang, info.strip(), body) for lang, info, body in BLOCK.findall(GUIDE)]


def _titled(title: str) -> str:
    return next(body for _, info, body in _blocks() if f'title="{title}"' in info)


def _console(after: str) -> list[str]:
    section = GUIDE[GUIDE.index(after) :]
    body = next(body for lang, _, body in BLOCK.findall(section) if lang == "console")
    return body.splitlines()


def _mkdocs(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "mkdocs", *args],
        cwd=cwd, capture_output=True, text=True, timeout=300, check=False,
    )  # fmt: skip


def test_the_guide_works_as_written(tmp_path: Path) -> None:
    config = next(body for lang, _, body in _blocks() if lang == "yaml" and "site_name" in body)
    (tmp_path / "mkdocs.yml").write_text(config)
    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "payments.md").write_text(_titled("docs/payments.md"))
    (docs / "ledger.md").write_text(_titled("docs/ledger.md"))

    # "mkdocs build succeeds."
    built = _mkdocs("build", cwd=tmp_path)
    assert built.returncode == 0, built.stderr
    assert "data-relations-panel" in (tmp_path / "site" / "payments" / "index.html").read_text()

    # "Misspell the target as [[ledgr]] and build again": the errors the guide shows.
    page = docs / "payments.md"
    page.write_text(page.read_text().replace("[[ledger]]", "[[ledgr]]"))
    failed = _mkdocs("build", cwd=tmp_path)
    assert failed.returncode == 1
    shown = [line for line in _console("## The first failing build") if line.startswith("ERROR")]
    logged = [line for line in failed.stderr.splitlines() if line.startswith("ERROR")]
    assert logged == shown

    # "Check without building."
    lint = subprocess.run(
        [str(Path(sys.executable).with_name("mkdocs-relations")), "lint"],
        cwd=tmp_path, capture_output=True, text=True, timeout=120, check=False,
    )  # fmt: skip
    assert lint.returncode == 1
    guide = _console("## Check without building")
    assert lint.stdout.splitlines()[0].startswith(guide[1].removesuffix("..."))
    assert lint.stderr.strip() == guide[2]

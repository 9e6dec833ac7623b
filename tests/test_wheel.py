"""The package as a user installs it: the built wheel in a fresh virtual environment.

An editable install reads templates and assets from the source tree, so it hides package data
that the wheel leaves out (0.1.0 shipped without its templates and every build failed with
``TemplateNotFound``). These tests build the wheel, compare it with the source tree, install it
into a new virtual environment and use it there: a site build and the console script.
"""

from __future__ import annotations

import subprocess
import zipfile
from pathlib import Path

import pytest
import venvs
from conftest import REPO
from venvs import Envs


def _run(command: list[str], cwd: Path, **env: str) -> subprocess.CompletedProcess[str]:
    return venvs.run(command, cwd, **env)


@pytest.fixture(scope="module")
def checkout(project_checkout: Path) -> Path:
    return project_checkout


@pytest.fixture(scope="module")
def wheel(project_wheel: Path) -> Path:
    return project_wheel


def test_wheel_holds_every_file_of_the_package(wheel: Path, checkout: Path) -> None:
    source = {
        path.relative_to(checkout).as_posix()
        for path in (checkout / "mkdocs_relations").rglob("*")
        if path.is_file()
    }
    with zipfile.ZipFile(wheel) as archive:
        shipped = {name for name in archive.namelist() if name.startswith("mkdocs_relations/")}
        entry_points = next(
            archive.read(n).decode() for n in archive.namelist() if n.endswith("entry_points.txt")
        )
    assert source - shipped == set(), "in the source tree but not in the wheel"
    assert "mkdocs_relations/templates/relations/panel.html" in shipped
    assert "relations = mkdocs_relations.plugin:RelationsPlugin" in entry_points
    assert "mkdocs-relations = mkdocs_relations.cli:main" in entry_points


WHEEL = ("wheel", ["install", "{wheel}"])


@pytest.mark.venv(*WHEEL)
def test_installed_wheel_builds_a_site_and_runs_the_command(envs: Envs, tmp_path: Path) -> None:
    env = envs.get(*WHEEL)
    env_dir, bin_dir, python = env.root, env.bin, env.bin / "python"
    # The package must come from the new environment, not from this checkout.
    where = _run([str(python), "-c", "import mkdocs_relations; print(mkdocs_relations.__file__)"],
                 cwd=tmp_path)  # fmt: skip
    assert str(env_dir) in where.stdout and str(REPO) not in where.stdout, where.stdout

    project = tmp_path / "wiki"
    docs = project / "docs"
    docs.mkdir(parents=True)
    (project / "mkdocs.yml").write_text(
        "site_name: Wheel test\nplugins:\n  - relations\n", encoding="utf-8"
    )
    (docs / "index.md").write_text(
        "---\nrelationships:\n  - type: depends-on\n    target: '[[ledger]]'\n---\n# Home\n",
        encoding="utf-8",
    )
    (docs / "ledger.md").write_text("# Ledger\n", encoding="utf-8")

    build = _run([str(bin_dir / "mkdocs"), "build", "--strict"], cwd=project)
    assert build.returncode == 0, build.stderr
    ledger = (project / "site" / "ledger" / "index.html").read_text("utf-8")
    assert "data-relations-panel" in ledger and ">Home<" in ledger
    assert "data-relations-pathfinder" in ledger
    assets = project / "site" / "assets" / "mkdocs-relations"
    for name in ("relations.css", "relations.js", "graph.json"):
        assert (assets / name).is_file(), name
    # The site's one script is made of the wheel's packaged scripts, every one of them there.
    script = (assets / "relations.js").read_text("utf-8")
    assert "MkDocsRelationsPicture" in script and "MkDocsRelationsPaths" in script

    lint = _run([str(bin_dir / "mkdocs-relations"), "lint"], cwd=project)
    assert lint.returncode == 0 and "2 pages, 1 edge" in lint.stderr, lint.stderr
    path = _run([str(bin_dir / "mkdocs-relations"), "path", "ledger", "index"], cwd=project)
    assert path.returncode == 0 and "depends-on" in path.stdout, path.stdout

    (docs / "index.md").write_text(
        "---\nrelationships:\n  - type: depends-on\n    target: '[[ledgr]]'\n---\n", "utf-8"
    )
    broken = _run([str(bin_dir / "mkdocs"), "build"], cwd=project)
    assert broken.returncode == 1 and "docs/index.md:4" in broken.stderr, broken.stderr

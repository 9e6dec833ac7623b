"""Editor and CI support: the shipped JSON Schemas, and the pre-commit hook in a real repo."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import jsonschema
import pytest
import yaml
from conftest import REPO

from mkdocs_relations.config import RelationsConfig

SCHEMAS = REPO / "mkdocs_relations" / "schemas"


def _schema(name: str) -> dict[str, Any]:
    return json.loads((SCHEMAS / f"{name}.schema.json").read_text(encoding="utf-8"))  # type: ignore[no-any-return]


def _errors(instance: object, name: str) -> list[str]:
    validator = jsonschema.Draft202012Validator(_schema(name))
    return [error.message for error in validator.iter_errors(instance)]


@pytest.mark.parametrize("name", ["mkdocs", "plugin", "frontmatter", "graph"])
def test_schemas_are_valid_json_schema(name: str) -> None:
    jsonschema.Draft202012Validator.check_schema(_schema(name))


def test_project_mkdocs_yml_validates() -> None:
    config = yaml.safe_load((REPO / "mkdocs.yml").read_text(encoding="utf-8"))
    assert _errors(config, "mkdocs") == []


@pytest.mark.parametrize(
    "options",
    [
        {"placement": "sideways"},
        {"severity": {"no-such-code": "warning"}},
        {"severity": {"cycle": "fatal"}},
        {"max_hops": 0},
        {"types": [{"name": "x", "symmetric": True, "acyclic": True}]},
        {"unknown_option": 1},
    ],
)
def test_bad_options_fail_the_schema(options: dict[str, Any]) -> None:
    assert _errors({"plugins": [{"relations": options}]}, "mkdocs") != []
    assert _errors({"relations": options}, "plugin") != []


def test_schema_and_config_agree() -> None:
    options = _schema("plugin")["$defs"]["options"]["properties"]
    config = RelationsConfig()
    assert set(options) == set(dict(config._schema))
    config.load_dict({})
    config.validate()
    for name, value in config.items():
        if "default" in options[name]:
            assert options[name]["default"] == value, name
    mkdocs = _schema("mkdocs")
    plugin = _schema("plugin")
    assert mkdocs["$defs"]["plugin"]["oneOf"] == plugin["oneOf"]
    assert {k: v for k, v in mkdocs["$defs"].items() if k != "plugin"} == plugin["$defs"]


def _frontmatter(path: Path) -> Any:
    text = path.read_text(encoding="utf-8")
    if not text.startswith("---\n"):
        return {}
    return yaml.safe_load(text[4 : text.index("\n---\n", 4)]) or {}


def test_docs_pages_validate_against_the_frontmatter_schema() -> None:
    pages = sorted((REPO / "docs").rglob("*.md"))
    assert len(pages) > 10
    for page in pages:
        assert _errors(_frontmatter(page), "frontmatter") == [], page


def test_frontmatter_schema_catches_shape_errors() -> None:
    assert _errors({"relationships": [{"type": "depends-on"}]}, "frontmatter")
    assert _errors({"relationships": {"depends-on": "x"}}, "frontmatter")
    assert _errors({"relationships": [{"type": "a", "target": 3}]}, "frontmatter")
    assert not _errors({"relationships": [{"type": "a", "target": [["x"]]}]}, "frontmatter")


def test_schema_command_prints_the_shipped_schema(tmp_path: Path) -> None:
    from test_cli import run

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


def test_schemas_follow_the_code() -> None:
    """The hand-kept schemas against the constants they describe: adding a lint code, a
    severity, a placement, a panel, a type key or a bound in the code fails here until the
    schemas say the same."""
    from mkdocs_relations.config import _AtLeast
    from mkdocs_relations.diagnostics import CODES, SEVERITIES
    from mkdocs_relations.panel import PANELS, PLACEMENTS
    from mkdocs_relations.vocabulary import TYPE_KEYS, TYPE_NAME

    plugin = _schema("plugin")["$defs"]
    options = plugin["options"]["properties"]
    assert options["severity"]["propertyNames"]["enum"] == list(CODES)
    assert options["severity"]["additionalProperties"]["enum"] == list(SEVERITIES)
    assert options["placement"]["enum"] == list(PLACEMENTS) == options["path_finder"]["enum"]
    assert options["panels"]["items"]["enum"] == list(PANELS)
    for name, option in RelationsConfig._schema:
        if isinstance(option, _AtLeast):
            assert options[name]["minimum"] == option.minimum, name
    declared = plugin["relationship_type"]["oneOf"][1]["properties"]
    assert set(declared) == set(TYPE_KEYS)
    assert TYPE_NAME.match("governed-by") and declared["name"]["pattern"].startswith("^[A-Za-z0-9]")

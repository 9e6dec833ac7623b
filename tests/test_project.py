"""The project's own checks: its docs build strictly, and the code is ruff- and mypy-clean."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from conftest import REPO


def _run(*command: str, cwd: Path = REPO) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        command, cwd=cwd, capture_output=True, text=True, timeout=600, check=False
    )


def test_docs_build_strict(tmp_path: Path) -> None:
    result = _run(sys.executable, "-m", "mkdocs", "build", "--strict", "-d", str(tmp_path / "site"))
    assert result.returncode == 0, result.stderr
    assert (tmp_path / "site" / "lint" / "index.html").exists()


def test_ruff() -> None:
    lint = _run(sys.executable, "-m", "ruff", "check", ".")
    assert lint.returncode == 0, lint.stdout
    formatted = _run(sys.executable, "-m", "ruff", "format", "--check", ".")
    assert formatted.returncode == 0, formatted.stdout


def test_mypy() -> None:
    result = _run(sys.executable, "-m", "mypy")
    assert result.returncode == 0, result.stdout


def test_public_api_is_exactly_all() -> None:
    import types

    import mkdocs_relations

    exported = {
        name
        for name, value in vars(mkdocs_relations).items()
        if not name.startswith("_")
        and not isinstance(value, types.ModuleType)
        and name != "annotations"  # from __future__
    }
    # Nothing exported by accident, nothing listed that is not there, and __version__ too.
    assert exported | {"__version__"} == set(mkdocs_relations.__all__)
    assert list(mkdocs_relations.__all__) == sorted(mkdocs_relations.__all__)


#: The MkDocs adaptors; everything else is plain Python shared with the CLI and other tools.
#: json_schemas.py reads config.py's MkDocs options to write the schemas; no build imports it.
MKDOCS_ADAPTORS = {"plugin.py", "config.py", "mkdocs_input.py", "json_schemas.py"}


def test_only_the_adaptor_modules_import_mkdocs() -> None:
    import ast

    offenders = []
    for module in sorted((REPO / "mkdocs_relations").glob("*.py")):
        tree = ast.parse(module.read_text("utf-8"))
        for node in ast.walk(tree):
            names = []
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                names = [node.module]
            mkdocs = any(n == "mkdocs" or n.startswith("mkdocs.") for n in names)
            if mkdocs and module.name not in MKDOCS_ADAPTORS:
                offenders.append(f"{module.name}:{node.lineno}")
    assert offenders == []
    assert {p.name for p in (REPO / "mkdocs_relations").glob("*.py")} >= MKDOCS_ADAPTORS


def test_no_test_module_imports_another() -> None:
    """Shared wikis live in tests/wikis.py and helpers in conftest.py (or a named helper
    module): a test module imported by another would run its tests' module code twice and
    tie the two together."""
    import ast

    tests = REPO / "tests"
    offenders = []
    for module in sorted(tests.glob("*.py")):
        for node in ast.walk(ast.parse(module.read_text("utf-8"))):
            names = []
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module:
                names = [node.module]
            if any(n.split(".")[0].startswith("test_") for n in names):
                offenders.append(f"{module.name}:{node.lineno}")
    assert offenders == []


#: A module longer than this says why in its docstring, on a line starting "Long because".
MAX_MODULE_LINES = 300


def test_long_modules_say_why() -> None:
    import ast

    unexplained = []
    for module in sorted((REPO / "mkdocs_relations").rglob("*.py")):
        text = module.read_text("utf-8")
        lines = len(text.splitlines())
        if lines <= MAX_MODULE_LINES:
            continue
        docstring = ast.get_docstring(ast.parse(text)) or ""
        reasons = [line for line in docstring.splitlines() if line.startswith("Long because ")]
        if not any(len(reason) > 40 for reason in reasons):
            unexplained.append(f"{module.relative_to(REPO)}: {lines} lines")
    # Split each of these where it has a seam, or say in its docstring, on a line starting
    # "Long because", why it is one module.
    assert unexplained == []

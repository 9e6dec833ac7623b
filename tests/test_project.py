"""The project's own checks: its docs build strictly, and the code is ruff- and mypy-clean."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

from conftest import OPT_IN, REPO


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
MKDOCS_ADAPTORS = {
    "plugin.py", "config.py", "mkdocs_input.py", "mkdocs_build.py", "json_schemas.py"
}  # fmt: skip
PACKAGE = REPO / "mkdocs_relations"


def _modules() -> list[Path]:
    return sorted(PACKAGE.rglob("*.py"))


def _dotted(module: Path) -> str:
    parts = list(module.relative_to(REPO).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _imports(module: Path) -> list[tuple[int, str, list[str]]]:
    """Every import of the module as (line, absolute module, names), relative ones resolved."""
    import ast

    package = _dotted(module).split(".")
    if module.name != "__init__.py":
        package = package[:-1]
    found = []
    for node in ast.walk(ast.parse(module.read_text("utf-8"))):
        if isinstance(node, ast.Import):
            found += [(node.lineno, alias.name, []) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = package[: len(package) - node.level + 1] if node.level else []
            name = ".".join([*base, node.module] if node.module else base)
            found.append((node.lineno, name, [alias.name for alias in node.names]))
    return found


def test_only_the_adaptor_modules_import_mkdocs() -> None:
    offenders = []
    for module in _modules():
        for line, name, _ in _imports(module):
            mkdocs = name == "mkdocs" or name.startswith("mkdocs.")
            top_level = module.parent == PACKAGE
            if mkdocs and not (top_level and module.name in MKDOCS_ADAPTORS):
                offenders.append(f"{module.relative_to(REPO)}:{line}")
    assert offenders == []
    assert {p.name for p in PACKAGE.glob("*.py")} >= MKDOCS_ADAPTORS


#: The stages from the bottom up: a module may import its own stage and the ones before it,
#: never one after (ARCHITECTURE.md draws the same order). The MkDocs adaptors config.py and
#: mkdocs_input.py load mkdocs.yml for the commands too, so the commands sit above them.
STAGES = (
    ("resources",),
    ("model",),
    ("frontmatter",),
    ("wiki",),
    ("output",),
    ("query",),
    ("adopt",),
    ("inject",),
    ("generators", "config", "mkdocs_input", "wikilinks"),
    ("mkdocs_build",),
    ("cli",),
    ("plugin", "json_schemas", "zensical", "__init__"),
)


def _stage(dotted: str) -> int:
    parts = dotted.split(".")
    first = parts[1] if len(parts) > 1 else "__init__"
    for rank, names in enumerate(STAGES):
        if first in names:
            return rank
    raise AssertionError(f"{dotted}: no stage; add it to STAGES and ARCHITECTURE.md")


def _internal_graph() -> dict[str, set[str]]:
    """Which of the package's modules each module imports (a package's ``from . import x``
    counts as importing ``x``)."""
    known = {_dotted(m) for m in _modules()}
    graph: dict[str, set[str]] = {}
    for module in _modules():
        edges = graph.setdefault(_dotted(module), set())
        for _, name, names in _imports(module):
            if not name.startswith("mkdocs_relations"):
                continue
            subs = [f"{name}.{n}" for n in names if f"{name}.{n}" in known]
            edges.update(subs or ([name] if name in known else []))
    return graph


def test_no_module_imports_a_later_stage() -> None:
    upward = [
        f"{module} imports {target}"
        for module, targets in _internal_graph().items()
        for target in sorted(targets)
        if target != "mkdocs_relations" and _stage(target) > _stage(module)
    ]
    assert upward == []


def test_no_import_circle() -> None:
    """Not even under ``TYPE_CHECKING``: a record two stages need lives below both."""
    graph = _internal_graph()
    graph.pop("mkdocs_relations", None)  # the public namespace re-exports from below
    for targets in graph.values():
        targets.discard("mkdocs_relations")
    state: dict[str, int] = {}
    circles: list[str] = []

    def visit(node: str, trail: list[str]) -> None:
        state[node] = 1
        for target in sorted(graph.get(node, ())):
            if state.get(target) == 1:
                circles.append(" -> ".join([*trail[trail.index(target) :], target]))
            elif target not in state:
                visit(target, [*trail, target])
        state[node] = 2

    for node in sorted(graph):
        if node not in state:
            visit(node, [node])
    assert circles == []


def test_no_private_name_is_imported_from_another_module() -> None:
    offenders = [
        f"{module.relative_to(REPO)}:{line} imports {name}.{imported}"
        for module in _modules()
        for line, name, names in _imports(module)
        if name.startswith("mkdocs_relations")
        for imported in names
        if imported.startswith("_") and not imported.startswith("__")
    ]
    assert offenders == []


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
    for module in _modules():
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


def test_ci_runs_the_readme_command_with_every_test() -> None:
    """``.ci/run`` runs the contributors' command verbatim, browser and slow tests switched
    on; each marker a contributor's run skips is registered, and the README says how to run
    it."""
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    command = next(line for line in readme.splitlines() if line.endswith("&& python -m pytest"))
    ci = (REPO / ".ci" / "run").read_text(encoding="utf-8").splitlines()
    assert command in ci, command
    before = ci[: ci.index(command)]
    assert "export RELATIONS_REQUIRE_BROWSER=1" in before
    pyproject = (REPO / "pyproject.toml").read_text(encoding="utf-8")
    for marker, (variable, _) in OPT_IN.items():
        assert f'"{marker}: ' in pyproject, marker
        assert f"{variable}=1 python -m pytest" in readme, variable
        assert (f"export {variable}=1" in before) == (marker == "slow"), variable


def test_no_test_listens_on_a_fixed_port() -> None:
    """Servers in tests take the port the OS gives (port 0): a fixed one fails when another
    run on the machine holds it."""
    fixed = re.compile(r"(?:127\.0\.0\.1|localhost|0\.0\.0\.0):[1-9]\d{1,4}\b|port\s*=\s*[1-9]\d+")
    found = [
        f"{path.name}:{number}: {line.strip()}"
        for path in sorted((REPO / "tests").glob("*.py"))
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if fixed.search(line)
    ]
    assert found == []

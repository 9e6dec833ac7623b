"""Each generator as its users install it: the built wheel in a virtual environment from the
registry, beside MkDocs 1.6 and Material, ProperDocs without MkDocs, Zensical with the
extension, or a MkDocs 2 pre-release; both jobs (fail on a broken edge, show the panels) or
one clear line saying what to install.
"""

from __future__ import annotations

import posixpath
import subprocess
import sys
from pathlib import Path

import pytest
from built_html import edges, parse
from conftest import read_until
from venvs import Envs

PAGES = {
    "index.md": "---\nrelationships:\n  - {type: depends-on, target: ledger}\n"
    "  - {type: part-of, target: '[[platform/checkout]]'}\n---\n# Home\n\nWelcome.\n",
    "ledger.md": "---\ntitle: The Ledger\nrelationships:\n  - {type: used-by, target: reports}\n"
    "---\nLedger text.\n",
    "reports.md": "# Reports\n\nNumbers.\n",
    "platform/checkout.md": "---\nrelationships:\n  - type: relates-to\n    target: ledger\n"
    "    note: settles into it\n---\n# Checkout\n",
    "platform/index.md": "# Platform\n",
    "overview.md": "# Overview\n\n<!-- relations/overview -->\n",
}
BROKEN = "---\nrelationships:\n  - {type: depends-on, target: ledgr}\n---\n# Reports\n"
#: The page whose edge is broken, with the line of its target, as every diagnostic names it.
BROKEN_AT = "docs/reports.md:3: error: [missing-target] target 'ledgr'"


#: Each environment's name and pip's steps (``envs.get``'s arguments, and each test's
#: ``venv`` mark, which has it made from the session's start).
MATERIAL = ("material", ["install", "{wheel}[material]"])
PROPERDOCS = (
    "properdocs",
    ["install", "{wheel}[properdocs]"],
    ["uninstall", "-y", "mkdocs", "mkdocs-get-deps"],
)
#: The same name and steps as test_zensical.py's: one environment for both.
ZENSICAL = ("zensical", ["install", "{wheel}[zensical]"])
MKDOCS2 = ("mkdocs2", ["install", "{wheel}"], ["install", "--pre", "mkdocs>=2.0.0.dev0"])


def _project(root: Path, config: str, name: str = "mkdocs.yml", **pages: str) -> Path:
    for file, text in {**PAGES, **pages}.items():
        path = root / "docs" / file
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    (root / name).write_text(config, encoding="utf-8")
    return root


def _links(html: str, page_url: str) -> list[tuple[str, str, str]]:
    """The panel's relationship links as (site-relative target, type, direction), sorted;
    hrefs resolved from the page's URL, so two spellings of one link compare equal."""
    found = [(href, kind, way) for kind, way, _, href in edges(parse(html)) if href is not None]
    return sorted((_resolve(href, page_url), kind, way) for href, kind, way in found)


def _resolve(href: str, page_url: str) -> str:
    return posixpath.normpath(posixpath.join("/" + page_url, href)) + "/"


URLS = {
    "index.html": "",
    "ledger/index.html": "ledger/",
    "reports/index.html": "reports/",
    "platform/checkout/index.html": "platform/checkout/",
    "platform/index.html": "platform/",
    "overview/index.html": "overview/",
}


@pytest.mark.venv(*MATERIAL)
def test_mkdocs_16_with_material(envs: Envs, tmp_path: Path) -> None:
    env = envs.get(*MATERIAL)
    assert (env.version("mkdocs") or "").startswith("1.6"), env.version("mkdocs")
    assert env.version("mkdocs-material") is not None
    root = _project(tmp_path, "site_name: W\ntheme: material\nplugins:\n  - relations\n")
    built = env.run("mkdocs", "build", "--strict", cwd=root)
    assert built.returncode == 0, built.stderr
    ledger = (root / "site" / "ledger" / "index.html").read_text("utf-8")
    assert ("/reports/", "used-by", "out") in _links(ledger, "ledger/")
    overview = (root / "site" / "overview" / "index.html").read_text("utf-8")
    assert "relations/overview" not in overview and "relations-query" in overview
    (root / "docs" / "reports.md").write_text(BROKEN, encoding="utf-8")
    broken = env.run("mkdocs", "build", cwd=root)
    assert broken.returncode == 1 and "docs/reports.md:3" in broken.stderr, broken.stderr


@pytest.mark.venv(*PROPERDOCS)
def test_properdocs_without_the_mkdocs_package(envs: Envs, tmp_path: Path) -> None:
    env = envs.get(*PROPERDOCS)
    assert env.version("mkdocs") is None and env.version("properdocs") is not None
    config = "site_name: W\ntheme: mkdocs\nplugins:\n  - relations\n"
    root = _project(tmp_path / "wiki", config, "properdocs.yml")
    built = env.run("properdocs", "build", "--strict", cwd=root)
    assert built.returncode == 0, built.stderr
    for page in URLS:
        html = (root / "site" / page).read_text("utf-8")
        edges = page not in ("platform/index.html", "overview/index.html")
        assert ("data-relations-panel" in html) == edges, page
    ledger = (root / "site" / "ledger" / "index.html").read_text("utf-8")
    assert ("/reports/", "used-by", "out") in _links(ledger, "ledger/")

    lint = env.run("mkdocs-relations", "lint", cwd=root)  # finds properdocs.yml
    assert lint.returncode == 0 and "6 pages, 4 edges: no problems" in lint.stderr, lint.stderr

    # inject: a site built with the plugin turned off gets what the plugin gives.
    off = _project(tmp_path / "off", config.replace("relations", "relations: {enabled: false}"),
                   "properdocs.yml")  # fmt: skip
    assert env.run("properdocs", "build", cwd=off).returncode == 0
    assert "data-relations-panel" not in (off / "site" / "ledger" / "index.html").read_text()
    (off / "properdocs.yml").write_text(config, "utf-8")
    injected = env.run("mkdocs-relations", "inject", cwd=off)
    assert injected.returncode == 0, injected.stderr
    ledger = (off / "site" / "ledger" / "index.html").read_text("utf-8")
    assert ("/reports/", "used-by", "out") in _links(ledger, "ledger/")

    (root / "docs" / "reports.md").write_text(BROKEN, encoding="utf-8")
    broken = env.run("properdocs", "build", cwd=root)
    assert broken.returncode == 1 and "docs/reports.md:3" in broken.stderr, broken.stderr
    lint = env.run("mkdocs-relations", "lint", cwd=root)
    assert lint.returncode == 1 and BROKEN_AT in lint.stdout, lint.stdout + lint.stderr
    assert "Traceback" not in lint.stderr + broken.stderr


ZENSICAL_CONFIG = """\
site_name: W
theme:
  name: material
plugins:
  - search
  - relations
markdown_extensions:
  - mkdocs_relations.zensical
"""


@pytest.fixture(scope="module")
def zensical_env(envs: Envs) -> Path:
    if sys.version_info < (3, 11):
        pytest.skip("Zensical needs Python 3.11")
    return envs.get(*ZENSICAL).bin


@pytest.mark.venv(*ZENSICAL)
def test_zensical_build_fails_on_a_broken_edge(zensical_env: Path, tmp_path: Path) -> None:
    root = _project(tmp_path, ZENSICAL_CONFIG)
    (root / "docs" / "reports.md").write_text(BROKEN, encoding="utf-8")
    built = _zensical(zensical_env, root, "build")
    assert built.returncode == 1, built.stdout + built.stderr
    assert BROKEN_AT in built.stderr, built.stderr
    assert "Traceback" not in built.stderr and "the build stops" in built.stderr


@pytest.mark.venv(*ZENSICAL)
def test_zensical_extension_checks_its_options(zensical_env: Path, tmp_path: Path) -> None:
    config = ZENSICAL_CONFIG.replace(
        "- mkdocs_relations.zensical", "- mkdocs_relations.zensical: {placement: sideways}"
    )
    root = _project(tmp_path, config)
    built = _zensical(zensical_env, root, "build")
    assert built.returncode == 1 and "Traceback" not in built.stderr, built.stderr
    assert "Extension 'mkdocs_relations.zensical' option 'placement': Expected one of: " \
        "('bottom', 'top', 'off') but received: 'sideways'" in built.stderr  # fmt: skip


def test_lint_is_quiet_where_only_zensical_reads_the_config(
    zensical_env: Path, tmp_path: Path
) -> None:
    # Material is not installed beside Zensical, so MkDocs cannot load this theme.
    root = _project(tmp_path, ZENSICAL_CONFIG)
    lint = subprocess.run(
        [str(zensical_env / "mkdocs-relations"), "lint", "-f", "mkdocs.yml"], cwd=root,
        capture_output=True, text=True, check=False,
    )  # fmt: skip
    assert lint.returncode == 0, lint.stdout + lint.stderr
    assert lint.stdout == "" and lint.stderr == "mkdocs-relations: 6 pages, 4 edges: no problems\n"


@pytest.mark.venv(*ZENSICAL)
def test_zensical_panels_match_mkdocs(zensical_env: Path, tmp_path: Path) -> None:
    # MkDocs runs the plugin, and the extension listed beside it stands aside.
    mkdocs_root = _project(tmp_path / "mkdocs", ZENSICAL_CONFIG)
    built = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict"], cwd=mkdocs_root,
        capture_output=True, text=True, check=False,
    )  # fmt: skip
    assert built.returncode == 0, built.stderr
    root = _project(tmp_path / "zensical", ZENSICAL_CONFIG)
    zensical = _zensical(zensical_env, root, "build")
    assert zensical.returncode == 0, zensical.stderr
    for page, url in URLS.items():
        ours = (root / "site" / page).read_text("utf-8")
        theirs = (mkdocs_root / "site" / page).read_text("utf-8")
        assert ours.count("data-relations-panel") == theirs.count("data-relations-panel") <= 1
        assert _links(ours, url) == _links(theirs, url), page
    assert _links((root / "site" / "ledger" / "index.html").read_text(), "ledger/")

    # inject adds what the extension cannot: stylesheets, finder, graph files, the overview.
    injected = subprocess.run(
        [str(zensical_env / "mkdocs-relations"), "inject"], cwd=root, capture_output=True,
        text=True, check=False,
    )  # fmt: skip
    assert injected.returncode == 0, injected.stderr
    ledger = (root / "site" / "ledger" / "index.html").read_text("utf-8")
    assert ledger.count("data-relations-panel") == 1 and "data-relations-pathfinder" in ledger
    assert (root / "site" / "assets" / "mkdocs-relations" / "graph.json").is_file()
    overview = (root / "site" / "overview" / "index.html").read_text("utf-8")
    theirs = (mkdocs_root / "site" / "overview" / "index.html").read_text("utf-8")
    assert "<!-- relations/overview -->" not in overview
    assert overview.count('class="relations-query') == theirs.count('class="relations-query')
    assert overview.count('class="relations-query') >= 5


@pytest.mark.venv(*ZENSICAL)
def test_zensical_toml(zensical_env: Path, tmp_path: Path) -> None:
    """Zensical's own configuration file, read by the extension, lint and inject alike."""
    config = (
        '[project]\nsite_name = "W"\n\n'
        '[project.markdown_extensions."mkdocs_relations.zensical"]\nplacement = "top"\n'
    )
    root = _project(tmp_path, config, "zensical.toml")
    built = _zensical(zensical_env, root, "build")
    assert built.returncode == 0, built.stderr
    ledger = (root / "site" / "ledger" / "index.html").read_text("utf-8")
    assert 'class="relations relations--top"' in ledger
    for command in (["lint"], ["inject"]):
        done = subprocess.run(
            [str(zensical_env / "mkdocs-relations"), *command], cwd=root,
            capture_output=True, text=True, check=False,
        )  # fmt: skip
        assert done.returncode == 0, done.stdout + done.stderr
    ledger = (root / "site" / "ledger" / "index.html").read_text("utf-8")
    assert ledger.count("data-relations-panel") == 1 and "data-relations-pathfinder" in ledger


def test_lint_takes_the_extensions_options(tmp_path: Path) -> None:
    """A mkdocs.yml for Zensical lists the extension alone; the lint reads its options."""
    pages = {
        "index.md": "---\nlinks:\n  - {type: depends-on, target: ledger}\n---\n# Home\n",
        "ledger.md": "# Ledger\n",
        "platform/checkout.md": "# Checkout\n",
    }
    config = "site_name: W\nmarkdown_extensions:\n  - mkdocs_relations.zensical: {field: links}\n"
    root = _project(tmp_path, config)
    for file, text in pages.items():
        (root / "docs" / file).write_text(text, encoding="utf-8")
    lint = subprocess.run(
        [sys.executable, "-m", "mkdocs_relations.cli", "lint"], cwd=root, capture_output=True,
        text=True, check=False,
    )  # fmt: skip
    assert lint.returncode == 0 and "6 pages, 1 edge: no problems" in lint.stderr, lint.stderr


@pytest.mark.venv(*ZENSICAL)
def test_zensical_serve_reports_a_broken_edge(zensical_env: Path, tmp_path: Path) -> None:
    # Port 0: the OS picks a free one (nothing here connects to it).
    root = _project(tmp_path, ZENSICAL_CONFIG + "dev_addr: 127.0.0.1:0\n")
    (root / "docs" / "reports.md").write_text(BROKEN, encoding="utf-8")
    server = subprocess.Popen(
        [str(zensical_env / "zensical"), "serve", "-a", "127.0.0.1:0"], cwd=root,
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
    )  # fmt: skip
    try:
        text = read_until(server, "serve goes on", seconds=120)
        assert BROKEN_AT in text and "serve goes on" in text, text
        assert server.poll() is None, text  # still serving
    finally:
        server.terminate()
        server.wait(timeout=30)


def _zensical(bin_dir: Path, root: Path, command: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [str(bin_dir / "zensical"), command], cwd=root, capture_output=True, text=True,
        timeout=300, check=False,
    )  # fmt: skip


@pytest.mark.venv(*MKDOCS2)
def test_mkdocs_2_says_what_to_install(envs: Envs, tmp_path: Path) -> None:
    env = envs.get(*MKDOCS2)
    assert (env.version("mkdocs") or "").startswith("2."), env.version("mkdocs")
    root = _project(tmp_path, "site_name: W\nplugins:\n  - relations\n")
    for args in (["lint"], ["inject"], ["path", "ledger", "reports"], ["init"]):
        done = env.run("mkdocs-relations", *args, cwd=root)
        assert done.returncode == 2, (args, done.stdout, done.stderr)
        lines = done.stderr.strip().splitlines()
        assert len(lines) == 1 and "Traceback" not in done.stderr, (args, done.stderr)
        assert "MkDocs 2" in lines[0] and "ProperDocs" in lines[0], lines[0]
        assert "Zensical" in lines[0] and "--docs-dir" in lines[0], lines[0]
    # A folder of pages needs no generator.
    lint = env.run("mkdocs-relations", "lint", "--docs-dir", "docs", cwd=root)
    assert lint.returncode == 0 and "no problems" in lint.stderr, lint.stderr

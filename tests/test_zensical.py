"""Zensical reads mkdocs.yml but runs no MkDocs plugin: the lint recipe and `inject`.

Zensical is installed from PyPI into a virtual environment of its own, as a team moving
from Material would install it; the same wiki is built by MkDocs with the plugin and by
Zensical followed by `mkdocs-relations inject`, and the two must show the same panels.
"""

from __future__ import annotations

import html
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from built_html import edges, parse
from conftest import REPO, run, serve
from venvs import Envs

from mkdocs_relations.inject.html_places import find_places

WIKI = {
    "index.md": "---\nrelationships:\n  - {type: depends-on, target: ledger}\n"
    "  - {type: part-of, target: '[[platform/checkout]]'}\n---\n# Home\n\nWelcome.\n",
    "ledger.md": "---\ntitle: The Ledger\nrelationships:\n  - {type: used-by, target: reports}\n"
    "---\nLedger text.\n",
    "reports.md": "# Reports\n\nNumbers.\n",
    "platform/checkout.md": "---\nrelationships:\n  - type: relates-to\n    target: ledger\n"
    "    note: settles into it\n---\n# Checkout\n",
    "platform/index.md": "# Platform\n",
}
CONFIG = """\
site_name: Zensical wiki
theme:
  name: material
  features:
    - navigation.instant
plugins:
  - search
  - relations
"""


#: The environment's name and pip's steps, as test_generators.py names it: one for both.
ZENSICAL = ("zensical", ["install", "{wheel}[zensical]"])


@pytest.fixture(scope="module")
def zensical(envs: Envs) -> Path:
    """Zensical beside the built wheel, in the environment test_generators.py uses too."""
    if sys.version_info < (3, 11):
        pytest.skip("Zensical needs Python 3.11")
    return envs.get(*ZENSICAL).bin / "zensical"


def _project(root: Path, pages: dict[str, str] = WIKI) -> Path:
    for name, text in pages.items():
        path = root / "docs" / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    (root / "mkdocs.yml").write_text(CONFIG, encoding="utf-8")
    return root


def _zensical_build(zensical: Path, root: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [str(zensical), "build"], cwd=root, capture_output=True, text=True, timeout=300,
        check=False,
    )  # fmt: skip


def _panel(html: str) -> str:
    """The panel's markup, or "" for a page without one."""
    start = html.find('<aside class="relations')
    if start == -1:
        return ""
    return html[start : html.index("</aside>", start) + len("</aside>")]


@pytest.mark.venv(*ZENSICAL)
def test_lint_recipe_fails_on_a_broken_edge(zensical: Path, tmp_path: Path) -> None:
    broken = "---\nrelationships:\n  - {type: depends-on, target: ledgr}\n---\n# Reports\n"
    root = _project(tmp_path, {**WIKI, "reports.md": broken})
    built = _zensical_build(zensical, root)
    assert built.returncode == 0, built.stderr  # Zensical itself does not notice
    lint = run("lint", "-f", "mkdocs.yml", cwd=root)
    assert lint.returncode == 1
    assert "docs/reports.md:3: error: [missing-target] target 'ledgr'" in lint.stdout
    inject = run("inject", cwd=root)
    assert inject.returncode == 1 and "the site is left as it is" in inject.stderr
    assert "data-relations-panel" not in (root / "site" / "index.html").read_text("utf-8")
    (root / "docs" / "reports.md").write_text("# Reports\n", encoding="utf-8")
    assert run("lint", "-f", "mkdocs.yml", cwd=root).returncode == 0


def test_lint_reads_a_zensical_only_configuration(tmp_path: Path) -> None:
    root = _project(tmp_path)
    # A theme MkDocs does not have: Zensical's own; MkDocs cannot load this file.
    (root / "mkdocs.yml").write_text(CONFIG.replace("name: material", "name: zensical-only"))
    lint = run("lint", cwd=root)
    assert lint.returncode == 0, lint.stdout + lint.stderr
    assert "read as Zensical reads it" in lint.stderr


def _only_inserted(original: str, changed: str) -> bool:
    """Whether ``changed`` is ``original`` with text inserted: each of its characters still
    there, in order (linear; difflib's alignment of two whole pages took seconds)."""
    rest = iter(changed)
    return all(character in rest for character in original)


def test_only_inserted_tells_an_insertion_from_a_change() -> None:
    assert _only_inserted("<p>a</p>", "<p>a</p><div>panel</div>")
    assert _only_inserted("<p>ab</p>", "<p>a<i>x</i>b</p>")
    assert not _only_inserted("<p>ab</p>", "<p>ba</p>")
    assert not _only_inserted("<p>a</p>", "<p>A</p>")


@pytest.mark.venv(*ZENSICAL)
def test_inject_gives_the_panels_mkdocs_gives(zensical: Path, tmp_path: Path) -> None:
    mkdocs_root = _project(tmp_path / "mkdocs")
    built = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build"], cwd=mkdocs_root, capture_output=True,
        text=True, check=False,
    )  # fmt: skip
    assert built.returncode == 0, built.stderr
    root = _project(tmp_path / "zensical")
    assert _zensical_build(zensical, root).returncode == 0
    before = {p: p.read_text("utf-8") for p in (root / "site").rglob("*.html")}

    first = run("inject", cwd=root)
    assert first.returncode == 0, first.stderr
    # The platform index has no edge, so its page gets the finder but no panel.
    assert "5 of 5 pages changed (panel, path finder, block answers)" in first.stderr
    for page in ("index.html", "ledger/index.html", "reports/index.html",
                 "platform/checkout/index.html", "platform/index.html"):  # fmt: skip
        ours = (root / "site" / page).read_text("utf-8")
        theirs = (mkdocs_root / "site" / page).read_text("utf-8")
        assert _panel(ours) == _panel(theirs), page
        assert bool(_panel(ours)) == (page != "platform/index.html")  # it has no edge
        # Only insertions: every byte Zensical wrote is still there, in order.
        assert _only_inserted(before[root / "site" / page], ours), page
        assert "data-relations-pathfinder" in ours
    for asset in ("relations.css", "relations.js", "graph.json", "graph.js"):
        ours = (root / "site" / "assets" / "mkdocs-relations" / asset).read_bytes()
        theirs = (mkdocs_root / "site" / "assets" / "mkdocs-relations" / asset).read_bytes()
        assert ours == theirs, asset

    # Every edge shows on both ends, through the stable hooks.
    ledger = (root / "site" / "ledger" / "index.html").read_text("utf-8")
    assert ("used-by", "out", "Reports", "../reports/") in edges(parse(ledger))
    reports = (root / "site" / "reports" / "index.html").read_text("utf-8")
    assert ("used-by", "in") in [(t, d) for t, d, _, _ in edges(parse(reports))]

    # Idempotent: a second run changes nothing.
    snapshot = {p: p.read_bytes() for p in (root / "site").rglob("*") if p.is_file()}
    second = run("inject", cwd=root)
    assert second.returncode == 0 and "0 of 5 pages changed" in second.stderr
    assert snapshot == {p: p.read_bytes() for p in (root / "site").rglob("*") if p.is_file()}


BLOCKS = """# Reports

What the home page depends on, transitively:

```relations
from: "[[index]]"
follow: [depends-on, part-of]
depth: 2
show: table
columns: [title, hops, type]
```

!!! note "Every page"
    ```relations
    list: pages
    ```

An example stays an example:

````markdown
```relations
direction: both
```
````
"""
BLOCK_CONFIG = CONFIG + "markdown_extensions:\n  - admonition\n  - pymdownx.superfences\n"


def _answers(html: str) -> list[str]:
    """Each answer's markup: from its element to the end tag that closes it."""
    found = []
    at = html.find('<div class="relations-query')
    while at != -1:
        depth, end = 0, at
        for tag in re.finditer(r"<(/?)div\b", html[at:]):
            depth += -1 if tag.group(1) else 1
            if depth == 0:
                end = at + tag.start() + len("</div>")
                break
        found.append(html[at:end])
        at = html.find('<div class="relations-query', end)
    return found


@pytest.mark.venv(*ZENSICAL)
def test_inject_answers_relations_blocks(zensical: Path, tmp_path: Path) -> None:
    """A Zensical site gets the answers a MkDocs build gives, where the listing was."""
    roots = {}
    for name in ("mkdocs", "zensical"):
        root = roots[name] = _project(tmp_path / name, {**WIKI, "reports.md": BLOCKS})
        (root / "mkdocs.yml").write_text(BLOCK_CONFIG, encoding="utf-8")
    built = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict"], cwd=roots["mkdocs"],
        capture_output=True, text=True, check=False,
    )  # fmt: skip
    assert built.returncode == 0, built.stderr
    root = roots["zensical"]
    assert _zensical_build(zensical, root).returncode == 0
    page = root / "site" / "reports" / "index.html"
    assert _answers(page.read_text("utf-8")) == []  # Zensical printed the blocks as code
    result = run("inject", cwd=root)
    assert result.returncode == 0, result.stderr
    ours = page.read_text("utf-8")
    theirs = (roots["mkdocs"] / "site" / "reports" / "index.html").read_text("utf-8")
    assert len(_answers(theirs)) == 2
    assert _answers(ours) == _answers(theirs)
    assert "follow: [depends-on, part-of]" not in ours  # the listing gave way to the answer
    assert "```relations\ndirection: both" in html.unescape(re.sub(r"<[^>]+>", "", ours))
    # The site's one sheet, which holds the answers' styles.
    assert 'href="../assets/mkdocs-relations/relations.css"' in ours
    assert "relations-query.css" not in ours
    # The answers mark the page: a second run leaves it as it is.
    snapshot = page.read_bytes()
    assert run("inject", cwd=root).returncode == 0 and page.read_bytes() == snapshot


@pytest.mark.venv(*ZENSICAL)
def test_inject_stops_on_a_bad_block(zensical: Path, tmp_path: Path) -> None:
    bad = "# Reports\n\n```relations\nfollow: [depends-onn]\n```\n"
    root = _project(tmp_path, {**WIKI, "reports.md": bad})
    assert _zensical_build(zensical, root).returncode == 0
    snapshot = {p: p.read_bytes() for p in (root / "site").rglob("*") if p.is_file()}
    result = run("inject", cwd=root)
    assert result.returncode == 1, result.stdout + result.stderr
    assert "docs/reports.md:4" in result.stdout and "invalid-query" in result.stdout
    assert snapshot == {p: p.read_bytes() for p in (root / "site").rglob("*") if p.is_file()}


@pytest.mark.venv(*ZENSICAL)
def test_inject_refuses_a_site_built_from_other_docs(zensical: Path, tmp_path: Path) -> None:
    root = _project(tmp_path)
    assert _zensical_build(zensical, root).returncode == 0
    (root / "docs" / "new-page.md").write_text("# New\n", encoding="utf-8")
    snapshot = {p: p.read_bytes() for p in (root / "site").rglob("*") if p.is_file()}
    result = run("inject", cwd=root)
    assert result.returncode == 2
    assert "was not built from these docs: 1 of 6 pages have no built page (new-page.md)" \
        in result.stderr  # fmt: skip
    assert snapshot == {p: p.read_bytes() for p in (root / "site").rglob("*") if p.is_file()}


@pytest.mark.venv(*ZENSICAL)
def test_inject_without_directory_urls(zensical: Path, tmp_path: Path) -> None:
    root = _project(tmp_path)
    (root / "mkdocs.yml").write_text(CONFIG + "use_directory_urls: false\n", encoding="utf-8")
    assert _zensical_build(zensical, root).returncode == 0
    assert run("inject", cwd=root).returncode == 0
    ledger = (root / "site" / "ledger.html").read_text("utf-8")
    assert 'href="reports.html"' in _panel(ledger)
    assert 'href="assets/mkdocs-relations/relations.css"' in ledger
    places = find_places(ledger)
    assert places.marked and places.title == "The Ledger"
    shutil.rmtree(root / "site")


@pytest.mark.browser
@pytest.mark.venv(*ZENSICAL)
def test_path_finder_on_a_zensical_site_with_instant_navigation(
    zensical: Path, tmp_path: Path, browser: Any
) -> None:
    root = _project(tmp_path)
    assert _zensical_build(zensical, root).returncode == 0
    assert run("inject", cwd=root).returncode == 0
    expected = run("path", "reports", "platform/checkout", cwd=root).stdout.strip()
    with serve(root / "site") as url:
        page = browser.new_page(viewport={"width": 1200, "height": 900})
        errors: list[str] = []
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        page.goto(url + "reports/")
        page.wait_for_selector("[data-relations-pathfinder][data-relations-ready]")
        assert _finder_answer(page, "Checkout") == expected
        # Instant navigation swaps the page in place; the finder starts again on the new one.
        page.locator("[data-relations-panel] a", has_text="The Ledger").first.click()
        page.wait_for_url(url + "ledger/")
        page.wait_for_selector("[data-relations-pathfinder][data-relations-ready]")
        assert page.get_attribute("[data-relations-pathfinder]", "data-relations-page") == (
            "ledger"
        )
        assert errors == []
        page.close()


def _finder_answer(page: Any, text: str) -> str:
    page.locator(".relations-finder__input").fill(text)
    page.wait_for_selector(".relations-finder__option")
    page.keyboard.press("ArrowDown")
    page.keyboard.press("Enter")
    # The command line's form sits under "As text" (closed): attached, not visible.
    page.locator(".relations-finder__text").wait_for(state="attached")
    return str(page.locator(".relations-finder__text").text_content())


@pytest.mark.venv(*ZENSICAL)
def test_wikilinks_extension_runs_alone_in_zensical(zensical: Path, tmp_path: Path) -> None:
    """``mkdocs_relations.wikilinks`` in markdown_extensions: Zensical runs it, no plugin."""
    pages = {
        "index.md": "# Home\n\nSee [[ledger]], [[ledger|the ledger]] and [[ledgr]].\n\n"
        "`[[ledger]]`\n",
        "ops/ledger.md": "---\naliases: [books]\n---\n# Ledger\n\nBack to [[index]], [[books]].\n",
    }
    root = _project(tmp_path, pages)
    (root / "mkdocs.yml").write_text(
        "site_name: Z\nmarkdown_extensions:\n  - toc\n  - mkdocs_relations.wikilinks\n",
        encoding="utf-8",
    )
    env = {**os.environ, "PYTHONPATH": str(REPO)}  # the package's own modules, not installed
    built = subprocess.run(
        [str(zensical), "build"], cwd=root, capture_output=True, text=True, timeout=300,
        check=False, env=env,
    )  # fmt: skip
    assert built.returncode == 0, built.stderr
    output = built.stdout + built.stderr
    assert "docs/index.md:3: warning: [broken-wikilink] link 'ledgr' matches no page" in output
    home = (root / "site" / "index.html").read_text("utf-8")
    assert '<a class="relations-wikilink" href="ops/ledger/">the ledger</a>' in home
    assert "<code>[[ledger]]</code>" in home
    assert 'relations-wikilink-broken" title="No page matches this link' in home
    ledger = (root / "site" / "ops" / "ledger" / "index.html").read_text("utf-8")
    assert '<a class="relations-wikilink" href="../../">index</a>' in ledger
    assert '<a class="relations-wikilink" href="../ledger/">books</a>' in ledger

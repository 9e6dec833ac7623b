"""`inject` held to the build's guarantees (issue 19, points 1 to 3 and 11).

Each site is built by MkDocs without the plugin (as Zensical would build it: no panels), then
`mkdocs-relations inject` runs on it as a user runs it. What it must never do: write a link a
browser runs as a script, write anything outside the site folder (through any kind of link),
or leave a page neither old nor new when it is killed.
"""

from __future__ import annotations

import hashlib
import os
import re
import shutil
import signal
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from built_html import parse
from conftest import run, serve
from mkdocs.commands.build import build
from mkdocs.config import load_config

PLAIN = "site_name: Hostile wiki\nuse_directory_urls: {urls}\nplugins: []\n"
CONFIG = "site_name: Hostile wiki\nuse_directory_urls: {urls}\nplugins:\n  - relations\n"
HOME = """---
relationships:
  - {type: depends-on, target: ledger}
---
# Home

```relations
list: pages
show: table
```
"""


def project(root: Path, pages: dict[str, str], urls: bool = True) -> Path:
    """mkdocs.yml with the plugin, and ``site/`` built by MkDocs without it."""
    for name, text in pages.items():
        path = root / "docs" / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    (root / "mkdocs.yml").write_text(CONFIG.format(urls=urls), encoding="utf-8")
    plain = root / "plain.yml"
    plain.write_text(PLAIN.format(urls=urls), encoding="utf-8")
    build(load_config(str(plain)))
    plain.unlink()
    return root


def with_plugin(root: Path) -> Path:
    """The same docs built by MkDocs with the plugin, into ``root/mkdocs-site``."""
    build(load_config(str(root / "mkdocs.yml"), site_dir=str(root / "mkdocs-site")))
    return root / "mkdocs-site"


def hashes(root: Path, leave_out: Path | None = None) -> dict[str, str]:
    """Every file under ``root`` (links not followed) by its bytes' hash."""
    found = {}
    for folder, folders, names in os.walk(root):
        if leave_out is not None:
            folders[:] = [f for f in folders if Path(folder, f) != leave_out]
        for name in names:
            path = Path(folder, name)
            if path.is_symlink():
                found[str(path)] = "link to " + os.readlink(path)
            else:
                found[str(path)] = hashlib.sha256(path.read_bytes()).hexdigest()
    return found


# 1. URLs percent-encoded exactly as MkDocs encodes them.

HOSTILE_NAMES = [
    "javascript:window.x=1;alert(1)",
    "Platform team",
    "a#b",
    "what?now",
    "café",
    "JaVaScRiPt:void(0)",
]


def _links(html: str) -> list[str]:
    return [
        str(value)
        for element in parse(html)
        for name, value in element.attrs.items()
        if name in ("href", "xlink:href", "src", "data-relations-root") and value is not None
    ]


def _runs(link: str) -> bool:
    """Whether a browser would run ``link`` (it drops controls and tabs in a scheme)."""
    squeezed = re.sub(r"[\x00-\x20]", "", link).lower()
    return squeezed.startswith(("javascript:", "vbscript:", "data:"))


@pytest.mark.parametrize("urls", [True, False])
def test_inject_encodes_urls_as_mkdocs_does(tmp_path: Path, urls: bool) -> None:
    back = "---\nrelationships:\n  - {type: part-of, target: index}\n---\nText.\n"
    pages = {"index.md": HOME, "ledger.md": "# Ledger\n"}
    pages.update({f"{name}.md": back for name in HOSTILE_NAMES})
    root = project(tmp_path / "z", pages, urls)
    theirs = with_plugin(project(tmp_path / "m", pages, urls))
    result = run("inject", cwd=root)
    assert result.returncode == 0, result.stderr

    for page in sorted((root / "site").rglob("*.html")):
        html = page.read_text("utf-8")
        links = _links(html)
        assert not [link for link in links if _runs(link)], page
        if "data-relations-panel" not in html:
            continue
        # Each link inject wrote to a page is the link MkDocs wrote for the same page.
        mkdocs_html = (theirs / page.relative_to(root / "site")).read_text("utf-8")
        encoded = {link for link in _links(mkdocs_html) if "%" in link}
        assert {link for link in links if "%" in link} == encoded, page
    home = (root / "site" / "index.html").read_text("utf-8")
    suffix = "/" if urls else ".html"
    for encoded in ("javascript%3Awindow.x%3D1%3Balert%281%29", "Platform%20team", "a%23b",
                    "what%3Fnow", "caf%C3%A9"):  # fmt: skip
        assert f'href="{encoded}{suffix}"' in home, encoded
    graph = (root / "site" / "assets" / "mkdocs-relations" / "graph.json").read_text("utf-8")
    assert "javascript:" not in graph.replace("javascript:window", "")  # only as a title
    assert '"javascript%3Awindow.x%3D1%3Balert%281%29' + suffix in graph


# 2. Every write resolves inside the site folder; links are replaced, never written through.

WIKI = {
    "index.md": HOME,
    "ledger.md": "---\nrelationships:\n  - {type: used-by, target: reports}\n---\n# Ledger\n",
    "reports.md": "# Reports\n",
}


def _escape_folder(site: Path, outside: Path, inside: str) -> None:
    """Make ``site/inside`` a link to a folder outside that holds what was there."""
    target = outside / inside.replace("/", "_")
    place = site / inside
    if place.exists():
        shutil.move(str(place), str(target))
    else:
        target.mkdir(parents=True)
    place.parent.mkdir(parents=True, exist_ok=True)
    place.symlink_to(target, target_is_directory=True)


def _escape_file(site: Path, outside: Path, inside: str) -> None:
    target = outside / inside.replace("/", "_")
    target.write_text("the outside file\n", encoding="utf-8")
    place = site / inside
    place.parent.mkdir(parents=True, exist_ok=True)
    if place.exists():
        place.unlink()
    place.symlink_to(target)


LINKS = {
    "site/assets is a link out": (
        lambda s, o: _escape_folder(s, o, "assets"),
        "assets leads outside the site folder (a link to ",
    ),
    "site/assets/mkdocs-relations is a link out": (
        lambda s, o: _escape_folder(s, o, "assets/mkdocs-relations"),
        "assets/mkdocs-relations leads outside the site folder (a link to ",
    ),
    "graph.json is a link out": (
        lambda s, o: _escape_file(s, o, "assets/mkdocs-relations/graph.json"),
        "assets/mkdocs-relations/graph.json is a link to ",
    ),
    "graph.js is a dangling link out": (
        lambda s, o: (
            (s / "assets/mkdocs-relations").mkdir(parents=True)
            or (s / "assets/mkdocs-relations/graph.js").symlink_to(o / "nothing-yet.js")
        ),
        "assets/mkdocs-relations/graph.js is a link to ",
    ),
    "relations.css is a link out": (
        lambda s, o: _escape_file(s, o, "assets/mkdocs-relations/relations.css"),
        "assets/mkdocs-relations/relations.css is a link to ",
    ),
    "a page is a link out": (
        lambda s, o: _escape_file(s, o, "ledger/index.html"),
        "ledger/index.html is a link to ",
    ),
    "a page's folder is a link out": (
        lambda s, o: _escape_folder(s, o, "reports"),
        "reports leads outside the site folder (a link to ",
    ),
}


@pytest.mark.parametrize("case", list(LINKS))
def test_inject_refuses_links_that_lead_out(tmp_path: Path, case: str) -> None:
    root = project(tmp_path / "project", WIKI)
    outside = tmp_path / "outside"
    outside.mkdir()
    make, message = LINKS[case]
    make(root / "site", outside)
    site_before = hashes(root / "site")
    before = hashes(tmp_path, leave_out=root / "site")

    result = run("inject", cwd=root)
    assert result.returncode == 2, result.stderr
    assert message in result.stderr
    assert "nothing is written" in result.stderr and "Traceback" not in result.stderr
    assert hashes(tmp_path, leave_out=root / "site") == before
    assert hashes(root / "site") == site_before  # refused whole, not half written


def test_inject_replaces_links_inside_the_site(tmp_path: Path) -> None:
    """A hard link to a file outside, and links within the site: each is replaced by a file
    of its own; the file it shared its bytes with stays as it was."""
    root = project(tmp_path / "project", WIKI)
    site = root / "site"
    outside = tmp_path / "outside"
    outside.mkdir()
    os.link(site / "ledger" / "index.html", outside / "ledger-copy.html")
    shared = site / "shared.txt"
    shared.write_text("kept\n", encoding="utf-8")
    (site / "assets" / "mkdocs-relations").mkdir(parents=True)
    (site / "assets" / "mkdocs-relations" / "graph.json").symlink_to(shared)
    os.link(shared, site / "assets" / "mkdocs-relations" / "graph.js")
    before = hashes(tmp_path, leave_out=site)
    shared_before = shared.read_bytes()

    result = run("inject", cwd=root)
    assert result.returncode == 0, result.stderr
    assert hashes(tmp_path, leave_out=site) == before
    assert shared.read_bytes() == shared_before
    assert "data-relations-panel" in (site / "ledger" / "index.html").read_text("utf-8")
    for name in ("graph.json", "graph.js"):
        written = site / "assets" / "mkdocs-relations" / name
        assert not written.is_symlink() and written.stat().st_nlink == 1
        assert b'"format":"mkdocs-relations-graph"' in written.read_bytes()


def test_overview_outside_the_docs_is_refused(tmp_path: Path) -> None:
    root = project(tmp_path / "project", WIKI)
    outside = tmp_path / "outside" / "overview.md"
    (root / "mkdocs.yml").write_text(
        CONFIG.format(urls=True).replace(
            "  - relations\n", f"  - relations:\n      overview: {outside}\n"
        ),
        encoding="utf-8",
    )
    before = hashes(tmp_path, leave_out=root / "site")
    built = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build"], cwd=root, capture_output=True, text=True,
        timeout=120, check=False,
    )  # fmt: skip
    assert built.returncode == 1
    assert "Traceback" not in built.stderr
    assert (
        f"Config value 'plugins': Plugin 'relations' option 'overview': {str(outside)!r} is "
        "not a page inside the docs folder: write a docs-relative path such as "
        "'overview.md'" in built.stderr
    )
    assert hashes(tmp_path, leave_out=root / "site") == before
    assert not (tmp_path / "outside").exists()


# 3. A killed inject leaves every page whole, old or new; the next run finishes the job.

KILL_PAGES = 40
#: ``mkdocs-relations inject`` killing itself with SIGKILL at a chosen write, not after a
#: chosen time, so that every run dies where the test means it to however busy the machine
#: is: at the ``KILL_AT``-th file it renames into place (``KILL_WHERE=rename``: the temporary
#: file whole, the rename not done) or opens to write (``KILL_WHERE=write``: half of the
#: bytes written). The OS's calls are wrapped, not the package's: a page written without
#: a temporary file renamed into place is torn by a kill in its write, or never killed.
KILLED_INJECT = """
import os, signal, sys
from mkdocs_relations.cli import main

at, where, seen = int(os.environ["KILL_AT"]), os.environ["KILL_WHERE"], {"rename": 0, "write": 0}
real_replace, real_fdopen = os.replace, os.fdopen

def kill_at(kind):
    seen[kind] += 1
    return where == kind and seen[kind] == at

def replace(*args, **kwargs):
    if kill_at("rename"):
        os.kill(os.getpid(), signal.SIGKILL)
    return real_replace(*args, **kwargs)

class HalfWritten:
    def __init__(self, stream):
        self.stream = stream
    def __enter__(self):
        return self
    def __exit__(self, *exc):
        return self.stream.__exit__(*exc)
    def write(self, data):
        self.stream.write(data[: len(data) // 2])
        self.stream.flush()
        os.kill(os.getpid(), signal.SIGKILL)

def fdopen(fd, mode="r", *args, **kwargs):
    stream = real_fdopen(fd, mode, *args, **kwargs)
    return HalfWritten(stream) if "w" in mode and kill_at("write") else stream

os.replace, os.fdopen = replace, fdopen
sys.exit(main(sys.argv[1:]))
"""


def _big_wiki() -> dict[str, str]:
    pages = {"index.md": "# Home\n"}
    for i in range(KILL_PAGES):
        target = f"p{i + 1:03}" if i + 1 < KILL_PAGES else "index"
        pages[f"p{i:03}.md"] = (
            f"---\nrelationships:\n  - {{type: depends-on, target: {target}}}\n"
            f"---\n# Page {i}\n\nText.\n"
        )
    return pages


def _pages(site: Path) -> dict[str, bytes]:
    return {str(p.relative_to(site)): p.read_bytes() for p in site.rglob("*.html")}


def _restore(site: Path, before: dict[str, bytes]) -> None:
    shutil.rmtree(site / "assets" / "mkdocs-relations", ignore_errors=True)
    for leftover in site.rglob(".mkdocs-relations-*"):
        leftover.unlink()
    for name, data in before.items():
        (site / name).write_bytes(data)


def test_a_killed_inject_leaves_every_page_old_or_new(tmp_path: Path) -> None:
    root = project(tmp_path / "project", _big_wiki())
    site = root / "site"
    before = _pages(site)
    assert run("inject", cwd=root).returncode == 0
    after = _pages(site)
    changing = [name for name in before if after[name] != before[name]]
    assert len(changing) > KILL_PAGES
    # (where, at, whether some pages are new and some old): in the first file's write or
    # rename, nothing is new yet; past the graph files, part way through the pages, some are.
    kills = [("write", 1, False), ("rename", 1, False), ("write", len(changing) // 3, True),
             ("rename", len(changing) // 2, True), ("rename", len(changing), True)]  # fmt: skip
    for where, at, part_way in kills:
        _restore(site, before)
        killed = subprocess.run(
            [sys.executable, "-c", KILLED_INJECT, "inject"], cwd=root, capture_output=True,
            text=True, env={**os.environ, "KILL_AT": str(at), "KILL_WHERE": where},
            timeout=300, check=False,
        )  # fmt: skip
        assert killed.returncode == -signal.SIGKILL, (where, at, killed.stderr)
        now = _pages(site)
        assert now.keys() == before.keys()
        torn = [name for name in now if now[name] not in (before[name], after[name])]
        assert not torn, f"pages neither old nor new after kill -9 at {where} {at}: {torn[:5]}"
        done = sum(now[name] == after[name] for name in changing)
        assert (0 < done < len(changing)) if part_way else done == 0, (where, at, done)
        # The next run removes what the killed one left and finishes the pages it missed.
        again = run("inject", cwd=root)
        assert again.returncode == 0, again.stderr
        assert _pages(site) == after
        if part_way:
            assert "an earlier inject stopped part way" in again.stderr
        assert not list(site.rglob(".mkdocs-relations-*"))


def test_a_rerun_reports_what_an_interrupted_run_left(tmp_path: Path) -> None:
    root = project(tmp_path / "project", WIKI)
    site = root / "site"
    ledger = (site / "ledger" / "index.html").read_bytes()
    assert run("inject", cwd=root).returncode == 0
    after = _pages(site)
    # As a run killed between two pages leaves the site: one page old, a temporary file.
    (site / "ledger" / "index.html").write_bytes(ledger)
    (site / "ledger" / ".mkdocs-relations-index.html.x1y2.tmp").write_bytes(b"<html>")
    result = run("inject", cwd=root)
    assert result.returncode == 0, result.stderr
    assert (
        "mkdocs-relations: removed 1 temporary files an interrupted inject left "
        "(ledger/.mkdocs-relations-index.html.x1y2.tmp); no page was half written"
    ) in result.stderr
    assert (
        "mkdocs-relations: an earlier inject stopped part way: 1 pages it had not reached "
        "are done now"
    ) in result.stderr
    assert _pages(site) == after


# 11. Where inject puts things, in pages a browser reads differently from a naive parser.

LEDGER_TEXT = "<p>Text.</p>"
PLACEMENT = {
    "end tags left out": "<p>First\n<p>Second\n<ul><li>one<li>two</ul>",
    "an unclosed div": '<div class="note">Unclosed',
    "an unclosed h1": "<h1>Second title",
    "an article in a textarea": '<textarea><article class="md-content__inner"></textarea>',
    "a stray end tag": "</article></main><p>after</p>",
}


def _placement_site(tmp_path: Path) -> tuple[Path, Path]:
    root = project(
        tmp_path / "project",
        {**WIKI, "ledger.md": WIKI["ledger.md"] + "\nText.\n"},
    )
    return root, root / "site" / "ledger" / "index.html"


def _in_main(html: str, attribute: str) -> bool:
    """Whether every element with ``attribute`` stands in the page's main content."""
    found = [e for e in parse(html) if attribute in e.attrs]
    return bool(found) and all(
        any(a.get("role") == "main" for a in element.ancestors) for element in found
    )


@pytest.mark.parametrize("case", list(PLACEMENT))
def test_the_panel_goes_in_the_content_however_the_page_is_written(
    tmp_path: Path, case: str
) -> None:
    root, page = _placement_site(tmp_path)
    html = page.read_text("utf-8")
    assert LEDGER_TEXT in html
    page.write_text(html.replace(LEDGER_TEXT, PLACEMENT[case]), encoding="utf-8")
    result = run("inject", cwd=root)
    assert result.returncode == 0, result.stderr
    injected = page.read_text("utf-8")
    assert _in_main(injected, "data-relations-panel"), case
    if case == "an article in a textarea":
        assert PLACEMENT[case] in injected  # the textarea's text is as it was


def test_a_byte_that_is_not_utf8_is_kept(tmp_path: Path) -> None:
    root, page = _placement_site(tmp_path)
    data = page.read_bytes().replace(b"<p>Text.</p>", b"<p>Caf\xe9</p>")
    page.write_bytes(data)
    result = run("inject", cwd=root)
    assert result.returncode == 0 and "Traceback" not in result.stderr, result.stderr
    written = page.read_bytes()
    assert b"<p>Caf\xe9</p>" in written and b"data-relations-panel" in written


def test_a_page_without_a_body_end_gets_its_scripts(tmp_path: Path) -> None:
    root, page = _placement_site(tmp_path)
    page.write_text(page.read_text("utf-8").replace("</body>", ""), encoding="utf-8")
    assert run("inject", cwd=root).returncode == 0
    injected = page.read_text("utf-8")
    assert "data-relations-pathfinder" in injected
    assert 'src="../assets/mkdocs-relations/relations.js" data-relations-assets>' in (injected)


def test_plugin_attributes_in_content_do_not_stop_inject(tmp_path: Path) -> None:
    root, page = _placement_site(tmp_path)
    example = "<div data-relations-panel data-relations-query data-relations-pathfinder>x</div>"
    page.write_text(page.read_text("utf-8").replace(LEDGER_TEXT, example), encoding="utf-8")
    result = run("inject", cwd=root)
    assert result.returncode == 0 and "3 of 3 pages changed" in result.stderr, result.stderr
    assert page.read_text("utf-8").count("data-relations-panel") == 2


def test_a_page_an_older_inject_changed_is_reported(tmp_path: Path) -> None:
    root, page = _placement_site(tmp_path)
    older = '<link rel="stylesheet" href="../assets/mkdocs-relations/relations.css" data-relations-assets>\n</head>'  # noqa: E501
    before = page.read_text("utf-8").replace("</head>", older, 1)
    page.write_text(before, encoding="utf-8")
    result = run("inject", cwd=root)
    assert result.returncode == 0
    assert (
        "mkdocs-relations: 1 pages already link the plugin's styles or scripts (another "
        "version of inject, or a MkDocs build with the plugin; first: ledger/index.html); left "
        "as they were: rebuild the site, then run inject"
    ) in result.stderr
    assert page.read_text("utf-8") == before


def test_a_block_with_a_tab_is_answered(tmp_path: Path) -> None:
    block = "```relations\nlist:\tpages\nshow: table\n```\n"
    root = project(tmp_path / "project", {**WIKI, "reports.md": "# Reports\n\n" + block})
    assert "\t" in (root / "docs" / "reports.md").read_text("utf-8")
    result = run("inject", cwd=root)
    assert result.returncode == 0 and "has no place" not in result.stderr, result.stderr
    assert "data-relations-query" in (root / "site" / "reports" / "index.html").read_text("utf-8")


def test_a_page_named_like_a_script_is_only_a_link_in_chromium(
    tmp_path: Path, browser: Any
) -> None:
    back = "---\nrelationships:\n  - {type: part-of, target: index}\n---\nText.\n"
    name = "javascript:window.x=1;alert(1)"
    root = project(tmp_path / "z", {"index.md": HOME, "ledger.md": "# L\n", f"{name}.md": back})
    assert run("inject", cwd=root).returncode == 0
    with serve(root / "site") as url:
        page = browser.new_page()
        dialogs: list[str] = []
        page.on("dialog", lambda dialog: (dialogs.append(dialog.message), dialog.dismiss()))
        page.goto(url)
        link = page.locator("[data-relations-panel] a", has_text=name).first
        assert link.get_attribute("href") == "javascript%3Awindow.x%3D1%3Balert%281%29/"
        link.click()
        page.wait_for_load_state()
        assert dialogs == [] and page.evaluate("window.x") is None
        assert page.url == url + "javascript%3Awindow.x%3D1%3Balert%281%29/"
        page.close()


def test_inject_checks_rules_and_lists_them_in_the_overview_as_the_build_does(
    tmp_path: Path,
) -> None:
    """The build fails on a rule's error and its overview ends with the rules' section;
    inject, which lints first, must do both, or a Zensical site passes what MkDocs fails."""
    rules = (
        "---\nrules:\n  - pages: {folder: services}\n    requires: depends-on\n"
        "    severity: {severity}\n---\n# Config\n"
    )
    pages = {
        **WIKI,
        "overview.md": "# Overview\n\n<!-- relations/overview -->\n",
        "services/api.md": "# API\n",
        "wiki-config.md": rules.replace("{severity}", "error"),
    }
    root = project(tmp_path / "failing", pages)
    failed = run("inject", cwd=root)
    assert failed.returncode == 1, failed.stdout + failed.stderr
    assert "docs/services/api.md:1: error: [rule-required]" in failed.stdout
    root = project(
        tmp_path / "warning", {**pages, "wiki-config.md": rules.replace("{severity}", "warning")}
    )
    done = run("inject", cwd=root)
    assert done.returncode == 0, done.stderr
    overview = (root / "site" / "overview" / "index.html").read_text("utf-8")
    assert "<h2" in overview and ">Rules</h2>" in overview, overview[-3000:]
    assert "services/api" in overview.split(">Rules</h2>", 1)[1]

"""What the path finder's scripts share with Python comes from the build, never from a copy.

The widget's data attributes and the graph file carry the asset paths, the graph's format,
version and global, the hop limit and every message; the scripts repeat none of them. The
browser side of this (change them in Python alone, the finder still answers) is
tests/test_browser_finder.py::test_the_finder_reads_what_the_build_writes.
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess

import pytest
from built_html import finder_form, parse
from conftest import REPO, Site
from wikis import PANEL_WIKI as WIKI

from mkdocs_relations.model.direction import ORDER, number
from mkdocs_relations.model.paths import DEFAULT_MAX_HOPS
from mkdocs_relations.output import export, site_files
from mkdocs_relations.output.labels import DEFAULT_LABELS, FINDER_MESSAGES

ASSETS = REPO / "mkdocs_relations" / "assets"
SCRIPTS = {
    name: (ASSETS / name).read_text("utf-8")
    for name in ("relations-finder.js", "relations-paths.js")
}
#: The only numbers the scripts may hold, each for a reason of its own.
STRUCTURAL_NUMBERS = {
    0, 1, -1,  # first, next, none
    2,  # a direction packed beside a neighbour (out, in)
    3,  # an edge is three numbers in the graph file
    9,  # the digits 0-9 in a pattern
    10,  # MAX_OPTIONS: suggestions shown
    0x811C9DC5, 0x01000193,  # FNV-1a's offset and prime: a page's shard (finder_files.py)
}  # fmt: skip


def _code(text: str) -> str:
    """The script without its comments (which may well quote a path or a message)."""
    text = re.sub(r"/\*.*?\*/", "", text, flags=re.S)
    return re.sub(r"(?m)//.*$", "", text)


def _strings(text: str) -> list[str]:
    return [json.loads(s) for s in re.findall(r'"(?:[^"\\]|\\.)*"', _code(text))]


@pytest.mark.parametrize("name", sorted(SCRIPTS))
def test_scripts_hold_no_copy_of_what_the_build_writes(name: str) -> None:
    code = _code(SCRIPTS[name])
    written = [
        site_files.ASSET_DIR,
        site_files.GRAPH_SCRIPT,
        site_files.GRAPH_JSON,
        site_files.SCRIPT,
        export.SITE_GRAPH_FORMAT,
        export.SITE_GRAPH_VARIABLE,
    ]
    for value in written:
        assert value not in code, f"{name} repeats {value!r}: read it from the widget"
    for value in (site_files.GRAPH_SCRIPT, site_files.GRAPH_JSON, site_files.SCRIPT):
        assert value.rsplit("/", 1)[1] not in code
    for string in _strings(SCRIPTS[name]):
        assert "assets" not in string and not string.endswith((".js", ".json", ".css"))
        assert string not in DEFAULT_LABELS.values(), f"{name} repeats the label {string!r}"
    numbers = {
        int(n, 0) * (-1 if sign else 1)
        for sign, n in re.findall(r"(?<![\w.$])(-?)(0x[0-9a-fA-F]+|\d+)(?![\w.])", code)
    }
    assert DEFAULT_MAX_HOPS not in STRUCTURAL_NUMBERS
    assert numbers <= STRUCTURAL_NUMBERS, (
        f"{name} holds {sorted(numbers - STRUCTURAL_NUMBERS)}: a default the build should "
        "write (max_hops is the graph file's), or a new constant to list here with its reason"
    )


def test_the_script_shows_exactly_the_finder_labels() -> None:
    """Every message key the finder shows is a label (so ``labels:`` reaches it), and every
    finder label is shown: none is dead on either side."""
    used = {s for s in _strings(SCRIPTS["relations-finder.js"]) if s.startswith("finder_")}
    assert used == set(FINDER_MESSAGES)
    assert not any(DEFAULT_LABELS[key] in SCRIPTS["relations-finder.js"] for key in used)


def test_the_widget_carries_the_graph_and_the_root_from_its_page(site: Site) -> None:
    site.pages(WIKI)
    site.extra_config = {"use_directory_urls": False}
    assert site.build().ok
    graph = site_files.graph_script()
    (widget,) = [e for e in finder_form(site.site_dir) if "data-relations-pathfinder" in e.attrs]
    # Site-relative: the script puts each page's root in front.
    assert widget.attrs["data-relations-graph"] == graph.path
    assert widget.attrs["data-relations-graph-format"] == graph.format
    assert widget.attrs["data-relations-graph-version"] == str(graph.version)
    assert widget.attrs["data-relations-graph-variable"] == graph.variable
    assert "data-relations-page" not in widget.attrs and "data-relations-root" not in widget.attrs
    messages = json.loads(str(widget.attrs["data-relations-messages"]))
    assert messages == {key: DEFAULT_LABELS[key] for key in FINDER_MESSAGES}
    assert (site.site_dir / graph.path).read_text("utf-8").startswith(f"window.{graph.variable}=")
    for page, root, page_id in (
        ("index.html", "./", "index"),
        ("platform/checkout.html", "../", "platform/checkout"),
    ):
        html = site.html(page)
        (holder,) = [e for e in parse(html) if "data-relations-pathfinder" in e.attrs]
        assert holder.attrs["data-relations-root"] == root
        assert holder.attrs["data-relations-page"] == page_id
        # Nothing every page would say alike: the form is the site's script's, which starts
        # the finder's with it; the widget carries the id the panel's link names.
        assert set(holder.attrs) == {
            "data-relations-pathfinder",
            "data-relations-page",
            "data-relations-root",
            "hidden",
        }
        assert widget.attrs["id"] == "relations-finder"
        # The form is the site's, written once: a page holds none of it.
        assert "<form" not in html and "data-relations-messages" not in html
        scripts = [e.attrs["src"] for e in parse(html) if e.tag == "script" and e.attrs.get("src")]
        # One script: the picture's, the path search, the widget and its form, in that order.
        assert [s for s in scripts if "mkdocs-relations" in str(s)] == [
            root.removeprefix("./") + site_files.SCRIPT
        ]


def test_the_path_search_has_no_default_bound() -> None:
    node = shutil.which("node")
    if node is None:
        pytest.skip("node is not installed")
    script = (
        f"const p = require({json.dumps(str(ASSETS / 'relations-paths.js'))});"
        "const index = p.buildIndex({ids: ['a', 'b'], types: [{name: 't'}], edges: [0, 1, 0]});"
        "let thrown = false; try { p.shortestPath(index, 0, 1, {}); } catch (e) { thrown = true; }"
        "process.stdout.write(JSON.stringify([thrown, Object.keys(p).sort(),"
        " p.shortestPath(index, 0, 1, {maxHops: 1})]));"
    )
    result = subprocess.run([node, "-e", script], capture_output=True, text=True, check=True)
    thrown, api, steps = json.loads(result.stdout)
    assert thrown, "a search without maxHops must fail, not run unbounded or guess a default"
    assert api == [
        "addShard", "allNames", "buildIndex", "continuePath", "nearNames", "pageId",
        "pageNames", "pageNumber", "rankMatches", "readManifest", "shardsFor", "shortestPath",
        "startPath", "title",
    ]  # fmt: skip
    assert steps == [{"from": 0, "to": 1, "type": "t", "direction": "out"}]


def test_the_search_script_names_directions_as_python_does() -> None:
    """relations-paths.js numbers a step's direction as the path indexes do; its words for
    them are direction.ORDER's (the parity test in test_paths.py compares whole answers)."""
    (words,) = re.findall(r"var DIRECTIONS = (\[[^\]]*\]);", SCRIPTS["relations-paths.js"])
    assert json.loads(words) == list(ORDER)
    assert [number(d) for d in ORDER] == [0, 1]

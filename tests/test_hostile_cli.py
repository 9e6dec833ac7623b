"""Hostile conditions around the command line: closed pipes, full disks, unreadable files,
narrow consoles, file names that are not UTF-8, folder links that loop, and wikis with errors
on which the command line and the site's path finder must still agree."""

from __future__ import annotations

import itertools
import json
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest
from conftest import Site, run
from finder_js import NODE, PATHS_JS, RUNNER

from mkdocs_relations.cli.shared import load_mkdocs_wiki
from mkdocs_relations.model.paths import PathIndex

SCRIPT = Path(sys.executable).with_name("mkdocs-relations")

#: A wiki with one error of every kind that leaves edges behind: an unknown type, a missing
#: target, a redlink, a self-reference, a duplicate, an ambiguous target and a cycle.
BROKEN_WIKI = {
    "a.md": """
        ---
        relationships:
          - {type: depends-on, target: b}
          - {type: mentions, target: d}
          - {type: depends-on, target: nowhere}
          - {type: relates-to, target: a}
        ---
        """,
    "b.md": """
        ---
        relationships:
          - {type: part-of, target: c}
          - {type: part-of, target: c}
          - {type: depends-on, target: a}
        ---
        """,
    "c.md": """
        ---
        relationships:
          - {type: relates-to, target: twin}
          - {type: used-by, target: planned, redlink: true}
        ---
        """,
    "d.md": "---\nrelationships:\n  - {type: mentions, target: e}\n---\n",
    "e.md": "---\nrelationships:\n  - {type: caused-by, target: c}\n---\n",
    "x/twin.md": "# Twin\n",
    "y/twin.md": "# Twin\n",
}


def _shell(command: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        ["bash", "-o", "pipefail", "-c", command],
        cwd=cwd,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
        env={**os.environ, "RELATIONS": str(SCRIPT)},
    )


@pytest.fixture
def many_errors(site: Site) -> Site:
    """Enough diagnostics to fill a pipe's buffer, so `head` closes it mid-output."""
    for number in range(2000):
        site.page(f"p{number}.md", "---\nrelationships:\n  - {type: nope, target: index}\n---\n")
    site.page("index.md", "# Home\n")
    site.write_config()
    return site


def test_output_cut_short_by_head_is_quiet(many_errors: Site) -> None:
    result = _shell('"$RELATIONS" lint | head -1', many_errors.root)
    assert "Traceback" not in result.stderr and "BrokenPipe" not in result.stderr
    assert result.stdout.count("\n") == 1 and "unknown relationship type 'nope'" in result.stdout
    # The wiki has errors: lint's own status survives the closed pipe.
    assert result.returncode == 1, result.stderr
    assert result.stderr.endswith("2001 pages, 2000 edges: 2000 errors in 2000 files\n")


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs /dev/full")
def test_output_to_a_full_disk_is_exit_2_with_a_message(many_errors: Site) -> None:
    result = _shell('"$RELATIONS" lint > /dev/full', many_errors.root)
    assert "Traceback" not in result.stderr
    assert result.returncode == 2
    assert result.stderr.splitlines()[-1] == (
        "mkdocs-relations: cannot write the output: No space left on device"
    )


def test_unreadable_config_file_is_exit_2() -> None:
    folder = Path(tempfile.mkdtemp(prefix="relations-unreadable-"))
    try:
        folder.chmod(0o755)
        (folder / "docs").mkdir()
        (folder / "docs" / "index.md").write_text("# Home\n")
        config = folder / "mkdocs.yml"
        config.write_text("site_name: x\nplugins:\n  - relations\n")
        config.chmod(0)
        command = [str(SCRIPT), "lint", "-f", str(config)]
        if os.geteuid() == 0:  # root reads anything: drop to nobody for this run
            setpriv = shutil.which("setpriv")
            if setpriv is None:
                pytest.skip("running as root without setpriv")
            command = [setpriv, "--reuid=65534", "--regid=65534", "--clear-groups", *command]
        result = subprocess.run(
            command, cwd=folder, capture_output=True, text=True, timeout=120, check=False
        )
    finally:
        shutil.rmtree(folder)
    assert result.returncode == 2, result.stderr
    assert result.stderr == f"mkdocs-relations: cannot read {config}: Permission denied\n"


def test_path_on_a_cp1252_console(site: Site) -> None:
    site.pages({"a.md": "---\nrelationships: [{type: depends-on, target: b}]\n---\n"})
    site.pages({"b.md": "---\nrelationships: [{type: part-of, target: c}]\n---\n", "c.md": "#\n"})
    site.write_config()
    command = [str(SCRIPT), "path", "a", "c"]
    environment = {**os.environ, "PYTHONIOENCODING": "cp1252"}
    result = subprocess.run(
        command, cwd=site.root, capture_output=True, timeout=120, check=False, env=environment
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout == b"[[a]] -depends-on-> [[b]] -part-of-> [[c]]\n"
    utf8 = run("path", "a", "c", cwd=site.root)
    assert utf8.stdout == "[[a]] —depends-on→ [[b]] —part-of→ [[c]]\n"


def test_json_stays_valid_with_a_file_name_that_is_not_utf8(site: Site) -> None:
    name = b"caf\xe9.md"
    (site.docs / os.fsdecode(name)).write_bytes(
        b"---\nrelationships: [{type: nope, target: index}]\n---\n"
    )
    site.page("index.md", "# Home\n")
    result = subprocess.run(
        [str(SCRIPT), "lint", "--docs-dir", "docs", "--format", "json"],
        cwd=site.root,
        capture_output=True,
        timeout=120,
        check=False,
    )
    document = json.loads(result.stdout.decode("utf-8"))  # strict UTF-8, valid JSON
    [diagnostic] = document["diagnostics"]
    assert os.fsencode(diagnostic["file"]) == name, "the escape round-trips to the real name"
    assert diagnostic["code"] == "unknown-type"


def test_path_with_an_unknown_type_is_exit_2_like_reach(site: Site) -> None:
    site.pages({"a.md": "---\nrelationships: [{type: depends-on, target: b}]\n---\n", "b.md": "#"})
    site.write_config()
    message = (
        "mkdocs-relations: unknown type 'depends-onn'; --type "
        "takes a type's name or its inverse label, one of depends-on, part-of, relates-to, "
        "supersedes, caused-by, used-by\n"
    )
    for command in (("path", "a", "b"), ("reach", "a")):
        result = run(*command, "--type", "depends-onn", cwd=site.root)
        assert (result.returncode, result.stderr) == (2, message)
    # A misspelt inverse label is told the label, never a type of the other direction.
    spelt = run("reach", "a", "--type", "usedd by", cwd=site.root)
    assert "unknown type 'usedd by' (did you mean 'used by'?)" in spelt.stderr


def test_type_words_are_read_as_blocks_read_them(site: Site) -> None:
    """``--type`` takes a name, a label or an inverse label, as ``follow`` does."""
    site.pages(
        {
            "a.md": "---\nrelationships: [{type: depends-on, target: b}, "
            "{type: relates-to, target: c}]\n---\n",
            "b.md": "#",
            "c.md": "#",
        }
    )
    site.write_config()
    used_by = run("reach", "b", "--type", "used by", cwd=site.root)
    assert (used_by.returncode, used_by.stdout) == (
        0,
        "used by (from [[b]], depends-on, reversed):\n  1 hop: [[a]]\n",
    )
    named = run("reach", "a", "--type", "depends on", cwd=site.root)
    assert named.stdout == "depends on (from [[a]], depends-on):\n  1 hop: [[b]]\n"
    related = run("path", "c", "a", "--type", "relates to", cwd=site.root)
    assert (related.returncode, related.stdout) == (0, "[[c]] ←relates-to— [[a]]\n")
    directed = run("path", "b", "a", "--type", "used by", "--directed", cwd=site.root)
    assert directed.returncode == 2
    assert "'used by' reads depends-on backwards" in directed.stderr
    site.plugin_options = {"types": [{"name": "governed-by", "inverse": "governs"}]}
    site.write_config()
    governs = run("reach", "a", "--type", "Governs", cwd=site.root)
    assert governs.stdout == (
        "governs (from [[a]], governed-by, reversed):\n  nothing within the bound\n"
    )


@pytest.mark.parametrize("field", ["", "  "])
def test_empty_field_is_refused(site: Site, field: str) -> None:
    site.page("index.md", "# Home\n")
    site.write_config()
    result = run("lint", "--field", field, cwd=site.root)
    assert result.returncode == 2
    assert "argument --field: must be a frontmatter key such as relationships" in result.stderr


def test_folder_links_that_loop_are_walked_once(tmp_path: Path) -> None:
    docs = tmp_path / "docs"
    (docs / "sub").mkdir(parents=True)
    (docs / "a.md").write_text("---\nrelationships: [{type: relates-to, target: b}]\n---\n")
    (docs / "sub" / "b.md").write_text("# B\n")
    os.symlink(".", docs / "loop-1")
    os.symlink(".", docs / "loop-2")  # two links to `.` made os.walk visit about 2^40 paths
    os.symlink("..", docs / "sub" / "up")
    os.symlink("sub", docs / "alias")
    result = run("lint", "--docs-dir", "docs", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    loop = (
        "which contains the link itself: a loop, so its pages are read once, under the docs "
        "folder; remove the link or list it in exclude_docs"
    )
    assert result.stdout.splitlines() == [
        "docs/alias:1: warning: [linked-folder] folder 'alias' is a symbolic link to 'sub', "
        "which is read already, so its pages are read once, under 'sub'; remove the link or "
        "list it in exclude_docs",
        f"docs/loop-1:1: warning: [linked-folder] folder 'loop-1' is a symbolic link to the "
        f"docs folder, {loop}",
        f"docs/loop-2:1: warning: [linked-folder] folder 'loop-2' is a symbolic link to the "
        f"docs folder, {loop}",
        f"docs/sub/up:1: warning: [linked-folder] folder 'sub/up' is a symbolic link to the "
        f"docs folder, {loop}",
    ]
    assert "2 pages, 1 edge:" in result.stderr, "each page once"
    strict = run("lint", "--docs-dir", "docs", "--strict", cwd=tmp_path)
    assert strict.returncode == 1


def test_labels_with_unknown_placeholders_are_a_configuration_error(
    site: Site, caplog: pytest.LogCaptureFixture
) -> None:
    site.page("index.md", "# Home\n")
    site.plugin_options = {"labels": {"transitive": "{0}", "more": "and {n} more"}}
    with pytest.raises(SystemExit):
        site.load()
    assert (
        "label 'transitive' ('{0}') can use {label}; write literal braces as {{ and }}"
        in caplog.text
    )
    assert "'more'" not in caplog.text
    site.plugin_options = {"labels": {"transitive": "{label} (all)", "hop": "one {{hop}}"}}
    assert site.build().ok


def test_cli_path_answers_as_the_site_finder_on_a_wiki_with_errors(site: Site) -> None:
    """One rule for both: the finder reads the site's graph file, the CLI the wiki itself."""
    if NODE is None:
        pytest.skip("node is not installed")
    site.pages(BROKEN_WIKI)
    site.plugin_options = {"fail_on_error": False}
    result = site.build()
    assert result.ok and any("[unknown-type]" in m for m in result.logged("ERROR"))
    graph = json.loads((site.site_dir / "assets" / "mkdocs-relations" / "graph.json").read_text())
    loaded = load_mkdocs_wiki(str(site.root / "mkdocs.yml"), None)
    index = PathIndex.from_graph(loaded.wiki.graph)
    assert index.ids == graph["ids"]
    queries = []
    expected = []
    for directed, (source, target) in itertools.product(
        (False, True), itertools.product(range(len(index.ids)), repeat=2)
    ):
        queries.append([source, target, {"maxHops": 4, "types": None, "directed": directed}])
        steps = index.shortest_path(index.ids[source], index.ids[target], directed=directed)
        expected.append(
            None
            if steps is None
            else [[index.rank[s.source], index.rank[s.target], s.type, s.direction] for s in steps]
        )
    runner = site.root / "runner.js"
    runner.write_text(RUNNER)
    finder = subprocess.run(
        [NODE, str(runner), str(PATHS_JS)],
        input=json.dumps([{"graph": graph, "queries": queries}]),
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )
    assert json.loads(finder.stdout) == [expected]
    # The pair an unknown-type edge would connect: the command line finds no path either.
    cli = run("path", "a", "e", "--max-hops", "2", cwd=site.root)
    assert (cli.returncode, cli.stdout) == (
        1,
        "no path from [[a]] to [[e]] within 2 hops: the shortest is 3 hops "
        "(--max-hops 3 shows it)\n",
    )

"""``mkdocs-relations path``, ``reach`` and ``export`` on a real site folder."""

from __future__ import annotations

import json

import pytest
from conftest import Site, run
from wikis import CYCLE_AND_DIAMOND, PANEL_WIKI


@pytest.fixture
def wiki(site: Site) -> Site:
    site.pages(PANEL_WIKI)
    site.write_config()
    return site


def test_path_text(wiki: Site) -> None:
    result = run("path", "reporting", "platform/checkout", cwd=wiki.root)
    assert result.returncode == 0, result.stderr
    assert result.stdout == (
        "[[reporting]] —depends-on→ [[index]] —part-of→ [[platform/checkout]]\n"
    )


def test_path_json_and_reverse_steps(wiki: Site) -> None:
    result = run("path", "ledger", "reporting", "--format", "json", cwd=wiki.root)
    assert result.returncode == 0
    assert json.loads(result.stdout) == {
        "source": "ledger",
        "target": "reporting",
        "found": True,
        "max_hops": 4,
        "path": [
            {"from": "ledger", "to": "index", "type": "depends-on", "direction": "in"},
            {"from": "index", "to": "reporting", "type": "depends-on", "direction": "in"},
        ],
    }


def test_path_accepts_any_target_form(wiki: Site) -> None:
    result = run("path", "[[Reports]]", "[[platform/checkout|x]]", cwd=wiki.root)
    assert result.stdout.startswith("[[reports]] ←used-by— [[index]]")


def test_no_path_within_the_bound_exits_1(wiki: Site) -> None:
    result = run(
        "path", "reporting", "ledger", "--max-hops", "1", "--format", "json", cwd=wiki.root
    )
    assert result.returncode == 1
    # The shortest chain beyond the bound is named, so nobody raises --max-hops blindly.
    assert json.loads(result.stdout) == {
        "source": "reporting", "target": "ledger", "found": False, "max_hops": 1, "path": [],
        "shortest_hops": 2,
    }  # fmt: skip
    farther = run("path", "reporting", "ledger", "--max-hops", "1", cwd=wiki.root)
    assert farther.returncode == 1 and farther.stdout == (
        "no path from [[reporting]] to [[ledger]] within 1 hop: the shortest is 2 hops "
        "(--max-hops 2 shows it)\n"
    )
    # A page with no chain to the other at any length: raising the bound would not help.
    text = run("path", "lonely", "ledger", "--max-hops", "50", cwd=wiki.root)
    assert text.returncode == 1 and text.stdout == (
        "no path from [[lonely]] to [[ledger]]: not connected by any chain of edges, however long\n"
    )
    typed = run("path", "lonely", "ledger", "--type", "depends-on", "--directed", cwd=wiki.root)
    assert typed.stdout.endswith(
        "not connected by any chain of edges of type depends-on in their declared direction, "
        "however long\n"
    )
    unbound = run("path", "lonely", "ledger", "--format", "json", cwd=wiki.root)
    assert json.loads(unbound.stdout)["shortest_hops"] is None


def test_type_filter_and_directed(wiki: Site) -> None:
    only = run(
        "path", "index", "ledger", "--type", "relates-to", "--type", "part-of", cwd=wiki.root
    )
    assert only.stdout == "[[index]] —part-of→ [[platform/checkout]] —relates-to→ [[ledger]]\n"
    directed = run("path", "ledger", "index", "--directed", cwd=wiki.root)
    assert directed.returncode == 1


def test_same_page_is_zero_hops(wiki: Site) -> None:
    result = run("path", "ledger", "Ledger", "--format", "json", cwd=wiki.root)
    assert json.loads(result.stdout)["path"] == [] and result.returncode == 0


def test_unknown_page_exits_2_with_suggestions(wiki: Site) -> None:
    result = run("path", "ledgr", "index", cwd=wiki.root)
    assert result.returncode == 2
    assert "no page matches 'ledgr'; did you mean 'ledger'?" in result.stderr


def test_max_hops_comes_from_mkdocs_yml(site: Site) -> None:
    site.pages(CYCLE_AND_DIAMOND)
    site.plugin_options = {"max_hops": 2}
    site.write_config()
    assert run("path", "a", "e", cwd=site.root).returncode == 1
    assert run("path", "a", "e", "--max-hops", "3", cwd=site.root).returncode == 0


def test_reach(site: Site) -> None:
    site.pages(CYCLE_AND_DIAMOND)
    site.write_config()
    result = run("reach", "e", "--type", "depends-on", "--reverse", cwd=site.root)
    assert result.stdout.splitlines() == [
        "used by (from [[e]], depends-on, reversed):",
        "  1 hop: [[d]]",
        "  2 hops: [[b]], [[c]]",
        "  3 hops: [[a]]",
    ]
    data = json.loads(
        run("reach", "x", "--type", "feeds", "--format", "json", cwd=site.root).stdout
    )
    assert [(r["page"], r["hops"]) for r in data["types"]["feeds"]] == [("y", 1), ("z", 2)]
    assert data["types"]["feeds"][1]["path"][1] == {
        "from": "y", "to": "z", "type": "feeds", "direction": "out",
    }  # fmt: skip
    assert run("reach", "x", "--type", "nope", cwd=site.root).returncode == 2


@pytest.mark.parametrize("fmt", ["json", "dot", "mermaid"])
def test_export(wiki: Site, fmt: str) -> None:
    result = run("export", "--format", fmt, cwd=wiki.root)
    assert result.returncode == 0, result.stderr
    if fmt == "json":
        data = json.loads(result.stdout)
        assert len(data["pages"]) == 7 and len(data["edges"]) == 7
        red = [e for e in data["edges"] if e.get("redlink")]
        assert red == [
            {"source": "index", "target": None, "type": "depends-on", "line": 9,
             "written": "fraud-scoring", "redlink": True, "reason": "planned page"}
        ]  # fmt: skip
    elif fmt == "dot":
        assert result.stdout.startswith("digraph relations {")
        assert '"index" -> "ledger" [label="depends-on"];' in result.stdout
        assert '"?fraud-scoring" [label="fraud-scoring", style=dashed, color=red];' in result.stdout
    else:
        assert result.stdout.startswith("flowchart LR\n")
        assert "-->|depends-on|" in result.stdout and ":::redlink" in result.stdout

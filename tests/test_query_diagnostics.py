"""Every bad key of a ``relations`` block: a diagnostic with the file and the line inside the
block, from ``mkdocs build`` and from ``mkdocs-relations lint`` alike."""

from __future__ import annotations

import pytest
from conftest import Site, relation_lines, run
from wikis import QUERY_WIKI

# (block body, line of the problem counted from the block's first YAML line, message start)
CASES: dict[str, tuple[str, int, str]] = {
    "unknown key": (
        "follow: [depends-on]\nfolow: x",
        2,
        "unknown key 'folow' in a relations block; did you mean follow?",
    ),
    "unknown page": (
        'from: "[[ledgr]]"',
        1,
        "from: '[[ledgr]]' matches no page. Did you mean 'ledger'?",
    ),
    "ambiguous page": ("from: same", 1, "from: target 'same' matches 2 pages by file name"),
    "from not text": ("from: [a, b]", 1, "from: is a list; write a page"),
    "unknown type": (
        "show: list\nfollow:\n  - depends-on\n  - dependz-on",
        4,
        "follow: unknown type 'dependz-on'. Did you mean 'depends-on'?",
    ),
    "unknown label": ("follow: [usd by]", 1, "follow: unknown type 'usd by'."),
    "bad direction": ("direction: up", 1, "direction: 'up' is not one of out, in, both"),
    "depth over the bound": (
        "follow: [depends-on]\ndepth: 9",
        2,
        "depth: 9 is over the bound of 4 hops (max_hops)",
    ),
    "depth not a number": (
        "depth: deep",
        1,
        "depth: is the text 'deep'; write a whole number, 1 or more",
    ),
    "depth zero": ("depth: 0", 1, "depth: is a number (0); write a whole number, 1 or more"),
    "where not a mapping": (
        "where: services/",
        1,
        "where: is the text 'services/'; write conditions",
    ),
    "where unknown type": (
        "where:\n  folder: services/\n  in: partof",
        3,
        "where: in: unknown type 'partof'. Did you mean 'part-of'?",
    ),
    "where nested value": (
        "where:\n  status: {a: 1}",
        2,
        "where: status: is a mapping; compare with a value",
    ),
    "where empty list": ("where: {folder: []}", 1, "where: folder: is an empty list"),
    "bad show": (
        "show: tabel",
        1,
        "show: 'tabel' is not one of list, tree, table, graph, mermaid; did you mean table?",
    ),
    "bad list": (
        "list: page",
        1,
        "list: 'page' is not one of pages, types, wanted; did you mean pages?",
    ),
    "list with from": (
        "list: pages\nfrom: ledger",
        2,
        "from: walks from a page, so it cannot go with list:",
    ),
    "list with a walk's show": (
        "list: types\nshow: tree",
        2,
        "show: tree draws a walk from a page",
    ),
    "where on types": (
        "list: types\nwhere: {folder: x}",
        2,
        "where: filters pages; list: types has no pages",
    ),
    "column of another form": (
        "list: wanted\ncolumns: [target, title]",
        2,
        "columns: 'title' is not a column of list: wanted",
    ),
    "walk column on pages": (
        "list: pages\nshow: table\ncolumns: [title, hops]",
        3,
        "columns: 'hops' describes the step of a walk",
    ),
    "bad sort": ("list: types\nsort: -name", 2, "sort: 'name' is not a column of list: types"),
    "bad limit": ("limit: -3", 1, "limit: is a number (-3); write a whole number, 1 or more"),
    "not YAML": ("follow: [depends-on\nshow: table", 2, "this relations block is not valid YAML"),
    "not a mapping": (
        "- depends-on",
        1,
        "a relations block holds keys such as from: and show:, not a list",
    ),
}


def _pages(body: str) -> dict[str, str]:
    return {
        **QUERY_WIKI,
        "a/same.md": "# Same A\n",
        "b/same.md": "# Same B\n",
        "bad.md": f"---\ntitle: Bad\n---\n# Bad\n\nText.\n\n```relations\n{body}\n```\n",
    }


FIRST_YAML_LINE = 9  # bad.md: 3 frontmatter lines, heading, blank, text, blank, fence


@pytest.mark.parametrize("case", sorted(CASES))
def test_build_reports_the_line_inside_the_block(site: Site, case: str) -> None:
    body, line, message = CASES[case]
    site.pages(_pages(body))
    result = site.build()
    assert not result.ok
    expected = f"docs/bad.md:{FIRST_YAML_LINE + line - 1}: error: [invalid-query] {message}"
    found = relation_lines(result)
    assert any(text.startswith(expected) for text in found), found
    assert any("in relations blocks; the build stops" in m for m in result.logged("ERROR"))


def test_lint_gives_the_same_lines(site: Site) -> None:
    for number, case in enumerate(sorted(CASES)):
        body, _, _ = CASES[case]
        site.page(
            f"bad{number}.md",
            f"---\ntitle: Bad\n---\n# Bad\n\nText.\n\n```relations\n{body}\n```\n",
        )
    site.pages({k: v for k, v in _pages("").items() if k != "bad.md"})
    config = site.load()
    build = site.build(config=config)
    built = sorted(line for line in relation_lines(build) if "[invalid-query]" in line)
    lint = run("lint", cwd=site.root)
    linted = sorted(line for line in lint.stdout.splitlines() if "[invalid-query]" in line)
    assert lint.returncode == 1
    assert linted == built and len(linted) >= len(CASES)


def test_unclosed_block(site: Site) -> None:
    site.pages(QUERY_WIKI)
    site.page("open.md", "# Open\n\n```relations\nfrom: ledger\n\nThe rest of the page.\n")
    result = site.build()
    assert not result.ok
    assert any(
        line.startswith(
            "docs/open.md:3: error: [invalid-query] this relations block is never closed"
        )
        for line in relation_lines(result)
    )


def test_severity_can_lower_it(site: Site) -> None:
    site.pages(_pages("depth: 9"))
    site.plugin_options = {"severity": {"invalid-query": "warning"}}
    result = site.build()
    assert result.ok
    assert any("warning: [invalid-query] depth: 9" in line for line in relation_lines(result))


def test_fail_on_error_off_builds_without_the_answer(site: Site) -> None:
    site.pages(_pages("depth: 9"))
    site.plugin_options = {"fail_on_error": False}
    result = site.build()
    assert result.ok
    html = site.html("bad/index.html")
    assert "relationsqueryblock" not in html and "data-relations-query" not in html

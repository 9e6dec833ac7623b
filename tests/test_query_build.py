"""``relations`` blocks and the overview page in real ``mkdocs build`` runs."""

from __future__ import annotations

import ast
import json
import os
import re
import subprocess
import sys

import pytest
from built_blocks import answers
from built_html import edges, page_elements
from conftest import Site, relation_lines, run
from wikis import QUERY_WIKI

THEMES = ["mkdocs", "readthedocs", "material"]

SHOWS = """
# Views

```relations
follow: [depends-on]
depth: 2
show: table
columns: [title, hops, type, via, owner, note, edge.since]
```

```relations
from: "[[storage]]"
follow: [used by]
depth: 3
show: tree
```

```relations
list: pages
where: {folder: services/, not: {in: part-of}}
```

```relations
depth: 3
show: graph
```

```relations
depth: 2
show: mermaid
```
"""


def _site(site: Site, theme: str = "mkdocs", **extra: object) -> Site:
    site.pages(QUERY_WIKI)
    site.page(
        "views.md",
        "---\ntitle: Views\n---\n"
        + SHOWS.replace("```relations\nfollow", "```relations\nfrom: index\nfollow", 1)
        .replace("```relations\ndepth: 3", "```relations\nfrom: index\ndepth: 3")
        .replace("```relations\ndepth: 2", "```relations\nfrom: index\ndepth: 2"),
    )
    site.extra_config = {"theme": {"name": theme}, **extra}
    return site


@pytest.mark.parametrize("theme", THEMES)
def test_every_show_form(site: Site, theme: str) -> None:
    _site(site, theme)
    result = site.build(strict=True)
    assert result.ok, relation_lines(result)
    table, tree, listing, graph, mermaid = answers(site.html("views/index.html"))
    assert table.show == "table"
    assert [r.key for r in table.rows] == ["ledger", "storage"]
    ledger = table.rows[0].cells
    assert ledger["title"].pages == ["ledger"] and ledger["title"].text == "Ledger"
    assert ledger["hops"].text == "1" and ledger["type"].text == "depends on"
    assert ledger["via"].pages == ["index"] and ledger["owner"].text == "team-b"
    assert ledger["note"].text == "balances" and ledger["edge.since"].text == "2024"
    assert table.rows[1].cells["via"].pages == ["ledger"] and table.rows[1].cells["note"].text == ""
    # The tree nests each page under the one it was reached from.
    assert [(r.key, r.parent) for r in tree.rows] == [("ledger", None), ("index", "ledger")]
    assert "used by" in tree.rows[0].text
    # Under services/, every page but Checkout, which Payments is part of.
    assert [r.key for r in listing.rows] == ["services/lonely", "services/old"]
    assert graph.show == "graph" and len(graph.svg_links) == 4
    assert mermaid.text.startswith("flowchart LR")
    assert "-->|depends-on|" in mermaid.text and '"Payments"' in mermaid.text
    html = site.html("views/index.html")
    assert '<pre class="mermaid"><code>flowchart LR' in html
    # One sheet a page, the site's, and it holds the blocks' styles after the panel's.
    assert html.count('href="../assets/mkdocs-relations/relations.css"') == 1
    assert "relations-query.css" not in html
    sheet = (site.site_dir / "assets" / "mkdocs-relations" / "relations.css").read_text("utf-8")
    assert "[data-relations-picture]" in sheet and ".relations-query {" in sheet
    assert not (site.site_dir / "assets" / "mkdocs-relations" / "relations-query.css").exists()


def test_relative_links_and_no_directory_urls(site: Site) -> None:
    _site(site, use_directory_urls=False)
    assert site.build(strict=True).ok
    html = site.html("views.html")
    assert 'href="ledger.html" data-relations-page="ledger"' in html
    assert 'href="services/checkout.html"' in html


@pytest.mark.parametrize("extension", ["fenced_code", "pymdownx.superfences"])
def test_examples_inside_fences_stay_examples(site: Site, extension: str) -> None:
    site.pages(QUERY_WIKI)
    site.page(
        "syntax.md",
        """
        # Syntax

        `````markdown
        ```relations
        from: "[[no such page]]"
        ```
        `````

        ```relations
        from: ledger
        ```
        """,
    )
    site.extra_config = {"markdown_extensions": [extension]}
    result = site.build(strict=True)
    assert result.ok, relation_lines(result)
    html = site.html("syntax/index.html")
    [live] = answers(html)
    assert [r.key for r in live.rows] == ["storage"]
    assert "from: &quot;[[no such page]]&quot;" in html or 'from: "[[no such page]]"' in html


def test_blocks_in_admonitions_with_superfences(site: Site) -> None:
    site.pages(QUERY_WIKI)
    site.page(
        "note.md",
        """
        # Note

        !!! note "What the ledger needs"

            ```relations
            from: ledger
            show: table
            ```

        - In a list:

            ```relations
            from: index
            follow: [part-of]
            ```
        """,
    )
    site.extra_config = {"markdown_extensions": ["admonition", "pymdownx.superfences"]}
    assert site.build(strict=True).ok
    html = site.html("note/index.html")
    first, second = answers(html)
    assert [r.key for r in first.rows] == ["storage"]
    assert [r.key for r in second.rows] == ["services/checkout"]
    assert "relationsqueryblock" not in html


def test_results_are_in_the_search_index(site: Site) -> None:
    _site(site)
    site.extra_config["plugins"] = ["search", "relations"]
    site.page(
        "views.md",
        "# Views\n\n```relations\nfrom: index\nshow: table\ncolumns: [title, owner]\n```\n",
    )
    assert site.build().ok
    index = json.loads((site.site_dir / "search" / "search_index.json").read_text())
    text = " ".join(doc["text"] for doc in index["docs"] if doc["location"].startswith("views/"))
    assert "team-b" in text and "Ledger" in text
    # The panel is not page content: its heading is not indexed.
    assert "Relationships" not in text


def test_a_page_without_blocks_is_untouched(site: Site) -> None:
    site.pages(QUERY_WIKI)
    assert site.build(strict=True).ok
    assert answers(site.html("ledger/index.html")) == []


def test_generated_overview_page(site: Site) -> None:
    site.pages(QUERY_WIKI)
    site.plugin_options = {"overview": "relations.md"}
    result = site.build(strict=True)
    assert result.ok, relation_lines(result)
    html = site.html("relations/index.html")
    types, wanted, orphans, hubs, superseded = answers(html)
    assert [r.key for r in types.rows][:2] == ["depends-on", "part-of"]
    assert (
        types.rows[0].cells["edges"].text == "3"
        and types.rows[0].cells["inverse"].text == "used by"
    )
    assert [r.key for r in wanted.rows] == ["fraud"]
    assert wanted.rows[0].cells["from"].pages == ["index"]
    assert wanted.rows[0].cells["kind"].text == "redlink"
    assert [r.key for r in orphans.rows] == ["services/lonely"]
    assert hubs.rows[0].key == "index"
    assert [r.key for r in superseded.rows] == ["services/old"]
    assert superseded.rows[0].cells["superseded by"].pages == ["services/checkout"]
    assert "<h1" in html and "Relationships overview" in html
    assert "list: types" in html  # the queries behind the page, for an author to copy
    assert not (site.docs / "relations.md").exists()  # generated, never written into docs


def _large_wiki(site: Site, orphans: int = 40, wanting: int = 9) -> None:
    """Orphans past one fold, a target wanted by many pages, one naming two pages at once,
    and no supersedes edge."""
    for n in range(orphans):
        site.page(f"orphans/o{n}.md", f"---\ntitle: Orphan {n}\n---\n")
    for n in range(wanting):
        site.page(
            f"wanting/w{n}.md",
            f"---\ntitle: Wanting {n}\nrelationships:\n"
            "  - {type: depends-on, target: '[[nowhere]]'}\n"
            "  - {type: part-of, target: '[[twin]]'}\n---\n",
        )
    site.page("a/twin.md", "---\ntitle: Twin A\n---\n")
    site.page("b/twin.md", "---\ntitle: Twin B\n---\n")


def test_overview_folds_long_sections_and_reads_empty_ones(site: Site) -> None:
    """A section shows its first rows and folds the rest under "and N more"; a cell of many
    pages is one a line and folded too; types some edge uses, the most used first; an empty
    section says what it means; the queries are shown once, folded, not after each section."""
    _large_wiki(site)
    site.plugin_options = {"overview": "relations.md", "fail_on_error": False}
    assert site.build().ok
    html = site.html("relations/index.html")
    types, wanted, orphans, _hubs, superseded = answers(html)
    # part-of and depends-on are used (as often); the four built-in types no edge uses are not.
    assert sorted(r.key for r in types.rows) == ["depends-on", "part-of"]
    assert [r.key for r in orphans.rows][:3] == ["orphans/o0", "orphans/o1", "orphans/o2"]
    assert len(orphans.rows) == 40 + 2  # every row is still there, the last 17 folded
    first, rest = html.split('id="orphans"', 1)[1].split("data-relations-rest", 1)
    assert first.count("data-relations-row=") == 25 and ">and 17 more</summary>" in rest[:200]
    nowhere = next(r for r in wanted.rows if r.key == "nowhere")
    assert len(nowhere.cells["from"].pages) == 9 and len(nowhere.cells["from"].items) == 9
    assert ">and 6 more</summary>" in html
    twin = next(r for r in wanted.rows if r.key == "twin")
    assert twin.cells["kind"].text == "matches 2 pages"
    assert superseded.rows == [] and "No superseded pages." in superseded.text
    assert "No page matches this query." not in html
    assert html.count("relations-query__source") == 1 and "list: types" in html


def test_pages_of_one_title_are_told_apart(site: Site) -> None:
    site.pages(
        {
            "a/notes.md": "# Notes\n",
            "b/notes.md": "# Notes\n",
            "c.md": "# Other\n\n```relations\nlist: pages\n```\n",
        }
    )
    assert site.build(strict=True).ok
    [listing] = answers(site.html("c/index.html"))
    texts = {row.key: " ".join(row.text.split()) for row in listing.rows}
    assert texts["a/notes"] == "Notes a/notes" and texts["b/notes"] == "Notes b/notes"
    assert texts["c"] == "Other"  # a title of its own needs no id


def test_a_types_list_takes_only_edges_any(site: Site) -> None:
    site.pages(QUERY_WIKI)
    site.page("types.md", "```relations\nlist: types\nwhere: {folder: x/}\n```\n")
    result = site.build()
    assert any("list: types takes only where: {edges: any}" in m for m in relation_lines(result))


def test_overview_placeholder_in_an_authored_page(site: Site) -> None:
    site.pages(QUERY_WIKI)
    site.page(
        "map.md",
        """
        # Map of the wiki

        Written by hand, with the overview below.

        <!-- relations/overview -->

        ```markdown
        <!-- relations/overview -->
        ```
        """,
    )
    assert site.build(strict=True).ok
    html = site.html("map/index.html")
    assert len(answers(html)) == 5
    assert "&lt;!-- relations/overview --&gt;" in html  # the example stays an example
    assert 'id="orphans"' in html  # the overview's headings reach the table of contents


def test_rebuild_follows_another_pages_frontmatter(site: Site) -> None:
    """As under ``mkdocs serve``: one config and plugin instance, several builds."""
    site.pages(QUERY_WIKI)
    site.page(
        "users.md", "# Users\n\n```relations\nfrom: storage\nfollow: [used by]\ndepth: 3\n```\n"
    )
    config = site.load()
    assert site.build(config=config).ok
    assert [r.key for r in answers(site.html("users/index.html"))[0].rows] == ["ledger", "index"]
    site.page("storage.md", "---\ntitle: Storage\n---\n# Storage\n")
    site.page(
        "services/lonely.md", "---\nrelationships:\n  - {type: depends-on, target: storage}\n---\n"
    )
    assert site.build(config=config).ok
    rows = answers(site.html("users/index.html"))[0].rows
    assert [r.key for r in rows] == ["ledger", "services/lonely", "index"]


def test_cli_lint_reports_blocks_too(site: Site) -> None:
    site.pages(QUERY_WIKI)
    site.page("bad.md", "---\ntitle: Bad\n---\n# Bad\n\n```relations\nfrom: ledgr\n```\n")
    site.write_config()
    result = run("lint", cwd=site.root)
    assert result.returncode == 1
    assert "docs/bad.md:7: error: [invalid-query] from: 'ledgr' matches no page." in result.stdout
    build = site.build()
    assert not build.ok
    assert any(
        line.startswith("docs/bad.md:7: error: [invalid-query]") for line in relation_lines(build)
    )


def test_blocks_bring_their_stylesheet_when_nothing_else_shows(site: Site) -> None:
    site.pages(QUERY_WIKI)
    site.page("views.md", "# Views\n\n```relations\nfrom: index\n```\n")
    site.plugin_options = {"placement": "off", "path_finder": "off"}
    assert site.build(strict=True).ok
    assert "mkdocs-relations" not in site.html("ledger/index.html")
    views = site.html("views/index.html")
    assert '<link rel="stylesheet" href="../assets/mkdocs-relations/relations-query.css">' in views
    assert (site.site_dir / "assets" / "mkdocs-relations" / "relations-query.css").exists()


def test_steps_read_with_the_sites_labels(site: Site) -> None:
    site.pages(QUERY_WIKI)
    site.page(
        "views.md", "# Views\n\n```relations\nfrom: storage\nfollow: [used by]\nshow: table\n```\n"
    )
    site.plugin_options = {"labels": {"depends-on.inverse": "utilisé par"}}
    assert site.build(strict=True).ok
    [table] = answers(site.html("views/index.html"))
    assert table.rows[0].cells["type"].text == "utilisé par"


def test_type_columns_are_headed_with_the_panels_labels(site: Site) -> None:
    site.pages(
        {
            "a.md": "---\nrelationships: [{type: depends-on, target: b}]\n---\n# A\n\n"
            "```relations\nlist: pages\nshow: table\n"
            "columns: [title, depends-on, used by, relates to, owner]\n```\n",
            "b.md": "# B\n",
        }
    )
    site.plugin_options = {"labels": {"depends-on": "needs"}}
    assert site.build(strict=True).ok
    headings = re.findall(
        r'<th data-relations-column="[^"]*">([^<]*)</th>', site.html("a/index.html")
    )
    assert headings == ["Title", "Needs", "Used by", "Relates to", "Owner"]


def test_overview_counts_what_the_panels_show(site: Site) -> None:
    """Orphans leave out the overview page itself and wiki-config.md; a hub's count is its
    panel's, so a relationship declared from both ends counts once."""
    site.pages(
        {
            "hub.md": "---\nrelationships:\n  - {type: uses, target: a}\n"
            "  - {type: depends-on, target: b}\n---\n# Hub\n",
            "a.md": "---\nrelationships:\n  - {type: used-by, target: hub}\n---\n# A\n",
            "b.md": "# B\n",
            "lonely.md": "# Lonely\n",
            "map.md": "# Map\n\n<!-- relations/overview -->\n",
            "wiki-config.md": "---\nrelationship_types:\n  - {name: uses, inverse: used by}\n"
            "---\n# Wiki config\n",
        }
    )
    result = site.build(strict=True)
    assert result.ok, relation_lines(result)
    _, _, orphans, hubs, _ = answers(site.html("map/index.html"))
    assert [r.key for r in orphans.rows] == ["lonely"]
    panel = len(edges(page_elements(site.site_dir, "hub/index.html")))
    assert (hubs.rows[0].key, hubs.rows[0].cells["relationships"].text) == ("hub", "2")
    assert panel == 2, "one entry under Uses (declared from both ends), one under Depends on"
    # The CLI leaves wiki-config.md and the overview page out too, as the site does.
    listed = run("query", "--list", "pages", "--where", "not={edges: any}", cwd=site.root)
    assert listed.stdout == "title\nLonely\n"


#: What a `mkdocs build` in a process of its own imported of the query language's modules.
_LOADED = """
import sys
from mkdocs.commands.build import build
from mkdocs.config import load_config
build(load_config("mkdocs.yml"))
print(sorted(m for m in sys.modules if m.startswith("mkdocs_relations.query.")))
"""
#: The query language itself: reader, engine, rules and views (blocks' fences and the
#: overview's marker are looked for on every page, so those two modules always load).
_LANGUAGE = {"engine", "parser", "rules", "views"}


@pytest.mark.parametrize(
    ("wiki_config", "index", "loaded"),
    [
        ('---\nredlinks:\n  - target: "[[later]]"\n---\n', "# Home\n", set()),
        (
            "---\nrules:\n  - type: depends-on\n    max: 1\n---\n",
            "# Home\n",
            {"engine", "parser", "rules"},
        ),
        (
            "---\nredlinks: []\n---\n",
            "# Home\n\n```relations\nlist: pages\n```\n",
            {"engine", "parser", "views"},
        ),
    ],
    ids=["neither", "a rule", "a block"],
)
def test_the_query_language_loads_only_for_a_block_or_a_rule(
    site: Site, wiki_config: str, index: str, loaded: set[str]
) -> None:
    # Most sites hold neither, and every build used to import all of it (5 ms of CPU).
    site.page("wiki-config.md", wiki_config)
    site.page("index.md", "---\ntitle: Home\n---\n" + index)
    site.page("a.md", '---\nrelationships:\n  - type: depends-on\n    target: "[[index]]"\n---\n')
    site.write_config()
    result = subprocess.run(
        [sys.executable, "-c", _LOADED],
        cwd=site.root, capture_output=True, text=True, timeout=120, check=False,
        env={**os.environ, "NO_MKDOCS_2_WARNING": "1"},
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    modules = ast.literal_eval(result.stdout.strip().splitlines()[-1])
    assert {m.rpartition(".")[2] for m in modules} & _LANGUAGE == loaded, modules
    built = (site.site_dir / "index.html").read_text(encoding="utf-8")
    assert ("relations-query" in built) == ("views" in loaded)

"""Titles made without MkDocs follow MkDocs' rule: MkDocs' own build is the oracle."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from conftest import Site, pages_in_folder, run

from mkdocs_relations.wiki.pipeline import load_wiki
from mkdocs_relations.wiki.titles import HeadingTitles, Titles, name_title

#: Page openings, each a case where a title rule could go wrong.
OPENINGS = {
    "index.md": "Some text first.\n",
    "frontmatter.md": "---\ntitle: From Frontmatter\n---\n# Not This\n",
    "atx.md": "# Plain Heading\n\nText.\n",
    "atx-closed.md": "#  Closed Heading ##\n",
    "atx-tight.md": "#Tight\n",
    "setext.md": "Setext Heading\n==============\n\nText.\n",
    "setext-two.md": "Subtitle\n--------\n",
    "level-two.md": "## Second Level\n",
    "para-first.md": "Intro paragraph.\n\n# Later Heading\n",
    "indented.md": "    # code, not a heading\n",
    "spaced.md": "  # Spaced\n",
    "blank-lines.md": "---\nid: x\n---\n\n\n# After Blank Lines\n",
    "inline.md": "# The *new* `api` and [docs](atx.md) &amp; **more**\n",
    "snake.md": "# snake_case_name stays\n",
    "attributes.md": "# With Attributes {#custom-id .cls}\n",
    "empty-heading.md": "#\n\nText.\n",
    "no-heading.md": "Text only.\n",
    "lower_case-name.md": "",
    "MixedCase-Name.md": "",
    "sub/index.md": "",
    "sub/README.md": "",
    "other/README.md": "# Readme Heading\n",
    "crlf.md": "---\r\nid: y\r\n---\r\n# Windows Lines\r\n",
    "bom.md": "\ufeff# With BOM\n",
    "ampersand.md": "# Q&A <b>bold</b> 1 < 2\n",
}


def test_titles_are_mkdocs_titles(site: Site, tmp_path: Path) -> None:
    site.pages(OPENINGS)
    site.extra_config["markdown_extensions"] = ["attr_list", "toc"]
    # sub/README.md beside sub/index.md is left out by MkDocs; keep only one of them.
    (site.docs / "sub" / "README.md").unlink()
    assert site.build().ok
    graph = json.loads((site.site_dir / "assets/mkdocs-relations/graph.json").read_text())
    from_mkdocs = dict(zip(graph["ids"], graph["titles"], strict=True))

    sources = pages_in_folder(str(site.docs))
    wiki = load_wiki(sources)
    # Headings are rendered with the site's extensions, as MkDocs renders them.
    titles = Titles(wiki.graph, sources, headings=HeadingTitles(["attr_list", "toc"]))
    ours = {page_id: titles(page_id) for page_id in wiki.graph.pages}
    assert ours == from_mkdocs
    # The oracle saw the interesting cases (a rule that ignored headings would fail above).
    assert from_mkdocs["atx"] == "Plain Heading" and from_mkdocs["index"] == "Home"
    assert from_mkdocs["other/README"] == "Readme Heading"
    # MkDocs' title for a heading is HTML ("Q&amp;A"); the site shows it once escaped.
    assert from_mkdocs["ampersand"] == "Q&A bold 1 < 2"


def test_heading_titles_are_escaped_once(site: Site) -> None:
    site.pages(
        {
            "index.md": '---\nrelationships:\n  - {type: depends-on, target: "[[qa]]"}\n---\n',
            "qa.md": "# Q&A <b>bold</b> 1 < 2\n",
        }
    )
    assert site.build(strict=True).ok
    home = site.html("index.html")
    assert "Q&amp;A bold 1 &lt; 2" in home and "&amp;amp;" not in home


@pytest.mark.parametrize(
    ("file", "title"),
    [("index.md", "Home"), ("README.md", "Home"), ("a/index.md", "Index"),
     ("a/README.md", "Index"), ("snake_case-name.md", "Snake case name"),
     ("API-Guide.md", "API Guide")],
)  # fmt: skip
def test_name_titles(file: str, title: str) -> None:
    assert name_title(file) == title


def test_the_command_line_names_and_sorts_pages_as_the_site_does(site: Site) -> None:
    """Headings, not file names: a block sorted by title lists the same pages in the same
    order on the site, from ``query`` and in ``export``."""
    block = "```relations\nlist: pages\nsort: title\n```\n"
    site.pages(
        {
            "index.md": "# Overview\n\n" + block,
            "a-zebra.md": "# Zebra crossing\n",
            "b-apple.md": "# Apple\n",
            "c-mango.md": "---\ntitle: Mango\n---\n# Not this\n",
            "d_lower-case.md": "No heading.\n",
        }
    )
    assert site.build(strict=True).ok
    shown = re.findall(r'data-relations-page="[^"]*">([^<]*)</a>', site.html("index.html"))
    expected = ["Apple", "D lower case", "Mango", "Overview", "Zebra crossing"]
    assert shown == expected
    site.write_config()
    result = run("query", "--list", "pages", "--sort", "title", "--format", "json", cwd=site.root)
    assert result.returncode == 0, result.stderr
    rows = json.loads(result.stdout)["rows"]
    assert [row["cells"]["title"][0]["text"] for row in rows] == expected
    exported = json.loads(run("export", cwd=site.root).stdout)
    assert sorted(page["title"] for page in exported["pages"]) == expected

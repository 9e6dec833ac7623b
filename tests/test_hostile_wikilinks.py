"""``[[wikilinks]]`` where a page holds them as text, not as links: inside an HTML tag's
attribute (a ``>`` in its value), inside a comment; and a broken link reported at its own
line, not at an earlier copy inside a code block."""

from __future__ import annotations

import os
import time
from pathlib import Path

from conftest import Site, relation_lines, run

from mkdocs_relations.wiki.body_links import load_links

TAGS = """# Tags

An <abbr title="x > y, see [[b]]">XY</abbr> abbreviation.

Alias quote: <img alt="[[b|" onerror="document.title='pwned'" src="x.png" x="]]">.

A comment <!-- a > b, see [[nowhere at all]] --> in a paragraph.

And a real link to [[b]].
"""


def test_links_inside_tags_and_comments_stay_as_written(tmp_path: Path) -> None:
    site = Site(tmp_path, plugin_options={"wikilinks": True})
    site.pages({"index.md": TAGS, "b.md": "# B\n"})
    result = site.build()
    assert result.ok, result.error
    html = (site.site_dir / "index.html").read_text(encoding="utf-8")
    assert '<abbr title="x > y, see [[b]]">XY</abbr>' in html
    assert '<img alt="[[b|" onerror="document.title=\'pwned\'" src="x.png" x="]]">' in html
    assert "<!-- a > b, see [[nowhere at all]] -->" in html
    assert html.count('class="relations-wikilink"') == 1
    assert not [line for line in relation_lines(result) if "broken-wikilink" in line]
    lint = run("lint", "--strict", cwd=tmp_path)
    assert "broken-wikilink" not in lint.stdout, lint.stdout


LINES = """# Lines

```text
An example: [[ledgr]]
```

A ghost in words only.

    indented: [[ ghost ]]

Here [[ledgr]] is broken, `[[nope]]` is code,
and so is [[ ghost ]] on line 12.
"""


def test_a_broken_link_is_reported_at_its_own_line(tmp_path: Path) -> None:
    site = Site(tmp_path, plugin_options={"wikilinks": True})
    site.pages({"index.md": LINES, "ledger.md": "# Ledger\n"})
    result = site.build()
    lines = sorted(line.split(": ")[0] for line in relation_lines(result) if "broken" in line)
    assert lines == ["docs/index.md:11", "docs/index.md:12"], relation_lines(result)
    lint = run("lint", cwd=tmp_path)
    found = sorted(line.split(": ")[0] for line in lint.stdout.splitlines() if "broken" in line)
    assert found == lines, lint.stdout


def test_a_new_alias_is_known_once_its_page_changes(tmp_path: Path) -> None:
    """Zensical converts each page with a new extension; the wiki is kept per process and
    read again when a page changes, an edit in place too (the folder's time stays)."""
    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "ledger.md").write_text("# Ledger\n", encoding="utf-8")
    (docs / "index.md").write_text("See [[books]].\n", encoding="utf-8")
    assert load_links(str(docs)).find("books", "index").page_id is None
    folder_time = os.stat(docs).st_mtime_ns
    (docs / "ledger.md").write_text("---\naliases: [books]\n---\n# Ledger\n", encoding="utf-8")
    assert os.stat(docs).st_mtime_ns == folder_time
    time.sleep(1.1)  # the pages are checked at most once a second, as Zensical's extension does
    assert load_links(str(docs)).find("books", "index").page_id == "ledger"


def test_math_and_included_text_are_read_as_the_build_reads_them(tmp_path: Path) -> None:
    site = Site(
        tmp_path,
        plugin_options={"wikilinks": True},
        extra_config={
            "markdown_extensions": [
                "pymdownx.arithmatex",
                {"pymdownx.snippets": {"base_path": [str(tmp_path / "snippets")]}},
            ]
        },
    )
    (tmp_path / "snippets").mkdir()
    (tmp_path / "snippets" / "part.md").write_text("Included: [[phantom]].\n", "utf-8")
    site.pages(
        {
            "index.md": "# Math\n\nInline $[[x]]$ math.\n\n$$\n[[y]]\n$$\n\n"
            'Some text.\n\n--8<-- "part.md"\n',
        }
    )
    result = site.build()
    broken = [line for line in relation_lines(result) if "broken-wikilink" in line]
    assert [line.split(": ")[0] for line in broken] == ["docs/index.md:11"], broken
    assert "'phantom'" in broken[0]
    lint = run("lint", cwd=tmp_path)
    assert "broken-wikilink" not in lint.stdout, lint.stdout


def test_html_blocks_admonitions_and_footnotes_are_read_as_the_build_reads_them(
    tmp_path: Path,
) -> None:
    """Text the site's extensions make Markdown of (a ``markdown="1"`` block, an admonition's
    body after a blank line, a footnote) is checked by ``lint`` as the build checks it; an
    abbreviation's definition and a fence inside an admonition (``pymdownx.superfences``),
    which the build does not read as text, by neither."""
    site = Site(
        tmp_path,
        plugin_options={"wikilinks": True},
        extra_config={
            "markdown_extensions": [
                "md_in_html",
                "markdown.extensions.admonition",
                "footnotes",
                "abbr",
                "pymdownx.superfences",
            ]
        },
    )
    site.pages(
        {
            "index.md": '# Blocks\n\n<div markdown="1">\nIn a div: [[nowhere-div]].\n</div>\n\n'
            "!!! note\n\n    In a note: [[nowhere-note]].\n\n"
            "Text.[^1]\n\n[^1]: In a footnote: [[nowhere-foot]].\n\n"
            "An HTML page.\n\n*[HTML]: Hyper [[nowhere-abbr]]\n\n"
            '!!! note\n    ```python\n    a = 1\n\n    b = "[[in-code]]"\n    ```\n',
        }
    )
    result = site.build()
    lines = sorted(
        line.split(": ")[0] for line in relation_lines(result) if "broken-wikilink" in line
    )
    assert lines == ["docs/index.md:13", "docs/index.md:4", "docs/index.md:9"], lines
    lint = run("lint", cwd=tmp_path)
    found = sorted(
        line.split(": ")[0] for line in lint.stdout.splitlines() if "broken-wikilink" in line
    )
    assert found == lines, lint.stdout


def test_a_site_mkdocs_cannot_load_is_linted_with_its_listed_extensions(tmp_path: Path) -> None:
    """A Zensical project's mkdocs.yml (a theme MkDocs does not have) is read leniently; the
    lint still reads page text with the extensions it lists, as that site's build would."""
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "index.md").write_text(
        '# Home\n\n<div markdown="1">\nInside [[ghost-div]].\n</div>\n', encoding="utf-8"
    )
    (tmp_path / "mkdocs.yml").write_text(
        "site_name: c\ntheme:\n  name: modern\nplugins:\n  - relations:\n      wikilinks: true\n"
        "markdown_extensions:\n  - md_in_html\n",
        encoding="utf-8",
    )
    lint = run("lint", cwd=tmp_path)
    assert "docs/index.md:4: warning: [broken-wikilink] link 'ghost-div'" in lint.stdout, (
        lint.stdout + lint.stderr
    )


def test_lint_takes_off_what_mkdocs_takes_off_before_converting(tmp_path: Path) -> None:
    """Frontmatter that is not a mapping stays page text for MkDocs, links and all; leading
    ``key: value`` lines without a YAML block are MultiMarkdown metadata, taken off: the lint
    reads each page's text as that, at the same lines as the build."""
    site = Site(tmp_path, plugin_options={"wikilinks": True})
    site.pages(
        {
            "index.md": "# Home\n",
            "listed.md": "---\n- [[ghost-list]]\n---\n# Listed\n\nSee [[ghost-after]].\n",
            "meta.md": "Summary: [[no]]\n    more [[not-either]]\n\n# Meta\n\n[[ghost-meta]]\n",
            "mapping.md": '---\ntitle: "[[not-a-body-link]]"\n---\n\n\n# M\n\n[[ghost-map]]\n',
        }
    )
    result = site.build()
    lines = sorted(
        line.split(": ")[0] for line in relation_lines(result) if "broken-wikilink" in line
    )
    assert lines == [
        "docs/listed.md:2", "docs/listed.md:6", "docs/mapping.md:8", "docs/meta.md:6",
    ], relation_lines(result)  # fmt: skip
    lint = run("lint", cwd=tmp_path)
    found = sorted(
        line.split(": ")[0] for line in lint.stdout.splitlines() if "broken-wikilink" in line
    )
    assert found == lines, lint.stdout

"""The command line names pages as the site does (issue 19, point 10).

The same docs are built by MkDocs with the plugin, whose block lists every page by title,
and read by ``mkdocs-relations query``: the two lists must be the same, in the same order,
for every way a page can get its title.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from built_blocks import answers
from conftest import run

TITLES = {
    "index.md": "# Overview\n\n```relations\nlist: pages\nshow: table\nsort: title\n"
    "columns: [title]\n```\n",
    "nav-titled.md": "---\ntitle: Own title\n---\n# Heading\n",
    "nav-only.md": "# Heading of a page the nav names\n",
    "empty-title.md": "---\ntitle:\n---\n# Not this\n",
    "yes-title.md": "---\ntitle: yes\n---\n",
    "date-title.md": "---\ntitle: 2024-01-31\n---\n",
    "number-title.md": "---\ntitle: 0\n---\n# Zero\n",
    "code.md": "# The `run()` call\n",
    "escapes.md": "# A \\*starred\\* \\_word\\_ \\# and Q&amp;A &lt;b&gt;\n",
    "reference.md": "# See [the docs][ref] and [Other]\n\n[ref]: https://example.com\n"
    "[other]: https://example.org\n",
    "autolink.md": "# Mail <someone@example.com> or <https://example.com/x>\n",
    "unparsable.md": "---\ntitle: [unclosed\n---\n# After bad meta\n",
    "bad-date.md": "---\ntitle: 2025-02-30\n---\n# Bad date\n",
    "setext.md": "Setext *title*\n=============\n\nText.\n",
    "attributes.md": "# With attributes {#custom .cls}\n",
    "image.md": "# An ![icon](icon.png) image\n",
    "inline-html.md": "# Some <span class='x'>HTML</span> inside\n",
    "footnote.md": "# Noted[^1]\n\n[^1]: A footnote.\n",
    "comment-first.md": "<!-- a comment -->\n# Not a title\n",
    "second-level.md": "## Level two\n",
    "multimarkdown.md": "Title: From lines\nAuthor: x\n\n# Heading\n",
    "folder/index.md": "Text only.\n",
    "Mixed_Case-name.md": "Text only.\n",
    "lower_case-name.md": "Text only.\n",
    "entity-title.md": "---\ntitle: Q&amp;A\n---\n",
}
CONFIG = """\
site_name: Titles
nav:
  - index.md
  - Nav title: nav-titled.md
  - Section:
      - The nav's name: nav-only.md
plugins:
  - relations:
      fail_on_error: false
markdown_extensions:
  - toc:
      permalink: true
  - attr_list
  - footnotes
"""


def test_query_titles_are_the_sites(tmp_path: Path) -> None:
    for name, text in TITLES.items():
        path = tmp_path / "docs" / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    (tmp_path / "mkdocs.yml").write_text(CONFIG, encoding="utf-8")
    built = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build"], cwd=tmp_path, capture_output=True,
        text=True, timeout=120, check=False,
    )  # fmt: skip
    assert built.returncode == 0, built.stderr
    [block] = answers((tmp_path / "site" / "index.html").read_text("utf-8"))
    site = [(row.key, row.cells["title"].text.strip()) for row in block.rows]
    assert len(site) == len(TITLES)

    result = run(
        "query", "--list", "pages", "--sort", "title", "--columns", "title", "--format", "json",
        cwd=tmp_path,
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    rows = json.loads(result.stdout)["rows"]
    cli = [(row["key"], row["cells"]["title"][0]["text"]) for row in rows]
    assert cli == site
    # A few the old rule got wrong, spelt out.
    titles = dict(site)
    assert titles["nav-titled"] == "Nav title" and titles["nav-only"] == "The nav's name"
    assert titles["empty-title"] == "empty-title" and titles["yes-title"] == "True"
    assert titles["unparsable"] == "Unparsable" and titles["comment-first"] == "Comment first"

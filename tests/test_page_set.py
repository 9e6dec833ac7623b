"""One page set for the build, ``lint -f`` and ``lint --docs-dir``; files that are not pages."""

from __future__ import annotations

import json
from pathlib import Path

from conftest import Site, relation_lines, run

WIKI = {
    "index.md": """\
        ---
        relationships:
          - {type: relates-to, target: "[[guide/README]]"}
          - {type: relates-to, target: "[[drafts/plan]]"}
          - {type: relates-to, target: "[[diagram.png]]"}
          - {type: relates-to, target: "[[guide]]"}
        ---
        # Home
        """,
    "guide/index.md": "# Guide\n",
    "guide/README.md": "---\nrelationships:\n  - {type: nonsense, target: '[[nowhere]]'}\n---\n",
    "drafts/plan.md": "# Plan\n",
}


def _site(site: Site) -> Site:
    site.pages(WIKI)
    (site.docs / "diagram.png").write_bytes(b"\x89PNG\r\n")
    site.extra_config["exclude_docs"] = "drafts/\n"
    return site


def test_build_says_why_a_file_is_not_a_page(site: Site) -> None:
    lines = relation_lines(_site(site).build())
    assert lines == [
        "docs/index.md:3: error: [missing-target] target 'guide/README' is the file "
        "guide/README.md, which is not a page: MkDocs drops it because guide/index.md is beside "
        "it (both would be the folder's index page); point the edge at 'guide/index', or merge "
        "the two",
        "docs/index.md:4: error: [missing-target] target 'drafts/plan' is the file "
        "drafts/plan.md, which is excluded from the site by exclude_docs in mkdocs.yml; remove "
        "it from exclude_docs, or point the edge at a published page",
        "docs/index.md:5: error: [missing-target] target 'diagram.png' is a file, not a page "
        "(diagram.png): link a page, or mark it as a redlink with 'redlink: true'",
    ]


def test_lint_sees_the_pages_the_build_sees(site: Site) -> None:
    _site(site).write_config()
    with_config = run("lint", "--format", "json", cwd=site.root)
    documents = json.loads(with_config.stdout)
    # guide/README.md is not read: its unknown type and missing target are not reported.
    assert documents["pages"] == 2 and len(documents["diagnostics"]) == 3
    folder = run("lint", "--docs-dir", "docs", "--format", "json", cwd=site.root)
    vault = json.loads(folder.stdout)
    # Without mkdocs.yml there is no exclude_docs: drafts/plan.md is a page there.
    assert vault["pages"] == 3
    assert [d["line"] for d in vault["diagnostics"]] == [3, 5]
    assert "guide/index.md is beside it" in vault["diagnostics"][0]["message"]


def test_a_revision_listed_by_name_has_the_pages_mkdocs_lists(tmp_path: Path) -> None:
    """A revision's pages come from git's listing, not a walk of a written folder: the same
    pages and reasons as MkDocs' own walk, whatever its rules drop (index beside README,
    dot files, templates/, exclude_docs, drafts, not_in_nav, files that are no pages)."""
    from mkdocs.config import load_config

    from mkdocs_relations.mkdocs_input import _listed, _listed_names

    names = [
        "index.md", "README.md", "a/README.md", "a/index.markdown", "a/b/README.md",
        "a/b/x.md", ".hidden.md", "a/.obsidian/w.md", "templates/t.md", "a/templates/k.md",
        "drafts/plan.md", "skip/me.md", "quiet/q.md", "img/p.png", "notes.txt", "z/README.md",
        "z/index.md", "y/index.md", "y/README.mdown",
    ]  # fmt: skip
    docs = tmp_path / "docs"
    for name in names:
        (docs / name).parent.mkdir(parents=True, exist_ok=True)
        (docs / name).write_text("# x\n", encoding="utf-8")
    (tmp_path / "mkdocs.yml").write_text(
        "site_name: T\nexclude_docs: skip/\ndraft_docs: drafts/\nnot_in_nav: quiet/\n",
        encoding="utf-8",
    )
    config = load_config(str(tmp_path / "mkdocs.yml"))
    walked = _listed(config)
    for order in (names, sorted(names, reverse=True)):
        named = _listed_names(config, order, lambda path: path)
        assert named.sources == walked.sources
        assert named.not_pages == walked.not_pages
    assert "a/index.markdown" in walked.sources and "a/README.md" in walked.not_pages

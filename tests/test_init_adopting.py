"""``init`` on vaults shaped like two real wikis a new user adopted: nothing real hidden, only
evidence advised, and every choice said with how to undo it.

The shapes: a documentation folder named ``templates`` that pages link to (scm), a vault
whose Obsidian settings name a real templates folder, category and name keys that happen to
match pages and succession keys (data-atlas), a wiki's own "Relationships" sections, long
provenance paragraphs on every edge, Hugo's ``_index.md`` section pages, and the plain
MkDocs theme (and what it makes of a ``source:`` URL).
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from conftest import run


def _page(vault: Path, path: str, text: str) -> None:
    file = vault / path
    file.parent.mkdir(parents=True, exist_ok=True)
    file.write_text(text, encoding="utf-8")


def _build(root: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "mkdocs", "build"], cwd=root, capture_output=True, text=True,
        timeout=300, check=False,
    )  # fmt: skip


def _edge(target: str) -> str:
    return f"---\nrelationships:\n  - {{type: depends-on, target: {target}}}\n---\n"


def test_a_folder_named_templates_is_documentation_unless_the_vault_says_otherwise(
    tmp_path: Path,
) -> None:
    """scm: ``program/templates/`` holds "ADR Template" and friends, pages the wiki links to.
    Its name is no evidence: init excluded it, and the links to it went to 404 pages."""
    vault = tmp_path / "vault"
    _page(vault, "index.md", "# Home\n\nSee [the ADR template](program/templates/adr.md).\n")
    _page(vault, "program/index.md", _edge("index") + "# Program\n")
    for name in ("adr", "concept", "task"):
        _page(
            vault,
            f"program/templates/{name}.md",
            _edge("program/index") + f"# {name} template\n\nCopy this shape: a title, a status.\n",
        )
    result = run("init", "--docs-dir", "vault", cwd=tmp_path)
    assert result.returncode == 0, result.stdout + result.stderr
    config = (tmp_path / "mkdocs.yml").read_text("utf-8")
    assert "templates" not in config.split("exclude_docs:")[1], config
    assert "/program/templates/" not in result.stdout
    assert _build(tmp_path).returncode == 0
    assert (tmp_path / "site" / "program" / "templates" / "adr" / "index.html").exists()


def test_the_vaults_own_templates_folder_is_left_out_and_said(tmp_path: Path) -> None:
    vault = tmp_path / "vault"
    _page(vault, ".obsidian/templates.json", '{"folder": "meta/tpl"}')
    _page(vault, "index.md", _edge("b") + "# Home\n")
    _page(vault, "b.md", "# B\n")
    _page(vault, "meta/tpl/note.md", "---\ncreated: {{date}}\n---\n# {{title}}\n")
    _page(vault, "meta/tpl/person.md", "# <% tp.file.title %>\n")
    result = run("init", "--docs-dir", "vault", cwd=tmp_path)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "  .obsidian/\n  /meta/tpl/\n" in (tmp_path / "mkdocs.yml").read_text("utf-8")
    assert (
        "exclude_docs /meta/tpl/: 2 pages left out of the site (vault/.obsidian/templates.json "
        "names vault/meta/tpl/ as the templates folder, and 2 of them hold placeholders such as "
        "{{title}}); to publish them, remove the line '/meta/tpl/' from exclude_docs"
    ) in result.stdout


@pytest.mark.parametrize(
    "home",
    [
        "# Home\n\nStart from [[adr-shape]].\n",
        "# Home\n\nStart from [the shape](tpl/adr-shape.md).\n",
        _edge("ADR-SHAPE") + "# Home\n",
    ],
    ids=["wikilink", "markdown-link", "typed-edge"],
)
def test_a_templates_folder_that_pages_link_into_is_published_and_said(
    tmp_path: Path, home: str
) -> None:
    vault = tmp_path / "vault"
    _page(vault, ".obsidian/templates.json", '{"folder": "tpl"}')
    _page(vault, "index.md", home)
    _page(vault, "tpl/adr-shape.md", "---\nid: ADR-SHAPE\n---\n# {{title}}\n\nStatus: proposed.\n")
    result = run("init", "--docs-dir", "vault", cwd=tmp_path)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "/tpl/" not in (tmp_path / "mkdocs.yml").read_text("utf-8")
    assert (
        "note: published vault/tpl/ (1 page): vault/.obsidian/templates.json names vault/tpl/ "
        "as the templates folder, but 1 published page link into it (e.g. vault/index.md), and "
        "leaving it out would break those links; to leave it out anyway, add '/tpl/' to "
        "exclude_docs"
    ) in result.stdout


def _atlas(vault: Path) -> None:
    """Pages with ids, a typed field, and metadata keys that happen to match pages."""
    _page(vault, "index.md", "# Atlas\n")
    _page(vault, "international/README.md", "# International\n")
    _page(vault, "domains/domain-gov.md", "---\nid: DOMAIN-GOV\n---\n# Government\n")
    _page(vault, "domains/domain-health.md", "---\nid: DOMAIN-HEALTH\n---\n# Health\n")
    _page(
        vault, "intl/un/un.md", "---\nid: UN\nname: United Nations\nalternative_names: [UN]\n---\n"
    )
    _page(vault, "platforms/un-data-commons.md", "---\nid: UNDC\nname: UN Data Commons\n---\n")
    # An acronym that is also another page's id: a coincidence, not a link.
    _page(vault, "platforms/undc-2.md", "---\nid: UNDC2\nalternative_names: [UNDC]\n---\n")
    _page(
        vault,
        "laws/old-act.md",
        "---\nid: OLD-ACT\nsuccessor: NEW-ACT\nlevel: national\ndomains: [DOMAIN-GOV]\n"
        "relationships:\n  - {type: governed-by, target: UN}\n---\n",
    )
    _page(
        vault,
        "laws/new-act.md",
        "---\nid: NEW-ACT\nprevious_version: OLD-ACT\nlevel: national\ndomains: [DOMAIN-GOV]\n"
        "relationships:\n  - {type: governed-by, target: UN}\n---\n",
    )
    for n in range(8):
        _page(
            vault,
            f"orgs/org-{n}.md",
            f"---\nid: ORG-{n}\nlevel: international\n"
            f"domains: [DOMAIN-{'GOV' if n % 2 else 'HEALTH'}]\n"
            "relationships:\n  - {type: governed-by, target: UN}\n---\n",
        )


def test_only_keys_with_evidence_of_links_are_advised(tmp_path: Path) -> None:
    """data-atlas: ``level: international`` matches a folder's README, ``name:`` and
    ``alternative_names:`` match the page they sit on; none is a link. Succession keys are
    advised as ``supersedes``, declared on the newer page, under the wiki's field."""
    vault = tmp_path / "vault"
    _atlas(vault)
    result = run("init", "--docs-dir", "vault", cwd=tmp_path)
    assert "Traceback" not in result.stderr, result.stderr
    out = result.stdout
    for key in ("level", "name", "alternative_names"):
        assert f"list links under '{key}:'" not in out and f"lists links under '{key}:'" not in out
    assert (
        "note: keys left as metadata (what their values match is no evidence of a link): "
        "'alternative_names:' (names, not links); 'level:' (a category: 1 value on 8 pages, "
        "naming folders' index pages); 'name:' (each value names the page it sits on)"
    ) in out
    assert (
        "note: 10 pages list links under 'domains:' without a type (e.g. "
        "vault/laws/new-act.md: DOMAIN-GOV); only typed edges are read: write each under "
        "relationships: as - {type: relates-to, target: DOMAIN-GOV}"
    ) in out
    assert (
        "note: 1 page lists links under 'previous_version:' without a type (e.g. "
        "vault/laws/new-act.md: OLD-ACT); only typed edges are read: write each under "
        "relationships: as - {type: supersedes, target: OLD-ACT} (this page supersedes the one "
        "named)"
    ) in out
    assert (
        "note: 1 page lists links under 'successor:' without a type (e.g. vault/laws/old-act.md: "
        "NEW-ACT); only typed edges are read: the page named supersedes this one, so write the "
        "edge on that page, under relationships: (on NEW-ACT's page: - {type: supersedes, "
        "target: OLD-ACT})"
    ) in out
    # The advice works as written: the edge on the newer page, and the lint is clean.
    page = vault / "laws" / "new-act.md"
    page.write_text(
        page.read_text("utf-8").replace(
            "relationships:\n", "relationships:\n  - {type: supersedes, target: OLD-ACT}\n"
        ),
        encoding="utf-8",
    )
    lint = run("lint", cwd=tmp_path)
    assert lint.returncode == 0 and "supersedes" not in lint.stdout, lint.stdout


def test_the_panel_title_differs_from_the_pages_own_relationships_heading(
    tmp_path: Path,
) -> None:
    vault = tmp_path / "vault"
    _page(vault, "index.md", "# Home\n")
    for n in range(6):
        _page(vault, f"p{n}.md", _edge("index") + f"# P{n}\n\n## Relationships\n\nIn words.\n")
    result = run("init", "--docs-dir", "vault", cwd=tmp_path)
    assert result.returncode == 0, result.stdout + result.stderr
    config = (tmp_path / "mkdocs.yml").read_text("utf-8")
    assert "      labels:\n        title: Related pages\n        jump: Related pages\n" in config
    assert (
        "  labels: title and jump 'Related pages' (not 'Relationships'): 6 pages already have a "
        "'Relationships' heading of their own, so the panel's would show twice in their table "
        "of contents; to change it, edit labels: in mkdocs.yml"
    ) in result.stdout
    assert _build(tmp_path).returncode == 0
    html = (tmp_path / "site" / "p0" / "index.html").read_text("utf-8")
    assert 'id="relations-panel">Related pages</h2>' in html
    # The page's own heading and the panel's read differently in the table of contents.
    toc = html.split('class="md-nav md-nav--secondary"', 1)[1].split("</nav>", 1)[0]
    assert toc.count("Relationships") == 1 and toc.count("Related pages") == 1, toc


def _entries(vault: Path, key: str, text: str) -> None:
    _page(vault, "index.md", "# Hub\n")
    for n in range(6):
        _page(
            vault,
            f"c{n}.md",
            f"---\nrelationships:\n  - type: applies-in\n    target: index\n"
            f'    {key}: "{text.format(n=n)}"\n---\n# C{n}\n',
        )


def test_long_repeated_paragraphs_are_not_turned_on_as_notes(tmp_path: Path) -> None:
    vault = tmp_path / "vault"
    paragraph = (
        "As an EU regulation, the act is binding in its entirety and directly applicable in "
        "all member states without national transposition, and country {n} is a member state "
        "(eur-lex.europa.eu; digital-strategy.ec.europa.eu). NOT READ, search-only. " * 2
    )
    _entries(vault, "evidence", paragraph)
    result = run("init", "--docs-dir", "vault", cwd=tmp_path)
    config = (vault / "wiki-config.md").read_text("utf-8")
    assert "\nnote_keys:" not in config
    assert "# note_keys: [evidence, note, description, via]\n" in config
    assert "notes: 'evidence:' (6 edges) is not shown as a note: paragraphs (median" in (
        result.stdout
    )
    assert (
        "to show it, set note_keys: [evidence, note, description, via] in wiki-config.md"
    ) in result.stdout
    # Once the user sets note_keys, init proposes and says nothing more about notes.
    (vault / "wiki-config.md").write_text(
        config.replace("# note_keys:", "note_keys:"), encoding="utf-8"
    )
    again = run("init", "--docs-dir", "vault", cwd=tmp_path)
    assert "notes:" not in again.stdout and "note_keys" not in again.stdout, again.stdout


def test_short_notes_are_turned_on_and_said(tmp_path: Path) -> None:
    vault = tmp_path / "vault"
    _entries(vault, "rationale", "the hub sets the rules that page {n} follows here")
    result = run("init", "--docs-dir", "vault", cwd=tmp_path)
    assert "note_keys: [rationale, note, description, via]\n" in (
        vault / "wiki-config.md"
    ).read_text("utf-8")
    assert (
        "notes: each edge's 'rationale:' is shown under its link in the panel (6 edges; "
        "note_keys in wiki-config.md); to turn them off, delete that line"
    ) in result.stdout


def test_site_url_advice_is_for_material_only(tmp_path: Path) -> None:
    vault = tmp_path / "vault"
    _page(vault, "index.md", _edge("b") + "# Home\n")
    _page(vault, "b.md", "# B\n")
    # As on a machine without mkdocs-material: init chooses the mkdocs theme.
    hidden = (
        "import importlib.util, sys; find = importlib.util.find_spec; "
        "importlib.util.find_spec = lambda name, *a: None if name == 'material' else "
        "find(name, *a); from mkdocs_relations.cli import main; "
        "sys.exit(main(['init', '--docs-dir', 'vault']))"
    )
    result = subprocess.run(
        [sys.executable, "-c", hidden], cwd=tmp_path, capture_output=True, text=True,
        timeout=120, check=False,
    )  # fmt: skip
    assert result.returncode == 0, result.stdout + result.stderr
    assert "theme mkdocs" in result.stdout
    assert "site_url" not in result.stdout and "instant" not in result.stdout
    assert "instant" not in (tmp_path / "mkdocs.yml").read_text("utf-8")


def test_hugo_section_pages_are_named_in_the_home_page_note(tmp_path: Path) -> None:
    vault = tmp_path / "vault"
    _page(vault, "_index.md", _edge("guide/_index") + "# Home\n")
    _page(vault, "guide/_index.md", "# Guide\n")
    _page(vault, "decisions/README.md", "# Decisions\n")
    result = run("init", "--docs-dir", "vault", cwd=tmp_path)
    assert (
        "note: the docs folder has no index.md, so the site will have no home page; "
        "vault/_index.md is the home page in Hugo's naming, which MkDocs does not serve as a "
        "folder's index (it publishes it at /_index/): rename it to index.md, and the 1 other "
        "_index.md file (e.g. vault/guide/_index.md) likewise, or their folders' addresses show "
        "no page; a README.md is served as its folder's index already "
        "(vault/decisions/README.md)"
    ) in result.stdout


def test_a_text_source_key_is_named_under_the_mkdocs_theme(tmp_path: Path) -> None:
    """Obsidian notes keep ``source: https://...``; MkDocs' own theme lists ``source:`` above
    the page as labels, one per item, so text shows as a label per character."""
    vault = tmp_path / "vault"
    _page(vault, "index.md", _edge("b") + "# Home\n")
    _page(vault, "b.md", "---\nsource: https://example.com/x\n---\n# B\n")
    _page(vault, "c.md", "---\nsource: [notes.txt]\n---\n# C\n")
    plugins = "plugins:\n  - search\n  - relations\n"
    (tmp_path / "mkdocs.yml").write_text(
        f"site_name: S\ndocs_dir: vault\ntheme: mkdocs\n{plugins}", encoding="utf-8"
    )
    (tmp_path / "material.yml").write_text(
        f"site_name: S\ndocs_dir: vault\ntheme: material\n{plugins}", encoding="utf-8"
    )
    assert _build(tmp_path).returncode == 0
    html = (tmp_path / "site" / "b" / "index.html").read_text("utf-8")
    assert '<span class="label label-primary">h</span>' in html  # what the note is about
    said = run("init", cwd=tmp_path).stdout
    assert (
        "note: 'source:' is text on 1 page (e.g. vault/b.md); theme mkdocs lists a page's "
        "source: above it as labels, one per character of text: install mkdocs-material and "
        "set theme: material, or rename the key (e.g. url:)"
    ) in said, said
    assert "'source:' is text" not in run("init", "-f", "material.yml", cwd=tmp_path).stdout

"""What resolution says about a target, at any length."""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import mkdocs_build, pages_in_folder, run

from mkdocs_relations.frontmatter.block import Frontmatter, read_frontmatter
from mkdocs_relations.wiki import name_clashes
from mkdocs_relations.wiki.pipeline import load_wiki


def says_in_lint_and_build(tmp_path: Path, expected: list[str], *lint_args: str) -> None:
    """``mkdocs-relations lint`` prints exactly ``expected``, and a build of the same site
    stops and logs every one of those lines."""
    result = run("lint", *lint_args, cwd=tmp_path)
    assert result.stdout.splitlines() == expected, result.stdout + result.stderr
    built_says(tmp_path, expected)


def notes_in_lint_and_build(tmp_path: Path, expected: list[str]) -> None:
    """``mkdocs-relations lint`` prints exactly ``expected`` and passes, and a ``--strict``
    build of the same site passes and logs every one of those lines at MkDocs' INFO."""
    result = run("lint", cwd=tmp_path)
    assert result.returncode == 0, result.stdout + result.stderr
    assert result.stdout.splitlines() == expected, result.stdout
    built = mkdocs_build(tmp_path, strict=True)
    assert built.returncode == 0, built.stderr
    logged = [
        line.partition(": ")[2] for line in built.stderr.splitlines() if line.startswith("INFO - ")
    ]
    assert [line for line in expected if line not in logged] == [], built.stderr


def built_says(tmp_path: Path, lines: list[str]) -> None:
    """A build of ``tmp_path``'s site stops and logs every one of ``lines``."""
    built = mkdocs_build(tmp_path)
    assert built.returncode == 1
    assert [line for line in lines if line not in built.stderr] == [], built.stderr


def with_wikilinks(tmp_path: Path) -> Path:
    """A site in ``tmp_path`` reading ``[[wikilinks]]`` in page text too; its docs folder."""
    docs = tmp_path / "docs"
    docs.mkdir()
    (tmp_path / "mkdocs.yml").write_text(
        "site_name: t\nplugins:\n  - relations:\n      wikilinks: true\n", encoding="utf-8"
    )
    return docs


def test_long_targets_are_clipped(tmp_path: Path) -> None:
    long = "very-long-name-" * 40
    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "a.md").write_text(
        f"---\nsuperseded_by: '[[{long}]]'\nrelationships:\n"
        f"  - {{type: depends-on, target: '[[{long}]]'}}\n"
        f"  - {{type: depends-on, target: '[[../{long}]]'}}\n---\n"
    )
    messages = [(d.line, d.message) for d in load_wiki(pages_in_folder(str(docs))).diagnostics]
    assert [line for line, _ in messages] == [2, 4, 5]
    for _, message in messages:
        assert len(message) < 250 and long not in message, message
        assert "characters)" in message, message


def test_a_file_that_is_not_a_page_is_told_so(tmp_path: Path) -> None:
    """A target naming a .json, a .py or a folder without pages is a file, not a page; the
    lint says so and how to fix it, not "matches no page"."""
    docs = tmp_path / "docs"
    (docs / "data").mkdir(parents=True)
    (docs / "data" / "schema.json").write_text("{}")
    (docs / "notes").mkdir()
    (docs / "notes" / "run.py").write_text("print()\n")
    (docs / "assets").mkdir()
    (docs / "assets" / "logo.png").write_bytes(b"\x89PNG")
    (docs / "notes" / "a.md").write_text(
        "---\nrelationships:\n"
        "  - {type: depends-on, target: data/schema.json}\n"
        "  - {type: depends-on, target: run.py}\n"  # beside the page
        "  - {type: depends-on, target: assets}\n"
        "  - {type: depends-on, target: nothing.json}\n---\n"
    )
    result = run("lint", "--docs-dir", "docs", cwd=tmp_path)
    assert result.returncode == 1, result.stdout + result.stderr
    assert result.stdout.splitlines() == [
        "docs/notes/a.md:3: error: [missing-target] target 'data/schema.json' is a file, not "
        "a page (data/schema.json): link a page, or mark it as a redlink with 'redlink: true'",
        "docs/notes/a.md:4: error: [missing-target] target 'run.py' is a file, not a page "
        "(notes/run.py): link a page, or mark it as a redlink with 'redlink: true'",
        "docs/notes/a.md:5: error: [missing-target] target 'assets' is a folder, not a page "
        "(assets): link a page, or mark it as a redlink with 'redlink: true'",
        "docs/notes/a.md:6: error: [missing-target] target 'nothing.json' matches no page. Fix "
        "the target, create the page, or mark the edge as a deliberate redlink with "
        "'redlink: true'",
    ]


def test_a_bare_target_is_told_to_list_its_redlink(tmp_path: Path) -> None:
    """A target written bare under a key (the relation name as the key) has no entry to hold
    ``redlink: true``: the hint is the wiki's redlink list, and following it fixes the build.
    An entry's edge, and a body link, keep their own hints."""
    docs = tmp_path / "docs"
    (docs / "data").mkdir(parents=True)
    (docs / "data" / "schema.json").write_text("{}")
    (docs / "wiki-config.md").write_text(
        "---\nrelation_keys: [caused-by]\n---\n# Wiki configuration\n"
    )
    (docs / "index.md").write_text(
        "---\ntitle: Home\nreviewed-by: Jane Doe\ncaused-by:\n"
        '  - "[[incident-42]]"\n  - "[[data/schema.json]]"\n'
        "relationships:\n  - {type: depends-on, target: '[[nothing]]'}\n---\n# Home\n"
    )
    (tmp_path / "mkdocs.yml").write_text(
        "site_name: T\nplugins:\n  - relations\n", encoding="utf-8"
    )
    listed = "list it under redlinks in wiki-config.md"
    expected = [
        "docs/index.md:5: error: [missing-target] target 'incident-42' matches no page. Fix "
        f"the target, create the page, or {listed}",
        "docs/index.md:6: error: [missing-target] target 'data/schema.json' is a file, not a "
        f"page (data/schema.json): link a page, or {listed}",
        "docs/index.md:8: error: [missing-target] target 'nothing' matches no page. Fix the "
        "target, create the page, or mark the edge as a deliberate redlink with "
        "'redlink: true'",
    ]
    says_in_lint_and_build(tmp_path, expected, "--docs-dir", "docs")

    (docs / "wiki-config.md").write_text(
        "---\nrelation_keys: [caused-by]\nredlinks:\n"
        '  - "[[incident-42]]"\n  - "[[data/schema.json]]"\n  - "[[nothing]]"\n'
        "---\n# Wiki configuration\n"
    )
    built = mkdocs_build(tmp_path, strict=True)
    assert built.returncode == 0, built.stderr


def test_an_address_outside_the_wiki_is_told_so(tmp_path: Path) -> None:
    """A web address as a target is no page and never will be: the lint says so, and where
    the address can go, instead of "create the page"."""
    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "index.md").write_text(
        "---\nrelationships:\n"
        "  - {type: relates-to, target: 'https://example.com/spec#part'}\n"
        "  - {type: relates-to, target: '[[mailto:team@example.com]]'}\n"
        "  - {type: relates-to, target: 'example.com'}\n"
        "see-also: '[[https://example.com/other]]'\n---\n# Home\n"
    )
    (docs / "wiki-config.md").write_text("---\nrelation_keys: [see-also]\n---\n")
    (tmp_path / "mkdocs.yml").write_text("site_name: T\nplugins:\n  - relations\n")
    outside = (
        "is an address outside this wiki, not a page: an edge links two pages; point the "
        "target at a page, and keep the address in the page's text or as a field of the edge "
        "(url: ...)"
    )
    expected = [
        f"docs/index.md:3: error: [missing-target] target 'https://example.com/spec' {outside}",
        f"docs/index.md:4: error: [missing-target] target 'mailto:team@example.com' {outside}",
        "docs/index.md:5: error: [missing-target] target 'example.com' matches no page. Fix the "
        "target, create the page, or mark the edge as a deliberate redlink with 'redlink: true'",
        "docs/index.md:6: error: [missing-target] target 'https://example.com/other' is an "
        "address outside this wiki, not a page: an edge links two pages; point the target at "
        "a page, and keep the address in the page's text or under a key of its own",
        "docs/index.md:6: error: [unknown-type] unknown relationship type 'see-also'. Known "
        "types: depends-on, part-of, relates-to, supersedes, caused-by, used-by; declare new "
        "ones under relationship_types in wiki-config.md",
    ]
    says_in_lint_and_build(tmp_path, expected, "--docs-dir", "docs")


def test_a_value_holding_links_beside_text_is_told_what_it_holds(tmp_path: Path) -> None:
    """Prose with links, two links in one string and an embed were split at their outer
    brackets: "see [[a]]" was said not to open with '[[', "[[a]], [[b]]" looked up a page
    'a]], [[b'. Each is now told what it holds and the value to write, in lint and build."""
    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "a.md").write_text("# A\n")
    (docs / "b.md").write_text("# B\n")
    (docs / "index.md").write_text(
        "---\nrelationships:\n"
        "  - {type: relates-to, target: '![[a]]'}\n"
        "  - {type: relates-to, target: '[[a]], [[b]]'}\n"
        "  - {type: relates-to, target: 'text [[a]]'}\n"
        "supports: 'see [[a]] and [[missing]]'\n---\n# Home\n"
    )
    (docs / "wiki-config.md").write_text(
        "---\nrelation_keys: [supports]\nrelationship_types: [supports]\n---\n"
    )
    (tmp_path / "mkdocs.yml").write_text("site_name: T\nplugins:\n  - relations\n")
    error = "docs/index.md:{}: error: [malformed-relationship] target {}"
    expected = [
        error.format(
            3, "'![[a]]' is an embed; an edge names the page: write \"[[a]]\" without the '!'"
        ),
        error.format(
            4,
            "'[[a]], [[b]]' holds 2 links, and a target is one page; write each "
            'link as a target of its own, e.g. a list: ["[[a]]", "[[b]]"]',
        ),
        error.format(
            5,
            "'text [[a]]' holds the link [[a]] with text beside it; a target is "
            'the link alone: write "[[a]]"',
        ),
        error.format(
            6,
            "'see [[a]] and [[missing]]' holds 2 links, and a target is one "
            'page; write each link as a target of its own, e.g. a list: ["[[a]]", '
            '"[[missing]]"]',
        ),
    ]
    result = run("lint", "--docs-dir", "docs", cwd=tmp_path)
    lines = [line for line in result.stdout.splitlines() if "malformed" in line]
    assert lines == expected, result.stdout + result.stderr
    built_says(tmp_path, expected)


def test_a_target_escaped_as_a_url_is_told_the_page_it_spells(tmp_path: Path) -> None:
    """ "Big%20Page", as a Markdown link escapes a space, links nothing in a wiki's tool and
    is reported; the message named no page, and a pasted Markdown link was told to write
    "[[Big%20Page]]", itself a broken target. Both now name the page the escapes spell."""
    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "Big Page.md").write_text("# Big\n")
    (docs / "index.md").write_text(
        "---\nrelationships:\n"
        "  - {type: relates-to, target: '[[Big%20Page]]'}\n"
        "  - {type: relates-to, target: '[Big](Big%20Page.md)'}\n"
        "---\n# Home\n\nSee [[Big%20Page]].\n"
    )
    (tmp_path / "mkdocs.yml").write_text(
        "site_name: T\nplugins:\n  - relations\nmarkdown_extensions:\n"
        "  - mkdocs_relations.wikilinks\n"
    )
    expected = [
        "docs/index.md:3: error: [missing-target] target 'Big%20Page' matches no page. Did you "
        "mean 'Big Page'? Fix the target, create the page, or mark the edge as a deliberate "
        "redlink with 'redlink: true'",
        "docs/index.md:4: error: [missing-target] target '[Big](Big%20Page.md)' is a Markdown "
        'link; a target names the page itself, e.g. target: "[[Big Page]]"',
        "docs/index.md:8: warning: [broken-wikilink] link 'Big%20Page' matches no page or file. "
        "Did you mean 'Big Page'? Fix the link, create the page, or list it under redlinks in "
        "wiki-config.md",
    ]
    says_in_lint_and_build(tmp_path, expected)


def test_a_bare_value_that_is_no_text_is_not_told_to_write_target(tmp_path: Path) -> None:
    """A date or a number under a key that names the type (a type map, a relation key) was
    told to write 'target: "..."', a key such a value has no place for; an entry's still is."""
    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "index.md").write_text(
        "---\nrelations:\n  relates-to: 2024-01-01\nsupports: [3]\nrelationships:\n"
        "  - {type: relates-to, target: 404}\n---\n# Home\n"
    )
    (docs / "wiki-config.md").write_text(
        "---\nrelation_keys: [supports]\nrelationship_types: [supports]\n"
        "readings:\n  - {field: relations, shape: type-map}\n"
        "  - {field: relationships, shape: entries}\n---\n"
    )
    (tmp_path / "mkdocs.yml").write_text("site_name: T\nplugins:\n  - relations\n")
    error = (
        "docs/index.md:{}: error: [malformed-relationship] target is {}, not a page; quote it: {}"
    )
    expected = [
        error.format(3, "a date (YAML reads an unquoted 2024-01-01 that way)", '"2024-01-01"'),
        error.format(4, "a number (3)", '"3"'),
        error.format(6, "a number (404)", 'target: "404"'),
    ]
    says_in_lint_and_build(tmp_path, expected, "--docs-dir", "docs")


def test_a_long_value_holding_links_is_told_in_one_short_line(tmp_path: Path) -> None:
    """A value of thousands of links, or prose of 30,000 characters, is quoted clipped and
    its links listed at most three, as every other target message is."""
    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "a.md").write_text("# A\n")
    values = ["text [[a]] " * 3000, "[[a]]" * 20000, "[[" * 5000 + "a]] and more"]
    (docs / "index.md").write_text(
        "---\nrelationships:\n"
        + "".join(f"  - {{type: relates-to, target: '{value}'}}\n" for value in values)
        + "---\n# Home\n"
    )
    (tmp_path / "mkdocs.yml").write_text("site_name: T\nplugins:\n  - relations\n")
    result = run("lint", "--docs-dir", "docs", cwd=tmp_path)
    lines = result.stdout.splitlines()
    assert [line.split(" target ")[0] for line in lines] == [
        f"docs/index.md:{n}: error: [malformed-relationship]" for n in (3, 4, 5)
    ], result.stdout
    assert all(len(line) < 300 and "characters)" in line for line in lines), lines
    built_says(tmp_path, lines)


def test_a_setting_of_wiki_config_in_another_page_is_told(tmp_path: Path) -> None:
    """``redlinks:`` or ``relationship_types:`` in an ordinary page would be ignored without a
    word (the page's edges then fail as broken, under a list that seems to allow them); the
    page is told at the line, in lint and build. In wiki-config.md the same keys are read."""
    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "index.md").write_text(
        '---\nrelationships:\n  - {type: depends-on, target: "[[tax-engine]]"}\n'
        'redlinks:\n  - "[[tax-engine]]"\nrelationship_types:\n  - {name: governs}\n'
        "---\n# Home\n"
    )
    (tmp_path / "mkdocs.yml").write_text("site_name: T\nplugins:\n  - relations\n")
    ignored = "is read from wiki-config.md only, so here it is ignored; move it to wiki-config.md"
    expected = [
        "docs/index.md:3: error: [missing-target] target 'tax-engine' matches no page. Fix the "
        "target, create the page, or mark the edge as a deliberate redlink with 'redlink: true'",
        f"docs/index.md:4: warning: [unread-links] 'redlinks:' {ignored}, or mark each edge "
        "with 'redlink: true'",
        f"docs/index.md:6: warning: [unread-links] 'relationship_types:' {ignored}",
    ]
    says_in_lint_and_build(tmp_path, expected, "--docs-dir", "docs")

    (docs / "wiki-config.md").write_text(
        '---\nredlinks:\n  - "[[tax-engine]]"\n---\n# Wiki configuration\n'
    )
    (docs / "index.md").write_text(
        '---\nrelationships:\n  - {type: depends-on, target: "[[tax-engine]]"}\n---\n# Home\n'
    )
    assert mkdocs_build(tmp_path, strict=True).returncode == 0


def test_an_alias_another_page_answers_first_is_told(tmp_path: Path) -> None:
    """An alias that a page id or file name answers first never reaches its page: each one
    is told at its line, in lint and build alike, as an info that fails nothing; the link
    the message offers reaches the page."""
    docs = tmp_path / "docs"
    (docs / "ops").mkdir(parents=True)
    (docs / "team").mkdir()
    (docs / "ledger.md").write_text("---\ntitle: Ledger\n---\n")
    (docs / "ops" / "runbook.md").write_text("---\ntitle: Ops runbook\n---\n")
    (docs / "team" / "runbook.md").write_text("---\ntitle: Team runbook\n---\n")
    (docs / "billing.md").write_text(
        "---\ntitle: Billing\naliases:\n  - invoices\n  - LEDGER\n  - Billing\n  - runbook\n---\n"
    )
    # Read as a link to it is read: the heading goes, the page stays.
    (docs / "payroll.md").write_text("---\naliases: ops/runbook#steps\n---\n")
    (docs / "index.md").write_text(
        '---\nrelationships:\n  - {type: depends-on, target: "[[billing|LEDGER]]"}\n'
        '  - {type: relates-to, target: "[[invoices]]"}\n---\n'
    )
    (tmp_path / "mkdocs.yml").write_text("site_name: T\nplugins:\n  - relations\n")
    never = "never reaches this page:"
    way = "and a target is matched that way before any alias"
    expected = [
        f"docs/billing.md:5: info: [shadowed-alias] alias 'LEDGER' {never} [[LEDGER]] reaches "
        f"the page 'ledger' by its page id ignoring case, {way}; link this page as "
        '"[[billing|LEDGER]]", or drop the alias',
        f"docs/billing.md:7: info: [shadowed-alias] alias 'runbook' {never} [[runbook]] "
        f"matches 2 pages by their file name, {way}; link this page as "
        '"[[billing|runbook]]", or drop the alias',
        f"docs/payroll.md:2: info: [shadowed-alias] alias 'ops/runbook#steps' {never} "
        f"[[ops/runbook#steps]] reaches the page 'ops/runbook' by its page id, {way}; link "
        'this page as "[[payroll|ops/runbook#steps]]", or drop the alias',
    ]
    notes_in_lint_and_build(tmp_path, expected)
    # The link offered reaches billing: both edges of index.md do, one by id, one by alias.
    edges = load_wiki(pages_in_folder(str(docs))).graph.pages["index"].edges
    assert [edge.target_id for edge in edges] == ["billing", "billing"]


def test_an_id_two_pages_share_is_told_on_both(tmp_path: Path) -> None:
    """One ``id:`` on two pages (a copied file keeps its id) is told at each page's line
    before any target names it; a page id answering the name first is said as it is."""
    docs = tmp_path / "docs"
    docs.mkdir()
    for name in ("pay", "pay-copy", "old-pay"):
        (docs / f"{name}.md").write_text(f"---\ntitle: {name}\nobject_id: svc-pay\n---\n")
    (docs / "ledger.md").write_text("---\nobject_id: ledger\n---\n")
    (docs / "books.md").write_text("---\nobject_id: ledger\n---\n")
    (docs / "wiki-config.md").write_text("---\nid_key: object_id\n---\n")
    (tmp_path / "mkdocs.yml").write_text("site_name: T\nplugins:\n  - relations\n")
    fix = "give each page its own object_id"
    many = "so a target [[svc-pay]] matches 3 pages and cannot be resolved"
    expected = [
        "docs/books.md:2: info: [shared-id] object_id 'ledger' is also the object_id of "
        f"ledger.md, so a target [[ledger]] reaches the page 'ledger' by its page id; {fix}",
        "docs/ledger.md:2: info: [shared-id] object_id 'ledger' is also the object_id of "
        f"books.md, so a target [[ledger]] reaches the page 'ledger' by its page id; {fix}",
        "docs/old-pay.md:3: info: [shared-id] object_id 'svc-pay' is also the object_id of "
        f"pay-copy.md, pay.md, {many}; {fix}",
        "docs/pay-copy.md:3: info: [shared-id] object_id 'svc-pay' is also the object_id of "
        f"old-pay.md, pay.md, {many}; {fix}",
        "docs/pay.md:3: info: [shared-id] object_id 'svc-pay' is also the object_id of "
        f"old-pay.md, pay-copy.md, {many}; {fix}",
    ]
    notes_in_lint_and_build(tmp_path, expected)


def test_the_link_a_shadowed_alias_is_offered_reaches_its_page(tmp_path: Path) -> None:
    """The offered link is read as any link is, and the message holds it only where it
    reaches the page: a '#' or '|' in a file name ends the name a link reads, so
    "[[C#|c]]" went to c.md and "[[a|b|x]]" to no page. An alias that a file holding '#'
    answers (the link reads the whole name when the part before '#' names no page) is told
    too, a long alias is not offered clipped, and neither is the page."""
    docs = tmp_path / "docs"
    docs.mkdir()
    for name in ("c", "x", "F# notes", "long-" * 15):
        (docs / f"{name}.md").write_text("---\ntitle: T\n---\n")
    (docs / "C#.md").write_text("---\naliases: [c]\n---\n")  # no link reaches it
    (docs / "a|b.md").write_text("---\nid: ab\naliases: [x]\n---\n")  # its id does
    (docs / "tools.md").write_text(f"---\naliases:\n  - F# notes\n  - {'long-' * 15}\n---\n")
    (tmp_path / "mkdocs.yml").write_text("site_name: T\nplugins:\n  - relations\n")
    way = "and a target is matched that way before any alias"
    expected = [
        f"docs/C#.md:2: info: [shadowed-alias] alias 'c' never reaches this page: [[c]] "
        f"reaches the page 'c' by its page id, {way}; no link reaches this page by its id "
        "either (a '#', '|' or bracket in a file name cuts the name a link reads): give it a "
        "frontmatter id, or drop the alias",
        f"docs/a|b.md:3: info: [shadowed-alias] alias 'x' never reaches this page: [[x]] "
        f"reaches the page 'x' by its page id, {way}; link this page as \"[[ab|x]]\", or drop "
        "the alias",
        f"docs/tools.md:3: info: [shadowed-alias] alias 'F# notes' never reaches this page: "
        f"[[F# notes]] reaches the page 'F# notes' by its page id, {way}; link this page as "
        '"[[tools|F# notes]]", or drop the alias',
        f"docs/tools.md:4: info: [shadowed-alias] alias '{'long-' * 8}… (75 characters)' never "
        f"reaches this page: [[{'long-' * 8}… (75 characters)]] reaches the page "
        f"'{'long-' * 8}… (75 characters)' by its page id, {way}; link this page as "
        '"[[tools]]", or drop the alias',
    ]
    result = run("lint", cwd=tmp_path)
    assert result.stdout.splitlines() == expected, result.stdout + result.stderr
    built = mkdocs_build(tmp_path, strict=True)
    assert built.returncode == 0, built.stderr
    logged = [
        line.partition(": ")[2] for line in built.stderr.splitlines() if line.startswith("INFO - ")
    ]
    assert [line for line in expected if line not in logged] == [], built.stderr
    # Each link offered reaches the page it was offered for.
    (docs / "index.md").write_text(
        '---\nrelationships:\n  - {type: depends-on, target: "[[ab|x]]"}\n'
        '  - {type: depends-on, target: "[[tools|F# notes]]"}\n'
        '  - {type: depends-on, target: "[[tools]]"}\n---\n'
    )
    edges = load_wiki(pages_in_folder(str(docs))).graph.pages["index"].edges
    assert [edge.target_id for edge in edges] == ["a|b", "tools", "tools"]


def test_an_alias_that_is_the_pages_own_file_name_is_not_told(tmp_path: Path) -> None:
    """An alias that repeats the page's own file name (as Obsidian users list it) is not
    this code's, even where another page's id answers that name first: the alias changes
    nothing, and without it the name would not reach the page either."""
    docs = tmp_path / "docs"
    (docs / "ops").mkdir(parents=True)
    (docs / "runbook.md").write_text("---\ntitle: Runbook\n---\n")
    (docs / "ops" / "runbook.md").write_text(
        "---\naliases: [runbook, Run Book, runbook.md#steps, ops-runbook]\n---\n"
    )
    (docs / "ops" / "ops-runbook.md").write_text("---\ntitle: T\n---\n")
    (tmp_path / "mkdocs.yml").write_text("site_name: T\nplugins:\n  - relations\n")
    result = run("lint", cwd=tmp_path)
    assert [line.split(" never")[0] for line in result.stdout.splitlines()] == [
        "docs/ops/runbook.md:2: info: [shadowed-alias] alias 'ops-runbook'"
    ], result.stdout
    built = mkdocs_build(tmp_path, strict=True)
    assert built.returncode == 0, built.stderr
    assert built.stderr.count("[shadowed-alias]") == 1, built.stderr


def test_a_page_with_many_shadowed_aliases_is_read_again_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The aliases' lines come from one more read of the page, not one a shadowed alias: a
    page listing 2,000 other pages' names was read 2,000 times (6 s)."""
    docs = tmp_path / "docs"
    docs.mkdir()
    for i in range(50):
        (docs / f"p{i}.md").write_text("---\n---\n")
    (docs / "big.md").write_text(
        "---\naliases:\n" + "".join(f"  - P{i}\n" for i in range(50)) + "---\n"
    )
    reads: list[str] = []

    def counted(path: str, file: str) -> Frontmatter:
        reads.append(file)
        return read_frontmatter(path, file)

    monkeypatch.setattr(name_clashes, "read_frontmatter", counted)
    found = [d for d in load_wiki(pages_in_folder(str(docs))).diagnostics if d.file == "big.md"]
    assert [d.line for d in found] == list(range(3, 53))
    assert reads == ["big.md"]


def test_a_label_written_first_is_told_to_swap(tmp_path: Path) -> None:
    """Dendron writes ``[[label|note]]``, the label first; this site reads the page first, as
    Obsidian and Foam do. Where the label is a page and the target is not, the edge's and the
    body link's messages say to swap the two and write the link that resolves, and following
    them builds clean; a typo keeps its "Did you mean" (they said only "matches no page",
    with no way to the page)."""
    docs = with_wikilinks(tmp_path)
    (docs / "proj.api.tokens.md").write_text("# Tokens\n", encoding="utf-8")
    auth = docs / "proj.api.auth.md"
    auth.write_text(
        "---\nrelationships:\n  - type: depends-on\n    target: '[[Tokens|proj.api.tokens]]'\n"
        "---\n# Auth\n\nUses [[the token store|proj.api.tokens#Keys]].\n\n"
        "A typo: [[proj.api.tokenz|Proj.Api.Tokens]].\n",
        encoding="utf-8",
    )
    says_in_lint_and_build(
        tmp_path,
        [
            "docs/proj.api.auth.md:4: error: [missing-target] target 'Tokens' matches no page, "
            "but its label 'proj.api.tokens' does: a link names the page first and the label "
            "after the '|' (Dendron writes the label first); write [[proj.api.tokens|Tokens]]",
            "docs/proj.api.auth.md:8: warning: [broken-wikilink] link 'the token store' matches "
            "no page, but its label 'proj.api.tokens#Keys' does: a link names the page first and "
            "the label after the '|' (Dendron writes the label first); write "
            "[[proj.api.tokens#Keys|the token store]]",
            "docs/proj.api.auth.md:10: warning: [broken-wikilink] link 'proj.api.tokenz' matches "
            "no page or file. Did you mean 'proj.api.tokens'? Fix the link, create the page, or "
            "list it under redlinks in wiki-config.md",
        ],
    )
    text = auth.read_text(encoding="utf-8")
    text = text.replace("Tokens|proj.api.tokens", "proj.api.tokens|Tokens")
    text = text.replace(
        "the token store|proj.api.tokens#Keys", "proj.api.tokens#Keys|the token store"
    )
    auth.write_text(text.replace("tokenz", "tokens"), encoding="utf-8")
    assert run("lint", cwd=tmp_path).stdout.splitlines() == []
    assert mkdocs_build(tmp_path, strict=True).returncode == 0


def test_a_permalink_is_told_the_page_it_names(tmp_path: Path) -> None:
    """A wiki migrated from Jekyll or Hugo names pages by address: ``/pay/``, the
    ``permalink:`` of ``notes/payments.md``, matches no page, and the message names the page
    and the target to write (it said only "matches no page"); following it builds clean."""
    docs = tmp_path / "docs"
    (docs / "notes").mkdir(parents=True)
    (docs / "posts").mkdir()
    (tmp_path / "mkdocs.yml").write_text("site_name: t\nplugins:\n  - relations\n")
    (docs / "notes" / "payments.md").write_text("---\npermalink: /pay/\n---\n# Payments\n")
    (docs / "notes" / "ledger.md").write_text("---\nurl: /finance/ledger.html\n---\n# Ledger\n")
    launch = docs / "posts" / "launch.md"
    launch.write_text(
        "---\nrelationships:\n  - {type: relates-to, target: /pay/}\n"
        "  - {type: relates-to, target: /finance/ledger.html}\n---\n# Launch\n"
    )
    says_in_lint_and_build(
        tmp_path,
        [
            "docs/posts/launch.md:3: error: [missing-target] target '/pay/' matches no page, "
            "but it is the permalink of notes/payments.md: a target names a page by its path, "
            'not its address; write "[[notes/payments]]"',
            "docs/posts/launch.md:4: error: [missing-target] target '/finance/ledger.html' "
            "matches no page, but it is the url of notes/ledger.md: a target names a page by its "
            'path, not its address; write "[[notes/ledger]]"',
        ],
    )
    text = launch.read_text().replace("/pay/", '"[[notes/payments]]"')
    launch.write_text(text.replace("/finance/ledger.html", '"[[notes/ledger]]"'))
    assert run("lint", cwd=tmp_path).returncode == 0
    assert mkdocs_build(tmp_path, strict=True).returncode == 0


def test_a_dendron_cross_vault_link_is_told_the_note(tmp_path: Path) -> None:
    """``[[dendron://main/proj.api]]`` names the note ``proj.api`` of Dendron's vault ``main``;
    a site is one vault, so the edge's and the body link's messages say which link to write
    (they said "matches no page" with nothing to follow), and following them builds clean."""
    docs = with_wikilinks(tmp_path)
    (docs / "proj.api.md").write_text("# API\n", encoding="utf-8")
    page = docs / "proj.ui.md"
    page.write_text(
        "---\nrelationships:\n  - {type: depends-on, target: '[[dendron://main/proj.api]]'}\n"
        "---\n# UI\n\nSee [[dendron://main/proj.api#Auth|the API]].\n",
        encoding="utf-8",
    )
    says_in_lint_and_build(
        tmp_path,
        [
            "docs/proj.ui.md:3: error: [missing-target] target 'dendron://main/proj.api' links "
            "a note of Dendron's vault 'main', and this site is one vault: remove "
            "'dendron://main/' from it",
            "docs/proj.ui.md:7: warning: [broken-wikilink] link 'dendron://main/proj.api' links "
            "a note of Dendron's vault 'main', and this site is one vault: remove "
            "'dendron://main/' from it",
        ],
    )
    page.write_text(page.read_text(encoding="utf-8").replace("dendron://main/", ""))
    assert run("lint", cwd=tmp_path).stdout.splitlines() == []
    assert mkdocs_build(tmp_path, strict=True).returncode == 0

"""Every lint code through a real ``mkdocs build``: a wiki that triggers it, one that does not."""

from __future__ import annotations

import re
import textwrap

import pytest
from conftest import Site, relation_lines

from mkdocs_relations.wiki.suspect import fingerprint

LEDGER = """
---
title: Ledger
---
# Ledger
"""

DEPENDS_ON_LEDGER = """
---
relationships:
  - type: depends-on
    target: "[[ledger]]"
---
"""

PART_OF_LEDGER = """
---
relationships:
  - type: part-of
    target: "[[ledger]]"
---
"""
PART_OF_TWO = """
---
relationships:
  - type: part-of
    target: "[[ledger]]"
  - type: part-of
    target: "[[books]]"
---
"""
PART_OF_REDLINK = """
---
relationships:
  - type: part-of
    target: "[[tax-engine]]"
    redlink: planned
---
"""


def rules(entries: str) -> str:
    """wiki-config.md holding ``rules:`` with the given entries (indented YAML list items)."""
    body = textwrap.indent(textwrap.dedent(entries).strip("\n"), "  ")
    return f"---\nrules:\n{body}\n---\n"


# code -> (pages that trigger it, the (file, line) it must point at, pages that are clean)
CASES: dict[str, tuple[dict[str, str], tuple[str, int], dict[str, str]]] = {
    "unknown-type": (
        {
            "index.md": """
                ---
                title: Home
                relationships:
                  - type: depends-on
                    target: "[[ledger]]"
                  - type: dependz-on
                    target: "[[ledger]]"
                ---
                """,
            "ledger.md": LEDGER,
        },
        ("docs/index.md", 6),
        {
            "index.md": """
                ---
                relationships:
                  - type: depends-on
                    target: "[[ledger]]"
                ---
                """,
            "ledger.md": LEDGER,
        },
    ),
    "missing-target": (
        {
            "index.md": """
                ---
                relationships:
                  - type: depends-on
                    target: "[[ledgr]]"
                ---
                """,
            "ledger.md": LEDGER,
        },
        ("docs/index.md", 4),
        {
            "index.md": """
                ---
                relationships:
                  - type: depends-on
                    target: "[[fraud-scoring]]"
                    redlink: planned page
                ---
                """,
        },
    ),
    "ambiguous-target": (
        {
            "index.md": """
                ---
                relationships:
                  - type: part-of
                    target: rule
                ---
                """,
            "a/rule.md": "# A rule\n",
            "b/rule.md": "# B rule\n",
        },
        ("docs/index.md", 4),
        {
            "index.md": """
                ---
                relationships:
                  - type: part-of
                    target: a/rule
                ---
                """,
            "a/rule.md": "# A rule\n",
            "b/rule.md": "# B rule\n",
        },
    ),
    "malformed-relationship": (
        {
            "index.md": """
                ---
                title: Home
                relationships:
                  - type: depends-on
                ---
                """,
        },
        ("docs/index.md", 4),
        {"index.md": "---\ntitle: Home\nrelationships: []\n---\n"},
    ),
    "invalid-frontmatter": (
        {
            "index.md": """
                ---
                title: Home
                relationships:
                  - type: depends-on
                   target: "[[ledger]]"
                ---
                """,
            "ledger.md": LEDGER,
        },
        ("docs/index.md", 5),
        {"index.md": "---\ntitle: Home\n---\n# Home\n", "ledger.md": LEDGER},
    ),
    "invalid-vocabulary": (
        {
            "wiki-config.md": """
                ---
                relationship_types:
                  - name: governed-by
                    inverse: governs
                  - name: mirrors
                    symmetric: true
                    acyclic: true
                ---
                """,
        },
        ("docs/wiki-config.md", 7),
        {
            "wiki-config.md": """
                ---
                relationship_types:
                  - name: governed-by
                    inverse: governs
                  - name: mirrors
                    symmetric: true
                ---
                """,
        },
    ),
    "cycle": (
        {
            "a.md": "---\nrelationships:\n  - type: depends-on\n    target: b\n---\n",
            "b.md": "---\nrelationships:\n  - type: depends-on\n    target: c\n---\n",
            "c.md": "---\nrelationships:\n  - type: depends-on\n    target: a\n---\n",
        },
        ("docs/a.md", 4),
        {
            "a.md": "---\nrelationships:\n  - type: depends-on\n    target: b\n---\n",
            "b.md": "---\nrelationships:\n  - type: depends-on\n    target: c\n---\n",
            "c.md": "---\nrelationships:\n  - type: relates-to\n    target: a\n---\n",
        },
    ),
    "self-reference": (
        {"index.md": "---\nrelationships:\n  - type: relates-to\n    target: index\n---\n"},
        ("docs/index.md", 4),
        {
            "index.md": "---\nrelationships:\n  - type: relates-to\n    target: ledger\n---\n",
            "ledger.md": LEDGER,
        },
    ),
    "duplicate-edge": (
        {
            "index.md": """
                ---
                relationships:
                  - type: depends-on
                    target: "[[ledger]]"
                  - type: depends-on
                    target: "[[Ledger|The ledger]]"
                ---
                """,
            "ledger.md": LEDGER,
        },
        ("docs/index.md", 6),
        {
            "index.md": """
                ---
                relationships:
                  - type: depends-on
                    target: "[[ledger]]"
                  - type: relates-to
                    target: "[[ledger]]"
                ---
                """,
            "ledger.md": LEDGER,
        },
    ),
    "stale-redlink": (
        {
            "index.md": """
                ---
                relationships:
                  - type: depends-on
                    target: "[[ledger]]"
                    redlink: true
                ---
                """,
            "ledger.md": LEDGER,
        },
        ("docs/index.md", 4),
        {
            "index.md": """
                ---
                relationships:
                  - type: depends-on
                    target: "[[tax-engine]]"
                    redlink: true
                ---
                """,
            "ledger.md": LEDGER,
        },
    ),
    "supersession-mismatch": (
        {
            "old.md": '---\nsuperseded_by: "[[new]]"\n---\n',
            "new.md": "---\nrelationships:\n  - type: relates-to\n    target: old\n---\n",
        },
        ("docs/old.md", 2),
        {
            "old.md": '---\nsuperseded_by: "[[new]]"\n---\n',
            "new.md": "---\nrelationships:\n  - type: supersedes\n    target: old\n---\n",
        },
    ),
    "mirror-mismatch": (
        {
            "a.md": "---\nrelationships:\n  - type: relates-to\n    target: b\n---\n",
            "b.md": "---\nrelationships:\n  - type: depends-on\n    target: a\n---\n",
        },
        ("docs/a.md", 4),
        {
            "a.md": "---\nrelationships:\n  - type: used-by\n    target: b\n---\n",
            "b.md": "---\nrelationships:\n  - type: depends-on\n    target: a\n---\n",
        },
    ),
    "invalid-query": (
        {
            "index.md": "---\ntitle: Home\n---\n# Home\n\n"
            "```relations\nfrom: ledger\ndepth: 12\n```\n",
            "ledger.md": LEDGER,
        },
        ("docs/index.md", 8),
        {
            "index.md": "---\ntitle: Home\n---\n# Home\n\n"
            "```relations\nfrom: ledger\ndepth: 2\n```\n",
            "ledger.md": LEDGER,
        },
    ),
    "broken-wikilink": (
        {
            "index.md": "---\ntitle: Home\n---\n# Home\n\nSee [[ledger]].\n\nAnd [[ledgr]].\n",
            "ledger.md": LEDGER,
        },
        ("docs/index.md", 8),
        {
            "index.md": "---\ntitle: Home\n---\n# Home\n\nSee [[ledger]] and `[[ledgr]]`.\n",
            "ledger.md": LEDGER,
        },
    ),
    "suspect-edge": (
        {
            "index.md": DEPENDS_ON_LEDGER,
            "ledger.md": LEDGER,
            ".relations-reviewed": f"index\tdepends-on\tledger\t{fingerprint(b'# Old ledger')}\n",
        },
        ("docs/index.md", 4),
        {
            "index.md": DEPENDS_ON_LEDGER,
            "ledger.md": LEDGER,
            ".relations-reviewed": f"index\tdepends-on\tledger\t{fingerprint(b'# Ledger')}\n",
        },
    ),
    "rule-endpoint": (
        {
            "index.md": PART_OF_LEDGER,
            "ledger.md": LEDGER,
            "wiki-config.md": rules("""
            - type: part-of
              to: {folder: platform}"""),
        },
        ("docs/index.md", 4),
        {
            "index.md": PART_OF_LEDGER,
            "ledger.md": LEDGER,
            "wiki-config.md": rules("""
            - type: part-of
              to: {not: {folder: platform}}"""),
        },
    ),
    "rule-max": (
        {
            "index.md": PART_OF_TWO,
            "ledger.md": LEDGER,
            "books.md": LEDGER,
            "wiki-config.md": rules("""
            - type: part-of
              max: 1"""),
        },
        ("docs/index.md", 6),
        {
            "index.md": PART_OF_TWO,
            "ledger.md": LEDGER,
            "books.md": LEDGER,
            "wiki-config.md": rules("""
            - type: part-of
              max: 2"""),
        },
    ),
    "rule-redlink": (
        {
            "index.md": PART_OF_REDLINK,
            "wiki-config.md": rules("""
            - type: part-of
              redlinks: false"""),
        },
        ("docs/index.md", 4),
        {
            "index.md": PART_OF_REDLINK,
            "wiki-config.md": rules("""
            - type: depends-on
              redlinks: false"""),
        },
    ),
    "rule-required": (
        {
            "services/checkout.md": "# Checkout\n",
            "ledger.md": LEDGER,
            "wiki-config.md": rules("""
            - pages: {folder: services}
              requires: depends-on"""),
        },
        ("docs/services/checkout.md", 1),
        {
            "services/checkout.md": DEPENDS_ON_LEDGER,
            "ledger.md": LEDGER,
            "wiki-config.md": rules("""
            - pages: {folder: services}
              requires: depends-on"""),
        },
    ),
    "rule-coverage": (
        {
            "requirements/r1.md": "# R1\n",
            "index.md": "# Home\n",
            "wiki-config.md": rules("""
            - pages: {folder: requirements}
              covered_by: relates-to"""),
        },
        ("docs/requirements/r1.md", 1),
        {
            "requirements/r1.md": "# R1\n",
            "index.md": '---\nrelationships:\n  - type: relates-to\n    target: "[[r1]]"\n---\n',
            "wiki-config.md": rules("""
            - pages: {folder: requirements}
              covered_by: relates-to"""),
        },
    ),
    "invalid-rule": (
        {
            "index.md": PART_OF_LEDGER,
            "ledger.md": LEDGER,
            "wiki-config.md": rules("""
            - type: dependz-on
              max: 1"""),
        },
        ("docs/wiki-config.md", 3),
        {
            "index.md": PART_OF_LEDGER,
            "ledger.md": LEDGER,
            "wiki-config.md": rules("""
            - type: depends-on
              max: 1"""),
        },
    ),
    "unquoted-link": (
        {
            "index.md": "---\ntitle: Home\nrelationships:\n  - type: depends-on\n"
            "    target: [[ledger]]\n---\n",
            "ledger.md": LEDGER,
        },
        ("docs/index.md", 5),
        {
            "index.md": "---\ntitle: Home\nrelationships:\n  - type: depends-on\n"
            '    target: "[[ledger]]"\n---\n',
            "ledger.md": LEDGER,
        },
    ),
    # Typed links under a key no setting reads, and nothing read: never "no problems".
    "unread-links": (
        {
            "index.md": '---\ntitle: Home\ndepends-on:\n  - "[[ledger]]"\n---\n',
            "ledger.md": LEDGER,
        },
        ("docs/index.md", 3),
        {
            "index.md": "---\ntitle: Home\nrelationships:\n  - type: depends-on\n"
            '    target: "[[ledger]]"\n---\n',
            "ledger.md": LEDGER,
        },
    ),
    # An alias the ledger's own file name answers first: [[ledger]] never reaches billing.
    "shadowed-alias": (
        {
            "index.md": DEPENDS_ON_LEDGER,
            "ledger.md": LEDGER,
            "billing.md": "---\ntitle: Billing\naliases:\n  - invoices\n  - Ledger\n---\n",
        },
        ("docs/billing.md", 5),
        {
            "index.md": DEPENDS_ON_LEDGER,
            "ledger.md": LEDGER,
            "billing.md": "---\ntitle: Billing\naliases:\n  - invoices\n  - billing\n---\n",
        },
    ),
    # A copied page keeps its id: a target naming it would match both.
    "shared-id": (
        {
            "index.md": "---\ntitle: Home\nid: home\n---\n",
            "ledger.md": "---\ntitle: Ledger\nid: books\n---\n",
            "ledger-copy.md": "---\ntitle: Ledger copy\nid: books\n---\n",
        },
        ("docs/ledger-copy.md", 3),
        {
            "index.md": "---\ntitle: Home\nid: home\n---\n",
            "ledger.md": "---\ntitle: Ledger\nid: books\n---\n",
            "ledger-copy.md": "---\ntitle: Ledger copy\nid: books-copy\n---\n",
        },
    ),
}
#: Options a code needs to be checked at all (body links are read only when asked for).
OPTIONS: dict[str, dict[str, object]] = {"broken-wikilink": {"wikilinks": True}}

WARNINGS = {
    "self-reference",
    "duplicate-edge",
    "stale-redlink",
    "supersession-mismatch",
    "broken-wikilink",
    "unread-links",
}
NOTES = {"mirror-mismatch", "suspect-edge", "unquoted-link", "shadowed-alias", "shared-id"}
LINE = re.compile(r"^(?P<file>[^:]+):(?P<line>\d+): (?P<severity>\w+): \[(?P<code>[a-z-]+)\] ")


def _findings(lines: list[str]) -> list[tuple[str, int, str, str]]:
    found = []
    for line in lines:
        match = LINE.match(line)
        if match:
            found.append((match["file"], int(match["line"]), match["code"], match["severity"]))
    return found


def test_every_code_has_a_case() -> None:
    from mkdocs_relations.model.diagnostics import CODES

    # outside-docs and linked-folder need symbolic links; tests/test_bad_input.py and
    # tests/test_hostile_cli.py make them.
    assert set(CASES) | {"outside-docs", "linked-folder"} == set(CODES)


@pytest.mark.parametrize("code", sorted(CASES))
def test_code_is_reported_with_file_and_line(site: Site, code: str) -> None:
    pages, (file, line), _ = CASES[code]
    site.pages(pages)
    site.plugin_options = dict(OPTIONS.get(code, {}))
    result = site.build()
    findings = _findings(relation_lines(result))
    severity = "warning" if code in WARNINGS else "info" if code in NOTES else "error"
    assert (file, line, code, severity) in findings, relation_lines(result)
    if severity == "error":
        assert not result.ok
        assert any("the build stops" in m for m in result.logged("ERROR"))
    elif severity == "info":
        assert result.ok and site.build(strict=True).ok, "info fails nothing"
    else:
        assert result.ok, result.error
        strict = site.build(strict=True)
        assert not strict.ok, "a warning must fail `mkdocs build --strict`"


@pytest.mark.parametrize("code", sorted(CASES))
def test_clean_variant_has_no_diagnostic(site: Site, code: str) -> None:
    _, _, pages = CASES[code]
    site.pages(pages)
    site.plugin_options = dict(OPTIONS.get(code, {}))
    result = site.build(strict=True)
    assert relation_lines(result) == []
    assert result.ok, result.error


@pytest.mark.parametrize("code", sorted(CASES))
def test_severity_can_be_lowered_or_ignored(site: Site, code: str) -> None:
    pages, _, _ = CASES[code]
    site.pages(pages)
    site.plugin_options = {**OPTIONS.get(code, {}), "severity": {code: "ignore"}}
    result = site.build()
    assert code not in {c for _, _, c, _ in _findings(relation_lines(result))}
    site.plugin_options = {**OPTIONS.get(code, {}), "severity": {code: "warning"}}
    result = site.build()
    assert any(c == code and s == "warning" for _, _, c, s in _findings(relation_lines(result)))


def test_every_diagnostic_of_a_build_is_reported_not_just_the_first(site: Site) -> None:
    site.pages(
        {
            "a.md": "---\nrelationships:\n  - type: nope\n    target: b\n---\n",
            "b.md": "---\nrelationships:\n  - type: depends-on\n    target: zzz\n---\n",
            "c.md": "---\nrelationships: 12\n---\n",
        }
    )
    result = site.build()
    assert not result.ok
    assert [(f, ln, c) for f, ln, c, _ in _findings(relation_lines(result))] == [
        ("docs/a.md", 3, "unknown-type"),
        ("docs/b.md", 4, "missing-target"),
        ("docs/c.md", 2, "malformed-relationship"),
    ]
    assert any("3 errors in 3 files" in m for m in result.logged("ERROR"))


def test_a_duplicate_is_the_later_line_whichever_key_holds_it(site: Site) -> None:
    """A page that writes one edge under a relation-name key and again under the field: the
    copy named is the one further down the page, as a reader of "already declared" expects."""
    site.pages(
        {
            "wiki-config.md": "---\nrelation_keys: [depends-on]\n---\n",
            "a.md": '---\ndepends-on: "[[b]]"\nrelationships:\n  - type: depends-on\n'
            '    target: "[[b]]"\n---\n',
            "b.md": "# B\n",
        }
    )
    result = site.build()
    assert result.ok, result.error
    assert [line for line in relation_lines(result) if "duplicate-edge" in line] == [
        "docs/a.md:5: warning: [duplicate-edge] depends-on 'b' is already declared on line 2; "
        "remove this copy"
    ]


def test_unknown_severity_code_is_a_configuration_error(
    site: Site, caplog: pytest.LogCaptureFixture
) -> None:
    site.page("index.md", "# Home\n")
    site.plugin_options = {"severity": {"no-such-code": "warning"}}
    with pytest.raises(SystemExit):
        site.load()
    assert "unknown lint code 'no-such-code'" in caplog.text


def test_messages_say_how_to_fix(site: Site) -> None:
    pages, _, _ = CASES["unknown-type"]
    site.pages(pages)
    (line,) = [m for m in relation_lines(site.build()) if "[unknown-type]" in m]
    assert "Did you mean 'depends-on'?" in line
    assert "wiki-config.md" in line


def test_fail_on_error_false_logs_but_builds(site: Site) -> None:
    pages, _, _ = CASES["missing-target"]
    site.pages(pages)
    site.plugin_options = {"fail_on_error": False}
    result = site.build()
    assert result.ok
    assert any("[missing-target]" in m for m in result.logged("ERROR"))

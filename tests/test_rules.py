"""Rules in wiki-config.md: each kind through lint with its exact message, a rule's own
severity, mkdocs.yml's severity over it, the overview's section and the rules command."""

from __future__ import annotations

import json
from pathlib import Path

from conftest import Site, run

CONFIG = """---
relationship_types:
  - name: owned-by
    inverse: owns
  - name: verifies
    inverse: verified by
rules:
  - type: part-of
    max: 1
    to: {folder: services}
    redlinks: false
  - type: depends-on
    from: {not: {folder: teams}}
  - pages: {folder: services}
    requires: owned-by
    severity: warning
  - pages: {folder: requirements}
    covered_by: verifies
    severity: info
---
"""
PAGES = {
    "wiki-config.md": CONFIG,
    "services/b.md": '---\nrelationships:\n  - type: part-of\n    target: "[[teams/a]]"\n'
    '  - type: part-of\n    target: "[[services/c]]"\n  - type: part-of\n    target: "[[plan]]"\n'
    "    redlink: true\n---\n",
    "services/c.md": '---\nrelationships:\n  - type: owned-by\n    target: "[[teams/a]]"\n---\n',
    "teams/a.md": '---\nrelationships:\n  - type: depends-on\n    target: "[[services/c]]"\n---\n',
    "requirements/r1.md": "# R1\n",
    "requirements/r2.md": "# R2\n",
    "tests/t2.md": "---\nrelationships:\n  - type: verifies\n"
    '    target: "[[requirements/r2]]"\n---\n',
}


def write(root: Path, pages: dict[str, str]) -> None:
    for path, text in pages.items():
        target = root / "docs" / path
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(text, encoding="utf-8")


def test_every_kind_with_its_message(tmp_path: Path) -> None:
    write(tmp_path, PAGES)
    done = run("lint", "--docs-dir", "docs", cwd=tmp_path)
    assert done.returncode == 1
    assert done.stdout.splitlines() == [
        "docs/requirements/r1.md:1: info: [rule-coverage] no page points at this one with "
        "verifies, which the rule at wiki-config.md:17 (pages {folder: requirements}) requires; "
        "add a verifies edge to it from the page that covers it",
        "docs/services/b.md:1: warning: [rule-required] this page matches the rule at "
        "wiki-config.md:14 (pages {folder: services}) but declares no owned-by edge; add one "
        "under its relationships (- type: owned-by)",
        "docs/services/b.md:4: error: [rule-endpoint] this part-of edge breaks the rule at "
        "wiki-config.md:8 (type part-of): its target 'teams/a' must match to: {folder: "
        "services}; point it at a page that does, or use another type",
        "docs/services/b.md:6: error: [rule-max] this page has more than 1 part-of edge, which "
        "breaks the rule at wiki-config.md:8 (type part-of); keep at most 1",
        "docs/services/b.md:8: error: [rule-redlink] this part-of edge points at a redlink, "
        "which breaks the rule at wiki-config.md:8 (type part-of) (redlinks: false); write the "
        "page 'plan' first, or use another type",
        "docs/teams/a.md:4: error: [rule-endpoint] this depends-on edge breaks the rule at "
        "wiki-config.md:12 (type depends-on): its page must match from: {not: {folder: teams}}; "
        "use another type here, or change the rule",
    ]


def test_passing_rules_report_nothing(tmp_path: Path) -> None:
    pages = dict(PAGES)
    pages["wiki-config.md"] = (
        CONFIG.replace("max: 1", "max: 3")
        .replace("to: {folder: services}", "to: {not: {folder: drafts}}")
        .replace("redlinks: false", "redlinks: true")
        .replace("from: {not: {folder: teams}}", "from: {folder: teams}")
    )
    pages["services/b.md"] = pages["services/b.md"].replace(
        "relationships:\n", 'relationships:\n  - type: owned-by\n    target: "[[teams/a]]"\n'
    )
    pages["tests/t1.md"] = (
        '---\nrelationships:\n  - type: verifies\n    target: "[[requirements/r1]]"\n---\n'
    )
    write(tmp_path, pages)
    done = run("lint", "--docs-dir", "docs", cwd=tmp_path)
    assert (done.returncode, done.stdout) == (0, ""), done.stdout


def test_an_invalid_rule_is_reported_at_its_line(tmp_path: Path) -> None:
    config = (
        "---\nrules:\n  - type: dependz-on\n    max: 1\n  - pages: {folder: a}\n"
        "  - type: part-of\n    max: none\n  - type: part-of\n    to: [x]\n"
        "  - pages: {folder: a}\n    requires: part-of\n    colour: red\n---\n"
    )
    write(tmp_path, {"wiki-config.md": config, "a/x.md": "# X\n"})
    done = run("lint", "--docs-dir", "docs", cwd=tmp_path)
    assert done.stdout.splitlines() == [
        "docs/wiki-config.md:3: error: [invalid-rule] unknown relationship type 'dependz-on' in "
        "a rule. Did you mean 'depends-on'? Use a declared type",
        "docs/wiki-config.md:5: error: [invalid-rule] a pages rule needs requires: (an edge each "
        "page declares) or covered_by: (an edge pointing at each page)",
        "docs/wiki-config.md:7: error: [invalid-rule] max: 'none' is not a whole number of at "
        "least 1",
        "docs/wiki-config.md:9: error: [invalid-rule] to: is a list; write conditions such as "
        "where: {folder: services/, status: active}",
        "docs/wiki-config.md:12: error: [invalid-rule] unknown key 'colour' in a pages rule; "
        "known keys: pages, requires, covered_by, severity",
    ]


def test_mkdocs_yml_severity_wins_over_the_rule(site: Site) -> None:
    site.pages(PAGES)
    levels = {"rule-endpoint": "ignore", "rule-max": "warning", "rule-redlink": "info"}
    site.plugin_options = {"severity": {**levels, "rule-required": "error"}}
    result = site.build()
    lines = [m for _, m in result.messages if "[rule-" in m]
    assert not any("[rule-endpoint]" in m for m in lines)
    assert any("warning: [rule-max]" in m for m in lines)
    assert any("error: [rule-required]" in m for m in lines)
    assert not result.ok


def test_the_overview_lists_each_rule_and_the_pages_that_break_it(site: Site) -> None:
    site.pages(PAGES)
    site.plugin_options = {"overview": "overview.md", "fail_on_error": False}
    assert site.build().ok
    html = site.html("overview/index.html")
    # A section like the others: above the queries folded at the page's end.
    assert html.index("Pages that break it") < html.index("relations-query__source")
    table = html[html.index("Pages that break it") :]
    rows = [row for row in table.split("<tr>")[1:5]]
    assert "part-of: to {folder: services}, at most 1 a page, no redlinks" in rows[0]
    assert "<code>services/b</code>" in rows[0]
    assert "<code>teams/a</code>" in rows[1]
    assert "<code>services/b</code>" in rows[2]
    assert "<code>requirements/r1</code>" in rows[3] and "r2" not in rows[3]


def test_a_rule_many_pages_break_names_ten_and_counts_the_rest(site: Site) -> None:
    site.pages(PAGES)
    for n in range(12):
        site.page(f"requirements/extra{n:02}.md", f"# Extra {n}\n")
    site.plugin_options = {"overview": "overview.md", "fail_on_error": False}
    assert site.build().ok
    html = site.html("overview/index.html")
    row = html[html.index("each has an incoming verifies") :].split("</tr>", 1)[0]
    assert row.count("<code>requirements/") == 10 and "and 3 more" in row, row


def test_the_rules_command(tmp_path: Path) -> None:
    write(tmp_path, PAGES)
    done = run("rules", "--docs-dir", "docs", cwd=tmp_path)
    assert done.returncode == 1
    assert done.stdout.splitlines() == [
        "docs/wiki-config.md:8: part-of: to {folder: services}, at most 1 a page, no redlinks: "
        "1 page breaks it",
        "  services/b",
        "docs/wiki-config.md:12: depends-on: from {not: {folder: teams}}: 1 page breaks it",
        "  teams/a",
        "docs/wiki-config.md:14: pages {folder: services}: each declares owned-by: 1 page "
        "breaks it",
        "  services/b",
        "docs/wiki-config.md:17: pages {folder: requirements}: each has an incoming verifies: "
        "1 page breaks it",
        "  requirements/r1",
    ]
    data = json.loads(run("rules", "--docs-dir", "docs", "--format", "json", cwd=tmp_path).stdout)
    assert [(r["line"], r["severity"], r["pages"]) for r in data["rules"]] == [
        (8, "error", ["services/b"]),
        (12, "error", ["teams/a"]),
        (14, "warning", ["services/b"]),
        (17, "info", ["requirements/r1"]),
    ]


def test_diff_and_new_only_see_rule_findings(tmp_path: Path) -> None:
    import subprocess

    write(tmp_path, PAGES)
    (tmp_path / "mkdocs.yml").write_text("site_name: T\nplugins: [relations]\n", encoding="utf-8")
    git = [["init", "-q"], ["config", "user.email", "t@example.com"], ["config", "user.name", "T"]]
    for args in [*git, ["add", "-A"], ["commit", "-qm", "base"]]:
        subprocess.run(["git", *args], cwd=tmp_path, check=True)
    (tmp_path / "docs" / "services" / "d.md").write_text("# D\n", encoding="utf-8")
    done = run("lint", "--new-only", "HEAD", cwd=tmp_path)
    assert done.returncode == 0, "a warning fails nothing without --strict"
    assert done.stdout.splitlines() == [
        "docs/services/d.md:1: warning: [rule-required] this page matches the rule at "
        "wiki-config.md:14 (pages {folder: services}) but declares no owned-by edge; add one "
        "under its relationships (- type: owned-by)"
    ]
    report = json.loads(run("diff", "HEAD", "--format", "json", cwd=tmp_path).stdout)
    assert [d["code"] for d in report["diagnostics"]["introduced"]] == ["rule-required"]
    assert report["diagnostics"]["fixed"] == []


def test_the_rules_command_fails_on_a_rule_it_cannot_read(tmp_path: Path) -> None:
    """An unreadable rule checks nothing, so `rules` (like `lint`) fails on it: it printed
    the error and exited 0, which a CI step running `rules` took for a pass."""
    config = "---\nrules:\n  - type: dependz-on\n    max: 1\n---\n"
    write(tmp_path, {"wiki-config.md": config, "a/x.md": "# X\n"})
    done = run("rules", "--docs-dir", "docs", cwd=tmp_path)
    assert done.returncode == 1, done.stdout + done.stderr
    assert done.stdout.splitlines() == [
        "docs/wiki-config.md:3: error: [invalid-rule] unknown relationship type 'dependz-on' in "
        "a rule. Did you mean 'depends-on'? Use a declared type",
    ]
    assert done.stderr.splitlines()[-1] == "mkdocs-relations: 0 rules, 0 broken, 1 not read"
    data = json.loads(run("rules", "--docs-dir", "docs", "--format", "json", cwd=tmp_path).stdout)
    assert [d["line"] for d in data["invalid"]] == [3]
    # Lowered in mkdocs.yml, as the lint lowers it: shown, and no longer a failure.
    (tmp_path / "mkdocs.yml").write_text(
        "site_name: T\nplugins:\n  - relations:\n      severity: {invalid-rule: warning}\n",
        encoding="utf-8",
    )
    lowered = run("rules", cwd=tmp_path)
    assert lowered.returncode == 0, lowered.stdout + lowered.stderr
    assert "warning: [invalid-rule]" in lowered.stdout

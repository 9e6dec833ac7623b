"""Suspect edges: confirmed with ``review --accept``, flagged by ``lint``, the build and the
panel when the target's text changes, kept across renames, listed by ``diff``."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

from conftest import Site, run

from mkdocs_relations.wiki.suspect import fingerprint

CHECKOUT = """---
title: Checkout
relationships:
  - type: depends-on
    target: "[[ledger]]"
  - type: part-of
    target: "[[platform]]"
---
# Checkout
"""
LEDGER = "---\ntitle: Ledger\n---\n# Ledger\n\nKeeps every posting.\n"
PLATFORM = "---\ntitle: Platform\n---\n# Platform\n"


def wiki(root: Path) -> Path:
    docs = root / "docs"
    docs.mkdir(parents=True, exist_ok=True)
    (docs / "checkout.md").write_text(CHECKOUT, encoding="utf-8")
    (docs / "ledger.md").write_text(LEDGER, encoding="utf-8")
    (docs / "platform.md").write_text(PLATFORM, encoding="utf-8")
    return docs


def lint(root: Path) -> subprocess.CompletedProcess[str]:
    return run("lint", "--docs-dir", "docs", cwd=root)


def test_accept_edit_flag_accept_again(tmp_path: Path) -> None:
    docs = wiki(tmp_path)
    accepted = run("review", "--docs-dir", "docs", "--accept", cwd=tmp_path)
    assert accepted.returncode == 0, accepted.stderr
    assert accepted.stderr == (
        "mkdocs-relations: 2 edges confirmed; docs/.relations-reviewed written\n"
    )
    reviewed = docs / ".relations-reviewed"
    before = fingerprint(LEDGER.encode())
    assert reviewed.read_text(encoding="utf-8").splitlines()[2:] == [
        f"checkout\tdepends-on\tledger\t{before}",
        f"checkout\tpart-of\tplatform\t{fingerprint(PLATFORM.encode())}",
    ]
    assert lint(tmp_path).stdout == ""

    edited = LEDGER.replace("every posting", "every posting twice")
    (docs / "ledger.md").write_text(edited, encoding="utf-8")
    done = lint(tmp_path)
    assert done.returncode == 0, "info fails nothing"
    assert done.stdout.splitlines() == [
        f"docs/checkout.md:5: info: [suspect-edge] 'ledger' changed since this depends-on edge "
        f"was confirmed: the text of ledger.md is not the text reviewed (fingerprint {before}, "
        f"now {fingerprint(edited.encode())}); check that the edge still holds, then run "
        "`mkdocs-relations review --accept checkout`"
    ]
    review = run("review", "--docs-dir", "docs", cwd=tmp_path)
    assert review.returncode == 1
    assert review.stdout == done.stdout

    assert run("review", "--docs-dir", "docs", "--accept", "checkout", cwd=tmp_path).returncode == 0
    assert lint(tmp_path).stdout == ""
    assert run("review", "--docs-dir", "docs", cwd=tmp_path).returncode == 0


def test_the_file_is_byte_identical_when_nothing_changed(tmp_path: Path) -> None:
    docs = wiki(tmp_path)
    run("review", "--docs-dir", "docs", "--accept", cwd=tmp_path)
    reviewed = docs / ".relations-reviewed"
    first = reviewed.read_bytes()
    stamp = reviewed.stat().st_mtime_ns
    again = run("review", "--docs-dir", "docs", "--accept", cwd=tmp_path)
    assert again.stderr.endswith("docs/.relations-reviewed unchanged\n")
    assert reviewed.read_bytes() == first
    assert reviewed.stat().st_mtime_ns == stamp, "an unchanged file is not rewritten"


def test_whitespace_and_frontmatter_are_not_content(tmp_path: Path) -> None:
    docs = wiki(tmp_path)
    run("review", "--docs-dir", "docs", "--accept", cwd=tmp_path)
    reflowed = (
        "---\ntitle: The Ledger\naliases: [books]\n---\n#   Ledger\n\n\nKeeps every\nposting.  \n"
    )
    (docs / "ledger.md").write_text(reflowed, encoding="utf-8")
    assert lint(tmp_path).stdout == ""
    (docs / "ledger.md").write_text(reflowed.replace("posting", "postings"), encoding="utf-8")
    assert "[suspect-edge]" in lint(tmp_path).stdout


def test_a_renamed_target_keeps_its_confirmation(tmp_path: Path) -> None:
    docs = wiki(tmp_path)
    run("review", "--docs-dir", "docs", "--accept", cwd=tmp_path)
    (docs / "ledger.md").rename(docs / "books.md")
    (docs / "checkout.md").write_text(CHECKOUT.replace("[[ledger]]", "[[books]]"), encoding="utf-8")
    assert lint(tmp_path).stdout == ""
    (docs / "books.md").write_text(LEDGER + "\nAnd refunds.\n", encoding="utf-8")
    assert lint(tmp_path).stdout.startswith(
        "docs/checkout.md:5: info: [suspect-edge] 'books' (confirmed as 'ledger') changed since"
    )
    # Accepting rewrites the line under the new name.
    run("review", "--docs-dir", "docs", "--accept", "checkout", cwd=tmp_path)
    lines = (docs / ".relations-reviewed").read_text(encoding="utf-8").splitlines()
    assert [line.split("\t")[2] for line in lines[2:]] == ["books", "platform"]
    assert lint(tmp_path).stdout == ""


def test_a_renamed_source_keeps_its_confirmation(tmp_path: Path) -> None:
    docs = wiki(tmp_path)
    run("review", "--docs-dir", "docs", "--accept", cwd=tmp_path)
    (docs / "checkout.md").rename(docs / "payments.md")
    (docs / "ledger.md").write_text(LEDGER + "\nAnd refunds.\n", encoding="utf-8")
    assert lint(tmp_path).stdout.startswith("docs/payments.md:5: info: [suspect-edge] 'ledger'")


def test_accepting_one_page_leaves_the_other_lines(tmp_path: Path) -> None:
    docs = wiki(tmp_path)
    (docs / "platform.md").write_text(
        PLATFORM.replace(
            "---\n#", 'relationships:\n  - type: relates-to\n    target: "[[ledger]]"\n---\n#'
        ),
        encoding="utf-8",
    )
    run("review", "--docs-dir", "docs", "--accept", "platform", cwd=tmp_path)
    lines = (docs / ".relations-reviewed").read_text(encoding="utf-8").splitlines()[2:]
    assert [line.split("\t")[0] for line in lines] == ["platform"]
    run("review", "--docs-dir", "docs", "--accept", "checkout", cwd=tmp_path)
    lines = (docs / ".relations-reviewed").read_text(encoding="utf-8").splitlines()[2:]
    assert [line.split("\t")[0] for line in lines] == ["checkout", "checkout", "platform"]
    unknown = run("review", "--docs-dir", "docs", "--accept", "nope", cwd=tmp_path)
    assert unknown.returncode == 2
    assert "no page matches 'nope'" in unknown.stderr


def test_a_line_that_does_not_parse_is_a_diagnostic_at_its_line(tmp_path: Path) -> None:
    docs = wiki(tmp_path)
    (docs / ".relations-reviewed").write_text(
        "# header\ncheckout depends-on ledger 0123\n", encoding="utf-8"
    )
    assert lint(tmp_path).stdout.startswith(
        "docs/.relations-reviewed:2: info: [suspect-edge] this line is not "
        "'source<TAB>type<TAB>target<TAB>fingerprint' (16 hex digits)"
    )


def test_the_panel_marks_a_suspect_edge_in_words(site: Site) -> None:
    site.pages({"checkout.md": CHECKOUT, "ledger.md": LEDGER, "platform.md": PLATFORM})
    (site.docs / ".relations-reviewed").write_text(
        f"checkout\tdepends-on\tledger\t{fingerprint(b'# Ledger (old)')}\n"
        f"checkout\tpart-of\tplatform\t{fingerprint(PLATFORM.encode())}\n",
        encoding="utf-8",
    )
    result = site.build()
    assert result.ok, result.error
    html = site.html("checkout/index.html")
    marks = html.count("data-relation-suspect")
    assert marks == 1, html
    ledger_item = html[html.index('data-relation-type="depends-on"') :].split("</li>")[0]
    assert "changed since reviewed" in ledger_item
    assert (
        "changed since reviewed"
        not in html[html.index('data-relation-type="part-of"') :].split("</li>")[0]
    )
    # Silenced, the mark goes too.
    site.plugin_options = {"severity": {"suspect-edge": "ignore"}}
    assert site.build().ok
    assert "data-relation-suspect" not in site.html("checkout/index.html")


def test_diff_lists_the_edges_a_change_made_suspect(tmp_path: Path) -> None:
    root = tmp_path / "repo"
    wiki(root)
    (root / "mkdocs.yml").write_text("site_name: T\nplugins: [relations]\n", encoding="utf-8")
    for args in (
        ("init", "-q"),
        ("config", "user.email", "t@example.com"),
        ("config", "user.name", "T"),
    ):
        subprocess.run(["git", *args], cwd=root, check=True)
    assert run("review", "--accept", cwd=root).returncode == 0
    subprocess.run(["git", "add", "-A"], cwd=root, check=True)
    subprocess.run(["git", "commit", "-qm", "reviewed"], cwd=root, check=True)
    (root / "docs" / "ledger.md").write_text(LEDGER + "\nNow also refunds.\n", encoding="utf-8")
    done = run("diff", "HEAD", "--format", "json", cwd=root)
    assert done.returncode == 0, done.stderr
    report = json.loads(done.stdout)
    assert [(d["file"], d["line"]) for d in report["suspect"]] == [("checkout.md", 5)]
    assert report["edges"] == {"added": [], "removed": [], "changed": []}
    assert "1 edge made suspect" in report["summary"]

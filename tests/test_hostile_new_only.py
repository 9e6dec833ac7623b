"""``lint --new-only`` and ``diff`` match problems by what they are: an unrelated edit, a new
page or a newly declared type must not make an old problem "introduced" because its message
cites a line, a "did you mean" or the list of known types."""

from __future__ import annotations

import random
from pathlib import Path

from conftest import git, git_commit, git_repo, run

from mkdocs_relations.wiki.diff import diff_wikis
from mkdocs_relations.wiki.page_set import folder_page_set
from mkdocs_relations.wiki.pipeline import Options, Wiki, load_wiki

OLD = """---
relationships:
  - type: depends-on
    target: "[[b]]"
  - type: depends-on
    target: "[[b]]"
  - type: ownz
    target: "[[b]]"
  - type: part-of
    target: "[[ledgr]]"
---
# A
"""


def test_old_problems_stay_old_whatever_their_wording(tmp_path: Path) -> None:
    git_repo(tmp_path)
    (tmp_path / "mkdocs.yml").write_text("site_name: T\nplugins: [relations]\n", "utf-8")
    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "a.md").write_text(OLD, encoding="utf-8")
    (docs / "b.md").write_text("# B\n", encoding="utf-8")
    git_commit(tmp_path, "old problems")
    before = run("lint", cwd=tmp_path).stdout.splitlines()
    assert len(before) == 3, before
    # An edit above the duplicate, a page the broken target now resembles, a new type.
    (docs / "a.md").write_text(OLD.replace("---\n", "---\ntitle: A\ntags: [x]\n", 1), "utf-8")
    (docs / "ledger.md").write_text("# Ledger\n", encoding="utf-8")
    (docs / "wiki-config.md").write_text("---\nrelationship_types: [owned-by]\n---\n", "utf-8")
    after = run("lint", cwd=tmp_path).stdout.splitlines()
    assert len(after) == 3 and not set(after) & set(before), (before, after)
    done = run("lint", "--new-only", "HEAD", cwd=tmp_path)
    assert done.stdout == "", done.stdout
    assert done.returncode == 0
    assert "3 problems as in HEAD" in done.stderr
    diff = run("diff", "HEAD", cwd=tmp_path)
    assert "introduced" not in diff.stdout and "fixed" not in diff.stdout, diff.stdout


def test_broken_body_links_are_introduced_and_fixed_like_any_problem(tmp_path: Path) -> None:
    git_repo(tmp_path)
    (tmp_path / "mkdocs.yml").write_text(
        "site_name: T\nplugins:\n  - relations:\n      wikilinks: true\n", "utf-8"
    )
    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "a.md").write_text("# A\n\nSee [[ghost]] and [[spectre]].\n", encoding="utf-8")
    git_commit(tmp_path, "two broken links")
    (docs / "a.md").write_text("# A\n\nSee [[ghost]] and [[phantom]].\n", encoding="utf-8")
    diff = run("diff", "HEAD", cwd=tmp_path)
    introduced = [line for line in diff.stdout.splitlines() if line.startswith("introduced")]
    fixed = [line for line in diff.stdout.splitlines() if line.startswith("fixed")]
    assert len(introduced) == 1 and "'phantom'" in introduced[0], diff.stdout
    assert len(fixed) == 1 and "'spectre'" in fixed[0], diff.stdout
    lint = run("lint", "--new-only", "HEAD", "--strict", cwd=tmp_path)
    assert lint.returncode == 1
    assert len(lint.stdout.splitlines()) == 1 and "'phantom'" in lint.stdout, lint.stdout


def test_an_unchanged_tree_with_a_linked_page_and_a_submodule_is_no_change(
    tmp_path: Path,
) -> None:
    sub = tmp_path / "sub"
    sub.mkdir()
    for root in (sub, tmp_path / "p"):
        root.mkdir(exist_ok=True)
        git_repo(root)
    (sub / "inner.md").write_text(
        '---\nrelationships:\n  - {type: depends-on, target: "[[real]]"}\n---\n', "utf-8"
    )
    git_commit(sub, "sub")
    project = tmp_path / "p"
    (project / "mkdocs.yml").write_text("site_name: T\nplugins: [relations]\n", "utf-8")
    docs = project / "docs"
    docs.mkdir()
    (docs / "real.md").write_text(
        '---\nrelationships:\n  - {type: part-of, target: "[[other]]"}\n---\n', "utf-8"
    )
    (docs / "other.md").write_text("# Other\n", encoding="utf-8")
    (docs / "linked.md").symlink_to("real.md")
    git(project, "-c", "protocol.file.allow=always", "submodule", "add", "-q", str(sub), "docs/sub")
    git_commit(project, "a linked page and a submodule")
    for command in (("diff", "HEAD"), ("diff", "HEAD", "--format", "json")):
        done = run(*command, cwd=project)
        assert done.returncode == 0, done.stderr
        assert "no change to the graph" in done.stderr, (done.stdout, done.stderr)
    assert run("lint", "--new-only", "HEAD", cwd=project).stdout == ""


def _wiki(folder: Path, edges: set[tuple[str, str]], pages: list[str]) -> Wiki:
    folder.mkdir()
    for page in pages:
        mine = sorted(target for source, target in edges if source == page)
        lines = "".join(f'  - {{type: depends-on, target: "[[{t}]]"}}\n' for t in mine)
        text = f"---\nrelationships:\n{lines}---\n" if mine else f"# {page}\n"
        (folder / f"{page}.md").write_text(text, encoding="utf-8")
    found = folder_page_set(str(folder))
    options = Options(docs_dir=str(folder), not_pages=found.not_pages)
    return load_wiki(found.sources, options, found.diagnostics)


def _reach(edges: set[tuple[str, str]], page: str) -> set[str]:
    seen: set[str] = set()
    stack = [page]
    while stack:
        current = stack.pop()
        for source, target in edges:
            if source == current and target not in seen:
                seen.add(target)
                stack.append(target)
    return seen - {page}


def test_reach_changes_equal_a_walk_from_every_page(tmp_path: Path) -> None:
    """The diff's reach, computed once per strongly connected part over the changed region,
    against a plain walk from every page on both sides (cycles included)."""
    rng = random.Random(43)
    pages = [f"p{n}" for n in range(7)]
    for round_ in range(12):
        pairs = [(a, b) for a in pages for b in pages if a != b]
        base = set(rng.sample(pairs, rng.randint(0, 12)))
        head = set(base)
        for _ in range(rng.randint(1, 3)):
            pair = rng.choice(pairs)
            head.symmetric_difference_update({pair})
        diff = diff_wikis(
            _wiki(tmp_path / f"b{round_}", base, pages),
            _wiki(tmp_path / f"h{round_}", head, pages),
            {},
        )
        expected = []
        for page in pages:
            was, now = _reach(base, page), _reach(head, page)
            if was != now:
                expected.append((page, tuple(sorted(now - was)), tuple(sorted(was - now))))
        got = [(r.page, r.gained, r.lost) for r in diff.reach if r.type == "depends-on"]
        assert got == expected, (base, head)

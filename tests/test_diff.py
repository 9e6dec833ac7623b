"""``mkdocs-relations diff`` and ``lint --new-only`` in real git repositories.

The diff is held to an independent check: random edits of a generated wiki (add, remove,
retype, rename a page with edges, move a folder, break and fix targets, change notes), each
committed; at every pair of revisions the edges ``diff --format json`` reports equal the set
difference of ``export --format json`` at both revisions (with git's own renames applied),
renamed pages are never removed and added, and the output is the same bytes twice.
"""

from __future__ import annotations

import itertools
import json
import random
from collections import Counter
from pathlib import Path
from typing import Any

import jsonschema
import pytest
from conftest import git, git_commit, git_repo, run

from mkdocs_relations import json_schemas
from mkdocs_relations.cli import main as cli
from mkdocs_relations.wiki.revisions import Repository

TYPES = ("depends-on", "part-of", "relates-to", "used-by")
FOLDERS = ("platform", "services", "guides")


def make_repo(root: Path) -> Path:
    git_repo(root)
    (root / "mkdocs.yml").write_text("site_name: Test\nplugins: [relations]\n", encoding="utf-8")
    (root / "docs").mkdir()
    return root


# -- a generated wiki, edited at random ---------------------------------------------------


class Wiki:
    """Pages as (edges, body) by id; written as Markdown under docs/."""

    def __init__(self, docs: Path, rng: random.Random) -> None:
        self.docs = docs
        self.rng = rng
        self.pages: dict[str, list[dict[str, str]]] = {}
        self.bodies: dict[str, str] = {}
        self.counter = 0

    def new_id(self) -> str:
        self.counter += 1
        return f"{self.rng.choice(FOLDERS)}/page-{self.counter}"

    def random_edge(self, source: str) -> dict[str, str]:
        others = [p for p in self.pages if p != source] or [source]
        edge = {"type": self.rng.choice(TYPES), "target": f"[[{self.rng.choice(others)}]]"}
        if self.rng.random() < 0.2:
            edge["note"] = self.rng.choice(("primary", "fallback", "read only"))
        return edge

    def add(self) -> None:
        page = self.new_id()
        self.pages[page] = []
        # A body of its own, long enough for git to tell a moved page by its content.
        self.bodies[page] = "\n".join(
            f"Line {i} of {page}: {self.rng.random():.12f}" for i in range(12)
        )
        for _ in range(self.rng.randint(0, 3)):
            self.pages[page].append(self.random_edge(page))

    def write(self) -> None:
        for path in self.docs.rglob("*.md"):
            path.unlink()
        for page, edges in self.pages.items():
            lines = ["---", f"title: Page {page.rsplit('-', 1)[1]}"]
            if edges:
                lines.append("relationships:")
                for edge in edges:
                    lines.append(f"  - type: {edge['type']}")
                    lines.append(f'    target: "{edge["target"]}"')
                    if "note" in edge:
                        lines.append(f"    note: {edge['note']}")
            lines += ["---", "", self.bodies[page], ""]
            target = self.docs / f"{page}.md"
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_text("\n".join(lines), encoding="utf-8")

    def _retarget(self, old: str, new: str) -> None:
        for edges in self.pages.values():
            for edge in edges:
                if edge["target"] == f"[[{old}]]":
                    edge["target"] = f"[[{new}]]"

    def rename(self, old: str, new: str, follow: bool) -> None:
        self.pages[new] = self.pages.pop(old)
        self.bodies[new] = self.bodies.pop(old)
        if follow:
            self._retarget(old, new)

    def edit(self) -> str:
        """One random edit; its name."""
        rng = self.rng
        with_edges = [p for p, e in self.pages.items() if e]
        kind = rng.choice(
            ("add", "remove", "retype", "rename", "move-folder", "break", "fix", "note", "edge")
        )
        if kind == "add" or len(self.pages) < 4:
            self.add()
            return "add"
        if kind == "remove":
            del self.pages[page := rng.choice(sorted(self.pages))]
            del self.bodies[page]
        elif kind == "retype" and with_edges:
            edge = rng.choice(self.pages[rng.choice(sorted(with_edges))])
            edge["type"] = rng.choice([t for t in TYPES if t != edge["type"]])
        elif kind == "rename":
            old = rng.choice(sorted(self.pages))
            self.rename(old, self.new_id(), follow=rng.random() < 0.7)
        elif kind == "move-folder":
            folder = rng.choice(FOLDERS)
            for old in sorted(p for p in self.pages if p.startswith(folder + "/")):
                self.rename(old, "moved/" + old, follow=True)
        elif kind == "break" and with_edges:
            edge = rng.choice(self.pages[rng.choice(sorted(with_edges))])
            edge["target"] = "[[nowhere-" + str(rng.randint(1, 3)) + "]]"
        elif kind == "fix":
            for page in sorted(self.pages):
                for edge in self.pages[page]:
                    if edge["target"].startswith("[[nowhere"):
                        edge["target"] = f"[[{rng.choice(sorted(self.pages))}]]"
        elif kind == "note" and with_edges:
            edge = rng.choice(self.pages[rng.choice(sorted(with_edges))])
            edge["note"] = rng.choice(("primary", "fallback", "changed"))
        else:
            page = rng.choice(sorted(self.pages))
            self.pages[page].append(self.random_edge(page))
        return kind


# -- the oracle: export at both revisions, git's renames ----------------------------------


def export(root: Path) -> dict[str, Any]:
    done = run("export", "--format", "json", cwd=root)
    assert done.returncode == 0, done.stderr
    data: dict[str, Any] = json.loads(done.stdout)
    return data


def git_page_renames(root: Path, base: str, head: str) -> dict[str, str]:
    out = git(root, "diff", "--name-status", "-M", base, head, "--", "docs/")
    renames = {}
    for line in out.splitlines():
        status, *paths = line.split("\t")
        if status.startswith("R") and all(p.endswith(".md") for p in paths):
            renames[paths[0][len("docs/") : -3]] = paths[1][len("docs/") : -3]
    return renames


def edge_keys(graph: dict[str, Any], rename: dict[str, str]) -> Counter[tuple[Any, ...]]:
    keys: Counter[tuple[Any, ...]] = Counter()
    for edge in graph["edges"]:
        source = rename.get(edge["source"], edge["source"])
        if edge["target"] is None:
            target, resolved = edge["written"], False
        else:
            target, resolved = rename.get(edge["target"], edge["target"]), True
        keys[
            (
                source,
                target,
                edge["type"],
                resolved,
                edge.get("note", ""),
                bool(edge.get("redlink")),
            )
        ] += 1
    return keys


def reported(edges: list[dict[str, Any]]) -> Counter[tuple[Any, ...]]:
    return Counter(
        (
            e["source"],
            e["target"],
            e["type"],
            e["resolved"],
            e.get("note", ""),
            bool(e.get("redlink")),
        )
        for e in edges
    )


def check_pair(root: Path, base: str, head: str, exports: dict[str, dict[str, Any]]) -> None:
    done = run("diff", base, head, "--format", "json", cwd=root)
    assert done.returncode == 0, done.stderr
    again = run("diff", base, head, "--format", "json", cwd=root)
    assert again.stdout == done.stdout, "the same two revisions give the same bytes"
    report = json.loads(done.stdout)
    assert _schema_errors(report) == []

    renames = git_page_renames(root, base, head)
    before_ids = {p["id"] for p in exports[base]["pages"]}
    after_ids = {p["id"] for p in exports[head]["pages"]}
    renamed = {
        old: new
        for old, new in renames.items()
        if old in before_ids and new in after_ids and old not in after_ids and new not in before_ids
    }
    assert {(r["from"], r["to"]) for r in report["pages"]["renamed"]} == set(renamed.items())
    mapped = {renamed.get(p, p) for p in before_ids}
    assert set(report["pages"]["added"]) == after_ids - mapped
    assert set(report["pages"]["removed"]) == {
        p for p in before_ids if renamed.get(p, p) not in after_ids
    }
    # A page git saw renamed is never a removed and an added page.
    assert not set(renamed) & set(report["pages"]["removed"])
    assert not set(renamed.values()) & set(report["pages"]["added"])

    base_edges = edge_keys(exports[base], renamed)
    head_edges = edge_keys(exports[head], {})
    changed = report["edges"]["changed"]
    assert (
        reported(report["edges"]["added"] + [c["after"] for c in changed])
        == head_edges - base_edges
    )
    assert (
        reported(report["edges"]["removed"] + [c["before"] for c in changed])
        == base_edges - head_edges
    )
    for pair in changed:
        before, after = pair["before"], pair["after"]
        assert (before["source"], before["target"]) == (after["source"], after["target"])


SCHEMA = json_schemas.schemas()["diff"]


def _schema_errors(report: dict[str, Any]) -> list[str]:
    validator = jsonschema.Draft202012Validator(SCHEMA)
    return [f"{list(e.absolute_path)}: {e.message}" for e in validator.iter_errors(report)]


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_diff_equals_the_set_difference_of_exports(tmp_path: Path, seed: int) -> None:
    root = make_repo(tmp_path / "repo")
    wiki = Wiki(root / "docs", random.Random(seed))
    for _ in range(8):
        wiki.add()
    wiki.write()
    revisions = [git_commit(root, "start")]
    exports = {revisions[0]: export(root)}
    kinds = []
    for step in range(5):
        kinds += [wiki.edit() for _ in range(random.Random(seed * 10 + step).randint(1, 3))]
        wiki.write()
        revisions.append(git_commit(root, f"edit {step}"))
        exports[revisions[-1]] = export(root)
    for base, head in itertools.pairwise(revisions):
        check_pair(root, base, head, exports)
    check_pair(root, revisions[0], revisions[-1], exports)
    assert kinds, "edits were made"


def test_a_moved_page_is_a_rename_and_its_edges_stay(tmp_path: Path) -> None:
    root = make_repo(tmp_path / "repo")
    wiki = Wiki(root / "docs", random.Random(7))
    for _ in range(6):
        wiki.add()
    page = next(p for p, edges in wiki.pages.items() if edges)
    wiki.write()
    base = git_commit(root, "start")
    wiki.rename(page, "archive/" + page, follow=True)
    wiki.write()
    # The working tree, with the move not even added to git's index.
    done = run("diff", base, "--format", "json", cwd=root)
    assert done.returncode == 0, done.stderr
    report = json.loads(done.stdout)
    assert report["pages"] == {
        "added": [],
        "removed": [],
        "renamed": [{"from": page, "to": "archive/" + page}],
    }
    assert report["edges"] == {"added": [], "removed": [], "changed": []}
    assert report["diagnostics"]["introduced"] == []


def test_each_file_is_read_from_git_once_for_both_sides(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The sides of a change share most files: a blob both hold is asked of git once."""
    root = make_repo(tmp_path / "repo")
    small_wiki(root)
    base = git_commit(root, "start")
    (root / "docs" / "ledger.md").write_text("---\ntitle: The Ledger\n---\n", encoding="utf-8")
    head = git_commit(root, "retitled")
    # Edited since, so that no side can take these files from the working tree.
    for name in ("checkout.md", "ledger.md"):
        (root / "docs" / name).write_text("# Edited\n", encoding="utf-8")
    asked: list[str] = []
    git_of = Repository.git

    def counted(self: Repository, *args: str, **options: Any) -> bytes:
        if args[0] == "cat-file":
            asked.extend(options["stdin"].decode().split())
        return git_of(self, *args, **options)

    monkeypatch.setattr(Repository, "git", counted)
    monkeypatch.chdir(root)
    assert cli(["diff", base, head]) == 0
    shared = git(root, "rev-parse", f"{base}:docs/checkout.md").strip()
    changed = git(root, "rev-parse", f"{head}:docs/ledger.md").strip()
    assert shared in asked and changed in asked
    assert len(asked) == len(set(asked)), asked


def _chain_wiki(root: Path, pages: int) -> None:
    for number in range(pages):
        target = f'  - type: depends-on\n    target: "[[p{number + 1}]]"\n' if number else ""
        edges = f"relationships:\n{target}" if target else ""
        (root / "docs" / f"p{number}.md").write_text(
            f"---\ntitle: Page {number}\n{edges}---\n# Page {number}\n", encoding="utf-8"
        )


def _counted(monkeypatch: pytest.MonkeyPatch, module: Any, name: str) -> list[object]:
    """Each call of ``module.name`` from here on, counted."""
    calls: list[object] = []
    original = getattr(module, name)

    def counted(*args: Any, **options: Any) -> Any:
        calls.append(args[:1])
        return original(*args, **options)

    monkeypatch.setattr(module, name, counted)
    return calls


def test_the_second_side_parses_only_what_the_change_touched(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """A change of one page: 30 pages parsed for the base, that page alone for the head, its
    edge alone resolved again, and the docs folder listed by MkDocs once (same file names,
    same settings); a page added, or mkdocs.yml changed, lists the head's folder anew, and
    the settings decide its pages."""
    from mkdocs_relations import mkdocs_input
    from mkdocs_relations.wiki import resolution, shared_reads

    root = make_repo(tmp_path / "repo")
    _chain_wiki(root, 30)
    (root / "docs" / "p29.md").write_text("---\ntitle: Last\n---\n", encoding="utf-8")
    base = git_commit(root, "chain")
    (root / "docs" / "p29.md").write_text(
        '---\ntitle: Last\nrelationships:\n  - {type: depends-on, target: "[[p0]]"}\n---\n',
        encoding="utf-8",
    )
    edited = git_commit(root, "one edge")
    (root / "docs" / "p30.md").write_text("# New\n", encoding="utf-8")
    added = git_commit(root, "a page")
    (root / "mkdocs.yml").write_text(
        "site_name: Test\nplugins: [relations]\nexclude_docs: p30.md\n", encoding="utf-8"
    )
    excluded = git_commit(root, "settings")
    monkeypatch.chdir(root)
    parsed = _counted(monkeypatch, shared_reads, "parse_into")
    # A revision's files are listed from their names, as MkDocs lists a folder.
    listed = _counted(monkeypatch, mkdocs_input, "_listed_names")
    resolved = _counted(monkeypatch, resolution, "_resolve_edge")
    capsys.readouterr()

    def diff(base: str, head: str) -> dict[str, Any]:
        assert cli(["diff", base, head, "--format", "json"]) == 0
        return dict(json.loads(capsys.readouterr().out))

    report = diff(base, edited)
    assert (len(parsed), len(listed), len(resolved)) == (31, 1, 28 + 1)
    assert [(e["source"], e["target"]) for e in report["edges"]["added"]] == [("p29", "p0")]
    listed.clear()
    assert diff(edited, added)["pages"]["added"] == ["p30"]
    assert len(listed) == 2
    listed.clear()
    assert diff(added, excluded)["pages"]["removed"] == ["p30"]
    assert len(listed) == 2


def test_the_working_tree_lists_the_pages_for_a_base_with_its_files_and_settings(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """``diff BASE`` against an edited working tree: MkDocs lists the docs folder once, and
    the base's pages are still its own; a file the base lacks, or settings MkDocs reads
    otherwise than as data (``!ENV``), list the base's folder too."""
    from mkdocs_relations import mkdocs_input

    root = make_repo(tmp_path / "repo")
    _chain_wiki(root, 12)
    base = git_commit(root, "chain")
    (root / "docs" / "p11.md").write_text(
        '---\ntitle: Last\nrelationships:\n  - {type: depends-on, target: "[[p0]]"}\n---\n',
        encoding="utf-8",
    )
    monkeypatch.chdir(root)
    listed = _counted(monkeypatch, mkdocs_input, "get_files")
    listed_by_name = _counted(monkeypatch, mkdocs_input, "_listed_names")
    capsys.readouterr()

    def diff() -> dict[str, Any]:
        listed.clear()
        listed_by_name.clear()
        assert cli(["diff", base, "--format", "json"]) == 0
        return dict(json.loads(capsys.readouterr().out))

    report = diff()
    assert (len(listed), len(listed_by_name)) == (1, 0)
    assert [(e["source"], e["target"]) for e in report["edges"]["added"]] == [("p11", "p0")]
    assert report["pages"] == {"added": [], "removed": [], "renamed": []}
    (root / "docs" / "extra.md").write_text("# Extra\n", encoding="utf-8")
    assert diff()["pages"]["added"] == ["extra"]
    assert (len(listed), len(listed_by_name)) == (1, 1)
    (root / "docs" / "extra.md").unlink()
    (root / "mkdocs.yml").write_text(
        "site_name: !ENV [SITE, Test]\nplugins: [relations]\n", encoding="utf-8"
    )
    assert diff()["pages"] == {"added": [], "removed": [], "renamed": []}
    assert (len(listed), len(listed_by_name)) == (1, 1)


def test_a_revisions_relations_blocks_are_checked(tmp_path: Path) -> None:
    """A revision's page text is read from what git gave (not the file written of it): a
    broken relations block a change adds is introduced, and fixing it is fixed."""
    root = make_repo(tmp_path / "repo")
    small_wiki(root)
    base = git_commit(root, "start")
    page = root / "docs" / "platform.md"
    page.write_text(
        '---\ntitle: Platform\n---\n# Platform\n\n```relations\nfrom: "[[ledgr]]"\n```\n',
        encoding="utf-8",
    )
    broken = git_commit(root, "a block")
    page.write_text(
        '---\ntitle: Platform\n---\n# Platform\n\n```relations\nfrom: "[[ledger]]"\n```\n',
        encoding="utf-8",
    )
    fixed = git_commit(root, "fixed")
    for old, new, side in ((base, broken, "introduced"), (broken, fixed, "fixed")):
        done = run("diff", old, new, "--format", "json", cwd=root)
        found = json.loads(done.stdout)["diagnostics"][side]
        assert [(d["code"], d["file"]) for d in found] == [("invalid-query", "platform.md")], found


def small_wiki(root: Path) -> None:
    docs = root / "docs"
    (docs / "ledger.md").write_text("---\ntitle: Ledger\n---\n# Ledger\n", encoding="utf-8")
    (docs / "checkout.md").write_text(
        '---\ntitle: Checkout\nrelationships:\n  - type: depends-on\n    target: "[[ledger]]"\n'
        '  - type: part-of\n    target: "[[platform]]"\n---\n# Checkout\n',
        encoding="utf-8",
    )
    (docs / "platform.md").write_text("---\ntitle: Platform\n---\n# Platform\n", encoding="utf-8")


def test_text_and_markdown_reports(tmp_path: Path) -> None:
    root = make_repo(tmp_path / "repo")
    small_wiki(root)
    base = git_commit(root, "start")
    docs = root / "docs"
    text = (docs / "checkout.md").read_text(encoding="utf-8")
    text = text.replace("type: depends-on", "type: relates-to").replace(
        "[[platform]]", "[[plattform]]"
    )
    (docs / "checkout.md").write_text(text, encoding="utf-8")
    done = run("diff", base, cwd=root)
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines() == [
        "edge added: checkout —part-of→ plattform (matches no page)",
        "edge removed: checkout —part-of→ platform",
        "edge changed: checkout —relates-to→ ledger: type depends-on → relates-to",
        "introduced: docs/checkout.md:7: error: [missing-target] target 'plattform' matches no "
        "page. Did you mean 'platform'? Fix the target, create the page, or mark the edge as a "
        "deliberate redlink with 'redlink: true'",
        # In the panel's words: an incoming part-of is "has part", not "used by".
        "panel changes: ledger: +checkout (relates to), -checkout (used by)",
        "panel changes: platform: -checkout (has part)",
        "reach (depends-on): checkout no longer reaches ledger",
        "reach (part-of): checkout no longer reaches platform",
    ]
    assert done.stderr == (
        "mkdocs-relations: edges 1 added, 1 removed, 1 changed; 1 problem introduced, 0 fixed\n"
    )
    markdown = run("diff", base, "--format", "markdown", cwd=root)
    assert markdown.stdout == (
        "**mkdocs-relations:** edges 1 added, 1 removed, 1 changed; 1 problem introduced, 0 fixed\n"
        "\n"
        "| change | page | relationship | target |\n"
        "| --- | --- | --- | --- |\n"
        "| changed | checkout | depends-on → relates-to | ledger |\n"
        "| removed | checkout | part-of | platform |\n"
        "| added | checkout | part-of | plattform (matches no page) |\n"
        "\n"
        "**Problems introduced:**\n"
        "\n"
        "- docs/checkout.md:7 error \\[missing-target\\] target 'plattform' matches no page. Did "
        "you mean 'platform'? Fix the target, create the page, or mark the edge as a deliberate "
        "redlink with 'redlink: true'\n"
        "\n"
        "<details><summary>The changed neighbourhood</summary>\n"
        "\n"
        "```mermaid\n"
        "flowchart LR\n"
        '  n0["checkout"]\n'
        '  n1["ledger"]\n'
        '  n2["platform"]\n'
        '  n3["plattform #40;matches no page#41;"]\n'
        "  n0 -->|depends-on → relates-to| n1\n"
        "  n0 -.->|removed: part-of| n2\n"
        "  n0 ==>|part-of| n3\n"
        "```\n"
        "\n"
        "</details>\n"
    )
    github = run("diff", base, "--format", "github", cwd=root)
    assert github.stdout.splitlines()[0].startswith(
        "::error file=docs/checkout.md,line=7,title=missing-target::target 'plattform'"
    )


def test_markdown_is_capped(tmp_path: Path) -> None:
    root = make_repo(tmp_path / "repo")
    small_wiki(root)
    base = git_commit(root, "start")
    lines = ["---", "relationships:"]
    for i in range(70):
        lines += ["  - type: relates-to", '    target: "[[ledger]]"', f"    note: n{i:02}"]
    (root / "docs" / "hub.md").write_text("\n".join([*lines, "---", ""]), encoding="utf-8")
    markdown = run("diff", base, "--format", "markdown", cwd=root).stdout
    assert "| and 20 more | | | |" in markdown
    assert '  more["and 30 more"]' in markdown
    assert markdown.count("| added |") == 50


def test_new_only_fails_only_on_what_the_change_introduced(tmp_path: Path) -> None:
    root = make_repo(tmp_path / "repo")
    small_wiki(root)
    docs = root / "docs"
    (docs / "old.md").write_text(
        '---\nrelationships:\n  - type: depends-on\n    target: "[[gone]]"\n---\n',
        encoding="utf-8",
    )
    base = git_commit(root, "an old problem")
    assert run("lint", cwd=root).returncode == 1
    # An edit above the old problem moves its line: it is still the old problem.
    (docs / "old.md").write_text(
        '---\ntitle: Old\nrelationships:\n  - type: depends-on\n    target: "[[gone]]"\n---\n',
        encoding="utf-8",
    )
    done = run("lint", "--new-only", base, cwd=root)
    assert (done.returncode, done.stdout) == (0, ""), done.stderr
    assert "1 problem as in" in done.stderr
    (docs / "new.md").write_text(
        '---\nrelationships:\n  - type: dependz-on\n    target: "[[ledger]]"\n---\n',
        encoding="utf-8",
    )
    done = run("lint", "--new-only", base, cwd=root)
    assert done.returncode == 1
    assert [line.split(": [")[1].split("]")[0] for line in done.stdout.splitlines()] == [
        "unknown-type"
    ]
    assert done.stdout.startswith("docs/new.md:3: error: [unknown-type]")


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("diff", "no-such-branch"), "'no-such-branch' names no commit in"),
        (("lint", "--new-only", "HEAD~3"), "'HEAD~3' names no commit in"),
        (("diff", "--", "-x"), "'-x' is not a revision"),
    ],
)
def test_a_bad_revision_is_exit_2_with_a_message(
    tmp_path: Path, args: tuple[str, ...], message: str
) -> None:
    root = make_repo(tmp_path / "repo")
    small_wiki(root)
    git_commit(root, "start")
    done = run(*args, cwd=root)
    assert done.returncode == 2
    assert message in done.stderr
    assert "Traceback" not in done.stderr


def test_not_a_repository_is_exit_2(tmp_path: Path) -> None:
    (tmp_path / "docs").mkdir()
    small_wiki(tmp_path)
    done = run("diff", "HEAD", "--docs-dir", "docs", cwd=tmp_path)
    assert done.returncode == 2
    assert "is not in a git repository; compare two folders instead" in done.stderr


def test_renames_in_the_working_tree_are_looked_for_among_the_files_gone_and_come(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Git's rename detection is handed the files one side has: none when no file is gone
    (an edit, a page added), the moved page and the new one when a page moved; the rename
    is found as before."""
    from mkdocs_relations.cli import compare

    root = make_repo(tmp_path / "repo")
    small_wiki(root)
    (root / "docs" / "notes.txt").write_text("kept beside the pages\n", encoding="utf-8")
    base = git_commit(root, "start")
    handed: list[list[str]] = []
    original = compare.folder_renames

    def counted(old: str, new: str) -> dict[str, str]:
        handed.append(sorted(str(p.relative_to(old)) for p in Path(old).rglob("*.md")))
        handed.append(sorted(str(p.relative_to(new)) for p in Path(new).rglob("*.md")))
        return original(old, new)

    monkeypatch.setattr(compare, "folder_renames", counted)
    (root / "docs" / "platform.md").write_text("---\ntitle: The platform\n---\n", encoding="utf-8")
    (root / "docs" / "new.md").write_text("# New\n", encoding="utf-8")
    done = run("diff", base, "--format", "json", cwd=root)
    assert json.loads(done.stdout)["pages"]["added"] == ["new"]
    assert handed == []
    (root / "docs" / "archive").mkdir()
    (root / "docs" / "ledger.md").rename(root / "docs" / "archive" / "ledger.md")
    done = run("diff", base, "--format", "json", cwd=root)
    report = json.loads(done.stdout)
    assert report["pages"]["renamed"] == [{"from": "ledger", "to": "archive/ledger"}]
    assert report["pages"]["added"] == ["new"]
    assert handed == [["ledger.md"], ["archive/ledger.md", "new.md"]]


def test_two_folders(tmp_path: Path) -> None:
    for name in ("old", "new"):
        (tmp_path / name / "docs").mkdir(parents=True)
        small_wiki(tmp_path / name)
    (tmp_path / "new" / "docs" / "ledger.md").rename(tmp_path / "new" / "docs" / "books.md")
    done = run("diff", "old/docs", "new/docs", "--format", "json", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    report = json.loads(done.stdout)
    assert report["pages"]["renamed"] == [{"from": "ledger", "to": "books"}]
    assert [(e["target"], e["resolved"]) for e in report["edges"]["added"]] == [("ledger", False)]
    assert [e["target"] for e in report["edges"]["removed"]] == ["books"]


def test_the_report_does_not_depend_on_the_order_files_are_read(tmp_path: Path) -> None:
    from mkdocs_relations.output.diff_report import json_report, markdown_report
    from mkdocs_relations.wiki.diff import diff_wikis
    from mkdocs_relations.wiki.page_set import folder_page_set
    from mkdocs_relations.wiki.pipeline import Options, load_wiki

    folders = []
    for seed, name in ((11, "old"), (12, "new")):
        wiki = Wiki(tmp_path / name / "docs", random.Random(5))
        for _ in range(12):
            wiki.add()
        wiki.rng = random.Random(seed)
        for _ in range(6 if name == "new" else 0):
            wiki.edit()
        wiki.write()
        folders.append(str(tmp_path / name / "docs"))
    reports = set()
    for order in range(4):
        wikis = []
        for folder in folders:
            sources = folder_page_set(folder).sources
            items = sorted(sources.items())
            random.Random(order).shuffle(items)
            wikis.append(load_wiki(dict(items), Options(docs_dir=folder)))
        diff = diff_wikis(wikis[0], wikis[1], {})
        reports.add(json.dumps(json_report(diff, "a", "b")) + markdown_report(diff, str))
    assert len(reports) == 1


@pytest.mark.parametrize("seed", range(60))
def test_reach_walked_back_equals_the_one_pass(seed: int) -> None:
    """The two ways of comparing reach (bit sets in one pass over strongly connected parts,
    or walks back from a small region's pages) give every page the same bits, cycles and
    self-loops included."""
    from mkdocs_relations.wiki.diff import _bits_back, _reach_bits, _reached, _reversed

    rng = random.Random(seed)
    nodes = [f"p{n}" for n in range(rng.randint(2, 40))]
    forward: dict[str, list[str]] = {}
    for _ in range(rng.randint(1, 80)):
        forward.setdefault(rng.choice(nodes), []).append(rng.choice(nodes))
    region = sorted(rng.sample(nodes, rng.randint(1, min(6, len(nodes)))))
    index = {page: 1 << at for at, page in enumerate(region)}
    pages = _reached(_reversed(forward), region)
    one_pass = _reach_bits(forward, pages, index)
    walked = _bits_back(_reversed(forward), index)
    assert {p: one_pass.get(p, 0) for p in pages} == {p: walked.get(p, 0) for p in pages}


@pytest.mark.parametrize("seed", range(8))
def test_new_only_finds_the_problems_the_whole_diff_finds(tmp_path: Path, seed: int) -> None:
    """``lint --new-only`` compares problems alone: the same introduced, fixed and unchanged
    problems as the whole diff, on random edits (broken and fixed targets among them)."""
    from mkdocs_relations.wiki.diff import diff_wikis, problems_diff
    from mkdocs_relations.wiki.page_set import folder_page_set
    from mkdocs_relations.wiki.pipeline import Options, load_wiki

    wikis = []
    for name, edits in (("old", 0), ("new", 10)):
        wiki = Wiki(tmp_path / name / "docs", random.Random(seed))
        for _ in range(12):
            wiki.add()
        wiki.rng = random.Random(seed + 100)
        for _ in range(edits):
            wiki.edit()
        wiki.write()
        folder = str(tmp_path / name / "docs")
        wikis.append(load_wiki(folder_page_set(folder).sources, Options(docs_dir=folder)))
    whole, problems = diff_wikis(*wikis, {}), problems_diff(*wikis, {})
    assert (problems.introduced, problems.fixed, problems.unchanged) == (
        whole.introduced,
        whole.fixed,
        whole.unchanged,
    )
    assert whole.introduced or whole.fixed or whole.unchanged  # the seeds break targets

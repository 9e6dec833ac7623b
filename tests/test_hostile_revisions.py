"""A hostile commit must not write, run or read anything outside the project.

``diff``, ``lint --new-only`` and ``review`` read revisions, files and settings a pull request
controls. Each case builds the attack with real git objects (``git mktree``,
``git hash-object``, ``git commit-tree``) in a project folder beside a sentinel folder; every
file outside the project is hashed before and after the hostile command and must be the same,
and a payload that would start a process leaves a marker file it must not have made.
"""

from __future__ import annotations

import hashlib
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import git, git_commit, git_repo, run, run_process

PAGE = (
    "---\ntitle: {title}\nrelationships:\n  - type: depends-on\n    target: '[[{target}]]'\n---\n"
)


def project(tmp_path: Path) -> Path:
    """A committed project (mkdocs.yml, two pages) in ``tmp_path/project``, and a sentinel
    folder ``tmp_path/outside`` with files an attack would reach for."""
    root = tmp_path / "project"
    (root / "docs").mkdir(parents=True)
    git_repo(root)
    (root / "mkdocs.yml").write_text("site_name: Test\nplugins: [relations]\n", encoding="utf-8")
    (root / "docs" / "a.md").write_text(PAGE.format(title="A", target="b"), encoding="utf-8")
    (root / "docs" / "b.md").write_text("# B\n", encoding="utf-8")
    git_commit(root, "base")
    outside = tmp_path / "outside"
    (outside / "docs").mkdir(parents=True)
    (outside / "victim.md").write_text("precious words\n", encoding="utf-8")
    (outside / "victim.txt").write_text("precious data\n", encoding="utf-8")
    (outside / "secret-config.yml").write_text("site_name: Secret\n", encoding="utf-8")
    (outside / "docs" / "secret-page.md").write_text(
        PAGE.format(title="Secret page", target="secret-target"), encoding="utf-8"
    )
    return root


def snapshot(tmp_path: Path) -> dict[str, str]:
    """Every file under ``tmp_path`` but the project folder, by its hash."""
    found: dict[str, str] = {}
    for folder, subfolders, files in os.walk(tmp_path):
        if Path(folder) == tmp_path:
            subfolders[:] = [s for s in subfolders if s != "project"]
        for name in files:
            path = os.path.join(folder, name)
            with open(path, "rb") as stream:
                found[path] = hashlib.sha256(stream.read()).hexdigest()
    return found


def blob(root: Path, data: bytes) -> str:
    return git(root, "hash-object", "-w", "--stdin", stdin=data).strip()


def tree(root: Path, entries: list[tuple[str, str, str]]) -> str:
    """A tree object from (mode, sha, name) entries, as given (repeats and all)."""
    kinds = {"040000": "tree", "160000": "commit"}
    text = "".join(
        f"{mode} {kinds.get(mode, 'blob')} {sha}\t{name}\n" for mode, sha, name in entries
    )
    return git(root, "mktree", "--missing", stdin=text.encode()).strip()


def commit_tree(root: Path, top: str, branch: str = "evil") -> str:
    sha = git(root, "commit-tree", top, "-p", "HEAD", "-m", "hostile").strip()
    git(root, "update-ref", f"refs/heads/{branch}", sha)
    return sha


def entries_of(root: Path, treeish: str = "HEAD") -> list[tuple[str, str, str]]:
    """A tree's entries as (mode, sha, name)."""
    entries = []
    for line in git(root, "ls-tree", treeish).splitlines():
        meta, name = line.split("\t")
        mode, _, sha = meta.split()
        entries.append((mode, sha, name))
    return entries


def climbing(root: Path, target: Path, leaf: list[tuple[str, str, str]]) -> tuple[str, str, str]:
    """A tree entry named ``..``, nested deep enough to reach the file system's top from any
    scratch folder, then down the folders of ``target`` to the ``leaf`` entries."""
    sha = tree(root, leaf)
    for part in reversed(target.parts[1:]):
        sha = tree(root, [("040000", sha, part)])
    for _ in range(40):
        sha = tree(root, [("040000", sha, "..")])
    return ("040000", sha, "..")


def commit_file(root: Path, path: str, text: str | bytes, branch: str = "evil") -> str:
    """A commit on top of HEAD whose file ``path`` (one level deep at most) holds ``text``."""
    data = text.encode() if isinstance(text, str) else text
    entries = [e for e in entries_of(root) if e[2] != path.split("/")[0]]
    if "/" in path:
        folder, name = path.split("/")
        inner = [e for e in entries_of(root, f"HEAD:{folder}") if e[2] != name]
        inner.append(("100644", blob(root, data), name))
        entries.append(("040000", tree(root, inner), folder))
    else:
        entries.append(("100644", blob(root, data), path))
    return commit_tree(root, tree(root, entries), branch)


COMMANDS = (("diff", "main", "evil"), ("lint", "--new-only", "evil"), ("diff", "evil"))


@pytest.mark.parametrize("command", COMMANDS, ids=" ".join)
def test_a_tree_entry_named_dotdot_writes_nothing_outside(
    tmp_path: Path, command: tuple[str, ...]
) -> None:
    root = project(tmp_path)
    outside = tmp_path / "outside"
    leaf = [
        ("100644", blob(root, b"---\ntitle: Pwned\n---\nwritten by a commit\n"), "victim.md"),
        ("100644", blob(root, b"x"), "victim.txt"),
        ("100644", blob(root, b"new\n"), "planted.md"),
    ]
    commit_tree(root, tree(root, [*entries_of(root), climbing(root, outside, leaf)]))
    before = snapshot(tmp_path)
    done = run(*command, cwd=root)
    assert snapshot(tmp_path) == before
    assert done.returncode == 2, done.stdout + done.stderr
    assert "Traceback" not in done.stderr
    assert "'..'" in done.stderr and "evil" in done.stderr, done.stderr


def test_a_missing_blob_is_a_message(tmp_path: Path) -> None:
    root = project(tmp_path)
    entries = [e for e in entries_of(root) if e[2] != "docs"]
    docs = tree(root, [("100644", "0123456789abcdef0123456789abcdef01234567", "gone.md")])
    commit_tree(root, tree(root, [*entries, ("040000", docs, "docs")]))
    done = run("diff", "main", "evil", cwd=root)
    assert done.returncode == 2, done.stdout + done.stderr
    assert "Traceback" not in done.stderr
    assert "docs/gone.md" in done.stderr and "0123456789ab" in done.stderr, done.stderr


def test_a_revision_config_runs_no_code(tmp_path: Path) -> None:
    root = project(tmp_path)
    marker = tmp_path / "outside" / "marker"
    payloads = {
        "python-object": f"site_name: !!python/object/apply:os.system ['touch {marker}']\n"
        "plugins: [relations]\n",
        "nested": "site_name: Test\nplugins:\n  - relations:\n      types:\n"
        f"        - !!python/object/apply:os.system ['touch {marker}']\n",
        "extension": "site_name: Test\nplugins: [relations]\n"
        "markdown_extensions:\n  - this_module_does_not_exist_anywhere\n",
    }
    for name, text in payloads.items():
        commit_file(root, "mkdocs.yml", text, branch=name)
        before = snapshot(tmp_path)
        for command in (("diff", "main", name), ("lint", "--new-only", name)):
            done = run(*command, cwd=root)
            assert not marker.exists(), (name, command)
            assert snapshot(tmp_path) == before
            assert "Traceback" not in done.stderr, done.stderr


def test_a_revision_config_is_read_as_data_with_mkdocs_tags(tmp_path: Path) -> None:
    """``!ENV`` gives its default (never the environment: a CI secret must not reach a PR
    comment), ``!relative`` and ``!!python/name`` are left as plain values, and the
    revision's graph is compared as usual."""
    root = project(tmp_path)
    (root / "docs" / "c.md").write_text(
        "---\nrelationships:\n  - type: owns\n    target: '[[b]]'\n---\n", encoding="utf-8"
    )
    git_commit(root, "an edge of a type not declared yet")
    text = (
        "site_name: !ENV [SITE_NAME, Test]\n"
        "docs_dir: !ENV [NO_SUCH_VARIABLE_HERE, docs]\n"
        "plugins:\n  - relations:\n      config_page: !ENV [LEAKED_SECRET, wiki-config.md]\n"
        "markdown_extensions:\n"
        "  - pymdownx.emoji:\n      emoji_index: !!python/name:material.extensions.emoji.twemoji\n"
        "  - pymdownx.snippets:\n      base_path: !relative $config_dir\n"
    )
    commit_file(root, "docs/wiki-config.md", "---\nrelationship_types: [owns]\n---\n")
    git(root, "checkout", "-q", "evil")
    commit_file(root, "mkdocs.yml", text, branch="tags")
    git(root, "checkout", "-q", "main")
    environment = {**os.environ, "LEAKED_SECRET": "hunter2-secret.md"}
    done = subprocess.run(
        [str(Path(sys.executable).with_name("mkdocs-relations")), "diff", "main", "tags",
         "--format", "json"],
        cwd=root, capture_output=True, text=True, env=environment, timeout=120, check=False,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert "hunter2" not in done.stdout + done.stderr
    problems = json.loads(done.stdout)["diagnostics"]
    assert [d["code"] for d in problems["fixed"]] == ["unknown-type"], problems
    assert problems["introduced"] == []


def test_a_revision_config_inherits_nothing_from_outside(tmp_path: Path) -> None:
    root = project(tmp_path)
    secret = tmp_path / "outside" / "secret-config.yml"
    commit_file(root, "mkdocs.yml", f"INHERIT: {secret}\nplugins: [relations]\n")
    done = run("diff", "main", "evil", cwd=root)
    assert done.returncode == 2, done.stdout + done.stderr
    assert "INHERIT" in done.stderr and "Traceback" not in done.stderr
    assert "Secret" not in done.stdout


@pytest.mark.parametrize("form", ["absolute", "relative"])
def test_a_revision_docs_dir_outside_the_repository_is_refused(tmp_path: Path, form: str) -> None:
    root = project(tmp_path)
    outside_docs = tmp_path / "outside" / "docs"
    where = str(outside_docs) if form == "absolute" else "../outside/docs"
    commit_file(root, "mkdocs.yml", f"site_name: T\ndocs_dir: {where}\nplugins: [relations]\n")
    before = snapshot(tmp_path)
    for command in (
        ("diff", "main", "evil"),
        ("diff", "main", "evil", "--format", "markdown"),
        ("lint", "--new-only", "evil"),
    ):
        done = run(*command, cwd=root)
        assert done.returncode == 2, (command, done.stdout, done.stderr)
        assert "docs_dir" in done.stderr and "outside the repository" in done.stderr, done.stderr
        assert "secret" not in (done.stdout + done.stderr).lower(), done.stdout
    assert snapshot(tmp_path) == before


def test_a_linked_reviewed_file_is_neither_read_nor_written(tmp_path: Path) -> None:
    root = project(tmp_path)
    victim = tmp_path / "outside" / "victim.txt"
    (root / "docs" / ".relations-reviewed").symlink_to(victim)
    before = snapshot(tmp_path)
    review = run("review", cwd=root)
    accept = run("review", "--accept", cwd=root)
    assert snapshot(tmp_path) == before
    assert accept.returncode == 2, accept.stdout + accept.stderr
    assert "symbolic link" in accept.stderr, accept.stderr
    assert "symbolic link" in review.stdout and "delete it" in review.stdout, review.stdout
    assert "Traceback" not in review.stderr + accept.stderr


def test_config_page_outside_the_docs_folder_is_refused(tmp_path: Path) -> None:
    root = project(tmp_path)
    (root / "mkdocs.yml").write_text(
        "site_name: T\nplugins:\n  - relations:\n      config_page: ../../outside/wiki-config.md\n",
        encoding="utf-8",
    )
    before = snapshot(tmp_path)
    for command in (("review", "--accept"), ("lint",)):
        done = run(*command, cwd=root)
        assert done.returncode == 2, (command, done.stdout, done.stderr)
        assert "config_page" in done.stderr and "inside the docs folder" in done.stderr
    assert snapshot(tmp_path) == before
    assert not (tmp_path / "outside" / ".relations-reviewed").exists()


def test_two_accepts_at_once_keep_both_confirmations(tmp_path: Path) -> None:
    docs = tmp_path / "docs"
    docs.mkdir()
    names = [f"p{n}" for n in range(3)]
    for name in names:
        (docs / f"{name}.md").write_text(PAGE.format(title=name, target="t"), encoding="utf-8")
    (docs / "t.md").write_text("# T\n", encoding="utf-8")
    # Pages enough that loading the wiki (before an accept writes) outlasts the processes'
    # start, so the accepts overlap as two CI jobs or two terminals would.
    for number in range(1500):
        (docs / f"filler-{number}.md").write_text(
            PAGE.format(title=f"F{number}", target=f"filler-{(number + 1) % 1500}"),
            encoding="utf-8",
        )
    script = str(Path(sys.executable).with_name("mkdocs-relations"))
    reviewed = docs / ".relations-reviewed"
    for _ in range(3):
        reviewed.unlink(missing_ok=True)
        running = [
            subprocess.Popen(
                [script, "review", "--docs-dir", "docs", "--accept", name],
                cwd=tmp_path,
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
            )
            for name in names
        ]
        for process in running:
            _, err = process.communicate(timeout=120)
            assert process.returncode == 0, err
        lines = reviewed.read_text(encoding="utf-8").splitlines()
        sources = sorted(line.split("\t")[0] for line in lines if not line.startswith("#"))
        assert sources == names


def test_config_page_outside_the_docs_folder_fails_the_build(tmp_path: Path) -> None:
    root = project(tmp_path)
    (root / "mkdocs.yml").write_text(
        "site_name: T\nplugins:\n  - relations:\n      config_page: ../outside/wiki-config.md\n",
        encoding="utf-8",
    )
    mkdocs = Path(sys.executable).with_name("mkdocs")
    done = subprocess.run(
        [str(mkdocs), "build", "-q"], cwd=root, capture_output=True, text=True, timeout=120
    )
    assert done.returncode != 0
    assert "config_page" in done.stderr and "inside the docs folder" in done.stderr


def test_a_reviewed_file_that_is_not_utf8_is_rewritten(tmp_path: Path) -> None:
    root = project(tmp_path)
    reviewed = root / "docs" / ".relations-reviewed"
    reviewed.write_bytes(b"# \xff\xfe not UTF-8\n")
    review = run("review", cwd=root)
    assert review.returncode == 0 and "Traceback" not in review.stderr, review.stderr
    accept = run("review", "--accept", cwd=root)
    assert accept.returncode == 0, accept.stderr
    assert accept.stderr.endswith("docs/.relations-reviewed written\n")
    assert reviewed.read_text(encoding="utf-8").splitlines()[-1].startswith("a\tdepends-on\tb\t")


@pytest.mark.parametrize("kind", ["fifo", "link to /dev/zero", "folder"])
def test_a_reviewed_file_that_is_not_a_regular_file_is_refused(tmp_path: Path, kind: str) -> None:
    root = project(tmp_path)
    reviewed = root / "docs" / ".relations-reviewed"
    if kind == "fifo":
        os.mkfifo(reviewed)
    elif kind == "folder":
        reviewed.mkdir()
    else:
        reviewed.symlink_to("/dev/zero")
    for command in (("review",), ("lint",), ("review", "--accept")):
        done = run(*command, cwd=root)  # a hang would end in TimeoutExpired
        assert "Traceback" not in done.stderr, done.stderr
        assert "regular file" in done.stdout + done.stderr, (command, done.stdout, done.stderr)
    assert done.returncode == 2
    assert not reviewed.is_file()


def test_a_git_folder_or_a_name_given_twice_in_a_tree_is_refused(tmp_path: Path) -> None:
    root = project(tmp_path)
    hook = blob(root, b"#!/bin/sh\ntouch marker\n")
    git_folder = tree(
        root,
        [
            ("100644", blob(root, b"[core]\n\tfsmonitor = touch marker\n"), "config"),
            ("100644", hook, "hooks.yml"),
        ],
    )
    commit_tree(root, tree(root, [*entries_of(root), ("040000", git_folder, ".GIT")]), "dotgit")
    page = blob(root, b"# Twice\n")
    docs = tree(
        root,
        [
            *entries_of(root, "HEAD:docs"),
            ("100644", page, "twice.md"),
            ("100644", page, "twice.md"),
        ],
    )
    entries = [e for e in entries_of(root) if e[2] != "docs"]
    commit_tree(root, tree(root, [*entries, ("040000", docs, "docs")]), "twice")
    # A page and a folder of one name: its page a.md is the working tree's, never written.
    inner = tree(root, [("100644", page, "x.md")])
    docs = tree(root, [*entries_of(root, "HEAD:docs"), ("040000", inner, "a.md")])
    commit_tree(root, tree(root, [*entries, ("040000", docs, "docs")]), "both")
    for branch, said in (("dotgit", "'.GIT'"), ("twice", "twice"), ("both", "'docs/a.md'")):
        done = run("diff", "main", branch, cwd=root)
        assert done.returncode == 2, done.stdout + done.stderr
        assert said in done.stderr and "Traceback" not in done.stderr, done.stderr


def test_a_reviewed_file_in_a_linked_folder_is_neither_read_nor_written(tmp_path: Path) -> None:
    root = project(tmp_path)
    outside = tmp_path / "outside"
    (outside / ".relations-reviewed").write_text("a\tdepends-on\tb\t0123456789abcdef\n", "utf-8")
    (outside / "wiki-config.md").write_text("---\nrelationship_types: []\n---\n", "utf-8")
    (root / "docs" / "linked").symlink_to(outside)
    (root / "mkdocs.yml").write_text(
        "site_name: T\nplugins:\n  - relations:\n      config_page: linked/wiki-config.md\n",
        encoding="utf-8",
    )
    before = snapshot(tmp_path)
    review = run("review", cwd=root)
    accept = run("review", "--accept", cwd=root)
    assert snapshot(tmp_path) == before
    assert "suspect" not in review.stdout.replace("[suspect-edge]", ""), review.stdout
    assert "is a link to another place" in review.stdout, review.stdout
    assert accept.returncode == 2 and "outside the docs folder" in accept.stderr, accept.stderr


def test_a_path_is_refused_by_its_components_whatever_the_shortcut() -> None:
    """The one search that lets an ordinary path through refuses no less than the check of
    each component: random paths of the pieces a hostile tree is made of."""
    import random

    from mkdocs_relations.wiki.revisions import _refused

    def by_components(path: str) -> str | None:
        for part in path.split("/"):
            if part in ("", ".", "..") or "\0" in part or part.lower() == ".git":
                return part
        return None

    rng = random.Random(43)
    pieces = ["a", ".", "..", "/", "git", "GiT", ".git", "\0", "md", "-", " "]
    for _ in range(5000):
        path = "".join(rng.choice(pieces) for _ in range(rng.randint(0, 7)))
        assert _refused(path) == by_components(path), repr(path)


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes")
def test_renames_never_read_a_pipe_or_a_link_in_the_working_tree(tmp_path: Path) -> None:
    """A page gone and, among the files come, a named pipe and a link to a file outside:
    looking for renames copies neither (a pipe would block the command, a link would read
    outside the project); the moved page is still a rename."""
    root = project(tmp_path)
    before = snapshot(tmp_path)
    docs = root / "docs"
    (docs / "archive").mkdir()
    (docs / "b.md").rename(docs / "archive" / "b.md")
    os.mkfifo(docs / "pipe.md")
    (docs / "secret.md").symlink_to(tmp_path / "outside" / "victim.md")
    done = run_process("diff", "HEAD", "--format", "json", cwd=root)
    assert done.returncode == 0, done.stderr
    report = json.loads(done.stdout)
    assert report["pages"]["renamed"] == [{"from": "b", "to": "archive/b"}]
    assert "secret" not in json.dumps(report["pages"])
    assert snapshot(tmp_path) == before


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes")
def test_lint_reads_no_pipe_and_no_device(tmp_path: Path) -> None:
    """A page that is a named pipe is told at its line 1 instead of blocking the lint; a page
    that links to /dev/zero is never read to its (missing) end."""
    root = project(tmp_path)
    os.mkfifo(root / "docs" / "pipe.md")
    (root / "docs" / "zero.md").symlink_to("/dev/zero")
    done = run_process("lint", "--no-cache", cwd=root)
    assert "Traceback" not in done.stderr and "MemoryError" not in done.stderr
    assert "docs/pipe.md:1: error: [invalid-frontmatter] this page is not a regular file" in (
        done.stdout
    ), done.stdout


def test_a_revision_takes_from_the_working_tree_only_the_blobs_it_holds(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A file the working tree holds as committed is read there, not asked of git; one edited
    since, a pipe at its path and one below a linked folder are asked of git, and what is
    written is the commit's text, never the working tree's."""
    from mkdocs_relations.wiki import revisions

    root = project(tmp_path)
    (root / "docs" / "sub").mkdir()
    (root / "docs" / "sub" / "c.md").write_text("# C\n", encoding="utf-8")
    (root / "docs" / "d.md").write_text("# D\n", encoding="utf-8")
    commit = git_commit(root, "more")
    (root / "docs" / "b.md").write_text("# B edited\n", encoding="utf-8")
    os.remove(root / "docs" / "d.md")
    os.mkfifo(root / "docs" / "d.md")
    # The linked folder holds the same file: read through the link, it would hash alike.
    twin = tmp_path / "outside" / "twin"
    twin.mkdir()
    (twin / "c.md").write_text("# C\n", encoding="utf-8")
    os.rename(root / "docs" / "sub", tmp_path / "outside" / "sub-was")
    os.symlink(twin, root / "docs" / "sub")
    asked: list[bytes] = []
    real_git = revisions.Repository.git

    def counting(self: revisions.Repository, *args: str, **kwargs: object) -> bytes:
        if args[0] == "cat-file":
            asked.append(kwargs["stdin"])  # type: ignore[arg-type]
        return real_git(self, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(revisions.Repository, "git", counting)
    repo = revisions.repository(str(root))
    out = tmp_path / "written"
    out.mkdir()
    files = {name: (sha, at) for name, sha, at in repo.write_tree(commit, "docs", str(out))}
    ids = {name: git(root, "rev-parse", f"{commit}:docs/{name}").strip() for name in files}
    assert asked == ["".join(f"{ids[n]}\n" for n in ("b.md", "d.md", "sub/c.md")).encode()]
    assert (out / "a.md").read_text() == PAGE.format(title="A", target="b")
    assert (out / "b.md").read_text() == "# B\n"
    assert (out / "d.md").read_text() == "# D\n"
    assert (out / "sub" / "c.md").read_text() == "# C\n"
    assert {name: at for name, (_, at) in files.items()} == {
        name: str(out / name) for name in files
    }
    # A page the working tree holds is read there when the pages are listed by name.
    again = tmp_path / "again"
    again.mkdir()
    where = {name: at for name, _, at in repo.write_tree(commit, "docs", str(again), True)}
    top = os.path.realpath(root / "docs")
    assert where["a.md"] == os.path.join(top, "a.md") and not (again / "a.md").exists()
    assert where["b.md"] == str(out / "b.md")  # the first copy, not written twice
    assert (again / "sub").is_dir() and sorted(os.listdir(again)) == ["sub"]


def test_lint_reads_no_page_text_through_a_link_out_of_the_docs_folder(tmp_path: Path) -> None:
    """A page linked to a file outside the docs folder is told once (``outside-docs``); its
    text is never read: not its relations blocks, its links or its heading."""
    root = project(tmp_path)
    secret = tmp_path / "outside" / "secret.md"
    secret.write_text(
        "# Secret heading\n\nSee [[secret-missing]].\n\n"
        "```relations\nfrom: '[[secret-gone]]'\n```\n",
        encoding="utf-8",
    )
    (root / "docs" / "leak.md").symlink_to(secret)
    (root / "mkdocs.yml").write_text(
        "site_name: Test\nplugins:\n  - relations:\n      wikilinks: true\n", encoding="utf-8"
    )
    done = run("lint", "--no-cache", "--format", "json", cwd=root)
    said = [(d["file"], d["code"]) for d in json.loads(done.stdout)["diagnostics"]]
    assert said == [("leak.md", "outside-docs")], done.stdout
    exported = run("export", "--format", "json", cwd=root)
    assert exported.returncode == 0 and '"leak"' in exported.stdout, exported.stderr
    assert "Secret" not in exported.stdout, exported.stdout

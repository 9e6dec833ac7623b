"""``path``, ``reach`` and ``query`` answer from the wiki ``lint`` (or they) read last, kept in
the user's cache folder, when nothing it was read from changed (cli/wiki_cache.py).

The cache is shown to be used by a change it cannot see: a page rewritten with the same size
and modification time (a change no editor makes) still answers as before; any real edit, a
corrupt file, or a file others may write is read again.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from conftest import Site, run
from wikis import PANEL_WIKI

from mkdocs_relations.cli.wiki_cache import cache_file

A = "---\nrelationships:\n  - {type: depends-on, target: '[[b]]'}\n---\n# A\n"
B = "---\nrelationships:\n  - {type: depends-on, target: '[[c]]'}\n---\n# B\n"
# Same size as B, pointing elsewhere: b depends on d rather than c.
B2 = "---\nrelationships:\n  - {type: depends-on, target: '[[d]]'}\n---\n# B\n"
C = "---\ntitle: C\n---\n# C\n"
D = "---\ntitle: D\n---\n# D\n"


@pytest.fixture
def cache(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path_factory.mktemp("user") / "cache"
    monkeypatch.setenv("XDG_CACHE_HOME", str(folder))
    monkeypatch.delenv("MKDOCS_RELATIONS_CACHE", raising=False)
    return folder


@pytest.fixture
def vault(tmp_path: Path) -> Path:
    docs = tmp_path / "project" / "vault"
    docs.mkdir(parents=True)
    for name, text in {"a": A, "b": B, "c": C, "d": D}.items():
        (docs / f"{name}.md").write_text(text)
    return docs


def _listing(folder: Path) -> dict[str, tuple[int, int]]:
    return {
        str(p.relative_to(folder)): (p.stat().st_size, p.stat().st_mtime_ns)
        for p in sorted(folder.rglob("*"))
    }


def _unseen_edit(page: Path, text: str) -> None:
    """Rewrite ``page`` keeping its size and modification time: only a re-read sees it."""
    status = page.stat()
    assert len(text.encode()) == status.st_size
    page.write_text(text)
    os.utime(page, ns=(status.st_atime_ns, status.st_mtime_ns))


def _path(vault: Path, *extra: str) -> str:
    result = run("path", "a", "d", "--docs-dir", str(vault), *extra, cwd=vault.parent)
    assert "Traceback" not in result.stderr, result.stderr
    return result.stdout


def test_the_cached_answer_is_the_fresh_one(cache: Path, vault: Path) -> None:
    project = _listing(vault.parent)
    assert run("lint", "--docs-dir", str(vault), cwd=vault.parent).returncode == 0
    written = cache_file(str(vault))
    assert written.is_file() and cache in written.parents
    commands = [
        ("path", "a", "c"),
        ("path", "a", "c", "--format", "json"),
        ("reach", "a"),
        ("reach", "c", "--reverse", "--format", "json"),
        ("query", "--list", "pages"),
        ("query", "--from", "a", "--follow", "depends-on", "--format", "json"),
    ]
    for command in commands:
        cached = run(*command, "--docs-dir", str(vault), cwd=vault.parent)
        fresh = run(*command, "--docs-dir", str(vault), "--no-cache", cwd=vault.parent)
        assert cached.returncode == fresh.returncode == 0, cached.stderr
        assert (cached.stdout, cached.stderr) == (fresh.stdout, fresh.stderr), command
    # Nothing was written into the project: the cache lives in the user's folder.
    assert _listing(vault.parent) == project


def test_the_cache_is_used_while_nothing_changes(cache: Path, vault: Path) -> None:
    assert run("lint", "--docs-dir", str(vault), cwd=vault.parent).returncode == 0
    _unseen_edit(vault / "b.md", B2)
    # Read from the cache: b still depends on c there, so a reaches d through nothing.
    assert _path(vault).startswith("no path from [[a]] to [[d]]")
    # A fresh read sees the change.
    assert _path(vault, "--no-cache") == "[[a]] —depends-on→ [[b]] —depends-on→ [[d]]\n"


def test_an_edit_to_one_page_reads_the_wiki_again(cache: Path, vault: Path) -> None:
    assert run("lint", "--docs-dir", str(vault), cwd=vault.parent).returncode == 0
    assert _path(vault).startswith("no path")
    (vault / "b.md").write_text(B2 + "\nMore text.\n")  # another size and time
    assert _path(vault) == "[[a]] —depends-on→ [[b]] —depends-on→ [[d]]\n"
    # A new page is a change too.
    (vault / "e.md").write_text("---\nrelationships:\n  - {type: relates-to, target: a}\n---\n")
    result = run("path", "e", "d", "--docs-dir", str(vault), cwd=vault.parent)
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("[[e]]")


def test_a_touched_page_reads_the_wiki_again(cache: Path, vault: Path) -> None:
    assert run("lint", "--docs-dir", str(vault), cwd=vault.parent).returncode == 0
    _unseen_edit(vault / "b.md", B2)
    status = (vault / "b.md").stat()
    os.utime(vault / "b.md", ns=(status.st_atime_ns, status.st_mtime_ns + 1_000_000))
    assert _path(vault) == "[[a]] —depends-on→ [[b]] —depends-on→ [[d]]\n"


@pytest.mark.parametrize(
    "content",
    [b"", b"garbage", b"mkdocs-relations wiki cache 1\n{not json\n", None],
    ids=["empty", "garbage", "bad header", "truncated"],
)
def test_a_corrupt_cache_is_ignored_and_written_again(
    cache: Path, vault: Path, content: bytes | None
) -> None:
    assert run("lint", "--docs-dir", str(vault), cwd=vault.parent).returncode == 0
    written = cache_file(str(vault))
    whole = written.read_bytes()
    written.write_bytes(whole[: len(whole) - 40] if content is None else content)
    _unseen_edit(vault / "b.md", B2)  # a fresh read tells it from the old cache
    assert _path(vault) == "[[a]] —depends-on→ [[b]] —depends-on→ [[d]]\n"
    assert written.read_bytes().startswith(b"mkdocs-relations wiki cache 1\n")
    assert len(written.read_bytes()) > 100


def test_a_cache_others_may_write_is_not_read(cache: Path, vault: Path) -> None:
    assert run("lint", "--docs-dir", str(vault), cwd=vault.parent).returncode == 0
    written = cache_file(str(vault))
    written.chmod(0o666)
    _unseen_edit(vault / "b.md", B2)
    assert _path(vault) == "[[a]] —depends-on→ [[b]] —depends-on→ [[d]]\n"


def test_switched_off_nothing_is_written(
    cache: Path, vault: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("MKDOCS_RELATIONS_CACHE", "off")
    assert run("lint", "--docs-dir", str(vault), cwd=vault.parent).returncode == 0
    assert _path(vault).startswith("no path")
    assert not cache.exists()
    monkeypatch.delenv("MKDOCS_RELATIONS_CACHE")
    assert run("lint", "--docs-dir", str(vault), "--no-cache", cwd=vault.parent).returncode == 0
    assert not cache.exists()


def test_a_mkdocs_project_keys_on_its_configuration(cache: Path, site: Site) -> None:
    site.pages(PANEL_WIKI)
    site.write_config()
    before = _listing(site.root)
    assert run("lint", cwd=site.root).returncode in (0, 1)
    fresh = run("path", "reporting", "platform/checkout", "--no-cache", cwd=site.root)
    cached = run("path", "reporting", "platform/checkout", cwd=site.root)
    assert fresh.returncode == cached.returncode == 0, cached.stderr
    assert cached.stdout == fresh.stdout
    assert _listing(site.root) == before
    # mkdocs.yml's content is part of the key: a one-hop bound answers no path.
    site.plugin_options = {"max_hops": 1}
    site.write_config()
    bounded = run("path", "reporting", "platform/checkout", cwd=site.root)
    assert bounded.returncode == 1, bounded.stdout + bounded.stderr


def test_a_pickled_path_index_answers_as_the_index() -> None:
    """The cache keeps the path index packed (model/paths.py): every path and reach the
    same, on a random graph with parallel edges, loops and several types."""
    import pickle
    import random

    from mkdocs_relations.model.direction import IN, OUT
    from mkdocs_relations.model.paths import PathIndex

    rng = random.Random(45)
    ids = [f"p{n:03d}" for n in range(60)]
    edges = [
        (rng.choice(ids), rng.choice(ids), rng.choice(("depends-on", "part-of", "relates-to")))
        for _ in range(150)
    ]
    index = PathIndex(ids, edges)
    copy = pickle.loads(pickle.dumps(index))
    assert type(copy.adjacency) is not list  # packed, unpacked page by page
    assert [copy.adjacency[n] for n in range(len(ids))] == index.adjacency
    for _ in range(200):
        a, b = rng.choice(ids), rng.choice(ids)
        directed = rng.random() < 0.5
        assert copy.shortest_path(a, b, max_hops=4, directed=directed) == index.shortest_path(
            a, b, max_hops=4, directed=directed
        )
        for direction in (OUT, IN):
            assert copy.reach(a, "depends-on", direction=direction, max_hops=3) == index.reach(
                a, "depends-on", direction=direction, max_hops=3
            )

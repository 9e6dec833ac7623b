"""The wiki read in a second process while MkDocs reads the pages: the same site, the same
report, and read in MkDocs' process wherever that second process fails."""

from __future__ import annotations

import os
import time
from pathlib import Path

import pytest
from beside_sites import build_site, forks, site_files, write_wiki

from mkdocs_relations.output.rendered_beside import MIN_PAGES
from mkdocs_relations.wiki.read_beside import ReadBeside

READ_BESIDE = "the wiki read in a second process"

BLOCK = '\n```relations\nfrom: "[[page-003]]"\nfollow: [depends on]\ndepth: 2\n```\n'


def _with_block(docs: Path, page: str) -> None:
    path = docs / page
    path.write_text(path.read_text("utf-8") + BLOCK, encoding="utf-8")


@forks
def test_a_wiki_read_beside_mkdocs_builds_the_same_site(tmp_path: Path) -> None:
    """Panels, finder, an answered block on a page MkDocs reads early and one it reads late:
    byte for byte what a build reading the wiki in MkDocs' process writes."""
    docs = tmp_path / "docs"
    write_wiki(docs, MIN_PAGES + 40, seed=3)
    (tmp_path / "overrides").mkdir()
    _with_block(docs, "team-0/area-0/page-000.md")
    _with_block(docs, "team-3/area-2/page-131.md")
    beside = build_site(tmp_path, {}, "beside")
    assert beside.returncode == 0, beside.stderr[-3000:]
    here = build_site(tmp_path, {"parallel": False}, "here")
    assert here.returncode == 0, here.stderr[-3000:]
    assert READ_BESIDE in beside.stderr
    assert READ_BESIDE not in here.stderr
    assert "did not read it" not in beside.stderr
    assert "the wiki read beside MkDocs taken when MkDocs had read" in beside.stderr
    ours, theirs = site_files(tmp_path / "beside"), site_files(tmp_path / "here")
    assert ours.keys() == theirs.keys()
    assert [name for name in ours if ours[name] != theirs[name]] == []
    answered = [name for name, data in ours.items() if b"relations-query" in data]
    assert len(answered) >= 2  # compared above: the blocks were answered


@forks
@pytest.mark.parametrize("block", [False, True])
def test_a_broken_edge_read_beside_fails_the_build_with_its_file_and_line(
    tmp_path: Path, block: bool
) -> None:
    """The lint's report is MkDocs' process's to give, once it has the wiki: every problem
    at its file and line, then the build stops; never presented as a page's reading error
    (``block``: a page's relations block needs the graph while MkDocs reads the pages)."""
    docs = tmp_path / "docs"
    write_wiki(docs, MIN_PAGES + 10, seed=9)
    (tmp_path / "overrides").mkdir()
    (docs / "team-1/broken.md").write_text(
        "---\ntitle: Broken\nrelationships:\n  - type: depends-on\n"
        '    target: "[[no-such-page]]"\n---\n',
        encoding="utf-8",
    )
    if block:
        _with_block(docs, "team-0/area-0/page-000.md")
    failed = build_site(tmp_path, {}, "beside")
    here = build_site(tmp_path, {"parallel": False}, "here")
    assert READ_BESIDE in failed.stderr
    assert failed.returncode != 0 and here.returncode != 0
    assert "team-1/broken.md:5" in failed.stderr
    assert "no-such-page" in failed.stderr
    assert "Error reading page" not in failed.stderr

    def reported(log: str) -> list[str]:
        return sorted(line for line in log.splitlines() if "relations" in line and ".md:" in line)

    assert reported(failed.stderr) == reported(here.stderr)


@forks
def test_what_the_child_reads_comes_back_whole() -> None:
    reading = ReadBeside(lambda: {"pages": list(range(50_000)), "pid": os.getpid()})
    assert reading.start()
    found = reading.result()
    assert found is not None
    assert found["pages"] == list(range(50_000))
    assert found["pid"] != os.getpid()  # read in the child
    assert reading.result() is None  # taken once


def _fails() -> object:
    raise ValueError("unreadable")


@forks
def test_a_child_that_fails_leaves_the_reading_here() -> None:
    reading = ReadBeside(_fails)
    assert reading.start()
    assert reading.result() is None


@forks
def test_a_child_still_reading_is_stopped() -> None:
    reading = ReadBeside(lambda: time.sleep(60))
    assert reading.start()
    pid = reading._child
    assert pid is not None
    started = time.monotonic()
    reading.close()
    assert time.monotonic() - started < 10
    with pytest.raises(ChildProcessError):
        os.waitpid(pid, os.WNOHANG)  # collected: no zombie left
    assert reading.result() is None

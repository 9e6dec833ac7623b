"""Panels rendered in a second process beside MkDocs: the same bytes as in MkDocs' process,
and everything the child does not answer rendered in MkDocs' process."""

from __future__ import annotations

import os
import shutil
import signal
import sys
import threading
import time
from collections.abc import Sequence
from pathlib import Path

import pytest
from beside_sites import build_site, forks, site_files, write_wiki

from mkdocs_relations.output.page_additions import Display, PageAdditions, Rendered
from mkdocs_relations.output.rendered_ahead import RenderedAhead
from mkdocs_relations.output.rendered_beside import MIN_PAGES, RenderedBeside, may_fork
from mkdocs_relations.wiki.pipeline import load_wiki

SECOND_PROCESS = "panels rendered in a second process"


@forks
def test_a_site_rendered_beside_mkdocs_is_the_same_bytes(tmp_path: Path) -> None:
    """Every page (panels, trails, mentions, finders, a theme template reading the panel's
    data) is byte for byte what MkDocs' own process renders, and the second process ran."""
    write_wiki(tmp_path / "docs", MIN_PAGES + 40, seed=11)
    overrides = tmp_path / "overrides"
    overrides.mkdir()
    # A theme template that reads the panel's data: built in MkDocs' process when read.
    (overrides / "main.html").write_text(
        '{% extends "base.html" %}{% block content %}{{ super() }}'
        "{% if relations %}<p class=probe>{{ relations.groups | length }} "
        "{{ relations.groups | map(attribute='label') | join(',') }}</p>{% endif %}"
        "{% endblock %}",
        encoding="utf-8",
    )
    options = {"breadcrumbs": True, "wikilinks": True, "mentions": True}
    beside = build_site(tmp_path, options, "beside")
    assert beside.returncode == 0, beside.stderr[-3000:]
    here = build_site(tmp_path, {**options, "parallel": False}, "here")
    assert here.returncode == 0, here.stderr[-3000:]
    assert SECOND_PROCESS in beside.stderr
    assert "the graph files beside it" in beside.stderr  # compared below
    assert SECOND_PROCESS not in here.stderr
    ours, theirs = site_files(tmp_path / "beside"), site_files(tmp_path / "here")
    assert ours.keys() == theirs.keys()
    assert [name for name in ours if ours[name] != theirs[name]] == []
    for part in (b"relations-trail", b"relations-mentions", b"relations__redlink"):
        assert sum(part in data for data in ours.values()) > 10, part  # compared too
    probes = sum(b"class=probe>" in data for data in ours.values())
    assert probes > MIN_PAGES // 2  # the theme read most pages' data (and it was the same)


@forks
def test_a_page_that_fails_beside_fails_the_build_naming_that_page(tmp_path: Path) -> None:
    """A theme's copy of the panel template that breaks on one page: that page is rendered
    again in MkDocs' process, so the build stops with MkDocs' message naming it."""
    write_wiki(tmp_path / "docs", MIN_PAGES + 10, seed=5)
    overrides = tmp_path / "overrides" / "relations"
    overrides.mkdir(parents=True)
    panel = Path(__file__).parents[1] / "mkdocs_relations/templates/relations/panel.html"
    broken = '{% if page_id == "team-2/area-0/page-030" %}{{ no_such_value.x }}{% endif %}'
    (overrides / "panel.html").write_text(broken + panel.read_text("utf-8"), encoding="utf-8")
    shutil.copy(panel.with_name("picture.html"), overrides / "picture.html")
    failed = build_site(tmp_path, {}, "beside")
    assert failed.returncode != 0
    assert SECOND_PROCESS in failed.stderr
    assert "team-2/area-0/page-030.md" in failed.stderr
    assert "no_such_value" in failed.stderr


def _additions(tmp_path: Path) -> tuple[PageAdditions, list[tuple[str, str]]]:
    sources = write_wiki(tmp_path, MIN_PAGES + 30, seed=7)
    wiki = load_wiki(sources)
    pages = {
        file.removesuffix(".md"): (f"Page {n}", file.removesuffix(".md") + "/")
        for n, file in enumerate(sources)
    }
    additions = PageAdditions(wiki, pages, Display(breadcrumbs=True))
    return additions, [(page, url) for page, (_, url) in pages.items()]


# Forked here even where the test process runs other threads (Playwright's, in a whole run):
# the plugin would not fork there, but the child runs only the plugin's own code.
@forks
@pytest.mark.parametrize("asked", ["in order", "a few pages", "out of order", "child killed"])
def test_what_the_child_does_not_answer_is_rendered_here(tmp_path: Path, asked: str) -> None:
    additions, order = _additions(tmp_path)
    alone = PageAdditions(additions.wiki, additions.pages, additions.display)
    pages = [page for page, _ in order]
    asks = {
        "in order": pages,
        "a few pages": pages[3::17],
        "out of order": pages[:40] + pages[20:60] + pages[90:],
        "child killed": pages,
    }[asked]
    beside = RenderedBeside(RenderedAhead(additions, order, lambda page: ()))
    assert beside.start()
    child = beside._child
    assert child is not None
    try:
        for number, page in enumerate(asks):
            if asked == "child killed" and number == 50:
                os.kill(child, signal.SIGKILL)
            url = dict(order)[page]
            shown, expected = beside.get(page, url), alone.render(page, url)
            assert (shown.top, shown.bottom) == (expected.top, expected.bottom), (asked, page)
            assert (shown.panel is None) == (expected.panel is None)
            if shown.panel is not None:  # built here, the first time it is read
                assert shown.panel.groups == expected.panel.groups  # type: ignore[union-attr]
    finally:
        beside.close()
    # The child is collected: no process is left behind.
    with pytest.raises(ChildProcessError):
        os.waitpid(child, os.WNOHANG)


def _slow_in_the_child(
    additions: PageAdditions, pause: float = 0.02, only: str | None = None, fails: str = ""
) -> None:
    """The child takes ``pause`` to render a page (``only`` that one, where given), which
    MkDocs' process renders in a fraction of a millisecond; ``fails`` fails in both."""
    parent, render = os.getpid(), additions.render

    def slow(
        page_id: str, url: str, mentioned_by: Sequence[str] = (), links_from: str | None = None
    ) -> Rendered:
        if os.getpid() != parent and only in (None, page_id):
            time.sleep(pause)
        if page_id == fails:
            raise RuntimeError(f"no_such_value on {page_id}")
        return render(page_id, url, mentioned_by, links_from)

    additions.render = slow  # type: ignore[method-assign,assignment]


@forks
def test_the_site_files_are_made_beside_once_the_pages_are(tmp_path: Path) -> None:
    """The child makes the site's files once its pages are done; MkDocs' process takes them
    as made (larger than the pipe), waiting while the child makes them."""
    additions, order = _additions(tmp_path)
    made = {"graph.json": b"{}\n", "assets/graph.js": bytes(range(256)) * 8000}

    def files() -> dict[str, bytes]:
        time.sleep(0.5)  # asked for while the child makes them
        return made

    beside = RenderedBeside(RenderedAhead(additions, order, lambda page: ()), files)
    assert beside.start()
    try:
        for page, url in order:
            beside.get(page, url)
        time.sleep(0.3)  # the child's pages are done, and it makes the files
        assert beside.files() == made
    finally:
        beside.close()


@forks
def test_a_child_behind_leaves_the_pages_it_has_not_reached_to_mkdocs(tmp_path: Path) -> None:
    """Where the child is slower than MkDocs, MkDocs' process renders what the child has not
    claimed, and the child passes over what was rendered there: the same bytes either way."""
    additions, order = _additions(tmp_path)
    alone = PageAdditions(additions.wiki, additions.pages, additions.display)
    _slow_in_the_child(additions)
    beside = RenderedBeside(RenderedAhead(additions, order, lambda page: ()))
    assert beside.start()
    child = beside._child
    assert child is not None
    try:
        for page, url in order:
            shown, expected = beside.get(page, url), alone.render(page, url)
            assert (shown.top, shown.bottom) == (expected.top, expected.bottom), page
    finally:
        beside.close()
    # 20 ms a page: the child sends a few pages while MkDocs' process renders the rest.
    assert len(order) // 2 < beside.rendered_here < len(order)
    assert beside.files() is None  # the child has not begun them: made here
    with pytest.raises(ChildProcessError):
        os.waitpid(child, os.WNOHANG)


@forks
def test_a_page_failing_ahead_of_its_turn_fails_in_its_turn(tmp_path: Path) -> None:
    """While the child has the page asked for in hand, MkDocs' process renders the pages
    after it; one of those that fails is rendered again when asked for, so the error comes
    with that page."""
    additions, order = _additions(tmp_path)
    held, failing = order[11][0], order[12][0]
    _slow_in_the_child(additions, pause=1.0, only=held, fails=failing)
    beside = RenderedBeside(RenderedAhead(additions, order, lambda page: ()))
    assert beside.start()
    try:
        time.sleep(0.3)  # the child is at the page it holds by now, the ones before it sent
        for page, url in order[:11]:
            beside.get(page, url)
        assert beside.rendered_here == 0
        beside.get(*order[11])  # from the child, once it comes: every page after it is here
        assert beside.rendered_here == len(order) - 12
        with pytest.raises(RuntimeError, match=f"no_such_value on {failing}"):
            beside.get(*order[12])
    finally:
        beside.close()


def test_forked_only_where_it_is_safe_and_pays() -> None:
    assert not may_fork(MIN_PAGES - 1)
    stop = threading.Event()
    other = threading.Thread(target=stop.wait)
    other.start()
    try:
        assert not may_fork(10 * MIN_PAGES)  # mkdocs serve: its server runs in a thread
    finally:
        stop.set()
        other.join()
    if sys.platform.startswith("linux") and threading.active_count() == 1:
        assert may_fork(MIN_PAGES) == (len(os.sched_getaffinity(0)) >= 2)

"""`mkdocs serve`: what one session keeps between rebuilds, and a broken edge as a banner.

The rebuilds run in this process as MkDocs' serve runs them (``on_startup("serve")``, then
one configuration loaded per build, the plugin instance kept); each is compared, file by
file, with a clean build of the same pages in another folder.
"""

from __future__ import annotations

import contextlib
import gc
import os
import queue
import random
import re
import shutil
import signal
import socket
import subprocess
import sys
import threading
import time
import types
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
import yaml
from built_html import finder_form
from conftest import CHROMIUM, CHROMIUM_ARGS, Site

from mkdocs_relations.plugin import RelationsPlugin

#: Written differently on every build: the gzip stamp.
UNSTABLE = ("sitemap.xml.gz",)


def _files(site_dir: Path) -> dict[str, bytes]:
    return {
        str(path.relative_to(site_dir)): path.read_bytes()
        for path in sorted(site_dir.rglob("*"))
        if path.is_file() and path.name not in UNSTABLE
    }


def _wiki(rng: random.Random, count: int) -> dict[str, str]:
    """Clusters of ten pages, each a part-of tree (transitive) with depends-on edges inside:
    a change in one cluster reaches none of the others."""
    pages = {"index.md": "# Home\n"}
    for number in range(count):
        lines = [f"title: Page {number}"]
        edges = []
        first = number - number % 10
        if number % 10:
            edges.append(f"  - {{type: part-of, target: p{first + (number % 10) // 3}}}")
        for other in rng.sample(range(number + 1, first + 10), min(2, first + 9 - number)):
            if other < count:  # onwards only: depends-on must not loop
                edges.append(f"  - {{type: depends-on, target: p{other}}}")
        if edges:
            lines += ["relationships:", *edges]
        pages[f"p{number}.md"] = "---\n" + "\n".join(lines) + f"\n---\nText of page {number}.\n"
    return pages


def _write(docs: Path, pages: dict[str, str]) -> None:
    for name, text in pages.items():
        path = docs / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")


class _Session:
    """A serve session on ``site``: rebuilds with one plugin instance, ``on_startup`` first."""

    def __init__(self, site: Site) -> None:
        self.site = site
        config = site.load()
        self.plugin: Any = config.plugins["relations"]
        assert isinstance(self.plugin, RelationsPlugin)
        config.plugins.on_startup(command="serve", dirty=False)
        self.config = config

    def rebuild(self) -> Any:
        config = self.config or self.site.load()
        self.config = None  # serve loads the configuration again for every rebuild
        assert config.plugins["relations"] is self.plugin, "MkDocs keeps the plugin"
        return self.site.build(config=config)

    def close(self) -> None:
        self.plugin.on_shutdown()


@pytest.fixture
def session() -> Iterator[Callable[[Site], _Session]]:
    """Starts serve sessions, each ended with the test (``on_shutdown``)."""
    started: list[_Session] = []

    def start(site: Site) -> _Session:
        started.append(_Session(site))
        return started[-1]

    yield start
    for one in started:
        one.close()


def _clean(site: Site, where: Path) -> dict[str, bytes]:
    fresh = Site(where)
    where.mkdir(parents=True)
    shutil.copytree(site.docs, fresh.docs)
    fresh.plugin_options, fresh.extra_config = site.plugin_options, site.extra_config
    result = fresh.build()
    assert result.ok, result.error
    return _files(fresh.site_dir)


def test_rebuilds_after_changes_equal_clean_builds(
    site: Site, session: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Each rebuild reparses only what changed and renders again only what a change reaches,
    and its site is the clean build's, byte for byte."""
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1700000000")
    rng = random.Random(3)
    pages = _wiki(rng, 60)
    _write(site.docs, pages)
    served = session(site)
    assert served.rebuild().ok
    # The session's (a clean build in this process resets the plugin's own attributes).
    kept, parsed = served.plugin.session.kept, served.plugin.session.parsed
    assert parsed.parsed == len(pages)

    def edit(name: str, text: str) -> None:
        path = site.docs / name
        path.write_text(text, encoding="utf-8")
        stamp = time.time_ns() + 10**9  # a save within the same clock tick still counts
        os.utime(path, ns=(stamp, stamp))

    added = "relationships:\n  - {type: depends-on, target: p58}\n"
    edits = [
        ("a body edited", "p7.md", pages["p7.md"].replace("Text of", "Words of")),
        ("an edge repointed", "p12.md", pages["p12.md"].replace("target: p14}", "target: p18}")),
        ("a title changed", "p3.md", pages["p3.md"].replace("title: Page 3", "title: Renamed")),
        ("an edge added", "p55.md", pages["p55.md"].replace("relationships:\n", added)),
    ]
    for round_, (what, name, text) in enumerate(edits):
        edit(name, text)
        pages[name] = text
        read = served.plugin.session.last[1]
        result = served.rebuild()
        # The wiki is read again only where some page's frontmatter changed.
        assert (served.plugin.session.last[1] is read) == (what == "a body edited"), what
        assert result.ok, (what, result.error)
        assert parsed.parsed == 1, what
        assert _files(site.site_dir) == _clean(site, tmp_path / f"clean{round_}"), what
        if what == "a body edited":
            # Nothing a panel shows changed: every page's additions are the last build's.
            assert kept.rendered == 0 and kept.reused == len(pages)
        else:
            assert 0 < kept.rendered <= 20, (what, kept.rendered)
    # A page added, then removed: the page set changes.
    edit("new.md", "---\ntitle: New\nrelationships:\n  - {type: part-of, target: p1}\n---\n")
    assert served.rebuild().ok
    assert parsed.parsed == 1
    assert _files(site.site_dir) == _clean(site, tmp_path / "clean-added")
    (site.docs / "new.md").unlink()
    assert served.rebuild().ok
    assert parsed.parsed == 0
    assert _files(site.site_dir) == _clean(site, tmp_path / "clean-removed")


def test_a_page_grown_long_under_serve_gets_its_jump_line(
    site: Site, session: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Only a long page's groups carry ids (the jump line under its title links to them): a
    page whose body grows long is rendered again, as a clean build renders it."""
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1700000000")
    pages = _wiki(random.Random(3), 20)
    _write(site.docs, pages)
    served = session(site)
    assert served.rebuild().ok
    kept = served.plugin.session.kept
    built = site.site_dir / "p1" / "index.html"
    assert "data-relations-jump" not in built.read_text("utf-8")
    body = "\n\n".join(["A paragraph a reader has to scroll past."] * 200)
    path = site.docs / "p1.md"
    path.write_text(pages["p1.md"] + "\n" + body + "\n", encoding="utf-8")
    stamp = time.time_ns() + 10**9
    os.utime(path, ns=(stamp, stamp))
    assert served.rebuild().ok
    html = built.read_text("utf-8")
    assert "data-relations-jump" in html and 'id="relations-group-0"' in html
    assert kept.rendered == 1, "the page grown long, and only it"
    assert _files(site.site_dir) == _clean(site, tmp_path / "clean")


def _yaml_nodes(kept: object) -> int:
    """How many YAML nodes are reachable from ``kept``."""
    seen, stack, nodes = set(), [kept], 0
    while stack:
        found = stack.pop()
        if id(found) in seen or isinstance(found, type | types.ModuleType | types.FunctionType):
            continue
        seen.add(id(found))
        nodes += isinstance(found, yaml.nodes.Node)
        stack.extend(gc.get_referents(found))
    return nodes


def test_a_session_keeps_pages_as_read_and_reads_them_again_when_the_field_changes(
    site: Site, session: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Between rebuilds the session holds each page as read, not its YAML nodes (every garbage
    collection of a rebuild walks what it holds), but for wiki-config.md's; a new
    ``relationship_field`` there reads every page again."""
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1700000000")
    pages = _wiki(random.Random(6), 20)
    pages["p5.md"] = pages["p5.md"].replace("relationships:", "relations:")
    pages["wiki-config.md"] = "---\nrelationship_field: relationships\n---\n"
    _write(site.docs, pages)
    site.plugin_options = {"severity": {"malformed-relationship": "warning"}}
    site.write_config()
    served = session(site)
    assert served.rebuild().ok
    parsed = served.plugin.session.parsed
    assert 0 < _yaml_nodes(parsed) < 10  # wiki-config.md's: its readers take the nodes
    config = site.docs / "wiki-config.md"
    config.write_text("---\nrelationship_field: relations\n---\n", encoding="utf-8")
    stamp = time.time_ns() + 10**9
    os.utime(config, ns=(stamp, stamp))
    assert served.rebuild().ok
    assert parsed.parsed == len(pages)
    assert _files(site.site_dir) == _clean(site, tmp_path / "clean")


def test_a_setting_changed_renders_every_page_again(
    site: Site, session: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1700000000")
    _write(site.docs, _wiki(random.Random(4), 20))
    served = session(site)
    assert served.rebuild().ok
    site.plugin_options = {"labels": {"title": "Links"}}
    site.write_config()
    assert served.rebuild().ok
    assert served.plugin.session.kept.reused == 0
    assert "Links" in site.html("p1/index.html")
    assert _files(site.site_dir) == _clean(site, tmp_path / "clean")


def test_the_finder_form_is_kept_until_the_types_in_use_change(
    site: Site, session: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The finder's form is made from settings every page shares: a rebuild reuses it, and
    a type used for the first time gives it that type, as a clean build does."""
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1700000000")
    pages = _wiki(random.Random(7), 20)
    _write(site.docs, pages)
    served = session(site)
    assert served.rebuild().ok

    def offered() -> list[str | None]:
        """The types the finder's form offers, as the site's script holds it."""
        return [e.attrs.get("value") for e in finder_form(site.site_dir) if e.tag == "option"]

    assert "relates-to" not in offered()
    site.page("p7.md", pages["p7.md"].replace("Text of", "Words of"))
    assert served.rebuild().ok
    assert _files(site.site_dir) == _clean(site, tmp_path / "clean-body")
    added = "relationships:\n  - {type: relates-to, target: p3}\n"
    site.page("p5.md", pages["p5.md"].replace("relationships:\n", added))
    assert served.rebuild().ok
    assert "relates-to" in offered()
    assert _files(site.site_dir) == _clean(site, tmp_path / "clean-type")


def test_another_site_built_in_the_session_process_keeps_nothing(
    site: Site, session: Any, tmp_path: Path
) -> None:
    """MkDocs keeps a plugin with on_startup for the life of the process: a build of another
    site meanwhile is a plain build, and fails on a broken edge."""
    _write(site.docs, _wiki(random.Random(5), 10))
    served = session(site)
    assert served.rebuild().ok
    other = Site(tmp_path / "other")
    (other.root / "docs").mkdir(parents=True)
    other.page("index.md", "---\nrelationships:\n  - {type: depends-on, target: nowhere}\n---\n")
    result = other.build()
    assert not result.ok
    assert any("the build stops" in m for m in result.logged("ERROR")), result.messages
    assert served.plugin.kept is None


_BROKEN = (
    "---\nrelationships:\n  - {type: depends-on, target: nowhere}\n"
    "  - {type: depends-on, target: elsewhere}\n---\n# Home\n"
)


def test_a_broken_edge_under_serve_is_a_banner_until_the_next_good_save(
    site: Site, session: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1700000000")
    pages = _wiki(random.Random(6), 10)
    _write(site.docs, pages)
    site.extra_config = {"strict": True}
    served = session(site)
    assert served.rebuild().ok
    site.page("index.md", _BROKEN)
    result = served.rebuild()
    # The rebuild goes on, strict or not; the errors are told, and shown on every page.
    assert result.ok, result.error
    told = [m for m in result.logged("INFO") if "index.md:3" in m or "index.md:4" in m]
    assert len(told) == 2, result.messages
    for page in ("index.html", "p1/index.html", "p9/index.html"):
        html = site.html(page)
        assert html.count("data-relations-problems") == 1
        assert "docs/index.md:3:" in html and "docs/index.md:4:" in html
        assert "2 problems would stop" in html
    # `mkdocs build` of the same pages still stops.
    clean = Site(tmp_path / "clean")
    shutil.copytree(site.docs, clean.docs)
    failed = clean.build()
    assert not failed.ok
    assert any("the build stops" in m for m in failed.logged("ERROR")), failed.messages
    # The next good save: no banner, and the clean build's site.
    site.page("index.md", pages["index.md"])
    assert served.rebuild().ok
    assert "data-relations-problems" not in site.html("p1/index.html")
    assert _files(site.site_dir) == _clean(site, tmp_path / "fixed")


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


#: Every wait of the browser test is bounded: a step (a page load, a server's start or stop)
#: by STEP seconds, the whole test by WHOLE, after which its own browser is killed, so that a
#: browser that stops answering fails the test with a message instead of hanging CI.
STEP = 60
#: One load or one read of the page in the browser, within a STEP: a reload by the page's
#: live-reload script can leave a read waiting for an element of a page that is gone, and
#: each try must leave time for the next.
TRY = 10
WHOLE = 300


def _lines(stream: Any) -> queue.Queue[str]:
    """The lines of ``stream``, read by a thread to its end ("" then), so that no read
    blocks the test and the process never blocks on a full pipe."""
    lines: queue.Queue[str] = queue.Queue()

    def read() -> None:
        for line in stream:
            lines.put(line)
        lines.put("")

    threading.Thread(target=read, daemon=True).start()
    return lines


def _stop(process: subprocess.Popen[str]) -> None:
    """Ends the server and everything it started (its own process group)."""
    for signal_ in (signal.SIGTERM, signal.SIGKILL):
        with contextlib.suppress(ProcessLookupError):
            os.killpg(process.pid, signal_)
        try:
            process.wait(timeout=STEP)
            return
        except subprocess.TimeoutExpired:
            continue
    pytest.fail(f"mkdocs serve (process {process.pid}) did not end when killed")


@pytest.fixture
def served_site(site: Site) -> Iterator[tuple[Site, str]]:
    """``mkdocs serve`` of ``site`` in its own process group, on a free port."""
    _write(site.docs, _wiki(random.Random(7), 8))
    site.write_config()
    said: list[str] = []
    for _ in range(5):
        port = _free_port()
        process = subprocess.Popen(
            [sys.executable, "-m", "mkdocs", "serve", "-a", f"127.0.0.1:{port}"],
            cwd=site.root,
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            text=True,
            env={**os.environ, "NO_MKDOCS_2_WARNING": "1"},
            start_new_session=True,
        )
        lines = _lines(process.stderr)
        said = []
        deadline = time.monotonic() + STEP
        while not said or not any(
            word in said[-1] for word in ("Serving on", "Address already in use")
        ):
            try:
                line = lines.get(timeout=max(0.0, deadline - time.monotonic()))
            except queue.Empty:
                _stop(process)
                pytest.fail(f"mkdocs serve did not start within {STEP} s: " + "".join(said))
            if not line:
                break  # it ended
            said.append(line)
        if said and "Serving on" in said[-1]:
            break
        _stop(process)
    else:
        pytest.fail("mkdocs serve did not start: " + "".join(said))
    try:
        yield site, f"http://127.0.0.1:{port}/"
    finally:
        _stop(process)


def _tree(roots: set[int]) -> set[int]:
    """``roots`` and every process below them (read from /proc)."""
    parents: dict[int, int] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:
                continue
            parents[int(entry.name)] = int(stat[stat.rindex(")") + 2 :].split()[1])
    found = set(roots)
    grown = True
    while grown:
        grown = False
        for pid, parent in parents.items():
            if parent in found and pid not in found:
                found.add(pid)
                grown = True
    return found


@contextlib.contextmanager
def _bounded_browser(browser: Any) -> Iterator[Any]:
    """A browser of this test's own, killed (by its process ids) if the test outlasts
    :data:`WHOLE`: Playwright's ``new_page`` has no timeout of its own, and a killed browser
    makes whatever call waits on it fail."""
    before = _tree({os.getpid()})
    own = browser.browser_type.launch(
        executable_path=CHROMIUM, args=CHROMIUM_ARGS, timeout=STEP * 1000
    )
    started = _tree({os.getpid()}) - before  # the browser's processes
    expired = threading.Event()

    def kill() -> None:
        expired.set()
        for pid in _tree(started):  # and the renderers they started since
            with contextlib.suppress(OSError):
                os.kill(pid, signal.SIGKILL)

    watchdog = threading.Timer(WHOLE, kill)
    watchdog.start()
    try:
        yield own
    except Exception:
        if expired.is_set():
            pytest.fail(f"the browser test did not end within {WHOLE} s; its browser was killed")
        raise
    finally:
        if not expired.is_set():
            own.close()  # still watched: a browser that no longer answers is killed
        watchdog.cancel()


def _until(check: Any, page: Any, url: str, what: str) -> None:
    """Loads ``url`` until ``check(page)`` holds. Every check is made again on a fresh load:
    the page's live-reload script may reload it at any moment after a save (a save can make
    two rebuilds), which aborts a load under way or replaces the page being read, so a load
    or a check that throws is tried again. A load waits for the document, not for the
    theme's scripts from the network; a load or a read gives up after :data:`TRY` seconds."""
    deadline = time.monotonic() + STEP
    seen = ""
    while time.monotonic() < deadline:
        try:
            page.goto(url, timeout=TRY * 1000, wait_until="domcontentloaded")
            if check(page):
                return
        except Exception as exc:  # a load aborted, or a page replaced, by its own reload
            seen = repr(exc)
        time.sleep(0.3)
    pytest.fail(f"{what}: not within {STEP} s {seen}")


def test_banner_in_a_browser_under_mkdocs_serve(
    browser: Any, served_site: tuple[Site, str]
) -> None:
    site, root = served_site

    def banner(page: Any) -> Any:
        return page.locator("[data-relations-problems]")

    def panel(page: Any) -> Any:
        return page.locator("[data-relations-panel]")

    def broken(page: Any) -> bool:
        shown = banner(page)
        if shown.count() != 1 or not shown.is_visible():
            return False
        text = shown.inner_text()
        return bool(re.search(r"docs/index\.md:3: .*nowhere", text)) and (
            "docs/index.md:4:" in text
        )

    with _bounded_browser(browser) as own:
        context = own.new_context()
        context.set_default_timeout(TRY * 1000)
        context.set_default_navigation_timeout(TRY * 1000)
        page = context.new_page()
        url = root + "p1/"
        good = (site.docs / "index.md").read_text(encoding="utf-8")
        _until(lambda p: panel(p).count() == 1 and banner(p).count() == 0, page, url, "panel")
        site.page("index.md", _BROKEN)
        _until(broken, page, url, "the banner naming both problems")
        site.page("index.md", good)
        _until(
            lambda p: banner(p).count() == 0 and panel(p).count() == 1,
            page, url, "the banner gone, the panel there",
        )  # fmt: skip
        context.close()

"""Helpers that write small real sites into temporary folders and build them with MkDocs."""

from __future__ import annotations

import contextlib
import functools
import http.server
import io
import logging
import os
import re
import select
import shutil
import subprocess
import sys
import textwrap
import threading
import time
import traceback
import warnings
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
import venvs
import yaml
from hypothesis import HealthCheck, settings
from mkdocs.commands.build import build
from mkdocs.config import load_config
from mkdocs.config.defaults import MkDocsConfig
from mkdocs.exceptions import Abort, BuildError

from mkdocs_relations.wiki.page_set import folder_page_set

REPO = Path(__file__).resolve().parent.parent
#: Real wikis vendored with their licences: ``<name>/pages`` is the wiki as published,
#: ``<name>/wiki-config.md`` and ``<name>/mkdocs.yml`` are ours.
CORPORA = Path(__file__).resolve().parent / "corpora"
CORPUS_CONFIGS = CORPORA

# Hypothesis profiles for every property test, whichever modules a run selects:
# ``HYPOTHESIS_PROFILE=fuzz`` runs the long campaign recorded in docs/bad-input.md.
settings.register_profile(
    "ci",
    max_examples=300,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
settings.register_profile(
    "fuzz",
    max_examples=int(os.environ.get("RELATIONS_FUZZ_EXAMPLES", "200000")),
    deadline=None,
    suppress_health_check=list(HealthCheck),
)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))

#: Tests a contributor's run skips, by marker (registered in pyproject.toml): the variable
#: that runs them, and who sets it.
OPT_IN = {
    "slow": ("RELATIONS_SLOW_TESTS", ".ci/run sets it"),
    "benchmark": ("RELATIONS_BENCHMARK_TESTS", "for a change to benchmarks/"),
}


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    for marker, (variable, who) in OPT_IN.items():
        if os.environ.get(variable) == "1":
            continue
        skip = pytest.mark.skip(reason=f"{marker}: {variable}=1 runs it ({who})")
        for item in items:
            if item.get_closest_marker(marker) is not None:
                item.add_marker(skip)


@pytest.fixture(scope="session", autouse=True)
def _bytecode_kept(tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    """Bytecode written once a session for the processes tests start (the console script,
    ``mkdocs build``), as installing a wheel writes it: under ``PYTHONDONTWRITEBYTECODE``
    each of them would compile the package from source again. It goes to a folder of the
    session's, never beside the sources."""
    if not os.environ.get("PYTHONDONTWRITEBYTECODE"):
        yield
        return
    with pytest.MonkeyPatch.context() as patch:
        patch.delenv("PYTHONDONTWRITEBYTECODE")
        patch.setenv("PYTHONPYCACHEPREFIX", str(tmp_path_factory.mktemp("bytecode")))
        yield


class _Records(logging.Handler):
    def __init__(self) -> None:
        super().__init__(logging.DEBUG)
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(record)


@dataclass
class BuildResult:
    ok: bool
    error: str | None
    messages: list[tuple[str, str]] = field(default_factory=list)
    config: MkDocsConfig | None = None
    #: The plugin's wiki as this build left it. MkDocs keeps one instance of a plugin with
    #: ``on_startup`` for every configuration a process loads, so a later build in the same
    #: process (another test's) replaces what ``config.plugins["relations"]`` holds.
    wiki: Any = None

    def logged(self, level: str = "WARNING") -> list[str]:
        return [message for lvl, message in self.messages if lvl == level]

    @property
    def relation_messages(self) -> list[str]:
        return [m for _, m in self.messages if m.startswith("mkdocs_relations: ")]


@dataclass
class Site:
    """A throwaway MkDocs project: ``mkdocs.yml`` plus a ``docs`` folder."""

    root: Path
    plugin_options: dict[str, Any] = field(default_factory=dict)
    extra_config: dict[str, Any] = field(default_factory=dict)

    @property
    def docs(self) -> Path:
        return self.root / "docs"

    @property
    def site_dir(self) -> Path:
        return self.root / "site"

    def page(self, path: str, text: str) -> Path:
        target = self.docs / path
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(textwrap.dedent(text).lstrip("\n"), encoding="utf-8")
        return target

    def pages(self, pages: dict[str, str]) -> Site:
        for path, text in pages.items():
            self.page(path, text)
        return self

    def write_config(self) -> Path:
        plugin: Any = {"relations": self.plugin_options} if self.plugin_options else "relations"
        config = {"site_name": "Test wiki", "plugins": [plugin], **self.extra_config}
        path = self.root / "mkdocs.yml"
        path.write_text(yaml.safe_dump(config, sort_keys=False), encoding="utf-8")
        return path

    def load(self, strict: bool = False) -> MkDocsConfig:
        return load_config(str(self.write_config()), strict=strict)

    def build(self, strict: bool = False, config: MkDocsConfig | None = None) -> BuildResult:
        config = config or self.load(strict=strict)
        handler = _Records()
        logger = logging.getLogger("mkdocs")
        logger.addHandler(handler)
        # `mkdocs build` logs at INFO; so must the test, to see info-severity diagnostics.
        level = logger.level
        logger.setLevel(logging.INFO)
        try:
            build(config)
            ok, error = True, None
        except (BuildError, Abort) as exc:
            ok, error = False, str(exc)
        finally:
            logger.removeHandler(handler)
            logger.setLevel(level)
        messages = [(r.levelname, r.getMessage()) for r in handler.records]
        plugin = config.plugins.get("relations")
        return BuildResult(ok, error, messages, config, getattr(plugin, "wiki", None))

    def html(self, page: str = "index.html") -> str:
        return (self.site_dir / page).read_text(encoding="utf-8")


@pytest.fixture(scope="session", autouse=True)
def _user_cache_folder(tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    """The commands' wiki cache (cli/wiki_cache.py) in a folder of the session, never the
    user's own ~/.cache."""
    previous = os.environ.get("XDG_CACHE_HOME")
    os.environ["XDG_CACHE_HOME"] = str(tmp_path_factory.mktemp("user-cache"))
    yield
    if previous is None:
        del os.environ["XDG_CACHE_HOME"]
    else:
        os.environ["XDG_CACHE_HOME"] = previous


@pytest.fixture
def site(tmp_path: Path) -> Iterator[Site]:
    (tmp_path / "docs").mkdir()
    yield Site(tmp_path)


def relation_lines(result: BuildResult) -> list[str]:
    """The diagnostics a build logged, without the logger's prefix."""
    return [m.removeprefix("mkdocs_relations: ") for m in result.relation_messages]


def pages_in_folder(docs_dir: str) -> dict[str, str]:
    """Docs-relative page path -> absolute path, for every Markdown file MkDocs would build."""
    return folder_page_set(docs_dir).sources


def run(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    """``mkdocs-relations ARGS`` in ``cwd``, through the console script's ``main()`` in this
    process, with what a process of its own would have: the folder, empty standard input,
    UTF-8 pipes as the test reads them (``\\r`` made ``\\n`` as ``text=True`` does), the
    logging ``main()`` sets up, Python's default warnings, and the exit status; an exception
    is a traceback on standard error and status 1. A new interpreter importing MkDocs and the
    package costs about 0.4 s of CPU a command, two hundred and more times a run. What only a
    process shows (a pipe closed early, a signal, the terminal's encoding, the script on the
    ``PATH``) is run with :func:`run_process`."""
    # Imported here: importing the package at collection would hide an import error of the
    # console script's behind this module's.
    from mkdocs_relations.cli import main

    stdout = io.TextIOWrapper(io.BytesIO(), encoding="utf-8", write_through=True)
    stderr = io.TextIOWrapper(
        io.BytesIO(), encoding="utf-8", errors="backslashreplace", write_through=True
    )
    streams = sys.stdin, sys.stdout, sys.stderr
    root = logging.getLogger()
    handlers, level = root.handlers[:], root.level
    # pytest's own handlers on the root logger would make main()'s basicConfig a no-op.
    root.handlers = []
    folder = os.getcwd()
    sys.stdin, sys.stdout, sys.stderr = io.TextIOWrapper(io.BytesIO()), stdout, stderr
    try:
        os.chdir(cwd)
        with warnings.catch_warnings():
            warnings.resetwarnings()
            for kind in (DeprecationWarning, PendingDeprecationWarning, ImportWarning,
                         ResourceWarning):  # fmt: skip
                warnings.simplefilter("ignore", kind)
            try:
                status = main(list(args))
            except SystemExit as exc:  # as the interpreter exits on one
                status = exc.code if isinstance(exc.code, int) else int(exc.code is not None)
                if exc.code is not None and not isinstance(exc.code, int):
                    print(exc.code, file=sys.stderr)
            except Exception:
                traceback.print_exc()
                status = 1
    finally:
        os.chdir(folder)
        sys.stdin, sys.stdout, sys.stderr = streams
        for handler in root.handlers:
            handler.close()
        root.handlers, root.level = handlers, level
    said = [
        stream.buffer.getvalue().decode("utf-8")  # type: ignore[attr-defined]
        .replace("\r\n", "\n").replace("\r", "\n")
        for stream in (stdout, stderr)
    ]  # fmt: skip
    return subprocess.CompletedProcess(["mkdocs-relations", *args], int(status), *said)


def mkdocs_build(cwd: Path, strict: bool = False) -> subprocess.CompletedProcess[str]:
    """``mkdocs build`` (``--strict``) of ``cwd/mkdocs.yml`` in this process, as :class:`Site`
    builds: the status (0, or 1 where the build stopped) and what MkDocs logged as standard
    error, one ``LEVEL - message`` a line. For a test that only needs the built site; one that
    reads MkDocs' command line runs ``python -m mkdocs``."""
    config = load_config(str(cwd / "mkdocs.yml"), strict=strict)
    result = Site(cwd).build(config=config)
    said = "".join(f"{level} - {message}\n" for level, message in result.messages)
    if result.error is not None:
        said += f"ERROR - {result.error}\n"
    return subprocess.CompletedProcess(["mkdocs", "build"], 0 if result.ok else 1, "", said)


def run_process(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    """``mkdocs-relations ARGS`` in ``cwd``: the installed console script in a process of its
    own, as a user runs it."""
    script = Path(sys.executable).with_name("mkdocs-relations")
    command = [str(script)] if script.exists() else [sys.executable, "-m", "mkdocs_relations.cli"]
    return subprocess.run(
        [*command, *args], cwd=cwd, capture_output=True, text=True, timeout=120, check=False
    )


def git(root: Path, *args: str, stdin: bytes | None = None) -> str:
    """``git ARGS`` in ``root``, its output as text; a failing git fails the test."""
    done = subprocess.run(
        ["git", *args], cwd=root, input=stdin, capture_output=True, check=True, timeout=60
    )
    return done.stdout.decode()


def git_repo(root: Path) -> Path:
    """An empty git repository at ``root`` (made where missing): branch main, an author,
    commits unsigned whatever the user's settings say."""
    root.mkdir(parents=True, exist_ok=True)
    git(root, "init", "-q", "-b", "main")
    git(root, "config", "user.email", "test@example.com")
    git(root, "config", "user.name", "Test")
    git(root, "config", "commit.gpgsign", "false")
    return root


def git_commit(root: Path, message: str) -> str:
    """Everything in the working tree committed; the commit's hash."""
    git(root, "add", "-A")
    git(root, "commit", "-q", "--allow-empty", "-m", message)
    return git(root, "rev-parse", "HEAD").strip()


def built_panel_pages(root: Path) -> list[Path]:
    """``mkdocs build`` in ``root`` as a user runs it (it must succeed); the built pages that
    hold a relationships panel."""
    build = mkdocs_build(root)
    assert build.returncode == 0, build.stderr
    return [
        page for page in (root / "site").rglob("index.html")
        if "data-relations-panel" in page.read_text("utf-8")
    ]  # fmt: skip


def copy_corpus(name: str, destination: Path, with_config: bool = True) -> Path:
    docs = destination / "docs"
    shutil.copytree(CORPORA / name / "pages", docs)
    if with_config:
        shutil.copy(CORPUS_CONFIGS / name / "wiki-config.md", docs / "wiki-config.md")
    return docs


#: A vendored wiki's name -> its site and the build's result.
CorpusSite = Callable[[str], tuple[Site, BuildResult]]


@pytest.fixture(scope="session")
def corpus_site(tmp_path_factory: pytest.TempPathFactory) -> CorpusSite:
    """A vendored wiki built as a site with its shipped mkdocs.yml and wiki-config.md, once a
    session (the tests that build one only read it). With one page in the navigation:
    Material's lists every page on every page, quadratic in pages (data-atlas 28 s against
    8 s here), and no test reads it."""
    built: dict[str, tuple[Site, BuildResult]] = {}

    def build(name: str) -> tuple[Site, BuildResult]:
        if name not in built:
            site = Site(tmp_path_factory.mktemp(name))
            copy_corpus(name, site.root)
            shutil.copy(CORPUS_CONFIGS / name / "mkdocs.yml", site.root / "mkdocs.yml")
            config = load_config(str(site.root / "mkdocs.yml"), nav=["wiki-config.md"])
            built[name] = (site, site.build(config=config))
        return built[name]

    return build


def read_until(process: subprocess.Popen[bytes], wanted: str, seconds: float) -> str:
    """What ``process`` printed (its ``stdout``, a binary pipe) until a whole line holding
    ``wanted``, or until the time ran out. Read from the pipe itself: ``readline()`` on a
    buffered stream takes in every line that has arrived and returns one, and a ``select()``
    on the pipe then waits for more while the line wanted sits in the buffer (on a busy
    machine the lines arrive together)."""
    assert process.stdout is not None
    descriptor = process.stdout.fileno()
    deadline = time.monotonic() + seconds
    said = b""
    line = re.compile(re.escape(wanted.encode()) + b".*\n")
    while line.search(said) is None and time.monotonic() < deadline:
        if select.select([descriptor], [], [], 1)[0]:
            chunk = os.read(descriptor, 65536)
            if not chunk:
                break
            said += chunk
    return said.decode("utf-8", "replace")


CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--headless=new",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    # No test reads the network: a theme's CDN script (theme mkdocs loads highlight.js from
    # cdnjs in its head) fails at once instead of holding a page's load event for as long as
    # the machine's network takes to give up (a `mkdocs serve` test timed out on it).
    "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1, EXCLUDE localhost",
]


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    """Headless Debian Chromium driven by Playwright; never a downloaded browser."""
    required = os.environ.get("RELATIONS_REQUIRE_BROWSER") == "1"
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        if required:
            raise
        pytest.skip("playwright is not installed (pip install -e '.[test]')")
    if not os.path.exists(CHROMIUM):
        if required:
            pytest.fail(f"Chromium not found at {CHROMIUM}; apt-get install chromium")
        pytest.skip("Chromium is not installed (apt-get install chromium)")
    with sync_playwright() as playwright:
        instance = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            yield instance
        finally:
            instance.close()


@contextlib.contextmanager
def serve(directory: Path) -> Iterator[str]:
    """Serve a built site on 127.0.0.1 (a random free port) for the length of the block."""
    handler = functools.partial(_QuietHandler, directory=str(directory))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()
        server.server_close()


@contextlib.contextmanager
def page_at(browser: Any, site_dir: Path, path: str, size: tuple[int, int]) -> Iterator[Any]:
    """A browser page of ``size`` (width, height) open on ``path`` of the site built in
    ``site_dir``, served for the length of the block."""
    width, height = size
    with serve(site_dir) as url:
        page = browser.new_page(viewport={"width": width, "height": height})
        try:
            page.goto(f"{url}{path}")
            yield page
        finally:
            page.close()


class _QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: Any) -> None:
        pass


OUTPUT = REPO / "test-output"


def output_dir(name: str) -> Path:
    """Where a test keeps artefacts worth looking at (screenshots); ignored by git."""
    path = OUTPUT / name
    path.mkdir(parents=True, exist_ok=True)
    return path


DOC_SCREENSHOTS = REPO / "docs" / "assets" / "screenshots"


def publish_screenshot(path: Path) -> None:
    """With RELATIONS_UPDATE_SCREENSHOTS=1, copy a screenshot into the docs.

    The docs' screenshots are taken by the browser tests from real builds, never drawn.
    """
    if os.environ.get("RELATIONS_UPDATE_SCREENSHOTS") == "1":
        DOC_SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        shutil.copy(path, DOC_SCREENSHOTS / path.name)


@pytest.fixture(scope="session")
def project_checkout(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The tracked files, as a fresh clone has them (see venvs.clean_checkout)."""
    return venvs.clean_checkout(tmp_path_factory.mktemp("checkout"))


@pytest.fixture(scope="session")
def project_wheel(tmp_path_factory: pytest.TempPathFactory, project_checkout: Path) -> Path:
    """This project's wheel, built once per session as pip builds it."""
    return venvs.build_wheel(project_checkout, tmp_path_factory.mktemp("wheel"))


@pytest.fixture(scope="session")
def envs(tmp_path_factory: pytest.TempPathFactory, project_wheel: Path) -> Iterator[venvs.Envs]:
    """Virtual environments from the registry with the built wheel, one per name a session."""
    made = venvs.Envs(tmp_path_factory.mktemp("venvs"), project_wheel)
    try:
        yield made
    finally:
        made.close()


@pytest.fixture(scope="session", autouse=True)
def _environments_ahead(request: pytest.FixtureRequest) -> None:
    """The environments the session's tests name (``@pytest.mark.venv(name, *steps)``, the
    arguments of their ``envs.get``) begun at the start, made while other tests run. Not
    in a worker of ``pytest -n``: each worker collects every test and would make every
    environment, and the other workers run tests while one makes what its tests use."""
    if os.environ.get("PYTEST_XDIST_WORKER"):
        return
    wanted = [
        mark.args for item in request.session.items for mark in item.iter_markers("venv")
    ]  # fmt: skip
    if wanted:
        environments: venvs.Envs = request.getfixturevalue("envs")
        for name, *steps in wanted:
            environments.start(name, *steps)

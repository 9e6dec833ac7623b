"""The path finder on a large wiki, in Chromium: bytes on the first focus, time to use.

    python benchmarks/finder_scale.py prepare -n 100000 --site DIR
    python benchmarks/finder_scale.py measure --site DIR [--rounds 3]

``prepare`` writes the seeded benchmark wiki (benchmarks/generate.py, frontmatter only) into
/dev/shm once, reads it with ``load_wiki`` and writes a one-page site: the finder's widget
for one page as the build renders it, the packaged scripts and styles, and the graph files
``site_files.graph_files`` writes. It imports whichever ``mkdocs_relations`` is on the path,
so the same command measures another revision (``PYTHONPATH=<its checkout>``).

``measure`` opens that page in headless Chromium (Playwright, /usr/bin/chromium), served
over HTTP on a free port, plain and gzipped as most hosts serve scripts, and from disk
(file://), and prints for each:

- bytes fetched from the first focus until the first suggestions show (target: 2 MB);
- usable: from the focus (a letter typed at once) to the first suggestions shown (300 ms);
- first keystroke: with the graph loaded, one common letter typed to its suggestions (the
  slowest of three letters; 50 ms);
- path: a far page chosen to its chain shown, and the bytes that fetched.

Each of the first three is printed with its target (issue 45's, at 100,000 pages).

Numbers are medians of the rounds, each in a new browser context (nothing cached).
"""

from __future__ import annotations

import argparse
import functools
import gzip
import http.server
import json
import os
import statistics
import sys
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import generate  # noqa: E402

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"]
PAGE = """<!doctype html>
<html><head><meta charset="utf-8"><title>Finder</title>
{sheets}</head><body><main><h1>{title}</h1>
{widget}</main>
{scripts}</body></html>
"""


def prepare(pages: int, site: Path) -> None:
    from mkdocs_relations.inject.built_site import built_page
    from mkdocs_relations.output.page_additions import Display, PageAdditions
    from mkdocs_relations.output.site_files import asset_files, graph_files
    from mkdocs_relations.wiki.pipeline import Options, load_wiki

    docs = Path(f"/dev/shm/finder-scale/wiki-{pages}")
    if not docs.exists():
        generate.write(generate.plan(pages), docs, bodies=False)
    sources = {
        str(path.relative_to(docs)).replace(os.sep, "/"): str(path)
        for path in sorted(docs.rglob("*.md"))
    }
    wiki = load_wiki(sources, Options(docs_dir=str(docs)))
    graph = wiki.graph
    titles = {
        page_id: (graph.title(page_id), built_page(page.file, True)[1])
        for page_id, page in graph.pages.items()
    }
    display = Display(placement="off")
    additions = PageAdditions(wiki, titles, display)
    # The last page: a leaf of the generated wiki, far from most.
    here = max(
        (page_id for page_id, page in graph.pages.items() if page.file != "index.md"),
        key=lambda page_id: graph.pages[page_id].file,
    )
    _, bottom = additions.for_page(here, "index.html")
    files = asset_files(display.assets(answers=False))
    files.update(graph_files(graph, titles, display.max_hops, additions.labels))
    site.mkdir(parents=True, exist_ok=True)
    for name, data in files.items():
        written = site / name
        written.parent.mkdir(parents=True, exist_ok=True)
        written.write_bytes(data)
    sheets = "".join(f'<link rel="stylesheet" href="{s}">\n' for s in display.stylesheets)
    scripts = "".join(f'<script src="{s}"></script>\n' for s in display.scripts)
    (site / "index.html").write_text(
        PAGE.format(sheets=sheets, title=titles[here][0], widget=bottom, scripts=scripts), "utf-8"
    )
    # Pages to ask for, by their exact titles: the first page (the generator's largest hub,
    # a few hops away) and one of another area (farther than the bound: the finder then
    # searches without it, to tell "farther" from "apart", and reaches every page).
    ids = sorted(graph.pages)
    targets = [titles[ids[0]][0], titles[ids[len(ids) // 2]][0]]
    (site / "query.json").write_text(json.dumps({"targets": targets}), "utf-8")
    sizes = {name: len(data) for name, data in files.items() if "graph" in name}
    print(f"{len(graph.pages)} pages, {sum(1 for _ in graph.walkable_edges())} edges")
    first = files[next(n for n in files if n.endswith("/graph.js"))]
    print(
        f"graph files: {len(sizes)}, the finder's first file {len(first):,} bytes "
        f"({len(gzip.compress(first, compresslevel=6, mtime=0)):,} gzipped)"
    )


class _Handler(http.server.SimpleHTTPRequestHandler):
    """Serves files, gzipped when the server says so and the browser accepts it."""

    compress = False

    def log_message(self, format: str, *args: Any) -> None:
        pass

    def do_GET(self) -> None:
        path = Path(self.translate_path(self.path))
        accepts = "gzip" in self.headers.get("Accept-Encoding", "")
        if not (self.compress and accepts and path.is_file() and path.suffix == ".js"):
            return super().do_GET()
        body = _gzipped(str(path))
        self.send_response(200)
        self.send_header("Content-Type", "text/javascript")
        self.send_header("Content-Encoding", "gzip")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)


@functools.cache
def _gzipped(path: str) -> bytes:
    return gzip.compress(Path(path).read_bytes(), compresslevel=6, mtime=0)


@contextmanager
def serve(site: Path, compress: bool) -> Iterator[str]:
    handler = type("Handler", (_Handler,), {"compress": compress})
    server = http.server.ThreadingHTTPServer(
        ("127.0.0.1", 0), functools.partial(handler, directory=str(site))
    )
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/index.html"
    finally:
        server.shutdown()
        server.server_close()


USABLE = """async (letter) => {
  const input = document.querySelector(".relations-finder__input");
  const list = document.querySelector(".relations-finder__options");
  const shown = () => new Promise((resolve) => {
    const observer = new MutationObserver(() => {
      if (!list.hidden && list.children.length) { observer.disconnect(); resolve(); }
    });
    observer.observe(list, {childList: true, attributes: true});
  });
  const start = performance.now();
  input.focus();
  input.value = letter;
  input.dispatchEvent(new Event("input"));
  await shown();
  return performance.now() - start;
}"""

KEYSTROKE = """async (letter) => {
  const input = document.querySelector(".relations-finder__input");
  const list = document.querySelector(".relations-finder__options");
  input.value = "";
  list.hidden = true; list.textContent = "";
  const shown = new Promise((resolve) => {
    const observer = new MutationObserver(() => {
      if (!list.hidden && list.children.length) { observer.disconnect(); resolve(); }
    });
    observer.observe(list, {childList: true, attributes: true});
  });
  const start = performance.now();
  input.value = letter;
  input.dispatchEvent(new Event("input"));
  await shown;
  await new Promise((resolve) => requestAnimationFrame(() => resolve()));
  return performance.now() - start;
}"""

PATH = """async (title) => {
  const input = document.querySelector(".relations-finder__input");
  const result = document.querySelector(".relations-finder__result");
  result.textContent = "";
  const shown = new Promise((resolve) => {
    const observer = new MutationObserver(() => {
      if (result.querySelector("p")) { observer.disconnect(); resolve(); }
    });
    observer.observe(result, {childList: true, subtree: true});
  });
  const start = performance.now();
  input.value = title;
  input.dispatchEvent(new Event("input"));
  input.form.requestSubmit();
  await shown;
  const chain = result.querySelector(".relations-finder__text");
  return [performance.now() - start, chain ? chain.textContent : result.innerText];
}"""


def measure_once(browser: Any, url: str, targets: list[str]) -> dict[str, Any]:
    context = browser.new_context()
    page = context.new_page()
    fetched: list[int] = []
    page.goto(url)
    page.wait_for_selector("[data-relations-pathfinder][data-relations-ready]")

    def finished(request: Any) -> None:
        sizes = request.sizes()
        fetched.append(sizes["responseBodySize"] + sizes["responseHeadersSize"])

    page.on("requestfinished", finished)
    usable = page.evaluate(USABLE, "e")
    page.wait_for_timeout(200)  # requests still finishing are counted with the focus
    focus_bytes = sum(fetched)
    keystrokes = [page.evaluate(KEYSTROKE, letter) for letter in "aeo"]
    found: dict[str, Any] = {
        "focus_bytes": focus_bytes,
        "usable_ms": usable,
        "keystroke_ms": max(keystrokes),
    }
    for number, target in enumerate(targets):
        fetched.clear()
        took, answer = page.evaluate(PATH, target)
        page.wait_for_timeout(200)
        found[f"path{number}_ms"] = took
        found[f"path{number}_bytes"] = sum(fetched)
        found[f"answer{number}"] = answer.splitlines()[0] if answer else ""
    context.close()
    return found


def measure(site: Path, rounds: int) -> None:
    from playwright.sync_api import sync_playwright

    targets = json.loads((site / "query.json").read_text("utf-8"))["targets"]
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        ways: list[tuple[str, Any]] = [
            ("http", lambda: serve(site, False)),
            ("http+gzip", lambda: serve(site, True)),
        ]
        for name, server in ways:
            with server() as url:
                _report(name, [measure_once(browser, url, targets) for _ in range(rounds)])
        local = (site / "index.html").as_uri()
        _report("file://", [measure_once(browser, local, targets) for _ in range(rounds)])
        browser.close()


#: Issue 45's targets in Chromium at 100,000 pages: bytes the first focus fetches (MB, served
#: plainly or gzipped), from the focus to the first suggestions, one keystroke to its own.
FOCUS_MB, USABLE_MS, KEYSTROKE_MS = 2.0, 300.0, 50.0


def _against(value: float, target: float) -> str:
    return f"({'within' if value <= target else 'OVER'} {target:g})"


def _report(name: str, runs: list[dict[str, Any]]) -> None:
    def median(key: str) -> float:
        return float(statistics.median(run[key] for run in runs))

    paths = " | ".join(
        f"path {median(f'path{n}_ms'):7.1f} ms, {median(f'path{n}_bytes') / 1e6:5.2f} MB"
        for n in range(sum(1 for key in runs[0] if key.startswith("answer")))
    )
    focus, usable, keystroke = (
        median("focus_bytes") / 1e6,
        median("usable_ms"),
        median("keystroke_ms"),
    )
    print(
        f"{name:10} first focus {focus:5.2f} MB {_against(focus, FOCUS_MB)} | usable "
        f"{usable:7.1f} ms {_against(usable, USABLE_MS)} | first keystroke {keystroke:6.1f} ms "
        f"{_against(keystroke, KEYSTROKE_MS)} | {paths}"
    )
    for key in sorted(key for key in runs[0] if key.startswith("answer")):
        print(f"{'':10} {runs[0][key]}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    commands = parser.add_subparsers(dest="command", required=True)
    prepared = commands.add_parser("prepare")
    prepared.add_argument("-n", type=int, default=100_000)
    prepared.add_argument("--site", type=Path, required=True)
    measured = commands.add_parser("measure")
    measured.add_argument("--site", type=Path, required=True)
    measured.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    if args.command == "prepare":
        prepare(args.n, args.site)
    else:
        measure(args.site, args.rounds)


if __name__ == "__main__":
    main()

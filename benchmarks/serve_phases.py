"""Where a `mkdocs serve` rebuild's CPU time goes, with the plugin and without: phase by phase.

    python benchmarks/serve_phases.py                  # 2,000 pages, 2 x 3 rounds a side
    python benchmarks/serve_phases.py --pages 30 --rounds 1    # checks it works

``serve_rebuild.py`` gives the ratio an author feels, from two real servers; this says what
makes it. Each side runs in a process of its own and rebuilds the wiki the way serve does
(``on_startup("serve")``, the configuration loaded again for every rebuild, one plugin
instance kept), after a one-word edit of one page's text, as ``serve_rebuild.py`` edits it.
For each rebuild it reads the thread CPU time of each of the plugin's hooks, of the MkDocs
functions the plugin makes work (the template context, the template's rendering, writing
the page), and of garbage collection by generation (``gc.callbacks``). A hook's time
includes the collections that ran inside it. Printed: the median over rounds of each, both
sides, and the difference. Thread CPU time leaves out other processes' turns on the CPU,
not what they do to its caches: on a busy machine the figures still move.
"""

from __future__ import annotations

import argparse
import functools
import gc
import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import generate  # noqa: E402

_WORD = re.compile(r"\b(" + "|".join(generate.WORDS) + r")\b")
HOOKS = (
    "on_config", "on_files", "on_page_markdown", "on_env", "on_page_context", "on_post_page",
    "on_post_build",
)  # fmt: skip
#: MkDocs' own work that grows with the plugin, timed where ``build.py`` calls it: reading
#: and converting the pages, building each page (context, template, writing).
MKDOCS = ("_populate_page", "_build_page", "get_context")


def _timed(spent: dict[str, float], name: str, function: Callable[..., Any]) -> Any:
    @functools.wraps(function)
    def timed(*args: Any, **kwargs: Any) -> Any:
        start = time.thread_time()
        try:
            return function(*args, **kwargs)
        finally:
            spent[name] = spent.get(name, 0.0) + time.thread_time() - start

    return timed


def side(docs: Path, config_file: Path, rounds: int) -> None:
    """One side's rebuilds, in this process: a JSON line of seconds per round."""
    import logging

    import jinja2
    from mkdocs import utils
    from mkdocs.commands import build as build_module
    from mkdocs.commands.build import build
    from mkdocs.config import load_config

    from mkdocs_relations.plugin import RelationsPlugin

    logging.getLogger("mkdocs").setLevel(logging.ERROR)
    spent: dict[str, float] = {}
    for hook in HOOKS:
        setattr(RelationsPlugin, hook, _timed(spent, hook, getattr(RelationsPlugin, hook)))
    for name in MKDOCS:
        setattr(build_module, name, _timed(spent, name, getattr(build_module, name)))
    utils.write_file = _timed(spent, "write_file", utils.write_file)
    render = _timed(spent, "template render", jinja2.Template.render)
    jinja2.Template.render = render  # type: ignore[method-assign]
    started: list[float] = []

    def collected(phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            started.append(time.thread_time())
        elif started:
            name = f"gc generation {info['generation']}"
            spent[name] = spent.get(name, 0.0) + time.thread_time() - started.pop()

    gc.callbacks.append(collected)
    edited = sorted(docs.rglob("page-*.md"))[len(list(docs.rglob("page-*.md"))) // 2]
    original = edited.read_text(encoding="utf-8")
    site_dir = tempfile.mkdtemp(prefix="relations-serve-phases-")

    def rebuild(number: int) -> float:
        text = original
        if number % 2:
            found = _WORD.search(text, text.index("\n# "))
            assert found is not None
            text = text[: found.start()] + "edited" + text[found.end() :]
        edited.write_text(text, encoding="utf-8")
        stamp = time.time_ns() + number * 10**9  # a save within the same clock tick counts
        os.utime(edited, ns=(stamp, stamp))
        start = time.thread_time()
        config = load_config(config_file=str(config_file), site_dir=site_dir)
        if number == 0:
            config.plugins.on_startup(command="serve", dirty=False)
        build(config, serve_url="http://127.0.0.1:8000/", dirty=False)
        return time.thread_time() - start

    try:
        rebuild(0)
        rebuild(1)  # warm-up: the first rebuild of a session
        for number in range(2, rounds + 2):
            spent.clear()
            spent["rebuild"] = rebuild(number)
            print(json.dumps(spent), flush=True)
    finally:
        shutil.rmtree(site_dir, ignore_errors=True)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--pages", type=int, default=2000)
    parser.add_argument("--rounds", type=int, default=3, help="rounds a run; two runs a side")
    parser.add_argument("--side", nargs=2, metavar=("DOCS", "CONFIG"), help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.side:
        side(Path(args.side[0]), Path(args.side[1]), args.rounds)
        return 0
    work = Path(tempfile.mkdtemp(prefix="relations-serve-phases-"))
    try:
        medians = _sides(work, args.pages, args.rounds)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    ours, alone = medians["with"], medians["without"]
    print(f"{'ms of CPU time, median of ' + str(2 * args.rounds):<40} {'with':>8} {'without':>8} "
          f"{'more':>8}")  # fmt: skip
    for key in sorted(ours.keys() | alone.keys(), key=lambda k: (k != "rebuild", k)):
        a, b = ours.get(key, 0.0) * 1000, alone.get(key, 0.0) * 1000
        print(f"{key:<40} {a:8.1f} {b:8.1f} {a - b:+8.1f}")
    print(f"rebuild with the plugin / without: {ours['rebuild'] / alone['rebuild']:.3f}x")
    return 0


def _sides(work: Path, pages: int, rounds: int) -> dict[str, dict[str, float]]:
    """Each side's medians, by what was timed."""
    wiki = generate.plan(pages, seed=1)
    found: dict[str, list[dict[str, float]]] = {"with": [], "without": []}
    for name, plugins in (("with", "\n  - relations"), ("without", " []")):
        generate.write(wiki, work / f"docs-{name}", seed=1)
        (work / f"mkdocs-{name}.yml").write_text(
            f"site_name: Serve {name}\ndocs_dir: {work / f'docs-{name}'}\ntheme: mkdocs\n"
            f"nav:\n  - index.md\nplugins:{plugins}\n",
            encoding="utf-8",
        )
    # Each side twice, in the order with, without, without, with: a machine that gets busier
    # or quieter during the run weighs on both alike.
    for name in ("with", "without", "without", "with"):
        done = subprocess.run(
            [sys.executable, __file__, "--rounds", str(rounds), "--side",
             str(work / f"docs-{name}"), str(work / f"mkdocs-{name}.yml")],
            capture_output=True, text=True, check=True,
        )  # fmt: skip
        found[name] += [json.loads(line) for line in done.stdout.splitlines()]
    medians: dict[str, dict[str, float]] = {}
    for name, rows in found.items():
        names = {key for row in rows for key in row}
        medians[name] = {k: statistics.median(row.get(k, 0.0) for row in rows) for k in names}
    return medians


if __name__ == "__main__":
    sys.exit(main())

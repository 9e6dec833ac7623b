"""Reviewing a change: ``diff`` of two revisions and fingerprinting, as ratios to ``lint``.

    python benchmarks/review.py            # 1,000 and 10,000 pages, 5 rounds each
    python benchmarks/review.py --quick    # 200 and 1,000 pages, one round

A generated wiki (generate.py) is committed in a git repository in a temporary folder; a
change then edits 1% of its pages (retypes an edge, moves a page to another folder, edits a
body) and is committed too. Each figure is the median over rounds of a ratio of runs made
alternately, in this process:

- lint: ``mkdocs-relations lint --docs-dir docs --no-cache`` in this process (without the
  console script's start-up);
- diff: ``mkdocs-relations diff BASE HEAD --docs-dir docs`` in this process (both revisions
  read from git's objects, sharing what the change left alone; git's renames; the report);
- fingerprints: every page's body read and hashed once, the wiki loaded beforehand (what
  suspect edges add to lint when every page is the target of a confirmed edge);
- rules: four rules of wiki-config.md (from/to conditions, max, requires, covered_by)
  read and checked, the wiki loaded beforehand.

The ratio of 10,000 to 1,000 pages, divided by 10, says whether each grows linearly.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parent))

import generate  # noqa: E402

from mkdocs_relations.cli import main as cli  # noqa: E402
from mkdocs_relations.query.rule_checks import rule_report  # noqa: E402
from mkdocs_relations.wiki.page_set import folder_page_set  # noqa: E402
from mkdocs_relations.wiki.pipeline import Options, load_wiki  # noqa: E402
from mkdocs_relations.wiki.suspect import Fingerprints  # noqa: E402


def git(root: Path, *args: str) -> None:
    subprocess.run(["git", *args], cwd=root, check=True, capture_output=True)


def make(root: Path, n: int) -> tuple[str, str]:
    """A repository with a generated wiki and a change to 1% of it; (base, head) commits."""
    docs = root / "docs"
    generate.write(generate.plan(n, seed=1), docs, seed=1)
    git(root, "init", "-q")
    git(root, "config", "user.email", "bench@example.com")
    git(root, "config", "user.name", "Bench")
    git(root, "add", "-A")
    git(root, "commit", "-qm", "base")
    rng = random.Random(2)
    files = sorted(p for p in docs.rglob("page-*.md"))
    for path in rng.sample(files, max(3, n // 100)):
        text = path.read_text(encoding="utf-8")
        kind = rng.choice(("retype", "move", "body"))
        if kind == "retype" and "type: relates-to" in text:
            path.write_text(text.replace("type: relates-to", "type: depends-on", 1), "utf-8")
        elif kind == "move":
            moved = docs / "moved" / path.relative_to(docs)
            moved.parent.mkdir(parents=True, exist_ok=True)
            path.rename(moved)
        else:
            path.write_text(text + "\nOne more sentence in this change.\n", "utf-8")
    git(root, "add", "-A")
    git(root, "commit", "-qm", "change")
    out = subprocess.run(
        ["git", "rev-list", "-2", "HEAD"], cwd=root, check=True, capture_output=True, text=True
    ).stdout.split()
    return out[1], out[0]


def lint(docs: Path) -> None:
    """``mkdocs-relations lint --docs-dir docs --no-cache`` in this process, output dropped."""
    _command(docs.parent, ["lint", "--docs-dir", "docs", "--no-cache"])


def _command(folder: Path, argv: list[str]) -> None:
    here = os.getcwd()
    os.chdir(folder)
    try:
        with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
            cli(argv)
    finally:
        os.chdir(here)


def diff(root: Path, base: str, head: str) -> None:
    """``mkdocs-relations diff BASE HEAD --docs-dir docs`` in this process, its output
    dropped: both sides as the command reads them (sharing what a change left alone)."""
    _command(root, ["diff", base, head, "--docs-dir", "docs"])


def fingerprints(docs: Path) -> Callable[[], None]:
    """Hashing every page's body once, the wiki loaded beforehand (not timed)."""
    pages = folder_page_set(str(docs))
    wiki = load_wiki(pages.sources, Options(docs_dir=str(docs), not_pages=pages.not_pages))

    def run() -> None:
        prints = Fingerprints(wiki.graph, pages.sources)
        for page_id in wiki.graph.pages:
            prints(page_id)

    return run


RULES = """---
rules:
  - type: relates-to
    max: 5
    from: {not: {folder: area-11}}
  - type: part-of
    to: {folder: area-00}
  - pages: {folder: area-01}
    requires: depends-on
  - pages: {folder: area-02}
    covered_by: relates-to
---
"""


def rules(docs: Path, config: Path) -> Callable[[], None]:
    """Reading and checking RULES, the wiki loaded beforehand (not timed)."""
    config.write_text(RULES, encoding="utf-8")
    pages = folder_page_set(str(docs))
    wiki = load_wiki(pages.sources, Options(docs_dir=str(docs), not_pages=pages.not_pages))

    def run() -> None:
        rule_report(wiki, str(config), "rules.md", 4)

    return run


def timed(run: Callable[[], None]) -> float:
    start = time.perf_counter()
    run()
    return time.perf_counter() - start


def measure(n: int, rounds: int) -> dict[str, float]:
    with tempfile.TemporaryDirectory() as temporary:
        root = Path(temporary)
        base, head = make(root, n)
        docs = root / "docs"
        ratios: dict[str, list[float]] = {"diff": [], "fingerprints": [], "rules": []}
        lint_times = []
        for _ in range(rounds):
            lint_time = timed(lambda: lint(docs))
            lint_times.append(lint_time)
            ratios["diff"].append(timed(lambda: diff(root, base, head)) / lint_time)
            ratios["fingerprints"].append(timed(fingerprints(docs)) / lint_time)
            ratios["rules"].append(timed(rules(docs, root / "rules.md")) / lint_time)
        return {
            "lint seconds": statistics.median(lint_times),
            **{name: statistics.median(values) for name, values in ratios.items()},
        }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--quick", action="store_true", help="200 and 1,000 pages, one round")
    args = parser.parse_args()
    sizes, rounds = ((200, 1000), 1) if args.quick else ((1000, 10000), 5)
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else 0.0
    cores = os.cpu_count() or 1
    results = {n: measure(n, rounds) for n in sizes}
    small, large = sizes
    print(
        f"load average {load:.1f} on {cores} cores"
        + (" (not a quiet machine)" if load > cores / 2 else "")
    )
    print("| pages | lint (s) | diff / lint | fingerprints / lint | rules / lint |")
    print("| ---: | ---: | ---: | ---: | ---: |")
    for n in sizes:
        r = results[n]
        print(
            f"| {n:,} | {r['lint seconds']:.2f} | {r['diff']:.2f} | {r['fingerprints']:.2f} "
            f"| {r['rules']:.2f} |"
        )
    growth = results[large]["lint seconds"] / results[small]["lint seconds"] / (large / small)
    print(f"lint time per page, {large:,} against {small:,}: {growth:.2f} (1.00 is linear)")
    for name in ("diff", "fingerprints", "rules"):
        ratio = results[large][name] / results[small][name] if results[small][name] else 0.0
        print(f"{name} / lint, {large:,} against {small:,}: {ratio:.2f} (1.00 is linear like lint)")


if __name__ == "__main__":
    main()

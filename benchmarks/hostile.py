"""Hostile input's cost as ratios: ``diff`` on a long chain, and "did you mean" on long names.

    python benchmarks/hostile.py            # chains of 1,000 to 8,000 pages; names to 64,000
    python benchmarks/hostile.py --quick    # 250 to 1,000 pages; names to 8,000 letters
    python benchmarks/hostile.py --chain-only 8000   # the chain rows alone, at these sizes

- Chain (issue 43, point 13): a git repository of pages ``p0 -> p1 -> ...`` along
  ``depends-on``, with mkdocs.yml; its head commit adds one edge at the far end, so every
  page's reach changes. Each row runs the commands themselves, side by side in this process
  (imports paid beforehand, the wiki cache off): ``mkdocs-relations diff base HEAD`` and
  ``mkdocs-relations lint``, each's CPU time (this process's and git's) the median over
  rounds. ``diff / lint`` is the ratio of their times, which is their ratio per page; the
  target is at most 1.5 at every size, and no growth with size (the ratio against the
  smallest chain's). The last columns run each command as a process of its own, as CI does
  (Python's start and the imports, about 0.3 s, in both), and ``lint --new-only base`` too:
  the working tree against a revision. It was quadratic (a walk from
  every page that reaches the change: 17 s at 8,000 pages).
- Names: a page links to ``[[q...q]]`` (N letters) that matches no page of a 200-page wiki;
  each row is the time of the "did you mean" search for it, per letter, against the
  shortest name's: flat when the search is linear. It was quadratic in time and memory.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

from mkdocs_relations.cli import main as cli  # noqa: E402
from mkdocs_relations.wiki.page_set import folder_page_set  # noqa: E402
from mkdocs_relations.wiki.pipeline import Options, Wiki, load_wiki  # noqa: E402

EDGE = '  - {{type: depends-on, target: "[[{target}]]"}}\n'
#: The most ``diff`` may cost against ``lint`` (issue 43, point 13).
TARGET = 1.5


def _chain(folder: Path, pages: int, extra: bool) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    for number in range(pages):
        targets = [f"p{number + 1}"] if number + 1 < pages else (["tail"] if extra else [])
        edges = "".join(EDGE.format(target=t) for t in targets)
        text = f"---\nrelationships:\n{edges}---\n" if edges else f"# p{number}\n"
        (folder / f"p{number}.md").write_text(text, encoding="utf-8")
    (folder / "tail.md").write_text("# Tail\n", encoding="utf-8")


def _git(folder: Path, *args: str) -> None:
    subprocess.run(["git", *args], cwd=folder, check=True, capture_output=True)


def _chain_repository(folder: Path, pages: int) -> None:
    """A project whose tag ``base`` is the chain and whose HEAD adds one edge at its end."""
    folder.mkdir()
    _git(folder, "init", "-q")
    _git(folder, "config", "user.email", "bench@example.com")
    _git(folder, "config", "user.name", "bench")
    (folder / "mkdocs.yml").write_text("site_name: Chain\nplugins:\n  - relations\n")
    _chain(folder / "docs", pages, extra=False)
    _git(folder, "add", "-A")
    _git(folder, "commit", "-qm", "base")
    _git(folder, "tag", "base")
    _chain(folder / "docs", pages, extra=True)
    _git(folder, "commit", "-qam", "head")


def _load(folder: Path) -> Wiki:
    found = folder_page_set(str(folder))
    options = Options(docs_dir=str(folder), not_pages=found.not_pages)
    return load_wiki(found.sources, options, found.diagnostics)


def _timed(action: Callable[[], object]) -> float:
    start = time.perf_counter()
    action()
    return time.perf_counter() - start


def _cpu() -> float:
    """CPU seconds of this process and of the children it waited for (git)."""
    own = time.process_time()
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own + children.ru_utime + children.ru_stime


def _command_cpu(folder: Path, argv: list[str]) -> float:
    """CPU seconds of one command run in this process, in ``folder``, its output dropped."""
    here = os.getcwd()
    os.chdir(folder)
    try:
        with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
            start = _cpu()
            cli(argv)
            return _cpu() - start
    finally:
        os.chdir(here)


def _process_cpu(folder: Path, argv: list[str]) -> float:
    """CPU seconds of ``mkdocs-relations ARGV`` as a process of its own (Python's start and
    the imports included, as a user or CI runs it), git's included."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run(
        [sys.executable, "-m", "mkdocs_relations.cli", *argv],
        cwd=folder,
        capture_output=True,
        check=False,
        env={**os.environ, "PYTHONPATH": str(HERE.parent)},
    )
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


#: One chain row: pages, lint's CPU seconds and diff's ratio to it in this process, the
#: same two as processes of their own, and ``lint --new-only base`` (the working tree
#: against a revision, as CI runs it) as a process against lint.
ChainRow = tuple[int, float, float, float, float, float]


def chain_rows(sizes: list[int], rounds: int) -> list[ChainRow]:
    """A :data:`ChainRow` for each chain length, each figure the median over ``rounds``."""
    os.environ["MKDOCS_RELATIONS_CACHE"] = "off"
    diff = ["diff", "base", "HEAD"]
    rows = []
    with tempfile.TemporaryDirectory(prefix="hostile-bench-") as scratch:
        warm = Path(scratch, "warm")
        _chain_repository(warm, 20)
        _command_cpu(warm, diff)  # imports, once
        _command_cpu(warm, ["lint"])
        for size in sizes:
            folder = Path(scratch, f"chain{size}")
            _chain_repository(folder, size)
            lint, ratios, alone, alone_ratios, new_only = [], [], [], [], []
            for _ in range(rounds):
                lint.append(_command_cpu(folder, ["lint"]))
                ratios.append(_command_cpu(folder, diff) / lint[-1])
                alone.append(_process_cpu(folder, ["lint"]))
                alone_ratios.append(_process_cpu(folder, diff) / alone[-1])
                new_only.append(_process_cpu(folder, ["lint", "--new-only", "base"]) / alone[-1])
            rows.append(
                (
                    size,
                    statistics.median(lint),
                    statistics.median(ratios),
                    statistics.median(alone),
                    statistics.median(alone_ratios),
                    statistics.median(new_only),
                )
            )
    return rows


def print_chain(rows: list[ChainRow]) -> None:
    print(
        "| chain pages | lint CPU s | diff / lint | target | against the smallest "
        "| as processes: lint CPU s | diff / lint | target | lint --new-only / lint | target |"
    )
    print("| ---: | ---: | ---: | :--- | ---: | ---: | ---: | :--- | ---: | :--- |")
    for size, lint, ratio, alone, alone_ratio, new_only in rows:
        print(
            f"| {size:,} | {lint:.2f} | {ratio:.2f} | {_verdict(ratio)} "
            f"| {ratio / rows[0][2]:.2f} | {alone:.2f} | {alone_ratio:.2f} "
            f"| {_verdict(alone_ratio)} | {new_only:.2f} | {_verdict(new_only)} |"
        )


def _verdict(ratio: float) -> str:
    return f"<= {TARGET}: {'met' if ratio <= TARGET else 'OVER'}"


def name_rows(lengths: list[int], rounds: int) -> list[tuple[int, float]]:
    """(letters, seconds per letter) of the "did you mean" search for a name that long."""
    rows = []
    with tempfile.TemporaryDirectory() as scratch:
        folder = Path(scratch, "docs")
        folder.mkdir()
        for number in range(200):
            (folder / f"page-{number}.md").write_text(f"# Page {number}\n", encoding="utf-8")
        wiki = _load(folder)
        wiki.resolver.suggest("warm the index up")
        for length in lengths:
            name = "q" * length
            times = [_timed(partial(wiki.resolver.suggest, name)) for _ in range(rounds)]
            rows.append((length, statistics.median(times) / length))
    return rows


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="small sizes, one round")
    parser.add_argument(
        "--chain-only", type=int, nargs="+", metavar="PAGES", help="the chain rows alone"
    )
    args = parser.parse_args()
    if args.chain_only:
        print_chain(chain_rows(args.chain_only, 3))
        return 0
    sizes = [250, 500, 1000] if args.quick else [1000, 2000, 4000, 8000]
    lengths = [1000, 8000] if args.quick else [1000, 4000, 16000, 64000]
    rounds = 1 if args.quick else 3
    print_chain(chain_rows(sizes, rounds))
    names = name_rows(lengths, rounds)
    print()
    print("| name letters | µs per letter | per letter, against the shortest |")
    print("| ---: | ---: | ---: |")
    for length, per_letter in names:
        print(f"| {length:,} | {per_letter * 1e6:.3f} | {per_letter / names[0][1]:.2f} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())

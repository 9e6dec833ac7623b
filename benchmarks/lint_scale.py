"""Whether ``mkdocs-relations lint`` costs the same per page at every size (issue 45).

    python benchmarks/lint_scale.py                     # 10,000, 30,000 and 100,000 pages
    python benchmarks/lint_scale.py --sizes 10000 30000 --rounds 3 --work /dev/shm/lint
    python benchmarks/lint_scale.py --path             # and `path` after a lint (the cache)

Each size is a wiki of issue 45's shape (``large_wiki.py``), written once under ``--work``
and reused. Each round runs the console script in a child process and reads the child's
CPU time (user + system, from ``getrusage(RUSAGE_CHILDREN)``), its page faults and its peak
memory; the machine is shared, so wall time is not used and the least CPU of the rounds is
kept. Printed: CPU per page at each size, and each size's ratio to the smallest (the issue
asks for at most 1.2x); the lint runs with the cache off, and ``--path`` times a lint that
leaves it, ``path`` after it, and ``path`` reading the wiki afresh. The cache goes to
XDG_CACHE_HOME (set it to keep the benchmark's out of ~/.cache).
"""

from __future__ import annotations

import argparse
import os
import resource
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import large_wiki  # noqa: E402


@dataclass
class Run:
    user: float
    system: float
    faults: int
    peak_mib: float

    @property
    def cpu(self) -> float:
        return self.user + self.system


def measured(command: list[str], env: dict[str, str]) -> Run:
    """One child's CPU time, minor page faults and peak memory."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run(command, stdout=subprocess.DEVNULL, env=env, check=False)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return Run(
        after.ru_utime - before.ru_utime,
        after.ru_stime - before.ru_stime,
        after.ru_minflt - before.ru_minflt,
        after.ru_maxrss / 1024,  # the largest child so far: sizes run smallest first
    )


def wiki(work: Path, size: int) -> Path:
    docs = work / f"wiki-{size}"
    if not (docs / "index.md").exists():
        print(f"writing {size:,} pages to {docs}", file=sys.stderr)
        large_wiki.write(docs, size)
    return docs


def least(runs: list[Run]) -> Run:
    return min(runs, key=lambda run: run.cpu)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[10_000, 30_000, 100_000])
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--work", type=Path, default=Path("/dev/shm/relations-scale"))
    parser.add_argument(
        "--path", action="store_true", help="also time `path` between two pages after the lint"
    )
    args = parser.parse_args()
    script = [sys.executable, "-m", "mkdocs_relations.cli"]
    # The lint itself: the cache it leaves for `path` is timed apart (--path).
    env = dict(os.environ, MKDOCS_RELATIONS_CACHE="off")
    cached = dict(os.environ, MKDOCS_RELATIONS_CACHE="on")
    base: float | None = None
    print(f"{'pages':>8} {'CPU s':>7} {'sys s':>6} {'µs/page':>8} {'ratio':>6} {'faults/page':>11}")
    for size in args.sizes:
        docs = wiki(args.work, size)
        lint = [*script, "lint", "--docs-dir", str(docs), "--format", "json"]
        subprocess.run(lint, stdout=subprocess.DEVNULL, env=env, check=False)  # warm
        best = least([measured(lint, env) for _ in range(args.rounds)])
        per_page = best.cpu / size * 1e6
        base = base or per_page
        print(
            f"{size:>8,} {best.cpu:>7.2f} {best.system:>6.2f} {per_page:>8.0f} "
            f"{per_page / base:>5.2f}x {best.faults / size:>11.1f}"
        )
        if args.path:
            far = large_wiki.page_id(size - 1)
            path = [*script, "path", "page-000001", far, "--docs-dir", str(docs)]
            leaving = measured(lint, cached)
            answer = least([measured(path, cached) for _ in range(args.rounds)])
            fresh = measured(path, env)
            print(
                f"{'':>8} lint leaving the cache {leaving.cpu:.2f} s; path after it "
                f"{answer.cpu:.2f} s CPU, without the cache {fresh.cpu:.2f} s"
            )


if __name__ == "__main__":
    main()

"""What `mkdocs-relations inject` costs beside `zensical build`, on the benchmark wiki.

    python benchmarks/zensical.py [--pages 2000] [--rounds 3] [--zensical PATH]

Builds the seeded benchmark wiki (benchmarks/generate.py) with Zensical, then times
`zensical build` and `mkdocs-relations inject` alternately on fresh copies of that build,
and reports the median of the per-round ratios (timings on a shared machine drift, so only
ratios of runs made side by side are reported). The table between the markers in
docs/benchmarks.md is rewritten.
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parent
sys.path.insert(0, str(HERE))

import generate  # noqa: E402

DOCS_PAGE = REPO / "docs" / "benchmarks.md"
START = "<!-- zensical:start -->"
END = "<!-- zensical:end -->"
CONFIG = (
    "site_name: Benchmark\ntheme:\n  name: material\nnav:\n  - index.md\nplugins:\n  - relations\n"
)


def _timed(command: list[str], cwd: Path) -> float:
    start = time.perf_counter()
    result = subprocess.run(command, cwd=cwd, capture_output=True, text=True, check=False)
    elapsed = time.perf_counter() - start
    if result.returncode != 0:
        raise RuntimeError(f"{' '.join(command)} failed:\n{result.stderr[-2000:]}")
    return elapsed


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--pages", type=int, default=2000)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--zensical", default=shutil.which("zensical") or "zensical")
    parser.add_argument("--out", type=Path, default=DOCS_PAGE)
    args = parser.parse_args(argv)
    inject = [str(Path(sys.executable).with_name("mkdocs-relations")), "inject"]
    with tempfile.TemporaryDirectory() as folder:
        work = Path(folder)
        wiki = generate.plan(args.pages, seed=1)
        generate.write(wiki, work / "docs", seed=1)
        (work / "mkdocs.yml").write_text(CONFIG, encoding="utf-8")
        _timed([args.zensical, "build"], work)  # warm caches; Zensical also keeps its own
        pairs = []
        for _ in range(args.rounds):
            shutil.rmtree(work / "site", ignore_errors=True)
            build = _timed([args.zensical, "build"], work)
            added = _timed(inject, work)
            pairs.append((build, added))
        pages = sum(1 for _ in (work / "site").rglob("index.html"))
    ratio = statistics.median(added / build for build, added in pairs)
    build_s = statistics.median(b for b, _ in pairs)
    inject_s = statistics.median(a for _, a in pairs)
    version = subprocess.run(
        [args.zensical, "--version"], capture_output=True, text=True, check=False
    ).stdout.strip()
    table = "\n".join(
        [
            START,
            "| measure | value |",
            "|---|---|",
            f"| wiki | {args.pages} pages, {wiki.edge_count} typed edges, {pages} built pages |",
            f"| `zensical build` (Zensical {version}), median of {args.rounds} | {build_s:.2f} s |",
            f"| `mkdocs-relations inject` after it, median | {inject_s:.2f} s |",
            f"| inject ÷ build, median of per-round ratios | {ratio:.2f}× |",
            f"| inject per page | {inject_s / args.pages * 1000:.2f} ms |",
            END,
        ]
    )
    text = args.out.read_text(encoding="utf-8")
    if START in text:
        before, rest = text.split(START, 1)
        text = before + table + rest.split(END, 1)[1]
    else:
        text = text.rstrip("\n") + "\n\n" + table + "\n"
    args.out.write_text(text, encoding="utf-8")
    print(table)
    return 0


if __name__ == "__main__":
    os.environ.setdefault("NO_MKDOCS_2_WARNING", "1")
    raise SystemExit(main())

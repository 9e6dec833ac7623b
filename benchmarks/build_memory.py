"""A build's peak memory and site size with the plugin against MkDocs alone, on a wiki of
issue 45's shape.

    python benchmarks/build_memory.py --pages 10000 --work /dev/shm/relations-scale
    python benchmarks/build_memory.py --pages 10000 --top 15   # and where the plugin's goes
    python benchmarks/build_memory.py --pages 10000 --before /tmp/old   # and an older checkout

Theme ``mkdocs``, navigation cut to the home page, no search, on either side. Each build runs
in its own child process, which reports its own peak resident memory (``ru_maxrss``) and CPU
time. With ``--top``, a third build of the plugin runs under tracemalloc and prints the
lines holding most of the memory at the plugin's last hook (``on_post_build``), grouped by
file and line.

With ``--before``, a third build runs the plugin from another checkout of the project (its
folder first on ``PYTHONPATH``), so a change's figures come before and after from one run.

The sites are then compared as issue 45 measures them: the plugin's addition to a page
(its bytes with the plugin less its bytes without, every page both sites have; the median),
and the whole site's bytes with the plugin over those without (assets and graph files
included).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import large_wiki  # noqa: E402

CHILD = r"""
import json, resource, sys, tracemalloc
top = int(sys.argv[2])
if top:
    tracemalloc.start(1)
from mkdocs.commands.build import build
from mkdocs.config import load_config
config = load_config(sys.argv[1])
snapshot = []
if top:
    def keep(**kwargs):
        stats = tracemalloc.take_snapshot().statistics("lineno")
        snapshot.extend(
            (str(s.traceback[0]), s.size, s.count) for s in stats[:top]
        )
    events = getattr(config.plugins, "events", {}).get("post_build")
    if events is not None:
        events.insert(0, keep)
build(config)
usage = resource.getrusage(resource.RUSAGE_SELF)
print(json.dumps({
    "peak_mib": usage.ru_maxrss / 1024,
    "cpu": usage.ru_utime + usage.ru_stime,
    "top": snapshot,
}))
"""


def config(work: Path, docs: Path, plugin: bool, name: str = "") -> Path:
    name = name or ("with" if plugin else "without")
    lines = [
        f"site_name: {name}",
        f"docs_dir: {docs}",
        f"site_dir: {work / ('site-' + name)}",
        "theme: mkdocs",
        "nav:",
        "  - index.md",
        "plugins:" if plugin else "plugins: []",
    ]
    if plugin:
        lines.append("  - relations")
    path = work / f"mkdocs-{name}.yml"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def run(path: Path, top: int = 0, code: Path | None = None) -> Any:
    env = dict(os.environ)
    if code is not None:
        env["PYTHONPATH"] = os.pathsep.join([str(code), env.get("PYTHONPATH", "")])
    result = subprocess.run(
        [sys.executable, "-c", CHILD, str(path), str(top)],
        capture_output=True, text=True, check=False, env=env,
        cwd=path.parent,  # not the project's folder: `-c` puts the current folder first
    )  # fmt: skip
    if result.returncode != 0:
        raise SystemExit(result.stderr[-2000:])
    return json.loads(result.stdout.strip().splitlines()[-1])


def site_sizes(without: Path, with_plugin: Path) -> tuple[float, float]:
    """(the median page's addition in bytes, the site's size with the plugin over without)."""
    added = []
    for page in without.rglob("*.html"):
        other = with_plugin / page.relative_to(without)
        if other.exists():
            added.append(other.stat().st_size - page.stat().st_size)
    total = [
        sum(f.stat().st_size for f in site.rglob("*") if f.is_file())
        for site in (without, with_plugin)
    ]
    return statistics.median(added), total[1] / total[0]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--pages", type=int, default=10_000)
    parser.add_argument("--work", type=Path, default=Path("/dev/shm/relations-scale"))
    parser.add_argument("--top", type=int, default=0, help="print the N largest lines")
    parser.add_argument("--before", type=Path, help="a checkout whose plugin to build too")
    args = parser.parse_args()
    docs = args.work / f"wiki-{args.pages}"
    if not (docs / "index.md").exists():
        large_wiki.write(docs, args.pages)
    alone = run(config(args.work, docs, plugin=False))
    sides = [("with the plugin", "with", None)]
    if args.before is not None:
        sides.insert(0, (f"before ({args.before})", "before", args.before))
    print(f"{args.pages:,} pages, peak memory (CPU time):")
    print(f"  MkDocs alone     {alone['peak_mib']:6.0f} MiB ({alone['cpu']:.1f} s)")
    for label, name, code in sides:
        ours = run(config(args.work, docs, plugin=True, name=name), code=code)
        ratio = ours["peak_mib"] / alone["peak_mib"]
        median, site = site_sizes(args.work / "site-without", args.work / f"site-{name}")
        print(f"  {label}: {ours['peak_mib']:.0f} MiB ({ours['cpu']:.1f} s)")
        print(f"    peak memory {ratio:.2f}x MkDocs alone (issue 45: at most 1.5x)")
        print(f"    median addition to a page {median:,.0f} B (issue 45: at most 5 KB)")
        print(f"    site {site:.2f}x the site without the plugin (issue 45: at most 1.6x)")
    if args.top:
        traced = run(config(args.work, docs, plugin=True), args.top)
        for where, size, count in traced["top"]:
            print(f"{size / 2**20:8.1f} MiB {count:>9,}  {where}")


if __name__ == "__main__":
    main()

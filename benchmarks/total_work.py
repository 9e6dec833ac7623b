"""The plugin's total work on the 2,000-page benchmark wiki: MkDocs with and without it.

    python benchmarks/total_work.py                 # both navigations, counted and timed
    python benchmarks/total_work.py --nav short     # the navigation cut to the home page only
    python benchmarks/total_work.py --no-count      # timed CPU alone (no Valgrind), minutes
    python benchmarks/total_work.py --write         # and the table in docs/benchmarks.md
    python benchmarks/total_work.py --nav short --write   # the other rows kept from the page

Four builds of the wiki ``run.py`` builds (``generate.py``, seed 1; theme mkdocs): without
and with the plugin, with the navigation cut to the home page and with MkDocs' default
navigation. Each is counted once by cachegrind over every process it starts
(``instructions.py``), one build at a time, and timed: CPU seconds (user + system of the
build and its children, from ``getrusage(RUSAGE_CHILDREN)``), the two builds of a pair run
alternately, the median of the rounds. Counts are the figure a target is judged on; CPU time
on a shared machine moves by a tenth and is reported beside them.
"""

from __future__ import annotations

import argparse
import os
import re
import resource
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import generate  # noqa: E402
import instructions  # noqa: E402
import run  # noqa: E402

#: Targets on the counted ratio, by navigation (issue 42).
TARGETS = {"short": 1.12, "full": 1.03}
NAVIGATION = {"short": "navigation cut to the home page", "full": "MkDocs' default navigation"}
START, END = "<!-- total:start -->", "<!-- total:end -->"


def cpu_seconds(config: Path, site: Path) -> float:
    """User + system CPU time of one ``mkdocs build`` and every process it starts."""
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1"}
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    result = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "-q", "-f", str(config), "-d", str(site)],
        capture_output=True, text=True, env=env, check=False,
    )  # fmt: skip
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if result.returncode != 0:
        raise RuntimeError(f"{config.name} failed:\n{result.stderr[-2000:]}")
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def measure(work: Path, pages: int, navs: list[str], rounds: int, counted: set[str]) -> list[str]:
    docs = work / "docs"
    generate.write(generate.plan(pages, seed=1), docs, seed=1)
    run.compiled_package()
    lines = [
        "| build | instructions | ratio | target | CPU s (median) | CPU ratio |",
        "|---|---:|---:|---:|---:|---:|",
    ]
    for nav in navs:
        short = nav == "short"
        base = run._mkdocs_yml(work, "base", "mkdocs", [], short)
        ours = run._mkdocs_yml(work, "ours", "mkdocs", [run.ALONE], short)
        cpu_seconds(base, work / "site")  # the file cache and the imports warm
        pairs = []
        for number in range(rounds):
            first, second = (base, ours) if number % 2 == 0 else (ours, base)
            a, b = cpu_seconds(first, work / "site"), cpu_seconds(second, work / "site")
            pairs.append((a, b) if first is base else (b, a))
            print(f"  {nav}, round {number + 1}: {pairs[-1][0]:.2f} s / {pairs[-1][1]:.2f} s",
                  file=sys.stderr, flush=True)  # fmt: skip
        bare_cpu = statistics.median(a for a, _ in pairs)
        ours_cpu = statistics.median(b for _, b in pairs)
        cpu_ratio = run.median_ratio(pairs)
        pair = {"base": base, "ours": ours}
        found = instructions.counts(pair, work, slots=1) if nav in counted else {}
        for name, cpu in (("base", bare_cpu), ("ours", ours_cpu)):
            label = f"{'MkDocs alone' if name == 'base' else 'with the plugin'}, {NAVIGATION[nav]}"
            total = f"{found[name] / 1e9:.2f} G" if found else "—"
            if name == "base":
                lines.append(f"| {label} | {total} | | | {cpu:.2f} | |")
                continue
            ratio = found["ours"] / found["base"] if found else None
            shown = f"{ratio:.3f}×" if ratio else "—"
            verdict = ("met" if ratio <= TARGETS[nav] else "missed") if ratio else ""
            lines.append(
                f"| {label} | {total} | {shown} | ≤ {TARGETS[nav]:.2f}× {verdict} "
                f"| {cpu:.2f} | {cpu_ratio:.3f}× |"
            )
        print("\n".join(lines[-2:]), flush=True)
    return lines


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--pages", type=int, default=2000)
    parser.add_argument("--nav", choices=("short", "full"), action="append")
    parser.add_argument("--rounds", type=int, default=3, help="timed pairs a navigation")
    parser.add_argument("--no-count", action="store_true", help="timed CPU only")
    # A default-navigation build takes 14 times the CPU of a cut one: hours under cachegrind.
    parser.add_argument("--skip-count", choices=("short", "full"), action="append", default=[])
    parser.add_argument("--write", action="store_true", help="rewrite docs/benchmarks.md's table")
    parser.add_argument("--out", type=Path, default=run.DOCS_PAGE, help="the page --write rewrites")
    args = parser.parse_args(argv)
    navs = args.nav or ["short", "full"]
    counted = set() if args.no_count or not instructions.available() else set(navs)
    work = Path(os.environ.get("TMPDIR", "/tmp")) / f"relations-total-{os.getpid()}"
    work.mkdir(parents=True)
    try:
        lines = measure(work, args.pages, navs, args.rounds, counted - set(args.skip_count))
    finally:
        shutil.rmtree(work, ignore_errors=True)
    print("\n".join(lines))
    if args.write:
        text = args.out.read_text(encoding="utf-8")
        measured = f"Measured {time.strftime('%Y-%m-%d')} on {run.machine()}."
        lines, kept = with_rows_kept(lines, text, navs)
        table = "\n".join([START, "", measured + kept, "", *lines, "", END])
        args.out.write_text(run._replace(text, table, START, END), encoding="utf-8")
    return 0


def with_rows_kept(lines: list[str], page: str, navs: list[str]) -> tuple[list[str], str]:
    """This run's table with the page's rows of each navigation the run did not build (a
    default-navigation count takes hours), in the table's order; and the sentence that says
    which run those come from ("" when none was kept)."""
    if START not in page or END not in page:
        return lines, ""
    old = page[page.index(START) : page.index(END)]
    old_rows = [row for row in old.splitlines() if row.startswith("| ")]
    # Rows the page itself kept are from the run it names, not from its own date.
    dated = re.search(r"kept from the run of (\d{4}-\d{2}-\d{2})", old) or re.search(
        r"Measured (\d{4}-\d{2}-\d{2})", old
    )
    found, kept = lines[:2], []
    for nav in NAVIGATION:
        label = f", {NAVIGATION[nav]}"
        rows = lines[2:] if nav in navs else old_rows
        chosen = [row for row in rows if row.split(" | ")[0].endswith(label)]
        found += chosen
        if nav not in navs and chosen:
            kept.append(NAVIGATION[nav])
    if not kept:
        return lines, ""
    when = f"the run of {dated.group(1)}" if dated else "an earlier run"
    return found, f" The rows with {' and '.join(kept)} are kept from {when}."


if __name__ == "__main__":
    sys.exit(main())

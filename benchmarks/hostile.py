"""Hostile input's cost as ratios: ``diff`` on a long chain, and "did you mean" on long names.

    python benchmarks/hostile.py            # chains of 1,000 to 8,000 pages; names to 64,000
    python benchmarks/hostile.py --quick    # 250 to 1,000 pages; names to 8,000 letters

- Chain: pages ``p0 -> p1 -> ... `` along ``depends-on``; the head adds one edge at the far
  end, so every page's reach changes. Each row is the median over rounds of ``diff_wikis``
  (both wikis loaded beforehand) divided by ``load_wiki`` of the head (what lint does), and
  that ratio per page against the smallest chain's: flat (within 1.5) when the diff is
  linear. It was quadratic (a walk from every page that reaches the change).
- Names: a page links to ``[[q...q]]`` (N letters) that matches no page of a 200-page wiki;
  each row is the time of the "did you mean" search for it, per letter, against the
  shortest name's: flat when the search is linear. It was quadratic in time and memory.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

from mkdocs_relations.wiki.diff import diff_wikis  # noqa: E402
from mkdocs_relations.wiki.page_set import folder_page_set  # noqa: E402
from mkdocs_relations.wiki.pipeline import Options, Wiki, load_wiki  # noqa: E402

EDGE = '  - {{type: depends-on, target: "[[{target}]]"}}\n'


def _chain(folder: Path, pages: int, extra: bool) -> None:
    folder.mkdir(parents=True)
    for number in range(pages):
        targets = [f"p{number + 1}"] if number + 1 < pages else (["tail"] if extra else [])
        edges = "".join(EDGE.format(target=t) for t in targets)
        text = f"---\nrelationships:\n{edges}---\n" if edges else f"# p{number}\n"
        (folder / f"p{number}.md").write_text(text, encoding="utf-8")
    (folder / "tail.md").write_text("# Tail\n", encoding="utf-8")


def _load(folder: Path) -> Wiki:
    found = folder_page_set(str(folder))
    options = Options(docs_dir=str(folder), not_pages=found.not_pages)
    return load_wiki(found.sources, options, found.diagnostics)


def _timed(action: Callable[[], object]) -> float:
    start = time.perf_counter()
    action()
    return time.perf_counter() - start


def chain_rows(sizes: list[int], rounds: int) -> list[tuple[int, float]]:
    """(pages, diff time / lint time) for each chain length."""
    rows = []
    with tempfile.TemporaryDirectory() as scratch:
        for size in sizes:
            base_folder, head_folder = Path(scratch, f"b{size}"), Path(scratch, f"h{size}")
            _chain(base_folder, size, extra=False)
            _chain(head_folder, size, extra=True)
            base, head = _load(base_folder), _load(head_folder)
            ratios = []
            for _ in range(rounds):
                lint = _timed(partial(_load, head_folder))
                diff = _timed(partial(diff_wikis, base, head, {}))
                ratios.append(diff / lint)
            rows.append((size, statistics.median(ratios)))
    return rows


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
    args = parser.parse_args()
    sizes = [250, 500, 1000] if args.quick else [1000, 2000, 4000, 8000]
    lengths = [1000, 8000] if args.quick else [1000, 4000, 16000, 64000]
    rounds = 1 if args.quick else 5
    chain = chain_rows(sizes, rounds)
    print("| chain pages | diff / lint | per page, against the smallest |")
    print("| ---: | ---: | ---: |")
    for size, ratio in chain:
        print(f"| {size:,} | {ratio:.2f} | {ratio / chain[0][1]:.2f} |")
    names = name_rows(lengths, rounds)
    print()
    print("| name letters | µs per letter | per letter, against the shortest |")
    print("| ---: | ---: | ---: |")
    for length, per_letter in names:
        print(f"| {length:,} | {per_letter * 1e6:.3f} | {per_letter / names[0][1]:.2f} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())

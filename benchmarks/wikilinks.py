"""What ``wikilinks: true`` costs: body links written as ``[[wikilinks]]`` or as Markdown links.

    python benchmarks/wikilinks.py [--pages 2000] [--links 10] [--rounds 3] [--convert-only]

Writes the seeded benchmark wiki (benchmarks/generate.py) twice, each page with ``--links``
more links to other pages in its text: once as wikilinks (``[[name]]``, ``[[name|text]]``,
``[[name#Overview]]``, built with ``wikilinks: true``), once as the Markdown links they
render as (``[text](../area/name.md#overview)``, built without the option). The two are
built alternately with ``mkdocs build``; the figure is the median of the per-round ratios
(timings on a shared machine drift). ``--convert-only`` times only the Markdown conversion of
every page, in this process, by CPU time: the part the option changes, and a figure a busy
machine disturbs less. The table between the markers in docs/benchmarks.md is rewritten.
"""

from __future__ import annotations

import argparse
import os
import posixpath
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(REPO))

import generate  # noqa: E402

DOCS_PAGE = REPO / "docs" / "benchmarks.md"
START = "<!-- wikilinks:start -->"
END = "<!-- wikilinks:end -->"


def _config(wikilinks: bool) -> str:
    option = "\n      wikilinks: true" if wikilinks else ""
    return (
        "site_name: Benchmark\ntheme:\n  name: material\nnav:\n  - index.md\n"
        f"plugins:\n  - relations:{option or ' {}'}\n"
    )


def _links(
    wiki: generate.Wiki, page: generate.Page, rng: random.Random, count: int
) -> list[tuple[str, str]]:
    """(wikilink, Markdown link) pairs to ``count`` other pages, in a sentence each."""
    out = []
    folder = posixpath.dirname(page.path)
    for _ in range(count):
        other = rng.choice(wiki.pages)
        name = posixpath.splitext(posixpath.basename(other.path))[0]
        rel = posixpath.relpath(other.path, folder or ".")
        form = rng.random()
        if form < 0.6:
            pair = (f"[[{name}]]", f"[{name}]({rel})")
        elif form < 0.8:
            pair = (f"[[{name}|{other.title}]]", f"[{other.title}]({rel})")
        else:
            pair = (f"[[{name}#Overview]]", f"[{name} > Overview]({rel}#overview)")
        out.append(pair)
    return out


def write(root: Path, pages: int, links: int) -> dict[str, Path]:
    wiki = generate.plan(pages, seed=1)
    sites = {}
    for variant in ("wikilinks", "markdown"):
        docs = root / variant / "docs"
        generate.write(wiki, docs, seed=1)
        (root / variant / "mkdocs.yml").write_text(
            _config(variant == "wikilinks"), encoding="utf-8"
        )
        sites[variant] = root / variant
    rng = random.Random(7)
    for page in wiki.pages:
        pairs = _links(wiki, page, rng, links)
        for index, variant in enumerate(("wikilinks", "markdown")):
            text = " ".join(f"See {pair[index]} for more." for pair in pairs)
            with open(sites[variant] / "docs" / page.path, "a", encoding="utf-8") as stream:
                stream.write(f"\n## See also\n\n{text}\n")
    return sites


def _timed(cwd: Path) -> float:
    start = time.perf_counter()
    result = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "-q"],
        cwd=cwd,
        capture_output=True,
        text=True,
        check=False,
    )
    elapsed = time.perf_counter() - start
    if result.returncode != 0:
        raise RuntimeError(f"mkdocs build failed in {cwd}:\n{result.stderr[-2000:]}")
    return elapsed


def convert_ratio(sites: dict[str, Path], rounds: int) -> tuple[float, float, float]:
    """(wikilinks ÷ Markdown links, seconds of each) for converting every page, CPU time."""
    from markdown import Markdown

    from mkdocs_relations.wiki.body_links import load_links
    from mkdocs_relations.wikilinks import WikilinksExtension

    docs = {variant: site / "docs" for variant, site in sites.items()}
    files = sorted(
        p.relative_to(docs["wikilinks"]).as_posix() for p in docs["wikilinks"].rglob("*.md")
    )
    texts = {
        variant: [_without_frontmatter((folder / f).read_text(encoding="utf-8")) for f in files]
        for variant, folder in docs.items()
    }
    extension = WikilinksExtension()
    extension.links = load_links(str(docs["wikilinks"]))
    extension.reports = False
    with_links = Markdown(extensions=["toc", "tables", "fenced_code", extension])
    plain = Markdown(extensions=["toc", "tables", "fenced_code"])
    pairs = []
    for _ in range(rounds):
        start = time.process_time()
        for file, text in zip(files, texts["wikilinks"], strict=True):
            extension.page_file = file
            with_links.reset().convert(text)
        middle = time.process_time()
        for text in texts["markdown"]:
            plain.reset().convert(text)
        pairs.append((middle - start, time.process_time() - middle))
    ratio = statistics.median(w / m for w, m in pairs)
    return ratio, statistics.median(w for w, _ in pairs), statistics.median(m for _, m in pairs)


def _without_frontmatter(text: str) -> str:
    if text.startswith("---\n"):
        end = text.find("\n---\n", 4)
        if end >= 0:
            return text[end + 5 :]
    return text


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n")[0])
    parser.add_argument("--pages", type=int, default=2000)
    parser.add_argument("--links", type=int, default=10)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--out", type=Path, default=DOCS_PAGE)
    parser.add_argument("--convert-only", action="store_true")
    args = parser.parse_args(argv)
    rows = [f"| wiki | {args.pages} pages, {args.links} body links a page |"]
    with tempfile.TemporaryDirectory() as folder:
        sites = write(Path(folder), args.pages, args.links)
        convert, convert_w, convert_m = convert_ratio(sites, max(args.rounds, 5))
        rows += [
            f"| Markdown conversion of every page, CPU time: Markdown links | {convert_m:.2f} s |",
            f"| the same, wikilinks (the extension) | {convert_w:.2f} s |",
            f"| conversion, wikilinks ÷ Markdown links, median of rounds | {convert:.3f}× |",
        ]
        if not args.convert_only:
            for site in sites.values():
                _timed(site)  # warm the file cache and Python's bytecode
            pairs = []
            for _ in range(args.rounds):
                wikilinks = _timed(sites["wikilinks"])
                markdown = _timed(sites["markdown"])
                pairs.append((wikilinks, markdown))
            built = sites["wikilinks"] / "site"
            rendered = sum(
                path.read_text(encoding="utf-8").count('class="relations-wikilink"')
                for path in built.rglob("index.html")
            )
            ratio = statistics.median(w / m for w, m in pairs)
            rows += [
                f"| rendered wikilinks in the built site | {rendered} |",
                f"| `mkdocs build`, Markdown links, median of {args.rounds} | "
                f"{statistics.median(m for _, m in pairs):.2f} s |",
                f"| `mkdocs build`, wikilinks (`wikilinks: true`), median | "
                f"{statistics.median(w for w, _ in pairs):.2f} s |",
                f"| build, wikilinks ÷ Markdown links, median of per-round ratios | {ratio:.3f}× |",
            ]
    table = "\n".join([START, "| measure | value |", "|---|---|", *rows, END])
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

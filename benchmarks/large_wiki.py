"""A wiki of issue 45's shape, for the scaling benchmarks (``lint_scale.py``, ``memory.py``).

    python benchmarks/large_wiki.py /dev/shm/wiki-10k -n 10000

3 to 6 typed edges a page, mostly (four in five) to pages of the same folder of 100, eight
hubs that receive one edge in ten (thousands each past 10,000 pages), and 300 redlinks
declared in ``wiki-config.md``, each the target of a few edges. Acyclic types point only to
earlier pages (the hubs are the first eight), so the wiki lints clean. Bodies are a few
paragraphs, so that MkDocs has text to render as in a real wiki.
"""

from __future__ import annotations

import argparse
import random
from pathlib import Path

TYPES = ("depends-on", "part-of", "relates-to", "supersedes", "caused-by", "used-by")
ACYCLIC = {"depends-on", "part-of", "supersedes"}
FOLDER = 100
HUBS = 8
REDLINKS = 300
WORDS = [
    "ledger",
    "payment",
    "service",
    "order",
    "invoice",
    "stock",
    "carrier",
    "route",
    "account",
    "audit",
    "policy",
    "team",
]


def folder_of(number: int) -> str:
    block = number // FOLDER
    return f"area-{block % 20:02d}/part-{block // 20:04d}"


def page_id(number: int) -> str:
    return f"{folder_of(number)}/page-{number:06d}"


def _edges(rng: random.Random, number: int, n: int) -> list[tuple[str, str]]:
    """(type, target as written) for one page: 3 to 6, no repeated (type, target)."""
    edges: dict[tuple[str, str], None] = {}
    start = number - number % FOLDER
    for _ in range(rng.randint(3, 6)):
        kind = rng.choice(TYPES)
        roll = rng.random()
        if roll < 0.004 and n >= 1000:
            target = f"[[planned-{rng.randrange(REDLINKS):03d}]]"
        elif roll < 0.1 and number >= HUBS:
            target = f"[[page-{rng.randrange(HUBS):06d}]]"
        else:
            if kind in ACYCLIC:
                if number == 0:
                    continue
                low = start if number > start and roll < 0.8 else 0
                other = rng.randrange(low, number)
            elif roll < 0.8:
                other = rng.randrange(start, min(start + FOLDER, n))
            else:
                other = rng.randrange(n)
            if other == number:
                continue
            target = f"[[page-{other:06d}]]" if roll < 0.5 else page_id(other)
        edges[kind, target] = None
    return list(edges)


def write(docs: Path, n: int, seed: int = 45, bodies: bool = True) -> int:
    """Write ``n`` pages, ``index.md`` and ``wiki-config.md`` under ``docs``; the edge count."""
    rng = random.Random(seed)
    count = 0
    for block in range(0, n, FOLDER):
        (docs / folder_of(block)).mkdir(parents=True, exist_ok=True)
    for number in range(n):
        words = rng.sample(WORDS, 3)
        title = f"{' '.join(words).capitalize()} {number}"
        lines = ["---", f"title: {title}"]
        edges = _edges(rng, number, n)
        if edges:
            lines.append("relationships:")
        for kind, target in edges:
            quoted = f'"{target}"' if target.startswith("[[") else target
            lines += [f"  - type: {kind}", f"    target: {quoted}"]
        count += len(edges)
        lines += ["---", f"# {title}", ""]
        if bodies:
            for _ in range(3):
                sentence = " ".join(rng.choice(WORDS) for _ in range(rng.randint(12, 30)))
                lines += [sentence.capitalize() + ".", ""]
        (docs / f"{page_id(number)}.md").write_text("\n".join(lines), encoding="utf-8")
    config = ["---", "redlinks:"]
    for number in range(REDLINKS):
        config += [f'  - target: "[[planned-{number:03d}]]"', "    reason: not written yet"]
    config += ["---", "# Wiki configuration", ""]
    (docs / "wiki-config.md").write_text("\n".join(config), encoding="utf-8")
    (docs / "index.md").write_text(f"# A wiki of {n} pages\n", encoding="utf-8")
    return count


def main() -> None:
    parser = argparse.ArgumentParser(description="Write a wiki of issue 45's shape.")
    parser.add_argument("docs", type=Path)
    parser.add_argument("-n", type=int, default=10_000)
    parser.add_argument("--seed", type=int, default=45)
    args = parser.parse_args()
    edges = write(args.docs, args.n, args.seed)
    print(f"{args.n} pages, {edges} edges in {args.docs}")


if __name__ == "__main__":
    main()

"""A seeded generator of synthetic wikis for the benchmarks.

N pages in nested folders; heavy-tailed edge counts (a few hubs, many leaves) drawn by
preferential attachment; every target form and every canonical type; some deliberate
redlinks; bodies with headings, paragraphs, lists and code. Every typed edge is also
written as an ordinary Markdown link in the page body, so plugins that work from body links
are measured on the same graph.

Acyclic types only point from a page to an earlier page, so the wiki lints clean.
"""

from __future__ import annotations

import argparse
import bisect
import itertools
import os
import random
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

CANONICAL = ("depends-on", "part-of", "relates-to", "supersedes", "caused-by", "used-by")
ACYCLIC = {"depends-on", "part-of", "supersedes"}
WORDS = [
    "ledger",
    "payment",
    "service",
    "checkout",
    "order",
    "invoice",
    "stock",
    "warehouse",
    "carrier",
    "route",
    "customer",
    "account",
    "balance",
    "report",
    "audit",
    "policy",
    "control",
    "process",
    "team",
    "owner",
    "release",
    "version",
    "schema",
    "event",
    "queue",
    "cache",
    "index",
    "search",
    "token",
    "session",
    "request",
    "response",
    "latency",
    "budget",
    "forecast",
    "supplier",
    "contract",
    "region",
    "market",
    "channel",
    "partner",
    "review",
    "decision",
    "risk",
    "metric",
    "target",
]


@dataclass
class Page:
    number: int
    path: str  # docs-relative, with .md
    slug: str
    title: str
    frontmatter_id: str | None
    aliases: list[str]
    edges: list[tuple[str, int | None, str, str | None]] = field(default_factory=list)
    # (type, target page number or None for a redlink, written target, redlink target name)

    @property
    def page_id(self) -> str:
        return self.path[:-3]


@dataclass
class Wiki:
    pages: list[Page]

    @property
    def edge_count(self) -> int:
        return sum(len(p.edges) for p in self.pages)


def plan(n: int, seed: int = 1, mean_edges: float = 3.0) -> Wiki:
    """Decide pages and edges without touching the disk."""
    rng = random.Random(seed)
    pages: list[Page] = []
    for number in range(n):
        area = number % 12
        topic = (number // 12) % max(1, min(60, n // 40 + 1))
        slug = f"page-{number:06d}"
        words = rng.sample(WORDS, 3)
        title = " ".join(words).capitalize() + f" {number}"
        path = f"area-{area:02d}/topic-{topic:02d}/{slug}.md"
        frontmatter_id = f"ID-{number:06d}" if number % 5 == 0 else None
        aliases = [f"alias {number}"] if number % 7 == 0 else []
        pages.append(Page(number, path, slug, title, frontmatter_id, aliases))
    # Preferential attachment: a page's chance to be a target grows with what it already
    # has, which gives the heavy tail of real wikis (a few hubs, many leaves).
    weights = [1.0] * n
    cumulative: list[float] = []
    total = 0.0
    for i, page in enumerate(pages):
        if i == 0:
            cumulative.append(weights[0])
            total = weights[0]
            continue
        count = min(int(rng.paretovariate(1.6) * mean_edges / 2.7), 200, 4 * n)
        for _ in range(count):
            kind = rng.choice(CANONICAL)
            if rng.random() < 0.01:
                name = f"planned-{rng.randrange(10**6):06d}"
                page.edges.append((kind, None, name, name))
                continue
            # Targets among earlier pages, weighted by how popular they already are.
            target = bisect.bisect_left(cumulative, rng.random() * total)
            target = min(target, i - 1)
            if kind not in ACYCLIC and rng.random() < 0.3:
                target = rng.randrange(n)
            if target == i:
                continue
            page.edges.append((kind, target, "", None))
            weights[target] += 1.0
        cumulative.append(total + weights[i])
        total += weights[i]
        if i % 1000 == 999:  # refresh the prefix sums with the weights gained since
            cumulative = list(itertools.accumulate(weights[: i + 1]))
            total = cumulative[-1]
    # Drop duplicate (type, target) pairs: the lint would warn about them.
    for page in pages:
        seen = set()
        unique = []
        for edge in page.edges:
            key = (edge[0], edge[1], edge[2])
            if key not in seen:
                seen.add(key)
                unique.append(edge)
        page.edges = unique
    return Wiki(pages)


def _target_text(rng: random.Random, target: Page) -> str:
    form = rng.randrange(9)
    if form == 0:
        return f'"[[{target.slug}]]"'
    if form == 1:
        return f'"[[{target.page_id}]]"'
    if form == 2:
        return f'"[[{target.slug}|{target.title}]]"'
    if form == 3:
        return f'"[[{target.slug}#Overview]]"'
    if form == 4:
        return target.slug
    if form == 5:
        return target.page_id
    if form == 6:
        return f"[[{target.slug}]]"  # unquoted: YAML reads a list in a list
    if form == 7 and target.frontmatter_id:
        return target.frontmatter_id
    if form == 8 and target.aliases:
        return f'"{target.aliases[0]}"'
    return f'"[[{target.slug}]]"'


def write(wiki: Wiki, docs: Path, seed: int = 1, bodies: bool = True) -> None:
    """Write the wiki under ``docs`` (created); the index page links every area."""
    rng = random.Random(seed + 1)
    folders = {os.path.dirname(p.path) for p in wiki.pages}
    for folder in sorted(folders):
        (docs / folder).mkdir(parents=True, exist_ok=True)
    for page in wiki.pages:
        lines = ["---", f"title: {page.title}"]
        if page.frontmatter_id:
            lines.append(f"id: {page.frontmatter_id}")
        if page.aliases:
            lines.append(f"aliases: [{', '.join(page.aliases)}]")
        if page.edges:
            lines.append("relationships:")
        body_links = []
        for kind, target, _, redlink in page.edges:
            if target is None:
                lines.append(f"  - type: {kind}")
                lines.append(f'    target: "[[{redlink}]]"')
                lines.append("    redlink: planned page")
                continue
            other = wiki.pages[target]
            lines.append(f"  - type: {kind}")
            lines.append(f"    target: {_target_text(rng, other)}")
            if rng.random() < 0.1:
                lines.append(f"    note: {rng.choice(WORDS)} {rng.choice(WORDS)}")
            rel = os.path.relpath(other.path, os.path.dirname(page.path)).replace(os.sep, "/")
            body_links.append(f"- {kind.replace('-', ' ')}: [{other.title}]({rel})")
        lines.append("---")
        lines.append(f"# {page.title}")
        if bodies:
            lines += _body(rng, body_links)
        (docs / page.path).write_text("\n".join(lines) + "\n", encoding="utf-8")
    index = ["# Synthetic wiki", ""]
    index += [f"- [{folder}]({folder}/{_first(wiki, folder)})" for folder in sorted(folders)[:50]]
    (docs / "index.md").write_text("\n".join(index) + "\n", encoding="utf-8")


def _first(wiki: Wiki, folder: str) -> str:
    for page in wiki.pages:
        if os.path.dirname(page.path) == folder:
            return os.path.basename(page.path)
    return ""


def _sentence(rng: random.Random) -> str:
    words = [rng.choice(WORDS) for _ in range(rng.randint(8, 18))]
    return " ".join(words).capitalize() + "."


def _body(rng: random.Random, links: list[str]) -> list[str]:
    out = ["", "## Overview", ""]
    out.append(" ".join(_sentence(rng) for _ in range(rng.randint(3, 6))))
    out += ["", "## Details", ""]
    out += [f"- {_sentence(rng)}" for _ in range(rng.randint(2, 5))]
    if rng.random() < 0.3:
        out += ["", "```yaml", "relationships:", "  - type: not-an-edge", "    target: x", "```"]
    out += ["", " ".join(_sentence(rng) for _ in range(rng.randint(2, 5)))]
    if links:
        out += ["", "## Related", "", *links]
    return out


# Graph shapes that once made the plugin slow (issue 13): plain pages, flat in one folder.


def dag_page(number: int) -> str:
    return f"p{number:06d}"


def write_dag(
    docs: Path,
    n: int,
    per_page: int = 5,
    seed: int = 1,
    edge_type: Callable[[int], str] = lambda edge: "depends-on",
    typos: int = 0,
) -> int:
    """A random DAG: page i has ``per_page`` edges to distinct earlier pages (fewer for the
    first pages), typed by ``edge_type(edge number)``. ``typos`` edges, chosen at random,
    name their target with two letters swapped. Returns the number of edges."""
    rng = random.Random(seed)
    docs.mkdir(parents=True, exist_ok=True)
    plans = []
    for number in range(n):
        targets = rng.sample(range(number), min(per_page, number)) if number else []
        plans.append(sorted(targets))
    total = sum(len(targets) for targets in plans)
    misspelt = set(rng.sample(range(total), min(typos, total)))
    edge = 0
    for number, targets in enumerate(plans):
        lines = ["---", f"title: Page {number}"]
        if targets:
            lines.append("relationships:")
        for target in targets:
            name = dag_page(target)
            if edge in misspelt:
                name = "pa" + name[2:]  # p000123 -> pa00123: a near miss, as typos are
            lines += [f"  - type: {edge_type(edge)}", f'    target: "[[{name}]]"']
            edge += 1
        lines += ["---", f"# Page {number}", "", "Text."]
        (docs / f"{dag_page(number)}.md").write_text("\n".join(lines) + "\n", encoding="utf-8")
    (docs / "index.md").write_text("# Graph shapes\n", encoding="utf-8")
    return total


def write_types(docs: Path, names: list[str], acyclic: bool, transitive: bool) -> None:
    """A wiki-config.md declaring ``names`` with the given properties."""
    lines = ["---", "relationship_types:"]
    for name in names:
        lines.append(
            f"  - {{name: {name}, inverse: {name} of, acyclic: {str(acyclic).lower()}, "
            f"transitive: {str(transitive).lower()}}}"
        )
    lines.append("---")
    (docs / "wiki-config.md").write_text("\n".join(lines) + "\n", encoding="utf-8")


def main() -> None:
    parser = argparse.ArgumentParser(description="Write a synthetic wiki.")
    parser.add_argument("docs", type=Path)
    parser.add_argument("-n", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    wiki = plan(args.n, args.seed)
    write(wiki, args.docs, args.seed)
    print(f"{len(wiki.pages)} pages, {wiki.edge_count} edges in {args.docs}")


if __name__ == "__main__":
    main()

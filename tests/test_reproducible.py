"""Same wiki, same bytes: whatever the file order, across rebuilds, without touching docs/."""

from __future__ import annotations

import gc
import hashlib
import logging
import pathlib
import random
import shutil
import tracemalloc
from pathlib import Path
from typing import Any

import pytest
from conftest import Site
from wikis import CYCLE_AND_DIAMOND, PANEL_WIKI

SHUFFLE_HOOK = """
import os
import random

from mkdocs.plugins import event_priority
from mkdocs.structure.files import Files


# First of every on_files (hooks otherwise run after the plugins), so the relations plugin
# reads the pages in the shuffled order.
@event_priority(100)
def on_files(files, config):
    items = list(files)
    random.Random(int(os.environ.get("SHUFFLE_SEED", "0"))).shuffle(items)
    return Files(items)
"""


def _pages() -> dict[str, str]:
    pages = dict(PANEL_WIKI)
    pages.update({f"diamond/{k}": v for k, v in CYCLE_AND_DIAMOND.items() if k != "wiki-config.md"})
    pages["wiki-config.md"] = CYCLE_AND_DIAMOND["wiki-config.md"]
    return pages


def _digest(site_dir: Path) -> dict[str, str]:
    """Every built file but MkDocs' own order-dependent ones: the sitemap (build date) and
    the search index (in file-reading order, which is what the shuffle changes)."""
    return {
        str(p.relative_to(site_dir)): hashlib.sha256(p.read_bytes()).hexdigest()
        for p in sorted(site_dir.rglob("*"))
        if p.is_file() and "sitemap" not in p.name and p.name != "search_index.json"
    }


def _snapshot(folder: Path) -> dict[str, tuple[int, bytes]]:
    return {
        str(p.relative_to(folder)): (p.stat().st_mtime_ns, p.read_bytes())
        for p in sorted(folder.rglob("*"))
        if p.is_file()
    }


def test_file_order_does_not_change_the_output(site: Site, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1700000000")  # themes print the build date
    site.pages(_pages())
    (site.root / "shuffle.py").write_text(SHUFFLE_HOOK)
    nav = sorted(_pages())
    site.extra_config = {"hooks": ["shuffle.py"], "nav": nav, "plugins": ["search", "relations"]}
    digests = []
    search_indexes = set()
    for seed in range(4):
        monkeypatch.setenv("SHUFFLE_SEED", str(seed))
        assert site.build().ok
        digests.append(_digest(site.site_dir))
        search_indexes.add((site.site_dir / "search" / "search_index.json").read_bytes())
    # MkDocs' search index lists pages in the order files came: it differs, so the shuffle
    # took effect and the same output below is the plugin's doing.
    assert len(search_indexes) > 1
    differing = {
        name
        for digest in digests[1:]
        for name in set(digest) | set(digests[0])
        if digest.get(name) != digests[0].get(name)
    }
    assert sorted(differing) == []
    assert any("graph.json" in name for name in digests[0])


def test_fifty_rebuilds_match_fresh_builds_and_do_not_grow(
    site: Site, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """As `mkdocs serve` does: one plugin instance, pages edited between builds."""
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1700000000")
    pages = _pages()
    site.pages(pages)
    config = site.load()
    rng = random.Random(5)
    names = [n for n in pages if n != "wiki-config.md"]
    fresh_root = tmp_path / "fresh"
    retained = []
    # Log records are kept by pytest's capture for the length of the test; they would count
    # as memory the plugin holds. (The builds' output is compared, not their messages.)
    logging.disable(logging.CRITICAL)
    try:
        _rebuild_fifty_times(site, config, pages, names, rng, fresh_root, retained)
    finally:
        tracemalloc.stop()
        logging.disable(logging.NOTSET)
    # What the 50th rebuild retains is within 1 MB of the 10th: nothing accumulates.
    assert retained[-1] - retained[0] < 1_000_000, retained


def _rebuild_fifty_times(
    site: Site,
    config: Any,
    pages: dict[str, str],
    names: list[str],
    rng: random.Random,
    fresh_root: Path,
    retained: list[int],
) -> None:
    for round_ in range(50):
        # Edit one page's frontmatter: repoint, add or drop an edge.
        name = rng.choice(names)
        target = rng.choice(names).removesuffix(".md")
        kind = rng.choice(["depends-on", "relates-to", "used-by"])
        site.page(
            name, f"---\nrelationships:\n  - {{type: {kind}, target: '{target}'}}\n---\n# T\n"
        )
        if round_ == 9:
            # Traced from the first build measured on: what accumulates from the 10th rebuild
            # to the 50th is allocated while tracing either way; tracing the nine rebuilds
            # before would add nothing but time (tracing nearly doubles a build's CPU time).
            tracemalloc.start()
        site.build(config=config)  # an edit may create a cycle; the output is compared anyway
        if round_ % 10 == 9:
            served = _digest(site.site_dir)
            fresh = Site(fresh_root / str(round_))
            fresh.root.mkdir(parents=True)
            shutil.copytree(site.docs, fresh.docs)
            fresh.build()
            assert served == _digest(fresh.site_dir), f"rebuild {round_} differs from a fresh build"
            # Memory is compared on the same content each time, so only what accumulates
            # across rebuilds can make it differ (edited content changes what a build holds).
            edited = {n: (site.docs / n).read_text("utf-8") for n in names}
            site.pages(pages)
            site.build(config=config)
            gc.collect()
            # Without pathlib's sys.intern: the interpreter's table of interned strings
            # grows with every new path any test made, and its one-off resize (1.8 MB
            # after the browser tests) would be counted against whichever build hit it.
            snapshot = tracemalloc.take_snapshot().filter_traces(
                [tracemalloc.Filter(False, pathlib.__file__)]
            )
            retained.append(sum(stat.size for stat in snapshot.statistics("filename")))
            for n, text in edited.items():
                (site.docs / n).write_text(text, encoding="utf-8")


def test_docs_dir_is_never_written(site: Site) -> None:
    site.pages(_pages())
    before = _snapshot(site.docs)
    assert site.build().ok
    assert _snapshot(site.docs) == before

"""What the reader sees, in built HTML: one relationship shown once, one vocabulary, hubs that
fit, edge notes, the trail, the table of contents and the data a theme override gets."""

from __future__ import annotations

import copy
import dataclasses
import difflib
import gzip
import json
import os
import pickle
import random
import re
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from built_html import (
    Element,
    drawn_elements,
    edges,
    finder_form,
    headings,
    is_entry,
    page_elements,
    panels,
    reach,
    reader_view,
)
from conftest import REPO, CorpusSite, Site, run
from mkdocs.commands.build import build
from mkdocs.config import load_config
from wikis import PANEL_WIKI

from mkdocs_relations.model.direction import ORDER, Direction
from mkdocs_relations.model.graph import Graph
from mkdocs_relations.model.natural import NaturalKeys
from mkdocs_relations.model.paths import DEFAULT_MAX_HOPS, PathIndex, Reached, Step
from mkdocs_relations.output import reach as reach_module
from mkdocs_relations.output.labels import fill
from mkdocs_relations.output.on_demand import PanelOnDemand
from mkdocs_relations.output.page_additions import Display, PageAdditions
from mkdocs_relations.output.panel import Panel
from mkdocs_relations.output.reach import ReachBuilder, reach_tree
from mkdocs_relations.wiki.pipeline import load_wiki


def _classed(elements: list[Element], name: str) -> list[Element]:
    return [e for e in elements if name in str(e.attrs.get("class", "")).split()]


def _texts(elements: list[Element], name: str) -> list[str]:
    return [e.text.strip() for e in _classed(elements, name)]


MIRRORED = {
    "wiki-config.md": """
        ---
        relationship_types:
          - {name: uses, inverse: used by}
          - {name: related_to, inverse: related to, symmetric: true}
        ---
        # Config
        """,
    "a.md": """
        ---
        title: Alpha
        relationships:
          - {type: uses, target: b, via: the card network}
          - {type: related_to, target: c}
        ---
        # Alpha
        """,
    "b.md": """
        ---
        title: Beta
        relationships:
          - {type: used-by, target: a}
        ---
        # Beta
        """,
    "c.md": """
        ---
        title: Gamma
        relationships:
          - {type: related_to, target: a}
        ---
        # Gamma
        """,
}


@pytest.mark.browser
def test_mirrored_declarations_show_once_on_each_end(site: Site, browser: Any) -> None:
    site.pages(MIRRORED)
    assert site.build(strict=True).ok
    a = drawn_elements(browser, site.site_dir, "a/index.html")
    assert headings(a) == ["Uses", "Related to"]
    assert sorted(t for _, _, t, _ in edges(a)) == ["Beta", "Gamma"]
    # The picture draws each relationship once too.
    assert len([e for e in a if e.tag == "line"]) == 2
    b = page_elements(site.site_dir, "b/index.html")
    assert headings(b) == ["Used by"]
    assert [t for _, _, t, _ in edges(b)] == ["Alpha"]
    c = drawn_elements(browser, site.site_dir, "c/index.html")
    assert [t for _, _, t, _ in edges(c)] == ["Alpha"]
    assert len([e for e in c if e.tag == "line"]) == 1


def test_via_is_the_note_and_extra_keys_reach_the_graph_file(site: Site) -> None:
    site.pages(MIRRORED)
    site.page(
        "d.md",
        """
        ---
        relationships:
          - type: uses
            target: a
            evidence: [log, trace]
            confidence: 0.8
            valid_from: 2024-01-31
        ---
        # Delta
        """,
    )
    assert site.build(strict=True).ok
    a = page_elements(site.site_dir, "a/index.html")
    assert _texts(a, "relations__note") == ["the card network"]
    graph = json.loads((site.site_dir / "assets/mkdocs-relations/graph.json").read_text())
    extras = list(graph["extra"].values())
    assert {"via": "the card network"} in extras
    assert {"evidence": ["log", "trace"], "confidence": 0.8, "valid_from": "2024-01-31"} in extras
    number = {page: i for i, page in enumerate(graph["ids"])}
    for key, extra in graph["extra"].items():
        source, target = graph["edges"][3 * int(key)], graph["edges"][3 * int(key) + 1]
        if "via" in extra:
            assert (source, target) == (number["a"], number["b"])


def test_extra_keys_round_trip_through_export(site: Site) -> None:
    site.pages(MIRRORED)
    site.page(
        "d.md",
        """
        ---
        relationships:
          - {type: uses, target: a, evidence: [log, trace], valid_from: 2024-01-31, note: hi}
        ---
        # Delta
        """,
    )
    site.write_config()
    result = run("export", "--format", "json", cwd=site.root)
    assert result.returncode == 0, result.stderr
    exported = json.loads(result.stdout)
    [edge] = [e for e in exported["edges"] if e["source"] == "d"]
    # The note once: as the note, not again among the extra keys.
    assert edge["note"] == "hi" and "note_key" not in edge
    assert edge["extra"] == {"evidence": ["log", "trace"], "valid_from": "2024-01-31"}
    [via] = [e for e in exported["edges"] if e["source"] == "a" and e["type"] == "uses"]
    assert "extra" not in via
    # The note is the panel's: one rule (note, description, via) for every output; the key
    # it was read from is kept when it is not "note".
    assert (via["note"], via["note_key"]) == ("the card network", "via")


@pytest.mark.parametrize("where", ["mkdocs.yml", "wiki-config.md"])
def test_note_keys_choose_what_is_shown(site: Site, where: str) -> None:
    site.pages(MIRRORED)
    site.page(
        "e.md",
        """
        ---
        relationships:
          - {type: uses, target: a, note: a note, evidence: seen in prod}
        ---
        # Epsilon
        """,
    )
    if where == "mkdocs.yml":
        site.plugin_options = {"note_keys": ["evidence"]}
    else:
        config = (site.docs / "wiki-config.md").read_text()
        site.page("wiki-config.md", config.replace("---\n#", "note_keys: [evidence]\n---\n#", 1))
    assert site.build(strict=True).ok
    e = page_elements(site.site_dir, "e/index.html")
    assert _texts(e, "relations__note") == ["seen in prod"]
    a = page_elements(site.site_dir, "a/index.html")
    # On the other end too; "via: the card network" is no longer a note key.
    assert _texts(a, "relations__note") == ["seen in prod"]
    # The command line reads the same keys from the same place.
    result = run("export", "--format", "json", cwd=site.root)
    assert result.returncode == 0, result.stderr
    notes = {(e["source"], e["target"]): e.get("note") for e in json.loads(result.stdout)["edges"]}
    assert notes[("e", "a")] == "seen in prod" and notes[("a", "b")] is None


def test_colliding_titles_show_their_folder(site: Site) -> None:
    site.pages(
        {
            "index.md": "---\nrelationships:\n  - {type: relates-to, target: ledger}\n"
            "  - {type: supersedes, target: archive/ledger}\n---\n# Home\n",
            "ledger.md": "# Ledger\n",
            "archive/ledger.md": "# Ledger\n",
        }
    )
    assert site.build(strict=True).ok
    titles = sorted(t for _, _, t, _ in edges(page_elements(site.site_dir, "index.html")))
    assert titles == ["Ledger (/)", "Ledger (archive)"]


def test_type_named_like_an_interface_label(site: Site) -> None:
    names = ["title", "hop", "transitive", "missing", "impact", "picture", "more", "finder_to"]
    types = "".join(f"  - {{name: {n}, inverse: {n} of}}\n" for n in names)
    links = "".join(f"  - {{type: {n}, target: b}}\n" for n in names)
    site.pages(
        {
            "wiki-config.md": f"---\nrelationship_types:\n{types}---\n# Config\n",
            "a.md": f"---\nrelationships:\n{links}---\n# A\n",
            "b.md": "# B\n",
        }
    )
    site.plugin_options = {"labels": {"title": "Beziehungen", "impact.label": "wirkt auf"}}
    assert site.build(strict=True).ok
    a = page_elements(site.site_dir, "a/index.html")
    expected = [n[:1].upper() + n[1:] for n in names]
    expected[names.index("impact")] = "Wirkt auf"
    expected[names.index("finder_to")] = "Finder to"
    assert headings(a) == expected
    assert [e.text.strip() for e in a if e.attrs.get("id") == "relations-panel"] == ["Beziehungen"]


def test_labels_fill_placeholders_once_and_keep_literal_braces() -> None:
    assert fill("{{{label}}}, transitively", label="Uses {n}") == "{Uses {n}}, transitively"
    assert fill("{n} hops {x}", n=3) == "3 hops {x}"
    assert fill("and {n} more", n="{n}") == "and {n} more"


def test_long_groups_fold_and_keep_every_neighbour(site: Site) -> None:
    pages = {f"n{i:02d}.md": f"# Node {i:02d}\n" for i in range(30)}
    links = "".join(f"  - {{type: depends-on, target: n{i:02d}}}\n" for i in range(30))
    pages["hub.md"] = f"---\nrelationships:\n{links}---\n# Hub\n"
    site.pages(pages)
    assert site.build(strict=True).ok
    hub = page_elements(site.site_dir, "hub/index.html")
    assert len(edges(hub)) == 30
    [fold] = [e for e in hub if e.tag == "details" and "data-relations-fold" in e.attrs]
    assert "open" not in fold.attrs
    folded = [e for e in hub if is_entry(e) and fold.attrs in e.ancestors]
    assert len(folded) == 25
    assert [e.text.strip() for e in hub if e.tag == "summary"] == ["and 25 more"]


def _chain_pages(count: int) -> dict[str, str]:
    """Page i depends on i+1 and i+2: everything downstream is reachable."""
    pages = {}
    for i in range(count):
        links = "".join(
            f"  - {{type: depends-on, target: p{j:03d}}}\n" for j in (i + 1, i + 2) if j < count
        )
        pages[f"p{i:03d}.md"] = (
            f"---\nrelationships:\n{links}---\n# Page {i:03d}\n" if links else f"# Page {i:03d}\n"
        )
    return pages


def test_reach_lists_are_bounded_and_sorted_like_direct_edges(site: Site) -> None:
    site.pages(_chain_pages(60))
    site.plugin_options = {"max_hops": 40}
    assert site.build(strict=True).ok
    first = page_elements(site.site_dir, "p000/index.html")
    listed = reach(first, "depends-on", reverse=False)
    assert len(listed) == reach_module.MAX_REACH_ENTRIES
    assert all(hops >= 2 for hops, _ in listed), "direct edges are not repeated"
    assert listed == sorted(listed), "by distance, then title"
    counts = [e.text.strip() for e in first if e.tag == "span" and e.parent == "summary"]
    assert "(20+)" in counts


def test_one_search_per_transitive_type_the_page_uses(
    site: Site, monkeypatch: pytest.MonkeyPatch
) -> None:
    types = "".join(
        f"  - {{name: t{i}, inverse: t{i} of, transitive: true}}\n" for i in range(1000)
    )
    site.pages(
        {
            "wiki-config.md": f"---\nrelationship_types:\n{types}---\n# Config\n",
            "a.md": "---\nrelationships:\n  - {type: t5, target: b}\n---\n# A\n",
            "b.md": "---\nrelationships:\n  - {type: t5, target: c}\n---\n# B\n",
            "c.md": "# C\n",
        }
    )
    calls: list[tuple[str, int, bool]] = []
    real = reach_module.reach_tree

    def counting(index: PathIndex, source: str, relation: int, **kw: object) -> object:
        calls.append((source, relation, kw["direction"] == "in"))
        return real(index, source, relation, **kw)  # type: ignore[arg-type]

    monkeypatch.setattr(reach_module, "reach_tree", counting)
    assert site.build(strict=True).ok
    # a: forward t5; b: forward and backward t5; c: backward t5. The wiki-config page has
    # no edges. Nothing for the 999 types no edge uses.
    assert sorted((s, r) for s, _, r in calls) == [
        ("a", False),
        ("b", False),
        ("b", True),
        ("c", True),
    ]
    assert reach(page_elements(site.site_dir, "a/index.html"), "t5", False) == [(2, "C")]


def bounded_reach(
    index: PathIndex, source: str, relation: int, *, direction: Direction, max_hops: int, limit: int
) -> tuple[list[Reached], bool]:
    """The panel's bounded search (reach_tree) in PathIndex.reach's terms: (pages, truncated)."""
    found = reach_tree(index, source, relation, direction=direction, max_hops=max_hops, limit=limit)
    name, ids = index.types[relation], index.ids
    reached = []
    for end, hops in found.shown:
        steps = []
        node = end
        while found.parents[node] >= 0:
            parent = found.parents[node]
            steps.append(Step(ids[parent], ids[node], name, direction))
            node = parent
        reached.append(Reached(ids[end], hops, tuple(reversed(steps))))
    return reached, found.truncated


def test_bounded_reach_agrees_with_the_full_search() -> None:
    rng = random.Random(7)
    for round_ in range(300):
        n = rng.randint(2, 12) if round_ < 200 else rng.randint(20, 40)
        ids = [f"p{i}" for i in range(n)]
        edge_list = [
            (rng.choice(ids), rng.choice(ids), rng.choice(["a", "b"]))
            for _ in range(rng.randint(0, 30 if round_ < 200 else 120))
        ]
        index = PathIndex(ids, edge_list)
        for source in ids:
            for relation in index.types:
                for direction in ORDER:
                    full = [
                        r
                        for r in index.reach(source, relation, direction=direction, max_hops=3)
                        if r.hops >= 2
                    ]
                    number = index.types.index(relation)
                    for limit in (0, 1, 3, 50):
                        found, truncated = bounded_reach(
                            index, source, number, direction=direction, max_hops=3, limit=limit
                        )
                        assert truncated == (len(full) > limit)
                        assert sorted(found, key=lambda r: (r.hops, r.page)) == full[:limit]


def test_reach_lists_are_the_full_search_cut_to_what_they_show(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The panel's lists, chains and "via" lines included, against PathIndex.reach: its first
    pages by distance and id, sorted by title within a distance, each chain in words."""
    rng = random.Random(11)
    seen: set[tuple[str, int]] = set()
    for round_ in range(40):
        n = rng.randint(3, 30)
        ids = [f"f{i % 3}/p{i:02d}" for i in range(n)]
        lines: dict[str, list[str]] = {page: [] for page in ids}
        for _ in range(rng.randint(n, 3 * n)):
            source, target = rng.choice(ids), rng.choice(ids)
            kind = rng.choice(["depends-on", "part-of", "relates-to"])
            lines[source].append(f"  - {{type: {kind}, target: {target}}}")
        folder = tmp_path / str(round_)
        sources = {}
        for page in ids:
            # Titles repeat, and some differ only by a number, so order and chains show them.
            title = f"Page {rng.randint(1, n)}"
            body = "relationships:\n" + "\n".join(lines[page]) + "\n" if lines[page] else ""
            file = folder / f"{page}.md"
            file.parent.mkdir(parents=True, exist_ok=True)
            file.write_text(f"---\ntitle: {title}\n{body}---\n# {title}\n", encoding="utf-8")
            sources[f"{page}.md"] = str(file)
        wiki = load_wiki(sources)
        titles = {page: (wiki.graph.pages[page].title or page, f"{page}/") for page in ids}
        additions = PageAdditions(wiki, titles, Display())
        labels, index = additions.labels, additions.builder.index
        natural = NaturalKeys()
        builder = ReachBuilder(wiki.graph, index, labels, DEFAULT_MAX_HOPS, _rank(wiki.graph))
        limit = rng.choice([1, 3, 20])
        monkeypatch.setattr(reach_module, "MAX_REACH_ENTRIES", limit)
        for page in ids:
            ref = additions.references(titles[page][1])
            graph_page = wiki.graph.pages[page]
            outgoing = [e for e in graph_page.edges if e.target_id != page]
            incoming = [e for e in wiki.graph.incoming.get(page, ()) if e.source != page]
            for listed in builder.lists(page, outgoing, incoming, ref):
                full = [
                    r
                    for r in index.reach(
                        page, listed.type, direction=listed.direction, max_hops=DEFAULT_MAX_HOPS
                    )
                    if r.hops >= 2
                ]
                expected = []
                for reached in full[:limit]:
                    steps = [ref(step.target).title for step in reached.chain]
                    words = [ref(page).title]
                    for step, title in zip(reached.chain, steps, strict=True):
                        words += [f"→ {labels.type_label(step.type, step.direction)} →", title]
                    via = steps[:-1]
                    end = ref(reached.page)
                    expected.append(
                        (
                            reached.hops,
                            end.title,
                            end.url,
                            reached.page,
                            " ".join(words),
                            via,
                            fill(labels["via"], chain=" › ".join(via)) if via else "",
                        )
                    )
                expected.sort(key=lambda e: (e[0], natural[e[1]], e[3]))
                shown = [
                    (e.hops, e.title, e.url, e.page, e.chain, e.via, e.via_text)
                    for hop in listed.hops
                    for e in hop.entries
                ]
                assert shown == expected, (page, listed.type, listed.direction)
                assert listed.count == f"{len(expected)}{'+' if len(full) > limit else ''}"
                seen.update(("cut" if len(full) > limit else "whole", e[0]) for e in expected)
    # The cases worth having: lists cut short and whole, chains of two hops and more.
    assert {("cut", 2), ("cut", 3), ("whole", 2), ("whole", 3)} <= seen, seen


def _rank(graph: Graph) -> Callable[[str], int]:
    """Types in the vocabulary's order, as the panel ranks its lists."""
    order = {name: i for i, name in enumerate(graph.vocabulary)}
    return lambda name: order.get(name, len(order))


class _Counted(list[int]):
    """A neighbour list that counts the neighbours read from it."""

    def __init__(self, items: list[int], reads: list[int]) -> None:
        super().__init__(items)
        self.reads = reads

    def __iter__(self) -> Iterator[int]:
        for item in super().__iter__():
            self.reads[0] += 1
            yield item


@pytest.mark.parametrize("direction", ORDER)
def test_reach_reads_what_it_shows_not_what_it_reaches(
    direction: Direction, monkeypatch: pytest.MonkeyPatch
) -> None:
    """10,000 pages reachable, 20 shown: the search reads about 20 neighbours of each page it
    stops at, never every neighbour of a hub (a counter, not a timer)."""
    # start -> a, b; a -> c0..c9; each c -> 1,000 pages of its own (against the edges for "in").
    links = [("start", "a"), ("start", "b")] + [("a", f"c{i}") for i in range(10)]
    links += [(f"c{i}", f"c{i}/leaf{j:04d}") for i in range(10) for j in range(1000)]
    if direction == "in":
        links = [(target, source) for source, target in links]
    pages = {page for link in links for page in link}
    index = PathIndex(pages, [(source, target, "depends-on") for source, target in links])
    reads = [0]
    real = index.neighbours

    def counted(relation: int, way: Direction) -> list[list[int]]:
        return [_Counted(items, reads) for items in real(relation, way)]

    monkeypatch.setattr(index, "neighbours", counted)
    limit = reach_module.MAX_REACH_ENTRIES
    found, truncated = bounded_reach(
        index, "start", 0, direction=direction, max_hops=4, limit=limit
    )
    full = [r for r in index.reach("start", "depends-on", direction=direction) if r.hops >= 2]
    assert len(full) == 10_010
    assert truncated and sorted(found, key=lambda r: (r.hops, r.page)) == full[:limit]
    # Pages expanded (start, its 2 direct pages, the 10 at two hops) times (limit + 1).
    assert reads[0] <= 13 * (limit + 1), reads[0]


def test_reach_cost_does_not_grow_with_the_graph() -> None:
    """A random DAG with 5 depends-on edges a page: panel reach per page stays flat."""

    def per_page(n: int) -> float:
        rng = random.Random(n)
        ids = [f"p{i:05d}" for i in range(n)]
        links = [
            (ids[i], ids[rng.randrange(i)], "depends-on") for i in range(1, n) for _ in range(5)
        ]
        index = PathIndex(ids, links)
        number = index.types.index("depends-on")
        # CPU time, not wall time: the machine may be busy with other work.
        start = time.process_time()
        for page in ids:
            for direction in ORDER:
                bounded_reach(index, page, number, direction=direction, max_hops=4, limit=20)
        return (time.process_time() - start) / n

    small, large = min(per_page(1000) for _ in range(3)), min(per_page(4000) for _ in range(3))
    assert large < 1.5 * small, (small, large)


def test_relationships_are_in_the_table_of_contents(site: Site) -> None:
    site.pages(PANEL_WIKI)
    site.extra_config = {"theme": {"name": "material", "font": False}}
    assert site.build(strict=True).ok
    html = site.html("ledger/index.html")
    toc = html[html.index('data-md-component="toc"') :]
    assert 'href="#relations-panel"' in toc
    assert 'id="relations-panel"' in html


def test_breadcrumbs_follow_part_of(site: Site) -> None:
    site.pages(
        {
            "platform.md": "# Platform\n",
            "checkout.md": "---\nrelationships:\n  - {type: part-of, target: platform}\n---\n"
            "# Checkout\n",
            "ledger.md": "---\nrelationships:\n  - {type: part-of, target: checkout}\n"
            "  - {type: depends-on, target: platform}\n---\n# Ledger\n",
            "loose.md": "---\nrelationships:\n  - {type: depends-on, target: ledger}\n---\n"
            "# Loose\n",
        }
    )
    site.plugin_options = {"breadcrumbs": True}
    assert site.build(strict=True).ok
    html = site.html("ledger/index.html")
    elements = page_elements(site.site_dir, "ledger/index.html")
    [trail] = [e for e in elements if "data-relations-breadcrumbs" in e.attrs]
    assert trail.tag == "nav"
    assert " ".join(trail.text.split()) == "Platform Checkout Ledger"
    assert html.index("data-relations-breadcrumbs") < html.index('id="ledger"')
    assert "data-relations-breadcrumbs" not in site.html("loose/index.html")
    assert "data-relations-breadcrumbs" not in site.html("platform/index.html")
    site.plugin_options = {}
    assert site.build(strict=True).ok
    assert "data-relations-breadcrumbs" not in site.html("ledger/index.html")


def _docs_example(title: str) -> str:
    text = (REPO / "docs" / "panels.md").read_text(encoding="utf-8")
    start = text.index(f'title="{title}"')
    start = text.index("\n", start) + 1
    return text[start : text.index("```", start)]


def test_panel_data_in_the_page_context_for_a_sidebar(site: Site) -> None:
    site.pages(PANEL_WIKI)
    overrides = site.root / "overrides"
    overrides.mkdir()
    (overrides / "main.html").write_text(_docs_example("overrides/main.html"))
    site.extra_config = {"theme": {"name": "material", "custom_dir": "overrides", "font": False}}
    site.plugin_options = {"placement": "off"}
    assert site.build(strict=True).ok
    elements = page_elements(site.site_dir, "ledger/index.html")
    assert panels(elements) == []
    [nav] = [e for e in elements if "data-relations-sidebar" in e.attrs]
    assert " ".join(nav.text.split()) == "Relationships Used by Payment service Relates to Checkout"
    links = [e.attrs["href"] for e in elements if e.tag == "a" and nav.attrs in e.ancestors]
    assert links == ["../", "../platform/checkout/"]
    assert "data-relations-sidebar" not in site.html("lonely/index.html")
    # The theme's templates do not autoescape; the sidebar template escapes every value.
    site.page("ledger.md", '---\ntitle: "<b>Ledger</b>"\n---\n# Ledger\n')
    assert site.build(strict=True).ok
    assert "&lt;b&gt;Ledger&lt;/b&gt;" in site.html("platform/checkout/index.html")


#: Records, after the plugin's handler, what each page's context holds as ``relations``.
_CONTEXT_HOOK = """
from mkdocs.plugins import event_priority

@event_priority(-200)
def on_page_context(context, page, config, nav):
    data = context.get("relations")
    held = "None" if data is None else type(data).__name__ + (
        " not built" if "_build" in vars(data) else " built")
    with open(config.site_dir + "/../context.txt", "a", encoding="utf-8") as out:
        out.write(f"{page.file.src_uri} {held}\\n")
"""


def test_panel_data_with_nothing_shown_is_built_when_a_template_reads_it(site: Site) -> None:
    """With placement and finder off, the sidebar reads as with the finder on; the panel's
    data is built only where a template reads it."""
    site.pages(PANEL_WIKI)
    overrides = site.root / "overrides"
    overrides.mkdir()
    (overrides / "main.html").write_text(_docs_example("overrides/main.html"))
    site.extra_config = {"theme": {"name": "material", "custom_dir": "overrides", "font": False}}

    def sidebar(page: str) -> list[str]:
        elements = page_elements(site.site_dir, page)
        return [str(e.attrs) + e.text for e in elements if "data-relations-sidebar" in e.attrs]

    site.plugin_options = {"placement": "off"}
    assert site.build(strict=True).ok
    expected = {page: sidebar(page) for page in ("ledger/index.html", "index.html")}
    assert expected["ledger/index.html"] and expected["index.html"]
    site.plugin_options = {"placement": "off", "path_finder": "off"}
    assert site.build(strict=True).ok
    assert {page: sidebar(page) for page in expected} == expected
    assert "data-relations-finder" not in site.html("ledger/index.html")
    assert "data-relations-sidebar" not in site.html("lonely/index.html")

    (site.root / "hook.py").write_text(_CONTEXT_HOOK)
    site.extra_config = {"hooks": ["hook.py"]}
    assert site.build(strict=True).ok
    held = dict(line.split(" ", 1) for line in (site.root / "context.txt").read_text().splitlines())
    assert held["ledger.md"] == "PanelOnDemand not built"
    assert held["index.md"] == "PanelOnDemand not built"
    assert held["lonely.md"] == "None"


def test_panel_on_demand_is_a_panel_built_once_when_read() -> None:
    made: list[Panel] = []

    def build() -> Panel:
        made.append(Panel([], [], None, {"title": "Relationships"}))
        return made[-1]

    data = PanelOnDemand.later(build, "ledger")
    assert made == [] and isinstance(data, Panel) and dataclasses.is_dataclass(data)
    data.reach = []  # a field a hook sets before the first read keeps its value
    kept = data.reach
    assert data.labels["title"] == "Relationships" and data.groups == [] and data.count == 0
    assert len(made) == 1 and data.reach is kept
    assert dataclasses.asdict(data)["labels"] == {"title": "Relationships"}
    with pytest.raises(AttributeError):
        assert data.no_such_field is None
    # Copied or pickled, built or not, it is the same data; the builder is not carried.
    for fresh in (data, PanelOnDemand.later(build, "ledger")):
        for copied in (copy.copy(fresh), copy.deepcopy(fresh), pickle.loads(pickle.dumps(fresh))):
            assert copied == fresh and "_build" not in vars(copied)

    # A failure inside the build is the build's, named, never a missing field.
    def broken() -> Panel:
        raise AttributeError("a bug inside")

    with pytest.raises(RuntimeError, match=r"'ledger'.*a bug inside"):
        assert PanelOnDemand.later(broken, "ledger").groups is None
    with pytest.raises(RuntimeError, match="no panel data"):
        assert PanelOnDemand.later(lambda: None, "ledger").groups is None


def test_finder_lists_used_types_in_their_labels(site: Site) -> None:
    site.pages(PANEL_WIKI)
    site.plugin_options = {
        "labels": {"depends-on": "hängt ab von", "relates-to": "steht in Bezug zu"}
    }
    assert site.build(strict=True).ok
    elements = finder_form(site.site_dir)
    select = [e for e in elements if e.attrs.get("id") == "relations-finder-type"]
    options = [
        (e.attrs["value"], e.text.strip())
        for e in elements
        if e.tag == "option" and select[0].attrs in e.ancestors
    ]
    assert options == [
        ("", "any type"),
        ("depends-on", "hängt ab von"),
        ("part-of", "part of"),
        ("relates-to", "steht in Bezug zu"),
        ("supersedes", "supersedes"),
        ("used-by", "used by"),
    ]
    graph = json.loads((site.site_dir / "assets/mkdocs-relations/graph.json").read_text())
    kinds = {t["name"]: t for t in graph["types"]}
    assert kinds["depends-on"]["label"] == "hängt ab von"
    assert kinds["relates-to"]["symmetric"] is True


def _jump_pages() -> dict[str, str]:
    body = "\n\n".join(["A paragraph a reader has to scroll past to reach the end."] * 120)
    links = "  - {type: depends-on, target: b}\n  - {type: depends-on, target: c}\n"
    return {
        "long.md": f"---\nrelationships:\n{links}---\n# Long page\n\n{body}\n",
        "short.md": "---\nrelationships:\n  - {type: depends-on, target: b}\n---\n# Short\n",
        "b.md": "# B\n",
        "c.md": "---\nrelationships:\n  - {type: relates-to, target: long}\n---\n# C\n",
    }


def _jump(html: str) -> tuple[int, str] | None:
    """Where the jump line stands in a page (its offset after the page's h1) and its text."""
    start = html.find('<nav class="relations-jump"')
    if start == -1:
        return None
    end = html.index("</nav>", start)
    title = html.find("</h1>")
    text = " ".join(re.sub(r"<[^>]+>", " ", html[start:end]).split())
    return start - title, text


@pytest.mark.parametrize("placement", ["bottom", "top"])
def test_a_long_page_links_to_its_relationships_under_its_title(site: Site, placement: str) -> None:
    site.pages(_jump_pages())
    site.plugin_options = {"placement": placement}
    assert site.build(strict=True).ok
    long_html = site.html("long/index.html")
    found = _jump(long_html)
    if placement == "top":
        assert found is None, "the panel is already at the top"
        return
    assert found is not None
    at, text = found
    assert at == len("</h1>"), "right under the title"
    assert text == "Relationships Depends on 2 Relates to 1"
    assert 'href="#relations-group-0"' in long_html and 'id="relations-group-0"' in long_html
    short_html = site.html("short/index.html")
    assert _jump(short_html) is None, "a short page needs none"
    # Nothing links to a short page's groups: their headings carry no ids.
    assert "<dt>Depends on</dt>" in short_html and 'id="relations-group-' not in short_html


def test_inject_puts_the_jump_line_under_the_title(tmp_path: Path) -> None:
    root = tmp_path / "z"
    for name, text in _jump_pages().items():
        (root / "docs").mkdir(parents=True, exist_ok=True)
        (root / "docs" / name).write_text(text, encoding="utf-8")
    (root / "plain.yml").write_text("site_name: Z\n", encoding="utf-8")
    build(load_config(str(root / "plain.yml")))
    (root / "mkdocs.yml").write_text("site_name: Z\nplugins:\n  - relations\n", encoding="utf-8")
    result = run("inject", cwd=root)
    assert result.returncode == 0, result.stderr
    html = (root / "site" / "long" / "index.html").read_text(encoding="utf-8")
    found = _jump(html)
    assert found is not None and found[1] == "Relationships Depends on 2 Relates to 1"
    short = (root / "site" / "short" / "index.html").read_text(encoding="utf-8")
    assert "data-relations-panel" in short and _jump(short) is None


#: What a reader sees of the plugin's additions on every page of each vendored wiki, as
#: built before the markup was made lean (issue 45): the markup may change, this may not.
#: ``RELATIONS_WRITE_READER_VIEW=1`` writes it anew, for a change a reader is meant to see.
READER_VIEWS = REPO / "tests" / "reader_view"


def _site_view(site_dir: Path) -> list[str]:
    lines = []
    for page in sorted(site_dir.rglob("*.html")):
        url = page.relative_to(site_dir).as_posix()
        seen = reader_view(page.read_text(encoding="utf-8"), url)
        if seen:
            lines += [f"page {url}", *seen]
    return lines


@pytest.mark.parametrize("name", ["scm-concepts", "data-atlas"])
def test_a_reader_sees_what_they_saw_on_the_vendored_wikis(
    name: str, corpus_site: CorpusSite
) -> None:
    site, result = corpus_site(name)
    assert result.ok, result.error
    seen = _site_view(site.site_dir)
    golden = READER_VIEWS / f"{name}.txt.gz"
    if os.environ.get("RELATIONS_WRITE_READER_VIEW") == "1":
        golden.parent.mkdir(exist_ok=True)
        # mtime 0: the same view is the same file.
        with gzip.GzipFile(golden, "wb", mtime=0) as out:
            out.write(("\n".join(seen) + "\n").encode("utf-8"))
    expected = gzip.decompress(golden.read_bytes()).decode("utf-8").splitlines()
    assert len(seen) > 1000 and sum(line.startswith("link ") for line in seen) > 500
    if seen != expected:
        diff = difflib.unified_diff(expected, seen, "before", "now", lineterm="", n=2)
        pytest.fail("a reader sees something else:\n" + "\n".join(list(diff)[:60]))

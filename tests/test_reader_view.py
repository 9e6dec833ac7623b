"""What the reader sees, in built HTML: one relationship shown once, one vocabulary, hubs that
fit, edge notes, the trail, the table of contents and the data a theme override gets."""

from __future__ import annotations

import json
import random
import time

import pytest
from built_html import Element, edges, page_elements, panels, reach
from conftest import REPO, Site, run
from wikis import PANEL_WIKI

from mkdocs_relations.model.direction import ORDER
from mkdocs_relations.model.paths import PathIndex
from mkdocs_relations.output import reach as reach_module
from mkdocs_relations.output.labels import fill
from mkdocs_relations.output.reach import bounded_reach


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


def test_mirrored_declarations_show_once_on_each_end(site: Site) -> None:
    site.pages(MIRRORED)
    assert site.build(strict=True).ok
    a = page_elements(site.site_dir, "a/index.html")
    assert _texts(a, "relations__label") == ["Uses", "Related to"]
    assert sorted(t for _, _, t, _ in edges(a)) == ["Beta", "Gamma"]
    # The picture draws each relationship once too.
    assert len([e for e in a if e.tag == "line"]) == 2
    b = page_elements(site.site_dir, "b/index.html")
    assert _texts(b, "relations__label") == ["Used by"]
    assert [t for _, _, t, _ in edges(b)] == ["Alpha"]
    c = page_elements(site.site_dir, "c/index.html")
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
    assert _texts(a, "relations__label") == expected
    assert _texts(a, "relations__title") == ["Beziehungen"]


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
    folded = [e for e in hub if "data-relation-type" in e.attrs and fold.attrs in e.ancestors]
    assert len(folded) == 22
    assert _texts(hub, "relations__summary") == ["and 22 more"]


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
    assert "(20+)" in [e.text.strip() for e in first if "relations__count" in str(e.attrs)]


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


def test_bounded_reach_agrees_with_the_full_search() -> None:
    rng = random.Random(7)
    for _ in range(200):
        n = rng.randint(2, 12)
        ids = [f"p{i}" for i in range(n)]
        edge_list = [
            (rng.choice(ids), rng.choice(ids), rng.choice(["a", "b"]))
            for _ in range(rng.randint(0, 30))
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
                    for limit in (1, 3, 50):
                        got = bounded_reach(
                            index, source, number, direction=direction, max_hops=3, limit=limit
                        )
                        assert got.truncated == (len(full) > limit)
                        assert sorted(got.found, key=lambda r: (r.hops, r.page)) == full[:limit]


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


def test_finder_lists_used_types_in_their_labels(site: Site) -> None:
    site.pages(PANEL_WIKI)
    site.plugin_options = {
        "labels": {"depends-on": "hängt ab von", "relates-to": "steht in Bezug zu"}
    }
    assert site.build(strict=True).ok
    elements = page_elements(site.site_dir, "index.html")
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

"""The relationships panel in built HTML, read through its stable data-relation hooks."""

from __future__ import annotations

import json
import logging
import random
from typing import Any

import jinja2
import pytest
from built_html import drawn_elements, edges, headings, is_entry, page_elements, panels, reach
from conftest import Site
from wikis import CYCLE_AND_DIAMOND
from wikis import PANEL_WIKI as WIKI

from mkdocs_relations.output.text_fit import Wrapper, text_width

THEMES = ["mkdocs", "readthedocs", "material"]


def _page(use_directory_urls: bool, page: str) -> str:
    if page == "index":
        return "index.html"
    return f"{page}/index.html" if use_directory_urls else f"{page}.html"


@pytest.mark.parametrize("theme", THEMES)
@pytest.mark.parametrize("use_directory_urls", [True, False])
def test_every_edge_shows_on_both_ends(site: Site, theme: str, use_directory_urls: bool) -> None:
    site.pages(WIKI)
    site.extra_config = {"theme": {"name": theme}, "use_directory_urls": use_directory_urls}
    result = site.build(strict=True)
    assert result.ok, result.messages

    def hooks(page: str) -> list[tuple[str, str, str, str | None]]:
        return edges(page_elements(site.site_dir, _page(use_directory_urls, page)))

    ext = "/" if use_directory_urls else ".html"
    up = "../" if use_directory_urls else ""
    assert sorted(hooks("index")) == sorted(
        [
            ("depends-on", "out", "Ledger", f"ledger{ext}"),
            ("part-of", "out", "Checkout", f"platform/checkout{ext}"),
            ("depends-on", "out", "fraud-scoring", None),
            ("supersedes", "out", "Legacy payments", f"legacy{ext}"),
            ("used-by", "out", "Reports", f"reports{ext}"),
            ("depends-on", "in", "Reporting", f"reporting{ext}"),
        ]
    )
    assert sorted(hooks("ledger")) == sorted(
        [
            ("depends-on", "in", "Payment service", "../" if use_directory_urls else "index.html"),
            ("relates-to", "in", "Checkout", f"{up}platform/checkout{ext}"),
        ]
    )
    checkout = "platform/checkout"
    back = "../../" if use_directory_urls else "../"
    assert sorted(hooks(checkout)) == sorted(
        [
            ("relates-to", "out", "Ledger", f"{back}ledger{ext}"),
            ("part-of", "in", "Payment service", back if use_directory_urls else "../index.html"),
        ]
    )
    home = "../" if use_directory_urls else "index.html"
    assert hooks("reports") == [("used-by", "in", "Payment service", home)]
    lonely = page_elements(site.site_dir, _page(use_directory_urls, "lonely"))
    assert panels(lonely) == [], "a page without edges gets no panel"


def test_groups_share_a_heading_when_labels_read_the_same(site: Site) -> None:
    site.pages(WIKI)
    site.build()
    elements = page_elements(site.site_dir, "index.html")
    labels = headings(elements)
    # Outgoing used-by and incoming depends-on both read "Used by": one heading.
    # A type and its inverse sit together, in vocabulary order.
    assert labels == ["Depends on", "Used by", "Part of", "Supersedes"]
    used_by = next(
        e
        for e in elements
        if e.tag == "dd"
        and "relations__groups" in str(e.ancestors[-1].get("class"))
        and "Reports" in e.text
    )
    assert "Reporting" in used_by.text


def test_symmetric_type_lists_both_directions_under_one_heading(site: Site) -> None:
    site.pages(
        {
            "a.md": "---\nrelationships:\n  - {type: relates-to, target: b}\n---\n# A\n",
            "b.md": "---\nrelationships:\n  - {type: relates-to, target: c}\n---\n# B\n",
            "c.md": "# C\n",
        }
    )
    site.build()
    elements = page_elements(site.site_dir, "b/index.html")
    labels = headings(elements)
    assert labels == ["Relates to"]
    assert sorted((t, d, x) for t, d, x, _ in edges(elements)) == [
        ("relates-to", "in", "A"),
        ("relates-to", "out", "C"),
    ]


@pytest.mark.browser
def test_a_labelled_symmetric_type_is_one_group_from_both_ends(site: Site, browser: Any) -> None:
    """``labels: {relates-to: verwandt mit}`` names the type from both ends: one heading in
    the panel, one caption in the picture, one group node past picture_limit; and blocks
    read the step the same way."""
    hub = "".join(f"  - {{type: relates-to, target: n{i}}}\n" for i in range(6))
    site.pages(
        {
            "a.md": "---\nrelationships:\n  - {type: relates-to, target: b}\n---\n# A\n",
            "b.md": "---\nrelationships:\n  - {type: relates-to, target: c}\n---\n# B\n\n"
            "```relations\nfollow: [relates to]\nshow: table\ncolumns: [title, type]\n```\n",
            "c.md": "# C\n",
            "hub.md": f"---\nrelationships:\n{hub}---\n# Hub\n",
            **{f"n{i}.md": f"# N{i}\n" for i in range(6)},
            "n0.md": "---\nrelationships:\n  - {type: relates-to, target: hub}\n---\n# N0\n",
            "n9.md": "---\nrelationships:\n  - {type: relates-to, target: hub}\n---\n# N9\n",
        }
    )
    site.plugin_options = {"labels": {"relates-to": "verwandt mit"}, "picture_limit": 4}
    result = site.build(strict=True)
    assert result.ok, result.messages
    elements = drawn_elements(browser, site.site_dir, "b/index.html")
    assert headings(elements) == ["Verwandt mit"]
    captions = [e.text.strip() for e in elements if "data-relations-caption" in e.attrs]
    assert captions == ["verwandt mit"]
    assert sorted((t, d, x) for t, d, x, _ in edges(elements)) == [
        ("relates-to", "in", "A"),
        ("relates-to", "out", "C"),
    ]
    steps = [e.text.strip() for e in elements if e.tag == "td" and "mit" in e.text]
    assert steps == ["verwandt mit", "verwandt mit"], "the block reads both steps the same"
    grouped = drawn_elements(browser, site.site_dir, "hub/index.html")
    nodes = [
        e.text.strip()
        for e in grouped
        if e.tag == "text"
        and "relations__node" in str(e.ancestors[-1].get("class"))
        and "relations__node--current" not in str(e.ancestors[-1].get("class"))
    ]
    assert nodes == ["Verwandt mit (7)"]
    # The group's box links to the group's list, whose heading carries the id it names; a
    # page whose picture draws each neighbour (nothing links to its groups) carries none.
    boxes = [e.attrs.get("xlink:href") for e in grouped if e.tag == "a"]
    assert [href for href in boxes if href] == ["#relations-group-0"]
    assert [e.text for e in grouped if e.attrs.get("id") == "relations-group-0"] == ["Verwandt mit"]
    assert 'id="relations-group-' not in site.html("b/index.html")


def test_redlinks_are_not_links_and_carry_their_reason(site: Site) -> None:
    site.pages(WIKI)
    site.build()
    elements = page_elements(site.site_dir, "index.html")
    [red] = [e for e in elements if "data-relation-redlink" in e.attrs]
    assert red.tag == "span" and "href" not in red.attrs
    assert red.attrs["title"] == "planned page"
    assert all(e.attrs.get("href") for e in elements if e.tag == "a" and "fraud" in e.text)


def test_a_panel_says_nothing_its_stylesheet_does_not_read(site: Site) -> None:
    """Classes and ids only where something reads them: the placement's class for a panel at
    the top, a group's id where a link names it (neither on this short page)."""
    site.pages(WIKI)
    assert site.build().ok
    html = site.html("index.html")
    assert '<aside class="relations" data-relations-panel' in html
    assert "relations--bottom" not in html and 'id="relations-group-' not in html


def test_notes_show_with_their_edge(site: Site) -> None:
    site.pages(WIKI)
    site.build()
    elements = page_elements(site.site_dir, "index.html")
    notes = [e.text for e in elements if "relations__note" in str(e.attrs.get("class"))]
    # A redlink's reason is shown in the same quiet style: readable without hovering.
    assert notes == ["planned page", "Replaced in 2025"]


def test_transitive_reach_in_a_diamond(site: Site) -> None:
    site.pages(CYCLE_AND_DIAMOND)
    assert site.build(strict=True).ok
    a = page_elements(site.site_dir, "a/index.html")
    # Beyond the direct edges only: B and C are listed under "Depends on" already.
    assert reach(a, "depends-on", reverse=False) == [(2, "D"), (3, "E")]
    assert reach(a, "depends-on", reverse=True) == []
    e = page_elements(site.site_dir, "e/index.html")
    # The impact list: everything that depends on E, each page once, at its shortest distance.
    assert reach(e, "depends-on", reverse=True) == [(2, "B"), (2, "C"), (3, "A")]
    # The chain shown for D goes through B, the smaller of the two equal-length routes, said
    # once, beside the entry: "via B" (no tooltip says it again).
    assert not any(el.attrs.get("title") for el in a if el.tag == "a" and el.text.strip() == "D")
    vias = [el.text for el in a if el.tag == "small" and "data-relation-hops" in el.ancestors[-2]]
    assert vias == ["via B", "via B › D"]


def test_transitive_reach_in_a_cycle(site: Site) -> None:
    site.pages(CYCLE_AND_DIAMOND)
    assert site.build(strict=True).ok
    x = page_elements(site.site_dir, "x/index.html")
    assert reach(x, "feeds", reverse=False) == [(2, "Z")]
    assert reach(x, "feeds", reverse=True) == [(2, "Y")]


def test_transitive_reach_respects_max_hops(site: Site) -> None:
    site.pages(CYCLE_AND_DIAMOND)
    site.plugin_options = {"max_hops": 2}
    assert site.build().ok
    a = page_elements(site.site_dir, "a/index.html")
    assert reach(a, "depends-on", reverse=False) == [(2, "D")]


@pytest.mark.parametrize("placement", ["top", "bottom", "off"])
def test_placement(site: Site, placement: str) -> None:
    site.pages(WIKI)
    site.plugin_options = {"placement": placement}
    site.build()
    html = site.html("ledger/index.html")
    if placement == "off":
        assert "data-relations-panel" not in html
        assert "data-relations-pathfinder" in html
        site.plugin_options = {"placement": "off", "path_finder": "off"}
        site.build()
        html = site.html("ledger/index.html")
        assert "data-relations" not in html
        assert "mkdocs-relations/relations" not in html
        return
    panel_at = html.index("data-relations-panel")
    heading_at = html.index('id="ledger"')
    assert (panel_at < heading_at) == (placement == "top")
    assert "assets/mkdocs-relations/relations.css" in html
    assert (site.site_dir / "assets" / "mkdocs-relations" / "relations.css").exists()
    assert not (site.docs / "assets").exists(), "nothing is written into docs_dir"


@pytest.mark.browser
def test_panels_option_selects_parts(site: Site, browser: Any) -> None:
    """The picture alone: the figure lists the neighbours (what a reader without JavaScript
    meets, and what the script draws from), and nothing else of the panel shows."""
    site.pages(CYCLE_AND_DIAMOND)
    site.plugin_options = {"panels": ["picture"]}
    # Material: its stylesheet, unlike the mkdocs theme's, does not force [hidden] away.
    site.extra_config = {"theme": {"name": "material", "font": False}}
    site.build()
    a = page_elements(site.site_dir, "a/index.html")
    [figure] = [e for e in a if "data-relations-picture" in e.attrs]
    assert "hidden" not in figure.attrs
    listed = [e for e in a if is_entry(e)]
    assert listed and all(any("data-relations-picture" in x for x in e.ancestors) for e in listed)
    assert sorted(t for _, _, t, _ in edges(a)) == ["B", "C"]
    assert reach(a, "depends-on", False) == []
    drawn = drawn_elements(browser, site.site_dir, "a/index.html")
    boxes = [
        e.text.strip() for e in drawn if e.tag == "text" and "data-relations-caption" not in e.attrs
    ]
    assert {"A", "B", "C"} <= set(boxes)
    [hidden] = [e for e in drawn if "relations__groups" in str(e.attrs.get("class"))]
    assert "hidden" in hidden.attrs
    # Drawn, the picture stands in the lists' place; without JavaScript the lists read as
    # the panel's do (not centred as a figure's caption).
    for script in (True, False):
        tab = browser.new_context(java_script_enabled=script).new_page()
        tab.goto((site.site_dir / "a" / "index.html").as_uri())
        lists = tab.locator("[data-relations-picture] .relations__groups")
        style = "e => [getComputedStyle(e).display, getComputedStyle(e).textAlign]"
        if script:
            tab.wait_for_selector("[data-relations-picture] svg")
            assert lists.evaluate(style)[0] == "none"
        else:
            assert lists.evaluate(style) in (["grid", "start"], ["block", "start"])
        tab.context.close()


def test_hide_switch_in_frontmatter(site: Site) -> None:
    site.pages(WIKI)
    site.page("ledger.md", "---\ntitle: Ledger\nhide: [relations]\n---\n# Ledger\n")
    site.build()
    assert panels(page_elements(site.site_dir, "ledger/index.html")) == []
    assert any(t == "Ledger" for _, _, t, _ in edges(page_elements(site.site_dir, "index.html")))


def test_labels_for_other_languages(site: Site) -> None:
    site.pages(WIKI)
    site.plugin_options = {
        "labels": {
            "title": "Beziehungen",
            "depends-on": "hängt ab von",
            "depends-on.inverse": "wird verwendet von",
        }
    }
    site.build()
    elements = page_elements(site.site_dir, "index.html")
    [panel] = panels(elements)
    [title] = [e for e in elements if e.attrs.get("id") == panel.attrs["aria-labelledby"]]
    assert title.tag == "h2" and title.text == "Beziehungen"
    labels = headings(elements)
    assert labels[0] == "Hängt ab von" and "Wird verwendet von" in labels


def _override_panel(site: Site, template: str) -> None:
    """The theme mkdocs with ``template`` as its custom_dir copy of relations/panel.html."""
    overrides = site.root / "overrides" / "relations"
    overrides.mkdir(parents=True)
    (overrides / "panel.html").write_text(template)
    site.extra_config = {"theme": {"name": "mkdocs", "custom_dir": "overrides"}}


def test_template_override_from_custom_dir(site: Site) -> None:
    site.pages(WIKI)
    _override_panel(
        site,
        '<div data-relations-panel class="mine">{% for g in panel.groups %}'
        "<b>{{ g.label }}</b>{% endfor %}</div>",
    )
    site.build()
    html = site.html()
    assert '<div data-relations-panel class="mine"><b>Depends on</b>' in html


def test_panel_is_not_in_the_search_index(site: Site) -> None:
    site.pages(WIKI)
    site.extra_config = {"plugins": ["search", "relations"]}
    site.build()
    index = json.loads((site.site_dir / "search" / "search_index.json").read_text())
    text = json.dumps(index)
    assert "Payments" in text
    assert "Relationships" not in text and "transitively" not in text


def test_rebuild_updates_the_panels_of_pages_pointed_at(site: Site) -> None:
    site.pages(WIKI)
    config = site.load()
    assert site.build(config=config).ok
    ledger = edges(page_elements(site.site_dir, "ledger/index.html"))
    assert ("depends-on", "in", "Payment service", "../") in ledger
    site.page(
        "index.md",
        "---\ntitle: Payment service\nrelationships:\n"
        "  - {type: relates-to, target: ledger}\n---\n",
    )
    assert site.build(config=config).ok
    ledger = edges(page_elements(site.site_dir, "ledger/index.html"))
    assert ("depends-on", "in", "Payment service", "../") not in ledger
    assert ("relates-to", "in", "Payment service", "../") in ledger


@pytest.mark.browser
def test_picture_groups_past_the_limit(site: Site, browser: Any) -> None:
    pages = {f"n{i:02d}.md": f"# Node {i}\n" for i in range(35)}
    hub_edges = "".join(f"  - {{type: depends-on, target: n{i:02d}}}\n" for i in range(30))
    hub_edges += "".join(f"  - {{type: relates-to, target: n{i:02d}}}\n" for i in range(30, 35))
    pages["hub.md"] = f"---\nrelationships:\n{hub_edges}---\n# Hub\n"
    site.pages(pages)
    site.build()
    elements = drawn_elements(browser, site.site_dir, "hub/index.html")
    [picture] = [e for e in elements if "data-relations-picture" in e.attrs]
    node_titles = [
        e.text.strip()
        for e in elements
        if e.tag == "text"
        and "relations__node" in str(e.ancestors[-1].get("class"))
        and "relations__node--current" not in str(e.ancestors[-1].get("class"))
    ]
    assert node_titles == ["Depends on (30)", "Relates to (5)"]
    assert "Hub" in picture.text
    # The full list is still in the panel.
    assert len(edges(elements)) == 35


@pytest.mark.browser
def test_picture_arrows_follow_declared_direction(site: Site, browser: Any) -> None:
    site.pages(WIKI)
    site.build()
    lines = [
        e for e in drawn_elements(browser, site.site_dir, "ledger/index.html") if e.tag == "line"
    ]
    wires = {
        (e.attrs["data-relations-wire"], e.attrs["data-relations-wire-direction"]) for e in lines
    }
    assert wires == {("depends-on", "in"), ("relates-to", "out")}
    for line in lines:
        symmetric = line.attrs["data-relations-wire"] == "relates-to"
        # Lines run left to right and end at the arrow's head; symmetric types have none.
        assert ("marker-end" in line.attrs) != symmetric
        assert float(str(line.attrs["x1"])) < float(str(line.attrs["x2"]))
    lines = [e for e in drawn_elements(browser, site.site_dir, "index.html") if e.tag == "line"]
    assert len(lines) == 6 and all("marker-end" in e.attrs for e in lines)


@pytest.mark.browser
def test_picture_never_splits_a_word_that_fits_a_line(site: Site, browser: Any) -> None:
    """The current page's box widens to its longest word ("Architectu / re / overview" was
    the box at its fixed width); a word wider than any line is the only one split."""
    site.pages(
        {
            "arch.md": "---\ntitle: Architecture overview\nrelationships:\n"
            "  - {type: depends-on, target: b}\n---\n# A\n",
            "b.md": "---\ntitle: Internationalisation guidelines\n---\n# B\n",
            "c.md": "---\nrelationships:\n  - {type: part-of, target: arch}\n---\n# C\n",
        }
    )
    site.build()
    elements = drawn_elements(browser, site.site_dir, "arch/index.html")
    lines = [
        e.text
        for e in elements
        if e.tag == "tspan" and "data-relations-caption" not in e.ancestors[-1]
    ]
    # A word wider than any line of its box is split, with a hyphen.
    assert lines[:3] == ["C", "Internationalis-", "ation guidelines"]
    assert lines[-2:] == ["Architecture", "overview"]


def test_panels_and_blocks_list_titles_in_natural_order(site: Site) -> None:
    """ "Client application 2" before "Client application 10", in the panel's groups, its
    reach lists and a block's rows and cells."""
    numbers = [0, 1, 2, 10, 11, 3]
    pages = {
        f"c{n}.md": f"---\ntitle: Client application {n}\nrelationships:\n"
        f"  - {{type: depends-on, target: hub}}\n---\n# C\n"
        for n in numbers
    }
    pages["hub.md"] = (
        "---\nrelationships:\n  - {type: depends-on, target: base}\n---\n# Hub\n\n"
        "```relations\nlist: pages\nwhere: {out: depends-on}\nshow: table\n"
        "columns: [title]\n```\n\n"
        "```relations\nfrom: base\ndirection: in\nshow: table\ncolumns: [title, used by]\n```\n"
    )
    pages["base.md"] = "# Base\n"
    site.pages(pages)
    assert site.build(strict=True).ok
    expected = [f"Client application {n}" for n in sorted(numbers)]
    elements = page_elements(site.site_dir, "hub/index.html")
    assert [title for _, _, title, _ in edges(elements) if "Client" in title] == expected
    rows = [e.text for e in elements if e.tag == "td" and "Client" in e.text]
    # The cell lists its pages one a line, three before the rest fold under "and 3 more".
    assert rows[:-1] == expected, "rows"
    assert rows[-1].replace("and 3 more", "") == "".join(expected), "the pages in one cell"
    base = page_elements(site.site_dir, "base/index.html")
    assert [title for _, _, title, _ in edges(base)] == ["Hub"]
    # The reach list leaves out the direct edge (Hub) and sorts like the groups.
    assert reach(base, "depends-on", True) == [(2, title) for title in expected]


def _wrap_by_measuring(text: str, width: float, max_lines: int, bold: bool) -> list[str] | None:
    """The picture's wrapping as first written: every line tried is measured whole (None
    where a word wider than a line would be split: that path has tests of its own)."""
    words = text.split()
    lines: list[str] = []
    current = ""
    at = 0
    while at < len(words):
        word = words[at]
        candidate = f"{current} {word}" if current else word
        if text_width(candidate, bold=bold) <= width:
            current = candidate
            at += 1
            continue
        if not current:
            return None
        lines.append(current)
        current = ""
        if len(lines) == max_lines:
            break
    if current and len(lines) < max_lines:
        lines.append(current)
        current = ""
    if at < len(words) or current:
        last = lines[-1]
        while last and text_width(last + "…", bold=bold) > width:
            last = last[:-1]
        lines[-1] = last.rstrip() + "…"
    return lines or [""]


def test_wrapping_decides_as_measuring_each_line() -> None:
    """Wrapping adds words' exact widths and measures a line only within a hair of the width:
    the same lines as measuring every line, also at widths a line fits exactly."""
    rng = random.Random(5)
    alphabet = [*"abcdefgHIJKLMmwW0123456789 iljI.,:;|!'`frt()-/@%", *"éßü中文😀…", *" " * 8]
    wrapper = Wrapper()
    exact = compared = 0
    for _ in range(20_000):
        text = "".join(rng.choice(alphabet) for _ in range(rng.randint(0, 50)))
        bold = rng.random() < 0.5
        words = text.split()
        if words and rng.random() < 0.5:
            # A width some line fits exactly, or with its "…": where float sums decide.
            line = " ".join(words[: rng.randint(1, len(words))]) + rng.choice(["", "…"])
            width = text_width(line, bold=bold)
        else:
            width = rng.choice(WIDTHS)
        max_lines = rng.choice([1, 2, 3, 4])
        expected = _wrap_by_measuring(text, width, max_lines, bold)
        if expected is None:
            continue
        compared += 1
        exact += width not in WIDTHS
        assert wrapper(text, width, max_lines, bold=bold) == expected, (text, width, max_lines)
    assert compared > 10_000 and exact > 5_000, (compared, exact)


#: Widths the picture wraps to: the centre, columns of one and two sides, captions.
WIDTHS = (88, 130.0, 316.0, 81.3, 60.1, 144.4, 40, 10)


def test_an_override_failing_on_one_page_names_that_page(
    site: Site, caplog: pytest.LogCaptureFixture
) -> None:
    """Panels are rendered a run of pages ahead; a theme's template that breaks on one
    page's data still fails the build while MkDocs builds that page, in a message naming it,
    and the pages before it are written."""
    site.pages(
        {
            f"p{i:02d}.md": f"---\ntitle: P{i}\nrelationships:\n"
            f"  - {{type: relates-to, target: p{(i + 1) % 10:02d}}}\n---\n"
            for i in range(10)
        }
    )
    _override_panel(
        site,
        '{% if page_id == "p05" %}{{ panel.no_such_field }}{% endif %}'
        "<div data-relations-panel>{{ page_id }}</div>",
    )
    with caplog.at_level(logging.ERROR), pytest.raises(jinja2.UndefinedError):
        site.build()
    errors = [r.getMessage() for r in caplog.records if r.levelno >= logging.ERROR]
    assert any(m.startswith("Error building page 'p05.md'") for m in errors), errors
    assert not any("'p00.md'" in m for m in errors), errors
    assert "<div data-relations-panel>p04</div>" in site.html("p04/index.html")
    assert not (site.site_dir / "p05" / "index.html").exists()

"""Query answers in a real headless Chromium: hostile titles and attribute values stay text,
and the answers are visible and styled in the three themes."""

from __future__ import annotations

import json
from typing import Any

import pytest
from conftest import Site, output_dir, publish_screenshot, serve

pytestmark = pytest.mark.browser

HOSTILE_TITLE = "<img src=x onerror=\"window.__xss='title'\">Ledger"
HOSTILE_OWNER = "\"><script>window.__xss='owner'</script>"
HOSTILE_SINCE = "<svg onload=\"window.__xss='edge'\"></svg>"
HOSTILE_NOTE = "' onmouseover='window.__xss=1"

PAGES = {
    "index.md": f"""
        ---
        title: Payments
        relationships:
          - type: depends-on
            target: "[[ledger]]"
            note: {json.dumps(HOSTILE_NOTE)}
            since: {json.dumps(HOSTILE_SINCE)}
          - type: depends-on
            target: "[[<b>planned</b>]]"
            redlink: true
        ---
        # Payments

        ```relations
        from: "[[ledger]]"
        direction: in
        show: table
        columns: [title, via, note, edge.since, owner]
        ```

        ```relations
        depth: 2
        show: table
        columns: [title, hops, type, via, owner, depends-on]
        ```

        ```relations
        depth: 2
        show: tree
        ```

        ```relations
        depth: 2
        show: graph
        ```

        ```relations
        depth: 2
        show: mermaid
        ```
        """,
    "ledger.md": f"""
        ---
        title: {json.dumps(HOSTILE_TITLE)}
        owner: {json.dumps(HOSTILE_OWNER)}
        relationships:
          - {{type: depends-on, target: "[[storage]]"}}
        ---
        # Ledger
        """,
    "storage.md": '---\ntitle: Storage & "quotes"\nowner: \'a "b" <c>\'\n---\n# Storage\n',
}


@pytest.mark.parametrize("theme", ["mkdocs", "readthedocs", "material"])
def test_hostile_values_stay_text(site: Site, browser: Any, theme: str) -> None:
    site.pages(PAGES)
    # The themes' own navigation prints titles unescaped (MkDocs' templates do not
    # autoescape): keep the hostile pages out of it, so only our output is on trial.
    site.extra_config = {"theme": {"name": theme}, "nav": [{"Payments": "index.md"}]}
    result = site.build(strict=True)
    assert result.ok, result.messages
    with serve(site.site_dir) as url:
        context = browser.new_context(viewport={"width": 1200, "height": 900})
        page = context.new_page()
        errors: list[str] = []
        dialogs: list[str] = []
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        page.on("dialog", lambda dialog: (dialogs.append(dialog.message), dialog.dismiss()))
        page.goto(url)
        tables = page.locator("[data-relations-query] table")
        assert tables.count() == 2
        first = tables.nth(0)
        first.scroll_into_view_if_needed()
        first.hover()
        assert page.evaluate("window.__xss") is None and dialogs == []
        cell = "[data-relations-row='index'] td:nth-child({})"
        # Columns: title, via, note, edge.since, owner.
        assert first.locator(cell.format(3)).inner_text() == HOSTILE_NOTE
        assert first.locator(cell.format(4)).inner_text() == HOSTILE_SINCE
        second = tables.nth(1)
        # Columns: title, hops, type, via, owner, depends-on.
        ledger = "[data-relations-row='ledger'] td:nth-child({})"
        assert second.locator(ledger.format(1)).inner_text() == HOSTILE_TITLE
        assert second.locator(ledger.format(5)).inner_text() == HOSTILE_OWNER
        storage = "[data-relations-row='storage'] td:nth-child({})"
        assert second.locator(storage.format(5)).inner_text() == 'a "b" <c>'
        assert second.locator(storage.format(4)).inner_text() == HOSTILE_TITLE
        # No element came out of a value: the only images and scripts are the theme's.
        assert (
            page.locator("[data-relations-query] img, [data-relations-query] script").count() == 0
        )
        assert page.locator("[data-relations-query] b").count() == 0
        svg_titles = page.eval_on_selector_all(
            "[data-relations-query-picture] a title", "els => els.map(e => e.textContent)"
        )
        assert HOSTILE_TITLE in svg_titles
        # Mermaid source: Mermaid's own entity codes, then HTML escaping (read from the file,
        # as Material swaps the element for its rendering).
        mermaid = site.html().split('<pre class="mermaid"><code>')[1].split("</code>")[0]
        assert "#60;img src=x onerror=#34;window.__xss=&#39;title&#39;#34;#62;Ledger" in mermaid
        assert "<" not in mermaid and '"' not in mermaid.replace("&#34;", "")
        # Visible and styled: a table with rows, a tree, a picture, links in the theme's colour.
        assert second.is_visible() and second.locator("tbody tr").count() == 2
        box = page.locator("[data-relations-query-picture] svg").bounding_box()
        assert box is not None and box["width"] > 300
        link = second.locator(ledger.format(1) + " a")
        assert link.get_attribute("href") in ("ledger/", "ledger/index.html")
        shot = output_dir("query") / f"query-{theme}.png"
        page.locator("[data-relations-query]").nth(1).screenshot(path=str(shot))
        publish_screenshot(shot)
        # The mkdocs and readthedocs themes load highlight.js, and Material loads Mermaid,
        # from a CDN this machine cannot reach; their scripts then fail on their own.
        cdn = ("hljs", "backdrop", "mermaid")
        assert [e for e in errors if not any(word in e for word in cdn)] == []
        context.close()


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_picture_and_redlinks_follow_materials_palette(
    site: Site, browser: Any, scheme: str
) -> None:
    site.pages(
        {
            "index.md": "---\ntitle: Payments\nrelationships:\n"
            "  - {type: depends-on, target: ledger}\n"
            "  - {type: depends-on, target: '[[fraud]]', redlink: true}\n---\n# Payments\n\n"
            "```relations\ndepth: 2\nshow: graph\n```\n\n"
            "```relations\nshow: table\ncolumns: [title, depends-on]\nlist: pages\n```\n",
            "ledger.md": "---\ntitle: Ledger\n---\n# Ledger\n",
        }
    )
    site.extra_config = {
        "theme": {
            "name": "material",
            "palette": [
                {"media": "(prefers-color-scheme: light)", "scheme": "default"},
                {"media": "(prefers-color-scheme: dark)", "scheme": "slate"},
            ],
        }
    }
    assert site.build(strict=True).ok
    with serve(site.site_dir) as url:
        context = browser.new_context(color_scheme=scheme, viewport={"width": 1200, "height": 900})
        page = context.new_page()
        page.goto(url)

        def brightness(selector: str, prop: str) -> float:
            value = page.eval_on_selector(selector, f"el => getComputedStyle(el).{prop}")
            parts = value[value.index("(") + 1 : value.index(")")].split(",")[:3]
            return sum(float(v) for v in parts) / 3

        text = brightness(".relations-query__picture .relations__node--current text", "fill")
        assert (text > 128) == (scheme == "dark")
        line = page.eval_on_selector(
            ".relations-query__picture line.relations__edge", "el => getComputedStyle(el).stroke"
        )
        assert line not in ("none", "")
        redlink = page.eval_on_selector(
            "[data-relations-query] .relations__redlink", "el => getComputedStyle(el).color"
        )
        red, green, _ = (float(v) for v in redlink[redlink.index("(") + 1 : -1].split(",")[:3])
        assert red > green + 40, redlink
        shot = output_dir("query") / f"query-picture-{scheme}.png"
        page.locator("[data-relations-query-picture]").screenshot(path=str(shot))
        publish_screenshot(shot)
        context.close()


TABLES = {
    "index.md": """---
title: Payments platform
relationships:
  - {type: depends-on, target: ledger-service}
  - {type: depends-on, target: kafka}
---
# Payments

```relations
follow: [depends-on]
direction: both
show: table
columns: [title, hops, type, via]
```

```relations
list: pages
show: table
columns: [title, id, folder, in, out, edges, depends-on, used by]
```
""",
    "ledger-service.md": "---\ntitle: Ledger service for the accounting department\n"
    "relationships:\n  - {type: depends-on, target: kafka}\n---\n# L\n",
    "kafka.md": "# Kafka streaming platform\n",
}


@pytest.mark.parametrize("theme", ["material", "mkdocs", "readthedocs"])
def test_tables_fit_a_phone(site: Site, browser: Any, theme: str) -> None:
    """At 390 px a four-column table fits the page by wrapping its cells (it was 400 px in
    Material, its last column off screen); an eight-column one scrolls inside its own box
    with the page's column kept in view, and the page itself never scrolls sideways."""
    site.pages(TABLES)
    site.extra_config = {
        "theme": {"name": theme, **({"font": False} if theme == "material" else {})}
    }
    assert site.build(strict=True).ok
    with serve(site.site_dir) as url:
        page = browser.new_page(viewport={"width": 390, "height": 844})
        page.goto(url)
        sizes = page.evaluate(
            """() => [...document.querySelectorAll("[data-relations-query] table")].map((t) => {
              const box = t.closest("[data-relations-query]").getBoundingClientRect();
              const r = t.getBoundingClientRect();
              return {left: r.left, right: r.right, boxLeft: box.left, boxRight: box.right};
            })"""
        )
        four, eight = sizes
        assert eight["left"] >= eight["boxLeft"] - 20, "the wide table starts in its box"
        assert four["right"] <= four["boxRight"] + 0.5 and four["right"] <= 390, four
        assert page.evaluate("document.documentElement.scrollWidth") <= 390
        # The wide one scrolls in its box; its first column stays where it was.
        cell = page.locator("[data-relations-query] table").nth(1).locator("tbody td").first
        before = cell.bounding_box()
        scroller = (
            page.locator("[data-relations-query] table")
            .nth(1)
            .evaluate_handle(
                "t => { for (let e = t.parentElement; e; e = e.parentElement) {"
                " const scrolls = getComputedStyle(e).overflowX !== 'visible';"
                " if (scrolls && e.scrollWidth > e.clientWidth + 1)"
                " return e; } return null; }"
            )
        )
        if scroller.json_value() is not None:
            scroller.evaluate("e => { e.scrollLeft = 200; }")
            after = cell.bounding_box()
            assert before is not None and after is not None
            # Sticky at the scrolling box's edge (Material's runs to the screen's edge).
            assert after["x"] >= 0 and before["x"] - after["x"] < 20, "the page's column stays"
            assert page.evaluate("document.documentElement.scrollWidth") <= 390
        shot = output_dir("query") / f"query-table-phone-{theme}.png"
        page.locator("[data-relations-query]").first.screenshot(path=str(shot))
        page.close()


def _large_overview_wiki(site: Site) -> None:
    """1,100 pages with sentence-long titles, 500 broken targets each written once, one
    target 200 pages want, path-like targets with no break in them."""
    words = ["analysis", "of", "the", "distributed", "consensus", "under", "partial", "and"]
    for n in range(1100):
        title = " ".join(words[(n + k) % len(words)] for k in range(14)).capitalize()
        edges = "".join(
            f"  - {{type: depends-on, target: '[[{target}]]'}}\n"
            for target in (
                [f"p{(n * 7) % 1000}"] * (n < 1000)
                + [f"missing/path/to-nowhere-{n}-{'x' * (n % 40)}"] * (n < 500)
                + ["the-page-everybody-wants"] * (n < 200)
            )
        )
        frontmatter = f"title: {title} {n}\nid: p{n}\nrelationships:\n{edges}"
        site.page(f"f{n % 7}/p{n}.md", f"---\n{frontmatter}---\n")
    site.plugin_options = {"overview": "relations.md", "fail_on_error": False}
    site.extra_config = {"theme": {"name": "material"}, "nav": [{"Overview": "relations.md"}]}


def test_the_overview_of_a_large_wiki_fits_its_column(site: Site, browser: Any) -> None:
    """The wanted table was 931 px wide in a 720 px column with a first row 4,712 px tall,
    and the page 95 phone screens long: each table now stays within its column, its first
    row under one screen, and the sections are folded."""
    _large_overview_wiki(site)
    assert site.build().ok
    with serve(site.site_dir) as url:
        for width, height in ((390, 844), (1280, 900)):
            page = browser.new_page(viewport={"width": width, "height": height})
            page.goto(url + "relations/")
            measured = page.evaluate(
                """() => {
                  const column = document.querySelector('article').getBoundingClientRect();
                  return {
                    column: column.width,
                    tables: [...document.querySelectorAll('[data-relations-query] table')]
                      .filter(t => t.offsetParent !== null)
                      .map(t => [t.getBoundingClientRect().right - column.left,
                                 t.querySelector('tbody tr').getBoundingClientRect().height]),
                    screens: document.documentElement.scrollHeight / innerHeight,
                  };
                }"""
            )
            assert len(measured["tables"]) >= 3, measured
            for right, first_row in measured["tables"]:
                assert right <= measured["column"] + 1, (width, measured)
                assert first_row < height, (width, measured)
            assert measured["screens"] < 20, (width, measured)
            shot = output_dir("query") / f"overview-{width}.png"
            page.screenshot(path=str(shot))
            publish_screenshot(shot)
            # The folded rest is one click away, and then every row is there.
            rest = page.locator("#wanted-pages ~ [data-relations-query] [data-relations-rest]")
            rest.first.locator("summary").click()
            assert rest.first.locator("tbody tr").first.is_visible()
            page.close()


def test_a_wide_graph_block_says_it_scrolls_sideways_only_where_it_does(
    site: Site, browser: Any
) -> None:
    """At 390 px a two-column walk is wider than the page and scrolls inside its figure; its
    second column was cut off with nothing to say so."""
    edges = "".join(f"  - {{type: depends-on, target: s{n}}}\n" for n in range(4))
    pages = {
        "index.md": f"---\ntitle: Payments\nrelationships:\n{edges}---\n# Payments\n\n"
        "```relations\ndepth: 2\nshow: graph\n```\n",
        **{
            f"s{n}.md": f"---\ntitle: Service number {n} of the platform\nrelationships:\n"
            f"  - {{type: part-of, target: t{n}}}\n---\n"
            for n in range(4)
        },
        **{f"t{n}.md": f"---\ntitle: Team {n} that owns it\n---\n" for n in range(4)},
    }
    site.pages(pages)
    site.extra_config = {"theme": {"name": "material"}}
    assert site.build(strict=True).ok
    with serve(site.site_dir) as url:
        for width, scrolls in ((390, True), (1280, False)):
            page = browser.new_page(viewport={"width": width, "height": 844})
            page.goto(url)
            figure = page.locator("[data-relations-query-picture]")
            wide = figure.evaluate("f => f.scrollWidth > f.clientWidth + 1")
            assert wide == scrolls, width
            assert page.locator("[data-relations-sideways]").is_visible() == scrolls, width
            shot = output_dir("query") / f"graph-block-{width}.png"
            page.locator("[data-relations-query]").screenshot(path=str(shot))
            page.close()


@pytest.mark.parametrize("theme", ["mkdocs", "material"])
def test_sentence_long_titles_in_the_overview_keep_to_three_lines(
    site: Site, browser: Any, theme: str
) -> None:
    """On a 390 px phone a 200-character title took 17 lines of the wanted table's narrow
    "From" column, and 20 wanted targets ten screens: a title in a table cell keeps to three
    lines, and keyboard focus shows it whole."""
    word = "Supercalifragilisticreconciliationledgerexportpipelineorchestratorv2"
    for n in range(20):
        title = f"{word} " + "settlement ledger export across regions " * 4 + str(n)
        site.page(
            f"p{n}.md",
            f"---\ntitle: {title}\nrelationships:\n"
            f"  - {{type: depends-on, target: gone-{n}}}\n---\n",
        )
    site.plugin_options = {"overview": "relations.md", "fail_on_error": False}
    site.extra_config = {"theme": {"name": theme, "font": False} if theme == "material" else theme}
    assert site.build().ok
    with serve(site.site_dir) as url:
        page = browser.new_page(viewport={"width": 390, "height": 844})
        try:
            page.goto(url + "relations/")
            wanted = page.locator("#wanted-pages ~ [data-relations-query]").first
            links = wanted.locator("td a")
            assert links.count() == 20
            lines = links.evaluate_all(
                """(all) => all.map((a) => a.getBoundingClientRect().height
                  / parseFloat(getComputedStyle(a).lineHeight))"""
            )
            assert max(lines) < 3.5, lines
            page.screenshot(path=str(output_dir("query") / f"overview-long-titles-{theme}.png"))
            links.first.focus()
            assert links.first.evaluate("a => a.scrollHeight <= a.clientHeight + 1")
            assert page.evaluate("document.documentElement.scrollWidth") <= 390
        finally:
            page.close()

"""What a reader meets on a wiki with hard shapes (tests/hard_shapes.py), measured in real
headless Chromium at 390×844 and 1280×900 on the mkdocs theme and Material: one entry a
line in every list, notes in Markdown shown as such, long titles kept to two lines and named
whole, red links after the pages that exist and folded under one count, and the
relationships reachable from the top of an 80-screen page; a hub used in five ways folds to
about a screen."""

from __future__ import annotations

import itertools
from pathlib import Path
from typing import Any

import pytest
from conftest import Site, output_dir, page_at
from hard_shapes import HUB, hard_wiki_pages

pytestmark = pytest.mark.browser

THEMES = {
    "mkdocs": {"name": "mkdocs"},
    "material": {"name": "material", "font": False, "features": ["navigation.instant"]},
}
SIZES = {"phone": (390, 844), "desktop": (1280, 900)}


@pytest.fixture(scope="module", params=sorted(THEMES))
def built(request: Any, tmp_path_factory: pytest.TempPathFactory) -> tuple[str, Path]:
    site = Site(tmp_path_factory.mktemp(f"hard-{request.param}"))
    site.pages(hard_wiki_pages())
    site.extra_config = {"theme": THEMES[request.param]}
    # 500 broken targets are errors the build reports; the site is built all the same.
    site.plugin_options = {"fail_on_error": False}
    result = site.build()
    assert result.ok, result.messages
    return request.param, site.site_dir


#: Every list entry of the panel, each folded list opened first; boxes of whole entries.
ENTRIES = """() => {
  const panel = document.querySelector("[data-relations-panel]");
  panel.querySelectorAll("details").forEach((d) => { d.open = true; });
  return [...panel.querySelectorAll(".relations__groups > dd ul, [data-relation-reach] ul")].map(
    (ul) => [...ul.children].map((li) => {
      const r = li.getBoundingClientRect();
      return { top: r.top, bottom: r.bottom, left: r.left, text: li.textContent.trim() };
    }),
  );
}"""

NOTES = """() => [...document.querySelectorAll(
  "[data-relations-panel] .relations__note, [data-relations-panel] [data-relation-reach] li > small"
)].map((n) => ({
  text: n.textContent,
  strong: n.querySelectorAll("strong, em, code").length,
  links: n.querySelectorAll("a[href]").length,
}))"""

TITLES = """() => [...document.querySelectorAll(".relations .relations__groups > dd li > a")].map(
  (a) => {
    const lines = a.getBoundingClientRect().height / parseFloat(getComputedStyle(a).lineHeight);
    return {
      text: a.textContent, tip: a.getAttribute("title"), lines,
      cut: a.scrollHeight > a.clientHeight + 1,
    };
  },
)"""


@pytest.mark.parametrize("size", sorted(SIZES))
def test_a_hub_reads_one_entry_a_line(browser: Any, built: tuple[str, Path], size: str) -> None:
    theme, site_dir = built
    width, height = SIZES[size]
    with page_at(browser, site_dir, f"{HUB}/", SIZES[size]) as page:
        # The longest page: many screens, and its relationships one tap from the top.
        total = page.evaluate("document.documentElement.scrollHeight")
        assert total > 25 * height, "the hub's page must be long for this test to mean it"
        jump = page.locator("[data-relations-jump] a.relations-jump__title")
        box = jump.bounding_box()
        assert box is not None and box["y"] >= 0 and box["y"] + box["height"] <= height, (
            "the relationships are not within one screen of the top"
        )
        first_group = page.locator("[data-relations-jump] a").nth(1)
        first_group.click()
        page.wait_for_function(
            "() => Math.abs(document.getElementById('relations-group-0')"
            ".getBoundingClientRect().top) < innerHeight"
        )
        page.screenshot(path=str(output_dir("reading") / f"{theme}-{size}-jumped.png"))

        lists = page.evaluate(ENTRIES)
        every = [entry for entries in lists for entry in entries]
        assert len(every) >= 150
        for entries in lists:
            for before, after in itertools.pairwise(entries):
                assert after["top"] >= before["bottom"] - 0.5, (before["text"], after["text"])
                assert abs(after["left"] - before["left"]) < 0.5, (before, after)
        assert "·" not in page.locator("[data-relations-panel] dl").first.inner_text()

        notes = page.evaluate(NOTES)
        assert sum(n["strong"] for n in notes) >= 10 and sum(n["links"] for n in notes) >= 5
        raw = [n["text"] for n in notes if "**" in n["text"] or "[[" in n["text"]]
        assert raw == [], "Markdown shown as literal text"
        assert page.locator("[data-relations-panel] script").count() == 0
        long_notes = page.locator("[data-relations-panel] details.relations__long-note")
        assert long_notes.count() > 0

        titles = page.evaluate(TITLES)
        assert any(t["cut"] for t in titles) or width > 1000
        for title in titles:
            assert title["lines"] < 2.6, title
            if title["cut"]:
                assert title["tip"] == title["text"], title
        # Focus shows a cut title whole.
        cut = [i for i, title in enumerate(titles) if title["cut"]]
        if cut:
            link = page.locator("[data-relations-panel] .relations__groups > dd li > a").nth(cut[0])
            link.focus()
            assert link.evaluate("a => a.scrollHeight <= a.clientHeight + 1")

        # Red links after the pages that exist, under one count; the ambiguous one says so.
        group = page.locator("#relations-group-0 + dd")
        first = group.locator("li").first
        assert first.locator("[data-relation-redlink]").count() == 0
        folded = group.locator("[data-relations-redlinks] > summary")
        assert folded.inner_text().strip() == "14 red links"
        assert "Matches 2 pages" in page.locator("[data-relations-panel]").inner_text()
        assert page.evaluate("document.documentElement.scrollWidth") <= width


def test_a_short_page_gets_no_jump_line(browser: Any, built: tuple[str, Path]) -> None:
    _, site_dir = built
    html = (site_dir / "platform" / "svc-03" / "index.html").read_text(encoding="utf-8")
    assert "data-relations-panel" in html
    assert "data-relations-jump" not in html


def _many_sided_hub() -> dict[str, str]:
    """A hub used 50 ways in each of five types, every neighbour's title a sentence and every
    third edge with a note: the shape that made a hub's panel two to three screens long."""
    pages = {"index.md": "# Home\n"}
    kinds = ("depends-on", "relates-to", "caused-by", "supersedes", "part-of")
    for k, kind in enumerate(kinds):
        for i in range(50):
            note = "    note: '**Blocking**: needs the *new* `schema`'\n" if i % 3 == 0 else ""
            pages[f"n{k}/p{i:02d}.md"] = (
                f"---\ntitle: How service {k}-{i} reconciles ledger entries across regions when "
                f"the nightly export arrives late\nrelationships:\n  - type: {kind}\n"
                f"    target: hub\n{note}---\n\nText.\n"
            )
    pages["hub.md"] = "---\ntitle: The hub\n---\n\n" + "\n\n".join(
        f"## Part {s}\n\n" + "Words for the reader. " * 60 for s in range(12)
    )
    return pages


@pytest.fixture(scope="module", params=sorted(THEMES))
def many_sided(request: Any, tmp_path_factory: pytest.TempPathFactory) -> tuple[str, Path]:
    site = Site(tmp_path_factory.mktemp(f"many-sided-{request.param}"))
    site.pages(_many_sided_hub())
    site.extra_config = {"theme": THEMES[request.param]}
    result = site.build()
    assert result.ok, result.messages
    return request.param, site.site_dir


@pytest.mark.parametrize("size", sorted(SIZES))
def test_a_many_sided_hub_folds_to_about_a_screen(
    browser: Any, many_sided: tuple[str, Path], size: str
) -> None:
    theme, site_dir = many_sided
    width, height = SIZES[size]
    with page_at(browser, site_dir, "hub/", SIZES[size]) as page:
        lists = page.locator("[data-relations-panel] dl.relations__groups").first
        lists.scroll_into_view_if_needed()
        page.screenshot(path=str(output_dir("reading") / f"{theme}-{size}-many-sided.png"))
        shown = page.evaluate(
            """() => [...document.querySelectorAll(
              "[data-relations-panel] .relations__groups > dd > ul > li")]
              .filter((li) => li.getBoundingClientRect().height > 0).length"""
        )
        assert shown <= 15, shown
        # Five groups of 50, each with its count and "and N more": all reachable.
        folds = page.locator("[data-relations-panel] [data-relations-fold] > summary")
        assert folds.count() == 5
        assert folds.first.inner_text().strip() == "and 47 more"
        box = lists.bounding_box()
        assert box is not None
        # About a screen: 15 entries at most, where each group showed five (25).
        assert box["height"] <= (1.1 if width > 1000 else 1.3) * height, box

"""The part-of trail on a wiki whose titles are sentences (and one an unbroken word), in real
headless Chromium at 390×844 and 1280×900 on the mkdocs theme and Material: the trail stays
inside the content column, keeps each step to one line, names a cut title whole in its
tooltip, and shows it whole under keyboard focus."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from conftest import Site, output_dir, page_at

pytestmark = pytest.mark.browser

THEMES = {
    "mkdocs": {"name": "mkdocs"},
    "material": {"name": "material", "font": False},
}
SIZES = {"phone": (390, 844), "desktop": (1280, 900)}
WORD = "Supercalifragilisticreconciliationledgerexportpipelineorchestratorv2"
TITLES = [
    f"How `settlement_job.reconcile()` handles {'ledger entries across regions ' * 4}",
    f"{WORD} and the reconciliation of ledger entries across regions when exports arrive late",
    "The *nightly* **batch** export for https://example.org/very/long/path/that/never/breaks",
    "A short step",
    f"The page itself, whose title is also a sentence about {'ledger entries ' * 6}",
]


@pytest.fixture(scope="module", params=sorted(THEMES))
def built(request: Any, tmp_path_factory: pytest.TempPathFactory) -> tuple[str, Path]:
    site = Site(tmp_path_factory.mktemp(f"trail-{request.param}"))
    (site.root / "docs").mkdir()
    pages = {"index.md": "# Home\n"}
    for i, title in enumerate(TITLES):
        up = f"relationships:\n  - {{type: part-of, target: s{i - 1}}}\n" if i else ""
        pages[f"s{i}.md"] = f'---\ntitle: "{title.strip()}"\n{up}---\n\nStep {i}.\n'
    site.pages(pages)
    site.extra_config = {"theme": THEMES[request.param]}
    site.plugin_options = {"breadcrumbs": True}
    result = site.build()
    assert result.ok, result.messages
    return request.param, site.site_dir


STEPS = """() => [...document.querySelectorAll("[data-relations-breadcrumbs] li")].map((li) => {
  const r = li.getBoundingClientRect();
  const a = li.querySelector("a");
  return {
    text: li.textContent.trim(), height: r.height, right: r.right,
    line: parseFloat(getComputedStyle(li).lineHeight),
    tip: a ? a.getAttribute("title") : null,
    cut: li.scrollWidth > li.clientWidth + 1,
  };
})"""

#: The right edge of what the trail shows: its box with whatever overflows it, and its steps.
INSIDE = """n => Math.max(n.getBoundingClientRect().left + n.scrollWidth,
  ...[...n.querySelectorAll("li")].map((e) => e.getBoundingClientRect().right))"""


@pytest.mark.parametrize("size", sorted(SIZES))
def test_a_trail_of_long_titles_keeps_to_its_column(
    browser: Any, built: tuple[str, Path], size: str
) -> None:
    theme, site_dir = built
    width = SIZES[size][0]
    with page_at(browser, site_dir, f"s{len(TITLES) - 1}/", SIZES[size]) as page:
        trail = page.locator("[data-relations-breadcrumbs]")
        page.screenshot(path=str(output_dir("trail") / f"{theme}-{size}.png"))
        column = trail.evaluate("n => n.parentElement.getBoundingClientRect().right")
        steps = page.evaluate(STEPS)
        assert len(steps) == len(TITLES)
        for step in steps:
            assert step["right"] <= column + 0.5, step
            # One line a step: a trail of sentence-long titles would fill a phone's screen.
            assert step["height"] < 1.6 * step["line"], step
            if step["cut"] and step["tip"] is None:
                assert step is steps[-1], step  # the page's own title is its heading
            if step["cut"] and step["tip"] is not None:
                assert step["tip"] == step["text"], step
        assert any(step["cut"] for step in steps)
        # Inside the viewport too (the page's own header is the theme's business).
        assert trail.evaluate(INSIDE) <= width, "the trail pushes the page sideways"
        # Focus shows a cut step whole, wrapped within the column.
        first = trail.locator("a").first
        first.focus()
        whole = first.evaluate(
            "a => { const li = a.parentElement; return [li.scrollWidth <= li.clientWidth + 1,"
            " li.getBoundingClientRect().right]; }"
        )
        assert whole[0] and whole[1] <= column + 0.5, whole
        # The focus ring is drawn outside the link: no step may clip it.
        clipping = first.evaluate(
            "a => { const out = []; for (let e = a.parentElement; e && e.tagName !== 'NAV';"
            " e = e.parentElement) { if (getComputedStyle(e).overflowX !== 'visible')"
            " out.push(e.tagName); } return out; }"
        )
        assert clipping == [], clipping
        assert trail.evaluate(INSIDE) <= width

"""``show: graph`` blocks in a real headless Chromium, held to the picture's rules at a
phone's 390×844 and a desktop's 1280×900: walks of 5, 20 and 60 pages are measured for the
smallest on-screen text, overlapping labels, lines through labels, shortened titles whose
full title cannot be reached, and raw type names. And a labelled symmetric type, read as one
group from both ends in the panel, its picture and a graph block."""

from __future__ import annotations

import itertools
import re
from pathlib import Path
from typing import Any

import pytest
from conftest import Site, output_dir, publish_screenshot, serve

pytestmark = pytest.mark.browser

MATERIAL = {"theme": {"name": "material", "features": ["navigation.instant"], "font": False}}
PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 900}
TYPES = ("depends-on", "part-of", "relates-to", "used-by", "supersedes")
TITLES = (
    "Client application {n}",
    "Architecture overview of the payments platform {n}",
    "Ledger {n}",
    "Internationalisation guidelines {n}",
    "Kafka {n}",
)


def _walk(prefix: str, size: int) -> dict[str, str]:
    """A start page reaching ``size`` pages within two hops, by every kind of step: its own
    edges, edges pointing at it (read backwards) and symmetric ones; first hop then second
    hop in a 2:1 ratio, so 60 pages put 40 in one column."""
    first = max(1, (size * 2) // 3)
    pages: dict[str, str] = {}
    start_edges = []
    for i in range(size):
        page = f"{prefix}/p{i}"
        edges = []
        kind = TYPES[i % len(TYPES)]
        if i < first:
            if i % 3 == 1:
                edges.append(f'  - {{type: {kind}, target: "[[{prefix}/start]]"}}\n')
            else:
                start_edges.append(f'  - {{type: {kind}, target: "[[{page}]]"}}\n')
        else:
            edges.append(f'  - {{type: {kind}, target: "[[{prefix}/p{i - first}]]"}}\n')
        title = TITLES[i % len(TITLES)].format(n=i)
        front = f"title: {title}\n" + (f"relationships:\n{''.join(edges)}" if edges else "")
        pages[f"{page}.md"] = f"---\n{front}---\n# {title}\n"
    pages[f"{prefix}/start.md"] = (
        f"---\ntitle: Architecture overview {prefix}\nrelationships:\n{''.join(start_edges)}"
        f"---\n# Start\n\n```relations\ndirection: both\ndepth: 2\nshow: graph\n```\n"
    )
    return pages


MEASURE = """() => {
  const svg = document.querySelector("[data-relations-query-picture] svg");
  const figure = svg.parentElement;
  figure.scrollLeft = 0;
  const scale = svg.getScreenCTM().a;
  // Measured in the SVG's own coordinates times its scale: a wide walk scrolls, and what is
  // scrolled out of view is still laid out.
  const local = (el) => {
    const b = el.getBBox();
    const m = el.getCTM();
    return [b.x * m.a + m.e, b.y * m.d + m.f, (b.x + b.width) * m.a + m.e,
            (b.y + b.height) * m.d + m.f];
  };
  const texts = [...svg.querySelectorAll("tspan")].map((t) => {
    const node = t.closest(".relations__node");
    const title = node ? node.querySelector("title") : null;
    return {
      text: t.textContent,
      size: parseFloat(getComputedStyle(t).fontSize) * scale,
      box: local(t),
      full: title ? title.textContent : null,
    };
  });
  const lines = [...svg.querySelectorAll("line")].map((l) => {
    const m = l.getCTM();
    const at = (x, y) => new DOMPoint(x, y).matrixTransform(m);
    const a = at(l.x1.baseVal.value, l.y1.baseVal.value);
    const b = at(l.x2.baseVal.value, l.y2.baseVal.value);
    return [a.x, a.y, b.x, b.y];
  });
  const rects = [...svg.querySelectorAll("rect")].map(local);
  return {
    texts, lines, rects, scale,
    figure: figure.getBoundingClientRect().width,
    page: document.documentElement.scrollWidth,
    viewport: window.innerWidth,
    list: !!document.querySelector("[data-relations-query-all]"),
    listed: document.querySelectorAll("[data-relations-query-all] li").length,
    capped: parseInt(figure.getAttribute("data-relations-capped") || "0"),
  };
}"""


def _overlap(a: list[float], b: list[float], slack: float = 0.5) -> bool:
    return (
        a[0] < b[2] - slack and b[0] < a[2] - slack and a[1] < b[3] - slack and b[1] < a[3] - slack
    )


def _crosses(line: list[float], box: list[float]) -> bool:
    """Whether a segment passes through a box's inside (Liang-Barsky clipping)."""
    x1, y1, x2, y2 = line
    left, top, right, bottom = box[0] + 0.5, box[1] + 0.5, box[2] - 0.5, box[3] - 0.5
    if right <= left or bottom <= top:
        return False
    dx, dy = x2 - x1, y2 - y1
    low, high = 0.0, 1.0
    for p, q in ((-dx, x1 - left), (dx, right - x1), (-dy, y1 - top), (dy, bottom - y1)):
        if p == 0:
            if q <= 0:
                return False
            continue
        t = q / p
        if p < 0:
            low = max(low, t)
        else:
            high = min(high, t)
    return low < high


def _problems(data: dict[str, Any], size: int) -> dict[str, list[Any]]:
    texts = data["texts"]
    raw = re.compile("|".join(t for t in TYPES if "-" in t))
    shortened = [t for t in texts if t["text"].endswith("…")]
    return {
        "small": [(t["text"], round(t["size"], 2)) for t in texts if t["size"] < 11],
        "overlaps": [
            (a["text"], b["text"])
            for a, b in itertools.combinations(texts, 2)
            if _overlap(a["box"], b["box"])
        ],
        "through": [
            (line, t["text"]) for line in data["lines"] for t in texts if _crosses(line, t["box"])
        ],
        "clipped": [
            t["text"] for t in shortened if not (t["full"] and t["text"][:-1].rstrip() in t["full"])
        ],
        "raw": [t["text"] for t in texts if raw.search(t["text"])],
        "unlisted": [] if not data["capped"] or data["listed"] == size else [data["listed"]],
        "page_scrolls": [] if data["page"] <= data["viewport"] else [data["page"]],
    }


@pytest.fixture(scope="module")
def walks(tmp_path_factory: pytest.TempPathFactory) -> Path:
    site = Site(tmp_path_factory.mktemp("walks"))
    (site.root / "docs").mkdir()
    for size in (5, 20, 60):
        site.pages(_walk(f"g{size}", size))
    site.page("index.md", "# Home\n")
    site.extra_config = MATERIAL
    result = site.build(strict=True)
    assert result.ok, result.messages
    return site.site_dir


@pytest.mark.parametrize("viewport", [PHONE, DESKTOP], ids=["390x844", "1280x900"])
def test_graph_blocks_read_like_the_picture(browser: Any, walks: Path, viewport: Any) -> None:
    with serve(walks) as url:
        context = browser.new_context(viewport=viewport)
        page = context.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        found = {}
        for size in (5, 20, 60):
            page.goto(f"{url}g{size}/start/")
            figure = page.locator("[data-relations-query-picture]")
            figure.scroll_into_view_if_needed()
            data = page.evaluate(MEASURE)
            found[size] = data
            problems = _problems(data, size)
            assert not any(problems.values()), (size, problems)
            # Every reached page is in the picture, or counted under "and N more" and listed.
            boxes = len(data["rects"]) - 1
            assert boxes + data["capped"] - (1 if data["capped"] else 0) >= size, size
            # Material's sticky header would stand over the top of a tall figure.
            page.add_style_tag(content=".md-header { visibility: hidden; }")
            name = f"graph-{size}-{viewport['width']}.png"
            shot = output_dir("query") / name
            figure.screenshot(path=str(shot))
            if size == 20:
                publish_screenshot(shot)
        assert found[5]["capped"] == 0 and found[60]["capped"] > 0
        assert errors == []
        context.close()


@pytest.fixture(scope="module")
def labelled(tmp_path_factory: pytest.TempPathFactory) -> Path:
    site = Site(tmp_path_factory.mktemp("labelled"))
    (site.root / "docs").mkdir()
    site.pages(
        {
            "a.md": "---\ntitle: Alpha\nrelationships:\n  - {type: relates-to, target: b}\n"
            "---\n# A\n",
            "b.md": "---\ntitle: Beta\nrelationships:\n  - {type: relates-to, target: c}\n"
            "  - {type: depends-on, target: e}\n---\n# B\n\n"
            "```relations\ndirection: both\nshow: graph\n```\n",
            "c.md": "---\ntitle: Gamma\n---\n# C\n",
            "e.md": "---\ntitle: Epsilon\n---\n# E\n",
        }
    )
    site.extra_config = MATERIAL
    site.plugin_options = {"labels": {"relates-to": "verwandt mit"}}
    assert site.build(strict=True).ok
    return site.site_dir


@pytest.mark.parametrize("viewport", [PHONE, DESKTOP], ids=["390x844", "1280x900"])
def test_a_labelled_symmetric_type_is_one_group_on_screen(
    browser: Any, labelled: Path, viewport: Any
) -> None:
    with serve(labelled) as url:
        context = browser.new_context(viewport=viewport)
        page = context.new_page()
        page.goto(f"{url}b/")
        headings = page.locator("[data-relations-panel] .relations__groups > dt").all_inner_texts()
        assert [h.strip() for h in headings] == ["Depends on", "Verwandt mit"]
        # An entry's type is its own where it says one, else its group's list's.
        entries = page.eval_on_selector_all(
            "[data-relations-panel] .relations__groups > dd li > a",
            "els => els.filter((e) => e.closest('[data-relation-type]').dataset.relationType"
            " === 'relates-to').map((e) => e.textContent)",
        )
        assert sorted(e.strip() for e in entries) == ["Alpha", "Gamma"]
        captions = page.locator("[data-relations-picture] [data-relations-caption]")
        assert [c.strip() for c in captions.all_text_contents()] == ["→ depends on", "verwandt mit"]
        block = page.locator("[data-relations-query-picture] .relations__edge-label")
        assert sorted(c.strip() for c in block.all_text_contents()) == [
            "depends on",
            "verwandt mit",
        ]
        # Both ends of the symmetric edge hang under one caption, without arrows.
        lines = page.locator("[data-relations-query-picture] line:not([marker-end])")
        assert lines.count() == 2
        context.close()

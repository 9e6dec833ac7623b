"""The reader's view in a real headless Chromium, on Material with instant navigation, at a
phone's 390×844 and a desktop's 1280×900, in light and dark palettes: what is measured is
what a reader sees (on-screen font sizes, crossings, heights, contrast)."""

from __future__ import annotations

import itertools
import shutil
from pathlib import Path
from typing import Any

import pytest
from built_html import page_elements
from conftest import Site, output_dir, publish_screenshot, serve
from wikis import PANEL_WIKI as WIKI

pytestmark = pytest.mark.browser

MATERIAL = {
    "theme": {
        "name": "material",
        "features": ["navigation.instant"],
        # No web fonts: the tests run offline, and a failed font request is a console error.
        "font": False,
        "palette": [
            {"media": "(prefers-color-scheme: light)", "scheme": "default"},
            {"media": "(prefers-color-scheme: dark)", "scheme": "slate"},
        ],
    }
}
PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 900}


def _hub_pages() -> dict[str, str]:
    """A hub with 40 relationships: 10 outgoing, 4 symmetric, 26 incoming."""
    pages = {f"s{i:02d}.md": f"# Service number {i}\n" for i in range(14)}
    links = "".join(f"  - {{type: depends-on, target: s{i:02d}}}\n" for i in range(10))
    links += "".join(f"  - {{type: relates-to, target: s{i:02d}}}\n" for i in range(10, 14))
    pages["hub.md"] = f"---\ntitle: Central platform hub\nrelationships:\n{links}---\n# Hub\n"
    for i in range(26):
        pages[f"c{i:02d}.md"] = (
            f"---\nrelationships:\n  - {{type: depends-on, target: hub}}\n---\n# Consumer {i}\n"
        )
    return pages


LONG_TITLES = {
    "long.md": """
        ---
        title: A page whose title is much too long to fit on one line of the picture
        relationships:
          - {type: depends-on, target: ledger}
          - {type: part-of, target: "[[platform/checkout]]"}
          - {type: relates-to, target: reports}
          - {type: supersedes, target: legacy}
          - {type: depends-on, target: wide}
        ---
        # Long
        """,
    "wide.md": "---\ntitle: WWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWW\n---\n# Wide\n",
}


def _site(site: Site, **plugin: Any) -> Site:
    site.pages(WIKI)
    site.pages(_hub_pages())
    site.pages(LONG_TITLES)
    site.extra_config = MATERIAL
    site.plugin_options = plugin
    result = site.build(strict=True)
    assert result.ok, result.messages
    return site


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The site with default options, built once for the tests that only read it."""
    root = tmp_path_factory.mktemp("panels")
    (root / "docs").mkdir()
    return _site(Site(root)).site_dir


def _watch(page: Any) -> list[str]:
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.on("console", lambda msg: errors.append(msg.text) if msg.type == "error" else None)
    return errors


MEASURE = """() => {
  const svg = document.querySelector("[data-relations-picture] svg");
  const scale = svg.getScreenCTM().a;
  const box = (r) => [r.left, r.top, r.right, r.bottom];
  const texts = [...svg.querySelectorAll("tspan")].map((t) => ({
    text: t.textContent,
    size: parseFloat(getComputedStyle(t).fontSize) * scale,
    box: box(t.getBoundingClientRect()),
  }));
  const lines = [...svg.querySelectorAll("line")].map((l) => {
    const m = l.getScreenCTM();
    const a = new DOMPoint(l.x1.baseVal.value, l.y1.baseVal.value).matrixTransform(m);
    const b = new DOMPoint(l.x2.baseVal.value, l.y2.baseVal.value).matrixTransform(m);
    return [a.x, a.y, b.x, b.y];
  });
  const rects = [...svg.querySelectorAll("rect")].map((r) => box(r.getBoundingClientRect()));
  return { texts, lines, rects, svg: box(svg.getBoundingClientRect()) };
}"""


def _overlap(a: list[float], b: list[float], slack: float = 0.5) -> bool:
    return (
        a[0] < b[2] - slack and b[0] < a[2] - slack and a[1] < b[3] - slack and b[1] < a[3] - slack
    )


def _crosses(line: list[float], box: list[float]) -> bool:
    """Whether a segment passes through a box (sampled finely; boxes are a few px tall)."""
    x1, y1, x2, y2 = line
    for step in range(201):
        t = step / 200
        x, y = x1 + (x2 - x1) * t, y1 + (y2 - y1) * t
        if box[0] + 0.5 < x < box[2] - 0.5 and box[1] + 0.5 < y < box[3] - 0.5:
            return True
    return False


def _check_picture(page: Any) -> dict[str, Any]:
    data: dict[str, Any] = page.evaluate(MEASURE)
    texts, svg = data["texts"], data["svg"]
    assert texts
    small = [(t["text"], round(t["size"], 2)) for t in texts if t["size"] < 11]
    assert small == [], "picture text under 11 CSS px"
    for a, b in itertools.combinations(texts, 2):
        assert not _overlap(a["box"], b["box"]), (a["text"], b["text"])
    for line in data["lines"]:
        for text in texts:
            assert not _crosses(line, text["box"]), (line, text["text"])
    for thing in [t["box"] for t in texts] + data["rects"]:
        inside = (
            thing[0] >= svg[0] - 0.5
            and thing[1] >= svg[1] - 0.5
            and thing[2] <= svg[2] + 0.5
            and thing[3] <= svg[3] + 0.5
        )
        assert inside, ("clipped", thing, svg)
    # Every label sits inside its box: no text spills into the lines' gap.
    for text in texts:
        holders = [r for r in data["rects"] if _overlap(text["box"], r, 0)]
        assert all(
            r[0] - 0.5 <= text["box"][0] and text["box"][2] <= r[2] + 0.5 for r in holders
        ), text["text"]
    return data


@pytest.mark.parametrize("viewport", [PHONE, DESKTOP], ids=["390x844", "1280x900"])
def test_picture_reads_on_a_phone_and_a_desktop(browser: Any, built: Path, viewport: Any) -> None:
    with serve(built) as url:
        context = browser.new_context(viewport=viewport)
        page = context.new_page()
        errors = _watch(page)
        for path in ("", "ledger/", "long/", "hub/", "platform/checkout/"):
            page.goto(url + path)
            page.locator("[data-relations-picture]").scroll_into_view_if_needed()
            _check_picture(page)
        # The hub's picture groups past picture_limit as the panel does, with its counts.
        page.goto(url + "hub/")
        groups = page.eval_on_selector_all(
            "[data-relations-panel] .relations__groups > dt",
            "els => els.map(e => [e.textContent.trim(), e.nextElementSibling"
            ".querySelectorAll('.relations__groups > dd li > a, .relations__redlink').length])",
        )
        nodes = page.eval_on_selector_all(
            "[data-relations-picture] .relations__node:not(.relations__node--current) text",
            "els => els.map(e => e.textContent)",
        )
        assert sorted(nodes) == sorted(f"{label} ({n})" for label, n in groups)
        assert errors == []
        context.close()


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_hub_panel_fits_and_folds_without_script(browser: Any, built: Path, scheme: str) -> None:
    with serve(built) as url:
        context = browser.new_context(viewport=DESKTOP, color_scheme=scheme)
        page = context.new_page()
        errors = _watch(page)
        page.goto(url + "hub/")
        panel = page.locator("[data-relations-panel]")
        panel.scroll_into_view_if_needed()
        box = panel.bounding_box()
        assert box is not None and box["height"] <= 600, box
        links = page.locator(
            "[data-relations-panel] :is(.relations__groups > dd li > a, .relations__redlink)"
        )
        assert links.count() == 40
        hidden = page.locator("[data-relations-fold] li > a")
        assert hidden.count() > 0 and not hidden.first.is_visible()
        # Reach lists and folds are quiet disclosure rows, not Material admonitions.
        summary = page.locator("[data-relations-fold] > summary").first
        style = summary.evaluate(
            "el => [getComputedStyle(el).backgroundColor, getComputedStyle(el, '::before')"
            ".maskImage || getComputedStyle(el, '::before').webkitMaskImage]"
        )
        assert style[0] in ("rgba(0, 0, 0, 0)", "transparent") and style[1] == "none", style
        summary.click()
        assert hidden.first.is_visible()
        # The table of contents leads to the panel.
        assert page.locator(".md-nav--secondary a[href$='#relations-panel']").count() >= 1
        shot = output_dir("panels") / f"panel-{scheme}.png"
        page.goto(url)
        page.locator("[data-relations-panel]").screenshot(path=str(shot))
        publish_screenshot(shot)
        assert errors == []
        context.close()
    # Without JavaScript the folded entries are still one click away.
    with serve(built) as url:
        context = browser.new_context(viewport=DESKTOP, java_script_enabled=False)
        page = context.new_page()
        page.goto(url + "hub/")
        page.locator("[data-relations-fold] > summary").first.click()
        assert page.locator("[data-relations-fold] li > a").first.is_visible()
        context.close()


def test_phone_screenshot_and_panel_height(browser: Any, built: Path) -> None:
    with serve(built) as url:
        context = browser.new_context(viewport=PHONE, device_scale_factor=2)
        page = context.new_page()
        errors = _watch(page)
        page.goto(url)
        panel = page.locator("[data-relations-panel]")
        panel.scroll_into_view_if_needed()
        shot = output_dir("panels") / "panel-phone.png"
        panel.screenshot(path=str(shot))
        publish_screenshot(shot)
        page.goto(url + "hub/")
        box = page.locator("[data-relations-panel]").bounding_box()
        assert box is not None and box["height"] <= 900, box
        assert errors == []
        context.close()


GERMAN = {
    "depends-on": "hängt ab von",
    "depends-on.inverse": "wird verwendet von",
    "part-of": "ist Teil von",
    "part-of.inverse": "hat Teil",
    "relates-to": "steht in Bezug zu",
    "relates-to.inverse": "steht in Bezug zu",
    "supersedes": "ersetzt",
    "supersedes.inverse": "ersetzt durch",
    "used-by": "verwendet von",
    "used-by.inverse": "verwendet",
}
RAW = ["depends-on", "part-of", "relates-to", "supersedes", "used-by", "depends on", "part of"]


def test_labels_reach_panel_picture_and_finder(site: Site, browser: Any) -> None:
    _site(site, labels=GERMAN)
    with serve(site.site_dir) as url:
        page = browser.new_page(viewport=DESKTOP)
        errors = _watch(page)
        page.goto(url + "reporting/")
        page.wait_for_selector("[data-relations-pathfinder][data-relations-ready]")
        _submit(page, "Checkout", "2")
        shown = " ".join(
            page.locator(selector).inner_text()
            for selector in (
                "[data-relations-panel]",
                ".relations-finder__form",
                ".relations-finder__chain",
            )
        )
        shown += " ".join(
            page.eval_on_selector_all("svg text", "els => els.map(e => e.textContent)")
        )
        assert "hängt ab von" in shown and "ist Teil von" in shown
        for raw in RAW:
            assert raw not in shown.lower(), raw
        # The command line's form stays available for copying.
        text = page.locator(".relations-finder__text").text_content()
        assert text == "[[reporting]] —depends-on→ [[index]] —part-of→ [[platform/checkout]]"
        assert errors == []
        page.close()


def _submit(page: Any, text: str, expect: str | None = None) -> str:
    """Type a page name and press Enter (the open suggestion list covers the button)."""
    page.fill(".relations-finder__input", text)
    page.keyboard.press("Escape")
    page.press(".relations-finder__input", "Enter")
    result = page.locator(".relations-finder__result")
    try:
        result.filter(has_text=expect or "").locator("p").first.wait_for(timeout=15000)
    except Exception as exc:  # say what the reader saw instead
        raise AssertionError(f"{expect!r} not in {result.inner_text()!r}") from exc
    return str(result.inner_text())


def _luminance(rgb: tuple[float, ...]) -> float:
    def channel(c: float) -> float:
        c = c / 255
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (channel(c) for c in rgb[:3])
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def _rgb(css: str) -> tuple[float, ...]:
    return tuple(float(v) for v in css[css.index("(") + 1 : css.index(")")].split(",")[:3])


def _contrast(a: str, b: str) -> float:
    la, lb = sorted((_luminance(_rgb(a)), _luminance(_rgb(b))), reverse=True)
    return (la + 0.05) / (lb + 0.05)


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("viewport", [PHONE, DESKTOP], ids=["390x844", "1280x900"])
def test_finder_form_is_aligned_and_readable(
    browser: Any, built: Path, scheme: str, viewport: Any
) -> None:
    with serve(built) as url:
        context = browser.new_context(viewport=viewport, color_scheme=scheme)
        page = context.new_page()
        errors = _watch(page)
        page.goto(url + "ledger/")
        page.wait_for_selector("[data-relations-pathfinder][data-relations-ready]")
        button = page.locator(".relations-finder__submit")
        colours = button.evaluate(
            "el => [getComputedStyle(el).color, getComputedStyle(el).backgroundColor]"
        )
        assert _contrast(*colours) >= 4.5, colours
        boxes = {
            name: page.locator(selector).bounding_box()
            for name, selector in {
                "form": ".relations-finder__form",
                "page": ".relations-finder__input",
                "type": ".relations-finder__type",
                "hops": ".relations-finder__hops",
                "check": ".relations-finder__directed",
                "button": ".relations-finder__submit",
            }.items()
        }
        form = boxes["form"]
        for name, box in boxes.items():
            assert box is not None
            assert box["x"] >= form["x"] - 0.5, name
            assert box["x"] + box["width"] <= form["x"] + form["width"] + 0.5, name
        # Fields in one row share top and bottom; the type and hops fields always do.
        assert abs(boxes["type"]["y"] - boxes["hops"]["y"]) < 1
        assert abs(boxes["type"]["height"] - boxes["hops"]["height"]) < 1
        if viewport is DESKTOP:
            assert abs(boxes["page"]["y"] - boxes["type"]["y"]) < 1
        # The button's text is on one line.
        assert button.evaluate("el => el.scrollWidth <= el.clientWidth")
        assert boxes["button"]["height"] < 2.2 * 16
        # Suggestions: the current page is not offered; keyboard choice differs from hover.
        page.fill(".relations-finder__input", "e")
        page.wait_for_selector(".relations-finder__option")
        offered = page.locator(".relations-finder__option-id").all_inner_texts()
        assert "ledger" not in offered and offered
        page.keyboard.press("ArrowDown")
        options = page.locator(".relations-finder__option")
        options.nth(1).hover()
        chosen = options.nth(0).evaluate("el => getComputedStyle(el).borderLeftColor")
        hovered = options.nth(1).evaluate("el => getComputedStyle(el).borderLeftColor")
        assert chosen != hovered
        shot = output_dir("finder") / f"finder-{scheme}-{viewport['width']}.png"
        page.locator("[data-relations-pathfinder]").screenshot(path=str(shot))
        if scheme == "light" and viewport is DESKTOP:
            _submit(page, "Reporting", "hops")
            page.locator("[data-relations-pathfinder]").screenshot(
                path=str(output_dir("finder") / "finder.png")
            )
            publish_screenshot(output_dir("finder") / "finder.png")
        assert errors == []
        context.close()


def test_finder_messages_and_hop_cap(browser: Any, built: Path) -> None:
    with serve(built) as url:
        page = browser.new_page(viewport=DESKTOP)
        errors = _watch(page)
        page.goto(url + "ledger/")
        page.wait_for_selector("[data-relations-pathfinder][data-relations-ready]")
        assert "No page matches “zzzz”" in _submit(page, "zzzz", "zzzz")
        assert "Several pages match “Consumer”" in _submit(page, "Consumer", "Several")
        assert _submit(page, "", "Type") == "Type a page name."
        page.fill(".relations-finder__hops", "9")
        text = _submit(page, "Reporting", "hops:")
        assert "at most 4 hops; searched within 4" in text
        assert page.input_value(".relations-finder__hops") == "4"
        # Reading left to right: a step against an edge's direction uses the inverse label.
        edges = page.locator(".relations-finder__edge").all_inner_texts()
        assert edges == ["—used by→", "—used by→"]
        assert errors == []
        page.close()


def test_finder_after_instant_navigation_and_from_the_panel_link(browser: Any, built: Path) -> None:
    with serve(built) as url:
        page = browser.new_page(viewport=PHONE)
        errors = _watch(page)
        page.goto(url)
        page.click("[data-relations-panel] a[href*='ledger']")
        page.wait_for_url("**/ledger/")
        page.wait_for_selector("[data-relations-pathfinder][data-relations-ready]")
        assert page.get_attribute("[data-relations-pathfinder]", "data-relations-page") == "ledger"
        link = page.locator("[data-relations-finder-link] a")
        assert link.is_visible() and link.inner_text() == "Find a path from here"
        marker = page.evaluate_handle("document.querySelector('.relations-finder__input')")
        link.click()
        # The link leads to the finder, with the cursor in it, without reloading the page.
        assert page.evaluate("document.activeElement.id") == "relations-finder-input"
        assert page.evaluate("m => m === document.activeElement", marker)
        finder = page.locator("[data-relations-pathfinder]")
        box = finder.bounding_box()
        assert box is not None and 0 <= box["y"] < PHONE["height"], "the link leads to the finder"
        _submit(page, "Reporting", "hops:")
        assert page.locator(".relations-finder__text").text_content() == (
            "[[ledger]] ←depends-on— [[index]] ←depends-on— [[reporting]]"
        )
        assert errors == []
        page.close()


def test_finder_from_disk_with_instant_navigation(site: Site, browser: Any) -> None:
    site.extra_config = {**MATERIAL, "use_directory_urls": False}
    site.pages(WIKI)
    assert site.build(strict=True).ok
    page = browser.new_page(viewport=DESKTOP)
    errors = _watch(page)
    page.goto((site.site_dir / "ledger.html").as_uri())
    page.wait_for_selector("[data-relations-pathfinder][data-relations-ready]", timeout=5000)
    _submit(page, "Reporting", "hops:")
    hrefs = page.eval_on_selector_all(".relations-finder__chain a", "els => els.map(e => e.href)")
    assert len(hrefs) == 3
    for href in hrefs:
        assert Path(href.removeprefix("file://")).is_file(), href
    assert errors == []
    page.close()


def test_readthedocs_headings_are_not_boxes(site: Site, browser: Any) -> None:
    """readthedocs paints definition-list terms as blue boxes; the panel's headings stay text."""
    site.pages(WIKI)
    site.extra_config = {"theme": {"name": "readthedocs"}}
    assert site.build(strict=True).ok
    with serve(site.site_dir) as url:
        page = browser.new_page(viewport=DESKTOP)
        page.goto(url)
        style = page.eval_on_selector(
            ".relations__groups > dt",
            "el => [getComputedStyle(el).backgroundColor, getComputedStyle(el).borderTopWidth]",
        )
        assert style == ["rgba(0, 0, 0, 0)", "0px"], style
        page.close()


#: Each box of the drawn picture as (its text, the page it links to), and each entry of the
#: panel's lists as (its title, the page it links to); links resolved by the browser.
DRAWN = """() => {
  const svg = document.querySelector("[data-relations-picture] svg");
  const boxes = [...svg.querySelectorAll("a.relations__node")].map((a) => [
    [...a.querySelectorAll("tspan")].map((t) => t.textContent).join(" "),
    new URL(a.getAttribute("xlink:href"), document.baseURI).href,
  ]);
  const entries = "[data-relations-panel] .relations__groups > dd li > a";
  const listed = [...document.querySelectorAll(entries)].map((a) => [a.textContent, a.href]);
  const center = [...svg.querySelectorAll(".relations__node--current tspan")]
    .map((t) => t.textContent).join(" ");
  return { boxes, listed, center, label: svg.getAttribute("aria-label") };
}"""


def test_the_picture_is_drawn_in_the_browser_from_the_lists(site: Site, browser: Any) -> None:
    """A page carries the panel's lists and an empty figure; the script draws the picture
    from the lists, linking each box where its entry links, from disk (file://) and served
    under a sub-path, and again on a page Material's instant navigation brings in."""
    site.pages(WIKI)
    site.extra_config = {**MATERIAL, "site_url": "https://example.org/team/docs/"}
    assert site.build(strict=True).ok
    [figure] = [e for e in page_elements(site.site_dir, "index.html") if e.tag == "figure"]
    assert "hidden" in figure.attrs and figure.text == "", "the page carries no drawing"
    # Without JavaScript the empty figure takes no room: the lists are the whole panel.
    context = browser.new_context(java_script_enabled=False)
    still = context.new_page()
    still.goto((site.site_dir / "index.html").as_uri())
    shown = "e => getComputedStyle(e).display"
    assert still.locator("[data-relations-picture]").evaluate(shown) == "none"
    context.close()
    served = site.root / "served"
    shutil.copytree(site.site_dir, served / "team" / "docs")
    with serve(served) as url:
        for start in ((site.site_dir / "index.html").as_uri(), f"{url}team/docs/"):
            page = browser.new_page(viewport=PHONE)
            errors = _watch(page)
            page.goto(start)
            page.wait_for_selector("[data-relations-picture] svg")
            drawn = page.evaluate(DRAWN)
            assert drawn["center"] == "Payment service"
            assert drawn["label"] == "Pages directly related to Payment service"
            assert sorted(drawn["boxes"]) == sorted(drawn["listed"]) and len(drawn["boxes"]) == 5
            assert page.locator("[data-relations-picture]").is_visible()
            if start.startswith("http"):
                # Instant navigation swaps the page in without loading scripts again.
                page.locator(
                    "[data-relations-panel] .relations__groups > dd li > a", has_text="Ledger"
                ).click()
                page.wait_for_url(f"{url}team/docs/ledger/")
                page.wait_for_selector("[data-relations-picture] svg")
                assert page.evaluate(DRAWN)["center"] == "Ledger"
                # A box is a link: the reader goes where its entry goes.
                page.locator(
                    "[data-relations-picture] a.relations__node", has_text="Payment"
                ).click()
                page.wait_for_url(f"{url}team/docs/")
            assert errors == []
            page.close()

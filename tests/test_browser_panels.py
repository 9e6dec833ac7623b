"""The panel and the picture in a real headless Chromium, on Material in light and dark palettes."""

from __future__ import annotations

from typing import Any

import pytest
from conftest import Site, output_dir, publish_screenshot, serve
from test_panels import WIKI

pytestmark = pytest.mark.browser

MATERIAL = {
    "theme": {
        "name": "material",
        "features": ["navigation.instant"],
        "palette": [
            {"media": "(prefers-color-scheme: light)", "scheme": "default"},
            {"media": "(prefers-color-scheme: dark)", "scheme": "slate"},
        ],
    }
}


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_panel_and_picture_are_visible(site: Site, browser: Any, scheme: str) -> None:
    site.pages(WIKI)
    site.extra_config = MATERIAL
    assert site.build(strict=True).ok
    shots = output_dir("panels")
    with serve(site.site_dir) as url:
        context = browser.new_context(color_scheme=scheme, viewport={"width": 1200, "height": 900})
        page = context.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        page.goto(url)
        body_scheme = page.get_attribute("body", "data-md-color-scheme")
        assert body_scheme == ("slate" if scheme == "dark" else "default")
        panel = page.locator("[data-relations-panel]")
        picture = page.locator("[data-relations-picture] svg")
        panel.scroll_into_view_if_needed()
        assert panel.is_visible() and picture.is_visible()
        box = picture.bounding_box()
        assert box is not None and box["width"] > 300 and box["height"] > 150
        # Text in the picture follows the palette: dark text on light, light text on dark.
        fill = page.eval_on_selector(
            ".relations__node--current text", "el => getComputedStyle(el).fill"
        )
        red, green, blue = (
            int(v) for v in fill[fill.index("(") + 1 : fill.index(")")].split(",")[:3]
        )
        brightness = (red + green + blue) / 3
        assert (brightness > 128) == (scheme == "dark"), fill
        redlink = page.locator("[data-relation-redlink]")
        assert redlink.is_visible() and redlink.get_attribute("href") is None
        shot = shots / f"panel-{scheme}.png"
        panel.screenshot(path=str(shot))
        publish_screenshot(shot)
        # Material's instant navigation swaps the content; the next page's panel must follow.
        page.click("[data-relations-panel] a[href*='ledger']")
        page.wait_for_url("**/ledger/")
        assert "Ledger" in page.locator("h1").inner_text()
        links = page.locator("[data-relations-panel] [data-relation-direction='in']")
        assert links.count() == 2
        assert errors == []
        context.close()

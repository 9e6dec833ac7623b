"""The renderer: the panel written by ``output/panel_html.py`` with what ``output/escaped.py``
keeps, and a theme's copy of a template rendered by Jinja in its place."""

from __future__ import annotations

from built_html import page_elements, panels
from conftest import Site

from mkdocs_relations.output.escaped import Escaped
from mkdocs_relations.output.panel import PictureSpot
from mkdocs_relations.output.panel_html import picture_html


def test_overriding_the_picture_alone_takes_the_panel_to_the_templates(site: Site) -> None:
    site.pages(
        {
            "index.md": "---\nrelationships:\n  - {type: depends-on, target: b}\n---\n",
            "b.md": "# B\n",
        }
    )
    overrides = site.root / "overrides" / "relations"
    overrides.mkdir(parents=True)
    (overrides / "picture.html").write_text('<p class="my-picture">{{ panel.picture.title }}</p>')
    site.extra_config = {"theme": {"name": "mkdocs", "custom_dir": "overrides"}}
    result = site.build()
    assert result.ok, result.messages
    [panel] = panels(page_elements(site.site_dir, "index.html"))
    assert panel is not None
    assert '<p class="my-picture">' in site.html()
    assert "data-relations-picture" not in site.html()


def test_the_figure_names_its_page_escaped_and_ascii() -> None:
    """The picture's place carries the page's title for the script, escaped, every
    character outside ASCII as a reference (a page is ASCII as it is joined); hidden until
    the script draws, unless it lists the groups itself."""
    e = Escaped()
    spot = PictureSpot('Tom & "Jerry" <b> → café', grouped=True)
    written = "".join(picture_html(spot, {}, e))
    assert written == (
        "<figure data-relations-picture data-relations-grouped "
        'data-relations-title="Tom &amp; &#34;Jerry&#34; &lt;b&gt; &#8594; caf&#233;" hidden>'
        "</figure>"
    )
    assert written.isascii()

"""The renderer: the panel written by ``output/panel_html.py`` from what ``output/escaped.py``
keeps, and a theme's copy of a template rendered by Jinja in its place."""

from __future__ import annotations

import random

import markupsafe
from built_html import page_elements, panels
from conftest import Site

from mkdocs_relations.model.direction import OUT
from mkdocs_relations.output.panel_html import Escaped, picture_html
from mkdocs_relations.output.picture import Box, Caption, Picture, Wire


def test_overriding_the_picture_alone_takes_the_panel_to_the_templates(site: Site) -> None:
    site.pages(
        {
            "index.md": "---\nrelationships:\n  - {type: depends-on, target: b}\n---\n",
            "b.md": "# B\n",
        }
    )
    overrides = site.root / "overrides" / "relations"
    overrides.mkdir(parents=True)
    (overrides / "picture.html").write_text('<p class="my-picture">{{ panel.picture.label }}</p>')
    site.extra_config = {"theme": {"name": "mkdocs", "custom_dir": "overrides"}}
    result = site.build()
    assert result.ok, result.messages
    [panel] = panels(page_elements(site.site_dir, "index.html"))
    assert panel is not None
    assert '<p class="my-picture">Pages directly related to' in site.html()
    assert "data-relations-picture" not in site.html()


def test_shared_pieces_keep_an_int_and_an_equal_float_apart() -> None:
    """Lines, captions and boxes recur between pictures and are written once per build; 4 and
    4.0 are one key to a dict, but the template writes them "4" and "4.0"."""

    def picture(n: float) -> Picture:
        center = Box(n, n, 104.0, 29.0, ["Here"], "Here", kind="current")
        return Picture(
            480,
            100,
            "Pages directly related to Here",
            center,
            boxes=[Box(2.0, n, 100.0, 29.0, ["There"], "There", url="there/")],
            captions=[Caption(n, n, ["→ depends on"], "depends-on")],
            wires=[Wire(n, n, n, n, True, "depends-on", OUT)],
        )

    e = Escaped()
    as_float = "".join(picture_html(picture(4.0), e))
    as_int = "".join(picture_html(picture(4), e))
    for written in ('x1="4.0" y1="4.0"', '<tspan x="4.0" y="18.8">', 'y="4.0" width="100.0"'):
        assert written in as_float
        assert written not in as_int
    for written in ('x1="4" y1="4"', 'x="4" data-relations-caption', 'y="4" width="100.0"'):
        assert written in as_int
    assert "&#8594; depends on" in as_int, "every escaped string comes out ASCII"


def test_chains_escape_as_a_whole_from_their_shared_beginnings() -> None:
    """A transitive entry's chain is escaped from its beginning, kept for its siblings, and
    its last part: the same text as escaping the whole, whatever the titles hold (an arrow
    of their own, markup, other scripts), and the chains themselves are not kept."""
    rng = random.Random(5)
    words = ["A", " → ", "→", "&", "<b>", '"', "'", "é", "", " ", "→ uses →", "x → y", "🙂"]
    e = Escaped()
    for _ in range(2000):
        heads: dict[str, str] = {}
        start = "".join(rng.choices(words, k=rng.randrange(0, 4)))
        arrow = f"→ {''.join(rng.choices(words, k=rng.randrange(0, 3)))} →"
        for _ in range(rng.randrange(1, 5)):
            parts = [start] + ["".join(rng.choices(words, k=2)) for _ in range(rng.randrange(1, 5))]
            chain = f" {arrow} ".join(parts)
            expected = str(markupsafe.escape(chain)).encode("ascii", "xmlcharrefreplace").decode()
            kept = len(e)
            assert e.chain(chain, heads) == expected, chain
            assert chain not in e or len(e) == kept
    # Longer than the steps split (max_hops has no ceiling), and a title made of arrows.
    for chain in (" → uses → ".join(map(str, range(60))), "Here → uses → " + "a → " * 5000):
        expected = str(markupsafe.escape(chain)).encode("ascii", "xmlcharrefreplace").decode()
        assert e.chain(chain, {}) == expected
    # Siblings share the beginning: escaped once, then found.
    heads = {}
    e.chain("Here → uses → There → uses → One", heads)
    assert "Here → uses → There → uses" in heads
    first = heads["Here → uses → There → uses"]
    e.chain("Here → uses → There → uses → Two", heads)
    assert heads["Here → uses → There → uses"] is first

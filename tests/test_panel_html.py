"""The panel written without the template engine is the templates' output, byte for byte.

Each site is built twice: as it comes (the package's templates, written by panel_html) and
with a copy of the package's templates in the theme's custom_dir, which the renderer treats
as an override and renders with Jinja. Every file of the two sites must be equal.
"""

from __future__ import annotations

import itertools
import random
import shutil
from pathlib import Path
from typing import Any

import markupsafe
import pytest
from built_html import page_elements, panels
from conftest import Site, copy_corpus, run

from mkdocs_relations.model.direction import OUT
from mkdocs_relations.output.panel_html import Escaped, picture_html
from mkdocs_relations.output.picture import Box, Caption, Picture, Wire
from mkdocs_relations.resources import TEMPLATES

#: The templates panel_html stands in for.
WRITTEN = ("panel.html", "picture.html", "breadcrumbs.html", "mentions.html")
#: Written differently on every build: the gzip stamp, the mkdocs theme's build date.
UNSTABLE = ("sitemap.xml.gz",)


def _files(site_dir: Path) -> dict[str, bytes]:
    found = {}
    for path in sorted(site_dir.rglob("*")):
        if path.is_file() and path.name not in UNSTABLE:
            data = path.read_bytes()
            if path.suffix == ".html":
                data = b"\n".join(
                    line for line in data.split(b"\n") if b"Build Date UTC" not in line
                )
            found[path.relative_to(site_dir).as_posix()] = data
    return found


def _renderer_of(site: Site, config: Any) -> Any:
    plugin = config.plugins["relations"]
    assert plugin.additions is not None
    return plugin.additions.renderer


def _both_ways(site: Site, theme: dict[str, Any]) -> tuple[dict[str, bytes], dict[str, bytes]]:
    """(files written by panel_html, files rendered by the templates) of one site."""
    site.extra_config["theme"] = dict(theme)
    result = site.build()
    assert result.ok, result.messages
    assert _renderer_of(site, result.config).fast_panel, "the first build must take the fast path"
    written = _files(site.site_dir)
    shutil.rmtree(site.site_dir)
    copies = site.root / "overrides" / "relations"
    copies.mkdir(parents=True, exist_ok=True)
    for name in WRITTEN:
        shutil.copy(Path(TEMPLATES) / "relations" / name, copies / name)
    site.extra_config["theme"] = {**theme, "custom_dir": "overrides"}
    result = site.build()
    assert result.ok, result.messages
    renderer = _renderer_of(site, result.config)
    assert not (renderer.fast_panel or renderer.fast_breadcrumbs or renderer.fast_mentions)
    return written, _files(site.site_dir)


def _assert_same(written: dict[str, bytes], rendered: dict[str, bytes]) -> None:
    assert written.keys() == rendered.keys()
    differ = [name for name in written if written[name] != rendered[name]]
    if differ:
        first = differ[0]
        a, b = written[first].decode(), rendered[first].decode()
        at = next(i for i, (x, y) in enumerate(zip(a, b, strict=False)) if x != y)
        pytest.fail(
            f"{len(differ)} files differ, first {first} at {at}:\n"
            f"written:  {a[at - 200 : at + 200]!r}\nrendered: {b[at - 200 : at + 200]!r}"
        )


@pytest.mark.parametrize("corpus", ["scm-concepts", "data-atlas"])
def test_corpus_panels_are_the_templates_output(site: Site, corpus: str) -> None:
    site.docs.rmdir()
    copy_corpus(corpus, site.root)
    # Both corpora have a part-of chain to show as a trail; data-atlas's text has wikilinks.
    site.plugin_options = {"breadcrumbs": True, "wikilinks": True, "mentions": True}
    written, rendered = _both_ways(site, {"name": "mkdocs"})
    assert sum(b"data-relations-panel" in data for data in written.values()) > 100
    assert any(b"data-relations-breadcrumbs" in data for data in written.values())
    if corpus == "data-atlas":
        assert any(b"data-relations-mentions" in data for data in written.values())
    _assert_same(written, rendered)


LONG = "An exceedingly long page title that the picture has to shorten to three lines of text"


def _every_branch(site: Site) -> None:
    """A wiki reaching every branch of the panel's templates, with text that needs escaping."""
    pages = {
        # Folded groups (more than ten), notes, a declared redlink with a reason, a missing
        # target, a title and notes with every character escaping changes, non-ASCII text.
        "index.md": '---\ntitle: "Tom & Jerry\'s <b>\\"café\\"</b> ☃"\nrelationships:\n'
        + "".join(f"  - {{type: depends-on, target: d{i:02d}}}\n" for i in range(14))
        + '  - {type: relates-to, target: a1, note: "why: <because> & \'so\' \\"there\\""}\n'
        "  - {type: relates-to, target: wanted, redlink: true}\n"
        "  - {type: supersedes, target: nowhere}\n"
        "  - {type: part-of, target: a1}\n"
        "---\nSee [[a1]] and [[d01]].\n",
        "a1.md": f"---\ntitle: {LONG}\nrelationships:\n  - {{type: part-of, target: a2}}\n"
        "---\nBack to [[index]].\n",
        "a2.md": "---\ntitle: Top <of> & tree\n---\n",
        "wiki-config.md": (
            '---\nredlinks:\n  - target: wanted\n    reason: planned <soon> & "later"\n---\n'
        ),
    }
    # More pages two hops away than a transitive list shows ("more than 20"), and a chain
    # as deep as max_hops reaches.
    for i in range(14):
        pages[f"d{i:02d}.md"] = (
            f"---\ntitle: Dependency {i} ‘quoted’\nrelationships:\n"
            f"  - {{type: depends-on, target: e{i:02d}a}}\n"
            f"  - {{type: depends-on, target: e{i:02d}b}}\n---\n"
        )
        pages[f"e{i:02d}a.md"] = f"# Second <{i}> & a\n"
        pages[f"e{i:02d}b.md"] = f"# Second <{i}> & b\n"
    chain = ["e00a", "c1", "c2", "c3"]
    for here, there in itertools.pairwise(chain):
        pages[f"{here}.md"] = (
            f"---\ntitle: Chain {here} & co\nrelationships:\n"
            f"  - {{type: depends-on, target: {there}}}\n---\n"
        )
    pages["c3.md"] = "# End of the chain\n"
    site.pages(pages)


@pytest.mark.parametrize("theme", ["material", "mkdocs"])
@pytest.mark.parametrize("placement", ["bottom", "top"])
def test_every_template_branch_is_the_templates_output(
    site: Site, theme: str, placement: str
) -> None:
    _every_branch(site)
    site.plugin_options = {
        "fail_on_error": False,
        "placement": placement,
        "breadcrumbs": True,
        "wikilinks": True,
        "mentions": True,
        "picture_limit": 12 if placement == "top" else 40,
        "path_finder": "off" if placement == "top" else "bottom",
        "labels": {
            "title": 'Links "and" <things> & stuff',
            "more": "and {n} more <hidden> & 'folded'",
            "find_from_here": "Find <a> path & more",
            "breadcrumbs": 'Part of <this> & "that"',
            "mentions": "Mentioned <in> & 'by'",
            "depends-on": "needs <&>",
        },
    }
    # One edge confirmed, then its target changed: a suspect edge says so in the panel.
    site.write_config()
    accepted = run("review", "--accept", cwd=site.root)
    assert accepted.returncode == 0, accepted.stderr
    text = (site.docs / "a1.md").read_text(encoding="utf-8")
    (site.docs / "a1.md").write_text(text.replace("Back to", "Now back to"), encoding="utf-8")
    written, rendered = _both_ways(site, {"name": theme})
    for branch in (
        "data-relations-fold",
        "data-relation-redlink",
        'class="relations__note"',
        "data-relation-suspect",
        'class="relations__more"',
        "data-relations-breadcrumbs",
        "data-relations-mentions",
        "<title>An exceedingly long",
    ):
        assert any(branch.encode() in data for data in written.values()), branch
    grouped = any(b"data-relations-grouped" in d for d in written.values())
    assert grouped == (placement == "top")
    _assert_same(written, rendered)


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
    for written in ('x1="4" y1="4"', 'x="4" text-anchor="middle"', 'y="4" width="100.0"'):
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

"""The panel written by panel_html is the templates' output, byte for byte.

Each site is built twice: as it comes (the package's templates, written by panel_html) and
with a copy of the package's templates in the theme's custom_dir, which the renderer treats
as an override and renders with Jinja. Every file of the two sites must be equal.
"""

from __future__ import annotations

import itertools
import shutil
from pathlib import Path
from typing import Any

import pytest
from conftest import Site, copy_corpus, run

from mkdocs_relations.resources import TEMPLATES

#: The templates panel_html stands in for.
WRITTEN = ("panel.html", "groups.html", "picture.html", "breadcrumbs.html", "mentions.html")
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


#: The renderer of each build, as the plugin held it at its last page (it lets go of it
#: before writing the graph files).
RENDERERS: list[Any] = []


@pytest.fixture(autouse=True)
def _renderers(monkeypatch: pytest.MonkeyPatch) -> None:
    from mkdocs_relations.plugin import RelationsPlugin

    RENDERERS.clear()
    post_build = RelationsPlugin.on_post_build

    def kept(self: RelationsPlugin, **kwargs: Any) -> None:
        assert self.additions is not None
        RENDERERS.append(self.additions.renderer)
        post_build(self, **kwargs)

    monkeypatch.setattr(RelationsPlugin, "on_post_build", kept)


def _renderer_of(site: Site, config: Any) -> Any:
    assert len(RENDERERS) == 1, "one build, one renderer"
    return RENDERERS.pop()


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


LONG_NOTE = (
    "A *long* note: " + "words & <more> words, " * 14 + "and **the end** with [[a2|a link]]."
)
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
        # Red links enough to fold under one count, one of them ambiguous; notes in Markdown
        # with wikilinks (to a page, to none), one long enough to be shortened.
        + "".join(f"  - {{type: uses, target: gone{i}}}\n" for i in range(3))
        + "  - {type: uses, target: Twin}\n"
        + '  - {type: uses, target: d01, note: "**needs** `x<y>` [[a1|the \\"one\\"]] '
        '[[nowhere|gone]] [doc](https://example.org/?a=1&b=2) _é_"}\n'
        + f'  - {{type: uses, target: d02, note: "{LONG_NOTE}"}}\n'
        "---\nSee [[a1]] and [[d01]].\n",
        "t1/twin.md": "# Twin\n",
        "t2/twin.md": "# Twin\n",
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
        "data-relations-redlinks",
        "Matches 2 pages",
        "relations__long-note",
        "<strong>needs</strong>",
        f'title="{LONG}"',
        f'title="{LONG}">{LONG}</a></li>',  # a trail step long enough to be cut
    ):
        assert any(branch.encode() in data for data in written.values()), branch
    grouped = any(
        b"data-relations-grouped" in d for name, d in written.items() if name.endswith(".html")
    )
    assert grouped == (placement == "top")
    _assert_same(written, rendered)

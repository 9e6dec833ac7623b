"""page_content: what a page's content gets while MkDocs builds it, and what MkDocs keeps."""

from __future__ import annotations

from conftest import Site
from wikis import PANEL_WIKI


def _last_hook(written: str, shown: str, helpers: str = "") -> str:
    """A hook last of every ``on_post_page``: what another plugin reads of a page once its
    HTML is made, and what MkDocs keeps of every page until the build ends; it writes
    ``shown`` (an expression of ``page``) of each page into ``written`` beside the site."""
    return f"""
from mkdocs.plugins import event_priority
{helpers}
SEEN = []

@event_priority(-200)
def on_post_page(output, page, config):
    SEEN.append(page)
    return output

def on_post_build(config):
    with open(config.site_dir + "/../{written}", "w", encoding="utf-8") as out:
        for page in SEEN:
            out.write(repr((page.file.src_uri, {shown})) + "\\n")
"""


_KEPT_HOOK = _last_hook("kept.txt", "page.content")


def test_mkdocs_keeps_each_page_content_as_it_made_it(site: Site) -> None:
    """The theme renders the panel and finder with the content; what MkDocs keeps of a page to
    the build's end is its content without them (their memory, issue 45) and without any
    placeholder of the plugin's."""
    site.pages(PANEL_WIKI)
    (site.root / "hook.py").write_text(_KEPT_HOOK)
    site.extra_config = {"hooks": ["hook.py"]}
    site.plugin_options = {"placement": "top", "breadcrumbs": True}
    assert site.build(strict=True).ok
    html = site.html("index.html")
    assert "data-relations-panel" in html and "data-relations-pathfinder" in html
    kept = (site.root / "kept.txt").read_text(encoding="utf-8")
    assert kept.count("\n") == len(PANEL_WIKI)
    assert "data-relations" not in kept and "relations-panel" not in kept
    assert "<!--relations" not in kept


# Each page's table of contents as MkDocs keeps it to the build's end.
_TOC_HOOK = _last_hook(
    "toc.txt",
    "_ids(page.toc.items)",
    "def _ids(items):\n    return [(item.id, _ids(item.children)) for item in items]\n",
)


def test_mkdocs_keeps_each_page_table_of_contents_without_the_panel(site: Site) -> None:
    """The page's table of contents links the panel in its HTML; once that is made, MkDocs
    keeps the table of contents without the panel's entry (every page's, to the build's end:
    issue 45)."""
    site.pages(PANEL_WIKI)
    (site.root / "hook.py").write_text(_TOC_HOOK)
    site.extra_config = {"hooks": ["hook.py"]}
    assert site.build(strict=True).ok
    assert 'href="#relations-panel"' in site.html("index.html")
    kept = (site.root / "toc.txt").read_text(encoding="utf-8")
    assert kept.count("\n") == len(PANEL_WIKI)
    assert "relations-panel" not in kept


# The panels' state while pages are built, and whether it is gone once they are: with the
# collector off, only what nothing points to any more is let go.
_RELEASE_HOOK = """
import gc, weakref
from mkdocs.plugins import event_priority

REFS = []

@event_priority(-200)
def on_env(env, config, files):
    gc.disable()

@event_priority(-200)
def on_post_page(output, page, config):
    additions = config.plugins["relations"].additions
    if not REFS and additions is not None and "builder" in vars(additions):
        builder = additions.builder
        REFS.extend(weakref.ref(o) for o in (additions, builder, builder.index))
    return output

@event_priority(-200)
def on_post_build(config):
    alive = [type(ref()).__name__ for ref in REFS if ref() is not None]
    gc.enable()
    with open(config.site_dir + "/../alive.txt", "w", encoding="utf-8") as out:
        out.write(f"{len(REFS)} {alive}")
"""


def test_the_panels_state_is_let_go_once_pages_are_written(site: Site) -> None:
    """What made the panels (the path index, the panel builder, the links they shared) is let
    go as the plugin drops it after the last page, before the graph files are made (issue 45:
    the build's peak was there), not left to a full collection."""
    site.pages(PANEL_WIKI)
    (site.root / "hook.py").write_text(_RELEASE_HOOK)
    site.extra_config = {"hooks": ["hook.py"]}
    assert site.build(strict=True).ok
    assert (site.root / "alive.txt").read_text(encoding="utf-8") == "3 []"

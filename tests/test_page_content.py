"""page_content: what a page's content gets while MkDocs builds it, and what MkDocs keeps."""

from __future__ import annotations

from conftest import Site
from wikis import PANEL_WIKI

# Last of every on_post_page: what another plugin reads of a page once its HTML is made, and
# what MkDocs keeps of every page until the build ends.
_KEPT_HOOK = """
from mkdocs.plugins import event_priority

SEEN = []

@event_priority(-200)
def on_post_page(output, page, config):
    SEEN.append(page)
    return output

def on_post_build(config):
    with open(config.site_dir + "/../kept.txt", "w", encoding="utf-8") as out:
        for page in SEEN:
            out.write(repr((page.file.src_uri, page.content)) + "\\n")
"""


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

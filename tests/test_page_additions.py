"""page_additions: what the plugin adds to a page, usable without MkDocs' hooks."""

from __future__ import annotations

import random
from collections.abc import Callable

from mkdocs.utils import get_relative_url

from mkdocs_relations.output.page_additions import Display, PageAdditions, relative_url
from mkdocs_relations.output.records import PageRef
from mkdocs_relations.wiki.pipeline import load_wiki


def test_relative_url_follows_mkdocs_rule() -> None:
    rng = random.Random(0)
    parts = ["a", "b", "c.html", "index.html", "..", ".", "", "x.y", "ü"]
    for _ in range(20_000):
        url = (
            rng.choice(["", "/", "//"])
            + "/".join(rng.choice(parts) for _ in range(rng.randint(0, 4)))
            + rng.choice(["", "/"])
        )
        page = (
            rng.choice(["", "/", "//"])
            + "/".join(rng.choice(parts) for _ in range(rng.randint(0, 4)))
            + rng.choice(["", "/"])
        )
        assert relative_url(url, page) == get_relative_url(url, page), (url, page)


def test_links_shared_by_a_folder_are_each_page_own_links() -> None:
    """Links are worked out once per folder (or base) and target: from every page, in any
    order of asking, each is the link MkDocs would make, into the page's own folder too."""
    rng = random.Random(1)
    urls = {""}
    for _ in range(300):
        parts = [rng.choice(["a", "b", "c"]) for _ in range(rng.randint(0, 3))]
        end = rng.choice(["", "x/", "y/", "x.html", "index.html"])
        urls.add("/".join(parts) + ("/" if parts else "") + end)
    pages = {f"p{i}": (f"Page {i}", url) for i, url in enumerate(sorted(urls))}
    additions = PageAdditions(load_wiki({}), pages, Display())
    asked = [(source, target) for source in pages for target in pages]
    rng.shuffle(asked)
    refs: dict[str, Callable[[str], PageRef]] = {}
    for source, target in asked:
        source_url, target_url = pages[source][1], pages[target][1]
        ref = refs.setdefault(source, additions.references(source_url))
        expected = PageRef(pages[target][0], get_relative_url(target_url, source_url))
        assert ref(target) == expected, (source_url, target_url)

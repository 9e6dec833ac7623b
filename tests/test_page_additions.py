"""page_additions: what the plugin adds to a page, usable without MkDocs' hooks."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from mkdocs.utils import get_relative_url

from mkdocs_relations.output.page_additions import Display, PageAdditions
from mkdocs_relations.output.records import PageRef
from mkdocs_relations.output.rendered_ahead import RUN, RenderedAhead
from mkdocs_relations.output.site_links import relative_url
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


def _wiki_in_folders(tmp_path: Path, n: int, seed: int) -> tuple[Any, dict[str, tuple[str, str]]]:
    """A random wiki of ``n`` pages in three folders (some with a breadcrumb trail), and
    each page's (title, URL)."""
    rng = random.Random(seed)
    ids = [f"f{i % 3}/p{i:03d}" for i in range(n)]
    sources = {}
    for number, page in enumerate(ids):
        edges = [
            f"  - {{type: {rng.choice(['depends-on', 'part-of', 'relates-to'])}, "
            f"target: {rng.choice(ids[: number + 1])}}}"
            for _ in range(rng.randint(0, 4))
        ]
        body = "relationships:\n" + "\n".join(edges) + "\n" if edges else ""
        file = tmp_path / f"{page}.md"
        file.parent.mkdir(parents=True, exist_ok=True)
        file.write_text(f"---\ntitle: Page {number}\n{body}---\n", encoding="utf-8")
        sources[f"{page}.md"] = str(file)
    wiki = load_wiki(sources)
    return wiki, {page: (f"Page {i}", f"{page}/") for i, page in enumerate(ids)}


def test_pages_rendered_ahead_get_their_own_additions(tmp_path: Path) -> None:
    """Whatever order the build asks in, each page gets what rendering it alone gives, with
    its own URL and mentions; runs are rendered only while pages come in order."""
    wiki, pages = _wiki_in_folders(tmp_path, 3 * RUN + 5, seed=3)
    display = Display(breadcrumbs=True)
    mentions = {page: sorted(pages)[:2] for page in sorted(pages)[::7]}
    alone = PageAdditions(wiki, pages, display)

    def expected(page: str, url: str, mentioned: Sequence[str]) -> tuple[str, str]:
        shown = alone.render(page, url, mentioned)
        return shown.top, shown.bottom

    order = [(page, pages[page][1]) for page in pages]
    rng = random.Random(4)
    asks = {
        "in order": [page for page, _ in order],
        "shuffled": rng.sample([page for page, _ in order], len(order)),
        "a few changed pages": [page for page, _ in order][5::40],
        "in order, then back": [p for p, _ in order][:70] + [p for p, _ in order][10:80],
    }
    for name, asked in asks.items():
        additions = PageAdditions(wiki, pages, display)
        built: list[str] = []
        build = additions.builder.build

        def counted(page_id: str, *args: Any, build: Any = build, built: Any = built) -> Any:
            built.append(page_id)
            return build(page_id, *args)

        additions.builder.build = counted  # type: ignore[method-assign]
        ahead = RenderedAhead(additions, order, lambda page: mentions.get(page, ()))
        trails = 0
        for page in asked:
            shown = ahead.get(page, pages[page][1])
            assert (shown.top, shown.bottom) == expected(
                page, pages[page][1], mentions.get(page, ())
            ), (name, page)
            assert f'data-relations-page="{page}"' in shown.bottom, (name, page)
            trails += bool(shown.top)
        assert trails > len(asked) // 4, name  # a trail above many pages: it is compared too
        if name == "in order":
            assert built == asked  # each page once, none twice
        if name == "a few changed pages":
            assert built == asked  # no run rendered for pages never asked for
        if name == "shuffled":
            assert len(built) < 2 * len(asked)

    # A page whose URL or mentions changed after the run began is rendered again.
    additions = PageAdditions(wiki, pages, display)
    ahead = RenderedAhead(additions, order, lambda page: mentions.get(page, ()))
    first, second, third = (page for page, _ in order[:3])
    ahead.get(first, pages[first][1])
    moved = "elsewhere/" + pages[second][1]
    shown = ahead.get(second, moved)
    assert (shown.top, shown.bottom) == expected(second, moved, mentions.get(second, ()))
    mentions[third] = [first]
    shown = ahead.get(third, pages[third][1])
    assert (shown.top, shown.bottom) == expected(third, pages[third][1], [first])

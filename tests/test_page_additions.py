"""page_additions: what the plugin adds to a page, usable without MkDocs' hooks."""

from __future__ import annotations

import random

from mkdocs.utils import get_relative_url

from mkdocs_relations.output.page_additions import relative_url


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

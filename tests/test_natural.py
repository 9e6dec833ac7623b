"""Natural order of titles: Python's key and the finder's script agree, and titles without
digits keep the case-folded order they always had."""

from __future__ import annotations

import json
import random
import subprocess

import pytest
from finder_js import NODE, PATHS_JS

from mkdocs_relations.natural import natural_key

ORDER_JS = """
const paths = require(process.argv[1]);
const lists = JSON.parse(require("fs").readFileSync(0, "utf8"));
process.stdout.write(JSON.stringify(lists.map((l) => l.slice().sort(paths.naturalCompare))));
"""
ALPHABET = ["a", "B", "c", "é", "É", "ß", "SS", "ss", " ", "-", "0", "1", "2", "9", "10", "007"]


def test_numbers_compare_as_numbers() -> None:
    titles = ["Client application 10", "client application 2", "Client application 0",
              "Client application 1", "Client application 11", "Client 2b", "Client 02",
              "Client"]  # fmt: skip
    assert sorted(titles, key=natural_key) == [
        "Client", "Client 02", "Client 2b", "Client application 0", "Client application 1",
        "client application 2", "Client application 10", "Client application 11",
    ]  # fmt: skip


def test_titles_without_digits_keep_their_order() -> None:
    rng = random.Random(5)
    letters = [c for c in ALPHABET if not c.isdigit()]
    for _ in range(200):
        titles = ["".join(rng.choices(letters, k=rng.randint(0, 6))) for _ in range(8)]
        assert sorted(titles, key=natural_key) == sorted(titles, key=lambda t: (t.casefold(),))


@pytest.mark.skipif(NODE is None, reason="node is not installed")
def test_the_finder_orders_titles_as_python_does() -> None:
    rng = random.Random(11)
    lists = [
        ["".join(rng.choices(ALPHABET, k=rng.randint(0, 6))) for _ in range(12)] for _ in range(300)
    ]
    assert NODE is not None
    found = subprocess.run(
        [NODE, "-e", ORDER_JS, str(PATHS_JS)],
        input=json.dumps(lists),
        capture_output=True,
        text=True,
        check=True,
    )
    expected = [sorted(titles, key=natural_key) for titles in lists]
    got = json.loads(found.stdout)
    # Titles equal under the key (none here but identical strings) may stand either way.
    assert [[natural_key(t) for t in g] for g in got] == [
        [natural_key(t) for t in e] for e in expected
    ]

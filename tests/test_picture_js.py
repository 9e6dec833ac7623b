"""The picture the reader's browser draws (``assets/relations-picture.js``, run by node) is
the layout of ``output/picture.py`` and ``text_fit.py``: the same boxes, lines of text,
captions and wires, for neighbourhoods of every shape a panel has (both sides, one side,
symmetric types, red links, long titles wrapped and shortened, words split, a bold centre
that widens, text that is not ASCII, grouped past the limit)."""

from __future__ import annotations

import json
import subprocess
from typing import Any

import pytest
from conftest import REPO
from finder_js import NODE

from mkdocs_relations.model.direction import IN, OUT
from mkdocs_relations.model.vocabulary import Vocabulary
from mkdocs_relations.output.labels import Labels
from mkdocs_relations.output.picture import Picture, Pictures
from mkdocs_relations.output.records import Entry, Group

pytestmark = pytest.mark.skipif(NODE is None, reason="node is not installed")

PICTURE_JS = REPO / "mkdocs_relations" / "assets" / "relations-picture.js"
RUNNER = """
const picture = require(process.argv[1]);
const cases = JSON.parse(require("fs").readFileSync(0, "utf8"));
process.stdout.write(JSON.stringify(cases.map((c) =>
  picture.layout(c.title, c.groups, c.types, c.limit, c.link))));
"""

LONG = (
    "How the settlement service number {} reconciles ledger entries across regions when the "
    "nightly batch export arrives late or twice"
)
TITLES = [
    "Ledger",
    "A",
    LONG.format(7),
    "Supercalifragilisticexpialidocious-and-then-some-more-words-without-spaces",
    "Café ☃ — naïve “quotes” and an emoji 🎉",
    "東京の決済サービスと台帳の照合について",
    "iiiiiiiiiiiiiiiiiiiiiiii llllllllll WWWWWWWWWWWW mmmmm",
    "Client 10 (platform/overview)",
    "  spaced   out   title  ",
]


def _entry(title: str, relation: str, direction: str, url: str | None) -> Entry:
    return Entry(title, url, relation, direction)  # type: ignore[arg-type]


def _cases() -> list[tuple[str, list[Group], int, bool]]:
    cases = []
    kinds = [
        ("depends-on", OUT), ("depends-on", IN), ("relates-to", OUT), ("relates-to", IN),
        ("part-of", IN), ("used-by", IN), ("caused-by", OUT), ("made-up", OUT),
    ]  # fmt: skip
    for n, center in enumerate(TITLES):
        for size in (1, 2, 5, 9, 13):
            groups: dict[str, Group] = {}
            for i in range(size):
                relation, direction = kinds[(i + n) % len(kinds)]
                title = TITLES[(i * 3 + n) % len(TITLES)]
                url = None if i % 4 == 3 else f"../p{i}/"
                label = f"{relation} {direction}"
                group = groups.setdefault(label, Group(label, anchor=f"relations-group-{i}"))
                group.entries.append(_entry(title, relation, direction, url))
            cases.append((center, list(groups.values()), 12, True))
            cases.append((center, list(groups.values()), 3, n % 2 == 0))
    # A hub drawn box by box: 150 sentence-long titles, where a wire's end falls exactly
    # halfway between two tenths (Python rounds it to the even one).
    hub = [Group("Depends on"), Group("Used by")]
    for i in range(150):
        hub[i % 3 == 0].entries.append(
            _entry(LONG.format(i), "depends-on", ("out", "in")[i % 3 == 0], f"../s{i}/")
        )
    cases.append((LONG.format("hub"), hub, 400, True))
    return cases


def _python(center: str, groups: list[Group], limit: int, link: bool) -> Picture:
    vocabulary = Vocabulary()
    return Pictures(Labels(vocabulary), vocabulary, limit, link_groups=link).picture(center, groups)


def _js(cases: list[tuple[str, list[Group], int, bool]]) -> list[Any]:
    vocabulary = Vocabulary()
    labels = Labels(vocabulary)
    names = {e.type for _, groups, _, _ in cases for g in groups for e in g.entries}
    # An unknown type is not among the site's words: the script names it as the build does.
    types = {
        name: [labels.type_label(name, OUT), vocabulary.get_or_unknown(name).symmetric]
        for name in names
        if name in vocabulary
    }
    assert "made-up" in names and "made-up" not in types
    data = [
        {
            "title": center,
            "groups": [
                {
                    "label": g.label,
                    "anchor": g.anchor,
                    "entries": [
                        {"title": e.title, "url": e.url, "type": e.type, "direction": e.direction}
                        for e in g.entries
                    ],
                }
                for g in groups
            ],
            "types": types,
            "limit": limit,
            "link": link,
        }
        for center, groups, limit, link in cases
    ]
    assert NODE is not None
    done = subprocess.run(
        [NODE, "-e", RUNNER, str(PICTURE_JS)],
        input=json.dumps(data), capture_output=True, text=True, check=True,
    )  # fmt: skip
    return list(json.loads(done.stdout))


def _near(a: float, b: float) -> bool:
    # The same numbers: the script rounds as Python's round(x, 1) does, ties to even.
    return a == b


def _same_box(box: Any, drawn: dict[str, Any]) -> None:
    assert (box.lines, box.full, box.url, box.kind) == (
        drawn["lines"], drawn["full"], drawn["url"], drawn["kind"],
    )  # fmt: skip
    for name in ("x", "y", "w", "h"):
        assert _near(getattr(box, name), drawn[name]), name


def test_the_script_draws_the_layout_of_picture_py() -> None:
    cases = _cases()
    drawn = _js(cases)
    assert len(drawn) == len(cases) > 50
    grouped = 0
    for case, js in zip(cases, drawn, strict=True):
        pic = _python(*case)
        grouped += pic.grouped
        assert (pic.width, pic.height, pic.grouped) == (js["width"], js["height"], js["grouped"])
        _same_box(pic.center, js["center"])
        assert len(pic.boxes) == len(js["boxes"])
        for box, other in zip(pic.boxes, js["boxes"], strict=True):
            _same_box(box, other)
        assert [(c.lines, c.type) for c in pic.captions] == [
            (c["lines"], c["type"]) for c in js["captions"]
        ]
        for caption, other in zip(pic.captions, js["captions"], strict=True):
            assert _near(caption.x, other["x"]) and _near(caption.y, other["y"])
        assert [(w.type, w.direction, w.arrow) for w in pic.wires] == [
            (w["type"], w["direction"], w["arrow"]) for w in js["wires"]
        ]
        for wire, other in zip(pic.wires, js["wires"], strict=True):
            for name in ("x1", "y1", "x2", "y2"):
                assert _near(getattr(wire, name), other[name]), name
    assert 0 < grouped < len(cases)

"""Natural order of titles (titles without digits keep the case-folded order they always
had), and the finder's "did you mean" as Python computes it. The finder's script orders no
title: the build numbers pages in natural order (test_paths holds its ranking to it)."""

from __future__ import annotations

import json
import random
import subprocess

import pytest
from finder_js import NODE, PATHS_JS

from mkdocs_relations.model.natural import natural_key
from mkdocs_relations.model.suggest import NAME_CUTOFF
from mkdocs_relations.wiki.lookup import PageKeys, Resolver

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


NEAR_JS = """
const paths = require(process.argv[1]);
const cases = JSON.parse(require("fs").readFileSync(0, "utf8"));
process.stdout.write(JSON.stringify(cases.queries.map(
  (q) => paths.nearNames(cases.graph, q, -1, cases.near))));
"""


@pytest.mark.skipif(NODE is None, reason="node is not installed")
def test_the_finder_suggests_what_the_command_line_suggests() -> None:
    """The finder's "did you mean" (nearNames) against Resolver.suggest, on names whose
    titles and aliases the graph file carries as the resolver reads them."""
    pages = [
        PageKeys("ledger", title="Ledger"),
        PageKeys("services/api-gateway", title="API gateway", aliases=("gateway",)),
        PageKeys("runbooks/database", title="Database runbook"),
        PageKeys("runbooks/kafka", title="Kafka runbook", aliases=("Streams",)),
        PageKeys("policies", title="Policies"),
        PageKeys("paymentService", title="Payment service"),
        PageKeys("Straße", title="Straße"),
        PageKeys("auth", title="Sign-in service"),
        # A name two pages hold ("Streams") is suggested for neither.
        PageKeys("events", title="Event streams", aliases=("Streams", "evnts")),
    ]
    resolver = Resolver(pages)
    queries = ["ledgr", "Ledger", "api-gatway", "gatewy", "database runbok", "kafka-runbook",
               "policy", "paymentservice", "payment-servise", "strasse", "runbooks/kafk",
               "streems", "zzz", "", "-", "api gateway", "auht", "uath", "ahtu"]  # fmt: skip
    # And typos of every name: a letter dropped, doubled or changed, cases changed.
    rng = random.Random(3)
    names = [n for p in pages for n in (p.page_id, p.title or "", *p.aliases)]
    for _ in range(300):
        name = list(rng.choice(names))
        at = rng.randrange(len(name))
        edit = rng.choice(["drop", "double", "change", "case", "swap"])
        if edit == "drop":
            del name[at]
        elif edit == "double":
            name.insert(at, name[at])
        elif edit == "swap" and at + 1 < len(name):
            name[at], name[at + 1] = name[at + 1], name[at]
        elif edit == "change":
            name[at] = rng.choice("aeiouxs")
        else:
            name = list("".join(name).swapcase())
        queries.append("".join(name))
    graph = {
        "ids": [p.page_id for p in pages],
        "titles": [p.title for p in pages],
        "aliases": {str(i): list(p.aliases) for i, p in enumerate(pages) if p.aliases},
    }
    assert NODE is not None
    found = subprocess.run(
        [NODE, "-e", NEAR_JS, str(PATHS_JS)],
        input=json.dumps(
            {"graph": graph, "queries": queries, "near": {"cutoff": NAME_CUTOFF, "limit": 3}}
        ),
        capture_output=True,
        text=True,
        check=True,
    )
    expected = [resolver.suggest(q) for q in queries]
    assert json.loads(found.stdout) == expected
    assert expected[0] == ["ledger"] and any(expected[1:])
    # Two letters swapped in a short name: suggested, as a longer name's swap always was.
    assert expected[queries.index("auht")] == ["auth"]

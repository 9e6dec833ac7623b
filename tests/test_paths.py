"""The path specification: Python against brute force, and the JavaScript against Python."""

from __future__ import annotations

import base64
import itertools
import json
import os
import random
import subprocess
import zlib
from pathlib import Path
from typing import Any

import pytest
from finder_js import NODE, PATHS_JS, RANK_RUNNER, RUNNER, SHARDED_RUNNER

from mkdocs_relations.model.natural import natural_key
from mkdocs_relations.model.paths import PathIndex, Step
from mkdocs_relations.output import finder_files

NAMES = [
    "a", "b", "B", "c", "Z", "a/b", "a-b", "a_b", "ä", "é", "z", "10", "9", "ledger",
    "Ledger", "x y", "😀", "ﬀ", "𝔘", "~", "a/😀",
]  # fmt: skip
TYPES = ["depends-on", "part-of", "relates-to", "supersedes", "alpha", "zeta"]


def random_graph(seed: int, size: int) -> tuple[list[str], list[tuple[str, str, str]]]:
    rng = random.Random(seed)
    ids = rng.sample(NAMES, size)
    edges = []
    for _ in range(rng.randint(0, size * 2)):
        source, target = rng.choice(ids), rng.choice(ids)
        edges.append((source, target, rng.choice(TYPES)))
        if rng.random() < 0.2:  # a parallel edge of another type, or the same edge reversed
            edges.append((target, source, rng.choice(TYPES)))
    return ids, edges


def brute_force(
    ids: list[str],
    edges: list[tuple[str, str, str]],
    source: str,
    target: str,
    max_hops: int,
    types: list[str] | None,
    directed: bool,
) -> tuple[Step, ...] | None:
    """Every simple path within the bound; the shortest, smallest by ids, best steps."""
    steps: dict[tuple[str, str], list[Step]] = {}
    for s, t, kind in edges:
        if s == t or (types and kind not in types):
            continue
        steps.setdefault((s, t), []).append(Step(s, t, kind, "out"))
        if not directed:
            steps.setdefault((t, s), []).append(Step(t, s, kind, "in"))
    if source == target:
        return ()
    best: list[str] | None = None

    def walk(path: list[str]) -> None:
        nonlocal best
        node = path[-1]
        if node == target:
            if best is None or (len(path), path) < (len(best), best):
                best = list(path)
            return
        if len(path) - 1 >= max_hops:
            return
        for nxt in ids:
            if nxt not in path and (node, nxt) in steps:
                walk([*path, nxt])

    walk([source])
    if best is None:
        return None
    chosen = []
    for a, b in itertools.pairwise(best):
        options = steps[(a, b)]
        chosen.append(min(options, key=lambda s: (s.direction != "out", s.type)))
    return tuple(chosen)


OPTIONS: list[dict[str, Any]] = [
    {"max_hops": 4, "types": None, "directed": False},
    {"max_hops": 2, "types": None, "directed": False},
    {"max_hops": 4, "types": None, "directed": True},
    {"max_hops": 3, "types": ["depends-on", "alpha"], "directed": False},
    {"max_hops": 1, "types": ["zeta"], "directed": True},
]


@pytest.mark.parametrize("seed", range(40))
def test_python_matches_brute_force(seed: int) -> None:
    ids, edges = random_graph(seed, size=random.Random(seed).randint(1, 8))
    index = PathIndex(ids, edges)
    for options in OPTIONS:
        for source, target in itertools.product(ids, repeat=2):
            expected = brute_force(ids, edges, source, target, **options)
            assert index.shortest_path(source, target, **options) == expected, (
                source,
                target,
                options,
            )


@pytest.mark.parametrize("seed", range(40))
def test_neighbours_by_type_without_the_pages_lists(seed: int) -> None:
    """A type's neighbours, read from the edges as a build's panels read them (no page's list
    of steps made: a tuple a step was a tenth of a build's memory, issue 45), are what the
    pages' lists give."""
    ids, edges = random_graph(seed, size=random.Random(seed).randint(1, 8))
    index = PathIndex(ids, edges)
    got = {
        (kind, way): index.neighbours(kind, way)
        for kind in range(len(index.types))
        for way in ("out", "in")
    }
    assert vars(index)["_adjacency"] is None  # no page's list of steps made
    listed = PathIndex(ids, edges)
    number = {"out": 0, "in": 1}
    for (kind, way), found in got.items():
        assert found == [
            tuple(n for n, step, k in pairs if k == kind and step == number[way])
            for pairs in listed.adjacency
        ]


def test_spec_examples() -> None:
    index = PathIndex(
        ["a", "b", "c", "d"],
        [("a", "b", "depends-on"), ("c", "b", "part-of"), ("a", "d", "relates-to"),
         ("d", "c", "relates-to"), ("b", "a", "alpha")],
    )  # fmt: skip
    assert index.shortest_path("a", "a") == ()
    # Two shortest routes a-b-c and a-d-c: b < d, so through b; the second step is declared
    # on c, so it is walked in reverse.
    assert index.shortest_path("a", "c") == (
        Step("a", "b", "depends-on", "out"),
        Step("b", "c", "part-of", "in"),
    )
    # Between a and b there is a forward depends-on and a reverse alpha: forward wins even
    # though alpha sorts first.
    assert index.shortest_path("a", "b")[0].type == "depends-on"  # type: ignore[index]
    assert index.shortest_path("b", "a") == (Step("b", "a", "alpha", "out"),)
    assert index.shortest_path("a", "c", directed=True) == (
        Step("a", "d", "relates-to", "out"),
        Step("d", "c", "relates-to", "out"),
    )
    assert index.shortest_path("a", "c", max_hops=1) is None


def test_reach() -> None:
    index = PathIndex(
        ["a", "b", "c", "d", "e"],
        [("a", "b", "depends-on"), ("b", "c", "depends-on"), ("c", "a", "depends-on"),
         ("d", "c", "depends-on"), ("e", "a", "relates-to")],
    )  # fmt: skip
    assert [(r.page, r.hops) for r in index.reach("a", "depends-on")] == [("b", 1), ("c", 2)]
    assert [(r.page, r.hops) for r in index.reach("c", "depends-on", direction="in")] == [
        ("b", 1), ("d", 1), ("a", 2),
    ]  # fmt: skip
    assert [(r.page, r.hops) for r in index.reach("a", "depends-on", max_hops=1)] == [("b", 1)]
    assert index.reach("a", "nope") == []


def test_javascript_matches_python(tmp_path: Path) -> None:
    if NODE is None:
        if os.environ.get("RELATIONS_REQUIRE_BROWSER") == "1":
            pytest.fail("node is required for the parity test; apt-get install nodejs")
        pytest.skip("node is not installed")
    cases = []
    expected = []
    for seed in range(150):
        size = random.Random(seed).randint(1, len(NAMES))
        ids, edges = random_graph(1000 + seed, size)
        index = PathIndex(ids, edges)
        number = index.rank
        types = sorted(set(TYPES) | {"unused-type"})
        graph = {
            "ids": index.ids,
            "types": [{"name": t} for t in types],
            "edges": [v for s, t, k in edges for v in (number[s], number[t], types.index(k))],
        }
        queries = []
        answers = []
        for options in OPTIONS:
            js_options = {
                "maxHops": options["max_hops"],
                "types": options["types"],
                "directed": options["directed"],
            }
            for source, target in itertools.product(index.ids, repeat=2):
                queries.append([number[source], number[target], js_options])
                steps = index.shortest_path(source, target, **options)
                answers.append(
                    None
                    if steps is None
                    else [[number[s.source], number[s.target], s.type, s.direction] for s in steps]
                )
        cases.append({"graph": graph, "queries": queries})
        expected.append(answers)
    runner = tmp_path / "runner.js"
    runner.write_text(RUNNER)
    result = subprocess.run(
        [NODE, str(runner), str(PATHS_JS)],
        input=json.dumps(cases),
        capture_output=True,
        text=True,
        timeout=300,
        check=True,
    )
    actual = json.loads(result.stdout)
    total = sum(len(c["queries"]) for c in cases)
    assert total > 20_000
    for case, (got, want) in enumerate(zip(actual, expected, strict=True)):
        assert got == want, f"case {case} differs"


def names_of(manifest: dict[str, Any], names: dict[str, str] | None) -> str:
    """The names' text a manifest carries (a small wiki's) or points to, as the finder reads it."""
    if "names" in manifest:
        return str(manifest["names"])
    assert names is not None and names["build"] == manifest["build"]
    packed = base64.b64decode(manifest["names_deflated"])
    text = zlib.decompress(packed).decode("utf-8")
    assert text == names["text"]
    return text


@pytest.mark.parametrize("shard_pages", [1, 3, 100])
def test_the_finder_files_answer_as_python(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, shard_pages: int
) -> None:
    """The finder's manifest and shards, as the site ships them, read by the script with
    each shard added only when the search waits for it: the same answers as Python's, the
    same ids and titles (pages numbered as suggestions rank them), each page in the shard
    Python put it in, and every URL of a loaded shard."""
    if NODE is None:
        pytest.skip("node is not installed")
    monkeypatch.setattr(finder_files, "SHARD_PAGES", shard_pages)
    cases, expected = [], []
    for seed in range(60):
        rng = random.Random(seed)
        size = rng.randint(1, len(NAMES))
        ids, edges = random_graph(2000 + seed, size)
        index = PathIndex(ids, edges)
        number = index.rank
        types = sorted(set(TYPES) | {"unused-type"})
        # Titles in another order than the ids, some as the ids' file names go.
        titles = [
            i.rsplit("/", 1)[-1] if k % 4 == 0 else f"{rng.choice(NAMES).upper()} {k % 7} Σ"
            for k, i in enumerate(index.ids)
        ]
        site = {
            "format": "f", "version": 2, "max_hops": 4,
            "types": [{"name": t, "label": t, "inverse": t} for t in types],
            "ids": index.ids, "titles": titles,
            "urls": [f"{i}/" for i in index.ids], "aliases": {"0": ["ÄLIAS", "Other"]},
            "edges": [v for s, t, k in edges for v in (number[s], number[t], types.index(k))],
        }  # fmt: skip
        manifest, shards, names = finder_files.finder_files(site)
        assert manifest["shards"] == len(shards) == finder_files.shard_count(len(ids))
        order = finder_files.ranked_order(index.ids, titles)
        rank = {page: r for r, page in enumerate(order)}
        queries, answers = [], []
        for options in OPTIONS:
            js_options = {
                "maxHops": options["max_hops"],
                "types": options["types"],
                "directed": options["directed"],
            }
            for source, target in itertools.product(index.ids, repeat=2):
                queries.append([rank[number[source]], rank[number[target]], js_options])
                steps = index.shortest_path(source, target, **options)
                answers.append(
                    None
                    if steps is None
                    else [
                        [rank[number[s.source]], rank[number[s.target]], s.type, s.direction]
                        for s in steps
                    ]
                )
        text = names_of(manifest, names)
        cases.append({"manifest": manifest, "text": text, "shards": shards, "queries": queries})
        expected.append((site, order, answers))
    runner = tmp_path / "sharded.js"
    runner.write_text(SHARDED_RUNNER)
    result = subprocess.run(
        [NODE, str(runner), str(PATHS_JS)],
        input=json.dumps(cases),
        capture_output=True,
        text=True,
        timeout=300,
        check=True,
    )
    loads = 0
    answered = json.loads(result.stdout)
    for case, (got, (site, order, want)) in enumerate(zip(answered, expected, strict=True)):
        assert got["ids"] == [site["ids"][p] for p in order], case
        assert got["titles"] == [site["titles"][p] for p in order], case
        assert got["numbers"] == list(range(len(order))) and got.get("missing") is None
        aliases = [site["aliases"].get(str(p), []) for p in order]
        assert got["search"] == [
            [site["titles"][p].lower(), site["ids"][p].lower(), *(a.lower() for a in more)]
            for p, more in zip(order, aliases, strict=True)
        ]
        assert got["all"] == {
            "ids": got["ids"], "titles": got["titles"],
            "aliases": {str(r): more for r, more in enumerate(aliases) if more},
        }  # fmt: skip
        assert [steps for steps, _ in got["answers"]] == want, f"case {case} differs"
        shards = cases[case]["manifest"]["shards"]
        if shards:
            assert got["shardOf"] == [finder_files.shard_of(i, shards) for i in got["ids"]]
        loads += sum(loaded for _, loaded in got["answers"])
        known = [u for u in got["urls"] if u is not None]
        assert all(u == site["urls"][order[r]] for r, u in enumerate(got["urls"]) if u is not None)
        assert len(known) >= (0 if shards else len(order))
    # Shards are loaded as the search reaches their pages, never all up front.
    assert (loads > 0) == (shard_pages < 100)


def _ranked(search: list[list[str]], titles: list[str], text: str, exclude: int, limit: int):
    """The finder's ranking, written from its specification: a name equal to the text, then
    one starting with it, then one holding it; ties by natural order of title, then number."""
    query = text.strip().lower()
    if not query:
        return []
    scored = []
    for number, names in enumerate(search):
        if number == exclude:
            continue
        scores = [0 if n == query else 1 if n.startswith(query) else 2 for n in names if query in n]
        if scores:
            scored.append((min(scores), natural_key(titles[number]), number))
    return [number for *_, number in sorted(scored)[:limit]]


@pytest.mark.parametrize("shard_pages", [1, 1000])
def test_the_finders_ranking_is_its_specification(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, shard_pages: int
) -> None:
    """The ranking of pages for what a reader types, from the finder's files as the site
    ships them, held to its specification on random names (the browser tests only see its
    first options): names with line ends, a letter whose lower case is longer, ids made of
    a folder and the title or its file name, many aliases, the bounded selection at work."""
    if NODE is None:
        pytest.skip("node is not installed")
    monkeypatch.setattr(finder_files, "SHARD_PAGES", shard_pages)
    monkeypatch.setattr(finder_files, "MOST_ALIASES", 2)
    rng = random.Random(17)
    letters = ["a", "b", "e", "l", "r", " ", "-", "/", "2", "10", "é", "ﬀ", "😀", "\uff5e", "B"]
    cases, expected = [], []
    for case in range(150):
        # Past 50 cases, more pages than the limit keeps.
        pages = rng.randint(1, 12) if case < 50 else rng.randint(10, 60)
        odd = ["\n", "İ"] if case % 3 == 0 else []
        titles = ["".join(rng.choices(letters + odd, k=rng.randint(1, 6))) for _ in range(pages)]
        ids = []
        for n, title in enumerate(titles):
            folder = rng.choice(["", "a/", "b/c/"])
            way = rng.randint(0, 2)
            stem = title if way == 0 else finder_files.slug(title) if way == 1 else ""
            ids.append(folder + (stem or "".join(rng.choices(letters, k=3))) + f"~{n}")
        ids = sorted(ids)
        aliases = {
            str(n): ["".join(rng.choices(letters + odd, k=rng.randint(1, 4))) for _ in range(k)]
            for n in range(pages)
            if (k := rng.choice([0, 0, 1, 3]))
        }
        site = {
            "format": "f", "version": 2, "max_hops": 4, "types": [], "ids": ids,
            "titles": titles, "urls": ["x/"] * pages, "aliases": aliases, "edges": [],
        }  # fmt: skip
        manifest, _, names = finder_files.finder_files(site)
        order = finder_files.ranked_order(ids, titles)
        rank = {page: r for r, page in enumerate(order)}
        search = [
            [titles[n].lower(), ids[n].lower(), *(a.lower() for a in aliases.get(str(n), []))]
            for n in range(pages)
        ]
        queries, answers = [], []
        for _ in range(8):
            text = "".join(rng.choices(letters + odd + ["~1", "\t"], k=rng.randint(0, 3)))
            if rng.random() < 0.2:  # a whole name, to be equal to it
                text = rng.choice(rng.choice(search))
            exclude = rng.randint(-1, pages - 1)
            limit = rng.randint(1, 8)
            queries.append([text, rank.get(exclude, -1), limit])
            answers.append([rank[n] for n in _ranked(search, titles, text, exclude, limit)])
        cases.append({"manifest": manifest, "text": names_of(manifest, names), "queries": queries})
        expected.append(
            {
                "ranked": answers,
                "titles": [titles[p] for p in order],
                "ids": [ids[p] for p in order],
                "numbers": list(range(pages)),
            }
        )
    runner = tmp_path / "rank.js"
    runner.write_text(RANK_RUNNER)
    found = subprocess.run(
        [NODE, str(runner), str(PATHS_JS)],
        input=json.dumps(cases), capture_output=True, text=True, check=True,
    )  # fmt: skip
    got = json.loads(found.stdout)
    assert got == expected
    assert sum(len(a) > 1 for case in expected for a in case["ranked"]) > 100  # they do rank


BOUNDED_JS = """
const paths = require(process.argv[1]);
const count = 20000;
const titles = Array.from({length: count}, (_, i) => "Page " + (i + 1));
const ids = titles.map((_, i) => "p" + (count - i));
const text = "0".repeat(count) + "\\n" + titles.join("\\n") + "\\n" + ids.join("\\n") + "\\n";
const read = paths.readManifest({pages: count, types: [], shards: 2}, text);
let sorted = 0;
const sort = Array.prototype.sort;
Array.prototype.sort = function (...args) { sorted += this.length; return sort.apply(this, args); };
const found = paths.rankMatches(read.names, "a", -1, 10);
process.stdout.write(JSON.stringify({found, sorted}));
"""


def test_the_finder_keeps_the_best_ten_without_sorting_every_match() -> None:
    """One common letter matched every page of a 100,000-page wiki, and sorting them all
    before keeping ten froze the tab for a second: pages come in the order they rank, and
    the search stops at the first ten it meets."""
    if NODE is None:
        pytest.skip("node is not installed")
    done = subprocess.run(
        [NODE, "-e", BOUNDED_JS, str(PATHS_JS)], capture_output=True, text=True, check=True
    )
    answer = json.loads(done.stdout)
    assert answer["found"] == list(range(10))  # Page 1, Page 2, ... Page 10
    assert answer["sorted"] <= 3 * 10

"""The query specification (query.py's docstring): the engine against a brute-force oracle
written from the text, on random graphs with every key; and the fence rules of blocks.py."""

from __future__ import annotations

import itertools
import random
import re
from dataclasses import dataclass, replace
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mkdocs_relations.model.graph import Edge, Graph, Page
from mkdocs_relations.model.vocabulary import Vocabulary
from mkdocs_relations.query.engine import QueryEngine
from mkdocs_relations.query.fences import find_blocks, marker_lines, replace_blocks
from mkdocs_relations.query.parser import QueryReader
from mkdocs_relations.query.query_parts import Follow, Query, Where
from mkdocs_relations.wiki.lookup import PageKeys, Resolver
from mkdocs_relations.wiki.pipeline import load_wiki

NAMES = [
    "a",
    "B",
    "c",
    "svc/a",
    "svc/b",
    "svc/deep/x",
    "ops/y",
    "ä",
    "10",
    "9",
    "z z",
    "n2",
    "N10",
    "ß",
]
TYPES = ["depends-on", "part-of", "relates-to", "supersedes", "used-by"]
STATUSES = ["active", "retired", None]


@dataclass
class Raw:
    """A graph as plain lists, for the oracle."""

    ids: list[str]
    #: (source, target id or None, type, written target, note)
    edges: list[tuple[str, str | None, str, str, str | None]]
    meta: dict[str, dict[str, object]]


def random_wiki(seed: int) -> tuple[Graph, Raw]:
    rng = random.Random(seed)
    ids = sorted(rng.sample(NAMES, rng.randint(1, len(NAMES))))
    raw = Raw(ids, [], {})
    pages: dict[str, Page] = {}
    edges: dict[str, list[Edge]] = {page_id: [] for page_id in ids}
    for page_id in ids:
        meta: dict[str, object] = {"title": page_id.upper()}
        status = rng.choice(STATUSES)
        if status is not None:
            meta["status"] = status
        if rng.random() < 0.5:
            meta["tags"] = rng.sample(["core", "edge", "x"], rng.randint(0, 2))
        raw.meta[page_id] = meta
        pages[page_id] = Page(page_id, f"{page_id}.md", title=page_id.upper(), meta=dict(meta))  # type: ignore[arg-type]
    for line in range(rng.randint(0, len(ids) * 3)):
        source = rng.choice(ids)
        target: str | None = rng.choice(ids)
        written = target or ""
        if rng.random() < 0.1:
            target, written = None, rng.choice(["Ghost", "ghost", "other one", "other-one"])
        kind = rng.choice(TYPES)
        note = rng.choice([None, "n1", "n2"])
        raw.edges.append((source, target, kind, written, note))
        edges[source].append(
            Edge(
                source, kind, written, target, line + 2, line + 1, note=note, redlink=target is None
            )
        )
    graph = Graph.of(Vocabulary(), (replace(p, edges=tuple(edges[p.id])) for p in pages.values()))
    return graph, raw


def random_query(rng: random.Random, raw: Raw) -> Query:
    kind = rng.choice([None, None, None, "pages", "types", "wanted"])
    where = random_where(rng, 2) if kind in (None, "pages") else Where()
    if kind == "types":
        columns: tuple[str, ...] = ("type", "inverse", "edges")
    elif kind == "wanted":
        columns = ("target", "edges", "from", "kind")
    else:
        pool = ["title", "id", "folder", "in", "out", "edges", "status", "tags", "depends-on",
                "used by", "relates-to", "nothing", "relates to", "Has Part", "depends on",
                "uses"]  # fmt: skip
        if kind is None:
            pool += ["hops", "type", "via", "note"]
        columns = tuple(rng.sample(pool, rng.randint(1, 4)))
    follow = None
    if rng.random() < 0.6:
        options = [Follow(t, False) for t in TYPES] + [
            Follow("depends-on", True), Follow("part-of", True), Follow("supersedes", True)
        ]  # fmt: skip
        follow = tuple(rng.sample(options, rng.randint(1, 3)))
    sort = rng.choice([None, None, *columns])
    return Query(
        start=None if kind else rng.choice(raw.ids),
        list=kind,
        follow=follow if kind is None else None,
        direction=rng.choice(["out", "in", "both"]),
        depth=rng.randint(1, 4),
        where=where,
        show="table",
        columns=columns,
        sort=sort,
        descending=rng.random() < 0.5,
        limit=rng.choice([None, None, 1, 3]),
    )


def random_where(rng: random.Random, nesting: int) -> Where:
    folders = tuple(rng.sample(["svc", "svc/deep", "ops"], rng.randint(0, 1)))
    edges = tuple(
        (rng.choice(["in", "out", "edges"]), rng.choice([None, frozenset(rng.sample(TYPES, 2))]))
        for _ in range(rng.randint(0, 1))
    )
    meta = tuple(
        (key, tuple(rng.sample(["active", "retired", "core", "x", None], rng.randint(1, 2))))
        for key in rng.sample(["status", "tags"], rng.randint(0, 1))
    )
    negated = (random_where(rng, nesting - 1),) if nesting and rng.random() < 0.3 else ()
    return Where(folders, edges, meta, negated)


# --- the oracle: the docstring, read literally ---------------------------------------------

LABELS = {"depends-on": "used by", "part-of": "has part", "supersedes": "superseded by",
          "used-by": "uses", "relates-to": "relates to"}  # fmt: skip
SYMMETRIC = {"relates-to"}


def oracle_steps(raw: Raw, query: Query) -> set[tuple[str, bool]]:
    """(type, against the declared direction) pairs the walk may take."""
    follows = query.follow or tuple(Follow(t, False) for t in {e[2] for e in raw.edges})
    allowed = set()
    for follow in follows:
        if query.direction == "both" or follow.type in SYMMETRIC:
            allowed |= {(follow.type, False), (follow.type, True)}
        else:
            allowed.add((follow.type, (query.direction == "in") != follow.reverse))
    return allowed


def natural(text: str) -> tuple[list[tuple[str, int]], str]:
    """Natural order written another way than the engine's: digits by int value."""
    folded = text.casefold()
    parts = re.split(r"([0-9]+)", folded)
    runs = [
        (parts[i], int(parts[i + 1]) if i + 1 < len(parts) else -1) for i in range(0, len(parts), 2)
    ]
    return runs, folded


def by_title(raw: Raw, page: str) -> tuple[tuple[list[tuple[str, int]], str], str]:
    return natural(str(raw.meta[page]["title"])), page


def oracle_walk(raw: Raw, query: Query) -> list[tuple[str, int, str, tuple[str, bool]]]:
    allowed = oracle_steps(raw, query)
    steps: dict[tuple[str, str], list[tuple[str, bool]]] = {}
    for source, target, kind, _, _ in raw.edges:
        if target is None or target == source:
            continue
        if (kind, False) in allowed:
            steps.setdefault((source, target), []).append((kind, False))
        if (kind, True) in allowed:
            steps.setdefault((target, source), []).append((kind, True))
    assert query.start is not None
    best: dict[str, list[str]] = {}

    def walk(path: list[str]) -> None:
        node = path[-1]
        if len(path) > 1 and (
            node not in best or (len(path), path) < (len(best[node]), best[node])
        ):
            best[node] = list(path)
        if len(path) - 1 >= query.depth:
            return
        for nxt in raw.ids:
            if nxt not in path and (node, nxt) in steps:
                walk([*path, nxt])

    walk([query.start])
    found = []
    for page, path in best.items():
        if page == query.start:
            continue
        step = min(steps[(path[-2], page)], key=lambda s: (s[1], s[0]))
        found.append((page, len(path) - 1, path[-2], step))
    return sorted(found, key=lambda f: (f[1], by_title(raw, f[0])))


def oracle_sides(raw: Raw, page: str, side: str) -> list[str]:
    out = [e[2] for e in raw.edges if e[0] == page and e[1] != page]
    incoming = [e[2] for e in raw.edges if e[1] == page and e[0] != page]
    if side == "edges":
        return out + incoming
    mine, theirs = (out, incoming) if side == "out" else (incoming, out)
    return mine + [t for t in theirs if t in SYMMETRIC]


def oracle_matches(raw: Raw, page: str, where: Where) -> bool:
    if where.folders and not any(page.startswith(f + "/") for f in where.folders):
        return False
    for side, types in where.edges:
        if not any(types is None or t in types for t in oracle_sides(raw, page, side)):
            return False
    for key, values in where.meta:
        value = raw.meta[page].get(key)
        if isinstance(value, list):
            if not (any(v in values for v in value) or (not value and None in values)):
                return False
        elif value not in values:
            return False
    return all(not oracle_matches(raw, page, sub) for sub in where.negated)


def oracle_cell(raw: Raw, name: str, page: str, hops: int, via: str | None, step) -> tuple:  # type: ignore[no-untyped-def]
    title = raw.meta[page]["title"]
    if name == "title":
        return ((title, page, False),)
    if name == "id":
        return ((page, None, False),)
    if name == "folder":
        return ((page.rpartition("/")[0], None, False),)
    if name in ("in", "out", "edges"):
        return ((str(len(oracle_sides(raw, page, name))), None, False),)
    if via is not None:
        if name == "hops":
            return ((str(hops), None, False),)
        if name == "type":
            return ((LABELS[step[0]] if step[1] else step[0].replace("-", " "), None, False),)
        if name == "via":
            return ((raw.meta[via]["title"], via, False),)
        if name == "note":
            source, target = (page, via) if step[1] else (via, page)
            note = next(e[4] for e in raw.edges if e[:3] == (source, target, step[0]))
            return ((note, None, False),) if note else ()
    # A type word: a name; else, ignoring case, an inverse label (read backwards unless the
    # type is symmetric), then a type's label; the canonical types come first.
    words = {"caused by": ("caused-by", False), "causes": ("caused-by", True)}
    words.update({label: (kind, kind not in SYMMETRIC) for kind, label in LABELS.items()})
    for kind in LABELS:
        words.setdefault(kind.replace("-", " "), (kind, False))
    word = (name, False) if name in LABELS else words.get(name.casefold())
    if word is not None:
        kind = word[0]
        forward = not word[1] or kind in SYMMETRIC
        backward = word[1] or kind in SYMMETRIC
        pages = set()
        missing: dict[str, str] = {}
        for source, target, edge_type, written, _ in raw.edges:
            if edge_type != kind or source == target:
                continue
            if forward and source == page:
                if target is None:
                    key = written.casefold().replace(" ", "-")
                    missing[key] = missing.get(key, written)
                else:
                    pages.add(target)
            if backward and target == page:
                pages.add(source)
        ordered = sorted(pages, key=lambda p: by_title(raw, p))
        return tuple((raw.meta[p]["title"], p, False) for p in ordered) + tuple(
            (missing[k], None, True) for k in sorted(missing)
        )
    value = raw.meta[page].get(name)
    if value is None:
        return ()
    if isinstance(value, list):
        return tuple((v, None, False) for v in value)
    return ((value, None, False),)


def oracle(raw: Raw, query: Query) -> list[tuple[str, tuple]]:  # type: ignore[type-arg]
    if query.list == "types":
        entries = []
        for kind in Vocabulary().values():
            count = sum(1 for e in raw.edges if e[2] == kind.name)
            values = {"type": ((kind.name, None, False),),
                      "inverse": ((kind.inverse, None, False),),
                      "edges": ((str(count), None, False),)}  # fmt: skip
            entries.append((kind.name, values.__getitem__))
    elif query.list == "wanted":
        groups: dict[str, list[tuple[str, str]]] = {}
        for source, target, _, written, _ in raw.edges:
            if target is None:
                groups.setdefault(written.casefold().replace(" ", "-"), []).append(
                    (source, written)
                )
        ordered = sorted(
            groups.items(), key=lambda g: (-len(g[1]), min(w for _, w in g[1]).casefold(), g[0])
        )
        entries = []
        for key, edges in ordered:
            sources = sorted({s for s, _ in edges}, key=lambda s: by_title(raw, s))
            values = {"target": ((min(w for _, w in edges), None, True),),
                      "edges": ((str(len(edges)), None, False),),
                      "from": tuple((raw.meta[s]["title"], s, False) for s in sources),
                      "kind": (("redlink", None, False),)}  # fmt: skip
            entries.append((key, values.__getitem__))
    else:
        reached = oracle_walk(raw, query) if query.list is None else [
            (p, 0, None, None) for p in sorted(raw.ids, key=lambda p: by_title(raw, p))
        ]  # fmt: skip
        entries = [
            (p, lambda name, p=p, h=h, v=v, s=s: oracle_cell(raw, name, p, h, v, s))
            for p, h, v, s in reached
            if oracle_matches(raw, p, query.where)
        ]
    if query.sort:
        numeric = query.sort in ("hops", "in", "out", "edges")

        def key(entry):  # type: ignore[no-untyped-def]
            text = " ".join(item[0] for item in entry[1](query.sort))
            return (
                (0, int(text), natural("")) if numeric and text.isdigit() else (1, 0, natural(text))
            )

        entries.sort(key=key, reverse=query.descending)
    if query.limit:
        entries = entries[: query.limit]
    return [(k, tuple(cell(name) for name in query.columns)) for k, cell in entries]


@pytest.mark.parametrize("seed", range(60))
def test_engine_matches_the_oracle(seed: int) -> None:
    graph, raw = random_wiki(seed)
    engine = QueryEngine(graph)
    rng = random.Random(seed * 7919)
    for _ in range(25):
        query = random_query(rng, raw)
        result = engine.answer(query)
        got = [
            (row.key, tuple(tuple((i.text, i.page, i.missing) for i in cell) for cell in row.cells))
            for row in result.rows
        ]
        assert got == oracle(raw, query), query


def test_walk_example() -> None:
    declared = [("a", "b", "depends-on"), ("b", "c", "depends-on"),
                ("d", "c", "depends-on"), ("d", "a", "relates-to")]  # fmt: skip
    graph = Graph.of(
        Vocabulary(),
        (
            Page(
                page,
                f"{page}.md",
                meta={"status": "active"} if page == "c" else {},
                edges=tuple(
                    Edge(source, kind, target, target, 1, 1)
                    for source, target, kind in declared
                    if source == page
                ),
            )
            for page in "abcd"
        ),
    )
    engine = QueryEngine(graph)
    down = engine.answer(Query(start="a", follow=(Follow("depends-on", False),), depth=3))
    assert [(r.key, r.hops, r.via) for r in down.rows] == [("b", 1, "a"), ("c", 2, "b")]
    # "used by" is depends-on read backwards: what uses c, transitively.
    users = engine.answer(Query(start="c", follow=(Follow("depends-on", True),), depth=3))
    assert [(r.key, r.hops) for r in users.rows] == [("b", 1), ("d", 1), ("a", 2)]
    # relates-to is symmetric: walked from a although it is declared on d.
    related = engine.answer(Query(start="a", follow=(Follow("relates-to", False),)))
    assert [r.key for r in related.rows] == ["d"]
    # where filters rows, not the walk: c is reached through b, which is not a row itself.
    active = Where(meta=(("status", ("active",)),))
    through = engine.answer(
        Query(start="a", depth=2, follow=(Follow("depends-on", False),), where=active)
    )
    assert [(r.key, r.hops, r.via) for r in through.rows] == [("c", 2, "b")]


# --- fences --------------------------------------------------------------------------------


def test_blocks_inside_other_fences_are_examples() -> None:
    text = "\n".join([
        "# Page",                 # 0
        "```relations",           # 1
        "show: table",            # 2
        "```",                    # 3
        "````markdown",           # 4
        "```relations",           # 5
        "from: x",                # 6
        "```",                    # 7
        "````",                   # 8
        "~~~",                    # 9
        "```relations",           # 10
        "~~~",                    # 11
        "!!! note",               # 12
        "    ```relations",       # 13 (in an admonition)
        "    depth: 2",           # 14
        "    ```",                # 15
        "``` relations extra",    # 16
        "```",                    # 17
    ])  # fmt: skip
    blocks = find_blocks(text)
    assert [(b.start, b.end, b.source, b.indent) for b in blocks] == [
        (1, 4, "show: table", ""),
        (13, 16, "depth: 2", "    "),
        (16, 18, "", ""),
    ]
    replaced = replace_blocks(text, blocks, ["ONE", "TWO", "THREE"])
    assert replaced.split("\n")[1] == "ONE" and "    TWO" in replaced.split("\n")
    assert "from: x" in replaced


def test_unclosed_block_runs_to_the_end() -> None:
    [block] = find_blocks("text\n```relations\nshow: tree\n\nmore")
    assert not block.closed and block.end == 5 and block.source == "show: tree\n\nmore"


def test_longer_fence_closes_and_other_names_are_not_queries() -> None:
    assert find_blocks("```python\n```relations\n```\n") == []
    [block] = find_blocks("````relations\nshow: list\n```\nx\n`````\n")
    assert block.source == "show: list\n```\nx"


def test_marker_lines_skip_fences() -> None:
    marker = "<!-- relations/overview -->"
    text = f"{marker}\n```markdown\n{marker}\n```\n  {marker}  \n`{marker}`"
    assert marker_lines(text, marker) == [0, 4]


def test_no_word_no_work() -> None:
    assert find_blocks("```python\nx = 1\n```") == []
    assert list(itertools.islice(find_blocks(""), 1)) == []


def test_a_quote_on_a_list_items_first_line_is_read() -> None:
    """``- > quote``: the scan read the item's line again and again (a build never ended on
    a page with a block and such a line)."""
    text = "- > ```relations\n  > show: list\n  > ```\n- > a quote\n"
    [block] = find_blocks(text)
    assert (block.start, block.end, block.source, block.indent) == (0, 3, "show: list", "- > ")
    assert replace_blocks(text, [block], ["ANSWER"]) == "- > ANSWER\n- > a quote\n"
    assert marker_lines("1. > <!-- m -->\n<!-- m -->", "<!-- m -->") == [1]


#: Lines that open, close and contain fences: a container's prefix, fence characters, the
#: whitespace str.split() splits an info string at (tab, vertical tab, no-break and em spaces,
#: a line separator), a word, and what may follow it.
_FENCE_LINES = st.one_of(
    st.tuples(
        st.sampled_from(["", "  ", "    ", "- ", "1. ", "> ", "- > ", "    > ", "\t"]),
        st.sampled_from(["```", "````", "~~~", "~~~~~", "``", "`"]),
        st.lists(st.sampled_from([" ", "\t", "\x0b", "\xa0", "\u2003", "\u2028"]), max_size=2),
        st.sampled_from(["relations", "relationships", "relations`", "xrelations", ""]),
        st.sampled_from(["", " x", "\t", "\xa0y", "`", "~"]),
    ).map(lambda parts: parts[0] + parts[1] + "".join(parts[2]) + parts[3] + parts[4]),
    st.sampled_from(["", "!!! note", "<!--", "-->", "show: list", "- item", "> quote", "x"]),
)


@settings(max_examples=1000)
@given(st.lists(_FENCE_LINES, max_size=8))
def test_a_page_the_quick_check_passes_over_has_no_block(lines: list[str]) -> None:
    """find_blocks skips the container scan on pages without a fence named relations: the
    blocks are those a scan finds (forced by a comment above the page that names a fence,
    which the scan passes over as it would the page's first line)."""
    text = "\n".join(lines)
    forced = find_blocks("<!-- ```relations -->\n" + text)
    shifted = [(b.start - 1, b.end - 1, b.source, b.indent, b.closed) for b in forced]
    assert [(b.start, b.end, b.source, b.indent, b.closed) for b in find_blocks(text)] == shifted


# --- bad input never raises ----------------------------------------------------------------

QUERY_TOKENS = [
    "from:", "list:", "follow:", "direction:", "depth:", "where:", "show:", "columns:", "sort:",
    "limit:", "not:", "folder:", "in:", "out:", "edges:", "status:", "[", "]", "{", "}", ",",
    "- ", "  ", "a", "B", "svc/", "[[a]]", "[[", "depends-on", "used by", "any", "pages",
    "types", "wanted", "table", "tree", "graph", "mermaid", "0", "-1", "99", "1e9", "null",
    "yes", "&x", "*x", "!!binary", "'", '"', "#", "|", ">", "\t", "\x00", "é", "2024-01-01",
    "edge.since", "-title", "?", ":",
]  # fmt: skip


@given(
    st.lists(
        st.lists(st.one_of(st.sampled_from(QUERY_TOKENS), st.text(max_size=4)), max_size=6).map(
            " ".join
        ),
        max_size=8,
    ),
    st.sampled_from([None, "a", "svc/a"]),
)
@settings(max_examples=300, deadline=None)
def test_any_block_gives_a_query_or_diagnostics_inside_it(
    lines: list[str], page: str | None
) -> None:
    graph, raw = random_wiki(3)
    if page is not None and page not in graph.pages:
        page = raw.ids[0]
    resolver = Resolver(PageKeys(p) for p in graph.pages)
    reader = QueryReader(graph.vocabulary, resolver, 4)
    source = "\n".join(lines)
    query, problems = reader.read(source, "page.md", 10, page)
    assert (query is None) == bool(problems)
    for problem in problems:
        assert 10 <= problem.line < 10 + max(1, source.count("\n") + 1), (problem, source)
        assert problem.code == "invalid-query" and problem.file == "page.md"
    if query is not None:
        QueryEngine(graph).answer(query)


def test_frontmatter_values_compare_as_text(tmp_path: Path) -> None:
    page = tmp_path / "a.md"
    page.write_text(
        "---\nstatus: active\ndraft: yes\nn: 3\nday: 2025-01-31\nnone:\ntags: [x, 2, true]\n"
        "nested: {a: 1}\nrelationships: []\n---\n# A\n",
        encoding="utf-8",
    )
    wiki = load_wiki({"a.md": str(page)})
    assert wiki.graph.pages["a"].meta == {
        "status": "active", "draft": "true", "n": "3", "day": "2025-01-31", "none": None,
        "tags": ["x", "2", "true"],
    }  # fmt: skip


def test_type_words_read_the_same_in_every_key() -> None:
    """``follow``, ``where`` and columns take a name, a label or an inverse label alike."""
    graph, raw = random_wiki(3)
    reader = QueryReader(graph.vocabulary, Resolver(PageKeys(p) for p in graph.pages), 4)
    start = raw.ids[0]

    def read(source: str) -> Query:
        query, problems = reader.read(source, "page.md", 1, start)
        assert query is not None, problems
        return query

    assert read("follow: [relates to, Used By, depends on]").follow == (
        Follow("relates-to", False),
        Follow("depends-on", True),
        Follow("depends-on", False),
    )
    # An inverse label reads the other side: "out: used by" is "in: depends-on".
    assert read("where: {out: used by}").where == read("where: {in: depends-on}").where
    assert read("where: {edges: relates to}").where.edges == (("edges", frozenset({"relates-to"})),)
    _, problems = reader.read("where: {in: [used by, part-of]}", "page.md", 1, start)
    assert "mixes type names and inverse labels" in problems[0].message
    _, problems = reader.read("follow: [usedd by]", "page.md", 1, start)
    assert "unknown type 'usedd by'. Did you mean 'used by'?" in problems[0].message

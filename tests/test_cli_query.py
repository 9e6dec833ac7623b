"""``mkdocs-relations query``: the same rows as the block, on random wikis with filters."""

from __future__ import annotations

import io
import json
import logging
import random
import sys
from pathlib import Path
from typing import Any

import pytest
import yaml
from built_blocks import answers
from conftest import Site, relation_lines, run
from wikis import QUERY_WIKI

from mkdocs_relations.cli import main

IDS = ["a", "b", "c", "svc/a", "svc/b", "svc/deep/x", "ops/y", "ä", "10", "9"]
TYPES = ["depends-on", "part-of", "relates-to", "supersedes", "used-by", "caused-by"]
LABELS = ["used by", "has part", "superseded by", "uses", "causes"]
COLUMNS = ["title", "id", "folder", "in", "out", "edges", "status", "tags", "depends-on",
           "used by", "relates-to", "owner"]  # fmt: skip
WALK_COLUMNS = ["hops", "type", "via", "note", "edge.since"]


def write_wiki(site: Site, rng: random.Random) -> list[str]:
    ids = sorted(rng.sample(IDS, rng.randint(3, len(IDS))))
    for page_id in ids:
        front: dict[str, Any] = {"title": f"T {page_id} & <{rng.randint(0, 9)}>"}
        if rng.random() < 0.7:
            front["status"] = rng.choice(["active", "retired", True, 3])
        if rng.random() < 0.5:
            front["tags"] = rng.sample(["core", "edge", "x"], rng.randint(0, 2))
        if rng.random() < 0.3:
            front["owner"] = rng.choice(["team-a", "team-b"])
        edges = []
        for _ in range(rng.randint(0, 4)):
            edge: dict[str, Any] = {"type": rng.choice(TYPES), "target": f"[[{rng.choice(ids)}]]"}
            if rng.random() < 0.1:
                edge = {"type": edge["type"], "target": "[[ghost]]", "redlink": True}
            if rng.random() < 0.3:
                edge["note"] = rng.choice(["n1", "n2"])
            if rng.random() < 0.2:
                edge["since"] = rng.randint(2020, 2022)
            edges.append(edge)
        if edges:
            front["relationships"] = edges
        site.page(f"{page_id}.md", f"---\n{yaml.safe_dump(front, allow_unicode=True)}---\n\n")
    return ids


def random_block(rng: random.Random, ids: list[str]) -> dict[str, Any]:
    kind = rng.choice([None, None, None, "pages", "types", "wanted"])
    block: dict[str, Any] = {"show": rng.choice(["table", "table", "list", "tree"])}
    if kind:
        block["list"] = kind
        block["show"] = rng.choice(["table", "list"])
    else:
        if rng.random() < 0.6:
            block["from"] = f"[[{rng.choice(ids)}]]"
        if rng.random() < 0.6:
            block["follow"] = rng.sample(TYPES + LABELS, rng.randint(1, 3))
        block["direction"] = rng.choice(["out", "in", "both"])
        block["depth"] = rng.randint(1, 4)
    if kind in (None, "pages"):
        where: dict[str, Any] = {}
        if rng.random() < 0.3:
            where["folder"] = rng.choice(["svc", "svc/deep/", "ops"])
        if rng.random() < 0.3:
            where[rng.choice(["in", "out", "edges"])] = rng.choice(["any", rng.sample(TYPES, 2)])
        if rng.random() < 0.3:
            where["status"] = rng.choice(["active", [True, "retired"], 3, None])
        if rng.random() < 0.2:
            where["not"] = {"tags": "core"}
        if where:
            block["where"] = where
        pool = COLUMNS + (WALK_COLUMNS if kind is None else [])
        block["columns"] = rng.sample(pool, rng.randint(1, 4))
    elif kind == "types":
        block["columns"] = rng.sample(["type", "inverse", "description", "edges"], 2)
    else:
        block["columns"] = ["target", "edges", "from", "kind"]
    if rng.random() < 0.5:
        block["sort"] = ("-" if rng.random() < 0.5 else "") + rng.choice(block["columns"])
    if rng.random() < 0.3:
        block["limit"] = rng.randint(1, 4)
    return block


def cli_rows(config: Path, page: str, block: dict[str, Any], capsys: Any) -> dict[str, Any]:
    stdin = sys.stdin
    data = yaml.safe_dump(block, allow_unicode=True).encode("utf-8")
    sys.stdin = io.TextIOWrapper(io.BytesIO(data), encoding="utf-8")
    # main() configures the root logger as a console script should; undo it, or later
    # tests' builds would log into this test's captured (and kept) stderr.
    root = logging.getLogger()
    handlers, level = list(root.handlers), root.level
    try:
        code = main(["query", "-", "-f", str(config), "--page", page, "--format", "json"])
    finally:
        sys.stdin = stdin
        root.handlers[:] = handlers
        root.setLevel(level)
    out = capsys.readouterr()
    assert code == 0, out.err
    return dict(json.loads(out.out))


@pytest.mark.parametrize("seed", range(10))
def test_block_and_cli_give_the_same_rows(site: Site, seed: int, capsys: Any) -> None:
    rng = random.Random(seed)
    ids = write_wiki(site, rng)
    quiet = ["cycle", "self-reference", "duplicate-edge", "stale-redlink"]
    site.plugin_options = {"severity": {code: "ignore" for code in quiet}}
    placed: dict[str, list[dict[str, Any]]] = {}
    for page in rng.sample(ids, min(5, len(ids))):
        blocks = [random_block(rng, ids) for _ in range(6)]
        placed[page] = blocks
        fences = "\n".join(
            f"```relations\n{yaml.safe_dump(b, allow_unicode=True)}```\n" for b in blocks
        )
        path = site.docs / f"{page}.md"
        path.write_text(path.read_text(encoding="utf-8") + fences, encoding="utf-8")
    config = site.write_config()
    result = site.build(strict=True)
    assert result.ok, relation_lines(result)
    compared = 0
    for page, blocks in placed.items():
        html = site.html("index.html" if page == "index" else f"{page}/index.html")
        for block, answer in zip(blocks, answers(html), strict=True):
            document = cli_rows(config, page, block, capsys)
            keys = [row["key"] for row in document["rows"]]
            if block["show"] == "tree":
                assert sorted(r.key for r in answer.rows) == sorted(keys), block
                continue
            assert [r.key for r in answer.rows] == keys, block
            if block["show"] != "table":
                continue
            for row, expected in zip(answer.rows, document["rows"], strict=True):
                for column, items in expected["cells"].items():
                    cell = row.cells[column]
                    assert cell.pages == [i["page"] for i in items if "page" in i], (block, column)
                    texts = [i["text"] for i in items]
                    # Several items are one a line; one is the cell's text.
                    assert (cell.items if len(texts) > 1 else [cell.text]) == (texts or [""]), (
                        block,
                        column,
                    )
                    assert len(cell.missing) == sum(1 for i in items if i.get("missing"))
            compared += len(answer.rows)
    assert compared >= 8, compared  # rows whose every cell was compared


@pytest.fixture
def wiki(site: Site) -> Site:
    site.pages(QUERY_WIKI)
    site.write_config()
    return site


def test_text_output_and_flags(wiki: Site) -> None:
    result = run(
        "query", "--from", "index", "--follow", "depends-on", "--depth", "2",
        "--columns", "title,hops,via,owner", cwd=wiki.root,
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    assert result.stdout == (
        "title    hops  via       owner\nLedger   1     Payments  team-b\nStorage  2     Ledger\n"
    )


def test_where_flags_and_a_file(wiki: Site) -> None:
    (wiki.root / "q.yml").write_text("list: pages\nwhere: {status: active}\n")
    both = run("query", "q.yml", "--where", "folder=services", "--format", "json", cwd=wiki.root)
    assert json.loads(both.stdout)["rows"] == []
    active = run("query", "q.yml", "--format", "json", cwd=wiki.root)
    # Pages by title ("Ledger" before "Payment service"), as the site lists them.
    assert [r["key"] for r in json.loads(active.stdout)["rows"]] == ["ledger", "index"]
    orphans = run("query", "--list", "pages", "--where", "not={edges: any}", cwd=wiki.root)
    assert orphans.stdout == "title\nLonely\n"


def test_errors_name_the_line_and_exit_1(wiki: Site) -> None:
    (wiki.root / "q.yml").write_text("follow: [depends-on]\ndepth: 9\n")
    result = run("query", "q.yml", "--page", "index", cwd=wiki.root)
    assert result.returncode == 1 and result.stdout == ""
    assert result.stderr.startswith("q.yml:2: error: [invalid-query] depth: 9 is over the bound")
    walk = run("query", "--follow", "depends-on", cwd=wiki.root)
    assert walk.returncode == 1
    assert "add from: (a block in a page starts at that page)" in walk.stderr
    bad = run("query", "--where", "status", cwd=wiki.root)
    assert bad.returncode == 2 and "write KEY=VALUE" in bad.stderr


def test_empty_result(wiki: Site) -> None:
    result = run("query", "--from", "services/lonely", cwd=wiki.root)
    assert result.stdout == "title\n(no rows)\n"


def test_a_query_of_flags_is_reported_without_made_up_lines(wiki: Site) -> None:
    result = run("query", "--from", "index", "--follow", "dependz-on", cwd=wiki.root)
    assert result.returncode == 1
    assert result.stderr.startswith("mkdocs-relations: follow: unknown type 'dependz-on'.")
    assert "<query>" not in result.stderr and ":3" not in result.stderr

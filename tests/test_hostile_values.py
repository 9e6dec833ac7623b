"""Values YAML parses but cannot build, in every field; merge keys; size bounds; costs that
must not grow with an unused vocabulary.

The oracle for "MkDocs cannot read this frontmatter" is MkDocs' own metadata reader.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
import yaml
from hypothesis import assume, given
from hypothesis import strategies as st
from mkdocs.utils.meta import get_data

from mkdocs_relations.frontmatter.block import read_frontmatter
from mkdocs_relations.frontmatter.nodes import merged_items
from mkdocs_relations.frontmatter.unbuildable import problems
from mkdocs_relations.model.graph import Graph
from mkdocs_relations.wiki import lint
from mkdocs_relations.wiki.pipeline import Options, load_wiki

#: Parsed by YAML, refused by its safe loader (and so by MkDocs' metadata reader).
UNBUILDABLE = [
    "!Ref x",
    "!Ref [x]",
    "!!python/object/apply:os.system [echo]",
    "!!python/name:os.system",
    "!!bool maybe",
    '!!timestamp "soon"',
    "2023-09-31",
    "2024-02-30",
    "9" * 5000,
    '!!binary "a"',
    "!!int x",
    "!!float x",
    "!!set [a]",
    "!!omap {a: 1}",
    "!!str [a]",
    "!!seq x",
    "!!map x",
    "{? [a]: b}",
    "{<<: 3}",
    "[[2024-02-30]]",
]


def _deep(depth: int) -> str:
    return "[" * depth + "]" * depth


PAGE = """\
---
title: {title}
id: {id}
aliases: [{alias}, second]
superseded_by: {superseded_by}
hide: [{hide}]
relationships:
  - type: {type}
    target: {target}
    redlink: {redlink}
    note: {note}
    description: {description}
    evidence: {extra}
---
"""
PAGE_GOOD = {
    "title": "Title",
    "id": "page-id",
    "alias": "alias",
    "superseded_by": '"[[other]]"',
    "hide": "toc",
    "type": "depends-on",
    "target": '"[[other]]"',
    "redlink": "false",
    "note": "a note",
    "description": "text",
    "extra": "[1, 2]",
}
CONFIG = """\
---
relationship_field: {field}
relationship_types:
  - name: {name}
    inverse: {inverse}
    description: {description}
    symmetric: {symmetric}
    acyclic: {acyclic}
    transitive: {transitive}
  - {entry}
redlinks:
  - {redlink}
  - target: {target}
    reason: {reason}
---
"""
CONFIG_GOOD = {
    "field": "relationships",
    "name": "governed-by",
    "inverse": "governs",
    "description": "text",
    "symmetric": "false",
    "acyclic": "true",
    "transitive": "false",
    "entry": "owned-by",
    "redlink": '"[[planned]]"',
    "target": '"[[later]]"',
    "reason": "soon",
}
#: The good page beside them, whose own diagnostic must survive whatever the others hold.
OTHER = "---\nrelationships:\n  - {type: depends-on, target: missing-page}\n---\n"

values = st.one_of(
    st.sampled_from(UNBUILDABLE).map(lambda text: (text, True)),
    st.integers(101, 990).map(lambda depth: (_deep(depth), False)),
)


def _fill(
    template: str, good: dict[str, str], chosen: dict[str, tuple[str, bool]]
) -> tuple[str, dict[int, bool]]:
    """The document, and the line of each replaced value -> whether MkDocs refuses it."""
    fields = {**good, **{key: value for key, (value, _) in chosen.items()}}
    text = template.format(**fields)
    lines = {}
    for key, (_, breaks) in chosen.items():
        marker = "{" + key + "}"
        line = template[: template.index(marker)].count("\n") + 1
        lines[line] = breaks
    return text, lines


def _check(template: str, good: dict[str, str], name: str, chosen: dict, tmp: Path) -> None:  # type: ignore[type-arg]
    text, lines = _fill(template, good, chosen)
    try:
        yaml.compose(text.split("---\n")[1], Loader=yaml.CSafeLoader)
    except yaml.YAMLError:
        assume(False)  # some values end a flow list early: that is a syntax error, tested apart
    (tmp / name).write_text(text, encoding="utf-8")
    (tmp / "other.md").write_text(OTHER, encoding="utf-8")
    sources = {name: str(tmp / name), "other.md": str(tmp / "other.md")}
    wiki = load_wiki(sources, Options(docs_dir=str(tmp)))  # never raises
    reported = {d.line for d in wiki.diagnostics if d.file == name and d.code.startswith("inv")}
    assert set(lines) <= reported, (text, wiki.diagnostics)
    assert ("other.md", 3, "missing-target") in {(d.file, d.line, d.code) for d in wiki.diagnostics}
    # The plugin says MkDocs cannot read the block exactly when MkDocs' own reader cannot.
    _, meta = get_data(text + "\nBody\n")
    assert (meta == {}) == any(lines.values()), text


def _folder(name: str) -> Path:
    folder = Path(os.environ.get("TMPDIR", "/tmp")) / f"relations-{name}-{os.getpid()}"
    folder.mkdir(exist_ok=True)
    for old in folder.iterdir():
        old.unlink()
    return folder


@given(st.dictionaries(st.sampled_from(sorted(PAGE_GOOD)), values, min_size=1, max_size=4))
def test_unbuildable_values_in_page_fields(chosen: dict) -> None:  # type: ignore[type-arg]
    _check(PAGE, PAGE_GOOD, "page.md", chosen, _folder("page"))


@given(st.dictionaries(st.sampled_from(sorted(CONFIG_GOOD)), values, min_size=1, max_size=4))
def test_unbuildable_values_in_wiki_config_fields(chosen: dict) -> None:  # type: ignore[type-arg]
    _check(CONFIG, CONFIG_GOOD, "wiki-config.md", chosen, _folder("config"))


MERGES = [
    "{<<: {type: relates-to, note: x}, target: b}",
    "{<<: [{type: depends-on}, {type: part-of, note: y}], target: b}",
    "{<<: {<<: {type: used-by}, note: z}, type: caused-by, target: b}",
    "{type: relates-to, <<: {type: part-of, target: c}, target: b}",
]


@given(st.sampled_from(MERGES))
def test_merge_keys_read_as_pyyaml_reads_them(entry: str) -> None:
    node = yaml.compose(f"- {entry}\n", Loader=yaml.CSafeLoader).value[0]
    expected = yaml.load(f"- {entry}\n", Loader=yaml.CSafeLoader)[0]  # as MkDocs loads
    got = {
        key: yaml.safe_load(yaml.serialize(value)) for key, (_, value) in merged_items(node).items()
    }
    assert got == expected


def test_merged_edges_are_edges(tmp_path: Path) -> None:
    (tmp_path / "a.md").write_text(
        "---\nbase: &base {type: part-of, note: shared}\n<<: {title: Merged}\n"
        "relationships:\n  - {<<: *base, target: b}\n---\n"
    )
    (tmp_path / "b.md").write_text("# B\n")
    wiki = load_wiki({n: str(tmp_path / n) for n in ("a.md", "b.md")})
    assert wiki.diagnostics == []
    [edge] = wiki.graph.pages["a"].edges
    assert (edge.type, edge.target_id, edge.note) == ("part-of", "b", "shared")
    assert wiki.graph.pages["a"].title == "Merged"


def test_thousands_of_declared_types_are_read(tmp_path: Path) -> None:
    types = "".join(
        f"  - {{name: t{i}, inverse: t{i} of, description: d, acyclic: true}}\n"
        for i in range(2500)
    )
    (tmp_path / "wiki-config.md").write_text(f"---\nrelationship_types:\n{types}---\n")
    wiki = load_wiki({"wiki-config.md": str(tmp_path / "wiki-config.md")})
    assert wiki.diagnostics == []
    assert len(wiki.graph.vocabulary) == 2506


def test_a_tree_unfolded_by_aliases_is_bounded_per_type(tmp_path: Path) -> None:
    bomb = "a: &a [x, x, x, x, x, x, x, x, x, x]\n" + "".join(
        f"{name}: &{name} [*{prev}, *{prev}, *{prev}, *{prev}, *{prev}, *{prev}]\n"
        for prev, name in zip("abcdefg", "bcdefgh", strict=True)
    )
    (tmp_path / "wiki-config.md").write_text(
        f"---\n{bomb}relationship_types:\n  - name: ok\n  - {{name: bomb, description: *h}}\n---\n"
    )
    wiki = load_wiki({"wiki-config.md": str(tmp_path / "wiki-config.md")})
    assert [(d.line, d.message) for d in wiki.diagnostics] == [
        (12, "relationship type: the value unfolds into more than 10,000 items (YAML aliases)")
    ]
    assert "ok" in wiki.graph.vocabulary and "bomb" not in wiki.graph.vocabulary


def _write(folder: Path, pages: dict[str, str]) -> dict[str, str]:
    for name, text in pages.items():
        (folder / name).write_text(text)
    return {name: str(folder / name) for name in pages}


def test_a_long_loop_is_one_short_line(tmp_path: Path) -> None:
    size = 5000
    edge = "---\nrelationships: [{{type: depends-on, target: p{:05}}}]\n---\n"
    pages = {f"p{i:05}.md": edge.format((i + 1) % size) for i in range(size)}
    wiki = load_wiki(_write(tmp_path, pages))
    [cycle] = wiki.diagnostics
    assert cycle.code == "cycle" and len(cycle.message) < 400, len(cycle.message)
    assert (
        "p00000 → p00001 → " in cycle.message
        and "… 4,989 more … → p04998 → p04999 → p00000" in (cycle.message)
    )


def test_an_unknown_type_lists_a_bounded_vocabulary(tmp_path: Path) -> None:
    types = "".join(f"  - t{i}\n" for i in range(1000))
    pages = {
        "wiki-config.md": f"---\nrelationship_types:\n{types}---\n",
        "a.md": "---\nrelationships: [{type: zzz-unknown, target: a}]\n---\n",
    }
    wiki = load_wiki(_write(tmp_path, pages))
    [message] = [d.message for d in wiki.diagnostics if d.code == "unknown-type"]
    assert "and 994 more" in message and len(message) < 400, message


def test_cycles_pass_over_the_edges_once_whatever_the_vocabulary(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    types = "".join(
        f"  - {{name: unused-{i}, acyclic: true, transitive: true}}\n" for i in range(1000)
    )
    pages = {
        "wiki-config.md": f"---\nrelationship_types:\n{types}---\n",
        "a.md": "---\nrelationships: [{type: depends-on, target: b}]\n---\n",
        "b.md": "---\nrelationships: [{type: depends-on, target: a}]\n---\n",
    }
    wiki = load_wiki(_write(tmp_path, pages))
    graph = wiki.graph
    passes = 0
    original = Graph.resolved_edges

    def counted(self: Graph):  # type: ignore[no-untyped-def]
        nonlocal passes
        passes += 1
        return original(self)

    monkeypatch.setattr(Graph, "resolved_edges", counted)
    found = list(lint.cycles(graph))
    assert passes == 1
    assert [d.code for d in found] == ["cycle"]


def test_depth_is_bounded_but_readable_values_are_not_refused() -> None:
    node = yaml.compose("a: " + _deep(100) + "\n", Loader=yaml.CSafeLoader)
    assert problems(node) == []
    node = yaml.compose("a: " + _deep(101) + "\n", Loader=yaml.CSafeLoader)
    [problem] = problems(node)
    assert not problem.breaks_mkdocs


def test_fence_at_end_of_file_matches_mkdocs(tmp_path: Path) -> None:
    for text, is_frontmatter in [
        ("---\ntitle: A\n---", False),
        ("---\ntitle: A\n---\n", True),
        ("---\ntitle: A\n--- \n", True),
        ("---\ntitle: A\n...", False),
        ("---\ntitle: A\n---\nBody", True),
        ("---\r\ntitle: A\r\n---", False),
    ]:
        path = tmp_path / "page.md"
        path.write_bytes(text.encode())
        fm = read_frontmatter(str(path), "page.md")
        _, meta = get_data(text.replace("\r\n", "\n"))
        assert (fm.root is not None) == is_frontmatter == (meta != {}), text
        if not is_frontmatter:
            [d] = fm.diagnostics
            assert d.line == text.replace("\r\n", "\n").count("\n") + 1
            assert "no line break after it" in d.message


CORPUS = Path(__file__).resolve().parent / "bad_input" / "docs"


def test_the_corpus_reads_as_mkdocs_reads_it() -> None:
    """Page by page: the plugin reads frontmatter exactly where MkDocs' reader takes metadata,
    and says MkDocs cannot read a block exactly where MkDocs' reader drops it."""
    checked = 0
    for path in sorted(CORPUS.glob("*.md")):
        data = path.read_bytes()
        try:
            text = data.decode("utf-8-sig").replace("\r\n", "\n").replace("\r", "\n")
        except UnicodeDecodeError:
            continue  # MkDocs refuses the file itself; the plugin reports the byte
        fm = read_frontmatter(str(path), path.name)
        _, meta = get_data(text)
        refused = fm.root is not None and any(p.breaks_mkdocs for p in problems(fm.root))
        if fm.root is not None and fm.root.value and not refused:
            assert meta, path.name  # both read metadata
        else:
            assert meta == {}, path.name  # neither does
        checked += 1
    assert checked > 50


def test_deep_nesting_without_libyaml(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """PyYAML's pure-Python parser (where libyaml is missing) recurses once per level."""
    from mkdocs_relations.frontmatter import block as frontmatter

    monkeypatch.setattr(frontmatter, "Loader", yaml.SafeLoader)
    path = tmp_path / "deep.md"
    path.write_text("---\ntitle: x\nevidence: " + _deep(5000) + "\n---\n")
    fm = read_frontmatter(str(path), "deep.md")
    assert [(d.line, d.message) for d in fm.diagnostics] == [
        (1, "frontmatter nests lists or mappings too deep to parse; flatten it")
    ]

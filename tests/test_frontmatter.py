"""The frontmatter reader: only the block between the fences, with exact line numbers."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml
from conftest import CORPORA, Site, mkdocs_build, relation_lines, run
from hypothesis import given, settings
from hypothesis import strategies as st

from mkdocs_relations.frontmatter.block import read_frontmatter
from mkdocs_relations.frontmatter.page import ReadOptions, read_page
from mkdocs_relations.frontmatter.safe_load import loaded
from mkdocs_relations.frontmatter.safe_loader import Loader
from mkdocs_relations.frontmatter.unbuildable import problems


def _read(tmp_path: Path, data: bytes, field: str = "relationships"):  # type: ignore[no-untyped-def]
    path = tmp_path / "page.md"
    path.write_bytes(data)
    fm = read_frontmatter(str(path), "page.md")
    page = read_page("page.md", fm, ReadOptions(field=field))
    return fm, page


EDGE = b'---\ntitle: T\nrelationships:\n  - type: depends-on\n    target: "[[b]]"\n---\n# Body\n'


def test_plain_block(tmp_path: Path) -> None:
    fm, page = _read(tmp_path, EDGE)
    assert fm.diagnostics == []
    assert page.title == "T"
    assert [(e.type, e.target, e.line, e.type_line) for e in page.declared] == [
        ("depends-on", "b", 5, 4)
    ]


@pytest.mark.parametrize(
    "transform",
    [
        lambda b: b"\xef\xbb\xbf" + b,  # BOM
        lambda b: b.replace(b"\n", b"\r\n"),  # Windows
        lambda b: b.replace(b"\n", b"\r"),  # old Mac
    ],
    ids=["bom", "crlf", "cr"],
)
def test_encodings_and_line_endings_keep_lines(tmp_path: Path, transform) -> None:  # type: ignore[no-untyped-def]
    fm, page = _read(tmp_path, transform(EDGE))
    assert fm.diagnostics == []
    assert [(e.target, e.line) for e in page.declared] == [("b", 5)]


def test_body_is_never_read(tmp_path: Path) -> None:
    body = b"```yaml\nrelationships:\n  - type: depends-on\n    target: x\n```\n" + b"\xff" * 100
    fm, page = _read(tmp_path, b"---\ntitle: T\n---\n" + body)
    assert fm.diagnostics == [] and page.declared == ()


def test_no_frontmatter_is_valid(tmp_path: Path) -> None:
    fm, page = _read(tmp_path, b"# Just a page\n\n---\nnot: frontmatter\n---\n")
    assert fm.diagnostics == [] and page.declared == () and fm.root is None


def test_empty_frontmatter_is_valid(tmp_path: Path) -> None:
    fm, page = _read(tmp_path, b"---\n---\n# Page\n")
    assert fm.diagnostics == [] and page.declared == ()


def test_dots_close_a_block(tmp_path: Path) -> None:
    fm, page = _read(tmp_path, EDGE.replace(b"---\n# Body", b"...\n# Body"))
    assert fm.diagnostics == [] and len(page.declared) == 1


def test_unclosed_fence(tmp_path: Path) -> None:
    fm, _ = _read(tmp_path, b"---\ntitle: T\n# Body\n")
    [d] = fm.diagnostics
    assert (d.code, d.line) == ("invalid-frontmatter", 1)
    assert "never closed" in d.message


def test_yaml_error_reports_yamls_line(tmp_path: Path) -> None:
    fm, _ = _read(tmp_path, b"---\ntitle: T\nrelationships:\n  - type: [unclosed\n---\n")
    [d] = fm.diagnostics
    assert d.code == "invalid-frontmatter"
    assert d.line in (4, 5)


def test_tab_indentation_says_use_spaces(tmp_path: Path) -> None:
    fm, _ = _read(tmp_path, b"---\ntitle: T\nrelationships:\n\t- type: depends-on\n---\n")
    [d] = fm.diagnostics
    assert d.line == 4 and "spaces" in d.message


def test_duplicate_keys(tmp_path: Path) -> None:
    fm, _ = _read(tmp_path, b"---\ntitle: A\nid: x\ntitle: B\n---\n")
    [d] = fm.diagnostics
    assert (d.code, d.line) == ("invalid-frontmatter", 4)
    assert "lines 2 and 4" in d.message


def test_not_utf8(tmp_path: Path) -> None:
    fm, _ = _read(tmp_path, b"---\ntitle: caf\xe9\n---\n")
    [d] = fm.diagnostics
    assert (d.code, d.line) == ("invalid-frontmatter", 2)
    assert "UTF-8" in d.message


def test_nul_byte(tmp_path: Path) -> None:
    fm, _ = _read(tmp_path, b"---\ntitle: a\x00b\n---\n")
    [d] = fm.diagnostics
    assert (d.code, d.line) == ("invalid-frontmatter", 2)


def test_frontmatter_that_is_a_list_of_mappings(tmp_path: Path) -> None:
    fm, _ = _read(tmp_path, b"---\n- type: depends-on\n  target: b\n---\n")
    [d] = fm.diagnostics
    assert (d.code, d.line) == ("invalid-frontmatter", 2)
    assert "MkDocs shows this block as page text" in d.message


@pytest.mark.parametrize("block", [b"Some intro", b"- a\n- b", b"42"])
def test_text_between_two_rules_is_page_text_as_in_mkdocs(tmp_path: Path, block: bytes) -> None:
    """MkDocs takes only a mapping as metadata and renders anything else as the page's text."""
    from mkdocs.utils.meta import get_data

    data = b"---\n" + block + b"\n---\n\nBody\n"
    fm, _ = _read(tmp_path, data)
    assert fm.diagnostics == [] and fm.root is None
    markdown, meta = get_data(data.decode())
    assert meta == {} and markdown.startswith("---")


@pytest.mark.parametrize(
    ("entry", "line", "fragment"),
    [
        (b"relationships: {depends-on: b}", 2, "must be a list"),
        (b"relationships: text", 2, "must be a list"),
        (b"relationships:\n  - just-a-string", 3, "must be a mapping"),
        (b"relationships:\n  - type: depends-on", 3, "no target"),
        (b"relationships:\n  - target: b", 3, "no type"),
        (b"relationships:\n  - type: depends-on\n    target: 2024-01-01", 4, "a date"),
        (b"relationships:\n  - type: depends-on\n    target: NO", 4, "boolean false"),
        (b"relationships:\n  - type: depends-on\n    target: 12", 4, "a number"),
        (b"relationships:\n  - type: depends-on\n    target: [a, b]", 4, "a list"),
        (b'relationships:\n  - type: depends-on\n    target: "[[ ]]"', 4, "names no page"),
        (b'relationships:\n  - type: depends-on\n    target: "[[|x]]"', 4, "names no page"),
        (b'relationships:\n  - type: depends-on\n    target: "[[#h]]"', 4, "names no page"),
        (b'relationships:\n  - type: depends-on\n    target: "  "', 4, "names no page"),
        (b'relationships:\n  - type: depends-on\n    target: "[[b"', 4, "does not close"),
        (b"relationships:\n  - type: null\n    target: b", 3, "empty (null)"),
        (b"relationships:\n  - type: [a]\n    target: b", 3, "a list"),
    ],
)
def test_malformed_entries(tmp_path: Path, entry: bytes, line: int, fragment: str) -> None:
    fm, page = _read(tmp_path, b"---\n" + entry + b"\n---\n")
    [d] = fm.diagnostics
    assert (d.code, d.line) == ("malformed-relationship", line), d
    assert fragment in d.message
    assert page.declared == ()


def test_date_target_hint_says_quote_it(tmp_path: Path) -> None:
    fm, _ = _read(tmp_path, b"---\nrelationships:\n  - type: depends-on\n    target: NO\n---\n")
    assert 'target: "NO"' in fm.diagnostics[0].message


def test_id_that_yaml_reads_as_bool(tmp_path: Path) -> None:
    fm, page = _read(tmp_path, b"---\nid: NO\n---\n")
    [d] = fm.diagnostics
    assert (d.code, d.line) == ("invalid-frontmatter", 2)
    assert 'id: "NO"' in d.message and page.frontmatter_id is None


def test_unquoted_wikilink_is_read_and_told_once_per_page(tmp_path: Path) -> None:
    """Read as the link meant, with one note at the first one saying how to quote them."""
    fm, page = _read(
        tmp_path,
        b"---\nrelationships:\n  - type: depends-on\n    target: [[b|B]]\n"
        b"  - type: part-of\n    target: [[c]]\n---\n",
    )
    assert [(e.target, e.alias) for e in page.declared] == [("b", "B"), ("c", None)]
    [d] = fm.diagnostics
    assert (d.code, d.line) == ("unquoted-link", 4)
    assert d.message == (
        "[[b|B]] is unquoted, so YAML reads it as a list in a list (1 more on this page); it "
        'is read as the link, but Obsidian does not link it: quote it, "[[b|B]]"'
    )


def test_unquoted_wikilinks_are_counted_in_words(site: Site) -> None:
    """Three more unquoted links on a page were "3 mores" in the note, in build and lint."""
    site.pages(
        {
            "index.md": "---\nrelationships:\n"
            + "".join(f"  - type: relates-to\n    target: [[{p}]]\n" for p in "abcd")
            + "---\n",
            **{f"{p}.md": f"# {p}\n" for p in "abcd"},
        }
    )
    result = site.build()
    assert relation_lines(result) == [
        "docs/index.md:4: info: [unquoted-link] [[a]] is unquoted, so YAML reads it as a list "
        "in a list (3 more on this page); it is read as the link, but Obsidian does not link "
        'it: quote it, "[[a]]"'
    ]


def test_null_field_means_no_edges(tmp_path: Path) -> None:
    fm, page = _read(tmp_path, b"---\nrelationships:\n---\n")
    assert fm.diagnostics == [] and page.declared == ()


def test_configurable_field_and_extra_keys(tmp_path: Path) -> None:
    fm, page = _read(
        tmp_path,
        b"---\nrelations:\n"
        b"  - { type: part-of, target: x, source: fact, valid_from: 2024-01-01 }\n---\n",
        field="relations",
    )
    assert fm.diagnostics == []
    [edge] = page.declared
    assert edge.extra["source"] == "fact" and str(edge.extra["valid_from"]) == "2024-01-01"


def test_note_description_and_redlink_reason(tmp_path: Path) -> None:
    fm, page = _read(
        tmp_path,
        b"---\nrelationships:\n"
        b"  - {type: supersedes, target: a, note: Replaced in 2025}\n"
        b"  - {type: depends-on, target: b, description: Via the API}\n"
        b"  - {type: depends-on, target: c, redlink: planned page}\n"
        b"  - {type: depends-on, target: d, redlink: true}\n---\n",
    )
    assert fm.diagnostics == []
    assert [(e.note, e.redlink, e.redlink_reason) for e in page.declared] == [
        ("Replaced in 2025", False, None),
        ("Via the API", False, None),
        (None, True, "planned page"),
        (None, True, None),
    ]


def test_alias_bomb_is_bounded(tmp_path: Path) -> None:
    lines = [b"a0: &a0 [x, x, x, x, x, x, x, x, x]"]
    for i in range(1, 9):
        ref = f"*a{i - 1}".encode()
        lines.append(f"a{i}: &a{i} ".encode() + b"[" + b", ".join([ref] * 9) + b"]")
    lines.append(b"relationships:\n  - type: depends-on\n    target: b\n    evidence: *a8")
    _, page = _read(tmp_path, b"---\n" + b"\n".join(lines) + b"\n---\n")
    assert len(page.declared) == 1
    assert page.declared[0].extra == {"evidence": None}


def test_an_unquoted_colon_in_a_value_gets_the_quoted_form(tmp_path: Path) -> None:
    page = tmp_path / "adr.md"
    page.write_text('---\ntitle: ADR 1: Use "Postgres"\n---\n', encoding="utf-8")
    (diagnostic,) = read_frontmatter(str(page), "adr.md").diagnostics
    assert diagnostic.line == 2
    assert diagnostic.message.endswith(
        'a value with ": " in it must be quoted: title: "ADR 1: Use \\"Postgres\\""'
    )
    fixed = diagnostic.message.split("must be quoted: ", 1)[1]
    assert yaml.safe_load(fixed) == {"title": 'ADR 1: Use "Postgres"'}


_ENTRY_KEYS = ["type", "target", "targets", "redlink", "note", "Type"]
_ENTRY_VALUES = ["depends-on", "' relates-to '", "''", "1", "true", "null", "2023-01-01",
                 '"[[b]]"', "[[b]]", "b#h", '"[[b|B]]"', "[a, b]", "{x: 1}", '"[[]]"',
                 "planned"]  # fmt: skip
_ENTRY = st.tuples(
    st.sampled_from(_ENTRY_KEYS),
    st.sampled_from(_ENTRY_VALUES),
    st.sampled_from(_ENTRY_KEYS),
    st.sampled_from(_ENTRY_VALUES),
).filter(lambda entry: entry[0] != entry[2])


@settings(max_examples=300)
@given(st.lists(_ENTRY, min_size=1, max_size=3))
def test_two_key_entries_read_as_every_entry_is_read(
    tmp_path: Path, entries: list[tuple[str, str, str, str]]
) -> None:
    """Entries of two keys (``{type: t, target: x}``, nearly every edge) take a shorter way;
    written through a merge key on the same line, which the shorter way leaves to the general
    reader, they give the same edges and the same diagnostics."""

    def read(merged: bool) -> tuple[object, object]:
        items = [f"{k1}: {v1}, {k2}: {v2}" for k1, v1, k2, v2 in entries]
        lines = [f"  - {{<<: {{{item}}}}}" if merged else f"  - {{{item}}}" for item in items]
        text = "---\nrelationships:\n" + "\n".join(lines) + "\n---\n"
        fm, page = _read(tmp_path, text.encode("utf-8"))
        return page.declared, fm.diagnostics

    assert read(merged=False) == read(merged=True)


_SAME_AS_YAML = [
    "a: 1\nb: 0x1F\nc: 0o17\nd: 1_000\ne: 1:30\nf: +12\ng: -0\n",
    "a: 1.5\nb: .inf\nc: -.Inf\nd: 1e3\ne: 6.8523015e+5\n",
    "a: yes\nb: No\nc: on\nd: OFF\ne: true\n",
    "a: ~\nb: null\nc:\nd: ''\n",
    "a: 2024-01-02\nb: 2024-01-02 10:00:00\nc: 2001-12-14t21:59:43.10-05:00\n",
    "a: !!binary aGVsbG8=\nb: !!str 12\nc: !!int '7'\nd: !!float 3\n",
    'a: "quoted: text"\nb: |\n  two\n  lines\nc: >\n  folded\n  text\n',
    "list:\n  - {type: depends-on, target: '[[b]]'}\n  - [1, [2, [3]]]\n1: int key\nnull: n\n",
    "base: &b {x: 1, y: [a, b]}\nother: *b\nitems: &i [1, 2]\nagain: *i\nname: &n text\nsame: *n\n",
    "título: Café ☃\nemoji: 🚀\n",
    "a: 1\na: 2\n",
]


@pytest.mark.parametrize("text", _SAME_AS_YAML)
def test_loaded_metadata_is_what_yaml_load_builds(text: str) -> None:
    """MkDocs is handed these instead of loading the block itself: equal, aliases included."""
    root = yaml.compose(text, Loader=yaml.CSafeLoader)
    assert root is not None
    built = loaded(root)
    expected = yaml.load(text, Loader=yaml.CSafeLoader)
    assert repr(built) == repr(expected)
    assert built == expected
    if "other: *b" in text:
        assert built is not None and built["other"] is built["base"]
        assert built["again"] is built["items"]


_LEFT_TO_THE_LOADER = [
    "defaults: &d {a: 1}\nhere:\n  <<: *d\n  b: 2\n",  # the constructor rewrites the nodes
    "=: value key\n",
    "tags: !!set {a, b}\n",
    "pairs: !!omap [a: 1, b: 2]\n",
    "loop: &a [*a]\n",
    "day: 2023-09-31\n",  # no such date: yaml.load fails, so MkDocs shows it as text
    "big: !!python/name:os.system\n",
]


@pytest.mark.parametrize("text", _LEFT_TO_THE_LOADER)
def test_blocks_the_loader_builds_otherwise_are_left_to_it(text: str) -> None:
    root = yaml.compose(text, Loader=yaml.CSafeLoader)
    assert root is not None
    before = yaml.serialize(root)
    assert loaded(root) is None
    assert yaml.serialize(root) == before, "the nodes are never changed"


def _nested(depth: int) -> str:
    return "deep: " + "[" * depth + "x" + "]" * depth + "\n"


@pytest.mark.parametrize(
    "text",
    [
        *_SAME_AS_YAML,
        *_LEFT_TO_THE_LOADER,
        _nested(100),
        _nested(101),
        "deep: " + "{a: " * 101 + "1" + "}" * 101 + "\n",
        "? [a, b]\n: a list as a key\n",
        "? {a: 1}\n: a mapping as a key\n",
        "when: !local x\nn: !!int abc\n",
        "a: &x [1, *x]\n",
        "shared: &s [[[1]]]\nagain: *s\n",
        "hide: [!!seq x]\n",  # a collection's tag on a scalar
        "m: !!map x\ns: !!set x\no: !!omap x\n",
    ],
)
def test_a_block_loaded_builds_has_no_problem_to_report(text: str) -> None:
    """A build looks for problems only where :func:`loaded` does not build the block."""
    root = yaml.compose(text, Loader=yaml.CSafeLoader)
    assert root is not None
    found = problems(root)
    assert loaded(root) is None or found == []
    if text in (_nested(101), _LEFT_TO_THE_LOADER[5]) or " x\n" in text:
        assert found, "too deep, no such date, a collection's tag on a scalar: reported"
    if text == _nested(100):
        assert loaded(root) is not None


def _marked(node: yaml.Node, seen: set[int] | None = None) -> list[tuple[object, ...]]:
    """Every node of a tree in order (an alias once): its kind, tag, value or style, and
    where it starts."""
    seen = set() if seen is None else seen
    mark = node.start_mark
    found: list[tuple[object, ...]] = [
        (type(node).__name__, node.tag, getattr(node, "style", None), mark.line, mark.column)
    ]
    if isinstance(node, yaml.ScalarNode):
        return [*found, (node.value,)]
    if id(node) in seen:
        return found
    seen.add(id(node))
    for item in node.value:
        for part in item if isinstance(item, tuple) else (item,):
            found += _marked(part, seen)
    return found


def test_the_loader_composes_what_pyyaml_composes() -> None:
    """The frontmatter loader remembers each plain value's tag: the same nodes as PyYAML's
    own safe loader, on every block of the vendored corpora and the loader tests."""
    texts = [*_SAME_AS_YAML, *_LEFT_TO_THE_LOADER, "a: v1\nb: [yes, 'no', 0x1F, ~]\n"]
    for page in sorted(CORPORA.glob("**/*.md")):
        text = page.read_text(encoding="utf-8")
        if text.startswith("---\n") and "\n---\n" in text[3:]:
            texts.append(text[4 : text.index("\n---\n", 3) + 1])
    assert len(texts) > 700
    for text in texts:
        ours = yaml.compose(text, Loader=Loader)
        theirs = yaml.compose(text, Loader=yaml.CSafeLoader)
        assert (ours is None) == (theirs is None)
        if ours is not None and theirs is not None:
            assert _marked(ours) == _marked(theirs), text


def test_the_loader_resolves_anew_with_other_resolvers() -> None:
    """A loader given resolvers of its own is not answered from what the others remember."""

    class Versions(Loader):
        pass

    yaml.add_implicit_resolver("!version", re.compile(r"^v\d+$"), list("v"), Loader=Versions)
    text = "a: v1\n"
    assert yaml.compose(text, Loader=Loader).value[0][1].tag == "tag:yaml.org,2002:str"
    assert yaml.compose(text, Loader=Versions).value[0][1].tag == "!version"
    assert yaml.compose(text, Loader=Loader).value[0][1].tag == "tag:yaml.org,2002:str"


_scalars = st.one_of(
    st.text(max_size=8),
    st.integers(),
    st.floats(allow_nan=False),
    st.booleans(),
    st.none(),
    st.dates(),
)
_values = st.recursive(
    _scalars,
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner, max_size=4)
    ),
    max_leaves=20,
)


@settings(max_examples=200, deadline=None)
@given(st.dictionaries(st.text(max_size=8), _values, max_size=6))
def test_any_dumped_mapping_loads_as_yaml_loads_it(data: dict[str, object]) -> None:
    text = yaml.safe_dump(data, allow_unicode=True)
    root = yaml.compose(text, Loader=yaml.CSafeLoader)
    assert root is not None
    assert repr(loaded(root)) == repr(yaml.load(text, Loader=yaml.CSafeLoader))


def test_several_unquoted_links_on_one_line_are_told_the_list(tmp_path: Path) -> None:
    """``relates-to: [[a]], [[b]]`` is no YAML (the first link opens a list, the comma ends
    the value): the error says how to write it, a list of quoted links, and following that
    builds clean (it said only "fix the YAML syntax")."""
    docs = tmp_path / "docs"
    docs.mkdir()
    (tmp_path / "mkdocs.yml").write_text("site_name: t\nplugins:\n  - relations\n")
    (docs / "a.md").write_text("# A\n")
    (docs / "b.md").write_text("# B\n")
    page = docs / "c.md"
    page.write_text("---\ntitle: C\nrelates-to: [[a]], [[b|B]]\n---\n# C\n")
    (docs / "wiki-config.md").write_text("---\nrelation_keys: [relates-to]\n---\n")
    result = run("lint", cwd=tmp_path)
    assert result.stdout.splitlines() == [
        "docs/c.md:3: error: [invalid-frontmatter] frontmatter is not valid YAML: did not find "
        "expected key (column 18); several links in one value are a list of quoted links: "
        'relates-to: ["[[a]]", "[[b|B]]"]'
    ], result.stdout
    page.write_text('---\ntitle: C\nrelates-to: ["[[a]]", "[[b|B]]"]\n---\n# C\n')
    assert run("lint", cwd=tmp_path).stdout.splitlines() == []
    assert mkdocs_build(tmp_path, strict=True).returncode == 0

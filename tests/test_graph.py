"""Declared and resolved edges are two records, each made once and never changed."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest
from conftest import pages_in_folder

from mkdocs_relations.frontmatter.block import read_frontmatter
from mkdocs_relations.frontmatter.page import ReadOptions, read_page
from mkdocs_relations.model.graph import DeclaredEdge, Edge, Page
from mkdocs_relations.wiki.pipeline import load_wiki


def test_resolved_page_keeps_every_declared_field() -> None:
    """``Page.resolved`` spells the fields out; a field added to Page and forgotten there
    fails here. The declared edges are not kept: the resolved ones replace them."""
    values: dict[str, object] = {}
    for number, field in enumerate(dataclasses.fields(Page)):
        values[field.name] = (f"value {number}",)
    page = Page(**values)  # type: ignore[arg-type]
    edge = Edge("a", "depends-on", "b", "b", 2, 1)
    resolved = page.resolved((edge,), "successor")
    for field in dataclasses.fields(Page):
        expected = {"edges": (edge,), "superseded_by_id": "successor", "declared": ()}.get(
            field.name, values[field.name]
        )
        assert getattr(resolved, field.name) == expected, field.name


def test_edges_and_pages_cannot_be_changed(tmp_path: Path) -> None:
    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "a.md").write_text(
        "---\nsuperseded_by: '[[b]]'\nrelationships:\n"
        "  - {type: depends-on, target: '[[b]]'}\n"
        "  - {type: depends-on, target: '[[ghost]]', redlink: planned}\n---\n"
    )
    (docs / "b.md").write_text(
        "---\nrelationships:\n  - {type: supersedes, target: '[[a]]'}\n---\n"
    )
    sources = pages_in_folder(str(docs))
    declared = read_page("a.md", read_frontmatter(sources["a.md"], "a.md"), ReadOptions())
    wiki = load_wiki(sources)
    page = wiki.graph.pages["a"]
    # The declared half is what the page wrote; the resolved half says what it points at,
    # and replaces it in the graph (one record an edge).
    assert [(d.target, d.redlink, d.redlink_reason) for d in declared.declared] == [
        ("b", False, None),
        ("ghost", True, "planned"),
    ]
    assert all(isinstance(d, DeclaredEdge) for d in declared.declared)
    assert page.declared == ()
    assert [(e.target_id, e.redlink) for e in page.edges] == [("b", False), (None, True)]
    assert page.superseded_by == ("[[b]]", 2) and page.superseded_by_id == "b"
    assert wiki.graph.incoming["b"] == (page.edges[0],)
    for record, name in [
        (page.edges[0], "target_id"),
        (declared.declared[0], "target"),
        (page, "edges"),
    ]:
        with pytest.raises(dataclasses.FrozenInstanceError):
            setattr(record, name, None)


def test_options_given_as_plain_values_use_the_same_parser(tmp_path: Path) -> None:
    """``types`` and ``redlinks`` set from Python (or inherited by mkdocs.yml) carry no lines:
    wiki-config.md's parser reads them, every problem at line 1 of the file they came from."""
    from mkdocs_relations.wiki.pipeline import Options

    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "a.md").write_text(
        "---\nrelationships:\n  - {type: governed-by, target: b}\n"
        "  - {type: depends-on, target: planned}\n---\n"
    )
    (docs / "b.md").write_text("# B\n")
    options = Options(
        types=[{"name": "governed-by", "inverse": "governs"}, {"name": 3}],
        redlinks=["[[planned]]", {"target": "[[x]]", "reson": "typo"}],
        types_file="../mkdocs.yml",
    )
    wiki = load_wiki(pages_in_folder(str(docs)), options)
    assert "governed-by" in wiki.graph.vocabulary
    assert [e.redlink for e in wiki.graph.pages["a"].edges] == [False, True]
    assert [(d.file, d.line, d.message) for d in wiki.diagnostics] == [
        (
            "../mkdocs.yml",
            1,
            "a redlink has a target and a reason, not 'reson'; remove it or correct its name",
        ),
        ("../mkdocs.yml", 1, "type name must be a word such as 'governed-by', not 3"),
    ]

""" "Did you mean": right or silent, for types and for pages."""

from __future__ import annotations

import json

import pytest
from conftest import Site, relation_lines, run

from mkdocs_relations.model.suggest import TypeSuggester, compact, words
from mkdocs_relations.model.vocabulary import CANONICAL
from mkdocs_relations.wiki.lookup import PageKeys, Resolver


def _canonical() -> TypeSuggester:
    return TypeSuggester(
        {t.name: t.inverse for t in CANONICAL}, [t.name for t in CANONICAL if t.symmetric]
    )


@pytest.mark.parametrize(
    "written",
    # Real dialects' types that are not spellings of a canonical one: each was once "corrected"
    # into a type that says something else (supports -> supersedes, caused -> caused-by, ...).
    ["uses", "supports", "caused", "extends", "derived_from", "replaces", "published-by",
     "contradicts", "implements", "contains", "belongs_to", "authored-by", "instance-of",
     "part_off", "is-part-of", "used-in"],
)  # fmt: skip
def test_no_suggestion_for_a_different_type(written: str) -> None:
    assert _canonical().hint(written).suggestion is None


@pytest.mark.parametrize(
    ("written", "meant"),
    [("related_to", "relates-to"), ("relates_to", "relates-to"), ("Depends_On", "depends-on"),
     ("dependsOn", "depends-on"), ("depnds-on", "depends-on"), ("dependz-on", "depends-on"),
     ("supercedes", "supersedes"), ("used_by", "used-by"), ("PART OF", "part-of")],
)  # fmt: skip
def test_spellings_and_typos_are_suggested(written: str, meant: str) -> None:
    assert _canonical().hint(written).suggestion == meant


@pytest.mark.parametrize(
    ("written", "inverse_of"),
    [("uses", "used-by"), ("caused", "caused-by"), ("causes", "caused-by"),
     ("has_part", "part-of"), ("superseded_by", "supersedes")],
)  # fmt: skip
def test_an_inverse_label_is_explained_not_suggested(written: str, inverse_of: str) -> None:
    hint = _canonical().hint(written)
    assert hint.suggestion is None and hint.inverse_of == inverse_of
    assert "Did you mean" not in hint.text(written) and inverse_of in hint.text(written)


def test_a_declared_type_whose_inverse_is_the_word_is_never_proposed() -> None:
    # `published-by` declared with inverse "publishes": `publishes` reads from the other end.
    suggester = TypeSuggester({"published-by": "publishes", "used-by": "uses"})
    assert suggester.hint("publishes").suggestion is None
    assert suggester.hint("publishes").inverse_of == "published-by"
    assert suggester.hint("publised-by").suggestion == "published-by"


def test_words_and_compact() -> None:
    assert words("dependsOn") == ("depends", "on") == words("Depends_on") == words("depends on")
    assert compact("Depends-On") == "dependson"


def test_one_suggestion_per_name_is_computed_once() -> None:
    suggester = _canonical()
    first = suggester.hint("depnds-on")
    assert suggester.hint("depnds-on") is first


def _resolver(*pages: PageKeys) -> Resolver:
    return Resolver(pages)


def test_page_suggestions_name_each_page_once() -> None:
    resolver = _resolver(
        PageKeys("services/ledger", frontmatter_id="ledger"), PageKeys("services/payments")
    )
    # 'ledger' is both the file name and the frontmatter id of one page: one suggestion.
    assert resolver.suggest("ledgr") == ["ledger"]
    assert resolver.suggest("services/ledgr") == ["services/ledger"]
    assert resolver.suggest("zzz") == []


def test_singular_and_plural_find_each_other() -> None:
    """Two letters apart ("Biases", "policies"): beyond one edit, within one word."""
    resolver = _resolver(PageKeys("Cognitive Biases"), PageKeys("data-policy"), PageKeys("boxes"))
    assert resolver.suggest("Cognitive Bias") == ["Cognitive Biases"]
    assert resolver.suggest("data-policies") == ["data-policy"]
    resolver = _resolver(PageKeys("cognitive-bias"))
    assert resolver.suggest("Cognitive Biases") == ["cognitive-bias"]
    # Only the plural endings: three letters short stays silent.
    assert _resolver(PageKeys("boxes")).suggest("bo") == []


def test_a_title_or_an_alias_written_as_a_target_suggests_its_page() -> None:
    """A target is a page's name, not its title; written as the title, it is told the page.
    A title two pages share proposes neither."""
    resolver = _resolver(
        PageKeys("services/payments", title="Payment service"),
        PageKeys("ledger", aliases=("General Ledger",)),
        PageKeys("a/minutes", title="Meeting notes"),
        PageKeys("b/minutes-2024", title="Meeting notes"),
    )
    assert resolver.suggest("Payment Service") == ["services/payments"]
    assert resolver.suggest("General Ledgr") == ["General Ledger"]
    assert resolver.suggest("Meeting Notes") == []
    # Titles never resolve: only the documented steps do.
    assert resolver.resolve("Payment service").page_id is None


def test_a_near_name_shared_by_several_pages_proposes_none() -> None:
    resolver = _resolver(PageKeys("a/index"), PageKeys("b/index"), PageKeys("c/indexes"))
    assert resolver.suggest("indx") == []


def test_a_folder_target_says_it_is_a_folder(site: Site) -> None:
    site.pages(
        {
            "index.md": "---\nrelationships:\n"
            "  - {type: relates-to, target: '[[entities/]]'}\n---\n",
            "entities/alpha.md": "# A\n",
            "entities/beta.md": "# B\n",
        }
    )
    (line,) = relation_lines(site.build())
    assert line == (
        "docs/index.md:3: error: [missing-target] target 'entities/' names a folder of 2 pages "
        "that has no index page; point it at one of its pages, or add entities/index.md"
    )


def test_unknown_type_message_in_a_build(site: Site) -> None:
    site.pages(
        {
            "index.md": "---\nrelationships:\n  - {type: uses, target: '[[b]]'}\n"
            "  - {type: related_to, target: '[[b]]'}\n---\n",
            "b.md": "# B\n",
        }
    )
    lines = relation_lines(site.build())
    assert lines[0].startswith(
        "docs/index.md:3: error: [unknown-type] unknown relationship type 'uses'. 'uses' is how "
        "'used-by' reads from the other page: declare 'uses' as a type of its own, or state the "
        "edge on the target page as 'used-by'."
    )
    assert "Did you mean 'relates-to'?" in lines[1] and lines[1].startswith("docs/index.md:4:")


def test_a_type_used_on_many_edges_gets_one_grouped_line_first(site: Site) -> None:
    edges = "".join(f"  - {{type: uses, target: '[[p{i}]]'}}\n" for i in range(3))
    site.pages({"index.md": f"---\nrelationships:\n{edges}---\n"})
    site.pages({f"p{i}.md": f"# P{i}\n" for i in range(3)})
    site.pages({"p0.md": "---\nrelationships:\n  - {type: depnds-on, target: '[[p1]]'}\n---\n"})
    lines = relation_lines(site.build())
    assert lines[0] == (
        "unknown relationship type 'uses' is used on 3 edges in 1 file (each is listed below): "
        "declare it under relationship_types in wiki-config.md, or run 'mkdocs-relations init' "
        "to declare every type the wiki uses"
    )
    # A typo used once is not a dialect: no grouped line for it, and every edge still listed.
    assert len(lines) == 1 + 4 and all(line.startswith("docs/") for line in lines[1:])


def test_a_missing_target_on_many_edges_gets_one_grouped_line_with_its_fix(site: Site) -> None:
    """A page many edges name but nobody wrote yet: the fix is one line in wiki-config.md,
    which the edge-by-edge messages ("redlink: true" on each) do not say."""
    site.pages(
        {
            f"p{i}.md": f"---\nrelationships:\n  - {{type: depends-on, target: '[[root]]'}}\n"
            f"  - {{type: relates-to, target: '[[once-{i}]]'}}\n---\n"
            for i in range(3)
        }
    )
    lines = relation_lines(site.build())
    assert lines[0] == (
        "target 'root' matches no page on 3 edges in 3 files (each is listed below): create "
        "the page, or, if it is a page still to be written, list it once in wiki-config.md "
        '(redlinks: ["[[root]]"]) instead of marking each edge'
    )
    # Targets named once are typos as often as plans: no grouped line, every edge listed.
    assert len(lines) == 1 + 6 and all(line.startswith("docs/") for line in lines[1:])
    lint = run("lint", "--format", "json", cwd=site.root)
    assert json.loads(lint.stdout)["missing_targets"] == [
        {"target": "root", "edges": 3, "files": 3}
    ]
    site.pages({"wiki-config.md": '---\nredlinks: ["[[root]]"]\n---\n'})
    after = relation_lines(site.build())
    assert len(after) == 3 and not any("root" in line for line in after)


def test_a_page_is_never_suggested_to_itself() -> None:
    resolver = _resolver(PageKeys("kb/config", frontmatter_id="com-config"))
    assert resolver.suggest("com-confg") == ["com-config"]
    assert resolver.suggest("com-confg", source_id="kb/config") == []


def test_the_ambiguous_example_is_the_nearest_page(site: Site) -> None:
    site.pages(
        {
            "services/checkout.md": "---\nrelationships:\n  - {type: depends-on, target: payments}"
            "\n---\n",
            "services/payments.md": "# Payments\n",
            "archive/payments.md": "# Payments (old)\n",
        }
    )
    (line,) = relation_lines(site.build())
    assert line.endswith('qualify it with the page id, e.g. "[[services/payments]]"'), line


def test_the_start_of_a_longer_file_name_or_title_suggests_its_page() -> None:
    """A title or file name cut short ("README" for "README - The Guide", a page renamed with
    a suffix) gets the same "did you mean"; a start two pages share proposes none."""
    resolver = _resolver(
        PageKeys("README - The Guide"),
        PageKeys("Weave Ceremony — Context"),
        PageKeys("notes/Ledger Rules", title="Ledger Rules of Thumb"),
        PageKeys("Billing Runbook"),
        PageKeys("Billing Reports"),
    )
    assert resolver.suggest("README") == ["README - The Guide"]
    assert resolver.suggest("Weave Ceremony") == ["Weave Ceremony — Context"]
    assert resolver.suggest("Ledger") == ["Ledger Rules"]
    assert resolver.suggest("Billing") == []
    assert resolver.suggest("README", source_id="README - The Guide") == []

"""The vocabulary: canonical types, wiki-config.md and mkdocs.yml extensions, conflicts."""

from __future__ import annotations

from conftest import Site, relation_lines

from mkdocs_relations.model.vocabulary import CANONICAL

GOVERNED = """
---
title: Policy page
relationships:
  - type: governed-by
    target: "[[board]]"
---
"""


def test_canonical_types() -> None:
    table = {t.name: (t.inverse, t.symmetric, t.acyclic, t.transitive) for t in CANONICAL}
    assert table == {
        "depends-on": ("used by", False, True, True),
        "part-of": ("has part", False, True, True),
        "relates-to": ("relates to", True, False, False),
        "supersedes": ("superseded by", False, True, True),
        "caused-by": ("causes", False, False, False),
        "used-by": ("uses", False, False, False),
    }


def test_wiki_config_extends_the_vocabulary(site: Site) -> None:
    site.pages({"index.md": GOVERNED, "board.md": "# Board\n"})
    assert not site.build().ok
    site.page(
        "wiki-config.md",
        """
        ---
        relationship_types:
          - name: governed-by
            inverse: governs
            description: Follows the rules set by the target.
            acyclic: true
        ---
        """,
    )
    result = site.build(strict=True)
    assert result.ok, relation_lines(result)


def test_mkdocs_yml_extends_the_vocabulary(site: Site) -> None:
    site.pages({"index.md": GOVERNED, "board.md": "# Board\n"})
    site.plugin_options = {"types": [{"name": "governed-by", "inverse": "governs"}]}
    result = site.build(strict=True)
    assert result.ok, relation_lines(result)


def test_conflicting_definitions_are_an_error(site: Site) -> None:
    site.pages(
        {
            "index.md": GOVERNED,
            "board.md": "# Board\n",
            "wiki-config.md": """
                ---
                relationship_types:
                  - name: governed-by
                    inverse: governs
                  - name: depends-on
                    inverse: needed by
                ---
                """,
        }
    )
    site.plugin_options = {"types": [{"name": "governed-by", "inverse": "rules over"}]}
    result = site.build()
    assert not result.ok
    lines = relation_lines(result)
    assert any(
        line.startswith("docs/wiki-config.md:5: error: [invalid-vocabulary] type 'depends-on'")
        for line in lines
    ), lines
    assert any(
        line.startswith("mkdocs.yml:") and "[invalid-vocabulary] type 'governed-by'" in line
        for line in lines
    ), lines


def test_redefining_a_canonical_type_identically_is_fine(site: Site) -> None:
    site.page(
        "wiki-config.md",
        "---\nrelationship_types:\n  - {name: depends-on, inverse: used by, acyclic: true, "
        "transitive: true, description: Needs it}\n---\n",
    )
    assert site.build(strict=True).ok


def test_wiki_config_sets_the_field_and_redlinks(site: Site) -> None:
    site.pages(
        {
            "wiki-config.md": """
                ---
                relationship_field: relations
                redlinks:
                  - "[[tax-engine]]"
                  - target: fraud-scoring
                    reason: planned for Q3
                ---
                """,
            "index.md": """
                ---
                relations:
                  - {type: depends-on, target: "[[tax-engine]]"}
                  - {type: depends-on, target: fraud-scoring}
                ---
                """,
        }
    )
    result = site.build(strict=True)
    assert result.ok, relation_lines(result)
    site.page("fraud-scoring.md", "# Fraud scoring\n")
    result = site.build()
    assert relation_lines(result) == [
        "docs/wiki-config.md:5: warning: [stale-redlink] 'fraud-scoring' is listed as a "
        "redlink, but the page exists now; remove it from redlinks"
    ]


def test_a_misspelt_redlink_key_is_said(site: Site) -> None:
    site.pages(
        {
            "wiki-config.md": "---\nredlinks:\n  - target: tax-engine\n    reson: planned\n---\n",
            "index.md": "---\nrelationships:\n  - {type: depends-on, target: tax-engine}\n---\n",
        }
    )
    assert relation_lines(site.build()) == [
        "docs/wiki-config.md:4: error: [invalid-vocabulary] a redlink has a target and a "
        "reason, not 'reson'; remove it or correct its name"
    ]


def test_field_set_twice_differently(site: Site) -> None:
    site.page("wiki-config.md", "---\nrelationship_field: relations\n---\n")
    site.plugin_options = {"field": "edges"}
    result = site.build()
    assert [line.split(" [")[0] for line in relation_lines(result)] == [
        "docs/wiki-config.md:2: error:"
    ]


def test_bad_vocabulary_entries(site: Site) -> None:
    site.page(
        "wiki-config.md",
        """
        ---
        relationship_types:
          - name: "has space"
          - 12
          - name: ok-type
            transitive: yes please
          - name: other
            colour: red
        ---
        """,
    )
    lines = relation_lines(site.build())
    assert [line.split(" [")[0] for line in lines] == [
        "docs/wiki-config.md:3: error:",
        "docs/wiki-config.md:4: error:",
        "docs/wiki-config.md:6: error:",
        "docs/wiki-config.md:8: error:",
    ], lines


def test_a_type_declared_twice_is_reported_at_the_second_definition(site: Site) -> None:
    site.pages(
        {
            "wiki-config.md": "---\nrelationship_types:\n  - name: uses\n    inverse: used by\n"
            "  - name: other\n    inverse: other of\n  - name: uses\n    symmetric: true\n---\n",
            "index.md": "# Home\n",
        }
    )
    (line,) = [m for m in relation_lines(site.build()) if "already defined" in m]
    assert line.startswith("docs/wiki-config.md:7: error: [invalid-vocabulary] type 'uses' is "
                           "already defined (wiki-config.md:3)")  # fmt: skip


def test_mkdocs_yml_problems_are_at_their_own_lines(site: Site) -> None:
    site.page("index.md", "# Home\n")
    (site.root / "mkdocs.yml").write_text(
        "site_name: Lines\n"
        "plugins:\n"
        "  - search\n"
        "  - relations:\n"
        "      types:\n"
        "        - name: governed-by\n"
        "          inverse: governs\n"
        "        - name: depends-on\n"  # line 8: redefines a canonical type
        "          inverse: needed by\n"
        "      redlinks:\n"
        "        - '[[later]]'\n"
        "        - {reason: no target}\n",  # line 12
        encoding="utf-8",
    )
    from mkdocs.config import load_config

    result = site.build(config=load_config(str(site.root / "mkdocs.yml")))
    lines = relation_lines(result)
    assert any(line.startswith("mkdocs.yml:8: error: [invalid-vocabulary] type 'depends-on'")
               for line in lines), lines  # fmt: skip
    assert any(line.startswith("mkdocs.yml:12: error: [invalid-vocabulary] each redlink")
               for line in lines), lines  # fmt: skip

"""The dialect description: read from wiki-config.md and from the plugin's options, checked
at its lines, and used by the build."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from conftest import Site, pages_in_folder, relation_lines, run
from dialects import DENDRON
from mkdocs.exceptions import Abort

from mkdocs_relations.wiki.pipeline import Wiki, load_wiki

PAGES = {
    "index.md": """
        ---
        title: Home
        object_id: HOME
        connections:
          - rel: delivers
            to: LEDGER
            rationale: the home page delivers the ledger
          - rel: implements
            links: ["[[b]]", [[c]]]
        supports: ["[[b]]"]
        part-of: []
        ---
        # Home
        """,
    "ledger.md": "---\nobject_id: LEDGER\n---\n# Ledger\n",
    "b.md": "# B\n",
    "c.md": "# C\n",
}
TYPES = "relationship_types: [{name: delivers, inverse: delivered by}, {name: implements, " \
    "inverse: implemented by}, {name: supports, inverse: supported by}]\n"  # fmt: skip
DIALECT = (
    "relationship_field: connections\ntype_key: rel\ntarget_key: to\ntargets_key: links\n"
    "relation_keys: [supports, part-of]\nid_key: object_id\nnote_keys: [rationale]\n"
)


def _wiki(tmp_path: Path, config: str) -> Wiki:
    site = Site(tmp_path).pages({**PAGES, "wiki-config.md": f"---\n{config}---\n"})
    return load_wiki(pages_in_folder(str(site.docs)))


def test_every_shape_of_the_dialect_is_read(tmp_path: Path) -> None:
    wiki = _wiki(tmp_path, DIALECT + TYPES)
    assert [(d.code, d.line) for d in wiki.diagnostics] == [("unquoted-link", 9)]
    edges = sorted((e.type, e.target_id, e.note, e.line) for e in wiki.graph.edges())
    assert edges == [
        ("delivers", "ledger", "the home page delivers the ledger", 6),
        ("implements", "b", None, 9),
        ("implements", "c", None, 9),
        ("supports", "b", None, 10),
    ]


def test_dialect_keys_are_checked_at_their_lines(tmp_path: Path) -> None:
    config = (
        'type_key: ""\n'  # line 2
        'target_key: " to "\n'
        "targets_key: [links]\n"
        "relation_keys: [supports, 3, connections]\n"
        "relationship_field: [connections]\n"
        "id_key: type\n"
    )
    wiki = _wiki(tmp_path, config)
    found = [
        (d.file, d.line, d.message) for d in wiki.diagnostics if d.code == "invalid-vocabulary"
    ]
    assert found == [
        ("wiki-config.md", 2, "type_key must be a key name such as rel, not empty text"),
        (
            "wiki-config.md",
            3,
            "target_key ' to ' has spaces or a line break around it, which no frontmatter key "
            "has; write 'to'",
        ),
        ("wiki-config.md", 4, "targets_key must be a key name such as links, not a list"),
        (
            "wiki-config.md",
            5,
            "'connections' is both a relationship field and a relation key; keep it in one of them",
        ),
        (
            "wiki-config.md",
            5,
            "relation_keys must be a key name such as supports, not a number (3); write a list "
            "of keys",
        ),
    ]


def test_two_settings_cannot_name_one_entry_key(tmp_path: Path) -> None:
    wiki = _wiki(tmp_path, "relationship_field: connections\ntype_key: rel\ntarget_key: rel\n")
    [problem] = [d for d in wiki.diagnostics if d.code == "invalid-vocabulary"]
    assert (problem.line, problem.message) == (
        4,
        "type_key and target_key both name the entry key 'rel'; give each its own key",
    )


def test_the_plugin_options_describe_the_dialect_too(tmp_path: Path) -> None:
    site = Site(tmp_path).pages({**PAGES, "wiki-config.md": f"---\n{TYPES}---\n"})
    site.plugin_options = {
        "field": "connections",
        "type_key": "rel",
        "target_key": "to",
        "targets_key": "links",
        "relation_keys": ["supports", "part-of"],
        "id_key": "object_id",
    }
    result = site.build()
    assert result.ok, result.error
    assert [line.split(" [")[1].split("]")[0] for line in relation_lines(result)] == [
        "unquoted-link"
    ]
    home = (site.site_dir / "index.html").read_text("utf-8")
    assert home.count("data-relations-panel") == 1 and "Ledger" in home
    # The command line reads the same options (and so does inject).
    lint = run("lint", cwd=tmp_path)
    assert "4 edges" in lint.stderr, lint.stderr
    site.plugin_options = {"type_key": " rel"}
    with pytest.raises(Abort):
        site.load()
    bad = run("lint", cwd=tmp_path)
    assert bad.returncode == 2 and "type_key ' rel' has spaces" in bad.stderr, bad.stderr


def test_several_fields_in_the_options_and_in_wiki_config(tmp_path: Path) -> None:
    pages = {
        "index.md": '---\nconnections:\n  - {type: depends-on, target: "[[b]]"}\n---\n# Home\n',
        "b.md": '---\nlinks:\n  - {type: part-of, target: "[[c]]"}\n---\n# B\n',
        "c.md": "# C\n",
    }
    site = Site(tmp_path).pages(pages)
    site.plugin_options = {"field": ["connections", "links"]}
    result = site.build(strict=True)
    assert result.ok, result.error
    assert (site.site_dir / "c" / "index.html").read_text("utf-8").count("data-relation-type") >= 1
    site.pages({"wiki-config.md": "---\nrelationship_field: [connections, links]\n---\n"})
    wiki = load_wiki(pages_in_folder(str(site.docs)))
    assert sorted(e.type for e in wiki.graph.edges()) == ["depends-on", "part-of"]
    assert wiki.diagnostics == []


def test_an_empty_list_of_fields_is_told(tmp_path: Path) -> None:
    wiki = _wiki(tmp_path, "relationship_field: []\n")
    [problem] = [d for d in wiki.diagnostics if d.code == "invalid-vocabulary"]
    assert problem.line == 2 and "relationship_field is an empty list" in problem.message


def test_stored_inverse_pairs_are_declared_as_each_others_inverse() -> None:
    from mkdocs_relations.adopt.type_plans import types_to_declare
    from mkdocs_relations.model.vocabulary import Vocabulary

    plans, _ = types_to_declare(
        {"blocks": 5, "blocked-by": 4, "depended-on-by": 3, "uses": 2}, Vocabulary()
    )
    by_name = {plan.name: plan for plan in plans}
    assert (by_name["blocks"].inverse, by_name["blocks"].mirrors) == ("blocked by", "blocked-by")
    assert (by_name["blocked-by"].inverse, by_name["blocked-by"].mirrors) == ("blocks", "blocks")
    assert by_name["depended-on-by"].inverse == "depends on"
    assert by_name["depended-on-by"].mirrors == "depends-on"
    # "used by" is depends-on's inverse already: never a second type's.
    assert by_name["uses"].inverse == "in use by" and by_name["uses"].review


def test_resolution_settings_are_checked_at_their_lines(tmp_path: Path) -> None:
    config = (
        "relation_targets: links\n"  # line 2
        "kind_prefixes: yes please\n"
        "vault_folder: [knowledge_base]\n"
        "shared_names: 3\n"
    )
    wiki = _wiki(tmp_path, config)
    found = sorted((d.line, d.message) for d in wiki.diagnostics if d.code == "invalid-vocabulary")
    assert found == [
        (2, "relation_targets is any or wikilinks, not 'links'"),
        (3, "kind_prefixes is true or false, not the text 'yes please'"),
        (
            4,
            "vault_folder must be the docs folder's path from the vault root, such as "
            "knowledge_base, not a list",
        ),
        (5, "shared_names is ambiguous or nearest, not a number (3)"),
    ]
    # Nothing wrongly set is used: the defaults read the wiki.
    assert wiki.dialect.relation_targets == "any" and not wiki.dialect.kind_prefixes


def test_wikilink_targets_leave_text_under_a_relation_key_unread(tmp_path: Path) -> None:
    """``relation_targets: wikilinks``: a name beside the links is metadata, not a target."""
    pages = {
        "a.md": '---\npublisher: ["[[b]]", "Wiley (for [[c]])", Organization Science]\n---\n',
        "b.md": "# B\n",
        "c.md": "# C\n",
    }
    config = "relation_keys: [publisher]\n"
    # Read as any target, the text holding a link is reported (malformed), not an edge.
    for targets, expected in (("", ["Organization Science", "b"]),
                              ("relation_targets: wikilinks\n", ["b"])):  # fmt: skip
        site = Site(tmp_path / str(len(targets))).pages(
            {**pages, "wiki-config.md": f"---\n{config}{targets}---\n"}
        )
        wiki = load_wiki(pages_in_folder(str(site.docs)))
        assert sorted(e.target for e in wiki.graph.edges()) == expected


def test_a_key_read_in_two_shapes_is_told_and_read_once(tmp_path: Path) -> None:
    config = (
        "relation_keys: [supports]\n"
        "readings:\n"  # line 3
        "  - {field: supports, shape: type-map}\n"
        "  - {field: relations, shape: type-map}\n"
        "  - {field: relations, shape: kind-map}\n"
    )
    pages = {
        "a.md": "---\nsupports: ['[[b]]']\nrelations: {depends-on: ['[[b]]']}\n---\n",
        "b.md": "# B\n",
    }
    site = Site(tmp_path).pages({**pages, "wiki-config.md": f"---\n{config}---\n"})
    wiki = load_wiki(pages_in_folder(str(site.docs)))
    problems = [(d.line, d.message) for d in wiki.diagnostics if d.code == "invalid-vocabulary"]
    assert problems == [
        (2, "'supports' is read as relation-key and as type-map; keep one reading of it")
    ]
    assert sorted((e.type, e.target_id) for e in wiki.graph.edges()) == [
        ("depends-on", "b"),
        ("supports", "b"),
    ]


def test_readings_are_checked_at_their_lines(tmp_path: Path) -> None:
    config = (
        "readings:\n"
        "  - {field: relations, shape: table}\n"  # line 3
        "  - {shape: type-map}\n"
        "  - {field: links, paths: site, colour: red}\n"
        "  - relations\n"
    )
    wiki = _wiki(tmp_path, config)
    found = sorted((d.line, d.message) for d in wiki.diagnostics if d.code == "invalid-vocabulary")
    assert found == [
        (
            3,
            "shape is one of entries, relation-key, type-map, kind-map, one-key-entries, "
            "not 'table'",
        ),
        (
            4,
            "a reading names its field, the key it reads: e.g. {field: relations, shape: type-map}",
        ),
        (
            5,
            "a reading has field, shape, targets, prefix, paths, type_key, target_key, "
            "targets_key, not 'colour'; remove it or correct its name",
        ),
        (5, "paths is one of docs, page, not 'site'"),
        (
            6,
            "each reading is a mapping such as {field: relations, shape: type-map}, not the "
            "text 'relations'",
        ),
    ]


def test_a_reading_of_entries_names_its_own_entry_keys(tmp_path: Path) -> None:
    """Two fields in two entry dialects: each reading says its keys, and its target form."""
    config = (
        "relationship_field: connections\ntype_key: rel\ntarget_key: to\n"
        "readings:\n"
        "  - {field: relations, shape: entries, type_key: predicate, target_key: object, "
        'prefix: "urn:mif:"}\n'
    )
    pages = {
        "a.md": "---\nconnections: [{rel: depends-on, to: '[[b]]'}]\n"
        "relations: [{predicate: relates-to, object: 'urn:mif:c-1'}]\n---\n",
        "b.md": "# B\n",
        "c.md": "---\nid: c-1\n---\n",
    }
    site = Site(tmp_path).pages({**pages, "wiki-config.md": f"---\n{config}---\n"})
    wiki = load_wiki(pages_in_folder(str(site.docs)))
    assert [d.message for d in wiki.diagnostics] == []
    assert sorted((e.type, e.target_id) for e in wiki.graph.edges()) == [
        ("depends-on", "b"),
        ("relates-to", "c"),
    ]


def test_unread_links_counts_dotted_names_that_are_pages(tmp_path: Path) -> None:
    """A Dendron vault (``proj.api.md``, linked as ``[[proj.api]]``) in a dialect nobody
    described: the warning counts every link under ``part-of:`` and ``depends-on:``, and its
    fix names both keys (it counted the two undotted targets alone and left ``depends-on:``
    out, so following the fix read two edges of nine); ``[[cover.png]]`` stays a file."""
    vault = tmp_path / "vault"
    vault.mkdir()
    for name, (title, keys) in DENDRON.items():
        text = f"---\ntitle: {title}\n{keys}image: '[[cover.png]]'\n---\n# {title}\n"
        (vault / f"{name}.md").write_text(text, encoding="utf-8")
    result = run("lint", "--docs-dir", "vault", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert "9 links in frontmatter under keys no setting reads (part-of: 5 on 5 pages, " \
        "depends-on: 4 on 4 pages)" in result.stdout, result.stdout  # fmt: skip
    assert "set relation_keys: [part-of, depends-on] in" in result.stdout
    (vault / "wiki-config.md").write_text(
        "---\nrelation_keys: [part-of, depends-on]\n---\n", encoding="utf-8"
    )
    lint = run("lint", "--docs-dir", "vault", "--format", "json", cwd=tmp_path)
    assert json.loads(lint.stdout)["edges"] == 9

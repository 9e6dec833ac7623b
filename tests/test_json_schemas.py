"""The shipped JSON Schemas are what the code generates, and they fit real input.

The files in mkdocs_relations/schemas/ are written by ``python -m mkdocs_relations.json_schemas``
from config.py, labels.py, diagnostics.py, vocabulary.py, wikiconfig.py, reader.py,
edge_entries.py and export.py. These tests fail when either side changes alone, and hold the
schemas to what the plugin really accepts: real wikis' frontmatter, a built site's graph file,
real mkdocs.yml files, and option values and frontmatter the build takes or refuses.
"""

from __future__ import annotations

import ast
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import jsonschema
import pytest
import yaml
from conftest import CORPORA, REPO, Site, copy_corpus, pages_in_folder
from mkdocs.config import config_options as c
from mkdocs.config import load_config
from mkdocs.exceptions import Abort, ConfigurationError

from mkdocs_relations import json_schemas
from mkdocs_relations.cli import export as cli_export
from mkdocs_relations.config import RelationsConfig
from mkdocs_relations.frontmatter.dialect import Dialect
from mkdocs_relations.output import data_schemas
from mkdocs_relations.output.export import site_graph
from mkdocs_relations.wiki.pipeline import load_wiki

GENERATED = json_schemas.schemas()
COMMAND = json_schemas.COMMAND


def _errors(instance: object, name: str, definition: str | None = None) -> list[str]:
    schema = GENERATED[name]
    if definition is not None:  # one of the schema's $defs, e.g. the edges under another key
        schema = {"$ref": f"#/$defs/{definition}", "$defs": schema["$defs"]}
    validator = jsonschema.Draft202012Validator(schema)
    return [f"{list(e.absolute_path)}: {e.message}" for e in validator.iter_errors(instance)]


# -- the files are the code's -----------------------------------------------------------------


@pytest.mark.parametrize("name", json_schemas.NAMES)
def test_committed_schema_is_what_the_code_generates(name: str) -> None:
    path = json_schemas.path_of(name)
    expected = json_schemas.render(GENERATED[name])
    assert path.read_text(encoding="utf-8") == expected, (
        f"{path.relative_to(REPO)} differs from what the code generates; run "
        f"`{json_schemas.COMMAND}` and review the diff (edit the code, not the file)"
    )
    assert path.read_bytes() == expected.encode("utf-8"), "line endings or encoding differ"


def test_the_folder_holds_exactly_the_generated_schemas() -> None:
    files = sorted(p.name for p in json_schemas.SCHEMA_DIR.iterdir())
    assert files == sorted(f"{name}.schema.json" for name in json_schemas.NAMES)
    assert set(cli_export.SCHEMAS) == set(json_schemas.NAMES), (
        "`mkdocs-relations schema` lists them"
    )


def test_a_new_lint_code_makes_the_files_stale(monkeypatch: pytest.MonkeyPatch) -> None:
    assert json_schemas.stale() == []
    monkeypatch.setattr(json_schemas, "CODES", (*json_schemas.CODES, "orphan-page"))
    assert json_schemas.stale() == ["mkdocs", "plugin"]
    enum = json_schemas.schemas()["plugin"]["$defs"]["options"]["properties"]["severity"]
    assert enum["propertyNames"]["enum"][-1] == "orphan-page"


def test_a_new_graph_version_makes_the_graph_schema_stale(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(data_schemas, "SITE_GRAPH_VERSION", data_schemas.SITE_GRAPH_VERSION + 1)
    assert json_schemas.stale() == ["graph"]


def test_a_new_type_property_reaches_every_schema_that_has_types(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # As if `transitive` were new in the code: the files, which lack it, go stale.
    keys = tuple(key for key in data_schemas.TYPE_KEYS if key != "transitive")
    monkeypatch.setattr(data_schemas, "TYPE_KEYS", keys)
    assert json_schemas.stale() == ["mkdocs", "plugin", "frontmatter"]


def test_a_new_option_needs_its_help_text(monkeypatch: pytest.MonkeyPatch) -> None:
    option = c.Type(str, default="teal")
    monkeypatch.setattr(RelationsConfig, "_schema", (*RelationsConfig._schema, ("colour", option)))
    with pytest.raises(json_schemas.SchemaError, match=r"'colour' has no help text: .*'#:'"):
        json_schemas.schemas()
    helps = {**data_schemas.attribute_help(RelationsConfig), "colour": "The panel's colour."}
    monkeypatch.setattr(json_schemas, "attribute_help", lambda cls: helps)
    options = json_schemas.schemas()["mkdocs"]["$defs"]["options"]["properties"]
    assert options["colour"] == {
        "type": "string",
        "default": "teal",
        "description": "The panel's colour.",
    }
    assert json_schemas.stale() == ["mkdocs", "plugin"]


def test_an_option_kind_without_a_translation_is_named(monkeypatch: pytest.MonkeyPatch) -> None:
    option = c.URL(default="https://example.invalid/")
    helps = {**data_schemas.attribute_help(RelationsConfig), "home": "The site's home."}
    monkeypatch.setattr(RelationsConfig, "_schema", (*RelationsConfig._schema, ("home", option)))
    monkeypatch.setattr(json_schemas, "attribute_help", lambda cls: helps)
    with pytest.raises(json_schemas.SchemaError, match=r"option 'home' is a URL.*_option\(\)"):
        json_schemas.schemas()


def test_every_option_and_type_key_has_a_description() -> None:
    options = GENERATED["plugin"]["$defs"]["options"]["properties"]
    assert list(options) == [name for name, _ in RelationsConfig._schema]
    assert all(option["description"] for option in options.values())
    declared = GENERATED["plugin"]["$defs"]["relationship_type"]["oneOf"][1]["properties"]
    assert list(declared) == list(data_schemas.TYPE_KEYS)
    assert all(key["description"] for key in declared.values())
    # The text an editor shows is the comment beside the declaration, markup removed.
    assert options["max_hops"]["description"] == "Bound on transitive reach and path queries."
    assert "``" not in json.dumps(GENERATED)


def test_the_command_writes_and_checks(tmp_path: Path) -> None:
    assert json_schemas.main(["--check", "--dir", str(tmp_path)]) == 1
    assert json_schemas.main(["--dir", str(tmp_path)]) == 0
    for name in json_schemas.NAMES:
        written = json_schemas.path_of(name, tmp_path).read_bytes()
        assert written == json_schemas.path_of(name).read_bytes(), name
    (tmp_path / "graph.schema.json").write_text("{}\n", encoding="utf-8")
    assert json_schemas.main(["--check", "--dir", str(tmp_path)]) == 1
    assert json_schemas.main(["--dir", str(tmp_path)]) == 0
    assert json_schemas.main(["--check", "--dir", str(tmp_path)]) == 0
    checked = subprocess.run(
        [sys.executable, "-m", "mkdocs_relations.json_schemas", "--check"],
        cwd=REPO, capture_output=True, text=True, timeout=120, check=False,
    )  # fmt: skip
    assert checked.returncode == 0, checked.stdout + checked.stderr


def test_the_page_keys_are_the_ones_reader_reads() -> None:
    """frontmatter/page.py has no list of its keys; its ``fm.get("...")`` calls are the list."""
    tree = ast.parse(
        (REPO / "mkdocs_relations" / "frontmatter" / "page.py").read_text(encoding="utf-8")
    )
    read = {
        node.args[0].value
        for node in ast.walk(tree)
        if isinstance(node, ast.Call)
        and isinstance(node.func, ast.Attribute)
        and node.func.attr == "get"
        and isinstance(node.func.value, ast.Name)
        and node.func.value.id == "fm"
        and node.args
        and isinstance(node.args[0], ast.Constant)
        and isinstance(node.args[0].value, str)
    }
    # The page's id is read under the dialect's id_key, "id" unless a wiki says otherwise.
    assert read | {Dialect().id_key} == set(data_schemas.PAGE_KEYS)
    properties = GENERATED["frontmatter"]["properties"]
    assert list(properties)[: len(data_schemas.PAGE_KEYS)] == list(data_schemas.PAGE_KEYS)


# -- the schemas fit real input ---------------------------------------------------------------


@pytest.mark.parametrize("name", json_schemas.NAMES)
def test_schema_is_valid_json_schema(name: str) -> None:
    jsonschema.Draft202012Validator.check_schema(GENERATED[name])


def _frontmatter(path: Path) -> Any:
    text = path.read_text(encoding="utf-8-sig")
    if not text.startswith("---\n"):
        return None
    return yaml.safe_load(text[4 : text.index("\n---\n", 4)]) or {}


@pytest.mark.parametrize("corpus", ["scm-concepts", "data-atlas"])
def test_real_wikis_frontmatter_validates(corpus: str) -> None:
    config = _frontmatter(CORPORA / corpus / "wiki-config.md")
    assert _errors(config, "frontmatter") == []
    field = config.get("relationship_field", "relationships")
    checked = edges = 0
    for page in sorted((CORPORA / corpus / "pages").rglob("*.md")):
        frontmatter = _frontmatter(page)
        if frontmatter is None:
            continue
        assert _errors(frontmatter, "frontmatter") == [], page
        # A wiki that renames the field writes the same edges under its own key.
        assert _errors(frontmatter.get(field), "frontmatter", "relationships") == [], page
        checked += 1
        edges += len(frontmatter.get(field) or [])
    assert (checked, edges) == {"scm-concepts": (245, 574), "data-atlas": (523, 1119)}[corpus]


def test_these_docs_frontmatter_validates() -> None:
    pages = sorted((REPO / "docs").rglob("*.md"))
    assert len(pages) > 10
    for page in pages:
        assert _errors(_frontmatter(page) or {}, "frontmatter") == [], page


@pytest.mark.parametrize(
    "target",
    ["[[ledger]]", "[[platform/checkout|Checkout]]", "[[ledger#Balances]]", "POL-1", [["ledger"]]],
)
def test_targets_as_authors_write_them(target: Any) -> None:
    edge = {"type": "depends-on", "target": target}
    assert _errors({"relationships": [edge], "superseded_by": target}, "frontmatter") == []


@pytest.mark.parametrize(
    ("frontmatter", "where"),
    [
        ({"relationships": [{"type": "depends-on"}]}, ["relationships"]),
        ({"relationships": {"depends-on": "x"}}, ["relationships"]),
        ({"superseded_by": ["a", "b"]}, ["superseded_by"]),
        ({"relationships": [{"type": "depends-on", "target": 3}]}, ["relationships"]),
        ({"relationships": [{"type": "depends-on", "target": [["a", "b"]]}]}, ["relationships"]),
        ({"id": 2024}, ["id"]),
        ({"hide": "relations"}, ["hide"]),
        ({"relationship_types": [{"name": "has space"}]}, ["relationship_types", 0]),
        ({"relationship_types": [{"name": "x", "colour": "red"}]}, ["relationship_types", 0]),
        ({"relationship_types": [{"name": "x", "acyclic": "yes"}]}, ["relationship_types", 0]),
        ({"redlinks": [{"target": "x", "why": "later"}]}, ["redlinks", 0]),
        ({"note_keys": [""]}, ["note_keys", 0]),
    ],
)
def test_bad_frontmatter_is_rejected_where_it_is_wrong(frontmatter: Any, where: list[Any]) -> None:
    validator = jsonschema.Draft202012Validator(GENERATED["frontmatter"])
    paths = [list(error.absolute_path) for error in validator.iter_errors(frontmatter)]
    assert paths == [where]


#: A wiki whose graph file has every optional part: aliases, edge attributes, a symmetric type,
#: a declared type, a redlink (which the graph file leaves out).
GRAPH_WIKI = {
    "wiki-config.md": """
        ---
        relationship_types:
          - {name: governed-by, inverse: governs, acyclic: true}
        ---
        # Wiki configuration
        """,
    "index.md": """
        ---
        title: Payments
        aliases: [Payment service]
        relationships:
          - {type: depends-on, target: "[[ledger]]", via: nightly batch}
          - {type: relates-to, target: "[[ledger]]"}
          - {type: governed-by, target: policy, valid_from: 2024-01-01}
          - {type: depends-on, target: "[[fraud]]", redlink: planned}
        ---
        # Payments
        """,
    "ledger.md": "# Ledger\n",
    "policy.md": "---\nid: POL-1\n---\n# Policy\n",
}


def test_a_built_sites_graph_file_validates(site: Site) -> None:
    site.pages(GRAPH_WIKI)
    assert site.build(strict=True).ok
    text = (site.site_dir / "assets" / "mkdocs-relations" / "graph.json").read_text("utf-8")
    graph = json.loads(text)
    fix = f"describe the graph file in data_schemas.graph_schema(), then run `{COMMAND}`"
    assert _errors(graph, "graph") == [], fix
    types = {t["name"]: t for t in graph["types"]}
    assert graph["aliases"] and graph["extra"] and types["relates-to"]["symmetric"] is True
    assert set(graph) == set(GENERATED["graph"]["properties"]), "every field is exercised"


def test_a_real_wikis_graph_validates(tmp_path: Path) -> None:
    docs = copy_corpus("data-atlas", tmp_path)
    wiki = load_wiki(pages_in_folder(str(docs)))
    graph = json.loads(json.dumps(site_graph(wiki.graph, {}, 4)))
    assert len(graph["ids"]) == 620 and len(graph["edges"]) == 3 * 1119 and graph["extra"]
    assert _errors(graph, "graph") == []


def _graph_without(key: str) -> dict[str, Any]:
    graph = _small_graph()
    del graph[key]
    return graph


def _small_graph() -> dict[str, Any]:
    return {
        "format": "mkdocs-relations-graph",
        "version": 3,
        "max_hops": 4,
        "types": [{"name": "depends-on", "label": "depends on", "inverse": "used by"}],
        "ids": ["a", "b"],
        "titles": ["A", "B"],
        "urls": ["a/", "b/"],
        "aliases": {"1": ["Bee"]},
        "edges": [0, 1, 0],
    }


@pytest.mark.parametrize(
    ("change", "where"),
    [
        ({"version": 1}, ["version"]),
        ({"format": "something-else"}, ["format"]),
        ({"urls": ["/home/me/site/a/", "b/"]}, ["urls", 0]),
        ({"urls": ["a/", "https://example.invalid/b/"]}, ["urls", 1]),
        ({"edges": [0, -1, 0]}, ["edges", 1]),
        ({"aliases": {"01": ["Bee"]}}, ["aliases"]),
        ({"ids": ["a", "a"]}, ["ids"]),
        ({"types": [{"name": "depends-on", "label": "depends on"}]}, ["types", 0]),
        ({"body": "<p>page text</p>"}, []),
    ],
)
def test_bad_graph_files_are_rejected(change: dict[str, Any], where: list[Any]) -> None:
    assert _errors(_small_graph(), "graph") == []
    validator = jsonschema.Draft202012Validator(GENERATED["graph"])
    paths = [list(error.absolute_path) for error in validator.iter_errors(_small_graph() | change)]
    assert paths == [where]
    assert _errors(_graph_without("ids"), "graph") == ["[]: 'ids' is a required property"]


def test_real_mkdocs_yml_files_validate() -> None:
    for path in [REPO / "mkdocs.yml", *sorted(CORPORA.glob("*/mkdocs.yml"))]:
        config = yaml.safe_load(path.read_text(encoding="utf-8"))
        assert _errors(config, "mkdocs") == [], path
        assert any(p == "relations" or "relations" in p for p in config["plugins"]), path


def test_the_documented_defaults_are_the_code_defaults() -> None:
    """docs/options.md opens with every option at its default; the schema agrees with it."""
    text = (REPO / "docs" / "options.md").read_text(encoding="utf-8")
    block = text.split("```yaml\n", 1)[1].split("```", 1)[0]
    (entry,) = yaml.safe_load(block)["plugins"]
    assert _errors({"plugins": [entry]}, "mkdocs") == []
    options = GENERATED["plugin"]["$defs"]["options"]["properties"]
    assert entry["relations"] == {name: option["default"] for name, option in options.items()}
    rows = [line.split("`")[1] for line in text.splitlines() if line.startswith("| `")]
    assert rows == list(options), "the table lists every option, in the code's order"


#: Option values, and whether ``mkdocs build --strict`` takes them on a wiki with no edges.
OPTION_CASES: list[tuple[dict[str, Any], bool]] = [
    ({}, True),
    ({"enabled": False}, True),
    ({"enabled": "yes"}, False),
    ({"field": None}, True),
    ({"field": "relations"}, True),
    ({"field": 3}, False),
    ({"field": ["relations", "links"]}, True),
    ({"field": []}, False),
    ({"field": " relations"}, False),
    ({"type_key": "rel", "relation_keys": ["supports"], "id_key": "object_id"}, True),
    ({"relation_keys": ["supports", ""]}, False),
    ({"target_key": 3}, False),
    ({"config_page": "meta/graph.md"}, True),
    ({"types": ["governed-by"]}, True),
    ({"types": [{"name": "governed-by", "inverse": "governs", "acyclic": True}]}, True),
    ({"types": [{"name": "x", "symmetric": True, "acyclic": True}]}, False),
    ({"types": [{"name": "has space"}]}, False),
    ({"types": [{"inverse": "governs"}]}, False),
    ({"types": [{"name": "x", "transitive": "yes"}]}, False),
    ({"types": [{"name": "x", "colour": "red"}]}, False),
    ({"types": "governed-by"}, False),
    ({"redlinks": ["[[later]]", {"target": "[[soon]]", "reason": "Q3"}]}, True),
    ({"redlinks": [{"reason": "no target"}]}, False),
    ({"severity": {"cycle": "info", "missing-target": "ignore"}}, True),
    ({"severity": {"cycle": "fatal"}}, False),
    ({"severity": {"no-such-code": "warning"}}, False),
    ({"fail_on_error": False}, True),
    ({"placement": "top", "path_finder": "off"}, True),
    ({"placement": "sideways"}, False),
    ({"panels": ["picture"]}, True),
    ({"panels": ["map"]}, False),
    ({"max_hops": 1}, True),
    ({"max_hops": 0}, False),
    ({"max_hops": True}, False),
    ({"max_hops": "4"}, False),
    ({"picture_limit": 0}, True),
    ({"picture_limit": -1}, False),
    ({"overview": "relations.md"}, True),
    ({"labels": {"depends-on": "needs", "transitive": "All {label}"}}, True),
    ({"labels": {"depends-on": 3}}, False),
    ({"labels": {"hops": "{n} Schritte", "title": "Beziehungen {{intern}}"}}, True),
    ({"labels": {"hops": "{n} hops", "depends-on.inverse": "{n}"}}, True),
    # labels.fill fills {name} only: a conversion or format spec would be shown as written.
    ({"labels": {"hops": "{n!s:>3} hops"}}, False),
    ({"labels": {"hops": "{n:d} hops"}}, False),
    ({"labels": {"hops": "{count} hops"}}, False),
    ({"labels": {"transitive": "All {0}"}}, False),
    ({"labels": {"title": "Relationships {"}}, False),
    ({"note_keys": ["via"]}, True),
    ({"note_keys": "via"}, False),
    ({"breadcrumbs": True}, True),
    ({"breadcrumbs": 1}, False),
    ({"unknown_option": 1}, False),
]


def _build_takes(site: Site, plugins: object) -> bool:
    path = site.root / "mkdocs.yml"
    path.write_text(yaml.safe_dump({"site_name": "Options", "plugins": plugins}), "utf-8")
    try:
        return site.build(strict=True, config=load_config(str(path), strict=True)).ok
    except (ConfigurationError, Abort):
        return False


@pytest.mark.parametrize("form", ["list", "mapping"])
@pytest.mark.parametrize(("options", "accepted"), OPTION_CASES, ids=lambda v: json.dumps(v))
def test_the_options_schema_takes_what_the_build_takes(
    site: Site, options: dict[str, Any], accepted: bool, form: str
) -> None:
    """mkdocs.yml's plugins are a list of entries or a mapping of names to options."""
    site.page("index.md", "# Home\n")
    plugins = [{"relations": options}] if form == "list" else {"relations": options}
    assert _build_takes(site, plugins) is accepted
    assert (_errors({"plugins": plugins}, "mkdocs") == []) is accepted
    if form == "list":
        assert (_errors({"relations": options}, "plugin") == []) is accepted


@pytest.mark.parametrize(
    "plugins",
    [
        ["search", "relations"],
        [{"relations": None}],
        {"search": {}, "relations": None},
        {"relations": {"max_hops": 2}},
    ],
    ids=json.dumps,
)
def test_every_way_mkdocs_yml_can_enable_the_plugin(site: Site, plugins: object) -> None:
    site.page("index.md", "# Home\n")
    assert _build_takes(site, plugins)
    assert _errors({"plugins": plugins}, "mkdocs") == []


#: Page frontmatter, and whether the plugin reads its shape without complaint (on a wiki where
#: every target exists; unresolved or unknown things are lint's, not the schema's).
FRONTMATTER_CASES: list[tuple[dict[str, Any], bool]] = [
    ({"relationships": [{"type": "depends-on", "target": "[[b]]", "note": "why"}]}, True),
    ({"relationships": [{"type": "depends-on", "target": [["b"]]}]}, True),
    ({"relationships": [{"type": "depends-on", "target": "b", "via": {"a": 1}}]}, True),
    ({"relationships": [{"type": "depends-on", "target": "b", "note": ["x", "y"]}]}, True),
    ({"relationships": None}, True),
    ({"relationships": []}, True),
    ({"relationships": [{"type": "depends-on"}]}, False),
    ({"relationships": [{"target": "b"}]}, False),
    ({"relationships": {"depends-on": "b"}}, False),
    ({"relationships": ["[[b]]"]}, False),
    ({"relationships": [{"type": "depends-on", "target": 3}]}, False),
    ({"relationships": [{"type": "depends-on", "target": ["b", "c"]}]}, False),
    ({"relationships": [{"type": "", "target": "b"}]}, False),
    ({"relationships": [{"type": ["depends-on"], "target": "b"}]}, False),
    ({"title": "Bee", "id": "B-1", "aliases": ["Bee", "B"], "hide": ["toc", "relations"]}, True),
    ({"aliases": "Bee"}, True),
    ({"id": 2024}, False),
    ({"id": None}, False),
    ({"aliases": [["Bee"]]}, False),
    ({"superseded_by": 3}, False),
    ({"superseded_by": ["b", "c"]}, False),
]
#: Numbers the reader takes as text (an alias ``3``, a redlink reason ``3``); the schema asks
#: for text, so an editor suggests quoting them.
SCHEMA_STRICTER: list[dict[str, Any]] = [
    {"aliases": [3]},
    {"relationships": [{"type": "depends-on", "target": "b", "redlink": 3}]},
]
SHAPE_CODES = {"malformed-relationship", "invalid-frontmatter"}


def _reads_cleanly(tmp_path: Path, frontmatter: dict[str, Any]) -> bool:
    docs = tmp_path / "docs"
    docs.mkdir()
    text = yaml.safe_dump(frontmatter, allow_unicode=True)
    (docs / "a.md").write_text(f"---\n{text}---\n# A\n", encoding="utf-8")
    for name in ("b", "c"):
        (docs / f"{name}.md").write_text(f"# {name.upper()}\n", encoding="utf-8")
    wiki = load_wiki(pages_in_folder(str(docs)))
    return not [d for d in wiki.diagnostics if d.code in SHAPE_CODES]


@pytest.mark.parametrize(("frontmatter", "clean"), FRONTMATTER_CASES, ids=json.dumps)
def test_the_frontmatter_schema_takes_what_the_reader_takes(
    tmp_path: Path, frontmatter: dict[str, Any], clean: bool
) -> None:
    assert _reads_cleanly(tmp_path, frontmatter) is clean
    assert (_errors(frontmatter, "frontmatter") == []) is clean


@pytest.mark.parametrize("frontmatter", SCHEMA_STRICTER, ids=json.dumps)
def test_what_only_the_schema_refuses(tmp_path: Path, frontmatter: dict[str, Any]) -> None:
    assert _reads_cleanly(tmp_path, frontmatter)
    assert _errors(frontmatter, "frontmatter") != []

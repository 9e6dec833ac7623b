"""JSON Schemas of what authors write and what a site ships: page frontmatter (with
wiki-config.md's keys) and the graph file. json_schemas.py writes them to files.

Built from the code: a type's keys, kinds, defaults, name pattern and descriptions (the ``#:``
comments of ``RelationType``) from vocabulary.py, wiki-config.md's keys from wikiconfig.py, edge
keys from edge_entries.py, the graph file's format and version from export.py. What no code declares
(what ``title`` or a graph field means) is written here once; tests/test_json_schemas.py holds
it to reader.py, to real wikis and to a built site's graph file.

Long because most of it is the formats' own shapes and words, which read best in one place.
"""

from __future__ import annotations

import ast
import dataclasses
import inspect
import textwrap
from collections.abc import Sequence
from typing import Any, get_type_hints

from ..frontmatter.dialect import DIALECT_KEYS, Dialect
from ..frontmatter.dialect_fields import DEFAULT_FIELD
from ..frontmatter.edges import DEFAULT_NOTE_KEYS, EDGE_KEYS
from ..frontmatter.page import HIDE_VALUE
from ..frontmatter.readings import CHOICES, READING_KEYS, Reading
from ..model.vocabulary import CANONICAL, TYPE_KEYS, TYPE_NAME, RelationType
from ..wiki.pipeline import DEFAULT_CONFIG_PAGE
from ..wiki.wiki_config import KEYS as WIKI_CONFIG_KEYS
from .export import SITE_GRAPH_FORMAT, SITE_GRAPH_VERSION
from .site_files import GRAPH_JSON, GRAPH_SCRIPT

Schema = dict[str, Any]

DRAFT = "https://json-schema.org/draft/2020-12/schema"
#: Keys a page's frontmatter may hold for the plugin, as reader.py reads them (the edge field
#: aside, whose name is configurable).
PAGE_KEYS = ("title", "id", "aliases", "superseded_by", "hide")

_KINDS: dict[object, str] = {str: "string", bool: "boolean"}
_NUMBER = {"pattern": "^(0|[1-9][0-9]*)$"}
_TEXT: Schema = {"type": "string"}
_TEXT_LIST: Schema = {"type": "array", "items": {"type": "string"}}
_KEY_LIST: Schema = {"type": "array", "items": {"type": "string", "minLength": 1}}


def attribute_help(cls: type) -> dict[str, str]:
    """The ``#:`` comment lines right above each attribute of ``cls``'s body, joined.

    Sphinx's convention for documenting attributes, so the text a schema shows an editor is
    the one a reader of the code sees beside the declaration; reST's double backquotes go.
    """
    lines = inspect.getsource(cls).splitlines()
    (body,) = ast.parse(textwrap.dedent("\n".join(lines))).body
    assert isinstance(body, ast.ClassDef)
    found = {}
    for node in body.body:
        if isinstance(node, ast.Assign) and len(node.targets) == 1:
            target = node.targets[0]
        elif isinstance(node, ast.AnnAssign):
            target = node.target
        else:
            continue
        comment: list[str] = []
        row = node.lineno - 2  # the line above, 0-based
        while row >= 0 and lines[row].strip().startswith("#:"):
            comment.insert(0, lines[row].strip()[2:].strip())
            row -= 1
        if comment and isinstance(target, ast.Name):
            found[target.id] = " ".join(comment).replace("``", "")
    return found


def type_name_pattern() -> str:
    """``vocabulary.TYPE_NAME`` in JSON Schema's regular expressions (ECMA-262)."""
    pattern = TYPE_NAME.pattern
    if not pattern.endswith(r"\Z"):
        raise ValueError(r"TYPE_NAME must end with \Z, which JSON Schema writes $")
    return f"^{pattern[:-2]}$"


def relationship_type_schema() -> Schema:
    """One entry of ``relationship_types`` (or of the ``types`` option)."""
    fields = {field.name: field for field in dataclasses.fields(RelationType)}
    hints = get_type_hints(RelationType)
    help_texts = attribute_help(RelationType)
    properties: Schema = {}
    for key in TYPE_KEYS:
        field = fields[key]
        if hints[key] == tuple[str, ...]:
            properties[key] = {
                "type": "array",
                "items": {"type": "string", "minLength": 1},
                **({"description": help_texts[key]} if key in help_texts else {}),
            }
            continue
        kind = _KINDS.get(hints[key])
        if kind is None:
            raise ValueError(f"RelationType.{key} is {hints[key]}; teach data_schemas its kind")
        schema: Schema = {"type": kind}
        if key == "name":
            schema["pattern"] = type_name_pattern()
        if kind == "boolean":
            schema["default"] = field.default
        if key in help_texts:
            schema["description"] = help_texts[key]
        properties[key] = schema
    return {
        "oneOf": [
            {
                "type": "string",
                "pattern": type_name_pattern(),
                "description": "A type name alone: no inverse label, no properties.",
            },
            {
                "type": "object",
                "required": ["name"],
                "additionalProperties": False,
                "properties": properties,
                # parse_types(): every symmetric edge is a cycle of two.
                "not": {
                    "properties": {"symmetric": {"const": True}, "acyclic": {"const": True}},
                    "required": ["symmetric", "acyclic"],
                },
            },
        ]
    }


def redlink_schema() -> Schema:
    """One deliberate redlink: a target, or a target with the reason it is wanted."""
    target = {"type": "string", "minLength": 1}
    return {
        "oneOf": [
            target,
            {
                "type": "object",
                "required": ["target"],
                "properties": {"target": target, "reason": _TEXT},
                "additionalProperties": False,
            },
        ]
    }


def reading_schema() -> Schema:
    """One entry of ``readings:``; descriptions are the ``#:`` comments of ``Reading``."""
    help_of = attribute_help(Reading)
    return {
        "type": "object",
        "required": ["field"],
        "additionalProperties": False,
        "properties": {
            key: {
                **({"enum": list(words)} if words else {**_TEXT, "minLength": 1}),
                "description": help_of[key],
            }
            for key, words in READING_KEYS.items()
        },
    }


def frontmatter_schema() -> Schema:
    page_keys: dict[str, Schema] = {
        "title": _TEXT,
        "id": {
            "type": "string",
            "description": "An identifier targets may use instead of the path. Quote values "
            'YAML would reinterpret ("NO", "2024-01-01").',
        },
        "aliases": {"oneOf": [_TEXT, _TEXT_LIST]},
        "superseded_by": {"$ref": "#/$defs/target"},
        "hide": {
            **_TEXT_LIST,
            "description": f"Add {HIDE_VALUE} to hide the panel and path finder on this page.",
        },
    }
    only = f"{DEFAULT_CONFIG_PAGE} only:"
    # The dialect keys' descriptions are the ``#:`` comments of dialect.Dialect.
    dialect_help = attribute_help(Dialect)
    config_keys: dict[str, Schema] = {
        "relationship_field": {
            "oneOf": [_TEXT, _KEY_LIST],
            "description": f"{only} the key that holds edges, or a list of such keys.",
        },
        **{
            key: {**_TEXT, "minLength": 1, "description": f"{only} {dialect_help[key]}"}
            for key in DIALECT_KEYS
            if key != "relation_keys"
        },
        "relation_keys": {**_KEY_LIST, "description": f"{only} {dialect_help['relation_keys']}"},
        **{
            key: {"enum": list(words), "description": f"{only} {dialect_help[key]}"}
            for key, words in CHOICES.items()
        },
        "readings": {
            "type": "array",
            "items": reading_schema(),
            "description": f"{only} where typed links sit and what a target is, beyond "
            "relationship_field and relation_keys: one reading a place.",
        },
        "kind_prefixes": {
            "type": "boolean",
            "description": f"{only} {dialect_help['kind_prefixes']}",
        },
        "vault_folder": {
            **_TEXT,
            "minLength": 1,
            "description": f"{only} {dialect_help['vault_folder']}",
        },
        "relationship_types": {
            "type": "array",
            "items": relationship_type_schema(),
            "description": f"{only} types beyond the canonical ones.",
        },
        "redlinks": {
            "type": "array",
            "items": redlink_schema(),
            "description": f"{only} deliberate redlinks.",
        },
        "note_keys": {
            **_KEY_LIST,
            "description": f"{only} edge keys shown as an edge's note in panels, first found "
            f"wins (default: {', '.join(DEFAULT_NOTE_KEYS)}).",
        },
    }
    note = (
        "Shown as the edge's note when it is text, a number or a date: the first of "
        f"{', '.join(DEFAULT_NOTE_KEYS)} found, unless note_keys names others."
    )
    edge_keys: dict[str, Schema] = {
        "type": {
            "type": "string",
            "minLength": 1,
            "description": ", ".join(t.name for t in CANONICAL)
            + f", or a type declared in {DEFAULT_CONFIG_PAGE}.",
        },
        "target": {"$ref": "#/$defs/target"},
        "redlink": {
            "oneOf": [{"type": "boolean"}, _TEXT],
            "description": "true, or the reason: the target is wanted but does not exist yet.",
        },
        # Any value is kept as an edge attribute; text, a number or a date is also a note.
        **{key: {"description": note} for key in DEFAULT_NOTE_KEYS},
    }
    return {
        "$schema": DRAFT,
        "title": "Page frontmatter read by mkdocs-relations",
        "description": "The keys mkdocs-relations reads from a page's YAML frontmatter. Other "
        "keys are allowed and ignored. A wiki that renames the field (relationship_field) uses "
        "the same shape under its own key.",
        "type": "object",
        "properties": {
            **_shapes(PAGE_KEYS, page_keys),
            DEFAULT_FIELD: {"$ref": "#/$defs/relationships"},
            **_shapes(WIKI_CONFIG_KEYS, config_keys),
        },
        "$defs": {
            "target": {
                "oneOf": [
                    {
                        "type": "string",
                        "minLength": 1,
                        "description": "[[page]], [[folder/page|Alias]], [[page#Heading]], or "
                        "a bare page id.",
                    },
                    {
                        "type": "array",
                        "minItems": 1,
                        "maxItems": 1,
                        "items": {"type": "array", "minItems": 1, "maxItems": 1, "items": _TEXT},
                        "description": "An unquoted [[page]], which YAML reads as a list in a "
                        "list; accepted.",
                    },
                ]
            },
            "relationships": {
                "oneOf": [{"type": "null"}, {"type": "array", "items": {"$ref": "#/$defs/edge"}}],
                "description": "Typed edges from this page to others.",
            },
            "edge": {
                "type": "object",
                "required": ["type", "target"],
                "properties": _shapes((*EDGE_KEYS, *DEFAULT_NOTE_KEYS), edge_keys),
            },
        },
    }


def _shapes(keys: Sequence[str], shapes: dict[str, Schema]) -> dict[str, Schema]:
    """The shapes of exactly the keys the code reads, in its order; one it reads and this
    module does not describe is an error, not a hole in the schema."""
    undescribed = [key for key in keys if key not in shapes]
    if undescribed:
        raise ValueError(f"describe {', '.join(undescribed)} in data_schemas.py")
    return {key: shapes[key] for key in keys}


def graph_schema() -> Schema:
    """The compact graph ``export.site_graph()`` writes; tests hold a built site's file to it."""
    edge_keys = ", ".join(EDGE_KEYS[:-1]) + f" and {EDGE_KEYS[-1]}"
    properties: Schema = {
        "format": {"const": SITE_GRAPH_FORMAT},
        "version": {"const": SITE_GRAPH_VERSION},
        "max_hops": {"type": "integer", "minimum": 1},
        "types": {
            "description": "Edge types, sorted by name; an edge's third number indexes this list.",
            "type": "array",
            "items": {
                "type": "object",
                "required": ["name", "label", "inverse"],
                "additionalProperties": False,
                "properties": {
                    "name": {"type": "string", "minLength": 1},
                    "label": {
                        "type": "string",
                        "description": "The forward label the site shows (labels: applied).",
                    },
                    "inverse": {
                        "type": "string",
                        "description": "The inverse label the site shows (labels: applied).",
                    },
                    "symmetric": {
                        "const": True,
                        "description": "Present only for symmetric types.",
                    },
                },
            },
        },
        "ids": {
            "description": "Page ids (docs-relative paths without the extension), sorted "
            "as Python sorts strings.",
            "type": "array",
            "items": {"type": "string", "minLength": 1},
            "uniqueItems": True,
        },
        "titles": _TEXT_LIST,
        "urls": {
            "description": "URLs relative to the site root.",
            "type": "array",
            "items": {
                "type": "string",
                "not": {"pattern": "^(/|[A-Za-z]:|[a-z][a-z0-9+.-]*://)"},
            },
        },
        "aliases": {
            "description": "Aliases by page number, only for pages that have some.",
            "type": "object",
            "propertyNames": _NUMBER,
            "additionalProperties": {**_TEXT_LIST, "minItems": 1},
        },
        "edges": {
            "description": "Flat list of (source page, target page, type) numbers.",
            "type": "array",
            "items": {"type": "integer", "minimum": 0},
        },
        "extra": {
            "description": f"An edge's keys beyond {edge_keys}, by edge number "
            "(its position in edges divided by 3); only edges that have some.",
            "type": "object",
            "propertyNames": _NUMBER,
            "additionalProperties": {"type": "object"},
        },
    }
    return {
        "$schema": DRAFT,
        "title": "mkdocs-relations site graph",
        "description": "The compact typed graph a site built with mkdocs-relations ships at "
        f"{GRAPH_JSON}, for tools (the path finder reads its own files: "
        f"{GRAPH_SCRIPT.rsplit('/', 1)[1]}, a manifest of the same pages, and past a size "
        "shards of their steps). Pages are numbered in sorted id order; edges are (source, "
        "target, type) number triples in declared direction.",
        "type": "object",
        # Every field is written, except edge attributes when no edge has any.
        "required": [key for key in properties if key != "extra"],
        "additionalProperties": False,
        "properties": properties,
    }

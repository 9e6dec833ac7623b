"""The JSON Schemas in ``schemas/``, built from the definitions they describe.

``python -m mkdocs_relations.json_schemas`` rewrites the files and ``--check`` lists the stale
ones; ``tests/test_json_schemas.py`` fails while any is. The plugin's options come from
config.py's ``RelationsConfig``: names, types, defaults, choices, bounds, and the ``#:``
comment above each option as its description. The frontmatter and graph file schemas come
from :mod:`~mkdocs_relations.output.data_schemas`.

*MkDocs adaptor*: it reads MkDocs config options. Nothing imports it while a site builds.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from mkdocs.config import config_options as c
from mkdocs.config.base import BaseConfigOption

from .config import (
    KNOWN_LABELS,
    AtLeast,
    DocsPageOption,
    FieldsOption,
    KeyNameOption,
    LabelsOption,
    PlacementOption,
    RelationsConfig,
    SeverityOption,
    placeholders,
)
from .model.diagnostics import CODES, SEVERITIES
from .output.data_schemas import (
    DRAFT,
    Schema,
    attribute_help,
    frontmatter_schema,
    graph_schema,
    redlink_schema,
    relationship_type_schema,
)
from .output.diff_schema import diff_schema
from .resources import SCHEMAS

SCHEMA_DIR = Path(SCHEMAS)
NAMES = ("mkdocs", "plugin", "frontmatter", "graph", "diff")
COMMAND = "python -m mkdocs_relations.json_schemas"
PLUGIN = "relations"

_JSON_TYPES: dict[type, str] = {
    bool: "boolean",
    str: "string",
    int: "integer",
    float: "number",
    list: "array",
    dict: "object",
}
#: Options wiki-config.md's parser reads (``wikiconfig.read_plugin_settings``): an entry has
#: the shape of the wiki-config.md key of the same meaning.
_WIKI_CONFIG_SHAPED = {"types": "relationship_type", "redlinks": "redlink"}


class SchemaError(Exception):
    """The code declares something this module cannot say in JSON Schema yet."""


def schemas() -> dict[str, Schema]:
    """Every shipped schema by name; key order is the files' order, so output is stable."""
    definitions = {
        "options": options_schema(),
        "relationship_type": relationship_type_schema(),
        "redlink": redlink_schema(),
    }
    options = {"oneOf": [{"$ref": "#/$defs/options"}, {"type": "null"}]}
    plugin = {
        "oneOf": [
            {"const": PLUGIN},
            {
                "type": "object",
                "required": [PLUGIN],
                "additionalProperties": False,
                "properties": {PLUGIN: options},
            },
        ]
    }
    mkdocs_yml = {
        "$schema": DRAFT,
        "title": "mkdocs.yml with mkdocs-relations",
        "description": "Checks the relations plugin's options in mkdocs.yml and leaves every "
        "other key to MkDocs.",
        "type": "object",
        "properties": {
            # MkDocs takes a list of entries or a mapping of plugin names to options.
            "plugins": {
                "type": ["array", "object"],
                "properties": {PLUGIN: options},
                "items": {
                    "if": {
                        "anyOf": [
                            {"const": PLUGIN},
                            {"type": "object", "required": [PLUGIN]},
                        ]
                    },
                    "then": {"$ref": "#/$defs/plugin"},
                },
            }
        },
        "$defs": {"plugin": plugin, **definitions},
    }
    plugin_entry = {
        "$schema": DRAFT,
        "title": "mkdocs-relations plugin entry",
        "description": "One item of the plugins list in mkdocs.yml: relations, or relations "
        "with options.",
        **plugin,
        "$defs": definitions,
    }
    return {
        "mkdocs": mkdocs_yml,
        "plugin": plugin_entry,
        "frontmatter": frontmatter_schema(),
        "graph": graph_schema(),
        "diff": diff_schema(),
    }


def options_schema(config: type[RelationsConfig] = RelationsConfig) -> Schema:
    """The options mapping: one property per option, in declaration order."""
    help_texts = attribute_help(config)
    properties = {}
    for name, option in config._schema:
        if name not in help_texts:
            raise SchemaError(
                f"option {name!r} has no help text: write a '#:' comment line above it in "
                f"{config.__module__}.{config.__qualname__}; it becomes the schema's description"
            )
        schema = _option(name, option)
        default = option.default
        if default is not None or isinstance(option, c.Optional):
            schema["default"] = default
        schema["description"] = help_texts[name]
        properties[name] = schema
    return {"type": "object", "additionalProperties": False, "properties": properties}


def _option(name: str, option: BaseConfigOption[Any]) -> Schema:
    # Subclasses first: each of config.py's own options narrows a MkDocs one.
    if isinstance(option, SeverityOption):
        return {
            "type": "object",
            "propertyNames": {"enum": list(CODES)},
            "additionalProperties": {"enum": list(SEVERITIES)},
        }
    if isinstance(option, FieldsOption):
        key = _option(name, KeyNameOption(name))
        return {**key, "type": ["string", "array"], "items": key, "minItems": 1}
    if isinstance(option, KeyNameOption):
        # key_problem's rule: text, with no spaces or line breaks around it.
        return {"type": "string", "pattern": r"^\S(?:[\s\S]*\S)?$"}
    if isinstance(option, AtLeast):
        return {"type": "integer", "minimum": option.minimum}
    if isinstance(option, PlacementOption):
        # false: what YAML makes of an unquoted off, read as off.
        return {"enum": [*option.choices, False]}
    if isinstance(option, DocsPageOption):
        return {"type": "string", "pattern": option.PATTERN}
    if isinstance(option, LabelsOption):
        # Interface labels by key, with their defaults for completion; any other key is a
        # type's label (``depends-on``, ``depends-on.inverse``), plain text.
        known = {
            key: {"type": "string", "pattern": _label_pattern(default), "default": default}
            for key, default in KNOWN_LABELS.items()
        }
        return {"type": "object", "properties": known, "additionalProperties": {"type": "string"}}
    if isinstance(option, c.Optional):
        schema = _option(name, option.option)
        kind = schema.get("type")
        kinds = [kind] if isinstance(kind, str) else kind
        if not isinstance(kinds, list):
            raise SchemaError(f"option {name!r}: optional {kind!r} is not supported")
        return {"type": [*kinds, "null"], **{k: v for k, v in schema.items() if k != "type"}}
    if isinstance(option, c.Choice):
        return {"enum": list(option.choices)}
    if isinstance(option, c.ListOfItems):
        if name in _WIKI_CONFIG_SHAPED:
            items: Schema = {"$ref": f"#/$defs/{_WIKI_CONFIG_SHAPED[name]}"}
        else:
            items = _option(name, option.option_type)
        return {"type": "array", "items": items}
    if isinstance(option, c.DictOfItems):
        return {"type": "object", "additionalProperties": _option(name, option.option_type)}
    if type(option) is c.Type:
        # MkDocs keeps the expected type in ``_type``; a tuple of types has no single shape.
        # (``Type(int)`` would take ``true``, JSON's integer would not: bounded options use
        # ``AtLeast``, which refuses booleans as the schema does.)
        expected = option._type
        if isinstance(expected, type) and expected in _JSON_TYPES:
            return {"type": _JSON_TYPES[expected]}
    raise SchemaError(
        f"option {name!r} is a {type(option).__name__}, which json_schemas.py cannot describe "
        "yet: teach _option() its JSON Schema"
    )


def _label_pattern(default: str) -> str:
    """Text that uses only the placeholders ``default`` uses, plain (no conversion or format
    spec), as ``config.check_labels`` asks; ``{{`` and ``}}`` are literal braces."""
    names = "|".join(sorted(placeholders(default)))
    field = rf"|\{{(?:{names})\}}" if names else ""
    return rf"^(?:[^{{}}]|\{{\{{|\}}\}}{field})*$"


def render(schema: Schema) -> str:
    """The file's text: two-space indents, key order as built, UTF-8, a final newline."""
    return json.dumps(schema, indent=2, ensure_ascii=False) + "\n"


def path_of(name: str, directory: Path = SCHEMA_DIR) -> Path:
    return directory / f"{name}.schema.json"


def stale(directory: Path = SCHEMA_DIR) -> list[str]:
    """Names whose file is missing or differs, byte for byte, from what the code gives."""
    return _differing(schemas(), directory)


def write(directory: Path = SCHEMA_DIR) -> list[str]:
    """Rewrite the stale files; their names."""
    built = schemas()
    names = _differing(built, directory)
    directory.mkdir(parents=True, exist_ok=True)
    for name in names:
        # Bytes, so Windows writes the same newlines as everyone else.
        path_of(name, directory).write_bytes(render(built[name]).encode("utf-8"))
    return names


def _differing(built: dict[str, Schema], directory: Path) -> list[str]:
    names = []
    for name, schema in built.items():
        path = path_of(name, directory)
        if not path.is_file() or path.read_bytes() != render(schema).encode("utf-8"):
            names.append(name)
    return names


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog=COMMAND,
        description="Write the JSON Schemas in mkdocs_relations/schemas/ from the code.",
    )
    parser.add_argument(
        "--check", action="store_true", help="change nothing; exit 1 if a file is stale"
    )
    parser.add_argument("--dir", type=Path, default=SCHEMA_DIR, help="where the files are")
    args = parser.parse_args(argv)
    try:
        names = stale(args.dir) if args.check else write(args.dir)
    except SchemaError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    for name in names:
        verb = "stale" if args.check else "wrote"
        print(f"{verb}: {path_of(name, args.dir)}")
    if args.check and names:
        print(f"run {COMMAND} to rewrite them", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())

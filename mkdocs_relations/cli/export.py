"""Commands that print a whole document: ``export`` (the typed graph as JSON, Graphviz DOT or
Mermaid) and ``schema`` (a JSON Schema shipped with the package, for editors and CI)."""

from __future__ import annotations

import argparse
import os
import sys
from typing import Any

from .. import resources
from ..output.export import export_dot, export_json, export_mermaid
from .output import json_text
from .shared import EXIT_OK, Loaded, add_source_arguments

SCHEMAS = ("mkdocs", "plugin", "frontmatter", "graph", "diff")


def add_export_parser(commands: Any) -> None:
    export = commands.add_parser(
        "export",
        help="the whole typed graph as JSON, Graphviz DOT or Mermaid",
        description="Print the whole typed graph.",
    )
    add_source_arguments(export)
    export.add_argument("--format", choices=("json", "dot", "mermaid"), default="json")
    export.set_defaults(handler=run_export)


def add_schema_parser(commands: Any) -> None:
    schema = commands.add_parser(
        "schema",
        help="print a JSON Schema shipped with the package",
        description="Print a JSON Schema: mkdocs.yml with the plugin's options, one plugins "
        "entry, page frontmatter, the site's graph file, or diff --format json.",
    )
    schema.add_argument("name", choices=SCHEMAS)
    schema.set_defaults(handler=run_schema, needs_wiki=False)


def run_export(args: argparse.Namespace, loaded: Loaded) -> int:
    graph, title = loaded.wiki.graph, loaded.titles
    if args.format == "dot":
        sys.stdout.write(export_dot(graph, title))
    elif args.format == "mermaid":
        sys.stdout.write(export_mermaid(graph, title))
    else:
        print(json_text(export_json(graph, title), indent=2))
    return EXIT_OK


def run_schema(args: argparse.Namespace, loaded: Loaded | None) -> int:
    with open(
        os.path.join(resources.SCHEMAS, f"{args.name}.schema.json"), encoding="utf-8"
    ) as stream:
        sys.stdout.write(stream.read())
    return EXIT_OK

"""``mkdocs-relations``: the same rules and queries as the plugin, without building the site."""

from __future__ import annotations

import argparse
import json
import logging
import os
import sys
from collections.abc import Sequence
from dataclasses import dataclass

from . import __version__
from .diagnostics import Diagnostic, display_path, summary
from .sources import pages_in_folder
from .wiki import Options, Wiki, load_wiki

EXIT_OK = 0
EXIT_FAILED = 1
EXIT_USAGE = 2


class UsageError(Exception):
    """Bad arguments or an unusable mkdocs.yml: exit status 2."""


@dataclass
class Loaded:
    wiki: Wiki
    #: How to show the docs folder in diagnostics (``docs`` when run next to mkdocs.yml).
    prefix: str
    options: Options


def main(argv: Sequence[str] | None = None) -> int:
    parser = _parser()
    try:
        args = parser.parse_args(argv)
    except SystemExit as exc:  # argparse exits 2 on bad usage and 0 on --help/--version
        return int(exc.code or 0)
    if not getattr(args, "command", None):
        parser.print_help(sys.stderr)
        return EXIT_USAGE
    logging.basicConfig(level=logging.WARNING, format="%(levelname)-7s -  %(message)s")
    try:
        loaded = load(args)
        return int(args.handler(args, loaded))
    except UsageError as exc:
        print(f"mkdocs-relations: {exc}", file=sys.stderr)
        return EXIT_USAGE


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="mkdocs-relations",
        description="Lint and query the typed relationships of a MkDocs site or wiki folder.",
    )
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")

    lint = commands.add_parser(
        "lint",
        help="check every page's relationships (exit 1 on errors)",
        description="Check every page's relationships with the rules the plugin applies.",
    )
    _add_source_arguments(lint)
    lint.add_argument(
        "--format",
        choices=("text", "json", "github"),
        default="text",
        help="text (default), json, or GitHub Actions annotations",
    )
    lint.add_argument("--strict", action="store_true", help="exit 1 on warnings too")
    lint.set_defaults(handler=run_lint)
    return parser


def _add_source_arguments(parser: argparse.ArgumentParser) -> None:
    source = parser.add_mutually_exclusive_group()
    source.add_argument(
        "-f",
        "--config-file",
        metavar="FILE",
        help="mkdocs.yml to read (default: ./mkdocs.yml when present)",
    )
    source.add_argument(
        "--docs-dir",
        metavar="DIR",
        help="lint a folder of Markdown pages that has no mkdocs.yml (an Obsidian vault)",
    )
    parser.add_argument(
        "--field", help="frontmatter key holding the edges (default: relationships)"
    )


def load(args: argparse.Namespace) -> Loaded:
    if args.docs_dir:
        if not os.path.isdir(args.docs_dir):
            raise UsageError(f"--docs-dir {args.docs_dir!r} is not a folder")
        options = Options(relationship_field=args.field)
        wiki = load_wiki(pages_in_folder(args.docs_dir), options)
        prefix = os.path.relpath(args.docs_dir).replace(os.sep, "/")
        return Loaded(wiki, prefix, options)
    config_file = args.config_file or "mkdocs.yml"
    if not os.path.isfile(config_file):
        raise UsageError(
            f"no {config_file} here; pass -f path/to/mkdocs.yml, "
            "or --docs-dir for a folder of pages"
        )
    return _load_mkdocs(config_file, args.field)


def _load_mkdocs(config_file: str, field: str | None) -> Loaded:
    # Imported here so that `--docs-dir` works on a vault without touching MkDocs' machinery.
    from mkdocs.config import load_config
    from mkdocs.exceptions import ConfigurationError
    from mkdocs.structure.files import get_files

    from .config import RelationsConfig
    from .plugin import display_prefix, mkdocs_options

    try:
        config = load_config(config_file)
    except (ConfigurationError, SystemExit) as exc:
        raise UsageError(f"{config_file} is not a usable MkDocs configuration: {exc}") from exc
    plugin = config.plugins.get("relations")
    plugin_config = getattr(plugin, "config", None)
    if not isinstance(plugin_config, RelationsConfig):
        plugin_config = RelationsConfig()
        plugin_config.load_dict({})
        plugin_config.validate()
    options = mkdocs_options(plugin_config, config)
    if field:
        options.relationship_field = field
    files = get_files(config)
    sources = {
        file.src_uri: file.abs_src_path
        for file in files.documentation_pages()
        if file.abs_src_path is not None
    }
    prefix = display_prefix(config)
    base = os.path.dirname(os.path.abspath(config_file))
    prefix = os.path.relpath(os.path.join(base, prefix)).replace(os.sep, "/")
    return Loaded(load_wiki(sources, options), prefix, options)


def run_lint(args: argparse.Namespace, loaded: Loaded) -> int:
    wiki = loaded.wiki
    diagnostics = wiki.diagnostics
    if args.format == "json":
        document = {
            "pages": len(wiki.graph.pages),
            "edges": wiki.graph.edge_count,
            "diagnostics": [d.as_json() for d in diagnostics],
        }
        print(json.dumps(document, indent=2, ensure_ascii=False))
    elif args.format == "github":
        for diagnostic in diagnostics:
            print(_annotation(diagnostic, display_path(loaded.prefix, diagnostic.file)))
    else:
        for diagnostic in diagnostics:
            print(diagnostic.format(display_path(loaded.prefix, diagnostic.file)))
    counts = f"{len(wiki.graph.pages)} pages, {wiki.graph.edge_count} edges"
    if diagnostics:
        print(f"mkdocs-relations: {counts}: {summary(diagnostics)}", file=sys.stderr)
    else:
        print(f"mkdocs-relations: {counts}: no problems", file=sys.stderr)
    if wiki.errors or (args.strict and wiki.warnings):
        return EXIT_FAILED
    return EXIT_OK


def _annotation(diagnostic: Diagnostic, path: str) -> str:
    """A GitHub Actions workflow command, so the diagnostic shows on the pull request's diff."""
    level = "error" if diagnostic.severity == "error" else "warning"
    message = diagnostic.message.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")
    file = path.replace("%", "%25").replace(",", "%2C").replace(":", "%3A")
    return f"::{level} file={file},line={diagnostic.line},title={diagnostic.code}::{message}"


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())

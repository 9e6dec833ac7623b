"""``mkdocs-relations``: the same rules and queries as the plugin, without building the site."""

from __future__ import annotations

import argparse
import logging
import os
import sys
from collections.abc import Collection, Sequence
from dataclasses import dataclass

from . import __version__, cli_query
from .cli_init import add_init_parser
from .cli_inject import add_inject_parser
from .cli_output import ARROWS, Output, format_chain, json_text
from .diagnostics import Diagnostic, bounded, display_path, plural, summary
from .direction import IN, OUT, Direction
from .export import export_dot, export_json, export_mermaid
from .paths import DEFAULT_MAX_HOPS, PathIndex
from .sources import folder_page_set
from .targets import TargetError, loose, parse_target
from .wiki import Options, Wiki, load_wiki

EXIT_OK = 0
EXIT_FAILED = 1
EXIT_USAGE = 2
SCHEMAS = ("mkdocs", "plugin", "frontmatter", "graph")
SCHEMA_DIR = os.path.join(os.path.dirname(__file__), "schemas")


class UsageError(Exception):
    """Bad arguments or an unusable mkdocs.yml: exit status 2."""


@dataclass
class Loaded:
    wiki: Wiki
    #: How to show the docs folder in diagnostics (``docs`` when run next to mkdocs.yml).
    prefix: str
    options: Options
    max_hops: int = DEFAULT_MAX_HOPS


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
    output = Output(sys.stdout)
    sys.stdout = output
    try:
        if not getattr(args, "needs_wiki", True):
            status = int(args.handler(args, None))
        else:
            status = int(args.handler(args, load(args)))
        output.flush()
    except UsageError as exc:
        print(f"mkdocs-relations: {exc}", file=sys.stderr)
        return EXIT_USAGE
    finally:
        sys.stdout = output.stream
    if output.error is not None:
        reason = output.error.strerror or output.error
        print(f"mkdocs-relations: cannot write the output: {reason}", file=sys.stderr)
        return EXIT_USAGE
    return status


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

    path = commands.add_parser(
        "path",
        help="the shortest typed path between two pages (exit 1 when none within the bound)",
        description="The shortest chain of typed edges between two pages, by the documented rule.",
    )
    path.add_argument("source", help="a page id, or any target form that resolves")
    path.add_argument("target", help="a page id, or any target form that resolves")
    _add_source_arguments(path)
    _add_hops(path)
    path.add_argument(
        "--type",
        action="append",
        dest="types",
        metavar="TYPE",
        help="walk only edges of this type (repeatable)",
    )
    path.add_argument(
        "--directed", action="store_true", help="walk edges only in their declared direction"
    )
    path.add_argument("--format", choices=("text", "json"), default="text")
    path.set_defaults(handler=run_path)

    reach = commands.add_parser(
        "reach",
        help="what a page reaches through one type, grouped by hops",
        description="Pages a page reaches by following one edge type, within the bound.",
    )
    reach.add_argument("page", help="a page id, or any target form that resolves")
    _add_source_arguments(reach)
    _add_hops(reach)
    reach.add_argument(
        "--type",
        action="append",
        dest="types",
        metavar="TYPE",
        help="the type to follow (repeatable; default: every transitive type)",
    )
    reach.add_argument(
        "--reverse",
        action="store_true",
        help="follow edges against their direction: what depends on the page",
    )
    reach.add_argument("--format", choices=("text", "json"), default="text")
    reach.set_defaults(handler=run_reach)

    export = commands.add_parser(
        "export",
        help="the whole typed graph as JSON, Graphviz DOT or Mermaid",
        description="Print the whole typed graph.",
    )
    _add_source_arguments(export)
    export.add_argument("--format", choices=("json", "dot", "mermaid"), default="json")
    export.set_defaults(handler=run_export)

    cli_query.add_query_parser(commands, _add_source_arguments)

    schema = commands.add_parser(
        "schema",
        help="print a JSON Schema shipped with the package",
        description="Print a JSON Schema: mkdocs.yml with the plugin's options, one plugins "
        "entry, page frontmatter, or the site's graph file.",
    )
    schema.add_argument("name", choices=SCHEMAS)
    schema.set_defaults(handler=run_schema, needs_wiki=False)
    add_init_parser(commands)
    add_inject_parser(commands)
    return parser


def _add_hops(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--max-hops",
        type=_positive,
        default=None,
        metavar="N",
        help=f"at most N edges (default: the plugin's max_hops, {DEFAULT_MAX_HOPS})",
    )


def _positive(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number") from None
    if value < 1:
        raise argparse.ArgumentTypeError("must be 1 or more")
    return value


def _field_name(text: str) -> str:
    if not text.strip():
        raise argparse.ArgumentTypeError("must be a frontmatter key such as relationships")
    if text != text.strip():
        raise argparse.ArgumentTypeError(f"{text!r} has spaces around it; write {text.strip()!r}")
    return text


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
        "--field",
        type=_field_name,
        help="frontmatter key holding the edges (default: relationships)",
    )


def load(args: argparse.Namespace) -> Loaded:
    if args.docs_dir:
        if not os.path.isdir(args.docs_dir):
            raise UsageError(f"--docs-dir {args.docs_dir!r} is not a folder")
        pages = folder_page_set(args.docs_dir)
        options = Options(
            relationship_field=args.field, docs_dir=args.docs_dir, not_pages=pages.not_pages
        )
        wiki = load_wiki(pages.sources, options, pages.diagnostics)
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
    from .mkdocs_input import (
        ConfigFileError,
        display_prefix,
        load_lenient,
        load_mkdocs,
        options_from,
        plugin_config,
    )

    try:
        config, pages = load_mkdocs(config_file)
        plugin = plugin_config(config)
    except ConfigFileError as exc:
        # A Zensical project's mkdocs.yml may name a theme or plugins MkDocs cannot load;
        # the relations checks need only the folders and the plugin's options.
        try:
            config, pages, plugin, _ = load_lenient(config_file)
        except ConfigFileError:
            raise UsageError(str(exc)) from exc
        print(
            f"mkdocs-relations: note: {config_file} does not load in MkDocs ({exc}); read "
            "as Zensical reads it, for its folders and the relations options only",
            file=sys.stderr,
        )
    options = options_from(plugin, config)
    options.not_pages = pages.not_pages
    if field:
        options.relationship_field = field
    base = os.path.dirname(os.path.abspath(config_file))
    prefix = os.path.relpath(os.path.join(base, display_prefix(config))).replace(os.sep, "/")
    return Loaded(load_wiki(pages.sources, options), prefix, options, int(plugin.max_hops))


def run_lint(args: argparse.Namespace, loaded: Loaded) -> int:
    cli_query.lint_blocks(loaded)
    wiki = loaded.wiki
    diagnostics = wiki.diagnostics
    level, groups = wiki.unknown_type_groups()
    if args.format == "json":
        document = {
            "pages": len(wiki.graph.pages),
            "edges": wiki.graph.edge_count,
            "unknown_types": [{"type": g.name, "edges": g.edges, "files": g.files} for g in groups],
            "diagnostics": [d.as_json() for d in diagnostics],
        }
        print(json_text(document, indent=2))
    elif args.format == "github":
        for diagnostic in diagnostics:
            print(_annotation(diagnostic, display_path(loaded.prefix, diagnostic.file)))
    else:
        for group in groups:
            print(f"{level}: {group.message()}")
        for diagnostic in diagnostics:
            print(diagnostic.format(display_path(loaded.prefix, diagnostic.file)))
    counts = f"{plural(len(wiki.graph.pages), 'page')}, {plural(wiki.graph.edge_count, 'edge')}"
    if diagnostics:
        print(f"mkdocs-relations: {counts}: {summary(diagnostics)}", file=sys.stderr)
    else:
        print(f"mkdocs-relations: {counts}: no problems", file=sys.stderr)
    if wiki.errors or (args.strict and wiki.warnings):
        return EXIT_FAILED
    return EXIT_OK


def _annotation(diagnostic: Diagnostic, path: str) -> str:
    """A GitHub Actions workflow command, so the diagnostic shows on the pull request's diff."""
    level = {"error": "error", "warning": "warning"}.get(diagnostic.severity, "notice")
    message = diagnostic.message.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")
    file = path.replace("%", "%25").replace(",", "%2C").replace(":", "%3A")
    return f"::{level} file={file},line={diagnostic.line},title={diagnostic.code}::{message}"


def resolve_page(loaded: Loaded, text: str) -> str:
    """A page id for what the user typed: an id, or any target form; else exit 2."""
    wiki = loaded.wiki
    try:
        target = parse_target(text)
    except TargetError as exc:
        raise UsageError(str(exc)) from None
    resolution = wiki.resolver.resolve(target.path)
    if resolution.page_id is not None:
        return resolution.page_id
    if resolution.ambiguous:
        raise UsageError(
            f"{text!r} matches {len(resolution.candidates)} pages: "
            f"{', '.join(resolution.candidates)}; use the page id"
        )
    if wiki.config.redlink_for(target.path) is not None or any(
        edge.redlink and loose(edge.target) == loose(target.path) for edge in wiki.graph.edges()
    ):
        raise UsageError(
            f"{text!r} is a deliberate redlink (a page not written yet), so it has no "
            "relationships to follow"
        )
    near = wiki.resolver.suggest(target.path)
    hint = f"; did you mean {' or '.join(repr(n) for n in near)}?" if near else ""
    raise UsageError(f"no page matches {text!r}{hint}")


def _hops(args: argparse.Namespace, loaded: Loaded) -> int:
    return int(args.max_hops or loaded.max_hops)


def _note_errors(loaded: Loaded) -> None:
    errors = len(loaded.wiki.errors)
    if errors:
        print(
            f"mkdocs-relations: note: the wiki has {errors} lint error(s); answers use the "
            "edges that resolve and have a known type, as the site's finder does (run "
            "mkdocs-relations lint)",
            file=sys.stderr,
        )


def run_path(args: argparse.Namespace, loaded: Loaded) -> int:
    source = resolve_page(loaded, args.source)
    target = resolve_page(loaded, args.target)
    max_hops = _hops(args, loaded)
    _check_types(args.types or [], loaded.wiki.graph.vocabulary)
    _note_errors(loaded)
    index = PathIndex.from_graph(loaded.wiki.graph)
    steps = index.shortest_path(
        source, target, max_hops=max_hops, types=args.types, directed=args.directed
    )
    if args.format == "json":
        document = {
            "source": source,
            "target": target,
            "found": steps is not None,
            "max_hops": max_hops,
            "path": [step.as_json() for step in steps or ()],
        }
        print(json_text(document))
    elif steps is None:
        print(f"no path from [[{source}]] to [[{target}]] within {max_hops} hops")
    else:
        output = sys.stdout
        arrows = not isinstance(output, Output) or output.can_encode(ARROWS)
        print(format_chain(source, steps, arrows=arrows))
    return EXIT_OK if steps is not None else EXIT_FAILED


def _check_types(types: Sequence[str], vocabulary: Collection[str]) -> None:
    """``--type`` names a type of the vocabulary; edges of any other type are never walked."""
    unknown = [t for t in types if t not in vocabulary]
    if unknown:
        raise UsageError(f"unknown type(s) {', '.join(unknown)}; known: {bounded(vocabulary)}")


def run_reach(args: argparse.Namespace, loaded: Loaded) -> int:
    page = resolve_page(loaded, args.page)
    max_hops = _hops(args, loaded)
    graph = loaded.wiki.graph
    # By default every transitive type the wiki uses: an unused canonical type would only
    # print "nothing within the bound" beside the wiki's own spelling of it.
    used = {edge.type for edge in graph.edges()}
    transitive = [t.name for t in graph.vocabulary.values() if t.transitive]
    types = args.types or [t for t in transitive if t in used] or transitive
    _check_types(types, graph.vocabulary)
    _note_errors(loaded)
    index = PathIndex.from_graph(graph)
    direction: Direction = IN if args.reverse else OUT
    results = {t: index.reach(page, t, direction=direction, max_hops=max_hops) for t in types}
    if args.format == "json":
        document = {
            "source": page,
            "reverse": args.reverse,
            "max_hops": max_hops,
            "types": {
                t: [
                    {"page": r.page, "hops": r.hops, "path": [s.as_json() for s in r.chain]}
                    for r in found
                ]
                for t, found in results.items()
            },
        }
        print(json_text(document))
        return EXIT_OK
    for relation, found in results.items():
        label = graph.vocabulary[relation]
        heading = label.inverse if args.reverse else label.label
        print(f"{heading} (from [[{page}]], {relation}{', reversed' if args.reverse else ''}):")
        if not found:
            print("  nothing within the bound")
        for hops in sorted({r.hops for r in found}):
            names = ", ".join(f"[[{r.page}]]" for r in found if r.hops == hops)
            print(f"  {hops} hop{'s' if hops != 1 else ''}: {names}")
    if not args.types and not any(results.values()) and not used & set(types):
        print(
            "mkdocs-relations: note: no edge in this wiki has a transitive type; pass "
            "--type NAME to follow one, or declare 'transitive: true' for it in "
            "wiki-config.md",
            file=sys.stderr,
        )
    return EXIT_OK


def run_export(args: argparse.Namespace, loaded: Loaded) -> int:
    graph = loaded.wiki.graph
    if args.format == "dot":
        sys.stdout.write(export_dot(graph))
    elif args.format == "mermaid":
        sys.stdout.write(export_mermaid(graph))
    else:
        print(json_text(export_json(graph), indent=2))
    return EXIT_OK


def run_schema(args: argparse.Namespace, loaded: Loaded | None) -> int:
    with open(os.path.join(SCHEMA_DIR, f"{args.name}.schema.json"), encoding="utf-8") as stream:
        sys.stdout.write(stream.read())
    return EXIT_OK


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())

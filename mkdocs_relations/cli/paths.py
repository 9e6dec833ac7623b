"""``mkdocs-relations path`` and ``reach``: walks over the typed graph by the path
specification (paths.py), the same answers the site's path finder and panels give."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from typing import Any

from ..model.diagnostics import bounded
from ..model.direction import IN, OUT, Direction
from ..model.paths import DEFAULT_MAX_HOPS, PathIndex
from ..model.vocabulary import Vocabulary
from .output import ARROWS, Output, format_chain, json_text
from .shared import EXIT_FAILED, EXIT_OK, Loaded, UsageError, add_source_arguments, resolve_page


def add_path_parser(commands: Any) -> None:
    path = commands.add_parser(
        "path",
        help="the shortest typed path between two pages (exit 1 when none within the bound)",
        description="The shortest chain of typed edges between two pages, by the documented rule.",
    )
    path.add_argument("source", help="a page id, or any target form that resolves")
    path.add_argument("target", help="a page id, or any target form that resolves")
    add_source_arguments(path)
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


def add_reach_parser(commands: Any) -> None:
    reach = commands.add_parser(
        "reach",
        help="what a page reaches through one type, grouped by hops",
        description="Pages a page reaches by following one edge type, within the bound.",
    )
    reach.add_argument("page", help="a page id, or any target form that resolves")
    add_source_arguments(reach)
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


def _check_types(types: Sequence[str], vocabulary: Vocabulary, *, reach: bool = False) -> None:
    """``--type`` names a type of the vocabulary; edges of any other type are never walked.
    An inverse label is told how to ask for it: ``reach --reverse``; paths walk both ways."""
    unknown = [t for t in types if t not in vocabulary]
    if not unknown:
        return
    suggester = vocabulary.suggester()
    named = []
    for written in unknown:
        hint = suggester.hint(written)
        if hint.suggestion:
            named.append(f"{written!r} (did you mean {hint.suggestion!r}?)")
        elif hint.inverse_of:
            how = "with --reverse" if reach else "paths walk both ways"
            named.append(f"{written!r} (that is {hint.inverse_of} read backwards: {how})")
        else:
            named.append(repr(written))
    raise UsageError(
        f"unknown type {', '.join(named)}; --type takes a type's name, one of {bounded(vocabulary)}"
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


def run_reach(args: argparse.Namespace, loaded: Loaded) -> int:
    page = resolve_page(loaded, args.page)
    max_hops = _hops(args, loaded)
    graph = loaded.wiki.graph
    # By default every transitive type the wiki uses: an unused canonical type would only
    # print "nothing within the bound" beside the wiki's own spelling of it.
    used = {edge.type for edge in graph.edges()}
    transitive = [t.name for t in graph.vocabulary.values() if t.transitive]
    types = args.types or [t for t in transitive if t in used] or transitive
    _check_types(types, graph.vocabulary, reach=True)
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

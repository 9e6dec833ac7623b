"""``mkdocs-relations path`` and ``reach``: walks over the typed graph by the path
specification (paths.py), the same answers the site's path finder and panels give."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from typing import Any

from ..model.diagnostics import bounded
from ..model.direction import IN, OUT
from ..model.paths import DEFAULT_MAX_HOPS
from ..model.vocabulary import TypeWord, Vocabulary
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
    path.set_defaults(handler=run_path, wiki_cache="use")


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
    reach.set_defaults(handler=run_reach, wiki_cache="use")


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


def _type_words(types: Sequence[str], vocabulary: Vocabulary) -> list[TypeWord]:
    """``--type`` read as every place reads a type: a name, a label, or an inverse label
    ("used by": depends-on read backwards); anything else is an error with a suggestion."""
    words = [vocabulary.word(t) for t in types]
    unknown = [t for t, word in zip(types, words, strict=True) if word is None]
    if unknown:
        named = []
        for written in unknown:
            near = vocabulary.near_word(written)
            named.append(f"{written!r} (did you mean {near!r}?)" if near else repr(written))
        raise UsageError(
            f"unknown type {', '.join(named)}; --type takes a type's name or its inverse "
            f"label, one of {bounded(vocabulary)}"
        )
    return [word for word in words if word is not None]


def run_path(args: argparse.Namespace, loaded: Loaded) -> int:
    source = resolve_page(loaded, args.source)
    target = resolve_page(loaded, args.target)
    max_hops = _hops(args, loaded)
    words = _type_words(args.types or [], loaded.wiki.graph.vocabulary)
    backwards = [t for t, word in zip(args.types or [], words, strict=True) if word.reverse]
    if args.directed and backwards:
        name = loaded.wiki.graph.vocabulary.word(backwards[0])
        raise UsageError(
            f"--type {backwards[0]!r} reads {name.name if name else '?'} backwards, and "
            "--directed walks edges only the way they are declared; drop --directed, or "
            "name the type"
        )
    _note_errors(loaded)
    index = loaded.path_index
    steps = index.shortest_path(
        source,
        target,
        max_hops=max_hops,
        types=[word.name for word in words] or None,
        directed=args.directed,
    )
    # Searched again without the bound, as the site's finder does: "not connected" and
    # "farther than n hops" call for different things (linking pages, or --max-hops m).
    farther = None
    if steps is None:
        whole = index.shortest_path(
            source,
            target,
            max_hops=len(index.ids),
            types=[word.name for word in words] or None,
            directed=args.directed,
        )
        farther = None if whole is None else len(whole)
    if args.format == "json":
        document = {
            "source": source,
            "target": target,
            "found": steps is not None,
            "max_hops": max_hops,
            "path": [step.as_json() for step in steps or ()],
        }
        if steps is None:
            document["shortest_hops"] = farther
        print(json_text(document))
    elif steps is None and farther is None:
        print(
            f"no path from [[{source}]] to [[{target}]]: not connected by any chain of "
            f"{_walked(args)}, however long"
        )
    elif steps is None:
        print(
            f"no path from [[{source}]] to [[{target}]] within {_hops_text(max_hops)}: the "
            f"shortest is {farther} hops (--max-hops {farther} shows it)"
        )
    else:
        output = sys.stdout
        arrows = not isinstance(output, Output) or output.can_encode(ARROWS)
        print(format_chain(source, steps, arrows=arrows))
    return EXIT_OK if steps is not None else EXIT_FAILED


def _hops_text(hops: int) -> str:
    return "1 hop" if hops == 1 else f"{hops} hops"


def _walked(args: argparse.Namespace) -> str:
    kinds = "edges" if not args.types else "edges of type " + ", ".join(args.types)
    return kinds + (" in their declared direction" if args.directed else "")


def run_reach(args: argparse.Namespace, loaded: Loaded) -> int:
    page = resolve_page(loaded, args.page)
    max_hops = _hops(args, loaded)
    graph = loaded.wiki.graph
    # By default every transitive type the wiki uses: an unused canonical type would only
    # print "nothing within the bound" beside the wiki's own spelling of it.
    used = {edge.type for edge in graph.edges()}
    transitive = [t.name for t in graph.vocabulary.values() if t.transitive]
    written = args.types or [t for t in transitive if t in used] or transitive
    words = _type_words(written, graph.vocabulary)
    _note_errors(loaded)
    index = loaded.path_index
    # (as written, type, reversed): "used by" is depends-on followed backwards, and --reverse
    # turns every word around once more.
    asked = [
        (text, word.name, word.reverse != args.reverse)
        for text, word in zip(written, words, strict=True)
    ]
    results = {
        (name, backwards): index.reach(
            page, name, direction=IN if backwards else OUT, max_hops=max_hops
        )
        for _, name, backwards in asked
    }
    types = [name for _, name, _ in asked]
    if args.format == "json":
        document = {
            "source": page,
            "reverse": args.reverse,
            "max_hops": max_hops,
            "types": {
                text: [
                    {"page": r.page, "hops": r.hops, "path": [s.as_json() for s in r.chain]}
                    for r in results[name, backwards]
                ]
                for text, name, backwards in asked
            },
        }
        print(json_text(document))
        return EXIT_OK
    for _, name, backwards in dict.fromkeys(asked):
        found = results[name, backwards]
        kind = graph.vocabulary[name]
        heading = kind.inverse if backwards and not kind.symmetric else kind.label
        print(f"{heading} (from [[{page}]], {name}{', reversed' if backwards else ''}):")
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

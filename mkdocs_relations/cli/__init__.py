"""``mkdocs-relations``: the same rules and queries as the plugin, without building the site.

This module is the console script's entry point: it registers the commands, each defined in
the module of its group (``lint``, ``paths``, ``export``, ``query``, ``init``, ``inject``,
``diff``, ``review``, ``rules``), loads the wiki they read (``shared``) and keeps standard
output safe (``output``); ``report`` and ``compare`` hold what two commands share.
"""

from __future__ import annotations

import argparse
import logging
import sys
from collections.abc import Sequence

from .. import __version__
from .diff import add_diff_parser
from .export import add_export_parser, add_schema_parser
from .init import add_init_parser
from .inject import add_inject_parser
from .lint import add_lint_parser
from .output import Output, visible
from .paths import add_path_parser, add_reach_parser
from .query import add_query_parser, attach_dash_values
from .review import add_review_parser
from .rules import add_rules_parser
from .shared import EXIT_USAGE, UsageError, load


def main(argv: Sequence[str] | None = None) -> int:
    parser = _parser()
    argv = attach_dash_values(list(sys.argv[1:] if argv is None else argv))
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
            status = int(args.handler(args, load(args, getattr(args, "wiki_cache", ""))))
        output.flush()
    except UsageError as exc:
        print(visible(f"mkdocs-relations: {exc}"), file=sys.stderr)
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
    # In the order `mkdocs-relations --help` lists them.
    add_lint_parser(commands)
    add_path_parser(commands)
    add_reach_parser(commands)
    add_export_parser(commands)
    add_query_parser(commands)
    add_schema_parser(commands)
    add_init_parser(commands)
    add_inject_parser(commands)
    add_diff_parser(commands)
    add_review_parser(commands)
    add_rules_parser(commands)
    return parser

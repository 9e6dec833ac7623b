"""``mkdocs-relations lint``: every page's relationships checked by the plugin's rules, as
text, JSON or GitHub Actions annotations (exit 1 on errors, or on warnings with --strict)."""

from __future__ import annotations

import argparse
import sys
from typing import Any

from ..model.diagnostics import plural
from ..wiki.diff import problems_diff
from .compare import sides
from .report import report_lint
from .shared import Loaded, add_source_arguments, load


def add_lint_parser(commands: Any) -> None:
    lint = commands.add_parser(
        "lint",
        help="check every page's relationships (exit 1 on errors)",
        description="Check every page's relationships with the rules the plugin applies.",
    )
    add_source_arguments(lint)
    lint.add_argument(
        "--format",
        choices=("text", "json", "github"),
        default="text",
        help="text (default), json, or GitHub Actions annotations",
    )
    lint.add_argument("--strict", action="store_true", help="exit 1 on warnings too")
    lint.add_argument(
        "--new-only",
        metavar="BASE",
        help="report (and fail on) only the problems introduced since the git revision BASE",
    )
    lint.set_defaults(handler=run_lint, needs_wiki=False)


def run_lint(args: argparse.Namespace, loaded: Loaded | None) -> int:
    if not args.new_only:
        return report_lint(args, load(args, "write"))
    with sides(args, args.new_only, None) as both:
        diff = problems_diff(both.base.loaded.wiki, both.head.loaded.wiki, both.renamed)
        head = both.head.loaded
        head.wiki.diagnostics = diff.introduced
        if diff.unchanged:
            print(
                f"mkdocs-relations: {plural(diff.unchanged, 'problem')} as in {args.new_only} "
                "(not shown: --new-only)",
                file=sys.stderr,
            )
        return report_lint(args, head, blocks=False)

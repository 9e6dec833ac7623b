"""``mkdocs-relations diff BASE [HEAD]``: what a change does to the graph, between two git
revisions (HEAD defaults to the working tree) or two folders, as text, JSON, GitHub Actions
annotations or Markdown for a pull-request comment (wiki/diff.py, output/diff_report.py)."""

from __future__ import annotations

import argparse
import sys
from typing import Any

from ..model.diagnostics import display_path
from ..model.direction import IN
from ..output.diff_report import github_report, json_report, markdown_report, summary, text_report
from ..output.labels import Labels
from ..wiki.diff import diff_wikis
from .compare import sides
from .output import json_text
from .shared import EXIT_FAILED, EXIT_OK, Loaded, add_source_arguments


def add_diff_parser(commands: Any) -> None:
    diff = commands.add_parser(
        "diff",
        help="what a change does to the graph, between two revisions or folders",
        description="Compare the graph at BASE with HEAD (default: the working tree): edges "
        "and pages added, removed, changed or renamed, problems introduced and fixed, panels "
        "and reach that change. BASE and HEAD are git revisions, or two folders.",
    )
    add_source_arguments(diff)
    diff.add_argument("base", metavar="BASE", help="a git revision (or a folder)")
    diff.add_argument("head", metavar="HEAD", nargs="?", help="a git revision (or a folder)")
    diff.add_argument(
        "--format",
        choices=("text", "json", "github", "markdown"),
        default="text",
        help="text (default), json, GitHub Actions annotations, or Markdown for a PR comment",
    )
    diff.add_argument(
        "--fail-on-new",
        action="store_true",
        help="exit 1 when the change introduces an error",
    )
    diff.set_defaults(handler=run_diff, needs_wiki=False)


def run_diff(args: argparse.Namespace, loaded: Loaded | None) -> int:
    with sides(args, args.base, args.head) as both:
        base, head = both.base, both.head
        diff = diff_wikis(base.loaded.wiki, head.loaded.wiki, both.renamed)
        prefix = head.loaded.prefix

        def shown(file: str) -> str:
            return display_path(prefix, file)

        if args.format == "json":
            print(json_text(json_report(diff, args.base, args.head or ""), indent=2))
        elif args.format == "markdown":
            sys.stdout.write(markdown_report(diff, shown))
        elif args.format == "github":
            pages = head.loaded.wiki.graph.pages

            def file_of(page_id: str) -> str | None:
                page = pages.get(page_id)
                return page.file if page is not None else None

            for line in github_report(diff, shown, file_of):
                print(line)
        else:
            words = Labels(head.loaded.wiki.graph.vocabulary, head.loaded.labels)
            for line in text_report(diff, shown, lambda kind: words.type_label(kind, IN)):
                print(line)
        print(f"mkdocs-relations: {summary(diff)}", file=sys.stderr)
    if args.fail_on_new and any(d.severity == "error" for d in diff.introduced):
        return EXIT_FAILED
    return EXIT_OK

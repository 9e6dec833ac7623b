"""``mkdocs-relations rules``: each rule of wiki-config.md and the pages that break it, as text
or JSON (exit 1 when a page breaks one, or a rule cannot be read). What ``query`` would
answer with a rule condition: a condition key ``rule:`` in ``where`` would shadow a
frontmatter key of that name, so rule results have a command of their own."""

from __future__ import annotations

import argparse
import sys
from typing import Any

from ..model.diagnostics import apply_severity, display_path, plural
from ..query.rule_checks import rule_report
from .output import json_text
from .shared import EXIT_FAILED, EXIT_OK, Loaded, add_source_arguments


def add_rules_parser(commands: Any) -> None:
    rules = commands.add_parser(
        "rules",
        help="the rules of wiki-config.md and the pages that break each",
        description="List each rule of wiki-config.md with the pages that break it "
        "(exit 1 when a page breaks one, or a rule cannot be read).",
    )
    add_source_arguments(rules)
    rules.add_argument("--format", choices=("text", "json"), default="text")
    rules.set_defaults(handler=run_rules)


def run_rules(args: argparse.Namespace, loaded: Loaded) -> int:
    config = loaded.options.config_page
    report = rule_report(loaded.wiki, loaded.sources.get(config), config, loaded.max_hops)
    shown = display_path(loaded.prefix, config)
    # At the level the lint gives them: an unreadable rule is an error unless mkdocs.yml says
    # otherwise, and then it fails this command as it fails the lint.
    invalid = [
        d
        for d in apply_severity(report.diagnostics, loaded.options.severity)
        if d.code == "invalid-rule"
    ]
    if args.format == "json":
        document = {
            "rules": [
                {
                    "file": config,
                    "line": rule.line,
                    "rule": rule.summary,
                    "severity": rule.severity,
                    "pages": report.breaking(rule),
                }
                for rule in report.rules
            ],
            "invalid": [d.as_json() for d in invalid],
        }
        print(json_text(document, indent=2))
    else:
        for rule in report.rules:
            pages = report.breaking(rule)
            count = f"{len(pages)} {'page breaks' if len(pages) == 1 else 'pages break'} it"
            print(f"{shown}:{rule.line}: {rule.summary}: {count}")
            for page in pages:
                print(f"  {page}")
        for diagnostic in invalid:
            print(diagnostic.format(display_path(loaded.prefix, diagnostic.file)))
    broken = sum(1 for rule in report.rules if report.breaking(rule))
    unread = f", {len(invalid)} not read" if invalid else ""
    print(
        f"mkdocs-relations: {plural(len(report.rules), 'rule')}, {broken} broken{unread}",
        file=sys.stderr,
    )
    failed = broken or any(d.severity == "error" for d in invalid)
    return EXIT_FAILED if failed else EXIT_OK

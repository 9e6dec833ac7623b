"""``mkdocs-relations lint``: every page's relationships checked by the plugin's rules, as
text, JSON or GitHub Actions annotations (exit 1 on errors, or on warnings with --strict)."""

from __future__ import annotations

from typing import Any

from .report import report_lint
from .shared import add_source_arguments


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
    lint.set_defaults(handler=report_lint)

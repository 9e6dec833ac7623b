"""Lint codes, their default severities, and the diagnostic record every rule produces."""

from __future__ import annotations

import posixpath
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Literal

#: ``info`` is listed (MkDocs logs it at INFO) but fails nothing, not even ``--strict``: for
#: findings that are often deliberate, like MkDocs' own ``validation: info``.
Severity = Literal["error", "warning", "info", "ignore"]
SEVERITIES: tuple[Severity, ...] = ("error", "warning", "info", "ignore")

#: Every lint code with its default severity. The codes are a public, stable interface:
#: users silence or promote them by name in mkdocs.yml.
DEFAULT_SEVERITY: dict[str, Severity] = {
    "unknown-type": "error",
    "missing-target": "error",
    "ambiguous-target": "error",
    "malformed-relationship": "error",
    "invalid-frontmatter": "error",
    "invalid-vocabulary": "error",
    "cycle": "error",
    "self-reference": "warning",
    "duplicate-edge": "warning",
    "stale-redlink": "warning",
    "supersession-mismatch": "warning",
    "outside-docs": "warning",
    # Both edges are valid and real wikis write such pairs on purpose (an "anchor" link
    # beside a directed one), so it is shown but fails nothing unless promoted.
    "mirror-mismatch": "info",
    "linked-folder": "warning",
    "invalid-query": "error",
    # A body link to a page nobody wrote yet is how a vault grows (Obsidian offers to create
    # it); the edges' structure is not at stake, so it is shown, and fails `--strict` builds.
    "broken-wikilink": "warning",
    # A target that changed since its edge was reviewed is worth a look, not a failed build.
    "suspect-edge": "info",
    # Rules of wiki-config.md: each rule sets its own level (see RULE_RATED).
    "rule-endpoint": "error",
    "rule-max": "error",
    "rule-redlink": "error",
    "rule-required": "error",
    "rule-coverage": "error",
    "invalid-rule": "error",
    # Read as the link its author meant; only Obsidian does not link it, so it is shown and
    # fails nothing (docs/lint.md says why).
    "unquoted-link": "info",
    # Typed links the reading cannot see: a lint that read nothing must not pass in silence.
    "unread-links": "warning",
    # Names no target can settle on one page, told before one does: nothing is broken yet.
    "shadowed-alias": "info",
    "shared-id": "info",
}
#: Codes whose diagnostics carry the level their rule set (``severity:`` in wiki-config.md);
#: mkdocs.yml's ``severity`` still wins when it names the code.
RULE_RATED = frozenset(
    ("rule-endpoint", "rule-max", "rule-redlink", "rule-required", "rule-coverage")
)
CODES: tuple[str, ...] = tuple(DEFAULT_SEVERITY)


@dataclass(frozen=True, order=True)
class Diagnostic:
    """One finding, anchored to a file (relative to the docs folder) and a 1-based line."""

    file: str
    line: int
    code: str
    message: str
    severity: Severity = "error"

    def format(self, path: str | None = None) -> str:
        """The one-line form ``docs/a.md:12: error: [code] message``.

        ``path`` replaces the docs-relative file name, to show it as the user sees it.
        """
        line = f"{path or self.file}:{self.line}: {self.severity}: [{self.code}] {self.message}"
        # One line whatever a file name holds: a line break would let the text after it
        # start a line (``::error``, which GitHub Actions reads as a command); and no
        # terminal control reaches a log raw.
        return _BREAKS.sub(lambda m: repr(m.group(0))[1:-1], line)

    def as_json(self) -> dict[str, object]:
        return {
            "file": self.file,
            "line": self.line,
            "code": self.code,
            "severity": self.severity,
            "message": self.message,
        }


#: Line breaks, and every other terminal control (ESC sequences in a file name or target
#: would move the cursor or erase lines of a build's log): written as their escapes.
_BREAKS = re.compile("[\x00-\x08\x0a-\x1f\x7f-\x9f\u2028\u2029]")


def check_severity_overrides(overrides: Mapping[str, str]) -> list[str]:
    """Problems with a user's ``severity`` mapping, as sentences (empty when it is valid)."""
    problems = []
    for code, level in overrides.items():
        if code not in DEFAULT_SEVERITY:
            problems.append(f"unknown lint code {code!r}; known codes: {', '.join(CODES)}")
        elif level not in SEVERITIES:
            problems.append(
                f"severity of {code!r} must be one of {', '.join(SEVERITIES)}, not {level!r}"
            )
    return problems


def apply_severity(
    diagnostics: Iterable[Diagnostic], overrides: Mapping[str, str] | None = None
) -> list[Diagnostic]:
    """Give each diagnostic its configured severity, drop ignored ones, and sort them.

    The order is (file, line, code, message) so output never depends on the order in which
    files were read.
    """
    overrides = overrides or {}
    result = []
    for diagnostic in diagnostics:
        own = diagnostic.severity if diagnostic.code in RULE_RATED else None
        level = overrides.get(
            diagnostic.code, own or DEFAULT_SEVERITY.get(diagnostic.code, "error")
        )
        if level == "ignore":
            continue
        result.append(
            Diagnostic(diagnostic.file, diagnostic.line, diagnostic.code, diagnostic.message, level)  # type: ignore[arg-type]
        )
    return sorted(set(result), key=lambda d: (d.file, d.line, d.code, d.message))


def summary(diagnostics: Iterable[Diagnostic]) -> str:
    """``3 errors and 1 warning in 2 files``."""
    diagnostics = list(diagnostics)
    errors = sum(1 for d in diagnostics if d.severity == "error")
    warnings = sum(1 for d in diagnostics if d.severity == "warning")
    notes = sum(1 for d in diagnostics if d.severity == "info")
    files = len({d.file for d in diagnostics})
    parts = [plural(errors, "error")] if errors or not (warnings or notes) else []
    if warnings:
        parts.append(plural(warnings, "warning"))
    if notes:
        parts.append(plural(notes, "note"))
    listed = ", ".join(parts[:-1]) + " and " + parts[-1] if len(parts) > 1 else parts[0]
    return f"{listed} in {plural(files, 'file')}"


def bounded(items: Iterable[str], limit: int = 12, joiner: str = ", ") -> str:
    """``a, b, c and 988 more``: a list in a message never grows with the wiki."""
    shown: list[str] = []
    rest = 0
    for item in items:
        if len(shown) < limit:
            shown.append(item)
        else:
            rest += 1
    text = joiner.join(shown)
    return f"{text} and {rest:,} more" if rest else text


def clip(text: str, limit: int = 60) -> str:
    """A value short enough to quote in a one-line message."""
    if len(text) <= limit and "\n" not in text:
        return text
    head = text.split("\n", 1)[0][: limit - 20]
    return f"{head}… ({len(text):,} characters)"


def plural(count: int, word: str) -> str:
    """``1 edge``, ``2 edges``, ``0 edges``."""
    return f"{count} {word}" if count == 1 else f"{count} {word}s"


def display_path(prefix: str, file: str) -> str:
    """``docs`` + ``a.md`` -> ``docs/a.md``; ``docs`` + ``../mkdocs.yml`` -> ``mkdocs.yml``."""
    return posixpath.normpath(posixpath.join(prefix.replace("\\", "/"), file))

"""A graph diff (wiki/diff.py) as a reviewer reads it: text, JSON (with its schema), GitHub
Actions annotations, and Markdown for a pull-request comment.

Every list is sorted by the diff itself; nothing here depends on the order files were read,
so the same two revisions give the same bytes. The Markdown is capped ("and N more") so a
comment stays readable on a change that touches thousands of edges.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from ..model.diagnostics import Diagnostic, bounded, plural
from ..wiki.diff import EdgeState, GraphDiff
from .export import mermaid_text

DIFF_FORMAT = "mkdocs-relations-diff"
#: Bumped whenever the JSON's shape changes (diff_schema.py describes it).
DIFF_VERSION = 1
#: Rows of the Markdown table, and edges in its picture, before "and N more".
MARKDOWN_ROWS = 50
PICTURE_EDGES = 40

#: Shows a docs-relative file as the user sees it (``docs/a.md``).
PathShown = Callable[[str], str]


def arrow(edge: EdgeState) -> str:
    target = edge.target if edge.resolved else f"{edge.target} (matches no page)"
    if edge.redlink:
        target = f"{edge.target} (redlink)"
    return f"{edge.source} —{edge.type}→ {target}"


def _change(before: EdgeState, after: EdgeState) -> str:
    parts = []
    if before.type != after.type:
        parts.append(f"type {before.type} → {after.type}")
    if before.note != after.note:
        parts.append(f"note {before.note or '(none)'!r} → {after.note or '(none)'!r}")
    if before.redlink != after.redlink:
        parts.append("now a redlink" if after.redlink else "no longer a redlink")
    return ", ".join(parts)


def summary(diff: GraphDiff) -> str:
    """``2 edges added, 1 removed, 1 changed; 1 page renamed; 1 problem introduced, 2 fixed``."""
    parts = []
    edges = [
        (len(diff.edges_added), "added"),
        (len(diff.edges_removed), "removed"),
        (len(diff.edges_changed), "changed"),
    ]
    shown = [f"{n} {word}" for n, word in edges if n]
    if shown:
        total = sum(n for n, _ in edges)
        parts.append(f"{'edge' if total == 1 else 'edges'} " + ", ".join(shown))
    pages = [
        (len(diff.pages_added), "added"),
        (len(diff.pages_removed), "removed"),
        (len(diff.pages_renamed), "renamed"),
    ]
    shown = [f"{n} {word}" for n, word in pages if n]
    if shown:
        total = sum(n for n, _ in pages)
        parts.append(f"{'page' if total == 1 else 'pages'} " + ", ".join(shown))
    if diff.introduced or diff.fixed:
        parts.append(
            f"{plural(len(diff.introduced), 'problem')} introduced, {len(diff.fixed)} fixed"
        )
    if diff.suspect:
        parts.append(f"{plural(len(diff.suspect), 'edge')} made suspect")
    return "; ".join(parts) if parts else "no change to the graph"


def text_report(
    diff: GraphDiff, shown: PathShown, incoming: Callable[[str], str] | None = None
) -> list[str]:
    """``incoming(type)`` is the type's heading on its target's panel ("has part" for
    ``part-of``), so a panel change reads in the panel's words."""
    heading = incoming or (lambda kind: kind)
    lines = []
    for page in diff.pages_added:
        lines.append(f"page added: {page}")
    for page in diff.pages_removed:
        lines.append(f"page removed: {page}")
    for old, new in diff.pages_renamed:
        lines.append(f"page renamed: {old} → {new}")
    for edge in diff.edges_added:
        lines.append(f"edge added: {arrow(edge)}")
    for edge in diff.edges_removed:
        lines.append(f"edge removed: {arrow(edge)}")
    for before, after in diff.edges_changed:
        lines.append(f"edge changed: {arrow(after)}: {_change(before, after)}")
    for d in diff.introduced:
        lines.append(f"introduced: {d.format(shown(d.file))}")
    for d in diff.fixed:
        lines.append(f"fixed: {d.format(shown(d.file))}")
    for panel in diff.panels:
        gained = [f"+{source} ({heading(kind)})" for source, kind in panel.gained]
        lost = [f"-{source} ({heading(kind)})" for source, kind in panel.lost]
        lines.append(f"panel changes: {panel.page}: {bounded(gained + lost)}")
    for reach in diff.reach:
        words = []
        if reach.gained:
            words.append(f"now reaches {bounded(reach.gained)}")
        if reach.lost:
            words.append(f"no longer reaches {bounded(reach.lost)}")
        lines.append(f"reach ({reach.type}): {reach.page} {'; '.join(words)}")
    return lines


def json_report(diff: GraphDiff, base: str, head: str) -> dict[str, Any]:
    return {
        "format": DIFF_FORMAT,
        "version": DIFF_VERSION,
        "base": base,
        "head": head,
        "summary": summary(diff),
        "pages": {
            "added": diff.pages_added,
            "removed": diff.pages_removed,
            "renamed": [{"from": old, "to": new} for old, new in diff.pages_renamed],
        },
        "edges": {
            "added": [e.as_json() for e in diff.edges_added],
            "removed": [e.as_json() for e in diff.edges_removed],
            "changed": [
                {"before": b.as_json(), "after": a.as_json()} for b, a in diff.edges_changed
            ],
        },
        "diagnostics": {
            "introduced": [d.as_json() for d in diff.introduced],
            "fixed": [d.as_json() for d in diff.fixed],
            "unchanged": diff.unchanged,
        },
        "suspect": [d.as_json() for d in diff.suspect],
        "panels": [
            {
                "page": p.page,
                "gained": [{"source": s, "type": t} for s, t in p.gained],
                "lost": [{"source": s, "type": t} for s, t in p.lost],
            }
            for p in diff.panels
        ],
        "reach": [
            {"page": r.page, "type": r.type, "gained": list(r.gained), "lost": list(r.lost)}
            for r in diff.reach
        ],
    }


def github_report(
    diff: GraphDiff, shown: PathShown, files: Callable[[str], str | None]
) -> list[str]:
    """Workflow commands: the problems the change introduced at their lines (as the lint's),
    and a notice on each page whose edges were added or changed. ``files`` gives a head page's
    file for its id (None when the page is gone)."""
    lines = [annotation(d, shown(d.file)) for d in diff.introduced]
    for edge in diff.edges_added:
        file = files(edge.source)
        if file is not None:
            lines.append(_command("notice", shown(file), edge.line, "edge added", arrow(edge)))
    for before, after in diff.edges_changed:
        file = files(after.source)
        if file is not None:
            text = f"{arrow(after)}: {_change(before, after)}"
            lines.append(_command("notice", shown(file), after.line, "edge changed", text))
    return lines


def annotation(diagnostic: Diagnostic, path: str) -> str:
    level = {"error": "error", "warning": "warning"}.get(diagnostic.severity, "notice")
    return _command(level, path, diagnostic.line, diagnostic.code, diagnostic.message)


def _command(level: str, path: str, line: int, title: str, message: str) -> str:
    # A line break anywhere, a file name's too, would end the command and start another.
    message = _data(message)
    file = _data(path).replace(",", "%2C").replace(":", "%3A")
    title = _data(title).replace(",", "%2C").replace(":", "%3A")
    return f"::{level} file={file},line={line},title={title}::{message}"


def _data(text: str) -> str:
    return text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


#: What GitHub turns into a notification or a link in a comment: ``@org/team`` (and e-mail
#: addresses), ``https://``, ``www.``; a zero-width space after the first character keeps
#: the words as written and the comment inert (as Renovate does for mentions).
_LIVE = re.compile(r"@|(?i:\b(?:https?|ftp|mailto|www)(?=[:.]))")


def _cell(text: str) -> str:
    # An entity (&#64;) is decoded before mentions and links are found: & is written as one.
    text = text.replace("&", "&amp;").replace("\\", "\\\\").replace("|", "\\|")
    # A carriage return ends a table row as a line feed does: either could forge a row.
    text = text.replace("\r\n", " ").replace("\r", " ").replace("\n", " ")
    for char in "`*_[]<>":
        text = text.replace(char, "\\" + char)
    return _LIVE.sub(lambda found: found.group(0) + "&#8203;", text)


def markdown_report(diff: GraphDiff, shown: PathShown) -> str:
    lines = [f"**mkdocs-relations:** {summary(diff)}", ""]
    rows: list[tuple[str, str, str, str]] = []
    rows += [("added", e.source, e.type, _target(e)) for e in diff.edges_added]
    rows += [("removed", e.source, e.type, _target(e)) for e in diff.edges_removed]
    rows += [
        ("changed", a.source, f"{b.type} → {a.type}" if b.type != a.type else a.type, _target(a))
        for b, a in diff.edges_changed
    ]
    rows.sort(key=lambda row: (row[1], row[3], row[2], row[0]))
    if rows:
        lines += ["| change | page | relationship | target |", "| --- | --- | --- | --- |"]
        for change, source, kind, target in rows[:MARKDOWN_ROWS]:
            lines.append(f"| {change} | {_cell(source)} | {_cell(kind)} | {_cell(target)} |")
        if len(rows) > MARKDOWN_ROWS:
            lines.append(f"| and {len(rows) - MARKDOWN_ROWS:,} more | | | |")
        lines.append("")
    renamed = [f"{old} → {new}" for old, new in diff.pages_renamed]
    for title, items in (
        ("Pages added", diff.pages_added),
        ("Pages removed", diff.pages_removed),
        ("Pages renamed", renamed),
    ):
        if items:
            lines.append(f"**{title}:** {_cell(bounded(items))}")
            lines.append("")
    for title, found in (
        ("Problems introduced", [d for d in diff.introduced if d.code != "suspect-edge"]),
        ("Edges made suspect (their target changed)", diff.suspect),
        ("Problems fixed", diff.fixed),
    ):
        if found:
            lines.append(f"**{title}:**")
            lines.append("")
            for d in found[:MARKDOWN_ROWS]:
                lines.append(
                    f"- {_cell(shown(d.file))}:{d.line} {d.severity} "
                    f"\\[{d.code}\\] {_cell(d.message)}"
                )
            if len(found) > MARKDOWN_ROWS:
                lines.append(f"- and {len(found) - MARKDOWN_ROWS:,} more")
            lines.append("")
    if rows:
        lines += [
            "<details><summary>The changed neighbourhood</summary>",
            "",
            "```mermaid",
            *_picture(diff),
            "```",
            "",
            "</details>",
            "",
        ]
    return "\n".join(lines)


def _target(edge: EdgeState) -> str:
    if edge.redlink:
        return f"{edge.target} (redlink)"
    return edge.target if edge.resolved else f"{edge.target} (matches no page)"


def _picture(diff: GraphDiff) -> list[str]:
    """Added edges thick, removed ones dotted, changed ones labelled old → new."""
    edges: list[tuple[EdgeState, str, str]] = []
    edges += [(e, "==>", e.type) for e in diff.edges_added]
    edges += [(e, "-.->", f"removed: {e.type}") for e in diff.edges_removed]
    edges += [
        (a, "-->", f"{b.type} → {a.type}" if b.type != a.type else a.type)
        for b, a in diff.edges_changed
    ]
    edges.sort(key=lambda item: (item[0].source, item[0].target, item[2]))
    shown, rest = edges[:PICTURE_EDGES], len(edges) - PICTURE_EDGES
    names: dict[str, str] = {}
    for page in sorted({p for e, _, _ in shown for p in (e.source, _target(e))}):
        names[page] = f"n{len(names)}"
    out = ["flowchart LR"]
    out += [f'  {name}["{_label(page)}"]' for page, name in names.items()]
    for edge, line, label in shown:
        out.append(f"  {names[edge.source]} {line}|{_label(label)}| {names[_target(edge)]}")
    if rest > 0:
        out.append(f'  more["and {rest:,} more"]')
    return out


def _label(text: str) -> str:
    """A Mermaid label in a pull-request comment: mentions and links as entity codes too, so
    the comment stays inert wherever GitHub shows the text."""
    return _LIVE.sub(
        lambda found: f"#{ord(found.group(0)[0])};{found.group(0)[1:]}", mermaid_text(text)
    )

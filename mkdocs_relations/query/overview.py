"""The overview page: the graph's types, wanted pages, orphans, hubs and superseded pages.

Each list is a ``relations`` block, so it is answered like any other and the reader can copy
the query shown under it.
"""

from __future__ import annotations

import html
from collections.abc import Mapping

#: The line an author writes where the overview goes, as with Material's ``material/tags``.
MARKER = "<!-- relations/overview -->"

DEFAULT_LABELS = {
    "overview_title": "Relationships overview",
    "overview_types": "Relationship types",
    "overview_types_intro": "Every type with its inverse label, description and edge count.",
    "overview_wanted": "Wanted pages",
    "overview_wanted_intro": "Targets no page answers yet, the most linked first.",
    "overview_orphans": "Orphans",
    "overview_orphans_intro": "Pages with no relationship in or out.",
    "overview_hubs": "Hubs",
    "overview_hubs_intro": "The ten pages with the most relationships, counted as their "
    "panels list them.",
    "overview_superseded": "Superseded pages",
    "overview_superseded_intro": "Pages another page supersedes, with their successors.",
    "overview_query": "Query",
    "overview_rules": "Rules",
    "overview_rules_intro": "The rules in wiki-config.md, and the pages that break each.",
    "overview_rules_rule": "Rule",
    "overview_rules_pages": "Pages that break it",
    "overview_rules_none": "none",
}

SECTIONS = (
    ("types", "list: types\nshow: table"),
    ("wanted", "list: wanted\nshow: table\ncolumns: [target, edges, kind, from]"),
    ("orphans", "list: pages\nwhere: {not: {edges: any}}"),
    (
        "hubs",
        "list: pages\nwhere: {edges: any}\nsort: -relationships\nlimit: 10\nshow: table\n"
        "columns: [title, relationships]",
    ),
    (
        "superseded",
        "list: pages\nwhere: {in: supersedes}\nshow: table\ncolumns: [title, superseded by]",
    ),
)


def overview_markdown(labels: Mapping[str, str], heading_level: int = 2) -> str:
    """The overview as Markdown: a heading, a sentence, the block, and the block's text."""
    labels = {**DEFAULT_LABELS, **labels}
    hashes = "#" * heading_level
    parts = []
    for name, query in SECTIONS:
        parts += [
            f"{hashes} {labels[f'overview_{name}']}",
            "",
            labels[f"overview_{name}_intro"],
            "",
            "```relations",
            query,
            "```",
            "",
            '<details class="relations-query__source"><summary>'
            f"{html.escape(labels['overview_query'])}</summary>"
            f"<pre><code>{html.escape(query)}</code></pre></details>",
            "",
        ]
    return "\n".join(parts)


def overview_page(labels: Mapping[str, str]) -> str:
    """A whole generated page."""
    title = {**DEFAULT_LABELS, **labels}["overview_title"]
    return f"# {title}\n\n{overview_markdown(labels)}"

"""The overview page: the graph's types, wanted pages, orphans, hubs and superseded pages.

Each list is a ``relations`` block, so it is answered like any other; the queries are shown
once, folded, at the end of the page, for an author to copy.
"""

from __future__ import annotations

import html
import json
from collections.abc import Mapping

#: The line an author writes where the overview goes, as with Material's ``material/tags``.
MARKER = "<!-- relations/overview -->"
#: Where the queries behind the page begin, folded at its end (the rules' section goes above).
SOURCE = '<details class="relations-query__source">'

DEFAULT_LABELS = {
    "overview_title": "Relationships overview",
    "overview_types": "Relationship types",
    "overview_types_intro": "Every type some edge uses, the most used first, with its inverse "
    "label, description and edge count.",
    "overview_types_empty": "No page has a relationship yet.",
    "overview_wanted": "Wanted pages",
    "overview_wanted_intro": "Targets no page answers yet, the most linked first.",
    "overview_wanted_empty": "No wanted pages: every target has its page.",
    "overview_orphans": "Orphans",
    "overview_orphans_intro": "Pages with no relationship in or out.",
    "overview_orphans_empty": "No orphans: every page has a relationship.",
    "overview_hubs": "Hubs",
    "overview_hubs_intro": "The ten pages with the most relationships, counted as their "
    "panels list them.",
    "overview_hubs_empty": "No hubs: no page has a relationship yet.",
    "overview_superseded": "Superseded pages",
    "overview_superseded_intro": "Pages another page supersedes, with their successors.",
    "overview_superseded_empty": "No superseded pages.",
    "overview_query": "The queries behind this page",
    "overview_rules": "Rules",
    "overview_rules_intro": "The rules in wiki-config.md, and the pages that break each.",
    "overview_rules_rule": "Rule",
    "overview_rules_pages": "Pages that break it",
    "overview_rules_none": "none",
}

SECTIONS = (
    # Types by use, and only those some edge uses: six built-in types at 0 edges above one
    # with a thousand read as the wiki's vocabulary. `list: types` alone lists them all.
    ("types", "list: types\nwhere: {edges: any}\nsort: -edges\nshow: table"),
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
    """The overview as Markdown: a heading, a sentence and the block for each section, and
    the blocks' text once at the end, folded (a reader reads lists; an author copies a
    query)."""
    labels = {**DEFAULT_LABELS, **labels}
    hashes = "#" * heading_level
    parts = []
    sources = []
    for name, query in SECTIONS:
        # A JSON string is a YAML double-quoted scalar: any label reads as the text it is.
        block = f"{query}\nempty: {json.dumps(labels[f'overview_{name}_empty'])}"
        parts += [
            f"{hashes} {labels[f'overview_{name}']}",
            "",
            labels[f"overview_{name}_intro"],
            "",
            "```relations",
            block,
            "```",
            "",
        ]
        sources.append(
            f"<p>{html.escape(labels[f'overview_{name}'])}</p>"
            f"<pre><code>{html.escape(query)}</code></pre>"
        )
    parts += [
        f"{SOURCE}<summary>"
        f"{html.escape(labels['overview_query'])}</summary>{''.join(sources)}</details>",
        "",
    ]
    return "\n".join(parts)


def overview_page(labels: Mapping[str, str]) -> str:
    """A whole generated page."""
    title = {**DEFAULT_LABELS, **labels}["overview_title"]
    return f"# {title}\n\n{overview_markdown(labels)}"

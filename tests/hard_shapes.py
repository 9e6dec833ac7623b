"""A wiki with the shapes a reader meets on real wikis (issue 44), for the browser tests and
the screenshots: sentence-long titles, edge notes written in Markdown with [[wikilinks]],
a 150-edge hub on a page about 80 phone screens long, 500 broken targets, and a target that
matches two pages.

``HUB`` is the hub's page id; ``LONG_NOTE`` is a note past the length a panel shows whole.
"""

from __future__ import annotations

HUB = "hub"
#: A note longer than a panel shows at once, with markup in both halves.
LONG_NOTE = (
    "Read **this first**: the ledger's *nightly* export feeds `settlement_job` through "
    "[[platform/queue-00|the first queue]], and every retry is written to the audit trail "
    "before the next batch starts, which is why a slow export delays the whole chain of "
    "reconciliations downstream; see [the runbook](https://example.org/runbook) and "
    "**[[research/paper-03]]** for the measurements behind the *batch size*."
)
NOTES = (
    "**Blocking**: needs the *new* schema",
    "Uses `ledger.read()` only, see [[research/paper-01|Chatterjee]]",
    "Since 2024, per [the decision](https://example.org/adr/12)",
    "Weekly, <script>alert(1)</script> & 'quoted' \"text\"",
    "_Optional_ for reports and __batch__ jobs",
    LONG_NOTE,
)


def _title(i: int) -> str:
    return (
        f"How the settlement service number {i} reconciles ledger entries across regions "
        "when the nightly batch export arrives late or twice"
    )


def hard_wiki_pages() -> dict[str, str]:
    """path → text of every page."""
    pages: dict[str, str] = {}
    for i in range(90):
        pages[f"platform/svc-{i:02d}.md"] = f"---\ntitle: {_title(i)}\n---\n\nService {i}.\n"
    for i in range(6):
        pages[f"platform/queue-{i:02d}.md"] = f"# Queue {i}\n"
        pages[f"research/paper-{i:02d}.md"] = (
            f"# The anatomy of a reconciliation failure, part {i}: what the logs said\n"
        )
    # One title in two folders: a target naming it matches two pages.
    pages["platform/overview.md"] = "# Overview\n"
    pages["research/overview.md"] = "# Overview\n"
    links = []
    for i in range(90):
        note = NOTES[i % len(NOTES)] if i % 3 == 0 else None
        entry = f"  - type: depends-on\n    target: platform/svc-{i:02d}\n"
        if note is not None:
            entry += f"    note: {_quoted(note)}\n"
        links.append(entry)
    for i in range(6):
        links.append(f"  - {{type: relates-to, target: research/paper-{i:02d}}}\n")
    links.append("  - {type: relates-to, target: Overview}\n")
    # Broken targets on the hub: more than a panel should list at the top.
    for i in range(14):
        links.append(f"  - {{type: depends-on, target: missing/area-{i:02d}/page-{i:02d}}}\n")
    # Incoming: 40 consumers use the hub, their pages with long titles of their own.
    for i in range(40):
        note = NOTES[i % len(NOTES)] if i % 4 == 1 else None
        extra = f"    note: {_quoted(note)}\n" if note else ""
        pages[f"consumers/c{i:02d}.md"] = (
            f"---\ntitle: Consumer {i} of the platform, which reads settlements for its "
            f"monthly statements\nrelationships:\n  - type: depends-on\n    target: {HUB}\n"
            f"{extra}---\n\nConsumer {i}.\n"
        )
    body = "\n\n".join(
        f"## Section {s}\n\n" + " ".join(["Settlement detail for the reader to skim."] * 40)
        for s in range(60)
    )
    pages[f"{HUB}.md"] = (
        "---\ntitle: The settlement platform, its services, queues and the research behind "
        "them\nrelationships:\n" + "".join(links) + f"---\n\n{body}\n"
    )
    # 486 more broken targets across the other pages: 500 in all.
    for n in range(486):
        path = f"platform/svc-{n % 90:02d}.md"
        text = pages[path]
        if "relationships:" not in text:
            text = text.replace("---\n\n", "relationships:\n---\n\n", 1)
        text = text.replace(
            "---\n\n", f"  - {{type: relates-to, target: gone/{n:03d}}}\n---\n\n", 1
        )
        pages[path] = text
    pages["index.md"] = "# Home\n\nThe [[hub]] is long.\n"
    return pages


def _quoted(text: str) -> str:
    """A YAML double-quoted scalar."""
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'

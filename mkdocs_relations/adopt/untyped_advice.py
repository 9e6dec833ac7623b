"""What ``init`` advises for keys holding untyped lists of page names (``related_entities:``).

Only typed edges are edges, so init never reads such a key; it advises writing its links as
typed edges only where its values are evidence of links (dialect_survey.py judges: a value
naming its own page, a key of names, a category naming sections are not). The advice names
the field the wiki keeps its typed edges under and a real value from the key, and a key
whose name says succession (``successor``, ``previous_version``) gets ``supersedes`` in the
direction the key means: ``supersedes`` is declared on the newer page.

Plain Python: no MkDocs import.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Mapping

from ..model.diagnostics import plural
from .dialect_survey import Untyped
from .type_plans import yaml_str

#: Keys naming the newer page (the page named supersedes this one).
NEWER = frozenset(
    ("successor", "successors", "succeeded_by", "superseded_by", "replaced_by", "next_version",
     "newer_version", "later_version", "successor_version")
)  # fmt: skip
#: Keys naming the older page (this page supersedes the page named).
OLDER = frozenset(
    ("predecessor", "predecessors", "previous_version", "previous_versions", "previous",
     "prior_version", "preceded_by", "supersedes", "replaces", "older_version",
     "earlier_version", "predecessor_version")
)  # fmt: skip


def succession(key: str) -> str | None:
    """ "newer" where the key names the page that supersedes this one, "older" where it names
    the one this page supersedes, None where the key says nothing of succession."""
    words = re.sub(r"(?<=[a-z])(?=[A-Z])", "_", key).lower().replace("-", "_").replace(" ", "_")
    return "newer" if words in NEWER else "older" if words in OLDER else None


def untyped_lines(
    untyped: Mapping[str, Untyped],
    read_keys: Collection[str],
    shown_docs: str,
    field: str,
    keys: tuple[str, str] = ("type", "target"),
) -> list[str]:
    """One line per key with evidence of links, and one for the keys init passed over."""
    lines = []
    passed = []
    type_key, target_key = keys
    for key, seen in untyped.items():
        if key in read_keys:  # under a field itself, lint reports each entry
            continue
        if seen.not_links is not None or seen.example is None:
            passed.append(f"'{key}:' ({seen.not_links or 'no value names another page'})")
            continue
        file, value, own = seen.example
        example = f"{shown_docs}/{file}"
        verb = "lists" if len(seen.pages) == 1 else "list"
        said = (
            f"note: {plural(len(seen.pages), 'page')} {verb} links under '{key}:' without a type "
            f"(e.g. {example}: {value}); only typed edges are read: "
        )
        direction = succession(key)
        if direction == "older":
            lines.append(
                said + f"write each under {field}: as - {{{type_key}: supersedes, {target_key}: "
                f"{yaml_str(value)}}} (this page supersedes the one named)"
            )
        elif direction == "newer":
            lines.append(
                said + "the page named supersedes this one, so write the edge on that page, under "
                f"{field}: (on {value}'s page: - {{{type_key}: supersedes, {target_key}: "
                f"{yaml_str(own)}}})"
            )
        else:
            lines.append(
                said + f"write each under {field}: as - {{{type_key}: relates-to, {target_key}: "
                f"{yaml_str(value)}}} (or a type that says how they relate)"
            )
    if passed:
        lines.append(
            "note: keys left as metadata (what their values match is no evidence of a link): "
            f"{'; '.join(passed)}"
        )
    return lines

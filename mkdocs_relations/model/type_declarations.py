"""``relationship_types`` entries (wiki-config.md or mkdocs.yml) read and checked into types.

Every problem is an ``invalid-vocabulary`` diagnostic at the line of the entry or key to fix.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .diagnostics import Diagnostic, bounded, clip
from .vocabulary import FLAGS, TYPE_KEYS, TYPE_NAME, RelationType, label_of


def parse_types(
    entries: Any,
    file: str,
    locate: Callable[[int, str | None], int],
) -> tuple[list[RelationType], list[Diagnostic]]:
    """Validate a ``relationship_types`` list.

    ``locate(index, key)`` gives the line of entry ``index`` (or of one of its keys) so every
    diagnostic points at the line to fix. An entry may be a mapping or just a type name.
    """
    types: list[RelationType] = []
    diagnostics: list[Diagnostic] = []

    def report(index: int, key: str | None, message: str) -> None:
        diagnostics.append(Diagnostic(file, locate(index, key), "invalid-vocabulary", message))

    if entries is None:
        return types, diagnostics
    if not isinstance(entries, list):
        report(-1, None, "relationship_types must be a list of types, each a mapping with a name")
        return types, diagnostics
    for index, entry in enumerate(entries):
        if isinstance(entry, str):
            entry = {"name": entry}
        if not isinstance(entry, dict):
            report(
                index,
                None,
                "each relationship type must be a mapping such as "
                "{name: governed-by, inverse: governs}",
            )
            continue
        name = entry.get("name")
        if not isinstance(name, str) or not TYPE_NAME.match(name):
            report(
                index,
                "name" if "name" in entry else None,
                f"type name must be a word such as 'governed-by', not {clip(repr(name))}",
            )
            continue
        unknown = sorted(str(k) for k in entry if k not in TYPE_KEYS)
        if unknown:
            report(
                index,
                unknown[0],
                f"type {name!r} has unknown key(s) {bounded(unknown)}; "
                f"allowed: {', '.join(TYPE_KEYS)}",
            )
        flags = {}
        bad = False
        for flag in FLAGS:
            value = entry.get(flag, False)
            if value is None:
                value = False
            if not isinstance(value, bool):
                report(
                    index,
                    flag,
                    f"{flag} of type {name!r} must be true or false, not {clip(repr(value))}",
                )
                bad = True
            flags[flag] = bool(value)
        inverse = entry.get("inverse")
        if inverse is not None and not isinstance(inverse, str):
            report(index, "inverse", f"inverse of type {name!r} must be a label such as 'governs'")
            bad = True
        description = entry.get("description") or ""
        if not isinstance(description, str):
            report(index, "description", f"description of type {name!r} must be text")
            bad = True
        spellings = entry.get("spellings") or []
        if isinstance(spellings, str):
            spellings = [spellings]
        if not isinstance(spellings, list) or not all(
            isinstance(item, str) and item.strip() for item in spellings
        ):
            report(
                index,
                "spellings",
                f"spellings of type {name!r} must be a list of the names pages write for it, "
                "such as [depends_on, Depends On]",
            )
            bad = True
        if flags["symmetric"] and flags["acyclic"]:
            report(
                index,
                "acyclic",
                f"type {name!r} cannot be both symmetric and acyclic: "
                "every symmetric edge is a cycle of two; drop one of them",
            )
            bad = True
        if bad:
            continue
        label = label_of(name)
        if flags["symmetric"]:
            inverse = label
        types.append(
            RelationType(
                name,
                inverse or f"{label} (incoming)",
                description,
                spellings=tuple(str(item).strip() for item in spellings),
                origin=f"{file}:{locate(index, None)}",
                **flags,
            )
        )
    return types, diagnostics

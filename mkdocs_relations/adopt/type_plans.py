"""Which types an adopted wiki declares, and how: ``init``'s plan for wiki-config.md.

A type the vocabulary lacks is declared with what its name says: a spelling of a canonical
type gets that type's properties, a name that reads both ways is symmetric, a common verb
gets its inverse label, and anything else a placeholder to reword. A name that reads like a
typo of a known type is not declared at all: the lint then points at each edge.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from dataclasses import dataclass

from ..frontmatter.dialect_fields import DEFAULT_FIELD
from ..model.suggest import compact, words
from ..model.vocabulary import CANONICAL, Vocabulary, label_of

#: Inverse labels for type names common in typed-link wikis, by their words.
COMMON_INVERSES: dict[str, str] = {
    "uses": "used by",
    "extends": "extended by",
    "implements": "implemented by",
    "derived from": "source of",
    "contains": "contained in",
    "supports": "supported by",
    "authored by": "author of",
    "replaces": "replaced by",
    "replaced by": "replaces",
    "caused": "caused by",
    "causes": "caused by",
    "instance of": "has instance",
    "belongs to": "has member",
    "member of": "has member",
    "parent of": "child of",
    "child of": "parent of",
    "references": "referenced by",
    "cites": "cited by",
    "based on": "basis for",
    "mentions": "mentioned by",
    "defines": "defined by",
    "defined by": "defines",
    "produces": "produced by",
    "owns": "owned by",
    "owned by": "owns",
    "maintained by": "maintains",
    "maintains": "maintained by",
    "governed by": "governs",
    "governs": "governed by",
    "implemented by": "implements",
    "published by": "publishes",
    "created by": "creator of",
    "requires": "required by",
    "enables": "enabled by",
    "blocks": "blocked by",
    "blocked by": "blocks",
    "precedes": "follows",
    "follows": "precedes",
    "refines": "refined by",
    "measures": "measured by",
    "amends": "amended by",
    "influences": "influenced by",
    "traces to": "traced from",
    "example of": "has example",
    "has part": "part of",
    "includes": "included in",
    "documents": "documented by",
    "tests": "tested by",
    "validates": "validated by",
    "explains": "explained by",
    "describes": "described by",
}

PLACEHOLDER = " (inverse)"

#: Names that read the same from both ends.
_SYMMETRIC = re.compile(
    r"^(relate[sd]?( to| with)?|related|see also|similar( to)?|sibling( of)?|peer( of)?|"
    r"contradicts|conflicts( with)?|same as|equivalent( to)?|alternative( to)?|"
    r"(\w+ )?with|compare[sd]?( to| with)?|linked( to)?|connected( to)?|associated( with)?)$"
)


@dataclass(frozen=True)
class TypePlan:
    """One type to declare, with how many edges use it."""

    name: str
    edges: int
    inverse: str
    symmetric: bool = False
    acyclic: bool = False
    transitive: bool = False
    #: The canonical type this name spells (``depends_on``), when it is one.
    spelling_of: str | None = None

    @property
    def placeholder(self) -> bool:
        """An inverse label init could not name; readers would see "... (inverse)"."""
        return not self.symmetric and self.inverse.endswith(PLACEHOLDER)

    def yaml(self) -> list[str]:
        lines = [f"  - name: {yaml_str(self.name)}"]
        if self.symmetric:
            lines.append("    symmetric: true")
        else:
            lines.append(f"    inverse: {yaml_str(self.inverse)}")
        for flag in ("acyclic", "transitive"):
            if getattr(self, flag):
                lines.append(f"    {flag}: true")
        notes = [f"{self.edges} edge{'s' if self.edges != 1 else ''}"] if self.edges else []
        if self.spelling_of:
            notes.append(f"spells the canonical {self.spelling_of}")
        if self.placeholder:
            notes.append("reword the inverse: how it reads on the target page")
        if notes:
            lines[0] += f"  # {'; '.join(notes)}"
        return lines


def plan_type(name: str, edges: int) -> TypePlan:
    """How to declare a type a wiki uses that its vocabulary lacks."""
    canonical = {compact(t.name): t for t in CANONICAL}
    same = canonical.get(compact(name))
    if same is not None:
        # A spelling of a canonical type (depends_on): the same meaning, so the same properties.
        return TypePlan(
            name,
            edges,
            same.inverse,
            same.symmetric,
            same.acyclic,
            same.transitive,
            spelling_of=same.name,
        )
    spoken = " ".join(words(name))
    if _SYMMETRIC.match(spoken):
        return TypePlan(name, edges, label_of(name), symmetric=True)
    inverse = COMMON_INVERSES.get(spoken)
    return TypePlan(name, edges, inverse or f"{spoken}{PLACEHOLDER}")


def yaml_str(text: str) -> str:
    # JSON strings are YAML; quote only when a plain scalar would read differently.
    # No space at the end: YAML drops it from a plain scalar ("trail " would read "trail").
    if re.fullmatch(r"[A-Za-z](?:[A-Za-z0-9 _.-]*[A-Za-z0-9_.-])?", text) and (
        text.lower() not in _YAML_WORDS
    ):
        return text
    return json.dumps(text, ensure_ascii=False)


_YAML_WORDS = {"yes", "no", "on", "off", "true", "false", "null", "y", "n", "~"}


def wiki_config_md(field_name: str, types: list[TypePlan]) -> str:
    """The text of a new wiki-config.md declaring the field and the types."""
    lines = ["---", "# Written by mkdocs-relations init from the types this wiki uses."]
    if field_name != DEFAULT_FIELD:
        lines.append(f"relationship_field: {yaml_str(field_name)}")
    if types:
        lines.append("relationship_types:")
        for plan in types:
            lines.extend(plan.yaml())
    lines += [
        "---",
        "",
        "# Wiki configuration",
        "",
        "This page declares the relationship types this wiki uses besides the six canonical ones",
        "(depends-on, part-of, relates-to, supersedes, caused-by, used-by). Each `inverse` is how",
        "an edge reads from its target page; edit the labels to read well in your wiki.",
        "",
    ]
    return "\n".join(lines)


def types_to_declare(
    used: Mapping[str, int], vocabulary: Vocabulary
) -> tuple[list[TypePlan], list[tuple[str, str, int]]]:
    """A plan for every used type the vocabulary lacks, most used first; and the used names
    that are typos of a known type, (name, meant, edges), left for the user to correct:
    declaring ``depnds-on`` would turn the typo into a type and silence the lint."""
    suggester = vocabulary.suggester()
    plans, typos = [], []
    for name, count in sorted(used.items(), key=lambda item: (-item[1], item[0])):
        if name in vocabulary:
            continue
        plan = plan_type(name, count)
        # A name init knows (a spelling, a related_to, a common verb) is a dialect's word;
        # one it knows nothing of that reads like a known type is a typo of it.
        meant = suggester.hint(name).suggestion if plan.placeholder else None
        if meant is not None and compact(meant) != compact(name):
            typos.append((name, meant, count))
        else:
            plans.append(plan)
    return plans, typos

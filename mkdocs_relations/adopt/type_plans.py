"""Which types an adopted wiki declares, and how: ``init``'s plan for wiki-config.md.

A type the vocabulary lacks is declared with what its name says: a spelling of a canonical
type is declared as that type with ``spellings:``, a name that reads both ways is symmetric,
a relation word gets the inverse label a person would write (relation_words.py, else
inverse_words.py), and anything else no inverse: the panel reads the type and its
direction in plain words. A name that reads like a typo of a known type is not declared at
all: the lint then points at each edge.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace

from ..frontmatter.dialect_fields import DEFAULT_FIELD
from ..model.suggest import compact, words
from ..model.vocabulary import CANONICAL, TYPE_NAME, Vocabulary, label_of
from .inverse_words import NOUNS_TOO, base_of_third, inverse_label, noun
from .relation_words import COMMON_INVERSES, NOUN_INVERSES, SECOND_INVERSES

#: Names that read the same from both ends.
_SYMMETRIC = re.compile(
    r"^(relate[sd]?( to| with)?|related|see also|similar( to)?|sibling( of)?|peer( of)?|"
    r"contradicts|conflicts( with)?|same as|equivalent( to)?|alternative( to)?|"
    r"(\w+ )?with|compare[sd]?( to| with)?|linked( to)?|connected( to)?|associated( with)?|"
    r"same|siblings)$"
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
    #: Other names the pages write for this type (``Depends On``, ``dependsOn``).
    spellings: tuple[str, ...] = ()
    #: Why the inverse label needs a look, when init is unsure of it.
    review: str | None = None
    #: The type this one states from the other end (``depended-on-by`` of ``depends-on``).
    mirrors: str | None = None

    @property
    def placeholder(self) -> bool:
        """An inverse label init could not name: none is written, and the target's panel
        reads the type with its direction ("linked as foundation from")."""
        return not self.symmetric and not self.inverse

    @property
    def said(self) -> str:
        """How init's report names it: ``depends-on (14, written depends_on)``."""
        written = f", written {', '.join(self.spellings)}" if self.spellings else ""
        return f"{self.name} ({self.edges}{written})"

    def yaml(self) -> list[str]:
        lines = [f"  - name: {yaml_str(self.name)}"]
        if self.symmetric:
            lines.append("    symmetric: true")
        elif self.inverse:
            lines.append(f"    inverse: {yaml_str(self.inverse)}")
        for flag in ("acyclic", "transitive"):
            if getattr(self, flag):
                lines.append(f"    {flag}: true")
        if self.spellings:
            lines.append(f"    spellings: [{', '.join(yaml_str(s) for s in self.spellings)}]")
        notes = [f"{self.edges} edge{'s' if self.edges != 1 else ''}"] if self.edges else []
        if self.spelling_of and self.spelling_of != self.name:
            notes.append(f"spells the canonical {self.spelling_of}")
        if self.mirrors:
            notes.append(f"{self.mirrors} stated from the other end: each pair shows once")
        if self.placeholder:
            notes.append("no inverse label yet: add one saying how it reads on the target page")
        elif self.review:
            notes.append(f"check the inverse: {self.review}")
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
    # "is based on", "was derived from": the table knows them without the auxiliary.
    bare = re.sub(r"^(is|was) ", "", spoken)
    inverse = next(
        (t.get(n) for n in (spoken, bare) for t in (COMMON_INVERSES, NOUN_INVERSES) if n in t),
        None,
    )
    if inverse is not None:
        return TypePlan(name, edges, inverse)
    guessed = inverse_label(words(name))
    if guessed is not None:
        label, sure = guessed
        return TypePlan(name, edges, label, review=None if sure else "a guess from its words")
    return TypePlan(name, edges, "")


def relation_like(name: str) -> bool:
    """Whether a frontmatter key reads as a relation (``supports``, ``part-of``) rather than a
    noun (``domains``), so that ``init`` may read the links under it as typed ones."""
    if compact(name) in {compact(t.name) for t in CANONICAL}:
        return True
    spoken = words(name)
    if len(spoken) == 1 and (
        base_of_third(spoken[0]) in NOUNS_TOO
        or spoken[0] in NOUN_INVERSES
        or (spoken[0] not in COMMON_INVERSES and noun(spoken[0]) is not None)
    ):
        return False
    plan = plan_type(name, 0)
    return plan.symmetric or (not plan.placeholder and plan.review is None)


def unnamed_note(plans: Sequence[TypePlan], shown: str) -> str | None:
    """The one line saying which types init wrote no inverse label for, and how to name one."""
    unnamed = [plan.name for plan in plans if plan.placeholder]
    if not unnamed:
        return None
    return (
        f"note: no inverse label for {', '.join(unnamed)}: the target's panel reads 'linked as "
        f"{label_of(unnamed[0])} from'; to name it, add `inverse: <how it reads on the target "
        f"page>` to {'each' if len(unnamed) > 1 else 'it'} in {shown}"
    )


def yaml_str(text: str) -> str:
    # JSON strings are YAML; quote only when a plain scalar would read differently.
    # No space at the end: YAML drops it from a plain scalar ("trail " would read "trail").
    if re.fullmatch(r"[A-Za-z](?:[A-Za-z0-9 _.-]*[A-Za-z0-9_.-])?", text) and (
        text.lower() not in _YAML_WORDS
    ):
        return text
    return json.dumps(text, ensure_ascii=False)


_YAML_WORDS = {"yes", "no", "on", "off", "true", "false", "null", "y", "n", "~"}


def wiki_config_md(
    field_name: str, types: list[TypePlan], dialect: Sequence[str] | None = None
) -> str:
    """The text of a new wiki-config.md declaring the field (or the whole ``dialect``, as
    wiki-config.md lines) and the types."""
    lines = ["---", "# Written by mkdocs-relations init from the types this wiki uses."]
    if field_name != DEFAULT_FIELD and not any(
        line.startswith("relationship_field:") for line in dialect or ()
    ):
        lines.append(f"relationship_field: {yaml_str(field_name)}")
    lines.extend(dialect or ())
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
    declaring ``depnds-on`` would turn the typo into a type and silence the lint.

    Spellings of one name (``depends_on``, ``DEPENDS-ON``, ``dependsOn``) are one type: the
    known one, or the most used spelling, with the others as its ``spellings``; a name that
    cannot be a type (``Depends On``, ``x:y``) is declared as one that can, spelt as written.
    No plan takes an inverse label another type has: one label must name one relation.
    """
    suggester = vocabulary.suggester()
    known = {compact(name): name for name in reversed(list(vocabulary))}
    groups: dict[str, list[tuple[str, int]]] = {}
    for name, count in sorted(used.items(), key=lambda item: (-item[1], item[0])):
        if name in vocabulary or name in vocabulary.spelled:
            continue
        groups.setdefault(compact(name) or name, []).append((name, count))
    plans, typos = [], []
    for key, names in groups.items():
        total = sum(count for _, count in names)
        same = known.get(key)
        if same is not None:
            # depends_on, dependsOn: the known type written another way, read as it (a type
            # of its own would need an inverse label of its own: "used by (depends on)").
            kind = vocabulary[same]
            plans.append(
                TypePlan(
                    same, total, kind.inverse, kind.symmetric, kind.acyclic, kind.transitive,
                    spellings=tuple(name for name, _ in names),
                )
            )  # fmt: skip
            continue
        valid = [name for name, _ in names if TYPE_NAME.match(name)]
        declared = valid[0] if valid else _type_name(names[0][0])
        if not declared:
            continue  # no letter or digit to name it by: the lint reports each edge
        plan = plan_type(declared, total)
        spellings = tuple(name for name, _ in names if name != declared)
        if len(names) == 1 and not spellings:
            # A name init knows (a spelling, a related_to, a common verb) is a dialect's word;
            # one it knows nothing of that reads like a known type is a typo of it.
            meant = suggester.hint(declared).suggestion if plan.placeholder else None
            if meant is not None and compact(meant) != compact(declared):
                typos.append((declared, meant, total))
                continue
        plans.append(replace(plan, spellings=spellings))
    return _distinct_labels(_mirrored(plans, vocabulary), vocabulary), typos


def _type_name(written: str) -> str:
    """A name that can be a type for one that cannot: ``Depends On`` -> ``depends-on``."""
    return re.sub(r"[^a-z0-9_.]+", "-", "-".join(words(written))).strip("-._")


def _mirrored(plans: list[TypePlan], vocabulary: Vocabulary) -> list[TypePlan]:
    """A type stored from the other end (``depended-on-by`` beside ``depends-on``) is declared
    as that type's inverse, so the panels show each mirrored pair once."""
    others = {t.name: (t.label, t.inverse) for t in vocabulary.values() if not t.symmetric}
    others |= {p.name: (label_of(p.name), p.inverse) for p in plans if not p.symmetric}
    result = []
    for plan in plans:
        if plan.symmetric or plan.spelling_of or plan.name in vocabulary:
            result.append(plan)  # a known type keeps its inverse
            continue
        label = label_of(plan.name).casefold()
        mirror = next(
            (
                name
                for name, (other_label, other_inverse) in others.items()
                if name != plan.name
                and (
                    other_inverse.casefold() == label
                    or other_label.casefold() == plan.inverse.casefold()
                )
            ),
            None,
        )
        if mirror is not None:
            plan = replace(plan, inverse=others[mirror][0], mirrors=mirror, review=None)
        result.append(plan)
    return result


def _distinct_labels(plans: list[TypePlan], vocabulary: Vocabulary) -> list[TypePlan]:
    """No two types share an inverse label: "Used by" would list two relations as one, and
    ``follow: [used by]`` could only follow one of them. A taken label gives way to its
    second choice ("in use by"), else to none: the panel then names the type and its
    direction, never a label with the type's name stuck on ("used by (uses)")."""
    taken = {t.inverse.casefold(): t.name for t in vocabulary.values() if not t.symmetric}
    result = []
    for plan in plans:
        owner = taken.get(plan.inverse.casefold())
        if not plan.symmetric and plan.inverse and owner is not None and owner != plan.name:
            second = SECOND_INVERSES.get(plan.inverse.casefold(), "")
            if second.casefold() in taken:
                second = ""
            plan = replace(
                plan,
                inverse=second,
                review=f"{plan.inverse!r} is {owner}'s inverse already" if second else None,
                mirrors=None,
            )
        if not plan.symmetric and plan.inverse:
            taken.setdefault(plan.inverse.casefold(), plan.name)
        result.append(plan)
    return result

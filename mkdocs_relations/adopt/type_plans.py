"""Which types an adopted wiki declares, and how: ``init``'s plan for wiki-config.md.

A type the vocabulary lacks is declared with what its name says: a spelling of a canonical
type gets that type's properties, a name that reads both ways is symmetric, a common verb
gets its inverse label, and anything else a placeholder to reword. A name that reads like a
typo of a known type is not declared at all: the lint then points at each edge.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace

from ..frontmatter.dialect_fields import DEFAULT_FIELD
from ..model.diagnostics import plural
from ..model.suggest import compact, words
from ..model.vocabulary import CANONICAL, TYPE_NAME, Vocabulary, label_of
from .inverse_words import (
    NOUNS_TOO,
    VERBS,
    base_of_participle,
    base_of_third,
    implied_preposition,
    inverse_label,
    noun,
)

#: Inverse labels the morphology (inverse_words.py) would get wrong, by the type's words.
COMMON_INVERSES: dict[str, str] = {
    "derived from": "source of",
    "contains": "contained in",
    "authored by": "author of",
    "belongs to": "has member",
    "parent of": "child of",
    "child of": "parent of",
    "based on": "basis for",
    "created by": "creator of",
    "precedes": "follows",
    "follows": "precedes",
    "influences": "influenced by",
    "traces to": "traced from",
    "includes": "included in",
    # Obsidian's Breadcrumbs keys: a hierarchy and a sequence.
    "up": "down",
    "down": "up",
    "parent": "child",
    "child": "parent",
    "children": "parent",
    "next": "previous",
    "prev": "next",
    "previous": "next",
    # Nouns and verbs whose reading from the target no rule of morphology gets right.
    "successor of": "predecessor of",
    "predecessor of": "successor of",
    "applies to": "subject to",
    "applies in": "scope of",
    "participates in": "has participant",
    "leads to": "follows from",
    "reports to": "manages",
    "attributed to": "credited with",
    "results in": "results from",
    "runs on": "hosts",
    "works at": "employs",
    "works for": "employs",
    "located in": "location of",
    "lives in": "home of",
    "appears in": "features",
    "derives from": "source of",
    "inherits from": "inherited by",
    "imports from": "imported by",
    "learns from": "teaches",
    "is a": "has subtype",
    "kind of": "has kind",
    "type of": "has type",
    "subclass of": "superclass of",
    "superclass of": "subclass of",
    "requires": "required by",
    "enables": "enabled by",
    "blocked by": "blocks",
    "mentions": "mentioned in",
    "mentioned in": "mentions",
    "cites": "cited by",
    "quotes": "quoted in",
    "opposite": "opposite of",
    "replaced by": "replaces",
    "superseded by": "supersedes",
    "member of": "has member",
}

#: Inverse labels of nouns (and words as often nouns as verbs): a key of this name holds
#: typed links only where its values are wikilinks (``relation_like``).
NOUN_INVERSES: dict[str, str] = {
    "successor": "predecessor",
    "broader": "narrower",
    "narrower": "broader",
    "parents": "child",
    "about": "subject of",
    "prereq": "prerequisite of",
    "prereqs": "prerequisite of",
    "predecessor": "successor",
    "redirect": "redirected from",
    "redirects": "redirected from",
    "benefits": "benefits from",
    "benefit": "benefits from",
    "features": "featured in",
    "author": "author of",
    "authors": "author of",
    "creator": "creator of",
    "owner": "owner of",
    "owners": "owner of",
    "cause": "cause of",
    "causes": "caused by",
    "effect": "effect of",
    "effects": "effect of",
    "source": "source of",
    "sources": "source of",
    "prerequisite": "prerequisite of",
    "prerequisites": "prerequisite of",
    "example": "example of",
    "examples": "example of",
    "alternative": "alternative to",
    "replacement": "replaces",
    "member": "member of",
    "members": "member of",
    "topic": "topic of",
    "topics": "topic of",
    "needs": "needed by",
    "blocks": "blocked by",
}

#: Second choices, when the first is another type's inverse already ("used by" is
#: depends-on's): a reader must never see two headings that say the same.
SECOND_INVERSES: dict[str, str] = {
    "used by": "in use by",
    "source of": "origin of",
    "uses": "makes use of",
    "has part": "includes",
    "superseded by": "replaced by",
    "causes": "leads to",
    "caused by": "results from",
    "contained in": "inside",
    "included in": "listed in",
    "author of": "wrote",
    "required by": "needed by",
}


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


@dataclass(frozen=True)
class SpellingOffer:
    """Types that look like spellings of one relation (``related``, ``relates``,
    ``related_to``), offered for merging into ``into``: never merged without the author."""

    into: str
    #: Edges of ``into``, and the spellings it has already.
    edges: int
    kept: tuple[str, ...]
    #: (type, edges, the other names pages write for it) of every type to merge, most used
    #: first.
    others: tuple[tuple[str, int, tuple[str, ...]], ...]
    #: ``into``'s inverse label and flags (symmetric, acyclic, transitive).
    kind: tuple[str, bool, bool, bool]

    @property
    def spellings(self) -> tuple[str, ...]:
        """What ``into``'s ``spellings:`` lists once merged."""
        names = [*self.kept]
        for name, _, written in self.others:
            names += [spelt for spelt in (name, *written) if spelt not in names]
        return tuple(names)

    def line(self, shown: str) -> str:
        members = [(self.into, self.edges, self.kept)] if self.edges else []
        listed = ", ".join(
            f"{name} ({plural(edges, 'edge')}{', also written ' if written else ''}"
            f"{', '.join(written)})"
            for name, edges, written in [*members, *self.others]
        )
        spellings = f"spellings: [{', '.join(yaml_str(s) for s in self.spellings)}]"
        entry = ", ".join([f"name: {yaml_str(self.into)}", *self.properties, spellings])
        said = f"{len(self.others) + 1} spellings of {self.into}: {listed}"
        if len(self.others) == 1 and not members:
            said = f"{listed} reads like another spelling of {self.into}"
        return (
            f"note: {said}; declared apart, not merged: to read them as one type, give "
            f"{self.into} `{spellings}` in {shown} (its entry there, or a new one: "
            f"`- {{{entry}}}`) and drop their entries"
        )

    @property
    def properties(self) -> tuple[str, ...]:
        """``into``'s properties as an entry of wiki-config.md states them."""
        plan = TypePlan(self.into, 0, *self.kind)
        return tuple(line.strip() for line in plan.yaml()[1:])


_SAFE_PREPOSITIONS = frozenset(("to", "with", "on", "upon", "in", "into", "from", "at", "for"))


def relation_key(name: str) -> tuple[str, tuple[str, ...], str, str] | None:
    """What a name says, spelling aside: (verb or noun, other words, preposition, voice);
    ``relates``, ``related`` and ``relates_to`` share the verb. None where the name starts
    with no verb or noun init knows: nothing to compare."""
    spoken = words(name)
    if spoken[:1] == ("is",) and len(spoken) > 1:
        spoken = spoken[1:]
    if not spoken:
        return None
    voice = ""
    if len(spoken) > 1 and spoken[-1] in ("by", "of"):
        voice, spoken = spoken[-1], spoken[:-1]
    first, rest = spoken[0], spoken[1:]
    participle_of = base_of_participle(first)
    lemma = base_of_third(first) or (participle_of[0] if participle_of else None)
    if lemma is None and first in VERBS:
        lemma = first
    if lemma is None:
        lemma = noun(first)
    if lemma is None:
        return None
    preposition = rest[-1] if rest and rest[-1] in _SAFE_PREPOSITIONS else ""
    middle = rest[:-1] if preposition else rest
    return lemma, middle, preposition, voice


def spelling_offers(
    used: Mapping[str, int], vocabulary: Vocabulary, plans: Sequence[TypePlan]
) -> list[SpellingOffer]:
    """Declared or used types whose names say one relation in other words, grouped with the
    known type they may spell, or with the most used one: what ``init`` offers to merge."""
    types: dict[str, tuple[int, tuple[str, ...], bool]] = {}
    for name, kind in vocabulary.items():
        types[name] = (used.get(name, 0), kind.spellings, kind.symmetric)
    for plan in plans:
        before = types.get(plan.name, (0, (), plan.symmetric))[0]
        types[plan.name] = (before + plan.edges, plan.spellings, plan.symmetric)
    groups: dict[tuple[object, ...], list[str]] = {}
    prepositions: dict[tuple[object, ...], set[str]] = {}
    keys = {}
    for name in types:
        key = relation_key(name)
        if key is None:
            continue
        keys[name] = key
        head = (key[0], key[1], key[3])
        if key[2]:
            prepositions.setdefault(head, set()).add(key[2])
    for name, (lemma, middle, preposition, voice) in keys.items():
        head = (lemma, middle, voice)
        known = prepositions.get(head, set())
        symmetric = all(types[n][2] for n, k in keys.items() if (k[0], k[1], k[3]) == head)
        if symmetric:
            preposition = ""  # relates to, relates with: both ways the same
        elif not preposition and known == {implied_preposition(lemma)}:
            preposition = next(iter(known))  # "depends" is "depends on"
        groups.setdefault((*head, preposition), []).append(name)
    offers = []
    for names in groups.values():
        if len(names) < 2 or not any(types[name][0] for name in names):
            continue
        ordered = sorted(names, key=lambda n: (n not in vocabulary, -types[n][0], n))
        into = next((n for n in ordered if n in vocabulary and vocabulary[n].origin == "canonical"),
                    ordered[0])  # fmt: skip
        others = sorted(
            ((n, types[n][0], types[n][1]) for n in names if n != into and types[n][0]),
            key=lambda item: (-item[1], item[0]),
        )
        if others:
            same = vocabulary.get(into)
            properties = (
                (same.inverse, same.symmetric, same.acyclic, same.transitive)
                if same is not None
                else next(
                    (p.inverse, p.symmetric, p.acyclic, p.transitive)
                    for p in plans
                    if p.name == into
                )
            )
            offers.append(
                SpellingOffer(into, types[into][0], types[into][1], tuple(others), properties)
            )
    return offers

"""Spellings of one relation in other words (``related``, ``relates``, ``related_to`` beside
``relates-to``), found for ``init`` to offer for merging with their counts: it never merges
them itself, and a second run offers the same.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from ..model.diagnostics import plural
from ..model.suggest import words
from ..model.vocabulary import Vocabulary
from .inverse_words import (
    VERBS,
    base_of_participle,
    base_of_third,
    implied_preposition,
    noun,
)
from .type_plans import TypePlan, yaml_str


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
